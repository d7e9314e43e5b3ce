"""CUTLASS 4.2's SM90 mixed-input GEMM builder as rules: GMMA_TMA_WS_RS (``sm90_gmma_builder.inl:305``) with A and B
of two widths and no scales (ConvertOnly: the narrow operand is converted to the wide one's type in registers,
``ConversionMode::DirectConvert``), and its collective ``MainloopSm90TmaGmmaRmemAWarpSpecializedMixedInput``
(``sm90_mma_tma_gmma_rs_warpspecialized_mixed_input.hpp``), as CUTLASS's example 55 builds it.

The rules' order is CUTLASS's: the builder's static_asserts, its TiledMMA and smem atoms, its stage count, then the
collective it instantiates itself (whose checks come before the epilogue's pending ones). The objects come from
cutedump's engines (sm90.py's selectors, cutedump.expr), as for the other SM90 mainloops.
"""

from __future__ import annotations

from cutedump.collective import reorder as Q
from cutedump.collective import sm90 as R
from cutedump.collective.config import Config, lut_scale
from cutedump.collective.sm90 import GB, Choice, NotModelled, Phrase, Refused
from cutedump.versions import cutlass_fact

MIX = "cutlass/gemm/collective/sm90_mma_tma_gmma_rs_warpspecialized_mixed_input.hpp"
ARRAY_MIX = "cutlass/gemm/collective/sm90_mma_array_tma_gmma_rs_warpspecialized_mixed_input.hpp"
#: the schedules whose builder is GMMA_TMA_WS_RS (its enable_if), True where its AtomLayoutMNK is 2x1x1; the
#: ptr-array ones (grouped, issue 44 grp69: example 69) build MainloopSm90ArrayTmaGmmaWarpSpecializedMixedInput
MIXED_SCHEDULES = {
    "KernelTmaWarpSpecialized": False,
    "KernelTmaWarpSpecializedPingpong": False,
    "KernelTmaWarpSpecializedCooperative": True,
    "KernelPtrArrayTmaWarpSpecializedCooperative": True,
    "KernelPtrArrayTmaWarpSpecializedPingpong": False,
}
#: the mixed-input builder's TensorMapStorage: four TMA descriptors (A, B, scale, zero), taken off the capacity of a
#: ptr-array schedule's stage count (sm90_gmma_builder.inl:448)
MIXED_TENSORMAPS = 4
#: the collectives' lines cited (the transformed operand K-major, the unscaled one, CtaShape_MNK, the atoms dividing
#: the tile, the stage count, the three conversion modes): MIX's and ARRAY_MIX's
_LINES = (149, 155, 160, 222, 226, 243, 261, 264, 267, 204)
_ARRAY_LINES = (143, 149, 154, 208, 212, 228, 245, 248, 251, 195)
#: cute::uint_bit<N> is defined for these N (cute/numeric/int.hpp:91-100): the collective's TmaElementScale is
#: uint_bit_t<sizeof_bits of the scale>, so a lookup-table scale of another size does not compile
UINT_BIT_SIZES = (1, 2, 4, 6, 8, 16, 32, 64, 128, 256)
#: sizeof(ArrayEngine<float, 0>): the collective's smem_scale and smem_zero arrays with no scales (array_aligned's
#: 16-byte alignment, cute/container/array_aligned.hpp)
EMPTY_ARRAY_BYTES = 16


def scale_bits(t: str) -> int:
    """sizeof_bits of a scale/zero type: a lookup-table scale cutlass::Array<T, N> is sizeof(Array) x 8 = N x T's
    bits (cutlass/array.h:74: T of whole bytes, no padding)."""
    lut = lut_scale(t)
    return lut[1] * R.ELEMENT_BITS[lut[0]] if lut else R.ELEMENT_BITS[t]


def is_mixed(cfg: Config) -> bool:
    """The builder's IsMixedInput: A and B of different sizeof_bits."""
    return cfg.a.bits != cfg.b.bits


