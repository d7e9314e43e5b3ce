"""CUTLASS 4.2's SM120 (GeForce Blackwell) GEMM CollectiveBuilders asked host-only with g++: dense F8F6F4,
block-scaled (``nv_float4_t`` / ``mx_float{4,6,8}_t``, OpClassBlockScaledTensorOp) and blockwise scaling
(``cute::tuple<Layout, LayoutSF>`` layout tags), with the SM120 epilogue builder.

The programs are gen_collective.py's (its prelude, its ``@@field`` printing) with the SM120 arch tag, the
block-scaled wrappers and the blockwise scale configs, plus the scale-factor fields (``SFX`` below, appended to the
prelude: the shared prelude stays as it is, so the other batches' records keep their keys). Each refusal is its own
translation unit, as gen_collective.refusals compiles them.
"""

from __future__ import annotations

import hashlib

from cutedump.collective.config import Config, block_scaled_parts
from tests.oracle import gen_collective as G

#: the scale-factor fields of the SM120 collectives: the block-scaled one's SmemLayoutAtomSFA/B, SmemLayoutSFA/B,
#: GmemTiledCopySFA/B, SFVecSize and LayoutSFA/B; the blockwise one's SmemLayoutScaleA/B and LayoutSFA/B
SFX = r"""
template <class M> void cd_sf_blockscaled() {
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
template <class M> void cd_sf_blockwise() {
  cd_print("mainloop.smem_layout_sfa", typename M::SmemLayoutScaleA{});
  cd_print("mainloop.smem_layout_sfb", typename M::SmemLayoutScaleB{});
  cd_print("mainloop.layout_sfa", typename M::LayoutSFA{});
  cd_print("mainloop.layout_sfb", typename M::LayoutSFB{});
}
"""
PRELUDE = G.PRELUDE + SFX


def _t(el: str) -> str:
    bs = block_scaled_parts(el)
    if bs:
        return f"cutlass::{bs[0]}<cutlass::{bs[1]}>"
    if el.startswith("float_e"):
        return f"cutlass::{el}"
    return G._CPP_TYPE[el]


def cpp_body(cfg: Config) -> str:
    """The C++ statements that build ``cfg``'s SM120 epilogue and mainloop collectives and print their fields."""
    from cutedump.collective.sm120 import kind

    k = kind(cfg)
    opclass = "OpClassBlockScaledTensorOp" if k == "blockscaled" else "OpClassTensorOp"
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
    la, lb = G.cpp_layout(cfg.a.layout), G.cpp_layout(cfg.b.layout)
    pre = ""
    if k == "blockwise" and cfg.sf_vec is not None:  # (stride types: the builder reads the tuples themselves)
        gm, gn, gk = cfg.sf_vec
        ma, mb = (f"cute::UMMA::Major::{x}" for x in cfg.sf_major)
        pre = f"  using ScaleConfig = cutlass::detail::Sm120BlockwiseScaleConfig<{gm},{gn},{gk},{ma},{mb}>;\n"
        la = f"cute::tuple<{la}, decltype(ScaleConfig::deduce_layoutSFA())>"
        lb = f"cute::tuple<{lb}, decltype(ScaleConfig::deduce_layoutSFB())>"
    extra = {"blockscaled": "  cd_sf_blockscaled<Main>();\n", "blockwise": "  cd_sf_blockwise<Main>();\n"}.get(k, "")
    return (
        f"  using TileShape = {G.tile_shape(cfg)};\n"
        f"  using ClusterShape = {G._shape(cfg.cluster)};\n"
        + pre
        + f"  using Epi = typename cutlass::epilogue::collective::CollectiveBuilder<\n"
        f"    cutlass::arch::Sm120, cutlass::arch::{opclass}, TileShape, ClusterShape, {epi_tile},\n"
        f"    {_t(cfg.acc)}, {_t(cfg.acc)},\n"
        f"    {_t(cfg.c.element)}, {G.cpp_layout(cfg.c.layout)}, {cfg.alignment('c')},\n"
        f"    {_t(cfg.d.element)}, {G.cpp_layout(cfg.d.layout)}, {cfg.alignment('d')},\n"
        f"    {epi_sched}>::CollectiveOp;\n"
        f"  using Main = typename cutlass::gemm::collective::CollectiveBuilder<\n"
        f"    cutlass::arch::Sm120, cutlass::arch::{opclass},\n"
        f"    {_t(cfg.a.element)}, {la}, {cfg.alignment('a')},\n"
        f"    {_t(cfg.b.element)}, {lb}, {cfg.alignment('b')},\n"
        f"    {_t(cfg.acc)}, TileShape, ClusterShape,\n"
        f"    {stages},\n"
        f"    {sched}>::CollectiveOp;\n"
        f"  cd_mainloop<Main>();\n" + extra + "  cd_epilogue<Epi>();\n"
    )


