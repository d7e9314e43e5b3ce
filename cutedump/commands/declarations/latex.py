"""``cutedump latex``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt

EPILOG_LATEX = """\b
Examples:
  cutedump latex "(2,(2,3)):(6,(3,1))" > l5.tex && pdflatex l5.tex
  echo "(_4,_8):(_8,_1)" | cutedump latex > out.tex      # LAYOUT from standard input
  cutedump latex "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"
  cutedump latex --tv "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))" --tile "(_16,_8)"
  cutedump latex --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --tile "(_32,_32,_16)"
  cutedump latex --copy "UniversalCopy<uint32_t>" --type float --thr "(_4,_2)" --val "(_1,_2)"
  cutedump latex --copy SM75_U32x4_LDSM_N --type half_t --operand A --mma SM80_16x8x16_F16F16F16F16_TN
\b
LAYOUT            = print_latex(layout); read from standard input when no LAYOUT/--tv/--mma/--copy is given
                    (rank 1 is drawn as append<2>(L, _1:_0); swizzled layouts as CuTe
                    draws them, the smem_ptr[..b](unset) form after as_position_independent_swizzle_layout)
--tv L --tile T   = print_latex_tv(composition(make_identity_layout(T), L), T); L maps (thread, value) to an
                    index of the column-major tile T
--mma ATOM        = print_latex(MMA_Atom) / print_latex(make_tiled_mma(atom, --atom-layout, --tile))
--copy ATOM       = print_latex(TiledCopy): make_tiled_copy(atom, --thr, --val), or with --operand A|B|C|C_atom
                    make_tiled_copy_A/B/C/C_atom(atom, the --mma TiledMMA) -- the options of `cutedump copy`
The output is a complete standalone document: pdflatex compiles it unchanged.
"""


#: the arguments and options of latex, svg and html (declared once here; svg.py and html.py use them)
PICTURE_PARAMS = [
    Arg("layout", required=False),
    Opt("--tv", metavar="LAYOUT_TV", help="A (thread,value) -> tile index layout."),
    Opt("--tile", metavar="TILE", help="With --tv: the (M,N) tile. With --mma: the permutation tile (M,N,K)."),
    Opt("--mma", metavar="ATOM", help="MMA atom name (see `cutedump atoms`)."),
    Opt("--atom-layout", metavar="LAYOUT", help='Atom layout of the TiledMMA, e.g. "(_2,_2)".'),
    Opt("--copy", metavar="ATOM", help="Copy atom name, e.g. SM75_U32x4_LDSM_N."),
    Opt("--type", "value_type", metavar="T", help="Value type of the copy atom (half_t, float, ...)."),
    Opt("--thr", metavar="LAYOUT", help="make_tiled_copy thread layout (m,n) -> thr."),
    Opt("--val", metavar="LAYOUT", help="make_tiled_copy value layout (m,n) -> val."),
    Opt(
        "--operand",
        "copy_for",
        ("A", "B", "C", "C_atom"),
        case_sensitive=False,
        help="make_tiled_copy_A/B/C/C_atom against the --mma TiledMMA (as `cutedump copy --operand`).",
    ),
    Opt("--force", flag=True, help="Draw even very large pictures (more than 65,536 cells)."),
    Opt(
        "--copy-for",
        "deprecated_copy_for",
        ("A", "B", "C", "C_atom"),
        case_sensitive=False,
        hidden=True,
        renames=("--operand", "copy_for"),
    ),
    Opt("--permutation", "deprecated_permutation", hidden=True, renames=("--tile", "tile")),
]


COMMAND = Command(
    "latex",
    run="cutedump.commands.latex_cmd:latex_cmd",
    fast="cutedump.commands._pictures:latex_text",
    help="CuTe's print_latex of LAYOUT (or of a TV layout, an MMA, a TiledCopy), byte for byte.",
    epilog=EPILOG_LATEX,
    params=PICTURE_PARAMS,
)
