"""Differential tests: SM100 TMA (make_tma_atom_A/B_sm100, make_tma_copy_A/B/C_sm100, the Blackwell tutorials'
partition and multicast masks) against real CuTe 4.2, host-only, the descriptor arguments captured.

Cases come from tests/oracle/gen_tma_sm100.py (seeded draws over UMMA atoms, smem atoms, tilers, clusters, ops and
gmem layouts; the tutorials' own configurations). A batch compiles the SM100 TMA and UMMA headers once with all its
cases: measured here (2 cores, -O0, another helper compiling beside it) 1.1 s of g++ per atom/copy case and 1.5 s
per partition case on top of ~7 s, 1.2-1.9 GB; recording the 13 seeded/tutorial batches took 15.6 minutes, about
72 s a batch on average; the refusal check (-fsyntax-only) about 15 s.
Default runs answer from the records (tests/oracle/records/); --oracle=live recompiles.
"""

from __future__ import annotations

import pytest

from tests.oracle import gen_tma_sm100 as GS
from tests.oracle.cute import diff_cases, run_cases, unavailable_reason

pytestmark = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

ATOM_SEEDS = [500, 501, 502, 503, 504]
COPY_SEEDS = [600, 601, 602]
PART_SEEDS = [700, 701, 702, 703]
CHUNK = {"atom": 80, "copy": 80, "part": 60}


def _check(cases):
    outs = run_cases([c[1] for c in cases], prelude=GS.PRELUDE, extra_flags=GS.FLAGS)
    bad = diff_cases(cases, outs)
    assert not bad, f"{len(bad)} of {len(cases)} differ:\n" + "\n".join(bad[:20])


def test_tutorial_configurations_like_cute():
    """Tutorials 02 (make_tma_atom, 1SM), 03 (SM90 multicast), 04/05 (2SM multicast, make_tma_atom_X_sm100), the C
    operand's make_tma_copy_C_sm100, an MN-major 2SM load, a batched gmem and two asserts."""
    _check(GS.tutorial_cases())


@pytest.mark.parametrize("seed", ATOM_SEEDS)
def test_make_tma_atom_sm100_like_cute(seed):
    cases = GS.cases("atom", CHUNK["atom"], seed)
    assert len(cases) == CHUNK["atom"]
    _check(cases)
    assert any(c[2].startswith("ASSERT:") for c in cases) and any(c[2].startswith("tensor_map:") for c in cases)


@pytest.mark.parametrize("seed", COPY_SEEDS)
def test_make_tma_copy_sm100_like_cute(seed):
    cases = GS.cases("copy", CHUNK["copy"], seed)
    assert len(cases) == CHUNK["copy"]
    _check(cases)


@pytest.mark.parametrize("seed", PART_SEEDS)
def test_tutorial_partition_and_masks_like_cute(seed):
    cases = GS.cases("part", CHUNK["part"], seed)
    assert len(cases) == CHUNK["part"]
    _check(cases)


def test_the_draws_cover_ops_operands_and_both_sm_counts():
    names = [
        c[0]
        for k, seeds in (("atom", ATOM_SEEDS), ("copy", COPY_SEEDS))
        for s in seeds
        for c in GS.cases(k, CHUNK[k], s)
    ]
    ops = {n.split()[2] for n in names}
    assert ops >= {
        "SM90_TMA_LOAD",
        "SM90_TMA_LOAD_MULTICAST",
        "SM90_TMA_STORE",
        "SM100_TMA_2SM_LOAD",
        "SM100_TMA_2SM_LOAD_MULTICAST",
    }
    assert {n.split()[1] for n in names} == {"A", "B", "C"}
    assert any("2x1SM" in n for n in names) and any("2x1SM" not in n for n in names)
    assert any(" lay=(_2,_1)" in n for n in names)
    for k in ("TF32", "F16BF16", "S8", "F8F6F4"):
        assert any(f"SM100_MMA_{k}" in n for n in names), k


def test_refusals_say_cutes_static_assert():
    """Inputs CuTe refuses at compile time: our one error line contains the text of CuTe's first static_assert
    (one recorded g++ -fsyntax-only run over all of them)."""
    cases = GS.refusal_cases()
    got = GS.cute_first_errors(cases)
    bad = []
    for (label, _body, ours), cute in zip(cases, got):
        text = cute.split("static assertion failed: ", 1)[-1].strip()
        if not cute.startswith("static_assert") or text not in ours:
            bad.append(f"{label}: ours {ours!r} / cute {cute!r}")
    assert not bad, "\n".join(bad)


def test_hopper_make_tma_copy_with_a_umma_smem_like_cute():
    """Hopper's make_tma_copy / tma_partition with a one-stage UMMA smem layout of higher rank than the tile (no
    pipeline stage is cut off; the partition groups all of sA)."""
    _check(GS.hopper_umma_cases())
