"""One configuration -> the collectives CUTLASS builds: the JSON fields and the "why" lines.

The rules live in sm90.py; the objects (TiledMMA, smem atoms, tile_to_shape layouts) come from cutedump's engines
(cutedump.atoms.make_tiled_mma, cutedump.expr), printed exactly as cute::print prints them.
"""

from __future__ import annotations

import re

from cutedump.collective import sm90 as R
from cutedump.collective.config import (
    SM100_FASTFP32_SCHEDULES,
    SM100_MIXED_INPUT_SCHEDULES,
    Config,
    block_scaled_parts,
    cd_major,
    element_pair_parts,
    is_block_scaled,
    operand_major,
)
from cutedump.errors import CuteDumpError, warn


class Answer:
    """The JSON object of `cutedump collective --format json` (``fields``), the (what, Choice) pairs in the order
    the builders decide (``why``), and the mainloop's and epilogue's choices."""

    def __init__(self, fields: dict, why: list, mainloop, epilogue):
        self.fields, self.why, self.mainloop, self.epilogue = fields, why, mainloop, epilogue


def _expr(text: str) -> str:
    from cutedump.expr import evaluate_to_string  # start-up: the expression engine only when an answer is built

    return evaluate_to_string(text)


def _expr_obj(text: str):
    from cutedump.expr.evaluation import evaluate  # start-up: as above

    return evaluate(text)


def tma_stage_slices(layouts: list, rank: int, where: str) -> None:
    """The TMA types of the collective slice stage 0 of each swizzled smem layout (``SmemLayoutA{}(_,_,_,Int<0>{})``
    when CollectiveMma's Params name make_tma_atom_A/B_sm100 / make_tma_copy_A/B_sm90): slice_and_offset of a
    ComposedLayout composes the swizzle's Y/Z projections with the stage mode, and CuTe's composition asserts the
    Stride (then Shape) Divisibility Condition there. A stage stride that is not a multiple of the swizzle's span
    where the projection needs it (e.g. tf32 K-major SW128 B with N=48: stage stride 1536) is refused as CUTLASS
    refuses it; so is a stage slice whose swizzle strides need a shape x stride that is not a power of 2
    (make_swizzle_strides' "Requires pow2 shape*stride.", e.g. a 24-row float B per CTA of the 9xBF16 builder)."""
    from cutedump.algebra import inttuple as it  # start-up: the algebra only when an answer is built
    from cutedump.algebra.integer import C  # start-up: as above
    from cutedump.algebra.swizzle import ComposedLayout  # start-up: as above
    from cutedump.algebra.swizzle_slice import slice_and_offset  # start-up: as above
    from cutedump.versions import cutlass_fact  # start-up: as above

    if cutlass_fact("smem_flag_stage_slice") == "inner":
        return  # 4.7 slices the layout inside Swizzle o smem_ptr_flag (cute/pointer_flagged.hpp:87): nothing asserts
    coord = (it.UNDERSCORE,) * (rank - 1) + (C(0),)
    for name, text in layouts:
        lay = _expr_obj(text)
        if not isinstance(lay, ComposedLayout):
            continue
        try:
            slice_and_offset(coord, lay)
        except CuteDumpError as e:
            msg = str(e).split(":", 1)[0]
            if "Requires pow2 shape*stride" in str(e):  # fp32x9: make_swizzle_strides' to_mixed_bits (48-row B)
                raise R.Refused(
                    "Requires pow2 shape*stride.",
                    f"cute/swizzle.hpp:442, SmemLayout{name}(_,..,Int<0>) in {where}: {str(e).split(': ', 1)[1]}",
                ) from None
            if msg.endswith("Divisibility Condition"):
                raise R.Refused(
                    msg, f"cute/layout.hpp:1077, SmemLayout{name}(_,..,Int<0>) in {where}: {str(e).split(': ', 1)[1]}"
                ) from None
            # past the compositions that assert (e.g. a Swizzle<0,..> atom's decay, which cutedump's slice does
            # not build): nothing CUTLASS refuses here


def build(cfg: Config, params: bool | str = True) -> Answer:
    """The collectives of ``cfg`` (:func:`_build`), with the why lines of its stride-typed operands first."""
    ans = _build(cfg, params)
    if cfg.has_stride:
        ans.why[:0] = stride_why(cfg)
    return ans


def stride_why(cfg: Config) -> list:
    """How the builders read each stride-typed operand (issue 44): the first leaf of each mode, the majors
    (cutlass::detail::is_major, layout.hpp:200), and StrideToLayoutTag."""
    from cutedump.collective import stride as S  # start-up: stride types only

    out = []
    for w in "abcd":
        o = getattr(cfg, w)
        if o.element == "void" or not S.is_stride(o.layout):
            continue
        fr = {"front_0": S.mode_front(o.layout, w, 0), "front_1": S.mode_front(o.layout, w, 1)}
        facts = dict(operand=w.upper(), stride=o.layout, tag=S.layout_tag(o.layout, w), unit="cute::Int<1>", **fr)
        if w in "ab":
            major = operand_major(cfg, w)
            both = S.is_major(o.layout, w, 0) and S.is_major(o.layout, w, 1)
            key = "coll.stride_no_major" if major is None else "coll.stride_both_major" if both else "coll.stride_major"
            facts["mn"] = "M" if w == "a" else "N"
        else:
            major = cd_major(o.layout)
            key = "coll.stride_major_cd" if major is not None else "coll.stride_no_major_cd"
        out.append((f"stride {w.upper()}", R.Choice(major or "none", S.RULE, R.Phrase(key, major=major, **facts))))
    return out


