"""``cutedump collective --arch sm100`` for CUTLASS's emulated-FP32 (9xBF16) builder (sm100_9xBF16_umma_builder.inl,
example 78) and its FastF32 no-smem epilogues, against CUTLASS's own builders compiled host-only (recorded answers,
tests/oracle/gen_collective_fastfp32.py), 4.2's or 4.7's ($CUTEDUMP_ORACLE_CUTLASS; the configurations are chosen
as cutedump answers as 4.2, so both versions are asked the same questions).

Example 78 as its source writes it; generated configurations (every 9xBF16 schedule, the ptr-array ones among them,
1SM/2SM, A's BF16 copies in smem or tensor memory, clusters, majors, carveouts, alignments, every SM100 epilogue)
field by field, or refused with CUTLASS's static_assert (its compile error where it has none). A sample runs by
default, the rest under ``-m slow``.
"""

from __future__ import annotations

import functools
import json

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from cutedump.versions import CUTLASS_FACTS, CUTLASS_RELEASES
from tests.oracle import gen_collective_fastfp32 as S
from tests.oracle.cute import unavailable_reason
from tests.oracle.cutlass_versions import answering_as
from tests.oracle.gen_collective import collective_cli
from tests.oracle.gen_collective import field_diff as _diff
from tests.oracle.records import cutlass_version

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

CHUNK = 8
SEED = 78
N_GENERATED = 200
N_DEFAULT = 40  # the generated configurations the default run compares (the first ones)


def _split(configs):
    """(built, refused with the refusal, not modelled): as cutedump answers as CUTLASS 4.2 (the configurations each
    test asks are 4.2's questions under either CUTLASS: their record keys pair up)."""
    with answering_as("4.2"):
        return _split_now(configs)


def _split_now(configs):
    ok, refused, not_modelled = [], [], []
    for c in configs:
        try:
            build(c, params=False)
            ok.append(c)
        except Refused as e:
            refused.append((c, e))
        except NotModelled as e:
            not_modelled.append((c, e))
    return ok, refused, not_modelled


def _fields(theirs: dict) -> dict:
    """CUTLASS's answer without its ``spelled`` key (the text's dispatch policy row, not a JSON field)."""
    return {k: v for k, v in theirs.items() if k != "spelled"}


def _agree(ok):
    """Each configuration's fields, and the text's dispatch policy row, are CUTLASS's (the run's version)."""
    from cutedump.commands._collective import dispatch_policy_text

    bad = []
    for cfg, theirs in zip(ok, S.ask(ok, CHUNK)):
        try:
            ans = build(cfg, params=False)
        except (Refused, NotModelled) as e:
            bad.append(f"{cfg}: CUTLASS builds it, cutedump: {e}")
            continue
        bad += _diff(cfg, _fields(theirs), ans.fields)
        if theirs["spelled"]["dispatch_policy"] != dispatch_policy_text(cfg, ans):
            bad.append(f"{cfg}: CUTLASS {theirs['spelled']} / ours {dispatch_policy_text(cfg, ans)!r}")
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


def _verdict(cfg) -> str:
    """cutedump's verdict under the run's CUTLASS: the message of its refusal, else "compiles"."""
    try:
        build(cfg, params=False)
    except Refused as e:
        return e.cutlass_message.strip()
    except NotModelled as e:
        return f"not modelled: {e}"
    return "compiles"


def _refusals_agree(refused):
    """CUTLASS's verdicts (the run's version) on configurations cutedump refuses as 4.2: each cutedump's verdict."""
    theirs = S.refusals([c for c, _ in refused])
    bad = []
    for (c, _), t in zip(refused, theirs):
        ours = _verdict(c)
        if t.strip().removeprefix("error: ") != ours:  # g++'s first error: its prefix off
            bad.append(f"{c}: CUTLASS {t!r} / ours {ours!r}")
    assert not bad, f"{len(bad)} of {len(refused)} refusals disagree:\n" + "\n".join(bad[:10])


@functools.lru_cache(maxsize=1)
def _generated():
    return _split(S.generated(N_GENERATED, SEED))


@oracle
def test_example_78_agrees_with_cutlass_field_by_field():
    (cfg,) = S.examples()["78"]
    (theirs,) = S.ask([cfg], CHUNK)
    assert theirs["mainloop"]["dispatch_policy"]["name"] == "MainloopSm100TmaUmmaWarpSpecializedFastF32"
    assert "smem_layout_a_compute" in theirs["mainloop"] and "epilogue_tile" in theirs["epilogue"]
    bad = _diff(cfg, _fields(theirs), build(cfg, params=False).fields)
    assert not bad, "\n".join(bad)


@oracle
def test_fastf32_epilogues_beside_other_mainloops_agree():
    ok, refused, _ = _split(S.epilogue_pairs())
    assert len(ok) == len(S.epilogue_pairs()), refused
    _agree(ok)


