"""Objects -> text in the other spellings a result can take (the inverse of the parser's C++ reading).

``cpp``: as a kernel spells it in C++ (CuTe 4.2), so that pasting it into ``print(...)`` prints what cutedump prints,
and cutedump reads it back to the same object::

    _8:_1                     -> Layout<_8,_1>{}
    (_8,4):(_1,_8)            -> make_layout(make_shape(_8{}, 4), make_stride(_1{}, _8{}))
    Sw<3,4,3> o _0 o _8:_1    -> composition(Swizzle<3,4,3>{}, _0{}, Layout<_8,_1>{})

A static integer is CuTe's alias (``_8``) when CuTe defines one, else ``Int<N>``; a dynamic one is its value (C++
``int``). An all-static layout is its type (``Layout<Shape<...>,Stride<...>>{}``), anything else ``make_layout``.

``dsl``: as the CuTe DSL (nvidia-cutlass-dsl 4.2) prints it: a static integer is a plain number, a dynamic one
``?`` (its value is not known while tracing), a swizzle ``S<B,M,S>``, a composed layout ``S<..> o 0 o L``.
"""

from __future__ import annotations

from cutedump.algebra.basis import ArithTuple, ScaledBasis
from cutedump.algebra.integer import C, DynDiv
from cutedump.algebra.inttuple import UNDERSCORE
from cutedump.algebra.layout import Layout
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.errors import CuteDumpError
from cutedump.parse import _ALIASES  # the parser's table of CuTe's aliases (_8, _m1, ...)

SYNTAXES = ("print", "cpp", "dsl")


def _alias(v: int) -> str | None:
    name = f"_{v}" if v >= 0 else f"_m{-v}"
    return name if _ALIASES.get(name) == v else None


def _static_type(v: int) -> str:
    return _alias(int(v)) or f"Int<{int(v)}>"


def _is_static(t) -> bool:
    if isinstance(t, tuple):
        return all(_is_static(e) for e in t)
    return t.__class__ is C


def _type(t) -> str:
    """The C++ type of an all-static int tuple: _8, Int<11>, Shape<_8,Shape<_2,_4>> (a tuple is a cute::tuple)."""
    if isinstance(t, tuple):
        return "Shape<" + ",".join(_type(e) for e in t) + ">"
    return _static_type(t)


def _cpp_value(x, maker: str = "make_shape") -> str:
    cls = x.__class__
    if cls is C:
        return _static_type(x) + "{}"
    if cls is bool:
        return "true" if x else "false"
    if cls is int or isinstance(x, int):
        return str(int(x))
    if x is UNDERSCORE:
        return "_"
    if cls is tuple:
        if any(isinstance(e, (Layout, ComposedLayout, Swizzle)) for e in x):
            maker = "make_tile"
        return f"{maker}(" + ", ".join(_cpp_value(e, maker) for e in x) + ")"
    if isinstance(x, Layout):
        shp, std = x.shape, x.stride
        if _is_static(shp) and _is_static(std):
            if isinstance(shp, tuple):
                return f"Layout<{_type(shp)},{_type(std).replace('Shape<', 'Stride<')}>{{}}"
            return f"Layout<{_type(shp)},{_type(std)}>{{}}"
        return f"make_layout({_cpp_value(shp, 'make_shape')}, {_cpp_value(std, 'make_stride')})"
    if isinstance(x, Swizzle):
        return f"Swizzle<{x.b},{x.m},{x.s}>{{}}"
    if isinstance(x, ComposedLayout):
        off = x.offset
        if getattr(off, "bits", None) is not None:  # an smem_ptr flag (GMMA/UMMA smem atoms): its C++ type
            off_t = (
                f"smem_sparse_ptr_flag_bits<{off.sparsity},{off.bits}>"
                if off.sparsity is not None
                else f"smem_ptr_flag_bits<{off.bits}>"
            )
            b = _cpp_value(x.b)
            if isinstance(x.a, Swizzle) and b.startswith("Layout<"):
                return f"ComposedLayout<Swizzle<{x.a.b},{x.a.m},{x.a.s}>,{off_t},{b[:-2]}>{{}}"
            return f"composition({_cpp_value(x.a)}, {off_t}{{}}, {b})"
        return f"composition({_cpp_value(x.a)}, {_cpp_value(off)}, {_cpp_value(x.b)})"
    if cls is ScaledBasis:  # v * E<path...>{} (E<1,0> prints _1@0@1)
        e = "E<" + ",".join(str(n) for n in x.path) + ">{}"
        return e if (x.value.__class__ is C and x.value == 1) else f"{_cpp_value(x.value)}*{e}"
    if cls is ArithTuple:
        return "make_arithmetic_tuple(" + ", ".join(_cpp_value(e) for e in x) + ")"
    spelling = getattr(x, "cpp_spelling", None)  # the eval language's own values (expr.py): tags, tensors
    if spelling is not None:
        return spelling(_cpp_value)
    raise CuteDumpError(f"cannot spell a {cls.__name__} in C++")


def to_cpp(obj) -> str:
    """``obj`` as a C++ expression of CuTe 4.2 (see the module docstring)."""
    return _cpp_value(obj)


def _dsl_value(x) -> str:
    cls = x.__class__
    if cls is C or getattr(x, "bits", None) is not None:  # an smem_ptr flag (the smem atoms' offset): the DSL's 0
        return str(int(x))
    if cls is bool:
        return "True" if x else "False"
    if isinstance(x, DynDiv):  # a dynamic value of the DSL's: what it knows of its divisibility
        return f"?{{div={x.div}}}" if x.div != 1 else "?"
    if cls is int or isinstance(x, int):
        return "?"
    if x is UNDERSCORE:
        return "_"
    if cls is tuple:
        return "(" + ",".join(_dsl_value(e) for e in x) + ")"
    if isinstance(x, Layout):
        return f"{_dsl_value(x.shape)}:{_dsl_value(x.stride)}"
    if isinstance(x, Swizzle):
        return f"S<{x.b},{x.m},{x.s}>"
    if isinstance(x, ComposedLayout):
        return f"{_dsl_value(x.a)} o {_dsl_value(x.offset)} o {_dsl_value(x.b)}"
    spelling = getattr(x, "dsl_spelling", None)  # the eval language's own values (expr.py): tags, tensors
    if spelling is not None:
        return spelling(_dsl_value)
    raise CuteDumpError(f"cannot spell a {cls.__name__} as the CuTe DSL prints it")


def to_dsl(obj) -> str:
    """``obj`` as the CuTe DSL prints it: static integers plain, dynamic ones ``?``, swizzles ``S<B,M,S>``."""
    return _dsl_value(obj)
