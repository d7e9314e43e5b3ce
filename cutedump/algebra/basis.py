"""ScaledBasis strides and ArithmeticTuple coordinates, mirroring ``cute/numeric/arithmetic_tuple.hpp``.

``ScaledBasis(v, (1, 0))`` is CuTe's ``v * E<1,0>{}``: the value ``v`` (a static :class:`C` or a dynamic int) placed
at mode path ``(1, 0)``; it prints as the value then the path in reverse (``_1@0@1``). ``make_identity_layout(shape)``
has such strides (``make_basis_like(shape)``), and evaluating it gives an :class:`ArithTuple` (the coordinate).
Integers never become these classes: the integer paths of the engine are untouched (C's operators hand over to
these classes only where int arithmetic returns NotImplemented).
"""

from __future__ import annotations

from cutedump.algebra.integer import C, iabs
from cutedump.errors import CuteDumpError


def _fmt(v) -> str:
    return str(v) if isinstance(v, C) else repr(v) if isinstance(v, int) else str(v)


class ArithTuple(tuple):
    """CuTe's ArithmeticTuple: a tuple whose + is elementwise (the shorter one padded with ``_0``)."""

    __slots__ = ()
    _cute_basis = True

    def __add__(self, o):
        if isinstance(o, ScaledBasis):
            o = o.as_arith()
        if isinstance(o, tuple):
            n = max(len(self), len(o))
            a = tuple(self) + (C(0),) * (n - len(self))
            b = tuple(o) + (C(0),) * (n - len(o))
            return ArithTuple(_add(x, y) for x, y in zip(a, b))
        if isinstance(o, C) and o == 0:
            return self
        raise CuteDumpError(
            f"Arithmetic tuple op+ error!: {_fmt(o)} + {self} (CuTe adds only _0 to an arithmetic tuple)"
        )

    def __radd__(self, o):
        if isinstance(o, tuple):
            return ArithTuple(o) + self
        if isinstance(o, C) and o == 0:
            return self
        raise CuteDumpError(
            f"Arithmetic tuple op+ error!: {self} + {_fmt(o)} (CuTe adds only _0 to an arithmetic tuple)"
        )

    def __str__(self):
        return "(" + ",".join(_fmt(e) for e in self) + ")"


def _add(x, y):
    if isinstance(x, tuple) and not isinstance(x, ArithTuple):
        x = ArithTuple(x)
    return x + y


class ScaledBasis:
    """``value * E<path...>``; equal only to a ScaledBasis of the same path and value."""

    __slots__ = ("value", "path")
    _cute_basis = True

    def __init__(self, value, path=()):
        self.value = value
        self.path = tuple(path)

    def __str__(self):
        return _fmt(self.value) + "".join(f"@{n}" for n in reversed(self.path))

    __repr__ = __str__

    def is_static(self) -> bool:
        return isinstance(self.value, C)

    def __eq__(self, o):
        return isinstance(o, ScaledBasis) and o.path == self.path and o.value == self.value

    def __ne__(self, o):
        return not self.__eq__(o)

    def __hash__(self):
        return hash((self.value, self.path))

    def __mul__(self, o):
        if isinstance(o, int) and not isinstance(o, bool):
            return ScaledBasis(self.value * o, self.path)
        return NotImplemented

    def __rmul__(self, o):
        if isinstance(o, int) and not isinstance(o, bool):
            return ScaledBasis(o * self.value, self.path)
        return NotImplemented

    def __abs__(self):
        return ScaledBasis(iabs(self.value), self.path)

    def __neg__(self):
        return ScaledBasis(-self.value, self.path)

    def as_arith(self):
        """as_arithmetic_tuple: E<n, rest...> -> (_0 x n, as_arith(E<rest...>))."""
        v = self.value
        for n in reversed(self.path):
            v = ArithTuple((C(0),) * n + (v,))
        return v

    def __add__(self, o):
        if isinstance(o, (ScaledBasis, tuple)):
            return _add(self.as_arith(), o.as_arith() if isinstance(o, ScaledBasis) else o)
        if isinstance(o, C):
            if not self.path:
                return self.value + o
            if o == 0:
                return self
        raise CuteDumpError(f"ScaledBasis op+ error!: {self} + {_fmt(o)}")

    def __radd__(self, o):
        if isinstance(o, tuple):
            return _add(o, self.as_arith())
        if isinstance(o, C):
            if not self.path:
                return o + self.value
            if o == 0:
                return self
        raise CuteDumpError(f"ScaledBasis op+ error!: {_fmt(o)} + {self}")


def make_basis_like(shape, path=()):
    """CuTe's make_basis_like: E<path..., i> for mode i of each (nested) mode of shape."""
    if isinstance(shape, tuple):
        return tuple(make_basis_like(s, path + (i,)) for i, s in enumerate(shape))
    return ScaledBasis(C(1), path)


def has_basis(x) -> bool:
    if isinstance(x, tuple):
        return any(has_basis(e) for e in x)
    return isinstance(x, ScaledBasis)


def is_stride_tuple(x) -> bool:
    """An int tuple whose leaves may also be ScaledBasis values (the strides of make_layout(shape, stride))."""
    if isinstance(x, tuple):
        return all(is_stride_tuple(e) for e in x)
    return isinstance(x, ScaledBasis) or (isinstance(x, int) and not isinstance(x, bool))
