"""``cutedump svg``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Command
from cutedump.commands.declarations.latex import PICTURE_PARAMS

EPILOG_SVG = """\b
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


COMMAND = Command(
    "svg",
    run="cutedump.commands.svg_cmd:svg_cmd",
    fast="cutedump.commands._pictures:svg_text",
    help="SVG picture of LAYOUT (or of a TV layout, an MMA, a TiledCopy).",
    epilog=EPILOG_SVG,
    params=PICTURE_PARAMS,
)
