"""SM100 UMMA (tcgen05.mma) MMA atoms and SM100's vector FMAs, generated from CuTe's formula (cute/arch/mma_sm100_umma.hpp,
cute/atom/mma_traits_sm100.hpp).

Every family is one row of data: its template parameters, K (the instruction's K: 256 bits of A, or a fixed
32/64), 1 or 2 SMs, the static_asserts of the operation (arch) and of its traits, in the order a compiler meets
them. The atom's layouts follow from M, N, K and the SM count::

    1SM: ThrID _1:_0   A (_1,(M,K)):(_0,(_1,M))            C (_1,(M,N)):(_0,(_1,M))
    2SM: ThrID _2:_1   A (_2,(M/2,K)):(M/2,(_1,M))         C (_2,(M/2,N)):(M/2,(_1,M))

Names are CuTe's C++ spelling; majors, negations and saturation may be written short (K, MN, Neg, True) or in
full (UMMA::Major::K).  Trailing defaulted arguments (ScaleIn::One, Saturate::False) may be left out::

    SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>
    SM100_MMA_TF32_2x1SM_TS<tfloat32_t,tfloat32_t,float,256,128,K,MN>
    SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,256,32,K,K>
    SM100_MMA_F8F6F4_SS<float_e4m3_t,float_e4m3_t,float,128,256,K,K>      (CuTe: MMA_Traits<SM100_MMA_F8F6F4_SS,...>)
"""

from __future__ import annotations

from cutedump.algebra import C, make_layout
from cutedump.atoms.mma_catalog.traits import MMATraits, split_template
from cutedump.atoms.types import canonical_type, cpp_type, value_type_bits
from cutedump.errors import CuteDumpError
from cutedump.versions import CUTLASS_FACTS, CUTLASS_ONLY, CUTLASS_RELEASES, cutlass, cutlass_fact, require_cutlass

ARCH = "SM100 UMMA"

# ------------------------------------------------------------------ static_assert builders (CuTe's wording)

_CONT = " " * 17  # a string literal continued with a backslash-newline keeps the next line's indentation


def _m1(p):
    return (lambda s: s.M in (64, 128), f"{p} M-mode size should be 64 or 128 for 1 CTA cluster MMA.")


def _m1_128(p, text="128"):
    return (lambda s: s.M == 128, f"{p} M-mode size should be {text} for 1 CTA cluster MMA.")


def _m2(p, text="128 or 256 for 2 CTA cluster MMA."):
    return (lambda s: s.M in (128, 256), f"{p} M-mode size should be {text}")


def _m2_256(p, text):
    return (lambda s: s.M == 256, f"{p} M-mode size should be {text}")


def _nmul(p, q):
    return (
        lambda s: s.N % q == 0 and q <= s.N <= 256,
        f"{p} N-mode size should be a multiple of {q} between {q} and 256.",
    )


def _n_ts(p):
    return (
        lambda s: (
            (s.M == 64 and s.N % 8 == 0 and 8 <= s.N <= 256) or (s.M == 128 and s.N % 16 == 0 and 16 <= s.N <= 256)
        ),
        f"{p} N-mode size should be a multiple of 8 between 8 and 256 for M=64,{_CONT}"
        "or a multiple of 16 between 16 and 256 for M=128.",
    )


def _n_s8(p):
    return (
        lambda s: s.N == 8 or (s.N % 16 == 0 and 16 <= s.N <= 256),
        f"{p} N-mode size should be 8 or a multiple of 16 between 16 and 256.",
    )


def _n_bmajor(p, qk, qmn):
    return (
        lambda s: (
            (s.b_major == 0 and s.N % qk == 0 and qk <= s.N <= 256)
            or (s.b_major == 1 and s.N % qmn == 0 and qmn <= s.N <= 256)
        ),
        f"{p} N-mode size should be a multiple of {qk} between {qk} and 256 when B is K major. {_CONT}"
        f"{p} N-mode size should be a multiple of {qmn} between {qmn} and 256 when B is MN major.",
    )


def _ak(p):
    return (lambda s: s.a_major == 0, f"{p} A from TMEM can't be transposed")


def _bk_smem(p):
    return (lambda s: s.b_major == 0, f"{p} B from SMEM requires non-transpose")


def _c_s32(p):
    return (lambda s: s.types[2] == "int32_t", f"{p} result type can only be int32_t.")


def _vs(p, a, b):
    return (lambda s: s.VS in (a, b), f"{p} Vector size can only be {a} or {b}.")


def _bits_eq(p, bits):
    return (
        lambda s: value_type_bits(s.types[0]) == value_type_bits(s.types[1]) == bits,
        f"{p} supports {bits}bit types",
    )


def _bits_le8(p):
    return (
        lambda s: value_type_bits(s.types[0]) <= 8 and value_type_bits(s.types[1]) <= 8,
        f"{p} supports types with leq 8bit types",
    )


def _bits_4(p):
    return (lambda s: value_type_bits(s.types[0]) == 4 and value_type_bits(s.types[1]) == 4, f"{p} supports 4bit types")


_F4 = ("float_e2m1_t", "type_erased_dynamic_float4_t")


def _vs32_types(_p, one=16, two=32):
    return (
        lambda s: (
            s.VS == one or (s.VS == two and s.types[0] in _F4 and s.types[1] in _F4 and s.types[3] == "float_ue8m0_t")
        ),
        f"2x mode (VectorSize={two}) only supports a_type and b_type=float_e2m1_t or "
        "cutlass::type_erased_dynamic_float4_t and sf_type=ue8m0_t",
    )


def _sizeof(nbytes):
    # static_assert(sizeof(a_type) == n) has no message: g++ says "static assertion failed"
    return (
        lambda s: (value_type_bits(s.types[0]) + 7) // 8 == nbytes,
        f"static assertion failed: sizeof(a_type) == {nbytes}",
    )


# ------------------------------------------------------------------ the families


