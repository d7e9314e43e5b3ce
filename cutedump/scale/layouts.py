"""CUTLASS 4.2's scale-factor layouts (``cutlass/detail/sm100_blockscaled_layout.hpp``, ``sm103_blockscaled_layout.hpp``,
``blockwise_scale_layout.hpp``), computed with cutedump's layout algebra exactly as the headers spell them.

Block-scaled (MXFP8/MXFP6/MXFP4/NVFP4, SM100/SM103/SM120): the scale factors of A (SFA, one per SFVecSize elements along
K) live in 128x4 basic chunks (``SfAtom``, 512 bytes: 32 rows x 4 row groups x 4 scale factors, K-major);
``tile_atom_to_shape_SFA/SFB`` tiles the chunk over (M, K, L) / (N, K, L) (K first: Step<_2,_1,_3>), and
``deduce_smem_layoutSFA/SFB`` gives one CTA tile's (one stage's) scale factors in shared memory.

Blockwise/groupwise (FP8 DeepSeek-style, SM90/SM100/SM120): one scale factor per SFVecSizeM x SFVecSizeK block of A
(SFVecSizeN x SFVecSizeK of B), laid out MN-major or K-major.

Every function returns what the C++ function returns (a :class:`Layout`, static/dynamic integers as CuTe keeps them)
or raises :class:`CuteDumpError` quoting the condition CuTe's static_assert checks.
"""

from __future__ import annotations

from cutedump import algebra as A
from cutedump.algebra import C
from cutedump.algebra import inttuple as it
from cutedump.algebra.layout import Layout
from cutedump.errors import CuteDumpError
from cutedump.versions import cutlass_fact

BLK_MN = C(128)  # Sm1xxBlockScaledBasicChunk::Blk_MN
BLK_SF = C(4)  # Sm1xxBlockScaledBasicChunk::Blk_SF
STEP = (C(2), C(1), C(3))  # Step<_2,_1,_3>: tile K first, then M (N), then L


def _major(m) -> str:
    """``UMMA::Major::K`` / ``GMMA::Major::MN`` / ``K`` / ``MN`` -> "K" | "MN"."""
    s = str(m).rsplit("::", 1)[-1]
    if s not in ("K", "MN"):
        raise CuteDumpError(f"unknown major {m!r} (UMMA::Major::K or UMMA::Major::MN)")
    return s


def _vs(v, what="SFVecSize") -> C:
    if isinstance(v, bool) or not isinstance(v, int):
        raise CuteDumpError(f"{what} must be an integer, got {v!r}")
    if v <= 0:
        raise CuteDumpError(f"{what} must be positive, got {v}")
    return C(int(v))


# ---- the basic chunk ----------------------------------------------------------------------------------------------


def sf_atom(vs, major="K") -> Layout:
    """``Sm1xxBlockScaledBasicChunk<SFVecSize, major>::SfAtom``: K-major ((_32,_4),(VS,_4)):((_16,_4),(_0,_1)), MN-major
    the two modes swapped."""
    v = _vs(vs)
    mn = ((C(32), C(4)), (C(16), C(4)))
    k = ((v, C(4)), (C(0), C(1)))
    if _major(major) == "K":
        return Layout((mn[0], k[0]), (mn[1], k[1]))
    return Layout((k[0], mn[0]), (k[1], mn[1]))


def sm103_sf_atom(vs, major="K") -> Layout:
    """``Sm103BlockScaledBasicChunk<SFVecSize, major>::SfAtom``: ((_8,_4,_4),(VS,_4)):((_16,_128,_4),(_0,_1))."""
    v = _vs(vs)
    mn = ((C(8), C(4), C(4)), (C(16), C(128), C(4)))
    k = ((v, C(4)), (C(0), C(1)))
    if _major(major) == "K":
        return Layout((mn[0], k[0]), (mn[1], k[1]))
    return Layout((k[0], mn[0]), (k[1], mn[1]))


# ---- Sm1xxBlockScaledConfig / Sm103BlockScaledConfig -------------------------------------------------------------


def _mnkl(problem_shape, what):
    """``append<4>(problem_shape, 1)`` and its four modes (a shape of rank 4 or less; each mode an int)."""
    p = problem_shape if isinstance(problem_shape, tuple) else (problem_shape,)
    if len(p) > 4:
        raise CuteDumpError(f"{what}: the problem shape has rank {len(p)}; append<4> needs rank <= 4 (M,N,K,L)")
    if len(p) < 4:
        p = tuple(p) + (1,) * (4 - len(p))  # append<4>(shape, 1): a dynamic 1
    return p


def layout_sf(vs, sm103=False) -> Layout:
    """``deduce_layoutSFA()`` / ``deduce_layoutSFB()``: the type LayoutSF value-initialized (every dynamic int 0)."""
    if sm103:
        return _tile_to_shape(sm103_sf_atom(vs), (0, 0, 0), "deduce_layoutSFA")
    return A.blocked_product(sf_atom(vs), Layout((0, 0, 0), (0, C(1), 0)))


