"""CUTLASS 4.2's SM103 block-scaled GEMM CollectiveBuilder (``sm103_blockscaled_umma_builder.inl``, example 89's FP4
"ultra" GEMM) and its collective (``sm103_blockscaled_mma_warpspecialized.hpp``): A and B as element pairs
``cute::tuple<float_e2m1_t, ElementSF>``, the SM103 UMMA ``SM103_MXF4_ULTRA{,_2x1SM}_SS_VS`` (K 96), two pipelines
(A/B and the scale factors, each its own stage count) and a scale-factor prefetch type. Its epilogue builder
(``epilogue/collective/builders/sm103_builder.inl``) is SM100's (collective/sm100.py).

The scale-factor atom and gmem layouts come from cutedump.scale (Sm103BlockScaledConfig); the builder's own smem
tilings of them (sm103_sfa/sfb_smem_atom_layout) are computed here with the layout algebra.
"""

from __future__ import annotations

from cutedump.collective.config import Config, element_pair_parts
from cutedump.collective.sm90 import Choice, NotModelled, Phrase, Refused

BB = "cutlass/gemm/collective/builders/sm103_blockscaled_umma_builder.inl"
BC = "cutlass/gemm/collective/sm103_blockscaled_mma_warpspecialized.hpp"
XC = "cutlass/gemm/collective/builders/sm1xx_common.inl"
DP = "cutlass/gemm/dispatch_policy.hpp"
TR = "cute/atom/mma_traits_sm100.hpp"

#: the builder's enable_if (sm103_blockscaled_umma_builder.inl:338): KernelScheduleSm103BlockScaledGemm's schedules
#: (dispatch_policy.hpp:853-873) -> (2SM, SFVecSize (find_vector_size, sm1xx_common.inl:137), prefetch disabled)
SCHEDULES = {
    **{
        f"KernelTmaWarpSpecialized{sm}BlockScaledMxNvf4UltraVs{vs}Sm103{p}": (sm == "2Sm", vs, p == "DisablePrefetch")
        for sm in ("1Sm", "2Sm")
        for vs in (16, 32)
        for p in ("TmaPrefetch", "DisablePrefetch")
    },
    "KernelScheduleSm103BlockScaledGemm": (False, 32, False),
    "KernelScheduleSm103BlockScaledMxNvf4UltraTmaPrefetch": (False, 32, False),
    "KernelScheduleSm103BlockScaledMxNvf4UltraDisablePrefetch": (False, 32, True),
}
#: dispatch_policy.hpp:870: the schedules without a prefetch suffix are the TmaPrefetch ones
ALIASES = {
    f"KernelTmaWarpSpecialized{sm}BlockScaledMxNvf4UltraVs{vs}Sm103": (
        f"KernelTmaWarpSpecialized{sm}BlockScaledMxNvf4UltraVs{vs}Sm103TmaPrefetch"
    )
    for sm in ("1Sm", "2Sm")
    for vs in (16, 32)
}
#: sm103g: the ptr-array schedules (KernelSchedulePtrArraySm103BlockScaledGemm's, dispatch_policy.hpp:876-888; the
#: builder's IsArrayOfPointersGemm, sm103_blockscaled_umma_builder.inl:483) -> (2SM, SFVecSize, prefetch disabled)
PTR_SCHEDULES = {
    **{
        f"KernelPtrArrayTmaWarpSpecialized{sm}BlockScaledMxNvf4UltraVs{vs}Sm103{p}": (
            sm == "2Sm",
            vs,
            p == "DisablePrefetch",
        )
        for sm in ("1Sm", "2Sm")
        for vs in (16, 32)
        for p in ("TmaPrefetch", "DisablePrefetch")
    },
    "KernelSchedulePtrArraySm103BlockScaledGemm": (False, 32, False),
    "KernelSchedulePtrArraySm103BlockScaledMxNvf4UltraTmaPrefetch": (False, 32, False),
    "KernelSchedulePtrArraySm103BlockScaledMxNvf4UltraDisablePrefetch": (False, 32, True),
}
#: dispatch_policy.hpp:890: the ptr-array schedules without a prefetch suffix are the DisablePrefetch ones (the
#: plain schedules' are the TmaPrefetch ones)
PTR_ALIASES = {
    f"KernelPtrArrayTmaWarpSpecialized{sm}BlockScaledMxNvf4UltraVs{vs}Sm103": (
        f"KernelPtrArrayTmaWarpSpecialized{sm}BlockScaledMxNvf4UltraVs{vs}Sm103DisablePrefetch"
    )
    for sm in ("1Sm", "2Sm")
    for vs in (16, 32)
}
KERNEL_SCHEDULES = ("KernelScheduleAuto", *SCHEDULES, *ALIASES, *PTR_SCHEDULES, *PTR_ALIASES)
#: sizeof(cute::TmaDescriptor): a ptr-array kernel keeps 4 in smem (A, B, SFA, SFB: the builder's TensorMapStorage,
#: sm103_blockscaled_umma_builder.inl:484, and the collective's SharedStorage::TensorMapStorage)
TMA_DESC_BYTES, TENSOR_MAPS = 128, 4
#: SM103's epilogue builder is SM100's (sm103_builder.inl:72)
EPILOGUE_SCHEDULES = (
    "EpilogueScheduleAuto",
    "TmaWarpSpecialized1Sm",
    "TmaWarpSpecialized2Sm",
    "NoSmemWarpSpecialized1Sm",
    "NoSmemWarpSpecialized2Sm",
)

