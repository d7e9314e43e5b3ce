"""Strings -> objects: CuTe's printed syntax, plus the call syntax of ``cutedump eval``.

Accepted literals are exactly what CuTe's ``print`` emits (whitespace allowed anywhere):
``_8`` (static), ``8`` (dynamic), ``(_4,(8,_2))`` int tuples, ``shape:stride`` layouts, tilers such as
``(_8:_1,(_4,_2):(_2,_1))``, ``_`` (underscore), ``Sw<3,3,3>`` swizzles and composed layouts
``Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))``. Expressions add calls ``name<targs>(args)`` and
evaluation ``L(17)``. Every error is a :class:`CuteDumpError` carrying the text and column.

C++ spelling (what kernels write) reads too: ``Int<8>{}``, ``C<8>{}``, ``_8{}`` (CuTe's aliases only), ``_8()``,
types ``Shape<_8,int>{}``, ``Layout<Shape<_8,_4>[,Stride<...>]>{}``, ``Swizzle<B,M,S>{}``, ``ComposedLayout<...>{}``
(built here, at parse time: :func:`build_type`), tags ``LayoutRight{}`` (a bare-name Call), ``cute::`` anywhere,
Layout members ``L.shape<1>()``/``.compose(...)``/``.tile(...)`` (Calls of the free functions), integer arithmetic
(:class:`BinOp`), and other qualified names (:class:`Named`, looked up by the eval language). Integer literals are
ASCII only and read as C++ reads them (``016`` octal, ``0x10`` hex; ``08`` and ``_08`` are refused).
"""

from __future__ import annotations

from cutedump.parse.grammar import _ALIASES, QUALIFIED_CALLS, TYPES, Parser, build_type, parse_expr, swizzle_limit_error  # noqa: F401
from cutedump.parse.literal import _is_int_tuple, build_literal, parse_int_tuple, parse_layout, parse_object  # noqa: F401
from cutedump.parse.nodes import (  # noqa: F401
    Apply,
    BinOp,
    Call,
    ComposedLit,
    LayoutLit,
    Lit,
    Named,
    SwizzleLit,
    Tuple_,
    TypeArg,
    _col,
)

# by concern: tokens (the scan), nodes (the tree), grammar (the parser, C++ types), literal (literals to objects);
# the names other modules use, each defined once in its module
from cutedump.parse.tokens import Tok, _Cols, _int_value, _scan, tokenize  # noqa: F401
