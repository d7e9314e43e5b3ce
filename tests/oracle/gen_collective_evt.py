"""CUTLASS 4.2's epilogue CollectiveBuilders given a custom epilogue visitor tree (EVT) as their fusion (``--fusion
"Sm90EVT<...>"``, example 71's runners 6-9), on SM90, SM100 and SM120, and given a fusion with the ptr-array (grouped)
epilogues (``--grouped --fusion``), asked host-only with g++ (issue 44).

The programs are gen_collective_fusion.py's (SM100, SM120), gen_collective.py's (SM90) and
gen_collective_sm120_grouped.py's (SM120 grouped), the tree spelled with every namespace
(``cutedump.collective.evt.cpp``), with one more printer (``cd_fusion_evt``, appended to the fusion prelude so the
earlier batches keep their keys): the collective's ThreadEpilogueOp (FusionOperation for a tree), its FusionCallbacks'
class and the size of their SharedStorage. Which configurations CUTLASS builds is CUTLASS's answer: each is first
compiled as its own translation unit (:func:`refusals`), and only those that compile are asked (:func:`ask`).
"""

from __future__ import annotations

import hashlib

from cutedump.collective.config import Config, Operand
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_fusion as FU
from tests.oracle import gen_collective_sm120_grouped as SG

EXTRA = r"""
// (i) issue 44 (evt): a custom EVT's callbacks (or a named fusion's, on a ptr-array epilogue)
template <class E> void cd_fusion_evt() {
  cd_type<typename E::ThreadEpilogueOp>("epilogue.fusion.operation");
  cd_type<typename E::FusionCallbacks>("epilogue.fusion.callbacks");
  cd_int("epilogue.fusion.shared_storage_bytes", sizeof(typename E::FusionCallbacks::SharedStorage));
}
"""
PRELUDE = FU.PRELUDE + EXTRA


def cpp_body(cfg: Config) -> str:
    """The statements that build ``cfg``'s epilogue (with its fusion) and mainloop and print their fields."""
    from cutedump.collective.fusion import cpp_fusion

    if cfg.arch == "sm90":
        body = G.cpp_body(cfg)
    elif cfg.arch == "sm120" and cfg.grouped:
        body = SG.cpp_body(cfg)
        es = cfg.epilogue_schedule
        sched = f"cutlass::epilogue::{'collective::' if es == 'EpilogueScheduleAuto' else ''}{es}"
        old = f"    {sched}>::CollectiveOp;\n"
        assert old in body
        body = body.replace(old, f"    {sched},\n    {cpp_fusion(cfg, FU._TYPES)}>::CollectiveOp;\n")
    else:
        body = FU.cpp_body(cfg)
    body = body.replace("  cd_fusion<Epi>();\n", "")
    for p in ("  cd_epilogue_full<Epi>();\n", "  cd_epilogue<Epi>();\n"):
        body = body.replace(p, p + "  cd_fusion_evt<Epi>();\n")
    return body


def _parse(text: str) -> dict:
    out = FU._parse(text)
    fu = out.get("epilogue", {}).get("fusion")
    if fu is not None:
        fu["shared_storage_bytes"] = int(fu["shared_storage_bytes"])
    return out


def ask(configs: list[Config], chunk: int = 12) -> list[dict]:
    """CUTLASS's fields for each configuration it builds, ``chunk`` a program."""
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        outs += run_cases([cpp_body(c) for c in configs[i : i + chunk]], prelude=PRELUDE, extra_flags=G.FLAGS)
    return [_parse(o) for o in outs]


def refusals(configs: list[Config]) -> list[str]:
    """CUTLASS's first static_assert message of each configuration ("compiles" when none; else its first error),
    one translation unit each over a precompiled prelude (gen_collective.syntax_verdicts), recorded."""
    from tests.oracle import records

    srcs = [G.refusal_unit(cpp_body(c)) for c in configs]
    text = "pch\0" + "\0".join(G.FLAGS) + PRELUDE + "\0".join(srcs)
    key = "collective-evt-err-" + hashlib.sha256(records.question(text).encode()).hexdigest()[:24]
    return G.syntax_verdicts(srcs, PRELUDE, key, what=f"CUTLASS's refusals of {len(configs)} EVT/grouped epilogues")


