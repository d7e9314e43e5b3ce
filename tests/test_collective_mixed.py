"""``cutedump collective`` for mixed-input GEMMs (issue 44, item 4) against CUTLASS 4.2's own builders compiled
host-only (recorded answers, tests/oracle/gen_collective_mixed.py).

SM90: example 55's builder pairs as its sources write them (A and B swapped and transposed; ConvertOnly, ScaleOnly
and ScaleWithZeroPoint: ``cute::tuple<Element, ElementScale[, ElementZero]>``), field by field, the mixed-input
collective's own fields included (conversion mode, SwapAB, scale/zero types, the scale smem layouts); generated
mixed-width configurations with and without scales (every narrow x wide pair, the narrow operand A or B, both
majors, every TMA schedule and Auto, refusals included, each its own translation unit) field by field or refused
with CUTLASS's message. SM100's mixed-input builder (example 86): tests/test_collective_mixed100.py; the lookup-table
scales ``cutlass::Array<..>`` and grouped: tests/test_collective_examples_mixed.py. A sample runs by default, the rest
under ``-m slow``.
"""

from __future__ import annotations

import functools
import json
from types import SimpleNamespace

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_mixed as M
from tests.oracle.cute import unavailable_reason
from tests.oracle.cutlass_versions import answering_as
from tests.oracle.gen_collective import field_diff as _diff

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

MIXED_FIELDS = (
    "conversion_mode",
    "is_a_transformed",
    "swap_ab",
    "element_scale",
    "element_zero",
    "smem_layout_atom_scale",
    "smem_layout_scale",
)


def _split(configs):
    """(built, kept) as cutedump 4.2 answers (the batches are 4.2's questions under either CUTLASS: 4.7 builds the
    explicit stage counts 4.2 refuses); each answer is compared with cutedump's under the run's CUTLASS."""
    with answering_as("4.2"):
        return _split_now(configs)


def _split_now(configs):
    ok, kept = [], []
    for c in configs:
        try:
            build(c, params=False)
            ok.append(c)
        except Refused:
            pass
        except NotModelled:
            continue
        kept.append(c)
    return ok, kept


@functools.lru_cache(maxsize=1)
def _examples():
    ex = M.examples()
    cfgs = [c for v in ex.values() for c in v]
    return ex, dict(zip(cfgs, M.ask(cfgs)))


@oracle
@pytest.mark.parametrize("source", ["55_hopper_mixed_dtype_gemm", "55_hopper_int4_bf16_gemm"])
def test_example_55_agrees_with_cutlass_field_by_field(source):
    # ConvertOnly, ScaleOnly and ScaleWithZeroPoint, as the example builds them
    ex, answers = _examples()
    for cfg in ex[source]:
        theirs = answers[cfg]
        assert theirs["mainloop"]["dispatch_policy"]["name"] == "MainloopSm90TmaGmmaRmemAWarpSpecializedMixedInput"
        assert theirs["mainloop"]["conversion_mode"] == M.CONVERSION_MODES[len(cfg.a.scale)]
        bad = _diff(cfg, theirs, build(cfg, params=False).fields)
        assert not bad, "\n".join(bad)


#: example 55_hopper_int4_bf16_gemm's ConvertOnly pair, typed as a user types it
EX55 = (
    "--arch sm90 --a int4b_t:RowMajor --b bfloat16_t:ColumnMajor --c half_t:ColumnMajor --d half_t:ColumnMajor "
    "--acc float --tile 128,128,64 --schedule KernelTmaWarpSpecializedCooperative "
    "--epilogue-schedule TmaWarpSpecializedCooperative"
).split()


def _cli(args, fmt="json", lang=None):
    """The command in-process (click's runner: the same parsing, errors and exit codes, no interpreter start-up)."""
    from click.testing import CliRunner

    from cutedump.cli import main

    extra = ["--lang", lang] if lang else []
    r = CliRunner().invoke(
        main, ["collective", *args, "--format", fmt, *extra], env={"CUTEDUMP_LANG": None, "NO_COLOR": "1"}
    )
    return SimpleNamespace(returncode=r.exit_code, stdout=r.stdout, stderr=r.stderr)


