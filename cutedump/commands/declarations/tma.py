"""``cutedump tma``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Command, Opt, lang_opt

EPILOG_TMA = """\b
Examples:
  cutedump tma --op SM90_TMA_LOAD --type half_t --gmem "(1024,256):(256,_1)" --smem "(_64,_32):(_32,_1)"
  cutedump tma --op SM90_TMA_LOAD_MULTICAST --type half_t --gmem "(1024,256):(_1,1024)" \\
       --smem "tile_to_shape(Sw<3,4,3> o _0 o (_64,_8):(_1,_64), (_128,_64))" --cluster 2
  cutedump tma --op SM90_TMA_LOAD --type half_t --gmem "(4096,4096):(4096,_1)" \\
       --smem "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))" --cta-tile "(_128,_64)" --format json
  cutedump tma --op SM90_TMA_STORE --type float --gmem "(512,512,8):(_1,512,262144)" --smem "(_64,_32):(_1,_64)"
  cutedump tma --op SM90_TMA_LOAD --type half_t --gmem "(_256,_512):(_1,_256)" --smem "(_64,_128):(_1,_64)" \
       --cta-tile "(_64,_128)" --cluster 2 --lang zh
  cutedump tma --op SM90_TMA_LOAD_MULTICAST --type half_t --gmem "(1024,256):(_1,1024)" \
       --smem "tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>, (_128,_64))" --cluster 2 --tma-partition --cta 1
  cutedump tma --op SM90_TMA_LOAD_IM2COL --type half_t --gmem "((56,56,8),64):((64,3584,200704),_1)" \
       --smem "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))" --lower-corner "(-1,-1)" \
       --upper-corner "(-1,-1)"
SM100 (Blackwell): with --mma (a UMMA atom) the TMA is CuTe's make_tma_atom_A/B_sm100 (--operand A|B, --mma-tiler,
--cluster-shape) or, with --tiled-copy, make_tma_copy_A/B/C_sm100; --smem defaults to the tutorials'
UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<T>, partition_shape_A(mma, tile)) and --type to the MMA's:
  cutedump tma --op SM100_TMA_2SM_LOAD_MULTICAST --mma "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,K,K>" \\
       --operand A --gmem "(512,256):(256,_1)" --cluster-shape "(4,4,1)" --tma-partition --cta 7 --cta-coord "(1,0)"
  cutedump tma --op SM90_TMA_LOAD_MULTICAST --mma "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>" \\
       --operand B --gmem "(1024,256):(256,_1)" --mma-tiler "(_128,_256,_64)" --cluster-shape "(2,4,1)" --format json
  cutedump tma --op SM100_TMA_2SM_LOAD --mma "SM100_MMA_TF32_2x1SM_SS<tfloat32_t,tfloat32_t,float,256,128,K,MN>" \\
       --operand B --gmem "(4096,1024):(_1,4096)" --tiled-copy
  cutedump tma --op SM90_TMA_STORE --mma "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,K,K>" --operand C \\
       --type float --gmem "(1024,1024):(_1,1024)" --tiled-copy
