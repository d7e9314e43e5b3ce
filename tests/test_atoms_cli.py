"""The atoms / mma / copy commands: output blocks, exit status 2 and one error line for bad input."""

from __future__ import annotations

from click.testing import CliRunner

from cutedump.cli import main


def run(*args):
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.output


def test_atoms_lists_both_catalogs():
    code, out = run("atoms")
    assert code == 0
    assert "SM80_16x8x16_F16F16F16F16_TN" in out and "SM75_U32x4_LDSM_N" in out
    assert "SM90_64x256x16_F32F16F16_SS<K|MN,K|MN>" in out
    code, out = run("atoms", "--copy", "STSM")
    assert out.startswith("Copy atoms (6):")
    code, out = run("atoms", "--mma", "sm90_64x8x*_s32s8s8*")
    assert out.startswith("MMA atoms (4):")


def test_mma_prints_tiled_mma_and_layouts():
    code, out = run("mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-layout", "(_2,_2)", "--tile", "(_32,_32,_16)")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "TiledMMA"
    assert lines[1] == "  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)"
    assert "layoutC_TV: ((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_32,_8),(_0,_512)))" in lines
    code, out = run("mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-layout", "(_2,_2)", "--partition", "(128,128)")
    assert "partition_shape_C(128,128): ((_2,_2),4,8)" in out


def test_copy_ldmatrix_samples():
    code, out = run(
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
        "--samples",
    )
    assert code == 0
    assert "src2ref: ((_8,_4),(_2,_4)):((_4,_64),(_32,_1))" in out
    assert "dst2ref: (_32,(_2,_4)):(_1,(_32,_64))" in out
    assert "  tid  8 : ( 0,(0,1)) ( 0,(1,1)) ( 1,(0,1)) ( 1,(1,1)) ( 2,(0,1)) ( 2,(1,1)) ( 3,(0,1)) ( 3,(1,1))" in out
    code, out = run(
        "copy",
        "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
        "--type",
        "half_t",
        "--thr",
        "(_16,_8):(_8,_1)",
        "--val",
        "(_1,_8)",
    )
    assert "  TiledLayout_TV: ((_8,_16),_8):((_128,_1),_16)" in out.splitlines()
    assert "  Tiler_MN:       (_16,_64)" in out.splitlines()


def _one_error_line(code, out):
    assert code == 2
    lines = [l for l in out.splitlines() if l]
    assert len(lines) == 1 and lines[0].startswith("error: "), out
    return lines[0]


def test_errors_are_one_line_exit_2():
    msg = _one_error_line(*run("mma", "SM80_16x8x16_F16F16F16F16_NT"))
    assert "did you mean SM80_16x8x16_F16F16F16F16_TN" in msg
    msg = _one_error_line(*run("copy", "SM75_U32x4_LDSM", "--type", "half_t", "--thr", "(_32,_1)"))
    assert "did you mean SM75_U32x4_LDSM_N" in msg
    msg = _one_error_line(*run("copy", "UniversalCopy<half_t>", "--type", "half_t", "--thr", "(_4,_4):(_1,_8)"))
    assert "not a bijection" in msg
    msg = _one_error_line(
        *run("copy", "UniversalCopy<uint128_t>", "--type", "half_t", "--thr", "(_4,_4)", "--val", "(_1,_4)")
    )
    assert "too few vals" in msg
    msg = _one_error_line(*run("copy", "SM75_U32x4_LDSM_N", "--type", "halff", "--thr", "(_32,_1)"))
    assert "did you mean" in msg and "half_t" in msg
    msg = _one_error_line(*run("mma", "SM80_16x8x16_F16F16F16F16_TN", "--tile", "(32,_32,_16)"))
    assert "static" in msg
    msg = _one_error_line(*run("mma", "SM90_64x64x16_F16F16F16_RS<MN,K>"))
    assert "K-major" in msg
