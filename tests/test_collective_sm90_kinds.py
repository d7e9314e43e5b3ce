"""``cutedump collective`` for issue 44's SM90 kinds against CUTLASS 4.2's own builders (host-only g++, recorded):
``KernelTma`` (example 49), grouped GEMMs (``--grouped``, examples 57 and 68), FP8 blockwise scaling (``--sf-vec``,
``--sf-major``, example 67), the fusions (``--fusion``, examples 54 and 61), mixed input (example 55:
field by field in tests/test_collective_mixed.py), and SM100's example 70. Each example's builder pairs are asked as
the example writes them; generated configurations of each kind (refusals included, each its own translation unit) agree with
CUTLASS field by field; a cheap sample runs by default, the rest under ``-m slow``.
"""

from __future__ import annotations

import json
import re

import pytest

from cutedump.collective.build import build
from cutedump.collective.config import Config
from cutedump.collective.config import Operand as O
from cutedump.collective.sm90 import NotModelled, Refused
from cutedump.errors import CuteDumpError
from tests.oracle import gen_collective as G
from tests.oracle.cute import unavailable_reason
from tests.oracle.cutlass_versions import answering_as

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

H = O("half_t", "RowMajor"), O("half_t", "ColumnMajor")
E4 = O("float_e4m3_t", "RowMajor"), O("float_e4m3_t", "ColumnMajor")

#: each example's builder pairs, as the example writes them (cutlass v4.2.0 examples/), and what cutedump answers:
#: "agree" (field by field with CUTLASS) or "not modelled" (one error line naming CUTLASS's builder)
EXAMPLES = {
    "49": [  # 49_collective_builder.cu: half_t RowMajor x ColumnMajor, C/D half_t ColumnMajor, 128x128x64, 2x1x1
        (kw, "agree")
        for kw in (
            {},
            {"stages": 5},
            {"schedule": "KernelTma", "epilogue_schedule": "NoSmemWarpSpecialized"},
            {"schedule": "KernelTmaWarpSpecialized", "epilogue_schedule": "NoSmemWarpSpecialized"},
            {"schedule": "KernelTmaWarpSpecializedPingpong", "epilogue_schedule": "TmaWarpSpecialized"},
            {"schedule": "KernelTmaWarpSpecializedCooperative", "epilogue_schedule": "TmaWarpSpecializedCooperative"},
        )
    ],
}


def _ex49(**kw) -> Config:
    c = Config("sm90", *H, O("half_t", "ColumnMajor"), O("half_t", "ColumnMajor"), "float", (128, 128, 64), (2, 1, 1))
    return c._replace(**kw)


