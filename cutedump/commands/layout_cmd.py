"""``cutedump layout``: CuTe's print_layout of a layout."""

from __future__ import annotations

import os
import sys

import click

from cutedump.algebra import size
from cutedump.commands._common import arg_or_stdin, check_size, needs
from cutedump.expr import evaluate_layout
from cutedump.render.text import layout_details, layout_text, layout_view, table_cells
from cutedump.versions import json_answer


def layout_cmd(layout, info, coords, plain, fmt_, force):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    needs("--plain", "plain", fmt_ == "text", "the text output (not --format json)")
    L = evaluate_layout(arg_or_stdin(layout, "layout", '"(_4,_8):(_8,_1)"'))
    check_size(int(size(L)), force, "layout table")
    view, note = layout_view(L)  # refuses what print_layout cannot draw, in every format
    check_size(table_cells(view), force, "layout table")  # a size-0 mode still prints every column header
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