def _build(cfg: Config, params: bool | str = True) -> Answer:
    """``params``: also the TMA types the kernel's Params instantiate (CollectiveMma::Params, held by
    GemmUniversal's Params), whose stage-0 slices of the smem layouts CuTe checks (:func:`tma_stage_slices`).
    SM100's CollectiveMma instantiates its Params itself; SM90's only in a kernel: ``params=False`` answers for the
    SM90 collective's class and SharedStorage alone; ``params="warn"`` (the command) answers for them too, with one
    warning that a kernel built on the collective is refused (CUTLASS's builder itself accepts it)."""
    if cfg.has_layout_type:
        layout_type_scope(cfg)
    if cfg.arch == "sm103":  # SM103's builder reads its element pairs itself (sm103.py)
        return _build_sm103(cfg)
    if cfg.arch == "sm100" and cfg.schedule in _sm100_mixed_schedules():
        return _build_sm100_mixed(
            cfg, params
        )  # the mixed-input builder reads its element tuples itself (sm100_mixed.py)
    if cfg.scale_group is not None:
        raise CuteDumpError(
            f"--scale-group {','.join(map(str, cfg.scale_group))}: the scale group goes with CUTLASS's SM100 "
            f"mixed-input builder (--arch sm100 --schedule {' | '.join(_sm100_mixed_schedules())}); the schedule is "
            f"{cfg.schedule} on --arch {cfg.arch}"
        )
    pairs = [o.element for o in (cfg.a, cfg.b) if element_pair_parts(o.element)]
    if pairs:
        own = {"sm100": "sm100_blockscaled_umma_builder.inl", "sm120": "sm120_blockscaled_mma_builder.inl"}
        raise R.NotModelled(
            f"{pairs[0]} on --arch {cfg.arch}: the element pair cute::tuple<Element, ElementSF> is how CUTLASS's SM103 "
            "builder takes block-scaled operands (sm103_blockscaled_umma_builder.inl, example 89: --arch sm103); "
            + (
                f"CUTLASS's {cfg.arch} builder takes it too (cutlass/gemm/collective/builders/{own[cfg.arch]}, with "
                "the schedule's vector size: blockscaled_type of sm1xx_common.inl; the profiler's spelling), "
                if cfg.arch in own
                else ""
            )
            + f"the --arch {cfg.arch} builders with such a pair are not modelled (their block-scaled spelling is a "
            "wrapper such as nv_float4_t<float_e2m1_t>)"
        )
    sm100_dense_mixed_widths(cfg)
    not_modelled_scales(cfg)
    if cfg.arch == "sm120":  # SM120's builders read the narrow and block-scaled types themselves (sm120.py)
        return _build_sm120(cfg)
    not_modelled_types(cfg)
    if cfg.arch == "sm100":
        return _build_sm100(cfg)
    if cfg.dynamic_cluster is not None:
        raise R.Refused(
            "static assertion failed",
            "cutlass/gemm/collective/builders/sm90_gmma_builder.inl:219, static_assert(is_static<ClusterShape_MNK>"
            "::value): SM90's builders take a static cluster only (a dynamic one is SM100's)",
        )
    from cutedump.atoms import make_tiled_mma  # start-up: the MMA catalogs only when an answer is built

    epi = R.epilogue(epilogue_config(cfg))  # CUTLASS builds the epilogue first (its size is the carveout)
    carve = cfg.carveout if cfg.carveout is not None else epi.shared_storage_bytes
    deferred = epi.deferred
    if deferred is not None and cfg.stages is None and cfg.carveout is None:
        raise deferred  # the carveout sizeof(Epi::SharedStorage) instantiates the epilogue's class first
    ml = None
    if cfg.a.bits != cfg.b.bits:  # mixed input: the RS builder's IsMixedInput path (collective/sm90_mixed.py)
        from cutedump.collective import sm90_mixed  # start-up: the mixed-input rules only for two widths

        ml = sm90_mixed.mainloop(cfg, carve, deferred)
    if ml is None:
        ml = R.mainloop(cfg, carve, deferred)
    m, n, k = cfg.tile
    st = ml.stages.value
    tiled = make_tiled_mma(ml.mma_op.value, ml.atom_layout)
    main = {
        "dispatch_policy": {
            "name": ml.dispatch_policy.value,
            "stages": st,
            "cluster_shape": "(" + ",".join(f"_{c}" for c in cfg.cluster) + ")",
            "schedule": ml.schedule.value,
        },
        "tiled_mma": str(tiled).rstrip("\n"),
        "smem_layout_atom_a": _expr(ml.smem_atom_a.value + "{}"),
        "smem_layout_atom_b": _expr(ml.smem_atom_b.value + "{}"),
        "smem_layout_a": _expr(ml.layout_a),
        "smem_layout_b": _expr(ml.layout_b),
        "gmem_tiled_copy_a": ml.copy_a.value,
        "gmem_tiled_copy_b": ml.copy_b.value,
        "shared_storage_bytes": ml.shared_storage_bytes,
    }
    if getattr(ml, "smem_layout_sfa", None) is not None:  # the blockwise collectives' SmemLayoutSFA/SFB
        main["smem_layout_sfa"] = ml.smem_layout_sfa
        main["smem_layout_sfb"] = ml.smem_layout_sfb
    if getattr(ml, "mixed", False):  # the mixed-input collective's own fields (collective/sm90_mixed.py)
        main.update(mixed_fields(ml))
    if params and not ml.cp_async:
        try:
            tma_stage_slices(
                [("A", ml.layout_a), ("B", ml.layout_b)], 3, "sm90_mma_tma_gmma_*_warpspecialized.hpp's Params"
            )
        except R.Refused as e:
            if params != "warn":
                raise
            warn(
                "CUTLASS's CollectiveBuilder builds this collective, but a kernel on it does not compile: its Params "
                f"hit {e.cutlass_message.strip()} ({e.rule})"
            )
    if epi.tile is None:
        ep = {"dispatch_policy": {"name": epi.name}, "shared_storage_bytes": epi.shared_storage_bytes}
    else:
        ep = tma_epilogue_fields(epi)
    why = [
        ("schedule", ml.schedule),
        ("dispatch policy", ml.dispatch_policy),
        ("MMA atom", ml.mma_op),
        ("smem atom A", ml.smem_atom_a),
        ("smem atom B", ml.smem_atom_b),
        ("stages", ml.stages),
        ("gmem copy A" if ml.cp_async else "TMA A", ml.copy_a),
        ("gmem copy B" if ml.cp_async else "TMA B", ml.copy_b),
        ("epilogue schedule", epi.schedule),
    ]
    if getattr(ml, "mixed", False):
        why.insert(3, ("conversion", ml.conversion))
        why[6:6] = getattr(
            ml, "reorder_why", []
        )  # a Layout-typed operand's (examples 55, 69's shuffled): after the atoms
    if epi.tile is not None:
        why += [
            ("epilogue tile", epi.tile),
            ("epilogue stages", epi.stages_c),
            ("epilogue smem atom C", epi.atom_c),
            ("epilogue smem atom D", epi.atom_d),
        ]
        if getattr(epi, "fusion_why", None) is not None:  # a custom EVT's callbacks (SM90's named fusions: none)
            fusion_fields(cfg, epi, ep, why)
    return Answer({"mainloop": main, "epilogue": ep}, why, ml, epi)


