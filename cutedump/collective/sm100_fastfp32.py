"""CUTLASS's SM100 emulated-FP32 (9xBF16) GEMM mainloop CollectiveBuilder (4.2 and 4.7) as rules
(``sm100_9xBF16_umma_builder.inl``, ``sm100_common.inl:sm100_make_trivial_fastFP32_tiled_mma``) and the collective it
builds (``sm100_mma_warpspecialized_emulated.hpp``; the ptr-array one, ``sm100_mma_array_warpspecialized_emulated.hpp``).

float A and B are loaded by TMA into smem (Load2Transform pipeline), split by the transform warps into three
bfloat16_t matrices each (NumComputeMtxs) in smem, or A's in tensor memory (Transform2Mma pipeline), and multiplied
by the scaled BF16 UMMA (``SM100_MMA_F16BF16[_2x1SM]_{SS,TS}_SCALED<.., 8>``). Example 78 builds it. Objects are
built by cutedump's engines (UMMA atoms, partition_shape_A/B, UMMA::tile_to_mma_shape).

CUTLASS 4.7 builds the same collectives; what it spells otherwise is data of versions.CUTLASS_FACTS: its dispatch
policies' ArchTag (``sm100_policy_arch_tag``), the stage-count call of its compile error
(``sm100_fastfp32_stage_count_args``), the lines of its builder (``sm100_fastfp32_lines``)."""

from __future__ import annotations

from cutedump.collective.config import Config
from cutedump.collective.sm90 import Choice, Phrase, Refused

FB = "cutlass/gemm/collective/builders/sm100_9xBF16_umma_builder.inl"
UC = "cutlass/gemm/collective/builders/sm100_common.inl"
DECL = "cutlass/gemm/collective/collective_builder_decl.hpp"

#: the tags the builder's enable_if takes (is_base_of_v<KernelScheduleSm100FastFP32Gemm, ..>): name ->
#: (1SM/2SM: True 2SM, False 1SM, None the tag's own choice; IsArrayOfPointersGemm; derives from
#: KernelTmaWarpSpecializedFastFP32SmemSm100: A's BF16 copies stay in smem)
SCHEDULES = {
    "KernelTmaWarpSpecialized1SmFastFP32SmemSm100": (False, False, True),
    "KernelTmaWarpSpecialized2SmFastFP32SmemSm100": (True, False, True),
    "KernelTmaWarpSpecialized1SmFastFP32Sm100": (False, False, False),
    "KernelTmaWarpSpecialized2SmFastFP32Sm100": (True, False, False),
    "KernelTmaWarpSpecializedFastFP32SmemSm100": (None, False, True),
    "KernelScheduleSm100FastFP32Gemm": (None, False, False),
    # the ptr-array forms: KernelTmaWarpSpecializedPtrArrayFastFP32SmemSm100 does not derive from
    # KernelTmaWarpSpecializedFastFP32SmemSm100, so the builder keeps a K-major A's copies in TMEM for them too
    "KernelPtrArrayTmaWarpSpecialized1SmFastFP32SmemSm100": (False, True, False),
    "KernelPtrArrayTmaWarpSpecialized2SmFastFP32SmemSm100": (True, True, False),
    "KernelPtrArrayTmaWarpSpecialized1SmFastFP32Sm100": (False, True, False),
    "KernelPtrArrayTmaWarpSpecialized2SmFastFP32Sm100": (True, True, False),
    "KernelTmaWarpSpecializedPtrArrayFastFP32SmemSm100": (None, True, False),
    "KernelScheduleSm100PtrArrayFastFP32Gemm": (None, True, False),
}
#: the FastF32 no-smem epilogues (sm100_builder.inl:1434, IsFastF32Schedule)
EPILOGUES = (
    "FastF32NoSmemWarpSpecialized1Sm",
    "FastF32NoSmemWarpSpecialized2Sm",
    "PtrArrayFastF32NoSmemWarpSpecialized1Sm",
    "PtrArrayFastF32NoSmemWarpSpecialized2Sm",
)

