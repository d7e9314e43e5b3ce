"""SM120 (GeForce Blackwell, sm_120a/sm_121a) warp-level ``mma.sync`` atoms of CuTe 4.2: the F8F6F4 atom
``SM120_16x8x32_TN<a,b,c>``, the block-scaled ``SM120::BLOCKSCALED::SM120_16x8x32_TN_VS`` / ``SM120_16x8x64_TN_VS``
and their sparse forms (``SM120::SPARSE::``, ``SM120::BLOCKSCALED::SPARSE::``).

Each family is one row of :data:`FAMILIES`, transcribed from ``cute/arch/mma_sm120*.hpp`` (which type combinations
have a specialization, the VS each accepts) and ``cute/atom/mma_traits_sm120*.hpp`` (ValTypes, Shape_MNK and the
TV layouts). ``tests/test_sm120_oracle.py`` compiles every accepted combination, and the refused ones, against
CuTe 4.2.
"""

from __future__ import annotations

from cutedump.atoms.mma_catalog.traits import MMATraits
from cutedump.atoms.types import canonical_type
from cutedump.errors import CuteDumpError

ARCH = "SM120"

#: the element types of kind::f8f6f4 (A and B of the F8F6F4 atoms, every pair)
F8F6F4 = ("float_e2m1_t", "float_e3m2_t", "float_e2m3_t", "float_e4m3_t", "float_e5m2_t")
_ROW = "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"  # SM80_16x8_Row (CLayout of every SM120 atom)


class Family:
    """One SM120 atom template: its C++ scope, template parameters, accepted types and the traits' layouts."""

    def __init__(self, name, scope, ab, c, sf, vs, vs_why, vals, shape, a, b):
        self.name = name  # e.g. "SM120_16x8x32_TN_VS"
        self.scope = scope  # C++ namespace of the struct, e.g. "SM120::BLOCKSCALED::"
        self.ab = ab  # accepted (a_type, b_type) pairs
        self.c = c  # accepted c_type
        self.sf = sf  # accepted sf_type ((): no scale factors)
        self.vs = vs  # sf_type -> accepted VS (CUTE_STATIC_ASSERT in the op's fma)
        self.vs_why = vs_why  # sf_type -> that assertion's text
        self.vals = vals  # (D, A, B, C) ValTypes as formats of (a, c): MMA_Traits<Op>::ValType*
        self.shape = shape
        self.a, self.b = a, b

    @property
    def params(self) -> tuple[str, ...]:
        return ("a_type", "b_type", "c_type", "sf_type", "VS") if self.sf else ("a_type", "b_type", "c_type")

    def usage(self) -> str:
        return f"{self.name}<{','.join(self.params)}>"


def _pairs(types_a, types_b=None):
    return tuple((x, y) for x in types_a for y in (types_b or types_a))


_A32 = "((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256))"
_B32 = "((_4,_8),(_4,_2)):((_32,_1),(_8,_128))"
_A64 = "((_4,_8),(_8,_2,_2)):((_128,_1),(_16,_8,_512))"
_E2M1 = (("float_e2m1_t", "float_e2m1_t"),)
_MX = "Scaling factor vector size has to be 32 for MXF8F6F4 MMA."
_NV = "Scaling factor vector size has to be 16 or 32 for MXF4NVF4 MMA."

