"""The CuTe DSL's scale-factor helpers (nvidia-cutlass-dsl 4.8.1 ``cutlass.utils.blockscaled_layout``, imported by
kernels as ``blockscaled_utils``): rows of :data:`cutedump.expr.dsl.DSL_FUNCTIONS` (``"cutedump.scale.dsl:NAME"``),
each computed as the DSL's Python computes it, through the eval language's functions (``ev.call``) over the basic
chunks of :mod:`cutedump.scale.layouts`; ``make_tmem_layout_sfa/sfb`` (an MLIR op of the DSL, its rule read from the
DSL's answers: see below) from one stage's smem layout."""

from __future__ import annotations

from cutedump.algebra import C
from cutedump.algebra.layout import Layout
from cutedump.errors import CuteDumpError
from cutedump.scale import layouts as SL


def _major_name(m) -> str:
    if m is None:
        return "K"
    cls, name = getattr(m, "cls", None), getattr(m, "name", None)
    if cls != "OperandMajorMode" or name not in ("K", "MN"):
        raise CuteDumpError(f"expected a cute.nvgpu.OperandMajorMode (K or MN), got {m!r}")
    return name


def _vs(vs):
    if vs.__class__ is not C:
        raise CuteDumpError(f"sf_vec_size must be a Python int (a compile-time value), got {vs!r}")
    return int(vs)


class BasicChunk:
    """``BlockScaledBasicChunk(sf_vec_size, major_mode=K)`` / ``Sm103BlockScaledBasicChunk``: ``.layout``."""

    __slots__ = ("vs", "major", "sm103")

    def __init__(self, vs, major, sm103):
        self.vs, self.major, self.sm103 = vs, major, sm103

    @property
    def layout(self) -> Layout:
        return (SL.sm103_sf_atom if self.sm103 else SL.sf_atom)(self.vs, self.major)

    def dsl_attr(self, name):
        if name == "layout":
            return self.layout
        if name == "sf_vec_size":
            return C(self.vs)
        raise CuteDumpError(f"a basic chunk has no attribute {name!r} here (layout, sf_vec_size)")

    def __repr__(self):
        kind = "Sm103BlockScaledBasicChunk" if self.sm103 else "BlockScaledBasicChunk"
        return f"{kind}(sf_vec_size={self.vs}, major_mode=OperandMajorMode.{self.major})"


def basic_chunk(ev, vs, major):
    return BasicChunk(_vs(vs), _major_name(major), False)


def sm103_basic_chunk(ev, vs, major):
    return BasicChunk(_vs(vs), _major_name(major), True)


def _stage(ev, L, stages, cosize=True):
    """cute.append(L, cute.make_layout(num_stages, stride=cute.cosize(cute.filter_zeros(L))))."""
    z = ev.call("filter_zeros", L)
    step = ev.call("cosize", z) if cosize else ev.call("size", z)
    return ev.call("append", L, Layout(stages, step))


def tile_atom_to_shape_sf(ev, shape, vs):
    """tile_atom_to_shape_SF(Shape, sf_vec_size): cute.tile_to_shape(chunk, Shape, (2, 1, 3))."""
    return ev.call("tile_to_shape", SL.sf_atom(_vs(vs)), shape, (C(2), C(1), C(3)))


def make_smem_layout_sf(ev, tile_shape, vs, stages):
    """make_smem_layout_sf(tile_shape, sf_vec_size, num_stages)."""
    L = ev.call("tile_to_shape", SL.sf_atom(_vs(vs)), tile_shape, (C(2), C(1)))
    return _stage(ev, L, stages)


def _tiler(t, what):
    if not isinstance(t, tuple) or len(t) < 3:
        raise CuteDumpError(f"{what}: mma_tiler_mnk must be a tuple (M, N, K) (AssertionError)")
    return t


def _attr(obj, name, what):
    f = getattr(obj, "dsl_attr", None)
    if f is None:
        raise CuteDumpError(f"{what}: expected a tiled MMA, got {obj!r}")
    return f(name)


def _floordiv(a, b):
    if int(b) == 0:
        raise CuteDumpError("integer division by zero (ZeroDivisionError)")
    q = int(a) // int(b)
    return C(q) if (a.__class__ is C and b.__class__ is C) else q


