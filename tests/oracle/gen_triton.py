"""The generated Triton layouts the oracle answers (tests/test_triton_oracle.py): a fixed seed, every kind and
corner (orders, ranks 1-3, shapes smaller and larger than the layout's tile, every k_width, swizzles, refusals).

``cases(seed)`` returns [{"layout": Gluon repr text, "shape": [...]}]; CUTEDUMP_TRITON_SEED picks another seed
(the cases of another seed have no records: run them with --oracle=live or record them)."""

from __future__ import annotations

import random


def _l(v):
    return "[" + ", ".join(_l(x) for x in v) + "]" if isinstance(v, (list, tuple)) else repr(v)


def blocked(spt, tpw, wpc, order, cga=()):
    return (
        f"BlockedLayout(size_per_thread={_l(spt)}, threads_per_warp={_l(tpw)}, warps_per_cta={_l(wpc)}, "
        f"order={_l(order)}, cga_layout={_l(cga)})"
    )


def mma(version, wpc, instr, cga=()):
    return f"NVMMADistributedLayout(version={_l(version)}, warps_per_cta={_l(wpc)}, instr_shape={_l(instr)}, cga_layout={_l(cga)})"


def mfma(version, instr, transposed, wpc, bits=32, tiles=None):
    t = "None" if tiles is None else _l(tiles)
    return (
        f"AMDMFMALayout(version={version}, instr_shape={_l(instr)}, transposed={transposed}, "
        f"warps_per_cta={_l(wpc)}, element_bitwidth={bits}, tiles_per_warp={t}, cga_layout=[])"
    )


def dot(op, parent, k):
    return f"DotOperandLayout(operand_index={op}, parent={parent}, k_width={k})"


def sl(dim, parent):
    return f"SliceLayout(dim={dim}, parent={parent})"


def split(total, rank, rng):
    """``total`` (a power of two) as a product of ``rank`` powers of two, at random."""
    out = [1] * rank
    while total > 1:
        out[rng.randrange(rank)] *= 2
        total //= 2
    return out


def pshape(rank, rng, lo=0, hi=7, cap=1 << 13):
    while True:
        s = [1 << rng.randint(lo, hi) for _ in range(rank)]
        p = 1
        for x in s:
            p *= x
        if p <= cap:
            return s


