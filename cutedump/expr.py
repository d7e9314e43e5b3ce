"""The ``cutedump eval`` language: CuTe's own function names with call syntax over CuTe-printed literals.

    left_inverse((_8,(_4,_2)):(_1,(_32,_16)))          -> (_16,_2,_4):(_1,_32,_8)
    composition(((_4,_8),(_2,_2)):((_32,_1),(_16,_8)), (_32,_2))
    upcast<2>(L)   get<1,0>(L)   select<0,2>(L)   size(L)   L(17)   eval(L, 17)   idx2crd(5, (_4,_8))

Each function is a thin adapter onto :mod:`cutedump.algebra`; results print exactly as CuTe's ``print``.
Nothing is answered silently: every call is checked against its CuTe 4.2 signature (:data:`_SIGS`: template
arguments, number and kind of arguments) before it runs, and a computation whose C++ ``int`` arithmetic would
overflow in CuTe is refused with what real CuTe prints (see :mod:`cutedump.algebra.integer`).
"""
from __future__ import annotations

from cutedump.errors import CuteDumpError, MAX_CELLS
from cutedump import algebra as A
from cutedump.algebra import C, inttuple as it, make_layout, swizzle as SW
from cutedump.algebra.integer import INT_MAX, INT_MIN, OVERFLOW, overflow_reset, wrap32
from cutedump.algebra.inttuple import UNDERSCORE, flatten_to_tuple, fmt, is_int_tuple
from cutedump.algebra.layout import Layout
from cutedump.algebra.swizzle import ComposedLayout, Swizzle, logical_product_swizzled, recast_swizzle
from cutedump.algebra import smem as SMEM   # gmma: smem layout atoms
from cutedump.parse import parse_expr, build_literal, Call, Apply, _col, swizzle_limit_error

_BITS = {
    "bool": 1, "int1b_t": 1, "uint1b_t": 1, "int2b_t": 2, "uint2b_t": 2, "int4b_t": 4, "uint4b_t": 4,
    "int8_t": 8, "uint8_t": 8, "char": 8, "float_e4m3_t": 8, "float_e5m2_t": 8, "int16_t": 16, "uint16_t": 16,
    "half_t": 16, "bfloat16_t": 16, "half": 16, "int32_t": 32, "uint32_t": 32, "float": 32, "tfloat32_t": 32,
    "int": 32, "int64_t": 64, "uint64_t": 64, "double": 64, "uint128_t": 128,
}


def _bits(name) -> int:
    if isinstance(name, int):
        return name
    if name not in _BITS:
        raise CuteDumpError(f"unknown type {name!r}; known: {', '.join(sorted(_BITS))}")
    return _BITS[name]


