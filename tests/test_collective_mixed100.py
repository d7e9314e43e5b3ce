"""``cutedump collective --arch sm100`` for CUTLASS's SM100 mixed-input builder (issue 44: example 86) against
CUTLASS's own builders compiled host-only (recorded answers, tests/oracle/gen_collective_mixed100.py), 4.2's and
4.7's (issue 45: each check under both, cutedump answering as each version, against that version's records).

Example 86's three builder pairs as 86_blackwell_mixed_dtype.cu writes them (A and B swapped and transposed;
ConvertOnly ``cute::tuple<int4b_t>``, ScaleOnly and ScaleWithZeroPoint with the scale layout
``cute::tuple<LayoutB_Transpose, LayoutScale>`` of Sm100MixedInputBlockwiseScaleConfig<1, 128>), field by field, the
collective's own fields included (its three pipelines' stages, the converted A's smem layouts, where the UMMA reads
A, the scale layouts and granularity); generated configurations over the builder's space (every narrow type x
16-bit and 4-bit x fp8, the three schedules and the base tags, scale groups, 1SM/2SM, tiles, clusters, explicit
stages and carveouts, each its own translation unit) field by field or refused with CUTLASS's message. What the
builder takes but cutedump does not model is named in one line. A sample runs by default, the rest under -m slow.
"""

from __future__ import annotations

import functools
import json
import os
from contextlib import contextmanager, nullcontext

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from cutedump.collective.sm100_mixed import VOID_TILED_MMA
from tests.oracle import gen_collective_mixed100 as X
from tests.oracle.cute import unavailable_reason
from tests.oracle.cutlass_versions import answering_as
from tests.test_collective import _diff
from tests.test_collective_mixed import MIXED_FIELDS, _cli
from tests.test_collective_sm100_blockwise import arch_tag

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

#: the SM100 mixed-input collective's fields beside the SM90 one's (MIXED_FIELDS)
MIXED100_FIELDS = (
    "smem_layout_atom_a_compute",
    "smem_layout_a_compute",
    "a_compute_in_tmem",
    "scale_granularity_mn",
    "scale_granularity_k",
)


#: the CUTLASS versions each generated check is made under (cutedump answering as it, against its records)
VERSIONS = ("4.2", "4.7")


@contextmanager
def _cutlass(version):
    """Inside: cutedump answers as CUTLASS ``version`` and the oracle's answers are that version's records (or
    compiles, when recording)."""
    keys = ("CUTEDUMP_CUTLASS", "CUTEDUMP_ORACLE_CUTLASS")
    old = {k: os.environ.get(k) for k in keys}
    os.environ.update(dict.fromkeys(keys, version))
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@functools.lru_cache(maxsize=3)
def _examples(version=None):
    ex = X.examples()
    cfgs = list(ex.values())
    with _cutlass(version) if version else nullcontext():  # None: the run's CUTLASS
        # ConvertOnly as the example spells it, cute::tuple<int4b_t> (one program), the scaled pairs in another
        return ex, dict(zip(cfgs, X.ask(cfgs[:1], tuple_a=True) + X.ask(cfgs[1:])))


@oracle
@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("pair", X.EXAMPLE_PAIRS)
def test_example_86_agrees_with_cutlass_field_by_field(pair, version):
    ex, answers = _examples(version)
    cfg = ex[pair]
    theirs = answers[cfg]
    m = theirs["mainloop"]
    assert m["dispatch_policy"]["name"] == "MainloopSm100TmaUmmaWarpSpecializedMixedInput"
    assert m["conversion_mode"] == X.M.CONVERSION_MODES[len(cfg.a.scale)]
    assert set(MIXED_FIELDS + MIXED100_FIELDS) <= set(m)
    with _cutlass(version):
        bad = _diff(pair, theirs, build(cfg, params=False).fields)
    assert not bad, "\n".join(bad)


