"""``cutedump collective --arch sm100`` for CUTLASS 4.2's SM100 FP8 blockwise builder (sm100_blockwise_umma_builder.inl:
KernelScheduleSm100Blockwise, KernelTmaWarpSpecializedBlockwise{1,2}SmSm100 and the ptr-array ones; issue 44,
item 3), against CUTLASS's own builders compiled host-only (recorded answers, tests/oracle/gen_collective_sm100bw.py).

Example 81's four builder pairs as its sources write them (blockwise, groupwise, and their grouped GEMMs); generated
blockwise configurations (FP8 and 16-bit pairs, both majors, every granularity class, both scale-factor majors, the
ptr-array schedules, refusals included) field by field or refused with CUTLASS's static_assert. A sample runs by
default, the rest under ``-m slow``.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from cutedump.errors import CuteDumpError
from tests.oracle import gen_collective_sm100bw as X
from tests.oracle.cute import unavailable_reason
from tests.oracle.cutlass_versions import answering_as
from tests.oracle.gen_collective import field_diff as _diff

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))


@functools.cache
def _outcome(cfg):
    """cutedump's answer to one configuration, built once per test session: ("ok", fields), ("refused", CUTLASS's
    message) or ("not modelled", None)."""
    return _answer(cfg)


def _answer(cfg):
    try:
        return "ok", build(cfg, params=False).fields
    except Refused as e:
        return "refused", e.cutlass_message.strip()
    except NotModelled:
        return "not modelled", None


def arch_tag(got: dict) -> str:
    """The SM100 dispatch policy's last template argument the text prints under the CUTLASS the JSON names
    (4.7's ArchTag: versions.CUTLASS_FACTS["sm100_policy_arch_tag"])."""
    from cutedump.versions import CUTLASS_FACTS, CUTLASS_RELEASES

    v = next(k for k, r in CUTLASS_RELEASES.items() if r == got["versions"]["cutlass"])
    name = got["mainloop"]["dispatch_policy"]["name"]
    return ", Sm100" if name in CUTLASS_FACTS["sm100_policy_arch_tag"][v] else ""


def _split(configs):
    """(answered, kept): the configurations cutedump answers, and those it answers or refuses (not the not-modelled
    ones), in order."""
    with answering_as("4.2"):  # chosen as cutedump 4.2 chooses (the batches are 4.2's questions under either CUTLASS)
        kinds = [_answer(c)[0] for c in configs]
    ok = [c for c, k in zip(configs, kinds) if k == "ok"]
    kept = [c for c, k in zip(configs, kinds) if k != "not modelled"]
    return ok, kept


def _agree(ok):
    bad = []
    for cfg, theirs in zip(ok, X.ask(ok)):
        bad += _diff(cfg, theirs, _outcome(cfg)[1])
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


@functools.lru_cache(maxsize=1)
def _example():
    ex = X.example_81()
    cfgs = [c for v in ex.values() for c in v]
    return ex, dict(zip(cfgs, X.ask(cfgs)))


@oracle
@pytest.mark.parametrize("name", ["blockwise", "groupwise", "grouped_blockwise", "grouped_groupwise"])
def test_example_81_agrees_with_cutlass_field_by_field(name):
    ex, answers = _example()
    for cfg in ex[name]:
        theirs = answers[cfg]
        assert "smem_layout_sfa" in theirs["mainloop"] and "layout_sfb" in theirs["mainloop"]
        bad = _diff(cfg, theirs, _outcome(cfg)[1])
        assert not bad, "\n".join(bad)


#: example 81's grouped groupwise GEMM as a user types it
EX81 = (
    "--arch sm100 --a float_e4m3_t:RowMajor --b float_e4m3_t:ColumnMajor --c float_e4m3_t:ColumnMajor "
    "--d float_e4m3_t:ColumnMajor --acc float --tile 256,128,128 --cluster 2,1,1 --sf-vec 1,128,128 --grouped "
    "--schedule cutlass::gemm::KernelPtrArrayTmaWarpSpecializedBlockwise2SmSm100 "
    "--epilogue-schedule cutlass::epilogue::PtrArrayTmaWarpSpecialized2Sm"
).split()


class _R:
    def __init__(self, returncode, stdout, stderr):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


def _cli(args, fmt="json", lang="en", process=False):
    """`cutedump collective ARGS --format FMT --lang LANG`: in this process (click's runner), or as a user runs it."""
    argv = ["collective", *args, "--format", fmt, "--lang", lang]
    if process:
        return subprocess.run([sys.executable, "-m", "cutedump", *argv], capture_output=True, text=True)
    from click.testing import CliRunner

    from cutedump.cli import main

    r = CliRunner().invoke(main, argv, env={"CUTEDUMP_LANG": None, "NO_COLOR": "1"})
    return _R(r.exit_code, r.stdout, r.stderr)


@oracle
def test_example_81_command_line_is_cutlass_answer():
    r = _cli(EX81)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    ex, answers = _example()
    bad = _diff("81", answers[ex["grouped_groupwise"][0]], {k: got[k] for k in ("mainloop", "epilogue")})
    assert not bad, "\n".join(bad)
    assert got["configuration"]["sf_vec"] == [1, 128, 128] and got["configuration"]["grouped"] is True


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_text_states_what_the_json_holds(lang):
    r, t = _cli(EX81, "json", lang), _cli(EX81, "text", lang)
    assert r.returncode == 0 and t.returncode == 0, r.stderr + t.stderr
    got, text = json.loads(r.stdout), t.stdout
    m, e = got["mainloop"], got["epilogue"]
    dp = m["dispatch_policy"]
    mainloop = text.split("\nmainloop\n", 1)[1].split("\nepilogue\n", 1)[0]
    rows = {ln[2:18].strip(): ln[19:] for ln in mainloop.splitlines() if ln.startswith("  ") and len(ln) > 19}
    # the policy's template arguments: stages, scheduler stages (1: a grouped GEMM), accumulator stages, cluster
    sched = next(w for w in got["why"] if w["what"] == "dispatch policy")["facts"]
    assert rows["dispatch policy"] == (
        f"{dp['name']}<{dp['stages']}, {sched['sched_stages']}, {sched['acc_stages']}, {dp['cluster_shape']}"
        f"{arch_tag(got)}>"
    )
    assert sched["sched_stages"] == 1 and sched["sched_why"]["key"] == "coll.sched_grouped"
    assert rows["SharedStorage"] == f"{m['shared_storage_bytes']} bytes"
    assert rows["dispatch policy"].startswith("MainloopSm100ArrayTmaUmmaWarpSpecializedBlockwiseScaling<")
    assert f"{e['dispatch_policy']['name']}<StagesC {e['dispatch_policy']['stages_c']}," in text
    for k in ("smem_layout_atom_sfa", "smem_layout_atom_sfb", "smem_layout_sfa", "smem_layout_sfb", "layout_sfa"):
        assert f"{k}: {m[k]}\n" in text
    assert "scale granularity 1,128,128 (SFA MN-major, SFB MN-major)" in text
    for w in got["why"]:  # the why lines, worded in the language asked, in both forms
        assert f"  {w['what']}: {w['why']}  [{w['rule']}]" in text


@functools.cache
def _generated(seed):
    return _split(X.blockwise(100, seed))


@oracle
def test_generated_blockwise_sample_agrees_with_cutlass():
    ok, _ = _generated(1)
    assert len(ok) >= 40
    _agree(ok[:10])


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_generated_blockwise_configurations_agree_with_cutlass(seed):
    ok, _ = _generated(seed)
    assert len(ok) >= 40
    _agree(ok)


def _refusals_agree(cases):
    got = X.refusals(cases)
    bad, refused = [], 0
    for cfg, theirs in zip(cases, got):
        kind, what = _outcome(cfg)
        ours = "compiles" if kind == "ok" else what
        refused += kind == "refused"
        if ours != theirs.strip():
            bad.append(f"{cfg}: CUTLASS {theirs!r} / ours {ours!r}")
    assert not bad, f"{len(bad)} of {len(cases)} disagree:\n" + "\n".join(bad[:10])
    return refused


@oracle
@pytest.mark.parametrize("seed", [1])
def test_generated_blockwise_configurations_are_refused_exactly_when_cutlass_refuses(seed):
    # each configuration its own translation unit: CUTLASS's first static_assert, or "compiles"
    _, cases = _generated(seed)
    refused = _refusals_agree(cases)
    assert len(cases) >= 90 and 20 <= refused <= len(cases) - 20


@oracle
def test_the_ptr_array_blockwise_base_schedule_does_not_compile():
    # KernelScheduleSm100PtrArrayBlockwise (the base tag) reaches the builder, whose TiledMma maker has no branch for
    # it: CUTLASS's compile fails without a static_assert ("TiledMma {aka void} is not a class")
    cfg = X.example_81()["grouped_blockwise"][0]._replace(schedule="KernelScheduleSm100PtrArrayBlockwise")
    (theirs,) = X.refusals([cfg])
    assert theirs.startswith("error:") and "TiledMma" in theirs and "void" in theirs, theirs
    with pytest.raises(Refused) as e:
        build(cfg, params=False)
    assert "TiledMma is void" in e.value.cutlass_message


@pytest.mark.parametrize(
    "kw, words",
    [
        (dict(schedule="KernelScheduleSm100Blockwise"), "--sf-vec M,N,K"),
        (dict(sf_vec="1,128,128"), "blockwise schedule"),
        (dict(sf_vec="1,128,128", schedule="KernelTmaWarpSpecialized1SmSm100"), "blockwise schedule"),
        (dict(sf_vec="1,128,128", schedule="KernelTmaWarpSpecializedBlockwise1SmSm100", acc="half_t"), "accumulator"),
    ],
)
def test_blockwise_without_its_pieces_is_one_error_line(kw, words):
    from cutedump.commands._collective import collective_text

    with pytest.raises(CuteDumpError) as e:
        collective_text(arch="sm100", a="e4m3", b="e4m3", d="half_t", tile="128,128,128", **kw)
    msg = str(e.value)
    assert words in msg and "\n" not in msg, msg
