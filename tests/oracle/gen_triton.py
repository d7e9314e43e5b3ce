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
