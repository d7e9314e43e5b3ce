"""CUTLASS 4.2's SM103 block-scaled GEMM builder (``sm103_blockscaled_umma_builder.inl``, example 89's FP4 "ultra"
GEMM: ``cute::tuple<ElementA, ElementSF>`` operands, OpClassBlockScaledTensorOp, ``arch::Sm103``) and its epilogue
(``sm103_builder.inl``: SM100's epilogue builder), asked host-only with g++ (issue 44, item 2).

The programs reuse gen_collective_bs.py's prelude and add one printer (``cd_sm103``: the scale-factor fields and
what the SM103 collective adds: its two pipelines' stage counts, the prefetch type, the TMA views of A/B's smem).
Answers are recorded (tests/oracle/records.py).
"""

from __future__ import annotations

import hashlib
import re

from cutedump.collective.config import Config, Operand, element_pair_parts
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_bs as B

EXTRA = r"""
// (h) issue 44: the SM103 block-scaled mainloop (its two pipelines, prefetch type, TMA views of A and B)
template <auto V> void cd_enum(const char* key) { printf("@@%s\n%s\n", key, __PRETTY_FUNCTION__); }
template <class M> void cd_sm103() {
  using DP = typename M::DispatchPolicy;
  cd_int("mainloop.dispatch_policy.load_ab_stages", DP::LoadABPipelineStageCount);
  cd_int("mainloop.dispatch_policy.load_sf_stages", DP::LoadSFPipelineStageCount);
  cd_enum<DP::PrefetchType>("mainloop.dispatch_policy.prefetch_type");
  cd_print("mainloop.smem_layout_a_tma", typename M::SmemLayoutA_tma{});
  cd_print("mainloop.smem_layout_b_tma", typename M::SmemLayoutB_tma{});
}
"""
PRELUDE = B.PRELUDE + EXTRA

_ENUM = re.compile(r"\[with auto V = (.*)\]$")


def cpp_element(el: str) -> str:
    """``tuple<float_e2m1_t,float_ue4m3_t>`` -> cute::tuple<cutlass::float_e2m1_t, cutlass::float_ue4m3_t>; a wrapper or
    plain type as gen_collective spells it."""
    parts = element_pair_parts(el)
    if parts is None:
        return G._CPP_TYPE[el]
    return f"cute::tuple<cutlass::{parts[0]}, cutlass::{parts[1]}>"


def cpp_body(cfg: Config) -> str:
    """The SM103 builder pair as example 89 writes it (arch::Sm103, OpClassBlockScaledTensorOp for both builders)."""
    t = G._CPP_TYPE
    lay = "cutlass::layout::"
    epi_tile = (
        "cutlass::epilogue::collective::EpilogueTileAuto" if cfg.epilogue_tile is None else G._shape(cfg.epilogue_tile)
    )
    epi_sched = (
        f"cutlass::epilogue::collective::{cfg.epilogue_schedule}"
        if cfg.epilogue_schedule == "EpilogueScheduleAuto"
        else f"cutlass::epilogue::{cfg.epilogue_schedule}"
    )
    sched = (
        f"cutlass::gemm::collective::{cfg.schedule}"
        if cfg.schedule == "KernelScheduleAuto"
        else f"cutlass::gemm::{cfg.schedule}"
    )
    if cfg.stages is not None:
        stages = f"cutlass::gemm::collective::StageCount<{cfg.stages}>"
    elif cfg.carveout is not None:
        stages = f"cutlass::gemm::collective::StageCountAutoCarveout<{cfg.carveout}>"
    else:
        stages = (
            "cutlass::gemm::collective::StageCountAutoCarveout<static_cast<int>(sizeof(typename Epi::SharedStorage))>"
        )
    op = "cutlass::arch::OpClassBlockScaledTensorOp"
    pair = element_pair_parts(cfg.a.element) is not None and element_pair_parts(cfg.b.element) is not None
    return (
        f"  using TileShape = {G._shape(cfg.tile)};\n"
        f"  using ClusterShape = {'Shape<int,int,_1>' if cfg.dynamic_cluster else G._shape(cfg.cluster)};\n"
        f"  using Epi = typename cutlass::epilogue::collective::CollectiveBuilder<\n"
        f"    cutlass::arch::Sm103, {op}, TileShape, ClusterShape, {epi_tile},\n"
        f"    {t[cfg.acc]}, {t[cfg.acc]},\n"
        f"    {t[cfg.c.element]}, {lay}{cfg.c.layout}, {cfg.alignment('c')},\n"
        f"    {t[cfg.d.element]}, {lay}{cfg.d.layout}, {cfg.alignment('d')},\n"
        f"    {epi_sched}>::CollectiveOp;\n"
        f"  using Main = typename cutlass::gemm::collective::CollectiveBuilder<\n"
        f"    cutlass::arch::Sm103, {op},\n"
        f"    {cpp_element(cfg.a.element)}, {lay}{cfg.a.layout}, {cfg.alignment('a')},\n"
        f"    {cpp_element(cfg.b.element)}, {lay}{cfg.b.layout}, {cfg.alignment('b')},\n"
        f"    {t[cfg.acc]}, TileShape, ClusterShape,\n"
        f"    {stages},\n"
        f"    {sched}>::CollectiveOp;\n"
        "  cd_mainloop<Main>();\n"
        + ("  cd_bs<Main>();\n  cd_sm103<Main>();\n" if pair else "")
        + "  cd_epilogue_full<Epi>();\n"
    )