def example_configs() -> dict:
    """example -> [(Config, expectation)], every dense GEMM builder pair of examples 49, 54, 55, 57, 61, 67, 68, 70,
    and example 73's dynamic cluster."""
    f8c = O("float_e4m3_t", "ColumnMajor")
    fc = O("float", "ColumnMajor")
    ex = {"49": [(_ex49(**kw), want) for kw, want in EXAMPLES["49"]]}
    # 54: e4m3 x e4m3, C/D e4m3 ColumnMajor, 128x128x128, cluster 1x2x1, Cooperative, the Aux/Amax/bias fusion
    ex["54"] = [
        (
            Config(
                "sm90",
                *E4,
                f8c,
                f8c,
                "float",
                (128, 128, 128),
                (1, 2, 1),
                schedule="KernelTmaWarpSpecializedCooperative",
                epilogue_schedule="TmaWarpSpecializedCooperative",
                fusion="ScaledLinCombPerRowBiasEltActAmaxAux<ColumnMajor, ReLU, float_e4m3_t, float, float_e4m3_t, "
                "float, float, float_e4m3_t>",
            ),
            "agree",
        )
    ]
    # 55: mixed input, ConvertOnly (A and B swapped and transposed, as the example passes them); CUTLASS builds it,
    # cutedump answers it ("mixed": compared field by field with the mixed-input collective's own fields in
    # tests/test_collective_mixed.py)
    ex["55"] = [(c, "mixed") for c in G.sm90_mixed_input()]
    # 57: grouped FP8 (e4m3 x e5m2), C/D half_t ColumnMajor pointers; Cooperative 256x128x128 1x2x1, Pingpong
    # 128x128x128 2x1x1, both FP8FastAccum
    g57 = Config(
        "sm90",
        O("float_e4m3_t", "RowMajor"),
        O("float_e5m2_t", "ColumnMajor"),
        O("half_t", "ColumnMajor"),
        O("half_t", "ColumnMajor"),
        "float",
        (256, 128, 128),
        (1, 2, 1),
        schedule="KernelPtrArrayTmaWarpSpecializedCooperativeFP8FastAccum",
        epilogue_schedule="PtrArrayTmaWarpSpecializedCooperative",
        grouped=True,
    )
    ex["57"] = [
        (g57, "agree"),
        (
            g57._replace(
                tile=(128, 128, 128),
                cluster=(2, 1, 1),
                schedule="KernelPtrArrayTmaWarpSpecializedPingpongFP8FastAccum",
                epilogue_schedule="PtrArrayTmaWarpSpecializedPingpong",
            ),
            "agree",
        ),
    ]
    # 61: half_t, C void, D half_t RowMajor, 64x64x128, KernelTmaWarpSpecialized, epilogue tile = the CTA tile's MN;
    # the TopK-softmax fusion is not modelled (its LinearCombination variant is)
    t61 = Config(
        "sm90",
        *H,
        O("void", "RowMajor"),
        O("half_t", "RowMajor"),
        "float",
        (64, 64, 128),
        (1, 1, 1),
        schedule="KernelTmaWarpSpecialized",
        epilogue_schedule="TmaWarpSpecialized",
        epilogue_tile=(64, 64),
    )
    ex["61"] = [(t61, "agree"), (t61._replace(fusion="LinCombTopKSoftmaxCol<2, half_t, float>"), "not modelled")]
    # 67: blockwise (the trivial config: one scale per tile, 128x128x128, MN-major) and groupwise (1,128,128; MN,K),
    # C/D float ColumnMajor, with the Aux/Amax/bias fusion
    b67 = Config(
        "sm90",
        *E4,
        fc,
        fc,
        "float",
        (128, 128, 128),
        (1, 2, 1),
        schedule="KernelTmaWarpSpecializedCooperativeFP8Blockwise",
        epilogue_schedule="TmaWarpSpecializedCooperative",
        sf_vec=(128, 128, 128),
        fusion="ScaledLinCombPerRowBiasEltActAmaxAux<ColumnMajor, ReLU, float, float, float, float, float, float>",
    )
    ex["67"] = [(b67, "agree"), (b67._replace(sf_vec=(1, 128, 128), sf_major=("MN", "K")), "agree")]
    # 68: grouped blockwise, C/D e4m3 ColumnMajor pointers; Cooperative 1x2x1 (MN,MN) and the sparse-groups Pingpong
    # 1x1x1 (MN,K)
    g68 = Config(
        "sm90",
        *E4,
        f8c,
        f8c,
        "float",
        (128, 128, 128),
        (1, 2, 1),
        schedule="KernelPtrArrayTmaWarpSpecializedCooperativeFP8Blockwise",
        epilogue_schedule="PtrArrayTmaWarpSpecializedCooperative",
        grouped=True,
        sf_vec=(1, 128, 128),
    )
    ex["68"] = [
        (g68, "agree"),
        (
            g68._replace(
                cluster=(1, 1, 1),
                schedule="KernelPtrArrayTmaWarpSpecializedPingpongFP8Blockwise",
                epilogue_schedule="PtrArrayTmaWarpSpecializedPingpong",
                sf_major=("MN", "K"),
            ),
            "agree",
        ),
    ]
    # 70 (SM100): fp16 (C/D float ColumnMajor, 256x128x64, 2x2x1, Auto); fp8 with the Aux/Amax fusion (its fields:
    # tests/test_collective_fusion_sm100.py)
    ex["70"] = [
        (Config("sm100", *H, fc, fc, "float", (256, 128, 64), (2, 2, 1)), "agree"),
        (
            Config(
                "sm100",
                *E4,
                f8c,
                f8c,
                "float",
                (256, 128, 64),
                (2, 2, 1),
                fusion="ScaledLinCombPerRowBiasEltActAmaxAux<ColumnMajor, ReLU, float_e4m3_t, float, float_e4m3_t, "
                "float, half_t>",
            ),
            "fusion",
        ),
    ]
    # 73 (SM100): a dynamic cluster (Shape<int,int,_1>), launched with a preferred 4x4 and a fallback 2x1 cluster
    ex["73"] = [
        (
            Config(
                "sm100",
                *H,
                fc,
                fc,
                "float",
                (256, 128, 64),
                (1, 1, 1),
                schedule="KernelTmaWarpSpecialized2SmSm100",
                epilogue_schedule="TmaWarpSpecialized2Sm",
                dynamic_cluster=((4, 4, 1), (2, 1, 1)),
            ),
            "agree",
        )
    ]
    return ex


