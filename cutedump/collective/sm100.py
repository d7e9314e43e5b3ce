"""CUTLASS 4.2's SM100 GEMM mainloop CollectiveBuilder as rules and tables (``sm100_umma_builder.inl``,
``sm100_common.inl``, ``sm1xx_common.inl``, ``sm100_pipeline_carveout.inl``): 1SM/2SM/Auto, the UMMA atom, the
smem atoms, the TMA ops, the accumulator stages, the pipeline carveout and the stage count. Objects are built by
cutedump's engines (UMMA atoms, partition_shape_A/B, UMMA::tile_to_mma_shape)."""

from __future__ import annotations

from cutedump.collective.config import (
    ELEMENT_BITS,
    SM100_BLOCK_SCALED_SCHEDULES,
    SM100_PTR_ARRAY_BLOCK_SCALED_SCHEDULES,
    Config,
    block_scaled_parts,
    cd_major,
    is_block_scaled,
)
from cutedump.collective.sm90 import Choice, NotModelled, Phrase, Refused
from cutedump.collective.sm90 import tma_atom as sm90_tma_atom
from cutedump.errors import CuteDumpError
from cutedump.versions import cutlass_fact

UB = "cutlass/gemm/collective/builders/sm100_umma_builder.inl"


def umma_major(cfg: Config, which: str) -> str:
    """tag_to_umma_major_A/B (builders/sm1xx_common.inl:95): MN when the layout is MN-major (is_major<0>), else K
    when K-major (is_major<1>); a stride type major in neither mode: "Invalid layout." (SM100, SM103, SM120)."""
    if cfg.a_mn_major if which == "a" else cfg.b_mn_major:
        return "MN"
    if cfg.a_k_major if which == "a" else cfg.b_k_major:
        return "K"
    raise Refused(
        "Invalid layout.", f"cutlass/gemm/collective/builders/sm1xx_common.inl:{110 if which == 'a' else 132}"
    )


UC = "cutlass/gemm/collective/builders/sm100_common.inl"
PC = "cutlass/gemm/collective/builders/sm100_pipeline_carveout.inl"
BWB = "cutlass/gemm/collective/builders/sm100_blockwise_umma_builder.inl"
BWC = "cutlass/gemm/collective/sm100_mma_warpspecialized_blockwise_scaling.hpp"
BWC_ARRAY = "cutlass/gemm/collective/sm100_mma_array_warpspecialized_blockwise_scaling.hpp"

#: cutlass::arch::sm100_smem_capacity_bytes (cutlass/arch/arch.h:44)
SMEM_CAPACITY = 232448
#: sizeof(PipelineTmaUmmaAsync<1>::SharedStorage): a full and an empty barrier per stage
PIPELINE_BYTES_PER_STAGE = 16
#: Sm100DenseGemmTmaUmmaCarveout<Cluster, AccStages, 2, CLCResponseSize=16, false>::KernelSmemCarveout
#: (sm100_pipeline_carveout.inl:65), measured with CUTLASS's own types for 1..4 accumulator stages:
#: 16 bytes per accumulator stage + 128 (CLC pipeline 32, load-order barrier 16, TMEM dealloc barrier 8,
#: CLC throttle pipeline 32, 2 CLC responses 32, 2 TMEM base pointers 8)
CARVEOUT_BASE, CARVEOUT_PER_ACC_STAGE = 128, 16
#: sizeof(SharedStorage) of the SM100 no-smem epilogue collective (DispatchPolicy Sm100NoSmem), measured
NOSMEM_SHARED_STORAGE_BYTES = 32

# issue 44 (sm100bw): grouped (ptr-array) and blockwise schedules
#: Sm100DenseGemmTmaUmmaCarveout (sm100_pipeline_carveout.inl:37) per scheduler stage (CLC pipeline 16, CLC
#: throttle pipeline 16, CLC response 16, TMEM base pointer 4) and fixed (load-order barrier 16, TMEM dealloc 8)
CARVEOUT_PER_SCHED_STAGE, CARVEOUT_FIXED = 52, 24
#: sizeof(cute::TmaDescriptor): a ptr-array kernel keeps its TMA descriptors in smem (TensorMapStorage)
TMA_DESC_BYTES = 128
#: the dense ptr-array schedules (KernelScheduleSm100PtrArrayDenseGemm) -> the 1SM/2SM schedule whose rules they share
PTR_ARRAY = {
    "KernelPtrArrayTmaWarpSpecialized1SmSm100": "KernelTmaWarpSpecialized1SmSm100",
    "KernelPtrArrayTmaWarpSpecialized2SmSm100": "KernelTmaWarpSpecialized2SmSm100",
}
#: the blockwise builder's schedules (sm100_blockwise_umma_builder.inl, dispatch_policy.hpp:731): is it ptr-array
BLOCKWISE = {
    "KernelScheduleSm100Blockwise": False,
    "KernelTmaWarpSpecializedBlockwise1SmSm100": False,
    "KernelTmaWarpSpecializedBlockwise2SmSm100": False,
    "KernelScheduleSm100PtrArrayBlockwise": True,
    "KernelPtrArrayTmaWarpSpecializedBlockwise1SmSm100": True,
    "KernelPtrArrayTmaWarpSpecializedBlockwise2SmSm100": True,
}


def kernel_carveout(acc_stages: int, sched_stages: int, maps: int) -> int:
    """Sm100DenseGemmTmaUmmaCarveout<Cluster, AccStages, SchedStages, 16, IsArrayOfPointers, maps>::KernelSmemCarveout
    (``maps``: the TMA descriptors of a ptr-array kernel, 0 otherwise). A ptr-array kernel's CLC pipeline and
    responses are counted ``clc`` times, its descriptors ``sets`` times, with ``ready`` TensorMapReady pipelines
    (PipelineAsync<SchedStages>: 16 bytes a scheduler stage): versions.CUTLASS_FACTS["sm100_ptr_array_carveout"]."""
    clc, sets, ready = cutlass_fact("sm100_ptr_array_carveout") if maps else (1, 1, 0)
    return (
        CARVEOUT_PER_ACC_STAGE * acc_stages
        + CARVEOUT_PER_SCHED_STAGE * sched_stages
        + (clc - 1) * 32 * sched_stages  # a CLC pipeline (16) and a CLC response (16) a scheduler stage, again
        + 16 * ready * sched_stages
        + CARVEOUT_FIXED
        + TMA_DESC_BYTES * maps * sets
    )


def _sm_of(schedule: str) -> bool | None:
    """A schedule's KernelSchedule2Sm (True) / KernelSchedule1Sm (False) base, None for an Auto-like one."""
    return True if "2Sm" in schedule else False if "1Sm" in schedule else None


def _sched_stages_phrase(cfg: Config, stages: int) -> Phrase:
    """Why the builder's SchedulerPipelineStageCount is what it is (pointer layout tags: the grouped scheduler)."""
    if cfg.grouped:
        return Phrase("coll.sched_grouped", layouts="LayoutA*", stages=stages)
    return Phrase("coll.sched_plain", stages=stages)


#: sm100_make_1sm/2sm_trivial_tiled_mma (sm100_common.inl:306, 374): the UMMA op per MMA input type
UMMA_OPS = {
    "tfloat32_t": "SM100_MMA_TF32{sm}_SS<{a},{b},{c},{m},{n},{ma},{mb}>",
    "half_t": "SM100_MMA_F16BF16{sm}_SS<{a},{b},{c},{m},{n},{ma},{mb}>",
    "bfloat16_t": "SM100_MMA_F16BF16{sm}_SS<{a},{b},{c},{m},{n},{ma},{mb}>",
    "int8_t": "SM100_MMA_S8{sm}_SS<{a},{b},{c},{m},{n},{ma},{mb}>",
    "uint8_t": "SM100_MMA_S8{sm}_SS<{a},{b},{c},{m},{n},{ma},{mb}>",
}
#: the F8 op in each spelling of versions.CUTLASS_FACTS["f8f6f4_umma_spelling"] (4.2: traits, 4.7: template)
F8_UMMA_OP = {
    "traits": "MMA_Traits<SM100_MMA_F8F6F4{sm}_SS,{a},{b},{c},C<{m}>,C<{n}>,"
    "integral_constant<UMMA::Major,UMMA::Major::{ma}>,"
    "integral_constant<UMMA::Major,UMMA::Major::{mb}>>",
    "template": "SM100_MMA_F8F6F4{sm}_SS<{a},{b},{c},{m},{n},UMMA::Major::{ma},UMMA::Major::{mb}>",
}
NON_F8 = ("tfloat32_t", "float", "half_t", "bfloat16_t", "int8_t", "uint8_t")
F8 = ("float_e4m3_t", "float_e5m2_t")
SMEM_ATOMS = (("SW128", 128), ("SW64", 64), ("SW32", 32), ("INTER", 16))


def _is_2sm(cfg: Config) -> bool:
    """is_2sm (sm100_umma_builder.inl:204): a 2SM schedule, or Auto with an even cluster M."""
    sm = _sm_of(cfg.schedule)
    if sm is not None:
        return sm
    return cfg.dynamic_cluster is None and cfg.cluster[0] % 2 == 0


