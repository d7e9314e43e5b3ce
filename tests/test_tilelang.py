"""TileLang bank-swizzle layouts: document 003's numbers, properties over many shapes/dtypes, CuTe equivalence by
full evaluation with the engine, and the CLI through click's runner."""

import re

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cutedump.cli import command
from cutedump.tilelang import (
    KINDS,
    BankSwizzleLayout,
    make_full_bank_swizzle,
    report,
    select_gemm_ab_layout,
    xor2x2,
    xor4x4,
    xor8x8,
)
from cutedump.versions import VERSIONS

tilelang_cmd = command("tilelang")


def run(*args):
    return CliRunner().invoke(tilelang_cmd, list(args))


# ---------------------------------------------------------------- document 003 (seeds/003_bfa7e32640cc8df4.txt)


def test_doc003_full_bank_256x64_fp16():
    L = make_full_bank_swizzle((256, 64), 16)
    assert L.vector_size == 8
    r = L.ranges()
    assert r["ts"] == (0, 32)  # "_i / 8 -> range [0, 32)"
    assert r["s"] == (0, 8)
    assert r["tc"] == (0, 1)  # "(_j/8)/8 -> range [0, 1) = 0"
    assert r["vec"] == (0, 8)
    assert r["index"] == (0, 512)  # "range [0, 512)"
    # the document says c has range [0, 1); evaluating (_j/8)%8 over _j in [0, 64) gives [0, 8)
    assert r["c"] == (0, 8)
    assert L.output_shape() == [1, 32, 512]
    assert L.buffer_extent() == 16384
    assert L.layout_extent() == 16384
    assert L.replicate_extent() == 1
    assert L.physical_shape() == [1, 32, 512]


def test_doc003_cli_walkthrough():
    r = run("full-bank", "--shape", "256,64", "--type-bits", "16")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "vector_size = 128 / 16 = 8" in out
    assert "OutputShape() = [1, 32, 512]" in out
    assert "buffer_extent    = 256 * 64 = 16384" in out
    assert "layout_extent    = 1 * 32 * 512 = 16384" in out
    assert "replicate_extent = 16384 / 16384 = 1" in out
    assert re.search(r"index\s+vec \+ \(c_swizzle \+ s \* 8\) \* 8\s+\[0, 512\)", out)
    assert "forward_index = [tc, ts, index]" in out
    assert "bijective: yes" in out


def test_forward_substitution_and_xor_involution():
    L = make_full_bank_swizzle((256, 64), 16)
    # Forward([row, col]) substitutes _i, _j: [tc, ts, swizzled index]
    assert L.forward(5, 17) == (0, 0, 1 + ((2 ^ 5) + 5 * 8) * 8)
    # XOR is an involution: swizzling the swizzled column group gives the original one back
    for s in range(8):
        for c in range(8):
            assert xor8x8(xor8x8(c, s), s) == c


def test_xor_helpers_are_bitwise_xor():
    for a in range(16):
        for b in range(16):
            assert xor2x2(a, b) == (a ^ b) & 1
            assert xor4x4(a, b) == (a ^ b) & 3
            assert xor8x8(a, b) == (a ^ b) & 7


# ---------------------------------------------------------------- properties

CASES = st.tuples(
    st.sampled_from(sorted(KINDS)),
    st.sampled_from([4, 8, 16, 32, 64, 128]),
    st.integers(1, 6),
    st.integers(1, 4),
    st.lists(st.integers(1, 3), max_size=1),
)


def _build(kind, bits, srows, ccols, lead):
    vs = 128 // bits
    W = KINDS[kind][1]
    return BankSwizzleLayout(kind, tuple(lead) + (8 * srows, vs * W * ccols), bits)


