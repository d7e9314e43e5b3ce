"""``cutedump mma``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt

EPILOG_MMA = """\b
Examples:
  cutedump mma SM80_16x8x16_F16F16F16F16_TN
  cutedump mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --tile "(_32,_32,_16)"
  cutedump mma SM80_16x8x8_F32TF32TF32F32_TN --atom-layout "(_2,_2,_1):(_2,_1,_0)" --tile "((_2,_16):(_16,_1),_16,_)"
  cutedump mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --partition "(128,128,64)" --thread 37
  cutedump mma "SM90_64x128x16_F32F16F16_SS<K,MN>"
  cutedump mma "UniversalFMA<float>" --atom-layout "(_16,_16)"
  cutedump mma "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>" --partition "(_128,_256,_64)"
The first block is byte-exact print(TiledMMA); layoutX_TV are get_layoutX_TV(). --partition (M,N) gives
partition_shape_C; (M,N,K) adds A (M,K) and B (N,K); --thread picks the thread of partition_X / fragments.
A fragment is an owning register tensor: with dynamic extents CuTe refuses it ("Dynamic owning tensors not
supported"), and so does this line; give static extents, e.g. --partition "(_128,_128,_64)".
SM100 UMMA atoms also print their instruction descriptor (idesc_, decoded; "instr_desc" in JSON) and their
accumulator fragment in tensor memory.
"""


COMMAND = Command(
    "mma",
    run="cutedump.commands.mma_cmd:mma_cmd",
    fast="cutedump.commands._fast:mma_text",
    fast_tty=True,
    help="Print a TiledMMA exactly as CuTe does, then its layoutA_TV, layoutB_TV and layoutC_TV.",
    epilog=EPILOG_MMA,
    params=[
        Arg("atom"),
        Opt("--atom-layout", help='Atom layout (M,N[,K]) over threads, e.g. "(_2,_2)" (default 1x1x1).'),
        Opt("--tile", help='Permutation Tile<M,N,K>: _, static ints or layouts, e.g. "(_32,_32,_16)".'),
        Opt("--partition", help='Tensor shape (M,N) or (M,N,K) to partition, e.g. "(128,128,64)".', fast=False),
        Opt("--thread", "thr_idx", int, help="Thread index for partition_X and fragments.", fast=False),
        Opt("--atom-only", flag=True, help="Print only print(MMA_Atom<...>{}).", fast=False),
        Opt(
            "--format",
            "fmt_",
            ("text", "json"),
            default="text",
            show_default=True,
            fast=False,
            help="json: the printed TiledMMA, A/B/C TV layouts and their (thread, value) tables.",
        ),
        Opt("--force", flag=True, help="JSON tables with more than 65,536 cells.", fast=False),
        Opt("--thr", "deprecated_thr", int, hidden=True, renames=("--thread", "thr_idx")),
    ],
)
