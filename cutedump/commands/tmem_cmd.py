"""``cutedump tmem``: a UMMA accumulator in tensor memory and the tcgen05.ld/st copy that moves it."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors
from cutedump.errors import CuteDumpError
from cutedump.algebra import fmt, C, make_layout
from cutedump.atoms import tmem as T
from cutedump.atoms.cli_support import build_mma, parse_shape_arg
from cutedump.render.tmem_view import warp_picture

EPILOG = """\b
Examples:
  cutedump tmem "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>"
  cutedump tmem "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>" --copy SM100_TMEM_LOAD_32dp32b8x --thread 37
  cutedump tmem "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,K,K>" --shape "(_256,_256)" --copy SM100_TMEM_LOAD_16dp256b1x
  cutedump tmem "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,64,128,K,K>" --copy SM100_TMEM_STORE_16dp256b1x
--shape is the (M,N) tile given to partition_fragment_C (default: the TiledMMA's tile), static (_128) as CuTe needs.
The accumulator prints as CuTe prints a TMEM tensor; its columns are cutlass::detail::find_tmem_tensor_col_offset
and the allocator count the power of two TMEM::Allocator1Sm/2Sm::allocate takes. With --copy: make_tmem_copy,
one thread's partition_S (a TMEM tensor: lane.column address) and partition_D, and a picture of which warp
reads which lanes (each warp reaches only its own 32-lane subpartition).
"""


@click.command("tmem", epilog=EPILOG)
@click.argument("atom")
@click.option("--atom-layout", help='Atom layout (M,N[,K]), e.g. "(_2,_1)" (default 1x1x1).')
@click.option("--shape", "shape_", help='The (M,N) tile of partition_fragment_C, e.g. "(_128,_256)".')
@click.option("--copy", "copy_op", help="A SM100_TMEM_LOAD_* / SM100_TMEM_STORE_* operation for make_tmem_copy.")
@click.option("--thread", "thread", type=int, default=0, show_default=True, help="Thread of partition_S/D.")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True)
@handle_errors
def tmem_cmd(atom, atom_layout, shape_, copy_op, thread, fmt_):
    """The accumulator fragment of a UMMA in tensor memory, and a TMEM copy's thread partitions."""
    mma = build_mma(atom, atom_layout, None)
    if shape_ is None:
        shp = tuple(C(int(x)) for x in mma.tile_shape()[:2])
    else:
        shp = parse_shape_arg(shape_, "--shape")
        if not isinstance(shp, tuple) or len(shp) < 2:
            raise CuteDumpError(f"--shape takes an (M,N) tile, got {shape_.strip()!r}")
    acc = T.tmem_fragment_C(mma, shp)
    cols = acc.columns()
    lanes = acc.lanes()
    d = {"atom": mma.atom.name, "shape": fmt(shp), "accumulator": str(acc), "columns": cols,
         "allocate_columns": T.alloc_columns(cols) if cols <= T.CAPACITY_COLUMNS else None, "capacity_columns": T.CAPACITY_COLUMNS,
         "lanes": [list(x) for x in lanes]}
    try:
        alloc = f"TMEM::Allocator allocate({T.alloc_columns(cols)}) of Sm100TmemCapacityColumns = {T.CAPACITY_COLUMNS}"
    except CuteDumpError as e:
        alloc = f"does not fit: {e.message}"
    lines = [f"tCtAcc = partition_fragment_C(tiled_mma, {fmt(shp)}):", f"  {acc}",
             f"TMEM columns: {cols} (find_tmem_tensor_col_offset); {alloc}",
             "TMEM lanes: " + ", ".join(f"{a}-{b}" for a, b in lanes)]
    if copy_op is not None:
        tc = T.make_tmem_copy(copy_op, acc)
        n = int(tc.size())
        if not 0 <= thread < n:
            raise CuteDumpError(f"--thread {thread} is outside the TiledCopy's {n} threads")
        thr = tc.get_slice(thread)
        s_lay, s_off = thr.partition_S(acc.layout)
        d_lay, _ = thr.partition_D(make_layout(acc.layout.shape))
        src = acc.with_layout(s_lay, int(s_off))
        cells = T.tmem_copy_cells(tc, acc)
        warps = T.warp_lane_map(cells)
        d.update({"tiled_copy": tc.print_str(), "thread": thread, "partition_S": str(src),
                  "partition_D": str(d_lay),
                  "warps": [{"warp": w, "lanes": list(ln), "columns": list(cl), "cells": k} for w, ln, cl, k in warps]})
        lines += [f"make_tmem_copy({copy_op}{{}}, tCtAcc):", tc.print_str().rstrip("\n"),
                  f"thread {thread} partition_S(tCtAcc): {src}",
                  f"thread {thread} partition_D(compact {fmt(acc.layout.shape)}): {d_lay}",
                  "warps:"]
        lines += [f"  warp {w}: lanes {ln[0]}-{ln[1]}, columns {cl[0]}-{cl[1]} ({k} cells)" for w, ln, cl, k in warps]
        lines.append(warp_picture(cells))
    if fmt_ == "json":
        import json
        click.echo(json.dumps(d))
        return
    click.echo("\n".join(lines))
