"""The answers of ``cutedump atoms`` (commands/atoms_cmd.py declares its options), without click: the click command and
the console entry's fast path (cutedump/entry.py) print them."""

from __future__ import annotations

from cutedump.algebra import size
from cutedump.atoms import catalog_copy, catalog_mma
from cutedump.atoms.copy_catalog import (
    all_tmem_copy_names,
    all_utccp_copy_names,
    lookup_tmem_copy,
    lookup_utccp_copy,
)
from cutedump.atoms.copy_data import TEMPLATED
from cutedump.errors import CuteDumpError
from cutedump.limits import MAX_PATTERN
from cutedump.parse import parse_layout
from cutedump.versions import json_answer


def _match(name: str, pattern: str | None) -> bool:
    if not pattern:
        return True
    import fnmatch

    p = pattern.lower()
    n = name.lower()
    if any(c in p for c in "*?["):  # the whole name, with or without its template arguments <...>
        return fnmatch.fnmatchcase(n, p) or fnmatch.fnmatchcase(n.split("<", 1)[0], p)
    return p in n


def _size(text: str, memo: dict, *mode) -> int:
    """size(L) (or size<mode>(L)) of a catalog layout L given as text; each distinct one parsed and sized once."""
    key = (text, *mode)
    got = memo.get(key)
    if got is None:
        got = memo[key] = int(size(parse_layout(text), *mode))
    return got


def mma_rows(pattern):
    rows = []
    memo: dict = {}
    for t in catalog_mma():
        shown = t.family if t.family.startswith("SM90_64x") and "<" in t.name else t.name
        if t.family == "UniversalFMA":
            shown = "UniversalFMA<D[,A,B,C]>"
        if t.arch == "SM90 GMMA" and "<" in t.name:
            shown += "<K,K|MN>" if t.family.endswith("_RS") else "<K|MN,K|MN>"
        if not _match(shown, pattern):
            continue
        thr = _size(t.thr_id, memo)  # MMA_Atom<Op>::ThrID (parsing only it: 1,146 atoms)
        types = "any" if t.family == "UniversalFMA" else ",".join(t.val_types)
        extra = " (ext)" if t.header.endswith("_ext.hpp") else ""
        rows.append((shown, t.arch + extra, t.shape_mnk, str(thr), types))
    from cutedump.atoms.mma_catalog.sm100 import umma_rows  # start-up: the SM100 table only when listing
    from cutedump.atoms.mma_catalog.sm120 import sm120_rows  # start-up: as above

    rows += [r for r in umma_rows() + sm120_rows() if _match(r[0], pattern)]
    return rows


def copy_rows(pattern):
    rows = []
    memo: dict = {}
    for t in catalog_copy():
        kind = TEMPLATED.get(t.family, (None, None))[1]
        shown = f"{t.family}<S[,D]>" if kind == "SD" else f"{t.family}<AlignBits>" if kind == "ALIGN" else t.name
        if not _match(shown, pattern):
            continue
        thr = _size(t.thr_id, memo)
        if kind == "SD":
            bits = "sizeof_bits<S>"
        elif kind == "ALIGN" or t.family in ("DefaultCopy", "AutoVectorizingCopy"):
            bits = "auto"
        else:
            bits = f"{_size(t.src, memo, 1)}/{_size(t.dst, memo, 1)}"
        rows.append((shown, t.arch, str(thr), bits))
    for n in all_tmem_copy_names():
        if _match(n, pattern):
            t = lookup_tmem_copy(n)
            rows.append((n, t.arch, str(_size(t.thr_id, memo)), f"{_size(t.src, memo, 1)}/{_size(t.dst, memo, 1)}"))
    for n in all_utccp_copy_names():
        if _match(n, pattern):
            t = lookup_utccp_copy(n)
            rows.append((n, t.arch, str(_size(t.thr_id, memo)), f"{_size(t.src, memo, 1)}/{_size(t.dst, memo, 1)}"))
    return rows


def _table(header, rows):
    cols = list(zip(header, *rows))
    padded = [[c.ljust(w) for c in col] for col, w in zip(cols, [max(map(len, col)) for col in cols])]
    return ["  " + r.rstrip() for r in map("  ".join, zip(*padded))]


def atoms_text(pattern, mma_pat, copy_pat, fmt_) -> str:
    """The catalogs' rows (name, arch, shape/threads, value types), optionally filtered, as text or JSON."""
    if pattern is not None and (mma_pat or copy_pat):
        which = "--mma" if mma_pat else "--copy"
        raise CuteDumpError(f"PATTERN and {which} {mma_pat or copy_pat} both give a pattern; give one of them")
    for what, pat in (("PATTERN", pattern), ("--mma", mma_pat), ("--copy", copy_pat)):
        if pat is not None and len(pat) > MAX_PATTERN:  # limits: a catalog name has under 100 characters
            raise CuteDumpError(
                f"{what}: {len(pat)} characters, more than {MAX_PATTERN} (cutedump's limit for a name pattern)"
            )
    show_mma = mma_pat is not None or copy_pat is None
    show_copy = copy_pat is not None or mma_pat is None
    mrows = mma_rows(mma_pat or pattern) if show_mma else None
    crows = copy_rows(copy_pat or pattern) if show_copy else None
    if fmt_ == "json":
        d = {}
        if mrows is not None:
            d["mma"] = [dict(zip(("name", "arch", "shape_mnk", "threads", "types"), r)) for r in mrows]
            for r in d["mma"]:
                r["threads"] = int(r["threads"])
                r["types"] = r["types"].split(",")
        if crows is not None:
            d["copy"] = [dict(zip(("name", "arch", "threads", "bits"), r)) for r in crows]
            for r in d["copy"]:
                r["threads"] = int(r["threads"])
        return json_answer(d)
    lines = []
    if mrows is not None:
        lines.append(f"MMA atoms ({len(mrows)}):")
        if mrows:
            lines += _table(("name", "arch", "Shape_MNK", "threads", "types D,A,B,C"), mrows)
    if crows is not None:
        if lines:
            lines.append("")
        lines.append(f"Copy atoms ({len(crows)}):")
        if crows:
            lines += _table(("name", "arch", "threads", "bits/thread src/dst"), crows)
    return "\n".join(lines) + "\n"
