"""TMA im2col loads (SM90 ``make_im2col_tma_copy``), host-only, mirroring cute/atom/copy_traits_sm90_im2col.hpp.

From the activation tensor of a convolution as CUTLASS's implicit GEMM hands it over (``((W,H,D,N),C)``: the GEMM M
mode is the pixels, the K mode the channels; CUTLASS's conv collectives build it with ``get_shape_A``), an smem
tile layout, a CTA tile, a multicast size and the convolution's corners and traversal strides, this computes what
CuTe computes on the host (make_tma_atom_im2col and make_tma_copy_im2col):

* the two unit-stride smem modes the TMA moves (``tma_layout_trunc``: channels and pixels) and their multicast
  split (``tma_layout_vt``): ``range_c`` (channelsPerPixel) and ``range_whdn`` (pixelsPerColumn);
* the arguments CuTe passes to ``cuTensorMapEncodeIm2col`` (make_im2col_tma_copy_desc): data type, rank, globalDim
  and globalStrides of the tensor reordered (C,W,H,D,N), the pixel box's lower and upper corners, channelsPerPixel,
  pixelsPerColumn, elementStrides (the traversal strides), interleave, swizzle, L2 promotion, OOB fill;
* the TiledCopy (make_tma_copy_im2col) and its ``print``.

Not modelled: ``get_tma_tensor`` (its GEMM shapes hold ``cutlass::FastDivmod`` for dynamic extents) and the
padding/dilation arguments, which only enter that tensor. The ScaledBasis model is the one of cutedump.atoms.tma.
"""

from __future__ import annotations

from cutedump.algebra import (
    C,
    Layout,
    coalesce,
    composition,
    cosize,
    fmt,
    logical_divide,
    make_layout,
    product_each,
    recast_layout,
    right_inverse,
    safe_div,
    size,
    tile_to_shape,
)
from cutedump.algebra.integer import overflow_reset
from cutedump.algebra.inttuple import is_int_tuple, is_tuple, wrap
from cutedump.atoms.tma import TMA_DATA_TYPES, Basis, _leaves, split_smem, tma_swizzle
from cutedump.atoms.types import canonical_type, value_type_bits
from cutedump.errors import CuteDumpError

OPS = {
    "SM90_TMA_LOAD_IM2COL": "gmem -> smem, im2col (convolution activations), one CTA",
    "SM90_TMA_LOAD_IM2COL_MULTICAST": "gmem -> smem, im2col, multicast to every CTA of the mask",
}

_0, _1 = C(0), C(1)


