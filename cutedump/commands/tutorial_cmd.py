"""Tutorial views: ``cutedump coords`` (idx2crd / crd2idx tables) and ``cutedump compat`` (shape compatibility)."""
from __future__ import annotations

import sys

import click

from cutedump.commands._common import handle_errors, check_size

COORDS_EPILOG = """\b
Examples:
  cutedump coords "(2,3)"                       # 1-D index -> 2-D coordinate (colexicographic)
  cutedump coords "(3,(2,3))"                   # 1-D, 2-D and natural (hierarchical) coordinates
  cutedump coords "(3,(2,3))" "(3,(12,1))"      # ... and the offsets crd2idx(c, shape, stride), plus the 2-D grid
  cutedump coords "(_3,(_2,_3))" "(_3,(_12,_1))" --idx 16 --idx "(1,5)" --idx "(1,(1,2))"
  cutedump coords "(3,(2,3)):(3,(12,1))"        # a layout works too
\b
The 2-D coordinate of index i is (i mod size<0>, i / size<0>) for rank 2 (one 1-D coordinate per top-level
mode for higher ranks); the natural coordinate is idx2crd(i, shape). --idx prints idx2crd / crd2idx exactly
as CuTe's print shows them (static values with a leading underscore).
"""

COMPAT_EPILOG = """\b
Examples:
  cutedump compat 24 "(4,6)"                    # compatible
  cutedump compat "((2,3),4)" "((2,2),(3,2))"   # not compatible: mode 0.1: 3 != size(2)
  cutedump compat "(24)" 24                     # not compatible: a tuple never becomes an integer
\b
CuTe's rule (cute/int_tuple.hpp compatible(a, b)): two tuples are compatible when they have the same rank
and are compatible mode by mode; an integer a is compatible with any b of size a; a tuple is never
compatible with an integer. Layout arguments stand for their shapes. Exit status: 0 compatible, 1 not.
"""


def _plain(t) -> str:
    """An int tuple without static markers: (0,(1,2))."""
    if isinstance(t, tuple):
        return "(" + ",".join(_plain(e) for e in t) + ")"
    return str(int(t))


def _shape_stride(shape_text, stride_text):
    from cutedump.algebra import Layout
    from cutedump.errors import CuteDumpError
    from cutedump.parse import parse_object, parse_int_tuple
    obj = parse_object(shape_text)
    if isinstance(obj, Layout):
        if stride_text is not None:
            raise CuteDumpError("give a layout, or a shape and a stride, not both")
        return obj.shape, obj.stride
    if not _is_int_tuple(obj):
        raise CuteDumpError(f"expected a shape like (3,(2,3)), got {shape_text!r}")
    stride = parse_int_tuple(stride_text) if stride_text is not None else None
    if stride is not None:
        Layout(obj, stride)  # congruence check, CuTe's message
    return obj, stride


def _is_int_tuple(x) -> bool:
    from cutedump.algebra.inttuple import is_int_tuple
    return is_int_tuple(x)


def coords_text(shape, stride=None) -> str:
    from cutedump.algebra import idx2crd, crd2idx, fmt
    from cutedump.algebra.inttuple import product, product_each, rank
    n = int(product(shape))
    r = int(rank(shape)) if isinstance(shape, tuple) else 1
    two_d = isinstance(shape, tuple) and r >= 2
    flat = product_each(shape) if two_d else None
    rows = []
    for i in range(n):
        row = [str(i)]
        if two_d:
            row.append(_plain(idx2crd(i, flat)))
        row.append(_plain(idx2crd(i, shape)))
        if stride is not None:
            row.append(str(int(crd2idx(i, shape, stride))))
        rows.append(row)
    head = ["1-D"] + (["2-D"] if two_d else []) + ["natural"] + (["offset"] if stride is not None else [])
    widths = [max(len(h), *(len(rw[k]) for rw in rows)) if rows else len(h) for k, h in enumerate(head)]
    title = f"shape {fmt(shape)}" + (f"  stride {fmt(stride)}" if stride is not None else "")
    title += f"  (rank {r}, size {n})"
    out = [title, "  ".join(h.rjust(w) if k == 0 else h.ljust(w) for k, (h, w) in enumerate(zip(head, widths))).rstrip()]
    for rw in rows:
        out.append("  ".join(c.rjust(w) if k == 0 else c.ljust(w) for k, (c, w) in enumerate(zip(rw, widths))).rstrip())
    text = "\n".join(out) + "\n"
    if stride is not None and isinstance(shape, tuple) and r == 2:
        text += "\n" + grid_text(shape, stride)
    return text


