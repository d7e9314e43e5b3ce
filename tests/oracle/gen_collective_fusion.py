"""CUTLASS 4.2's SM100 and SM120 epilogue CollectiveBuilders with a fusion operation (``--fusion``), the
block-scale-factor outputs of examples 72b and 79b included (issue 44, item 6), asked host-only with g++.

The programs are gen_collective_bs.py's (SM100) and gen_collective_sm120.py's (SM120) with the fusion operation as
the epilogue builder's last template argument (spelled by ``cutedump.collective.fusion.cpp_fusion``) and one more
printer (``cd_fusion``, appended to the SM100 block-scaled prelude, so the earlier batches keep their keys): the
fusion callbacks' operation, the size of their SharedStorage and, for a block-scale-factor operation, its
SFVecSize, ElementBlockScaleFactor, GmemLayoutTagScalefactor and the SFD layout its store node tiles
(``Sm1xxBlockScaledOutputConfig<SFVecSize, K or MN>::LayoutSF``).

Which configurations CUTLASS builds is CUTLASS's answer, not cutedump's: every configuration is first compiled as
its own translation unit (:func:`refusals`), and only those that compile are asked for their fields (:func:`ask`), so
the records' keys do not depend on cutedump's rules.
"""

from __future__ import annotations

import hashlib

from cutedump.collective.config import Config, Operand
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_bs as B
from tests.oracle import gen_collective_sm120 as S

EXTRA = r"""
// (h) issue 44 item 6: the fusion callbacks of an SM100/SM120 epilogue
template <class E> void cd_fusion() {
  using Op = typename E::ThreadEpilogueOp;
  cd_type<Op>("epilogue.fusion.operation");
  cd_int("epilogue.fusion.shared_storage_bytes", sizeof(typename E::FusionCallbacks::SharedStorage));
  if constexpr (Op::IsBlockScaleSupported) {
    cd_int("epilogue.fusion.sf_vec_size", Op::SFVecSize);
    cd_type<typename Op::ElementBlockScaleFactor>("epilogue.fusion.element_block_scale_factor");
    cd_type<typename Op::GmemLayoutTagScalefactor>("epilogue.fusion.gmem_layout_tag_scalefactor");
    constexpr auto major = std::is_same_v<typename Op::GmemLayoutTagScalefactor, cutlass::layout::RowMajor>
                               ? cute::UMMA::Major::K : cute::UMMA::Major::MN;
    cd_print("epilogue.fusion.layout_sfd",
             typename cutlass::detail::Sm1xxBlockScaledOutputConfig<Op::SFVecSize, major>::LayoutSF{});
  }
}
"""
PRELUDE = B.PRELUDE + S.SFX + EXTRA

_TYPES = dict(G._CPP_TYPE)


def cpp_body(cfg: Config) -> str:
    """The statements that build ``cfg``'s epilogue (with its fusion) and mainloop and print their fields."""
    from cutedump.collective.fusion import cpp_fusion

    if cfg.arch == "sm100":
        body = B.cpp_body(cfg)  # gen_collective.cpp_body writes cfg.fusion already
    else:
        body = S.cpp_body(cfg)
        if cfg.fusion is not None:
            es = cfg.epilogue_schedule
            sched = f"cutlass::epilogue::{'collective::' if es == 'EpilogueScheduleAuto' else ''}{es}"
            body = body.replace(
                f"    {sched}>::CollectiveOp;\n", f"    {sched},\n    {cpp_fusion(cfg, _TYPES)}>::CollectiveOp;\n"
            )
    if cfg.fusion is not None:
        body = body.replace("  cd_epilogue_full<Epi>();\n", "  cd_epilogue_full<Epi>();\n  cd_fusion<Epi>();\n")
        body = body.replace("  cd_epilogue<Epi>();\n", "  cd_epilogue<Epi>();\n  cd_fusion<Epi>();\n")
    return body


def _parse(text: str) -> dict:
    out = G.parse_answer(text)
    ml = out.get("mainloop", {})
    if "sf_vec_size" in ml:
        ml["sf_vec_size"] = int(ml["sf_vec_size"])
    fu = out.get("epilogue", {}).get("fusion")
    if fu is not None:
        for k in ("sf_vec_size", "shared_storage_bytes"):
            if k in fu:
                fu[k] = int(fu[k])
    return out


def ask(configs: list[Config], chunk: int = 20) -> list[dict]:
    """CUTLASS's fields for each configuration it builds, ``chunk`` a program."""
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        outs += run_cases([cpp_body(c) for c in configs[i : i + chunk]], prelude=PRELUDE, extra_flags=G.FLAGS)
    return [_parse(o) for o in outs]


def refusal_source(cfg: Config) -> str:
    return G.refusal_unit(cpp_body(cfg))


