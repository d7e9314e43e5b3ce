"""``cutedump coords``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt

EPILOG_COORDS = """\b
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


COMMAND = Command(
    "coords",
    run="cutedump.commands.tutorial_cmd:coords_cmd",
    fast="cutedump.commands._fast:coords_text",
    fast_tty=True,
    help="Coordinate table of SHAPE: 1-D index, 2-D and natural coordinates, and with STRIDE the "
    "offsets.\nSHAPE '-' (or none, with a pipe) is read from standard input.",
    epilog=EPILOG_COORDS,
    params=[
        Arg("shape", required=False),
        Arg("stride", required=False),
        Opt(
            "--idx",
            "idxs",
            multiple=True,
            metavar="I|COORD",
            fast=False,
            help="Convert one index or coordinate: idx2crd (and crd2idx with a stride). Repeatable.",
        ),
        Opt("--force", flag=True, help="Print even very large tables (more than 65,536 rows).", fast=False),
        Opt(
            "--format",
            "fmt_",
            ("text", "json"),
            default="text",
            show_default=True,
            fast=False,
            help="json: one object (keys in the examples' notes below).",
        ),
    ],
)
