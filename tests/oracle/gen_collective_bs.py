"""CUTLASS 4.2's SM100 block-scaled GEMM builders (OpClassBlockScaledTensorOp) and every field of the SM100
no-smem epilogue, asked host-only with g++ (issue 44, items 1 and 5).

The programs reuse gen_collective.py's prelude and add two printers (``cd_bs``: the block-scaled mainloop's scale
factor fields; ``cd_epilogue_full``: the no-smem epilogue's StagesC/StagesD and EpilogueTile too). The prelude of
the earlier batches is left as it was, so their records stay valid. Answers are recorded (tests/oracle/records.py).
"""

from __future__ import annotations

import hashlib

from cutedump.collective.config import Config, Operand, block_scaled_parts
from tests.oracle import gen_collective as G

EXTRA = r"""
// (g) issue 44: the block-scaled mainloop's scale-factor fields and every field of the no-smem epilogue
template <class M> void cd_bs() {
  cd_print("mainloop.smem_layout_atom_sfa", typename M::SmemLayoutAtomSFA{});
  cd_print("mainloop.smem_layout_atom_sfb", typename M::SmemLayoutAtomSFB{});
  cd_print("mainloop.smem_layout_sfa", typename M::SmemLayoutSFA{});
  cd_print("mainloop.smem_layout_sfb", typename M::SmemLayoutSFB{});
  cd_type<typename M::GmemTiledCopySFA>("mainloop.gmem_tiled_copy_sfa");
  cd_type<typename M::GmemTiledCopySFB>("mainloop.gmem_tiled_copy_sfb");
  cd_int("mainloop.sf_vec_size", M::SFVecSize);
  cd_print("mainloop.layout_sfa", typename M::LayoutSFA{});
  cd_print("mainloop.layout_sfb", typename M::LayoutSFB{});
}
template <class E> void cd_epilogue_full() {
  cd_epilogue<E>();
  if constexpr (!cd_has_smem_c<E>::value) {
    using DP = typename E::DispatchPolicy;
    cd_int("epilogue.dispatch_policy.stages_c", DP::StagesC);
    cd_int("epilogue.dispatch_policy.stages_d", DP::StagesD);
    cd_print("epilogue.epilogue_tile", typename E::EpilogueTile{});
  }
}
"""
PRELUDE = G.PRELUDE + EXTRA


def cpp_body(cfg: Config) -> str:
    """gen_collective.cpp_body with both builders OpClassBlockScaledTensorOp when A and B are block-scaled wrappers,
    and the fuller printers."""
    body = G.cpp_body(cfg)
    if block_scaled_parts(cfg.a.element) and block_scaled_parts(cfg.b.element):
        body = body.replace("cutlass::arch::OpClassTensorOp", "cutlass::arch::OpClassBlockScaledTensorOp")
        body = body.replace("  cd_mainloop<Main>();\n", "  cd_mainloop<Main>();\n  cd_bs<Main>();\n")
    return body.replace("  cd_epilogue<Epi>();\n", "  cd_epilogue_full<Epi>();\n")


def ask(configs: list[Config], chunk: int = 12) -> list[dict]:
    """CUTLASS's fields for each accepted configuration, ``chunk`` a program."""
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        bodies = [cpp_body(c) for c in configs[i : i + chunk]]
        outs += run_cases(bodies, prelude=PRELUDE, extra_flags=G.FLAGS)
    answers = [G.parse_answer(o) for o in outs]
    for a in answers:
        if "sf_vec_size" in a.get("mainloop", {}):
            a["mainloop"]["sf_vec_size"] = int(a["mainloop"]["sf_vec_size"])
    return answers


def refusals(configs: list[Config]) -> list[str]:
    """CUTLASS's first static_assert message of each configuration ("compiles" when none), one translation unit
    each (gen_collective.refusals with this module's programs)."""

    srcs = [G.refusal_unit(cpp_body(c)) for c in configs]

    text = "pch\0" + "\0".join(G.FLAGS) + PRELUDE + "\0".join(srcs)
    key = "collective-bs-err-" + hashlib.sha256(text.encode()).hexdigest()[:24]
    return G.syntax_verdicts(srcs, PRELUDE, key, what=f"CUTLASS's refusals of {len(configs)} block-scaled collectives")