def refusals(configs: list[Config]) -> list[str]:
    """CUTLASS's first static_assert message of each configuration ("compiles" when none; else its first error),
    one translation unit each over a precompiled prelude (gen_collective.refusals), recorded."""
    from tests.oracle import records

    srcs = [refusal_source(c) for c in configs]

    text = "pch\0" + "\0".join(G.FLAGS) + PRELUDE + "\0".join(srcs)
    key = "collective-fusion-err-" + hashlib.sha256(records.question(text).encode()).hexdigest()[:24]
    return G.syntax_verdicts(srcs, PRELUDE, key, what=f"CUTLASS's refusals of {len(configs)} fused epilogues")


# ------------------------------------------------------------------------------------------- configurations

NV4 = "nv_float4_t<float_e2m1_t>"
MX4 = "mx_float4_t<float_e2m1_t>"
MX8 = "mx_float8_t<float_e4m3_t>"


def examples() -> dict[str, Config]:
    """Examples 72b (SM100) and 79b (SM120) as their sources write them: nv_float4_t x nv_float4_t, D float_e2m1_t
    (alignment 32), LinCombBlockScaleFactor<16, float_e2m1_t, float, float_ue8m0_t, RowMajor, C>, C float (72b) or
    bfloat16_t (79b); 72b 128x128x256, cluster 1x1x1, Auto schedules; 79b 128x128x128, Pingpong."""
    return {
        "72b": Config(
            "sm100",
            Operand(NV4, "RowMajor"),
            Operand(NV4, "ColumnMajor"),
            Operand("float", "RowMajor"),
            Operand("float_e2m1_t", "RowMajor"),
            "float",
            (128, 128, 256),
            (1, 1, 1),
            align=(32, 32, 4, 32),
            fusion="LinCombBlockScaleFactor<16, float_e2m1_t, float, float_ue8m0_t, RowMajor, float>",
        ),
        "79b": Config(
            "sm120",
            Operand(NV4, "RowMajor"),
            Operand(NV4, "ColumnMajor"),
            Operand("bfloat16_t", "RowMajor"),
            Operand("float_e2m1_t", "RowMajor"),
            "float",
            (128, 128, 128),
            (1, 1, 1),
            schedule="KernelTmaWarpSpecializedPingpong",
            align=(32, 32, 8, 32),
            fusion="LinCombBlockScaleFactor<16, float_e2m1_t, float, float_ue8m0_t, RowMajor, bfloat16_t>",
        ),
    }


_PLAIN = [
    "LinearCombination",
    "LinCombEltAct<ReLu>",
    "LinCombEltAct<GELU>",
    "LinCombPerRowBias",
    "LinCombPerColBias",
    "LinCombPerRowBiasEltAct<ReLu>",
    "LinCombPerColBiasEltAct<SiLu>",
    "ScaledLinCombPerRowBiasEltAct<ReLU>",
    "ScaledLinCombPerColBiasEltAct<Sigmoid>",
    "LinCombPerRowBiasEltActAux<ReLu>",
    "LinCombPerColBiasEltActAux<GELU_taylor>",
    "ScaledLinCombPerRowBiasEltActAmaxAux<ReLU>",
    "ScaledLinCombPerColBiasEltActAmaxAux<HardSwish>",
]
_SF = [
    "LinCombBlockScaleFactor",
    "LinCombEltActBlockScaleFactor<ReLu>",
    "LinCombPerRowBiasBlockScaleFactor",
    "LinCombPerColBiasBlockScaleFactor",
    "LinCombPerRowBiasEltActBlockScaleFactor<ReLu>",
    "LinCombPerColBiasEltActBlockScaleFactor<SiLu>",
]


def _sf_spelling(name: str, vs: int, d: str, acc: str, sfe: str, lay: str, c: str) -> str:
    """A block-scale-factor operation spelled as 72b writes it: SFVecSize, ElementOutput, ElementCompute,
    ElementBlockScaleFactor, the SF layout tag, then (bias ops) the bias element and the source."""
    base, _, act = name.partition("<")
    act = act.rstrip(">")
    args = ([act] if act else []) + [str(vs), d, acc, sfe, lay]
    if "Bias" in base:
        args.append(d)
    args.append(c)
    return f"{base}<{', '.join(args)}>"


