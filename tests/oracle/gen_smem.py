"""Differential cases for the GMMA/UMMA shared-memory layout atoms and descriptors: (name, C++ body, expected).

Seeded generators over element types, majors, swizzles, tile shapes (tile_to_shape to 64..256 x 16..128, stages as a
third mode, Step orders), TiledMMA atom layouts and k-blocks. Expected texts come from cutedump (eval language and
cutedump.atoms.smem_desc); the C++ bodies print the same objects with real CuTe 4.2.
"""

from __future__ import annotations

import random

from cutedump.algebra import smem as SMEM
from cutedump.algebra.swizzle import as_position_independent_swizzle_layout
from cutedump.expr import evaluate, evaluate_to_string
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

PRELUDE_PICTURES = PRELUDE.replace("#include <cstdio>", "#include <cute/util/print_latex.hpp>\n#include <cstdio>")

PRELUDE_SELECTOR = PRELUDE.replace(
    "#include <cstdio>", "#include <cutlass/gemm/collective/builders/sm90_common.inl>\n#include <cstdio>"
)

# element types CuTe's atoms accept (sizeof_bits a power of two dividing 1024), with their widths
TYPES = {
    "half_t": 16,
    "bfloat16_t": 16,
    "float": 32,
    "tfloat32_t": 32,
    "int8_t": 8,
    "uint8_t": 8,
    "float_e4m3_t": 8,
    "float_e5m2_t": 8,
    "double": 64,
    "int32_t": 32,
    "uint16_t": 16,
    "int4b_t": 4,
    "uint4b_t": 4,
    "float_e2m1_t": 4,
    "uint1b_t": 1,
    "int64_t": 64,
    "uint128_t": 128,
}
EVAL_TYPES = {"float_e2m1_t": "uint4b_t"}  # the eval language knows these by another name of the same width


def _et(t: str) -> str:
    return EVAL_TYPES.get(t, t)


def _case(name, body, expr):
    return (name, body, evaluate_to_string(expr))


def atom_print_cases():
    out = []
    for ns in ("GMMA", "UMMA"):
        for a in SMEM.atom_names(ns):
            for t in TYPES:
                out.append(_case(f"{ns}::{a}<{t}>", f"print({ns}::{a}<{t}>{{}});", f"{a}<{_et(t)}>"))
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
        ord_cpp = (
            ""
            if order is None
            else (f", {order}{{}}" if isinstance(order, str) else ", Step<" + ",".join(f"_{o}" for o in order) + ">{}")
        )
        ord_ev = (
            ""
            if order is None
            else (f", {order}" if isinstance(order, str) else ", (" + ",".join(f"_{o}" for o in order) + ")")
        )
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
            out.append(
                _case(
                    f"as_pi {e}",
                    f"print(as_position_independent_swizzle_layout({A}));",
                    f"as_position_independent_swizzle_layout({e})",
                )
            )
            out.append(_case(f"coalesce {e}", f"print(coalesce({A}));", f"coalesce({e})"))
            if bits <= 32:
                out.append(_case(f"upcast2 {e}", f"print(upcast<2>({A}));", f"upcast<2>({e})"))
                out.append(
                    _case(
                        f"recast {e}",
                        f"print(recast_layout<{t},uint64_t>({A}));",
                        f"recast_layout<{_et(t)},uint64_t>({e})",
                    )
                )
            if bits >= 8:
                out.append(_case(f"downcast2 {e}", f"print(downcast<2>({A}));", f"downcast<2>({e})"))
            lay = evaluate(e)
            if int(lay.b.shape[0]) * int(lay.b.shape[1]) <= 1024:
                out.append(
                    (
                        f"print_layout {e}",
                        f"print_layout({A});",
                        print_layout(as_position_independent_swizzle_layout(lay)),
                    )
                )
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
        body = f"print(cutlass::gemm::collective::detail::ss_smem_selector<GMMA::Major::{major}, {t}, {bm}, _{k}>());"
        try:
            exp = evaluate_to_string(f"ss_smem_selector<{major},{_et(t)},{mn},{k}>()")
        except Exception:
            continue  # CuTe refuses it at compile time (static_assert); our error is tested elsewhere
        out.append((f"ss_smem_selector<{major},{t},{bme},_{k}>", body, exp))
    return out


# ------------------------------------------------------------------ descriptors


def _desc_expected(match) -> str:
    d = match.desc
    if d.kind == "gmma":
        return f"{d.value:016x}\n" + d.cute_print()
    return f"{d.value:016x}\n"


_DESC_TYPES = [t for t in TYPES if 8 <= TYPES[t] <= 32]


