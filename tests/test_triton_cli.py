"""`cutedump triton` on the command line: the text and JSON answers carry the computed fields (each checked against
the linear layout), both spellings give the same answer, refusals are one `error:` line naming the parameter,
--from-cute inverts the CuTe equivalent, and the Triton model never imports triton."""

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from cutedump.triton import cute, spell, text
from cutedump.triton.report import from_cute

BLOCKED = (
    "BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[1, 0], cga_layout=[])"
)
BLOCKED_TTGIR = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"


def run(*args):
    r = CliRunner().invoke(main, ["triton", *args])
    return r.exit_code, r.stdout, r.stderr


def test_json_fields_are_the_computed_ones():
    code, out, _ = run(BLOCKED, "--shape", "32,16", "--format", "json")
    assert code == 0
    d = json.loads(out)
    assert set(d) == {"layout", "linear_layout", "tensor_view", "hardware_view", "cute", "versions"}
    ll = spell.parse(BLOCKED).to_linear([32, 16])
    assert d["linear_layout"] == text.fields(ll, [32, 16])
    assert d["tensor_view"] == text.tensor_view(ll, [32, 16])
    assert d["cute"] == cute.equivalent(ll, [32, 16])[0]
    # the TTGIR spelling is the same layout
    code, out2, _ = run(BLOCKED_TTGIR, "--shape", "32,16", "--format", "json")
    assert code == 0 and json.loads(out2) == d


def test_text_answer_lists_the_fields():
    code, out, _ = run(
        "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
        "--shape",
        "64,64",
        "--views",
        "all",
    )
    assert code == 0
    ll = spell.parse("SwizzledSharedLayout(8, 1, 8, [1, 0])").to_linear([64, 64])
    assert f"  offset_bases = {text.fields(ll, [64, 64])['offset_bases']}" in out
    assert "  alignment = 16" in out
    assert "CuTe: Sw<3,3,3> o _0 o (_64,_64):(_64,_1)" in out
    assert out.endswith(text.hardware_view(ll, [64, 64]))


@pytest.mark.parametrize(
    "layout,shape,word",
    [
        (
            "BlockedLayout(size_per_thread=[3, 1], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[1, 0])",
            "16,16",
            "size_per_thread",
        ),
        (
            "BlockedLayout(size_per_thread=[1, 1], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[0, 0])",
            "16,16",
            "order",
        ),
        (BLOCKED, "12,16", "--shape"),
        (BLOCKED, "16,16,16", "--shape"),
        ("DotOperandLayout(operand_index=0, parent=" + BLOCKED + ", k_width=2)", "16,16", "k_width"),
        (
            "DotOperandLayout(operand_index=1, parent=NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], "
            "instr_shape=[16, 64, 16]), k_width=2)",
            "64,64",
            "operand_index",
        ),
        ("NVMMASharedLayout(swizzle_byte_width=96, element_bitwidth=16)", "64,64", "swizzle_byte_width"),
        ("NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16)", "16,16", "swizzle_byte_width"),
        ("SliceLayout(dim=2, parent=" + BLOCKED + ")", "16", "dim"),
        ("#ttg.blocked<{sizePerThread = [1, 4], warpsPerCTA = [4, 1], order = [1, 0]}>", "16,16", "missing"),
        ("BlockedLayout(size_per_thread=[1, 4]", "16,16", "ends early"),
        ("Foo(1)", "4", "unknown layout"),
        (BLOCKED, None, "--shape"),
    ],
)
def test_refusals_are_one_error_line(layout, shape, word):
    args = [layout] + (["--shape", shape] if shape else [])
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and word in err, err


def test_from_cute_inverts_the_cute_equivalent():
    for layout, shape in [
        (BLOCKED, [32, 16]),
        ("NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8])", [32, 32]),
        (
            "DotOperandLayout(operand_index=1, parent=NVMMADistributedLayout(version=[2, 0], "
            "warps_per_cta=[1, 1], instr_shape=[16, 8]), k_width=2)",
            [16, 8],
        ),
    ]:
        ll = spell.parse(layout).to_linear(shape)
        line, obj = cute.equivalent(ll, shape)
        if ll.bases("warp") and not all(any(b) for b in ll.bases("warp")):
            continue  # a broadcast warp: the CuTe layout does not cover the tile once
        f = from_cute(obj, shape)
        assert f == {k: v for k, v in text.fields(ll, shape).items()}, layout
        code, out, _ = run("--from-cute", line, "--shape", ",".join(map(str, shape)))
        assert code == 0 and out.startswith("DistributedLinearLayout(reg_bases=")


