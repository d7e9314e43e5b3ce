"""SVG pictures.

``print_svg_mma`` is CuTe's ``print_svg`` of an MMA_Atom / TiledMMA (``cute/util/print_svg.hpp``), byte for
byte.  CuTe has no SVG for plain layouts, TV layouts or copies; ``layout_svg``, ``tv_svg`` and ``copy_svg``
draw them in the same visual language: 20-unit cells with black strokes, CuTe's TSVGColor_BWx8 greys for
layout values, its SVGColor_TV palette (by thread) with ``T#``/``V#`` labels for thread/value cells, and
font-size-12 row/column indices one cell outside the grid.  Our pictures carry explicit pixel ``width`` and
``height`` (= the viewBox) so they display at a known size in any browser.

Public API::

    print_svg_mma(tiled_mma) -> str        # exact CuTe bytes (MMA_Atom or TiledMMA, duck-typed: see grid.py)
    layout_svg(layout) -> str              # Layout / ComposedLayout, rank 1 or 2 (Jupyter _repr_svg_)
    tv_svg(layout_tv, tile_mn) -> str      # the print_latex_tv picture
    copy_svg(tiled_copy) -> str            # the print_latex(TiledCopy) picture: S and D side by side
    svg_size(svg_text) -> (width, height)  # pixel size of one of our SVGs (or the viewBox of CuTe's)
"""

from __future__ import annotations

from cutedump.algebra.inttuple import fmt
from cutedump.render import grid
from cutedump.render.xmltext import escape

CELL = 20
BWX8 = (
    "255,255,255",
    "230,230,230",
    "205,205,205",
    "180,180,180",
    "155,155,155",
    "130,130,130",
    "105,105,105",
    "080,080,080",
)
TV = (
    "175,175,255",
    "175,255,175",
    "255,255,175",
    "255,175,175",
    "210,210,255",
    "210,255,210",
    "255,255,210",
    "255,210,210",
)


def bwx8(idx: int) -> str:
    return BWX8[idx % 8]


def tv_color(tid: int, vid: int = 0) -> str:
    return TV[tid % 8]


# ------------------------------------------------------------------------------ CuTe's print_svg (MMA)


def _rect(x, y, color, space=""):
    return f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="rgb({color})" stroke="black"{space}/>\n'


def _text(x, y, size, s, extra=""):
    return (
        f'<text x="{x}" y="{y}" text-anchor="middle" '
        f'alignment-baseline="central" font-size="{size}"{extra}>{s}</text>\n'
    )


