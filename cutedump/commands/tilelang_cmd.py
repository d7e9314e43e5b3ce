"""``cutedump tilelang``: TileLang 0.1.15's layouts as TileLang itself builds and prints them.

Every subcommand prints TileLang's own ``repr`` line (``Layout((64, 16) -> (1, 8, 128), transform: ...)``),
OutputShape, Inverse (where TileLang has one) and the CuTe equivalent checked at every index;
``--format json`` gives the same as JSON (``--values`` adds Forward at every index).
"""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors

EPILOG = """\b
Examples:
  cutedump tilelang auto --shape 64,16 --dtype float16       # = tilelang.layout.make_swizzled_layout(buf)
  cutedump tilelang auto --shape 64,16 --dtype int8 --format json
  cutedump tilelang auto --shape 2,64,64 --dtype float64 --k-outer
  cutedump tilelang full-bank --shape 256,64 --dtype-bits 16 --at 5,17 --cute
  cutedump tilelang half-bank --shape 64,32 --table --vectors
  cutedump tilelang gemm-ab --shape 128,16 --dtype float16   # MakeGemmABLayout (the padded fallback)
  cutedump tilelang padded --shape 64,64 --dtype float16     # MakeGemmABLayoutPadded itself
  cutedump tilelang wgmma --shape 64,64 --dtype bfloat16
  cutedump tilelang linear --shape 3,8,64 --format json --values
  cutedump tilelang fragment-8x8 --transposed
Shapes are buffer shapes (*leading, stride, continuous) as in TileLang; leading dims pass through (Expand).
"""


def _parse_ints(text: str, what: str, allow_negative=False):
    from cutedump.errors import CuteDumpError
    parts = [p.strip() for p in text.replace("(", "").replace(")", "").replace("[", "").replace("]", "").split(",")]
    if not parts or any(p == "" for p in parts):
        raise CuteDumpError(f"{what}: expected comma-separated integers, got {text!r}")
    out = []
    for p in parts:
        try:
            v = int(p)
        except ValueError:
            raise CuteDumpError(f"{what}: {p!r} is not an integer (in {text!r})") from None
        if v < 0 and not allow_negative:
            raise CuteDumpError(f"{what}: {v} is negative")
        out.append(v)
    return out


def _bits(dtype_bits, dtype):
    from cutedump.tilelang.layouts import dtype_bits as lookup
    if dtype is not None:
        return lookup(dtype)
    return 16 if dtype_bits is None else dtype_bits


def _dtype_name(dtype_bits, dtype):
    if dtype is not None:
        return dtype
    return "float16" if dtype_bits is None else f"{dtype_bits}-bit"


_FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
                       help="text, or JSON (input/output shape, repr, inverse, CuTe view).")
_VALUES = click.option("--values", is_flag=True, help="JSON: add Forward and the physical offset at every index.")
_FORCE = click.option("--force", is_flag=True, help="Allow very large domains and outputs.")


def _buffer_options(f):
    opts = [
        click.option("--shape", required=True, help="Buffer shape, e.g. 64,16 or 2,64,64."),
        click.option("--dtype", default=None, help="Element type (float16, bfloat16, float32, float64, int8, "
                                                   "float8_e4m3fn, int4, ...). Default float16."),
        click.option("--dtype-bits", type=int, default=None, help="Element size in bits instead of --dtype."),
        click.option("--at", "at", default=None, help="Also show Forward at this input index, e.g. 5,3."),
        _FORMAT, _VALUES, _FORCE,
    ]
    for o in reversed(opts):
        f = o(f)
    return f


def _emit(L, constructor, args, call, fmt, values, force, at=None):
    from cutedump.tilelang import report
    if fmt == "json":
        import json
        d = report.layout_json(L, constructor, args, values, force)
        if at is not None:
            idx = _parse_ints(at, "--at")
            L.check_index(idx)
            d["at"] = {"index": idx, "forward": [int(x) for x in L.forward(*idx)]}
        click.echo(json.dumps(d, indent=1))
        return
    text = report.layout_lines(L, call, force)
    if at is not None:
        idx = _parse_ints(at, "--at")
        L.check_index(idx)
        text += f"Forward({idx}) = {[int(x) for x in L.forward(*idx)]}\n"
    click.echo(text, nl=False)


def _buffer_cmd(name, constructor, help_text, extra=(), build=None):
    """A subcommand over a buffer: options, then TileLang's layout for it."""
    def deco(fn):
        @tilelang_cmd.command(name, epilog=EPILOG, help=help_text)
        @_buffer_options
        @handle_errors
        def cmd(shape, dtype, dtype_bits, at, fmt, values, force, **kw):
            from cutedump.errors import CuteDumpError
            shp = _parse_ints(shape, "--shape")
            bits = _bits(dtype_bits, dtype)
            if bits <= 0:
                raise CuteDumpError(f"element size must be a positive number of bits, got {bits}")
            L, args = fn(shp, bits, **kw)
            argtext = "".join(f", {k}={v}" for k, v in args.items())
            call = f"tilelang.layout.{constructor}(buffer{shp} {_dtype_name(dtype_bits, dtype)}{argtext})"
            _emit(L, constructor, dict(args, shape=shp, bits=bits), call, fmt, values, force, at)
        for o in reversed(extra):
            cmd = o(cmd)
        return cmd
    return deco


