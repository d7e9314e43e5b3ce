"""Text reports for TileLang layouts: the bank swizzles' step-by-step walk-through, Forward at one index, the
swizzled index table and the CuTe view (computed from :mod:`cutedump.tilelang.swizzle`); TileLang's own view of any
layout (repr, OutputShape, Inverse, the checked CuTe equivalent, JSON); and the whole reports of ``cutedump
tilelang`` (:func:`buffer_report`, :func:`bank_report`, :func:`fragment_8x8_report`, :func:`replicated_report`).
"""

from __future__ import annotations

import functools
import itertools

from cutedump.algebra.evaluate import have_numpy
from cutedump.errors import CuteDumpError, check_size
from cutedump.limits import MAX_DIMS, MAX_TILELANG_PLANE, check_int_digits, check_memory, check_modes, check_work
from cutedump.tilelang import tir
from cutedump.tilelang.layouts import (
    TLFragment,
    check_cute,
    cute_equivalent,
    gemm_ab_layout,
    make_bank_swizzled_layout,
    make_fully_replicated_layout_fragment,
    make_gemm_ab_layout_padded,
    make_gemm_fragment_8x8,
    make_linear_layout,
    make_swizzled_layout,
    make_tcgen05mma_swizzled_layout,
    make_volta_swizzled_layout,
    make_wgmma_swizzled_layout,
)
from cutedump.tilelang.layouts import dtype_bits as dtype_bits_of
from cutedump.tilelang.swizzle import BankSwizzleLayout

_TMA = {
    "full": "CU_TENSOR_MAP_SWIZZLE_128B",
    "half": "CU_TENSOR_MAP_SWIZZLE_64B",
    "quarter": "CU_TENSOR_MAP_SWIZZLE_32B",
}


def _prod_text(xs):
    return " * ".join(str(x) for x in xs)


def walkthrough(L: BankSwizzleLayout, buffer_shape=None, force: bool = False) -> str:
    """The construction, the ranges of every expression, OutputShape, replicate_extent and bijectivity."""
    vs, W = L.vector_size, L.W
    out = []
    out.append(
        f"{L.func}(stride={L.stride}, continuous={L.continuous}, element_size={L.element_bits})"
        "   [tilelang src/layout/gemm_layouts.cc]"
    )
    if L.leading:
        out.append(
            f"  ExpandLayout2D: leading dims {list(L.leading)} pass through unchanged "
            f"(inputs {', '.join(L.var_names[:-2])})"
        )
    checks = [
        ("ICHECK(stride == 4 || stride % 8 == 0)", f"stride = {L.stride}, {L.stride} % 8 = {L.stride % 8}"),
        (f"ICHECK(continuous % (vector_size * {W}) == 0)", f"{L.continuous} % {vs * W} = {L.continuous % (vs * W)}"),
    ]
    cw = max(len(a) for a, _ in checks)
    for a, b in checks:
        out.append(f"  {a:<{cw}}   {b}")
    out.append(
        f"  vector_size = 128 / {L.element_bits} = {vs}"
        + (
            "   (elements per 128-bit vector)"
            if 128 % L.element_bits == 0
            else "   (C++ integer division: 128 is not a multiple of the element size)"
        )
    )
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
    out.append(f"OutputShape() = {oshape}   (max + 1 of each forward expression, evaluated over all {L.size} inputs)")
    bshape = list(buffer_shape) if buffer_shape else list(L.shape)
    bext = L.buffer_extent(bshape)
    lext = L.layout_extent(force)
    rep = bext // lext
    out.append(f"buffer_extent    = {_prod_text(bshape)} = {bext}")
    out.append(f"layout_extent    = {_prod_text(oshape)} = {lext}")
    out.append(
        f"replicate_extent = {bext} / {lext} = {rep}"
        + ("   (no replication)" if rep <= 1 else "   (prepended to the buffer shape)")
    )
    if bext % lext:
        out.append(f"  note: {bext} is not a multiple of {lext}; makeBufferWithLayout truncates the division")
    phys = ([rep] + oshape) if rep > 1 else oshape
    out.append(f"physical buffer shape = {phys}")
    ok, detail = L.bijectivity(force)
    out.append(f"bijective: {'yes' if ok else 'NO'} ({detail})")
    return "\n".join(out) + "\n"


def _substitute(expr: str, env: dict) -> str:
    import re  # start-up: re only where a pattern is needed

    return re.compile(r"\b(c_swizzle|vec|c|s|_[a-z])\b").sub(
        lambda m: str(env[m.group(1)]) if m.group(1) in env else m.group(1), expr
    )


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
        rest = oshape[k + 1 :]
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


