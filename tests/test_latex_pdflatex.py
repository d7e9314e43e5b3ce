"""`cutedump latex ... > out.tex` compiles with a real TeX engine, unchanged, and the PDF renders (not blank).

Needs pdflatex (Debian texlive-latex-base + texlive-latex-extra for standalone.cls + texlive-pictures for TikZ)
and pdftoppm (poppler-utils); skipped with the reason otherwise.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
from click.testing import CliRunner

from cutedump.cli import main


def _tex_reason():
    if shutil.which("pdflatex") is None:
        return "pdflatex not found (apt-get install texlive-latex-base texlive-latex-extra texlive-pictures)"
    if shutil.which("pdftoppm") is None:
        return "pdftoppm not found (apt-get install poppler-utils)"
    if shutil.which("kpsewhich"):
        for sty in ("standalone.cls", "tikz.sty"):
            if not subprocess.run(["kpsewhich", sty], capture_output=True, text=True).stdout.strip():
                return f"{sty} not found (texlive-latex-extra / texlive-pictures)"
    return None


pytestmark = [pytest.mark.consumer, pytest.mark.skipif(_tex_reason() is not None, reason=str(_tex_reason()))]

CASES = {
    "layout_l5": ["latex", "(2,(2,3)):(6,(3,1))"],
    "rank1": ["latex", "_8:_1"],
    "swizzle": ["latex", "Sw<3,3,3> o _0 o (_8,_8):(_8,_1)"],
    "smem_swizzle": ["latex", "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"],
    "tv": ["latex", "--tv", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", "--tile", "(_16,_8)"],
    "mma": ["latex", "--mma", "SM80_16x8x8_F16F16F16F16_TN"],
    "tiled_mma": ["latex", "--mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-layout", "(_2,_2)"],
    "copy": ["latex", "--copy", "UniversalCopy<uint32_t>", "--type", "float", "--thr", "(_4,_2)", "--val", "(_1,_2)"],
    "desc_cores_k": ["desc", "0x4000004000010000", "--picture", "latex"],
    "desc_cores_mn": [
        "desc",
        "0x4000008000400040",
        "--major",
        "MN",
        "--type",
        "bfloat16_t",
        "--mn",
        "128",
        "--picture",
        "latex",
    ],
}


def read_pgm(path):
    """(width, height, bytes) of a binary PGM (P5, maxval 255) as written by pdftoppm -gray."""
    data = path.read_bytes()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos : pos + 1].isspace():
            pos += 1
        if data[pos : pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    assert fields[0] == b"P5", fields[0]
    w, h, maxval = int(fields[1]), int(fields[2]), int(fields[3])
    assert maxval == 255
    pixels = data[pos + 1 : pos + 1 + w * h]
    assert len(pixels) == w * h
    return w, h, pixels


@pytest.mark.parametrize("name", sorted(CASES))
def test_pdflatex_compiles_and_renders(tmp_path, name):
    r = CliRunner().invoke(main, CASES[name])
    assert r.exit_code == 0, r.output
    tex = tmp_path / f"{name}.tex"
    tex.write_text(r.output)
    p = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", tex.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stdout[-3000:]
    pdf = tmp_path / f"{name}.pdf"
    assert pdf.exists() and pdf.stat().st_size > 1000
    q = subprocess.run(
        ["pdftoppm", "-gray", "-r", "30", "-singlefile", pdf.name, "page"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert q.returncode == 0, q.stderr
    w, h, px = read_pgm(tmp_path / "page.pgm")
    assert w > 20 and h > 20
    dark = sum(1 for b in px if b < 100)
    assert dark > 0.005 * w * h, f"{name}: page looks blank ({dark} dark pixels of {w * h})"
    assert len(set(px)) > 2  # grid lines, text and fills, not one flat colour
