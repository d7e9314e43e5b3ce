"""Differential tests: tensor memory against real CuTe 4.2 (host-compiled).

UMMA accumulator fragments (partition_fragment_C) and TS A fragments as TMEM tensors with their 32-bit column
count, for seeded atoms of every family and tilings; make_tmem_copy with every SM100_TMEM_LOAD/STORE atom: the
TiledCopy, one thread's partition_S (a TMEM tensor, with its address) and partition_D; the TMEM copy catalog data.
"""

from __future__ import annotations

import pytest

from tests.oracle import gen_tmem as G
from tests.oracle.cute import PRELUDE, diff_cases, run_chunked, unavailable_reason
from tests.oracle.cutlass_versions import answering_as

pytestmark = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

CHUNK = 40


def _run(cases):
    return run_chunked(cases, CHUNK)


_diff = diff_cases


def test_tmem_copy_catalog_is_cutes():
    """The TMEM copy catalog is what the generator reads from CuTe's copy_traits_sm100.hpp (the header, not a record:
    skipped where the CuTe headers are not installed)."""
    from tests.oracle.cute import include_dirs

    if include_dirs() is None:
        pytest.skip(
            'CuTe headers not found: pip install -e ".[oracle]" (nvidia-cutlass==4.2.0.0 and the CUDA header wheels)'
        )
    import contextlib
    import io

    from cutedump.atoms import tmem_data
    from tools import gen_tmem_data

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        gen_tmem_data.main()
    ns = {}
    exec(buf.getvalue(), ns)
    assert ns["TMEM_COPY_TRAITS"] == tmem_data.TMEM_COPY_TRAITS


def test_umma_tmem_fragments_like_cute():
    cases = G.fragment_cases()
    assert len(cases) >= 150
    bad = _diff(cases, _run(cases))
    assert not bad, "\n".join(bad[:20])


def test_make_tmem_copy_like_cute():
    cases = G.copy_cases()
    assert len(cases) == 148
    bad = _diff(cases, _run(cases))
    assert not bad, "\n".join(bad[:20])


def test_tmem_copies_we_refuse_cute_refuses():
    cases = G.copy_rejected()
    assert len(cases) >= 50
    got = G.cute_rejects(cases)
    # same reason as ours: CuTe's static_assert in make_cotiled_copy
    bad = [
        f"{lbl}: CuTe {g!r}"
        for (lbl, _b), g in zip(cases, got)
        if "The memory pointed to by AtomTVLayout does not exist in the DataLayout." not in g
    ]
    assert not bad, "\n".join(bad[:20])


def test_make_tmem_copy_on_other_accumulators_like_cute():
    seen = {c[0].rsplit(" thr ", 1)[0] for c in G.copy_cases()}
    cases = [c for c in G.copy_cases(seed=201) if c[0].rsplit(" thr ", 1)[0] not in seen][:40]
    assert len(cases) == 40
    bad = _diff(cases, _run(cases))
    assert not bad, "\n".join(bad[:20])


@pytest.mark.slow
def test_tmem_pictures_like_cute():
    """The data of every ``tmem --copy`` picture (each warp's lanes, columns and cell count) is the TMEM cells real
    CuTe's TMEM-side partition reaches: partition_S of a load, partition_D of a store."""
    with answering_as("4.2"):  # 4.2's atoms: the same batches under either version (4.7's new ones: test_cutlass47_*)
        cases = G.picture_cases()
    assert len(cases) >= 140
    bad = _diff(cases, run_chunked(cases, 66, prelude="#include <set>\n" + PRELUDE))
    assert not bad, "\n".join(bad[:20])


def test_tmem_store_sides_like_cute():
    """A store's TMEM side (partition_D of the accumulator) and register side (partition_S of a compact tensor), as
    ``tmem --copy SM100_TMEM_STORE_*`` prints them, against real CuTe."""
    cases = G.store_side_cases()
    assert len(cases) >= 60
    bad = _diff(cases, _run(cases))
    assert not bad, "\n".join(bad[:20])


@pytest.mark.slow
def test_tmem_pictures_like_cute_more_accumulators():
    """The picture data on accumulators whose copies reach only part of each warp's subpartition (M = 64)."""
    with answering_as("4.2"):
        cases = G.picture_cases(G.PICTURE_ACCS_MORE)
    assert len(cases) >= 200
    bad = _diff(cases, run_chunked(cases, 66, prelude="#include <set>\n" + PRELUDE))
    assert not bad, "\n".join(bad[:20])
