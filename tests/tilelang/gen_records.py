"""Record TileLang 0.1.15's own answers for its exported layout constructors (run with TileLang installed).

    python -m venv /tmp/tl && /tmp/tl/bin/pip install torch==2.13.0 && /tmp/tl/bin/pip install tilelang==0.1.15
    /tmp/tl/bin/python tests/tilelang/gen_records.py            # writes tests/tilelang/records/tilelang_0.1.15.json.gz

For every (constructor, options, shape, dtype) case it calls ``tilelang.layout.<constructor>`` on
``tvm.tirx.decl_buffer(shape, dtype, scope="shared")`` and records: ``repr`` (TileLang's print),
``output_shape`` (``get_output_shape()``), the forward values (a SHA-256 over *every* input index, row-major,
plus a sample of explicit points), the ``Inverse`` (its repr, or the start of its error), or, when the
constructor rejects the buffer, the error text (``Check failed: (...) is false: ...``). Fragments
(``make_gemm_fragment_8x8[_transposed]``, ``make_fully_replicated_layout_fragment``) record their repr, forward
index and forward thread the same way. The forward values are TileLang's own expressions evaluated point-wise;
a few points per case are cross-checked against TVM's analyzer (substitute + simplify to a constant).

Nothing from cutedump is imported: the file is TileLang's answer only.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import sys
import time

import numpy as np
import tilelang
import tilelang.layout as TL
from tilelang import tvm

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "records", f"tilelang_{tilelang.__version__}.json.gz")

DTYPES = ["float16", "bfloat16", "float32", "float64", "int8", "float8_e4m3fn", "int32", "int4", "uint8"]

SHAPES_2D = [
    (8, 8),
    (8, 16),
    (8, 32),
    (8, 64),
    (8, 128),
    (16, 16),
    (16, 32),
    (16, 64),
    (32, 8),
    (32, 16),
    (32, 32),
    (32, 64),
    (32, 128),
    (64, 8),
    (64, 16),
    (64, 24),
    (64, 32),
    (64, 48),
    (64, 64),
    (64, 128),
    (64, 256),
    (128, 16),
    (128, 32),
    (128, 64),
    (128, 128),
    (256, 32),
    (256, 64),
    (4, 64),
    (4, 32),
    (4, 16),
    (12, 64),
    (24, 32),
    (1, 64),
    (2, 128),
    (3, 16),
    (40, 64),
    (96, 96),
    (16, 8),
    (8, 4),
    (8, 2),
    (16, 12),
    (48, 80),
    (128, 24),
    (32, 192),
    (16, 1),
]
SHAPES_ND = [
    (2, 64, 64),
    (3, 8, 64),
    (2, 4, 32, 32),
    (1, 64, 64),
    (4, 16, 16),
    (2, 128, 32),
    (2, 2, 8, 64),
    (3, 12, 64),
    (64,),
    (5, 1, 64),
]

VARIANTS = [
    ("make_swizzled_layout", {}),
    ("make_swizzled_layout", {"k_major": False}),
    ("make_swizzled_layout", {"allow_pad": False}),
    ("make_swizzled_layout", {"k_major": False, "allow_pad": False}),
    ("make_wgmma_swizzled_layout", {}),
    ("make_wgmma_swizzled_layout", {"k_major": False}),
    ("make_wgmma_swizzled_layout", {"continuity": 8}),
    ("make_tcgen05mma_swizzled_layout", {}),
    ("make_volta_swizzled_layout", {}),
    ("make_volta_swizzled_layout", {"is_a": False}),
    ("make_volta_swizzled_layout", {"k_inner": False}),
    ("make_volta_swizzled_layout", {"is_a": False, "k_inner": False}),
    ("make_full_bank_swizzled_layout", {}),
    ("make_half_bank_swizzled_layout", {}),
    ("make_quarter_bank_swizzled_layout", {}),
    ("make_linear_layout", {}),
]

N_SAMPLE = 24
N_CROSSCHECK = 3


def evaluate(e, env):
    """TileLang's PrimExpr evaluated with numpy (floor division/modulo, as tirx FloorDiv/FloorMod)."""
    T = tvm.tirx
    if isinstance(e, T.IntImm):
        return np.int64(e.value)
    if isinstance(e, T.Var):
        return env[e.name]
    if isinstance(e, T.Add):
        return evaluate(e.a, env) + evaluate(e.b, env)
    if isinstance(e, T.Sub):
        return evaluate(e.a, env) - evaluate(e.b, env)
    if isinstance(e, T.Mul):
        return evaluate(e.a, env) * evaluate(e.b, env)
    if isinstance(e, T.FloorDiv):
        return evaluate(e.a, env) // evaluate(e.b, env)
    if isinstance(e, T.FloorMod):
        return evaluate(e.a, env) % evaluate(e.b, env)
    raise TypeError(f"unmodelled node {type(e).__name__}: {e}")


def crosscheck(expr, names, point):
    """TVM's own value of expr at point (substitute placeholders, simplify to a constant)."""
    vmap = {}
    for v in _vars(expr):
        if v.name in names:
            vmap[v] = tvm.tirx.IntImm("int32", int(point[names.index(v.name)]))
        elif v.name == "_rep":
            vmap[v] = tvm.tirx.IntImm("int32", 0)
    val = tvm.arith.Analyzer().simplify(tvm.tirx.stmt_functor.substitute(expr, vmap))
    return int(val.value)


