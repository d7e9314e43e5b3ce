"""CUTLASS 4.2's SM90 GEMM CollectiveBuilders as rules and tables: the TMA warp-specialized SS mainloop
(``sm90_gmma_builder.inl``, ``sm90_common.inl``, ``GMMA::ss_op_selector`` in ``cute/arch/mma_sm90.hpp``) and the
epilogue (``epilogue/collective/builders/sm90_builder.inl``, ``sm90_common.inl``).

Every choice is a :class:`Choice`: its value, the rule that fired (with the CUTLASS file:line it mirrors) and the
arithmetic behind it, so the command can say *why*. Where CUTLASS refuses (a static_assert), :class:`Refused`
carries CUTLASS's own message. The objects themselves (TiledMMA, smem layout atoms, layouts) are built by
cutedump's engines (cutedump.atoms, cutedump.expr), never re-implemented here.
"""

from __future__ import annotations

from math import gcd

from cutedump.collective.config import ELEMENT_BITS, Config, cd_major, stsm_major
from cutedump.errors import CuteDumpError
from cutedump.versions import cutlass_fact

GB = "cutlass/gemm/collective/builders/sm90_gmma_builder.inl"
GC = "cutlass/gemm/collective/builders/sm90_common.inl"
EB = "cutlass/epilogue/collective/builders/sm90_builder.inl"
EC = "cutlass/epilogue/collective/builders/sm90_common.inl"
SEL = "cute/arch/mma_sm90.hpp"

#: detail::sm90_smem_capacity_bytes (sm90_common.inl:57), tma_alignment_bytes (:55)
SMEM_CAPACITY = 232448
TMA_ALIGNMENT_BYTES = 16
#: sizeof(PipelineTmaAsync<1>::SharedStorage): one full and one empty ClusterBarrier (8 bytes each)
PIPELINE_BYTES_PER_STAGE = 16


class Refused(CuteDumpError):
    """CUTLASS refuses the configuration: ``message`` is its static_assert text, ``rule`` where it is."""

    def __init__(self, message: str, rule: str):
        super().__init__(f"CUTLASS refuses: {message.strip()} ({rule})")
        self.cutlass_message = message
        self.rule = rule


class NotModelled(CuteDumpError):
    """A configuration CUTLASS builds through a builder cutedump does not model (yet)."""


class Phrase:
    """What a why line states, as data: a message-catalog key (``coll.*`` in cutedump/dumps/messages/collective_*.py,
    which words it in each language) and the facts it states (values; a fact may itself be a Phrase)."""

    __slots__ = ("key", "facts")

    def __init__(self, key: str, **facts):
        self.key, self.facts = key, facts

    def __repr__(self):
        return f"Phrase({self.key!r}, {self.facts!r})"


class Choice:
    """A builder's choice: its value, the rule that fired ("file:line") and why (a :class:`Phrase`: its arithmetic;
    the command words it in the language asked)."""

    __slots__ = ("value", "rule", "why")

    def __init__(self, value, rule: str, why: Phrase):
        self.value, self.rule, self.why = value, rule, why
        assert isinstance(why, Phrase), why  # wording lives in the catalogs: a rule states a Phrase


# ----------------------------------------------------------------------------------------------- tables

#: GMMA::ss_op_selector (cute/arch/mma_sm90.hpp:366): (accumulator, A, B) -> (op name pattern, K, K-major only).
#: N is the largest of SS_N that divides the tile's N (CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED is not defined).
SS_OPS = {
    ("half_t", "half_t", "half_t"): ("F16F16F16_SS", 16, False),
    ("half_t", "float_e4m3_t", "float_e4m3_t"): ("F16E4M3E4M3_SS_TN", 32, True),
    ("half_t", "float_e4m3_t", "float_e5m2_t"): ("F16E4M3E5M2_SS_TN", 32, True),
    ("half_t", "float_e5m2_t", "float_e4m3_t"): ("F16E5M2E4M3_SS_TN", 32, True),
    ("half_t", "float_e5m2_t", "float_e5m2_t"): ("F16E5M2E5M2_SS_TN", 32, True),
    ("float", "half_t", "half_t"): ("F32F16F16_SS", 16, False),
    ("float", "bfloat16_t", "bfloat16_t"): ("F32BF16BF16_SS", 16, False),
    ("float", "tfloat32_t", "tfloat32_t"): ("F32TF32TF32_SS_TN", 8, True),
    ("float", "float_e4m3_t", "float_e4m3_t"): ("F32E4M3E4M3_SS_TN", 32, True),
    ("float", "float_e4m3_t", "float_e5m2_t"): ("F32E4M3E5M2_SS_TN", 32, True),
    ("float", "float_e5m2_t", "float_e4m3_t"): ("F32E5M2E4M3_SS_TN", 32, True),
    ("float", "float_e5m2_t", "float_e5m2_t"): ("F32E5M2E5M2_SS_TN", 32, True),
    ("int32_t", "int8_t", "int8_t"): ("S32S8S8_SS_TN", 32, True),
    ("int32_t", "int8_t", "uint8_t"): ("S32S8U8_SS_TN", 32, True),
    ("int32_t", "uint8_t", "int8_t"): ("S32U8S8_SS_TN", 32, True),
    ("int32_t", "uint8_t", "uint8_t"): ("S32U8U8_SS_TN", 32, True),
}
SS_N = (256, 192, 128, 96, 64, 32, 16, 8)
#: KernelScheduleAuto's Pingpong tile M (sm90_gmma_builder.inl:1014)
PINGPONG_TILE_M = 64

#: ss_smem_selector (sm90_common.inl:273): the GMMA smem atoms tried in order, widest swizzle first, with the
#: bytes of their contiguous mode (the atom spans bytes*8/bits elements along the major mode)
SMEM_ATOMS = (("SW128", 128), ("SW64", 64), ("SW32", 32), ("INTER", 16))

SS_SCHEDULES = {
    "KernelTmaWarpSpecialized": False,
    "KernelTmaWarpSpecializedPingpong": False,
    "KernelTmaWarpSpecializedCooperative": True,
}
FAST_ACCUM = {
    "KernelTmaWarpSpecializedFP8FastAccum": False,
    "KernelTmaWarpSpecializedPingpongFP8FastAccum": False,
    "KernelTmaWarpSpecializedCooperativeFP8FastAccum": True,
}
FP8 = ("float_e4m3_t", "float_e5m2_t")
#: the cp.async warp-specialized schedules (sm90_gmma_builder.inl:752 SS, :855 RS): producer warp groups
CP_ASYNC_SCHEDULES = {
    "KernelCpAsyncWarpSpecialized": 2,
    "KernelCpAsyncWarpSpecializedPingpong": 1,
    "KernelCpAsyncWarpSpecializedCooperative": 1,
}
#: detail::cp_async_min_alignment_bytes (sm90_common.inl:56)
CP_ASYNC_ALIGNMENT_BYTES = 4


def _round_up(x: int, a: int) -> int:
    return (x + a - 1) // a * a


def _bits_to_bytes(b: int) -> int:
    return (b + 7) // 8


# ----------------------------------------------------------------------------------------------- mainloop


class Mainloop:
    """The SM90 mainloop's choices (the fields of its CollectiveMma)."""

    rs = swap_ab = transpose_b = cp_async = False  # the TMA SS builder's; the RS and cp.async builders set them
    gmma_layout_b = None

    def __init__(self, **kw):
        self.notes = []
        self.__dict__.update(kw)


