"""Vectorised evaluation of layouts with numpy (all of L's values at once).

Law: ``values(L)[i] == int(L(i))`` for 0 <= i < size(L); ``table(L)[m, n] == int(L(m, n))`` for rank-2 L.
"""

from __future__ import annotations

from cutedump.algebra import inttuple as it
from cutedump.algebra.basis import ArithTuple, ScaledBasis
from cutedump.algebra.integer import C
from cutedump.algebra.swizzle import ComposedLayout


def _np():
    import numpy as np  # start-up: numpy loads only when a large layout is evaluated

    return np


def have_numpy() -> bool:
    """Whether numpy imports. Where it does not (the web page: Pyodide has no numpy here, web/), the plain-Python
    paths (:func:`values_list`, :func:`table_list` and the callers that have one) answer at every size, with the same
    values; the numpy paths stay the CLI's (faster for large layouts)."""
    try:
        import numpy  # noqa: F401  # start-up: asked only where a large layout is evaluated
    except ImportError:
        return False
    return True


def _mode_values(shape, stride, idx):
    """L(idx) for a (sub)layout given by shape/stride, idx an int64 array of 1-D coordinates."""
    np = _np()
    fs, fd = it.flatten_to_tuple(shape), it.flatten_to_tuple(stride)
    out = np.zeros(idx.shape, dtype=np.int64)
    rest = idx.copy()
    for k, (s, d) in enumerate(zip(fs, fd)):
        s = int(s)
        if k == len(fs) - 1:
            c = rest
        else:
            c = rest % s if s else rest
            rest = rest // s if s else rest
        out += c * int(d)
    return out


def _swizzle_values(sw, v):
    if sw.b == 0:
        return v
    y = v & sw.yyy_msk
    return v ^ (y >> sw.s if sw.s >= 0 else y << -sw.s)


SMALL = 4096  # below this many points, plain Python is faster than importing numpy (loops that do work per point)
#: up to this many points, values_list/table_list fold the modes in plain Python (one list pass per mode: a few ms
#: for the largest, against ~70 ms for importing numpy)
FOLD = 1 << 17


def _mode_values_py(shape, stride, n):
    """L(0), ..., L(n-1) for n = size(L): one pass per flat mode (the first mode fastest, CuTe's colex order)."""
    if n <= 0:  # a size-0 mode anywhere: no values (the modes before it must not be expanded: fuzz finding)
        return []
    fs, fd = it.flatten_to_tuple(shape), it.flatten_to_tuple(stride)
    out = [0]
    for s, d in zip(fs, fd):
        s, d = int(s), int(d)
        out = [v + k for k in range(0, s * d, d) for v in out] if d else out * s
    return out[:n]


def _swizzle_py(sw, v):
    if sw.b == 0:
        return v
    y = v & sw.yyy_msk
    return v ^ (y >> sw.s if sw.s >= 0 else y << -sw.s)


def table_list(layout):
    """Like :func:`table` but as nested lists; avoids numpy for small tables (fast start-up)."""
    base = layout.b if isinstance(layout, ComposedLayout) else layout
    s0, s1 = base.shape
    d0, d1 = base.stride
    m, n = int(it.product(s0)), int(it.product(s1))
    if m * n > FOLD and have_numpy():
        return table(layout).tolist()
    r = _mode_values_py(s0, d0, m)
    c = _mode_values_py(s1, d1, n)
    if isinstance(layout, ComposedLayout):
        off, sw = int(layout.offset), layout.a
        return [[_swizzle_py(sw, a + b + off) for b in c] for a in r]
    return [[a + b for b in c] for a in r]


def values(layout):
    """All values L(0), ..., L(size-1) as an int64 numpy array."""
    np = _np()
    base = layout.b if isinstance(layout, ComposedLayout) else layout
    return values_at(layout, np.arange(int(it.product(base.shape)), dtype=np.int64))


def values_at(layout, idx):
    """``L(i)`` for every 1-D coordinate i of the int64 array ``idx`` (0 <= i < size(L)): ``values_at(L, idx)[k] ==
    int(L(idx[k]))``; a slice of :func:`values` without building the whole of it."""
    if isinstance(layout, ComposedLayout):
        inner = values_at(layout.b, idx) + int(layout.offset)
        return _swizzle_values(layout.a, inner)
    return _mode_values(layout.shape, layout.stride, idx)


