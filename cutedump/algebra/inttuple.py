"""Int tuples: an integer (static :class:`C` or dynamic ``int``) or a nested Python tuple of int tuples.

Each function mirrors the one of the same name in ``cute/int_tuple.hpp`` / ``cute/stride.hpp`` /
``cute/algorithm/tuple_algorithms.hpp``, including which results are static.
"""

from __future__ import annotations

from cutedump.algebra.integer import _K, C, _iadd, _ifloordiv, div, igcd, imax, imin, is_constant, is_static, mod
from cutedump.errors import CuteDumpError


class _Underscore:
    """CuTe's ``_``: a wildcard in slices and tilers."""

    _inst = None

    def __new__(cls):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
        return cls._inst

    def __repr__(self):
        return "_"

    def __reduce__(self):
        return (_Underscore, ())


UNDERSCORE = _Underscore()


def is_tuple(x) -> bool:
    return isinstance(x, tuple)


def is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def is_int_tuple(x) -> bool:
    """An integer, or a (nested) tuple of integers."""
    if isinstance(x, tuple):
        for e in x:
            if not (e.__class__ is C or e.__class__ is int or is_int_tuple(e)):
                return False
        return True
    return isinstance(x, int) and not isinstance(x, bool)


def wrap(t):
    return t if isinstance(t, tuple) else (t,)


def unwrap(t):
    """A rank-1 tuple becomes its element (recursively), as CuTe's ``unwrap``."""
    while isinstance(t, tuple) and len(t) == 1:
        t = t[0]
    return t


class _StaticText(dict):
    """static integer -> its print ``_8``, made once (a dict hit costs less than ``"_" + repr``); looked up with
    static integers only (an int key equal to a C's is never stored: the texts differ). Bounded."""

    __slots__ = ()

    def __missing__(self, v):
        s = "_" + int.__repr__(v)
        if len(self) < 4096:
            self[v] = s
        return s


_STATIC_TEXT = _StaticText()


def fmt(t) -> str:
    """CuTe's ``print`` of an int tuple: ``(_4,(8,_2))``."""
    cls = t.__class__
    if cls is int:
        return int.__repr__(t)
    if cls is C:
        return _STATIC_TEXT[t]
    if cls is tuple:
        return (
            "("
            + ",".join(
                [int.__repr__(e) if e.__class__ is int else _STATIC_TEXT[e] if e.__class__ is C else fmt(e) for e in t]
            )
            + ")"
        )
    if isinstance(t, tuple):
        return "(" + ",".join(fmt(e) for e in t) + ")"
    if isinstance(t, bool):
        return "true" if t else "false"
    return str(t) if isinstance(t, C) else repr(t) if is_int(t) else str(t)


def rank(t) -> C:
    return C(len(t)) if isinstance(t, tuple) else C(1)


def depth(t) -> C:
    if isinstance(t, tuple):
        return C(1 + max((int(depth(e)) for e in t), default=0))
    return C(0)


def flatten(t):
    """Flatten to a tuple of integers; an integer stays an integer."""
    if not isinstance(t, tuple):
        return t
    for e in t:
        if isinstance(e, tuple):
            break
    else:
        return t  # already flat
    out: list = []
    _flatten_into(t, out)
    return tuple(out)


def _flatten_into(t, out: list) -> None:
    for e in t:
        if isinstance(e, tuple):
            _flatten_into(e, out)
        else:
            out.append(e)


def flatten_to_tuple(t):
    return flatten(t) if isinstance(t, tuple) else (t,)


def product(t):
    """product(()) = _1; product of a tuple is the left fold of ``*`` (so ``_0`` wins)."""
    if isinstance(t, tuple):
        if len(t) == 0:
            return C(1)
        vals = [product(e) if isinstance(e, tuple) else e for e in t]  # every mode's product first, then the fold
        acc = vals[0]
        for i in range(1, len(vals)):
            acc = acc * vals[i]
        return acc
    return t


def size(t):
    return product(t)


def product_each(t):
    return tuple([product(e) for e in wrap(t)])


def sum_(t):
    if isinstance(t, tuple):
        acc = C(0)
        for e in t:
            acc = acc + sum_(e)
        return acc
    return t


