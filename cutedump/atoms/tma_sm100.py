"""SM100 (Blackwell) TMA, host side, as cute/atom/copy_traits_sm100_tma.hpp builds it on top of the SM90 machinery.

What differs from Hopper's make_tma_copy (cutedump.atoms.tma) is only *which* values a CTA loads and how many CTAs
share a box; the TMA box, the cuTensorMapEncodeTiled arguments and the TMA coordinate tensor come from the same
detail::make_tma_copy_atom (tma.build_tma):

* ``make_tma_atom_A_sm100`` / ``make_tma_atom_B_sm100`` (op, gmem, smem, mma_tiler, TiledMMA, cluster_layout_vmnk):
  the CTA's value map is the MMA's partition of the operand's tile of the mma_tiler,
  ``layout<1>(mma.thrfrg_A(make_identity_layout(shape(gmem)).compose(remove<1>(mma_tiler))))(_, repeat<R>(_))``
  -- ``(MMA, MMA_M, MMA_K)`` for one CTA, so a 2SM atom's CTA loads its half; the multicast is the cluster's
  N extent for A (size<2>(cluster_layout_vmnk)), M for B, 1 for the non-multicast ops;
* ``make_tma_copy_A/B/C_sm100`` (op, gmem, smem, cluster_tiler, TiledMMA): the same value map, as a TiledCopy whose
  thread map is the TiledMMA's own ThrLayoutVMNK projected on N (A) or M (B) for the multicast ops;
* ``create_tma_multicast_mask<Modes...>(cluster_layout_vmnk, cta_coord_vmnk)`` and the Blackwell tutorials'
  (02..05) partition of one CTA: gA = local_tile(mA, mma_tiler, mma_coord, Step<...>), tCgA = partition_A,
  tma_partition(atom, cta coord along the multicast mode, its layout, group_modes<0,3>(tCsA), group_modes<0,3>(tCgA)).

Cluster shapes are static (Int<...>), as in the tutorials; the TiledMMA is any SM100 UMMA atom (1SM or 2SM) with
its atom layout (cutedump.atoms.mma.make_tiled_mma).
"""

from __future__ import annotations

from cutedump.algebra import (
    UNDERSCORE,
    C,
    Layout,
    coalesce,
    crd2idx,
    fmt,
    make_layout,
    size,
    slice_layout,
    tiled_divide,
)
from cutedump.algebra.inttuple import compact_col_major, crd2idx_shape, flatten, idx2crd, is_tuple, product_each
from cutedump.atoms import tma as T
from cutedump.atoms.mma import make_tiled_mma, partition_shape
from cutedump.errors import CuteDumpError

_ = UNDERSCORE
_0, _1 = C(0), C(1)

#: operand -> (the mma_tiler mode it drops (remove<i>), the TiledMMA partition, the cluster mode a multicast load
#: shares (VMNK index; None: C is never multicast), the VMNK stride make_tma_copy_X_sm100 projects on)
OPERANDS = {
    "A": (1, "thrfrg_A", 2, (_0, _0, _1, _0)),
    "B": (0, "thrfrg_B", 1, (_0, _1, _0, _0)),
    "C": (2, "thrfrg_C", None, None),
}

#: op -> multicast? for make_tma_atom_A/B_sm100 and make_tma_copy_A/B_sm100 (others: "Unsupported TMA")
AB_OPS = {
    "SM90_TMA_LOAD": False,
    "SM90_TMA_STORE": False,
    "SM100_TMA_2SM_LOAD": False,
    "SM90_TMA_LOAD_MULTICAST": True,
    "SM100_TMA_2SM_LOAD_MULTICAST": True,
}
#: ops make_tma_copy_C_sm100 takes
C_OPS = ("SM90_TMA_LOAD", "SM90_TMA_STORE", "SM100_TMA_2SM_LOAD")


def maker_name(operand: str, tiled: bool) -> str:
    return f"make_tma_{'copy' if tiled else 'atom'}_{operand}_sm100"


