"""SVG pictures open in headless Chromium: the screenshot has the expected size and is not blank.

Needs Debian's `chromium` (or chromium-browser / google-chrome); skipped with the reason otherwise.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import tempfile
import zlib

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from cutedump.render.svg import svg_size


def _browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(name)
        if p:
            return p
    return None


pytestmark = [
    pytest.mark.consumer,
    pytest.mark.skipif(_browser() is None, reason="chromium not found (apt-get install chromium)"),
]

CASES = {
    "layout_l5": ["svg", "(2,(2,3)):(6,(3,1))"],
    "swizzle": ["svg", "Sw<3,3,3> o _0 o (_8,_8):(_8,_1)"],
    "rank1": ["svg", "_8:_1"],
    "tv": ["svg", "--tv", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", "--tile", "(_16,_8)"],
    "copy": ["svg", "--copy", "SM75_U32x4_LDSM_N", "--type", "half_t", "--thr", "(_32,_1)", "--val", "(_1,_8)"],
    "mma_cute": ["svg", "--mma", "SM80_16x8x8_F16F16F16F16_TN"],
}


def read_png(path):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB/RGBA non-interlaced PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, w = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and interlace == 0, (depth, ctype, interlace)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(h):
        f = raw[i]
        line = bytearray(raw[i + 1 : i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[x] = (line[x] + pr) & 255
        rows.append([tuple(line[x : x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return w, h, rows


def screenshot(svg_path, png_path, width, height):
    with tempfile.TemporaryDirectory() as profile:
        cmd = [
            _browser(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            f"--user-data-dir={profile}",
            f"--screenshot={png_path}",
            f"--window-size={width},{height}",
            svg_path.as_uri(),
        ]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert png_path.exists(), p.stderr[-2000:]


@pytest.mark.parametrize("name", sorted(CASES))
def test_svg_renders_in_chromium(tmp_path, name):
    r = CliRunner().invoke(main, CASES[name])
    assert r.exit_code == 0, r.output
    svg = tmp_path / f"{name}.svg"
    svg.write_text(r.output)
    w, h = svg_size(r.output)
    png = tmp_path / f"{name}.png"
    screenshot(svg, png, w, h)
    pw, ph, rows = read_png(png)
    assert (pw, ph) == (w, h)
    colours = {px for row in rows for px in row}
    dark = sum(1 for row in rows for px in row if sum(px) < 200)
    assert dark > 0.002 * w * h, f"{name}: screenshot looks blank ({dark} dark pixels)"
    assert len(colours) > 3, f"{name}: only {len(colours)} colours"
    if name != "mma_cute":  # our pictures fill their canvas; the cells' greys/palette must show up
        assert any(px != (255, 255, 255) and max(px) - min(px) < 8 and sum(px) < 700 for px in colours) or any(
            max(px) - min(px) > 30 for px in colours
        )