def _registry():

    def lay(x, fn):
        if isinstance(x, (Layout, ComposedLayout)):
            return x
        if _is_int_tuple(x):
            return A.make_layout(x)
        raise CuteDumpError(f"{fn}: expected a layout, got {_show(x)}")

    def shape_of(x):
        if isinstance(x, (Layout, ComposedLayout)):
            return x.shape
        if _is_int_tuple(x):
            return x
        raise CuteDumpError(f"expected a layout or an int tuple, got {_kind(x)} {_show(x)}")

    def composed_apply(x, f):
        """Ops on A o O o B apply to B (layout_composed.hpp)."""
        if isinstance(x, ComposedLayout):
            return A.make_composed_layout(x.a, x.offset, f(x.b))
        return f(x)

    def _size(x, *rest, targs=()):
        return A.size(shape_of(x), *targs)

    def _rank(x, targs=()):
        return A.rank(shape_of(x), *targs)

    def _depth(x, targs=()):
        return A.depth(shape_of(x), *targs)

    def _cosize(x, targs=()):
        L = lay(x, "cosize")
        if isinstance(L, ComposedLayout):
            L = L.b
        return A.cosize(L, *targs)

    def _shape(x, targs=()):
        return it.get(shape_of(x), *targs)

    def _stride(x, targs=()):
        return it.get(lay(x, "stride").stride, *targs)

    def _get(x, targs=()):
        if not targs:
            raise CuteDumpError("get needs template arguments: get<1>(L)")
        if isinstance(x, (Layout, ComposedLayout)):
            return composed_apply(x, lambda l: A.get(l, *targs))
        return it.get(x, *targs)

    def _layout(x, targs=()):
        return composed_apply(lay(x, "layout"), lambda l: A.get(l, *targs) if targs else l)

    def _select(x, targs=()):
        if isinstance(x, (Layout, ComposedLayout)):
            return composed_apply(x, lambda l: A.select(l, *targs))
        return it.select(x, *targs)

    def _take(x, targs=()):
        if len(targs) != 2:
            raise CuteDumpError("take needs two template arguments: take<B,E>(L)")
        if isinstance(x, (Layout, ComposedLayout)):
            return composed_apply(x, lambda l: A.take(l, *targs))
        b, e = targs          # tuple_algorithms.hpp: E == -1 is the end; static_assert(B <= E); get<i> in range
        n = len(x) if isinstance(x, tuple) else 1
        e = n if e == -1 else e
        if not 0 <= b <= e <= n:
            raise CuteDumpError(f"take<{targs[0]},{targs[1]}>: needs 0 <= B <= E <= {n} (the rank)")
        return it.take(x, b, e)

    def _flatten(x):
        if isinstance(x, (Layout, ComposedLayout)):
            return composed_apply(x, A.flatten_layout)
        return it.flatten(x)

    def _rank_arg(name, targs):
        """append<N>/prepend<N>: the result has N modes; more than MAX_CELLS is a huge output, refused (a fuzz
        finding: prepend<214743648>(L) built a 5 GB tuple)."""
        n = targs[0] if targs else None
        if n is not None and n > MAX_CELLS:
            raise CuteDumpError(f"{name}<{n}>: a result of rank {n} is a huge output (more than {MAX_CELLS} modes)")
        return n

    def _append(x, y=None, targs=()):
        n = _rank_arg("append", targs)
        if isinstance(x, Layout):
            return A.append(x, lay(y, "append") if y is not None else None, n)
        if isinstance(x, ComposedLayout):
            return composed_apply(x, lambda l: A.append(l, lay(y, "append") if y is not None else None, n))
        if y is None:
            raise CuteDumpError("append needs two arguments")
        return it.append(x, y, n)

    def _prepend(x, y=None, targs=()):
        n = _rank_arg("prepend", targs)
        if isinstance(x, Layout):
            return A.prepend(x, lay(y, "prepend") if y is not None else None, n)
        if y is None:
            raise CuteDumpError("prepend needs two arguments")
        return it.prepend(x, y, n)

    def _make_layout(*args):
        if len(args) == 2 and isinstance(args[1], _Name):
            return A.make_layout(args[0], args[1].name)
        if len(args) == 2 and not any(isinstance(a, (Layout, ComposedLayout, Swizzle)) for a in args):
            for a, what in zip(args, ("shape", "stride")):
                if not _is_int_tuple(a):   # e.g. a tiler (a tuple holding layouts or _): no make_layout overload
                    raise CuteDumpError(f"make_layout(shape, stride): the {what} must be an int tuple, got "
                                        f"{format_result(a)}")
            if it.profile(args[0]) != it.profile(args[1]):
                raise CuteDumpError(f"shape {it.fmt(args[0])} and stride {it.fmt(args[1])} are not congruent")
        if any(isinstance(a, Swizzle) for a in args):
            if len(args) == 1:
                sw = args[0]
                return A.composition(sw, A.Layout(C(sw.m + sw.b + abs(sw.s)), C(1)))
        return A.make_layout(*args)

    def _eval(x, *c):
        if isinstance(x, Swizzle):
            return x(*c)
        L = lay(x, "eval")
        return L(*c)

    def _coalesce(x, prof=None):
        return composed_apply(lay(x, "coalesce"), lambda l: A.coalesce(l, prof))

    def _filter(x, prof=None):
        return composed_apply(lay(x, "filter"), lambda l: A.filter_(l, prof))

    def _composition(a, b, c=None):
        if c is not None:
            # composition(A, offset, B) = ComposedLayout<A,O,B>{A, offset, B} (layout_composed.hpp); cutedump models
            # (and prints, draws, exports) the swizzled form Sw o offset o layout, the one CuTe itself prints
            if not isinstance(c, Layout):
                raise CuteDumpError(f"composition(swizzle, offset, layout): the layout must be shape:stride, got "
                                    f"{format_result(c)}")
            return A.make_composed_layout(a, b, c)
        if isinstance(a, Swizzle) or isinstance(a, (Layout, ComposedLayout)):
            return A.composition(a, _tiler(b))
        return A.composition(lay(a, "composition"), _tiler(b))

    def _complement(x, cot=None):
        L = lay(x, "complement")
        if isinstance(L, ComposedLayout):  # complement(A o O o B, c) = complement(B, c); c = cosize(B) by default
            L = L.b
        return A.complement(L, cot)

    def _inverse(fn):
        def f(x):
            if isinstance(x, ComposedLayout):
                if not A.is_constant(0, x.offset):
                    raise CuteDumpError("inverse of a composed layout with a nonzero offset is not supported")
                return A.composition(fn(x.b), x.a)
            if isinstance(x, Swizzle):
                return x
            return fn(lay(x, fn.__name__))
        return f

    def _divprod(fn):
        def f(x, t):
            if fn is A.logical_product and isinstance(t, ComposedLayout) and isinstance(x, Layout):
                return logical_product_swizzled(x, t)
            return composed_apply(lay(x, fn.__name__), lambda l: fn(l, _tiler(t)))
        return f

    def _blocked(fn):
        def f(x, t):
            return composed_apply(lay(x, fn.__name__), lambda l: fn(l, lay(t, fn.__name__)))
        return f

    def _tile_to_shape(x, s, order=None):
        o = "LayoutLeft" if order is None else (order.name if isinstance(order, _Name) else order)
        return composed_apply(lay(x, "tile_to_shape"), lambda l: A.tile_to_shape(l, s, o))

    def _upcast(x, d=None, targs=()):
        if d is not None:   # upcast<N>(shape, stride) = upcast<N>(make_layout(shape, stride))
            x = _make_layout(x, d)
        if len(targs) != 1:
            raise CuteDumpError("upcast needs one template argument: upcast<2>(L)")
        if isinstance(x, Swizzle):
            return SW.upcast_swizzle(x, targs[0])
        if isinstance(x, ComposedLayout):
            return SW.upcast_composed(x, targs[0])
        return A.upcast(lay(x, "upcast"), targs[0])

    def _downcast(x, d=None, targs=()):
        if d is not None:
            x = _make_layout(x, d)
        if len(targs) != 1:
            raise CuteDumpError("downcast needs one template argument: downcast<2>(L)")
        if isinstance(x, Swizzle):
            return SW.downcast_swizzle(x, targs[0])
        if isinstance(x, ComposedLayout):
            return SW.downcast_composed(x, targs[0])
        return A.downcast(lay(x, "downcast"), targs[0])

    def _recast(x, targs=()):
        if len(targs) != 2:
            raise CuteDumpError("recast_layout needs two types: recast_layout<uint16_t,uint32_t>(L)")
        if isinstance(x, ComposedLayout):   # gmma: recast_layout(ComposedLayout) = up/downcast of it (layout_composed.hpp)
            from math import gcd  # start-up: only for a composed layout
            o, nw = _bits(targs[0]), _bits(targs[1])
            g = gcd(o, nw)
            num, den = nw // g, o // g
            if num != 1:
                x = SW.upcast_composed(x, num)
            return x if den == 1 else SW.downcast_composed(x, den)
        return A.recast_layout(lay(x, "recast_layout"), _bits(targs[0]), _bits(targs[1]))

    def _idx2crd(i, s, d=None):
        return it.idx2crd(i, s, d)

    def _crd2idx(c, s, d=None):
        if isinstance(s, Layout):
            return it.crd2idx(c, s.shape, s.stride)
        if d is None:
            return it.crd2idx_shape(c, s)
        return it.crd2idx(c, s, d)

    def _congruent(a, b):
        return C(1) if it.congruent(shape_of(a), shape_of(b)) else C(0)

    def _weakly_congruent(a, b):
        return C(1) if it.weakly_congruent(shape_of(a), shape_of(b)) else C(0)

    def _compatible(a, b):
        v, st = it.compatible(shape_of(a), shape_of(b))
        return C(int(v)) if st else int(v)

    def _zip(*xs):
        if all(isinstance(x, Layout) for x in xs):
            return A.zip_layout(*xs)
        return it.zip_(*xs)

    def _with_shape(x, *s):
        return composed_apply(lay(x, "with_shape"), lambda l: A.with_shape(l, s[0] if len(s) == 1 else tuple(s)))

    def _max_common(fn):
        def f(a, b):
            return fn(lay(a, fn.__name__), lay(b, fn.__name__))
        return f

    def _make_ordered(s, o):
        return A.make_ordered_layout(s, o)

    def _as_pi(x):
        return A.as_position_independent_swizzle_layout(x)

    def _product(x):
        return it.product(shape_of(x))

    def _ceil_div(a, b):
        return it.ceil_div(a, b)

    def _shape_div(a, b):
        return it.shape_div(a, b)

    def _unflatten(x, prof):
        if isinstance(x, Layout):
            return A.unflatten_layout(x, prof)
        return it.unflatten(x, prof)

    def _slice(c, x):
        if isinstance(x, Layout):
            return A.slice_layout(c, x)
        return it.slice_(c, x)

    def _dice(c, x):
        if isinstance(x, Layout):
            return A.dice_layout(c, x)
        return it.dice(c, x)

    R = {
        "size": (_size, True), "rank": (_rank, True), "depth": (_depth, True), "cosize": (_cosize, True),
        "shape": (_shape, True), "stride": (_stride, True), "get": (_get, True), "layout": (_layout, True),
        "mode": (_get, True), "select": (_select, True), "take": (_take, True),
        "flatten": (_flatten, False), "append": (_append, True), "prepend": (_prepend, True),
        "make_layout": (_make_layout, False), "make_ordered_layout": (_make_ordered, False),
        "make_shape": (lambda *a: tuple(a), False), "make_stride": (lambda *a: tuple(a), False),
        "make_coord": (lambda *a: tuple(a), False), "make_tile": (lambda *a: tuple(a), False),
        "eval": (_eval, False), "coalesce": (_coalesce, False), "filter": (_filter, False),
        "filter_zeros": (lambda x: A.filter_zeros(lay(x, "filter_zeros")), False),
        "composition": (_composition, False), "compose": (_composition, False),
        "complement": (_complement, False),
        "right_inverse": (_inverse(A.right_inverse), False), "left_inverse": (_inverse(A.left_inverse), False),
        "logical_divide": (_divprod(A.logical_divide), False), "zipped_divide": (_divprod(A.zipped_divide), False),
        "tiled_divide": (_divprod(A.tiled_divide), False), "flat_divide": (_divprod(A.flat_divide), False),
        "logical_product": (_divprod(A.logical_product), False),
        "zipped_product": (_divprod(A.zipped_product), False),
        "tiled_product": (_divprod(A.tiled_product), False), "flat_product": (_divprod(A.flat_product), False),
        "blocked_product": (_blocked(A.blocked_product), False),
        "raked_product": (_blocked(A.raked_product), False),
        "tile_to_shape": (_tile_to_shape, False), "upcast": (_upcast, True), "downcast": (_downcast, True),
        "recast_layout": (_recast, True), "max_common_vector": (_max_common(A.max_common_vector), False),
        "max_common_layout": (_max_common(A.max_common_layout), False),
        "idx2crd": (_idx2crd, False), "crd2idx": (_crd2idx, False), "zip": (_zip, False),
        "with_shape": (_with_shape, False), "congruent": (_congruent, False),
        "weakly_congruent": (_weakly_congruent, False), "compatible": (_compatible, False),
        "as_position_independent_swizzle_layout": (_as_pi, False),
        "product": (_product, False), "ceil_div": (_ceil_div, False), "shape_div": (_shape_div, False),
        "coshape": (lambda x: A.coshape(lay(x, "coshape")), False), "nullspace": (lambda x: A.nullspace(lay(x, "nullspace")), False),
        "unflatten": (_unflatten, False), "slice": (_slice, False), "dice": (_dice, False),
        "make_layout_like": (lambda x: A.make_layout_like(lay(x, "make_layout_like")), False),
    }
    return R


