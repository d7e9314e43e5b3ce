"""``cutedump collective --cutlass 4.7`` against CUTLASS 4.7.0's own CollectiveBuilders (issue 45).

The collective oracle batches of tests/test_collective*.py were compiled against CUTLASS v4.7.0's headers
(``python -m tests.oracle.cutlass_versions survey``: records under tests/oracle/records/cutlass-4.7/). Here the very
questions 4.2 was asked (each batch's configurations chosen as the 4.2 tests choose them, so that the record keys are
the 4.2 batches') are answered by cutedump as CUTLASS 4.7 (``CUTEDUMP_CUTLASS=4.7``) and compared with 4.7's answers:
every refusal (its static_assert message, or "compiles") and every field of the collectives both build, with the
SM100 dispatch policy's type as g++ spells it (4.7 appends its ArchTag). What differs from 4.2 is data:
``cutedump.versions.CUTLASS_FACTS`` (docs/CUTLASS_VERSIONS.md lists it).
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_bs as B
from tests.oracle import gen_collective_sm120 as S
from tests.oracle import records
from tests.test_collective_sm90_kinds import _same_refusal


@contextmanager
def cutlass(engine: str, oracle: str = "4.7"):
    """cutedump answers as CUTLASS ``engine``; the oracle's records are CUTLASS ``oracle``'s."""
    old = {k: os.environ.get(k) for k in ("CUTEDUMP_CUTLASS", records.VERSION_ENV)}
    os.environ["CUTEDUMP_CUTLASS"], os.environ[records.VERSION_ENV] = engine, oracle
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


needs_47 = pytest.mark.skipif(
    records.mode() != "recorded" and not os.environ.get("CUTEDUMP_CUTLASS_47_INCLUDE"),
    reason="compiling against CUTLASS 4.7 needs $CUTEDUMP_CUTLASS_47_INCLUDE",
)


def _ours(cfg, params) -> str:
    try:
        build(cfg, params=params)
        return "compiles"
    except Refused as e:
        return e.cutlass_message.strip()
    except NotModelled as e:
        return f"not modelled: {e}"


def _refusals_47(cases, got, params) -> tuple[list[str], int]:
    """Each 4.7 answer ("compiles" or its first static_assert) against cutedump's under --cutlass 4.7, and how many
    of them differ from cutedump's 4.2 answer (the differences this test is about)."""
    bad, changed = [], 0
    for cfg, theirs in zip(cases, got):
        theirs = theirs.strip().removeprefix("error: ")
        with cutlass("4.7"):
            ours = _ours(cfg, params)
        with cutlass("4.2"):
            changed += _ours(cfg, params) != ours
        if not _same_refusal(ours, theirs):
            bad.append(f"{cfg}: CUTLASS 4.7 {theirs!r} / ours {ours!r}")
    return bad, changed


def _bs_kept(seed):
    keep = []
    for c in B.generated(100, seed):
        try:
            build(c, params=False)
        except Refused:
            pass
        except NotModelled:
            continue
        keep.append(c)
    return keep


#: the refusal batches of the 4.2 tests (name -> configurations, their compile check, params): each recorded for 4.7
REFUSALS = {
    "sm100_refused": (G.sm100_refused, G.refusals, False),
    "sm90_refused": (G.sm90_refused, G.refusals, False),
    "sm90_rs_1": (lambda: G.sm90_rs_configs(24, 1), G.refusals, False),
    "stage_slice": (  # slow (148 configurations): its known cases run by default
        lambda: G.stage_slice_configs("sm100", 100, 1) + G.stage_slice_configs("sm90", 48, 1),
        lambda c: G.refusals(c, params=True),
        True,
    ),
    "stage_slice_known": (G.stage_slice_known, lambda c: G.refusals(c, params=True), True),
    # tests/test_collective.py's slow batches (each configuration its own translation unit)
    **{
        f"{g}_{seed}": (lambda g=g, seed=seed, n=n: getattr(G, g)(n, seed), G.refusals, False)
        for g, seed, n in (
            ("sm90_rs_configs", 2, 24),
            ("sm90_cp_async_configs", 1, 24),
            ("sm90_cp_async_configs", 2, 24),
            ("sm90_broad", 1, 120),
            ("sm100_broad", 1, 120),
        )
    },
    "bs_generated_1": (lambda: _bs_kept(1), B.refusals, False),  # slow (99 configurations)
    "bs_schedule_mismatch": (B.schedule_mismatches, B.refusals, False),
    "sm90_kinds_generated": (lambda: G.sm90_issue44_configs(40, 1), G.refusals, False),
    "sm90_kinds_refused": (G.sm90_issue44_refused, G.refusals, False),
    "sm100_dynamic_cluster": (lambda: G.sm100_dynamic_configs(24, 1), G.refusals, False),
    "sm120_refused": (S.refused, S.refusals, True),
    "sm120_near": (S.near, S.refusals, True),
}


