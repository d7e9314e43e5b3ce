"""The eval language's one function table, :data:`FUNCTIONS`: one row a function (its C++ name, template-argument
form, argument forms and implementation), each implementation a thin adapter onto :mod:`cutedump.algebra`. The CuTe
DSL's names and keywords of the same functions are the rows of :data:`cutedump.expr.dsl.DSL_FUNCTIONS`."""

from __future__ import annotations

from cutedump import algebra as A
from cutedump.algebra import C
from cutedump.algebra import inttuple as it
from cutedump.algebra import swizzle as SW
from cutedump.algebra.basis import ArithTuple, ScaledBasis, is_stride_tuple, make_basis_like
from cutedump.algebra.inttuple import UNDERSCORE, fmt
from cutedump.algebra.layout import Layout, coalesce_shape
from cutedump.algebra.swizzle import ComposedLayout, Swizzle, logical_product_swizzled
from cutedump.errors import MAX_CELLS, CuteDumpError
from cutedump.expr.values import (
    CountingTensor,
    _add_coord,
    _bits,
    _is_int_tuple,
    _kind,
    _Name,
    _show,
    _tiler,
    format_result,
)

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
    if x.__class__ is Layout:  # the common case in short
        return A.get(x, *targs)
    if isinstance(x, (Layout, ComposedLayout)):
        return composed_apply(x, lambda l: A.get(l, *targs))
    return it.get(x, *targs)


def _layout(x, targs=()):
    return composed_apply(lay(x, "layout"), lambda l: A.get(l, *targs) if targs else l)


def _select(x, targs=()):
    if x.__class__ is Layout:  # the common case in short
        return A.select(x, *targs)
    if isinstance(x, (Layout, ComposedLayout)):
        return composed_apply(x, lambda l: A.select(l, *targs))
    return it.select(x, *targs)


def _take(x, targs=()):
    if len(targs) != 2:
        raise CuteDumpError("take needs two template arguments: take<B,E>(L)")
    if isinstance(x, (Layout, ComposedLayout)):
        return composed_apply(x, lambda l: A.take(l, *targs))
    b, e = targs  # tuple_algorithms.hpp: E == -1 is the end; static_assert(B <= E); get<i> in range
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
        return it.append(x, y, n)  # no Layout overload takes a non-layout: the tuple one, (L, y)
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
            if not _is_int_tuple(a) and not (
                what == "stride" and is_stride_tuple(a)
            ):  # e.g. a tiler (a tuple holding layouts or _): no make_layout overload
                raise CuteDumpError(
                    f"make_layout(shape, stride): the {what} must be an int tuple, got {format_result(a)}"
                )
        if it.profile(args[0]) != it.profile(args[1]):
            raise CuteDumpError(f"shape {it.fmt(args[0])} and stride {it.fmt(args[1])} are not congruent")
    if len(args) > 1 and any(isinstance(a, (ComposedLayout, Swizzle)) for a in args):
        # CuTe's make_layout takes (shape, stride) int tuples or plain Layouts: a swizzled argument has no overload
        raise CuteDumpError(
            "make_layout: not defined for swizzled layout arguments (CuTe has no such overload: does not compile)"
        )
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
    if x.__class__ is Layout:  # the common case in short (lay and composed_apply leave a plain layout as it is)
        return A.coalesce(x, prof)
    if prof is None and _is_int_tuple(x):  # coalesce(Shape): merge neighbours both static or both dynamic
        return coalesce_shape(x)
    return composed_apply(lay(x, "coalesce"), lambda l: A.coalesce(l, prof))


def _filter(x, prof=None):
    if x.__class__ is Layout:  # the common case in short
        return A.filter_(x, prof)
    return composed_apply(lay(x, "filter"), lambda l: A.filter_(l, prof))


def _composition(a, b, c=None):
    if c is not None:
        # composition(A, offset, B) = ComposedLayout<A,O,B>{A, offset, B} (layout_composed.hpp); cutedump models
        # (and prints, draws, exports) the swizzled form Sw o offset o layout, the one CuTe itself prints
        if not isinstance(c, Layout):
            raise CuteDumpError(
                f"composition(swizzle, offset, layout): the layout must be shape:stride, got {format_result(c)}"
            )
        return A.make_composed_layout(a, b, c)
    if a.__class__ is Layout or isinstance(a, Swizzle) or isinstance(a, (Layout, ComposedLayout)):
        return A.composition(a, _tiler(b))
    return A.composition(lay(a, "composition"), _tiler(b))


