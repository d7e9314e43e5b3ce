"""cutedump tma: the command's views, its --help examples and its one-line errors (CuTe's assert wording)."""

from __future__ import annotations

import json
import shlex

from click.testing import CliRunner

from cutedump.cli import main
from cutedump.commands.declarations import COMMANDS

EPILOG = COMMANDS["tma"].epilog


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_help_examples_run():
    r = run("tma", "--help")
    assert r.exit_code == 0 and "Examples" in r.output
    text = EPILOG.replace("\\\n", " ")
    cmds = [ln.strip() for ln in text.splitlines() if ln.strip().startswith("cutedump tma")]
    assert len(cmds) >= 5
    for c in cmds:
        r = run(*shlex.split(c)[1:])
        assert r.exit_code == 0, (c, r.output)


def test_text_view_tutorial_case():
    # the Hopper tutorial's A: K-major (M,K) half_t, 128x64 tile of GMMA K_SW128 atoms
    r = run(
        "tma",
        "--op",
        "SM90_TMA_LOAD",
        "--type",
        "half_t",
        "--gmem",
        "(512,256):(256,_1)",
        "--smem",
        "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, (_128,_64))",
    )
    assert r.exit_code == 0, r.output
    out = r.output
    assert "TiledCopy\n  Tiler_MN:       (_128,_64)\n" in out
    assert "  boxDim          {64, 128}\n" in out
    assert "  swizzle         CU_TENSOR_MAP_SWIZZLE_128B\n" in out
    assert "  globalStrides   {512}" in out
    assert "each CTA issues 1 TMA instruction(s) per tile" in out


def test_json_view():
    r = run(
        "tma",
        "--op",
        "SM90_TMA_LOAD_MULTICAST",
        "--type",
        "half_t",
        "--gmem",
        "(1024,256):(_1,1024)",
        "--smem",
        "tile_to_shape(Sw<3,4,3> o _0 o (_64,_8):(_1,_64), (_128,_64))",
        "--cluster",
        "2",
        "--format",
        "json",
        "--tma-partition",
        "--cta",
        "1",
    )
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["tensor_map"] == {
        "data_type": "CU_TENSOR_MAP_DATA_TYPE_FLOAT16",
        "rank": 2,
        "global_dim": [1024, 256],
        "global_strides": [2048],
        "box_dim": [64, 4],
        "element_strides": [1, 1],
        "interleave": "CU_TENSOR_MAP_INTERLEAVE_NONE",
        "swizzle": "CU_TENSOR_MAP_SWIZZLE_128B",
        "l2_promotion": "CU_TENSOR_MAP_L2_PROMOTION_L2_128B",
        "oob_fill": "CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE",
    }
    assert d["tiled_copy"].startswith(
        "TiledCopy\n  Tiler_MN:       (_128,_64)\n"
        "  TiledLayout_TV: (_2,(((_64,_8),(_2,_8)))):(_512,(((_1,_128),(_64,_1024))))\n"
    )
    assert d["box_dim_before_multicast"] == [64, 8] and d["instructions_per_cta_tile"] == 16
    assert d["partition"]["tAsA"] == "Sw<3,4,3>_smem_ptr[16b](0x200) o ((_512,_16)):((_1,_512))"


def _err(*args):
    r = run("tma", *args)
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    # one error line (a parse error adds the quoted input and a caret line)
    assert lines[0].startswith("error: ") and (len(lines) == 1 or (len(lines) == 3 and lines[2].strip() == "^")), (
        r.output
    )
    return lines[0]


def test_errors_are_one_line_with_cutes_wording():
    base = ["--type", "half_t", "--op", "SM90_TMA_LOAD"]
    # gmem M-major, smem K-major
    e = _err(*base, "--gmem", "(1024,256):(_1,1024)", "--smem", "(_64,_32):(_32,_1)")
    assert "Majorness of smem doesn't match majorness of gmem" in e
    # row pitch 1000 halfs = 2000 bytes is fine, 1001 halfs is not 16B-aligned
    e = _err(*base, "--gmem", "(1024,256):(1001,_1)", "--smem", "(_64,_32):(_32,_1)")
    assert "(gmem_prob_stride[1] & 0b1111) == 0" in e and "Stride must be multiple of 16B (128b)" in e
    # a box mode over 256
    e = _err(*base, "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_1,_512):(_512,_1)")
    assert "smem_box_shape[0] <= (uint32_t(1) << 8)" in e
    # a swizzle TMA has no mode for
    e = _err(*base, "--gmem", "(1024,256):(256,_1)", "--smem", "Sw<3,3,3> o _0 o (_64,_64):(_64,_1)")
    assert "Unsupported layout swizzle" in e
    e = _err(*base, "--gmem", "(1024,256):(256,_1)", "--smem", "Sw<2,4,2> o _0 o (_64,_64):(_64,_1)")
    assert "Expected S = 3 when M == 4" in e
    e = _err(*base, "--gmem", "(1024,256):(256,_1)", "--smem", "(_64,_64):(_64,_1)", "--cta-tile", "(_64,_32)")
    assert "TMA requires CTA_Tile and SLayout top-level size equivalence" in e
    e = _err("--op", "SM90_TMA_LOD", "--type", "half_t", "--gmem", "(64,64)", "--smem", "(_64,_64)")
    assert "did you mean SM90_TMA_LOAD" in e
    e = _err("--op", "SM90_TMA_LOAD", "--type", "int16_t", "--gmem", "(64,64)", "--smem", "(_64,_64)")
    assert "Unknown TMA Format!" in e
    e = _err(*base, "--gmem", "(64,64", "--smem", "(_64,_64)")
    assert e.startswith("error: --gmem")
    e = _err(*base, "--gmem", "(64,64)", "--smem", "(_64,_64)", "--cta", "1")
    assert "--tma-partition" in e


def test_sm100_and_im2col_options_stay_with_their_ops():
    """The SM100 options need --mma, the im2col corners need an im2col op, and --mma is not an im2col maker."""
    g, s = "((56,56,8),64):((64,3584,200704),_1)", "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))"
    cases = [
        (
            [
                "--op",
                "SM90_TMA_LOAD_IM2COL",
                "--type",
                "half_t",
                "--gmem",
                g,
                "--smem",
                s,
                "--mma",
                "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>",
            ],
            "not with the im2col ops",
        ),
        (
            [
                "--op",
                "SM90_TMA_LOAD",
                "--type",
                "half_t",
                "--gmem",
                "(512,256):(256,_1)",
                "--smem",
                "(_64,_32):(_32,_1)",
                "--lower-corner",
                "(-1,-1)",
            ],
            "go with the im2col ops",
        ),
        (
            ["--op", "SM90_TMA_LOAD_IM2COL", "--type", "half_t", "--gmem", g, "--smem", s, "--tiled-copy"],
            "they need --mma",
        ),
        (["--op", "SM90_TMA_LOAD_IM2COL", "--gmem", g, "--smem", s], "Missing option '--type'"),
    ]
    for args, msg in cases:
        r = run("tma", *args)
        assert r.exit_code == 2, (args, r.output)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error:") and msg in lines[0], (args, r.stderr)