SLOW = {"stage_slice", "bs_generated_1", "sm90_kinds_generated", "sm100_dynamic_cluster"} | {
    n for n in REFUSALS if n.startswith(("sm90_rs_configs", "sm90_cp", "sm90_b", "sm100_b"))
}


@needs_47
@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW else n for n in sorted(REFUSALS)]
)
def test_refusals_are_cutlass_47s(name):
    gen, ask, params = REFUSALS[name]
    with cutlass("4.2"):  # the 4.2 tests' configurations (bs_generated: those cutedump 4.2 models)
        cases = gen()
    with cutlass("4.7"):
        got = ask(cases)
    bad, _ = _refusals_47(cases, got, params)
    assert not bad, f"{len(bad)} of {len(cases)} disagree:\n" + "\n".join(bad[:10])


@needs_47
@pytest.mark.slow
def test_the_refusals_4_7_changed_are_answered_as_4_7():
    # the batches whose 4.7 answers differ from 4.2's: cutedump's answer changes with --cutlass exactly there
    changed = 0
    for name in ("sm100_refused", "stage_slice", "stage_slice_known", "bs_generated_1", "sm120_near"):
        gen, ask, params = REFUSALS[name]
        with cutlass("4.2"):
            cases = gen()
        with cutlass("4.7"):
            got = ask(cases)
        with cutlass("4.2", "4.2"):
            old = ask(cases)
        bad, n = _refusals_47(cases, got, params)
        assert not bad
        assert n == sum(a.strip() != b.strip() for a, b in zip(got, old)), name
        changed += n
    assert changed >= 40


_TYPE = re.compile(r"\[with T = ([^\]]*)\]")


def _policy_as_printed(raw: str) -> str:
    """The dispatch policy type g++ printed (cd_type's __PRETTY_FUNCTION__), spelled as cutedump's text prints it."""
    t = raw.split("@@mainloop.dispatch_policy.name\n", 1)[1].split("\n", 1)[0]
    t = _TYPE.search(t).group(1).replace(" >", ">")
    t = re.sub(r"cute::tuple<([^<>]*(?:<[^<>]*>[^<>]*)*)>", lambda m: "(" + m.group(1).replace(" ", "") + ")", t)
    t = re.sub(r"cute::C<(\d+)>", r"_\1", t).replace("cutlass::arch::", "").replace("cutlass::gemm::", "")
    t = re.sub(r"\bint\b", "0", t)  # a dynamic cluster's Shape<int,int,_1>: cute::print of it default-constructed
    t = re.sub(r"\s*,\s*", ", ", t).replace(" >", ">")
    return re.sub(r"\(([^()]*)\)", lambda m: "(" + m.group(1).replace(" ", "") + ")", t)


def _compiled_and_built(cases):
    """tests/test_collective_sm90_kinds.py's choice: what CUTLASS 4.2 compiles and cutedump 4.2 builds."""
    with cutlass("4.2", "4.2"):
        got = G.refusals(cases)
        return [c for c, t in zip(cases, got) if t.strip() == "compiles" and _ours(c, False) == "compiles"]


#: field batches of the 4.2 tests: name -> configurations (chosen as the 4.2 test chooses them: those cutedump 4.2
#: builds, or ``_compiled_and_built`` where the test asks CUTLASS's refusals first)
FIELDS = {
    "sm90_sample": lambda: _built(G.sm90_configs(24, 1)),
    "sm90_rs": lambda: _built(G.sm90_rs_configs(24, 1)),
    "sm90_cp_async": lambda: _built(G.sm90_cp_async_configs(24, 1)),
    "sm100_sample": lambda: _built(G.sm100_configs(24, 1)),
    "sm100_nosmem": lambda: _built(G.sm100_nosmem()),
    "sm100_dynamic_cluster": lambda: _compiled_and_built(G.sm100_dynamic_configs(24, 1)),
}


