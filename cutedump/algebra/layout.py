"""CuTe layouts and their algebra, one operation per function, mirroring ``cute/layout.hpp``.

A :class:`Layout` is a pair (shape, stride) of congruent int tuples; it maps a coordinate to an index by
``crd2idx``. Every function's docstring states its law; static/dynamic integers propagate as in CuTe.
"""

from __future__ import annotations

from cutedump.algebra import inttuple as it
from cutedump.algebra.basis import ScaledBasis
from cutedump.algebra.integer import _K, C, div, iabs, imin, is_constant, is_static, safe_div, signum
from cutedump.algebra.inttuple import (
    UNDERSCORE,
    ceil_div,
    compact_col_major,
    compact_order,
    compact_row_major,
    crd2idx,
    flatten,
    fmt,
    is_int,
    product,
    tmin,
    unwrap,
    wrap,
)
from cutedump.algebra.inttuple import append as t_append
from cutedump.algebra.inttuple import prepend as t_prepend
from cutedump.errors import CuteDumpError


class Swizzled:
    """Base of the swizzle-aware objects that swizzle.py (the layer above) defines: Swizzle and ComposedLayout.

    This module never imports swizzle.py; the functions here dispatch on these bases instead, and composition()
    hands an operand of this kind to its class's ``_composition(lhs, rhs)`` (swizzle.py's compose_swizzled)."""

    __slots__ = ()

    @staticmethod
    def _composition(lhs, rhs):  # pragma: no cover - swizzle.py sets it on its classes
        raise NotImplementedError


class ComposedBase(Swizzled):
    """Base of swizzle.py's ComposedLayout ``A o O o B``: its shape, size, rank, depth and cosize are B's."""

    __slots__ = ()


class Layout:
    """A CuTe layout ``shape:stride``; ``L(i)``, ``L(crd)``, ``L(m, n)`` evaluate it (or slice with ``_``)."""

    __slots__ = ("shape", "stride")

    def __init__(self, shape, stride=None):
        if stride is None:
            stride = compact_col_major(shape)
        if (isinstance(shape, tuple) or isinstance(stride, tuple)) and not it.congruent(shape, stride):
            raise CuteDumpError(f"shape {fmt(shape)} and stride {fmt(stride)} are not congruent")
        self.shape = shape
        self.stride = stride

    def __str__(self) -> str:
        return f"{fmt(self.shape)}:{fmt(self.stride)}"

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, Layout) and same(self.shape, other.shape) and same(self.stride, other.stride)

    def __hash__(self):
        return hash(str(self))

    def __call__(self, *coord):
        c = coord[0] if len(coord) == 1 else tuple(coord)
        if it.has_underscore(c):
            return slice_layout(c, self)
        return crd2idx(c, self.shape, self.stride)

    def __getitem__(self, i):
        return get(self, i)

    def __len__(self):
        return int(rank(self))

    # CuTe member functions
    def compose(self, *others):
        return composition(self, others[0] if len(others) == 1 else tuple(others))

    def with_shape(self, *shapes):
        return with_shape(self, shapes[0] if len(shapes) == 1 else tuple(shapes))


def _mk(shape, stride) -> Layout:
    """A Layout from a shape and stride that are congruent by construction (no check: inner loops)."""
    lay = _new(Layout)
    lay.shape = shape
    lay.stride = stride
    return lay


_new = object.__new__


def same(a, b) -> bool:
    """Structural equality including static-ness (the C++ types would be equal)."""
    if isinstance(a, tuple) or isinstance(b, tuple):
        return (
            isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        )
    return int(a) == int(b) and isinstance(a, C) == isinstance(b, C)


def is_layout(x) -> bool:
    return isinstance(x, Layout)


# ---------------------------------------------------------------- construction


def make_layout(*args):
    """make_layout(shape) = LayoutLeft (compact col-major); make_layout(shape, stride);
    make_layout(shape, "LayoutRight"/"LayoutLeft"); make_layout(L0, L1, ...) = the layout with modes L0, L1, ..."""
    if len(args) == 0:
        raise CuteDumpError("make_layout needs arguments")
    for a in args:
        if not isinstance(a, Layout):
            break
    else:
        # make_layout(L0, ...) = make_layout(make_shape(L0.shape, ...), make_stride(L0.stride, ...)):
        # a single layout is wrapped into a rank-1 layout, as in CuTe
        return _mk(tuple([a.shape for a in args]), tuple([a.stride for a in args]))
    shape = args[0]
    if isinstance(shape, Layout):
        raise CuteDumpError("make_layout: mix of layouts and shapes")
    if len(args) == 1:  # compact strides are congruent to the shape by construction
        return _mk(shape, compact_col_major(shape))
    if len(args) == 2:
        d = args[1]
        if d == "LayoutLeft" or d == "GenColMajor":
            return _mk(shape, compact_col_major(shape))
        if d == "LayoutRight" or d == "GenRowMajor":
            return _mk(shape, compact_row_major(shape))
        if isinstance(d, Layout):
            raise CuteDumpError("make_layout: mix of layouts and shapes")
        return Layout(shape, d)
    raise CuteDumpError("make_layout takes (shape[, stride]) or layouts")


def make_layout_right(shape):
    return _mk(shape, compact_row_major(shape))


def make_ordered_layout(shape, order):
    """Compact layout whose modes are ordered by ``order`` (lowest order = stride 1)."""
    return Layout(shape, compact_order(shape, order))