def inner_product(a, b):
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) != len(b):
            raise CuteDumpError("Mismatched ranks in inner_product")
        acc = C(0)
        for x, y in zip(a, b):
            acc = acc + inner_product(x, y)
        return acc
    if isinstance(a, tuple) or isinstance(b, tuple):
        raise CuteDumpError("Mismatched profiles in inner_product")
    return a * b


def tmax(t):
    return _rfold(imax, t)


def _rfold(fn, t):
    """CuTe's variadic min/gcd over a (nested) tuple: fn(t0, fn(t1, ...)), static only if all are."""
    if isinstance(t, tuple):
        vals = [_rfold(fn, e) if isinstance(e, tuple) else e for e in t]
        acc = vals[-1]
        for i in range(len(vals) - 2, -1, -1):
            acc = fn(vals[i], acc)
        return acc
    return t


def tmin(t):
    if (
        isinstance(t, tuple) and len(t) > 1
    ):  # a flat tuple: the fold's value is the least element, static only if all are
        static = True
        for e in t:
            if isinstance(e, tuple):
                return _rfold(imin, t)
            if not isinstance(e, C):
                static = False
        m = min(t)
        return _K[m] if static else int(m)
    return _rfold(imin, t)


def tgcd(t):
    return _rfold(igcd, t)


def _fold_div(f, a, b):
    """tuple / int: divide each mode of a by what is left of b, carrying f(rest, a_i) to the next mode."""
    res, rest = [], b
    for ai in a:
        res.append(f(ai, rest))
        rest = f(rest, ai)
    return tuple(res)


_0, _1 = C(0), C(1)


def ceil_div(a, b):
    """ceil_div for int tuples: tuple/tuple elementwise (missing modes of b are 1), tuple/int folds b
    across a, int/tuple uses product(b), int/int is ``(a + b - _1) / b``."""
    if not isinstance(a, tuple) and not isinstance(b, tuple):
        if a.__class__ is C and b.__class__ is C and a >= 0 and b > 0:
            t = _iadd(a, b)  # (a + b - _1) / b of static ints as plain ints: a static int when a + b fits in int
            if t <= 2147483647:
                return _K[_ifloordiv(t - 1, b)]
        if b.__class__ is C and b == 1:  # (a + _1 - _1) / _1 is a (the DSL's ceil_div keeps its divisibility)
            return a
        return div(a + b - _1, b)
    if isinstance(a, tuple):
        if isinstance(b, tuple):
            if len(a) < len(b):
                raise CuteDumpError("Mismatched ranks in ceil_div")
            bb = tuple(b) + (C(1),) * (len(a) - len(b))
            return tuple([ceil_div(x, y) for x, y in zip(a, bb)])
        return _fold_div(ceil_div, a, b)
    if isinstance(b, tuple):
        return ceil_div(a, product(b))
    return div(a + b - C(1), b)


def shape_div(a, b):
    """Division for shapes (tuple/tuple elementwise, tuple/int folded, int/int = ceil_div), with CuTe's
    static "Divisibility Condition": a % b == 0 or b % a == 0 when both are static."""
    if isinstance(a, tuple):
        if isinstance(b, tuple):
            if len(a) != len(b):
                raise CuteDumpError("Mismatched ranks in shape_div")
            return tuple(shape_div(x, y) for x, y in zip(a, b))
        return _fold_div(shape_div, a, b)
    if isinstance(b, tuple):
        return shape_div(a, product(b))
    if is_static(a) and is_static(b):
        ia, ib = int(a), int(b)
        if ib == 0 or (ia != 0 and ia % ib != 0 and ib % ia != 0):
            raise CuteDumpError(f"Divisibility Condition violated in shape_div({a}, {b})")
    return div(a + b - C(1), b)


def elem_scale(a, b):
    if isinstance(a, tuple):
        return tuple(elem_scale(x, y) for x, y in zip(a, b))
    return a * product(b)


def profile(t):
    if isinstance(t, tuple):
        return tuple(profile(e) for e in t)
    return 0


def congruent(a, b) -> bool:
    """Same hierarchical profile (compared in one walk, without building either profile)."""
    ta, tb = isinstance(a, tuple), isinstance(b, tuple)
    if not (ta or tb):
        return True
    if not (ta and tb and len(a) == len(b)):
        return False
    for x, y in zip(a, b):
        if (isinstance(x, tuple) or isinstance(y, tuple)) and not congruent(x, y):
            return False
    return True


