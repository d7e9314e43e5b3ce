"""Generate new shared-memory access patterns for the H100 bank probe (/work/shared/bank/probe/probe.cu).

    python tests/bank_probe_gen.py OUTDIR

writes OUTDIR/patterns.h (NPAT, PAT_KIND[], PAT_NINST[], PAT_START[], PAT_OFFS[], the probe's format) and
OUTDIR/patterns.json (name, inst, kind, lane_byte_addresses per pattern, in launch order). Pattern 0 and 1 are
baselines (no instruction: the probe's own initialisation stores), so that they can be subtracted exactly.

Families, for every instruction kind the probe has: uniformly random aligned addresses in 48 KiB; random in a small
span (many collisions); broadcast-heavy (a few distinct words / 16-byte rows shared by many lanes, also across
phases); strides of 4..1024 bytes; XOR-swizzled rows; partial overlaps (a lane's 8/16-byte access covering words
other lanes also touch, within and across phases); unused lanes of ldmatrix.x1/x2 set to garbage; multi-instruction
sequences; and the byte addresses of real cutedump copies (`cutedump bank ... --format json`: the sgemm_sm80
cp.async stores and ldmatrix loads, swizzled, unswizzled and padded, every warp).
The order is shuffled (seeded) so that a cut-short run still covers every kind.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

SMEM = 48 * 1024
KIND = {  # instruction -> the probe's PAT_KIND
    "ld.shared.b32": 0,
    "ld.shared.b64": 1,
    "ld.shared.b128": 2,
    "ldmatrix.x1": 3,
    "ldmatrix.x2": 4,
    "ldmatrix.x4": 5,
    "st.shared.b32": 6,
    "st.shared.b128": 7,
    "st.shared.b64": 8,
    "ldmatrix.x4.trans": 9,
    "stmatrix.x4": 10,
    "stmatrix.x2": 11,
    "stmatrix.x4.trans": 12,
}
WIDTH = {k: (4 if k.endswith("b32") else 8 if k.endswith("b64") else 16) for k in KIND}
NLANES = {k: (8 if ".x1" in k else 16 if ".x2" in k else 32) for k in KIND}  # lanes whose address is read
PHASE = {k: (32 if k.endswith("b32") else 16 if k.endswith("b64") else 8) for k in KIND}


def _fill_unused(inst, a, rng, garbage=False):
    """ldmatrix/stmatrix .x1/.x2 read only lanes 0-7 / 0-15: the others get a copy (or garbage, aligned)."""
    n = NLANES[inst]
    if n == 32:
        return a
    if garbage:
        return a[:n] + [rng.randrange(SMEM // 16) * 16 for _ in range(32 - n)]
    return a[:n] + [a[i % n] for i in range(n, 32)]


def gen_family(inst, rng):
    """(name, [[32 addresses], ...]) patterns of one instruction kind."""
    w = WIDTH[inst]
    slots = SMEM // w
    out = []

    def one(name, a, garbage=False):
        a = _fill_unused(inst, list(a), rng, garbage)
        assert len(a) == 32 and all(0 <= x <= SMEM - w and x % w == 0 for x in a), (name, a)
        out.append((name, [a]))

    for i in range(22):  # uniformly random aligned addresses
        one(f"uniform random #{i}", [rng.randrange(slots) * w for _ in range(32)])
    for i in range(14):  # random in a small span: collisions, broadcasts
        span = rng.choice([64, 128, 256, 512, 1024, 2048])
        base = rng.randrange((SMEM - span) // 128) * 128
        one(f"random in span {span} #{i}", [base + rng.randrange(span // w) * w for _ in range(32)])
    for i in range(16):  # broadcast-heavy: k distinct addresses (word or 16-byte row) shared
        k = rng.choice([1, 1, 2, 2, 3, 4, 5, 8])
        if rng.random() < 0.5:  # same 16-byte rows, lanes on different words of them (w < 16)
            rows = [rng.randrange(SMEM // 16) * 16 for _ in range(k)]
            a = [rng.choice(rows) + rng.randrange(16 // w) * w for _ in range(32)]
            one(f"broadcast {k} rows, words within #{i}", a)
        else:
            words = [rng.randrange(slots) * w for _ in range(k)]
            one(f"broadcast {k} addresses #{i}", [rng.choice(words) for _ in range(32)])
    # cross-phase duplicates: every phase reads the same addresses as phase 0 (or a permutation of them)
    ph = PHASE[inst]
    for i in range(8):
        first = (
            [rng.randrange(slots) * w for _ in range(ph)]
            if i % 2
            else [rng.randrange(8) * 128 * (w // 4 if w > 4 else 1) + j * w for j in range(ph)]
        )
        a = []
        for p in range(32 // ph):
            f = list(first)
            if i >= 4:
                rng.shuffle(f)
            a += f
        one(f"each phase repeats phase 0's addresses{' permuted' if i >= 4 else ''} #{i}", a)
    for i in range(6):  # half the warp mirrors the other half
        h = [rng.randrange(slots // 8) * w for _ in range(16)]
        one(f"lanes 16-31 repeat lanes 0-15 #{i}", h + h)
    strides = [
        4,
        8,
        12,
        16,
        20,
        24,
        28,
        32,
        36,
        48,
        64,
        68,
        72,
        80,
        96,
        112,
        128,
        132,
        136,
        144,
        160,
        192,
        240,
        256,
        264,
        272,
        384,
        512,
        528,
        768,
        1024,
    ]
    for s in strides:  # strides 4..1024 bytes (multiples of the access width)
        if s % w:
            continue
        base = rng.randrange(64) * w
        if base + 31 * s + w > SMEM:
            base = 0
        one(f"stride {s} B", [base + l * s for l in range(32)])
    for i in range(10):  # XOR-swizzled rows: row r, 16-byte chunk c ^ (r % 8)
        rowbytes = rng.choice([64, 128, 256])
        chunks = rowbytes // 16
        bits = {64: 2, 128: 3, 256: 3}[rowbytes]
        sh = rng.choice([0, 1]) if rowbytes != 64 else 0
        a = []
        colmajor = rng.random() < 0.5
        for l in range(32):
            if colmajor:
                r, c = l % 8, (l // 8) % chunks
            else:
                r, c = l // chunks, l % chunks
            c2 = c ^ ((r >> sh) % (1 << bits)) % chunks
            sub = (rng.randrange(16 // w) * w) if w < 16 else 0
            a.append(r * rowbytes + c2 * 16 + sub)
        one(f"xor-swizzled rows of {rowbytes} B{' col-major lanes' if colmajor else ''} #{i}", a)
    if w > 4:  # partial overlaps: lanes hitting words inside others' 8/16-byte accesses
        for i in range(8):
            base = rng.randrange(SMEM // 1024) * 512
            a = []
            for l in range(32):
                if rng.random() < 0.5:
                    a.append(base + (l % 16) * w)  # a contiguous run
                else:
                    a.append(base + rng.randrange(16) * w + 128 * rng.randrange(1, 4))  # same banks, other rows
            one(f"partial overlap run + same-bank rows #{i}", a)
    else:  # 32-bit: lanes inside 16-byte rows other lanes cover as a row
        for i in range(8):
            base = rng.randrange(SMEM // 1024) * 512
            a = [base + (l // 4) * rng.choice([16, 128, 144]) + (l % 4) * 4 for l in range(32)]
            one(f"rows of 4 words, row step random #{i}", a)
    if NLANES[inst] < 32:  # ldmatrix/stmatrix .x1/.x2: unused lanes garbage
        for i in range(5):
            one(f"unused lanes garbage #{i}", [rng.randrange(slots) * w for _ in range(32)], garbage=True)
        one("unused lanes garbage, used contiguous", [l * 16 for l in range(32)], garbage=True)
    for i in range(8):  # multi-instruction sequences of the families above
        n = rng.choice([2, 3, 4])
        insts = []
        for _ in range(n):
            if rng.random() < 0.5:
                a = [rng.randrange(slots) * w for _ in range(32)]
            else:
                s = rng.choice([x for x in strides if x % w == 0])
                base = rng.randrange(16) * w
                a = [min(base + l * s, SMEM - w) // w * w for l in range(32)]
            insts.append(_fill_unused(inst, a, rng))
        out.append((f"{n} instructions, random/strided #{i}", insts))
    return out


SGEMM_SW = "composition(Sw<3,3,3>, tile_to_shape((_8,(_8,_8)):(_8,(_1,_64)), (_128,_64)))"
REAL_SMEM = {
    "Sw<3,3,3> K-major 128x64 half (sgemm_sm80 tn)": SGEMM_SW,
    "unswizzled K-major 128x64 half": "(_128,_64):(_64,_1)",
    "padded K-major 128x64 half (ld 72)": "(_128,_64):(_72,_1)",
    "K-major 128x32 half": "(_128,_32):(_32,_1)",
    "Sw<2,3,3> K-major 128x32 half": "composition(Sw<2,3,3>, (_128,_32):(_32,_1))",
}
MMA = ["--mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-layout", "(_2,_2)", "--tile", "(_32,_32,_16)"]
REAL_COPIES = [  # (label, smem keys, options)
    (
        "cp.async uint128 G2S store",
        list(REAL_SMEM),
        [
            "--copy",
            "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
            "--type",
            "half_t",
            "--thr",
            "(_16,_8):(_8,_1)",
            "--val",
            "(_1,_8)",
        ],
    ),
    (
        "cp.async uint64 G2S store",
        list(REAL_SMEM)[:3],
        [
            "--copy",
            "SM80_CP_ASYNC_CACHEALWAYS<uint64_t>",
            "--type",
            "half_t",
            "--thr",
            "(_32,_4):(_4,_1)",
            "--val",
            "(_1,_4)",
        ],
    ),
    (
        "UniversalCopy uint32 store",
        list(REAL_SMEM)[:3],
        [
            "--copy",
            "UniversalCopy<uint32_t>",
            "--type",
            "half_t",
            "--thr",
            "(_32,_4):(_4,_1)",
            "--val",
            "(_1,_2)",
            "--store",
        ],
    ),
    (
        "ldmatrix.x4 A (S2R)",
        list(REAL_SMEM),
        ["--copy", "SM75_U32x4_LDSM_N", "--type", "half_t", *MMA, "--operand", "A"],
    ),
    (
        "ldmatrix.x4 B (S2R)",
        list(REAL_SMEM),
        ["--copy", "SM75_U32x4_LDSM_N", "--type", "half_t", *MMA, "--operand", "B"],
    ),
    (
        "ldmatrix.x2 B (S2R)",
        list(REAL_SMEM)[:3],
        ["--copy", "SM75_U32x2_LDSM_N", "--type", "half_t", *MMA, "--operand", "B"],
    ),
    (
        "ldmatrix.x1 B (S2R)",
        list(REAL_SMEM)[:3],
        ["--copy", "SM75_U32x1_LDSM_N", "--type", "half_t", *MMA, "--operand", "B"],
    ),
    (
        "ldmatrix.x4.trans B MN-major (S2R)",
        ["mn"],
        ["--copy", "SM75_U16x8_LDSM_T", "--type", "half_t", *MMA, "--operand", "B"],
    ),
    ("stmatrix.x4 C (R2S)", ["c"], ["--copy", "SM90_U32x4_STSM_N", "--type", "half_t", *MMA, "--operand", "C"]),
    (
        "UniversalCopy uint128 load",
        list(REAL_SMEM)[:3],
        ["--copy", "UniversalCopy<uint128_t>", "--type", "half_t", "--thr", "(_16,_8):(_8,_1)", "--val", "(_1,_8)"],
    ),
    (
        "UniversalCopy uint64 load",
        list(REAL_SMEM)[:3],
        ["--copy", "UniversalCopy<uint64_t>", "--type", "half_t", "--thr", "(_32,_4):(_4,_1)", "--val", "(_1,_4)"],
    ),
]
EXTRA_SMEM = {
    "mn": ("MN-major 128x64 half", "(_128,_64):(_1,_128)"),
    "mn_sw": ("Sw<3,3,3> MN-major 64x64 half", "composition(Sw<3,3,3>, (_64,_64):(_1,_64))"),
    "c": ("row-major 32x32 half C", "(_32,_32):(_32,_1)"),
    "c_sw": ("Sw<2,3,3> row-major 32x32 half C", "composition(Sw<2,3,3>, (_32,_32):(_32,_1))"),
    "c_pad": ("padded 32x40 half C", "(_32,_32):(_40,_1)"),
}
REAL_COPIES[7] = (REAL_COPIES[7][0], ["mn", "mn_sw"], REAL_COPIES[7][2])
REAL_COPIES[8] = (REAL_COPIES[8][0], ["c", "c_sw", "c_pad"], REAL_COPIES[8][2])


def real_copies(log=sys.stderr):
    """Patterns of real cutedump copies: every warp's instruction sequence (capped at 8 instructions)."""
    out = []
    for label, keys, opts in REAL_COPIES:
        for key in keys:
            smem_label, smem = EXTRA_SMEM[key] if key in EXTRA_SMEM else (key, REAL_SMEM[key])
            for warp in range(4):
                cmd = ["cutedump", "bank", smem, *opts, "--warp", str(warp), "--format", "json", "--no-fix"]
                r = subprocess.run(cmd, capture_output=True, text=True)
                if r.returncode:
                    print(f"skip {label} on {smem_label}: {r.stderr.strip()}", file=log)
                    break
                ins = json.loads(r.stdout)["instructions"]
                forms = {i["inst"] for i in ins}
                assert len(forms) == 1, forms
                inst = forms.pop()
                if inst not in KIND:
                    print(f"skip {label}: {inst} not in the probe", file=log)
                    break
                addrs = [i["addresses"] for i in ins][:8]
                if max(max(a) for a in addrs) + WIDTH[inst] > SMEM:
                    addrs = [[x % SMEM for x in a] for a in addrs]
                out.append((inst, f"real: {label} on {smem_label}, warp {warp}", addrs))
    return out