def _tile_to_shape(atom, shape, what, step=STEP):
    try:
        return A.tile_to_shape(atom, shape, step)
    except CuteDumpError as e:
        raise CuteDumpError(f"{what}: {e.message}") from None


def _sf_tile(vs, problem_shape, sm103, operand) -> Layout:
    """``tile_atom_to_shape_SF{A,B}(problem_shape)`` of Sm1xx/Sm103BlockScaledConfig. CUTLASS 4.2: append<4>(shape,
    1), then tile_to_shape(SfAtom, (M|N,K,L), Step<_2,_1,_3>); CUTLASS 4.7 (versions.CUTLASS_FACTS): a rank-3 shape
    tiles (M|N,K) with Step<_2,_1> (no L mode: a static (M|N,K) must be divisible), rank 4 as 4.2, other ranks do
    not compile (``auto [M, N, K, L] = problem_shape``)."""
    what = f"tile_atom_to_shape_SF{operand}"
    atom = sm103_sf_atom(vs) if sm103 else sf_atom(vs)
    i = 0 if operand == "A" else 1
    p = problem_shape if isinstance(problem_shape, tuple) else (problem_shape,)
    if cutlass_fact("blockscaled_sf_problem_shape") == "rank 3 or 4":
        if len(p) == 3:
            return _tile_to_shape(atom, (p[i], p[2]), what, STEP[:2])
        if len(p) != 4:
            raise CuteDumpError(
                f"{what}: CUTLASS 4.7 takes a problem shape (M,N,K) or (M,N,K,L), got rank {len(p)} (its "
                f"`auto [M, N, K, L] = problem_shape` does not compile: only 4 names for {len(p)} elements)"
            )
    M, N, K, L = _mnkl(p, what)
    return _tile_to_shape(atom, ((M, N)[i], K, L), what)


def tile_atom_to_shape_sfa(vs, problem_shape, sm103=False) -> Layout:
    """``tile_atom_to_shape_SFA(problem_shape)``: tile_to_shape(SfAtom, (M,K,L), Step<_2,_1,_3>) (see _sf_tile)."""
    return _sf_tile(vs, problem_shape, sm103, "A")


def tile_atom_to_shape_sfb(vs, problem_shape, sm103=False) -> Layout:
    """``tile_atom_to_shape_SFB(problem_shape)``: tile_to_shape(SfAtom, (N,K,L), Step<_2,_1,_3>) (see _sf_tile)."""
    return _sf_tile(vs, problem_shape, sm103, "B")


def _static_tile(tile_shape, what):
    t = tile_shape
    if not isinstance(t, tuple) or len(t) < 3:
        raise CuteDumpError(f"{what}: the tile shape must be (M,N,K), got {it.fmt(t) if _is_tuple(t) else t!r}")
    # size<i>(TileShape_MNK{}) of a value-initialized shape: a dynamic extent is 0 there (CUTLASS compiles it so)
    return [s if isinstance(s, C) else C(0) for s in (A.size(x) for x in t[:3])]


def _is_tuple(x):
    return isinstance(x, tuple)


def _mma_k_v(tiled_mma, what):
    """TiledMma::K (the atom's K) and size<0>(ThrLayoutVMNK) (the atom's threads: 1, or 2 for a 2-SM UMMA)."""
    atom = getattr(tiled_mma, "atom", tiled_mma)
    shape = getattr(atom, "shape_mnk", None)
    vmnk = getattr(tiled_mma, "thr_layout_vmnk", None)
    if shape is None:
        raise CuteDumpError(
            f"{what}: expected a tiled MMA (make_tiled_mma(SM100_MMA_MXF8F6F4_SS<...>{{}})), got {tiled_mma!r}"
        )
    k = A.size(it.get(shape, 2))
    v = A.size(it.get(vmnk.shape, 0)) if vmnk is not None else A.size(atom.thr_id)
    return C(int(k)), C(int(v))


