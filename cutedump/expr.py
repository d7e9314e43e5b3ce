"""The ``cutedump eval`` language: CuTe's own function names with call syntax over CuTe-printed literals.

    left_inverse((_8,(_4,_2)):(_1,(_32,_16)))          -> (_16,_2,_4):(_1,_32,_8)
    composition(((_4,_8),(_2,_2)):((_32,_1),(_16,_8)), (_32,_2))
    upcast<2>(L)   get<1,0>(L)   select<0,2>(L)   size(L)   L(17)   eval(L, 17)   idx2crd(5, (_4,_8))

Expressions copied out of a kernel read as they are (``make_layout(make_shape(Int<8>{}, 4), LayoutRight{})``,
``Layout<Shape<_8,_4>>{}.compose(_2{}, 4)``, ``size(L) * 2``: see :mod:`cutedump.parse`).

Each function is a thin adapter onto :mod:`cutedump.algebra`, one row of the table :data:`FUNCTIONS`; results print
exactly as CuTe's ``print`` (or, ``format_result(x, "cpp" | "dsl")``, as C++ or as the CuTe DSL prints them).
Qualified names outside ``cute::`` are rows of :data:`NAMED`.
Nothing is answered silently: every call is checked against its CuTe 4.2 signature (:data:`_SIGS`: template
arguments, number and kind of arguments) before it runs, and a computation whose C++ ``int`` arithmetic would
overflow in CuTe is refused with what real CuTe prints (see :mod:`cutedump.algebra.integer`).
"""
from __future__ import annotations

from cutedump import _regex
from cutedump.errors import CuteDumpError, MAX_CELLS
from cutedump import algebra as A
from cutedump.algebra.basis import ArithTuple, ScaledBasis, make_basis_like, has_basis, is_stride_tuple
from cutedump.algebra import C, inttuple as it, make_layout, swizzle as SW
from cutedump.algebra.integer import INT_MAX, INT_MIN, OVERFLOW, overflow_reset, wrap32
from cutedump.algebra.inttuple import UNDERSCORE, flatten_to_tuple, fmt, is_int_tuple
from cutedump.algebra.layout import Layout, coalesce_shape
from cutedump.algebra.swizzle import ComposedLayout, Swizzle, logical_product_swizzled, recast_swizzle
from cutedump.parse import parse_expr, build_literal, Call, Apply, BinOp, Lit, Named, _col, swizzle_limit_error

_BITS = {
    "bool": 1, "int1b_t": 1, "uint1b_t": 1, "int2b_t": 2, "uint2b_t": 2, "int4b_t": 4, "uint4b_t": 4,
    "int8_t": 8, "uint8_t": 8, "char": 8, "float_e4m3_t": 8, "float_e5m2_t": 8, "int16_t": 16, "uint16_t": 16,
    "float_e2m1_t": 4, "float_e2m3_t": 6, "float_e3m2_t": 6, "float_ue8m0_t": 8, "float_ue4m3_t": 8,
    "half_t": 16, "bfloat16_t": 16, "half": 16, "int32_t": 32, "uint32_t": 32, "float": 32, "tfloat32_t": 32,
    "int": 32, "int64_t": 64, "uint64_t": 64, "double": 64, "uint128_t": 128,
}


def _bits(name) -> int:
    if isinstance(name, int):
        return name
    if isinstance(name, str) and "::" in name:   # cutlass::half_t, std::uint8_t
        name = name.rsplit("::", 1)[1] if name.split("::")[0] in ("cutlass", "cute", "std", "") else name
    if name not in _BITS:
        raise CuteDumpError(f"unknown type {name!r}; known: {', '.join(sorted(_BITS))}")
    return _BITS[name]


# ---- implementations: thin adapters onto cutedump.algebra (one per function of the table below) ------------


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
    if x.__class__ is Layout:   # the common case in short
        return A.get(x, *targs)
    if isinstance(x, (Layout, ComposedLayout)):
        return composed_apply(x, lambda l: A.get(l, *targs))
    return it.get(x, *targs)


def _layout(x, targs=()):
    return composed_apply(lay(x, "layout"), lambda l: A.get(l, *targs) if targs else l)


def _select(x, targs=()):
    if x.__class__ is Layout:   # the common case in short
        return A.select(x, *targs)
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


def _group(x, targs=()):
    """group<B,E>(t) (tuple_algorithms.hpp, layout.hpp): modes [B,E) as one mode; E == -1 is the end."""
    if len(targs) != 2:
        raise CuteDumpError("group needs two template arguments: group<B,E>(L)")
    b, e = targs
    n = len(shape_of(x)) if isinstance(shape_of(x), tuple) else 1
    e = n if e == -1 else e
    if not 0 <= b <= e <= n:
        raise CuteDumpError(f"group<{targs[0]},{targs[1]}>: needs 0 <= B <= E <= {n} (the rank)")
    if isinstance(x, (Layout, ComposedLayout)):
        return composed_apply(x, lambda l: A.group(l, b, e))
    t = x if isinstance(x, tuple) else (x,)
    return tuple(t[:b]) + (tuple(t[b:e]),) + tuple(t[e:])


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
    if isinstance(x, Layout) and y is not None and not isinstance(y, (Layout, ComposedLayout)):
        return it.append(x, y, n)   # no Layout overload takes a non-layout: the tuple one, (L, y)
    if isinstance(x, Layout):
        return A.append(x, lay(y, "append") if y is not None else None, n)
    if isinstance(x, ComposedLayout):
        return composed_apply(x, lambda l: A.append(l, lay(y, "append") if y is not None else None, n))
    if y is None:
        raise CuteDumpError("append needs two arguments")
    return it.append(x, y, n)


