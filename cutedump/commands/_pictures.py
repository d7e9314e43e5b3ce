"""The pictures of ``cutedump latex``, ``svg`` and ``html`` (commands/latex_cmd.py declares their options), without click: the
click commands and the console entry's fast path (cutedump/entry.py) print them."""

from __future__ import annotations

from cutedump.algebra import size
from cutedump.commands._answers import picture_layout
from cutedump.errors import CuteDumpError
from cutedump.limits import check_picture_pairs as check_pairs
from cutedump.limits import check_picture_size as check_size
from cutedump.parse import parse_object
from cutedump.render import grid


def build_picture(layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force, stdin=None):
    """-> (kind, object, tile) with kind in layout | tv | mma | copy; size-checked. ``stdin()`` reads LAYOUT from
    standard input where none is given (or it is "-"); without it that is an error."""
    if (layout is None and tv is None and copy is None and mma is None) or layout == "-":
        if stdin is None:
            raise CuteDumpError("no layout given")
        layout = stdin()
    given = [k for k, v in (("LAYOUT", layout), ("--tv", tv), ("--copy", copy)) if v is not None]
    if mma is not None and copy is None:
        given.append("--mma")
    if len(given) != 1:
        raise CuteDumpError(
            "give exactly one of LAYOUT, --tv, --mma, --copy" + (f" (got {', '.join(given)})" if given else "")
        )
    kind = given[0].lstrip("-").lower()
    _unused_options(
        kind, tile=tile, atom_layout=atom_layout, value_type=value_type, thr=thr, val=val, copy_for=copy_for, mma=mma
    )
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
        n = int(size(L.b if hasattr(L, "b") else L))
        if n == 0:
            raise CuteDumpError(
                f"--tv: {tv.strip()} has size 0: no (thread, value) to draw "
                "(CuTe's composition with the tile divides by its size-0 mode)"
            )
        check_pairs(n, force, "picture")  # every (thread, value) is walked to find each element's holder
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
        f = {
            "A": atoms_copy.make_tiled_copy_A,
            "B": atoms_copy.make_tiled_copy_B,
            "C": atoms_copy.make_tiled_copy_C,
            "C_ATOM": atoms_copy.make_tiled_copy_C_atom,
        }[copy_for.upper()]
        obj = f(copy, m, value_type=value_type)
    else:
        obj = atoms_copy.make_tiled_copy(copy, thr, val, value_type=value_type)
    M, N = grid.copy_tile_mn(obj)
    check_size(2 * int(M) * int(N), force, "picture")
    check_pairs(grid.copy_pairs(obj), force, "picture")
    return "copy", obj, None


_OPTS = {
    "tile": "--tile",
    "atom_layout": "--atom-layout",
    "value_type": "--type",
    "thr": "--thr",
    "val": "--val",
    "copy_for": "--operand",
    "mma": "--mma",
}
#: the options each picture takes (besides its own input)
_TAKES = {
    "layout": set(),
    "tv": {"tile"},
    "mma": {"tile", "atom_layout", "mma"},
    "copy": {"value_type", "thr", "val", "copy_for", "mma", "atom_layout", "tile"},
}


def _unused_options(kind, **opts):
    """An option the chosen picture would ignore is one error line (no silent answers)."""
    what = {
        "layout": "a LAYOUT picture",
        "tv": "a --tv picture",
        "mma": "an --mma picture",
        "copy": "a --copy picture",
    }[kind]
    for k, v in opts.items():
        if v is not None and k not in _TAKES[kind]:
            raise CuteDumpError(f"{_OPTS[k]} does not apply to {what} (it would be ignored)")
    if kind == "copy":
        if opts["copy_for"] is None:
            for k in ("mma", "atom_layout", "tile"):
                if opts[k] is not None:
                    raise CuteDumpError(
                        f"{_OPTS[k]} with --copy needs --operand A|B|C|C_atom (make_tiled_copy_X "
                        "against the --mma TiledMMA); make_tiled_copy takes --thr/--val"
                    )
        else:
            for k in ("thr", "val"):
                if opts[k] is not None:
                    raise CuteDumpError(
                        f"{_OPTS[k]} and --operand contradict each other: --thr/--val build "
                        "make_tiled_copy, --operand make_tiled_copy_A/B/C/C_atom of the --mma TiledMMA"
                    )


def _tiled_mma(name, atom_layout, permutation):
    from cutedump.atoms.mma import make_tiled_mma  # start-up: the atom catalogs load only for --copy/--mma

    return make_tiled_mma(name, atom_layout, permutation)


def picture_text(
    command, layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force, stdin=None
) -> str:
    """``cutedump latex|svg``: CuTe's print_latex (ours for SVG, CuTe's print_svg for an MMA) of the picture (a
    warning when it is larger than a few MB)."""
    from cutedump.errors import note_size  # start-up: on demand

    return note_size(
        _picture_text(command, layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force, stdin),
        f"{command.upper() if command != 'latex' else 'LaTeX'} picture",
    )


def _picture_text(
    command, layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force, stdin=None
) -> str:
    kind, obj, t = build_picture(layout, tv, tile, mma, atom_layout, copy, value_type, thr, val, copy_for, force, stdin)
    if command == "html":
        from cutedump.render import html  # start-up: on demand

        return html.page(kind, obj, t)
    if command == "latex":
        from cutedump.render import latex  # start-up: on demand

        return {
            "layout": lambda: latex.print_latex(obj),
            "tv": lambda: latex.print_latex_tv(obj, t),
            "mma": lambda: latex.print_latex_mma(obj),
            "copy": lambda: latex.print_latex_copy(obj),
        }[kind]()
    from cutedump.render import svg  # start-up: on demand

    return {
        "layout": lambda: svg.layout_svg(obj),
        "tv": lambda: svg.tv_svg(obj, t, _typed_tv(tv, tile)),
        "mma": lambda: svg.print_svg_mma(obj),
        "copy": lambda: svg.copy_svg(obj),
    }[kind]()


def _typed_tv(tv, tile):
    """The SVG's title: the TV layout and the tile as typed (one line), not the equivalent layout it draws."""
    if tv is None or tv.strip() == "-" or tile is None:
        return None
    return f"{' '.join(tv.split())} over the tile {' '.join(str(tile).split())}"


def latex_text(**kw) -> str:
    return picture_text("latex", **kw)


def svg_text(**kw) -> str:
    return picture_text("svg", **kw)


def html_text(**kw) -> str:
    return picture_text("html", **kw)
