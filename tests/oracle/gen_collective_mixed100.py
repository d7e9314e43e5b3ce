"""CUTLASS 4.2's SM100 mixed-input GEMM builder (``sm100_mixed_input_umma_builder.inl``: the
KernelScheduleSm100MixedInputGemm schedules, A the narrow operand converted in the transform warps, its collective
``MainloopSm100TmaUmmaWarpSpecializedMixedInput``), asked host-only with g++ (issue 44: CUTLASS's example 86).

The programs reuse gen_collective.py's prelude and gen_collective_mixed.py's printer (``cd_mixed``: conversion mode,
IsATransformed, SwapAB, scale/zero types, the scale smem layouts) and add one (``cd_mixed100``: the three pipelines'
stage counts, the transformed A's smem layouts, where the MMA reads it from, the scale granularity). The earlier
preludes are left as they were, so their records stay valid. Answers are recorded (tests/oracle/records.py).
"""

from __future__ import annotations

import hashlib

from cutedump.collective.config import Config, Operand, operand_with
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_mixed as M

EXTRA = r"""
// (h) issue 44: the SM100 mixed-input collective's own fields
template <class M> void cd_mixed100() {
  using DP = typename M::DispatchPolicy;
  cd_int("mainloop.dispatch_policy.transform2mma_stages", DP::Transform2MmaPipelineStageCount);
  cd_int("mainloop.dispatch_policy.scheduler_stages", DP::Schedule::SchedulerPipelineStageCount);
  cd_int("mainloop.dispatch_policy.accumulator_stages", DP::Schedule::AccumulatorPipelineStageCount);
  cd_print("mainloop.smem_layout_atom_a_compute", typename M::SmemLayoutAtomACompute{});
  cd_print("mainloop.smem_layout_a_compute", typename M::SmemLayoutACompute{});
  cd_int("mainloop.a_compute_in_tmem", cute::is_base_of<cute::UMMA::tmem_frg_base, typename M::TiledMma::FrgTypeA>::value);
  cd_int("mainloop.scale_granularity_mn", M::ScaleGranularityMN);
  cd_int("mainloop.scale_granularity_k", M::ScaleGranularityK);
}
"""
PRELUDE = M.PRELUDE + EXTRA


def cpp_body(cfg: Config, tuple_a: bool = False) -> str:
    """gen_collective.cpp_body with the mixed-input printers; the converted operand as example 86 spells it:
    ``cute::tuple<Element[, ElementScale[, ElementZero]]>`` (``tuple_a``: a one-element tuple for ConvertOnly), its
    layout tag ``cute::tuple<Layout, LayoutScale>`` where a scale group is given
    (``Sm100MixedInputBlockwiseScaleConfig<MN, K>::deduce_layout_scale()``)."""
    epi, main, rest = G.cpp_body(cfg._replace(scale_group=None)).partition("  using Main = ")
    body = main + rest
    t = G._CPP_TYPE
    pre = ""
    for op, w in ((cfg.a, "a"), (cfg.b, "b")):
        el = t[op.element]
        if op.scale or (tuple_a and w == "a"):
            el = f"cute::tuple<{', '.join(t[x] for x in (op.element, *op.scale))}>"
        lay = f"cutlass::layout::{op.layout}"
        if w == "a" and cfg.scale_group is not None:
            pre = (
                "  using ScaleConfig = cutlass::detail::Sm100MixedInputBlockwiseScaleConfig<"
                f"{cfg.scale_group[0]}, {cfg.scale_group[1]}>;\n"
                "  using LayoutScale = decltype(ScaleConfig::deduce_layout_scale());\n"
            )
            lay = f"cute::tuple<{lay}, LayoutScale>"
        old = f"    {t[op.element]}, cutlass::layout::{op.layout}, {cfg.alignment(w)},\n"
        new = f"    {el}, {lay}, {cfg.alignment(w)},\n"
        assert old in body, (old, body)
        body = body.replace(old, new, 1)
    body = body.replace(
        "  cd_mainloop<Main>();\n", "  cd_mainloop<Main>();\n  cd_mixed<Main>();\n  cd_mixed100<Main>();\n"
    )
    return pre + epi + body


