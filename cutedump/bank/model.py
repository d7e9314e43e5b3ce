"""The shared-memory bank model: warp-wide instructions -> phases -> wavefronts, ideal, conflicts.

Measured on an H100 with Nsight Compute (the patterns are in tests/data/bank/): a warp-wide shared-memory
instruction is served in *phases* — 32-bit ``ld/st.shared``: the whole warp; 64-bit: each half-warp; 128-bit:
each quarter-warp (8 lanes); ``ldmatrix``/``stmatrix`` (x1/x2/x4, .trans too): each 8x8 matrix, i.e. the 8 row
addresses of lanes 8m..8m+7, 16 bytes per row (x1 uses lanes 0-7, x2 lanes 0-15, x4 all 32). A phase costs as
many wavefronts as the largest number of *distinct* 4-byte words that fall into one bank
(bank = (byte address / 4) mod 32; lanes reading the same word share one broadcast; an 8-byte access covers
2 consecutive words, a 16-byte access 4). ideal = the number of phases; conflicts = wavefronts - ideal.

Paired lanes (measured, tests/data/bank/h100_measured_more.json): a 64- or 128-bit *load* whose lanes come in
pairs with equal addresses — lane l's address equals lane l^1's for every lane, or lane l^2's for every lane (a
warp-uniform address is both) — is served in phases twice as large: ld.shared.b64 as the whole warp (ideal 1),
ld.shared.b128 as half-warps (ideal 2). Other pairings (l^3, l^4, l^8, l^16, pairings that differ between quads)
and stores, ldmatrix and stmatrix keep the phases above.

8- and 16-bit ``ld/st.shared`` are *modelled* the same way as 32-bit ones (the whole warp is one phase, an access
touches the one word holding it); they were not among the measured patterns.

Law: for every instruction, ``ideal <= wavefronts <= ideal * (lanes per phase) * (words per access)``;
``conflicts == 0`` iff every bank holds at most one distinct word in every phase.
"""

from __future__ import annotations

from itertools import chain

from cutedump.errors import CuteDumpError

WARP = 32
BANKS = 32
WORD = 4


class Instruction:
    """A shared-memory instruction form: its lanes' access width and how the warp is split into phases."""

    name: str
    op: str  # "ld", "st", "ldsm", "stsm"
    access_bytes: int  # bytes one lane (ldmatrix: one row address) accesses
    phases: tuple  # tuple of tuples of lanes, one per phase
    measured: bool = True

    def __init__(self, name, op, access_bytes, phases, measured=True):
        _set = object.__setattr__  # frozen: assigned once, here
        _set(self, "name", name)
        _set(self, "op", op)
        _set(self, "access_bytes", access_bytes)
        _set(self, "phases", phases)
        _set(self, "measured", measured)

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(name={self.name!r}, op={self.op!r}, "
            f"access_bytes={self.access_bytes!r}, phases={self.phases!r}, measured={self.measured!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name, self.op, self.access_bytes, self.phases, self.measured) == (
                other.name,
                other.op,
                other.access_bytes,
                other.phases,
                other.measured,
            )
        return NotImplemented

    def __hash__(self):
        return hash((self.name, self.op, self.access_bytes, self.phases, self.measured))

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}")

    @property
    def lanes(self) -> tuple:
        """The lanes whose addresses the instruction reads."""
        return _lanes(self.phases)

    @property
    def is_store(self) -> bool:
        return self.op in ("st", "stsm")