# ---- signatures ----------------------------------------------------------------------------------
# Every function of the language, from CuTe 4.2's declarations (layout.hpp, int_tuple.hpp, layout_composed.hpp,
# swizzle_layout.hpp): its template arguments and its argument forms. Checked before anything is evaluated
# (template arguments and arity) and on the evaluated arguments (kinds); nothing extra or missing is accepted.
#
# template arguments: ""  none   "N" one int   "NN" two ints   "N?" zero or one int   "N*" any number of ints
#                     "N+" at least one int   "TT" two types (uint16_t, half_t, ... or a bit count)
# argument kinds:     layout (a layout, swizzled layout or int tuple)   plain (a layout or int tuple, no swizzle)
#                     layout|swizzle   swizzle   int   inttuple   coord (an int tuple, `_` allowed)
#                     order (LayoutLeft/LayoutRight/GenColMajor/GenRowMajor or an int tuple)   value (any value)
#                     a trailing "..." repeats the last kind (zero or more times)
_SIGS = {
    "size": ("N*", ("layout",)), "rank": ("N*", ("layout",)), "depth": ("N*", ("layout",)),
    "cosize": ("N*", ("layout",)), "shape": ("N*", ("layout",)), "stride": ("N*", ("layout",)),
    "layout": ("N*", ("layout",)), "product": ("", ("layout",)),
    "get": ("N+", ("value:x",)), "mode": ("N+", ("value:x",)), "select": ("N*", ("value:x",)),
    "take": ("NN", ("value:x",)), "flatten": ("", ("value:x",)),
    "append": ("N?", ("layout", "value:x"), ("layoutobj",)), "prepend": ("N?", ("layout", "value:x"), ("layoutobj",)),
    "make_layout": ("", ("value:shape",), ("inttuple:shape", "order:stride"), ("value:layout", "value:layout...")),
    "make_ordered_layout": ("", ("inttuple:shape", "inttuple:order")),
    "make_shape": ("", ("value:x...",)), "make_stride": ("", ("value:x...",)),
    "make_coord": ("", ("value:x...",)), "make_tile": ("", ("value:x...",)),
    "eval": ("", ("layout|swizzle", "coord", "coord...")),
    "coalesce": ("", ("layout",), ("layout", "inttuple:profile")),
    "filter": ("", ("layout",), ("layout", "inttuple:profile")),
    "filter_zeros": ("", ("layout",)),
    "composition": ("", ("layout|swizzle", "value:tiler"), ("swizzle", "int:offset", "layoutobj:layout")),
    "compose": ("", ("layout|swizzle", "value:tiler"), ("swizzle", "int:offset", "layoutobj:layout")),
    "complement": ("", ("layout",), ("layout", "inttuple:cotarget")),
    "right_inverse": ("", ("layout|swizzle",)), "left_inverse": ("", ("layout|swizzle",)),
    "logical_divide": ("", ("layout", "value:tiler")), "zipped_divide": ("", ("layout", "value:tiler")),
    "tiled_divide": ("", ("layout", "value:tiler")), "flat_divide": ("", ("layout", "value:tiler")),
    "logical_product": ("", ("layout", "value:tiler")), "zipped_product": ("", ("layout", "value:tiler")),
    "tiled_product": ("", ("layout", "value:tiler")), "flat_product": ("", ("layout", "value:tiler")),
    "blocked_product": ("", ("layout", "layout")), "raked_product": ("", ("layout", "layout")),
    "tile_to_shape": ("", ("layout", "inttuple:shape"), ("layout", "inttuple:shape", "order")),
    "upcast": ("N", ("layout|swizzle",), ("inttuple:shape", "inttuple:stride")),
    "downcast": ("N", ("layout|swizzle",), ("inttuple:shape", "inttuple:stride")),
    "recast_layout": ("TT", ("layout",)),
    "max_common_vector": ("", ("layout", "layout")), "max_common_layout": ("", ("layout", "layout")),
    "idx2crd": ("", ("inttuple:index", "inttuple:shape"), ("inttuple:index", "inttuple:shape", "inttuple:stride")),
    "crd2idx": ("", ("coord", "layout:shape"), ("coord", "inttuple:shape", "inttuple:stride")),
    "zip": ("", ("value:x", "value:x...")), "with_shape": ("", ("layout", "value:shape", "value:shape...")),
    "congruent": ("", ("layout", "layout")), "weakly_congruent": ("", ("layout", "layout")),
    "compatible": ("", ("layout", "layout")),
    "as_position_independent_swizzle_layout": ("", ("value:layout",)),
    "ceil_div": ("", ("value:x", "value:y")), "shape_div": ("", ("inttuple", "inttuple")),
    "coshape": ("", ("plain",)), "nullspace": ("", ("plain",)), "make_layout_like": ("", ("plain",)),
    "unflatten": ("", ("value:x", "inttuple:profile")), "slice": ("", ("coord", "value:x")),
    "dice": ("", ("coord", "value:x")),
}