EX78 = [
    *"--arch sm100 --a float:cutlass::layout::RowMajor --b float:ColumnMajor --c float:ColumnMajor".split(),
    *"--d float:ColumnMajor --acc float --tile 256,128,16 --cluster 2,1,1".split(),
    *"--alignment-a 4 --alignment-b 4 --epilogue-schedule cutlass::epilogue::FastF32NoSmemWarpSpecialized2Sm".split(),
    *"--schedule cutlass::gemm::KernelTmaWarpSpecialized2SmFastFP32SmemSm100".split(),
]


@oracle
def test_example_78_command_line_is_cutlass_answer():
    # the command line a user types for example 78 (the C++ spellings of its source), against CUTLASS's collectives
    r = collective_cli(EX78)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    (theirs,) = S.ask(S.examples()["78"], CHUNK)
    bad = _diff("78", _fields(theirs), {k: got[k] for k in ("mainloop", "epilogue")})
    assert not bad, "\n".join(bad)
    assert got["schedule"]["builder"] == "KernelTmaWarpSpecialized2SmFastFP32SmemSm100"
    assert got["versions"]["cutlass"] == CUTLASS_RELEASES[cutlass_version()]


def _arch_tag(got: dict) -> str:
    """The dispatch policy's last template argument under the CUTLASS the JSON names (4.7's ArchTag:
    versions.CUTLASS_FACTS["sm100_policy_arch_tag"])."""
    v = next(k for k, r in CUTLASS_RELEASES.items() if r == got["versions"]["cutlass"])
    return ", Sm100" if got["mainloop"]["dispatch_policy"]["name"] in CUTLASS_FACTS["sm100_policy_arch_tag"][v] else ""


def test_text_states_what_the_json_holds():
    r, t = collective_cli(EX78), collective_cli(EX78, "text")
    assert r.returncode == 0 and t.returncode == 0, r.stderr + t.stderr
    got, text = json.loads(r.stdout), t.stdout
    m, dp = got["mainloop"], got["mainloop"]["dispatch_policy"]
    main = text.split("\nepilogue\n")[0]
    rows = {ln[2:18].strip(): ln[19:] for ln in main.splitlines() if ln.startswith("  ") and len(ln) > 19}
    assert rows["stages"] == str(dp["load2transform_stages"]) == str(dp["stages"])
    assert rows["transform stages"] == str(dp["transform2mma_stages"])
    assert rows["dispatch policy"] == (
        f"{dp['name']}<{dp['load2transform_stages']}, {dp['transform2mma_stages']}, {dp['scheduler_stages']}, "
        f"{dp['accumulator_stages']}, {dp['num_bands_to_compute']}, {dp['scaling_factor']}, "
        f"{dp['acc_promotion_interval']}, {dp['cluster_shape']}, {dp['accumulator_copy_atom']}{_arch_tag(got)}>"
    )
    assert rows["BF16 copies"] == (
        f"{m['num_compute_mtxs']} x {m['element_a_mma']} per operand "
        f"({'A in TMEM' if m['tensor_storage_transformed'].endswith('Tmem') else 'A and B in smem'})"
    )
    why = {w["what"]: w for w in got["why"]}
    assert f"{m['smem_layout_atom_a_compute']}" and why["compute smem atom A"]["choice"] in text
    assert str(dp["transform2mma_stages"]) in why["transform stages"]["why"]
    assert f"{dp['accumulator_stages']} accumulator stages" in why["dispatch policy"]["why"]
    e = got["epilogue"]
    assert e["epilogue_tile"] in text and why["epilogue tile"]["choice"] == [128, 128]


@oracle
def test_generated_sample_agrees_with_cutlass():
    ok, _, _ = _generated()
    _agree(ok[:N_DEFAULT])


@oracle
def test_generated_refusals_sample_agree_with_cutlass():
    _, refused, _ = _generated()
    _refusals_agree(refused[:20])


@oracle
def test_each_refusal_rule_agrees_with_cutlass():
    ok, refused, not_modelled = _split(S.refused())
    assert not ok and not not_modelled and len(refused) == len(S.refused())
    _refusals_agree(refused)


@oracle
def test_umma_descriptors_are_the_collective_ones():
    # the descriptors the text answer prints (every k-block of compute matrix 0, stage 0; A's where it sits in smem)
    # and idesc_, against TiledMma::make_fragment_A/B over CUTLASS's SmemLayoutACompute/BCompute
    from cutedump.commands._collective import umma_descs

    ok, _, _ = _generated()
    ok = [*S.examples()["78"], *ok[:N_DEFAULT:3]]
    answers = [build(c) for c in ok]
    tmem = [a.mainloop.a_in_tmem for a in answers]
    assert any(tmem) and not all(tmem)
    host = "ERROR: cast_smem_ptr_to_uint not supported but used."
    bad = []
    for cfg, ans, theirs in zip(ok, answers, S.ask_descs(ok, tmem)):
        theirs = {k: "\n".join(x for x in v.split("\n") if x != host) for k, v in theirs.items()}
        ours = umma_descs(ans)
        mine = {w: "\n".join(f"{d:016x}" for d in ours[w][2]) for w in "AB" if ours[w][2] is not None}
        mine["idesc"] = f"{ours['idesc']:08x}"
        if mine != theirs:
            bad.append(f"{cfg}: CUTLASS {theirs} / ours {mine}")
    assert not bad, "\n".join(bad[:5])


