"""``cutedump collective``: the answer (text, JSON or a kernel TOML) of one CollectiveBuilder configuration.

One function, :func:`collective_text`, takes the command's options as strings and returns the text to print; the
click command and the fast path, both built from declarations/collective.py, print it.
"""

from __future__ import annotations

from cutedump.collective import config as C
from cutedump.collective import sm90, sm100, sm120
from cutedump.collective.build import build
from cutedump.collective.sm90 import Refused
from cutedump.errors import CuteDumpError, warn
from cutedump.versions import cutlass_fact, json_answer


def parse(
    arch,
    a,
    b,
    c,
    d,
    acc,
    tile,
    cluster,
    stages,
    carveout,
    schedule,
    epilogue_schedule,
    epilogue_tile,
    alignment_a,
    alignment_b,
    alignment_c,
    alignment_d,
    grouped=False,
    sf_vec=None,
    sf_major=None,
    fusion=None,
    cluster_preferred=None,
    cluster_fallback=None,
    epilogue_tile_shape=None,
    scale_group=None,
    reorder_atom=None,
):
    arch = (arch or "").strip().lower()
    if arch not in ("sm90", "sm100", "sm103", "sm120"):
        raise CuteDumpError(f"--arch: {arch!r} is not sm90, sm100, sm103 or sm120")
    for name, v in (("--a", a), ("--b", b), ("--d", d), ("--tile", tile)):
        if v is None:
            raise CuteDumpError(f"{name} is required")
    opa = C.operand(a, "--a", "RowMajor")
    opb = C.operand(b, "--b", "ColumnMajor")
    opd = C.operand(d, "--d", "RowMajor")
    opc = C.operand(c, "--c", opd.layout, allow_void=True) if c is not None else C.Operand("void", opd.layout)
    accum = C.element(acc or "float", "--acc")
    t, nested = C.tile_shape(tile, 1024, ": no larger CTA tile fits in shared memory")
    if nested and arch != "sm90":
        raise CuteDumpError(
            f"--tile {tile.strip()!r} with --arch {arch}: a TileShape of rank-1 modes is modelled for sm90 (example "
            "51's GETT); give it flat (M,N,K)"
        )
    dyn = None
    if C.is_dynamic_cluster(cluster):
        dyn = C.dynamic_cluster(cluster_preferred, cluster_fallback)
        cluster = "1,1,1"  # the collective's static stand-in: its fields do not read a dynamic cluster's extents
    elif cluster_preferred or cluster_fallback:
        raise CuteDumpError(
            "--cluster-preferred/--cluster-fallback: the launch's clusters of a dynamic cluster; give --cluster "
            "dynamic (the collective's ClusterShape Shape<int,int,_1>)"
        )
    cl = C.ints(cluster or "1,1,1", (1, 2, 3), "--cluster", 16, ": a cluster holds at most 16 CTAs")
    cl = tuple(cl) + (1,) * (3 - len(cl))
    ncta = cl[0] * cl[1] * cl[2]
    if ncta > 16:
        raise CuteDumpError(f"--cluster: {cluster!r} is {ncta} CTAs (a cluster holds at most 16 CTAs)")
    if ncta > 8:
        warn(
            f"--cluster {cluster}: {ncta} CTAs is past the portable cluster size 8; a kernel launches it only with "
            "cudaFuncAttributeNonPortableClusterSizeAllowed set (and where the GPU allows it)"
        )
    st = None if stages in (None, "auto") else C.ints(stages, 1, "--stages", 1024)[0]
    cap = (_capacity(arch), f"{arch}_smem_capacity_bytes")
    cv = (
        None
        if carveout in (None, "auto")
        else 0
        if carveout.strip() == "0"
        else C.ints(carveout, 1, "--carveout", cap[0], f" bytes: the shared memory capacity, {cap[1]}")[0]
    )
    ks = {
        "sm90": C.SM90_KERNEL_SCHEDULES,
        "sm100": C.SM100_KERNEL_SCHEDULES,
        "sm103": C.SM103_KERNEL_SCHEDULES + C.SM103_PTR_ARRAY_SCHEDULES,  # sm103g: and the ptr-array ones
    }.get(arch, C.SM120_KERNEL_SCHEDULES)
    es = {"sm90": C.SM90_EPILOGUE_SCHEDULES, "sm100": C.SM100_EPILOGUE_SCHEDULES}.get(
        "sm100" if arch == "sm103" else arch, C.SM120_EPILOGUE_SCHEDULES
    )
    if arch == "sm120" and sm120.not_modelled_schedule(schedule or "auto"):
        raise CuteDumpError(f"--schedule: {sm120.not_modelled_schedule(schedule)}")
    sched = C.schedule_name(schedule or "auto", ks, "--schedule")
    esched = C.schedule_name(epilogue_schedule or "auto", es, "--epilogue-schedule")
    et = None if epilogue_tile in (None, "auto") else C.ints(epilogue_tile, 2, "--epilogue-tile")
    al = tuple(
        0 if v is None else C.ints(str(v), 1, f"--alignment-{w}")[0]
        for v, w in zip((alignment_a, alignment_b, alignment_c, alignment_d), "abcd")
    )
    sfv = None if sf_vec in (None, "", "none") else C.ints(sf_vec, 3, "--sf-vec", 1024)
    sfm = C.sf_majors(sf_major) if sf_major not in (None, "") else ("MN", "MN")
    if sf_major not in (None, "") and sfv is None:
        raise CuteDumpError(
            f"--sf-major {sf_major}: needs --sf-vec M,N,K (the scale factors' majors go with blockwise scaling)"
        )
    fu = None
    if fusion not in (None, "", "auto"):
        from cutedump.collective import fusion as F  # start-up: the fusion table only for --fusion

        if F.op(F.parse(fusion).name).sf and arch == "sm90":
            raise CuteDumpError(
                f"--fusion {fusion.strip()!r} with --arch sm90: CUTLASS 4.2 has FusionCallbacks for the "
                "block-scale-factor operations on SM100 and SM120 only (sm100_callbacks_tma_warpspecialized.hpp, "
                "sm120_callbacks_tma_warpspecialized.hpp); not modelled for sm90"
            )
        fu = fusion.strip()
        if F.parse(fusion).tree is not None and opd.element == "void":
            raise CuteDumpError(
                f"--fusion {fu!r} with --d void: the builders then take D's element type from the tree "
                "(fusion::get_element_aux_t, sm90_callbacks_tma_warpspecialized.hpp:2761); not modelled"
            )
    # (--grouped: modelled on every --arch, SM103's since sm103g; --sf-vec, blockwise: sm90, sm100, sm120)
    if arch not in ("sm90", "sm120", "sm100") and sfv is not None:
        raise CuteDumpError(
            f"--sf-vec with --arch {arch}: CUTLASS's builder (cutlass/gemm/collective/builders/"
            "sm100_blockwise_umma_builder.inl) is not modelled (cutedump models --sf-vec for --arch sm90, sm100 and "
            "sm120)"
        )
    ets = None
    if epilogue_tile_shape not in (None, "", "auto"):
        ets = C.ints(epilogue_tile_shape, 3, "--epilogue-tile-shape")
    sg = None if scale_group in (None, "", "none") else tuple(C.ints(scale_group, 2, "--scale-group", 1024))
    typed = [
        (f"--{w}", t)
        for w, t, o in (("a", a, opa), ("b", b, opb), ("c", c, opc), ("d", d, opd))
        if t is not None and _strided(o)
    ]
    if typed:
        _stride_scope(typed, arch, grouped, sfv, fu, opa, opb, opc, opd)
    cfg = C.Config(
        arch, opa, opb, opc, opd, accum, t, cl, st, cv, sched, esched, et, al, bool(grouped), sfv, sfm, fu, dyn, ets
    )._replace(tile_nested=nested, scale_group=sg)
    if reorder_atom not in (None, "") or cfg.has_layout_type:
        cfg = _reordered(cfg, reorder_atom, a, b)
    scope = C.stride_scope_error(cfg) if typed else None
    if scope:
        opt = f"--{scope[0]}"
        raise CuteDumpError(f"{opt} {dict(typed).get(opt, getattr(cfg, scope[0]).layout).strip()!r}{scope[1]}")
    return cfg


