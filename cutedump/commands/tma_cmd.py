"""``cutedump tma``: make_tma_copy host-side: print(tma), the cuTensorMapEncodeTiled arguments, box and multicast."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors
from cutedump.algebra import fmt
from cutedump.atoms import tma as T
from cutedump.errors import CuteDumpError

EPILOG = """\b
Examples:
  cutedump tma --op SM90_TMA_LOAD --type half_t --gmem "(1024,256):(256,_1)" --smem "(_64,_32):(_32,_1)"
  cutedump tma --op SM90_TMA_LOAD_MULTICAST --type half_t --gmem "(1024,256):(_1,1024)" \\
       --smem "tile_to_shape(Sw<3,4,3> o _0 o (_64,_8):(_1,_64), (_128,_64))" --cluster 2
  cutedump tma --op SM90_TMA_LOAD --type half_t --gmem "(4096,4096):(4096,_1)" \\
       --smem "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))" --cta-tile "(_128,_64)" --format json
  cutedump tma --op SM90_TMA_STORE --type float --gmem "(512,512,8):(_1,512,262144)" --smem "(_64,_32):(_1,_64)"
  cutedump tma --op SM90_TMA_LOAD_MULTICAST --type half_t --gmem "(1024,256):(_1,1024)" \
       --smem "tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>, (_128,_64))" --cluster 2 --tma-partition --cta 1
SM100 (Blackwell): with --mma (a UMMA atom) the TMA is CuTe's make_tma_atom_A/B_sm100 (--operand A|B, --mma-tiler,
--cluster-shape) or, with --tiled-copy, make_tma_copy_A/B/C_sm100; --smem defaults to the tutorials'
UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<T>, partition_shape_A(mma, tile)) and --type to the MMA's:
  cutedump tma --op SM100_TMA_2SM_LOAD_MULTICAST --mma "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,K,K>" \\
       --operand A --gmem "(512,256):(256,_1)" --cluster-shape "(4,4,1)" --tma-partition --cta 7 --cta-coord "(1,0)"
  cutedump tma --op SM90_TMA_LOAD_MULTICAST --mma "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>" \\
       --operand B --gmem "(1024,256):(256,_1)" --mma-tiler "(_128,_256,_64)" --cluster-shape "(2,4,1)" --format json
  cutedump tma --op SM100_TMA_2SM_LOAD --mma "SM100_MMA_TF32_2x1SM_SS<tfloat32_t,tfloat32_t,float,256,128,K,MN>" \\
       --operand B --gmem "(4096,1024):(_1,4096)" --tiled-copy
  cutedump tma --op SM90_TMA_STORE --mma "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,K,K>" --operand C \\
       --type float --gmem "(1024,1024):(_1,1024)" --tiled-copy
