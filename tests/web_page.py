"""The web page (web/, issue 47) in headless Chromium, for tests/test_web_browser.py and benchmarks/bench_web.py:
the site built by ``bash web/build`` (or the one ``CUTEDUMP_WEB_SITE`` names: CI builds it from the source tree,
since its tests run beside the installed wheel), served from 127.0.0.1 with a request log, and a page driven through
the DevTools protocol (tests/test_html_browser.py's ``Chromium``) with the browser's own request log."""

from __future__ import annotations

import fcntl
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def missing() -> str | None:
    """Why the page cannot be tested here, or None."""
    from tests.test_html_browser import _browser

    if _browser() is None:
        return "chromium not found (apt-get install chromium)"
    if os.environ.get("CUTEDUMP_WEB_SITE"):
        return None
    if shutil.which("npm") is None:
        return "npm not found (apt-get install npm): web/build needs it"
    if not (ROOT / "cutedump").is_dir():
        return "no source tree to build the site from (set CUTEDUMP_WEB_SITE to a site built by web/build)"
    return None


def build_site(out: Path) -> Path:
    """The site: CUTEDUMP_WEB_SITE when set, else ``bash web/build out`` (one build at a time: pytest-xdist's workers
    each build their own site, and web/build's ``npm ci`` rewrites web/node_modules)."""
    given = os.environ.get("CUTEDUMP_WEB_SITE")
    if given:
        return Path(given)
    env = {**os.environ, "PYTHON": sys.executable}
    with open(Path(tempfile.gettempdir()) / "cutedump-web-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        r = subprocess.run(["bash", str(ROOT / "web" / "build"), str(out)], env=env, capture_output=True, text=True)
    assert r.returncode == 0, f"web/build failed:\n{r.stdout}\n{r.stderr}"
    return out


class Server:
    """A static server of ``site`` on 127.0.0.1 (a free port) under the folder ``/sub/`` (as a GitHub Pages-like
    project site), logging every path asked."""

    def __init__(self, site: Path):
        log = self.log = []

        class Handler(http.server.SimpleHTTPRequestHandler):
            def translate_path(self, path):
                log.append(path)
                if path.startswith("/sub/"):
                    path = path[4:]
                else:
                    path = "/nonexistent" + path
                return super().translate_path(path)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
        self.origin = f"http://127.0.0.1:{self.httpd.server_port}"
        self.url = self.origin + "/sub/index.html"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class Page:
    """The page in a headless Chromium (a fresh profile: a cold cache), the browser's requests recorded."""

    def __init__(self):
        from tests.test_html_browser import Chromium

        self.browser = Chromium()
        self.browser.call("Network.enable", session=True)

    def requests(self) -> list[str]:
        """Every URL the page asked for so far (DevTools' Network.requestWillBeSent)."""
        self.browser.js("1")  # read what the browser sent so far
        return [
            e["params"]["request"]["url"] for e in self.browser.events if e.get("method") == "Network.requestWillBeSent"
        ]

    def state(self):
        return self.browser.js("document.body ? document.body.dataset.state || '' : ''")

    def wait(self, timeout=120.0) -> str:
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                s = self.state()
            except RuntimeError:  # navigating: no document yet
                s = ""
            if s in ("done", "error"):
                return s
            time.sleep(0.02)
        raise TimeoutError(f"the page did not answer (state {self.state()!r})")

    def open(self, url: str, timeout=120.0) -> float:
        """Navigate to url and wait for the page's first answer (or its ready state); -> seconds it took."""
        t = time.perf_counter()
        self.browser.call("Page.navigate", session=True, url=url)
        time.sleep(0.05)
        self.wait(timeout)
        return time.perf_counter() - t

    def snapshot_stored(self, timeout=60.0) -> bool:
        """Wait until the page stored its memory snapshot (app.js, when idle after its first answer)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.browser.js("window.cutedumpSnapshotStored === true"):
                return bool(self.browser.js("window.cutedumpSnapshotBytes > 0"))
            time.sleep(0.05)
        return False

    def from_snapshot(self) -> bool:
        """Whether the page started from a stored memory snapshot."""
        return bool(self.browser.js("window.cutedumpTimes && window.cutedumpTimes.snapshot"))

    def run(self, line: str, file: tuple[str, str] | None = None):
        """Answer one command line in the page: -> (state, exit status, #answer's text, #stderr's text)."""
        b = self.browser
        name, text = file if file else ("", "")
        b.js(f"document.getElementById('filename').value = {json.dumps(name)}")
        b.js(f"document.getElementById('filetext').value = {json.dumps(text)}")
        b.js(f"window.cutedumpRun({json.dumps(line)})")
        state = self.wait()
        return state, int(b.js("document.body.dataset.exit")), self.answer(), b.js("$('stderr').textContent")

    def answer(self) -> str:
        return self.browser.js("document.getElementById('answer').textContent")

    def close(self):
        self.browser.close()
