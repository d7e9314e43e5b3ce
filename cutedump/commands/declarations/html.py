"""``cutedump html``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Command
from cutedump.commands.declarations.latex import PICTURE_PARAMS

EPILOG_HTML = """\b
Examples:
  cutedump html "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))" > layout.html
  echo "Sw<3,3,3> o _0 o (_8,_8):(_8,_1)" | cutedump html > swizzle.html
  cutedump html --tv "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))" --tile "(_16,_8)" > tv.html
  cutedump html --mma "UniversalFMA<float,float,float>" --atom-layout "(_16,_16,_1)" > sgemm_sm80.html
  cutedump html --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --tile "(_32,_32,_16)" > mma.html
  cutedump html --copy SM75_U32x4_LDSM_N --type half_t --thr "(_32,_1)" --val "(_1,_8)" > copy.html
\b
One HTML file, nothing fetched from the network (style and script are inline); open it in any browser.
Hover a cell: a layout's cell shows (coordinate, index, offset); a TV, MMA or copy cell shows its element and
every (thread, value) that holds it -- all threads of a replicated MMA operand, not only the one drawn.
Click a cell to highlight every value of its thread (click again for the next thread holding it), or type a
thread number; for layouts a click highlights the cells with the same offset. Inputs are those of
`cutedump latex` (LAYOUT from standard input when none is given).
"""


COMMAND = Command(
    "html",
    run="cutedump.commands.html_cmd:html_cmd",
    fast="cutedump.commands._pictures:html_text",
    help="Interactive HTML page of LAYOUT (or of a TV layout, an MMA, a TiledCopy): hover tooltips, click a thread.",
    epilog=EPILOG_HTML,
    params=PICTURE_PARAMS,
)