The first block is CuTe's print(tma), byte-exact; then the exact arguments CuTe passes to cuTensorMapEncodeTiled
(--format json: "tiled_copy" and "tensor_map"), then the box, the swizzle mode and why, instructions per tile and
the multicast split. Inputs TMA cannot do get CuTe's assert or static_assert text.
"""


@click.command("tma", epilog=EPILOG)
@click.option("--op", required=True, help="SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST, SM90_TMA_STORE, SM90_TMA_REDUCE_ADD, "
              "SM100_TMA_2SM_LOAD(_MULTICAST) (through make_tma_copy, cluster of 2 or more).")
@click.option("--type", "value_type", help="Element type of the gmem tensor, e.g. half_t (with --mma: the MMA's "
              "type of the operand).")
@click.option("--gmem", required=True, help='The gmem layout shape:stride (elements), e.g. "(1024,256):(256,_1)".')
@click.option("--smem", help="The smem layout of one CTA tile: a layout, a swizzled layout "
              "(Sw<3,4,3> o _0 o L, composition(Swizzle<3,4,3>, L)) or a tile_to_shape(...) of one, e.g. of "
              "GMMA::Layout_K_SW128_Atom<half_t>. Modes beyond --cta-tile are pipeline stages: the TMA is built from "
              "stage 0 (the Hopper tutorial's sA(_,_,0)) and --tma-partition keeps them. With --mma: the "
              "((MMA_M,MMA_K),NumMma_M,NumMma_K) layout, e.g. UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>, "
              "((_128,_16),_1,_4)) (the default, SW128 in the UMMA atom's major).")
@click.option("--cta-tile", help="The CTA tile over the gmem modes (default: the smem layout's shape).")
@click.option("--cluster", type=int, default=1, show_default=True, help="Multicast size (CTAs sharing each box).")
@click.option("--tma-partition", "partition", is_flag=True, help="Add tma_partition of one CTA's gmem tile (local_tile of the TMA "
              "coordinate tensor at --cta-coord) and of the smem tile.")
@click.option("--cta-coord", help='The local_tile coordinate of the CTA tile, e.g. "(3,_)" (default: 0 in every '
              "tile-count mode but the last, which stays _).")
@click.option("--cta", type=int, default=None, help="The CTA's rank in the multicast (cluster > 1; default 0).")
@click.option("--smem-address", default="0", show_default=True, help="Byte address of the smem tile (for the "
              "printed smem pointers).")
@click.option("--mma", help="SM100: the UMMA atom of the TiledMMA, e.g. "
              "\"SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,K,K>\" (make_tma_atom_A/B_sm100).")
@click.option("--atom-layout", help="SM100: the TiledMMA's atom layout, e.g. \"(_2,_1)\" (default one atom).")
@click.option("--operand", type=click.Choice(["A", "B", "C"], case_sensitive=False), default="A", show_default=True,
              help="SM100: which operand's TMA (C: make_tma_copy_C_sm100).")
@click.option("--mma-tiler", help="SM100: the MMA tiler (TILE_M,TILE_N,TILE_K) (default: the TiledMMA's tile with 4 "
              "MMAs along K, as the tutorials).")
@click.option("--cluster-shape", help="SM100: the cluster shape (ClusterM,ClusterN,ClusterK), static, e.g. (4,4,1) "
              "(default (1,1,1), (2,1,1) for a 2SM atom); A multicasts over ClusterN, B over ClusterM.")
@click.option("--tiled-copy", is_flag=True, help="SM100: make_tma_copy_A/B/C_sm100 (a TiledCopy) instead of "
              "make_tma_atom_A/B_sm100.")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True)
@handle_errors
def tma_cmd(op, value_type, gmem, smem, cta_tile, cluster, partition, cta_coord, cta, smem_address, mma, atom_layout,
            operand, mma_tiler, cluster_shape, tiled_copy, fmt_):
    """make_tma_copy(op, gmem tensor, smem layout, CTA tile, cluster) as CuTe computes it on the host; with --mma, the
    SM100 makers (make_tma_atom_A/B_sm100, make_tma_copy_A/B/C_sm100)."""
    if mma is not None:
        return _sm100(op, value_type, gmem, smem, cta_tile, cluster, partition, cta_coord, cta, smem_address, mma,
                      atom_layout, operand.upper(), mma_tiler, cluster_shape, tiled_copy, fmt_)
    sm100_only = [n for n, v in (("--atom-layout", atom_layout), ("--mma-tiler", mma_tiler),
                                 ("--cluster-shape", cluster_shape), ("--tiled-copy", tiled_copy or None)) if v]
    if sm100_only:
        raise CuteDumpError(f"{', '.join(sm100_only)}: SM100 options, they need --mma (a UMMA atom)")
    if value_type is None or smem is None:
        raise CuteDumpError(f"Missing option '{'--type' if value_type is None else '--smem'}' (Hopper's make_tma_copy "
                            "needs --type, --gmem and --smem)")
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
    if fmt_ == "json":
        import json
        d = T.to_json(r)
        if part is not None:
            d["partition"] = {"gA": part.gA, "sA": part.sA, "tAgA": part.tAgA, "tAsA": part.tAsA}
        click.echo(json.dumps(d))
        return
    smem_txt = str(r.smem)
    if r.smem_full is not None and r.smem_full is not r.smem_layout and str(r.smem_full) != str(r.smem_layout):
        n = len(r.cta_tiler) if isinstance(r.cta_tiler, tuple) else 1
        smem_txt = f"sA{fmt(tuple(['_'] * n + ['0'] * (len(r.smem_full.shape) - n))).replace(' ', '')} with sA = {smem_txt}"
    out = [f"make_tma_copy({r.op}{{}}, make_tensor(gmem_ptr<{r.value_type}>, {r.gmem}), {smem_txt}, "
           f"{fmt(r.cta_tiler)}, Int<{r.cluster}>{{}})", "",
           "print(tma):", r.tiled_copy_str().rstrip("\n"), ""] + _tensor_map_lines(r) + [""]
    out += T.explain(r)
    out += ["", f"tma.get_tma_tensor(shape(gmem)): {r.tma_tensor_str()}"]
    if part is not None:
        out += ["", "tma_partition (mA = tma.get_tma_tensor(shape(gmem)); gA = local_tile(mA, cta_tile, cta_coord)):",
                f"  gA:   {part.gA}", f"  sA:   {part.sA}", f"  tAgA: {part.tAgA}", f"  tAsA: {part.tAsA}",
                f"  ((TMA,TMA_Iter), ...): each of the {part.tma_iter} TMA_Iter steps is one TMA instruction"]
    click.echo("\n".join(out))



def _addr(smem_address: str) -> int:
    try:
        return int(smem_address, 0)
    except ValueError:
        raise CuteDumpError(f"--smem-address: expected a byte address such as 0 or 0x400, got {smem_address!r}")


def _sm100(op, value_type, gmem, smem, cta_tile, cluster, partition, cta_coord, cta, smem_address, mma, atom_layout,
           operand, mma_tiler, cluster_shape, tiled_copy, fmt_):
    from cutedump.atoms import tma_sm100 as S     # start-up: the UMMA catalog and TiledMMA only with --mma
    if cta_tile is not None or cluster != 1:
        raise CuteDumpError("--cta-tile and --cluster are Hopper's make_tma_copy; with --mma the tile is --mma-tiler "
                            "and the cluster --cluster-shape")
    tm = S.tiled_mma_sm100(mma, atom_layout)
    tiled = tiled_copy or operand == "C"
    if tiled and cluster_shape is not None:
        raise CuteDumpError(f"make_tma_copy_{operand}_sm100 takes no cluster shape (its multicast is the TiledMMA's "
                            "ThrLayoutVMNK); --cluster-shape is for make_tma_atom_A/B_sm100")
    if tiled and (partition or cta is not None or cta_coord is not None):
        raise CuteDumpError("--tma-partition follows the tutorials, which use make_tma_atom_A/B_sm100: leave out "
                            "--tiled-copy")
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
    if fmt_ == "json":
        import json
        d = S.to_json(t, smem_text, part)
        if part is not None:
            d["partition"]["cta_rank"] = cta or 0
        click.echo(json.dumps(d))
        return
    r = t.tma
    x = operand
    out = S.header(t, smem_text) + [""]
    if tiled:
        out += ["print(tma):", r.tiled_copy_str().rstrip("\n")]
    else:
        out += [f"print(tma_atom_{x}):", r.copy_atom_str().rstrip("\n")]
    out += [""] + _tensor_map_lines(r) + [""] + T.explain(r)
    name = "tma" if tiled else f"tma_atom_{x}"
    out += ["", f"{name}.get_tma_tensor(shape(gmem)): {r.tma_tensor_str()}"]
    if part is not None:
        mode = S.OPERANDS[x][2]
        out += ["", f"the tutorials' partition of CTA {cta or 0} of the cluster (cta_in_cluster_coord_vmnk "
                    f"{S.fmt_crd(part.cta_coord_vmnk)}), MMA tile (m,n) = {S.fmt_crd(part.mma_coord)}:",
                f"  m{x}:   {part.mA}",
                f"  g{x}:   {part.gA}   local_tile(m{x}, mma_tiler, (m,n,_), "
                f"{'Step<_1,X,_1>' if x == 'A' else 'Step<X,_1,_1>'})",
                f"  tCg{x}: {part.tCgA}   tiled_mma.get_slice(v).partition_{x}(g{x})",
                f"  tCs{x}: {part.tCsA}",
                f"  t{x}g{x}: {part.tAgA}",
                f"  t{x}s{x}: {part.tAsA}",
                ("  tma_partition(tma_atom_%s, get<%d>(cta_in_cluster_coord_vmnk), make_layout(size<%d>("
                 "cluster_layout_vmnk)), group_modes<0,3>(tCs%s), group_modes<0,3>(tCg%s))" % (x, mode, mode, x, x))
                if t.multicast else
                f"  tma_partition(tma_atom_{x}, Int<0>{{}}, Layout<_1>{{}}, group_modes<0,3>(tCs{x}), "
                f"group_modes<0,3>(tCg{x}))",
                f"  tma_mcast_mask_a: {part.masks['tma_mcast_mask_a']:#x}   create_tma_multicast_mask<2>",
                f"  tma_mcast_mask_b: {part.masks['tma_mcast_mask_b']:#x}   create_tma_multicast_mask<1>",
                f"  mma_mcast_mask_c: {part.masks['mma_mcast_mask_c']:#x}   create_tma_multicast_mask<0,1> | <0,2>",
                f"  tma transaction bytes of {x}: {part.transaction_bytes} = size<0>(cluster_layout_vmnk) * "
                f"sizeof(make_tensor_like(t{x}s{x}))"]
    click.echo("\n".join(out))


def _tensor_map_lines(r) -> list[str]:
    tm = r.tensor_map()
    lst = lambda v: "{" + ", ".join(str(x) for x in v) + "}"   # noqa: E731
    return ["cuTensorMapEncodeTiled arguments:",
            f"  tensorDataType  {tm['data_type']}",
            f"  tensorRank      {tm['rank']}",
            f"  globalDim       {lst(tm['global_dim'])}",
            f"  globalStrides   {lst(tm['global_strides'])}   (bytes, dims 1..rank-1; dim 0 is contiguous)",
            f"  boxDim          {lst(tm['box_dim'])}",
            f"  elementStrides  {lst(tm['element_strides'])}",
            f"  interleave      {tm['interleave']}",
            f"  swizzle         {tm['swizzle']}",
            f"  l2Promotion     {tm['l2_promotion']}",
            f"  oobFill         {tm['oob_fill']}"]
