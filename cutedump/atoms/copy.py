"""Copy_Atom, TiledCopy and ThrCopy partitions, mirroring cute/atom/copy_atom.hpp with engine operations only."""

from __future__ import annotations

from cutedump.algebra import (
    UNDERSCORE,
    C,
    Layout,
    coalesce,
    composition,
    filter_,
    fmt,
    left_inverse,
    logical_product,
    make_layout,
    raked_product,
    rank,
    recast_layout,
    right_inverse,
    size,
    upcast,
    zip_layout,
    zipped_divide,
)
from cutedump.algebra.inttuple import is_tuple, product_each, repeat_like
from cutedump.algebra.inttuple import prepend as t_prepend
from cutedump.atoms.copy_catalog import CopyTraits, lookup_copy
from cutedump.atoms.types import canonical_type, value_type_bits
from cutedump.errors import CuteDumpError
from cutedump.parse import parse_layout

_ = UNDERSCORE


class CopyAtom:
    """CuTe's ``Copy_Atom<Op, ValType>``: the bit layouts of the op recast to the value type."""

    def __init__(self, traits: CopyTraits, value_type: str):
        self.traits = traits
        self.name = traits.name
        self.value_type = canonical_type(value_type)
        self.value_bits = value_type_bits(self.value_type)
        self.thr_id = parse_layout(traits.thr_id)
        self.bit_layout_src = parse_layout(traits.src)
        self.bit_layout_dst = parse_layout(traits.dst)
        self.bit_layout_ref = parse_layout(traits.ref)
        try:
            # ValLayoutX = recast_layout<uint1_t, ValType>(BitLayoutX)
            self.val_layout_src = recast_layout(self.bit_layout_src, 1, self.value_bits)
            self.val_layout_dst = recast_layout(self.bit_layout_dst, 1, self.value_bits)
            self.val_layout_ref = recast_layout(self.bit_layout_ref, 1, self.value_bits)
        except CuteDumpError as e:
            raise CuteDumpError(
                f"Copy_Atom<{self.name}, {self.value_type}>: the {self.value_bits}b value type does "
                f"not divide the operation's bit layouts ({e.message if hasattr(e, 'message') else e})"
            )
        n = size(self.thr_id)
        for what, lay in (("Src", self.val_layout_src), ("Dst", self.val_layout_dst), ("Ref", self.val_layout_ref)):
            if int(size(lay, 0)) != int(n):
                raise CuteDumpError(
                    f"Copy_Atom<{self.name}, {self.value_type}>: CopyOperation is not valid for {what} "
                    f"of ValType (size<0>(ValLayout{what}) = {size(lay, 0)} != size(ThrID) = {n})"
                )
        self.num_val_src = size(self.val_layout_src, 1)
        self.num_val_dst = size(self.val_layout_dst, 1)

    def src2ref(self) -> Layout:
        """right_inverse(ValLayoutRef).compose(ValLayoutSrc): (src_tid,src_vid) -> ref (tid,vid) index (computed once
        per atom: every partition of a TiledCopy asks for it)."""
        r = self.__dict__.get("_src2ref")
        if r is None:
            r = self._src2ref = right_inverse(self.val_layout_ref).compose(self.val_layout_src)
        return r

    def dst2ref(self) -> Layout:
        r = self.__dict__.get("_dst2ref")
        if r is None:
            r = self._dst2ref = right_inverse(self.val_layout_ref).compose(self.val_layout_dst)
        return r

    def print_str(self) -> str:
        """print(Copy_Atom<Op, T>{})"""
        return (
            "Copy_Atom\n"
            f"  ThrID:        {self.thr_id}\n"
            f"  ValLayoutSrc: {self.val_layout_src}\n"
            f"  ValLayoutDst: {self.val_layout_dst}\n"
            f"  ValLayoutRef: {self.val_layout_ref}\n"
            f"  ValueType:    {self.value_bits}b\n"
        )

    __str__ = print_str

    def __repr__(self):
        return f"CopyAtom({self.name}, {self.value_type})"


def copy_atom(name: str, value_type: str) -> CopyAtom:
    """Copy_Atom<Op, ValType>, e.g. copy_atom("SM75_U32x4_LDSM_N", "half_t")."""
    return CopyAtom(lookup_copy(name, value_type), value_type)


def _fmt_tiler(t) -> str:
    if isinstance(t, Layout):
        return str(t)
    if is_tuple(t):
        return "(" + ",".join(_fmt_tiler(e) for e in t) + ")"
    return fmt(t)