def _built(configs, params=False):
    ok = []
    for c in configs:
        try:
            build(c, params=params)
            ok.append(c)
        except (Refused, NotModelled):
            pass
    return ok


@needs_47
@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=pytest.mark.slow) if n == "sm100_dynamic_cluster" else n for n in sorted(FIELDS)]
)
def test_fields_are_cutlass_47s(name):
    from cutedump.commands._collective import dispatch_policy_text
    from tests.oracle.cute import run_cases
    from tests.test_collective import _diff

    with cutlass("4.2"):
        ok = FIELDS[name]()
    bad, tags = [], 0
    with cutlass("4.7"):
        for i in range(0, len(ok), 24):
            chunk = ok[i : i + 24]
            raws = run_cases([G.cpp_body(c) for c in chunk], prelude=G.PRELUDE, extra_flags=G.FLAGS)
            for cfg, raw in zip(chunk, raws):
                ans = build(cfg, params=False)
                bad += _diff(cfg, G.parse_answer(raw), ans.fields)
                theirs, ours = _policy_as_printed(raw), dispatch_policy_text(cfg, ans)
                if cfg.arch == "sm100":
                    tags += theirs.endswith(", Sm100>")
                    if theirs != ours:
                        bad.append(f"{cfg}: dispatch policy: CUTLASS 4.7 {theirs!r} / ours {ours!r}")
    assert not bad, "\n".join(bad[:10])
    assert tags == (len(ok) if name.startswith("sm100") else 0)


SM120 = {g: (lambda g=g: getattr(S, f"{g}_configs")(24, 1)) for g in ("dense", "blockscaled", "blockwise", "epilogue")}
SM120["near"] = S.near


@needs_47
@pytest.mark.parametrize("gen", sorted(SM120))
def test_sm120_fields_are_cutlass_47s(gen):
    from tests.test_collective import _diff

    with cutlass("4.2"):
        ok = _built(SM120[gen](), params=True)  # as tests/test_collective_sm120.py
    with cutlass("4.7"):
        bad, narrow = [], 0
        for cfg, theirs in zip(ok, S.ask(ok)):
            ans = build(cfg)
            narrow += ans.mainloop.kind == "blockscaled" and cfg.tile[1] < 128  # 4.7's SFB over max(N, 128)
            bad += _diff(cfg, theirs, ans.fields)
    assert not bad, "\n".join(bad[:10])
    assert narrow or gen != "epilogue"


@pytest.mark.slow
def test_the_command_answers_4_7_without_a_warning():
    import subprocess
    import sys

    args = ["collective", "--arch", "sm100", "--a", "half_t:K", "--b", "half_t:K", "--d", "half_t:RowMajor"]
    args += ["--tile", "256,160,64", "--cluster", "2,1,1", "--lang", "en"]
    env = {k: v for k, v in os.environ.items() if k != "CUTEDUMP_CUTLASS"}
    r47 = subprocess.run([sys.executable, "-m", "cutedump", *args], capture_output=True, text=True, env=env)
    assert r47.returncode == 2 and r47.stdout == ""
    assert r47.stderr.startswith('error: CUTLASS refuses this collective: static_assert "SM100 2SM TMA epilogue: ')
    assert r47.stderr.count("\n") == 1
    args[args.index("256,160,64")] = "256,128,64"
    r47 = subprocess.run([sys.executable, "-m", "cutedump", *args], capture_output=True, text=True, env=env)
    r42 = subprocess.run([sys.executable, "-m", "cutedump", "--cutlass", "4.2", *args], capture_output=True, text=True)
    assert r47.returncode == r42.returncode == 0 and r47.stderr == r42.stderr == ""
    assert "MainloopSm100TmaUmmaWarpSpecialized<8, 2, 4, (_2,_1,_1), Sm100>" in r47.stdout
    assert "MainloopSm100TmaUmmaWarpSpecialized<8, 2, 4, (_2,_1,_1)>" in r42.stdout