def _sdiv(a, b, what):
    if int(b) == 0:
        raise CuteDumpError(f"{what}: division by zero ({a} / {b}) does not compile")
    return C(int(a) // int(b))  # static ints: C++ integer division of non-negative values


def smem_layout_sf(vs, tiled_mma, tile_shape, operand="A") -> Layout:
    """``deduce_smem_layoutSFA(tiled_mma, tile_shape)`` / ``deduce_smem_layoutSFB``: one stage's scale factors in
    shared memory, ((((_32,_4),MMA_MN/128),(VS,MMA_NSF)),_1,(4/MMA_NSF,TileK/VS/4))."""
    what = f"deduce_smem_layoutSF{operand}"
    v = _vs(vs)
    tm, tn, tk = _static_tile(tile_shape, what)
    k, thr_v = _mma_k_v(tiled_mma, what)
    mma_nsf = _sdiv(k, v, what)
    # the headers compute partition_shape_A/B (unused, but its static_asserts apply)
    ps = getattr(tiled_mma, "partition_shape", None)
    if ps is not None and int(tm) and int(tn) and int(tk):
        try:
            ps("A", (tm, tk))
            ps("B", (tn, tk))
        except CuteDumpError as e:
            raise CuteDumpError(
                f"{what}: partition_shape_{'A' if 'A' in e.message[:20] else 'B'}: {e.message}"
            ) from None
    blk_elems = C(int(BLK_MN) * int(BLK_SF))
    if operand == "A":
        mn = _sdiv(tm, thr_v, what)  # MMA_M = size<0>(TileShape) / size<0>(ThrLayoutVMNK)
    else:
        mn = C(-(-int(tn) // int(BLK_MN)) * int(BLK_MN))  # MMA_N_SFB: ceil_div(MMA_N, 128) * 128
    blocks = _sdiv(mn, BLK_MN, what)
    # prepend(Int<MMA_M/128>{}, Shape<_32,_4>{}): prepend onto an integer makes (shape, integer)
    mma_shape = (((C(32), C(4)), blocks), (v, mma_nsf))
    mma_stride = (((C(16), C(4)), blk_elems), (C(0), C(1)))
    k_blocks = _sdiv(_sdiv(tk, v, what), BLK_SF, what)
    shape = (mma_shape, C(1), (_sdiv(BLK_SF, mma_nsf, what), k_blocks))
    stride = (mma_stride, C(0), (mma_nsf, C(int(blocks) * int(blk_elems))))
    return Layout(shape, stride)


# ---- Sm1xxBlockwiseScaleConfig (Sm90/Sm100/Sm120BlockwiseScaleConfig) -------------------------------------------


class BlockwiseConfig:
    """``Sm1xxBlockwiseScaleConfig<SFVecSizeM, SFVecSizeN, SFVecSizeK, majorSFA, majorSFB>``."""

    def __init__(self, vm, vn, vk, major_a="MN", major_b="MN"):
        self.vm, self.vn, self.vk = _vs(vm, "SFVecSizeM"), _vs(vn, "SFVecSizeN"), _vs(vk, "SFVecSizeK")
        self.major_a, self.major_b = _major(major_a), _major(major_b)

    def deduce_layout(self, operand) -> Layout:
        """``deduce_layoutSFA/B()``: Layout<ShapeSF, StrideSF>{} (every int32_t 0)."""
        vmn = self.vm if operand == "A" else self.vn
        major = self.major_a if operand == "A" else self.major_b
        shape = ((vmn, 0), (self.vk, 0), 0)
        if major == "MN":
            stride = ((C(0), C(1)), (C(0), 0), 0)
        else:
            stride = ((C(0), 0), (C(0), C(1)), 0)
        return Layout(shape, stride)

    def smem_atom_layout(self, operand, cta_shape) -> Layout:
        """``smem_atom_layoutSFA/B(cta_shape)``; SFB's strides follow majorSFA (as CUTLASS 4.2 writes it)."""
        what = f"smem_atom_layoutSF{operand}"
        if not isinstance(cta_shape, tuple) or len(cta_shape) != 3:
            raise CuteDumpError(f"{what}: the CTA shape must be (M,N,K)")
        if not A.is_static(cta_shape):
            raise CuteDumpError(f"{what}: static_assert(cute::is_static_v<CtaShape_MNK>): Expect static CTA shape")
        m, n, k = (int(A.size(x)) for x in cta_shape)
        vmn, ext = (self.vm, m) if operand == "A" else (self.vn, n)
        cmn = C(-(-ext // int(vmn)))
        ck = C(-(-k // int(self.vk)))
        if self.major_a == "MN":  # both operands: CUTLASS 4.2 branches on majorSFA
            stride = ((C(0), C(1)), (C(0), cmn))
        else:
            stride = ((C(0), ck), (C(0), C(1)))
        return Layout(((vmn, cmn), (self.vk, ck)), stride)

    def tile_atom_to_shape(self, operand, problem_shape) -> Layout:
        """``tile_atom_to_shape_SFA/B(problem_shape)``: ((VS_MN, ceil(MN/VS_MN)), (VS_K, ceil(K/VS_K)), L)."""
        M, N, K, L = _mnkl(problem_shape, f"tile_atom_to_shape_SF{operand}")
        vmn, ext, major = (self.vm, M, self.major_a) if operand == "A" else (self.vn, N, self.major_b)
        cmn = _dyn_ceil(ext, vmn)
        ck = _dyn_ceil(K, self.vk)
        if major == "MN":
            stride = ((C(0), C(1)), (C(0), cmn))
        else:
            stride = ((C(0), ck), (C(0), C(1)))
        mk = Layout(((vmn, cmn), (self.vk, ck)), stride)
        return Layout(mk.shape + (L,), mk.stride + (A.size(A.filter_zeros(mk)),))


def _dyn_ceil(a, b):
    """cute::ceil_div(a, int b): (a + b - 1) / b, a dynamic int (b is a plain int template constant)."""
    if isinstance(a, tuple):
        raise CuteDumpError(f"expected an integer extent, got {it.fmt(a)}")
    return it.ceil_div(int(a), int(b))


# ---- Sm1xxBlockScaledOutputConfig / Sm1xxBlockScaledTensorConfig / RuntimeBlockwiseScaleConfig ------------------


def output_layout_sfd(vs, major="K") -> Layout:
    """``Sm1xxBlockScaledOutputConfig<VS, major>::deduce_layoutSFD()``: LayoutSF value-initialized."""
    inner = Layout((0, 0, 0), (0, C(1), 0) if _major(major) == "K" else (C(1), 0, 0))
    return A.blocked_product(sf_atom(vs, major), inner)


def output_tile_atom_to_shape_sfd(vs, problem_shape, major="K") -> Layout:
    """``Sm1xxBlockScaledOutputConfig<VS, major>::tile_atom_to_shape_SFD(shape)``: the chunk tiled over (M,N,L), N
    first when K-major (Step<_2,_1,_3>), M first when MN-major (Step<_1,_2,_3>)."""
    M, N, K, L = _mnkl(problem_shape, "tile_atom_to_shape_SFD")
    order = STEP if _major(major) == "K" else (C(1), C(2), C(3))
    try:
        return A.tile_to_shape(sf_atom(vs, major), (M, N, L), order)
    except CuteDumpError as e:
        raise CuteDumpError(f"tile_atom_to_shape_SFD: {e.message}") from None


TENSOR_SF_ATOM = Layout(((C(32), C(4)), (C(4),)), ((C(16), C(4)), (C(1),)))  # Sm1xxBlockScaledTensorConfig::SfAtom


def tensor_tile_atom_to_shape(problem_shape) -> Layout:
    """``Sm1xxBlockScaledTensorConfig::tile_atom_to_shape(shape)``: append<3>(shape, 1), the 128x4 atom over (M,N,L)."""
    p = problem_shape if isinstance(problem_shape, tuple) else (problem_shape,)
    if len(p) > 3:
        raise CuteDumpError(f"tile_atom_to_shape: the shape has rank {len(p)}; append<3> needs rank <= 3 (M,N,L)")
    p = tuple(p) + (1,) * (3 - len(p))
    return _tile_to_shape(TENSOR_SF_ATOM, p, "tile_atom_to_shape")


def runtime_blockwise_deduce(operand, major_a="MN", major_b="MN") -> Layout:
    """``RuntimeBlockwiseScaleConfig<majorSFA, majorSFB>::deduce_layoutSFA/B()``: every int32_t 0."""
    major = _major(major_a if operand == "A" else major_b)
    stride = ((C(0), C(1)), (C(0), 0), 0) if major == "MN" else ((C(0), 0), (C(0), C(1)), 0)
    return Layout(((0, 0), (0, 0), 0), stride)


def runtime_blockwise_tile(operand, problem_shape, sf_vec_shape, major_a="MN", major_b="MN") -> Layout:
    """``RuntimeBlockwiseScaleConfig<...>::tile_atom_to_shape_SFA/B(problem_shape, sf_vec_shape)``."""
    what = f"tile_atom_to_shape_SF{operand}"
    M, N, K, L = _mnkl(problem_shape, what)
    if not isinstance(sf_vec_shape, tuple) or len(sf_vec_shape) != 3:
        raise CuteDumpError(f"{what}: sf_vec_shape must be (sfm, sfn, sfk)")
    sfm, sfn, sfk = sf_vec_shape
    ext, v, major = (M, sfm, _major(major_a)) if operand == "A" else (N, sfn, _major(major_b))
    for x in (ext, v, K, sfk):
        if isinstance(x, tuple):
            raise CuteDumpError(f"{what}: expected integers, got {it.fmt(x)}")
    if int(v) == 0 or int(sfk) == 0:
        raise CuteDumpError(f"{what}: division by zero (a scale-factor vector size of 0)")
    cmn, ck = it.ceil_div(ext, v), it.ceil_div(K, sfk)
    stride = ((C(0), C(1)), (C(0), cmn)) if major == "MN" else ((C(0), ck), (C(0), C(1)))
    mk = Layout(((v, cmn), (sfk, ck)), stride)
    return Layout(mk.shape + (L,), mk.stride + (A.size(A.filter_zeros(mk)),))
