"""TMA copies (SM90 ``make_tma_copy`` / ``make_tma_atom``), host-only, mirroring cute/atom/copy_traits_sm90_tma.hpp.

From a gmem tensor (shape:stride, element type), an smem layout (plain, or ``Sw<B,M,S> o offset o L``), a CTA tile
and a cluster size this computes what CuTe computes on the host:

* ``tma_gbasis`` (detail::construct_tma_gbasis): TMA box mode -> gmem mode(s);
* the arguments CuTe passes to ``cuTensorMapEncodeTiled`` (detail::make_tma_copy_desc): data type, rank,
  globalDim, globalStrides (bytes), boxDim (divided by the multicast), elementStrides, interleave, swizzle,
  L2 promotion, OOB fill -- with CuTe's asserts where TMA cannot do the input;
* the TiledCopy (detail::make_tma_copy_tiled) and its ``print``;
* the TMA coordinate tensor's strides (``get_tma_tensor``) and ``tma_partition`` of a CTA's gmem/smem tiles.

ScaledBasis strides (``_1@0``) are modelled by integers, as render/grid.py does: gmem leaf mode j is the integer
``BIG**j`` (BIG = 2**32), so the engine's composition / coalesce on integers give the ScaledBasis results (a mode-j
piece never merges with a mode-k piece, since no in-tile offset reaches BIG).
"""

from __future__ import annotations

import math

from cutedump.algebra import (
    UNDERSCORE,
    C,
    Layout,
    coalesce,
    composition,
    cosize,
    flatten,
    fmt,
    is_static,
    logical_divide,
    make_layout,
    product_each,
    recast_layout,
    right_inverse,
    safe_div,
    size,
    slice_layout,
    swizzle_slice,
    tile_to_shape,
    zipped_divide,
)
from cutedump.algebra.integer import div, mod, overflow_reset
from cutedump.algebra.inttuple import crd2idx, is_int_tuple, is_tuple, product, wrap
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.atoms.types import canonical_type, value_type_bits
from cutedump.errors import CuteDumpError
from cutedump.limits import MAX_TMA_MODES, check_modes, check_text
from cutedump.versions import CUTLASS_ONLY, cutlass, require_cutlass

BIG = 1 << 32

OPS = {
    # op name -> (what it does, multicast allowed in the name)
    "SM90_TMA_LOAD": "gmem -> smem, one CTA",
    "SM90_TMA_LOAD_MULTICAST": "gmem -> smem of every CTA in the multicast mask (each CTA loads 1/N of the box)",
    "SM90_TMA_STORE": "smem -> gmem",
    "SM90_TMA_REDUCE_ADD": "smem -> gmem, element-wise add into gmem",
    "SM100_TMA_2SM_LOAD": "gmem -> smem of a CTA pair (2-SM UMMA); make_tma_copy needs a cluster of 2 or more",
    "SM100_TMA_2SM_LOAD_MULTICAST": "gmem -> smem of CTA pairs in the multicast mask",
    "SM100_TMA_LOAD_2D_GATHER4": "gmem -> smem, 4 rows of a 2D tensor picked by index (CUTLASS 4.7)",
    "SM100_TMA_LOAD_MULTICAST_2D_GATHER4": "gather4, multicast to the CTAs in the mask (CUTLASS 4.7)",
    "SM100_TMA_STORE_2D_SCATTER4": "smem -> gmem, 4 rows of a 2D tensor, each to a row picked by index (CUTLASS 4.7)",
}
#: CUTLASS 4.7's gather4 loads (versions.CUTLASS_ONLY) -> multicast?: only make_tma_atom_{A,B}_sm100 take them;
#: detail::make_tma_copy_atom keeps mode 0 of the 2D TMA basis and one row of mode 1 (the box), and one TMA moves
#: 4 such rows (NumBitsPerTMA = 4 x the box)
GATHER4_OPS = {"SM100_TMA_LOAD_2D_GATHER4": False, "SM100_TMA_LOAD_MULTICAST_2D_GATHER4": True}
#: CUTLASS 4.7's scatter4 store: made by make_tma_atom / make_tma_copy (a store: cluster 1), its box as gather4's
SCATTER4_OPS = ("SM100_TMA_STORE_2D_SCATTER4",)


def ops_now() -> list[str]:
    """The TMA ops of the CUTLASS answered now (versions.CUTLASS_ONLY)."""
    v = cutlass()
    return [o for o in OPS if v in CUTLASS_ONLY.get(o, (v,))]


# cute/arch/copy_sm90_desc.hpp: to_CUtensorMapDataType<T>()
TMA_DATA_TYPES = {
    "int8_t": "CU_TENSOR_MAP_DATA_TYPE_UINT8",
    "uint8_t": "CU_TENSOR_MAP_DATA_TYPE_UINT8",
    "float_e4m3_t": "CU_TENSOR_MAP_DATA_TYPE_UINT8",
    "float_e5m2_t": "CU_TENSOR_MAP_DATA_TYPE_UINT8",
    "float_ue8m0_t": "CU_TENSOR_MAP_DATA_TYPE_UINT8",
    "uint16_t": "CU_TENSOR_MAP_DATA_TYPE_UINT16",
    "uint32_t": "CU_TENSOR_MAP_DATA_TYPE_UINT32",
    "uint64_t": "CU_TENSOR_MAP_DATA_TYPE_UINT64",
    "int32_t": "CU_TENSOR_MAP_DATA_TYPE_INT32",
    "int64_t": "CU_TENSOR_MAP_DATA_TYPE_INT64",
    "half_t": "CU_TENSOR_MAP_DATA_TYPE_FLOAT16",
    "float": "CU_TENSOR_MAP_DATA_TYPE_FLOAT32",
    "double": "CU_TENSOR_MAP_DATA_TYPE_FLOAT64",
    "bfloat16_t": "CU_TENSOR_MAP_DATA_TYPE_BFLOAT16",
    "tfloat32_t": "CU_TENSOR_MAP_DATA_TYPE_TFLOAT32",
}

SWIZZLE_NAMES = [
    "CU_TENSOR_MAP_SWIZZLE_NONE",
    "CU_TENSOR_MAP_SWIZZLE_32B",
    "CU_TENSOR_MAP_SWIZZLE_64B",
    "CU_TENSOR_MAP_SWIZZLE_128B",
    "CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B",
    "CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B_FLIP_8B",
    "CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B",
]

_0, _1 = C(0), C(1)


# ------------------------------------------------------------------------------------------------ ScaledBasis model


class Basis:
    """The gmem leaf modes of a (possibly nested) gmem shape: leaf j <-> integer BIG**j <-> ScaledBasis E<path_j>."""

    def __init__(self, gshape):
        self.paths = []
        self._walk(gshape, ())

    def _walk(self, s, path):
        if is_tuple(s):
            for i, e in enumerate(s):
                self._walk(e, path + (i,))
        else:
            self.paths.append(path if path else (0,))

    def identity_strides(self, gshape):
        """make_basis_like(shape): the stride tuple of make_identity_layout(shape), encoded."""
        counter = iter(range(len(self.paths)))

        def go(s):
            if is_tuple(s):
                return tuple(go(e) for e in s)
            return C(BIG ** next(counter))

        return go(gshape)

    @staticmethod
    def split(v):
        """Encoded stride -> (value k, leaf j); (v, None) for 0."""
        n = int(v)
        if n == 0:
            return v, None
        j = 0
        while n % BIG == 0:
            n //= BIG
            j += 1
        return (C(n) if isinstance(v, C) else n), j

    def fmt(self, v) -> str:
        """CuTe's print of a ScaledBasis: value, then the mode path in reverse (E<1,0> prints k@0@1)."""
        if is_tuple(v):
            return "(" + ",".join(self.fmt(e) for e in v) + ")"
        k, j = self.split(v)
        if j is None:
            return fmt(v)
        path = self.paths[j]
        return fmt(k) + "".join(f"@{p}" for p in reversed(path))


