"""``cutedump collective``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt, Range, lang_opt  # noqa: F401

EPILOG_COLLECTIVE = """\b
Examples:
  cutedump collective --arch sm90 --a half_t:RowMajor --b half_t:ColumnMajor --c float:RowMajor --d half_t:RowMajor --acc float --tile 128,128,64 --cluster 2,1,1
  cutedump collective --arch sm90 --a half_t:K --b half_t:MN --c void --d bfloat16_t --tile 64,128,64 --epilogue-schedule TmaWarpSpecialized
  cutedump collective --arch sm90 --a float_e4m3_t --b float_e5m2_t --c void --d half_t --tile 128,256,128 --schedule KernelTmaWarpSpecializedCooperativeFP8FastAccum --format json
  cutedump collective --arch sm90 --a half_t --b half_t --d half_t --tile 256,128,64 --stages 3 --carveout 0
  cutedump collective --arch sm90 --a half_t --b half_t --d half_t --tile 128,128,64 --problem 4096,4096,4096
  cutedump collective --arch sm90 --a half_t --b half_t --d half_t --tile 128,128,64 --toml > gemm.toml
  cutedump collective --arch sm90 --a half_t --b half_t --d half_t --tile 128,128,64 --lang zh   # why lines in Chinese
  cutedump collective --arch sm90 --a half_t --b half_t --c half_t:ColumnMajor --d half_t:ColumnMajor --tile 128,128,64 --cluster 2,1,1 --schedule KernelTma
  cutedump collective --arch sm90 --a float_e4m3_t --b float_e5m2_t --c half_t:ColumnMajor --d half_t:ColumnMajor --tile 256,128,128 --cluster 1,2,1 --grouped --schedule KernelPtrArrayTmaWarpSpecializedCooperativeFP8FastAccum --epilogue-schedule PtrArrayTmaWarpSpecializedCooperative
  cutedump collective --arch sm90 --a float_e4m3_t --b float_e4m3_t --c float:ColumnMajor --d float:ColumnMajor --tile 128,128,128 --cluster 1,2,1 --schedule KernelTmaWarpSpecializedCooperativeFP8Blockwise --sf-vec 1,128,128 --sf-major MN,K --epilogue-schedule TmaWarpSpecializedCooperative
  cutedump collective --arch sm90 --a half_t --b half_t --c half_t --d half_t --tile 128,128,64 --epilogue-schedule TmaWarpSpecializedCooperative --fusion "LinCombEltAct<ReLu>"
  cutedump collective --arch sm100 --a half_t --b half_t --c float:ColumnMajor --d float:ColumnMajor --tile 256,128,64 --cluster dynamic --cluster-preferred 4,4 --cluster-fallback 2,1 --schedule KernelTmaWarpSpecialized2SmSm100 --epilogue-schedule TmaWarpSpecialized2Sm
  cutedump collective --arch sm100 --a half_t:K --b half_t:MN --c float --d bfloat16_t --tile 256,128,64 --cluster 2,2,1
  cutedump collective --arch sm100 --a float_e4m3_t --b float_e4m3_t --d half_t --tile 128,256,128 --schedule KernelTmaWarpSpecialized1SmSm100 --format json
  cutedump collective --arch sm100 --a "nv_float4_t<float_e2m1_t>:RowMajor" --b "nv_float4_t<float_e2m1_t>:ColumnMajor" --c bfloat16_t --d bfloat16_t --tile 256,256,256 --cluster 2,4,1 --alignment-a 32 --alignment-b 32
  cutedump --cutlass 4.2 collective --arch sm100 --a "cute::tuple<int4b_t, bfloat16_t>:RowMajor" --b bfloat16_t:ColumnMajor --c bfloat16_t:ColumnMajor --d bfloat16_t:ColumnMajor --tile 256,128,128 --cluster 2,1,1 --schedule KernelTmaWarpSpecialized2SmMixedInputSm100 --epilogue-schedule TmaWarpSpecialized2Sm --scale-group 1,128
  cutedump collective --arch sm90 --a "int4b_t:decltype(cute::tile_to_shape(LayoutAtomQuant{}, Layout<Shape<int,int,int>, StrideB>{}))" --b bfloat16_t:ColumnMajor --c half_t:ColumnMajor --d half_t:ColumnMajor --tile 128,128,64 --schedule KernelTmaWarpSpecializedCooperative --epilogue-schedule TmaWarpSpecializedCooperative --reorder-atom "compute_memory_reordering_atom<bfloat16_t, Layout<Shape<_1,_1>>, Layout<Shape<_2,_4>,Stride<_4,_1>>>()"
  cutedump collective --arch sm120 --a "nv_float4_t<float_e2m1_t>" --b "nv_float4_t<float_e2m1_t>" --c bfloat16_t --d bfloat16_t --tile 128,128,128
  cutedump collective --arch sm120 --a float_e4m3_t --b float_e4m3_t --c bfloat16_t --d bfloat16_t --tile 128,128,128 --sf-vec 1,128,128