#: cutlass::arch::sm100_smem_capacity_bytes
SMEM_CAPACITY = 232448
#: the builder's KernelSmemCarveout: PipelineCLCFetchAsync<3> (48), 3 CLC responses (48), PipelineAsync<3> (48),
#: the TMEM dealloc barrier (8), the TMEM base pointer (4); a ptr-array kernel adds 2 TMA descriptors (256)
SCHED_STAGES = 3
KERNEL_CARVEOUT, TENSORMAP_BYTES = 156, 256
#: sizeof(PipelineTmaTransformAsync<1>::SharedStorage) = sizeof(PipelineUmmaConsumerAsync<1>::SharedStorage): a full
#: and an empty barrier per stage (PipelineUmmaAsync's too)
PIPELINE_BYTES_PER_STAGE = 16
#: the algorithm's constants (builder and dispatch policy): 3 BF16 matrices per operand, 5 of the 9 MMA bands, the
#: 2^8 scaling between them, one emulated UMMA per stage, the TMEM load of the accumulator
NUM_COMPUTE_MTXS, NUM_BANDS, SCALING_FACTOR, ACC_PROMOTION = 3, 5, 8, 1
ACC_COPY_ATOM = "SM100_TMEM_LOAD_32dp32b32x"
TMEM_COLUMNS = 512
COPY_F32 = "Copy_Atom<AutoVectorizingCopyWithAssumedAlignment<128>, float>"
COPY_BF16 = "Copy_Atom<AutoVectorizingCopyWithAssumedAlignment<128>, bfloat16_t>"