def index_table(L: BankSwizzleLayout, rows=None, cols=None, row0=0, col0=0, vectors=False, force: bool = False) -> str:
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
        raise CuteDumpError(
            f"window rows [{row0}, {row0 + rows}) x {unit} [{col0}, {col0 + cols}) is outside "
            f"the {L.stride} x {ncols_total} plane"
        )
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
    what = (
        f"physical 128-bit vector slot (flat offset / {vs}) of vector column {j} / {vs}"
        if vectors
        else f"physical flat offset of ({i}, {j})"
    )
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
        out.append(
            f"  in bytes: Sw<{L.bbits},4,3> on 16-byte chunks ({L.swizzle_bytes}B swizzle, TileLang's "
            f"TMA mapping: {_TMA[L.kind]})"
        )
    elif vs & (vs - 1) == 0:
        out.append(f"  ({L.swizzle_bytes}B swizzle: {L.bbits} XOR bits on 128-bit vectors)")
    return "\n".join(out) + "\n"


def _check_line(L, bad, first):
    if bad == 0:
        return f"  checked: equal to TileLang's offset at all {L.size} input indices"
    if first and first[0] == "size":
        return f"  MISMATCH: CuTe size {first[1]} vs TileLang domain {first[2]}"
    return f"  MISMATCH at {bad} of {L.size} indices; first {list(first[0])}: CuTe {first[1]}, TileLang {first[2]}"


# ---------------------------------------------------------------- TileLang's own view of a layout (repr, JSON)


def layout_lines(L, call: str, force: bool = False) -> str:
    """The constructor call, TileLang's print (``repr``), OutputShape, Inverse and the checked CuTe view."""
    out = [f"{call} -> {L.name}" if L.name else call, repr(L)]
    out.append(f"OutputShape() = {L.output_shape()}")
    if isinstance(L, TLFragment):
        out.append(f"ThreadExtent() = {L.thread_extent()}, forward_thread = {L.forward_thread}")
        return "\n".join(out) + "\n"
    inv = L.inverse()
    out.append(
        f"Inverse() = {inv!r}"
        if inv is not None
        else "Inverse(): none (TileLang's DetectIterMap finds no bijective split form; its inverse() raises)"
    )
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
    d = {
        "constructor": constructor,
        "arguments": args,
        "function": L.name,
        "kind": L.kind,
        "input_shape": list(L.input_shape),
        "output_shape": L.output_shape(),
        "repr": repr(L),
        "forward_index": L.forward_text(),
    }
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
    if with_values and not have_numpy():  # the web page: index by index, row-major (numpy's indices)
        check_size(L.size, force, "--values")
        points = list(itertools.product(*(range(int(n)) for n in L.input_shape)))
        fwd = [[int(x) for x in L.forward(*p)] for p in points]
        d["forward"] = [[list(p), f] for p, f in zip(points, fwd)]
        if isinstance(L, TLFragment):
            d["thread"] = [int(tir.evaluate(L.forward_thread, {**dict(zip(L.vars, p)), tir.REP: 0})) for p in points]
        else:
            shp = L.output_shape()
            d["offset"] = [functools.reduce(lambda off, vn: off * vn[1] + vn[0], zip(f, shp), 0) for f in fwd]
    elif with_values:
        check_size(L.size, force, "--values")
        import numpy as np

        dom = L.domain()
        fwd = np.stack(L.forward_all()) if L.forward_index else np.zeros((0, L.size), dtype=np.int64)
        d["forward"] = [[[int(x) for x in dom_k], [int(x) for x in f]] for dom_k, f in zip(np.stack(dom).T, fwd.T)]
        if isinstance(L, TLFragment):
            d["thread"] = [int(x) for x in L.thread_all()]
        else:
            d["offset"] = [int(x) for x in L.flat_offsets()]
    return d


# ---------------------------------------------------------------- the reports of ``cutedump tilelang``
# Index-like arguments (shape, at, buffer_shape) are sequences of ints or their text form ("64,16"), read where they
# are used, so a bad one is reported in the same order as the command line's options are checked.