def cases(seed: int = 0) -> list[dict]:
    rng = random.Random(seed)
    out = []

    def add(layout, shape):
        out.append({"layout": layout, "shape": list(shape)})

    # blocked 1-3D, every order, warp sizes 32 (and 16, 64), small and large shapes
    for _ in range(70):
        rank = rng.choice([1, 2, 2, 2, 3, 3])
        spt = [1 << rng.randint(0, 3) for _ in range(rank)]
        tpw = split(rng.choice([32, 32, 32, 16, 64]), rank, rng)
        wpc = split(rng.choice([1, 2, 4, 4, 8]), rank, rng)
        order = rng.sample(range(rank), rank)
        add(blocked(spt, tpw, wpc, order), pshape(rank, rng))
    for _ in range(8):  # cga layouts (several blocks)
        spt, tpw, wpc = [1, rng.choice([1, 2, 4])], split(32, 2, rng), split(4, 2, rng)
        cga = rng.choice([[[1, 0]], [[0, 1]], [[1, 0], [0, 1]], [[0, 0]], [[0, 1], [0, 2]], [[0, 1], [1, 0], [0, 2]]])
        add(blocked(spt, tpw, wpc, rng.sample(range(2), 2), cga), rng.choice([[64, 64], [16, 128], [64, 2]]))
    for cga in ([[1, 0]], [[0, 1], [1, 0]]):
        add(mma([2, 0], [2, 2], [16, 8], cga), [64, 64])
        add(f"SwizzledSharedLayout(vec=4, per_phase=2, max_phase=4, order=[1, 0], cga_layout={_l(cga)})", [32, 64])
        add(
            f"NVMMASharedLayout(swizzle_byte_width=64, element_bitwidth=16, rank=2, transposed=False, "
            f"fp4_padded=False, cga_layout={_l(cga)})",
            [64, 64],
        )
        add(sl(0, blocked([1, 2], [4, 8], [2, 2], [1, 0], cga)), [64])
    # slices of blocked, mma, dot operands
    for _ in range(30):
        rank = rng.choice([2, 2, 3])
        spt = [1 << rng.randint(0, 2) for _ in range(rank)]
        p = blocked(spt, split(32, rank, rng), split(rng.choice([1, 4]), rank, rng), rng.sample(range(rank), rank))
        add(sl(rng.randrange(rank), p), pshape(rank - 1, rng))
    # mma v2 (Ampere) and v3 (Hopper)
    v2 = []
    for wpc in ([1, 1], [2, 2], [4, 1], [1, 4], [2, 4], [8, 1]):
        v2.append(mma([2, 0], wpc, [16, 8]))
    v2.append(mma([2, 0], [2, 2, 1], [1, 16, 8]))
    v3 = []
    for n in (8, 16, 32, 64, 128, 256):
        for wpc in ([4, 1], [8, 1], [4, 2]):
            if rng.random() < 0.6:
                v3.append(mma([3, 0], wpc, [16, n, 16]))
    for p in v2 + v3:
        for _ in range(2):
            add(
                p,
                pshape(2 if "instr_shape=[1" not in p else 3, rng, 2, 8)
                if "16, 8]" not in p or "[1, 16" not in p
                else [2, 64, 64],
            )
    for p in v2[:3] + v3[:3]:
        add(sl(0, p), [64])
        add(sl(1, p), [128])
    # dot operands: every k_width over mma v2 (A and B) and v3 (A; B refused), blocked parents
    for p in v2[:4]:
        for k in (1, 2, 4, 8, 16):
            for op in (0, 1):
                add(dot(op, p, k), pshape(2, rng, 4, 7))
    for p in v3[:4]:
        for k in (1, 2, 4, 8):
            add(dot(0, p, k), pshape(2, rng, 6, 7))
        add(dot(1, p, 2), [64, 64])
    for _ in range(12):
        rank = rng.choice([2, 3])
        p = blocked(
            [1 << rng.randint(0, 2) for _ in range(rank)],
            split(32, rank, rng),
            split(4, rank, rng),
            rng.sample(range(rank), rank),
        )
        add(dot(rng.randrange(2), p, rng.choice([0, 1, 2])), pshape(rank, rng, 2, 6))
    for p in v2[1:3]:
        add(sl(1, dot(0, p, 2)), [64])
    # distributed linear layouts: bases of a permuted identity, some broadcast
    for _ in range(15):
        shape = pshape(2, rng, 1, 5)
        bits = [(d, 1 << k) for d in range(2) for k in range(shape[d].bit_length() - 1)]
        rng.shuffle(bits)
        bases = [[v if i == d else 0 for i in range(2)] for d, v in bits]
        if rng.random() < 0.5:
            bases.insert(rng.randrange(len(bases) + 1), [0, 0])
        nr = rng.randint(0, min(3, len(bases)))
        nl = min(5, len(bases) - nr)
        reg, lane, warp = bases[:nr], bases[nr : nr + nl], bases[nr + nl :]
        add(
            f"DistributedLinearLayout(reg_bases={_l(reg)}, lane_bases={_l(lane)}, warp_bases={_l(warp)}, "
            f"block_bases=[], shape={_l(shape)})",
            shape,
        )
    # swizzled shared 1-3D
    for _ in range(40):
        rank = rng.choice([1, 2, 2, 2, 3])
        vec, pp, mp = 1 << rng.randint(0, 4), 1 << rng.randint(0, 3), 1 << rng.randint(0, 4)
        order = rng.sample(range(rank), rank)
        add(
            f"SwizzledSharedLayout(vec={vec}, per_phase={pp}, max_phase={mp}, order={_l(order)}, cga_layout=[])",
            pshape(rank, rng, 0, 7, 1 << 12),
        )
    # NVMMA shared: every swizzle, element width, transposed, rank 2-3, fp4 padding
    for _ in range(45):
        sw = rng.choice([0, 32, 64, 128])
        bits = rng.choice([8, 16, 32])
        rank = rng.choice([2, 2, 3])
        tr = rng.random() < 0.3
        add(
            f"NVMMASharedLayout(swizzle_byte_width={sw}, element_bitwidth={bits}, rank={rank}, transposed={tr}, "
            f"fp4_padded=False, cga_layout=[])",
            pshape(rank, rng, 0 if rank == 3 else 3, 8, 1 << 13),
        )
    add(
        "NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=8, rank=2, transposed=False, fp4_padded=True, "
        "cga_layout=[])",
        [16, 64],
    )
    add(
        "NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, rank=2, transposed=False, fp4_padded=False, "
        "cga_layout=[])",
        [8, 32],
    )
    # AMD MFMA and its dot operands
    for _ in range(25):
        instr = rng.choice([[32, 32, 8], [16, 16, 16], [64, 4, 4], [4, 64, 4]])
        tr = rng.random() < 0.5 or instr[:2] == [64, 4]
        rank = rng.choice([2, 2, 3])
        wpc = split(rng.choice([1, 4, 8]), rank, rng)
        tiles = None if rng.random() < 0.6 else split(rng.choice([1, 2, 4]), rank, rng)
        p = mfma(rng.choice([2, 3, 4]), instr, tr, wpc, rng.choice([32, 32, 64]), tiles)
        add(p, pshape(rank, rng, 2, 7))
        if rng.random() < 0.6:
            add(dot(rng.randrange(2), p, rng.choice([4, 8, 16])), pshape(rank, rng, 4, 7))
    # refusals: what Triton rejects
    bad = [
        (blocked([3, 1], [8, 4], [4, 1], [1, 0]), [16, 16]),
        (blocked([1, 1], [8, 4], [4, 1], [0, 0]), [16, 16]),
        (blocked([1, 1], [8, 4], [4, 1], [1, 0]), [12, 16]),
        (blocked([1, 1], [8, 4], [4], [1, 0]), [16, 16]),
        (mma([2, 0], [2, 2], [16, 8]), [16, 16, 16]),
        (blocked([1, 1], [4, 8], [1, 4], [1, 0], [[2, 0]]), [64, 64]),
        (blocked([1, 1], [4, 8], [1, 4], [1, 0], [[1, 1]]), [64, 64]),
        (blocked([1, 1], [4, 8], [1, 4], [1, 0], [[0, 2], [0, 1]]), [64, 64]),
        ("SwizzledSharedLayout(vec=4, per_phase=8, max_phase=16, order=[0], cga_layout=[])", [1]),
        (mma([3, 0], [4, 1], [16, 64, 16]), [64, 64, 1]),
        (mma([1, 0], [4, 1], [16, 8]), [64, 64]),
        (dot(0, mma([2, 0], [2, 2], [16, 8]), 3), [64, 64]),
        (dot(2, mma([2, 0], [2, 2], [16, 8]), 2), [64, 64]),
        (sl(2, blocked([1, 1], [8, 4], [4, 1], [1, 0])), [16]),
        ("SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 1], cga_layout=[])", [16, 16]),
        (
            "NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, rank=2, transposed=False, fp4_padded=False, cga_layout=[])",
            [16, 16],
        ),
        ("NVMMASharedLayout(swizzle_byte_width=96, element_bitwidth=16)", [64, 64]),
        ("NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=12)", [64, 64]),
        (mfma(3, [8, 8, 8], False, [2, 2]), [64, 64]),
        (mfma(3, [64, 4, 4], False, [2, 2]), [64, 64]),
        (
            "DistributedLinearLayout(reg_bases=[[0, 3]], lane_bases=[], warp_bases=[], block_bases=[], shape=[2, 4])",
            [2, 4],
        ),
        (
            "DistributedLinearLayout(reg_bases=[[0, 1]], lane_bases=[], warp_bases=[], block_bases=[], shape=[2, 4])",
            [2, 4],
        ),
    ]
    for layout, shape in bad:
        add(layout, shape)
    return out