_TARG_TEXT = {"": "no template arguments", "N": "one integer template argument",
              "NN": "two integer template arguments", "N?": "at most one integer template argument",
              "N*": "integer template arguments", "N+": "at least one integer template argument",
              "TT": "two type template arguments"}
_TARG_FORM = {"": "", "N": "<N>", "NN": "<B,E>", "N?": "<N>", "N*": "<I...>", "N+": "<I,...>",
              "TT": "<OldType,NewType>"}


def signature(name: str) -> str:
    """The accepted forms of a function, as the errors show them: ``composition(layout, value) | ...``."""
    targs, *forms = _SIGS[name]
    t = _TARG_FORM[targs] if targs in ("N", "NN", "TT", "N+") else ""
    opt = _TARG_FORM[targs] if targs in ("N?", "N*") else ""
    out = []
    for f in forms:
        f = [k.split(":")[-1] if ":" in k else _KIND_LABEL.get(k.removesuffix("..."), k) +
             ("..." if k.endswith("...") else "") for k in f]
        out.append(f"{name}{t}({', '.join(f)})")
        if opt:
            out.append(f"{name}{opt}({', '.join(f)})")
    return " | ".join(out)


def _arity(form) -> tuple[int, float]:
    if form and form[-1].endswith("..."):
        return len(form) - 1, float("inf")
    return len(form), len(form)