def _mma_2sm(cfg: Config) -> tuple[bool, Phrase]:
    """sm100_make_trivial_tiled_mma (sm100_common.inl:448): which UMMA the builder instantiates."""
    sm = _sm_of(cfg.schedule)
    if sm is not None:
        return sm, Phrase("coll.umma_schedule", schedule=cfg.schedule, sm="2SM" if sm else "1SM")
    if cfg.dynamic_cluster is not None:
        return False, Phrase("coll.umma_dynamic", cluster="Shape<int,int,_1>", two="2SM", one="1SM")
    even, mult = cfg.cluster[0] % 2 == 0, cfg.tile[0] % 128 == 0
    two = even and mult
    return two, Phrase(
        "coll.umma_auto",
        cm=cfg.cluster[0],
        parity=Phrase("coll.even" if even else "coll.odd"),
        m=cfg.tile[0],
        multiple=Phrase("coll.is_multiple" if mult else "coll.not_multiple", of=128),
        sm="2SM" if two else "1SM",
    )


def smem_selector(major: str, element: str, blk_mn: int, blk_k: int) -> Choice:
    """sm100_smem_selector (sm100_common.inl:82)."""
    rule = f"{UC}:82"
    if blk_mn % 8:
        raise Refused("BLK_MN0 must be a multiple of 8.", rule)
    if blk_k % 8:
        raise Refused("BLK_K0 must be a multiple of 8.", rule)
    bits = 8 if element.endswith("_unpack8bits_t") else ELEMENT_BITS[element]
    if major == "MN" and bits == 32:
        if blk_mn % 32:
            raise Refused("for mn-major tf32 operands, SW128_32B is the only available smem layout", rule)
        return Choice(
            f"UMMA::Layout_MN_SW128_32B_Atom<{element}>",
            rule,
            Phrase("coll.umma_smem_word", bits=bits),
        )
    extent = blk_mn if major == "MN" else blk_k
    for swz, nbytes in SMEM_ATOMS:
        span = nbytes * 8 // bits
        if extent % span == 0:
            return Choice(
                f"UMMA::Layout_{major}_{swz}_Atom<{element}>",
                rule,
                Phrase(
                    "coll.smem_selector",
                    selector="sm100_smem_selector",
                    major=major,
                    mode="BLK_MN" if major == "MN" else "BLK_K",
                    extent=extent,
                    span=span,
                    nbytes=nbytes,
                    element=element,
                    swizzle=swz,
                ),
            )
    which = (
        "size<0>(UMMA::Layout_MN_INTER_Atom<ElementType>{})"
        if major == "MN"
        else "size<1>(UMMA::Layout_K_INTER_Atom<ElementType>{})"
    )
    raise Refused(f"{'BLK_MN0' if major == 'MN' else 'BLK_K0'} must be a multiple of {which}", rule)


def tma_atoms(cfg: Config, two: bool) -> tuple[Choice, Choice]:
    """sm100_cluster_shape_to_tma_atom_A/B (sm100_common.inl:199, 235)."""
    cm, cn, _ = cfg.cluster
    if cfg.dynamic_cluster is not None:  # the multicast is not known at compile time: always the multicast op
        op = "SM100_TMA_2SM_LOAD_MULTICAST" if two else "SM90_TMA_LOAD_MULTICAST"
        sh = "Shape<int,int,_1>"
        return Choice(
            op, f"{UC}:{212 if two else 222}", Phrase("coll.tma_dynamic", operand="A", cluster=sh, op=op)
        ), Choice(op, f"{UC}:{247 if two else 257}", Phrase("coll.tma_dynamic", operand="B", cluster=sh, op=op))
    if not two:
        return sm90_tma_atom(cn, "N", "A"), sm90_tma_atom(cm, "M", "B")
    if cm % 2:
        raise Refused("Cluster shape not divisible by MMA size", f"{UC}:205")
    a = "SM100_TMA_2SM_LOAD" if cn == 1 else "SM100_TMA_2SM_LOAD_MULTICAST"
    b = "SM100_TMA_2SM_LOAD" if cm == 2 else "SM100_TMA_2SM_LOAD_MULTICAST"
    return (
        Choice(a, f"{UC}:199", Phrase("coll.tma_2sm_a", sm="2SM", extent=cn, op=a)),
        Choice(
            b, f"{UC}:235", Phrase("coll.tma_2sm_b_pair" if cm == 2 else "coll.tma_2sm_b", sm="2SM", extent=cm, op=b)
        ),
    )


def cluster_print(cfg: Config) -> str:
    """The dispatch policy's ClusterShape as cute::print prints it: (_2,_1,_1), or a dynamic cluster's
    default-constructed Shape<int,int,_1>, (0,0,_1)."""
    if cfg.dynamic_cluster is not None:
        return "(0,0,_1)"
    return "(" + ",".join(f"_{c}" for c in cfg.cluster) + ")"


class Mainloop100:
    rs = cp_async = swap_ab = transpose_b = False  # the SM90 RS/cp.async builders' flags: never on SM100
    gmma_layout_b = None


