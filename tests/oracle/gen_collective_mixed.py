"""CUTLASS 4.2's SM90 mixed-input GEMM builder (GMMA_TMA_WS_RS with operands of two widths: ConvertOnly, the
narrow operand converted to the wide one's type in registers, MainloopSm90TmaGmmaRmemAWarpSpecializedMixedInput),
asked host-only with g++ (issue 44, item 4: CUTLASS's example 55).

The programs reuse gen_collective.py's prelude and add one printer (``cd_mixed``: the mixed-input collective's
conversion mode, which operand it transforms, SwapAB, its scale/zero element types and the scale smem layouts). The
prelude of the earlier batches is left as it was, so their records stay valid. Answers are recorded
(tests/oracle/records.py).
"""

from __future__ import annotations

import hashlib
import re

from cutedump.collective.config import Config, Operand, lut_scale, operand_with
from tests.oracle import gen_collective as G

EXTRA = r"""
// (g) issue 44: the SM90 mixed-input collective's own fields
template <class M> void cd_mixed() {
  cd_int("mainloop.conversion_mode", static_cast<int>(M::KernelConversionMode));
  cd_int("mainloop.is_a_transformed", M::IsATransformed);
  cd_int("mainloop.swap_ab", M::SwapAB);
  cd_type<typename M::ElementScale>("mainloop.element_scale");
  cd_type<typename M::ElementZero>("mainloop.element_zero");
  cd_print("mainloop.smem_layout_atom_scale", typename M::SmemLayoutAtomScale{});
  cd_print("mainloop.smem_layout_scale", typename M::SmemLayoutScale{});
}
"""
PRELUDE = G.PRELUDE + EXTRA

#: cutlass::detail::ConversionMode (cutlass/detail/collective/mixed_input_utils.hpp:493), in its order
CONVERSION_MODES = ("DirectConvert", "ConvertAndScale", "ConvertAndScaleWithZero")


def cpp_body(cfg: Config) -> str:
    """gen_collective.cpp_body with the mixed-input collective's printer; an operand with scale/zero types as
    example 55 spells it, ``cute::tuple<Element, ElementScale[, ElementZero]>``."""
    epi, main, rest = G.cpp_body(cfg).partition("  using Main = ")
    body = main + rest  # the mainloop builder's lines only (an epilogue line may read the same)
    for op, w in ((cfg.a, "a"), (cfg.b, "b")):
        if op.scale:
            t = G._CPP_TYPE
            ptr = " *" if cfg.grouped else ""  # a grouped GEMM's pointer layout tags (example 69)
            old = f"    {t[op.element]}, cutlass::layout::{op.layout}{ptr}, {cfg.alignment(w)},\n"
            new = f"    cute::tuple<{', '.join(_cpp(x) for x in (op.element, *op.scale))}>, cutlass::layout::{op.layout}{ptr}, {cfg.alignment(w)},\n"
            assert old in body, (old, body)
            body = body.replace(old, new, 1)
    mixed = "  cd_mixed<Main>();\n"
    if any(lut_scale(x) for op in (cfg.a, cfg.b) for x in op.scale[:1]):  # (only these: the other records unchanged)
        mixed += '  cd_int("mainloop.use_scale_lookup_table", Main::UseScaleLookupTable);\n'
    return epi + body.replace("  cd_mainloop<Main>();\n", "  cd_mainloop<Main>();\n" + mixed)


def _cpp(t: str) -> str:
    """A scale/zero/element type in C++: a lookup-table scale ``cutlass::Array<T, N>`` with T qualified."""
    lut = lut_scale(t)
    return f"cutlass::Array<{G._CPP_TYPE[lut[0]]}, {lut[1]}>" if lut else G._CPP_TYPE[t]


_LUT = re.compile(r"@@mainloop\.element_scale\n.*\[with T = cutlass::Array<(?:cutlass::)?(\w+), (\d+)>\]")


def _fix(a: dict, raw: str = "") -> dict:
    m = a.get("mainloop", {})
    lut = _LUT.search(raw)
    if lut:  # a lookup-table scale: cutlass::Array<T, N> as cutedump spells it (parse_answer keeps the bare name)
        m["element_scale"] = f"cutlass::Array<{lut.group(1)}, {lut.group(2)}>"
        m["use_scale_lookup_table"] = m["use_scale_lookup_table"] == "1"
    if "conversion_mode" in m:
        m["conversion_mode"] = CONVERSION_MODES[int(m["conversion_mode"])]
        m["is_a_transformed"] = m["is_a_transformed"] == "1"
        m["swap_ab"] = m["swap_ab"] == "1"
    return a


