"""``cutedump collective`` for SM90 mixed input x grouped (issue 44: CUTLASS's example 69) against CUTLASS 4.2's own
builders compiled host-only (recorded answers, tests/oracle/gen_collective_mixed.py).

Example 69's builder pairs as its three sources write them (the grouped mixed-input pairs: pointer layout tags,
KernelPtrArrayTmaWarpSpecializedCooperative, ConvertOnly and ScaleOnly, int4 x fp8's with the lookup-table scale
``cutlass::Array<float_e4m3_t, 8>``; each file's reference pair in verify()) and 55_hopper_int4_fp8_gemm's lookup-table
pair, field by field; generated grouped (and batched: plain tags) mixed-input configurations with the ptr-array
schedules, ConvertOnly, ScaleOnly and ScaleWithZeroPoint, and generated lookup-table scales (``cutlass::Array<T, N>``),
field by field or refused with CUTLASS's own first error, one translation unit each. What stays not modelled is named
in one error line that names CUTLASS's builder (a CuTe Layout type other than examples 55 and 69's reordered one, which
tests/test_collective_shuffled.py compares). A sample runs by default, the rest under ``-m slow``.
"""

from __future__ import annotations

import functools
import json

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_mixed as M
from tests.oracle.cute import unavailable_reason
from tests.test_collective_mixed import _cli
from tests.test_collective_sm90_kinds import _diff

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

ARRAY_POLICY = "MainloopSm90ArrayTmaGmmaWarpSpecializedMixedInput"


@functools.lru_cache(maxsize=1)
def _examples():
    ex = M.examples_69()
    mixed = [c for v in ex.values() for c, w in v if w == "mixed"]
    dense = [c for v in ex.values() for c, w in v if w == "dense"]
    return ex, {**dict(zip(mixed, M.ask(mixed))), **dict(zip(dense, G.ask(dense)))}


@oracle
@pytest.mark.parametrize(
    "source",
    ["69_hopper_mixed_dtype_grouped_gemm", "69_hopper_int4_bf16_grouped_gemm", "69_hopper_int4_fp8_grouped_gemm"],
)
def test_example_69_agrees_with_cutlass_field_by_field(source):
    ex, answers = _examples()
    modes = []
    for cfg, what in ex[source]:
        theirs = answers[cfg]
        if what == "mixed":
            assert theirs["mainloop"]["dispatch_policy"]["name"] == ARRAY_POLICY
            modes.append(theirs["mainloop"]["conversion_mode"])
        bad = _diff(theirs, build(cfg, params=False).fields)
        assert not bad, f"{cfg}:\n" + "\n".join(bad)
    # ConvertOnly and ScaleOnly; int4 x fp8: ScaleOnly with the lookup-table scale cutlass::Array<float_e4m3_t, 8>
    assert modes == (["ConvertAndScale"] if "fp8" in source else ["DirectConvert", "ConvertAndScale"])
    if "fp8" in source:
        assert answers[ex[source][0][0]]["mainloop"]["use_scale_lookup_table"] is True


#: example 69_hopper_int4_bf16_grouped_gemm's ScaleOnly pair, typed as a user types it
EX69 = (
    "--arch sm90 --grouped --a cute::tuple<int4b_t,bfloat16_t>:RowMajor --b bfloat16_t:ColumnMajor "
    "--c half_t:ColumnMajor --d half_t:ColumnMajor --acc float --tile 128,16,64 "
    "--schedule KernelPtrArrayTmaWarpSpecializedCooperative --epilogue-schedule PtrArrayTmaWarpSpecializedCooperative"
).split()


@oracle
def test_example_69_command_line_is_cutlass_answer():
    r = _cli(EX69)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    ex, answers = _examples()
    theirs = answers[ex["69_hopper_int4_bf16_grouped_gemm"][1][0]]
    bad = _diff(theirs, {k: got[k] for k in ("mainloop", "epilogue")})
    assert not bad, "\n".join(bad)


