"""Tensor memory (TMEM) on the host, as CuTe computes it: UMMA accumulator (and TS A-operand) fragments, the
TMEM allocator's column count, the SM100_TMEM_LOAD_* / SM100_TMEM_STORE_* copy atoms and make_tmem_copy.

TMEM is 128 data-path lanes (DP) x 512 columns of 32-bit cells. A ``tmem_ptr<T>`` is a word address
``0xLLLL.CCCC`` (lane << 16 | column); CuTe's TMEM layouts map coordinates to *type-T* addresses in which one
lane is ``TMEM::DP<T> = 65536 << log2(32 / bits(T))`` and one column ``32 / bits(T)`` (cute/pointer.hpp,
cute/arch/tmem_allocator_sm100.hpp). ``UMMA::tmem_frg<...>::make(shape)`` (cute/atom/mma_traits_sm100.hpp) tiles a
per-instruction atom over the partitioned shape, then restrides it onto those addresses.
"""

from __future__ import annotations

from cutedump.algebra import (
    C,
    Layout,
    coalesce,
    compact_col_major,
    composition,
    cosize,
    filter_,
    fmt,
    get,
    is_static,
    is_tuple,
    left_inverse,
    make_layout,
    product_each,
    rank,
    recast_layout,
    size,
    tiled_product,
    upcast,
)
from cutedump.algebra import shape as shape_of
from cutedump.algebra.inttuple import flatten_to_tuple
from cutedump.atoms.copy import CopyAtom, TiledCopy, make_tiled_copy_impl
from cutedump.atoms.copy_catalog import all_tmem_copy_names, lookup_tmem_copy, tmem_copy_traits  # noqa: F401 - API
from cutedump.atoms.types import canonical_type, value_type_bits
from cutedump.errors import CuteDumpError
from cutedump.parse import parse_layout

MAX_CAPACITY_BITS = 128 * 512 * 32
CAPACITY_COLUMNS = 512  # TMEM::Allocator1Sm / Allocator2Sm::Sm100TmemCapacityColumns
COLUMNS_PER_SLICE = 32  # ...::ColumnsPerAllocationSlice
COL_MASK = 0x0000FFFF  # cutlass::detail::TmemColMask


def _log2(n: int) -> int:
    return n.bit_length() - 1


