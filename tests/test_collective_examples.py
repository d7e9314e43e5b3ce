"""``cutedump collective`` for the dense GEMM builder pairs of CUTLASS's examples 48-89 that no other test file asks
(issue 44, "a test per example"): 48, 52, 56, 63, 65, 71, 74 and 82, each written as the example writes
it (cutlass v4.2.0 examples/). Each pair CUTLASS compiles agrees with CUTLASS 4.2's builders field by field
(host-only g++, recorded), or, where cutedump does not model it, is refused in one error line that names the
builder (or the example's own) and says it is not modelled. Examples 51 and 53 (stride types in place of the layout
tags): test_collective_stride.py. The other examples' pairs: test_collective_sm90_kinds.py
(49, 54, 55, 57, 61, 67, 68, 70, 73), test_collective_bs.py (72), test_collective_sm120.py (79, 87),
test_collective_examples_mixed.py (69; 55's shuffled and lookup-table pairs) and the files of the SM100
blockwise/grouped, SM103, mixed-input and fusion builders; 78 (the 9xBF16 builder):
test_collective_fastfp32.py.
"""

from __future__ import annotations

import pytest

from cutedump.collective.build import build
from cutedump.collective.config import Config
from cutedump.collective.config import Operand as O
from cutedump.errors import CuteDumpError
from tests.oracle import gen_collective as G
from tests.oracle.cute import unavailable_reason
from tests.test_collective_sm90_kinds import _diff  # (the old prelude's no-smem epilogue printer aside)

H = O("half_t", "RowMajor"), O("half_t", "ColumnMajor")
HC = O("half_t", "ColumnMajor")
FC = O("float", "ColumnMajor")


def _cfgs() -> dict[str, list[tuple[Config, str]]]:
    """example -> [(Config, what is compared)]: "agree" (every field), "mainloop" (the mainloop's fields: the
    example builds its epilogue by hand)."""
    ex: dict[str, list[tuple[Config, str]]] = {}
    # 48: float x float (tf32 GMMA), C/D float ColumnMajor, 128x128x32, cluster 4x2x1, Auto, carveout
    ex["48"] = [
        (
            Config(
                "sm90", O("float", "RowMajor"), O("float", "ColumnMajor"), FC, FC, "float", (128, 128, 32), (4, 2, 1)
            ),
            "agree",
        )
    ]
    # 52: per gather mode (M, N, K), the gather mainloop (KernelCpAsyncWarpSpecialized, 1x1x1, StageCountAuto; its
    # epilogue is EpilogueGatherScatter, by hand) and the reference TMA pair (2x2x1, Auto, carveout)
    modes = (
        (H[0], H[1], O("half_t", "RowMajor"), O("half_t", "RowMajor")),
        (H[0], H[1], HC, HC),
        (O("half_t", "ColumnMajor"), O("half_t", "RowMajor"), O("half_t", "RowMajor"), O("half_t", "RowMajor")),
    )
    ex["52"] = []
    for a, b, c, d in modes:
        ex["52"].append(
            (
                Config(
                    "sm90",
                    a,
                    b,
                    c,
                    d,
                    "float",
                    (128, 128, 64),
                    (1, 1, 1),
                    carveout=0,
                    schedule="KernelCpAsyncWarpSpecialized",
                ),
                "mainloop",
            )
        )
        ex["52"].append((Config("sm90", a, b, c, d, "float", (128, 128, 64), (2, 2, 1)), "agree"))
    # 56: ptr-array *batched* (plain layout tags, ArrayProblemShape): Cooperative 256x128x64 1x2x1, Pingpong 64x128x64
    ex["56"] = [
        (
            Config(
                "sm90",
                *H,
                HC,
                HC,
                "float",
                (256, 128, 64),
                (1, 2, 1),
                schedule="KernelPtrArrayTmaWarpSpecializedCooperative",
                epilogue_schedule="PtrArrayTmaWarpSpecializedCooperative",
            ),
            "agree",
        ),
        (
            Config(
                "sm90",
                *H,
                HC,
                HC,
                "float",
                (64, 128, 64),
                (1, 1, 1),
                schedule="KernelPtrArrayTmaWarpSpecializedPingpong",
                epilogue_schedule="PtrArrayTmaWarpSpecializedPingpong",
            ),
            "agree",
        ),
    ]
    # 65: half_t accumulators and compute, 128x256x64, 1x2x1, Pingpong with the TmaWarpSpecialized epilogue
    ex["65"] = [
        (
            Config(
                "sm90",
                *H,
                HC,
                HC,
                "half_t",
                (128, 256, 64),
                (1, 2, 1),
                schedule="KernelTmaWarpSpecializedPingpong",
                epilogue_schedule="TmaWarpSpecialized",
            ),
            "agree",
        )
    ]
    # 71: cluster 2x2x1; Auto (the 2SM 256x128x64 tile), Auto with 3 stages, and the explicit 1SM (128x128x64) and
    # 2SM schedules with their no-smem and TMA epilogues (the custom-EVT runners 6-9 agree field by field in
    # tests/test_collective_evt.py)
    t1, t2 = (128, 128, 64), (256, 128, 64)
    lc = "cutlass::epilogue::fusion::LinearCombination<half_t, float, half_t, float, FloatRoundStyle::round_to_nearest>"
    ex["71"] = [
        (Config("sm100", *H, HC, HC, "float", t2, (2, 2, 1)), "agree"),
        # its DefaultOperation, passed as the example passes it (the builder's default, spelled out)
        (Config("sm100", *H, HC, HC, "float", t2, (2, 2, 1), fusion=lc), "agree"),
        (Config("sm100", *H, HC, HC, "float", t2, (2, 2, 1), stages=3), "agree"),
    ] + [
        (
            Config(
                "sm100",
                *H,
                HC,
                HC,
                "float",
                t,
                (2, 2, 1),
                schedule=f"KernelTmaWarpSpecialized{sm}Sm100",
                epilogue_schedule=f"{e}{sm}",
            ),
            "agree",
        )
        for t, sm in ((t1, "1Sm"), (t2, "2Sm"))
        for e in ("NoSmemWarpSpecialized", "TmaWarpSpecialized")
    ]
    # 74: stream-K (the scheduler is the kernel's, not the collective's), a dynamic cluster (preferred 4x4, fallback
    # 2x1), 256x128x64, the 2SM schedule and epilogue, C/D float ColumnMajor, Auto epilogue schedule
    ex["74"] = [
        (
            Config(
                "sm100",
                *H,
                FC,
                FC,
                "float",
                (256, 128, 64),
                (1, 1, 1),
                schedule="KernelTmaWarpSpecialized2SmSm100",
                dynamic_cluster=((4, 4, 1), (2, 1, 1)),
            ),
            "agree",
        )
    ]
    # 82: e4m3, A, B, C and D RowMajor, MMA tile 256x256x128, 2x1x1, the 2SM schedule; its epilogue builder is given
    # the per-SM tile 128x256x128 (--epilogue-tile-shape)
    e4 = O("float_e4m3_t", "RowMajor")
    ex["82"] = [
        (
            Config(
                "sm100", e4, e4, e4, e4, "float", (256, 256, 128), (2, 1, 1),
                schedule="KernelTmaWarpSpecialized2SmSm100", epilogue_tile_shape=(128, 256, 128),
            ),
            "agree",
        )
    ]  # fmt: skip
    return ex