def make_layout_like(layout):
    return Layout(layout.shape, compact_order(it.filter_zeros(layout.stride, layout.shape), layout.stride))


def make_identity_strides(shape):  # pragma: no cover - identity layouts are not modelled
    raise CuteDumpError("identity layouts (ScaledBasis strides) are not supported")


# ---------------------------------------------------------------- queries


def shape(layout, *idx):
    return it.get(layout.shape, *idx) if isinstance(layout, Layout) else it.get(layout, *idx)


def stride(layout, *idx):
    return it.get(layout.stride, *idx)


def size(x, *idx):
    """Number of coordinates: product of the shape."""
    s = _shape_of(x)
    return product(it.get(s, *idx))


def rank(x, *idx):
    s = _shape_of(x)
    return it.rank(it.get(s, *idx))


def depth(x, *idx):
    s = _shape_of(x)
    return it.depth(it.get(s, *idx))


def _shape_of(x):
    """The shape of a Layout or ComposedLayout (its inner layout's), or x itself for an int tuple."""
    return x.shape if isinstance(x, (Layout, ComposedBase)) else x


def coshape(layout):
    """1 + L(max coordinate) per leaf: inner_product(shape - 1, |stride|) + 1."""
    shp, std = layout.shape, layout.stride
    if not isinstance(shp, tuple):
        r = (shp - _1) * iabs(std)
        return r + _1 if (r.__class__ is C or r.__class__ is int) else _co_basis(r)
    for x in shp:
        if isinstance(x, tuple):
            break
    else:  # flat: the same operations in the same order as below (every s - 1, every |d|, the sum, + 1)
        m1 = [x - _1 for x in shp]
        ab = [iabs(d) for d in std]
        acc = _0
        for x, d in zip(m1, ab):
            acc = acc + x * d
        return acc + _1 if (acc.__class__ is C or acc.__class__ is int) else _co_basis(acc)
    m1 = it.transform_leaf(layout.shape, lambda s: s - C(1))
    ab = it.transform_leaf(layout.stride, iabs)
    co = it.inner_product(m1, ab)
    if isinstance(co, ScaledBasis):
        return _co_basis(co)
    return it.transform_leaf(co, lambda c: c + C(1))


def _co_basis(co):
    """coshape's end for ScaledBasis strides: as_arithmetic_tuple(co), then + _1 on every leaf."""
    if isinstance(co, ScaledBasis):
        co = co.as_arith()
    return it.transform_leaf(co, lambda c: c + C(1))


def cosize(layout, *idx):
    """size of the codomain: L(size(L) - 1) + 1 for non-negative strides."""
    if isinstance(layout, ComposedBase):  # cosize(Sw o O o B) = cosize(B) (swizzle_layout.hpp)
        layout = layout.b
    if idx:
        layout = get(layout, *idx)
    return product(coshape(layout))


def get(layout, *idx):
    """The sub-layout at mode idx."""
    return _mk(it.get(layout.shape, *idx), it.get(layout.stride, *idx))  # congruent parts of a congruent pair


def mode(layout, *idx):
    return get(layout, *idx)


def take(layout, b, e):
    r = int(rank(layout))
    if not (b < e and 0 <= b and e <= r):
        raise CuteDumpError(f"take<{b},{e}>: range out of bounds for rank {r}")
    return _mk(it.take(layout.shape, b, e), it.take(layout.stride, b, e))


def select(layout, *idx):
    return _mk(it.select(layout.shape, *idx), it.select(layout.stride, *idx))


def flatten_layout(layout):
    """Same function, depth <= 1."""
    return _mk(flatten(layout.shape), flatten(layout.stride))


def unflatten_layout(layout, profile):
    return Layout(it.unflatten(layout.shape, profile), it.unflatten(layout.stride, profile))


def append(layout, x=None, n: int | None = None):
    """Add mode x (default ``_1:_0``) at the end (``append<N>`` pads up to rank N)."""
    if x is None:
        x = Layout(C(1), C(0))
    return _mk(t_append(layout.shape, x.shape, n), t_append(layout.stride, x.stride, n))


def prepend(layout, x=None, n: int | None = None):
    if x is None:
        x = Layout(C(1), C(0))
    return _mk(t_prepend(layout.shape, x.shape, n), t_prepend(layout.stride, x.stride, n))


def replace(layout, n, x):
    sh, st = list(wrap(layout.shape)), list(wrap(layout.stride))
    sh[n], st[n] = x.shape, x.stride
    return Layout(tuple(sh), tuple(st))


def group(layout, b, e):
    def g(t):
        t = wrap(t)
        return tuple(t[:b]) + (tuple(t[b:e]),) + tuple(t[e:])

    return Layout(g(layout.shape), g(layout.stride))


def slice_layout(c, layout):
    return _mk(it.slice_(c, layout.shape), it.slice_(c, layout.stride))


def dice_layout(c, layout):
    return _mk(it.dice(c, layout.shape), it.dice(c, layout.stride))


def zip_layout(*layouts):
    if len(layouts) == 1:
        return _mk(it.zip_(layouts[0].shape), it.zip_(layouts[0].stride))
    return _mk(it.zip_(*[L.shape for L in layouts]), it.zip_(*[L.stride for L in layouts]))


