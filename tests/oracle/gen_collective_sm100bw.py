"""CUTLASS 4.2's SM100 FP8 blockwise builder (``sm100_blockwise_umma_builder.inl``: KernelScheduleSm100Blockwise,
KernelTmaWarpSpecializedBlockwise{1,2}SmSm100, and its ptr-array twin) and SM100's grouped (PtrArray) GEMMs (dense,
block-scaled and blockwise mainloops, the PtrArray epilogues), asked host-only with g++ (issue 44, items 3 and 4).

The programs are gen_collective_bs.py's (its prelude, its ``@@field`` printing, OpClassBlockScaledTensorOp for
block-scaled wrappers) with example 81's scale config spelling (``Sm100BlockwiseScaleConfig<M,N,K,UMMA::Major..>``,
``cute::tuple<LayoutA[*], LayoutSFA[*]>``) and the blockwise collective's scale-factor fields (``SFX`` below,
appended to that prelude so the earlier batches keep their keys). A grouped collective's LayoutSFA is a pointer
type: the printers print the layout it points to. Answers are recorded (tests/oracle/records.py).
"""

from __future__ import annotations

import hashlib

from cutedump.collective.config import Config, Operand
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_bs as B

SFX = r"""
// (h) issue 44 (sm100bw): SM100's blockwise collective's scale-factor fields, a grouped one's layouts unpointed
template <class M> void cd_sf_blockwise100() {
  cd_print("mainloop.smem_layout_atom_sfa", typename M::SmemLayoutAtomSFA{});
  cd_print("mainloop.smem_layout_atom_sfb", typename M::SmemLayoutAtomSFB{});
  cd_print("mainloop.smem_layout_sfa", typename M::SmemLayoutScaleA{});
  cd_print("mainloop.smem_layout_sfb", typename M::SmemLayoutScaleB{});
  cd_print("mainloop.layout_sfa", cute::remove_pointer_t<typename M::LayoutSFA>{});
  cd_print("mainloop.layout_sfb", cute::remove_pointer_t<typename M::LayoutSFB>{});
}
template <class M> void cd_bs_ptr() {
  cd_print("mainloop.smem_layout_atom_sfa", typename M::SmemLayoutAtomSFA{});
  cd_print("mainloop.smem_layout_atom_sfb", typename M::SmemLayoutAtomSFB{});
  cd_print("mainloop.smem_layout_sfa", typename M::SmemLayoutSFA{});
  cd_print("mainloop.smem_layout_sfb", typename M::SmemLayoutSFB{});
  cd_type<typename M::GmemTiledCopySFA>("mainloop.gmem_tiled_copy_sfa");
  cd_type<typename M::GmemTiledCopySFB>("mainloop.gmem_tiled_copy_sfb");
  cd_int("mainloop.sf_vec_size", M::SFVecSize);
  cd_print("mainloop.layout_sfa", cute::remove_pointer_t<typename M::LayoutSFA>{});
  cd_print("mainloop.layout_sfb", cute::remove_pointer_t<typename M::LayoutSFB>{});
}
"""
PRELUDE = B.PRELUDE + SFX


def cpp_body(cfg: Config) -> str:
    """gen_collective_bs.cpp_body with example 81's blockwise spelling and this module's printers."""
    body = B.cpp_body(cfg)
    if cfg.sf_vec is not None:
        mj = ", ".join(f"cute::GMMA::Major::{x}" for x in cfg.sf_major)
        old = f"cutlass::detail::Sm90BlockwiseScaleConfig<{', '.join(map(str, cfg.sf_vec))}, {mj}>"
        new = (
            f"cutlass::detail::Sm100BlockwiseScaleConfig<{', '.join(map(str, cfg.sf_vec))}, "
            + ", ".join(f"cute::UMMA::Major::{x}" for x in cfg.sf_major)
            + ">"
        )
        assert old in body
        body = body.replace(old, new)
        sm90 = (
            '  cd_print("mainloop.smem_layout_sfa", typename Main::SmemLayoutSFA{});\n'
            '  cd_print("mainloop.smem_layout_sfb", typename Main::SmemLayoutSFB{});\n'
        )
        body = body.replace(sm90, "  cd_sf_blockwise100<Main>();\n")
    body = body.replace("  cd_bs<Main>();\n", "  cd_bs_ptr<Main>();\n")
    return body


def _parse(text: str) -> dict:
    a = G.parse_answer(text)
    if "sf_vec_size" in a.get("mainloop", {}):
        a["mainloop"]["sf_vec_size"] = int(a["mainloop"]["sf_vec_size"])
    return a


