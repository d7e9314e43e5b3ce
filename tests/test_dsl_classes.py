"""Classes of DSL answers that differed from the CuTe DSL 4.8.1 (issue 42), each checked on seeded cases of the class
(tests/oracle/gen_dsl_classes.py; answers recorded, ``CUTEDUMP_DSL_CLASS_SEED`` for fresh ones)."""

from __future__ import annotations

import os

import pytest

from cutedump.errors import CuteDumpError
from cutedump.expr import answer_text
from tests.oracle import gen_dsl_classes as G

SEED = int(os.environ.get("CUTEDUMP_DSL_CLASS_SEED", "4242"))
N = int(os.environ.get("CUTEDUMP_DSL_CLASS_CASES", "60"))


@pytest.fixture(scope="module")
def cases():
    return G.generate(SEED, N)


def _ours(expr):
    try:
        return "ok", answer_text(expr, "dsl")
    except CuteDumpError as e:
        return "error", e.message


#: classes whose cases the DSL answers where cutedump still refuses or answers otherwise, at most this share (what
#: the DSL refuses is refused in every class): "kinds" (functions the DSL answers over tensors and swizzles that C++
#: CuTe has no overload for)
LOOSE = {"kinds": 0.1}


@pytest.mark.parametrize("cls", sorted(G.CLASSES))
def test_class_agrees_with_the_dsl_sample(cases, cls):
    """The first 20 cases of each class (the default run; all of them: the slow test below)."""
    _check(cases, cls, 20)


@pytest.mark.slow
@pytest.mark.parametrize("cls", sorted(G.CLASSES))
def test_class_agrees_with_the_dsl(cases, cls):
    _check(cases, cls, None)


def _check(cases, cls, first):
    exprs = cases[cls]
    answers = G.run_oracle(exprs)  # one recorded batch per class
    exprs, answers = exprs[:first], answers[:first]
    if cls in LOOSE:
        n, bad = G.agree(exprs, answers, _ours)
        missed = [b for b in bad if not b[1].startswith("error")]
        wrong = [b for b in bad if b[1].startswith("error")]
        assert not wrong, "\n".join(f"{e}\n   DSL: {w}\n   us:  {g}" for e, w, g in wrong[:20])
        assert len(missed) <= n * LOOSE[cls], "\n".join(f"{e}\n   DSL: {w}\n   us:  {g}" for e, w, g in missed[:20])
        return
    n, bad = G.agree(exprs, answers, _ours)
    assert n >= len(exprs) * 0.9
    assert not bad, "\n".join(f"{e}\n   DSL: {w}\n   us:  {g}" for e, w, g in bad[:20])