def _parse(text: str) -> dict:
    out = G.parse_answer(text)
    ml = out.get("mainloop", {})
    if "sf_vec_size" in ml:
        ml["sf_vec_size"] = int(ml["sf_vec_size"])
    return out


def ask(configs: list[Config], chunk: int = 12) -> list[dict]:
    """CUTLASS's answer (the JSON fields) for each accepted configuration, ``chunk`` a program."""
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        outs += run_cases([cpp_body(c) for c in configs[i : i + chunk]], prelude=PRELUDE, extra_flags=G.FLAGS)
    return [_parse(o) for o in outs]


def refusal_source(cfg: Config) -> str:
    return G.refusal_unit(cpp_body(cfg))


def refusals(configs: list[Config]) -> list[str]:
    """CUTLASS's first static_assert message for each configuration ("compiles" when it has none), recorded; one
    translation unit each, over a precompiled prelude (gen_collective.refusals)."""

    srcs = [refusal_source(c) for c in configs]

    text = "pch\0" + "\0".join(G.FLAGS) + PRELUDE + "\0".join(srcs)
    key = "collective120-err-" + hashlib.sha256(text.encode()).hexdigest()[:24]
    return G.syntax_verdicts(srcs, PRELUDE, key, what=f"CUTLASS's refusals of {len(configs)} SM120 collectives")


# ------------------------------------------------------------------------------------------- configurations


def _cfg(a, b, c, d, tile, **kw) -> Config:
    from cutedump.collective.config import Operand

    def op(x, default):
        el, _, lay = x.partition(":")
        return Operand(el, lay or default)

    return Config(
        "sm120", op(a, "RowMajor"), op(b, "ColumnMajor"), op(c, "RowMajor"), op(d, "RowMajor"), kw.pop("acc", "float"),
        tile, **kw,
    )  # fmt: skip


def examples() -> dict[str, list[Config]]:
    """The builder pairs of CUTLASS 4.2's SM120 examples (examples/79_blackwell_geforce_gemm,
    examples/87_blackwell_geforce_gemm_blockwise), as the command asks them. 79b's epilogue has a
    LinCombBlockScaleFactor fusion and D = float_e2m1_t: asked here with the default fusion (79b verbatim, its
    fusion included: gen_collective_fusion.examples); 79d and 87c are grouped GEMMs (pointer layout tags), not
    modelled."""
    nv = "nv_float4_t<float_e2m1_t>"
    t128 = (128, 128, 128)
    return {
        "79a": [_cfg(nv, nv, "bfloat16_t", "bfloat16_t", t128, align=(32, 32, 0, 0))],
        "79b": [
            _cfg(
                nv,
                nv,
                "bfloat16_t",
                "float_e2m1_t",
                t128,
                align=(32, 32, 0, 0),
                schedule="KernelTmaWarpSpecializedPingpong",
            )
        ],  # fmt: skip
        "79c": [
            _cfg(
                "mx_float8_t<float_e4m3_t>",
                "mx_float6_t<float_e3m2_t>",
                "bfloat16_t",
                "bfloat16_t",
                t128,
                align=(16, 128, 0, 0),
            )
        ],  # fmt: skip
        "87a": [_cfg("float_e4m3_t", "float_e4m3_t", "bfloat16_t", "bfloat16_t", t128, sf_vec=(128, 128, 128))],
        "87b": [
            _cfg(
                "float_e4m3_t",
                "float_e4m3_t",
                "bfloat16_t",
                "bfloat16_t",
                t128,
                sf_vec=(1, 128, 128),
                schedule="KernelScheduleSm120Blockwise",
            ),
            _cfg(
                "float_e4m3_t",
                "float_e4m3_t",
                "bfloat16_t",
                "bfloat16_t",
                (64, 128, 128),
                sf_vec=(1, 128, 128),
                schedule="KernelTmaWarpSpecializedBlockwisePingpongSm120",
            ),
        ],  # fmt: skip
    }