# ------------------------------------------------------------------------------------------- configurations

NS = "cutlass::epilogue::fusion::"


def example_71_tree(d: str = "half_t", c: str = "half_t", compute: str = "float", scalar: str = "float") -> str:
    """Example 71's CustomEVT (alpha * acc + beta * C) as the example writes it (ElementD, ElementC half_t,
    ElementCompute and ElementScalar float, RoundStyle round_to_nearest)."""
    rs = "cutlass::FloatRoundStyle::round_to_nearest"
    return (
        f"{NS}Sm90EVT<{NS}Sm90Compute<cutlass::homogeneous_multiply_add, {d}, {compute}, {rs}>, "
        f"{NS}Sm90ScalarBroadcast<{scalar}>, {NS}Sm90SrcFetch<{c}>, "
        f"{NS}Sm90EVT<{NS}Sm90Compute<cutlass::multiplies, {compute}, {compute}, {rs}>, "
        f"{NS}Sm90ScalarBroadcast<{scalar}>, {NS}Sm90AccFetch>>"
    )


def example_71() -> dict[str, Config]:
    """Example 71's runners 6-9 (UseCustomEVT): half_t x half_t (A RowMajor, B ColumnMajor), C/D half_t ColumnMajor,
    float accumulator, cluster 2x2x1; 6: Auto/Auto (the 2SM 256x128x64 tile), 7: 1SM 128x128x64 with the 1SM TMA
    epilogue, 8: 2SM 256x128x64 with the 2SM TMA epilogue, 9: 1SM with the 1SM no-smem epilogue."""
    h = Operand("half_t", "RowMajor"), Operand("half_t", "ColumnMajor")
    hc = Operand("half_t", "ColumnMajor")
    t1, t2 = (128, 128, 64), (256, 128, 64)
    base = dict(fusion=example_71_tree())
    return {
        "6": Config("sm100", *h, hc, hc, "float", t2, (2, 2, 1), **base),
        "7": Config(
            "sm100", *h, hc, hc, "float", t1, (2, 2, 1), schedule="KernelTmaWarpSpecialized1SmSm100",
            epilogue_schedule="TmaWarpSpecialized1Sm", **base,
        ),
        "8": Config(
            "sm100", *h, hc, hc, "float", t2, (2, 2, 1), schedule="KernelTmaWarpSpecialized2SmSm100",
            epilogue_schedule="TmaWarpSpecialized2Sm", **base,
        ),
        "9": Config(
            "sm100", *h, hc, hc, "float", t1, (2, 2, 1), schedule="KernelTmaWarpSpecialized1SmSm100",
            epilogue_schedule="NoSmemWarpSpecialized1Sm", **base,
        ),
    }  # fmt: skip


_RS = "round_to_nearest"
_BIN = ["plus", "multiplies", "minus", "maximum", "minimum", "divides"]
_UN = ["ReLu", "SiLu", "Sigmoid", "GELU", "Tanh", "negate", "absolute_value_op"]


