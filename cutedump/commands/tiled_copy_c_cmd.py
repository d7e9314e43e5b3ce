"""``cutedump tiled-copy-c``: the narrated walk through CuTe's make_tiled_copy_C_atom (recipe in
cutedump/dumps/tiled_copy_c.py, wording in cutedump/dumps/messages)."""

from __future__ import annotations

import click

from cutedump.commands._common import needs
from cutedump.dumps.tiled_copy_c import walkthrough, walkthrough_json
from cutedump.render.narration import echo_text
from cutedump.versions import json_answer


def tiled_copy_c_cmd(copy_v, lang, mma, atom_layout, tile, force, plain, fmt_):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    if fmt_ == "json":
        needs("--plain", "plain", False, "the text output (not --format json)")
        needs("--force", "force", False, "the text output's tables (not --format json)")
        click.echo(json_answer(walkthrough_json(mma, atom_layout, tile, copy_v)), nl=False)
        return
    echo_text(walkthrough(mma, atom_layout, tile, copy_v, lang, force), plain)
