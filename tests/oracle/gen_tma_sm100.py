"""Differential cases for SM100 TMA (cute/atom/copy_traits_sm100_tma.hpp): (name, C++ body for real CuTe, our text).

Compiled host-only as tests/oracle/gen_tma.py does (its own cuTensorMapEncodeTiled prints the arguments, asserts
caught). A seeded configuration is a UMMA TiledMMA (TF32 / F16BF16 / S8 / F8F6F4, 1SM and 2x1SM, every legal M/N,
K- or MN-major A/B, sometimes an atom layout of 2), an mma_tiler of 1..2 MMAs in M/N and 1..4 in K, an smem layout
UMMA::tile_to_mma_shape(UMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>, partition_shape_X(mma, tile)) (its
major mostly the MMA's), a cluster (ClusterM, ClusterN, 1) of 1..16 CTAs and a TMA op; gmem variants (run-time
values, no new instantiation) are drawn for it: rank 2..5, K- or MN-major (sometimes the other major: CuTe's assert),
padded, odd and static extents. Each case prints one of

* atom: make_tma_atom_{A,B}_sm100 -> the tensor map, print(atom), print(atom.get_tma_tensor(shape(gmem)));
* copy: make_tma_copy_{A,B,C}_sm100 -> the tensor map, print(TiledCopy);
* part: the Blackwell tutorials' partition of one CTA (rank in the cluster, MMA tile coordinate): gA, tCgA, tCsA,
  tAgA, tAsA, the three multicast masks and the transaction bytes.
"""

from __future__ import annotations

import random

from cutedump.algebra import C, fmt
from cutedump.atoms import mma as M
from cutedump.atoms import tma as T
from cutedump.atoms import tma_sm100 as S
from cutedump.atoms.mma_catalog import sm100 as U
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate
from tests.oracle import gen_tma as G
from tests.oracle.gen_umma import _op_expr

FLAGS = G.FLAGS
PRELUDE = G.PRELUDE + ("#include <cute/atom/copy_traits_sm100_tma.hpp>\n#include <cute/atom/mma_traits_sm100.hpp>\n")

FAMILIES = {  # SS families whose A/B types TMA can load (no sub-byte types)
    "SM100_MMA_TF32_SS": (["tfloat32_t"], ["float"]),
    "SM100_MMA_TF32_2x1SM_SS": (["tfloat32_t"], ["float"]),
    "SM100_MMA_F16BF16_SS": (["half_t", "bfloat16_t"], ["float", "half_t"]),
    "SM100_MMA_F16BF16_2x1SM_SS": (["half_t", "bfloat16_t"], ["float", "half_t"]),
    "SM100_MMA_S8_SS": (["int8_t", "uint8_t"], ["int32_t"]),
    "SM100_MMA_S8_2x1SM_SS": (["int8_t", "uint8_t"], ["int32_t"]),
    "SM100_MMA_F8F6F4_SS": (["float_e4m3_t", "float_e5m2_t"], ["float", "half_t"]),
    "SM100_MMA_F8F6F4_2x1SM_SS": (["float_e4m3_t", "float_e5m2_t"], ["float", "half_t"]),
}
AB_OPS = list(S.AB_OPS)
SWIZZLES = ["INTER", "SW32", "SW64", "SW128"]


def _mma(rng: random.Random):
    """(TiledMMA, C++ expression, atom-layout text or None)."""
    while True:
        base = rng.choice(list(FAMILIES))
        f = U.umma_families()[base]
        ab, cs = FAMILIES[base]
        M_, N = rng.choice(U.legal_mn(f))
        a = rng.choice(ab)
        args = [
            a,
            a if "S8" not in base else rng.choice(ab),
            rng.choice(cs),
            str(M_),
            str(N),
            rng.choice(["K", "MN"]),
            rng.choice(["K", "MN"]),
        ]
        if f.traits_form:
            args = args[:3] + [str(M_), str(N)] + args[5:]
        try:
            t = U.lookup_umma(base, args)
        except CuteDumpError:
            continue
        lay = rng.choice([None] * 6 + ["(_2,_1)", "(_1,_2)"])
        tm = M.make_tiled_mma(M.MMAAtom(t), lay)
        cpp_lay = "" if lay is None else f", Layout<Shape<{lay.strip('()')},_1>>{{}}"
        return tm, f"make_tiled_mma({_op_expr(t)}{cpp_lay})", lay