def test_from_cute_refuses_a_non_linear_layout():
    code, _, err = run("--from-cute", "(_3,_2):(_1,_3)", "--shape", "6")
    assert code == 2 and "power" in err
    code, _, err = run("--from-cute", "(_4,_2):(_3,_1)", "--shape", "16")
    assert code == 2 and "XOR" in err


def test_never_imports_triton():
    code = (
        "import sys; from cutedump.cli import main; "
        "sys.argv=['cutedump','triton'," + repr(BLOCKED) + ",'--shape','16,16'];\n"
        "try: main()\nexcept SystemExit: pass\nassert 'triton' not in sys.modules, 'triton imported'"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


SW = "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"
ROWS = "BlockedLayout(size_per_thread=[1, 8], threads_per_warp=[4, 8], warps_per_cta=[4, 1], order=[1, 0])"


def test_bank_triton_addresses_follow_the_cute_equivalent():
    from cutedump.algebra.integer import C
    from cutedump.triton.bank import accesses

    inst, rows, notes = accesses(SW, ROWS, [64, 64], 16, 8, False, warp=1)
    assert inst == "ld.shared.b128" and "--vec" in notes[0]
    sh = spell.parse(SW).to_linear([64, 64])
    _, composed = cute.equivalent(sh, [64, 64])  # Sw<3,3,3> o _0 o (_64,_64):(_64,_1): coordinate -> offset
    rg = spell.parse(ROWS).to_linear([64, 64])
    for g, row in enumerate(rows):
        for lane, addr in enumerate(row):
            c = rg.apply({"register": g * 8, "lane": lane, "warp": 1})
            assert addr == int(composed((C(c[0]), C(c[1])))) * 2
    r = CliRunner().invoke(
        main,
        [
            "bank",
            "--triton-shared",
            SW,
            "--triton-reg",
            ROWS,
            "--shape",
            "64,64",
            "--type",
            "half_t",
            "--vec",
            "8",
            "--format",
            "json",
        ],
    )
    assert r.exit_code == 0, r.stderr
    r = CliRunner().invoke(
        main,
        [
            "bank",
            "--triton-shared",
            SW,
            "--triton-reg",
            ROWS.replace("[1, 8]", "[8, 1]"),
            "--shape",
            "64,64",
            "--type",
            "half_t",
            "--vec",
            "8",
        ],
    )
    assert r.exit_code == 2 and r.stderr.startswith("error: --vec 8:") and r.stderr.count("\n") == 1


def test_views_option_keeps_a_large_answer_readable():
    """An NVMMA shared layout on 64x128 printed 8,267 lines with the CuTe answer on line 9: by default (auto) a tensor
    past 256 elements prints no views and one line saying so; --views picks them, all prints today's full answer."""
    nv = "NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16)"
    ll = spell.parse(nv).to_linear([64, 128])
    code, out, _ = run(nv, "--shape", "64,128")
    assert code == 0 and len(out.splitlines()) <= 12
    assert out.splitlines()[-2].startswith("CuTe: ")
    assert out.splitlines()[-1] == "(tensor and hardware views left out: --views all prints them)"
    code, full, _ = run(nv, "--shape", "64,128", "--views", "all")
    assert full.endswith(text.hardware_view(ll, [64, 128])) and len(full.splitlines()) > 8000
    code, t, _ = run(nv, "--shape", "64,128", "--views", "tensor")
    assert ("tensor view:\n" + text.tensor_view(ll, [64, 128])) in t and "hardware view:" not in t
    assert t.endswith("(hardware view left out: --views all prints it)\n")
    code, small, _ = run(BLOCKED, "--shape", "16,16")  # 256 elements: auto prints both
    assert "tensor view:" in small and "hardware view:" in small and "left out" not in small
    d = json.loads(run(nv, "--shape", "64,128", "--format", "json", "--views", "none")[1])
    assert "tensor_view" not in d and "hardware_view" not in d and d["cute"] == out.splitlines()[-2][6:]
    d = json.loads(run(nv, "--shape", "64,128", "--format", "json")[1])  # json: auto keeps both
    assert d["hardware_view"] == text.hardware_view(ll, [64, 128])
