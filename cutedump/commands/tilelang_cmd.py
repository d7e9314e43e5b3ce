"""``cutedump tilelang``: TileLang 0.1.15's layouts as TileLang itself builds and prints them.

Every subcommand prints TileLang's own ``repr`` line (``Layout((64, 16) -> (1, 8, 128), transform: ...)``),
OutputShape, Inverse (where TileLang has one) and the CuTe equivalent checked at every index;
``--format json`` gives the same as JSON (``--values`` adds Forward at every index).
"""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors, renamed, needs
from cutedump.tilelang import report
from cutedump.versions import json_answer

EPILOG = """\b
Examples:
  cutedump tilelang auto --shape 64,16 --type float16       # = tilelang.layout.make_swizzled_layout(buf)
  cutedump tilelang auto --shape 64,16 --type int8 --format json
  cutedump tilelang auto --shape 2,64,64 --type float64 --k-outer
  cutedump tilelang full-bank --shape 256,64 --type-bits 16 --at 5,17 --cute
  cutedump tilelang half-bank --shape 64,32 --table --vectors
  cutedump tilelang gemm-ab --shape 128,16 --type float16   # MakeGemmABLayout (the padded fallback)
  cutedump tilelang padded --shape 64,64 --type float16     # MakeGemmABLayoutPadded itself
  cutedump tilelang wgmma --shape 64,64 --type bfloat16
  cutedump tilelang linear --shape 3,8,64 --format json --values
  cutedump tilelang fragment-8x8 --transposed
Shapes are buffer shapes (*leading, stride, continuous) as in TileLang; leading dims pass through (Expand).
"""


def _echo(out) -> None:
    """A report as the command prints it: JSON (indent 1) for a dict, else the text as it is. Options the report
    would ignore are refused first."""
    ctx = click.get_current_context()
    fmt = ctx.params.get("fmt", "text")
    needs("--values", "values", fmt == "json", "--format json")
    if "table" in ctx.params:
        tab = ctx.params.get("table") or ctx.params.get("vectors")
        for opt in ("rows", "cols", "row0", "col0"):
            needs(f"--{opt}", opt, bool(tab) and fmt == "text", "--table or --vectors (text)")
    if isinstance(out, dict):
        click.echo(json_answer(out, indent=1), nl=False)
    else:
        click.echo(out, nl=False)


_FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
                       help="text, or JSON (input/output shape, repr, inverse, CuTe view).")
_VALUES = click.option("--values", is_flag=True, help="JSON: add Forward and the physical offset at every index.")
_FORCE = click.option("--force", is_flag=True, help="Allow very large domains and outputs.")


def _old_type_spellings(f):
    """--dtype / --dtype-bits: the old spellings of --type / --type-bits (hidden, deprecated)."""
    return renamed("--dtype-bits", "--type-bits", "dtype_bits", type=int)(renamed("--dtype", "--type", "dtype")(f))


def _buffer_options(f):
    opts = [
        click.option("--shape", required=True, help="Buffer shape, e.g. 64,16 or 2,64,64."),
        click.option("--type", "dtype", default=None, help="Element type (float16, bfloat16, float32, float64, int8, "
                                                   "float8_e4m3fn, int4, ...). Default float16."),
        click.option("--type-bits", "dtype_bits", type=int, default=None, help="Element size in bits instead of --type."),
        click.option("--at", "at", default=None, help="Also show Forward at this input index, e.g. 5,3."),
        _FORMAT, _VALUES, _FORCE,
    ]
    for o in reversed(opts):
        f = o(f)
    return f


def _buffer_cmd(name, constructor, help_text, extra=()):
    """A subcommand over a buffer: options, then TileLang's layout for it (cutedump.tilelang.report.buffer_report)."""
    @tilelang_cmd.command(name, epilog=EPILOG, help=help_text)
    @_buffer_options
    @_old_type_spellings
    @handle_errors
    def cmd(shape, dtype, dtype_bits, at, fmt, values, force, **kw):
        _echo(report.buffer_report(constructor, shape, dtype, dtype_bits, at, fmt, values, force, **kw))
    for o in reversed(extra):
        cmd = o(cmd)
    return cmd


# ---------------------------------------------------------------- the group

@click.group("tilelang", epilog=EPILOG)
def tilelang_cmd():
    """TileLang 0.1.15 layouts: TileLang's repr, Forward, OutputShape, Inverse, CuTe view."""


# ---- doc-003 bank swizzles: the step-by-step walk-through plus TileLang's own print

