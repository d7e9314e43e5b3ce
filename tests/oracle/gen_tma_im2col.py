"""Differential cases for im2col TMA loads (make_im2col_tma_copy): (name, C++ body for real CuTe, our expected text).

Compiled as tests/oracle/gen_tma.py compiles its cases (``__CUDACC_VER_MAJOR__``, CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL,
its ``__assert_fail``), with one more function of our own: ``cuTensorMapEncodeIm2col``, which prints every argument
CuTe passes. Cases are drawn by a seeded generator: activation tensors ((W,N),C), ((W,H,N),C), ((W,H,D,N),C) of
8/16/32-bit types, packed NWC/NHWC/NDHWC strides (sometimes padded channels), static and dynamic; smem tiles (bM,bK)
K-major (channels contiguous) plain or GMMA-swizzled (SW32/64/128), the default or an explicit CTA tile; clusters
1/2/4 (LOAD_IM2COL_MULTICAST); lower/upper corners and traversal strides of 1..3.
"""

from __future__ import annotations

import random

from cutedump.algebra import C, Layout, fmt
from cutedump.atoms import tma_im2col as I
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate
from tests.oracle.gen_tma import (
    FLAGS,  # noqa: F401  (the compile flags, re-exported)
    _tile_expr,
    cpp,
    gmma_atom,
)
from tests.oracle.gen_tma import PRELUDE as TMA_PRELUDE

PRELUDE = (
    TMA_PRELUDE
    + r"""
#include <cute/atom/copy_traits_sm90_im2col.hpp>
CUresult cuTensorMapEncodeIm2col(CUtensorMap*, CUtensorMapDataType dt, cuuint32_t rank, void*, const cuuint64_t* gdim,
    const cuuint64_t* gstr, const int* lower, const int* upper, cuuint32_t cpp, cuuint32_t ppc, const cuuint32_t* es,
    CUtensorMapInterleave il, CUtensorMapSwizzle sw, CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill oob) {
  printf("im2col_map: %s rank=%u global_dim=", DT[dt], rank);
  for (unsigned i = 0; i < rank; ++i) printf("%s%llu", i ? "," : "", (unsigned long long)gdim[i]);
  printf(" global_strides=");
  for (unsigned i = 0; i + 1 < rank; ++i) printf("%s%llu", i ? "," : "", (unsigned long long)gstr[i]);
  printf(" lower="); for (unsigned i = 0; i + 2 < rank; ++i) printf("%s%d", i ? "," : "", lower[i]);
  printf(" upper="); for (unsigned i = 0; i + 2 < rank; ++i) printf("%s%d", i ? "," : "", upper[i]);
  printf(" channels=%u pixels=%u element_strides=", cpp, ppc);
  for (unsigned i = 0; i < rank; ++i) printf("%s%u", i ? "," : "", es[i]);
  printf(" %s %s %s %s\n", IL[il], SW[sw], L2[l2], OOB[oob]);
  return CUDA_SUCCESS;
}
"""
)


def map_line(r: I.Im2colResult) -> str:
    d = r.tensor_map()
    j = lambda v: ",".join(str(x) for x in v)  # noqa: E731
    return (
        f"im2col_map: {d['data_type']} rank={d['rank']} global_dim={j(d['global_dim'])} "
        f"global_strides={j(d['global_strides'])} lower={j(d['lower_corner'])} upper={j(d['upper_corner'])} "
        f"channels={d['channels_per_pixel']} pixels={d['pixels_per_column']} "
        f"element_strides={j(d['element_strides'])} {d['interleave']} {d['swizzle']} {d['l2_promotion']} "
        f"{d['oob_fill']}\n"
    )


def expected(op, vt, gmem, smem, tile, cluster, lower, upper, trav) -> str:
    r = I.make_im2col(op, vt, gmem, smem, tile, cluster, lower, upper, trav)
    return map_line(r) + r.tiled_copy_str() + "\n"