def mainloop(cfg: Config, carveout: int):
    """The dense builder (sm100_umma_builder.inl: KernelScheduleSm100DenseGemm's schedules, the ptr-array ones among
    them) and the blockwise one (sm100_blockwise_umma_builder.inl, --sf-vec): the same UMMA, smem atoms and TMA ops;
    the blockwise builder adds the float scale factors of A and B to each stage, uncaps the accumulator stages and
    takes one scheduler stage more than those."""
    from cutedump.algebra import C, size  # start-up: the algebra only when an answer is built
    from cutedump.atoms import make_tiled_mma  # start-up: the UMMA catalog only when an answer is built
    from cutedump.atoms.mma import partition_shape  # start-up: as above

    s = cfg.schedule
    decl = "cutlass/gemm/collective/collective_builder_decl.hpp"
    if s in SM100_BLOCK_SCALED_SCHEDULES or s in SM100_PTR_ARRAY_BLOCK_SCALED_SCHEDULES:
        # OpClassTensorOp: the dense builder's enable_if takes KernelScheduleSm100DenseGemm's schedules (or Auto) only,
        # and no other builder specializes on a block-scaled schedule with OpClassTensorOp
        raise Refused("Could not build a collective for given parameters.", decl)
    if s not in ("KernelScheduleAuto", "KernelTmaWarpSpecialized1SmSm100", "KernelTmaWarpSpecialized2SmSm100") and (
        s not in PTR_ARRAY and s not in BLOCKWISE
    ):
        raise NotModelled(f"the SM100 builder for {s} is not modelled")
    blockwise = s in BLOCKWISE
    array = PTR_ARRAY.get(s) is not None or BLOCKWISE.get(s, False)
    if blockwise and cfg.sf_vec is None:
        raise CuteDumpError(f"--schedule {s}: give the scale granularity --sf-vec M,N,K (e.g. 1,128,128)")
    if cfg.sf_vec is not None and not blockwise:
        raise CuteDumpError(
            f"--sf-vec: blockwise scale factors go with a blockwise schedule ({', '.join(BLOCKWISE)}); the schedule "
            f"is {s}"
        )
    if cfg.grouped and not array:
        raise NotModelled(
            f"--grouped with {s}: the non-array mainloop with pointer layout tags is not modelled (a grouped GEMM "
            f"takes a ptr-array schedule: {', '.join([*PTR_ARRAY, *[k for k, v in BLOCKWISE.items() if v][1:]])})"
        )
    a, b = cfg.a.element, cfg.b.element
    # the builder's enable_if: sm1xx_gemm_is_aligned (TMA: 16-byte rows); no specialization otherwise
    if (cfg.a.bits * cfg.alignment("a")) % 128 or (cfg.b.bits * cfg.alignment("b")) % 128:
        raise Refused("Could not build a collective for given parameters.", decl)
    if not ((a in NON_F8 and a == b) or (a in F8 and b in F8)):
        raise Refused("Unsupported data type for ElementA", f"{UB}:146")
    if blockwise and cfg.acc != "float":
        raise NotModelled(f"{s} with accumulator {cfg.acc}: the blockwise collective's float scales are modelled")
    if s == "KernelScheduleSm100PtrArrayBlockwise":
        # sm100_make_trivial_tiled_mma_blockwise (sm100_blockwise_umma_builder.inl:205) has no branch for it: its
        # Auto branch is is_same_v<.., KernelScheduleSm100Blockwise>; the TiledMma is void
        raise Refused(
            "TiledMma is void (not a class type)",
            f"{BWB}:205: sm100_make_trivial_tiled_mma_blockwise returns nothing for {s} (a compile error, no "
            "static_assert)",
        )
    ea = "tfloat32_t" if a == "float" else a
    eb = "tfloat32_t" if b == "float" else b
    ma, mb = umma_major(cfg, "a"), umma_major(cfg, "b")
    two_b = _is_2sm(cfg)
    two, why_mma = _mma_2sm(cfg)
    m, n, k = cfg.tile
    if two and m not in (128, 256):
        raise Refused("Invalid TileShape_M.", f"{UC}:377")
    if not two and m not in (64, 128):
        raise Refused("Invalid TileShape_M.", f"{UC}:309")
    if n % 8 or n > 256:
        raise Refused("Invalid TileShape_N.", f"{UC}:{381 if two else 313}")
    op = (F8_UMMA_OP[cutlass_fact("f8f6f4_umma_spelling")] if ea in F8 else UMMA_OPS[ea]).format(
        sm="_2x1SM" if two else "", a=ea, b=eb, c=cfg.acc, m=m, n=n, ma=ma, mb=mb
    )
    try:
        tiled = make_tiled_mma(op, None)
    except CuteDumpError as e:
        # the atom's static_assert says only its message: cutedump's engine names the op before it (4.2's spelling
        # "SM100_MMA_...: msg", 4.7's templated "OP<...>: msg")
        msg = e.message
        if msg.startswith(op.split("<", 1)[0] + "<") and ">: " in msg:
            msg = msg.split(">: ", 1)[1]
        else:
            head, sep, rest = msg.partition(": ")
            msg = rest if sep and head.startswith("SM100_MMA") else msg
        raise Refused(msg, "cute/atom/mma_traits_sm100.hpp") from None
    thr = 2 if two else 1
    shape_a = partition_shape(tiled, "A", (C(m), C(k)))
    shape_b = partition_shape(tiled, "B", (C(n), C(k)))
    blk_am = int(size(shape_a[0][0])) * int(size(shape_a[1]))
    blk_ak = int(size(shape_a[0][1])) * int(size(shape_a[2]))
    blk_bn = int(size(shape_b[0][0])) * int(size(shape_b[1]))
    copy_a, copy_b = tma_atoms(cfg, two)  # GmemTiledCopyA/B come before the smem atoms (sm100_umma_builder.inl:232)
    atom_a = smem_selector(ma, ea, m // thr, k)
    atom_b = smem_selector(mb, eb, n // thr, k)
    # accumulator stages (sm100_umma_builder.inl:259): TMEM is 128 rows x 512 columns
    cta_m, cta_n = m // thr, n
    if two_b or int(size(shape_a[0][0])) > 64:
        acc_raw = 128 * 512 // (cta_m * cta_n)
        acc_why = Phrase(
            "coll.acc_stages_pair" if thr == 2 else "coll.acc_stages",
            lanes=128,
            columns=512,
            cta_m=cta_m,
            cta_n=cta_n,
            m=m,
            n=n,
            stages=acc_raw,
            sm="2SM" if thr == 2 else "1SM",
        )
    else:
        acc_raw = (512 // cta_n) * 2
        acc_why = Phrase("coll.acc_stages_m64", sm="1SM", m=64, columns=512, cta_n=cta_n, times=2, stages=acc_raw)
    acc = acc_raw if blockwise else min(4, acc_raw)  # the blockwise builder does not cap them at 4
    if acc <= 0:
        raise Refused(
            "Accumulator pipeline stage count must be positive.  This error probably means that "
            "TileShape_MNK and/or TiledMma::ThrLayoutVMNK are wrong.",
            f"{BWB}:353" if blockwise else f"{UB}:264",
        )
    # SchedulerPipelineStageCount: pointer layout tags (a grouped GEMM) take the static group scheduler
    if blockwise:
        sched = 1 if cfg.grouped else acc + 1
        sched_why = (
            Phrase("coll.sched_grouped", layouts="LayoutA*", stages=1)
            if cfg.grouped
            else Phrase("coll.sched_acc_plus_one", acc=acc, stages=sched)
        )
    else:
        sched = 8 if cfg.grouped else 2
        sched_why = _sched_stages_phrase(cfg, sched)
    maps = 2 if array else 0
    kernel_carve = kernel_carveout(acc, sched, maps)
    cap = SMEM_CAPACITY - kernel_carve
    sm_, sn_, sk_ = cfg.sf_vec if blockwise else (1, 1, 1)
    if blockwise:
        for g, ext in ((sm_, cta_m), (sn_, cta_n), (sk_, k)):
            if ext < g:
                raise Refused("Scale Granularity must be smaller than or equal to the tile shape", f"{BWB}:382")
        if (cta_m // sm_ >= 32 and sfa_copy_bytes(cta_m // sm_) is None) or (
            n // sn_ >= 32 and sfa_copy_bytes(n // sn_) is None
        ):
            raise NotModelled(
                f"--sf-vec {sm_},{sn_},{sk_} with tile {m},{n},{k}: the scale factors' cp.async copy "
                "(sm100_make_simt_gmem_tiled_copy_SFA/B) of that many scales per tile is not modelled"
            )
    scale_bytes = (32 * (m // sm_) * (k // sk_) + 7) // 8 + (32 * (n // sn_) * (k // sk_) + 7) // 8 if blockwise else 0
    ab_bytes = (ELEMENT_BITS[ea] * blk_am * blk_ak + 7) // 8 + (ELEMENT_BITS[eb] * blk_bn * blk_ak + 7) // 8
    if blockwise:
        # sm100_compute_stage_count_or_override_blockwise (:88): A+B+scales rounded to 128, then both pipelines
        per = -(-(ab_bytes + scale_bytes) // 128) * 128 + 2 * PIPELINE_BYTES_PER_STAGE
    else:
        per = ab_bytes + PIPELINE_BYTES_PER_STAGE
    if cfg.stages is not None:
        stages = Choice(
            cfg.stages, f"{BWB}:57" if blockwise else f"{UB}:57", Phrase("coll.stages_given", stages=cfg.stages)
        )
    else:
        st_ = (cap - carveout) // per
        facts = dict(
            carveout=carveout,
            capacity=SMEM_CAPACITY,
            kernel_carve=kernel_carve,
            acc_stages=acc,
        )
        if blockwise:
            why = Phrase(
                "coll.stages_auto_blockwise",
                **facts,
                sched_stages=sched,
                ab_bytes=ab_bytes,
                scale_bytes=scale_bytes,
                align=128,
                pipeline_bytes=2 * PIPELINE_BYTES_PER_STAGE,
                per=per,
                stages=st_,
            )
        else:
            why = Phrase(
                "coll.stages_auto_sm100",
                **facts,
                ab_bytes=per - PIPELINE_BYTES_PER_STAGE,
                pipeline_bytes=PIPELINE_BYTES_PER_STAGE,
                per=per,
                stages=st_,
            )
            if sched != 2 or maps:
                why = Phrase("coll.carveout_array", why=why, sched_stages=sched, maps=maps, bytes=TMA_DESC_BYTES * maps)
        stages = Choice(st_, f"{BWB}:88" if blockwise else f"{UB}:84", why)
        if st_ <= 0:
            if blockwise:
                raise Refused(
                    "Smem usage is too high. Can't create any SMEM buffers for A, B, and scales.", f"{BWB}:405"
                )
            raise Refused("Smem usage is too high. Can't create any SMEM buffers for A, and B.", f"{UB}:289")
    st = stages.value
    mma_k = {8: 32, 16: 16, 32: 8}[ELEMENT_BITS[ea]]
    if blockwise:
        coll = BWC_ARRAY if array else BWC
        if m % sm_ or sm_ > m:
            raise Refused("Scale Granularity M must divide Tile Shape", coll)
        if n % sn_ or sn_ > n:
            raise Refused("Scale Granularity N must divide Tile Shape", coll)
        if k % sk_ or sk_ > k:
            raise Refused("Scale Granularity K must divide Tile Shape", coll)
        if sk_ % mma_k:
            raise Refused("Scale Granularity K must be divisible by MMA_K", coll)
    if k % mma_k:  # the collective's evenly_divides(TileShape, tile_shape(TiledMma)) (K: the UMMA's K)
        raise Refused(
            "Static cluster shape used: TileShape should be evenly divided by TiledMma",
            "cutlass/gemm/collective/sm100_mma_warpspecialized.hpp:116",
        )
    if st < 2:
        raise Refused(
            "Specialization requires Stages set to value 1 or more.",
            "cutlass/gemm/collective/sm100_mma_warpspecialized.hpp:188",
        )
    ab = (ELEMENT_BITS[ea] * blk_am * blk_ak * st + 7) // 8 + (ELEMENT_BITS[eb] * blk_bn * blk_ak * st + 7) // 8
    ml = Mainloop100()
    ml.sched_stages = sched
    if blockwise:
        from cutedump.algebra.layout import Layout, cosize, filter_zeros  # start-up: as above
        from cutedump.scale import layouts as SL  # start-up: the scale engine only for blockwise answers

        bw = SL.BlockwiseConfig(sm_, sn_, sk_, *cfg.sf_major)
        cta = (C(cta_m), C(cta_n), C(k))
        atom_sfa, atom_sfb = bw.smem_atom_layout("A", cta), bw.smem_atom_layout("B", cta)

        def staged(lay):
            # SmemLayoutScaleA/B: the stage mode appended, its stride size(filter_zeros(atom))
            return Layout((*lay.shape, C(st)), (*lay.stride, C(int(size(filter_zeros(lay))))))

        sfa, sfb = staged(atom_sfa), staged(atom_sfb)
        # TensorStorage: smem_A, smem_B, smem_SFA, smem_SFB, each an array_aligned (16 bytes), the whole 128-aligned
        r16 = lambda x: -(-x // 16) * 16  # noqa: E731
        a_b = (ELEMENT_BITS[ea] * blk_am * blk_ak * st + 7) // 8
        b_b = (ELEMENT_BITS[eb] * blk_bn * blk_ak * st + 7) // 8
        tensors = r16(r16(r16(a_b) + b_b) + 4 * int(cosize(sfa))) + 4 * int(cosize(sfb))
        tensors = -(-tensors // 128) * 128
        shared = tensors + TMA_DESC_BYTES * maps  # the pipelines are the kernel's (PipelineStorage, not a member)
        ml.smem_atom_sfa, ml.smem_atom_sfb, ml.smem_sfa, ml.smem_sfb = atom_sfa, atom_sfb, sfa, sfb
        ml.layout_sfa, ml.layout_sfb = bw.deduce_layout("A"), bw.deduce_layout("B")
        name = (
            "MainloopSm100ArrayTmaUmmaWarpSpecializedBlockwiseScaling"
            if array
            else "MainloopSm100TmaUmmaWarpSpecializedBlockwiseScaling"
        )
        kernel = (
            "KernelPtrArrayTmaWarpSpecializedMmaTransformSm100"
            if array
            else "KernelTmaWarpSpecializedMmaTransformSm100"
        )
        pol_why = Phrase(
            "coll.sm100_policy_blockwise",
            policy=name,
            stages=st,
            sched_stages=sched,
            acc_stages=acc,
            cluster=cluster_print(cfg),
            acc_why=acc_why,
            sched_why=sched_why,
        )
        dp_why = Phrase(
            "coll.dp_blockwise_sm100_grouped" if array else "coll.dp_blockwise_sm100",
            schedule=s,
            sm=sm_,
            sn=sn_,
            sk=sk_,
            sms=m // sm_,
            sns=n // sn_,
            sks=k // sk_,
        )
        rule = f"{BWB}:407"
    else:
        shared = -(-(-(-ab // 128) * 128 + TMA_DESC_BYTES * maps + PIPELINE_BYTES_PER_STAGE * st) // 128) * 128
        name = "MainloopSm100ArrayTmaUmmaWarpSpecialized" if array else "MainloopSm100TmaUmmaWarpSpecialized"
        kernel = "KernelPtrArrayTmaWarpSpecializedSm100" if array else "KernelTmaWarpSpecializedSm100"
        pol_why = Phrase(
            "coll.sm100_policy",
            policy=name,
            stages=st,
            sched_stages=sched,
            acc_stages=acc,
            cluster=cluster_print(cfg),
            acc_why=acc_why,
            most=4,
        )
        if array or cfg.grouped:
            pol_why = Phrase("coll.sm100_sched_stages", why=pol_why, sched_why=sched_why)
        dp_why = Phrase("coll.dp_tma_umma_array" if array else "coll.dp_tma_umma")
        rule = f"{UB}:291"
    ml.schedule = Choice(kernel, rule, pol_why)
    ml.dispatch_policy = Choice(name, rule, dp_why)
    ml.mma_op = Choice(op, f"{UC}:448", why_mma)
    ml.tiled = tiled
    ml.atom_layout = None
    ml.element_a, ml.element_b, ml.major_a, ml.major_b = ea, eb, ma, mb
    ml.smem_atom_a, ml.smem_atom_b = atom_a, atom_b
    ml.stages, ml.copy_a, ml.copy_b = stages, copy_a, copy_b
    ml.acc_stages = acc
    ml.shape_a, ml.shape_b = shape_a, shape_b
    ml.stage_bytes = per
    ml.shared_storage_bytes = shared
    ml.is_2sm = two_b
    ml.blockwise = blockwise
    return ml


def sfa_copy_bytes(scales: int) -> int | None:
    """sm100_make_simt_gmem_tiled_copy_SFA/B (sm100_blockwise_umma_builder.inl:113): 32 or more float scales along
    MN per tile are copied min(scales x 4 / 32, 16) bytes a thread (uint_byte_t: 1, 2, 4, 8 or 16); None where that
    is no such width."""
    b = min(scales * 4 // 32, 16)
    return b if b in (1, 2, 4, 8, 16) else None


def smem_layout_expr(atom: str, mma_shape, stages: int, mn_major: bool) -> str:
    """The collective's SmemLayoutA/B (sm100_mma_warpspecialized.hpp:178): UMMA::tile_to_mma_shape of the atom to
    append(MmaShape, Stages)."""
    from cutedump.algebra import fmt  # start-up: as above

    shp = fmt(mma_shape)[:-1] + f",_{stages})"
    step = "Step<_2,_1,_3>{}" if mn_major else "Step<_1,_2,_3>{}"
    return f"tile_to_mma_shape({atom}{{}}, {shp}, {step})"


# ----------------------------------------------------------------------------------------------- epilogue

EB = "cutlass/epilogue/collective/builders/sm100_builder.inl"
EC = "cutlass/epilogue/collective/sm100_epilogue_tma_warpspecialized.hpp"


class Epilogue100:
    pass


def _epi_is_2sm(cfg: Config) -> tuple[bool, Choice]:
    s = cfg.epilogue_schedule
    if s == "EpilogueScheduleAuto" and cfg.dynamic_cluster is not None:
        return False, Choice(
            "TmaWarpSpecialized1Sm",
            f"{EB}:1643",
            Phrase("coll.epi_dynamic", schedule="TmaWarpSpecialized1Sm"),
        )
    if s == "EpilogueScheduleAuto":
        bs = is_block_scaled(cfg)  # OpClassBlockScaledTensorOp: 2SM only for tile M 256 (sm100_builder.inl:1648)
        two = cfg.cluster[0] % 2 == 0 and cfg.tile[0] in ((256,) if bs else (128, 256))
        return two, Choice(
            "TmaWarpSpecialized2Sm" if two else "TmaWarpSpecialized1Sm",
            f"{EB}:{1648 if bs else 1655}",
            Phrase(
                "coll.epi_auto_2sm_bs" if two and bs else "coll.epi_auto_2sm" if two else "coll.epi_auto_1sm",
                cm=cfg.cluster[0],
                m=cfg.tile[0],
                schedule="TmaWarpSpecialized2Sm" if two else "TmaWarpSpecialized1Sm",
                m_lo=128,
                m_hi=256,
            ),
        )
    two = s.endswith("2Sm")
    if s.startswith("PtrArray"):
        return two, Choice(
            s, f"{EB}:1123", Phrase("coll.epi_ptr_given", value=s, policy="Sm100PtrArrayTmaWarpSpecialized", maps=2)
        )
    return two, Choice(s, f"{EB}:1151", Phrase("coll.given", value=s))


def _tmem_load(acc_bits: int, d_bits: int, num_dp: int, m_major: bool, bits_n: int, rule: str):
    """sm100_get_tmem_load_op (sm100_builder.inl:593): (TMEM load family, bits of one repetition); the repetition
    count is op_repeater's (cute/atom/copy_traits_sm100.hpp:2781): the most 1x ops dividing the warp's columns."""
    if num_dp not in (16, 32):
        raise Refused("Unsupported tmem datapath count", rule)
    if acc_bits == 32 and d_bits == 32:
        fam = ("16dp256b" if m_major else "16dp128b") if num_dp == 16 else "32dp32b"
    elif acc_bits == 32 and d_bits == 16:
        fam = "16dp256b" if num_dp == 16 or m_major else "32dp32b"
    elif acc_bits == 32 and d_bits == 8:
        fam = ("16dp256b" if m_major else "16dp32b") if num_dp == 16 else "32dp32b"
    elif acc_bits == 16 and d_bits == 16:
        fam = "16dp128b_16b" if num_dp == 16 or m_major else "32dp32b_16b"
    elif acc_bits == 32 and d_bits in (4, 6):  # narrow precision output: 32 datapaths only
        if num_dp != 32:
            raise Refused("static assertion failed", rule)
        fam = "32dp32b"
    else:
        raise Refused("Unsupported data types", rule)
    unit = int(fam.split("dp")[1].split("b")[0])
    reps = [r for r in (128, 64, 32, 16, 8, 4, 2, 1) if bits_n % (unit * r) == 0]
    return fam, (reps[0] if reps else 0)


def _smem_store(acc_bits, d_bits, m_major, fam, rep) -> str:
    """sm100_get_smem_store_op (sm100_builder.inl:718): stmatrix where the TMEM load's thread ownership allows."""
    n_major = not m_major
    m8n8_4x = (
        (acc_bits == 32 and d_bits == 32 and n_major and fam == "16dp128b" and rep >= 2)
        or (acc_bits == 32 and d_bits == 16 and fam == "16dp256b" and 2 <= rep <= 32)
        or (acc_bits == 16 and d_bits == 16 and fam == "16dp128b_16b" and rep >= 2)
    )
    m8n8_2x = (
        (acc_bits == 32 and d_bits == 32 and n_major and fam == "16dp128b" and rep == 1)
        or (acc_bits == 32 and d_bits == 16 and fam == "16dp256b" and rep == 1)
        or (acc_bits == 16 and d_bits == 16 and fam == "16dp128b_16b" and rep == 1)
    )
    e8 = acc_bits == 32 and d_bits == 8 and m_major and fam == "16dp256b"
    if m8n8_4x:
        return "SM90_U32x4_STSM_N" if n_major else "SM90_U16x8_STSM_T"
    if m8n8_2x:
        return "SM90_U32x2_STSM_N" if n_major else "SM90_U16x4_STSM_T"
    if e8 and rep in (4, 8, 16, 32):
        return "SM100_U8x16_STSM_T"
    if e8 and rep == 2:
        return "SM100_U8x8_STSM_T"
    if e8 and rep == 1:
        return "SM100_U8x4_STSM_T"
    return "AutoVectorizingCopyWithAssumedAlignment"


_LOAD = {
    "SM90_U32x4_STSM_N": "SM75_U32x4_LDSM_N",
    "SM90_U16x8_STSM_T": "SM75_U16x8_LDSM_T",
    "SM90_U32x2_STSM_N": "SM75_U32x2_LDSM_N",
    "SM90_U16x4_STSM_T": "SM75_U16x4_LDSM_T",
    "SM100_U8x16_STSM_T": "SM100_U8x16_LDSM_T",
    "SM100_U8x8_STSM_T": "SM100_U8x8_LDSM_T",
}


def _swizzle_alignment(atom: str) -> int:
    """alignment_for_swizzle (cutlass/detail/layout.hpp:420) of the UMMA atoms' swizzles (SW128_32B: Sw<2,5,2>)."""
    if "SW128_32B" in atom:
        return 1 << (2 + 5 + 2)
    return 1 << ({"SW128": 3, "SW64": 2, "SW32": 1, "INTER": 0}[atom.split("_")[2]] + 4 + 3)


def _epi_tile_checks(cfg: Config, em: int, en: int, wm: int, wn: int, cta_m: int, rule: str):
    """The epilogue builders' checks after the epilogue tile, in their order: shape_div(EpilogueTile, TmemWarpShape)
    (a type), the TMEM load op of one warp's tile (a type: datapaths, data types), then EpiTiles =
    size(shape_div(CtaTile, EpilogueTile)), a static member the dispatch policy reads. Returns the TMEM load
    (family, repetitions)."""
    for e, w in ((em, wm), (en, wn)):
        if e % w and w % e:
            raise Refused("Divisibility Condition", f"cute/int_tuple.hpp:408 (EpilogueWarpTileShape_MN, {rule})")
    acc_bits = ELEMENT_BITS[cfg.acc]
    warp_m, warp_n = max(em // wm, 1), max(en // wn, 1)
    d_maj = cd_major(cfg.d.layout)
    if d_maj is None:  # a D stride type major in neither mode (sm100_get_tmem_load_op)
        raise Refused("Unsupported gmem layout", f"{EB}:614")
    fam, rep = _tmem_load(acc_bits, cfg.d.bits, warp_m, d_maj == "M", warp_n * acc_bits, f"{EB}:593")
    for cta, e in ((cta_m, em), (cfg.tile[1], en)):
        if cta % e and e % cta:
            raise Refused("Divisibility Condition", f"cute/int_tuple.hpp:408 (EpiTiles, {rule})")
    return fam, rep


def _unpacked(el: str) -> str:
    """cutlass::detail::get_unpacked_element_type: a 6-bit type sits in 8 bits in smem."""
    return {"float_e2m3_t": "float_e2m3_unpack8bits_t", "float_e3m2_t": "float_e3m2_unpack8bits_t"}.get(el, el)


def epilogue(cfg: Config):
    s = cfg.epilogue_schedule
    ep = Epilogue100()
    ep.fusion = None
    if cfg.fusion is not None:
        from cutedump.collective import fusion as F  # start-up: the fusion table only for --fusion

        ep.fusion = F.parse(cfg.fusion)
    ptr = s.startswith("PtrArray")  # the ptr-array epilogues (sm100_builder.inl:1116): C/D TMA descriptors in smem
    # fp32x9: the FastF32 no-smem epilogues (sm100_builder.inl:1434, IsFastF32Schedule) are no-smem ones
    fast = s.startswith(("FastF32", "PtrArrayFastF32"))
    nosmem = s.startswith(("NoSmem", "PtrArrayNoSmem")) or fast
    if nosmem and cfg.d.bits == 6:
        raise Refused("Output element requires TMA", f"{EB}:1430")
    if nosmem:
        # the no-smem builder (sm100_builder.inl:1397): registers straight to global memory; its collective's
        # DispatchPolicy is Sm100NoSmem and its SharedStorage (the fusion callbacks' and a barrier's) measures 32 bytes
        two = ep.is_2sm = s.endswith("2Sm")
        if two and cfg.cluster[0] % 2 == 1 and cfg.dynamic_cluster is None:
            raise Refused("schedule + cluster mismatch", f"{EB}:1441")
        m, n, _ = cfg.tile
        cta_m = m // 2 if two else m
        wm, wn = (2, 2) if two and m == 128 else (4, 1)
        # the no-smem builder's epilogue tile (:1467); an input-transform (FastF32) schedule's is the CTA tile's M, N
        fast_tile = fast and not is_block_scaled(cfg)
        em, en = cfg.epilogue_tile or ((cta_m, n) if fast_tile else (cta_m, min(64, n)))
        _epi_tile_checks(cfg, em, en, wm, wn, cta_m, f"{EB}:1486")
        ep.schedule = Choice(
            s,
            f"{EB}:1397",
            Phrase(
                "coll.epi_ptr_nosmem_given",
                value=s,
                policy="Sm100PtrArrayNoSmem",
                bytes=NOSMEM_SHARED_STORAGE_BYTES if is_block_scaled(cfg) else 1,
            )
            if ptr
            else Phrase("coll.epi_fastf32_given", value=s, bytes=1)
            if fast and not is_block_scaled(cfg)
            else Phrase("coll.epi_nosmem_given", value=s),
        )
        # the ptr-array no-smem collective (sm100_epilogue_array_nosmem.hpp) takes the legacy thread epilogue
        # (LinearCombination, an empty SharedStorage: 1 byte) for the default fusion, except under
        # OpClassBlockScaledTensorOp, where it keeps the fusion callbacks (sm100_builder.inl:1502)
        # (and so does the FastF32 one, IsInputTransformSchedule)
        legacy = (ptr or fast) and not is_block_scaled(cfg)
        ep.name = "Sm100PtrArrayNoSmem" if ptr else "Sm100NoSmem"
        ep.shared_storage_bytes, ep.tile = (1 if legacy else NOSMEM_SHARED_STORAGE_BYTES), None
        if ep.fusion is not None:
            if legacy and ep.fusion.name == "LinearCombination":
                raise NotModelled(
                    f"--fusion LinearCombination with {s}: the builder's legacy thread::LinearCombination for the "
                    f"default operation ({EB}:1502) when spelled out is not modelled (leave --fusion out)"
                )
            if ptr:  # the ptr-array callbacks CUTLASS has (the TMA ones with 0 stages)
                from cutedump.collective import fusion as F  # start-up: as above

                F.ptr_array_check(cfg, Refused, NotModelled)
            if ep.fusion.name in _SF_OPS:
                from cutedump.collective import fusion_sm1xx as FX  # start-up: the fusion rules only for --fusion

                FX.sf_checks(cfg, em, en, ptr)
            ep.shared_storage_bytes = _fused_storage(cfg, ep, em, en, 0, 0, 1, 0, nosmem=True)
        ep.tile_print = f"(_{em},_{en})"
        ep.nosmem_tile = Choice(
            (em, en),
            f"{EB}:1467",
            Phrase("coll.epi_tile_given", em=em, en=en)
            if cfg.epilogue_tile
            else Phrase("coll.epi_tile_fastf32", cta_m=cta_m, n=n, em=em, en=en)
            if fast_tile
            else Phrase("coll.epi_tile_nosmem", cta_m=cta_m, most=64, n=n, em=em, en=en),
        )
        return ep
    two, sched = _epi_is_2sm(cfg)
    ep.is_2sm = two
    if cfg.epilogue_schedule == "EpilogueScheduleAuto" and cfg.epilogue_tile is not None:
        raise Refused("Don't specify epilogue tile with auto schedule", f"{EB}:1658")
    if two and cfg.cluster[0] % 2 == 1 and cfg.dynamic_cluster is None:
        raise Refused("schedule + cluster mismatch", f"{EB}:1156")
    c_void = cfg.c.element == "void"
    for op, which in ((cfg.c, "c"), (cfg.d, "d")):  # get_output_alignment_bits: 96 bytes for a 6-bit type
        if op.element != "void" and (op.bits * cfg.alignment(which)) % (768 if op.bits == 6 else 128):
            raise Refused("C/D Should meet TMA alignment requirement\n", f"{EB}:1159")
    m, n, _ = cfg.tile
    cta_m = m // 2 if two else m
    wm, wn = (2, 2) if two and m == 128 else (4, 1)
    el_c = cfg.d.element if c_void else cfg.c.element
    if (
        cutlass_fact("sm100_2sm_16b_epilogue_n")
        and two
        and cfg.epilogue_tile is None
        and max(ELEMENT_BITS[el_c], cfg.d.bits) == 16
        and n > 128
        and n % 64
    ):
        raise Refused(
            "SM100 2SM TMA epilogue: 16-bit element types (f16/bf16) with CtaN > 128 require CtaN to be divisible by "
            "64. CtaN=160 and CtaN=224 are unsupported. Use a CtaN that is a multiple of 64 (e.g. 128, 192, 256) or "
            "use a 32-bit output type (f32).",
            f"{EB}:1221 (CUTLASS 4.7)",
        )
    lay_c = cfg.d.layout if c_void else cfg.c.layout
    if cd_major(lay_c) is None:  # a C stride type major in neither mode (sm100_get_epilogue_smem_swizzle_layout_atom)
        raise Refused("Unsupported gmem layout.", f"{EB}:95")
    c_m, d_m = cd_major(lay_c) == "M", cd_major(cfg.d.layout) == "M"
    bits_c, bits_d = ELEMENT_BITS[el_c], cfg.d.bits
    # the smem element types (6-bit data in 8-bit containers) and their widths
    sm_c, sm_d = _unpacked(el_c), _unpacked(cfg.d.element)
    sbits_c, sbits_d = (8 if b == 6 else b for b in (bits_c, bits_d))
    if cfg.epilogue_tile is None and is_block_scaled(cfg) and n == 256:
        # OpClassBlockScaledTensorOp, tile N 256 (sm100_builder.inl:987): make_tile(min(CTA M, 32 x warps M), _128)
        em, en = min(cta_m, 32 * wm), 128
        tile_print = f"(_{em},_{en})"
        contiguous_n = en
        tile = Choice(
            (em, en),
            f"{EB}:987",
            Phrase("coll.epi_tile_bs", n=256, cta_m=cta_m, lanes=32, wm=wm, em=em, en=en),
        )
    elif cfg.epilogue_tile is None:
        em = min(cta_m, 32 * wm)
        maxbits = max(bits_c, bits_d)
        if c_void:
            nperf = (8192 if maxbits == 4 else 4096) // em
        elif maxbits == 32:
            nperf = 16 if cta_m > 64 and n <= 128 else 32
        elif maxbits == 16:
            nperf = 32 if n <= 128 else 64
        else:
            nperf = 64
        nmin_c = 8 * wn if (c_void or c_m) else (128 if bits_c == 6 else 128 // bits_c) * wn
        nmin_d = 8 * wn if d_m else (128 if bits_d == 6 else 128 // bits_d) * wn
        if n < nmin_c or n < nmin_d:
            raise Refused("CTA tile too small", f"{EB}:1046")
        en = min(n, max(nperf, nmin_c, nmin_d))
        if n % en and cutlass_fact("sm100_epilogue_tile_n") == "min or CtaN":
            en = n  # 4.7 (sm100_builder.inl:1046): a tile N that does not divide CtaN is CtaN
        from cutedump.expr import evaluate_to_string as E  # start-up: the expression engine only when answering

        tile_n = E(f"coalesce(make_layout(make_shape(_{en // wn},_{wn}), make_stride(_1,_{n // wn})))")
        tile_print = f"(_{em}:_1,{tile_n})"
        contiguous_n = en if wn == 1 or n // wn == en // wn else en // wn
        tile = Choice(
            (em, en),
            f"{EB}:980",
            Phrase(
                "coll.epi_tile_sm100",
                cta_m=cta_m,
                lanes=32,
                wm=wm,
                em=em,
                n=n,
                nperf=nperf,
                nmin_c=nmin_c,
                nmin_d=nmin_d,
                en=en,
            ),
        )
    else:
        em, en = cfg.epilogue_tile
        if en % 8:
            raise Refused("Unsupported tile shape", f"{EB}:1062")
        tile_print = f"(_{em},_{en})"
        contiguous_n = en
        tile = Choice((em, en), f"{EB}:1055", Phrase("coll.epi_tile_given", em=em, en=en))
    fam, rep = _epi_tile_checks(cfg, em, en, wm, wn, cta_m, f"{EB}:1219")
    if ep.fusion is not None and ep.fusion.name in _SF_OPS:
        from cutedump.collective import fusion_sm1xx as FX  # start-up: the fusion rules only for --fusion

        FX.sf_checks(cfg, em, en, ptr)
    epi_tiles = max(cta_m // em, 1) * max(n // en, 1)
    reuse = (0 if c_void else cfg.c.bits) > 8
    stages_d = min(epi_tiles, 2)
    stages_c = max(min(epi_tiles, 4), stages_d + 1) if reuse else min(epi_tiles, 4)
    atom_c = smem_selector("MN" if c_m else "K", sm_c, em, contiguous_n)
    atom_d = smem_selector("MN" if d_m else "K", sm_d, em, contiguous_n)
    acc_bits = ELEMENT_BITS[cfg.acc]
    r2s = _smem_store(acc_bits, sbits_d, d_m, fam, rep)
    s2r = _LOAD.get(_smem_store(acc_bits, sbits_c, c_m, fam, rep), "AutoVectorizingCopyWithAssumedAlignment")
    stage_c_bits, stage_d_bits = em * en * sbits_c, em * en * sbits_d
    mx = max(stage_c_bits, stage_d_bits)
    stride_c = (mx if reuse else stage_c_bits) // sbits_c
    stride_d = (mx if reuse else stage_d_bits) // sbits_d
    sd = stages_c if reuse else stages_d
    c_bytes = ((stages_c - 1) * stride_c + em * en) * sbits_c // 8
    d_bytes = ((sd - 1) * stride_d + em * en) * sbits_d // 8
    al_c, al_d = _swizzle_alignment(atom_c.value), _swizzle_alignment(atom_d.value)
    ru = lambda x, a: -(-x // a) * a
    if c_void:
        align, coll = al_d, ru(d_bytes, al_d)
    elif reuse:
        align = max(al_c, al_d)
        coll = ru(max(c_bytes, d_bytes), align)
    else:
        align = max(al_c, al_d)
        coll = ru(ru(c_bytes, al_d) + d_bytes, align)
    # SharedStorage: the collective's tensors (+ the fusion callbacks', padded), a ptr-array epilogue's C/D TMA
    # descriptors (TensorMapStorage, sm100_epilogue_array_tma_warpspecialized.hpp:218), the load pipeline
    if ep.fusion is None:
        shared = ru(coll + align + TMA_DESC_BYTES * 2 * ptr + 16 * stages_c, align)
    else:  # + the fusion callbacks' SharedStorage (and the alignment it asks), then the C load pipeline
        shared = _fused_storage(
            cfg, ep, em, en, stages_d, coll, align, stages_c, en_atom=contiguous_n, descs=2 if ptr else 0
        )
    ep.schedule, ep.name, ep.shared_storage_bytes, ep.tile, ep.tile_print = (
        sched,
        "Sm100PtrArrayTmaWarpSpecialized" if ptr else "Sm100TmaWarpSpecialized",
        shared,
        tile,
        tile_print,
    )
    ep.stages_c = Choice(
        stages_c,
        f"{EB}:1106",
        Phrase(
            "coll.epi_stages_reuse" if reuse else "coll.epi_stages",
            policy="sm100_dense_dispatch_policy",
            tiles=epi_tiles,
            max_d=2,
            stages_d=stages_d,
            max_c=4,
            inc=1,
            stages_c=stages_c,
            reuse=Phrase("coll.reuse_wider", bits=8),
        ),
    )
    ep.stages_d, ep.reuse_smem_c = stages_d, reuse
    ep.atom_c, ep.atom_d = atom_c, atom_d
    ep.c_m_major, ep.d_m_major = c_m, d_m
    ep.stride_c, ep.stride_d, ep.stages_d_layout = stride_c, stride_d, sd
    ep.tmem_load = f"SM100_TMEM_LOAD_{fam.replace('_16b', '')}{rep}x{'_16b' if fam.endswith('_16b') else ''}"
    ep.copy_ops = {"g2s": "SM90_TMA_LOAD", "s2r": s2r, "r2s": r2s, "s2g": "SM90_TMA_STORE"}
    ep.is_2sm = two
    return ep


#: the block-scale-factor fusion operations (cutedump.collective.fusion's rows with ``sf``)
_SF_OPS = (
    "LinCombBlockScaleFactor",
    "LinCombEltActBlockScaleFactor",
    "LinCombPerRowBiasBlockScaleFactor",
    "LinCombPerColBiasBlockScaleFactor",
    "LinCombPerRowBiasEltActBlockScaleFactor",
    "LinCombPerColBiasEltActBlockScaleFactor",
)


def _fused_storage(cfg, ep, em, en, stages_d, coll, align, stages_c, nosmem=False, en_atom=None, descs=0) -> int:
    """The epilogue's SharedStorage with a fusion: {collective C/D buffers, FusionCallbacks::SharedStorage} then the
    C load pipeline's barriers (16 bytes a stage; none in the no-smem collective, whose SharedStorage is the fusion
    storage and an empty reduction buffer). An Aux tile is the whole epilogue tile (``en``); its smem atom is
    selected over the tile's contiguous N (``en_atom``, as C's and D's)."""
    from cutedump.collective import fusion as F  # start-up: as above
    from cutedump.collective import fusion_sm1xx as FX  # start-up: as the line above

    if descs:  # a ptr-array epilogue: the callbacks CUTLASS has for it
        F.ptr_array_check(cfg, Refused, NotModelled)
    if ep.fusion.refusal is not None:  # a tree node's static_assert (its callbacks' class)
        raise Refused(*ep.fusion.refusal)
    aux_al = 0
    f = F.op(ep.fusion.name)
    if f.aux == "out" and not nosmem:
        el = F.elements(cfg)[F.AUX]
        aux_al = _swizzle_alignment(
            smem_selector(
                "MN" if (ep.fusion.layout_aux or cfg.d.layout) == "ColumnMajor" else "K", el, em, en_atom or en
            ).value
        )
    fb, fa, parts = FX.callbacks_storage(cfg, em, en, 0 if nosmem else stages_d, aux_al)
    ep.fusion_bytes = fb
    ep.late = FX.late_error(cfg, cfg.tile[0] // 2 if getattr(ep, "is_2sm", False) else cfg.tile[0])
    ep.fusion_why = FX.storage_choice(cfg, fb, parts, em, en, 0 if nosmem else stages_d, FX.FB100)
    ep.sfd_why = FX.sfd_choice(cfg, FX.ST100) if f.sf else None
    ru = lambda x, a: -(-x // a) * a
    if nosmem:  # {FusionStorage thread; array_aligned<uint8_t, 0> buffer} (16-byte aligned, 16 bytes); a custom
        # EVT (ThreadEpilogueOp FusionOperation) gets a reduction buffer of one byte per epilogue tile element
        # (IsReductionBufferNeeded, sm100_epilogue_nosmem.hpp:479)
        buf = ru(em * en, 16) if ep.fusion.tree is not None else NOSMEM_SHARED_STORAGE_BYTES // 2
        return ru(ru(fb, max(fa, 16)) + buf, max(fa, 16))
    al = max(align, fa)
    tensors = ru(ru(coll, fa) + fb, al)
    if descs:  # TensorMapStorage (aligned_struct<128>): C's and D's TMA descriptors, 128 bytes each
        tensors, al = ru(tensors, 128) + TMA_DESC_BYTES * descs, max(al, 128)
    return ru(tensors + 16 * stages_c, al)


def epi_layout_expr(atom: str, em: int, en: int, stages: int, stride: int, m_major: bool) -> str:
    """SmemLayoutC/D (sm100_epilogue_tma_warpspecialized.hpp:162): one stage tiled from the atom, then the stage mode
    appended with its own stride."""
    step = "Step<_2,_1>{}" if m_major else "Step<_1,_2>{}"
    return f"append<3>(tile_to_shape({atom}{{}}, make_shape(_{em},_{en}), {step}), make_layout(_{stages}, _{stride}))"


# ----------------------------------------------------------------------------------------------- block-scaled

BB = "cutlass/gemm/collective/builders/sm100_blockscaled_umma_builder.inl"
BX = "cutlass/gemm/collective/builders/sm1xx_common.inl"
BC = "cutlass/gemm/collective/sm100_blockscaled_mma_warpspecialized.hpp"
#: the block-scaled schedules' kinds (cutlass/gemm/dispatch_policy.hpp:805): which instruction family a schedule
#: fixes (None: the builder selects, select_instr) and the SFVecSize its name implies (find_vector_size,
#: sm1xx_common.inl:137)
BS_KINDS = {
    "BlockScaled": (None, 32),
    "Nvf4": ("MXF4_NVF4", 16),
    "Mxf4": ("MXF4_NVF4", 32),
    "Mxf8f6f4": ("MXF4F6F8", 32),
}
#: sm1xx_kernel_input_element_to_mma_input_element (sm1xx_common.inl:68): the MXF8F6F4 MMA reads 4/6-bit operands
#: unpacked in smem (one byte each)
UNPACK = {
    "float_e2m1_t": "float_e2m1_unpacksmem_t",
    "float_e3m2_t": "float_e3m2_unpacksmem_t",
    "float_e2m3_t": "float_e2m3_unpacksmem_t",
}


def _bs_kind(schedule: str):
    """(is_2sm or None for Auto, the schedule's kind or None for Auto)."""
    if schedule == "KernelScheduleAuto":
        return None, None
    rest = schedule.removeprefix("KernelPtrArrayTmaWarpSpecialized").removeprefix("KernelTmaWarpSpecialized")
    return rest.startswith("2Sm"), rest[3:].removesuffix("Sm100")


def blockscaled_mainloop(cfg: Config, carveout: int):
    """CUTLASS 4.2's SM100 block-scaled builder (sm100_blockscaled_umma_builder.inl, OpClassBlockScaledTensorOp) and
    its collective (sm100_blockscaled_mma_warpspecialized.hpp): the checks in the order the compiler meets them, the
    UMMA atom (MXF4/NVF4 or MXF8F6F4), the smem atoms, the scale factors' smem layouts (cutedump's scale engine:
    deduce_smem_layoutSFA/SFB of Sm1xxBlockScaledConfig), the TMA ops, the stages and the SharedStorage."""
    from cutedump.algebra import C, size  # start-up: the algebra only when an answer is built
    from cutedump.algebra.layout import Layout, cosize, filter_zeros  # start-up: as above
    from cutedump.atoms import make_tiled_mma  # start-up: the UMMA catalog only when an answer is built
    from cutedump.atoms.mma import partition_shape  # start-up: as above
    from cutedump.scale import layouts as SL  # start-up: the scale engine only for block-scaled answers

    sched = cfg.schedule
    decl = "cutlass/gemm/collective/collective_builder_decl.hpp"
    if sched not in ("KernelScheduleAuto", *SM100_BLOCK_SCALED_SCHEDULES, *SM100_PTR_ARRAY_BLOCK_SCALED_SCHEDULES):
        raise Refused("Could not build a collective for given parameters.", decl)
    # a ptr-array schedule (KernelSchedulePtrArrayBlockScaledGemmSm100, dispatch_policy.hpp:819)
    array = sched in SM100_PTR_ARRAY_BLOCK_SCALED_SCHEDULES
    if cfg.grouped and not array:
        raise NotModelled(
            f"--grouped with {sched}: the non-array block-scaled mainloop with pointer layout tags is not modelled (a "
            f"grouped GEMM takes a ptr-array schedule: {', '.join(SM100_PTR_ARRAY_BLOCK_SCALED_SCHEDULES)})"
        )
    wa, da, sfa_t, vsa = block_scaled_parts(cfg.a.element)
    wb, db, sfb_t, vsb = block_scaled_parts(cfg.b.element)
    bits_a, bits_b = ELEMENT_BITS[da], ELEMENT_BITS[db]
    two_s, kind = _bs_kind(sched)
    fixed, kind_vs = BS_KINDS[kind] if kind else (None, 32)
    # the enable_if's alignment (sm1xx_blockscaled_gemm_is_aligned, sm1xx_common.inl:379): 128 bits, 512 (4-bit)
    # or 768 (6-bit) on the explicit MXF8F6F4 schedules when an operand is narrower than 8 bits (is_base_of
    # KernelScheduleMxf8f6f4Sm100: not the ptr-array ones, whose base is KernelSchedulePtrArrayMxf8f6f4Sm100)
    sub = (bits_a < 8 or bits_b < 8) and fixed == "MXF4F6F8" and not array

    def need(bits):
        return 512 if sub and bits == 4 else 768 if sub and bits == 6 else 128

    if (bits_a * cfg.alignment("a")) % need(bits_a) or (bits_b * cfg.alignment("b")) % need(bits_b):
        raise Refused("Could not build a collective for given parameters.", decl)
    ma, mb = umma_major(cfg, "a"), umma_major(cfg, "b")
    # check_input_datatypes (sm1xx_common.inl:491)
    if sfa_t != sfb_t:
        raise Refused("Scale factor types for A and B should be the same.", f"{BX}:526")
    if vsa != vsb:
        raise Refused("Scale factor vector size for A and B should be the same.", f"{BX}:527")
    vs = vsa
    auto_instr = kind in (None, "BlockScaled")
    if not (bits_a == 4 and bits_b == 4):
        # MX_F4F6F8: ue8m0 scale factors (every mx_ wrapper), SFVecSize 32, a MXF8F6F4 or auto policy
        if not (fixed == "MXF4F6F8" or auto_instr):
            raise Refused("Incorrect Kernel Schedule Policy for Mx_F4F6F8 type inputs.", f"{BX}:597")
    elif fixed == "MXF4F6F8":
        if sfa_t != "float_ue8m0_t":
            raise Refused("MX_F4F6F8 only supports ue8m0 SF type", f"{BX}:646")
        if kind_vs != vs:
            raise Refused("Kernel Schedule policy doesn't match the scale factor vector size.", f"{BX}:652")
    elif fixed == "MXF4_NVF4":
        if ma != "K" or mb != "K":
            raise Refused("MX/NV_F4 only supports RowMajor A, and ColMajorB", f"{BX}:660")
        if kind_vs != vs:
            raise Refused("Kernel Schedule policy doesn't match the scale factor vector size.", f"{BX}:662")
    elif (vs == 16 or sfa_t == "float_ue4m3_t") and (ma != "K" or mb != "K"):
        raise Refused("NV_F4 only supports RowMajor A, and ColMajorB", f"{BX}:672")
    # is_2sm (sm1xx_common.inl:691)
    m, n, k = cfg.tile
    if two_s is not None:
        two = two_s
        why_2sm = Phrase("coll.umma_schedule", schedule=sched, sm="2SM" if two else "1SM")
    elif cfg.dynamic_cluster is not None:
        if m == 256:
            raise Refused("If M=256, auto policy can't create 2sm kernels. Specify a 2SM policy", f"{BX}:701")
        two = False
        why_2sm = Phrase("coll.umma_dynamic", cluster="Shape<int,int,_1>", two="2SM", one="1SM")
    elif cfg.cluster[0] % 2 == 0:
        if m not in (128, 256):
            raise Refused("Unsupported M dimension for TileShape_MNK.", f"{BX}:713")
        two = m == 256
        why_2sm = Phrase("coll.bs_umma_even", cm=cfg.cluster[0], m=m, sm="2SM" if two else "1SM", two="2SM", m2=256)
    else:
        two = False
        why_2sm = Phrase("coll.bs_umma_odd", cm=cfg.cluster[0], sm="1SM")
    # select_instr (sm1xx_common.inl:730)
    if fixed is not None:
        instr = fixed
    elif bits_a == 4 and bits_b == 4:
        if ma == "K" and mb == "K":
            instr = "MXF4_NVF4"
        else:
            instr = "MXF4F6F8"
    else:
        instr = "MXF4F6F8"
    # the TiledMma (sm100_make_blockscaled_1sm/2sm_trivial_tiled_mma, sm100_common.inl:693, 754)
    if two and m != 256:
        raise Refused("Invalid TileShape_M.", "cutlass/gemm/collective/builders/sm100_common.inl:757")
    if not two and m != 128:
        raise Refused("Invalid TileShape_M.", "cutlass/gemm/collective/builders/sm100_common.inl:697")
    if n not in (64, 128, 192, 256):
        raise Refused(
            "Invalid TileShape_N.", f"cutlass/gemm/collective/builders/sm100_common.inl:{761 if two else 701}"
        )
    f8f6f4 = instr == "MXF4F6F8"
    ea = UNPACK.get(da, da) if f8f6f4 else da
    eb = UNPACK.get(db, db) if f8f6f4 else db
    sm = "_2x1SM" if two else ""
    if f8f6f4:
        op = f"SM100_MMA_MXF8F6F4{sm}_SS<{ea},{eb},{cfg.acc},{sfa_t},{m},{n},{ma},{mb}>"
        op_engine = f"SM100_MMA_MXF8F6F4{sm}_SS<{da},{db},{cfg.acc},{sfa_t},{m},{n},{ma},{mb}>"
    else:
        op = op_engine = f"SM100_MMA_MXF4{sm}_SS<{ea},{eb},{cfg.acc},{sfa_t},{m},{n},{vs},{ma},{mb}>"
    try:
        # the unpacked-in-smem types print as their packed types do (a TiledMMA's print names no value type)
        tiled = make_tiled_mma(op_engine, None)
    except CuteDumpError as e:
        raise Refused(e.message, "cute/atom/mma_traits_sm100.hpp") from None
    # sm1xx_gemm_check_for_f8f6f4_mix8bit_requirement (sm1xx_common.inl:203)
    if f8f6f4:
        tm = m // 2 if two else m
        ok_a = da not in UNPACK or (k % 128 == 0 if ma == "K" else tm % 128 == 0)
        ok_b = db not in UNPACK or (n % (256 if two else 128) == 0 if mb == "MN" else k % 128 == 0)
        if not (ok_a and ok_b):
            raise Refused("TileSize and MNK Major does not met with MMA Mix 8-bit TMA load requirement", f"{BB}:164")
    shape_a = partition_shape(tiled, "A", (C(m), C(k)))
    shape_b = partition_shape(tiled, "B", (C(n), C(k)))
    blk_am = int(size(shape_a[0][0])) * int(size(shape_a[1]))
    blk_ak = int(size(shape_a[0][1])) * int(size(shape_a[2]))
    blk_bn = int(size(shape_b[0][0])) * int(size(shape_b[1]))
    copy_a, copy_b = tma_atoms(cfg, two)
    cm = cfg.cluster[0]
    if two:
        sfb_op = "SM100_TMA_2SM_LOAD_MULTICAST"
        copy_sfb = Choice(sfb_op, f"{UC}:271", Phrase("coll.tma_sfb_2sm", sm="2SM", op=sfb_op))
    elif cfg.dynamic_cluster is not None:
        sfb_op = "SM90_TMA_LOAD_MULTICAST"
        copy_sfb = Choice(
            sfb_op, f"{UC}:282", Phrase("coll.tma_dynamic", operand="SFB", cluster="Shape<int,int,_1>", op=sfb_op)
        )
    else:
        copy_sfb = sm90_tma_atom(cm, "M", "SFB")
    copy_sfa = Choice(copy_a.value, f"{BB}:188", Phrase("coll.tma_sfa", op=copy_a.value))
    alloc_a = "uint8_t" if f8f6f4 else ea
    alloc_b = "uint8_t" if f8f6f4 else eb
    bits_alloc_a, bits_alloc_b = (8, 8) if f8f6f4 else (bits_a, bits_b)
    atom_a = _bs_smem_selector(ma, alloc_a, bits_alloc_a, blk_am, blk_ak)
    atom_b = _bs_smem_selector(mb, alloc_b, bits_alloc_b, blk_bn, blk_ak)
    try:
        sf_atom_a = SL.smem_layout_sf(vs, tiled, (C(m), C(n), C(k)), "A")
        sf_atom_b = SL.smem_layout_sf(vs, tiled, (C(m), C(n), C(k)), "B")
    except CuteDumpError as e:
        raise Refused(e.message, "cutlass/detail/sm100_blockscaled_layout.hpp (deduce_smem_layoutSFA/SFB)") from None
    acc = 1 if n == 256 else 2
    # SchedulerPipelineStageCount (sm100_blockscaled_umma_builder.inl:242): 8 for pointer layout tags, else 2; a
    # ptr-array kernel keeps 4 TMA descriptors (A, SFA, B, SFB) in smem
    sched_n, maps = (8 if cfg.grouped else 2), (4 if array else 0)
    kernel_carve = kernel_carveout(acc, sched_n, maps)
    cap = SMEM_CAPACITY - kernel_carve

    def filtered(lay):
        return int(size(filter_zeros(lay)))

    sfa_bytes, sfb_bytes = filtered(sf_atom_a), filtered(sf_atom_b)
    ab_bytes = (bits_alloc_a * blk_am * blk_ak + 7) // 8 + (bits_alloc_b * blk_bn * blk_ak + 7) // 8
    pipe = cutlass_fact("blockscaled_stage_pipeline_bytes")  # 4.7: the pipeline's 16 bytes rounded up to 128
    per = ab_bytes + pipe + sfa_bytes + sfb_bytes
    if cfg.stages is not None:
        stages = Choice(cfg.stages, f"{BB}:55", Phrase("coll.stages_given", stages=cfg.stages))
    else:
        s = (cap - carveout) // per
        stages = Choice(
            s,
            f"{BB}:70",
            Phrase(
                "coll.stages_auto_bs",
                carveout=carveout,
                capacity=SMEM_CAPACITY,
                kernel_carve=kernel_carve,
                acc_stages=acc,
                ab_bytes=ab_bytes,
                sfa=sfa_bytes,
                sfb=sfb_bytes,
                pipeline_bytes=pipe,
                per=per,
                stages=s,
            ),
        )
        if sched_n != 2 or maps:
            stages.why = Phrase(
                "coll.carveout_array", why=stages.why, sched_stages=sched_n, maps=maps, bytes=TMA_DESC_BYTES * maps
            )
    st = stages.value
    if st <= 0:
        raise Refused("Smem usage is too high. Can't create any SMEM buffers for A, B, SFA, and SFB.", f"{BB}:259")
    mma_k = 32 if f8f6f4 else 64  # the UMMA's K: 32 (MXF8F6F4), 64 (MXF4/NVF4)
    if k % mma_k:
        raise Refused("Static cluster shape used: TileShape should be evenly divided by TiledMma", f"{BC}:122")

    def staged(lay):
        # SmemLayoutSFA/SFB (sm100_blockscaled_mma_warpspecialized.hpp:229): the stage mode appended, its stride
        # size(filter_zeros(atom))
        return Layout((*lay.shape, C(st)), (*lay.stride, C(filtered(lay))))

    sf_a, sf_b = staged(sf_atom_a), staged(sf_atom_b)
    # the collective's Params make the SFA/SFB TMA atoms over one stage (make_tma_atom_A_sm100 of SmemLayoutSFA):
    # a stage holds 4 scale factors per row per k-block, so a tile K of other than 4k x SFVecSize elements is a
    # smem layout smaller than the scale factors' CTA tile
    if (k // vs) % 4:
        raise Refused(
            "TMA requires CTA_Tile and SLayout top-level size equivalence.",
            f"cute/atom/copy_traits_sm90_tma.hpp:740 (the SFA/SFB TMA atoms of {BC}'s Params: tile K {k} = "
            f"{k // vs} scale factors per row, not a multiple of 4)",
        )
    tensors = (
        (bits_alloc_a * blk_am * blk_ak * st + 7) // 8
        + (bits_alloc_b * blk_bn * blk_ak * st + 7) // 8
        + int(cosize(sf_a))
        + int(cosize(sf_b))
    )
    shared = -(-(-(-tensors // 128) * 128 + TMA_DESC_BYTES * maps + PIPELINE_BYTES_PER_STAGE * st) // 128) * 128
    ml = Mainloop100()
    ml.sched_stages = sched_n
    policy = (
        "MainloopSm100ArrayTmaUmmaWarpSpecializedBlockScaled"
        if array
        else "MainloopSm100TmaUmmaWarpSpecializedBlockScaled"
    )
    pol_why = Phrase(
        "coll.sm100_policy_bs",
        policy=policy,
        stages=st,
        sched_stages=sched_n,
        acc_stages=acc,
        cluster=cluster_print(cfg),
        n=n,
    )
    if array or cfg.grouped:
        pol_why = Phrase("coll.sm100_sched_stages", why=pol_why, sched_why=_sched_stages_phrase(cfg, sched_n))
    ml.schedule = Choice(
        "KernelPtrArrayTmaWarpSpecializedBlockScaledSm100" if array else "KernelTmaWarpSpecializedBlockScaledSm100",
        f"{BB}:261",
        pol_why,
    )
    ml.dispatch_policy = Choice(
        policy, f"{BB}:261", Phrase("coll.dp_tma_umma_bs_array" if array else "coll.dp_tma_umma_bs")
    )
    instr_why = (
        Phrase("coll.bs_instr_fixed", schedule=sched, instr="MXF8F6F4" if f8f6f4 else "MXF4/NVF4")
        if fixed
        else (
            Phrase("coll.bs_instr_mxf4", bits=4, instr="MXF4/NVF4")
            if not f8f6f4
            else Phrase("coll.bs_instr_f8f6f4", a=da, b=db, ma=ma, mb=mb, instr="MXF8F6F4", narrow="6/8")
        )
    )
    ml.mma_op = Choice(op, f"{BX}:730", Phrase("coll.bs_mma", sm=why_2sm, instr=instr_why, vs=vs))
    ml.tiled = tiled
    ml.atom_layout = None
    ml.element_a, ml.element_b, ml.major_a, ml.major_b = alloc_a, alloc_b, ma, mb
    ml.smem_atom_a, ml.smem_atom_b = atom_a, atom_b
    ml.stages, ml.copy_a, ml.copy_b = stages, copy_a, copy_b
    ml.copy_sfa, ml.copy_sfb = copy_sfa, copy_sfb
    ml.acc_stages = acc
    ml.shape_a, ml.shape_b = shape_a, shape_b
    ml.stage_bytes = per
    ml.shared_storage_bytes = shared
    ml.is_2sm = two
    ml.block_scaled = True
    ml.sf_vec_size, ml.sf_type, ml.instr = vs, sfa_t, instr
    ml.data_a, ml.data_b = da, db
    ml.smem_atom_sfa, ml.smem_atom_sfb = str(sf_atom_a), str(sf_atom_b)
    ml.smem_sfa, ml.smem_sfb = str(sf_a), str(sf_b)
    ml.layout_sfa = str(SL.layout_sf(vs))
    ml.layout_sfb = ml.layout_sfa
    return ml


def _bs_smem_selector(major: str, alloc: str, bits: int, blk_mn: int, blk_k: int) -> Choice:
    """sm100_smem_selector over the builder's smem allocation type (uint8_t for the MXF8F6F4 MMA)."""
    if alloc in ELEMENT_BITS:
        return smem_selector(major, alloc, blk_mn, blk_k)
    raise NotModelled(f"the smem atom of {alloc} is not modelled")
