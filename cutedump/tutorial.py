"""The tutorial's views of int tuples: coordinate tables (idx2crd / crd2idx) and CuTe's ``compatible`` walked step
by step. ``cutedump coords`` and ``cutedump compat`` print these; they work on parsed shapes and strides::

    coords_text(shape, stride=None) -> str        # 1-D / 2-D / natural coordinates (and offsets), plus the 2-D grid
    grid_text(shape, stride) -> str               # the 2-D offset grid of a rank-2 shape
    index_text(shape, stride, items) -> str       # idx2crd / crd2idx of given indices or coordinates
    compat_text(a, b) -> (ok, str)                # is a compatible with b, and why (explain_compat: the walk)
    shape_stride(shape_text, stride_text)         # (shape, stride or None) from a layout or a shape (+ stride)
    shape_of(text)                                # the shape of a shape or a layout given as text
"""

from __future__ import annotations

from cutedump.algebra import Layout, compatible, crd2idx, fmt, idx2crd
from cutedump.algebra.evaluate import SMALL, have_numpy
from cutedump.algebra.inttuple import flatten, flatten_to_tuple, is_int_tuple, product, product_each, rank
from cutedump.errors import CuteDumpError, check_size
from cutedump.parse import parse_int_tuple, parse_object


def _plain(t) -> str:
    """An int tuple without static markers: (0,(1,2))."""
    if isinstance(t, tuple):
        return "(" + ",".join(_plain(e) for e in t) + ")"
    return str(int(t))


def shape_stride(shape_text, stride_text):
    obj = parse_object(shape_text)
    if isinstance(obj, Layout):
        if stride_text is not None:
            raise CuteDumpError("give a layout, or a shape and a stride, not both")
        return obj.shape, obj.stride
    if not is_int_tuple(obj):
        raise CuteDumpError(f"expected a shape like (3,(2,3)), got {shape_text!r}")
    stride = parse_int_tuple(stride_text) if stride_text is not None else None
    if stride is not None:
        Layout(obj, stride)  # congruence check, CuTe's message
    neg = [int(x) for x in flatten_to_tuple(obj) if int(x) < 0]
    if neg:
        raise CuteDumpError(f"negative size {neg[0]} in shape {fmt(obj)}")
    return obj, stride


def table_cells(shape, stride) -> int:
    """Lines/cells the coordinate table of ``coords_text`` writes: one row per index, and with a rank-2 stride the
    offset grid, whose header has a column per index of mode 1 even when mode 0 is empty."""
    n = int(product(shape))
    if stride is not None and isinstance(shape, tuple) and int(rank(shape)) == 2:
        m0, m1 = int(product(shape[0])), int(product(shape[1]))
        return max(n, m0, m1)
    return n


def _template(t) -> str:
    """A str.format template printing an int tuple of t's profile as _plain does: ((1,2),3) -> '(({},{}),{})'."""
    if isinstance(t, tuple):
        return "(" + ",".join(_template(e) for e in t) + ")"
    return "{}"