class UmmaFamily:
    base: str  # e.g. SM100_MMA_F16BF16_2x1SM_TS
    kind: str  # tf32 | f16 | i8 | f8f6f4 | mxf8f6f4 | mxf4
    nsm: int  # 1 or 2 (the _2x1SM_ forms)
    src: str  # SS (A from smem descriptors) or TS (A from TMEM)
    params: tuple  # template parameters after the types: M N [VS] amaj bmaj [scaleC] [aneg bneg] [csat]
    nreq: int  # how many of params are required (the rest have defaults)
    k: int  # the instruction's K in elements (0: 256 / sizeof_bits<A>)
    checks: tuple  # static_asserts (predicate, message), in compile order
    negs_in_desc: bool = True  # the traits pass a_neg/b_neg to make_instr_desc (S8_TS passes One, One)
    sat_in_desc: bool = False  # the traits pass c_sat
    traits_form: bool = False  # CuTe spells it MMA_Traits<SM100_MMA_F8F6F4_SS, a, b, c, C<M>, C<N>, ...>
    sparse: bool = False  # _SPARSE: A is 2:1 structured-sparse, K doubles, idesc sparse_flag = 1

    def __init__(
        self,
        base,
        kind,
        nsm,
        src,
        params,
        nreq,
        k,
        checks,
        negs_in_desc=True,
        sat_in_desc=False,
        traits_form=False,
        sparse=False,
    ):
        _set = object.__setattr__  # frozen: assigned once, here
        _set(self, "base", base)
        _set(self, "kind", kind)
        _set(self, "nsm", nsm)
        _set(self, "src", src)
        _set(self, "params", params)
        _set(self, "nreq", nreq)
        _set(self, "k", k)
        _set(self, "checks", checks)
        _set(self, "negs_in_desc", negs_in_desc)
        _set(self, "sat_in_desc", sat_in_desc)
        _set(self, "traits_form", traits_form)
        _set(self, "sparse", sparse)

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(base={self.base!r}, kind={self.kind!r}, nsm={self.nsm!r}, "
            f"src={self.src!r}, params={self.params!r}, nreq={self.nreq!r}, k={self.k!r}, "
            f"checks={self.checks!r}, negs_in_desc={self.negs_in_desc!r}, sat_in_desc={self.sat_in_desc!r}, "
            f"traits_form={self.traits_form!r}, sparse={self.sparse!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.base,
                self.kind,
                self.nsm,
                self.src,
                self.params,
                self.nreq,
                self.k,
                self.checks,
                self.negs_in_desc,
                self.sat_in_desc,
                self.traits_form,
                self.sparse,
            ) == (
                other.base,
                other.kind,
                other.nsm,
                other.src,
                other.params,
                other.nreq,
                other.k,
                other.checks,
                other.negs_in_desc,
                other.sat_in_desc,
                other.traits_form,
                other.sparse,
            )
        return NotImplemented

    def __hash__(self):
        return hash(
            (
                self.base,
                self.kind,
                self.nsm,
                self.src,
                self.params,
                self.nreq,
                self.k,
                self.checks,
                self.negs_in_desc,
                self.sat_in_desc,
                self.traits_form,
                self.sparse,
            )
        )

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}")

    @property
    def block_scaled(self) -> bool:
        return self.kind in ("mxf8f6f4", "mxf4")

    @property
    def ntypes(self) -> int:
        return 4 if self.block_scaled else 0 if self.kind in FIXED_TYPES else 3


#: kinds whose operation has no type parameters: (the traits' ValTypeA, B, C; the types make_instr_desc is given)
FIXED_TYPES = {
    "ctf32": (("complex<tfloat32_t>", "complex<tfloat32_t>", "float"), ("tfloat32_t", "tfloat32_t", "float")),
}
#: operations CUTLASS declares without an MMA_Traits (they cannot make an MMA_Atom): name -> where
NO_TRAITS = {
    "SM100_MMA_TF32_SS_SCALED": "cute/arch/mma_sm100_umma.hpp",
    "SM100_MMA_TF32_2x1SM_SS_SCALED": "cute/arch/mma_sm100_umma.hpp",
}


_SS = ("M", "N", "amaj", "bmaj", "aneg", "bneg")
_TS = ("M", "N", "amaj", "bmaj", "aneg", "bneg", "csat")
_SS_SCALED = ("M", "N", "amaj", "bmaj", "scaleC", "aneg", "bneg")
_TS_SCALED = ("M", "N", "amaj", "bmaj", "scaleC", "aneg", "bneg", "csat")
_S8_SS = ("M", "N", "amaj", "bmaj", "csat")
_MXF4 = ("M", "N", "VS", "amaj", "bmaj", "aneg", "bneg")


