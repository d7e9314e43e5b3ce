"""`cutedump html` pages in headless Chromium, driven through the DevTools protocol (over --remote-debugging-pipe,
no extra packages): a real mouse hover shows the tooltip (its text checked against what real CuTe says about the
same cell), a click highlights every value of a thread, and the screenshot shows picture, tooltip and highlight.

Needs Debian's `chromium` (or chromium-browser / google-chrome); skipped with the reason otherwise.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from cutedump.commands.latex_cmd import build_picture
from cutedump.render import grid, html
from tests.oracle.cute import run_cases, unavailable_reason
from tests.test_svg_browser import read_png


def _browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(name)
        if p:
            return p
    return None


pytestmark = [
    pytest.mark.consumer,
    pytest.mark.skipif(_browser() is None, reason="chromium not found (apt-get install chromium)"),
    pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason())),
]


class Chromium:
    """A headless Chromium page driven by the DevTools protocol over a pipe (fd 3 in, fd 4 out)."""

    def __init__(self, width=1400, height=900):
        self.profile = tempfile.mkdtemp(prefix="cutedump-chromium-")
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()
        # the browser reads fd 3 and writes fd 4: move our pipe ends above them, let bash place them (dash takes single-digit descriptors only)
        hi_r, hi_w = fcntl.fcntl(to_r, fcntl.F_DUPFD, 10), fcntl.fcntl(from_w, fcntl.F_DUPFD, 10)
        os.close(to_r)
        os.close(from_w)
        args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-quic",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--remote-debugging-pipe",
            f"--user-data-dir={self.profile}",
            "about:blank",
        ]
        self.proc = subprocess.Popen(
            ["bash", "-c", f'exec "$0" "$@" 3<&{hi_r} 4>&{hi_w} {hi_r}<&- {hi_w}>&-', _browser(), *args],
            pass_fds=(hi_r, hi_w),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(hi_r)
        os.close(hi_w)
        self.buf, self.next_id, self.events = b"", 0, []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
            session=True,
        )

    def _read(self, deadline):
        while b"\0" not in self.buf:
            left = deadline - time.time()
            if left <= 0 or not select.select([self.from_r], [], [], left)[0]:
                raise TimeoutError("no answer from chromium")
            chunk = os.read(self.from_r, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, session=False, timeout=60, **params):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params}
        if session:
            msg["sessionId"] = self.session
        os.write(self.to_w, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            m = self._read(deadline)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def js(self, expr):
        r = self.call("Runtime.evaluate", session=True, expression=expr, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expr}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def open(self, path):
        self.call("Page.navigate", session=True, url=path.as_uri())
        for _ in range(200):
            if self.js("document.readyState") == "complete":
                return
            time.sleep(0.05)
        raise TimeoutError("page did not load")

    def mouse(self, kind, x, y):
        extra = {"button": "left", "clickCount": 1} if kind != "mouseMoved" else {}
        self.call("Input.dispatchMouseEvent", session=True, type=kind, x=x, y=y, **extra)

    def screenshot(self, png):
        data = self.call("Page.captureScreenshot", session=True, format="png")["data"]
        png.write_bytes(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close", timeout=10)
        except Exception:  # noqa: BLE001 - the process is ended below anyway
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.close(self.to_w)
        os.close(self.from_r)
        shutil.rmtree(self.profile, ignore_errors=True)


@pytest.fixture(scope="module")
def browser():
    b = Chromium()
    yield b
    b.close()


FMA = ["--mma", "UniversalFMA<float,float,float>", "--atom-layout", "(_16,_16,_1)"]
FMA_CPP = "auto mma = make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_16,_16,_1>>{});"
SM80 = ["--mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-layout", "(_2,_2)", "--tile", "(_32,_32,_16)"]
SM80_CPP = "auto mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{});"


def _holders_cpp(setup, which, rows, m, n):
    """C++ listing every (thread, value) whose get_layoutX_TV maps to element (m, n) of the rows-high tile."""
    return (
        f"{setup} auto tv = mma.get_layout{which}_TV(); bool first = true;\n"
        "for (int t = 0; t < int(size<0>(tv)); ++t) for (int v = 0; v < int(size<1>(tv)); ++v) {\n"
        f"  int i = tv(t, v); if (i % {rows} == {m} && i / {rows} == {n}) {{\n"
        '    printf("%sT%d V%d", first ? "" : ", ", t, v); first = false; } }'
    )


@pytest.fixture(scope="module")
def cute():
    cases = {
        "fma A(0,0)": _holders_cpp(FMA_CPP, "A", 16, 0, 0),
        "fma B(3,0)": _holders_cpp(FMA_CPP, "B", 16, 3, 0),
        "sm80 B(5,2)": _holders_cpp(SM80_CPP, "B", 32, 5, 2),
        "sm80 A(17,9)": _holders_cpp(SM80_CPP, "A", 32, 17, 9),
        "layout(1,2)": "print(make_layout(make_shape(2,make_shape(2,3)), make_stride(6,make_stride(3,1)))(1,2));",
    }
    return dict(zip(cases, run_cases(list(cases.values()))))


def _page(tmp_path, args, name):
    r = CliRunner().invoke(main, ["html", *args])
    assert r.exit_code == 0, r.output
    p = tmp_path / f"{name}.html"
    p.write_text(r.output)
    return p


def _hover(b, tip_prefix):
    """Move the mouse onto the cell whose tooltip starts with tip_prefix; return the tooltip as displayed."""
    xy = b.js(
        "(() => { const root = document.getElementById('cutedump'); "
        "const c = [...document.querySelectorAll('.cd-c')].find(e => root.tipOf(e).startsWith("
        f"{json.dumps(tip_prefix)})); if (!c) return null; c.scrollIntoView({{block: 'center'}}); "
        "const r = c.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"
    )
    assert xy is not None, f"no cell {tip_prefix!r}"
    b.mouse("mouseMoved", xy[0] + 3, xy[1] + 3)
    b.mouse("mouseMoved", *xy)
    shown = b.js(
        "(() => { const t = document.querySelector('.cd-tip'); "
        "return getComputedStyle(t).display === 'none' ? null : t.textContent; })()"
    )
    return xy, shown


def _count(rows, pred):
    return sum(1 for row in rows for px in row if pred(px))


@pytest.mark.parametrize(
    "args,name,prefix,key",
    [
        (FMA, "fma", "A element (0,0): ", "fma A(0,0)"),
        (FMA, "fma", "B element (3,0): ", "fma B(3,0)"),
        (SM80, "sm80", "B element (5,2): ", "sm80 B(5,2)"),
        (SM80, "sm80", "A element (17,9): ", "sm80 A(17,9)"),
    ],
)
def test_hover_lists_every_thread_holding_the_element(browser, cute, tmp_path, args, name, prefix, key):
    """NVIDIA/cutlass #2265: a replicated operand's element is held by several threads; the tooltip lists them all,
    exactly the (thread, value) pairs real CuTe's get_layoutX_TV maps to that element."""
    browser.open(_page(tmp_path, args, name))
    _xy, shown = _hover(browser, prefix)
    assert shown == prefix + cute[key]
    assert len(cute[key].split(", ")) >= (2 if name == "fma" or "B" in key else 1)