#: example 86's ScaleWithZeroPoint pair typed as a user types it
EX86 = (
    "--arch sm100 --a cute::tuple<cutlass::int4b_t,cutlass::bfloat16_t,cutlass::bfloat16_t>:RowMajor "
    "--b bfloat16_t:ColumnMajor --c bfloat16_t:ColumnMajor --d bfloat16_t:ColumnMajor --tile 256,128,128 "
    "--cluster 2,1,1 --schedule KernelTmaWarpSpecialized2SmMixedInputSm100 --epilogue-schedule TmaWarpSpecialized2Sm "
    "--scale-group 1,128"
).split()


@oracle
def test_example_86_command_line_is_cutlass_answer():
    r = _cli(EX86)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    ex, answers = _examples()
    bad = _diff("86", answers[ex["ScaleWithZeroPoint"]], {k: got[k] for k in ("mainloop", "epilogue")})
    assert not bad, "\n".join(bad)
    assert got["configuration"]["scale_group"] == [1, 128]
    assert got["configuration"]["a"]["scale"] == got["configuration"]["a"]["zero"] == "bfloat16_t"


def test_text_and_json_state_the_same_mixed_input_fields():
    r, t = _cli(EX86), _cli(EX86, "text")
    assert r.returncode == 0 and t.returncode == 0, r.stderr + t.stderr
    got, text = json.loads(r.stdout), t.stdout
    m, dp = got["mainloop"], got["mainloop"]["dispatch_policy"]
    lines = text.splitlines()
    main = lines[lines.index("mainloop") + 1 : lines.index("epilogue")]
    rows = {ln[2:18].strip(): ln[19:] for ln in main if ln.startswith("  ") and len(ln) > 19}
    assert rows["dispatch policy"] == (
        f"{dp['name']}<{dp['stages']}, {dp['transform2mma_stages']}, {dp['scheduler_stages']}, "
        f"{dp['accumulator_stages']}, {dp['cluster_shape']}{arch_tag(got)}>"
    )
    assert rows["conversion"] == f"{m['conversion_mode']} (A converted, SwapAB false)"
    assert rows["scale, zero"] == f"{m['element_scale']}, {m['element_zero']}"
    assert rows["transform stages"] == f"{dp['transform2mma_stages']} (converted A in TMEM)" and m["a_compute_in_tmem"]
    assert rows["scale group"] == f"{m['scale_granularity_mn']} x {m['scale_granularity_k']} (MN x K)"
    assert rows["SharedStorage"] == f"{m['shared_storage_bytes']} bytes"
    assert "Sm100MixedInputBlockwiseScaleConfig<1, 128>" in lines[3]
    for k in ("smem_layout_a_compute", "smem_layout_atom_scale", "smem_layout_scale"):
        assert f"{k}: {m[k]}" in text
    why = {w["what"]: w for w in got["why"]}
    f = why["stages"]["facts"]
    assert f["stages"] == dp["stages"] and f["t2m"] == dp["transform2mma_stages"]
    assert f["acc_stages"] == dp["accumulator_stages"]
    assert f["after"] == f["capacity"] - f["kernel_carve"] - f["carveout"] - f["acc_stages"] * f["acc_bytes"]
    assert f["stages"] == (f["after"] - f["t2m"] * f["comp"]) // f["ab"]
    assert f["carveout"] == got["epilogue"]["shared_storage_bytes"]
    assert why["conversion"]["choice"] == m["conversion_mode"]
    assert why["scale group"]["facts"]["mn"] == m["scale_granularity_mn"]
    assert f"stages: {why['stages']['why']}" in text
    assert "SM100_MMA_F16BF16_2x1SM_TS" in why["MMA atom"]["choice"]
    assert got["descriptors"]["not_modelled"] and "not modelled" in text.splitlines()[-1]
    zh = _cli(EX86, "json", "zh")
    assert zh.returncode == 0 and json.loads(zh.stdout)["mainloop"] == m


def _built_by_42(configs):
    """The configurations CUTLASS 4.2 builds, chosen as cutedump 4.2 decides (its verdicts are CUTLASS 4.2's: the
    verdict tests): under either CUTLASS the field batches are then 4.2's questions, their record keys paired."""
    with answering_as("4.2"):
        return _built_now(configs)