def ask(configs: list[Config], chunk: int = 10) -> list[dict]:
    """CUTLASS's fields for each accepted configuration, ``chunk`` a program."""
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        outs += run_cases([cpp_body(c) for c in configs[i : i + chunk]], prelude=PRELUDE, extra_flags=G.FLAGS)
    return [_parse(o) for o in outs]


def refusals(configs: list[Config]) -> list[str]:
    """CUTLASS's first static_assert message of each configuration ("compiles" when none), one translation unit
    each (a precompiled prelude, then ``-fsyntax-only`` per configuration)."""

    srcs = [G.refusal_unit(cpp_body(c)) for c in configs]

    text = "pch\0" + "\0".join(G.FLAGS) + PRELUDE + "\0".join(srcs)
    key = "collective-sm100bw-err-" + hashlib.sha256(text.encode()).hexdigest()[:24]
    return G.syntax_verdicts(srcs, PRELUDE, key, what=f"CUTLASS's refusals of {len(configs)} SM100 collectives")


# ------------------------------------------------------------------------------------------- configurations

E4 = "float_e4m3_t"
NV4 = B.NV4


def _cfg(a, b, tile, cluster=(1, 1, 1), la="RowMajor", lb="ColumnMajor", c="void", d="bfloat16_t", **kw) -> Config:
    lc = kw.pop("lc", "RowMajor")
    return Config(
        "sm100",
        Operand(a, la),
        Operand(b, lb),
        Operand(c, lc),
        Operand(d, kw.pop("ld", lc)),
        kw.pop("acc", "float"),
        tile,
        cluster,
        **kw,
    )


def example_81() -> dict[str, list[Config]]:
    """Example 81's four builder pairs (81_blackwell_gemm_blockwise.cu, _groupwise.cu, _grouped_gemm_blockwise.cu,
    _grouped_gemm_groupwise.cu) as their sources write them: e4m3 x e4m3, C/D e4m3 ColumnMajor, float accumulator;
    sm100_trivial_blockwise_scale_config(tile) (granularity = the tile) or Sm100BlockwiseScaleConfig<1,128,128>."""
    c = {"c": E4, "d": E4, "lc": "ColumnMajor"}
    return {
        "blockwise": [
            _cfg(E4, E4, (128, 128, 128), sf_vec=(128, 128, 128), schedule="KernelScheduleSm100Blockwise", **c)
        ],
        "groupwise": [
            _cfg(E4, E4, (256, 128, 128), (2, 1, 1), sf_vec=(1, 128, 128), schedule="KernelScheduleSm100Blockwise", **c)
        ],
        "grouped_blockwise": [
            _cfg(
                E4,
                E4,
                (128, 128, 128),
                sf_vec=(128, 128, 128),
                grouped=True,
                schedule="KernelPtrArrayTmaWarpSpecializedBlockwise1SmSm100",
                epilogue_schedule="PtrArrayTmaWarpSpecialized1Sm",
                **c,
            )
        ],
        "grouped_groupwise": [
            _cfg(
                E4,
                E4,
                (256, 128, 128),
                (2, 1, 1),
                sf_vec=(1, 128, 128),
                grouped=True,
                schedule="KernelPtrArrayTmaWarpSpecializedBlockwise2SmSm100",
                epilogue_schedule="PtrArrayTmaWarpSpecialized2Sm",
                **c,
            )
        ],
    }


def example_75() -> dict[str, list[Config]]:
    """Example 75's builder pairs (75_blackwell_grouped_gemm.cu: e4m3 x e4m3 -> half_t ColumnMajor pointers, a dynamic
    cluster, 1SM 128x256x128 and 2SM 256x256x128; _block_scaled.cu: nv_float4_t x nv_float4_t -> ElementC
    (half_t) RowMajor pointers, 128x256x256 1SM, epilogue tile 128x64)."""
    dyn = {"dynamic_cluster": ((4, 2, 1), (2, 1, 1))}  # the example's default preferred and fallback clusters
    h = {"c": "half_t", "d": "half_t", "lc": "ColumnMajor", "grouped": True}
    return {
        "grouped": [
            _cfg(
                E4,
                E4,
                (128, 256, 128),
                schedule="KernelPtrArrayTmaWarpSpecialized1SmSm100",
                epilogue_schedule="PtrArrayTmaWarpSpecialized1Sm",
                **dyn,
                **h,
            ),
            _cfg(
                E4,
                E4,
                (256, 256, 128),
                schedule="KernelPtrArrayTmaWarpSpecialized2SmSm100",
                epilogue_schedule="PtrArrayTmaWarpSpecialized2Sm",
                **dyn,
                **h,
            ),
        ],
        "block_scaled": [
            _cfg(
                NV4,
                NV4,
                (128, 256, 256),
                c="half_t",
                d="half_t",
                grouped=True,
                schedule="KernelPtrArrayTmaWarpSpecialized1SmNvf4Sm100",
                epilogue_schedule="PtrArrayTmaWarpSpecialized1Sm",
                epilogue_tile=(128, 64),
                align=(32, 32, 0, 0),
                **dyn,
            )
        ],
    }


