"""Every picture sizes itself to its text: each picture kind (layout, TV, copy, MMA SVGs, their HTML pages, desc's
core-matrix SVG and HTML, bank's SVG) is opened in headless Chromium, which measures every <text> (getBBox, the
font the browser really uses) against its <svg>'s width and height; no word may run past the picture's edge.

Needs Debian's `chromium` (or chromium-browser / google-chrome); skipped with the reason otherwise.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile

import pytest
from click.testing import CliRunner

from cutedump.cli import main


def _browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(name)
        if p:
            return p
    return None


pytestmark = [
    pytest.mark.consumer,
    pytest.mark.slow,
    pytest.mark.skipif(_browser() is None, reason="chromium not found (apt-get install chromium)"),
]

CASES = {
    "desc_svg": ["desc", "0x4000004000010000", "--picture", "svg"],
    "desc_svg_mn_float": ["desc", "0x4000004000010000", "--major", "MN", "--type", "float", "--picture", "svg"],
    "desc_html": ["desc", "0x4000004000010000", "--picture", "html"],
    "desc_umma_html": ["desc", "0x4000404000010000", "--kind", "umma", "--picture", "html"],
    "layout_svg": ["svg", "(2,(2,3)):(6,(3,1))"],
    "swizzle_svg": ["svg", "Sw<3,3,3> o _0 o (_8,_8):(_8,_1)"],
    "rank1_svg": ["svg", "_8:_1"],
    "tv_svg": ["svg", "--tv", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", "--tile", "(_16,_8)"],
    "copy_svg": ["svg", "--copy", "SM75_U32x4_LDSM_N", "--type", "half_t", "--thr", "(_32,_1)", "--val", "(_1,_8)"],
    "mma_svg": ["svg", "--mma", "SM80_16x8x8_F16F16F16F16_TN"],
    "layout_html": ["html", "(2,(2,3)):(6,(3,1))"],
    "tv_html": ["html", "--tv", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", "--tile", "(_16,_8)"],
    "copy_html": ["html", "--copy", "SM75_U32x4_LDSM_N", "--type", "half_t", "--thr", "(_32,_1)", "--val", "(_1,_8)"],
    "mma_html": ["html", "--mma", "SM80_16x8x8_F16F16F16F16_TN"],
    "bank_svg": [
        "bank",
        "(_64,_32):(_32,_1)",
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
        "--format",
        "svg",
    ],
}

# measures every <text> of every <svg> (its width/height attributes or viewBox) and writes the overflows as JSON
PROBE = """<script>
window.addEventListener('load', () => {
  const out = [];
  for (const s of document.querySelectorAll('svg')) {
    const vb = s.viewBox && s.viewBox.baseVal;
    const W = vb && vb.width ? vb.width : s.width.baseVal.value, H = vb && vb.height ? vb.height : s.height.baseVal.value;
    for (const t of s.querySelectorAll('text')) {
      if (!t.textContent.trim()) continue;
      const b = t.getBBox();
      const m = t.getCTM(), r = s.getCTM ? s.getCTM() : null;
      // the box in the svg's user space: the text's transform relative to the svg's
      const pt = (x, y) => { const p = s.createSVGPoint(); p.x = x; p.y = y;
        return p.matrixTransform(r ? r.inverse().multiply(m) : m); };
      const a = pt(b.x, b.y), c = pt(b.x + b.width, b.y + b.height);
      const x0 = Math.min(a.x, c.x), x1 = Math.max(a.x, c.x), y0 = Math.min(a.y, c.y), y1 = Math.max(a.y, c.y);
      if (x0 < -0.5 || y0 < -0.5 || x1 > W + 0.5 || y1 > H + 0.5)
        out.push({case: (s.closest('[data-case]') || {dataset: {}}).dataset.case, text: t.textContent.slice(0, 60),
                  x0, x1, y0, y1, W, H});
    }
  }
  const n = {};
  for (const c of document.querySelectorAll('[data-case]')) n[c.dataset.case] = c.querySelectorAll('svg text').length;
  const pre = document.createElement('pre'); pre.id = 'cutedump-probe';
  pre.textContent = JSON.stringify({texts: n, overflow: out});
  document.body.appendChild(pre);
});
</script>"""


def _body(output: str) -> str:
    """A picture's markup to put in one page: an SVG as it is, an HTML page's body."""
    if "<body" in output:
        i = output.index(">", output.index("<body")) + 1
        return output[i : output.rindex("</body>")]
    return output


def _page(outputs: dict) -> str:
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>"
        + "".join(f'<div data-case="{n}">{_body(o)}</div>' for n, o in outputs.items())
        + PROBE
        + "</body></html>"
    )


def _probe(html: str) -> dict:
    with tempfile.TemporaryDirectory() as d:
        path = f"{d}/page.html"
        with open(path, "w", encoding="utf-8") as f:
            f.write(html)
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
            f"--user-data-dir={d}/profile",
            "--virtual-time-budget=5000",
            "--dump-dom",
            "file://" + path,
        ]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    dom = p.stdout
    i = dom.find('<pre id="cutedump-probe">')
    assert i >= 0, f"the probe did not run: {p.stderr[-1500:]}"
    body = dom[i + len('<pre id="cutedump-probe">') : dom.index("</pre>", i)]
    return json.loads(body.replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))


@pytest.fixture(scope="module")
def measured():
    """One Chromium run measures every case's picture (one page of them all)."""
    outs = {}
    for name, argv in CASES.items():
        r = CliRunner().invoke(main, argv)
        assert r.exit_code == 0, (name, r.output)
        outs[name] = r.stdout
    return _probe(_page(outs))


@pytest.mark.parametrize("name", sorted(CASES))
def test_no_text_runs_past_the_picture(measured, name):
    assert measured["texts"].get(name, 0) > 0, f"{name}: no text measured"
    over = [o for o in measured["overflow"] if o["case"] == name]
    assert not over, f"{name}: text past the picture's edge: {over[:5]}"
