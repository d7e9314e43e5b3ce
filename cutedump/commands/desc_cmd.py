"""``cutedump desc``: decode a GmmaDescriptor / UMMA::SmemDescriptor into its fields, the smem layout it describes
and its core matrices."""

from __future__ import annotations

import click

from cutedump.commands._answers import desc_answer


def desc_cmd(descriptor, kind, major, value_type, mn, fmt_, picture, lang):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    click.echo(desc_answer(descriptor, kind, major, value_type, mn, fmt_, picture, lang), nl=False)