def tile_unzip(layout, tiler):
    if not isinstance(tiler, tuple) and isinstance(layout.shape, tuple) and len(layout.shape) == 2:
        return layout  # a leaf guide: zip2_by(t, _) is t for the rank-2 (tile, rest)
    g = _tiler_profile(tiler)
    return _mk(it.zip2_by(layout.shape, g), it.zip2_by(layout.stride, g))


def _tiler_profile(tiler):
    """A tiler's guide for zip2_by: tuples recurse, layouts/ints are leaves."""
    if isinstance(tiler, tuple):
        return tuple(_tiler_profile(t) for t in tiler)
    return 0


def _transform_layout(layout, tiler, f):
    """make_layout(f(L_i, T_i)..., L_j...) for the modes of a tuple tiler, keeping the extra modes of L."""
    shp, std = wrap(layout.shape), wrap(layout.stride)
    r = len(shp)
    if len(tiler) > r:
        raise CuteDumpError(f"Too many modes in tiler: rank {len(tiler)} tiler for a rank {r} layout")
    modes = [f(_mk(shp[i], std[i]), tiler[i]) for i in range(len(tiler))]
    modes += [_mk(shp[i], std[i]) for i in range(len(tiler), r)]
    return make_layout(*modes)


# ---------------------------------------------------------------- coalesce / filter


def _bw_coalesce(flat_shape, flat_stride, new_shape, new_stride):
    """CuTe's ``bw_coalesce``: fold the flat modes from the back into (new_shape, new_stride), the front mode merging
    with the next one when ``s * d == front_stride`` statically. The front mode is kept in (new_shape, new_stride),
    the modes after it (final) back to front in lists (None while there are none: new_shape is the scalar result)."""
    shapes = strides = None
    for i in range(len(flat_shape) - 2, -1, -1):
        s = flat_shape[i]
        if isinstance(s, C) and s == 1:
            continue
        d = flat_stride[i]
        if shapes is None and isinstance(new_shape, C) and new_shape == 1:
            new_shape, new_stride = s, d
            continue
        if isinstance(new_shape, C):
            sd = s * d  # a dynamic s times _0 is a static _0 in C++; not in the CuTe DSL (LENIENT: its MLIR)
            if (
                isinstance(sd, C)
                and isinstance(new_stride, C)
                and sd == new_stride
                and (s.__class__ is C or not LENIENT[0])
            ):
                new_shape = s * new_shape
                new_stride = d
                continue
            if sd.__class__ is ScaledBasis and _static_basis_eq(sd, new_stride):  # _2 * _1@0 == _2@0, statically
                new_shape = s * new_shape
                new_stride = d
                continue
        if shapes is None:
            shapes, strides = [new_shape], [new_stride]
        else:
            shapes.append(new_shape)
            strides.append(new_stride)
        new_shape, new_stride = s, d
    if shapes is None:
        if isinstance(new_shape, C) and new_shape == 1:
            return _mk(_1, _0)
        return _mk(new_shape, new_stride)
    shapes.append(new_shape)
    strides.append(new_stride)
    shapes.reverse()
    strides.reverse()
    return _mk(tuple(shapes), tuple(strides))


_0, _1 = C(0), C(1)


def _static_basis_eq(a, b) -> bool:
    """ScaledBasis == ScaledBasis known at compile time: the same path, equal static values."""
    return (
        b.__class__ is ScaledBasis
        and a.path == b.path
        and isinstance(a.value, C)
        and isinstance(b.value, C)
        and a.value == b.value
    )


def coalesce(layout, profile=None):
    """Same function on [0, size(L)), fewest modes, depth <= 1 (per mode of ``profile`` if it is a tuple).

    Only modes whose merge CuTe can prove at compile time (static shape and ``s0*d0 == d1`` static) merge."""
    if profile is not None and isinstance(profile, tuple):
        return _transform_layout(layout, profile, lambda l, t: coalesce(l, t))
    fs = layout.shape
    if not isinstance(fs, tuple):
        return _bw_coalesce((), (), fs, layout.stride)
    fs, fd = flatten(fs), flatten(layout.stride)
    if len(fs) == 0:
        return Layout(C(1), C(0))
    return _bw_coalesce(fs, fd, fs[-1], fd[-1])


def coalesce_x(layout, profile=None):
    """Like coalesce, but also preserves L(i) for i >= size(L) (used by composition)."""
    if profile is not None and isinstance(profile, tuple):
        return _transform_layout(layout, profile, lambda l, t: coalesce_x(l, t))
    fs = layout.shape
    if not isinstance(fs, tuple):  # one mode: bw_coalesce of it alone, a _1 shape made _2
        return _mk(C(2) if isinstance(fs, C) and fs == 1 else fs, layout.stride)
    fs, fd = flatten(fs), flatten(layout.stride)
    if len(fs) == 0:
        return Layout(C(1), C(0))
    last = C(2) if is_constant(1, fs[-1]) else fs[-1]
    return _bw_coalesce(fs, fd, last, fd[-1])


def coalesce_shape(shape):
    """coalesce of a shape: merge neighbours that are both static or both dynamic."""
    if not isinstance(shape, tuple):
        return shape
    f = it.flatten_to_tuple(shape)
    out = [f[0]]
    for a in f[1:]:
        if is_static(out[-1]) == is_static(a):
            out[-1] = out[-1] * a
        else:
            out.append(a)
    return out[0] if len(out) == 1 else tuple(out)


def filter_zeros(layout, profile=None):
    """Replace the shape of every static-0-stride mode by _1."""
    if profile is None:
        return _mk(it.filter_zeros(layout.stride, layout.shape), layout.stride)
    return Layout(it.filter_zeros(profile, layout.shape), layout.stride)


