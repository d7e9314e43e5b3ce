"""``cutedump atoms``: list the MMA and Copy atom catalogs."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors
from cutedump.errors import CuteDumpError
from cutedump.algebra import size
from cutedump.atoms import catalog_mma, catalog_copy
from cutedump.atoms.copy_data import TEMPLATED
from cutedump.parse import parse_layout

EPILOG = """\b
Examples:
  cutedump atoms                       # both catalogs
  cutedump atoms --mma SM80            # MMA atoms whose name contains SM80 (case-insensitive)
  cutedump atoms --mma "SM90_64x*_F32F16F16_SS"   # shell-style wildcards (the whole name, <...> optional)
  cutedump atoms --copy LDSM
  cutedump atoms --mma SM80_16x8x16 --format json
  cutedump atoms --mma SM100
SM100 UMMA atoms are listed once per family with their template parameters, e.g.
SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>. GMMA atoms taking majors are listed once (their layouts do not depend on the majors); name them as
SM90_64x128x16_F32F16F16_SS<K,MN>. Templated copies take a type: UniversalCopy<uint128_t>.
"""


def _match(name: str, pattern: str | None) -> bool:
    if not pattern:
        return True
    import fnmatch
    p = pattern.lower()
    n = name.lower()
    if any(c in p for c in "*?["):   # the whole name, with or without its template arguments <...>
        return fnmatch.fnmatchcase(n, p) or fnmatch.fnmatchcase(n.split("<", 1)[0], p)
    return p in n


def mma_rows(pattern):
    rows = []
    for t in catalog_mma():
        shown = t.family if t.family.startswith("SM90_64x") and "<" in t.name else t.name
        if t.family == "UniversalFMA":
            shown = "UniversalFMA<D[,A,B,C]>"
        if t.arch == "SM90 GMMA" and "<" in t.name:
            shown += "<K,K|MN>" if t.family.endswith("_RS") else "<K|MN,K|MN>"
        if not _match(shown, pattern):
            continue
        thr = size(parse_layout(t.thr_id))   # MMA_Atom<Op>::ThrID (parsing only it: 1,146 atoms)
        types = "any" if t.family == "UniversalFMA" else ",".join(t.val_types)
        extra = " (ext)" if t.header.endswith("_ext.hpp") else ""
        rows.append((shown, t.arch + extra, t.shape_mnk, str(int(thr)), types))
    from cutedump.atoms.umma_catalog import umma_rows   # start-up: the SM100 table only when listing
    rows += [r for r in umma_rows() if _match(r[0], pattern)]
    return rows


def copy_rows(pattern):
    rows = []
    for t in catalog_copy():
        kind = TEMPLATED.get(t.family, (None, None))[1]
        shown = f"{t.family}<S[,D]>" if kind == "SD" else f"{t.family}<AlignBits>" if kind == "ALIGN" else t.name
        if not _match(shown, pattern):
            continue
        thr = int(size(parse_layout(t.thr_id)))
        if kind == "SD":
            bits = "sizeof_bits<S>"
        elif kind == "ALIGN" or t.family in ("DefaultCopy", "AutoVectorizingCopy"):
            bits = "auto"
        else:
            src, dst = parse_layout(t.src), parse_layout(t.dst)
            bits = f"{int(size(src, 1))}/{int(size(dst, 1))}"
        rows.append((shown, t.arch, str(thr), bits))
    from cutedump.atoms.tmem import all_tmem_copy_names, lookup_tmem_copy   # start-up: SM100 TMEM rows on listing
    for n in all_tmem_copy_names():
        if _match(n, pattern):
            t = lookup_tmem_copy(n)
            src, dst = parse_layout(t.src), parse_layout(t.dst)
            rows.append((n, t.arch, str(int(size(parse_layout(t.thr_id)))), f"{int(size(src, 1))}/{int(size(dst, 1))}"))
    return rows


def _table(header, rows):
    w = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    out = ["  " + "  ".join(h.ljust(w[i]) for i, h in enumerate(header)).rstrip()]
    for r in rows:
        out.append("  " + "  ".join(c.ljust(w[i]) for i, c in enumerate(r)).rstrip())
    return out


@click.command("atoms", epilog=EPILOG)
@click.argument("pattern", required=False)
@click.option("--mma", "mma_pat", is_flag=False, flag_value="", default=None, metavar="[PATTERN]",
              help="Only the MMA atoms (whose name matches PATTERN, when given).")
@click.option("--copy", "copy_pat", is_flag=False, flag_value="", default=None, metavar="[PATTERN]",
              help="Only the copy atoms (whose name matches PATTERN, when given).")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help='json: {"mma": [{name, arch, shape_mnk, threads, types}], "copy": [{name, arch, threads, '
                   'bits}]} (a key only for the catalogs listed).')
@handle_errors
def atoms_cmd(pattern, mma_pat, copy_pat, fmt_):
    """List the MMA and Copy atom catalogs (name, arch, shape/threads, value types), optionally filtered.

    PATTERN filters both catalogs: a case-insensitive substring, or a shell-style wildcard (* ? [...]) that must
    match the whole name (with or without its template arguments)."""
    if pattern is not None and (mma_pat or copy_pat):
        which = "--mma" if mma_pat else "--copy"
        raise CuteDumpError(f"PATTERN and {which} {mma_pat or copy_pat} both give a pattern; give one of them")
    show_mma = mma_pat is not None or copy_pat is None
    show_copy = copy_pat is not None or mma_pat is None
    mrows = mma_rows(mma_pat or pattern) if show_mma else None
    crows = copy_rows(copy_pat or pattern) if show_copy else None
    if fmt_ == "json":
        import json
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
        click.echo(json.dumps(d))
        return
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
    click.echo("\n".join(lines))
