"""Tensors of a kernel as CuTe sees them on the host: a layout (plain or swizzled ``Sw o O o L``) over a pointer
whose address does not matter. Only the layout is kept (what ``print(tensor.layout())`` shows); the pointer
offset of each slice is returned alongside where CuTe would add it to the pointer.

Every function mirrors one CuTe call (tensor_impl.hpp, atom/copy_atom.hpp, atom/mma_atom.hpp); operations on a
swizzled layout act on its inner layout (layout_composed.hpp), and slicing one at a coordinate goes through
``slice_and_offset`` (swizzle_layout.hpp), which may decay the swizzle into an ordinary layout.
"""

from __future__ import annotations

from cutedump.algebra import UNDERSCORE, C, Layout, get, make_layout, rank, zipped_divide
from cutedump.algebra import inttuple as it
from cutedump.algebra.smem_ptr import SmemPtrFlag
from cutedump.algebra.swizzle import ComposedLayout, as_position_independent_swizzle_layout
from cutedump.algebra.swizzle_slice import slice_and_offset
from cutedump.atoms.mma import _is_gmma_desc
from cutedump.atoms.mma import make_fragment_like as _fragment_like
from cutedump.errors import CuteDumpError

_ = UNDERSCORE


def is_swizzled(layout) -> bool:
    return isinstance(layout, ComposedLayout)


def inner(layout) -> Layout:
    """The ordinary layout the operation acts on (B of A o O o B; the layout of a coordinate tensor)."""
    if isinstance(layout, CoordTensor):
        layout.check_algebra()
        return layout.layout
    return layout.b if is_swizzled(layout) else layout


class CoordTensor:
    """A TMA coordinate tensor (``tma.get_tma_tensor(shape)`` and its tiles and partitions): an ArithTuple origin
    (cutedump.atoms.tma.ArithCoord) and a layout whose strides are ScaledBasis E<j> over the TMA modes, encoded as
    k * BIG**j (cutedump.atoms.tma). It points at no memory: its iterator is a value, so it prints as CuTe's
    ``print(tensor)``: ``ArithTuple(_0,0) o (_128,_64,2):(_1@1,_1@0,_64@0)``."""

    def __init__(self, coord, layout: Layout):
        self.coord, self.layout = coord, layout
        from cutedump.atoms.tma import RatioE0  # start-up: only TMA kernels make coordinate tensors

        leaves = it.flatten(layout.stride) if it.is_tuple(layout.stride) else (layout.stride,)
        #: a stride _1/_2@0 (a recast TMA's, CUTLASS's uint16_t loads of 8-bit scale factors): printed, not computed
        self.fractional = next((str(d) for d in leaves if isinstance(d, RatioE0)), None)

    def check_algebra(self):
        """Refuse the layout algebra of a coordinate tensor with a fractional stride (not modelled)."""
        if self.fractional:
            raise CuteDumpError(
                f"the TMA coordinate tensor {self} has the fractional stride {self.fractional} (a TMA whose "
                "TmaInternalType is wider than its values): cutedump prints it but does not tile or partition it"
            )

    @property
    def shape(self):
        return self.layout.shape

    def __str__(self):
        from cutedump.atoms.tma import TmaResult  # start-up: only TMA kernels need it

        return f"{self.coord} o {it.fmt(self.layout.shape)}:{TmaResult.basis_tma_fmt(self.layout.stride)}"


def group_modes(layout, b: int, e: int):
    """group_modes<b,e>(tensor): modes [b,e) become one mode (a coordinate tensor keeps its origin, a swizzled
    layout its swizzle)."""
    base = inner(layout)
    shp, std = it.wrap(base.shape), it.wrap(base.stride)
    r = len(shp)
    if not 0 <= b <= e <= r:
        raise CuteDumpError(f"group_modes<{b},{e}>: the tensor has rank {r} (need 0 <= B <= E <= rank)")
    out = Layout(
        tuple(shp[:b]) + (tuple(shp[b:e]),) + tuple(shp[e:]), tuple(std[:b]) + (tuple(std[b:e]),) + tuple(std[e:])
    )
    return rewrap(layout, out)