def filter_(layout, profile=None):
    """coalesce(filter_zeros(L)): drop stride-0 and size-1 modes; same image, injective where L was."""
    if profile is not None and isinstance(profile, tuple):
        return _transform_layout(layout, profile, lambda l, t: filter_(l, t))
    fs, fd = layout.shape, layout.stride
    if not isinstance(fs, tuple):  # one mode: _1:_0 when its stride is _0 or its shape _1 (bw_coalesce of one mode)
        if (isinstance(fd, C) and fd == 0) or (isinstance(fs, C) and fs == 1):
            return _mk(_1, _0)
        return _mk(fs, fd)
    fs, fd = flatten(fs), flatten(fd)  # congruent: filter_zeros pairs leaf with leaf, then coalesce flattens
    if len(fs) == 0:
        return Layout(C(1), C(0))
    fs = [_1 if isinstance(d, C) and d == 0 else x for x, d in zip(fs, fd)]
    return _bw_coalesce(fs, fd, fs[-1], fd[-1])


# ---------------------------------------------------------------- composition


def composition_step(curr_shape, curr_stride, rest_shape, rest_stride):
    """One fold step of CuTe's ``detail::composition_impl`` (layout.hpp) over a left mode ``curr_shape:curr_stride``.

    Returns ``(next_shape, next_stride, new_shape)``: ``next_shape = ceil_div(curr_shape, abs(rest_stride))``,
    ``next_stride = ceil_div(abs(rest_stride), curr_shape) * signum(rest_stride)`` and ``new_shape`` the result mode
    taken here, ``min(next_shape, rest_shape)`` (None when next_shape or rest_shape is ``_1``: nothing is taken).
    Raises the Stride / Shape Divisibility Condition where CuTe's static_assert fires."""
    if (
        curr_shape.__class__ is C
        and rest_stride.__class__ is C
        and rest_shape.__class__ is C
        and curr_shape > 0
        and rest_stride > 0
        and rest_shape > 0
        and curr_shape + rest_stride <= 2147483647
    ):
        # the common case in short: three positive static ints (the same values and static ints as below)
        s, d = int(curr_shape), int(rest_stride)
        if d % s and d >= s:
            raise CuteDumpError(
                f"Stride Divisibility Condition: {rest_stride} vs shape {curr_shape} "
                f"(composition requires rest_stride % shape == 0 or rest_stride < shape)"
            )
        ns, nd, r = (s + d - 1) // d, (d + s - 1) // s, int(rest_shape)
        if ns == 1 or r == 1:
            return _K[ns], _K[nd], None
        m = ns if ns <= r else r
        if r % m:
            raise CuteDumpError(f"Shape Divisibility Condition: {rest_shape} % {_K[m]} != 0 in composition")
        return _K[ns], _K[nd], _K[m]
    if isinstance(curr_shape, C) and isinstance(rest_stride, C):  # both static (scalars here)
        if not (int(rest_stride) % int(curr_shape) == 0 or int(rest_stride) < int(curr_shape)):
            raise CuteDumpError(
                f"Stride Divisibility Condition: {rest_stride} vs shape {curr_shape} "
                f"(composition requires rest_stride % shape == 0 or rest_stride < shape)"
            )
    abs_stride = iabs(rest_stride)
    next_shape = ceil_div(curr_shape, abs_stride)
    next_stride = ceil_div(abs_stride, curr_shape) * signum(rest_stride)
    if (isinstance(next_shape, C) and next_shape == 1) or (isinstance(rest_shape, C) and rest_shape == 1):
        return next_shape, next_stride, None
    new_shape = imin(next_shape, rest_shape)
    if is_static(new_shape) and is_static(rest_shape):
        if int(rest_shape) % int(new_shape) != 0:
            raise CuteDumpError(f"Shape Divisibility Condition: {rest_shape} % {new_shape} != 0 in composition")
    return next_shape, next_stride, new_shape


class _BasisRhs(Exception):
    """Raised by _composition_impl at a ScaledBasis stride of B when A was coalesced without B's coprofile."""


def _basis_get(path, x):
    """basis_get: get<path...>(x) (a static_assert in CuTe where x has no such mode)."""
    for n in path:
        if not isinstance(x, tuple) or n >= len(x):
            raise CuteDumpError(
                f"static assertion failed: a ScaledBasis stride selects mode {n} of {fmt(x)}, "
                "which has no such mode (basis_get)"
            )
        x = x[n]
    return x


