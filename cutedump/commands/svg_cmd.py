"""``cutedump svg``: SVG pictures -- CuTe's print_svg for MMAs (byte for byte), ours for layouts, TV layouts, copies."""

from __future__ import annotations

import click

from cutedump.commands.latex_cmd import picture_text, read_stdin_layout


def svg_cmd(layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    click.echo(
        picture_text(
            "svg", layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force, read_stdin_layout
        ),
        nl=False,
    )
