"""Text picture of tensor memory: which warp's threads read (or write) which TMEM lanes and columns.

Receives finished cells ({warp: set of lane << 16 | column}) from cutedump.atoms.tmem; computes no layouts.
"""
from __future__ import annotations


def warp_picture(cells: dict,  # {warp: set of cells, lane << 16 | column}
                  lanes: int = 128, lane_step: int = 8, max_cols: int = 64) -> str:
    """Rows: groups of ``lane_step`` lanes; columns: groups of columns (at most ``max_cols`` across). A cell shows
    the warp (0-3) whose threads touch it, '*' when several warps do, '.' when none."""
    if not any(cells.values()):
        return "(no TMEM cells)"
    ncols = max(max(c & 0xFFFF for c in cs) for cs in cells.values() if cs) + 1
    col_step = 1
    while (ncols + col_step - 1) // col_step > max_cols:
        col_step *= 2
    grid: dict = {}
    for w, cs in cells.items():
        for key in {((c >> 16) // lane_step, (c & 0xFFFF) // col_step) for c in cs}:
            grid.setdefault(key, set()).add(w)
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
