"""``cutedump latex``: CuTe's print_latex (TikZ standalone document) of a layout, TV layout, MMA or copy."""
from __future__ import annotations

import sys

import click

from cutedump.commands._common import handle_errors, check_size, renamed
from cutedump.errors import CuteDumpError, check_pairs
from cutedump.algebra import size
from cutedump.parse import parse_object
from cutedump.render import grid, latex
from cutedump.commands._answers import picture_layout

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


def build_picture(layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force):
    """-> (kind, object, tile) with kind in layout | tv | mma | copy; size-checked."""
    if (layout is None and tv is None and copy is None and mma is None) or layout == "-":
        layout = read_stdin_layout()
    given = [k for k, v in (("LAYOUT", layout), ("--tv", tv), ("--copy", copy)) if v is not None]
    if mma is not None and copy is None:
        given.append("--mma")
    if len(given) != 1:
        raise CuteDumpError("give exactly one of LAYOUT, --tv, --mma, --copy" +
                            (f" (got {', '.join(given)})" if given else ""))
    kind = given[0].lstrip("-").lower()
    _unused_options(kind, tile=tile, atom_layout=atom_layout, value_type=value_type, thr=thr, val=val,
                    copy_for=copy_for, mma=mma)
    if kind == "layout":
        return "layout", picture_layout(layout, force), None
    if kind == "tv":
        if tile is None:
            raise CuteDumpError('--tv needs --tile "(M,N)"')
        L = grid.parse_drawable(tv)
        t = grid.flat_tile(parse_object(tile), "--tile")
        if len(t) != 2:
            raise CuteDumpError(f"--tile must be (M,N), got {tile}")
        check_size(int(t[0]) * int(t[1]), force, "picture")
        if int(size(L.b if hasattr(L, "b") else L)) == 0:
            raise CuteDumpError(f"--tv: {tv.strip()} has size 0: no (thread, value) to draw "
                                "(CuTe's composition with the tile divides by its size-0 mode)")
        return "tv", L, t
    if kind == "mma":
        obj = _tiled_mma(mma, atom_layout, tile)
        (M, N, K), *_ = grid.mma_parts(obj)
        check_size(int(M) * int(N) + int(M) * int(K) + int(N) * int(K), force, "picture")
        check_pairs(grid.mma_pairs(obj), force, "picture")
        return "mma", obj, None
    # copy
    from cutedump.atoms import copy as atoms_copy  # start-up: the atom catalogs load only for --copy/--mma
    if value_type is None:
        raise CuteDumpError("--copy needs --type (the value type, e.g. half_t)")
    if copy_for is not None:
        if mma is None:
            raise CuteDumpError("--operand needs --mma ATOM")
        m = _tiled_mma(mma, atom_layout, tile)
        f = {"A": atoms_copy.make_tiled_copy_A, "B": atoms_copy.make_tiled_copy_B,
             "C": atoms_copy.make_tiled_copy_C, "C_ATOM": atoms_copy.make_tiled_copy_C_atom}[copy_for.upper()]
        obj = f(copy, m, value_type=value_type)
    else:
        obj = atoms_copy.make_tiled_copy(copy, thr, val, value_type=value_type)
    M, N = grid.copy_tile_mn(obj)
    check_size(2 * int(M) * int(N), force, "picture")
    check_pairs(grid.copy_pairs(obj), force, "picture")
    return "copy", obj, None


_OPTS = {"tile": "--tile", "atom_layout": "--atom-layout", "value_type": "--type", "thr": "--thr", "val": "--val",
         "copy_for": "--operand", "mma": "--mma"}
#: the options each picture takes (besides its own input)
_TAKES = {"layout": set(), "tv": {"tile"}, "mma": {"tile", "atom_layout", "mma"},
          "copy": {"value_type", "thr", "val", "copy_for", "mma", "atom_layout", "tile"}}


def _unused_options(kind, **opts):
    """An option the chosen picture would ignore is one error line (no silent answers)."""
    what = {"layout": "a LAYOUT picture", "tv": "a --tv picture", "mma": "an --mma picture",
            "copy": "a --copy picture"}[kind]
    for k, v in opts.items():
        if v is not None and k not in _TAKES[kind]:
            raise CuteDumpError(f"{_OPTS[k]} does not apply to {what} (it would be ignored)")
    if kind == "copy":
        if opts["copy_for"] is None:
            for k in ("mma", "atom_layout", "tile"):
                if opts[k] is not None:
                    raise CuteDumpError(f"{_OPTS[k]} with --copy needs --operand A|B|C|C_atom (make_tiled_copy_X "
                                        "against the --mma TiledMMA); make_tiled_copy takes --thr/--val")
        else:
            for k in ("thr", "val"):
                if opts[k] is not None:
                    raise CuteDumpError(f"{_OPTS[k]} and --operand contradict each other: --thr/--val build "
                                        "make_tiled_copy, --operand make_tiled_copy_A/B/C/C_atom of the --mma TiledMMA")


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


def _tiled_mma(name, atom_layout, permutation):
    from cutedump.atoms.mma import make_tiled_mma  # start-up: the atom catalogs load only for --copy/--mma
    return make_tiled_mma(name, atom_layout, permutation)


@click.command("latex", epilog=EPILOG)
@picture_options
@handle_errors
def latex_cmd(layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force):
    """CuTe's print_latex of LAYOUT (or of a TV layout, an MMA, a TiledCopy), byte for byte."""
    kind, obj, t = build_picture(layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for,
                                 force)
    out = {"layout": lambda: latex.print_latex(obj), "tv": lambda: latex.print_latex_tv(obj, t),
           "mma": lambda: latex.print_latex_mma(obj), "copy": lambda: latex.print_latex_copy(obj)}[kind]()
    click.echo(out, nl=False)
