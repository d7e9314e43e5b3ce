"""Where the tests find what they test: the package they import (the source tree's cutedump/, or the installed wheel
when CI runs the suite from a copy of the repository without cutedump/: .ci/run) and the repository's other files."""

from __future__ import annotations

from pathlib import Path

import cutedump

#: the repository (or CI's copy of it): tests/, golden/, docs/, README.md, pyproject.toml, bin/
ROOT = Path(__file__).resolve().parents[1]
#: the package under test: its source files and package data, wherever it was imported from
PKG = Path(cutedump.__file__).resolve().parent
#: a PYTHONPATH that finds that package (for subprocesses run with -S, which leaves site-packages out)
PKG_PATH = str(PKG.parent)