def parse(text: str) -> dict:
    a = G.parse_answer(text)
    m = a.get("mainloop", {})
    if "sf_vec_size" in m:
        m["sf_vec_size"] = int(m["sf_vec_size"])
    dp = m.get("dispatch_policy", {})
    for k in ("load_ab_stages", "load_sf_stages"):
        if k in dp:
            dp[k] = int(dp[k])
    if "prefetch_type" in dp:
        dp["prefetch_type"] = _ENUM.search(dp["prefetch_type"]).group(1).rsplit("::", 1)[-1]
    return a


def ask(configs: list[Config], chunk: int = 8) -> list[dict]:
    """CUTLASS's fields for each accepted configuration, ``chunk`` a program."""
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        bodies = [cpp_body(c) for c in configs[i : i + chunk]]
        outs += run_cases(bodies, prelude=PRELUDE, extra_flags=G.FLAGS)
    return [parse(o) for o in outs]


def refusals(configs: list[Config]) -> list[str]:
    """CUTLASS's first static_assert message of each configuration ("compiles" when none), one translation unit
    each: the collectives' classes and SharedStorage instantiated, as gen_collective_bs.refusals."""

    srcs = [G.refusal_unit(cpp_body(c)) for c in configs]

    text = "pch\0" + "\0".join(G.FLAGS) + PRELUDE + "\0".join(srcs)
    key = "collective-sm103-err-" + hashlib.sha256(text.encode()).hexdigest()[:24]
    return G.syntax_verdicts(srcs, PRELUDE, key, what=f"CUTLASS's refusals of {len(configs)} SM103 collectives")


# ------------------------------------------------------------------------------------------- configurations

NV = "cute::tuple<float_e2m1_t,float_ue4m3_t>"
MX = "cute::tuple<float_e2m1_t,float_ue8m0_t>"


def _cfg(a, b, tile, cluster=(1, 1, 1), la="RowMajor", lb="ColumnMajor", c="bfloat16_t", d="bfloat16_t", **kw):
    return Config(
        "sm103",
        Operand(a, la),
        Operand(b, lb),
        Operand(c, "RowMajor"),
        Operand(d, "RowMajor"),
        kw.pop("acc", "float"),
        tile,
        cluster,
        **kw,
    )


