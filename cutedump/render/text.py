"""CuTe's console views, byte for byte (``cute/util/print_tensor.hpp``)."""
from __future__ import annotations

from cutedump.errors import CuteDumpError
from cutedump.algebra import rank, cosize
from cutedump.algebra.swizzle import ComposedLayout
from cutedump.algebra.evaluate import table_list


def num_digits(x: int) -> int:
    """Decimal digits of x (CuTe ``num_digits``)."""
    x = abs(int(x))
    n = 1
    while x >= 10:
        x //= 10
        n += 1
    return n


_DELIM = "+-----------------------"


def format_table(title: str, values, cosize: int) -> str:
    """The print_layout table for a rows x cols grid of values under the printed ``title``."""
    w = num_digits(cosize) + 2
    rows = len(values)
    cols = len(values[0]) if rows else 0
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
    return format_table(str(layout), table_list(layout), int(cosize(base)))
