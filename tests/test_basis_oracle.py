"""ScaledBasis strides (make_identity_layout, make_identity_tensor, make_basis_like, E<i...>{}) against real CuTe.

tests/oracle/gen_basis.py writes seeded C++ expressions over identity layouts; real CuTe compiles each inside
print(...) (answers recorded in tests/oracle/records/), cutedump evaluates the same text: every print equal, every
case CuTe refuses refused by cutedump (a CuteDumpError).
"""

from __future__ import annotations

import pytest

from tests.oracle import agreement as A
from tests.oracle import gen_basis as G

CORPORA = [
    (G.generate, 20261124, 300),
    (G.generate_more, 20261125, 300),
    (G.generate_rhs, 20261126, 200),
    (G.generate_strides, 20261127, 300),
]


@pytest.fixture(scope="module", params=range(len(CORPORA)), ids=lambda i: f"seed{CORPORA[i][1]}")
def cases(request):
    fn, seed, n = CORPORA[request.param]
    return fn(seed, n)


@pytest.fixture(scope="module")
def oracle(cases):
    return A.run(cases, 100)


def test_basis_corpus_deterministic(cases):
    assert len(cases) >= 200 and len({c.op for c in cases}) >= 5
    assert [c.expr for c in G.generate(7, 50)] == [c.expr for c in G.generate(7, 50)]


def test_basis_matches_cute(cases, oracle):
    total, agree, bad = A.compare(cases, oracle)
    n = sum(total.values())
    print(f"\n[oracle-basis] {n - len(bad)}/{n} cases agree with CuTe ({len(oracle.rejected)} refused by both)")
    if bad:
        pytest.fail(A.failure(total, bad, 40), pytrace=False)


def test_cute_prints_read_back(cases, oracle):
    """CuTe's own print of each answer (layouts with _1@0 strides, bases, coordinates) read back by cutedump eval
    prints the same bytes (CuTe's print syntax is cutedump's literal syntax)."""
    from cutedump.expr import evaluate_to_string

    n, bad = 0, []
    for i, want in oracle.outputs.items():
        if "@" not in want:
            continue
        n += 1
        try:
            got = evaluate_to_string(want)
        except Exception as e:  # noqa: BLE001 - any failure is a finding
            got = f"<{type(e).__name__}: {e}>"
        if got != want:
            bad.append(f"{want!r} -> {got!r}")
    assert n >= 10
    assert not bad, "\n".join(bad[:20])


def test_cpp_spelling_of_bases_reads_back(cases, oracle):
    """format_result(x, "cpp") spells ScaledBasis strides as E<...>{} products (and coordinates as
    make_arithmetic_tuple); the spelling evaluates to the same print."""
    from cutedump.expr import evaluate, format_result

    n = 0
    for i, want in oracle.outputs.items():
        if "@" not in want:
            continue
        x = evaluate(want)
        assert format_result(evaluate(format_result(x, "cpp"))) == want
        n += 1
    assert n >= 10
