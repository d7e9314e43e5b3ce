"""The CuTe DSL's MMA and copy constructors, its smem atoms and helpers, against the CuTe DSL 4.8.1 traced on the CPU
(tests/oracle/gen_dsl_ops.py; answers recorded in tests/oracle/records/, checked live in CI on a share).

A case agrees when cutedump's answer (``cutedump eval --syntax dsl EXPR``) is the DSL's ``str()`` byte for byte, or
when both refuse it (the DSL raising while tracing, cutedump with one error). The default run checks a sample of
every family; the whole corpus is the slow test."""

from __future__ import annotations

import collections
import random
import re

import pytest

from cutedump.errors import CuteDumpError
from cutedump.expr import answer_text
from tests.oracle import gen_dsl as G
from tests.oracle import gen_dsl_ops as O

#: families and the number of their cases the DSL answers otherwise than cutedump (measured on the whole corpus:
#: none)
KNOWN_MISSING: dict[str, int] = {}


@pytest.fixture(scope="module")
def cases():
    return O.generate()


@pytest.fixture(scope="module")
def oracle(cases):
    from tests.oracle import records as R

    why = G.dsl_unavailable()
    if why and R.mode() != "recorded":
        pytest.skip(why)
    return O.run_oracle(cases)


def _ours(expr):
    try:
        return "ok", answer_text(expr, "dsl")
    except CuteDumpError as e:
        return "error", e.message


def _agree(cases, oracle):
    total, good, bad = collections.Counter(), collections.Counter(), collections.defaultdict(list)
    for c, (kind, want) in zip(cases, oracle):
        if kind == "crash":
            continue
        total[c.op] += 1
        got = _ours(c.expr)
        if (kind == "error" and got[0] == "error") or got == (kind, want):
            good[c.op] += 1
        else:
            bad[c.op].append(f"[{c.op}] {c.expr}\n   DSL: {kind} {want}\n   us:  {got[0]} {got[1]}")
    return total, good, bad


def test_corpus_is_broad(cases):
    ops = collections.Counter(c.op for c in cases)
    assert len(cases) >= 2000, len(cases)
    for op, least in (
        ("warp_op", 30),
        ("warp_tiled", 100),
        ("tc_op", 100),
        ("tc_atom", 100),
        ("tc_tiled", 100),
        ("tc_query", 100),
        ("tc_refusal", 20),
        ("wg_refusal", 5),
        ("sm100_trivial", 50),
        ("sm100_smem_ab", 100),
        ("sm100_epi", 40),
        ("smem_atom", 250),
        ("sm90_smem_ab", 100),
        ("copy_op", 50),
        ("copy_atom", 150),
        ("tiled_copy_tv", 80),
        ("tiled_copy_abc", 30),
        ("tmem_atom", 50),
        ("mma_universal", 50),
        ("mma_perm", 40),
        ("sm90_store", 20),
        ("sm100_epi_tile", 30),
        ("sm100_tmem_load", 30),
        ("bs_op", 40),
        ("bs_tiled", 40),
        ("bs_trivial", 30),
        ("s2t_op", 12),
        ("tc_tile_to_mma", 20),
        ("sm100_smem_c", 10),
        ("sm90_epi_tile", 20),
        ("c_atom", 20),
        ("sd", 30),
        ("cotiled", 20),
        ("copy_more", 50),
        ("query", 80),
        ("smem_edge", 20),
        ("sparse_atom", 60),
        ("sm103", 20),
    ):
        assert ops[op] >= least, (op, ops[op])