def examples() -> dict[str, list[Config]]:
    """Example 89 (89_sm103_fp4_ultra_gemm.cu) as its source writes it: cute::tuple<float_e2m1_t, float_ue4m3_t>
    A (RowMajor, x32) and B (ColumnMajor, x32), bfloat16_t C and D (RowMajor, x8), float accumulator, MmaTileShape
    128x128x768, cluster 2x4x1, NoSmemWarpSpecialized1Sm, KernelTmaWarpSpecialized1SmBlockScaledMxNvf4UltraVs16Sm103,
    the mainloop's carveout sizeof(CollectiveEpilogue::SharedStorage)."""
    return {
        "89": [
            _cfg(
                NV,
                NV,
                (128, 128, 768),
                (2, 4, 1),
                align=(32, 32, 8, 8),
                schedule="KernelTmaWarpSpecialized1SmBlockScaledMxNvf4UltraVs16Sm103",
                epilogue_schedule="NoSmemWarpSpecialized1Sm",
            )
        ]
    }


def generated(n: int, seed: int) -> list[Config]:
    """``n`` SM103 configurations over the builder's space, refusals included: both element pairs (and now and
    then a wrong data type, a wrapper type or an MN-major operand), every SM103 schedule, its aliases and Auto, tile
    M 128/256 (64 too), N 128/192/256 (64, 96, 320 too), K 768 (512 too), clusters 1..4 per mode, carveouts, an
    explicit stage count now and then, every SM100 epilogue schedule, alignments."""
    import random

    from cutedump.collective.config import SM103_KERNEL_SCHEDULES

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        a = rng.choice([NV, MX])
        b = a if rng.random() < 0.93 else rng.choice([NV, MX])
        r = rng.random()
        if r < 0.03:
            a = b = rng.choice(["nv_float4_t<float_e2m1_t>", "mx_float4_t<float_e2m1_t>"])
        elif r < 0.06:
            a = "cute::tuple<float_e4m3_t,float_ue8m0_t>"
        sched = rng.choice(SM103_KERNEL_SCHEDULES) if rng.random() < 0.8 else "KernelScheduleAuto"
        if a == NV and rng.random() < 0.85:  # ue4m3 scale factors: SFVecSize 16 (mostly)
            sched = rng.choice([s for s in SM103_KERNEL_SCHEDULES if "Vs16" in s])
        two = "2Sm" in sched or (sched == "KernelScheduleAuto" and rng.random() < 0.5)
        m = rng.choice([256, 256, 256, 128] if two else [128, 128, 128, 256, 64])
        nn = rng.choice([128, 128, 192, 256, 256, 64, 96, 320] if rng.random() < 0.3 else [128, 192, 256])
        kk = 768 if rng.random() < 0.93 else rng.choice([512, 384, 1536])
        cl = (rng.choice([2, 2, 4]) if two else rng.choice([1, 1, 2]), rng.choice([1, 1, 2, 4]), 1)
        la = "ColumnMajor" if rng.random() < 0.03 else "RowMajor"
        lb = "RowMajor" if rng.random() < 0.03 else "ColumnMajor"
        d = rng.choice(["bfloat16_t", "half_t", "float"])
        esched = rng.choice(
            ["EpilogueScheduleAuto"] * 3
            + ["TmaWarpSpecialized1Sm", "TmaWarpSpecialized2Sm", "NoSmemWarpSpecialized1Sm", "NoSmemWarpSpecialized2Sm"]
        )
        if esched != "EpilogueScheduleAuto" and ("2Sm" in esched) != two:
            esched = esched.replace("1Sm", "2Sm") if two else esched.replace("2Sm", "1Sm")
        out.append(
            _cfg(
                a,
                b,
                (m, nn, kk),
                cl,
                la,
                lb,
                c=rng.choice(["void", d, "float"]),
                d=d,
                schedule=sched,
                epilogue_schedule=esched,
                stages=rng.choice([None] * 30 + [4]),
                carveout=rng.choice([None, None, None, 0, 32768]),
                align=tuple(rng.choice([32] * 20 + [64, 64, 128, 16]) for _ in "ab") + (0, 0),
            )
        )
    return out
