"""The web page's figures (issue 47): ``python benchmarks/bench_web.py [--rounds N] [--site DIR]`` (figures, not
pass/fail; the issue's targets printed beside them). Builds the site with ``bash web/build`` (or takes --site),
serves it from 127.0.0.1 and opens it in headless Chromium (tests/web_page.py):

1. the site's size (target <= 16 MB), by part;
2. the first answer from a cold page: a fresh browser profile (empty cache) opening ``index.html#cmd=layout ...``,
   milliseconds from the navigation's start to the answer shown (the page's ``performance.now()``), and Pyodide's
   part of it (target <= 2.5 s);
3. a second visit: the same browser opening the link again (its cache warm, and the memory snapshot the first visit
   stored in Cache Storage: Python initialised and cutedump imported) (target <= 1.0 s);
4. later answers in the same page (after its warm-up: the modules of one line of each kind imported while it is
   idle after its first answer) beside the same command line's CLI wall time (``python -m cutedump``, a fresh
   process each time, as a user's shell runs it) (target: the page <= 0.5x the CLI).

Medians over the rounds; the machine's load moves them, so run it on a quiet machine."""

from __future__ import annotations

import argparse
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web_page import Page, Server, build_site  # noqa: E402

FIRST = 'layout "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"'
LATER = [
    'layout "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"',
    'eval "composition(((_4,_8),(_2,_2)):((_32,_1),(_16,_8)), (_32,_2))"',
    "mma SM80_16x8x16_F16F16F16F16_TN",
    'svg --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)"',
    "kernel sgemm_sm70_tn --thread 200 --lang en",
    "tilelang auto --shape 64,16 --type float16",
    "desc 0x4000004000010000 --major K --type half_t --lang en",
    'triton "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>" --shape 64,64',
]


def cli_wall(line: str, rounds: int) -> float:
    ts = []
    for _ in range(rounds):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "cutedump", *shlex.split(line)], capture_output=True, check=False)
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--site", type=Path)
    a = ap.parse_args()
    print(f"python: {sys.executable}")
    site = a.site or build_site(Path(tempfile.mkdtemp(prefix="cutedump-site-")))
    files = sorted(p for p in site.rglob("*") if p.is_file())
    total = sum(p.stat().st_size for p in files)
    print(f"1. site {site}: {total:,} bytes = {total / 1e6:.2f} MB = {total / 2**20:.2f} MiB (target <= 16 MB)")
    for part in ("pyodide", "wheels"):
        n = sum(p.stat().st_size for p in files if p.parent.name == part)
        print(f"   {part + '/':9} {n:>12,} bytes")
    srv = Server(site)
    link = srv.url + "#cmd=" + quote(FIRST, safe="-_.!~*'()")
    cold, warm, ready_cold, ready_warm, parts, stored, snap_ms, restored = [], [], [], [], [], [], [], []
    for _ in range(a.rounds):
        p = Page()  # a fresh profile: nothing cached
        try:
            p.open(link)
            cold.append(p.browser.js("window.cutedumpFirstAnswerMs"))
            parts.append(p.browser.js("window.cutedumpTimes"))
            ready_cold.append(p.browser.js("window.cutedumpReadyMs"))
            stored.append(p.snapshot_stored())  # the page stores its memory snapshot when idle after the answer
            snap_ms.append(p.browser.js("window.cutedumpSnapshotMs"))
            p.open(srv.url.replace("index.html", "") + "#")  # leave the page (a navigation, not a reload)
            p.open(link)
            warm.append(p.browser.js("window.cutedumpFirstAnswerMs"))
            restored.append(p.from_snapshot())
            ready_warm.append(p.browser.js("window.cutedumpReadyMs"))
        finally:
            p.close()
    med = statistics.median
    print(
        f"2. first answer, cold page: {med(cold) / 1000:.2f} s (Pyodide + wheels ready at {med(ready_cold) / 1000:.2f} s)"
        f" (target <= 2.5 s; rounds: {', '.join(f'{x / 1000:.2f}' for x in cold)})"
    )
    print(
        f"3. first answer, second visit: {med(warm) / 1000:.2f} s (ready at {med(ready_warm) / 1000:.2f} s)"
        f" (target <= 1.0 s; rounds: {', '.join(f'{x / 1000:.2f}' for x in warm)})"
    )
    print(
        f"   the second visits started from the memory snapshot: {sum(restored)} of {len(restored)} (stored by "
        f"{sum(stored)} first visits, {med(x or 0 for x in snap_ms):.0f} ms each, when idle after the first answer)"
    )
    t = {k: med(x[k] for x in parts) for k in ("pyodide", "unpacked", "imported")}
    print(
        f"   cold, by part: Pyodide started at {t['pyodide'] / 1000:.2f} s, the wheels unpacked by "
        f"{t['unpacked'] / 1000:.2f} s, cutedump's entry imported by {t['imported'] / 1000:.2f} s, then the answer"
    )
    p = Page()
    try:
        p.open(srv.url)
        while not p.browser.js("window.cutedumpWarmed"):  # the page's warm-up after its first answer (app.js)
            time.sleep(0.05)
        print("4. later answers in the same page (once its warm-up is done) vs the CLI (python -m cutedump, wall):")
        ratios = []
        for line in LATER:
            ts = []
            for _ in range(a.rounds):
                p.run(line)
                ts.append(p.browser.js("window.cutedumpLastMs") / 1000)
            page_s, cli_s = med(ts), cli_wall(line, a.rounds)
            ratios.append(ts[0] / cli_s)
            print(
                f"   {ts[0] * 1000:7.1f} ms page (first time; {page_s * 1000:6.1f} ms again)  {cli_s * 1000:7.1f} ms CLI"
                f"  {ts[0] / cli_s:5.2f}x  {line[:60]}"
            )
        print(f"   first-time ratio: median {med(ratios):.2f}x, worst {max(ratios):.2f}x (target <= 0.5x)")
    finally:
        p.close()
        srv.close()


if __name__ == "__main__":
    main()
