"""Differential tests: make_tma_copy against real CuTe 4.2 (host-only, descriptor arguments captured).

Each batch is a seeded draw of tests/oracle/gen_tma.py: the cuTensorMapEncodeTiled arguments CuTe passes, print(tma)
and print(tma.get_tma_tensor(shape(gmem))), or the text of CuTe's assert where TMA cannot do the input.
"""

from __future__ import annotations

import pytest

from tests.oracle import gen_tma as G
from tests.oracle.cute import run_cases, unavailable_reason

pytestmark = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

CHUNK = 200
SEEDS = list(range(100, 113))


def _diff(cases, outs):
    bad = []
    for (name, _, exp), got in zip(cases, outs):
        if exp != got:
            el, gl = exp.splitlines(), got.splitlines()
            first = next(
                (f"ours {a!r} / cute {b!r}" for a, b in zip(el, gl) if a != b), f"{len(el)} vs {len(gl)} lines"
            )
            bad.append(f"{name}: {first}")
    return bad


@pytest.mark.parametrize("seed", SEEDS)
def test_make_tma_copy_like_cute(seed):
    cases = G.tma_cases(CHUNK, seed)
    assert len(cases) == CHUNK
    outs = run_cases([c[1] for c in cases], prelude=G.PRELUDE, extra_flags=G.FLAGS)
    bad = _diff(cases, outs)
    assert not bad, f"{len(bad)} of {len(cases)} differ:\n" + "\n".join(bad[:20])
    # the batch covers every op and both outcomes (a descriptor, an assert)
    assert {c[0].split()[0] for c in cases} >= {
        "SM90_TMA_LOAD",
        "SM90_TMA_LOAD_MULTICAST",
        "SM90_TMA_STORE",
        "SM90_TMA_REDUCE_ADD",
    }
    assert any(c[2].startswith("tensor_map:") for c in cases) and any(c[2].startswith("ASSERT:") for c in cases)


def test_documented_and_corner_cases_like_cute():
    cases = G.doc_cases()
    outs = run_cases([c[1] for c in cases], prelude=G.PRELUDE, extra_flags=G.FLAGS)
    bad = _diff(cases, outs)
    assert not bad, "\n".join(bad)


PARTITION_SEEDS = [300, 301, 302, 303, 304, 305]


@pytest.mark.parametrize("seed", PARTITION_SEEDS)
def test_tma_partition_like_cute(seed):
    cases = G.partition_cases(150, seed)
    outs = run_cases([c[1] for c in cases], prelude=G.PRELUDE, extra_flags=G.FLAGS)
    bad = _diff(cases, outs)
    assert not bad, f"{len(bad)} of {len(cases)} differ:\n" + "\n".join(bad[:20])


def test_sm100_2sm_load_through_make_tma_copy_like_cute():
    cases = G.sm100_cases()
    outs = run_cases([c[1] for c in cases], prelude=G.PRELUDE_SM100, extra_flags=G.FLAGS)
    bad = _diff(cases, outs)
    assert not bad, "\n".join(bad)
