"""`cutedump bank` on the command line: raw mode against the H100-measured patterns, copy mode, the fix, views,
bad input (one error line, exit 2)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from cutedump.cli import command

bank_cmd = command("bank")
from tests.test_bank_model import MEASURED

A_LDSM = [
    "--copy",
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
]
G2S = "--copy SM80_CP_ASYNC_CACHEALWAYS<uint128_t> --thr (_16,_8):(_8,_1) --val (_1,_8)"


def run(*args):
    return CliRunner().invoke(bank_cmd, list(args))


@pytest.mark.parametrize("p", MEASURED[::5], ids=[p["name"] for p in MEASURED[::5]])
def test_raw_mode_json_equals_measurement(p):
    args = ["--inst", p["inst"], "--format", "json"]
    for row in p["lane_byte_addresses"]:
        args += ["--addresses", ",".join(map(str, row))]
    r = run(*args)
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["total"]["wavefronts"] == p["measured"]["wavefronts"]
    assert d["total"]["conflicts"] == p["measured"]["bank_conflicts"]
    assert [i["addresses"] for i in d["instructions"]] == p["lane_byte_addresses"]
    assert all(i["inst"] == p["inst"] and i["conflicts"] == i["wavefronts"] - i["ideal"] for i in d["instructions"])


def test_raw_mode_text_picture():
    p = next(x for x in MEASURED if x["inst"] == "ld.shared.b128" and x["measured"]["bank_conflicts"] > 0)
    r = run("--inst", "ld.shared.b128", "--addresses", ",".join(map(str, p["lane_byte_addresses"][0])))
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert lines[0].startswith("  bank") and lines[1].strip() == "01234567890123456789012345678901"
    assert sum(l.startswith("  lanes") for l in lines) == 4
    assert lines[-1] == (
        f"total: wavefronts {p['measured']['wavefronts']}  ideal 4  conflicts "
        f"{p['measured']['bank_conflicts']} (1 instruction)"
    )


def test_copy_conflicts_and_the_fix_is_clean_for_both_copies():
    r = run("(_128,_64):(_64,_1)", *A_LDSM, "--also", G2S, "--format", "json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["total"]["conflicts"] > 0 and d["vector"]["max_common_vector"] == 8
    fix = d["fix"]["swizzle"]
    assert fix["layout"] == "Sw<3,3,3> o _0 o (_128,_64):(_64,_1)"
    assert fix["cute"] == "composition(Swizzle<3,3,3>{}, Layout<Shape<_128,_64>, Stride<_64,_1>>{})"
    # the claimed layouts really are clean, for the ldmatrix loads and the cp.async stores, in every warp
    for lay in (
        fix["layout"].replace("Sw<3,3,3> o _0 o ", "composition(Sw<3,3,3>, ") + ")",
        d["fix"]["padding"]["layout"],
    ):
        for w in range(4):
            a = json.loads(run(lay, *A_LDSM, "--warp", str(w), "--format", "json").output)
            assert a["total"]["conflicts"] == 0 and a["all_warps"]["conflicts"] == 0
        g = json.loads(run(lay, *G2S.split(), "--type", "half_t", "--format", "json").output)
        assert g["all_warps"]["conflicts"] == 0 and g["copy"]["side"] == "partition_D"
    text = run("(_128,_64):(_64,_1)", *A_LDSM, "--also", G2S, "--compact").output
    assert "fix: Sw<3,3,3> o _0 o (_128,_64):(_64,_1)" in text
    assert "modelled as st.shared.b128, not measured" in text


def test_a_smaller_swizzle_is_not_clean():
    # every swizzle tried before the answer conflicts: Sw<2,3,3> is one of them for the 128x64 tile
    d = json.loads(run("composition(Sw<2,3,3>, (_128,_64):(_64,_1))", *A_LDSM, "--format", "json").output)
    assert d["all_warps"]["conflicts"] > 0


def test_svg_is_well_formed():
    r = run("(_64,_32):(_32,_1)", *A_LDSM, "--format", "svg", "--no-fix")
    assert r.exit_code == 0
    root = ET.fromstring(r.output)
    assert root.tag.endswith("svg")
    assert len([e for e in root.iter() if e.tag.endswith("rect")]) == 1 + 4 * 4 * 32


def test_help_has_examples():
    r = run("--help")
    assert r.exit_code == 0 and "Examples:" in r.output and "--also" in r.output and "--inst" in r.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["--inst", "ld.shared.b256", "--addresses", "0"], "unknown shared-memory instruction 'ld.shared.b256'"),
        (["--inst", "ld.shared.b32", "--addresses", "0,4,8"], "expected 32 byte addresses (one per lane), got 3"),
        (
            ["--inst", "ld.shared.b128", "--addresses", ",".join(str(8 + 16 * i) for i in range(32))],
            "address 8 is not 16-byte aligned",
        ),
        (["--inst", "ld.shared.b32", "--addresses", "a,b"], "expected 32 integers"),
        (["--addresses", "0"], "--addresses needs --inst"),
        ([], "give a smem layout and --copy ATOM"),
        (["(_64,_30):(_30,_1)", *A_LDSM], "does not tile the smem layout (_64,_30):(_30,_1)"),
        (["(_64,_32):(_32,_1)", *A_LDSM[:2], "--type", "double", *A_LDSM[4:]], "CopyOperation is not valid"),
        (["(_64,_32):(_1,_64)", *A_LDSM], "CuTe fails to compile this copy"),
        (["(_64,_32):(_32,_1)", *A_LDSM, "--warp", "4"], "--warp 4 is outside the TiledCopy's 4 warps"),
        (["(_64,_32):(_32,_1)", *A_LDSM, "--store"], "is ldmatrix: it loads from shared memory"),
        (["(_64,_32", *A_LDSM], "smem layout:"),
        (["(_64,_32):(_32,_1)", *A_LDSM, "--also", "--bogus x"], "--also '--bogus x'"),
        (
            [
                "(_64,_32):(_32,_1)",
                "--copy",
                "SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>",
                "--type",
                "half_t",
                "--thr",
                "(_8,_4):(_4,_1)",
                "--val",
                "(_1,_4)",
            ],
            "cp.async sizeof(TS) is not supported",
        ),
        (
            [
                "(_64,_32):(_32,_1)",
                "--copy",
                "DefaultCopy",
                "--type",
                "half_t",
                "--thr",
                "(_32,_4):(_4,_1)",
                "--val",
                "(_1,_8)",
            ],
            "not modelled yet",
        ),
        (
            [
                "(_64,_32):(_33,_1)",
                "--copy",
                "UniversalCopy<uint64_t>",
                "--type",
                "float",
                "--thr",
                "(_16,_8):(_8,_1)",
                "--val",
                "(_1,_2)",
            ],
            "not 8-byte aligned",
        ),
    ],
)
def test_bad_input_one_error_line(args, message):
    r = CliRunner().invoke(bank_cmd, args)
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], r.output


def test_paired_load_is_drawn_as_merged_phases():
    """A 128-bit load whose lanes l and l^1 share addresses is served as half-warps: the picture shows two phases
    of 16 lanes (not four quarter-warps, two of them empty) and says why."""
    addrs = ",".join(str((lane // 2) * 16) for lane in range(32))
    r = CliRunner().invoke(bank_cmd, ["--inst", "ld.shared.b128", "--addresses", addrs])
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "wavefronts 2  ideal 2  conflicts 0  (lanes paired on equal addresses: phases merged)" in r.stdout
    assert [ln.split()[1] for ln in lines if ln.startswith("  lanes")] == ["0-15", "16-31"]
    svg = CliRunner().invoke(bank_cmd, ["--inst", "ld.shared.b128", "--addresses", addrs, "--format", "svg"])
    assert svg.stdout.count(">lanes ") == 2