def _all_examples():
    ex = example_configs()
    return [(name, c, want) for name, rows in ex.items() for c, want in rows]


def _example_answers():
    """CUTLASS's answers for every example configuration: first each its own translation unit (all compile: they
    are CUTLASS's examples), then one program printing the fields of those cutedump answers."""
    rows = _all_examples()
    cfgs = [c for _, c, _ in rows]
    got = G.refusals(cfgs)
    ok = [c for _, c, want in rows if want == "agree"]
    return rows, got, dict(zip(map(_key, ok), G.ask(ok, 24)))


def _key(c):
    return repr(c)


def _diff(theirs: dict, ours: dict, path="") -> list[str]:
    if path == "" and "epilogue" in theirs and "stages_c" not in theirs["epilogue"].get("dispatch_policy", {}):
        # the old prelude's no-smem epilogue printer (name and SharedStorage only): its StagesC/StagesD/EpilogueTile
        # are compared in tests/test_collective_bs.py
        ours = {**ours, "epilogue": dict(ours["epilogue"])}
        ours["epilogue"].pop("epilogue_tile", None)
        ours["epilogue"]["dispatch_policy"] = {
            k: v for k, v in ours["epilogue"]["dispatch_policy"].items() if k not in ("stages_c", "stages_d")
        }
    bad = []
    for k in sorted(set(theirs) | set(ours)):
        a, b = theirs.get(k), ours.get(k)
        if isinstance(a, dict) and isinstance(b, dict):
            bad += _diff(a, b, f"{path}{k}.")
        elif a != b:
            bad.append(f"{path}{k}: CUTLASS {str(a)[:200]!r} / ours {str(b)[:200]!r}")
    return bad


def _ours_error(cfg) -> str:
    """The command's one error line for a configuration cutedump does not model (the configuration's options)."""
    from cutedump.commands._collective import collective_text

    opts = {
        "arch": cfg.arch,
        "a": f"{cfg.a.element}:{cfg.a.layout}",
        "b": f"{cfg.b.element}:{cfg.b.layout}",
        "c": f"{cfg.c.element}:{cfg.c.layout}",
        "d": f"{cfg.d.element}:{cfg.d.layout}",
        "acc": cfg.acc,
        "tile": ",".join(map(str, cfg.tile)),
        "cluster": ",".join(map(str, cfg.cluster)),
        "schedule": cfg.schedule,
        "epilogue_schedule": cfg.epilogue_schedule,
        "fusion": cfg.fusion,
        "grouped": cfg.grouped,
    }
    with pytest.raises(CuteDumpError) as e:
        collective_text(**opts)
    return e.value.render()


@pytest.fixture(scope="module")
def answers():
    if unavailable_reason() is not None:
        pytest.skip(str(unavailable_reason()))
    return _example_answers()


