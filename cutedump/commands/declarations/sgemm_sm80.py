"""``cutedump sgemm-sm80``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Command, Opt

EPILOG_SGEMM_SM80 = """\b
Examples:
  cutedump sgemm-sm80 --dump-layouts                         # TN half_t, 128x128x64, thread 0
  cutedump sgemm-sm80 --dump-layouts --dump-m 200 --dump-n 96 --dump-k 40 --thread 37 --lang en
  cutedump sgemm-sm80 --dump-layouts --cta-tile 64,128,64 --no-readings
  cutedump sgemm-sm80 --dump-layouts --variant nt --type float
  cutedump sgemm-sm80 --dump-layouts --format json
  cutedump sgemm-sm80 --dump-latex --outdir ./dump_tex       # sA (pipe stage 0), copyA, copyB, mmaC, s2r_copy_a/b
\b
Every value is what the kernel builds (gemm_tn / gemm_nt host code, gemm_device for block (0,0) and --thread),
printed as CuTe's print; tensors as print(tensor.layout()) (dynamic problem sizes print without '_').
--no-readings prints exactly the objects (no '  # ...' reading lines, no bank audit). The same output as
`cutedump kernel sgemm_sm80_tn_half` (sgemm_sm80_nt_float, sgemm_sm80_tn_float), with the bank audit of the
G2S and S2R copies at the end. gemm_nt for half_t is not implemented
upstream. --cta-tile must be divisible by the smem atom, the copy tilers and the TiledMMA tile.
"""


COMMAND = Command(
    "sgemm-sm80",
    run="cutedump.commands.sgemm_cmd:sgemm_cmd",
    fast="cutedump.commands._answers:sgemm_text",
    fixed={"given_": None},
    help="The host-only dump of sgemm_sm80.cu: every layout of the kernel, and one thread's partitions.",
    epilog=EPILOG_SGEMM_SM80,
    params=[
        Opt("--dump-layouts", flag=True, help="Print every object and the thread's partitions (the default)."),
        Opt("--dump-m", "dump_m", int, metavar="M", help="Problem size M (dynamic).  [default: 128]"),
        Opt("--dump-n", "dump_n", int, metavar="N", help="Problem size N (dynamic).  [default: 128]"),
        Opt("--dump-k", "dump_k", int, metavar="K", help="Problem size K (dynamic).  [default: 64]"),
        Opt("--thread", "thread", int, default=0, show_default=True, help="threadIdx.x of the partitions."),
        Opt(
            "--cta-tile",
            "tile",
            metavar="M,N,K",
            help="CTA tile BLK_M,BLK_N,BLK_K (static).  [default: 128,128,64 for half_t, 128,128,8 for float]",
        ),
        Opt(
            "--variant",
            "variant",
            ("tn", "nt"),
            default="tn",
            show_default=True,
            help="The host path: gemm_tn (A^T B) or gemm_nt (A B^T).",
        ),
        Opt(
            "--type",
            "type_",
            ("half_t", "float"),
            default="half_t",
            show_default=True,
            help="Element type (half_t: tensor cores; float: UniversalFMA).",
        ),
        Opt(
            "--warp",
            "warp",
            int,
            default=0,
            show_default=True,
            help="The warp whose instructions the bank audit counts (all warps are summed too).",
        ),
        Opt("--format", "fmt_", ("text", "json"), default="text", show_default=True),
        Opt(
            "--lang",
            "lang",
            ("zh", "en"),
            default="zh",
            show_default=True,
            envvar="CUTEDUMP_LANG",
            show_envvar=True,
            help="Language of the reading lines.",
        ),
        Opt("--no-readings", flag=True, help="Only the objects, without the '  # ...' reading lines."),
        Opt("--dump-latex", flag=True, help="Write print_latex files of the objects into --outdir.", fast=False),
        Opt("--outdir", metavar="DIR", help="Directory for --dump-latex (created if missing).", fast=False),
        Opt("--force", flag=True, help="Overwrite existing files with --dump-latex.", fast=False),
        Opt("--tile", "deprecated_tile", hidden=True, renames=("--cta-tile", "tile")),
    ],
)
