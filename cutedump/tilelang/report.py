"""Text reports for TileLang bank-swizzle layouts: the step-by-step walk-through, Forward at one index, the
swizzled index table and the CuTe view. Everything printed is computed from :mod:`cutedump.tilelang.swizzle`.
"""
from __future__ import annotations

import re

from cutedump.errors import CuteDumpError, check_size
from cutedump.tilelang.swizzle import BankSwizzleLayout

_TMA = {"full": "CU_TENSOR_MAP_SWIZZLE_128B", "half": "CU_TENSOR_MAP_SWIZZLE_64B",
        "quarter": "CU_TENSOR_MAP_SWIZZLE_32B"}


def _prod_text(xs):
    return " * ".join(str(x) for x in xs)


def walkthrough(L: BankSwizzleLayout, buffer_shape=None, force: bool = False) -> str:
    """The construction, the ranges of every expression, OutputShape, replicate_extent and bijectivity."""
    vs, W = L.vector_size, L.W
    out = []
    out.append(f"{L.func}(stride={L.stride}, continuous={L.continuous}, element_size={L.element_bits})"
               "   [tilelang src/layout/gemm_layouts.cc]")
    if L.leading:
        out.append(f"  ExpandLayout2D: leading dims {list(L.leading)} pass through unchanged "
                   f"(inputs {', '.join(L.var_names[:-2])})")
    checks = [("ICHECK(stride == 4 || stride % 8 == 0)", f"stride = {L.stride}, {L.stride} % 8 = {L.stride % 8}"),
              (f"ICHECK(continuous % (vector_size * {W}) == 0)",
               f"{L.continuous} % {vs * W} = {L.continuous % (vs * W)}")]
    cw = max(len(a) for a, _ in checks)
    for a, b in checks:
        out.append(f"  {a:<{cw}}   {b}")
    out.append(f"  vector_size = 128 / {L.element_bits} = {vs}"
               + ("   (elements per 128-bit vector)" if 128 % L.element_bits == 0 else
                  "   (C++ integer division: 128 is not a multiple of the element size)"))
    rng = L.ranges(force)
    forms = L.formulas()
    w = max(len(f) for _, f in forms)
    out.append("")
    out.append(f"  {'name':<10} {'expression':<{w}}   range over the input domain")
    for name, f in forms:
        lo, hi = rng[name]
        out.append(f"  {name:<10} {f:<{w}}   [{lo}, {hi})")
    out.append("")
    out.append(f"  Layout(input_size = {list(L.shape)}, forward_index = [{', '.join(L.forward_names())}])")
    out.append("")
    oshape = L.output_shape(force)
    out.append(f"OutputShape() = {oshape}   (max + 1 of each forward expression, evaluated over all "
               f"{L.size} inputs)")
    bshape = list(buffer_shape) if buffer_shape else list(L.shape)
    bext = L.buffer_extent(bshape)
    lext = L.layout_extent(force)
    rep = bext // lext
    out.append(f"buffer_extent    = {_prod_text(bshape)} = {bext}")
    out.append(f"layout_extent    = {_prod_text(oshape)} = {lext}")
    out.append(f"replicate_extent = {bext} / {lext} = {rep}"
               + ("   (no replication)" if rep <= 1 else f"   (prepended to the buffer shape)"))
    if bext % lext:
        out.append(f"  note: {bext} is not a multiple of {lext}; makeBufferWithLayout truncates the division")
    phys = ([rep] + oshape) if rep > 1 else oshape
    out.append(f"physical buffer shape = {phys}")
    ok, detail = L.bijectivity(force)
    out.append(f"bijective: {'yes' if ok else 'NO'} ({detail})")
    return "\n".join(out) + "\n"


def _substitute(expr: str, env: dict) -> str:
    return re.sub(r"\b(c_swizzle|vec|c|s|_[a-z])\b", lambda m: str(env[m.group(1)]) if m.group(1) in env
                  else m.group(1), expr)


