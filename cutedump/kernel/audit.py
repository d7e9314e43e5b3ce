"""The bank audit of a kernel: for each ``[[smem_copies]]`` entry of its description, the shared-memory
instructions one warp issues (``cutedump bank``'s model, cutedump/bank), their wavefronts against the ideal, the
conflicts, summed over the warp and over all warps, the vector width, and — when a copy of an smem tensor
conflicts — the smallest swizzle (or padding) under which every copy of that tensor is conflict-free.
"""

from __future__ import annotations

from cutedump.algebra import C, Layout, coalesce, rank
from cutedump.algebra.swizzle import ComposedLayout
from cutedump.bank.copy import _AUTO, atom_instruction, copy_access, copy_plan, split_smem
from cutedump.bank.search import search_fixes, totals_all_warps
from cutedump.errors import CuteDumpError


class BankLine:
    """The audit of one smem copy (``note`` set and no counts when the model does not cover its atom)."""

    copy: object  # model.SmemCopy
    inst: str | None = None
    per_warp: int = 0  # instructions per warp
    warp: int = 0
    warp_totals: dict | None = None
    nwarps: int = 0
    all_totals: dict | None = None
    vector: dict | None = None
    fixes: dict | None = None  # {"swizzle": Fix|None, "padding": Fix|None} when the tensor's copies conflict
    note: str | None = None
    tma: object = None  # a TMA copy (cutedump.atoms.tma.TmaResult): not a thread copy, nothing counted

    def __init__(
        self,
        copy,
        inst=None,
        per_warp=0,
        warp=0,
        warp_totals=None,
        nwarps=0,
        all_totals=None,
        vector=None,
        fixes=None,
        note=None,
        tma=None,
    ):
        self.copy = copy
        self.inst = inst
        self.per_warp = per_warp
        self.warp = warp
        self.warp_totals = warp_totals
        self.nwarps = nwarps
        self.all_totals = all_totals
        self.vector = vector
        self.fixes = fixes
        self.note = note
        self.tma = tma

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(copy={self.copy!r}, inst={self.inst!r}, "
            f"per_warp={self.per_warp!r}, warp={self.warp!r}, warp_totals={self.warp_totals!r}, "
            f"nwarps={self.nwarps!r}, all_totals={self.all_totals!r}, vector={self.vector!r}, "
            f"fixes={self.fixes!r}, note={self.note!r}, tma={self.tma!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.copy,
                self.inst,
                self.per_warp,
                self.warp,
                self.warp_totals,
                self.nwarps,
                self.all_totals,
                self.vector,
                self.fixes,
                self.note,
                self.tma,
            ) == (
                other.copy,
                other.inst,
                other.per_warp,
                other.warp,
                other.warp_totals,
                other.nwarps,
                other.all_totals,
                other.vector,
                other.fixes,
                other.note,
                other.tma,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    @property
    def conflicts(self) -> int:
        return self.all_totals["conflicts"] if self.all_totals else 0


def audit(dump, warp: int = 0, fix: bool = True) -> list[BankLine]:
    """One BankLine per smem copy of the dump, for warp ``warp``."""
    lines, plans = [], []
    for sc in dump.smem_copies:
        tc = sc.tiled_copy
        if not hasattr(tc, "atom"):  # a TMA atom: the copy engine writes the box, no thread accesses smem
            lines.append(BankLine(sc, note="TMA", tma=tc.tma))
            plans.append(None)
            continue
        if tc.atom.traits.family in _AUTO:
            lines.append(BankLine(sc, note=tc.atom.traits.name))
            plans.append(None)
            continue
        try:
            atom_instruction(tc, sc.store)
            plan = copy_plan(tc, sc.smem, sc.store)
            acc = copy_access(tc, sc.smem, plan.store, warp, plan=plan)
        except CuteDumpError as e:
            if str(e).startswith("--warp"):
                raise CuteDumpError(f"{e.one_line()} of {sc.copy}") from None
            raise CuteDumpError(f"{sc.where}: smem copy {sc.copy!r} -> {sc.tensor!r}: {e.one_line()}") from None
        sw = split_smem(sc.smem)[0]
        lines.append(
            BankLine(
                sc,
                acc.inst.name,
                acc.analysis.n,
                warp,
                acc.analysis.totals(),
                plan.nwarps,
                totals_all_warps(plan, sw),
                acc.vector,
            )
        )
        plans.append(plan)
    if fix:
        groups: dict = {}
        for ln, plan in zip(lines, plans):
            if plan is not None:
                groups.setdefault((ln.copy.tensor, ln.copy.slice), []).append(ln)
        for group in groups.values():
            if any(ln.conflicts for ln in group):
                smem = _by_mode(group[0].copy.smem)
                try:
                    fixes = search_fixes([(ln.copy.tiled_copy, ln.copy.store) for ln in group], smem)
                except CuteDumpError as e:
                    fixes = {"error": e.one_line()}
                for ln in group:
                    if ln.conflicts:
                        ln.fixes = fixes
    return lines


def _by_mode(smem):
    """The smem tile with each top-level mode coalesced (``coalesce(L, (_1,...))``: the same function, so the fix
    search sees ``(_128,_8):(_1,_129)`` rather than a tile_to_shape'd ``((_128,_1),(_8,_1)):...``)."""
    base = smem.b if isinstance(smem, ComposedLayout) else smem
    if not isinstance(base, Layout):
        return smem
    r = int(rank(base))
    flat = coalesce(base, tuple(C(1) for _ in range(r))) if r > 1 else base
    return ComposedLayout(smem.a, smem.offset, flat) if isinstance(smem, ComposedLayout) else flat
