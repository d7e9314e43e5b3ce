"""Differential tests: MMA/Copy atoms, TiledMMA and TiledCopy against real CuTe 4.2, line by line.

The default run covers every catalog atom printed alone, every warp-level MMA atom in three tilings (1x1, 2x2,
2x2 with an M permutation layout and an N int permutation) with partitions and fragments, a GMMA subset in the
same tilings, every copy atom with several value types and TiledCopies built from each copy atom.
CUTEDUMP_ORACLE_FULL=1 puts every GMMA atom through the tilings too (slow: ~3,000 compiled cases).
"""

from __future__ import annotations

import os

import pytest

from cutedump.atoms.mma_catalog import catalog_mma
from tests.oracle import gen_atoms as G
from tests.oracle.cute import diff_cases, run_cases, run_chunked, unavailable_reason

pytestmark = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

CHUNK = 120


def _run(cases, flags=()):
    return run_chunked(cases, CHUNK, flags)


_diff = diff_cases


def test_every_mma_atom_prints_like_cute():
    cases = G.mma_atom_cases()
    assert len(cases) >= 1100
    bad = _diff(cases, _run(cases, G.EXT_FLAGS))
    assert not bad, "\n".join(bad[:20])


def _gmma_subset():
    full = os.environ.get("CUTEDUMP_ORACLE_FULL") == "1"
    out = []
    for t in catalog_mma():
        if t.arch != "SM90 GMMA":
            continue
        n = int(t.shape_mnk.strip("()").split(",")[1].lstrip("_"))
        if full or n in (8, 24):
            out.append(t)
    return out


def test_warp_level_tiled_mma_like_cute():
    atoms = [t for t in catalog_mma() if t.arch != "SM90 GMMA"]
    cases = G.mma_tiled_cases(atoms)
    assert len(cases) == 3 * len(atoms)
    bad = _diff(cases, _run(cases))
    assert not bad, "\n".join(bad[:20])


def test_gmma_tiled_mma_like_cute():
    cases = G.mma_tiled_cases(_gmma_subset(), partitions=True)
    bad = _diff(cases, _run(cases, G.EXT_FLAGS))
    assert not bad, "\n".join(bad[:20])


def test_copy_atoms_like_cute():
    cases, skipped = G.copy_atom_cases()
    assert len(cases) >= 70
    bad = _diff(cases, _run(cases))
    assert not bad, "\n".join(bad[:20])


def test_tiled_copies_like_cute():
    cases, skipped = G.copy_tiled_cases()
    assert len(cases) >= 250
    bad = _diff(cases, _run(cases))
    assert not bad, "\n".join(bad[:20])


SGEMM = r"""
auto mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{});
TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                                  Layout<Shape<_16,_8>, Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{});
Copy_Atom<SM75_U32x4_LDSM_N, half_t> s2r_atom_A;
TiledCopy s2r_copy_a = make_tiled_copy_A(s2r_atom_A, mma);
using A = Copy_Atom<SM75_U32x4_LDSM_N, half_t>;
print(mma.get_thr_layout_vmnk()); print("\n");
print(mma.get_layoutA_TV()); print("\n"); print(mma.get_layoutB_TV()); print("\n"); print(mma.get_layoutC_TV()); print("\n");
print(typename decltype(copyA)::TiledLayout_TV{}); print("\n"); print(typename decltype(copyA)::Tiler_MN{}); print("\n");
print(copyA.get_layoutS_TV()); print("\n"); print(copyA.get_layoutD_TV()); print("\n");
print(typename A::ValLayoutSrc{}); print("\n"); print(typename A::ValLayoutDst{}); print("\n"); print(typename A::ValLayoutRef{}); print("\n");
print(right_inverse(typename A::ValLayoutRef{}).compose(typename A::ValLayoutSrc{})); print("\n");
print(right_inverse(typename A::ValLayoutRef{}).compose(typename A::ValLayoutDst{})); print("\n");
print(typename decltype(s2r_copy_a)::TiledLayout_TV{}); print("\n"); print(typename decltype(s2r_copy_a)::Tiler_MN{}); print("\n");
"""


def test_sgemm_sm80_values_of_001_match_cute():
    from tests.test_atoms import sgemm_lines

    assert run_cases([SGEMM])[0].splitlines() == sgemm_lines()


def test_assorted_tilings_tensors_and_retile_like_cute():
    cases = G.extra_cases()
    bad = _diff(cases, _run(cases, G.EXT_FLAGS))
    assert not bad, "\n".join(bad[:20])
