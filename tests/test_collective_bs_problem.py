"""`cutedump collective --problem M,N,K[,L]` of SM100 block-scaled collectives (issue 44): the TMA atoms of A, B, SFA
and SFB as CUTLASS 4.2's collective makes them in ``to_underlying_arguments`` (the builder's CollectiveOp compiled
host-only, its cuTensorMapEncodeTiled printing every argument: tests/oracle/gen_collective_bs_tma.py), for problems
drawn by a seed (run-time values: one program per configuration; ``CUTEDUMP_BS_PROBLEM_SEED`` draws fresh ones,
recorded with ``python -m tests.oracle.record tests/test_collective_bs_problem.py``).

The scale factors' atoms are make_tma_atom_A/B_sm100<uint16_t> (SFB over TiledMMA_SF and TileShape_SF); A and B of
4-bit types are packed TMA formats (16U4) cutedump does not model: their rows say so, and CUTLASS's map is checked to
be one. Compile time (2-core machine): about 80 s per configuration; read back from the records in under a second.
"""

from __future__ import annotations

import json
import os
import random

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from cutedump.commands._collective import parse
from tests.oracle import gen_collective_bs_tma as X
from tests.oracle.cute import run_cases

SEED = int(os.environ.get("CUTEDUMP_BS_PROBLEM_SEED", "4403"))

# (a, b, tile, cluster): 72a's NVF4 2SM, an MXF8 1SM with a cluster N of 2, an MXF4 2SM of CTA N 192
CONFIGS = [
    ("nv_float4_t<float_e2m1_t>:RowMajor", "nv_float4_t<float_e2m1_t>:ColumnMajor", "256,256,256", "2,4,1"),
    ("mx_float8_t<float_e4m3_t>:RowMajor", "mx_float8_t<float_e4m3_t>:ColumnMajor", "128,128,128", "1,2,1"),
    ("mx_float4_t<float_e2m1_t>:RowMajor", "mx_float4_t<float_e2m1_t>:ColumnMajor", "256,192,256", "2,1,1"),
]


def problems(i: int, seed: int = SEED) -> list[tuple[int, int, int, int]]:
    """A fixed problem and four drawn ones: M, N any extent, K a multiple of 128 (A/B rows of whole 16-byte
    units, as TMA needs), L 1..3."""
    rng = random.Random(seed * 7 + i)
    out = [(1024, 1024, 1024, 1)]
    for _ in range(4):
        out.append((rng.randrange(1, 5000), rng.randrange(1, 5000), 128 * rng.randrange(1, 40), rng.randrange(1, 4)))
    return out


def _cfg(a, b, tile, cluster):
    return parse("sm100", a, b, "bfloat16_t", "bfloat16_t", "float", tile, cluster, *([None] * 9))


@pytest.fixture(scope="module")
def cutlass():
    return [
        X.parse(run_cases([X.cpp_body(_cfg(*c), problems(i))], prelude=X.PRELUDE, extra_flags=X.FLAGS)[0])
        for i, c in enumerate(CONFIGS)
    ]


def _args(i, prob, *more):
    a, b, tile, cluster = CONFIGS[i]
    return ["collective", "--arch", "sm100", "--a", a, "--b", b, "--c", "bfloat16_t", "--d", "bfloat16_t",
            "--tile", tile, "--cluster", cluster, "--problem", ",".join(map(str, prob)), *more]  # fmt: skip


def _run(args):
    r = CliRunner().invoke(main, args)
    return r.exit_code, r.stdout, r.stderr


def _tm_line(d: dict) -> str:
    j = lambda v: ",".join(str(x) for x in v)  # noqa: E731
    return (
        f"{d['data_type']} rank={d['rank']} global_dim={j(d['global_dim'])} "
        f"global_strides={j(d['global_strides'])} box_dim={j(d['box_dim'])} "
        f"element_strides={j(d['element_strides'])} {d['interleave']} {d['swizzle']} {d['l2_promotion']} "
        f"{d['oob_fill']}"
    )


CASES = [(i, j) for i in range(len(CONFIGS)) for j in range(5)]


@pytest.mark.parametrize("i, j", CASES)
def test_tma_maps_are_the_collectives(cutlass, i, j):
    """A, B, SFA, SFB: the tensor maps to_underlying_arguments encodes (its lines 0, 1, 4, 5; the fallback twins
    6, 7 are 4, 5 for a static cluster), the SF TMA coordinate tensors get_tma_tensor gives."""
    got = cutlass[i][j]
    prob = problems(i)[j]
    assert got["problem"] == list(prob) and len(got["tensor_map"]) == 8
    assert got["tensor_map"][4:6] == got["tensor_map"][6:8]
    code, out, err = _run(_args(i, prob, "--format", "json"))
    assert code == 0, err
    tma = json.loads(out)["tma"]
    assert tma["problem"] == list(prob)
    for k, name in zip((0, 1, 4, 5), ("A", "B", "SFA", "SFB")):
        row = tma[name]
        if "tensor_map" in row:
            assert _tm_line(row["tensor_map"]) == got["tensor_map"][k], name
        else:  # a packed sub-byte format CuTe maps through recast (16U4): said not modelled
            assert name in "AB" and "sub-byte" in row["not_modelled"]
            assert "_16U4_" in got["tensor_map"][k]
    assert tma["SFA"]["tma_tensor"] == got["sfa_tensor"]
    assert tma["SFB"]["tma_tensor"] == got["sfb_tensor"]
    assert tma["SFA"]["tma_type"] == tma["SFB"]["tma_type"] == "uint16_t"


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_text_states_what_the_json_holds(i):
    """Each TMA row of the text is the JSON's call and numbers."""
    prob = problems(i)[1]
    code, text, err = _run(_args(i, prob))
    assert code == 0, err
    code, out, err = _run(_args(i, prob, "--format", "json"))
    tma = json.loads(out)["tma"]
    lines = text.splitlines()
    for name in ("A", "B", "SFA", "SFB"):
        row = tma[name]
        k = lines.index(f"TMA {name}: {row['call']}")
        if "tensor_map" not in row:
            assert lines[k + 1] == f"  not modelled: {row['not_modelled']}"
            continue
        tm = row["tensor_map"]
        j = lambda v: "{" + ",".join(str(x) for x in v) + "}"  # noqa: E731
        assert f"{row['op']} of {row['type']} as {row['tma_type']}, multicast {row['multicast']}:" in lines[k + 1]
        for key, words in (("global_dim", "globalDim"), ("global_strides", "globalStrides"), ("box_dim", "boxDim")):
            assert f"{words} {j(tm[key])}" in lines[k + 1]
        assert tm["data_type"] in lines[k + 1] and tm["swizzle"] in lines[k + 1]
        assert lines[k + 2] == (
            f"  box before the multicast {j(row['box_dim_before_multicast'])}, {row['elements_per_tma']} values"
        )
        assert lines[k + 3] == f"  get_tma_tensor: {row['tma_tensor']}"


def test_sm120_block_scaled_problem_still_refused_in_one_line():
    code, out, err = _run(
        ["collective", "--arch", "sm120", "--a", "nv_float4_t<float_e2m1_t>:RowMajor", "--b",
         "nv_float4_t<float_e2m1_t>:ColumnMajor", "--tile", "128,128,128", "--problem", "512,512,512"]
    )  # fmt: skip
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1