_BW_PAIRS = [  # (A, B): FP8 mostly (example 81), 16-bit pairs too (the builder takes them)
    (E4, E4),
    (E4, E4),
    (E4, E4),
    ("float_e5m2_t", E4),
    (E4, "float_e5m2_t"),
    ("half_t", "half_t"),
    ("bfloat16_t", "bfloat16_t"),
]
_BW_SCHEDULES = [
    "KernelScheduleSm100Blockwise",
    "KernelScheduleSm100Blockwise",
    "KernelTmaWarpSpecializedBlockwise1SmSm100",
    "KernelTmaWarpSpecializedBlockwise2SmSm100",
    "KernelPtrArrayTmaWarpSpecializedBlockwise1SmSm100",
    "KernelPtrArrayTmaWarpSpecializedBlockwise2SmSm100",
]


def blockwise(n: int, seed: int) -> list[Config]:
    """``n`` blockwise configurations over the builder's space, refusals included: FP8 and 16-bit pairs, both
    majors, Auto/1SM/2SM and the ptr-array schedules (grouped), tiles M 64..256, N 32..256, K 64..256, granularities
    1..256 along each mode (the tile's too), both scale-factor majors, static and dynamic clusters, explicit stages
    and carveouts, every SM100 epilogue schedule (the ptr-array ones with the grouped GEMMs)."""
    import random

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        a, b = rng.choice(_BW_PAIRS)
        sched = rng.choice(_BW_SCHEDULES)
        array = "PtrArray" in sched
        two = "2Sm" in sched or (sched == "KernelScheduleSm100Blockwise" and rng.random() < 0.5)
        m = rng.choice([128, 256, 256] if two else [128, 128, 64])
        nn = rng.choice([64, 128, 128, 256, 192, 96, 32])
        bits = 8 if a.startswith("float_e") else 16
        kk = rng.choice([128, 128, 256, 64]) if bits == 8 else rng.choice([64, 64, 128, 32])
        cl = (rng.choice([2, 2, 4]) if two else rng.choice([1, 1, 2]), rng.choice([1, 1, 2]), 1)
        dyn = None
        if rng.random() < 0.15:
            dyn, cl = ((rng.choice([2, 4]), rng.choice([1, 2]), 1), (2, 1, 1)), (1, 1, 1)
        # mostly granularities the CTA tile holds (CUTLASS refuses the others), some past it
        gm = rng.choice([1, 1, 128, m // (2 if two else 1), 64, 32] + [256] * (rng.random() < 0.3))
        gn = rng.choice([128, 128, nn, 64, 1, 32] + [256] * (rng.random() < 0.3))
        gk = rng.choice([128, 128, kk, kk, 64, 32] + [256] * (rng.random() < 0.3))
        mj = rng.choice([("MN", "MN"), ("MN", "MN"), ("K", "K"), ("MN", "K"), ("K", "MN")])
        la = "RowMajor" if rng.random() < 0.8 else "ColumnMajor"
        lb = "ColumnMajor" if rng.random() < 0.8 else "RowMajor"
        d = rng.choice(["bfloat16_t", "half_t", "float", E4])
        c = rng.choice(["void", d, d, "float"])
        sm = "2Sm" if two else "1Sm"
        esched = rng.choice(
            ["EpilogueScheduleAuto"] * 3
            + [f"TmaWarpSpecialized{sm}", f"NoSmemWarpSpecialized{sm}"]
            + ([f"PtrArrayTmaWarpSpecialized{sm}"] * 3 + [f"PtrArrayNoSmemWarpSpecialized{sm}"] if array else [])
        )
        if dyn is not None and esched == "EpilogueScheduleAuto":
            esched = f"TmaWarpSpecialized{sm}"
        out.append(
            _cfg(
                a,
                b,
                (m, nn, kk),
                cl,
                la,
                lb,
                c=c,
                d=d,
                lc=rng.choice(["RowMajor", "ColumnMajor"]),
                schedule=sched,
                epilogue_schedule=esched,
                stages=rng.choice([None] * 6 + [2, 3, 1]),
                carveout=rng.choice([None] * 4 + [0, 32768]),
                grouped=array and rng.random() < 0.9,
                sf_vec=(gm, gn, gk),
                sf_major=mj,
                dynamic_cluster=dyn,
            )
        )
    return out


_DENSE = [  # (A, B, accumulator)
    (E4, E4, "float"),
    (E4, E4, "float"),
    ("float_e5m2_t", E4, "float"),
    ("half_t", "half_t", "float"),
    ("half_t", "half_t", "float"),
    ("bfloat16_t", "bfloat16_t", "float"),
    ("tfloat32_t", "tfloat32_t", "float"),
    ("int8_t", "int8_t", "int32_t"),
    ("half_t", "half_t", "half_t"),
]


def grouped(n: int, seed: int) -> list[Config]:
    """``n`` dense ptr-array configurations (KernelPtrArrayTmaWarpSpecialized{1,2}SmSm100), refusals included: every
    type pair, both majors, tiles M 64..256, N 32..256 (odd ones too), static and dynamic clusters, the ptr-array
    and plain epilogues, explicit epilogue tiles, stages and carveouts; most with pointer layout tags (--grouped), some
    without (a ptr-array GEMM of one group: 2 scheduler stages)."""
    import random

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        a, b, acc = rng.choice(_DENSE)
        two = rng.random() < 0.5
        sm = "2Sm" if two else "1Sm"
        m = rng.choice([128, 256, 256] if two else [128, 128, 64])
        nn = rng.choice([64, 128, 128, 256, 192, 96, 32, 16])
        bits = 8 if a.startswith(("float_e", "int8")) else 16 if "16" in a or a == "half_t" else 32
        kk = rng.choice([1, 1, 2]) * 1024 // bits
        cl = (rng.choice([2, 2, 4]) if two else rng.choice([1, 1, 2]), rng.choice([1, 1, 2]), 1)
        dyn = None
        if rng.random() < 0.3:
            dyn, cl = ((rng.choice([2, 4]), rng.choice([1, 2]), 1), (2, 1, 1)), (1, 1, 1)
        la = "RowMajor" if rng.random() < 0.7 else "ColumnMajor"
        lb = "ColumnMajor" if rng.random() < 0.7 else "RowMajor"
        d = "int32_t" if acc == "int32_t" else rng.choice(["bfloat16_t", "half_t", "float", E4])
        c = rng.choice(["void", d, d])
        esched = rng.choice(
            [f"PtrArrayTmaWarpSpecialized{sm}"] * 4
            + [f"PtrArrayNoSmemWarpSpecialized{sm}", f"TmaWarpSpecialized{sm}", "EpilogueScheduleAuto"]
        )
        if dyn is not None and esched == "EpilogueScheduleAuto":
            esched = f"PtrArrayTmaWarpSpecialized{sm}"
        et = None
        if esched != "EpilogueScheduleAuto" and rng.random() < 0.15:
            et = rng.choice([(64, 32), (128, 64), (128, 32)])
        out.append(
            _cfg(
                a,
                b,
                (m, nn, kk),
                cl,
                la,
                lb,
                c=c,
                d=d,
                lc=rng.choice(["RowMajor", "ColumnMajor"]),
                acc=acc,
                schedule=f"KernelPtrArrayTmaWarpSpecialized{sm}Sm100",
                epilogue_schedule=esched,
                epilogue_tile=et,
                stages=rng.choice([None] * 6 + [2, 3, 1]),
                carveout=rng.choice([None] * 4 + [0, 32768]),
                grouped=rng.random() < 0.85,
                dynamic_cluster=dyn,
            )
        )
    return out


def grouped_block_scaled(n: int, seed: int) -> list[Config]:
    """``n`` block-scaled ptr-array configurations: gen_collective_bs.generated's draws with their schedule made
    ptr-array (KernelPtrArrayTmaWarpSpecialized{1,2}Sm{BlockScaled,Nvf4,Mxf4,Mxf8f6f4}Sm100; Auto: a 1SM/2SM
    BlockScaled one), pointer layout tags, the ptr-array epilogues, some dynamic clusters."""
    import random

    rng = random.Random(seed)
    out = []
    for c in B.generated(n, seed + 500):
        s = c.schedule
        if s == "KernelScheduleAuto":
            s = f"KernelTmaWarpSpecialized{'2Sm' if c.tile[0] == 256 else '1Sm'}BlockScaledSm100"
        s = s.replace("KernelTmaWarpSpecialized", "KernelPtrArrayTmaWarpSpecialized")
        sm = "2Sm" if "2Sm" in s else "1Sm"
        es = c.epilogue_schedule
        if es == "EpilogueScheduleAuto" or rng.random() < 0.7:
            es = rng.choice([f"PtrArrayTmaWarpSpecialized{sm}"] * 3 + [f"PtrArrayNoSmemWarpSpecialized{sm}"])
        kw = {}
        if rng.random() < 0.25:
            kw = {"cluster": (1, 1, 1), "dynamic_cluster": ((2, 1, 1), (2, 1, 1))}
        out.append(c._replace(schedule=s, epilogue_schedule=es, grouped=True, **kw))
    return out
