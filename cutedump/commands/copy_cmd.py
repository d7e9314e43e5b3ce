"""``cutedump copy``: a TiledCopy as CuTe prints it, its S/D thread-value layouts and src2ref / dst2ref."""

from __future__ import annotations

import click

from cutedump.algebra import size
from cutedump.atoms import copy as K
from cutedump.atoms import copy_atom, make_tiled_copy, sample_table
from cutedump.atoms.cli_support import build_mma, parse_layout_arg
from cutedump.commands._answers import copy_atom_lines, copy_value_type, tiled_copy_lines
from cutedump.commands._common import needs
from cutedump.errors import CuteDumpError
from cutedump.versions import json_answer


def copy_cmd(
    atom,
    value_type,
    thr,
    val,
    mma_name,
    atom_layout,
    tile,
    operand,
    samples,
    tids,
    partition,
    thr_idx,
    atom_only,
    fmt_,
    force,
):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    vt = copy_value_type(atom, value_type)
    needs("--thread", "thr_idx", partition is not None, "--partition (the tensor to partition)")
    needs("--tids", "tids", samples, "--samples")
    if fmt_ == "json":
        for opt, v in (("--atom-only", atom_only), ("--samples", samples), ("--partition", partition is not None)):
            if v:
                raise CuteDumpError(
                    f"--format json and {opt} contradict each other: the JSON view has the "
                    "TiledCopy, its TV layouts and src2ref/dst2ref only"
                )
    else:
        needs("--force", "force", False, "--format json (it allows JSON tables of more than 65,536 cells)")
    ca = copy_atom(atom, vt)
    out = []
    if atom_only:
        if any(x is not None for x in (thr, val, mma_name, operand, partition)):
            raise CuteDumpError("--atom-only takes no tiling options")
        out.append(ca.print_str().rstrip("\n"))
    else:
        if mma_name is not None:
            if thr is not None or val is not None:
                raise CuteDumpError("use either --thr/--val (make_tiled_copy) or --mma/--operand, not both")
            if operand is None:
                raise CuteDumpError("--mma needs --operand A, B, C or C_atom")
            mma = build_mma(mma_name, atom_layout, tile)
            fn = {
                "A": K.make_tiled_copy_A,
                "B": K.make_tiled_copy_B,
                "C": K.make_tiled_copy_C,
                "C_ATOM": K.make_tiled_copy_C_atom,
            }[operand.upper()]
            tc = fn(ca, mma)
        else:
            if operand is not None or atom_layout is not None or tile is not None:
                raise CuteDumpError("--operand/--atom-layout/--tile need --mma")
            if thr is None:
                raise CuteDumpError("give --thr (and --val) for make_tiled_copy, or --mma ... --operand A|B|C")
            tc = make_tiled_copy(ca, parse_layout_arg(thr, "--thr"), parse_layout_arg(val, "--val"), check=True)
        if fmt_ == "json":
            from cutedump.render.json_view import copy_json  # start-up: the JSON view on demand

            d = copy_json(tc, force=force)
            d["src2ref"], d["dst2ref"] = str(ca.src2ref()), str(ca.dst2ref())
            click.echo(json_answer(d), nl=False)
            return
        out += tiled_copy_lines(tc)
    out += copy_atom_lines(ca)
    if samples:
        tl = None
        if tids:
            try:
                tl = [int(x) for x in tids.replace(" ", "").split(",") if x]
            except ValueError:
                raise CuteDumpError(f"--tids takes thread indices like 0,8,16,24, got {tids!r}")
            bad = [t for t in tl if not 0 <= t < int(size(ca.src2ref(), 0))]
            if bad:
                raise CuteDumpError(f"--tids {bad[0]} is outside the atom's {int(size(ca.src2ref(), 0))} threads")
        ref_shape = ca.val_layout_ref.shape
        out.append("src2ref samples (src_tid,src_vid)->(ref_tid,ref_vid):")
        out += sample_table(ca.src2ref(), ref_shape, tl)
        out.append("dst2ref samples (dst_tid,dst_vid)->(ref_tid,ref_vid):")
        out += sample_table(ca.dst2ref(), ref_shape, tl)
    if partition is not None:
        if atom_only:
            raise CuteDumpError("--partition needs a TiledCopy (not --atom-only)")
        L = parse_layout_arg(partition, "--partition")
        out.append(f"tidfrg_S({L}): {tc.tidfrg_S(L)}")
        out.append(f"tidfrg_D({L}): {tc.tidfrg_D(L)}")
        thrc = tc.get_slice(thr_idx)
        for w in ("S", "D"):
            lay, off = getattr(thrc, f"partition_{w}")(L)
            out.append(f"thread {thr_idx} partition_{w}: {lay}  (offset {int(off)})")
    click.echo("\n".join(out))