def _families() -> list[UmmaFamily]:
    F = []
    for ty, bits in (("TF32", 32), ("F16BF16", 16)):
        kind = "tf32" if ty == "TF32" else "f16"
        p1 = f"SM100_MMA_{ty}"
        b = f"SM100_MMA_{ty}_SS"
        F.append(UmmaFamily(b, kind, 1, "SS", _SS, 4, 0, (_m1(p1), _nmul(p1, 8), _bits_eq(b, bits))))
        b = f"SM100_MMA_{ty}_TS"
        F.append(
            UmmaFamily(b, kind, 1, "TS", _TS, 4, 0, (_m1(p1), _n_ts(p1), _ak(p1), _bits_eq(b, bits)), sat_in_desc=True)
        )
        b = f"SM100_MMA_{ty}_2x1SM_SS"
        F.append(UmmaFamily(b, kind, 2, "SS", _SS, 4, 0, (_m2(b), _nmul(b, 16), _bits_eq(b, bits))))
        b = f"SM100_MMA_{ty}_2x1SM_TS"
        F.append(
            UmmaFamily(b, kind, 2, "TS", _TS, 4, 0, (_m2(b), _nmul(b, 32), _ak(b), _bits_eq(b, bits)), sat_in_desc=True)
        )
    b = "SM100_MMA_F16BF16_SS_SCALED"
    F.append(UmmaFamily(b, "f16", 1, "SS", _SS_SCALED, 5, 0, (_m1(b), _nmul(b, 8), _bits_eq(b, 16))))
    b = "SM100_MMA_F16BF16_TS_SCALED"
    F.append(
        UmmaFamily(b, "f16", 1, "TS", _TS_SCALED, 5, 0, (_m1(b), _n_ts(b), _ak(b), _bits_eq(b, 16)), sat_in_desc=True)
    )
    b = "SM100_MMA_F16BF16_2x1SM_SS_SCALED"
    F.append(UmmaFamily(b, "f16", 2, "SS", _SS_SCALED, 5, 0, (_m2(b), _nmul(b, 16), _bits_eq(b, 16))))
    b = "SM100_MMA_F16BF16_2x1SM_TS_SCALED"
    F.append(
        UmmaFamily(
            b, "f16", 2, "TS", _TS_SCALED, 5, 0, (_m2(b), _nmul(b, 32), _ak(b), _bits_eq(b, 16)), sat_in_desc=True
        )
    )
    # CUTLASS 4.7 only (versions.CUTLASS_ONLY): kind::tf32 with a scaled accumulator, A from TMEM (4.7's
    # SM100_MMA_TF32_SS_SCALED / _2x1SM_SS_SCALED have no MMA_Traits: refused as atoms, NO_TRAITS), and the
    # complex interleaved TF32 (A, B complex<tfloat32_t>, C float: no type parameters; FIXED_TYPES)
    b = "SM100_MMA_TF32_TS_SCALED"
    F.append(
        UmmaFamily(b, "tf32", 1, "TS", _TS_SCALED, 5, 0, (_m1(b), _n_ts(b), _ak(b), _bits_eq(b, 32)), sat_in_desc=True)
    )
    b = "SM100_MMA_TF32_2x1SM_TS_SCALED"
    F.append(
        UmmaFamily(
            b, "tf32", 2, "TS", _TS_SCALED, 5, 0, (_m2(b), _nmul(b, 32), _ak(b), _bits_eq(b, 32)), sat_in_desc=True
        )
    )
    b = "SM100_MMA_TF32_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN"
    F.append(UmmaFamily(b, "ctf32", 1, "TS", _TS, 4, 0, (_m1(b), _n_ts(b), _ak(b), _bk_smem(b)), sat_in_desc=True))
    b = "SM100_MMA_TF32_2x1SM_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN"
    F.append(UmmaFamily(b, "ctf32", 2, "TS", _TS, 4, 0, (_m2(b), _nmul(b, 32), _ak(b), _bk_smem(b)), sat_in_desc=True))
    # integer
    b = "SM100_MMA_S8_SS"
    F.append(
        UmmaFamily(
            b,
            "i8",
            1,
            "SS",
            _S8_SS,
            4,
            0,
            (_c_s32(b), _m1(b), _n_s8(b), _bits_eq(b, 8)),
            negs_in_desc=False,
            sat_in_desc=True,
        )
    )
    b = "SM100_MMA_S8_TS"
    F.append(
        UmmaFamily(
            b,
            "i8",
            1,
            "TS",
            _TS,
            4,
            0,
            (_m1(b), _n_s8(b), _ak(b), _bits_eq(b, 8)),
            negs_in_desc=False,
            sat_in_desc=True,
        )
    )
    b = "SM100_MMA_S8_2x1SM_SS"
    F.append(
        UmmaFamily(
            b, "i8", 2, "SS", _S8_SS, 4, 0, (_m2(b), _nmul(b, 32), _bits_eq(b, 8)), negs_in_desc=False, sat_in_desc=True
        )
    )
    b = "SM100_MMA_S8_2x1SM_TS"
    F.append(UmmaFamily(b, "i8", 2, "TS", _TS, 4, 0, (_m2(b), _nmul(b, 32), _ak(b), _bits_eq(b, 8)), sat_in_desc=True))
    # f8f6f4 (kind::f8f6f4): the SS forms are non-template operations with the arguments on MMA_Traits
    b = "SM100_MMA_F8F6F4_SS"
    F.append(
        UmmaFamily(b, "f8f6f4", 1, "SS", _SS, 4, 32, (_bits_le8(b), _m1(b), _n_bmajor(b, 8, 16)), traits_form=True)
    )
    b = "SM100_MMA_F8F6F4_TS"
    F.append(UmmaFamily(b, "f8f6f4", 1, "TS", _TS, 4, 32, (_m1(b), _n_ts(b), _ak(b), _bits_le8(b)), sat_in_desc=True))
    b = "SM100_MMA_F8F6F4_2x1SM_SS"
    F.append(
        UmmaFamily(
            b,
            "f8f6f4",
            2,
            "SS",
            _SS,
            4,
            32,
            (_bits_le8(b), _m2(b, "64 or 128 for 1 CTA cluster MMA."), _n_bmajor(b, 16, 32)),
            traits_form=True,
        )
    )
    b = "SM100_MMA_F8F6F4_2x1SM_TS"
    F.append(
        UmmaFamily(
            b,
            "f8f6f4",
            2,
            "TS",
            _TS,
            4,
            32,
            (_m2(b, "64 or 128 for 1 CTA cluster MMA."), _nmul(b, 32), _ak(b), _bits_le8(b)),
            sat_in_desc=True,
        )
    )
    # block scaled
    b = "SM100_MMA_MXF8F6F4_SS"
    F.append(UmmaFamily(b, "mxf8f6f4", 1, "SS", _SS, 4, 32, (_m1_128(b, "64 or 128"), _nmul(b, 8), _bits_le8(b))))
    b = "SM100_MMA_MXF8F6F4_2x1SM_SS"
    F.append(
        UmmaFamily(
            b,
            "mxf8f6f4",
            2,
            "SS",
            _SS,
            4,
            32,
            (_m2_256(b, "128 or 256 for 2 CTA cluster MMA."), _nmul(b, 16), _bits_le8(b)),
        )
    )
    b = "SM100_MMA_MXF4_SS"
    F.append(
        UmmaFamily(
            b, "mxf4", 1, "SS", _MXF4, 5, 64, (_m1_128(b), _nmul(b, 8), _vs(b, 16, 32), _bits_4(b), _vs32_types(b))
        )
    )
    b = "SM100_MMA_MXF4_2x1SM_SS"
    F.append(UmmaFamily(b, "mxf4", 2, "SS", _MXF4, 5, 64, (_m2(b), _nmul(b, 16), _vs(b, 16, 32), _bits_4(b))))
    # structured-sparse A (K doubles; the descriptor's sparse_flag is set)
    for ty, bits, nb in (("TF32", 32, 4), ("F16BF16", 16, 2)):
        kind = "tf32" if ty == "TF32" else "f16"
        b = f"SM100_MMA_{ty}_SS_SPARSE"
        F.append(
            UmmaFamily(b, kind, 1, "SS", _SS, 4, 0, (_m1(b), _nmul(b, 8), _sizeof(nb), _bits_eq(b, bits)), sparse=True)
        )
        b = f"SM100_MMA_{ty}_2x1SM_SS_SPARSE"
        F.append(
            UmmaFamily(b, kind, 2, "SS", _SS, 4, 0, (_m2(b), _nmul(b, 16), _sizeof(nb), _bits_eq(b, bits)), sparse=True)
        )
    b = "SM100_MMA_S8_SS_SPARSE"
    F.append(
        UmmaFamily(
            b,
            "i8",
            1,
            "SS",
            _S8_SS,
            4,
            0,
            (_c_s32(b), _m1(b), _n_s8(b), _sizeof(1), _bits_eq(b, 8)),
            negs_in_desc=False,
            sat_in_desc=True,
            sparse=True,
        )
    )
    b = "SM100_MMA_S8_2x1SM_SS_SPARSE"
    F.append(
        UmmaFamily(
            b,
            "i8",
            2,
            "SS",
            _S8_SS,
            4,
            0,
            (_m2("SM100_MMA_S8"), _nmul("SM100_MMA_S8", 32), _sizeof(1), _bits_eq(b, 8)),
            negs_in_desc=False,
            sat_in_desc=True,
            sparse=True,
        )
    )
    b = "SM100_MMA_F8F6F4_SS_SPARSE"
    F.append(UmmaFamily(b, "f8f6f4", 1, "SS", _SS, 4, 64, (_m1(b), _n_ts(b), _sizeof(1), _bits_le8(b)), sparse=True))
    b = "SM100_MMA_F8F6F4_2x1SM_SS_SPARSE"
    F.append(
        UmmaFamily(b, "f8f6f4", 2, "SS", _SS, 4, 64, (_m2(b), _nmul(b, 32), _sizeof(1), _bits_le8(b)), sparse=True)
    )
    b = "SM100_MMA_MXF8F6F4_SS_SPARSE"
    F.append(UmmaFamily(b, "mxf8f6f4", 1, "SS", _SS, 4, 64, (_m1_128(b), _nmul(b, 8), _bits_le8(b)), sparse=True))
    b = "SM100_MMA_MXF8F6F4_2x1SM_SS_SPARSE"
    F.append(
        UmmaFamily(
            b,
            "mxf8f6f4",
            2,
            "SS",
            _SS,
            4,
            64,
            (_m2_256(b, "256 for 2 CTA cluster MMA."), _nmul(b, 16), _sizeof(1), _bits_le8(b)),
            sparse=True,
        )
    )
    b = "SM100_MMA_MXF4NVF4_SS_SPARSE"
    F.append(
        UmmaFamily(
            b,
            "mxf4",
            1,
            "SS",
            _MXF4,
            5,
            128,
            (_m1_128(b), _nmul(b, 8), _bits_4(b), _vs32_types(b, 32, 64)),
            sparse=True,
        )
    )
    b = "SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE"
    F.append(
        UmmaFamily(
            b,
            "mxf4",
            2,
            "SS",
            _MXF4,
            5,
            128,
            (_nmul(b, 16), _vs(b, 32, 64), _bits_4(b), _vs32_types(b, 32, 64)),
            sparse=True,
        )
    )
    return F


