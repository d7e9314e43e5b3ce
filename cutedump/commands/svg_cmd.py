"""``cutedump svg``: SVG pictures -- CuTe's print_svg for MMAs (byte for byte), ours for layouts, TV layouts, copies."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors
from cutedump.commands.latex_cmd import picture_options, picture_text, read_stdin_layout

EPILOG = """\b
Examples:
  cutedump svg "(2,(2,3)):(6,(3,1))" > l5.svg
  echo "(_4,_8):(_8,_1)" | cutedump svg > out.svg          # LAYOUT from standard input
  cutedump svg "Sw<3,3,3> o _0 o (_8,_8):(_8,_1)"
  cutedump svg --tv "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))" --tile "(_16,_8)"
  cutedump svg --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)"      # = CuTe's print_svg
  cutedump svg --copy SM75_U32x4_LDSM_N --type half_t --thr "(_32,_1)" --val "(_1,_8)"
\b
--mma is exactly CuTe's print_svg(MMA_Atom / TiledMMA). CuTe has no SVG for the rest; those pictures use the
same cells, greys (TSVGColor_BWx8) and thread palette (SVGColor_TV), with row/column indices, and a fixed
pixel size (20 px per cell). Inputs are the same as for `cutedump latex` (LAYOUT from standard input when none
is given).
"""


@click.command("svg", epilog=EPILOG)
@picture_options
@handle_errors
def svg_cmd(layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force):
    """SVG picture of LAYOUT (or of a TV layout, an MMA, a TiledCopy)."""
    click.echo(picture_text("svg", layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force,
                            read_stdin_layout), nl=False)
