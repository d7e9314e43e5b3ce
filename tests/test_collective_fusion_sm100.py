"""``cutedump collective --fusion`` on SM100 and SM120 (issue 44, item 6): the epilogue builders' fusion operations,
the block-scale-factor outputs of examples 72b and 79b (D float_e2m1_t with LinCombBlockScaleFactor) included,
against CUTLASS 4.2's builders compiled host-only (recorded answers, tests/oracle/gen_collective_fusion.py).

Which generated configurations CUTLASS builds is CUTLASS's answer (each its own translation unit); those it builds
are compared field by field, the others must be refused with CUTLASS's static_assert. The recorded seed runs by
default; a fresh seed (``CUTEDUMP_FUSION_SEED``) and the whole comparison of the second seed under ``-m slow``.
"""

from __future__ import annotations

import functools
import json
import os
import re

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from cutedump.errors import CuteDumpError
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_fusion as F
from tests.oracle.cute import unavailable_reason
from tests.oracle.gen_collective import field_diff as _diff

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

N = 120


def _ours(cfg) -> str | dict | None:
    """cutedump's answer: the fields, CUTLASS's refusal message, or None (not modelled)."""
    try:
        return build(cfg, params=False).fields
    except Refused as e:
        return e.cutlass_message.strip()
    except NotModelled:
        return None


@functools.lru_cache(maxsize=4)
def _survey(seed: int, n: int = N):
    """(configuration, CUTLASS's refusal or "compiles", CUTLASS's fields or None) for the generated seed."""
    return G.survey_rows(F.survey(n, seed), F.refusals, F.ask)


def _compare(rows) -> tuple[int, int, list[str]]:
    return G.survey_compare(rows, _ours)


@functools.lru_cache(maxsize=1)
def _examples():
    ex = F.examples()
    return dict(zip(ex, F.ask(list(ex.values()))))


@oracle
@pytest.mark.parametrize("name", ["72b", "79b"])
def test_example_builder_pair_agrees_with_cutlass_field_by_field(name):
    """Examples 72b (SM100) and 79b (SM120) verbatim: nvfp4 x nvfp4, D float_e2m1_t, LinCombBlockScaleFactor<16,
    ..., float_ue8m0_t, RowMajor, C>: every field, the fusion's scale-factor fields and SFD layout included."""
    cfg = F.examples()[name]
    theirs = _examples()[name]
    assert theirs["epilogue"]["fusion"]["operation"] == "LinCombBlockScaleFactor"
    assert theirs["epilogue"]["fusion"]["sf_vec_size"] == 16
    bad = _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, "\n".join(bad)


@oracle
def test_generated_fusions_agree_with_cutlass():
    """The recorded seed: every configuration CUTLASS builds agrees field by field, every one it refuses is refused
    with its static_assert (each its own translation unit)."""
    rows = _survey(1)
    agree, asked, bad = _compare(rows)
    assert not bad, f"{len(bad)} disagree:\n" + "\n".join(bad[:10])
    built = sum(1 for _, r, _ in rows if r == "compiles")
    assert asked >= 100 and built >= 60 and agree == asked


@oracle
@pytest.mark.slow
def test_generated_fusions_fresh_seed_agree_with_cutlass():
    seed = int(os.environ.get("CUTEDUMP_FUSION_SEED", "2"))
    agree, asked, bad = _compare(_survey(seed, 40))
    assert not bad, f"{len(bad)} disagree:\n" + "\n".join(bad[:10])
    assert asked >= 35


def _cli(**kw):
    from cutedump.commands._collective import collective_text

    return collective_text(**kw)


KW72B = dict(
    arch="sm100",
    a="nv_float4_t<float_e2m1_t>",
    b="nv_float4_t<float_e2m1_t>",
    c="float",
    d="float_e2m1_t",
    tile="128,128,256",
    alignment_a="32",
    alignment_b="32",
    fusion="LinCombBlockScaleFactor<16, float_e2m1_t, float, float_ue8m0_t, RowMajor, float>",
)