class Im2colResult:
    op: str
    value_type: str
    bits: int
    gmem: Layout
    smem: object
    cta_tiler: object  # product_each(shape(cta_v_map)): the TiledCopy's Tiler_MN
    cluster: int
    swizzle: object
    tma_layout_trunc: Layout  # encoded basis strides (tma.Basis over the two GEMM modes)
    tma_layout_vt: Layout
    gmem_cwhdn: Layout  # the gmem tensor reordered (C,W,H,D,N) as the descriptor sees it
    range_c: int
    range_whdn: int
    global_dim: list
    global_strides: list  # bytes, dims 1..rank-1
    lower_corner: list
    upper_corner: list
    element_strides: list
    swizzle_enum: str
    data_type: str
    layout_tv: Layout
    basis: Basis

    def __init__(
        self,
        op,
        value_type,
        bits,
        gmem,
        smem,
        cta_tiler,
        cluster,
        swizzle,
        tma_layout_trunc,
        tma_layout_vt,
        gmem_cwhdn,
        range_c,
        range_whdn,
        global_dim,
        global_strides,
        lower_corner,
        upper_corner,
        element_strides,
        swizzle_enum,
        data_type,
        layout_tv,
        basis,
    ):
        self.op = op
        self.value_type = value_type
        self.bits = bits
        self.gmem = gmem
        self.smem = smem
        self.cta_tiler = cta_tiler
        self.cluster = cluster
        self.swizzle = swizzle
        self.tma_layout_trunc = tma_layout_trunc
        self.tma_layout_vt = tma_layout_vt
        self.gmem_cwhdn = gmem_cwhdn
        self.range_c = range_c
        self.range_whdn = range_whdn
        self.global_dim = global_dim
        self.global_strides = global_strides
        self.lower_corner = lower_corner
        self.upper_corner = upper_corner
        self.element_strides = element_strides
        self.swizzle_enum = swizzle_enum
        self.data_type = data_type
        self.layout_tv = layout_tv
        self.basis = basis

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(op={self.op!r}, value_type={self.value_type!r}, "
            f"bits={self.bits!r}, gmem={self.gmem!r}, smem={self.smem!r}, cta_tiler={self.cta_tiler!r}, "
            f"cluster={self.cluster!r}, swizzle={self.swizzle!r}, "
            f"tma_layout_trunc={self.tma_layout_trunc!r}, tma_layout_vt={self.tma_layout_vt!r}, "
            f"gmem_cwhdn={self.gmem_cwhdn!r}, range_c={self.range_c!r}, range_whdn={self.range_whdn!r}, "
            f"global_dim={self.global_dim!r}, global_strides={self.global_strides!r}, "
            f"lower_corner={self.lower_corner!r}, upper_corner={self.upper_corner!r}, "
            f"element_strides={self.element_strides!r}, swizzle_enum={self.swizzle_enum!r}, "
            f"data_type={self.data_type!r}, layout_tv={self.layout_tv!r}, basis={self.basis!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.op,
                self.value_type,
                self.bits,
                self.gmem,
                self.smem,
                self.cta_tiler,
                self.cluster,
                self.swizzle,
                self.tma_layout_trunc,
                self.tma_layout_vt,
                self.gmem_cwhdn,
                self.range_c,
                self.range_whdn,
                self.global_dim,
                self.global_strides,
                self.lower_corner,
                self.upper_corner,
                self.element_strides,
                self.swizzle_enum,
                self.data_type,
                self.layout_tv,
                self.basis,
            ) == (
                other.op,
                other.value_type,
                other.bits,
                other.gmem,
                other.smem,
                other.cta_tiler,
                other.cluster,
                other.swizzle,
                other.tma_layout_trunc,
                other.tma_layout_vt,
                other.gmem_cwhdn,
                other.range_c,
                other.range_whdn,
                other.global_dim,
                other.global_strides,
                other.lower_corner,
                other.upper_corner,
                other.element_strides,
                other.swizzle_enum,
                other.data_type,
                other.layout_tv,
                other.basis,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    @property
    def rank(self) -> int:
        return len(self.global_dim)

    @property
    def num_elems_per_tma(self) -> int:
        return int(size(self.tma_layout_trunc))

    def tensor_map(self) -> dict:
        return {
            "data_type": self.data_type,
            "rank": self.rank,
            "global_dim": list(self.global_dim),
            "global_strides": list(self.global_strides),
            "lower_corner": list(self.lower_corner),
            "upper_corner": list(self.upper_corner),
            "channels_per_pixel": self.range_c,
            "pixels_per_column": self.range_whdn,
            "element_strides": list(self.element_strides),
            "interleave": "CU_TENSOR_MAP_INTERLEAVE_NONE",
            "swizzle": self.swizzle_enum,
            "l2_promotion": "CU_TENSOR_MAP_L2_PROMOTION_NONE",  # TMA::DescriptorAuxParams{}: L2Promotion::DISABLE
            "oob_fill": "CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE",  # OOBFill::ZERO
        }

    def atom_str(self) -> str:
        nb = C(self.num_elems_per_tma * self.bits)
        v = recast_layout(make_layout((_1, nb)), 1, self.bits)
        return (
            "Copy_Atom\n"
            f"  ThrID:        {make_layout(_1)}\n"
            f"  ValLayoutSrc: {v}\n"
            f"  ValLayoutDst: {v}\n"
            f"  ValLayoutRef: {v}\n"
            f"  ValueType:    {self.bits}b\n"
        )

    def tiled_copy_str(self) -> str:
        return (
            "TiledCopy\n"
            f"  Tiler_MN:       {fmt(self.cta_tiler)}\n"
            f"  TiledLayout_TV: {self.layout_tv}\n" + self.atom_str()
        )

    def fmt_basis_layout(self, L: Layout) -> str:
        return f"{fmt(L.shape)}:{self.basis.fmt(L.stride)}"


def _ints(v, n: int, what: str, default: int) -> list:
    if v is None:
        return [default] * n
    vals = list(v) if isinstance(v, list) else (_leaves(v) if is_tuple(v) else [v])
    if len(vals) != n:
        raise CuteDumpError(
            f"{what} has {len(vals)} value(s), the convolution has {n} spatial mode(s) (W,H,D of the "
            "gmem's pixel mode, without N)"
        )
    if not all(is_int_tuple(x) and not is_tuple(x) for x in vals):  # a _ or a layout where an int is needed
        raise CuteDumpError(
            f"{what}: expected one integer per spatial mode such as (1,1), got {', '.join(map(str, vals))}"
        )
    return [int(x) for x in vals]


def make_im2col(
    op: str,
    value_type: str,
    gmem: Layout,
    smem,
    cta_tiler=None,
    cluster: int = 1,
    lower_corner=None,
    upper_corner=None,
    traversal_stride=None,
) -> Im2colResult:
    """make_im2col_tma_copy(op, make_tensor(gmem_ptr<T>, gmem), smem, cta_tiler, Int<cluster>{}, lower_corner_whd,
    upper_corner_whd, ..., stride_whd, ...) (the padding, lower_srt and dilation arguments only enter the TMA
    tensor, which is not modelled)."""
    if op not in OPS:
        raise CuteDumpError(f"unknown im2col TMA op {op!r}; known: {', '.join(OPS)}")
    vt = canonical_type(value_type)
    bits = value_type_bits(vt)
    if vt not in TMA_DATA_TYPES:
        raise CuteDumpError(
            f"Unknown TMA Format! (static_assert in to_CUtensorMapDataType<{vt}>: TMA has no data "
            f"type for {vt}; known: {', '.join(TMA_DATA_TYPES)})"
        )
    if not isinstance(gmem, Layout) or not is_tuple(gmem.shape) or len(gmem.shape) != 2:
        raise CuteDumpError(
            f"the im2col gmem tensor is ((W,H,D,N),C): two modes, pixels and channels (CUTLASS's "
            f"get_shape_A), got {gmem}"
        )
    if int(cluster) < 1:
        raise CuteDumpError(f"--cluster must be >= 1, got {cluster}")
    if op == "SM90_TMA_LOAD_IM2COL" and int(cluster) != 1:
        raise CuteDumpError(f"{op} loads for one CTA: a multicast of {cluster} needs SM90_TMA_LOAD_IM2COL_MULTICAST")
    overflow_reset()
    sw, slayout = split_smem(smem)
    if cta_tiler is None:
        cta_tiler = product_each(slayout.shape)
    gshape2 = product_each(gmem.shape)
    basis = Basis(gshape2)
    ident = Layout(gshape2, basis.identity_strides(gshape2))
    cta_v_map = composition(ident, cta_tiler)
    if fmt(product_each(slayout.shape)) != fmt(product_each(cta_v_map.shape)):
        raise CuteDumpError(
            "TMA requires CTA_Tile and SLayout top-level shape equivalence. (static_assert in "
            f"make_tma_atom_im2col: smem {fmt(product_each(slayout.shape))}, CTA tile "
            f"{fmt(product_each(cta_v_map.shape))})"
        )
    ncta = C(int(cluster))
    if int(size(slayout)) % int(ncta) != 0:
        raise CuteDumpError(
            "Number of active CTAs in TMA must divide domain size of slayout. (static_assert in "
            f"make_tma_copy_im2col: size {size(slayout)}, {cluster} CTAs)"
        )
    inv_smem = right_inverse(slayout)
    sidx = coalesce(composition(cta_v_map, inv_smem))
    fs, fd = _leaves(sidx.shape), _leaves(sidx.stride)
    smem_rank = len(fd)
    for i, d in enumerate(fd):
        k, j = Basis.split(d)
        if not (j is not None and isinstance(k, C) and int(k) == 1):
            smem_rank = i
            break
    if smem_rank < 2:
        raise CuteDumpError(
            "IM2COL expects at least 2 modes of the smem to vectorize with gmem. (static_assert in "
            f"make_tma_atom_im2col: smem idx -> gmem mode is {fmt(sidx.shape)}:"
            f"{basis.fmt(sidx.stride)})"
        )
    trunc = Layout((fs[0], fs[1]), (fd[0], fd[1]))
    vt_layout = logical_divide(trunc, safe_div(size(trunc), ncta))
    m0 = wrap(vt_layout.shape)[0]
    if not (is_tuple(m0) and len(m0) == 2):
        raise CuteDumpError(
            f"the multicast of {cluster} CTAs splits the channel mode of the TMA box "
            f"{fmt(trunc.shape)}:{basis.fmt(trunc.stride)} (tma_layout_vt = {fmt(vt_layout.shape)}): "
            "CuTe's size<0,1>(tma_layout_vt) does not exist (compile error)"
        )
    s0 = wrap(vt_layout.stride)[0]
    range_c, range_whdn = int(size(m0[0])), int(size(m0[1]))
    j0, j1 = Basis.split(_leaves(s0[0])[0])[1], Basis.split(_leaves(s0[1])[0])[1]
    pick = lambda j: (wrap(gmem.shape)[j], wrap(gmem.stride)[j])  # noqa: E731   basis_get(E<j>, gtensor)
    (a_s, a_d), (b_s, b_d) = pick(j0), pick(j1)
    cw_shape = _leaves(a_s) + _leaves(b_s)
    cw_stride = _leaves(a_d) + _leaves(b_d)
    gmem_cwhdn = Layout(tuple(cw_shape), tuple(cw_stride))
    rank = len(cw_shape)
    if rank > 5:
        raise CuteDumpError(f"cuTensorMapEncodeIm2col takes at most 5 modes (C,W,H,D,N); the gmem has {rank}")
    if rank < 3:
        raise CuteDumpError(f"an im2col TMA needs at least one spatial mode: the gmem (C,W,...,N) has {rank} modes")
    nsp = rank - 2
    lower = _ints(lower_corner, nsp, "--lower-corner", 0)
    upper = _ints(upper_corner, nsp, "--upper-corner", 0)
    trav = _ints(traversal_stride, nsp, "--traversal-stride", 1)
    for i in range(nsp):
        # gemm_mn: q/p/z = (w/h/d + (upper - lower - 1)) / stride + 1 (C++ division), a cutlass::FastDivmod when
        # dynamic: FastDivmod(0) divides by zero on the host
        w = int(cw_shape[i + 1])
        num = w + upper[i] - lower[i] - 1
        if trav[i] == 0:
            raise CuteDumpError(
                f"--traversal-stride: mode {i} is 0: CuTe divides the output extent by it (a "
                "division by zero on the host)"
            )
        q = (abs(num) // abs(trav[i])) * (1 if (num >= 0) == (trav[i] > 0) else -1) + 1
        if q == 0:
            raise CuteDumpError(
                f"the output extent of spatial mode {i} is ({w} + {upper[i]} - ({lower[i]}) - 1) / "
                f"{trav[i]} + 1 = 0: CuTe's make_im2col_tma_copy_desc builds cutlass::FastDivmod(0) "
                "for it, a division by zero on the host (SIGFPE); the corners leave no output pixel"
            )
    estr = [1] * rank
    for i in range(nsp):
        estr[i + 1] = trav[i] % (1 << 32)
    gdim = [int(s) % (1 << 64) for s in cw_shape]
    gstr = [(int(d) * bits // 8) % (1 << 64) for d in cw_stride[1:]]
    _bits, _base, senum = tma_swizzle(sw)
    # ---------------- make_tma_copy_im2col: the TiledCopy
    num_elems = C(int(size(trunc)))
    layout_v = composition(inv_smem, num_elems)
    layout_V = tile_to_shape(make_layout(layout_v), size(cta_v_map))
    cta_t_map = make_layout(ncta)
    layout_t = make_layout(cosize(cta_t_map), safe_div(num_elems, cosize(cta_t_map)))
    layout_T = composition(inv_smem, composition(layout_t, cta_t_map))
    res = Im2colResult(
        op=op,
        value_type=vt,
        bits=bits,
        gmem=gmem,
        smem=smem,
        cta_tiler=product_each(cta_v_map.shape),
        cluster=int(cluster),
        swizzle=sw,
        tma_layout_trunc=trunc,
        tma_layout_vt=vt_layout,
        gmem_cwhdn=gmem_cwhdn,
        range_c=range_c,
        range_whdn=range_whdn,
        global_dim=gdim,
        global_strides=gstr,
        lower_corner=[((x + (1 << 31)) % (1 << 32)) - (1 << 31) for x in lower],
        upper_corner=[((x + (1 << 31)) % (1 << 32)) - (1 << 31) for x in upper],
        element_strides=estr,
        swizzle_enum=senum,
        data_type=TMA_DATA_TYPES[vt],
        layout_tv=make_layout(layout_T, layout_V),
        basis=basis,
    )
    overflow_reset()
    return res


def explain(r: Im2colResult) -> list[str]:
    nbytes = r.num_elems_per_tma * r.bits // 8
    out = [
        f"tma_layout_trunc (the two unit-stride smem modes -> GEMM mode): {r.fmt_basis_layout(r.tma_layout_trunc)}",
        f"  split over the multicast: tma_layout_vt = {r.fmt_basis_layout(r.tma_layout_vt)}",
        f"  gmem as the descriptor sees it (C,W,...,N): {r.gmem_cwhdn}",
        f"box: channelsPerPixel {r.range_c} x pixelsPerColumn {r.range_whdn} = "
        f"{r.range_c * r.range_whdn} elements = {r.range_c * r.range_whdn * r.bits // 8} bytes per CTA; the whole "
        f"box {r.num_elems_per_tma} elements = {nbytes} bytes (NumBitsPerTMA {r.num_elems_per_tma * r.bits})",
        f"pixels: each of the {r.range_whdn} pixels of a column reads {r.range_c} channels at its filter offset "
        f"inside the window from the lower corner {{{', '.join(map(str, r.lower_corner))}}} to the upper corner "
        f"{{{', '.join(map(str, r.upper_corner))}}} (W,H,D order), stepping by the traversal strides "
        f"{{{', '.join(map(str, r.element_strides[1:-1]))}}}",
        "swizzle: "
        + (
            f"{r.swizzle} -> {r.swizzle_enum}"
            if r.swizzle is not None
            else "the smem layout is not swizzled -> CU_TENSOR_MAP_SWIZZLE_NONE"
        ),
        "not modelled: tma.get_tma_tensor (its GEMM shapes hold cutlass::FastDivmod) and the padding, lower_srt "
        "and dilation arguments, which only enter it",
    ]
    return out


def to_json(r: Im2colResult) -> dict:
    return {
        "op": r.op,
        "type": r.value_type,
        "gmem": str(r.gmem),
        "smem": str(r.smem),
        "cta_tile": fmt(r.cta_tiler),
        "cluster": r.cluster,
        "tiled_copy": r.tiled_copy_str(),
        "copy_atom": r.atom_str(),
        "tensor_map": r.tensor_map(),
        "tma_layout_trunc": r.fmt_basis_layout(r.tma_layout_trunc),
        "tma_layout_vt": r.fmt_basis_layout(r.tma_layout_vt),
        "gmem_cwhdn": str(r.gmem_cwhdn),
        "elements_per_tma": r.num_elems_per_tma,
        "swizzle": r.swizzle_enum,
    }