def _reordered(cfg, reorder_atom, a, b):
    """Examples 55 and 69's shuffled operand: a Layout type in A's or B's layout place with --reorder-atom naming its
    LayoutAtomQuant (collective/reorder.py); each without the other is one error line."""
    from cutedump.collective import reorder as Q  # start-up: the layout types only

    typed = [(f"--{w}", t) for w, t, o in (("a", a, cfg.a), ("b", b, cfg.b)) if Q.is_layout_type(o.layout)]
    if reorder_atom in (None, ""):
        opt, t = typed[0]
        raise CuteDumpError(
            f"{opt} {t.strip()!r} names {Q.ATOM_NAME}: give it with --reorder-atom "
            "'compute_memory_reordering_atom<MmaType[, AtomLayout, ValLayout]>()' (as examples 55 and 69 define it)"
        )
    atom = Q.parse_atom(reorder_atom)
    if not typed:
        raise CuteDumpError(
            f"--reorder-atom {reorder_atom.strip()!r}: no operand's layout is {Q.ATOM_NAME}'s Layout type (give --a or "
            "--b as int4b_t:decltype(cute::tile_to_shape(LayoutAtomQuant{}, Layout<Shape<int,int,int>, StrideB>{})))"
        )
    if cfg.arch != "sm90" or cfg.has_stride or cfg.sf_vec is not None:
        opt, t = typed[0]
        why = f"--arch {cfg.arch}" if cfg.arch != "sm90" else "a stride type" if cfg.has_stride else "--sf-vec"
        raise CuteDumpError(
            f"{opt} {t.strip()!r} with {why}: a reordered Layout type is modelled with CUTLASS's SM90 mixed-input "
            "builder (cutlass/gemm/collective/builders/sm90_gmma_builder.inl, GMMA_TMA_WS_RS) and layout tags on the "
            "other operands; not modelled here"
        )
    return cfg._replace(reorder_atom=atom)


def _strided(o) -> bool:
    return o.layout.startswith("cute::Stride<")


def _stride_scope(typed, arch, grouped, sfv, fusion, opa, opb, opc, opd) -> None:
    """What cutedump models of stride-typed operands (issue 44: plain element types; SM90, SM100 and SM120's dense
    builders, their epilogues): the rest is refused in one line that quotes the option as typed."""
    opt, text = typed[0]
    head = f"{opt} {text.strip()!r}"
    if grouped:
        raise CuteDumpError(
            f"{head} with --grouped: a grouped GEMM's stride pointer (cute::Stride<..> *, as TagToStrideA<LayoutA *> "
            "makes it) is not modelled (cutedump models --grouped with the layout tags, LayoutA * ...)"
        )
    if sfv is not None:
        raise CuteDumpError(
            f"{head} with --sf-vec: a blockwise builder's cute::tuple<StrideA, LayoutSFA> is not modelled "
            "(cutedump models --sf-vec with the layout tags)"
        )
    if arch == "sm90" and opa.bits != opb.bits and (_strided(opa) or _strided(opb)):
        raise CuteDumpError(
            f"{head}: A and B of two widths ({opa.element} x {opb.element}) with a stride type: the SM90 mixed-input "
            "builder (GMMA_TMA_WS_RS, sm90_gmma_builder.inl:305) with stride types is not modelled (cutedump models "
            "it with the layout tags)"
        )
    if arch == "sm103":
        raise CuteDumpError(
            f"{head} with --arch sm103: a stride type with the SM103 block-scaled builder "
            "(sm103_blockscaled_umma_builder.inl) is not modelled (cutedump models stride types on sm90, sm100 and "
            "sm120)"
        )
    for o, w in ((opc, "c"), (opd, "d")):
        if arch != "sm90" and _strided(o) and f"--{w}" in dict(typed):
            from cutedump.collective.stride import rank  # start-up: stride types only

            if rank(o.layout, w) != 3:
                raise CuteDumpError(
                    f"--{w} {dict(typed)[f'--{w}'].strip()!r} with --arch {arch}: a C/D stride of rank "
                    f"{rank(o.layout, w)} (the collective epilogues take rank-3 [M, N, L] strides) is not modelled "
                    "for this --arch"
                )
    if fusion is not None and _strided(opd):
        from cutedump.collective import fusion as F  # start-up: the fusion table only for --fusion

        p = F.parse(fusion)
        if F.FUSIONS[p.name].aux and not p.layout_aux:
            raise CuteDumpError(
                f"{head} with --fusion {fusion!r}: the operation's Aux tensor takes D's layout tag "
                "(GmemLayoutTagAux), which a stride type is not; not modelled (name the Aux layout tag in the "
                "fusion's spelling)"
            )


def _capacity(arch: str) -> int:
    return {"sm90": sm90.SMEM_CAPACITY, "sm100": sm100.SMEM_CAPACITY, "sm103": sm100.SMEM_CAPACITY}.get(
        arch, sm120.SMEM_CAPACITY
    )


def _problem(text):
    v = C.ints(text, (3, 4), "--problem", C.INT32_MAX, ": CUTLASS's problem shape is int32")
    return tuple(v) + (1,) * (4 - len(v))


def collective_text(
    arch="sm90",
    a=None,
    b=None,
    c=None,
    d=None,
    acc="float",
    tile=None,
    cluster="1,1,1",
    stages="auto",
    carveout="auto",
    schedule="auto",
    epilogue_schedule="auto",
    epilogue_tile="auto",
    alignment_a=None,
    alignment_b=None,
    alignment_c=None,
    alignment_d=None,
    problem=None,
    fmt_="text",
    toml=False,
    lang="en",
    grouped=False,
    sf_vec=None,
    sf_major=None,
    fusion=None,
    cluster_preferred=None,
    cluster_fallback=None,
    epilogue_tile_shape=None,
    scale_group=None,
    reorder_atom=None,
) -> str:
    cfg = parse(
        arch,
        a,
        b,
        c,
        d,
        acc,
        tile,
        cluster,
        stages,
        carveout,
        schedule,
        epilogue_schedule,
        epilogue_tile,
        alignment_a,
        alignment_b,
        alignment_c,
        alignment_d,
        grouped,
        sf_vec,
        sf_major,
        fusion,
        cluster_preferred,
        cluster_fallback,
        epilogue_tile_shape,
        scale_group,
        reorder_atom,
    )
    if cfg.dynamic_cluster is not None and (toml or problem):
        raise CuteDumpError(
            f"{'--toml' if toml else '--problem'} with a dynamic cluster: not modelled (cutedump writes kernel "
            "descriptions and TMA maps of a static cluster)"
        )
    if cfg.has_stride and (toml or problem):
        w, t = next((w, t) for w, t, o in zip("abcd", (a, b, c, d), (cfg.a, cfg.b, cfg.c, cfg.d)) if _strided(o))
        raise CuteDumpError(
            f"{'--toml' if toml else '--problem'} with --{w} {(t or d).strip()!r}: a stride-typed operand is not "
            "modelled there (cutedump writes kernel descriptions and TMA maps of the layout tags' gmem layouts)"
        )
    if cutlass_fact("collective_builder"):  # what of this version's builders is not modelled (versions.py)
        warn(cutlass_fact("collective_builder"))
    if toml and fmt_ == "json":
        raise CuteDumpError("--toml and --format json: choose one (--toml writes a kernel description, not JSON)")
    prob = _problem(problem) if problem else None
    if C.is_block_scaled(cfg) and cfg.arch != "sm100" and (toml or prob is not None):
        raise CuteDumpError(
            f"{'--toml' if toml else '--problem'}: the block-scaled collective's "
            f"{'kernel description' if toml else 'TMA tensor maps'} are not modelled (its scale-factor layouts: "
            "`cutedump scale`, named in the answer)"
        )
    try:
        ans = build(cfg, params="warn")
    except Refused as e:
        # CUTLASS's own static_assert message (or, where no static_assert fires, g++'s first error), as one line
        msg = e.cutlass_message.strip()
        if msg.startswith("error: ") or "a compile error" in e.rule:
            what = f'g++ error "{msg.removeprefix("error: ")}"'
        else:
            what = f'static_assert "{msg}"'
        raise CuteDumpError(f"CUTLASS refuses this collective: {what} ({e.rule})") from None
    _kernel_warnings(cfg, ans)
    if cfg.arch == "sm100" and getattr(ans.mainloop, "mixed", False) and (toml or prob is not None):
        raise CuteDumpError(
            f"{'--toml' if toml else '--problem'} with the SM100 mixed-input collective "
            f"({ans.mainloop.dispatch_policy.value}): its "
            f"{'kernel description is' if toml else 'TMA tensor maps are'} not modelled (the collective's fields are)"
        )
    if toml and (
        ans.mainloop.rs
        or ans.mainloop.cp_async
        or cfg.grouped
        or cfg.sf_vec is not None
        or getattr(ans.mainloop, "fastfp32", False)  # fp32x9: its transform stage is not described
    ):
        raise CuteDumpError(
            "--toml: cutedump writes kernel descriptions of the TMA SS mainloops only (SM90's "
            "MainloopSm90TmaGmmaWarpSpecialized* and SM100's UMMA mainloops; this collective is "
            f"{ans.mainloop.dispatch_policy.value})"
        )
    if toml and cfg.arch == "sm120":
        raise CuteDumpError(
            "--toml: cutedump writes kernel descriptions of the SM90 TMA SS and SM100 UMMA mainloops only (this "
            f"collective is {ans.mainloop.dispatch_policy.value}, SM120's mma.sync mainloop: not modelled)"
        )
    if toml:
        from cutedump.collective.toml_out import kernel_toml, kernel_toml_sm100  # start-up: only for --toml

        return (kernel_toml if cfg.arch == "sm90" else kernel_toml_sm100)(cfg, ans, prob, lang=lang)
    from cutedump.dumps.collective_reading import CollectiveWords  # start-up: the catalogs only for an answer

    words = CollectiveWords(lang)
    if fmt_ == "json":
        audit = epilogue_banks(cfg, ans)
        out = ans.fields if audit is None else {**ans.fields, "epilogue_bank_audit": audit}
        return json_answer({**out, **answer_extras(cfg, ans, prob, words)})
    return _text(cfg, ans, prob, words)


