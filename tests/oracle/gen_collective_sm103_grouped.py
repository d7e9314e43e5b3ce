"""CUTLASS 4.2's SM103 block-scaled builder for grouped GEMMs (``sm103_blockscaled_umma_builder.inl`` with the
``KernelPtrArrayTmaWarpSpecialized{1,2}SmBlockScaledMxNvf4UltraVs{16,32}Sm103*`` and
``KernelSchedulePtrArraySm103BlockScaled*`` schedules: MainloopSm103ArrayTmaUmmaWarpSpecializedBlockScaled, example
90's FP4 "ultra" grouped GEMM) and SM100's epilogue builder with the PtrArray epilogues and fusions, asked host-only
with g++.

The programs are gen_collective_sm103.py's with every layout tag a pointer (``LayoutA *``, as example 90 writes them)
where the configuration is grouped, the fusion operation as the epilogue builder's last template argument and
gen_collective_fusion.py's ``cd_fusion`` printer appended to the prelude. Answers are recorded
(tests/oracle/records.py).
"""

from __future__ import annotations

import hashlib

from cutedump.collective.config import SM103_KERNEL_SCHEDULES, SM103_PTR_ARRAY_SCHEDULES, Config
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_fusion as F
from tests.oracle import gen_collective_sm103 as S

PRELUDE = S.PRELUDE + F.EXTRA


def cpp_body(cfg: Config) -> str:
    """gen_collective_sm103.cpp_body with pointer layout tags (grouped) and the fusion operation (--fusion)."""
    body = S.cpp_body(cfg._replace(grouped=False, fusion=None))
    lay = "cutlass::layout::"
    if cfg.grouped:
        for w in "abcd":
            o = getattr(cfg, w)
            el = S.cpp_element(o.element) if w in "ab" else G._CPP_TYPE[o.element]
            line = f"    {el}, {lay}{o.layout}, {cfg.alignment(w)},\n"
            body = body.replace(line, f"    {el}, {lay}{o.layout} *, {cfg.alignment(w)},\n")  # (C = D: both)
            assert f"    {el}, {lay}{o.layout} *, {cfg.alignment(w)},\n" in body, body
    if cfg.fusion is not None:
        es = cfg.epilogue_schedule
        sched = f"cutlass::epilogue::{'collective::' if es == 'EpilogueScheduleAuto' else ''}{es}"
        old = f"    {sched}>::CollectiveOp;\n"
        assert old in body, (old, body)
        body = body.replace(old, f"    {sched},\n    {G.fusion_cpp(cfg)}>::CollectiveOp;\n")
        body = body.replace("  cd_epilogue_full<Epi>();\n", "  cd_epilogue_full<Epi>();\n  cd_fusion<Epi>();\n")
    return body


def parse(text: str) -> dict:
    a = S.parse(text)
    fu = a.get("epilogue", {}).get("fusion")
    if fu is not None:
        for k in ("sf_vec_size", "shared_storage_bytes"):
            if k in fu:
                fu[k] = int(fu[k])
    return a


def ask(configs: list[Config], chunk: int = 8) -> list[dict]:
    """CUTLASS's fields for each accepted configuration, ``chunk`` a program."""
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        outs += run_cases([cpp_body(c) for c in configs[i : i + chunk]], prelude=PRELUDE, extra_flags=G.FLAGS)
    return [parse(o) for o in outs]


def refusals(configs: list[Config]) -> list[str]:
    """CUTLASS's first static_assert message of each configuration ("compiles" when none), one translation unit
    each (the collectives' classes and SharedStorage instantiated, as gen_collective_sm103.refusals)."""
    srcs = [G.refusal_unit(cpp_body(c)) for c in configs]
    text = "pch\0" + "\0".join(G.FLAGS) + PRELUDE + "\0".join(srcs)
    key = "collective-sm103g-err-" + hashlib.sha256(text.encode()).hexdigest()[:24]
    return G.syntax_verdicts(srcs, PRELUDE, key, what=f"CUTLASS's refusals of {len(configs)} SM103 grouped collectives")


# ------------------------------------------------------------------------------------------- configurations

NV, MX = S.NV, S.MX


def examples() -> dict[str, list[Config]]:
    """Example 90 (90_sm103_fp4_ultra_grouped_gemm.cu) as its source writes it: cute::tuple<float_e2m1_t,
    float_ue4m3_t> A (RowMajor *, x32) and B (ColumnMajor *, x32), half_t C and D (RowMajor *, x8), float
    accumulator, the dynamic cluster Shape<int,int,_1> (launched 2x1, fallback 2x1), the mainloop's carveout
    sizeof(CollectiveEpilogue::SharedStorage); MMA1SMConfig (128x256x768,
    KernelPtrArrayTmaWarpSpecialized1SmBlockScaledMxNvf4UltraVs16Sm103, PtrArrayNoSmemWarpSpecialized1Sm) and
    MMA2SMConfig (256x256x768, the 2Sm schedule, PtrArrayNoSmemWarpSpecialized2Sm)."""
    out = []
    for sm, m in (("1Sm", 128), ("2Sm", 256)):
        out.append(
            S._cfg(
                NV,
                NV,
                (m, 256, 768),
                (1, 1, 1),
                c="half_t",
                d="half_t",
                align=(32, 32, 8, 8),
                grouped=True,
                dynamic_cluster=((2, 1, 1), (2, 1, 1)),
                schedule=f"KernelPtrArrayTmaWarpSpecialized{sm}BlockScaledMxNvf4UltraVs16Sm103",
                epilogue_schedule=f"PtrArrayNoSmemWarpSpecialized{sm}",
            )
        )
    # the example's SF output (its "Enable for SF Output" lines): D float_e2m1_t (AlignmentD 32) and the fusion
    # LinCombEltActBlockScaleFactor<SiLu, 16, ElementD, float, float_ue4m3_t, LayoutC, ElementC>
    sf = "LinCombEltActBlockScaleFactor<SiLu, 16, float_e2m1_t, float, float_ue4m3_t, RowMajor, half_t>"
    return {
        "90": out,
        "90_sf": [c._replace(d=c.d._replace(element="float_e2m1_t"), align=(32, 32, 8, 32), fusion=sf) for c in out],
    }