def parse_ints(text: str, what: str, allow_negative: bool = False) -> list[int]:
    """'64,16' (also '(64, 16)' or '[64,16]') -> [64, 16]; ``what`` names the option in errors."""
    parts = [p.strip() for p in text.replace("(", "").replace(")", "").replace("[", "").replace("]", "").split(",")]
    if not parts or any(p == "" for p in parts):
        raise CuteDumpError(f"{what}: expected comma-separated integers, got {text!r}")
    check_modes(len(parts), what, MAX_DIMS)  # limits: dims of a buffer shape or an index
    out = []
    for p in parts:
        check_int_digits(p.strip("+-_"), what)  # limits: before Python converts it
        try:
            v = int(p)
        except ValueError:
            raise CuteDumpError(f"{what}: {p!r} is not an integer (in {text!r})") from None
        if v < 0 and not allow_negative:
            raise CuteDumpError(f"{what}: {v} is negative")
        out.append(v)
    return out


def _ints(x, what: str) -> list[int]:
    return parse_ints(x, what) if isinstance(x, str) else [int(v) for v in x]


def _bounded_shape(shape, force: bool) -> list[int]:
    """--shape, within the limits (cutedump/limits.py): its (stride x continuous) plane is evaluated point by point;
    with --force the whole domain is, as arrays."""
    shp = _ints(shape, "--shape")
    if len(shp) >= 2:
        check_work(shp[-2] * shp[-1], "--shape: the (stride x continuous) plane", MAX_TILELANG_PLANE, "points")
    if force:
        n = 1
        for x in shp:
            n *= max(x, 1)
        check_memory(n * 8 * (len(shp) + 4), "--shape with --force: the input domain")
    return shp


def element_bits(dtype_bits: int | None = None, dtype: str | None = None) -> int:
    """The element size: ``dtype``'s (a TVM dtype name) if given, else ``dtype_bits``, else 16 (float16); both
    given is an error (they could contradict each other)."""
    if dtype is not None and dtype_bits is not None:
        raise CuteDumpError(f"--type {dtype} and --type-bits {dtype_bits} both give the element type; give one of them")
    if dtype is not None:
        return dtype_bits_of(dtype)
    return 16 if dtype_bits is None else dtype_bits


def dtype_label(dtype_bits: int | None = None, dtype: str | None = None) -> str:
    """How the buffer's element type is written in the constructor call line."""
    if dtype is not None:
        return dtype
    return "float16" if dtype_bits is None else f"{dtype_bits}-bit"


def layout_report(
    L, constructor: str, args: dict, call: str, at=None, fmt: str = "text", values: bool = False, force: bool = False
):
    """TileLang's view of a layout (:func:`layout_lines`, or with ``fmt="json"`` the dict of :func:`layout_json`),
    plus Forward at the input index ``at`` when given."""
    if fmt == "json":
        d = layout_json(L, constructor, args, values, force)
        if at is not None:
            idx = _ints(at, "--at")
            L.check_index(idx)
            d["at"] = {"index": idx, "forward": [int(x) for x in L.forward(*idx)]}
        return d
    text = layout_lines(L, call, force)
    if at is not None:
        idx = _ints(at, "--at")
        L.check_index(idx)
        text += f"Forward({idx}) = {[int(x) for x in L.forward(*idx)]}\n"
    return text


def buffer_layout(
    constructor: str,
    shape,
    bits: int,
    k_outer: bool = False,
    no_pad: bool = False,
    continuity: int | None = None,
    is_b: bool = False,
):
    """(layout, the keyword arguments shown in the call) of a buffer-level ``tilelang.layout`` constructor, with the
    options of ``cutedump tilelang``: ``k_outer`` (k_major / k_inner = False), ``no_pad`` (allow_pad = False),
    ``continuity``, ``is_b`` (is_a = False)."""
    shp = list(shape)
    if constructor == "make_swizzled_layout":
        args = {}
        if k_outer:
            args["k_major"] = False
        if no_pad:
            args["allow_pad"] = False
        return make_swizzled_layout(shp, bits, not k_outer, not no_pad), args
    if constructor == "MakeGemmABLayout":
        if len(shp) != 2:
            raise CuteDumpError(f"MakeGemmABLayout takes a 2-D tile (stride, continuous); got shape {shp}")
        cont = shp[1] if continuity is None else continuity
        return gemm_ab_layout(shp[0], shp[1], cont, bits, not k_outer), {"continuity": cont, "k_inner": not k_outer}
    if constructor == "MakeGemmABLayoutPadded":
        return make_gemm_ab_layout_padded(shp, bits), {}
    if constructor in ("make_wgmma_swizzled_layout", "make_tcgen05mma_swizzled_layout"):
        make = (
            make_wgmma_swizzled_layout
            if constructor == "make_wgmma_swizzled_layout"
            else make_tcgen05mma_swizzled_layout
        )
        args = {k: v for k, v in (("continuity", continuity), ("k_major", False if k_outer else None)) if v is not None}
        return make(shp, bits, continuity, not k_outer), args
    if constructor == "make_volta_swizzled_layout":
        args = {k: False for k, on in (("is_a", is_b), ("k_inner", k_outer)) if on}
        return make_volta_swizzled_layout(shp, bits, not is_b, not k_outer), args
    if constructor == "make_linear_layout":
        return make_linear_layout(shp), {}
    raise CuteDumpError(f"unknown buffer constructor {constructor!r}")