def layout_type_scope(cfg: Config) -> None:
    """A reordered Layout type (examples 55 and 69's shuffled operand, collective/reorder.py) is modelled with
    CUTLASS's SM90 mixed-input builder (GMMA_TMA_WS_RS: A and B of two widths); elsewhere it is named not modelled."""
    if cfg.reorder_atom is None:
        raise CuteDumpError(
            "a reordered Layout type names LayoutAtomQuant: give its atom with --reorder-atom "
            "'compute_memory_reordering_atom<MmaType[, AtomLayout, ValLayout]>()' (examples 55 and 69)"
        )
    from cutedump.collective import reorder as Q  # start-up: the layout types only

    Q.reordering_atom(cfg.reorder_atom)  # LayoutAtomQuant is defined before the builder: its static_asserts first
    if cfg.arch != "sm90" or cfg.a.bits == cfg.b.bits:
        what = (
            f"--arch {cfg.arch}" if cfg.arch != "sm90" else f"A and B of one width ({cfg.a.element} x {cfg.b.element})"
        )
        raise R.NotModelled(
            f"a reordered CuTe Layout type (examples 55 and 69's shuffled operand) with {what}: cutedump models it with "
            "CUTLASS's SM90 mixed-input builder (cutlass/gemm/collective/builders/sm90_gmma_builder.inl, "
            "GMMA_TMA_WS_RS: --arch sm90, A and B of two widths); not modelled"
        )


def mixed_fields(ml) -> dict:
    """The SM90 mixed-input collective's fields (MainloopSm90TmaGmmaRmemAWarpSpecializedMixedInput): its
    KernelConversionMode, which operand it converts (IsATransformed) and SwapAB, the scale/zero element types (void
    when converting only) and the scale smem layouts (SmemLayoutAtomScale, SmemLayoutScale: the converted operand's
    atom rows x 1 per stage, defined in every mode)."""
    out = {
        "conversion_mode": ml.conversion.value,
        "is_a_transformed": ml.is_a_transformed,
        "swap_ab": ml.swap_ab,
        "element_scale": ml.element_scale,
        "element_zero": ml.element_zero,
        "smem_layout_atom_scale": _expr(ml.smem_layout_atom_scale),
        "smem_layout_scale": _expr(ml.smem_layout_scale),
    }
    if getattr(ml, "use_scale_lookup_table", None) is not None:  # a cutlass::Array<T, N> scale (grp69)
        out["use_scale_lookup_table"] = ml.use_scale_lookup_table
    return out