_UMMA_BY_BASE: dict = {}


def umma_families() -> dict:
    """base name -> its UmmaFamily (built on the first call)"""
    if not _UMMA_BY_BASE:
        _UMMA_BY_BASE.update((f.base, f) for f in _families())
    v = cutlass()
    if v not in _UMMA_IN:  # the families the CUTLASS answered now has (versions.CUTLASS_ONLY)
        _UMMA_IN[v] = {b: f for b, f in _UMMA_BY_BASE.items() if v in CUTLASS_ONLY.get(b, (v,))}
    return _UMMA_IN[v]


_UMMA_IN: dict = {}


def common_families() -> list[UmmaFamily]:
    """The families every CUTLASS version has (the oracle batches both versions answer iterate these)."""
    return [f for f in umma_families().values() if f.base not in CUTLASS_ONLY]


# ------------------------------------------------------------------ one atom

_MAJORS = {"K": 0, "MN": 1}
_SCALE_IN = {"One": 0, "Neg": 1}
_SATURATE = {"False": 0, "True": 1}


class UmmaSpec:
    family: UmmaFamily
    types: tuple  # (a, b, c) or (a, b, c, sf)
    M: int
    N: int
    a_major: int
    b_major: int
    a_neg: int = 0
    b_neg: int = 0
    c_sat: int = 0
    VS: int = 0
    scaleC: int | None = None

    def __init__(self, family, types, M, N, a_major, b_major, a_neg=0, b_neg=0, c_sat=0, VS=0, scaleC=None):
        _set = object.__setattr__  # frozen: assigned once, here
        _set(self, "family", family)
        _set(self, "types", types)
        _set(self, "M", M)
        _set(self, "N", N)
        _set(self, "a_major", a_major)
        _set(self, "b_major", b_major)
        _set(self, "a_neg", a_neg)
        _set(self, "b_neg", b_neg)
        _set(self, "c_sat", c_sat)
        _set(self, "VS", VS)
        _set(self, "scaleC", scaleC)

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(family={self.family!r}, types={self.types!r}, M={self.M!r}, "
            f"N={self.N!r}, a_major={self.a_major!r}, b_major={self.b_major!r}, a_neg={self.a_neg!r}, "
            f"b_neg={self.b_neg!r}, c_sat={self.c_sat!r}, VS={self.VS!r}, scaleC={self.scaleC!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.family,
                self.types,
                self.M,
                self.N,
                self.a_major,
                self.b_major,
                self.a_neg,
                self.b_neg,
                self.c_sat,
                self.VS,
                self.scaleC,
            ) == (
                other.family,
                other.types,
                other.M,
                other.N,
                other.a_major,
                other.b_major,
                other.a_neg,
                other.b_neg,
                other.c_sat,
                other.VS,
                other.scaleC,
            )
        return NotImplemented

    def __hash__(self):
        return hash(
            (
                self.family,
                self.types,
                self.M,
                self.N,
                self.a_major,
                self.b_major,
                self.a_neg,
                self.b_neg,
                self.c_sat,
                self.VS,
                self.scaleC,
            )
        )

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}")

    @property
    def K(self) -> int:
        return self.family.k or (512 if self.family.sparse else 256) // value_type_bits(self.types[0])

    def _args(self, full: bool) -> list[str]:
        """The template arguments; ``full``: C++ spelling (UMMA:: enums), else short."""
        out = [cpp_type(t) if full else t for t in self.types][: self.family.ntypes]
        for p in self.family.params:
            out.append(self._arg(p, full))
        # drop trailing defaulted arguments
        nfixed = self.family.ntypes + self.family.nreq
        while len(out) > nfixed and out[-1] in ("UMMA::ScaleIn::One", "One", "UMMA::Saturate::False", "False"):
            out.pop()
        return out

    def _arg(self, p: str, full: bool) -> str:
        if p == "M":
            return str(self.M)
        if p == "N":
            return str(self.N)
        if p == "VS":
            return str(self.VS)
        if p == "scaleC":
            return str(self.scaleC)
        if p in ("amaj", "bmaj"):
            v = "K" if (self.a_major if p == "amaj" else self.b_major) == 0 else "MN"
            return f"UMMA::Major::{v}" if full else v
        if p in ("aneg", "bneg"):
            v = "Neg" if (self.a_neg if p == "aneg" else self.b_neg) else "One"
            return f"UMMA::ScaleIn::{v}" if full else v
        if p == "csat":
            v = "True" if self.c_sat else "False"
            return f"UMMA::Saturate::{v}" if full else v
        raise AssertionError(p)

    @property
    def name(self) -> str:
        return f"{self.family.base}<{','.join(self._args(False))}>"

    @property
    def cpp(self) -> str:
        """C++ spelling of the operation (for F8F6F4_SS: of its MMA_Traits, which MMA_Atom accepts too)."""
        if traits_spelled(self.family):
            ta, tb, tc = (cpp_type(t) for t in self.types)
            maj = ["K" if m == 0 else "MN" for m in (self.a_major, self.b_major)]
            neg = ["Neg" if n else "One" for n in (self.a_neg, self.b_neg)]
            return (
                f"MMA_Traits<{self.family.base},{ta},{tb},{tc},C<{self.M}>,C<{self.N}>,"
                f"integral_constant<UMMA::Major,UMMA::Major::{maj[0]}>,"
                f"integral_constant<UMMA::Major,UMMA::Major::{maj[1]}>,"
                f"integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::{neg[0]}>,"
                f"integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::{neg[1]}>>"
            )
        args = self._args(True)
        if self.family.traits_form:  # 4.7's template: every argument written, as 4.2's traits form writes them
            args = args[:7] + [f"UMMA::ScaleIn::{'Neg' if n else 'One'}" for n in (self.a_neg, self.b_neg)]
        return f"{self.family.base}<{','.join(args)}>"

    def check(self) -> None:
        """CuTe's static_asserts, the first failing one as the error (then the descriptor's type checks)."""
        for pred, msg in self.family.checks:
            if not pred(self):
                raise CuteDumpError(f"{self.name}: {msg}")
        self.instr_desc()

    def instr_desc(self) -> D.InstrDescriptor:
        """The traits' idesc_: make_instr_desc / make_instr_desc_block_scaled of this atom."""
        from cutedump.atoms import umma_desc as D  # start-up: the descriptor's module only when one is made

        f = self.family
        try:
            if f.block_scaled:
                a, b, c, sf = self.types
                return D.make_instr_desc_block_scaled(
                    a, b, c, sf, self.M, self.N, self.a_major, self.b_major, self.a_neg, self.b_neg, f.sparse
                )
            a, b, c = FIXED_TYPES[f.kind][1] if f.kind in FIXED_TYPES else self.types
            neg = (self.a_neg, self.b_neg) if f.negs_in_desc else (0, 0)
            return D.make_instr_desc(
                a,
                b,
                c,
                self.M,
                self.N,
                self.a_major,
                self.b_major,
                neg[0],
                neg[1],
                self.c_sat if f.sat_in_desc else 0,
                f.sparse,
            )
        except CuteDumpError as e:
            raise CuteDumpError(f"{self.name}: {e.message}") from None

    def layouts(self) -> tuple[str, str, str, str, str]:
        """(Shape_MNK, ThrID, ALayout, BLayout, CLayout) as CuTe prints them."""
        M, N, K = self.M, self.N, self.K
        shape = f"(_{M},_{N},_{K})"
        if self.family.nsm == 1:
            return (
                shape,
                "_1:_0",
                f"(_1,(_{M},_{K})):(_0,(_1,_{M}))",
                f"(_1,(_{N},_{K})):(_0,(_1,_{N}))",
                f"(_1,(_{M},_{N})):(_0,(_1,_{M}))",
            )
        m2, n2 = M // 2, N // 2
        return (
            shape,
            "_2:_1",
            f"(_2,(_{m2},_{K})):(_{m2},(_1,_{M}))",
            f"(_2,(_{n2},_{K})):(_{n2},(_1,_{N}))",
            f"(_2,(_{m2},_{N})):(_{m2},(_1,_{M}))",
        )