def is_flagged(layout) -> bool:
    """A GMMA/UMMA smem atom layout ``Sw o smem_ptr[Bb](unset) o L``: make_tensor(smem_ptr, it) puts the swizzle
    (on byte addresses) into the pointer and keeps L as the tensor's layout (pointer_flagged.hpp)."""
    return is_swizzled(layout) and isinstance(layout.offset, SmemPtrFlag)


def as_position_independent_swizzle_tensor(flagged):
    """as_position_independent_swizzle_tensor(make_tensor(smem_ptr, flagged)).layout(): the pointer's swizzle
    recast from bytes to elements, ``composition(Sw', _0, L)``."""
    return as_position_independent_swizzle_layout(flagged)


def is_desc_operand(tiled, operand: str) -> bool:
    return _is_gmma_desc(tiled, operand)


def desc_fragment(tiled, thr_idx: int, operand: str, flagged):
    """make_fragment_A/B(partition_A/B(sX)) of an SS GMMA TiledMMA, sX over the smem_ptr layout ``flagged``: the
    GMMA descriptor tensor (cutedump.atoms.smem_desc; the pointer is unset, so start addresses count from 0)."""
    from cutedump.atoms.smem_desc import desc_fragment as _df  # start-up: only GMMA kernels need it

    return _df(tiled, thr_idx, operand, flagged)


def rewrap(like, new_inner):
    """composition(A, O, new_inner) when ``like`` is swizzled (ComposedLayout{}, no simplification); the same origin
    when it is a coordinate tensor."""
    if isinstance(like, CoordTensor):
        like.check_algebra()
        return CoordTensor(like.coord, new_inner)
    if is_swizzled(like):
        return ComposedLayout(like.a, like.offset, new_inner)
    return new_inner


def slice_tensor(layout, coord):
    """``tensor(coord)`` with ``_`` in coord: (sliced layout, pointer offset); a coordinate tensor: (the sliced
    coordinate tensor, its new origin)."""
    if isinstance(layout, CoordTensor):
        from cutedump.atoms.tma import crd2idx_terms  # start-up: only TMA kernels need it

        layout.check_algebra()
        L = layout.layout
        origin = layout.coord.plus(crd2idx_terms(coord, L.shape, L.stride))
        return CoordTensor(origin, L(coord)), origin
    if is_swizzled(layout):
        return slice_and_offset(coord, layout)
    return layout(coord), layout(_zero(coord))


def _zero(crd):
    if crd is UNDERSCORE:
        return C(0)
    if it.is_tuple(crd):
        return tuple(_zero(c) for c in crd)
    return crd


def make_tensor(shape, stride=None) -> Layout:
    """make_tensor(ptr, shape, stride) / make_tensor(ptr, layout): the tensor's layout."""
    if isinstance(shape, (Layout, ComposedLayout)):
        return shape
    return make_layout(shape) if stride is None else make_layout(shape, stride)


def local_tile(tensor, tiler, coord, proj=None):
    """local_tile(tensor, tiler, coord[, proj]) = inner_partition(tensor, dice(proj, tiler), dice(proj, coord))."""
    if proj is not None:
        tiler = _dice_proj(proj, tiler)
        coord = _dice_proj(proj, coord)
    tiled = rewrap(tensor, zipped_divide(inner(tensor), tiler))
    r0 = int(rank(get(inner(tiled), 0)))
    first = _ if r0 == 1 else (_,) * r0
    if it.is_tuple(coord):
        r1 = int(rank(get(inner(tiled), 1)))
        c = tuple(coord) + (_,) * (r1 - len(coord)) if len(coord) < r1 else tuple(coord)
        return slice_tensor(tiled, (first, c))[0]
    return slice_tensor(tiled, (first, coord))[0]


def _dice_proj(proj, t):
    """dice(Step<_1,X,_1>, t): keep the modes whose step is not X."""
    if not it.is_tuple(proj):
        return t if proj != "X" else ()
    out = []
    for p, x in zip(proj, t if it.is_tuple(t) else (t,)):
        if it.is_tuple(p):
            out.append(_dice_proj(p, x))
        elif p != "X":
            out.append(x)
    return tuple(out)


# ---------------------------------------------------------------- copy partitions (atom/copy_atom.hpp)


def _copy_coord(thr_idx, r: int):
    return (thr_idx, _, (_,) * r if r > 1 else _)