def test_grouped_mixed_input_stage_count_is_stated_in_text_and_json():
    r, t = _cli(EX69), _cli(EX69, "text")
    assert r.returncode == 0 and t.returncode == 0, r.stderr + t.stderr
    got, text = json.loads(r.stdout), t.stdout
    m = got["mainloop"]
    assert m["dispatch_policy"]["name"] == ARRAY_POLICY and m["conversion_mode"] == "ConvertAndScale"
    why = {w["what"]: w for w in got["why"]}
    st = why["stages"]
    f, k = st["facts"], st["facts"]["kernel"]["facts"]
    # the capacity less four TMA descriptors and the grouped scheduler's pipeline, then the epilogue's carveout
    assert k["kernel_carveout"] == k["map_bytes"] + k["scheduler_bytes"] and k["maps"] == 4
    assert f["capacity"] == (k["capacity"] - k["kernel_carveout"]) // 1024 * 1024
    assert f["stages"] == m["dispatch_policy"]["stages"] == (f["capacity"] - f["carve"]) // f["per"]
    assert f["scale_bytes"] == 128 * 16 // 8 and f["zero_bytes"] == 0
    assert f"stages: {st['why']}" in text and f"{k['kernel_carveout']}-byte carveout" in st["why"]
    assert why["dispatch policy"]["why"].startswith("grouped GEMM (ptr-array): ")
    assert f"dispatch policy  {ARRAY_POLICY}<{f['stages']}," in text
    zh = _cli(EX69, "json", "zh")
    assert zh.returncode == 0 and json.loads(zh.stdout)["mainloop"] == m


def test_batched_mixed_input_states_the_ptr_array_carveout_without_the_scheduler():
    r = _cli([x for x in EX69 if x != "--grouped"])
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    why = {w["what"]: w for w in got["why"]}
    k = why["stages"]["facts"]["kernel"]["facts"]
    assert (k["kernel_carveout"], k["scheduler_bytes"]) == (512, 0)
    assert why["dispatch policy"]["why"].startswith("batched GEMM (ptr-array, plain layout tags): ")


def _split(configs):
    ok = []
    kept = []
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


@oracle
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_generated_grouped_mixed_input_agrees_with_cutlass_field_by_field(seed):
    ok, _ = _split(M.generated_grouped(100, seed))
    assert len(ok) >= 30
    answers = M.ask(ok)
    names = {a["mainloop"]["dispatch_policy"]["name"] for a in answers}
    assert ARRAY_POLICY in names
    modes = {a["mainloop"]["conversion_mode"] for a in answers if "conversion_mode" in a["mainloop"]}
    assert modes == {"DirectConvert", "ConvertAndScale", "ConvertAndScaleWithZero"}
    bad = []
    for cfg, theirs in zip(ok, answers):
        bad += [f"{cfg}: {b}" for b in _diff(theirs, build(cfg, params=False).fields)]
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


@oracle
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_generated_grouped_mixed_input_is_refused_exactly_when_cutlass_refuses(seed):
    _, cases = _split(M.generated_grouped(100, seed))
    bad, refused = G.verdict_diff(cases, M.refusals(cases))
    assert not bad, f"{len(bad)} of {len(cases)} disagree:\n" + "\n".join(bad[:10])
    assert len(cases) >= 85 and 25 <= refused <= len(cases) - 25


# ------------------------------------------------------------------------------------------ not modelled

#: the shuffled pairs' B (the builder's A): example 55's and 69's LayoutB_Reordered, as the sources write it
#: (modelled with --reorder-atom: tests/test_collective_shuffled.py)
REORDERED = "decltype(cute::tile_to_shape(LayoutAtomQuant{}, Layout<Shape<int,int,Int<1>>, StrideB>{}))"


@pytest.mark.parametrize(
    "a, grouped, words",
    [
        (f"int4b_t:{REORDERED}", True, "give it with --reorder-atom"),  # 69's ConvertOnlyShuffled, no atom given
        ("int4b_t:LayoutB_Reordered", False, "give it with --reorder-atom"),
        # a Layout type that is no tile_to_shape of LayoutAtomQuant: not modelled
        ("int4b_t:cute::Layout<cute::Shape<int,int,cute::Int<1>>, StrideB>", False, "not modelled"),
    ],
)
def test_a_layout_type_without_its_atom_or_of_another_form_is_one_error_line(a, grouped, words):
    rest = EX69[EX69.index("--b") :]
    if not grouped:
        rest = [
            "KernelTmaWarpSpecializedCooperative" if x == "KernelPtrArrayTmaWarpSpecializedCooperative" else x
            for x in rest
        ]
        rest = ["TmaWarpSpecializedCooperative" if x == "PtrArrayTmaWarpSpecializedCooperative" else x for x in rest]
    r = _cli(["--arch", "sm90", *(["--grouped"] if grouped else []), "--a", a, *rest], "text")
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and r.stdout == "", r.stderr
    line = lines[0]
    assert line.startswith(("error: --a ", "error: --a: ")) and repr(a) in line and words in line, line
    if words == "not modelled":
        assert "sm90_gmma_builder.inl" in line and "GMMA_TMA_WS_RS" in line and "CuTe Layout type" in line, line


