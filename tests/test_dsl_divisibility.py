"""The divisibility of dynamic values (``?{div=N}``) by the DSL's rules, one evaluation per expression (issue 42,
"Divisibility by the DSL's rules"): generated arithmetic on dynamic integers of known divisors and layout operations
over such values (tests/oracle/gen_dsl_div.py), against the CuTe DSL 4.8.1's recorded answers.
``CUTEDUMP_DSL_DIV_SEED`` draws fresh cases (answered by the DSL where its answers are not recorded)."""

from __future__ import annotations

import os

import pytest

from cutedump.errors import CuteDumpError
from cutedump.expr import answer_text
from tests.oracle import gen_dsl_div as G

SEED = int(os.environ.get("CUTEDUMP_DSL_DIV_SEED", "4242"))
N = 2250  # the slow run: 9 recorded batches of 250; the default run reads the first batch


def _known(expr, dsl, ours):
    """What is known to differ from the DSL 4.8.1 (:data:`DIFFER`)."""
    return expr in DIFFER


#: cases that differ, not yet modelled (seed 4242; fresh seeds 9090, 5151): none
DIFFER: set[str] = set()


def _ours(expr):
    try:
        return "ok", answer_text(expr, "dsl")
    except CuteDumpError as e:
        return "error", e.message


def _check(exprs):
    answers = G.run_oracle(exprs)
    n, bad = G.agree(exprs, answers, _ours)
    unknown = [b for b in bad if not _known(*b)]
    assert not unknown, f"{n - len(bad)} of {n} agree\n" + "\n".join(
        f"{e}\n   DSL: {w}\n   us:  {g}" for e, w, g in unknown[:20]
    )
    assert len(bad) <= n // 200  # the known class is rare
    return n, bad


@pytest.fixture(scope="module")
def cases():
    return G.generate(SEED, N)


def test_divisibility_agrees_with_the_dsl_sample(cases):
    """The first recorded batch (250 cases)."""
    _check(cases[:250])


@pytest.mark.slow
def test_divisibility_agrees_with_the_dsl(cases):
    """2,250 generated expressions."""
    n, bad = _check(cases)
    assert n >= 2000


def test_one_evaluation_per_expression(monkeypatch):
    """The expression is evaluated once (no second program taking a gcd over runs)."""
    from cutedump.expr import dsl

    made = []
    real = dsl._Run

    class Counting(real):
        def __init__(self, *a, **k):
            made.append(1)
            super().__init__(*a, **k)

    monkeypatch.setattr(dsl, "_Run", Counting)
    text = "cute.logical_divide(cute.make_layout((cute.assume(cutlass.Int32(64), divby=8), 8)), (4, 2))"
    assert dsl.format_dsl(dsl.evaluate_dsl(text)) == "((4,?),(2,4)):((1,4),(?{div=8},?{div=16}))"
    assert len(made) == 1