class UMMATraits(MMATraits):
    """MMATraits of an SM100 UMMA atom, with its spec (types, M, N, majors, ...) and instruction descriptor."""

    spec: UmmaSpec | None = None

    def __init__(
        self,
        name,
        cpp,
        arch,
        val_types,
        shape_mnk,
        thr_id,
        layout_a,
        layout_b,
        layout_c,
        family="",
        header="",
        spec=None,
    ):
        _set = object.__setattr__  # frozen: assigned once, here
        _set(self, "name", name)
        _set(self, "cpp", cpp)
        _set(self, "arch", arch)
        _set(self, "val_types", val_types)
        _set(self, "shape_mnk", shape_mnk)
        _set(self, "thr_id", thr_id)
        _set(self, "layout_a", layout_a)
        _set(self, "layout_b", layout_b)
        _set(self, "layout_c", layout_c)
        _set(self, "family", family)
        _set(self, "header", header)
        _set(self, "spec", spec)

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(name={self.name!r}, cpp={self.cpp!r}, arch={self.arch!r}, "
            f"val_types={self.val_types!r}, shape_mnk={self.shape_mnk!r}, thr_id={self.thr_id!r}, "
            f"layout_a={self.layout_a!r}, layout_b={self.layout_b!r}, layout_c={self.layout_c!r}, "
            f"family={self.family!r}, header={self.header!r}, spec={self.spec!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.name,
                self.cpp,
                self.arch,
                self.val_types,
                self.shape_mnk,
                self.thr_id,
                self.layout_a,
                self.layout_b,
                self.layout_c,
                self.family,
                self.header,
                self.spec,
            ) == (
                other.name,
                other.cpp,
                other.arch,
                other.val_types,
                other.shape_mnk,
                other.thr_id,
                other.layout_a,
                other.layout_b,
                other.layout_c,
                other.family,
                other.header,
                other.spec,
            )
        return NotImplemented

    def __hash__(self):
        return hash(
            (
                self.name,
                self.cpp,
                self.arch,
                self.val_types,
                self.shape_mnk,
                self.thr_id,
                self.layout_a,
                self.layout_b,
                self.layout_c,
                self.family,
                self.header,
                self.spec,
            )
        )

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}")

    def instr_desc(self) -> D.InstrDescriptor:
        return self.spec.instr_desc()