def _tup(v) -> str:
    return "make_shape(" + ", ".join(f"int({x})" for x in v) + ")"


def body(op, vt, gmem: Layout, smem_cpp: str, tile, cluster, lower, upper, trav) -> str:
    nsp = len(lower)
    zeros = _tup([0] * nsp)
    ones = _tup([1] * nsp)
    tile_cpp = cpp(tile) if tile is not None else "product_each(shape(sl))"
    return (
        f"using T = {vt};\n"
        f"CUTEDUMP_TRY(\n"
        f"  auto g = make_tensor(make_gmem_ptr((T*)0x10000), {cpp(gmem)});\n"
        f"  auto sl = {smem_cpp};\n"
        f"  auto tma = make_im2col_tma_copy({op}{{}}, g, sl, {tile_cpp}, Int<{cluster}>{{}}, {_tup(lower)}, "
        f"{_tup(upper)}, {zeros}, {zeros}, {_tup(trav)}, {zeros}, {ones});\n"
        f'  print(tma); print("\\n");\n'
        f");"
    )


TYPES = ["half_t", "bfloat16_t", "float", "tfloat32_t", "int8_t", "uint8_t", "float_e4m3_t"]
BITS = {"half_t": 16, "bfloat16_t": 16, "float": 32, "tfloat32_t": 32, "int8_t": 8, "uint8_t": 8, "float_e4m3_t": 8}


def _int(v, static):
    return C(v) if static else v


