"""Text picture of tensor memory: which warp's threads read (or write) which TMEM lanes and columns.

Receives finished cells ({warp: {column: bit mask of lanes}}) from cutedump.atoms.tmem; computes no layouts.
"""

from __future__ import annotations


def warp_picture(
    cells: dict,  # {warp: {column: lanes as a bit mask, bit l for lane l}}
    lanes: int = 128,
    lane_step: int = 8,
    max_cols: int = 64,
    head=None,
) -> str:
    """Rows: groups of ``lane_step`` lanes; columns: groups of columns (at most ``max_cols`` across). A cell shows
    the warp (0-3) whose threads touch it, '*' when several warps do, '.' when none."""
    if not any(cells.values()):
        return "(no TMEM cells)"
    ncols = max(max(cols) for cols in cells.values() if cols) + 1
    col_step = 1
    while (ncols + col_step - 1) // col_step > max_cols:
        col_step *= 2
    ncg = (ncols + col_step - 1) // col_step
    nrows = (lanes + lane_step - 1) // lane_step
    grid: dict = {}  # (row, column group) -> the warps touching it
    for w, cols in cells.items():
        groups: dict = {}  # column group -> the lanes of its columns
        for col, m in cols.items():
            g = col // col_step
            groups[g] = groups.get(g, 0) | m
        for g, m in groups.items():
            while m:  # the rows of its lanes, lowest first
                r = ((m & -m).bit_length() - 1) // lane_step
                if r >= nrows:
                    break
                grid.setdefault((r, g), set()).add(w)
                m >>= (r + 1) * lane_step
                m <<= (r + 1) * lane_step
    if head is None:
        head = (
            f"lanes \\ columns (each char: {col_step} column{'s' if col_step > 1 else ''}, each row: {lane_step} lanes)"
        )
    else:  # a template of the caller's language: {cols} columns a character, {lanes} lanes a row
        head = head(col_step, lane_step)
    out = [head]
    for r in range(nrows):
        chars = []
        for c in range(ncg):
            ws = grid.get((r, c))
            chars.append("." if not ws else str(next(iter(ws))) if len(ws) == 1 else "*")
        out.append(f"{r * lane_step:>4}-{r * lane_step + lane_step - 1:<4}|{''.join(chars)}|")
    return "\n".join(out)
