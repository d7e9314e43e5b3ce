"""``cutedump collective --arch sm103 --grouped`` for CUTLASS 4.2's SM103 block-scaled builder with its ptr-array
schedules (MainloopSm103ArrayTmaUmmaWarpSpecializedBlockScaled, example 90's FP4 "ultra" grouped GEMM) and SM100's
epilogue builder with the PtrArray epilogues and fusions, against CUTLASS's own builders compiled host-only
(recorded answers, tests/oracle/gen_collective_sm103_grouped.py).

Example 90's two builder pairs as its source writes them, field by field; generated configurations (every ptr-array
schedule and alias, 1SM/2SM, VS16/VS32, prefetch on/off, static and dynamic clusters, tiles, both element pairs,
majors, alignments, PtrArray and plain epilogues, fusions; plain schedules with pointer layout tags and ptr-array
schedules without them) field by field or refused with CUTLASS's static_assert. A sample runs by default, the rest
under ``-m slow``.
"""

from __future__ import annotations

import functools
import json

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from tests.oracle import gen_collective_sm103_grouped as GG
from tests.oracle.cute import unavailable_reason
from tests.oracle.cutlass_versions import answering_as
from tests.oracle.gen_collective import collective_cli
from tests.oracle.gen_collective import field_diff as _diff

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

CHUNK = 8
SEED = 90
N_GENERATED = 140
N_DEFAULT = 24  # the generated configurations the default run compares (the first ones)


def _split(configs):
    """(built, refused) as cutedump 4.2 splits them (the batches are 4.2's questions under either CUTLASS; each
    answer is compared with cutedump's under the run's); not-modelled ones are left out."""
    ok, refused = [], []
    with answering_as("4.2"):
        for c in configs:
            try:
                build(c, params=False)
                ok.append(c)
            except Refused as e:
                refused.append((c, e))
            except NotModelled:
                pass
    return ok, refused


def _ours(cfg) -> str:
    """cutedump's answer under the run's CUTLASS: "compiles" or CUTLASS's message."""
    try:
        build(cfg, params=False)
        return "compiles"
    except Refused as e:
        return e.cutlass_message.strip()


def _agree(ok):
    bad = []
    for cfg, theirs in zip(ok, GG.ask(ok, CHUNK)):
        bad += _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


def _refusals_agree(refused, chunk=12):
    theirs = [t for i in range(0, len(refused), chunk) for t in GG.refusals([c for c, _ in refused[i : i + chunk]])]
    bad = [f"{c}: CUTLASS {t!r} / ours {_ours(c)!r}" for (c, _), t in zip(refused, theirs) if t.strip() != _ours(c)]
    assert not bad, f"{len(bad)} of {len(refused)} refusals disagree:\n" + "\n".join(bad[:10])


@functools.lru_cache(maxsize=1)
def _generated():
    return _split(GG.generated(N_GENERATED, SEED))


@oracle
def test_example_90_agrees_with_cutlass_field_by_field():
    cfgs = GG.examples()["90"]
    assert [r.strip() for r in GG.refusals(cfgs)] == ["compiles", "compiles"]
    for cfg, theirs in zip(cfgs, GG.ask(cfgs, CHUNK)):
        dp = theirs["mainloop"]["dispatch_policy"]
        assert dp["name"] == "MainloopSm103ArrayTmaUmmaWarpSpecializedBlockScaled"
        assert dp["prefetch_type"] == "Disable"  # the suffixless ptr-array schedules are the DisablePrefetch ones
        assert theirs["epilogue"]["dispatch_policy"]["name"] == "Sm100PtrArrayNoSmem"
        bad = _diff(cfg, theirs, build(cfg, params=False).fields)
        assert not bad, "\n".join(bad)


@oracle
def test_example_90_sf_output_agrees_with_cutlass_field_by_field():
    # the example's SF output enabled (D float_e2m1_t, LinCombEltActBlockScaleFactor<SiLu, 16, ..>): the ptr-array
    # epilogues' own block-scale-factor callbacks (a non-array epilogue has none for it)
    cfgs = GG.examples()["90_sf"]
    assert [r.strip() for r in GG.refusals(cfgs)] == ["compiles", "compiles"]
    for cfg, theirs in zip(cfgs, GG.ask(cfgs, CHUNK)):
        assert theirs["epilogue"]["fusion"]["operation"] == "LinCombEltActBlockScaleFactor"
        bad = _diff(cfg, theirs, build(cfg, params=False).fields)
        assert not bad, "\n".join(bad)


#: example 90's 1SM grouped GEMM as a user types it (its launch clusters: preferred 2x1, fallback 2x1)
EX90 = [
    "--arch",
    "sm103",
    "--grouped",
    "--a",
    "cute::tuple<cutlass::float_e2m1_t, cutlass::float_ue4m3_t>:cutlass::layout::RowMajor",
    "--b",
    "cute::tuple<float_e2m1_t,float_ue4m3_t>:ColumnMajor",
    *"--c half_t:RowMajor --d half_t:RowMajor --acc float --tile 128,256,768 --cluster Shape<int,int,_1>".split(),
    *"--cluster-preferred 2,1 --cluster-fallback 2,1 --alignment-a 32 --alignment-b 32".split(),
    *"--epilogue-schedule PtrArrayNoSmemWarpSpecialized1Sm".split(),
    *"--schedule cutlass::gemm::KernelPtrArrayTmaWarpSpecialized1SmBlockScaledMxNvf4UltraVs16Sm103".split(),
]


