"""CuTe's console views, byte for byte (``cute/util/print_tensor.hpp``), and what ``cutedump layout`` prints.

    print_layout(layout) -> str                    # cute::print_layout of a rank-2 (possibly swizzled) layout
    layout_view(layout) -> (view, note or None)    # the rank-2 view ``cutedump layout`` draws
    layout_text(layout, info=False, coords=False)  # the whole piped output of ``cutedump layout``
    layout_info(layout) / coords_table(layout)     # its --info and --coords parts
    table_cells(view)                              # cells print_layout writes (the --force limit)
"""
from __future__ import annotations

from cutedump.errors import CuteDumpError
from cutedump.algebra import (Layout, C, rank, depth, size, cosize, append, make_layout, get, take, idx2crd,
                              fmt)
from cutedump.algebra.swizzle import ComposedLayout, make_composed_layout
from cutedump.algebra.evaluate import table_list, values_list as values   # start-up: no numpy for small layouts


def num_digits(x: int) -> int:
    """Decimal digits of x (CuTe ``num_digits``)."""
    x = abs(int(x))
    n = 1
    while x >= 10:
        x //= 10
        n += 1
    return n


_DELIM = "+-----------------------"


def format_table(title: str, values, cosize: int, cols: int) -> str:
    """The print_layout table for a rows x cols grid of values under the printed ``title`` (``cols`` given apart:
    a layout with no rows still prints its column header and footer)."""
    w = num_digits(cosize) + 2
    rows = len(values)
    seg = _DELIM[: w + 1]
    out = [title, "\n", "    "]
    out.extend(f"  {n:>{w - 2}} " for n in range(cols))
    out.append("\n")
    rule = "    " + seg * cols + "+\n"
    for m in range(rows):
        out.append(rule)
        out.append(f"{m:2d}  ")
        out.extend(f"| {int(v):>{w - 2}} " for v in values[m])
        out.append("|\n")
    out.append(rule)
    return "".join(out)


def print_layout(layout) -> str:
    """Exactly ``cute::print_layout(layout)`` for a rank-2 (possibly swizzled) layout."""
    base = layout.b if isinstance(layout, ComposedLayout) else layout
    if int(rank(base)) != 2:
        raise CuteDumpError(f"print_layout needs a rank-2 layout; {layout} has rank {int(rank(base))}")
    return format_table(str(layout), table_list(layout), int(cosize(base)), int(size(get(base, 1))))


def layout_view(layout):
    """(view, note): the rank-2 layout ``cutedump layout`` draws with print_layout, and a note line (or None).

    Rank 1 is drawn as ``append<2>(L, _1:_0)`` (as print_latex does; see also grid.as_rank2, which refuses
    rank > 2 as print_latex does), rank > 2 with modes 1.. grouped into the column mode; a composed layout keeps
    its swizzle and offset around the view (make_composed_layout)."""
    base = layout.b if isinstance(layout, ComposedLayout) else layout
    r = int(rank(base))
    if r == 2:
        return layout, None
    if r == 1:
        view = append(base, Layout(C(1), C(0)), 2)
        note = None
    else:
        view = make_layout(get(base, 0), take(base, 1, r))
        note = f"rank {r} layout: modes 1..{r - 1} are grouped into the column mode"
    if isinstance(layout, ComposedLayout):
        view = make_composed_layout(layout.a, layout.offset, view)
    return view, note


def table_cells(view) -> int:
    """How many cells print_layout writes for a rank-2 view: rows x columns, but at least one header cell per
    column and one label per row (a size-0 mode leaves the other mode's whole header)."""
    base = view.b if isinstance(view, ComposedLayout) else view
    m, n = int(size(get(base, 0))), int(size(get(base, 1)))
    return max(m * n, m, n)


def layout_info(layout) -> str:
    """rank, depth, size and cosize of a layout (of the inner layout of a composed one)."""
    base = layout.b if isinstance(layout, ComposedLayout) else layout
    return f"rank:   {rank(base)}\ndepth:  {depth(base)}\nsize:   {size(base)}\ncosize: {cosize(base)}\n"


def coords_table(layout) -> str:
    """The index -> coordinate -> offset table: ``i  idx2crd(i, shape)  L(i)`` for every index i."""
    base = layout.b if isinstance(layout, ComposedLayout) else layout
    vals = values(layout)
    lines = ["idx  coord  offset"]
    for i in range(int(size(base))):
        lines.append(f"{i}  {fmt(idx2crd(i, base.shape))}  {int(vals[i])}")
    return "\n".join(lines) + "\n"


def layout_details(layout, info: bool = False, coords: bool = False) -> str:
    """The --info and --coords parts of ``cutedump layout`` (empty when neither is asked)."""
    return (layout_info(layout) if info else "") + (coords_table(layout) if coords else "")


def layout_text(layout, info: bool = False, coords: bool = False) -> str:
    """What ``cutedump layout`` prints when piped: the note, print_layout of the rank-2 view, the details."""
    view, note = layout_view(layout)
    return (note + "\n" if note else "") + print_layout(view) + layout_details(layout, info, coords)
