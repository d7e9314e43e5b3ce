"""``cutedump ck``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt

EPILOG_CK = """\b
Examples:
  cutedump ck naive --lengths 256,64 --strides 64,1
  cutedump ck naive --lengths _4,_8                       # packed; _N = CK Number<N>
  cutedump ck describe --lengths 256,64 --strides 64,1 \\
      --stage "unmerge(8,_8)@1->0,2; pass_through(256)@0->1" --at 3,17,5
  cutedump ck recipe xdl-a --M 256 --K 64 --AK1 8
  cutedump ck recipe xdl-a --M 250 --K 64 --MPerBlock 128 --KPerBlock 32    # padding
  cutedump ck recipe xdl-a --M 250 --K 64 --MPerBlock 128 --KPerBlock 32 --spec MPadding
  cutedump ck naive --lengths 4,_8 --format json --offsets
  cutedump ck recipe xdl-c-shuffle --MPerBlock 256 --NPerBlock 128 --MPerXdl 32
  cutedump ck recipes
A stage is one transform_tensor_descriptor call: transforms separated by ';', each NAME(args)@LOW->UP with LOW the
old visible ids and UP the new visible ids (empty for freeze). Transforms: pass_through, pad, left_pad, right_pad,
embed, merge (merge_v1_carry_check, merge_v2_magic_division, merge_v3_division_mod), unmerge, freeze, insert,
vectorize, slice, modulo, xor (xor_with_modulo).
Answers follow Composable Kernel's own code (checked against CK's headers, tests/ck/): int32 index_t, the
magic-division merge for offsets of padded indices, CK's compile-time checks as errors.
"""


# the display options of naive, describe and recipe (declared once here)
_DISPLAY = [
    Opt("--at", help="Trace CalculateOffset for this visible index, e.g. 3,17,5."),
    Opt("--table", flag=True, help="Also print the offset table when --at is given."),
    Opt("--rows", "rows", int, help="Rank-2 table rows (default 8)."),
    Opt("--cols", "cols", int, help="Rank-2 table columns (default 8)."),
    Opt("--limit", "limit", int, default=16, show_default=True, help="Coordinates listed for rank != 2."),
    Opt("--no-cute", flag=True, help="Skip the CuTe view."),
    Opt("--force", flag=True, help="Allow big tables and full CuTe checks of big domains."),
    Opt(
        "--format",
        "fmt",
        ("text", "json"),
        default="text",
        show_default=True,
        help="json: lengths, element space size, the chain (and --at's trace, --offsets) as data.",
    ),
    Opt("--offsets", flag=True, help="json: every visible index's offset and validity.", fast=False),
]


COMMAND = Command(
    "ck",
    help="Composable Kernel tensor descriptors: transform chains, offsets, XDL GEMM recipes, CuTe views.",
    epilog=EPILOG_CK,
    subcommands=[
        Command(
            "describe",
            run="cutedump.commands.ck_cmd:describe_cmd",
            fast="cutedump.commands._ck:describe_text",
            fixed={"offsets": False},
            help="A naive descriptor followed by transform stages, as CK builds it.",
            epilog=EPILOG_CK,
            params=[
                Opt("--lengths", required=True, help="Lengths of the naive descriptor."),
                Opt("--strides", help="Its strides (packed if omitted)."),
                Opt("--align", help="Aligned naive descriptor instead."),
                Opt("--stage", "stages", multiple=True, help="One transform_tensor_descriptor call (repeatable)."),
                Opt("--name", default="descriptor", show_default=True, help="Name printed for the descriptor."),
                *_DISPLAY,
            ],
        ),
        Command(
            "naive",
            run="cutedump.commands.ck_cmd:naive_cmd",
            fast="cutedump.commands._ck:naive_text",
            fixed={"offsets": False},
            help="make_naive_tensor_descriptor(_packed/_aligned): the chain, offsets and the CuTe layout.",
            epilog=EPILOG_CK,
            params=[
                Opt("--lengths", required=True, help="Lengths, e.g. 256,64 (_N = static Number<N>)."),
                Opt("--strides", help="Strides (make_naive_tensor_descriptor); packed if omitted."),
                Opt("--align", help="make_naive_tensor_descriptor_aligned with this alignment."),
                *_DISPLAY,
            ],
        ),
        Command(
            "recipe",
            run="cutedump.commands.ck_cmd:recipe_cmd",
            fast="cutedump.commands._ck:recipe_text",
            fixed={"offsets": False, "given_": None},
            help="Build one of the XDL GEMM descriptors (see `cutedump ck recipes`).",
            epilog=EPILOG_CK,
            params=[
                Arg("name"),
                Opt("--M", "M", int, help="GEMM M (xdl-a, xdl-c-grid)."),
                Opt("--N", "N", int, help="GEMM N (xdl-b, xdl-c-grid)."),
                Opt("--K", "K", int, help="GEMM K (xdl-a, xdl-b)."),
                Opt("--stride", "stride", int, help="StrideA/StrideB/StrideC (default: packed)."),
                Opt(
                    "--major",
                    "layout",
                    ("row", "col"),
                    help="A/B storage order, CK's ALayout/BLayout "
                    "(default: row-major A, column-major B: K contiguous).",
                ),
                Opt("--AK1", "AK1", int, default=8, show_default=True, help="AK1 / BK1 (K elements per vector)."),
                Opt("--MPerBlock", "MPerBlock", int, help="Block tile M."),
                Opt("--NPerBlock", "NPerBlock", int, help="Block tile N."),
                Opt("--KPerBlock", "KPerBlock", int, help="Block tile K."),
                Opt("--MPerXdl", "MPerXdl", int, default=32, show_default=True, help="32 or 16 (the MFMA)."),
                Opt("--MXdlPerWave", "MXdlPerWave", int, default=2, show_default=True, help="MRepeat."),
                Opt("--NXdlPerWave", "NXdlPerWave", int, default=2, show_default=True, help="NRepeat."),
                Opt("--extra-m", "extra_m", int, default=0, show_default=True, help="ABlockLdsExtraM (LDS padding)."),
                Opt(
                    "--cshuffle-m",
                    "cshuffle_m",
                    int,
                    default=1,
                    show_default=True,
                    help="CShuffleMXdlPerWavePerShuffle.",
                ),
                Opt(
                    "--cshuffle-n",
                    "cshuffle_n",
                    int,
                    default=1,
                    show_default=True,
                    help="CShuffleNXdlPerWavePerShuffle.",
                ),
                Opt("--slice-lengths", default="1,4,8", show_default=True, help="thread-scratch: SliceLengths."),
                Opt(
                    "--spec",
                    "spec",
                    "cutedump.ck.recipes:SPECS",
                    help="GemmSpecialization (xdl-a, xdl-b, "
                    "xdl-c-grid). Default: pad the dimensions whose block size is given "
                    "(--MPerBlock/--NPerBlock/--KPerBlock).",
                ),
                Opt(
                    "--vector-dim",
                    "vector_dim",
                    int,
                    default=2,
                    show_default=True,
                    help="thread-scratch: SrcVectorDim.",
                ),
                Opt(
                    "--scalar-per-vector",
                    "scalar_per_vector",
                    int,
                    default=8,
                    show_default=True,
                    help="thread-scratch: SrcScalarPerVector.",
                ),
                *_DISPLAY,
                Opt("--layout", "deprecated_layout", ("row", "col"), hidden=True, renames=("--major", "layout")),
            ],
        ),
        Command(
            "recipes",
            run="cutedump.commands.ck_cmd:recipes_cmd",
            help="List the named XDL GEMM descriptor recipes.",
            params=[
                Opt(
                    "--format",
                    "fmt",
                    ("text", "json"),
                    default="text",
                    show_default=True,
                    help='json: {"recipes": [{"name", "builds"}]}.',
                ),
            ],
        ),
    ],
)