@functools.lru_cache(maxsize=4)
def _ok42(seed):
    """The generated configurations of seed ``seed`` that 4.2 builds (:func:`_built_by_42`)."""
    return _built_by_42(X.generated(100, seed))


def _built_now(configs):
    ok = []
    for c in configs:
        try:
            build(c, params=False)
            ok.append(c)
        except (Refused, NotModelled):
            pass
    return ok


def _ask_as_42(ok, refused_now, chunk=6):
    """X.ask of ``ok`` (4.2's batches: ``chunk`` configurations a program), one program at a time: each
    configuration's CUTLASS fields, or None for those of a program with a configuration the run's CUTLASS refuses
    (``refused_now``: configuration -> that CUTLASS's refusal; 4.7 refuses some that 4.2 builds), which must not
    compile: its batch is recorded as failing with one of those refusals (records/cutlass-4.7/<key>.fail)."""
    from tests.oracle import records as R

    out = []
    for i in range(0, len(ok), chunk):
        part = ok[i : i + chunk]
        if not any(c in refused_now for c in part):
            out += X.ask(part)
            continue
        with pytest.raises(R.OracleDoesNotCompile) as e:  # compiled or recorded: the batch's <key>.fail
            X.ask(part)
        assert any(refused_now[c] in e.value.error for c in part if c in refused_now), e.value.error
        out += [None] * len(part)
    return out


@functools.lru_cache(maxsize=8)
def _generated(seed, version):
    cases = X.generated(100, seed)
    with _cutlass(version):
        return cases, X.refusals(cases)


def _verdicts(cases, theirs):
    bad, refused = [], 0
    for cfg, t in zip(cases, theirs):
        try:
            build(cfg, params=False)
            ours = "compiles"
        except Refused as e:
            ours = e.cutlass_message.strip()
            refused += 1
        except NotModelled as e:
            ours = f"not modelled: {e}"
        t = t.strip().removeprefix("error: ")
        if ours == VOID_TILED_MMA and t.endswith("::" + VOID_TILED_MMA):
            t = ours  # g++ names the builder's TiledMma (void) before the words compared
        if ours != t:
            bad.append(f"{cfg}: CUTLASS {t!r} / ours {ours!r}")
    return bad, refused


SEEDS = [1, *(pytest.param(s, marks=pytest.mark.slow) for s in (2, 3))]


@oracle
@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("seed", SEEDS)
def test_generated_configurations_are_refused_exactly_when_cutlass_refuses(seed, version):
    cases, theirs = _generated(seed, version)
    n = len(cases) if seed != 1 else 40  # by default a sample of the batch (its record holds every verdict)
    with _cutlass(version):
        bad, refused = _verdicts(cases[:n], theirs[:n])
    assert not bad, f"{len(bad)} of {n} disagree:\n" + "\n".join(bad[:10])
    assert 5 <= refused <= n - 5


@functools.lru_cache(maxsize=8)
def _accepted(seed, version):
    """The configurations of seed ``seed`` that 4.2 builds (4.2's field batches), and CUTLASS ``version``'s fields
    of each (None where it refuses one configuration of the program)."""
    cases, theirs = _generated(seed, version)
    ok = _ok42(seed)
    refused_now = {c: t.strip() for c, t in zip(cases, theirs) if t.strip() != "compiles"}
    with _cutlass(version):
        return ok, _ask_as_42(ok, refused_now)


@oracle
@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("seed", SEEDS)
def test_generated_configurations_agree_with_cutlass_field_by_field(seed, version):
    # under 4.7 the programs with a configuration it refuses do not compile (seed 1: six of its seven; 4.7's fields
    # of their other configurations: test_generated_configurations_4_7_builds_in_4_2s_refused_programs_agree...)
    ok, answers = _accepted(seed, version)
    pairs = [(c, a) for c, a in zip(ok, answers) if a is not None]
    n = len(pairs) if seed != 1 else 12
    modes = {a["mainloop"]["conversion_mode"] for _, a in pairs}
    assert len(ok) >= 30 and len(pairs) >= 3
    assert modes == set(X.M.CONVERSION_MODES) or version != "4.2"
    bad = []
    with _cutlass(version):
        for cfg, theirs in pairs[:n]:
            bad += _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


