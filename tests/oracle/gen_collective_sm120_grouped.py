"""CUTLASS 4.2's SM120 builders for grouped GEMMs (examples 79d and 87c: every layout tag a pointer, ``LayoutA *``;
the blockwise builder's ``cute::tuple<LayoutA *, LayoutSFA *>``), asked host-only with g++ through
gen_collective_sm120.py's prelude and printers (issue 44, item 2). Answers are recorded (tests/oracle/records.py).
"""

from __future__ import annotations

from cutedump.collective.config import Config
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_sm120 as S120

_BASE = S120.cpp_body


def cpp_body(cfg: Config) -> str:
    """gen_collective_sm120.cpp_body with every layout tag a pointer, as examples 79d and 87c write them."""
    body = _BASE(cfg._replace(grouped=False))
    if not cfg.grouped:
        return body
    for w in "abcd":
        lay = getattr(cfg, w).layout
        body = body.replace(
            f"cutlass::layout::{lay}, {cfg.alignment(w)},", f"cutlass::layout::{lay} *, {cfg.alignment(w)},", 1
        )
    body = body.replace("decltype(ScaleConfig::deduce_layoutSFA())>", "decltype(ScaleConfig::deduce_layoutSFA()) *>")
    body = body.replace("decltype(ScaleConfig::deduce_layoutSFB())>", "decltype(ScaleConfig::deduce_layoutSFB()) *>")
    body = body.replace("cutlass::layout::RowMajor, decltype", "cutlass::layout::RowMajor *, decltype")
    body = body.replace("cutlass::layout::ColumnMajor, decltype", "cutlass::layout::ColumnMajor *, decltype")
    return body


def ask(configs: list[Config], chunk: int = 8) -> list[dict]:
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        outs += run_cases([cpp_body(c) for c in configs[i : i + chunk]], prelude=S120.PRELUDE, extra_flags=G.FLAGS)
    return [S120._parse(o) for o in outs]


def refusals(configs: list[Config]) -> list[str]:
    """CUTLASS's first static_assert message of each configuration, one translation unit each (the programs of
    gen_collective_sm120.refusals with pointer layout tags)."""
    from unittest import mock

    with mock.patch.object(S120, "cpp_body", cpp_body):
        return S120.refusals(configs)


def examples() -> dict[str, list[Config]]:
    """Examples 79d (nv_float4_t grouped GEMM: Auto and KernelPtrArrayTmaWarpSpecializedPingpong, EpilogueScheduleAuto,
    bfloat16_t C and D RowMajor) and 87c (fp8 groupwise grouped GEMM: Sm120BlockwiseScaleConfig<1,128,128>,
    KernelScheduleSm120Blockwise) as their sources write them (every layout tag a pointer)."""
    nv = "nv_float4_t<float_e2m1_t>"
    t128 = (128, 128, 128)
    ex79 = S120._cfg(nv, nv, "bfloat16_t", "bfloat16_t", t128, align=(32, 32, 0, 0))._replace(grouped=True)
    ex87 = S120._cfg("float_e4m3_t", "float_e4m3_t", "bfloat16_t", "bfloat16_t", t128)._replace(
        grouped=True, sf_vec=(1, 128, 128), schedule="KernelScheduleSm120Blockwise"
    )
    return {"79d": [ex79, ex79._replace(schedule="KernelPtrArrayTmaWarpSpecializedPingpong")], "87c": [ex87]}


def generated(n: int, seed: int) -> list[Config]:
    """``n`` grouped SM120 configurations: gen_collective_sm120's block-scaled and blockwise spaces with pointer
    layout tags, their schedules mostly the grouped ones (Auto, KernelPtrArrayTmaWarpSpecialized{Cooperative,
    Pingpong}; the blockwise builder's own), now and then a non-grouped one (refused: "Invalid builder schedule tag
    for grouped GEMM"), a dense F8F6F4 grouped one (refused) and the PtrArray epilogue schedules."""
    import random

    rng = random.Random(seed)
    pool = S120.blockscaled_configs(n, seed) + S120.blockwise_configs(n // 2, seed) + S120.dense_configs(n // 8, seed)
    rng.shuffle(pool)
    out = []
    for c in pool[:n]:
        if c.sf_vec is None and c.a.element.startswith(("nv_", "mx_")):
            if rng.random() < 0.85:
                c = c._replace(
                    schedule=rng.choice(
                        [
                            "KernelScheduleAuto",
                            "KernelPtrArrayTmaWarpSpecializedCooperative",
                            "KernelPtrArrayTmaWarpSpecializedPingpong",
                        ]
                    )
                )
        elif c.sf_vec is not None and rng.random() < 0.1:
            c = c._replace(schedule="KernelPtrArrayTmaWarpSpecializedCooperative")
        if rng.random() < 0.3:
            c = c._replace(
                epilogue_schedule=rng.choice(
                    ["PtrArrayTmaWarpSpecializedPingpong", "PtrArrayTmaWarpSpecializedCooperative"]
                )
            )
        out.append(c._replace(grouped=True))
    return out
