"""Every tile shape of CUTLASS 4.2's SM120 block-scaled builder (sm120_blockscaled_mma_builder.inl): M 64/128/256,
N 32..256 (4.2 asserts N >= 32; N 16 and 8 drawn to see the refusal), K 64/128/256, SFVecSize 16 and 32, both
scale-factor types (ue4m3 of nv_float4_t, ue8m0 of mx_float*_t), Cooperative and Pingpong, grouped or not, 1x1x1
clusters; asked through gen_collective_sm120's printers (the same fields, compared the same way)."""

from __future__ import annotations

from cutedump.collective.config import Config, Operand

#: (A, B, schedule, pingpong schedule, grouped schedules): each family's scale-factor type and vector size
FAMILIES = [
    ("nv_float4_t<float_e2m1_t>", "KernelTmaWarpSpecializedNvf4Sm120", "KernelTmaWarpSpecializedPingpongNvf4Sm120", 0),
    ("mx_float4_t<float_e2m1_t>", "KernelTmaWarpSpecializedMxf4Sm120", "KernelTmaWarpSpecializedPingpongMxf4Sm120", 0),
    ("mx_float8_t<float_e4m3_t>", "KernelTmaWarpSpecializedMxf8f6f4Sm120",
     "KernelTmaWarpSpecializedPingpongMxf8f6f4Sm120", 0),
    ("mx_float6_t<float_e2m3_t>", "KernelTmaWarpSpecializedMxf8f6f4Sm120",
     "KernelTmaWarpSpecializedPingpongMxf8f6f4Sm120", 128),
]  # fmt: skip
GROUPED = ["KernelPtrArrayTmaWarpSpecializedCooperative", "KernelPtrArrayTmaWarpSpecializedPingpong"]
#: tile N that CUTLASS 4.2 builds (``size<1>(TileShape) >= 32``) and two below it that it refuses
TILE_N = [32, 64, 96, 128, 192, 256]
REFUSED_N = [8, 16]


def _cfg(el: str, tile, sched: str, align: int, grouped: bool) -> Config:
    return Config(
        "sm120",
        Operand(el, "RowMajor"),
        Operand(el, "ColumnMajor"),
        Operand("bfloat16_t", "RowMajor"),
        Operand("bfloat16_t", "RowMajor"),
        "float",
        tile,
        schedule=sched,
        align=(align, align, 0, 0),
        grouped=grouped,
    )


def _scheds(el: str, coop: str, pp: str, grouped: bool) -> list[str]:
    if not grouped:
        return [coop, pp]
    # the ptr-array tags pick the instruction from the operands; 6/8-bit operands are refused (select_instr)
    return GROUPED if el.startswith(("nv", "mx_float4")) else []


def configs(grouped: bool, ms=(128,), ns=TILE_N, ks=(64, 128, 256)) -> list[Config]:
    """Every family x tile M x N x K x schedule (Cooperative, Pingpong)."""
    out = []
    for el, coop, pp, al in FAMILIES:
        for m in ms:
            for n in ns:
                for k in ks:
                    for s in _scheds(el, coop, pp, grouped):
                        out.append(_cfg(el, (m, n, k), s, al, grouped))
    return out


def tile_n_64(grouped: bool) -> list[Config]:
    """Tile N 64 at every tile M and K."""
    return configs(grouped, ms=(64, 128, 256), ns=(64,))


def refused_n() -> list[Config]:
    """Tile N below 32: 4.2 refuses it ("Invalid tile shape N.")."""
    plain = [c for c in configs(False, ns=REFUSED_N, ks=(128,)) if not c.a.element.startswith("mx_float6")]
    return plain[::2] + configs(True, ns=REFUSED_N, ks=(128,))[::2]


def divisibility_n() -> list[Config]:
    """Tile N above 128 and no multiple of it (160, 192, 224), which 4.2 builds and 4.7's collective does not compile
    (its logical_divide(SmemLayoutSFB_, (N, K)), instantiated for every N), one schedule per family and K, grouped
    and not; K 256 at N 192 among them (a stage count below 2 there: which refusal comes first)."""
    out = []
    for i, (el, coop, pp, al) in enumerate(FAMILIES):
        for j, n in enumerate((160, 192, 224)):
            out.append(_cfg(el, (128, n, 128 if (i + j) % 2 else 64), (coop, pp)[(i + j) % 2], al, False))
    out.append(_cfg(FAMILIES[0][0], (128, 192, 256), FAMILIES[0][1], 0, False))
    out += [_cfg(el, (128, n, 128), GROUPED[n % 3 % 2], 0, True) for el, *_ in FAMILIES[:2] for n in (160, 224)]
    return out


def with_fusion() -> list[Config]:
    """Tile N 64 with a fusion operation: example 79b's (LinCombBlockScaleFactor, D float_e2m1_t) at N 64 under both
    schedules, and an MX pair with LinCombEltAct<ReLu>."""
    from tests.oracle.gen_collective_fusion import examples

    b79 = examples()["79b"]
    out = [b79._replace(tile=(128, 64, 128), schedule=s) for s in (b79.schedule, "KernelScheduleAuto")]
    for el, coop, pp, al in FAMILIES[1:3]:
        out.append(_cfg(el, (128, 64, 128), pp, al, False)._replace(fusion="LinCombEltAct<ReLu>"))
        out.append(_cfg(el, (256, 64, 128), coop, al, False)._replace(fusion="LinCombEltAct<ReLu>"))
    return out