if __name__ == "__main__":
    import json

    for c in cases():
        print(json.dumps(c))


# ---- a second, broader set (tests/test_triton_oracle.py's MORE): every family with random parameters, multi-CTA,
# nested slices of every parent, every k_width (the invalid ones too), Hopper/Ampere instr_shape variants, MFMA of
# every version and element width, NVMMA shared of every swizzle/element width/rank/transposition, and a third of
# the distributed/shared cases also in TTGIR's attribute spelling ("ttgir": the same layout as real TTGIR prints
# it), which must give Triton's answer for the Gluon spelling.


def _ttgir_of(gluon_text: str) -> str:
    """The TTGIR attribute of a Gluon repr (as triton.compile's TTGIR spells it: CGALayout left out when empty)."""

    def cga(kw, out):
        return out + (f", CGALayout = {_l(kw['cga_layout'])}" if kw.get("cga_layout") else "")

    def b(v):
        return "true" if v else "false"

    env = {
        "BlockedLayout": lambda **k: (
            cga(
                k,
                f"#ttg.blocked<{{sizePerThread = {_l(k['size_per_thread'])}, threadsPerWarp = {_l(k['threads_per_warp'])}, "
                f"warpsPerCTA = {_l(k['warps_per_cta'])}, order = {_l(k['order'])}",
            )
            + "}>"
        ),
        "NVMMADistributedLayout": lambda **k: (
            f"#ttg.nvidia_mma<{{versionMajor = {k['version'][0]}, versionMinor = {k['version'][1]}, "
            f"warpsPerCTA = {_l(k['warps_per_cta'])}"
            + (f", CGALayout = {_l(k['cga_layout'])}" if k.get("cga_layout") else "")
            + f", instrShape = {_l(k['instr_shape'])}}}>"
        ),
        "SliceLayout": lambda **k: f"#ttg.slice<{{dim = {k['dim']}, parent = {k['parent']}}}>",
        "DotOperandLayout": lambda **k: (
            f"#ttg.dot_op<{{opIdx = {k['operand_index']}, parent = {k['parent']}, kWidth = {k['k_width']}}}>"
        ),
        "AMDMFMALayout": lambda **k: (
            f"#ttg.amd_mfma<{{version = {k['version']}, warpsPerCTA = {_l(k['warps_per_cta'])}, "
            f"instrShape = {_l(k['instr_shape'])}, isTransposed = {b(k['transposed'])}"
            + (f", tilesPerWarp = {_l(k['tiles_per_warp'])}" if k.get("tiles_per_warp") else "")
            + (f", elementBitWidth = {k['element_bitwidth']}" if k.get("element_bitwidth", 32) != 32 else "")
            + "}>"
        ),
        "SwizzledSharedLayout": lambda **k: (
            cga(
                k,
                f"#ttg.swizzled_shared<{{vec = {k['vec']}, perPhase = {k['per_phase']}, maxPhase = {k['max_phase']}, "
                f"order = {_l(k['order'])}",
            )
            + "}>"
        ),
        "NVMMASharedLayout": lambda **k: (
            f"#ttg.nvmma_shared<{{swizzlingByteWidth = {k['swizzle_byte_width']}, transposed = {b(k['transposed'])}, "
            f"elementBitWidth = {k['element_bitwidth']}"
            + (", fp4Padded = true" if k.get("fp4_padded") else "")
            + (f", CGALayout = {_l(k['cga_layout'])}" if k.get("cga_layout") else "")
            + "}>"
        ),
        "DistributedLinearLayout": lambda **k: (
            f"#ttg.linear<{{register = {_l(k['reg_bases'])}, lane = {_l(k['lane_bases'])}, "
            f"warp = {_l(k['warp_bases'])}, block = {_l(k['block_bases'])}}}>"
        ),
        "AMDWMMALayout": lambda **k: (
            f"#ttg.amd_wmma<{{version = {k['version']}, isTranspose = {b(k['transposed'])}, ctaLayout = {{warp = "
            f"{_l(k['warp_bases'])}"
            + (f", register = {_l(k['reg_bases'])}" if k.get("reg_bases") else "")
            + "}"
            + (f", instrShape = {_l(k['instr_shape'])}" if k.get("instr_shape", [16, 16, 16]) != [16, 16, 16] else "")
            + "}>"
        ),
        "None": None,
    }
    return eval(gluon_text, {"__builtins__": {}}, dict(env, True_=True))


