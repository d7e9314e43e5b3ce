"""Differential tests: make_im2col_tma_copy (SM90_TMA_LOAD_IM2COL / _MULTICAST) against real CuTe 4.2, host-only.

Each batch is a seeded draw of tests/oracle/gen_tma_im2col.py: the cuTensorMapEncodeIm2col arguments CuTe passes
(captured by the program's own cuTensorMapEncodeIm2col) and print(tma); plus CUTLASS-style conv operands by hand.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from tests.oracle import gen_tma_im2col as G
from tests.oracle.cute import diff_cases, run_cases, unavailable_reason

pytestmark = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

CHUNK = 100
SEEDS = [29, 30]


@pytest.mark.parametrize("seed", SEEDS)
def test_make_im2col_tma_copy_like_cute(seed):
    cases = G.im2col_cases(CHUNK, seed)
    assert len(cases) == CHUNK
    outs = run_cases([c[1] for c in cases], prelude=G.PRELUDE, extra_flags=G.FLAGS)
    bad = diff_cases(cases, outs)
    assert not bad, f"{len(bad)} of {len(cases)} differ:\n" + "\n".join(bad[:20])
    assert {c[0].split()[0] for c in cases} == {"SM90_TMA_LOAD_IM2COL", "SM90_TMA_LOAD_IM2COL_MULTICAST"}


def test_conv_operands_like_cute():
    cases = G.doc_cases()
    outs = run_cases([c[1] for c in cases], prelude=G.PRELUDE, extra_flags=G.FLAGS)
    bad = diff_cases(cases, outs)
    assert not bad, "\n".join(bad)


def _run(*args):
    r = CliRunner().invoke(main, ["tma", *args])
    return r.exit_code, r.stdout, r.stderr


def test_cli_prints_cutes_answer():
    """`cutedump tma --op SM90_TMA_LOAD_IM2COL`: print(tma) and the cuTensorMapEncodeIm2col arguments of CuTe's
    answer for CUTLASS's 3x3 padding-1 fprop operand (the first hand-picked case)."""
    cute = run_cases([c[1] for c in G.doc_cases()], prelude=G.PRELUDE, extra_flags=G.FLAGS)[0]
    args = [
        "--op",
        "SM90_TMA_LOAD_IM2COL",
        "--type",
        "half_t",
        "--gmem",
        "((56,56,8),64):((64,3584,200704),_1)",
        "--smem",
        "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))",
        "--lower-corner",
        "(-1,-1)",
        "--upper-corner",
        "(-1,-1)",
    ]
    code, out, err = _run(*args)
    assert code == 0, err
    tiled = cute.split("\n", 1)[1].rstrip("\n")
    assert "print(tma):\n" + tiled + "\n\ncuTensorMapEncodeIm2col arguments:" in out
    code, js, err = _run(*args, "--format", "json")
    import json

    d = json.loads(js)["tensor_map"]
    assert cute.startswith(
        f"im2col_map: {d['data_type']} rank={d['rank']} global_dim={','.join(map(str, d['global_dim']))} "
    )
    assert f" channels={d['channels_per_pixel']} pixels={d['pixels_per_column']} " in cute


@pytest.mark.parametrize(
    "extra, needle",
    [
        (["--lower-corner", "(-1)"], "has 1 value(s), the convolution has 2 spatial mode(s)"),
        (["--upper-corner", "(-56,0)"], "FastDivmod(0)"),
        (["--cluster", "2"], "needs SM90_TMA_LOAD_IM2COL_MULTICAST"),
        (["--tma-partition"], "not modelled for im2col"),
    ],
)
def test_cli_refusals(extra, needle):
    code, out, err = _run(
        "--op",
        "SM90_TMA_LOAD_IM2COL",
        "--type",
        "half_t",
        "--gmem",
        "((56,56,8),64):((64,3584,200704),_1)",
        "--smem",
        "(_128,_64):(_64,_1)",
        *extra,
    )
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1 and needle in err, err


def test_corner_options_need_im2col():
    code, out, err = _run(
        "--op",
        "SM90_TMA_LOAD",
        "--type",
        "half_t",
        "--gmem",
        "(64,64):(64,_1)",
        "--smem",
        "(_64,_64):(_64,_1)",
        "--lower-corner",
        "(-1)",
    )
    assert code == 2 and "go with the im2col ops" in err