@functools.lru_cache(maxsize=4)
def _regrouped(seed):
    """The configurations of seed ``seed`` that both CUTLASS versions build (cutedump's verdicts under each: the
    verdict tests hold them to each version's) but that sit in a 4.2 field program with one 4.7 refuses (that
    program does not compile under 4.7): asked again, ten a program, the same questions under either CUTLASS."""
    ok = _ok42(seed)
    with answering_as("4.7"):
        refused47 = set(ok) - set(_built_now(ok))
    out = []
    for i in range(0, len(ok), 6):
        part = ok[i : i + 6]
        if refused47 & set(part):
            out += [c for c in part if c not in refused47]
    return out


@oracle
@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("seed", SEEDS)
def test_generated_configurations_4_7_builds_in_4_2s_refused_programs_agree_field_by_field(seed, version):
    cfgs = _regrouped(seed)
    assert len(cfgs) >= 5
    n = len(cfgs) if seed != 1 else 8  # by default a sample of the batches (their records hold every answer)
    bad = []
    with _cutlass(version):
        answers = X.ask(cfgs, chunk=10)
        for cfg, theirs in zip(cfgs[:n], answers[:n]):
            bad += _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


def _with(**opts):
    """EX86 with options replaced (``tile="..."``) or added (``problem=...``; True: a flag)."""
    args = [*EX86]
    for k, v in opts.items():
        o = "--" + k.replace("_", "-")
        if o in args:
            args[args.index(o) + 1] = v
        else:
            args += [o] if v is True else [o, v]
    return args


@pytest.mark.parametrize(
    "opts, what",
    [
        (dict(grouped=True, epilogue_schedule="PtrArrayTmaWarpSpecialized2Sm"), "no grouped GEMM"),
        (dict(cluster="dynamic"), "a dynamic cluster"),
        (dict(d="float_e2m1_t:ColumnMajor"), "not modelled"),
        (dict(problem="4096,4096,4096"), "TMA tensor maps are not modelled"),
        (dict(toml=True), "kernel description is not modelled"),
    ],
)
def test_what_the_mixed_input_builder_takes_but_cutedump_does_not_model_is_named_in_one_line(opts, what):
    r = _cli(_with(**opts), "text")
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and r.stdout == "", r.stderr
    assert what in lines[0] and "MixedInput" in lines[0], lines[0]


def test_a_scale_group_goes_with_the_mixed_input_schedules_only():
    r = _cli(_with(schedule="KernelTmaWarpSpecialized2SmSm100"), "text")
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1, r.stderr
    assert (
        lines[0].startswith("error: --scale-group 1,128:") and "KernelTmaWarpSpecialized2SmMixedInputSm100" in lines[0]
    )


def test_refusals_quote_cutlass_in_one_line():
    # two widths the builder refuses: B narrow (A must be the converted operand), and tile N 256 with the automatic
    # stage count
    for a, b, tile, msg in (
        ("bfloat16_t:RowMajor", "int4b_t:ColumnMajor", "128,128,128", "A matrix should be transformed."),
        ("int4b_t:RowMajor", "bfloat16_t:ColumnMajor", "256,256,128", "Can't support CtaN>128 tiles"),
    ):
        args = _with(a=a, b=b, tile=tile)
        r = _cli(args[: args.index("--scale-group")], "text")
        lines = r.stderr.strip().splitlines()
        assert r.returncode == 2 and len(lines) == 1, r.stderr
        assert f'static_assert "{msg}"' in lines[0] and "sm100_mixed_input_umma_builder.inl" in lines[0]


@oracle
def test_two_widths_with_the_dense_schedules_are_refused_as_cutlass_refuses_them():
    # Auto and the dense 1SM/2SM schedules go to the dense UMMA builder, which takes no cute::tuple and a 4-bit
    # operand only 64-byte aligned (then refuses its type): CUTLASS's own first error
    cases = X.other_schedules()
    for cfg, theirs in zip(cases, X.refusals(cases)):
        with pytest.raises(Refused) as e:
            build(cfg, params=False)
        assert e.value.cutlass_message.strip() == theirs.strip() != "compiles", cfg


