"""The kernel goldens are real CuTe's output: each golden/kernel/make_goldens*.py script, run on the recorded (or,
with --oracle=live, recompiled) answers of real CuTe, gives exactly the files in golden/kernel/ (so no file there was
written by our engine or edited by hand); `golden verify` then checks cutedump against the same files."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.oracle import records
from tests.oracle.cute import unavailable_reason

KERNEL = Path(__file__).resolve().parents[1] / "golden" / "kernel"
SCRIPTS = sorted(KERNEL.glob("make_goldens*.py"))


def test_every_manifest_file_has_a_script():
    listed = {
        ln.split()[0] for ln in (KERNEL / "MANIFEST").read_text().splitlines() if ln.strip() and not ln.startswith("#")
    }
    made = set()
    for p in SCRIPTS:
        mod = _load(p)
        for table in ("FILES", "FILES_01", "FILES_TMA"):
            made |= set(getattr(mod, table, ()))
    assert listed == made


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(f"_goldens_{path.stem}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_goldens_are_real_cutes_output(script):
    if records.compiles() and unavailable_reason() is not None:
        pytest.skip(unavailable_reason())
    made = _load(script).goldens()
    assert made
    for name, text in made.items():
        assert (KERNEL / name).read_text(encoding="utf-8") == text, f"golden/kernel/{name} differs from real CuTe's"