The builders' rules (SM90: sm90_gmma_builder.inl; SM100: sm100_umma_builder.inl, 1SM/2SM/Auto, and the block-scaled
sm100_blockscaled_umma_builder.inl; SM120: the dense F8F6F4, block-scaled and blockwise (--sf-vec)
sm120_*_builder.inl): the schedule
KernelScheduleAuto resolves to, the stage arithmetic (capacity - carveout over
bytes per stage), the GMMA atom ss_op_selector picks, the swizzle ss_smem_selector picks, the TMA op (multicast
along the cluster mode that shares the operand), the epilogue tile and stages. Majors: RowMajor/ColumnMajor, or
K/MN (--a, --b) and N/M (--c, --d). --c void: no source. Alignments default to 128 bits. With --stages auto and
--carveout auto the mainloop's carveout is the epilogue's SharedStorage, as CUTLASS's examples build it. Where
CUTLASS refuses (a static_assert), one error line quotes its message.

Element types (--a, --b, --c, --d, --acc), every spelling read: CUTLASS's half_t, bfloat16_t, tfloat32_t, float,
float_e4m3_t, float_e5m2_t, int8_t, uint8_t, int32_t, double, int4b_t, uint4b_t, float_e2m1_t, float_e2m3_t,
float_e3m2_t, with or without cutlass:: (cutlass::half_t); the DSL's cutlass.Float16, cutlass.BFloat16,
cutlass.TFloat32, cutlass.Float32, cutlass.Float8E4M3FN, cutlass.Float8E5M2, cutlass.Int8, cutlass.Uint8,
cutlass.Int32, cutlass.Float64, cutlass.Int4, cutlass.Float4E2M1FN, cutlass.Float6E2M3FN, cutlass.Float6E3M2FN (with
or without cutlass.); the short names half, f16, fp16 (half_t), bf16, bfloat16 (bfloat16_t), tf32 (tfloat32_t), f32,
fp32 (float), e4m3 (float_e4m3_t), e5m2 (float_e5m2_t), s8, i8 (int8_t), u8 (uint8_t), s32, i32 (int32_t), s4
(int4b_t), u4 (uint4b_t), e2m1 (float_e2m1_t), e2m3 (float_e2m3_t), e3m2 (float_e3m2_t). Block-scaled A and B (both
wrappers: OpClassBlockScaledTensorOp; --arch sm100: SM100's block-scaled builder, schedules
KernelTmaWarpSpecialized{1,2}Sm{BlockScaled,Nvf4,Mxf4,Mxf8f6f4}Sm100 or auto; --arch sm120: the SM120 block-scaled
builder; the JSON adds the scale factors' smem layouts, TMA ops, SFVecSize and layouts, the text the `cutedump scale`
line of the same configuration): nv_float4_t<float_e2m1_t>, mx_float4_t<float_e2m1_t>,
mx_float6_t<float_e3m2_t|float_e2m3_t>, mx_float8_t<float_e4m3_t|float_e5m2_t>; a 6-bit operand's default alignment
is 128 elements. --arch sm103 (example 89): A and B as element pairs cute::tuple<float_e2m1_t,float_ue4m3_t> or
cute::tuple<float_e2m1_t,float_ue8m0_t>, schedules KernelTmaWarpSpecialized{1,2}SmBlockScaledMxNvf4UltraVs{16,32}Sm103
[TmaPrefetch|DisablePrefetch] or auto. Layout tags: RowMajor, ColumnMajor (or cutlass::layout::RowMajor ...), or the majors above. --tile
and --cluster: 128,128,64, (_128,_128,_64), Shape<_128,_128,_64>, cute::Shape<cute::Int<128>,...>.
"""


COMMAND = Command(
    "collective",
    fast="cutedump.commands._collective:collective_text",
    help="What CUTLASS's GEMM CollectiveBuilder chooses (SM90, SM100, SM103, SM120), and why.",
    epilog=EPILOG_COLLECTIVE,
    params=[
        Opt(
            "--arch",
            None,
            ("sm90", "sm100", "sm103", "sm120"),
            default="sm90",
            show_default=True,
            help="cutlass::arch::Sm90, Sm100, Sm103 (B300: its block-scaled FP4 builder, example 89) or Sm120 (GeForce Blackwell).",
        ),
        Opt(
            "--a",
            "a",
            help="A: element type and layout tag, e.g. half_t:RowMajor (or half_t:K), or a cute::Stride<..>, or "
            "(SM90 mixed input) examples 55 and 69's reordered Layout type with --reorder-atom.",
        ),
        Opt("--b", "b", help="B: element type and layout tag, e.g. half_t:ColumnMajor, or a cute::Stride<..>."),
        Opt("--c", "c", help="C (the source): element:layout (or cute::Stride<..>), or void (default: void)."),
        Opt("--d", "d", help="D (the output): element:layout (or cute::Stride<..>), e.g. half_t:RowMajor."),
        Opt("--acc", default="float", show_default=True, help="The accumulator element type."),
        Opt(
            "--tile",
            help="CUTLASS's MmaTileShape_MNK M,N,K (the builder's TileShape argument), e.g. 128,128,64: the CTA's "
            "tile, or for the SM100 2SM UMMA the pair's (each CTA M/2 x N); sm90 also takes it of rank-1 modes, "
            "Shape<Shape<_128>,Shape<_128>,Shape<_64>> (example 51's GETT tile).",
        ),
        Opt(
            "--cluster",
            default="1,1,1",
            show_default=True,
            help="The cluster shape M,N,K, or dynamic (Shape<int,int,_1>: SM100's run-time cluster, examples 73, 75).",
        ),
        Opt(
            "--cluster-preferred",
            help="With --cluster dynamic: the preferred cluster M,N the kernel launches with (hw_info.cluster_shape).",
        ),
        Opt(
            "--cluster-fallback",
            help="With --cluster dynamic: the fallback cluster M,N (hw_info.cluster_shape_fallback); it must divide "
            "the preferred one.",
        ),
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
        Opt(
            "--epilogue-tile-shape",
            None,
            help="The TileShape_MNK M,N,K the epilogue builder is given, where it is not --tile (CUTLASS's example 82 "
            "gives it the per-SM tile).",
        ),
        Opt("--alignment-a", None, int, help="A's alignment in elements (default: 128 bits)."),
        Opt("--alignment-b", None, int, help="B's alignment in elements (default: 128 bits)."),
        Opt("--alignment-c", None, int, help="C's alignment in elements (default: 128 bits)."),
        Opt("--alignment-d", None, int, help="D's alignment in elements (default: 128 bits)."),
        # issue 44 (SM90): grouped GEMMs, blockwise scale factors, the epilogue's fusion
        Opt(
            "--grouped",
            flag=True,
            help="A grouped (ptr-array) GEMM: every layout tag is a pointer (LayoutA* ... LayoutD*), with a "
            "KernelPtrArray* schedule and a PtrArray* epilogue (CUTLASS's examples 57, 68; --arch sm100: 75, 81; "
            "--arch sm120: 79d, 87c).",
        ),
        Opt(
            "--sf-vec",
            help="Blockwise scaling (sm90, sm100, sm120): the scale granularity M,N,K (Sm90BlockwiseScaleConfig / "
            "Sm1xxBlockwiseScaleConfig<M,N,K,...>), e.g. 1,128,128, with a blockwise schedule; passed as "
            "cute::tuple<LayoutA, LayoutSFA> (examples 67, 81, 87).",
        ),
        Opt("--sf-major", help="SFA's and SFB's majors: MN (default), K, MN,K or K,MN (example 67's groupwise: MN,K)."),
        Opt(
            "--scale-group",
            help="SM100 mixed input (a KernelTmaWarpSpecialized*MixedInput*Sm100 schedule): the scale granularity "
            "MN,K of Sm100MixedInputBlockwiseScaleConfig<MN,K>, passed as cute::tuple<LayoutA, LayoutScale> "
            "(example 86: 1,128); default none (the builder's VoidLayoutScale).",
        ),
        Opt(
            "--reorder-atom",
            help="SM90 mixed input, examples 55 and 69's shuffled operand: the atom LayoutAtomQuant that a Layout "
            "type in A's or B's layout place tiles, as the examples write it, e.g. --a \"int4b_t:decltype(cute::"
            'tile_to_shape(LayoutAtomQuant{}, Layout<Shape<int,int,int>, StrideB>{}))" (or int4b_t:'
            'LayoutB_Reordered) --reorder-atom "compute_memory_reordering_atom<bfloat16_t, Layout<Shape<_1,_1>>, '
            'Layout<Shape<_2,_4>,Stride<_4,_1>>>()" (the ValLayout and AtomLayout optional).',
        ),
        Opt(
            "--fusion",
            help="The epilogue's fusion operation (cutlass::epilogue::fusion::), e.g. LinCombEltAct<ReLu>, "
            "LinCombPerRowBias, ScaledLinCombPerRowBiasEltActAmaxAux<ReLU> (default: LinearCombination); on sm100 "
            "and sm120 also the block-scale-factor outputs as C++ spells them, e.g. LinCombBlockScaleFactor<16, "
            "float_e2m1_t, float, float_ue8m0_t, RowMajor, float> (example 72b); or a custom epilogue visitor tree "
            "as C++ spells it, e.g. Sm90EVT<Sm90Compute<multiplies, half_t, float, round_to_nearest>, "
            "Sm90ScalarBroadcast<float>, Sm90AccFetch> (example 71).",
        ),
        Opt(
            "--problem",
            help="M,N,K[,L] (each up to 2^31-1): also print the TMA tensor maps of A and B for it (and of SFA, SFB "
            "for an SM100 block-scaled collective).",
        ),
        Opt("--format", "fmt_", ("text", "json"), default="text", show_default=True),
        Opt(
            "--toml",
            flag=True,
            help="Write the collective as a `cutedump kernel` description (TOML); its [kernel] lang is --lang.",
        ),
        lang_opt("Language of the why lines and the narrated lines (and of the --toml file's readings).", default="en"),
    ],
)
