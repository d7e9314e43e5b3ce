"""Seeded cases over ScaledBasis strides: make_identity_layout / make_identity_tensor / make_basis_like, E<i...>{},
and the layout algebra on identity layouts (evaluation, slicing, composition, divides, coalesce, ...), spelled in C++.

Real CuTe compiles each case inside ``print(...)`` (a tensor prints its ``.layout()``); cutedump evaluates the same
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
    return f"_{v}{{}}" if static and v <= 10 or static and v in (16, 32, 64) else (f"Int<{v}>{{}}" if static else str(v))


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
        op = r.choice(["ident", "tensor", "basis_like", "eval", "eval_crd", "slice", "compose", "compose", "divide",
                       "divide", "coalesce", "filter", "flatten", "select", "e_expr", "size", "get", "refused"])
        if op == "ident":
            out.append(Case(op, I, f"print({I});"))
        elif op == "tensor":
            e = f"make_identity_tensor({s})"
            out.append(Case(op, e, f"print({e}.layout());"))
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
            inner = r.choice([f"make_layout({_int(r, a)},{_int(r, d1)})",
                              f"make_layout(make_shape({_int(r, a)},{_int(r, b)}),make_stride({_int(r, b)},{_int(r, 1)}))",
                              f"make_layout(make_shape({_int(r, a)},{_int(r, b)}))"])
            e = r.choice([f"composition({I}, {inner})", f"{I}.compose({inner})"])
            out.append(Case(op, e, f"print({e});"))
        elif op == "divide":
            fn = r.choice(["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"])
            tile = "make_tile(" + ",".join(_int(r, r.choice(_divs(m)), r.random() < 0.8)
                                           for m in modes[:r.randint(1, len(modes))]) + ")"
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
            e = r.choice([f"{_int(r, r.randint(1, 9))}*{E()}", f"{E()}*{_int(r, r.randint(1, 9))}", E(),
                          f"{E()}+{E()}", f"{_int(r, 2)}*{E()}+{E()}"])
            out.append(Case(op, e, f"print({e});"))
        else:
            fn = r.choice(["complement({I})", "right_inverse({I})", "left_inverse({I})", "cosize({I})",
                           "logical_product({I}, make_layout(_2{{}}))", "coshape({I})", "filter_zeros({I})",
                           "blocked_product({I}, make_layout(_2{{}}))", "max_common_vector({I}, {I})"])
            e = fn.format(I=I)
            out.append(Case("refused", e, f"print({e});"))
    return out