def desc_cases(n=500, seed=7):
    """make_gmma_desc / make_umma_desc of tile_to_shape(atom, (MN, K)) for one k-block (K = 256 bits, or a
    128/512-bit sparse one for MN-major GMMA), every swizzle, both majors, MN in 8..256."""
    from cutedump.atoms import smem_desc as D

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        kind = rng.choice(["gmma", "umma"])
        major = rng.choice(["K", "MN"])
        swz = rng.choice(
            ["INTER", "SW32", "SW64", "SW128"] + (["SW128_32B"] if kind == "umma" and major == "MN" else [])
        )
        t = rng.choice(_DESC_TYPES)
        bits = TYPES[t]
        ns = kind.upper()
        a = f"Layout_{major}_{swz}_Atom"
        atom = SMEM.smem_atom(f"{ns}::{a}", bits)
        s0, s1 = (int(x) for x in atom.b.shape)
        kbits = rng.choice([256, 256, 256, 512]) if major == "K" else rng.choice([256, 256, 128, 512])
        k = kbits // bits
        mn = rng.choice([8, 16, 32, 64, 128, 192, 256])
        if mn % s0 or k % s1 or (kind == "umma" and kbits != 256):
            continue
        order = rng.choice([None, None, "GenRowMajor"])
        ord_cpp = "" if order is None else f", {order}{{}}"
        ord_ev = "" if order is None else f", {order}"
        expr = f"tile_to_shape({a}<{t}>, (_{mn},_{k}){ord_ev})"
        lay = evaluate(expr)
        try:
            m = D.make_desc(kind, major, D.smem_operand(lay, t))
        except Exception:
            continue  # not canonical: CuTe refuses it at compile time
        mk = "GMMA::make_gmma_desc<GMMA::Major::" if kind == "gmma" else "UMMA::make_umma_desc<UMMA::Major::"
        body = (
            f"auto t = make_tensor(make_smem_ptr(({t}*)nullptr), tile_to_shape({ns}::{a}<{t}>{{}}, "
            f"make_shape(Int<{mn}>{{}}, Int<{k}>{{}}){ord_cpp}));\n"
            f"auto d = {mk}{major}>(t);\n"
            f'printf("%016llx\\n", (unsigned long long)d.desc_);\n' + ("print(d);" if kind == "gmma" else "")
        )
        out.append((f"{kind} {major} {expr}", body, _desc_expected(m)))
    return out


def _ss_atoms():
    from cutedump.atoms.mma_catalog import gmma_families

    fam = gmma_families()
    base_n = (8, 16, 32, 64, 128, 256)
    out = []
    for name in fam:
        n = int(name.split("x")[1])
        if n not in base_n or "SATURATE" in name:
            continue
        out.append(name)
    return out


