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
    for nm, op, g, s, el, w in (
        ("tma_atom_A", ml.copy_a.value, "mA_gmem", "sA_layout", ml.element_a, "A"),
        ("tma_atom_B", ml.copy_b.value, "mB_gmem", "sB_layout", ml.element_b, "B"),
    ):
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
    obj("thread", name="mA", kind="tma_tensor", of="tma_atom_A", shape="(M,K)", modes="M,K")
    obj("thread", name="mB", kind="tma_tensor", of="tma_atom_B", shape="(N,K)", modes="N,K")
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
    return "\n".join(lines).rstrip("\n") + "\n"
