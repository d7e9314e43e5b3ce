"""The CLI through click's runner: outputs, exit codes, and one clear error line for every bad-input class."""

import pytest
from click.testing import CliRunner

from cutedump.cli import main


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_eval_examples_from_the_issue():
    r = run("eval", "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))")
    assert r.exit_code == 0 and r.output == "(_16,_2,_4):(_1,_32,_8)\n"
    r = run("eval", "make_layout((2,(2,3)))")
    assert r.output == "(2,(2,3)):(_1,(2,4))\n"
    r = run("eval", "size((_8,(_4,_4)):(_1,(_8,_32)))")
    assert r.output == "_128\n"
    r = run("eval", "(_4,_8):(_1,_4)(17)")
    assert r.output == "17\n"


def test_layout_prints_cute_table():
    r = run("layout", "(_2,3):(_1,_2)")
    assert r.exit_code == 0
    assert r.output == (
        "(_2,3):(_1,_2)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 2 | 4 |\n"
        "    +---+---+---+\n 1  | 1 | 3 | 5 |\n    +---+---+---+\n"
    )


def test_layout_rank1_and_rank3():
    r = run("layout", "_4:_2")
    assert r.exit_code == 0 and r.output.startswith("(_4,_1):(_2,_0)\n")
    r = run("layout", "(_2,_2,_2):(_1,_2,_4)")
    assert r.exit_code == 0
    assert r.output.splitlines()[0].startswith("rank 3 layout")
    assert r.output.splitlines()[1] == "(_2,(_2,_2)):(_1,(_2,_4))"


BAD = [
    # malformed strings
    ("layout", "((_4,_8),(_2,_2):((_32,_1),(_16,_8))", "expected ')'"),
    ("layout", "(_4,_8):(_1,", "unexpected end of input"),
    ("layout", "(_4,_8)::(_1,_4)", "unexpected ':'"),
    ("layout", "(_4;_8)", "unexpected character"),
    # shape/stride mismatch
    ("layout", "(_4,_8):(_1,_4,_32)", "not congruent"),
    ("layout", "(_4,(_8,_2)):(_1,_4)", "not congruent"),
    # negative size
    ("layout", "(_4,-8):(_1,_4)", "negative size"),
    # divisibility violated (CuTe static_assert)
    ("eval", "composition((_4,_6):(_1,_8), _3:_2)", "Divisibility Condition"),
    ("eval", "upcast<2>(_4:_3)", "Divisibility condition"),
    ("eval", "complement((_2,_2):(_1,_1))", "Non-injective"),
    ("eval", "left_inverse(_4:4)", "static strides"),
    # unknown function
    ("eval", "left_inverze(_4:_1)", "did you mean left_inverse"),
]


@pytest.mark.parametrize("cmd,arg,needle", BAD)
def test_bad_input_is_one_clear_error_and_exit_2(cmd, arg, needle):
    r = run(cmd, arg)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    first = r.output.splitlines()[0]
    assert first.startswith("error: ") and needle in first, r.output


def test_parse_error_has_caret_under_the_column():
    r = run("layout", "(_4,_8):(_1,_4,_32)")
    lines = r.output.splitlines()
    assert "column" in lines[0]
    assert lines[1].strip() == "(_4,_8):(_1,_4,_32)"
    caret_col = lines[2].index("^") - 2
    assert lines[1][2:][caret_col] == "("


def test_huge_layout_refused_without_force():
    r = run("layout", "(_512,_512):(_1,_512)")
    assert r.exit_code == 2 and "--force" in r.output


def test_eval_file_one_line_per_input_and_exit_1_on_failure(tmp_path):
    f = tmp_path / "cases.txt"
    f.write_text("size(_4:_1)\n\n# comment\nbogus(\ncosize((_2,_2):(_1,_4))\n")
    r = run("eval", "-f", str(f))
    assert r.exit_code == 1
    lines = r.output.split("\n")
    assert lines[0] == "_4" and lines[1] == "" and lines[2] == ""
    assert lines[3].startswith("error: ")
    assert lines[4] == "_6"


def test_eval_stdin():
    r = run("eval", "-f", "-", input="rank((_2,(_3,_4)))\n")
    assert r.exit_code == 0 and r.output == "_2\n"


def test_help_has_examples():
    r = run("eval", "--help")
    assert "Examples" in r.output and r.exit_code == 0
    r = run("--help")
    assert "layout" in r.output


def test_json_views_of_mma_and_copy():
    import json

    r = run("mma", "SM80_16x8x16_F16F16F16F16_TN", "--format", "json")
    d = json.loads(r.output)
    assert d["layoutC_TV"] == "((_4,_8),((_2,_2),(_1,_1))):((_32,_1),((_16,_8),(_0,_0)))"  # as in 000_89ace...
    r = run(
        "copy",
        "SM75_U32x4_LDSM_N",
        "--type",
        "half_t",
        "--mma",
        "SM80_16x8x16_F16F16F16F16_TN",
        "--atom-layout",
        "(_2,_2)",
        "--tile",
        "(_32,_32,_16)",
        "--operand",
        "A",
        "--format",
        "json",
    )
    d = json.loads(r.output)
    assert d["src2ref"] == "((_8,_4),(_2,_4)):((_4,_64),(_32,_1))"
    assert d["dst2ref"] == "(_32,(_2,_4)):(_1,(_32,_64))"
    r = run("layout", "(_2,_2):(_1,_2)", "--format", "json")
    assert json.loads(r.output)["table"] == [[0, 2], [1, 3]]
