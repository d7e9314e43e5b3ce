"""Differential cases for TMA copies (make_tma_copy): (name, C++ body for real CuTe, our expected text).

Real CuTe is compiled host-only with ``__CUDACC_VER_MAJOR__`` defined and CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL, and
the prelude supplies its own ``cuTensorMapEncodeTiled`` that prints every argument CuTe passes (so the descriptor
parameters are exact without a GPU). CuTe's runtime asserts are caught by the prelude's ``__assert_fail``, which prints
the assertion text and jumps back to the case (so one failing case does not end the batch).
Cases are drawn by a seeded generator: element types of 8/16/32/64 bits, gmem of rank 2..5 in every majorness
(static and dynamic shapes/strides, padded and unaligned strides), smem layouts (row/column-major, GMMA-style
swizzled atoms SW32/64/128 in K and MN major tiled to the CTA tile), CTA tiles over some or all gmem modes,
clusters 1/2/4 and the LOAD/LOAD_MULTICAST/STORE/REDUCE_ADD ops.
"""

from __future__ import annotations

import random

from cutedump.algebra import C, Layout, fmt
from cutedump.algebra.inttuple import is_tuple
from cutedump.atoms import tma as T
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate

FLAGS = ("-D__CUDACC_VER_MAJOR__=12", "-D__CUDACC_VER_MINOR__=8", "-DCUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL")

_ENUMS = {
    "dt": [
        "CU_TENSOR_MAP_DATA_TYPE_UINT8",
        "CU_TENSOR_MAP_DATA_TYPE_UINT16",
        "CU_TENSOR_MAP_DATA_TYPE_UINT32",
        "CU_TENSOR_MAP_DATA_TYPE_INT32",
        "CU_TENSOR_MAP_DATA_TYPE_UINT64",
        "CU_TENSOR_MAP_DATA_TYPE_INT64",
        "CU_TENSOR_MAP_DATA_TYPE_FLOAT16",
        "CU_TENSOR_MAP_DATA_TYPE_FLOAT32",
        "CU_TENSOR_MAP_DATA_TYPE_FLOAT64",
        "CU_TENSOR_MAP_DATA_TYPE_BFLOAT16",
        "CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ",
        "CU_TENSOR_MAP_DATA_TYPE_TFLOAT32",
        "CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ",
        "CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B",
        "CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B",
        "CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B",
    ],
    "il": ["CU_TENSOR_MAP_INTERLEAVE_NONE", "CU_TENSOR_MAP_INTERLEAVE_16B", "CU_TENSOR_MAP_INTERLEAVE_32B"],
    "sw": T.SWIZZLE_NAMES,
    "l2": [
        "CU_TENSOR_MAP_L2_PROMOTION_NONE",
        "CU_TENSOR_MAP_L2_PROMOTION_L2_64B",
        "CU_TENSOR_MAP_L2_PROMOTION_L2_128B",
        "CU_TENSOR_MAP_L2_PROMOTION_L2_256B",
    ],
    "oob": ["CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE", "CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA"],
}


def _names(key):
    return "{" + ",".join(f'"{n}"' for n in _ENUMS[key]) + "}"


