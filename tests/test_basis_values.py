"""algebra.evaluate.basis_values: the coordinates of a ScaledBasis-strided layout summed leaf by leaf equal L(i) for
every i (its objects and their prints), on identity layouts and their transforms, hand-written strides (repeated and
nested paths, negative and dynamic values) and the cases it must hand back to L(i) (int32 overflow)."""

import random

import pytest

from cutedump.algebra.evaluate import basis_values
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate, format_result


def _shape(r, depth=0):
    if depth < 2 and r.random() < 0.35:
        return "(" + ",".join(_shape(r, depth + 1) for _ in range(r.randint(1, 3))) + ")"
    n = r.choice([1, 2, 3, 4, 5, 8])
    return f"_{n}" if r.random() < 0.7 else str(n)


def _exprs():
    r = random.Random(20261124)
    out = []
    for _ in range(120):
        s = _shape(r)
        base = f"make_identity_layout({s})"
        out.append(base)
        out.append(f"coalesce({base})")
        out.append(f"zipped_divide(make_identity_layout(({_shape(r)},{_shape(r)})), (_2,_2))")
        out.append(f"composition(make_identity_layout(({_shape(r)},{_shape(r)})), make_layout({_shape(r)}))")
    out += [
        "(_2,_3,_4):(_1@0,_1@2,_3@0)",
        "(_2,3,_4):(_2@1,_1@0,_1@0@1)",
        "(_4,_3,_4):(_1@0,_1@0,-1@1)",
        "(_8,(_2,_4)):(_1@1@1,(_1@0,2@1@1))",
        "(_16,_4):(_1@0,_-3@0)",
        "(_2,(3,_4)):(_1@0,(_1@1,_1@2))",
        "(_65536,_4):(_65536@0,_1073741824@0)",
    ]  # the last one overflows
    return out


@pytest.mark.parametrize("expr", _exprs())
def test_basis_values_equal_each_point(expr):
    try:
        layout = evaluate(expr)
    except CuteDumpError:
        pytest.skip("not a layout in CuTe either")
    if not hasattr(layout, "shape"):
        pytest.skip("not a layout")
    n = int(evaluate(f"size({expr})"))
    if n > 20000:
        pytest.skip("large")

    def slow(i):
        try:
            return layout(i)
        except CuteDumpError as e:
            return e

    want = [slow(i) for i in range(n)]
    if any(isinstance(w, CuteDumpError) for w in want):
        with pytest.raises(CuteDumpError):
            basis_values(layout)
        return
    got = basis_values(layout)
    assert len(got) == n
    assert [format_result(g) for g in got] == [format_result(w) for w in want]
    assert got == want and [type(g) for g in got] == [type(w) for w in want]