def _is_aligned(cfg: Config) -> bool:
    """detail::is_aligned<..., tma_alignment_bytes> (sm90_common.inl): 16-byte TMA rows for A and B."""
    return ((cfg.a.bits // 8) * cfg.alignment("a")) % TMA_ALIGNMENT_BYTES == 0 and (
        (cfg.b.bits // 8) * cfg.alignment("b")
    ) % TMA_ALIGNMENT_BYTES == 0


def resolve_schedule(cfg: Config) -> Choice:
    """KernelScheduleAuto (sm90_gmma_builder.inl:1014): TMA-aligned operands take the persistent TMA schedules,
    Pingpong for a 64-row tile, else Cooperative (toolkit >= 12.1)."""
    if cfg.schedule != "KernelScheduleAuto":
        return Choice(cfg.schedule, f"{GB}:202", Phrase("coll.schedule_given", schedule=cfg.schedule))
    if not _is_aligned(cfg):
        return Choice(
            "KernelCpAsyncWarpSpecialized",
            f"{GB}:1022",
            Phrase(
                "coll.auto_cp_async",
                align_a=cfg.alignment("a"),
                bytes_a=cfg.a.bits // 8,
                align_b=cfg.alignment("b"),
                bytes_b=cfg.b.bits // 8,
                tma_bytes=TMA_ALIGNMENT_BYTES,
                schedule="KernelCpAsyncWarpSpecialized",
            ),
        )
    if cfg.tile[0] == PINGPONG_TILE_M:
        return Choice(
            "KernelTmaWarpSpecializedPingpong",
            f"{GB}:1014",
            Phrase("coll.auto_pingpong", tma_bytes=TMA_ALIGNMENT_BYTES, m=cfg.tile[0]),
        )
    return Choice(
        "KernelTmaWarpSpecializedCooperative",
        f"{GB}:1014",
        Phrase("coll.auto_cooperative", tma_bytes=TMA_ALIGNMENT_BYTES, m=cfg.tile[0], pingpong_m=PINGPONG_TILE_M),
    )


def use_rmem_a(cfg: Config) -> bool:
    """detail::is_use_rmem_A (sm90_common.inl:394): not two-byte inputs and not both K-major, or widths differ."""
    two = cfg.a.bits == 16 and cfg.b.bits == 16
    kk = cfg.a_k_major and cfg.b_k_major
    return (not two and not kk) or cfg.a.bits != cfg.b.bits


def ss_major(element: str, mn_major: bool) -> str:
    """gmma_ss_tag_to_major_A/B (sm90_common.inl:62): MN-major when the layout is (is_mn_major: a stride type may be
    K-major too, or neither: K), only for non-tf32 types wider than a byte."""
    if mn_major and element != "tfloat32_t" and ELEMENT_BITS[element] != 8:
        return "MN"
    return "K"


def ss_op(acc: str, a: str, b: str, tile, major_a: str, major_b: str, rs: bool = False) -> Choice:
    """GMMA::ss_op_selector (cute/arch/mma_sm90.hpp:366); with ``rs``, GMMA::rs_op_selector (:4852): the same
    table with the register-sourced (RS) ops, A and B both K-major."""
    if tile[0] % 64:
        raise Refused("Tile_M must be a multiple of 64.", f"{SEL}:370")
    key = (acc, a, b)
    if acc not in ("half_t", "float", "int32_t"):
        raise Refused("Unknown ElementC accumulator type.", SEL)
    if key not in SS_OPS:
        raise Refused("No eligible GMMA operator for request configuration.", SEL)
    suffix, k, tn = SS_OPS[key]
    if tn and major_a != "K":
        raise Refused("MajorA must be GMMA::Major::K for this config.", SEL)
    if tn and major_b != "K":
        raise Refused("MajorB must be GMMA::Major::K for this config.", SEL)
    if tile[2] % k:
        raise Refused(f"Tile_K must be a multiple of {k}.", SEL)
    n = next((n for n in SS_N if tile[1] % n == 0), None)
    if n is None:
        raise Refused("Tile_N must be a multiple of 8.", SEL)
    if rs:
        suffix = suffix.replace("_SS", "_RS")
    name = f"SM90_64x{n}x{k}_{suffix}"
    if not tn:
        name += f"<GMMA::Major::{major_a},GMMA::Major::{major_b}>"
    return Choice(
        name,
        f"{SEL}:{4852 if rs else 366}",
        Phrase(
            "coll.op_selector",
            selector=f"{'rs' if rs else 'ss'}_op_selector",
            acc=acc,
            a=a,
            b=b,
            k=k,
            n=n,
            ns="/".join(map(str, SS_N)),
            tile_n=tile[1],
        ),
    )


def smem_selector(major: str, element: str, blk_mn: int, blk_k: int, rule: str = f"{GC}:273") -> Choice:
    """ss_smem_selector (sm90_common.inl:273): the widest swizzle whose atom divides the tile's major mode."""
    if blk_mn % 8:
        raise Refused("BLK_MN0 must be a multiple of 8.", rule)
    if blk_k % 8:
        raise Refused("BLK_K0 must be a multiple of 8.", rule)
    bits = ELEMENT_BITS[element]
    extent = blk_mn if major == "MN" else blk_k
    for swz, nbytes in SMEM_ATOMS:
        span = nbytes * 8 // bits
        if extent % span == 0:
            mode = "BLK_MN" if major == "MN" else "BLK_K"
            return Choice(
                f"GMMA::Layout_{major}_{swz}_Atom<{element}>",
                rule,
                Phrase(
                    "coll.smem_selector",
                    selector=f"{'rs' if rule == f'{GC}:176' else 'ss'}_smem_selector",
                    major=major,
                    mode=mode,
                    extent=extent,
                    span=span,
                    nbytes=nbytes,
                    element=element,
                    swizzle=swz,
                ),
            )
    which = (
        "size<0>(GMMA::Layout_MN_INTER_Atom<ElementType>{})"
        if major == "MN"
        else "size<1>(GMMA::Layout_K_INTER_Atom<ElementType>{})"
    )
    raise Refused(f"{'BLK_MN0' if major == 'MN' else 'BLK_K0'} must be a multiple of {which}", rule)


def tma_atom(cluster_extent: int, mode: str, operand: str) -> Choice:
    """sm90_cluster_shape_to_tma_atom (sm90_common.inl:115): A is multicast along the cluster's N mode (the CTAs
    sharing A's tile), B along its M mode."""
    if cluster_extent == 1:
        return Choice(
            "SM90_TMA_LOAD",
            f"{GC}:115",
            Phrase("coll.tma_single", operand=operand, mode=mode, extent=cluster_extent, op="SM90_TMA_LOAD"),
        )
    return Choice(
        "SM90_TMA_LOAD_MULTICAST",
        f"{GC}:115",
        Phrase("coll.tma_multicast", operand=operand, mode=mode, extent=cluster_extent, op="SM90_TMA_LOAD_MULTICAST"),
    )


def stage_count(
    cfg: Config, a: str, b: str, carveout: int, alignment: int = 128, kernel_carveout: int = 0, scales=None
) -> tuple[Choice, int]:
    """compute_stage_count_or_override (sm90_gmma_builder.inl:71): (capacity - carveout) / bytes per stage, each
    rounded to ``alignment`` (128; the RS builder passes its smem atoms' swizzle alignment). ``kernel_carveout``: the
    grouped GEMM's KernelSmemCarveout (its TMA descriptors, its scheduler pipeline) taken off the capacity first;
    ``scales``: the blockwise builder's (ScaleMsPerTile, ScaleNsPerTile) float scales per stage
    (compute_stage_count_with_blockwise_scale, :90)."""
    m, n, k = cfg.tile
    raw = _bits_to_bytes(ELEMENT_BITS[a] * m * k) + _bits_to_bytes(ELEMENT_BITS[b] * n * k)
    sc = ""
    if scales is not None:
        sc = Phrase("coll.stages_scales", ab=raw, sa=4 * scales[0], sb=4 * scales[1], alignment=alignment)
        raw += 4 * scales[0] + 4 * scales[1]
    per = _round_up(raw, alignment) + PIPELINE_BYTES_PER_STAGE
    if cfg.stages is not None:
        return Choice(cfg.stages, f"{GB}:57", Phrase("coll.stages_given", stages=cfg.stages)), per
    cap = (SMEM_CAPACITY - kernel_carveout) // alignment * alignment
    carve = _round_up(carveout, alignment)
    s = (cap - carve) // per
    src = Phrase("coll.carveout_epilogue" if cfg.carveout is None else "coll.carveout_given")
    if alignment != 128:
        src = Phrase("coll.carveout_swizzle_aligned", source=src, alignment=alignment)
    kc = (
        Phrase(
            "coll.kernel_carveout" if cfg.grouped else "coll.kernel_carveout_batched",
            capacity=SMEM_CAPACITY,
            kernel_carveout=kernel_carveout,
        )
        if kernel_carveout
        else ""
    )
    why = Phrase(
        "coll.stages_auto",
        carveout=carveout,
        source=src,
        capacity=cap,
        kernel=kc,
        carve=carve,
        ab_bytes=_round_up(raw, alignment),
        scales=sc,
        pipeline_bytes=PIPELINE_BYTES_PER_STAGE,
        per=per,
        stages=s,
    )
    return Choice(s, f"{GB}:{90 if scales is not None else 71}", why), per


def _collective_start(cfg: Config, deferred: Refused | None, rule: str) -> None:
    """Where the mainloop's CollectiveMma class is instantiated: first a refusal of the epilogue's class still pending
    (``deferred``: CUTLASS's program instantiates the epilogue collective before the mainloop's), then the
    collective's CtaShape_MNK = shape_div(TileShape, ClusterShape), which needs each tile mode and cluster mode to
    divide one another."""
    if deferred is not None:
        raise deferred
    for t, c in zip(cfg.tile, cfg.cluster):
        if t % c and c % t:
            raise Refused("Divisibility Condition", f"cute/int_tuple.hpp:408 (CtaShape_MNK, {rule})")


def mainloop(cfg: Config, carveout: int, deferred: Refused | None = None) -> Mainloop:
    """The SM90 mainloop builder ``cfg`` selects; ``deferred``: a refusal of the epilogue collective's class that
    CUTLASS's program meets between the mainloop's builder and its collective."""
    sched = resolve_schedule(cfg)
    s = sched.value
    _grouped_check(cfg, s)
    if s in BLOCKWISE:
        return blockwise_mainloop(cfg, carveout, sched, deferred)
    if s in PTR_ARRAY and use_rmem_a(cfg) and cfg.a.bits == cfg.b.bits:
        raise Refused("Only mixed input grouped RS GEMM is supported.", f"{GB}:356")
    if s == "KernelTma":
        if use_rmem_a(cfg):  # GMMA_TMA_SS's enable_if excludes register-sourced operands: no builder matches
            raise Refused(
                "Could not build a collective for given parameters.",
                "cutlass/gemm/collective/collective_builder_decl.hpp:94 (no builder matches: KernelTma's builder, "
                f"GMMA_TMA_SS ({GB}:640), takes only operands that are not register-sourced: 16-bit, or both K-major)",
            )
        if not _is_aligned(cfg):
            raise Refused("Should meet TMA alignment requirement\n", f"{GB}:649")
        coop = False
    elif s in FAST_ACCUM:
        if not _is_aligned(cfg):
            raise Refused("Not meet TMA alignment requirement yet\n", f"{GB}:542")
        if not (cfg.a.element in FP8 and cfg.b.element in FP8):
            raise Refused("Only FP8 datatypes are compatible with these kernel schedules\n", f"{GB}:544")
        if use_rmem_a(cfg):
            raise Refused("Not supported for fp8 non-TN warp specialized kernels yet\n", f"{GB}:547")
        coop = FAST_ACCUM[s]
    elif s in CP_ASYNC_SCHEDULES:
        return cp_async_mainloop(cfg, carveout, sched, deferred)
    elif s in SS_SCHEDULES:
        if use_rmem_a(cfg):
            return rs_mainloop(cfg, carveout, sched, deferred)
        if not _is_aligned(cfg):
            raise Refused("Should meet TMA alignment requirement\n", f"{GB}:231")
        coop = SS_SCHEDULES[s]
    else:
        raise NotModelled(f"the SM90 builder for {s} is not modelled")
    ea = "tfloat32_t" if cfg.a.element == "float" else cfg.a.element
    eb = "tfloat32_t" if cfg.b.element == "float" else cfg.b.element
    fast = s in FAST_ACCUM
    ma, mb = (ss_major(ea, cfg.a_mn_major), ss_major(eb, cfg.b_mn_major))
    op = ss_op(cfg.acc, ea, eb, cfg.tile, ma, mb)
    atom_a = smem_selector(ma, ea, cfg.tile[0], cfg.tile[2])
    atom_b = smem_selector(mb, eb, cfg.tile[1], cfg.tile[2])
    stages, per = stage_count(cfg, ea, eb, carveout, kernel_carveout=kernel_carveout(cfg, s))
    is_fp8 = cfg.a.element in FP8 and cfg.b.element in FP8
    array = s in PTR_ARRAY
    name = "MainloopSm90TmaGmmaWarpSpecializedFP8" if is_fp8 and not fast else "MainloopSm90TmaGmmaWarpSpecialized"
    if array:
        name = (
            name.replace("Sm90TmaGmma", "Sm90ArrayTmaGmma") if not fast else "MainloopSm90ArrayTmaGmmaWarpSpecialized"
        )
    if s == "KernelTma":
        name = "MainloopSm90TmaGmma"
    dp = Choice(
        name,
        f"{GB}:{701 if s == 'KernelTma' else 271}",
        Phrase("coll.dp_kernel_tma")
        if s == "KernelTma"
        else Phrase("coll.dp_fp8" if name.endswith("FP8") else "coll.dp_tma_gmma"),
    )
    if array:
        dp.why = Phrase("coll.grouped" if cfg.grouped else "coll.batched", why=dp.why)
    # the CollectiveMma's own checks (sm90_mma_tma_gmma_ss_warpspecialized[_fp8].hpp)
    coll = "cutlass/gemm/collective/sm90_mma_tma_gmma_ss_warpspecialized" + ("_fp8" if name.endswith("FP8") else "")
    if s == "KernelTma":
        coll = "cutlass/gemm/collective/sm90_mma_tma_gmma_ss"
    _collective_start(cfg, deferred, f"{coll}.hpp:110")
    if stages.value < 2:
        raise Refused(
            "Specialization requires Stages set to value "
            + ("1" if name.endswith("FP8") or s == "KernelTma" else "2")
            + " or more.",
            f"{coll}.hpp:{135 if s == 'KernelTma' else 139 if name.endswith('FP8') else 137}",
        )
    m, n, k = cfg.tile
    st = stages.value
    ab = _bits_to_bytes(ELEMENT_BITS[ea] * m * k * st) + _bits_to_bytes(ELEMENT_BITS[eb] * n * k * st)
    if s == "KernelTma":  # SharedStorage: 16-byte aligned arrays and pipeline (sm90_mma_tma_gmma_ss.hpp:151)
        shared = _round_up(_round_up(ab, 16) + PIPELINE_BYTES_PER_STAGE * st, 16)
    else:  # + the grouped collective's two TMA descriptors (TensorMapStorage)
        shared = _round_up(_round_up(ab, 128) + TMA_DESC_BYTES * 2 * array + PIPELINE_BYTES_PER_STAGE * st, 128)
    return Mainloop(
        schedule=sched,
        dispatch_policy=dp,
        mma_op=op,
        rs=False,
        layout_a=smem_layout_expr(atom_a.value, m, k, st, cfg.a_mn_major),
        layout_b=smem_layout_expr(atom_b.value, n, k, st, cfg.b_mn_major),
        gmma_layout_b=None,
        atom_layout="(_2,_1,_1)" if coop else "(_1,_1,_1)",
        element_a=ea,
        element_b=eb,
        major_a=ma,
        major_b=mb,
        smem_atom_a=atom_a,
        smem_atom_b=atom_b,
        stages=stages,
        copy_a=tma_atom(cfg.cluster[1], "N", "A"),
        copy_b=tma_atom(cfg.cluster[0], "M", "B"),
        stage_bytes=per,
        shared_storage_bytes=shared,
        tile=cfg.tile,
        cluster=cfg.cluster,
    )


# ----------------------------------------------------------------------------------------------- grouped, blockwise

#: sizeof(cute::TmaDescriptor)
TMA_DESC_BYTES = 128
#: sizeof(PipelineDetail::PipelineAsyncSharedStorage<8>): the grouped kernel's tile-scheduler pipeline (8 stages)
SCHEDULER_PIPELINE_BYTES = 128
PTR_ARRAY = {
    "KernelPtrArrayTmaWarpSpecializedCooperative": "KernelTmaWarpSpecializedCooperative",
    "KernelPtrArrayTmaWarpSpecializedPingpong": "KernelTmaWarpSpecializedPingpong",
    "KernelPtrArrayTmaWarpSpecializedCooperativeFP8FastAccum": "KernelTmaWarpSpecializedCooperativeFP8FastAccum",
    "KernelPtrArrayTmaWarpSpecializedPingpongFP8FastAccum": "KernelTmaWarpSpecializedPingpongFP8FastAccum",
    "KernelPtrArrayTmaWarpSpecializedCooperativeFP8Blockwise": "KernelTmaWarpSpecializedCooperativeFP8Blockwise",
    "KernelPtrArrayTmaWarpSpecializedPingpongFP8Blockwise": "KernelTmaWarpSpecializedPingpongFP8Blockwise",
}
BLOCKWISE = {
    "KernelTmaWarpSpecializedCooperativeFP8Blockwise": True,
    "KernelTmaWarpSpecializedPingpongFP8Blockwise": False,
    "KernelPtrArrayTmaWarpSpecializedCooperativeFP8Blockwise": True,
    "KernelPtrArrayTmaWarpSpecializedPingpongFP8Blockwise": False,
}
SS_SCHEDULES.update(
    {"KernelPtrArrayTmaWarpSpecializedCooperative": True, "KernelPtrArrayTmaWarpSpecializedPingpong": False}
)
FAST_ACCUM.update(
    {
        "KernelPtrArrayTmaWarpSpecializedCooperativeFP8FastAccum": True,
        "KernelPtrArrayTmaWarpSpecializedPingpongFP8FastAccum": False,
    }
)


def kernel_carveout(cfg: Config, s: str) -> int:
    """The builders' KernelSmemCarveout (sm90_gmma_builder.inl:248): two TMA descriptors for a ptr-array schedule,
    the scheduler pipeline for pointer layout tags (--grouped)."""
    return TMA_DESC_BYTES * 2 * (s in PTR_ARRAY) + SCHEDULER_PIPELINE_BYTES * cfg.grouped


def _grouped_check(cfg: Config, s: str) -> None:
    """--grouped and the ptr-array schedules go together (cutedump models the grouped GEMM as CUTLASS's examples 57
    and 68 build it: pointer layout tags with a KernelPtrArray* schedule)."""
    if cfg.grouped and s not in PTR_ARRAY:
        raise CuteDumpError(
            f"--grouped: the schedule {s} builds one GEMM; a grouped GEMM takes a KernelPtrArray* schedule "
            f"({', '.join(PTR_ARRAY)})"
        )
    if cfg.sf_vec is not None and s not in BLOCKWISE:
        raise CuteDumpError(
            f"--sf-vec: blockwise scale factors go with a blockwise schedule ({', '.join(BLOCKWISE)}); the schedule is "
            f"{s}"
        )
    if s in BLOCKWISE and cfg.sf_vec is None:
        raise CuteDumpError(f"--schedule {s}: give the scale granularity --sf-vec M,N,K (e.g. 1,128,128)")


def sf_smem_layout(vec_mn: int, vec_k: int, tile_mn: int, tile_k: int, mn_major: bool, stages: int) -> str:
    """Sm1xxBlockwiseScaleConfig::smem_atom_layoutSFA/B(TileShape) (cutlass/detail/blockwise_scale_layout.hpp:75)
    with the collective's stage mode appended (stride: size(filter_zeros(atom))), as cute::print prints it."""
    rmn, rk = -(-tile_mn // vec_mn), -(-tile_k // vec_k)
    if mn_major:
        strides = ((0, 1), (0, rmn))
    else:
        strides = ((0, rk), (0, 1))
    # size(filter_zeros(atom)): the stage stride, the product of the extents whose stride is not 0
    fz = rmn * rk
    return f"((_{vec_mn},_{rmn}),(_{vec_k},_{rk}),_{stages}):((_{strides[0][0]},_{strides[0][1]}),(_{strides[1][0]},_{strides[1][1]}),_{fz})"


def blockwise_mainloop(cfg: Config, carveout: int, sched: Choice, deferred: Refused | None = None) -> Mainloop:
    """The FP8 blockwise-scaling builder (GMMA_TMA_WS_SS BlockScaled, sm90_gmma_builder.inl:1058) and its collective
    (sm90_mma_[array_]tma_gmma_ss_warpspecialized_fp8_blockwise_scaling.hpp): the SS mainloop plus the float scale
    factors of A and B (ScaleMsPerTile x ScaleNsPerTile per k-tile) staged in smem beside A and B."""
    s = sched.value
    array = s in PTR_ARRAY
    coop = BLOCKWISE[s]
    sm, sn, sk = cfg.sf_vec
    m, n, k = cfg.tile
    rule = f"{GB}:1058"
    if not _is_aligned(cfg):
        raise Refused("Should meet TMA alignment requirement\n", f"{GB}:1101")
    if use_rmem_a(cfg):
        raise NotModelled(
            f"{s} with {cfg.a.element}:{cfg.a.layout} x {cfg.b.element}:{cfg.b.layout}: CUTLASS 4.2's blockwise "
            f"builder ({rule}) takes only operands that are not register-sourced (both K-major for FP8)"
        )
    if not (cfg.a.element in FP8 and cfg.b.element in FP8):
        raise Refused(
            "Warp Specialized gemm with FP8 Blockwise (Software) Scaling is only compatible with FP8 inputs version "
            "right now.",
            f"{GB}:1110",
        )
    if m % sm:
        raise Refused("FP8 scaling granularity must evenly divide tile shape along M.", f"{GB}:1139")
    if n % sn:
        raise Refused("FP8 scaling granularity must evenly divide tile shape along N.", f"{GB}:1140")
    if cfg.stages is not None:
        raise Refused(
            "no matching function for call to ‘compute_stage_count_with_blockwise_scale<...>"
            f"(cutlass::gemm::collective::StageCount<{cfg.stages}>)’",
            f"{GB}:1146, a compile error: the blockwise builder takes StageCountAuto/StageCountAutoCarveout only",
        )
    if cfg.acc != "float":
        raise NotModelled(f"{s} with accumulator {cfg.acc}: the blockwise collective's float scales need float")
    ma, mb = ss_major(cfg.a.element, cfg.a_mn_major), ss_major(cfg.b.element, cfg.b_mn_major)
    op = ss_op(cfg.acc, cfg.a.element, cfg.b.element, cfg.tile, ma, mb)
    atom_a = smem_selector(ma, cfg.a.element, m, k)
    atom_b = smem_selector(mb, cfg.b.element, n, k)
    sms, sns = m // sm, n // sn
    stages, per = stage_count(
        cfg, cfg.a.element, cfg.b.element, carveout, kernel_carveout=kernel_carveout(cfg, s), scales=(sms, sns)
    )
    name = (
        "MainloopSm90ArrayTmaGmmaWarpSpecializedBlockwise"
        if array
        else "MainloopSm90TmaGmmaWarpSpecializedBlockwiseFP8"
    )
    coll = (
        "cutlass/gemm/collective/sm90_mma_"
        + ("array_" if array else "")
        + "tma_gmma_ss_warpspecialized_fp8_blockwise_scaling.hpp"
    )
    _collective_start(cfg, deferred, f"{coll}:114")
    # the collective's checks of the granularity against the tile and the MMA's K (ScalePromotionInterval)
    atom_k = 32
    if k % sk:
        raise Refused("static assertion failed", f"{coll}: size<2>(TileShape{{}}) % ScaleGranularityK == 0")
    if sk % atom_k:
        raise Refused("static assertion failed", f"{coll}: ScaleGranularityK % size<2>(AtomShape_MNK) == 0")
    interval = sk // atom_k
    if interval % 4:
        raise Refused("ScalePromotionInterval must be a multiple of 4.", coll)
    kblocks = k // atom_k
    if interval < kblocks:
        raise Refused(
            "ScalePromotionInterval must be greater than or equal to the number of stages of the MMA atom.", coll
        )
    if interval % kblocks:
        raise Refused("ScalePromotionInterval must be a multiple of the number of stages of the MMA atom.", coll)
    st = stages.value
    if st < 2:
        raise Refused("Specialization requires Stages set to value 1 or more.", coll)
    if not array and cutlass_fact("sm90_blockwise_splits_m") and m // 128 not in (1, 2):
        raise Refused("static assertion failed", f"{coll}:209 (NumSplitsM = TileShape M / 128 = {m // 128}: 1 or 2)")
    ab = _bits_to_bytes(ELEMENT_BITS[cfg.a.element] * m * k * st) + _bits_to_bytes(
        ELEMENT_BITS[cfg.b.element] * n * k * st
    )
    mn_a, mn_b = cfg.sf_major[0] == "MN", cfg.sf_major[0] == "MN"  # smem_atom_layoutSFB reads majorSFA (4.2)
    lay_sfa = sf_smem_layout(sm, sk, m, k, mn_a, st)
    lay_sfb = sf_smem_layout(sn, sk, n, k, mn_b, st)
    cos_a = _cosize(sm, sk, m, k, mn_a, st)
    cos_b = _cosize(sn, sk, n, k, mn_b, st)
    if array:  # the ptr-array collective's scale arrays are array_aligned (16 bytes), the other's CUTE_ALIGNAS(128)
        tensors = _round_up(_round_up(ab, 128) + _round_up(4 * cos_a, 16) + 4 * cos_b, 128)
    else:
        tensors = _round_up(_round_up(ab, 128) + _round_up(4 * cos_a, 128) + 4 * cos_b, 128)
    shared = _round_up(tensors + TMA_DESC_BYTES * 2 * array + PIPELINE_BYTES_PER_STAGE * st, 128)
    dp = Choice(
        name,
        rule,
        Phrase(
            "coll.dp_blockwise_grouped" if array and cfg.grouped else "coll.dp_blockwise",
            schedule=s,
            sm=sm,
            sn=sn,
            sk=sk,
            sms=sms,
            sns=sns,
            interval=interval,
        ),
    )
    if array and not cfg.grouped:
        dp.why = Phrase("coll.batched", why=dp.why)
    return Mainloop(
        schedule=sched,
        dispatch_policy=dp,
        mma_op=op,
        rs=False,
        layout_a=smem_layout_expr(atom_a.value, m, k, st, cfg.a_mn_major),
        layout_b=smem_layout_expr(atom_b.value, n, k, st, cfg.b_mn_major),
        gmma_layout_b=None,
        atom_layout="(_2,_1,_1)" if coop else "(_1,_1,_1)",
        element_a=cfg.a.element,
        element_b=cfg.b.element,
        major_a=ma,
        major_b=mb,
        smem_atom_a=atom_a,
        smem_atom_b=atom_b,
        stages=stages,
        copy_a=tma_atom(cfg.cluster[1], "N", "A"),
        copy_b=tma_atom(cfg.cluster[0], "M", "B"),
        stage_bytes=per,
        shared_storage_bytes=shared,
        tile=cfg.tile,
        cluster=cfg.cluster,
        smem_layout_sfa=lay_sfa,
        smem_layout_sfb=lay_sfb,
    )


def _cosize(vec_mn, vec_k, tile_mn, tile_k, mn_major, stages) -> int:
    rmn, rk = -(-tile_mn // vec_mn), -(-tile_k // vec_k)
    fz = rmn * rk
    if mn_major:
        return 1 + (rmn - 1) * 1 + (rk - 1) * rmn + (stages - 1) * fz
    return 1 + (rmn - 1) * rk + (rk - 1) * 1 + (stages - 1) * fz


# ----------------------------------------------------------------------------------------------- RS mainloop

RSC = "cutlass/gemm/collective/sm90_mma_tma_gmma_rs_warpspecialized.hpp"
TRP = "cutlass/transform/collective/sm90_wgmma_transpose.hpp"


def atom_shape(atom: str, element: str) -> tuple[int, int]:
    """(MN, K) extent of a GMMA smem atom ``GMMA::Layout_<major>_<swizzle>_Atom<T>``: 8 rows of its swizzle's bytes
    along the major mode."""
    _, major, swz, _ = atom.split("_", 3)
    span = dict(SMEM_ATOMS)[swz] * 8 // ELEMENT_BITS[element]
    return (span, 8) if major == "MN" else (8, span)


def rs_smem_selector(major: str, element: str, blk_mn: int, blk_k: int, ws_transposed_b: bool) -> Choice:
    """rs_smem_selector (sm90_common.inl:176): K-major as ss_smem_selector; MN-major whole-word (tf32) operands take
    SW32 (bank-conflict free), 1-byte ones SW128 only when B is transposed in smem, else the widest swizzle."""
    rule = f"{GC}:176"
    if blk_mn % 8:
        raise Refused("BLK_MN0 must be a multiple of 8.", rule)
    if blk_k % 8:
        raise Refused("BLK_K0 must be a multiple of 8.", rule)
    bits = ELEMENT_BITS[element]
    if major == "K" or bits not in (8, 16, 32):
        return smem_selector(major, element, blk_mn, blk_k, rule)
    if bits == 32:
        return Choice(
            f"GMMA::Layout_MN_SW32_Atom<{element}>",
            rule,
            Phrase("coll.rs_smem_word", element=element, blk_mn=blk_mn, multiple=8),
        )
    if bits == 8 and ws_transposed_b:
        span = 1024 // bits
        if blk_mn % span:
            raise Refused("BLK_MN0 must be a multiple of size<0>(GMMA::Layout_MN_128_Atom<ElementType>{})", rule)
        return Choice(
            f"GMMA::Layout_MN_SW128_Atom<{element}>",
            rule,
            Phrase("coll.rs_smem_byte", nbytes=bits // 8, element=element, blk_mn=blk_mn),
        )
    return smem_selector(major, element, blk_mn, blk_k, rule)


def _transpose_checks(k: int, n: int, bits: int) -> None:
    """The static_asserts of the in-smem B transposition (AsyncTranspositionOperandB[_1BElementB],
    sm90_wgmma_transpose.hpp:270/489): a warp group transposes all of K; N must be a multiple of K."""
    nbytes = bits // 8
    thr_n = 16 // nbytes
    thr_k = 32 // thr_n
    warp_tile = k // (4 * (2 if nbytes == 1 else 1))
    if warp_tile < thr_n or warp_tile < thr_k:
        raise Refused("Invalid warp thread shape.", f"{TRP}:{513 if nbytes == 1 else 292}")
    if n % k:
        raise Refused("Copy size must evenly divide SMEM tile.", f"{TRP}:{523 if nbytes == 1 else 302}")


def rs_mainloop(cfg: Config, carveout: int, sched: Choice, deferred: Refused | None = None) -> Mainloop:
    """The GMMA_TMA_WS_RS builder (sm90_gmma_builder.inl:305) and its collective
    (sm90_mma_tma_gmma_rs_warpspecialized.hpp), for same-width inputs that are not both 16-bit and not both
    K-major: A is read from registers. With A K-major and B MN-major A and B swap (SwapAB: the MMA's register
    operand is B); with both MN-major B is transposed in smem (the MMA reads a K-major copy)."""
    if not _is_aligned(cfg):
        raise Refused("Should meet TMA alignment requirement\n", f"{GB}:398")
    s = sched.value
    coop = s == "KernelTmaWarpSpecializedCooperative"
    m, n, k = cfg.tile
    two = cfg.a.bits == 16 and cfg.b.bits == 16
    ea = "tfloat32_t" if cfg.a.element == "float" else cfg.a.element
    eb = "tfloat32_t" if cfg.b.element == "float" else cfg.b.element
    ma = "MN" if cfg.a_mn_major else "K"  # gmma_rs_tag_to_major_A/B: is_mn_major of the layout alone
    mb = "MN" if cfg.b_mn_major else "K"
    swap = not two and cfg.a_k_major and cfg.b_mn_major  # is_swapAB (sm90_gmma_builder.inl:158)
    transpose_b = not two and cfg.a_mn_major and cfg.b_mn_major  # is_warpspecialized_transpose_B (:168)
    real_a, real_b = (eb, ea) if swap else (ea, eb)
    op = ss_op(cfg.acc, real_a, real_b, cfg.tile, "K", "K", rs=True)
    atom_a = rs_smem_selector(ma, ea, m, k, transpose_b)
    atom_b = rs_smem_selector(mb, eb, n, k, transpose_b)
    al_a, al_b = _swizzle_alignment(atom_a.value), _swizzle_alignment(atom_b.value)
    align = max(al_a, al_b)
    if cfg.stages is not None and cutlass_fact("sm90_rs_stage_count_bytes"):
        # the RS builder reads StageCountType::bytes for its stage count: StageCount<N> has none, a compile error
        raise Refused(
            f"‘bytes’ is not a member of ‘cutlass::gemm::collective::StageCount<{cfg.stages}>’",
            f"{GB}:459, a compile error: the RS builder takes StageCountAuto/StageCountAutoCarveout only",
        )
    stages, per = stage_count(cfg, ea, eb, carveout, align)
    # the collective: with SwapAB its A is the builder's B (atom, element, stride) and vice versa
    if swap:
        (ia, ea_i, mn_a), (ib, eb_i, mn_b) = (atom_b.value, eb, cfg.b_mn_major), (atom_a.value, ea, cfg.a_mn_major)
    else:
        (ia, ea_i, mn_a), (ib, eb_i, mn_b) = (
            (atom_a.value, ea, cfg.a_mn_major),
            (atom_b.value, eb, cfg.b_mn_major),
        )
    # the RS builder instantiates its collective itself (its last static_assert reads CollectiveOp's alignment), so
    # the collective's checks come before a pending refusal of the epilogue's class
    _collective_start(cfg, None, f"{RSC}:111")
    for atom, el, mn in ((ia, ea_i, m), (ib, eb_i, n)):
        sa = atom_shape(atom, el)
        if mn % sa[0] or k % sa[1]:
            raise Refused("SmemLayoutAtom must evenly divide tile shape.", f"{RSC}:147")
    if transpose_b:
        _transpose_checks(k, n, ELEMENT_BITS[eb_i])
    st = stages.value
    if st < 2:
        raise Refused("Specialization requires Stages set to value 2 or more.", f"{RSC}:163")
    if transpose_b and k * ELEMENT_BITS[eb_i] // 8 != 128:
        raise Refused("SmemLayoutB K must be 128bytes to be transposed.", f"{RSC}:186")
    if deferred is not None:
        raise deferred
    al_ia, al_ib = _swizzle_alignment(ia), _swizzle_alignment(ib)
    bytes_a = _bits_to_bytes(m * k * st * ELEMENT_BITS[ea_i])
    bytes_b = _bits_to_bytes(n * k * st * ELEMENT_BITS[eb_i])
    end = _round_up(_round_up(bytes_a, al_ia), al_ib) + _round_up(bytes_b, al_ib)
    shared = _round_up(_round_up(end, align) + PIPELINE_BYTES_PER_STAGE * st, align)
    gmma_b = None
    if transpose_b:
        gmma_b = smem_layout_expr(ib.replace("_MN_", "_K_"), n, k, st, mn_b)
    if swap:
        why = Phrase("coll.rs_swap", a=cfg.a.element, b=cfg.b.element)
    elif transpose_b:
        why = Phrase("coll.rs_transpose", a=cfg.a.element, b=cfg.b.element, atom=ib.replace("_MN_", "_K_"))
    else:
        why = Phrase("coll.rs_a_mn", a=cfg.a.element)
    dp = Choice(
        "MainloopSm90TmaGmmaRmemAWarpSpecialized",
        f"{GB}:470",
        Phrase("coll.dp_rs", a=cfg.a.element, b=cfg.b.element, bits=16, how=why),
    )
    return Mainloop(
        schedule=sched,
        dispatch_policy=dp,
        mma_op=op,
        rs=True,
        swap_ab=swap,
        transpose_b=transpose_b,
        layout_a=smem_layout_expr(ia, m, k, st, mn_a),
        layout_b=smem_layout_expr(ib, n, k, st, mn_b),
        gmma_layout_b=gmma_b,
        atom_layout="(_2,_1,_1)" if coop else "(_1,_1,_1)",
        element_a=ea,
        element_b=eb,
        major_a=ma,
        major_b=mb,
        smem_atom_a=atom_a,
        smem_atom_b=atom_b,
        stages=stages,
        copy_a=tma_atom(cfg.cluster[1], "N", "A"),
        copy_b=tma_atom(cfg.cluster[0], "M", "B"),
        stage_bytes=per,
        shared_storage_bytes=shared,
        tile=cfg.tile,
        cluster=cfg.cluster,
    )


# ----------------------------------------------------------------------------------------------- cp.async mainloop

MSS = "cutlass/gemm/collective/sm90_mma_multistage_gmma_ss_warpspecialized.hpp"
MRS = "cutlass/gemm/collective/sm90_mma_multistage_gmma_rs_warpspecialized.hpp"


def simt_gmem_tiled_copy(threads: int, alignment: int, k_major: bool, mn: int, k: int, bytes_: int) -> Choice:
    """detail::make_simt_gmem_tiled_copy (sm90_common.inl:129): as many threads along the gmem-major mode as its
    extent / alignment allows, each copying ``alignment`` elements with SM80_CP_ASYNC_CACHEALWAYS_ZFILL."""
    rule = f"{GC}:129"
    if bytes_ not in (4, 8, 16):  # SM80_CP_ASYNC_CACHEALWAYS_ZFILL (cute/arch/copy_sm80.hpp:107)
        raise Refused("cp.async sizeof(TS) is not supported", "cute/arch/copy_sm80.hpp:107")
    major, minor_extent = (k, mn) if k_major else (mn, k)
    t_major = major // alignment if threads >= major // alignment else threads
    if t_major <= 0 or threads % t_major:
        raise Refused("static assertion failed", rule)
    t_minor = threads // t_major
    if t_minor and minor_extent % t_minor:
        raise Refused("static assertion failed", rule)
    if k_major:
        thr, val = f"(_{t_minor},_{t_major}):(_{t_major},_1)", f"(_1,_{alignment})"
    else:
        thr, val = f"(_{t_major},_{t_minor}):(_1,_{t_major})", f"(_{alignment},_1)"
    return Choice(
        "TiledCopy",
        rule,
        Phrase(
            "coll.simt_copy",
            threads=threads,
            t_major=t_major,
            major="K" if k_major else "MN",
            extent=major,
            alignment=alignment,
            thr=thr,
            val=val,
            atom=f"Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS_ZFILL<uint{bytes_ * 8}_t>>",
        ),
    )


def _universal_transposition(atom: str, bits: int) -> bool:
    """transform::collective::detail::use_universal_transposition (sm90_wgmma_transpose.hpp:76)."""
    if bits == 8:
        return not atom.startswith("GMMA::Layout_MN_SW128_Atom")
    if bits == 32:
        return atom.startswith(("GMMA::Layout_MN_SW64_Atom", "GMMA::Layout_MN_INTER_Atom"))
    raise Refused("Unsupported ElementType for B SMEM transposition", f"{TRP}:91")


def cp_async_mainloop(cfg: Config, carveout: int, sched: Choice, deferred: Refused | None = None) -> Mainloop:
    """The GMMA_CpAsync_WS_SS / _RS builders (sm90_gmma_builder.inl:752/855) and their multistage collectives
    (sm90_mma_multistage_gmma_ss/rs_warpspecialized.hpp): cp.async producer warps instead of TMA."""
    s = sched.value
    rs = use_rmem_a(cfg)
    ea = "tfloat32_t" if cfg.a.element == "float" else cfg.a.element
    eb = "tfloat32_t" if cfg.b.element == "float" else cfg.b.element
    bytes_a, bytes_b = cfg.a.bits // 8 * cfg.alignment("a"), cfg.b.bits // 8 * cfg.alignment("b")
    if bytes_a % CP_ASYNC_ALIGNMENT_BYTES or bytes_b % CP_ASYNC_ALIGNMENT_BYTES:
        raise Refused("Minimum alignment required for cp.async is 4B.", f"{GB}:{899 if rs else 796}")
    m, n, k = cfg.tile
    two = cfg.a.bits == 16 and cfg.b.bits == 16
    transpose_b = rs and not two and cfg.a_mn_major and cfg.b_mn_major
    swap = rs and not two and cfg.a_k_major and cfg.b_mn_major
    if rs:
        ma, mb = ("MN" if cfg.a_mn_major else "K"), ("MN" if cfg.b_mn_major else "K")
    else:
        ma, mb = ss_major(ea, cfg.a_mn_major), ss_major(eb, cfg.b_mn_major)
    wide = s == "KernelCpAsyncWarpSpecializedCooperative" and m >= 128
    op = ss_op(cfg.acc, ea, eb, cfg.tile, "K" if rs else ma, "K" if rs else mb, rs=rs)
    threads = 128 * (CP_ASYNC_SCHEDULES[s] if not rs else 1)
    for kmaj, mnmaj in ((cfg.a_k_major, cfg.a_mn_major), (cfg.b_k_major, cfg.b_mn_major)):
        if not (kmaj or mnmaj):  # a stride type major in neither mode (make_simt_gmem_tiled_copy's last branch)
            raise Refused("Unsupported gmem layout for automatic gmem tiled copy builder.", f"{GC}:165")
    copy_a = simt_gmem_tiled_copy(threads, cfg.alignment("a"), cfg.a_k_major, m, k, bytes_a)
    copy_b = simt_gmem_tiled_copy(threads, cfg.alignment("b"), cfg.b_k_major, n, k, bytes_b)
    if rs:
        atom_a = rs_smem_selector(ma, ea, m, k, transpose_b)
        atom_b = rs_smem_selector(mb, eb, n, k, transpose_b)
    else:
        atom_a = smem_selector(ma, ea, m, k)
        atom_b = smem_selector(mb, eb, n, k)
    stages, per = stage_count(cfg, ea, eb, carveout)
    ia, ib = (atom_b.value, atom_a.value) if swap else (atom_a.value, atom_b.value)
    ea_i, eb_i = (eb, ea) if swap else (ea, eb)
    coll = MRS if rs else MSS
    _collective_start(cfg, deferred, f"{coll}:110")
    for atom, el, mn in ((ia, ea_i, m), (ib, eb_i, n)):
        sa = atom_shape(atom, el)
        if mn % sa[0] or k % sa[1]:
            raise Refused("SmemLayoutAtom must evenly divide tile shape.", f"{coll}:{143 if rs else 116}")
    if transpose_b:
        _transpose_checks(k, n, ELEMENT_BITS[eb_i])
    st = stages.value
    if st < 2:
        raise Refused("Specialization requires Stages set to value 2 or more.", f"{coll}:{166 if rs else 130}")
    if rs:
        if transpose_b and k * ELEMENT_BITS[eb_i] // 8 != 128:
            raise Refused("SmemLayoutB K must be 128bytes to be transposed.", f"{MRS}:182")
        if _universal_transposition(ib, ELEMENT_BITS[eb_i]):
            raise Refused(
                "Warp specialized ARF kernels have not supported universal B transposition yet.", f"{MRS}:184"
            )
    nb_a = _bits_to_bytes(m * k * st * ELEMENT_BITS[ea_i])
    nb_b = _bits_to_bytes(n * k * st * ELEMENT_BITS[eb_i])
    al, arr = (256, 256) if rs else (128, 16)  # TensorStorage's and its arrays' alignment
    tensors = _round_up(_round_up(nb_a, arr) + _round_up(nb_b, arr), al)
    shared = _round_up(tensors + PIPELINE_BYTES_PER_STAGE * st, al)
    name = "MainloopSm90CpAsyncGmmaRmemAWarpSpecialized" if rs else "MainloopSm90CpAsyncGmmaWarpSpecialized"
    dp = Choice(
        name,
        f"{GB}:{924 if rs else 823}",
        Phrase("coll.dp_cp_async_rs" if rs else "coll.dp_cp_async", schedule=s, groups=threads // 128, threads=threads),
    )
    gmma_b = smem_layout_expr(ib.replace("_MN_", "_K_"), n, k, st, None) if transpose_b else None
    return Mainloop(
        schedule=sched,
        dispatch_policy=dp,
        mma_op=op,
        rs=rs,
        cp_async=True,
        swap_ab=swap,
        transpose_b=transpose_b,
        layout_a=smem_layout_expr(ia, m, k, st, None),
        layout_b=smem_layout_expr(ib, n, k, st, None),
        gmma_layout_b=gmma_b,
        atom_layout="(_2,_1,_1)" if wide else "(_1,_1,_1)",
        element_a=ea,
        element_b=eb,
        major_a=ma,
        major_b=mb,
        smem_atom_a=atom_a,
        smem_atom_b=atom_b,
        stages=stages,
        copy_a=copy_a,
        copy_b=copy_b,
        stage_bytes=per,
        shared_storage_bytes=shared,
        tile=cfg.tile,
        cluster=cfg.cluster,
    )


def smem_layout_expr(atom: str, mn: int, k: int, stages: int, mn_major: bool | None) -> str:
    """The collective's SmemLayoutA/B (sm90_mma_tma_gmma_ss_warpspecialized.hpp:128) as a cutedump expression;
    ``mn_major`` None: no Step (the cp.async collectives tile in the default order)."""
    if mn_major is None:
        return f"tile_to_shape({atom}{{}}, make_shape(_{mn},_{k},_{stages}))"
    step = "Step<_2,_1,_3>{}" if mn_major else "Step<_1,_2,_3>{}"
    return f"tile_to_shape({atom}{{}}, make_shape(_{mn},_{k},_{stages}), {step})"


# ----------------------------------------------------------------------------------------------- epilogue


class Epilogue:
    """The SM90 epilogue's choices (the fields of its CollectiveEpilogue); the no-smem one has no tile."""

    def __init__(
        self,
        schedule,
        name,
        shared_storage_bytes,
        tile=None,
        stages_c=None,
        stages_d=None,
        reuse_smem_c=False,
        atom_c=None,
        atom_d=None,
        element_c=None,
        element_d=None,
        c_m_major=False,
        d_m_major=False,
        copy_ops=None,
        deferred=None,
    ):
        self.deferred = deferred  # a refusal of the CollectiveEpilogue class itself (see build.build)
        self.schedule, self.name, self.shared_storage_bytes, self.tile = schedule, name, shared_storage_bytes, tile
        self.stages_c, self.stages_d, self.reuse_smem_c = stages_c, stages_d, reuse_smem_c
        self.atom_c, self.atom_d, self.element_c, self.element_d = atom_c, atom_d, element_c, element_d
        self.c_m_major, self.d_m_major, self.copy_ops = c_m_major, d_m_major, dict(copy_ops or {})


def _swizzle_alignment(atom: str) -> int:
    """cutlass::detail::alignment_for_swizzle (cutlass/detail/layout.hpp:420): 1 << (B + M + S) of the atom's
    Swizzle (GMMA atoms: Sw<3,4,3> SW128, Sw<2,4,3> SW64, Sw<1,4,3> SW32, Sw<0,4,3> INTER)."""
    b = {"SW128": 3, "SW64": 2, "SW32": 1, "INTER": 0}[atom.split("_")[2]]
    return 1 << (b + 4 + 3)


def epilogue_tile(cfg: Config, coop: bool) -> Choice:
    """sm90_compute_tile_shape_or_override (sm90_builder.inl:114)."""
    m, n, _ = cfg.tile
    if cfg.epilogue_tile is not None:
        em, en = cfg.epilogue_tile
        if not ((em == 64 and not coop) or (em == 128 and coop)):
            raise Refused("Unsupported tile shape", f"{EB}:161")
        if en % 16:
            raise Refused("Unsupported tile shape", f"{EB}:162")
        return Choice((em, en), f"{EB}:154", Phrase("coll.epi_tile_given", em=em, en=en))
    if coop:
        cm, nperf = 128, 32
        em, en = min(cm, m), gcd(min(nperf, n), n)
    else:
        cm, nperf = 64, 64 if cfg.d.bits == 8 and n % 64 == 0 else 32
        em, en = min(cm, m), gcd(min(nperf, n), n)
    why = Phrase("coll.epi_tile_coop" if coop else "coll.epi_tile_ws", cm=cm, m=m, nperf=nperf, n=n, em=em, en=en)
    return Choice((em, en), f"{EB}:114", why)


def store_op(element_bits: int, m_major: bool | None, en: int) -> str:
    """sm90_get_smem_store_op_for_accumulator (epilogue sm90_common.inl:42); ``m_major`` as config.stsm_major reads
    the stride (None: neither size<0> nor size<1> of the stride is 1, the auto-vectorizing copy)."""
    if element_bits == 16 and m_major is not None:
        if en % 16 == 0:
            return "SM90_U16x8_STSM_T" if m_major else "SM90_U32x4_STSM_N"
        if en % 8 == 0:
            return "SM90_U16x4_STSM_T" if m_major else "SM90_U32x2_STSM_N"
        raise Refused("no smem store op for a 16-bit epilogue tile N not a multiple of 8", f"{EC}:42")
    return "AutoVectorizingCopyWithAssumedAlignment"


LOAD_FOR_STORE = {
    "SM90_U16x8_STSM_T": "SM75_U16x8_LDSM_T",
    "SM90_U16x4_STSM_T": "SM75_U16x4_LDSM_T",
    "SM90_U32x4_STSM_N": "SM75_U32x4_LDSM_N",
    "SM90_U32x2_STSM_N": "SM75_U32x2_LDSM_N",
}


#: the ptr-array TMA epilogue schedules and their NumEpilogueWarpGroups (cutlass/epilogue/dispatch_policy.hpp:58)
PTR_ARRAY_EPILOGUES = {
    "PtrArrayTmaWarpSpecialized": 1,
    "PtrArrayTmaWarpSpecializedPingpong": 2,
    "PtrArrayTmaWarpSpecializedCooperative": 2,
}


ETW = "cutlass/epilogue/collective/sm90_epilogue_tma_warpspecialized.hpp"


def _rank3(cfg: Config, message: str, where: str) -> Refused | None:
    """The collective epilogue's static_asserts on C's and D's strides (rank 3: [M, N, L]; a stride type of another
    rank), refused when its class is instantiated (``deferred``): C's first (line 131 or 90), then D's."""
    from cutedump.collective.stride import rank  # start-up: stride types only

    lay_c = cfg.d.layout if cfg.c.element == "void" else cfg.c.layout
    for i, (w, lay) in enumerate((("C", lay_c), ("D", cfg.d.layout))):
        if lay.startswith("cute::Stride<") and rank(lay, "c") != 3:
            line = (131 if where == ETW else 90) + i
            return Refused(message.replace("{}", w), f"{where}:{line}")
    return None


def epilogue(cfg: Config, kernel_schedule: str | None = None) -> Epilogue:
    s = cfg.epilogue_schedule
    fusion = None
    if cfg.fusion is not None:
        from cutedump.collective import fusion as F  # start-up: the fusion table only for --fusion

        fusion = F.parse(cfg.fusion)
        # the builder's default LinearCombination<ElementD, ElementCompute, ElementC, ElementCompute>, ElementCompute
        # the builder's own (cutedump gives it the accumulator): another operation, or other element types, is a fusion
        el = F.elements(cfg)
        default = fusion[0] == "LinearCombination" and (el[F.OUT], el[F.COMP], el[F.SRC], el[F.SCALAR]) == (
            cfg.d.element,
            cfg.acc,
            cfg.c.element,
            cfg.acc,
        )
        if s == "EpilogueScheduleAuto" and not default:
            raise Refused(
                "Auto schedule doesn't support fusion. Use one of the TmaWarpSpecialized schedules instead.",
                f"{EB}:615",
            )
        if s == "EpilogueTransposed" and not default:
            raise Refused("EpilogueTransposed schedule doesn't support fusion.", f"{EB}:860")
        if s in ("NoSmemWarpSpecialized", "PtrArrayNoSmemWarpSpecialized"):
            if not default:
                raise Refused(
                    "Could not build a collective epilogue for given parameters.",
                    "cutlass/epilogue/collective/collective_builder.hpp:72 (no builder matches: the no-smem epilogue's "
                    f"builder, {EB}:466, takes LinearCombination<ElementD, ElementCompute, ElementC, ElementCompute> "
                    "only, ElementCompute the builder's: the accumulator)",
                )
    if s in ("EpilogueScheduleAuto", "NoSmemWarpSpecialized"):
        ch = Choice(
            "NoSmemWarpSpecialized",
            f"{EB}:620",
            Phrase("coll.epi_auto_nosmem")
            if s == "EpilogueScheduleAuto"
            else Phrase("coll.given", value="NoSmemWarpSpecialized"),
        )
        deferred = None
        if cfg.grouped:  # DefaultEpilogue's StrideC/StrideD: TagToStrideC_t of a pointer layout tag, not rank 3
            deferred = Refused(
                "StrideCD must be rank-3: [M, N, L]",
                "cutlass/epilogue/collective/default_epilogue.hpp:90 (NoSmemWarpSpecialized's DefaultEpilogue with "
                "pointer layout tags: a grouped GEMM takes PtrArrayNoSmemWarpSpecialized)",
            )
        else:
            deferred = _rank3(
                cfg, "StrideCD must be rank-3: [M, N, L]", "cutlass/epilogue/collective/default_epilogue.hpp"
            )
        return Epilogue(schedule=ch, name="EpilogueDefault", shared_storage_bytes=1, deferred=deferred)
    if s == "EpilogueTransposed":  # DefaultEpilogue<.., EpilogueTransposed> in the no-smem adapter (sm90_builder.inl)
        return Epilogue(schedule=Choice(s, f"{EB}:882", Phrase("coll.given", value=s)), name=s, shared_storage_bytes=1)
    if s == "PtrArrayNoSmemWarpSpecialized":
        ch = Choice(
            s,
            f"{EB}:499",
            Phrase("coll.epi_ptr_nosmem", value=s, name="DefaultEpilogueArray"),
        )
        return Epilogue(schedule=ch, name="PtrArrayNoSmemWarpSpecialized", shared_storage_bytes=1)
    if s not in ("TmaWarpSpecialized", "TmaWarpSpecializedCooperative", *PTR_ARRAY_EPILOGUES):
        raise NotModelled(f"the SM90 epilogue schedule {s} is not modelled")
    ptr = PTR_ARRAY_EPILOGUES.get(s)
    coop = s in ("TmaWarpSpecializedCooperative", "PtrArrayTmaWarpSpecializedCooperative")
    given = "coll.given" if ptr is None else "coll.given_grouped" if cfg.grouped else "coll.given_batched"
    ch = Choice(s, f"{EB}:553", Phrase(given, value=s))
    c_void = cfg.c.element == "void"
    tile = epilogue_tile(cfg, coop)
    em, en = tile.value
    m, n, _ = cfg.tile
    for cta, e in ((m, em), (n, en)):  # shape_div(take<0,2>(TileShape), EpilogueTile) in the dispatch policy
        if cta % e and e % cta:
            raise Refused("Divisibility Condition", "cute/int_tuple.hpp:408")
    for op, which in ((cfg.c, "c"), (cfg.d, "d")):  # Sm90TmaBuilderImpl, after the tile and the dispatch policy
        if op.element != "void" and (op.bits * cfg.alignment(which)) % 128:
            raise Refused("C/D Should meet TMA alignment requirement\n", f"{EB}:298")
    if en % 8:  # CopyAtomC: SM90_U32x4_STSM_N for N % 16, SM90_U32x2_STSM_N for N % 8, else void
        raise Refused("CopyAtomC can't be void, divisiblity check for EpilogueTile_MN failed", f"{EB}:333")
    epi_tiles = (m // em) * (n // en)  # size(shape_div(take<0,2>(TileShape), EpilogueTile))
    bits_c = 0 if c_void else cfg.c.bits
    bits_d = cfg.d.bits
    reuse = bits_c == bits_d and bits_d > 8
    stages_d = min(epi_tiles, 2)
    stages_c = max(min(epi_tiles, 4), stages_d + 1) if reuse else min(epi_tiles, 4)
    why_st = Phrase(
        "coll.epi_stages_reuse" if reuse else "coll.epi_stages",
        policy="sm90_get_tma_dispatch_policy",
        tiles=epi_tiles,
        max_d=2,
        stages_d=stages_d,
        max_c=4,
        inc=1,
        stages_c=stages_c,
        reuse=Phrase("coll.reuse_same_bits", bits=bits_d),
    )
    el_c = cfg.d.element if c_void else cfg.c.element
    lay_c = cfg.d.layout if c_void else cfg.c.layout
    c_maj, d_maj = cd_major(lay_c), cd_major(cfg.d.layout)
    if c_maj is None or d_maj is None:  # a C/D stride type major in neither mode
        raise Refused("Unsupported gmem layout.", f"{EB}:107 (sm90_get_epilogue_smem_swizzle_layout_atom)")
    c_m, d_m = c_maj == "M", d_maj == "M"
    atom_c = smem_selector("MN" if c_m else "K", el_c, em, en, f"{EB}:91")
    atom_d = smem_selector("MN" if d_m else "K", cfg.d.element, em, en, f"{EB}:91")
    deferred = None
    for cta, e, mode in ((m, em, "M"), (n, en, "N")):  # the CollectiveEpilogue class's own checks
        if cta % e and deferred is None:
            # they fire when the class is instantiated (its size, or sizeof(SharedStorage) as the mainloop's
            # carveout), not in the builder: build() raises it where CUTLASS's program would
            deferred = Refused(
                f"EPI_TILE_{mode} must divide CTA_{mode}",
                f"cutlass/epilogue/collective/sm90_epilogue_tma_warpspecialized.hpp:{129 if mode == 'M' else 130}",
            )
    if deferred is None:  # then its rank-3 checks of the strides (sm90_epilogue_tma_warpspecialized.hpp:131)
        deferred = _rank3(cfg, "Stride{} must be rank-3: [M, N, L]", ETW)
    r2s = store_op(bits_d, stsm_major(cfg.d.layout), en)
    s2r_store = store_op(ELEMENT_BITS[el_c], stsm_major(lay_c), en)
    s2r = LOAD_FOR_STORE.get(s2r_store, "AutoVectorizingCopyWithAssumedAlignment")
    # SharedStorage (sm90_epilogue_tma_warpspecialized.hpp:218): the C/D buffers (aligned for their swizzle), the
    # fusion callbacks' storage (LinearCombination: a few bytes, padded to the alignment), the C load pipeline
    al_c, al_d = _swizzle_alignment(atom_c.value), _swizzle_alignment(atom_d.value)
    c_bytes = em * en * stages_c * ELEMENT_BITS[el_c] // 8
    d_bytes = em * en * (stages_c if reuse else stages_d) * bits_d // 8
    if c_void:
        align = al_d
        coll = _round_up(d_bytes, al_d)
    elif reuse:
        align = max(al_c, al_d)
        coll = _round_up(max(c_bytes, d_bytes), align)
    else:
        align = max(al_c, al_d)
        coll = _round_up(_round_up(c_bytes, al_d) + d_bytes, align)
    # + FusionStorage (the fusion callbacks' smem: an empty struct for LinearCombination), padded to the alignment
    if fusion is not None and ptr is not None:  # the ptr-array callbacks CUTLASS has
        from cutedump.collective import fusion as F  # start-up: as above

        F.ptr_array_check(cfg, Refused, NotModelled)
    if fusion is not None and fusion.refusal is not None:  # a tree node's static_assert (its callbacks' class)
        raise Refused(*fusion.refusal)
    # {collective; thread}: the callbacks' storage at its own alignment (an Aux tensor's: its swizzle's)
    fbytes, falign = (1, 1) if fusion is None else _fusion_bytes(cfg, fusion, em, en, stages_d)
    align = max(align, falign)
    tensors = _round_up(_round_up(coll, falign) + fbytes, align)
    if ptr is not None:  # TensorMapStorage: C's descriptor and one of D per epilogue warp group (aligned 128)
        tensors = _round_up(tensors, 128) + TMA_DESC_BYTES * (1 + ptr)
    shared = _round_up(tensors + PIPELINE_BYTES_PER_STAGE * stages_c, align)
    out = Epilogue(
        schedule=ch,
        name="Sm90TmaWarpSpecialized" if ptr is None else "Sm90PtrArrayTmaWarpSpecialized",
        shared_storage_bytes=shared,
        tile=tile,
        stages_c=Choice(stages_c, f"{EB}:66", why_st),
        stages_d=stages_d,
        reuse_smem_c=reuse,
        atom_c=atom_c,
        atom_d=atom_d,
        element_c=el_c,
        element_d=cfg.d.element,
        c_m_major=c_m,
        d_m_major=d_m,
        copy_ops={"g2s": "SM90_TMA_LOAD", "s2r": s2r, "r2s": r2s, "s2g": "SM90_TMA_STORE"},
        deferred=deferred,
    )
    if fusion is not None and fusion.tree is not None:  # a custom EVT: its callbacks' fields (build.fusion_fields)
        from cutedump.collective import evt as E  # start-up: the EVT nodes only for a tree

        out.fusion_bytes = fbytes
        value, key, facts = E.storage_facts(cfg.fusion, fbytes)
        out.fusion_why = Choice(value, E.RULE, Phrase(key, **facts))
    return out


def _fusion_bytes(cfg: Config, fusion: tuple, em: int, en: int, stages_d: int) -> tuple[int, int]:
    """sizeof and alignof FusionCallbacks::SharedStorage of the operation (sm90_callbacks_tma_warpspecialized.hpp): a
    per-column bias (Sm90RowBroadcast) keeps the CTA tile's N bias values in smem (16-byte aligned); an Aux output
    (Sm90AuxStore) an epilogue tile per StagesD, aligned as its swizzle (its atom: the builder's
    sm90_get_epilogue_smem_swizzle_layout_atom of the Aux layout and type); per-row biases (Sm90ColBroadcast),
    scalars and activations keep none (an empty struct)."""
    from cutedump.collective import fusion as F  # start-up: as above

    if fusion.tree is not None:  # a custom EVT: the tree's own SharedStorage (cutedump.collective.evt)
        from cutedump.collective import evt as E  # start-up: the EVT nodes only for a tree

        return E.callbacks_storage(cfg.fusion)
    f = F.op(fusion[0])
    el = F.elements(cfg)
    out, align = 0, 1
    if f.bias == "col":
        out += _round_up(cfg.tile[1] * ELEMENT_BITS[el[F.BIAS]] // 8, 16)
        align = 16
    if f.aux == "out":
        major = "MN" if (fusion.layout_aux or cfg.d.layout) == "ColumnMajor" else "K"
        al = _swizzle_alignment(smem_selector(major, el[F.AUX], em, en, f"{EB}:91").value)
        out = _round_up(out, al) + em * en * stages_d * ELEMENT_BITS[el[F.AUX]] // 8
        align = max(align, al)
    return max(_round_up(out, align), 1), align