#: the fusion operations drawn (gen_collective_fusion's spellings; example 90's commented-out
#: LinCombEltActBlockScaleFactor<SiLu, 16, .., float_ue4m3_t, RowMajor, C> among them, D float_e2m1_t)
FUSIONS = ("LinCombEltAct<ReLu>", "LinCombPerRowBias", "LinCombPerColBiasEltAct<SiLu>")
SF_FUSIONS = (
    "LinCombEltActBlockScaleFactor<SiLu, 16, float_e2m1_t, float, float_ue4m3_t, RowMajor, {c}>",
    "LinCombBlockScaleFactor<32, float_e2m1_t, float, float_ue8m0_t, RowMajor, {c}>",
)


def generated(n: int, seed: int) -> list[Config]:
    """``n`` SM103 configurations, mostly grouped (pointer layout tags) with the ptr-array schedules (every one,
    the suffixless aliases and the KernelSchedulePtrArraySm103BlockScaled* tags), now and then a plain SM103
    schedule or Auto with pointer layout tags, a ptr-array schedule without them, both element pairs (now and
    then a wrong data type, a wrapper or an MN-major operand), tile M 128/256 (64 too), N 128/192/256 (64, 96, 320
    too), K 768 (512 too), static and dynamic clusters, carveouts, an explicit stage count now and then, the
    PtrArray and plain epilogue schedules, a fusion operation now and then, alignments."""
    import random

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        a = rng.choice([NV, MX])
        b = a if rng.random() < 0.95 else rng.choice([NV, MX])
        r = rng.random()
        if r < 0.03:
            a = b = rng.choice(["nv_float4_t<float_e2m1_t>", "mx_float4_t<float_e2m1_t>"])
        elif r < 0.05:
            a = "cute::tuple<float_e4m3_t,float_ue8m0_t>"
        r = rng.random()
        grouped = r < 0.9
        if r < 0.85 or not grouped:
            sched = rng.choice(SM103_PTR_ARRAY_SCHEDULES)
            if a == NV and rng.random() < 0.85:  # ue4m3 scale factors: SFVecSize 16 (mostly)
                sched = rng.choice([s for s in SM103_PTR_ARRAY_SCHEDULES if "Vs16" in s])
        else:
            sched = rng.choice(SM103_KERNEL_SCHEDULES)
        two = "2Sm" in sched or (sched == "KernelScheduleAuto" and rng.random() < 0.5)
        m = rng.choice([256] * 6 + [128] if two else [128] * 8 + [256, 64])
        nn = rng.choice([128, 128, 192, 256, 256, 64, 96, 320] if rng.random() < 0.15 else [128, 192, 256])
        kk = 768 if rng.random() < 0.95 else rng.choice([512, 1536])
        dyn = None
        if rng.random() < 0.35:
            p = (rng.choice([2, 4]) if two else rng.choice([1, 2]), rng.choice([1, 2]), 1)
            dyn = (p, p)
            cl = (1, 1, 1)
        else:
            cl = (rng.choice([2, 2, 4]) if two else rng.choice([1, 1, 2]), rng.choice([1, 1, 2, 4]), 1)
        la = "ColumnMajor" if rng.random() < 0.03 else "RowMajor"
        lb = "RowMajor" if rng.random() < 0.03 else "ColumnMajor"
        d = rng.choice(["bfloat16_t", "half_t", "float"])
        ptr = "PtrArray" if grouped or rng.random() < 0.5 else ""
        esched = rng.choice(
            ["EpilogueScheduleAuto"] * 2
            + [f"{ptr}TmaWarpSpecialized1Sm", f"{ptr}TmaWarpSpecialized2Sm"] * 2
            + [f"{ptr}NoSmemWarpSpecialized1Sm", f"{ptr}NoSmemWarpSpecialized2Sm"]
        )
        if rng.random() < 0.05:  # a plain epilogue schedule with pointer layout tags (or the other way round)
            esched = esched.replace("PtrArray", "") if ptr else "PtrArray" + esched
        if esched != "EpilogueScheduleAuto" and ("2Sm" in esched) != two and rng.random() < 0.9:
            esched = esched.replace("1Sm", "2Sm") if two else esched.replace("2Sm", "1Sm")
        c = rng.choice(["void", d, "float"])
        fusion = None
        r = rng.random()
        if r < 0.1:
            fusion = rng.choice(FUSIONS)
        elif r < 0.2:  # a block-scale-factor output: D float_e2m1_t, its source half_t or none
            d, c = "float_e2m1_t", rng.choice(["void", "half_t"])
            fusion = rng.choice(SF_FUSIONS).format(c="half_t" if c == "void" else c)
        out.append(
            S._cfg(
                a,
                b,
                (m, nn, kk),
                cl,
                la,
                lb,
                c=c,
                d=d,
                schedule=sched,
                epilogue_schedule=esched,
                stages=rng.choice([None] * 40 + [4]),
                carveout=rng.choice([None, None, None, 0, 32768]),
                align=tuple(rng.choice([32] * 30 + [64, 64, 128, 16]) for _ in "ab") + (0, 0),
                grouped=grouped,
                dynamic_cluster=dyn,
                fusion=fusion,
            )
        )
    return out
