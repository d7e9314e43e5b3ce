"""Tutorial views: ``cutedump coords`` (idx2crd / crd2idx tables) and ``cutedump compat`` (shape compatibility)."""
from __future__ import annotations

import sys

import click

from cutedump.commands._common import handle_errors, check_size, arg_or_stdin, CuteDumpError
from cutedump.tutorial import (shape_stride, index_text, shape_of, table_cells, coords_json, index_json, compat_json,
                               coords_answer, compat_answer)
from cutedump.versions import json_answer

_FORMAT = click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True,
                       help="json: one object (keys in the examples' notes below).")

COORDS_EPILOG = """\b
Examples:
  cutedump coords "(2,3)"                       # 1-D index -> 2-D coordinate (colexicographic)
  cutedump coords "(3,(2,3))"                   # 1-D, 2-D and natural (hierarchical) coordinates
  cutedump coords "(3,(2,3))" "(3,(12,1))"      # ... and the offsets crd2idx(c, shape, stride), plus the 2-D grid
  cutedump coords "(_3,(_2,_3))" "(_3,(_12,_1))" --idx 16 --idx "(1,5)" --idx "(1,(1,2))"
  cutedump coords "(3,(2,3)):(3,(12,1))"        # a layout works too
  cutedump coords "(2,3)" --format json
  echo "(3,(2,3))" | cutedump coords -          # SHAPE from standard input
\b
The 2-D coordinate of index i is (i mod size<0>, i / size<0>) for rank 2 (one 1-D coordinate per top-level
mode for higher ranks); the natural coordinate is idx2crd(i, shape). --idx prints idx2crd / crd2idx exactly
as CuTe's print shows them (static values with a leading underscore).
--format json: {shape, stride, rank, size, columns, rows} (rows: the table's texts), or with --idx
{shape, stride, items: [{input, idx2crd, crd2idx}]}.
"""

COMPAT_EPILOG = """\b
Examples:
  cutedump compat 24 "(4,6)"                    # compatible
  cutedump compat "((2,3),4)" "((2,2),(3,2))"   # (exit 1) not compatible: mode 0.1: 3 != size(2)
  cutedump compat "(24)" 24                     # (exit 1) not compatible: a tuple never becomes an integer
  cutedump compat 24 "(4,6)" --format json
\b
CuTe's rule (cute/int_tuple.hpp compatible(a, b)): two tuples are compatible when they have the same rank
and are compatible mode by mode; an integer a is compatible with any b of size a; a tuple is never
compatible with an integer. Layout arguments stand for their shapes. Exit status: 0 compatible, 1 not.
--format json: {a, b, compatible, reason, cute, steps}. SHAPE_A '-' is read from standard input.
"""


@click.command("coords", epilog=COORDS_EPILOG)
@click.argument("shape", required=False)
@click.argument("stride", required=False)
@click.option("--idx", "idxs", multiple=True, metavar="I|COORD",
              help="Convert one index or coordinate: idx2crd (and crd2idx with a stride). Repeatable.")
@click.option("--force", is_flag=True, help="Print even very large tables (more than 65,536 rows).")
@_FORMAT
@handle_errors
def coords_cmd(shape, stride, idxs, force, fmt_):
    """Coordinate table of SHAPE: 1-D index, 2-D and natural coordinates, and with STRIDE the offsets.
    SHAPE '-' (or none, with a pipe) is read from standard input."""
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


@click.command("compat", epilog=COMPAT_EPILOG)
@click.argument("shape_a")
@click.argument("shape_b")
@_FORMAT
@handle_errors
def compat_cmd(shape_a, shape_b, fmt_):
    """Is SHAPE_A compatible with SHAPE_B (CuTe's compatible), and why."""
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
