"""Layout algebra with a mode of extent 0 (issue 43): the operations that divide by an extent, static and dynamic,
as real CuTe 4.2 answers them. A case is an eval expression and its C++ twin (each argument spelled as
``cutedump eval --syntax cpp`` spells it); CuTe either refuses it at compile time, or compiles it and then prints
an answer or stops (an integer division by zero: SIGFPE), which cutedump must say.
"""

from __future__ import annotations

#: eval expressions: each has a mode (or tiler, or target) of extent 0 where the operation divides by it
EXPRS = (
    "logical_divide((_4,_0):(_1,_512), _4:_1)",
    "logical_divide((_4,_0):(_1,_4), _2:_1)",
    "zipped_divide((_4,_0):(_1,_4), _2:_1)",
    "tiled_divide((_8,_0):(_1,_8), _2:_1)",
    "flat_divide((_8,_0):(_1,_8), _2:_1)",
    "logical_divide((_8,_0):(_1,_8), make_tile(_2:_1,_1:_0))",
    "zipped_divide((_8,_0):(_1,_8), make_shape(_2,_1))",
    "logical_divide(_0:_1, _4:_1)",
    "logical_divide(_8:_1, _0:_1)",
    "zipped_divide(_8:_1, _0:_1)",
    "logical_divide((_8,_4):(_1,_8), make_shape(_2,_0))",
    "tile_to_shape(_2:_1, make_shape(_4,_0))",
    "tile_to_shape((_2,_2):(_1,_2), make_shape(_4,_0))",
    "tile_to_shape((_2,_1):(_1,_0), make_shape(_4,_0))",
    "tile_to_shape(_0:_1, make_shape(_4,_4))",
    "complement(_4:_1, make_shape(_4,_0))",
    "complement(_4:_1, _0)",
    "complement((_4,_0):(_1,_4))",
    "composition((_4,_0):(_1,_4), _2:_1)",
    "composition(_8:_1, (_4,_0):(_1,_4))",
    "composition((_4,_0):(_1,_4), make_shape(_2,_1))",
    "logical_product(_4:_1, _0:_1)",
    "logical_product(_0:_1, _4:_1)",
    "blocked_product((_2,_2):(_1,_2), (_2,_0):(_1,_2))",
    "raked_product((_2,_2):(_1,_2), (_2,_0):(_1,_2))",
    "zipped_product((_4,_0):(_1,_4), _2:_1)",
    "shape_div(make_shape(_4,_0), _4)",
    "shape_div(_4, _0)",
    "shape_div(_0, _4)",
    "ceil_div(make_shape(_4,_0), _4)",
    "ceil_div(_4, _0)",
    "ceil_div(_0, _4)",
    "right_inverse((_4,_0):(_1,_4))",
    "left_inverse((_4,_0):(_1,_4))",
    "upcast<2>((_4,_0):(_1,_4))",
    "downcast<2>((_4,_0):(_1,_4))",
    "max_common_layout((_4,_0):(_1,_4), (_4,_0):(_1,_4))",
    "max_common_vector((_4,_0):(_1,_4), (_4,_0):(_1,_4))",
    "coalesce((_4,_0):(_1,_4))",
    "logical_divide(make_layout(make_shape(4,0)), _4:_1)",
    "zipped_divide(make_layout(make_shape(8,0)), _2:_1)",
    "tile_to_shape(_2:_1, make_shape(4,0))",
    "logical_divide(make_layout(make_shape(8,4)), make_shape(2,0))",
    "ceil_div(make_shape(4,0), 4)",
    "complement(_4:_1, make_shape(4,0))",
    "nullspace((_4,_0):(_1,_4))",
    "recast_layout<uint8_t,uint16_t>((_4,_0):(_1,_4))",
    "logical_divide(make_layout(make_shape(_4,_0),make_stride(_1,_512)), 4)",
    "zipped_divide((_4,_0,_2):(_1,_4,_4), make_shape(_2,_1,_2))",
    "logical_divide((_4,_0):(_1,_512), make_shape(_4,_1))",
    "logical_divide((_4,_0):(_1,_512), make_shape(_2,_1))",
    "logical_product((_4,_0):(_1,_512), _2:_1)",
    # a fresh random draw (seed 863961) found: a block extent 0 over a target extent 0 passes CuTe's evenly_divides
    "tile_to_shape(_0:_1, make_shape(_0,_0))",
    "tile_to_shape((_0,_2):(_1,_0), make_shape(_0,_4))",
    "tile_to_shape((_0,_2):(_1,_0), make_shape(_4,_3))",
)


def _split(args: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in args:
        depth += ch in "(<"
        depth -= ch in ")>"
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return out + [cur.strip()]


def cpp(expr: str) -> str:
    """The C++ twin of ``f<targs>(a, b, ...)``: each argument evaluated by cutedump and spelled as C++ (a value: its
    literal spelling, so the C++ computes the operation itself; only the arguments come from cutedump)."""
    from cutedump.expr.evaluation import evaluate
    from cutedump.expr.values import format_result

    head, _, rest = expr.partition("(")
    args = _split(rest[:-1])
    return f"{head}({', '.join(format_result(evaluate(a), 'cpp') for a in args)})"


def body(expr: str) -> str:
    return f'print({cpp(expr)}); printf("\\n");'


def ours(expr: str) -> str:
    """cutedump's answer: the printed value, or "error: MESSAGE"."""
    from cutedump.errors import CuteDumpError
    from cutedump.expr.evaluation import answer_text

    try:
        return answer_text(expr)
    except CuteDumpError as e:
        return f"error: {e.message}"