def _smem_sf(ev, which, tiled_mma, tiler, vs, stages):
    what = f"make_smem_layout_sf{which}"
    t = _tiler(tiler, what)
    v = _vs(vs)
    shape_mnk = _attr(tiled_mma, "shape_mnk", what)
    if which == "a":
        thr = ev.call("size", _attr(tiled_mma, "thr_id", what).shape)
        tile = (_floordiv(t[0], thr), t[2])
        inst = _floordiv(t[0], ev.call("size", shape_mnk[0]))
    else:
        tile = (_round_up(t[1], 128), t[2])
        inst = _floordiv(t[1], ev.call("size", shape_mnk[1]))
    L = ev.call("tile_to_shape", SL.sf_atom(v), tile, (C(2), C(1)))
    inst_k = _floordiv(t[2], ev.call("size", shape_mnk[2]))
    tile = ev.call("shape_div", tile, (inst, inst_k))
    L = ev.call("tiled_divide", L, tile)
    L = ev.call("logical_divide", L, ((C(128), C(v)),))
    return _stage(ev, L, stages)


def _round_up(a, b):
    n = -(-int(a) // b) * b
    return C(n) if a.__class__ is C else n


def make_smem_layout_sfa(ev, tiled_mma, tiler, vs, stages):
    """make_smem_layout_sfa(tiled_mma, mma_tiler_mnk, sf_vec_size, num_stages)."""
    return _smem_sf(ev, "a", tiled_mma, tiler, vs, stages)


def make_smem_layout_sfb(ev, tiled_mma, tiler, vs, stages):
    """make_smem_layout_sfb(tiled_mma, mma_tiler_mnk, sf_vec_size, num_stages)."""
    return _smem_sf(ev, "b", tiled_mma, tiler, vs, stages)


def _sm103_smem(ev, which, tiled_mma, tiler, vs, stages):
    what = f"sm103_make_smem_layout_sf{which}"
    t = _tiler(tiler, what)
    v = _vs(vs)
    op = _attr(tiled_mma, "op", what)
    major = _major_name(op.dsl_attr(f"{which}_major_mode"))
    atom = SL.sm103_sf_atom(v, major)
    kdiv = 4 if v == 16 else 2
    if which == "a":
        mk = tiled_mma.dsl_method("partition_shape_A", [(t[0], t[2])], {})
        sf_tiler = (
            C(int(ev.call("size", mk[0][0])) * int(ev.call("size", mk[1]))),
            _floordiv(C(int(ev.call("size", mk[0][1])) * int(ev.call("size", mk[2]))), C(kdiv)),
        )
    else:
        sf_tiler = (t[1], _floordiv(t[2], C(kdiv)))
        if int(sf_tiler[0]) != 128:
            atom = Layout(
                ((C(32), C(4), C(2)), (C(v), C(4))),
                ((C(16), C(4), C(int(sf_tiler[1]) // v // 4 * 512)), (C(0), C(1))),
            )
    prod = tuple(ev.call("size", m) for m in atom.shape)  # cute.product_each(sf_atom.shape)
    L = ev.call("tiled_product", atom, Layout(ev.call("shape_div", sf_tiler, prod)))
    z = ev.call("size", ev.call("filter_zeros", L))
    return Layout(L.shape + (stages,), L.stride + (z,))


def sm103_make_smem_layout_sfa(ev, tiled_mma, tiler, vs, stages):
    return _sm103_smem(ev, "a", tiled_mma, tiler, vs, stages)


def sm103_make_smem_layout_sfb(ev, tiled_mma, tiler, vs, stages):
    return _sm103_smem(ev, "b", tiled_mma, tiler, vs, stages)


def _sm120_smem(ev, which, tiled_mma, tiler, vs, stages):
    what = f"sm120_make_smem_layout_sf{which}"
    v = _vs(vs)
    if v not in (16, 32):
        raise CuteDumpError(f"{what}: sf_vec_size must be 16 or 32 (AssertionError)")
    t = _tiler(tiler, what)
    mn = int(t[0] if which == "a" else t[1])
    k = int(t[2])
    if which == "b" and k % v:
        raise CuteDumpError(f"{what}: tile_shape_mnk[2] must be divisible by sf_vec_size (AssertionError)")
    nsf = int(ev.call("size", _attr(tiled_mma, "shape_mnk", what)[2])) // v
    if mn % 128:
        raise CuteDumpError(
            f"{what}: tile_shape_mnk[{0 if which == 'a' else 1}] must be divisible by blk_mn (AssertionError)"
        )
    if nsf == 0 or k % (4 * nsf):
        raise CuteDumpError(f"{what}: tile_shape_mnk[2] must be divisible by blk_sf * mma_nsf (AssertionError)")
    if mn // 128 == 0 or 4 // nsf == 0 or k // v // 4 == 0:  # cute.make_layout refuses a shape of extent 0
        raise CuteDumpError(f"{what}: the layout would have a mode of extent 0 (ValueError)")
    shape = (((C(32), C(4)), C(mn // 128)), ((C(v), C(nsf)), C(4 // nsf), C(k // v // 4)))
    stride = (((C(16), C(4)), C(512)), ((C(0), C(1)), C(nsf), C(mn // 128 * 512)))
    return _stage(ev, Layout(shape, stride), stages)


def sm120_make_smem_layout_sfa(ev, tiled_mma, tiler, vs, stages):
    return _sm120_smem(ev, "a", tiled_mma, tiler, vs, stages)


def sm120_make_smem_layout_sfb(ev, tiled_mma, tiler, vs, stages):
    return _sm120_smem(ev, "b", tiled_mma, tiler, vs, stages)


# ---- make_tmem_layout_sfa/sfb: the scale factors of one stage in tensor memory ------------------------------------
# The DSL's op (cute_nvgpu make_tmem_layout_sfa/sfb, an MLIR op) read from its answers: TMEM offsets in scale-factor
# bytes, (lane << 16 | column) * 4 + byte. A 128x4 chunk's row r sits at lane r % 32, column r / 32 (its 4 scale
# factors the 4 bytes of that 32-bit column); the chunks along M/N (G row groups in all) take consecutive columns,
# K-chunks follow every G columns, and the whole is copied to the 4 lane subpartitions (32 lanes apart). SFB of a
# 2-CTA MMA of M 128 (64 rows a CTA) keeps G/2 row groups per subpartition pair: (G/2, 2) with the second half 64 lanes
# down, copied twice.
_LANE = 4 << 16  # one TMEM lane, in scale-factor bytes


def _tmem_sf(ev, which, tiled_mma, tiler, vs, smem_layout):
    what = f"make_tmem_layout_sf{which}"
    t = _tiler(tiler, what)
    _vs(vs)
    thr = int(ev.call("size", _attr(tiled_mma, "thr_id", what).shape))
    cta_m = int(t[0]) // thr
    S = smem_layout
    try:
        (((rows, mb_s), kpart), x, kr) = (S.shape[0], S.shape[1], S.shape[2]) if len(S.shape) == 3 else (None,) * 3
        mb = int(mb_s)
        kst = S.stride[0][1]
        xs_shape = x
    except (TypeError, ValueError, AttributeError, IndexError):
        raise CuteDumpError(f"{what}: expected one stage of make_smem_layout_sf{which} (ValueError)") from None
    if rows != (C(32), C(4)):
        raise CuteDumpError(f"{what}: expected one stage of make_smem_layout_sf{which} (ValueError)")
    g = 4 * mb
    half = which == "b" and thr == 2 and cta_m == 64
    if half:
        m_shape, m_stride = ((C(32), C(g // 2)), C(2), C(2)), ((C(_LANE), C(4)), C(64 * _LANE), C(32 * _LANE))
        kstep = 2 * g
        kst = (C(0), C(1))  # (the DSL's answer: a unit stride on the scale-factor mode, even of extent 1)
    else:
        m_shape, m_stride = ((C(32), C(g)), C(4)), ((C(_LANE), C(4)), C(32 * _LANE))
        kstep = 4 * g

    def kmap(shape, stride):
        if isinstance(shape, tuple):
            return tuple(kmap(a, b)[0] for a, b in zip(shape, stride)), tuple(
                kmap(a, b)[1] for a, b in zip(shape, stride)
            )
        s = int(stride)
        return shape, (stride if s < 4 else C(kstep))  # a byte of the row, or the next K-chunk

    kr_shape, kr_stride = kmap(kr, S.stride[2])
    ksfs = int(ev.call("size", kpart[1])) * int(ev.call("size", kr))
    x_stride = C(0) if int(xs_shape) == 1 else C(4 * ksfs)
    shape = ((m_shape, kpart), xs_shape, kr_shape)
    stride = ((m_stride, kst), x_stride, kr_stride)
    return Layout(shape, stride)


def make_tmem_layout_sfa(ev, tiled_mma, tiler, vs, smem_layout):
    """make_tmem_layout_sfa(tiled_mma, mma_tiler_mnk, sf_vec_size, smem_layout) (one stage's smem layout)."""
    return _tmem_sf(ev, "a", tiled_mma, tiler, vs, smem_layout)


def make_tmem_layout_sfb(ev, tiled_mma, tiler, vs, smem_layout):
    return _tmem_sf(ev, "b", tiled_mma, tiler, vs, smem_layout)
