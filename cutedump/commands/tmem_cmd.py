"""``cutedump tmem``: a UMMA accumulator in tensor memory and the tcgen05.ld/st copy that moves it."""

from __future__ import annotations

import click

from cutedump.commands._answers import tmem_text


def tmem_cmd(atom, atom_layout, shape_, copy_op, thread, fmt_, lang):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    click.echo(tmem_text(atom, atom_layout, shape_, copy_op, thread, fmt_, lang), nl=False)
