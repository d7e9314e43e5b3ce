"""CuTe's ``print_latex`` family (``cute/util/print_latex.hpp``), byte for byte, drawn from grid panels.

Public API (every function returns the exact bytes CuTe prints)::

    print_latex(layout) -> str                 # Layout / ComposedLayout (swizzle), rank 1 or 2
    print_latex_tv(layout_tv, tile_mn) -> str  # print_latex_tv(composition(make_identity_layout(tile), TV), tile)
    print_latex_mma(tiled_mma) -> str          # print_latex(MMA_Atom) / print_latex(TiledMMA)
    print_latex_copy(tiled_copy) -> str        # print_latex(TiledCopy)
    latex_document(obj, **kw) -> str           # dispatch on the object's kind

MMA/copy objects are duck-typed (see grid.mma_parts / grid.copy_coord_tensors).
"""

from __future__ import annotations

from cutedump.algebra import Layout
from cutedump.algebra.swizzle import ComposedLayout
from cutedump.errors import CuteDumpError
from cutedump.render import grid

BWX8 = ("black!00", "black!40", "black!20", "black!60", "black!10", "black!50", "black!30", "black!70")
TV_COLORS = (
    "{rgb,255:red,175;green,175;blue,255}",
    "{rgb,255:red,175;green,255;blue,175}",
    "{rgb,255:red,255;green,255;blue,175}",
    "{rgb,255:red,255;green,175;blue,175}",
    "{rgb,255:red,210;green,210;blue,255}",
    "{rgb,255:red,210;green,255;blue,210}",
    "{rgb,255:red,255;green,255;blue,210}",
    "{rgb,255:red,255;green,210;blue,210}",
)

HEADER = (
    "\\documentclass[convert]{standalone}\n"
    "\\usepackage{tikz}\n\n"
    "\\begin{document}\n"
    "\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n"
)
FOOTER = "\\end{tikzpicture}\n\\end{document}\n"


def _c_mod(a: int, b: int) -> int:
    """C's ``a % b`` (sign of the dividend)."""
    r = abs(a) % b
    return -r if a < 0 else r


def bwx8(idx: int) -> str:
    i = _c_mod(idx, 8)
    if i < 0:  # CuTe would read before its colour table (undefined behaviour); we refuse
        raise CuteDumpError(f"negative index {idx}: CuTe's TikzColor_BWx8 indexes color_map[{i}] (undefined)")
    return BWX8[i]


def tv_color(tid: int, vid: int = 0) -> str:
    return TV_COLORS[tid % 8]


def _label(m: int, n: int, text: int) -> str:
    return f"\\node at ({m},{n}) {{\\Large{{\\texttt{{{text}}}}}}};\n"


def _tv_node(c, m: int, n: int) -> str:
    return f"\\node[fill={tv_color(c.tid, c.vid)}] at ({m},{n}) {{\\shortstack{{T{c.tid} \\\\ V{c.vid}}}}};\n"


def _grid(m0, n0, m1, n1) -> str:
    return f"\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] ({m0},{n0}) grid ({m1},{n1});\n\n"


def latex_layout_panel(p: grid.Panel) -> str:
    out = [f"% Layout: {p.title}\n", HEADER]
    out.extend(f"\\node[fill={bwx8(c.value)}] at ({c.m},{c.n}) {{{c.value}}};\n" for c in p.cells)
    out.append(_grid(0, 0, p.rows, p.cols))
    out.extend(_label(m, -1, m) for m in range(p.rows))
    out.extend(_label(-1, n, n) for n in range(p.cols))
    out.append(FOOTER)
    return "".join(out)


def print_latex(layout) -> str:
    """``cute::print_latex(layout)``: rank-1 layouts are drawn as append<2>(L, _1:_0), swizzled layouts
    (``Sw<..> o _0 o L``, or the smem_ptr_flag form after as_position_independent_swizzle_layout) as is."""
    return latex_layout_panel(grid.layout_panel(layout))


def latex_tv_panel(p: grid.Panel, comment: str = "Layout TV") -> str:
    out = [f"% {comment}: {p.title}\n", HEADER]
    out.extend(_tv_node(c, c.m, c.n) for c in p.cells)
    out.append(_grid(0, 0, p.rows, p.cols))
    out.extend(_label(m, -1, m) for m in range(p.rows))
    out.extend(_label(-1, n, n) for n in range(p.cols))
    out.append(FOOTER)
    return "".join(out)


def print_latex_tv(layout_tv, tile_mn) -> str:
    """``print_latex_tv(composition(make_identity_layout(tile_mn), layout_tv), tile_mn)``: layout_tv maps
    (thread, value) to an index of the column-major tile."""
    return latex_tv_panel(grid.tv_panel(layout_tv, tile_mn))


def latex_mma_panels(C, A, B, tile_mnk) -> str:
    M, N, K = (int(x) for x in tile_mnk)
    out = [f"% LayoutC: {C.title}\n", f"% LayoutA: {A.title}\n", f"% LayoutB: {B.title}\n", HEADER]
    out.extend(_tv_node(c, c.m, c.n) for c in C.cells)
    out.append(_grid(0, 0, M, N))
    out.extend(_tv_node(c, c.m, c.n - K - 1) for c in A.cells)  # A cells are (m, k)
    out.append(_grid(0, -K - 1, M, -1))
    out.extend(_label(m, -1 - K - 1, m) for m in range(M))
    out.extend(_label(-1, k - K - 1, k) for k in range(K))
    out.extend(_tv_node(c, c.n - K - 1, c.m) for c in B.cells)  # B cells are (n, k)
    out.append(_grid(-K - 1, 0, -1, N))
    out.extend(_label(-1 - K - 1, n, n) for n in range(N))
    out.extend(_label(k - K - 1, -1, k) for k in range(K))
    out.append(FOOTER)
    return "".join(out)


def print_latex_mma(tiled_mma) -> str:
    """``cute::print_latex(MMA_Atom)`` / ``print_latex(TiledMMA)``."""
    C, A, B, tile = grid.mma_panels(tiled_mma)
    return latex_mma_panels(C, A, B, tile)


def latex_copy_panels(S, D, tile_mn) -> str:
    M, N = (int(x) for x in tile_mn)
    out = [f"% Layout S TV: {S.title}\n", f"% Layout D TV: {D.title}\n", HEADER]
    out.extend(_tv_node(c, c.m, c.n) for c in S.cells)
    out.append(_grid(0, 0, M, N))
    out.extend(_label(m, -1, m) for m in range(M))
    out.extend(_label(-1, n, n) for n in range(N))
    out.extend(_tv_node(c, c.m, c.n + N + 3) for c in D.cells)
    out.append(_grid(0, N + 3, M, N + N + 3))
    out.extend(_label(m, N + N + 3, m) for m in range(M))
    out.extend(_label(-1, n + N + 3, n) for n in range(N))
    out.append(FOOTER)
    return "".join(out)


def print_latex_copy(tiled_copy) -> str:
    """``cute::print_latex(TiledCopy)``."""
    S, D, tile = grid.copy_panels(tiled_copy)
    return latex_copy_panels(S, D, tile)


def latex_document(obj, tile=None) -> str:
    """Dispatch: layout (or TV layout when ``tile`` is given), TiledMMA / MMA_Atom, TiledCopy."""
    if isinstance(obj, (Layout, ComposedLayout)):
        return print_latex(obj) if tile is None else print_latex_tv(obj, tile)
    if hasattr(obj, "tidfrg_S") or hasattr(obj, "layoutS_TV") or hasattr(obj, "get_layoutS_TV"):
        return print_latex_copy(obj)
    return print_latex_mma(obj)