def _prepend(x, y=None, targs=()):
    n = _rank_arg("prepend", targs)
    if isinstance(x, Layout) and y is not None and not isinstance(y, (Layout, ComposedLayout)):
        return it.prepend(x, y, n)
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
            if not _is_int_tuple(a) and not (what == "stride" and is_stride_tuple(a)):   # e.g. a tiler (a tuple holding layouts or _): no make_layout overload
                raise CuteDumpError(f"make_layout(shape, stride): the {what} must be an int tuple, got "
                                    f"{format_result(a)}")
        if it.profile(args[0]) != it.profile(args[1]):
            raise CuteDumpError(f"shape {it.fmt(args[0])} and stride {it.fmt(args[1])} are not congruent")
    if len(args) > 1 and any(isinstance(a, (ComposedLayout, Swizzle)) for a in args):
        # CuTe's make_layout takes (shape, stride) int tuples or plain Layouts: a swizzled argument has no overload
        raise CuteDumpError("make_layout: not defined for swizzled layout arguments (CuTe has no such "
                            "overload: does not compile)")
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
    if x.__class__ is Layout:   # the common case in short (lay and composed_apply leave a plain layout as it is)
        return A.coalesce(x, prof)
    if prof is None and _is_int_tuple(x):   # coalesce(Shape): merge neighbours both static or both dynamic
        return coalesce_shape(x)
    return composed_apply(lay(x, "coalesce"), lambda l: A.coalesce(l, prof))


def _filter(x, prof=None):
    if x.__class__ is Layout:   # the common case in short
        return A.filter_(x, prof)
    return composed_apply(lay(x, "filter"), lambda l: A.filter_(l, prof))


def _composition(a, b, c=None):
    if c is not None:
        # composition(A, offset, B) = ComposedLayout<A,O,B>{A, offset, B} (layout_composed.hpp); cutedump models
        # (and prints, draws, exports) the swizzled form Sw o offset o layout, the one CuTe itself prints
        if not isinstance(c, Layout):
            raise CuteDumpError(f"composition(swizzle, offset, layout): the layout must be shape:stride, got "
                                f"{format_result(c)}")
        return A.make_composed_layout(a, b, c)
    if a.__class__ is Layout or isinstance(a, Swizzle) or isinstance(a, (Layout, ComposedLayout)):
        return A.composition(a, _tiler(b))
    return A.composition(lay(a, "composition"), _tiler(b))


def _complement(x, cot=None):
    if x.__class__ is Layout:   # the common case in short
        return A.complement(x, cot)
    L = lay(x, "complement")
    if isinstance(L, ComposedLayout):  # complement(A o O o B, c) = complement(B, c); c = cosize(B) by default
        L = L.b
    return A.complement(L, cot)


def _inverse(fn):
    def f(x):
        if x.__class__ is Layout:   # the common case in short
            return fn(x)
        if isinstance(x, ComposedLayout):
            if not A.is_constant(0, x.offset):
                raise CuteDumpError("inverse of a composed layout with a nonzero offset is not supported")
            return A.composition(fn(x.b), x.a)
        if isinstance(x, Swizzle):
            return x
        if x.__class__ is C or x.__class__ is int:   # swizzle_layout.hpp's integral overload (an offset): -t
            return -x
        return fn(lay(x, fn.__name__))
    return f


def _divprod(fn):
    def f(x, t):
        if fn is A.logical_product and isinstance(t, ComposedLayout) and isinstance(x, Layout):
            return logical_product_swizzled(x, t)
        if x.__class__ is Layout:   # the common case in short
            return fn(x, t)
        return composed_apply(lay(x, fn.__name__), lambda l: fn(l, _tiler(t)))
    return f


def _blocked(fn):
    def f(x, t):
        if x.__class__ is Layout and t.__class__ is Layout:   # the common case in short
            return fn(x, t)
        return composed_apply(lay(x, fn.__name__), lambda l: fn(l, lay(t, fn.__name__)))
    return f


def _tile_to_shape(x, s, order=None):
    o = "LayoutLeft" if order is None else (order.name if isinstance(order, _Name) else order)
    if x.__class__ is Layout:   # the common case in short
        return A.tile_to_shape(x, s, o)
    return composed_apply(lay(x, "tile_to_shape"), lambda l: A.tile_to_shape(l, s, o))


def _tile_to_mma_shape(x, s, order=None):
    """UMMA::tile_to_mma_shape (mma_traits_sm100.hpp): tile an MN-logical atom to ((MMA_M,MMA_N),M_MMAs,N_MMAs,...)."""
    if not it.is_tuple(s) or len(s) < 3 or not it.is_tuple(s[0]) or len(s[0]) != 2:
        raise CuteDumpError(f"the MMA tile shape must be ((MMA_MN,MMA_K),MMAs_MN,MMAs_K,...) as partition_shape_A/B "
                            f"gives it, e.g. ((_128,_16),_1,_4); got {fmt(s)}")
    mn_shape = tuple(zip(s[0], s[1:3])) + tuple(s[3:])
    return _divprod(A.tiled_divide)(_tile_to_shape(x, mn_shape, order), it.product_each(s[0]))


def _scalar_cast(x, n, fn):
    """swizzle.hpp's integral overloads: upcast<N>(t) = safe_div(t, C<N>{}), downcast<N>(t) = t * C<N>{}, with N a
    uint32_t (so a negative t is unsigned arithmetic: refused)."""
    if n <= 0 or x < 0:
        raise CuteDumpError(f"{fn}<{n}>({_show(x)}): CuTe computes this in unsigned arithmetic (N is a uint32_t); "
                            f"cutedump reads only N > 0 and t >= 0")
    if fn == "downcast":
        return x * C(n)
    return A.safe_div(x, C(n))


def _upcast(x, d=None, targs=()):
    if d is not None:   # upcast<N>(shape, stride) = upcast<N>(make_layout(shape, stride))
        x = _make_layout(x, d)
    if len(targs) != 1:
        raise CuteDumpError("upcast needs one template argument: upcast<2>(L)")
    if x.__class__ is C or x.__class__ is int:
        return _scalar_cast(x, targs[0], "upcast")
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
    if x.__class__ is C or x.__class__ is int:
        return _scalar_cast(x, targs[0], "downcast")
    if isinstance(x, Swizzle):
        return SW.downcast_swizzle(x, targs[0])
    if isinstance(x, ComposedLayout):
        return SW.downcast_composed(x, targs[0])
    return A.downcast(lay(x, "downcast"), targs[0])


def _recast(x, targs=()):
    if len(targs) != 2:
        raise CuteDumpError("recast_layout needs two types: recast_layout<uint16_t,uint32_t>(L)")
    if isinstance(x, ComposedLayout):   # recast_layout(ComposedLayout) = up/downcast of it (layout_composed.hpp)
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
    if x.__class__ is Layout:   # the common case in short
        return A.with_shape(x, s[0] if len(s) == 1 else tuple(s))
    return composed_apply(lay(x, "with_shape"), lambda l: A.with_shape(l, s[0] if len(s) == 1 else tuple(s)))


