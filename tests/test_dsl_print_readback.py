"""Issue 42, items 13 and 18: the CuTe DSL's printed form reads back (``cutedump layout "S<3,4,3> o 0 o
(8,64):(64,1)"``, ``eval`` of it; tensors of coordinates ``tensor<(0,0) o (4,8):(1@0,1@1)>``), and errors about DSL input are spelled as the DSL spells values (``(4,8)``, not
CuTe's ``(_4,_8)``), quoting the input as typed.

Checked against the DSL itself: a fresh seeded corpus of DSL expressions (tests/oracle/gen_dsl.py, seed 4242, traced by
nvidia-cutlass-dsl 4.8.1 on the CPU and recorded): every print of a layout, swizzle or composed layout the DSL answers
reads back as itself, and every refusal we give is DSL-spelled.
"""

from __future__ import annotations

import re

import pytest

from cutedump.errors import CuteDumpError, take_warnings
from tests.oracle import gen_dsl

SEED, N = 4242, 300


@pytest.fixture(scope="module")
def corpus():
    cases = gen_dsl.generate(SEED, N)
    return cases, gen_dsl.run_oracle(cases)


def _is_value_print(text: str) -> bool:
    """A DSL print of a layout / composed layout / swizzle / tensor of coordinates with a mark of the DSL's print
    (S<, ?, tensor<, a scaled basis 1@0)."""
    marks = ("S<" in text, "?" in text, text.startswith("tensor<"), "@" in text)
    return any(marks) and re.fullmatch(r"[0-9S<>,()?{}=div: o@tensr-]+", text) is not None


def test_every_dsl_print_reads_back_as_itself(corpus):
    from cutedump.expr import answer_text

    cases, answers = corpus
    prints = sorted({text for status, text in answers if status == "ok" and _is_value_print(text)})
    assert len(prints) >= 50
    assert any("?" in p for p in prints) and any(" o " in p for p in prints)
    assert any(p.startswith("tensor<") for p in prints) and any("@" in p for p in prints)
    bad = []
    for p in prints:
        try:
            got = answer_text(p)
        except CuteDumpError as e:
            got = "error: " + e.message
        if got != p:
            bad.append((p, got))
    take_warnings()
    assert not bad, bad[:5]


def _run(args):
    from click.testing import CliRunner

    from cutedump.cli import command

    r = CliRunner().invoke(command(args[0]), args[1:])
    return r.exit_code, r.stdout, r.stderr


def test_the_issues_dsl_print_reads_back_in_layout_and_eval():
    text = "S<3,4,3> o 0 o (8,64):(64,1)"
    rc, out, err = _run(["eval", text])
    assert (rc, out) == (0, text + "\n")
    assert "element offsets" in err and "no element width" in err  # which meaning it reads
    rc, out, err = _run(["layout", text])
    assert rc == 0
    # read as the layout's function: CuTe's print_layout of Sw<3,4,3> o _0 o (_8,_64):(_64,_1), byte for byte
    assert out == _run(["layout", "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"])[1]
    rc, out, err = _run(["layout", "(4,?):(1,4)"])  # a run-time value has no value to draw: one error line
    assert rc == 2 and err.startswith("error: CuTe DSL print: '?'") and "Traceback" not in err
    rc, out, err = _run(["eval", "S<3,4,3> o 0 o (8,64):(64,)"])
    assert rc == 2 and err.startswith("error: CuTe DSL print: expected an integer") and "(8,64):(64,)" in err


def test_a_dsl_atom_says_which_meaning_it_prints():
    atom = (
        "cute.nvgpu.warpgroup.make_smem_layout_atom(cute.nvgpu.warpgroup.SmemLayoutAtomKind.K_SW128, cutlass.Float16)"
    )
    rc, out, err = _run(["eval", atom])
    assert (rc, out) == (0, "S<3,4,3> o 0 o (8,64):(64,1)\n")  # the DSL's print, byte for byte
    assert err.startswith("note: S<3,4,3> acts on the byte addresses of 16-bit elements")
    assert "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)" in err
    rc, out, err = _run(["layout", atom])
    assert out == _run(["layout", "GMMA::Layout_K_SW128_Atom<half_t>"])[1]  # the C++ twin's table
    assert "as element offsets: Sw<3,3,3> o _0 o (_8,_64):(_64,_1)" in err
    rc, out, err = _run(["eval", "--syntax", "dsl", "GMMA::Layout_K_SW128_Atom<half_t>"])
    assert (rc, out) == (0, "S<3,4,3> o 0 o (8,64):(64,1)\n") and "16-bit elements" in err


_CPP = re.compile(r"(?<![\w\]])_\d|Sw<|smem_ptr\[")


def test_dsl_refusals_are_dsl_spelled(corpus):
    """Every refusal of a DSL expression of the corpus names values as the DSL prints them."""
    from cutedump.expr import answer_text

    cases, answers = corpus
    refused = bad = 0
    for c in cases:
        try:
            answer_text(c.expr)
        except CuteDumpError as e:
            refused += 1
            if _CPP.search(e.message):
                bad += 1
                print(c.expr, "->", e.message)
    take_warnings()
    assert refused >= 10 and bad == 0


def test_the_issues_congruence_error():
    rc, out, err = _run(["eval", "cute.make_layout((4,8),stride=(1,))"])
    assert rc == 2
    assert err.splitlines()[0] == (
        "error: make_layout: shape (4,8) and stride (1) must be congruent at column 1"
    )  # the DSL: ValueError "shape and stride must be congruent"
    assert err.splitlines()[1] == "  cute.make_layout((4,8),stride=(1,))"


def test_layout_refusals_of_dsl_input_are_dsl_spelled(corpus):
    """What `layout` (and the pictures, bank) refuse after evaluating DSL input is DSL-spelled too."""
    from cutedump.expr import evaluate_layout

    rc, out, err = _run(["layout", "cute.make_identity_layout((4,8))"])
    assert rc == 2 and err.startswith("error: (4,8):(1@0,1@1) has ScaledBasis strides")
    cases, answers = corpus
    refused = 0
    for c in cases:
        try:
            evaluate_layout(c.expr)
        except CuteDumpError as e:
            refused += 1
            assert not _CPP.search(e.message), (c.expr, e.message)
    take_warnings()
    assert refused >= 50