def _r(x: int, a: int) -> int:
    return -(-x // a) * a


class MainloopFastFP32:
    rs = cp_async = swap_ab = transpose_b = False  # the SM90 RS/cp.async builders' flags: never here
    gmma_layout_b = None
    fastfp32 = True
    blockwise = False


def _gxx_builder(cfg: Config) -> str:
    """The builder's CollectiveBuilder<...> as g++ spells it in a diagnostic."""
    lay = "cutlass::layout::"
    ptr = "*" if cfg.grouped else ""
    acc = "float" if cfg.acc == "float" else f"cutlass::{cfg.acc}"
    cl = (
        "cute::tuple<int, int, cute::C<1> >"
        if cfg.dynamic_cluster is not None
        else "cute::tuple<" + ", ".join(f"cute::C<{c}>" for c in cfg.cluster) + " >"
    )
    tile = "cute::tuple<" + ", ".join(f"cute::C<{t}>" for t in cfg.tile) + " >"
    return (
        f"cutlass::gemm::collective::CollectiveBuilder<cutlass::arch::Sm100, cutlass::arch::OpClassTensorOp, float, "
        f"{lay}{cfg.a.layout}{ptr}, {cfg.alignment('a')}, float, {lay}{cfg.b.layout}{ptr}, {cfg.alignment('b')}, "
        f"{acc}, {tile}, {cl}, cutlass::gemm::collective::StageCount<{cfg.stages}>, "
        f"cutlass::gemm::{cfg.schedule}>"
    )


def checked_mainloop(cfg: Config, carveout: int) -> MainloopFastFP32:
    """The 9xBF16 builder's mainloop for one of :data:`SCHEDULES` (build._build_sm100 sends them here), after what
    cutedump does not model with it: blockwise scales, pointer layouts with a non-array schedule."""
    from cutedump.collective.sm90 import NotModelled  # start-up: as below
    from cutedump.collective.sm100 import BLOCKWISE  # start-up: as below
    from cutedump.errors import CuteDumpError  # start-up: as below

    if cfg.sf_vec is not None:
        raise CuteDumpError(
            f"--sf-vec: blockwise scale factors go with a blockwise schedule ({', '.join(BLOCKWISE)}); the schedule "
            f"is {cfg.schedule}"
        )
    if cfg.grouped and not SCHEDULES[cfg.schedule][1]:
        raise NotModelled(
            f"--grouped with {cfg.schedule}: the non-array 9xBF16 mainloop with pointer layout tags is not modelled (a "
            f"grouped GEMM takes a ptr-array schedule: {', '.join(k for k, v in SCHEDULES.items() if v[1])})"
        )
    return mainloop(cfg, carveout)


def mainloop(cfg: Config, carveout: int) -> MainloopFastFP32:
    from cutedump.algebra import C, size  # start-up: the algebra only when an answer is built
    from cutedump.atoms import make_tiled_mma  # start-up: the UMMA catalog only when an answer is built
    from cutedump.atoms.mma import partition_shape  # start-up: as above
    from cutedump.collective.sm90 import tma_atom  # start-up: as above
    from cutedump.collective.sm100 import smem_selector  # start-up: as above
    from cutedump.errors import CuteDumpError  # start-up: as above
    from cutedump.versions import cutlass_fact  # start-up: as above

    s = cfg.schedule
    sm, array, smem_sched = SCHEDULES[s]
    line = cutlass_fact("sm100_fastfp32_lines")  # the builder's lines in the CUTLASS answered
    # the builder's enable_if: float A and B, plain layout tags, 16-byte TMA rows; no specialization otherwise
    if cfg.a.element != "float" or cfg.b.element != "float":
        raise Refused("Could not build a collective for given parameters.", DECL)
    if (4 * cfg.alignment("a")) % 16 or (4 * cfg.alignment("b")) % 16:
        raise Refused("Could not build a collective for given parameters.", DECL)
    ma = "K" if cfg.a_k_major else "MN"
    mb = "K" if cfg.b_k_major else "MN"
    m, n, k = cfg.tile
    # sm100_make_trivial_fastFP32_tiled_mma (sm100_common.inl:495)
    if sm is not None:
        two = sm
        why_sm = Phrase("coll.umma_schedule", schedule=s, sm="2SM" if two else "1SM")
    elif cfg.dynamic_cluster is not None:
        two = False
        why_sm = Phrase("coll.fastfp32_sm_dynamic", schedule=s, cluster="Shape<int,int,_1>", sm="1SM")
    else:
        cm = cfg.cluster[0]
        two = cm % 2 == 0 and (m // cm) % 64 == 0
        why_sm = Phrase(
            "coll.fastfp32_sm_auto",
            schedule=s,
            cm=cm,
            parity=Phrase("coll.even" if cm % 2 == 0 else "coll.odd"),
            m=m,
            per=m // cm,
            multiple=Phrase("coll.is_multiple" if (m // cm) % 64 == 0 else "coll.not_multiple", of=64),
            sm="2SM" if two else "1SM",
        )
    ts = ma == "K" and not smem_sched  # A's BF16 copies in tensor memory: the TS UMMA
    op = (
        f"SM100_MMA_F16BF16{'_2x1SM' if two else ''}_{'TS' if ts else 'SS'}_SCALED<bfloat16_t,bfloat16_t,{cfg.acc},"
        f"{m},{n},{ma},{mb},{SCALING_FACTOR}>"
    )
    try:
        tiled = make_tiled_mma(op, None)
    except CuteDumpError as e:
        msg = e.message
        head, sep, rest = msg.partition(": ")
        msg = rest if sep and head.startswith("SM100_MMA") else msg
        raise Refused(msg, "cute/arch/mma_sm100_umma.hpp") from None
    why_mma = Phrase(
        "coll.fastfp32_mma_ts" if ts else "coll.fastfp32_mma_ss",
        why=why_sm,
        major=ma,
        smem=Phrase("coll.fastfp32_smem_schedule", base="KernelTmaWarpSpecializedFastFP32SmemSm100")
        if smem_sched
        else "",
        two=2,
        scale=SCALING_FACTOR,
        element="bfloat16_t",
    )
    thr = 2 if two else 1
    shape_a = partition_shape(tiled, "A", (C(m), C(k)))
    shape_b = partition_shape(tiled, "B", (C(n), C(k)))
    blk_am = int(size(shape_a[0][0])) * int(size(shape_a[1]))
    blk_ak = int(size(shape_a[0][1])) * int(size(shape_a[2]))
    blk_bn = int(size(shape_b[0][0])) * int(size(shape_b[1]))
    blk_bk = int(size(shape_b[0][1])) * int(size(shape_b[2]))
    atom_a = smem_selector(ma, "float", blk_am, blk_ak)
    atom_ac = smem_selector(ma, "bfloat16_t", blk_am, blk_ak)
    # "Input transform kernel can not use TMA 2SM instructions": SM90's TMA ops, A multicast along cluster N
    if cfg.dynamic_cluster is not None:
        copy_a = Choice(
            "SM90_TMA_LOAD_MULTICAST",
            f"{FB}:{line['copy_a']}",
            Phrase("coll.tma_dynamic", operand="A", cluster="Shape<int,int,_1>", op="SM90_TMA_LOAD_MULTICAST"),
        )
        copy_b = Choice(
            "SM90_TMA_LOAD_MULTICAST",
            f"{FB}:{line['copy_b']}",
            Phrase("coll.tma_dynamic", operand="B", cluster="Shape<int,int,_1>", op="SM90_TMA_LOAD_MULTICAST"),
        )
    else:
        copy_a, copy_b = tma_atom(cfg.cluster[1], "N", "A"), tma_atom(cfg.cluster[0], "M", "B")
    mma_m = int(size(shape_a[0][0]))
    if ts:
        compute_copy_a = "SM100_TMEM_STORE_16dp256b1x" if mma_m == 64 and thr == 1 else "SM100_TMEM_STORE_32dp32b8x"
    else:
        compute_copy_a = COPY_F32
    atom_b = smem_selector(mb, "float", blk_bn, blk_bk)
    atom_bc = smem_selector(mb, "bfloat16_t", blk_bn, blk_bk)
    # sm100_compute_stage_count_or_override_fast_fp32 (:47): StageCountAutoCarveout only
    if cfg.stages is not None:
        g = _gxx_builder(cfg)
        cap, major, more = cutlass_fact("sm100_fastfp32_stage_count_args")
        more = "".join(f", {x if x.isdigit() else f'{g}::{x}'}" for x in more)
        raise Refused(
            f"no matching function for call to ‘sm100_compute_stage_count_or_override_fast_fp32<{g}::{cap}, "
            f"{g}::CtaTileShape_MNK, {g}::TiledMma, cutlass::gemm::{s}, {g}::{major}{more}>"
            f"(cutlass::gemm::collective::StageCount<{cfg.stages}>)’",
            f"{FB}:{line['stage_count']}, a compile error: the 9xBF16 builder's stage count takes "
            "StageCountAuto/StageCountAutoCarveout only",
        )
    cta_m = m // thr
    if n > 128:
        raise Refused("Can't support CtaN>128 tiles", f"{FB}:{line['cta_n']}")
    acc_words = n // 2 if cta_m == 64 and thr == 2 else n
    a_words = NUM_COMPUTE_MTXS * k // 2
    if ts:
        acc = 2 if acc_words == 128 else 3
        acc_why = Phrase("coll.fastfp32_acc_tmem", words=acc_words, stages=acc)
    else:
        acc = TMEM_COLUMNS // acc_words
        acc_why = Phrase("coll.fastfp32_acc_smem", columns=TMEM_COLUMNS, words=acc_words, stages=acc)
    kernel_carve = KERNEL_CARVEOUT + (TENSORMAP_BYTES if array else 0)
    reduced = SMEM_CAPACITY - kernel_carve
    cap = reduced - (carveout + acc * 32)
    tmem_stages = (TMEM_COLUMNS - acc * acc_words) // a_words if ts else 10000
    ab = (32 * cta_m * k + 7) // 8 + (32 * (n // thr) * k + 7) // 8 + PIPELINE_BYTES_PER_STAGE
    comp = (
        (NUM_COMPUTE_MTXS * 16 * (0 if ts else 1) * cta_m * k + 7) // 8
        + (NUM_COMPUTE_MTXS * 16 * (n // thr) * k + 7) // 8
        + PIPELINE_BYTES_PER_STAGE
    )
    smem_stages = cap // (ab + comp)
    t2m = min(tmem_stages, smem_stages)
    l2t = (cap - t2m * comp) // ab
    if l2t < 2 or t2m < 2 or acc < 2:
        raise Refused("Not enough SMEM or TMEM capacity for selected tile size", f"{FB}:{line['capacity']}")
    t2m_why = Phrase(
        "coll.fastfp32_t2m",
        capacity=SMEM_CAPACITY,
        kernel_carve=kernel_carve,
        carveout=carveout,
        acc_stages=acc,
        acc_bytes=32 * acc,
        left=cap,
        ab_bytes=ab,
        compute_bytes=comp,
        element="bfloat16_t",
        smem_stages=smem_stages,
        tmem=Phrase("coll.fastfp32_t2m_tmem", columns=TMEM_COLUMNS, acc_cols=acc * acc_words, a_words=a_words,
                    stages=tmem_stages) if ts else "",
        stages=t2m,
    )  # fmt: skip
    l2t_why = Phrase(
        "coll.fastfp32_l2t", left=cap, t2m=t2m, compute_bytes=comp, rest=cap - t2m * comp, ab_bytes=ab, stages=l2t
    )
    if cfg.grouped:
        # the ptr-array collective's Params (instantiated by the class itself: its observed_tma_load_a_ member,
        # sm100_mma_array_warpspecialized_emulated.hpp:1115, 4.7 :1123) make the TMA atoms over make_tensor(nullptr,
        # repeat_like(StrideA{}, 0), StrideA{}) with StrideA the pointer TagToStrideA_t<LayoutA*> as given
        from cutedump.versions import CUTLASS_RELEASES, cutlass  # start-up: as above

        raise Refused(
            "Expected layout args... in make_tensor(iter, args...)",
            f"cute/tensor_impl.hpp:412, from the Params of sm100_mma_array_warpspecialized_emulated.hpp:"
            f"{line['params']}: the 9xBF16 ptr-array collective with pointer layout tags (a grouped GEMM) does not "
            f"compile in CUTLASS {CUTLASS_RELEASES[cutlass()]}",
        )
    # the collective (sm100_mma_warpspecialized_emulated.hpp): SharedStorage = the float stages, then (aligned to
    # 1024) the BF16 stages (A's only where the UMMA reads it from smem), then the three pipelines
    st_a = blk_am * blk_ak * l2t
    st_b = blk_bn * blk_bk * l2t
    comp_a = blk_am * blk_ak * NUM_COMPUTE_MTXS * t2m
    comp_b = blk_bn * blk_bk * NUM_COMPUTE_MTXS * t2m
    inp = 4 * st_a + 4 * st_b
    if ts:
        compute = max(1024, _r(2 * comp_b, 1024))
    else:
        compute = _r(2 * comp_a, 1024) + _r(2 * comp_b, 1024)
    tensors = _r(_r(inp, 1024) + compute, 1024)
    shared = tensors + (TENSORMAP_BYTES if array else 0) + PIPELINE_BYTES_PER_STAGE * (l2t + t2m + acc)
    shared = _r(shared, 1024)
    ml = MainloopFastFP32()
    name = "MainloopSm100ArrayTmaUmmaWarpSpecializedFastF32" if array else "MainloopSm100TmaUmmaWarpSpecializedFastF32"
    kernel = (
        "KernelPtrArrayTmaWarpSpecializedInputTransformSm100"
        if array
        else "KernelTmaWarpSpecializedInputTransformSm100"
    )
    from cutedump.collective.sm100 import cluster_print  # start-up: as above

    pol_why = Phrase(
        "coll.fastfp32_policy",
        policy=name,
        l2t=l2t,
        t2m=t2m,
        sched_stages=SCHED_STAGES,
        acc_stages=acc,
        bands=NUM_BANDS,
        two=2,
        scale=SCALING_FACTOR,
        promotion=ACC_PROMOTION,
        cluster=cluster_print(cfg),
        copy=ACC_COPY_ATOM,
        arch=", Sm100" if name in cutlass_fact("sm100_policy_arch_tag") else "",  # 4.7's ArchTag
        acc_why=acc_why,
    )
    rule = f"{FB}:{line['policy']}"
    ml.schedule = Choice(kernel, rule, pol_why)
    ml.dispatch_policy = Choice(
        name,
        rule,
        Phrase(
            "coll.dp_fastfp32_array" if array else "coll.dp_fastfp32",
            builder="9xBF16",
            mtxs=NUM_COMPUTE_MTXS,
            element="bfloat16_t",
        ),
    )
    ml.mma_op = Choice(op, f"{UC}:{line['tiled_mma']}", why_mma)
    ml.tiled = tiled
    ml.atom_layout = None
    ml.element_a = ml.element_b = "float"
    ml.major_a, ml.major_b = ma, mb
    ml.smem_atom_a, ml.smem_atom_b = atom_a, atom_b
    ml.smem_atom_a_compute, ml.smem_atom_b_compute = atom_ac, atom_bc
    ml.stages = Choice(l2t, f"{FB}:{line['l2t']}", l2t_why)
    ml.transform_stages = Choice(t2m, f"{FB}:{line['t2m']}", t2m_why)
    ml.copy_a, ml.copy_b = copy_a, copy_b
    ml.acc_stages = acc
    ml.sched_stages = SCHED_STAGES
    ml.a_in_tmem = ts
    ml.compute_copy_a = compute_copy_a
    ml.shape_a, ml.shape_b = shape_a, shape_b
    ml.stage_bytes = ab
    ml.shared_storage_bytes = shared
    ml.is_2sm = two
    ml.array = array
    ml.stages_per_tile = int(size(shape_a[2])) // ACC_PROMOTION
    ml.tma_transaction_bytes = 4 * (blk_am * blk_ak + blk_bn * blk_bk)
    return ml


def compute_layout_expr(atom: str, mma_shape, t2m: int) -> str:
    """The collective's SmemLayoutACompute/BCompute: UMMA::tile_to_mma_shape of the BF16 atom to
    append(append(MmaShape, NumComputeMtxs), Transform2MmaPipelineStageCount) (the default order)."""
    from cutedump.algebra import fmt  # start-up: as above

    shp = fmt(mma_shape)[:-1] + f",_{NUM_COMPUTE_MTXS},_{t2m})"
    return f"tile_to_mma_shape({atom}{{}}, {shp})"


def fields(ml, expr) -> tuple[dict, dict]:
    """The JSON fields the 9xBF16 collective adds: its dispatch policy's pipelines and constants (first), and the
    mainloop's: the BF16 operands' smem atoms and layouts, the copy atoms of the transform, its per-tile constants
    (``expr``: the expression engine, printing a layout as cute::print does)."""
    t2m = ml.transform_stages.value
    atom_a, atom_b = ml.smem_atom_a_compute.value, ml.smem_atom_b_compute.value
    return {
        "load2transform_stages": ml.stages.value,
        "transform2mma_stages": t2m,
        "scheduler_stages": ml.sched_stages,
        "accumulator_stages": ml.acc_stages,
        "num_bands_to_compute": NUM_BANDS,
        "scaling_factor": SCALING_FACTOR,
        "acc_promotion_interval": ACC_PROMOTION,
        "accumulator_copy_atom": ACC_COPY_ATOM,
    }, {
        "element_a_mma": "bfloat16_t",
        "element_b_mma": "bfloat16_t",
        "num_compute_mtxs": NUM_COMPUTE_MTXS,
        "smem_layout_atom_a_compute": expr(atom_a + "{}"),
        "smem_layout_atom_b_compute": expr(atom_b + "{}"),
        "smem_layout_a_compute": expr(compute_layout_expr(atom_a, ml.shape_a, t2m)),
        "smem_layout_b_compute": expr(compute_layout_expr(atom_b, ml.shape_b, t2m)),
        "input_copy_atom_a": COPY_F32,
        "compute_copy_atom_a": ml.compute_copy_a,
        "input_copy_atom_b": COPY_F32,
        "compute_copy_atom_b": COPY_BF16,
        "tensor_storage_transformed": "TensorStorageTransformedAinTmem"
        if ml.a_in_tmem
        else "TensorStorageTransformedAinSmem",
        "stages_per_tile": ml.stages_per_tile,
        "tma_transaction_bytes": ml.tma_transaction_bytes,
    }