def uniform_mainloop_fields(ml, stages: int, cluster: str, lay_a: str, lay_b: str) -> dict:
    """The JSON fields every SM100/SM120 mainloop has: its dispatch policy, TiledMMA, A/B smem layouts and TMA ops,
    SharedStorage (``lay_a``/``lay_b``: the staged smem layouts' expressions)."""
    return {
        "dispatch_policy": {
            "name": ml.dispatch_policy.value,
            "stages": stages,
            "cluster_shape": cluster,
            "schedule": ml.schedule.value,
        },
        "tiled_mma": str(ml.tiled).rstrip("\n"),
        "smem_layout_atom_a": _expr(ml.smem_atom_a.value + "{}"),
        "smem_layout_atom_b": _expr(ml.smem_atom_b.value + "{}"),
        "smem_layout_a": _expr(lay_a),
        "smem_layout_b": _expr(lay_b),
        "gmem_tiled_copy_a": ml.copy_a.value,
        "gmem_tiled_copy_b": ml.copy_b.value,
        "shared_storage_bytes": ml.shared_storage_bytes,
    }


def tma_epilogue_fields(epi) -> dict:
    """The JSON fields of SM90's TMA collective epilogue (Sm90TmaWarpSpecialized; SM120's epilogue builder builds
    it too): its policy's StagesC/StagesD, the epilogue tile, the C/D smem layouts, the copy ops, SharedStorage."""
    em, en = epi.tile.value
    sd = epi.stages_c.value if epi.reuse_smem_c else epi.stages_d
    return {
        "dispatch_policy": {"name": epi.name, "stages_c": epi.stages_c.value, "stages_d": epi.stages_d},
        "epilogue_tile": f"(_{em},_{en})",
        "smem_layout_atom_c": _expr(epi.atom_c.value + "{}"),
        "smem_layout_c": _expr(R.smem_layout_expr(epi.atom_c.value, em, en, epi.stages_c.value, epi.c_m_major)),
        "smem_layout_d": _expr(R.smem_layout_expr(epi.atom_d.value, em, en, sd, epi.d_m_major)),
        "copy_ops": dict(epi.copy_ops),
        "shared_storage_bytes": epi.shared_storage_bytes,
    }


#: the SM100 schedules of the dense UMMA builder (sm100_umma_builder.inl: Auto and KernelScheduleSm100DenseGemm's)
SM100_DENSE_SCHEDULES = (
    "KernelScheduleAuto",
    "KernelTmaWarpSpecialized1SmSm100",
    "KernelTmaWarpSpecialized2SmSm100",
    "KernelPtrArrayTmaWarpSpecialized1SmSm100",
    "KernelPtrArrayTmaWarpSpecialized2SmSm100",
)


def sm100_dense_mixed_widths(cfg: Config) -> None:
    """A scaled operand (cute::tuple<..>) or a 4-bit integer one with SM100's dense schedules (Auto among them): the
    dense UMMA builder's enable_if takes no tuple, and a 4-bit operand only 64-byte aligned (the F8F6F4 path's
    get_input_alignment_bits, cutlass/detail/layout.hpp:372), then refuses its type (check_input_datatypes); the
    mixed-input builder takes only its own schedules (KernelScheduleSm100MixedInputGemm)."""
    if cfg.arch != "sm100" or cfg.schedule not in SM100_DENSE_SCHEDULES or is_block_scaled(cfg):
        return
    ops = ((cfg.a, "a"), (cfg.b, "b"))
    ints = [o for o, _ in ops if o.element in ("int4b_t", "uint4b_t")]
    if not ints and not any(o.scale for o, _ in ops):
        return
    decl = "cutlass/gemm/collective/collective_builder_decl.hpp"
    sub = any(0 < o.bits < 8 for o, _ in ops)
    aligned = all(o.bits * cfg.alignment(w) % (o.bits * 128 if sub and o.bits in (4, 6) else 128) == 0 for o, w in ops)
    if any(o.scale for o, _ in ops) or not aligned:
        raise R.Refused(
            "Could not build a collective for given parameters.",
            f"{decl}: no builder takes {cfg.a.element} x {cfg.b.element} with {cfg.schedule} (the dense UMMA "
            "builder's enable_if: no cute::tuple element, 4-bit operands 64-byte aligned; the mixed-input builder "
            "takes KernelTmaWarpSpecialized{1,2}SmMixedInput[Smem]Sm100)",
        )
    raise R.Refused("Unsupported data type for ElementA", "cutlass/gemm/collective/builders/sm100_umma_builder.inl:146")


def not_modelled_scales(cfg: Config) -> None:
    """A scaled operand (cute::tuple<Element, ElementScale[, ElementZero]>) is modelled on SM90 with two widths only
    (collective/sm90_mixed.py); elsewhere the error names CUTLASS's mixed-input builders."""
    scaled = [o for o in (cfg.a, cfg.b) if o.scale]
    if scaled and (cfg.arch != "sm90" or cfg.a.bits == cfg.b.bits):
        raise R.NotModelled(
            f"cute::tuple<{', '.join((scaled[0].element, *scaled[0].scale))}> x "
            f"{(cfg.b if scaled[0] is cfg.a else cfg.a).element} on --arch {cfg.arch}: a scaled operand is CUTLASS's "
            "mixed-input builders' (SM100: sm100_mixed_input_umma_builder.inl, KernelScheduleSm100MixedInputGemm; "
            "SM90: sm90_gmma_builder.inl GMMA_TMA_WS_RS with operands of two widths); not modelled here"
        )


def epilogue_config(cfg: Config) -> Config:
    """The configuration the epilogue builder is given: --epilogue-tile-shape in place of the tile where given (the
    builders take their TileShape_MNK each; example 82 gives its epilogue the per-SM tile)."""
    return cfg if cfg.epilogue_tile_shape is None else cfg._replace(tile=cfg.epilogue_tile_shape)


