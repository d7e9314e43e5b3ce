"""The CuTe layout that does what a Triton linear layout does, when one exists.

A CuTe layout adds (coordinate bits times strides); a linear layout XORs bases. The two agree exactly when no two
bases share a bit (then XOR is OR is +). So:

* distributed: the (thread, value) -> coordinate TV layout, with thread = lane + warp * lanes + block * lanes *
  warps and value = the register index, and the coordinate written as its column-major index in the tensor (CuTe's
  convention for TV layouts: (m, n) -> m + n * M). Each lane/warp/block bit is a mode of size 2 of the thread
  mode, each register bit one of the value mode, with stride the basis's column-major index; the modes are then
  coalesced. It exists when the nonzero column-major bases have pairwise disjoint bits (a zero basis is a
  broadcast: stride 0).
* shared: ``Sw<B,M,S> o _0 o L`` mapping a coordinate to its offset, where the layout is one block whose offsets
  reach each element once (a bijection); L's strides are single bits. Tried in order: no swizzle, then B = 1, 2,
  ... with S >= B and M from 0: the first for which Sw(offset of each coordinate bit) is a distinct single bit.
"""

from __future__ import annotations

from cutedump.algebra import inttuple as it
from cutedump.algebra.evaluate import values_at
from cutedump.algebra.integer import C
from cutedump.algebra.layout import Layout, coalesce
from cutedump.algebra.swizzle import Swizzle, make_composed_layout
from cutedump.triton.layouts import BLOCK, LANE, OFFSET, REG, WARP


def colmajor(c, shape) -> int:
    v, m = 0, 1
    for x, s in zip(c, shape):
        v += x * m
        m *= s
    return v


def _mode(strides):
    if not strides:
        return Layout(C(1), C(0))
    return coalesce(Layout(tuple(C(2) for _ in strides), tuple(C(s) for s in strides)))


def tv_layout(ll, shape):
    """(Layout, None) or (None, one line why none exists)."""
    thread = [(n, i, b) for n in (LANE, WARP, BLOCK) for i, b in enumerate(ll.bases(n))]
    value = [(REG, i, b) for i, b in enumerate(ll.bases(REG))]
    seen = {}
    for n, i, b in thread + value:
        v = colmajor(b, shape)
        for (n2, i2, b2), v2 in seen.items():
            if v & v2:
                return None, (
                    f"no CuTe layout: {n2} basis {i2} {list(b2)} and {n} basis {i} {list(b)} overlap in the "
                    f"column-major index ({v2} and {v}): their XOR is not their sum"
                )
        if v:
            seen[(n, i, b)] = v
    t = _mode([colmajor(b, shape) for _, _, b in thread])
    v = _mode([colmajor(b, shape) for _, _, b in value])
    return Layout((t.shape, v.shape), (t.stride, v.stride)), None


def thread_of(ll, t: int) -> dict:
    nl, nw = ll.in_size(LANE), ll.in_size(WARP)
    return {LANE: t % nl, WARP: (t // nl) % nw, BLOCK: t // (nl * nw)}


def _single_bit(v: int) -> bool:
    return v > 0 and v & (v - 1) == 0


def swizzled_layout(ll, shape):
    """(ComposedLayout or Layout, None) or (None, why)."""
    if ll.bases(BLOCK):
        return None, (
            f"no CuTe layout: the layout spans {ll.in_size(BLOCK)} blocks (CuTe's shared-memory layout is one block's)"
        )
    offs = ll.bases(OFFSET)
    per = [ll.out_size(n) for n in ll.out_names()]
    nbits = sum(s.bit_length() - 1 for s in per)
    if len(offs) != nbits:
        return None, (
            f"no CuTe layout: {1 << len(offs)} offsets for {1 << nbits} elements (not one offset per element)"
        )
    try:
        inv = ll.invert()
    except Exception:
        return None, "no CuTe layout: some element has no offset (the layout is not a bijection)"
    bits = []  # per dimension, per bit: the offset of that coordinate bit
    for name, s in zip(ll.out_names(), per):
        bits.append([inv.bases(name)[k][0] for k in range(s.bit_length() - 1)])
    flat = [o for d in bits for o in d]
    top = max(flat, default=1).bit_length()
    cands = [None] + [
        (b, m, s) for b in range(1, top + 1) for s in range(b, top + 1) for m in range(0, top + 1) if m + s + b <= top
    ]
    for cand in cands:
        sw = Swizzle(*cand) if cand else None
        mapped = [[_apply(sw, o) for o in d] for d in bits]
        fl = [o for d in mapped for o in d]
        if all(_single_bit(o) for o in fl) and len(set(fl)) == len(fl):
            modes = [_mode(d) for d in mapped]
            layout = Layout(tuple(m.shape for m in modes), tuple(m.stride for m in modes))
            if len(modes) == 1:
                layout = modes[0]
            return (make_composed_layout(sw, C(0), layout) if sw else layout), None
    return None, "no CuTe layout: no Sw<B,M,S> turns the offsets of the coordinate bits into distinct single bits"


def _apply(sw, o: int) -> int:
    if sw is None:
        return o
    return o ^ ((o & (((1 << sw.b) - 1) << (sw.m + sw.s))) >> sw.s)


def equivalent(ll, shape):
    """The CuTe equivalent (text) or the line why none exists, and the object (or None)."""
    obj, why = swizzled_layout(ll, shape) if OFFSET in ll.in_names() else tv_layout(ll, shape)
    return (str(obj) if obj is not None else why), obj


def _points(ll, names):
    """Every output of ``ll`` over the input bits of ``names`` (the first name's bits fastest), as an int64 numpy array
    of shape (points, outputs): the XOR of the bases of each point's set bits."""
    import numpy as np  # start-up: only the tests' point-by-point check uses it

    pts = np.zeros((1, len(ll.outs)), dtype=np.int64)
    for name in names:
        for b in ll.bases(name):
            pts = np.concatenate([pts, pts ^ np.array(b, dtype=np.int64)])
    return pts


def _colmajor_all(pts, sizes):
    import numpy as np  # start-up: only the tests' point-by-point check uses it

    mult = np.cumprod([1, *sizes[:-1]], dtype=np.int64)
    return pts @ mult


def check(ll, shape, obj, most: int | None = None) -> int:
    """Every point of the CuTe equivalent against the linear layout (or about ``most`` of them, evenly spread),
    both evaluated at once with numpy; returns the number of points checked (raises AssertionError at the first
    difference)."""
    import numpy as np  # start-up: only the tests' point-by-point check uses it

    if OFFSET in ll.in_names():
        # obj(coordinate of offset o) == o for every offset o
        coords = _points(ll, [OFFSET])
        base = getattr(obj, "b", obj)
        modes = base.shape if isinstance(base.shape, tuple) else (base.shape,)
        idx = _colmajor_all(coords, [int(it.product(m)) for m in modes])
        want = np.arange(len(coords), dtype=np.int64)
    else:
        # obj(t, r) == the column-major index of ll(lane, warp, block of thread t; register r), thread t = lane +
        # warp * lanes + block * lanes * warps: the point t + r * threads is bit-for-bit the bits lane, warp, block, reg
        coords = _points(ll, [LANE, WARP, BLOCK, REG])
        want = _colmajor_all(coords, list(shape))
        idx = np.arange(len(coords), dtype=np.int64)
    step = max(1, len(idx) // most) if most else 1
    idx, want = idx[::step], want[::step]
    got = values_at(obj, idx)
    bad = np.nonzero(got != want)[0]
    assert not len(bad), (int(idx[bad[0]]), int(got[bad[0]]), int(want[bad[0]]))
    return len(idx)