def random_case(rng: random.Random):
    vt = rng.choice(TYPES)
    bits = BITS[vt]
    nsp = rng.choice([1, 2, 2, 3])
    cluster = rng.choice([1, 1, 2, 4])
    op = "SM90_TMA_LOAD_IM2COL" if cluster == 1 and rng.random() < 0.8 else "SM90_TMA_LOAD_IM2COL_MULTICAST"
    kind = rng.choice(["plain", "mn", "gmma", "gmma", "gmma_mn"])
    if kind in ("gmma", "gmma_mn"):
        sw = rng.choice([0, 32, 64, 128])
        w = {0: 128, 32: 256, 64: 512, 128: 1024}[sw] // bits
        if kind == "gmma":
            bk, bm = w * rng.choice([1, 2]), 8 * rng.choice([4, 8, 16])
        else:
            bm, bk = w * rng.choice([1, 2]), 8 * rng.choice([1, 2, 4])
        py_atom, cpp_atom = gmma_atom("K" if kind == "gmma" else "MN", sw, bits)
        smem_py, smem_cpp = _tile_expr(py_atom, cpp_atom, (bm, bk))
    else:
        bk = rng.choice([8, 16, 32, 64])
        bm = rng.choice([16, 32, 64, 128])
        smem_py = f"(_{bm},_{bk}):(_{bk},_1)" if kind == "plain" else f"(_{bm},_{bk}):(_1,_{bm})"
        smem_cpp = cpp(evaluate(smem_py))
    if bm * bk > 16384:
        return None
    smem = evaluate(smem_py)
    tile = None if rng.random() < 0.5 else (C(bm), C(bk))
    static = rng.random() < 0.3
    cch = bk * rng.choice([1, 2, 3])
    cpad = cch + (rng.choice([0, 0, 8, 16]) * 8 // bits if rng.random() < 0.3 else 0)
    sp = [rng.choice([3, 5, 8, 14, 28]) for _ in range(nsp)]
    n = rng.choice([1, 2, 4])
    strides, cur = [], cpad
    for s in sp + [n]:
        strides.append(cur)
        cur *= s
    gshape = (tuple(_int(s, static) for s in sp + [n]), _int(cch, static))
    gstride = (tuple(_int(d, static) for d in strides), C(1))
    gmem = Layout(gshape, gstride)
    lower = [rng.choice([0, -1, -2]) for _ in range(nsp)]
    upper = [rng.choice([0, -1, -2, 1]) for _ in range(nsp)]
    trav = [rng.choice([1, 1, 2, 3]) for _ in range(nsp)]
    return op, vt, gmem, smem, smem_cpp, tile, cluster, lower, upper, trav


def im2col_cases(n: int, seed: int = 29):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        c = random_case(rng)
        if c is None:
            continue
        op, vt, gmem, smem, smem_cpp, tile, cluster, lower, upper, trav = c
        try:
            exp = expected(op, vt, gmem, smem, tile, cluster, lower, upper, trav)
        except CuteDumpError:
            continue  # refused at compile time by CuTe (static_assert): not sent to the batch
        name = (
            f"{op} {vt} g={gmem} s={smem} tile={fmt(tile) if tile else None} cluster={cluster} "
            f"corners={lower},{upper} stride={trav}"
        )
        out.append((name, body(op, vt, gmem, smem_cpp, tile, cluster, lower, upper, trav), exp))
    return out


#: hand-picked: CUTLASS's conv fprop operands (get_shape_A: ((W,H,D,N),C), packed NDHWC strides) with the smem
#: atoms of its builders, padding-1 3x3(x3) filters (corners -1), strided and multicast loads, an MN-major tile
DOC = [
    (
        "SM90_TMA_LOAD_IM2COL",
        "half_t",
        "((56,56,8),64):((64,3584,200704),_1)",
        "tile_to_shape(Sw<3,4,3> o _0 o (_8,_64):(_64,_1), (_128,_64))",
        "tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, make_shape(Int<128>{},Int<64>{}))",
        None,
        1,
        [-1, -1],
        [-1, -1],
        [1, 1],
    ),
    (
        "SM90_TMA_LOAD_IM2COL",
        "half_t",
        "((16,16,8,2),128):((128,2048,32768,262144),_1)",
        "tile_to_shape(Sw<3,4,3> o _0 o (_8,_64):(_64,_1), (_64,_64))",
        "tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, make_shape(Int<64>{},Int<64>{}))",
        None,
        1,
        [-1, -1, -1],
        [-1, -1, -1],
        [2, 2, 1],
    ),
    (
        "SM90_TMA_LOAD_IM2COL_MULTICAST",
        "bfloat16_t",
        "((1024,4),256):((256,262144),_1)",
        "tile_to_shape(Sw<3,4,3> o _0 o (_8,_64):(_64,_1), (_128,_64))",
        "tile_to_shape(GMMA::Layout_K_SW128_Atom<T>{}, make_shape(Int<128>{},Int<64>{}))",
        "(_128,_64)",
        2,
        [-2],
        [0],
        [1],
    ),
    (
        "SM90_TMA_LOAD_IM2COL",
        "float",
        "((_28,_28,_4),_32):((_32,_896,_25088),_1)",
        "(_64,_32):(_1,_64)",
        None,
        None,
        1,
        [0, 0],
        [-2, -2],
        [1, 1],
    ),
    (
        "SM90_TMA_LOAD_IM2COL",
        "int8_t",
        "((9,9,1),64):((64,576,5184),_1)",
        "(_32,_64):(_64,_1)",
        None,
        "(_32,_64)",
        1,
        [-3, -3],
        [3, 3],
        [3, 3],
    ),
]


def doc_cases():
    from tests.oracle.gen_tma import _cpp_smem

    out = []
    for op, vt, g, s_py, s_cpp, tile, cluster, lower, upper, trav in DOC:
        gmem, smem = evaluate(g), evaluate(s_py)
        tiler = evaluate(tile) if tile else None
        exp = expected(op, vt, gmem, smem, tiler, cluster, lower, upper, trav)
        out.append(
            (
                f"doc {op} {vt} g={g} s={s_py}",
                body(op, vt, gmem, s_cpp or _cpp_smem(s_py), tiler, cluster, lower, upper, trav),
                exp,
            )
        )
    return out