@needs_47
def test_a_batch_4_7_does_not_compile_holds_what_4_7_refuses():
    """tests/test_collective_sm90_kinds.py's generated sample: the configurations CUTLASS 4.2 compiles, asked of 4.7
    as one program, do not compile (4.7's FP8 blockwise collective asserts TileShape M / 128 in {1, 2}: its
    `<key>.fail`); cutedump 4.7 refuses exactly the configurations 4.7's refusal batch refuses, among them the M = 64
    ones."""
    cases = G.sm90_issue44_configs(40, 1)
    with cutlass("4.2"):
        ok = _compiled_and_built(cases)
    with cutlass("4.7"):
        with pytest.raises(records.OracleDoesNotCompile, match=r"CUTLASS 4.7 does not compile") as e:
            G.ask(ok[:24], 24)
        assert "fp8_blockwise_scaling.hpp:209" in e.value.error
        got = dict(zip(map(repr, cases), G.refusals(cases)))
        refused = [c for c in ok if _ours(c, False) != "compiles"]
        assert refused and all(_ours(c, False) == got[repr(c)].strip() for c in refused)
    assert {c.tile[0] for c in refused} == {64}
    fails = records.records_dir("4.7").glob("*.fail")
    assert any("fp8_blockwise_scaling.hpp:209" in f.read_text(encoding="utf-8") for f in fails)


@needs_47
def test_sm120_edges_4_7_refuses_are_refused():
    """tests/test_collective_sm120.py's edges (4.2 builds all nine): their batch does not compile with 4.7
    (records/cutlass-4.7/<key>.fail); each asked alone (a 4.7-only batch), 4.7 refuses the block-scaled tiles of
    K < 4 x SFVecSize (its SmemLayoutSFB's logical_divide), which cutedump refuses with 4.7's message; the rest agree
    field by field with the 4.2 answers."""
    cases = S.edges()
    with cutlass("4.7"):
        got = S.refusals(cases)
        bad, _ = _refusals_47(cases, got, True)
        assert not bad, "\n".join(bad)
    assert [t.strip() for t in got].count("error: ‘value’ is not a member of ‘bool’") == 2


def _capacity_edges():
    """SM120 block-scaled tiles with carveouts near a stage boundary (4.2's stage bytes: 14352 for 128x64x128, 18448
    for 128x128x128; carveout = 101376 - stages x bytes - 40 or 100): 4.7 counts the pipeline's 128 bytes a stage
    and 96 bytes less capacity."""
    nv = "nv_float4_t<float_e2m1_t>"
    out = []
    for tile, carves in (((128, 64, 128), (43928, 43868)), ((128, 128, 128), (45992, 45932))):
        base = S._cfg(nv, nv, "void", "half_t", tile, align=(32, 32, 0, 0))
        out += [base._replace(carveout=c) for c in carves]
    return out


@needs_47
def test_sm120_block_scaled_capacity_is_4_7s():
    """4.7's SM120 block-scaled builder counts stages in sm120_smem_capacity_bytes less the scheduler's pipeline
    storage and CLC responses (96 bytes), each stage with 128 pipeline bytes (4.2: 16): a 4.7-only batch of
    configurations near a stage boundary, each one stage fewer than 4.2's."""
    from tests.test_collective import _diff

    with cutlass("4.7"):
        cfgs = _capacity_edges()
        got = S.ask(cfgs)
        bad = [d for c, t in zip(cfgs, got) for d in _diff(c, t, build(c).fields)]
        stages47 = [build(c).fields["mainloop"]["dispatch_policy"]["stages"] for c in cfgs]
    with cutlass("4.2", "4.2"):
        stages42 = [build(c).fields["mainloop"]["dispatch_policy"]["stages"] for c in cfgs]
    assert not bad, "\n".join(bad)
    assert [a - b for a, b in zip(stages42, stages47)] == [1, 1, 1, 1]


#: tests/test_collective_bs.py's field batches (SM100 block-scaled and no-smem epilogues), chosen as it chooses them
BS_FIELDS = {
    "generated_1": lambda: _built(B.generated(100, 1))[:12],
    "nosmem_1": lambda: _built(B.nosmem(24, 1)),
}


