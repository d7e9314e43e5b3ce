"""``cutedump latex``: CuTe's print_latex (TikZ standalone document) of a layout, TV layout, MMA or copy."""
from __future__ import annotations

import sys

import click

from cutedump.commands._common import handle_errors, renamed
from cutedump.errors import CuteDumpError
from cutedump.commands._pictures import build_picture, picture_text  # noqa: F401 (build_picture: re-exported)

EPILOG = """\b
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


def picture_options(fn):
    """The input options shared by ``latex`` and ``svg``."""
    opts = [
        click.argument("layout", required=False),
        click.option("--tv", "tv", default=None, metavar="LAYOUT_TV", help="A (thread,value) -> tile index layout."),
        click.option("--tile", "tile", default=None, metavar="TILE",
                     help='With --tv: the (M,N) tile. With --mma: the permutation tile (M,N,K).'),
        click.option("--mma", "mma", default=None, metavar="ATOM", help="MMA atom name (see `cutedump atoms`)."),
        click.option("--atom-layout", default=None, metavar="LAYOUT", help='Atom layout of the TiledMMA, e.g. "(_2,_2)".'),
        click.option("--copy", "copy", default=None, metavar="ATOM", help="Copy atom name, e.g. SM75_U32x4_LDSM_N."),
        click.option("--type", "value_type", default=None, metavar="T", help="Value type of the copy atom (half_t, float, ...)."),
        click.option("--thr", default=None, metavar="LAYOUT", help="make_tiled_copy thread layout (m,n) -> thr."),
        click.option("--val", default=None, metavar="LAYOUT", help="make_tiled_copy value layout (m,n) -> val."),
        click.option("--operand", "copy_for", default=None,
                     type=click.Choice(["A", "B", "C", "C_atom"], case_sensitive=False),
                     help="make_tiled_copy_A/B/C/C_atom against the --mma TiledMMA (as `cutedump copy --operand`)."),
        click.option("--force", is_flag=True, help="Draw even very large pictures (more than 65,536 cells)."),
    ]
    fn = renamed("--permutation", "--tile", "tile")(fn)
    fn = renamed("--copy-for", "--operand", "copy_for", type=click.Choice(["A", "B", "C", "C_atom"], case_sensitive=False))(fn)
    for o in reversed(opts):
        fn = o(fn)
    return fn


def _stdin():
    """Standard input as the command sees it (click's runner swaps sys.stdin; tests replace this function)."""
    return sys.stdin


def read_stdin_layout() -> str:
    """The layout text piped on standard input (``echo L | cutedump latex``); one clear error on a terminal."""
    name = click.get_current_context().command_path or "cutedump latex"
    stdin = _stdin()
    if stdin.isatty():
        raise CuteDumpError(f"no layout given: pass LAYOUT (e.g. {name} \"(_4,_8):(_1,_4)\"), pipe one on standard "
                            f"input, or use --tv, --mma or --copy (see {name} --help)")
    text = stdin.read().strip()
    if not text:
        raise CuteDumpError("no layout given: standard input is empty (pass LAYOUT, or --tv, --mma, --copy)")
    return text


@click.command("latex", epilog=EPILOG)
@picture_options
@handle_errors
def latex_cmd(layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force):
    """CuTe's print_latex of LAYOUT (or of a TV layout, an MMA, a TiledCopy), byte for byte."""
    click.echo(picture_text("latex", layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force,
                            read_stdin_layout), nl=False)
