"""``cutedump tma``: make_tma_copy host-side: print(tma), the cuTensorMapEncodeTiled arguments, box and multicast."""

from __future__ import annotations

import click

from cutedump.commands._tma import tma_text


def tma_cmd(
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
    lang,
):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    click.echo(
        tma_text(
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
            lang,
        ),
        nl=False,
    )
