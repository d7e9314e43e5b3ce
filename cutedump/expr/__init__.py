"""The ``cutedump eval`` language: CuTe's own function names with call syntax over CuTe-printed literals.

    left_inverse((_8,(_4,_2)):(_1,(_32,_16)))          -> (_16,_2,_4):(_1,_32,_8)
    composition(((_4,_8),(_2,_2)):((_32,_1),(_16,_8)), (_32,_2))
    upcast<2>(L)   get<1,0>(L)   select<0,2>(L)   size(L)   L(17)   eval(L, 17)   idx2crd(5, (_4,_8))

Expressions copied out of a kernel read as they are (``make_layout(make_shape(Int<8>{}, 4), LayoutRight{})``,
``Layout<Shape<_8,_4>>{}.compose(_2{}, 4)``, ``size(L) * 2``: see :mod:`cutedump.parse`).

The package, by concern: :mod:`~cutedump.expr.functions` (the one function table, :data:`FUNCTIONS`),
:mod:`~cutedump.expr.signatures` (each call checked against its signature), :mod:`~cutedump.expr.named` (qualified
names, :data:`NAMED`), :mod:`~cutedump.expr.values` (tags, tensors of coordinates, the print of a result),
:mod:`~cutedump.expr.evaluation` (evaluate) and :mod:`~cutedump.expr.dsl` (the CuTe DSL's spelling: its names and
keywords beside the table's C++ names; ``cute.make_layout((4, 8), stride=(8, 1))`` answered as the DSL prints it).

Each function is a thin adapter onto :mod:`cutedump.algebra`, one row of the table :data:`FUNCTIONS`; results print
exactly as CuTe's ``print`` (or, ``format_result(x, "cpp" | "dsl")``, as C++ or as the CuTe DSL prints them).
Qualified names outside ``cute::`` are rows of :data:`NAMED`.
Nothing is answered silently: every call is checked against its CuTe 4.2 signature (:data:`_SIGS`: template
arguments, number and kind of arguments) before it runs, and a computation whose C++ ``int`` arithmetic would
overflow in CuTe is refused with what real CuTe prints (see :mod:`cutedump.algebra.integer`).
"""

from __future__ import annotations

# the names other modules and the tests use (each defined once, in its module)
from cutedump.algebra.layout import Layout  # noqa: F401
from cutedump.algebra.swizzle import ComposedLayout, Swizzle  # noqa: F401
from cutedump.expr.evaluation import (  # noqa: F401
    answer_text,
    dsl_input,
    evaluate,
    evaluate_layout,
    evaluate_to_string,
    match_smem_ptr_form,
)
from cutedump.expr.functions import _REG, FUNCTIONS, functions  # noqa: F401
from cutedump.expr.named import NAMED, _glob_match, bits, register_named  # noqa: F401
from cutedump.expr.signatures import _KIND_CLASSES, _KIND_TEXT, _SIGS, _is_kind, signature  # noqa: F401
from cutedump.expr.values import CountingTensor, _Name, format_result  # noqa: F401