@pytest.mark.parametrize("example", ["49", "54", "55", "57", "61", "67", "68", "70", "73"])
def test_example_builder_pairs(example, answers):
    """Each builder pair of CUTLASS's example: CUTLASS compiles it; cutedump agrees field by field, or (what stays not
    modelled) answers one error line naming the builder CUTLASS uses and saying it is not modelled."""
    rows, got, fields = answers
    mine = [(c, want, t) for (name, c, want), t in zip(rows, got) if name == example]
    assert mine
    for cfg, want, theirs in mine:
        assert theirs.strip() == "compiles", (cfg, theirs)
        if want == "agree":
            bad = _diff(fields[_key(cfg)], build(cfg, params=False).fields)
            assert not bad, f"{cfg}:\n" + "\n".join(bad)
        elif want == "mixed":
            assert build(cfg, params=False).fields["mainloop"]["conversion_mode"] == "DirectConvert", cfg
        elif want == "fusion":  # an SM100 fusion: compared field by field in tests/test_collective_fusion_sm100.py
            assert "fusion" in build(cfg, params=False).fields["epilogue"]
        else:
            line = _ours_error(cfg)
            assert line.startswith("error: ") and "\n" not in line.rstrip("\n"), line
            assert "not modelled" in line and ("builder" in line or "Builder" in line), line
            assert re.search(r"builders?/sm\d+_\w+\.inl", line), line


def test_example_49_kerneltma_answer_names_its_policies():
    """Example 49's KernelTma: the non-warp-specialized mainloop MainloopSm90TmaGmma (one TiledMMA warp group), and
    its no-smem epilogue's policy EpilogueDefault, in the text and the JSON alike."""
    from cutedump.commands._collective import collective_text

    kw = dict(
        a="half_t",
        b="half_t",
        c="half_t:ColumnMajor",
        d="half_t:ColumnMajor",
        tile="128,128,64",
        cluster="2,1,1",
        schedule="KernelTma",
    )
    j = json.loads(collective_text(**kw, fmt_="json"))
    text = collective_text(**kw)
    dp = j["mainloop"]["dispatch_policy"]
    assert dp["name"] == "MainloopSm90TmaGmma" and dp["schedule"] == "KernelTma"
    assert j["epilogue"]["dispatch_policy"]["name"] == "EpilogueDefault"
    assert f"dispatch policy  MainloopSm90TmaGmma<{dp['stages']}, (_2,_1,_1), KernelTma>" in text
    assert "\n  dispatch policy  EpilogueDefault\n" in text
    assert "ThrLayoutVMNK:  (_128,_1,_1,_1)" in j["mainloop"]["tiled_mma"]


# ------------------------------------------------------------------------------------------------ generated


def _ours(cfg) -> str:
    try:
        build(cfg, params=False)
        return "compiles"
    except Refused as e:
        return e.cutlass_message.strip()
    except NotModelled as e:
        return f"not modelled: {e}"


def _same_refusal(ours: str, theirs: str) -> bool:
    """Ours equals CUTLASS's first error; a compile error's long template arguments are written ``...`` in ours."""
    theirs = theirs.strip().removeprefix("error: ")
    if ours.startswith("not modelled: "):
        return theirs == "compiles"  # CUTLASS builds what cutedump does not model
    if "..." in ours:
        head, tail = ours.split("...", 1)
        return theirs.startswith(head) and theirs.endswith(tail)
    return ours == theirs


