"""`cutedump coords` and `cutedump compat` against the tutorial's tables and real CuTe."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from cutedump.parse import parse_int_tuple
from cutedump.tutorial import compat_text, coords_text, grid_text
from tests.oracle.cute import run_cases, unavailable_reason

ROOT = Path(__file__).resolve().parents[1]
TUT = ROOT / "golden/tutorial"


def compat_rows():
    rows = []
    for line in (TUT / "compat_table.md").read_text(encoding="utf-8").splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        a, b, verdict = cells[0].strip("`"), cells[1].strip("`"), cells[2]
        rows.append((a, b, verdict == "兼容"))
    return rows


def test_compat_table_has_11_rows():
    assert len(compat_rows()) == 11


@pytest.mark.parametrize("a,b,expected", compat_rows())
def test_compat_matches_tutorial_row(a, b, expected):
    ok, text = compat_text(parse_int_tuple(a), parse_int_tuple(b))
    assert ok == expected, text
    r = CliRunner().invoke(main, ["compat", a, b])
    assert r.exit_code == (0 if expected else 1), r.output
    assert ("not compatible" not in r.output.splitlines()[0]) == expected


def test_compat_reasons():
    assert "rank 1 != rank 2" in compat_text(parse_int_tuple("(24)"), parse_int_tuple("(4,6)"))[1]
    assert "never compatible with an integer" in compat_text(parse_int_tuple("(24)"), parse_int_tuple("24"))[1]
    assert (
        "mode 0.1: 3 != size(2) = 2" in compat_text(parse_int_tuple("((2,3),4)"), parse_int_tuple("((2,2),(3,2))"))[1]
    )
    assert "24 != size(32) = 32" in compat_text(parse_int_tuple("24"), parse_int_tuple("32"))[1]


def _cpp(t, static):
    if isinstance(t, tuple):
        return "make_shape(" + ", ".join(_cpp(e, static) for e in t) + ")"
    return f"Int<{int(t)}>{{}}" if static else f"int({int(t)})"


EXTRA = [
    ("(2,3)", "(2,3)"),
    ("(2,3)", "(3,2)"),
    ("6", "(2,3)"),
    ("(2,(3,4))", "(2,((3,1),(2,2)))"),
    ("((2,2),6)", "(4,6)"),
    ("(4,6)", "((2,2),(3,2))"),
    ("(1,8)", "(1,(2,4))"),
    ("8", "(1,(2,4))"),
]


@pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))
def test_compat_agrees_with_cute():
    pairs = [(a, b) for a, b, _ in compat_rows()] + EXTRA
    cases, keys = [], []
    for a, b in pairs:
        ta, tb = parse_int_tuple(a), parse_int_tuple(b)
        for static in (True, False):
            cases.append(f"print(compatible({_cpp(ta, static)}, {_cpp(tb, static)}));")
            keys.append((a, b, static))
    outs = run_cases(cases)
    for (a, b, static), out in zip(keys, outs):
        pa, pb = parse_int_tuple(a), parse_int_tuple(b)
        if static:
            from cutedump.algebra import C
            from cutedump.algebra.inttuple import transform_leaf

            pa, pb = transform_leaf(pa, C), transform_leaf(pb, C)
        ok, text = compat_text(pa, pb)
        assert ok == (out.strip() in ("1", "_1", "true")), (a, b, static, out)
        assert f"print(compatible(A, B)) = {out.strip()}" in text, (a, b, static, out, text)


def coords_rows():
    """(1-D, 2-D, natural) triples of the tutorial's Shape (3,(2,3)) table."""
    out = []
    for line in (TUT / "coords_3x2x3.md").read_text(encoding="utf-8").splitlines()[2:]:
        cells = [c.strip().replace(" ", "") for c in line.strip("|").split("|")]
        out.append(tuple(cells[0:3]))
        out.append(tuple(cells[3:6]))
    return sorted(out, key=lambda r: int(r[0]))


def test_coords_matches_tutorial_table():
    text = coords_text(parse_int_tuple("(3,(2,3))"))
    ours = [tuple(l.split()) for l in text.splitlines()[2:]]
    assert ours == coords_rows()


def test_coords_grid_matches_tutorial_offsets():
    tut = (TUT / "coords_grid_3x2x3.txt").read_text(encoding="utf-8")
    tut_rows = [
        [int(v) for v in re.findall(r"\|\s*(\d+)\s*(?=\|)", l)] for l in tut.splitlines() if re.match(r"\s*\d+\s+\|", l)
    ]
    g = grid_text(parse_int_tuple("(3,(2,3))"), parse_int_tuple("(3,(12,1))"))
    our_rows = [
        [int(v) for v in re.findall(r"\|\s*(\d+)\s*(?=\|)", l)] for l in g.splitlines() if re.match(r"\s*\d+\s+\|", l)
    ]
    assert our_rows == tut_rows and len(our_rows) == 3
    assert "(0,0)   (1,0)   (0,1)" in g


def test_coords_cli_and_size_limit():
    r = CliRunner().invoke(main, ["coords", "(_3,(_2,_3))", "(_3,(_12,_1))", "--idx", "16", "--idx", "(1,5)"])
    assert r.exit_code == 0
    assert "idx2crd(16, (_3,(_2,_3))) = (1,(1,2))" in r.output
    assert "crd2idx((1,5), (_3,(_2,_3)), (_3,(_12,_1))) = 17" in r.output
    r = CliRunner().invoke(main, ["coords", "(512,512)"])
    assert r.exit_code == 2 and "--force" in r.output
    r = CliRunner().invoke(main, ["coords", "(2,3)", "(1,2,3)"])
    assert r.exit_code == 2 and r.output.startswith("error:")


@pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))
def test_coords_idx_prints_agree_with_cute():
    shape, stride = "Shape<_3, Shape<_2, _3>>{}", "Stride<_3, Stride<_12, _1>>{}"
    cases = [
        f"print(idx2crd(16, {shape}));",
        f"print(idx2crd(make_coord(1, 5), {shape}));",
        f"print(crd2idx(16, {shape}, {stride}));",
        f"print(crd2idx(make_coord(1, 5), {shape}, {stride}));",
        f"print(crd2idx(make_coord(1, make_coord(1, 2)), {shape}, {stride}));",
    ]
    outs = run_cases(cases)
    r = CliRunner().invoke(
        main, ["coords", "(_3,(_2,_3))", "(_3,(_12,_1))", "--idx", "16", "--idx", "(1,5)", "--idx", "(1,(1,2))"]
    )
    lines = r.output.splitlines()
    assert lines[0].endswith("= " + outs[0]) and lines[2].endswith("= " + outs[1])
    assert lines[1].endswith("= " + outs[2]) and lines[3].endswith("= " + outs[3]) and lines[5].endswith("= " + outs[4])
