"""The values of the eval language besides the algebra's objects (tags like ``LayoutRight``, tensors of
coordinates, element types' widths) and the print of any result (:func:`format_result`)."""

from __future__ import annotations

from cutedump.algebra.basis import ArithTuple, ScaledBasis, make_basis_like
from cutedump.algebra.integer import C
from cutedump.algebra.inttuple import fmt, is_int_tuple
from cutedump.algebra.layout import Layout
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.errors import CuteDumpError

_BITS = {
    "bool": 1,
    "int1b_t": 1,
    "uint1b_t": 1,
    "int2b_t": 2,
    "uint2b_t": 2,
    "int4b_t": 4,
    "uint4b_t": 4,
    "int8_t": 8,
    "uint8_t": 8,
    "char": 8,
    "float_e4m3_t": 8,
    "float_e5m2_t": 8,
    "int16_t": 16,
    "uint16_t": 16,
    "float_e2m1_t": 4,
    "float_e2m3_t": 6,
    "float_e3m2_t": 6,
    "float_ue8m0_t": 8,
    "float_ue4m3_t": 8,
    "half_t": 16,
    "bfloat16_t": 16,
    "half": 16,
    "int32_t": 32,
    "uint32_t": 32,
    "float": 32,
    "tfloat32_t": 32,
    "int": 32,
    "int64_t": 64,
    "uint64_t": 64,
    "double": 64,
    "uint128_t": 128,
}


def _bits(name) -> int:
    if isinstance(name, int):
        return name
    if isinstance(name, str) and "::" in name:  # cutlass::half_t, std::uint8_t
        name = name.rsplit("::", 1)[1] if name.split("::")[0] in ("cutlass", "cute", "std", "") else name
    if name not in _BITS:
        raise CuteDumpError(f"unknown type {name!r}; known: {', '.join(sorted(_BITS))}")
    return _BITS[name]


class ClassValue:
    """An object of a C++ class outside ``cute::`` named by its class and template arguments, e.g. what
    ``cutlass::detail::sm100_trivial_blockwise_scale_config(Shape<_128,_128,_128>{})`` returns
    (``Sm100BlockwiseScaleConfig<128, 128, 128>{}``): ``decltype(obj)::member`` reads its class's members. CuTe
    prints no such object."""

    __slots__ = ("name", "targs")

    def __init__(self, name: str, targs: tuple):
        self.name = name
        self.targs = targs

    def __repr__(self):
        return f"{self.name}<{', '.join(map(str, self.targs))}>{{}}"


class CountingTensor:
    """make_identity_tensor(shape) and what CuTe's Tensor overloads (tensor_impl.hpp) make of it: a tensor of
    coordinates, ``Tensor<ArithmeticTupleIterator<coord>, layout>``; ``T(c)`` is ``coord + layout(c)``. Printed as
    CuTe's print(tensor): ``ArithTuple(_0,_0) o (_4,_8):(_1@0,_1@1)`` (a rank-1 origin: ``ArithTuple_0 o _8:_1``)."""

    __slots__ = ("coord", "layout")

    def __init__(self, coord, layout):
        self.coord, self.layout = coord, layout

    def __str__(self):
        return f"ArithTuple{fmt(self.coord)} o {format_result(self.layout)}"

    __repr__ = __str__

    def __call__(self, *c):
        return _add_coord(self.coord, self.layout(*c))

    def __eq__(self, o):
        return isinstance(o, CountingTensor) and (o.coord, o.layout) == (self.coord, self.layout)

    __hash__ = None

    def cpp_spelling(self, spell) -> str:
        """The C++ spelling (parse/spell.py, ``spell`` spelling a value): make_identity_tensor(shape) itself; its
        tiles have no spelling there."""

        def zeros(c):
            return all(zeros(e) for e in c) if isinstance(c, tuple) else (c.__class__ is C and c == 0)

        shape = self.layout.shape
        if self.layout.stride == make_basis_like(shape) and zeros(self.coord):
            return f"make_identity_tensor({spell(shape)})"
        raise CuteDumpError(
            "cannot spell this tensor of coordinates in C++ (only make_identity_tensor(shape) "
            "itself; --syntax print prints it as CuTe does)"
        )

    def dsl_spelling(self, spell) -> str:
        raise CuteDumpError("cannot spell a tensor of coordinates as the CuTe DSL prints it")


def _add_coord(coord, v):
    """The ArithmeticTuple coord + v (v: a layout value with ScaledBasis strides: an ArithTuple, a ScaledBasis or _0)."""
    if isinstance(coord, tuple):
        return tuple(ArithTuple(coord) + v)
    return coord + (v.value if isinstance(v, ScaledBasis) and not v.path else v)


class _Name:
    """A bare identifier used as a value: LayoutLeft, LayoutRight, GenColMajor, GenRowMajor."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self):
        return self.name

    def cpp_spelling(self, spell) -> str:
        """A tag of the eval language in C++ (parse/spell.py): ``LayoutLeft{}``."""
        return f"{self.name}{{}}"

    def dsl_spelling(self, spell) -> str:
        return self.name


_CONSTANTS = {"LayoutLeft", "LayoutRight", "GenColMajor", "GenRowMajor"}


def _is_int_tuple(x) -> bool:
    return is_int_tuple(x)


def _show(x) -> str:
    return format_result(x) if not isinstance(x, _Name) else x.name


def _kind(x) -> str:
    if isinstance(x, ComposedLayout):
        return "swizzled layout"
    if isinstance(x, Layout):
        return "layout"
    if isinstance(x, Swizzle):
        return "swizzle"
    if isinstance(x, tuple):
        return "tuple"
    if isinstance(x, _Name):
        return "name"
    if isinstance(x, CountingTensor):
        return "tensor"
    return "integer" if isinstance(x, int) else type(x).__name__


def _tiler(t):
    return t


def format_result(obj, syntax: str | None = None) -> str:
    """CuTe's ``print`` of a result; ``syntax="cpp"`` spells it as C++ (``make_layout(make_shape(_8{}, 4), ...)``,
    ``Layout<Shape<_8,_4>,Stride<_1,_8>>{}``), ``syntax="dsl"`` as the CuTe DSL prints it (see
    :mod:`cutedump.parse.spell`); ``"print"`` (or None) is CuTe's print."""
    if isinstance(obj, ClassValue):
        raise CuteDumpError(
            f"{obj!r} is an object of a class CuTe does not print; name one of its members: decltype(...)::member(...)"
        )
    if syntax is not None and syntax != "print":
        from cutedump.parse import spell  # start-up: only when asked

        if syntax == "cpp":
            return spell.to_cpp(obj)
        if syntax == "dsl":
            return spell.to_dsl(obj)
        raise CuteDumpError(f"unknown syntax {syntax!r}: expected one of {', '.join(spell.SYNTAXES)}")
    if obj.__class__ is Layout:
        return f"{fmt(obj.shape)}:{fmt(obj.stride)}"
    if isinstance(obj, tuple):
        return "(" + ",".join(format_result(e) for e in obj) + ")"
    if isinstance(obj, _Name):
        return obj.name
    if isinstance(obj, bool):
        return "1" if obj else "0"
    if isinstance(obj, int):
        return fmt(obj)
    return str(obj)
