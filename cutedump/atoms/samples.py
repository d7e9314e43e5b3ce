"""The per-thread sample table of 001_def41a443f4b8bf4.txt: for a few threads, where each of their values lands.

    tid  0 : ( 0,(0,0)) ( 0,(1,0)) ( 1,(0,0)) ( 1,(1,0)) ...

Each entry is ``idx2crd(layout(tid, vid), target_shape)``, with the first (thread) coordinate right-aligned.
"""

from __future__ import annotations

from cutedump.algebra import Layout, idx2crd, size
from cutedump.algebra.inttuple import is_tuple


def _crd(c) -> str:
    if is_tuple(c):
        return "(" + ",".join(_crd(e) for e in c) + ")"
    return str(int(c))


def default_tids(nthr: int) -> list[int]:
    step = max(1, nthr // 4)
    return list(range(0, nthr, step))


def sample_table(layout: Layout, target_shape, tids=None) -> list[str]:
    """Lines ``tid  t : (...) (...)`` for layout (tid,vid) -> index, indices shown as coordinates of target_shape."""
    nthr, nval = int(size(layout, 0)), int(size(layout, 1))
    tids = default_tids(nthr) if tids is None else list(tids)
    tw = len(str(max(tids))) if tids else 1
    n0 = int(size(target_shape[0])) if is_tuple(target_shape) else int(size(target_shape))
    rw = len(str(n0 - 1))
    lines = []
    for t in tids:
        cells = []
        for v in range(nval):
            c = idx2crd(int(layout(t, v)), target_shape)
            if is_tuple(c):
                cells.append(
                    "("
                    + str(int(c[0]) if not is_tuple(c[0]) else _crd(c[0])).rjust(rw)
                    + ","
                    + ",".join(_crd(e) for e in c[1:])
                    + ")"
                )
            else:
                cells.append("(" + str(int(c)).rjust(rw) + ")")
        lines.append(f"  tid {str(t).rjust(tw)} : " + " ".join(cells))
    return lines