def _smem(rng, tm, operand: str, tile, vt: str, major: str):
    """(smem layout, C++ expression) of UMMA::tile_to_mma_shape(atom, partition_shape_X(mma, tile))."""
    sw = rng.choice(SWIZZLES)
    shp = M.partition_shape(tm, operand, tile)
    atom = f"UMMA::Layout_{major}_{sw}_Atom<{vt}>"
    py = f"UMMA::tile_to_mma_shape({atom}, {fmt(shp)})"
    sl = evaluate(py)
    tile_cpp = "make_shape(" + ", ".join(f"Int<{int(x)}>{{}}" for x in tile) + ")"
    cpp = f"UMMA::tile_to_mma_shape({atom}{{}}, partition_shape_{operand}(mma, {tile_cpp}))"
    return sl, cpp, py


def _gmem(rng, dims, contig: int, bits: int, static_p: float):
    """A gmem layout of extents ``dims`` whose mode ``contig`` is contiguous (the others in a random order)."""
    order = [contig] + rng.sample([i for i in range(len(dims)) if i != contig], len(dims) - 1)
    pad = rng.choice(["pad16"] * 6 + ["none", "none", "odd"])
    return G._gmem(rng, len(dims), dims, order, bits, pad, static_p)


def random_config(rng: random.Random, kind: str):
    """One compile-time configuration and a function drawing gmem variants for it; None when CuTe would refuse it
    at compile time (a static_assert: not sent to the batch)."""
    tm, mma_cpp, lay = _mma(rng)
    operand = "C" if kind == "copy" and rng.random() < 0.25 else rng.choice(["A", "B"])
    ts = [int(x) for x in tm.tile_shape()]
    reps = [rng.choice([1, 1, 2]), rng.choice([1, 1, 2]), rng.choice([1, 2, 4])]
    tiler = tuple(C(t * r) for t, r in zip(ts, reps))
    if kind != "part" and rng.random() < 0.15:
        tiler = tiler + (C(1),)
    vtypes = tm.atom.val_types  # (D, A, B, C)
    vt = {"A": vtypes[1], "B": vtypes[2], "C": vtypes[0]}[operand]
    bits = G.BITS.get(vt, 32)
    spec = tm.atom.traits.spec
    mma_major = {"A": spec.a_major, "B": spec.b_major, "C": 1}[operand]
    major = ("K" if mma_major == 0 else "MN") if rng.random() < 0.85 else rng.choice(["K", "MN"])
    drop = S.OPERANDS[operand][0]
    tile2 = tuple(x for i, x in enumerate(tiler[:3]) if i != drop)
    try:
        smem, smem_cpp, smem_py = _smem(rng, tm, operand, tile2, vt, major)
    except CuteDumpError:
        return None
    if operand == "C":
        op = rng.choice(list(S.C_OPS))
    else:
        op = rng.choice(AB_OPS)
    v = 2 if "2x1SM" in tm.atom.traits.cpp else 1
    cm = rng.choice([x for x in (1, 2, 4) if x % v == 0])
    cn = rng.choice([x for x in (1, 2, 4) if x * cm <= 16])
    cluster = (C(cm), C(cn), C(1))
    rank = rng.choice([2, 2, 2, 3, 3, 4, 5]) if len(tiler) == 3 else rng.choice([3, 3, 4])
    if kind == "part":
        rank = rng.choice([2, 2, 3])
    # the K-major (contiguous) gmem mode: mode 1 for A/B (M|N,K) when the smem is K-major, else mode 0
    contig = (1 if major == "K" else 0) if operand != "C" else (1 if major == "K" else 0)
    masks = rng.random() < 0.7
    static_p = 0.0 if masks else 0.3

    def gmem_variant(r2: random.Random):
        dims = [int(t) * r2.choice([1, 2, 3, 8]) + r2.choice([0, 0, 0, 1, 5]) for t in tile2]
        dims += [r2.choice([1, 2, 3, 7]) for _ in range(rank - 2)]
        c = contig if r2.random() < 0.9 else r2.randrange(rank)
        return _gmem(r2, dims, c, bits, static_p)

    cfg = dict(
        tm=tm,
        mma_cpp=mma_cpp,
        lay=lay,
        operand=operand,
        tiler=tiler,
        vt=vt,
        smem=smem,
        smem_cpp=smem_cpp,
        smem_py=smem_py,
        op=op,
        cluster=cluster,
    )
    return cfg, gmem_variant


def _cpp_tuple(t) -> str:
    return "make_shape(" + ", ".join(f"Int<{int(x)}>{{}}" for x in t) + ")"


