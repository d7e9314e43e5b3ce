"""Seeded cases spelled as CUDA kernels spell them in C++: the corpus of ``tests/test_oracle_cpp.py``.

Each case is one C++ expression. Real CuTe compiles it literally inside ``print(...)``; cutedump evaluates the very
same text (``cutedump eval`` reads C++ spelling), and the two prints must be equal. A case CuTe refuses to compile
must be refused by cutedump too (no silent answers).

The expressions are gen_algebra's (every operation, static and dynamic integers, nested shapes, zero and negative
strides, swizzles, nested calls), re-spelled at random with every C++ form the parser reads:

- static integers ``Int<8>{}``, ``_8{}`` (CuTe's aliases only), ``C<8>{}``, ``cute::Int<8>{}``, ``_m4{}``;
  dynamic ones ``8`` and ``int(8)``;
- int tuples ``make_shape/make_stride/make_coord/make_step/make_tile(...)`` or, all static, their types
  ``Shape<_8,Int<11>>{}``, ``Stride<...>{}``, ``Step<...>{}``;
- layouts ``make_layout(shape, stride)``, ``make_layout(shape)``, ``make_layout(shape, LayoutRight{})`` (when that is
  the same stride), ``Layout<Shape<...>,Stride<...>>{}`` and ``Layout<Shape<...>>{}``;
- ``Swizzle<B,M,S>{}``, ``composition(Swizzle<...>{}, _0{}, L)``, ``_``/``Underscore{}``/``cute::_``, tags
  ``LayoutLeft{}``, ``GenRowMajor{}``; ``cute::`` before any function; Layout members (``L.shape<1>()``,
  ``L.compose(...)``, ``L.with_shape(...)``, ``L.tile(...)``);

plus hand-written families for the functions added with the C++ spelling (inner_product, elem_scale,
make_fragment_like, repeat, evenly_divides, int-tuple coalesce / filter_zeros, members) and the inputs CuTe refuses.
"""

from __future__ import annotations

import random

from tests.oracle import gen_algebra as G
from tests.oracle.gen_algebra import UNDER, Case, Comp, Lay, S, Sw

# CuTe's static-integer aliases (integral_constant.hpp)
ALIASES = {
    *range(-10, 11),
    12,
    16,
    24,
    -12,
    -16,
    -24,
    -32,
    *range(32, 257, 8),
    384,
    512,
    768,
    1024,
    2048,
    4096,
    8192,
    16384,
    32768,
    65536,
    131072,
    262144,
    524288,
}
FUNCS = sorted(
    {
        "make_layout",
        "make_shape",
        "make_stride",
        "make_coord",
        "make_tile",
        "make_step",
        "composition",
        "complement",
        "coalesce",
        "filter",
        "size",
        "rank",
        "depth",
        "cosize",
        "shape",
        "stride",
        "get",
        "select",
        "take",
        "flatten",
        "append",
        "prepend",
        "logical_divide",
        "zipped_divide",
        "tiled_divide",
        "flat_divide",
        "logical_product",
        "zipped_product",
        "tiled_product",
        "flat_product",
        "blocked_product",
        "raked_product",
        "tile_to_shape",
        "upcast",
        "downcast",
        "recast_layout",
        "right_inverse",
        "left_inverse",
        "max_common_vector",
        "max_common_layout",
        "idx2crd",
        "crd2idx",
        "zip",
        "congruent",
        "weakly_congruent",
        "compatible",
        "make_ordered_layout",
        "filter_zeros",
        "coshape",
        "nullspace",
        "make_layout_like",
        "unflatten",
        "slice",
        "dice",
        "product",
        "ceil_div",
        "shape_div",
        "inner_product",
        "elem_scale",
        "repeat",
        "repeat_like",
        "make_fragment_like",
        "evenly_divides",
    },
    key=len,
    reverse=True,
)


def _static(r: random.Random, v: int, typ: bool = False) -> str:
    """A static integer as a value (``Int<8>{}``) or, typ=True, as a type (``Int<8>``)."""
    forms = ["Int<{v}>", "cute::Int<{v}>", "C<{v}>"]
    if v in ALIASES:
        forms += ["_{a}", "_{a}", "cute::_{a}"]
    f = r.choice(forms).format(v=v, a=(v if v >= 0 else f"m{-v}"))
    return f if typ else f + "{}"


def _all_static(x) -> bool:
    if isinstance(x, tuple):
        return all(_all_static(e) for e in x)
    return isinstance(x, S)


def _type(r, x, tuple_name="Shape") -> str:
    if isinstance(x, tuple):
        return f"{tuple_name}<" + ",".join(_type(r, e, tuple_name) for e in x) + ">"
    return _static(r, int(x), typ=True)


