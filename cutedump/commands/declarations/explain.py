"""``cutedump explain``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt, Range

EPILOG_EXPLAIN = """\b
Examples (algebra: one CuTe call, the eval language):
  cutedump explain "composition((_4,_8):(_1,_4), (_4,_2):(_2,_1))"
  cutedump explain "composition((_4,_8):(_1,_8), _2:_6)"        # (exit 2) the Stride Divisibility Condition fails
  cutedump explain "complement((_4,_2):(_1,_8), _64)" --lang en
  echo "coalesce((_2,_4):(_1,_2))" | cutedump explain -              # EXPR from standard input
  cutedump explain "logical_divide((_16,_8):(_1,_16), (_8:_1,(_4,_2):(_2,_1)))" --detail 1
  cutedump explain "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))" --lang zh
  cutedump explain "upcast<2>((_4,_8):(_1,_4))" --format json
\b
Examples (partitions: a TiledMMA or a TiledCopy, a tensor, one thread):
  cutedump explain partition --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --tile "(_32,_32,_16)" \\
      --shape "(_128,_64)" --operand A --thread 5
  cutedump explain partition --mma SM80_16x8x16_F16F16F16F16_TN --shape "(_64,_32)" --operand C --fragment
  cutedump explain partition --copy "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>" --type half_t \\
      --thr "(_16,_8):(_8,_1)" --val "(_1,_8)" --shape "(_128,_64)" --side S
  cutedump explain partition --copy SM75_U32x4_LDSM_N --type half_t --mma SM80_16x8x16_F16F16F16F16_TN \\
      --atom-layout "(_2,_2)" --tile "(_32,_32,_16)" --operand A --shape "(_128,_64)" --retile
\b
Examples (a GMMA operand in shared memory: its fragment is a tensor of wgmma descriptors):
  cutedump explain partition --mma "SM90_64x64x16_F16F16F16_SS<K,K>" --operand A --fragment \\
      --layout "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_64,_64,_2))"
  cutedump explain partition --mma "SM90_64x128x16_F32BF16BF16_SS<K,MN>" --operand B --fragment \\
      --layout "tile_to_shape(Layout_MN_SW128_Atom<bfloat16_t>, (_128,_64))" --smem-address 0x400 --format json
\b
Examples (a UMMA operand in shared memory: a tensor of UMMA::SmemDescriptors; thread 1 of a 2x1SM atom is the
peer CTA):
  cutedump explain partition --mma "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>" --operand A \\
      --fragment --layout "tile_to_shape(UMMA::Layout_K_SW128_Atom<half_t>, (_128,_64,_2))" --format json
  cutedump explain partition --mma "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,MN,K>" --operand A \\
      --fragment --layout "tile_to_shape(UMMA::Layout_MN_SW128_32B_Atom<half_t>, (_256,_64))" --thread 1
\b
Explainable calls: coalesce composition complement right_inverse left_inverse logical/zipped/tiled/flat_divide
logical/zipped/tiled/flat_product blocked_product raked_product tile_to_shape upcast downcast max_common_vector
max_common_layout, and composition with swizzles. Every printed intermediate is CuTe's value of the expression
shown next to it; the result equals `cutedump eval EXPR`. When CuTe rejects the input (a static_assert), the
explanation stops at the failing step, names the condition, and the exit status is 2.
"""


COMMAND = Command(
    "explain",
    run="cutedump.commands.explain_cmd:explain_cmd",
    fast="cutedump.commands._fast:explain_text",
    fixed={"given_": None},
    fast_tty=True,
    help="Explain EXPR step by step as CuTe computes it, or (EXPR = partition) how a TiledMMA / TiledCopy "
    "partitions a\ntensor for one thread. EXPR '-' (or none, with a pipe) is read from standard input.",
    epilog=EPILOG_EXPLAIN,
    params=[
        Arg("expr", required=False),
        Opt(
            "--lang",
            "lang",
            ("zh", "en"),
            default="zh",
            show_default=True,
            envvar="CUTEDUMP_LANG",
            show_envvar=True,
            help="Narration language.",
        ),
        Opt(
            "--format",
            "fmt_",
            ("text", "json"),
            default="text",
            show_default=True,
            fast=False,
            help="json: the list of steps (name, CuTe expression, value).",
        ),
        Opt(
            "--detail",
            "detail",
            Range(1, 8),
            default=2,
            show_default=True,
            fast=False,
            help="How many levels of sub-expressions are narrated (1: only the top-level steps).",
        ),
        Opt("--plain", flag=True, help="No colour even on a terminal."),
        Opt(
            "--mma",
            "mma_name",
            metavar="ATOM",
            help="partition: MMA atom of the TiledMMA (or of make_tiled_copy_A/B/C with --copy).",
        ),
        Opt("--atom-layout", metavar="LAYOUT", help='partition: atom layout of the TiledMMA, e.g. "(_2,_2)".'),
        Opt("--tile", metavar="TILE", help='partition: permutation Tile<M,N,K> of the TiledMMA, e.g. "(_32,_32,_16)".'),
        Opt("--copy", "copy_name", metavar="ATOM", help="partition: copy atom of the TiledCopy."),
        Opt("--type", "value_type", metavar="T", help="partition: value type of the copy atom, e.g. half_t."),
        Opt("--thr", metavar="LAYOUT", help="partition: thread layout for make_tiled_copy."),
        Opt("--val", metavar="LAYOUT", help="partition: value layout for make_tiled_copy."),
        Opt("--shape", metavar="SHAPE", help='partition: the tensor shape, e.g. "(_128,_64)" (compact column-major).'),
        Opt("--layout", "layout_", metavar="LAYOUT", help='partition: the tensor layout, e.g. "(_128,_64):(_64,_1)".'),
        Opt(
            "--operand",
            "operand",
            ("A", "B", "C"),
            case_sensitive=False,
            help="partition: MMA operand (partition_A/B/C; with --copy and --mma: make_tiled_copy_A/B/C).",
        ),
        Opt(
            "--side",
            "side",
            ("S", "D"),
            case_sensitive=False,
            help="partition: copy side, partition_S or partition_D (default S).",
        ),
        Opt("--fragment", flag=True, help="partition: partition_fragment_A/B/C instead of partition_A/B/C."),
        Opt("--retile", flag=True, help="partition: retile_D of the MMA fragment (with --copy, --mma, --operand)."),
        Opt("--thread", "thread", int, default=0, show_default=True, help="partition: the thread index."),
        Opt(
            "--smem-address",
            metavar="A",
            help="partition: byte address of the smem tensor (GMMA/UMMA "
            "descriptor fragments; default: unset, as on the host, start address 0).",
        ),
    ],
)