def _cli_as(version, args, fmt="json"):
    """`cutedump --cutlass VERSION collective ARGS --format FMT` in this process."""
    from types import SimpleNamespace

    from click.testing import CliRunner

    from cutedump.cli import main

    argv = ["--cutlass", version, "collective", *args, "--format", fmt, "--lang", "en"]
    r = CliRunner().invoke(main, argv, env={"CUTEDUMP_LANG": None, "NO_COLOR": "1"})
    return SimpleNamespace(returncode=r.exit_code, stdout=r.stdout, stderr=r.stderr)


def _policy_type(cfgs, i):
    """CUTLASS's spelling of configuration ``i``'s dispatch policy type (g++'s ``cd_type`` line of its program: the
    raw answer of the batch X.ask asks)."""
    from tests.oracle.cute import run_cases

    out = run_cases([X.cpp_body(c) for c in cfgs], prelude=X.PRELUDE, extra_flags=X.G.FLAGS)[i]
    return next(ln for ln in out.splitlines() if "MainloopSm100TmaUmmaWarpSpecializedMixedInput<" in ln)


@oracle
@pytest.mark.parametrize("version", VERSIONS)
def test_example_86_under_each_cutlass_is_that_cutlass_answer(version):
    # --cutlass 4.7: 4.7's collective (its dispatch policy ends with its ArchTag cutlass::arch::Sm100; the scale
    # smem atom is the first tile of 4.2's, tiled by UMMA::tile_to_mma_shape; SharedStorage counts that layout's
    # cosize), field by field against 4.7's record; --cutlass 4.2 likewise against 4.2's
    ex, answers = _examples(version)
    r, t = _cli_as(version, EX86), _cli_as(version, EX86, "text")
    assert r.returncode == 0 and t.returncode == 0, r.stderr + t.stderr
    got = json.loads(r.stdout)
    assert got["versions"]["cutlass"] == {"4.2": "4.2.0", "4.7": "4.7.0"}[version]
    bad = _diff("86", answers[ex["ScaleWithZeroPoint"]], {k: got[k] for k in ("mainloop", "epilogue")})
    assert not bad, "\n".join(bad)
    # the text's dispatch policy: CUTLASS's template arguments, the ArchTag where that CUTLASS has one
    row = next(ln for ln in t.stdout.splitlines() if ln.startswith("  dispatch policy"))[19:]
    with _cutlass(version):
        theirs = _policy_type([ex["ScaleOnly"], ex["ScaleWithZeroPoint"]], 1)
    tag = theirs.rstrip("]").endswith(", cutlass::arch::Sm100>")
    assert row.endswith(", Sm100>") == tag == (version == "4.7"), (row, theirs)
    dp = got["mainloop"]["dispatch_policy"]
    args = f"<{dp['stages']}, {dp['transform2mma_stages']}, {dp['scheduler_stages']}, {dp['accumulator_stages']}, "
    assert args in row and args in theirs, (row, theirs)
    assert f"smem_layout_atom_scale: {got['mainloop']['smem_layout_atom_scale']}" in t.stdout


