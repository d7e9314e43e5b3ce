"""``cutedump collective --arch sm100 --grouped`` for CUTLASS 4.2's SM100 ptr-array (grouped) GEMMs (issue 44,
item 4): the dense ptr-array mainloop (KernelPtrArrayTmaWarpSpecialized{1,2}SmSm100), the block-scaled one
(KernelPtrArrayTmaWarpSpecialized{1,2}Sm{BlockScaled,Nvf4,Mxf4,Mxf8f6f4}Sm100) and the ptr-array epilogues
(PtrArrayTmaWarpSpecialized{1,2}Sm, PtrArrayNoSmemWarpSpecialized{1,2}Sm), against CUTLASS's own builders compiled
host-only (recorded answers, tests/oracle/gen_collective_sm100bw.py).

Example 75's builder pairs as its sources write them (the FP8 grouped GEMM's 1SM and 2SM configurations, the NVF4
block-scaled one; a dynamic cluster); generated configurations of both mainloops (every type pair, both majors,
static and dynamic clusters, the ptr-array and plain epilogues, with and without pointer layout tags, refusals
included) field by field or refused with CUTLASS's static_assert. A sample runs by default, the rest under
``-m slow``.
"""

from __future__ import annotations

import functools
import json

import pytest

from cutedump.collective.sm90 import NotModelled
from cutedump.errors import CuteDumpError
from tests.oracle import gen_collective_sm100bw as X
from tests.oracle.cute import unavailable_reason
from tests.test_collective_sm100_blockwise import _agree, _cli, _diff, _outcome, _refusals_agree, _split, arch_tag

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))


@functools.lru_cache(maxsize=1)
def _example():
    ex = X.example_75()
    cfgs = [c for v in ex.values() for c in v]
    return ex, dict(zip(cfgs, X.ask(cfgs)))


@oracle
@pytest.mark.parametrize("name", ["grouped", "block_scaled"])
def test_example_75_agrees_with_cutlass_field_by_field(name):
    ex, answers = _example()
    for cfg in ex[name]:
        theirs = answers[cfg]
        assert theirs["mainloop"]["dispatch_policy"]["name"].startswith("MainloopSm100Array")
        assert theirs["epilogue"]["dispatch_policy"]["name"] == "Sm100PtrArrayTmaWarpSpecialized"
        bad = _diff(cfg, theirs, _outcome(cfg)[1])
        assert not bad, "\n".join(bad)


#: example 75's 2SM FP8 grouped GEMM as a user types it (its default clusters: preferred 4x2, fallback 2x1)
EX75 = (
    "--arch sm100 --a cutlass::float_e4m3_t:cutlass::layout::RowMajor --b float_e4m3_t:ColumnMajor "
    "--c half_t:ColumnMajor --d half_t:ColumnMajor --acc float --tile 256,256,128 --cluster Shape<int,int,_1> "
    "--cluster-preferred 4,2 --cluster-fallback 2,1 --grouped --schedule KernelPtrArrayTmaWarpSpecialized2SmSm100 "
    "--epilogue-schedule PtrArrayTmaWarpSpecialized2Sm"
).split()


@oracle
def test_example_75_command_line_is_cutlass_answer():
    r = _cli(EX75)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    ex, answers = _example()
    bad = _diff("75", answers[ex["grouped"][1]], {k: got[k] for k in ("mainloop", "epilogue")})
    assert not bad, "\n".join(bad)
    conf = got["configuration"]
    assert conf["grouped"] is True and conf["cluster"] == "Shape<int,int,_1>" and conf["cluster_preferred"] == [4, 2, 1]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_text_states_what_the_json_holds(lang):
    r, t = _cli(EX75, "json", lang), _cli(EX75, "text", lang)
    assert r.returncode == 0 and t.returncode == 0, r.stderr + t.stderr
    got, text = json.loads(r.stdout), t.stdout
    m, e = got["mainloop"], got["epilogue"]
    dp = m["dispatch_policy"]
    mainloop = text.split("\nmainloop\n", 1)[1].split("\nepilogue\n", 1)[0]
    rows = {ln[2:18].strip(): ln[19:] for ln in mainloop.splitlines() if ln.startswith("  ") and len(ln) > 19}
    facts = next(w for w in got["why"] if w["what"] == "dispatch policy")["facts"]
    # the grouped GEMM's 8 scheduler stages, stated in the policy's row and its why line
    assert facts["why"]["facts"]["sched_stages"] == 8 and facts["sched_why"]["key"] == "coll.sched_grouped"
    assert (
        rows["dispatch policy"]
        == f"{dp['name']}<{dp['stages']}, 8, {facts['why']['facts']['acc_stages']}, (0,0,_1){arch_tag(got)}>"
    )
    assert rows["SharedStorage"] == f"{m['shared_storage_bytes']} bytes"
    assert "grouped (ptr-array: LayoutA* ... LayoutD*)" in text
    assert f"  dispatch policy  {e['dispatch_policy']['name']}<StagesC {e['dispatch_policy']['stages_c']}," in text
    for w in got["why"]:
        assert f"  {w['what']}: {w['why']}  [{w['rule']}]" in text


