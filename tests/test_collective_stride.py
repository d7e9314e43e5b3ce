"""``cutedump collective`` with cute stride types in place of layout tags (issue 44): ``--a "half_t:cute::Stride<
int64_t, cute::Int<1>, int64_t>"``, the multi-mode GETT strides of example 51 and the permuted strides of example 53,
as CUTLASS 4.2's builders read them (``is_major<0/1>``: the first leaf of a mode is the static 1; a stride may be
major in both modes or in neither, and the builders then refuse or pick as their own code says).

Ground truth: CUTLASS 4.2 host-only with g++ (tests/oracle/gen_collective_stride.py; recorded), each configuration
its own translation unit for its verdict, the accepted ones printed field by field, with what CUTLASS reads from
each operand's stride (``configuration.<x>.is_major``, ``layout_tag``: StrideToLayoutTag).
"""

from __future__ import annotations

import json

import pytest

from cutedump.collective import stride as ST
from cutedump.collective.build import build
from cutedump.errors import CuteDumpError
from tests.oracle import gen_collective_stride as GS
from tests.oracle.cute import unavailable_reason
from tests.test_collective_sm90_kinds import _diff, _ours, _same_refusal


def _cfg(**opts):
    from cutedump.commands._collective import parse

    o = dict(arch="sm90", c=None, acc="float", cluster="1,1,1", stages=None, carveout=None, schedule="auto")
    o.update(opts)
    return parse(
        o["arch"], o["a"], o["b"], o["c"], o["d"], o["acc"], o["tile"], o["cluster"], o["stages"], o["carveout"],
        o["schedule"], o.get("epilogue_schedule", "auto"), "auto", None, None, None, None,
    )  # fmt: skip


def _facts_diff(cfg, theirs: dict) -> list[str]:
    """CUTLASS's is_major<0/1> and StrideToLayoutTag of each operand against ours: the JSON's configuration fields of a
    stride-typed operand, and cutedump.collective.stride's reading of a layout tag."""
    from cutedump.collective.config import stride_facts

    bad = []
    for w, t in theirs.get("configuration", {}).items():
        lay = getattr(cfg, w).layout
        ours = (
            stride_facts(lay, w)
            if ST.is_stride(lay)
            else {"is_major": [ST.is_major(lay, w, 0), ST.is_major(lay, w, 1)], "layout_tag": ST.layout_tag(lay, w)}
        )
        for k in ("is_major", "layout_tag"):
            if ours[k] != t[k]:
                bad.append(f"{w}.{k}: CUTLASS {t[k]!r} / ours {ours[k]!r}")
    return bad


def _agree(cases) -> tuple[int, list[str]]:
    """(how many agree, the disagreements): CUTLASS's verdict of each configuration equals ours; each accepted one
    agrees field by field (mainloop, epilogue, the operands' stride facts). Configurations whose stride types the
    command refuses as not modelled (config.stride_scope_error) are not asked."""
    from cutedump.collective.config import stride_scope_error

    cases = [c for c in cases if stride_scope_error(c) is None]
    verdicts = GS.refusals(cases)
    bad = [
        f"{c}: CUTLASS {t.strip()!r} / ours {_ours(c)!r}"
        for c, t in zip(cases, verdicts)
        if not _same_refusal(_ours(c), t)
    ]
    ok = [c for c, t in zip(cases, verdicts) if t.strip() == "compiles" and _ours(c) == "compiles"]
    for cfg, theirs in zip(ok, GS.ask(ok)):
        fields = {k: v for k, v in theirs.items() if k != "configuration"}
        d = _diff(fields, build(cfg, params=False).fields) + _facts_diff(cfg, theirs)
        bad += [f"{cfg}: {x}" for x in d]
    return len(cases) - len(bad), bad  # fmt: skip


@pytest.fixture(scope="module", autouse=True)
def _oracle():
    if unavailable_reason() is not None:
        pytest.skip(str(unavailable_reason()))


# ----------------------------------------------------------------------------------------------- examples 51 and 53

