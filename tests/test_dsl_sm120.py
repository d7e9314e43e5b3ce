"""The CuTe DSL's SM120 (GeForce Blackwell) block-scaled warp MMA ops, traced with CUTE_DSL_ARCH=sm_120a
(tests/oracle/gen_dsl_ops.py:generate_sm120a; answers recorded), against cutedump's (cutedump/atoms/dsl_ops.py over the
SM120 atoms of cutedump/atoms/mma_catalog/sm120.py)."""

from __future__ import annotations

import collections

import pytest

from cutedump.errors import CuteDumpError
from cutedump.expr import answer_text
from tests.oracle import gen_dsl as G
from tests.oracle import gen_dsl_ops as O


@pytest.fixture(scope="module")
def cases():
    return O.generate_sm120a()


@pytest.fixture(scope="module")
def oracle(cases):
    from tests.oracle import records as R

    why = G.dsl_unavailable()
    if why and R.mode() != "recorded":
        pytest.skip(why)
    return O.run_oracle_arch(cases, O.SM120A)


def test_corpus_is_broad(cases):
    ops = collections.Counter(c.op for c in cases)
    for op, least in (("sm120_op", 100), ("sm120_atom", 100), ("sm120_tiled", 50), ("sm120_query", 400)):
        assert ops[op] >= least, (op, ops[op])


def test_sm120_ops_match_the_dsl(cases, oracle, monkeypatch):
    monkeypatch.setenv("CUTE_DSL_ARCH", O.SM120A)
    n = answered = 0
    bad = []
    for c, (kind, want) in zip(cases, oracle):
        if kind == "crash":
            continue
        n += 1
        try:
            got = ("ok", answer_text(c.expr, "dsl"))
        except CuteDumpError as e:
            got = ("error", e.message)
        if (kind == "error" and got[0] == "error") or got == (kind, want):
            answered += kind == "ok"
        else:
            bad.append(f"[{c.op}] {c.expr}\n   DSL: {kind} {want}\n   us:  {got[0]} {got[1]}")
    assert not bad, f"{len(bad)} of {n} differ:\n" + "\n".join(bad[:10])
    assert answered >= 300


def test_sm120_ops_refused_on_other_archs(monkeypatch):
    """Without CUTE_DSL_ARCH the DSL targets sm_100a, where the SM120 ops refuse: one error naming the archs."""
    monkeypatch.delenv("CUTE_DSL_ARCH", raising=False)
    with pytest.raises(CuteDumpError, match="sm_120a, sm_120f, sm_121a, sm_121f, but got sm_100a"):
        answer_text("cute.nvgpu.warp.MmaMXF4Op(cutlass.Float4E2M1FN, cutlass.Float32, cutlass.Float8E8M0FNU)", "dsl")