def forward_at(L: BankSwizzleLayout, idx, force: bool = False) -> str:
    """Forward(idx) with every expression shown with its values substituted."""
    idx = tuple(int(x) for x in idx)
    if len(idx) != len(L.shape):
        raise CuteDumpError(f"--at needs {len(L.shape)} indices for shape {list(L.shape)}, got {len(idx)}")
    L.check_index(idx)
    names = L.var_names
    env = dict(zip(names, idx))
    st = L.steps(idx[-2], idx[-1])
    out = [f"Forward({list(idx)}):   (" + ", ".join(f"{n} = {v}" for n, v in zip(names, idx)) + ")"]
    for name, f in L.formulas():
        out.append(f"  {name} = {_substitute(f, env)} = {st[name]}")
        env[name] = st[name]
    fwd = [int(x) for x in L.forward(*idx)]
    oshape = L.output_shape(force)
    terms = []
    for k, v in enumerate(fwd):
        rest = oshape[k + 1:]
        terms.append(f"{v}" + "".join(f"*{r}" for r in rest))
    flat = L.flat_offset(*idx, output_shape=oshape)
    out.append(f"  -> [{', '.join(L.forward_names())}] = {fwd}")
    out.append(f"  flat offset (row-major over OutputShape {oshape}) = {' + '.join(terms)} = {flat}")
    return "\n".join(out) + "\n"


def inverse_at(L: BankSwizzleLayout, offset: int, force: bool = False) -> str:
    ext = L.layout_extent(force)
    if not 0 <= offset < ext:
        raise CuteDumpError(f"offset {offset} is outside the layout extent [0, {ext})")
    idx = L.inverse(offset, force)
    return f"Inverse(offset {offset}) = {list(idx)}   (Forward({list(idx)}) -> flat offset {offset})\n"


def _digits(x):
    return len(str(abs(int(x)))) + (1 if int(x) < 0 else 0)


def box_table(title: str, row_labels, col_labels, values) -> str:
    """A print_layout-style box table with arbitrary row/column labels."""
    w = max([_digits(v) for row in values for v in row] + [_digits(c) for c in col_labels]) + 2
    rw = max(2, max(_digits(r) for r in row_labels))
    out = [title, "\n", " " * (rw + 2)]
    out.extend(f"  {c:>{w - 2}} " for c in col_labels)
    out.append("\n")
    rule = " " * (rw + 2) + ("+" + "-" * w) * len(col_labels) + "+\n"
    for r, row in zip(row_labels, values):
        out.append(rule)
        out.append(f"{r:>{rw}}  ")
        out.extend(f"| {int(v):>{w - 2}} " for v in row)
        out.append("|\n")
    out.append(rule)
    return "".join(out)