PRELUDE = (
    r"""
#include <cuda.h>
#include <cstdio>
#include <csetjmp>
static jmp_buf cutedump_jmp;
static bool cutedump_armed = false;
extern "C" void __assert_fail(const char* a, const char* f, unsigned int l, const char* fn) noexcept {
  printf("ASSERT: %s\n", a); fflush(stdout);
  if (cutedump_armed) longjmp(cutedump_jmp, 1);
  abort();
}
static const char* DT[] = """
    + _names("dt")
    + r""";
static const char* IL[] = """
    + _names("il")
    + r""";
static const char* SW[] = """
    + _names("sw")
    + r""";
static const char* L2[] = """
    + _names("l2")
    + r""";
static const char* OOB[] = """
    + _names("oob")
    + r""";
CUresult cuTensorMapEncodeTiled(CUtensorMap*, CUtensorMapDataType dt, cuuint32_t rank, void*, const cuuint64_t* gdim,
    const cuuint64_t* gstr, const cuuint32_t* box, const cuuint32_t* es, CUtensorMapInterleave il,
    CUtensorMapSwizzle sw, CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill oob) {
  printf("tensor_map: %s rank=%u global_dim=", DT[dt], rank);
  for (unsigned i = 0; i < rank; ++i) printf("%s%llu", i ? "," : "", (unsigned long long)gdim[i]);
  printf(" global_strides=");
  for (unsigned i = 0; i + 1 < rank; ++i) printf("%s%llu", i ? "," : "", (unsigned long long)gstr[i]);
  printf(" box_dim="); for (unsigned i = 0; i < rank; ++i) printf("%s%u", i ? "," : "", box[i]);
  printf(" element_strides="); for (unsigned i = 0; i < rank; ++i) printf("%s%u", i ? "," : "", es[i]);
  printf(" %s %s %s %s\n", IL[il], SW[sw], L2[l2], OOB[oob]);
  return CUDA_SUCCESS;
}
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
using namespace cute;
#define CUTEDUMP_TRY(body) do { cutedump_armed = true; if (setjmp(cutedump_jmp) == 0) { body } cutedump_armed = false; } while (0)
"""
)


def cpp(x) -> str:
    if isinstance(x, Layout):
        return f"make_layout({cpp(x.shape)}, {cpp(x.stride)})"
    if is_tuple(x):
        return "make_shape(" + ", ".join(cpp(e) for e in x) + ")"
    if isinstance(x, C):
        return f"Int<{int(x)}>{{}}"
    return f"int({int(x)})"


def tm_line(r: T.TmaResult) -> str:
    d = r.tensor_map()
    j = lambda v: ",".join(str(x) for x in v)  # noqa: E731
    return (
        f"tensor_map: {d['data_type']} rank={d['rank']} global_dim={j(d['global_dim'])} "
        f"global_strides={j(d['global_strides'])} box_dim={j(d['box_dim'])} "
        f"element_strides={j(d['element_strides'])} {d['interleave']} {d['swizzle']} {d['l2_promotion']} "
        f"{d['oob_fill']}\n"
    )


def expected(op, vt, gmem, smem, tile, cluster) -> str:
    try:
        r = T.make_tma(op, vt, gmem, smem, tile, cluster)
    except T.TmaAssert as e:
        return f"ASSERT: {e.cond}\n"
    return tm_line(r) + r.tiled_copy_str() + "\n" + r.tma_tensor_str() + "\n"


def body(op, vt, gmem: Layout, smem_cpp: str, tile, cluster) -> str:
    tile_cpp = cpp(tile) if tile is not None else "product_each(shape(sl))"
    return (
        f"using T = {vt};\n"
        f"CUTEDUMP_TRY(\n"
        f"  auto g = make_tensor(make_gmem_ptr((T*)0x10000), {cpp(gmem)});\n"
        f"  auto sl = {smem_cpp};\n"
        f"  auto tma = make_tma_copy({op}{{}}, g, sl, {tile_cpp}, Int<{cluster}>{{}});\n"
        f'  print(tma); print("\\n"); print(tma.get_tma_tensor(shape(g))); print("\\n");\n'
        f");"
    )


# ------------------------------------------------------------------------------------------------ smem layouts


def gmma_atom(kind: str, sw: int, bits: int):
    """(python expression, C++ expression) of GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>."""
    w = {0: 128, 32: 256, 64: 512, 128: 1024}[sw] // bits  # elements along the swizzled (contiguous) mode
    b = {0: 0, 32: 1, 64: 2, 128: 3}[sw]
    name = {0: "INTER", 32: "SW32", 64: "SW64", 128: "SW128"}[sw]
    if kind == "K":
        lay = f"(_8,_{w}):(_{w},_1)"
    else:
        lay = f"(_{w},_8):(_1,_{w})"
    py = lay if b == 0 else f"Sw<{b},4,3> o _0 o {lay}"
    return py, f"GMMA::Layout_{kind}_{name}_Atom<T>{{}}"