_SHAPE_OK: set = set()   # (name, template arguments, argument count) of calls that passed _check_call_shape


def _check_call_shape(n: Call, text: str) -> None:
    """Template arguments and argument count of a call, before anything is evaluated."""
    key = (n.name, n.targs, len(n.args))
    if key in _SHAPE_OK:
        return
    targs, *forms = _SIGS[n.name]
    k = len(n.targs)
    ok_count = (k == 0 if targs == "" else k == 1 if targs == "N" else k == 2 if targs in ("NN", "TT") else
                k <= 1 if targs == "N?" else True if targs == "N*" else k >= 1)
    if not ok_count:
        got = f"<{','.join(str(t) for t in n.targs)}>" if k else "none"
        raise CuteDumpError(f"{n.name} takes {_TARG_TEXT[targs]}: {signature(n.name)}; got {got}", text, n.col)
    if targs != "TT":
        for t in n.targs:
            if not isinstance(t, int):
                raise CuteDumpError(f"{n.name}: template argument {t} is not an integer: {signature(n.name)}",
                                    text, n.col)
    nargs = len(n.args)
    if any(lo <= nargs <= hi for lo, hi in map(_arity, forms)):
        if len(_SHAPE_OK) < 4096:
            _SHAPE_OK.add(key)
        return
    counts = sorted({_arity(f) for f in forms})
    want = " or ".join(f"at least {lo}" if hi == float("inf") else str(lo) for lo, hi in counts)
    plural = "" if want == "1" else "s"
    maxi = max(hi for _, hi in counts)
    col = _col(n.args[int(maxi)]) if nargs > maxi else n.col
    raise CuteDumpError(f"{n.name} takes {want} argument{plural}: {signature(n.name)}; got {nargs}", text, col)


def _is_kind(x, kind: str) -> bool:
    if isinstance(x, _Name):
        return kind == "order"
    if kind == "value":
        return True
    if kind == "layout":
        return isinstance(x, (Layout, ComposedLayout)) or _is_int_tuple(x)
    if kind == "layoutobj":
        return isinstance(x, (Layout, ComposedLayout))
    if kind == "plain":
        return isinstance(x, Layout) or _is_int_tuple(x)
    if kind == "layout|swizzle":
        return isinstance(x, (Layout, ComposedLayout, Swizzle)) or _is_int_tuple(x)
    if kind == "swizzle":
        return isinstance(x, Swizzle)
    if kind == "int":
        return isinstance(x, int) and not isinstance(x, bool)
    if kind in ("inttuple", "order"):
        return _is_int_tuple(x)
    if kind == "coord":
        return x is UNDERSCORE or _is_int_tuple(x) or (isinstance(x, tuple) and all(_is_kind(e, "coord") for e in x))
    raise AssertionError(kind)


_KIND_LABEL = {"plain": "layout", "layoutobj": "layout", "inttuple": "int_tuple", "value": "x"}
_KIND_TEXT = {"layoutobj": "a layout (shape:stride)", "layout": "a layout or an int tuple", "plain": "a layout (not swizzled) or an int tuple",
              "layout|swizzle": "a layout, a swizzle or an int tuple", "swizzle": "a swizzle (cutedump's A o O o B has a swizzle A)", "int": "an integer",
              "inttuple": "an int tuple", "coord": "a coordinate (int tuple, `_` allowed)",
              "order": "LayoutLeft, LayoutRight or an int tuple", "value": "a value"}


class _FormKinds(dict):
    """(function, argument count) -> the argument kinds of each of its forms taking that many arguments (made once)."""

    def __missing__(self, key):
        name, nargs = key
        _, *forms = _SIGS[name]
        out = []
        for f in forms:
            lo, hi = _arity(f)
            if lo <= nargs <= hi:
                out.append([f[min(i, len(f) - 1)].removesuffix("...").split(":")[0] for i in range(nargs)])
        if out and len(self) < 4096:
            self[key] = out
        return out


_FORM_KINDS = _FormKinds()

