"""``cutedump tilelang``: TileLang's full/half/quarter-bank swizzle layouts, step by step."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors

EPILOG = """\b
Examples:
  cutedump tilelang full-bank --shape 256,64 --dtype-bits 16
  cutedump tilelang full-bank --shape 256,64 --at 5,17 --cute
  cutedump tilelang half-bank --shape 64,32 --table --vectors
  cutedump tilelang quarter-bank --shape 8,16 --table --rows 8 --cols 16
  cutedump tilelang auto --shape 128,32 --dtype float16
Shapes are (*leading, stride, continuous) as in TileLang; leading dims pass through (ExpandLayout2D).
OutputShape is computed by evaluating the index expressions over the whole input domain.
"""

DTYPES = {"float16": 16, "half": 16, "bfloat16": 16, "float32": 32, "float": 32, "tf32": 32, "float64": 64,
          "float8": 8, "e4m3": 8, "e5m2": 8, "int8": 8, "uint8": 8, "int4": 4, "int32": 32}


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
    from cutedump.errors import CuteDumpError
    if dtype is not None:
        key = dtype.lower()
        if key not in DTYPES:
            raise CuteDumpError(f"unknown --dtype {dtype!r}; known: {', '.join(sorted(DTYPES))}")
        return DTYPES[key]
    return dtype_bits


def _common_options(f):
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
        click.option("--force", is_flag=True, help="Allow very large domains and tables."),
    ]
    for o in reversed(opts):
        f = o(f)
    return f


def _run(kind, shape, dtype_bits, dtype, at, inverse, buffer_shape, table, vectors, rows, cols, row0, col0, cute,
         force, preface=""):
    from cutedump.tilelang.swizzle import BankSwizzleLayout
    from cutedump.tilelang import report
    L = BankSwizzleLayout(kind, _parse_ints(shape, "--shape"), _bits(dtype_bits, dtype))
    bshape = _parse_ints(buffer_shape, "--buffer-shape") if buffer_shape else None
    parts = [preface] if preface else []
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


@click.group("tilelang", epilog=EPILOG)
def tilelang_cmd():
    """TileLang shared-memory swizzle layouts: Forward, OutputShape, replicate extent, CuTe view."""


def _make(kind, helptext):
    @tilelang_cmd.command(f"{kind}-bank", epilog=EPILOG, help=helptext)
    @_common_options
    @handle_errors
    def cmd(**kw):
        _run(kind, **kw)
    return cmd


_make("full", "MakeFullBankSwizzleLayout2D: 128-byte rows, 3-bit XOR (xor8x8).")
_make("half", "MakeHalfBankSwizzleLayout2D: 64-byte rows, 2-bit XOR (xor4x4).")
_make("quarter", "MakeQuarterBankSwizzleLayout2D: 32-byte rows, 1-bit XOR (xor2x2).")


@tilelang_cmd.command("auto", epilog=EPILOG)
@_common_options
@click.option("--no-pad", is_flag=True, help="makeGemmABLayoutHopper's choice (no padded layout; allows quarter-bank).")
@click.option("--k-outer", is_flag=True, help="k_inner = false (int8 then gets the padded layout).")
@handle_errors
def auto_cmd(no_pad, k_outer, **kw):
    """Which layout makeSwizzledLayout picks for this shared tile, then its walk-through."""
    from cutedump.errors import CuteDumpError
    from cutedump.tilelang.swizzle import select_gemm_ab_layout
    shp = _parse_ints(kw["shape"], "--shape")
    if len(shp) < 2:
        raise CuteDumpError("--shape needs at least 2 dimensions")
    bits = _bits(kw["dtype_bits"], kw["dtype"])
    if bits <= 0:
        raise CuteDumpError(f"element size must be a positive number of bits, got {bits}")
    choice, why = select_gemm_ab_layout(shp[-2], shp[-1], bits, k_inner=not k_outer, allow_pad=not no_pad)
    fn = "makeGemmABLayoutHopper" if no_pad else "makeGemmABLayout"
    head = f"{fn}(stride={shp[-2]}, continuous={shp[-1]}, element_size={bits}) -> {choice}: {why}\n\n"
    if choice not in ("full", "half", "quarter"):
        click.echo(head + "(not a bank swizzle; nothing more to show)\n", nl=False)
        return
    _run(choice, preface=head, **kw)
