"""``cutedump html``: a self-contained interactive HTML page of a layout, TV layout, MMA or copy."""

from __future__ import annotations

import click

from cutedump.commands.latex_cmd import picture_text, read_stdin_layout


def html_cmd(layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    click.echo(
        picture_text(
            "html", layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force, read_stdin_layout
        ),
        nl=False,
    )