def answer_extras(cfg, ans, prob, words) -> dict:
    """What the text states beyond CUTLASS's fields (cutedump's words, not CUTLASS fields): the configuration
    answered, the builder schedule, the why rules, the descriptors and the TMA maps of --problem. The why rules'
    ``why`` is worded in the language asked (``words``); ``key`` and ``facts`` are the same in every language."""
    import json

    def operand(o, w):
        d = {"element": o.element, "layout": o.layout}
        if o.element != "void" and w in "ab":
            d["major"] = C.operand_major(cfg, w)
        if o.element != "void" and _strided(o):
            d.update(C.stride_facts(o.layout, w))
        if w in "ab" and o.layout.startswith("decltype("):  # a reordered Layout type (examples 55, 69's shuffled)
            from cutedump.collective import reorder as Q  # start-up: the layout types only

            mn, k = (cfg.a_mn_major, cfg.a_k_major) if w == "a" else (cfg.b_mn_major, cfg.b_k_major)
            d["reordered"] = {
                "atom_call": cfg.reorder_atom.spelling,
                "atom": str(Q.reordering_atom(cfg.reorder_atom)),
                "layout": str(Q.gmem_layout(o.layout, cfg.reorder_atom)),
                "is_major": [mn, k],
            }
        if o.element != "void":
            d["alignment"] = cfg.alignment(w)
        if o.scale:  # a mixed-input operand's cute::tuple<Element, ElementScale[, ElementZero]>
            d["scale"] = o.scale[0]
            d["zero"] = o.scale[1] if len(o.scale) > 1 else None
        bs = C.block_scaled_parts(o.element)
        if bs:
            d["block_scaled"] = {"wrapper": bs[0], "data_type": bs[1], "scale_factor_type": bs[2], "sf_vec_size": bs[3]}
        return d

    out = {
        "configuration": {
            "arch": cfg.arch,
            "a": operand(cfg.a, "a"),
            "b": operand(cfg.b, "b"),
            "c": operand(cfg.c, "c"),
            "d": operand(cfg.d, "d"),
            "accumulator": cfg.acc,
            "tile": cfg.tile_print,
            "tile_is": "MmaTileShape_MNK",
            **(
                {"epilogue_tile_shape": "(" + ",".join(f"_{x}" for x in cfg.epilogue_tile_shape) + ")"}
                if cfg.epilogue_tile_shape is not None
                else {}
            ),
            "cluster": "(" + ",".join(f"_{c}" for c in cfg.cluster) + ")"
            if cfg.dynamic_cluster is None
            else "Shape<int,int,_1>",
            **(
                {
                    "cluster_preferred": list(cfg.dynamic_cluster[0]) if cfg.dynamic_cluster[0] else None,
                    "cluster_fallback": list(cfg.dynamic_cluster[1]) if cfg.dynamic_cluster[1] else None,
                }
                if cfg.dynamic_cluster is not None
                else {}
            ),
            "grouped": cfg.grouped,
            "fusion": cfg.fusion or "LinearCombination",
            **({"sf_vec": list(cfg.sf_vec), "sf_major": list(cfg.sf_major)} if cfg.sf_vec is not None else {}),
            **({"scale_group": list(cfg.scale_group)} if cfg.scale_group is not None else {}),
        },
        "schedule": {
            "asked": cfg.schedule,
            "builder": builder_schedule(cfg, ans),
            "dispatch_policy": ans.fields["mainloop"]["dispatch_policy"]["schedule"],
        },
        "why": [
            {
                "what": what,
                "choice": ch.value,
                "why": words.why(ch.why),
                "rule": ch.rule,
                "key": ch.why.key,
                "facts": _facts(ch.why),
            }
            for what, ch in ans.why
        ],
        "descriptors": descriptors(cfg, ans),
    }
    if cfg.arch == "sm120" and ans.mainloop.kind == "blockscaled":
        out["scale_command"] = scale_line(cfg, ans, prob)
    elif getattr(ans.mainloop, "block_scaled", False):
        out["scale_command"] = scale_command(cfg, ans)
    if prob is not None:
        tma = {"problem": list(prob)}
        if cfg.arch == "sm120":
            tma["not_modelled"] = _english(SM120_PROBLEM)
        elif cfg.arch == "sm90" and (ans.mainloop.rs or ans.mainloop.cp_async):
            tma["not_modelled"] = (
                f"answered for the TMA SS mainloop only (this one is {ans.mainloop.dispatch_policy.value})"
            )
        elif getattr(ans.mainloop, "block_scaled", False):
            for name, call, r, err in sf_tmas(cfg, ans, prob):  # bstoml: A, B, SFA, SFB of the block-scaled one
                tma[name] = {"call": call, **({_refusal_kind(err): err} if r is None else sf_tma_json(r))}
        else:
            lines = (_tma_lines if cfg.arch == "sm90" else _tma_lines_sm100)(cfg, ans, prob, "json")
            for i, name in enumerate("AB"):
                tma[name] = {"call": lines[3 * i].partition(": ")[2], **json.loads(lines[3 * i + 1])}
        out["tma"] = tma
    return out


def _facts(phrase) -> dict:
    """A why Phrase's facts as JSON (a nested Phrase: its key and facts)."""
    from cutedump.collective.sm90 import Phrase  # start-up: as above

    return {k: {"key": v.key, "facts": _facts(v)} if isinstance(v, Phrase) else v for k, v in phrase.facts.items()}


def builder_schedule(cfg, ans) -> str:
    """The builder schedule the answer is: the one asked, or the one CUTLASS's KernelScheduleAuto resolves to (for
    SM100, the 1SM or 2SM schedule of the UMMA the builder picked; for SM90, the policy's schedule)."""
    if cfg.schedule != "KernelScheduleAuto":
        return cfg.schedule
    if cfg.arch == "sm103":
        two = "_2x1SM_" in ans.mainloop.mma_op.value
        return f"KernelTmaWarpSpecialized{'2Sm' if two else '1Sm'}BlockScaledMxNvf4UltraVs32Sm103"
    if cfg.arch == "sm100":
        two = "_2x1SM_" in ans.mainloop.mma_op.value
        bs = "BlockScaled" if getattr(ans.mainloop, "block_scaled", False) else ""
        return f"KernelTmaWarpSpecialized{'2Sm' if two else '1Sm'}{bs}Sm100"
    if cfg.arch == "sm120":
        # the SM120 builders read Auto as cooperative (IsCooperative: not a Pingpong schedule)
        return "KernelPtrArrayTmaWarpSpecializedCooperative" if cfg.grouped else "KernelTmaWarpSpecializedCooperative"
    return ans.mainloop.schedule.value


def scale_command(cfg, ans) -> str:
    """The `cutedump scale` line of the same configuration: its scale factors' gmem layouts (over the tile as the
    problem) and one stage's smem layouts (deduce_smem_layoutSFA/SFB of the same UMMA)."""
    ml = ans.mainloop
    kind = "mxf8f6f4" if ml.instr == "MXF4F6F8" else ("nvf4" if ml.sf_vec_size == 16 else "mxf4")
    t = ",".join(map(str, cfg.tile))
    if cfg.arch == "sm103":  # Sm103BlockScaledConfig: gmem layouts only (its smem tilings are the builder's)
        kind = "nvf4" if ml.sf_type == "float_ue4m3_t" else "mxf4"
        return f"cutedump scale --arch sm103 --kind {kind} --vs {ml.sf_vec_size} --problem {t}"
    return (
        f"cutedump scale --arch {cfg.arch} --kind {kind} --vs {ml.sf_vec_size} --problem {t} --tile {t} "
        f"--cta-group {2 if ml.is_2sm else 1}"
    )