def _complement(x, cot=None):
    if x.__class__ is Layout:  # the common case in short
        return A.complement(x, cot)
    L = lay(x, "complement")
    if isinstance(L, ComposedLayout):  # complement(A o O o B, c) = complement(B, c); c = cosize(B) by default
        L = L.b
    return A.complement(L, cot)


def _inverse(fn):
    def f(x):
        if x.__class__ is Layout:  # the common case in short
            return fn(x)
        if isinstance(x, ComposedLayout):
            if not A.is_constant(0, x.offset):
                raise CuteDumpError("inverse of a composed layout with a nonzero offset is not supported")
            return A.composition(fn(x.b), x.a)
        if isinstance(x, Swizzle):
            return x
        if x.__class__ is C or x.__class__ is int:  # swizzle_layout.hpp's integral overload (an offset): -t
            return -x
        return fn(lay(x, fn.__name__))

    return f


def _divprod(fn):
    def f(x, t):
        if fn is A.logical_product and isinstance(t, ComposedLayout) and isinstance(x, Layout):
            return logical_product_swizzled(x, t)
        if x.__class__ is Layout:  # the common case in short
            return fn(x, t)
        return composed_apply(lay(x, fn.__name__), lambda l: fn(l, _tiler(t)))

    return f


def _blocked(fn):
    def f(x, t):
        if x.__class__ is Layout and t.__class__ is Layout:  # the common case in short
            return fn(x, t)
        return composed_apply(lay(x, fn.__name__), lambda l: fn(l, lay(t, fn.__name__)))

    return f


def _tile_to_shape(x, s, order=None):
    o = "LayoutLeft" if order is None else (order.name if isinstance(order, _Name) else order)
    if x.__class__ is Layout:  # the common case in short
        return A.tile_to_shape(x, s, o)
    return composed_apply(lay(x, "tile_to_shape"), lambda l: A.tile_to_shape(l, s, o))


def _tile_to_mma_shape(x, s, order=None):
    """UMMA::tile_to_mma_shape (mma_traits_sm100.hpp): tile an MN-logical atom to ((MMA_M,MMA_N),M_MMAs,N_MMAs,...)."""
    if not it.is_tuple(s) or len(s) < 3 or not it.is_tuple(s[0]) or len(s[0]) != 2:
        raise CuteDumpError(
            f"the MMA tile shape must be ((MMA_MN,MMA_K),MMAs_MN,MMAs_K,...) as partition_shape_A/B "
            f"gives it, e.g. ((_128,_16),_1,_4); got {fmt(s)}"
        )
    mn_shape = tuple(zip(s[0], s[1:3])) + tuple(s[3:])
    return _divprod(A.tiled_divide)(_tile_to_shape(x, mn_shape, order), it.product_each(s[0]))


def _scalar_cast(x, n, fn):
    """swizzle.hpp's integral overloads: upcast<N>(t) = safe_div(t, C<N>{}), downcast<N>(t) = t * C<N>{}, with N a
    uint32_t (so a negative t is unsigned arithmetic: refused)."""
    if n <= 0 or x < 0:
        raise CuteDumpError(
            f"{fn}<{n}>({_show(x)}): CuTe computes this in unsigned arithmetic (N is a uint32_t); "
            f"cutedump reads only N > 0 and t >= 0"
        )
    if fn == "downcast":
        return x * C(n)
    return A.safe_div(x, C(n))


def _upcast(x, d=None, targs=()):
    if d is not None:  # upcast<N>(shape, stride) = upcast<N>(make_layout(shape, stride))
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
    if isinstance(x, ComposedLayout):  # recast_layout(ComposedLayout) = up/downcast of it (layout_composed.hpp)
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
    if x.__class__ is Layout:  # the common case in short
        return A.with_shape(x, s[0] if len(s) == 1 else tuple(s))
    return composed_apply(lay(x, "with_shape"), lambda l: A.with_shape(l, s[0] if len(s) == 1 else tuple(s)))