def _max_common(fn):
    def f(a, b):
        if a.__class__ is Layout and b.__class__ is Layout:   # the common case in short
            return fn(a, b)
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


def _filter_zeros(x, prof=None):
    if isinstance(x, (Layout, ComposedLayout)):
        return composed_apply(x, lambda l: A.filter_zeros(l, prof))
    return it.filter_zeros(x, x if prof is None else prof)   # int_tuple.hpp: filter_zeros(a, b = a)


def _make_fragment_like(x):
    """layout.hpp: a static layout of rank > 1 keeps its mode 0 compact (stride-0 modes kept) and orders the rest
    like ``x``; anything else (a dynamic shape, rank 1, a plain shape) is make_layout(shape)."""
    if not isinstance(x, Layout):
        return A.make_layout(x)
    shp, std = x.shape, x.stride
    R = len(shp) if isinstance(shp, tuple) else 1
    if R > 1 and A.is_static(shp):
        s0, d0 = shp[0], std[0]
        first = A.make_layout(s0, it.compact_col_major(it.filter_zeros(d0, s0)))
        return A.tiled_product(first, A.make_ordered_layout(tuple(shp[1:]), tuple(std[1:])))
    return A.make_layout(shp)


def _repeat(x, targs=()):
    n = _rank_arg("repeat", targs)
    return x if n == 1 else tuple([x] * n)


def _dynamic(x):
    """int(x): the value as a run-time int."""
    return int(x)


def _evenly_divides(a, b):
    return _evenly(shape_of(a), shape_of(b))


def _evenly(a, b):
    """int_tuple.hpp evenly_divides(a, b): mode by mode over b's modes (false_type if b has more), each
    size(a) == size(b) * size(ceil_div(a, b)); static (_1/_0) when every part is."""
    if isinstance(b, tuple):
        ra = len(a) if isinstance(a, tuple) else 1
        if len(b) > ra:
            return C(0)
        acc = C(1)
        for i, y in enumerate(b):
            z = _evenly(a[i] if isinstance(a, tuple) else a, y)
            if (acc.__class__ is C and not acc) or (z.__class__ is C and not z):
                acc = C(0)   # integral_constant.hpp: C<false> && x and x && C<false> are C<false>
            else:
                v = int(bool(acc) and bool(z))
                acc = C(v) if (acc.__class__ is C and z.__class__ is C) else v
        return acc
    sa, sb, sc = it.product(a), it.product(b), it.product(it.ceil_div(a, b))
    rhs = sb * sc
    v = int(int(sa) == int(rhs))
    return C(v) if (sa.__class__ is C and rhs.__class__ is C) else v


def _tile_slice(T, first, second):
    """Tensor::operator() with underscores on the layout of a zipped_divide: its sliced layout (slice_and_offset)."""
    return A.slice_layout((first, second), T)


def _repeat_under(n):
    return UNDERSCORE if n == 1 else tuple([UNDERSCORE] * n)


def _local_tile(L, tiler, coord, proj=None):
    """The layout of local_tile's tile (:func:`_local_tile_at`, sliced)."""
    T, crd = _local_tile_at(L, tiler, coord, proj)
    return _tile_slice(T, *crd)


def _local_partition(L, tile, index, proj=None):
    """The layout of local_partition's partition (:func:`_local_partition_at`, sliced)."""
    T, crd = _local_partition_at(L, tile, index, proj)
    return _tile_slice(T, *crd)


def _local_tile_at(L, tiler, coord, proj=None):
    """-> (T, crd): tensor_impl.hpp local_tile (= inner_partition) on a tensor whose layout is L: the layout of the tile it
    returns, zipped_divide(L, tiler)(repeat<R0>(_), append<R1>(coord,_)) (the offset CuTe adds to the tensor's
    pointer is not part of a layout). With a projection: dice(proj, tiler), dice(proj, coord)."""
    if proj is not None:
        tiler, coord = it.dice(proj, tiler), it.dice(proj, coord)
        if tiler == ():
            raise CuteDumpError("local_tile: the projection keeps no mode of the tiler (does not compile in CuTe)")
    T = A.zipped_divide(L, tiler)
    r0, r1 = int(it.rank(it.get(T.shape, 0))), int(it.rank(it.get(T.shape, 1)))
    second = it.append(coord, UNDERSCORE, r1) if isinstance(coord, tuple) else coord
    return T, (_repeat_under(r0), second)


def _local_partition_at(L, tile, index, proj=None):
    """-> (T, crd): tensor_impl.hpp local_partition (= outer_partition by the thread's flat coordinate in ``tile``) on a tensor
    whose layout is L: the layout of the thread's partition, the offset left out."""
    if proj is not None:
        tile = A.dice_layout(proj, tile)
        if tile.shape == ():
            raise CuteDumpError("local_partition: the projection keeps no mode of the tile (does not compile in "
                                "CuTe: a fold of an empty expansion)")
    hier = it.idx2crd(index, tile.shape, tile.stride)   # tile.get_flat_coord(index)
    if isinstance(tile.shape, tuple):
        coord = tuple([it.crd2idx_shape(c, s) for c, s in zip(hier, tile.shape)])
    else:
        coord = hier
    T = A.zipped_divide(L, it.product_each(tile.shape))
    r0, r1 = int(it.rank(it.get(T.shape, 0))), int(it.rank(it.get(T.shape, 1)))
    first = it.append(coord, UNDERSCORE, r0) if isinstance(coord, tuple) else coord
    return T, (first, _repeat_under(r1))


def _make_identity_layout(shape):
    """make_identity_layout(shape) = make_layout(shape, make_basis_like(shape)); make_identity_tensor's layout."""
    return Layout(shape, make_basis_like(shape))


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


def _add_coord(coord, v):
    """The ArithmeticTuple coord + v (v: a layout value with ScaledBasis strides: an ArithTuple, a ScaledBasis or _0)."""
    if isinstance(coord, tuple):
        return tuple(ArithTuple(coord) + v)
    return coord + (v.value if isinstance(v, ScaledBasis) and not v.path else v)


def _make_identity_tensor(shape):
    """make_identity_tensor(shape) = make_tensor(make_inttuple_iter(repeat_like(shape, _0)), make_identity_layout)."""
    return CountingTensor(it.repeat_like(shape, C(0)), _make_identity_layout(shape))


