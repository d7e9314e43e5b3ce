"""The versions stated once (cutedump/versions.py): the package version everywhere it is shown, and each system the
answers are exact against checked against the recorded ground truth it names."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from importlib import metadata

import pytest
from click.testing import CliRunner

import cutedump
from cutedump import versions as V
from cutedump.cli import main
from tests.paths import ROOT

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib


def pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def requirement_pins(name: str) -> list[str]:
    """The ``==`` versions pyproject pins for a distribution, in any dependency list."""
    p = pyproject()["project"]
    reqs = list(p.get("dependencies", [])) + [r for rs in p.get("optional-dependencies", {}).values() for r in rs]
    return [r.split("==", 1)[1].split(";")[0].strip() for r in reqs if r.split("==")[0].strip() == name and "==" in r]


def installed(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def test_one_version():
    """pyproject reads the version from cutedump/versions.py; cutedump.__version__ and the metadata agree."""
    p = pyproject()
    assert "version" not in p["project"] and "version" in p["project"]["dynamic"]
    assert p["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "cutedump.versions.__version__"}
    assert cutedump.__version__ is V.__version__ and V.VERSIONS["cutedump"] == V.__version__
    assert V.__version__.count(".") == 2 and all(x.isdigit() for x in V.__version__.split("."))
    dist = installed("cutedump")
    if dist is not None:  # an installed distribution (the wheel in CI, or an editable install)
        assert dist == V.__version__


def test_version_option_names_every_system():
    r = subprocess.run(
        [sys.executable, "-m", "cutedump", "--version"], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert r.returncode == 0 and r.stderr == ""
    lines = r.stdout.splitlines()
    assert lines[0] == f"cutedump, version {V.__version__}" and lines[1] == "exact against:"
    n = len(V.EXACT_AGAINST)
    assert len(lines) == 3 + n + len(V.CUTLASS_NEXT["differs"])
    assert lines[2 + n].startswith(f"compared with CUTLASS {V.CUTLASS_NEXT['version']} ")
    for line, value in zip(lines[2 : 2 + n], V.EXACT_AGAINST.values()):
        assert line.startswith("  ") and line.split(" (--cutlass ")[0].split(" and ")[0].endswith(f": {value}")
    assert lines[2] == "  CuTe / CUTLASS: 4.2.0 and 4.7.0 (--cutlass 4.2|4.7, default 4.7)"  # issue 45
    for label in ("CuTe / CUTLASS", "CuTe DSL", "Triton", "TileLang", "Composable Kernel", "H100 bank model"):
        assert any(line.startswith(f"  {label}: ") for line in lines), label


def test_composable_kernel_commit_is_the_records():
    commits = set()
    for p in sorted((ROOT / "tests" / "ck" / "records").glob("*.json.gz")):
        commits.add(json.loads(gzip.decompress(p.read_bytes()))["meta"]["ck_commit"])
    assert commits == {V.EXACT_AGAINST["composable_kernel"]}


def test_tilelang_version_is_the_records():
    found = {
        json.loads(gzip.decompress(p.read_bytes()))["tilelang"]
        for p in (ROOT / "tests" / "tilelang" / "records").glob("tilelang_*.json.gz")
    }
    assert found == {V.EXACT_AGAINST["tilelang"]}


def test_bank_measurement_set_is_the_data():
    bank = ROOT / "tests" / "data" / "bank"
    main_set = json.loads((bank / "h100_measured_patterns.json").read_text(encoding="utf-8"))
    more = json.loads((bank / "h100_measured_more.json").read_text(encoding="utf-8"))
    gpu = (bank / "probe_run" / "gpu.txt").read_text(encoding="utf-8")
    name, rest = V.EXACT_AGAINST["h100_bank_model"].split(", Nsight Compute ")
    ncu, counts = rest.split(": ")
    assert name in gpu and f"Version {ncu}." in gpu
    assert counts == f"{len(main_set)} + {len(more)} patterns"


def test_pinned_and_installed_systems_agree():
    """pyproject's extras pin the versions stated (CUTLASS's wheel as 4.2.0.0), and where a system is installed
    (the live oracle's environment) it is that version."""
    cutlass, dsl, triton = V.EXACT_AGAINST["cutlass"], V.EXACT_AGAINST["cute_dsl"], V.EXACT_AGAINST["triton"]
    assert requirement_pins("nvidia-cutlass") == [f"{cutlass}.0"]
    assert requirement_pins("nvidia-cutlass-dsl") == [dsl]
    assert requirement_pins("triton") in ([], [triton])
    for dist, want in (("nvidia-cutlass", f"{cutlass}.0"), ("nvidia-cutlass-dsl", dsl), ("triton", triton)):
        have = installed(dist)
        assert have is None or have == want, (dist, have, want)


JSON_LINES = [
    ["layout", "(_4,_8):(_8,_1)", "--format", "json"],
    ["eval", "--format", "json", "(_2,_3)", "size((_4,8))"],
    ["atoms", "--mma", "SM80_16x8x16_F16F16F16F16_TN", "--format", "json"],
    ["ck", "recipes", "--format", "json"],
    ["tilelang", "gemm-ab", "--shape", "128,16", "--format", "json"],
    ["coords", "(3,(2,3)):(3,(12,1))", "--format", "json"],
    ["kernel", "sgemm_2_nt", "--format", "json"],
]


@pytest.mark.parametrize("argv", JSON_LINES, ids=lambda a: " ".join(a[:2]))
def test_json_answers_end_with_the_versions(argv):
    """Every JSON object printed ends with "versions" (the same facts as --version); the keys before it are the
    answer's own."""
    r = CliRunner().invoke(main, argv)
    assert r.exit_code == 0, r.output
    for line in [r.output] if r.output.startswith("{\n") else r.output.splitlines():
        d = json.loads(line)
        assert list(d)[-1] == "versions" and d["versions"] == V.VERSIONS
        assert "versions" not in json.dumps({k: v for k, v in d.items() if k != "versions"})


def test_json_answer_keeps_the_answer_bytes():
    """json_answer writes the answer's own bytes, then the versions key: in both forms (one line, indented)."""
    d = {"a": [1, 2], "b": "é", "c": {"d": None}}
    for kw, base in (
        ({}, json.dumps(d)),
        ({"indent": 1, "ensure_ascii": False}, json.dumps(d, indent=1, ensure_ascii=False)),
    ):
        out = V.json_answer(d, **kw)
        assert out.endswith("}\n") and json.loads(out) == {**d, "versions": V.VERSIONS}
        assert out.startswith(base[:-1].rstrip("\n"))
