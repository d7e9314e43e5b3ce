"""``cutedump collective --arch sm100`` for CUTLASS 4.2's SM100 mixed-input builder (issue 44: example 86) against
CUTLASS's own builders compiled host-only (recorded answers, tests/oracle/gen_collective_mixed100.py).

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

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from cutedump.collective.sm100_mixed import VOID_TILED_MMA
from tests.oracle import gen_collective_mixed100 as X
from tests.oracle.cute import unavailable_reason
from tests.test_collective import _diff
from tests.test_collective_mixed import MIXED_FIELDS, _cli

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

#: the SM100 mixed-input collective's fields beside the SM90 one's (MIXED_FIELDS)
MIXED100_FIELDS = (
    "smem_layout_atom_a_compute",
    "smem_layout_a_compute",
    "a_compute_in_tmem",
    "scale_granularity_mn",
    "scale_granularity_k",
)


@functools.lru_cache(maxsize=1)
def _examples():
    ex = X.examples()
    cfgs = list(ex.values())
    # ConvertOnly as the example spells it, cute::tuple<int4b_t> (one program), the scaled pairs in another
    return ex, dict(zip(cfgs, X.ask(cfgs[:1], tuple_a=True) + X.ask(cfgs[1:])))


@oracle
@pytest.mark.parametrize("pair", X.EXAMPLE_PAIRS)
def test_example_86_agrees_with_cutlass_field_by_field(pair):
    ex, answers = _examples()
    cfg = ex[pair]
    theirs = answers[cfg]
    m = theirs["mainloop"]
    assert m["dispatch_policy"]["name"] == "MainloopSm100TmaUmmaWarpSpecializedMixedInput"
    assert m["conversion_mode"] == X.M.CONVERSION_MODES[len(cfg.a.scale)]
    assert set(MIXED_FIELDS + MIXED100_FIELDS) <= set(m)
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
        f"{dp['accumulator_stages']}, {dp['cluster_shape']}>"
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


def _split(configs):
    ok = []
    for c in configs:
        try:
            build(c, params=False)
            ok.append(c)
        except Refused:
            pass
    return ok


@functools.lru_cache(maxsize=4)
def _generated(seed):
    cases = X.generated(100, seed)
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


@oracle
@pytest.mark.parametrize("seed", [1, *(pytest.param(s, marks=pytest.mark.slow) for s in (2, 3))])
def test_generated_configurations_are_refused_exactly_when_cutlass_refuses(seed):
    cases, theirs = _generated(seed)
    n = len(cases) if seed != 1 else 40  # by default a sample of the batch (its record holds every verdict)
    bad, refused = _verdicts(cases[:n], theirs[:n])
    assert not bad, f"{len(bad)} of {n} disagree:\n" + "\n".join(bad[:10])
    assert 5 <= refused <= n - 5


@functools.lru_cache(maxsize=4)
def _accepted(seed):
    cases, theirs = _generated(seed)
    ok = [c for c, t in zip(cases, theirs) if t.strip() == "compiles"]
    return ok, X.ask(ok)


@oracle
@pytest.mark.parametrize("seed", [1, *(pytest.param(s, marks=pytest.mark.slow) for s in (2, 3))])
def test_generated_configurations_agree_with_cutlass_field_by_field(seed):
    ok, answers = _accepted(seed)
    n = len(ok) if seed != 1 else 12
    modes = {a["mainloop"]["conversion_mode"] for a in answers}
    assert len(ok) >= 30 and modes == set(X.M.CONVERSION_MODES)
    bad = []
    for cfg, theirs in zip(ok[:n], answers[:n]):
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


def test_cutlass_4_7s_mixed_input_collective_is_named_not_modelled(monkeypatch):
    # 4.7 tiles the scales' smem by tile_to_mma_shape and counts its TMA bytes otherwise: 4.2's rules only
    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.7")
    with pytest.raises(NotModelled) as e:
        build(X.examples()["ScaleOnly"], params=False)
    assert "sm100_mixed_input_umma_builder.inl" in str(e.value) and "CUTLASS 4.7" in str(e.value)


@oracle
def test_narrow_float_a_is_built_or_refused_as_cutlass_does():
    # float_e2m1_t (4-bit) x 16-bit / float_e4m3_t, converted only or scaled; 6-bit A (no smem atom): CUTLASS's verdict
    # each, and the fields of those it builds
    cases = X.narrow_floats()
    theirs = X.refusals(cases)
    bad, refused = _verdicts(cases, theirs)
    assert not bad, "\n".join(bad)
    assert 6 <= refused <= len(cases) - 6
    ok = [c for c, t in zip(cases, theirs) if t.strip() == "compiles"]
    for cfg, answer in zip(ok, X.ask(ok)):
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