#: cutlass::gemm::collective::detail::sm100_smem_capacity_bytes
SMEM_CAPACITY = 232448
#: sizeof(PipelineTmaUmmaAsync<1>::SharedStorage): a full and an empty barrier
PIPELINE_BYTES = 16
#: the builder's KernelSmemCarveout (sm103_blockscaled_umma_builder.inl:428): PipelineUmmaAsync<acc> (16 per
#: stage) + PipelineCLCFetchAsync<3> (48) + OrderedSequenceBarrier<1,2> (16) + 3 CLC responses (48) +
#: PipelineAsync<3> (48) + the TMEM dealloc barrier (8) + 4 bytes of TMEM base pointer per accumulator stage
CARVEOUT_BASE, CARVEOUT_PER_ACC_STAGE = 168, 20
#: the UMMA's K (mma_traits_sm100.hpp:3952: 256 bits... of three 4-bit MMAs: 96 elements)
MMA_K = 96
SCHEDULER_STAGES = 3


class Mainloop103:
    rs = cp_async = swap_ab = transpose_b = False
    gmma_layout_b = None
    block_scaled = True
    sm103 = True


def _no_builder(why: str):
    return Refused("Could not build a collective for given parameters.", f"{BB}:338: {why}")


def _atom(op: str, m: int, n: int, two: bool, pair_a, acc: str, vs: int):
    """MMA_Atom<SM103_MXF4_ULTRA{,_2x1SM}_SS_VS<..>> from its traits (mma_traits_sm100.hpp:3940, 3986)."""
    from cutedump.algebra import C, Layout  # start-up: the algebra only when an answer is built
    from cutedump.atoms.mma import MMAAtom  # start-up: as above
    from cutedump.atoms.mma_catalog.traits import MMATraits  # start-up: as above

    k = MMA_K
    if two:
        thr, h_m, h_n = Layout(C(2), C(1)), m // 2, n // 2
        la = Layout((C(2), (C(h_m), C(k))), (C(h_m), (C(1), C(m))))
        lb = Layout((C(2), (C(h_n), C(k))), (C(h_n), (C(1), C(n))))
        lc = Layout((C(2), (C(h_m), C(n))), (C(h_m), (C(1), C(m))))
    else:
        thr = Layout(C(1), C(0))
        la = Layout((C(1), (C(m), C(k))), (C(0), (C(1), C(m))))
        lb = Layout((C(1), (C(n), C(k))), (C(0), (C(1), C(n))))
        lc = Layout((C(1), (C(m), C(n))), (C(0), (C(1), C(m))))
    traits = MMATraits(
        name=op,
        cpp=op.replace(",K,K>", ",UMMA::Major::K,UMMA::Major::K>"),
        arch="SM103 UMMA",
        val_types=(acc, pair_a, pair_a, acc),
        shape_mnk=f"(_{m},_{n},_{k})",
        thr_id=str(thr),
        layout_a=str(la),
        layout_b=str(lb),
        layout_c=str(lc),
        family=op.split("<")[0],
        header="mma_traits_sm100.hpp",
    )
    return MMAAtom(traits)


