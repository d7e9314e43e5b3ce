"""The web page (issue 47) in headless Chromium: the site that ``bash web/build`` writes, served from 127.0.0.1 under
a subfolder, answers command lines of every command (the examples of its menu: the README's and every --help's,
refusals, a file the user gives) with the bytes the CLI prints; a shared link (``index.html#cmd=...``) answers on
open; and no request leaves the site's origin (the browser's request log)."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

import pytest

from cutedump.commands.declarations import SUMMARIES
from tests.paths import PKG
from tests.web_page import Page, Server, build_site, missing

pytestmark = [pytest.mark.consumer, pytest.mark.skipif(missing() is not None, reason=str(missing()))]

KERNEL_TOML = (PKG / "kernel" / "examples" / "sgemm_sm70_tn.toml").read_text(encoding="utf-8")
CASES = "size((_4,8))\nleft_inverse((_8,(_4,_2)):(_1,(_32,_16)))\ncomposition((_4,_8):(_1,_4)\n"

#: command lines beyond the menu's examples: refusals (one `error:` line, exit 2), usage errors and help pages
#: (click's words), a shell quote left open, the top-level help; and lines reading a file the user gives the page
MORE = [
    'layout "(_4,_8"',
    "layout --no-such-option",
    "mma NO_SUCH_ATOM",
    'eval "composition((_4,_8):(_1,_4), (_3,_2):(_1,_3))"',
    "bank --help",
    "--help",
    "",
    "--version",
    "nosuchcommand",
    'eval "upcast<2>((_4,_8):(_1,_4))" "get<1,0>((_4,(_2,_3)):(_1,(_4,_8)))"',
    'layout "(_8,_8):(_8,_1)" --format json',
    'svg "(_4,_8):(_8,_1)"',
    'html "(_4,_8):(_8,_1)"',
    'latex "(_4,_8):(_8,_1)"',
    "golden verify",
    "tiled-copy-c --lang en",
    "tiled-copy-c",
    "tilelang linear --shape 3,8,64 --format json --values",
]
TTGIR = """\
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%arg0: !tt.ptr<f32>) {
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
"""
FILES = [
    ("triton --ttgir k.ttgir", ("k.ttgir", TTGIR)),
    ("triton --ttgir k.ttgir --format json", ("k.ttgir", TTGIR)),
    ("kernel my_kernel.toml --params", ("my_kernel.toml", KERNEL_TOML)),
    ("kernel my_kernel.toml --set M=4096 --set bK=_32 --format json", ("my_kernel.toml", KERNEL_TOML)),
    ("eval -f cases.txt", ("cases.txt", CASES)),
]


JS_SAFE = "-_.!~*'()"  # what encodeURIComponent leaves as it is


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return build_site(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="module")
def server(site):
    s = Server(site)
    yield s
    s.close()


@pytest.fixture(scope="module")
def page(server):
    p = Page()
    p.open(server.url)
    yield p
    p.close()


def _lines(site: Path):
    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    lines = [line for group in manifest["examples"].values() for line in group]
    return lines + MORE


def cli(line: str, cwd: Path, file=None):
    """-> (exit status, standard output, standard error) of ``python -m cutedump`` + the line's words, in a folder
    holding the file (if any), standard input empty and not a terminal."""
    if file:
        (cwd / file[0]).write_text(file[1], encoding="utf-8")
    # the CLI as a user runs it, with the page's defaults (conftest pins CUTEDUMP_CUTLASS to the records' 4.2)
    env = {k: v for k, v in os.environ.items() if k not in ("CUTEDUMP_LANG", "CUTEDUMP_CUTLASS", "COLUMNS", "LINES")}
    r = subprocess.run(
        [sys.executable, "-m", "cutedump", *shlex.split(line)],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=300,
    )
    return r.returncode, r.stdout.decode(), r.stderr.decode()


@pytest.fixture(scope="module")
def expected(site, tmp_path_factory):
    """(command line, file, the CLI's (exit status, stdout, stderr)) for every line the page is asked."""
    lines = _lines(site)
    cmds = {shlex.split(line)[0] for line in lines if line and not line.startswith("-")}
    assert set(SUMMARIES) <= cmds | {"golden"}, set(SUMMARIES) - cmds
    cases = [(line, None) for line in lines] + FILES
    assert len(cases) >= 40
    cwd = tmp_path_factory.mktemp("cli")
    with ThreadPoolExecutor(2) as pool:
        return [
            (line, file, want) for (line, file), want in zip(cases, pool.map(lambda c: cli(c[0], cwd, c[1]), cases))
        ]


@pytest.mark.parametrize("start", ["cold", "snapshot"])
def test_every_command_answers_as_the_cli(server, page, expected, start):
    """The same lines in a page started cold (Python initialised in the page) and in a page started from the memory
    snapshot the first one stored (the second visit's)."""
    if start == "snapshot":
        assert page.snapshot_stored()
        page.open(server.origin + "/sub/")  # away, and back: the second visit
        page.open(server.url)
        assert page.from_snapshot()
    else:
        assert not page.from_snapshot()
    bad = []
    for line, file, (code, out, err) in expected:
        state, got_code, answer, got_err = page.run(line, file)
        expect = out if code == 0 else out + err
        got = (state, got_code, answer, got_err)
        if got != ("done" if code == 0 else "error", code, expect, err if code == 0 else ""):
            bad.append(
                f"$ cutedump {line}\n page: {state} {got_code}\n{answer[:300]}{got_err[:300]}\n cli: {code}\n{expect[:300]}"
            )
    assert not bad, f"{len(bad)} of {len(expected)} differ:\n" + "\n".join(bad)


def test_a_shared_link_answers_on_open(server, tmp_path):
    line = 'mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)"'
    code, out, _ = cli(line, tmp_path)
    p = Page()
    try:
        p.open(server.url + "#cmd=" + quote(line, safe=JS_SAFE))
        assert p.state() == "done" and p.answer() == out
        urls = p.requests()  # each file once: the page's preloads are the requests Pyodide and app.js use
        assert len(urls) == len(set(urls)) and sum(u.endswith(".wasm") for u in urls) == 1, urls
        assert p.browser.js("document.getElementById('cmd').value") == line
        assert p.browser.js("document.getElementById('share').getAttribute('href')") == "#cmd=" + quote(
            line, safe=JS_SAFE
        )
        bad = 'layout "(_4,_8"'
        p.open(server.url + "#cmd=" + quote(bad, safe=JS_SAFE))
        code, out, err = cli(bad, tmp_path)
        assert p.state() == "error" and p.answer() == out + err and err.startswith("error: ")
    finally:
        p.close()


def test_no_request_leaves_the_origin(server, page):
    page.run('svg "(_4,_8):(_8,_1)"')
    page.run('html "(_4,_8):(_8,_1)"')
    urls = page.requests()
    assert any(u.endswith("pyodide.asm.wasm") for u in urls) and any("/wheels/cutedump-" in u for u in urls)
    outside = [u for u in urls if not (u.startswith(server.origin + "/sub/") or u.startswith(("data:", "blob:")))]
    assert not outside, outside
    assert all(p.startswith("/sub/") for p in server.log), server.log


def test_views_of_the_answer(page):
    """svg and html answers drawn inline (an image, a sandboxed frame), JSON pretty-printed, LaTeX as text; each
    downloadable under its kind's name; #answer keeps the CLI's text whatever shows."""
    js = page.browser.js

    def views():
        return js(
            "[document.getElementById('picture').hidden, document.getElementById('pretty').hidden, "
            "document.getElementById('answer').hidden, document.getElementById('download').download, "
            "(document.querySelector('#picture img, #picture iframe') || {}).tagName || '']"
        )

    page.run('svg --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)"')
    assert views() == [False, True, True, "cutedump-answer.svg", "IMG"]
    page.run('html "(_4,_8):(_8,_1)"')
    assert views() == [False, True, True, "cutedump-answer.html", "IFRAME"]
    assert js("document.querySelector('#picture iframe').getAttribute('sandbox')") == "allow-scripts"
    state, code, text, _ = page.run('layout "(_4,_8):(_8,_1)" --format json')
    assert views() == [True, False, True, "cutedump-answer.json", ""]
    assert json.loads(js("document.getElementById('pretty').textContent")) == json.loads(text)
    page.run('latex "(_4,_8):(_8,_1)"')
    assert views() == [True, True, False, "cutedump-answer.tex", ""]
    assert "\\documentclass" in page.answer()


def test_the_site_is_small(site):
    """The issue's budget: the whole site (Pyodide's core files, the wheels, the page) within 16 MB."""
    files = [p for p in site.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    assert total <= 16_000_000, f"the site is {total:,} bytes: " + ", ".join(
        f"{p.relative_to(site)} {p.stat().st_size:,}" for p in sorted(files, key=lambda p: -p.stat().st_size)[:6]
    )
    assert {p.parent.name for p in files} == {site.name, "pyodide", "wheels"}


def test_examples_menu_and_history(page):
    """The menu holds every command's examples (grouped by command); choosing one answers it; up/down walk the
    history of command lines."""
    js = page.browser.js
    groups = js("[...document.querySelectorAll('#examples optgroup')].map(g => g.label)")
    assert set(SUMMARIES) - {"golden"} <= set(groups)
    first = js("document.querySelector('#examples optgroup[label=mma] option').value")
    js(
        "(() => { const s = document.getElementById('examples'); s.value = "
        + json.dumps(first)
        + "; s.dispatchEvent(new Event('change')); })()"
    )
    assert page.wait() == "done" and js("document.getElementById('cmd').value") == first
    assert page.answer().startswith("TiledMMA")
    page.run('eval "size((_4,8))"')
    key = "document.getElementById('cmd').dispatchEvent(new KeyboardEvent('keydown', {key: %s}))"
    js(key % "'ArrowUp'")
    assert js("document.getElementById('cmd').value") == 'eval "size((_4,8))"'
    js(key % "'ArrowUp'")
    assert js("document.getElementById('cmd').value") == first
    js(key % "'ArrowDown'")
    assert js("document.getElementById('cmd').value") == 'eval "size((_4,8))"'
