"""The fix for a conflicting smem layout: the smallest swizzle ``Sw<B,M,S> o B`` (or padding of the leading
stride) under which every given copy is conflict-free in every warp.

The copies' element offsets are computed once (:func:`copy_plan`); a swizzle candidate only re-evaluates
``Sw(offset)`` and the bank model, vectorised. A candidate must keep every copy's vectors contiguous (else CuTe
would not compile) and permute whole blocks of ``2^(M+S+B)`` elements of the layout's cosize (so the swizzled
tile stays inside its allocation). Candidates are tried by fewest bits B, then smallest S, then smallest M.
"""

from __future__ import annotations

from cutedump.algebra import C, Layout, cosize, is_static
from cutedump.algebra import inttuple as it
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.bank.copy import CopyPlan, copy_plan, split_smem
from cutedump.bank.model import analyze, class_totals, conflict_free_totals
from cutedump.errors import CuteDumpError

MAX_B, MAX_M, MAX_S = 4, 7, 8


class Fix:
    kind: str  # "swizzle" or "padding"
    layout: object  # the fixed smem layout (ComposedLayout or Layout)
    totals: list  # per copy: {"wavefronts", "ideal", "conflicts"} summed over all warps
    tried: int  # candidates evaluated

    def __init__(self, kind, layout, totals, tried):
        self.kind = kind
        self.layout = layout
        self.totals = totals
        self.tried = tried

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(kind={self.kind!r}, layout={self.layout!r}, "
            f"totals={self.totals!r}, tried={self.tried!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.kind, self.layout, self.totals, self.tried) == (
                other.kind,
                other.layout,
                other.totals,
                other.tried,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable


def totals_all_warps(plan: CopyPlan, sw: Swizzle | None) -> dict:
    """Counts of every warp's instructions under swizzle ``sw``."""
    classes = plan.row_classes(sw)
    if classes is not None:
        try:
            return class_totals(plan.inst, classes)
        except CuteDumpError:
            pass  # an invalid row: the rows one by one say which
    r = analyze(plan.inst, plan.addresses(sw, range(plan.nwarps)))
    return r.totals()


def _clean(plans, sw) -> list | None:
    """Every plan's all-warp totals under ``sw`` when all are conflict-free, else None (at the first conflict)."""
    out = []
    for p in plans:
        try:
            classes = p.row_classes(sw)
            t = (
                class_totals(p.inst, classes, conflict_free=True)
                if classes is not None
                else conflict_free_totals(p.inst, p.iter_addresses(sw, range(p.nwarps)))
            )
        except CuteDumpError:  # not contiguous or misaligned under this swizzle
            return None
        if t is None:
            return None
        out.append(t)
    return out


def search_swizzle(tiled_copies, base: Layout) -> Fix | None:
    """The smallest Sw<B,M,S> o base under which every (tiled_copy, store) in ``tiled_copies`` is conflict-free."""
    plans = [copy_plan(tc, base, store) for tc, store in tiled_copies]
    n = int(cosize(base))
    tried = 0
    for b in range(1, MAX_B + 1):
        for s in range(b, MAX_S + 1):
            for m in range(0, MAX_M + 1):
                if n % (1 << (m + s + b)):
                    continue
                sw = Swizzle(b, m, s)
                tried += 1
                t = _clean(plans, sw)
                if t is not None:
                    return Fix("swizzle", ComposedLayout(sw, C(0), base), t, tried)
    return None


def _pad_mode(base: Layout):
    """(index of the strided mode, its stride, the contiguous mode's size) for a rank-2 (M,N):(N',1) or
    (M,N):(1,M') layout with static integer modes; None otherwise."""
    shp, std = base.shape, base.stride
    if not (
        it.is_tuple(shp)
        and len(shp) == 2
        and all(it.is_int(x) for x in shp + std)
        and is_static(shp)
        and is_static(std)
    ):
        return None
    d = [int(x) for x in std]
    s = [int(x) for x in shp]
    for unit, other in ((1, 0), (0, 1)):
        if d[unit] == 1 and d[other] >= s[unit]:
            return other, d[other], s[unit]
    return None


def search_padding(tiled_copies, base: Layout, max_pad_bytes: int = 128) -> Fix | None:
    """The smallest padding p (in elements) of the leading stride that makes every copy conflict-free."""
    pm = _pad_mode(base)
    if pm is None:
        return None
    mode, stride, _ = pm
    bits = min(tc.atom.value_bits for tc, _ in tiled_copies)
    plans_for = _padded_plans(tiled_copies, base, mode, stride)
    tried = 0
    for p in range(1, max(1, max_pad_bytes * 8 // bits) + 1):
        tried += 1
        lay, plans = plans_for(p)
        if plans is None:
            continue
        t = _clean(plans, None)
        if t is not None:
            return Fix("padding", lay, t, tried)
    return None


def _padded(base: Layout, mode: int, stride: int, p: int) -> Layout:
    new_std = list(base.stride)
    new_std[mode] = C(stride + p)
    return Layout(base.shape, tuple(new_std))


def _padded_plans(tiled_copies, base: Layout, mode: int, stride: int):
    """``p -> (the layout padded by p, its copy plans or None where a copy_plan refuses it)``, asked for p = 1, 2,
    ... in turn: copy_plan for p = 1, 2, 3, every later p from those three.

    Law: a plan's offsets are the smem layout at the coordinates (i, j) the TiledCopy fixes, listed in an order the
    layout does not change, and the padded layout maps (i, j) to i * D + j with D = stride + p: every offset is
    linear in D. The plans of p = 1 and 2 give each offset's i and j; p = 3's must lie on those lines, else (or if a
    copy_plan refused one of them) every later padding gets its own copy_plan, as before."""
    probes: list = []  # (layout, plans) of p = 1, 2, 3
    lines: list = []  # per copy: [(i, j) per offset] of its calls, threads and atom; None: no lines

    def direct(p):
        lay = _padded(base, mode, stride, p)
        try:
            return lay, [copy_plan(tc, lay, store) for tc, store in tiled_copies]
        except CuteDumpError:
            return lay, None

    def fit() -> list | None:
        if any(plans is None for _, plans in probes):
            return None
        d1 = stride + 1
        out = []
        for a, b, c in zip(probes[0][1], probes[1][1], probes[2][1]):
            per = []
            for x, y, z in ((a.calls, b.calls, c.calls), (a.threads, b.threads, c.threads), (a.atom, b.atom, c.atom)):
                if not len(x) == len(y) == len(z):
                    return None
                ij = [(v - u, u - (v - u) * d1) for u, v in zip(x, y)]  # D = d1, then d1 + 1
                if any(i * (d1 + 2) + j != w for (i, j), w in zip(ij, z)):
                    return None
                per.append(ij)
            out.append(per)
        return out

    def plans_for(p):
        if p <= len(probes):
            return probes[p - 1]
        if p <= 3:
            probes.append(direct(p))
            return probes[p - 1]
        if not lines:  # fitted when first needed (most searches end by p = 3)
            lines.append(fit())
        if lines[0] is None:
            return direct(p)
        lay = _padded(base, mode, stride, p)
        d = stride + p
        return lay, [
            CopyPlan(pl.tiled_copy, lay, pl.inst, pl.store, *[[i * d + j for i, j in f] for f in per], list(pl.notes))
            for pl, per in zip(probes[0][1], lines[0])
        ]

    return plans_for


def search_fixes(tiled_copies, smem) -> dict:
    """Both fixes for the smem layout's base (an existing swizzle is replaced)."""
    sw, off, base = split_smem(smem)
    if off:
        raise CuteDumpError(f"the fix search needs a smem layout at offset 0, got {smem}")
    return {"swizzle": search_swizzle(tiled_copies, base), "padding": search_padding(tiled_copies, base)}
