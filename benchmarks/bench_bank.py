"""`cutedump bank` benchmarks: the full analysis of a 128-thread TiledCopy over a 128x64 half tile, and the
swizzle/padding search, each end to end (a fresh `python -m cutedump` process) and as a ratio to a plain
`cutedump layout` of the same tile; plus the in-process library times (targets: analysis < 100 ms, search < 1 s).

    python benchmarks/bench_bank.py            # or: from benchmarks.bench_bank import bench_bank; bench_bank()
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TILE = "(_128,_64):(_64,_1)"
COPY = [
    "--copy",
    "SM75_U32x4_LDSM_N",
    "--type",
    "half_t",
    "--mma",
    "SM80_16x8x16_F16F16F16F16_TN",
    "--atom-layout",
    "(_2,_2)",
    "--tile",
    "(_32,_32,_16)",
    "--operand",
    "A",
]
ALSO = ["--also", "--copy SM80_CP_ASYNC_CACHEALWAYS<uint128_t> --thr (_16,_8):(_8,_1) --val (_1,_8)"]


def _wall(args, repeat=5) -> float:
    ts = []
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "cutedump", *args], capture_output=True, check=True)
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


def _inproc(fn, repeat=5) -> float:
    ts = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return min(ts)


def bench_bank() -> dict:
    """Seconds: layout / analysis / search end to end, and analysis / search in process."""
    from cutedump.bank.report import CopySpec, copy_report

    def spec():
        return CopySpec(
            "SM75_U32x4_LDSM_N",
            "half_t",
            mma="SM80_16x8x16_F16F16F16F16_TN",
            atom_layout="(_2,_2)",
            tile="(_32,_32,_16)",
            operand="A",
        )

    copy_report(TILE, spec(), fix=False)  # warm the caches of the parser
    r = {
        "layout": _wall(["layout", TILE]),
        "analysis": _wall(["bank", TILE, *COPY, "--no-fix"]),
        "search": _wall(["bank", TILE, *COPY, *ALSO]),
        "analysis_inproc": _inproc(lambda: copy_report(TILE, spec(), fix=False)),
        "search_inproc": _inproc(lambda: copy_report(TILE, spec(), also=[ALSO[1]], fix=True)),
    }
    return r


def report(r: dict) -> list[str]:
    return [
        f"cutedump bank, 128-thread ldmatrix TiledCopy over a 128x64 half tile: {r['analysis'] * 1e3:.0f} ms end "
        f"to end = {r['analysis'] / r['layout']:.2f}x `cutedump layout` of the tile ({r['layout'] * 1e3:.0f} ms); "
        f"in process {r['analysis_inproc'] * 1e3:.1f} ms (target < 100 ms)",
        f"cutedump bank swizzle/padding search (+ cp.async --also): {r['search'] * 1e3:.0f} ms end to end = "
        f"{r['search'] / r['layout']:.2f}x `cutedump layout`; in process {r['search_inproc'] * 1e3:.1f} ms "
        "(target < 1 s)",
    ]


if __name__ == "__main__":
    print("\n".join(report(bench_bank())))
