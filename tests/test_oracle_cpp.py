"""Differential test of the C++ spelling against real CuTe: kernels' own C++ text, evaluated by both.

``tests/oracle/gen_cpp.py`` writes a few thousand seeded expressions as CUDA kernels spell them (``Int<8>{}``,
``_8{}``, ``Layout<Shape<...>,Stride<...>>{}``, ``make_layout(shape, LayoutRight{})``, ``cute::`` prefixes, Layout
member functions, ...) over every operation, static and dynamic, nested. Real CuTe compiles each text literally
inside ``print(...)`` (answers recorded in tests/oracle/records/); cutedump evaluates the same text. Every printed
answer must be equal, and every text CuTe refuses to compile must be refused by cutedump (a CuteDumpError: never
a silent answer, never a traceback).
"""

from __future__ import annotations

import collections
import os

import pytest

from tests.oracle import agreement as A
from tests.oracle import gen_cpp as G

SEED = int(os.environ.get("CUTEDUMP_CPP_SEED", "20261123"))
N_CASES = int(os.environ.get("CUTEDUMP_CPP_CASES", "1500"))
BATCH = 150  # small batches: a batch holding a case CuTe refuses is compiled again (pruned), the others once
#: (seed, gen_algebra cases, nested cases) of each corpus: the first is SEED/N_CASES (overridable), the second fixed
CORPORA = [(SEED, N_CASES, 150), (20270101, 1000, 100)]


@pytest.fixture(scope="module", params=range(len(CORPORA)), ids=lambda i: f"seed{CORPORA[i][0]}")
def cases(request):
    return G.generate(*CORPORA[request.param])


@pytest.fixture(scope="module")
def oracle(cases):
    return A.run(cases, BATCH)


def test_corpus_is_broad_and_deterministic(cases):
    assert len(cases) >= 1800
    ops = collections.Counter(c.op for c in cases)
    assert len(ops) >= 70, sorted(ops)
    text = "\n".join(c.expr for c in cases)
    for form in (
        "Int<",
        "_8{}",
        "C<",
        "cute::",
        "Layout<Shape<",
        "Shape<",
        "Stride<",
        "Step<",
        "LayoutRight{}",
        "Swizzle<",
        "make_step(",
        "int(",
        ".compose(",
        ".with_shape(",
        ".tile(",
        ".shape<",
        "_m",
    ):
        assert form in text, form
    assert [c.expr for c in G.generate(SEED, 200, 20)] == [c.expr for c in G.generate(SEED, 200, 20)]


def test_cpp_spelling_matches_cute(cases, oracle):
    total, agree, bad = A.compare(cases, oracle)
    n, ok = sum(total.values()), sum(agree.values())
    print(f"\n[oracle-cpp] {ok}/{n} C++-spelled cases agree with CuTe ({len(oracle.rejected)} refused by both)")
    if bad:
        pytest.fail(A.failure(total, bad), pytrace=False)