def _zero_unders(c):
    if isinstance(c, tuple):
        return tuple([_zero_unders(e) for e in c])
    return C(0) if c is UNDERSCORE else c


def _tensor_slice(t: CountingTensor, crd) -> CountingTensor:
    """Tensor::operator() with underscores: the sliced layout, the iterator moved by layout(crd with _ as 0)."""
    return CountingTensor(_add_coord(t.coord, t.layout(_zero_unders(crd))), A.slice_layout(crd, t.layout))


#: CuTe's Tensor overloads (tensor_impl.hpp) of the eval language's functions, for a tensor of coordinates as the
#: first argument: the layout function applied to the tensor's layout, the iterator kept ("keep"), or the answer
#: about the layout itself ("query"); local_tile / local_partition slice the tensor (its iterator moves).
_TENSOR_OVERLOADS = {**dict.fromkeys(("flatten", "coalesce", "filter_zeros", "filter", "take", "composition",
                                      "logical_divide", "zipped_divide", "tiled_divide", "flat_divide"), "keep"),
                     **dict.fromkeys(("layout", "shape", "stride", "size", "rank", "depth"), "query"),
                     **dict.fromkeys(("local_tile", "local_partition"), "slice")}


def _make_basis_like(shape):
    return make_basis_like(shape)


def _basis_e(targs=()):
    """E<n...>{}: _1 at mode path n... (ScaledBasis<_1, n...>)."""
    return ScaledBasis(C(1), tuple(int(t) for t in (targs or ())))


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
#                     a trailing "..." repeats the last kind (zero or more times); "kind:label" names it in errors
#
# One row per function: name: (template-argument form, (argument form, ...), implementation). The implementation
# gets the evaluated arguments (and targs=... when the function takes template arguments). Adding a function is
# adding a row.
FUNCTIONS = {
    'size': ('N*', (('layout',),), _size),
    'rank': ('N*', (('layout',),), _rank),
    'depth': ('N*', (('layout',),), _depth),
    'cosize': ('N*', (('layoutobj',),), _cosize),
    'shape': ('N*', (('layout',),), _shape),
    'stride': ('N*', (('layoutobj',),), _stride),
    'layout': ('N*', (('layoutobj',),), _layout),
    'product': ('', (('layout',),), _product),
    'get': ('N+', (('value:x',),), _get),
    'mode': ('N+', (('value:x',),), _get),
    'select': ('N*', (('value:x',),), _select),
    'take': ('NN', (('value:x',),), _take),
    'flatten': ('', (('value:x',),), _flatten),
    'group': ('NN', (('value:x',),), _group),
    'append': ('N?', (('layout', 'value:x'), ('layoutobj',)), _append),
    'prepend': ('N?', (('layout', 'value:x'), ('layoutobj',)), _prepend),
    'make_layout': ('', (('value:shape',), ('inttuple:shape', 'order:stride'), ('value:layout', 'value:layout...')),
        _make_layout),
    'make_ordered_layout': ('', (('inttuple:shape', 'inttuple:order'),), _make_ordered),
    'make_identity_layout': ('', (('inttuple:shape',),), _make_identity_layout),
    'make_identity_tensor': ('', (('inttuple:shape',),), _make_identity_tensor),
    'make_basis_like': ('', (('inttuple:shape',),), _make_basis_like),
    'E': ('N*', ((),), _basis_e),
    'make_arithmetic_tuple': ('', (('value:x...',),), lambda *a: ArithTuple(a)),
    'make_shape': ('', (('value:x...',),), lambda *a: tuple(a)),
    'make_stride': ('', (('value:x...',),), lambda *a: tuple(a)),
    'make_coord': ('', (('value:x...',),), lambda *a: tuple(a)),
    'make_tile': ('', (('value:x...',),), lambda *a: tuple(a)),
    'eval': ('', (('layout|swizzle', 'coord', 'coord...'),), _eval),
    'coalesce': ('', (('layout',), ('layoutobj', 'inttuple:profile')), _coalesce),
    'filter': ('', (('layoutobj',), ('layoutobj', 'inttuple:profile')), _filter),
    'filter_zeros': ('', (('layout',), ('layout', 'inttuple:profile')), _filter_zeros),
    'composition': ('', (('layoutobj|swizzle', 'value:tiler'), ('swizzle', 'int:offset', 'layoutobj:layout')),
        _composition),
    'compose': ('', (('layoutobj|swizzle', 'value:tiler'), ('swizzle', 'int:offset', 'layoutobj:layout')),
        _composition),
    'complement': ('', (('layoutobj',), ('layoutobj', 'inttuple:cotarget')), _complement),
    'right_inverse': ('', (('layoutobj|swizzle|int',),), _inverse(A.right_inverse)),
    'left_inverse': ('', (('layoutobj|swizzle|int',),), _inverse(A.left_inverse)),
    'logical_divide': ('', (('layoutobj', 'value:tiler'),), _divprod(A.logical_divide)),
    'zipped_divide': ('', (('layoutobj', 'value:tiler'),), _divprod(A.zipped_divide)),
    'tiled_divide': ('', (('layoutobj', 'value:tiler'),), _divprod(A.tiled_divide)),
    'flat_divide': ('', (('layoutobj', 'value:tiler'),), _divprod(A.flat_divide)),
    'logical_product': ('', (('layoutobj', 'value:tiler'),), _divprod(A.logical_product)),
    'zipped_product': ('', (('layoutobj', 'value:tiler'),), _divprod(A.zipped_product)),
    'tiled_product': ('', (('layoutobj', 'value:tiler'),), _divprod(A.tiled_product)),
    'flat_product': ('', (('layoutobj', 'value:tiler'),), _divprod(A.flat_product)),
    'blocked_product': ('', (('layoutobj', 'layoutobj'),), _blocked(A.blocked_product)),
    'raked_product': ('', (('layoutobj', 'layoutobj'),), _blocked(A.raked_product)),
    'tile_to_shape': ('', (('layoutobj', 'inttuple:shape'), ('layoutobj', 'inttuple:shape', 'order')), _tile_to_shape),
    'tile_to_mma_shape': ('', (('layoutobj', 'inttuple:shape'), ('layoutobj', 'inttuple:shape', 'order')),
        _tile_to_mma_shape),
    'UMMA::tile_to_mma_shape': ('', (('layoutobj', 'inttuple:shape'), ('layoutobj', 'inttuple:shape', 'order')),
        _tile_to_mma_shape),
    'upcast': ('N', (('layoutobj|swizzle|int',), ('inttuple:shape', 'inttuple:stride')), _upcast),
    'downcast': ('N', (('layoutobj|swizzle|int',), ('inttuple:shape', 'inttuple:stride')), _downcast),
    'recast_layout': ('TT', (('layoutobj',),), _recast),
    'max_common_vector': ('', (('layoutobj', 'layoutobj'),), _max_common(A.max_common_vector)),
    'max_common_layout': ('', (('layoutobj', 'layoutobj'),), _max_common(A.max_common_layout)),
    'idx2crd': ('', (('inttuple:index', 'inttuple:shape'), ('inttuple:index', 'inttuple:shape', 'inttuple:stride')),
        _idx2crd),
    'crd2idx': ('', (('coord', 'layout:shape'), ('coord', 'inttuple:shape', 'inttuple:stride')),
        _crd2idx),
    'zip': ('', (('value:x', 'value:x...'),), _zip),
    'with_shape': ('', (('layout', 'value:shape', 'value:shape...'),), _with_shape),
    'congruent': ('', (('layout', 'layout'),), _congruent),
    'weakly_congruent': ('', (('layout', 'layout'),), _weakly_congruent),
    'compatible': ('', (('layout', 'layout'),), _compatible),
    'as_position_independent_swizzle_layout': ('', (('layoutobj',),), _as_pi),
    'ceil_div': ('', (('value:x', 'value:y'),), _ceil_div),
    'shape_div': ('', (('inttuple', 'inttuple'),), _shape_div),
    'coshape': ('', (('plainobj',),), lambda x: A.coshape(x)),
    'nullspace': ('', (('plainobj',),), lambda x: A.nullspace(x)),
    'make_layout_like': ('', (('plainobj',),), lambda x: A.make_layout_like(x)),
    'unflatten': ('', (('value:x', 'inttuple:profile'),), _unflatten),
    'slice': ('', (('coord', 'value:x'),), _slice),
    'dice': ('', (('coord', 'value:x'),), _dice),
    # added with the C++ spelling (issue 22)
    'make_step': ('', (('value:x...',),), lambda *a: tuple(a)),
    'int': ('', (('int',),), _dynamic),
    'inner_product': ('', (('inttuple', 'inttuple'),), lambda a, b: it.inner_product(a, b)),
    'elem_scale': ('', (('inttuple', 'inttuple'),), lambda a, b: it.elem_scale(a, b)),
    'repeat': ('N', (('value:x',),), _repeat),
    'repeat_like': ('', (('value:guide', 'value:x'),), lambda t, x: it.repeat_like(t, x)),
    'make_fragment_like': ('', (('plain',),), _make_fragment_like),
    'evenly_divides': ('', (('layout', 'layout'),), _evenly_divides),
    'compact_col_major': ('', (('inttuple:shape',),), lambda s: it.compact_col_major(s)),
    'compact_row_major': ('', (('inttuple:shape',),), lambda s: it.compact_row_major(s)),
    # CuTe's are Tensor functions: on a layout L, the layout of the tensor they return for a tensor of layout L
    'local_tile': ('', (('plainobj:layout', 'value:tiler', 'coord'), ('plainobj:layout', 'value:tiler', 'coord',
                                                                       'coord:proj')), _local_tile),
    'local_partition': ('', (('plainobj:layout', 'plainobj:tile', 'int:index'),
                             ('plainobj:layout', 'plainobj:tile', 'int:index', 'coord:proj')), _local_partition),
}

