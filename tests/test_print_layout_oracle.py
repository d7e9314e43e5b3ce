"""print_layout, byte for byte, on generated rank-2 layouts against real CuTe (recorded in tests/oracle/records/).

The generator (tests/oracle/gen_algebra.Gen) mixes static and dynamic integers, nests shapes to depth 2 inside each
of the two modes, and uses compact, permuted, gapped, random and zero strides; some strides are negated, some modes
have size 0 (print_layout then still writes the other mode's header and footer), and some layouts are swizzled
(``Sw<B,M,S> o _0 o L``). Every case is checked two ways: the library's print_layout and the piped output of
``cutedump layout``.
"""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from cutedump.expr import evaluate_layout
from cutedump.render.text import print_layout
from tests.oracle.cute import run_cases, unavailable_reason
from tests.oracle.gen_algebra import Comp, Gen, Lay, S, Sw, _map2, cx, leaves, lit

SEED = 20261123
N = 360


def _mode(g: Gen):
    """One mode's shape: an int or a (nested) tuple, at most 16 elements."""
    s = g.shape(max_depth=2, max_rank=2, max_size=16)
    return s


def _cases() -> list[tuple[str, str]]:
    g = Gen(SEED)
    r = random.Random(SEED)
    out = []
    while len(out) < N:
        g.new_mix()
        shape = (_mode(g), _mode(g))
        kind = r.choice(["col", "row", "perm", "gap", "rand", "zero"])
        stride = g.stride_for(shape, kind)
        if r.random() < 0.15:  # negative strides
            stride = _map2(shape, stride, lambda a, b: type(b)(-int(b)) if r.random() < 0.5 else b)
        if r.random() < 0.06:  # a size-0 mode
            m = r.randrange(2)
            shape = tuple((S(0) if r.random() < 0.5 else 0) if i == m else shape[i] for i in range(2))
            stride = tuple(S(1) if i == m else stride[i] for i in range(2))
        L = Lay(shape, stride)
        obj = L
        if r.random() < 0.15 and all(int(v) >= 0 for v in leaves(stride)):  # swizzled
            b = r.choice([1, 2, 3])
            obj = Comp(Sw(b, r.choice([0, 1, 2, 3]), r.choice([b, b + 1, 3])), L)
        out.append((lit(obj), f"print_layout({cx(obj)});"))
    return out


CASES = _cases()


@pytest.fixture(scope="module")
def cute():
    why = unavailable_reason()
    if why:
        pytest.skip(why)
    return run_cases([c for _, c in CASES])


def test_generator_covers_the_corners():
    texts = [t for t, _ in CASES]
    assert any(" o _0 o " in t for t in texts)  # swizzled
    assert any(":(" in t and "-" in t.split(":", 1)[1] for t in texts)  # negative strides
    assert any("(_0," in t or "(0," in t or ",_0)" in t or ",0)" in t for t in texts)  # size-0 modes
    assert any("_" not in t for t in texts) and any("((" in t for t in texts)  # all-dynamic; nested


def test_print_layout_matches_cute(cute):
    bad = []
    for (text, cpp), want in zip(CASES, cute):
        got = print_layout(evaluate_layout(text))
        if got != want:
            bad.append(f"{text}\n--- ours\n{got}--- cute\n{want}")
    assert not bad, f"{len(bad)} of {len(CASES)} differ; first:\n{bad[0]}"


def test_layout_command_prints_the_same_bytes(cute):
    runner = CliRunner()
    for (text, _), want in list(zip(CASES, cute))[::7]:
        res = runner.invoke(main, ["layout", text, "--plain"])
        assert res.exit_code == 0, (text, res.stderr)
        assert res.stdout == want, text
