"""The MMA atom catalog: UniversalFMA<D,A,B,C>, the warp-level atoms of SM61..SM90 (mma_data.py, transcribed
from CuTe's headers) and the SM90 GMMA family, generated from its formula (mma_traits_sm90_gmma*.hpp).

``lookup_mma(name)`` accepts CuTe's spellings:

    SM80_16x8x16_F16F16F16F16_TN
    UniversalFMA<float>   UniversalFMA<float,half_t,half_t,float>
    SM90_64x128x16_F32F16F16_SS            (GMMA majors default to K,K)
    SM90_64x128x16_F32F16F16_SS<K,MN>      SM90_64x128x16_F32F16F16_RS<GMMA::Major::K,GMMA::Major::MN>
    SM90_64x64x32_S32S8S8_SS_TN_SATURATE
"""
from __future__ import annotations

from cutedump._dataclass import dataclass
from cutedump._startup import cache

from cutedump.errors import CuteDumpError
from cutedump.atoms.mma_data import MMA_TRAITS, SKIPPED
from cutedump.atoms.types import canonical_type, cpp_type


@dataclass(frozen=True)
class MMATraits:
    """CuTe's MMA_Traits<Op>: what MMA_Atom exposes (layouts as CuTe print strings)."""
    name: str            # our canonical name, e.g. "SM90_64x64x16_F16F16F16_SS<K,MN>"
    cpp: str             # C++ spelling of the operation, e.g. "SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>"
    arch: str
    val_types: tuple     # (D, A, B, C)
    shape_mnk: str
    thr_id: str
    layout_a: str
    layout_b: str
    layout_c: str
    family: str = ""     # catalog grouping name (the op name without template arguments)
    header: str = ""     # GMMA: header declaring the traits; *_ext.hpp needs -DCUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED


# ------------------------------------------------------------------ SM90 GMMA (formula)

def _abl(m: int, k: int) -> str:
    # GMMA::ABLayout<M,K> = (_128,(M,K)):(_0,(_1,M))  (shared-memory source: every thread sees the whole tile)
    return f"(_128,(_{m},_{k})):(_0,(_1,_{m}))"


def _clayout(n: int) -> str:
    # GMMA::CLayout_64xN = ((_4,_8,_4),(_2,_2,N/8)):((_128,_1,_16),(_64,_8,_512))
    return f"((_4,_8,_4),(_2,_2,_{n // 8})):((_128,_1,_16),(_64,_8,_512))"


# register-sourced A layouts by A width in bits: ALayout_64x8 (32b), 64x16 (16b), 64x32 (8b)
_GMMA_RS_A = {
    32: "((_4,_8,_4),(_2,_2)):((_64,_1,_16),(_8,_256))",
    16: "((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))",
    8: "((_4,_8,_4),(_4,_2,_2)):((_256,_1,_16),(_64,_8,_1024))",
}

_GMMA_BASE_N = (8, 16, 32, 64, 96, 128, 192, 256)   # in mma_traits_sm90_gmma.hpp; the others in *_ext.hpp
_FP_N = list(range(8, 257, 8))
_INT_N = [8, 16, 24] + list(range(32, 257, 16))

# (type tag, K, (D, A, B, C), A bits, suffix kind): "major" = <Major A, Major B>; "tn" = _TN<> (scale args);
# "int" = _TN (no template), also with _SATURATE
_GMMA_FAMILIES = [("F16F16F16", 16, ("half_t",) * 4, 16, "major"),
                  ("F32F16F16", 16, ("float", "half_t", "half_t", "float"), 16, "major"),
                  ("F32BF16BF16", 16, ("float", "bfloat16_t", "bfloat16_t", "float"), 16, "major"),
                  ("F32TF32TF32", 8, ("float", "tfloat32_t", "tfloat32_t", "float"), 32, "tn")]
_TY8 = {"S8": "int8_t", "U8": "uint8_t", "E4M3": "float_e4m3_t", "E5M2": "float_e5m2_t"}
for _a in ("S8", "U8"):
    for _b in ("S8", "U8"):
        _GMMA_FAMILIES.append((f"S32{_a}{_b}", 32, ("int32_t", _TY8[_a], _TY8[_b], "int32_t"), 8, "int"))
for _d, _dt in (("F16", "half_t"), ("F32", "float")):
    for _a in ("E4M3", "E5M2"):
        for _b in ("E4M3", "E5M2"):
            _GMMA_FAMILIES.append((f"{_d}{_a}{_b}", 32, (_dt, _TY8[_a], _TY8[_b], _dt), 8, "tn"))


@cache()
def gmma_families() -> dict:
    """base name (no template args) -> (K, N, types, A bits, kind, SS|RS)"""
    out = {}
    for tag, k, types, abits, kind in _GMMA_FAMILIES:
        for n in (_INT_N if kind == "int" else _FP_N):
            for src in ("SS", "RS"):
                base = f"SM90_64x{n}x{k}_{tag}_{src}"
                if kind == "major":
                    out[base] = (k, n, types, abits, kind, src)
                elif kind == "tn":
                    out[base + "_TN"] = (k, n, types, abits, kind, src)
                else:
                    out[base + "_TN"] = (k, n, types, abits, kind, src)
                    out[base + "_TN_SATURATE"] = (k, n, types, abits, kind, src)
    return out