def build(seed=2026):
    rng = random.Random(seed)
    pats = []
    for inst in KIND:
        for name, insts in gen_family(inst, rng):
            pats.append({"name": f"{inst} {name}", "inst": inst, "lane_byte_addresses": insts})
    for inst, name, insts in real_copies():
        pats.append({"name": name, "inst": inst, "lane_byte_addresses": insts})
    rng.shuffle(pats)
    base = [
        {"name": "baseline: no instruction (kind ld32)", "inst": "ld.shared.b32", "lane_byte_addresses": []},
        {"name": "baseline: no instruction (kind st32)", "inst": "st.shared.b32", "lane_byte_addresses": []},
    ]
    return base + pats


def patterns_h(pats) -> str:
    kinds, ninst, start, offs = [], [], [], []
    for p in pats:
        kinds.append(KIND[p["inst"]])
        ninst.append(len(p["lane_byte_addresses"]))
        start.append(len(offs))
        for a in p["lane_byte_addresses"]:
            offs.extend(a)
    if not offs:
        offs = [0] * 32
    j = lambda v: ",".join(map(str, v))
    return (
        f"// generated by tests/bank_probe_gen.py: {len(pats)} patterns\n#pragma once\n#include <cstdint>\n"
        f"#define NPAT {len(pats)}\n"
        f"static const int PAT_KIND[NPAT] = {{{j(kinds)}}};\n"
        f"static const int PAT_NINST[NPAT] = {{{j(ninst)}}};\n"
        f"static const int PAT_START[NPAT] = {{{j(start)}}};\n"
        f"static const uint32_t PAT_OFFS[{len(offs)}] = {{{j(offs)}}};\n"
    )


