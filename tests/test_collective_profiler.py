"""``cutedump collective`` on the SM90, SM100 and SM103 GEMMs of CUTLASS 4.2's profiler kernel list (issue 44's ground
truth: ``cutlass_library``'s generator), of the kinds issue 44 added: block-scaled (and their grouped forms), FP8
blockwise (SM90, SM100), SM103's FP4 ultra GEMM, grouped dense, SM90 mixed input, and the dense GEMMs with a
non-default epilogue schedule or fusion (tests/oracle/gen_collective_profiler.py enumerates and translates them).

Each configuration is read back through the command's option parser and compared field by field with CUTLASS 4.2's
builders compiled host-only with g++ (recorded answers). Every kernel of the profiler's list is one CUTLASS builds: a
configuration cutedump refuses is a disagreement; one it does not model must say so in one line naming CUTLASS's
builder. Three configurations of every kind run by default, each kind's ``ASKED`` configurations (of the snapshot's ``MOST``,
an even stride over its unique builder configurations) under ``-m slow``.
"""

from __future__ import annotations

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from cutedump.commands._collective import parse
from cutedump.errors import CuteDumpError
from tests.oracle import gen_collective_profiler as P
from tests.oracle.cute import unavailable_reason
from tests.oracle.gen_collective import field_diff as _diff

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))
KINDS = [k for k in P.KINDS if P.recorded_counts(k)[1]]


def _asked(kind: str) -> tuple[list, list]:
    """(configurations the command takes, with CUTLASS's fields: one recorded batch), (the command's error lines
    for the rest). Every kernel of the profiler's list is one CUTLASS builds, so each is asked."""
    ok, errors = [], []
    for c in P.configs(kind):
        try:
            got = parse(**P.options(c))
        except CuteDumpError as e:
            errors.append((c, str(e)))
            continue
        assert got == c, f"{P.options(c)} reads back as {got}"
        ok.append(c)
    return list(zip(ok, P.ask(ok))) if ok else [], errors


def _compare(pairs, errors, every=1) -> list[str]:
    bad = []
    for cfg, theirs in pairs[::every]:
        try:
            ours = build(cfg).fields
        except Refused as e:
            bad.append(f"{cfg}: CUTLASS builds it; ours refused: {e.cutlass_message.strip()!r} ({e.rule})")
            continue
        except NotModelled as e:
            if "\n" in str(e) or ".inl" not in str(e):
                bad.append(f"{cfg}: not modelled without naming CUTLASS's builder in one line: {str(e)!r}")
            continue
        bad += _diff(cfg, theirs, ours)
    for cfg, msg in errors:  # what the command does not take: one line naming CUTLASS's builder
        if "\n" in msg or ".inl" not in msg:
            bad.append(f"{cfg}: {msg!r}: not one line naming CUTLASS's builder")
    return bad


@oracle
def test_profiler_sample_of_every_kind_agrees_with_cutlass():
    """Three configurations of each kind (an even stride over its recorded batches), field by field."""
    bad = []
    for kind in KINDS:
        pairs, errors = _asked(kind)
        bad += _compare(pairs, errors, every=16)
    assert not bad, "\n".join(bad[:10])


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_profiler_kind_agrees_with_cutlass(kind):
    bad = _compare(*_asked(kind))
    assert not bad, f"{len(bad)} disagreements:\n" + "\n".join(bad[:10])


@pytest.mark.slow
def test_profiler_lists_are_cutlass_librarys():
    """The committed lists are what CUTLASS 4.2's own generator (the installed cutlass_library) enumerates now; every
    operation of a kind is translated or counted as left out (a type or layout no option spells), none dropped."""
    pytest.importorskip("cutlass_library")
    for kind in P.KINDS:
        assert P.snapshot_configs(kind) == P.spread(P.fresh(kind, P.MOST)), kind
        n, uniq, why = P.counts(kind)
        assert (n, uniq, why) == P.recorded_counts(kind)
        assert uniq <= n - sum(why.values())


def test_profiler_kinds_have_configurations():
    """Each kind the brief names has configurations in the snapshot (SM100's non-grouped blockwise GEMMs are not in
    CUTLASS 4.2's default profiler list: only their grouped form is)."""
    assert set(KINDS) == set(P.KINDS) - {"sm100_blockwise"}
    assert all(len(P.configs(k)) == P.ASKED for k in KINDS)


def _pairs_where(kind, keep) -> list:
    return [(c, t) for c, t in _asked(kind)[0] if keep(c)]


