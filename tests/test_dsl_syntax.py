"""Which spelling an input is, and which spelling its answer takes: DSL input is answered as the DSL prints it
without --syntax, ``--syntax print|cpp|dsl`` is honoured whatever the input's spelling; and one layout spelled in
CuTe's print, in C++ and in the DSL is one object, dynamic values included (``cutlass.Int32(n)`` is the dynamic
n of the print and C++ spellings)."""

from __future__ import annotations

import random

from click.testing import CliRunner

from cutedump.cli import main
from cutedump.expr import evaluate, format_result
from cutedump.expr.dsl import evaluate_dsl, to_dsl_code


def _eval(*args):
    r = CliRunner().invoke(main, ["eval", *args])
    return r.exit_code, r.stdout


def test_syntax_chooses_the_answers_spelling():
    dsl = "cute.make_layout((4, cutlass.Int32(8)), stride=(cutlass.Int32(8), 1))"
    cpp = "make_layout(make_shape(Int<4>{}, 8), make_stride(8, Int<1>{}))"
    # DSL input: the DSL's print (dynamic values unknown), or the C++ twin's print / C++ spelling
    assert _eval(dsl) == _eval(dsl, "--syntax", "dsl") == (0, "(4,?):(?,1)\n")
    assert _eval(dsl, "--syntax", "print") == _eval(cpp) == (0, "(_4,8):(8,_1)\n")
    assert _eval(dsl, "--syntax", "cpp") == _eval(cpp, "--syntax", "cpp")
    # C++ input: --syntax dsl prints its object as the DSL prints (a dynamic value is ?)
    assert _eval(cpp, "--syntax", "dsl") == (0, "(4,?):(?,1)\n")
    assert _eval("(_4,8):(8,_1)", "--syntax", "dsl") == (0, "(4,?):(?,1)\n")


def _random_layout(r, dyn):
    def leaf(choices):
        v = r.choice(choices)
        return v if r.random() < dyn else f"_{v}"

    def shape(d):
        n = r.choice((1, 2, 3))
        return [shape(d - 1) if d > 1 and r.random() < 0.3 else leaf((1, 2, 3, 4, 8)) for _ in range(n)]

    def stride(t):
        return [stride(e) if isinstance(e, list) else leaf((0, 1, 2, 4, 16)) for e in t]

    def text(t):
        return "(" + ",".join(text(e) if isinstance(e, list) else str(e) for e in t) + ")"

    s = shape(2)
    return f"{text(s)}:{text(stride(s))}"


def test_three_spellings_one_object_with_dynamic_values():
    r = random.Random(20261127)
    n_dyn = 0
    for i in range(150):
        printed = _random_layout(r, (0.3, 0.6, 1.0)[i % 3])
        L = evaluate(printed)
        cpp = format_result(L, "cpp")
        dsl = to_dsl_code(L)
        n_dyn += "cutlass.Int32(" in dsl
        assert evaluate(cpp) == L, (printed, cpp)
        assert evaluate_dsl(dsl, literal=True) == L, (printed, dsl)
        assert evaluate(dsl, literal=True) == L, (printed, dsl)
    assert n_dyn >= 100