def _composition_impl(lshape, lstride, rshape, rstride, basis_ok=False):
    if isinstance(rshape, tuple):
        modes = [_composition_impl(lshape, lstride, s, d, basis_ok) for s, d in zip(rshape, rstride)]
        return _mk(tuple([m.shape for m in modes]), tuple([m.stride for m in modes]))  # make_layout(modes...)
    if rstride.__class__ is ScaledBasis:  # B's stride selects a mode of A (composition_impl's special case)
        if not basis_ok:
            raise _BasisRhs()
        return _composition_impl(
            _basis_get(rstride.path, lshape), _basis_get(rstride.path, lstride), rshape, rstride.value, True
        )
    if is_constant(0, rstride):
        return _mk(rshape, rstride)
    if not isinstance(lshape, tuple):
        return _mk(rshape, rstride * lstride)
    R = len(lshape)
    result_shape, result_stride = [], []
    rest_shape, rest_stride = rshape, rstride
    for i in range(R - 1):
        _, next_stride, new_shape = composition_step(lshape[i], lstride[i], rest_shape, rest_stride)
        if new_shape is not None:
            result_shape.append(new_shape)
            result_stride.append(rest_stride * lstride[i])
            rest_shape = div(rest_shape, new_shape)
        rest_stride = next_stride
    r = composition_result(result_shape, result_stride, rest_shape, rest_stride * lstride[R - 1])
    if LENIENT[0] and isinstance(r.shape, tuple) and is_static(r.shape) and is_static(r.stride):
        # the CuTe DSL's MLIR folds a static result of this case to its coalesced form (C++ keeps the modes):
        # (8,?):(1,8) o 16:1 is 16:1 there, (8,2):(1,8) in C++
        return coalesce(r)
    return r


def composition_result(result_shape, result_stride, rest_shape, last_stride):
    """The end of ``detail::composition_impl``: the modes taken, plus the rest mode ``rest_shape:last_stride``
    (``last_stride = rest_stride * get<R-1>(lhs_stride)``) unless the rest is ``_1``."""
    if not result_shape:
        return _mk(rest_shape, last_stride)
    if is_constant(1, rest_shape):
        return _mk(unwrap(tuple(result_shape)), unwrap(tuple(result_stride)))
    return _mk(tuple(result_shape) + (rest_shape,), tuple(result_stride) + (last_stride,))


def composition(lhs, rhs):
    """(A o B)(c) = A(B(c)) for every coordinate c of B; B may be a layout, a tiler tuple, an int or ``_``."""
    if isinstance(lhs, Swizzled):
        return lhs._composition(lhs, rhs)
    if isinstance(rhs, Swizzled):
        return rhs._composition(lhs, rhs)
    if not isinstance(lhs, Layout):
        raise CuteDumpError("composition: the left operand must be a layout")
    if isinstance(rhs, Layout):
        flat = coalesce_x(lhs)
        try:
            try:
                return _composition_impl(flat.shape, flat.stride, rhs.shape, rhs.stride)
            except _BasisRhs:  # B has ScaledBasis strides: A coalesced per mode of coprofile(B), then composed
                prof = _coprofile(rhs.stride)
                flat = coalesce_x(lhs, prof) if isinstance(prof, tuple) else coalesce_x(lhs)
                return _composition_impl(flat.shape, flat.stride, rhs.shape, rhs.stride, True)
        except ZeroDivisionError:  # C++ divides by the size-0 mode too: a compile error (static), a trap (dynamic)
            raise CuteDumpError(
                f"composition({lhs}, {rhs}): division by zero (a size-0 mode); CuTe fails to "
                "compile this (static sizes) or traps at run time (dynamic)"
            ) from None
    if isinstance(rhs, tuple):
        shp, std = wrap(lhs.shape), wrap(lhs.stride)
        if len(rhs) > len(shp):
            raise CuteDumpError(f"composition: rank {len(rhs)} tiler for a rank {len(shp)} layout")
        modes = [composition(_mk(shp[i], std[i]), rhs[i]) for i in range(len(rhs))]
        return make_layout(*modes) if modes else Layout((), ())
    if rhs is UNDERSCORE:
        return lhs
    if is_int(rhs):
        flat = coalesce_x(lhs)
        return _composition_impl(flat.shape, flat.stride, rhs, C(1))
    raise CuteDumpError(f"composition: unsupported right operand {rhs!r}")


def _coprofile(stride):
    """coprofile: repeat_like(as_arithmetic_tuple(sum(stride)), _0)."""
    acc = C(0)
    for d in flatten(stride) if isinstance(stride, tuple) else (stride,):
        acc = acc + d
    if isinstance(acc, ScaledBasis):
        acc = acc.as_arith()
    return it.repeat_like(acc, C(0))


def with_shape(layout, shape):
    """composition(L, make_layout(shape))."""
    return composition(layout, make_layout(shape))


# ---------------------------------------------------------------- complement and inverses

#: [True] while the CuTe DSL's answers are computed (cutedump.expr.dsl): where C++ CuTe static_asserts but the DSL answers
#: (a non-injective complement, a tile_to_shape whose target is not a multiple of the block), the DSL's answer; and
#: where the DSL's MLIR folds less than C++ (coalesce: a dynamic extent times a stride _0 is no static _0 there)
LENIENT = [False]


def complement_step(shp, std, last_result_stride):
    """One fold step of CuTe's ``detail::complement`` (layout.hpp): the smallest remaining stride becomes a mode.

    Returns ``(min_idx, new_shape, new_stride)`` with ``new_shape = min_stride / last_result_stride`` and
    ``new_stride = min_stride * shape[min_idx]``; raises CuTe's "Non-injective Layout" static_assert."""
    min_stride = tmin(tuple(std))
    min_idx = std.index(min_stride)  # the first stride equal to the minimum
    new_shape = div(min_stride, last_result_stride)
    if is_constant(0, new_shape) and not LENIENT[0]:
        raise CuteDumpError("Non-injective Layout detected in complement.")
    return min_idx, new_shape, min_stride * shp[min_idx]