def random_tree(rng, cta_n: int, c: str, d: str, depth: int = 0, out: str | None = None) -> str:
    """A random tree of the modelled nodes: a compute node over 1-3 children (fetches, broadcasts, subtrees)."""
    el = ["float", "half_t", "bfloat16_t"]
    comp = rng.choice(["float", "float", "half_t"])
    out = out or rng.choice(["float", "half_t", d])

    def leaf():
        k = rng.random()
        if k < 0.25:
            return "Sm90AccFetch"
        if k < 0.4 and c != "void":
            return f"Sm90SrcFetch<{c}>"
        if k < 0.6:
            return f"Sm90ScalarBroadcast<{rng.choice(el)}>"
        if k < 0.8:
            m = rng.choice([64, 128, 256])
            return f"Sm90ColBroadcast<0, Shape<_{m},_{cta_n},_64>, {rng.choice(el + ['float_e4m3_t'])}>"
        m = rng.choice([64, 128])
        n = rng.choice([cta_n, cta_n, 64, 256])
        e = rng.choice(el + ["float_e4m3_t", "int8_t"])
        return f"Sm90RowBroadcast<0, Shape<_{m},_{n},_64>, {e}{rng.choice(['', ', float'])}>"

    arity = rng.choice([1, 2, 2, 3]) if depth < 2 else rng.choice([1, 2])
    fn = rng.choice(_UN) if arity == 1 else rng.choice(_BIN) if arity == 2 else "multiply_add"
    kids = []
    for _ in range(arity):
        if depth < 2 and rng.random() < 0.35:
            kids.append(random_tree(rng, cta_n, c, d, depth + 1, comp))
        else:
            kids.append(leaf())
    tree = rng.choice(["Sm90EVT", "Sm90TreeVisitor"])
    return f"{tree}<Sm90Compute<{fn}, {out}, {comp}, {_RS}>, {', '.join(kids)}>"


def _reduction(rng, m: int, n: int) -> str:
    """A scalar, row or column reduction node (now and then with CUTLASS's refusals: a non-atomic scalar reduction,
    Stages != 0)."""
    eo = rng.choice(["float", "half_t"])
    k = rng.random()
    if k < 0.35:
        gm = "atomic_add" if rng.random() < 0.85 else "plus"
        return f"Sm90ScalarReduction<{rng.choice(['plus', 'maximum'])}, {gm}, {eo}, float, {_RS}>"
    which = "Sm90RowReduction" if k < 0.7 else "Sm90ColReduction"
    st = 0 if rng.random() < 0.9 else 1
    gm = rng.choice(["atomic_add", "plus"])
    return f"{which}<plus, plus, {gm}, {st}, Shape<_{m},_{n},_64>, {eo}, float, {_RS}>"


