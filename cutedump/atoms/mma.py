"""MMA_Atom, TiledMMA and ThrMMA partitions, mirroring cute/atom/mma_atom.hpp with engine operations only."""

from __future__ import annotations

from cutedump.algebra import (
    UNDERSCORE,
    C,
    Layout,
    append,
    complement,
    composition,
    fmt,
    get,
    idx2crd,
    is_static,
    logical_divide,
    make_layout,
    make_ordered_layout,
    rank,
    right_inverse,
    size,
    tiled_product,
    zipped_divide,
)
from cutedump.algebra.inttuple import compact_col_major, is_int, is_int_tuple, is_tuple, product_each
from cutedump.algebra.inttuple import filter_zeros as t_filter_zeros
from cutedump.algebra.inttuple import get as tget
from cutedump.atoms.mma_catalog import MMATraits, lookup_mma
from cutedump.errors import CuteDumpError
from cutedump.limits import MAX_ATOMS, check_work
from cutedump.parse import parse_layout, parse_object

_ = UNDERSCORE


class MMAAtom:
    """CuTe's ``MMA_Atom<Op>``: the traits of one MMA instruction with engine layouts."""

    def __init__(self, traits: MMATraits):
        self.traits = traits
        self.name = traits.name
        self.cpp = traits.cpp
        self.val_types = traits.val_types  # (D, A, B, C)
        self.shape_mnk = parse_object(traits.shape_mnk)
        self.thr_id = parse_layout(traits.thr_id)
        self.layout_a_tv = parse_layout(traits.layout_a)
        self.layout_b_tv = parse_layout(traits.layout_b)
        self.layout_c_tv = parse_layout(traits.layout_c)

    def print_str(self) -> str:
        """print(MMA_Atom<Op>{})"""
        return (
            "MMA_Atom\n"
            f"  ThrID:      {self.thr_id}\n"
            f"  Shape_MNK:  {fmt(self.shape_mnk)}\n"
            f"  LayoutA_TV: {self.layout_a_tv}\n"
            f"  LayoutB_TV: {self.layout_b_tv}\n"
            f"  LayoutC_TV: {self.layout_c_tv}\n"
        )

    __str__ = print_str

    def __repr__(self):
        return f"MMAAtom({self.name})"


def mma_atom(name: str) -> MMAAtom:
    """MMA_Atom of a catalog operation, e.g. mma_atom("SM80_16x8x16_F16F16F16F16_TN")."""
    return MMAAtom(lookup_mma(name))


def _fmt_tile_elem(t) -> str:
    if t is UNDERSCORE:
        return "_"
    if isinstance(t, Layout):
        return str(t)
    if is_tuple(t):
        return "(" + ",".join(_fmt_tile_elem(e) for e in t) + ")"
    return fmt(t)


def _check_static_tile(t, what):
    if t is UNDERSCORE:
        return
    if isinstance(t, Layout):
        if not (is_static(t.shape) and is_static(t.stride)):
            raise CuteDumpError(f"{what}: TiledMMA requires static permutations (write _8, not 8): {t}")
        return
    if is_tuple(t):
        for e in t:
            _check_static_tile(e, what)
        return
    if is_int(t) and not is_static(t):
        raise CuteDumpError(f"{what}: TiledMMA requires static permutations (write _{t}, not {t})")


