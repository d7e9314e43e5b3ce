"""CUTLASS's SM100 mixed-input GEMM builder (4.2 and 4.7) as rules (``sm100_mixed_input_umma_builder.inl``, the schedules
deriving from KernelScheduleSm100MixedInputGemm) and its collective ``MainloopSm100TmaUmmaWarpSpecializedMixedInput``
(``sm100_mma_warpspecialized_mixed_input.hpp``), as CUTLASS's example 86 builds it: A is the narrow operand
(``cute::tuple<Element[, ElementScale[, ElementZero]]>``, its layout tag ``cute::tuple<Layout, LayoutScale>`` with a
scale group), converted by the transform warps to B's type, which the UMMA then reads from TMEM (TS, A K-major with
a non-Smem schedule) or from smem (SS).

The rules' order is CUTLASS's: the builder's enable_if and static_asserts, its TiledMMA, TMA ops and smem atoms, its
three stage counts, then the collective's checks. CUTLASS 4.7's collective differs in the scales' smem (its atom's
first tile, tiled by UMMA::tile_to_mma_shape; the scales' TMA by make_tma_atom_A_sm100): a row of
versions.CUTLASS_FACTS ("sm100_mixed_scale_smem") read by :func:`_scale_smem` and :func:`_scale_tma`; its dispatch
policy's ArchTag is the text's (versions.CUTLASS_FACTS["sm100_policy_arch_tag"]). The facts (schedules, types, constants) are data below; the
objects come from cutedump's engines (the UMMA catalog, partition_shape, UMMA::tile_to_mma_shape).
"""

from __future__ import annotations

from cutedump.collective.config import ELEMENT_BITS, SM100_MIXED_INPUT_SCHEDULES, Config
from cutedump.collective.sm90 import Choice, NotModelled, Phrase, Refused
from cutedump.collective.sm90 import tma_atom as sm90_tma_atom
from cutedump.errors import CuteDumpError
from cutedump.versions import cutlass_fact

MB = "cutlass/gemm/collective/builders/sm100_mixed_input_umma_builder.inl"
UC = "cutlass/gemm/collective/builders/sm100_common.inl"
MC = "cutlass/gemm/collective/sm100_mma_warpspecialized_mixed_input.hpp"
MU = "cutlass/detail/collective/mixed_input_utils.hpp"
DECL = "cutlass/gemm/collective/collective_builder_decl.hpp"

#: the schedules the builder takes: (1SM/2SM base, A converted into smem) (config.py)
SCHEDULES = SM100_MIXED_INPUT_SCHEDULES
#: cutlass::arch::sm100_smem_capacity_bytes
SMEM_CAPACITY = 232448
#: the builder's KernelSmemCarveout (3 scheduler stages), measured with CUTLASS's types: PipelineCLCFetchAsync<3>
#: 48 + 3 CLC responses of 16 + PipelineAsync<3> 48 + the TMEM dealloc barrier 8 + the TMEM base pointer 4
KERNEL_CARVEOUT = 48 + 3 * 16 + 48 + 8 + 4
SCHEDULER_STAGES = 3
#: sizeof(...Pipeline...<1>::SharedStorage): a full and an empty barrier per stage
PIPELINE_BYTES = 16
TMEM_COLUMNS = 512
#: 32 bytes per accumulator stage in the stage count's smem carveout (SmemCapacityAfterMma2AccumCarveout)
ACC_STAGE_BYTES = 32
#: the VoidLayoutScale's granularity (MN, K) the builder gives the collective with no scale layout
VOID_SCALE_GROUP = (128, 64)
#: sizeof(ArrayEngine<T, 0>) and of ArrayEngine<T, 1> for 16-bit T (array_aligned: 16 bytes)
EMPTY_ARRAY_BYTES = 16
#: the collective's compute types of A (its static_assert)
COMPUTE_TYPES = ("bfloat16_t", "half_t", "float_e4m3_t")


def is_mixed_schedule(cfg: Config) -> bool:
    return cfg.arch == "sm100" and cfg.schedule in SCHEDULES