def _compact(shape, left=True):
    """Compact strides of a shape (values only; None when the shape has dynamic or zero sizes)."""
    leaves = G.leaves(shape)
    out, cur = [], 1
    for s in leaves if left else reversed(leaves):
        out.append(cur)
        cur *= int(s)
    if not left:
        out.reverse()
    it = iter(out)

    def go(t):
        return tuple(go(e) for e in t) if isinstance(t, tuple) else next(it)

    return go(shape)


def _values(t):
    return tuple(_values(e) for e in t) if isinstance(t, tuple) else int(t)


def make_cx(r: random.Random):
    """A replacement for gen_algebra.cx that spells each object in a random C++ form of the same value."""

    def cx(x, maker="make_shape") -> str:
        if isinstance(x, tuple):
            if x and _all_static(x) and maker in ("make_shape", "make_stride", "make_step") and r.random() < 0.3:
                name = {"make_shape": "Shape", "make_stride": "Stride", "make_step": "Step"}[maker]
                return _type(r, x, name) + "{}"
            m = maker if r.random() < 0.8 else "cute::" + maker
            return f"{m}(" + ", ".join(cx(e, maker) for e in x) + ")"
        if isinstance(x, S):
            return _static(r, int(x))
        if isinstance(x, bool):
            raise TypeError(x)
        if isinstance(x, int):
            return f"int({int(x)})" if r.random() < 0.1 else str(int(x))
        if isinstance(x, Lay):
            shp, std = x.shape, x.stride
            u = r.random()
            if _all_static(shp) and _all_static(std):
                if u < 0.25:
                    return f"Layout<{_type(r, shp)},{_type(r, std, 'Stride')}>{{}}"
                if u < 0.35 and _values(std) == _compact(shp) and isinstance(shp, tuple):
                    return f"Layout<{_type(r, shp)}>{{}}"
            if u > 0.9 and isinstance(shp, tuple) and _values(std) == _compact(shp):
                return f"make_layout({cx(shp, 'make_shape')})"  # CuTe computes the compact stride
            if u > 0.9 and isinstance(shp, tuple) and _values(std) == _compact(shp, left=False):
                tag = r.choice(["LayoutRight{}", "GenRowMajor{}", "cute::LayoutRight{}"])
                return f"make_layout({cx(shp, 'make_shape')}, {tag})"
            return f"make_layout({cx(shp, 'make_shape')}, {cx(std, 'make_stride')})"
        if isinstance(x, Sw):
            return f"{r.choice(['Swizzle', 'cute::Swizzle'])}<{x.b},{x.m},{x.s}>{{}}"
        if isinstance(x, Comp):
            if x.flag_bits is not None:  # no cutedump spelling: the case is dropped (generate)
                return f"composition({cx(x.sw)}, smem_ptr_flag_bits<{x.flag_bits}>{{}}, {cx(x.layout)})"
            return f"composition({cx(x.sw)}, {_static(r, 0)}, {cx(x.layout)})"
        if x is UNDER:
            return r.choice(["_", "_", "cute::_", "Underscore{}"])
        raise TypeError(x)

    return cx


def _namespaces(r: random.Random, e: str) -> str:
    """``cute::`` before some function names (never twice)."""
    import re

    pat = re.compile(r"(?<![A-Za-z0-9_:])(" + "|".join(FUNCS) + r")(?=[<(])")
    return pat.sub(lambda m: ("cute::" if r.random() < 0.25 else "") + m.group(1), e)