@functools.cache
def _dense(seed):
    return _split(X.grouped(100, seed))


@functools.cache
def _bs(seed):
    return _split(X.grouped_block_scaled(100, seed))


@oracle
def test_generated_grouped_sample_agrees_with_cutlass():
    ok, _ = _dense(1)
    assert len(ok) >= 50
    _agree(ok[:10])


@oracle
def test_generated_grouped_block_scaled_sample_agrees_with_cutlass():
    ok, _ = _bs(1)
    assert len(ok) >= 40
    _agree(ok[:10])


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("seed", [1])
def test_generated_grouped_configurations_agree_with_cutlass(seed):
    _agree(_dense(seed)[0])


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("seed", [1])
def test_generated_grouped_block_scaled_configurations_agree_with_cutlass(seed):
    _agree(_bs(seed)[0])


@oracle
def test_generated_grouped_configurations_are_refused_exactly_when_cutlass_refuses():
    # each configuration its own translation unit: CUTLASS's first static_assert, or "compiles"
    _, cases = _dense(1)
    refused = _refusals_agree(cases)
    assert len(cases) >= 90 and 10 <= refused <= len(cases) - 30


@oracle
def test_generated_grouped_block_scaled_configurations_are_refused_exactly_when_cutlass_refuses():
    # the first 40 draws (the block-scaled checks come from gen_collective_bs's, refused there 100 at a time)
    _, cases = _split(X.grouped_block_scaled(40, 1))
    refused = _refusals_agree(cases)
    assert len(cases) >= 35 and 5 <= refused <= len(cases) - 10


@pytest.mark.parametrize(
    "kw, words",
    [
        # a grouped GEMM with a schedule of one GEMM: the non-array mainloop with pointer strides, not modelled
        (dict(a="e4m3", b="e4m3"), "KernelPtrArrayTmaWarpSpecialized1SmSm100"),
        (
            dict(
                a="nv_float4_t<float_e2m1_t>",
                b="nv_float4_t<float_e2m1_t>",
                tile="128,128,256",
                alignment_a="32",
                alignment_b="32",
                schedule="KernelTmaWarpSpecialized1SmNvf4Sm100",
            ),
            "KernelPtrArrayTmaWarpSpecialized1SmNvf4Sm100",
        ),
    ],
)
def test_grouped_with_a_plain_schedule_is_one_not_modelled_line(kw, words):
    from cutedump.commands._collective import collective_text

    args = dict(arch="sm100", d="half_t", tile="128,128,128", grouped=True)
    with pytest.raises(NotModelled) as e:
        collective_text(**{**args, **kw})
    msg = str(e.value)
    assert words in msg and "not modelled" in msg and "\n" not in msg, msg


def test_grouped_with_a_plain_schedule_is_refused():
    """--grouped goes with a ptr-array schedule (SM120 grouped: tests/test_collective_sm120_grouped.py)."""
    from cutedump.commands._collective import collective_text

    with pytest.raises(CuteDumpError, match="--grouped"):
        collective_text(
            arch="sm100", a="e4m3", b="e4m3", d="half_t", tile="128,128,128", grouped=True,
            schedule="KernelTmaWarpSpecialized1SmSm100",
        )  # fmt: skip