def _sizeof(bits: int) -> int:
    return max(1, bits // 8)


def _bytes(bits: int) -> int:
    """cutlass::bits_to_bytes."""
    return (bits + 7) // 8


def _div(a: int, b: int) -> int:
    """C++ integer division (toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _up(x: int, a: int) -> int:
    return -(-x // a) * a


class Mixed100:
    rs = cp_async = swap_ab = transpose_b = False
    gmma_layout_b = None
    mixed = True


def mainloop(cfg: Config, carveout: int) -> Mixed100:
    """The builder and its collective for one configuration; raises Refused with CUTLASS's first error."""
    from cutedump.algebra import C, cosize, fmt, size, take  # start-up: the algebra only when an answer is built
    from cutedump.atoms import make_tiled_mma  # start-up: the UMMA catalog only when an answer is built
    from cutedump.atoms.mma import partition_shape  # start-up: as above
    from cutedump.collective import sm100 as S  # start-up: the SM100 rules only for --arch sm100

    s = cfg.schedule
    sm, smem_a = SCHEDULES[s]
    a, b = cfg.a, cfg.b
    if cfg.grouped:
        raise NotModelled(f"--grouped with {s}: CUTLASS's SM100 mixed-input builder ({MB}) has no grouped GEMM")
    if cfg.dynamic_cluster is not None:
        raise NotModelled(f"a dynamic cluster with {s} ({MB}) is not modelled")
    # the enable_if: (sizeof(float) * Alignment) % 16 for A and B (4 elements, whatever the type); no
    # specialization otherwise
    if any(4 * cfg.alignment(w) % 16 for w in "ab"):
        raise Refused("Could not build a collective for given parameters.", DECL)
    if a.bits == b.bits:
        raise Refused("Mixed Input GEMM Kernel doesn't support regular gemm.", f"{MB}:200")
    if a.scale and b.scale:
        raise Refused("Either A OR B must be a tuple or the widths of A and B must be different.", f"{MB}:202")
    a_transformed = bool(a.scale) or (a.bits < b.bits and not b.scale)
    if not a_transformed:
        raise Refused("A matrix should be transformed.", f"{MB}:208")
    narrow = a.element
    wide = "tfloat32_t" if b.element == "float" else b.element  # ElementMma: fp32 maps to tf32
    ma = "K" if cfg.a_k_major else "MN"
    mb = "K" if cfg.b_k_major else "MN"
    m, n, k = cfg.tile
    # sm100_make_trivial_mixed_input_tiled_mma (sm100_common.inl:584)
    ts = ma == "K" and not smem_a
    op = None
    if wide in ("half_t", "bfloat16_t"):
        fam = "F16BF16"
    elif wide == "float_e4m3_t":
        fam = "F8F6F4"
    else:
        fam = None
    if fam is not None and sm is not None and (ts or sm == 1):
        sm_ = "_2x1SM" if sm == 2 else ""
        if fam == "F8F6F4" and not ts:  # MMA_Traits<SM100_MMA_F8F6F4_SS, ..., ScaleIn::One, ScaleIn::One>
            op = S.F8_UMMA_OP[cutlass_fact("f8f6f4_umma_spelling")].format(
                sm="", a=wide, b=wide, c=cfg.acc, m=m, n=n, ma=ma, mb=mb
            )
        else:
            op = f"SM100_MMA_{fam}{sm_}_{'TS' if ts else 'SS'}<{wide},{wide},{cfg.acc},{m},{n},{ma},{mb}>"
    if op is None:
        # no branch of the TiledMma maker returns: TiledMma is void (a compile error, no static_assert)
        raise Refused(
            VOID_TILED_MMA,
            f"{UC}:584, a compile error: sm100_make_trivial_mixed_input_tiled_mma has no UMMA for "
            + (
                f"{wide} with {'A in TMEM' if ts else 'A in smem'} ({'2SM' if sm == 2 else '1SM'})"
                if sm
                else f"{s}, neither a KernelSchedule1Sm nor a KernelSchedule2Sm (its static_assert "
                "dependent_false<..> == 0 holds)"
            ),
        )
    try:
        tiled = make_tiled_mma(op, None)
    except CuteDumpError as e:
        msg = e.message
        if msg.startswith(op.split("<", 1)[0] + "<") and ">: " in msg:
            msg = msg.split(">: ", 1)[1]
        else:
            head, sep, rest = msg.partition(": ")
            msg = rest if sep and head.startswith(("SM100_MMA", "MMA_Traits")) else msg
        raise Refused(msg, "cute/atom/mma_traits_sm100.hpp") from None
    why_mma = Phrase(
        "coll.mixed100_umma",
        schedule=s,
        sm="2SM" if sm == 2 else "1SM",
        src=Phrase("coll.mixed100_a_tmem" if ts else "coll.mixed100_a_smem", major=ma, schedule=s),
        wide=wide,
    )
    thr = sm
    shape_a = partition_shape(tiled, "A", (C(m), C(k)))
    shape_b = partition_shape(tiled, "B", (C(n), C(k)))
    blk_am = int(size(shape_a[0][0])) * int(size(shape_a[1]))
    blk_ak = int(size(shape_a[0][1])) * int(size(shape_a[2]))
    blk_bn = int(size(shape_b[0][0])) * int(size(shape_b[1]))
    blk_bk = int(size(shape_b[0][1])) * int(size(shape_b[2]))
    # GmemTiledCopyA: SM90's atom along cluster N whatever the UMMA (the input transform cannot use 2SM TMA)
    copy_a = sm90_tma_atom(cfg.cluster[1], "N", "A")
    if sm == 2 and cfg.cluster[0] % 2:
        raise Refused("Cluster shape not divisible by MMA size", f"{UC}:241")
    copy_b = S.tma_atoms(cfg, sm == 2)[1]
    if ELEMENT_BITS[narrow] == 6 and blk_am % 8 == 0 and blk_ak % 8 == 0:
        # sm100_smem_selector's atoms are upcast<sizeof_bits<T>> of bit layouts: a 6-bit A (not unpacked to 8 bits
        # here, unlike the F8F6F4 builders) has no such atom
        raise Refused("Divisibility condition", f"cute/layout.hpp:1816, upcast<6> in sm100_smem_selector ({UC}:82)")
    atom_a = S.smem_selector(ma, narrow, blk_am, blk_ak)
    atom_ac = S.smem_selector(ma, wide, blk_am, blk_ak)
    atom_b = S.smem_selector(mb, b.element, blk_bn, blk_bk)
    atom_bc = S.smem_selector(mb, wide, blk_bn, blk_bk)
    scale = a.scale
    el_scale = scale[0] if scale else "void"
    el_zero = scale[1] if len(scale) > 1 else "void"
    # the builder's ScaleGranularityK: 1 with no scale layout; the collective's: VoidLayoutScale's
    gk_builder = cfg.scale_group[1] if cfg.scale_group else 1
    g_mn, g_k = cfg.scale_group or VOID_SCALE_GROUP
    # the stage counts (sm100_compute_stage_count_or_override_mixed_input, :44 / :66)
    cta_m, cta_n = m // thr, n
    acc_words = cta_n // 2 if (cta_m == 64 and thr == 2) else cta_n
    if cfg.stages is not None:
        l2t = t2m = acc = cfg.stages
        stages = Choice(l2t, f"{MB}:59", Phrase("coll.mixed100_stages_given", stages=l2t))
    else:
        if cta_n > 128:
            raise Refused("Can't support CtaN>128 tiles", f"{MB}:85")
        acc = ((2 if acc_words == 128 else 3) if ts else TMEM_COLUMNS // acc_words) if acc_words else 0
        cap = SMEM_CAPACITY - KERNEL_CARVEOUT
        after = cap - (carveout + acc * ACC_STAGE_BYTES)
        tmem_pot = _div(TMEM_COLUMNS - acc * acc_words, k // 2) if ts else 10000
        a_bits = max(8, ELEMENT_BITS[narrow])  # TmaElementA: a sub-byte A is counted as uint8_t
        s_bits = ELEMENT_BITS[el_scale] if scale else 0
        z_bits = ELEMENT_BITS[el_zero] if len(scale) > 1 else 0
        ab = (
            _bytes(a_bits * cta_m * k)
            + _bytes(s_bits * cta_m * k // gk_builder)
            + _bytes(z_bits * cta_m * k // gk_builder)
            + _bytes(ELEMENT_BITS[b.element] * n // thr * k)
            + 2 * PIPELINE_BYTES
        )
        comp = _bytes(ELEMENT_BITS[wide] * (0 if ts else 1) * cta_m * k) + PIPELINE_BYTES
        pot = _div(after, ab + comp)
        t2m = min(tmem_pot, pot)
        l2t = _div(after - t2m * comp, ab)
        why = Phrase(
            "coll.mixed100_stages",
            carveout=carveout,
            capacity=SMEM_CAPACITY,
            kernel_carve=KERNEL_CARVEOUT,
            acc_stages=acc,
            acc_bytes=ACC_STAGE_BYTES,
            after=after,
            ab=ab,
            a_bits=a_bits,
            comp=comp,
            t2m=t2m,
            tmem=Phrase("coll.mixed100_tmem_pot", columns=TMEM_COLUMNS, acc_words=acc_words, a_words=k // 2)
            if ts
            else Phrase("coll.mixed100_smem_pot"),
            tmem_pot=tmem_pot,
            pot=pot,
            stages=l2t,
        )
        stages = Choice(l2t, f"{MB}:81", why)
        if l2t < 2 or t2m < 2 or acc < 2:
            raise Refused("Not enough SMEM or TMEM capacity for selected tile size", f"{MB}:137")
    # the collective (sm100_mma_warpspecialized_mixed_input.hpp), its static_asserts in order
    if ma != "K":
        raise Refused("The transformed type must be K-major.", f"{MC}:160")
    if ELEMENT_BITS[b.element] != 16 and mb != "K":
        raise Refused("The unscaled element must be 2 bytes OR both inputs must be K-major", f"{MC}:164")
    if wide not in COMPUTE_TYPES:
        raise Refused(
            "Compute type A should be cutlass::bfloat16_t or cutlass::half_t or cutlass::float_e4m3_t", f"{MC}:238"
        )
    for atom, el, ext, line in ((atom_a, narrow, m, 275), (atom_b, b.element, n, 279)):
        am, ak = _atom_shape(atom.value, el)
        if ext % am:
            raise Refused("SmemLayoutAtom must evenly divide tile shape.", f"{MC}:{line}")
        if k % ak:
            raise Refused("SmemLayoutAtom must evenly divide tile shape.", f"{MC}:{line + 1}")
    smn, smk = min(g_mn, m), min(g_k, k)
    dmn, dk = -(-m // smn), -(-k // smk)
    if m % (smn * dmn):
        raise Refused("SmemLayoutAtomScale must equal the tile shape.", f"{MC}:284")
    if k % (smk * dk):
        raise Refused("SmemLayoutAtomScale must evenly divide tile k shape.", f"{MC}:285")
    # SmemLayoutAtomScale and SmemLayoutScale (versions.CUTLASS_FACTS["sm100_mixed_scale_smem"])
    tiled_scale = cutlass_fact("sm100_mixed_scale_smem") == "tiled"
    atom_scale, lay_scale = _scale_smem(tiled_scale, shape_a, l2t, smn, dmn, smk, dk, m // thr, k)
    if l2t < 2:
        raise Refused("Specialization requires Stages set to value 2 or more.", f"{MC}:321")
    if scale:  # Params' TMAScaleParams (the collective's observed TMA pointers instantiate Params)
        _scale_tma(cfg, copy_a.value, el_scale, g_mn, g_k, lay_scale, tiled if tiled_scale else None)
    # TmaTransactionBytes' checks: instantiated by a kernel (its TMA transaction count), not by the collective. A
    # stage's scales: 4.2 size<0> x size<1> of filter_zeros(SmemLayoutScale), 4.7 cosize(take<0,3>(...)): both the
    # cosize of the layout without its stage mode
    per_stage = int(cosize(take(lay_scale, 0, len(lay_scale.shape) - 1)))
    hazard = None
    if scale and _bytes(per_stage * ELEMENT_BITS[el_scale]) % 128:
        hazard = Refused("Each scale stage must be 128B aligned.", f"{MU}:629")
    elif len(scale) > 1 and _bytes(per_stage * ELEMENT_BITS[el_zero]) % 128:
        hazard = Refused("Each zero stage must be 128B aligned.", f"{MU}:636")
    # SharedStorage: TensorStorage (input: smem_A alignas 512, smem_B alignas 1024, smem_scale, smem_zero; compute:
    # A converted in smem, alignas 1024, or one element), then the four pipelines (a full and an empty barrier per
    # stage each)
    sa = _bytes(ELEMENT_BITS[narrow] * blk_am * blk_ak * l2t)
    sb = _up(_sizeof(ELEMENT_BITS[b.element]) * blk_bn * blk_bk * l2t, 16)
    n_scale = int(cosize(lay_scale)) if scale else 0  # Utils::elements_per_smem_scale: cosize_v<SmemLayoutScale>
    arr = lambda el, cnt: max(EMPTY_ARRAY_BYTES, _up(cnt * _sizeof(ELEMENT_BITS[el]), 16))  # noqa: E731
    end = _up(sa, 1024) + sb
    end = _up(end, 16) + arr(el_scale if scale else "float", n_scale)
    end = _up(end, 16) + arr(el_zero if len(scale) > 1 else "float", n_scale if len(scale) > 1 else 0)
    inp = _up(end, 1024)
    compute = EMPTY_ARRAY_BYTES if ts else _up(_sizeof(ELEMENT_BITS[wide]) * blk_am * blk_ak * t2m, 1024)
    tensors = _up(inp + compute, 1024)
    pipes = PIPELINE_BYTES * (2 * l2t + t2m + acc)
    shared = _up(tensors + pipes, 1024)

    ml = Mixed100()
    ml.kernel_hazard = hazard
    pol = "MainloopSm100TmaUmmaWarpSpecializedMixedInput"
    ml.schedule = Choice(
        "KernelTmaWarpSpecializedMixedInputTransformSm100",
        f"{MB}:320",
        Phrase(
            "coll.mixed100_policy",
            policy=pol,
            stages=l2t,
            t2m=t2m,
            sched_stages=SCHEDULER_STAGES,
            acc_stages=acc,
            cluster=S.cluster_print(cfg),
        ),
    )
    ml.dispatch_policy = Choice(
        pol,
        f"{MB}:320",
        Phrase(
            "coll.dp_mixed100",
            schedule=s,
            a=a.element,
            b=b.element,
            a_bits=a.bits,
            b_bits=b.bits,
            wide_type=wide,
        ),
    )
    ml.mma_op = Choice(op, f"{UC}:584", why_mma)
    ml.tiled = tiled
    ml.smem_atom_a, ml.smem_atom_b, ml.smem_atom_a_compute = atom_a, atom_b, atom_ac
    ml.smem_atom_b_compute = atom_bc
    ml.stages, ml.copy_a, ml.copy_b = stages, copy_a, copy_b
    ml.t2m_stages, ml.acc_stages, ml.sched_stages = t2m, acc, SCHEDULER_STAGES
    ml.shape_a, ml.shape_b = shape_a, shape_b
    ml.major_a, ml.major_b = ma, mb
    ml.shared_storage_bytes = shared
    ml.a_in_tmem = ts
    ml.is_a_transformed, ml.element_scale, ml.element_zero = True, el_scale, el_zero
    ml.scale_granularity = (g_mn, g_k)
    ml.smem_layout_atom_scale, ml.smem_layout_scale = fmt(atom_scale), fmt(lay_scale)
    side = "A"
    if el_scale == "void":
        ml.conversion = Choice(
            "DirectConvert",
            f"{MC}:340",
            Phrase("coll.mixed_direct_convert", narrow=side, narrow_type=narrow, wide_type=wide),
        )
    elif el_zero == "void":
        ml.conversion = Choice(
            "ConvertAndScale",
            f"{MC}:343",
            Phrase("coll.mixed_convert_scale", narrow=side, narrow_type=narrow, wide_type=wide, scale=el_scale),
        )
    else:
        ml.conversion = Choice(
            "ConvertAndScaleWithZero",
            f"{MC}:346",
            Phrase(
                "coll.mixed_convert_scale_zero",
                narrow=side,
                narrow_type=narrow,
                wide_type=wide,
                scale=el_scale,
                zero=el_zero,
            ),
        )
    group = dict(mn=g_mn, k=g_k, smn=smn, dmn=dmn, smk=smk, dk=dk)
    if tiled_scale:  # 4.7: the atom's first tile, tiled by UMMA::tile_to_mma_shape
        why_group = (
            Phrase("coll.mixed100_group_given_tiled", **group)
            if cfg.scale_group
            else Phrase("coll.mixed100_group_void_tiled", **group)
        )
    else:
        why_group = (
            Phrase("coll.mixed100_group_given", **group)
            if cfg.scale_group
            else Phrase("coll.mixed100_group_void", **group)
        )
    ml.scale_why = Choice((g_mn, g_k), f"{MC}:266", why_group)
    return ml


#: g++'s error where the TiledMma maker returns nothing (the builder's type, spelled by g++, before it)
VOID_TILED_MMA = "TiledMma’ {aka ‘void’} is not a class, struct, or union type"


def _scale_smem(tiled: bool, shape_a, stages: int, smn: int, dmn: int, smk: int, dk: int, cta_m: int, k: int):
    """(SmemLayoutAtomScale, SmemLayoutScale) of the collective from Sm100MixedInputBlockwiseScaleConfig's
    smem_atom_layout_scale(ScaleTileShape) = ((SmemSizeMN, DivMN), (SmemSizeK, DivK)):((_0,_1),(_0,DivMN)).
    ``tiled`` False (CUTLASS 4.2): that atom, and it with the stages appended (stride: its non-zero size); True (4.7:
    sm100_mma_warpspecialized_mixed_input.hpp:280, :328): its first tile, slice((_,0),(_,0)) = (SmemSizeMN,
    SmemSizeK):(_0,_0), tiled over A's MMA shape and the stages by UMMA::tile_to_mma_shape, whose tile_to_shape
    asserts that the atom divides A's tile per CTA (``cta_m`` x ``k``)."""
    from cutedump.algebra import C, Layout  # start-up: the algebra only when an answer is built
    from cutedump.algebra import fmt as fmt_  # start-up: as above
    from cutedump.expr.evaluation import evaluate  # start-up: the expression engine only when an answer is built

    if not tiled:
        atom = Layout(((C(smn), C(dmn)), (C(smk), C(dk))), ((C(0), C(1)), (C(0), C(dmn))))
        lay = Layout((*atom.shape, C(stages)), (*atom.stride, C(dmn * dk)))
        return atom, lay
    atom = Layout((C(smn), C(smk)), (C(0), C(0)))
    shp = fmt_(shape_a)[:-1] + f",_{stages})"
    expr = (
        f"tile_to_mma_shape(make_layout(make_shape(_{smn}{{}},_{smk}{{}}),make_stride(_0{{}},_0{{}})), {shp}, "
        "Step<_1,_2,_3>{})"
    )
    try:
        return atom, evaluate(expr)
    except CuteDumpError as e:
        static = "tile_to_shape: block shape does not divide the target shape."
        if static not in str(e):
            raise
        raise Refused(
            static,
            f"cute/layout.hpp:1793, in UMMA::tile_to_mma_shape of SmemLayoutScale ({MC}:328): the {smn} x {smk} "
            f"scale atom does not divide A's {cta_m} x {k} tile per CTA",
        ) from None


def _scale_tma(cfg: Config, op: str, el: str, g_mn: int, g_k: int, lay_scale, tiled_mma) -> None:
    """TMAScaleParams::TMA_Scale (sm100_mma_warpspecialized_mixed_input.hpp:441) of the gmem tensor
    make_tensor(ElementScale const*, LayoutScale{}) and the stage-0 slice of SmemLayoutScale: CUTLASS 4.2
    make_tma_atom(GmemTiledCopyScale, gmem, SmemLayoutScale(_,_,0), ScaleTileShape, size<2>(ClusterLayout_VMNK));
    4.7 make_tma_atom_A_sm100(GmemTiledCopyScale, gmem, SmemLayoutScale(_,_,_,0), TileShape, TiledMma,
    ClusterLayout_VMNK) (``tiled_mma`` given). Its compile-time static_asserts only (a default-constructed
    LayoutScale's run-time extents are 0: what fails on them fails at run time only)."""
    from cutedump.algebra import UNDERSCORE as _  # start-up: as above
    from cutedump.algebra import C, slice_layout  # start-up: as above
    from cutedump.atoms.tma import make_tma  # start-up: the TMA engine only for a scaled operand
    from cutedump.atoms.tma_sm100 import make_tma_sm100  # start-up: as above
    from cutedump.expr.evaluation import evaluate  # start-up: the expression engine only when an answer is built

    m, n, k = cfg.tile
    if cfg.scale_group is None:  # the builder's VoidLayoutScale: static
        g = (
            "make_layout(make_shape(make_shape(_128{},_1{}),make_shape(_64{},_1{}),_1{}),"
            "make_stride(make_stride(_0{},_1{}),make_stride(_0{},_1{}),_1{}))"
        )
    else:  # Sm100MixedInputBlockwiseScaleConfig<MN, K>::LayoutScale{} (MN-major)
        g = (
            f"make_layout(make_shape(make_shape(_{g_mn}{{}},0),make_shape(_{g_k}{{}},0),0),"
            "make_stride(make_stride(_0{},_1{}),make_stride(_0{},0),0))"
        )
    rank = len(lay_scale.shape)
    stage0 = slice_layout((*(_,) * (rank - 1), C(0)), lay_scale)
    try:
        if tiled_mma is None:
            make_tma(op.replace("_MULTICAST", ""), el, evaluate(g), stage0, (C(m), C(k)), 1, stages=False)
        else:
            make_tma_sm100("A", op, el, evaluate(g), stage0, (C(m), C(n), C(k)), tiled_mma, cfg.cluster)
    except CuteDumpError as e:
        msg = str(e)
        for static in (
            "Could not find a common tile-gmem vectorization. Does the Tile select out major GMEM modes?",
            "TMA requires CTA_Tile and SLayout top-level size equivalence.",
        ):
            if msg.startswith(static):
                raise Refused(
                    static, f"cute/atom/copy_traits_sm90_tma.hpp, TMAScaleParams::TMA_Scale ({MC}:441): {msg}"
                )


def _atom_shape(atom: str, element: str) -> tuple[int, int]:
    """The (MN, K) extents of a UMMA smem atom UMMA::Layout_<major>_<swizzle>_Atom<T> (K-major: 8 rows of the
    swizzle's bytes; MN-major: the swizzle's bytes x 8)."""
    major, swz = atom.split("Layout_", 1)[1].split("_Atom", 1)[0].split("_", 1)
    span = {"SW128": 128, "SW64": 64, "SW32": 32, "INTER": 16, "SW128_32B": 128}[swz] * 8 // ELEMENT_BITS[element]
    return (8, span) if major == "K" else (span, 8 if swz != "SW128_32B" else 4)


def fields(ml: Mixed100, _expr) -> dict:
    """The SM100 mixed-input collective's own JSON fields (beside those every SM100 mainloop has); ``_expr``: the
    expression printer (build._expr)."""
    from cutedump.collective.sm100 import smem_layout_expr  # start-up: the SM100 rules only for --arch sm100

    return {
        "conversion_mode": ml.conversion.value,
        "is_a_transformed": ml.is_a_transformed,
        "swap_ab": False,
        "element_scale": ml.element_scale,
        "element_zero": ml.element_zero,
        "smem_layout_atom_scale": ml.smem_layout_atom_scale,
        "smem_layout_scale": ml.smem_layout_scale,
        "smem_layout_atom_a_compute": _expr(ml.smem_atom_a_compute.value + "{}"),
        "smem_layout_a_compute": _expr(
            smem_layout_expr(ml.smem_atom_a_compute.value, ml.shape_a, ml.t2m_stages, ml.major_a == "MN")
        ),
        "a_compute_in_tmem": ml.a_in_tmem,
        "scale_granularity_mn": ml.scale_granularity[0],
        "scale_granularity_k": ml.scale_granularity[1],
    }
