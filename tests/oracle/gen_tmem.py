"""Seeded differential cases for tensor memory: UMMA accumulator (and TS A) fragments in TMEM, their column
counts, and make_tmem_copy with every SM100_TMEM_LOAD_* / SM100_TMEM_STORE_* atom: (label, C++ body, expected).
"""

from __future__ import annotations

import random

from cutedump.algebra import C, make_layout
from cutedump.atoms import mma as M
from cutedump.atoms import tmem as T
from cutedump.atoms.mma_catalog import sm100 as U
from cutedump.errors import CuteDumpError
from tests.oracle.gen_umma import _draw, _legal, _op_expr

SHAPES = [(1, 1), (2, 1), (1, 2), (2, 2), (1, 4)]
LAYOUTS = [None, "(_2,_1)", "(_1,_2)"]


def _cpp_layout(lay):
    return "" if lay is None else f", Layout<Shape<{lay.strip('()')}>>{{}}"


def _shape_cpp(shp):
    return "make_shape(" + ",".join(f"Int<{int(x)}>{{}}" for x in shp) + ")"


def _pick_atoms(rng, per_family, families=None):
    for f in families or U.common_families():
        grid = [(m, n) for m in (64, 128, 256) for n in range(8, 257, 8)]
        rng.shuffle(grid)
        got = 0
        for m, n in grid:
            if got >= per_family:
                break
            t = _legal(f, _draw(f, rng, m, n))
            if t is None:
                continue
            got += 1
            yield t


def fragment_cases(seed: int = 100, per_family: int = 6, families=None) -> list[tuple[str, str, str]]:
    """partition_fragment_C (and _A of TS atoms) of seeded tilings: the TMEM tensor and its 32-bit column count."""
    rng = random.Random(seed)
    out = []
    for t in _pick_atoms(rng, per_family, families):
        lay = rng.choice(LAYOUTS)
        mma = M.make_tiled_mma(M.MMAAtom(t), lay)
        tm, tn, tk = (int(x) for x in mma.tile_shape())
        sm, sn = rng.choice(SHAPES)
        shp = (C(tm * sm), C(tn * sn))
        try:
            acc = T.tmem_fragment_C(mma, shp)
        except CuteDumpError:
            continue
        body = (
            f"auto tiled = make_tiled_mma({_op_expr(t)}{_cpp_layout(lay)});\n"
            f"auto acc = partition_fragment_C(tiled, {_shape_cpp(shp)}); print(acc);\n"
            'printf("\\n%d\\n", int(cosize(recast<uint32_t>(acc).layout()) & 0xFFFF));'
        )
        out.append((f"C {t.name} {lay} {shp}", body, f"{acc}\n{acc.columns()}\n"))
        if t.spec.family.src == "TS":
            shp_a = (C(tm * sm), C(tk * rng.choice((1, 2, 4))))
            try:
                fa = T.tmem_fragment_A(mma, shp_a)
            except CuteDumpError:
                continue
            body = (
                f"auto tiled = make_tiled_mma({_op_expr(t)}{_cpp_layout(lay)});\n"
                f"auto a = make_tensor<typename decltype(tiled)::FrgTypeA>(partition_shape_A(tiled, {_shape_cpp(shp_a)})); print(a);"
            )
            out.append((f"A {t.name} {lay} {shp_a}", body, f"{fa}"))
    return out


# accumulators the copy atoms are tried on: (atom, tile scale)
COPY_ACCS = [
    ("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>", (1, 1)),
    ("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,K,MN>", (1, 2)),
    ("SM100_MMA_F16BF16_SS<half_t,half_t,float,64,128,K,K>", (1, 1)),
    ("SM100_MMA_F16BF16_TS<half_t,half_t,float,64,256,K,K>", (2, 1)),
    ("SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,K,K>", (1, 1)),
    ("SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,128,256,K,K>", (1, 1)),
    ("SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,half_t,128,128,K,K>", (1, 1)),
    ("SM100_MMA_S8_SS<int8_t,int8_t,int32_t,128,64,K,K>", (1, 1)),
]


