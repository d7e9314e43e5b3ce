"""CUTLASS 4.2's SM120 (GeForce Blackwell) GEMM CollectiveBuilders as rules and tables: the dense F8F6F4 builder
(``sm120_mma_builder.inl``), the block-scaled one (``sm120_blockscaled_mma_builder.inl``: ``nv_float4_t`` /
``mx_float{4,6,8}_t`` operands, OpClassBlockScaledTensorOp), the blockwise-scaling one
(``sm120_blockwise_mma_builder.inl``: ``--sf-vec``), their shared helpers (``sm120_common.inl``,
``sm1xx_common.inl``) and the SM120 epilogue builder (``epilogue/collective/builders/sm120_builder.inl``, which
builds SM90's TMA collective epilogue with SM120's tile, stages and copy ops).

The MMA is warp-level ``mma.sync`` (the SM120 atoms of cutedump's catalog, ``cutedump atoms --mma "SM120*"``)
tiled over 8 (Cooperative) or 4 (Pingpong) warps; A and B go gmem -> smem by TMA (SM90_TMA_LOAD) and smem ->
registers by ldmatrix. The scale-factor layouts come from cutedump.scale (Sm1xxBlockScaledConfig,
Sm1xxBlockwiseScaleConfig).
"""

from __future__ import annotations

from cutedump.algebra.integer import C
from cutedump.algebra.layout import cosize, logical_divide
from cutedump.collective.config import ELEMENT_BITS, Config, block_scaled_parts, cd_major, is_block_scaled, stsm_major
from cutedump.collective.sm90 import Choice, NotModelled, Phrase, Refused
from cutedump.collective.sm90 import _swizzle_alignment as sm90_swizzle_alignment  # the GMMA atoms' alignment
from cutedump.collective.sm90 import smem_selector as sm90_smem_selector
from cutedump.errors import CuteDumpError
from cutedump.parse import parse_layout
from cutedump.versions import cutlass_fact

GB = "cutlass/gemm/collective/builders/sm120_mma_builder.inl"
BS = "cutlass/gemm/collective/builders/sm120_blockscaled_mma_builder.inl"
BW = "cutlass/gemm/collective/builders/sm120_blockwise_mma_builder.inl"
CM = "cutlass/gemm/collective/builders/sm120_common.inl"
XC = "cutlass/gemm/collective/builders/sm1xx_common.inl"
DECL = "cutlass/gemm/collective/collective_builder_decl.hpp:94"
EB = "cutlass/epilogue/collective/builders/sm120_builder.inl"
EC = "cutlass/epilogue/collective/builders/sm120_common.inl"

#: cutlass::arch::sm120_smem_capacity_bytes (cutlass/arch/arch.h:45)
SMEM_CAPACITY = 101376
#: sizeof(PipelineTmaUmmaAsync<1>::SharedStorage), the stage counts' pipeline bytes per stage
PIPELINE_BYTES_PER_STAGE = 16
#: is_sm10x_f8f6f4_element (cutlass/detail/collective.hpp:114): the only A/B types of the SM120 builders
F8F6F4 = ("float_e4m3_t", "float_e5m2_t", "float_e3m2_t", "float_e2m3_t", "float_e2m1_t")

BLOCKSCALED_SCHEDULES = {  # schedule -> (instruction family it forces or None, pingpong, find_vector_size)
    "KernelScheduleAuto": (None, False, 0),
    "KernelTmaWarpSpecializedCooperative": (None, False, 0),
    "KernelTmaWarpSpecializedPingpong": (None, True, 0),
    "KernelTmaWarpSpecializedNvf4Sm120": ("MXF4_NVF4", False, 16),
    "KernelTmaWarpSpecializedPingpongNvf4Sm120": ("MXF4_NVF4", True, 16),
    "KernelTmaWarpSpecializedMxf4Sm120": ("MXF4_NVF4", False, 32),
    "KernelTmaWarpSpecializedPingpongMxf4Sm120": ("MXF4_NVF4", True, 32),
    "KernelTmaWarpSpecializedMxf8f6f4Sm120": ("MXF4F6F8", False, 32),
    "KernelTmaWarpSpecializedPingpongMxf8f6f4Sm120": ("MXF4F6F8", True, 32),
    # the blockwise schedules derive from KernelTmaWarpSpecializedCooperative/Pingpong too (dispatch_policy.hpp:927)
    "KernelTmaWarpSpecializedBlockwiseCooperativeSm120": (None, False, 0),
    "KernelTmaWarpSpecializedBlockwisePingpongSm120": (None, True, 0),
    # the grouped (ptr-array) schedules (examples 79d, 87c): the block-scaled builder's enable_if takes them
    # (sm120_blockscaled_mma_builder.inl:72); with pointer layout tags they build the Array mainloop
    "KernelPtrArrayTmaWarpSpecializedCooperative": (None, False, 0),
    "KernelPtrArrayTmaWarpSpecializedPingpong": (None, True, 0),
}
#: the dense builder's enable_if (sm120_mma_builder.inl:72): KernelScheduleSm120DenseGemm's, and every schedule
#: deriving from KernelTmaWarpSpecializedCooperative/Pingpong (the block-scaled and blockwise ones among them)
DENSE_SCHEDULES = (
    "KernelScheduleAuto",
    "KernelScheduleSm120DenseGemm",
    "KernelScheduleF8f6f4Sm120",
    *[k for k in BLOCKSCALED_SCHEDULES if k != "KernelScheduleAuto"],
)
BLOCKWISE_SCHEDULES = (
    "KernelScheduleAuto",
    "KernelScheduleSm120Blockwise",
    "KernelTmaWarpSpecializedBlockwiseCooperativeSm120",
    "KernelTmaWarpSpecializedBlockwisePingpongSm120",
)

_BUILDERS = "cutlass/gemm/collective/builders/"
_SP = "sparse GEMM (structured-sparse A)"
#: CUTLASS 4.2 schedules whose SM120 builder cutedump does not model: (the builder's file:line, what it builds)
NOT_MODELLED = {
    "KernelScheduleSparseGemmSm120": (f"{_BUILDERS}sm120_sparse_mma_builder.inl:134", _SP),
    "KernelScheduleSparseF8f6f4Sm120": (f"{_BUILDERS}sm120_sparse_mma_builder.inl:134", _SP),
    **{
        s: (f"{_BUILDERS}sm120_blockscaled_sparse_mma_builder.inl:140", _SP)
        for s in (
            "KernelScheduleBlockScaledSparseGemmSm120",
            "KernelScheduleSparseMxNvf4Sm120",
            "KernelScheduleSparseMxf8f6f4Sm120",
            "KernelSparseTmaWarpSpecializedNvf4Sm120",
            "KernelSparseTmaWarpSpecializedMxf4Sm120",
            "KernelSparseTmaWarpSpecializedMxf8f6f4Sm120",
            "KernelSparseTmaWarpSpecializedMxf8f6f4Acc2x4Sm120",
        )
    },
}