def check_op(operand: str, op: str, tiled: bool) -> bool:
    """The static_asserts of the makers on the op: whether it multicasts."""
    if op not in T.ops_now():
        T.check_inputs(op, "half_t", None)  # unknown op: the one "did you mean" error (or: not in this CUTLASS)
    if operand == "C":
        if not tiled:
            raise CuteDumpError(
                "CuTe 4.2 has no make_tma_atom_C_sm100: the C/D operand's TMA is "
                "make_tma_copy_C_sm100 (a TiledCopy) or the generic make_tma_atom of the epilogue"
            )
        if op not in C_OPS:
            raise CuteDumpError(
                "Unsupported TMA Op, expected a non-multicast TMA (static_assert in "
                f"make_tma_copy_C_sm100: {op}; it takes {', '.join(C_OPS)})"
            )
        return False
    takes = dict(AB_OPS) if tiled else {**AB_OPS, **{o: m for o, m in T.GATHER4_OPS.items() if o in T.ops_now()}}
    if op not in takes:
        raise CuteDumpError(
            f"Unsupported TMA (static_assert(dependent_false<CopyOp>) in {maker_name(operand, tiled)}: "
            f"{op}; it takes {', '.join(takes)})"
        )
    return takes[op]


def cluster_layout_vmnk(cluster_shape, mma) -> Layout:
    """tiled_divide(make_layout(cluster_shape), make_tile(typename TiledMMA::AtomThrID{})): (V,M,N,K) -> CTA rank."""
    if not is_tuple(cluster_shape) or len(cluster_shape) != 3:
        raise CuteDumpError(
            f"the cluster shape is (ClusterM, ClusterN, ClusterK), e.g. (_4,_4,_1); got {fmt(cluster_shape)}"
        )
    shp = tuple(C(int(s)) for s in cluster_shape)
    if any(int(s) < 1 for s in shp):
        raise CuteDumpError(f"cluster extents must be >= 1, got {fmt(shp)}")
    if int(size(shp)) > 16:
        raise CuteDumpError(f"a cluster of {size(shp)} CTAs: the multicast masks are uint16_t, at most 16 CTAs")
    return tiled_divide(make_layout(shp), (mma.atom.thr_id,))


def cta_v_tile(mma, operand: str, gmem: Layout, tiler):
    """(Basis, cta_v_tile) of the makers: the MMA's partition of the identity tile, one CTA's values -> gmem mode."""
    drop, thrfrg, _m, _s = OPERANDS[operand]
    if not is_tuple(tiler) or len(tiler) <= drop or len(tiler) < 3:
        raise CuteDumpError(f"the MMA tiler is (TILE_M, TILE_N, TILE_K, ...), got {fmt(tiler)}")
    tiler_x = tuple(t for i, t in enumerate(tiler) if i != drop)
    basis, g_tile = T.identity_map(gmem, tiler_x)
    thr = getattr(mma, thrfrg)(g_tile)  # ((ThrV,(ThrX,ThrY)),(FrgV,(RestX,RestY,...)))
    L1 = Layout(thr.shape[1], thr.stride[1])
    R = len(g_tile.shape) if is_tuple(g_tile.shape) else 1
    v_map = slice_layout((_, (_,) * R), L1)  # (FrgV, RestX, RestY, ...)
    return basis, v_map