@oracle
def test_a_configuration_cutlass_4_7_refuses_and_4_2_builds_is_refused_under_4_7_in_one_line():
    # a 2SM tile M of 128 with no scale layout: the VoidLayoutScale's 128-row scale atom does not divide A's 64 rows
    # per CTA, which 4.7's UMMA::tile_to_mma_shape of SmemLayoutScale asserts (4.2 appends the stages: no check).
    # The configuration is seed 1's (its refusal batch under each CUTLASS holds each one's verdict)
    cases = X.generated(100, 1)
    cfg = next(
        c
        for c in cases
        if c.a.element == "int8_t" and not c.a.scale and c.tile == (128, 128, 128) and c.cluster == (2, 2, 1)
    )
    i = cases.index(cfg)
    verdict = {v: _generated(1, v)[1][i].strip() for v in VERSIONS}
    msg = "tile_to_shape: block shape does not divide the target shape."
    assert verdict == {"4.2": "compiles", "4.7": msg}
    given = dict(
        arch="sm100", a="int8_t:RowMajor", b="bfloat16_t:ColumnMajor", c="half_t:ColumnMajor", d="half_t:ColumnMajor",
        tile="128,128,128", cluster="2,2,1", schedule="KernelTmaWarpSpecialized2SmMixedInputSm100",
        epilogue_schedule="TmaWarpSpecialized2Sm",
    )  # fmt: skip
    from cutedump.commands._collective import parse

    names = ("arch a b c d acc tile cluster stages carveout schedule epilogue_schedule epilogue_tile alignment_a "
             "alignment_b alignment_c alignment_d grouped sf_vec sf_major fusion cluster_preferred cluster_fallback "
             "epilogue_tile_shape scale_group").split()  # fmt: skip
    defaults = {"acc": "float", "cluster": "1,1,1", "stages": "auto", "carveout": "auto", "epilogue_tile": "auto"}
    assert parse(*(given.get(n, defaults.get(n)) for n in names)) == cfg  # the command line is that configuration
    args = [x for k, v in given.items() for x in (f"--{k.replace('_', '-')}", v)]
    old = _cli_as("4.2", args)
    assert old.returncode == 0 and json.loads(old.stdout)["mainloop"]["conversion_mode"] == "DirectConvert", old.stderr
    new = _cli_as("4.7", args, "text")
    lines = new.stderr.strip().splitlines()
    assert new.returncode == 2 and new.stdout == "" and len(lines) == 1, new.stderr
    assert lines[0].startswith("error: ") and f'static_assert "{msg}"' in lines[0], lines[0]
    assert "tile_to_mma_shape" in lines[0] and "sm100_mma_warpspecialized_mixed_input.hpp" in lines[0], lines[0]


@oracle
@pytest.mark.parametrize("version", VERSIONS)
def test_narrow_float_a_is_built_or_refused_as_cutlass_does(version):
    # float_e2m1_t (4-bit) x 16-bit / float_e4m3_t, converted only or scaled; 6-bit A (no smem atom): CUTLASS's verdict
    # each, and the fields of those it builds
    cases = X.narrow_floats()
    ok = _built_by_42(cases)
    with _cutlass(version):
        theirs = X.refusals(cases)
        bad, refused = _verdicts(cases, theirs)
        assert not bad, "\n".join(bad)
        assert 6 <= refused <= len(cases) - 6
        refused_now = {c: t.strip() for c, t in zip(cases, theirs) if t.strip() != "compiles"}
        for cfg, answer in zip(ok, _ask_as_42(ok, refused_now)):
            if answer is not None:
                bad += _diff(cfg, answer, build(cfg, params=False).fields)
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


@oracle
def test_scales_stage_bytes_are_a_kernels_refusal_stated_as_a_warning():
    # the collective builds; a kernel reading its TmaTransactionBytes hits the scales' 128-byte stage check: the
    # answer is the builder's, with one warning line (params="warn"), and a refusal where the Params are asked
    cases = X.transaction_bytes_cases()
    for cfg, theirs in zip(cases, X.transaction_bytes_verdicts(cases)):
        hazard = build(cfg, params=False).mainloop.kernel_hazard
        assert (hazard.cutlass_message if hazard else "compiles") == theirs.strip(), cfg
        if hazard is not None:
            with pytest.raises(Refused):
                build(cfg)
    r = _cli(_with(tile="128,128,128", cluster="1,1,1", schedule="KernelTmaWarpSpecialized1SmMixedInputSm100",
                   epilogue_schedule="TmaWarpSpecialized1Sm", scale_group="64,128"), "text")  # fmt: skip
    assert r.returncode == 0 and r.stderr.count("\n") == 1 and r.stderr.startswith("warning: "), r.stderr
    assert "Each scale stage must be 128B aligned." in r.stderr
