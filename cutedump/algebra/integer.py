"""Static and dynamic integers, mirroring ``cute/numeric/integral_constant.hpp``.

A plain Python ``int`` is a dynamic CuTe integer (printed ``8``); :class:`C` is a static one (``Int<8>``,
printed ``_8``). Arithmetic follows CuTe's overloads:

* static op static -> static;
* static op dynamic -> dynamic, **except** the header's special cases:
  ``_0 * x -> _0``, ``x * _0 -> _0``, ``_0 / x -> _0``, ``x % _1 -> _0``, ``x % _-1 -> _0``,
  ``_0 % x -> _0``, ``_0 & x -> _0``, ``x & _0 -> _0``;
* named binary functions (min, max, gcd, lcm, shiftl, shiftr) are static only when both arguments are.

Division and remainder are C++'s (truncating toward zero): use :func:`div` and :func:`mod`, never ``//`` / ``%``.

CuTe's integers are C++ ``int``: when ``C<t> op C<u>`` does not fit, the static overload drops out (its template
argument is not a constant expression) and the operands convert to ``int``, whose arithmetic wraps (signed overflow,
undefined behaviour that happens to wrap): real CuTe 4.2 prints ``size((_65536,_65536))`` as the dynamic ``0``.
The operators here keep the exact value (other layers rely on unbounded integers, e.g. the ScaledBasis model of
render/grid.py) and note the first overflow in :data:`OVERFLOW` (one range comparison per operation), so
``cutedump eval`` refuses the input and shows CuTe's wrapped print (:func:`wrap32`); plain ``int`` arithmetic
(dynamic op dynamic) is checked on the results of each call instead.
"""

from __future__ import annotations

import math

from cutedump.errors import CuteDumpError

INT_MIN = -2147483648
INT_MAX = 2147483647

#: the first overflow since the last :func:`overflow_reset` ("a * b = exact"), or empty
OVERFLOW: list = []


def wrap32(v: int) -> int:
    """The value C++ ``int`` arithmetic leaves when the exact result ``v`` does not fit (two's complement)."""
    return ((v + 2147483648) & 0xFFFFFFFF) - 2147483648


def in_int_range(v) -> bool:
    return INT_MIN <= v <= INT_MAX


def overflow_reset() -> None:
    OVERFLOW.clear()


def _ovf(a, op: str, b, r) -> None:
    """Note an int overflow (the first one since :func:`overflow_reset`)."""
    if not OVERFLOW:
        OVERFLOW.append(f"{a} {op} {b} = {r}")


_int = int
_iadd, _isub, _imul, _iand = int.__add__, int.__sub__, int.__mul__, int.__and__
_ifloordiv, _imod = int.__floordiv__, int.__mod__


class _Cache(dict):
    """value -> the static integer C(value), made once (results of static arithmetic are looked up here: a dict hit
    costs less than constructing an int subclass). Bounded; values beyond it are constructed each time."""

    __slots__ = ()

    def __missing__(self, v):
        c = C(v)
        if len(self) < 8192:
            self[v] = c
        return c