def _head(cfg, gmem) -> str:
    cs = cfg["cluster"]
    return (
        f"using T = {cfg['vt']};\n"
        f"CUTEDUMP_TRY(\n"
        f"  auto mma = {cfg['mma_cpp']};\n"
        f"  auto g = make_tensor(make_gmem_ptr((T*)0x10000), {G.cpp(gmem)});\n"
        f"  auto sl = {cfg['smem_cpp']};\n"
        f"  auto tiler = {_cpp_tuple(cfg['tiler'])};\n"
        f"  auto vmnk = tiled_divide(make_layout({_cpp_tuple(cs)}), "
        f"make_tile(typename decltype(mma)::AtomThrID{{}}));\n"
    )


def atom_body(cfg, gmem) -> str:
    return (
        _head(cfg, gmem)
        + f"  auto atom = make_tma_atom_{cfg['operand']}_sm100({cfg['op']}{{}}, g, sl, tiler, mma, vmnk);\n"
        f'  print(atom); print("\\n"); print(atom.get_tma_tensor(shape(g))); print("\\n");\n);'
    )


def copy_body(cfg, gmem) -> str:
    return (
        _head(cfg, gmem) + f"  auto tma = make_tma_copy_{cfg['operand']}_sm100({cfg['op']}{{}}, g, sl, tiler, mma);\n"
        f'  print(tma); print("\\n");\n);'
    )


def part_body(cfg, gmem, rank: int, mn, addr: int, generic: bool = False) -> str:
    """The tutorial partition; ``generic``: the atom is tutorials 02/03's make_tma_atom(op, g, sl, select<..>(tiler)
    [, size<mode>(vmnk)]), else make_tma_atom_X_sm100."""
    op, x = cfg["operand"], cfg["operand"]
    sel = "select<0,2>(tiler)" if x == "A" else "select<1,2>(tiler)"
    mc = f", size<{S.OPERANDS[x][2]}>(vmnk)" if S.AB_OPS[cfg["op"]] else ""
    atom = (
        f"make_tma_atom({cfg['op']}{{}}, g, sl, {sel}{mc})"
        if generic
        else f"make_tma_atom_{op}_sm100({cfg['op']}{{}}, g, sl, tiler, mma, vmnk)"
    )
    step = "Step<_1, X,_1>{}" if x == "A" else "Step< X,_1,_1>{}"
    mode = S.OPERANDS[x][2]
    part = (
        f"tma_partition(atom, get<{mode}>(cc), make_layout(size<{mode}>(vmnk)), group_modes<0,3>(tCsA), "
        f"group_modes<0,3>(tCgA))"
        if S.AB_OPS[cfg["op"]]
        else "tma_partition(atom, Int<0>{}, Layout<_1>{}, group_modes<0,3>(tCsA), group_modes<0,3>(tCgA))"
    )
    return (
        _head(cfg, gmem) + f"  auto atom = {atom};\n"
        f'  print(atom); print("\\n");\n'
        f"  auto mA = atom.get_tma_tensor(shape(g));\n"
        f"  auto cc = vmnk.get_flat_coord(int({rank}));\n"
        f"  auto gA = local_tile(mA, tiler, make_coord(int({mn[0]}), int({mn[1]}), _), {step});\n"
        f"  auto cta_mma = mma.get_slice(get<0>(cc));\n"
        f"  auto tCgA = cta_mma.partition_{x}(gA);\n"
        f"  auto tCsA = make_tensor(make_smem_ptr((T*){addr}), sl);\n"
        f"  auto part = {part};\n"
        f"  auto tAgA = get<0>(part); auto tAsA = get<1>(part);\n"
        f'  print("gA: "); print(gA); print("\\ntCgA: "); print(tCgA); print("\\ntCsA: "); print(tCsA);\n'
        f'  print("\\ntAgA: "); print(tAgA); print("\\ntAsA: "); print(tAsA); print("\\n");\n'
        f'  printf("masks: %x %x %x\\n", create_tma_multicast_mask<2>(vmnk, cc), '
        f"create_tma_multicast_mask<1>(vmnk, cc), create_tma_multicast_mask<0,1>(vmnk, cc) | "
        f"create_tma_multicast_mask<0,2>(vmnk, cc));\n"
        f'  printf("bytes: %d\\n", int(size<0>(vmnk) * sizeof(make_tensor_like(tAsA))));\n);'
    )


def _make(cfg, gmem, tiled: bool):
    return S.make_tma_sm100(
        cfg["operand"],
        cfg["op"],
        cfg["vt"],
        gmem,
        cfg["smem"],
        cfg["tiler"],
        cfg["tm"],
        None if tiled else cfg["cluster"],
        tiled=tiled,
    )