@needs_47
@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=pytest.mark.slow) if n == "generated_1" else n for n in sorted(BS_FIELDS)]
)
def test_block_scaled_fields_are_cutlass_47s(name):
    """SM100 block-scaled collectives: every field as 4.7's (its stage count's 128 pipeline bytes a stage), and the
    dispatch policy with its ArchTag."""
    from cutedump.commands._collective import dispatch_policy_text
    from tests.oracle.cute import run_cases
    from tests.test_collective_bs import _diff

    with cutlass("4.2"):
        ok = BS_FIELDS[name]()
    bad = []
    with cutlass("4.7"):
        for i in range(0, len(ok), 12):
            chunk = ok[i : i + 12]
            raws = run_cases([B.cpp_body(c) for c in chunk], prelude=B.PRELUDE, extra_flags=G.FLAGS)
            for cfg, raw, theirs in zip(chunk, raws, B.ask(chunk, 12)):
                ans = build(cfg, params=False)
                bad += _diff(cfg, theirs, ans.fields)
                if _policy_as_printed(raw) != dispatch_policy_text(cfg, ans):
                    bad.append(f"{cfg}: {_policy_as_printed(raw)!r} / ours {dispatch_policy_text(cfg, ans)!r}")
    assert ok and not bad, "\n".join(bad[:10])


@needs_47
def test_sm120_block_scaled_tile_n_below_32_is_cutlass_47s():
    """CUTLASS 4.7's SM120 block-scaled builder takes tile N 8 and 16 (4.2: N >= 32): its PermTileN
    (sm120_tile_n_permute_selector<VS, N>: (_8):(_1), (_8,_2):(_1,_8); any other N below 32 its static_assert),
    Cooperative warps (_8,_1,_1) below N 16, no Pingpong builder below N 16, SFB staged over 128 rows and
    logical_divide'd by (N, K). A 4.7-only batch (gen_collective_sm120.small_n): every refusal as 4.7's, every field
    of what it builds as 4.7's; cutedump 4.2 refuses each one (4.2's `Invalid tile shape N.`)."""
    from tests.test_collective import _diff

    cases = S.small_n()
    with cutlass("4.7"):
        got = S.refusals(cases)
        bad, changed = _refusals_47(cases, got, True)
        built = [c for c, t in zip(cases, got) if t.strip() == "compiles"]
        assert not any(_ours(c, True).startswith("not modelled") for c in cases)
        for cfg, theirs in zip(built, S.ask(built)):
            bad += _diff(cfg, theirs, build(cfg).fields)
    with cutlass("4.2", "4.2"):
        assert all(_ours(c, True) != "compiles" for c in cases)
    assert not bad, "\n".join(bad[:10])
    assert len(built) >= 12 and {c.tile[1] for c in built} == {8, 16}


def _sm120_grouped_ask(cases):
    from tests.oracle import gen_collective_sm120_grouped as GG

    return GG.ask(cases, 8)


def _gen(module: str, fn: str, *args):
    import importlib

    return lambda: getattr(importlib.import_module(f"tests.oracle.{module}"), fn)(*args)


def _ask(module: str):
    import importlib

    return lambda cases: importlib.import_module(f"tests.oracle.{module}").ask(cases)


#: generated configurations of the 4.2 tests (tests/test_collective_sm100_blockwise.py, _sm100_grouped.py,
#: _sm120_grouped.py, _mixed.py) among which 4.7 builds some that 4.2 refuses (its refusal batches, compiled against 4.7, say
#: "compiles"): name -> (configurations, their field batch)
GAINED = {
    "sm100_blockwise_1": (_gen("gen_collective_sm100bw", "blockwise", 100, 1), _ask("gen_collective_sm100bw")),
    "sm100_blockwise_2": (_gen("gen_collective_sm100bw", "blockwise", 100, 2), _ask("gen_collective_sm100bw")),
    "sm100_grouped_1": (_gen("gen_collective_sm100bw", "grouped", 100, 1), _ask("gen_collective_sm100bw")),
    "sm120_grouped": (_gen("gen_collective_sm120_grouped", "generated", 24, 120), _sm120_grouped_ask),
    "sm90_mixed_1": (_gen("gen_collective_mixed", "generated", 100, 1), _ask("gen_collective_mixed")),
    "sm90_mixed_scaled_1": (_gen("gen_collective_mixed", "generated_scaled", 100, 1), _ask("gen_collective_mixed")),
}