def _columns(shape, stride, n):
    """The table's columns [1-D, (2-D), natural, (offset)] as texts, vectorised with numpy; None where a leaf of
    the shape is < 1 (idx2crd's answers on such shapes stay with the scalar code).

    Exact for leaves >= 1 and 0 <= i < size: idx2crd(i, shape) is colexicographic, so leaf k's coordinate is
    (i // prod(leaves before k)) % leaf_k (CuTe's last-mode remainder equals that modulo below the size); the 2-D
    coordinate is the same over product_each(shape); crd2idx(i, shape, stride) is sum(coordinate * stride) over
    the leaves, computed in int64 only when no partial sum can reach 2**62."""
    leaves = [int(x) for x in (flatten(shape) if isinstance(shape, tuple) else (shape,))]
    if any(x < 1 for x in leaves):
        return None
    strides = None
    if stride is not None:
        strides = [int(d) for d in (flatten(stride) if isinstance(stride, tuple) else (stride,))]
        if len(strides) != len(leaves) or sum((x - 1) * abs(d) for x, d in zip(leaves, strides)) >= 1 << 62:
            return None
    if n <= SMALL or not have_numpy():  # the same arithmetic on lists: no numpy import for the small tables
        i, np = range(n), None
    else:
        import numpy as np

        i = np.arange(n, dtype=np.int64)

    def split(sizes):
        out, pre = [], 1
        for x in sizes:
            out.append([(k // pre) % x for k in i] if np is None else (i // pre) % x)
            pre *= x
        return out

    def as_list(c):
        return c if np is None else c.tolist()

    cols = [list(map(str, range(n)))]
    if isinstance(shape, tuple) and len(shape) >= 2:
        flat = [int(x) for x in product_each(shape)]
        cols.append(list(map(_template(tuple(flat)).format, *(as_list(c) for c in split(flat)))))
    leaf_coords = split(leaves)
    cols.append(
        list(map(_template(shape).format, *(as_list(c) for c in leaf_coords)))
        if len(leaf_coords)
        else [_template(shape).format()] * n
    )  # a shape of no integer, (): one coordinate, ()
    if strides is not None:
        if np is None:
            off = [sum(t) for t in zip(*([k * d for k in c] for c, d in zip(leaf_coords, strides)))]
        else:
            off = np.zeros(n, dtype=np.int64)
            for c, d in zip(leaf_coords, strides):
                off += c * d
        cols.append(list(map(str, as_list(off))))
    return cols


def coords_json(shape, stride=None) -> dict:
    """``cutedump coords --format json``: {shape, stride (or null), rank, size, columns, rows}; each row is the
    table's row as texts (1-D index, 2-D coordinate for rank >= 2, natural coordinate, offset with a stride)."""
    head, cols = _table_columns(shape, stride)
    n = int(product(shape))
    return {
        "shape": fmt(shape),
        "stride": None if stride is None else fmt(stride),
        "rank": int(rank(shape)) if isinstance(shape, tuple) else 1,
        "size": n,
        "columns": head,
        "rows": [list(r) for r in zip(*cols)] if cols else [],
    }


def index_json(shape, stride, items) -> dict:
    """``cutedump coords --idx ... --format json``: one entry per --idx with idx2crd (and crd2idx) as CuTe prints."""
    out = []
    for t in items:
        c = parse_int_tuple(t)
        e = {"input": fmt(c), "idx2crd": fmt(idx2crd(c, shape))}
        if stride is not None:
            e["crd2idx"] = fmt(crd2idx(c, shape, stride))
        out.append(e)
    return {"shape": fmt(shape), "stride": None if stride is None else fmt(stride), "items": out}


def _table_columns(shape, stride):
    n = int(product(shape))
    r = int(rank(shape)) if isinstance(shape, tuple) else 1
    two_d = isinstance(shape, tuple) and r >= 2
    cols = _columns(shape, stride, n) if n > 0 else None
    if cols is None:
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
        cols = [list(c) for c in zip(*rows)]
    head = ["1-D"] + (["2-D"] if two_d else []) + ["natural"] + (["offset"] if stride is not None else [])
    return head, cols


def coords_text(shape, stride=None) -> str:
    n = int(product(shape))
    r = int(rank(shape)) if isinstance(shape, tuple) else 1
    head, cols = _table_columns(shape, stride)
    widths = [max(len(h), *map(len, cols[k])) if cols else len(h) for k, h in enumerate(head)]
    title = f"shape {fmt(shape)}" + (f"  stride {fmt(stride)}" if stride is not None else "")
    title += f"  (rank {r}, size {n})"
    line = "  ".join(("{:>%d}" if k == 0 else "{:<%d}") % w for k, w in enumerate(widths)).format
    out = [title, line(*head).rstrip()]
    out.extend(line(*row).rstrip() for row in zip(*cols))
    text = "\n".join(out) + "\n"
    if stride is not None and isinstance(shape, tuple) and r == 2:
        text += "\n" + grid_text(shape, stride, cols[-1] if cols else None)
    return text


def grid_text(shape, stride, offsets=None) -> str:
    """The 2-D offset grid: rows = mode 0, columns = mode 1, with natural row/column coordinates. ``offsets``: the
    texts of crd2idx(i, shape, stride) for i = m + n*M (the table's offset column), when already computed."""
    s0, s1 = shape
    M, N = int(product(s0)), int(product(s1))
    if offsets is not None and len(offsets) == M * N:  # crd2idx((m, n), shape, stride) == crd2idx(m + n*M, ...)
        vals = [offsets[m::M] for m in range(M)]
    else:
        vals = [[str(int(crd2idx((m, nn), shape, stride))) for nn in range(N)] for m in range(M)]
    colc = [_plain(idx2crd(nn, s1)) for nn in range(N)]
    rowc = [_plain(idx2crd(m, s0)) for m in range(M)]
    w = max([len(v) for row in vals for v in row] + [len(c) for c in colc] + [len(str(N - 1)), 1]) + 2
    hier_rows = isinstance(s0, tuple)
    rw = max((len(c) for c in rowc), default=0) + 1 if hier_rows else 0  # size 0: no rows (was ValueError)
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


def index_text(shape, stride, items) -> str:
    """``idx2crd(c, shape)`` (and ``crd2idx(c, shape, stride)`` with a stride) of each index or coordinate text,
    as CuTe's print shows them."""
    out = []
    for t in items:
        c = parse_int_tuple(t)
        out.append(f"idx2crd({fmt(c)}, {fmt(shape)}) = {fmt(idx2crd(c, shape))}")
        if stride is not None:
            out.append(f"crd2idx({fmt(c)}, {fmt(shape)}, {fmt(stride)}) = {fmt(crd2idx(c, shape, stride))}")
    return "\n".join(out)


# ------------------------------------------------------------------------------------------- compat


def explain_compat(a, b, path=()):
    """CuTe's compatible(a, b) walked step by step: (ok, lines, first failure or None)."""
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


def compat_json(a, b) -> dict:
    """``cutedump compat --format json``: {a, b, compatible, reason (null when compatible), cute (what
    print(compatible(A, B)) shows), steps (the walk's lines)}."""
    ok, lines, first = explain_compat(a, b)
    val, static = compatible(a, b)
    return {
        "a": fmt(a),
        "b": fmt(b),
        "compatible": ok,
        "reason": first,
        "cute": ("_1" if val else "_0") if static else ("1" if val else "0"),
        "steps": [s.strip() for s in lines],
    }


def compat_text(a, b):
    ok, lines, first = explain_compat(a, b)
    val, static = compatible(a, b)
    if bool(val) != ok:  # pragma: no cover - the engine and this walk implement the same rule
        lines.append(f"  (engine says {bool(val)}; see engine_bugs)")
    printed = ("_1" if val else "_0") if static else ("1" if val else "0")
    sa, sb = int(product(a)), int(product(b))
    out = [
        f"{fmt(a)} -> {fmt(b)}: " + ("compatible" if ok else f"not compatible ({first})"),
        f"  size: {sa} {'==' if sa == sb else '!='} {sb}",
        *lines,
        f"  CuTe: print(compatible(A, B)) = {printed}",
    ]
    return ok, "\n".join(out) + "\n"


def shape_of(text):
    """The shape of a shape or a layout given as text."""
    obj = parse_object(text)
    if isinstance(obj, Layout):
        return obj.shape
    if not is_int_tuple(obj):
        raise CuteDumpError(f"expected a shape or a layout, got {text!r}")
    return obj


# ---------------------------------------------------------------- the commands' text answers (click's and the fast path's)


def coords_answer(shape_text: str, stride_text: str | None, force: bool = False) -> str:
    """``cutedump coords SHAPE [STRIDE]`` as text: the coordinate table (its size checked)."""
    shp, std = shape_stride(shape_text, stride_text)
    check_size(table_cells(shp, std), force, "coordinate table")
    return coords_text(shp, std)


def compat_answer(a_text: str, b_text: str):
    """``cutedump compat A B`` as text -> (compatible, text)."""
    return compat_text(shape_of(a_text), shape_of(b_text))
