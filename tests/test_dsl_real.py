"""Layout lines of published CuTe DSL kernels (tests/data/dsl_corpus.toml: CUTLASS's Python examples, QuACK,
FlashAttention's CuTe port, each with its repository@commit:line) and random cases around the DSL's answers cutedump
once missed, against the CuTe DSL 4.8.1 traced on the CPU (tests/oracle/gen_dsl_real.py; answers recorded in
tests/oracle/records/). A case agrees when cutedump's answer is the DSL's print byte for byte, or both refuse it."""

from __future__ import annotations

import collections
import re

import pytest

from cutedump.errors import CuteDumpError
from cutedump.expr import answer_text
from tests.oracle import gen_dsl as G
from tests.oracle import gen_dsl_real as R


@pytest.fixture(scope="module")
def cases():
    return R.generate()


@pytest.fixture(scope="module")
def oracle(cases):
    from tests.oracle import records as Rec

    why = G.dsl_unavailable()
    if why and Rec.mode() != "recorded":
        pytest.skip(why)
    return G.run_oracle(cases, 400)


def _ours(expr):
    try:
        return "ok", answer_text(expr, "dsl")
    except CuteDumpError as e:
        return "error", e.message


#: corpus lines of MMA/copy constructors whose print differs today (cutedump/atoms/dsl_ops.py belongs to the
#: dsl-ops branch, which works on them): a permutation_mnk of ints prints as layouts (32:1,32:1,16:1); a copy
#: atom made without num_bits_per_copy prints its TV layouts (1,1):(0,0)
def test_corpus_is_real_code():
    lines = R.corpus()
    by = collections.Counter(ln.repo for ln in lines)
    assert len({ln.src for ln in lines}) >= 150 and len(by) == 3 and min(by.values()) >= 40, by
    for ln in lines:
        assert re.fullmatch(r"https://github\.com/[\w.-]+/[\w.-]+/blob/[0-9a-f]{40}/[\w./-]+\.py#L\d+", ln.url), ln
        assert ln.needs in (None, "ops"), ln


def _agree(cases, oracle):
    total, bad = collections.Counter(), []
    for c, (kind, want) in zip(cases, oracle):
        if kind == "crash":
            continue
        got = _ours(c.expr)
        total[c.op] += 1
        if not ((kind == "error" and got[0] == "error") or got == (kind, want)):
            bad.append((c.op, c.expr, f"{kind} {want}", f"{got[0]} {got[1]}"))
    return total, bad


def test_real_kernel_lines_match_the_dsl_sample(cases, oracle):
    """Every other corpus line (the default run; all of them: the slow test below)."""
    n = len(R.corpus())
    total, bad = _agree(cases[:n:2], oracle[:n:2])
    assert sum(total.values()) >= 125
    assert not bad, "\n".join(f"[{o}] {e}\n   DSL: {w}\n   us:  {g}" for o, e, w, g in bad[:30])


@pytest.mark.slow
def test_real_kernel_lines_match_the_dsl(cases, oracle):
    n = len(R.corpus())
    total, bad = _agree(cases[:n], oracle[:n])
    assert sum(total.values()) >= 250
    assert not bad, "\n".join(f"[{o}] {e}\n   DSL: {w}\n   us:  {g}" for o, e, w, g in bad[:30])


@pytest.mark.slow
def test_gap_cases_match_the_dsl(cases, oracle):
    n = len(R.corpus())
    total, bad = _agree(cases[n:], oracle[n:])
    assert sum(total.values()) >= 300
    assert not bad, "\n".join(f"[{o}] {e}\n   DSL: {w}\n   us:  {g}" for o, e, w, g in bad[:40])