class TiledMMA:
    """CuTe's ``TiledMMA<Atom, AtomLayoutMNK, PermutationMNK>``."""

    def __init__(self, atom: MMAAtom, atom_layout_mnk: Layout, permutation_mnk: tuple):
        self.atom = atom
        if int(rank(atom_layout_mnk)) != 3:
            raise CuteDumpError(f"TiledMMA requires a rank-3 AtomLayoutMNK, got {atom_layout_mnk}")
        if len(permutation_mnk) != 3:
            raise CuteDumpError(f"TiledMMA requires a rank-3 PermutationMNK, got {_fmt_tile_elem(permutation_mnk)}")
        _check_static_tile(permutation_mnk, "PermutationMNK")
        self.atom_layout_mnk = atom_layout_mnk
        self.permutation = permutation_mnk
        # ThrLayoutVMNK = tiled_product(AtomThrID, AtomLayoutMNK)
        self.thr_layout_vmnk = tiled_product(atom.thr_id, atom_layout_mnk)

    # ---- queries
    def get_thr_layout_vmnk(self) -> Layout:
        return self.thr_layout_vmnk

    def permutation_mnk(self, i: int):
        perm = self.permutation[i]
        if perm is UNDERSCORE:
            return size(tget(self.atom.shape_mnk, i)) * size(self.thr_layout_vmnk, i + 1)
        return perm

    def tile_size_mnk(self, i: int):
        return size(self.permutation_mnk(i))

    def partition_shape(self, operand: str, shape):
        """partition_shape_A/B/C(this, shape): the per-thread fragment shape (thread 0) of a tensor of this shape
        (a method, so that atoms/tmem.py asks it without importing this module)."""
        if not is_int_tuple(shape):  # a _ or a layout where a size is needed
            raise CuteDumpError(
                f"partition_shape_{operand.upper()}: the shape must be sizes such as (_128,_64) (a _ "
                f"or a layout is no size), got {shape}"
            )
        dummy = make_layout(shape)
        f = {"A": self.thrfrg_A, "B": self.thrfrg_B, "C": self.thrfrg_C}[operand.upper()]
        dummy_tv = f(dummy)
        dummy_v = dummy_tv((C(0), (_, _rest(int(rank(dummy))))))
        return dummy_v.shape

    def tile_shape(self):
        return (self.tile_size_mnk(0), self.tile_size_mnk(1), self.tile_size_mnk(2))

    def size(self):
        return size(self.thr_layout_vmnk)

    # ---- thread-fragment partitions
    def _thrfrg(self, tensor: Layout, i0: int, i1: int, atom_tv: Layout, t0: int, t1: int) -> Layout:
        if int(rank(tensor)) < 2:
            raise CuteDumpError(f"the tensor to partition must have rank >= 2, got {tensor}")
        t_tile = (self.permutation_mnk(i0), self.permutation_mnk(i1))
        t_tensor = logical_divide(tensor, t_tile)  # (PermX,PermY)
        a_tile = (make_layout(size(tget(self.atom.shape_mnk, i0))), make_layout(size(tget(self.atom.shape_mnk, i1))))
        a_tensor = zipped_divide(t_tensor, a_tile)  # ((AtomX,AtomY),(RestX,RestY))
        tv_tensor = a_tensor.compose(atom_tv, _)  # ((ThrV,FrgV),(RestX,RestY))
        thr_tile = (_, (make_layout(size(self.thr_layout_vmnk, t0)), make_layout(size(self.thr_layout_vmnk, t1))))
        return zipped_divide(tv_tensor, thr_tile)  # ((ThrV,(ThrX,ThrY)),(FrgV,(RestX,RestY)))

    def thrfrg_C(self, ctensor: Layout) -> Layout:
        return self._thrfrg(ctensor, 0, 1, self.atom.layout_c_tv, 1, 2)

    def thrfrg_A(self, atensor: Layout) -> Layout:
        return self._thrfrg(atensor, 0, 2, self.atom.layout_a_tv, 1, 3)

    def thrfrg_B(self, btensor: Layout) -> Layout:
        return self._thrfrg(btensor, 1, 2, self.atom.layout_b_tv, 2, 3)

    def _thridx_2_thrid(self) -> Layout:
        v = self.thr_layout_vmnk
        return composition(Layout((size(v), C(1)), (C(1), C(0))), right_inverse(make_layout(v, complement(v))))

    def _once(self, name: str, make):
        """A value that depends on the TiledMMA only (its atom, atom layout and permutation, fixed at construction),
        computed on first use: a kernel asks for a TV layout in its queries and again in make_tiled_copy_A/B/C."""
        d = self.__dict__
        if name not in d:
            d[name] = make()
        return d[name]

    def get_layoutC_TV(self) -> Layout:
        return self._once("_layoutC_TV", self._layoutC_TV)

    def get_layoutA_TV(self) -> Layout:
        return self._once("_layoutA_TV", self._layoutA_TV)

    def get_layoutB_TV(self) -> Layout:
        return self._once("_layoutB_TV", self._layoutB_TV)

    def _layoutC_TV(self) -> Layout:
        ref_c = make_layout((self.tile_size_mnk(0), self.tile_size_mnk(1)))
        return self.thrfrg_C(ref_c).compose(self._thridx_2_thrid(), _)

    def _layoutA_TV(self) -> Layout:
        v = self.thr_layout_vmnk
        ref_a = make_layout((self.tile_size_mnk(0), self.tile_size_mnk(2)))
        atile = (_, (Layout((size(v, 1), size(v, 2)), (C(1), C(0))), _))
        return self.thrfrg_A(ref_a).compose(atile, _).compose(self._thridx_2_thrid(), _)

    def _layoutB_TV(self) -> Layout:
        v = self.thr_layout_vmnk
        ref_b = make_layout((self.tile_size_mnk(1), self.tile_size_mnk(2)))
        btile = (_, (Layout((size(v, 1), size(v, 2)), (C(0), C(1))), _))
        return self.thrfrg_B(ref_b).compose(btile, _).compose(self._thridx_2_thrid(), _)

    def get_slice(self, thr_idx: int) -> ThrMMA:
        return ThrMMA(self, thr_idx)

    # ---- printing
    def print_str(self) -> str:
        """print(TiledMMA)"""
        return (
            "TiledMMA\n"
            f"  ThrLayoutVMNK:  {self.thr_layout_vmnk}\n"
            f"  PermutationMNK: {_fmt_tile_elem(self.permutation)}\n" + self.atom.print_str()
        )

    __str__ = print_str

    def __repr__(self):
        return f"TiledMMA({self.atom.name}, {self.atom_layout_mnk}, {_fmt_tile_elem(self.permutation)})"