#: name -> (template-argument form, argument forms...): the signature part of FUNCTIONS (what the checks read)
_SIGS = {name: (row[0], *row[1]) for name, row in FUNCTIONS.items()}

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
    if kind == "layoutobj|swizzle":
        return isinstance(x, (Layout, ComposedLayout, Swizzle))
    if kind == "layoutobj|swizzle|int":
        return isinstance(x, (Layout, ComposedLayout, Swizzle)) or (isinstance(x, int) and not isinstance(x, bool))
    if kind == "plainobj":
        return isinstance(x, Layout)
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


_KIND_LABEL = {"plain": "layout", "layoutobj": "layout", "plainobj": "layout", "layoutobj|swizzle": "layout|swizzle",
               "layoutobj|swizzle|int": "layout|swizzle|int", "inttuple": "int_tuple", "value": "x"}
_KIND_TEXT = {"layoutobj": "a layout (shape:stride)", "plainobj": "a layout (shape:stride, not swizzled)",
              "layoutobj|swizzle": "a layout (shape:stride) or a swizzle",
              "layoutobj|swizzle|int": "a layout (shape:stride), a swizzle or an integer", "layout": "a layout or an int tuple", "plain": "a layout (not swizzled) or an int tuple",
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
    "layoutobj|swizzle": frozenset({Layout, ComposedLayout, Swizzle}),
    "layoutobj|swizzle|int": frozenset({Layout, ComposedLayout, Swizzle, C, int}),
    "plainobj": frozenset({Layout}),
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
    forms = _FORM_KINDS[n.name, len(args)]
    for kinds in forms:   # in short: the first form that takes them (the loop below only finds the error's caret)
        for a, k in zip(args, kinds):
            if a.__class__ not in _KIND_CLASSES[k] and not _is_kind(a, k):
                break
        else:
            return
    best = None
    for kinds in forms:
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
    hint = ""
    if kind in ("layoutobj", "plainobj", "layoutobj|swizzle", "layoutobj|swizzle|int") and _is_int_tuple(args[i]):
        hint = f"; CuTe has no int-tuple overload of {n.name} (make_layout({_show(args[i])}) is a layout)"
    raise CuteDumpError(f"{n.name}: argument {i + 1} must be {_KIND_TEXT[kind]}, got {_kind(args[i])} "
                        f"{_show(args[i])} ({signature(n.name)}){hint}", text, _col(n.args[i]))


# ---- named objects: qualified C++ names outside cute:: -------------------------------------------------------
# ``GMMA::Layout_K_SW128_Atom<half_t>``, ``UMMA::Layout_MN_SW32_Atom<bfloat16_t>``, ``GMMA::Major::K``: the parser
# reads any qualified name ``A::B::C`` with optional template arguments (types like half_t, integers, or C++ types
# like Shape<_8>) and optional ``{}``; evaluation looks the name up in NAMED, the first matching row wins.
#
#   pattern  the qualified name; ``*`` matches any run of name characters (fnmatch), e.g. "GMMA::Layout_*_Atom"
#   build    callable(name, targs) -> the object (a Layout, ComposedLayout, int, ...), or "module:function", imported
#            on first use (the module loads only when such a name is evaluated: start-up stays light)
#   doc      one line for errors and listings
#
# targs arrive as the parser reads them: an int, a str (a type name: "half_t"; bits(name) gives its width), or a
# parse.TypeArg (a template type, e.g. Shape<_8,_4>). Rows are added with register_named() (or appended to NAMED).

def _glob_match(pattern: str, name: str) -> bool:
    """The whole of ``name`` matches ``pattern``, where ``*`` stands for any run (maybe empty) of ASCII name characters
    (letters, digits, ``_``) and every other character for itself."""
    if "*" not in pattern:
        return pattern == name
    head, rest = pattern.split("*", 1)
    if not name.startswith(head):
        return False
    tail = name[len(head):]
    for i in range(len(tail) + 1):
        if i and not (tail[i - 1] == "_" or tail[i - 1].isascii() and tail[i - 1].isalnum()):
            return False
        if _glob_match(rest, tail[i:]):
            return True
    return False


class NamedRow:
    __slots__ = ("pattern", "build", "doc")

    def __init__(self, pattern: str, build, doc: str = ""):
        self.pattern = pattern
        self.build = build
        self.doc = doc

    def matches(self, name: str) -> bool:
        return _glob_match(self.pattern, name)

    def constructor(self):
        b = self.build
        if isinstance(b, str):   # "module:function", imported now
            from cutedump._startup import import_module  # start-up: importlib itself is not needed
            mod, _, attr = b.partition(":")
            b = self.build = getattr(import_module(mod), attr)
        return b


#: the table of named objects (see above); empty here: the modules that model the Hopper/Blackwell atoms add rows
NAMED: list[NamedRow] = []


def register_named(pattern: str, build, doc: str = "") -> NamedRow:
    """Add a row to :data:`NAMED` (before any earlier row with the same pattern) and return it."""
    row = NamedRow(pattern, build, doc)
    NAMED[:] = [r for r in NAMED if r.pattern != pattern]
    NAMED.insert(0, row)
    return row


# ---- the GMMA/UMMA shared-memory layout atoms (rows of cutedump.algebra.smem.ATOMS) -------------------------

def _smem_named(name: str, targs):
    """``GMMA::Layout_K_SW128_Atom<T>`` / ``UMMA::Layout_MN_SW32_32B_Atom<T>`` / ``GMMA::Layout_SW128_Atom<T,Major>``
    and ``ss_smem_selector<Major,T,BLK_MN,BLK_K>``: rows of :mod:`cutedump.algebra.smem`."""
    from cutedump.algebra import smem as SMEM  # start-up: loaded with the first smem atom
    base = name.rsplit("::", 1)[-1]
    t = tuple(_targ_name(x) for x in targs)
    if base == "ss_smem_selector":
        if len(t) != 4:
            raise CuteDumpError("ss_smem_selector takes four template arguments: <Major, Type, BLK_MN, BLK_K>")
        return SMEM.ss_smem_selector(str(t[0]), _bits(t[1]), t[2], t[3])
    if base.endswith("_SpAtom"):
        if base[:-7] + "_Atom" in SMEM.ATOMS:
            if len(t) != 2 or not isinstance(t[1], int):
                raise CuteDumpError(f"{base} takes a type and a sparsity: {base}<half_t, 2>")
            return SMEM.sparse_atom(name, _bits(t[0]), t[1])
        if len(t) != 3 or not isinstance(t[1], int):
            raise CuteDumpError(f"{base} takes a type, a sparsity and a major: {base}<half_t, 2, GMMA::Major::K>")
        major = SMEM.major_name(str(t[2]))
        return SMEM.sparse_atom(f"Layout_{major}_{base[7:-7]}_SpAtom", _bits(t[0]), t[1])
    if base in SMEM.ATOMS:
        if len(t) != 1:
            raise CuteDumpError(f"{base} takes one type template argument: {base}<half_t>")
        return SMEM.smem_atom(name, _bits(t[0]))
    if base.startswith("Layout_") and base.endswith("_Atom") and base[7:-5] in SMEM.SWIZZLE_NAMES:
        if len(t) != 2:
            raise CuteDumpError(f"{base} takes a type and a major: {base}<half_t, GMMA::Major::K>")
        ns = name.rsplit("::", 1)[0] if "::" in name else "GMMA"
        return SMEM.major_atom(base[7:-5], _bits(t[0]), str(t[1]), "UMMA" if "UMMA" in ns else "GMMA")
    raise CuteDumpError(f"unknown shared-memory layout atom {name!r}")


def _targ_name(x):
    """A template argument as the smem rows read it: a type or major name without cute::/cutlass:: (GMMA::Major::K
    is kept whole), an integer as it is."""
    if isinstance(x, str) and x.split("::")[0] in ("cute", "cutlass"):
        return x.rsplit("::", 1)[-1]
    if x.__class__.__name__ == "Named" or x.__class__.__name__ == "TypeArg":
        return x.name
    return x


for _pat in ("GMMA::Layout_*_Atom", "UMMA::Layout_*_Atom", "cute::GMMA::Layout_*_Atom", "cute::UMMA::Layout_*_Atom",
             "Layout_*_Atom", "GMMA::Layout_*_SpAtom", "UMMA::Layout_*_SpAtom", "Layout_*_SpAtom",
             "*ss_smem_selector"):
    register_named(_pat, _smem_named, "a GMMA/UMMA shared-memory layout atom (mma_traits_sm90_gmma.hpp, "
                                      "mma_traits_sm100.hpp)")


def bits(type_name) -> int:
    """The width in bits of a C++ element type named in a template argument (half_t -> 16), for NAMED builders."""
    return _bits(type_name)


def _named(n, text):
    for row in NAMED:
        if row.matches(n.name):
            try:
                return row.constructor()(n.name, n.targs)
            except CuteDumpError as e:
                raise CuteDumpError(e.message if e.message.startswith(n.name) else f"{n.name}: {e.message}",
                                    text, n.col) from None
    raise CuteDumpError(f"unknown name {n.name!r} (cutedump reads cute:: names; other qualified names need a row "
                        f"in cutedump.expr.NAMED)", text, n.col)


def _basis_arith(n, a, b, text):
    """ScaledBasis / ArithTuple + and * (arithmetic_tuple.hpp): value * E<i>, E<i> + E<j>, AT + _0."""
    ok = (C, int)
    if n.op == "*" and not ((a.__class__ in ok) or (b.__class__ in ok)):
        raise CuteDumpError(f"operator*: a ScaledBasis multiplies an integer only, got {_show(a)} * {_show(b)}",
                            text, n.col)
    if n.op == "*" and (isinstance(a, tuple) or isinstance(b, tuple)):
        raise CuteDumpError(f"operator*: CuTe has no product of an arithmetic tuple, got {_show(a)} * {_show(b)}",
                            text, n.col)
    try:
        return a * b if n.op == "*" else a + b
    except CuteDumpError as e:
        raise CuteDumpError(e.message, text, n.col) from None


#: functions CuTe does not compile on a layout with ScaledBasis strides (checked on their layout arguments)
#: (name -> the first argument checked: composition(A, B) refuses B with basis strides, A may have them)
_BASIS_REFUSED = {**dict.fromkeys(("complement", "right_inverse", "left_inverse", "logical_product", "zipped_product",
                                   "tiled_product", "flat_product", "blocked_product", "raked_product",
                                   "max_common_vector", "max_common_layout", "upcast", "downcast", "recast_layout",
                                   "tile_to_shape"), 0)}


def _refuse_basis(n, args, text):
    for a in args[_BASIS_REFUSED[n.name]:]:
        if a.__class__ is Layout and has_basis(a.stride):
            raise CuteDumpError(f"{n.name}: not defined for a layout with ScaledBasis strides ({a}); CuTe does not "
                                "compile it", text, n.col)


def _arith(n, a, b, text):
    """C++ integer arithmetic on CuTe integers (integral_constant.hpp's static/dynamic rules, C++ truncation)."""
    if n.op in ("+", "*") and (getattr(a, "_cute_basis", False) or getattr(b, "_cute_basis", False)):
        return _basis_arith(n, a, b, text)
    for x in (a, b):
        if x is not None and not (x.__class__ is C or x.__class__ is int):
            raise CuteDumpError(f"operator{'-' if n.op == 'neg' else n.op}: cutedump reads integer arithmetic only, "
                                f"got {_kind(x)} {_show(x)}", text, n.col)
    op = n.op
    if op == "neg":
        return -a
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if b == 0:
        raise CuteDumpError(f"{_show(a)} {op} {_show(b)}: division by zero" +
                            (" (does not compile in CuTe)" if b.__class__ is C and a.__class__ is C else
                             " (undefined behaviour in C++)"), text, n.col)
    return A.div(a, b) if op == "/" else A.mod(a, b)


#: CuTe functions the eval language knows but does not answer, and why (a clear refusal, not "unknown function")
_UNSUPPORTED = {
    "make_tensor": "tensors over memory are not modelled (make_identity_tensor gives a tensor of coordinates; local_tile / local_partition also take a layout)",
    "print": "eval prints its result: write the expression alone",
}


class _Name:
    """A bare identifier used as a value: LayoutLeft, LayoutRight, GenColMajor, GenRowMajor."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self):
        return self.name


_CONSTANTS = {"LayoutLeft", "LayoutRight", "GenColMajor", "GenRowMajor"}
#: name -> (implementation, whether it takes template arguments): the part of FUNCTIONS evaluation reads
_REG = {name: (row[2], row[0] != "") for name, row in FUNCTIONS.items()}


def functions() -> list[str]:
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
    if isinstance(x, CountingTensor):
        return "tensor"
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
        if not OVERFLOW:   # the common cases in short: ints within range, no overflow on the way
            cls = result.__class__
            if cls is C or cls is int:
                if -2147483648 <= result <= 2147483647:
                    return result
            elif cls is Layout:
                if _in_int(result.shape) and _in_int(result.stride):
                    return result
            elif cls is tuple and _in_int(result):
                return result
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
            if n.args is None:
                if n.name in _CONSTANTS:
                    return _Name(n.name)
                if n.name in _REG:
                    raise CuteDumpError(f"{n.name} is a function: call it as {signature(n.name)}", text, n.col)
                if any(row.matches(n.name) for row in NAMED):   # e.g. Layout_K_SW128_Atom<half_t> (using GMMA)
                    return _named(n, text)
                raise CuteDumpError(f"unknown name {n.name!r}", text, n.col)
            if n.name not in _REG and not n.args and any(row.matches(n.name) for row in NAMED):
                return _named(n, text)   # e.g. ss_smem_selector<GMMA::Major::K,half_t,_128,_64>()
            if n.name not in _REG:
                if n.name in _UNSUPPORTED:
                    raise CuteDumpError(f"{n.name}: {_UNSUPPORTED[n.name]}", text, n.col)
                import difflib  # start-up: only for an unknown function name
                close = difflib.get_close_matches(n.name, list(_REG), n=3)
                hint = f" (did you mean {', '.join(close)}?)" if close else ""
                raise CuteDumpError(f"unknown function {n.name!r}{hint}", text, n.col)
            if (n.name, n.targs, len(n.args)) not in _SHAPE_OK:
                _check_call_shape(n, text)
            fn, takes_targs = _REG[n.name]
            args = [a.value if a.__class__ is Lit else build_literal(a, text, calls) for a in n.args]
            tensor = how = None
            if args and args[0].__class__ is CountingTensor:   # a Tensor overload: the tensor's layout, see below
                tensor, how = args[0], _TENSOR_OVERLOADS.get(n.name)
                if how is None:
                    raise CuteDumpError(f"{n.name} has no overload for a tensor ({tensor}): does not compile in "
                                        f"CuTe", text, n.col)
                args[0] = tensor.layout
            _check_kinds(n, args, text)
            if n.name in _BASIS_REFUSED:
                _refuse_basis(n, args, text)
            try:
                if how == "slice":
                    T, crd = (_local_tile_at if n.name == "local_tile" else _local_partition_at)(*args)
                    r = _tensor_slice(CountingTensor(tensor.coord, T), crd)
                else:
                    r = fn(*args, targs=n.targs) if takes_targs else fn(*args)
                    if how == "keep":
                        r = CountingTensor(tensor.coord, r)
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
        if n.__class__ is Named:
            return checked(_named(n, text), n)
        if n.__class__ is BinOp:
            return checked(_arith(n, build_literal(n.left, text, calls),
                                  None if n.right is None else build_literal(n.right, text, calls), text), n)
        raise CuteDumpError("unexpected expression", text, getattr(n, "col", 0))


def evaluate(text: str):
    """Parse and evaluate one expression; returns an algebra object.

    Every call is checked against its signature (:data:`_SIGS`) before it runs. A computation whose C++ ``int``
    arithmetic overflows in CuTe (see :mod:`cutedump.algebra.integer`) raises :class:`CuteDumpError` naming the
    first overflowing call and showing what real CuTe prints (its wrapped values)."""
    node = parse_expr(text)
    overflow_reset()
    ev = _Evaluation(text)
    first = ev.first
    try:
        result = ev.calls(node) if node.__class__ is Call else build_literal(node, text, ev.calls)
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


def _in_int(x) -> bool:
    """x is an int or a (nested) tuple of ints, static or dynamic, every one within C++ int's range (what
    :func:`_wrap_ints` leaves as it is, and notes nothing of)."""
    cls = x.__class__
    if cls is int or cls is C:
        return -2147483648 <= x <= 2147483647
    if cls is tuple:
        for e in x:
            c = e.__class__
            if c is int or c is C:
                if not -2147483648 <= e <= 2147483647:
                    return False
            elif c is not tuple or not _in_int(e):
                return False
        return True
    return False


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


def format_result(obj, syntax: str | None = None) -> str:
    """CuTe's ``print`` of a result; ``syntax="cpp"`` spells it as C++ (``make_layout(make_shape(_8{}, 4), ...)``,
    ``Layout<Shape<_8,_4>,Stride<_1,_8>>{}``), ``syntax="dsl"`` as the CuTe DSL prints it (see
    :mod:`cutedump.parse.spell`); ``"print"`` (or None) is CuTe's print."""
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