def _schedule_row(cfg, ans) -> str:
    b, pol = builder_schedule(cfg, ans), ans.fields["mainloop"]["dispatch_policy"]["schedule"]
    auto = "KernelScheduleAuto -> " if cfg.schedule == "KernelScheduleAuto" else ""
    return auto + b + ("" if b == pol else f" (the dispatch policy's Schedule: {pol})")


def _kernel_warnings(cfg, ans) -> None:
    """Hazards of a kernel built on the collective that CUTLASS's builder itself accepts: one warning each."""
    sched = ans.mainloop.schedule.value
    # SM120's cooperative schedules derive from KernelTmaWarpSpecializedCooperative: GemmUniversal builds them on
    # the same SM90 cooperative kernel (sm90_gemm_tma_warpspecialized_cooperative.hpp:65)
    if cfg.arch in ("sm90", "sm120") and "TmaWarpSpecializedCooperative" in sched and cfg.tile[0] < 128:
        warn(
            f"CUTLASS's CollectiveBuilder builds this collective, but a kernel on it does not compile: "
            f"sm90_gemm_tma_warpspecialized_cooperative.hpp's static_assert(size<0>(TileShape{{}}) >= 128) "
            f'"Cooperative kernel requires Tile Size to be greater than or equal to 128 along the M-dimension." '
            f"(tile M = {cfg.tile[0]}; {sched})"
        )
    if cfg.dynamic_cluster is not None:
        atom_m = 2 if "_2x1SM_" in ans.mainloop.mma_op.value else 1
        for which, cl in zip(("preferred", "fallback"), cfg.dynamic_cluster):
            if not cl:
                continue
            bad = [f"cluster M {cl[0]} is not a multiple of the {atom_m}-CTA UMMA"] if cl[0] % atom_m else []
            bad += [f"{x} is not a power of 2" for x in cl[:2] if x & (x - 1)]
            if bad:
                warn(
                    f"--cluster-{which} {cl[0]},{cl[1]}: {'; '.join(bad)}: the kernel's can_implement "
                    "(cutlass/detail/cluster.hpp:74, preferred_cluster_can_implement) refuses this launch"
                )
    cap = _capacity(cfg.arch)
    f = ans.fields
    ml, ep = f["mainloop"]["shared_storage_bytes"], f["epilogue"]["shared_storage_bytes"]
    if ml + ep > cap:
        warn(
            f"the SharedStorage of mainloop ({ml} bytes) and epilogue ({ep} bytes) is {ml + ep} bytes, above the "
            f"{cfg.arch} shared memory capacity of {cap} bytes per CTA: a kernel on this collective does not launch"
        )


def _expr(text: str) -> str:
    from cutedump.expr import evaluate_to_string  # start-up: the expression engine only for an answer

    return evaluate_to_string(text)


def dispatch_policy_text(cfg, ans) -> str:
    """The mainloop's dispatch policy with its template arguments, as the text answer prints it (cute::print's
    cluster shape)."""
    dp = ans.fields["mainloop"]["dispatch_policy"]
    if cfg.arch == "sm103":
        tag = ", Sm103" if dp["name"] in cutlass_fact("sm103_policy_arch_tag") else ""  # 4.7's ArchTag
        return (
            f"{dp['name']}<{dp['load_ab_stages']}, {dp['load_sf_stages']}, 3, {ans.mainloop.acc_stages}, "
            f"{dp['cluster_shape']}, {dp['prefetch_type']}{tag}>"
        )
    if "load2transform_stages" in dp:  # fp32x9: the 9xBF16 collective's MainloopSm100[Array]TmaUmma...FastF32
        tag = ", Sm100" if dp["name"] in cutlass_fact("sm100_policy_arch_tag") else ""  # 4.7's ArchTag (fp32x47)
        return (
            f"{dp['name']}<{dp['load2transform_stages']}, {dp['transform2mma_stages']}, {dp['scheduler_stages']}, "
            f"{dp['accumulator_stages']}, {dp['num_bands_to_compute']}, {dp['scaling_factor']}, "
            f"{dp['acc_promotion_interval']}, {dp['cluster_shape']}, {dp['accumulator_copy_atom']}{tag}>"
        )
    if cfg.arch == "sm100" and getattr(ans.mainloop, "mixed", False):  # MainloopSm100TmaUmmaWarpSpecializedMixedInput
        tag = ", Sm100" if dp["name"] in cutlass_fact("sm100_policy_arch_tag") else ""  # 4.7's ArchTag
        return (
            f"{dp['name']}<{dp['stages']}, {dp['transform2mma_stages']}, {dp['scheduler_stages']}, "
            f"{dp['accumulator_stages']}, {dp['cluster_shape']}{tag}>"
        )
    if cfg.arch == "sm100":
        # 4.7's SM100 policies end with their ArchTag (versions.CUTLASS_FACTS["sm100_policy_arch_tag"])
        tag = ", Sm100" if dp["name"] in cutlass_fact("sm100_policy_arch_tag") else ""
        ss = getattr(ans.mainloop, "sched_stages", 2)
        return f"{dp['name']}<{dp['stages']}, {ss}, {ans.mainloop.acc_stages}, {dp['cluster_shape']}{tag}>"
    if cfg.arch == "sm120":
        ss = ans.mainloop.scheduler_stages
        return f"{dp['name']}<{dp['stages']}, {ss}, {dp['cluster_shape']}, {dp['schedule']}<{ss}>>"
    return f"{dp['name']}<{dp['stages']}, {dp['cluster_shape']}, {dp['schedule']}>"