def _tiler_shape(t):
    """shape(Tiler_MN{}): a tuple of layouts gives the tuple of their shapes."""
    if isinstance(t, Layout):
        return t.shape
    if is_tuple(t):
        return tuple(_tiler_shape(e) for e in t)
    return t


class TiledCopy:
    """CuTe's ``TiledCopy<Copy_Atom, LayoutCopy_TV, ShapeTiler_MN>``."""

    def __init__(self, atom: CopyAtom, layout_tv: Layout, tiler_mn):
        self.atom = atom
        self.tiled_layout_tv = layout_tv
        self.tiler_mn = tiler_mn
        self.atom_num_thr = size(atom.val_layout_ref, 0)
        self.atom_num_val = size(atom.val_layout_ref, 1)
        self.tiled_num_thr = size(layout_tv, 0)
        self.tiled_num_val = size(layout_tv, 1)
        if int(self.tiled_num_thr) % int(self.atom_num_thr) != 0:
            raise CuteDumpError(
                f"TiledCopy uses too few thrs for selected CopyAtom: {self.tiled_num_thr} threads is "
                f"not a multiple of the atom's {self.atom_num_thr}"
            )
        if int(self.tiled_num_val) % int(self.atom_num_val) != 0:
            raise CuteDumpError(
                f"TiledCopy uses too few vals for selected CopyAtom: {self.tiled_num_val} values per "
                f"thread is not a multiple of the atom's {self.atom_num_val}"
            )

    # ---- the partitioning transforms
    def tile2thrfrg(self, tensor: Layout, ref2trg: Layout) -> Layout:
        tv_tensor = tensor.compose(self._thrval2mn(ref2trg), _)
        return tv_tensor((_, _), _)

    def _thrval2mn(self, ref2trg: Layout) -> Layout:
        """tile2thrfrg's (thr,val) -> (m,n) layout: it depends on the TiledCopy and ref2trg only, so it is computed
        once per ref2trg object (src2ref/dst2ref are the atom's own) and reused by every partition."""
        cache = self.__dict__.setdefault("_thrval2mn_of", {})  # id(ref2trg) -> (ref2trg, thrval2mn)
        hit = cache.get(id(ref2trg))
        if hit is None:
            atom_layout_tv = zipped_divide(self.tiled_layout_tv, (self.atom_num_thr, self.atom_num_val))
            trg_layout_tv = atom_layout_tv.compose(ref2trg, _)
            thrval2mn = coalesce(zip_layout(trg_layout_tv), (C(1), (C(1), C(1))))
            hit = cache[id(ref2trg)] = (ref2trg, thrval2mn)  # ref2trg kept: its id stays its own
        return hit[1]

    def _check_rank(self, t: Layout):
        r = 1 if not is_tuple(self.tiler_mn) else len(self.tiler_mn)
        if int(rank(t)) < r:
            raise CuteDumpError(f"Rank of tensor to be partitioned too small: rank {rank(t)} < rank(Tiler_MN) = {r}")

    def tidfrg_S(self, stensor: Layout) -> Layout:
        return self._tidfrg("S", stensor)

    def tidfrg_D(self, dtensor: Layout) -> Layout:
        return self._tidfrg("D", dtensor)

    def _tidfrg(self, side: str, tensor: Layout) -> Layout:
        """tidfrg_S/D, computed once per tensor object (the bank audit partitions one smem tile for its plan and
        again for the vector width): kept by the object's id, with the object itself so that the id stays its own."""
        cache = self.__dict__.setdefault("_tidfrg_of", {})  # (side, id(tensor)) -> (tensor, result)
        hit = cache.get((side, id(tensor)))
        if hit is None:
            self._check_rank(tensor)
            ref = self.atom.src2ref() if side == "S" else self.atom.dst2ref()
            hit = cache[(side, id(tensor))] = (tensor, self.tile2thrfrg(zipped_divide(tensor, self.tiler_mn), ref))
        return hit[1]

    def retile(self, tensor: Layout) -> Layout:
        R = int(rank(tensor))
        V = size(tensor, 0)
        frg_layout_mn = upcast(
            right_inverse(self.tiled_layout_tv).with_shape(_tiler_shape(self.tiler_mn)), int(self.tiled_num_thr * V)
        )
        frg_layout_v = zipped_divide(
            logical_product(make_layout(V), right_inverse(frg_layout_mn)), make_layout(self.atom_num_val)
        )
        t_tensor = zipped_divide(tensor, t_prepend(product_each(frg_layout_mn.shape), V))
        v_tensor = t_tensor.compose(frg_layout_v, _)
        return v_tensor(_, _append_rest(R))

    def _ref(self) -> Layout:
        return make_layout((_tiler_shape(self.tiler_mn), C(1)))

    def get_layoutS_TV(self) -> Layout:
        return self.tile2thrfrg(self._ref(), self.atom.src2ref())(_, _, C(0))

    def get_layoutD_TV(self) -> Layout:
        return self.tile2thrfrg(self._ref(), self.atom.dst2ref())(_, _, C(0))

    def get_slice(self, thr_idx: int) -> ThrCopy:
        return ThrCopy(self, thr_idx)

    def size(self):
        return self.tiled_num_thr

    def tile_size(self, i: int):
        return size(self.tiler_mn[i]) if is_tuple(self.tiler_mn) else size(self.tiler_mn)

    def print_str(self) -> str:
        """print(TiledCopy)"""
        return (
            "TiledCopy\n"
            f"  Tiler_MN:       {_fmt_tiler(self.tiler_mn)}\n"
            f"  TiledLayout_TV: {self.tiled_layout_tv}\n" + self.atom.print_str()
        )

    __str__ = print_str

    def __repr__(self):
        return f"TiledCopy({self.atom!r}, {self.tiled_layout_tv}, {_fmt_tiler(self.tiler_mn)})"


