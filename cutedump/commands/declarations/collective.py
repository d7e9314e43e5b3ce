"""``cutedump collective``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt, Range  # noqa: F401

EPILOG_COLLECTIVE = """\b
Examples:
  cutedump collective --arch sm90 --a half_t:RowMajor --b half_t:ColumnMajor --c float:RowMajor --d half_t:RowMajor --acc float --tile 128,128,64 --cluster 2,1,1
  cutedump collective --arch sm90 --a half_t:K --b half_t:MN --c void --d bfloat16_t --tile 64,128,64 --epilogue-schedule TmaWarpSpecialized
  cutedump collective --arch sm90 --a float_e4m3_t --b float_e5m2_t --c void --d half_t --tile 128,256,128 --schedule KernelTmaWarpSpecializedCooperativeFP8FastAccum --format json
  cutedump collective --arch sm90 --a half_t --b half_t --d half_t --tile 256,128,64 --stages 3 --carveout 0
  cutedump collective --arch sm90 --a half_t --b half_t --d half_t --tile 128,128,64 --problem 4096,4096,4096
  cutedump collective --arch sm90 --a half_t --b half_t --d half_t --tile 128,128,64 --toml > gemm.toml
  cutedump collective --arch sm100 --a half_t:K --b half_t:MN --c float --d bfloat16_t --tile 256,128,64 --cluster 2,2,1
  cutedump collective --arch sm100 --a float_e4m3_t --b float_e4m3_t --d half_t --tile 128,256,128 --schedule KernelTmaWarpSpecialized1SmSm100 --format json
The builders' rules (SM90: sm90_gmma_builder.inl; SM100: sm100_umma_builder.inl, 1SM/2SM/Auto): the schedule
KernelScheduleAuto resolves to, the stage arithmetic (capacity - carveout over
bytes per stage), the GMMA atom ss_op_selector picks, the swizzle ss_smem_selector picks, the TMA op (multicast
along the cluster mode that shares the operand), the epilogue tile and stages. Majors: RowMajor/ColumnMajor, or
K/MN (--a, --b) and N/M (--c, --d). --c void: no source. Alignments default to 128 bits. With --stages auto and
--carveout auto the mainloop's carveout is the epilogue's SharedStorage, as CUTLASS's examples build it. Where
CUTLASS refuses (a static_assert), one error line quotes its message.
"""


COMMAND = Command(
    "collective",
    fast="cutedump.commands._collective:collective_text",
    help="What CUTLASS's GEMM CollectiveBuilder chooses (SM90, SM100), and why.",
    epilog=EPILOG_COLLECTIVE,
    params=[
        Opt("--arch", None, ("sm90", "sm100"), default="sm90", show_default=True, help="cutlass::arch::Sm90 or Sm100."),
        Opt("--a", "a", help="A: element type and layout tag, e.g. half_t:RowMajor (or half_t:K)."),
        Opt("--b", "b", help="B: element type and layout tag, e.g. half_t:ColumnMajor (or half_t:K)."),
        Opt("--c", "c", help="C (the source): element:layout, or void (default: void)."),
        Opt("--d", "d", help="D (the output): element:layout, e.g. half_t:RowMajor."),
        Opt("--acc", default="float", show_default=True, help="The accumulator element type."),
        Opt("--tile", help="The CTA tile M,N,K, e.g. 128,128,64."),
        Opt("--cluster", default="1,1,1", show_default=True, help="The cluster shape M,N,K."),
        Opt("--stages", default="auto", show_default=True, help="auto (StageCountAuto[Carveout]) or a count."),
        Opt(
            "--carveout",
            default="auto",
            show_default=True,
            help="auto (the epilogue's SharedStorage) or bytes kept from the mainloop's stages (at most the smem capacity).",
        ),
        Opt(
            "--schedule",
            default="auto",
            show_default=True,
            help="The kernel schedule, e.g. KernelTmaWarpSpecializedCooperative.",
        ),
        Opt(
            "--epilogue-schedule",
            default="auto",
            show_default=True,
            help="The epilogue schedule, e.g. TmaWarpSpecialized.",
        ),
        Opt("--epilogue-tile", default="auto", show_default=True, help="auto or the epilogue tile M,N."),
        Opt("--alignment-a", None, int, help="A's alignment in elements (default: 128 bits)."),
        Opt("--alignment-b", None, int, help="B's alignment in elements (default: 128 bits)."),
        Opt("--alignment-c", None, int, help="C's alignment in elements (default: 128 bits)."),
        Opt("--alignment-d", None, int, help="D's alignment in elements (default: 128 bits)."),
        Opt("--problem", help="M,N,K[,L] (each up to 2^31-1): also print the TMA tensor maps of A and B for it."),
        Opt("--format", "fmt_", ("text", "json"), default="text", show_default=True),
        Opt("--toml", flag=True, help="Write the collective as a `cutedump kernel` description (TOML)."),
    ],
)