def complement_rest(std0, shp0, last_result_stride, cotarget):
    """The end of ``detail::complement``: the last mode ``std0 / last_result_stride`` and the rest
    ``(rest_shape, rest_stride)`` = ``coalesce(ceil_div(cotarget, std0 * shp0))`` laid out from ``std0 * shp0``."""
    new_shape = div(std0, last_result_stride)
    if is_constant(0, new_shape) and not LENIENT[0]:
        raise CuteDumpError("Non-injective Layout detected in complement.")
    new_stride = std0 * shp0
    rest_shape = coalesce_shape(ceil_div(cotarget, new_stride))
    return new_shape, rest_shape, compact_col_major(rest_shape, new_stride)


def _complement(shp, std, cotarget):
    if is_constant(0, std):
        if LENIENT[0] and isinstance(cotarget, tuple):  # the CuTe DSL merges static neighbours only: (?,?) stays
            f = it.flatten_to_tuple(cotarget)
            out = [f[0]]
            for a in f[1:]:
                if is_static(out[-1]) and is_static(a):
                    out[-1] = out[-1] * a
                else:
                    out.append(a)
            return make_layout(out[0] if len(out) == 1 else tuple(out))
        return make_layout(coalesce_shape(cotarget))
    if not isinstance(shp, tuple):
        shp, std = (shp,), (std,)
        R = 1
    else:
        R = len(shp)
        if R != 1 and not is_static(std):
            raise CuteDumpError("Dynamic-stride complement only for rank-1 layouts")
    shp, std = list(shp), list(std)
    result_shape, result_stride = [], [_1]
    for i in range(R - 1):
        min_idx, new_shape, new_stride = complement_step(shp, std, result_stride[i])
        del shp[min_idx], std[min_idx]
        result_shape.append(new_shape)
        result_stride.append(new_stride)
    new_shape, rest_shape, rest_stride = complement_rest(std[0], shp[0], result_stride[R - 1], cotarget)
    result_shape.append(new_shape)
    # coalesce((result_shape, rest_shape):(result_stride, rest_stride)): its flat modes, rest_shape being flat
    if isinstance(rest_shape, tuple):
        result_shape.extend(rest_shape)
        result_stride.extend(rest_stride)
    else:
        result_shape.append(rest_shape)
        result_stride.append(rest_stride)
    return _bw_coalesce(result_shape, result_stride, result_shape[-1], result_stride[-1])


def complement(layout, cotarget=None):
    """The layout R of "the rest": (L, R) is injective, R(i) < R(i+1) ordered, cosize(R) >= cotarget
    (default cotarget = cosize(L))."""
    fl = filter_(layout)
    if cotarget is None:
        cotarget = cosize(fl)
    elif isinstance(cotarget, Layout):
        cotarget = cotarget.shape
    return _complement(fl.shape, fl.stride, cotarget)


def _preprod(lshape):
    out = [_1]
    for v in lshape:
        out.append(v * out[-1])
    return out


def right_inverse_parts(layout):
    """The intermediate values of CuTe's ``right_inverse`` (layout.hpp): ``(clayout, preprod, sorted_idx, taken,
    result_shape, result_stride)``; ``sorted_idx`` are the static-stride modes of ``coalesce(layout)`` by stride,
    ``taken`` those whose stride equals the running ``curr`` (each continues the contiguous run)."""
    cl = coalesce(layout)
    lstride, lshape = wrap(cl.stride), wrap(cl.shape)
    pre = _preprod(lshape)
    idxs = [i for i, d in enumerate(lstride) if isinstance(d, C)]  # coalesced: flat, is_static of a leaf
    if len(idxs) > 1:
        idxs = _sort_by_key(idxs, [int(lstride[i]) for i in idxs])
    rs, rd, curr, taken = [_1], [_0], _1, []
    for i in idxs:
        if isinstance(curr, C) and int(lstride[i]) == int(curr):
            rs.append(lshape[i])
            rd.append(pre[i])
            curr = lshape[i] * lstride[i]
            taken.append(i)
    return cl, pre, idxs, taken, tuple(rs), tuple(rd)


def right_inverse(layout):
    """R with L(R(i)) == i for i < size(R) (largest contiguous such R); only static strides take part."""
    if layout is UNDERSCORE:
        return layout
    rs, rd = right_inverse_parts(layout)[4:]
    return coalesce(_mk(rs, rd))  # flat tuples of one length: congruent


def _sort_by_key(vals, keys):
    """CuTe's constexpr exchange sort over (key, val) pairs (compares keys only; not stable: of equal strides the
    later mode may come first); the CuTe DSL (LENIENT) sorts stably, equal strides in mode order (its inverses of
    ``(6,8,16,6):(1,1,0,16)``: right ``6:1`` where C++ answers ``8:6``)."""
    if LENIENT[0]:
        return [v for _, v in sorted(zip(keys, vals), key=lambda kv: kv[0])]
    a = list(zip(keys, vals))
    n = len(a)
    for i in range(n):
        for j in range(i + 1, n):
            if a[j][0] < a[i][0]:
                a[i], a[j] = a[j], a[i]
    return [v for _, v in a]