def offset_shift(bits: int) -> int:
    """tmem_ptr<T>::OffsetShift = log_2(trait_ratio(32, bits(T)))."""
    if bits > 32 or 32 % bits:
        raise CuteDumpError(f"TMEM addressing of a {bits}-bit type is not modelled (only 1/2/4/8/16/32-bit types)")
    return _log2(32 // bits)


def dp(bits: int) -> int:
    """TMEM::DP<T>: the lane stride in type-T addressing."""
    return (1 << 16) << offset_shift(bits)


def _rotr32(x: int, s: int) -> int:
    x &= 0xFFFFFFFF
    return x if s == 0 else ((x >> s) | (x << (32 - s))) & 0xFFFFFFFF


class TmemTensor:
    """A TMEM tensor: ``tmem_ptr<T>(addr) o layout``, printed as CuTe prints it."""

    cute_tensor = True  # the eval language applies CuTe's Tensor overloads to its layout (expr/calls.py)

    value_type: str
    layout: Layout
    addr: int = 0

    def __init__(self, value_type, layout, addr=0):
        _set = object.__setattr__  # frozen: assigned once, here
        _set(self, "value_type", value_type)
        _set(self, "layout", layout)
        _set(self, "addr", addr)

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(value_type={self.value_type!r}, layout={self.layout!r}, addr={self.addr!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.value_type, self.layout, self.addr) == (other.value_type, other.layout, other.addr)
        return NotImplemented

    def __hash__(self):
        return hash((self.value_type, self.layout, self.addr))

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}")

    @property
    def bits(self) -> int:
        return value_type_bits(self.value_type)

    def ptr_str(self) -> str:
        a = self.addr & 0xFFFFFFFF
        return f"tmem_[{self.bits}b](0x{a >> 16:04x}.{a & 0xFFFF:04x})"

    def __str__(self) -> str:
        return f"{self.ptr_str()} o {self.layout}"

    def offset(self, i: int) -> TmemTensor:
        """ptr + i (CuTe rotates the type-T offset into the word address)."""
        return TmemTensor(
            self.value_type, self.layout, (self.addr + _rotr32(int(i), offset_shift(self.bits))) & 0xFFFFFFFF
        )

    def with_layout(self, layout: Layout, offset: int = 0) -> TmemTensor:
        return TmemTensor(self.value_type, layout, self.addr).offset(offset)

    def columns(self) -> int:
        """cutlass::detail::find_tmem_tensor_col_offset: cosize of the 32-bit recast layout, masked to columns."""
        lay = self.layout
        if self.bits != 32:
            lay = recast_layout(lay, self.bits, 32)
        return int(cosize(lay)) & COL_MASK

    def lane_column(self, i: int) -> tuple[int, int]:
        """(lane, column) of element i (coordinate index in the layout's domain)."""
        a = (self.addr + _rotr32(int(self.layout(i)), offset_shift(self.bits))) & 0xFFFFFFFF
        return (a >> 16) & 0xFF, a & 0xFFFF

    def lanes(self) -> list[tuple[int, int]]:
        """The data-path lanes the tensor occupies, as (first, last) ranges."""
        sh = 16 + offset_shift(self.bits)
        hi, lo = _mode_sums(self.layout, 1 << sh)
        # an offset o = h + l (h a multiple of 2^sh) is in lane (h >> sh) + (l >> sh)
        lo_lanes = {x >> sh for x in lo}
        lanes = sorted({(h >> sh) + x for h in hi for x in lo_lanes})
        lanes = [ln + (self.addr >> 16) for ln in lanes]
        out = []
        for ln in lanes:
            if out and out[-1][1] == ln - 1:
                out[-1] = (out[-1][0], ln)
            else:
                out.append((ln, ln))
        return out


def _mode_sums(layout: Layout, unit: int) -> tuple[set, set]:
    """The values of a (plain) layout, L(i) for every i of its domain, as the sums h + l of h in ``hi``, the values
    of its modes whose stride is a multiple of ``unit`` (TMEM lanes), and l in ``lo``, those of its other modes
    (columns): two small sets instead of size(L) values. Either is empty for a layout of size 0."""
    hi, lo = {0}, {0}
    for s, d in zip(flatten_to_tuple(layout.shape), flatten_to_tuple(layout.stride)):
        s, d = int(s), int(d)
        if d == 0:
            hi = hi if s else set()
        elif d % unit == 0:
            hi = {x + k for k in range(0, s * d, d) for x in hi}
        else:
            lo = {x + k for k in range(0, s * d, d) for x in lo}
    return hi, lo


def alloc_columns(columns: int) -> int:
    """Columns to ask TMEM::Allocator for: a power of two in [32, 512] covering ``columns``."""
    if columns > CAPACITY_COLUMNS:
        raise CuteDumpError(f"{columns} TMEM columns requested: more than the {CAPACITY_COLUMNS} an SM has")
    n = COLUMNS_PER_SLICE
    while n < columns:
        n *= 2
    return n


def tmem_frg_make(value_type: str, storage_type: str, n_sm: int, alloc: str, tmem_shape) -> TmemTensor:
    """UMMA::tmem_frg<ValueType, StorageType, N_SM, TmemAlloc>::make(tmem_shape)."""
    if not is_static(tmem_shape):
        raise CuteDumpError(
            f"a TMEM fragment needs a static shape (write _128, not 128), got {fmt(tmem_shape)}: "
            "UMMA::tmem_frg::make checks the TMEM capacity at compile time"
        )
    vbits, sbits = value_type_bits(value_type), value_type_bits(storage_type)
    if vbits > sbits:
        raise CuteDumpError("TMEM MMA allocations require StorageType big enough for ValueType.")
    if int(size(make_layout(tmem_shape))) * sbits > MAX_CAPACITY_BITS:
        raise CuteDumpError("Requesting more TMEM than is available.")
    if not is_tuple(tmem_shape) or not is_tuple(tmem_shape[0]) or len(tmem_shape[0]) != 2:
        raise CuteDumpError("Expected post-partitioned shape ((M_MMA,N_MMA),...).")
    R = len(tmem_shape)
    M = int(size(make_layout(tmem_shape[0][0])))
    N = int(size(make_layout(tmem_shape[0][1])))
    restride = Layout((C(128), C(16384)), (C(dp(vbits)), C(sbits // vbits)))
    rest = tuple(tmem_shape[1:R])
    if n_sm == 1:
        if alloc not in ("Interleaved", "NonInterleaved"):
            raise CuteDumpError("UMMA_1SM only accepts Interleaved or NonInterleaved")
        if M == 64:
            atom = Layout(((C(16), C(4)), C(N)), ((C(1), C(32)), C(128)))
            stride = C(1) if alloc == "Interleaved" else C(2)
            tile = make_layout(rest, compact_col_major(rest, stride))
        elif M == 128:
            atom = Layout((C(128), C(N)), (C(1), C(128)))
            tile = make_layout(rest)
        else:
            raise CuteDumpError("UMMA_1SM M-mode size should be 64 or 128.")
    else:
        if alloc not in ("Interleaved", "Duplicated"):
            raise CuteDumpError("UMMA_2SM only accepts Interleaved or Duplicated")
        if M == 32:
            if alloc != "Interleaved":
                raise CuteDumpError("Only TmemAllocMode::Interleaved is supported for UMMA_2SM M_MMA=32")
            atom = Layout((C(32), (C(N // 4), C(4))), (C(1), (C(128), C(32))))
        elif M == 64 and alloc == "Interleaved":
            atom = Layout((C(64), (C(N // 2), C(2))), (C(1), (C(128), C(64))))
        elif M in (64, 128):
            atom = Layout((C(128), C(N)), (C(1), C(128)))
        else:
            raise CuteDumpError("UMMA_2SM M-mode size should be 32 or 64 or 128.")
        tile = make_layout(rest)
    logical = tiled_product(atom, tile)
    return TmemTensor(value_type, composition(restride, logical))


# ------------------------------------------------------------------ UMMA fragments


def _umma_spec(mma):
    spec = getattr(mma.atom.traits, "spec", None)
    if spec is None:
        raise CuteDumpError(
            f"{mma.atom.name} is not an SM100 UMMA atom: its accumulators live in registers, not in tensor memory"
        )
    return spec


def frg_type_C(spec) -> tuple[str, str, int, str]:
    """(ValueType, StorageType, N_SM, TmemAllocMode) of the traits' FrgTypeC."""
    c = spec.types[2]
    if spec.family.nsm == 1 and spec.family.src == "TS":
        return c, "int32_t", 1, "NonInterleaved"
    return c, "uint32_t", spec.family.nsm, "Interleaved"


def frg_type_A(spec) -> tuple[str, str, int, str] | None:
    """FrgTypeA of a TS atom (A in TMEM), None for SS (A is a shared-memory descriptor)."""
    if spec.family.src != "TS":
        return None
    a = spec.types[0]
    return (a, a, 1, "NonInterleaved") if spec.family.nsm == 1 else (a, a, 2, "Duplicated")


def tmem_fragment_C(mma, shape_mn) -> TmemTensor:
    """partition_fragment_C(tiled_mma, shape_MN) / thr_mma.make_fragment_C(partition_C(tensor)) of a UMMA."""
    spec = _umma_spec(mma)
    shp = mma.partition_shape("C", shape_mn)
    return tmem_frg_make(*frg_type_C(spec), shp)


def tmem_fragment_A(mma, shape_mk) -> TmemTensor:
    """partition_fragment_A(tiled_mma, shape_MK) of a TS UMMA (A lives in TMEM)."""
    spec = _umma_spec(mma)
    frg = frg_type_A(spec)
    if frg is None:
        raise CuteDumpError(
            f"{spec.name}: A of an _SS UMMA is a shared-memory descriptor (UMMA::smem_desc), not a TMEM fragment"
        )
    shp = mma.partition_shape("A", shape_mk)
    return tmem_frg_make(*frg, shp)


# ------------------------------------------------------------------ TMEM copy atoms


def tmem_val_id(name: str) -> Layout:
    """Copy_Traits<Op>::ValID: logical bit id -> TMEM bit address."""
    return parse_layout(tmem_copy_traits()[lookup_tmem_copy(name).name][1])


def make_cotiled_copy(atom: CopyAtom, atom_tv_layout: Layout, data_layout: Layout) -> TiledCopy:
    """make_cotiled_copy(copy_atom, atom (thr,val) -> data addr, data coord -> data addr) (cute/atom/copy_atom.hpp)."""
    inv = make_layout(left_inverse(data_layout), Layout(C(1), C(0)))
    tv_data = composition(inv, atom_tv_layout)
    chk_l = coalesce(composition(make_layout(data_layout, Layout(C(1), C(0))), get(tv_data, 1)))
    chk_r = coalesce(get(atom_tv_layout, 1))
    if str(chk_l) != str(chk_r):
        raise CuteDumpError("The memory pointed to by AtomTVLayout does not exist in the DataLayout.")
    flat = product_each(shape_of(data_layout))
    flat = flat if is_tuple(flat) else (flat,)
    zeros = tuple(C(0) for _ in flat)
    tiler = tuple(
        filter_(composition(make_layout(flat, zeros[:i] + (C(1),) + zeros[i + 1 :]), tv_data)) for i in range(len(flat))
    )
    tile2data = composition(make_layout(flat), tiler)
    layout_tv = composition(left_inverse(tile2data), tv_data)
    return make_tiled_copy_impl(atom, layout_tv, tiler)


def make_tmem_copy(op: str, tmem: TmemTensor, copy_type: str | None = None) -> TiledCopy:
    """make_tmem_copy(Op{}, tmem_tensor) (Copy_Atom<Op, value_type>), or with ``copy_type`` the Copy_Atom's type."""
    traits = lookup_tmem_copy(op)
    t = tmem.value_type if copy_type is None else canonical_type(copy_type)
    bits = value_type_bits(tmem.value_type)
    if value_type_bits(t) != bits:
        raise CuteDumpError("Expected a CopyAtom with the same type-width as the Tensor.")
    atom = CopyAtom(traits, t)
    atom_t = Layout((C(32), C(4)), (C(0), C(32 * dp(bits))))
    atom_v = coalesce(upcast(tmem_val_id(op), bits))
    return make_cotiled_copy(atom, make_layout(atom_t, atom_v), tmem.layout)


def umma_partition_fragment(thr, op: str, tensor: Layout) -> Layout:
    """thr_mma.partition_fragment_X(tensor) of a UMMA, as a Layout (the TMEM tensor's layout for C and TS A)."""
    part = {"A": thr.partition_A, "B": thr.partition_B, "C": thr.partition_C}[op](tensor)[0]
    spec = _umma_spec(thr.tiled)
    frg = frg_type_C(spec) if op == "C" else frg_type_A(spec) if op == "A" else None
    if frg is None:
        raise CuteDumpError(
            f"partition_fragment_{op} of a UMMA shared-memory operand is a descriptor tensor "
            "(UMMA::smem_desc), not a register fragment; it is not modelled here"
        )
    return tmem_frg_make(*frg, shape_of(part)).layout


def is_tmem_store(op: str) -> bool:
    """Is ``op`` a tcgen05.st (SM100_TMEM_STORE_*: registers -> TMEM, its TMEM side the destination)?"""
    return lookup_tmem_copy(op).name.startswith("SM100_TMEM_STORE")


def tmem_copy_cells(tc: TiledCopy, tmem: TmemTensor, side: str = "S") -> dict[int, dict[int, int]]:
    """{warp: {TMEM column: bit mask of the lanes (bit l: lane l, 0-255)}} of the TMEM cells its TMEM-side partition
    covers: ``side`` "S" (partition_S, a load's source) or "D" (partition_D, a store's destination)
    (the cell of a type-T offset x being tmem.offset(x).addr's bits 0-23: lane << 16 | column). A tcgen05.ld/st
    TMEM side is warp-collective (its Src/DstLayout has thread stride 0), so the first thread of each warp stands for the
    warp; every thread's partition has the same layout, only its offset differs.

    The partition's offsets are the sums h + l of its lane modes' values h (strides a multiple of TMEM::DP<T>) and its
    other modes' values l (_mode_sums); since ptr + (off + h + l) is ptr + (off + l) moved (h >> 16 + sh) lanes
    on (mod 256), a warp's cells are the cells of its off + l, each with the lanes of the h added: one mask per column."""
    # the TMEM-side partition of every thread from one tidfrg_S/D (ThrCopy._part: CuTe's slice)
    frg = tc.tidfrg_S(tmem.layout) if side == "S" else tc.tidfrg_D(tmem.layout)
    r = int(rank(tmem.layout))
    lay, _ = tc.get_slice(0)._part(frg, r)
    sh = offset_shift(tmem.bits)
    hi, lo = _mode_sums(lay, 1 << (16 + sh))
    lanes = 0  # the lanes of the h, mod 256 (the 8 lane bits of an address)
    for h in hi:
        lanes |= 1 << ((h >> (16 + sh)) & 0xFF)
    twice = lanes | (lanes << 256)  # ((twice << n) >> 256) & _LANES256: lanes + n, mod 256
    addr, m = tmem.addr, 0xFFFFFFFF
    cells: dict = {}
    for t in range(0, int(tc.size()), 32):
        _l, off = tc.get_slice(t)._part(frg, r)
        off = int(off)
        cols: dict = {}
        if lanes:
            # tmem.offset(off + l).addr's bits 0-23 (the rotated type-T offset's bits above 23 never reach them)
            for c in {(addr + (((off + x) & m) >> sh)) & 0xFFFFFF for x in lo}:
                col = c & 0xFFFF
                cols[col] = cols.get(col, 0) | (((twice << (c >> 16)) >> 256) & _LANES256)
        cells[t // 32] = cols
    return cells


_LANES256 = (1 << 256) - 1


def warp_lane_map(cells: dict[int, dict[int, int]]) -> list[tuple[int, tuple[int, int], tuple[int, int], int]]:
    """Per warp: (warp, (first lane, last lane), (first column, last column), number of cells) it reads."""
    out = []
    for w, cols in sorted(cells.items()):
        if cols:
            masks = cols.values()
            first = min((m & -m).bit_length() for m in masks) - 1
            last = max(m.bit_length() for m in masks) - 1
            out.append((w, (first, last), (min(cols), max(cols)), sum(m.bit_count() for m in masks)))
    return out