@settings(max_examples=60, deadline=None)
@given(CASES)
def test_bijective_and_forward_within_output_shape(case):
    L = _build(*case)
    ok, detail = L.bijectivity()
    assert ok, detail
    dom = L.domain()
    shp = L.output_shape()
    for v, n in zip(L.forward(*dom), shp):
        assert v.min() >= 0 and v.max() < n
    assert L.replicate_extent() == 1
    # inverse really inverts at a few points
    offs = L.flat_offsets()
    for k in (0, L.size // 3, L.size - 1):
        assert L.inverse(int(offs[k])) == tuple(int(d[k]) for d in dom)


@settings(max_examples=60, deadline=None)
@given(CASES)
def test_cute_view_equal_by_full_evaluation(case):
    L = _build(*case)
    layout, why = L.cute_layout()
    assert layout is not None, why
    bad, first = L.check_cute(layout)
    assert bad == 0, first
    tiled = L.cute_tiled_layout()
    if tiled is not None:
        assert L.check_cute(tiled)[0] == 0


def test_cute_view_text_for_doc_case():
    L = make_full_bank_swizzle((256, 64), 16)
    layout, _ = L.cute_layout()
    assert str(layout) == "Sw<3,3,3> o _0 o (_256,_64):(_64,_1)"
    assert L.cute_atom_text() == "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)"
    assert BankSwizzleLayout("half", (64, 32), 16).cute_atom_text() == "Sw<2,3,3> o _0 o (_8,_32):(_32,_1)"
    assert BankSwizzleLayout("quarter", (64, 16), 16).cute_atom_text() == "Sw<1,3,3> o _0 o (_8,_16):(_16,_1)"


def test_check_cute_detects_a_wrong_layout():
    from cutedump.parse import parse_layout

    L = make_full_bank_swizzle((8, 64), 16)
    bad, first = L.check_cute(parse_layout("Sw<2,3,3> o _0 o (_8,_64):(_64,_1)"))
    assert bad > 0 and first is not None


def test_non_power_of_two_vector_has_no_cute_view():
    L = BankSwizzleLayout("quarter", (8, 84), 6)  # vector_size = 128 / 6 = 21
    assert L.vector_size == 21
    assert L.bijectivity()[0]
    layout, why = L.cute_layout()
    assert layout is None and "power of two" in why


def test_replicate_extent_with_larger_buffer():
    L = make_full_bank_swizzle((64, 64), 16)
    assert L.replicate_extent([2, 64, 64]) == 2
    assert L.physical_shape([2, 64, 64]) == [2, 1, 8, 512]


def test_select_gemm_ab_layout():
    assert select_gemm_ab_layout(128, 64, 16)[0] == "full"
    assert select_gemm_ab_layout(128, 32, 16)[0] == "half"
    # tilelang 0.1.15 MakeGemmABLayout tries the quarter-bank swizzle before padding (was "padded": wrong)
    assert select_gemm_ab_layout(128, 16, 16)[0] == "quarter"
    assert select_gemm_ab_layout(128, 24, 16)[0] == "padded"
    assert select_gemm_ab_layout(128, 16, 16, allow_pad=False)[0] == "quarter"
    assert select_gemm_ab_layout(128, 64, 8, k_inner=False)[0] == "padded"
    assert select_gemm_ab_layout(12, 64, 16, allow_pad=False)[0] == "linear"


def test_forward_at_report():
    L = make_full_bank_swizzle((256, 64), 16)
    text = report.forward_at(L, (5, 17))
    assert "c_swizzle = xor8x8(2, 5) = 7" in text
    assert "index = 1 + (7 + 5 * 8) * 8 = 377" in text


# ---------------------------------------------------------------- CLI


def test_cli_table_cute_and_leading_dims():
    r = run("half-bank", "--shape", "16,32", "--vectors")
    assert r.exit_code == 0
    assert " 2  |  9 |  8 | 11 | 10 |" in r.output
    r = run("full-bank", "--shape", "2,16,64", "--cute", "--at", "1,9,3")
    assert r.exit_code == 0, r.output
    assert "Sw<3,3,3> o _0 o (_2,_16,_64):(_1024,_64,_1)" in r.output
    assert "checked: equal to TileLang's offset at all 2048 input indices" in r.output
    # auto = tilelang.layout.make_swizzled_layout(buffer) (TileLang 0.1.15; it calls MakeGemmABLayout -> half here)
    r = run("auto", "--shape", "128,32", "--type", "float16")
    assert r.exit_code == 0 and r.output.startswith(
        "tilelang.layout.make_swizzled_layout(buffer[128, 32] float16) -> MakeHalfBankSwizzleLayout2D"
    )


@pytest.mark.parametrize(
    "args",
    [
        ["full-bank", "--shape", "250,64"],  # stride % 8
        ["full-bank", "--shape", "256,32"],  # continuous % 64
        ["full-bank", "--shape", "256"],  # rank 1
        ["full-bank", "--shape", "256,x"],  # not an integer
        ["full-bank", "--shape", "256,64", "--type-bits", "0"],
        ["full-bank", "--shape", "256,64", "--type-bits", "256"],
        ["full-bank", "--shape", "256,64", "--type", "float7"],
        ["full-bank", "--shape", "256,64", "--at", "256,0"],  # outside
        ["full-bank", "--shape", "256,64", "--at", "1,2,3"],
        ["full-bank", "--shape", "256,64", "--inverse", "16384"],
        ["full-bank", "--shape", "256,64", "--table", "--row0", "256"],  # empty window
        ["full-bank", "--shape", "256,64", "--table", "--cols", "65"],
        ["full-bank", "--shape", "2048,64", "--table", "--rows", "2048", "--cols", "64"],  # > 65,536 cells
    ],
)
def test_cli_bad_input_one_error_line(args):
    r = run(*args)
    assert r.exit_code == 2, r.output
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), r.output


def test_cli_registered_in_main():
    from cutedump import cli

    assert "tilelang" in cli.COMMANDS
    r = CliRunner().invoke(cli.main, ["tilelang", "full-bank", "--shape", "256,64"])
    assert r.exit_code == 0 and "OutputShape() = [1, 32, 512]" in r.output


def test_library_reports_are_what_the_command_prints():
    """The command is options + one library call: cutedump.tilelang.report gives the same text / JSON."""
    import json

    assert run(
        "auto", "--shape", "2,64,64", "--type", "float64", "--k-outer", "--at", "1,2,3"
    ).output == report.buffer_report("make_swizzled_layout", [2, 64, 64], dtype="float64", at=[1, 2, 3], k_outer=True)
    assert json.loads(run("gemm-ab", "--shape", "128,16", "--format", "json").output) == {
        **report.buffer_report("MakeGemmABLayout", "128,16", fmt="json"),
        "versions": VERSIONS,
    }
    assert run("full-bank", "--shape", "256,64", "--at", "5,17", "--cute", "--table").output == report.bank_report(
        "full", (256, 64), at=(5, 17), cute=True, table=True
    )
    assert run("fragment-8x8", "--transposed").output == report.fragment_8x8_report(True)
    assert run("replicated", "--shape", "2,4", "--threads", "128").output == report.replicated_report([2, 4], 128)


def test_stride_4_full_bank_has_no_tiled_cute_form():
    """A 4-row full-bank buffer: the 8-row swizzle atom does not tile it (CuTe's tile_to_shape would static_assert);
    the report leaves the tiled spelling out instead of failing with that assertion."""
    from click.testing import CliRunner

    from cutedump.cli import main

    r = CliRunner().invoke(main, ["tilelang", "full-bank", "--shape", "4,128", "--type-bits", "16", "--cute"])
    assert r.exit_code == 0, r.stderr
    assert "tile_to_shape" not in r.stdout and "CuTe view" in r.stdout