def _gmma(base: str, targs: list[str] | None) -> MMATraits:
    k, n, types, abits, kind, src = gmma_families()[base]
    if kind == "major":
        majors = ["K", "K"] if not targs else [a.split("::")[-1] for a in targs]
        if len(majors) != 2 or majors[0] not in ("K", "MN") or majors[1] not in ("K", "MN"):
            raise CuteDumpError(f"{base} takes two GMMA majors, K or MN, e.g. {base}<K,MN>")
        if src == "RS" and majors[0] != "K":
            raise CuteDumpError(f"{base}: a register-sourced A must be K-major (CuTe: tnspA == GMMA::Major::K)")
        name = f"{base}<{majors[0]},{majors[1]}>"
        cpp = f"{base}<GMMA::Major::{majors[0]},GMMA::Major::{majors[1]}>"
    else:
        if targs:
            raise CuteDumpError(f"{base} takes no major arguments (it is TN only)")
        name = base
        cpp = base + "<>" if kind == "tn" else base
    a = _abl(64, k) if src == "SS" else _GMMA_RS_A[abits]
    header = "mma_traits_sm90_gmma.hpp" if n in _GMMA_BASE_N else "mma_traits_sm90_gmma_ext.hpp"
    return MMATraits(name, cpp, "SM90 GMMA", types, f"(_64,_{n},_{k})", "_128:_1", a, _abl(n, k), _clayout(n),
                     family=base, header=header)


# ------------------------------------------------------------------ UniversalFMA (formula)

def _universal_fma(targs: list[str] | None) -> MMATraits:
    # template <class D, class A = D, class B = A, class C = D>
    t = [canonical_type(x) for x in (targs or ["float"])]
    if len(t) > 4:
        raise CuteDumpError("UniversalFMA takes at most 4 value types <D,A,B,C>")
    d = t[0]
    a = t[1] if len(t) > 1 else d
    b = t[2] if len(t) > 2 else a
    c = t[3] if len(t) > 3 else d
    name = f"UniversalFMA<{','.join(t)}>"
    cpp = f"UniversalFMA<{','.join(cpp_type(x) for x in t)}>"
    return MMATraits(name, cpp, "any", (d, a, b, c), "(_1,_1,_1)", "_1:_0", "(_1,_1):(_0,_0)",
                     "(_1,_1):(_0,_0)", "(_1,_1):(_0,_0)", family="UniversalFMA")


# ------------------------------------------------------------------ lookup

def split_template(name: str):
    """'X<a, b<c>>' -> ('X', ['a', 'b<c>']); 'X' -> ('X', None)."""
    s = "".join(name.split())
    # the name: [A-Za-z_][A-Za-z0-9_:]*, then nothing or <...> to the end
    base, lt, inner = s.partition("<")
    word = base.replace("_", "a").replace(":", "a")
    if lt and s.count("<") > s.count(">") and word.isascii() and word.isalnum():
        raise CuteDumpError("unclosed '<' in the atom name (expected '>' at the end)", name, name.index("<"))
    if (not (word.isascii() and word.isalnum()) or base[0].isdigit() or base[0] == ":"
            or (lt and not inner.endswith(">"))):
        raise CuteDumpError(f"not an atom name: {name!r}")
    if not lt:
        return base, None
    inner = inner[:-1]
    args, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            args.append(cur)
            cur = ""
            continue
        depth += (ch == "<") - (ch == ">")
        cur += ch
    if cur:
        args.append(cur)
    return base, args


def all_mma_names() -> list[str]:
    """Every catalog family name (GMMA and UniversalFMA without template arguments)."""
    return ["UniversalFMA"] + list(MMA_TRAITS) + list(gmma_families())


def lookup_mma(name: str) -> MMATraits:
    base, targs = split_template(name)
    scope = base.split("::")
    base = scope[-1]
    if len(scope) > 1 and scope[-2] == "GMMA" and base.startswith("MMA_"):
        base = "SM90_" + base[4:]      # CuTe 4.2's struct SM90::GMMA::MMA_64x64x16_... (SM90_64x64x16_... its alias)
    if base == "UniversalFMA":
        return _universal_fma(targs)
    if base in MMA_TRAITS:
        if targs:
            raise CuteDumpError(f"{base} takes no template arguments")
        return _table_traits(base)
    if base.startswith("SM90_") and base in gmma_families():   # (every GMMA name is SM90_64x...: the family
        return _gmma(base, targs)                                #  table is built only for such a name)
    if base.startswith("SM100_") or base == "MMA_Traits":
        from cutedump.atoms import umma_catalog as U   # start-up (and the import cycle): only for SM100 names
        if base == "MMA_Traits" and targs:
            return U.lookup_umma_traits_form(targs)
        if base in U.umma_families():
            return U.lookup_umma(base, targs)
        if base in U.VECTOR_FMA:
            return U.lookup_vector_fma(base, targs)
    if base in SKIPPED:
        raise CuteDumpError(f"{base} is not supported: its CuTe layout is not congruent ({SKIPPED[base]})")
    import difflib
    from cutedump.atoms.umma_catalog import umma_families   # start-up: SM100 names only for the hint
    close = difflib.get_close_matches(base, all_mma_names() + list(umma_families()), n=4, cutoff=0.6)
    hint = f"; did you mean {', '.join(close)}?" if close else "; see `cutedump atoms --mma`"
    raise CuteDumpError(f"unknown MMA atom {name!r}{hint}")


def _table_traits(base: str) -> MMATraits:
    arch, vals, shp, thr, a, b, c = MMA_TRAITS[base]
    return MMATraits(base, base, arch, vals, shp, thr, a, b, c, family=base)


def catalog_mma() -> list[MMATraits]:
    """One MMATraits per catalog entry (GMMA with majors K,K; UniversalFMA<float>): lookup_mma(n) for every n of
    all_mma_names(), each a plain name, taken by its branch of lookup_mma directly."""
    return ([_universal_fma(None)] + [_table_traits(n) for n in MMA_TRAITS]
            + [_table_traits(n) if n in MMA_TRAITS else _gmma(n, None) for n in gmma_families()])