def copy_cases(seed: int = 200, ops=None) -> list[tuple[str, str, str]]:
    """make_tmem_copy(Op{}, acc) for every TMEM copy atom both CUTLASS versions have (``ops``: those), on the first
    accumulator (from a seeded start) our engine accepts it for: print(TiledCopy), one seeded thread's partition_S
    (a TMEM tensor) and partition_D of a compact tensor of the accumulator's shape."""
    from cutedump.versions import CUTLASS_ONLY

    rng = random.Random(seed)
    accs = []
    for name, (sm, sn) in COPY_ACCS:
        t = M.mma_atom(name).traits
        mma = M.make_tiled_mma(M.MMAAtom(t))
        tm, tn, _ = (int(x) for x in mma.tile_shape())
        shp = (C(tm * sm), C(tn * sn))
        accs.append((name, t, shp, T.tmem_fragment_C(mma, shp)))
    out = []
    for op in ops or [n for n in T.all_tmem_copy_names() if n not in CUTLASS_ONLY]:
        start = rng.randrange(len(accs))
        for k in range(len(accs)):
            name, t, shp, acc = accs[(start + k) % len(accs)]
            try:
                tc = T.make_tmem_copy(op, acc)
            except CuteDumpError:
                continue
            tid = rng.randrange(int(tc.size()))
            thr = tc.get_slice(tid)
            s_lay, s_off = thr.partition_S(acc.layout)
            d_lay, _ = thr.partition_D(make_layout(acc.layout.shape))
            exp = f"{tc.print_str()}\n{acc.with_layout(s_lay, int(s_off))}\n{d_lay}\n"
            body = (
                f"auto tiled = make_tiled_mma({_op_expr(t)});\n"
                f"auto acc = partition_fragment_C(tiled, {_shape_cpp(shp)});\n"
                f'auto tc = make_tmem_copy({op}{{}}, acc); print(tc); printf("\\n");\n'
                f'auto thr = tc.get_slice({tid}); print(thr.partition_S(acc)); printf("\\n");\n'
                f'print(thr.partition_D(make_tensor(make_gmem_ptr<float>(nullptr), make_layout(shape(acc)))).layout()); printf("\\n");'
            )
            out.append((f"{op} on {name} {shp} thr {tid}", body, exp))
            break
    return out


def copy_rejected(seed: int = 300) -> list[tuple[str, str]]:
    """(label, C++ body) of TMEM copies our engine refuses (CuTe must refuse them at compile time too); the ops both
    CUTLASS versions have (4.7's TMEM_LOAD_STAT aside), so that both versions are asked one batch."""
    from cutedump.versions import CUTLASS_ONLY

    out = []
    for name, (sm, sn) in COPY_ACCS[:3]:
        t = M.mma_atom(name).traits
        mma = M.make_tiled_mma(M.MMAAtom(t))
        tm, tn, _ = (int(x) for x in mma.tile_shape())
        shp = (C(tm * sm), C(tn * sn))
        acc = T.tmem_fragment_C(mma, shp)
        for op in [n for n in T.all_tmem_copy_names() if n not in CUTLASS_ONLY]:
            try:
                T.make_tmem_copy(op, acc)
            except CuteDumpError:
                body = (
                    f"auto tiled = make_tiled_mma({_op_expr(t)});\n"
                    f"auto acc = partition_fragment_C(tiled, {_shape_cpp(shp)});\n"
                    f"auto tc = make_tmem_copy({op}{{}}, acc); print(tc);"
                )
                out.append((f"{op} on {name}", body))
    return out


def cute_rejects(cases: list[tuple[str, str]]) -> list[str]:
    """For each body, the first compiler error real CuTe gives ('compiles' when it compiles): one recorded check."""
    import hashlib
    import tempfile
    from pathlib import Path

    from tests.oracle import records
    from tests.oracle.cute import include_dirs, run_within
    from tests.oracle.gen_algebra import _FLAGS, _attribute, _program

    src, starts = _program([b for _l, b in cases])

    def compile_check() -> str:
        f = Path(tempfile.mkdtemp()) / "tmem_rejects.cpp"
        f.write_text(src)
        r = run_within(
            ["g++", *_FLAGS, *[f"-I{x}" for x in include_dirs()], "-fsyntax-only", str(f)], records.remaining()
        )
        found = _attribute(r.stderr, str(f), starts)
        return "".join(found.get(i, "compiles").replace("\n", " ") + "\n" for i in range(len(cases)))

    key = "tmem-rej-" + hashlib.sha256(("-fsyntax-only\0" + records.question(src)).encode()).hexdigest()[:24]
    return records.answer(
        key, compile_check, what=f"the compile check of {len(cases)} TMEM copies", ncases=len(cases)
    ).splitlines()


# accumulators the TMEM pictures are checked on (every copy atom each accepts)
PICTURE_ACCS = [COPY_ACCS[0], COPY_ACCS[4]]


# more accumulators, whose copies reach part of each subpartition (M = 64: lanes 0-15 of each warp's 32)
PICTURE_ACCS_MORE = [COPY_ACCS[2], COPY_ACCS[3], COPY_ACCS[6]]


