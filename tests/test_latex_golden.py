"""Golden files of golden/latex and golden/tutorial (real CuTe output) reproduced by cutedump commands."""

from __future__ import annotations

from pathlib import Path

import pytest

from cutedump.cli import main
from cutedump.golden import check

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("d", ["golden/latex", "golden/tutorial"])
def test_golden_dir(d):
    results = check(main, str(ROOT / d), None)
    assert results, d
    bad = [(r.entry.file, r.diff()) for r in results if not r.ok]
    assert not bad, bad


def test_tutorial_print_latex_l5_is_cutes():
    assert (ROOT / "golden/tutorial/print_latex_L5_tutorial.tex").read_text() == (
        ROOT / "golden/latex/l5.tex"
    ).read_text()