def _fix(a: dict) -> dict:
    a = M._fix(a)
    m = a.get("mainloop", {})
    if "a_compute_in_tmem" in m:
        m["a_compute_in_tmem"] = m["a_compute_in_tmem"] == "1"
        m["scale_granularity_mn"] = int(m["scale_granularity_mn"])
        m["scale_granularity_k"] = int(m["scale_granularity_k"])
    return a


def ask(configs: list[Config], chunk: int = 6, tuple_a: bool = False) -> list[dict]:
    """CUTLASS's fields for each accepted configuration, ``chunk`` a program."""
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        bodies = [cpp_body(c, tuple_a) for c in configs[i : i + chunk]]
        outs += run_cases(bodies, prelude=PRELUDE, extra_flags=G.FLAGS)
    return [_fix(G.parse_answer(o)) for o in outs]


def refusals(configs: list[Config]) -> list[str]:
    """CUTLASS's first error of each configuration ("compiles" when none), one translation unit each."""
    srcs = [G.refusal_unit(cpp_body(c)) for c in configs]
    text = "pch\0" + "\0".join(G.FLAGS) + PRELUDE + "\0".join(srcs)
    key = "collective-mixed100-err-" + hashlib.sha256(text.encode()).hexdigest()[:24]
    return G.syntax_verdicts(
        srcs, PRELUDE, key, what=f"CUTLASS's refusals of {len(configs)} SM100 mixed-input collectives"
    )


# ------------------------------------------------------------------------------------------- configurations


def _cfg(a, b, tile, cluster=(1, 1, 1), c="bfloat16_t", d="bfloat16_t", lc="ColumnMajor", **kw) -> Config:
    return Config("sm100", a, b, Operand(c, lc), Operand(d, lc), kw.pop("acc", "float"), tile, cluster, **kw)


#: example 86's element types (MmaType bfloat16_t, QuantType int4b_t, scale and zero bfloat16_t) and its pairs' names
EXAMPLE_PAIRS = ("ConvertOnly", "ScaleOnly", "ScaleWithZeroPoint")


def examples() -> dict[str, Config]:
    """Example 86's three mainloop builder pairs as 86_blackwell_mixed_dtype.cu writes them: A and B swapped and
    transposed (the builder's A is the example's quantized B, ColumnMajor transposed to RowMajor = K-major, 32
    elements = 128 bits; its B the example's bfloat16_t A, RowMajor transposed to ColumnMajor), MmaTileShape
    256x128x128, cluster 2x1x1, KernelTmaWarpSpecialized2SmMixedInputSm100, the epilogue TmaWarpSpecialized2Sm with
    bfloat16_t C/D transposed (ColumnMajor), StageCountAutoCarveout<sizeof(Epilogue::SharedStorage)>; the scaled
    pairs' layout tag cute::tuple<LayoutB_Transpose, LayoutScale> of Sm100MixedInputBlockwiseScaleConfig<1, 128>."""
    kw = {
        "schedule": "KernelTmaWarpSpecialized2SmMixedInputSm100",
        "epilogue_schedule": "TmaWarpSpecialized2Sm",
    }
    b = Operand("bfloat16_t", "ColumnMajor")
    scales = {"ConvertOnly": (), "ScaleOnly": ("bfloat16_t",), "ScaleWithZeroPoint": ("bfloat16_t", "bfloat16_t")}
    return {
        name: _cfg(
            operand_with("int4b_t", "RowMajor", s),
            b,
            (256, 128, 128),
            (2, 1, 1),
            scale_group=(1, 128) if s else None,
            **kw,
        )
        for name, s in scales.items()
    }


NARROW = ["int4b_t", "uint4b_t", "int8_t", "uint8_t", "float_e4m3_t", "float_e5m2_t"]
SCHEDULES = [
    "KernelTmaWarpSpecialized1SmMixedInputSm100",
    "KernelTmaWarpSpecialized2SmMixedInputSm100",
    "KernelTmaWarpSpecialized1SmMixedInputSmemSm100",
]


