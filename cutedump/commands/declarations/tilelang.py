"""``cutedump tilelang``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Command, Opt

EPILOG_TILELANG = """\b
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


# options shared by the subcommands (each declared once here)
_FORMAT = Opt(
    "--format",
    "fmt",
    ("text", "json"),
    default="text",
    show_default=True,
    help="text, or JSON (input/output shape, repr, inverse, CuTe view).",
)
_VALUES = Opt("--values", flag=True, help="JSON: add Forward and the physical offset at every index.")
_FORCE = Opt("--force", flag=True, help="Allow very large domains and outputs.")
_OLD_TYPE = [
    Opt("--dtype-bits", "deprecated_dtype_bits", int, hidden=True, renames=("--type-bits", "dtype_bits")),
    Opt("--dtype", "deprecated_dtype", hidden=True, renames=("--type", "dtype")),
]
_K_OUTER = Opt("--k-outer", flag=True, help="k_major/k_inner = False (fp64 K-outer, int8 padded).")
_BUFFER = [
    Opt("--shape", required=True, help="Buffer shape, e.g. 64,16 or 2,64,64."),
    Opt(
        "--type",
        "dtype",
        help="Element type (float16, bfloat16, float32, float64, int8, float8_e4m3fn, int4, ...). Default float16.",
    ),
    Opt("--type-bits", "dtype_bits", int, help="Element size in bits instead of --type."),
    Opt("--at", help="Also show Forward at this input index, e.g. 5,3."),
    _FORMAT,
    _VALUES,
    _FORCE,
    *_OLD_TYPE,
]
_BANK = [
    Opt("--shape", required=True, help="Buffer shape, e.g. 256,64 (rows = stride, cols = continuous)."),
    Opt("--type-bits", "dtype_bits", int, help="Element size in bits (default 16)."),
    Opt("--type", "dtype", help="Element type name instead of --type-bits (float16, int8, ...)."),
    Opt("--at", help="Show Forward at this input index, e.g. 5,17."),
    Opt("--inverse", "inverse", int, help="Show which index lands at this offset."),
    Opt("--buffer-shape", help="Shared buffer shape for replicate_extent (default: --shape)."),
    Opt("--table", flag=True, help="Print the swizzled offsets of a window (print_layout-like)."),
    Opt("--vectors", flag=True, help="Table in 128-bit vector units (implies --table)."),
    Opt("--rows", "rows", int, help="Table rows (default 8)."),
    Opt("--cols", "cols", int, help="Table columns (default 16, or one swizzle row of vectors)."),
    Opt("--row0", "row0", int, default=0, show_default=True, help="First table row."),
    Opt("--col0", "col0", int, default=0, show_default=True, help="First table column."),
    Opt("--cute", flag=True, help="Show the equivalent CuTe layout, checked at every index."),
    _FORMAT,
    _VALUES,
    Opt("--force", flag=True, help="Allow very large domains and tables."),
    *_OLD_TYPE,
]


def _buffer(name: str, constructor: str, help: str, extra=()) -> Command:
    """A subcommand over a buffer: TileLang's ``constructor`` for it (tilelang_cmd.buffer_cmd)."""
    return Command(
        name,
        run="cutedump.commands.tilelang_cmd:buffer_cmd",
        bound={"constructor": constructor},
        fast="cutedump.commands._answers:tilelang_buffer_text",
        help=help,
        epilog=EPILOG_TILELANG,
        params=_BUFFER + list(extra),
    )


def _bank(kind: str, help: str) -> Command:
    """full-bank, half-bank, quarter-bank: the doc-003 walk-through plus TileLang's own print (tilelang_cmd.bank_cmd)."""
    return Command(
        f"{kind}-bank",
        run="cutedump.commands.tilelang_cmd:bank_cmd",
        bound={"kind": kind},
        help=help,
        epilog=EPILOG_TILELANG,
        params=_BANK,
    )