def _sfa_atom(vs: int, cta_m: int, tile_k: int):
    """sm103_sfa_smem_atom_layout (sm103_blockscaled_umma_builder.inl:291): tiled_product(SfAtom,
    make_layout(shape_div((CTA M, K / SF_BUFFERS_PER_TILE_K), product_each(shape(SfAtom)))))."""
    from cutedump.algebra import C, make_layout, shape_div, tiled_product  # start-up: as above
    from cutedump.algebra.inttuple import product_each  # start-up: as above
    from cutedump.scale import layouts as SL  # start-up: the scale engine only for a block-scaled answer

    atom = SL.sm103_sf_atom(vs)
    bufs = 4 if vs == 16 else 2
    tiler = (C(cta_m), C(tile_k // bufs))
    return tiled_product(atom, make_layout(shape_div(tiler, product_each(atom.shape))))


def _sfb_atom(vs: int, n: int, tile_k: int):
    """sm103_sfb_smem_atom_layout (sm103_blockscaled_umma_builder.inl:299): MMA N 192 as 256; N 128 tiles SfAtom,
    other N a K-major atom of 256 rows (SfKMajorAtom256)."""
    from cutedump.algebra import C, Layout, make_layout, shape_div, tiled_product  # start-up: as above
    from cutedump.algebra.inttuple import product_each  # start-up: as above
    from cutedump.scale import layouts as SL  # start-up: as above

    bufs = 4 if vs == 16 else 2
    n_sf = 256 if n == 192 else n
    kk = tile_k // bufs
    tiler = (C(n_sf), C(kk))
    if n == 128:
        atom = SL.sm103_sf_atom(vs)
    else:
        atom = Layout(
            ((C(32), C(4), C(2)), (C(vs), C(4))),
            ((C(16), C(4), C(kk // vs // 4 * 512)), (C(0), C(1))),
        )
    return tiled_product(atom, make_layout(shape_div(tiler, product_each(atom.shape))))


def mainloop(cfg: Config, carveout: int):
    from cutedump.algebra import C, Layout, cosize, size  # start-up: as above
    from cutedump.algebra.layout import filter_zeros  # start-up: as above
    from cutedump.atoms.mma import make_tiled_mma  # start-up: as above
    from cutedump.collective import sm100 as S  # start-up: the SM100 helpers (TMA atoms, smem layouts)
    from cutedump.scale import layouts as SL  # start-up: as above

    pa, pb = element_pair_parts(cfg.a.element), element_pair_parts(cfg.b.element)
    if pa is None or pb is None:
        raise _no_builder(
            "ElementPairA/B must be cute::tuple<Element, ElementSF> (is_tuple_v; a block-scaled wrapper type is no "
            "tuple)"
        )
    sched = ALIASES.get(cfg.schedule, PTR_ALIASES.get(cfg.schedule, cfg.schedule))
    array = sched in PTR_SCHEDULES  # IsArrayOfPointersGemm (sm103_blockscaled_umma_builder.inl:483)
    if sched != "KernelScheduleAuto" and sched not in SCHEDULES and not array:
        raise _no_builder(
            f"{cfg.schedule} derives from neither KernelScheduleSm103BlockScaledGemm nor "
            "KernelSchedulePtrArraySm103BlockScaledGemm"
        )
    (da, sfa), (db, _sfb) = pa, pb
    bits_a, bits_b = cfg.a.bits, cfg.b.bits
    # sm1xx_blockscaled_gemm_is_aligned (sm1xx_common.inl:379): 128 bits (no Mxf8f6f4 schedule on SM103)
    if (bits_a * cfg.alignment("a")) % 128 or (bits_b * cfg.alignment("b")) % 128:
        raise _no_builder(
            f"sm1xx_blockscaled_gemm_is_aligned: A x{cfg.alignment('a')} / B x{cfg.alignment('b')} is not a multiple "
            "of 128 bits"
        )
    m, n, k = cfg.tile
    if k != 768:
        raise Refused("TileShape_K should 768 for MMA kernels", f"{BB}:359")
    if not (cfg.a_k_major and cfg.b_k_major):
        raise Refused("Only K major inputs are supported", f"{BB}:363")
    if da != "float_e2m1_t":
        raise Refused("Incorrect type for A matrix", f"{BB}:365")
    if db != "float_e2m1_t":
        raise Refused("Incorrect type for B matrix", f"{BB}:366")
    if sched == "KernelScheduleAuto":
        vs, prefetch_off = 32, False
        two = cfg.dynamic_cluster is None and cfg.cluster[0] % 2 == 0
        key = (
            "coll.sm103_auto_even"
            if two
            else ("coll.sm103_auto_dynamic" if cfg.dynamic_cluster is not None else "coll.sm103_auto_odd")
        )
        why_sm = Phrase(key, cm=cfg.cluster[0], sm="2SM" if two else "1SM", vs=vs)
    else:
        two, vs, prefetch_off = PTR_SCHEDULES[sched] if array else SCHEDULES[sched]
        why_sm = Phrase("coll.umma_schedule", schedule=cfg.schedule, sm="2SM" if two else "1SM")
    # sm103_make_blockscaled_1sm/2sm_tiled_mma (sm103_blockscaled_umma_builder.inl:104, 133)
    if m not in (128, 256):
        raise Refused("Invalid TileShape_M.", f"{BB}:{137 if two else 110}")
    if n % 64 or n > 256:
        raise Refused("Invalid TileShape_N.", f"{BB}:{140 if two else 113}")
    if not two and m != 128:
        # the 1SM UMMA's own check (SM103_MXF4_ULTRA_SS_VS, cute/arch/mma_sm100_umma.hpp:1644)
        raise Refused("MMA M-mode size should be 128 for 1 CTA cluster MMA.", "cute/arch/mma_sm100_umma.hpp:1644")
    # the UMMA's own check (SM103_MXF4_ULTRA{,_2x1SM}_SS_VS, cute/arch/mma_sm100_umma.hpp:1646): VS 32 takes ue8m0
    if vs == 32 and sfa != "float_ue8m0_t":
        raise Refused(
            "Vector size can only be 4x mode (VS=16) or 2x mode (VS=32) for MMA. 2x mode only supports float_e2m1_t "
            "for a/b types and ue8m0_t for sf type",
            f"cute/arch/mma_sm100_umma.hpp:{1715 if two else 1646}",
        )
    sm = "_2x1SM" if two else ""
    op = f"SM103_MXF4_ULTRA{sm}_SS_VS<float_e2m1_t,float_e2m1_t,{cfg.acc},{sfa},{m},{n},{vs},K,K>"
    atom = _atom(op, m, n, two, "float_e2m1_t", cfg.acc, vs)
    tiled = make_tiled_mma(atom)
    nthr = 2 if two else 1
    cta_m = m // nthr
    if cfg.stages is not None:
        # sm103_compute_stage_count_or_override_blockscaled(StageCount<N>) returns the int N, of which the builder
        # takes get<0> and get<1> (sm103_blockscaled_umma_builder.inl:452): cute::get of an int
        raise Refused(
            "Index out of range",
            f"cute/container/tuple.hpp (get<0> of StageCount<{cfg.stages}>'s int at {BB}:452: the SM103 builder takes "
            "its two stage counts from StageCountAutoCarveout only)",
        )
    # the collective: CtaShape_MNK = TileShape / AtomThrShapeMNK (its N is the tile's)
    if n not in (128, 192, 256):
        raise Refused("Cta N should be one of 128/192/256", f"{BC}:139")
    if sfa != _sfb:
        raise Refused("SFA and SFB data types should be the same", f"{BC}:162")
    if cfg.grouped and not array:
        # sm103g: pointer layout tags with a plain schedule (or Auto): the non-array collective's Params type TMA_A
        # (sm103_blockscaled_mma_warpspecialized.hpp:345) makes a tensor of StrideA, here a pointer
        raise Refused(
            "Expected layout args... in make_tensor(iter, args...)",
            f"cute/tensor_impl.hpp:412 (TMA_A of {BC}:345: StrideA is a pointer, TagToStrideA_t<LayoutA *>; a grouped "
            "GEMM takes a ptr-array schedule, KernelPtrArrayTmaWarpSpecialized*Sm103)",
        )
    if cta_m % 128:
        # the Params' TMA_SFA (sm103_blockscaled_mma_warpspecialized.hpp:359, part of the class): the CTA's tile of
        # scale factors (CTA M rows) against one stage of SmemLayoutSFA (whole 128-row atoms)
        raise Refused(
            "TMA requires CTA_Tile and SLayout top-level size equivalence.",
            f"cute/atom/copy_traits_sm90_tma.hpp:740 (TMA_SFA of {BC}:359: CTA M {cta_m} rows of scale factors, one "
            "smem stage of 128-row atoms)",
        )
    copy_a, copy_b = S.tma_atoms(cfg, two)
    if two:
        sfb_op = "SM100_TMA_2SM_LOAD_MULTICAST"
        copy_sfb = Choice(sfb_op, f"{S.UC}:271", Phrase("coll.tma_sfb_2sm", sm="2SM", op=sfb_op))
    elif cfg.dynamic_cluster is not None:
        # sm100_cluster_shape_to_tma_atom_SFB (sm100_common.inl:282): a dynamic cluster forces the multicast atom
        sfb_op = "SM90_TMA_LOAD_MULTICAST"
        copy_sfb = Choice(
            sfb_op, f"{S.UC}:282", Phrase("coll.tma_dynamic", operand="SFB", cluster="Shape<int,int,_1>", op=sfb_op)
        )
    else:
        copy_sfb = S.sm90_tma_atom(cfg.cluster[0], "M", "SFB")
    copy_sfa = Choice(copy_a.value, f"{BB}:400", Phrase("coll.tma_sfa", op=copy_a.value))
    sf_atom_a = _sfa_atom(vs, cta_m, k)
    sf_atom_b = _sfb_atom(vs, n, k)

    def filtered(lay):
        return int(size(filter_zeros(lay)))

    sfa_bytes, sfb_bytes = filtered(sf_atom_a), filtered(sf_atom_b)
    acc_stages = 1 if n == 256 else 2
    maps = TENSOR_MAPS if array else 0  # + TensorMapStorage (sm103_blockscaled_umma_builder.inl:484)
    kernel_carve = CARVEOUT_BASE + CARVEOUT_PER_ACC_STAGE * acc_stages + TMA_DESC_BYTES * maps
    cap = SMEM_CAPACITY - kernel_carve
    # SmemTileShape (MMA M / atom, MMA N / atom, 128 bytes): one stage of A and B as uint8_t
    ab_bytes = cta_m * 128 + n // nthr * 128
    per = ab_bytes + 2 * PIPELINE_BYTES + sfa_bytes + sfb_bytes
    per_sf = PIPELINE_BYTES + sfa_bytes + sfb_bytes
    ab = (cap - carveout) // per
    sf = ab + (cap - carveout - ab * per) // per_sf
    stages = Choice(
        ab,
        f"{BB}:79",
        Phrase(
            "coll.sm103_stages",
            carveout=carveout,
            capacity=SMEM_CAPACITY,
            kernel_carve=kernel_carve,
            acc_stages=acc_stages,
            ab_bytes=ab_bytes,
            sfa=sfa_bytes,
            sfb=sfb_bytes,
            pipeline_bytes=2 * PIPELINE_BYTES,
            per=per,
            stages=ab,
        ),
    )
    if array:
        stages.why = Phrase("coll.sm103_carveout_array", why=stages.why, maps=maps, bytes=TMA_DESC_BYTES)
    sf_stages = Choice(
        sf,
        f"{BB}:80",
        Phrase(
            "coll.sm103_sf_stages",
            ab=ab,
            left=cap - carveout - ab * per,
            pipeline_bytes=PIPELINE_BYTES,
            sfa=sfa_bytes,
            sfb=sfb_bytes,
            per=per_sf,
            stages=sf,
        ),
    )

    def staged(lay, st):
        # SmemLayoutSFA/SFB (sm103_blockscaled_mma_warpspecialized.hpp:281): the SF pipeline's stage mode appended,
        # its stride size(filter_zeros(atom))
        return Layout((*lay.shape, C(st)), (*lay.stride, C(filtered(lay))))

    sf_a, sf_b = staged(sf_atom_a, sf), staged(sf_atom_b, sf)
    shape_a = ((C(cta_m), C(16)), C(1), C(8))
    shape_b = ((C(n // nthr), C(16)), C(1), C(8))
    if ab < 1 or sf < 1:
        # the builder has no static_assert here: CUTLASS builds a collective with no A/B stage
        raise NotModelled(
            f"StageCountAutoCarveout<{carveout}> leaves {cap - carveout} bytes for stages of {per} bytes: CUTLASS's SM103 "
            f"builder ({BB}:79) builds a collective with {ab} A/B stages (no static_assert); not modelled"
        )

    def ru(x, a):
        return -(-x // a) * a

    # SharedStorage (sm103_blockscaled_mma_warpspecialized.hpp:320): only TensorStorage is a member (the pipelines'
    # storage is a nested type the kernel places): A, B (uint8_t), SFA, SFB (one byte each), 128-aligned
    tensors = cta_m * 128 * ab + n // nthr * 128 * ab + int(cosize(sf_a)) + int(cosize(sf_b))
    ml = Mainloop103()
    cl = S.cluster_print(cfg)
    pf = "Disable" if prefetch_off else "TmaPrefetch"
    policy = (
        "MainloopSm103ArrayTmaUmmaWarpSpecializedBlockScaled"
        if array
        else "MainloopSm103TmaUmmaWarpSpecializedBlockScaled"
    )
    ml.schedule = Choice(
        "KernelPtrArrayTmaWarpSpecializedBlockScaledSm103" if array else "KernelTmaWarpSpecializedBlockScaledSm103",
        f"{DP}:{1282 if array else 1260}",
        Phrase(
            "coll.sm103_policy",
            policy=policy,
            stages=ab,
            sf_stages=sf,
            sched_stages=SCHEDULER_STAGES,
            acc_stages=acc_stages,
            cluster=cl,
            prefetch=pf,
            n=n,
        ),
    )
    if cfg.grouped:  # pointer layout tags: a grouped GEMM (example 90)
        ml.schedule.why = Phrase("coll.grouped", why=ml.schedule.why)
    ml.dispatch_policy = Choice(
        policy, f"{BB}:456", Phrase("coll.dp_tma_umma_bs_array" if array else "coll.dp_tma_umma_bs")
    )
    base = f"KernelSchedule{'PtrArray' if array else ''}Sm103BlockScaledMxNvf4UltraDisablePrefetch"
    pf_why = Phrase(
        "coll.sm103_prefetch_off" if prefetch_off else "coll.sm103_prefetch_on",
        schedule=sched if cfg.schedule in PTR_ALIASES else cfg.schedule,
        base=base,
        value=pf,
    )
    if cfg.schedule in PTR_ALIASES:  # dispatch_policy.hpp:890: the suffixless ptr-array names are DisablePrefetch's
        pf_why = Phrase("coll.sm103_ptr_alias", alias=cfg.schedule, schedule=sched, why=pf_why)
    ml.prefetch = Choice(pf, f"{BB}:{460 if array else 411}", pf_why)
    ml.mma_op = Choice(op, f"{BB}:164", Phrase("coll.sm103_mma", sm=why_sm, vs=vs, k=MMA_K))
    ml.tiled = tiled
    ml.atom_layout = None
    ml.element_a = ml.element_b = "uint8_t"
    ml.major_a = ml.major_b = "K"
    ml.smem_atom_a = Choice(
        "UMMA::Layout_K_SW128_Atom<uint8_t>", f"{BB}:395", Phrase("coll.sm103_smem_atom", alloc="uint8_t", sw="SW128")
    )
    ml.smem_atom_b = Choice(
        "UMMA::Layout_K_SW128_Atom<uint8_t>", f"{BB}:408", Phrase("coll.sm103_smem_atom", alloc="uint8_t", sw="SW128")
    )
    ml.stages, ml.sf_stages = stages, sf_stages
    ml.copy_a, ml.copy_b, ml.copy_sfa, ml.copy_sfb = copy_a, copy_b, copy_sfa, copy_sfb
    ml.acc_stages = acc_stages
    ml.shape_a, ml.shape_b = shape_a, shape_b
    ml.stage_bytes = per
    # + the ptr-array collective's TensorMapStorage (sm103_blockscaled_mma_array_warpspecialized.hpp:303): 4 TMA
    # descriptors, 128-aligned
    ml.shared_storage_bytes = ru(tensors, 128) + TMA_DESC_BYTES * maps
    ml.array = array
    ml.is_2sm = two
    ml.sf_vec_size, ml.sf_type, ml.instr = vs, sfa, "MXF4_NVF4"
    ml.data_a, ml.data_b = da, db
    ml.smem_atom_sfa, ml.smem_atom_sfb = str(sf_atom_a), str(sf_atom_b)
    ml.smem_sfa, ml.smem_sfb = str(sf_a), str(sf_b)
    ml.layout_sfa = ml.layout_sfb = str(SL.layout_sf(vs, sm103=True))
    return ml
