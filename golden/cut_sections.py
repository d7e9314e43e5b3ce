#!/usr/bin/env python3
"""Cut golden/tiled_copy_c.txt (the recorded dump, verbatim) into one file per copy_V section.

Each output is the recording's header (everything before the first section banner) followed by one section
(from its banner up to the next banner or the end), i.e. exactly what ``cutedump tiled-copy-c --copy-v N``
must print. Writes golden/tiled_copy_c_v<N>.txt; run from anywhere: ``python golden/cut_sections.py``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BANNER = re.compile(r"\n={60}\ncopy_V = (\d+) ")


def cut(text: str) -> dict[int, str]:
    marks = list(BANNER.finditer(text))
    if not marks:
        raise SystemExit("no copy_V section banner found")
    header = text[: marks[0].start()]
    out = {}
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        out[int(m.group(1))] = header + text[m.start() : end]
    return out


def main(argv: list[str]) -> int:
    src = HERE / "tiled_copy_c.txt"
    text = src.read_bytes().decode("utf-8")
    for v, body in cut(text).items():
        dst = HERE / f"tiled_copy_c_v{v}.txt"
        dst.write_bytes(body.encode("utf-8"))
        print(f"wrote {dst.name} ({len(body.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