def ask(configs: list[Config], chunk: int = 8) -> list[dict]:
    """CUTLASS's fields for each accepted configuration, ``chunk`` a program."""
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        bodies = [cpp_body(c) for c in configs[i : i + chunk]]
        outs += run_cases(bodies, prelude=PRELUDE, extra_flags=G.FLAGS)
    return [_fix(G.parse_answer(o), o) for o in outs]


def refusals(configs: list[Config]) -> list[str]:
    """CUTLASS's first error of each configuration ("compiles" when none), one translation unit each (as
    gen_collective_bs.refusals)."""

    srcs = [G.refusal_unit(cpp_body(c)) for c in configs]

    text = "pch\0" + "\0".join(G.FLAGS) + PRELUDE + "\0".join(srcs)
    key = "collective-mixed-err-" + hashlib.sha256(text.encode()).hexdigest()[:24]
    return G.syntax_verdicts(srcs, PRELUDE, key, what=f"CUTLASS's refusals of {len(configs)} mixed-input collectives")


# ------------------------------------------------------------------------------------------- configurations


def _cfg(a, b, tile, cluster=(1, 1, 1), c="half_t", d="half_t", lc="ColumnMajor", **kw) -> Config:
    return Config(
        "sm90",
        a,
        b,
        Operand(c, lc),
        Operand(d, lc),
        kw.pop("acc", "float"),
        tile,
        cluster,
        **kw,
    )


def examples() -> dict[str, list[Config]]:
    """Example 55's ConvertOnly builder pairs, as its sources write them: A and B swapped and transposed (the
    builder's A is the example's quantized B, RowMajor = K-major; its B the example's A, ColumnMajor = K-major),
    128x128x(128 bytes of the MMA type), cluster 1x1x1, Cooperative, C/D half_t with the transposed layout
    (ColumnMajor), alignments 128 bits each, the carveout sizeof(Epilogue::SharedStorage)."""
    coop = {"schedule": "KernelTmaWarpSpecializedCooperative", "epilogue_schedule": "TmaWarpSpecializedCooperative"}
    e4 = [operand_with("float_e4m3_t", "RowMajor", s) for s in ((), ("half_t",), ("half_t", "half_t"))]
    i4 = [operand_with("int4b_t", "RowMajor", s) for s in ((), ("bfloat16_t",), ("bfloat16_t", "bfloat16_t"))]
    return {
        # 55_hopper_mixed_dtype_gemm.cu: MmaType half_t, QuantType float_e4m3_t, ElementScale = ElementZero =
        # half_t: ConvertOnly, ScaleOnly, ScaleWithZeroPoint
        "55_hopper_mixed_dtype_gemm": [_cfg(a, Operand("half_t", "ColumnMajor"), (128, 128, 64), **coop) for a in e4],
        # 55_hopper_int4_bf16_gemm.cu: MmaType bfloat16_t, QuantType int4b_t, scale and zero bfloat16_t (the
        # Shuffled variants pass a CuTe Layout type as the layout tag: named not modelled,
        # tests/test_collective_examples_mixed.py)
        "55_hopper_int4_bf16_gemm": [_cfg(a, Operand("bfloat16_t", "ColumnMajor"), (128, 128, 64), **coop) for a in i4],
    }


NARROW = ["int4b_t", "uint4b_t", "float_e4m3_t", "float_e5m2_t", "int8_t", "uint8_t"]
WIDE = ["half_t", "bfloat16_t"]