The first block is CuTe's print(tma), byte-exact; then the exact arguments CuTe passes to cuTensorMapEncodeTiled
(--format json: "tiled_copy" and "tensor_map"), then the box, the swizzle mode and why, instructions per tile and
the multicast split. Inputs TMA cannot do get CuTe's assert or static_assert text.
SM90_TMA_LOAD_IM2COL(_MULTICAST) is make_im2col_tma_copy: --gmem is the convolution's activation tensor
((W,H,D,N),C) as CUTLASS's implicit GEMM passes it; the output is print(tma) and the cuTensorMapEncodeIm2col
arguments (corners, channelsPerPixel, pixelsPerColumn, traversal strides); its TMA tensor is not modelled.
"""


COMMAND = Command(
    "tma",
    fast="cutedump.commands._tma:tma_text",
    help="make_tma_copy(op, gmem tensor, smem layout, CTA tile, cluster) as CuTe computes it on the host; with "
    "--mma, the\nSM100 makers (make_tma_atom_A/B_sm100, make_tma_copy_A/B/C_sm100).",
    epilog=EPILOG_TMA,
    params=[
        Opt(
            "--op",
            required=True,
            help="SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST, SM90_TMA_STORE, "
            "SM90_TMA_REDUCE_ADD, SM100_TMA_2SM_LOAD(_MULTICAST) (through make_tma_copy, cluster of 2 or "
            "more).",
        ),
        Opt(
            "--type",
            "value_type",
            help="Element type of the gmem tensor, e.g. half_t (with --mma: the MMA's type of the operand).",
        ),
        Opt("--gmem", required=True, help='The gmem layout shape:stride (elements), e.g. "(1024,256):(256,_1)".'),
        Opt(
            "--smem",
            help="The smem layout of one CTA tile: a layout, a swizzled layout (Sw<3,4,3> o _0 o L, "
            "composition(Swizzle<3,4,3>, L)) or a tile_to_shape(...) of one, e.g. of "
            "GMMA::Layout_K_SW128_Atom<half_t>. Modes beyond --cta-tile are pipeline stages: the TMA is "
            "built from stage 0 (the Hopper tutorial's sA(_,_,0)) and --tma-partition keeps them. With "
            "--mma: the ((MMA_M,MMA_K),NumMma_M,NumMma_K) layout, e.g. "
            "UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>, ((_128,_16),_1,_4)) (the default, "
            "SW128 in the UMMA atom's major).",
        ),
        Opt("--cta-tile", help="The CTA tile over the gmem modes (default: the smem layout's shape)."),
        Opt("--cluster", "cluster", int, default=1, show_default=True, help="Multicast size (CTAs sharing each box)."),
        Opt(
            "--tma-partition",
            "partition",
            flag=True,
            help="Add tma_partition of one CTA's gmem tile "
            "(local_tile of the TMA coordinate tensor at --cta-coord) and of the smem tile.",
        ),
        Opt(
            "--cta-coord",
            help='The local_tile coordinate of the CTA tile, e.g. "(3,_)" (default: 0 in every '
            "tile-count mode but the last, which stays _).",
        ),
        Opt("--cta", "cta", int, help="The CTA's rank in the multicast (cluster > 1; default 0)."),
        Opt(
            "--smem-address",
            default="0",
            show_default=True,
            help="Byte address of the smem tile (for the printed smem pointers).",
        ),
        Opt(
            "--mma",
            help="SM100: the UMMA atom of the TiledMMA, e.g. "
            '"SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,K,K>" (make_tma_atom_A/B_sm100).',
        ),
        Opt("--atom-layout", help='SM100: the TiledMMA\'s atom layout, e.g. "(_2,_1)" (default one atom).'),
        Opt(
            "--operand",
            "operand",
            ("A", "B", "C"),
            default="A",
            show_default=True,
            case_sensitive=False,
            help="SM100: which operand's TMA (C: make_tma_copy_C_sm100).",
        ),
        Opt(
            "--mma-tiler",
            help="SM100: the MMA tiler (TILE_M,TILE_N,TILE_K) (default: the TiledMMA's tile "
            "with 4 MMAs along K, as the tutorials).",
        ),
        Opt(
            "--cluster-shape",
            help="SM100: the cluster shape (ClusterM,ClusterN,ClusterK), static, e.g. "
            "(4,4,1) (default (1,1,1), (2,1,1) for a 2SM atom); A multicasts over ClusterN, B over "
            "ClusterM.",
        ),
        Opt(
            "--tiled-copy",
            flag=True,
            help="SM100: make_tma_copy_A/B/C_sm100 (a TiledCopy) instead of make_tma_atom_A/B_sm100.",
        ),
        Opt(
            "--lower-corner",
            help='im2col: lower_corner_whd, one int per spatial mode in W,H,D order, e.g. "(-1,-1)" (default 0s).',
        ),
        Opt("--upper-corner", help="im2col: upper_corner_whd (default 0s)."),
        Opt("--traversal-stride", help="im2col: stride_whd, the convolution's traversal strides (default 1s)."),
        Opt("--format", "fmt_", ("text", "json"), default="text", show_default=True),
        lang_opt("Language of the readings (box, swizzle, instructions, multicast).", default="en"),
    ],
)