#: kind -> classes whose every value is of that kind (the rest, tuples above all, take _is_kind)
_KIND_CLASSES = {
    "value": frozenset({Layout, ComposedLayout, Swizzle, C, int, tuple, bool}),
    "layout": frozenset({Layout, ComposedLayout, C, int}),
    "layoutobj": frozenset({Layout, ComposedLayout}),
    "plain": frozenset({Layout, C, int}),
    "layout|swizzle": frozenset({Layout, ComposedLayout, Swizzle, C, int}),
    "swizzle": frozenset({Swizzle}),
    "int": frozenset({C, int}),
    "inttuple": frozenset({C, int}),
    "order": frozenset({C, int}),
    "coord": frozenset({C, int}),
}


def _check_kinds(n: Call, args: list, text: str) -> None:
    """The evaluated arguments against the forms of their count; the caret goes under the first wrong one."""
    best = None
    for kinds in _FORM_KINDS[n.name, len(args)]:
        bad = None
        for i, k in enumerate(kinds):
            a = args[i]
            if a.__class__ in _KIND_CLASSES[k] or _is_kind(a, k):
                continue
            bad = i
            break
        if bad is None:
            return
        if best is None:
            best = (bad, kinds[bad])
    i, kind = best
    raise CuteDumpError(f"{n.name}: argument {i + 1} must be {_KIND_TEXT[kind]}, got {_kind(args[i])} "
                        f"{_show(args[i])} ({signature(n.name)})", text, _col(n.args[i]))