def weakly_congruent(a, b) -> bool:
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(weakly_congruent(x, y) for x, y in zip(a, b))
    if not isinstance(a, tuple):
        return True
    return False


def compatible(a, b):
    """Shape A is compatible with shape B: same size, and every coordinate into A is one into B.

    Returns (value, is_static): CuTe returns a static bool unless a dynamic size comparison decides."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) != len(b):
            return (False, True)
        val, st = True, True
        for x, y in zip(a, b):
            v, s = compatible(x, y)
            # (true_type && ... && z): a static false short-circuits to false_type
            if s and not v:
                return (False, True)
            val = val and v
            st = st and s
        return (val, st)
    if not isinstance(a, tuple):
        sb = product(b)
        return (int(a) == int(sb), is_static(a) and is_static(sb))
    return (False, True)


def repeat_like(t, x):
    if isinstance(t, tuple):
        return tuple(repeat_like(e, x) for e in t)
    return x


def transform_leaf(t, f):
    if isinstance(t, tuple):
        return tuple(transform_leaf(e, f) for e in t)
    return f(t)


def filter_zeros(a, b=None):
    """Replace the elements of b paired with a static ``_0`` in a by ``_1``."""
    if b is None:
        b = a
    if isinstance(a, tuple):
        return tuple(filter_zeros(x, y) for x, y in zip(a, b))
    if is_constant(0, a):
        return repeat_like(b, C(1))
    return b


# ---- tuple construction helpers (tuple_algorithms.hpp) ----


def append(a, x, n: int | None = None):
    if n is None:
        return tuple(a) + (x,) if isinstance(a, tuple) else (a, x)
    if isinstance(a, tuple):
        if n < len(a):
            raise CuteDumpError(f"append<{n}>: tuple already has rank {len(a)}")
        return tuple(a) + (x,) * (n - len(a))
    return a if n == 1 else (a,) + (x,) * (n - 1)


def prepend(a, x, n: int | None = None):
    if n is None:
        return (x,) + tuple(a) if isinstance(a, tuple) else (x, a)
    if isinstance(a, tuple):
        if n < len(a):
            raise CuteDumpError(f"prepend<{n}>: tuple already has rank {len(a)}")
        return (x,) * (n - len(a)) + tuple(a)
    return a if n == 1 else (x,) * (n - 1) + (a,)


def get(t, *idx):
    for i in idx:
        if isinstance(t, tuple):
            if not 0 <= i < len(t):
                raise CuteDumpError(f"Index {i} out of range for rank {len(t)}")
            t = t[i]
        elif i != 0:
            raise CuteDumpError(f"Index {i} out of range for an integer")
    return t


def take(t, b, e):
    return tuple(wrap(t)[b:e])


def select(t, *idx):
    w = wrap(t)
    return tuple(get(w, i) for i in idx)


def zip_(*ts):
    """CuTe zip: ((a0,a1,..),(b0,b1,..)) -> ((a0,b0),(a1,b1),..); all modes must be tuples of one rank.
    A tuple whose first element is an integer is wrapped: zip((a,b)) == ((a,b),)."""
    if len(ts) != 1:
        return zip_(tuple(ts))
    t = ts[0]
    if not isinstance(t, tuple):
        return t
    if not t or not isinstance(t[0], tuple):
        return (t,)
    n = len(t[0])
    for e in t:
        if not isinstance(e, tuple) or len(e) != n:
            raise CuteDumpError(f"zip: Mismatched Ranks in {fmt(t)}")
    return tuple(zip(*t)) if n else ()


def zip2_by(t, guide):
    """Guided zip of rank-2 modes: ((A,a),(B,b),...) -> ((A,B,...),(a,b,...)) following guide's profile."""
    if isinstance(guide, tuple):
        if not isinstance(t, tuple) or len(t) < len(guide):
            raise CuteDumpError("zip2_by: mismatched ranks")
        split = [zip2_by(t[i], guide[i]) for i in range(len(guide))]
        return (tuple(s[0] for s in split), tuple(s[1] for s in split) + tuple(t[len(guide) :]))
    if not isinstance(t, tuple) or len(t) != 2:
        raise CuteDumpError("zip2_by: mismatched ranks")
    return t


def has_underscore(c) -> bool:
    if c is UNDERSCORE:
        return True
    return isinstance(c, tuple) and any(has_underscore(e) for e in c)


