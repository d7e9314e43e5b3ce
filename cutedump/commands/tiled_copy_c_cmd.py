"""``cutedump tiled-copy-c``: the narrated walk through CuTe's make_tiled_copy_C_atom (recipe in
cutedump/dumps/tiled_copy_c.py, wording in cutedump/dumps/messages)."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors, lang_option, renamed, needs
from cutedump.dumps.tiled_copy_c import walkthrough, walkthrough_json
from cutedump.render.narration import echo_text
from cutedump.versions import json_answer

EPILOG = """\b
Examples:
  cutedump tiled-copy-c                      # the recorded dump (copy_V = 1, 2, 4)
  cutedump tiled-copy-c --copy-v 2 --lang en
  cutedump tiled-copy-c --mma SM80_16x8x8_F32F16F16F32_TN --atom-layout "(_2,_2,_1)"
  cutedump tiled-copy-c --mma SM80_16x8x16_F16F16F16F16_TN --tile "(_32,_16,_16)" --copy-v 4
  cutedump tiled-copy-c --copy-v 2 --format json
Without --mma/--atom-layout/--tile the configuration is the recorded one: SM80_16x8x16_F16F16F16F16_TN,
atom layout (_1,_1,_1), permutation (_16,_8,_16). With any of them given, the others default to the recorded
atom, atom layout (_1,_1,_1) and no permutation (_,_,_). Without --copy-v every copy_V dividing the values per
thread gets a section.
"""


@click.command("tiled-copy-c", epilog=EPILOG)
@click.option("--copy-v", "copy_v", type=int, default=None, metavar="N",
              help="Only the section for copy_V = N (must divide the values per thread).")
@lang_option()
@click.option("--mma", default=None, metavar="ATOM", help="MMA atom (default SM80_16x8x16_F16F16F16F16_TN).")
@click.option("--atom-layout", default=None, metavar="LAYOUT", help='Atom layout, e.g. "(_2,_2,_1)".')
@click.option("--tile", default=None, metavar="TILE", help='Permutation Tile<M,N,K> of the TiledMMA, e.g. "(_32,_16,_16)".')
@click.option("--force", is_flag=True, help="Print even very large tables (more than 65,536 cells).")
@click.option("--plain", is_flag=True, help="No colour even on a terminal (the exact recorded bytes).")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="json: one object: tiled_mma, layoutC_TV, mma_tiler, values_per_thread, copy_Vs, sections "
                   "[{copy_V, layout_TV, tiler_m, tiler_n, tiler_m_values, tiler_n_values, tile2mma, left_inverse, "
                   "layout_tv}] (no narration).")
@renamed("--permutation", "--tile", "tile")
@handle_errors
def tiled_copy_c_cmd(copy_v, lang, mma, atom_layout, tile, force, plain, fmt_):
    """The narrated make_tiled_copy_C_atom walk-through (layoutC_TV -> tiler -> tile2mma -> layout_tv)."""
    if fmt_ == "json":
        needs("--plain", "plain", False, "the text output (not --format json)")
        needs("--force", "force", False, "the text output's tables (not --format json)")
        click.echo(json_answer(walkthrough_json(mma, atom_layout, tile, copy_v)), nl=False)
        return
    echo_text(walkthrough(mma, atom_layout, tile, copy_v, lang, force), plain)
