"""The CuTe DSL's spelling through the command line: a DSL-spelled EXPR is answered as the DSL prints it (what the
DSL prints comes from tests/test_dsl_oracle.py's records: here the same text is checked through each way in),
``--syntax`` still chooses; a refusal is one error; C++ and print-syntax input keep their answers."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from cutedump.expr import answer_text, evaluate
from cutedump.expr.dsl import is_dsl
from tests.oracle import gen_dsl as G
from tests.oracle import records as R


def _eval(*args, stdin=None):
    r = CliRunner().invoke(main, ["eval", *args], input=stdin)
    return r.exit_code, r.stdout, r.stderr


@pytest.fixture(scope="module")
def recorded():
    """(expr, the DSL's print) of the kernel lines the DSL answers (from the recorded oracle batch)."""
    cases = G.generate(20261127, 300)
    got = G.run_oracle(cases, 400) if R.mode() == "recorded" or not G.dsl_unavailable() else pytest.skip("no DSL")
    return [(c.expr, a[1]) for c, a in zip(cases, got) if c.op in ("kernel", "smem_atom", "mma") and a[0] == "ok"]


def test_dsl_expr_answered_as_the_dsl_prints_it(recorded):
    assert len(recorded) >= 50
    for expr, want in recorded[:12]:
        rc, out, _ = _eval(expr)
        assert rc == 0 and out == want + "\n", (expr, out, want)
    # several EXPRs, -f from a pipe: the same answers, line by line
    exprs = [e for e, _ in recorded[:20] if "\n" not in _]
    wants = [w for e, w in recorded[:20] if "\n" not in w]
    rc, out, _ = _eval("-f", "-", stdin="\n".join(exprs) + "\n")
    assert rc == 0 and out.splitlines() == wants


def test_syntax_print_and_cpp_of_a_dsl_answer():
    rc, out, _ = _eval("cute.make_layout((4, 8), stride=(8, 1))", "--syntax", "print")
    assert (rc, out) == (0, "(_4,_8):(_8,_1)\n")
    rc, out, _ = _eval("cute.make_layout((4, 8), stride=(8, 1))", "--syntax", "cpp")
    assert rc == 0 and evaluate(out.strip()) == evaluate("(_4,_8):(_8,_1)")


@pytest.mark.parametrize("expr", G.REFUSALS)
def test_refusal_is_one_error_line(expr):
    rc, out, err = _eval(expr)
    assert rc == 2 and out == "" and err.startswith("error: ") and "Traceback" not in err, err
    assert sum(line.startswith("error:") for line in err.splitlines()) == 1  # one error (then its caret)


def test_detection_leaves_cpp_and_print_input_alone():
    for text in (
        "size((4,8))",
        "make_layout(make_shape(Int<8>{}, 4), LayoutRight{})",
        "(_4,_8):(_1,_4)",
        "Layout<Shape<_8,_4>>{}.compose(_2{}, 4)",
        "GMMA::Layout_K_SW128_Atom<half_t>",
        "zip((2), (3))",
    ):
        assert not is_dsl(text), text
    for text in (
        "cute.size(L)",
        "make_layout((4, 8), stride=(8, 1))",
        "make_swizzle(3, 4, 3)",
        "group_modes(x, 0, 2)",
        "logical_divide(L, (None, 4))",
        "make_layout((256 // 2, 4))",
    ):
        assert is_dsl(text), text
    # the DSL's integers are static, print syntax's plain ones dynamic: one text, two spellings, two answers
    assert answer_text("size((4,8))", "dsl") == "?"
    assert answer_text("cute.size((4, 8))") == "32"


def test_dynamic_values_and_divisibility():
    assert answer_text("cute.size(cute.make_layout((4, cutlass.Int32(8))))") == "?{div=4}"
    assert answer_text("cute.make_layout(((cutlass.Int32(8), 2), cutlass.Int32(4)))") == "((?,2),?):((1,?),?{div=2})"
    assert answer_text("cute.make_layout((cutlass.Int32(8) * 2, 4))") == "(?,4):(1,?)"