def not_modelled_types(cfg: Config) -> None:
    """Element types whose builder cutedump does not model: the error names the builder CUTLASS 4.2 would use."""
    wrapped = [o.element for o in (cfg.a, cfg.b) if block_scaled_parts(o.element)]
    sub = [o.element for o in (cfg.a, cfg.b) if not block_scaled_parts(o.element) and 0 < o.bits < 8]
    if wrapped and cfg.arch == "sm90":
        raise R.NotModelled(
            f"{' x '.join(wrapped)} on --arch sm90: CUTLASS 4.2 builds block-scaled GEMMs with its SM100/SM103 "
            "(sm100_blockscaled_umma_builder.inl, sm103_blockscaled_umma_builder.inl) and SM120 builders only; "
            "an SM90 builder with a block-scaled wrapper type is not modelled"
        )
    if wrapped and not is_block_scaled(cfg):
        raise R.NotModelled(
            f"{cfg.a.element} x {cfg.b.element}: with one block-scaled operand CUTLASS's builders take "
            "OpClassTensorOp (sm100_umma_builder.inl), which this wrapper type does not fit; not modelled "
            "(both A and B wrappers: OpClassBlockScaledTensorOp, sm100_blockscaled_umma_builder.inl)"
        )
    narrow_cd = [
        f"{w} {o.element}"
        for w, o in (("C", cfg.c), ("D", cfg.d))
        # SM100's epilogue builder with a narrow float D (example 72b) is modelled (sm100.epilogue)
        if 0 < o.bits < 8 and not (cfg.arch == "sm100" and w == "D" and o.element.startswith("float_e"))
    ]
    if narrow_cd:
        raise R.NotModelled(
            f"{', '.join(narrow_cd)}: a sub-byte source or output is built by CUTLASS's "
            f"{'SM90' if cfg.arch == 'sm90' else 'SM100'} epilogue builder "
            f"(cutlass/epilogue/collective/builders/{'sm90' if cfg.arch == 'sm90' else 'sm100'}_builder.inl; "
            f"{'' if cfg.arch == 'sm90' else 'a sub-byte D is modelled, example 72b; '}"
            "not modelled for this operand)"
        )
    if sub and cfg.arch == "sm90" and cfg.a.bits != cfg.b.bits:
        return  # mixed input: the SM90 rules name its builder (or refuse an explicit stage count as CUTLASS does)
    if sub:
        ints = [e for e in sub if e in ("int4b_t", "uint4b_t")]
        other = cfg.b.element if cfg.a.element in sub else cfg.a.element
        if cfg.arch == "sm90":
            builder = (
                "the SM90 mixed-input RS builder (sm90_gmma_builder.inl, MainloopSm90TmaGmmaRmemAWarpSpecializedMixedInput)"
                if ints or cfg.a.bits != cfg.b.bits
                else "the SM90 GMMA builder (sm90_gmma_builder.inl)"
            )
        elif ints or cfg.a.bits != cfg.b.bits and 16 in (cfg.a.bits, cfg.b.bits):
            builder = (
                "the SM100 mixed-input builder (sm100_mixed_input_umma_builder.inl) when the schedule is "
                f"KernelTmaWarpSpecialized{{1,2}}SmMixedInput[Smem]Sm100 (modelled); with {cfg.schedule}: its builder"
            )
        else:
            builder = "the SM100 UMMA builder (sm100_umma_builder.inl) with the F8F6F4 UMMA (SM100_MMA_F8F6F4_SS)"
        raise R.NotModelled(
            f"{cfg.a.element} x {cfg.b.element} ({'/'.join(sorted(set(sub)))} with {other}): CUTLASS 4.2 builds it "
            f"with {builder}; not modelled"
        )


def _build_sm103(cfg: Config) -> Answer:
    """SM103: the block-scaled "ultra" builder (collective/sm103.py) and SM100's epilogue builder
    (sm103_builder.inl aliases it)."""
    from cutedump.collective import sm103  # start-up: the SM103 rules only for --arch sm103

    return _build_sm100(cfg, sm103.mainloop)