COMMAND = Command(
    "tilelang",
    help="TileLang 0.1.15 layouts: TileLang's repr, Forward, OutputShape, Inverse, CuTe view.",
    epilog=EPILOG_TILELANG,
    subcommands=[
        _buffer(
            "auto",
            "make_swizzled_layout",
            "What tilelang.layout.make_swizzled_layout(buffer) returns (MakeGemmABLayout with allow_pad; "
            "--no-pad: MakeGemmABLayoutHopper).",
            [Opt("--no-pad", flag=True, help="allow_pad=False (Hopper choice)."), _K_OUTER],
        ),
        Command(
            "fragment-8x8",
            run="cutedump.commands.tilelang_cmd:fragment_8x8_cmd",
            help="tilelang.layout.make_gemm_fragment_8x8(): the 8x8 ldmatrix fragment (thread and local index).",
            epilog=EPILOG_TILELANG,
            params=[Opt("--transposed", flag=True, help="make_gemm_fragment_8x8_transposed."), _FORMAT, _VALUES],
        ),
        _bank(
            "full", "make_full_bank_swizzled_layout / MakeFullBankSwizzleLayout2D: 128-byte rows, 3-bit XOR (xor8x8)."
        ),
        _buffer(
            "gemm-ab",
            "MakeGemmABLayout",
            "MakeGemmABLayout(stride, continuous, continuity, element_size, k_inner): the GEMM lowering's choice "
            "(full / half / quarter bank, fp64 K-inner/K-outer, else the padded layout), 2-D.",
            [Opt("--continuity", "continuity", int, help="Continuity (default: continuous)."), _K_OUTER],
        ),
        _bank(
            "half", "make_half_bank_swizzled_layout / MakeHalfBankSwizzleLayout2D: 64-byte rows, 2-bit XOR (xor4x4)."
        ),
        _buffer("linear", "make_linear_layout", "tilelang.layout.make_linear_layout(buffer): row-major, any rank."),
        _buffer(
            "padded",
            "MakeGemmABLayoutPadded",
            "MakeGemmABLayoutPadded: row-major, rows padded by 128 bits when a row is a multiple of 256 bits.",
        ),
        _bank(
            "quarter", "make_quarter_bank_swizzled_layout / MakeQuarterBankSwizzleLayout2D: 32-byte rows, 1-bit XOR."
        ),
        Command(
            "replicated",
            run="cutedump.commands.tilelang_cmd:replicated_cmd",
            help="tilelang.layout.make_fully_replicated_layout_fragment(buffer, threads).",
            epilog=EPILOG_TILELANG,
            params=[
                Opt("--shape", required=True, help="Fragment buffer shape, e.g. 2,4."),
                Opt("--threads", "threads", int, required=True, help="Thread count (the replicate extent)."),
                _FORMAT,
                _VALUES,
                _FORCE,
            ],
        ),
        _buffer(
            "tcgen05",
            "make_tcgen05mma_swizzled_layout",
            "tilelang.layout.make_tcgen05mma_swizzled_layout(buffer): MakeGemmABLayoutSm100.",
            [Opt("--continuity", "continuity", int, help="Continuity (default -1)."), _K_OUTER],
        ),
        _buffer(
            "volta",
            "make_volta_swizzled_layout",
            "tilelang.layout.make_volta_swizzled_layout(buffer): MakeGemmVoltaABLayout (crosswise / congruous).",
            [
                Opt("--k-outer", flag=True, help="k_inner = False."),
                Opt("--b", "is_b", flag=True, help="is_a = False (the B operand)."),
            ],
        ),
        _buffer(
            "wgmma",
            "make_wgmma_swizzled_layout",
            "tilelang.layout.make_wgmma_swizzled_layout(buffer): MakeGemmABLayoutHopper.",
            [Opt("--continuity", "continuity", int, help="Continuity (default -1)."), _K_OUTER],
        ),
    ],
)
