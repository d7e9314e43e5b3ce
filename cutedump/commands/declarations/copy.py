"""``cutedump copy``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt

EPILOG_COPY = """\b
Examples:
  cutedump copy "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>" --type half_t --thr "(_16,_8):(_8,_1)" --val "(_1,_8)"
  cutedump copy SM75_U32x4_LDSM_N --type half_t --mma SM80_16x8x16_F16F16F16F16_TN \\
       --atom-layout "(_2,_2)" --tile "(_32,_32,_16)" --operand A --samples
  cutedump copy "UniversalCopy<half_t>" --type half_t --mma SM80_16x8x16_F16F16F16F16_TN --operand C_atom
  cutedump copy SM75_U32x4_LDSM_N --type half_t --atom-only --samples
  cutedump copy "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>" --type half_t --thr "(_16,_8):(_8,_1)" --val "(_1,_8)" \\
       --partition "(128,64):(64,1)" --thread 3
The first block is byte-exact print(TiledCopy). --operand A|B|C uses make_tiled_copy_A/B/C(atom, mma),
C_atom uses make_tiled_copy_C_atom. --samples adds the per-thread (tid,vid) -> (ref_tid,ref_vid) tables.
"""


COMMAND = Command(
    "copy",
    run="cutedump.commands.copy_cmd:copy_cmd",
    fast="cutedump.commands._fast:copy_text",
    fast_tty=True,
    help="Print a TiledCopy exactly as CuTe does, then layoutS_TV, layoutD_TV, src2ref and dst2ref.",
    epilog=EPILOG_COPY,
    params=[
        Arg("atom"),
        Opt(
            "--type",
            "value_type",
            help="Value type of Copy_Atom<Op, T>, e.g. half_t (required unless the op "
            "names one, as in UniversalCopy<half_t>).",
        ),
        Opt("--thr", help='Thread layout (m,n) -> thr_idx for make_tiled_copy, e.g. "(_16,_8):(_8,_1)".'),
        Opt("--val", help='Value layout (m,n) -> val_idx for make_tiled_copy, e.g. "(_1,_8)".'),
        Opt("--mma", "mma_name", help="MMA atom for make_tiled_copy_A/B/C.", fast=False),
        Opt("--atom-layout", help="Atom layout of the TiledMMA (with --mma).", fast=False),
        Opt("--tile", help="Permutation Tile<M,N,K> of the TiledMMA (with --mma).", fast=False),
        Opt(
            "--operand",
            "operand",
            ("A", "B", "C", "C_atom"),
            case_sensitive=False,
            fast=False,
            help="Which make_tiled_copy_X to use with --mma.",
        ),
        Opt("--samples", flag=True, help="Add the per-thread src2ref / dst2ref sample tables.", fast=False),
        Opt("--tids", help='Threads for --samples, e.g. "0,8,16,24" (default: four evenly spaced).', fast=False),
        Opt(
            "--partition",
            fast=False,
            help='A tensor layout to partition: tidfrg_S/D and partition_S/D, e.g. "(128,64):(64,1)".',
        ),
        Opt(
            "--thread", "thr_idx", int, default=0, show_default=True, fast=False, help="Thread index for partition_S/D."
        ),
        Opt("--atom-only", flag=True, help="Only the Copy_Atom (print, src2ref, dst2ref).", fast=False),
        Opt(
            "--format",
            "fmt_",
            ("text", "json"),
            default="text",
            show_default=True,
            fast=False,
            help="json: the printed TiledCopy, S/D TV layouts and their (thread, value) tables.",
        ),
        Opt("--force", flag=True, help="JSON tables with more than 65,536 cells.", fast=False),
        Opt("--thr-idx", "deprecated_thr_idx", int, hidden=True, renames=("--thread", "thr_idx")),
    ],
)