class _Name:
    """A bare identifier used as a value: LayoutLeft, LayoutRight, GenColMajor, GenRowMajor."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self):
        return self.name


_CONSTANTS = {"LayoutLeft", "LayoutRight", "GenColMajor", "GenRowMajor"}
_REG = None


def functions() -> list[str]:
    global _REG
    if _REG is None:
        _REG = _registry()
    return sorted(_REG)


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
    return "integer" if isinstance(x, int) else type(x).__name__


def _tiler(t):
    return t


class _Evaluation:
    """One evaluate() call: its text, the first overflow (message, col), and the evaluation of Call/Apply nodes.

    A class, not closures: a closure that passes itself on (``calls``) is a reference cycle per expression, which only
    the garbage collector frees (eval -f evaluates thousands)."""

    __slots__ = ("text", "first")

    def __init__(self, text):
        self.text = text
        self.first = []   # (message, col) of the first call whose result overflowed

    def checked(self, result, node):
        """Wrap out-of-range ints of a result as CuTe's int does; note the first overflow (with its call's column)."""
        cls = result.__class__
        if (cls is C or cls is int) and -2147483648 <= result <= 2147483647 and not OVERFLOW:
            return result   # the common case in short: an int within range, no overflow on the way
        first, text = self.first, self.text
        result, big = _wrap_ints(result)
        if (OVERFLOW or big is not None) and not first:
            what = OVERFLOW[0] if OVERFLOW else f"a result value {big}"
            first.append((what, node.col))
        _check_swizzles(result, text, node)
        return result

    def calls(self, n):
        text, calls, checked = self.text, self.calls, self.checked
        if n.__class__ is Call:
            if _smem_name(n.name):   # gmma: GMMA::/UMMA:: smem layout atoms and ss_smem_selector
                return _smem_call(n, text, calls)
            if n.args is None:
                if n.name in _CONSTANTS:
                    return _Name(n.name)
                if n.name in _REG:
                    raise CuteDumpError(f"{n.name} is a function: call it as {signature(n.name)}", text, n.col)
                raise CuteDumpError(f"unknown name {n.name!r}", text, n.col)
            if n.name not in _REG:
                import difflib  # start-up: only for an unknown function name
                close = difflib.get_close_matches(n.name, list(_REG), n=3)
                hint = f" (did you mean {', '.join(close)}?)" if close else ""
                raise CuteDumpError(f"unknown function {n.name!r}{hint}", text, n.col)
            _check_call_shape(n, text)
            fn, takes_targs = _REG[n.name]
            args = [build_literal(a, text, calls) for a in n.args]
            _check_kinds(n, args, text)
            try:
                r = fn(*args, targs=n.targs) if takes_targs else fn(*args)
            except TypeError as e:
                raise CuteDumpError(f"{n.name} is not defined for ({', '.join(_kind(a) for a in args)})",
                                    text, n.col) from None
            except CuteDumpError as e:
                if e.col is None:
                    msg = e.message if e.message.startswith((f"{n.name}:", f"{n.name}<", f"{n.name}(")) else f"{n.name}: {e.message}"
                    raise CuteDumpError(msg, text, n.col) from None
                raise
            except (IndexError, ValueError, ZeroDivisionError) as e:
                raise CuteDumpError(f"{n.name}: invalid arguments ({e})", text, n.col) from None
            except AttributeError:
                kinds = ", ".join(_kind(a) for a in args)
                raise CuteDumpError(f"{n.name} is not defined for ({kinds})", text, n.col) from None
            return checked(r, n)
        if n.__class__ is Apply:
            target = build_literal(n.fn, text, calls)
            while isinstance(target, tuple) and len(target) == 1 and callable(target[0]):
                target = target[0]  # (L)(i): parentheses around a layout
            args = [build_literal(a, text, calls) for a in n.args]
            if not callable(target) or isinstance(target, _Name):
                raise CuteDumpError("only layouts and swizzles can be evaluated with (...)", text, n.col)
            try:
                r = target(*args)
            except CuteDumpError as e:
                if e.col is None:
                    raise CuteDumpError(e.message, text, n.col) from None
                raise
            except (TypeError, IndexError, ValueError) as e:
                raise CuteDumpError(f"cannot evaluate at these coordinates ({e})", text, n.col) from None
            return checked(r, n)
        raise CuteDumpError("unexpected expression", text, getattr(n, "col", 0))


# ---- gmma: the GMMA/UMMA shared-memory layout atoms (rows of cutedump.algebra.smem.ATOMS) -------------------
def _smem_name(name: str) -> bool:
    base = name.rsplit("::", 1)[-1]
    if base.endswith("_SpAtom"):
        base = base[:-7] + "_Atom"
    return base in SMEM.ATOMS or base == "ss_smem_selector" or (
        base.startswith("Layout_") and base.endswith("_Atom") and base[7:-5] in SMEM.SWIZZLE_NAMES)


def _smem_call(n, text, calls):
    """``Layout_K_SW128_Atom<T>`` / ``Layout_SW128_Atom<T,Major>`` (a name, or called with ``()``/``{}``) and
    ``ss_smem_selector<Major,T,BLK_MN,BLK_K>()``."""
    base = n.name.rsplit("::", 1)[-1]
    t = tuple(x.rsplit("::", 1)[-1] if isinstance(x, str) and x.split("::")[0] in ("cute", "cutlass") else x
              for x in n.targs)
    try:
        if n.args:
            raise CuteDumpError(f"{base} takes no arguments")
        if base == "ss_smem_selector":
            if len(t) != 4:
                raise CuteDumpError("ss_smem_selector takes four template arguments: <Major, Type, BLK_MN, BLK_K>")
            return SMEM.ss_smem_selector(str(t[0]), _bits(t[1]), t[2], t[3])
        if base.endswith("_SpAtom"):
            if base[:-7] + "_Atom" in SMEM.ATOMS:
                if len(t) != 2 or not isinstance(t[1], int):
                    raise CuteDumpError(f"{base} takes a type and a sparsity: {base}<half_t, 2>")
                return SMEM.sparse_atom(n.name, _bits(t[0]), t[1])
            if len(t) != 3 or not isinstance(t[1], int):
                raise CuteDumpError(f"{base} takes a type, a sparsity and a major: {base}<half_t, 2, GMMA::Major::K>")
            major = SMEM.major_name(str(t[2]))
            return SMEM.sparse_atom(f"Layout_{major}_{base[7:-7]}_SpAtom", _bits(t[0]), t[1])
        if base in SMEM.ATOMS:
            if len(t) != 1:
                raise CuteDumpError(f"{base} takes one type template argument: {base}<half_t>")
            return SMEM.smem_atom(n.name, _bits(t[0]))
        if len(t) != 2:
            raise CuteDumpError(f"{base} takes a type and a major: {base}<half_t, GMMA::Major::K>")
        ns = n.name.rsplit("::", 1)[0] if "::" in n.name else "GMMA"
        return SMEM.major_atom(base[7:-5], _bits(t[0]), str(t[1]), "UMMA" if "UMMA" in ns else "GMMA")
    except CuteDumpError as e:
        if e.col is None:
            raise CuteDumpError(e.message, text, n.col) from None
        raise
# ---- end gmma -------------------------------------------------------------------------------------------------


def evaluate(text: str):
    """Parse and evaluate one expression; returns an algebra object.

    Every call is checked against its signature (:data:`_SIGS`) before it runs. A computation whose C++ ``int``
    arithmetic overflows in CuTe (see :mod:`cutedump.algebra.integer`) raises :class:`CuteDumpError` naming the
    first overflowing call and showing what real CuTe prints (its wrapped values)."""
    global _REG
    if _REG is None:
        _REG = _registry()
    node = parse_expr(text)
    overflow_reset()
    ev = _Evaluation(text)
    first = ev.first
    try:
        result = build_literal(node, text, ev.calls)
    except CuteDumpError as e:
        if first:   # the overflow came first: what follows computed on CuTe's wrapped values
            what, col = first[0]
            raise CuteDumpError(f"CuTe's int arithmetic overflows here ({what} does not fit in int: undefined "
                                f"behaviour in C++); what follows then fails ({e.message})", text, col) from None
        raise
    if first:
        what, col = first[0]
        raise CuteDumpError(f"CuTe's int arithmetic overflows here ({what} does not fit in int, "
                            f"{INT_MIN}..{INT_MAX}: undefined behaviour in C++, where it wraps); "
                            f"real CuTe 4.2 prints {format_result(result)}", text, col)
    return result


def _wrap_ints(obj):
    """``(obj with every int beyond C++ int's range wrapped to a dynamic int, the first such value or None)``."""
    big = []
    out = _wrap_go(obj, big)
    return out, (big[0] if big else None)


def _wrap_go(x, big):
    """_wrap_ints' walk (a module function: a recursive closure would be a reference cycle per call)."""
    cls = x.__class__
    if cls is C or cls is int:
        if -2147483648 <= x <= 2147483647:
            return x
        if not big:
            big.append(x)
        return wrap32(x)
    if cls is tuple:
        for e in x:   # the common case: every element an int within range -> x itself
            c = e.__class__
            if not ((c is int or c is C) and -2147483648 <= e <= 2147483647):
                break
        else:
            return x
        items = tuple([_wrap_go(e, big) for e in x])
        for a, b in zip(items, x):
            if a is not b:
                return items
        return x
    if cls is Layout:
        sh, st = _wrap_go(x.shape, big), _wrap_go(x.stride, big)
        return x if (sh is x.shape and st is x.stride) else Layout(sh, st)
    if isinstance(x, int) and not isinstance(x, bool):
        if INT_MIN <= x <= INT_MAX:
            return x
        if not big:
            big.append(x)
        return wrap32(x)
    if isinstance(x, tuple):
        items = tuple(_wrap_go(e, big) for e in x)
        return items if any(a is not b for a, b in zip(items, x)) else x
    if isinstance(x, Layout):
        sh, st = _wrap_go(x.shape, big), _wrap_go(x.stride, big)
        return x if (sh is x.shape and st is x.stride) else Layout(sh, st)
    if isinstance(x, ComposedLayout):
        off, b = _wrap_go(x.offset, big), _wrap_go(x.b, big)
        return x if (off is x.offset and b is x.b) else ComposedLayout(x.a, off, b)
    return x


def _check_swizzles(obj, text, node) -> None:
    """A swizzle produced by an operation (upcast, downcast, recast) must be one CuTe can instantiate."""
    cls = obj.__class__
    if cls is Layout or cls is tuple or cls is int or cls is C:
        return
    sw = obj if isinstance(obj, Swizzle) else obj.a if isinstance(obj, ComposedLayout) else None
    if isinstance(sw, Swizzle):
        why = swizzle_limit_error(sw.b, sw.m, sw.s)
        if why:
            raise CuteDumpError(f"the result {why}", text, node.col)


def format_result(obj) -> str:
    """CuTe's ``print`` of a result."""
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


_SMEM = None


def evaluate_layout(text: str):
    """A layout from text: CuTe print syntax or any expression whose value is a layout (an int tuple stands
    for make_layout(shape)); also ``Sw<B,M,S> o smem_ptr[Nb](unset) o L`` (the smem_ptr_flag form of GMMA/UMMA
    atoms), taken as CuTe's as_position_independent_swizzle_layout:
    ``recast_layout<uint8_t, uint_bit_t<N>>(Sw) o _0 o L``."""
    import re  # start-up: only for the smem_ptr form
    global _SMEM
    if _SMEM is None:
        _SMEM = re.compile(r"^\s*Sw\s*<\s*(\d+)\s*,\s*(\d+)\s*,\s*(-?\d+)\s*>\s*o\s*smem_ptr\s*\[\s*(\d+)\s*b\s*\]"
                           r"\s*\(\s*unset\s*\)\s*o(?P<rest>.*)$", re.S)
    m = _SMEM.match(text)
    if m:
        b, mm, s, bits = (int(m.group(i)) for i in range(1, 5))
        why = swizzle_limit_error(b, mm, s)
        if why:
            raise CuteDumpError(why, text, m.start(1))
        if bits not in (4, 8, 16, 32, 64, 128, 256):   # smem_ptr_flag_bits<B>: CuTe's sizeof_bits of a type
            raise CuteDumpError(f"smem_ptr[{bits}b]: expected a type width of 4, 8, 16, 32, 64, 128 or 256 bits",
                                text, m.start(4))
        sw = recast_swizzle(Swizzle(b, mm, s), 8, bits)
        return ComposedLayout(sw, C(0), evaluate_layout(m.group("rest")))
    obj = SW.as_position_independent_swizzle_layout(evaluate(text))   # gmma: an smem_ptr flag is drawn this way
    if isinstance(obj, ComposedLayout) and not (isinstance(obj.a, Swizzle) and isinstance(obj.b, Layout)):
        raise CuteDumpError(f"{format_result(obj)} is a composition A o O o B that cutedump can only evaluate, not "
                            f"print or draw (supported: a swizzle o offset o layout)", text, 0)
    if isinstance(obj, (Layout, ComposedLayout)):
        return _check_int_layout(obj, text)
    if is_int_tuple(obj):
        return _check_int_layout(make_layout(obj), text)
    raise CuteDumpError(f"expected a layout, but {text.strip()!r} is {format_result(obj)}")


def _check_int_layout(L, text):
    """A layout to be printed or drawn must have its sizes and offsets within CuTe's int: print_layout computes
    ``size<0>``, ``size<1>`` (products of the modes) and every offset ``L(i,j)`` in int arithmetic."""
    B = L.b if isinstance(L, ComposedLayout) else L

    def prod(t):
        if not isinstance(t, tuple):
            return int(t)
        acc = 1
        for e in t:
            acc *= prod(e)
            if not INT_MIN <= acc <= INT_MAX:
                raise CuteDumpError(f"the size of {fmt(t)} overflows CuTe's int ({acc} is beyond {INT_MAX}) in "
                                    f"layout {format_result(L)}", text, 0)
        return acc

    prod(B.shape)
    hi = lo = 0
    for s, d in zip(flatten_to_tuple(B.shape), flatten_to_tuple(B.stride)):
        if not isinstance(d, int):
            continue
        v = (int(s) - 1) * int(d) if int(s) > 0 else 0
        hi, lo = hi + max(v, 0), lo + min(v, 0)
    if hi > INT_MAX or lo < INT_MIN:
        raise CuteDumpError(f"the offsets of layout {format_result(L)} overflow CuTe's int (they reach "
                            f"{hi if hi > INT_MAX else lo}, beyond {INT_MIN}..{INT_MAX})", text, 0)
    return L


def evaluate_to_string(text: str) -> str:
    return format_result(evaluate(text))
