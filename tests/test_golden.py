"""Golden files: the repository's golden/ directory must verify, and the verify/update commands behave."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cutedump.cli import main

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "golden"


def run(*args):
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.stdout, r.stderr


def test_repository_golden_files_verify():
    """Every MANIFEST entry reproduces its file byte for byte; on failure the unified diffs are in the message."""
    code, out, err = run("golden", "verify", str(GOLDEN))
    assert code == 0, out + err
    assert out.rstrip().endswith("0 mismatch(es)")


def _manifest_dirs():
    return sorted(m.parent for m in GOLDEN.rglob("MANIFEST"))


def test_every_golden_file_is_in_its_manifest():
    """Each data file under golden/ (outside directories with their own MANIFEST, which also keep reference
    tables cut from documents) is listed in golden/MANIFEST."""
    d = GOLDEN
    from cutedump.golden import parse_manifest

    listed = {e.file for e in parse_manifest(d)}
    nested = [m for m in _manifest_dirs() if m != d and d in m.parents]
    present = {
        str(p.relative_to(d))
        for p in d.rglob("*")
        if p.is_file()
        and p.suffix != ".py"
        and p.name not in ("MANIFEST", "README.md")
        and not any(n in p.parents for n in nested)
    }
    assert present <= listed, present - listed


@pytest.mark.parametrize("d", _manifest_dirs(), ids=lambda d: str(d.relative_to(GOLDEN)) or ".")
def test_every_manifest_verifies(d):
    code, out, err = run("golden", "verify", str(d))
    assert code == 0, out + err


def test_sections_are_cut_from_the_recording():
    """The per-section files are header + one section of tiled_copy_c.txt (what cut_sections.py writes)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("cut_sections", GOLDEN / "cut_sections.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    parts = mod.cut((GOLDEN / "tiled_copy_c.txt").read_text(encoding="utf-8"))
    assert sorted(parts) == [1, 2, 4]
    for v, body in parts.items():
        assert (GOLDEN / f"tiled_copy_c_v{v}.txt").read_text(encoding="utf-8") == body


def _mkdir(tmp_path, manifest: str, files: dict[str, str]) -> Path:
    d = tmp_path / "g"
    d.mkdir()
    (d / "MANIFEST").write_text(manifest, encoding="utf-8")
    for name, text in files.items():
        (d / name).write_text(text, encoding="utf-8")
    return d


LAYOUT = "(_2,_2):(_1,_2)"


def _layout_output():
    code, out, _ = run("layout", LAYOUT, "--plain")
    assert code == 0
    return out


def test_verify_ok_and_mismatch_with_diff(tmp_path):
    good = _layout_output()
    bad = good.replace("3", "9")
    d = _mkdir(
        tmp_path,
        f"# comment\n\na.txt  cutedump layout '{LAYOUT}' --plain\nb.txt cutedump layout \"{LAYOUT}\" --plain\n",
        {"a.txt": good, "b.txt": bad},
    )
    code, out, err = run("golden", "verify", str(d))
    assert code == 1
    assert "ok    a.txt" in out
    assert "DIFF  b.txt" in out
    assert "--- b.txt\n+++ $ cutedump layout" in out
    assert "-" + [l for l in bad.splitlines() if "9" in l][0] in out
    assert out.rstrip().endswith("2 golden file(s), 1 mismatch(es)")


def test_trailing_space_difference_is_a_mismatch(tmp_path):
    good = _layout_output()
    d = _mkdir(tmp_path, f"a.txt cutedump layout '{LAYOUT}' --plain\n", {"a.txt": good.replace(" \n", "\n", 1)})
    code, out, _ = run("golden", "verify", str(d))
    assert code == 1


def test_update_rewrites_only_changed_and_reports(tmp_path):
    good = _layout_output()
    d = _mkdir(
        tmp_path,
        f"a.txt cutedump layout '{LAYOUT}' --plain\nb.txt cutedump layout '{LAYOUT}' --plain\n"
        f"c.txt cutedump layout '{LAYOUT}' --plain\n",
        {"a.txt": good, "b.txt": "stale\n"},
    )
    mtime_a = (d / "a.txt").stat().st_mtime_ns
    code, out, err = run("golden", "update", str(d))
    assert code == 0, out + err
    assert "b.txt: updated (+" in out
    assert "c.txt: created" in out
    assert "a.txt" not in out
    assert (d / "b.txt").read_text(encoding="utf-8") == good
    assert (d / "c.txt").read_text(encoding="utf-8") == good
    assert (d / "a.txt").stat().st_mtime_ns == mtime_a
    code, out, _ = run("golden", "verify", str(d))
    assert code == 0
    code, out, _ = run("golden", "update", str(d))
    assert code == 0 and "up to date" in out


def test_failing_command_is_a_mismatch_and_never_overwrites(tmp_path):
    d = _mkdir(tmp_path, "a.txt cutedump layout '(_2,_2):(_1'\n", {"a.txt": "keep\n"})
    code, out, _ = run("golden", "verify", str(d))
    assert code == 1 and "exited with status 2" in out
    code, out, _ = run("golden", "update", str(d))
    assert code == 1 and "not updated" in out
    assert (d / "a.txt").read_text() == "keep\n"


def test_missing_file_is_reported(tmp_path):
    d = _mkdir(tmp_path, f"a.txt cutedump layout '{LAYOUT}'\n", {})
    code, out, _ = run("golden", "verify", str(d))
    assert code == 1 and "missing a.txt" in out


def test_bad_manifest_is_a_clean_error(tmp_path):
    d = _mkdir(tmp_path, "a.txt python evil.py\n", {})
    code, out, err = run("golden", "verify", str(d))
    assert code == 2 and "must start with 'cutedump'" in err
    code, out, err = run("golden", "verify", str(tmp_path / "nope"))
    assert code == 2 and err.startswith("error: no MANIFEST")


def test_only_selects_entries(tmp_path):
    good = _layout_output()
    d = _mkdir(
        tmp_path,
        f"a.txt cutedump layout '{LAYOUT}' --plain\nb.txt cutedump layout '{LAYOUT}' --plain\n",
        {"a.txt": good, "b.txt": "x\n"},
    )
    code, out, _ = run("golden", "verify", str(d), "--only", "a.txt")
    assert code == 0 and "b.txt" not in out