def fragment_cases(n=240, seed=11):
    """partition_fragment_A/B of SS (and B of RS) GMMA TiledMMAs over tile_to_shape'd smem (with stages), thread
    0 or 128 of 1x1 / 2x1 / 1x2 atom layouts: CuTe's print of the descriptor tensor and every descriptor, with the
    smem pointer unset (host: start address 0) or at an address (start address from the swizzled pointer)."""
    from cutedump.atoms import make_tiled_mma
    from cutedump.atoms import smem_desc as D
    from cutedump.atoms.types import value_type_bits

    rng = random.Random(seed)
    atoms = _ss_atoms()
    out = []
    while len(out) < n:
        base = rng.choice(atoms)
        maj = ""
        if base.endswith(("_SS", "_RS")):
            ma = "K" if base.endswith("_RS") else rng.choice(["K", "MN"])
            maj = f"<{ma},{rng.choice(['K', 'MN'])}>"
        name = base + maj
        op = "B" if base.endswith(("_RS", "_RS_TN")) else rng.choice(["A", "B"])
        al = rng.choice([(1, 1), (2, 1), (1, 2)])
        tiled = make_tiled_mma(name, f"(_{al[0]},_{al[1]},_1)")
        major = D.mma_majors(tiled)[0 if op == "A" else 1]
        t = tiled.atom.traits.val_types[1 if op == "A" else 2]
        bits = value_type_bits(t)
        am, an, ak = (int(x.lstrip("_")) for x in tiled.atom.traits.shape_mnk.strip("()").split(","))
        mn_atom = am * al[0] if op == "A" else an * al[1]
        swz = rng.choice(["INTER", "SW32", "SW64", "SW128"])
        atom = SMEM.smem_atom(f"GMMA::Layout_{major}_{swz}_Atom", bits)
        s0, s1 = (int(x) for x in atom.b.shape)
        mn = mn_atom * rng.choice([1, 1, 2])
        k = ak * rng.choice([1, 2, 4])
        if mn % s0 or k % s1:
            continue
        stages = rng.choice([None, 1, 2, 3])
        tid = rng.choice([0, 0, 5, 128, 255]) % (128 * al[0] * al[1])
        addr = rng.choice([None, None, 0, 1024, 0x4000, 0x2A400 + 1024, 49152])
        dims = f"make_shape(Int<{mn}>{{}}, Int<{k}>{{}}" + (f", Int<{stages}>{{}})" if stages else ")")
        shp = f"(_{mn},_{k}" + (f",_{stages})" if stages else ")")
        expr = f"tile_to_shape(Layout_{major}_{swz}_Atom<{t}>, {shp})"
        lay = evaluate(expr)
        try:
            f = D.desc_fragment(tiled, tid, op, lay, addr)
        except Exception:
            continue
        ptr = "nullptr" if addr is None else f"(uintptr_t){addr}"
        body = (
            f"auto mma = make_tiled_mma({tiled.atom.traits.cpp}{{}}, Layout<Shape<_{al[0]},_{al[1]},_1>>{{}});\n"
            f"auto s = make_tensor(make_smem_ptr(({t}*){ptr}), tile_to_shape(GMMA::Layout_{major}_{swz}_Atom<{t}>{{}}, "
            f"{dims}));\n"
            f"auto thr = mma.get_slice({tid});\n"
            f"auto frg = thr.partition_fragment_{op}(s);\n"
            f'print(frg); printf("\\n");\n'
        )
        if addr is None:
            body += 'for (int i = 0; i < size(frg); ++i) printf("%016llx\\n", (unsigned long long)(uint64_t)frg(i));\n'
        else:
            body += (
                f"GmmaDescriptor d = frg.data().desc_;\n"
                f"d.bitfield.start_address_ = uint16_t((uint32_t)(uintptr_t)raw_pointer_cast("
                f"tensor<0>(thr.partition_{op}(s)).data()) >> 4);\n"
                'for (int i = 0; i < size(frg); ++i) printf("%016llx\\n", '
                "(unsigned long long)(uint64_t)*(GMMA::DescriptorIterator{d} + frg.layout()(i)));\n"
            )
        exp = f.cute_print() + "\n" + "".join(f"{d.value:016x}\n" for d in f.descriptors)
        out.append((f"{name} {al} t{tid} {op} {expr} @{addr}", body, exp))
    return out


def sparse_cases(n_tile=120, seed=31):
    """The sparse atoms GMMA::Layout_*_SpAtom<T,S> (and UMMA::Layout_MN_SW128_32B_SpAtom) and tile_to_shape of
    them: the offset prints smem_sparse<S>_ptr[Bb](unset)."""
    rng = random.Random(seed)
    out = []
    types = [t for t in TYPES if TYPES[t] >= 4]
    for a in SMEM.atom_names():
        ns = SMEM.ATOMS[a][0][-1] if a == "Layout_MN_SW128_32B_Atom" else "GMMA"
        sp = a[:-5] + "_SpAtom"
        for t in types:
            for s in (2, 4):
                out.append(_case(f"{ns}::{sp}<{t},{s}>", f"print({ns}::{sp}<{t},{s}>{{}});", f"{sp}<{_et(t)},{s}>"))
    k = 0
    while k < n_tile:
        a = rng.choice(SMEM.atom_names())
        ns = "UMMA" if a == "Layout_MN_SW128_32B_Atom" else "GMMA"
        sp = a[:-5] + "_SpAtom"
        t = rng.choice(types)
        s = rng.choice([2, 4])
        lay = SMEM.sparse_atom(f"{ns}::{sp}", TYPES[t], s)
        from cutedump.algebra import get, size

        s0, s1 = int(size(get(lay.b, 0))), int(size(get(lay.b, 1)))
        mn = rng.choice([64, 128, 256])
        kk = rng.choice([32, 64, 128, 256])
        if mn % s0 or kk % s1:
            continue
        st = rng.choice([None, 2, 3])
        dims = [(mn, True), (kk, True)] + ([(st, True)] if st else [])
        body = f"print(tile_to_shape({ns}::{sp}<{t},{s}>{{}}, {_cpp_shape(dims)}));"
        out.append(
            _case(
                f"tile_to_shape {ns}::{sp}<{t},{s}> {_ev_shape(dims)}",
                body,
                f"tile_to_shape({sp}<{_et(t)},{s}>, {_ev_shape(dims)})",
            )
        )
        k += 1
    return out