#: example 51 (examples/51_hopper_gett/51_hopper_gett.cu:152-176): StrideA/B/C/D as it writes them
I64x4 = "cute::Stride<int64_t, int64_t, int64_t, int64_t>"
EX51 = dict(
    a="cutlass::half_t:cute::Stride<cute::Stride<cute::Int<1>, int64_t, int64_t, int64_t>, "
    f"cute::Stride<int64_t, int64_t, int64_t>, {I64x4}>",
    b=f"cutlass::half_t:cute::Stride<{I64x4}, cute::Stride<cute::Int<1>, int64_t, int64_t>, {I64x4}>",
    c=f"cutlass::half_t:cute::Stride<{I64x4}, {I64x4}, {I64x4}>",
    d=f"float:cute::Stride<{I64x4}, {I64x4}, {I64x4}>",
    tile="Shape<Shape<_128>, Shape<_128>, Shape<_64>>",  # gett_kernel.cuh:76
    cluster="Shape<_1,_2,_1>",
)
#: its epilogue, built by hand (gett_kernel.cuh:84): the Sm90TmaWarpSpecializedAdapter of a DefaultEpilogue
EX51_EPI = (
    "  using Epi = cutlass::epilogue::collective::detail::Sm90TmaWarpSpecializedAdapter<\n"
    "    cutlass::epilogue::collective::DefaultEpilogue<cutlass::half_t, {c}, {d},\n"
    "      cutlass::epilogue::thread::LinearCombination<float, 1, float, float,\n"
    "        cutlass::epilogue::thread::ScaleType::Default, cutlass::FloatRoundStyle::round_to_nearest, cutlass::half_t>,\n"
    "      cutlass::gemm::EpilogueDefault>>;\n"
)


def _example51_body(cfg) -> str:
    body = GS.cpp_body(cfg)
    start = body.index("  using Epi = ")
    end = body.index("::CollectiveOp;\n", start) + len("::CollectiveOp;\n")
    return body[:start] + EX51_EPI.format(c=cfg.c.layout, d=cfg.d.layout) + body[end:]


def test_example_51_gett_agrees_field_by_field():
    """Example 51's GETT as written: its multi-mode strides (A MN-major through (_1,..) in mode 0, B K-major, C and
    D all dynamic: major in neither mode), the TileShape of rank-1 modes, cluster 1x2x1, KernelScheduleAuto, the
    mainloop's carveout the size of its hand-built epilogue's SharedStorage. CUTLASS's mainloop and epilogue (the
    example's own DefaultEpilogue adapter, which is the no-smem epilogue Auto picks) agree with ours field by field."""
    from tests.oracle import gen_collective as G
    from tests.oracle.cute import run_cases

    cfg = _cfg(**EX51)
    assert cfg.tile_nested and ST.is_stride(cfg.a.layout)
    (out,) = run_cases([_example51_body(cfg)], prelude=G.PRELUDE, extra_flags=G.FLAGS)
    theirs = GS.parse(out)
    bad = _diff({k: v for k, v in theirs.items() if k != "configuration"}, build(cfg, params=False).fields)
    assert not bad + _facts_diff(cfg, theirs), bad + _facts_diff(cfg, theirs)
    j = _json(**EX51)
    assert j["configuration"]["tile"] == "((_128),(_128),(_64))"
    assert j["configuration"]["a"]["major"] == "MN" and j["configuration"]["b"]["major"] == "K"
    assert j["configuration"]["c"]["major"] is None and j["configuration"]["c"]["is_major"] == [False, False]


def _tile_option(cpp: str) -> str:
    """g++'s spelling of a TileShape (cute::tuple<cute::tuple<cute::C<128> >, ..>) as --tile takes it."""
    import re

    t = cpp.replace(" ", "").replace("cute::tuple<", "Shape<")
    return re.sub(r"cute::C<(\d+)>", r"_\1", t)