def _cga(rank, rng, most=3):
    out, per = [], [0] * rank
    for _ in range(rng.randint(1, most)):
        d = rng.randrange(rank)
        b = [0] * rank
        b[d] = 1 << per[d]
        per[d] += 1
        out.append(b)
    rng.shuffle(out)
    return out


def cases_more(seed: int = 1) -> list[dict]:
    rng = random.Random(seed)
    out = []

    def add(layout, shape, spell_ttgir=None):
        c = {"layout": layout, "shape": list(shape)}
        if spell_ttgir if spell_ttgir is not None else rng.random() < 0.33:
            c["ttgir"] = _ttgir_of(layout)
        out.append(c)

    def rblocked(rank, cga=False):
        return blocked(
            [1 << rng.randint(0, 3) for _ in range(rank)],
            split(rng.choice([32, 16, 64]), rank, rng),
            split(rng.choice([1, 2, 4, 8]), rank, rng),
            rng.sample(range(rank), rank),
            _cga(rank, rng) if cga else [],
        )

    def rmma(v, rank=2, cga=False):
        c = _cga(rank, rng, 2) if cga else []
        if v == 2:
            instr = rng.choice([[16, 8], [16, 8], [8, 8], [32, 8]])
            return mma([2, 0], split(rng.choice([1, 2, 4, 8]), rank, rng), [1] * (rank - 2) + instr, c)
        return mma([3, 0], split(rng.choice([4, 8]), 2, rng), [16, rng.choice([8, 16, 32, 64, 128, 256]), 16], c)

    def rmfma(rank):
        instr = rng.choice([[32, 32, 8], [16, 16, 16], [64, 4, 4], [4, 64, 4], [16, 16, 32], [32, 32, 16]])
        tiles = None if rng.random() < 0.5 else split(rng.choice([1, 2, 4]), rank, rng)
        return mfma(
            rng.choice([1, 2, 3, 4]),
            instr,
            rng.random() < 0.5 or instr[:2] == [64, 4],
            split(rng.choice([1, 2, 4, 8]), rank, rng),
            rng.choice([32, 32, 64]),
            tiles,
        )

    for _ in range(50):
        r = rng.choice([1, 2, 2, 3])
        add(rblocked(r, rng.random() < 0.4), pshape(r, rng, 0, 7, 1 << 12))
    for _ in range(30):
        r = rng.choice([2, 2, 2, 3])
        v = 3 if r == 2 and rng.random() < 0.5 else 2
        add(rmma(v, r, rng.random() < 0.4), pshape(r, rng, 0, 8, 1 << 12))
    for _ in range(25):
        r = rng.choice([2, 3])
        add(rmfma(r), pshape(r, rng, 0, 7, 1 << 12))
    for _ in range(70):
        k = rng.choice([0, 1, 2, 3, 4, 8, 16, 32])
        op = rng.choice([0, 0, 1])
        r = rng.choice([2, 2, 3])
        pick = rng.randrange(4)
        p = [
            lambda: rmma(2, r, rng.random() < 0.3),
            lambda: rmma(3, 2) if r == 2 else mma([3, 0], split(4, 3, rng), [16, 64, 16]),
            lambda: rblocked(r),
            lambda: rmfma(r),
        ][pick]()
        if pick == 2 and rng.random() < 0.7:
            k = 0
        add(dot(op, p, k), pshape(r, rng, 0, 7, 1 << 12))
    for _ in range(40):
        r = rng.choice([2, 3])
        p = rng.choice(
            [
                lambda: rmma(2, r, rng.random() < 0.3),
                lambda: rmma(3, 2) if r == 2 else rmma(2, 3),
                lambda: rblocked(r, rng.random() < 0.3),
                lambda: rmfma(r),
                lambda: dot(rng.choice([0, 1]), rmma(2, r), rng.choice([1, 2, 4])),
                lambda: dot(0, rmma(3, 2), 2) if r == 2 else dot(0, rmma(2, 3), 4),
            ]
        )()
        lay = sl(rng.randrange(r), p)
        if r == 3 and rng.random() < 0.5:
            add(sl(rng.randrange(2), lay), pshape(1, rng, 0, 8))
        else:
            add(lay, pshape(r - 1, rng, 0, 8, 1 << 12))
    for _ in range(15):
        shape = pshape(2, rng, 1, 5)
        bits = [(d, 1 << k) for d in range(2) for k in range(shape[d].bit_length() - 1)]
        rng.shuffle(bits)
        bases = [[v if i == d else 0 for i in range(2)] for d, v in bits]
        if rng.random() < 0.5:
            bases.insert(rng.randrange(len(bases) + 1), [0, 0])
        nr = rng.randint(0, min(3, len(bases)))
        nl = min(5, len(bases) - nr)
        reg, lane, warp = bases[:nr], bases[nr : nr + nl], bases[nr + nl :]
        lay = (
            f"DistributedLinearLayout(reg_bases={_l(reg)}, lane_bases={_l(lane)}, warp_bases={_l(warp)}, "
            f"block_bases=[], shape={_l(shape)})"
        )
        add(lay, rng.choice([shape, [s * 2 for s in shape], [max(1, s // 2) for s in shape]]), False)
    for _ in range(30):
        r = rng.choice([1, 2, 3])
        vec, pp, mp = 1 << rng.randint(0, 4), 1 << rng.randint(0, 3), 1 << rng.randint(0, 4)
        c = _cga(r, rng, 2) if rng.random() < 0.3 else []
        add(
            f"SwizzledSharedLayout(vec={vec}, per_phase={pp}, max_phase={mp}, order={_l(rng.sample(range(r), r))}, "
            f"cga_layout={_l(c)})",
            pshape(r, rng, 0, 7, 1 << 12),
        )
    for _ in range(60):
        sw = rng.choice([0, 32, 64, 128])
        bits = rng.choice([8, 16, 32, 64])
        r = rng.choice([2, 2, 3, 3, 1])
        tr = rng.random() < 0.4
        fp4 = rng.random() < 0.1
        c = _cga(r, rng, 2) if rng.random() < 0.2 else []
        lo = 8 * max(16, sw) // bits if r >= 2 else 1
        shape = pshape(r, rng, 0, 8, 1 << 12)
        if rng.random() < 0.7 and r >= 2:  # mostly shapes Triton accepts
            shape[0 if tr else r - 1] = max(shape[0 if tr else r - 1], min(256, lo))
            shape[r - 1 if tr else r - 2] = max(shape[r - 1 if tr else r - 2], 8)
        add(
            f"NVMMASharedLayout(swizzle_byte_width={sw}, element_bitwidth={bits}, rank={r}, transposed={tr}, "
            f"fp4_padded={fp4}, cga_layout={_l(c)})",
            shape,
            rng.random() < 0.33 and r == 2,  # TTGIR's nvmma_shared takes its rank from the tensor
        )
    bad = [
        (mma([3, 0], [4, 1, 1], [16, 64, 16]), [1, 64, 64]),
        (sl(0, mma([3, 0], [4, 1, 1], [16, 64, 16])), [64, 64]),
        (mma([2, 0], [4, 1], [16, 8, 8]), [64, 64]),
        (mma([2, 0], [4, 1], [12, 8]), [64, 64]),
        (mma([2, 0], [3, 1], [16, 8]), [64, 64]),
        (mma([3, 0], [4, 1], [16]), [64, 64]),
        (dot(1, mma([3, 0], [4, 1], [16, 64, 16]), 2), [64, 64]),
        (dot(0, blocked([1, 1], [8, 4], [4, 1], [1, 0]), 2), [64, 64]),
        (dot(0, mma([2, 0], [2, 2], [16, 8]), 0), [64, 64]),
        (dot(0, mfma(3, [32, 32, 8], True, [2, 2]), 3), [64, 64]),
        (blocked([1, 1], [8, 4], [4, 1], [1, 0]), [64, 48]),
        (blocked([1, 1], [8, 2], [4, 1], [1, 0]), [64, 64]),
        (blocked([1, 1, 1, 1], [8, 4, 1, 1], [4, 1, 1, 1], [3, 2, 1, 0]), [8, 8, 8, 8]),
        ("SwizzledSharedLayout(vec=0, per_phase=1, max_phase=1, order=[1, 0], cga_layout=[])", [16, 16]),
        ("SwizzledSharedLayout(vec=4, per_phase=1, max_phase=1, order=[1, 0], cga_layout=[])", [1, 1]),
        (
            "NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth=16, rank=1, transposed=False, "
            "fp4_padded=False, cga_layout=[])",
            [1],
        ),
        (
            "NVMMASharedLayout(swizzle_byte_width=64, element_bitwidth=16, rank=2, transposed=False, "
            "fp4_padded=True, cga_layout=[])",
            [64, 64],
        ),
        (mfma(5, [32, 32, 8], True, [2, 2]), [64, 64]),
        (mfma(3, [32, 32, 8], True, [2, 2], 16), [64, 64]),
        (mfma(3, [32, 32, 8], True, [3, 2]), [64, 64]),
    ]
    for layout, shape in bad:
        add(layout, shape, False)
    # AMD WMMA v1-v3 (RDNA3, RDNA4, gfx1250), its slices and dot operands (Triton's k_width rules per version)
    instrs = {
        1: [[16, 16, 16]],
        2: [[16, 16, 16], [16, 16, 32]],
        3: [[16, 16, 4], [16, 16, 32], [16, 16, 128], [32, 16, 64]],
    }
    for _ in range(30):
        r = rng.choice([2, 2, 3])
        v = rng.choice([1, 2, 3])
        per, bases = [0] * r, []
        for _ in range(rng.randint(0, 4)):
            d = rng.randrange(r)
            bb = [0] * r
            bb[d] = 1 << per[d]
            per[d] += 1
            bases.append(bb)
        rng.shuffle(bases)
        if rng.random() < 0.2:
            bases.insert(0, [0] * r)
        if rng.random() < 0.1 and bases:  # a gap: not surjective (Triton aborts)
            bases[-1] = [2 * x for x in bases[-1]]
        nw = rng.randint(0, len(bases))
        lay = (
            f"AMDWMMALayout(version={v}, transposed={rng.random() < 0.5}, warp_bases={_l(bases[:nw])}, "
            f"reg_bases={_l(bases[nw:])}, instr_shape={_l(rng.choice(instrs[v]))}, cga_layout=[], rank={r})"
        )
        shape = pshape(r, rng, 0, 7, 1 << 12)
        k = rng.random()
        # TTGIR's spelling only as real TTGIR shows it (ctaLayout = {warp = [...]}: no register bases seen)
        spell_ok = r == 2 and nw == len(bases) and rng.random() < 0.6
        if k < 0.4:
            add(lay, shape, spell_ok)
        elif k < 0.6:
            add(sl(rng.randrange(r), lay), shape[:-1], False)
        else:
            add(dot(rng.choice([0, 1]), lay, rng.choice([1, 2, 4, 8, 16])), shape, spell_ok)
    # SharedLinearLayout: permuted bases (some broadcast, some blocks); its shape must be what its bases reach
    for _ in range(12):
        shape = pshape(rng.choice([1, 2, 3]), rng, 0, 4)
        bits = [(d, 1 << k) for d in range(len(shape)) for k in range(shape[d].bit_length() - 1)]
        rng.shuffle(bits)
        bases = [[v if i == d else 0 for i in range(len(shape))] for d, v in bits]
        if rng.random() < 0.3:
            bases.insert(rng.randrange(len(bases) + 1), [0] * len(shape))
        nb = rng.randint(0, min(2, len(bases) - 1)) if bases else 0
        off, blk = bases[nb:], bases[:nb]
        if rng.random() < 0.2 and off:  # a missing basis: not surjective (Triton aborts)
            off = off[1:]
        align = rng.choice([16, 16, 128, 1024, 3])
        add(
            f"SharedLinearLayout(offset_bases={_l(off)}, block_bases={_l(blk)}, alignment={align})",
            rng.choice([shape, shape, [s * 2 for s in shape]]),
            False,
        )
    # MFMA with several CTAs, and its dot operands (which keep the parent's CGA layout, K included)
    for _ in range(10):
        r = rng.choice([2, 2, 3])
        p = mfma(
            rng.choice([2, 3, 4]),
            rng.choice([[32, 32, 8], [16, 16, 16]]),
            rng.random() < 0.5,
            split(rng.choice([1, 4]), r, rng),
            32,
            None,
        ).replace("cga_layout=[]", f"cga_layout={_l(_cga(r, rng, 2))}")
        k = rng.random()
        if k < 0.3:
            add(p, pshape(r, rng, 3, 7, 1 << 12), False)
        elif k < 0.8:
            add(dot(rng.choice([0, 1]), p, rng.choice([4, 8])), pshape(r, rng, 3, 7, 1 << 12), False)
        else:
            add(sl(0, dot(1, p, 4)), pshape(r - 1, rng, 3, 7, 1 << 12), False)
    add(mfma(3, [32, 32, 8], True, [2, 2]).replace("element_bitwidth=32", "element_bitwidth=None"), [64, 64], False)
    # PaddedSharedLayout: Triton gives it no linear layout (to_linear_layout aborts)
    add(
        "PaddedSharedLayout(interval_padding_pairs=[[32, 4]], offset_bases=[[0, 1], [0, 2], [1, 0], [2, 0]], "
        "cga_layout=[], shape=[4, 4])",
        [4, 4],
        False,
    )
    add(
        "PaddedSharedLayout(interval_padding_pairs=[[2, 2]], offset_bases=[[2], [1]], cga_layout=[], shape=[4])",
        [4],
        False,
    )
    return out