@oracle
def test_sm103_block_scale_factor_outputs_agree_with_cutlass():
    """SM103's epilogue builder is SM100's (sm103_builder.inl): a block-scale-factor fusion takes SM100's callbacks
    and store nodes (it raised a KeyError before: fusion_sm1xx knew sm100 and sm120 only)."""
    pairs = _pairs_where("sm103_ultra", lambda c: c.fusion is not None and "BlockScaleFactor" in c.fusion)
    assert pairs
    bad = _compare(pairs, [])
    assert not bad, "\n".join(bad[:10])


@oracle
def test_epilogue_transposed_agrees_with_cutlass():
    """cutlass::gemm::EpilogueTransposed (the profiler's SM90 RS TT kernels): the no-smem adapter over
    DefaultEpilogue<..., EpilogueTransposed> (it was refused as "not a CUTLASS 4.2 schedule name")."""
    pairs = _pairs_where("sm90_epilogues", lambda c: c.epilogue_schedule == "EpilogueTransposed")
    assert pairs
    bad = _compare(pairs, [])
    assert not bad, "\n".join(bad[:10])
    assert build(pairs[0][0]).fields["epilogue"]["dispatch_policy"]["name"] == "EpilogueTransposed"


def test_epilogue_transposed_refuses_a_fusion_with_cutlass_message():
    from cutedump.commands._collective import collective_text

    with pytest.raises(CuteDumpError) as e:
        collective_text(
            arch="sm90",
            a="tfloat32_t:RowMajor",
            b="tfloat32_t:ColumnMajor",
            d="float",
            tile="128,128,32",
            schedule="KernelTmaWarpSpecializedCooperative",
            epilogue_schedule="EpilogueTransposed",
            fusion="LinCombEltAct<ReLu>",
        )
    assert "EpilogueTransposed schedule doesn't support fusion." in str(e.value) and "sm90_builder.inl" in str(e.value)


def test_sm103_grouped_is_the_sm103_ptr_array_builder():
    """--grouped --arch sm103 (the profiler's SM103 ptr-array kernels): SM103's block-scaled builder with a ptr-array
    schedule builds MainloopSm103ArrayTmaUmmaWarpSpecializedBlockScaled (sm103g; refused as not modelled before);
    with Auto, the non-array collective with pointer layout tags, refused in one line with CUTLASS's message
    (tests/test_collective_sm103_grouped.py compares both with CUTLASS)."""
    import json

    from cutedump.commands._collective import collective_text

    kw = dict(
        arch="sm103",
        a="cute::tuple<float_e2m1_t,float_ue8m0_t>",
        b="cute::tuple<float_e2m1_t,float_ue8m0_t>",
        d="bfloat16_t",
        tile="128,128,768",
        alignment_a="32",
        alignment_b="32",
        grouped=True,
    )
    got = json.loads(
        collective_text(
            **kw, schedule="KernelPtrArrayTmaWarpSpecialized1SmBlockScaledMxNvf4UltraVs32Sm103", fmt_="json"
        )
    )
    assert got["mainloop"]["dispatch_policy"]["name"] == "MainloopSm103ArrayTmaUmmaWarpSpecializedBlockScaled"
    with pytest.raises(CuteDumpError) as e:
        collective_text(**kw)
    msg = str(e.value)
    assert "\n" not in msg and "Expected layout args... in make_tensor(iter, args...)" in msg


def test_profiler_types_no_option_spells_are_refused_in_one_line():
    """The profiler's runtime-typed F8F6F4 kernels (type_erased_dynamic_float*_t) and 2-bit mixed input are counted as
    left out of the lists; asked, the command answers one error line quoting the type."""
    from cutedump.commands._collective import collective_text

    left = {why for k in KINDS for why in P.recorded_counts(k)[2]}
    assert any("type_erased_dynamic_float4_t" in w for w in left) and any("int2b_t" in w for w in left)
    for t in ("cutlass::type_erased_dynamic_float4_t", "cutlass::int2b_t"):
        with pytest.raises(CuteDumpError) as e:
            collective_text(arch="sm100", a=t, b="float_e4m3_t", d="float", tile="128,128,128")
        assert "\n" not in str(e.value) and "type_erased" in str(e.value) or "int2b_t" in str(e.value)


