"""``cutedump bank``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt

EPILOG_BANK = """\b
Examples:
  # ldmatrix of the A operand from a K-major 64x32 half tile: conflicts, and the swizzle that fixes them
  cutedump bank "(_64,_32):(_32,_1)" --copy SM75_U32x4_LDSM_N --type half_t \\
       --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --tile "(_32,_32,_16)" --operand A
  # the same layout must also take the cp.async G2S stores cleanly
  cutedump bank "(_128,_64):(_64,_1)" --copy SM75_U32x4_LDSM_N --type half_t \\
       --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --tile "(_32,_32,_16)" --operand A \\
       --also "--copy SM80_CP_ASYNC_CACHEALWAYS<uint128_t> --thr (_16,_8):(_8,_1) --val (_1,_8)"
  cutedump bank "composition(Sw<3,3,3>, (_128,_64):(_64,_1))" --copy "UniversalCopy<uint128_t>" \\
       --type half_t --thr "(_16,_8):(_8,_1)" --val "(_1,_8)" --store --warp 2 --format json
  echo "(_64,_32):(_32,_1)" | cutedump bank - --copy "UniversalCopy<uint128_t>" --type half_t \\
       --thr "(_32,_4):(_4,_1)" --val "(_1,_8)" --compact       # SMEM from standard input
  # raw mode: one --addresses list (32 byte addresses, lane 0..31) per instruction
  cutedump bank --inst ld.shared.b128 --addresses "$(seq -s, 0 32 992)"
  cutedump bank --inst ldmatrix.x4 --addresses "$(seq -s, 0 16 496)" --format svg > banks.svg
  # Triton: a swizzled shared tile read into a blocked layout, 8 halves (128 bits) per access (the user's width)
  cutedump bank --triton-shared "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>" \\
       --triton-reg "BlockedLayout(size_per_thread=[1, 8], threads_per_warp=[4, 8], warps_per_cta=[4, 1], order=[1, 0])" \\
       --shape 64,64 --type half_t --vec 8
\b
Instructions: ld.shared.b32|b64|b128, st.shared.b32|b64|b128, ldmatrix.x1|x2|x4[.trans], stmatrix.x1|x2|x4[.trans]
(b8/b16 modelled like b32). A phase is the whole warp (32-bit), a half-warp (64-bit), a quarter-warp (128-bit) or
one 8x8 matrix (ldmatrix/stmatrix); it costs as many wavefronts as the most distinct 4-byte words in one bank.
A 64/128-bit load whose lanes pair up on equal addresses (lane l with l^1, or with l^2, for every l) is served in
phases twice as large (measured on an H100: tests/data/bank/h100_measured_more.json).
The copy mode takes the TiledCopy options of `cutedump copy`; ldmatrix loads (partition_S of the smem tensor),
stmatrix and cp.async store (partition_D), UniversalCopy loads unless --store. Instructions are listed in the order
cute::copy issues them for warp --warp. Picture: per phase, the distinct words in each bank ('.' none, 2+ conflict).
"""


COMMAND = Command(
    "bank",
    run="cutedump.commands.bank_cmd:bank_cmd",
    fast="cutedump.commands._answers:bank_text",
    fixed={"given_": None},
    help="Bank conflicts, wavefronts and vector width of shared-memory copies, with the swizzle that fixes them.",
    epilog=EPILOG_BANK,
    params=[
        Arg("smem", required=False),
        Opt("--copy", "atom", help="Copy atom of the TiledCopy, e.g. SM75_U32x4_LDSM_N (copy mode)."),
        Opt("--type", "value_type", help="Element type of the smem tensor (Copy_Atom<Op, T>), e.g. half_t."),
        Opt("--thr", help='Thread layout for make_tiled_copy, e.g. "(_16,_8):(_8,_1)".'),
        Opt("--val", help='Value layout for make_tiled_copy, e.g. "(_1,_8)".'),
        Opt("--mma", "mma_name", help="MMA atom for make_tiled_copy_A/B/C."),
        Opt("--atom-layout", help="Atom layout of the TiledMMA (with --mma)."),
        Opt("--tile", help="Permutation Tile<M,N,K> of the TiledMMA (with --mma)."),
        Opt("--operand", "operand", ("A", "B", "C"), case_sensitive=False, help="make_tiled_copy_A/B/C with --mma."),
        Opt(
            "--store/--load",
            help="The smem tensor is the destination (partition_D) / the source (default: "
            "from the atom; UniversalCopy loads).",
        ),
        Opt("--warp", "warp", int, default=0, show_default=True, help="Which warp's instructions to show."),
        Opt(
            "--also",
            multiple=True,
            metavar="OPTIONS",
            help="Another copy of the same smem tile that must "
            'stay conflict-free, in the same options, e.g. "--copy SM80_CP_ASYNC_CACHEALWAYS<uint128_t> '
            '--thr (_16,_8):(_8,_1) --val (_1,_8)".',
        ),
        Opt("--no-fix", flag=True, help="Do not search a swizzle/padding when a copy conflicts."),
        Opt("--inst", help="Raw mode: the instruction, e.g. ld.shared.b128 or ldmatrix.x4.trans."),
        Opt(
            "--addresses",
            multiple=True,
            metavar="A0,A1,...,A31",
            help="Raw mode: the 32 lanes' byte addresses of one instruction (repeat for more instructions).",
        ),
        Opt(
            "--triton-shared", help="Triton mode: the shared layout (Gluon or TTGIR spelling) of the tile.", fast=False
        ),
        Opt("--triton-reg", help="Triton mode: the distributed layout that reads (--store: writes) it.", fast=False),
        Opt("--shape", "shape_", help="Triton mode: the tile's shape, e.g. 64,64.", fast=False),
        Opt("--vec", None, int, help="Triton mode: elements per access (Triton's lowering picks its own).", fast=False),
        Opt("--compact", flag=True, help="Text: one line per instruction, no bank picture."),
        Opt("--format", "fmt_", ("text", "json", "svg"), default="text", show_default=True),
    ],
)