def _lift(c, t, keep_underscore: bool):
    """detail::lift_slice / lift_dice: a flat tuple of the kept elements (nested coordinates splice in)."""
    if isinstance(c, tuple):
        if not isinstance(t, tuple) or len(c) != len(t):
            raise CuteDumpError(f"slice: mismatched ranks, coordinate {fmt(c)} for {fmt(t)}")
        out = ()
        for x, y in zip(c, t):
            out += _lift(x, y, keep_underscore)
        return out
    return (t,) if (c is UNDERSCORE) == keep_underscore else ()


def slice_(c, t):
    """Keep the elements of t paired with ``_`` in c (``slice(_, t) == t``)."""
    if isinstance(c, tuple):
        return _lift(c, t, True)
    return t if c is UNDERSCORE else ()


def dice(c, t):
    """Keep the elements of t paired with an integer in c (``dice(i, t) == t``)."""
    if isinstance(c, tuple):
        return _lift(c, t, False)
    return () if c is UNDERSCORE else t


def unflatten(flat, target):
    """Give a flat tuple the profile of target."""
    flat = list(flatten_to_tuple(flat))

    def go(tp):
        if isinstance(tp, tuple):
            return tuple(go(e) for e in tp)
        return flat.pop(0)

    r = go(target)
    if flat:
        raise CuteDumpError("unflatten: profile does not match")
    return r


# ---- coordinates (stride.hpp) ----


def crd2idx(coord, shape, stride):
    """Map a coordinate (an integer, or a tuple congruent to shape) to an index: sum of coord_i * stride_i,
    splitting an integer coordinate colexicographically over a tuple shape."""
    if isinstance(coord, tuple):
        if isinstance(shape, tuple):
            if len(coord) != len(shape) or not isinstance(stride, tuple) or len(coord) != len(stride):
                raise CuteDumpError(f"Mismatched ranks: coordinate {fmt(coord)} for shape {fmt(shape)}")
            acc = None
            for c, s, d in zip(coord, shape, stride):
                v = crd2idx(c, s, d)
                acc = v if acc is None else acc + v
            return acc if acc is not None else C(0)
        raise CuteDumpError(f"Invalid parameters: tuple coordinate {fmt(coord)} for integer shape {fmt(shape)}")
    if isinstance(shape, tuple):
        if not isinstance(stride, tuple) or len(shape) != len(stride):
            raise CuteDumpError("Mismatched ranks of shape and stride")
        return _crd2idx_itt(coord, shape, stride, 0)
    if isinstance(stride, tuple):
        raise CuteDumpError("Mismatched ranks of shape and stride")
    return coord * stride


def _crd2idx_itt(coord, shape, stride, i):
    n = len(shape)
    if n == 0:
        return C(0)
    if i == n - 1:
        return crd2idx(coord, shape[i], stride[i])
    if is_constant(0, coord):
        acc = crd2idx(C(0), shape[i], stride[i])
        rest = C(0)
        for j in range(i + 1, n):
            rest = rest + crd2idx(C(0), shape[j], stride[j])
        return acc + rest
    p = product(shape[i])
    q, r = div(coord, p), mod(coord, p)
    return crd2idx(r, shape[i], stride[i]) + _crd2idx_itt(q, shape, stride, i + 1)


def crd2idx_shape(coord, shape):
    """crd2idx(c, s): coordinate to its colexicographical 1-D index within shape (Horner's method)."""
    if not isinstance(coord, tuple):
        return coord
    if not isinstance(shape, tuple):
        raise CuteDumpError("Invalid parameters: tuple coordinate for an integer shape")
    if len(coord) != len(shape):
        raise CuteDumpError("Mismatched ranks")
    fc = flatten(coord)
    fs = flatten(product_like(shape, coord))
    acc = fc[-1]
    for k in range(len(fc) - 2, -1, -1):
        acc = fc[k] + fs[k] * acc
    return acc


def product_like(t, guide):
    if isinstance(guide, tuple):
        return tuple(product_like(x, g) for x, g in zip(t, guide))
    return product(t)