def _max_common(fn):
    def f(a, b):
        if a.__class__ is Layout and b.__class__ is Layout:  # the common case in short
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
    if isinstance(x, ComposedLayout) and it.has_underscore(c):
        # layout_composed.hpp: slice(coord, A o O o B) = get<0>(slice_and_offset(coord, layout)); the swizzle's
        # overload (swizzle_layout.hpp) decays what the coordinate consumes into the swizzle and offset
        if isinstance(x.a, Swizzle) and isinstance(x.b, Layout):
            from cutedump.algebra.swizzle_slice import slice_and_offset  # start-up: only for this case

            return slice_and_offset(c, x)[0]
    return it.slice_(c, x)


def _dice(c, x):
    if isinstance(x, Layout):
        return A.dice_layout(c, x)
    return it.dice(c, x)


def _filter_zeros(x, prof=None):
    if isinstance(x, (Layout, ComposedLayout)):
        return composed_apply(x, lambda l: A.filter_zeros(l, prof))
    return it.filter_zeros(x, x if prof is None else prof)  # int_tuple.hpp: filter_zeros(a, b = a)


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
                acc = C(0)  # integral_constant.hpp: C<false> && x and x && C<false> are C<false>
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
            raise CuteDumpError(
                "local_partition: the projection keeps no mode of the tile (does not compile in "
                "CuTe: a fold of an empty expansion)"
            )
    hier = it.idx2crd(index, tile.shape, tile.stride)  # tile.get_flat_coord(index)
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
_TENSOR_OVERLOADS = {
    **dict.fromkeys(
        (
            "flatten",
            "coalesce",
            "filter_zeros",
            "filter",
            "take",
            "composition",
            "logical_divide",
            "zipped_divide",
            "tiled_divide",
            "flat_divide",
        ),
        "keep",
    ),
    **dict.fromkeys(("layout", "shape", "stride", "size", "rank", "depth"), "query"),
    **dict.fromkeys(("local_tile", "local_partition"), "slice"),
    ".data": "self",  # tensor.data(): the tensor itself to its function
}


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
    "size": ("N*", (("layout",),), _size),
    "rank": ("N*", (("layout",),), _rank),
    "depth": ("N*", (("layout",),), _depth),
    "cosize": ("N*", (("layoutobj",),), _cosize),
    "shape": ("N*", (("layout",),), _shape),
    "stride": ("N*", (("layoutobj",),), _stride),
    "layout": ("N*", (("layoutobj",),), _layout),
    "product": ("", (("layout",),), _product),
    "get": ("N+", (("value:x",),), _get),
    "mode": ("N+", (("value:x",),), _get),
    "select": ("N*", (("value:x",),), _select),
    "take": ("NN", (("value:x",),), _take),
    "flatten": ("", (("value:x",),), _flatten),
    "group": ("NN", (("value:x",),), _group),
    "append": ("N?", (("layout", "value:x"), ("layoutobj",)), _append),
    "prepend": ("N?", (("layout", "value:x"), ("layoutobj",)), _prepend),
    "make_layout": (
        "",
        (("value:shape",), ("inttuple:shape", "order:stride"), ("value:layout", "value:layout...")),
        _make_layout,
    ),
    "make_ordered_layout": ("", (("inttuple:shape", "inttuple:order"),), _make_ordered),
    "make_identity_layout": ("", (("inttuple:shape",),), _make_identity_layout),
    "make_identity_tensor": ("", (("inttuple:shape",),), _make_identity_tensor),
    "make_basis_like": ("", (("inttuple:shape",),), _make_basis_like),
    "E": ("N*", ((),), _basis_e),
    "make_arithmetic_tuple": ("", (("value:x...",),), lambda *a: ArithTuple(a)),
    "make_shape": ("", (("value:x...",),), lambda *a: tuple(a)),
    "make_stride": ("", (("value:x...",),), lambda *a: tuple(a)),
    "make_coord": ("", (("value:x...",),), lambda *a: tuple(a)),
    "make_tile": ("", (("value:x...",),), lambda *a: tuple(a)),
    "eval": ("", (("layout|swizzle", "coord", "coord..."),), _eval),
    "coalesce": ("", (("layout",), ("layoutobj", "inttuple:profile")), _coalesce),
    "filter": ("", (("layoutobj",), ("layoutobj", "inttuple:profile")), _filter),
    "filter_zeros": ("", (("layout",), ("layout", "inttuple:profile")), _filter_zeros),
    "composition": (
        "",
        (("layoutobj|swizzle", "value:tiler"), ("swizzle", "int:offset", "layoutobj:layout")),
        _composition,
    ),
    "compose": (
        "",
        (("layoutobj|swizzle", "value:tiler"), ("swizzle", "int:offset", "layoutobj:layout")),
        _composition,
    ),
    "complement": ("", (("layoutobj",), ("layoutobj", "inttuple:cotarget")), _complement),
    "right_inverse": ("", (("layoutobj|swizzle|int",),), _inverse(A.right_inverse)),
    "left_inverse": ("", (("layoutobj|swizzle|int",),), _inverse(A.left_inverse)),
    "logical_divide": ("", (("layoutobj", "value:tiler"),), _divprod(A.logical_divide)),
    "zipped_divide": ("", (("layoutobj", "value:tiler"),), _divprod(A.zipped_divide)),
    "tiled_divide": ("", (("layoutobj", "value:tiler"),), _divprod(A.tiled_divide)),
    "flat_divide": ("", (("layoutobj", "value:tiler"),), _divprod(A.flat_divide)),
    "logical_product": ("", (("layoutobj", "value:tiler"),), _divprod(A.logical_product)),
    "zipped_product": ("", (("layoutobj", "value:tiler"),), _divprod(A.zipped_product)),
    "tiled_product": ("", (("layoutobj", "value:tiler"),), _divprod(A.tiled_product)),
    "flat_product": ("", (("layoutobj", "value:tiler"),), _divprod(A.flat_product)),
    "blocked_product": ("", (("layoutobj", "layoutobj"),), _blocked(A.blocked_product)),
    "raked_product": ("", (("layoutobj", "layoutobj"),), _blocked(A.raked_product)),
    "tile_to_shape": ("", (("layoutobj", "inttuple:shape"), ("layoutobj", "inttuple:shape", "order")), _tile_to_shape),
    # mma_atom.hpp: an implementation named "module:function" is a domain model's, imported on first use
    "make_tiled_mma": (
        "",
        (
            ("value:atom",),
            ("value:atom", "value:atom_layout"),
            ("value:atom", "value:atom_layout", "value:permutations"),
        ),
        "cutedump.atoms.mma:eval_make_tiled_mma",
    ),
    "tile_to_mma_shape": (
        "",
        (("layoutobj", "inttuple:shape"), ("layoutobj", "inttuple:shape", "order")),
        _tile_to_mma_shape,
    ),
    "UMMA::tile_to_mma_shape": (
        "",
        (("layoutobj", "inttuple:shape"), ("layoutobj", "inttuple:shape", "order")),
        _tile_to_mma_shape,
    ),
    "upcast": ("N", (("layoutobj|swizzle|int",), ("inttuple:shape", "inttuple:stride")), _upcast),
    "downcast": ("N", (("layoutobj|swizzle|int",), ("inttuple:shape", "inttuple:stride")), _downcast),
    "recast_layout": ("TT", (("layoutobj",),), _recast),
    "max_common_vector": ("", (("layoutobj", "layoutobj"),), _max_common(A.max_common_vector)),
    "max_common_layout": ("", (("layoutobj", "layoutobj"),), _max_common(A.max_common_layout)),
    "idx2crd": (
        "",
        (("inttuple:index", "inttuple:shape"), ("inttuple:index", "inttuple:shape", "inttuple:stride")),
        _idx2crd,
    ),
    "crd2idx": ("", (("coord", "layout:shape"), ("coord", "inttuple:shape", "inttuple:stride")), _crd2idx),
    "zip": ("", (("value:x", "value:x..."),), _zip),
    "with_shape": ("", (("layout", "value:shape", "value:shape..."),), _with_shape),
    "congruent": ("", (("layout", "layout"),), _congruent),
    "weakly_congruent": ("", (("layout", "layout"),), _weakly_congruent),
    "compatible": ("", (("layout", "layout"),), _compatible),
    "as_position_independent_swizzle_layout": ("", (("layoutobj",),), _as_pi),
    "ceil_div": ("", (("value:x", "value:y"),), _ceil_div),
    "shape_div": ("", (("inttuple", "inttuple"),), _shape_div),
    "coshape": ("", (("plainobj",),), lambda x: A.coshape(x)),
    "nullspace": ("", (("plainobj",),), lambda x: A.nullspace(x)),
    "make_layout_like": ("", (("plainobj",),), lambda x: A.make_layout_like(x)),
    "unflatten": ("", (("value:x", "inttuple:profile"),), _unflatten),
    "slice": ("", (("coord", "value:x"),), _slice),
    "dice": ("", (("coord", "value:x"),), _dice),
    # added with the C++ spelling (issue 22)
    "make_step": ("", (("value:x...",),), lambda *a: tuple(a)),
    "int": ("", (("int",),), _dynamic),
    "inner_product": ("", (("inttuple", "inttuple"),), lambda a, b: it.inner_product(a, b)),
    "elem_scale": ("", (("inttuple", "inttuple"),), lambda a, b: it.elem_scale(a, b)),
    "repeat": ("N", (("value:x",),), _repeat),
    "repeat_like": ("", (("value:guide", "value:x"),), lambda t, x: it.repeat_like(t, x)),
    "make_fragment_like": ("", (("plain",),), _make_fragment_like),
    "evenly_divides": ("", (("layout", "layout"),), _evenly_divides),
    "compact_col_major": ("", (("inttuple:shape",),), lambda s: it.compact_col_major(s)),
    "compact_row_major": ("", (("inttuple:shape",),), lambda s: it.compact_row_major(s)),
    # CuTe's are Tensor functions: on a layout L, the layout of the tensor they return for a tensor of layout L
    "local_tile": (
        "",
        (("plainobj:layout", "value:tiler", "coord"), ("plainobj:layout", "value:tiler", "coord", "coord:proj")),
        _local_tile,
    ),
    "local_partition": (
        "",
        (
            ("plainobj:layout", "plainobj:tile", "int:index"),
            ("plainobj:layout", "plainobj:tile", "int:index", "coord:proj"),
        ),
        _local_partition,
    ),
    # the SMEM -> TMEM copies of block-scaled UMMAs (issue 43): cutedump.atoms.utccp_expr
    "make_tensor": (
        "T?",
        (("value:shape",), ("value:engine", "value:layout")),
        "cutedump.atoms.utccp_expr:eval_make_tensor",
    ),
    "make_utccp_copy": ("", (("value:op", "value:tmem"),), "cutedump.atoms.utccp_expr:eval_make_utccp_copy"),
    ".get_slice": ("", (("value:tiled_copy", "int:thr_idx"),), "cutedump.atoms.utccp_expr:eval_get_slice"),
    ".partition_S": ("", (("value:thr_copy", "value:tensor"),), "cutedump.atoms.utccp_expr:eval_partition_s"),
    ".partition_D": ("", (("value:thr_copy", "value:tensor"),), "cutedump.atoms.utccp_expr:eval_partition_d"),
    ".data": ("", (("value:tensor",),), "cutedump.atoms.utccp_expr:eval_data"),
}


#: CuTe functions the eval language knows but does not answer, and why (a clear refusal, not "unknown function")
_UNSUPPORTED = {
    "print": "eval prints its result: write the expression alone",
}
#: name -> (implementation, whether it takes template arguments): the part of FUNCTIONS evaluation reads
_REG = {name: (row[2], row[0] != "") for name, row in FUNCTIONS.items()}


def resolve(name: str):
    """The implementation of function ``name``: a row naming "module:function" is imported now, once."""
    fn, takes = _REG[name]
    if fn.__class__ is str:
        from importlib import import_module  # start-up: a domain model's function, on its first call

        mod, _, attr = fn.partition(":")
        fn = getattr(import_module(mod), attr)
        _REG[name] = (fn, takes)
    return fn, takes


def functions() -> list[str]:
    return sorted(_REG)