def _tile_expr(py_atom, cpp_atom, shape):
    sh_py = "(" + ",".join(f"_{s}" for s in shape) + ")"
    sh_cpp = "make_shape(" + ", ".join(f"Int<{s}>{{}}" for s in shape) + ")"
    return f"tile_to_shape({py_atom}, {sh_py})", f"tile_to_shape({cpp_atom}, {sh_cpp})"


# ------------------------------------------------------------------------------------------------ generator

TYPES = [
    "half_t",
    "bfloat16_t",
    "float",
    "tfloat32_t",
    "int8_t",
    "uint8_t",
    "float_e4m3_t",
    "float_e5m2_t",
    "int32_t",
    "uint32_t",
    "uint16_t",
    "double",
    "int64_t",
    "uint64_t",
]
OPS = ["SM90_TMA_LOAD", "SM90_TMA_LOAD_MULTICAST", "SM90_TMA_STORE", "SM90_TMA_REDUCE_ADD"]


def _int(v, static: bool):
    return C(v) if static else v


def _gmem(rng, rank, dims, order, bits, pad_mode, static_p):
    """A gmem layout of the given dims whose modes are ordered by `order` (order[0] contiguous); static_p is the
    chance of a static shape/stride, or a pair of masks (shape mask, stride mask) to follow."""
    strides = [0] * rank
    cur = 1
    for k, m in enumerate(order):
        strides[m] = cur
        ext = dims[m]
        if pad_mode == "pad16" and k == 0:
            align = max(1, 128 // bits)
            ext = -(-ext // align) * align + (align if rng.random() < 0.3 else 0)
        elif pad_mode == "odd" and k == 0:
            ext = ext + 1
        cur *= ext
    if isinstance(static_p, tuple):
        shape = tuple(_int(d, m) for d, m in zip(dims, static_p[0]))
        stride = tuple(_int(s, m) for s, m in zip(strides, static_p[1]))
    else:
        shape = tuple(_int(d, rng.random() < static_p) for d in dims)
        stride = tuple(_int(s, rng.random() < static_p or s == 1) for s in strides)
    return Layout(shape, stride)


BITS = {
    "half_t": 16,
    "bfloat16_t": 16,
    "float": 32,
    "tfloat32_t": 32,
    "int8_t": 8,
    "uint8_t": 8,
    "float_e4m3_t": 8,
    "float_e5m2_t": 8,
    "int32_t": 32,
    "uint32_t": 32,
    "uint16_t": 16,
    "double": 64,
    "int64_t": 64,
    "uint64_t": 64,
}


def random_config(rng: random.Random):
    """One compile-time configuration (op, type, smem, tile, cluster, gmem rank and static pattern) and a function
    drawing gmem layouts for it (the gmem values are run-time values: variants cost no new instantiation)."""
    vt = rng.choice(TYPES)
    bits = BITS[vt]
    op = rng.choice(OPS)
    cluster = rng.choice([1, 1, 2, 4]) if op != "SM90_TMA_LOAD_MULTICAST" else rng.choice([1, 2, 2, 4, 4])
    kind = rng.choice(["gmma", "gmma", "plain2", "plain3"])
    if kind == "gmma":
        major = rng.choice(["K", "MN"])
        sw = rng.choice([0, 32, 64, 128])
        w = {0: 128, 32: 256, 64: 512, 128: 1024}[sw] // bits
        reps = [rng.choice([1, 2, 4, 8]), rng.choice([1, 2, 4])]
        tile = (8 * reps[0], w * reps[1]) if major == "K" else (w * reps[1], 8 * reps[0])
        if tile[0] * tile[1] > 32768:
            tile = (tile[0], max(1, tile[1] // 4)) if major == "K" else (max(1, tile[0] // 4), tile[1])
        py_atom, cpp_atom = gmma_atom(major, sw, bits)
        try:
            smem_py, smem_cpp = _tile_expr(py_atom, cpp_atom, tile)
            smem = evaluate(smem_py)
        except CuteDumpError:
            return None
        rank = rng.choice([2, 2, 3, 4])
        nd = 2
        fast = [1 if major == "K" else 0]
        stage_exprs = (py_atom, cpp_atom, tile)
    else:
        nd = 2 if kind == "plain2" else 3
        tile = [rng.choice([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]) for _ in range(nd)]
        while tile[0] * tile[1] * (tile[2] if nd == 3 else 1) > 16384:
            i = rng.randrange(nd)
            tile[i] = max(1, tile[i] // 2)
        order = list(range(nd))
        rng.shuffle(order)
        from cutedump.algebra import make_ordered_layout

        smem = make_ordered_layout(tuple(C(t) for t in tile), tuple(C(o) for o in order))
        smem_cpp = cpp(smem)
        rank = min(5, rng.choice([nd, nd, nd + 1, 5]))
        fast = [order.index(0)]
        stage_exprs = None
    tiler = tuple(C(t) for t in tile)
    if rng.random() < 0.7:
        masks = ((False,) * rank, (False,) * rank)
        nvar = 8
    else:
        masks = (tuple(rng.random() < 0.5 for _ in range(rank)), tuple(rng.random() < 0.5 for _ in range(rank)))
        nvar = 2

    def gmem_variant(r2: random.Random):
        dims = [t * r2.choice([1, 2, 3, 8]) + r2.choice([0, 0, 1, 5]) for t in tile]
        dims += [r2.choice([1, 2, 3, 7]) for _ in range(rank - nd)]
        contig = fast[0] if r2.random() < 0.85 else r2.randrange(rank)
        rest = [m for m in range(rank) if m != contig]
        r2.shuffle(rest)
        return _gmem(r2, rank, dims, [contig] + rest, bits, r2.choice(["pad16"] * 6 + ["none", "none", "odd"]), masks)

    random_config.stage_exprs = stage_exprs
    return (op, vt, smem, smem_cpp, tiler, cluster), gmem_variant, nvar


def tma_cases(n: int, seed: int = 23):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        c = random_config(rng)
        if c is None:
            continue
        (op, vt, smem, smem_cpp, tiler, cluster), variant, nvar = c
        for _ in range(nvar):
            gmem = variant(rng)
            try:
                exp = expected(op, vt, gmem, smem, tiler, cluster)
            except CuteDumpError:
                continue  # refused at compile time by CuTe (static_assert): not sent to the batch
            name = f"{op} {vt} g={gmem} s={smem} tile={fmt(tiler)} cluster={cluster}"
            out.append((name, body(op, vt, gmem, smem_cpp, tiler, cluster), exp))
    return out[:n]


# ------------------------------------------------------------------------------------------------ tma_partition


def _cpp_coord(c) -> str:
    from cutedump.algebra import UNDERSCORE

    if c is UNDERSCORE:
        return "_"
    if is_tuple(c):
        return "make_coord(" + ", ".join(_cpp_coord(e) for e in c) + ")"
    return cpp(c)


def partition_expected(op, vt, gmem, smem, tile, cluster, coord, cta, addr) -> str:
    r = T.make_tma(op, vt, gmem, smem, tile, cluster)
    p = T.tma_partition(r, coord, cta, addr)
    return tm_line(r) + r.copy_atom_str() + tm_line(r) + f"gA: {p.gA}\nsA: {p.sA}\ntAgA: {p.tAgA}\ntAsA: {p.tAsA}\n"


def partition_body(op, vt, gmem, smem_cpp, tile, cluster, coord, cta, addr, staged=False) -> str:
    R = len(tile)
    sl0 = "sl(_,_,0)" if staged else "sl"
    part = (
        f"tma_partition(tma, int({cta}), make_layout(Int<{cluster}>{{}}), group_modes<0,{R}>(sA), "
        f"group_modes<0,{R}>(gA))"
        if cta is not None
        else f"tma_partition(tma, group_modes<0,{R}>(sA), group_modes<0,{R}>(gA))"
    )
    return (
        f"using T = {vt};\n"
        f"CUTEDUMP_TRY(\n"
        f"  auto g = make_tensor(make_gmem_ptr((T*)0x10000), {cpp(gmem)});\n"
        f"  auto sl = {smem_cpp};\n"
        f"  auto atom = make_tma_atom({op}{{}}, g, {sl0}, {cpp(tile)}, Int<{cluster}>{{}});\n"
        f"  print(atom);\n"
        f"  auto tma = make_tma_copy({op}{{}}, g, {sl0}, {cpp(tile)}, Int<{cluster}>{{}});\n"
        f"  auto mA = tma.get_tma_tensor(shape(g));\n"
        f"  auto gA = local_tile(mA, {cpp(tile)}, {_cpp_coord(coord)});\n"
        f"  auto sA = make_tensor(make_smem_ptr((T*){addr}), sl);\n"
        f"  auto part = {part};\n"
        f"  auto tAgA = get<0>(part); auto tAsA = get<1>(part);\n"
        f'  print("gA: "); print(gA); print("\\nsA: "); print(sA); print("\\ntAgA: "); print(tAgA);'
        f' print("\\ntAsA: "); print(tAsA); print("\\n");\n'
        f");"
    )


def partition_cases(n: int, seed: int = 7):
    from cutedump.algebra import UNDERSCORE

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        c = random_config(rng)
        if c is None:
            continue
        (op, vt, smem, smem_cpp, tiler, cluster), variant, nvar = c
        staged = False
        se = random_config.stage_exprs
        if se is not None and rng.random() < 0.5:
            stages = rng.choice([2, 3, 4])
            smem_py, smem_cpp = _tile_expr(se[0], se[1], tuple(se[2]) + (stages,))
            smem = evaluate(smem_py)
            staged = True
        for _ in range(nvar):
            gmem = variant(rng)
            try:
                T.make_tma(op, vt, gmem, smem, tiler, cluster)
            except CuteDumpError:
                continue
            shp = list(gmem.shape)
            counts = [-(-int(shp[i]) // int(tiler[i])) for i in range(len(tiler))] + [int(s) for s in shp[len(tiler) :]]
            coord = tuple(rng.randrange(k) for k in counts)
            if rng.random() < 0.8:
                coord = coord[:-1] + (UNDERSCORE,)
            cta = rng.randrange(cluster) if (cluster > 1 or rng.random() < 0.2) else None
            addr = rng.choice([0, 0x400, 0x8000])
            try:
                exp = partition_expected(op, vt, gmem, smem, tiler, cluster, coord, cta, addr)
            except CuteDumpError:
                continue
            name = f"partition {op} {vt} g={gmem} s={smem} tile={fmt(tiler)} cluster={cluster} coord={coord} cta={cta}"
            out.append((name, partition_body(op, vt, gmem, smem_cpp, tiler, cluster, coord, cta, addr, staged), exp))
    return out[:n]


# ------------------------------------------------------------------------------------------------ hand-picked cases


def _L(text):
    return evaluate(text)


#: (op, type, gmem, smem (ours), smem (C++), tile or None, cluster): make_tma_copy's documented examples, the Hopper
#: tutorial's operands, box modes that coalesce across gmem modes, rank-6 gmem (grouped TMA mode), M=5/6 swizzles
DOC = [
    ("SM90_TMA_LOAD", "float", "(1024,256):(256,_1)", "(_64,_32):(_32,_1)", None, None, 1),
    (
        "SM90_TMA_LOAD",
        "float",
        "(1024,256):(_1,1024)",
        "tile_to_shape(Sw<3,4,3> o _0 o (_32,_8):(_1,_32), (_128,_64))",
        "tile_to_shape(GMMA::Layout_MN_SW128_Atom<T>{}, make_shape(Int<128>{},Int<64>{}))",
        None,
        1,
    ),
    ("SM90_TMA_LOAD", "float", "(1024,32,512):(64,_1,65536)", "(_16,_8,_2):(_16,_1,_8)", None, None, 1),
    (
        "SM90_TMA_LOAD",
        "float",
        "((_32,_40),((_8,_8),656)):((_1,_32),((_1280,_10240),_81920))",
        "(_128,(_32,_2)):(_1,(_128,_4096))",
        None,
        "(_128,(_32,_2))",
        1,
    ),
    (
        "SM90_TMA_LOAD",
        "half_t",
        "(512,256):(256,_1)",
        "tile_to_shape(Sw<3,4,3> o _0 o (_8,_64):(_64,_1), (_128,_64))",
        "tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, make_shape(Int<128>{},Int<64>{}))",
        "(_128,_64)",
        1,
    ),
    (
        "SM90_TMA_LOAD",
        "half_t",
        "(512,256):(_1,512)",
        "tile_to_shape(Sw<3,4,3> o _0 o (_64,_8):(_1,_64), (_128,_64))",
        "tile_to_shape(GMMA::Layout_MN_SW128_Atom<T>{}, make_shape(Int<128>{},Int<64>{}))",
        "(_128,_64)",
        1,
    ),
    ("SM90_TMA_LOAD", "float", "(_8,_16,100):(_1,_8,_128)", "(_8,_16):(_1,_8)", None, None, 1),
    ("SM90_TMA_LOAD", "float", "(8,16,100):(_1,8,128)", "(_8,_16):(_1,_8)", None, "(_8,_16)", 1),
    ("SM90_TMA_STORE", "half_t", "(_16,_16,_4,100):(_1,_16,_256,_1024)", "(_16,_16,_4):(_1,_16,_256)", None, None, 1),
    (
        "SM90_TMA_LOAD_MULTICAST",
        "half_t",
        "(_16,_16,_4,100):(_1,_16,_256,_1024)",
        "(_16,_16,_4):(_1,_16,_256)",
        None,
        None,
        4,
    ),
    ("SM90_TMA_LOAD", "half_t", "(64,3,5,7,9,11):(_1,64,192,960,6720,60480)", "(_64,_1):(_1,_0)", None, "(_64,_1)", 1),
    ("SM90_TMA_LOAD", "half_t", "(64,3,5,7,9,11):(_1,64,192,960,6720,60480)", "(_64,_3):(_1,_64)", None, "(_64,_3)", 1),
    (
        "SM90_TMA_REDUCE_ADD",
        "float",
        "(64,3,5,7,9,11):(_1,64,192,960,6720,60480)",
        "(_64,_3):(_1,_64)",
        None,
        "(_64,_3)",
        1,
    ),
    ("SM90_TMA_LOAD", "half_t", "(256,256):(256,_1)", "Sw<2,5,2> o _0 o (_8,_64):(_64,_1)", None, None, 1),
    ("SM90_TMA_LOAD", "half_t", "(256,256):(256,_1)", "Sw<2,6,3> o _0 o (_8,_64):(_64,_1)", None, None, 1),
    ("SM90_TMA_LOAD", "half_t", "(256,256):(256,_1)", "Sw<2,4,3> o _0 o (_8,_64):(_64,_1)", None, None, 1),
    ("SM90_TMA_LOAD", "half_t", "(256,256):(256,_1)", "Sw<1,4,3> o _0 o (_8,_64):(_64,_1)", None, None, 1),
    ("SM90_TMA_LOAD_MULTICAST", "half_t", "(256,256):(256,_1)", "(_4,_64):(_64,_1)", None, None, 16),
    ("SM90_TMA_LOAD_MULTICAST", "float_e4m3_t", "(1024,1024):(1024,_1)", "(_256,_256):(_256,_1)", None, None, 2),
    ("SM90_TMA_LOAD", "uint8_t", "(1024,1024):(1024,_1)", "(_1,_512):(_512,_1)", None, None, 1),
    ("SM90_TMA_LOAD", "half_t", "(1024,256):(1000,_1)", "(_64,_32):(_32,_1)", None, None, 1),
    ("SM90_TMA_LOAD_MULTICAST", "half_t", "(256,256):(256,_1)", "(_4,_8):(_8,_1)", None, None, 16),
]


def _cpp_smem(text):
    L = evaluate(text)
    if isinstance(L, Layout):
        return cpp(L)
    return f"composition(Swizzle<{L.a.b},{L.a.m},{L.a.s}>{{}}, {cpp(L.b)})"


def doc_cases():
    out = []
    for op, vt, g, s_py, s_cpp, tile, cluster in DOC:
        gmem, smem = evaluate(g), evaluate(s_py)
        tiler = evaluate(tile) if tile else None
        exp = expected(op, vt, gmem, smem, tiler, cluster)
        out.append((f"doc {op} {vt} g={g} s={s_py}", body(op, vt, gmem, s_cpp or _cpp_smem(s_py), tiler, cluster), exp))
    return out


# SM100's 2-SM TMA through the generic make_tma_copy (Copy_Traits ThrID _2): its own prelude (the SM100 header)
PRELUDE_SM100 = PRELUDE + "#include <cute/atom/copy_traits_sm100_tma.hpp>\n"

DOC_SM100 = [
    ("SM100_TMA_2SM_LOAD", "half_t", "(512,256):(256,_1)", "(_128,_64):(_64,_1)", None, None, 2),
    (
        "SM100_TMA_2SM_LOAD",
        "half_t",
        "(512,256):(256,_1)",
        "tile_to_shape(Sw<3,4,3> o _0 o (_8,_64):(_64,_1), (_128,_64))",
        "tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, make_shape(Int<128>{},Int<64>{}))",
        None,
        2,
    ),
    ("SM100_TMA_2SM_LOAD_MULTICAST", "float", "(512,256):(_1,512)", "(_64,_32):(_1,_64)", None, None, 4),
    (
        "SM100_TMA_2SM_LOAD_MULTICAST",
        "float_e4m3_t",
        "(512,256,3):(256,_1,131072)",
        "tile_to_shape(Sw<3,4,3> o _0 o (_8,_128):(_128,_1), (_128,_128))",
        "tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, make_shape(Int<128>{},Int<128>{}))",
        "(_128,_128)",
        2,
    ),
]


def sm100_cases():
    out = []
    for op, vt, g, s_py, s_cpp, tile, cluster in DOC_SM100:
        gmem, smem = evaluate(g), evaluate(s_py)
        tiler = evaluate(tile) if tile else None
        exp = expected(op, vt, gmem, smem, tiler, cluster)
        out.append(
            (f"sm100 {op} {vt} g={g} s={s_py}", body(op, vt, gmem, s_cpp or _cpp_smem(s_py), tiler, cluster), exp)
        )
    return out


# ------------------------------------------------------------------------------------------------ CUTLASS 4.7

#: CUTLASS 4.7's scatter4 store's traits are in copy_traits_sm100_tma.hpp (a prelude of its own: the 4.2 batches'
#: keep their keys)
PRELUDE_SM100 = PRELUDE + "#include <cute/atom/copy_traits_sm100_tma.hpp>\n"


def scatter4_cases(n: int, seed: int):
    """CUTLASS 4.7: make_tma_copy(SM100_TMA_STORE_2D_SCATTER4{}, ...) on rank-2 gmem, cluster 1 (the drawn
    configurations of :func:`tma_cases` with a 2-mode tile, their op replaced); the rest is CuTe's static_assert."""
    rng = random.Random(seed)
    out = []
    for _ in range(20000):
        if len(out) >= n:
            break
        c = random_config(rng)
        if c is None:
            continue
        (_op, vt, smem, smem_cpp, tiler, _cluster), variant, nvar = c
        if len(tiler) != 2:
            continue
        op = "SM100_TMA_STORE_2D_SCATTER4"
        for _ in range(nvar):
            gmem = variant(rng)
            if len(gmem.shape) != 2:
                continue
            try:
                exp = expected(op, vt, gmem, smem, tiler, 1)
            except CuteDumpError:
                continue
            name = f"{op} {vt} g={gmem} s={smem} tile={fmt(tiler)}"
            out.append((name, body(op, vt, gmem, smem_cpp, tiler, 1), exp))
    return out[:n]