def idx2crd(idx, shape, stride=None):
    """Split an index into a coordinate of shape (colexicographic), or with a stride: (idx / d) % s per mode."""
    if stride is None:
        if isinstance(idx, tuple):
            if not isinstance(shape, tuple) or len(idx) != len(shape):
                raise CuteDumpError("Mismatched ranks")
            return tuple(idx2crd(i, s) for i, s in zip(idx, shape))
        if isinstance(shape, tuple):
            return _idx2crd_basis(idx, shape)
        return idx
    if isinstance(idx, tuple):
        if not isinstance(shape, tuple) or len(idx) != len(shape):
            raise CuteDumpError("Mismatched ranks")
        return tuple(idx2crd(i, s, d) for i, s, d in zip(idx, shape, stride))
    if isinstance(shape, tuple):
        if isinstance(stride, tuple):
            if len(shape) != len(stride):
                raise CuteDumpError("Mismatched ranks")
            return tuple(idx2crd(idx, s, d) for s, d in zip(shape, stride))
        return tuple(idx2crd(idx, s, d) for s, d in zip(shape, compact_col_major(shape, stride)))
    if is_constant(1, shape):
        return C(0)
    return mod(div(idx, stride), shape)


def _idx2crd_basis(idx, shape):
    """idx2crd(i, s) for a tuple s: the div/mod distribution of crd2idx_itt, one coordinate per leaf."""
    if is_constant(0, idx):
        return repeat_like(shape, C(0))
    res = []
    for i, s in enumerate(shape):
        if i == len(shape) - 1:
            res.append(_idx2crd_basis(idx, s) if isinstance(s, tuple) else idx)
        else:
            p = product(s)
            r = mod(idx, p)
            res.append(_idx2crd_basis(r, s) if isinstance(s, tuple) else r)
            idx = div(idx, p)
    return tuple(res)


def _zero_like(s):
    return repeat_like(s, C(0))


def compact_major(shape, current=C(1), major: str = "left"):
    """Compact (col- or row-major) strides for shape starting at current; static-1 modes get stride _0."""
    if isinstance(current, tuple):
        return tuple(compact_major(s, c, major) for s, c in zip(shape, current))
    return _compact(shape, current, major)[0]


def _compact(shape, current, major):
    if isinstance(shape, tuple):
        strides = [None] * len(shape)
        order = range(len(shape)) if major == "left" else range(len(shape) - 1, -1, -1)
        cur = current
        for i in order:
            strides[i], cur = _compact(shape[i], cur, major)
        return tuple(strides), cur
    if is_constant(1, shape):
        return C(0), current
    return current, current * shape


def compact_col_major(shape, current=C(1)):
    if not isinstance(shape, tuple) and not isinstance(current, tuple):  # _compact of one mode
        if isinstance(shape, C) and shape == 1:
            return _0
        current * shape  # the next mode's stride, computed (and its overflow noted) as _compact does
        return current
    return compact_major(shape, current, "left")


def compact_row_major(shape, current=C(1)):
    return compact_major(shape, current, "right")


def compact_order(shape, order):
    """Strides that make the modes of shape increase in the given order (CuTe ``compact_order``)."""
    ref_shape = flatten_to_tuple(product_like(shape, order))
    flat_order = flatten_to_tuple(order)
    max_order = C(0)
    for o in flat_order:
        if isinstance(max_order, C) and isinstance(o, C) and int(max_order) < int(o):
            max_order = o
    ref_order = tuple(o if is_static(o) else C(int(max_order) + 1 + k) for k, o in enumerate(flat_order))
    new_order = unflatten(ref_order, order)

    def go(s, o):
        if isinstance(o, tuple):
            if not isinstance(s, tuple) or len(s) != len(o):
                raise CuteDumpError("Need equal rank of shape and order")
            return tuple(go(x, y) for x, y in zip(s, o))
        # every order is static here, so conditional_return(ro < o, s, _1) picks statically
        start = product(tuple(rs if int(ro) < int(o) else C(1) for rs, ro in zip(ref_shape, ref_order)))
        return compact_col_major(s, start)

    return go(shape, new_order)


def prefix_product_of(t, init=C(1)):
    """Exclusive prefix product (CuTe ``prefix_product``), same profile as t."""
    return _prefix_product(t, init)[0]


def _prefix_product(t, init):
    if isinstance(t, tuple):
        out = []
        cur = init
        for e in t:
            r, cur = _prefix_product(e, cur)
            out.append(r)
        return tuple(out), cur
    return init, init * t
