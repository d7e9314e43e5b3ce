"""A built collective as a ``cutedump kernel`` description (TOML): the mainloop's smem layouts, TiledMMA, TMA atoms
and one thread's partitions, in the form of the Hopper tutorials' descriptions (cutedump/kernel/examples/), so that
``cutedump kernel`` dumps and audits what the CollectiveBuilder chose."""

from __future__ import annotations


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def kernel_toml(cfg, ans, problem=None, lang="en") -> str:
    """The SM90 collective as a kernel description; ``lang``: its [kernel] lang (the language `cutedump kernel`
    narrates it in unless told otherwise: --lang, CUTEDUMP_LANG)."""
    ml = ans.mainloop
    m, n, k = cfg.tile
    M, N, K = problem[:3] if problem else (m * 4, n * 4, k * 4)
    step_a = "Step<_2,_1,_3>{}" if not cfg.a_k_major else "Step<_1,_2,_3>{}"
    step_b = "Step<_2,_1,_3>{}" if not cfg.b_k_major else "Step<_1,_2,_3>{}"
    da = "(K,_1)" if cfg.a_k_major else "(_1,M)"
    db = "(K,_1)" if cfg.b_k_major else "(_1,N)"
    dc = "(N,_1)" if cfg.d.layout == "RowMajor" else "(_1,M)"
    ca, cb = cfg.cluster[1], cfg.cluster[0]
    dp = ans.fields["mainloop"]["dispatch_policy"]
    lines = [
        f"# CUTLASS 4.2 CollectiveBuilder<arch::Sm90, OpClassTensorOp, {cfg.a.element} {cfg.a.layout}, "
        f"{cfg.b.element} {cfg.b.layout}, {cfg.acc}, tile ({m},{n},{k}), cluster {dp['cluster_shape']}>:",
        f"# {dp['name']}<{dp['stages']}, {dp['cluster_shape']}, {dp['schedule']}>, {ml.mma_op.value}, written by "
        "`cutedump collective --toml`.",
        "# The mainloop's tensors and partitions of one thread of block (0,0), as the collective's load and mma build "
        "them.",
        "",
        "[kernel]",
        f"name = {_q('collective_sm90')}",
        f"title = {_q(f'CollectiveBuilder {cfg.a.element} x {cfg.b.element} -> {cfg.acc}, tile {m}x{n}x{k}')}",
        f"lang = {_q(lang)}",
        "",
        "[params]",
        f'M = "{M}"',
        f'N = "{N}"',
        f'K = "{K}"',
        f'bM = "_{m}"',
        f'bN = "_{n}"',
        f'bK = "_{k}"',
        f'bP = "_{dp["stages"]}"',
        "",
    ]

    def obj(table, **kv):
        lines.append(f"[[{table}]]")
        lines.extend(f"{key} = {_q(str(v))}" for key, v in kv.items())
        lines.append("")

    obj("objects", name="dA", kind="value", expr=da, modes="dM,dK")
    obj("objects", name="dB", kind="value", expr=db, modes="dN,dK")
    obj("objects", name="dC", kind="value", expr=dc, modes="dM,dN")
    obj("objects", name="cta_tiler", kind="value", expr="(bM,bN,bK)", modes="BLK_M,BLK_N,BLK_K")
    obj(
        "objects",
        name="sA_layout",
        kind="value",
        expr=f"tile_to_shape({ml.smem_atom_a.value}, (bM,bK,bP), {step_a})",
        modes="BLK_M,BLK_K,PIPE",
    )
    obj(
        "objects",
        name="sB_layout",
        kind="value",
        expr=f"tile_to_shape({ml.smem_atom_b.value}, (bN,bK,bP), {step_b})",
        modes="BLK_N,BLK_K,PIPE",
    )
    obj("objects", name="mma", kind="tiled_mma", atom=ml.mma_op.value, atom_layout=ml.atom_layout)
    obj("objects", name="mA_host", kind="tensor", memory="gmem", shape="(M,K)", stride="dA", modes="M,K")
    obj("objects", name="mB_host", kind="tensor", memory="gmem", shape="(N,K)", stride="dB", modes="N,K")
    for nm, op, cl, g, s, t, el in (
        ("tmaA", ml.copy_a.value, ca, "mA_host", "sA_layout", "(bM,bK)", ml.element_a),
        ("tmaB", ml.copy_b.value, cb, "mB_host", "sB_layout", "(bN,bK)", ml.element_b),
    ):
        kv = dict(name=nm, kind="tma_atom", op=op, type=el, gmem=g, smem=s, slice="(_,_,0)", tile=t)
        if cl > 1:
            kv["cluster"] = str(cl)
        obj("objects", **kv)
    obj("thread", name="mA", kind="tma_tensor", of="tmaA", shape="(M,K)", modes="M,K")
    obj("thread", name="mB", kind="tma_tensor", of="tmaB", shape="(N,K)", modes="N,K")
    obj("thread", name="mC", kind="tensor", memory="gmem", shape="(M,N)", stride="dC", modes="M,N")
    obj(
        "thread",
        name="gA",
        kind="local_tile",
        tensor="mA",
        tiler="cta_tiler",
        coord="(0,0,_)",
        step="(_1,X,_1)",
        modes="BLK_M,BLK_K,k",
    )
    obj(
        "thread",
        name="gB",
        kind="local_tile",
        tensor="mB",
        tiler="cta_tiler",
        coord="(0,0,_)",
        step="(X,_1,_1)",
        modes="BLK_N,BLK_K,k",
    )
    obj(
        "thread",
        name="gC",
        kind="local_tile",
        tensor="mC",
        tiler="cta_tiler",
        coord="(0,0,_)",
        step="(_1,_1,X)",
        modes="BLK_M,BLK_N",
    )
    obj("thread", name="sA", kind="tensor", memory="smem", layout="sA_layout", modes="BLK_M,BLK_K,PIPE")
    obj("thread", name="sB", kind="tensor", memory="smem", layout="sB_layout", modes="BLK_N,BLK_K,PIPE")
    obj("thread", name="tCsA", kind="partition", op="partition_A", of="mma", tensor="sA", modes="MMA,MMA_M,MMA_K,PIPE")
    obj("thread", name="tCsB", kind="partition", op="partition_B", of="mma", tensor="sB", modes="MMA,MMA_N,MMA_K,PIPE")
    obj("thread", name="tCgC", kind="partition", op="partition_C", of="mma", tensor="gC", modes="MMA,MMA_M,MMA_N")
    obj(
        "thread",
        name="tCrA",
        kind="partition",
        op="make_fragment_A",
        of="mma",
        tensor="tCsA",
        modes="MMA,MMA_M,MMA_K,PIPE",
    )
    obj(
        "thread",
        name="tCrB",
        kind="partition",
        op="make_fragment_B",
        of="mma",
        tensor="tCsB",
        modes="MMA,MMA_N,MMA_K,PIPE",
    )
    lines.append("# shared-memory writes for the audit: TMA writes one pipe stage per copy")
    obj("smem_copies", copy="tmaA", tensor="sA", direction="store", slice="(_,_,0)", what="TMA")
    obj("smem_copies", copy="tmaB", tensor="sB", direction="store", slice="(_,_,0)", what="TMA")
    return "\n".join(lines).rstrip("\n") + "\n"