def _build_sm100(cfg: Config, sm103_mainloop=None) -> Answer:
    from cutedump.collective import sm100 as S  # start-up: the SM100 rules only for --arch sm100

    bs = is_block_scaled(cfg) or sm103_mainloop is not None
    epi = S.epilogue(epilogue_config(cfg))  # CUTLASS builds the epilogue first (its size is the carveout)
    carve = cfg.carveout if cfg.carveout is not None else epi.shared_storage_bytes
    if sm103_mainloop is not None:
        ml = sm103_mainloop(cfg, carve)
    else:
        if cfg.schedule in SM100_FASTFP32_SCHEDULES:  # fp32x9: the 9xBF16 builder (sm100_9xBF16_umma_builder.inl)
            from cutedump.collective import sm100_fastfp32  # start-up: the 9xBF16 rules only for its schedules

            ml = sm100_fastfp32.checked_mainloop(cfg, carve)
        else:
            ml = S.blockscaled_mainloop(cfg, carve) if bs else S.mainloop(cfg, carve)
    if getattr(epi, "late", None) is not None:  # a fused epilogue's compile error after every static_assert
        raise epi.late
    st = ml.stages.value
    lay_a = S.smem_layout_expr(ml.smem_atom_a.value, ml.shape_a, st, ml.major_a == "MN")
    lay_b = S.smem_layout_expr(ml.smem_atom_b.value, ml.shape_b, st, ml.major_b == "MN")
    fast = getattr(ml, "fastfp32", False)
    where = "sm100_mma_warpspecialized_emulated.hpp's Params" if fast else "sm100_mma_warpspecialized.hpp:317 (Params)"
    tma_stage_slices([("A", lay_a), ("B", lay_b)], 4, where)
    main = uniform_mainloop_fields(ml, st, S.cluster_print(cfg), lay_a, lay_b)
    if fast:  # fp32x9: the 9xBF16 collective's pipelines, BF16 operands' smem and transform copies
        from cutedump.collective import sm100_fastfp32 as F  # start-up: as above

        dp_fields, main_fields = F.fields(ml, _expr)
        main["dispatch_policy"].update(dp_fields)
        main.update(main_fields)
    if sm103_mainloop is not None:
        # the SM103 collective's two pipelines, its prefetch type and its TMA views of A and B (3 stages: one
        # mainloop iteration, sm103_blockscaled_mma_warpspecialized.hpp:258)
        main["dispatch_policy"].update(
            load_ab_stages=st, load_sf_stages=ml.sf_stages.value, prefetch_type=ml.prefetch.value
        )
    if bs:
        main.update(
            {
                "smem_layout_atom_sfa": ml.smem_atom_sfa,
                "smem_layout_atom_sfb": ml.smem_atom_sfb,
                "smem_layout_sfa": ml.smem_sfa,
                "smem_layout_sfb": ml.smem_sfb,
                "gmem_tiled_copy_sfa": ml.copy_sfa.value,
                "gmem_tiled_copy_sfb": ml.copy_sfb.value,
                "sf_vec_size": ml.sf_vec_size,
                "layout_sfa": ml.layout_sfa,
                "layout_sfb": ml.layout_sfb,
            }
        )
    if getattr(
        ml, "blockwise", False
    ):  # the blockwise collective's SmemLayoutAtomSFA/B, SmemLayoutScaleA/B, LayoutSFA/B
        main.update(
            {
                "smem_layout_atom_sfa": str(ml.smem_atom_sfa),
                "smem_layout_atom_sfb": str(ml.smem_atom_sfb),
                "smem_layout_sfa": str(ml.smem_sfa),
                "smem_layout_sfb": str(ml.smem_sfb),
                "layout_sfa": str(ml.layout_sfa),
                "layout_sfb": str(ml.layout_sfb),
            }
        )
    if sm103_mainloop is not None and cfg.grouped:
        # sm103g: pointer layout tags make LayoutSFA/SFB pointers (InternalLayoutSFA *,
        # sm103_blockscaled_umma_builder.inl:451): cute::print of a default-constructed one
        main["layout_sfa"] = _null_pointer_print(main["layout_sfa"])
        main["layout_sfb"] = _null_pointer_print(main["layout_sfb"])
    if sm103_mainloop is not None:
        main["smem_layout_a_tma"] = _expr(S.smem_layout_expr(ml.smem_atom_a.value, ml.shape_a, 3, False))
        main["smem_layout_b_tma"] = _expr(S.smem_layout_expr(ml.smem_atom_b.value, ml.shape_b, 3, False))
    why = [
        ("dispatch policy", ml.schedule),
        ("MMA atom", ml.mma_op),
        ("smem atom A", ml.smem_atom_a),
        ("smem atom B", ml.smem_atom_b),
        *(
            [("compute smem atom A", ml.smem_atom_a_compute), ("compute smem atom B", ml.smem_atom_b_compute)]
            if fast
            else []
        ),
        ("stages", ml.stages),
        *([("transform stages", ml.transform_stages)] if fast else []),
        *([("SF stages", ml.sf_stages), ("SF prefetch", ml.prefetch)] if sm103_mainloop is not None else []),
        ("TMA A", ml.copy_a),
        ("TMA B", ml.copy_b),
    ]
    if bs:
        why += [("TMA SFA", ml.copy_sfa), ("TMA SFB", ml.copy_sfb)]
    why.append(("epilogue schedule", epi.schedule))
    return Answer({"mainloop": main, "epilogue": _sm100_epilogue(cfg, epi, why)}, why, ml, epi)