def left_inverse_parts(layout):
    """The intermediate values of CuTe's ``left_inverse`` (layout.hpp): ``(clayout, preprod, sorted_idx,
    result_shape, result_stride)`` before the final ``coalesce`` (result_shape ends with the last sorted mode's
    shape). Raises "Left inverse requires static strides" / "Left inverse divisibility condition" as CuTe does."""
    cl = coalesce(layout)
    lstride, lshape = wrap(cl.stride), wrap(cl.shape)
    if not is_static(lstride):
        raise CuteDumpError("Left inverse requires static strides.")
    pre = _preprod(lshape)
    order = _sort_by_key(list(range(len(lstride))), [int(d) for d in lstride])
    rs, rd = [], [C(0)]
    for i in order:
        d = lstride[i]
        if is_constant(0, d):
            continue
        sz = product(tuple(rs))
        if is_static(sz) and int(d) % int(sz) != 0:
            raise CuteDumpError("Left inverse divisibility condition")
        if int(sz) == 0:
            raise CuteDumpError("Left inverse divisibility condition")
        rs.append(div(d, sz))
        rd.append(pre[i])
    rs.append(lshape[order[-1]])
    return cl, pre, order, tuple(rs), tuple(rd)


def left_inverse(layout):
    """R with R(L(i)) == i for i < size(L), for injective L with static strides."""
    if layout is UNDERSCORE:
        return layout
    rs, rd = left_inverse_parts(layout)[3:]
    return coalesce(Layout(rs, rd))


def max_common_layout(a, b):
    """The largest layout L (through a's and b's common vectorization) with a(L(i)) and b(L(i)) contiguous."""
    inv_b = right_inverse(b)
    common = coalesce(composition(a, inv_b))
    s0 = it.get(wrap(common.shape), 0)
    d0 = it.get(wrap(common.stride), 0)
    if is_static(s0) and is_constant(1, d0):
        return composition(inv_b, get(common, 0) if isinstance(common.shape, tuple) else common)
    return Layout(C(1), C(0))


def max_common_vector(a, b):
    """The number N of elements for which a and b are both contiguous (static when known)."""
    common = coalesce(composition(a, right_inverse(b)))
    s0 = it.get(wrap(common.shape), 0)
    d0 = it.get(wrap(common.stride), 0)
    if is_static(s0) and is_constant(1, d0):
        return s0
    return C(1)


def nullspace(layout):
    fd = it.flatten_to_tuple(layout.stride)
    iseq = [i for i, d in enumerate(fd) if is_constant(0, d)]
    if not iseq:
        return Layout(C(1), C(0))
    fs = it.flatten_to_tuple(layout.shape)
    rd = compact_col_major(fs)
    return Layout(unwrap(tuple(fs[i] for i in iseq)), unwrap(tuple(rd[i] for i in iseq)))


# ---------------------------------------------------------------- divides and products


def logical_divide(layout, tiler):
    """L / T = L o (T, complement(T, size(L))): mode 0 is the tile, mode 1 walks the tiles."""
    if isinstance(tiler, Layout):
        return composition(layout, make_layout(tiler, complement(tiler, coalesce(layout).shape)))
    if isinstance(tiler, tuple):
        return _transform_layout(layout, tiler, logical_divide)
    if tiler is UNDERSCORE:
        return layout
    if is_int(tiler):
        return logical_divide(layout, make_layout(tiler))
    raise CuteDumpError(f"logical_divide: unsupported tiler {tiler!r}")


def zipped_divide(layout, tiler):
    """logical_divide then gather the tile modes into mode 0 and the rest into mode 1."""
    return tile_unzip(logical_divide(layout, tiler), tiler)


def _repeat_(n: int):
    """CuTe ``repeat<N>(_)``: ``_`` itself when N == 1, else a tuple of N ``_``."""
    return UNDERSCORE if n == 1 else (UNDERSCORE,) * n


def _tiled(r):
    """(tile, (rest...)) -> (tile, rest0, rest1, ...): ``r(_, repeat<R1>(_))``."""
    shp, std = r.shape, r.stride
    if isinstance(shp, tuple) and len(shp) == 2:
        s1 = shp[1]
        if not isinstance(s1, tuple) or len(s1) == 1:  # rank(r, 1) == 1: r(_, _) keeps both modes as they are
            return r
        if len(s1) > 1:
            return _mk((shp[0],) + s1, (std[0],) + std[1])  # that slice: mode 0 kept, mode 1's modes spliced in
    return r(UNDERSCORE, _repeat_(int(rank(r, 1))))


def _flat(r):
    """((tile...), (rest...)) -> (tile0, ..., rest0, ...): ``r(repeat<R0>(_), repeat<R1>(_))``."""
    return r(_repeat_(int(rank(r, 0))), _repeat_(int(rank(r, 1))))


def tiled_divide(layout, tiler):
    """zipped_divide with the rest modes flattened one level: (tile, rest0, rest1, ...)."""
    return _tiled(zipped_divide(layout, tiler))


def flat_divide(layout, tiler):
    """zipped_divide with both parts flattened one level: (tile0, tile1, ..., rest0, rest1, ...)."""
    return _flat(zipped_divide(layout, tiler))


def logical_product(block, tiler):
    """(A, complement(A, size(A)*cosize(B)) o B): B's pattern of copies of A."""
    if isinstance(tiler, Layout):
        if block.__class__ is Layout:  # make_layout(block, r) and size(block), written out (the hot path)
            r = composition(complement(block, product(block.shape) * cosize(tiler)), tiler)
            return _mk((block.shape, r.shape), (block.stride, r.stride))
        return make_layout(block, composition(complement(block, size(block) * cosize(tiler)), tiler))
    if isinstance(tiler, tuple):
        return _transform_layout(block, tiler, logical_product)
    if tiler is UNDERSCORE:
        return block
    if is_int(tiler):
        return logical_product(block, make_layout(tiler))
    raise CuteDumpError(f"logical_product: unsupported tiler {tiler!r}")