def _text(cfg, ans, prob, words) -> str:
    f = ans.fields
    m, e = f["mainloop"], f["epilogue"]
    out = []
    op = lambda o, w: (
        (f"cute::tuple<{', '.join((o.element, *o.scale))}>" if o.scale else o.element)
        + f":{o.layout}"
        + (f" ({w})" if o.element != "void" else "")
    )
    maj = lambda w: f"{C.operand_major(cfg, w) or 'no'}-major"
    arch_tag = {"sm90": "Sm90", "sm100": "Sm100", "sm103": "Sm103"}.get(cfg.arch, "Sm120")
    opclass = "OpClassBlockScaledTensorOp" if C.is_block_scaled(cfg) else "OpClassTensorOp"
    out.append(
        f"CollectiveBuilder<arch::{arch_tag}, {opclass}>  "
        f"tile {cfg.tile_print}  cluster {m['dispatch_policy']['cluster_shape']}"
    )
    out.append(
        f"  A {op(cfg.a, maj('a'))} x{cfg.alignment('a')}   B {op(cfg.b, maj('b'))} "
        f"x{cfg.alignment('b')}   accumulator {cfg.acc}"
    )
    out.append(
        f"  C {op(cfg.c, 'source') if cfg.c.element != 'void' else 'void (no source)'}   D {op(cfg.d, 'output')}"
    )
    more = []
    if cfg.dynamic_cluster is not None:
        pf = cfg.dynamic_cluster
        more.append(
            "dynamic cluster Shape<int,int,_1> (launched with preferred "
            + (",".join(map(str, pf[0])) if pf[0] else "unset")
            + ", fallback "
            + (",".join(map(str, pf[1])) if pf[1] else "unset")
            + ")"
        )
    if cfg.grouped:
        more.append("grouped (ptr-array: LayoutA* ... LayoutD*)")
    if cfg.sf_vec is not None:
        more.append(
            f"scale granularity {','.join(map(str, cfg.sf_vec))} (SFA {cfg.sf_major[0]}-major, SFB "
            f"{cfg.sf_major[1]}-major)"
        )
    if cfg.scale_group is not None:
        more.append(
            f"scale layout Sm100MixedInputBlockwiseScaleConfig<{cfg.scale_group[0]}, {cfg.scale_group[1]}> "
            "(cute::tuple<LayoutA, LayoutScale>)"
        )
    if cfg.fusion is not None:
        more.append(f"fusion {cfg.fusion}")
    if cfg.epilogue_tile_shape is not None:
        more.append(f"epilogue builder tile ({','.join(f'_{x}' for x in cfg.epilogue_tile_shape)})")
    if more:
        out.append("  " + "   ".join(more))
    out.append("")
    out.append("mainloop")
    dp = m["dispatch_policy"]
    pol = dispatch_policy_text(cfg, ans)
    rows = [
        ("dispatch policy", pol),
        ("schedule", _schedule_row(cfg, ans)),
        ("stages", str(dp["stages"])),
        *(
            [("SF stages", str(dp["load_sf_stages"])), ("SF prefetch", dp["prefetch_type"])]
            if cfg.arch == "sm103"
            else []
        ),
        ("MMA atom", ans.mainloop.mma_op.value),
        ("smem atom A", ans.mainloop.smem_atom_a.value),
        ("smem atom B", ans.mainloop.smem_atom_b.value),
        ("gmem copy A" if ans.mainloop.cp_async else "TMA A", m["gmem_tiled_copy_a"]),
        ("gmem copy B" if ans.mainloop.cp_async else "TMA B", m["gmem_tiled_copy_b"]),
    ]
    if "num_compute_mtxs" in m:  # fp32x9: the 9xBF16 collective's BF16 copies of A and B
        rows[3:3] = [
            ("transform stages", str(dp["transform2mma_stages"])),
            (
                "BF16 copies",
                f"{m['num_compute_mtxs']} x {m['element_a_mma']} per operand "
                f"({'A in TMEM' if m['tensor_storage_transformed'].endswith('Tmem') else 'A and B in smem'})",
            ),
        ]
        rows[-2:-2] = [
            ("compute atom A", ans.mainloop.smem_atom_a_compute.value),
            ("compute atom B", ans.mainloop.smem_atom_b_compute.value),
            ("compute copy A", m["compute_copy_atom_a"]),
        ]
    bs = getattr(ans.mainloop, "block_scaled", False)
    if bs:
        rows += [
            ("TMA SFA", m["gmem_tiled_copy_sfa"]),
            ("TMA SFB", m["gmem_tiled_copy_sfb"]),
            ("SF vector size", f"{m['sf_vec_size']} ({ans.mainloop.sf_type} scale factors)"),
        ]
    if "conversion_mode" in m:  # the SM90/SM100 mixed-input collectives (collective/sm90_mixed.py, sm100_mixed.py)
        rows += [
            (
                "conversion",
                f"{m['conversion_mode']} ({'A' if m['is_a_transformed'] else 'B'} converted, SwapAB "
                f"{str(m['swap_ab']).lower()})",
            ),
            ("scale, zero", f"{m['element_scale']}, {m['element_zero']}"),
        ]
    if "a_compute_in_tmem" in m:  # the SM100 mixed-input collective's pipelines and scale granularity
        rows += [
            (
                "transform stages",
                f"{dp['transform2mma_stages']} (converted A in {'TMEM' if m['a_compute_in_tmem'] else 'smem'})",
            ),
            ("accumulators", f"{dp['accumulator_stages']} stages, {dp['scheduler_stages']} scheduler stages"),
            ("scale group", f"{m['scale_granularity_mn']} x {m['scale_granularity_k']} (MN x K)"),
        ]
    rows.append(("SharedStorage", f"{m['shared_storage_bytes']} bytes"))
    out += [f"  {k:<16} {v}" for k, v in rows]
    out.append("")
    out.append("epilogue")
    ed = e["dispatch_policy"]
    if "smem_layout_c" in e:
        rows = [
            ("dispatch policy", f"{ed['name']}<StagesC {ed['stages_c']}, StagesD {ed['stages_d']}>"),
            ("schedule", ans.epilogue.schedule.value),
            ("epilogue tile", e["epilogue_tile"]),
            ("smem atom C", ans.epilogue.atom_c.value),
            ("smem atom D", ans.epilogue.atom_d.value),
        ]
        rows += [(f"copy {k}", v) for k, v in e["copy_ops"].items()]
    elif "stages_c" in ed:
        rows = [
            ("dispatch policy", f"{ed['name']}<StagesC {ed['stages_c']}, StagesD {ed['stages_d']}>"),
            ("schedule", ans.epilogue.schedule.value),
            ("epilogue tile", e["epilogue_tile"]),
        ]
    else:
        rows = [("dispatch policy", ed["name"]), ("schedule", ans.epilogue.schedule.value)]
    rows.append(("SharedStorage", f"{e['shared_storage_bytes']} bytes"))
    fu = e.get("fusion")
    if fu is not None:  # an SM100/SM120 epilogue's fusion callbacks (and a block-scale-factor output's SFD)
        head = fu["operation"] if "callbacks" not in fu else f"{fu['callbacks']} (operation {fu['operation']})"
        rows.append(("fusion", f"{head}: FusionCallbacks::SharedStorage {fu['shared_storage_bytes']} bytes"))
        if "sf_vec_size" in fu:
            sfd = f"SFVecSize {fu['sf_vec_size']}, {fu['element_block_scale_factor']}, {fu['gmem_layout_tag_scalefactor']}"
            rows.append(("SFD", sfd))
    out += [f"  {k:<16} {v}" for k, v in rows]
    out.append("")
    out.append("why")
    for what, ch in ans.why:
        out.append(f"  {what}: {words.why(ch.why)}  [{ch.rule}]")
    out.append("")
    out.append("TiledMma")
    out.append(m["tiled_mma"])
    out.append("")
    for k in ("smem_layout_atom_a", "smem_layout_atom_b", "smem_layout_a", "smem_layout_b"):
        out.append(f"{k}: {m[k]}")
    for k in SCALE_FIELDS if cfg.arch == "sm120" else SCALE_FIELDS_SM100 + SM103_FIELDS:
        if k in m:
            out.append(f"{k}: {m[k]}")
    for k in ("smem_layout_atom_a_compute", "smem_layout_a_compute", "smem_layout_atom_scale", "smem_layout_scale"):
        if k in m:
            out.append(f"{k}: {m[k]}")
    for k in ("smem_layout_atom_c", "smem_layout_c", "smem_layout_d"):
        if k in e:
            out.append(f"epilogue {k}: {e[k]}")
    if fu is not None and "layout_sfd" in fu:
        out.append(f"epilogue fusion layout_sfd: {fu['layout_sfd']}")
    if bs:
        line = "scale_line" if cfg.arch == "sm103" else "scale_line_smem"
        out.append(words.line(line, command=scale_command(cfg, ans)))
    if cfg.arch == "sm90" and ans.mainloop.gmma_layout_b is not None:
        out.append(words.line("gmma_transposed_b", layout=_expr(ans.mainloop.gmma_layout_b)))
    out.append("")
    if cfg.arch == "sm120":
        out.append(words.line("sm120_no_descriptors", why=words.why(SM120_REGISTERS)))
        if ans.mainloop.kind == "blockscaled":
            out.append(words.line("scale_line", command=scale_line(cfg, ans, prob)))
    elif cfg.arch == "sm103":
        out.append(words.why(SM103_DESC))
    elif cfg.arch == "sm100" and getattr(ans.mainloop, "mixed", False):
        out.append(words.why(MIXED100_DESC))
    else:
        out += _desc_lines(cfg, ans, words) if cfg.arch == "sm90" else _umma_desc_lines(cfg, ans, words)
    audit = epilogue_banks(cfg, ans)
    if audit is not None:
        out.append("")
        out += _bank_lines(audit, words)
    if prob is not None and cfg.arch == "sm90" and (ans.mainloop.rs or ans.mainloop.cp_async):
        out.append("")
        out.append(words.line("tma_not_modelled", policy=ans.mainloop.dispatch_policy.value))
    elif prob is not None and cfg.arch == "sm120":
        out.append("")
        out.append(words.line("sm120_tma_not_modelled", why=words.why(SM120_PROBLEM)))
    elif prob is not None and cfg.arch == "sm90":
        out.append("")
        out += _tma_lines(cfg, ans, prob, lang=words.lang)
    elif prob is not None and getattr(ans.mainloop, "block_scaled", False):
        out.append("")
        out += _sf_tma_lines(cfg, ans, prob)
    elif prob is not None:
        out.append("")
        out += _tma_lines_sm100(cfg, ans, prob, lang=words.lang)
    return "\n".join(out) + "\n"


# ---- bstoml: --problem of the SM100 block-scaled collective (to_underlying_arguments' TMA atoms)


