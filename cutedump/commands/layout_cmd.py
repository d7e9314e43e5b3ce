"""``cutedump layout``: CuTe's print_layout of a layout."""
from __future__ import annotations

import os
import sys

import click

from cutedump.commands._common import handle_errors, check_size, arg_or_stdin, needs
from cutedump.algebra import size
from cutedump.expr import evaluate_layout
from cutedump.render.text import layout_view, layout_text, layout_details, table_cells
from cutedump.versions import json_answer

EPILOG = """\b
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


@click.command("layout", epilog=EPILOG)
@click.argument("layout", required=False)
@click.option("--info", is_flag=True, help="Add rank, depth, size and cosize.")
@click.option("--coords", is_flag=True, help="Add the index -> coordinate -> offset table.")
@click.option("--plain", is_flag=True, help="Exact CuTe bytes even on a terminal.")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--force", is_flag=True, help="Print even very large tables (more than 65,536 cells).")
@handle_errors
def layout_cmd(layout, info, coords, plain, fmt_, force):
    """Print LAYOUT exactly as CuTe's print_layout does. LAYOUT '-' (or none, with a pipe) is read from standard
    input."""
    needs("--plain", "plain", fmt_ == "text", "the text output (not --format json)")
    L = evaluate_layout(arg_or_stdin(layout, "layout", '"(_4,_8):(_8,_1)"'))
    check_size(int(size(L)), force, "layout table")
    view, note = layout_view(L)   # refuses what print_layout cannot draw, in every format
    check_size(table_cells(view), force, "layout table")   # a size-0 mode still prints every column header
    if fmt_ == "json":
        from cutedump.render.json_view import layout_json  # start-up: the JSON view and its grid model on demand
        click.echo(json_answer(layout_json(L, force=force)), nl=False)
        return
    if sys.stdout.isatty() and not plain and not os.environ.get("NO_COLOR"):
        try:
            from cutedump.render.rich_view import print_rich_layout  # start-up: rich only on a terminal
        except ImportError:
            pass
        else:
            if note:
                click.echo(note)
            print_rich_layout(view)
            click.echo(layout_details(L, info, coords), nl=False)
            return
    click.echo(layout_text(L, info, coords), nl=False)