def _flat_coord(layout: Layout, idx: int):
    """Layout::get_flat_coord(idx): idx2crd by the shape, one integer per top-level mode."""
    shp = product_each(layout.shape) if is_tuple(layout.shape) else (layout.shape,)
    crd = idx2crd(idx, shp)
    return crd if is_tuple(crd) else (crd,)


def _rest(n: int):
    return _ if n == 1 else (_,) * n


class ThrMMA:
    """CuTe's ``ThrMMA``: a TiledMMA seen by one thread index."""

    def __init__(self, tiled: TiledMMA, thr_idx: int):
        n = int(tiled.size())
        if not 0 <= int(thr_idx) < n:
            raise CuteDumpError(f"thread index {thr_idx} is outside the TiledMMA's {n} threads")
        self.tiled = tiled
        self.thr_idx = thr_idx
        self.thr_vmnk = _flat_coord(tiled.thr_layout_vmnk, thr_idx)

    def _part(self, thr_tensor: Layout, a: int, b: int):
        v = self.thr_vmnk
        crd = ((v[0], (v[a], v[b])), (_, _rest(int(rank(get(thr_tensor, 1), 1)))))
        return thr_tensor(crd), thr_tensor(_zero_slice(crd))

    def partition_C(self, ctensor: Layout):
        """(layout, offset) of thr_mma.partition_C(tensor) for a tensor with this layout."""
        return self._part(self.tiled.thrfrg_C(ctensor), 1, 2)

    def partition_A(self, atensor: Layout):
        return self._part(self.tiled.thrfrg_A(atensor), 1, 3)

    def partition_B(self, btensor: Layout):
        return self._part(self.tiled.thrfrg_B(btensor), 2, 3)


def _zero_slice(crd):
    if crd is UNDERSCORE:
        return C(0)
    if is_tuple(crd):
        return tuple(_zero_slice(c) for c in crd)
    return crd


def partition_shape(mma: TiledMMA, operand: str, shape):
    """partition_shape_A/B/C(mma, shape): the per-thread fragment shape (thread 0) of a tensor of this shape."""
    return mma.partition_shape(operand, shape)


def _parse_atom_layout(x) -> Layout:
    if x is None:
        return make_layout((C(1), C(1), C(1)))
    if isinstance(x, str):
        from cutedump.expr.dsl import read_option  # start-up: a few names

        x = read_option(x, parse_layout)
    elif not isinstance(x, Layout):
        x = make_layout(x)
    if not isinstance(x, Layout):  # a swizzled layout where a plain one is needed
        raise CuteDumpError(f"the atom layout must be a plain layout such as (_2,_2,_1), got {x}")
    check_work(int(size(x)), f"the atom layout {x}", MAX_ATOMS, "atoms")  # limits: a CTA has <= 1024 threads
    return x


def _parse_permutations(p):
    if p is None:
        return (_, _, _)
    if isinstance(p, str):
        from cutedump.expr.dsl import read_option  # start-up: a few names

        p = read_option(p, parse_object)
    if isinstance(p, Layout) or not is_tuple(p):
        p = (p,)
    return tuple(p)


def make_tiled_mma(atom, atom_layout=None, permutations=None) -> TiledMMA:
    """make_tiled_mma(atom, thr_layout = Layout<Shape<_1,_1,_1>>, permutations = Tile<_,_,_>).

    ``atom``: an MMAAtom or a catalog name; ``atom_layout``: a Layout or CuTe-syntax string like "(_2,_2)"
    or "(_2,_2,_1):(_2,_1,_0)"; ``permutations``: a tuple of ``_`` / static ints / Layouts, or a string like
    "(_32,_32,_16)" or "((_8,_2):(_1,_8),_32,_)".  Missing trailing modes are filled as CuTe does
    (append<3>(thr_layout, Layout<_1,_0>{}), append<3>(permutations, _)).
    """
    if isinstance(atom, str):
        atom = mma_atom(atom)
    thr = _parse_atom_layout(atom_layout)
    if int(rank(thr)) > 3:
        raise CuteDumpError(f"the atom layout must have rank <= 3 (M,N,K), got {thr}")
    thr_mnk = append(thr, Layout(C(1), C(0)), n=3) if int(rank(thr)) < 3 else thr
    perm = _parse_permutations(permutations)
    if len(perm) > 3:
        raise CuteDumpError(f"the permutation tile must have rank <= 3 (M,N,K), got {len(perm)} modes")
    perm = perm + (_,) * (3 - len(perm))
    return TiledMMA(atom, thr_mnk, perm)