def _int_arg(base, what, s):
    try:
        return int(s.rstrip("uU"), 0)
    except ValueError:
        raise CuteDumpError(f"{base}: {what} must be an integer, got {s!r}") from None


def _enum_arg(base, what, s, table, ns):
    v = s.split("::")[-1]
    if v not in table or ("::" in s and not s.endswith(f"{ns}::{v}")):
        raise CuteDumpError(f"{base}: {what} must be one of {', '.join(f'{ns}::{k}' for k in table)}, got {s!r}")
    return table[v]


def _usage(f: UmmaFamily) -> str:
    names = {
        "M": "M",
        "N": "N",
        "VS": "VS",
        "amaj": "a_major",
        "bmaj": "b_major",
        "scaleC": "ScaleC",
        "aneg": "a_neg",
        "bneg": "b_neg",
        "csat": "c_sat",
    }
    ts = ["a_type", "b_type", "c_type"] + (["sf_type"] if f.block_scaled else [])
    ps = [names[p] for p in f.params[: f.nreq]] + [f"[{names[p]}]" for p in f.params[f.nreq :]]
    return f"{f.base}<{','.join(ts + ps)}>"


def lookup_umma(base: str, targs: list[str] | None) -> UMMATraits:
    """The traits of ``base<targs...>`` (base a key of umma_families())."""
    f = umma_families()[base]
    if not targs:
        raise CuteDumpError(f"{base} takes template arguments: {_usage(f)}, e.g. {example(f)}")
    nt = f.ntypes
    if not (nt + f.nreq <= len(targs) <= nt + len(f.params)):
        raise CuteDumpError(
            f"{base} takes {nt + f.nreq} to {nt + len(f.params)} template arguments ({_usage(f)}), got {len(targs)}"
        )
    types = FIXED_TYPES[f.kind][0] if f.kind in FIXED_TYPES else tuple(canonical_type(t) for t in targs[:nt])
    kw = {}
    for p, s in zip(f.params, targs[nt:]):
        if p in ("M", "N", "VS", "scaleC"):
            kw[p] = _int_arg(base, p, s)
        elif p in ("amaj", "bmaj"):
            kw["a_major" if p == "amaj" else "b_major"] = _enum_arg(
                base, p.replace("maj", "_major"), s, _MAJORS, "UMMA::Major"
            )
        elif p in ("aneg", "bneg"):
            kw["a_neg" if p == "aneg" else "b_neg"] = _enum_arg(
                base, p.replace("neg", "_neg"), s, _SCALE_IN, "UMMA::ScaleIn"
            )
        elif p == "csat":
            kw["c_sat"] = _enum_arg(base, "c_sat", s, _SATURATE, "UMMA::Saturate")
    spec = UmmaSpec(f, types, **kw)
    spec.check()
    shape, thr, a, b, c = spec.layouts()
    return UMMATraits(
        spec.name,
        spec.cpp,
        ARCH,
        (types[2], types[0], types[1], types[2]),
        shape,
        thr,
        a,
        b,
        c,
        family=base,
        header="mma_traits_sm100.hpp",
        spec=spec,
    )


def traits_spelled(f: UmmaFamily) -> bool:
    """Is family ``f`` spelled ``MMA_Traits<Op, a, b, c, C<M>, C<N>, ...>`` in the CUTLASS answered now (4.2's
    SM100_MMA_F8F6F4_SS / _2x1SM_SS; 4.7 made them templates: versions.CUTLASS_FACTS["f8f6f4_umma_spelling"])?"""
    return f.traits_form and cutlass_fact("f8f6f4_umma_spelling") == "traits"


def _spelling_refusal(f: UmmaFamily, wrote: str, args: list[str] | None = None) -> CuteDumpError:
    """The one line refusing another version's spelling of ``f``; with ``args`` (a legal atom's), this version's
    spelling of that atom, to copy."""
    v = cutlass()
    other = next(
        k for k, x in CUTLASS_FACTS["f8f6f4_umma_spelling"].items() if x != CUTLASS_FACTS["f8f6f4_umma_spelling"][v]
    )
    if traits_spelled(f):
        how = f"MMA_Traits<{f.base}, a, b, c, C<M>, C<N>, integral_constant<UMMA::Major, ...>, ...>"
    else:
        how = f"{f.base}<a, b, c, M, N, a_major, b_major>"
    try:
        how = lookup_umma(f.base, args).cpp if args else how  # this atom, as this version spells it
    except CuteDumpError:
        pass  # an illegal atom: the general form
    return CuteDumpError(
        f"{wrote}: CUTLASS {CUTLASS_RELEASES[v]} spells it {how}; this spelling is CUTLASS "
        f"{CUTLASS_RELEASES[other]}'s (--cutlass {other})"
    )