#: every SM120 MMA atom template of CuTe 4.2
FAMILIES = {
    f.name: f
    for f in (
        Family(
            "SM120_16x8x32_TN", "", _pairs(F8F6F4), ("float", "half_t"), (), {}, {},
            ("{c}", "uint8_t", "uint8_t", "{c}"), "(_16,_8,_32)", _A32, _B32,
        ),
        Family(
            "SM120_16x8x32_TN_VS", "SM120::BLOCKSCALED::", _pairs(F8F6F4), ("float",), ("float_ue8m0_t",),
            {"float_ue8m0_t": (32,)}, {"float_ue8m0_t": _MX},
            ("{c}", "uint8_t", "uint8_t", "{c}"), "(_16,_8,_32)", _A32, _B32,
        ),
        Family(
            "SM120_16x8x64_TN_VS", "SM120::BLOCKSCALED::", _E2M1, ("float",), ("float_ue8m0_t", "float_ue4m3_t"),
            {"float_ue8m0_t": (16, 32), "float_ue4m3_t": (16, 32)}, {"float_ue8m0_t": _NV, "float_ue4m3_t": _NV},
            ("{c}", "uint4_t", "uint4_t", "{c}"), "(_16,_8,_64)", _A64, "((_4,_8),(_8,_2)):((_64,_1),(_8,_256))",
        ),
        Family(
            "SM120_SPARSE_16x8x64_TN", "SM120::SPARSE::", _pairs(F8F6F4), ("float", "half_t"), (), {}, {},
            ("{c}", "sparse_elem<2,{a}>", "uint8_t", "{c}"), "(_16,_8,_64)", _A64, "((_4,_8),(_4,_4)):((_32,_1),(_8,_128))",
        ),
        Family(
            "SM120_SPARSE_16x8x64_TN_VS", "SM120::BLOCKSCALED::SPARSE::", _pairs(F8F6F4), ("float",),
            ("float_ue8m0_t",), {"float_ue8m0_t": (64,)},
            {"float_ue8m0_t": "Scaling factor vector size has to be 64 for MXF8F6F4 MMA."},
            ("{c}", "sparse_elem<2,{a}>", "uint8_t", "{c}"), "(_16,_8,_64)", _A64, "((_4,_8),(_4,_4)):((_32,_1),(_8,_128))",
        ),
        Family(
            "SM120_SPARSE_16x8x128_TN_VS", "SM120::BLOCKSCALED::SPARSE::", _E2M1, ("float",),
            ("float_ue8m0_t", "float_ue4m3_t"), {"float_ue8m0_t": (64, 32), "float_ue4m3_t": (32,)},
            {
                "float_ue8m0_t": "Scaling factor vector size has to be 64 or 32 for MXF4NVF4.",
                "float_ue4m3_t": "Scaling factor vector size has to be 32 for NVF4 with e2m1 and scale factor e4m3.",
            },
            ("{c}", "sparse_elem<4,uint8_t>", "uint4_t", "{c}"), "(_16,_8,_128)",
            "((_4,_8),(_16,_2,_2)):((_256,_1),(_16,_8,_1024))", "((_4,_8),(_8,_4)):((_64,_1),(_8,_256))",
        ),
    )
}  # fmt: skip


def owns(base: str) -> bool:
    return base in FAMILIES


def families() -> list[str]:
    return list(FAMILIES)


def lookup(base: str, targs: list[str] | None) -> MMATraits:
    """``MMA_Traits<base<targs...>>``, refused as CuTe 4.2 refuses it (its static_asserts' text)."""
    f = FAMILIES[base]
    n = len(f.params)
    if not targs or len(targs) != n:
        got = len(targs) if targs else 0
        raise CuteDumpError(f"{base} takes {n} template arguments ({f.usage()}), got {got}")
    types = tuple(canonical_type(t) for t in targs[: min(n, 4)])
    a, b, c = types[:3]
    if (a, b) not in f.ab or c not in f.c or (f.sf and types[3] not in f.sf):
        raise CuteDumpError(
            f"{f.scope}{f.name}<{', '.join(t.strip() for t in targs)}>: No MMA matches {base} for given data "
            f"types. (CuTe's static_assert; a,b: {_types_text(f.ab)}; c: {'|'.join(f.c)}"
            + (f"; sf: {'|'.join(f.sf)})" if f.sf else ")")
        )
    vs = None
    if f.sf:
        text = targs[4].strip().lstrip("_")
        try:
            vs = int(text)
        except ValueError:
            raise CuteDumpError(f"{base}: VS must be an integer, got {targs[4]!r}") from None
        if vs not in f.vs[types[3]]:
            raise CuteDumpError(f"{f.scope}{f.name}<..., VS={vs}>: {f.vs_why[types[3]]} (CuTe's CUTE_STATIC_ASSERT)")
    args = list(types) + ([str(vs)] if f.sf else [])
    name = f"{base}<{','.join(args)}>"
    vals = tuple(v.format(a=a, c=c) for v in f.vals)
    return MMATraits(
        name,
        f"{f.scope}{name}",
        ARCH,
        vals,
        f.shape,
        "_32:_1",
        f.a,
        f.b,
        _ROW,
        family=base,
        header="mma_traits_sm120_sparse.hpp" if "SPARSE" in base else "mma_traits_sm120.hpp",
    )


def _types_text(pairs) -> str:
    a = sorted({x for x, _ in pairs}, key=F8F6F4.index)
    return "|".join(t.replace("float_", "").replace("_t", "") for t in a)


def sm120_rows() -> list[tuple[str, str, str, str, str]]:
    """One listing row per family: (usage, arch, Shape_MNK, threads, A/B types)."""
    return [(f.usage(), ARCH, f.shape, "32", "a,b: " + _types_text(f.ab)) for f in FAMILIES.values()]


def every_atom() -> list[MMATraits]:
    """Every type combination CuTe 4.2 specializes (each VS its fma accepts)."""
    out = []
    for f in FAMILIES.values():
        for a, b in f.ab:
            for c in f.c:
                for sf in f.sf or (None,):
                    for vs in f.vs.get(sf, (None,)):
                        targs = [a, b, c] + ([sf, str(vs)] if sf else [])
                        out.append(lookup(f.name, targs))
    return out
