"""``cutedump idesc``: decode a UMMA (tcgen05.mma) instruction descriptor, or show an atom's, and name the atoms."""

from __future__ import annotations

import click

from cutedump.commands._answers import idesc_answer


def idesc_cmd(value, family, block_scaled, fmt_, lang):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    click.echo(idesc_answer(value, family, block_scaled, fmt_, lang), nl=False)
