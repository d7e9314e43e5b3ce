"""SM90 GMMA (wgmma) atoms: SM90_64xNxK_<types>_SS/RS, generated from their formula (CuTe 4.2's
mma_traits_sm90_gmma.hpp and mma_traits_sm90_gmma_ext.hpp). A new GMMA type family: one row of ``_GMMA_FAMILIES``."""

from __future__ import annotations

from cutedump.atoms.mma_catalog.traits import MMATraits
from cutedump.errors import CuteDumpError

ARCH = "SM90 GMMA"


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

_GMMA_BASE_N = (8, 16, 32, 64, 96, 128, 192, 256)  # in mma_traits_sm90_gmma.hpp; the others in *_ext.hpp
_FP_N = list(range(8, 257, 8))
_INT_N = [8, 16, 24] + list(range(32, 257, 16))

# (type tag, K, (D, A, B, C), A bits, suffix kind): "major" = <Major A, Major B>; "tn" = _TN<> (scale args);
# "int" = _TN (no template), also with _SATURATE
_GMMA_FAMILIES = [
    ("F16F16F16", 16, ("half_t",) * 4, 16, "major"),
    ("F32F16F16", 16, ("float", "half_t", "half_t", "float"), 16, "major"),
    ("F32BF16BF16", 16, ("float", "bfloat16_t", "bfloat16_t", "float"), 16, "major"),
    ("F32TF32TF32", 8, ("float", "tfloat32_t", "tfloat32_t", "float"), 32, "tn"),
]
_TY8 = {"S8": "int8_t", "U8": "uint8_t", "E4M3": "float_e4m3_t", "E5M2": "float_e5m2_t"}
for _a in ("S8", "U8"):
    for _b in ("S8", "U8"):
        _GMMA_FAMILIES.append((f"S32{_a}{_b}", 32, ("int32_t", _TY8[_a], _TY8[_b], "int32_t"), 8, "int"))
for _d, _dt in (("F16", "half_t"), ("F32", "float")):
    for _a in ("E4M3", "E5M2"):
        for _b in ("E4M3", "E5M2"):
            _GMMA_FAMILIES.append((f"{_d}{_a}{_b}", 32, (_dt, _TY8[_a], _TY8[_b], _dt), 8, "tn"))


_GMMA_BY_BASE: dict = {}


def gmma_families() -> dict:
    """base name (no template args) -> (K, N, types, A bits, kind, SS|RS) (built on the first call)"""
    out = _GMMA_BY_BASE
    if out:
        return out
    for tag, k, types, abits, kind in _GMMA_FAMILIES:
        for n in _INT_N if kind == "int" else _FP_N:
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
    return MMATraits(
        name, cpp, ARCH, types, f"(_64,_{n},_{k})", "_128:_1", a, _abl(n, k), _clayout(n), family=base, header=header
    )


def owns(base: str) -> bool:
    return base.startswith("SM90_") and base in gmma_families()  # (every GMMA name is SM90_64x...)


def lookup(base: str, targs: list[str] | None) -> MMATraits:
    return _gmma(base, targs)


def families() -> list[str]:
    return list(gmma_families())