def _extras(r: random.Random, g: G.Gen) -> list[Case]:
    """Hand-written families for the functions and forms added with the C++ spelling."""
    out, refused = [], []
    cx = make_cx(r)

    def add(op, e):
        (refused if op == "refused" else out).append(Case(op, e, f"print({e});"))

    for _ in range(20):
        g.new_mix()
        a = g.shape(max_depth=2, max_rank=3, top_tuple=True)
        b = G._map2(a, a, lambda x, y: g.mk(r.randint(-4, 6)))
        add("inner_product", f"inner_product({cx(a)}, {cx(b)})")
        add("elem_scale", f"elem_scale({cx(a)}, {cx(b)})")
        add("coalesce_shape", f"coalesce({cx(a)})")
        add("filter_zeros_shape", f"filter_zeros({cx(b)}, {cx(a)})")
        add("filter_zeros_shape", f"filter_zeros({cx(b)})")
        add("repeat", f"repeat<{r.randint(1, 4)}>({cx(a)})")
        add("repeat_like", f"repeat_like({cx(a)}, {cx(g.mk(r.randint(0, 3)))})")
        add("compact_major", f"{r.choice(['compact_col_major', 'compact_row_major'])}({cx(a)})")
        t = G._map2(a, a, lambda x, y: g.mk(r.choice([1, 2, 4])))
        add("evenly_divides", f"evenly_divides({cx(a)}, {cx(t)})")
        L = g.layout()
        add("make_fragment_like", f"make_fragment_like({cx(L)})")
        add("make_fragment_like", f"make_fragment_like({cx(a)})")
        add("members", f"{cx(L)}.shape()")
        add("members", f"{cx(L)}.stride()")
        if isinstance(L.shape, tuple):
            i = r.randrange(len(L.shape))
            add("members", f"{cx(L)}.shape<{i}>()")
            add("members", f"{cx(L)}.stride<{i}>()")
        add("members", f"{cx(L)}.layout()")
        add("append_tuple", f"append({cx(L)}, {cx(a)})")
        add("append_tuple", f"prepend({cx(L)}, {cx(g.mk(r.randint(1, 4)))})")
        n = r.randint(1, 3)
        add("int_scalar", f"right_inverse({cx(g.mk(r.randint(-8, 8)))})")
        add("int_scalar", f"upcast<{2**n}>({cx(g.mk(2**n * r.randint(0, 8)))})")
        add("int_scalar", f"downcast<{2**n}>({cx(g.mk(r.randint(0, 64)))})")
        add("int_scalar", f"int({cx(g.mk(r.randint(-9, 99)))})")
        add(
            "types",
            f"make_layout({cx(a)}, {r.choice(['LayoutLeft{}', 'LayoutRight{}', 'GenColMajor{}', 'GenRowMajor{}'])})",
        )
    for _ in range(30):  # layouts and their members over compositions
        g.new_mix()
        A = g.injective(static_strides=True, max_size=256)
        B = G._rhs_layout(g, A)
        if B is not None and G.compose_ok(A, B, strict=True):
            add("members", f"{cx(A)}.compose({cx(B)})")
        T = G._tiler_for(g, A)
        if T is not None and G.divide_ok(A, T, strict=True):
            if isinstance(T, tuple) and len(T) > 1:
                add("members", f"{cx(A)}.tile({', '.join(G.ctile(e) for e in T)})")
            else:
                add("members", f"{cx(A)}.tile({G.ctile(T)})")
    # refused by CuTe (cutedump must refuse): int tuples where only Layout overloads exist, dynamic static-only args
    for _ in range(4):
        g.new_mix()
        a = g.shape(max_depth=1, max_rank=3, top_tuple=True)
        for f in (
            "cosize",
            "stride",
            "filter",
            "complement",
            "right_inverse",
            "coshape",
            "nullspace",
            "make_layout_like",
            "layout",
        ):
            add("refused", f"{f}({cx(a)})")
        for f in ("composition", "logical_divide", "zipped_product", "max_common_vector", "blocked_product"):
            add("refused", f"{f}({cx(a)}, {cx(a)})")
        add("refused", f"upcast<2>({cx(a)})")
        add("refused", f"coalesce({cx(a)}, {cx(a)})")
    blk = Lay((3, S(1)), (S(1), S(3)))
    add("refused", f"tile_to_shape({cx(blk)}, make_shape(Int<6>{{}}, Int<2>{{}}))")

    # local_tile / local_partition: CuTe's take a tensor; cutedump's take its layout (CuTe prints .layout())
    def tensor(lt):
        return f"make_tensor(make_gmem_ptr((float*)0), {lt})"

    for _ in range(60):
        g.new_mix()
        L = g.layout(allow_zero=False)
        T = G._tiler_for(g, L)
        if T is None or not G.divide_ok(L, T, strict=True):
            continue
        rk = len(T) if isinstance(T, tuple) else 1
        crd = (
            tuple(r.choice([UNDER, g.mk(r.randint(0, 3))]) for _ in range(r.randint(1, rk)))
            if rk > 1 or r.random() < 0.5
            else g.mk(r.randint(0, 3))
        )
        lt, tl, cc = cx(L), G.ctile(T), G.ccoord(crd) if isinstance(crd, tuple) else cx(crd)
        out.append(
            Case(
                "local_tile", f"local_tile({lt}, {tl}, {cc})", f"print(local_tile({tensor(lt)}, {tl}, {cc}).layout());"
            )
        )
    for _ in range(60):
        g.new_mix()
        rk = r.randint(1, 3)
        thr = tuple(S(r.choice([1, 2, 4, 8])) for _ in range(rk))
        shp = tuple(g.mk(int(t) * r.choice([1, 2, 4])) for t in thr)
        L = Lay(shp, _compact(shp, left=r.random() < 0.5)) if r.random() < 0.7 else g.layout(allow_zero=False)
        if not isinstance(L.shape, tuple) or len(L.shape) < rk:
            L = Lay(shp, _compact(shp))
        tile = Lay(thr, _compact(thr, left=r.random() < 0.5))
        tile = Lay(thr, G._map2(thr, tile.stride, lambda a, b: S(b)))
        idx = g.mk(r.randrange(max(1, G.prod(thr))))
        extra = ""
        if rk >= 2 and r.random() < 0.3:
            proj = tuple(r.choice([S(1), UNDER]) for _ in range(rk))
            extra = ", Step<" + ",".join("_1" if p is not UNDER else "X" for p in proj) + ">{}"
        lt, tt, it_ = cx(L), cx(tile), cx(idx)
        out.append(
            Case(
                "local_partition",
                f"local_partition({lt}, {tt}, {it_}{extra})",
                f"print(local_partition({tensor(lt)}, {tt}, {it_}{extra}).layout());",
            )
        )
    # integer literals as C++ reads them: octal, hexadecimal; 08 and _08 do not compile
    for e in (
        "make_shape(016, 0x10, -07, 0)",
        "Int<010>{}",
        "make_layout(make_shape(Int<0x8>{}, 012))",
        "make_shape(0X1f, 00)",
        "size(make_shape(017, Int<0x3>{}))",
        "C<-0x10>{}",
    ):
        add("literals", e)
    for e in (
        "make_shape(08, 4)",
        "_08{}",
        "Int<09>{}",
        "make_shape(_016{})",
        "_11{}",
        "Shape<_11>{}",
        "Int<_8>{}",
        "Shape<8>{}",
        "make_layout(_8{}).bogus()",
    ):
        add("refused", e)
    # integer arithmetic (integral_constant.hpp: static op static is static, _0 * x is _0, C++ truncation)
    for _ in range(50):
        g.new_mix()
        L = g.layout()
        terms = [cx(g.mk(r.randint(-9, 40))), f"size({cx(L)})", f"rank({cx(L)})", cx(g.mk(r.choice([0, 1, -1])))]
        e = r.choice(terms)
        for _k in range(r.randint(1, 3)):
            op = r.choice(["+", "-", "*", "/", "%", " -"])
            rhs = r.choice(terms)
            if op in "/%":
                rhs = cx(g.mk(r.choice([1, 2, 3, -2, 5])))
            e = f"{e} {op} {rhs}" if op != " -" else f"{e} -{r.randint(0, 9)}"
        add("arith", e if r.random() < 0.7 else f"make_shape({e}, -{cx(g.mk(r.randint(1, 4)))})")
    # value-initialization with parentheses, C++'s other spelling of {}
    for e in (
        "Int<8>()",
        "_8()",
        "Shape<_8,_4>()",
        "make_layout(make_shape(_8(), 4), LayoutRight())",
        "Swizzle<1,2,3>()(5)",
        "composition(Swizzle<2,3,3>(), Layout<Shape<_8,_8>,Stride<_8,_1>>())",
        "make_layout(Shape<_4,C<3>>(), GenRowMajor())",
        "cute::C<12>() * Int<2>()",
        "Step<_1,X>()",
    ):
        add("parens", e)
    return out + refused  # the refusals last: only the last batches need CuTe's pruning rounds


def generate(seed: int = 20261123, n: int = 1500, nested: int = 150) -> list[Case]:
    """gen_algebra's cases (seed, n, nested) re-spelled in C++, then the hand-written families; deterministic."""
    r = random.Random(seed * 31 + 7)
    orig = G.cx
    G.cx = make_cx(r)
    try:
        cases = G.generate(seed, n, nested)
    finally:
        G.cx = orig
    out = []
    for c in cases:
        body = c.cpp.strip()
        if not (body.startswith("print(") and body.endswith(");")) or "smem_ptr" in body:
            continue
        e = _namespaces(r, body[len("print(") : -2])
        out.append(Case(c.op, e, f"print({e});"))
    out += _extras(r, G.Gen(seed + 2))
    return G.unique(out)


if __name__ == "__main__":  # pragma: no cover - quick look
    import collections
    import sys

    cs = generate(int(sys.argv[1]) if len(sys.argv) > 1 else 20261123)
    print(len(cs), collections.Counter(c.op for c in cs).most_common())
    for c in random.Random(0).sample(cs, 25):
        print(c.op, "|", c.expr)