class C(int):
    """A static integer ``Int<N>`` (CuTe ``C<N>``); prints as ``_N``.

    Equality and hashing are int's own (C-level): ``C(8) == 8`` and ``hash(C(8)) == hash(8)``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"_{_int(self)}"

    __str__ = __repr__

    # + and - : static only when both are
    # a result beyond int's range is noted in OVERFLOW (see the module docstring)
    def __add__(self, o):
        r = _iadd(self, o)
        if r is NotImplemented:  # not an int: what int(self) + o does (o's __radd__, or TypeError)
            if getattr(o, "_cute_basis", False):  # ScaledBasis / ArithTuple (algebra/basis.py): C stays static
                return o.__radd__(self)
            return _int(self) + o
        if isinstance(o, C):
            if -2147483648 <= r <= 2147483647:
                return _K[r]
            _ovf(self, "+", o, r)
            return C(r)
        if isinstance(o, Dyn):
            return o.__radd__(self)
        if r > 2147483647 or r < -2147483648:
            _ovf(self, "+", o, r)
        return r

    def __radd__(self, o):
        r = _iadd(o, self) if isinstance(o, _int) else o + _int(self)
        if isinstance(o, C):
            if -2147483648 <= r <= 2147483647:
                return _K[r]
            _ovf(o, "+", self, r)
            return C(r)
        if r.__class__ is _int and (r > 2147483647 or r < -2147483648):
            _ovf(o, "+", self, r)
        return r

    def __sub__(self, o):
        r = _isub(self, o)
        if r is NotImplemented:
            return _int(self) - o
        if isinstance(o, C):
            if -2147483648 <= r <= 2147483647:
                return _K[r]
            _ovf(self, "-", o, r)
            return C(r)
        if isinstance(o, Dyn):
            return o.__rsub__(self)
        if r > 2147483647 or r < -2147483648:
            _ovf(self, "-", o, r)
        return r

    def __rsub__(self, o):
        r = _isub(o, self) if isinstance(o, _int) else o - _int(self)
        if isinstance(o, C):
            if -2147483648 <= r <= 2147483647:
                return _K[r]
            _ovf(o, "-", self, r)
            return C(r)
        if r.__class__ is _int and (r > 2147483647 or r < -2147483648):
            _ovf(o, "-", self, r)
        return r

    def __mul__(self, o):
        r = _imul(self, o)
        if r is NotImplemented:
            if getattr(o, "_cute_basis", False):  # ScaledBasis (algebra/basis.py): _0 * E<1> is _0@1
                return o.__rmul__(self)
            if self == 0:
                return C(_int(self) * _int(o))  # _0 * x -> _0 (int(o): a TypeError where o is no number)
            return _int(self) * o
        if isinstance(o, C) or self == 0:
            if -2147483648 <= r <= 2147483647:
                return _K[r]
            _ovf(self, "*", o, r)
            return C(r)
        if isinstance(o, Dyn):
            return o.__rmul__(self)
        if r > 2147483647 or r < -2147483648:
            _ovf(self, "*", o, r)
        return r

    def __rmul__(self, o):
        if isinstance(o, C) or self == 0:
            r = _int(o) * _int(self)
            if -2147483648 <= r <= 2147483647:
                return _K[r]
            _ovf(o, "*", self, r)
            return C(r)
        r = _imul(o, self) if isinstance(o, _int) else o * _int(self)
        if r.__class__ is _int and (r > 2147483647 or r < -2147483648):
            _ovf(o, "*", self, r)
        return r

    def __neg__(self):
        r = -_int(self)
        if r > 2147483647:
            _ovf("", "-", self, r)
        return C(r)

    def __pos__(self):
        return self

    def __abs__(self):
        r = abs(_int(self))
        if r > 2147483647:
            _ovf("abs", "", self, r)
        return C(r)

    def __and__(self, o):
        if isinstance(o, C) or self == 0:
            return C(_int(self) & _int(o))
        if isinstance(o, Dyn):
            return o.__rand__(self)
        return _int(self) & o

    def __rand__(self, o):
        if isinstance(o, C) or self == 0:
            return C(_int(o) & _int(self))
        return o & _int(self)

    def __or__(self, o):
        return C(_int(self) | _int(o)) if isinstance(o, C) else _int(self) | o

    def __ror__(self, o):
        return C(_int(o) | _int(self)) if isinstance(o, C) else o | _int(self)

    def __xor__(self, o):
        return C(_int(self) ^ _int(o)) if isinstance(o, C) else _int(self) ^ o

    def __rxor__(self, o):
        return C(_int(o) ^ _int(self)) if isinstance(o, C) else o ^ _int(self)

    def __floordiv__(self, o):  # pragma: no cover - guard against accidental use
        raise TypeError("use cutedump.algebra.integer.div (C++ truncating division)")

    __rfloordiv__ = __floordiv__
    __mod__ = __floordiv__
    __rmod__ = __floordiv__


_K = _Cache()


class CU(C):
    """A static unsigned integer (``C<0u>``): prints like C, but is a different C++ type (so, e.g., CuTe's
    ``composition(Swizzle<0,M,S>, Int<0>, L) -> L`` overload does not match it)."""

    __slots__ = ()


class Dyn(int):
    """A dynamic integer of the CuTe DSL with what the DSL knows of it: its divisibility ``div`` (the DSL's
    ``IntValue``, printed ``?{div=N}``; ``?`` when N is 1). Its int value is a stand-in the algebra computes with (a
    large multiple of ``div``: the structure of an answer -- ranks, static-ness -- does not depend on it, as in CuTe);
    the divisibility is carried by the operators, by the rules of the DSL's MLIR ops (nvidia-cutlass-dsl 4.8.1's
    ``tuple_add``, ``tuple_mul``, ``tuple_div``, ``tuple_mod``, as observed on its prints):

    * ``a + b``, ``a - b``: gcd of the divisibilities (a static value's is itself; gcd(d, 0) = d);
    * ``a * b``: their product, an unsigned 32-bit int (a static factor's magnitude; ``x * _0`` is the static
      ``_0``); the DSL prints it signed as a value (``?{div=-2147483648}``), unsigned in a layout
      (``(4,?{div=2147483648}):(1,4)``), and its ``/``, ``%`` and gcd take the unsigned value;
    * ``a / c`` (c static): ``d / c`` where c divides d, else 1; by a dynamic value, 1;
    * ``a % c`` (c static): the static ``_0`` where c divides d, d where d divides c, else 1; by a dynamic value, 1;
    * ``-a``, ``c / a``, ``c % a``, min, max, gcd, lcm, shifts: 1 (nothing is known).

    ``Dyn(d)`` (one argument) is a value known only by its divisibility d (read back from the DSL's print)."""

    def __new__(cls, value, div=None):
        x = int.__new__(cls, value)
        x.div = int(value) if div is None else div
        return x

    def __repr__(self):
        return int.__repr__(self)

    __str__ = __repr__

    def __add__(self, o):
        if getattr(o, "_cute_basis", False):
            return o.__radd__(self)
        return _dyn_add(self, o, int.__add__(self, int(o)))

    def __radd__(self, o):
        return _dyn_add(self, o, int.__add__(int(o), int(self)))

    def __sub__(self, o):
        return _dyn_add(self, o, int.__sub__(self, int(o)))

    def __rsub__(self, o):
        return _dyn_add(self, o, int.__sub__(int(o), int(self)))

    def __mul__(self, o):
        if getattr(o, "_cute_basis", False):
            return o.__rmul__(self)
        if o.__class__ is C and o == 0:
            return _K[0]
        return Dyn(int.__mul__(self, int(o)), _u32(self.div * abs(_divisibility(o))))

    def __rmul__(self, o):
        if o.__class__ is C and o == 0:
            return _K[0]
        return Dyn(int.__mul__(int(o), int(self)), _u32(self.div * abs(_divisibility(o))))

    def __neg__(self):
        return Dyn(-int(self), 1)

    def __pos__(self):
        return self

    def __abs__(self):
        return Dyn(abs(int(self)), abs(self.div))

    def __and__(self, o):
        return Dyn(int(self) & int(o), 1)

    __rand__ = __and__

    def __or__(self, o):
        return Dyn(int(self) | int(o), 1)

    __ror__ = __or__

    def __xor__(self, o):
        return Dyn(int(self) ^ int(o), 1)

    __rxor__ = __xor__

    # // and % are int's (a plain int: what a renderer computes from a value); the algebra's are div and mod


#: the name of the DSL's print read back: a dynamic value known by its divisibility (``DynDiv(8)`` is ``?{div=8}``)
DynDiv = Dyn


def _u32(d: int) -> int:
    """A divisibility as the DSL's MLIR keeps it: an unsigned 32-bit int."""
    return d % (1 << 32)


def _divisibility(x) -> int:
    """What the DSL knows of x's divisibility: a static value's is itself, a dynamic one's its ``div``, a plain int's
    (a dynamic value of C++ CuTe's, or one the algebra made without the DSL's rules) 1."""
    if x.__class__ is C:
        return int(x)
    if isinstance(x, Dyn):
        return x.div
    if isinstance(x, C):
        return int(x)
    return 1


def _dyn_add(a, b, r):
    return Dyn(r, math.gcd(_divisibility(a), _divisibility(b)))


def _quotient(r, d):
    """A dynamic quotient or remainder of divisibility d: r, the stand-ins' own, unless that is 0 (a stand-in is
    never 0: a dynamic value the algebra would divide by, or take as an empty extent)."""
    return Dyn(r or (abs(d) or 1) * 1009, d)


def _dyn_div(a, b, r):
    """a / b where a or b is a :class:`Dyn` (r: the stand-ins' truncating quotient)."""
    if isinstance(b, C) and not isinstance(a, C):
        d, c = _divisibility(a), int(b)
        return _quotient(r, d // c if c and d % c == 0 else 1)
    return _quotient(r, 1)


def _dyn_mod(a, b, r):
    if isinstance(b, C) and not isinstance(a, C):
        d, c = _divisibility(a), int(b)
        if c and d % c == 0:
            return _K[0]  # the DSL folds it: a static 0
        return _quotient(r, d if d and c % d == 0 else 1)
    return _quotient(r, 1)


def is_static(x) -> bool:
    """True for a static integer or a tuple made only of static integers (CuTe ``is_static``)."""
    if isinstance(x, C):
        return True
    if isinstance(x, tuple):
        for e in x:
            if not (isinstance(e, C) or (isinstance(e, tuple) and is_static(e))):
                return False
        return True
    return False


def is_constant(v: int, x) -> bool:
    """CuTe ``is_constant<v, X>``: x is a static integer equal to v."""
    return isinstance(x, C) and x == v


def _tdiv(a: int, b: int) -> int:
    if b > 0 and a >= 0:
        return a // b
    if b == 0:
        raise CuteDumpError("division by zero")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def div(a, b):
    """C++ ``a / b`` (truncating); static when both are, or when a is ``_0``."""
    ca, cb = a.__class__, b.__class__
    if isinstance(a, Dyn) or isinstance(b, Dyn):
        if ca is C and a == 0:
            return _K[0]
        return _dyn_div(a, b, _tdiv(_int(a), _int(b)))
    if (ca is C or ca is _int) and (cb is C or cb is _int):  # the common classes in short: the same as below
        r = _ifloordiv(a, b) if b > 0 and a >= 0 else _tdiv(_int(a), _int(b))
        if ca is C and (cb is C or a == 0):
            return _K[r] if -2147483648 <= r <= 2147483647 else C(r)
        return r
    if isinstance(a, _int) and isinstance(b, _int) and b > 0 and a >= 0:
        r = _ifloordiv(a, b)
    else:
        r = _tdiv(_int(a), _int(b))
    if isinstance(a, C) and (isinstance(b, C) or a == 0):
        return _K[r] if -2147483648 <= r <= 2147483647 else C(r)
    return r


def mod(a, b):
    """C++ ``a % b`` (sign of a); static when both are, when b is ``_1``/``_-1``, or when a is ``_0``."""
    if isinstance(a, Dyn) or isinstance(b, Dyn):
        ia, ib = _int(a), _int(b)
        if ib == 0:
            raise CuteDumpError("modulo by zero")
        if a.__class__ is C and a == 0:
            return _K[0]
        return _dyn_mod(a, b, ia - _tdiv(ia, ib) * ib)
    if isinstance(a, _int) and isinstance(b, _int) and b > 0 and a >= 0:
        r = _imod(a, b)
    else:
        ia, ib = _int(a), _int(b)
        if ib == 0:
            raise CuteDumpError("modulo by zero")
        r = ia - _tdiv(ia, ib) * ib
    if (isinstance(a, C) and (isinstance(b, C) or a == 0)) or (isinstance(b, C) and (b == 1 or b == -1)):
        return _K[r] if -2147483648 <= r <= 2147483647 else C(r)
    return r


def _named(fn):
    def op(a, b):
        r = fn(int(a), int(b))
        if isinstance(a, Dyn) or isinstance(b, Dyn):
            return Dyn(r, 1)
        return C(r) if isinstance(a, C) and isinstance(b, C) else r

    op.__name__ = fn.__name__
    return op


def imin(a, b):
    r = _int(a) if a <= b else _int(b)
    if isinstance(a, Dyn) or isinstance(b, Dyn):
        return Dyn(r, math.gcd(_divisibility(a), _divisibility(b)))
    return _K[r] if isinstance(a, C) and isinstance(b, C) else r


def imax(a, b):
    r = _int(a) if a >= b else _int(b)
    if isinstance(a, Dyn) or isinstance(b, Dyn):
        return Dyn(r, math.gcd(_divisibility(a), _divisibility(b)))
    return _K[r] if isinstance(a, C) and isinstance(b, C) else r


_gcd = math.gcd


def igcd(a, b):
    r = _gcd(a, b)
    if isinstance(a, Dyn) or isinstance(b, Dyn):
        return Dyn(r, 1)
    return (_K[r] if r <= 2147483647 else C(r)) if isinstance(a, C) and isinstance(b, C) else r


def _lcm(a, b):
    return 0 if a == 0 or b == 0 else abs(a * b) // math.gcd(a, b)


ilcm = _named(_lcm)


def shiftl(a, n):
    r = int(a) << int(n) if int(n) >= 0 else int(a) >> -int(n)
    if r > 2147483647 or r < -2147483648:
        _ovf(a, "<<", n, r)
    return C(r) if isinstance(a, C) and isinstance(n, C) else r


def shiftr(a, n):
    r = int(a) >> int(n) if int(n) >= 0 else int(a) << -int(n)
    return C(r) if isinstance(a, C) and isinstance(n, C) else r


def iabs(a):
    if isinstance(a, C):
        return a if a >= 0 and a.__class__ is C else C(abs(_int(a)))
    return abs(a)


def signum(a):
    r = (a > 0) - (a < 0)
    return _K[r] if isinstance(a, C) else r


def safe_div(a, b):
    """CuTe ``safe_div``: static a/b requires a % b == 0 (static_assert)."""
    if isinstance(a, C) and isinstance(b, C) and int(a) % int(b) != 0:
        raise CuteDumpError(f"Static safe_div requires t % u == 0 ({a} % {b} != 0)")
    return div(a, b)


def static_eq(a, b) -> bool:
    """``is_constant<true, decltype(a == b)>``: both static and equal."""
    return isinstance(a, C) and isinstance(b, C) and int(a) == int(b)


def static_less(a, b) -> bool:
    """``is_constant<true, decltype(a < b)>``."""
    return isinstance(a, C) and isinstance(b, C) and int(a) < int(b)
