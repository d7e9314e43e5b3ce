"""The answers of ``cutedump tma`` (declarations/tma.py declares its options), without click: the click command and
the console entry's fast path (cutedump/entry.py) print them."""

from __future__ import annotations

from cutedump.algebra import fmt
from cutedump.atoms import tma as T
from cutedump.dumps.tma_reading import reading
from cutedump.errors import CuteDumpError
from cutedump.versions import json_answer


def tma_text(
    op,
    value_type,
    gmem,
    smem,
    cta_tile,
    cluster,
    partition,
    cta_coord,
    cta,
    smem_address,
    mma,
    atom_layout,
    operand,
    mma_tiler,
    cluster_shape,
    tiled_copy,
    lower_corner,
    upper_corner,
    traversal_stride,
    fmt_,
    lang="en",
) -> str:
    """make_tma_copy(op, gmem tensor, smem layout, CTA tile, cluster) as CuTe computes it on the host; with --mma, the
    SM100 makers (make_tma_atom_A/B_sm100, make_tma_copy_A/B/C_sm100)."""
    sm100_only = [
        n
        for n, v in (
            ("--atom-layout", atom_layout),
            ("--mma-tiler", mma_tiler),
            ("--cluster-shape", cluster_shape),
            ("--tiled-copy", tiled_copy or None),
        )
        if v
    ]
    if sm100_only and mma is None:
        raise CuteDumpError(f"{', '.join(sm100_only)}: SM100 options, they need --mma (a UMMA atom)")
    im2col = op.startswith("SM90_TMA_LOAD_IM2COL")
    if not im2col and (lower_corner is not None or upper_corner is not None or traversal_stride is not None):
        raise CuteDumpError(
            "--lower-corner, --upper-corner and --traversal-stride go with the im2col ops "
            "(SM90_TMA_LOAD_IM2COL, SM90_TMA_LOAD_IM2COL_MULTICAST)"
        )
    if mma is not None:
        if im2col:
            raise CuteDumpError("--mma goes with the SM100 makers (make_tma_atom_A/B_sm100), not with the im2col ops")
        return _sm100(
            op,
            value_type,
            gmem,
            smem,
            cta_tile,
            cluster,
            partition,
            cta_coord,
            cta,
            smem_address,
            mma,
            atom_layout,
            operand.upper(),
            mma_tiler,
            cluster_shape,
            tiled_copy,
            fmt_,
            lang,
        )
    if value_type is None or smem is None:
        raise CuteDumpError(
            f"Missing option '{'--type' if value_type is None else '--smem'}' (Hopper's make_tma_copy "
            "needs --type, --gmem and --smem)"
        )
    if im2col:
        return _im2col(
            op,
            value_type,
            gmem,
            smem,
            cta_tile,
            cluster,
            partition or cta_coord is not None or cta is not None,
            lower_corner,
            upper_corner,
            traversal_stride,
            fmt_,
        )
    r = T.make_tma(op, value_type, T.parse_gmem(gmem), T.parse_smem(smem), T.parse_tile(cta_tile), cluster)
    part = None
    if partition or cta_coord is not None or cta is not None:
        if not partition:
            raise CuteDumpError("--cta-coord and --cta need --tma-partition")
        try:
            addr = int(smem_address, 0)
        except ValueError:
            raise CuteDumpError(f"--smem-address: expected a byte address such as 0 or 0x400, got {smem_address!r}")
        if cta is not None and cluster == 1:
            raise CuteDumpError("--cta is the CTA's rank in a multicast: it needs --cluster > 1")
        part = T.tma_partition(r, T.parse_coord(cta_coord), cta if cluster > 1 else None, addr)
        from cutedump.algebra.swizzle import warn_misaligned  # start-up: on demand

        warn_misaligned(r.swizzle, addr)
    if fmt_ == "json":
        d = T.to_json(r)
        if part is not None:
            d["partition"] = {"gA": part.gA, "sA": part.sA, "tAgA": part.tAgA, "tAsA": part.tAsA}
        return json_answer(d)
    smem_txt = str(r.smem)
    if r.smem_full is not None and r.smem_full is not r.smem_layout and str(r.smem_full) != str(r.smem_layout):
        n = len(r.cta_tiler) if isinstance(r.cta_tiler, tuple) else 1
        smem_txt = (
            f"sA{fmt(tuple(['_'] * n + ['0'] * (len(r.smem_full.shape) - n))).replace(' ', '')} with sA = {smem_txt}"
        )
    out = (
        [
            f"make_tma_copy({r.op}{{}}, make_tensor(gmem_ptr<{r.value_type}>, {r.gmem}), {smem_txt}, "
            f"{fmt(r.cta_tiler)}, Int<{r.cluster}>{{}})",
            "",
            "print(tma):",
            r.tiled_copy_str().rstrip("\n"),
            "",
        ]
        + _tensor_map_lines(r)
        + [""]
    )
    out += reading(r, lang)
    out += ["", f"tma.get_tma_tensor(shape(gmem)): {r.tma_tensor_str()}"]
    if part is not None:
        out += [
            "",
            "tma_partition (mA = tma.get_tma_tensor(shape(gmem)); gA = local_tile(mA, cta_tile, cta_coord)):",
            f"  gA:   {part.gA}",
            f"  sA:   {part.sA}",
            f"  tAgA: {part.tAgA}",
            f"  tAsA: {part.tAsA}",
            f"  ((TMA,TMA_Iter), ...): each of the {part.tma_iter} TMA_Iter steps is one TMA instruction",
        ]
    return "\n".join(out) + "\n"


