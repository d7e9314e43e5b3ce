"""``cutedump tiled-copy-c``: the narrated walk through CuTe's make_tiled_copy_C_atom (recipe in
cutedump/dumps/tiled_copy_c.py, wording in cutedump/dumps/messages)."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors

# The recorded dump (../shared/seeds/000_89ace3aef4fd3051.txt) was made with
#   make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>{}, Layout<Shape<_1,_1,_1>>{}, Tile<_16,_8,_16>{})
RECORDED = ("SM80_16x8x16_F16F16F16F16_TN", "(_1,_1,_1)", "(_16,_8,_16)")

EPILOG = """\b
Examples:
  cutedump tiled-copy-c                      # the recorded dump (copy_V = 1, 2, 4)
  cutedump tiled-copy-c --copy-v 2 --lang en
  cutedump tiled-copy-c --mma SM80_16x8x8_F32F16F16F32_TN --atom-layout "(_2,_2,_1)"
  cutedump tiled-copy-c --mma SM80_16x8x16_F16F16F16F16_TN --permutation "(_32,_16,_16)" --copy-v 4
Without --mma/--atom-layout/--permutation the configuration is the recorded one: SM80_16x8x16_F16F16F16F16_TN,
atom layout (_1,_1,_1), permutation (_16,_8,_16). With any of them given, the others default to the recorded
atom, atom layout (_1,_1,_1) and no permutation (_,_,_). Without --copy-v every copy_V dividing the values per
thread gets a section.
"""


def build_view(mma: str, atom_layout: str, permutation: str | None):
    """The TiledMMA from cutedump.atoms (issue 3) as the recipe's MmaView."""
    from cutedump.atoms.mma import make_tiled_mma
    from cutedump.dumps.tiled_copy_c import MmaView
    tm = make_tiled_mma(mma, atom_layout, permutation)
    return MmaView(tm.print_str(), tm.get_layoutC_TV(), (tm.tile_size_mnk(0), tm.tile_size_mnk(1)))


@click.command("tiled-copy-c", epilog=EPILOG)
@click.option("--copy-v", "copy_v", type=int, default=None, metavar="N",
              help="Only the section for copy_V = N (must divide the values per thread).")
@click.option("--lang", type=click.Choice(["zh", "en"]), default="zh", show_default=True, help="Narration language.")
@click.option("--mma", default=None, metavar="ATOM", help="MMA atom (default SM80_16x8x16_F16F16F16F16_TN).")
@click.option("--atom-layout", default=None, metavar="LAYOUT", help='Atom layout, e.g. "(_2,_2,_1)".')
@click.option("--permutation", default=None, metavar="TILE", help='Permutation MNK, e.g. "(_32,_16,_16)".')
@click.option("--force", is_flag=True, help="Print even very large tables (more than 65,536 cells).")
@click.option("--plain", is_flag=True, help="No colour even on a terminal (the exact recorded bytes).")
@handle_errors
def tiled_copy_c_cmd(copy_v, lang, mma, atom_layout, permutation, force, plain):
    """The narrated make_tiled_copy_C_atom walk-through (layoutC_TV -> tiler -> tile2mma -> layout_tv)."""
    from cutedump.dumps.tiled_copy_c import dump, check_copy_v
    if mma is None and atom_layout is None and permutation is None:
        mma, atom_layout, permutation = RECORDED
    view = build_view(mma or RECORDED[0], atom_layout or RECORDED[1], permutation)
    copy_vs = None
    if copy_v is not None:
        check_copy_v(view.layoutC_TV, copy_v, lang)
        copy_vs = [copy_v]
    from cutedump.render.narration import echo_text
    echo_text(dump(view, copy_vs, lang, force), plain)