def generated(n: int, seed: int) -> list[Config]:
    """``n`` SM100/SM120 configurations with a fusion, drawn broadly: every modelled operation (plain, Aux, bias,
    block-scale-factor) and activation kind, dense and block-scaled mainloops, 1SM/2SM/Auto/no-smem epilogues
    (SM100), cooperative/pingpong (SM120), D of 16/32/8 bits and the sub-byte float_e2m1_t/float_e2m3_t with the
    block-scale-factor fusions, C void or not, SFVecSize 16/32/64, RowMajor/ColumnMajor scale factors, explicit
    epilogue tiles; refusals included."""
    import random

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        arch = rng.choice(["sm100", "sm100", "sm100", "sm120", "sm120"])
        sf = rng.random() < 0.5
        bs = sf and rng.random() < 0.8 or (not sf and rng.random() < 0.25)
        if bs:
            a, b = rng.choice([(NV4, NV4), (NV4, NV4), (MX4, MX4), (MX8, MX8)])
            acc = "float"
            if arch == "sm120" and a == MX8:
                a = b = MX4
        else:
            a, b, acc = rng.choice(
                [
                    ("half_t", "half_t", "float"),
                    ("bfloat16_t", "bfloat16_t", "float"),
                    ("float_e4m3_t", "float_e4m3_t", "float"),
                ]
            )
        bits_a = Operand(a).bits
        if sf:
            d = rng.choice(
                ["float_e2m1_t", "float_e2m1_t", "float_e2m1_t", "float_e2m3_t", "float_e4m3_t", "bfloat16_t"]
            )
        else:
            d = rng.choice(["half_t", "bfloat16_t", "float", "float_e4m3_t"])
        c = rng.choice(["void", "void", "bfloat16_t", "float", "half_t"])
        ld = "ColumnMajor" if rng.random() < 0.2 else "RowMajor"
        lc = ld
        if arch == "sm100":
            two = rng.random() < 0.5
            m = rng.choice([256, 256, 128]) if two else rng.choice([128, 128, 64])
            if bs and two:
                m = 256
            nn = rng.choice([64, 128, 128, 256, 192])
            k = 256 if bits_a == 4 else 128
            cl = (2 if two else rng.choice([1, 1, 2]), rng.choice([1, 1, 2]), 1)
            esched = rng.choice(
                ["EpilogueScheduleAuto", "EpilogueScheduleAuto"]
                + (
                    ["TmaWarpSpecialized2Sm", "NoSmemWarpSpecialized2Sm"]
                    if two
                    else ["TmaWarpSpecialized1Sm", "NoSmemWarpSpecialized1Sm"]
                )
            )
            sched = "KernelScheduleAuto"
            if not bs:
                sched = rng.choice(["KernelScheduleAuto", f"KernelTmaWarpSpecialized{'2Sm' if two else '1Sm'}Sm100"])
                if esched == "EpilogueScheduleAuto" and sched == "KernelScheduleAuto" and two:
                    esched = "TmaWarpSpecialized2Sm"
            elif two:
                sched = "KernelTmaWarpSpecialized2SmBlockScaledSm100" if esched == "EpilogueScheduleAuto" else sched
        else:
            m, nn = rng.choice([(128, 128), (128, 128), (64, 128), (128, 64), (256, 128), (128, 256)])
            k = 128 if bits_a < 8 or bs else 64
            if bs and bits_a == 8:
                k = 128
            cl = (1, 1, 1)
            sched = rng.choice(
                ["KernelTmaWarpSpecializedCooperative", "KernelTmaWarpSpecializedPingpong", "KernelScheduleAuto"]
            )
            esched = rng.choice(["EpilogueScheduleAuto", "TmaWarpSpecialized", "TmaWarpSpecializedCooperative"])
        if sf:
            name = rng.choice(_SF)
            vs = rng.choice([16, 16, 32, 32, 64])
            sfe = rng.choice(["float_ue8m0_t", "float_ue4m3_t"])
            lay = "RowMajor" if rng.random() < 0.8 else "ColumnMajor"
            fusion = _sf_spelling(name, vs, d, acc, sfe, lay, c)
        else:
            fusion = rng.choice(_PLAIN)
        ad = 128 // Operand(d).bits if Operand(d).bits in (4, 8, 16, 32) else 128
        ac = 0 if c == "void" else 128 // Operand(c).bits
        et = None
        if rng.random() < 0.15 and not esched.startswith("EpilogueScheduleAuto"):
            et = rng.choice([(64, 32), (128, 64), (64, 64), (128, 32)])
        align = (
            32 if bits_a == 4 else 16 if bits_a == 8 else 8,
            32 if bits_a == 4 else 16 if bits_a == 8 else 8,
            ac,
            ad,
        )
        if bs and bits_a == 8:
            align = (16, 16, ac, ad)
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
                schedule=sched,
                epilogue_schedule=esched,
                epilogue_tile=et,
                align=align,
                fusion=fusion,
            )
        )
    return out


def survey(n: int, seed: int) -> list[Config]:
    """The configurations a survey asks: the two examples, then ``n`` generated ones."""
    return [*examples().values(), *generated(n, seed)]


def example_70_fp8() -> Config:
    """Example 70's FP8 GEMM (blackwell_gemm): e4m3 x e4m3, C/D e4m3 ColumnMajor, 256x128x64, cluster 2x2x1, Auto
    schedules, ScaledLinCombPerRowBiasEltActAmaxAux<ColumnMajor, ReLU, e4m3, float, e4m3, float, half_t> (as
    tests/test_collective_sm90_kinds.py's example rows spell it)."""
    f8 = Operand("float_e4m3_t", "ColumnMajor")
    return Config(
        "sm100",
        Operand("float_e4m3_t", "RowMajor"),
        Operand("float_e4m3_t", "ColumnMajor"),
        f8,
        f8,
        "float",
        (256, 128, 64),
        (2, 2, 1),
        fusion="ScaledLinCombPerRowBiasEltActAmaxAux<ColumnMajor, ReLU, float_e4m3_t, float, float_e4m3_t, float, half_t>",
    )