def _append_rest(R: int):
    # append<R>(Int<0>{}, _): (_0, _, _, ...) with R modes (a bare _0 when R == 1)
    if R <= 1:
        return C(0)
    return (C(0),) + (_,) * (R - 1)


class ThrCopy:
    """CuTe's ``ThrCopy``: a TiledCopy seen by one thread index."""

    def __init__(self, tiled: TiledCopy, thr_idx: int):
        n = int(tiled.tiled_num_thr)
        if not 0 <= int(thr_idx) < n:
            raise CuteDumpError(f"thread index {thr_idx} is outside the TiledCopy's {n} threads")
        self.tiled = tiled
        self.thr_idx = thr_idx

    def _part(self, thr_tensor: Layout, r: int):
        crd = (self.thr_idx, _, (_,) * r if r > 1 else _)
        z = (self.thr_idx, C(0), (C(0),) * r if r > 1 else C(0))
        return thr_tensor(crd), thr_tensor(z)

    def partition_S(self, stensor: Layout):
        """(layout, offset) of thr_copy.partition_S(tensor) for a tensor with this layout."""
        return self._part(self.tiled.tidfrg_S(stensor), int(rank(stensor)))

    def partition_D(self, dtensor: Layout):
        return self._part(self.tiled.tidfrg_D(dtensor), int(rank(dtensor)))

    def retile_S(self, stensor: Layout) -> Layout:
        return self.tiled.retile(stensor)

    def retile_D(self, dtensor: Layout) -> Layout:
        return self.tiled.retile(dtensor)


# ---------------------------------------------------------------- constructions


def _as_atom(atom, value_type=None) -> CopyAtom:
    if isinstance(atom, CopyAtom):
        return atom
    if value_type is None:
        raise CuteDumpError("a copy atom given by name needs a value type")
    return copy_atom(atom, value_type)


def _as_layout(x, what: str = "layout") -> Layout:
    if isinstance(x, str):
        from cutedump.expr.dsl import read_option  # start-up: a few names

        x = read_option(x, parse_layout)
    if not isinstance(x, Layout):
        if isinstance(x, (tuple, int)):
            return make_layout(x)
        raise CuteDumpError(f"make_tiled_copy: the {what} must be a plain layout (thread or value index), not {x}")
    return x


def make_tiled_copy_impl(atom: CopyAtom, layout_tv: Layout, tiler) -> TiledCopy:
    return TiledCopy(atom, layout_tv, tiler)