def test_dsl_ops_match_the_dsl_sample(cases, oracle, monkeypatch):
    """Every 20th case of every family (the default run; the whole corpus is the slow test below)."""
    monkeypatch.delenv("CUTE_DSL_ARCH", raising=False)
    sample = collections.defaultdict(list)
    for c, a in zip(cases, oracle):
        sample[c.op].append((c, a))
    picked = [x for xs in sample.values() for x in xs[::20]]
    total, good, bad = _agree([c for c, _ in picked], [a for _, a in picked])
    allowed = sum(n // 10 + 1 for n in KNOWN_MISSING.values())
    n_bad = sum(len(v) for v in bad.values())
    assert n_bad <= allowed and all(op in KNOWN_MISSING for op in bad), "\n".join(
        x for v in bad.values() for x in v[:5]
    )
    assert sum(total.values()) >= 150


@pytest.mark.slow
def test_dsl_ops_match_the_dsl(cases, oracle, monkeypatch):
    monkeypatch.delenv("CUTE_DSL_ARCH", raising=False)
    total, good, bad = _agree(cases, oracle)
    report = "\n".join(f"{op:16} {good[op]}/{total[op]}" for op in sorted(total))
    for op, xs in bad.items():
        assert op in KNOWN_MISSING and len(xs) <= KNOWN_MISSING[op], report + "\n" + "\n".join(xs[:10])


def test_refusals_are_one_error(cases, monkeypatch):
    monkeypatch.delenv("CUTE_DSL_ARCH", raising=False)
    for c in cases:
        if c.op in ("tc_refusal", "wg_refusal"):
            kind, msg = _ours(c.expr)
            assert kind == "error" and "\n" not in msg, (c.expr, msg)


@pytest.fixture(scope="module")
def sm90a_cases():
    return O.generate_sm90a()


@pytest.fixture(scope="module")
def sm90a_oracle(sm90a_cases):
    from tests.oracle import records as R

    why = G.dsl_unavailable()
    if why and R.mode() != "recorded":
        pytest.skip(why)
    return O.run_oracle_arch(sm90a_cases, O.SM90A)


def test_sm90a_corpus_is_broad(sm90a_cases):
    ops = collections.Counter(c.op for c in sm90a_cases)
    for op, least in (("wg_op", 60), ("wg_atom", 60), ("wg_tiled", 60), ("wg_query", 60), ("sm90_trivial", 40)):
        assert ops[op] >= least, (op, ops[op])


def test_dsl_ops_match_the_dsl_for_sm90a(sm90a_cases, sm90a_oracle, monkeypatch):
    """The DSL traced with CUTE_DSL_ARCH=sm_90a: the warpgroup ops answer, the tcgen05 ones are refused; cutedump
    reads the same variable (every 4th case; the slow test below takes them all)."""
    monkeypatch.setenv("CUTE_DSL_ARCH", O.SM90A)
    total, good, bad = _agree(sm90a_cases[::4], sm90a_oracle[::4])
    assert not bad, "\n".join(x for v in bad.values() for x in v[:5])
    assert sum(total.values()) >= 80


@pytest.mark.slow
def test_dsl_ops_match_the_dsl_for_sm90a_all(sm90a_cases, sm90a_oracle, monkeypatch):
    monkeypatch.setenv("CUTE_DSL_ARCH", O.SM90A)
    total, good, bad = _agree(sm90a_cases, sm90a_oracle)
    assert not bad, "\n".join(x for v in bad.values() for x in v[:10])


def test_warpgroup_ops_refused_without_sm90a(monkeypatch):
    """Without CUTE_DSL_ARCH the DSL targets sm_100a: a warpgroup op is one error naming the arch."""
    monkeypatch.delenv("CUTE_DSL_ARCH", raising=False)
    kind, msg = _ours(
        "cute.nvgpu.warpgroup.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (64, 128, 16), "
        "cute.nvgpu.warpgroup.OperandSource.SMEM, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.OperandMajorMode.K)"
    )
    assert kind == "error" and "sm_90a" in msg and "sm_100a" in msg and "\n" not in msg


_JUNK = (
    "4",
    "(4, 8)",
    "cute.make_layout(4)",
    "cutlass.Float16",
    "None",
    "cutlass.Int32(4)",
    "True",
    "cute.nvgpu.OperandMajorMode.K",
    "cute.nvgpu.tcgen05.CtaGroup.ONE",
    "(128,)",
    "((2, 2), 4)",
    "-1",
    "0",
    "cute.nvgpu.CopyUniversalOp()",
    "cutlass.utils.LayoutEnum.ROW_MAJOR",
)
_ARG = re.compile(r"cutlass\.[A-Za-z0-9]+|\(\d+, \d+(, \d+)?\)|\b\d+\b|cute\.nvgpu\.[A-Za-z0-9_.]+\.[A-Z_0-9]+\b")


def _mutants(cases, n, seed):
    """The corpus's expressions with one argument replaced by a value of another kind."""
    r = random.Random(seed)
    out = []
    while len(out) < n:
        e = r.choice(cases).expr
        spans = [m.span() for m in _ARG.finditer(e)]
        if spans:
            a, b = r.choice(spans)
            out.append(e[:a] + r.choice(_JUNK) + e[b:])
    return out


def _no_crash(exprs):
    for e in exprs:
        try:
            answer_text(e, "dsl")
        except CuteDumpError as ex:
            assert "\n" not in ex.message, (e, ex.message)


def test_wrong_kinds_of_arguments_are_one_error(cases, monkeypatch):
    """An argument of another kind (a type where a shape goes, None, a layout, an enum of another class) is an answer
    or one error, never a Python exception (40 mutants here, 3000 in the slow test)."""
    monkeypatch.delenv("CUTE_DSL_ARCH", raising=False)
    _no_crash(_mutants(cases, 40, 1))


@pytest.mark.slow
def test_wrong_kinds_of_arguments_are_one_error_many(cases, monkeypatch):
    monkeypatch.delenv("CUTE_DSL_ARCH", raising=False)
    _no_crash(_mutants(cases, 3000, 2))