def _bank_options(f):
    opts = [
        click.option("--shape", required=True, help="Buffer shape, e.g. 256,64 (rows = stride, cols = continuous)."),
        click.option("--type-bits", "dtype_bits", type=int, default=None, help="Element size in bits (default 16)."),
        click.option("--type", "dtype", default=None, help="Element type name instead of --type-bits (float16, int8, ...)."),
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


def _make(kind, helptext):
    @tilelang_cmd.command(f"{kind}-bank", epilog=EPILOG, help=helptext)
    @_bank_options
    @_old_type_spellings
    @handle_errors
    def cmd(**kw):
        _echo(report.bank_report(kind, **kw))
    return cmd


_make("full", "make_full_bank_swizzled_layout / MakeFullBankSwizzleLayout2D: 128-byte rows, 3-bit XOR (xor8x8).")
_make("half", "make_half_bank_swizzled_layout / MakeHalfBankSwizzleLayout2D: 64-byte rows, 2-bit XOR (xor4x4).")
_make("quarter", "make_quarter_bank_swizzled_layout / MakeQuarterBankSwizzleLayout2D: 32-byte rows, 1-bit XOR.")


# ---- the buffer-level constructors of tilelang.layout

_K_OUTER = click.option("--k-outer", is_flag=True, help="k_major/k_inner = False (fp64 K-outer, int8 padded).")

_buffer_cmd("auto", "make_swizzled_layout",
            "What tilelang.layout.make_swizzled_layout(buffer) returns (MakeGemmABLayout with allow_pad; "
            "--no-pad: MakeGemmABLayoutHopper).",
            extra=(_K_OUTER, click.option("--no-pad", is_flag=True, help="allow_pad=False (Hopper choice).")))
_buffer_cmd("gemm-ab", "MakeGemmABLayout",
            "MakeGemmABLayout(stride, continuous, continuity, element_size, k_inner): the GEMM lowering's "
            "choice (full / half / quarter bank, fp64 K-inner/K-outer, else the padded layout), 2-D.",
            extra=(_K_OUTER, click.option("--continuity", type=int, default=None,
                                          help="Continuity (default: continuous).")))
_buffer_cmd("padded", "MakeGemmABLayoutPadded",
            "MakeGemmABLayoutPadded: row-major, rows padded by 128 bits when a row is a multiple of 256 bits.")
_buffer_cmd("wgmma", "make_wgmma_swizzled_layout",
            "tilelang.layout.make_wgmma_swizzled_layout(buffer): MakeGemmABLayoutHopper.",
            extra=(_K_OUTER, click.option("--continuity", type=int, default=None, help="Continuity (default -1).")))
_buffer_cmd("tcgen05", "make_tcgen05mma_swizzled_layout",
            "tilelang.layout.make_tcgen05mma_swizzled_layout(buffer): MakeGemmABLayoutSm100.",
            extra=(_K_OUTER, click.option("--continuity", type=int, default=None, help="Continuity (default -1).")))
_buffer_cmd("volta", "make_volta_swizzled_layout",
            "tilelang.layout.make_volta_swizzled_layout(buffer): MakeGemmVoltaABLayout (crosswise / congruous).",
            extra=(click.option("--b", "is_b", is_flag=True, help="is_a = False (the B operand)."),
                   click.option("--k-outer", is_flag=True, help="k_inner = False.")))
_buffer_cmd("linear", "make_linear_layout", "tilelang.layout.make_linear_layout(buffer): row-major, any rank.")


# ---- fragments

@tilelang_cmd.command("fragment-8x8", epilog=EPILOG)
@click.option("--transposed", is_flag=True, help="make_gemm_fragment_8x8_transposed.")
@_FORMAT
@_VALUES
@handle_errors
def fragment_8x8_cmd(transposed, fmt, values):
    """tilelang.layout.make_gemm_fragment_8x8(): the 8x8 ldmatrix fragment (thread and local index)."""
    _echo(report.fragment_8x8_report(transposed, fmt, values))


@tilelang_cmd.command("replicated", epilog=EPILOG)
@click.option("--shape", required=True, help="Fragment buffer shape, e.g. 2,4.")
@click.option("--threads", type=int, required=True, help="Thread count (the replicate extent).")
@_FORMAT
@_VALUES
@_FORCE
@handle_errors
def replicated_cmd(shape, threads, fmt, values, force):
    """tilelang.layout.make_fully_replicated_layout_fragment(buffer, threads)."""
    _echo(report.replicated_report(shape, threads, fmt, values, force))
