"""``cutedump latex``: CuTe's print_latex (TikZ standalone document) of a layout, TV layout, MMA or copy."""

from __future__ import annotations

import sys

import click

from cutedump.commands._pictures import build_picture, picture_text  # noqa: F401 (build_picture: re-exported)
from cutedump.errors import CuteDumpError


def _stdin():
    """Standard input as the command sees it (click's runner swaps sys.stdin; tests replace this function)."""
    return sys.stdin


def read_stdin_layout() -> str:
    """The layout text piped on standard input (``echo L | cutedump latex``); one clear error on a terminal."""
    name = click.get_current_context().command_path or "cutedump latex"
    stdin = _stdin()
    if stdin.isatty():
        raise CuteDumpError(
            f'no layout given: pass LAYOUT (e.g. {name} "(_4,_8):(_1,_4)"), pipe one on standard '
            f"input, or use --tv, --mma or --copy (see {name} --help)"
        )
    text = stdin.read().strip()
    if not text:
        raise CuteDumpError("no layout given: standard input is empty (pass LAYOUT, or --tv, --mma, --copy)")
    return text


def latex_cmd(layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    click.echo(
        picture_text(
            "latex", layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force, read_stdin_layout
        ),
        nl=False,
    )