def _addr(smem_address: str) -> int:
    try:
        return int(smem_address, 0)
    except ValueError:
        raise CuteDumpError(f"--smem-address: expected a byte address such as 0 or 0x400, got {smem_address!r}")


def _sm100(
    op,
    value_type,
    gmem,
    smem,
    cta_tile,
    cluster,
    partition,
    cta_coord,
    cta,
    smem_address,
    mma,
    atom_layout,
    operand,
    mma_tiler,
    cluster_shape,
    tiled_copy,
    fmt_,
    lang="en",
):
    from cutedump.atoms import tma_sm100 as S  # start-up: the UMMA catalog and TiledMMA only with --mma

    if cta_tile is not None or cluster != 1:
        raise CuteDumpError(
            "--cta-tile and --cluster are Hopper's make_tma_copy; with --mma the tile is --mma-tiler "
            "and the cluster --cluster-shape"
        )
    tm = S.tiled_mma_sm100(mma, atom_layout)
    tiled = tiled_copy or operand == "C"
    if tiled and cluster_shape is not None:
        raise CuteDumpError(
            f"make_tma_copy_{operand}_sm100 takes no cluster shape (its multicast is the TiledMMA's "
            "ThrLayoutVMNK); --cluster-shape is for make_tma_atom_A/B_sm100"
        )
    if tiled and (partition or cta is not None or cta_coord is not None):
        raise CuteDumpError(
            "--tma-partition follows the tutorials, which use make_tma_atom_A/B_sm100: leave out --tiled-copy"
        )
    tiler = S.default_tiler(tm) if mma_tiler is None else S.parse_shape(mma_tiler, "--mma-tiler", "(_256,_256,_64)")
    vt = value_type or S.operand_type(tm, operand)
    smem_text = smem if smem is not None else S.default_smem_text(tm, operand, tiler, vt)
    cs = None if cluster_shape is None else S.parse_shape(cluster_shape, "--cluster-shape", "(4,4,1)")
    t = S.make_tma_sm100(operand, op, vt, T.parse_gmem(gmem), T.parse_smem(smem_text), tiler, tm, cs, tiled=tiled)
    part = None
    if partition or cta is not None or cta_coord is not None:
        if not partition:
            raise CuteDumpError("--cta-coord and --cta need --tma-partition")
        crd = T.parse_coord(cta_coord) if cta_coord is not None else (0, 0)
        if not isinstance(crd, tuple) or len(crd) != 2 or any(not isinstance(c, int) for c in crd):
            raise CuteDumpError(f"--cta-coord: with --mma, the MMA tile coordinate (m,n), e.g. (1,0); got {cta_coord}")
        part = S.tma_partition_sm100(t, cta or 0, crd, _addr(smem_address))
        from cutedump.algebra.swizzle import warn_misaligned  # start-up: on demand

        warn_misaligned(t.tma.swizzle, _addr(smem_address))
    if fmt_ == "json":
        d = S.to_json(t, smem_text, part)
        if part is not None:
            d["partition"]["cta_rank"] = cta or 0
        return json_answer(d)
    r = t.tma
    x = operand
    out = S.header(t, smem_text) + [""]
    if tiled:
        out += ["print(tma):", r.tiled_copy_str().rstrip("\n")]
    else:
        out += [f"print(tma_atom_{x}):", r.copy_atom_str().rstrip("\n")]
    modes = {"A": "MMA_M,MMA_K", "B": "MMA_N,MMA_K", "C": "MMA_M,MMA_N"}[x]
    out += [""] + _tensor_map_lines(r) + [""] + reading(r, lang, (t.tiler, modes))
    name = "tma" if tiled else f"tma_atom_{x}"
    out += ["", f"{name}.get_tma_tensor(shape(gmem)): {r.tma_tensor_str()}"]
    if part is not None:
        mode = S.OPERANDS[x][2]
        out += [
            "",
            f"the tutorials' partition of CTA {cta or 0} of the cluster (cta_in_cluster_coord_vmnk "
            f"{S.fmt_crd(part.cta_coord_vmnk)}), MMA tile (m,n) = {S.fmt_crd(part.mma_coord)}:",
            f"  m{x}:   {part.mA}",
            f"  g{x}:   {part.gA}   local_tile(m{x}, mma_tiler, (m,n,_), "
            f"{'Step<_1,X,_1>' if x == 'A' else 'Step<X,_1,_1>'})",
            f"  tCg{x}: {part.tCgA}   tiled_mma.get_slice(v).partition_{x}(g{x})",
            f"  tCs{x}: {part.tCsA}",
            f"  t{x}g{x}: {part.tAgA}",
            f"  t{x}s{x}: {part.tAsA}",
            (
                "  tma_partition(tma_atom_%s, get<%d>(cta_in_cluster_coord_vmnk), make_layout(size<%d>("
                "cluster_layout_vmnk)), group_modes<0,3>(tCs%s), group_modes<0,3>(tCg%s))" % (x, mode, mode, x, x)
            )
            if t.multicast
            else f"  tma_partition(tma_atom_{x}, Int<0>{{}}, Layout<_1>{{}}, group_modes<0,3>(tCs{x}), "
            f"group_modes<0,3>(tCg{x}))",
            f"  tma_mcast_mask_a: {part.masks['tma_mcast_mask_a']:#x}   create_tma_multicast_mask<2>",
            f"  tma_mcast_mask_b: {part.masks['tma_mcast_mask_b']:#x}   create_tma_multicast_mask<1>",
            f"  mma_mcast_mask_c: {part.masks['mma_mcast_mask_c']:#x}   create_tma_multicast_mask<0,1> | <0,2>",
            f"  tma transaction bytes of {x}: {part.transaction_bytes} = size<0>(cluster_layout_vmnk) * "
            f"sizeof(make_tensor_like(t{x}s{x}))",
        ]
    return "\n".join(out) + "\n"