def _vars(expr):
    found = {}

    def visit(n):
        if isinstance(n, tvm.tirx.Var):
            found[n.name] = n

    tvm.tirx.stmt_functor.post_order_visit(expr, visit)
    return list(found.values())


def values(exprs, shape, names, extra_env=None):
    """(sha256 over every index, sample points) of the expressions over the row-major domain of shape."""
    grids = np.indices(shape, dtype=np.int64).reshape(len(shape), -1)
    env = {n: grids[k] for k, n in enumerate(names)}
    env.update(extra_env or {})
    rows = []
    for e in exprs:
        v = np.asarray(evaluate(e, env), dtype=np.int64)
        rows.append(np.broadcast_to(v, grids[0].shape))
    arr = np.ascontiguousarray(np.stack(rows).astype("<i8"))
    n = grids.shape[1]
    rng = np.random.default_rng(n * 7919 + len(exprs))
    picks = sorted(set([0, n - 1] + [int(x) for x in rng.integers(0, n, size=min(N_SAMPLE, n))]))
    sample = [[[int(x) for x in grids[:, p]], [int(x) for x in arr[:, p]]] for p in picks]
    for p in picks[:N_CROSSCHECK]:
        for k, e in enumerate(exprs):
            tv = crosscheck(e, names, grids[:, p])
            assert tv == int(arr[k, p]), (str(e), grids[:, p], tv, int(arr[k, p]))
    return hashlib.sha256(arr.tobytes()).hexdigest(), sample


def names_of(layout, n):
    return [v.name for v in layout.get_forward_vars()][-n:] if n else []


def err_text(e):
    return str(e).strip()


def layout_case(fn, opts, shape, dtype):
    rec = {"fn": fn, "opts": opts, "shape": list(shape), "dtype": dtype, "bits": int(tvm.DataType(dtype).bits)}
    buf = tvm.tirx.decl_buffer(shape, dtype, scope="shared")
    try:
        L = getattr(TL, fn)(buf, **opts)
    except Exception as e:  # TileLang's rejection (ICHECK)
        rec["error"] = err_text(e)
        rec["error_type"] = type(e).__name__
        return rec
    rec["repr"] = repr(L)
    rec["output_shape"] = [int(x) for x in L.get_output_shape()]
    rec["input_shape"] = [int(x) for x in L.get_input_shape()]
    names = [f"_{chr(ord('i') + k)}" for k in range(len(rec["input_shape"]))]
    rec["fwd_sha256"], rec["sample"] = values(list(L.index), rec["input_shape"], names)
    try:
        inv = L.inverse()
        rec["inverse"] = repr(inv)
    except Exception as e:
        rec["inverse_error"] = err_text(e)[:300]
    return rec


def fragment_case(fn, args, frag):
    rec = {
        "fn": fn,
        "args": args,
        "repr": repr(frag),
        "output_shape": [int(x) for x in frag.get_output_shape()],
        "input_shape": [int(x) for x in frag.get_input_shape()],
    }
    names = [f"_{chr(ord('i') + k)}" for k in range(len(rec["input_shape"]))]
    rec["fwd_sha256"], rec["sample"] = values(list(frag.index), rec["input_shape"], names, {"_rep": np.int64(0)})
    rec["thread_sha256"], rec["thread_sample"] = values(
        [frag.forward_thread], rec["input_shape"], names, {"_rep": np.int64(0)}
    )
    return rec


def main():
    t0 = time.time()
    cases = []
    for shape in SHAPES_2D + SHAPES_ND:
        for dtype in DTYPES:
            for fn, opts in VARIANTS:
                cases.append(layout_case(fn, opts, shape, dtype))
    frags = [
        fragment_case("make_gemm_fragment_8x8", {}, TL.make_gemm_fragment_8x8()),
        fragment_case("make_gemm_fragment_8x8_transposed", {}, TL.make_gemm_fragment_8x8_transposed()),
    ]
    for shape in [(2,), (2, 4), (8, 8), (1, 16), (3, 5, 2), (4, 1)]:
        for threads in (32, 128, 256):
            buf = tvm.tirx.decl_buffer(shape, "float32", scope="local.fragment")
            frags.append(
                fragment_case(
                    "make_fully_replicated_layout_fragment",
                    {"shape": list(shape), "threads": threads},
                    TL.make_fully_replicated_layout_fragment(buf, threads),
                )
            )
    data = {
        "tilelang": tilelang.__version__,
        "exports": sorted(n for n in dir(TL) if n.startswith("make_")),
        "layouts": cases,
        "fragments": frags,
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with gzip.open(OUT, "wt", encoding="utf-8", compresslevel=9) as f:
        json.dump(data, f, separators=(",", ":"), sort_keys=True)
    nerr = sum("error" in c for c in cases)
    print(
        f"{len(cases)} layout cases ({nerr} rejections), {len(frags)} fragments -> {OUT} "
        f"({os.path.getsize(OUT)} bytes, {time.time() - t0:.1f}s)",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