def match_smem_ptr_form(text: str):
    """``Sw<B,M,S> o smem_ptr[Nb](unset) o L`` (CuTe's print of the GMMA/UMMA smem atoms): the regex match (groups
    1-4: B, M, S, N; group "rest": L's text), or None."""
    if "smem_ptr" not in text:
        return None
    return _regex.compile(r"^\s*Sw\s*<\s*(\d+)\s*,\s*(\d+)\s*,\s*(-?\d+)\s*>\s*o\s*smem_ptr\s*\[\s*(\d+)\s*b\s*\]"
                          r"\s*\(\s*unset\s*\)\s*o(?P<rest>.*)$", 16).match(text)     # 16: re.DOTALL


def evaluate_layout(text: str):
    """A layout from text: CuTe print syntax or any expression whose value is a layout (an int tuple stands
    for make_layout(shape)); also ``Sw<B,M,S> o smem_ptr[Nb](unset) o L`` (the smem_ptr_flag form of GMMA/UMMA
    atoms), taken as CuTe's as_position_independent_swizzle_layout:
    ``recast_layout<uint8_t, uint_bit_t<N>>(Sw) o _0 o L``."""
    m = match_smem_ptr_form(text)
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
    obj = SW.as_position_independent_swizzle_layout(evaluate(text))   # an smem_ptr flag is drawn this way
    if isinstance(obj, ComposedLayout) and not (isinstance(obj.a, Swizzle) and isinstance(obj.b, Layout)):
        raise CuteDumpError(f"{format_result(obj)} is a composition A o O o B that cutedump can only evaluate, not "
                            f"print or draw (supported: a swizzle o offset o layout)", text, 0)
    if obj.__class__ is Layout and has_basis(obj.stride):
        raise CuteDumpError(f"{format_result(obj)} has ScaledBasis strides (its values are coordinates, not offsets): "
                            "cutedump does not print or draw it as a table; `cutedump eval` prints it and L(i)",
                            text, 0)
    if isinstance(obj, (Layout, ComposedLayout)):
        return _check_int_layout(obj, text)
    if is_int_tuple(obj):
        return _check_int_layout(make_layout(obj), text)
    raise CuteDumpError(f"expected a layout, but {text.strip()!r} is {format_result(obj)}")