def grid_text(shape, stride) -> str:
    """The 2-D offset grid: rows = mode 0, columns = mode 1, with natural row/column coordinates."""
    from cutedump.algebra import idx2crd, crd2idx
    from cutedump.algebra.inttuple import product
    s0, s1 = shape
    M, N = int(product(s0)), int(product(s1))
    vals = [[str(int(crd2idx((m, nn), shape, stride))) for nn in range(N)] for m in range(M)]
    colc = [_plain(idx2crd(nn, s1)) for nn in range(N)]
    rowc = [_plain(idx2crd(m, s0)) for m in range(M)]
    w = max([len(v) for row in vals for v in row] + [len(c) for c in colc] + [len(str(N - 1)), 1]) + 2
    hier_rows = isinstance(s0, tuple)
    rw = max(len(c) for c in rowc) + 1 if hier_rows else 0
    lead = " " * (4 + rw)
    lines = [lead + "".join(str(nn).center(w + 1) for nn in range(N)).rstrip() + "   <== 1-D column coordinate"]
    if isinstance(s1, tuple):
        lines.append(lead + "".join(c.center(w + 1) for c in colc).rstrip() + "   <== natural column coordinate")
    rule = lead + ("+" + "-" * w) * N + "+"
    for m in range(M):
        lines.append(rule)
        lab = f"{m:>2}  " + (rowc[m].ljust(rw) if hier_rows else "")
        lines.append(lab + "".join("|" + v.rjust(w - 1) + " " for v in vals[m]) + "|")
    lines.append(rule)
    return "\n".join(lines) + "\n"


@click.command("coords", epilog=COORDS_EPILOG)
@click.argument("shape")
@click.argument("stride", required=False)
@click.option("--idx", "idxs", multiple=True, metavar="I|COORD",
              help="Convert one index or coordinate: idx2crd (and crd2idx with a stride). Repeatable.")
@click.option("--force", is_flag=True, help="Print even very large tables (more than 65,536 rows).")
@handle_errors
def coords_cmd(shape, stride, idxs, force):
    """Coordinate table of SHAPE: 1-D index, 2-D and natural coordinates, and with STRIDE the offsets."""
    from cutedump.algebra import idx2crd, crd2idx, fmt
    from cutedump.algebra.inttuple import product
    from cutedump.parse import parse_int_tuple
    shp, std = _shape_stride(shape, stride)
    if idxs:
        out = []
        for t in idxs:
            c = parse_int_tuple(t)
            out.append(f"idx2crd({fmt(c)}, {fmt(shp)}) = {fmt(idx2crd(c, shp))}")
            if std is not None:
                out.append(f"crd2idx({fmt(c)}, {fmt(shp)}, {fmt(std)}) = {fmt(crd2idx(c, shp, std))}")
        click.echo("\n".join(out))
        return
    check_size(int(product(shp)), force, "coordinate table")
    click.echo(coords_text(shp, std), nl=False)


# ------------------------------------------------------------------------------------------- compat

def explain_compat(a, b, path=()):
    """CuTe's compatible(a, b) walked step by step: (ok, lines, first failure or None)."""
    from cutedump.algebra import fmt
    from cutedump.algebra.inttuple import product
    ind = "  " * (len(path) + 1)
    where = ("mode " + ".".join(str(p) for p in path) + ": ") if path else ""
    head = f"{ind}{where}{fmt(a)} vs {fmt(b)}: "
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) != len(b):
            why = f"{where}rank {len(a)} != rank {len(b)}"
            return False, [head + f"tuples of rank {len(a)} and {len(b)}: ranks differ -> not compatible"], why
        lines = [head + f"tuples of rank {len(a)}: compatible iff every mode is"]
        ok, first = True, None
        for i, (x, y) in enumerate(zip(a, b)):
            o, ls, f = explain_compat(x, y, path + (i,))
            lines += ls
            if not o and first is None:
                first = f
            ok = ok and o
        return ok, lines, first
    if not isinstance(a, tuple):
        sb = int(product(b))
        ok = int(a) == sb
        rel = "==" if ok else "!="
        lines = [head + f"integer {int(a)} {rel} size({fmt(b)}) = {sb} -> {'compatible' if ok else 'not compatible'}"]
        return ok, lines, None if ok else f"{where}{int(a)} != size({fmt(b)}) = {sb}"
    why = f"{where}a tuple {fmt(a)} is never compatible with an integer {fmt(b)}"
    return False, [head + "a tuple vs an integer -> not compatible"], why


def compat_text(a, b):
    from cutedump.algebra import fmt, compatible
    from cutedump.algebra.inttuple import product
    ok, lines, first = explain_compat(a, b)
    val, static = compatible(a, b)
    if bool(val) != ok:  # pragma: no cover - the engine and this walk implement the same rule
        lines.append(f"  (engine says {bool(val)}; see engine_bugs)")
    printed = ("_1" if val else "_0") if static else ("1" if val else "0")
    sa, sb = int(product(a)), int(product(b))
    out = [f"{fmt(a)} -> {fmt(b)}: " + ("compatible" if ok else f"not compatible ({first})"),
           f"  size: {sa} {'==' if sa == sb else '!='} {sb}",
           *lines,
           f"  CuTe: print(compatible(A, B)) = {printed}"]
    return ok, "\n".join(out) + "\n"


def _shape_of(text):
    from cutedump.algebra import Layout
    from cutedump.errors import CuteDumpError
    from cutedump.parse import parse_object
    obj = parse_object(text)
    if isinstance(obj, Layout):
        return obj.shape
    if not _is_int_tuple(obj):
        raise CuteDumpError(f"expected a shape or a layout, got {text!r}")
    return obj


@click.command("compat", epilog=COMPAT_EPILOG)
@click.argument("shape_a")
@click.argument("shape_b")
@handle_errors
def compat_cmd(shape_a, shape_b):
    """Is SHAPE_A compatible with SHAPE_B (CuTe's compatible), and why."""
    ok, text = compat_text(_shape_of(shape_a), _shape_of(shape_b))
    click.echo(text, nl=False)
    sys.exit(0 if ok else 1)