EXAMPLES = _cfgs()
ROWS = [(name, c, want) for name, rows in EXAMPLES.items() for c, want in rows]


@pytest.fixture(scope="module")
def answers():
    if unavailable_reason() is not None:
        pytest.skip(str(unavailable_reason()))
    cfgs = [c for _, c, _ in ROWS]
    return G.refusals(cfgs), G.ask(cfgs, 24)


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_example_builder_pairs_agree_field_by_field(example, answers):
    """Each builder pair as the example writes it: CUTLASS compiles it, and cutedump's JSON is CUTLASS's, field by
    field (the mainloop's alone where the example builds its epilogue by hand)."""
    verdicts, fields = answers
    mine = [(c, want, v, f) for (name, c, want), v, f in zip(ROWS, verdicts, fields) if name == example]
    assert mine
    for cfg, want, verdict, theirs in mine:
        assert verdict.strip() == "compiles", (cfg, verdict)
        ours = build(cfg, params=False).fields
        if want == "mainloop":
            theirs, ours = {"mainloop": theirs["mainloop"]}, {"mainloop": ours["mainloop"]}
        elif "fusion" not in theirs["epilogue"]:
            # this prelude prints no FusionCallbacks fields (tests/test_collective_fusion_sm100.py compares them)
            ours = {**ours, "epilogue": {k: v for k, v in ours["epilogue"].items() if k != "fusion"}}
        bad = _diff(theirs, ours)
        assert not bad, f"{cfg}:\n" + "\n".join(bad)


def _error(**opts) -> str:
    from cutedump.commands._collective import collective_text

    with pytest.raises(CuteDumpError) as e:
        collective_text(**opts)
    line = e.value.render()
    assert line.startswith("error: ") and "\n" not in line.rstrip("\n"), line
    return line


@pytest.mark.parametrize(
    "example, opts, builder",
    [
        # 63: the example's own schedule and builder
        (
            "63",
            dict(
                arch="sm90",
                a="float_e4m3_t:RowMajor",
                b="float_e5m2_t:ColumnMajor",
                c="float_e4m3_t:ColumnMajor",
                d="float_e4m3_t:ColumnMajor",
                tile="64,64,128",
                schedule="cutlass::gemm::KernelTmaWarpSpecializedFP8FastAccumWithPrefetchAndSplitDMA",
                epilogue_schedule="cutlass::epilogue::TmaWarpSpecialized",
            ),
            "collective/builder.hpp",
        ),
    ],
)
def test_examples_not_modelled_name_their_builder(example, opts, builder):
    """What cutedump does not model among the examples' pairs: one error line naming the builder CUTLASS (or the
    example) uses, saying it is not modelled, and quoting the option as written."""
    line = _error(**opts)
    assert "not modelled" in line or "does not model" in line, line
    assert builder in line, line


def test_example_82_epilogue_tile_shape_is_stated():
    """--epilogue-tile-shape (example 82's per-SM tile) is in the JSON's configuration and the text's header, and
    changes the answer from the one of the MMA tile alone."""
    import json

    from cutedump.commands._collective import collective_text

    kw = dict(
        arch="sm100", a="float_e4m3_t:RowMajor", b="float_e4m3_t:RowMajor", c="float_e4m3_t:RowMajor",
        d="float_e4m3_t:RowMajor", tile="256,256,128", cluster="2,1,1", schedule="KernelTmaWarpSpecialized2SmSm100",
    )  # fmt: skip
    j = json.loads(collective_text(**kw, epilogue_tile_shape="128,256,128", fmt_="json"))
    text = collective_text(**kw, epilogue_tile_shape="128,256,128")
    assert j["configuration"]["epilogue_tile_shape"] == "(_128,_256,_128)"
    assert f"epilogue builder tile {j['configuration']['epilogue_tile_shape']}" in text
    plain = json.loads(collective_text(**kw, fmt_="json"))
    assert "epilogue_tile_shape" not in plain["configuration"]
    assert plain["epilogue"]["epilogue_tile"] != j["epilogue"]["epilogue_tile"]