def values_list(layout):
    """:func:`values` as a list of ints; plain Python (no numpy import) up to FOLD points."""
    base = layout.b if isinstance(layout, ComposedLayout) else layout
    n = int(it.product(base.shape))
    if n > FOLD and have_numpy():
        return values(layout).tolist()
    if isinstance(layout, ComposedLayout):
        off, sw = int(layout.offset), layout.a
        return [_swizzle_py(sw, v + off) for v in values_list(layout.b)]
    return _mode_values_py(layout.shape, layout.stride, n)


def table(layout):
    """The rank-2 table T[m, n] = L(m, n) as an int64 numpy array."""
    np = _np()
    base = layout.b if isinstance(layout, ComposedLayout) else layout
    s0, s1 = base.shape
    d0, d1 = base.stride
    m = np.arange(int(it.product(s0)), dtype=np.int64)
    n = np.arange(int(it.product(s1)), dtype=np.int64)
    t = _mode_values(s0, d0, m)[:, None] + _mode_values(s1, d1, n)[None, :]
    if isinstance(layout, ComposedLayout):
        t = _swizzle_values(layout.a, t + int(layout.offset))
    return t


def basis_values(layout) -> list:
    """``[L(i) for i in range(size(L))]`` for a layout with ScaledBasis strides (make_identity_layout and its
    transforms): the coordinates, as the objects L(i) gives.

    L(i) = sum over the flat modes k of c_k(i) * d_k, with c_k(i) i's colexicographic coordinate (a run-time integer)
    and d_k = v_k @ path_k: the sum has the structure and static leaves of L(0), and its leaf at path p is the sum of
    c_k(i) * v_k over the modes whose path is p. When every stride is an integer at a leaf of L(0) and no sum can leave
    int32 (else L(i) would report the overflow), the leaves are summed as plain ints; otherwise, or if the first,
    second and last points disagree with L(i), each point is L(i)."""
    n = int(it.product(layout.shape)) if isinstance(layout.shape, tuple) else int(layout.shape)
    fast = _basis_values_fast(layout, n) if n > 8 else None
    if fast is not None and all(fast[i] == layout(i) and str(fast[i]) == str(layout(i)) for i in {0, 1, n - 1}):
        return fast
    return [layout(i) for i in range(n)]


def _basis_values_fast(layout, n: int):
    shapes, strides = it.flatten_to_tuple(layout.shape), it.flatten_to_tuple(layout.stride)
    if not all(isinstance(d, ScaledBasis) and isinstance(d.value, int) for d in strides):
        return None
    if not all(isinstance(s, int) and int(s) > 0 for s in shapes):
        return None
    template = layout(0)

    def leaf(t, path):
        for p in path:
            if not isinstance(t, tuple) or p >= len(t):
                return None
            t = t[p]
        return t

    targets = {}
    for k, d in enumerate(strides):
        x = leaf(template, d.path)
        if x is None or isinstance(x, tuple) or isinstance(x, C):  # a dynamic integer leaf of L(0)
            return None
        targets.setdefault(d.path, []).append(k)
    if any(sum((int(shapes[k]) - 1) * abs(int(strides[k].value)) for k in ks) > 2147483647 for ks in targets.values()):
        return None
    dims = [int(s) for s in shapes]
    vals = [int(d.value) for d in strides]
    # the leaves' values for every i, built mode by mode (colexicographic: the first mode varies fastest)
    cols = {p: [0] for p in targets}
    block = 1
    for k, (s, v) in enumerate(zip(dims, vals)):
        path = strides[k].path
        for p in cols:
            col = cols[p]
            if p == path:
                cols[p] = [x + c * v for c in range(s) for x in col]
            else:
                cols[p] = col * s
        block *= s
    paths = list(cols)

    def build(t, prefix, row):
        if isinstance(t, tuple):
            return (
                ArithTuple(build(e, prefix + (j,), row) for j, e in enumerate(t))
                if isinstance(t, ArithTuple)
                else tuple(build(e, prefix + (j,), row) for j, e in enumerate(t))
            )
        return row.get(prefix, t)

    return [build(template, (), {p: cols[p][i] for p in paths}) for i in range(n)]