def _agree(cases, sample=None):
    got = G.refusals(cases)
    bad = [
        f"{c}: CUTLASS {t.strip()!r} / ours {_ours(c)!r}" for c, t in zip(cases, got) if not _same_refusal(_ours(c), t)
    ]
    assert not bad, f"{len(bad)} of {len(cases)} disagree:\n" + "\n".join(bad[:8])
    # the configurations 4.2 builds (under 4.2: those both CUTLASS and cutedump build, as just compared), so that the
    # field batches are 4.2's questions under either version (their records pair)
    with answering_as("4.2"):
        ok = [c for c in cases if _ours(c) == "compiles"]
    pairs = list(zip(ok, G.ask(ok, 24)))
    if sample is not None:
        pairs = pairs[:: max(1, len(pairs) // sample)][:sample]
    bad = []
    for cfg, theirs in pairs:
        bad += [f"{cfg}: {d}" for d in _diff(theirs, build(cfg, params=False).fields)]
    assert not bad, "\n".join(bad[:10])
    return got, [c for c, _ in pairs]


@oracle
def test_generated_sample_agrees_with_cutlass():
    # the default run: one recorded batch of every new kind (refusals each its own translation unit, then the fields
    # of a sample of those CUTLASS builds)
    cases = G.sm90_issue44_configs(40, 1)
    got, compared = _agree(cases, sample=10)
    kinds = {
        (c.schedule == "KernelTma", c.grouped, c.sf_vec is not None, c.fusion is not None)
        for c, t in zip(cases, got)
        if t.strip() == "compiles"
    }
    assert {(True, False, False, False), (False, True, False, False), (False, False, True, False)} <= kinds
    assert any(k[3] for k in kinds) and any(k[1] and k[2] for k in kinds)


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_generated_configurations_agree_with_cutlass(seed):
    _agree(G.sm90_issue44_configs(40 if seed == 1 else 80, seed))


@oracle
def test_dynamic_cluster_sample_agrees_with_cutlass():
    """SM100 with a dynamic cluster: Auto takes the 1SM UMMA and the 1SM epilogue, the TMA ops are the multicast
    ones whatever the launch's cluster, the dispatch policy prints the default-constructed (0,0,_1)."""
    cases = G.sm100_dynamic_configs(24, 1)
    got, compared = _agree(cases, sample=8)
    assert sum(t.strip() == "compiles" for t in got) >= 16
    for c in compared:
        m = build(c, params=False).fields["mainloop"]
        assert m["dispatch_policy"]["cluster_shape"] == "(0,0,_1)"
        assert m["gmem_tiled_copy_a"].endswith("MULTICAST") and m["gmem_tiled_copy_b"].endswith("MULTICAST")


@oracle
@pytest.mark.slow
def test_dynamic_cluster_configurations_agree_with_cutlass():
    _agree(G.sm100_dynamic_configs(48, 2))


def test_dynamic_cluster_spellings_and_errors():
    """--cluster dynamic or Shape<int,int,_1> (the same answer); the preferred/fallback clusters in the text and the
    JSON; a fallback that does not divide the preferred cluster, a preferred cluster without --cluster dynamic, and
    SM90 (whose builders static_assert a static cluster): one error line each."""
    from cutedump.commands._collective import collective_text

    kw = dict(arch="sm100", a="half_t", b="half_t", d="float", tile="128,128,64", cluster_preferred="4,2")
    kw["cluster_fallback"] = "2,1"
    text, j = _text_json(cluster="dynamic", **kw)
    _, j2 = _text_json(cluster="cute::Shape<int,int,_1>", **kw)
    assert j == j2
    cf = j["configuration"]
    assert cf["cluster"] == "Shape<int,int,_1>" and cf["cluster_preferred"] == [4, 2, 1]
    assert cf["cluster_fallback"] == [2, 1, 1]
    assert "dynamic cluster Shape<int,int,_1> (launched with preferred 4,2,1, fallback 2,1,1)" in text
    assert j["schedule"]["builder"] == "KernelTmaWarpSpecialized1SmSm100"  # Auto: no static even cluster M
    from cutedump.errors import take_warnings

    take_warnings()
    collective_text(**{**kw, "cluster": "dynamic", "cluster_preferred": "6,1", "cluster_fallback": "3,1"})
    two = {"cluster": "dynamic", "schedule": "KernelTmaWarpSpecialized2SmSm100", "tile": "256,128,64"}
    collective_text(**{**kw, **two, "cluster_fallback": "1,1"})
    w = take_warnings()
    assert len(w) == 3 and all("preferred_cluster_can_implement" in x for x in w), w
    assert "6 is not a power of 2" in w[0] and "3 is not a power of 2" in w[1]
    assert "--cluster-fallback 1,1: cluster M 1 is not a multiple of the 2-CTA UMMA" in w[2]
    collective_text(**{**kw, **two})
    assert take_warnings() == []
    for over, word in (
        ({"cluster": "dynamic", "cluster_fallback": "3,1"}, "does not evenly divide"),
        ({"cluster": "2,1,1"}, "--cluster dynamic"),
        ({"cluster": "dynamic", "arch": "sm90"}, "is_static<ClusterShape_MNK>"),
        ({"cluster": "dynamic", "problem": "256,256,256"}, "not modelled"),
    ):
        with pytest.raises(CuteDumpError) as e:
            collective_text(**{**kw, **over})
        assert word in e.value.render() and "\n" not in e.value.render(), e.value.render()


@oracle
def test_refusals_quote_cutlass():
    """Each refusal of issue 44's kinds, its own translation unit: an explicit stage count with the blockwise and
    mixed-input builders (CUTLASS's compile errors), a fusion with the Auto/no-smem epilogues, granularities."""
    cases = G.sm90_issue44_refused()
    got = G.refusals(cases)
    assert all(t.strip() != "compiles" for t in got)
    bad = [
        f"{c}: CUTLASS {t.strip()!r} / ours {_ours(c)!r}" for c, t in zip(cases, got) if not _same_refusal(_ours(c), t)
    ]
    assert not bad, "\n".join(bad)


# ------------------------------------------------------------------------------------------------ the command


def _text_json(**kw):
    from cutedump.commands._collective import collective_text

    return collective_text(**kw), json.loads(collective_text(**kw, fmt_="json"))


BW = dict(
    a="float_e4m3_t",
    b="float_e4m3_t",
    c="float:ColumnMajor",
    d="float:ColumnMajor",
    tile="128,128,128",
    cluster="1,2,1",
    schedule="KernelTmaWarpSpecializedCooperativeFP8BlockScaledAccum",
    epilogue_schedule="TmaWarpSpecializedCooperative",
    sf_vec="1,128,128",
    sf_major="MN,K",
)


def test_blockwise_words_are_the_json():
    """The blockwise answer: 4.2's alias ...FP8BlockScaledAccum is the builder's ...FP8Blockwise; the scale
    granularity, majors and SmemLayoutSFA/SFB the text states are the JSON's; the stage arithmetic adds the
    per-stage float scales (ScaleMsPerTile x 4 bytes + ScaleNsPerTile x 4 bytes)."""
    text, j = _text_json(**BW)
    m = j["mainloop"]
    assert m["dispatch_policy"]["schedule"] == "KernelTmaWarpSpecializedCooperativeFP8Blockwise"
    assert j["configuration"]["sf_vec"] == [1, 128, 128] and j["configuration"]["sf_major"] == ["MN", "K"]
    assert "scale granularity 1,128,128 (SFA MN-major, SFB K-major)" in text
    for k in ("smem_layout_sfa", "smem_layout_sfb"):
        assert f"\n{k}: {m[k]}\n" in text
    st = m["dispatch_policy"]["stages"]
    assert m["smem_layout_sfa"] == f"((_1,_128),(_128,_1),_{st}):((_0,_1),(_0,_128),_128)"
    w = re.search(
        r"\((\d+) \+ (\d+) \+ (\d+) float scales, rounded to 128\) bytes \+ 16 pipeline bytes per stage", text
    )
    assert w and int(w.group(2)) == 4 * 128 and int(w.group(3)) == 4 * 1  # 128 scales of A, 1 of B per k-tile


def test_grouped_words_and_pointer_layouts():
    """--grouped: the ptr-array schedule and epilogue, the grouped kernel's carveout in the stage arithmetic, the
    configuration's 'grouped' in both forms; a grouped schedule without --grouped (or the reverse) is one error line."""
    kw = dict(
        a="half_t",
        b="half_t",
        c="half_t:ColumnMajor",
        d="half_t:ColumnMajor",
        tile="128,128,64",
        schedule="KernelPtrArrayTmaWarpSpecializedCooperative",
        epilogue_schedule="PtrArrayTmaWarpSpecializedCooperative",
        grouped=True,
    )
    text, j = _text_json(**kw)
    assert j["configuration"]["grouped"] is True and "grouped (ptr-array: LayoutA* ... LayoutD*)" in text
    assert j["mainloop"]["dispatch_policy"]["name"] == "MainloopSm90ArrayTmaGmmaWarpSpecialized"
    assert j["epilogue"]["dispatch_policy"]["name"] == "Sm90PtrArrayTmaWarpSpecialized"
    assert "(232064 capacity (the 232448-byte capacity less the grouped kernel's 384-byte carveout)" in text
    from cutedump.commands._collective import collective_text

    with pytest.raises(CuteDumpError) as e:
        collective_text(**{**kw, "schedule": "KernelTmaWarpSpecializedCooperative"})
    assert "\n" not in e.value.render() and "--grouped" in e.value.render()
    # without --grouped, a ptr-array schedule is a batched GEMM (example 56: plain layout tags), worded so
    batched = collective_text(**{**kw, "grouped": False})
    assert "grouped" not in batched and "batched GEMM (ptr-array, plain layout tags)" in batched
    assert "less the ptr-array kernel's 256-byte carveout" in batched


def test_fusion_spellings_and_errors():
    """--fusion: CUTLASS's names with the activation, namespaced or not, or the whole C++ spelling; an unknown name,
    a missing activation, a CUTLASS operation not modelled: one error line each; Auto epilogue + fusion: CUTLASS's
    static_assert."""
    from cutedump.collective import fusion as F
    from cutedump.commands._collective import collective_text

    kw = dict(a="half_t", b="half_t", c="half_t", d="half_t", tile="128,128,64", epilogue_schedule="TmaWarpSpecialized")
    kw["schedule"] = "KernelTmaWarpSpecialized"
    a = json.loads(collective_text(**kw, fusion="LinCombPerColBias", fmt_="json"))
    b = json.loads(
        collective_text(
            **kw, fusion="cutlass::epilogue::fusion::LinCombPerColBias<cutlass::half_t, float, half_t>", fmt_="json"
        )
    )
    assert a["mainloop"] == b["mainloop"] and a["epilogue"] == b["epilogue"]
    assert F.parse("cutlass::epilogue::fusion::LinCombEltAct<cutlass::epilogue::thread::ReLu>").act == "ReLu"
    for bad, word in (
        ("LinCombFoo", "not a"),
        ("LinCombEltAct", "takes an activation"),
        ("LinCombTopKSoftmaxCol<2, half_t, float>", "is not modelled"),
    ):
        with pytest.raises(CuteDumpError) as e:
            collective_text(**kw, fusion=bad)
        assert word in e.value.render() and "\n" not in e.value.render()
    with pytest.raises(CuteDumpError, match="Auto schedule doesn't support fusion"):
        collective_text(**{**kw, "epilogue_schedule": "auto"}, fusion="LinCombEltAct<ReLu>")


def test_fusion_names_are_cutlass_operations():
    """fusion.CUTLASS_FUSIONS is every operation of CUTLASS 4.2's operations.hpp; each modelled one is among them."""
    import importlib.util
    from pathlib import Path

    from cutedump.collective import fusion as F

    spec = importlib.util.find_spec("cutlass_library")
    if spec is None or spec.origin is None:
        pytest.skip("nvidia-cutlass (cutlass_library) is not installed")
    hdr = Path(spec.origin).parent / "source/include/cutlass/epilogue/fusion/operations.hpp"
    if not hdr.exists():
        pytest.skip("CUTLASS headers are not installed")
    names = set(re.findall(r"^struct (\w+)", hdr.read_text(), re.M)) - {"FusionOperation"}
    assert set(F.CUTLASS_FUSIONS) == names and set(F.FUSIONS) <= names


def test_sf_major_and_sf_vec_errors():
    from cutedump.collective.config import sf_majors
    from cutedump.commands._collective import collective_text

    assert sf_majors("MN,K") == ("MN", "K") and sf_majors("K") == ("K", "K")
    assert sf_majors("cute::GMMA::Major::K,cute::GMMA::Major::MN") == ("K", "MN")
    for over, word in (
        ({"sf_major": "M"}, "--sf-major"),
        ({"sf_vec": "1,128"}, "--sf-vec"),
        ({"sf_vec": None}, "--sf-vec"),
        ({"schedule": "KernelTmaWarpSpecializedCooperative"}, "--sf-vec"),
        ({"stages": "3"}, "compute_stage_count_with_blockwise_scale"),
    ):
        with pytest.raises(CuteDumpError) as e:
            collective_text(**{**BW, **over})
        assert word in e.value.render() and "\n" not in e.value.render(), e.value.render()
