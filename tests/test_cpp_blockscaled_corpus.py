"""The scale-factor layout lines of CUTLASS's narrow-precision C++ examples (tests/data/cpp_blockscaled_corpus.toml:
72a/b/c, 79a/b/c, 89; each with its repository@commit:path:line) through `cutedump eval`, against CuTe 4.2 compiled
host-only (records in tests/oracle/records/)."""

from __future__ import annotations

import re

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

import pytest

from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate_to_string
from tests.oracle import gen_scale as G
from tests.oracle.cute import diff_cases, run_chunked, unavailable_reason
from tests.oracle.gen_dsl_real import Line
from tests.paths import ROOT

CORPUS = ROOT / "tests" / "data" / "cpp_blockscaled_corpus.toml"
oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))


def corpus() -> list[Line]:
    with open(CORPUS, "rb") as f:
        data = tomllib.load(f)
    return [Line(data["repos"], d) for d in data["line"]]


def _cases():
    out = []
    for ln in corpus():
        try:
            exp = evaluate_to_string(ln.expr)
        except CuteDumpError as e:
            exp = "REFUSED: " + e.message
        out.append((ln.src, f"print({ln.expr});", exp))
    return out


def test_corpus_is_real_code():
    lines = corpus()
    files = {ln.src.split(":")[1] for ln in lines}
    assert len(lines) >= 60 and len(files) == 7, files
    for ln in lines:
        assert re.fullmatch(r"https://github\.com/NVIDIA/cutlass/blob/[0-9a-f]{40}/examples/[\w./-]+\.cu#L\d+", ln.url)
        fn = re.search(r"::(tile_atom_to_shape_SF[ABD])\(", ln.code).group(1)
        assert f"::{fn}(cute::make_shape(" in ln.expr, ln


@oracle
def test_example_lines_like_cutlass():
    cases = _cases()
    outs = run_chunked(cases, 100, prelude=G.PRELUDE)
    bad = diff_cases(cases, outs)
    assert not bad, f"{len(bad)} of {len(cases)} differ:\n" + "\n".join(bad[:20])
    assert not any(c[2].startswith("REFUSED") for c in cases)