def generated(n: int, seed: int) -> list[Config]:
    """``n`` mixed-width configurations over the builder's space, refusals included: every narrow x wide pair (and
    4-bit x 8-bit), the narrow operand A or B, both majors of each (MN-major narrow or 8-bit wide operands are
    CUTLASS's refusals), Auto/WS/Pingpong/Cooperative, tiles M 64..256, N 16..256, K 32..256, clusters 1..2 per mode,
    carveouts, every epilogue schedule, explicit alignments (some below TMA's 16 bytes), accumulators float and
    half_t."""
    import random

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        r = rng.random()
        if r < 0.8:
            narrow, wide = rng.choice(NARROW), rng.choice(WIDE)
        elif r < 0.92:
            narrow, wide = rng.choice(["int4b_t", "uint4b_t"]), rng.choice(["int8_t", "float_e4m3_t", "uint8_t"])
        else:
            narrow, wide = rng.choice(["float_e4m3_t", "int8_t", "half_t"]), rng.choice(["float", "tfloat32_t"])
        a_narrow = rng.random() < 0.5
        kmaj_n = rng.random() < 0.85
        kmaj_w = rng.random() < 0.65
        if a_narrow:
            a = Operand(narrow, "RowMajor" if kmaj_n else "ColumnMajor")
            b = Operand(wide, "ColumnMajor" if kmaj_w else "RowMajor")
        else:
            a = Operand(wide, "RowMajor" if kmaj_w else "ColumnMajor")
            b = Operand(narrow, "ColumnMajor" if kmaj_n else "RowMajor")
        sched = rng.choice(
            ["KernelScheduleAuto"] * 3
            + ["KernelTmaWarpSpecializedCooperative"] * 3
            + ["KernelTmaWarpSpecializedPingpong"] * 2
            + ["KernelTmaWarpSpecialized"]
        )
        coop = sched == "KernelTmaWarpSpecializedCooperative"
        m = rng.choice([128, 128, 256] if coop else [64, 64, 128, 128, 256, 192])
        nn = rng.choice([128, 128, 256, 64, 192, 96, 16, 32])
        kk = rng.choice([64, 64, 128, 128, 256, 32])
        cl = (rng.choice([1, 1, 2]), rng.choice([1, 1, 2]), 1)
        acc = "float" if rng.random() < 0.85 else "half_t"
        if Operand(wide).bits == 8 and wide != "float_e4m3_t":
            acc = "int32_t" if rng.random() < 0.8 else acc
        align = [0, 0, 0, 0]
        if rng.random() < 0.12:
            align[0 if a_narrow else 1] = rng.choice([8, 16, 64])
        if rng.random() < 0.08:
            align[1 if a_narrow else 0] = rng.choice([4, 16])
        esched = rng.choice(
            ["EpilogueScheduleAuto"] * 2
            + ["TmaWarpSpecializedCooperative" if coop else "TmaWarpSpecialized"] * 3
            + ["NoSmemWarpSpecialized"]
        )
        c = rng.choice(["half_t", "half_t", "bfloat16_t", "float", "void"])
        d = rng.choice(["half_t", "bfloat16_t", "float"]) if c == "void" else c
        kw = {}
        if rng.random() < 0.1:
            kw["carveout"] = rng.choice([0, 8192, 32768])
        if rng.random() < 0.05:
            kw["stages"] = rng.choice([2, 4])
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
                **kw,
            )
        )
    return out


def key(cfg: Config) -> str:
    return hashlib.sha256(cpp_body(cfg).encode()).hexdigest()[:12]


def other_schedules() -> list[Config]:
    """Mixed widths with the SM90 schedules whose builders are not GMMA_TMA_WS_RS (cp.async, FP8 fast accumulation),
    as CUTLASS refuses or builds them."""
    a, b = Operand("int8_t", "RowMajor"), Operand("half_t", "ColumnMajor")
    out = []
    for s in (
        "KernelCpAsyncWarpSpecialized",
        "KernelCpAsyncWarpSpecializedPingpong",
        "KernelCpAsyncWarpSpecializedCooperative",
        "KernelTmaWarpSpecializedFP8FastAccum",
        "KernelTmaWarpSpecializedCooperativeFP8FastAccum",
    ):
        out.append(_cfg(a, b, (128, 128, 64), schedule=s))
    out.append(
        _cfg(
            Operand("float_e4m3_t", "RowMajor"),
            Operand("half_t", "ColumnMajor"),
            (128, 128, 64),
            schedule="KernelTmaWarpSpecializedFP8FastAccum",
        )
    )
    # A and B both with scale types (cute::tuple): the RS builder's element-type static_assert
    out.append(
        _cfg(
            operand_with("int4b_t", "RowMajor", ("bfloat16_t",)),
            operand_with("bfloat16_t", "ColumnMajor", ("bfloat16_t",)),
            (128, 128, 64),
            schedule="KernelTmaWarpSpecializedCooperative",
        )
    )
    return out