def test_layout_hover_and_offset_click(browser, cute, tmp_path):
    browser.open(_page(tmp_path, ["(2,(2,3)):(6,(3,1))"], "layout"))
    xy, shown = _hover(browser, "coordinate (1,2) ")
    assert shown == f"coordinate (1,2) | index 5 | offset {cute['layout(1,2)']}"
    browser.mouse("mousePressed", *xy)
    browser.mouse("mouseReleased", *xy)
    assert (
        browser.js("document.querySelector('.cd-status').textContent")
        == f"offset {cute['layout(1,2)']}: 1 cell highlighted"
    )


def test_click_highlights_a_thread_and_screenshot(browser, cute, tmp_path):
    browser.open(_page(tmp_path, FMA, "fma"))
    png0 = tmp_path / "before.png"
    browser.screenshot(png0)
    w, h, rows0 = read_png(png0)
    assert (w, h) == (1400, 900)
    assert _count(rows0, lambda px: sum(px) < 200) > 0.002 * w * h, "the page looks blank"
    assert _count(rows0, lambda px: px == (175, 175, 255)) > 1000, "no thread-coloured cells"
    xy, shown = _hover(browser, "A element (0,0): ")
    holders = [t.split()[0][1:] for t in cute["fma A(0,0)"].split(", ")]
    browser.mouse("mousePressed", *xy)
    browser.mouse("mouseReleased", *xy)
    first = browser.js(
        "[...document.querySelectorAll('.cd-hl')].map(e => document.getElementById('cutedump').tipOf(e))"
    )
    assert browser.js("document.querySelector('.cd-status').textContent").startswith(f"thread {holders[0]}: ")
    assert first and all(f"T{holders[0]} V" in tip for tip in first)
    # every cell whose holders include this thread is highlighted, and no other
    expect = browser.js(
        f"[...document.querySelectorAll('.cd-c')].filter(e => document.getElementById('cutedump')"
        f".threadsOf(e).includes('{holders[0]}')).length"
    )
    assert len(first) == expect == 3  # one A, one B and one C element per thread of a 16x16x1 FMA tiling
    browser.mouse("mousePressed", *xy)  # a second click: the next thread holding A(0,0)
    browser.mouse("mouseReleased", *xy)
    assert browser.js("document.querySelector('.cd-status').textContent").startswith(f"thread {holders[1]}: ")
    png1 = tmp_path / "after.png"
    browser.screenshot(png1)
    _, _, rows1 = read_png(png1)
    red = _count(rows1, lambda px: px[0] > 180 and px[1] < 60 and px[2] < 60)
    tip = _count(rows1, lambda px: px == (255, 255, 232))
    assert red > 20, "no highlight drawn"
    assert tip > 200, "no tooltip drawn"


