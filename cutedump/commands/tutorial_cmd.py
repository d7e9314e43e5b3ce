"""Tutorial views: ``cutedump coords`` (idx2crd / crd2idx tables) and ``cutedump compat`` (shape compatibility)."""

from __future__ import annotations

import sys

import click

from cutedump.commands._common import CuteDumpError, arg_or_stdin, check_size
from cutedump.tutorial import (
    compat_answer,
    compat_json,
    coords_answer,
    coords_json,
    index_json,
    index_text,
    shape_of,
    shape_stride,
    table_cells,
)
from cutedump.versions import json_answer


def coords_cmd(shape, stride, idxs, force, fmt_):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    shape = arg_or_stdin(shape, "shape", '"(3,(2,3))"')
    shp, std = shape_stride(shape, stride)
    if idxs:
        if fmt_ == "json":
            click.echo(json_answer(index_json(shp, std, idxs)), nl=False)
        else:
            click.echo(index_text(shp, std, idxs))
        return
    if fmt_ == "json":
        check_size(table_cells(shp, std), force, "coordinate table")
        click.echo(json_answer(coords_json(shp, std)), nl=False)
        return
    click.echo(coords_answer(shape, stride, force), nl=False)


def compat_cmd(shape_a, shape_b, fmt_):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    shape_a = arg_or_stdin(shape_a, "shape", '24 "(4,6)"')
    if shape_b == "-":
        raise CuteDumpError("only SHAPE_A can come from standard input ('-')")
    if fmt_ == "json":
        d = compat_json(shape_of(shape_a), shape_of(shape_b))
        click.echo(json_answer(d), nl=False)
        sys.exit(0 if d["compatible"] else 1)
    ok, text = compat_answer(shape_a, shape_b)
    click.echo(text, nl=False)
    sys.exit(0 if ok else 1)