def not_modelled_schedule(schedule: str) -> str | None:
    """The one-line reason a CUTLASS 4.2 schedule's SM120 builder is not answered, naming the builder, or None."""
    t = schedule.strip().replace("cutlass::gemm::", "")
    if t not in NOT_MODELLED:
        return None
    where, what = NOT_MODELLED[t]
    return f"{schedule.strip()!r} is a CUTLASS 4.2 kernel schedule of the SM120 {what} builder ({where}): not modelled"


def _ru(x: int, a: int) -> int:
    return -(-x // a) * a


def kind(cfg: Config) -> str:
    """Which SM120 builder CUTLASS picks: "blockwise" (tuple layout tags: --sf-vec), "blockscaled" (A and B both
    block-scaled wrappers: OpClassBlockScaledTensorOp), else "dense" (OpClassTensorOp)."""
    if cfg.sf_vec is not None:
        return "blockwise"
    # a stride type is a cute::tuple: the blockwise builder's enable_if (cute::is_tuple_v<GmemLayoutATagPair>, both A
    # and B) takes it as a (layout, scale-factor layout) pair; the dense builder's excludes tuples
    sa, sb = (o.layout.startswith("cute::Stride<") for o in (cfg.a, cfg.b))
    if sa and sb:
        return "blockwise"
    if sa or sb:
        return "none"
    if is_block_scaled(cfg):
        return "blockscaled"
    return "dense"


def _no_builder(cfg: Config, why: str):
    return Refused("Could not build a collective for given parameters.", f"{DECL}: {why}")


def _align_bits(bits: int, subbyte: bool) -> int:
    """get_input_alignment_bits (cutlass/detail/layout.hpp:372): 16U4 rows are 64 bytes, 16U6 rows 96 bytes."""
    if subbyte and bits == 4:
        return 512
    if subbyte and bits == 6:
        return 768
    return 128


def _check_aligned(cfg: Config, subbyte: bool, what: str) -> None:
    for w in "ab":
        op = getattr(cfg, w)
        need = _align_bits(op.bits, subbyte)
        if (op.bits * cfg.alignment(w)) % need:
            raise _no_builder(
                cfg,
                f"{what} is false: {w.upper()}'s alignment {cfg.alignment(w)} x {op.bits} bits is not a multiple "
                f"of {need} bits",
            )


def _mix8bit(a: str, b: str, cfg: Config, rule: str) -> None:
    """sm1xx_gemm_check_for_f8f6f4_mix8bit_requirement (sm1xx_common.inl:203), 1SM dense: a 4/6-bit operand's
    TMA box needs 128 elements along its contiguous mode."""
    m, n, k = cfg.tile
    sub_a, sub_b = ELEMENT_BITS[a] < 8, ELEMENT_BITS[b] < 8
    valid_a = not sub_a or (k % 128 == 0 if cfg.a_k_major else m % 128 == 0)
    valid_b = not sub_b or (k % 128 == 0 if cfg.b_k_major else n % 128 == 0)
    if not (valid_a and valid_b):
        raise Refused("TileSize and MNK Major does not met with MMA Mix 8-bit TMA load requirement", rule)


def smem_selector(alloc: str, k: int) -> Choice:
    """sm120_rr_smem_selector (sm120_common.inl:100): the widest K-major UMMA atom whose K extent divides the tile K."""
    bits = ELEMENT_BITS.get(alloc, {"uint8_t": 8, "uint4b_t": 4}.get(alloc, 8))
    for swz, nbytes in (("SW128", 128), ("SW64", 64), ("SW32", 32), ("INTER", 16)):
        span = nbytes * 8 // bits
        if k % span == 0:
            return Choice(
                f"UMMA::Layout_K_{swz}_Atom<{alloc}>",
                f"{CM}:100",
                Phrase(
                    "coll.sm120_smem_selector",
                    selector=f"sm120_rr_smem_selector<{alloc}>",
                    k=k,
                    span=span,
                    nbytes=nbytes,
                    swizzle=swz,
                ),
            )
    raise Refused("No shared memory copy atom can be selected.", f"{CM}:116")


class Mainloop120:
    rs = cp_async = swap_ab = transpose_b = False  # the SM90 RS/cp.async builders' flags: never on SM120
    gmma_layout_b = None


def _atom_layout(pingpong: bool) -> str:
    return "(_2,_2,_1)" if pingpong else "(_4,_2,_1)"


def mainloop(cfg: Config, carveout: int):
    k = kind(cfg)
    if k == "none":
        raise _no_builder(
            cfg,
            "one of A and B is a cute::Stride (a tuple): the dense builder takes no tuple layouts and the blockwise "
            "builder a (layout, scale-factor layout) tuple for both",
        )
    if k == "blockscaled":
        return _blockscaled(cfg, carveout)
    return _dense(cfg, carveout, blockwise=(k == "blockwise"))


def _is_pingpong(schedule: str) -> bool:
    return "Pingpong" in schedule


def _common_dense_checks(cfg: Config, rule_file: str, f8_line: int, tn_line: int, mix_line: int, blockwise: bool):
    a, b = cfg.a.element, cfg.b.element
    if a not in F8F6F4 or b not in F8F6F4:
        msg = (
            "SM120 TmaWarpSpecialized blockwise scaling builder currently only supports F8F6F4 MMA."
            if blockwise
            else "SM120 TmaWarpSpecialized builder currently only supports F8F6F4 MMA."
        )
        raise Refused(msg, f"{rule_file}:{f8_line}")
    if blockwise and cfg.sf_vec is None:  # stride types read as (LayoutA, LayoutSFA): get<1> is the K mode's stride
        _stride_as_pair(cfg)
    if not blockwise and cfg.cluster != (1, 1, 1):
        raise Refused("no programmatic multicast on this arch", f"{rule_file}:86")
    if not (cfg.a_k_major and cfg.b_k_major):
        raise Refused("Only TN layout is supported.", f"{rule_file}:{tn_line}")
    _mix8bit(a, b, cfg, f"{rule_file}:{mix_line}")


def _stride_as_pair(cfg: Config):
    """The blockwise builder given stride types for A and B (sm120_blockwise_mma_builder.inl:139): GmemLayoutSFATag is
    get<1> of A's stride (its K mode), whose depth must be 2; CUTLASS refuses anything else."""
    from cutedump.collective.stride import tree  # start-up: stride types only

    def depth(t):
        return 1 + max(depth(x) for x in t) if isinstance(t, tuple) else 0

    sfs = [tree(o.layout)[1] if len(tree(o.layout)) > 1 else None for o in (cfg.a, cfg.b)]
    if all(x is not None and depth(x) == 2 for x in sfs):
        raise NotModelled(
            "stride types for A and B whose K modes are of depth 2: the SM120 blockwise builder "
            f"({BW}:139) reads them as (LayoutA, LayoutSFA) pairs; not modelled"
        )
    raise Refused(
        "Expect SFA and SFB layout to be depth of two with shape ((SFVecMN, restMN),(SFVecK, restK), L)",
        f"{BW}:144 (a stride type is a tuple: the blockwise builder reads get<1> of it as the scale-factor layout)",
    )


def _tiled_mma(op: str, pingpong: bool, perm: str, rule: str, atoms: str | None = None):
    from cutedump.atoms import make_tiled_mma  # start-up: the MMA catalog only when an answer is built

    try:
        return make_tiled_mma(op, atoms or _atom_layout(pingpong), perm)
    except CuteDumpError as e:
        msg = e.message.split("No MMA matches", 1)
        if len(msg) == 2:
            raise Refused("No MMA matches" + msg[1].split(" (CuTe's")[0].split(".")[0] + ".", rule) from None
        raise Refused(e.message, rule) from None


def _schedule_phrase(sched: str, pingpong: bool, name: str, n: int, atoms: str | None = None) -> Phrase:
    """The kernel schedule's why: Pingpong (2x2 warps) or Cooperative (4x2 warps; 4.7's block-scaled 8x1 below tile
    N 16: ``atoms``) -> the SM120 kernel schedule."""
    wm, wn = (int(x) for x in (atoms or _atom_layout(pingpong)).strip("()").replace("_", "").split(",")[:2])
    warps = Phrase("coll.sm120_warps", kind="Pingpong" if pingpong else "Cooperative", wm=wm, wn=wn)
    return Phrase("coll.sm120_schedule", schedule=sched, warps=warps, name=name, n=n)


def _no_multicast(operand: str) -> Phrase:
    return Phrase("coll.sm120_no_multicast", operand=operand, op="SM90_TMA_LOAD", sm="SM120")


def _tma_atom(cluster_extent: int, operand: str, mode: str) -> Choice:
    """sm90_cluster_shape_to_tma_atom (sm90_common.inl): multicast when the cluster has more than one CTA along
    the mode that shares the operand."""
    op = "SM90_TMA_LOAD_MULTICAST" if cluster_extent > 1 else "SM90_TMA_LOAD"
    return Choice(
        op,
        "cutlass/gemm/collective/builders/sm90_common.inl",
        Phrase("coll.sm120_tma", operand=operand, mode=mode, extent=cluster_extent, op=op),
    )


def _dense(cfg: Config, carveout: int, blockwise: bool):
    sched = cfg.schedule
    table = BLOCKWISE_SCHEDULES if blockwise else DENSE_SCHEDULES
    if sched not in table:
        builder = "blockwise-scaling" if blockwise else "dense"
        raise _no_builder(cfg, f"{sched} is not a schedule of the SM120 {builder} builder ({', '.join(table)})")
    subbyte = cfg.a.bits < 8 or cfg.b.bits < 8
    _check_aligned(cfg, subbyte, "sm1xx_gemm_is_aligned")
    rf = BW if blockwise else GB
    if not blockwise and "PtrArray" in sched:
        raise Refused("PtrArray kernel is not supported for this collective builder.", f"{GB}:140")
    if blockwise:
        _common_dense_checks(cfg, BW, 132, 151, 164, True)
    else:
        _common_dense_checks(cfg, GB, 82, 90, 103, False)
    m, n, kk = cfg.tile
    pp = _is_pingpong(sched)
    a, b = cfg.a.element, cfg.b.element
    op = f"SM120_16x8x32_TN<{a},{b},{cfg.acc}>"
    perm = f"(_{min(m, 128)},_{min(n, 32)},_32)"
    tiled = _tiled_mma(op, pp, perm, "cute/arch/mma_sm120.hpp")
    copy_a = _tma_atom(cfg.cluster[1], "A", "N")
    copy_b = _tma_atom(cfg.cluster[0], "B", "M")
    atom_a = smem_selector("uint8_t", kk)
    atom_b = smem_selector("uint8_t", kk)
    ml = Mainloop120()
    ml.kind = "blockwise" if blockwise else "dense"
    scale_bytes = 0
    if blockwise:
        gm, gn, gk = cfg.sf_vec
        if m % gm:
            raise Refused("Scale Granularity M must evenly divide the tile shape M.", f"{BW}:199")
        if n % gn:
            raise Refused("Scale Granularity N must evenly divide the tile shape N.", f"{BW}:200")
        if kk != gk:
            raise Refused("Scale Granularity K must be equal to the tile shape K.", f"{BW}:201")
        sm, sn = m // gm, n // gn
        acc_bits = ELEMENT_BITS[cfg.acc]
        scale_bytes = (acc_bits * sm + 7) // 8 + (acc_bits * sn + 7) // 8
        ml.scale_tile = (sm, sn, 1)
    per = m * kk + n * kk + scale_bytes + PIPELINE_BYTES_PER_STAGE
    if cfg.stages is not None:
        stages = Choice(cfg.stages, f"{rf}:{213 if blockwise else 132}", Phrase("coll.stages_given", stages=cfg.stages))
    else:
        s = (SMEM_CAPACITY - carveout) // per
        sb = Phrase("coll.sm120_scale_bytes", bytes=scale_bytes, acc=cfg.acc) if blockwise else ""
        stages = Choice(
            s,
            f"{BW}:72" if blockwise else "cutlass/gemm/collective/builders/sm100_umma_builder.inl:84",
            Phrase(
                "coll.sm120_stages",
                carveout=carveout,
                capacity=SMEM_CAPACITY,
                ab=m * kk + n * kk,
                alloc="uint8_t",
                scale=sb,
                pipeline=PIPELINE_BYTES_PER_STAGE,
                per=per,
                stages=s,
            ),
        )
    st = stages.value
    _collective_checks(cfg, st, "blockwise" if blockwise else "dense")
    coop = "Cooperative" if not pp else "Pingpong"
    arr = "Array" if cfg.grouped else ""
    ptr = "PtrArray" if cfg.grouped else ""
    if blockwise:
        # IsGroupedGemmKernel (pointer layout tags, sm120_blockwise_mma_builder.inl:217): the Array mainloop
        sched_name = f"Kernel{ptr}TmaWarpSpecialized{coop}BlockwiseScalingSm120"
        policy = f"MainloopSm120{arr}TmaWarpSpecializedBlockwiseScaling"
        line = 225
    else:
        sched_name = f"KernelTmaWarpSpecialized{coop}Sm120"
        policy = "MainloopSm120TmaWarpSpecialized"
        line = 142
    ml.schedule = Choice(sched_name, f"{rf}:{line}", _schedule_phrase(sched, pp, sched_name, 2))
    ml.dispatch_policy = Choice(
        policy,
        f"{rf}:{line + 4}",
        Phrase("coll.sm120_policy", policy=policy, stages=st, n=2, schedule=sched_name),
    )
    ml.scheduler_stages = 2
    ml.mma_op = Choice(
        op,
        "cute/arch/mma_sm120.hpp:3229",
        Phrase(
            "coll.sm120_rr_op",
            selector=f"rr_op_selector_sm120<{a}, {b}, {cfg.acc}>",
            layout=_atom_layout(pp),
            perm=perm,
        ),
    )
    ml.tiled = tiled
    ml.atom_layout = _atom_layout(pp)
    ml.element_a = ml.element_b = "uint8_t"
    ml.major_a = ml.major_b = "K"
    ml.smem_atom_a, ml.smem_atom_b = atom_a, atom_b
    ml.stages, ml.copy_a, ml.copy_b = stages, copy_a, copy_b
    ab = _ru(m * kk * st, 1024) + n * kk * st
    if blockwise:
        # smem_scale_A/B: cute::array_aligned<ElementAccumulator, cosize(SmemLayoutScaleA/B)> (16-byte aligned)
        ab = _ru(ab, 16) + ELEMENT_BITS[cfg.acc] * sm * st // 8
        ab = _ru(ab, 16) + ELEMENT_BITS[cfg.acc] * sn * st // 8
        ml.layout_scale_a = f"make_layout(make_shape(_{sm},_{st}))"
        ml.layout_scale_b = f"make_layout(make_shape(_{sn},_{st}))"
    ml.shared_storage_bytes = _ru(_ru(ab, 1024) + PIPELINE_BYTES_PER_STAGE * st, 1024)
    ml.stage_bytes = per
    return ml


#: the collectives' files and the lines of their static_asserts: SmemLayoutAtom divides the tile (A M, B N), Stages
COLLECTIVES = {
    "dense": ("cutlass/gemm/collective/sm120_mma_tma.hpp", 127, 131, 152),
    "blockscaled": ("cutlass/gemm/collective/sm120_blockscaled_mma_tma.hpp", 172, 176, 209),
    "blockwise": ("cutlass/gemm/collective/sm120_mma_tma_blockwise_scaling.hpp", 150, 154, 185),
}


def _collective_checks(cfg: Config, st: int, which: str, layouts=None) -> None:
    """The collective's static_asserts after the builder: the smem atoms (8 rows) divide the tile; then its smem
    layout types (``layouts()``: 4.7's SmemLayoutSFB, where a compile error can come from); 2 stages at least."""
    f, la, lb, ls = COLLECTIVES[which]
    m, n, _ = cfg.tile
    if m % 8:
        raise Refused("SmemLayoutAtom must evenly divide tile shape.", f"{f}:{la}")
    if n % 8:
        raise Refused("SmemLayoutAtom must evenly divide tile shape.", f"{f}:{lb}")
    if layouts is not None:
        layouts()
    if st < 2:
        raise Refused("Specialization requires Stages set to value 2 or more.", f"{f}:{ls}")


def _instr(cfg: Config, a: str, b: str, vs: int, sf: str, forced: str | None) -> str:
    """select_instr (sm1xx_common.inl:730)."""
    if forced:
        return forced
    ba, bb = ELEMENT_BITS[a], ELEMENT_BITS[b]
    if 6 <= ba <= 8 and 6 <= bb <= 8:
        return "MXF4F6F8"
    if (ba == 4 and bb in (6, 8)) or (ba in (6, 8) and bb == 4):
        return "MXF4F6F8"
    return "MXF4_NVF4"  # both 4-bit: TN only on SM120, so MXF4_NVF4


def _check_input_datatypes(cfg: Config, a: str, b: str, vs: int, sf: str, sched: str) -> None:
    """detail::blockscaled::check_input_datatypes (sm1xx_common.inl:491), the SM120 rows."""
    forced, _pp, fvs = BLOCKSCALED_SCHEDULES[sched]
    rule = f"{XC}:491"
    ba, bb = ELEMENT_BITS[a], ELEMENT_BITS[b]
    if ba in (4, 6, 8) and bb in (4, 6, 8) and not (ba == 4 and bb == 4):
        if sf != "float_ue8m0_t":
            raise Refused("MX_F4F6F8 only supports ue8m0 SF type", rule)
        if vs != 32:
            raise Refused("Incorrect SfVectorSize for MX_F4F6F8 is deduced.", rule)
        if forced == "MXF4_NVF4":
            raise Refused("Incorrect Kernel Schedule Policy for Mx_F4F6F8 type inputs.", rule)
        return
    # both 4-bit
    if forced == "MXF4F6F8":
        if sf != "float_ue8m0_t":
            raise Refused("MX_F4F6F8 only supports ue8m0 SF type", rule)
        if fvs != vs:
            raise Refused("Kernel Schedule policy doesn't match the scale factor vector size.", rule)
    elif forced == "MXF4_NVF4" and fvs != vs:
        raise Refused("Kernel Schedule policy doesn't match the scale factor vector size.", rule)


def sf_atom(mn: int, k: int, vs: int, nsf: int) -> str:
    """SmemLayoutAtomSFA/B (sm120_blockscaled_mma_builder.inl:182): 4 scale factors of 128 rows per 32-bit word,
    ((32,4),MN/128) x ((VS,MMA_NSF), 4/MMA_NSF, K/VS/4)."""
    return (
        f"(((_32,_4),_{mn // 128}),((_{vs},_{nsf}),_{4 // nsf},_{k // vs // 4})):"
        f"(((_16,_4),_512),((_0,_1),_{nsf},_{mn // 128 * 512}))"
    )


def _sfb_divides(atom: str, n: int, k: int, grouped: bool) -> None:
    """4.7's collective types SmemLayoutSFB as ``conditional_t<N < 128, decltype(logical_divide(SmemLayoutSFB_,
    select<1,2>(TileShape))), SmemLayoutSFB_>``: both decltypes are instantiated for every tile N, so a tile N that
    the SFB atom's ((32,4),max(N,128)/128) rows do not divide (160, 192, 224, ...) is composition's static_assert."""
    try:
        logical_divide(parse_layout(atom), (C(n), C(k)))
    except CuteDumpError as e:
        if not e.message.startswith("Shape Divisibility Condition"):
            return  # K's mode (an empty one): the caller's next check
        f = "sm120_blockscaled_mma_array_tma.hpp:219" if grouped else "sm120_blockscaled_mma_tma.hpp:214"
        raise Refused(
            "Shape Divisibility Condition",
            f"cutlass/gemm/collective/{f} (CUTLASS 4.7), cute/layout.hpp:1054: logical_divide(SmemLayoutSFB_, "
            f"(_{n},_{k})) with SmemLayoutAtomSFB {atom} ({e.message})",
        ) from None


def _divided_cosize(stage_layout: str, n: int, k: int) -> int:
    """cosize(logical_divide(SmemLayoutSFB_, (N, K))) (4.7's SmemLayoutSFB below tile N 128, its SharedStorage
    array's extent)."""
    return int(cosize(logical_divide(parse_layout(stage_layout), (C(n), C(k)))))


def _sf_size(mn: int, k: int, vs: int, nsf: int) -> int:
    """size(filter_zeros(SmemLayoutAtomSF)): the scale factors of one stage (one byte each)."""
    return 128 * (mn // 128) * nsf * (4 // nsf) * (k // vs // 4)


def _sf_cosize(mn: int, k: int, vs: int, nsf: int, stages: int) -> int:
    """cosize of SmemLayoutSF (the atom with the stage mode appended, stride size(filter_zeros(atom)))."""
    shape = [32, 4, mn // 128, vs, nsf, 4 // nsf, k // vs // 4, stages]
    stride = [16, 4, 512, 0, 1, nsf, mn // 128 * 512, _sf_size(mn, k, vs, nsf)]
    if any(s == 0 for s in shape):
        return 0
    return 1 + sum((s - 1) * d for s, d in zip(shape, stride))


def _blockscaled(cfg: Config, carveout: int):
    sched = cfg.schedule
    if sched not in BLOCKSCALED_SCHEDULES:
        raise _no_builder(
            cfg, f"{sched} is not a schedule of the SM120 block-scaled builder ({', '.join(BLOCKSCALED_SCHEDULES)})"
        )
    wa, a, sfa, vsa = block_scaled_parts(cfg.a.element)
    wb, b, sfb, vsb = block_scaled_parts(cfg.b.element)
    forced, pp, _fvs = BLOCKSCALED_SCHEDULES[sched]
    subbyte = (cfg.a.bits < 8 or cfg.b.bits < 8) and forced == "MXF4F6F8"
    _check_aligned(cfg, subbyte, "sm1xx_blockscaled_gemm_is_aligned")
    small = cutlass_fact("sm120_blockscaled_small_tile_n")  # 4.7: tile N 8 and 16 (sm120_common.inl:171)
    if pp and cfg.tile[1] < small.get("pingpong_least_n", 0):
        # the builder's enable_if (sm120_blockscaled_mma_builder.inl:76 in 4.7): no Pingpong below tile N 16
        raise _no_builder(
            cfg,
            f"{sched} is a Pingpong schedule: CUTLASS 4.7's SM120 block-scaled builder takes it for tile N >= "
            f"{small['pingpong_least_n']} only ({BS}:76)",
        )
    if sfa != sfb:
        raise Refused("Scale factor types for A and B must be the same.", f"{BS}:85")
    if vsa != vsb:
        raise Refused("Scale factor vector size for A and B must be the same.", f"{BS}:90")
    vs, sf = vsa, sfa
    if not (cfg.a_k_major and cfg.b_k_major):
        raise Refused("Only TN layout is supported.", f"{BS}:95")
    _check_input_datatypes(cfg, a, b, vs, sf, sched)
    if cfg.cluster != (1, 1, 1):
        raise Refused("no programmatic multicast on this arch", f"{BS}:100")
    m, n, k = cfg.tile
    if n < cutlass_fact("sm120_blockscaled_min_tile_n"):
        raise Refused("Invalid tile shape N.", f"{BS}:101")
    instr = _instr(cfg, a, b, vs, sf, forced)
    ptr_f8 = cutlass_fact("sm120_ptr_array_f8f6f4_auto") and vs == 32  # 4.7 (versions.CUTLASS_FACTS)
    if "PtrArray" in sched and 6 <= ELEMENT_BITS[a] <= 8 and 6 <= ELEMENT_BITS[b] <= 8 and not ptr_f8:
        # select_instr's Auto branch (sm1xx_common.inl:759): the generic PtrArray tags are none of the schedules
        # its static_assert lists for 6/8-bit operands
        raise Refused("Incorrect SfVectorSize for MX_F4F6F8 is deduced.", f"{XC}:765")
    mx = instr == "MXF4F6F8"
    perm_n = small.get("permute_n", {}).get(n) if n < 32 else "(_8,_2,_2):(_1,_16,_8)"
    if perm_n is None:  # 4.7's sm120_tile_n_permute_selector<SFVectorSize, N> (PermTileN, before the next assert)
        raise Refused("TileShape_N must be at least 8 for SM120 blockscaled.", f"{CM}:184 (CUTLASS 4.7)")
    if forced == "MXF4F6F8":
        _mix8bit(a, b, cfg, f"{BS}:121")
    if vs not in (16, 32):
        raise Refused("Unsupported SFVectorSize for SM120 collective builder.", f"{CM}:157")
    if mx:
        op = f"SM120_16x8x32_TN_VS<{a},{b},{cfg.acc},{sf},{vs}>"
        atom_k = 32
    else:
        op = f"SM120_16x8x64_TN_VS<{a},{b},{cfg.acc},{sf},{vs}>"
        atom_k = 64
    perm = f"(_{min(m, 128)},{perm_n},_{atom_k})"
    # AtomLayoutMNK (sm120_blockscaled_mma_builder.inl:131 in 4.7): Cooperative (_8,_1,_1) warps below tile N 16
    atoms = small["cooperative_atoms_below_16"] if not pp and n < 16 else _atom_layout(pp)
    tiled = _tiled_mma(op, pp, perm, "cute/arch/mma_sm120.hpp", atoms)
    nsf = atom_k // vs  # MMA_NSF: the scale factors one atom's K holds
    alloc = "uint8_t" if mx else "uint4b_t"
    abits = 8 if mx else 4
    atom_a = smem_selector(alloc, k)
    atom_b = smem_selector(alloc, k)
    # SFB's smem tile N: 4.7 stages max(N, 128) rows of SFB (sm120_blockscaled_mma_builder.inl:209 in 4.7)
    nb = max(n, 128) if cutlass_fact("sm120_blockscaled_sfb_tile_n") == "max(N, 128)" else n
    sfa_n, sfb_n = _sf_size(m, k, vs, nsf), _sf_size(nb, k, vs, nsf)
    a_bytes, b_bytes = abits * m * k // 8, abits * n * k // 8
    pipe = cutlass_fact("blockscaled_stage_pipeline_bytes")  # 4.7: the pipeline's 16 bytes rounded up to 128
    per = a_bytes + b_bytes + pipe + sfa_n + sfb_n
    if cfg.stages is not None:
        stages = Choice(cfg.stages, f"{BS}:212", Phrase("coll.stages_given", stages=cfg.stages))
    else:
        # 4.7's ReducedSmemCapacityBytes (sm120_blockscaled_mma_builder.inl:257): the capacity less the scheduler's
        # pipeline storage and its CLC responses (versions.CUTLASS_FACTS)
        cap = SMEM_CAPACITY - sum(
            cutlass_fact("sm120_blockscaled_capacity_less")["grouped" if cfg.grouped else "plain"]
        )
        s = (cap - carveout) // per
        stages = Choice(
            s,
            "cutlass/gemm/collective/builders/sm100_blockscaled_umma_builder.inl:70",
            Phrase(
                "coll.sm120_stages",
                carveout=carveout,
                capacity=cap,
                ab=a_bytes + b_bytes,
                alloc=alloc,
                scale=Phrase("coll.sm120_sf_bytes", bytes=sfa_n + sfb_n),
                pipeline=pipe,
                per=per,
                stages=s,
            ),
        )
    st = stages.value
    if cfg.grouped and "PtrArray" not in sched and sched != "KernelScheduleAuto":
        raise Refused("Invalid builder schedule tag for grouped GEMM", f"{BS}:229")

    def sfb_layout() -> None:
        # 4.7's collective defines SmemLayoutSFB through logical_divide(SmemLayoutSFB_, (N, K)) for every tile N (a
        # conditional_t of two decltypes): N's mode first (a tile N its rows do not divide), then K's (an SF atom
        # whose K mode is empty, K < 4 x SFVecSize: a compile error)
        if nb != n or cutlass_fact("sm120_blockscaled_sfb_tile_n") == "max(N, 128)":
            _sfb_divides(sf_atom(nb, k, vs, nsf), n, k, cfg.grouped)
        if k // vs // 4 == 0 and cutlass_fact("sm120_blockscaled_small_k_refused"):
            raise Refused(
                "‘value’ is not a member of ‘bool’",
                "cutlass/gemm/collective/sm120_blockscaled_mma_tma.hpp:214 (CUTLASS 4.7), cute/config.hpp:154: a "
                f"compile error (tile K = {k} < 4 x SFVecSize {vs})",
            )

    _collective_checks(cfg, st, "blockscaled", sfb_layout)
    coop = "Pingpong" if pp else "Cooperative"
    # IsGroupedGemmKernel (pointer layout tags, sm120_blockscaled_mma_builder.inl:228): the Array mainloop
    ptr = "PtrArray" if cfg.grouped else ""
    sched_name = f"Kernel{ptr}TmaWarpSpecialized{coop}BlockScaledSm120"
    ml = Mainloop120()
    ml.kind = "blockscaled"
    ml.scheduler_stages = 3
    ml.schedule = Choice(sched_name, f"{BS}:241", _schedule_phrase(sched, pp, sched_name, 3, atoms))
    policy = f"MainloopSm120{'Array' if cfg.grouped else ''}TmaWarpSpecializedBlockScaled"
    ml.dispatch_policy = Choice(
        policy, f"{BS}:250", Phrase("coll.sm120_policy", policy=policy, stages=st, n=3, schedule=sched_name)
    )
    why_instr = (
        Phrase("coll.sm120_instr_forced", schedule=sched, instr=instr)
        if forced
        else Phrase("coll.sm120_select_instr", a=a, b=b, instr=instr, rule=f"{XC}:730")
    )
    ml.mma_op = Choice(
        op,
        "cute/arch/mma_sm120.hpp:3244",
        Phrase(
            "coll.sm120_bs_op",
            instr=why_instr,
            selector="rr_blockscaled_op_selector_sm120",
            vs=vs,
            sf=sf,
            layout=atoms,
            perm=perm,
        ),
    )
    ml.tiled = tiled
    ml.atom_layout = atoms
    ml.element_a = ml.element_b = alloc
    ml.major_a = ml.major_b = "K"
    ml.smem_atom_a, ml.smem_atom_b = atom_a, atom_b
    ml.stages = stages
    ml.copy_a = Choice("SM90_TMA_LOAD", f"{BS}:148", _no_multicast("A"))
    ml.copy_b = Choice("SM90_TMA_LOAD", f"{BS}:149", _no_multicast("B"))
    ml.sf_vec_size, ml.sf_type, ml.instr = vs, sf, instr
    ml.sf_atom_a, ml.sf_atom_b = sf_atom(m, k, vs, nsf), sf_atom(nb, k, vs, nsf)
    ml.sfb_divided = nb != n  # 4.7: SmemLayoutSFB = logical_divide(SmemLayoutSFB_, (N, K)) (the collective, :214)
    ml.sf_stage_a, ml.sf_stage_b = sfa_n, sfb_n
    # SharedStorage (sm120_blockscaled_mma_tma.hpp:255): A and B 1024-aligned, then SFA and SFB (one byte each,
    # cute::ArrayEngine: 16-byte aligned, 16 bytes when empty: a tile M or N below 128 or K below 4 x SFVecSize
    # makes an atom of size 0, as CUTLASS's integer divisions make it)
    off = _ru(a_bytes * st, 1024) + b_bytes * st
    off = _ru(off, 16) + max(_ru(_sf_cosize(m, k, vs, nsf, st), 16), 16)
    sfb_cosize = _sf_cosize(nb, k, vs, nsf, st)
    if nb != n:  # 4.7: smem_SFB is cosize_v<logical_divide(SmemLayoutSFB_, (N, K))>: its complement reaches further
        sfb_cosize = _divided_cosize(sf_stage_layout(sf_atom(nb, k, vs, nsf), sfb_n, st), n, k)
    off = _ru(off, 16) + max(_ru(sfb_cosize, 16), 16)
    ml.shared_storage_bytes = _ru(_ru(off, 1024) + PIPELINE_BYTES_PER_STAGE * st, 1024)
    ml.stage_bytes = per
    return ml


def sf_stage_layout(atom: str, stage_size: int, stages: int) -> str:
    """SmemLayoutSFA/B (sm120_blockscaled_mma_tma.hpp:196): the atom with a stage mode of stride
    size(filter_zeros(atom)) appended."""
    shape, stride = atom.split("):(")
    return f"{shape},_{stages}):({stride[:-1]},_{stage_size})"


# ----------------------------------------------------------------------------------------------- epilogue


class Epilogue120:
    deferred = None


def _fp6(el: str) -> bool:
    return el in ("float_e3m2_t", "float_e2m3_t")


def _store_op(el: str, m_major: bool | None) -> str:
    """sm120_get_smem_store_op_for_accumulator (epilogue sm120_common.inl:43); ``m_major`` None: neither size<0>
    nor size<1> of the stride is 1 (config.stsm_major)."""
    if ELEMENT_BITS[el] == 16 and m_major is not None:
        return "SM90_U16x4_STSM_T" if m_major else "SM90_U32x2_STSM_N"
    return "AutoVectorizingCopyWithAssumedAlignment"


def _load_op(el: str, m_major: bool | None) -> str:
    """sm120_get_smem_load_op_for_source (epilogue sm120_common.inl:61); a 16-bit C whose stride has no mode of
    size 1 (``m_major`` None) falls through both branches: the function returns void, CopyOpS2R is void."""
    if ELEMENT_BITS[el] == 16 and m_major is None:
        return "void"
    if ELEMENT_BITS[el] == 16:
        return "SM75_U16x4_LDSM_T" if m_major else "SM75_U32x2_LDSM_N"
    return "AutoVectorizingCopyWithAssumedAlignment"


def epilogue(cfg: Config):
    s = cfg.epilogue_schedule
    if s not in (
        "EpilogueScheduleAuto",
        "TmaWarpSpecialized",
        "TmaWarpSpecializedCooperative",
        "PtrArrayTmaWarpSpecializedPingpong",
        "PtrArrayTmaWarpSpecializedCooperative",
    ):
        raise Refused(
            "Could not build a collective epilogue for given parameters.",
            f"cutlass/epilogue/collective/collective_builder.hpp:71: {s} is not a schedule of the SM120 epilogue "
            f"builder ({EB}:483)",
        )
    m, n, _ = cfg.tile
    d_el = cfg.d.element
    if block_scaled_parts(d_el) or block_scaled_parts(cfg.c.element):
        raise NotModelled(
            f"a block-scaled C or D with the SM120 epilogue builder ({EB}:467, which CUTLASS's examples give plain "
            "element types and a block-scale-factor fusion) is not modelled"
        )
    if cd_major(cfg.d.layout) is None:  # a D stride type major in neither mode
        raise Refused("SM120 LayoutD must be either row or column major.", f"{EB}:156")
    d_m = cd_major(cfg.d.layout) == "M"
    c_void = cfg.c.element == "void"
    fp6 = _fp6(d_el)
    if fp6 and not ((m % 128 == 0 and d_m) or (n % 128 == 0 and not d_m)):
        raise Refused("CTA tile for FP6 ElementD must have a contiguous extent that is a multiple of 128.", f"{EB}:158")
    if cfg.epilogue_tile is None:
        if fp6:
            em, en = (128, 32) if d_m else (64, 128)
            tile = Choice(
                (em, en),
                f"{EB}:166",
                Phrase("coll.sm120_epi_tile_fp6", bits=6, major="M" if d_m else "N", extent=128, em=em, en=en),
            )
        else:
            em, en = 64, 32
            if cutlass_fact("sm120_epilogue_tile_small_n"):  # 4.7: N = min(CtaN, 32), M = 128 where CtaN < 16
                em, en = (128 if n < 16 else 64), min(n, 32)
            tile = Choice((em, en), f"{EB}:194", Phrase("coll.sm120_epi_tile", sm="SM120", em=em, en=en))
    else:
        em, en = cfg.epilogue_tile
        if fp6 and not ((em % 128 == 0 and d_m) or (en % 128 == 0 and not d_m)):
            raise Refused(
                "EpilogueTile for narrow ElementD must have a contiguous extent that is a multiple of 128.",
                f"{EB}:205",
            )
        if m % em or n % en:
            raise Refused("EpilogueTile must evenly divide CTA tile", f"{EB}:210")
        tile = Choice((em, en), f"{EB}:198", Phrase("coll.epi_tile_given", em=em, en=en))
    epi_tiles = max(m // em, 1) * max(n // en, 1)
    fusion = None
    if cfg.fusion is not None:
        from cutedump.collective import fusion as F  # start-up: the fusion table only for --fusion
        from cutedump.collective import fusion_sm1xx as FX  # start-up: as the line above

        fusion = F.parse(cfg.fusion)
    for cta, e in ((m, em), (n, en)):  # shape_div in sm120_get_tma_dispatch_policy
        if cta % e and e % cta:
            raise Refused("Divisibility Condition", "cute/int_tuple.hpp:408")
    bits_c = 0 if c_void else cfg.c.bits
    bits_d = cfg.d.bits
    reuse = bits_c == bits_d and bits_d > 8
    stages_d = 1 if fp6 and not d_m else min(epi_tiles, 2)
    stages_c = max(min(epi_tiles, 2), stages_d + 1) if reuse else stages_d
    sd_why = (
        Phrase("coll.sm120_stages_d_fp6", stages_d=stages_d, bits=6)
        if fp6 and not d_m
        else Phrase("coll.sm120_stages_d", tiles=epi_tiles, most=2, stages_d=stages_d)
    )
    sc_why = (
        Phrase(
            "coll.sm120_stages_c_reuse",
            tiles=epi_tiles,
            most=2,
            inc=1,
            stages_c=stages_c,
            reuse=Phrase("coll.reuse_same_bits", bits=bits_d),
        )
        if reuse
        else Phrase("coll.sm120_stages_c", stages_c=stages_c)
    )
    why_st = Phrase(
        "coll.sm120_epi_stages", policy="sm120_get_tma_dispatch_policy", tiles=epi_tiles, d=sd_why, c=sc_why
    )
    deferred = None
    for cta, e, mode in ((m, em, "M"), (n, en, "N")):
        if cta % e and deferred is None:
            deferred = Refused(
                f"EPI_TILE_{mode} must divide CTA_{mode}",
                f"cutlass/epilogue/collective/sm90_epilogue_tma_warpspecialized.hpp:{129 if mode == 'M' else 130}",
            )
    el_c = d_el if c_void else cfg.c.element
    lay_c = cfg.d.layout if c_void else cfg.c.layout
    if cd_major(lay_c) is None:  # a C stride type major in neither mode (sm120_get_epilogue_smem_swizzle_layout_atom)
        raise Refused("Unsupported gmem layout.", f"{EB}:141")
    c_m = cd_major(lay_c) == "M"
    # 6-bit data sits in 8-bit containers in the epilogue's smem (sm120_builder.inl:123)
    sm_c, sm_d = ("uint8_t" if _fp6(el_c) else el_c), ("uint8_t" if fp6 else d_el)
    atom_c = sm90_smem_selector("MN" if c_m else "K", sm_c, em, en, f"{EB}:119")
    atom_d = sm90_smem_selector("MN" if d_m else "K", sm_d, em, en, f"{EB}:119")
    r2s = _store_op(d_el, stsm_major(cfg.d.layout))
    s2r = _load_op(el_c, stsm_major(lay_c))
    al_c, al_d = sm90_swizzle_alignment(atom_c.value), sm90_swizzle_alignment(atom_d.value)
    c_bytes = em * en * stages_c * ELEMENT_BITS[sm_c] // 8
    d_bytes = em * en * (stages_c if reuse else stages_d) * ELEMENT_BITS[sm_d] // 8
    if c_void:
        align = al_d
        coll = _ru(d_bytes, al_d)
    elif reuse:
        align = max(al_c, al_d)
        coll = _ru(max(c_bytes, d_bytes), align)
    else:
        align = max(al_c, al_d)
        coll = _ru(_ru(c_bytes, al_d) + d_bytes, align)
    # SM90's collective epilogue's SharedStorage (sm90_epilogue_tma_warpspecialized.hpp:218), as sm90.epilogue
    ep = Epilogue120()
    if fusion is None and cfg.grouped:
        # the ptr-array collective epilogue's SharedStorage (sm90_epilogue_array_tma_warpspecialized.hpp:243) adds
        # its TMA descriptors (128 bytes each, 128-aligned): C's and one D per epilogue warp group (2: SM120's
        # schedules, GetNumEpilogueWarpGroups, sm120_builder.inl:68)
        shared = _ru(coll + align + 128 * (1 + 2) + 16 * stages_c, max(align, 128))
    elif fusion is None:
        shared = _ru(coll + align + 16 * stages_c, align)
    else:  # + FusionCallbacks::SharedStorage (sm120_callbacks_tma_warpspecialized.hpp), aligned as it asks
        if F.op(fusion.name).sf:
            FX.sf_checks(cfg, em, en)
        if fusion.refusal is not None:  # a tree node's static_assert (its callbacks' class)
            raise Refused(*fusion.refusal)
        aux_al = 0
        if F.op(fusion.name).aux == "out":
            el_aux = F.elements(cfg)[F.AUX]
            aux_major = "MN" if (fusion.layout_aux or cfg.d.layout) == "ColumnMajor" else "K"
            aux_al = sm90_swizzle_alignment(sm90_smem_selector(aux_major, el_aux, em, en, f"{EB}:119").value)
        fb, fa, parts = FX.callbacks_storage(cfg, em, en, stages_d, aux_al)
        ep.fusion_bytes = fb
        ep.fusion_why = FX.storage_choice(cfg, fb, parts, em, en, stages_d, FX.FB120)
        ep.sfd_why = FX.sfd_choice(cfg, FX.ST120) if F.op(fusion.name).sf else None
        al = max(align, fa)
        tensors = _ru(_ru(coll, fa) + fb, al)
        if cfg.grouped:  # + TensorMapStorage: C's descriptor and one of D per epilogue warp group (as above)
            F.ptr_array_check(cfg, Refused, NotModelled)
            tensors, al = _ru(tensors, 128) + 128 * (1 + 2), max(al, 128)
        shared = _ru(tensors + 16 * stages_c, al)
    ep.deferred = deferred
    ep.schedule = Choice(
        s,
        f"{EB}:483",
        Phrase(
            "coll.sm120_epi_schedule",
            schedule=s if s == "EpilogueScheduleAuto" else Phrase("coll.given", value=s),
            sm="SM120",
            base="SM90",
            name="Sm90PtrArrayTmaWarpSpecialized" if cfg.grouped else "Sm90TmaWarpSpecialized",
        ),
    )
    # a grouped GEMM's (pointer layout tags, sm120_builder.inl:107): Sm120PtrArrayTmaWarpSpecialized, whose base is
    # SM90's ptr-array collective epilogue
    ep.name = "Sm90PtrArrayTmaWarpSpecialized" if cfg.grouped else "Sm90TmaWarpSpecialized"
    ep.shared_storage_bytes = shared
    ep.tile = tile
    ep.stages_c = Choice(stages_c, f"{EB}:80", why_st)
    ep.stages_d = stages_d
    ep.reuse_smem_c = reuse
    ep.atom_c, ep.atom_d = atom_c, atom_d
    ep.element_c, ep.element_d = el_c, d_el
    ep.c_m_major, ep.d_m_major = c_m, d_m
    ep.copy_ops = {"g2s": "SM90_TMA_LOAD", "s2r": s2r, "r2s": r2s, "s2g": "SM90_TMA_STORE"}
    ep.fragment_size = 4
    ep.delay_tma_store = c_void
    return ep