def test_command_line_of_72b_is_the_example_and_text_states_the_json():
    """The command line answers 72b's configuration (the same JSON as the example's Config), and every fusion field
    the text states (the operation, its SharedStorage, the SFD's vector size, type, tag and layout) is in the JSON
    with the same value."""
    js = json.loads(_cli(**KW72B, fmt_="json"))
    assert js["epilogue"] == build(F.examples()["72b"], params=False).fields["epilogue"]
    fu = js["epilogue"]["fusion"]
    text = _cli(**KW72B, lang="en")
    m = re.search(r"^  fusion +(\w+): FusionCallbacks::SharedStorage (\d+) bytes$", text, re.M)
    assert m and m.group(1) == fu["operation"] and int(m.group(2)) == fu["shared_storage_bytes"]
    m = re.search(r"^  SFD +SFVecSize (\d+), (\w+), (\w+)$", text, re.M)
    assert m and (int(m.group(1)), m.group(2), m.group(3)) == (
        fu["sf_vec_size"],
        fu["element_block_scale_factor"],
        fu["gmem_layout_tag_scalefactor"],
    )
    assert f"epilogue fusion layout_sfd: {fu['layout_sfd']}\n" in text
    why = {w["what"]: w for w in js["why"]}
    assert why["fusion SFD"]["facts"]["vs"] == fu["sf_vec_size"]
    assert why["fusion"]["facts"]["total"] == fu["shared_storage_bytes"]
    assert why["fusion"]["why"] in text and why["fusion SFD"]["why"] in text


def test_sfd_layout_is_the_scale_command_engine():
    """The SFD layout is cutedump.scale's Sm1xxBlockScaledOutputConfig (not re-derived): K-major for RowMajor, MN for
    ColumnMajor."""
    from cutedump.scale.layouts import output_layout_sfd

    for tag, major in (("RowMajor", "K"), ("ColumnMajor", "MN")):
        kw = {**KW72B, "fusion": f"LinCombBlockScaleFactor<32, float_e2m1_t, float, float_ue8m0_t, {tag}, float>"}
        kw["tile"] = "128,128,256"
        try:
            js = json.loads(_cli(**kw, fmt_="json"))
        except CuteDumpError as e:
            assert "EpilogueTile" in str(e) or "interleaved" in str(e)
            continue
        assert js["epilogue"]["fusion"]["layout_sfd"] == str(output_layout_sfd(32, major))


@pytest.mark.parametrize(
    "over, word",
    [
        (dict(arch="sm90", a="half_t", b="half_t", d="half_t", tile="128,128,64"), "sm90"),
        (dict(fusion="LinCombBlockScaleFactor<16>"), "no default"),
        (dict(fusion="LinCombBlockScaleFactor<24, float_e2m1_t, float, float_ue8m0_t>"), "SFVecSize"),
        (dict(fusion="LinCombBlockScaleFactor<16, float_e2m1_t, float, half_t>"), "ElementBlockScaleFactor"),
        (dict(fusion="LinCombBlockScaleFactor<16, float_e2m1_t, float, float_ue8m0_t, Strided>"), "RowMajor"),
    ],
)
def test_block_scale_factor_spelling_errors_are_one_line(over, word):
    with pytest.raises(CuteDumpError) as e:
        _cli(**{**KW72B, **over})
    msg = e.value.render()
    assert "\n" not in msg.strip() and word in msg


def test_no_smem_epilogue_with_a_fusion_and_a_refusal_quote_cutlass():
    """A 6-bit D with the no-smem epilogue: CUTLASS's static_assert "Output element requires TMA", as one line."""
    kw = {**KW72B, "d": "float_e2m3_t", "epilogue_schedule": "NoSmemWarpSpecialized1Sm", "alignment_d": "128"}
    kw["fusion"] = "LinCombBlockScaleFactor<16, float_e2m3_t, float, float_ue8m0_t>"
    with pytest.raises(CuteDumpError) as e:
        _cli(**kw)
    assert "Output element requires TMA" in e.value.render() and "\n" not in e.value.render().strip()


@oracle
def test_example_70_fp8_aux_amax_fusion_agrees_with_cutlass():
    """Example 70's FP8 GEMM with ScaledLinCombPerRowBiasEltActAmaxAux (an Aux output: its tiles in the callbacks'
    smem), field by field."""
    cfg = F.example_70_fp8()
    (theirs,) = F.ask([cfg])
    bad = _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, "\n".join(bad)


def test_sub_byte_column_bias_is_refused_with_the_compile_error():
    """SM100's per-column bias node with a sub-byte ElementBias: no static_assert fires, g++ stops at an ambiguous
    operator== (the recorded survey holds three such configurations); the command names it as g++'s error, not as a
    static_assert, in one line."""
    kw = {
        **KW72B,
        "tile": "128,256,256",
        "c": "bfloat16_t",
        "fusion": "LinCombPerColBiasBlockScaleFactor<32, float_e2m1_t, float, float_ue4m3_t, RowMajor, float_e2m1_t, "
        "bfloat16_t>",
    }
    with pytest.raises(CuteDumpError) as e:
        _cli(**kw)
    msg = e.value.render().strip()
    assert "\n" not in msg and 'g++ error "ambiguous overload for' in msg and "static_assert" not in msg
    assert "Sm90RowBroadcast<0, cute::tuple<cute::C<128>, cute::C<256>, cute::C<256> >, cutlass::float_e2m1_t" in msg