def generated(n: int, seed: int, scaled: float = 0.5) -> list[Config]:
    """``n`` configurations over the builder's space, refusals included: every narrow type x half_t/bfloat16_t
    (and 4-bit x float_e4m3_t, the F8F6F4 UMMA; some pairs the builder does not take), A K-major mostly (MN-major
    A: the SS UMMA, or no UMMA with 2SM), B either major, the 1SM/2SM (TMEM A) and 1SM smem-A schedules, tiles M
    64..256, N 16..256 (over 128: the auto stage count's refusal), K 32..256, clusters 1..4 x 1..2, scales
    (``scaled`` of them: ConvertAndScale / WithZero, half_t/bfloat16_t/float scale types) with and without a scale
    group, explicit stage counts and carveouts, every epilogue schedule, odd alignments, C void/16-bit/float."""
    import random

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        r = rng.random()
        if r < 0.75:
            narrow, wide = rng.choice(NARROW), rng.choice(["half_t", "bfloat16_t"])
        elif r < 0.88:
            narrow, wide = rng.choice(["int4b_t", "uint4b_t"]), "float_e4m3_t"
        else:
            narrow, wide = rng.choice([("int4b_t", "int8_t"), ("int8_t", "float"), ("uint4b_t", "float_e5m2_t")])
        sched = rng.choice(SCHEDULES + SCHEDULES[:2] * 2)
        if rng.random() < 0.04:
            sched = rng.choice(["KernelTmaWarpSpecialized2SmMixedInputSmemSm100", "KernelScheduleSm100MixedInputGemm"])
        two = "2Sm" in sched
        a_k = rng.random() < 0.88
        b_k = rng.random() < 0.7
        scale = ()
        if rng.random() < scaled:
            st = (
                wide
                if wide in ("half_t", "bfloat16_t") and rng.random() < 0.7
                else rng.choice(["half_t", "bfloat16_t", "float"])
            )
            scale = (st,) if rng.random() < 0.5 else (st, st)
        a = operand_with(narrow, "RowMajor" if a_k else "ColumnMajor", scale)
        b = Operand(wide, "ColumnMajor" if b_k else "RowMajor")
        m = rng.choice([128, 256, 256, 128] if two else [64, 128, 128])
        nn = rng.choice([64, 128, 128, 128, 256, 32, 96, 16, 192])
        kk = rng.choice([64, 128, 128, 256, 32])
        cm = rng.choice([2, 2, 4] if two and rng.random() < 0.95 else [1, 1, 2, 4])
        cl = (cm, rng.choice([1, 1, 2]), 1)
        group = None
        if scale or rng.random() < 0.1:
            if rng.random() < 0.8:
                group = (rng.choice([1, 1, 1, 64, 256]), rng.choice([32, 64, 128, 128, 256]))
        align = [0, 0, 0, 0]
        if rng.random() < 0.08:
            align[0] = rng.choice([2, 4, 8, 16])
        if rng.random() < 0.05:
            align[1] = rng.choice([2, 4])
        esched = rng.choice(
            ["EpilogueScheduleAuto"] * 2
            + ["TmaWarpSpecialized2Sm" if two else "TmaWarpSpecialized1Sm"] * 3
            + ["NoSmemWarpSpecialized2Sm" if two else "NoSmemWarpSpecialized1Sm"]
        )
        c = rng.choice(["bfloat16_t", "bfloat16_t", "half_t", "float", "void"])
        d = rng.choice(["half_t", "bfloat16_t", "float"]) if c == "void" else c
        kw = {}
        if rng.random() < 0.1:
            kw["carveout"] = rng.choice([0, 8192, 32768])
        if rng.random() < 0.15:
            kw["stages"] = rng.choice([2, 3, 4, 6])
        acc = "float" if rng.random() < 0.9 else "half_t"
        out.append(
            _cfg(
                a,
                b,
                (m, nn, kk),
                cl,
                c=c,
                d=d,
                lc=rng.choice(["ColumnMajor", "RowMajor"]),
                acc=acc,
                schedule=sched,
                epilogue_schedule=esched,
                align=tuple(align),
                scale_group=group,
                **kw,
            )
        )
    return out


def key(cfg: Config) -> str:
    return hashlib.sha256(cpp_body(cfg).encode()).hexdigest()[:12]


