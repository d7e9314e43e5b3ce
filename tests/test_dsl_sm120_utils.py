"""The GeForce examples' ``sm120_utils`` helpers (cutlass.utils.blackwell_helpers: get_permutation_mnk,
get_layoutSFA_TV/SFB_TV, thrfrg_SFA/SFB, sm120_get_smem_store_op) against nvidia-cutlass-dsl 4.8.1 traced on the CPU with
CUTE_DSL_ARCH=sm_120a (tests/oracle/gen_dsl_sm120_utils.py; answers recorded). A case agrees when cutedump's answer
is the DSL's ``str()`` byte for byte, or when both refuse it. Fresh cases: CUTEDUMP_DSL_SM120_SEED."""

from __future__ import annotations

import collections
import os

import pytest

from cutedump.errors import CuteDumpError
from cutedump.expr import answer_text
from tests.oracle import gen_dsl as G
from tests.oracle import gen_dsl_sm120_utils as D


def _agree(cases, answers):
    total, bad = collections.Counter(), []
    for c, (kind, want) in zip(cases, answers):
        total[c.op] += 1
        try:
            got = ("ok", answer_text(c.expr, "dsl"))
        except CuteDumpError as e:
            got = ("error", e.message)
        if not ((kind == "error" and got[0] == "error") or got == (kind, want)):
            bad.append(f"[{c.op}] {c.expr}\n   DSL: {kind} {want}\n   us:  {got[0]} {got[1]}")
    return total, bad


def _check(monkeypatch, step):
    from tests.oracle import records as R

    monkeypatch.setenv("CUTE_DSL_ARCH", "sm_120a")
    seed = os.environ.get("CUTEDUMP_DSL_SM120_SEED")
    cases = D.generate(int(seed)) if seed else D.generate()
    if seed or R.mode() != "recorded":
        why = G.dsl_unavailable()
        if why:
            pytest.skip(why)
    answers = D.run_oracle(cases)
    total, bad = _agree(cases[::step], answers[::step])
    assert not bad, f"{len(bad)} of {sum(total.values())} differ:\n" + "\n".join(bad[:10])
    assert set(total) == {"perm", "tv_a", "tv_b", "frg_a", "frg_b", "frg_smem", "store"}
    return sum(total.values())


def test_sm120_utils_like_the_dsl_sample(monkeypatch):
    """Every eighth case of the corpus (every family) in the default run."""
    assert _check(monkeypatch, 8) >= 37


@pytest.mark.slow
def test_sm120_utils_like_the_dsl(monkeypatch):
    assert _check(monkeypatch, 1) >= 300


def test_sm120_utils_spelling_reads_as_dsl(monkeypatch):
    """``sm120_utils.`` marks the DSL's spelling (no --syntax needed), as the GeForce examples write it."""
    monkeypatch.setenv("CUTE_DSL_ARCH", "sm_120a")
    e = "sm120_utils.get_permutation_mnk((256, 128, 128), 16, False)"
    # the DSL 4.8.1 prints "(128, (8,2,2):(1,16,8), 64)" for it (traced with CUTE_DSL_ARCH=sm_120a)
    assert answer_text(e) == answer_text(e, "dsl") == "(128, (8,2,2):(1,16,8), 64)"
    with pytest.raises(CuteDumpError, match="Unsupported sf_vec_size"):
        answer_text("sm120_utils.get_permutation_mnk((256, 128, 128), 8, False)")