def _check_int_layout(L, text):
    """A layout to be printed or drawn must have its sizes and offsets within CuTe's int: print_layout computes
    ``size<0>``, ``size<1>`` (products of the modes) and every offset ``L(i,j)`` in int arithmetic."""
    B = L.b if isinstance(L, ComposedLayout) else L

    def shown():   # limits: a stride of more than 4,300 digits (beyond any C++ integer; Python prints none): the shape
        try:
            return format_result(L)
        except ValueError:
            return f"of shape {fmt(B.shape)}"

    def prod(t):
        if not isinstance(t, tuple):
            return int(t)
        acc = 1
        for e in t:
            acc *= prod(e)
            if not INT_MIN <= acc <= INT_MAX:
                raise CuteDumpError(f"the size of {fmt(t)} overflows CuTe's int ({acc} is beyond {INT_MAX}) in "
                                    f"layout {shown()}", text, 0)
        return acc

    neg = [s for s in flatten_to_tuple(B.shape) if int(s) < 0]
    if neg:   # as for a literal: a negative extent has no table (CuTe's loops would run over a meaningless size)
        raise CuteDumpError(f"negative size {fmt(neg[0])} in shape {fmt(B.shape)} of layout {shown()}",
                            text, 0)
    prod(B.shape)
    hi = lo = 0
    for s, d in zip(flatten_to_tuple(B.shape), flatten_to_tuple(B.stride)):
        if not isinstance(d, int):
            continue
        v = (int(s) - 1) * int(d) if int(s) > 0 else 0
        hi, lo = hi + max(v, 0), lo + min(v, 0)
    if hi > INT_MAX or lo < INT_MIN:
        raise CuteDumpError(f"the offsets of layout {shown()} overflow CuTe's int (they reach "
                            f"{hi if hi > INT_MAX else lo}, beyond {INT_MIN}..{INT_MAX})", text, 0)
    return L


def evaluate_to_string(text: str) -> str:
    return format_result(evaluate(text))
