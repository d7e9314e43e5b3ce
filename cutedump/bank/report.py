"""``cutedump bank`` as one library call: options in (strings), a finished :class:`BankReport` out.

Two modes: *raw* (``--inst`` and the 32 lane addresses of each instruction) and *copy* (a smem layout, an element
type and a TiledCopy given as ``cutedump copy`` takes it; optionally ``--also`` copies and the fix search).
"""

from __future__ import annotations

from cutedump.atoms import copy_atom, make_tiled_copy, make_tiled_copy_A, make_tiled_copy_B, make_tiled_copy_C
from cutedump.atoms.cli_support import build_mma, parse_layout_arg
from cutedump.atoms.mma_catalog import split_template
from cutedump.bank.copy import CopyAccess, copy_access, copy_plan, split_smem
from cutedump.bank.model import Analysis, analyze, instruction
from cutedump.bank.search import search_fixes, totals_all_warps
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate_layout


class CopySpec:
    """A TiledCopy as `cutedump copy` options give it, plus the direction."""

    atom: str
    value_type: str | None = None
    thr: str | None = None
    val: str | None = None
    mma: str | None = None
    atom_layout: str | None = None
    tile: str | None = None
    operand: str | None = None
    store: bool | None = None

    def __init__(
        self, atom, value_type=None, thr=None, val=None, mma=None, atom_layout=None, tile=None, operand=None, store=None
    ):
        self.atom = atom
        self.value_type = value_type
        self.thr = thr
        self.val = val
        self.mma = mma
        self.atom_layout = atom_layout
        self.tile = tile
        self.operand = operand
        self.store = store

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(atom={self.atom!r}, value_type={self.value_type!r}, "
            f"thr={self.thr!r}, val={self.val!r}, mma={self.mma!r}, atom_layout={self.atom_layout!r}, "
            f"tile={self.tile!r}, operand={self.operand!r}, store={self.store!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.atom,
                self.value_type,
                self.thr,
                self.val,
                self.mma,
                self.atom_layout,
                self.tile,
                self.operand,
                self.store,
            ) == (
                other.atom,
                other.value_type,
                other.thr,
                other.val,
                other.mma,
                other.atom_layout,
                other.tile,
                other.operand,
                other.store,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    def describe(self) -> str:
        if self.mma:
            return f"make_tiled_copy_{self.operand.upper()}(Copy_Atom<{self.atom}, {self.value_type}>, {self.mma})"
        return f"make_tiled_copy(Copy_Atom<{self.atom}, {self.value_type}>, {self.thr}, {self.val or '_1'})"


def value_type_of(atom: str, value_type: str | None) -> str:
    if value_type is not None:
        return value_type
    base, targs = split_template(atom)
    if targs and not targs[0].isdigit():
        return targs[-1] if len(targs) > 1 else targs[0]
    raise CuteDumpError("--type is required (the element type of the smem tensor, e.g. --type half_t)")


def build_tiled_copy(spec: CopySpec):
    """The TiledCopy of `cutedump copy ATOM --thr/--val` or `--mma ... --operand A|B|C`."""
    spec.value_type = value_type_of(spec.atom, spec.value_type)
    ca = copy_atom(spec.atom, spec.value_type)
    if spec.mma is not None:
        if spec.thr is not None or spec.val is not None:
            raise CuteDumpError("use either --thr/--val (make_tiled_copy) or --mma/--operand, not both")
        if spec.operand is None or spec.operand.upper() not in ("A", "B", "C"):
            raise CuteDumpError("--mma needs --operand A, B or C")
        mma = build_mma(spec.mma, spec.atom_layout, spec.tile)
        fn = {"A": make_tiled_copy_A, "B": make_tiled_copy_B, "C": make_tiled_copy_C}[spec.operand.upper()]
        return fn(ca, mma)
    if spec.operand is not None or spec.atom_layout is not None or spec.tile is not None:
        raise CuteDumpError("--operand/--atom-layout/--tile need --mma")
    if spec.thr is None:
        raise CuteDumpError("give --thr (and --val) for make_tiled_copy, or --mma ... --operand A|B|C")
    return make_tiled_copy(ca, parse_layout_arg(spec.thr, "--thr"), parse_layout_arg(spec.val, "--val"), check=True)


_ALSO_OPTS = {
    "--copy": "atom",
    "--type": "value_type",
    "--thr": "thr",
    "--val": "val",
    "--mma": "mma",
    "--atom-layout": "atom_layout",
    "--tile": "tile",
    "--operand": "operand",
}


def parse_also(text: str, default_type: str | None) -> CopySpec:
    """``--also "--copy ATOM --thr L --val L [--store]"`` (the same options as the main copy)."""
    try:
        import shlex  # start-up: only for --also (shlex imports re)

        words = shlex.split(text)
    except ValueError as e:
        raise CuteDumpError(f"--also {text!r}: {e}")
    kw, i = {}, 0
    store = None
    while i < len(words):
        w = words[i]
        if w == "--store":
            store, i = True, i + 1
            continue
        if w == "--load":
            store, i = False, i + 1
            continue
        if w not in _ALSO_OPTS or i + 1 >= len(words):
            raise CuteDumpError(
                f"--also {text!r}: expected options {', '.join(_ALSO_OPTS)}, --store, each with its value; got {w!r}"
            )
        kw[_ALSO_OPTS[w]] = words[i + 1]
        i += 2
    if "atom" not in kw:
        raise CuteDumpError(f"--also {text!r}: needs --copy ATOM")
    kw.setdefault("value_type", default_type)
    return CopySpec(store=store, **kw)


class AlsoResult:
    spec: CopySpec
    access: CopyAccess
    totals_all_warps: dict

    def __init__(self, spec, access, totals_all_warps):
        self.spec = spec
        self.access = access
        self.totals_all_warps = totals_all_warps

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(spec={self.spec!r}, access={self.access!r}, "
            f"totals_all_warps={self.totals_all_warps!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.spec, self.access, self.totals_all_warps) == (other.spec, other.access, other.totals_all_warps)
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable


class BankReport:
    mode: str  # "raw" or "copy"
    analysis: Analysis
    spec: CopySpec | None = None
    access: CopyAccess | None = None
    smem_text: str | None = None
    also: list
    totals_all_warps: dict | None = None
    fixes: dict | None = None  # {"swizzle": Fix | None, "padding": Fix | None}
    notes: list

    def __init__(
        self,
        mode,
        analysis,
        spec=None,
        access=None,
        smem_text=None,
        also=None,
        totals_all_warps=None,
        fixes=None,
        notes=None,
    ):
        self.mode = mode
        self.analysis = analysis
        self.spec = spec
        self.access = access
        self.smem_text = smem_text
        self.also = list() if also is None else also
        self.totals_all_warps = totals_all_warps
        self.fixes = fixes
        self.notes = list() if notes is None else notes

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(mode={self.mode!r}, analysis={self.analysis!r}, "
            f"spec={self.spec!r}, access={self.access!r}, smem_text={self.smem_text!r}, also={self.also!r}, "
            f"totals_all_warps={self.totals_all_warps!r}, fixes={self.fixes!r}, notes={self.notes!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.mode,
                self.analysis,
                self.spec,
                self.access,
                self.smem_text,
                self.also,
                self.totals_all_warps,
                self.fixes,
                self.notes,
            ) == (
                other.mode,
                other.analysis,
                other.spec,
                other.access,
                other.smem_text,
                other.also,
                other.totals_all_warps,
                other.fixes,
                other.notes,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    @property
    def conflicts(self) -> int:
        return self.analysis.totals()["conflicts"]


def parse_addresses(texts) -> list:
    rows = []
    for k, t in enumerate(texts):
        try:
            rows.append([int(x, 0) for x in t.replace(",", " ").split()])
        except ValueError:
            raise CuteDumpError(f"--addresses #{k + 1}: expected 32 integers separated by commas, got {t!r}")
        if len(rows[-1]) != 32:
            raise CuteDumpError(f"--addresses #{k + 1}: expected 32 byte addresses (one per lane), got {len(rows[-1])}")
    return rows


def raw_report(inst: str, addresses) -> BankReport:
    """Counts of instructions given by their lanes' byte addresses."""
    ins = instruction(inst)
    if not addresses:
        raise CuteDumpError("--inst needs at least one --addresses list (32 byte addresses)")
    rows = parse_addresses(addresses)
    a = analyze(ins, rows)
    notes = (
        []
        if ins.measured
        else [f"{ins.name} is modelled like 32-bit accesses (whole warp, one word per lane), not measured"]
    )
    return BankReport("raw", a, notes=notes)


def copy_report(smem_text: str, spec: CopySpec, warp: int = 0, also=(), fix: bool = True) -> BankReport:
    """The warp's instructions of a TiledCopy over a smem layout, its vector width, and (when it or an --also
    copy conflicts) the smallest swizzle and padding that make them all conflict-free."""
    try:
        smem = evaluate_layout(smem_text)
    except CuteDumpError as e:
        raise CuteDumpError(f"smem layout: {e.one_line()}")
    tc = build_tiled_copy(spec)
    plan = copy_plan(tc, smem, spec.store)
    spec.store = plan.store
    acc = copy_access(tc, smem, plan.store, warp, plan=plan)
    rep = BankReport("copy", acc.analysis, spec, acc, smem_text.strip(), notes=list(acc.notes))
    swz = split_smem(smem)[0]
    rep.totals_all_warps = totals_all_warps(plan, swz)
    tcs = [(tc, plan.store)]
    for text in also:
        s2 = parse_also(text, spec.value_type)
        tc2 = build_tiled_copy(s2)
        p2 = copy_plan(tc2, smem, s2.store)
        s2.store = p2.store
        rep.also.append(AlsoResult(s2, copy_access(tc2, smem, p2.store, 0, plan=p2), totals_all_warps(p2, swz)))
        tcs.append((tc2, p2.store))
    dirty = rep.totals_all_warps["conflicts"] or any(a.totals_all_warps["conflicts"] for a in rep.also)
    if fix and dirty:
        rep.fixes = search_fixes(tcs, smem)
    return rep