def _sizeof(bits: int) -> int:
    """sizeof(T): a sub-byte type (int4b_t) is one byte."""
    return max(1, bits // 8)


def _tma_compatible(cfg: Config) -> bool:
    """detail::is_aligned<A, AlignmentA, B, AlignmentB, tma_alignment_bytes> (sm90_common.inl:434): sizeof(T) *
    alignment, a multiple of 16 bytes for A and B."""
    return all(
        _sizeof(op.bits) * cfg.alignment(w) % R.TMA_ALIGNMENT_BYTES == 0 for op, w in ((cfg.a, "a"), (cfg.b, "b"))
    )


def resolve_schedule(cfg: Config) -> Choice:
    """KernelScheduleAuto with mixed widths (sm90_gmma_builder.inl:1014): a TMA warp-specialized schedule (Pingpong
    for a 64-row tile, else Cooperative) when A and B are TMA-aligned; else CUTLASS refuses (no cp.async kernel for
    mixed widths)."""
    if cfg.schedule != "KernelScheduleAuto":
        return R.resolve_schedule(cfg)
    if not _tma_compatible(cfg):
        raise Refused("Only TMA warp specialized kernels are supported for mixed width input.", f"{GB}:1023")
    return R.resolve_schedule(cfg._replace(align=(cfg.alignment("a"), cfg.alignment("b"), *cfg.align[2:])))


def mainloop(cfg: Config, carveout: int, deferred: Refused | None = None) -> R.Mainloop:
    """The GMMA_TMA_WS_RS builder's mixed-input path and its collective, for A and B of different widths."""
    sched = resolve_schedule(cfg)
    s = sched.value
    R._grouped_check(cfg, s)
    array = s in R.PTR_ARRAY and s in MIXED_SCHEDULES  # the grouped (ptr-array) mixed-input collective
    mix, ln = (ARRAY_MIX, _ARRAY_LINES) if array else (MIX, _LINES)
    if s not in MIXED_SCHEDULES and (cfg.a.scale or cfg.b.scale):
        raise NotModelled(
            f"a scaled operand with {s}: CUTLASS's builder for {s} is not the mixed-input RS builder (GMMA_TMA_WS_RS, "
            f"{GB}:305), which is the one that takes cute::tuple<Element, ElementScale[, ElementZero]>; not modelled"
        )
    if s not in MIXED_SCHEDULES and cfg.has_layout_type:
        raise NotModelled(
            f"a reordered CuTe Layout type (examples 55 and 69's shuffled operand) with {s}: CUTLASS's builder for {s} "
            f"is not the mixed-input RS builder (GMMA_TMA_WS_RS, {GB}:305), which is the one that hands a Layout type "
            "to its collective; not modelled"
        )
    if s not in MIXED_SCHEDULES:
        return None  # another builder (KernelTma, FP8FastAccum, cp.async): sm90.mainloop's rules answer
    if cfg.a.scale and cfg.b.scale:  # both tuples (the builder's first static_assert on its element types)
        raise Refused("Either A OR B must be a tuple or the widths of A and B must be different.", f"{GB}:367")
    if not _tma_compatible(cfg):
        raise Refused("Should meet TMA alignment requirement\n", f"{GB}:399")
    m, n, k = cfg.tile
    a_narrow = cfg.a.bits < cfg.b.bits  # IsANarrow = IsATransformed: the narrow operand is the converted one
    wide_op = cfg.b if a_narrow else cfg.a
    if wide_op.scale:
        raise NotModelled(
            f"{cfg.a.element} x {cfg.b.element}: scale/zero types on the wide operand ({wide_op.element}): CUTLASS's "
            f"SM90 mixed-input RS builder (GMMA_TMA_WS_RS, {GB}:305) then converts the wide operand; not modelled "
            "(example 55 pairs the scales with the narrow operand)"
        )
    scale = (cfg.a if a_narrow else cfg.b).scale
    el_scale = scale[0] if scale else "void"
    el_zero = scale[1] if len(scale) > 1 else "void"
    swap = not a_narrow  # SwapAB: the operand converted in registers must be the MMA's A
    # gmma_rs_tag_to_major_A/B: MN where is_mn_major (a Layout type's: its stride's, get_stride), else K
    ma = "MN" if cfg.a_mn_major else "K"
    mb = "MN" if cfg.b_mn_major else "K"
    # the collective's K-major checks take a Layout type as K-major (is_layout<Stride>: the reordered operand)
    lay_a, lay_b = (Q.is_layout_type(o.layout) for o in (cfg.a, cfg.b))
    ka, kb = cfg.a_k_major or lay_a, cfg.b_k_major or lay_b
    if not array and cfg.a_mn_major and cfg.b_mn_major:
        # is_warpspecialized_transpose_B: not two 2-byte inputs, both MN-major, a schedule derived from
        # KernelTmaWarpSpecialized[Pingpong|Cooperative] (the ptr-array schedules are not)
        raise Refused("Mixed input GEMM does not support WS transpose B.", f"{GB}:409")
    ea = "tfloat32_t" if cfg.a.element == "float" else cfg.a.element
    eb = "tfloat32_t" if cfg.b.element == "float" else cfg.b.element
    narrow, wide = (ea, eb) if a_narrow else (eb, ea)
    wide_major = mb if a_narrow else ma  # TiledMmaGmmaMajorB
    if wide_major != "K" and R.ELEMENT_BITS[wide] != 16:
        raise Refused("Mixed input GEMM does not support MN major layout except for 16bit", f"{GB}:426")
    # the MMA: rs_op_selector<RealElementB, RealElementB, ...>: the wide type on both sides, both K-major
    op = R.ss_op(cfg.acc, wide, wide, cfg.tile, "K", "K", rs=True)
    atom_a = R.rs_smem_selector(ma, ea, m, k, False)
    atom_b = R.rs_smem_selector(mb, eb, n, k, False)
    align = max(R._swizzle_alignment(atom_a.value), R._swizzle_alignment(atom_b.value))
    if cfg.stages is not None and not cutlass_fact("sm90_rs_stage_count_bytes"):
        # 4.7: compute_stage_count_or_override_single_affine_transformed_input(StageCount<N>) returns N
        stages = Choice(cfg.stages, f"{GB}:119", Phrase("coll.stages_given", stages=cfg.stages))
    elif cfg.stages is not None:
        # PipelineStages (after the TiledMMA and the smem atoms) reads StageCountType::bytes, which StageCount<N> has not: a compile error
        raise Refused(
            f"‘bytes’ is not a member of ‘cutlass::gemm::collective::StageCount<{cfg.stages}>’",
            f"{GB}:456, a compile error: the mixed-input builder takes StageCountAuto/StageCountAutoCarveout only",
        )
    else:
        stages = _stage_count(cfg, narrow, wide, el_scale, el_zero, carveout, align, array)
    # the collective (instantiated by the builder itself: its checks come before the epilogue's)
    narrow_k = ka if a_narrow else kb
    if not narrow_k:
        raise Refused("The transformed type must be K-major.", f"{mix}:{ln[0]}")
    if R.ELEMENT_BITS[wide] != 16 and not (ka and kb):
        raise Refused("The unscaled element must be 2 bytes OR both inputs must be K-major", f"{mix}:{ln[1]}")
    R._collective_start(cfg, None, f"{mix}:{ln[2]}")
    if el_scale != "void" and scale_bits(el_scale) not in UINT_BIT_SIZES:  # TmaElementScale: a compile error
        raise Refused(
            f"invalid use of incomplete type ‘struct cute::uint_bit<{scale_bits(el_scale)}>’",
            f"{mix}:{ln[9]}, a compile error: TmaElementScale = uint_bit_t<sizeof_bits of {el_scale}>",
        )
    # SwappedSmemLayoutAtomA/B: the converted operand's atom tiles (M, K), the wide one's (N, K)
    (ia, mn_a), (ib, mn_b) = (
        ((atom_a.value, ma), (atom_b.value, mb)) if a_narrow else ((atom_b.value, mb), (atom_a.value, ma))
    )
    for atom, el, ext in ((ia, narrow, m), (ib, wide, n)):
        sa = R.atom_shape(atom, el)
        if ext % sa[0] or k % sa[1]:
            raise Refused("SmemLayoutAtom must evenly divide tile shape.", f"{mix}:{ln[3] if atom is ia else ln[4]}")
    st = stages.value
    if st < 2:
        raise Refused("Specialization requires Stages set to value 2 or more.", f"{mix}:{ln[5]}")
    # SmemAlignmentA/B: alignment_for_swizzle of the collective's smem layouts (a Layout type's is unswizzled: 128)
    lay_conv, lay_wide = (lay_a, lay_b) if a_narrow else (lay_b, lay_a)
    al_a = 128 if lay_conv else R._swizzle_alignment(ia)
    al_b = 128 if lay_wide else R._swizzle_alignment(ib)
    if max(al_a, al_b) != align:  # the builder's last check (its atoms' alignment is the collective's)
        raise Refused(
            "static assertion failed",
            f"{GB}:497, static_assert(SmemAlignment == max(CollectiveOp::SmemAlignmentA, SmemAlignmentB)): the "
            f"builder's smem atoms align to {align} bytes, the collective's smem layouts to {max(al_a, al_b)} (a "
            "Layout type's is unswizzled: 128)",
        )
    if deferred is not None:
        raise deferred
    bytes_a = R._bits_to_bytes(m * k * st * R.ELEMENT_BITS[narrow])
    bytes_b = R._bits_to_bytes(n * k * st * R.ELEMENT_BITS[wide])
    # smem_scale and smem_zero: cosize(SmemLayoutScale) = M x Stages elements each in their modes (array_aligned:
    # 16 bytes at least, 16-byte aligned); float arrays of no elements otherwise
    sz = [R._round_up(R._bits_to_bytes(m * st * scale_bits(e)), 16) if e != "void" else 0 for e in (el_scale, el_zero)]
    end = R._round_up(R._round_up(bytes_a, al_b) + bytes_b, 16) + sum(x or EMPTY_ARRAY_BYTES for x in sz)
    tal = max(al_a, al_b)
    shared = R._round_up(R._round_up(end, tal) + R.PIPELINE_BYTES_PER_STAGE * st, tal)
    scale_rows = R.atom_shape(ia, narrow)[0]
    dp = Choice(
        "MainloopSm90ArrayTmaGmmaWarpSpecializedMixedInput"
        if array
        else "MainloopSm90TmaGmmaRmemAWarpSpecializedMixedInput",
        f"{GB}:466",
        Phrase(
            "coll.dp_mixed",
            a=cfg.a.element,
            b=cfg.b.element,
            a_bits=cfg.a.bits,
            b_bits=cfg.b.bits,
            narrow="A" if a_narrow else "B",
            wide_type=wide,
            swap=Phrase("coll.mixed_swap") if swap else "",
        ),
    )
    if array:  # the ptr-array collective: one set of TMA descriptors per group (or per batch, plain layout tags)
        dp.why = Phrase("coll.grouped" if cfg.grouped else "coll.batched", why=dp.why)
    side = "A" if a_narrow else "B"
    if el_scale == "void":
        conv = Choice(
            "DirectConvert",
            f"{mix}:{ln[6]}",
            Phrase("coll.mixed_direct_convert", narrow=side, narrow_type=narrow, wide_type=wide),
        )
    elif el_zero == "void" and lut_scale(el_scale):  # UseScaleLookupTable: ConvertAndScale with an Array scale
        conv = Choice(
            "ConvertAndScale",
            f"{mix}:{ln[7]}",
            Phrase(
                "coll.mixed_convert_scale_lut",
                narrow=side,
                narrow_type=narrow,
                wide_type=wide,
                scale=el_scale,
                scale_type=lut_scale(el_scale)[0],
                entries=lut_scale(el_scale)[1],
                scale_bits=scale_bits(el_scale),
            ),
        )
    elif el_zero == "void":
        conv = Choice(
            "ConvertAndScale",
            f"{mix}:{ln[7]}",
            Phrase("coll.mixed_convert_scale", narrow=side, narrow_type=narrow, wide_type=wide, scale=el_scale),
        )
    else:
        conv = Choice(
            "ConvertAndScaleWithZero",
            f"{mix}:{ln[8]}",
            Phrase(
                "coll.mixed_convert_scale_zero",
                narrow=side,
                narrow_type=narrow,
                wide_type=wide,
                scale=el_scale,
                zero=el_zero,
            ),
        )
    return R.Mainloop(
        schedule=sched,
        dispatch_policy=dp,
        mma_op=op,
        rs=True,
        mixed=True,
        swap_ab=swap,
        transpose_b=False,
        is_a_transformed=a_narrow,
        element_scale=el_scale,
        element_zero=el_zero,
        conversion=conv,
        # UseScaleLookupTable (ConvertAndScale with an Array scale), stated where the scale is an Array
        use_scale_lookup_table=(el_zero == "void") if lut_scale(el_scale) else None,
        layout_a=_smem(cfg, cfg.a if a_narrow else cfg.b, ia, m, k, st, mn_a == "MN"),
        layout_b=_smem(cfg, cfg.b if a_narrow else cfg.a, ib, n, k, st, mn_b == "MN"),
        reorder_why=reorder_why(cfg, a_narrow, st),
        # the collective's scales: one column of the converted operand's atom rows per stage (MN-major)
        smem_layout_atom_scale=f"Layout<Shape<_{scale_rows},_1>>{{}}",
        smem_layout_scale=(
            f"tile_to_shape(Layout<Shape<_{scale_rows},_1>>{{}}, make_shape(_{m},_1,_{st}), Step<_2,_1,_3>{{}})"
        ),
        gmma_layout_b=None,
        atom_layout="(_2,_1,_1)" if MIXED_SCHEDULES[s] else "(_1,_1,_1)",
        element_a=ea,
        element_b=eb,
        major_a=ma,
        major_b=mb,
        smem_atom_a=atom_a,
        smem_atom_b=atom_b,
        stages=stages,
        copy_a=R.tma_atom(cfg.cluster[1], "N", "A"),
        copy_b=R.tma_atom(cfg.cluster[0], "M", "B"),
        stage_bytes=None,
        shared_storage_bytes=shared,
        tile=cfg.tile,
        cluster=cfg.cluster,
    )


def _smem(cfg: Config, op, atom: str, mn: int, k: int, stages: int, mn_major: bool) -> str:
    """The collective's SmemLayoutA/B (get_smem_layout, mixed_input_utils.hpp:514): tile_to_shape of the builder's
    atom for a layout tag (or stride); for a Layout type (the shuffled operand) make_layout_like(composition(Layout,
    tile)) with the stages appended, unswizzled."""
    if Q.is_layout_type(op.layout):
        return Q.smem_layout_text(op.layout, cfg.reorder_atom, mn, k, stages)
    return R.smem_layout_expr(atom, mn, k, stages, mn_major)


def reorder_why(cfg: Config, a_narrow: bool, stages: int) -> list:
    """The why lines of the Layout-typed operands: the reordering atom and the majors read from the Layout's stride
    (the builder's get_stride), then the collective's smem layout of it (get_smem_layout)."""
    out = []
    m, n, k = cfg.tile
    for w, op in (("A", cfg.a), ("B", cfg.b)):
        if not Q.is_layout_type(op.layout):
            continue
        atom = cfg.reorder_atom
        mn_major, k_major = (cfg.a_mn_major, cfg.a_k_major) if w == "A" else (cfg.b_mn_major, cfg.b_k_major)
        converted = (w == "A") == a_narrow
        side = "A" if converted else "B"  # the collective's operand (SwapAB puts the converted one first)
        ext = m if converted else n
        gmem = Q.gmem_layout(op.layout, atom)
        smem = Q.smem_layout_text(op.layout, atom, ext, k, stages)
        major = "MN" if mn_major else "K"
        out.append(
            (
                f"layout type {w}",
                Choice(
                    major,
                    f"{GB}:386, get_stride",
                    Phrase(
                        "coll.reordered_layout",
                        operand=w,
                        layout_type=op.layout,
                        atom_name=Q.ATOM_NAME,
                        atom_call=atom.spelling,
                        atom=str(Q.reordering_atom(atom)),
                        gmem=str(gmem),
                        front_0=Q.front(op.layout, atom, 0),
                        front_1=Q.front(op.layout, atom, 1),
                        mn_major=mn_major,
                        k_major=k_major,
                        major=major,
                        unit="cute::Int<1>",
                    ),
                ),
            )
        )
        out.append(
            (
                f"smem layout {side}",
                Choice(
                    smem,
                    Q.SMEM_RULE,
                    Phrase(
                        "coll.reordered_smem",
                        operand=w,
                        side=side,
                        extent=ext,
                        k=k,
                        stages=stages,
                        smem=smem,
                    ),
                ),
            )
        )
    return out


def _stage_count(
    cfg: Config,
    narrow: str,
    wide: str,
    el_scale: str,
    el_zero: str,
    carveout: int,
    alignment: int,
    array: bool = False,
) -> Choice:
    """compute_stage_count_or_override_single_affine_transformed_input (sm90_gmma_builder.inl:127), with no scale
    and no zero (void: 0 bytes): RealElementA (the converted operand's type) over M x K, RealElementB (the wide one)
    over N x K, as the builder passes them, whichever operand is narrow. ``array``: a ptr-array schedule, whose
    capacity is Sm90ReducedSmemCapacityBytes (less the KernelSmemCarveout: four TMA descriptors, and the scheduler
    pipeline for pointer layout tags)."""
    m, n, k = cfg.tile
    bn = R.ELEMENT_BITS[narrow]
    bw = R.ELEMENT_BITS[wide]
    # one row of M scales (and zeros) per stage (scale_zero_k_tile = 1); void: none
    sb, zb = (R._bits_to_bytes(scale_bits(e) * m) if e != "void" else 0 for e in (el_scale, el_zero))
    if sb % 128:
        raise Refused("Scale bytes must be a multiple of 128", f"{GB}:141")
    if zb % 128:
        raise Refused("Zero bytes must be a multiple of 128", f"{GB}:142")
    raw = R._bits_to_bytes(bn * m * k) + R._bits_to_bytes(bw * n * k) + sb + zb
    per = R._round_up(raw, alignment) + R.PIPELINE_BYTES_PER_STAGE
    kernel = (R.TMA_DESC_BYTES * MIXED_TENSORMAPS + R.SCHEDULER_PIPELINE_BYTES * cfg.grouped) if array else 0
    cap = (R.SMEM_CAPACITY - kernel) // alignment * alignment
    carve = R._round_up(carveout, alignment)
    s = (cap - carve) // per
    src = Phrase("coll.carveout_epilogue" if cfg.carveout is None else "coll.carveout_given")
    if alignment != 128:
        src = Phrase("coll.carveout_swizzle_aligned", source=src, alignment=alignment)
    extra = {}
    if array:
        extra["kernel"] = Phrase(
            "coll.kernel_carveout_mixed",
            capacity=R.SMEM_CAPACITY,
            kernel_carveout=kernel,
            maps=MIXED_TENSORMAPS,
            map_bytes=R.TMA_DESC_BYTES * MIXED_TENSORMAPS,
            scheduler_bytes=R.SCHEDULER_PIPELINE_BYTES * cfg.grouped,
        )
    why = Phrase(
        "coll.stages_mixed_array" if array else "coll.stages_mixed",
        **extra,
        carveout=carveout,
        source=src,
        capacity=cap,
        carve=carve,
        narrow=narrow,
        wide=wide,
        m=m,
        n=n,
        k=k,
        scale_bytes=sb,
        zero_bytes=zb,
        ab_bytes=R._round_up(raw, alignment),
        pipeline_bytes=R.PIPELINE_BYTES_PER_STAGE,
        per=per,
        stages=s,
    )
    return Choice(s, f"{GB}:127", why)
