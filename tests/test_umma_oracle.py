"""Differential tests: SM100 UMMA atoms against real CuTe 4.2 (host-compiled, no Blackwell GPU needed).

Every family x every legal (M, N) with seeded types/majors/negations: print(MMA_Atom) and the traits' idesc_;
print(make_tiled_mma(Op{}, atom layout)) for a seeded sample; illegal atoms give CuTe's first static_assert.
"""

from __future__ import annotations

import pytest

from tests.oracle import gen_umma as G
from tests.oracle.cute import diff_cases, run_chunked, unavailable_reason

pytestmark = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

CHUNK = 150


def _run(cases):
    return run_chunked(cases, CHUNK)


_diff = diff_cases


def test_umma_atoms_and_instr_desc_like_cute():
    cases = G.atom_cases()
    assert len(cases) >= 900
    bad = _diff(cases, _run(cases))
    assert not bad, "\n".join(bad[:20])


def test_umma_tiled_mma_like_cute():
    cases = G.tiled_cases()
    assert len(cases) >= 280
    bad = _diff(cases, _run(cases))
    assert not bad, "\n".join(bad[:20])


def test_umma_illegal_atoms_give_cutes_static_assert():
    cases = G.error_cases()
    assert len(cases) >= 250
    got = G.cute_first_errors(cases)
    # static_assert(sizeof(a_type) == n) has no message: ours names the condition after g++'s words
    bad = [
        f"{lbl}: ours {msg!r} / cute {g!r}"
        for (lbl, _c, msg), g in zip(cases, got)
        if msg.split(": sizeof")[0] not in g
    ]
    assert not bad, "\n".join(bad[:20])


def test_umma_latex_and_svg_like_cute():
    cases = G.picture_cases()
    bad = _diff(cases, _run(cases))
    assert not bad, "\n".join(bad[:20])


def test_sm100_vector_fma_atoms_like_cute():
    cases = G.vector_fma_cases()
    bad = _diff(cases, _run(cases))
    assert not bad, "\n".join(bad[:20])
