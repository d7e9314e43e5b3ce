"""CuTe's console views, byte for byte (``cute/util/print_tensor.hpp``), and what ``cutedump layout`` prints.

print_layout(layout) -> str                    # cute::print_layout of a rank-2 (possibly swizzled) layout
layout_view(layout) -> (view, note or None)    # the rank-2 view ``cutedump layout`` draws
layout_text(layout, info=False, coords=False)  # the whole piped output of ``cutedump layout``
layout_info(layout) / coords_table(layout)     # its --info and --coords parts
table_cells(view)                              # cells print_layout writes (the --force limit)
"""

from __future__ import annotations

from cutedump.algebra import C, Layout, append, cosize, depth, fmt, get, idx2crd, make_layout, rank, size, take
from cutedump.algebra.evaluate import table_list  # start-up: no numpy for small layouts
from cutedump.algebra.evaluate import values_list as values
from cutedump.algebra.swizzle import ComposedLayout, make_composed_layout
from cutedump.errors import CuteDumpError


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
    cell = "| {:>%d} " % (w - 2)
    fmts: dict = {}  # a row of n cells: one format string (one call per row, not per cell)
    for m in range(rows):
        row = values[m]
        f = fmts.get(len(row))
        if f is None:
            f = fmts[len(row)] = cell * len(row) + "|\n"
        out.append(rule)
        out.append(f"{m:2d}  ")
        out.append(f.format(*map(int, row)))
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
    """The index -> coordinate -> offset table: ``i  idx2crd(i, shape)  L(i)`` for every index i.

    ``idx2crd(0, shape)`` (dynamic 0) decides which leaves print as static constants (``_0``: modes of static size
    1 that are not the last of their tuple); every other leaf is ``(i / d) % s`` with d the product of the leaves
    before it (colexicographic), which equals idx2crd's value for every i below size(shape)."""
    base = layout.b if isinstance(layout, ComposedLayout) else layout
    n = int(size(base))
    if n == 0:
        return "idx  coord  offset\n"
    vals = values(layout)
    template, dyn = _coord_template(idx2crd(0, base.shape))
    sizes = [int(x) for x in _leaves(base.shape)]
    strides = [1] * len(sizes)
    for j in range(1, len(sizes)):
        strides[j] = strides[j - 1] * sizes[j - 1]
    cols = [[(i // strides[j]) % sizes[j] for i in range(n)] if sizes[j] else [] for j in dyn]
    rows = zip(*cols) if cols else ((),) * n
    lines = ["idx  coord  offset"]
    lines.extend(f"{i}  {template.format(*c)}  {v}" for i, c, v in zip(range(n), rows, vals))
    return "\n".join(lines) + "\n"


def _leaves(t) -> list:
    return [x for e in t for x in _leaves(e)] if isinstance(t, tuple) else [t]


def _coord_template(proto) -> tuple[str, list[int]]:
    """(format string of a coordinate like proto, indices of its dynamic leaves in flattened order)."""
    dyn: list[int] = []
    counter = [0]

    def go(t) -> str:
        if isinstance(t, tuple):
            return "(" + ",".join(go(e) for e in t) + ")"
        k = counter[0]
        counter[0] += 1
        if isinstance(t, C):
            return fmt(t)
        dyn.append(k)
        return "{}"

    return go(proto), dyn


def layout_details(layout, info: bool = False, coords: bool = False) -> str:
    """The --info and --coords parts of ``cutedump layout`` (empty when neither is asked)."""
    return (layout_info(layout) if info else "") + (coords_table(layout) if coords else "")


def layout_text(layout, info: bool = False, coords: bool = False) -> str:
    """What ``cutedump layout`` prints when piped: the note, print_layout of the rank-2 view, the details."""
    view, note = layout_view(layout)
    return (note + "\n" if note else "") + print_layout(view) + layout_details(layout, info, coords)