def _tv_cell(out, x, y, c, space=""):
    out.append(_rect(x, y, tv_color(c.tid, c.vid), space))
    out.append(_text(x + CELL // 2, y + 1 * CELL // 4, 8, f"T{c.tid}"))
    out.append(_text(x + CELL // 2, y + 3 * CELL // 4, 8, f"V{c.vid}"))


def svg_mma_panels(C, A, B, tile_mnk) -> str:
    M, N, K = (int(x) for x in tile_mnk)
    cs = CELL
    out = [
        f"<!--  Tile: {fmt(tuple(tile_mnk))}  -->\n",
        f"<!--     A: {A.title}  -->\n",
        f"<!--     B: {B.title}  -->\n",
        f"<!--     C: {C.title}  -->\n",
        f'<svg width="100%" height="100%" viewBox="0 0 {(K + N + 2) * cs} {(K + M + 2) * cs}" '
        'preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">\n',
    ]
    for c in C.cells:  # (m, n)
        _tv_cell(out, (c.n + K + 2) * cs, (c.m + K + 2) * cs, c)
    for c in A.cells:  # (m, k)
        _tv_cell(out, (c.n + 1) * cs, (c.m + K + 2) * cs, c, " ")
    for m in range(M):
        out.append(_text(0 * cs + cs // 2, (m + K + 2) * cs + cs // 2, 12, m))
    for k in range(K):
        out.append(_text((k + 1) * cs + cs // 2, (K + 1) * cs + cs // 2, 12, k))
    for c in B.cells:  # (n, k)
        _tv_cell(out, (c.m + K + 2) * cs, (c.n + 1) * cs, c, " ")
    for n in range(N):
        out.append(_text((n + K + 2) * cs + cs // 2, 0 * cs + cs // 2, 12, n))
    for k in range(K):
        out.append(_text((K + 1) * cs + cs // 2, (k + 1) * cs + cs // 2, 12, k))
    out.append("</svg>\n")
    return "".join(out)


def print_svg_mma(tiled_mma) -> str:
    """``cute::print_svg(MMA_Atom)`` / ``print_svg(TiledMMA)``, exact bytes."""
    C, A, B, tile = grid.mma_panels(tiled_mma)
    return svg_mma_panels(C, A, B, tile)


# ------------------------------------------------------------------------------ our pictures


def _open(width, height, title, comment_lines):
    out = [f"<!--  {escape(line).replace('--', '- -')}  -->\n" for line in comment_lines]
    out.append(
        f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">\n'
    )
    out.append(f"<title>{escape(title)}</title>\n")
    out.append(f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>\n')
    return out


def _labels(out, x0, y0, rows, cols, row_side="left"):
    """Row indices one cell left of (x0, y0)'s grid, column indices one cell above it."""
    cs = CELL
    for m in range(rows):
        x = x0 - cs if row_side == "left" else x0 + cols * cs
        out.append(_text(x + cs // 2, y0 + m * cs + cs // 2, 12, m))
    for n in range(cols):
        out.append(_text(x0 + n * cs + cs // 2, y0 - cs + cs // 2, 12, n))


def _value_font(values) -> int:
    digits = max((len(str(v)) for v in values), default=1)
    return 8 if digits <= 4 else 6 if digits <= 5 else 5


def layout_svg(layout) -> str:
    """A layout as a grid of its values: cell (m, n) holds L(m, n), shaded with CuTe's BWx8 greys."""
    p = grid.layout_panel(layout)
    cs = CELL
    width, height = (p.cols + 1) * cs, (p.rows + 1) * cs
    out = _open(width, height, f"Layout: {p.title}", [f"Layout: {p.title}"])
    font = _value_font(c.value for c in p.cells)
    for c in p.cells:
        x, y = (c.n + 1) * cs, (c.m + 1) * cs
        out.append(_rect(x, y, bwx8(c.value)))
        dark = c.value % 8 >= 6  # white text on the two darkest greys
        out.append(_text(x + cs // 2, y + cs // 2, font, c.value, ' fill="white"' if dark else ""))
    _labels(out, cs, cs, p.rows, p.cols)
    out.append("</svg>\n")
    return "".join(out)


def tv_svg_panel(p: grid.Panel, comment: str = "Layout TV", typed: str | None = None) -> str:
    """With ``typed`` (the TV layout and tile as the user wrote them), the title is that text; the equivalent layout
    drawn (``composition(make_identity_layout(tile), TV)``, strides of coordinates) is the second comment line."""
    cs = CELL
    width, height = (p.cols + 1) * cs, (p.rows + 1) * cs
    if typed is None:
        out = _open(width, height, f"{comment}: {p.title}", [f"{comment}: {p.title}"])
    else:
        title = f"{comment}: {typed}"
        out = _open(width, height, title, [title, f"TV -> (m,n): {p.title}"])
    for c in p.cells:
        _tv_cell(out, (c.n + 1) * cs, (c.m + 1) * cs, c)
    _labels(out, cs, cs, p.rows, p.cols)
    out.append("</svg>\n")
    return "".join(out)


def tv_svg(layout_tv, tile_mn, typed: str | None = None) -> str:
    """The print_latex_tv picture: which thread/value owns each cell of the (M, N) tile (titled with ``typed``, the
    text the user gave, when given)."""
    return tv_svg_panel(grid.tv_panel(layout_tv, tile_mn), typed=typed)


def copy_svg_panels(S, D, tile_mn) -> str:
    M, N = (int(x) for x in tile_mn)
    cs = CELL
    gap = 3
    width, height = (2 * N + gap + 1) * cs, (M + 1) * cs
    out = _open(
        width, height, f"TiledCopy: S {S.title}; D {D.title}", [f"Layout S TV: {S.title}", f"Layout D TV: {D.title}"]
    )
    for c in S.cells:
        _tv_cell(out, (c.n + 1) * cs, (c.m + 1) * cs, c)
    _labels(out, cs, cs, M, N)
    x0 = (N + gap) * cs
    for c in D.cells:
        _tv_cell(out, x0 + c.n * cs, (c.m + 1) * cs, c)
    _labels(out, x0, cs, M, N, row_side="right")
    out.append("</svg>\n")
    return "".join(out)


def copy_svg(tiled_copy) -> str:
    """Source (left) and destination (right) thread/value ownership of a TiledCopy's tile."""
    S, D, tile = grid.copy_panels(tiled_copy)
    return copy_svg_panels(S, D, tile)


def svg_size(text: str) -> tuple[int, int]:
    """(width, height) in px of our SVGs; for CuTe's (100%) pictures, the viewBox size."""
    import re  # start-up: re only where a pattern is needed

    m = re.compile(r'<svg width="(\d+)" height="(\d+)"').search(text)
    if m:
        return int(m.group(1)), int(m.group(2))
    m = re.compile(r'viewBox="0 0 (\d+) (\d+)"').search(text)
    if not m:
        raise ValueError("not an SVG produced by cutedump")
    return int(m.group(1)), int(m.group(2))
