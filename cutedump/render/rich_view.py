"""Terminal views with rich: layout tables shaded like CuTe's pictures.

Public API::

    rich_layout(layout, width=None) -> rich renderable   # rank 1 / 2 (rank 1 as append<2>(L, _1:_0))
    print_rich_layout(layout, console=None) -> None      # draws rich_layout on a console (stdout by default)
    rich_tv(panel) -> rich renderable                    # a TV grid.Panel: cells "T#/V#" in CuTe's TV palette

The header is CuTe's print of the layout (shape:stride). Cells are shaded with CuTe's TSVGColor_BWx8 greys
(value % 8), white text on the two darkest. Tables wider than the terminal are split into column blocks
("columns a..b") printed one after another; nothing is dropped. rich's Console honours NO_COLOR.
"""

from __future__ import annotations

from cutedump.render import grid

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


def _rgb(s: str) -> str:
    r, g, b = (int(x) for x in s.split(","))
    return f"rgb({r},{g},{b})"


def _value_style(v: int) -> str:
    i = v % 8
    return f"{'white' if i >= 6 else 'black'} on {_rgb(BWX8[i])}"


def _tv_style(tid: int) -> str:
    return f"black on {_rgb(TV[tid % 8])}"


def _blocks(cols: int, cell_w: int, width: int, label_w: int):
    per = max(1, (width - label_w - 4) // (cell_w + 3))
    return [(a, min(cols, a + per)) for a in range(0, cols, per)] or [(0, 0)]


def _table(p: grid.Panel, a: int, b: int, title: str | None, cells, cell_w: int):
    from rich import box
    from rich.table import Table

    t = Table(box=box.SQUARE, show_header=True, header_style="bold", show_lines=True, padding=(0, 1))
    t.add_column("", justify="right", style="bold", no_wrap=True)
    for n in range(a, b):
        t.add_column(str(n), justify="right", no_wrap=True, min_width=cell_w)
    for m in range(p.rows):
        t.add_row(str(m), *[cells[m][n] for n in range(a, b)])
    return t


def _render(p: grid.Panel, texts, styles, width, header):
    from rich.console import Group
    from rich.text import Text

    cell_w = max([len(s) for row in texts for s in row] + [len(str(p.cols - 1)), 1])
    styled = [[Text(texts[m][n], style=styles[m][n]) for n in range(p.cols)] for m in range(p.rows)]
    blocks = _blocks(p.cols, cell_w, width, len(str(p.rows)) + 2)
    parts = []
    for i, (a, b) in enumerate(blocks):
        title = header if len(blocks) == 1 else f"{header}  (columns {a}..{b - 1})"
        parts.append(Text(title, style="bold"))
        parts.append(_table(p, a, b, title, styled, cell_w))
    return Group(*parts)


def rich_layout(layout, width: int | None = None):
    """A rich renderable of print_layout's table: header shape:stride, shaded cells, split when too wide."""
    p = grid.layout_panel(layout)
    t = p.table()
    texts = [[str(v) for v in row] for row in t]
    styles = [[_value_style(v) for v in row] for row in t]
    if width is None:
        from rich.console import Console

        width = Console().width
    return _render(p, texts, styles, width, p.title)


def rich_tv(p: grid.Panel, width: int | None = None):
    t = p.table()
    texts = [["" if c is None else f"T{c[0]}/V{c[1]}" for c in row] for row in t]
    styles = [["" if c is None else _tv_style(c[0]) for c in row] for row in t]
    if width is None:
        from rich.console import Console

        width = Console().width
    return _render(p, texts, styles, width, (p.name + ": " if p.name else "") + p.title)


def print_rich_layout(layout, console=None) -> None:
    from rich.console import Console

    console = console or Console()
    console.print(rich_layout(layout, console.width))