# ---------------------------------------------------------------- the group

@click.group("tilelang", epilog=EPILOG)
def tilelang_cmd():
    """TileLang 0.1.15 layouts: TileLang's repr, Forward, OutputShape, Inverse, CuTe view."""


# ---- doc-003 bank swizzles: the step-by-step walk-through plus TileLang's own print

def _bank_options(f):
    opts = [
        click.option("--shape", required=True, help="Buffer shape, e.g. 256,64 (rows = stride, cols = continuous)."),
        click.option("--dtype-bits", type=int, default=16, show_default=True, help="Element size in bits."),
        click.option("--dtype", default=None, help="Element type name instead of --dtype-bits (float16, int8, ...)."),
        click.option("--at", "at", default=None, help="Show Forward at this input index, e.g. 5,17."),
        click.option("--inverse", "inverse", type=int, default=None, help="Show which index lands at this offset."),
        click.option("--buffer-shape", default=None, help="Shared buffer shape for replicate_extent (default: --shape)."),
        click.option("--table", is_flag=True, help="Print the swizzled offsets of a window (print_layout-like)."),
        click.option("--vectors", is_flag=True, help="Table in 128-bit vector units (implies --table)."),
        click.option("--rows", type=int, default=None, help="Table rows (default 8)."),
        click.option("--cols", type=int, default=None, help="Table columns (default 16, or one swizzle row of vectors)."),
        click.option("--row0", type=int, default=0, show_default=True, help="First table row."),
        click.option("--col0", type=int, default=0, show_default=True, help="First table column."),
        click.option("--cute", is_flag=True, help="Show the equivalent CuTe layout, checked at every index."),
        _FORMAT, _VALUES,
        click.option("--force", is_flag=True, help="Allow very large domains and tables."),
    ]
    for o in reversed(opts):
        f = o(f)
    return f


def _run(kind, shape, dtype_bits, dtype, at, inverse, buffer_shape, table, vectors, rows, cols, row0, col0, cute,
         fmt, values, force, preface=""):
    from cutedump.tilelang.swizzle import BankSwizzleLayout
    from cutedump.tilelang import layouts, report
    shp = _parse_ints(shape, "--shape")
    bits = _bits(dtype_bits, dtype)
    tl = layouts.make_bank_swizzled_layout(kind, shp, bits)
    constructor = f"make_{kind}_bank_swizzled_layout"
    if fmt == "json":
        _emit(tl, constructor, {"shape": shp, "bits": bits}, "", fmt, values, force, at)
        return
    L = BankSwizzleLayout(kind, shp, bits)
    bshape = _parse_ints(buffer_shape, "--buffer-shape") if buffer_shape else None
    parts = [preface] if preface else []
    parts.append(f"TileLang: {tl!r}\n\n")
    parts.append(report.walkthrough(L, bshape, force))
    if at is not None:
        parts.append("\n" + report.forward_at(L, _parse_ints(at, "--at"), force))
    if inverse is not None:
        parts.append("\n" + report.inverse_at(L, inverse, force))
    if table or vectors:
        parts.append("\n" + report.index_table(L, rows, cols, row0, col0, vectors, force))
    if cute:
        parts.append("\n" + report.cute_report(L, force))
    click.echo("".join(parts), nl=False)


def _make(kind, helptext):
    @tilelang_cmd.command(f"{kind}-bank", epilog=EPILOG, help=helptext)
    @_bank_options
    @handle_errors
    def cmd(**kw):
        _run(kind, **kw)
    return cmd


_make("full", "make_full_bank_swizzled_layout / MakeFullBankSwizzleLayout2D: 128-byte rows, 3-bit XOR (xor8x8).")
_make("half", "make_half_bank_swizzled_layout / MakeHalfBankSwizzleLayout2D: 64-byte rows, 2-bit XOR (xor4x4).")
_make("quarter", "make_quarter_bank_swizzled_layout / MakeQuarterBankSwizzleLayout2D: 32-byte rows, 1-bit XOR.")


# ---- the buffer-level constructors of tilelang.layout

_K_OUTER = click.option("--k-outer", is_flag=True, help="k_major/k_inner = False (fp64 K-outer, int8 padded).")


@_buffer_cmd("auto", "make_swizzled_layout",
             "What tilelang.layout.make_swizzled_layout(buffer) returns (MakeGemmABLayout with allow_pad; "
             "--no-pad: MakeGemmABLayoutHopper).",
             extra=(_K_OUTER, click.option("--no-pad", is_flag=True, help="allow_pad=False (Hopper choice).")))
def _auto(shp, bits, k_outer, no_pad):
    from cutedump.tilelang.layouts import make_swizzled_layout
    args = {}
    if k_outer:
        args["k_major"] = False
    if no_pad:
        args["allow_pad"] = False
    return make_swizzled_layout(shp, bits, not k_outer, not no_pad), args