def make_fragment_like(layout: Layout) -> Layout:
    """make_fragment_like(Layout): a register-friendly compact layout of the same shape (cute/layout.hpp)."""
    R = int(rank(layout))
    if R > 1 and is_static(layout.shape):
        s0, d0 = tget(layout.shape, 0), tget(layout.stride, 0)
        first = make_layout(s0, compact_col_major(t_filter_zeros(d0, s0)))
        rest = make_ordered_layout(tuple(layout.shape[1:R]), tuple(layout.stride[1:R]))
        return tiled_product(first, rest)
    return make_layout(layout.shape)


def _is_gmma_desc(mma: TiledMMA, operand: str) -> bool:
    # GMMA traits declare FrgTypeA/B = GMMA::smem_desc<...> for shared-memory sourced operands
    name = mma.atom.traits.family
    return mma.atom.traits.arch == "SM90 GMMA" and (
        operand == "B" or name.endswith(("_SS", "_SS_TN", "_SS_TN_SATURATE"))
    )


def partition_fragment(thr: ThrMMA, operand: str, tensor: Layout) -> Layout:
    """Layout of thr_mma.partition_fragment_A/B(tensor) or make_fragment_C(partition_C(tensor))."""
    op = operand.upper()
    if getattr(thr.tiled.atom.traits, "spec", None) is not None:  # SM100 UMMA: TMEM fragments, smem descriptors
        from cutedump.atoms import tmem  # start-up: only for SM100 atoms

        return tmem.umma_partition_fragment(thr, op, tensor)
    part = {"A": thr.partition_A, "B": thr.partition_B, "C": thr.partition_C}[op](tensor)[0]
    if op == "C":
        return make_layout(part.shape)
    if _is_gmma_desc(thr.tiled, op):
        raise CuteDumpError(
            f"partition_fragment_{op} of a GMMA shared-memory operand is a descriptor tensor "
            "(GMMA::smem_desc), not a register fragment: it needs the smem layout with its swizzle "
            "(cutedump.atoms.smem_desc.desc_fragment; `explain partition --fragment --layout SMEM`)"
        )
    return make_fragment_like(part)


ThrMMA.partition_fragment_A = lambda self, t: partition_fragment(self, "A", t)
ThrMMA.partition_fragment_B = lambda self, t: partition_fragment(self, "B", t)
ThrMMA.partition_fragment_C = lambda self, t: partition_fragment(self, "C", t)
ThrMMA.make_fragment_C = lambda self, part: make_layout(part.shape)


# ---- the eval language's MMA atoms: ``SM80_16x8x16_F16F16F16F16_TN{}``, ``MMA_Atom<Op>{}`` and make_tiled_mma ----


def _targ_text(t) -> str:
    """A template argument as the catalog reads it: an int, a type or enum name, or a template type (its text)."""
    if isinstance(t, bool):
        return str(int(t))
    if isinstance(t, int):
        return str(int(t))
    if hasattr(t, "name") and hasattr(t, "targs"):  # parse.Named / TypeArg: X<...>
        inner = ",".join(_targ_text(a) for a in (t.targs or ()))
        return f"{t.name}<{inner}>" if t.targs else t.name
    return str(t)


def named_atom(name: str, targs) -> MMAAtom:
    """A NAMED row of the eval language (cutedump/expr/named.py): an MMA operation or ``MMA_Atom<Op>`` as a value,
    the atom of the catalog (``lookup_mma``); it prints as ``print(MMA_Atom<Op>{})``."""
    if name.rsplit("::", 1)[-1] == "MMA_Atom":
        if not targs or len(targs) != 1:
            raise CuteDumpError(
                "MMA_Atom takes one template argument, the MMA operation: MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>"
            )
        return mma_atom(_targ_text(targs[0]))
    return mma_atom(f"{name}<{','.join(_targ_text(t) for t in targs)}>" if targs else name)


def eval_make_tiled_mma(atom, atom_layout=None, permutations=None) -> TiledMMA:
    """The eval language's ``make_tiled_mma(atom[, atom_layout[, permutations]])`` (mma_atom.hpp): the atom an MMA
    operation or MMA_Atom value (``SM80_16x8x16_F16F16F16F16_TN{}``), the layout of atoms a layout or shape, the
    permutations a tile (``Tile<_32,_32,_16>{}``, ``make_tile(...)``) or a layout."""
    if not isinstance(atom, MMAAtom):
        raise CuteDumpError(f"make_tiled_mma: expected an MMA atom (e.g. SM80_16x8x16_F16F16F16F16_TN{{}}), got {atom}")
    return make_tiled_mma(atom, atom_layout, permutations)