@oracle
def test_example_55_command_line_is_cutlass_answer():
    r = _cli(EX55)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    ex, answers = _examples()
    theirs = answers[ex["55_hopper_int4_bf16_gemm"][0]]
    bad = _diff("55", theirs, {k: got[k] for k in ("mainloop", "epilogue")})
    assert not bad, "\n".join(bad)


def test_text_and_json_state_the_same_mixed_input_fields():
    r, t = _cli(EX55), _cli(EX55, "text")
    assert r.returncode == 0 and t.returncode == 0, r.stderr + t.stderr
    got, text = json.loads(r.stdout), t.stdout
    m = got["mainloop"]
    lines = text.splitlines()
    main = lines[lines.index("mainloop") + 1 : lines.index("epilogue")]
    rows = {ln[2:18].strip(): ln[19:] for ln in main if ln.startswith("  ") and len(ln) > 19}
    side = "A" if m["is_a_transformed"] else "B"
    conv = f"{m['conversion_mode']} ({side} converted, SwapAB {str(m['swap_ab']).lower()})"
    assert rows["conversion"] == conv
    assert rows["scale, zero"] == f"{m['element_scale']}, {m['element_zero']}"
    assert rows["stages"] == str(m["dispatch_policy"]["stages"])
    assert rows["dispatch policy"].startswith(m["dispatch_policy"]["name"] + "<")
    for k in ("smem_layout_atom_a", "smem_layout_a", "smem_layout_atom_scale", "smem_layout_scale"):
        assert f"{k}: {m[k]}" in text
    why = {w["what"]: w for w in got["why"]}
    assert why["conversion"]["choice"] == m["conversion_mode"]
    assert why["stages"]["facts"]["stages"] == m["dispatch_policy"]["stages"]
    assert f"stages: {why['stages']['why']}" in text
    # the wide type is the MMA's on both sides; A comes from registers
    assert why["dispatch policy"]["facts"]["wide_type"] == "bfloat16_t"
    assert "BF16BF16_RS" in rows["MMA atom"] and got["descriptors"]["A"] == {"registers": True}
    zh = _cli(EX55, "json", "zh")
    assert zh.returncode == 0 and json.loads(zh.stdout)["mainloop"] == m


def _generated(seed, n=100):
    return _split(M.generated(n, seed))


@oracle
def test_generated_mixed_input_sample_agrees_with_cutlass():
    ok, _ = _generated(1)
    assert len(ok) >= 40
    bad = []
    for cfg, theirs in zip(ok, M.ask(ok)):
        assert set(MIXED_FIELDS) <= set(theirs["mainloop"])
        bad += _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


@oracle
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_generated_mixed_input_configurations_are_refused_exactly_when_cutlass_refuses(seed):
    # each configuration its own translation unit: CUTLASS's first error, or "compiles"
    _, cases = _generated(seed)
    got = M.refusals(cases)
    bad, refused = G.verdict_diff(cases, got)
    assert not bad, f"{len(bad)} of {len(cases)} disagree:\n" + "\n".join(bad[:10])
    assert len(cases) >= 90 and 30 <= refused <= len(cases) - 30


@oracle
@pytest.mark.slow
def test_generated_mixed_input_seed_2_agrees_with_cutlass():
    ok, _ = _generated(2)
    bad = []
    for cfg, theirs in zip(ok, M.ask(ok)):
        bad += _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


def test_explicit_stage_count_is_refused_with_cutlasss_error():
    # CUTLASS 4.2's mixed-input builder reads StageCountType::bytes: StageCount<N> does not compile (4.7 takes it:
    # tests/test_collective_47.py)
    from click.testing import CliRunner

    from cutedump.cli import main

    args = ["--cutlass", "4.2", "collective", *EX55, "--stages", "4"]
    r = CliRunner().invoke(main, args, env={"CUTEDUMP_LANG": None, "NO_COLOR": "1"})
    r.returncode = r.exit_code
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1, r.stderr
    assert 'error "‘bytes’ is not a member of ‘cutlass::gemm::collective::StageCount<4>’"' in lines[0]
    assert "static_assert" not in lines[0]


