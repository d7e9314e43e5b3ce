"""Text picture of tensor memory: which warp's threads read (or write) which TMEM lanes and columns.

Receives finished cells ({(lane, column): threads}) from cutedump.atoms.tmem; computes no layouts.
"""
from __future__ import annotations


def warp_picture(cells: dict,  # {(lane, column): warps}
                  lanes: int = 128, lane_step: int = 8, max_cols: int = 64) -> str:
    """Rows: groups of ``lane_step`` lanes; columns: groups of columns (at most ``max_cols`` across). A cell shows
    the warp (0-3) whose threads touch it, '*' when several warps do, '.' when none."""
    if not cells:
        return "(no TMEM cells)"
    ncols = max(c for _l, c in cells) + 1
    col_step = 1
    while (ncols + col_step - 1) // col_step > max_cols:
        col_step *= 2
    grid: dict = {}
    for (lane, col), ts in cells.items():
        key = (lane // lane_step, col // col_step)
        grid.setdefault(key, set()).update(ts)
    ncg = (ncols + col_step - 1) // col_step
    head = f"lanes \\ columns (each char: {col_step} column{'s' if col_step > 1 else ''}, each row: {lane_step} lanes)"
    out = [head]
    for r in range((lanes + lane_step - 1) // lane_step):
        row = []
        for c in range(ncg):
            ws = grid.get((r, c))
            row.append("." if not ws else str(next(iter(ws))) if len(ws) == 1 else "*")
        out.append(f"{r * lane_step:>4}-{r * lane_step + lane_step - 1:<4}|{''.join(row)}|")
    return "\n".join(out)