def zipped_product(block, tiler):
    return tile_unzip(logical_product(block, tiler), tiler)


def tiled_product(block, tiler):
    """zipped_product with the tiler modes flattened one level: (block, rest0, rest1, ...)."""
    return _tiled(zipped_product(block, tiler))


def flat_product(block, tiler):
    """zipped_product with both parts flattened one level."""
    return _flat(zipped_product(block, tiler))


def blocked_product(block, tiler):
    """Mode-wise product with the block's modes first: ((A0,B0),(A1,B1),...)."""
    R = max(int(rank(block)), int(rank(tiler)))
    r = logical_product(append(block, n=R), append(tiler, n=R))
    return zip_layout(get(r, 0), get(r, 1))


def raked_product(block, tiler):
    """Mode-wise product with the tiler's modes first: ((B0,A0),(B1,A1),...)."""
    R = max(int(rank(block)), int(rank(tiler)))
    r = logical_product(append(block, n=R), append(tiler, n=R))
    return zip_layout(get(r, 1), get(r, 0))


def tile_to_shape(block, trg_shape, order="LayoutLeft"):
    """Repeat block (blocked_product) until it covers trg_shape; the repeats follow ``order``."""
    R = int(it.rank(trg_shape))
    if int(rank(block)) > R:
        raise CuteDumpError("Rank of layout must be <= rank of target shape.")
    padded = append(block, n=R)
    block_shape = it.product_each(padded.shape)
    target_shape = it.product_each(trg_shape)
    if is_static(target_shape):
        if not is_static(block_shape):  # CUTE_STATIC_ASSERT_V on a run-time bool: does not compile
            raise CuteDumpError(
                "tile_to_shape: the block's shape must be static when the target shape is (CuTe's "
                "CUTE_STATIC_ASSERT_V(evenly_divides(target_shape, block_shape)) is not a constant "
                "expression: does not compile)"
            )
        # a block extent 0: CuTe 4.2's evenly_divides(t, _0) is size(t) == _0 * size(ceil_div(t, _0)), and _0 times
        # the run-time quotient is a static _0: it holds (statically) for a target extent 0 only; checked for every
        # mode before the quotients divide (which then divide by zero when CuTe's program runs)
        if not LENIENT[0] and any(is_constant(0, b) and int(t) != 0 for t, b in zip(target_shape, block_shape)):
            raise CuteDumpError("tile_to_shape: block shape does not divide the target shape.")
        quotients = []  # ceil_div(target_shape, block_shape), mode by mode, each checked as it comes
        for t, b in zip(target_shape, block_shape):
            q = ceil_div(t, b)
            if int(t) != int(b) * int(q) and not LENIENT[0]:
                raise CuteDumpError("tile_to_shape: block shape does not divide the target shape.")
            quotients.append(q)
        product_shape = tuple(quotients)
    else:
        product_shape = ceil_div(target_shape, block_shape)
    if order in ("LayoutLeft", "GenColMajor"):
        ordered = make_layout(product_shape)
    elif order in ("LayoutRight", "GenRowMajor"):
        ordered = make_layout_right(product_shape)
    else:
        ordered = make_ordered_layout(product_shape, order)
    return blocked_product(padded, ordered)


# ---------------------------------------------------------------- recasting


def _upcast(n, shp, std):
    if isinstance(shp, tuple):
        modes = [_upcast(n, s, d) for s, d in zip(shp, std)]
        return make_layout(*modes) if modes else Layout((), ())
    if is_constant(0, std):
        return Layout(shp, std)
    if is_static(std):
        if not (int(std) % n == 0 or n % int(std) == 0) and not LENIENT[0]:  # the DSL answers (ceil_divs)
            raise CuteDumpError(f"Divisibility condition: upcast<{n}> of stride {std}")
        return Layout(ceil_div(shp, ceil_div(C(n), iabs(std))), signum(std) * ceil_div(iabs(std), C(n)))
    return Layout(shp, safe_div(std, C(n)))


def upcast(layout, n: int):
    """Layout over elements n times wider: strides divided by n, contiguous modes shrunk."""
    return _upcast(int(n), layout.shape, layout.stride)


def _downcast(n, shp, std):
    if isinstance(shp, tuple):
        modes = [_downcast(n, s, d) for s, d in zip(shp, std)]
        return make_layout(*modes) if modes else Layout((), ())
    if is_constant(1, std) or is_constant(-1, std):
        return Layout(shp * C(n), std)
    return Layout(shp, std * C(n))


def downcast(layout, n: int):
    """Layout over elements n times narrower: stride-1 modes grow n-fold, other strides scale by n."""
    if not any(is_constant(1, d) for d in it.flatten_to_tuple(layout.stride)):
        raise CuteDumpError("Downcast requires adjacent elements (a static _1 stride)")
    return _downcast(int(n), layout.shape, layout.stride)


def recast_layout(layout, old_bits: int, new_bits: int):
    """recast_layout<OldType, NewType>: upcast/downcast by the ratio of the type widths."""
    from math import gcd

    g = gcd(int(new_bits), int(old_bits))
    num, den = int(new_bits) // g, int(old_bits) // g
    if num == 1 and den == 1:
        return layout
    if num == 1:
        return downcast(layout, den)
    if den == 1:
        return upcast(layout, num)
    return downcast(upcast(layout, num), den)