@pytest.mark.parametrize(
    "a, why",
    [
        # a lookup-table scale of a type not modelled (55_hopper_int4_fp8_gemm's cutlass::Array<float_e4m3_t, 8>:
        # tests/test_collective_examples_mixed.py), a scale type not modelled, a tuple that is no mixed-input operand
        ("cute::tuple<int4b_t, cutlass::Array<int8_t, 8>>:RowMajor", "cutlass::Array<int8_t, 8> scale: not modelled"),
        ("cute::tuple<int4b_t, int8_t>:RowMajor", "int8_t scale/zero: not modelled"),
        ("cute::tuple<int4b_t, half_t, half_t, half_t>:RowMajor", "a mixed-input operand is cute::tuple<Element>"),
    ],
)
def test_scale_modes_not_modelled_are_named_in_one_line(a, why):
    r = _cli(["--arch", "sm90", "--a", a, *EX55[4:]], "text")
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and r.stdout == "", r.stderr
    assert "sm90_gmma_builder.inl" in lines[0] and why in lines[0], lines[0]


def test_scaled_operands_outside_the_sm90_mixed_input_builder_are_named_not_modelled():
    from cutedump.collective.config import Operand, operand_with

    ex = M.examples()["55_hopper_int4_bf16_gemm"][1]
    same = ex._replace(a=operand_with("bfloat16_t", "RowMajor", ("bfloat16_t",)))  # one width: no mixed input
    sm100 = ex._replace(
        arch="sm100", tile=(128, 128, 64), schedule="KernelScheduleAuto", epilogue_schedule="EpilogueScheduleAuto"
    )
    wide = ex._replace(a=Operand("int4b_t", "RowMajor"), b=operand_with("bfloat16_t", "ColumnMajor", ("bfloat16_t",)))
    for cfg, builder in (
        (same, "sm90_gmma_builder.inl"),
        (wide, "GMMA_TMA_WS_RS"),
    ):
        with pytest.raises(NotModelled) as e:
            build(cfg, params=False)
        assert builder in str(e.value) and "not modelled" in str(e.value), str(e.value)
    # SM100 with KernelScheduleAuto: the dense builder, which takes no cute::tuple (CUTLASS's refusal,
    # tests/test_collective_mixed100.py; the mixed-input builder takes its own schedules only)
    with pytest.raises(Refused) as e:
        build(sm100, params=False)
    assert e.value.cutlass_message == "Could not build a collective for given parameters."
    with pytest.raises(Refused) as e:  # both scaled: CUTLASS's builder refuses
        build(ex._replace(b=operand_with("bfloat16_t", "ColumnMajor", ("bfloat16_t",))), params=False)
    assert e.value.cutlass_message.startswith("Either A OR B must be a tuple")


def test_example_86_is_answered_by_the_sm100_mixed_input_builder(monkeypatch):
    # 86_blackwell_mixed_dtype.cu's ConvertOnly pair as the example writes it (A and B swapped: cute::tuple<int4b_t>
    # RowMajor x bfloat16_t ColumnMajor, 256x128x128, cluster 2x1x1, the 2SM mixed-input schedule): CUTLASS 4.2's SM100
    # mixed-input builder, modelled by collective/sm100_mixed.py (compared with CUTLASS in test_collective_mixed100.py;
    # 4.7's scale smem differs: versions.CUTLASS_FACTS["sm100_mixed_scale_smem"])
    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.2")
    r = _cli(
        [
            "--arch", "sm100", "--a", "cute::tuple<cutlass::int4b_t>:RowMajor", "--b", "bfloat16_t:ColumnMajor",
            "--c", "bfloat16_t:ColumnMajor", "--d", "bfloat16_t:ColumnMajor", "--tile", "256,128,128",
            "--cluster", "2,1,1", "--schedule", "KernelTmaWarpSpecialized2SmMixedInputSm100",
            "--epilogue-schedule", "TmaWarpSpecialized2Sm",
        ],
    )  # fmt: skip
    assert r.returncode == 0 and r.stderr == "", r.stderr
    m = json.loads(r.stdout)["mainloop"]
    assert m["dispatch_policy"]["name"] == "MainloopSm100TmaUmmaWarpSpecializedMixedInput"
    assert m["conversion_mode"] == "DirectConvert" and m["is_a_transformed"]


