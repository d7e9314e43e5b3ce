"""Differential cases for the GMMA/UMMA shared-memory layout atoms and descriptors: (name, C++ body, expected).

Seeded generators over element types, majors, swizzles, tile shapes (tile_to_shape to 64..256 x 16..128, stages as a
third mode, Step orders), TiledMMA atom layouts and k-blocks. Expected texts come from cutedump (eval language and
cutedump.atoms.smem_desc); the C++ bodies print the same objects with real CuTe 4.2.
"""
from __future__ import annotations

import random

from cutedump.expr import evaluate_to_string, evaluate
from cutedump.algebra import smem as SMEM
from cutedump.algebra.swizzle import as_position_independent_swizzle_layout
from cutedump.render.text import print_layout

PRELUDE = r"""
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cute/arch/mma_sm100_desc.hpp>
#include <cute/atom/mma_traits_sm100.hpp>
#include <cstdio>
using namespace cute;
"""

PRELUDE_SELECTOR = PRELUDE.replace("#include <cstdio>", "#include <cutlass/gemm/collective/builders/sm90_common.inl>\n"
                                   "#include <cstdio>")

# element types CuTe's atoms accept (sizeof_bits a power of two dividing 1024), with their widths
TYPES = {"half_t": 16, "bfloat16_t": 16, "float": 32, "tfloat32_t": 32, "int8_t": 8, "uint8_t": 8,
         "float_e4m3_t": 8, "float_e5m2_t": 8, "double": 64, "int32_t": 32, "uint16_t": 16, "int4b_t": 4,
         "uint4b_t": 4, "float_e2m1_t": 4, "uint1b_t": 1, "int64_t": 64, "uint128_t": 128}
EVAL_TYPES = {"float_e2m1_t": "uint4b_t"}    # the eval language knows these by another name of the same width


def _et(t: str) -> str:
    return EVAL_TYPES.get(t, t)


def _case(name, body, expr):
    return (name, body, evaluate_to_string(expr))


def atom_print_cases():
    out = []
    for ns in ("GMMA", "UMMA"):
        for a in SMEM.atom_names(ns):
            for t in TYPES:
                out.append(_case(f"{ns}::{a}<{t}>", f"print({ns}::{a}<{t}>{{}});",
                                 f"{a}<{_et(t)}>"))
    return out


def _cpp_shape(dims):
    return "make_shape(" + ", ".join(f"Int<{d}>{{}}" if st else f"int({d})" for d, st in dims) + ")"


def _ev_shape(dims):
    return "(" + ",".join(f"_{d}" if st else f"{d}" for d, st in dims) + ")"


ORDERS = [None, "GenColMajor", "GenRowMajor", (2, 1, 3), (1, 2, 3), (3, 1, 2)]


def tile_cases(n=600, seed=23):
    rng = random.Random(seed)
    out = []
    atoms = [(ns, a) for ns in ("GMMA", "UMMA") for a in SMEM.atom_names(ns)]
    types = [t for t in TYPES if TYPES[t] >= 4]
    while len(out) < n:
        ns, a = rng.choice(atoms)
        t = rng.choice(types)
        atom = SMEM.smem_atom(f"{ns}::{a}", TYPES[t])
        s0, s1 = (int(x) for x in atom.b.shape)
        mn = rng.choice([64, 96, 128, 192, 256])
        k = rng.choice([16, 32, 64, 128])
        if "_MN_" in a:
            if mn % s0 or k % s1:
                continue
        elif mn % s0 or k % s1:
            continue
        dims = [(mn, True), (k, True)]
        if rng.random() < 0.6:
            dims.append((rng.choice([1, 2, 3, 4, 5, 7]), rng.random() < 0.8))
        order = rng.choice(ORDERS)
        if isinstance(order, tuple) and len(order) != len(dims):
            order = tuple(range(len(dims), 0, -1)) if rng.random() < 0.5 else None
        if isinstance(order, tuple) and not all(st for _, st in dims):
            order = None
        ord_cpp = "" if order is None else (f", {order}{{}}" if isinstance(order, str) else
                                            ", Step<" + ",".join(f"_{o}" for o in order) + ">{}")
        ord_ev = "" if order is None else (f", {order}" if isinstance(order, str) else
                                           ", (" + ",".join(f"_{o}" for o in order) + ")")
        body = f"print(tile_to_shape({ns}::{a}<{t}>{{}}, {_cpp_shape(dims)}{ord_cpp}));"
        expr = f"tile_to_shape({a}<{_et(t)}>, {_ev_shape(dims)}{ord_ev})"
        out.append(_case(f"tile_to_shape {ns}::{a}<{t}> {_ev_shape(dims)}{ord_ev}", body, expr))
    return out


def op_cases():
    """upcast/downcast/recast, coalesce, as_position_independent, print_layout of the atoms."""
    out = []
    for a in SMEM.atom_names():
        ns = SMEM.ATOMS[a][0][-1]
        for t, bits in TYPES.items():
            if bits < 4:
                continue
            A = f"{ns}::{a}<{t}>{{}}"
            e = f"{a}<{_et(t)}>"
            out.append(_case(f"as_pi {e}", f"print(as_position_independent_swizzle_layout({A}));",
                             f"as_position_independent_swizzle_layout({e})"))
            out.append(_case(f"coalesce {e}", f"print(coalesce({A}));", f"coalesce({e})"))
            if bits <= 32:
                out.append(_case(f"upcast2 {e}", f"print(upcast<2>({A}));", f"upcast<2>({e})"))
                out.append(_case(f"recast {e}", f"print(recast_layout<{t},uint64_t>({A}));",
                                 f"recast_layout<{_et(t)},uint64_t>({e})"))
            if bits >= 8:
                out.append(_case(f"downcast2 {e}", f"print(downcast<2>({A}));", f"downcast<2>({e})"))
            lay = evaluate(e)
            if int(lay.b.shape[0]) * int(lay.b.shape[1]) <= 1024:
                out.append((f"print_layout {e}", f"print_layout({A});",
                            print_layout(as_position_independent_swizzle_layout(lay))))
    return out


def selector_cases(n=200, seed=5):
    rng = random.Random(seed)
    out = []
    types = [t for t in TYPES if TYPES[t] >= 4]
    while len(out) < n:
        major = rng.choice(["K", "MN"])
        t = rng.choice(types)
        mn = rng.choice([8, 16, 24, 32, 40, 48, 64, 96, 128, 192, 256])
        k = rng.choice([8, 16, 24, 32, 48, 64, 96, 128, 256])
        hier = rng.random() < 0.2
        bm = f"Shape<_{mn},_2>" if hier else f"_{mn}"
        bme = f"(_{mn},_2)" if hier else f"_{mn}"
        body = (f"print(cutlass::gemm::collective::detail::ss_smem_selector<GMMA::Major::{major}, {t}, {bm}, _{k}>());")
        try:
            exp = evaluate_to_string(f"ss_smem_selector<{major},{_et(t)},{mn},{k}>()")
        except Exception:
            continue   # CuTe refuses it at compile time (static_assert); our error is tested elsewhere
        out.append((f"ss_smem_selector<{major},{t},{bme},_{k}>", body, exp))
    return out