def _sm100_epilogue(cfg: Config, epi, why: list) -> dict:
    """The SM100 epilogue's JSON fields (and its why lines appended to ``why``)."""
    from cutedump.collective import sm100 as S  # start-up: the SM100 rules only for --arch sm100

    if epi.tile is None:
        # the no-smem collective (Sm100NoSmem: StagesC = StagesD = 1, cutlass/epilogue/dispatch_policy.hpp:241)
        # keeps its EpilogueTile
        ep = {
            "dispatch_policy": {"name": epi.name, "stages_c": 1, "stages_d": 1},
            "epilogue_tile": epi.tile_print,
            "shared_storage_bytes": epi.shared_storage_bytes,
        }
        why.append(("epilogue tile", epi.nosmem_tile))
        fusion_fields(cfg, epi, ep, why)
        return ep
    em, en = epi.tile.value
    # a 6-bit C/D sits in smem in 8-bit containers (float_e2m3_unpack8bits_t): laid out as uint8_t
    at_c, at_d = (re.sub(r"float_e\dm\d_unpack8bits_t", "uint8_t", x.value) for x in (epi.atom_c, epi.atom_d))
    ep = {
        "dispatch_policy": {"name": epi.name, "stages_c": epi.stages_c.value, "stages_d": epi.stages_d},
        "epilogue_tile": epi.tile_print,
        "smem_layout_atom_c": _expr(at_c + "{}"),
        "smem_layout_c": _expr(S.epi_layout_expr(at_c, em, en, epi.stages_c.value, epi.stride_c, epi.c_m_major)),
        "smem_layout_d": _expr(S.epi_layout_expr(at_d, em, en, epi.stages_d_layout, epi.stride_d, epi.d_m_major)),
        "copy_ops": dict(epi.copy_ops),
        "shared_storage_bytes": epi.shared_storage_bytes,
    }
    why += [
        ("epilogue tile", epi.tile),
        ("epilogue stages", epi.stages_c),
        ("epilogue smem atom C", epi.atom_c),
        ("epilogue smem atom D", epi.atom_d),
    ]
    fusion_fields(cfg, epi, ep, why)
    return ep


def _sm100_mixed_schedules() -> dict:
    return SM100_MIXED_INPUT_SCHEDULES


def _build_sm100_mixed(cfg: Config, params: bool | str = True) -> Answer:
    """SM100 mixed input (example 86): the mixed-input builder (collective/sm100_mixed.py) and SM100's epilogue
    builder."""
    from cutedump.collective import sm100 as S  # start-up: the SM100 rules only for --arch sm100
    from cutedump.collective import sm100_mixed as X  # start-up: the mixed-input rules only for their schedules

    narrow_cd = [f"{w} {o.element}" for w, o in (("C", cfg.c), ("D", cfg.d)) if 0 < o.bits < 8]
    if narrow_cd or is_block_scaled(cfg) or any(element_pair_parts(o.element) for o in (cfg.a, cfg.b)):
        raise R.NotModelled(
            f"{', '.join(narrow_cd) or cfg.a.element + ' x ' + cfg.b.element} with {cfg.schedule}: CUTLASS's SM100 "
            f"mixed-input builder ({X.MB}) with these types is not modelled"
        )
    epi = S.epilogue(epilogue_config(cfg))  # CUTLASS builds the epilogue first (its size is the carveout)
    carve = cfg.carveout if cfg.carveout is not None else epi.shared_storage_bytes
    ml = X.mainloop(cfg, carve)
    st = ml.stages.value
    lay_a = S.smem_layout_expr(ml.smem_atom_a.value, ml.shape_a, st, ml.major_a == "MN")
    lay_b = S.smem_layout_expr(ml.smem_atom_b.value, ml.shape_b, st, ml.major_b == "MN")
    # Params::TMA_A/B (instantiated with the collective: its observed TMA pointers): stage 0 of each smem layout
    tma_stage_slices([("A", lay_a), ("B", lay_b)], 4, f"{X.MC}:461 (Params)")
    if getattr(epi, "late", None) is not None:
        raise epi.late
    if ml.kernel_hazard is not None and params:
        if params != "warn":
            raise ml.kernel_hazard
        warn(
            "CUTLASS's CollectiveBuilder builds this collective, but a kernel on it does not compile: its TMA "
            f"transaction bytes hit {ml.kernel_hazard.cutlass_message} ({ml.kernel_hazard.rule})"
        )
    main = uniform_mainloop_fields(ml, st, S.cluster_print(cfg), lay_a, lay_b)
    main["dispatch_policy"].update(
        transform2mma_stages=ml.t2m_stages, scheduler_stages=ml.sched_stages, accumulator_stages=ml.acc_stages
    )
    main.update(X.fields(ml, _expr))
    why = [
        ("dispatch policy", ml.schedule),
        ("mixed input", ml.dispatch_policy),
        ("conversion", ml.conversion),
        ("MMA atom", ml.mma_op),
        ("smem atom A", ml.smem_atom_a),
        ("smem atom A (converted)", ml.smem_atom_a_compute),
        ("smem atom B", ml.smem_atom_b),
        ("stages", ml.stages),
        ("scale group", ml.scale_why),
        ("TMA A", ml.copy_a),
        ("TMA B", ml.copy_b),
        ("epilogue schedule", epi.schedule),
    ]
    return Answer({"mainloop": main, "epilogue": _sm100_epilogue(cfg, epi, why)}, why, ml, epi)


