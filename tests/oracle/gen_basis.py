"""Seeded cases over ScaledBasis strides: make_identity_layout / make_identity_tensor / make_basis_like, E<i...>{},
and the layout algebra on identity layouts (evaluation, slicing, composition, divides, coalesce, ...), spelled in C++.

Real CuTe compiles each case inside ``print(...)`` (a tensor prints its ``.layout()``, read by cutedump as ``layout(T)``); cutedump evaluates the same
text. Cases CuTe refuses must be refused by cutedump. Used by tests/test_basis_oracle.py.
"""

from __future__ import annotations

import random

from tests.oracle.gen_algebra import Case


def _shape(r: random.Random, depth: int = 0):
    """-> (cpp text, list of leaf sizes, top-level mode sizes or None for an integer shape)."""
    rank = r.choice([1, 2, 2, 3]) if depth == 0 else r.choice([2, 2, 3])
    parts, leaves, modes = [], [], []
    for _ in range(rank):
        if depth < 1 and r.random() < 0.25:
            t, lv, _m = _shape(r, depth + 1)
            parts.append(t)
            leaves += lv
            p = 1
            for x in lv:
                p *= x
            modes.append(p)
            continue
        v = r.choice([1, 2, 2, 3, 4, 4, 5, 6, 8, 8, 16])
        parts.append(_int(r, v))
        leaves.append(v)
        modes.append(v)
    return "make_shape(" + ",".join(parts) + ")", leaves, modes


def _int(r, v, static=None):
    static = r.random() < 0.6 if static is None else static
    return (
        f"_{v}{{}}" if static and v <= 10 or static and v in (16, 32, 64) else (f"Int<{v}>{{}}" if static else str(v))
    )


def _divs(v):
    return [d for d in range(1, v + 1) if v % d == 0]


