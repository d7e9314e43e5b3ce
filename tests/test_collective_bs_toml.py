"""`cutedump collective --toml` of SM100 block-scaled collectives (issue 44): the kernel description it writes holds
the scale-factor tensors (layout_SFA/SFB, SmemLayoutSFA/SFB, TiledMMA_SF, TileShape_SF, the SF TMA atoms
make_tma_atom_A/B_sm100<uint16_t>, their TMA coordinate tensors, the TMEM fragments), `cutedump kernel` dumps it, and
what it dumps is CUTLASS 4.2's collective: the SF tensor maps and TMA tensors are the ones the collective's
to_underlying_arguments makes (the batches of tests/test_collective_bs_problem.py, read from their records), the smem
layouts the collective's SmemLayoutSFA/SFB (checked against CUTLASS in tests/test_collective_bs.py)."""

from __future__ import annotations

import json

import pytest

from tests.oracle import gen_collective_bs_tma as X
from tests.oracle.cute import run_cases
from tests.test_collective_bs_problem import CONFIGS, _args, _cfg, _run, _tm_line, problems


@pytest.fixture(scope="module")
def cutlass():
    return [
        X.parse(run_cases([X.cpp_body(_cfg(*c), problems(i))], prelude=X.PRELUDE, extra_flags=X.FLAGS)[0])
        for i, c in enumerate(CONFIGS)
    ]


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_toml_dumps_the_collectives_scale_factor_tensors(cutlass, tmp_path, i):
    prob = problems(i)[0]  # L = 1: the description's problem is (M, N, K, 1)
    got = cutlass[i][0]
    code, toml, err = _run(_args(i, prob, "--toml"))
    assert code == 0, err
    f = tmp_path / "c.toml"
    f.write_text(toml, encoding="utf-8")
    code, out, err = _run(["kernel", str(f), "--format", "json", "--lang", "en"])
    assert code == 0, err
    d = json.loads(out)
    objs = {o["name"]: o["value"] for o in d["objects"]}
    tens = {o["name"]: o["value"] for o in d["tensors"]}
    atoms = {a["name"]: a for a in d["tma_atoms"]}
    assert _tm_line(atoms["tma_load_sfa"]["tensor_map"]) == got["tensor_map"][4]
    assert _tm_line(atoms["tma_load_sfb"]["tensor_map"]) == got["tensor_map"][5]
    assert tens["mSFA"] == got["sfa_tensor"] and tens["mSFB"] == got["sfb_tensor"]
    code, out, err = _run(_args(i, prob, "--format", "json"))
    ml = json.loads(out)["mainloop"]
    assert objs["SmemLayoutSFA"] == ml["smem_layout_sfa"] and objs["SmemLayoutSFB"] == ml["smem_layout_sfb"]
    assert objs["SmemLayoutAtomSFA"] == ml["smem_layout_atom_sfa"]
    assert atoms["tma_load_sfa"]["op"] == ml["gmem_tiled_copy_sfa"]
    assert atoms["tma_load_sfb"]["op"] == ml["gmem_tiled_copy_sfb"]
    # A and B: TMA atoms of 8-bit data (their maps: make_tma_atom over the description's rank-2 (M,K) tensor), none
    # for 4-bit data (a packed format, not modelled; the description says so)
    for w in "AB":
        if "_16U4_" in got["tensor_map"]["AB".index(w)]:
            assert f"tma_atom_{w}" not in atoms and f"# tma_atom_{w}: make_tma_atom_{w}_sm100 of" in toml
        else:
            assert atoms[f"tma_atom_{w}"]["tensor_map"]["data_type"] == "CU_TENSOR_MAP_DATA_TYPE_UINT8"
    assert {"tCtSFA", "tCtSFB"} <= set(tens)


def test_sm120_block_scaled_toml_still_refused_in_one_line():
    code, out, err = _run(
        ["collective", "--arch", "sm120", "--a", "nv_float4_t<float_e2m1_t>:RowMajor", "--b",
         "nv_float4_t<float_e2m1_t>:ColumnMajor", "--tile", "128,128,128", "--toml"]
    )  # fmt: skip
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1