@pytest.mark.parametrize(
    "expr, dsl",
    [  # the DSL 4.8.1's prints (tests/oracle/gen_dsl_div.py's program), where the values' own gcd says otherwise
        ("cute.assume(cutlass.Int32(4), divby=2) + cute.assume(cutlass.Int32(6), divby=6)", "?{div=2}"),
        ("cute.assume(cutlass.Int32(8), divby=8) % 4", "?{div=0}"),
        ("cute.assume(cutlass.Int32(8), divby=8) // 3", "?"),
        ("cute.assume(cutlass.Int32(8), divby=6) % 12", "?{div=6}"),
        ("cute.ceil_div(cute.assume(cutlass.Int32(8), divby=8), 2)", "?"),
        ("cute.make_layout(((cute.assume(cutlass.Int32(8), divby=8) % 4) + 3, 2))", "(3,2):(1,3)"),
        ("cutlass.Int32(8) * cute.assume(cutlass.Int32(8), divby=4)", "?{div=32}"),
        ("cute.make_layout((8, cute.assume(cutlass.Int32(6), divby=6) + cutlass.Int32(4)))", "(8,?{div=2}):(1,8)"),
        ("cute.round_up(cute.assume(cutlass.Int32(8), divby=8), 4)", "?{div=4}"),
        ("cute.round_up(cutlass.Int32(8), 4)", "?"),
        ("cute.round_up(cute.assume(cutlass.Int32(8), divby=8) % 4, 4)", "?{div=0}"),
        ("cute.ceil_div(cute.assume(cutlass.Int32(8), divby=8), 1)", "?{div=8}"),
        ("cute.ceil_div((6, (4, 8), 16), (1, 2, 2))", "(6, 16, 8)"),
        # a size the DSL's MLIR folded to 0 (an IntValue) passes shape_div's and idx2crd's check (only Python ints are
        # checked there); a Python 0 and make_layout's are refused
        ("cute.shape_div(((cute.assume(cutlass.Int32(64), divby=32) % 1), 1), (1, 1))", "(0, 1)"),
        ("cute.shape_div((((cute.assume(cutlass.Int32(4), divby=2) * 12) * 0), 2), (2, 1))", "(0, 2)"),
        (
            "cute.idx2crd((cute.assume(cutlass.Int32(64), divby=64) * 12), "
            "((cute.assume(cutlass.Int32(512), divby=128) % 4),))",
            "(Int32(?),)",
        ),
        # nullspace as the DSL's Python writes it: a kept mode's stride is the running product of the flat shape
        ("cute.nullspace(cute.make_layout((4, 1, 8)))", "1:4"),
        ("cute.nullspace(cute.make_layout((4, 8, 2), stride=(1, 0, 0)))", "(8,2):(4,32)"),
        ("cute.nullspace(cute.make_layout((cute.assume(cutlass.Int32(64), divby=16), 1, 3)))", "1:?{div=16}"),
        ("cute.nullspace(cute.make_layout(((2, cute.assume(cutlass.Int32(64), divby=16)), 1)))", "1:?{div=32}"),
        (
            "cute.nullspace(cute.make_layout(((cute.assume(cutlass.Int32(4), divby=1) // 8), (1, (cute.assume("
            "cutlass.Int32(64), divby=16) // cute.assume(cutlass.Int32(256), divby=64))))))",
            "1:?",
        ),
        # a divisibility is an unsigned 32-bit int: printed signed as a value, unsigned in a layout; a static
        # factor's magnitude multiplies it; /, % and gcd take the unsigned value
        ("cute.make_layout((4, cute.assume(cutlass.Int32(8), divby=1073741824) * 2))", "(4,?{div=2147483648}):(1,4)"),
        ("cute.make_layout(cute.assume(cutlass.Int32(8), divby=1073741824) * 3)", "?{div=3221225472}:1"),
        ("cute.size(cute.make_layout((cute.assume(cutlass.Int32(8), divby=1073741824) * 3, 1)))", "?{div=-1073741824}"),
        ("cute.assume(cutlass.Int32(8), divby=1073741824) * 3 * -1", "?{div=-1073741824}"),
        ("cute.assume(cutlass.Int32(8), divby=1073741824) * 3 + 6", "?{div=6}"),
        ("cute.assume(cutlass.Int32(8), divby=1073741824) * 3 // 3", "?{div=1073741824}"),
        ("cute.assume(cutlass.Int32(8), divby=1073741824) * 3 % 12", "?{div=0}"),
        (
            "cute.make_identity_tensor((4, cute.assume(cutlass.Int32(8), divby=1073741824) * 2))",
            "tensor<(0,0) o (4,?{div=2147483648}):(1@0,1@1)>",
        ),
        # crd2idx of a shape is by make_layout(shape): a mode of size 1 has stride 0, a coordinate into a nested mode
        # of dynamic size is split by % and / of it (not folded)
        ("cute.crd2idx((cutlass.Int32(4),), (1,))", "0"),
        ("cute.crd2idx(cutlass.Int32(4), 1)", "0"),
        ("cute.crd2idx((cutlass.Int32(4), 2), (1, 3))", "2"),
        ("cute.crd2idx((cutlass.Int32(4), 1), (1, 8))", "1"),
        ("cute.crd2idx((cutlass.Int32(4),), (2,))", "?"),
        ("cute.crd2idx((cute.assume(cutlass.Int32(4), divby=4),), (1,))", "0"),
        (
            "cute.crd2idx((1, 0), (((cute.assume(cutlass.Int32(512), divby=128) * 2), cutlass.Int32(8)), "
            "cute.assume(cutlass.Int32(16), divby=16)))",
            "?",
        ),
        (
            "cute.local_tile(cute.make_identity_tensor(((2, 2), 4)), (1, 4), (0, 1))",
            "tensor<((0,0),0) o (1,4):(0,1@1)>",
        ),
    ],
)
def test_rules(expr, dsl):
    assert answer_text(expr, "dsl") == dsl


@pytest.mark.parametrize(
    "expr", ["cute.shape_div((0, 2), (2, 1))", "cute.make_layout((cute.assume(cutlass.Int32(8), divby=8) % 4, 2))"]
)
def test_zero_refused(expr):
    """A Python 0 in shape_div's shape (ValueError) and a folded 0 in make_layout's (TypeError) are refused."""
    with pytest.raises(CuteDumpError):
        answer_text(expr, "dsl")


@pytest.mark.parametrize(
    "expr, dsl",
    [  # the DSL 4.8.1's prints (CUTE_DSL_ARCH=sm_100a, traced on the CPU): the 32-bit product of divisibilities wraps
        ("cute.assume(cutlass.Int32(8), divby=1073741824) * 2", "?{div=-2147483648}"),
        ("cute.assume(cutlass.Int32(8), divby=1073741824) * 4", "?{div=0}"),
    ],
)
def test_wrapped_divisibility_reads_back(expr, dsl):
    """A print of a wrapped divisibility (0, negative) is read back as the dynamic value it is and prints the same
    (read_dsl_print refused it before)."""
    from cutedump.expr.dsl import format_dsl
    from cutedump.parse.dsl import read_dsl_print

    assert answer_text(expr, "dsl") == dsl
    assert format_dsl(read_dsl_print(dsl)) == dsl
    # in a layout the DSL prints the divisibility unsigned (its MLIR keeps an unsigned 32-bit int)
    inside = dsl.replace("-2147483648", "2147483648")
    assert format_dsl(read_dsl_print(f"(4,{dsl}):(1,4)")) == f"(4,{inside}):(1,4)"
    assert format_dsl(read_dsl_print(f"(4,{inside}):(1,4)")) == f"(4,{inside}):(1,4)"