def lookup_umma_traits_form(targs: list[str]) -> UMMATraits:
    """CuTe 4.2's ``MMA_Traits<SM100_MMA_F8F6F4_SS, a, b, c, C<M>, C<N>, integral_constant<UMMA::Major,...>, ...>``
    (refused under CUTLASS 4.7, where the operation is a template)."""
    import re

    base = targs[0].split("::")[-1]
    if base not in umma_families() or not umma_families()[base].traits_form:
        raise CuteDumpError(
            f"MMA_Traits<{targs[0]},...> is not an SM100 traits-form atom "
            "(only SM100_MMA_F8F6F4_SS and SM100_MMA_F8F6F4_2x1SM_SS are spelled this way)"
        )
    out = []
    for s in targs[1:]:
        m = re.fullmatch(r"(?:cute::)?(?:C|Int|integral_constant<[A-Za-z_:]+,)<?(.*?)>+", s)
        out.append(m.group(1) if m else s)
    if not traits_spelled(umma_families()[base]):
        raise _spelling_refusal(umma_families()[base], f"MMA_Traits<{','.join(targs)}>", out)
    return lookup_umma(base, out)


def example(f: UmmaFamily) -> str:
    """A legal atom of the family (for help and listings)."""
    ty = {
        "tf32": ("tfloat32_t",) * 2 + ("float",),
        "ctf32": (),
        "f16": ("half_t", "half_t", "float"),
        "i8": ("int8_t", "int8_t", "int32_t"),
        "f8f6f4": ("float_e4m3_t", "float_e4m3_t", "float"),
        "mxf8f6f4": ("float_e4m3_t", "float_e4m3_t", "float", "float_ue8m0_t"),
        "mxf4": ("float_e2m1_t", "float_e2m1_t", "float", "float_ue8m0_t"),
    }[f.kind]
    M = 256 if (f.nsm == 2) else 128
    vals = {"M": str(M), "N": "256", "VS": "32", "amaj": "K", "bmaj": "K", "scaleC": "0"}
    return f"{f.base}<{','.join(list(ty) + [vals[p] for p in f.params[: f.nreq]])}>"


def legal_mn(f: UmmaFamily, b_major: int = 0, a_major: int = 0) -> list[tuple[int, int]]:
    """Every (M, N) the family's static_asserts accept (types fixed to the family's example)."""
    ex = lookup_umma(f.base, split_args(example(f)))
    out = []
    for M in (32, 64, 128, 256):
        for N in range(8, 257, 8):
            s = UmmaSpec(f, ex.spec.types, M, N, a_major, b_major, VS=ex.spec.VS, scaleC=ex.spec.scaleC)
            if all(pred(s) for pred, _m in f.checks):
                out.append((M, N))
    return out


def split_args(name: str) -> list[str]:
    return split_template(name)[1]


def catalog_umma() -> list[UMMATraits]:
    """One entry per family (its example atom), for listings."""
    return [lookup_umma(f.base, split_args(example(f))) for f in umma_families().values()]


# ------------------------------------------------------------------ the vectorized FMA atoms of mma_traits_sm100.hpp

# name -> (Shape_MNK, ALayout shape, BLayout shape, CLayout shape): one thread, float, compact layouts
VECTOR_FMA = {
    "SM100_2x1x1_F32F32F32F32": ((2, 1, 1), (1, 2), (1, 1), (1, 2)),
    "SM100_1x2x1_F32F32F32F32": ((1, 2, 1), (1, 1), (1, 2), (1, 2)),
}


def lookup_vector_fma(base: str, targs) -> MMATraits:
    """MMA_Traits<SM100_2x1x1_F32F32F32F32> / <SM100_1x2x1_F32F32F32F32>: Layout<Shape<...>> (compact) layouts."""

    if targs:
        raise CuteDumpError(f"{base} takes no template arguments")
    shp, a, b, c = VECTOR_FMA[base]

    def lay(s):
        return str(make_layout(tuple(C(x) for x in s)))

    return MMATraits(
        base,
        base,
        "SM100",
        ("float",) * 4,
        "(" + ",".join(f"_{x}" for x in shp) + ")",
        "_1:_0",
        lay(a),
        lay(b),
        lay(c),
        family=base,
        header="mma_traits_sm100.hpp",
    )


# ------------------------------------------------------------------ descriptor -> atoms

# the value types of each kind's A/B operands (UMMA::to_UMMAFormat maps each to one format value)
KIND_AB_TYPES = {
    "tf32": ("tfloat32_t",),
    "ctf32": ("tfloat32_t",),
    "f16": ("half_t", "bfloat16_t"),
    "i8": ("uint8_t", "int8_t"),
    "f8f6f4": ("float_e4m3_t", "float_e5m2_t", "float_e2m3_t", "float_e3m2_t", "float_e2m1_t"),
    "mxf8f6f4": ("float_e4m3_t", "float_e5m2_t", "float_e2m3_t", "float_e3m2_t", "float_e2m1_t"),
    "mxf4": ("float_e2m1_t",),
}


