"""``cutedump tmem``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt, lang_opt

EPILOG_TMEM = """\b
Examples:
  cutedump tmem "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>"
  cutedump tmem "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>" --copy SM100_TMEM_LOAD_32dp32b8x --thread 37
  cutedump tmem "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,K,K>" --shape "(_256,_256)" --copy SM100_TMEM_LOAD_16dp256b1x
  cutedump tmem "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,64,128,K,K>" --copy SM100_TMEM_STORE_16dp256b1x
  cutedump tmem "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>" --copy SM100_TMEM_STORE_32dp32b8x --lang zh
  cutedump tmem "SM100_MMA_MXF8F6F4_2x1SM_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,256,256,K,K>" --copy SM100_UTCCP_4x32dp128bit_2cta --shape "(_256,_256,_256)"
  cutedump tmem "SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,128,16,K,K>" --copy SM100_UTCCP_4x32dp128bit_1cta --picture svg
--shape is the (M,N) tile given to partition_fragment_C (default: the TiledMMA's tile), static (_128) as CuTe needs.
The accumulator prints as CuTe prints a TMEM tensor; its columns are cutlass::detail::find_tmem_tensor_col_offset
and the allocator count the power of two TMEM::Allocator1Sm/2Sm::allocate takes. With --copy: make_tmem_copy,
one thread's TMEM side (a TMEM tensor: lane.column address; partition_S of a load, partition_D of a store) and
its register side (the other partition, of a compact tensor), and a picture of which warp reaches which lanes,
drawn from the TMEM side (each warp reaches only its own 32-lane subpartition; a store reaches the cells of its
load twin). --lang zh|en (default en, or CUTEDUMP_LANG) for the readings.
With --copy SM100_UTCCP_* (tcgen05.cp) on a block-scaled UMMA: --shape is the (M,N,K) CTA tile (default: the atom's M
and N, K a multiple of 4 * VS); for SFA and SFB, one stage's smem scale factors (deduce_smem_layoutSFA/B), their
TMEM fragment (make_tensor<FrgTypeSFA/B>: 4 copies, one per 32-lane subpartition; 2 for SFB of a 2-CTA M=128 MMA),
make_utccp_copy over its filter_zeros, the thread's partition_S / partition_D and the smem-descriptor layout;
--picture svg|html draws, for SFA and SFB and each thread (CTA) of the copy, the TMEM cells (lane, 32-bit column)
each tcgen05.cp instruction writes, numbered by instruction (JSON: "instructions", with each one's smem start).
"""


COMMAND = Command(
    "tmem",
    fast="cutedump.commands._answers:tmem_text",
    help="The accumulator fragment of a UMMA in tensor memory, and a TMEM copy's thread partitions.",
    epilog=EPILOG_TMEM,
    params=[
        Arg("atom"),
        Opt("--atom-layout", help='Atom layout (M,N[,K]), e.g. "(_2,_1)" (default 1x1x1).'),
        Opt("--shape", "shape_", help='The (M,N) tile of partition_fragment_C, e.g. "(_128,_256)".'),
        Opt("--copy", "copy_op", help="SM100_TMEM_LOAD_*/STORE_* (make_tmem_copy) or SM100_UTCCP_* (make_utccp_copy)."),
        Opt("--thread", "thread", int, default=0, show_default=True, help="Thread of partition_S/D."),
        Opt("--format", "fmt_", ("text", "json"), default="text", show_default=True),
        lang_opt("Language of the readings (columns, lanes, warps).", default="en"),
        Opt(
            "--picture",
            "picture",
            ("svg", "html"),
            help="With --copy SM100_UTCCP_*: draw the TMEM cells each tcgen05.cp instruction writes (SVG or HTML).",
        ),
    ],
)