@_buffer_cmd("gemm-ab", "MakeGemmABLayout",
             "MakeGemmABLayout(stride, continuous, continuity, element_size, k_inner): the GEMM lowering's "
             "choice (full / half / quarter bank, fp64 K-inner/K-outer, else the padded layout), 2-D.",
             extra=(_K_OUTER, click.option("--continuity", type=int, default=None,
                                           help="Continuity (default: continuous).")))
def _gemm_ab(shp, bits, k_outer, continuity):
    from cutedump.errors import CuteDumpError
    from cutedump.tilelang.layouts import gemm_ab_layout
    if len(shp) != 2:
        raise CuteDumpError(f"MakeGemmABLayout takes a 2-D tile (stride, continuous); got shape {shp}")
    cont = shp[1] if continuity is None else continuity
    return gemm_ab_layout(shp[0], shp[1], cont, bits, not k_outer), {"continuity": cont, "k_inner": not k_outer}


@_buffer_cmd("padded", "MakeGemmABLayoutPadded",
             "MakeGemmABLayoutPadded: row-major, rows padded by 128 bits when a row is a multiple of 256 bits.")
def _padded(shp, bits):
    from cutedump.tilelang.layouts import make_gemm_ab_layout_padded
    return make_gemm_ab_layout_padded(shp, bits), {}


@_buffer_cmd("wgmma", "make_wgmma_swizzled_layout",
             "tilelang.layout.make_wgmma_swizzled_layout(buffer): MakeGemmABLayoutHopper.",
             extra=(_K_OUTER, click.option("--continuity", type=int, default=None, help="Continuity (default -1).")))
def _wgmma(shp, bits, k_outer, continuity):
    from cutedump.tilelang.layouts import make_wgmma_swizzled_layout
    args = {k: v for k, v in (("continuity", continuity), ("k_major", False if k_outer else None)) if v is not None}
    return make_wgmma_swizzled_layout(shp, bits, continuity, not k_outer), args


@_buffer_cmd("tcgen05", "make_tcgen05mma_swizzled_layout",
             "tilelang.layout.make_tcgen05mma_swizzled_layout(buffer): MakeGemmABLayoutSm100.",
             extra=(_K_OUTER, click.option("--continuity", type=int, default=None, help="Continuity (default -1).")))
def _tcgen05(shp, bits, k_outer, continuity):
    from cutedump.tilelang.layouts import make_tcgen05mma_swizzled_layout
    args = {k: v for k, v in (("continuity", continuity), ("k_major", False if k_outer else None)) if v is not None}
    return make_tcgen05mma_swizzled_layout(shp, bits, continuity, not k_outer), args


@_buffer_cmd("volta", "make_volta_swizzled_layout",
             "tilelang.layout.make_volta_swizzled_layout(buffer): MakeGemmVoltaABLayout (crosswise / congruous).",
             extra=(click.option("--b", "is_b", is_flag=True, help="is_a = False (the B operand)."),
                    click.option("--k-outer", is_flag=True, help="k_inner = False.")))
def _volta(shp, bits, is_b, k_outer):
    from cutedump.tilelang.layouts import make_volta_swizzled_layout
    args = {k: False for k, on in (("is_a", is_b), ("k_inner", k_outer)) if on}
    return make_volta_swizzled_layout(shp, bits, not is_b, not k_outer), args


@_buffer_cmd("linear", "make_linear_layout", "tilelang.layout.make_linear_layout(buffer): row-major, any rank.")
def _linear(shp, bits):
    from cutedump.tilelang.layouts import make_linear_layout
    return make_linear_layout(shp), {}


# ---- fragments

@tilelang_cmd.command("fragment-8x8", epilog=EPILOG)
@click.option("--transposed", is_flag=True, help="make_gemm_fragment_8x8_transposed.")
@_FORMAT
@_VALUES
@handle_errors
def fragment_8x8_cmd(transposed, fmt, values):
    """tilelang.layout.make_gemm_fragment_8x8(): the 8x8 ldmatrix fragment (thread and local index)."""
    from cutedump.tilelang.layouts import make_gemm_fragment_8x8
    name = "make_gemm_fragment_8x8" + ("_transposed" if transposed else "")
    _emit(make_gemm_fragment_8x8(transposed), name, {}, f"tilelang.layout.{name}()", fmt, values, False)


@tilelang_cmd.command("replicated", epilog=EPILOG)
@click.option("--shape", required=True, help="Fragment buffer shape, e.g. 2,4.")
@click.option("--threads", type=int, required=True, help="Thread count (the replicate extent).")
@_FORMAT
@_VALUES
@_FORCE
@handle_errors
def replicated_cmd(shape, threads, fmt, values, force):
    """tilelang.layout.make_fully_replicated_layout_fragment(buffer, threads)."""
    from cutedump.tilelang.layouts import make_fully_replicated_layout_fragment
    shp = _parse_ints(shape, "--shape")
    F = make_fully_replicated_layout_fragment(shp, threads)
    _emit(F, "make_fully_replicated_layout_fragment", {"shape": shp, "threads": threads},
          f"tilelang.layout.make_fully_replicated_layout_fragment(buffer{shp}, {threads})", fmt, values, force)