def buffer_report(
    constructor: str,
    shape,
    dtype: str | None = None,
    dtype_bits: int | None = None,
    at=None,
    fmt: str = "text",
    values: bool = False,
    force: bool = False,
    **opts,
):
    """What ``cutedump tilelang`` prints for a buffer-level constructor (see :func:`buffer_layout` for ``opts``):
    the text of :func:`layout_report`, or its dict with ``fmt="json"``."""
    shp = _bounded_shape(shape, force)
    bits = element_bits(dtype_bits, dtype)
    if bits <= 0:
        raise CuteDumpError(f"element size must be a positive number of bits, got {bits}")
    L, args = buffer_layout(constructor, shp, bits, **opts)
    argtext = "".join(f", {k}={v}" for k, v in args.items())
    call = f"tilelang.layout.{constructor}(buffer{shp} {dtype_label(dtype_bits, dtype)}{argtext})"
    return layout_report(L, constructor, dict(args, shape=shp, bits=bits), call, at, fmt, values, force)


def bank_report(
    kind: str,
    shape,
    dtype_bits: int | None = 16,
    dtype: str | None = None,
    at=None,
    inverse: int | None = None,
    buffer_shape=None,
    table: bool = False,
    vectors: bool = False,
    rows=None,
    cols=None,
    row0: int = 0,
    col0: int = 0,
    cute: bool = False,
    fmt: str = "text",
    values: bool = False,
    force: bool = False,
):
    """What ``cutedump tilelang {full,half,quarter}-bank`` prints: TileLang's print of the bank swizzle, the
    walk-through (:func:`walkthrough`) and on request Forward at ``at``, the inverse of an offset, the index table
    and the CuTe view; with ``fmt="json"`` the dict of :func:`layout_report`."""
    shp = _bounded_shape(shape, force)
    bits = element_bits(dtype_bits, dtype)
    tl = make_bank_swizzled_layout(kind, shp, bits)
    if fmt == "json":
        return layout_report(
            tl, f"make_{kind}_bank_swizzled_layout", {"shape": shp, "bits": bits}, "", at, fmt, values, force
        )
    L = BankSwizzleLayout(kind, shp, bits)
    bshape = _ints(buffer_shape, "--buffer-shape") if buffer_shape else None
    parts = [f"TileLang: {tl!r}\n\n", walkthrough(L, bshape, force)]
    if at is not None:
        parts.append("\n" + forward_at(L, _ints(at, "--at"), force))
    if inverse is not None:
        parts.append("\n" + inverse_at(L, inverse, force))
    if table or vectors:
        parts.append("\n" + index_table(L, rows, cols, row0, col0, vectors, force))
    if cute:
        parts.append("\n" + cute_report(L, force))
    return "".join(parts)


def fragment_8x8_report(transposed: bool = False, fmt: str = "text", values: bool = False):
    """``tilelang.layout.make_gemm_fragment_8x8[_transposed]()`` as :func:`layout_report` shows it."""
    name = "make_gemm_fragment_8x8" + ("_transposed" if transposed else "")
    return layout_report(
        make_gemm_fragment_8x8(transposed), name, {}, f"tilelang.layout.{name}()", None, fmt, values, False
    )


def replicated_report(shape, threads: int, fmt: str = "text", values: bool = False, force: bool = False):
    """``tilelang.layout.make_fully_replicated_layout_fragment(buffer, threads)`` as :func:`layout_report` shows it."""
    shp = _bounded_shape(shape, force)
    F = make_fully_replicated_layout_fragment(shp, threads)
    return layout_report(
        F,
        "make_fully_replicated_layout_fragment",
        {"shape": shp, "threads": threads},
        f"tilelang.layout.make_fully_replicated_layout_fragment(buffer{shp}, {threads})",
        None,
        fmt,
        values,
        force,
    )