# ------------------------------------------------------------------------------------------- configurations

NV4 = "nv_float4_t<float_e2m1_t>"
MX4 = "mx_float4_t<float_e2m1_t>"
MX6A = "mx_float6_t<float_e3m2_t>"
MX6B = "mx_float6_t<float_e2m3_t>"
MX8A = "mx_float8_t<float_e4m3_t>"
MX8B = "mx_float8_t<float_e5m2_t>"


def _cfg(a, b, tile, cluster=(1, 1, 1), la="RowMajor", lb="ColumnMajor", c="void", d="bfloat16_t", **kw) -> Config:
    return Config(
        "sm100",
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
    """The block-scaled builder pairs of CUTLASS 4.2's examples (72a/b/c: blackwell_nvfp4_bf16_gemm,
    blackwell_nvfp4_nvfp4_gemm, blackwell_mixed_mxfp8_bf16_gemm), as their sources write them; 72b's epilogue
    fusion (LinCombBlockScaleFactor, item 6) is left at the default here, its mainloop is the example's (72b verbatim,
    fusion and D float_e2m1_t included: gen_collective_fusion.examples)."""
    return {
        "72a": [
            _cfg(NV4, NV4, (256, 256, 256), (2, 4, 1), c="bfloat16_t", align=(32, 32, 0, 0)),
        ],
        # 72b writes D float_e2m1_t with a block-scale-factor output fusion (gen_collective_fusion.py): its mainloop
        # with the default fusion's epilogue (C float, D bfloat16_t)
        "72b": [_cfg(NV4, NV4, (128, 128, 256), (1, 1, 1), c="float", align=(32, 32, 0, 0))],
        "72c": [_cfg(MX8A, MX4, (256, 256, 256), (2, 4, 1), c="bfloat16_t", align=(16, 128, 0, 0))],
    }


def generated(n: int, seed: int) -> list[Config]:
    """``n`` block-scaled configurations over the builder's space, refusals included: every wrapper pair, both
    majors, 1SM/2SM/Auto and every block-scaled schedule, tiles M 64..256, N 64..256 (odd ones too), K 64..512,
    clusters 1..4 per mode, explicit stages, carveouts, every SM100 epilogue schedule, explicit alignments."""
    import random

    from cutedump.collective.config import SM100_BLOCK_SCALED_SCHEDULES

    rng = random.Random(seed)
    kinds = [NV4, MX4, MX6A, MX6B, MX8A, MX8B]
    mx = kinds[1:]
    out = []
    while len(out) < n:
        a = rng.choice(kinds)
        if rng.random() < 0.9:  # mostly pairs CUTLASS builds: one scale-factor type
            b = NV4 if a == NV4 else rng.choice([a, a, *mx])
        else:
            b = rng.choice([*kinds, "bfloat16_t"])
        four = Operand(a).bits == 4 and Operand(b).bits == 4
        fits = (["Nvf4"] if a == NV4 else ["Mxf4", "Mxf8f6f4"] if four else ["Mxf8f6f4"]) + ["BlockScaled"]
        r = rng.random()
        if r < 0.45:
            sched = "KernelScheduleAuto"
        elif r < 0.9:
            sched = f"KernelTmaWarpSpecialized{rng.choice(['1Sm', '2Sm'])}{rng.choice(fits)}Sm100"
        else:
            sched = rng.choice(SM100_BLOCK_SCALED_SCHEDULES)
        two = "2Sm" in sched or (sched == "KernelScheduleAuto" and rng.random() < 0.5)
        m = rng.choice([256, 256, 256, 128] if two else [128, 128, 128, 256, 64])
        nn = rng.choice([64, 128, 128, 192, 256, 256, 96])
        kk = rng.choice([128, 256, 256, 256, 512, 64])
        cl = (rng.choice([2, 2, 4]) if two else rng.choice([1, 1, 2]), rng.choice([1, 1, 2, 4]), 1)
        mn_ok = rng.random() < 0.2
        la = "ColumnMajor" if mn_ok and rng.random() < 0.5 else "RowMajor"
        lb = "RowMajor" if mn_ok and rng.random() < 0.5 else "ColumnMajor"

        def al(el, lay_k):
            bits = Operand(el).bits
            if bits == 16:
                return 8
            if bits < 8:
                return rng.choice([128, 128, 128, 256, 128 // bits * 1 if bits == 4 else 128])
            return rng.choice([16, 16, 128, 32])

        d = rng.choice(["bfloat16_t", "half_t", "float"])
        esched = rng.choice(
            ["EpilogueScheduleAuto"] * 4
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
                stages=rng.choice([None, None, None, None, 2, 3, 5]),
                carveout=rng.choice([None, None, None, 0, 32768]),
                align=(al(a, la), al(b, lb), 0, 0),
            )
        )
    return out


def nosmem(n: int, seed: int) -> list[Config]:
    """``n`` dense SM100 configurations with the no-smem epilogues (1Sm/2Sm, explicit epilogue tiles too): every
    field of Sm100NoSmem's collective (item 5)."""
    import random

    rng = random.Random(seed)
    out = []
    pairs = [
        ("half_t", "half_t", "float"),
        ("bfloat16_t", "bfloat16_t", "float"),
        ("float_e4m3_t", "float_e4m3_t", "float"),
        ("tfloat32_t", "tfloat32_t", "float"),
        ("int8_t", "int8_t", "int32_t"),
    ]
    while len(out) < n:
        a, b, acc = rng.choice(pairs)
        two = rng.random() < 0.5
        sched = "KernelTmaWarpSpecialized2SmSm100" if two else "KernelTmaWarpSpecialized1SmSm100"
        m = rng.choice([128, 256]) if two else rng.choice([64, 128])
        nn = rng.choice([64, 128, 192, 256, 96, 32])
        bits = {"tfloat32_t": 32, "half_t": 16, "bfloat16_t": 16}.get(a, 8)
        kk = rng.choice([1, 2]) * 512 // bits
        d = rng.choice(["half_t", "float", "bfloat16_t"]) if acc == "float" else "int32_t"
        et = None if rng.random() < 0.7 else rng.choice([(64, 32), (128, 64), (128, 32)])
        out.append(
            Config(
                "sm100",
                Operand(a, "RowMajor"),
                Operand(b, rng.choice(["ColumnMajor", "RowMajor"]) if bits == 16 else "ColumnMajor"),
                Operand(rng.choice(["void", d]), "RowMajor"),
                Operand(d, rng.choice(["RowMajor", "ColumnMajor"])),
                acc,
                (m, nn, kk),
                (2 if two else rng.choice([1, 2]), rng.choice([1, 2]), 1),
                schedule=sched,
                epilogue_schedule="NoSmemWarpSpecialized2Sm" if two else "NoSmemWarpSpecialized1Sm",
                epilogue_tile=et,
            )
        )
    return out


def schedule_mismatches() -> list[Config]:
    """Dense types with a block-scaled schedule (OpClassTensorOp) and block-scaled types with a dense schedule."""
    h = Config(
        "sm100",
        Operand("half_t", "RowMajor"),
        Operand("half_t", "ColumnMajor"),
        Operand("void", "RowMajor"),
        Operand("bfloat16_t", "RowMajor"),
        "float",
        (128, 128, 64),
    )
    f8 = h._replace(
        a=Operand("float_e4m3_t", "RowMajor"), b=Operand("float_e4m3_t", "ColumnMajor"), tile=(256, 128, 128)
    )
    return [
        h._replace(schedule="KernelTmaWarpSpecialized1SmNvf4Sm100"),
        h._replace(schedule="KernelTmaWarpSpecialized1SmBlockScaledSm100"),
        f8._replace(cluster=(2, 1, 1), schedule="KernelTmaWarpSpecialized2SmMxf8f6f4Sm100"),
        _cfg(NV4, NV4, (128, 128, 256), align=(32, 32, 0, 0), schedule="KernelTmaWarpSpecialized1SmSm100"),
        _cfg(MX8A, MX8A, (256, 128, 128), (2, 1, 1), align=(16, 16, 0, 0), schedule="KernelTmaWarpSpecialized2SmSm100"),
    ]