def generate(seed: int, n: int) -> list[Case]:
    r = random.Random(seed)
    out = []
    for _ in range(n):
        s, leaves, modes = _shape(r)
        size = 1
        for x in leaves:
            size *= x
        I = f"make_identity_layout({s})"
        op = r.choice(
            [
                "ident",
                "tensor",
                "basis_like",
                "eval",
                "eval_crd",
                "slice",
                "compose",
                "compose",
                "divide",
                "divide",
                "coalesce",
                "filter",
                "flatten",
                "select",
                "e_expr",
                "size",
                "get",
                "refused",
            ]
        )
        if op == "ident":
            out.append(Case(op, I, f"print({I});"))
        elif op == "tensor":
            e = f"make_identity_tensor({s})"
            out.append(Case(op, f"layout({e})", f"print({e}.layout());"))
        elif op == "basis_like":
            e = f"make_basis_like({s})"
            out.append(Case(op, e, f"print({e});"))
        elif op == "eval":
            e = f"{I}({_int(r, r.randrange(size))})"
            out.append(Case(op, e, f"print({e});"))
        elif op == "eval_crd":
            e = f"{I}(make_coord(" + ",".join(_int(r, r.randrange(m)) for m in modes) + "))"
            out.append(Case(op, e, f"print({e});"))
        elif op == "slice":
            k = r.randrange(len(modes))
            crd = ",".join("_" if i == k else _int(r, r.randrange(m)) for i, m in enumerate(modes))
            e = f"{I}({crd})"
            out.append(Case(op, e, f"print({e});"))
        elif op == "compose":
            a = r.choice(_divs(size))
            b = r.choice(_divs(size // a)) if r.random() < 0.6 else 1
            d1 = r.choice([1, 1, 2, b]) if size // a >= 2 else 1
            inner = r.choice(
                [
                    f"make_layout({_int(r, a)},{_int(r, d1)})",
                    f"make_layout(make_shape({_int(r, a)},{_int(r, b)}),make_stride({_int(r, b)},{_int(r, 1)}))",
                    f"make_layout(make_shape({_int(r, a)},{_int(r, b)}))",
                ]
            )
            e = r.choice([f"composition({I}, {inner})", f"{I}.compose({inner})"])
            out.append(Case(op, e, f"print({e});"))
        elif op == "divide":
            fn = r.choice(["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"])
            tile = (
                "make_tile("
                + ",".join(_int(r, r.choice(_divs(m)), r.random() < 0.8) for m in modes[: r.randint(1, len(modes))])
                + ")"
            )
            if len(modes) == 1 and r.random() < 0.5:
                tile = f"make_layout({_int(r, r.choice(_divs(modes[0])), True)})"
            e = f"{fn}({I}, {tile})"
            out.append(Case(fn, e, f"print({e});"))
        elif op == "coalesce":
            e = f"coalesce({I})"
            out.append(Case(op, e, f"print({e});"))
        elif op == "filter":
            e = f"filter({I})"
            out.append(Case(op, e, f"print({e});"))
        elif op == "flatten":
            e = f"flatten({I})"
            out.append(Case(op, e, f"print({e});"))
        elif op == "select":
            idx = ",".join(str(r.randrange(len(modes))) for _ in range(r.randint(1, len(modes))))
            e = f"select<{idx}>({I})"
            out.append(Case(op, e, f"print({e});"))
        elif op == "get":
            k = r.randrange(len(modes))
            e = r.choice([f"get<{k}>({I})", f"stride<{k}>({I})", f"stride({I})"])
            out.append(Case(op, e, f"print({e});"))
        elif op == "size":
            e = r.choice([f"size({I})", f"shape({I})", f"rank({I})", f"depth({I})"])
            out.append(Case(op, e, f"print({e});"))
        elif op == "e_expr":

            def E():
                return "E<" + ",".join(str(r.randrange(3)) for _ in range(r.randint(0, 2))) + ">{}"

            e = r.choice(
                [
                    f"{_int(r, r.randint(1, 9))}*{E()}",
                    f"{E()}*{_int(r, r.randint(1, 9))}",
                    E(),
                    f"{E()}+{E()}",
                    f"{_int(r, 2)}*{E()}+{E()}",
                ]
            )
            out.append(Case(op, e, f"print({e});"))
        else:
            fn = r.choice(
                [
                    "complement({I})",
                    "right_inverse({I})",
                    "left_inverse({I})",
                    "cosize({I})",
                    "logical_product({I}, make_layout(_2{{}}))",
                    "coshape({I})",
                    "filter_zeros({I})",
                    "blocked_product({I}, make_layout(_2{{}}))",
                    "max_common_vector({I}, {I})",
                ]
            )
            e = fn.format(I=I)
            out.append(Case("refused", e, f"print({e});"))
    return out


def generate_more(seed: int, n: int) -> list[Case]:
    """A second family: identity tensors tiled as kernels do (local_tile, local_partition), divides then evaluation or
    slicing, composition with tilers and dynamic strides, coshape/cosize/filter_zeros, coalesce with a profile,
    ScaledBasis sums CuTe refuses, and more functions CuTe does not compile on basis strides."""
    r = random.Random(seed)
    out = []
    for _ in range(n):
        s, leaves, modes = _shape(r)
        size = 1
        for x in leaves:
            size *= x
        I = f"make_identity_layout({s})"
        T = f"make_identity_tensor({s})"
        op = r.choice(
            [
                "local_tile",
                "local_partition",
                "divide_eval",
                "divide_slice",
                "compose_tiler",
                "compose_dyn",
                "coshape",
                "cosize",
                "filter_zeros",
                "coalesce_prof",
                "e_bad",
                "refused2",
                "with_shape",
                "append",
                "take",
            ]
        )
        tile = [r.choice(_divs(m)) for m in modes]
        tl = "make_tile(" + ",".join(_int(r, t, r.random() < 0.85) for t in tile) + ")"
        if op == "local_tile":
            crd = "make_coord(" + ",".join(_int(r, r.randrange(m // t)) for m, t in zip(modes, tile)) + ")"
            e = f"local_tile({T}, {tl}, {crd})"
            out.append(Case(op, f"layout({e})", f"print({e}.layout());"))
        elif op == "local_partition":
            thr = [r.choice(_divs(m)) for m in modes]
            nthr = 1
            for t in thr:
                nthr *= t
            tl2 = "make_layout(make_shape(" + ",".join(_int(r, t, True) for t in thr) + "))"
            e = f"local_partition({T}, {tl2}, {_int(r, r.randrange(nthr))})"
            out.append(Case(op, f"layout({e})", f"print({e}.layout());"))
        elif op == "divide_eval":
            fn = r.choice(["zipped_divide", "logical_divide"])
            e = f"{fn}({I}, {tl})({_int(r, r.randrange(size))})"
            out.append(Case(op, e, f"print({e});"))
        elif op == "divide_slice":
            e = f"zipped_divide({I}, {tl})(make_coord(_,{_int(r, r.randrange(max(1, size // _prod(tile))))}))"
            if r.random() < 0.5:
                e = f"zipped_divide({I}, {tl})({_int(r, r.randrange(_prod(tile)))},_)"
            out.append(Case(op, e, f"print({e});"))
        elif op == "compose_tiler":
            e = f"composition({I}, {tl})"
            out.append(Case(op, e, f"print({e});"))
        elif op == "compose_dyn":
            a = r.choice(_divs(size))
            d = r.choice([1, 2, 3, 4]) if size // a >= 4 else 1
            e = f"composition({I}, make_layout({_int(r, a)},{_int(r, d)}))"
            out.append(Case(op, e, f"print({e});"))
        elif op in ("coshape", "cosize", "filter_zeros"):
            e = f"{op}({I})"
            out.append(Case(op, e, f"print({e});"))
        elif op == "coalesce_prof":
            prof = "make_shape(" + ",".join("_1{}" for _ in modes) + ")"
            e = f"coalesce({I}, {prof})"
            out.append(Case(op, e, f"print({e});"))
        elif op == "with_shape":
            e = f"{I}.with_shape(make_shape({_int(r, size)}))"
            out.append(Case(op, e, f"print({e});"))
        elif op == "append":
            e = r.choice([f"append({I}, make_layout(_2{{}},_1{{}}))", f"prepend({I}, make_layout(_2{{}},_0{{}}))"])
            out.append(Case(op, e, f"print({e});"))
        elif op == "take":
            b = r.randrange(len(modes))
            e = f"take<{b},{len(modes)}>({I})"
            out.append(Case(op, e, f"print({e});"))
        elif op == "e_bad":
            e = r.choice(
                [
                    "E<0>{}+_1{}",
                    "_0{}+E<1>{}",
                    "E<0>{}+_0{}",
                    "E<>{}+_2{}",
                    "3+E<0>{}",
                    "E<1>{}*E<0>{}",
                    "E<0>{}+E<0>{}",
                    "E<1,1>{}+E<0>{}",
                    "E<>{}+E<0>{}",
                    "_0{}*E<2>{}",
                    "E<2>{}*0",
                ]
            )
            out.append(Case(op, e, f"print({e});"))
        else:
            fn = r.choice(
                [
                    "upcast<2>({I})",
                    "downcast<2>({I})",
                    "nullspace({I})",
                    "zipped_product({I}, make_layout(_2{{}}))",
                    "raked_product({I}, make_layout(_2{{}}))",
                    "max_common_layout({I}, {I})",
                    "tile_to_shape({I}, make_shape(_64{{}},_64{{}}))",
                    "recast_layout<uint8_t,uint16_t>({I})",
                    "complement({I}, _64{{}})",
                    "logical_divide(make_layout(_8{{}}), {I})",
                    "composition(make_layout(_64{{}}), {I})",
                ]
            )
            e = fn.format(I=I)
            out.append(Case("refused2", e, f"print({e});"))
    return out


def _prod(t):
    p = 1
    for x in t:
        p *= x
    return p


def generate_rhs(seed: int, n: int) -> list[Case]:
    """composition(A, B) where B has ScaledBasis strides (B's stride selects a mode of A): A plain, nested, or itself
    an identity layout; B an identity layout, a divided one, or a composed one; ranks that fit and ranks that do not."""
    r = random.Random(seed)
    out = []
    for _ in range(n):
        s, leaves, modes = _shape(r)
        B = f"make_identity_layout({s})"
        if r.random() < 0.3:
            tile = "make_tile(" + ",".join(_int(r, r.choice(_divs(m)), True) for m in modes) + ")"
            B = f"zipped_divide({B}, {tile})"
        # A: rank and sizes around B's codomain (mode sizes at least B's, sometimes fewer modes)
        amodes = [m * r.choice([1, 1, 2]) for m in modes]
        if r.random() < 0.15:
            amodes = amodes[:-1] or [r.choice([8, 64])]
        kind = r.choice(["col", "row", "ident", "nested", "strided"])
        sh = "make_shape(" + ",".join(_int(r, m) for m in amodes) + ")"
        if kind == "col":
            A = f"make_layout({sh})"
        elif kind == "row":
            A = f"make_layout({sh}, LayoutRight{{}})"
        elif kind == "ident":
            A = f"make_identity_layout({sh})"
        elif kind == "nested":
            A = (
                "make_layout(make_shape("
                + ",".join(f"make_shape({_int(r, 1)},{_int(r, m)})" if r.random() < 0.5 else _int(r, m) for m in amodes)
                + "))"
            )
        else:
            A = f"make_layout({sh}, make_stride(" + ",".join(_int(r, r.choice([1, 2, 3, 8, 0])) for _ in amodes) + "))"
        e = r.choice([f"composition({A}, {B})", f"{A}.compose({B})", f"composition({A}, {B})({_int(r, 0)})"])
        out.append(Case("compose_rhs_" + kind, e, f"print({e});"))
    return out


def generate_strides(seed: int, n: int) -> list[Case]:
    """Layouts written with ScaledBasis strides (make_stride(_2{}*E<0>{}, E<1,0>{}, 3*E<1>{}, _4{}, ...)), in C++ and
    in CuTe's print syntax (_2@0): coalesce / filter merging bases, evaluation, composition with a plain layout on
    the right, divides, slicing."""
    r = random.Random(seed)
    out = []
    for _ in range(n):
        rank = r.randint(1, 4)
        shp = [r.choice([1, 2, 2, 3, 4, 4, 8]) for _ in range(rank)]
        shp_s = [r.random() < 0.8 for _ in range(rank)]
        path = [r.choice([(0,), (0,), (1,), (2,), (1, 0), (0, 1), ()]) for _ in range(rank)]
        # values: often the running product along one path (mergeable), sometimes anything
        vals, run = [], {}
        for k in range(rank):
            p = path[k]
            v = run.get(p, 1) if r.random() < 0.6 else r.choice([1, 2, 3, 4, 0])
            run[p] = v * shp[k] if v else 1
            vals.append(v)
        val_s = [r.random() < 0.8 for _ in range(rank)]

        def cpp_stride(k):
            E = "E<" + ",".join(map(str, path[k])) + ">{}"
            if not path[k] and r.random() < 0.5:
                return _int(r, vals[k], val_s[k])  # a plain integer stride beside the bases
            return E if vals[k] == 1 and val_s[k] and r.random() < 0.5 else f"{_int(r, vals[k], val_s[k])}*{E}"

        sh = "make_shape(" + ",".join(_int(r, x, s) for x, s in zip(shp, shp_s)) + ")"
        L = f"make_layout({sh}, make_stride(" + ",".join(cpp_stride(k) for k in range(rank)) + "))"
        size = 1
        for x in shp:
            size *= x
        op = r.choice(["print", "coalesce", "coalesce", "filter", "eval", "compose", "divide", "slice", "size"])
        if op == "print":
            e = L
        elif op in ("coalesce", "filter"):
            e = f"{op}({L})"
        elif op == "eval":
            e = f"{L}({_int(r, r.randrange(size))})"
        elif op == "compose":
            a = r.choice(_divs(size))
            d = r.choice(_divs(size // a)) if size // a > 1 else 1
            e = f"composition({L}, make_layout({_int(r, a, True)},{_int(r, d, r.random() < 0.8)}))"
        elif op == "divide":
            e = f"logical_divide({L}, make_layout({_int(r, r.choice(_divs(size)), True)}))"
        elif op == "slice":
            k = r.randrange(rank)
            e = f"{L}(" + ",".join("_" if i == k else _int(r, r.randrange(shp[i])) for i in range(rank)) + ")"
        else:
            e = f"size({L})"
        out.append(Case("strides_" + op, e, f"print({e});"))
    return out
