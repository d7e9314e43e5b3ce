"""The CuTe DSL's scale-factor helpers (nvidia-cutlass-dsl 4.8.1 ``cutlass.utils.blockscaled_layout``, imported by
kernels as ``blockscaled_utils``): rows of :data:`cutedump.expr.dsl.DSL_FUNCTIONS` (``"cutedump.scale.dsl:NAME"``),
each computed as the DSL's Python computes it, through the eval language's functions (``ev.call``) over the basic
chunks of :mod:`cutedump.scale.layouts`; ``make_tmem_layout_sfa/sfb`` (an MLIR op of the DSL, its rule read from the
DSL's answers: see below) from one stage's smem layout."""

from __future__ import annotations

from cutedump.algebra import UNDERSCORE, C
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
        (m_mode, kpart), x, kr = S.shape  # ((rows, (VS, NSF)), MMA_MN, MMA_K)
        vs_mode, nsf = kpart
        nrows = int(ev.call("size", m_mode))
        xs_shape = x
    except (TypeError, ValueError, AttributeError, IndexError):
        raise CuteDumpError(f"{what}: expected one stage of make_smem_layout_sf{which} (ValueError)") from None
    if nrows % 128 or not nrows:  # the rows are 128-row chunks however the smem layout factors them
        raise CuteDumpError(f"{what}: expected one stage of make_smem_layout_sf{which} (ValueError)")
    mb = nrows // 128
    g = 4 * mb
    half = which == "b" and thr == 2 and cta_m == 64
    if half:
        m_shape, m_stride = ((C(32), C(g // 2)), C(2), C(2)), ((C(_LANE), C(4)), C(64 * _LANE), C(32 * _LANE))
        kstep = 2 * g
        kst = (C(0), C(1))  # (the DSL's answer: a unit stride on the scale-factor mode, even of extent 1)
    else:
        m_shape, m_stride = ((C(32), C(g)), C(4)), ((C(_LANE), C(4)), C(32 * _LANE))
        kstep = 4 * g

    # the K scale factors in order (the chunk's NSF, then MMA_K): the k-th is byte k % 4 of its column, the next 4
    # a K-chunk further (the MLIR op's answer whatever the smem strides: (VS, 1) then MMA_K 24 is (4,6):(1,16))
    kl = ev.call("composition", Layout((C(4), C(1 << 24)), (C(1), C(kstep))), ev.call("make_layout", (nsf, kr)))
    nsf_shape, kr_shape = kl.shape
    nsf_stride, kr_stride = kl.stride
    if not half:
        kst = (C(0), nsf_stride if int(ev.call("size", nsf)) > 1 else C(0))
    kpart = (vs_mode, nsf_shape)
    ksfs = int(ev.call("size", nsf)) * int(ev.call("size", kr))
    x_stride = C(0) if int(xs_shape) == 1 else C(4 * ksfs)
    shape = ((m_shape, kpart), xs_shape, kr_shape)
    stride = ((m_stride, kst), x_stride, kr_stride)
    return Layout(shape, stride)


def make_tmem_layout_sfa(ev, tiled_mma, tiler, vs, smem_layout):
    """make_tmem_layout_sfa(tiled_mma, mma_tiler_mnk, sf_vec_size, smem_layout) (one stage's smem layout)."""
    return _tmem_sf(ev, "a", tiled_mma, tiler, vs, smem_layout)


def make_tmem_layout_sfb(ev, tiled_mma, tiler, vs, smem_layout):
    return _tmem_sf(ev, "b", tiled_mma, tiler, vs, smem_layout)


# ---- the SM120 (GeForce) helpers of cutlass.utils.blackwell_helpers, imported by the GeForce examples as sm120_utils --
# each as the DSL's Python computes it (blackwell_helpers.py: get_permutation_mnk, thrfrg_SFA/SFB, get_layoutSFA_TV/
# SFB_TV), through the eval language's functions


def get_permutation_mnk(ev, tile_shape_mnk, vs, use_mxf8f6f4):
    """get_permutation_mnk(tile_shape_mnk, sf_vec_size, use_mxf8f6f4): (min(M, 128), (8,2,2):(1,16,8), 32 | 64)."""
    if not isinstance(tile_shape_mnk, tuple):
        raise CuteDumpError("get_permutation_mnk: tile_shape_mnk must be a tuple (AssertionError)")
    if _vs(vs) not in (16, 32):
        raise CuteDumpError(f"get_permutation_mnk: Unsupported sf_vec_size, got {int(vs)} (ValueError)")
    m = tile_shape_mnk[0]
    perm_m = m if int(m) <= 128 else C(128)
    perm_n = Layout((C(8), C(2), C(2)), (C(1), C(16), C(8)))
    return (perm_m, perm_n, C(32) if bool(int(use_mxf8f6f4)) else C(64))


def _thrfrg_sf(ev, which, sf, tiled_mma):
    """thrfrg_SFA / thrfrg_SFB (mma_traits_sm120.hpp's SFALayout / SFBLayout): (M|N, K) -> ((Thr, Val), (ThrTile))."""
    what = f"thrfrg_SF{which}"
    L = getattr(sf, "layout", sf)
    if int(ev.call("rank", L)) < 2:
        raise CuteDumpError(f"{what}: the tensor must have rank >= 2 (AssertionError)")
    mnk = _attr(tiled_mma, "shape_mnk", what)
    k = int(ev.call("size", mnk[2]))
    if k not in (32, 64):
        raise CuteDumpError(f"{what}: unsupported atom_K={k}; SM120 block-scaled atoms use 32 or 64 (ValueError)")
    if which == "A":
        inner = ((C(2), C(2), C(8)), (C(8), C(0), C(1)))
    else:
        inner = ((C(4), C(8)), (C(0), C(1)))
    kst = C(16) if which == "A" else C(8)
    if k == 32:
        atom = Layout((inner[0], (C(k), C(1))), (inner[1], (kst, C(0))))
    else:
        atom = Layout((inner[0], C(k)), (inner[1], kst))
    perm = _attr(tiled_mma, "permutation_mnk", what)
    vmnk = _attr(tiled_mma, "thr_layout_vmnk", what)
    i = 0 if which == "A" else 1
    t = ev.call("logical_divide", L, (perm[i], perm[2]))
    a_tile = (Layout(mnk[i]), Layout(mnk[2]))
    a = ev.call("zipped_divide", t, a_tile)
    tv = ev.call("composition", a, (atom, UNDERSCORE))
    vm = ev.call("get", vmnk, targs=(C(1 + i),))
    vk = ev.call("get", vmnk, targs=(C(3),))
    thr_tile = (UNDERSCORE, (Layout(ev.call("size", vm)), Layout(ev.call("size", vk))))
    return ev.call("zipped_divide", tv, thr_tile)


def thrfrg_sfa(ev, sfa, tiled_mma):
    return _thrfrg_sf(ev, "A", sfa, tiled_mma)


def thrfrg_sfb(ev, sfb, tiled_mma):
    return _thrfrg_sf(ev, "B", sfb, tiled_mma)


def _layout_sf_tv(ev, which, tiled_mma):
    """get_layoutSFA_TV / get_layoutSFB_TV: thread index -> the scale factors it holds, over the tiled MMA's tile."""
    what = f"get_layoutSF{which}_TV"
    perm = _attr(tiled_mma, "permutation_mnk", what)
    vmnk = _attr(tiled_mma, "thr_layout_vmnk", what)
    i = 0 if which == "A" else 1
    if all(p is UNDERSCORE for p in perm):
        shp = ev.call("elem_scale", _attr(tiled_mma, "shape_mnk", what), ev.call("shape", vmnk))
        raise CuteDumpError(f"{what}: a tiled MMA without a permutation_mnk is not modelled here ({shp})")
    tile_mn, tile_k = ev.call("size", perm[i]), ev.call("size", perm[2])
    ref = Layout((tile_mn, tile_k))
    sz = [ev.call("size", ev.call("get", vmnk, targs=(C(j),))) for j in (1, 2)]
    # (ThrV, (ThrM, ThrK)) -> (ThrV, (ThrM, ThrN, ThrK)): the other operand's threads broadcast (stride 0)
    other = Layout((sz[0], sz[1]), (C(1), C(0))) if which == "A" else Layout((sz[0], sz[1]), (C(0), C(1)))
    atile = (UNDERSCORE, (other, UNDERSCORE))
    thridx = ev.call("right_inverse", vmnk)
    frg = _thrfrg_sf(ev, which, ref, tiled_mma)
    tv1 = ev.call("composition", frg, (atile, UNDERSCORE))
    return ev.call("composition", tv1, (thridx, UNDERSCORE))


def get_layout_sfa_tv(ev, tiled_mma):
    return _layout_sf_tv(ev, "A", tiled_mma)


def get_layout_sfb_tv(ev, tiled_mma):
    return _layout_sf_tv(ev, "B", tiled_mma)


def _partition_fragment_sf(ev, which, sf_tensor, thr_mma, tidx):
    """partition_fragment_SFA / SFB(sf_tensor, thr_mma, tidx) (blackwell_helpers.py): the thread's slice of
    thrfrg_SF{A,B}(sf_tensor.layout), flattened and its modes grouped ((0, 2), and for B (1, 3)), as a register
    fragment (make_fragment_like: make_layout_like of it, the scale factors' element type). The slice's layout does
    not depend on the thread (a run-time tidx: the same fragment)."""
    from cutedump.atoms.dsl_tensors import DslDescTensor, DslTensor, make_fragment_like  # start-up: only here

    what = f"partition_fragment_SF{which}"
    if not isinstance(sf_tensor, DslTensor) or isinstance(sf_tensor, DslDescTensor):
        raise CuteDumpError(f"{what}: expects a tensor (sf_tensor.layout), got {sf_tensor!r} (AttributeError)")
    if isinstance(tidx, bool) or not isinstance(tidx, int):
        raise CuteDumpError(f"{what}: the thread index is an integer, got {tidx!r}")
    thr = _thrfrg_sf(ev, which, sf_tensor.layout, thr_mma)
    vmnk = _attr(thr_mma, "thr_layout_vmnk", what)
    shape = [int(ev.call("size", ev.call("get", vmnk, targs=(C(j),)))) for j in range(4)]
    i = int(tidx) if tidx.__class__ is C else 0
    crd = []
    for n in shape:  # get_flat_coord(tidx): the colexicographic coordinate of the index
        crd.append(C(i % n))
        i //= n
    crd[-1] = C(int(crd[-1]) + i * shape[-1])  # an index past the size runs on in the last mode
    thr_c = (crd[0], (crd[1 if which == "A" else 2], crd[3]))
    part = ev.call("slice", (thr_c, (UNDERSCORE, UNDERSCORE)), thr)
    part = ev.call("group", ev.call("flatten", part), targs=(0, 2))
    if which == "B":
        part = ev.call("group", part, targs=(1, 3))
    return make_fragment_like(ev, DslTensor(sf_tensor.ptr, part), None)


def partition_fragment_sfa(ev, sf_tensor, thr_mma, tidx):
    return _partition_fragment_sf(ev, "A", sf_tensor, thr_mma, tidx)


def partition_fragment_sfb(ev, sf_tensor, thr_mma, tidx):
    return _partition_fragment_sf(ev, "B", sf_tensor, thr_mma, tidx)