def _umma_atom(op: str) -> str:
    """The UMMA atom as CuTe spells its template arguments (the collective's name has the majors bare: K, MN)."""
    name, _, args = op.partition("<")
    args = [f"UMMA::Major::{a}" if a in ("K", "MN") else a for a in args.rstrip(">").split(",")]
    return f"{name}<{', '.join(args)}>"


def kernel_toml_sm100(cfg, ans, problem=None, lang="en") -> str:
    """The SM100 collective (CollectiveMma<MainloopSm100TmaUmmaWarpSpecialized>) in the form of the Blackwell
    tutorials' descriptions (cutedump/kernel/examples/sm100_*.toml): the TiledMMA, the smem layouts with their stage
    mode (UMMA::tile_to_mma_shape of the chosen atoms), the cluster's VMNK layout, the TMA atoms of stage 0
    (make_tma_atom_A/B_sm100) and the partitions of CTA (0,0)."""
    from cutedump.collective.sm100 import smem_layout_expr  # start-up: only for --toml

    ml = ans.mainloop
    m, n, k = cfg.tile
    M, N, K = problem[:3] if problem else (m * 4, n * 4, k * 4)
    st = ml.stages.value
    dp = ans.fields["mainloop"]["dispatch_policy"]
    da = "(K,_1)" if cfg.a_k_major else "(_1,M)"
    db = "(K,_1)" if cfg.b_k_major else "(_1,N)"
    dc = "(N,_1)" if cfg.d.layout == "RowMajor" else "(_1,M)"
    lines = [
        f"# CUTLASS 4.2 CollectiveBuilder<arch::Sm100, OpClassTensorOp, {cfg.a.element} {cfg.a.layout}, "
        f"{cfg.b.element} {cfg.b.layout}, {cfg.acc}, tile ({m},{n},{k}), cluster {dp['cluster_shape']}>:",
        f"# {dp['name']}<{st}, 2, {ml.acc_stages}, {dp['cluster_shape']}>, written by `cutedump collective --toml`.",
        "# The collective's TiledMMA, smem layouts (stage mode last) and TMA atoms (stage 0), and the partitions of "
        "CTA (0,0).",
        "",
        "[kernel]",
        f"name = {_q('collective_sm100')}",
        f"title = {_q(f'CollectiveBuilder {cfg.a.element} x {cfg.b.element} -> {cfg.acc}, tile {m}x{n}x{k}')}",
        f"lang = {_q(lang)}",
        "",
        "[params]",
        f'M = "{M}"',
        f'N = "{N}"',
        f'K = "{K}"',
        f'bM = "_{m}"',
        f'bN = "_{n}"',
        f'bK = "_{k}"',
        "ClusterM = " + _q(f"_{cfg.cluster[0]}"),
        "ClusterN = " + _q(f"_{cfg.cluster[1]}"),
        "",
    ]

    def obj(table, **kv):
        lines.append(f"[[{table}]]")
        lines.extend(f"{key} = {str(v).lower() if isinstance(v, bool) else _q(str(v))}" for key, v in kv.items())
        lines.append("")

    obj("objects", name="dA", kind="value", expr=da, modes="dM,dK")
    obj("objects", name="dB", kind="value", expr=db, modes="dN,dK")
    obj("objects", name="dC", kind="value", expr=dc, modes="dM,dN")
    obj("objects", name="tiled_mma", kind="tiled_mma", atom=_umma_atom(ml.mma_op.value))
    obj("objects", name="mma_tiler", kind="value", expr="make_shape(bM, bN, bK)", modes="MMA_M,MMA_N,MMA_K")
    obj(
        "objects",
        name="sA_layout",
        kind="value",
        expr=smem_layout_expr(ml.smem_atom_a.value, ml.shape_a, st, ml.major_a == "MN"),
        modes="MmaA,NumMma_M,NumMma_K,PIPE",
    )
    obj(
        "objects",
        name="sB_layout",
        kind="value",
        expr=smem_layout_expr(ml.smem_atom_b.value, ml.shape_b, st, ml.major_b == "MN"),
        modes="MmaB,NumMma_N,NumMma_K,PIPE",
    )
    obj("objects", name="AtomThrID", kind="mma_query", of="tiled_mma", method="AtomThrID", show=False)
    obj(
        "objects",
        name="cluster_layout_vmnk",
        kind="value",
        expr="tiled_divide(make_layout(make_shape(ClusterM, ClusterN, Int<1>{})), make_tile(AtomThrID))",
        modes="V,M,N,K",
    )
    obj("objects", name="mA_gmem", kind="tensor", memory="gmem", shape="(M,K)", stride="dA", modes="M,K")
    obj("objects", name="mB_gmem", kind="tensor", memory="gmem", shape="(N,K)", stride="dB", modes="N,K")
    bs = getattr(ml, "block_scaled", False)
    # bstoml: a block-scaled collective's TMA element is its data type (TmaInternalElementA); a 4/6-bit one is a
    # packed TMA format (16U4/16U6) cutedump does not model: that TMA atom is left out, its tensor a gmem tensor
    el_a, el_b = (ml.data_a, ml.data_b) if bs else (ml.element_a, ml.element_b)
    no_tma = {w for w, el in (("A", el_a), ("B", el_b)) if bs and _bits(el) < 8}
    for nm, op, g, s, el, w in (
        ("tma_atom_A", ml.copy_a.value, "mA_gmem", "sA_layout", el_a, "A"),
        ("tma_atom_B", ml.copy_b.value, "mB_gmem", "sB_layout", el_b, "B"),
    ):
        if w in no_tma:
            lines.append(
                f"# {nm}: make_tma_atom_{w}_sm100 of {el} (a packed 4/6-bit TMA format, not modelled): left out;"
            )
            lines.append(f"# m{w} below is a gmem tensor of the same shape")
            lines.append("")
            continue
        obj(
            "objects",
            name=nm,
            kind="tma_atom",
            op=op,
            type=el,
            gmem=g,
            smem=s,
            slice="(_,_,_,0)",
            tile="mma_tiler",
            operand=w,
            mma="tiled_mma",
            vmnk="cluster_layout_vmnk",
        )
    if bs:
        _sf_objects(obj, cfg, ml, st)
    for w, mn, d in (("A", "M", "dA"), ("B", "N", "dB")):
        if w in no_tma:
            obj("thread", name=f"m{w}", kind="tensor", memory="gmem", shape=f"({mn},K)", stride=d, modes=f"{mn},K")
        else:
            obj("thread", name=f"m{w}", kind="tma_tensor", of=f"tma_atom_{w}", shape=f"({mn},K)", modes=f"{mn},K")
    obj("thread", name="mC", kind="tensor", memory="gmem", shape="(M,N)", stride="dC", modes="M,N")
    for nm, t, step, modes in (
        ("gA", "mA", "(_1,X,_1)", "MmaTile_M,MmaTile_K,Tiles_K"),
        ("gB", "mB", "(X,_1,_1)", "MmaTile_N,MmaTile_K,Tiles_K"),
        ("gC", "mC", "(_1,_1,X)", "MmaTile_M,MmaTile_N"),
    ):
        obj("thread", name=nm, kind="local_tile", tensor=t, tiler="mma_tiler", coord="(0,0,_)", step=step, modes=modes)
    obj("thread", name="sA", kind="tensor", memory="smem", layout="sA_layout", modes="MmaA,NumMma_M,NumMma_K,PIPE")
    obj("thread", name="sB", kind="tensor", memory="smem", layout="sB_layout", modes="MmaB,NumMma_N,NumMma_K,PIPE")
    obj("thread", name="tCgA", kind="partition", op="partition_A", of="tiled_mma", thr="0", tensor="gA",
        modes="MmaA,NumMma_M,NumMma_K,Tiles_K")  # fmt: skip
    obj("thread", name="tCgB", kind="partition", op="partition_B", of="tiled_mma", thr="0", tensor="gB",
        modes="MmaB,NumMma_N,NumMma_K,Tiles_K")  # fmt: skip
    obj("thread", name="tCrA", kind="partition", op="make_fragment_A", of="tiled_mma", thr="0", tensor="sA",
        modes="MmaA,NumMma_M,NumMma_K,PIPE")  # fmt: skip
    obj("thread", name="tCrB", kind="partition", op="make_fragment_B", of="tiled_mma", thr="0", tensor="sB",
        modes="MmaB,NumMma_N,NumMma_K,PIPE")  # fmt: skip
    if bs:  # the SF TMA coordinate tensors and the SF fragments in TMEM (init_tmem_tensors)
        for w, mn in (("A", "M"), ("B", "N")):
            obj("thread", name=f"mSF{w}", kind="tma_tensor", of=f"tma_load_sf{w.lower()}",
                shape=f"shape(layout_SF{w})", modes=f"{mn},K,L")  # fmt: skip
        for w, mn in (("A", "M"), ("B", "N")):
            obj("thread", name=f"tCtSF{w}", kind="sf_fragment", of="tiled_mma", operand=w,
                layout=f"SmemLayoutAtomSF{w}", modes=f"MMA,MMA_{mn},MMA_K")  # fmt: skip
    return "\n".join(lines).rstrip("\n") + "\n"


