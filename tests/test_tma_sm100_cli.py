"""cutedump tma --mma: the SM100 makers' views (text, json), their defaults (the tutorials' smem layout, mma_tiler and
type) and one-line errors with CuTe's static_assert/assert wording. The numbers themselves are checked against real
CuTe in tests/test_tma_sm100_oracle.py (the tutorial 04 values below are CuTe's)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cutedump.cli import main
from tests.test_tma_cli import _err  # one error line, exit 2

MMA2 = "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,K,K>"
MMA1 = "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>"
T04 = [
    "tma",
    "--op",
    "SM100_TMA_2SM_LOAD_MULTICAST",
    "--mma",
    MMA2,
    "--operand",
    "A",
    "--gmem",
    "(512,256):(256,_1)",
    "--cluster-shape",
    "(4,4,1)",
]


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_tutorial_04_text():
    r = run(*T04, "--tma-partition", "--cta", "7", "--cta-coord", "(1,0)", "--smem-address", "0x400")
    assert r.exit_code == 0, r.output
    out = r.output
    assert out.startswith(
        "make_tma_atom_A_sm100(SM100_TMA_2SM_LOAD_MULTICAST{}, make_tensor(gmem_ptr<half_t>, "
        "(512,256):(256,_1)), sA_layout, mma_tiler, tiled_mma, cluster_layout_vmnk)\n"
    )
    assert "  sA_layout:           Sw<3,4,3> o smem_ptr[16b](unset) o ((_128,_16),_1,_4):((_64,_1),_0,_16)" in out
    assert "  cluster_layout_vmnk: ((_2),_2,_4,_1):((_1),_2,_4,_0)" in out
    assert (
        "print(tma_atom_A):\nCopy_Atom\n  ThrID:        _2:_1\n  ValLayoutSrc: (_2,_8192):(_8192,_1)\n"
        "  ValLayoutDst: (_2,_8192):(_8192,_1)\n  ValLayoutRef: (_2,_8192):(_8192,_1)\n  ValueType:    16b\n"
    ) in out
    assert "  boxDim          {64, 32}\n" in out and "  globalDim       {256, 512}\n" in out
    assert "tma_atom_A.get_tma_tensor(shape(gmem)): ArithTuple(_0,_0) o (512,256):(_1@1,_1@0)" in out
    assert "  tAgA: ArithTuple(0,416) o (((_64,_128),_1),4):(((_1@0,_1@1),_0),_64@0)\n" in out
    assert "  tAsA: Sw<3,4,3>_smem_ptr[16b](0x1400) o ((_8192,_1)):((_1,_0))\n" in out
    assert "  tma_mcast_mask_a: 0x8888 " in out and "  mma_mcast_mask_c: 0xccfc " in out
    assert "tma transaction bytes of A: 32768" in out


def test_json_and_defaults():
    r = run(
        "tma",
        "--op",
        "SM90_TMA_LOAD_MULTICAST",
        "--mma",
        MMA1,
        "--operand",
        "B",
        "--gmem",
        "(1024,256):(256,_1)",
        "--cluster-shape",
        "(4,4,1)",
        "--format",
        "json",
        "--tma-partition",
        "--cta",
        "14",
        "--cta-coord",
        "(3,1)",
    )
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["maker"] == "make_tma_atom_B_sm100" and d["type"] == "half_t" and d["mma_tiler"] == "(_128,_256,_64)"
    assert d["smem_expr"] == "UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>, ((_256,_16),_1,_4))"
    assert d["multicast"] == 4 and d["tensor_map"]["box_dim"] == [64, 64]
    assert "tiled_copy" not in d and d["copy_atom"].startswith("Copy_Atom\n  ThrID:        _1:_0\n")
    p = d["partition"]
    assert p["cta_rank"] == 14 and p["cta_coord_vmnk"] == "(_0,2,3,_0)"
    assert set(p["masks"]) == {"tma_mcast_mask_a", "tma_mcast_mask_b", "mma_mcast_mask_c"}


def test_2sm_atom_in_a_cluster_of_one_m():
    # CuTe divides a cluster of ClusterM 1 by AtomThrID _2 all the same: ((_2),_1,_2,_1):((_0),_0,_1,_0)
    r = run(
        "tma",
        "--op",
        "SM100_TMA_2SM_LOAD_MULTICAST",
        "--mma",
        MMA2,
        "--gmem",
        "(512,256):(256,_1)",
        "--cluster-shape",
        "(1,2,1)",
    )
    assert r.exit_code == 0, r.output
    assert (
        "  cluster_layout_vmnk: ((_2),_1,_2,_1):((_0),_0,_1,_0)" in r.output
        and "  boxDim          {64, 64}\n" in r.output
    )


def test_tiled_copy_and_c():
    r = run(
        "tma",
        "--op",
        "SM100_TMA_2SM_LOAD_MULTICAST",
        "--mma",
        MMA2,
        "--operand",
        "A",
        "--gmem",
        "(512,256):(256,_1)",
        "--tiled-copy",
        "--format",
        "json",
    )
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["maker"] == "make_tma_copy_A_sm100" and d["cluster_layout_vmnk"] is None
    assert d["tiled_copy"].startswith(
        "TiledCopy\n  Tiler_MN:       (_2048,_1,_4)\n  TiledLayout_TV: (_2,(((_64,_128),_1))):(_0,(((_128,_1),_0)))\n"
    )
    assert d["tensor_map"]["box_dim"] == [64, 128]
    r = run("tma", "--op", "SM90_TMA_STORE", "--mma", MMA1, "--operand", "C", "--gmem", "(1024,1024):(_1,1024)")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("make_tma_copy_C_sm100(SM90_TMA_STORE{}, make_tensor(gmem_ptr<float>, ")


def test_errors_are_one_line_with_cutes_wording():
    base = ["--mma", MMA2, "--gmem", "(512,256):(256,_1)"]
    assert "Unsupported TMA (static_assert(dependent_false<CopyOp>)" in _err("--op", "SM90_TMA_REDUCE_ADD", *base)
    assert "Unsupported TMA Op, expected a non-multicast TMA" in _err(
        "--op", "SM90_TMA_LOAD_MULTICAST", "--operand", "C", *base
    )
    assert "Majorness of smem doesn't match majorness of gmem" in _err(
        "--op", "SM90_TMA_LOAD", "--mma", MMA2, "--gmem", "(512,256):(_1,512)"
    )
    assert "(gmem_prob_stride[1] & 0b1111) == 0" in _err(
        "--op", "SM90_TMA_LOAD", "--mma", MMA2, "--gmem", "(512,250):(250,_1)"
    )
    assert "TMA requires CTA_Tile and SLayout top-level size equivalence" in _err(
        "--op",
        "SM90_TMA_LOAD",
        *base,
        "--smem",
        "UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>, ((_128,_16),_2,_4))",
    )
    assert "TiledCopy uses too few thrs" in _err(
        "--op", "SM100_TMA_2SM_LOAD", "--mma", MMA1, "--gmem", "(512,256):(256,_1)", "--tiled-copy"
    )
    assert "an SM100 UMMA atom" in _err(
        "--op", "SM90_TMA_LOAD", "--mma", "SM80_16x8x16_F16F16F16F16_TN", "--gmem", "(512,256):(256,_1)"
    )
    assert "takes no cluster shape" in _err(
        "--op", "SM90_TMA_LOAD", *base, "--tiled-copy", "--cluster-shape", "(2,1,1)"
    )
    assert "need --mma" in _err(
        "--op",
        "SM90_TMA_LOAD",
        "--type",
        "half_t",
        "--gmem",
        "(64,64)",
        "--smem",
        "(_64,_64)",
        "--cluster-shape",
        "(2,1,1)",
    )
    assert "outside the cluster of 16 CTAs" in _err(
        "--op", "SM100_TMA_2SM_LOAD_MULTICAST", *base, "--cluster-shape", "(4,4,1)", "--tma-partition", "--cta", "16"
    )
    # CuTe's get_flat_coord divides by the stride-0 V mode of a 2SM atom in a ClusterM-1 cluster (its program dies)
    assert "SIGFPE" in _err("--op", "SM90_TMA_LOAD", *base, "--cluster-shape", "(1,2,1)", "--tma-partition")
    assert _err("--op", "SM90_TMA_LOAD", *base, "--mma-tiler", "(_256,_256)").startswith("error: --mma-tiler")
    assert "--cluster-shape" in _err("--op", "SM90_TMA_LOAD", *base, "--cluster", "2")
    assert "Missing option '--smem'" in _err("--op", "SM90_TMA_LOAD", "--type", "half_t", "--gmem", "(64,64)")