_F8 = ["float_e4m3_t", "float_e5m2_t"]
_SUB = ["float_e2m1_t", "float_e3m2_t", "float_e2m3_t"]
_DENSE_SCHED = [
    "KernelScheduleAuto",
    "KernelScheduleAuto",
    "KernelTmaWarpSpecializedCooperative",
    "KernelTmaWarpSpecializedPingpong",
    "KernelScheduleF8f6f4Sm120",
]


def _epi(rng, c_choices=None):
    d = rng.choice(["half_t", "bfloat16_t", "float", "half_t", "float_e4m3_t"])
    c = rng.choice(c_choices or ["void", d, "float" if d != "float" else "half_t"])
    el = rng.choice(
        ["EpilogueScheduleAuto", "EpilogueScheduleAuto", "TmaWarpSpecialized", "TmaWarpSpecializedCooperative"]
    )
    return d, c, el


def dense_configs(n: int, seed: int) -> list[Config]:
    """``n`` dense SM120 configurations: every F8F6F4 pair (fp8 x fp8, fp4/fp6 with 128-element alignment), both
    schedules, tiles 64..256, Auto/explicit stages and carveouts, C void or not, both C/D majors."""
    import random

    from cutedump.collective.config import Operand

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        a = rng.choice(_F8 + _F8 + _SUB)
        b = rng.choice(_F8 + _F8 + _SUB)
        acc = rng.choice(["float", "float", "half_t"])
        sched = rng.choice(_DENSE_SCHED)
        pp = "Pingpong" in sched
        m = rng.choice([64, 128] if pp else [128, 128, 256])
        nn = rng.choice([64, 128, 128, 256, 96])
        k = rng.choice([64, 128, 128] if m * nn < 256 * 128 else [64, 64, 128])
        sub = a in _SUB or b in _SUB
        if sub:
            k = 128
        d, c, es = _epi(rng)
        align = (128 if a in _SUB else 0, 128 if b in _SUB else 0, 0, 0)
        out.append(
            Config(
                "sm120",
                Operand(a, "RowMajor"),
                Operand(b, "ColumnMajor"),
                Operand(c, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(d, rng.choice(["RowMajor", "RowMajor", "ColumnMajor"])),
                acc,
                (m, nn, k),
                stages=rng.choice([None, None, None, 2, 3]),
                carveout=rng.choice([None, None, None, 0, 16384]),
                schedule=sched,
                epilogue_schedule=es,
                align=align,
            )
        )
    return out


_BS_PAIRS = [
    ("nv_float4_t<float_e2m1_t>", "nv_float4_t<float_e2m1_t>"),
    ("mx_float4_t<float_e2m1_t>", "mx_float4_t<float_e2m1_t>"),
    ("mx_float8_t<float_e4m3_t>", "mx_float8_t<float_e4m3_t>"),
    ("mx_float8_t<float_e5m2_t>", "mx_float6_t<float_e2m3_t>"),
    ("mx_float6_t<float_e3m2_t>", "mx_float8_t<float_e4m3_t>"),
    ("mx_float4_t<float_e2m1_t>", "mx_float8_t<float_e4m3_t>"),
    ("mx_float6_t<float_e2m3_t>", "mx_float6_t<float_e3m2_t>"),
]
_BS_SCHED = {
    "nv": ["KernelScheduleAuto", "KernelTmaWarpSpecializedPingpong", "KernelTmaWarpSpecializedNvf4Sm120",
           "KernelTmaWarpSpecializedPingpongNvf4Sm120"],
    "mx4": ["KernelScheduleAuto", "KernelTmaWarpSpecializedCooperative", "KernelTmaWarpSpecializedMxf4Sm120",
            "KernelTmaWarpSpecializedPingpongMxf4Sm120", "KernelTmaWarpSpecializedMxf8f6f4Sm120"],
    "mx": ["KernelScheduleAuto", "KernelTmaWarpSpecializedPingpong", "KernelTmaWarpSpecializedMxf8f6f4Sm120",
           "KernelTmaWarpSpecializedPingpongMxf8f6f4Sm120"],
}  # fmt: skip


def blockscaled_configs(n: int, seed: int) -> list[Config]:
    """``n`` block-scaled SM120 configurations: NVFP4, MXFP4, MXFP8/6 and mixed pairs, every schedule that takes
    them, tiles 128/256, K 128/256, Auto/explicit stages and carveouts, C void or not."""
    import random

    from cutedump.collective.config import Operand

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        a, b = rng.choice(_BS_PAIRS)
        fam = "nv" if a.startswith("nv") else ("mx4" if a.startswith("mx_float4") and b == a else "mx")
        sched = rng.choice(_BS_SCHED[fam])
        m = rng.choice([128, 128, 256])
        nn = rng.choice([128, 128, 256] if m == 128 else [128])
        k = rng.choice([128, 128, 256] if m * nn == 128 * 128 else [128])
        mxpath = fam == "mx" or sched.endswith("Mxf8f6f4Sm120")
        al = lambda x: 128 if (mxpath and Operand(x).bits < 8) else 0  # noqa: E731
        d, c, es = _epi(rng)
        out.append(
            Config(
                "sm120",
                Operand(a, "RowMajor"),
                Operand(b, "ColumnMajor"),
                Operand(c, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(d, rng.choice(["RowMajor", "RowMajor", "ColumnMajor"])),
                "float",
                (m, nn, k),
                stages=rng.choice([None, None, None, 2, 3]),
                carveout=rng.choice([None, None, None, 0, 16384]),
                schedule=sched,
                epilogue_schedule=es,
                align=(al(a), al(b), 0, 0),
            )
        )
    return out


_BW_SCHED = [
    "KernelScheduleAuto",
    "KernelScheduleSm120Blockwise",
    "KernelTmaWarpSpecializedBlockwiseCooperativeSm120",
    "KernelTmaWarpSpecializedBlockwisePingpongSm120",
]


def blockwise_configs(n: int, seed: int) -> list[Config]:
    """``n`` blockwise-scaling SM120 configurations: fp8 pairs, granularities 1/32/64/128 along M and N with K =
    the tile's K, both SFA/SFB majors, Cooperative/Pingpong, clusters along M or N, Auto/explicit stages."""
    import random

    from cutedump.collective.config import Operand

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        a, b = rng.choice(_F8), rng.choice(_F8)
        sched = rng.choice(_BW_SCHED)
        pp = "Pingpong" in sched
        m = rng.choice([64, 128] if pp else [128, 256])
        nn = rng.choice([64, 128, 256])
        k = 128
        gm = rng.choice([1, 32, 64, m])
        gn = rng.choice([32, 64, 128, nn])
        gm, gn = min(gm, m), min(gn, nn)
        d, c, es = _epi(rng)
        out.append(
            Config(
                "sm120",
                Operand(a, "RowMajor"),
                Operand(b, "ColumnMajor"),
                Operand(c, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(d, "RowMajor"),
                rng.choice(["float", "float", "half_t"]),
                (m, nn, k),
                cluster=rng.choice([(1, 1, 1), (1, 1, 1), (2, 1, 1), (1, 2, 1)]),
                stages=rng.choice([None, None, 2, 3]),
                carveout=rng.choice([None, None, 0]),
                schedule=sched,
                epilogue_schedule=es,
                sf_vec=(gm, gn, k),
                sf_major=(rng.choice(["MN", "K"]), rng.choice(["MN", "K"])),
            )
        )
    return out


def refused() -> list[Config]:
    """SM120 configurations CUTLASS refuses, one rule each (and a few near them that it builds)."""
    e4 = "float_e4m3_t"
    nv = "nv_float4_t<float_e2m1_t>"
    mx4 = "mx_float4_t<float_e2m1_t>"
    mx8 = "mx_float8_t<float_e4m3_t>"
    t = (128, 128, 128)
    h = dict(align=(32, 32, 0, 0))
    return [
        _cfg("half_t", "half_t", "void", "half_t", (128, 128, 64)),  # F8F6F4 only
        _cfg(e4, e4, "void", "half_t", t, cluster=(2, 1, 1)),  # no multicast
        _cfg(e4 + ":ColumnMajor", e4, "void", "half_t", t),  # TN only
        _cfg(e4, "float_e2m1_t", "void", "half_t", (128, 128, 64), align=(0, 128, 0, 0)),  # mix 8-bit
        _cfg(e4, "float_e2m1_t", "void", "half_t", t),  # 4-bit alignment 32 on the F8F6F4 path
        _cfg(e4, e4, "void", "half_t", t, acc="int32_t"),  # the MMA's accumulator
        _cfg(e4, e4, "void", "half_t", (128, 128, 48)),  # smem atom
        _cfg(e4, e4, "void", "half_t", t, stages=1),  # stages
        _cfg(e4, e4, "void", "half_t", (256, 256, 256)),  # no stage fits
        _cfg(e4, e4, "void", "half_t", t, schedule="KernelTmaWarpSpecializedNvf4Sm120"),  # a block-scaled schedule
        _cfg(e4, e4, "void", "half_t", t, epilogue_schedule="NoSmemWarpSpecialized"),  # no SM120 no-smem epilogue
        _cfg(e4, e4, "void", "half_t", t, epilogue_tile=(64, 48)),  # epilogue tile divides
        _cfg(nv, mx4, "void", "half_t", t, **h),  # SF types
        _cfg(nv, nv + ":RowMajor", "void", "half_t", t, **h),  # TN only
        _cfg(nv, nv, "void", "half_t", t, cluster=(1, 2, 1), **h),  # no multicast
        _cfg(nv, nv, "void", "half_t", t, schedule="KernelTmaWarpSpecializedMxf4Sm120", **h),  # VS 16 vs 32
        _cfg(mx4, mx4, "void", "half_t", t, schedule="KernelTmaWarpSpecializedNvf4Sm120", **h),  # VS 32 vs 16
        _cfg(nv, nv, "void", "half_t", t, schedule="KernelTmaWarpSpecializedMxf8f6f4Sm120", align=(128, 128, 0, 0)),
        _cfg(mx8, mx8, "void", "half_t", t, schedule="KernelTmaWarpSpecializedNvf4Sm120"),  # fp8 with NVF4
        _cfg(mx4, mx8, "void", "half_t", t),  # MXF4 x MXF8, 4-bit alignment 32 (auto: not the subbyte check)
        _cfg(mx4, mx4, "void", "half_t", t, schedule="KernelTmaWarpSpecializedMxf8f6f4Sm120", **h),  # alignment
        _cfg(nv, nv, "void", "half_t", t, stages=1, **h),
        _cfg(nv, nv, "void", "half_t", (256, 256, 256), **h),  # no stage fits
        _cfg(e4, e4, "void", "half_t", t, sf_vec=(1, 128, 64)),  # granularity K
        _cfg(e4, e4, "void", "half_t", t, sf_vec=(96, 128, 128)),  # granularity M
        _cfg(e4, e4, "void", "half_t", t, sf_vec=(1, 48, 128)),  # granularity N
        _cfg(e4, e4, "void", "half_t", t, sf_vec=(1, 128, 128), schedule="KernelTmaWarpSpecializedCooperative"),
        _cfg("half_t", "half_t", "void", "half_t", t, sf_vec=(1, 128, 128)),  # F8F6F4 only
        _cfg(e4, e4 + ":RowMajor", "void", "half_t", t, sf_vec=(1, 128, 128)),  # TN only
        _cfg(e4, e4, "void", "half_t", t, sf_vec=(1, 128, 128), stages=1),
    ]


def epilogue_configs(n: int, seed: int) -> list[Config]:
    """``n`` configurations varying SM120's epilogue: D of 6 bits (E3M2/E2M3: 8-bit containers, one D stage when
    row-major), 4 bits (E2M1), 8, 16 and 32 bits, both D majors, C void or not, Auto and explicit epilogue tiles,
    over a dense FP8 or a block-scaled NVFP4 mainloop."""
    import random

    from cutedump.collective.config import Operand

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        nv = rng.random() < 0.3
        a = "nv_float4_t<float_e2m1_t>" if nv else rng.choice(_F8)
        m, nn = rng.choice([(128, 128), (128, 128), (128, 256), (256, 128), (128, 64)])
        d = rng.choice(
            ["float_e3m2_t", "float_e2m3_t", "float_e2m1_t", "float_e4m3_t", "half_t", "bfloat16_t", "float"]
        )
        dm = rng.choice(["RowMajor", "ColumnMajor"])
        c = rng.choice(["void", "void", "half_t", "float", "bfloat16_t"])
        et = rng.choice([None, None, None, (64, 32), (64, 64), (128, 32), (32, 64), (64, 128), (128, 128)])
        dbits = Operand(d).bits
        out.append(
            Config(
                "sm120",
                Operand(a, "RowMajor"),
                Operand(a, "ColumnMajor"),
                Operand(c, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(d, dm),
                "float",
                (m, nn, 128 if nv else 64),
                schedule=rng.choice(["KernelScheduleAuto", "KernelTmaWarpSpecializedPingpong"]),
                epilogue_schedule=rng.choice(["EpilogueScheduleAuto", "TmaWarpSpecialized"]),
                epilogue_tile=et,
                align=(32 if nv else 0, 32 if nv else 0, 0, 128 if dbits == 6 else 0),
            )
        )
    return out


def edges() -> list[Config]:
    """Configurations at the edges of the SM120 rules, each built by CUTLASS: block-scaled tiles whose M, N or K
    makes an empty scale-factor atom (M or N below 128, K below 4 x SFVecSize: CUTLASS's integer divisions give
    size-0 modes, and cute::ArrayEngine's 16 bytes), explicit epilogue tiles, 6-bit and 4-bit D of both majors,
    M-major 16-bit C and D."""
    nv = "nv_float4_t<float_e2m1_t>"
    mx8 = "mx_float8_t<float_e4m3_t>"
    e4 = "float_e4m3_t"
    h = dict(align=(32, 32, 0, 0))
    t = (128, 128, 128)
    return [
        _cfg(nv, nv, "void", "half_t", (64, 128, 128), schedule="KernelTmaWarpSpecializedPingpong", **h),
        _cfg(nv, nv, "void", "half_t", (128, 64, 128), **h),
        _cfg(mx8, mx8, "void", "half_t", (128, 128, 64)),
        _cfg(nv, nv, "void", "half_t", (128, 128, 32), **h),
        _cfg(mx8, mx8, "void", "half_t", t, epilogue_tile=(64, 64)),
        _cfg(e4, e4, "void", "float_e3m2_t", t),
        _cfg(e4, e4, "void", "float_e2m1_t:ColumnMajor", t),
        _cfg(e4, e4, "half_t:ColumnMajor", "half_t:ColumnMajor", t),
        _cfg(e4, e4, "void", "half_t", t, epilogue_tile=(128, 64)),
    ]


def near() -> list[Config]:
    """Configurations near the rules (about half built, half refused): C/D alignments below 128 bits, an int8 D,
    a half-precision accumulator for block-scaled (the MMA's) and blockwise (the scales' type), scale granularity
    larger than the tile, a blockwise cluster (multicast TMA: the blockwise builder has no 1-CTA assert), Pingpong
    with a 256-row tile, tiles of 32 rows or 24/16 columns, mixed 8-bit x 4-bit and 4-bit x 4-bit dense, small
    epilogue tiles."""
    e4 = "float_e4m3_t"
    nv = "nv_float4_t<float_e2m1_t>"
    mx8 = "mx_float8_t<float_e4m3_t>"
    t = (128, 128, 128)
    bw = dict(sf_vec=(1, 128, 128))
    return [
        _cfg(e4, e4, "half_t", "half_t", t, align=(0, 0, 4, 0)),
        _cfg(e4, e4, "void", "float", t, align=(0, 0, 0, 2)),
        _cfg(e4, e4, "void", "int8_t", t),
        _cfg(mx8, mx8, "void", "half_t", t, acc="half_t"),
        _cfg(e4, e4, "void", "half_t", t, acc="half_t", **bw),
        _cfg(e4, e4, "void", "half_t", t, sf_vec=(256, 128, 128)),
        _cfg(e4, e4, "void", "half_t", t, cluster=(2, 2, 1), **bw),
        _cfg(e4, e4, "void", "half_t", (256, 128, 64), schedule="KernelTmaWarpSpecializedPingpong"),
        _cfg(e4, e4, "void", "half_t", t, epilogue_schedule="TmaWarpSpecializedCooperative", epilogue_tile=(64, 64)),
        _cfg(e4, e4, "void", "half_t", (32, 128, 128), schedule="KernelTmaWarpSpecializedPingpong"),
        _cfg(e4, e4, "void", "half_t", (128, 24, 128)),
        _cfg(nv, nv, "void", "half_t", (128, 16, 128), align=(32, 32, 0, 0)),
        _cfg(e4, "float_e2m1_t", "void", "half_t", t, align=(0, 128, 0, 0)),
        _cfg("float_e2m1_t", "float_e2m1_t", "void", "half_t", t, align=(128, 128, 0, 0)),
        _cfg(e4, e4, "void", "half_t", t, epilogue_tile=(32, 32)),
        _cfg(e4, e4, "void", "half_t", (128, 96, 128)),
    ]


_WRAP = {
    "float_e2m1_t": "mx_float4_t",
    "float_e2m3_t": "mx_float6_t",
    "float_e3m2_t": "mx_float6_t",
    "float_e5m2_t": "mx_float8_t",
    "float_e4m3_t": "mx_float8_t",
}


def profiler() -> list[Config]:
    """The SM120 GEMMs of CUTLASS 4.2's profiler kernel list (cutlass_library/generator.py), those without an
    output scale-factor fusion: GenerateSM120_TensorOp_mixed_8bits_UMMA_gemm_with_block_scaled (every pair of
    E2M1/E2M3/E3M2/E5M2/E4M3 as MX types, alignment 128, 128x128x128, Mxf8f6f4 Cooperative/Pingpong, D f32 or e5m2,
    C void), GenerateSM120_TensorOp_fp4_UMMA_gemm_with_block_scaled (NVFP4 and MXFP4, Nvf4/Mxf4 Cooperative on
    128x128x128, 128x128x256, 256x128x128 and Pingpong on the first two, D f32 or e5m2 with C void or f16) and
    GenerateSM120_TensorOp_fp8_UMMA_gemm_with_blockwise (e4m3 x e4m3/e5m2, Cooperative 128x128x128 and Pingpong
    64x128x128, granularities (1|128, 1|128, 128), D f16/bf16 of both majors with C the same or void)."""
    out = []
    types = list(_WRAP)
    for a in types:
        for b in types:
            for sched in ("KernelTmaWarpSpecializedMxf8f6f4Sm120", "KernelTmaWarpSpecializedPingpongMxf8f6f4Sm120"):
                for d in ("float", "float_e5m2_t"):
                    out.append(
                        _cfg(f"{_WRAP[a]}<{a}>", f"{_WRAP[b]}<{b}>", "void", d, (128, 128, 128),
                             schedule=sched, align=(128, 128, 0, 0))
                    )  # fmt: skip
    for w, scheds in (("nv_float4_t", ("Nvf4",)), ("mx_float4_t", ("Mxf4",))):
        for s in scheds:
            for pp, tiles in (("", ((128, 128, 128), (128, 128, 256), (256, 128, 128))),
                              ("Pingpong", ((128, 128, 128), (128, 128, 256)))):  # fmt: skip
                for tile in tiles:
                    for c, d in (("void", "float"), ("void", "float_e5m2_t"), ("half_t", "float_e5m2_t")):
                        el = f"{w}<float_e2m1_t>"
                        out.append(
                            _cfg(el, el, c, d, tile, schedule=f"KernelTmaWarpSpecialized{pp}{s}Sm120",
                                 align=(32, 32, 0, 0))
                        )  # fmt: skip
    for b in ("float_e4m3_t", "float_e5m2_t"):
        for sched, tile in (
            ("KernelTmaWarpSpecializedBlockwiseCooperativeSm120", (128, 128, 128)),
            ("KernelTmaWarpSpecializedBlockwisePingpongSm120", (64, 128, 128)),
        ):
            for vm in (1, 128):
                if tile[0] % vm:
                    continue
                for vn in (1, 128):
                    for c, d in (("half_t", "half_t"), ("bfloat16_t", "bfloat16_t"), ("void", "half_t"),
                                 ("void", "bfloat16_t")):  # fmt: skip
                        for lay in ("RowMajor", "ColumnMajor"):
                            cc = c if c == "void" else f"{c}:{lay}"
                            out.append(
                                _cfg("float_e4m3_t", b, cc, f"{d}:{lay}", tile, schedule=sched,
                                     sf_vec=(vm, vn, 128))
                            )  # fmt: skip
    return out


def small_n() -> list[Config]:
    """Block-scaled tiles of N below 32, which CUTLASS 4.7's builder takes (4.2 refuses N < 32): N 8 and 16 (its
    PermTileN), Cooperative (8x1 warps below N 16) and Pingpong (N >= 16 only), NVFP4, MXFP4, MXFP8 and mixed
    MX pairs, M 64..256, K 64..256, explicit stages and carveouts; N 12 and 24 (refused)."""
    nv = "nv_float4_t<float_e2m1_t>"
    mx4 = "mx_float4_t<float_e2m1_t>"
    mx8 = "mx_float8_t<float_e4m3_t>"
    mx6 = "mx_float6_t<float_e3m2_t>"
    h = dict(align=(32, 32, 0, 0))
    pp = "KernelTmaWarpSpecializedPingpong"
    return [
        _cfg(nv, nv, "void", "half_t", (128, 8, 128), **h),
        _cfg(nv, nv, "void", "half_t", (128, 16, 128), **h),
        _cfg(nv, nv, "void", "half_t", (128, 16, 128), schedule=pp, **h),
        _cfg(nv, nv, "void", "half_t", (128, 8, 128), schedule=pp, **h),
        _cfg(nv, nv, "void", "half_t", (128, 24, 128), **h),
        _cfg(nv, nv, "void", "half_t", (64, 8, 128), **h),
        _cfg(nv, nv, "void", "half_t", (64, 16, 128), **h),
        _cfg(nv, nv, "half_t", "half_t", (256, 16, 256), **h),
        _cfg(mx8, mx8, "void", "half_t", (128, 8, 128)),
        _cfg(mx8, mx8, "void", "float", (128, 16, 64)),
        _cfg(mx8, mx4, "void", "half_t", (128, 16, 128), schedule="KernelTmaWarpSpecializedMxf8f6f4Sm120",
             align=(0, 128, 0, 0)),
        _cfg(mx4, mx4, "void", "half_t", (128, 8, 128), schedule="KernelTmaWarpSpecializedMxf4Sm120", **h),
        _cfg(nv, nv, "void", "half_t", (128, 16, 128), stages=3, **h),
        _cfg(nv, nv, "void", "half_t", (128, 8, 128), carveout=16384, **h),
        _cfg(nv, nv, "void", "half_t", (128, 16, 128), schedule="KernelTmaWarpSpecializedPingpongNvf4Sm120", **h),
        _cfg(mx6, mx8, "half_t:ColumnMajor", "float:ColumnMajor", (128, 16, 128),
             schedule="KernelTmaWarpSpecializedMxf8f6f4Sm120", align=(128, 0, 0, 0)),
        _cfg(nv, nv, "void", "half_t", (128, 8, 256), **h),
        _cfg(nv, nv, "void", "half_t", (128, 12, 128), **h),
    ]  # fmt: skip


def small_n_grouped() -> list[Config]:
    """small_n's tiles in grouped GEMMs (pointer layout tags: gen_collective_sm120_grouped's programs): CUTLASS 4.7's
    grouped capacity, its ptr-array schedules with 6/8-bit operands, and Pingpong below N 16 (no builder)."""
    nv = "nv_float4_t<float_e2m1_t>"
    mx8 = "mx_float8_t<float_e4m3_t>"
    h = dict(align=(32, 32, 0, 0), grouped=True)
    co, pp = "KernelPtrArrayTmaWarpSpecializedCooperative", "KernelPtrArrayTmaWarpSpecializedPingpong"
    return [
        _cfg(nv, nv, "void", "half_t", (128, 16, 128), schedule=co, epilogue_schedule="PtrArrayTmaWarpSpecializedCooperative", **h),
        _cfg(nv, nv, "half_t", "half_t", (128, 8, 256), schedule=co, **h),
        _cfg(mx8, mx8, "void", "half_t", (128, 16, 128), schedule=pp, grouped=True),
        _cfg(mx8, mx8, "void", "float", (128, 8, 128), schedule="KernelScheduleAuto", grouped=True),
        _cfg(nv, nv, "void", "half_t", (128, 8, 128), schedule=pp, **h),
    ]  # fmt: skip
