"""What the CuTe DSL 4.8.1 refuses for its arguments' kinds (an inverse of a swizzle, a coalesce of an int, an
append of a tensor ...), where cutedump's algebra (C++ CuTe's) would answer.

:data:`REFUSED`: function -> the kinds of its first arguments, comma-joined, -> the exception the DSL raises while
tracing. Written from a survey of the DSL (``tests/oracle/gen_dsl_classes.py:survey``: every function of the table
over every pair of argument kinds, each combination tried on several values; a combination is listed when the DSL
refused every value with one exception and cutedump answered; the MLIRErrors left out: they hang on the values, a
coordinate out of range), checked on fresh cases by the class "kinds" of
``tests/test_dsl_classes.py``.
"""

from __future__ import annotations

from cutedump.algebra.integer import C
from cutedump.algebra.layout import Layout
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.expr.values import CountingTensor

#: function -> "kind,kind" -> the DSL's exception
REFUSED = {
    "append": {"composed,dyn": "TypeError", "composed,int": "TypeError", "composed,shape": "TypeError", "dyn,swizzle": "TypeError", "dyn,tensor": "TypeError", "int,swizzle": "TypeError", "int,tensor": "TypeError", "layout,dyn": "TypeError", "layout,int": "TypeError", "layout,shape": "TypeError", "layout,swizzle": "TypeError", "layout,tensor": "TypeError", "shape,swizzle": "TypeError", "shape,tensor": "TypeError"},
    "coalesce": {"dyn": "ValueError", "int": "ValueError", "shape": "ValueError"},
    "complement": {"composed,dyn": "ValueError", "composed,int": "ValueError", "composed,shape": "ValueError"},
    "composition": {"composed,composed": "ValueError", "composed,dyn": "ValueError", "layout,composed": "ValueError", "layout,dyn": "ValueError", "tensor,dyn": "ValueError"},
    "crd2idx": {"dyn,dyn": "ValueError", "int,dyn": "ValueError"},
    "elem_less": {"composed,composed": "ValueError", "composed,dyn": "ValueError", "composed,int": "ValueError", "composed,layout": "ValueError", "composed,shape": "ValueError", "composed,swizzle": "ValueError", "composed,tensor": "ValueError", "dyn,composed": "ValueError", "dyn,layout": "ValueError", "dyn,swizzle": "ValueError", "dyn,tensor": "ValueError", "int,composed": "ValueError", "int,layout": "ValueError", "int,swizzle": "ValueError", "int,tensor": "ValueError", "layout,composed": "ValueError", "layout,dyn": "ValueError", "layout,int": "ValueError", "layout,layout": "ValueError", "layout,shape": "ValueError", "layout,swizzle": "ValueError", "layout,tensor": "ValueError", "shape,composed": "ValueError", "shape,layout": "ValueError", "shape,swizzle": "ValueError", "shape,tensor": "ValueError", "swizzle,composed": "ValueError", "swizzle,dyn": "ValueError", "swizzle,int": "ValueError", "swizzle,layout": "ValueError", "swizzle,shape": "ValueError", "swizzle,swizzle": "ValueError", "swizzle,tensor": "ValueError", "tensor,composed": "ValueError", "tensor,dyn": "ValueError", "tensor,int": "ValueError", "tensor,layout": "ValueError", "tensor,shape": "ValueError", "tensor,swizzle": "ValueError", "tensor,tensor": "ValueError"},
    "filter_zeros": {"composed": "TypeError", "dyn": "TypeError", "int": "TypeError", "shape": "TypeError"},
    "flat_product": {"composed,shape": "ValueError", "layout,shape": "ValueError"},
    "left_inverse": {"dyn": "TypeError", "int": "TypeError", "swizzle": "TypeError"},
    "logical_divide": {"composed,dyn": "ValueError", "layout,dyn": "ValueError", "tensor,dyn": "ValueError"},
    "logical_product": {"composed,shape": "AssertionError", "layout,composed": "AssertionError"},
    "prepend": {"composed,composed": "TypeError", "composed,dyn": "TypeError", "composed,int": "TypeError", "composed,shape": "TypeError", "composed,swizzle": "TypeError", "composed,tensor": "TypeError", "dyn,swizzle": "TypeError", "dyn,tensor": "TypeError", "int,swizzle": "TypeError", "int,tensor": "TypeError", "layout,dyn": "TypeError", "layout,int": "TypeError", "layout,shape": "TypeError", "layout,swizzle": "TypeError", "layout,tensor": "TypeError", "shape,swizzle": "TypeError", "shape,tensor": "TypeError"},
    "product": {"composed": "TypeError", "layout": "TypeError"},
    "product_each": {"composed": "TypeError", "layout": "TypeError", "swizzle": "TypeError", "tensor": "TypeError"},
    "right_inverse": {"dyn": "TypeError", "int": "TypeError", "swizzle": "TypeError"},
    "tiled_product": {"composed,shape": "ValueError", "layout,shape": "ValueError"},
    "zipped_product": {"composed,shape": "ValueError", "layout,shape": "ValueError"},
}  # fmt: skip


def kind_of(v) -> str:
    """An argument's kind as :data:`REFUSED` names it."""
    cls = v.__class__
    if cls is Layout:
        return "layout"
    if cls is ComposedLayout:
        return "composed"
    if isinstance(v, Swizzle):
        return "swizzle"
    if cls is C:
        return "int"
    if cls is bool:
        return "bool"
    if isinstance(v, int):
        return "dyn"
    if cls is tuple:
        return "shape"
    if cls is CountingTensor:
        return "tensor"
    return "other"


def refusal(name: str, args) -> str | None:
    """The DSL's refusal of ``name`` over these arguments, as one line, or None."""
    row = REFUSED.get(name)
    if not row:
        return None
    for n in (2, 1):
        if len(args) >= n:
            ks = ",".join(kind_of(a) for a in args[:n])
            exc = row.get(ks)
            if exc:
                what = " and ".join(f"a {k}" if k[0] not in "aeiou" else f"an {k}" for k in ks.split(","))
                return f"{name}: the CuTe DSL does not take {what} ({exc})"
    return None