def expected(kind: str, cfg, gmem, part=None, generic: bool = False) -> str:
    try:
        if generic:
            x = cfg["operand"]
            mc = (
                int(S.cluster_layout_vmnk(cfg["cluster"], cfg["tm"]).shape[S.OPERANDS[x][2]])
                if S.AB_OPS[cfg["op"]]
                else 1
            )
            tile = tuple(v for i, v in enumerate(cfg["tiler"]) if i != S.OPERANDS[x][0])
            r = S.make_tma_atom_tutorial(cfg["op"], cfg["vt"], gmem, cfg["smem"], tile, mc)
        else:
            t = _make(cfg, gmem, kind == "copy")
            r = t.tma
    except T.TmaAssert as e:
        return f"ASSERT: {e.cond}\n"
    head = G.tm_line(r)
    if kind == "atom":
        return head + t.copy_atom_str() + "\n" + t.tma_tensor_str() + "\n"
    if kind == "copy":
        return head + t.tiled_copy_str() + "\n"
    rank, mn, addr = part
    vmnk = S.cluster_layout_vmnk(cfg["cluster"], cfg["tm"])
    p = S.tutorial_partition(r, cfg["tm"], cfg["operand"], cfg["tiler"], vmnk, S.AB_OPS[cfg["op"]], rank, mn, addr)
    m = p.masks
    return (
        head
        + r.copy_atom_str()
        + "\n"
        + f"gA: {p.gA}\ntCgA: {p.tCgA}\ntCsA: {p.tCsA}\ntAgA: {p.tAgA}\ntAsA: {p.tAsA}\n"
        f"masks: {m['tma_mcast_mask_a']:x} {m['tma_mcast_mask_b']:x} {m['mma_mcast_mask_c']:x}\n"
        f"bytes: {p.transaction_bytes}\n"
    )


def _name(kind, cfg, gmem, extra="") -> str:
    return (
        f"{kind} {cfg['operand']} {cfg['op']} {cfg['tm'].atom.traits.cpp} lay={cfg['lay']} g={gmem} "
        f"s={cfg['smem_py']} tiler={fmt(cfg['tiler'])} cluster={fmt(cfg['cluster'])}{extra}"
    )