_CELLS = (
    "(() => { const r = document.getElementById('cutedump'); return [...document.querySelectorAll('.cd-c')]"
    ".map(c => [c.dataset.p || '', r.tipOf(c), r.threadsOf(c).join(' ')]); })()"
)
_SELECT = (
    "(t => { const r = document.getElementById('cutedump'); r.selectThread(t); return [document.querySelector("
    "'.cd-status').textContent, [...document.querySelectorAll('.cd-hl')].map(c => r.tipOf(c))]; })"
)


def test_compact_panels_show_the_same_holders(browser, tmp_path, monkeypatch):
    """A panel with more than html.INLINE_PAIRS (thread, value) pairs carries its TV layout once and the script
    derives each cell's holders: with every panel compact, every tooltip, thread list and thread selection is the
    one of the page that lists the holders in every cell."""
    inline = _page(tmp_path, SM80, "inline")
    monkeypatch.setattr(html, "INLINE_PAIRS", 0)
    compact = _page(tmp_path, SM80, "compact")
    text = compact.read_text()
    assert 'class="cd-tv"' in text and "data-t=" not in text and "data-t=" in inline.read_text()
    browser.open(inline)
    want = browser.js(_CELLS), [browser.js(f"{_SELECT}('{t}')") for t in ("0", "5", "127", "128", "x")]
    browser.open(compact)
    got = browser.js(_CELLS), [browser.js(f"{_SELECT}('{t}')") for t in ("0", "5", "127", "128", "x")]
    assert len(want[0]) == 32 * 32 + 2 * 32 * 16 and got == want


def test_sm90_ss_operand_hover_lists_all_holders(browser, tmp_path):
    """The SS-GMMA operand is held whole by every thread (2 x 128 threads here): the page stays small (the TV data
    once, not 256 holders in each of 2,048 cells) and the hovered tooltip still lists every holder."""
    args = ["--mma", "SM90_64x64x16_F16F16F16_SS", "--atom-layout", "(_1,_2,_1)"]
    page = _page(tmp_path, args, "sm90")
    assert page.stat().st_size < 4_000_000
    _, obj, _ = build_picture(
        layout=None,
        tv=None,
        tile=None,
        mma=args[1],
        atom_layout=args[3],
        copy=None,
        value_type=None,
        thr=None,
        val=None,
        copy_for=None,
        force=False,
    )
    (M, N, K), _, la, _ = grid.mma_parts(obj)
    m, k = grid.coord_tensor((M, K), la).coord_arrays()
    want = ", ".join(f"T{t} V{v}" for t, v in zip(*((m == 3) & (k == 5)).nonzero()))
    assert len(want.split(", ")) == 256
    browser.open(page)
    xy, shown = _hover(browser, "A element (3,5): ")
    assert shown == "A element (3,5): " + want
    browser.mouse("mousePressed", *xy)
    browser.mouse("mouseReleased", *xy)
    assert browser.js("document.querySelector('.cd-status').textContent").startswith("thread 0: ")