def other_schedules() -> list[Config]:
    """Two widths (and scaled operands) with SM100's other schedules: KernelScheduleAuto and the dense 1SM/2SM
    schedules go to the dense UMMA builder (sm100_umma_builder.inl), not to the mixed-input one, as CUTLASS
    refuses or builds them."""
    kw = {"epilogue_schedule": "TmaWarpSpecialized1Sm"}
    b16 = Operand("bfloat16_t", "ColumnMajor")
    return [
        _cfg(Operand("int4b_t", "RowMajor"), b16, (128, 128, 128), **kw),
        _cfg(Operand("uint4b_t", "RowMajor"), b16, (128, 128, 128), schedule="KernelTmaWarpSpecialized1SmSm100", **kw),
        _cfg(operand_with("int4b_t", "RowMajor", ("bfloat16_t",)), b16, (128, 128, 128), **kw),
        _cfg(Operand("int8_t", "RowMajor"), b16, (128, 128, 128), **kw),
        _cfg(Operand("int4b_t", "RowMajor"), b16, (128, 128, 128), align=(128, 0, 0, 0), **kw),
        _cfg(
            operand_with("float_e4m3_t", "RowMajor", ("half_t", "half_t")),
            Operand("half_t", "ColumnMajor"),
            (256, 128, 128),
            (2, 1, 1),
            schedule="KernelTmaWarpSpecialized2SmSm100",
            epilogue_schedule="TmaWarpSpecialized2Sm",
        ),
    ]


def narrow_floats() -> list[Config]:
    """A 4-bit float A (float_e2m1_t) and 6-bit ones (float_e2m3_t, float_e3m2_t) with the mixed-input schedules:
    x 16-bit and x float_e4m3_t, converted only or scaled, 1SM and 2SM, A in TMEM and in smem."""
    out = []
    for i, (a, b) in enumerate(
        [
            ("float_e2m1_t", "bfloat16_t"),
            ("float_e2m1_t", "half_t"),
            ("float_e2m1_t", "float_e4m3_t"),
            ("float_e2m3_t", "half_t"),
            ("float_e3m2_t", "bfloat16_t"),
        ]
    ):
        for j, (sched, tile, cl) in enumerate(
            [
                ("KernelTmaWarpSpecialized1SmMixedInputSm100", (128, 128, 128), (1, 1, 1)),
                ("KernelTmaWarpSpecialized2SmMixedInputSm100", (256, 128, 128), (2, 1, 1)),
                ("KernelTmaWarpSpecialized1SmMixedInputSmemSm100", (128, 64, 256), (1, 2, 1)),
            ]
        ):
            scale = ((), (b if b != "float_e4m3_t" else "half_t",), ("bfloat16_t", "bfloat16_t"))[(i + j) % 3]
            out.append(
                _cfg(
                    operand_with(a, "RowMajor", scale),
                    Operand(b, "ColumnMajor"),
                    tile,
                    cl,
                    schedule=sched,
                    epilogue_schedule="TmaWarpSpecialized2Sm" if "2Sm" in sched else "TmaWarpSpecialized1Sm",
                    align=(128, 0, 0, 0),
                    scale_group=(1, 128) if scale else None,
                )
            )
    return out


def transaction_bytes_verdicts(configs: list[Config]) -> list[str]:
    """CUTLASS's first error of each configuration when its kernel reads the collective's TmaTransactionBytes (as
    the load warp does: Utils::compute_tma_transaction_bytes_extra_transform's checks of the scales' stage bytes)."""
    srcs = [
        G.refusal_unit(cpp_body(c)).replace(
            "  cd_mainloop<Main>();\n", "  (void)Main::TmaTransactionBytes;\n  cd_mainloop<Main>();\n"
        )
        for c in configs
    ]
    text = "pch\0" + "\0".join(G.FLAGS) + PRELUDE + "\0".join(srcs)
    key = "collective-mixed100-txbytes-" + hashlib.sha256(text.encode()).hexdigest()[:24]
    return G.syntax_verdicts(srcs, PRELUDE, key, what=f"CUTLASS's TmaTransactionBytes of {len(configs)} collectives")


def transaction_bytes_cases() -> list[Config]:
    """Scaled collectives whose scales' stage is 128-byte aligned or not (the builder builds them all)."""
    ex = examples()
    scaled = ex["ScaleOnly"]
    h = Operand("half_t", "ColumnMajor")
    one = {"schedule": "KernelTmaWarpSpecialized1SmMixedInputSm100", "epilogue_schedule": "TmaWarpSpecialized1Sm"}
    return [
        scaled,
        ex["ScaleWithZeroPoint"],
        _cfg(operand_with("int4b_t", "RowMajor", ("half_t",)), h, (128, 128, 128), **one),
        _cfg(
            operand_with("int4b_t", "RowMajor", ("half_t", "half_t")), h, (128, 128, 128), scale_group=(64, 128), **one
        ),
    ]