def generated_scaled(n: int, seed: int) -> list[Config]:
    """``n`` mixed-width configurations of :func:`generated`'s space whose converted operand carries a scale (and
    sometimes a zero) type: half_t, bfloat16_t or float, the narrow operand A or B, refusals included."""
    import random

    rng = random.Random(seed)
    out = []
    for c in generated(3 * n, seed + 1000):
        if len(out) == n:
            break
        narrow = "a" if c.a.bits < c.b.bits else "b"
        op = getattr(c, narrow)
        wide = c.b if narrow == "a" else c.a
        st = wide.element if rng.random() < 0.7 else rng.choice(["half_t", "bfloat16_t", "float"])
        scale = (st,) if rng.random() < 0.55 else (st, st if rng.random() < 0.8 else rng.choice(["half_t", "float"]))
        out.append(c._replace(**{narrow: operand_with(op.element, op.layout, scale)}))
    return out


# ------------------------------------------------------------------------------ grouped (ptr-array): example 69

PTR_COOP = {
    "schedule": "KernelPtrArrayTmaWarpSpecializedCooperative",
    "epilogue_schedule": "PtrArrayTmaWarpSpecializedCooperative",
}


def examples_69() -> dict[str, list[tuple[Config, str]]]:
    """Example 69's builder pairs as its three sources write them (cutlass v4.2.0
    examples/69_hopper_mixed_dtype_grouped_gemm/): the grouped mixed-input pairs ("mixed": A and B swapped and
    transposed, pointer layout tags, 128x16x(128 bytes of the MMA type), cluster 1x1x1,
    KernelPtrArrayTmaWarpSpecializedCooperative and PtrArrayTmaWarpSpecializedCooperative, C/D half_t ColumnMajor *,
    the carveout sizeof(Epi::SharedStorage)) and each file's reference pair in verify() ("dense": MmaType x MmaType,
    RowMajor x ColumnMajor, StageCountAuto, KernelScheduleAuto or the FP8 fast-accumulation Cooperative schedule, C/D
    half_t RowMajor, NoSmemWarpSpecialized); the int4 x fp8 pairs' scale is the lookup table cutlass::Array<float_e4m3_t,
    8> (and 55_hopper_int4_fp8_gemm's pair is here too). The shuffled pairs (a reordered CuTe Layout type in place of
    B's layout tag) are not here: named not modelled, tests/test_collective_examples_mixed.py."""

    def grouped(q, scale, mma):
        a = operand_with(q, "RowMajor", scale)
        return _cfg(a, Operand(mma, "ColumnMajor"), (128, 16, 128 * 8 // Operand(mma).bits), grouped=True, **PTR_COOP)

    def ref(mma, sched):
        h = Operand("half_t", "RowMajor")
        return Config(
            "sm90",
            Operand(mma, "RowMajor"),
            Operand(mma, "ColumnMajor"),
            h,
            h,
            "float",
            (128, 16, 128 * 8 // Operand(mma).bits),
            (1, 1, 1),
            carveout=0,
            schedule=sched,
            epilogue_schedule="NoSmemWarpSpecialized",
        )

    bf = "bfloat16_t"
    return {
        # MmaType bfloat16_t, QuantType float_e5m2_t, ElementScale bfloat16_t: ConvertOnly, ScaleOnly
        "69_hopper_mixed_dtype_grouped_gemm": [
            (grouped("float_e5m2_t", (), bf), "mixed"),
            (grouped("float_e5m2_t", (bf,), bf), "mixed"),
            (ref(bf, "KernelScheduleAuto"), "dense"),
        ],
        # MmaType bfloat16_t, QuantType int4b_t: ConvertOnly, ScaleOnly (and their Shuffled twins: not modelled)
        "69_hopper_int4_bf16_grouped_gemm": [
            (grouped("int4b_t", (), bf), "mixed"),
            (grouped("int4b_t", (bf,), bf), "mixed"),
            (ref(bf, "KernelScheduleAuto"), "dense"),
        ],
        # MmaType float_e4m3_t, QuantType int4b_t: ScaleOnly (and Shuffled: not modelled), the lookup-table scale
        # cutlass::Array<float_e4m3_t, 8>; the reference pair: IsFP8Input, tile M 128 ->
        # KernelTmaWarpSpecializedCooperativeFP8FastAccum
        "69_hopper_int4_fp8_grouped_gemm": [
            (grouped("int4b_t", (LUT8,), "float_e4m3_t"), "mixed"),
            (ref("float_e4m3_t", "KernelTmaWarpSpecializedCooperativeFP8FastAccum"), "dense"),
        ],
        # 55_hopper_int4_fp8_gemm.cu's ScaleOnly pair (the lookup-table scale; 128x128x128, Cooperative, not grouped)
        "55_hopper_int4_fp8_gemm": [
            (
                _cfg(
                    operand_with("int4b_t", "RowMajor", (LUT8,)),
                    Operand("float_e4m3_t", "ColumnMajor"),
                    (128, 128, 128),
                    schedule="KernelTmaWarpSpecializedCooperative",
                    epilogue_schedule="TmaWarpSpecializedCooperative",
                ),
                "mixed",
            )
        ],
    }


#: examples 55 and 69's lookup-table scale: cutlass::Array<ElementScale, 8> of the MMA type float_e4m3_t
LUT8 = "cutlass::Array<float_e4m3_t, 8>"


def generated_lut(n: int, seed: int) -> list[Config]:
    """``n`` mixed-input configurations whose converted operand's scale is a lookup table ``cutlass::Array<T, N>``
    (T float_e4m3_t mostly, also float_e5m2_t/half_t/bfloat16_t/float; N 8 mostly, also 2, 4, 16), a zero now and
    then (ConvertAndScaleWithZero: no lookup table), over :func:`generated`'s space, a third grouped (ptr-array);
    refusals included."""
    import random

    rng = random.Random(seed)
    base = generated(3 * n, seed + 4000)
    out = []
    for c in base:
        if len(out) == n:
            break
        narrow = "a" if c.a.bits < c.b.bits else "b"
        op = getattr(c, narrow)
        t = rng.choice(["float_e4m3_t"] * 4 + ["float_e5m2_t", "half_t", "bfloat16_t", "float"])
        lut = f"cutlass::Array<{t}, {rng.choice([8, 8, 8, 4, 2, 16])}>"
        scale = (lut,) if rng.random() < 0.85 else (lut, rng.choice(["half_t", "bfloat16_t"]))
        c = c._replace(**{narrow: operand_with(op.element, op.layout, scale)}, stages=None)
        if rng.random() < 0.35:
            s = rng.choice(["KernelPtrArrayTmaWarpSpecializedCooperative", "KernelPtrArrayTmaWarpSpecializedPingpong"])
            e = "PtrArrayTmaWarpSpecialized" + ("Cooperative" if "Cooperative" in s else "Pingpong")
            m = max(c.tile[0], 128) if "Cooperative" in s else c.tile[0]
            c = c._replace(schedule=s, epilogue_schedule=e, grouped=True, tile=(m, *c.tile[1:]))
        out.append(c)
    return out


def generated_grouped(n: int, seed: int) -> list[Config]:
    """``n`` grouped (ptr-array) mixed-input configurations over the builder's space, refusals included: the
    configurations of :func:`generated` and :func:`generated_scaled` with the two ptr-array schedules of the
    mixed-input builder (and, now and then, the ptr-array FP8 fast-accumulation ones or a non-ptr-array schedule with
    plain tags), pointer layout tags (``--grouped``) or, a fifth of the time, plain tags (the batched ptr-array GEMM),
    every ptr-array epilogue schedule or Auto."""
    import random

    rng = random.Random(seed)
    src = generated(n, seed + 2000) + generated_scaled(n, seed + 3000)
    rng.shuffle(src)
    out = []
    for c in src[:n]:
        r = rng.random()
        if r < 0.45:
            s, e = "KernelPtrArrayTmaWarpSpecializedCooperative", "PtrArrayTmaWarpSpecializedCooperative"
        elif r < 0.9:
            s, e = "KernelPtrArrayTmaWarpSpecializedPingpong", "PtrArrayTmaWarpSpecializedPingpong"
        elif c.a.scale or c.b.scale:  # (a scaled operand with another builder: named not modelled)
            s, e = "KernelPtrArrayTmaWarpSpecializedCooperative", "PtrArrayTmaWarpSpecializedCooperative"
        else:
            s = rng.choice(
                [
                    "KernelPtrArrayTmaWarpSpecializedCooperativeFP8FastAccum",
                    "KernelPtrArrayTmaWarpSpecializedPingpongFP8FastAccum",
                ]
            )
            e = "PtrArrayTmaWarpSpecializedCooperative" if "Cooperative" in s else "PtrArrayTmaWarpSpecializedPingpong"
        e = rng.choice([e, e, e, "EpilogueScheduleAuto", "PtrArrayNoSmemWarpSpecialized"])
        m = c.tile[0]
        if "Cooperative" in s and m < 128:
            m = 128
        grouped = rng.random() < 0.8
        out.append(c._replace(schedule=s, epilogue_schedule=e, grouped=grouped, tile=(m, *c.tile[1:]), stages=None))
    return out
