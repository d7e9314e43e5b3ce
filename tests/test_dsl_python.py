"""The Python kernels write around layouts (slices, conditionals, ``*`` unpacking, integer operators, builtins, a
layout's modes) and the algebra families found to differ on fresh seeds (inverses of non-injective layouts, a
composition with a dynamic extent, cosize with dynamic extents), against the CuTe DSL 4.8.1 traced on the CPU
(tests/oracle/gen_dsl_py.py; answers recorded in tests/oracle/records/, checked live in CI on a share)."""

from __future__ import annotations

import collections
import os

import pytest

from cutedump.errors import CuteDumpError
from cutedump.expr import answer_text
from tests.oracle import gen_dsl as G
from tests.oracle import gen_dsl_py as P

SEED = int(os.environ.get("CUTEDUMP_DSL_PY_SEED", "20261127"))


@pytest.fixture(scope="module")
def cases():
    return P.generate(SEED, 40)


@pytest.fixture(scope="module")
def oracle(cases):
    from tests.oracle import records as R

    why = G.dsl_unavailable()
    if why and R.mode() != "recorded":
        pytest.skip(why)
    return G.run_oracle(cases, 400)


def _ours(expr):
    try:
        return "ok", answer_text(expr, "dsl")
    except CuteDumpError as e:
        return "error", e.message


def _agree(cases, oracle):
    total, bad = collections.Counter(), []
    for c, (kind, want) in zip(cases, oracle):
        if kind == "crash":
            continue
        total[c.op] += 1
        got = _ours(c.expr)
        if not ((kind == "error" and got[0] == "error") or got == (kind, want)):
            bad.append((c.op, c.expr, f"{kind} {want}", f"{got[0]} {got[1]}"))
    return total, bad


def test_corpus_is_broad(cases, oracle):
    ops = collections.Counter(c.op for c in cases)
    assert len(cases) >= 1200 and len(ops) >= 14, ops
    for op in ("py_slice", "py_cond", "py_star", "py_int", "py_mode", "left_inverse_ni", "right_inverse_ni", "py_edge"):
        assert ops[op] >= 30, op
    kinds = collections.Counter(k for k, _ in oracle)
    assert kinds["ok"] >= 700 and kinds["error"] >= 30, kinds  # answers and refusals both


def test_python_in_dsl_lines_matches_the_dsl_sample(cases, oracle):
    """Every 6th case (the default run; all of them: the slow test below)."""
    total, bad = _agree(cases[::6], oracle[::6])
    assert sum(total.values()) >= 150
    assert not bad, "\n".join(f"[{o}] {e}\n   DSL: {w}\n   us:  {g}" for o, e, w, g in bad[:30])


@pytest.mark.slow
def test_python_in_dsl_lines_matches_the_dsl(cases, oracle):
    total, bad = _agree(cases, oracle)
    assert sum(total.values()) >= 1000
    assert not bad, "\n".join(f"[{o}] {e}\n   DSL: {w}\n   us:  {g}" for o, e, w, g in bad[:30])