def main(argv):
    out = Path(argv[1] if len(argv) > 1 else ".")
    out.mkdir(parents=True, exist_ok=True)
    pats = build()
    (out / "patterns.h").write_text(patterns_h(pats))
    (out / "patterns.json").write_text(json.dumps(pats, separators=(",", ":")))
    from collections import Counter

    c = Counter(p["inst"] for p in pats[2:])
    print(f"{len(pats)} patterns ({len(pats) - 2} + 2 baselines):", dict(c))


# ---- follow-up: the first run's only disagreements were ld.shared.b128 with one address for the whole warp
# (2 wavefronts, 0 conflicts; the quarter-warp model says 4). These patterns build each instruction from four
# 8-lane units, each uniform on one address (X, Y: other banks, Z: X's banks in another row, A: X + 16) or
# distinct (C: conflict-free run, K: 2-way conflicting) or nearly uniform (M: X but one lane Y, N: X but one lane Z),
# to find which uniformity the hardware merges, and for which instructions.
def _unit(code, w, rng, X, Y, Z):
    if code == "X":
        return [X] * 8
    if code == "Y":
        return [Y] * 8
    if code == "Z":
        return [Z] * 8
    if code == "A":
        return [X + 16] * 8
    if code == "C":
        b = rng.randrange(1, 40) * 1024
        return [b + j * w for j in range(8)]
    if code == "K":
        b = rng.randrange(1, 40) * 1024
        return [b + (j % 4) * w + (j // 4) * 128 * max(1, w // 4) for j in range(8)]
    if code in "MN":
        u = [X] * 8
        u[rng.randrange(8)] = Y if code == "M" else Z
        return u
    raise ValueError(code)


def build_followup(seed=7):
    import itertools

    rng = random.Random(seed)
    pats = []

    def add(inst, units, extra=""):
        w = WIDTH[inst]
        X = rng.randrange(2, 40) * 1024 + rng.randrange(8) * 16
        Y = X + 64 + rng.randrange(3) * 16 + rng.randrange(2) * 256  # other banks
        Z = X + 128 * rng.choice([1, 2, 4, 8])  # X's banks, another row
        a = []
        for u in units:
            a += _unit(u, w, rng, X, Y, Z)
        pats.append(
            {
                "name": f"{inst} followup units {''.join(units)}{extra}",
                "inst": inst,
                "lane_byte_addresses": [_fill_unused(inst, a, rng)],
            }
        )

    for t in itertools.product("XYZC", repeat=4):
        add("ld.shared.b128", t)
    for _ in range(100):
        add("ld.shared.b128", [rng.choice("XYZACKMN") for _ in range(4)])
    key = [
        "XXXX",
        "XXYY",
        "XYXY",
        "XXZZ",
        "XZXZ",
        "XXXY",
        "XXXZ",
        "XXXC",
        "XXCC",
        "CCXX",
        "MMMM",
        "XXXA",
        "AAAA",
        "XXYX",
        "CXXX",
    ]
    for inst in (
        "ld.shared.b64",
        "st.shared.b128",
        "st.shared.b64",
        "ldmatrix.x4",
        "ldmatrix.x4.trans",
        "stmatrix.x4",
        "ld.shared.b32",
        "st.shared.b32",
    ):
        for k in key:
            add(inst, list(k))
        for _ in range(45):
            add(inst, [rng.choice("XYZACKMN") for _ in range(4)])
    for inst in ("ldmatrix.x2", "stmatrix.x2", "ldmatrix.x1"):
        for k in ["XX", "XY", "XZ", "XC", "CX", "MM", "XA"]:
            add(inst, list(k) + ["C", "C"])
    # two-instruction sequences: a uniform ld.shared.b128 followed/preceded by a conflicting one
    for _ in range(6):
        X = rng.randrange(2, 40) * 1024
        u = [X] * 32
        s = [rng.randrange(2, 40) * 1024 + l * 256 for l in range(32)]
        pats.append(
            {
                "name": "ld.shared.b128 followup uniform then stride 256",
                "inst": "ld.shared.b128",
                "lane_byte_addresses": [u, [x % SMEM for x in s]],
            }
        )
    for p in pats:
        for a in p["lane_byte_addresses"]:
            assert all(0 <= x <= SMEM - WIDTH[p["inst"]] and x % WIDTH[p["inst"]] == 0 for x in a), p
    base = [
        {"name": "baseline: no instruction (kind ld32)", "inst": "ld.shared.b32", "lane_byte_addresses": []},
        {"name": "baseline: no instruction (kind st32)", "inst": "st.shared.b32", "lane_byte_addresses": []},
    ]
    return base + pats


def main_followup(out):
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    pats = build_followup()
    (out / "patterns_followup.h").write_text(patterns_h(pats))
    (out / "patterns_followup.json").write_text(json.dumps(pats, separators=(",", ":")))
    print(f"{len(pats)} follow-up patterns")


# ---- follow-up 2: the first follow-up fits "ld.shared.b64/b128 merge phases when lanes come in uniform blocks" for
# blocks of 2, 4 or 8 lanes alike. These patterns separate them: lanes (2k, 2k+1) share an address but pairs differ;
# lanes (l, l^2) share instead; pair-uniform but for one broken pair; and the same for the other instructions.
def build_followup2(seed=11):
    rng = random.Random(seed)
    pats = []

    def add(inst, a, name):
        w = WIDTH[inst]
        assert len(a) == 32 and all(0 <= x <= SMEM - w and x % w == 0 for x in a), (name, a)
        pats.append(
            {"name": f"{inst} followup2 {name}", "inst": inst, "lane_byte_addresses": [_fill_unused(inst, a, rng)]}
        )

    def pairs(vals, how="adjacent"):
        if how == "adjacent":
            return [vals[l // 2] for l in range(32)]
        return [vals[(l // 4) * 2 + (l % 2)] for l in range(32)]  # lanes l and l^2 share

    for inst, reps in (
        ("ld.shared.b128", 1),
        ("ld.shared.b64", 1),
        ("st.shared.b128", 0),
        ("st.shared.b64", 0),
        ("ldmatrix.x4", 0),
        ("stmatrix.x4", 0),
        ("ld.shared.b32", 0),
    ):
        w = WIDTH[inst]
        slots = SMEM // w
        n_rand, n_span, n_small = (30, 25, 20) if reps else (8, 4, 4)
        for i in range(n_rand):
            add(inst, pairs([rng.randrange(slots) * w for _ in range(16)]), f"pairs random #{i}")
        for i in range(n_span):
            span = rng.choice([256, 512, 1024])
            b = rng.randrange(1, 40) * 1024
            add(inst, pairs([b + rng.randrange(span // w) * w for _ in range(16)]), f"pairs in span {span} #{i}")
        for i in range(n_small):
            X = rng.randrange(2, 40) * 1024 + rng.randrange(8) * 16
            S = [X, X + 64 + 16 * rng.randrange(3), X + 128 * rng.choice([1, 2, 4]), X + 16, X + 32]
            add(inst, pairs([rng.choice(S) for _ in range(16)]), f"pairs of a few addresses #{i}")
        if not reps:
            continue
        for i in range(6):
            b = rng.randrange(1, 40) * 1024
            add(inst, pairs([b + k * w for k in range(16)]), f"pairs contiguous #{i}")
            add(inst, pairs([b + k * w * rng.choice([2, 4, 8]) for k in range(16)]), f"pairs strided #{i}")
        for i in range(15):
            add(inst, pairs([rng.randrange(slots) * w for _ in range(16)], "xor2"), f"lanes l, l^2 share, random #{i}")
        for i in range(8):
            X = rng.randrange(2, 40) * 1024
            S = [X, X + 128 * rng.choice([1, 2, 4]), X + 64]
            add(inst, pairs([rng.choice(S) for _ in range(16)], "xor2"), f"lanes l, l^2 share, few #{i}")
        for i in range(10):
            a = pairs([rng.randrange(slots) * w for _ in range(16)]) if i % 2 else [rng.randrange(2, 40) * 1024] * 32
            l = rng.randrange(32)
            a[l] = (a[l] + 128 * rng.choice([1, 2])) % SMEM // w * w
            add(inst, a, f"pairs but lane {l} breaks its pair #{i}")
        for i in range(8):  # quads uniform (4 lanes) with distinct quads
            add(inst, [v for v in [rng.randrange(slots) * w for _ in range(8)] for _ in range(4)], f"quads random #{i}")
    base = [
        {"name": "baseline: no instruction (kind ld32)", "inst": "ld.shared.b32", "lane_byte_addresses": []},
        {"name": "baseline: no instruction (kind st32)", "inst": "st.shared.b32", "lane_byte_addresses": []},
    ]
    return base + pats


def main_followup2(out):
    out = Path(out)
    pats = build_followup2()
    (out / "patterns_followup2.h").write_text(patterns_h(pats))
    (out / "patterns_followup2.json").write_text(json.dumps(pats, separators=(",", ":")))
    print(f"{len(pats)} follow-up-2 patterns")


# ---- follow-up 3: lanes sharing in pairs l, l^1 and l, l^2 both merge; l, l^8 and l, l^16 and random two-address
# assignments do not. Which lane pairings merge: l^3, l^4, pairings that differ from quad to quad, pairs that cross
# quads, quads holding a singleton or three addresses.
def build_followup3(seed=13):
    rng = random.Random(seed)
    pats = []

    def add(inst, a, name):
        w = WIDTH[inst]
        assert len(a) == 32 and all(0 <= x <= SMEM - w and x % w == 0 for x in a), (name, a)
        pats.append({"name": f"{inst} followup3 {name}", "inst": inst, "lane_byte_addresses": [a]})

    for inst in ("ld.shared.b128", "ld.shared.b64"):
        w = WIDTH[inst]
        slots = SMEM // w
        r = lambda: rng.randrange(slots) * w
        for x in (1, 2, 3, 4, 8):
            for i in range(8 if x in (3, 4) else 5):
                v = {}
                a = []
                for l in range(32):
                    k = min(l, l ^ x)
                    v.setdefault(k, r())
                    a.append(v[k])
                add(inst, a, f"lanes l, l^{x} share, random #{i}")
        for i in range(20):
            a = []
            kinds = []
            for q in range(8):
                kind = rng.choice(["p1", "p2", "p3", "u"])
                kinds.append(kind)
                p, s = r(), r()
                a += {"p1": [p, p, s, s], "p2": [p, s, p, s], "p3": [p, s, s, p], "u": [p, p, p, p]}[kind]
            add(inst, a, f"quads paired differently {'/'.join(kinds)} #{i}")
        for i in range(8):
            v = [r() for _ in range(16)]
            a = [v[((l + 1) % 32) // 2] for l in range(32)]  # lanes (1,2), (3,4), ..., (31,0) share
            add(inst, a, f"pairs across quads (2k-1, 2k) #{i}")
        for i in range(8):
            a = [v for v in [r() for _ in range(16)] for _ in range(2)]
            q = rng.randrange(8)
            a[4 * q : 4 * q + 4] = [a[4 * q]] * 3 + [r()]
            add(inst, a, f"pairs l^1, quad {q} holds a singleton #{i}")
        for i in range(8):
            a = [v for v in [r() for _ in range(16)] for _ in range(2)]
            q = rng.randrange(8)
            a[4 * q : 4 * q + 4] = [a[4 * q], a[4 * q], r(), r()]
            add(inst, a, f"pairs l^1, quad {q} holds three addresses #{i}")
    base = [
        {"name": "baseline: no instruction (kind ld32)", "inst": "ld.shared.b32", "lane_byte_addresses": []},
        {"name": "baseline: no instruction (kind st32)", "inst": "st.shared.b32", "lane_byte_addresses": []},
    ]
    return base + pats


def main_followup3(out):
    out = Path(out)
    pats = build_followup3()
    (out / "patterns_followup3.h").write_text(patterns_h(pats))
    (out / "patterns_followup3.json").write_text(json.dumps(pats, separators=(",", ":")))
    print(f"{len(pats)} follow-up-3 patterns")


# ---- collect: ncu.csv (run_chunks.sh's, "#CHUNK s" lines give each chunk's first launch) + the generated
# patterns.json -> the measured-patterns JSON. Pattern 0 (no instruction) is subtracted: the probe's 384
# initialisation stores (384 wavefronts) and 2 misc wavefronts, identical in every launch.
WAVEFRONTS = "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum"
CONFLICTS = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum"
INST_METRIC = {
    "ld": "smsp__sass_inst_executed_op_shared_ld.sum",
    "st": "smsp__sass_inst_executed_op_shared_st.sum",
    "ldmatrix": "smsp__sass_inst_executed_op_ldsm.sum",
}


def parse_ncu_csv(text):
    """{launch index: {metric: value}} from ncu --csv output, concatenated chunks marked '#CHUNK s'."""
    import csv

    res, chunk, hdr = {}, 0, None
    for line in text.splitlines():
        if line.startswith("#CHUNK"):
            chunk, hdr = int(line.split()[1]), None
            continue
        if not line.startswith('"'):
            continue
        row = next(csv.reader([line]))
        if row[0] == "ID":
            hdr = row
            continue
        r = dict(zip(hdr, row))
        v = r["Metric Value"].replace(",", "")
        res.setdefault(chunk + int(r["ID"]), {})[r["Metric Name"]] = float(v) if "." in v else int(v)
    return res


def collect(csv_path, patterns_json, source):
    import gzip

    raw = gzip.open(csv_path, "rt").read() if str(csv_path).endswith(".gz") else Path(csv_path).read_text()
    res = parse_ncu_csv(raw)
    pats = json.loads(Path(patterns_json).read_text())
    assert len(res) == len(pats), (len(res), len(pats))
    base = res[0]
    assert res[1] == base and base[WAVEFRONTS] == 386 and base[CONFLICTS] == 0, base
    out = []
    for i, p in enumerate(pats[2:], 2):
        m = res[i]
        op = p["inst"].split(".")[0]
        inst_metric = INST_METRIC.get(p["inst"].split(".shared")[0] if op in ("ld", "st") else op)
        ninst = m[inst_metric] - base[inst_metric] if inst_metric else None  # stmatrix: no counter selected
        if ninst is not None:
            assert ninst == len(p["lane_byte_addresses"]), (p["name"], ninst)
        out.append(
            {
                "name": p["name"],
                "source": source,
                "inst": p["inst"],
                "lane_byte_addresses": p["lane_byte_addresses"],
                "measured": {
                    "wavefronts": m[WAVEFRONTS] - base[WAVEFRONTS],
                    "bank_conflicts": m[CONFLICTS] - base[CONFLICTS],
                    "instructions": ninst,
                },
            }
        )
    return out


def main_collect(out_json, runs):
    allp = []
    for csv_path, patterns_json, source in runs:
        allp += collect(csv_path, patterns_json, source)
    lines = ",\n".join(json.dumps(p, separators=(",", ":")) for p in allp)
    Path(out_json).write_text("[\n" + lines + "\n]\n")
    print(f"{len(allp)} measured patterns -> {out_json}")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--collect":
        # --collect OUT.json CSV PATTERNS_JSON SOURCE [CSV PATTERNS_JSON SOURCE ...]
        a = sys.argv[3:]
        main_collect(sys.argv[2], [tuple(a[k : k + 3]) for k in range(0, len(a), 3)])
    elif len(sys.argv) > 2 and sys.argv[1] == "--followup3":
        main_followup3(sys.argv[2])
    elif len(sys.argv) > 2 and sys.argv[1] == "--followup2":
        main_followup2(sys.argv[2])
    elif len(sys.argv) > 2 and sys.argv[1] == "--followup":
        main_followup(sys.argv[2])
    else:
        main(sys.argv)