def picture_cases(n=40, seed=3):
    """print_latex and print_layout of atoms and small tile_to_shape results: CuTe draws the smem_ptr form with the
    swizzle recast to element offsets (its print_layout / print_latex overloads for smem_ptr_flag_bits)."""
    from cutedump.render.latex import print_latex

    rng = random.Random(seed)
    out = []
    types = [t for t in TYPES if 8 <= TYPES[t] <= 64]
    while len(out) < n:
        ns = rng.choice(["GMMA", "UMMA"])
        a = rng.choice(SMEM.atom_names(ns))
        t = rng.choice(types)
        atom = SMEM.smem_atom(f"{ns}::{a}", TYPES[t])
        s0, s1 = (int(x) for x in atom.b.shape)
        if rng.random() < 0.5:
            cpp, expr = f"{ns}::{a}<{t}>{{}}", f"{a}<{_et(t)}>"
        else:
            m0, m1 = s0 * rng.choice([1, 2]), s1 * rng.choice([1, 2])
            cpp = f"tile_to_shape({ns}::{a}<{t}>{{}}, make_shape(Int<{m0}>{{}}, Int<{m1}>{{}}))"
            expr = f"tile_to_shape({a}<{_et(t)}>, (_{m0},_{m1}))"
        if s0 * s1 > 2048:
            continue
        lay = as_position_independent_swizzle_layout(evaluate(expr))
        if rng.random() < 0.5:
            out.append((f"print_latex {expr}", f"print_latex({cpp});", print_latex(lay)))
        else:
            out.append((f"print_layout {expr}", f"print_layout({cpp});", print_layout(lay)))
    return out


def algebra_cases(n=150, seed=19):
    """Layout algebra on smem_ptr-flagged layouts (the flag is kept as the composed offset): divides, composition,
    coalesce, get, flatten, hierarchical tile_to_shape targets."""
    rng = random.Random(seed)
    out = []
    types = [t for t in TYPES if 8 <= TYPES[t] <= 32]
    while len(out) < n:
        a = rng.choice(SMEM.atom_names("GMMA"))
        t = rng.choice(types)
        atom = SMEM.smem_atom(f"GMMA::{a}", TYPES[t])
        s0, s1 = (int(x) for x in atom.b.shape)
        m0, m1 = s0 * rng.choice([1, 2, 4]), s1 * rng.choice([1, 2])
        cpp_l = f"tile_to_shape(GMMA::{a}<{t}>{{}}, make_shape(Int<{m0}>{{}}, Int<{m1}>{{}}))"
        ev_l = f"tile_to_shape({a}<{_et(t)}>, (_{m0},_{m1}))"
        op = rng.choice(
            [
                "logical_divide",
                "zipped_divide",
                "flat_divide",
                "tiled_divide",
                "coalesce",
                "get0",
                "flatten",
                "composition",
                "hier",
            ]
        )  # (select has no ComposedLayout overload in CuTe)
        d0, d1 = (
            rng.choice([x for x in (1, 2, 4, 8, 16) if m0 % x == 0]),
            rng.choice([x for x in (1, 2, 4, 8) if m1 % x == 0]),
        )
        if op in ("logical_divide", "zipped_divide", "flat_divide", "tiled_divide"):
            cpp = f"{op}({cpp_l}, make_tile(Int<{d0}>{{}}, Int<{d1}>{{}}))"
            ev = f"{op}({ev_l}, (_{d0},_{d1}))"
        elif op == "coalesce":
            cpp, ev = f"coalesce({cpp_l})", f"coalesce({ev_l})"
        elif op == "get0":
            cpp, ev = f"get<0>({cpp_l})", f"get<0>({ev_l})"
        elif op == "flatten":
            cpp, ev = f"flatten({cpp_l})", f"flatten({ev_l})"
        elif op == "composition":
            cpp = f"composition({cpp_l}, make_layout(make_shape(Int<{d0}>{{}}, Int<{d1}>{{}})))"
            ev = f"composition({ev_l}, make_layout((_{d0},_{d1})))"
        else:
            h = rng.choice([2, 4])
            if m0 % h or (m0 // h) % s0:
                continue
            cpp = (
                f"tile_to_shape(GMMA::{a}<{t}>{{}}, make_shape(make_shape(Int<{m0 // h}>{{}}, Int<{h}>{{}}), "
                f"Int<{m1}>{{}}))"
            )
            ev = f"tile_to_shape({a}<{_et(t)}>, ((_{m0 // h},_{h}),_{m1}))"
        try:
            exp = evaluate_to_string(ev)
        except Exception:
            continue
        out.append((f"{op} {ev}", f"print({cpp});", exp))
    return out
