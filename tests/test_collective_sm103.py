"""``cutedump collective --arch sm103`` for CUTLASS 4.2's SM103 block-scaled builder (sm103_blockscaled_umma_builder.inl,
example 89's FP4 "ultra" GEMM) and its epilogue (SM100's builder), against CUTLASS's own builders compiled host-only
(recorded answers, tests/oracle/gen_collective_sm103.py).

Example 89 as its source writes it; generated configurations (both element pairs, every SM103 schedule, its aliases
and Auto, refusals included) field by field or refused with CUTLASS's static_assert. A sample runs by default, the
rest under ``-m slow``.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from tests.oracle import gen_collective_sm103 as S
from tests.oracle.cute import unavailable_reason
from tests.oracle.gen_collective import collective_cli
from tests.oracle.gen_collective import field_diff as _diff

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

CHUNK = 8
SEED = 103
N_GENERATED = 160
N_DEFAULT = 48  # the generated configurations the default run compares (the first ones: one or two programs)


def _split(configs):
    ok, refused = [], []
    for c in configs:
        try:
            build(c, params=False)
            ok.append(c)
        except Refused as e:
            refused.append((c, e))
        except NotModelled:
            pass
    return ok, refused


def _agree(ok):
    bad = []
    for cfg, theirs in zip(ok, S.ask(ok, CHUNK)):
        bad += _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


def _refusals_agree(refused, chunk=None):
    chunk = chunk or len(refused)
    theirs = [t for i in range(0, len(refused), chunk) for t in S.refusals([c for c, _ in refused[i : i + chunk]])]
    bad = [
        f"{c}: CUTLASS {t!r} / ours {e.cutlass_message!r}"
        for (c, e), t in zip(refused, theirs)
        if t.strip() != e.cutlass_message.strip()
    ]
    assert not bad, f"{len(bad)} of {len(refused)} refusals disagree:\n" + "\n".join(bad[:10])


@functools.lru_cache(maxsize=1)
def _generated():
    return _split(S.generated(N_GENERATED, SEED))


@oracle
def test_example_89_agrees_with_cutlass_field_by_field():
    (cfg,) = S.examples()["89"]
    (theirs,) = S.ask([cfg], CHUNK)
    assert theirs["mainloop"]["dispatch_policy"]["name"] == "MainloopSm103TmaUmmaWarpSpecializedBlockScaled"
    bad = _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, "\n".join(bad)


EX89 = [
    "--arch",
    "sm103",
    "--a",
    "cute::tuple<cutlass::float_e2m1_t, cutlass::float_ue4m3_t>:cutlass::layout::RowMajor",
    "--b",
    "cute::tuple<float_e2m1_t,float_ue4m3_t>:ColumnMajor",
    *"--c bfloat16_t:RowMajor --d bfloat16_t:RowMajor --acc float --tile 128,128,768 --cluster 2,4,1".split(),
    *"--alignment-a 32 --alignment-b 32 --epilogue-schedule NoSmemWarpSpecialized1Sm".split(),
    *"--schedule cutlass::gemm::KernelTmaWarpSpecialized1SmBlockScaledMxNvf4UltraVs16Sm103".split(),
]


@oracle
def test_example_89_command_line_is_cutlass_answer():
    # the command line a user types for example 89 (the C++ spellings of its source), against CUTLASS's collectives
    r = collective_cli(EX89)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    (theirs,) = S.ask(S.examples()["89"], CHUNK)
    bad = _diff("89", theirs, {k: got[k] for k in ("mainloop", "epilogue")})
    assert not bad, "\n".join(bad)
    assert got["configuration"]["a"]["element"] == "cute::tuple<float_e2m1_t,float_ue4m3_t>"
    assert got["configuration"]["arch"] == "sm103"


def test_text_states_what_the_json_holds():
    r, t = collective_cli(EX89), collective_cli(EX89, "text")
    assert r.returncode == 0 and t.returncode == 0, r.stderr + t.stderr
    got, text = json.loads(r.stdout), t.stdout
    m, dp = got["mainloop"], got["mainloop"]["dispatch_policy"]
    assert text.splitlines()[0].startswith("CollectiveBuilder<arch::Sm103, OpClassBlockScaledTensorOp>")
    main = text.split("\nepilogue\n")[0]
    rows = {ln[2:18].strip(): ln[19:] for ln in main.splitlines() if ln.startswith("  ") and len(ln) > 19}
    assert rows["stages"] == str(dp["load_ab_stages"]) == str(dp["stages"])
    assert rows["SF stages"] == str(dp["load_sf_stages"])
    assert rows["SF prefetch"] == dp["prefetch_type"]
    assert rows["dispatch policy"] == (
        f"{dp['name']}<{dp['load_ab_stages']}, {dp['load_sf_stages']}, 3, 2, {dp['cluster_shape']}, "
        f"{dp['prefetch_type']}{', Sm103' if got['versions']['cutlass'] == '4.7.0' else ''}>"  # 4.7's ArchTag
    )
    assert rows["TMA SFA"] == m["gmem_tiled_copy_sfa"] and rows["TMA SFB"] == m["gmem_tiled_copy_sfb"]
    assert rows["SF vector size"] == f"{m['sf_vec_size']} (float_ue4m3_t scale factors)"
    assert rows["SharedStorage"] == f"{m['shared_storage_bytes']} bytes"
    for k in ("smem_layout_a_tma", "smem_layout_b_tma", "smem_layout_sfa", "smem_layout_sfb", "layout_sfa"):
        assert f"{k}: {m[k]}" in text
    # the why lines are the JSON's, and the scale line names the same configuration's gmem layouts
    why = {w["what"]: w for w in got["why"]}
    assert f"SF stages: {why['SF stages']['why']}" in text and str(dp["load_sf_stages"]) in why["SF stages"]["why"]
    assert why["SF prefetch"]["choice"] == dp["prefetch_type"]
    assert got["scale_command"] in text
    s = subprocess.run(
        [sys.executable, "-m", *got["scale_command"].split()[0:0], "cutedump", *got["scale_command"].split()[1:]],
        capture_output=True,
        text=True,
    )
    assert s.returncode == 0 and "Sm103BlockScaledConfig<16>" in s.stdout
    assert m["layout_sfa"].startswith("(((_8,_4,_4),0),((_16,_4),0)")
    z = collective_cli(EX89, "text", "zh")
    assert z.returncode == 0 and any("\u4e00" <= ch <= "\u9fff" for ch in z.stdout)


def test_wrapper_and_pair_spellings():
    # the wrapper spelling on --arch sm103: no SM103 builder takes it (its enable_if asks is_tuple_v), as CUTLASS
    # refuses it (the generated refusals include wrappers); the pair spelling on the other arches: named
    wrap = [
        x.replace("cute::tuple<cutlass::float_e2m1_t, cutlass::float_ue4m3_t>", "nv_float4_t<float_e2m1_t>")
        for x in EX89
    ]
    wrap = [x.replace("cute::tuple<float_e2m1_t,float_ue4m3_t>", "nv_float4_t<float_e2m1_t>") for x in wrap]
    r = collective_cli(wrap, "text")
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "Could not build a collective for given parameters." in r.stderr and "is_tuple_v" in r.stderr
    r = collective_cli([*EX89[:1], "sm100", *EX89[2:-1], "auto"], "text")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "sm103_blockscaled_umma_builder.inl" in r.stderr
    assert "not modelled" in r.stderr
    # an SM103 schedule on --arch sm100 names SM103's builder
    r = collective_cli([*EX89[:1], "sm100", *EX89[2:]], "text")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "ask it with --arch sm103" in r.stderr
    bad = [x.replace("float_ue4m3_t>:ColumnMajor", "float>:ColumnMajor") for x in EX89]
    r = collective_cli(bad, "text")
    assert r.returncode == 2 and r.stderr.startswith("error: --b: 'cute::tuple<float_e2m1_t,float>:ColumnMajor'")
    # a ptr-array SM103 schedule builds the ptr-array collective (sm103g: tests/test_collective_sm103_grouped.py)
    r = collective_cli([*EX89[:-1], "KernelPtrArrayTmaWarpSpecialized1SmBlockScaledMxNvf4UltraVs16Sm103"])
    assert r.returncode == 0, r.stderr
    dp = json.loads(r.stdout)["mainloop"]["dispatch_policy"]
    assert dp["name"] == "MainloopSm103ArrayTmaUmmaWarpSpecializedBlockScaled" and dp["prefetch_type"] == "Disable"


@oracle
def test_generated_sample_agrees_with_cutlass():
    ok, refused = _split(S.generated(N_DEFAULT, SEED))
    assert len(ok) >= 20 and len(refused) >= 10
    _agree(ok)
    _refusals_agree(refused)


@oracle
@pytest.mark.slow
def test_generated_configurations_agree_with_cutlass():
    ok, refused = _generated()
    assert len(ok) >= 60
    _agree(ok)


@oracle
@pytest.mark.slow
def test_generated_refusals_are_cutlass_refusals():
    _ok, refused = _generated()
    assert len(refused) >= 50
    _refusals_agree(refused, 12)