def test_a_lookup_table_scale_of_another_type_is_named_not_modelled_in_one_line():
    a = "cute::tuple<int4b_t, cutlass::Array<int4b_t, 8>>:RowMajor"
    r = _cli(["--arch", "sm90", "--grouped", "--a", a, *EX69[EX69.index("--b") :]], "text")
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and r.stdout == "", r.stderr
    assert repr(a) in lines[0] and "sm90_gmma_builder.inl" in lines[0] and "not modelled" in lines[0], lines[0]


# ------------------------------------------------------------------------------ the lookup-table scales


def _lut_example():
    ex, answers = _examples()
    cfg = ex["55_hopper_int4_fp8_gemm"][0][0]
    return cfg, answers[cfg]


@oracle
def test_example_55_int4_fp8_lookup_table_pair_agrees_with_cutlass_field_by_field():
    cfg, theirs = _lut_example()
    m = theirs["mainloop"]
    assert (m["conversion_mode"], m["element_scale"], m["use_scale_lookup_table"]) == (
        "ConvertAndScale",
        "cutlass::Array<float_e4m3_t, 8>",
        True,
    )
    bad = _diff(theirs, build(cfg, params=False).fields)
    assert not bad, "\n".join(bad)


def test_a_lookup_table_scale_is_stated_in_text_and_json():
    a = "cute::tuple<int4b_t, cutlass::Array<cutlass::float_e4m3_t,8>>:RowMajor"
    args = ["--a", a, "--b", "float_e4m3_t:ColumnMajor", *EX69[EX69.index("--c") :]]
    args[args.index("--tile") + 1] = "128,16,128"
    r, t = _cli(["--arch", "sm90", "--grouped", *args]), _cli(["--arch", "sm90", "--grouped", *args], "text")
    assert r.returncode == 0 and t.returncode == 0, r.stderr + t.stderr
    got = json.loads(r.stdout)
    m, why = got["mainloop"], {w["what"]: w for w in got["why"]}
    assert got["configuration"]["a"]["scale"] == m["element_scale"] == "cutlass::Array<float_e4m3_t, 8>"
    assert m["use_scale_lookup_table"] is True and m["conversion_mode"] == "ConvertAndScale"
    f = why["conversion"]["facts"]
    assert (f["scale_type"], f["entries"], f["scale_bits"]) == ("float_e4m3_t", 8, 64)
    assert "UseScaleLookupTable" in why["conversion"]["why"] and f"conversion: {why['conversion']['why']}" in t.stdout
    # one row of M scales per stage, each 64 bits
    assert why["stages"]["facts"]["scale_bytes"] == 128 * 64 // 8
    assert "  A cute::tuple<int4b_t, cutlass::Array<float_e4m3_t, 8>>:RowMajor (K-major)" in t.stdout
    assert "scale, zero      cutlass::Array<float_e4m3_t, 8>, void" in t.stdout


def _lut(seed):
    return _split(M.generated_lut(60, seed))


@oracle
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_generated_lookup_table_scales_agree_with_cutlass_field_by_field(seed):
    ok, _ = _lut(seed)
    assert len(ok) >= 25
    answers = M.ask(ok)
    assert sum(bool(a["mainloop"].get("use_scale_lookup_table")) for a in answers) >= 20
    bad = []
    for cfg, theirs in zip(ok, answers):
        bad += [f"{cfg}: {b}" for b in _diff(theirs, build(cfg, params=False).fields)]
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


@oracle
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_generated_lookup_table_scales_are_refused_exactly_when_cutlass_refuses(seed):
    _, cases = _lut(seed)
    bad, refused = G.verdict_diff(cases, M.refusals(cases))
    assert not bad, f"{len(bad)} of {len(cases)} disagree:\n" + "\n".join(bad[:10])
    assert len(cases) >= 55 and 15 <= refused <= len(cases) - 15