def test_example_53_pairs_agree_or_name_the_tile():
    """Each of example 53's 14 runners: its reference pair (layout tags, 128x128x64, cluster 2x2x1) and, where its
    TileShapePermute has rank-1 modes only, its permuted pair (the stride types the example computes: nested, int,
    static 1 and 8/16/32) agree with CUTLASS 4.2 field by field, both builders; a TileShapePermute with a mode of
    several extents ((_16,_8)) is refused in one line that quotes it and says it is not modelled."""
    runners = GS.example53()
    assert len(runners) == 14
    cases, refused = [], []
    for tags, (sa, sb, sc, sd, tile) in runners.values():
        cases.append(_cfg(**_ex53_opts(tags, "128,128,64")))
        opts = _ex53_opts((sa, sb, sc, sd), _tile_option(tile))
        try:
            cases.append(_cfg(**opts))
        except CuteDumpError:  # a TileShapePermute with a mode of several extents
            refused.append(opts)
    n, bad = _agree(cases)
    assert not bad, f"{n} of {len(cases)} agree:\n" + "\n".join(bad[:6])
    assert n == len(cases) == 14 + 6 and len(refused) == 8, (n, len(cases), len(refused))
    for opts in refused:
        line = _error(**opts)
        assert opts["tile"] in line and "more than one extent" in line and "not modelled" in line, line


def _ex53_opts(lays, tile: str) -> dict:
    a, b, c, d = (f"cutlass::half_t:{x}" for x in lays)
    return dict(a=a, b=b, c=c, d=d, tile=tile, cluster="2,2,1")


# ------------------------------------------------------------------------------------------------ the reading


def test_stride_edges_agree_with_cutlass():
    """Strides of rank 2 and 4, major in neither mode or both, int and static non-1 leaves, a C/D stride of another
    rank (the collective epilogues' rank-3 static_asserts), C/D major in neither mode under the TMA and the no-smem
    epilogues, cp.async's gmem copy, SM100's UMMA majors and SM120's tuple-taking blockwise builder."""
    cases = GS.edges()
    n, bad = _agree(cases)
    assert not bad, f"{n} of {len(cases)} agree:\n" + "\n".join(bad[:6])


@pytest.mark.parametrize("arch, count, seed", [("sm90", 32, 1), ("sm100", 20, 1), ("sm120", 12, 1)])
def test_generated_strides_agree(arch, count, seed):
    """Generated configurations with stride types in A, B, C and D: every verdict is CUTLASS's and every accepted one
    agrees field by field."""
    cases = GS.configs(count, seed, arch)
    n, bad = _agree(cases)
    assert not bad, f"{n} of {len(cases)} agree:\n" + "\n".join(bad[:6])


@pytest.mark.slow
@pytest.mark.parametrize("arch, count, seed", [("sm90", 32, 2), ("sm100", 20, 2), ("sm120", 12, 2)])
def test_generated_strides_agree_more(arch, count, seed):
    cases = GS.configs(count, seed, arch)
    n, bad = _agree(cases)
    assert not bad, f"{n} of {len(cases)} agree:\n" + "\n".join(bad[:6])


# ------------------------------------------------------------------------------------------------ the command


def _json(**opts) -> dict:
    from cutedump.commands._collective import collective_text

    return json.loads(collective_text(**{"arch": "sm90", **opts}, fmt_="json"))


def _error(**opts) -> str:
    from cutedump.commands._collective import collective_text

    with pytest.raises(CuteDumpError) as e:
        collective_text(**{"arch": "sm90", **opts})
    line = e.value.render()
    assert line.startswith("error: ") and "\n" not in line.rstrip("\n"), line
    return line


def test_text_states_the_json_majors():
    """The header's "(MN-major)"/"(K-major)" of a stride-typed operand is the JSON's major, and the stride is printed
    as the builder is given it (canonical spelling), the same in the text and the JSON."""
    from cutedump.commands._collective import collective_text

    kw = dict(a="half_t:Stride<_1, int64_t, int64_t>", b="half_t:cute::Stride<int, cute::Int<1>, int>",
              c="half_t:ColumnMajor", d="float:cute::tuple<cute::C<1>, int64_t, int64_t>", tile="128,128,64")  # fmt: skip
    j = _json(**kw)
    text = collective_text(arch="sm90", **kw)
    for w in "ab":
        o = j["configuration"][w]
        assert f"{o['element']}:{o['layout']} ({o['major']}-major)" in text
    assert j["configuration"]["a"]["layout"] == "cute::Stride<cute::Int<1>, int64_t, int64_t>"
    assert j["configuration"]["d"]["major"] == "M" and j["configuration"]["d"]["layout_tag"] == "ColumnMajor"
    assert "stride" not in j["configuration"]["c"]  # a layout tag states no stride facts
    assert "Major::MN" in [w for w in j["why"] if w["what"] == "MMA atom"][0]["choice"]