def picture_cases(accs=None) -> list[tuple[str, str, str]]:
    """The data of ``tmem --copy``'s picture: for each warp (its first thread), the TMEM cells its TMEM-side
    partition reaches (partition_S of a load, partition_D of a store): first and last lane, first and last column,
    number of distinct cells. Real CuTe walks every element's tmem_ptr address (lane << 16 | column)."""
    out = []
    for name, (sm, sn) in PICTURE_ACCS if accs is None else accs:
        t = M.mma_atom(name).traits
        mma = M.make_tiled_mma(M.MMAAtom(t))
        tm, tn, _ = (int(x) for x in mma.tile_shape())
        shp = (C(tm * sm), C(tn * sn))
        acc = T.tmem_fragment_C(mma, shp)
        for op in T.all_tmem_copy_names():
            try:
                tc = T.make_tmem_copy(op, acc)
            except CuteDumpError:
                continue
            side = "D" if T.is_tmem_store(op) else "S"
            warps = T.warp_lane_map(T.tmem_copy_cells(tc, acc, side))
            exp = "".join(f"{w} {ln[0]} {ln[1]} {cl[0]} {cl[1]} {k}\n" for w, ln, cl, k in warps)
            body = (
                f"auto tiled = make_tiled_mma({_op_expr(t)});\n"
                f"auto acc = partition_fragment_C(tiled, {_shape_cpp(shp)});\n"
                f"auto tc = make_tmem_copy({op}{{}}, acc);\n"
                f"for (int w = 0; w < int(size(tc)) / 32; ++w) {{\n"
                f"  auto p = tc.get_slice(32 * w).partition_{side}(acc);\n"
                "  std::set<uint32_t> cells;\n"
                "  for (int i = 0; i < int(size(p)); ++i) cells.insert((p.data() + p.layout()(i)).get() & 0xFFFFFF);\n"
                "  if (cells.empty()) continue;\n"
                "  unsigned l0 = 999, l1 = 0, c0 = 99999, c1 = 0;\n"
                "  for (auto c : cells) { unsigned l = c >> 16, k = c & 0xFFFF; l0 = l < l0 ? l : l0; "
                "l1 = l > l1 ? l : l1; c0 = k < c0 ? k : c0; c1 = k > c1 ? k : c1; }\n"
                '  printf("%d %u %u %u %u %d\\n", w, l0, l1, c0, c1, int(cells.size()));\n'
                "}"
            )
            out.append((f"{op} on {name} {shp}", body, exp))
    return out


def store_side_cases(seed: int = 400) -> list[tuple[str, str, str]]:
    """A store's two sides as ``tmem --copy SM100_TMEM_STORE_*`` prints them: partition_D of the TMEM accumulator
    (its TMEM side, with its address) and partition_S of a compact tensor of the accumulator's shape (its register
    side), one seeded thread, every store atom on the first accumulator (from a seeded start) it accepts."""
    rng = random.Random(seed)
    accs = []
    for name, (sm, sn) in COPY_ACCS:
        t = M.mma_atom(name).traits
        mma = M.make_tiled_mma(M.MMAAtom(t))
        tm, tn, _ = (int(x) for x in mma.tile_shape())
        shp = (C(tm * sm), C(tn * sn))
        accs.append((name, t, shp, T.tmem_fragment_C(mma, shp)))
    out = []
    for op in T.all_tmem_copy_names():
        if not T.is_tmem_store(op):
            continue
        start = rng.randrange(len(accs))
        for k in range(len(accs)):
            name, t, shp, acc = accs[(start + k) % len(accs)]
            try:
                tc = T.make_tmem_copy(op, acc)
            except CuteDumpError:
                continue
            tid = rng.randrange(int(tc.size()))
            thr = tc.get_slice(tid)
            d_lay, d_off = thr.partition_D(acc.layout)
            s_lay, _ = thr.partition_S(make_layout(acc.layout.shape))
            exp = f"{acc.with_layout(d_lay, int(d_off))}\n{s_lay}\n"
            body = (
                f"auto tiled = make_tiled_mma({_op_expr(t)});\n"
                f"auto acc = partition_fragment_C(tiled, {_shape_cpp(shp)});\n"
                f"auto tc = make_tmem_copy({op}{{}}, acc);\n"
                f'auto thr = tc.get_slice({tid}); print(thr.partition_D(acc)); printf("\\n");\n'
                f'print(thr.partition_S(make_tensor(make_gmem_ptr<float>(nullptr), make_layout(shape(acc)))).layout()); printf("\\n");'
            )
            out.append((f"{op} on {name} {shp} thr {tid}", body, exp))
            break
    return out
