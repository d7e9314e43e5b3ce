"""The lines of CUTLASS's own block-scaled CuTe DSL examples (tests/data/dsl_blockscaled_corpus.toml: SM100
dense_blockscaled_gemm_persistent.py, the SM103 FP4-Ultra example, the GeForce SM120 cooperative example, and flashinfer's
port of the SM100 kernel; the lines of their sibling examples -- amax, prefetch, grouped, SM103 grouped, GeForce pingpong --
whose calls are the base example's; each with its repository@commit:path:line) against nvidia-cutlass-dsl 4.8.1 traced on the CPU with the line's CUTE_DSL_ARCH
(tests/oracle/gen_dsl_bs_real.py; answers recorded). A line agrees when cutedump's answer is the DSL's print byte for
byte (the descriptor tensor's MLIR iterator read as test_dsl_s2t.py reads it), or both refuse it."""

from __future__ import annotations

import collections
import re

import pytest

from tests.oracle import gen_dsl as G
from tests.oracle import gen_dsl_bs_real as B
from tests.test_dsl_s2t import agree


def _answers(arch, cases):
    from tests.oracle import records as R

    why = G.dsl_unavailable()
    if why and R.mode() != "recorded":
        pytest.skip(why)
    return B.run_oracle(cases, arch)


#: calls the corpus substitutes by their value (the TOML's header says how)
_SUBSTITUTED = {"find_tmem_tensor_col_offset"}


def test_corpus_is_real_code():
    lines = B.corpus()
    assert len(lines) >= 1000
    by = collections.Counter(ln.src.split(":")[1].rsplit("/", 1)[-1] for ln in lines)
    assert len(by) == 18 and min(by.values()) >= 4, by
    assert {ln.arch for ln in lines} == set(B.ARCHS) and {ln.repo for ln in lines} == {"cutlass", "flashinfer"}
    for ln in lines:
        assert re.fullmatch(r"https://github\.com/[\w-]+/[\w-]+/blob/[0-9a-f]{40}/[\w./-]+\.py#L\d+", ln.url), ln
        calls = re.findall(r"([A-Za-z_][\w.]*)\(", ln.code)  # the functions the line calls are the expression's too
        words = [c.rsplit(".", 1)[-1] for c in calls if not c.startswith(("self.", "storage."))]
        words = [w for w in words if w not in _SUBSTITUTED]
        assert all(w in ln.expr for w in words), (ln.code, ln.expr)


def _check(monkeypatch, step):
    n, bad = 0, []
    for arch, cases in B.cases_by_arch().items():
        monkeypatch.setenv("CUTE_DSL_ARCH", arch)
        answers = _answers(arch, cases)
        total, wrong = agree(cases[::step], answers[::step])
        n += sum(total.values())
        bad += wrong
    assert not bad, f"{len(bad)} of {n} differ:\n" + "\n".join(bad[:12])
    return n


def test_example_lines_match_the_dsl_sample(monkeypatch):
    """Every thirteenth line of each arch's (the default run; all of them: the slow test below)."""
    assert _check(monkeypatch, 13) >= 28


@pytest.mark.slow
def test_example_lines_match_the_dsl(monkeypatch):
    assert _check(monkeypatch, 1) == len(B.corpus())