def test_profiler_pair_spelling_on_sm100_names_the_sm100_builder():
    """The profiler writes SM100's block-scaled operands as cute::tuple<Data, ScaleFactor> (gemm_operation.py); the
    lists ask them as the wrapper the builder reads the same way. Typed as the profiler spells them, the command says
    in one line that CUTLASS's SM100 block-scaled builder takes the pair and cutedump does not model it."""
    from cutedump.commands._collective import collective_text

    with pytest.raises(CuteDumpError) as e:
        collective_text(
            arch="sm100",
            a="cute::tuple<float_e2m1_t,float_ue4m3_t>",
            b="cute::tuple<float_e2m1_t,float_ue4m3_t>",
            d="bfloat16_t",
            tile="128,128,256",
            schedule="KernelTmaWarpSpecialized1SmNvf4Sm100",
            alignment_a="32",
            alignment_b="32",
        )
    msg = str(e.value)
    assert "\n" not in msg and "sm100_blockscaled_umma_builder.inl" in msg and "not modelled" in msg


def test_gemm_namespace_epilogue_tags_are_cutlass_names():
    """cutlass::gemm's epilogue tags (gemm/dispatch_policy.hpp) are CUTLASS names: EpilogueTransposed is modelled on
    SM90 and refused elsewhere as a tag not modelled there; EpilogueDefault is refused as "not modelled", never as an unknown name."""
    import re

    from cutedump.collective import cutlass_names as N
    from cutedump.commands._collective import collective_text
    from tests.oracle.cute import include_dirs

    if include_dirs() is not None:
        from pathlib import Path

        gemm = (Path(include_dirs()[0]) / "cutlass/gemm/dispatch_policy.hpp").read_text()
        assert N.GEMM_EPILOGUE_TAGS == tuple(sorted(set(re.findall(r"^struct (Epilogue\w+)", gemm, re.M))))
    kw = dict(a="half_t", b="half_t", d="half_t", tile="128,128,64")
    for arch, tag, want in (
        ("sm90", "EpilogueDefault", "epilogue tag that cutedump does not model"),
        ("sm100", "EpilogueTransposed", "epilogue tag that cutedump does not model for this --arch"),
    ):
        with pytest.raises(CuteDumpError) as e:
            collective_text(arch=arch, epilogue_schedule=tag, **kw)
        assert want in str(e.value) and "not a CUTLASS 4.2 schedule name" not in str(e.value), str(e.value)


def _sm90(**kw):
    from cutedump.collective.config import Config, Operand

    base = dict(
        arch="sm90",
        a=Operand("int8_t", "RowMajor"),
        b=Operand("int8_t", "ColumnMajor"),
        c=Operand("int8_t", "ColumnMajor"),
        d=Operand("int8_t", "ColumnMajor"),
        acc="int32_t",
        tile=(128, 128, 128),
        schedule="KernelTmaWarpSpecializedCooperative",
    )
    return Config(**{**base, **kw})


#: the no-smem, Auto and EpilogueTransposed epilogue builders take the fusion only as the default
#: LinearCombination<ElementD, ElementCompute, ElementC, ElementCompute> of the builder's own ElementCompute (the
#: accumulator, as cutedump gives it): the profiler's int8 kernels spell ElementCompute float there
FUSION_MATCH = [
    _sm90(epilogue_schedule="NoSmemWarpSpecialized", fusion="LinearCombination<int8_t, float, int8_t, float>"),
    _sm90(epilogue_schedule="NoSmemWarpSpecialized", fusion="LinearCombination<int8_t, int32_t, int8_t, int32_t>"),
    _sm90(epilogue_schedule="EpilogueScheduleAuto", fusion="LinearCombination<int8_t, int32_t, int8_t, int32_t>"),
    _sm90(epilogue_schedule="EpilogueScheduleAuto", fusion="LinearCombination<int8_t, float, int8_t, float>"),
    _sm90(epilogue_schedule="EpilogueTransposed", fusion="LinearCombination<int8_t, float, int8_t, float>"),
    _sm90(epilogue_schedule="EpilogueTransposed", fusion="LinearCombination<int8_t, int32_t, int8_t, int32_t>"),
]


@oracle
def test_default_fusion_match_of_the_sm90_builders_agrees_with_cutlass():
    """The SM90 no-smem, Auto and EpilogueTransposed builders take a --fusion only when it is their default
    LinearCombination (element types included): cutedump accepted any LinearCombination on the no-smem builder and
    refused every --fusion, the default too, under Auto. Each verdict is CUTLASS's (one translation unit each)."""
    theirs = P.refusals(FUSION_MATCH)
    for cfg, verdict in zip(FUSION_MATCH, theirs):
        try:
            ours = build(cfg)
        except Refused as e:
            assert verdict == e.cutlass_message.strip(), (cfg, verdict, e.cutlass_message)
            continue
        assert verdict == "compiles", (cfg, verdict)
        assert ours.fields["epilogue"] == build(cfg._replace(fusion=None)).fields["epilogue"]