def index_table(L: BankSwizzleLayout, rows=None, cols=None, row0=0, col0=0, vectors=False,
                force: bool = False) -> str:
    """The swizzled physical offsets of a window of the (stride x continuous) plane.

    With ``vectors`` the columns are 128-bit vectors and each cell is the physical vector slot
    (flat offset / vector_size) of the vector's first element.
    """

    vs = L.vector_size
    ncols_total = L.continuous // vs if vectors else L.continuous
    if rows is None:
        rows = min(L.stride - row0, 8)
    if cols is None:
        cols = min(ncols_total - col0, L.W if vectors else 16)
    if rows <= 0 or cols <= 0:
        raise CuteDumpError("the table window is empty")
    if row0 < 0 or col0 < 0 or row0 + rows > L.stride or col0 + cols > ncols_total:
        unit = "vector columns" if vectors else "columns"
        raise CuteDumpError(f"window rows [{row0}, {row0 + rows}) x {unit} [{col0}, {col0 + cols}) is outside "
                            f"the {L.stride} x {ncols_total} plane")
    check_size(rows * cols, force, "index table")
    oshape = L.output_shape(force)
    lead = [0] * len(L.leading)
    vals = []
    for r in range(row0, row0 + rows):
        row = []
        for c in range(col0, col0 + cols):
            j = c * vs if vectors else c
            off = int(L.flat_offset(*lead, r, j, output_shape=oshape))
            row.append(off // vs if vectors else off)
        vals.append(row)
    i, j = L.var_names[-2:]
    what = (f"physical 128-bit vector slot (flat offset / {vs}) of vector column {j} / {vs}" if vectors
            else f"physical flat offset of ({i}, {j})")
    lead_note = f", leading indices {lead}" if lead else ""
    title = f"{L.func}({L.stride}, {L.continuous}, {L.element_bits}): {what}{lead_note}"
    return box_table(title, list(range(row0, row0 + rows)), list(range(col0, col0 + cols)), vals)


def cute_report(L: BankSwizzleLayout, force: bool = False) -> str:
    """The equivalent CuTe layout (when one exists), checked at every input index with the engine."""
    layout, why = L.cute_layout()
    out = ["CuTe view (physical offset = forward index flattened row-major over OutputShape):"]
    if layout is None:
        out.append(f"  none: {why}")
        return "\n".join(out) + "\n"
    bad, first = L.check_cute(layout, force)
    out.append(f"  {layout}")
    out.append(_check_line(L, bad, first))
    tiled = L.cute_tiled_layout()
    if tiled is not None:
        bad2, first2 = L.check_cute(tiled, force)
        out.append(f"  = {L.cute_tiled_text()}")
        out.append(f"  = {tiled}")
        out.append(_check_line(L, bad2, first2))
    vs = L.vector_size
    if 128 % L.element_bits == 0 and L.element_bits % 8 == 0:
        out.append(f"  in bytes: Sw<{L.bbits},4,3> on 16-byte chunks ({L.swizzle_bytes}B swizzle, TileLang's "
                   f"TMA mapping: {_TMA[L.kind]})")
    elif vs & (vs - 1) == 0:
        out.append(f"  ({L.swizzle_bytes}B swizzle: {L.bbits} XOR bits on 128-bit vectors)")
    return "\n".join(out) + "\n"


def _check_line(L, bad, first):
    if bad == 0:
        return f"  checked: equal to TileLang's offset at all {L.size} input indices"
    if first and first[0] == "size":
        return f"  MISMATCH: CuTe size {first[1]} vs TileLang domain {first[2]}"
    return (f"  MISMATCH at {bad} of {L.size} indices; first {list(first[0])}: CuTe {first[1]}, "
            f"TileLang {first[2]}")


# ---------------------------------------------------------------- TileLang's own view of a layout (repr, JSON)

def layout_lines(L, call: str, force: bool = False) -> str:
    """The constructor call, TileLang's print (``repr``), OutputShape, Inverse and the checked CuTe view."""
    from cutedump.tilelang.layouts import TLFragment, check_cute, cute_equivalent
    out = [f"{call} -> {L.name}" if L.name else call, repr(L)]
    out.append(f"OutputShape() = {L.output_shape()}")
    if isinstance(L, TLFragment):
        out.append(f"ThreadExtent() = {L.thread_extent()}, forward_thread = {L.forward_thread}")
        return "\n".join(out) + "\n"
    inv = L.inverse()
    out.append(f"Inverse() = {inv!r}" if inv is not None else
               "Inverse(): none (TileLang's DetectIterMap finds no bijective split form; its inverse() raises)")
    if L.size > (1 << 22) and not force:
        out.append("CuTe: not checked (more than 4,194,304 input indices; pass --force)")
        return "\n".join(out) + "\n"
    layout, why = cute_equivalent(L)
    if layout is None:
        out.append(f"CuTe: none ({why})")
    else:
        bad, first = check_cute(L, layout)
        if bad == 0:
            out.append(f"CuTe: {layout}   (equal to TileLang's offset at all {L.size} input indices)")
        else:
            out.append(f"CuTe: {layout}   MISMATCH at {bad} of {L.size} indices, first {first}")
    return "\n".join(out) + "\n"


def layout_json(L, constructor: str, args: dict, with_values: bool = False, force: bool = False) -> dict:
    """A JSON-ready dict: input/output shape, repr, forward expressions, inverse, CuTe view, values on request."""
    from cutedump.tilelang.layouts import TLFragment, check_cute, cute_equivalent
    d = {"constructor": constructor, "arguments": args, "function": L.name, "kind": L.kind,
         "input_shape": list(L.input_shape), "output_shape": L.output_shape(), "repr": repr(L),
         "forward_index": L.forward_text()}
    if isinstance(L, TLFragment):
        d["thread_extent"] = L.thread_extent()
        d["forward_thread"] = str(L.forward_thread)
        d["replicate"] = L.replicate
    else:
        inv = L.inverse()
        d["inverse"] = repr(inv) if inv is not None else None
        layout, why = cute_equivalent(L) if L.size <= (1 << 22) or force else (None, "not checked (too large)")
        if layout is not None:
            bad, _ = check_cute(L, layout)
            d["cute"] = {"layout": str(layout), "checked_indices": L.size, "mismatches": bad}
        else:
            d["cute"] = None
    if with_values:
        check_size(L.size, force, "--values")
        import numpy as np
        dom = L.domain()
        fwd = np.stack(L.forward_all()) if L.forward_index else np.zeros((0, L.size), dtype=np.int64)
        d["forward"] = [[[int(x) for x in dom_k], [int(x) for x in f]]
                        for dom_k, f in zip(np.stack(dom).T, fwd.T)]
        if isinstance(L, TLFragment):
            d["thread"] = [int(x) for x in L.thread_all()]
        else:
            d["offset"] = [int(x) for x in L.flat_offsets()]
    return d