def _tensor_map_lines(r) -> list[str]:
    tm = r.tensor_map()
    lst = lambda v: "{" + ", ".join(str(x) for x in v) + "}"  # noqa: E731
    return [
        "cuTensorMapEncodeTiled arguments:",
        f"  tensorDataType  {tm['data_type']}",
        f"  tensorRank      {tm['rank']}",
        f"  globalDim       {lst(tm['global_dim'])}",
        f"  globalStrides   {lst(tm['global_strides'])}   (bytes, dims 1..rank-1; dim 0 is contiguous)",
        f"  boxDim          {lst(tm['box_dim'])}",
        f"  elementStrides  {lst(tm['element_strides'])}",
        f"  interleave      {tm['interleave']}",
        f"  swizzle         {tm['swizzle']}",
        f"  l2Promotion     {tm['l2_promotion']}",
        f"  oobFill         {tm['oob_fill']}",
    ]


def _im2col(op, value_type, gmem, smem, cta_tile, cluster, partition, lower, upper, trav, fmt_):
    """make_im2col_tma_copy (cutedump.atoms.tma_im2col)."""
    from cutedump.atoms import tma_im2col as I  # start-up: only im2col needs it

    if partition:
        raise CuteDumpError(
            "--tma-partition, --cta-coord and --cta are not modelled for im2col TMA (its TMA tensor is not modelled)"
        )
    corners = [
        T._eval(v, name) if v is not None else None
        for v, name in ((lower, "--lower-corner"), (upper, "--upper-corner"), (trav, "--traversal-stride"))
    ]
    r = I.make_im2col(op, value_type, T.parse_gmem(gmem), T.parse_smem(smem), T.parse_tile(cta_tile), cluster, *corners)
    if fmt_ == "json":
        return json_answer(I.to_json(r))
    tm = r.tensor_map()
    lst = lambda v: "{" + ", ".join(str(x) for x in v) + "}"  # noqa: E731
    out = [
        f"make_im2col_tma_copy({r.op}{{}}, make_tensor(gmem_ptr<{r.value_type}>, {r.gmem}), {r.smem}, "
        f"{fmt(r.cta_tiler)}, Int<{r.cluster}>{{}}, lower_corner {lst(r.lower_corner)}, upper_corner "
        f"{lst(r.upper_corner)}, ..., stride_whd {lst(r.element_strides[1:-1])}, ...)",
        "",
        "print(tma):",
        r.tiled_copy_str().rstrip("\n"),
        "",
        "cuTensorMapEncodeIm2col arguments:",
        f"  tensorDataType       {tm['data_type']}",
        f"  tensorRank           {tm['rank']}",
        f"  globalDim            {lst(tm['global_dim'])}   (C,W,...,N)",
        f"  globalStrides        {lst(tm['global_strides'])}   (bytes, dims 1..rank-1; dim 0 is contiguous)",
        f"  pixelBoxLowerCorner  {lst(tm['lower_corner'])}",
        f"  pixelBoxUpperCorner  {lst(tm['upper_corner'])}",
        f"  channelsPerPixel     {tm['channels_per_pixel']}",
        f"  pixelsPerColumn      {tm['pixels_per_column']}",
        f"  elementStrides       {lst(tm['element_strides'])}",
        f"  interleave           {tm['interleave']}",
        f"  swizzle              {tm['swizzle']}",
        f"  l2Promotion          {tm['l2_promotion']}",
        f"  oobFill              {tm['oob_fill']}",
        "",
    ]
    out += I.explain(r)
    return "\n".join(out) + "\n"