@oracle
def test_example_90_command_line_is_cutlass_answer():
    r = collective_cli(EX90)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    theirs = GG.ask(GG.examples()["90"][:1], CHUNK)[0]
    bad = _diff("90", theirs, {k: got[k] for k in ("mainloop", "epilogue")})
    assert not bad, "\n".join(bad)
    conf = got["configuration"]
    assert conf["grouped"] is True and conf["cluster"] == "Shape<int,int,_1>" and conf["cluster_preferred"] == [2, 1, 1]


def _kw(args: list[str]) -> dict:
    """The command line's options as collective_text's keyword arguments (in-process: a fast default test)."""
    kw, i = {}, 0
    while i < len(args):
        key = args[i][2:].replace("-", "_")
        if i + 1 < len(args) and not args[i + 1].startswith("--"):
            kw[key], i = args[i + 1], i + 2
        else:
            kw[key], i = True, i + 1
    return kw


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_text_states_what_the_json_holds(lang):
    from cutedump.commands._collective import collective_text

    got = json.loads(collective_text(**_kw(EX90), fmt_="json", lang=lang))
    text = collective_text(**_kw(EX90), fmt_="text", lang=lang)
    m, dp = got["mainloop"], got["mainloop"]["dispatch_policy"]
    assert "grouped (ptr-array: LayoutA* ... LayoutD*)" in text
    main = text.split("\nmainloop\n", 1)[1].split("\nepilogue\n", 1)[0]
    rows = {ln[2:18].strip(): ln[19:] for ln in main.splitlines() if ln.startswith("  ") and len(ln) > 19}
    tag = ", Sm103" if got["versions"]["cutlass"] == "4.7.0" else ""  # 4.7's ArchTag
    assert rows["dispatch policy"] == (
        f"{dp['name']}<{dp['load_ab_stages']}, {dp['load_sf_stages']}, 3, 1, {dp['cluster_shape']}, "
        f"{dp['prefetch_type']}{tag}>"
    )
    assert rows["schedule"].endswith(f"(the dispatch policy's Schedule: {dp['schedule']})")
    assert rows["SF stages"] == str(dp["load_sf_stages"]) and rows["SF prefetch"] == dp["prefetch_type"]
    assert rows["SharedStorage"] == f"{m['shared_storage_bytes']} bytes"
    assert rows["TMA SFB"] == m["gmem_tiled_copy_sfb"] == "SM90_TMA_LOAD_MULTICAST"  # a dynamic cluster's SFB
    for k in ("layout_sfa", "layout_sfb", "smem_layout_sfa"):
        assert f"{k}: {m[k]}" in text
    assert m["layout_sfa"].startswith("ptr[")  # pointer layout tags: LayoutSFA is InternalLayoutSFA *
    why = {w["what"]: w for w in got["why"]}
    for w in got["why"]:
        assert f"  {w['what']}: {w['why']}  [{w['rule']}]" in text
    # the stages' why: the ptr-array kernel carveout's 4 TMA descriptors, the numbers the JSON holds
    st = why["stages"]["facts"]
    assert st["maps"] == 4 and st["bytes"] == 128 and st["why"]["facts"]["stages"] == dp["load_ab_stages"]
    assert f"{st['maps']} " in why["stages"]["why"] and str(dp["load_ab_stages"]) in why["stages"]["why"]
    kc = st["why"]["facts"]["kernel_carve"]
    assert str(kc) in why["stages"]["why"] and kc == 168 + 20 * 1 + st["maps"] * st["bytes"]
    # the prefetch's why: the alias and the schedule it names, the value it gives
    pf = why["SF prefetch"]
    assert pf["choice"] == dp["prefetch_type"] == "Disable"
    assert pf["facts"]["alias"] in pf["why"] and pf["facts"]["schedule"].endswith("DisablePrefetch")
    assert pf["facts"]["schedule"] in pf["why"]
    assert why["dispatch policy"]["facts"]["why"]["facts"]["policy"] == dp["name"]
    if lang == "zh":
        assert any("\u4e00" <= ch <= "\u9fff" for ch in why["stages"]["why"])


def test_a_ptr_array_schedule_on_another_arch_names_sm103():
    from cutedump.commands._collective import collective_text
    from cutedump.errors import CuteDumpError

    with pytest.raises(CuteDumpError) as e:
        collective_text(**{**_kw(EX90), "arch": "sm100"})
    assert "\n" not in str(e.value) and "ask it with --arch sm103" in str(e.value)


@oracle
def test_generated_sample_agrees_with_cutlass():
    ok, refused = _split(GG.generated(N_DEFAULT, SEED))
    assert len(ok) >= 10 and len(refused) >= 6
    _agree(ok)
    _refusals_agree(refused)


@oracle
@pytest.mark.slow
def test_generated_configurations_agree_with_cutlass():
    ok, _refused = _generated()
    assert len(ok) >= 50
    _agree(ok)


@oracle
@pytest.mark.slow
def test_generated_refusals_are_cutlass_refusals():
    _ok, refused = _generated()
    assert len(refused) >= 60
    _refusals_agree(refused)