def atoms_for_instr_desc(desc: D.InstrDescriptor, family: str | None = None) -> list[UMMATraits]:
    """Every catalog atom (of ``family``, or of every family with this descriptor layout) whose traits' idesc_ is
    ``desc``. Runtime-only fields (sparse_id2, the scale-factor ids) are ignored; fields no catalog atom sets
    (sparse_flag, max_shift) match nothing."""
    from cutedump.atoms import umma_desc as D  # start-up: see UmmaSpec.instr_desc

    c_type_of = {v: k for k, v in D.C_FORMAT_OF.items()}
    sf_type_of = {v: k for k, v in D.SCALE_FORMAT_OF.items()}
    fams = list(umma_families().values())
    if family is not None:
        base = family.strip().split("<")[0].split("::")[-1]
        if base not in umma_families():
            import difflib

            close = difflib.get_close_matches(base, list(umma_families()), n=3, cutoff=0.6)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise CuteDumpError(f"unknown UMMA family {family!r}{hint}")
        fams = [umma_families()[base]]
    fams = [f for f in fams if f.block_scaled == desc.block_scaled]
    want = desc.value & ~0x3 & ~((0x3 << 4) | (0x3 << 29) if desc.block_scaled else 0)
    out = []
    M, N = desc.m_dim << 4, desc.n_dim << 3
    maj = ("K", "MN")
    for f in fams:
        ab = KIND_AB_TYPES[f.kind]
        As = [t for t in ab if D.umma_format(t)[1] == desc.a_format]
        Bs = [t for t in ab if D.umma_format(t)[1] == desc.b_format]
        if f.block_scaled:
            cs = ["float"]
            sfs = [sf_type_of[desc.scale_format]]
        else:
            cs = [c_type_of[desc.c_format]] if desc.c_format in c_type_of else []
            sfs = [None]
        for a in As:
            for b in Bs:
                for c in cs:
                    for sf in sfs:
                        for vs in ((32, 64) if f.sparse else (16, 32)) if f.kind == "mxf4" else (0,):
                            args = ([] if f.kind in FIXED_TYPES else [a, b, c]) + ([sf] if sf else [])
                            vals = {
                                "M": str(M),
                                "N": str(N),
                                "VS": str(vs),
                                "amaj": maj[desc.a_major],
                                "bmaj": maj[desc.b_major],
                                "scaleC": "0",
                                "aneg": "Neg" if desc.a_negate else "One",
                                "bneg": "Neg" if desc.b_negate else "One",
                                "csat": "True" if desc.saturate else "False",
                            }
                            args += [vals[p] for p in f.params]
                            try:
                                t = lookup_umma(f.base, args)
                            except CuteDumpError:
                                continue
                            got = t.instr_desc().value
                            got &= ~0x3 & ~((0x3 << 4) | (0x3 << 29) if desc.block_scaled else 0)
                            if got == want and t.name not in {x.name for x in out}:
                                out.append(t)
    return out


_KIND_TYPES = {
    "tf32": "tfloat32_t",
    "ctf32": "complex<tfloat32_t> (fixed)",
    "f16": "half_t|bfloat16_t",
    "i8": "int8_t|uint8_t",
    "f8f6f4": "float_e4m3_t|e5m2|e2m3|e3m2|e2m1",
    "mxf8f6f4": "float_e4m3_t|e5m2|e2m3|e3m2|e2m1",
    "mxf4": "float_e2m1_t",
}


def umma_rows() -> list[tuple[str, str, str, str, str]]:
    """One listing row per family: (usage, arch, Shape_MNK, threads, A/B types); the vectorized FMAs last."""
    rows = []
    for f in umma_families().values():
        k = f"_{f.k}" if f.k else {"tf32": "_8", "ctf32": "_4", "f16": "_16", "i8": "_32"}[f.kind]
        rows.append((_usage(f), ARCH, f"(M,N,{k})", str(f.nsm), "a,b: " + _KIND_TYPES[f.kind]))
    for n in VECTOR_FMA:
        t = lookup_vector_fma(n, None)
        rows.append((n, t.arch, t.shape_mnk, "1", ",".join(t.val_types)))
    return rows


def owns(base: str) -> bool:
    return base.startswith("SM100_") and (base in _all_families() or base in VECTOR_FMA or base in NO_TRAITS)


def _all_families() -> dict:
    umma_families()
    return _UMMA_BY_BASE


def lookup(base: str, targs: list[str] | None) -> MMATraits:
    """An atom as the user spelled it (``lookup_mma``): a spelling the CUTLASS answered now does not have is
    refused (versions.CUTLASS_FACTS, CUTLASS_ONLY)."""
    require_cutlass(base, f"{base}<{','.join(targs)}>" if targs else base)
    if base in NO_TRAITS:
        raise CuteDumpError(
            f"{base}<{','.join(targs or [])}>: CUTLASS {CUTLASS_RELEASES[cutlass()]} declares the operation {base} "
            f"({NO_TRAITS[base]}) but no MMA_Traits for it: it cannot make an MMA_Atom"
        )
    if base in umma_families():
        if traits_spelled(umma_families()[base]):
            raise _spelling_refusal(umma_families()[base], f"{base}<{','.join(targs or [])}>", targs)
        return lookup_umma(base, targs)
    return lookup_vector_fma(base, targs)


def families() -> list[str]:
    return list(umma_families())


#: the accumulator (D) types tcgen05.mma takes per instruction kind where CuTe's traits accept more (PTX ISA,
#: tcgen05.mma: kind::i8 computes in and accumulates to .s32 only)
KIND_ACCUMULATORS = {"i8": ("int32_t", "s32")}


def hardware_fact(t: UMMATraits) -> dict | None:
    """A fact the hardware adds to CuTe's traits for this atom (None: none): an accumulator type CuTe's MMA_Traits
    accept but the instruction kind does not take -- {"accumulator": the atom's, "kind": the tcgen05.mma kind,
    "needs": the PTX type, "needs_type": CuTe's name of it}."""
    f = t.spec.family
    need = KIND_ACCUMULATORS.get(f.kind)
    c = canonical_type(t.spec.types[2])
    if need and c != need[0]:
        return {"accumulator": c, "kind": f.kind, "needs": need[1], "needs_type": need[0]}
    return None


def hardware_note(t: UMMATraits) -> str | None:
    """:func:`hardware_fact` in English words (the JSON's note)."""
    h = hardware_fact(t)
    if h is None:
        return None
    return (
        f"CuTe's traits accept a {h['accumulator']} accumulator; tcgen05.mma kind::{h['kind']} needs an "
        f"{h['needs']} ({h['needs_type']}) one"
    )