@oracle
@pytest.mark.slow
def test_generated_all_agree_with_cutlass():
    ok, _, _ = _generated()
    _agree(ok[N_DEFAULT:])


@oracle
@pytest.mark.slow
def test_generated_refusals_all_agree_with_cutlass():
    _, refused, _ = _generated()
    _refusals_agree(refused[20:60])


def test_generated_set_is_broad():
    ok, refused, not_modelled = _generated()
    scheds = {c.schedule for c in ok}
    assert len(scheds) >= 9, scheds
    assert {e.cutlass_message.split(" ")[0] for _, e in refused} >= {
        "Can't",
        "Not",
        "no",
        "Expected",
        "Stride",
        "Shape",
    }
    assert len(ok) >= 50 and len(refused) >= 100, (len(ok), len(refused), len(not_modelled))


@pytest.fixture(params=["4.2", "4.7"])
def each_cutlass(request, monkeypatch):
    """CUTLASS ``version``'s recorded answers, and cutedump answering as that version (whichever the run compares
    with: the default run checks 4.7's answers from its records too)."""
    monkeypatch.setenv("CUTEDUMP_ORACLE", "recorded")
    monkeypatch.setenv("CUTEDUMP_ORACLE_CUTLASS", request.param)
    monkeypatch.setenv("CUTEDUMP_CUTLASS", request.param)
    return request.param


def test_example_78_under_each_cutlass_is_its_answer(each_cutlass):
    # `cutedump --cutlass 4.2|4.7 collective ...` (example 78): the JSON names the release; its fields are that
    # version's record's; the text's dispatch policy is g++'s spelling of that version's (4.7: its ArchTag last)
    from click.testing import CliRunner

    from cutedump.cli import main

    v = each_cutlass
    run = lambda fmt: CliRunner().invoke(  # noqa: E731
        main, ["--cutlass", v, "collective", *EX78, "--format", fmt], env={"CUTEDUMP_LANG": None, "NO_COLOR": "1"}
    )
    r, t = run("json"), run("text")
    assert r.exit_code == 0 and t.exit_code == 0 and not r.stderr + t.stderr, r.stderr + t.stderr
    got = json.loads(r.stdout)
    assert got["versions"]["cutlass"] == CUTLASS_RELEASES[v]
    (theirs,) = S.ask(S.examples()["78"], CHUNK)
    bad = _diff("78", _fields(theirs), {k: got[k] for k in ("mainloop", "epilogue")})
    assert not bad, "\n".join(bad)
    row = next(ln for ln in t.stdout.splitlines() if ln.startswith("  dispatch policy  Mainloop"))[19:]
    assert row == theirs["spelled"]["dispatch_policy"]
    assert row.endswith(", Sm100>") == (v == "4.7"), row
    why = next(w for w in got["why"] if w["what"] == "dispatch policy")
    dp = got["mainloop"]["dispatch_policy"]
    assert why["why"].startswith(dp["name"] + "<")
    assert f"{dp['accumulator_copy_atom']}{_arch_tag(got)}> (" in why["why"], why["why"]
    assert why["rule"].endswith(f":{CUTLASS_FACTS['sm100_fastfp32_lines'][v]['policy']}")


def test_each_refusal_rule_under_each_cutlass_is_its_answer(each_cutlass):
    # every refusal rule, CUTLASS 4.2's and 4.7's verdicts from their records, cutedump answering as each; 4.7's
    # stage-count call names its own template arguments (versions.CUTLASS_FACTS["sm100_fastfp32_stage_count_args"])
    _, refused, _ = _split(S.refused())
    _refusals_agree(refused)
    stage = [_verdict(c) for c, _ in refused if c.stages is not None]
    assert len(stage) == 3 and all(m.startswith("no matching function") for m in stage)
    assert all(("::UmmaMajorACompute, 1, " in m) == (each_cutlass == "4.7") for m in stage), stage


@oracle
@pytest.mark.slow
def test_generated_refusals_more_agree_with_cutlass():
    _, refused, _ = _generated()
    _refusals_agree(refused[60:100])


@oracle
@pytest.mark.slow
def test_generated_refusals_rest_agree_with_cutlass():
    _, refused, _ = _generated()
    _refusals_agree(refused[100:])
