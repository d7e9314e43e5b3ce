"""``cutedump collective --arch sm120`` (GeForce Blackwell, issue 44 items 2 and 3) against CUTLASS 4.2's own SM120
CollectiveBuilders compiled host-only with g++ (tests/oracle/gen_collective_sm120.py, recorded answers).

Each of CUTLASS's SM120 examples (79a/b/c, 87a/b; the grouped 79d and 87c: tests/test_collective_sm120_grouped.py) is asked as the
command asks it and compared field by field; generated dense F8F6F4, block-scaled (NVFP4, MXFP4, MXFP8/6, mixed)
and blockwise configurations too, and configurations CUTLASS refuses must be refused with its static_assert
message. A sample runs by default, every generated batch under ``-m slow``. The command's words are read back and
compared with its JSON fields.
"""

from __future__ import annotations

import json

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from cutedump.errors import CuteDumpError
from tests.oracle import gen_collective_sm120 as S
from tests.oracle.cute import unavailable_reason
from tests.oracle.gen_collective import field_diff as _diff

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))


def _built(configs):
    ok = []
    for c in configs:
        try:
            build(c)
            ok.append(c)
        except (Refused, NotModelled):
            pass
    return ok


def _agree(configs, least: float = 0.6, sample: int | None = None) -> list:
    """CUTLASS's fields (recorded batches) against ours for the configurations we build; ``sample``: compare that
    many, spread over the batch."""
    ok = _built(configs)
    assert len(ok) >= len(configs) * least, "the generator should mostly draw configurations CUTLASS builds"
    pairs = list(zip(ok, S.ask(ok)))
    if sample is not None:
        pairs = pairs[:: max(1, len(pairs) // sample)][:sample]
    bad = []
    for cfg, theirs in pairs:
        bad += _diff(cfg, theirs, build(cfg).fields)
    assert not bad, "\n".join(bad[:10])
    return [c for c, _ in pairs]


EXAMPLES = S.examples()


@oracle
@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_cutlass_sm120_example_agrees_field_by_field(example):
    ok = _agree(EXAMPLES[example], least=1.0)
    kinds = {build(c).mainloop.kind for c in ok}
    assert kinds == {"blockwise" if example.startswith("87") else "blockscaled"}


PROFILER = S.profiler()


@oracle
def test_profiler_kernels_sample_agrees_with_cutlass():
    """A sample of CUTLASS 4.2's profiler SM120 GEMMs (one batch): block-scaled MX pairs, NVFP4/MXFP4, blockwise."""
    ok = _agree(PROFILER[::17], least=0.5)
    assert {build(c).mainloop.kind for c in ok} == {"blockscaled", "blockwise"}


@oracle
@pytest.mark.slow
def test_profiler_kernels_agree_with_cutlass():
    """Every SM120 GEMM of CUTLASS 4.2's profiler kernel list without an output scale-factor fusion: those CUTLASS
    builds agree field by field; the rest we refuse, and CUTLASS refuses them with the same message."""
    ok = _agree(PROFILER, least=0.5)
    rest = [c for c in PROFILER if c not in ok]
    bad = _compare_refusals(rest, S.refusals(rest)) if rest else []
    assert not bad, "\n".join(bad[:10])


@oracle
def test_edges_of_the_rules_agree_with_cutlass():
    """Empty scale-factor atoms (block-scaled tiles below 128 rows or 4 x SFVecSize along K), explicit epilogue
    tiles, 6-bit and 4-bit D, M-major C and D: each built by CUTLASS, each field ours."""
    ok = _agree(S.edges(), least=1.0)
    assert any("_0" in build(c).fields["mainloop"].get("smem_layout_atom_sfa", "") for c in ok)


def test_ptr_array_schedule_of_the_dense_builder_is_cutlass_refusal():
    """79d and 87c (grouped GEMMs) are answered with --grouped (tests/test_collective_sm120_grouped.py); SM120's dense
    F8F6F4 builder takes the PtrArray schedules in its enable_if and refuses them (sm120_mma_builder.inl:140)."""
    from cutedump.commands._collective import collective_text

    with pytest.raises(CuteDumpError) as e:
        collective_text(
            arch="sm120",
            a="float_e4m3_t",
            b="float_e4m3_t",
            d="half_t",
            tile="128,128,128",
            schedule="KernelPtrArrayTmaWarpSpecializedCooperative",
        )
    msg = str(e.value)
    assert "PtrArray kernel is not supported for this collective builder." in msg and "sm120_mma_builder.inl" in msg


#: the block-scaled generator draws tiles up to 256 x 256 x 256 in SM120's 99 KB (about half have no stage), the
#: epilogue one explicit epilogue tiles that do not fit (refused): these batches are mostly, not all, built
LEAST = {"blockscaled": 0.4, "epilogue": 0.4}


@oracle
@pytest.mark.parametrize("gen", ["dense", "blockscaled", "blockwise", "epilogue"])
def test_generated_sample_agrees_with_cutlass(gen):
    ok = _agree(getattr(S, f"{gen}_configs")(24, 1), sample=4, least=LEAST.get(gen, 0.6))
    assert ok


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
@pytest.mark.parametrize("gen", ["dense", "blockscaled", "blockwise", "epilogue"])
def test_generated_configurations_agree_with_cutlass(gen, seed):
    _agree(getattr(S, f"{gen}_configs")(24, seed), least=LEAST.get(gen, 0.6))


def _ours(cfg) -> str:
    try:
        build(cfg)
        return "compiles"
    except Refused as e:
        return e.cutlass_message.strip()
    except NotModelled as e:
        return f"not modelled: {e}"


def _compare_refusals(cases, got) -> list[str]:
    bad = []
    for cfg, theirs in zip(cases, got):
        theirs = theirs.strip().removeprefix("error: ")
        ours = _ours(cfg)
        if ours != theirs:
            bad.append(f"{cfg}: CUTLASS {theirs!r} / ours {ours!r}")
    return bad


@oracle
def test_refused_configurations_quote_cutlass():
    """One configuration per rule of the three builders, the SM120 epilogue and the collectives (and a few near
    them that CUTLASS builds): refused exactly when CUTLASS refuses, with its static_assert message."""
    cases = S.refused()
    got = S.refusals(cases)
    bad = _compare_refusals(cases, got)
    assert not bad, "\n".join(bad)
    assert sum(g.strip() != "compiles" for g in got) >= len(cases) - 3


@oracle
def test_near_the_rules_refused_and_built_as_cutlass():
    """Configurations near the rules: refused exactly when CUTLASS refuses (its message), the rest field by field."""
    cases = S.near()
    got = S.refusals(cases)
    bad = _compare_refusals(cases, got)
    assert not bad, "\n".join(bad)
    assert 4 <= sum(g.strip() != "compiles" for g in got) <= len(cases) - 8
    _agree(cases, least=0.5)


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("gen", ["dense", "blockscaled", "blockwise", "epilogue"])
def test_generated_refusals_agree_with_cutlass(gen):
    """Generated configurations (seeds 5, 6) that we refuse, with as many that we build: CUTLASS refuses exactly
    these, with the same message."""
    cfgs = getattr(S, f"{gen}_configs")(24, 5) + getattr(S, f"{gen}_configs")(24, 6)
    refused = [c for c in cfgs if _ours(c) != "compiles"]  # "not modelled" among them: CUTLASS builds those
    built = [c for c in cfgs if _ours(c) == "compiles"][: max(4, len(refused))]
    cases = refused + built
    bad = _compare_refusals(cases, S.refusals(cases))
    assert not bad, "\n".join(bad[:10])


# ------------------------------------------------------------------------------------------- the command


def _json(**kw):
    from cutedump.commands._collective import collective_text

    return json.loads(collective_text(arch="sm120", fmt_="json", **kw))


def _text(**kw):
    from cutedump.commands._collective import collective_text

    return collective_text(arch="sm120", **kw)


NV = dict(a="cutlass::nv_float4_t<cutlass::float_e2m1_t>", b="nv_float4_t< float_e2m1_t >", c="bfloat16_t")
BW = dict(a="float_e4m3_t", b="e4m3", c="bfloat16_t", sf_vec="1,128,128", sf_major="MN,K")


@pytest.mark.parametrize("kw", [NV, BW, dict(a="e4m3", b="e5m2")], ids=["blockscaled", "blockwise", "dense"])
def test_text_states_the_json_fields(kw):
    """Every mainloop field the text prints is the JSON's; the scale-factor fields are printed exactly when the
    collective has them; the header names the operator class the builders were given."""
    args = dict(d="bfloat16_t", tile="128,128,128", **kw)
    j, t = _json(**args), _text(**args)
    m = j["mainloop"]
    lines = dict(
        ln.split(": ", 1)
        for ln in t.splitlines()
        if ln.startswith(("smem_layout", "layout_sf", "gmem_tiled", "sf_vec"))
    )
    for k in ("smem_layout_atom_sfa", "smem_layout_sfa", "smem_layout_sfb", "gmem_tiled_copy_sfa", "sf_vec_size",
              "layout_sfa", "layout_sfb", "smem_layout_a", "smem_layout_b"):  # fmt: skip
        assert (k in m) == (k in lines), k
        if k in m:
            assert lines[k] == str(m[k]), k
    blockscaled = "sf_vec_size" in m
    assert t.splitlines()[0].startswith(
        "CollectiveBuilder<arch::Sm120, " + ("OpClassBlockScaledTensorOp>" if blockscaled else "OpClassTensorOp>")
    )
    assert j["configuration"]["arch"] == "sm120" and j["descriptors"]["kind"] is None
    dp = m["dispatch_policy"]
    assert f"{dp['name']}<{dp['stages']}, " in t and f"{dp['schedule']}<" in t
    if blockscaled:
        # the text names the `cutedump scale` line of the same configuration, which the JSON holds
        assert j["scale_command"] in t and f"--vs {m['sf_vec_size']}" in j["scale_command"]
    if "sf_vec" in kw:
        assert m["layout_sfb"] == "((_128,0),(_128,0),0):((_0,0),(_0,_1),0)"  # SFB K-major, as --sf-major MN,K says


def test_scale_line_runs_and_names_the_same_vector_size():
    from cutedump.commands._collective import collective_text

    j = _json(d="bfloat16_t", tile="128,128,128", **NV)
    cmd = j["scale_command"].split()
    assert cmd[:2] == ["cutedump", "scale"]
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "cutedump", *cmd[1:]], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "Sm1xxBlockScaledConfig<16>" in r.stdout and "float_ue4m3_t" in r.stdout
    assert collective_text  # the command answered


@pytest.mark.parametrize(
    "kw,words",
    [
        (dict(a="e4m3", b="e4m3", sf_major="K"), "--sf-major K: needs --sf-vec"),
        (dict(a="e4m3", b="e4m3", sf_vec="1,128,128", sf_major="X"), "--sf-major: expected MN, K"),
        (dict(a="nv_float4_t<float_e4m3_t>", b="e4m3"), "nv_float4_t wraps float_e2m1_t"),
        (dict(a="nv_float8_t<float_e4m3_t>", b="e4m3"), "unknown element type"),
        (dict(a="e4m3", b="e4m3", toml=True), "--toml"),
        (dict(a="e4m3", b="e4m3", schedule="KernelSparseTmaWarpSpecializedNvf4Sm120"), "sparse GEMM"),
        (dict(a="half_t", b="half_t"), 'static_assert "SM120 TmaWarpSpecialized builder currently only supports'),
    ],
)
def test_bad_sm120_input_is_one_error_line(kw, words):
    with pytest.raises(CuteDumpError) as e:
        _text(d="half_t", tile="128,128,128", **kw)
    msg = str(e.value)
    assert words in msg and "\n" not in msg


def test_sf_vec_outside_sm120_is_refused_not_ignored():
    from cutedump.commands._collective import collective_text

    with pytest.raises(CuteDumpError, match="--sf-vec"):
        collective_text(arch="sm100", a="e4m3", b="e4m3", d="half_t", tile="128,128,128", sf_vec="1,128,128")


def test_wrapper_spellings_are_one_element():
    from cutedump.collective.config import element, operand

    for t in ("cutlass::nv_float4_t<cutlass::float_e2m1_t>", "nv_float4_t< float_e2m1_t >", "nv_float4_t<e2m1>"):
        assert element(t, "--a") == "nv_float4_t<float_e2m1_t>"
    op = operand("cutlass::mx_float6_t<cutlass::float_e3m2_t>:cutlass::layout::ColumnMajor", "--b", "ColumnMajor")
    assert op == ("mx_float6_t<float_e3m2_t>", "ColumnMajor") and op.bits == 6 and op.data == "float_e3m2_t"


def test_cooperative_tile_m_below_128_warns_and_problem_says_not_modelled():
    """SM120's cooperative schedules run on SM90's cooperative kernel (GemmUniversal's enable_if on
    KernelTmaWarpSpecializedCooperative), whose static_assert wants tile M >= 128: one warning; --problem (the TMA
    maps) is not modelled for SM120, said in the text and the JSON."""
    from cutedump.errors import take_warnings

    take_warnings()
    t = _text(a="e4m3", b="e4m3", d="half_t", tile="64,128,128", problem="256,256,256")
    w = take_warnings()
    assert len(w) == 1 and "greater than or equal to 128 along the M-dimension" in w[0], w
    assert "TMA tensor maps: --problem is not modelled for --arch sm120" in t
    j = _json(
        a="e4m3", b="e4m3", d="half_t", tile="64,128,128", problem="256,256,256",
        schedule="KernelTmaWarpSpecializedPingpong",
    )  # fmt: skip
    assert "not modelled" in j["tma"]["not_modelled"]
    assert take_warnings() == []  # Pingpong: no such assert