@needs_47
@pytest.mark.parametrize("name", sorted(GAINED))
def test_what_4_7_builds_and_4_2_refuses_is_cutlass_47s_field_by_field(name):
    """The configurations of a 4.2 test's generated batch that cutedump 4.2 refuses (with CUTLASS 4.2's message) and
    4.7 builds (SM100 ptr-array kernels' carveout, 4.7's stage-0 TMA slices and epilogue tiles, SM120 ptr-array 6/8-bit
    schedules, SM90 mixed-input StageCount<N>): asked of CUTLASS 4.7 as one batch (4.7-only), every field as cutedump answers under --cutlass 4.7."""
    from tests.test_collective import _diff

    gen, ask = GAINED[name]
    cases = gen()
    with cutlass("4.2", "4.2"):
        old = [_ours(c, False) for c in cases]
    with cutlass("4.7"):
        gained = [
            c for c, o in zip(cases, old) if o != "compiles" and not o.startswith("not modelled: ")
            and _ours(c, False) == "compiles"
        ]  # fmt: skip
        bad = [
            d for cfg, theirs in zip(gained, ask(gained)) for d in _diff(cfg, theirs, build(cfg, params=False).fields)
        ]
    assert gained and not bad, "\n".join(bad[:10])


@needs_47
def test_sm90_mixed_input_explicit_stages_are_cutlass_47s():
    """CUTLASS 4.7's SM90 mixed-input builder takes StageCount<N> (compute_stage_count_or_override_single_affine_
    transformed_input, sm90_gmma_builder.inl:119; 4.2 reads StageCountType::bytes, a compile error): example 55's
    pairs with explicit stages, a 4.7-only batch, field by field (2 stages up to more than fit: the builder does not
    check; the kernel would not launch)."""
    from tests.oracle import gen_collective_mixed as M
    from tests.test_collective import _diff

    cases = [c._replace(stages=s) for cs in M.examples().values() for c, s in zip(cs, (2, 4, 7))]
    with cutlass("4.7"):
        bad = [
            d for cfg, theirs in zip(cases, M.ask(cases)) for d in _diff(cfg, theirs, build(cfg, params=False).fields)
        ]
    with cutlass("4.2", "4.2"):
        assert all("‘bytes’ is not a member" in _ours(c, False) for c in cases)
    assert not bad, "\n".join(bad[:10])


@needs_47
def test_sm120_grouped_block_scaled_tile_n_below_32_is_cutlass_47s():
    """gen_collective_sm120.small_n_grouped (4.7-only batches with pointer layout tags): 4.7's grouped stage count
    capacity (its scheduler pipeline, two TMA descriptors and its TensorMapReady pipeline), its ptr-array schedules
    with 6/8-bit operands, tile N 8 and 16: every refusal and field as 4.7's."""
    from tests.oracle import gen_collective_sm120_grouped as GG
    from tests.test_collective import _diff

    cases = S.small_n_grouped()
    with cutlass("4.7"):
        got = GG.refusals(cases)
        bad, _ = _refusals_47(cases, got, False)
        built = [c for c, t in zip(cases, got) if t.strip() == "compiles"]
        bad += [d for cfg, theirs in zip(built, GG.ask(built)) for d in _diff(cfg, theirs, build(cfg).fields)]
    assert not bad, "\n".join(bad[:10])
    assert len(built) == 4


@needs_47
def test_sm103_dispatch_policy_ends_with_its_arch_tag_under_4_7():
    """tests/test_collective_sm103.py's first generated batch, answered by CUTLASS 4.7 (its 4.2 question): 4.7's
    MainloopSm103TmaUmmaWarpSpecializedBlockScaled ends with its ArchTag `cutlass::arch::Sm103` (4.2: none), as
    the text's dispatch policy row prints it under --cutlass 4.7 (and not under 4.2)."""
    from cutedump.commands._collective import dispatch_policy_text
    from tests.oracle import gen_collective_sm103 as S3
    from tests.oracle.cute import run_cases
    from tests.test_collective_sm103 import _split

    with cutlass("4.2"):
        chunk = _split(S3.generated(48, 103))[0][:8]
    bad = []
    with cutlass("4.7"):
        raws = run_cases([S3.cpp_body(c) for c in chunk], prelude=S3.PRELUDE, extra_flags=G.FLAGS)
        for cfg, raw in zip(chunk, raws):
            theirs = _policy_as_printed(raw).replace("cutlass::sm103::detail::KernelPrefetchType::", "")
            ours = dispatch_policy_text(cfg, build(cfg, params=False))
            bad += [f"{cfg}: CUTLASS 4.7 {theirs!r} / ours {ours!r}"] if theirs != ours else []
    with cutlass("4.2", "4.2"):
        assert all(not dispatch_policy_text(c, build(c, params=False)).endswith(", Sm103>") for c in chunk)
    assert len(chunk) == 8 and not bad, "\n".join(bad)
    assert all(_policy_as_printed(r).endswith(", Sm103>") for r in raws)