def cases(kind: str, n: int, seed: int, nvar: int = 4):
    """``n`` cases of one kind (atom, copy, part) drawn by ``seed``."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        c = random_config(rng, kind)
        if c is None:
            continue
        cfg, variant = c
        if kind == "part" and cfg["operand"] == "C":
            continue
        if kind != "copy" and cfg["operand"] == "C":
            continue
        for _ in range(nvar):
            gmem = variant(rng)
            part = None
            if kind == "part":
                tiler = cfg["tiler"]
                drop = S.OPERANDS[cfg["operand"]][0]
                ext = [int(s) for s in gmem.shape[:2]]
                tx = [int(x) for i, x in enumerate(tiler[:3]) if i != drop]
                tiles = -(-ext[0] // tx[0])
                mn = [0, 0]
                mn[1 - drop] = rng.randrange(tiles)  # the operand's own MMA-tile coordinate (A: m, B: n)
                mn[drop] = rng.randrange(4)  # the other one is projected out (Step<...,X,...>)
                ncta = int(cfg["cluster"][0]) * int(cfg["cluster"][1])
                part = (rng.randrange(ncta), tuple(mn), rng.choice([0, 0x400, 0x8000]))
            try:
                exp = expected(kind, cfg, gmem, part)
            except CuteDumpError:
                continue  # CuTe refuses at compile time (static_assert): not sent to the batch
            if kind == "atom":
                body = atom_body(cfg, gmem)
            elif kind == "copy":
                body = copy_body(cfg, gmem)
            else:
                body = part_body(cfg, gmem, *part)
            out.append((_name(kind, cfg, gmem, f" part={part}" if part else ""), body, exp))
    return out[:n]


# ------------------------------------------------------------------------------------------------ the tutorials


def _cfg(mma_cpp_name: str, operand: str, tiler, vt: str, atom: str, op: str, cluster):
    tm = M.make_tiled_mma(mma_cpp_name)
    drop = S.OPERANDS[operand][0]
    tile2 = tuple(C(x) for i, x in enumerate(tiler) if i != drop)
    shp = M.partition_shape(tm, operand, tile2)
    py = f"UMMA::tile_to_mma_shape({atom}<{vt}>, {fmt(shp)})"
    tile_cpp = "make_shape(" + ", ".join(f"Int<{int(x)}>{{}}" for x in tile2) + ")"
    return dict(
        tm=tm,
        mma_cpp=f"make_tiled_mma({tm.atom.cpp}{{}})",
        lay=None,
        operand=operand,
        tiler=tuple(C(x) for x in tiler),
        vt=vt,
        smem=evaluate(py),
        smem_cpp=f"UMMA::tile_to_mma_shape({atom}<{vt}>{{}}, partition_shape_{operand}(mma, {tile_cpp}))",
        smem_py=py,
        op=op,
        cluster=tuple(C(x) for x in cluster),
    )


F16_1SM = "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>"
F16_2SM = "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,UMMA::Major::K,UMMA::Major::K>"

#: (label, kind, generic, mma, operand, mma_tiler, type, smem atom, op, cluster, gmem, partition (rank, (m,n), addr))
TUTORIALS = [
    (
        "02 A",
        "part",
        True,
        F16_1SM,
        "A",
        (128, 256, 64),
        "half_t",
        "UMMA::Layout_K_SW128_Atom",
        "SM90_TMA_LOAD",
        (1, 1, 1),
        "(512,256):(256,_1)",
        (0, (1, 2), 0x400),
    ),
    (
        "02 B",
        "part",
        True,
        F16_1SM,
        "B",
        (128, 256, 64),
        "half_t",
        "UMMA::Layout_K_SW128_Atom",
        "SM90_TMA_LOAD",
        (1, 1, 1),
        "(1024,256):(256,_1)",
        (0, (1, 2), 0x8400),
    ),
    (
        "03 A",
        "part",
        True,
        F16_1SM,
        "A",
        (128, 256, 64),
        "half_t",
        "UMMA::Layout_K_SW128_Atom",
        "SM90_TMA_LOAD_MULTICAST",
        (4, 4, 1),
        "(512,256):(256,_1)",
        (5, (3, 1), 0x400),
    ),
    (
        "03 B",
        "part",
        True,
        F16_1SM,
        "B",
        (128, 256, 64),
        "half_t",
        "UMMA::Layout_K_SW128_Atom",
        "SM90_TMA_LOAD_MULTICAST",
        (4, 4, 1),
        "(1024,256):(256,_1)",
        (14, (3, 1), 0x8400),
    ),
    (
        "04 A",
        "part",
        False,
        F16_2SM,
        "A",
        (256, 256, 64),
        "half_t",
        "UMMA::Layout_K_SW128_Atom",
        "SM100_TMA_2SM_LOAD_MULTICAST",
        (4, 4, 1),
        "(512,256):(256,_1)",
        (7, (1, 0), 0x400),
    ),
    (
        "04 B",
        "part",
        False,
        F16_2SM,
        "B",
        (256, 256, 64),
        "half_t",
        "UMMA::Layout_K_SW128_Atom",
        "SM100_TMA_2SM_LOAD_MULTICAST",
        (4, 4, 1),
        "(1024,256):(256,_1)",
        (10, (0, 3), 0x8400),
    ),
    (
        "04 A atom",
        "atom",
        False,
        F16_2SM,
        "A",
        (256, 256, 64),
        "half_t",
        "UMMA::Layout_K_SW128_Atom",
        "SM100_TMA_2SM_LOAD_MULTICAST",
        (4, 4, 1),
        "(512,256):(256,_1)",
        None,
    ),
    (
        "04 B copy",
        "copy",
        False,
        F16_2SM,
        "B",
        (256, 256, 64),
        "half_t",
        "UMMA::Layout_K_SW128_Atom",
        "SM100_TMA_2SM_LOAD_MULTICAST",
        (4, 4, 1),
        "(1024,256):(256,_1)",
        None,
    ),
    (
        "C copy",
        "copy",
        False,
        F16_2SM,
        "C",
        (256, 256, 64),
        "float",
        "UMMA::Layout_K_SW128_Atom",
        "SM90_TMA_STORE",
        (1, 1, 1),
        "(512,1024):(1024,_1)",
        None,
    ),
    (
        "MN-major B, 2SM LOAD",
        "part",
        False,
        "SM100_MMA_F16BF16_2x1SM_SS<bfloat16_t,bfloat16_t,float,128,128,UMMA::Major::MN,UMMA::Major::MN>",
        "B",
        (128, 128, 128),
        "bfloat16_t",
        "UMMA::Layout_MN_SW128_Atom",
        "SM100_TMA_2SM_LOAD",
        (2, 2, 1),
        "(640,4096):(_1,640)",
        (3, (5, 2), 0),
    ),
    (
        "batched A",
        "atom",
        False,
        F16_2SM,
        "A",
        (256, 256, 64),
        "half_t",
        "UMMA::Layout_K_SW128_Atom",
        "SM100_TMA_2SM_LOAD_MULTICAST",
        (2, 2, 1),
        "(512,256,3):(256,_1,131072)",
        None,
    ),
    (
        "2SM, ClusterM 1",
        "atom",
        False,
        F16_2SM,
        "A",
        (256, 256, 64),
        "half_t",
        "UMMA::Layout_K_SW128_Atom",
        "SM100_TMA_2SM_LOAD_MULTICAST",
        (1, 2, 1),
        "(512,256):(256,_1)",
        None,
    ),
    (
        "unaligned",
        "atom",
        False,
        F16_1SM,
        "A",
        (128, 256, 64),
        "half_t",
        "UMMA::Layout_K_SW128_Atom",
        "SM90_TMA_LOAD",
        (1, 1, 1),
        "(512,250):(250,_1)",
        None,
    ),
    (
        "majorness",
        "atom",
        False,
        F16_1SM,
        "A",
        (128, 256, 64),
        "half_t",
        "UMMA::Layout_K_SW128_Atom",
        "SM90_TMA_LOAD",
        (1, 1, 1),
        "(512,256):(_1,512)",
        None,
    ),
]


def tutorial_cases():
    out = []
    for label, kind, generic, mma, x, tiler, vt, atom, op, cluster, g, part in TUTORIALS:
        cfg = _cfg(mma, x, tiler, vt, atom, op, cluster)
        gmem = evaluate(g)
        exp = expected(kind, cfg, gmem, part, generic)
        body = (
            {"atom": atom_body, "copy": copy_body}[kind](cfg, gmem)
            if kind != "part"
            else part_body(cfg, gmem, *part, generic=generic)
        )
        out.append((f"tutorial {label}: " + _name(kind, cfg, gmem), body, exp))
    return out


# ------------------------------------------------------------------------------------------------ refusals

#: (label, kind, mma, operand, mma_tiler, type, smem (eval text; None: the tutorials' default), op, cluster, gmem):
#: inputs CuTe refuses at compile time (a static_assert): ours must say CuTe's words
REFUSALS = [
    (
        "reduce-add A",
        "atom",
        F16_1SM,
        "A",
        (128, 256, 64),
        "half_t",
        None,
        "SM90_TMA_REDUCE_ADD",
        (1, 1, 1),
        "(512,256):(256,_1)",
    ),
    (
        "reduce-add B copy",
        "copy",
        F16_2SM,
        "B",
        (256, 256, 64),
        "half_t",
        None,
        "SM90_TMA_REDUCE_ADD",
        None,
        "(512,256):(256,_1)",
    ),
    (
        "multicast C",
        "copy",
        F16_1SM,
        "C",
        (128, 256, 64),
        "float",
        None,
        "SM90_TMA_LOAD_MULTICAST",
        None,
        "(512,1024):(1024,_1)",
    ),
    (
        "2SM multicast C",
        "copy",
        F16_2SM,
        "C",
        (256, 256, 64),
        "float",
        None,
        "SM100_TMA_2SM_LOAD_MULTICAST",
        None,
        "(512,1024):(1024,_1)",
    ),
    (
        "2SM op, 1SM mma",
        "copy",
        F16_1SM,
        "A",
        (128, 256, 64),
        "half_t",
        None,
        "SM100_TMA_2SM_LOAD",
        None,
        "(512,256):(256,_1)",
    ),
    (
        "2SM multicast, 1SM mma",
        "copy",
        F16_1SM,
        "B",
        (128, 256, 64),
        "half_t",
        None,
        "SM100_TMA_2SM_LOAD_MULTICAST",
        None,
        "(1024,256):(256,_1)",
    ),
    (
        "smem twice the tile",
        "atom",
        F16_2SM,
        "A",
        (256, 256, 64),
        "half_t",
        "UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>, ((_128,_16),_2,_4))",
        "SM90_TMA_LOAD",
        (2, 1, 1),
        "(512,256):(256,_1)",
    ),
    (
        "atom does not tile the B tile",
        "copy",
        F16_1SM,
        "B",
        (128, 256, 64),
        "half_t",
        "UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>, ((_256,_16),_1,_2))",
        "SM90_TMA_LOAD",
        None,
        "(1024,256):(256,_1)",
    ),
    (
        "smem a quarter of the tile",
        "atom",
        F16_1SM,
        "A",
        (128, 256, 64),
        "half_t",
        "UMMA::tile_to_mma_shape(UMMA::Layout_MN_SW128_Atom<half_t>, ((_128,_16),_1,_1))",
        "SM90_TMA_LOAD",
        (1, 1, 1),
        "(512,256):(_1,512)",
    ),
]


def refusal_cases():
    """(label, C++ body, our error message) of REFUSALS."""
    out = []
    for label, kind, mma, x, tiler, vt, smem, op, cluster, g in REFUSALS:
        tm = M.make_tiled_mma(mma)
        tiler_c = tuple(C(v) for v in tiler)
        smem_py = smem or S.default_smem_text(tm, x, tiler_c, vt)
        drop = S.OPERANDS[x][0]
        tile2 = tuple(v for i, v in enumerate(tiler) if i != drop)
        gmem = evaluate(g)
        try:
            sl = evaluate(smem_py)
            S.make_tma_sm100(x, op, vt, gmem, sl, tiler_c, tm, cluster, tiled=(kind == "copy"))
            msg = "(accepted)"
        except CuteDumpError as e:
            msg = e.message
        if smem is None:
            smem_cpp = (
                f"UMMA::tile_to_mma_shape(UMMA::Layout_{smem_py.split('Layout_')[1].split('<')[0]}<T>{{}}, "
                f"partition_shape_{x}(mma, {_cpp_tuple(tile2)}))"
            )
        else:
            atom = smem.split("(", 1)[1].split(",")[0]
            smem_cpp = (
                f"UMMA::tile_to_mma_shape({atom.replace('<half_t>', '<T>')}{{}}, "
                f"{_cpp_shape(smem.split(', ', 1)[1][:-1])})"
            )
        cs = (
            f", tiled_divide(make_layout({_cpp_tuple(cluster)}), make_tile(typename decltype(mma)::AtomThrID{{}}))"
            if kind == "atom"
            else ""
        )
        maker = f"make_tma_{'copy' if kind == 'copy' else 'atom'}_{x}_sm100"
        body = (
            f"using T = {vt};\n"
            f"auto mma = make_tiled_mma({tm.atom.cpp}{{}});\n"
            f"auto g = make_tensor(make_gmem_ptr((T*)0x10000), {G.cpp(gmem)});\n"
            f"auto sl = {smem_cpp};\n"
            f"auto tma = {maker}({op}{{}}, g, sl, {_cpp_tuple(tiler)}, mma{cs});\n"
            f"print(tma);"
        )
        out.append((f"refusal {label}", body, msg))
    return out


def _cpp_shape(text: str) -> str:
    """An eval-language static shape such as ((_128,_16),_1,_4) in C++."""

    def go(v):
        if isinstance(v, tuple):
            return "make_shape(" + ", ".join(go(e) for e in v) + ")"
        return f"Int<{int(v)}>{{}}"

    return go(evaluate(text))


def cute_first_errors(cases) -> list[str]:
    """The first compiler diagnostic real CuTe gives for each refused case (one recorded -fsyntax-only check)."""
    import hashlib
    import tempfile
    from pathlib import Path

    from tests.oracle import records
    from tests.oracle.cute import include_dirs, run_within
    from tests.oracle.gen_algebra import _attribute

    head = PRELUDE
    lines = head.count("\n")
    parts, starts = [head], []
    for i, (_l, body, _m) in enumerate(cases):
        starts.append(lines + 1)
        text = f"static void case_{i}() {{\n{body}\n}}\n"
        parts.append(text)
        lines += text.count("\n")
    parts.append("int main() { return 0; }\n")
    src = "".join(parts)

    def compile_check() -> str:
        d = Path(tempfile.mkdtemp())
        f = d / "tma_sm100_errors.cpp"
        f.write_text(src)
        r = run_within(
            ["g++", "-std=c++17", "-O0", "-w", *FLAGS, *[f"-I{x}" for x in include_dirs()], "-fsyntax-only", str(f)],
            records.remaining(),
        )
        found = _attribute(r.stderr, str(f), starts)
        return "".join(found.get(i, "compiles").replace("\n", " ") + "\n" for i in range(len(cases)))

    key = "tma100-err-" + hashlib.sha256(("-fsyntax-only\0" + records.question(src)).encode()).hexdigest()[:24]
    return records.answer(
        key, compile_check, what=f"the first errors of {len(cases)} refused SM100 TMA inputs", ncases=len(cases)
    ).splitlines()


# ------------------------------------------------------------------------------------------------ Hopper's maker

#: (smem mma shape, type, gmem, tile, cluster, local_tile coordinate along M, CTA rank or None)
HOPPER_UMMA = [
    ("((_128,_16),_1,_4)", "half_t", "(512,256):(256,_1)", (128, 64), 1, 1, None),
    ("((_128,_16),_1,_4)", "half_t", "(512,256):(256,_1)", (128, 64), 2, 3, 1),
    ("((_64,_16),_1,_8)", "bfloat16_t", "(512,256):(256,_1)", (64, 128), 4, 2, 3),
    ("((_128,_8),_1,_4)", "tfloat32_t", "(384,1024):(1024,_1)", (128, 32), 1, 2, None),
]


def hopper_umma_cases():
    """make_tma_copy (Hopper's maker, as tutorials 02/03 call make_tma_atom) with a one-stage UMMA smem layout
    ((MMA_M,MMA_K),1,NumMma_K) and an (M,K) tile: print(tma), and the Hopper-style partition of the whole smem
    (tma_partition(tma, [rank, Layout<cluster>,] group_modes<0,3>(sA), group_modes<0,2>(gA)))."""
    out = []
    for sm, vt, g, tile, cl, m, cta in HOPPER_UMMA:
        smem_py = f"UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<{vt}>, {sm})"
        smem_cpp = f"UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<T>{{}}, {_cpp_shape(sm)})"
        gmem, tiler = evaluate(g), tuple(C(t) for t in tile)
        op = "SM90_TMA_LOAD_MULTICAST" if cl > 1 else "SM90_TMA_LOAD"
        r = T.make_tma(op, vt, gmem, evaluate(smem_py), tiler, cl)
        p = T.tma_partition(r, (m, T.UNDERSCORE), cta, 0x400)
        exp = G.tm_line(r) + r.tiled_copy_str() + "\n" + f"gA: {p.gA}\nsA: {p.sA}\ntAgA: {p.tAgA}\ntAsA: {p.tAsA}\n"
        part = (
            f"tma_partition(tma, int({cta}), make_layout(Int<{cl}>{{}}), group_modes<0,3>(sA), group_modes<0,2>(gA))"
            if cta is not None
            else "tma_partition(tma, group_modes<0,3>(sA), group_modes<0,2>(gA))"
        )
        body = (
            f"using T = {vt};\nCUTEDUMP_TRY(\n  auto g = make_tensor(make_gmem_ptr((T*)0x10000), {G.cpp(gmem)});\n"
            f"  auto sl = {smem_cpp};\n"
            f"  auto tma = make_tma_copy({op}{{}}, g, sl, {G.cpp(tiler)}, Int<{cl}>{{}});\n"
            f'  print(tma); print("\\n");\n  auto mA = tma.get_tma_tensor(shape(g));\n'
            f"  auto gA = local_tile(mA, {G.cpp(tiler)}, make_coord(int({m}), _));\n"
            f"  auto sA = make_tensor(make_smem_ptr((T*)0x400), sl);\n  auto part = {part};\n"
            f'  print("gA: "); print(gA); print("\\nsA: "); print(sA); print("\\ntAgA: "); '
            f'print(get<0>(part)); print("\\ntAsA: "); print(get<1>(part)); print("\\n");\n);'
        )
        out.append((f"hopper make_tma_copy {op} {vt} s={smem_py} tile={tile} cluster={cl} m={m} cta={cta}", body, exp))
    return out


#: CUTLASS 4.7's gather4 loads for the drawn load ops (make_tma_atom_{A,B}_sm100 only)
GATHER4 = {
    "SM90_TMA_LOAD": "SM100_TMA_LOAD_2D_GATHER4",
    "SM90_TMA_LOAD_MULTICAST": "SM100_TMA_LOAD_MULTICAST_2D_GATHER4",
}


def gather4_cases(n: int, seed: int, nvar: int = 3):
    """CUTLASS 4.7: make_tma_atom_{A,B}_sm100(SM100_TMA_LOAD[_MULTICAST]_2D_GATHER4) on rank-2 gmem (the drawn
    configurations of :func:`cases` with their loads replaced); other ranks are CuTe's static_assert (not sent)."""
    rng = random.Random(seed)
    out = []
    for _ in range(20000):
        if len(out) >= n:
            break
        c = random_config(rng, "atom")
        if c is None:
            continue
        cfg, variant = c
        if cfg["operand"] == "C" or cfg["op"] not in GATHER4 or len(cfg["tiler"]) != 3:
            continue
        cfg["op"] = GATHER4[cfg["op"]]
        for _ in range(nvar):
            gmem = variant(rng)
            if len(gmem.shape) != 2:
                continue
            try:
                exp = expected("atom", cfg, gmem)
            except CuteDumpError:
                continue
            out.append((_name("atom", cfg, gmem), atom_body(cfg, gmem), exp))
    return out[:n]