def partition_S(thr_copy, tensor):
    """thr_copy.partition_S(tensor): tidfrg_S, then slice out this thread."""
    thr_tensor = rewrap(tensor, thr_copy.tiled.tidfrg_S(inner(tensor)))
    return slice_tensor(thr_tensor, _copy_coord(thr_copy.thr_idx, int(rank(inner(tensor)))))[0]


def partition_D(thr_copy, tensor):
    thr_tensor = rewrap(tensor, thr_copy.tiled.tidfrg_D(inner(tensor)))
    return slice_tensor(thr_tensor, _copy_coord(thr_copy.thr_idx, int(rank(inner(tensor)))))[0]


def retile_D(thr_copy, tensor):
    """thr_copy.retile_D(tensor) (a register tensor: an ordinary layout)."""
    if is_swizzled(tensor):
        raise CuteDumpError("retile_D of a swizzled (shared-memory) tensor is not modelled; retile register fragments")
    return thr_copy.tiled.retile(tensor)


retile_S = retile_D


# ---------------------------------------------------------------- MMA partitions (atom/mma_atom.hpp)


def _mma_part(thr_mma, tensor, thrfrg, a: int, b: int):
    thr_tensor = rewrap(tensor, thrfrg(inner(tensor)))
    v = thr_mma.thr_vmnk
    r = int(rank(get(inner(thr_tensor), 1), 1))
    crd = ((v[0], (v[a], v[b])), (_, _ if r == 1 else (_,) * r))
    return slice_tensor(thr_tensor, crd)[0]


def partition_A(thr_mma, tensor):
    return _mma_part(thr_mma, tensor, thr_mma.tiled.thrfrg_A, 1, 3)


def partition_B(thr_mma, tensor):
    return _mma_part(thr_mma, tensor, thr_mma.tiled.thrfrg_B, 2, 3)


def partition_C(thr_mma, tensor):
    return _mma_part(thr_mma, tensor, thr_mma.tiled.thrfrg_C, 1, 2)


def _owning(frag: Layout, fn: str) -> Layout:
    """A register fragment is an owning tensor: CuTe refuses one with a dynamic extent (cute/tensor_impl.hpp:
    static_assert "Dynamic owning tensors not supported")."""
    if not (it.is_static(frag.shape) and it.is_static(frag.stride)):
        raise CuteDumpError(
            f"{fn}: the fragment would be {frag}, which has dynamic extents; CuTe refuses to build it "
            '(static_assert "Dynamic owning tensors not supported", cute/tensor_impl.hpp): the '
            "tensor needs a static shape (e.g. set the tile sizes with '_')"
        )
    return frag


def make_fragment_like(layout) -> Layout:
    """make_fragment_like(tensor) (an owning register tensor, so static); a swizzled layout gives
    make_fragment_like(layout_b) (swizzle_layout.hpp)."""
    return _owning(_fragment_like(inner(layout)), "make_fragment_like")


def partition_fragment_A(thr_mma, tensor) -> Layout:
    """thr_mma.partition_fragment_A(tensor) = make_fragment_A(partition_A(tensor)): register fragment."""
    _check_register_frag(thr_mma, "A")
    return make_fragment_like(partition_A(thr_mma, tensor))


def partition_fragment_B(thr_mma, tensor) -> Layout:
    _check_register_frag(thr_mma, "B")
    return make_fragment_like(partition_B(thr_mma, tensor))


def make_fragment_A(thr_mma, tensor) -> Layout:
    """thr_mma.make_fragment_A(tCsA): make_fragment_like of the (partitioned) tensor, for register operands."""
    _check_register_frag(thr_mma, "A")
    return make_fragment_like(tensor)


def make_fragment_B(thr_mma, tensor) -> Layout:
    _check_register_frag(thr_mma, "B")
    return make_fragment_like(tensor)


def make_fragment_C(thr_mma, tensor) -> Layout:
    """thr_mma.make_fragment_C(tCgC): a compact column-major fragment of the partition's shape."""
    return _owning(make_layout(inner(tensor).shape), "make_fragment_C")


def _check_register_frag(thr_mma, operand: str):
    if _is_gmma_desc(thr_mma.tiled, operand):
        raise CuteDumpError(
            f"partition_fragment_{operand} of a GMMA shared-memory operand is a descriptor tensor "
            "(GMMA::smem_desc), not a register fragment; it is not modelled here"
        )