def _bits(el: str) -> int:
    from cutedump.atoms.types import value_type_bits  # start-up: only for --toml

    return value_type_bits(el)


def sf_mma_op(cfg, ml) -> str:
    """TiledMma::MMA_ScaleFactor of a block-scaled collective's UMMA (the 1-SM atom TiledMMA_SF partitions SFB with):
    M (2SM: M/2 > 64 ? M/2 : M), N round_up(N, 128), the collective's data types and majors."""
    m, n, _k = cfg.tile
    msf = (m // 2 if m // 2 > 64 else m) if ml.is_2sm else m
    nsf = -(-n // 128) * 128
    fam = "MXF8F6F4" if "MXF8F6F4" in ml.mma_op.value else "MXF4"
    vs_arg = "" if fam == "MXF8F6F4" else f",{ml.sf_vec_size}"
    return (
        f"SM100_MMA_{fam}_SS<{ml.data_a},{ml.data_b},{cfg.acc},{ml.sf_type},{msf},{nsf}{vs_arg},"
        f"{ml.major_a},{ml.major_b}>"
    )


def tile_shape_sf(cfg, ml) -> tuple:
    """TileShape_SF: (CTA M, round_up(CTA N, 128), TILE K), the tile SFB's TMA and partition take."""
    m, n, k = cfg.tile
    return (m // (2 if ml.is_2sm else 1), -(-n // 128) * 128, k)


def _sf_objects(obj, cfg, ml, st):
    """The block-scaled mainloop's scale-factor objects (sm100_blockscaled_mma_warpspecialized.hpp): layout_SFA/SFB
    of the problem, SmemLayoutAtomSFA/SFB (deduce_smem_layoutSFA/SFB) with the stages appended, TiledMMA_SF and
    TileShape_SF, the SF TMA atoms (make_tma_atom_A/B_sm100<uint16_t>) over their cluster layouts."""
    config = f"cutlass::detail::Sm1xxBlockScaledConfig<{ml.sf_vec_size}>"
    for w, mn in (("A", "M"), ("B", "N")):
        obj("objects", name=f"layout_SF{w}", kind="scale_layout", config=config, fn=f"tile_atom_to_shape_SF{w}",
            shape="make_shape(M, N, K, 1)", modes=f"{mn},K,L")  # fmt: skip
    for w, mn in (("A", "M"), ("B", "N")):
        obj("objects", name=f"SmemLayoutAtomSF{w}", kind="scale_layout", config=config,
            fn=f"deduce_smem_layoutSF{w}", mma="tiled_mma", tile="mma_tiler", modes=f"MMA,MMA_{mn},MMA_K")  # fmt: skip
        a = f"SmemLayoutAtomSF{w}"
        obj("objects", name=f"SmemLayoutSF{w}", kind="value",
            expr=f"make_layout(append(shape({a}), Int<{st}>{{}}), append(stride({a}), size(filter_zeros({a}))))",
            modes=f"MMA,MMA_{mn},MMA_K,PIPE")  # fmt: skip
    obj("objects", name="tiled_mma_sf", kind="tiled_mma", atom=_umma_atom(sf_mma_op(cfg, ml)))
    obj("objects", name="AtomThrID_SF", kind="mma_query", of="tiled_mma_sf", method="AtomThrID", show=False)
    obj("objects", name="cluster_layout_sfb_vmnk", kind="value",
        expr="tiled_divide(make_layout(make_shape(ClusterM, ClusterN, Int<1>{})), make_tile(AtomThrID_SF))",
        modes="V,M,N,K")  # fmt: skip
    cm, cn, ck = tile_shape_sf(cfg, ml)
    obj("objects", name="TileShape_SF", kind="value", expr=f"make_shape(_{cm}, _{cn}, _{ck})",
        modes="SF_M,SF_N,SF_K")  # fmt: skip
    for w in "AB":
        obj("objects", name=f"tensor_sf{w.lower()}", kind="tensor", memory="gmem", layout=f"layout_SF{w}",
            show=False)  # fmt: skip
    for w, op, tile, mma, vmnk in (
        ("A", ml.copy_sfa.value, "mma_tiler", "tiled_mma", "cluster_layout_vmnk"),
        ("B", ml.copy_sfb.value, "TileShape_SF", "tiled_mma_sf", "cluster_layout_sfb_vmnk"),
    ):
        obj("objects", name=f"tma_load_sf{w.lower()}", kind="tma_atom", op=op, type=ml.sf_type, tma_type="uint16_t",
            gmem=f"tensor_sf{w.lower()}", smem=f"SmemLayoutSF{w}", slice="(_,_,_,_0)", tile=tile, operand=w,
            mma=mma, vmnk=vmnk)  # fmt: skip
