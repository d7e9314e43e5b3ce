"""README's shell lines run in order on a fresh clone: every file a cutedump line reads (a .toml description, a
-f file) is written by an earlier README line (or shipped), so a newcomer copying the README gets answers. The
lines that write files run in a fresh directory, in order; the cutedump lines are checked for the files they read
(tests/test_examples.py runs every cutedump line)."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _shell_lines(md: str):
    inside = False
    for line in md.splitlines():
        if line.lstrip().startswith("```"):
            inside = not inside
            continue
        if inside and line.strip() and not line.lstrip().startswith("#"):
            yield line.strip()


def test_readme_lines_read_only_files_written_before(tmp_path):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    env = {"PATH": str(Path(sys.executable).parent) + ":/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    missing, ran = [], 0
    for line in _shell_lines(text):
        if line.startswith(("cp ", "printf ")):
            r = subprocess.run(["bash", "-c", line], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
            assert r.returncode == 0, f"README: $ {line}\n{r.stderr}"
            ran += 1
            continue
        if "cutedump " not in line:
            continue
        try:
            toks = shlex.split(line, comments=True)
        except ValueError:
            continue
        for i, t in enumerate(toks):
            reads = t.endswith(".toml") or (i > 0 and toks[i - 1] in ("-f", "--file") and t != "-")
            if reads and toks[i - 1] != ">" and not (tmp_path / t).exists():
                missing.append(f"{line}  (reads {t}, which no earlier README line writes)")
    assert ran >= 2
    assert not missing, "\n".join(missing)