def test_a_one_element_tuple_is_the_converted_operand_itself():
    # cute::tuple<T> (example 86's ConvertOnly spelling): the builder's ElementPairA is tuple<T> either way
    plain, tup = _cli(EX55), _cli(["--a", "cute::tuple<int4b_t>:RowMajor", *EX55[4:]])
    assert plain.returncode == 0 and tup.returncode == 0, tup.stderr
    assert json.loads(plain.stdout)["mainloop"] == json.loads(tup.stdout)["mainloop"]


@oracle
def test_the_sm90_kinds_example_55_configurations_agree_with_cutlass_field_by_field():
    # tests/test_collective_sm90_kinds.py's example 55 rows (int4/uint4/e4m3 x 16-bit, A or B narrow): CUTLASS's
    # fields with the mixed-input printer
    cfgs = G.sm90_mixed_input()
    bad = []
    for cfg, theirs in zip(cfgs, M.ask(cfgs)):
        bad += _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, "\n".join(bad)


@oracle
def test_mixed_widths_with_the_other_sm90_schedules_are_refused_as_cutlass_refuses_them():
    # cp.async and FP8 fast-accumulation schedules: not the mixed-input builder; and A and B both scaled: CUTLASS's
    # own first error
    cases = M.other_schedules()
    for cfg, theirs in zip(cases, M.refusals(cases)):
        with pytest.raises(Refused) as e:
            build(cfg, params=False)
        assert e.value.cutlass_message.strip() == theirs.strip().removeprefix("error: ") != "compiles", cfg


def _scaled(seed):
    return _split(M.generated_scaled(100, seed))


@oracle
def test_generated_scaled_mixed_input_agrees_with_cutlass_field_by_field():
    # ConvertAndScale and ConvertAndScaleWithZero: the scale/zero smem arrays, the stage count's scale bytes
    ok, _ = _scaled(1)
    assert len(ok) >= 40
    answers = M.ask(ok)
    modes = {a["mainloop"]["conversion_mode"] for a in answers}
    assert modes == {"ConvertAndScale", "ConvertAndScaleWithZero"}
    bad = []
    for cfg, theirs in zip(ok, answers):
        bad += _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


@oracle
def test_generated_scaled_mixed_input_is_refused_exactly_when_cutlass_refuses():
    cases = M.generated_scaled(100, 1)
    bad, refused = G.verdict_diff(cases, M.refusals(cases))
    assert not bad, f"{len(bad)} of {len(cases)} disagree:\n" + "\n".join(bad[:10])
    assert 30 <= refused <= len(cases) - 30


def test_a_scaled_operand_is_stated_in_text_and_json():
    args = ["--a", "cute::tuple<int4b_t, bfloat16_t, bfloat16_t>:RowMajor", *EX55[4:]]
    r, t = _cli(args), _cli(args, "text")
    assert r.returncode == 0 and t.returncode == 0, r.stderr + t.stderr
    got = json.loads(r.stdout)
    a = got["configuration"]["a"]
    assert (a["element"], a["scale"], a["zero"]) == ("int4b_t", "bfloat16_t", "bfloat16_t")
    m = got["mainloop"]
    assert (m["conversion_mode"], m["element_scale"], m["element_zero"]) == ("ConvertAndScaleWithZero",) + (
        a["scale"],
        a["zero"],
    )
    assert "  A cute::tuple<int4b_t, bfloat16_t, bfloat16_t>:RowMajor (K-major)" in t.stdout
    why = {w["what"]: w for w in got["why"]}
    assert why["conversion"]["facts"]["scale"] == a["scale"] and why["conversion"]["facts"]["zero"] == a["zero"]
    assert why["stages"]["facts"]["scale_bytes"] == 128 * 16 // 8 == why["stages"]["facts"]["zero_bytes"]
