"""Without numpy (the web page: Pyodide has none here, web/), cutedump answers with its plain-Python paths, the same
bytes as with numpy (cutedump/algebra/evaluate.py:have_numpy): large tables and value lists, TV pictures over more
than SMALL (thread, value) pairs, the tutorial's coordinate tables, TileLang's check against CuTe and its bank swizzles, Composable Kernel's
offsets and check against CuTe, TileLang's --values; an answer with no plain-Python path would be one `error:` line
naming numpy. Run through web/runner.py (the page's own runner) in a
subprocess where ``import numpy`` fails, compared with the same runner here, with numpy."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.paths import ROOT

sys.path.insert(0, str(ROOT / "web"))
import runner  # noqa: E402  # web/runner.py: the page's runner, here with numpy

LINES = [
    'svg --tv "((_32,_8),(_4,_8)):((_1,_32),(_256,_1024))" --tile "(_64,_128)"',  # first_holders past SMALL
    'html --tv "((_32,_8),(_4,_8)):((_1,_32),(_256,_1024))" --tile "(_64,_128)"',  # coords past SMALL
    'coords "(_128,_64)" "(_1,_128)"',  # the tutorial's tables past SMALL
    "tilelang auto --shape 128,64 --type float16",  # TileLang's check against CuTe past SMALL
    "ck naive --lengths 4,_8 --format json --offsets",  # CK's offsets, index by index
    "ck recipe xdl-c-shuffle --MPerBlock 256 --NPerBlock 128 --MPerXdl 32",  # CK's check against CuTe (Merge)
    "tilelang full-bank --shape 256,64 --type-bits 16 --at 5,17 --cute",  # TileLang's bank swizzles, point by point
    "tilelang full-bank --shape 2,3,64,64 --cute --inverse 9000",  # leading dims: the check index by index
    "tilelang half-bank --shape 64,32 --table --vectors",
    "tilelang quarter-bank --shape 64,16 --format json --cute",
    "tilelang linear --shape 3,8,64 --format json --values",  # TileLang's --values, index by index
    "tilelang fragment-8x8 --transposed --format json --values",  # a fragment's threads
]
#: the large ones (slow): past FOLD, and a TV picture of 32,768 pairs
LARGE = [
    'svg "(_384,_384):(_1,_384)" --force',  # table_list past FOLD (147,456 > 131,072 cells)
    'svg --tv "((_32,_32),(_4,_8)):((_1,_32),(_1024,_4096))" --tile "(_128,_256)"',
    'html --tv "((_32,_32),(_4,_8)):((_1,_32),(_1024,_4096))" --tile "(_128,_256)"',
]
HIDDEN = (
    "import json, sys; sys.modules['numpy'] = None; sys.path.insert(0, sys.argv[1]); import runner; "
    "print(json.dumps([runner.run(line)[:3] for line in sys.argv[2:]]))"
)


def _both(lines, monkeypatch):
    """(answers without numpy, answers with numpy) of the lines, each [exit status, stdout, stderr]."""
    monkeypatch.delenv("CUTEDUMP_LANG", raising=False)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    r = subprocess.run(
        [sys.executable, "-c", HIDDEN, str(ROOT / "web"), *lines], env=env, capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0, r.stderr
    with_np = [runner.run(line)[:3] for line in lines]
    assert "numpy" in sys.modules
    return json.loads(r.stdout), with_np


def test_answers_without_numpy_are_the_answers_with_numpy(monkeypatch):
    without, with_np = _both(LINES, monkeypatch)
    for line, a, b in zip(LINES, without, with_np):
        assert b[0] == 0 and len(b[1]) > 400, (line, b[2])
        assert a == b, line


def test_an_answer_needing_numpy_without_it_is_one_error_line(capsys):
    """Where numpy is missing and an answer has no plain-Python path (none of the CLI's today), one line names it."""
    from cutedump.commands._common import handle_errors

    @handle_errors
    def needs_numpy():
        raise ModuleNotFoundError("No module named 'numpy'", name="numpy")

    @handle_errors
    def needs_other():
        raise ModuleNotFoundError("No module named 'nothere'", name="nothere")

    for fn, want in (
        (needs_numpy, "error: this answer needs numpy, which this Python does not have (pip install numpy)\n"),
        (
            needs_other,
            "error: internal error (ModuleNotFoundError: No module named 'nothere'); please report this input\n",
        ),
    ):
        with pytest.raises(SystemExit) as e:
            fn()
        assert e.value.code == 2 and capsys.readouterr().err == want


def test_runner_splits_as_a_shell_and_keeps_the_exit_status():
    code, out, err = runner.run("layout '(_4,_8\"'")[:3]
    assert code == 2 and out == "" and err.startswith("error: ")
    assert runner.run('layout "(_4')[:3] == (
        [2, "", "error: the command line cannot be split as a shell splits it (No closing quotation)\n"]
    )
    code, out, err = runner.run("cutedump eval 'size((_4,8))'")[:3]
    assert (code, out, err) == (0, "32\n", "")


@pytest.mark.slow
def test_large_answers_without_numpy(monkeypatch):
    without, with_np = _both(LARGE, monkeypatch)
    for line, a, b in zip(LARGE, without, with_np):
        assert b[0] == 0 and len(b[1]) > 10**6, (line, b[2])
        assert a == b, line