def _split(n: int) -> tuple:
    return tuple(tuple(range(k * n, (k + 1) * n)) for k in range(WARP // n))


def _make_table() -> dict:
    t = {}
    for op in ("ld", "st"):
        for bits, lanes_per_phase, measured in (
            (8, 32, False),
            (16, 32, False),
            (32, 32, True),
            (64, 16, True),
            (128, 8, True),
        ):
            name = f"{op}.shared.b{bits}"
            t[name] = Instruction(name, op, bits // 8, _split(lanes_per_phase), measured)
    for op, ptx in (("ldsm", "ldmatrix"), ("stsm", "stmatrix")):
        for x in (1, 2, 4):
            for trans in ("", ".trans"):
                name = f"{ptx}.x{x}{trans}"
                t[name] = Instruction(name, op, 16, _split(8)[:x])
    return t


INSTRUCTIONS = _make_table()


def instruction(name: str) -> Instruction:
    """The instruction form called ``name`` (ld.shared.b32|b64|b128, st.shared..., ldmatrix.x1|x2|x4[.trans],
    stmatrix...)."""
    key = name.strip().lower()
    if key in INSTRUCTIONS:
        return INSTRUCTIONS[key]
    import difflib

    close = difflib.get_close_matches(key, list(INSTRUCTIONS), n=3, cutoff=0.6)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    raise CuteDumpError(
        f"unknown shared-memory instruction {name!r}{hint}; known: ld.shared.b32|b64|b128, "
        "st.shared.b32|b64|b128, ldmatrix.x1|x2|x4[.trans], stmatrix.x1|x2|x4[.trans] "
        "(b8/b16 modelled)"
    )


class Analysis:
    """Per-instruction counts of one sequence of warp-wide instructions (all of one form), as lists of ints."""

    inst: Instruction
    addresses: list  # n rows of 32 byte addresses (unused lanes of ldmatrix.x1/x2 kept as given)
    bank_groups: list  # [n][phases] (counts, g): distinct words per group of g banks (see bank_words)
    wavefronts: list  # [n]
    paired: list | None = None  # [n] bool: phases merged in pairs (row 2j holds phases 2j and 2j+1)

    def __init__(self, inst, addresses, bank_groups, wavefronts, paired=None):
        self.inst = inst
        self.addresses = addresses
        self.bank_groups = bank_groups
        self.wavefronts = wavefronts
        self.paired = paired

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(inst={self.inst!r}, addresses={self.addresses!r}, "
            f"bank_groups={self.bank_groups!r}, wavefronts={self.wavefronts!r}, paired={self.paired!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.inst, self.addresses, self.bank_groups, self.wavefronts, self.paired) == (
                other.inst,
                other.addresses,
                other.bank_groups,
                other.wavefronts,
                other.paired,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    @property
    def bank_words(self) -> list:
        """[n][phases][32] distinct words per bank (each bank of a group counts the group's words)."""
        bw = self.__dict__.get("_bank_words")
        if bw is None:
            bw = self._bank_words = [[_per_bank(c, g) for c, g in row] for row in self.bank_groups]
        return bw

    @property
    def n(self) -> int:
        return len(self.addresses)

    @property
    def ideal(self) -> list:
        full = len(self.inst.phases)
        if self.paired is None:
            return [full] * self.n
        half = full // 2
        return [full - half if p else full for p in self.paired]

    @property
    def conflicts(self) -> list:
        return [w - i for w, i in zip(self.wavefronts, self.ideal)]

    def phases_served(self, k: int) -> list:
        """The phases instruction ``k`` was served in, as (lanes, row of ``bank_words``): the form's phases, or for a
        paired load phases 2j and 2j+1 merged into one (row 2j)."""
        ph = self.inst.phases
        if self.paired is None or not self.paired[k]:
            return [(lanes, p) for p, lanes in enumerate(ph)]
        return [(ph[p] + ph[p + 1], p) for p in range(0, len(ph), 2)]

    def totals(self) -> dict:
        w, i = sum(self.wavefronts), sum(self.ideal)
        return {"wavefronts": w, "ideal": i, "conflicts": w - i}


def _int_rows(addresses):
    """``addresses`` as rows of 32 Python ints when it is plainly that (a row, or rows, of ints); else None."""
    if hasattr(addresses, "tolist"):
        addresses = addresses.tolist()
    if not isinstance(addresses, (list, tuple)) or not addresses:
        return None
    rows = [addresses] if set(map(type, addresses)) == _INT else addresses
    if not all(isinstance(r, (list, tuple)) and len(r) == WARP for r in rows):
        return None
    if set(map(type, chain.from_iterable(rows))) != _INT:
        return None
    if min(map(min, rows)) < -(1 << 63) or max(map(max, rows)) >= 1 << 63:  # beyond int64: numpy's error
        return None
    return [list(r) for r in rows]


_INT = {int}
_ALL_LANES = tuple(range(WARP))
_LANES: dict = {}


def _lanes(phases: tuple) -> tuple:
    """The lanes of the phases, in order (computed once per phase split)."""
    lanes = _LANES.get(phases)
    if lanes is None:
        lanes = _LANES[phases] = tuple(l for p in phases for l in p)
    return lanes


def _checked_row(inst: Instruction, row) -> list:
    """``check_addresses(inst, [row])[0]`` for one row, in short when it is a plain list of 32 valid ints (the rows the
    copy model generates): the same row, or the same error."""
    if row.__class__ is list and len(row) == WARP and set(map(type, row)) == _INT:
        used = _lanes(inst.phases)
        u = row if used == _ALL_LANES else [row[l] for l in used]
        ab = inst.access_bytes
        if (
            min(u) >= 0
            and max(row) < 1 << 63
            and min(row) >= -(1 << 63)
            and not any(map((ab - 1).__and__ if ab & (ab - 1) == 0 else ab.__rmod__, u))
        ):
            return row
    return check_addresses(inst, [row])[0]


def check_addresses(inst: Instruction, addresses, where: str = "") -> list:
    """The addresses as n rows of 32 ints; CuteDumpError for a wrong count, a negative or misaligned one."""
    a = _int_rows(addresses)
    if a is None:
        a = _check_shape(inst, addresses, where)
    used = inst.lanes
    ab = inst.access_bytes
    u = a if used == _ALL_LANES else [[row[l] for l in used] for row in a]
    if u and min(map(min, u)) < 0:
        k, j = next((k, j) for k, x in enumerate(u) for j, v in enumerate(x) if v < 0)
        raise CuteDumpError(f"{where}instruction {k} lane {used[j]}: negative address {u[k][j]}")
    if any(map((ab - 1).__and__ if ab & (ab - 1) == 0 else ab.__rmod__, chain.from_iterable(u))):  # v % ab != 0
        k, j = next((k, j) for k, x in enumerate(u) for j, v in enumerate(x) if v % ab)
        raise CuteDumpError(
            f"{where}instruction {k} lane {used[j]}: address {u[k][j]} is not "
            f"{ab}-byte aligned (a misaligned {inst.name} faults on the GPU)"
        )
    return a


def _check_shape(inst: Instruction, addresses, where: str) -> list:
    """Anything but plain rows of ints, read as numpy reads it (its conversions, its shape errors)."""
    import numpy as np  # start-up: only for inputs other than rows of ints

    try:
        a = np.asarray(addresses, dtype=np.int64)
    except (TypeError, ValueError, OverflowError):
        raise CuteDumpError(f"{where}addresses must be integers")
    if a.ndim == 1:
        a = a[None, :]
    if a.ndim != 2 or a.shape[1] != WARP:
        got = a.shape[-1] if a.ndim >= 1 else 0
        raise CuteDumpError(f"{where}{inst.name} needs {WARP} byte addresses per instruction (one per lane), got {got}")
    return a.tolist()


def analyze(inst: Instruction | str, addresses, where: str = "") -> Analysis:
    """Wavefronts of each of ``n`` instructions of one form, given the (n, 32) byte addresses of its lanes."""
    if isinstance(inst, str):
        inst = instruction(inst)
    a = check_addresses(inst, addresses, where)
    bank_groups, wavefronts, paired = [], [], []
    memo: dict = {}
    for row in a:
        bg, pair = _row_bank_groups(inst, row, memo)
        bank_groups.append(bg)
        wavefronts.append(sum(max(c) for c, _ in bg))
        paired.append(pair)
    return Analysis(inst, a, bank_groups, wavefronts, paired)


def conflict_free_totals(inst: Instruction, rows) -> dict | None:
    """``analyze(inst, rows).totals()`` when no instruction conflicts, else None, stopping at the first one that does
    (the fix search: most candidates conflict early). ``rows`` may be an iterator; CuteDumpError as analyze."""
    return class_totals(inst, ((row, 1) for row in rows), conflict_free=True)


def class_totals(inst: Instruction, classes, conflict_free: bool = False) -> dict | None:
    """``analyze(inst, rows).totals()`` (or, with ``conflict_free``, ``conflict_free_totals``) of rows given as
    ``(row, count)``: ``count`` rows that are ``row`` moved by multiples of 128 bytes (the same banks, the same counts:
    see _row_bank_groups). CuteDumpError for an invalid row, as analyze."""
    full = len(inst.phases)
    wavefronts = ideal = 0
    memo: dict = {}
    for row, n in classes:
        row = _checked_row(inst, row)
        bg, pair = _row_bank_groups(inst, row, memo)
        w, i = sum(max(c) for c, _ in bg), full - full // 2 if pair else full
        if conflict_free and w != i:
            return None
        wavefronts += n * w
        ideal += n * i
    return {"wavefronts": wavefronts, "ideal": ideal, "conflicts": wavefronts - ideal}


def _row_bank_groups(inst: Instruction, row: list, memo: dict | None = None) -> tuple:
    """(distinct words per bank group, as (counts, g), of each phase served, paired) of one instruction's 32 lane
    addresses (checked).

    Law: the answer is the same for the row moved by a multiple of 128 bytes (one word in each of the 32 banks): a
    bank is a word's index mod 32, and moving every address alike keeps which lanes share a word. ``memo`` (one per
    analysis: a warp's instructions, or the warps of a copy, often repeat a few rows at other offsets) keeps the
    answers by the row moved to start in the first 128 bytes; callers treat the answers as read-only."""
    if memo is not None:
        base = row[0] - row[0] % (BANKS * WORD)
        key = tuple([r - base for r in row]) if base else tuple(row)
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = _row_bank_groups(inst, row)
        return hit
    nwords = max(1, inst.access_bytes // WORD)
    phases = inst.phases
    pair = (
        inst.op == "ld"
        and inst.access_bytes in (8, 16)
        and (all(row[l] == row[l ^ 1] for l in range(WARP)) or all(row[l] == row[l ^ 2] for l in range(WARP)))
    )
    if pair:
        bg = []
        for p in range(0, len(phases), 2):
            bg += [_words_per_bank_group(row, phases[p] + phases[p + 1], nwords), _NO_WORDS]
    else:
        bg = [_words_per_bank_group(row, lanes, nwords) for lanes in phases]
    return bg, pair


def _words_per_bank_group(row: list, lanes, nwords: int) -> tuple:
    """How many distinct words the given lanes' accesses put in each bank, as (counts, g): counts[i] is the count of
    each of the g banks i*g .. i*g+g-1 (g = nwords for aligned multi-word accesses, which cover whole groups of
    nwords banks, else 1; :func:`_per_bank` spreads them to 32 counts)."""
    words = {row[l] // WORD for l in lanes}
    if nwords == 1:
        counts = [0] * BANKS
        for w in words:
            counts[w % BANKS] += 1
        return counts, 1
    if not any(map(nwords.__rmod__, words)):  # aligned accesses (check_addresses): each covers one whole group
        groups = [0] * (BANKS // nwords)  # of nwords banks (nwords divides 32), counted once per group
        for w in words:
            groups[w % BANKS // nwords] += 1
        return groups, nwords
    counts = [0] * BANKS
    for w in {w + j for w in words for j in range(nwords)}:
        counts[w % BANKS] += 1
    return counts, 1


def _per_bank(counts: list, g: int) -> list:
    """The 32 per-bank counts of (counts, g) (see _words_per_bank_group)."""
    return counts if g == 1 else [counts[b // g] for b in range(BANKS)]


_NO_WORDS = ([0], BANKS)  # a phase merged into the one before it (a paired load): no words in any bank