@pytest.mark.parametrize(
    "opts, words",
    [
        (dict(a="half_t:cute::Stride<int64_t, cute::Int<1>, int64_t", b="half_t"), ["--a", "does not parse"]),
        (dict(a="half_t:cute::Stride<int64_t, float, int64_t>", b="half_t"), ["'float' is no stride leaf"]),
        (dict(a="half_t:cute::Layout<cute::Shape<int,int,int>>", b="half_t"), ["cute::Layout", "not modelled"]),
        (dict(a="half_t:cute::Stride<int64_t, cute::Int<1>, int64_t>", b="half_t", grouped=True), ["--grouped", "not modelled"]),
        (dict(a="half_t:cute::Stride<int64_t, cute::Int<1>, int64_t>", b="half_t", problem="256,256,128"), ["--problem", "not modelled"]),
        (dict(arch="sm100", a="half_t:RowMajor", b="half_t", c="half_t:cute::Stride<int64_t, cute::Int<1>>", tile="128,128,64"), ["rank 2", "not modelled"]),
        (dict(arch="sm100", a="half_t", b="half_t", tile="Shape<Shape<_128>,Shape<_128>,Shape<_64>>"), ["rank-1 modes", "sm90"]),
        (dict(arch="sm100", a="half_t:cute::Stride<cute::Stride<int64_t, int64_t>, cute::Int<1>, int64_t>", b="half_t"), ["--a", "nested modes", "not modelled"]),
        (dict(a="int8_t:cute::Stride<int64_t, cute::Int<1>, int64_t>", b="half_t"), ["two widths", "not modelled"]),
        (dict(a="half_t", b="half_t", tile="((16,8),(128),(64))"), ["(16,8), as example 53", "not modelled"]),
    ],
)  # fmt: skip
def test_errors_quote_the_spelling(opts, words):
    """Bad or not-modelled stride spellings: one error line, quoting the option as typed."""
    opts = {"d": "half_t", "tile": "128,128,64", **opts}
    line = _error(**opts)
    for w in words:
        assert w in line, line
    typed = opts["a"] if "Stride" in opts["a"] or "Layout" in opts["a"] else opts.get("c", opts["tile"])
    assert typed.strip() in line or opts["tile"] in line, line


def test_cutlass_refusal_of_a_stride_is_one_line():
    """A stride CUTLASS refuses (a D major in neither mode with the TMA epilogue): its static_assert, one line."""
    line = _error(a="half_t", b="half_t", d="half_t:cute::Stride<int64_t, int64_t, int64_t>", tile="128,128,64",
                  epilogue_schedule="TmaWarpSpecialized")  # fmt: skip
    assert 'static_assert "Unsupported gmem layout."' in line, line


@pytest.mark.parametrize(
    "element, builder",
    [
        ("cute::tuple<int4b_t, half_t>", "sm90_gmma_builder.inl"),
        ("nv_float4_t<float_e2m1_t>", "sm100_blockscaled_umma_builder.inl"),
    ],
)
def test_a_stride_type_with_a_mixed_or_block_scaled_operand_names_the_builders(element, builder):
    """issue 44 item 7: what stays not modelled names the builders CUTLASS would use, in one line quoting --a."""
    typed = f"{element}:cute::Stride<int64_t, cute::Int<1>, int64_t>"
    line = _error(a=typed, b="half_t", d="half_t", tile="128,128,64")
    assert repr(typed) in line and builder in line and "not modelled" in line, line
