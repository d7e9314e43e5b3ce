"""Test-only stand-in for cutedump.atoms (issue 3) while it is being written: a TiledMMA with no permutation
(or integer permutations) built from an atom's parsed traits with the engine, following CuTe 4.2's
TiledMMA::get_layoutC_TV / thrfrg_C. Used only when cutedump.atoms is not importable."""
from __future__ import annotations

from cutedump.algebra import (C, UNDERSCORE, Layout, make_layout, size, get, composition, complement,
                              right_inverse, logical_divide, zipped_divide, fmt, product)
from cutedump.parse import parse_layout

# atom name -> (ThrID, Shape_MNK, LayoutA_TV, LayoutB_TV, LayoutC_TV), strings as CuTe prints them
ATOMS = {
    "SM80_16x8x16_F16F16F16F16_TN": ("_32:_1", (16, 8, 16), "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))",
                                     "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"),
}


class StubTiledMMA:
    def __init__(self, name: str, atom_layout=(1, 1, 1), permutation=None):
        thr, shp, a, b, c = ATOMS[name]
        self.thr_id = parse_layout(thr)
        self.shape_mnk = tuple(C(x) for x in shp)
        self.la, self.lb, self.lc = parse_layout(a), parse_layout(b), parse_layout(c)
        al = make_layout(tuple(C(x) for x in atom_layout))
        # thr_layout_vmnk = tiled_product(AtomThrID, atom_layout) flattened: (ThrV, M, N, K)
        t = size(self.thr_id)
        self.vmnk = Layout((t,) + al.shape, (C(1),) + tuple(C(int(s) * int(t)) if int(n) != 1 else C(0)
                                                             for s, n in zip(al.stride, al.shape)))
        self.permutation = permutation   # None means (_,_,_)

    def perm(self, i):
        if self.permutation is None or self.permutation[i] is None:
            return make_layout(C(int(self.shape_mnk[i]) * int(size(get(self.vmnk, i + 1)))))
        return make_layout(C(self.permutation[i]))

    def tile_size(self, i):
        return size(self.perm(i))

    def get_layoutC_TV(self):
        ref = make_layout((self.tile_size(0), self.tile_size(1)))
        t = logical_divide(ref, (self.perm(0), self.perm(1)))
        c = zipped_divide(t, (make_layout(self.shape_mnk[0]), make_layout(self.shape_mnk[1])))
        tv = composition(c, (self.lc, UNDERSCORE))
        thr = zipped_divide(tv, (UNDERSCORE, (make_layout(size(get(self.vmnk, 1))), make_layout(size(get(self.vmnk, 2))))))
        thridx = composition(make_layout((size(self.vmnk), C(1)), (C(1), C(0))),
                             right_inverse(make_layout(self.vmnk, complement(self.vmnk))))
        return composition(thr, (thridx, UNDERSCORE))

    def printed(self) -> str:
        perm = "(_,_,_)" if self.permutation is None else fmt(tuple(C(p) for p in self.permutation))
        return ("TiledMMA\n"
                f"  ThrLayoutVMNK:  {self.vmnk}\n"
                f"  PermutationMNK: {perm}\n"
                "MMA_Atom\n"
                f"  ThrID:      {self.thr_id}\n"
                f"  Shape_MNK:  {fmt(self.shape_mnk)}\n"
                f"  LayoutA_TV: {self.la}\n"
                f"  LayoutB_TV: {self.lb}\n"
                f"  LayoutC_TV: {self.lc}\n")


def default_view():
    from cutedump.dumps.tiled_copy_c import MmaView
    m = StubTiledMMA("SM80_16x8x16_F16F16F16F16_TN", permutation=(16, 8, 16))
    return MmaView(m.printed(), m.get_layoutC_TV(), (m.tile_size(0), m.tile_size(1)))
