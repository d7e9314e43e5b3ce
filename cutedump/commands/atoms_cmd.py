"""``cutedump atoms``: list the MMA and Copy atom catalogs."""

from __future__ import annotations

import click

from cutedump.commands._atoms import atoms_text, copy_rows, mma_rows  # noqa: F401 (mma_rows, copy_rows: re-exported)


def atoms_cmd(pattern, mma_pat, copy_pat, fmt_):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    click.echo(atoms_text(pattern, mma_pat, copy_pat, fmt_), nl=False)
