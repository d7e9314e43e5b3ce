"""Copy_Traits of CuTe 4.2 (copy_traits.hpp, copy_traits_sm50/75/80/90.hpp) as data.

Fixed operations store (arch, ThrID, SrcLayout, DstLayout, RefLayout) in bits, CuTe print syntax.
Templated operations (UniversalCopy<S,D>, cp.async<S,D>, AutoVectorizingCopyWithAssumedAlignment<N>) are
formulas of their template arguments, in copy_catalog.py.
"""

# SM75 ldmatrix traits (copy_traits_sm75.hpp), bit layouts
_LDSM = {
    "SM75_U32x1_LDSM_N": ("((_8,_4),_128):((_128,_0),_1)", "(_32,_32):(_32,_1)"),
    "SM75_U32x2_LDSM_N": ("((_16,_2),_128):((_128,_0),_1)", "(_32,(_32,_2)):(_32,(_1,_1024))"),
    "SM75_U32x4_LDSM_N": ("(_32,_128):(_128,_1)", "(_32,(_32,_4)):(_32,(_1,_1024))"),
    "SM75_U16x2_LDSM_T": ("((_8,_4),_128):((_128,_0),_1)", "((_4,_8),(_16,_2)):((_256,_16),(_1,_128))"),
    "SM75_U16x4_LDSM_T": ("((_16,_2),_128):((_128,_0),_1)", "((_4,_8),(_16,_2,_2)):((_256,_16),(_1,_128,_1024))"),
    "SM75_U16x8_LDSM_T": ("(_32,_128):(_128,_1)", "((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024))"),
}

# name: (arch, ThrID, SrcLayout, DstLayout, RefLayout)
COPY_TRAITS = {}
for _n, (_src, _dst) in _LDSM.items():
    # ldmatrix: RefLayout = DstLayout
    COPY_TRAITS[_n] = ("SM75", "_32:_1", _src, _dst, _dst)
COPY_TRAITS["SM75_U32x1_MOVM_T"] = ("SM75", "_32:_1", "(_32,_32):(_32,_1)", "(_32,_32):(_32,_1)", "(_32,_32):(_32,_1)")
for _n, (_src, _dst) in _LDSM.items():
    # stmatrix (copy_traits_sm90.hpp): Src = ldmatrix Dst, Dst = ldmatrix Src, RefLayout = SrcLayout
    _s = _n.replace("SM75_", "SM90_").replace("LDSM", "STSM")
    COPY_TRAITS[_s] = ("SM90", "_32:_1", _dst, _src, _dst)
COPY_TRAITS["SM50_Shuffle_U32_2x2Trans_XOR1"] = (
    "SM50",
    "_32:_1",
    "(_32,_64):(_64,_1)",
    "((_2,_16),(_32,_2)):((_32,_128),(_1,_64))",
    "(_32,_64):(_64,_1)",
)
COPY_TRAITS["SM50_Shuffle_U32_2x2Trans_XOR4"] = (
    "SM50",
    "_32:_1",
    "(_32,_64):(_64,_1)",
    "((_4,_2,_4),(_32,_2)):((_64,_32,_512),(_1,_256))",
    "(_32,_64):(_64,_1)",
)

# templated one-thread copies: name -> (arch, kind); kind "SD" = <S[,D]> type arguments, "ALIGN" = <bits>
TEMPLATED = {
    "UniversalCopy": ("any", "SD"),
    "SM80_CP_ASYNC_CACHEALWAYS": ("SM80", "SD"),
    "SM80_CP_ASYNC_CACHEGLOBAL": ("SM80", "SD"),
    "SM80_CP_ASYNC_CACHEALWAYS_ZFILL": ("SM80", "SD"),
    "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL": ("SM80", "SD"),
    "AutoVectorizingCopyWithAssumedAlignment": ("any", "ALIGN"),
}

# non-template aliases of CuTe (arch/copy.hpp)
ALIASES = {
    "DefaultCopy": "AutoVectorizingCopyWithAssumedAlignment<8>",
    "AutoVectorizingCopy": "AutoVectorizingCopyWithAssumedAlignment<128>",
}
