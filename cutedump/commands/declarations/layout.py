"""``cutedump layout``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt

EPILOG_LAYOUT = """\b
Examples:
  cutedump layout "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
  cutedump layout "Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))"
  cutedump layout "(_8,_4):(_4,_1)" --info --coords
  cutedump layout "(_4,_8):(_8,_1)" --format json
  echo "(_4,_8):(_8,_1)" | cutedump layout          # LAYOUT from standard input
  cutedump layout "logical_divide((_16,_8):(_1,_16), (_8:_1,(_4,_2):(_2,_1)))"   # any layout expression
Rank-1 layouts are shown as append<2>(L, _1:_0) (as print_latex does); rank > 2 layouts group modes 1.. into
the column mode. Piped output (or --plain) is exactly CuTe's bytes; on a terminal a shaded table is drawn.
"""


COMMAND = Command(
    "layout",
    run="cutedump.commands.layout_cmd:layout_cmd",
    fast="cutedump.commands._fast:layout_text",
    fast_tty=True,
    help="Print LAYOUT exactly as CuTe's print_layout does. LAYOUT '-' (or none, with a pipe) is read from "
    "standard\ninput.",
    epilog=EPILOG_LAYOUT,
    params=[
        Arg("layout", required=False),
        Opt("--info", flag=True, help="Add rank, depth, size and cosize."),
        Opt("--coords", flag=True, help="Add the index -> coordinate -> offset table."),
        Opt("--plain", flag=True, help="Exact CuTe bytes even on a terminal."),
        Opt("--format", "fmt_", ("text", "json"), default="text", show_default=True),
        Opt("--force", flag=True, help="Print even very large tables (more than 65,536 cells).", fast=False),
    ],
)