def make_tiled_copy(atom, thr_layout=None, val_layout=None, value_type=None, check: bool = False) -> TiledCopy:
    """make_tiled_copy(copy_atom, thr_layout (m,n)->thr_idx, val_layout (m,n)->val_idx = Layout<_1>).

    Like CuTe, layouts that do not tile are accepted (with a meaningless result) unless ``check`` is true:
    then the raked product of thr and val must be a bijection onto 0..size-1, else CuteDumpError says so.
    """
    atom = _as_atom(atom, value_type)
    thr = _as_layout(thr_layout, "thread layout") if thr_layout is not None else make_layout(C(1))
    val = _as_layout(val_layout, "value layout") if val_layout is not None else make_layout(C(1))
    try:
        layout_mn = raked_product(thr, val)
    except CuteDumpError as e:
        raise CuteDumpError(
            f"make_tiled_copy: thread layout {thr} and value layout {val} do not tile: "
            f"raked_product(thr, val) fails ({e}); each layout must be injective "
            "(no two coordinates on the same thread/value index)"
        )
    try:
        layout_tv = right_inverse(layout_mn).with_shape((size(thr), size(val)))
    except CuteDumpError as e:
        raise CuteDumpError(
            f"make_tiled_copy: thread layout {thr} and value layout {val} do not tile: "
            f"right_inverse(raked_product(thr, val)) = {right_inverse(layout_mn)} cannot take the "
            f"shape ({size(thr)},{size(val)}) ({e})"
        )
    if check and int(size(right_inverse(layout_mn))) != int(size(layout_mn)):
        raise CuteDumpError(
            f"make_tiled_copy: thread layout {thr} and value layout {val} do not tile: their raked "
            f"product {layout_mn} is not a bijection onto 0..{int(size(layout_mn)) - 1} (each (m,n) must "
            "get exactly one (thread, value))"
        )
    tiler = product_each(layout_mn.shape)
    return make_tiled_copy_impl(atom, layout_tv, tiler)


def make_tiled_copy_A(atom, mma, value_type=None) -> TiledCopy:
    atom = _as_atom(atom, value_type)
    return make_tiled_copy_impl(atom, mma.get_layoutA_TV(), (mma.tile_size_mnk(0), mma.tile_size_mnk(2)))


def make_tiled_copy_B(atom, mma, value_type=None) -> TiledCopy:
    atom = _as_atom(atom, value_type)
    return make_tiled_copy_impl(atom, mma.get_layoutB_TV(), (mma.tile_size_mnk(1), mma.tile_size_mnk(2)))


def make_tiled_copy_C(atom, mma, value_type=None) -> TiledCopy:
    atom = _as_atom(atom, value_type)
    return make_tiled_copy_impl(atom, mma.get_layoutC_TV(), (mma.tile_size_mnk(0), mma.tile_size_mnk(1)))


def make_tiled_copy_C_atom(atom, mma, value_type=None) -> TiledCopy:
    """The smallest tiled copy that can retile LayoutC_TV for use with pipelined epilogues with subtiled stores."""
    atom = _as_atom(atom, value_type)
    layoutC_TV = mma.get_layoutC_TV()
    copy_V = C(int(atom.num_val_src))
    if int(copy_V) > int(size(layoutC_TV, 1)):
        raise CuteDumpError(
            f"make_tiled_copy_C_atom: the copy atom moves {copy_V} values per thread, more than the "
            f"MMA's {size(layoutC_TV, 1)} C values per thread"
        )
    layout_TV = composition(layoutC_TV, make_layout((size(layoutC_TV, 0), copy_V)))
    mma_tiler = (mma.tile_size_mnk(0), mma.tile_size_mnk(1))
    mma_zeros = repeat_like(mma_tiler, C(0))
    tiler = tuple(
        filter_(composition(make_layout(mma_tiler, replace_t(mma_zeros, i, C(1))), layout_TV))
        for i in range(len(mma_tiler))
    )
    tile2mma = composition(make_layout(mma_tiler), tiler)
    layout_tv = composition(left_inverse(tile2mma), layout_TV)
    return make_tiled_copy_impl(atom, layout_tv, tiler)


def replace_t(t: tuple, i: int, x):
    return tuple(x if j == i else e for j, e in enumerate(t))


def make_tiled_copy_S(atom, tiled_copy: TiledCopy, value_type=None) -> TiledCopy:
    atom = _as_atom(atom, value_type)
    return make_tiled_copy_impl(atom, tiled_copy.get_layoutS_TV(), tiled_copy.tiler_mn)


def make_tiled_copy_D(atom, tiled_copy: TiledCopy, value_type=None) -> TiledCopy:
    atom = _as_atom(atom, value_type)
    return make_tiled_copy_impl(atom, tiled_copy.get_layoutD_TV(), tiled_copy.tiler_mn)
