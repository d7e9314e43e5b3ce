"""The MMA atom catalog: one module per generation, each holding its atoms (a table row or a formula family):

    universal.py   UniversalFMA<D,A,B,C>                      (every architecture)
    warp.py        SM61..SM90 warp-level atoms: one row each   (transcribed from mma_traits_sm*.hpp)
    sm90_gmma.py   SM90 GMMA (wgmma) families                  (formula: mma_traits_sm90_gmma*.hpp)
    sm100.py       SM100 UMMA (tcgen05.mma) families, vector FMAs (formula: mma_traits_sm100.hpp)
    sm120.py       SM120 (GeForce Blackwell) mma.sync F8F6F4 and block-scaled families (mma_traits_sm120*.hpp)

:func:`lookup_mma` asks them in the order of :data:`GENERATIONS`; each module answers ``owns(base)``,
``lookup(base, template args)`` and ``families()`` (a module is imported only when a name reaches it). A new atom is
one row in its generation's module; a new generation is one module and one line of :data:`GENERATIONS`.

``lookup_mma(name)`` accepts CuTe's spellings:

    SM80_16x8x16_F16F16F16F16_TN
    UniversalFMA<float>   UniversalFMA<float,half_t,half_t,float>
    SM90_64x128x16_F32F16F16_SS            (GMMA majors default to K,K)
    SM90_64x128x16_F32F16F16_SS<K,MN>      SM90_64x128x16_F32F16F16_RS<GMMA::Major::K,GMMA::Major::MN>
    SM90_64x64x32_S32S8S8_SS_TN_SATURATE
    SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>   MMA_Traits<SM100_MMA_F8F6F4_SS, ...>
    SM120_16x8x32_TN<float_e2m1_t,float_e4m3_t,float>   SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<...,float_ue4m3_t,16>
"""

from __future__ import annotations

from importlib import import_module

from cutedump.atoms.mma_catalog.traits import MMATraits, split_template  # noqa: F401 (this package's API)
from cutedump.atoms.mma_catalog.warp import MMA_TRAITS, SKIPPED
from cutedump.errors import CuteDumpError
from cutedump.versions import cutlass_fact

#: the generation modules of this package, in the order lookup_mma asks them
GENERATIONS = ("universal", "warp", "sm90_gmma", "sm100", "sm120")


def generation(name: str):
    """The module of one generation (imported on first use: `mma SM80_...` loads neither GMMA nor UMMA)."""
    return _WARP if name == "warp" else import_module(f"{__name__}.{name}")


class _Warp:
    """warp.py is data (written by tests/oracle/gen_atom_catalog.py): its owns/lookup/families."""

    @staticmethod
    def owns(base: str) -> bool:
        return base in MMA_TRAITS

    @staticmethod
    def lookup(base: str, targs: list[str] | None) -> MMATraits:
        if targs:
            raise CuteDumpError(f"{base} takes no template arguments")
        arch, vals, shp, thr, a, b, c = MMA_TRAITS[base]
        if base in SM80_INT4_16x8x32:  # CUTLASS 4.7 changed LayoutB_TV's thread stride (32 -> 64)
            stride = cutlass_fact("sm80_16x8x32_int4_b_thread_stride")
            b = f"((_4,_8),(_8)):((_{stride},_1),(_8))"
        return MMATraits(base, base, arch, vals, shp, thr, a, b, c, family=base)

    @staticmethod
    def families() -> list[str]:
        return list(MMA_TRAITS)


_WARP = _Warp()

#: the SM80 int4 atoms whose LayoutB_TV differs between CUTLASS versions (versions.CUTLASS_FACTS)
SM80_INT4_16x8x32 = frozenset(
    f"SM80_16x8x32_S32{a}4{b}4S32_TN{sat}" for a in "SU" for b in "SU" for sat in ("", "_SATURATE")
)


def gmma_families() -> dict:
    """SM90 GMMA: base name (no template args) -> (K, N, types, A bits, kind, SS|RS) (see sm90_gmma.py)."""
    return generation("sm90_gmma").gmma_families()


def all_mma_names() -> list[str]:
    """Every catalog family name of UniversalFMA, the warp-level table and GMMA (without template arguments)."""
    return [n for g in GENERATIONS[:3] for n in generation(g).families()]


def lookup_mma(name: str) -> MMATraits:
    base, targs = split_template(name)
    scope = base.split("::")
    base = scope[-1]
    if len(scope) > 1 and scope[-2] == "GMMA" and base.startswith("MMA_"):
        base = "SM90_" + base[4:]  # CuTe 4.2's struct SM90::GMMA::MMA_64x64x16_... (SM90_64x64x16_... its alias)
    if base == "MMA_Traits" and targs:
        return generation("sm100").lookup_umma_traits_form(targs)
    for g in GENERATIONS:
        gen = generation(g)
        if gen.owns(base):
            return gen.lookup(base, targs)
    if base in SKIPPED:
        raise CuteDumpError(f"{base} is not supported: its CuTe layout is not congruent ({SKIPPED[base]})")
    import difflib

    close = difflib.get_close_matches(
        base, all_mma_names() + generation("sm100").families() + generation("sm120").families(), n=4, cutoff=0.6
    )
    hint = f"; did you mean {', '.join(close)}?" if close else "; see `cutedump atoms --mma`"
    raise CuteDumpError(f"unknown MMA atom {name!r}{hint}")


def catalog_mma() -> list[MMATraits]:
    """One MMATraits per catalog entry (GMMA with majors K,K; UniversalFMA<float>) of UniversalFMA, the warp-level
    table and GMMA: each generation's lookup of each of its plain names."""
    return [generation(g).lookup(n, None) for g in GENERATIONS[:3] for n in generation(g).families()]