def sf_tmas(cfg, ans, prob) -> list:
    """[(name, call, Sm100Tma or None, why not)] for A, B, SFA, SFB as the block-scaled collective's
    to_underlying_arguments makes them: make_tma_atom_A/B_sm100<TmaInternalElement>(GmemTiledCopy, tensor,
    SmemLayout(_,_,_,0), TileShape, TiledMma, cluster_layout_vmnk) for A and B; SFA the same over layout_SFA
    (Sm1xxBlockScaledConfig::tile_atom_to_shape_SFA of the problem) with uint16_t; SFB over TileShape_SF and
    TiledMMA_SF (TiledMma::MMA_ScaleFactor) with its own cluster layout."""
    from cutedump.algebra import UNDERSCORE, C, ceil_div, slice_layout  # start-up: only for --problem
    from cutedump.atoms import tma_sm100 as TS  # start-up: as above
    from cutedump.atoms.mma import make_tiled_mma  # start-up: as above
    from cutedump.atoms.smem_desc import parse_smem_layout  # start-up: as above
    from cutedump.expr import evaluate  # start-up: as above

    M, N, K, L = prob
    m, n, k = cfg.tile
    ml, f = ans.mainloop, ans.fields["mainloop"]
    tile = (C(m), C(n), C(k))
    cluster = tuple(C(c) for c in cfg.cluster)
    nsm = 2 if ml.is_2sm else 1
    out = []
    for name, rows, kmaj, op, el, key in (
        ("A", M, cfg.a_k_major, ml.copy_a.value, ml.data_a, "smem_layout_a"),
        ("B", N, cfg.b_k_major, ml.copy_b.value, ml.data_b, "smem_layout_b"),
    ):
        # make_cute_packed_stride of (M,K,L): the batch stride is M*K only for L > 1, else 0 (run-time values)
        lst = rows * K if L > 1 else 0
        gmem = f"({rows},{K},{L}):({K},_1,{lst})" if kmaj else f"({rows},{K},{L}):(_1,{rows},{lst})"
        call = (
            f"make_tma_atom_{name}_sm100({op}, gmem {gmem}, {key}(_,_,_,_0), TileShape, TiledMma, cluster_layout_vmnk)"
        )
        try:
            smem = parse_smem_layout(f[key])
            stage = _stage0_layout(smem)
            r = TS.make_tma_sm100(name, op, el, evaluate(gmem, literal=True), stage, tile, ml.tiled, cluster)
            out.append((name, call, r, None))
        except CuteDumpError as e:
            out.append((name, call, None, e.one_line()))
    vs = ml.sf_vec_size
    cfgname = f"cutlass::detail::Sm1xxBlockScaledConfig<{vs}>"
    # TiledMMA_SF: TiledMma::MMA_ScaleFactor, the 1-SM atom of M (2SM: M/2 > 64 ? M/2 : M) and N round_up(N, 128)
    msf = (m // 2 if m // 2 > 64 else m) if nsm == 2 else m
    nsf = -(-n // 128) * 128
    fam = "MXF8F6F4" if "MXF8F6F4" in ml.mma_op.value else "MXF4"
    vs_arg = "" if fam == "MXF8F6F4" else f",{vs}"
    sf_op = (
        f"SM100_MMA_{fam}_SS<{ml.data_a},{ml.data_b},{cfg.acc},{ml.sf_type},{msf},{nsf}{vs_arg},"
        f"{ml.major_a},{ml.major_b}>"
    )
    cta_m = m // nsm
    tile_sf = (C(cta_m), C(int(ceil_div(n, 128)) * 128), C(k))
    for name, fn, op, key, t, mma in (
        ("SFA", "tile_atom_to_shape_SFA", ml.copy_sfa.value, "smem_layout_sfa", tile, None),
        ("SFB", "tile_atom_to_shape_SFB", ml.copy_sfb.value, "smem_layout_sfb", tile_sf, sf_op),
    ):
        layout_text = f"{cfgname}::{fn}(make_shape({M},{N},{K},{L}))"
        tiler = "TileShape" if name == "SFA" else "TileShape_SF"
        mma_name = "TiledMma" if name == "SFA" else f"TiledMMA_SF ({sf_op})"
        call = (
            f"make_tma_atom_{name[-1]}_sm100<uint16_t>({op}, make_tensor(ptr_{name}, {layout_text}), "
            f"SmemLayout{name}(_,_,_,_0), {tiler} {_fmt_shape(t)}, {mma_name}, "
            f"cluster_layout{'_sfb' if name == 'SFB' else ''}_vmnk)"
        )
        try:
            gmem = evaluate(layout_text, literal=True)
            stage = slice_layout((UNDERSCORE, UNDERSCORE, UNDERSCORE, C(0)), parse_smem_layout(f[key]))
            tm = ml.tiled if mma is None else make_tiled_mma(mma)
            r = TS.make_tma_sm100(name[-1], op, ml.sf_type, gmem, stage, t, tm, cluster, tma_type="uint16_t")
            out.append((name, call, r, None))
        except CuteDumpError as e:
            out.append((name, call, None, e.one_line()))
    return out


def _refusal_kind(err: str) -> str:
    """not_modelled (cutedump does not model it) or refused (CuTe's own assert or static_assert refuses it)."""
    return "not_modelled" if "not model" in err else "refused"


def _fmt_shape(t) -> str:
    return "(" + ",".join(f"_{int(x)}" for x in t) + ")"


def _stage0_layout(smem):
    """Stage 0 of the collective's SmemLayoutA/B ((MMA), MMA_M, MMA_K, PIPE): smem(_,_,_,_0)."""
    from cutedump.algebra import UNDERSCORE, C  # start-up: only for --problem
    from cutedump.algebra.swizzle_slice import slice_and_offset  # start-up: as above

    return slice_and_offset((UNDERSCORE, UNDERSCORE, UNDERSCORE, C(0)), smem)[0]


def sf_tma_json(r) -> dict:
    """One TMA atom of --problem: its tensor map (cuTensorMapEncodeTiled's arguments), TmaInternalType, the box
    before the multicast split, the values per instruction, the Copy_Atom and the TMA coordinate tensor."""
    t = r.tma
    return {
        "op": t.op,
        "type": t.value_type,
        "tma_type": t.tma_type or t.value_type,
        "multicast": t.cluster,
        "cluster_layout_vmnk": str(r.vmnk),
        "tensor_map": t.tensor_map(),
        "box_dim_before_multicast": list(t.box_dim_full),
        "elements_per_tma": int(t.num_elems_per_tma),
        "copy_atom": t.copy_atom_str().rstrip("\n"),
        "tma_tensor": t.tma_tensor_str(),
    }


def _sf_tma_lines(cfg, ans, prob) -> list:
    """The text of sf_tmas: each atom's call, its cuTensorMapEncodeTiled arguments and its TMA tensor (what
    sf_tma_json holds)."""
    out = []
    for name, call, r, err in sf_tmas(cfg, ans, prob):
        out.append(f"TMA {name}: {call}")
        if r is None:
            out.append(f"  {_refusal_kind(err).replace('_', ' ')}: {err}")
            continue
        d = sf_tma_json(r)
        tm = d["tensor_map"]
        j = lambda v: "{" + ",".join(str(x) for x in v) + "}"  # noqa: E731
        out.append(
            f"  {d['op']} of {d['type']} as {d['tma_type']}, multicast {d['multicast']}: cuTensorMapEncodeTiled("
            f"{tm['data_type']}, rank {tm['rank']}, globalDim {j(tm['global_dim'])}, globalStrides "
            f"{j(tm['global_strides'])} bytes, boxDim {j(tm['box_dim'])}, elementStrides {j(tm['element_strides'])}, "
            f"{tm['interleave']}, {tm['swizzle']}, {tm['l2_promotion']}, {tm['oob_fill']})"
        )
        out.append(f"  box before the multicast {j(d['box_dim_before_multicast'])}, {d['elements_per_tma']} values")
        out.append(f"  get_tma_tensor: {d['tma_tensor']}")
    return out


def _tma_lines(cfg, ans, prob, fmt_="text", lang="en") -> list:
    """The TMA tensor maps of A and B for --problem: cutedump's make_tma_copy engine (the tma command's)."""
    from cutedump.commands._tma import tma_text  # start-up: the TMA engine only for --problem

    M, N, K, _L = prob
    m, n, k = cfg.tile
    out = []
    for name, ops, rows, blk, kmaj, atom, clu in (
        ("A", cfg.a, M, m, cfg.a_k_major, ans.mainloop.smem_atom_a.value, cfg.cluster[1]),
        ("B", cfg.b, N, n, cfg.b_k_major, ans.mainloop.smem_atom_b.value, cfg.cluster[0]),
    ):
        gmem = f"({rows},{K}):({K},_1)" if kmaj else f"({rows},{K}):(_1,{rows})"
        el = ans.mainloop.element_a if name == "A" else ans.mainloop.element_b
        smem = f"tile_to_shape({atom}{{}}, make_shape(_{blk},_{k}), Step<{'_1,_2' if kmaj else '_2,_1'}>{{}})"
        opname = "SM90_TMA_LOAD_MULTICAST" if clu > 1 else "SM90_TMA_LOAD"
        out.append(f"TMA {name}: make_tma_copy({opname}, gmem {gmem}, smem stage {smem})")
        out.append(
            tma_text(
                op=opname,
                value_type=el,
                gmem=gmem,
                smem=smem,
                cta_tile=None,
                cluster=clu,
                partition=False,
                cta_coord=None,
                cta=None,
                smem_address="0",
                mma=None,
                atom_layout=None,
                operand="A",
                mma_tiler=None,
                cluster_shape=None,
                tiled_copy=False,
                lower_corner=None,
                upper_corner=None,
                traversal_stride=None,
                fmt_=fmt_,
                lang=lang,
            ).rstrip("\n")
        )
        out.append("")
    return out[:-1]


def _tma_lines_sm100(cfg, ans, prob, fmt_="text", lang="en") -> list:
    """The TMA atoms of A and B for --problem: cutedump's make_tma_atom_A/B_sm100 engine (the tma command's)."""
    from cutedump.collective.sm100 import smem_layout_expr  # start-up: as above
    from cutedump.commands._tma import tma_text  # start-up: the TMA engine only for --problem

    M, N, K, _L = prob
    m, n, k = cfg.tile
    ml = ans.mainloop
    out = []
    for name, rows, kmaj, op, atom, shape, major in (
        ("A", M, cfg.a_k_major, ml.copy_a.value, ml.smem_atom_a.value, ml.shape_a, ml.major_a),
        ("B", N, cfg.b_k_major, ml.copy_b.value, ml.smem_atom_b.value, ml.shape_b, ml.major_b),
    ):
        gmem = f"({rows},{K}):({K},_1)" if kmaj else f"({rows},{K}):(_1,{rows})"
        # the collective's own smem layout, one stage (its atom, not the tma command's default SW128 one)
        smem = smem_layout_expr(atom, shape, 1, major == "MN")
        out.append(f"TMA {name}: make_tma_atom_{name}_sm100({op}, gmem {gmem}, smem stage {smem})")
        out.append(
            tma_text(
                op=op,
                value_type=None,
                gmem=gmem,
                smem=smem,
                cta_tile=None,
                cluster=1,
                partition=False,
                cta_coord=None,
                cta=None,
                smem_address="0",
                mma=ml.mma_op.value,
                atom_layout=None,
                operand=name,
                mma_tiler=f"(_{m},_{n},_{k})",
                cluster_shape="(" + ",".join(map(str, cfg.cluster)) + ")",
                tiled_copy=False,
                lower_corner=None,
                upper_corner=None,
                traversal_stride=None,
                fmt_=fmt_,
                lang=lang,
            ).rstrip("\n")
        )
        out.append("")
    return out[:-1]


def umma_descs(ans) -> dict:
    """The UMMA smem descriptors the collective's mma_init makes (tiled_mma.make_fragment_A/B over sA/sB:
    MakeTensor<UMMA::smem_desc<Major>>, cutedump's descriptor engine, the kernel command's), every k-block of stage
    0 for A and B, and the atom's instruction descriptor idesc_ (UMMA::make_instr_desc, the idesc command's)."""
    from cutedump.algebra.integer import C  # start-up: the descriptor engine only for an SM100 answer
    from cutedump.algebra.inttuple import product  # start-up: as above
    from cutedump.atoms.smem_desc import parse_smem_layout  # start-up: as above
    from cutedump.kernel.sm100 import umma_desc_fragment  # start-up: as above

    ml = ans.mainloop
    out = {}
    fast = getattr(ml, "fastfp32", False)
    for name, key, major, el in (
        ("A", "smem_layout_a", ml.major_a, ml.element_a),
        ("B", "smem_layout_b", ml.major_b, ml.element_b),
    ):
        if fast:
            # fp32x9: the UMMA reads the bfloat16_t copies (SmemLayoutACompute/BCompute: compute matrix 0, stage 0 of
            # tile_to_mma_shape(atom, append(MmaShape, 3, stages)), the same as one stage of one matrix); a
            # K-major A of a TMEM schedule is read from tensor memory (the TS UMMA): no smem descriptor
            if name == "A" and ml.a_in_tmem:
                out[name] = (major, "bfloat16_t", None)
                continue
            from cutedump.algebra import fmt  # start-up: as above

            atom = (ml.smem_atom_a_compute if name == "A" else ml.smem_atom_b_compute).value
            shape = fmt(ml.shape_a if name == "A" else ml.shape_b)[:-1] + ",_1)"
            lay = _expr(f"tile_to_mma_shape({atom}{{}}, {shape})")
            frag = umma_desc_fragment(parse_smem_layout(lay), major, "bfloat16_t", name)
            el = "bfloat16_t"
        else:
            frag = umma_desc_fragment(parse_smem_layout(ans.fields["mainloop"][key]), major, el, name)
        nk = int(product(frag.layout.shape[2]))  # a k mode may be nested (tf32's): its k-blocks in colex order
        descs = [frag.match.desc.value + int(frag.layout((C(0), C(0), C(k), C(0)))) for k in range(nk)]
        out[name] = (major, el, descs)
    out["idesc"] = ml.tiled.atom.traits.instr_desc().value
    return out


def epilogue_banks(cfg, ans) -> dict | None:
    """cutedump's bank model (the bank command's) over the SM90 TMA epilogue's register<->smem copies, built as
    sm90_epilogue_tma_warpspecialized.hpp builds them: tiled_copy_C_atom = make_tiled_copy_C_atom(CopyAtomC,
    tiled_mma) (CopyAtomC: Copy_Atom<SM90_U32x4_STSM_N or U32x2, half_t>, sm90_builder.inl:324), then
    tiled_r2s = make_tiled_copy_S(Copy_Atom<CopyOpR2S, SmemElementD>, tiled_copy_C_atom) over stage 0 of
    SmemLayoutD and tiled_s2r = make_tiled_copy_S(Copy_Atom<CopyOpS2R, SmemElementC>, tiled_copy_C_atom) over
    stage 0 of SmemLayoutC (when C is read). None where the epilogue has no smem (or is SM100's: not modelled)."""
    e = ans.fields["epilogue"]
    if cfg.arch != "sm90" or "copy_ops" not in e:
        return None
    from cutedump.atoms import make_tiled_mma  # start-up: the copy engine and bank model only for an answer
    from cutedump.atoms.copy import make_tiled_copy_C_atom, make_tiled_copy_S  # start-up: as above
    from cutedump.bank.copy import copy_plan, split_smem  # start-up: as above
    from cutedump.bank.search import totals_all_warps  # start-up: as above

    ml = ans.mainloop
    tiled = make_tiled_mma(ml.mma_op.value, ml.atom_layout)
    en = int(e["epilogue_tile"].strip("()").split(",")[1].lstrip("_"))
    atom_c = "SM90_U32x4_STSM_N" if en % 16 == 0 else "SM90_U32x2_STSM_N"
    base = make_tiled_copy_C_atom(atom_c, tiled, "half_t")
    out = {"source": "cutedump's bank model (not a CUTLASS field)", "copy_atom_c": f"Copy_Atom<{atom_c}, half_t>"}
    rows = [("r2s", e["copy_ops"]["r2s"], cfg.d.element, "smem_layout_d", True)]
    if cfg.c.element != "void":
        rows.append(("s2r", e["copy_ops"]["s2r"], cfg.c.element, "smem_layout_c", False))
    for key, op, el, lay, store in rows:
        item = {"copy": f"make_tiled_copy_S(Copy_Atom<{op}, {el}>, tiled_copy_C_atom)", "smem": f"{lay}(_,_,0)"}
        try:
            full = op + "<128>" if op == "AutoVectorizingCopyWithAssumedAlignment" else op
            tc = make_tiled_copy_S(full, base, el)
            smem = _stage0(e[lay])
            plan = copy_plan(tc, smem, store)
            t = totals_all_warps(plan, split_smem(smem)[0])
            item.update(
                instruction=plan.inst.name,
                warps=int(plan.nwarps),
                wavefronts=t["wavefronts"],
                ideal=t["ideal"],
                conflicts=t["conflicts"],
            )
        except CuteDumpError as err:
            # the bank command's message points at its own 'vector' line, which this answer does not print
            item["not_modelled"] = err.one_line().replace(
                " (see the 'vector' line)", " (`cutedump bank` names that width on its 'vector' line)"
            )
        out[key] = item
    return out


def _stage0(text):
    """Stage 0 of an epilogue smem layout (EPI_M, EPI_N, PIPE) as printed, position-independent as the epilogue
    makes its tensors (as_position_independent_swizzle_tensor: the swizzle moves from byte addresses to element
    offsets): its first two modes."""
    from cutedump.algebra.layout import take  # start-up: as above
    from cutedump.algebra.swizzle import ComposedLayout, as_position_independent_swizzle_layout  # start-up: as above
    from cutedump.atoms.smem_desc import parse_smem_layout  # start-up: as above

    lay = as_position_independent_swizzle_layout(parse_smem_layout(text))
    if isinstance(lay, ComposedLayout):
        return ComposedLayout(lay.a, lay.offset, take(lay.b, 0, 2))
    return take(lay, 0, 2)


def _bank_lines(audit, words) -> list:
    out = [words.line("bank_head", stage=0)]
    out.append(f"  tiled_copy_C_atom = make_tiled_copy_C_atom({audit['copy_atom_c']}, tiled_mma)")
    for key in ("r2s", "s2r"):
        if key not in audit:
            continue
        a = audit[key]
        if "not_modelled" in a:
            out.append(
                words.line("bank_not_modelled", which=key, copy=a["copy"], smem=a["smem"], why=a["not_modelled"])
            )
            continue
        out.append(
            words.line(
                "bank_row",
                which=key,
                copy=a["copy"],
                smem=a["smem"],
                instruction=a["instruction"],
                warps=a["warps"],
                wavefronts=a["wavefronts"],
                ideal=a["ideal"],
                conflicts=a["conflicts"],
            )
        )
    return out


def _umma_desc_lines(cfg, ans, words) -> list:
    d = umma_descs(ans)
    out = [words.line("umma_descs", k=0, stage=0)]
    for name in "AB":
        major, el, descs = d[name]
        if descs is None:  # fp32x9: A in tensor memory (the TS UMMA)
            out.append(words.line("umma_tmem", name=name))
            continue
        v = descs[0]
        more = words.line("umma_next", k=1, step=f"{descs[1] - v:#x}", unit=16) if len(descs) > 1 else ""
        out.append(words.line("umma_desc", name=name, value=f"{v:#018x}", major=major, element=el, more=more))
    if getattr(ans.mainloop, "block_scaled", False):  # bstoml: make_instr_desc_block_scaled, SF ids 0
        v = d["idesc"]  # a_sf_id_: bits [29,31), b_sf_id_: bits [4,6) (UMMA::InstrDescriptorBlockScaled)
        out.append(
            words.line("idesc_bs", value=f"{v:#010x}", op=ans.mainloop.mma_op.value, sfa=v >> 29 & 3, sfb=v >> 4 & 3)
        )
    else:
        out.append(words.line("idesc", value=f"{d['idesc']:#010x}", op=ans.mainloop.mma_op.value))
    return out


def _desc_lines(cfg, ans, words) -> list:
    out = [words.line("gmma_descs", k=0, stage=0, thread=0)]
    for name, value, major, el in _gmma_descs(ans):
        if value is None:
            out.append(words.line("registers", name=name))
        elif isinstance(value, str):
            out.append(words.line("gmma_desc_refused", name=name, major=major, element=el, message=value))
        else:
            out.append(words.line("gmma_desc", name=name, value=f"{value:#018x}", major=major, element=el))
    return out


def _gmma_descs(ans) -> list:
    """The smem descriptors the MMA reads for k-block 0 of stage 0 (thread 0's partition_fragment_A/B): cutedump's
    descriptor engine (the kernel and desc commands'), as (operand, value or None for registers, major, element)."""
    from cutedump.atoms.smem_desc import desc_fragment, parse_smem_layout  # start-up: the descriptor engine

    ml = ans.mainloop
    from cutedump.atoms import make_tiled_mma  # start-up: as above

    tiled = make_tiled_mma(ml.mma_op.value, ml.atom_layout)
    out = []
    operands = [
        ("A", ans.fields["mainloop"]["smem_layout_a"], ml.major_a, ml.element_a),
        ("B", ans.fields["mainloop"]["smem_layout_b"], ml.major_b, ml.element_b),
    ]
    if ml.rs:
        # A comes from registers; the smem B the MMA reads is the collective's internal B (the builder's A with
        # SwapAB, the K-major transposed copy with TransposeB)
        el_b = ml.element_a if ml.swap_ab else ml.element_b
        lay_b = _expr(ml.gmma_layout_b) if ml.gmma_layout_b else ans.fields["mainloop"]["smem_layout_b"]
        major_b = "K" if ml.transpose_b else (ml.major_a if ml.swap_ab else ml.major_b)
        out.append(("A", None, None, None))
        operands = [("B", lay_b, major_b, el_b)]
    for name, layout, major, el in operands:
        try:
            d = desc_fragment(tiled, 0, name, parse_smem_layout(layout)).descriptors[0].value
        except CuteDumpError as e:
            if not getattr(ml, "mixed", False):
                raise
            # the mixed-input collective's MMA is K-major (rs_op_selector<.., Major::K, Major::K>) while a 16-bit
            # MN-major operand stays MN-major in smem: the kernel's make_gmma_desc refuses it (CuTe's message)
            d = str(e)
        out.append((name, d, major, el))
    return out


#: the scale-factor fields of the SM120 block-scaled and blockwise collectives (the text prints each the JSON has)
SCALE_FIELDS = (
    "smem_layout_atom_sfa",
    "smem_layout_atom_sfb",
    "smem_layout_sfa",
    "smem_layout_sfb",
    "gmem_tiled_copy_sfa",
    "gmem_tiled_copy_sfb",
    "sf_vec_size",
    "layout_sfa",
    "layout_sfb",
)
#: those the SM90 blockwise and SM100 block-scaled texts print as lines (SM100's TMA SFA/SFB and SF vector size are
#: rows of the mainloop)
SCALE_FIELDS_SM100 = tuple(k for k in SCALE_FIELDS if not k.startswith(("gmem_", "sf_")))
#: the SM103 collective's TMA views of A's and B's smem (one mainloop iteration's 3 stages)
SM103_FIELDS = ("smem_layout_a_tma", "smem_layout_b_tma")


#: the facts of statements without a rule (worded in the catalog; JSON holds the English words)
SM120_REGISTERS = sm90.Phrase("coll.sm120_registers", sm="SM120")
SM120_PROBLEM = sm90.Phrase("coll.sm120_problem", arch="sm120", kind="F8F6F4")


#: the SM103 FP4 ultra UMMA's descriptors (its own instruction descriptor): not modelled
SM103_DESC = sm90.Phrase("coll.sm103_desc_not_modelled")
#: the SM100 mixed-input collective's descriptors (A converted by the transform warps, then in TMEM or smem)
MIXED100_DESC = sm90.Phrase("coll.mixed100_desc_not_modelled")


def _english(phrase) -> str:
    """A JSON statement in English, worded once in the catalog (JSON is the same in every language)."""
    from cutedump.dumps.collective_reading import CollectiveWords  # start-up: the catalogs only for an answer

    return CollectiveWords("en").why(phrase)


def scale_line(cfg, ans, prob=None) -> str:
    """The `cutedump scale` command that prints this configuration's gmem scale-factor layouts (its kind and
    SFVecSize, over --problem or else the tile)."""
    ml = ans.mainloop
    kind = "mxf8f6f4" if ml.instr == "MXF4F6F8" else ("nvf4" if ml.sf_type == "float_ue4m3_t" else "mxf4")
    m, n, k = prob[:3] if prob else cfg.tile
    return f"cutedump scale --arch sm120 --kind {kind} --vs {ml.sf_vec_size} --problem {m},{n},{k}"


def descriptors(cfg, ans) -> dict:
    """The descriptors the text's descriptor lines state, as JSON (the same values those lines print)."""
    if cfg.arch == "sm120":
        return {"kind": None, "why": _english(SM120_REGISTERS)}
    if cfg.arch == "sm103":
        return {"kind": "umma", "not_modelled": _english(SM103_DESC)}
    if cfg.arch == "sm100" and getattr(ans.mainloop, "mixed", False):
        return {"kind": "umma", "not_modelled": _english(MIXED100_DESC)}
    if cfg.arch == "sm100":
        d = umma_descs(ans)
        out = {"kind": "umma", "k_block": 0, "stage": 0}
        for name in "AB":
            major, el, descs = d[name]
            if descs is None:  # fp32x9: A in tensor memory (the TS UMMA)
                out[name] = {"major": major, "element": el, "tmem": True}
                continue
            out[name] = {"major": major, "element": el, "k_blocks": [f"{v:#018x}" for v in descs]}
        out["idesc_"] = f"{d['idesc']:#010x}"
        out["idesc_of"] = ans.mainloop.mma_op.value
        if getattr(ans.mainloop, "block_scaled", False):
            out["idesc_kind"] = "InstrDescriptorBlockScaled"  # make_instr_desc_block_scaled
            out["idesc_sf_ids"] = {"a_sf_id_": d["idesc"] >> 29 & 3, "b_sf_id_": d["idesc"] >> 4 & 3}
        return out
    out = {"kind": "gmma", "k_block": 0, "stage": 0}
    for name, value, major, el in _gmma_descs(ans):
        if value is None:
            out[name] = {"registers": True}
            continue
        if isinstance(value, str):
            out[name] = {"refused": value, "major": major, "element": el}
            continue
        out[name] = {"value": f"{value:#018x}", "major": major, "element": el}
    return out