def generated_evt(n: int, seed: int) -> list[Config]:
    """``n`` configurations with a random custom tree on SM90 (TMA epilogues, now and then Auto or the no-smem one:
    refused), SM100 (1SM/2SM/Auto/no-smem) and SM120 (dense fp8 mainloops), C void or not, 16/32-bit D, explicit
    epilogue tiles now and then; a few with a broadcast's Stages != 0 (CUTLASS's static_assert)."""
    import random

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        arch = rng.choice(["sm90", "sm90", "sm100", "sm100", "sm120"])
        c = rng.choice(["void", "half_t", "half_t", "float", "bfloat16_t"])
        d = rng.choice(["half_t", "half_t", "bfloat16_t", "float"])
        ld = rng.choice(["RowMajor", "ColumnMajor"])
        lc = ld if rng.random() < 0.8 else ("RowMajor" if ld == "ColumnMajor" else "ColumnMajor")
        ad, ac = 128 // Operand(d).bits, 0 if c == "void" else 128 // Operand(c).bits
        kw: dict = {}
        if arch == "sm90":
            a, b, acc = ("half_t", "half_t", "float")
            m, nn = rng.choice([(128, 128), (128, 256), (64, 128), (256, 128), (128, 64)])
            k = 64
            cl = rng.choice([(1, 1, 1), (2, 1, 1), (1, 2, 1)])
            kw["schedule"] = rng.choice(["KernelTmaWarpSpecializedCooperative", "KernelTmaWarpSpecializedPingpong"])
            if kw["schedule"].endswith("Cooperative") and m < 128:
                m = 128
            kw["epilogue_schedule"] = rng.choice(
                ["TmaWarpSpecializedCooperative", "TmaWarpSpecialized", "TmaWarpSpecialized"]
                + (["EpilogueScheduleAuto", "NoSmemWarpSpecialized"] if rng.random() < 0.15 else [])
            )
            if kw["epilogue_schedule"] == "TmaWarpSpecializedCooperative":
                kw["schedule"] = "KernelTmaWarpSpecializedCooperative"
                m = max(m, 128)
            cta_n = nn
        elif arch == "sm100":
            a, b, acc = rng.choice([("half_t", "half_t", "float"), ("bfloat16_t", "bfloat16_t", "float")])
            two = rng.random() < 0.5
            m = rng.choice([256, 256, 128]) if two else rng.choice([128, 128, 64])
            nn = rng.choice([64, 128, 128, 256])
            k = 64
            cl = (2 if two else rng.choice([1, 2]), rng.choice([1, 2]), 1)
            sm = "2Sm" if two else "1Sm"
            es = rng.choice(["EpilogueScheduleAuto", f"TmaWarpSpecialized{sm}", f"TmaWarpSpecialized{sm}",
                             f"NoSmemWarpSpecialized{sm}"])  # fmt: skip
            kw["epilogue_schedule"] = es
            kw["schedule"] = (
                f"KernelTmaWarpSpecialized{sm}Sm100"
                if es != "EpilogueScheduleAuto" or two or rng.random() < 0.5
                else "KernelScheduleAuto"
            )
            cta_n = nn
        else:
            a, b, acc = ("float_e4m3_t", "float_e4m3_t", "float")
            m, nn = rng.choice([(128, 128), (128, 64), (64, 128), (128, 256)])
            k = 128
            cl = (1, 1, 1)
            kw["schedule"] = rng.choice(["KernelTmaWarpSpecializedCooperative", "KernelTmaWarpSpecializedPingpong"])
            kw["epilogue_schedule"] = rng.choice(["TmaWarpSpecialized", "TmaWarpSpecializedCooperative"])
            cta_n = nn
        if rng.random() < 0.12 and not kw.get("epilogue_schedule", "").startswith(("EpilogueScheduleAuto", "NoSmem")):
            kw["epilogue_tile"] = rng.choice([(64, 32), (128, 64), (64, 64)])
        tree = random_tree(rng, cta_n, c, d)
        if rng.random() < 0.25:  # a reduction at the root (the reductions pass their input through)
            tree = f"Sm90EVT<{_reduction(rng, m, cta_n)}, {tree}>"
        if rng.random() < 0.06:
            tree = tree.replace("Sm90ColBroadcast<0,", "Sm90ColBroadcast<2,", 1).replace(
                "Sm90RowBroadcast<0,", "Sm90RowBroadcast<1,", 1
            )
        if rng.random() < 0.1:  # the tree as the example writes it (every namespace)
            tree = example_71_tree(d, c if c != "void" else d)
        ab = 128 // Operand(a).bits
        out.append(
            Config(
                arch,
                Operand(a, "RowMajor"),
                Operand(b, "ColumnMajor"),
                Operand(c, lc),
                Operand(d, ld),
                acc,
                (m, nn, k),
                cl,
                align=(ab, ab, ac, ad),
                fusion=tree,
                **kw,
            )
        )
    return out


_NAMED = ["LinearCombination", "LinCombEltAct<ReLu>", "LinCombEltAct<GELU>", "LinCombPerRowBias",
          "LinCombPerColBias", "LinCombPerRowBiasEltAct<SiLu>", "ScaledLinCombPerRowBiasEltAct<ReLU>"]  # fmt: skip