def fusion_fields(cfg: Config, epi, ep: dict, why: list) -> None:
    """An SM100/SM120 epilogue's fusion (--fusion): its FusionCallbacks' operation and SharedStorage size and, for a
    block-scale-factor operation, its scale-factor fields (cutedump.collective.fusion.sf_fields), with their why
    lines."""
    if cfg.fusion is None:
        return
    from cutedump.collective import fusion as F  # start-up: the fusion table only for --fusion
    from cutedump.collective import fusion_sm1xx as FX  # start-up: as the line above

    p = F.parse(cfg.fusion)
    name = p.name
    if p.tree is not None:  # a custom EVT: the callbacks are the tree; ThreadEpilogueOp the empty FusionOperation
        ep["fusion"] = {
            "operation": "FusionOperation",
            "callbacks": p.tree.name,
            "shared_storage_bytes": epi.fusion_bytes,
        }
        from cutedump.collective.evt import aux_fields  # start-up: as the line above

        aux = aux_fields(cfg.fusion)
        if aux:  # the tree's Sm90AuxLoad / Sm90AuxStore nodes (cutedump.collective.evt_aux)
            ep["fusion"]["aux"] = aux
        why.append(("fusion", epi.fusion_why))
        return
    ep["fusion"] = {"operation": name, "shared_storage_bytes": epi.fusion_bytes}
    why.append(("fusion", epi.fusion_why))
    if F.op(name).sf:
        ep["fusion"].update(FX.sf_fields(cfg))
        why.append(("fusion SFD", epi.sfd_why))


def _null_pointer_print(layout: str) -> str:
    """cute::print of a null ``Layout*``: ptr[<sizeof_bits of the layout>b]((nil)); the layout's size is its dynamic
    (int, 32-bit) extents and strides, the printed values without a leading underscore."""
    import re

    return f"ptr[{32 * len(re.findall(r'(?<![_0-9])[0-9]+', layout))}b]((nil))"


def _build_sm120(cfg: Config) -> Answer:
    """SM120 (GeForce Blackwell): the dense, block-scaled or blockwise builder (collective/sm120.py) and SM120's
    epilogue builder, which builds SM90's TMA collective epilogue."""
    from cutedump.collective import sm120 as S  # start-up: the SM120 rules only for --arch sm120

    epi = S.epilogue(epilogue_config(cfg))  # CUTLASS builds the epilogue first (its size is the carveout)
    carve = cfg.carveout if cfg.carveout is not None else epi.shared_storage_bytes
    if epi.deferred is not None and cfg.stages is None and cfg.carveout is None:
        raise epi.deferred  # sizeof(Epi::SharedStorage) instantiates the epilogue's class first
    ml = S.mainloop(cfg, carve)
    m, n, k = cfg.tile
    st = ml.stages.value
    lay_a = R.smem_layout_expr(ml.smem_atom_a.value, m, k, st, False)
    lay_b = R.smem_layout_expr(ml.smem_atom_b.value, n, k, st, False)
    main = uniform_mainloop_fields(ml, st, "(" + ",".join(f"_{c}" for c in cfg.cluster) + ")", lay_a, lay_b)
    tma_stage_slices([("A", lay_a), ("B", lay_b)], 3, "sm120_mma_tma.hpp's Params")
    if ml.kind == "blockscaled":
        from cutedump.scale import layouts as SL  # start-up: the scale-factor layouts only for a block-scaled answer

        main.update(
            smem_layout_atom_sfa=_expr(ml.sf_atom_a),
            smem_layout_atom_sfb=_expr(ml.sf_atom_b),
            smem_layout_sfa=_expr(S.sf_stage_layout(ml.sf_atom_a, ml.sf_stage_a, st)),
            smem_layout_sfb=_expr(
                f"logical_divide({S.sf_stage_layout(ml.sf_atom_b, ml.sf_stage_b, st)}, make_shape(_{n},_{k}))"
                if ml.sfb_divided
                else S.sf_stage_layout(ml.sf_atom_b, ml.sf_stage_b, st)
            ),
            gmem_tiled_copy_sfa="SM90_TMA_LOAD",
            gmem_tiled_copy_sfb="SM90_TMA_LOAD",
            sf_vec_size=ml.sf_vec_size,
            layout_sfa=str(SL.layout_sf(ml.sf_vec_size)),
            layout_sfb=str(SL.layout_sf(ml.sf_vec_size)),
        )
    elif ml.kind == "blockwise":
        from cutedump.scale import layouts as SL  # start-up: as above

        bw = SL.BlockwiseConfig(*cfg.sf_vec, *cfg.sf_major)
        main.update(
            smem_layout_sfa=_expr(ml.layout_scale_a),
            smem_layout_sfb=_expr(ml.layout_scale_b),
            layout_sfa=str(bw.deduce_layout("A")),
            layout_sfb=str(bw.deduce_layout("B")),
        )
    if cfg.grouped and "layout_sfa" in main:
        # a grouped GEMM's LayoutSFA/SFB are pointers (InternalLayoutSFA *): cute::print of a default-constructed one
        main["layout_sfa"] = _null_pointer_print(main["layout_sfa"])
        main["layout_sfb"] = _null_pointer_print(main["layout_sfb"])
    ep = tma_epilogue_fields(epi)
    why = [
        ("schedule", ml.schedule),
        ("dispatch policy", ml.dispatch_policy),
        ("MMA atom", ml.mma_op),
        ("smem atom A", ml.smem_atom_a),
        ("smem atom B", ml.smem_atom_b),
        ("stages", ml.stages),
        ("TMA A", ml.copy_a),
        ("TMA B", ml.copy_b),
        ("epilogue schedule", epi.schedule),
        ("epilogue tile", epi.tile),
        ("epilogue stages", epi.stages_c),
        ("epilogue smem atom C", epi.atom_c),
        ("epilogue smem atom D", epi.atom_d),
    ]
    fusion_fields(cfg, epi, ep, why)
    return Answer({"mainloop": main, "epilogue": ep}, why, ml, epi)