def _leaves(t):
    return list(flatten(t)) if is_tuple(t) else [t]


# ------------------------------------------------------------------------------------------------ inputs


class TmaResult:
    op: str
    value_type: str
    bits: int
    gmem: Layout
    smem: object
    cta_tiler: object
    cluster: int
    swizzle: Swizzle | None
    smem_layout: Layout  # non-swizzle portion (stage 0 when the smem has pipeline modes)
    cta_v_map: Layout  # encoded basis strides
    sidx2gmode_full: Layout
    sidx2gmode: Layout
    tile_gstride: Layout
    tma_gstride: Layout
    tma_gbasis: Layout
    num_elems_per_tma: C
    global_dim: list
    global_strides_elems: list
    global_strides: list  # bytes, rank-1 entries
    box_dim: list
    box_dim_full: list  # before the multicast division
    element_strides: list
    swizzle_bits: str
    swizzle_base: str
    swizzle_enum: str
    data_type: str
    layout_tv: Layout
    tiler_mn: object
    basis: Basis
    gmem_tma_basis_stride: object = None
    smem_full: Layout | None = None  # non-swizzle portion with the pipeline modes
    smem_full_swizzle: Swizzle | None = None

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
        smem_layout,
        cta_v_map,
        sidx2gmode_full,
        sidx2gmode,
        tile_gstride,
        tma_gstride,
        tma_gbasis,
        num_elems_per_tma,
        global_dim,
        global_strides_elems,
        global_strides,
        box_dim,
        box_dim_full,
        element_strides,
        swizzle_bits,
        swizzle_base,
        swizzle_enum,
        data_type,
        layout_tv,
        tiler_mn,
        basis,
        gmem_tma_basis_stride=None,
        smem_full=None,
        smem_full_swizzle=None,
    ):
        self.op = op
        self.value_type = value_type
        self.bits = bits
        self.gmem = gmem
        self.smem = smem
        self.cta_tiler = cta_tiler
        self.cluster = cluster
        self.swizzle = swizzle
        self.smem_layout = smem_layout
        self.cta_v_map = cta_v_map
        self.sidx2gmode_full = sidx2gmode_full
        self.sidx2gmode = sidx2gmode
        self.tile_gstride = tile_gstride
        self.tma_gstride = tma_gstride
        self.tma_gbasis = tma_gbasis
        self.num_elems_per_tma = num_elems_per_tma
        self.global_dim = global_dim
        self.global_strides_elems = global_strides_elems
        self.global_strides = global_strides
        self.box_dim = box_dim
        self.box_dim_full = box_dim_full
        self.element_strides = element_strides
        self.swizzle_bits = swizzle_bits
        self.swizzle_base = swizzle_base
        self.swizzle_enum = swizzle_enum
        self.data_type = data_type
        self.layout_tv = layout_tv
        self.tiler_mn = tiler_mn
        self.basis = basis
        self.gmem_tma_basis_stride = gmem_tma_basis_stride
        self.smem_full = smem_full
        self.smem_full_swizzle = smem_full_swizzle
        self.tma_type = None  # the maker's TmaInternalType where it is not value_type (build_tma sets it)
        self.tma_bits = bits

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(op={self.op!r}, value_type={self.value_type!r}, "
            f"bits={self.bits!r}, gmem={self.gmem!r}, smem={self.smem!r}, cta_tiler={self.cta_tiler!r}, "
            f"cluster={self.cluster!r}, swizzle={self.swizzle!r}, smem_layout={self.smem_layout!r}, "
            f"cta_v_map={self.cta_v_map!r}, sidx2gmode_full={self.sidx2gmode_full!r}, "
            f"sidx2gmode={self.sidx2gmode!r}, tile_gstride={self.tile_gstride!r}, "
            f"tma_gstride={self.tma_gstride!r}, tma_gbasis={self.tma_gbasis!r}, "
            f"num_elems_per_tma={self.num_elems_per_tma!r}, global_dim={self.global_dim!r}, "
            f"global_strides_elems={self.global_strides_elems!r}, global_strides={self.global_strides!r}, "
            f"box_dim={self.box_dim!r}, box_dim_full={self.box_dim_full!r}, "
            f"element_strides={self.element_strides!r}, swizzle_bits={self.swizzle_bits!r}, "
            f"swizzle_base={self.swizzle_base!r}, swizzle_enum={self.swizzle_enum!r}, "
            f"data_type={self.data_type!r}, layout_tv={self.layout_tv!r}, tiler_mn={self.tiler_mn!r}, "
            f"basis={self.basis!r}, gmem_tma_basis_stride={self.gmem_tma_basis_stride!r}, "
            f"smem_full={self.smem_full!r}, smem_full_swizzle={self.smem_full_swizzle!r})"
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
                self.smem_layout,
                self.cta_v_map,
                self.sidx2gmode_full,
                self.sidx2gmode,
                self.tile_gstride,
                self.tma_gstride,
                self.tma_gbasis,
                self.num_elems_per_tma,
                self.global_dim,
                self.global_strides_elems,
                self.global_strides,
                self.box_dim,
                self.box_dim_full,
                self.element_strides,
                self.swizzle_bits,
                self.swizzle_base,
                self.swizzle_enum,
                self.data_type,
                self.layout_tv,
                self.tiler_mn,
                self.basis,
                self.gmem_tma_basis_stride,
                self.smem_full,
                self.smem_full_swizzle,
            ) == (
                other.op,
                other.value_type,
                other.bits,
                other.gmem,
                other.smem,
                other.cta_tiler,
                other.cluster,
                other.swizzle,
                other.smem_layout,
                other.cta_v_map,
                other.sidx2gmode_full,
                other.sidx2gmode,
                other.tile_gstride,
                other.tma_gstride,
                other.tma_gbasis,
                other.num_elems_per_tma,
                other.global_dim,
                other.global_strides_elems,
                other.global_strides,
                other.box_dim,
                other.box_dim_full,
                other.element_strides,
                other.swizzle_bits,
                other.swizzle_base,
                other.swizzle_enum,
                other.data_type,
                other.layout_tv,
                other.tiler_mn,
                other.basis,
                other.gmem_tma_basis_stride,
                other.smem_full,
                other.smem_full_swizzle,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    # ---- views
    @property
    def rank(self) -> int:
        return len(self.box_dim)

    def fmt_basis(self, v) -> str:
        return self.basis.fmt(v)

    def fmt_basis_layout(self, L: Layout) -> str:
        return f"{fmt(L.shape)}:{self.basis.fmt(L.stride)}"

    def tensor_map(self) -> dict:
        return {
            "data_type": self.data_type,
            "rank": self.rank,
            "global_dim": list(self.global_dim),
            "global_strides": list(self.global_strides),
            "box_dim": list(self.box_dim),
            "element_strides": list(self.element_strides),
            "interleave": "CU_TENSOR_MAP_INTERLEAVE_NONE",
            "swizzle": self.swizzle_enum,
            "l2_promotion": "CU_TENSOR_MAP_L2_PROMOTION_L2_128B",
            "oob_fill": "CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE",
        }

    def atom_str(self) -> str:
        nb = C(int(self.num_elems_per_tma) * self.bits)
        if self.op.startswith("SM100_TMA_2SM"):
            # Copy_Traits<SM100_TMA_2SM_LOAD*>: ThrID Layout<_2>, SrcLayout (_2,NumBits):(NumBits,_1)
            thr, bits_layout = make_layout(C(2)), Layout((C(2), nb), (nb, _1))
        else:
            thr, bits_layout = make_layout(_1), make_layout((_1, nb))
        v = recast_layout(bits_layout, 1, self.bits)
        return (
            "Copy_Atom\n"
            f"  ThrID:        {thr}\n"
            f"  ValLayoutSrc: {v}\n"
            f"  ValLayoutDst: {v}\n"
            f"  ValLayoutRef: {v}\n"
            f"  ValueType:    {self.bits}b\n"
        )

    def copy_atom_str(self) -> str:
        """print(make_tma_atom(...)): the Copy_Atom alone."""
        return self.atom_str()

    def tiled_copy_str(self) -> str:
        """print(tma): the TiledCopy CuTe returns from make_tma_copy."""
        return (
            f"TiledCopy\n  Tiler_MN:       {fmt(self.tiler_mn)}\n  TiledLayout_TV: {self.layout_tv}\n" + self.atom_str()
        )

    def tma_tensor_str(self) -> str:
        """print(tma.get_tma_tensor(shape(gmem)))."""
        return f"ArithTuple{self._coord0()} o {fmt(self.gmem.shape)}:{self.basis_tma_fmt(self.gmem_tma_basis_stride)}"

    def _coord0(self) -> str:
        return "(" + ",".join(["_0"] * self._coord_rank()) + ")"

    def _coord_rank(self) -> int:
        m = -1
        for v in _leaves(self.gmem_tma_basis_stride):
            k, j = _tma_split(v)
            if j is not None:
                m = max(m, j)
        return m + 1

    @staticmethod
    def basis_tma_fmt(v) -> str:
        """ScaledBasis strides over TMA modes (flat E<j>), encoded as k * BIG**j."""
        if is_tuple(v):
            return "(" + ",".join(TmaResult.basis_tma_fmt(e) for e in v) + ")"
        k, j = _tma_split(v)
        if j is None:
            return fmt(v)
        return f"{fmt(k)}@{j}"

    @property
    def instructions_per_cta_tile(self) -> int:
        return int(size(self.cta_v_map)) // int(self.num_elems_per_tma)


def _tma_split(v):
    return Basis.split(v)


# ------------------------------------------------------------------------------------------------ smem


def split_smem(smem):
    """(swizzle or None, non-swizzle layout) as get_swizzle_portion / get_nonswizzle_portion see them."""
    if isinstance(smem, Layout):
        return None, smem
    if isinstance(smem, ComposedLayout):
        if not isinstance(smem.a, Swizzle) or not isinstance(smem.b, Layout):
            raise CuteDumpError(
                f"the smem layout {smem} is not Swizzle o offset o Layout: TMA reads a swizzle "
                "function and a plain layout (get_swizzle_portion / get_nonswizzle_portion)"
            )
        return smem.a, smem.b
    raise CuteDumpError(f"the smem layout must be a layout or a swizzled (composed) layout, not {smem}")


def tma_swizzle(sw: Swizzle | None):
    """(SmemSwizzleBits, SmemSwizzleBase, CUtensorMapSwizzle) of get_tma_swizzle_bits/base, with CuTe's asserts."""
    if sw is None:
        b, m, s = 0, 4, 3  # get_swizzle_portion of a plain layout: Swizzle<0,4,3>
    else:
        b, m, s = int(sw.b), int(sw.m), int(sw.s)
    if m == 4:
        if not 0 <= b <= 3:
            raise CuteDumpError(
                "Expected B = 0,1,2, or 3 when M == 4. Unsupported layout swizzle. "
                f"(static_assert in get_tma_swizzle_bits, Swizzle<{b},{m},{s}>)"
            )
        bits = ["DISABLE", "B32", "B64", "B128"][b]
        if s != 3:
            raise CuteDumpError(
                "Expected S = 3 when M == 4. Unsupported layout swizzle. "
                f"(static_assert in get_tma_swizzle_base, Swizzle<{b},{m},{s}>)"
            )
        return bits, "SWIZZLE_BASE_16B", SWIZZLE_NAMES[b]
    if m in (5, 6):
        if b != 2:
            raise CuteDumpError(
                "Expected B = 2 when M == 5 or 6. Unsupported layout swizzle. "
                f"(static_assert in get_tma_swizzle_bits, Swizzle<{b},{m},{s}>)"
            )
        if m == 5:
            if s != 2:
                raise CuteDumpError(
                    "Expected S = 2 when M == 5. Unsupported layout swizzle. "
                    f"(static_assert in get_tma_swizzle_base, Swizzle<{b},{m},{s}>)"
                )
            return "B128", "SWIZZLE_BASE_32B", "CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B"
        return "B128", "SWIZZLE_BASE_64B", "CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B"
    raise CuteDumpError(
        f"Unsupported layout swizzle. (static_assert in get_tma_swizzle_bits: Swizzle<{b},{m},{s}> has M outside 4..6)"
    )


# ------------------------------------------------------------------------------------------------ algorithm


def _coalesce_256(L: Layout) -> Layout:
    """detail::coalesce_256: greedy coalesce of the flat modes, merging only up to size 256."""
    fs, fd = _leaves(L.shape), _leaves(L.stride)
    ns, nd = fs[0], fd[0]
    ns_t = False  # is the new shape a tuple yet?
    shp, std = [ns], [nd]
    for s, d in zip(fs[1:], fd[1:]):
        if isinstance(s, C) and s == 1:
            continue
        if not ns_t and isinstance(shp[0], C) and shp[0] == 1:
            shp, std = [s], [d]
            continue
        bs, bd = shp[-1], std[-1]
        prod = bs * bd
        merged = s * bs
        if (
            isinstance(prod, C)
            and isinstance(d, C)
            and int(prod) == int(d)
            and isinstance(merged, C)
            and int(merged) <= 256
        ):
            shp[-1] = merged
            continue
        shp.append(s)
        std.append(d)
        ns_t = True
    if not ns_t:
        if isinstance(shp[0], C) and shp[0] == 1:
            return Layout(_1, _0)
        return Layout(shp[0], std[0])
    return Layout(tuple(shp), tuple(std))


def _compose_gmem(gmem: Layout, basis: Basis, sidx2gmode: Layout) -> Layout:
    """gtensor.compose(sidx2gmode): each mode s:k@j of the right side becomes s:(k * gmem stride of leaf j)."""
    gstrides = _leaves(gmem.stride)

    def go(s, d):
        if is_tuple(s):
            return [go(a, b) for a, b in zip(s, d)]
        k, j = Basis.split(d)
        if j is None:
            return (s, d)
        return (s, k * gstrides[j])

    def shp(t):
        return tuple(shp(e) for e in t) if isinstance(t, list) else t[0]

    def std(t):
        return tuple(std(e) for e in t) if isinstance(t, list) else t[1]

    r = go(sidx2gmode.shape, sidx2gmode.stride)
    return Layout(shp(r), std(r))


def check_inputs(op: str, value_type: str, gmem, tma_type: str | None = None) -> tuple[str, int]:
    """The op, element type and gmem tensor every TMA maker reads: (canonical type, bits), or CuTe's refusal (the
    tensor map's data type is ``tma_type``'s when a TmaInternalType is given)."""
    if op in OPS:
        require_cutlass(op)  # a CUTLASS 4.7 op under 4.2: one line
    else:
        import difflib

        close = difflib.get_close_matches(op, ops_now(), n=2, cutoff=0.5)
        raise CuteDumpError(
            f"unknown TMA op {op!r}"
            + (f" (did you mean {', '.join(close)}?)" if close else "")
            + f"; known: {', '.join(ops_now())}"
        )
    vt = canonical_type(value_type)
    bits = value_type_bits(vt)
    if vt in ("float_e2m1_t", "float_e2m3_t", "float_e3m2_t"):
        raise CuteDumpError(
            f"{vt}: CuTe maps this sub-byte type to a packed TMA format (16U4/16U6) through "
            "recast; cutedump does not model sub-byte TMA copies"
        )
    if tma_type is None and vt not in TMA_DATA_TYPES:
        raise CuteDumpError(
            f"Unknown TMA Format! (static_assert in to_CUtensorMapDataType<{vt}>: TMA has no "
            f"data type for {vt}; known: {', '.join(TMA_DATA_TYPES)})"
        )
    if not isinstance(gmem, Layout):
        raise CuteDumpError(f"the gmem layout must be a plain layout (shape:stride), not {gmem}")
    return vt, bits


def static_smem(smem):
    """(swizzle or None, non-swizzle layout) of an smem layout TMA can read (a static one)."""
    sw, slayout = split_smem(smem)
    if not is_static(slayout.shape) or not is_static(slayout.stride):
        raise CuteDumpError(f"the smem layout {slayout} must be static (TMA's box is a compile-time shape)")
    return sw, slayout


def identity_map(gmem: Layout, tiler):
    """(Basis, make_identity_layout(shape(gmem)).compose(tiler)), the strides encoded (see Basis)."""
    basis = Basis(gmem.shape)
    return basis, composition(Layout(gmem.shape, basis.identity_strides(gmem.shape)), tiler)


def make_tma(
    op: str, value_type: str, gmem: Layout, smem, cta_tiler=None, cluster: int = 1, stages: bool = True
) -> TmaResult:
    """make_tma_copy(op, make_tensor(gmem_ptr<T>, gmem), smem, cta_tiler, Int<cluster>{}) (and make_tma_atom, its
    Copy_Atom). ``stages``: smem modes beyond the tile are pipeline stages, the TMA built from stage 0 (the Hopper
    tutorial's sA(_,_,0)); stages=False passes the smem layout whole, as the Blackwell tutorials pass an
    ((MMA_M,MMA_K),NumMma_M,NumMma_K) layout with an (M,K) tile."""
    vt, bits = check_inputs(op, value_type, gmem)
    if op in GATHER4_OPS:
        raise CuteDumpError(
            f"{op}: cutedump answers the gather4 loads through make_tma_atom_A/B_sm100 only (checked against "
            "CUTLASS 4.7); make_tma_copy / make_tma_atom of them is not modelled"
        )
    if int(cluster) < 1:
        raise CuteDumpError(f"--cluster must be >= 1, got {cluster}")
    if op.startswith("SM100_TMA_2SM") and int(cluster) % 2:
        raise CuteDumpError(
            f"TiledCopy uses too few thrs for selected CopyAtom: {op}'s atom has 2 threads (ThrID "
            f"_2:_1) and make_tma_copy's TiledCopy has the cluster's {cluster}"
        )
    overflow_reset()
    sw, slayout = static_smem(smem)
    smem_full, smem_full_sw = slayout, sw
    if (
        stages
        and cta_tiler is not None
        and is_tuple(cta_tiler)
        and is_tuple(slayout.shape)
        and len(cta_tiler) < len(slayout.shape)
        and int(size(slayout)) != _tile_size(cta_tiler)
    ):
        # extra smem modes are pipeline stages: TMA is built from stage 0, as the Hopper tutorial's sA(_,_,0) (an
        # smem layout as large as the tile is one stage, e.g. UMMA's ((MMA_M,MMA_K),NumMma_M,NumMma_K) of an (M,K) tile)
        n = len(cta_tiler)
        crd = tuple([UNDERSCORE] * n + [_0] * (len(slayout.shape) - n))
        if sw is None:
            slayout = slice_layout(crd, slayout)
        else:
            # slicing a swizzled layout at a coordinate may decay the swizzle into a plain layout (swizzle_layout.hpp)
            sliced, _off = swizzle_slice.slice_and_offset(crd, smem)
            if not isinstance(sliced, ComposedLayout):
                raise CuteDumpError(
                    f"stage 0 of the smem layout {smem} is too small to keep its swizzle: CuTe's "
                    "slice decays it into a plain layout, which cutedump does not model for an "
                    "smem_ptr_flag layout; give --smem as one stage (or a larger tile)"
                )
            sw, slayout = split_smem(sliced)
    tma_swizzle(sw)  # static_asserts of get_tma_swizzle_bits/base
    if cta_tiler is None:
        cta_tiler = product_each(slayout.shape)  # make_tma_copy(op, g, s[, cluster]) default
    basis, cta_v_map = identity_map(gmem, cta_tiler)
    if not is_static(size(cta_v_map)):
        # CUTE_STATIC_ASSERT_V(size(slayout) == size(cta_v_map), ...) of make_tma_copy_atom does not compile when a
        # tile mode spans gmem sub-modes of run-time extent
        raise CuteDumpError(
            "TMA requires CTA_Tile and SLayout top-level size equivalence. (static_assert in "
            f"make_tma_copy_atom: the CTA tile {fmt(cta_tiler)} over the gmem {gmem} has the dynamic "
            f"shape {fmt(cta_v_map.shape)}: a tile mode spans gmem sub-modes of run-time extent; "
            "make them static)"
        )
    res = build_tma(
        op, vt, bits, gmem, smem, sw, slayout, basis, cta_v_map, int(cluster), cta_t_map=make_layout(C(int(cluster)))
    )
    res.cta_tiler = cta_tiler
    res.smem_full, res.smem_full_swizzle = smem_full, smem_full_sw
    return res


def _tile_size(tiler) -> int:
    return math.prod(int(size(t)) if isinstance(t, Layout) else int(product(t)) for t in tiler)


def build_tma(
    op: str,
    vt: str,
    bits: int,
    gmem: Layout,
    smem,
    sw,
    slayout: Layout,
    basis: Basis,
    cta_v_map: Layout,
    num_multicast: int,
    cta_t_map: Layout | None = None,
    tma_type: str | None = None,
) -> TmaResult:
    """detail::make_tma_copy_atom (construct_tma_gbasis, make_tma_copy_desc) from the CTA's value map cta_v_map
    (CTA val idx -> gmem mode, encoded), and with ``cta_t_map`` (CTA thr idx -> logical TMA tid) the TiledCopy of
    detail::make_tma_copy_tiled, whose multicast is then cosize(cta_t_map).

    ``tma_type``: the maker's TmaInternalType when it is not the gmem tensor's value type (CUTLASS's block-scaled
    mainloop loads its 8-bit scale factors with make_tma_atom_A/B_sm100<uint16_t>): the tile and the gmem tensor are
    recast to it (recast<TmaInternalType>) before the box, the tensor map's shape, strides and data type are read."""
    tbits = bits
    if tma_type is not None:
        tma_type, tbits = check_tma_type(tma_type, vt, bits)
    sbits, sbase, senum = tma_swizzle(sw)  # static_asserts of get_tma_swizzle_bits/base
    tiler_mn = product_each(cta_v_map.shape)
    if cta_t_map is not None:
        num_multicast = int(cosize(cta_t_map))

    # ---------------- construct_tma_gbasis
    if int(size(slayout)) != int(size(cta_v_map)):
        raise CuteDumpError(
            "TMA requires CTA_Tile and SLayout top-level size equivalence. "
            f"(size(slayout) = {size(slayout)}, size(cta_tile) = {size(cta_v_map)})"
        )
    inv_smem = right_inverse(slayout)
    full = coalesce(composition(cta_v_map, inv_smem))
    fd = _leaves(full.stride)
    fs = _leaves(full.shape)
    smem_rank = len(fd)
    for i, d in enumerate(fd):
        k, j = Basis.split(d)
        if not (j is not None and isinstance(k, C) and k == 1):
            smem_rank = i
            break
    if smem_rank == 0:
        raise CuteDumpError(
            "Could not find a common tile-gmem vectorization. Does the Tile select out major GMEM "
            f"modes? (static_assert in construct_tma_gbasis: smem idx -> gmem mode is "
            f"{_fmt_enc(basis, full)}, whose first stride is not a unit gmem basis)"
        )
    if is_tuple(full.shape):
        sidx2gmode = Layout(tuple(fs[:smem_rank]), tuple(fd[:smem_rank]))
    else:
        sidx2gmode = full
    tile_gstride = _compose_gmem(gmem, basis, sidx2gmode)
    gmem_t = gmem
    if tbits != bits:  # recast<TmaInternalType>(gtensor.compose(sidx2gmode)), recast<TmaInternalType>(gtensor)
        tile_gstride = recast_layout(tile_gstride, bits, tbits)
        gmem_t = recast_layout(gmem, bits, tbits)
    tma_gstride = _coalesce_256(tile_gstride)
    tile_gbasis = Layout(tile_gstride.shape, sidx2gmode.stride)
    tma_gbasis_tile = composition(tile_gbasis, make_layout(wrap(tma_gstride.shape)))
    present = set(int(v) for v in _leaves(tma_gbasis_tile.stride))
    gsh, gst = _leaves(gmem_t.shape), _leaves(gmem_t.stride)
    remaining = []
    for j, (s, d) in enumerate(zip(gsh, gst)):
        if (isinstance(s, C) and s == 1) or (isinstance(d, C) and d == 0):
            continue
        if BIG**j in present:
            continue
        remaining.append(C(BIG**j))
    shp = wrap(tma_gbasis_tile.shape) + (_1,) * len(remaining)
    std = wrap(tma_gbasis_tile.stride) + tuple(remaining)
    r = len(shp)
    b = min(r, 4)
    if b < r:
        shp = shp[:b] + (shp[b:],)
        std = std[:b] + (std[b:],)
    tma_gbasis = Layout(shp, std)
    tma_dim = len(shp)
    gather = op in GATHER4_OPS or op in SCATTER4_OPS
    if gather:  # detail::make_tma_copy_atom (CUTLASS 4.7): tma_gbasis.compose(identity (shape<0>, _1))
        if tma_dim != 2:
            raise CuteDumpError(
                "TMA Gather/Scatter only supports 2D tensors (static_assert in detail::make_tma_copy_atom: the TMA "
                f"basis {_fmt_enc(basis, tma_gbasis)} has rank {tma_dim})"
            )
        shp = (shp[0], _1)
        tma_gbasis = Layout(shp, std)
    if not is_static(shp) or not is_static(std):
        raise CuteDumpError(
            "static_assert(is_static<TmaGmemBasis>::value) fails in AuxTmaParams: the TMA box "
            f"{_fmt_enc(basis, tma_gbasis)} is not static (the CTA tile splits a dynamic gmem mode; "
            "make that gmem mode's shape static)"
        )
    # compile-time checks of make_tma_copy_tiled come before any run-time assert of make_tma_copy_desc
    n_el = int(size(tma_gbasis)) * (4 if gather else 1) * tbits // bits
    num_elems = C(n_el)
    layout_tv = None
    if cta_t_map is not None:
        # ---------------- make_tma_copy_tiled (compile-time algebra: its static_asserts come before run-time asserts)
        if n_el % num_multicast != 0:
            raise CuteDumpError(
                f"Static safe_div requires t % u == 0 (static_assert in make_tma_copy_tiled: one TMA "
                f"box of {n_el} elements cannot be split over a multicast of {num_multicast} CTAs)"
            )
        layout_v = composition(inv_smem, num_elems)
        layout_V = tile_to_shape(make_layout(layout_v), size(cta_v_map))
        layout_t = make_layout(cosize(cta_t_map), safe_div(num_elems, cosize(cta_t_map)))
        layout_T = composition(inv_smem, composition(layout_t, cta_t_map))
        layout_tv = make_layout(layout_T, layout_V)
        if op.startswith("SM100_TMA_2SM") and int(size(layout_T)) % 2:
            raise CuteDumpError(
                f"TiledCopy uses too few thrs for selected CopyAtom: {op}'s atom has 2 threads "
                f"(ThrID _2:_1) and the TiledCopy's TiledLayout_TV {layout_tv} has {size(layout_T)}"
            )

    # ---------------- make_tma_copy_desc
    prob_shape = [1] * 5
    prob_stride = [0] * 5
    for i in range(tma_dim):
        si = std[i]
        if not is_tuple(si) or len(si) == 1:
            e = si
            while is_tuple(e):
                e = e[0]
            _, j = Basis.split(e)
            prob_shape[i] = int(gsh[j])
            prob_stride[i] = int(gst[j])
        else:
            for e in _leaves(si):
                _, j = Basis.split(e)
                shape_j, stride_j = int(gsh[j]) % (1 << 64), int(gst[j]) % (1 << 64)
                old = prob_stride[i]
                prob_stride[i] = _gcd_u64(prob_stride[i], stride_j)
                if prob_stride[i] != 0:
                    prob_shape[i] = (
                        (prob_shape[i] - 1) * (old // prob_stride[i]) + (shape_j - 1) * (stride_j // prob_stride[i]) + 1
                    ) % (1 << 64)
                else:
                    prob_shape[i] = shape_j
    prob_stride = [x % (1 << 64) for x in prob_stride]
    prob_shape = [x % (1 << 64) for x in prob_shape]
    for i in range(5):
        if prob_shape[i] < 1:
            raise _assert(f"gmem_prob_shape[{i}] >= (uint64_t(1))", "Size must be min 1", prob_shape, "globalDim")
        if prob_shape[i] > (1 << 32):
            raise _assert(
                f"gmem_prob_shape[{i}] <= (uint64_t(1) << 32)", "Size must be max 2^32", prob_shape, "globalDim"
            )
    if prob_stride[0] != 1:
        raise _assert(
            'gmem_prob_stride[0] == 1 && "Majorness of smem doesn\'t match majorness of gmem"',
            f"TMA mode 0 (the smem-contiguous one) has gmem stride {prob_stride[0]}, not 1",
            prob_stride[:tma_dim],
            "gmem strides (elements)",
        )
    elems = list(prob_stride)
    bstride = [(x * tbits) // 8 % (1 << 64) for x in prob_stride]
    for i in range(1, 5):
        if bstride[i] >= (1 << 40):
            raise _assert(
                f"(gmem_prob_stride[{i}]) < (uint64_t(1) << 40)",
                "Stride must be max 2^40",
                bstride[1:tma_dim],
                "globalStrides (bytes)",
            )
        if bstride[i] & 0b1111:
            raise _assert(
                f"(gmem_prob_stride[{i}] & 0b1111) == 0",
                "Stride must be multiple of 16B (128b)",
                bstride[1:tma_dim],
                "globalStrides (bytes)",
            )
    box = [1] * 5
    for i in range(tma_dim):
        box[i] *= int(size(Layout(shp[i], std[i])))
    box_full = list(box)
    i, multicast = tma_dim - 1, int(num_multicast)
    while multicast > 1:
        if i < 0:
            raise CuteDumpError(
                f"the multicast of {num_multicast} CTAs is larger than the TMA box {box_full[:tma_dim]}: "
                "CuTe's box truncation runs past mode 0"
            )
        if not (box[i] % multicast == 0 or multicast % box[i] == 0):
            raise _assert(
                "smem_box_shape[i] % multicast == 0 || multicast % smem_box_shape[i] == 0",
                f"box mode {i} ({box[i]}) and the remaining multicast {multicast} do not divide",
                box[:tma_dim],
                "boxDim",
            )
        new_mult = -(-multicast // box[i])
        box[i] = -(-box[i] // multicast)
        multicast = new_mult
        i -= 1
    for i in range(5):
        if box[i] > 256:
            raise _assert(
                f"smem_box_shape[{i}] <= (uint32_t(1) << 8)", "Size must be max 2^8 = 256", box[:tma_dim], "boxDim"
            )
        if box[i] < 1:
            raise _assert(f"smem_box_shape[{i}] >= (uint32_t(1))", "Size must be min 1", box[:tma_dim], "boxDim")

    res = TmaResult(
        op=op,
        value_type=vt,
        bits=bits,
        gmem=gmem,
        smem=smem,
        cta_tiler=None,
        cluster=int(num_multicast),
        swizzle=sw,
        smem_layout=slayout,
        cta_v_map=cta_v_map,
        sidx2gmode_full=full,
        sidx2gmode=sidx2gmode,
        tile_gstride=tile_gstride,
        tma_gstride=tma_gstride,
        tma_gbasis=tma_gbasis,
        num_elems_per_tma=num_elems,
        global_dim=prob_shape[:tma_dim],
        global_strides_elems=elems[:tma_dim],
        global_strides=bstride[1:tma_dim],
        box_dim=box[:tma_dim],
        box_dim_full=box_full[:tma_dim],
        element_strides=[1] * tma_dim,
        swizzle_bits=sbits,
        swizzle_base=sbase,
        swizzle_enum=senum,
        data_type=TMA_DATA_TYPES[tma_type or vt],
        layout_tv=layout_tv,
        tiler_mn=tiler_mn,
        basis=basis,
    )
    res.smem_full, res.smem_full_swizzle = slayout, sw
    res.tma_type, res.tma_bits = tma_type, tbits
    res.gmem_tma_basis_stride = _gmem_tma_basis_stride(gmem, basis, std, bstride, tbits, gmem_t, bits)
    overflow_reset()
    return res


def _gcd_u64(a: int, b: int) -> int:
    return math.gcd(a, b)


class TmaAssert(CuteDumpError):
    """A runtime assert of CuTe's make_tma_copy_desc fails: ``cond`` is the assertion text CuTe's assert prints."""

    def __init__(self, cond: str, message: str):
        super().__init__(message)
        self.cond = cond


def _assert(cond: str, why: str, values, what: str) -> TmaAssert:
    return TmaAssert(
        cond, f"TMA cannot do this: CuTe's make_tma_copy_desc asserts `{cond}' ({why}; {what} = {list(values)})"
    )


def _fmt_enc(basis: Basis, L: Layout) -> str:
    return f"{fmt(L.shape)}:{basis.fmt(L.stride)}"


def _gmem_tma_basis_stride(gmem: Layout, basis: Basis, tma_std, bstride, bits: int, gmem_t=None, vbits=None):
    """The strides of get_tma_tensor: each gmem leaf -> the TMA coordinate mode it moves (E<j> * scale), encoded
    as k * BIG**j with j a TMA mode. ``bits``: the TMA type's; ``gmem_t``: the gmem layout recast to it (its shape
    and strides decide which leaves contribute), ``vbits`` the value type's: mode 0's scale is
    trait_ratio(vbits, bits) * the gmem stride, a :class:`RatioE0` where it is not an integer."""
    tma_modes = [_leaves(s) if is_tuple(s) else [s] for s in tma_std]
    gst = _leaves(gmem.stride)
    if gmem_t is None:
        gmem_t, vbits = gmem, bits
    counter = iter(range(len(basis.paths)))

    def one(si, di):
        idx = next(counter)
        if (isinstance(si, C) and si == 1) or (isinstance(di, C) and di == 0):
            return _0
        e = BIG**idx
        j = next((jj for jj, m in enumerate(tma_modes) if any(int(x) == e and isinstance(x, C) for x in m)), None)
        if j is None:
            return _0
        if j == 0:
            if vbits != bits:
                return _ratio_scale(gst[idx], vbits, bits)
            return _scale(gst[idx], 0)
        m = tma_std[j]
        if not is_tuple(m) or len(m) == 1:
            return C(BIG**j)
        # int32_t scale = ceil_div(int32_t(di * sizeof_bits_v<T> / max(gmem_prob_stride[j], uint64_t{16})), 8)
        q = (int(di) * bits) % (1 << 64) // max(bstride[j], 16)
        q = ((q + (1 << 31)) % (1 << 32)) - (1 << 31)
        scale = (q + 7) // 8 if q + 7 >= 0 else -((-(q + 7)) // 8)  # C++ (a + b - 1) / b, truncating
        return _scale(scale, j)

    def go(s, d):
        if is_tuple(s):
            return tuple(go(a, b) for a, b in zip(s, d))
        return one(s, d)

    return go(gmem_t.shape, gmem_t.stride)


class RatioE0(C):
    """E<0> * R<num,den> of a recast TMA's coordinate tensor (trait_ratio(sizeof_bits<ValueType>,
    sizeof_bits<TmaInternalType>) times a gmem stride that it does not divide: CuTe prints ``_1/_2@0``). Its int value
    is 0 so that nothing computes with it by mistake: the kernel model refuses the algebra of a tensor holding one."""

    __slots__ = ()
    num, den = 0, 1  # each ratio is its own subclass (C's int layout takes no per-object fields)
    _KINDS: dict = {}

    def __new__(cls, num: int, den: int):
        kind = RatioE0._KINDS.get((num, den))
        if kind is None:
            kind = type(f"RatioE0_{num}_{den}", (RatioE0,), {"__slots__": (), "num": num, "den": den})
            RatioE0._KINDS[(num, den)] = kind
        return C.__new__(kind, 0)

    def __repr__(self) -> str:
        return f"_{self.num}/_{self.den}@0"

    __str__ = __repr__


def _ratio_scale(d, vbits: int, tbits: int):
    """trait_ratio(vbits, tbits) * d for TMA mode 0: an integer E<0> scale where it divides, else a RatioE0."""
    g = math.gcd(int(vbits), int(tbits))
    num, den = int(vbits) // g, int(tbits) // g
    if not isinstance(d, C):
        raise CuteDumpError(
            f"a recast TMA (TmaInternalType of {tbits} bits over {vbits}-bit values) whose contiguous gmem mode has "
            f"the run-time stride {int(d)}: CuTe's coordinate scale is then a run-time ratio, which cutedump does "
            "not model"
        )
    n = int(d) * num
    g2 = math.gcd(n, den)
    if den // g2 == 1:
        return C(n // g2)
    return RatioE0(n // g2, den // g2)


def check_tma_type(tma_type: str, vt: str, bits: int) -> tuple[str, int]:
    """A maker's TmaInternalType: (canonical type, bits), or the refusal."""
    tt = canonical_type(tma_type)
    if tt not in TMA_DATA_TYPES:
        raise CuteDumpError(
            f"Unknown TMA Format! (static_assert in to_CUtensorMapDataType<{tt}>: TMA has no data type for {tt}; "
            f"known: {', '.join(TMA_DATA_TYPES)})"
        )
    tbits = value_type_bits(tt)
    if tbits < bits or tbits % bits:
        raise CuteDumpError(
            f"TmaInternalType {tt} ({tbits} bits) over {vt} ({bits} bits): cutedump models a TMA type as wide as "
            "the value type or a multiple of it (CUTLASS's block-scaled mainloop: uint16_t over 8-bit scale factors)"
        )
    return tt, tbits


def _scale(d, j):
    """E<j> * d (d keeps its static-ness)."""
    if isinstance(d, C):
        return C(int(d) * BIG**j)
    return int(d) * BIG**j


# ------------------------------------------------------------------------------------------------ inputs from text


def _eval(text: str, what: str):
    """An option's text in the eval language (C++ spelling and GMMA/UMMA smem atoms included)."""
    from cutedump.expr import evaluate  # start-up: the expression language is needed only here

    try:
        return evaluate(text)
    except CuteDumpError as e:
        raise CuteDumpError(f"{what}: {e.message}", e.text, e.col) from None


def parse_gmem(text: str) -> Layout:
    g = _eval(text, "--gmem")
    if not isinstance(g, Layout):
        if not is_int_tuple(g):  # a _ or a layout where a size is needed
            raise CuteDumpError(f"--gmem: expected a layout shape:stride such as (1024,256):(256,_1), got {g}")
        g = make_layout(g)
    check_modes(len(_leaves(g.shape)), "--gmem", MAX_TMA_MODES)  # limits: each mode's basis stride is BIG**j
    return g


def parse_smem(text: str):
    s = _eval(text, "--smem")
    if isinstance(s, (Layout, ComposedLayout)):
        check_modes(len(_leaves(s.shape)), "--smem", MAX_TMA_MODES)
        return s
    if is_tuple(s) and is_int_tuple(s):  # a _ or a layout where a size is needed: refused below
        check_modes(len(_leaves(s)), "--smem", MAX_TMA_MODES)
        return make_layout(s)
    raise CuteDumpError(
        f"--smem: expected a layout or a swizzled layout such as Sw<3,4,3> o _0 o (_8,_64):(_64,_1), got {s}"
    )


def parse_tile(text: str | None):
    if text is None:
        return None
    t = _eval(text, "--cta-tile")
    if isinstance(t, (Layout, int)) or is_tuple(t):
        return t
    raise CuteDumpError(f"--cta-tile: expected a tile shape such as (_128,_64), got {t}")


def parse_coord(text: str | None):
    """A local_tile coordinate: ints (run-time values) and _, e.g. (3,_)."""
    if text is None:
        return None
    check_text(text, "--cta-coord")  # limits: go() below recurses once per bracket
    t = text.strip()

    def go(s):
        s = s.strip()
        if s == "_":
            return UNDERSCORE
        if s.startswith("(") and s.endswith(")"):
            depth, parts, cur = 0, [], ""
            for ch in s[1:-1]:
                if ch == "," and depth == 0:
                    parts.append(cur)
                    cur = ""
                    continue
                depth += ch == "("
                depth -= ch == ")"
                cur += ch
            parts.append(cur)
            return tuple(go(p) for p in parts)
        try:
            return int(s.lstrip("_"))
        except ValueError:
            raise CuteDumpError(f"--cta-coord: expected ints and _ such as (3,_), got {text!r}") from None

    return go(t)


# ------------------------------------------------------------------------------------------------ explanation


def multicast_twin(op: str) -> str:
    """The multicasting form of a TMA load op (SM90_TMA_LOAD -> SM90_TMA_LOAD_MULTICAST)."""
    return op if "MULTICAST" in op else f"{op}_MULTICAST"


def gather_rows(r: TmaResult) -> int:
    """How many boxes (rows of mode 1) one TMA instruction moves: 4 for CUTLASS 4.7's gather4 loads and scatter4
    store, else 1."""
    return 4 if r.op in GATHER4_OPS or r.op in SCATTER4_OPS else 1


def gather_kind(r: TmaResult) -> str:
    """The word for an instruction of several rows picked by index: gather (a load), scatter (the store)."""
    return "scatter" if r.op in SCATTER4_OPS else "gather"


def box_facts(r: TmaResult) -> dict:
    """The numbers every sentence about a TMA's box states, from the computed result (one place): the whole box
    (box_dim_full) and its elements and bytes, the CTAs it is split over (the multicast count CuTe divides it by),
    each CTA's boxDim (the tensor map's) and its elements and bytes, whether the op multicasts, the elements of the
    tile and the instructions per tile."""
    cta_box = list(r.tensor_map()["box_dim"])
    cta_elems = 1
    for x in cta_box:
        cta_elems *= int(x)
    box_elems = 1
    for x in r.box_dim_full:
        box_elems *= int(x)
    return {
        "box": list(r.box_dim_full),
        "box_elements": box_elems,
        "rows": gather_rows(r),  # rows of the box one instruction moves: 4 for gather4, else 1
        "elements": int(r.num_elems_per_tma),
        "bytes": int(r.num_elems_per_tma) * r.bits // 8,
        "parts": int(r.cluster),
        "cta_box": cta_box,
        "cta_elements": cta_elems,
        "cta_bytes": cta_elems * r.tma_bits // 8,  # boxDim counts TMA elements (TmaInternalType's)
        "multicast": "MULTICAST" in r.op,
        "tile_elements": int(size(r.cta_v_map)),
        "instructions": r.instructions_per_cta_tile,
    }


def to_json(r: TmaResult) -> dict:
    d = {
        "op": r.op,
        "type": r.value_type,
        "gmem": str(r.gmem),
        "smem": str(r.smem),
        "cta_tile": fmt(r.tiler_mn),
        "cluster": r.cluster,
        "tiled_copy": r.tiled_copy_str() if r.layout_tv is not None else None,
        "copy_atom": r.copy_atom_str(),
        "tensor_map": r.tensor_map(),
        "tma_gbasis": r.fmt_basis_layout(r.tma_gbasis),
        "box_dim_before_multicast": list(r.box_dim_full),
        "elements_per_tma": int(r.num_elems_per_tma),
        "instructions_per_cta_tile": r.instructions_per_cta_tile,
        "swizzle_bits": r.swizzle_bits,
        "swizzle_base": r.swizzle_base,
        "tma_tensor": r.tma_tensor_str(),
    }
    if r.layout_tv is None:  # a Copy_Atom alone (make_tma_atom_X_sm100): no TiledCopy
        del d["tiled_copy"]
    if gather_rows(r) > 1:  # gather4 (CUTLASS 4.7): rows of the box one instruction moves
        d["gather4_rows_per_tma"] = gather_rows(r)
    return d


# ------------------------------------------------------------------------------------------------ tma_partition


class ArithCoord:
    """The coordinate of an ArithmeticTupleIterator: one (value, static) per TMA mode; printed ArithTuple(0,_4)."""

    def __init__(self, comps):
        self.comps = list(comps)

    def plus(self, terms: dict) -> ArithCoord:
        """coord + offset, where offset's ScaledBasis terms are summed per mode (static only when all are)."""
        comps = list(self.comps)
        for j, v in terms.items():
            while len(comps) <= j:
                comps.append(_0)
            comps[j] = comps[j] + v
        return ArithCoord(comps)

    def __str__(self):
        return "ArithTuple(" + ",".join(fmt(c) for c in self.comps) + ")"


def _add_term(terms: dict, j, v):
    if j is None:
        return
    if j in terms:
        terms[j] = terms[j] + v
    else:
        terms[j] = v


def crd2idx_terms(coord, shape, stride, terms=None) -> dict:
    """CuTe's crd2idx(coord, shape, stride) over ScaledBasis strides (encoded k * BIG**j), as per-mode sums; ``_``
    counts as a static _0 (Underscore is Int<0>)."""
    if terms is None:
        terms = {}
    if coord is UNDERSCORE:
        coord = _0
    if is_tuple(coord):
        for c, s, d in zip(coord, shape, stride):
            crd2idx_terms(c, s, d, terms)
        return terms
    if is_tuple(shape):
        n = len(shape)
        if isinstance(coord, C) and coord == 0:
            for s, d in zip(shape, stride):
                crd2idx_terms(_0, s, d, terms)
            return terms
        c = coord
        for i in range(n - 1):
            p = product(shape[i])
            q, r = div(c, p), mod(c, p)
            crd2idx_terms(r, shape[i], stride[i], terms)
            c = q
        crd2idx_terms(c, shape[n - 1], stride[n - 1], terms)
        return terms
    k, j = Basis.split(stride)
    if j is not None:
        _add_term(terms, j, coord * k)
    return terms


def _int_offset(coord, shape, stride) -> int:
    c = _0 if coord is UNDERSCORE else coord
    return int(crd2idx(_zero_us(c), shape, stride))


def _zero_us(c):
    if c is UNDERSCORE:
        return _0
    if is_tuple(c):
        return tuple(_zero_us(e) for e in c)
    return c


class TmaPartition:
    gA: str
    sA: str
    tAgA: str
    tAsA: str
    tma_iter: int

    def __init__(self, gA, sA, tAgA, tAsA, tma_iter):
        self.gA = gA
        self.sA = sA
        self.tAgA = tAgA
        self.tAsA = tAsA
        self.tma_iter = tma_iter

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(gA={self.gA!r}, sA={self.sA!r}, tAgA={self.tAgA!r}, "
            f"tAsA={self.tAsA!r}, tma_iter={self.tma_iter!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.gA, self.sA, self.tAgA, self.tAsA, self.tma_iter) == (
                other.gA,
                other.sA,
                other.tAgA,
                other.tAsA,
                other.tma_iter,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable


def _group0(L: Layout, r: int) -> Layout:
    """group_modes<0,r>(L)."""
    s, d = wrap(L.shape), wrap(L.stride)
    return Layout((tuple(s[:r]),) + tuple(s[r:]), (tuple(d[:r]),) + tuple(d[r:]))


def local_tile_coord(mA: Layout, coord0: ArithCoord, tiler, cta_coord, what: str = "--cta-coord"):
    """local_tile(mA, tiler, cta_coord) of a TMA coordinate tensor (ArithTuple coord0 o mA): (layout, coordinate).
    A tuple coordinate is padded with _ over the remaining tile-count modes (inner_partition's append<R1>)."""
    R0 = len(tiler) if is_tuple(tiler) else 1
    zd = zipped_divide(mA, tiler)
    R1 = len(zd.shape[1]) if is_tuple(zd.shape[1]) else 1
    if cta_coord is None:
        cta_coord = tuple([0] * (R1 - 1) + [UNDERSCORE]) if R1 > 1 else UNDERSCORE
    if is_tuple(cta_coord):
        cc = tuple(cta_coord) + (UNDERSCORE,) * (R1 - len(cta_coord))
        if len(cc) > R1:
            raise CuteDumpError(
                f"{what} {fmt_coord(cta_coord)} has more modes than the {R1} tile-count modes "
                f"of zipped_divide(mA, tile) = {zd.shape}"
            )
        if R1 == 1:
            cc = cc[0]
    else:
        cc = cta_coord
    crd = (tuple([UNDERSCORE] * R0) if is_tuple(zd.shape[0]) else UNDERSCORE, cc)
    return slice_layout(crd, zd), coord0.plus(crd2idx_terms(crd, zd.shape, zd.stride))


def arith_str(coord: ArithCoord, L: Layout) -> str:
    """print of a TMA coordinate tensor: ArithTuple(...) o shape:stride (ScaledBasis strides over TMA modes)."""
    return f"{coord} o {fmt(L.shape)}:{TmaResult.basis_tma_fmt(L.stride)}"


def tma_partition(r: TmaResult, cta_coord=None, cta_rank=None, smem_address: int = 0) -> TmaPartition:
    """The tutorial's partition of one CTA:

        mA = tma.get_tma_tensor(shape(gmem));  gA = local_tile(mA, cta_tiler, cta_coord);
        sA = make_tensor(make_smem_ptr<T>(smem_address), smem);
        [tAgA, tAsA] = tma_partition(tma, cta_rank, Layout<cluster>{}, group_modes<0,R>(sA), group_modes<0,R>(gA))
    (cluster 1: the default tma_partition(tma, sA, gA), i.e. Int<0>{} and Layout<_1,_0>{})."""
    tiler = r.cta_tiler
    R0 = len(tiler) if is_tuple(tiler) else 1
    mA = Layout(r.gmem.shape, r.gmem_tma_basis_stride)
    coord0 = ArithCoord([_0] * r._coord_rank())
    gA_layout, gA_coord = local_tile_coord(mA, coord0, tiler, cta_coord)
    gA_str = arith_str(gA_coord, gA_layout)
    # smem tensor
    sl = r.smem_full
    ptr = _Ptr(smem_address, r.bits, r.smem_full_swizzle)
    sA_str = f"{ptr} o {sl}"
    g = _group0(gA_layout, R0)
    # the tile modes of sA: R0 of a staged smem, all of a one-stage smem of another rank (UMMA's ((M,K),m,k))
    Rs = R0 if r.smem_full is not r.smem_layout or not is_tuple(sl.shape) else len(sl.shape)
    s = _group0(sl, Rs) if is_tuple(sl.shape) and len(sl.shape) > 1 else Layout((sl.shape,), (sl.stride,))
    if cta_rank is None:
        cta_c, cta_layout = _0, Layout(_1, _0)  # tma_partition(atom, stensor, gtensor)
    else:
        cta_c, cta_layout = int(cta_rank), make_layout(C(r.cluster))  # a run-time rank: block_rank_in_cluster()
        if not 0 <= cta_c < r.cluster:
            raise CuteDumpError(f"--cta {cta_c} is outside the cluster of {r.cluster} CTAs")
    tAgA, tAsA = partition_core(r, g, gA_coord, s, ptr, cta_c, cta_layout)
    return TmaPartition(gA=gA_str, sA=sA_str, tAgA=tAgA, tAsA=tAsA, tma_iter=r.instructions_per_cta_tile)


def partition_core(r: TmaResult, g: Layout, g_coord: ArithCoord, s: Layout, ptr: _Ptr, cta_c, cta_layout: Layout):
    """tma_partition(atom, cta_c, cta_layout, stensor, gtensor) on tensors whose mode 0 is the TMA tile (group_modes
    done): the printed (tXgX, tXsX), ((TMA,TMA_Iter), Rest...)."""
    gv, sv, gcoord, scoord = partition_layouts(r.num_elems_per_tma, s, g, cta_c, cta_layout)
    g_res = g_coord.plus(crd2idx_terms(gcoord, gv.shape, gv.stride))
    s_off = int(crd2idx(scoord, sv.shape, sv.stride))
    return arith_str(g_res, gv), f"{ptr.plus(s_off)} o {sv}"


def partition_layouts(num_elems, s: Layout, g: Layout, cta_c=_0, cta_layout=None):
    """CuTe's tma_partition(atom, cta_coord, cta_layout, stensor, gtensor) on the tensors' layouts (mode 0 of each is
    the TMA mode, e.g. group_modes<0,2> of a CTA tile; ``g`` has encoded basis strides): (gtensor_v, stensor_v,
    gcoord, scoord) -- the ((TMA,TMA_Iter),Rest...) layouts and the domain_offset coordinates of the multicast."""
    if cta_layout is None:
        cta_layout = Layout(_1, _0)
    s0 = Layout(wrap(s.shape)[0], wrap(s.stride)[0])
    if int(size(s0)) != int(size(wrap(g.shape)[0])):
        raise CuteDumpError(
            f"static_assert size<0>(stensor) == size<0>(gtensor) fails in tma_partition: the smem "
            f"TMA mode has {size(s0)} elements, the gmem one {size(wrap(g.shape)[0])}"
        )
    inv = right_inverse(s0)
    layout_v = tile_to_shape(make_layout(inv), size(s0))
    tma_layout_v = make_layout(num_elems)
    layout_V = logical_divide(layout_v, tma_layout_v)
    g_tile = (layout_V,) + (UNDERSCORE,) * (len(wrap(g.shape)) - 1)
    s_tile = (layout_V,) + (UNDERSCORE,) * (len(wrap(s.shape)) - 1)
    prof = ((_1, _1),)
    gv = coalesce(composition(g, g_tile), prof)
    sv = coalesce(composition(s, s_tile), prof)
    # multicast_offset = cta_layout(cta_coord) * (size(tma_layout_v) / cosize(cta_layout))
    mc = crd2idx(cta_c, cta_layout.shape, cta_layout.stride) * div(size(tma_layout_v), cosize(cta_layout))
    mcoord = ((mc, _0),)
    gcoord = mcoord + (_0,) * (len(wrap(gv.shape)) - 1)
    scoord = mcoord + (_0,) * (len(wrap(sv.shape)) - 1)
    return gv, sv, gcoord, scoord


def fmt_coord(c) -> str:
    if c is UNDERSCORE:
        return "_"
    if is_tuple(c):
        return "(" + ",".join(fmt_coord(e) for e in c) + ")"
    return fmt(c)


class _Ptr:
    """An smem pointer as CuTe prints it: smem_ptr[16b](0x200), Sw<3,4,3>_smem_ptr[16b](0x200) when the swizzle
    moved into the pointer (a GMMA-style smem layout)."""

    def __init__(self, addr: int, bits: int, sw):
        if sw is not None and int(sw.b) == 0:
            sw = None  # make_smem_ptr(p, Swizzle<0,M,S>) is the plain pointer (an INTER atom)
        self.addr, self.bits, self.sw = addr, bits, sw

    def plus(self, elems: int) -> _Ptr:
        return _Ptr(self.addr + elems * self.bits // 8, self.bits, self.sw)

    def __str__(self):
        a = f"{self.addr:#x}" if self.addr else "(nil)"
        pre = f"{self.sw}_" if self.sw is not None else ""
        return f"{pre}smem_ptr[{self.bits}b]({a})"