def generated_grouped(n: int, seed: int) -> list[Config]:
    """``n`` grouped (ptr-array) configurations with a fusion: a named operation or a custom tree, on SM90
    (KernelPtrArrayTmaWarpSpecialized{Cooperative,Pingpong}, the PtrArray TMA and no-smem epilogues), SM100
    (KernelPtrArrayTmaWarpSpecialized{1,2}SmSm100, PtrArray{TmaWarpSpecialized,NoSmemWarpSpecialized}{1,2}Sm) and
    SM120 (block-scaled nv_float4_t grouped GEMMs, examples 79d: Auto, PtrArray Cooperative/Pingpong epilogues)."""
    import random

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        arch = rng.choice(["sm90", "sm90", "sm100", "sm100", "sm120"])
        c = rng.choice(["void", "half_t", "half_t", "float"])
        d = rng.choice(["half_t", "bfloat16_t", "float"])
        ld = rng.choice(["RowMajor", "ColumnMajor"])
        ad, ac = 128 // Operand(d).bits, 0 if c == "void" else 128 // Operand(c).bits
        kw: dict = {"grouped": True}
        if arch == "sm90":
            a = b = "half_t"
            coop = rng.random() < 0.6
            m, nn = rng.choice([(128, 128), (128, 256), (256, 128)]) if coop else rng.choice([(64, 128), (128, 128)])
            k = 64
            cl = rng.choice([(1, 1, 1), (2, 1, 1), (1, 2, 1)])
            kw["schedule"] = f"KernelPtrArrayTmaWarpSpecialized{'Cooperative' if coop else 'Pingpong'}"
            kw["epilogue_schedule"] = rng.choice(
                [f"PtrArrayTmaWarpSpecialized{'Cooperative' if coop else 'Pingpong'}"] * 3
                + ["PtrArrayNoSmemWarpSpecialized", "PtrArrayTmaWarpSpecialized"]
            )
            cta_n = nn
            align = (8, 8, ac, ad)
        elif arch == "sm100":
            a = b = rng.choice(["half_t", "bfloat16_t"])
            two = rng.random() < 0.5
            m = rng.choice([256, 256, 128]) if two else rng.choice([128, 128, 64])
            nn = rng.choice([64, 128, 128, 256])
            k = 64
            cl = (2 if two else rng.choice([1, 2]), rng.choice([1, 2]), 1)
            sm = "2Sm" if two else "1Sm"
            kw["schedule"] = f"KernelPtrArrayTmaWarpSpecialized{sm}Sm100"
            kw["epilogue_schedule"] = rng.choice(
                [f"PtrArrayTmaWarpSpecialized{sm}"] * 3 + [f"PtrArrayNoSmemWarpSpecialized{sm}"]
            )
            cta_n = nn
            align = (8, 8, ac, ad)
        else:
            a = b = "nv_float4_t<float_e2m1_t>"
            # (N 64: the block-scaled SM120 mainloop's SFB layout, outside this file's subject, disagrees)
            m, nn = rng.choice([(128, 128), (128, 128), (128, 256)])
            k = 128
            cl = (1, 1, 1)
            kw["schedule"] = rng.choice(["KernelScheduleAuto", "KernelPtrArrayTmaWarpSpecializedPingpong",
                                         "KernelPtrArrayTmaWarpSpecializedCooperative"])  # fmt: skip
            kw["epilogue_schedule"] = rng.choice(
                ["EpilogueScheduleAuto", "PtrArrayTmaWarpSpecializedPingpong", "PtrArrayTmaWarpSpecializedCooperative"]
            )
            cta_n = nn
            align = (32, 32, ac, ad)
        fusion = rng.choice(_NAMED) if rng.random() < 0.6 else random_tree(rng, cta_n, c, d)
        if fusion == "LinearCombination" and kw["epilogue_schedule"].startswith("PtrArrayNoSmem") and arch == "sm100":
            fusion = "LinCombEltAct<ReLu>"  # (the legacy thread::LinearCombination: not modelled, no FusionCallbacks)
        out.append(
            Config(
                arch,
                Operand(a, "RowMajor"),
                Operand(b, "ColumnMajor"),
                Operand(c, ld),
                Operand(d, ld),
                "float",
                (m, nn, k),
                cl,
                align=align,
                fusion=fusion,
                **kw,
            )
        )
    return out