class Sm100Tma:
    """One SM100 maker's result: the TMA (tma.TmaResult: atom, tensor map, TMA tensor) and what built it."""

    maker: str
    operand: str
    tma: T.TmaResult
    mma: object
    tiler: tuple
    vmnk: Layout | None  # cluster_layout_vmnk (the atom makers)
    multicast: bool

    def __init__(self, maker, operand, tma, mma, tiler, vmnk, multicast):
        self.maker = maker
        self.operand = operand
        self.tma = tma
        self.mma = mma
        self.tiler = tiler
        self.vmnk = vmnk
        self.multicast = multicast

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(maker={self.maker!r}, operand={self.operand!r}, "
            f"tma={self.tma!r}, mma={self.mma!r}, tiler={self.tiler!r}, vmnk={self.vmnk!r}, "
            f"multicast={self.multicast!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.maker, self.operand, self.tma, self.mma, self.tiler, self.vmnk, self.multicast) == (
                other.maker,
                other.operand,
                other.tma,
                other.mma,
                other.tiler,
                other.vmnk,
                other.multicast,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    def tiled_copy_str(self) -> str:
        return self.tma.tiled_copy_str()

    def copy_atom_str(self) -> str:
        return self.tma.copy_atom_str()

    def tma_tensor_str(self) -> str:
        return self.tma.tma_tensor_str()


def make_tma_sm100(
    operand: str,
    op: str,
    value_type: str,
    gmem: Layout,
    smem,
    tiler,
    mma,
    cluster_shape=None,
    tiled: bool = False,
    tma_type: str | None = None,
) -> Sm100Tma:
    """make_tma_atom_{A,B}_sm100(op, gmem, smem, mma_tiler, mma, cluster_layout_vmnk) (tiled=False: cluster_shape is
    (ClusterM,ClusterN,ClusterK)) or make_tma_copy_{A,B,C}_sm100(op, gmem, smem, cluster_tiler, mma) (tiled=True);
    ``tma_type``: the maker's TmaInternalType (make_tma_atom_A_sm100<uint16_t>), None for the value type."""
    operand = operand.upper()
    if operand not in OPERANDS:
        raise CuteDumpError(f"--operand: A, B or C, not {operand!r}")
    multicast = check_op(operand, op, tiled)
    vt, bits = T.check_inputs(op, value_type, gmem, tma_type)
    vmnk = None
    if not tiled:
        if cluster_shape is None:  # the smallest cluster: one MMA's CTAs (2 for a 2SM atom)
            cluster_shape = (size(mma.atom.thr_id), _1, _1)
        vmnk = cluster_layout_vmnk(cluster_shape, mma)
    T.overflow_reset()
    sw, slayout = T.static_smem(smem)
    basis, v_map = cta_v_tile(mma, operand, gmem, tiler)
    cta_t_map = None
    num_multicast = 1
    if tiled:
        if operand == "C":
            cta_t_map = Layout(_1, _0)  # no multicast, so only 1 CTA involved
        else:
            # cta rank -> logical cta idx: the TiledMMA's VMNK, strides _1 on the multicast mode (none: all _0)
            shp = mma.get_thr_layout_vmnk().shape
            cur = OPERANDS[operand][3] if multicast else (_0, _0, _0, _0)
            cta_t_map = coalesce(make_layout(shp, compact_col_major(shp, cur)))
    elif multicast:
        num_multicast = int(size(vmnk, OPERANDS[operand][2]))
    r = T.build_tma(
        op, vt, bits, gmem, smem, sw, slayout, basis, v_map, num_multicast, cta_t_map=cta_t_map, tma_type=tma_type
    )
    return Sm100Tma(maker_name(operand, tiled), operand, r, mma, tuple(tiler), vmnk, multicast)


def make_tma_atom_A_sm100(op, value_type, gmem, smem, mma_tiler, mma, cluster_shape=None) -> Sm100Tma:
    """CuTe's make_tma_atom_A_sm100(op, gmem, smem, mma_tiler, mma, cluster_layout_vmnk), cluster_shape (M,N,K)."""
    return make_tma_sm100("A", op, value_type, gmem, smem, mma_tiler, mma, cluster_shape)


def make_tma_atom_B_sm100(op, value_type, gmem, smem, mma_tiler, mma, cluster_shape=None) -> Sm100Tma:
    return make_tma_sm100("B", op, value_type, gmem, smem, mma_tiler, mma, cluster_shape)


def make_tma_copy_A_sm100(op, value_type, gmem, smem, cluster_tiler, mma) -> Sm100Tma:
    return make_tma_sm100("A", op, value_type, gmem, smem, cluster_tiler, mma, tiled=True)


def make_tma_copy_B_sm100(op, value_type, gmem, smem, cluster_tiler, mma) -> Sm100Tma:
    return make_tma_sm100("B", op, value_type, gmem, smem, cluster_tiler, mma, tiled=True)


def make_tma_copy_C_sm100(op, value_type, gmem, smem, cluster_tiler, mma) -> Sm100Tma:
    return make_tma_sm100("C", op, value_type, gmem, smem, cluster_tiler, mma, tiled=True)


# ------------------------------------------------------------------------------------------------ multicast masks


def create_tma_multicast_mask(vmnk: Layout, coord_vmnk, modes) -> int:
    """create_tma_multicast_mask<Modes...>(cluster_layout_vmnk, cta_coord_vmnk): the CTAs of the cluster that share
    this CTA's coordinate in every mode but ``modes`` (a uint16_t bit per CTA rank)."""
    crd = tuple(_ if i in modes else c for i, c in enumerate(coord_vmnk))
    sub = slice_layout(crd, vmnk)
    elected = int(crd2idx(tuple(_0 if c is _ else c for c in crd), vmnk.shape, vmnk.stride))
    mask = 0
    for i in range(int(size(sub))):
        mask |= 1 << int(sub(i))
    return (mask << elected) & 0xFFFF


def flat_coord(vmnk: Layout, rank: int):
    """cluster_layout_vmnk.get_flat_coord(rank) of a run-time rank (block_rank_in_cluster()): the hierarchical
    coordinate idx2crd(rank, shape, stride) -- (rank / stride) % shape per mode, by the layout's own strides --
    flattened to one coordinate per top-level mode (crd2crd)."""
    for s, d in zip(_leaves(vmnk.shape), _leaves(vmnk.stride)):
        if not (isinstance(s, C) and s == 1) and int(d) == 0:
            raise CuteDumpError(
                f"cluster_layout_vmnk {vmnk} has a stride-0 mode of extent {s} (a cluster smaller "
                "than the MMA atom's CTAs along M): get_flat_coord computes (idx / stride) % shape, "
                "a division by zero (CuTe's program dies of SIGFPE)"
            )
    hier = idx2crd(int(rank), vmnk.shape, vmnk.stride)
    return tuple(crd2idx_shape(h, s) for h, s in zip(hier, vmnk.shape))


def _leaves(t):
    return list(flatten(t)) if is_tuple(t) else [t]


# ------------------------------------------------------------------------------------------------ tutorial partition


class Sm100Partition:
    cta_coord_vmnk: tuple
    mma_coord: tuple
    mA: str
    gA: str
    tCgA: str
    tCsA: str
    tAgA: str
    tAsA: str
    masks: dict  # name -> mask
    transaction_bytes: int  # size<0>(cluster_layout_vmnk) * sizeof(make_tensor_like(tAsA))

    def __init__(self, cta_coord_vmnk, mma_coord, mA, gA, tCgA, tCsA, tAgA, tAsA, masks, transaction_bytes):
        self.cta_coord_vmnk = cta_coord_vmnk
        self.mma_coord = mma_coord
        self.mA = mA
        self.gA = gA
        self.tCgA = tCgA
        self.tCsA = tCsA
        self.tAgA = tAgA
        self.tAsA = tAsA
        self.masks = masks
        self.transaction_bytes = transaction_bytes

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(cta_coord_vmnk={self.cta_coord_vmnk!r}, "
            f"mma_coord={self.mma_coord!r}, mA={self.mA!r}, gA={self.gA!r}, tCgA={self.tCgA!r}, "
            f"tCsA={self.tCsA!r}, tAgA={self.tAgA!r}, tAsA={self.tAsA!r}, masks={self.masks!r}, "
            f"transaction_bytes={self.transaction_bytes!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.cta_coord_vmnk,
                self.mma_coord,
                self.mA,
                self.gA,
                self.tCgA,
                self.tCsA,
                self.tAgA,
                self.tAsA,
                self.masks,
                self.transaction_bytes,
            ) == (
                other.cta_coord_vmnk,
                other.mma_coord,
                other.mA,
                other.gA,
                other.tCgA,
                other.tCsA,
                other.tAgA,
                other.tAsA,
                other.masks,
                other.transaction_bytes,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable


def tma_partition_sm100(t: Sm100Tma, cta_rank: int = 0, mma_coord=None, smem_address: int = 0) -> Sm100Partition:
    """The tutorial partition (see tutorial_partition) of a make_tma_atom_A/B_sm100 atom."""
    if t.vmnk is None or t.operand == "C":
        raise CuteDumpError("the tutorial partition is for make_tma_atom_A/B_sm100 (the A and B loads)")
    return tutorial_partition(t.tma, t.mma, t.operand, t.tiler, t.vmnk, t.multicast, cta_rank, mma_coord, smem_address)


def make_tma_atom_tutorial(op: str, value_type: str, gmem: Layout, smem, tile, cluster_size: int = 1) -> T.TmaResult:
    """The generic make_tma_atom(op, gmem, sA_layout, select<0,2>(mma_tiler)[, size<2>(cluster_layout_vmnk)]) of
    tutorials 02/03 (and the epilogue's of 05): the UMMA smem layout passed whole (no pipeline stage)."""
    return T.make_tma(op, value_type, gmem, smem, tile, cluster_size, stages=False)


def tutorial_partition(
    r: T.TmaResult,
    mma,
    operand: str,
    mma_tiler,
    vmnk: Layout,
    multicast: bool,
    cta_rank: int = 0,
    mma_coord=None,
    smem_address: int = 0,
) -> Sm100Partition:
    """The Blackwell tutorials' partition (02..05_mma_tma_*_sm100.cu) of the CTA of rank ``cta_rank`` in its cluster,
    for the TMA ``r`` of operand A or B (make_tma_atom_X_sm100, or the generic make_tma_atom of tutorials 02/03):

        cta_in_cluster_coord_vmnk = cluster_layout_vmnk.get_flat_coord(cta_rank)
        gA   = local_tile(mA, mma_tiler, (m, n, _), Step<_1,X,_1>{})       (A; B: Step<X,_1,_1>)
        tCgA = tiled_mma.get_slice(v).partition_A(gA);  tCsA = make_tensor(make_smem_ptr<T>(addr), sA_layout)
        [tAgA, tAsA] = tma_partition(tma_atom_A, get<2>(cta_in_cluster_coord_vmnk),
                                     make_layout(size<2>(cluster_layout_vmnk)), group_modes<0,3>(tCsA),
                                     group_modes<0,3>(tCgA))
    (non-multicast ops: tma_partition(tma_atom_A, Int<0>{}, Layout<_1>{}, ...), as 02_mma_tma_sm100.cu), v being the
    peer CTA coordinate get<0>(cta_in_cluster_coord_vmnk) and (m, n) the MMA tile coordinate."""
    operand = operand.upper()
    if operand not in ("A", "B"):
        raise CuteDumpError("the tutorial partition is for the A and B loads")
    if len(mma_tiler) != 3:
        raise CuteDumpError(f"the tutorial partition takes an (M,N,K) mma tiler, got {fmt(mma_tiler)}")
    ncta = int(size(vmnk))
    if not 0 <= int(cta_rank) < ncta:
        raise CuteDumpError(f"--cta {cta_rank} is outside the cluster of {ncta} CTAs")
    cc = flat_coord(vmnk, cta_rank)
    m, n = (0, 0) if mma_coord is None else mma_coord
    drop, thrfrg, mode, _s = OPERANDS[operand]
    # gA = local_tile(mA, mma_tiler, (m,n,_), Step): the projection drops the tiler's and the coordinate's mode `drop`
    mA = Layout(r.gmem.shape, r.gmem_tma_basis_stride)
    coord0 = T.ArithCoord([_0] * r._coord_rank())
    tiler_x = tuple(x for i, x in enumerate(mma_tiler) if i != drop)
    crd_x = tuple(x for i, x in enumerate((int(m), int(n), _)) if i != drop)
    gA, gA_coord = T.local_tile_coord(mA, coord0, tiler_x, crd_x, "--cta-coord")
    # tCgA = cta_mma.partition_A(gA), cta_mma = tiled_mma.get_slice(v)
    thr = getattr(mma, thrfrg)(gA)
    a, b = {"A": (1, 3), "B": (2, 3)}[operand]
    tv = tuple(idx2crd(cc[0], product_each(mma.get_thr_layout_vmnk().shape)))
    nrest = len(thr.shape[1][1]) if is_tuple(thr.shape[1][1]) else 1
    crd = ((tv[0], (tv[a], tv[b])), (_, _ if nrest == 1 else (_,) * nrest))
    tCgA = slice_layout(crd, thr)
    tCgA_coord = gA_coord.plus(T.crd2idx_terms(crd, thr.shape, thr.stride))
    ptr = T._Ptr(smem_address, r.bits, r.smem_full_swizzle)
    sl = r.smem_full
    g = T._group0(tCgA, 3)
    s = T._group0(sl, 3)
    if multicast:
        cta_c, cta_layout = cc[mode], make_layout(C(int(size(vmnk, mode))))
    else:
        cta_c, cta_layout = _0, Layout(_1, _0)
    tAgA, tAsA = T.partition_core(r, g, tCgA_coord, s, ptr, cta_c, cta_layout)
    masks = {
        "tma_mcast_mask_a": create_tma_multicast_mask(vmnk, cc, (2,)),
        "tma_mcast_mask_b": create_tma_multicast_mask(vmnk, cc, (1,)),
        "mma_mcast_mask_c": create_tma_multicast_mask(vmnk, cc, (0, 1)) | create_tma_multicast_mask(vmnk, cc, (0, 2)),
    }
    nbytes = int(size(vmnk, 0)) * int(size(s)) * r.bits // 8
    return Sm100Partition(
        cta_coord_vmnk=cc,
        mma_coord=(m, n),
        mA=T.arith_str(coord0, mA),
        gA=T.arith_str(gA_coord, gA),
        tCgA=T.arith_str(tCgA_coord, tCgA),
        tCsA=f"{ptr} o {sl}",
        tAgA=tAgA,
        tAsA=tAsA,
        masks=masks,
        transaction_bytes=nbytes,
    )


def fmt_crd(c) -> str:
    return T.fmt_coord(c)


# ------------------------------------------------------------------------------------------------ CLI inputs, views


def tiled_mma_sm100(name: str, atom_layout: str | None = None):
    """make_tiled_mma(UMMA op, atom layout) of an SM100 UMMA atom name (C++ spelling)."""
    tm = make_tiled_mma(name, atom_layout)
    if getattr(tm.atom.traits, "spec", None) is None:
        raise CuteDumpError(
            f"--mma {name}: an SM100 UMMA atom (SM100_MMA_...), the TiledMMA the SM100 TMA makers "
            "partition with; Hopper's TMA takes --cta-tile and --cluster instead"
        )
    return tm


def parse_shape(text: str, what: str, example: str) -> tuple:
    """An option's (X,Y,Z) shape in the eval language."""
    v = T._eval(text, what)
    if not is_tuple(v) or len(v) != 3 or any(is_tuple(e) or not isinstance(e, int) for e in v):
        raise CuteDumpError(f"{what}: expected three extents such as {example}, got {text}")
    return v


def default_tiler(mma) -> tuple:
    """The tutorials' mma_tiler: (tile_size<0>, tile_size<1>, tile_size<2> * Int<4>) -- 4 MMAs along K."""
    m, n, k = mma.tile_shape()
    return (m, n, k * C(4))


def operand_type(mma, operand: str) -> str:
    """The MMA's value type of the operand (A, B; C: the accumulator D's)."""
    d, a, b, _c = mma.atom.val_types
    return {"A": a, "B": b, "C": d}[operand.upper()]


def default_smem_text(mma, operand: str, tiler, value_type: str) -> str:
    """The tutorials' smem layout: UMMA::tile_to_mma_shape(UMMA::Layout_{K|MN}_SW128_Atom<T>, partition_shape_X(mma,
    tile)), major from the UMMA atom (C: MN-major, i.e. M contiguous as the accumulator's (M,N))."""
    operand = operand.upper()
    drop = OPERANDS[operand][0]
    tile = tuple(x for i, x in enumerate(tiler[:3]) if i != drop)
    spec = mma.atom.traits.spec
    major = {"A": spec.a_major, "B": spec.b_major, "C": 1}[operand]
    shp = partition_shape(mma, operand, tile)
    return f"UMMA::tile_to_mma_shape(UMMA::Layout_{'K' if major == 0 else 'MN'}_SW128_Atom<{value_type}>, {fmt(shp)})"


def header(t: Sm100Tma, smem_text: str) -> list[str]:
    """The call CuTe makes and its inputs, as the text view prints them."""
    r, x = t.tma, t.operand
    sl = f"s{x}_layout"
    args = f"{r.op}{{}}, make_tensor(gmem_ptr<{r.value_type}>, {r.gmem}), {sl}, " + (
        "mma_tiler, tiled_mma, cluster_layout_vmnk)" if t.vmnk is not None else "mma_tiler, tiled_mma)"
    )
    out = [
        f"{t.maker}({args}",
        f"  tiled_mma:           {t.mma.atom.traits.cpp}  (ThrLayoutVMNK {t.mma.get_thr_layout_vmnk()})",
        f"  {sl}:           {r.smem}" + ("" if smem_text == str(r.smem) else f"  = {smem_text}"),
        f"  mma_tiler:           {fmt(t.tiler)}",
    ]
    if t.vmnk is not None:
        out.append(
            f"  cluster_layout_vmnk: {t.vmnk}  (tiled_divide of the cluster shape by AtomThrID {t.mma.atom.thr_id})"
        )
    out.append(
        f"  cta_v_tile:          {r.fmt_basis_layout(r.cta_v_map)}  (one CTA's values -> gmem modes: "
        f"layout<1>(tiled_mma.thrfrg_{x}(tile)))"
    )
    mode = OPERANDS[x][2]
    if t.vmnk is not None:
        if t.multicast:
            out.append(
                f"  multicast:           size<{mode}>(cluster_layout_vmnk) = {r.cluster} CTAs (the CTAs along the cluster's "
                f"{'N' if mode == 2 else 'M'} extent share each {x} tile)"
            )
        else:
            out.append(f"  multicast:           none ({r.op} is not a multicast op)")
    elif x != "C" and not t.multicast:
        out.append(f"  multicast:           none ({r.op} is not a multicast op)")
    elif x != "C":
        out.append(
            f"  multicast:           cosize of the TiledMMA's ThrLayoutVMNK projected on "
            f"{'N' if mode == 2 else 'M'}: {r.cluster} (make_tma_copy_{x}_sm100 takes no cluster shape)"
        )
    return out


def to_json(t: Sm100Tma, smem_text: str, part: Sm100Partition | None = None) -> dict:
    d = {
        "maker": t.maker,
        "operand": t.operand,
        "mma": t.mma.atom.traits.cpp,
        "thr_layout_vmnk": str(t.mma.get_thr_layout_vmnk()),
        "mma_tiler": fmt(t.tiler),
        "cluster_layout_vmnk": None if t.vmnk is None else str(t.vmnk),
        "smem_expr": smem_text,
        "cta_v_tile": t.tma.fmt_basis_layout(t.tma.cta_v_map),
        "multicast": t.tma.cluster,
    }
    d.update(T.to_json(t.tma))
    del d["cta_tile"], d["cluster"]
    if part is not None:
        d["partition"] = {
            "cta_rank": None,
            "cta_coord_vmnk": fmt_crd(part.cta_coord_vmnk),
            "mma_coord": list(part.mma_coord),
            "mA": part.mA,
            "gA": part.gA,
            "tCgA": part.tCgA,
            "tCsA": part.tCsA,
            "tAgA": part.tAgA,
            "tAsA": part.tAsA,
            "masks": {k: f"{v:#x}" for k, v in part.masks.items()},
            "tma_transaction_bytes": part.transaction_bytes,
        }
    return d
