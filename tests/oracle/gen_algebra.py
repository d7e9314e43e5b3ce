"""Seeded random cases for the layout-algebra differential harness.

Each case pairs a ``cutedump eval`` expression with a C++ statement that prints real CuTe's result::

    Case(op="composition",
         expr="composition((_4,8):(_1,_4), _2:_2)",
         cpp="print(composition(make_layout(make_shape(Int<4>{}, 8), make_stride(Int<1>{}, Int<4>{})), "
             "make_layout(Int<2>{}, Int<2>{})));")

``generate(seed, n)`` returns at least ``n`` valid cases covering every operation of issue 2. Inputs are
random but seeded; static (``_8`` / ``Int<8>{}``) and dynamic (``8`` / ``int``) integers are mixed, shapes
are nested to depth 3, strides include zeros, gaps and permutations, and swizzled layouts appear wherever
CuTe accepts them.

Operations with preconditions (composition's divisibility conditions, injectivity for complement, static
strides for complement / left_inverse, tile_to_shape divisibility, upcast divisibility, ...) are checked in
Python on the *values* first, with the strong form of every condition, so that neither a static_assert
fires nor a dynamic value silently produces an unspecified result. The harness additionally prunes any
case that still fails to compile (see ``test_oracle_algebra.py``).

``rejected_cases()`` lists inputs that CuTe rejects statically (a static_assert or a hard error); they
are never compiled, they check that ``cutedump`` raises ``CuteDumpError``.
"""

from __future__ import annotations

import math
import os
import random
import re
from dataclasses import dataclass

# ---------------------------------------------------------------------------------------------------
# Model: static ints, dynamic ints, tuples, layouts, swizzles
# ---------------------------------------------------------------------------------------------------


class S(int):
    """A static integer (CuTe ``Int<N>``, printed ``_N``). A plain ``int`` is dynamic."""

    def __repr__(self):
        return f"_{int(self)}"


@dataclass(frozen=True)
class Lay:
    shape: object
    stride: object


@dataclass(frozen=True)
class Sw:
    b: int
    m: int
    s: int


@dataclass(frozen=True)
class Comp:
    """``Sw<b,m,s> o _0 o layout`` (offset 0)."""

    sw: Sw
    layout: Lay
    flag_bits: int | None = None  # C++ offset smem_ptr_flag_bits<B> instead of Int<0>


class _Under:
    pass


UNDER = _Under()


@dataclass
class Case:
    op: str
    expr: str
    cpp: str


def unique(cases: list) -> list:
    """The cases with the first of each expression kept, in order."""
    seen, out = set(), []
    for c in cases:
        if c.expr not in seen:
            seen.add(c.expr)
            out.append(c)
    return out


def lit(x) -> str:
    """cutedump literal (CuTe print syntax)."""
    if isinstance(x, tuple):
        return "(" + ",".join(lit(e) for e in x) + ")"
    if isinstance(x, S):
        return f"_{int(x)}"
    if isinstance(x, bool):
        raise TypeError(x)
    if isinstance(x, int):
        return str(x)
    if isinstance(x, Lay):
        return f"{lit(x.shape)}:{lit(x.stride)}"
    if isinstance(x, Sw):
        return f"Sw<{x.b},{x.m},{x.s}>"
    if isinstance(x, Comp):
        return f"{lit(x.sw)} o _0 o {lit(x.layout)}"
    if x is UNDER:
        return "_"
    raise TypeError(x)


def cx(x, maker="make_shape") -> str:
    """C++ expression building the same object."""
    if isinstance(x, tuple):
        return f"{maker}(" + ", ".join(cx(e, maker) for e in x) + ")"
    if isinstance(x, S):
        return f"Int<{int(x)}>{{}}"
    if isinstance(x, int):
        return str(int(x))
    if isinstance(x, Lay):
        return f"make_layout({cx(x.shape, 'make_shape')}, {cx(x.stride, 'make_stride')})"
    if isinstance(x, Sw):
        return f"Swizzle<{x.b},{x.m},{x.s}>{{}}"
    if isinstance(x, Comp):
        off = "Int<0>{}" if x.flag_bits is None else f"smem_ptr_flag_bits<{x.flag_bits}>{{}}"
        return f"composition({cx(x.sw)}, {off}, {cx(x.layout)})"
    if x is UNDER:
        return "_"
    raise TypeError(x)


def ctile(t) -> str:
    """C++ for a tiler: a layout, an int, ``_`` or a tuple of those (make_tile)."""
    if isinstance(t, tuple):
        return "make_tile(" + ", ".join(ctile(e) for e in t) + ")"
    return cx(t)


def ccoord(c) -> str:
    return cx(c, "make_coord")


# ---------------------------------------------------------------------------------------------------
# Value helpers (plain integer arithmetic; static flags only where CuTe's behaviour depends on them)
# ---------------------------------------------------------------------------------------------------


def leaves(t) -> list:
    if isinstance(t, tuple):
        out = []
        for e in t:
            out.extend(leaves(e))
        return out
    return [t]


def prod(t) -> int:
    return math.prod(int(v) for v in leaves(t))


def modes(L: Lay) -> list[tuple]:
    return list(zip(leaves(L.shape), leaves(L.stride)))


def rank(t) -> int:
    return len(t) if isinstance(t, tuple) else 1


def depth(t) -> int:
    return 1 + max((depth(e) for e in t), default=0) if isinstance(t, tuple) else 0


def mode_of(L: Lay, i: int) -> Lay:
    if isinstance(L.shape, tuple):
        return Lay(L.shape[i], L.stride[i])
    assert i == 0
    return L


def veval(L: Lay, i: int) -> int:
    out = 0
    ms = modes(L)
    for k, (s, d) in enumerate(ms):
        s = int(s)
        if k == len(ms) - 1:
            c = i
        else:
            c, i = i % s, i // s
        out += c * int(d)
    return out


def vcosize(L: Lay) -> int:
    return sum((int(s) - 1) * abs(int(d)) for s, d in modes(L)) + 1


def vcoalesce(ms) -> list[tuple[int, int]]:
    out: list[list[int]] = []
    for s, d in ms:
        s, d = int(s), int(d)
        if s == 1:
            continue
        if out and out[-1][0] * out[-1][1] == d:
            out[-1][0] *= s
        else:
            out.append([s, d])
    return [tuple(m) for m in out] or [(1, 0)]


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def compose_ok(lhs: Lay, rhs, strict: bool = False) -> bool:
    """Strong form of CuTe's composition conditions for every leaf of rhs, checked against lhs both fully
    coalesced and as CuTe's coalesce_x may leave it (dynamic 1s kept, the last mode always kept).
    ``strict`` also requires shape/stride divisibility both ways, the condition under which
    composition(A, B)(i) == A(B(i)) holds exactly (CuTe accepts ``rest_stride < shape`` as well)."""
    ms = modes(lhs)
    flat = [(s, d) for k, (s, d) in enumerate(ms) if k == len(ms) - 1 or not (isinstance(s, S) and s == 1)]
    variants = [vcoalesce(ms) + [(1, 0)], flat]
    for n, d in modes(rhs):
        if int(d) == 0:
            if not isinstance(d, S):
                return False  # dynamic zero stride: CuTe divides by it
            continue
        if int(d) < 0 or int(n) < 1:
            return False
        for lm in variants:
            if not _compose_leaf_ok(lm, int(n), int(d), strict):
                return False
    return True


def _compose_leaf_ok(lhs_modes, n: int, d: int, strict: bool = False) -> bool:
    if len(lhs_modes) <= 1:
        return True
    rest_shape, rest_stride = n, d
    for a, _ in lhs_modes[:-1]:
        a = int(a)
        if not (rest_stride % a == 0 or rest_stride < a):
            return False
        if strict and not (rest_stride % a == 0 or a % rest_stride == 0):
            return False
        next_shape = ceil_div(a, rest_stride)
        next_stride = ceil_div(rest_stride, a)
        if rest_shape == 1:
            rest_stride = next_stride
            continue
        new_shape = min(next_shape, rest_shape)
        if rest_shape % new_shape:
            return False
        rest_shape //= new_shape
        rest_stride = next_stride
    return True


def complement_modes(L: Lay, cot: int | None = None):
    """Value complement following CuTe 4.2, or None where CuTe's conditions do not hold exactly."""
    ms = [(int(s), int(d)) for s, d in modes(L) if int(d) != 0 and int(s) != 1]
    if any(d < 0 for _, d in ms):
        return None
    if cot is None:
        cot = vcosize(Lay(tuple(s for s, _ in ms), tuple(d for _, d in ms))) if ms else 1
    if not ms:
        return [(cot, 1)]
    ms.sort(key=lambda m: m[1])
    shapes, strides = [], [1]
    cur = 1
    for s, d in ms:
        if d < cur or d % cur:
            return None
        shapes.append(d // cur)
        cur = d * s
        strides.append(cur)
    rest = ceil_div(cot, cur)
    shapes.append(rest)
    return list(zip(shapes, strides))


def complement_ok(L: Lay, cot=None) -> bool:
    """complement(L[, cot]) compiles and is exact: injective ordered strides; static strides if rank>1."""
    ms = [(s, d) for s, d in modes(L) if not (isinstance(d, S) and d == 0) and not (isinstance(s, S) and s == 1)]
    if any(int(d) == 0 for _, d in ms):
        return False  # dynamic zero stride survives filter
    if len(ms) > 1 and not all(isinstance(d, S) for _, d in ms):
        return False
    if any(int(d) < 0 for _, d in ms):
        return False
    cm = complement_modes(L, cot)
    if cm is None:
        return False
    return True


# ---------------------------------------------------------------------------------------------------
# Random objects
# ---------------------------------------------------------------------------------------------------


class Gen:
    def __init__(self, seed: int):
        self.r = random.Random(seed)
        self.p_static = 1.0

    # integers -------------------------------------------------------------------------------------
    def mk(self, v: int, force: bool | None = None):
        st = (self.r.random() < self.p_static) if force is None else force
        return S(v) if st else int(v)

    def new_mix(self):
        self.p_static = self.r.choice([1.0, 1.0, 0.0, 0.5, 0.5, 0.8])

    def val(self, small=False):
        vals = [1, 2, 2, 2, 3, 4, 4, 4, 6, 8, 8, 16] if not small else [1, 2, 2, 3, 4, 4]
        return self.r.choice(vals)

    # shapes ---------------------------------------------------------------------------------------
    def shape(self, max_depth=2, max_rank=3, pow2=False, nonunit=False, max_size=4096, top_tuple=None):
        for _ in range(50):
            s = self._shape(max_depth, max_rank, pow2, nonunit, 0, top_tuple)
            if prod(s) <= max_size:
                return s
        return S(4)

    def _shape(self, max_depth, max_rank, pow2, nonunit, level, top_tuple=None):
        r = self.r
        as_tuple = (
            top_tuple
            if (level == 0 and top_tuple is not None)
            else (level < max_depth and r.random() < (0.75 if level == 0 else 0.3))
        )
        if not as_tuple:
            while True:
                v = r.choice([1, 2, 2, 4, 4, 8, 8, 16]) if pow2 else self.val()
                if not (nonunit and v == 1):
                    return self.mk(v)
        n = r.choice([1, 2, 2, 2, 3, 3]) if level else r.choice([1, 2, 2, 2, 3, 3, 4])
        n = min(n, max_rank)
        if level and n == 1 and r.random() < 0.7:
            n = 2
        return tuple(self._shape(max_depth, max_rank, pow2, nonunit, level + 1) for _ in range(n))

    # strides --------------------------------------------------------------------------------------
    def like(self, shape, vals, static=None):
        it = iter(vals)

        def go(s):
            if isinstance(s, tuple):
                return tuple(go(e) for e in s)
            return self.mk(next(it), static)

        return go(shape)

    def compact_strides(self, shape, order=None, gaps=False):
        ls = [int(v) for v in leaves(shape)]
        n = len(ls)
        order = list(range(n)) if order is None else order
        out = [0] * n
        cur = 1
        for i in order:
            if gaps and self.r.random() < 0.3:
                cur *= self.r.choice([2, 4])
            out[i] = cur
            cur *= ls[i]
        return out

    def stride_for(self, shape, kind=None, static=None, allow_zero=True):
        r = self.r
        n = len(leaves(shape))
        kind = kind or r.choice(
            ["col", "col", "row", "perm", "perm", "gap", "rand", "zero"]
            if allow_zero
            else ["col", "col", "row", "perm", "perm", "gap"]
        )
        if kind == "col":
            vals = self.compact_strides(shape)
        elif kind == "row":
            vals = self.compact_strides(shape, list(range(n))[::-1])
        elif kind in ("perm", "gap"):
            order = list(range(n))
            r.shuffle(order)
            vals = self.compact_strides(shape, order, gaps=(kind == "gap"))
        elif kind == "rand":
            vals = [r.choice([0, 1, 1, 2, 3, 4, 8, 16, 32]) for _ in range(n)]
        else:  # compact with some zero strides
            vals = self.compact_strides(shape)
            vals = [0 if r.random() < 0.35 else v for v in vals]
        return self.like(shape, vals, static)

    def layout(self, kind=None, static_strides=None, allow_zero=True, **kw) -> Lay:
        s = self.shape(**kw)
        d = self.stride_for(s, kind, static=static_strides, allow_zero=allow_zero)
        if static_strides is None and allow_zero:
            # a dynamic zero stride is legal for most ops; keep them, but make most zeros static
            d = _map2(s, d, lambda a, b: S(0) if (int(b) == 0 and self.r.random() < 0.6) else b)
        return Lay(s, d)

    def injective(self, static_strides=True, **kw) -> Lay:
        s = self.shape(**kw)
        return Lay(s, self.stride_for(s, self.r.choice(["col", "row", "perm", "gap"]), static=static_strides))

    def swizzle(self) -> Sw:
        r = self.r
        b = r.choice([0, 1, 2, 2, 3, 3])
        m = r.choice([0, 1, 2, 3, 4])
        s = r.choice([b, b, b + 1, 3, -max(b, 1)] if b else [0, 1, 2, 3])
        if abs(s) < b:
            s = b
        return Sw(b, m, s)


def static_ones(L: Lay) -> Lay:
    """Make size-1 modes static: CuTe's coalesce cannot see through a dynamic 1 and then reports a
    non-injective layout in complement (or divides by it)."""
    return Lay(_map2(L.shape, L.shape, lambda a, b: S(1) if int(a) == 1 else a), L.stride)


def _map2(a, b, f):
    if isinstance(a, tuple):
        return tuple(_map2(x, y, f) for x, y in zip(a, b))
    return f(a, b)


def idx_paths(shape, prefix=()):
    """All template-index paths into a shape (get<i,j>)."""
    out = []
    if isinstance(shape, tuple):
        for i, e in enumerate(shape):
            out.append(prefix + (i,))
            out.extend(idx_paths(e, prefix + (i,)))
    return out


def targ(path) -> str:
    return "<" + ",".join(str(i) for i in path) + ">"


# ---------------------------------------------------------------------------------------------------
# Case makers, one per operation family
# ---------------------------------------------------------------------------------------------------


def P(op, expr, cppexpr):
    return Case(op, expr, f"print({cppexpr});")


def g_info(g: Gen):
    L = g.layout(max_depth=3)
    r = g.r
    fn = r.choice(["rank", "depth", "size", "cosize", "shape", "stride"])
    if fn == "cosize":
        # negative strides occasionally
        if r.random() < 0.15:
            L = Lay(L.shape, _map2(L.shape, L.stride, lambda a, b: type(b)(-int(b)) if r.random() < 0.4 else b))
    paths = idx_paths(L.shape)
    if paths and r.random() < 0.45:
        p = r.choice(paths)
        if fn in ("rank", "depth", "size", "shape", "stride") or (fn == "cosize" and len(p) == 1):
            return P(fn, f"{fn}{targ(p)}({lit(L)})", f"{fn}{targ(p)}({cx(L)})")
    if r.random() < 0.2 and fn in ("rank", "depth", "size"):
        s = L.shape
        return P(fn, f"{fn}({lit(s)})", f"{fn}({cx(s)})")
    return P(fn, f"{fn}({lit(L)})", f"{fn}({cx(L)})")


def g_get(g: Gen):
    L = g.layout(max_depth=3, top_tuple=True)
    paths = idx_paths(L.shape)
    p = g.r.choice(paths)
    fn = g.r.choice(["get", "get", "layout"])
    if g.r.random() < 0.2:
        return P("get", f"get{targ(p)}({lit(L.shape)})", f"get{targ(p)}({cx(L.shape)})")
    return P("get", f"{fn}{targ(p)}({lit(L)})", f"{fn}{targ(p)}({cx(L)})")


def g_flatten(g: Gen):
    L = g.layout(max_depth=3)
    if g.r.random() < 0.3:
        return P("flatten", f"flatten({lit(L.shape)})", f"flatten({cx(L.shape)})")
    return P("flatten", f"flatten({lit(L)})", f"flatten({cx(L)})")


def g_append(g: Gen):
    r = g.r
    L = g.layout(max_depth=2)
    fn = r.choice(["append", "prepend"])
    X = g.layout(max_depth=1, max_rank=2)
    rk = rank(L.shape)
    form = r.randrange(4)
    if form == 0:
        return P(fn, f"{fn}({lit(L)}, {lit(X)})", f"{fn}({cx(L)}, {cx(X)})")
    n = rk + r.choice([0, 1, 1, 2])
    if n < 1:
        n = 1
    if form == 1:
        return P(fn, f"{fn}<{n}>({lit(L)})", f"{fn}<{n}>({cx(L)})")
    if form == 2:
        return P(fn, f"{fn}<{n}>({lit(L)}, {lit(X)})", f"{fn}<{n}>({cx(L)}, {cx(X)})")
    # int tuples
    s, x = L.shape, g.shape(max_depth=1)
    return P(fn, f"{fn}({lit(s)}, {lit(x)})", f"{fn}({cx(s)}, {cx(x)})")


def g_select(g: Gen):
    r = g.r
    L = g.layout(max_depth=2, top_tuple=True)
    rk = rank(L.shape)
    k = r.randint(1, min(rk + 1, 4))
    idx = [r.randrange(rk) for _ in range(k)]
    if r.random() < 0.6:
        idx = sorted(set(idx))
    if r.random() < 0.25:
        return P("select", f"select{targ(idx)}({lit(L.shape)})", f"select{targ(idx)}({cx(L.shape)})")
    return P("select", f"select{targ(idx)}({lit(L)})", f"select{targ(idx)}({cx(L)})")


def g_make_layout(g: Gen):
    r = g.r
    form = r.randrange(5)
    if form == 0:
        s = g.shape(max_depth=3)
        return P("make_layout", f"make_layout({lit(s)})", f"make_layout({cx(s)})")
    if form == 1:
        s = g.shape(max_depth=3)
        tag = r.choice(["LayoutRight", "LayoutRight", "LayoutLeft"])
        return P("make_layout", f"make_layout({lit(s)}, {tag})", f"make_layout({cx(s)}, {tag}{{}})")
    if form == 2:
        L = g.layout(max_depth=2)
        return P(
            "make_layout",
            f"make_layout({lit(L.shape)}, {lit(L.stride)})",
            f"make_layout({cx(L.shape)}, {cx(L.stride, 'make_stride')})",
        )
    k = r.choice([1, 2, 2, 3])
    Ls = [g.layout(max_depth=2, max_rank=2) for _ in range(k)]
    return P(
        "make_layout", f"make_layout({', '.join(lit(L) for L in Ls)})", f"make_layout({', '.join(cx(L) for L in Ls)})"
    )


def g_ordered(g: Gen):
    r = g.r
    s = g.shape(max_depth=2, top_tuple=True)
    n = len(leaves(s))
    perm = list(range(n))
    r.shuffle(perm)
    vals = perm if r.random() < 0.7 else [r.choice([0, 1, 2, 3, 5]) for _ in range(n)]
    it = iter(vals)
    o = _map2(s, s, lambda a, b: g.mk(next(it)))
    return P(
        "make_ordered_layout",
        f"make_ordered_layout({lit(s)}, {lit(o)})",
        f"make_ordered_layout({cx(s)}, {cx(o, 'make_step')})",
    )


def g_idx2crd(g: Gen):
    r = g.r
    s = g.shape(max_depth=3, nonunit=r.random() < 0.5)
    n = prod(s)
    i = g.mk(r.randrange(max(n, 1) * (3 if r.random() < 0.1 else 1)))
    if r.random() < 0.3:
        d = g.like(s, g.compact_strides(s, None, gaps=False))
        return P(
            "idx2crd", f"idx2crd({lit(i)}, {lit(s)}, {lit(d)})", f"idx2crd({cx(i)}, {cx(s)}, {cx(d, 'make_stride')})"
        )
    return P("idx2crd", f"idx2crd({lit(i)}, {lit(s)})", f"idx2crd({cx(i)}, {cx(s)})")


def rand_coord(g: Gen, shape, flat_prob=0.3):
    """A coordinate into shape: congruent, or an int in place of any (sub)tuple."""
    r = g.r
    if isinstance(shape, tuple) and r.random() > flat_prob:
        return tuple(rand_coord(g, e, flat_prob) for e in shape)
    return g.mk(r.randrange(max(prod(shape), 1)))


def g_crd2idx(g: Gen):
    r = g.r
    L = g.layout(max_depth=3)
    c = rand_coord(g, L.shape)
    if r.random() < 0.35:
        return P("crd2idx", f"crd2idx({lit(c)}, {lit(L.shape)})", f"crd2idx({ccoord(c)}, {cx(L.shape)})")
    return P(
        "crd2idx",
        f"crd2idx({lit(c)}, {lit(L.shape)}, {lit(L.stride)})",
        f"crd2idx({ccoord(c)}, {cx(L.shape)}, {cx(L.stride, 'make_stride')})",
    )


def negate_some(g: Gen, L: Lay, p=0.12) -> Lay:
    r = g.r
    if r.random() >= p:
        return L
    return Lay(L.shape, _map2(L.shape, L.stride, lambda a, b: type(b)(-int(b)) if r.random() < 0.5 else b))


def g_eval(g: Gen):
    r = g.r
    L = negate_some(g, g.layout(max_depth=3))
    form = r.randrange(4)
    n = prod(L.shape)
    if form == 0:
        i = g.mk(r.randrange(n))
        return P("eval", f"{lit(L)}({lit(i)})", f"{cx(L)}({cx(i)})")
    if form == 1:
        i = g.mk(r.randrange(n))
        return P("eval", f"eval({lit(L)}, {lit(i)})", f"{cx(L)}({cx(i)})")
    if form == 2 or rank(L.shape) < 2:
        c = rand_coord(g, L.shape, 0.2)
        if not isinstance(c, tuple):
            c = (c,) if isinstance(L.shape, tuple) and len(L.shape) == 1 else c
        if isinstance(c, tuple):
            return P("eval", f"{lit(L)}({lit(c)})", f"{cx(L)}({ccoord(c)})")
        return P("eval", f"{lit(L)}({lit(c)})", f"{cx(L)}({cx(c)})")
    cs = [rand_coord(g, e, 0.4) for e in L.shape]
    return P("eval", f"{lit(L)}({', '.join(lit(c) for c in cs)})", f"{cx(L)}({', '.join(ccoord(c) for c in cs)})")


def profile_for(g: Gen, shape):
    """A coalesce profile: _1 at terminals, tuples where shape has tuples, rank <= rank(shape)."""
    r = g.r
    if not isinstance(shape, tuple) or r.random() < 0.35:
        return S(1)
    k = r.randint(1, len(shape))
    return tuple(profile_for(g, shape[i]) for i in range(k))


def g_coalesce(g: Gen):
    r = g.r
    L = negate_some(g, g.layout(max_depth=3))
    if r.random() < 0.1:
        Cl = Comp(g.swizzle(), L)
        if r.random() < 0.5 and isinstance(L.shape, tuple):
            p = tuple(S(1) for _ in L.shape)
            return P("coalesce", f"coalesce({lit(Cl)}, {lit(p)})", f"coalesce({cx(Cl)}, {cx(p)})")
        return P("coalesce", f"coalesce({lit(Cl)})", f"coalesce({cx(Cl)})")
    if r.random() < 0.4 and isinstance(L.shape, tuple):
        p = profile_for(g, L.shape)
        if not isinstance(p, tuple):
            p = tuple(S(1) for _ in L.shape)
        return P("coalesce", f"coalesce({lit(L)}, {lit(p)})", f"coalesce({cx(L)}, {cx(p)})")
    return P("coalesce", f"coalesce({lit(L)})", f"coalesce({cx(L)})")


def g_filter(g: Gen):
    L = g.layout(max_depth=3, kind=g.r.choice(["zero", "zero", "rand", "col"]))
    if g.r.random() < 0.2:
        return P("filter", f"filter_zeros({lit(L)})", f"filter_zeros({cx(L)})")
    return P("filter", f"filter({lit(L)})", f"filter({cx(L)})")


def _rhs_layout(g: Gen, A: Lay, size_cap=None):
    """A random layout likely to be admissible as the right-hand side of composition with A."""
    r = g.r
    n = size_cap or max(prod(A.shape), 1)
    kind = r.randrange(5)
    if kind == 0:  # a sub-tile of A's index space
        s = g.shape(max_depth=2, max_rank=2, pow2=True, max_size=n)
        d = g.like(s, g.compact_strides(s, None, gaps=r.random() < 0.3))
    elif kind == 1:  # strided rank-1
        s = g.mk(r.choice([2, 4, 8]))
        d = g.mk(r.choice([1, 2, 4, 8, 16]))
    elif kind == 2:  # permutation
        s = g.shape(max_depth=1, max_rank=3, pow2=True, max_size=n)
        order = list(range(len(leaves(s))))
        r.shuffle(order)
        d = g.like(s, g.compact_strides(s, order))
    elif kind == 3:  # with broadcast modes
        s = g.shape(max_depth=1, max_rank=3, pow2=True, max_size=n)
        d = g.like(s, g.compact_strides(s))
        d = _map2(s, d, lambda a, b: S(0) if r.random() < 0.3 else b)
    else:  # anything small (often rejected by compose_ok, retried by the caller)
        s = g.shape(max_depth=2, max_rank=3, max_size=n * 2)
        d = g.like(s, [r.choice([1, 2, 3, 4, 6, 8, 12, 16]) for _ in leaves(s)])
    return Lay(s, d)


def g_composition(g: Gen):
    r = g.r
    for _ in range(40):
        A = g.layout(max_depth=2, pow2=r.random() < 0.7)
        form = r.randrange(6)
        if form <= 2:
            B = _rhs_layout(g, A)
            if compose_ok(A, B):
                return P("composition", f"composition({lit(A)}, {lit(B)})", f"composition({cx(A)}, {cx(B)})")
        elif form == 3:  # tiler tuple of layouts / ints / _
            if not isinstance(A.shape, tuple):
                continue
            k = r.randint(1, len(A.shape))
            tl = []
            ok = True
            for i in range(k):
                Ai = mode_of(A, i)
                c = r.randrange(3)
                if c == 0:
                    tl.append(UNDER)
                elif c == 1:
                    t = g.mk(r.choice([1, 2, 4]))
                    tl.append(t)
                    ok &= compose_ok(Ai, Lay(t, S(1)))
                else:
                    B = _rhs_layout(g, Ai)
                    tl.append(B)
                    ok &= compose_ok(Ai, B)
            if ok:
                tl = tuple(tl)
                return P("composition", f"composition({lit(A)}, {lit(tl)})", f"composition({cx(A)}, {ctile(tl)})")
        elif form == 4:  # integer tiler / shape-tuple (a tiler of ints)
            t = g.mk(r.choice([1, 2, 4, 8]))
            if compose_ok(A, Lay(t, S(1))):
                return P("composition", f"composition({lit(A)}, {lit(t)})", f"composition({cx(A)}, {cx(t)})")
        else:  # swizzle on the left
            sw = g.swizzle()
            B = g.layout(max_depth=2, pow2=True)
            if r.random() < 0.5:
                return P("composition", f"composition({lit(sw)}, {lit(B)})", f"composition({cx(sw)}, {cx(B)})")
            Cl = Comp(sw, g.injective(pow2=True))
            B2 = _rhs_layout(g, Cl.layout)
            if compose_ok(Cl.layout, B2):
                return P("composition", f"composition({lit(Cl)}, {lit(B2)})", f"composition({cx(Cl)}, {cx(B2)})")
    return None


def g_complement(g: Gen):
    r = g.r
    for _ in range(40):
        L = static_ones(g.injective(static_strides=True, max_depth=2, pow2=r.random() < 0.6, max_size=512))
        if r.random() < 0.3:
            L = Lay(L.shape, _map2(L.shape, L.stride, lambda a, b: S(0) if r.random() < 0.2 else b))
        if r.random() < 0.15:  # rank-1 with a dynamic stride
            L = Lay(g.mk(r.choice([2, 4, 8])), r.choice([1, 2, 4]))
        c = r.random()
        if c < 0.5:
            cos = vcosize(L)
            cot = g.mk(
                cos * r.choice([1, 1, 2, 4])
                if r.random() < 0.7
                else r.choice([cos, 2 * cos + 1, 64, max(cos // 2, 1), 3 * cos + 2])
            )
            if complement_ok(L, int(cot)):
                return P("complement", f"complement({lit(L)}, {lit(cot)})", f"complement({cx(L)}, {cx(cot)})")
        elif c < 0.62:  # a shape as cotarget
            cot = g.shape(max_depth=1, max_rank=3, top_tuple=True, max_size=4096)
            if complement_ok(L, prod(cot)):
                return P("complement", f"complement({lit(L)}, {lit(cot)})", f"complement({cx(L)}, {cx(cot)})")
        elif c < 0.7:  # a swizzled layout: complement of its inner layout
            Cl = Comp(g.swizzle(), L)
            if complement_ok(L):
                return P("complement", f"complement({lit(Cl)})", f"complement({cx(Cl)})")
        elif complement_ok(L):
            return P("complement", f"complement({lit(L)})", f"complement({cx(L)})")
    return None


def g_inverse(g: Gen):
    r = g.r
    fn = r.choice(["right_inverse", "left_inverse"])
    for _ in range(40):
        if fn == "left_inverse":
            L = g.injective(static_strides=True, max_depth=2, max_size=1024)
            if not _left_inv_ok(L):
                continue
        else:
            L = g.layout(max_depth=2, allow_zero=r.random() < 0.3)
        if r.random() < 0.15:
            Cl = Comp(g.swizzle(), L)
            # inverse(Sw o L) composes a layout with a swizzle: CuTe needs it static and power-of-two
            if not all(isinstance(v, S) and int(v) & (int(v) - 1) == 0 for v in leaves(L.stride) + leaves(L.shape)):
                continue
            return P(fn, f"{fn}({lit(Cl)})", f"{fn}({cx(Cl)})")
        return P(fn, f"{fn}({lit(L)})", f"{fn}({cx(L)})")
    return None


def _left_inv_ok(L: Lay) -> bool:
    """left_inverse: static strides; each sorted nonzero stride divisible by the previous one."""
    if not all(isinstance(d, S) for d in leaves(L.stride)):
        return False
    flat = [(s, d) for s, d in modes(L) if not (isinstance(s, S) and s == 1)]
    for ms in (vcoalesce(modes(L)), flat):
        prev = 1
        for _, d in sorted(((int(s), int(d)) for s, d in ms), key=lambda m: m[1]):
            if d == 0:
                continue
            if d % prev:
                return False
            prev = d
    return True


def _tiler_for(g: Gen, L: Lay):
    """A tiler for a mode layout L whose divide is exact: int, layout, or _."""
    r = g.r
    n = prod(L.shape)
    divs = [d for d in (1, 2, 3, 4, 8, 16) if n % d == 0]
    if r.random() < 0.15:
        divs = [2, 3, 4, 5, 6, 8]  # not necessarily a divisor: the rest mode rounds up
    c = r.randrange(5)
    if c == 0:
        return UNDER
    if c == 1:
        return g.mk(r.choice(divs))
    # a layout tiler with static strides: strided or a sub-tile
    t = r.choice(divs)
    if c == 2:
        ds = [d for d in (1, 2, 4) if n % (t * d) == 0] or [1]
        return Lay(g.mk(t), S(r.choice(ds)))
    # rank-2 tiler (a, b):(1, a*k) or (b*, 1)
    for _ in range(10):
        a = r.choice([d for d in divs if d > 1] or [1])
        rest = n // a
        bs = [d for d in (1, 2, 4) if rest % d == 0 and d > 1]
        if not bs:
            break
        b = r.choice(bs)
        if r.random() < 0.5:
            return Lay((g.mk(a), g.mk(b)), (S(1), S(a * r.choice([k for k in (1, 2) if n % (a * b * k) == 0] or [1]))))
        return Lay((g.mk(a), g.mk(b)), (S(b), S(1)))
    return g.mk(t)


def divide_ok(L: Lay, T, strict: bool = False) -> bool:
    """logical_divide(L, T) == composition(L, make_layout(T, complement(T, size(L)))) per tiler mode."""
    if T is UNDER:
        return True
    if isinstance(T, tuple):
        if not isinstance(L.shape, tuple) or len(T) > len(L.shape):
            return False
        return all(divide_ok(mode_of(L, i), t, strict) for i, t in enumerate(T))
    if isinstance(T, int):
        T = Lay(T, S(1))
    n = prod(L.shape)
    if not complement_ok(T, n):
        return False
    cm = complement_modes(T, n)
    tm = modes(T)
    full = Lay(
        tuple(s for s, _ in tm) + tuple(S(s) for s, _ in cm), tuple(d for _, d in tm) + tuple(S(d) for _, d in cm)
    )
    return compose_ok(L, full, strict)


def zip2_ok(L: Lay, T) -> bool:
    """zipped/tiled/flat variants re-zip each tiler mode with zip2_by: a mode left alone by ``_`` (or
    beyond the tiler) must already be rank 2."""
    if not isinstance(T, tuple):
        return True
    return all(not (t is UNDER) or (isinstance(L.shape[i], tuple) and len(L.shape[i]) == 2) for i, t in enumerate(T))


def g_divide(g: Gen):
    r = g.r
    fn = r.choice(["logical_divide", "zipped_divide", "tiled_divide", "flat_divide"])
    for _ in range(60):
        L = g.layout(max_depth=2, pow2=r.random() < 0.8, allow_zero=r.random() < 0.2, top_tuple=r.random() < 0.8)
        if r.random() < 0.75 and isinstance(L.shape, tuple):
            k = r.randint(1, len(L.shape))
            T = tuple(_tiler_for(g, mode_of(L, i)) for i in range(k))
            if fn != "logical_divide" and all(t is UNDER for t in T):
                continue
        else:
            T = _tiler_for(g, L)
            if T is UNDER:
                continue
            if fn != "logical_divide" and not isinstance(T, Lay):
                continue  # zipped/tiled/flat_divide with a non-tuple integral tiler: zip2_by on an int
        if isinstance(T, Lay):
            T = static_ones(T)
        elif isinstance(T, tuple):
            T = tuple(static_ones(t) if isinstance(t, Lay) else t for t in T)
        if not divide_ok(L, T) or (fn != "logical_divide" and not zip2_ok(L, T)):
            continue
        if r.random() < 0.1:
            Cl = Comp(g.swizzle(), L)
            return P(fn, f"{fn}({lit(Cl)}, {lit(T)})", f"{fn}({cx(Cl)}, {ctile(T)})")
        return P(fn, f"{fn}({lit(L)}, {lit(T)})", f"{fn}({cx(L)}, {ctile(T)})")
    return None


def product_ok(A: Lay, B, strict: bool = False) -> bool:
    if B is UNDER:
        return True
    if isinstance(B, tuple):
        if not isinstance(A.shape, tuple) or len(B) > len(A.shape):
            return False
        return all(product_ok(mode_of(A, i), b, strict) for i, b in enumerate(B))
    if isinstance(B, int):
        B = Lay(B, S(1))
    if any(int(d) < 0 for d in leaves(B.stride)):
        return False
    cot = prod(A.shape) * vcosize(B)
    if not complement_ok(A, cot):
        return False
    cm = complement_modes(A, cot)
    C = Lay(tuple(S(s) for s, _ in cm), tuple(S(d) for _, d in cm))
    return compose_ok(C, B, strict)


def _block(g: Gen, **kw) -> Lay:
    r = g.r
    L = g.injective(static_strides=True, max_depth=kw.pop("max_depth", 1), pow2=r.random() < 0.7, max_size=64, **kw)
    return static_ones(L)


def _small_tile(g: Gen, **kw) -> Lay:
    r = g.r
    s = g.shape(max_depth=kw.pop("max_depth", 1), max_size=32, **kw)
    kind = r.choice(["col", "row", "perm", "col", "zero"])
    d = g.stride_for(s, kind, static=None if r.random() < 0.5 else True)
    d = _map2(s, d, lambda a, b: S(0) if int(b) == 0 else b)  # zero strides static (CuTe divides by them)
    return static_ones(Lay(s, d))


def g_product(g: Gen):
    r = g.r
    fn = r.choice(
        ["logical_product", "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product"]
    )
    for _ in range(60):
        if fn in ("blocked_product", "raked_product"):
            A = _block(g, max_depth=r.choice([1, 1, 2]), top_tuple=r.random() < 0.8)
            B = _small_tile(g, max_depth=1, top_tuple=r.random() < 0.8)
            R = max(rank(A.shape), rank(B.shape))
            if R == 1 and isinstance(A.shape, tuple) != isinstance(B.shape, tuple):
                continue
            Ap, Bp = _append_to(A, R), _append_to(B, R)
            if not product_ok(Ap, Bp):
                continue
            if r.random() < 0.1:
                Cl = Comp(g.swizzle(), A)
                return P(fn, f"{fn}({lit(Cl)}, {lit(B)})", f"{fn}({cx(Cl)}, {cx(B)})")
            return P(fn, f"{fn}({lit(A)}, {lit(B)})", f"{fn}({cx(A)}, {cx(B)})")
        A = _block(g, max_depth=r.choice([1, 2]), top_tuple=r.random() < 0.8)
        if r.random() < 0.6 and isinstance(A.shape, tuple):
            k = r.randint(1, len(A.shape))
            B = []
            for i in range(k):
                c = r.randrange(4)
                B.append(UNDER if c == 0 else g.mk(r.choice([2, 3, 4])) if c == 1 else _small_tile(g, max_depth=1))
            B = tuple(B)
            if fn != "logical_product" and (all(b is UNDER for b in B) or not zip2_ok(A, B)):
                continue
        else:
            B = _small_tile(g, max_depth=1)
        if not product_ok(A, B):
            continue
        if r.random() < 0.08:
            Cl = Comp(g.swizzle(), A)
            return P(fn, f"{fn}({lit(Cl)}, {lit(B)})", f"{fn}({cx(Cl)}, {ctile(B)})")
        return P(fn, f"{fn}({lit(A)}, {lit(B)})", f"{fn}({cx(A)}, {ctile(B)})")
    return None


def _append_to(L: Lay, R: int) -> Lay:
    s = L.shape if isinstance(L.shape, tuple) else (L.shape,)
    d = L.stride if isinstance(L.stride, tuple) else (L.stride,)
    if R == 1 and not isinstance(L.shape, tuple):
        return L
    while len(s) < R:
        s, d = s + (S(1),), d + (S(0),)
    return Lay(s, d)


def g_tile_to_shape(g: Gen):
    r = g.r
    for _ in range(60):
        A = _block(g, max_depth=1, top_tuple=r.random() < 0.85)
        ra = rank(A.shape)
        R = ra + r.choice([0, 0, 1])
        bs = [prod(m) for m in (A.shape if isinstance(A.shape, tuple) else (A.shape,))] + [1] * (R - ra)
        trg = []
        for b in bs:
            k = r.choice([1, 2, 2, 3, 4])
            v = b * k
            if r.random() < 0.2 and v % 2 == 0 and v > 2:
                trg.append((g.mk(2), g.mk(v // 2)))
            else:
                trg.append(g.mk(v))
        trg_modes = tuple(trg)
        trg = trg_modes
        if R == 1 and r.random() < 0.5 and not isinstance(trg_modes[0], tuple):
            trg = trg_modes[0]
        if all(isinstance(v, S) for v in leaves(trg)) and not all(isinstance(v, S) for v in leaves(A.shape)):
            continue  # evenly_divides(static target, dynamic block) is a bool: CuTe's static assert breaks
        Ap = _append_to(A, R)
        ps = [prod(t) // bs[i] for i, t in enumerate(trg_modes)]
        Bp = Lay(tuple(S(p) for p in ps), tuple(S(v) for v in _compact(ps)))
        if not product_ok(Ap, Bp):
            continue
        form = r.randrange(3)
        if r.random() < 0.08:
            Cl = Comp(g.swizzle(), A)
            return P("tile_to_shape", f"tile_to_shape({lit(Cl)}, {lit(trg)})", f"tile_to_shape({cx(Cl)}, {cx(trg)})")
        if form == 0:
            return P("tile_to_shape", f"tile_to_shape({lit(A)}, {lit(trg)})", f"tile_to_shape({cx(A)}, {cx(trg)})")
        if form == 1 or R == 1:
            return P(
                "tile_to_shape",
                f"tile_to_shape({lit(A)}, {lit(trg)}, LayoutRight)",
                f"tile_to_shape({cx(A)}, {cx(trg)}, LayoutRight{{}})",
            )
        order = list(range(R))
        r.shuffle(order)
        o = tuple(S(v) for v in order)
        return P(
            "tile_to_shape",
            f"tile_to_shape({lit(A)}, {lit(trg)}, {lit(o)})",
            f"tile_to_shape({cx(A)}, {cx(trg)}, {cx(o, 'make_step')})",
        )
    return None


def _compact(ps):
    out, cur = [], 1
    for p in ps:
        out.append(cur)
        cur *= p
    return out


def g_cast(g: Gen):
    r = g.r
    fn = r.choice(["upcast", "downcast", "recast_layout"])
    for _ in range(40):
        L = g.layout(max_depth=2, pow2=True, kind=r.choice(["col", "row", "perm", "gap", "zero"]))
        if fn == "upcast":
            L = negate_some(g, L, 0.1)
        N = r.choice([2, 4, 8])
        ds = leaves(L.stride)
        if fn == "upcast":
            if not all(
                int(d) == 0
                and isinstance(d, S)
                or (isinstance(d, S) and (int(d) % N == 0 or N % int(d) == 0))
                or (not isinstance(d, S) and int(d) % N == 0)
                for d in ds
            ):
                continue
            if r.random() < 0.15:
                Cl = Comp(g.swizzle(), L)
                return P(fn, f"upcast<{N}>({lit(Cl)})", f"upcast<{N}>({cx(Cl)})")
            return P(fn, f"upcast<{N}>({lit(L)})", f"upcast<{N}>({cx(L)})")
        if fn == "downcast":
            if not any(isinstance(d, S) and int(d) == 1 for d in ds):
                continue
            if r.random() < 0.15:
                Cl = Comp(g.swizzle(), L)
                return P(fn, f"downcast<{N}>({lit(Cl)})", f"downcast<{N}>({cx(Cl)})")
            return P(fn, f"downcast<{N}>({lit(L)})", f"downcast<{N}>({cx(L)})")
        types = [("uint8_t", 8), ("half_t", 16), ("float", 32), ("double", 64), ("uint16_t", 16), ("int4b_t", 4)]
        (t0, b0), (t1, b1) = r.choice(types), r.choice(types)
        up = b1 // math.gcd(b0, b1)
        dn = b0 // math.gcd(b0, b1)
        if up > 1 and not all(
            int(d) == 0
            and isinstance(d, S)
            or (isinstance(d, S) and (int(d) % up == 0 or up % int(d) == 0))
            or (not isinstance(d, S) and int(d) % up == 0)
            for d in ds
        ):
            continue
        if dn > 1:
            # downcast after upcast needs a static unit stride in the upcast result
            if not any(isinstance(d, S) and 0 < int(d) <= max(up, 1) for d in ds):
                continue
        return P("recast_layout", f"recast_layout<{t0},{t1}>({lit(L)})", f"recast_layout<{t0},{t1}>({cx(L)})")
    return None


def _right_inverse_vals(B: Lay):
    """Value right_inverse for all-static strides: (shape, stride) lists."""
    ms = vcoalesce(modes(B))
    pre = [1]
    for s, _ in ms:
        pre.append(pre[-1] * s)
    rs, rd = [], []
    cur = 1
    for i in sorted(range(len(ms)), key=lambda k: ms[k][1]):
        s, d = ms[i]
        if d == cur:
            rs.append(s)
            rd.append(pre[i])
            cur = s * d
    return Lay(tuple(S(v) for v in rs) or (S(1),), tuple(S(v) for v in rd) or (S(0),))


def g_max_common(g: Gen):
    r = g.r
    fn = r.choice(["max_common_vector", "max_common_layout"])
    for _ in range(60):
        s = g.shape(max_depth=2, pow2=r.random() < 0.7, top_tuple=True, max_size=1024)
        A = Lay(s, g.stride_for(s, r.choice(["col", "row", "perm", "gap"]), static=True if r.random() < 0.6 else None))
        c = r.randrange(3)
        if c == 0:
            B = A
        else:
            B = Lay(s, g.stride_for(s, r.choice(["col", "row", "perm", "gap"]), static=True))
        if not all(isinstance(d, S) for d in leaves(B.stride)):
            continue
        if not compose_ok(A, _right_inverse_vals(B)):
            continue
        if fn == "max_common_layout" and r.random() < 0.15 and all(isinstance(v, S) for v in leaves(A)):
            Cl = Comp(g.swizzle(), A)
            if r.random() < 0.5:
                return P(fn, f"{fn}({lit(Cl)}, {lit(B)})", f"{fn}({cx(Cl)}, {cx(B)})")
            Cb = Comp(g.swizzle(), B)
            return P(fn, f"{fn}({lit(A)}, {lit(Cb)})", f"{fn}({cx(A)}, {cx(Cb)})")
        return P(fn, f"{fn}({lit(A)}, {lit(B)})", f"{fn}({cx(A)}, {cx(B)})")
    return None


def g_zip(g: Gen):
    r = g.r
    form = r.randrange(3)
    if form == 0:
        k = r.choice([1, 2, 3])
        a = tuple(g.shape(max_depth=1, top_tuple=False) for _ in range(k))
        b = tuple(g.shape(max_depth=1, top_tuple=False) for _ in range(k))
        return P("zip", f"zip({lit(a)}, {lit(b)})", f"zip({cx(a)}, {cx(b)})")
    k = r.choice([1, 2, 3])
    A = g.layout(max_depth=1, top_tuple=True, max_rank=k)
    kk = len(A.shape)
    s2 = tuple(g.shape(max_depth=1, top_tuple=False) for _ in range(kk))
    B = Lay(s2, g.stride_for(s2))
    if form == 1:
        return P("zip", f"zip({lit(A)}, {lit(B)})", f"zip({cx(A)}, {cx(B)})")
    # zip of one layout whose modes are equal-rank tuples
    m = r.choice([1, 2, 3])
    s = tuple(tuple(g.mk(g.val()) for _ in range(m)) for _ in range(r.choice([1, 2, 3])))
    L = Lay(s, g.stride_for(s))
    return P("zip", f"zip({lit(L)})", f"zip({cx(L)})")


def g_with_shape(g: Gen):
    r = g.r
    for _ in range(40):
        A = g.layout(max_depth=2, pow2=True, allow_zero=r.random() < 0.3)
        n = prod(A.shape)
        s = g.shape(max_depth=2, pow2=True, max_size=n)
        if n % prod(s):
            continue
        if not isinstance(s, tuple) and not isinstance(s, S):
            s = S(int(s))  # Layout::with_shape(int) fails to compile (ADL finds no make_layout)
        B = Lay(s, g.like(s, g.compact_strides(s), True))
        if not compose_ok(A, B):
            continue
        return P("with_shape", f"with_shape({lit(A)}, {lit(s)})", f"{cx(A)}.with_shape({cx(s)})")
    return None


def _similar_shape(g: Gen, s):
    r = g.r
    c = r.randrange(5)
    if c == 0:
        return s
    if c == 1:  # same profile, other values / staticness
        return _map2(s, s, lambda a, b: g.mk(int(a) if r.random() < 0.6 else g.val()))
    if c == 2:  # same size, flat
        return g.mk(prod(s))
    if c == 3:  # refine a leaf into a tuple

        def go(x):
            if isinstance(x, tuple):
                return tuple(go(e) for e in x)
            v = int(x)
            if v % 2 == 0 and v > 2 and r.random() < 0.5:
                return (g.mk(2), g.mk(v // 2))
            return g.mk(v)

        return go(s)
    return g.shape(max_depth=2)


def g_congruent(g: Gen):
    r = g.r
    fn = r.choice(["congruent", "compatible", "weakly_congruent"])
    a = g.shape(max_depth=2)
    b = _similar_shape(g, a)
    if r.random() < 0.5:
        a, b = b, a
    return P(fn, f"{fn}({lit(a)}, {lit(b)})", f"{fn}({cx(a)}, {cx(b)})")


def g_swizzle_eval(g: Gen):
    r = g.r
    sw = g.swizzle()
    if r.random() < 0.5:
        i = g.mk(r.randrange(1 << min(sw.b + sw.m + abs(sw.s) + 1, 14)))
        return P("swizzle_eval", f"{lit(sw)}({lit(i)})", f"{cx(sw)}({cx(i)})")
    L = g.layout(max_depth=2, pow2=True)
    Cl = Comp(sw, L)
    n = prod(L.shape)
    if r.random() < 0.7:
        i = g.mk(r.randrange(n))
        if r.random() < 0.5:
            return P("swizzle_eval", f"eval({lit(Cl)}, {lit(i)})", f"{cx(Cl)}({cx(i)})")
        return P("swizzle_eval", f"({lit(Cl)})({lit(i)})", f"{cx(Cl)}({cx(i)})")
    c = rand_coord(g, L.shape, 0.2)
    cc = ccoord(c) if isinstance(c, tuple) else cx(c)
    return P("swizzle_eval", f"({lit(Cl)})({lit(c)})", f"{cx(Cl)}({cc})")


def g_swizzle_misc(g: Gen):
    """Composed layouts through the accessors: print, size, cosize, shape, get, coalesce, flatten, ..."""
    r = g.r
    L = g.layout(max_depth=2, pow2=True)
    Cl = Comp(g.swizzle(), L)
    fn = r.choice(
        ["print", "size", "cosize", "shape", "rank", "depth", "coalesce", "flatten", "get", "make_layout_sw", "as_pi"]
    )
    if fn == "print":
        return P("swizzle_misc", f"{lit(Cl)}", f"{cx(Cl)}")
    if fn == "get":
        paths = idx_paths(L.shape)
        if not paths:
            fn = "size"
        else:
            p = r.choice([q for q in paths if len(q) == 1])
            return P("swizzle_misc", f"get{targ(p)}({lit(Cl)})", f"get{targ(p)}({cx(Cl)})")
    if fn == "make_layout_sw":
        sw = g.swizzle()
        return P("swizzle_misc", f"make_layout({lit(sw)})", f"make_layout({cx(sw)})")
    if fn == "as_pi":
        C8 = Comp(Cl.sw, L, flag_bits=8)
        return P(
            "as_position_independent_swizzle_layout",
            f"as_position_independent_swizzle_layout({lit(C8)})",
            f"as_position_independent_swizzle_layout({cx(C8)})",
        )
    return P("swizzle_misc", f"{fn}({lit(Cl)})", f"{fn}({cx(Cl)})")


def g_layout_swizzle(g: Gen):
    """composition(Layout, Swizzle): CuTe needs a static layout and a simple structure; keep it to
    compact static power-of-two layouts covering the swizzle's bits."""
    r = g.r
    b = r.choice([1, 2, 3])
    m = r.choice([0, 1, 2, 3])
    s = r.choice([b, b + 1, 3 if b <= 3 else b])
    sw = Sw(b, m, s)
    bits = b + m + s
    n = 1 << bits
    shape = g.shape(max_depth=1, pow2=True, max_size=n, top_tuple=True, nonunit=True)
    shape = tuple(S(int(v)) for v in leaves(shape))
    total = prod(shape)
    if total < n:
        shape = shape + (S(n // total),)
    if prod(shape) != n:
        shape = (S(n),)
    L = Lay(shape, tuple(S(v) for v in g.compact_strides(shape)))
    return P("composition", f"composition({lit(L)}, {lit(sw)})", f"composition({cx(L)}, {cx(sw)})")


GENERATORS = [
    (g_info, 8),
    (g_get, 4),
    (g_flatten, 2),
    (g_append, 4),
    (g_select, 3),
    (g_make_layout, 5),
    (g_ordered, 3),
    (g_idx2crd, 4),
    (g_crd2idx, 4),
    (g_eval, 6),
    (g_coalesce, 6),
    (g_filter, 3),
    (g_composition, 12),
    (g_complement, 6),
    (g_inverse, 6),
    (g_divide, 10),
    (g_product, 10),
    (g_tile_to_shape, 4),
    (g_cast, 6),
    (g_max_common, 4),
    (g_zip, 2),
    (g_with_shape, 3),
    (g_congruent, 3),
    (g_swizzle_eval, 5),
    (g_swizzle_misc, 4),
    (g_layout_swizzle, 1),
]


INNER = [
    g_composition,
    g_complement,
    g_inverse,
    g_divide,
    g_product,
    g_tile_to_shape,
    g_coalesce,
    g_make_layout,
    g_cast,
    g_with_shape,
    g_filter,
]


def _strip_print(cpp: str) -> str:
    assert cpp.startswith("print(") and cpp.endswith(");"), cpp
    return cpp[len("print(") : -2]


def g_nested(g: Gen):
    """An operation applied to the result of another (the eval language nests calls), sometimes with
    extra whitespace: size/cosize/rank/depth/coalesce/flatten/get<0>/evaluation of a computed layout."""
    r = g.r
    for _ in range(20):
        inner = r.choice(INNER)(g)
        if inner is None or not inner.cpp.startswith("print(") or "\n" in inner.cpp:
            continue
        e, c = inner.expr, _strip_print(inner.cpp)
        if e.startswith("Sw<") or e.startswith("make_layout(Sw"):
            continue
        outer = r.choice(
            ["size", "cosize", "rank", "depth", "coalesce", "flatten", "get0", "eval", "eval2", "composition", "shape"]
        )
        tuple_result = inner.op.endswith(("divide", "product")) or inner.op == "tile_to_shape"
        if outer == "get0":
            if not tuple_result:
                continue
            expr, cpp = f"get<0>({e})", f"get<0>({c})"
        elif outer == "eval":
            i = g.mk(r.randrange(4))
            expr, cpp = f"{e}({lit(i)})", f"{c}({cx(i)})"
        elif outer == "eval2":
            i = g.mk(r.randrange(4))
            expr, cpp = f"eval({e}, {lit(i)})", f"{c}({cx(i)})"
        elif outer == "composition":
            # compose with a small static compact layout of its first elements: always admissible
            k = r.choice([1, 2])
            expr, cpp = f"composition({e}, _{k}:_1)", f"composition({c}, make_layout(Int<{k}>{{}}, Int<1>{{}}))"
        else:
            expr, cpp = f"{outer}({e})", f"{outer}({c})"
        if r.random() < 0.25:
            expr = expr.replace(",", ", ").replace("(", "( ", 1).replace(":", " : ")
        return Case("nested_" + inner.op, expr, f"print({cpp});")
    return None


def generate(seed: int = 20250417, n: int = 3600, nested: int = 300) -> list[Case]:
    """At least n cases (deduplicated by expression), seeded, then ``nested`` cases whose arguments are
    themselves computed (drawn from their own stream, so the first n never change with ``nested``)."""
    g = Gen(seed)
    fns = [f for f, _ in GENERATORS]
    weights = [w for _, w in GENERATORS]
    out: list[Case] = []
    seen: set[str] = set()
    while len(out) < n:
        f = g.r.choices(fns, weights)[0]
        g.new_mix()
        c = f(g)
        if c is None or c.expr in seen:
            continue
        seen.add(c.expr)
        out.append(c)
    g2 = Gen(seed + 1)
    k = 0
    while k < nested:
        g2.new_mix()
        c = g_nested(g2)
        if c is None or c.expr in seen:
            continue
        seen.add(c.expr)
        out.append(c)
        k += 1
    return out


# ---------------------------------------------------------------------------------------------------
# Inputs CuTe rejects at compile time (static_assert / no matching overload); cutedump must raise
# ---------------------------------------------------------------------------------------------------


def parse(text: str):
    """CuTe print syntax -> model objects (ints, tuples, Lay, Sw, Comp, ``_``); for hand-written cases."""
    toks = re.findall(r"Sw<-?\d+,-?\d+,-?\d+>|\x00|_?-?\d+|_|[():,]", text.replace(" o ", "\x00"))
    pos = 0

    def atom():
        nonlocal pos
        t = toks[pos]
        pos += 1
        if t == "(":
            items = [item()]
            while toks[pos] == ",":
                pos += 1
                items.append(item())
            assert toks[pos] == ")", text
            pos += 1
            return tuple(items)
        if t == "_":
            return UNDER
        return S(int(t[1:])) if t.startswith("_") else int(t)

    def item():
        nonlocal pos
        if toks[pos].startswith("Sw<"):
            b, m, s_ = (int(v) for v in toks[pos][3:-1].split(","))
            pos += 1
            if pos < len(toks) and toks[pos] == "\x00":
                pos += 2  # ' o ', then the offset _0
                pos += 1  # the ' o '
                return Comp(Sw(b, m, s_), item())
            return Sw(b, m, s_)
        x = atom()
        if pos < len(toks) and toks[pos] == ":":
            pos += 1
            return Lay(x, atom())
        return x

    out = item()
    assert pos == len(toks), text
    return out


def _cpp_arg(o) -> str:
    if isinstance(o, tuple) and any(isinstance(e, Lay) or e is UNDER for e in leaves_objs(o)):
        return ctile(o)
    return cx(o)


def leaves_objs(t):
    return [x for e in t for x in (leaves_objs(e) if isinstance(e, tuple) else [e])]


def X(op: str, fmt: str, *args: str, why: str = "") -> tuple[str, str, str, str]:
    """A hand-written case: ``fmt`` has ``{}`` slots filled with literals (cutedump) or C++ (CuTe)."""
    objs = [parse(a) for a in args]
    return (op, fmt.format(*args), "print(" + fmt.format(*(_cpp_arg(o) for o in objs)) + ");", why)


# Every entry was checked to fail to compile against CUTLASS 4.2 (tests/oracle/gen_algebra.py --verify-rejected).
REJECTED = [
    X("composition", "composition({}, {})", "(_4,_8):(_1,_8)", "_2:_6", why="stride divisibility"),
    X("composition", "composition({}, {})", "(_4,_8):(_1,_8)", "(_2,_2):(_6,_1)", why="stride divisibility"),
    X("composition", "composition({}, {})", "(_6,_8):(_1,_8)", "_4:_2", why="shape divisibility"),
    X("composition", "composition({}, {})", "(_12,_4):(_1,_16)", "_3:_8", why="shape divisibility"),
    X("composition", "composition({}, {})", "(_4,_2,_2):(_2,_1,_8)", "(_4,_2,_2,_2)", why="too many tiler modes"),
    X("complement", "complement({})", "(_4,_2):(_1,_2)", why="non-injective"),
    X("complement", "complement({})", "(_2,_2):(_1,_1)", why="non-injective"),
    X("complement", "complement({}, {})", "(_4,_4):(_1,_2)", "_64", why="non-injective"),
    X("complement", "complement({})", "(_4,_2):(_1,4)", why="dynamic stride, rank>1"),
    X("left_inverse", "left_inverse({})", "(_4,_2):(_1,4)", why="dynamic strides"),
    X("left_inverse", "left_inverse({})", "(_2,_3):(_2,_3)", why="left inverse divisibility"),
    X("logical_divide", "logical_divide({}, {})", "(_8,_8):(_1,_8)", "(_2,_2,_2)", why="too many tiler modes"),
    X("logical_divide", "logical_divide({}, {})", "_16:_1", "(_4,_2):(_1,_2)", why="non-injective tiler"),
    X("logical_divide", "logical_divide({}, {})", "(_6,_4):(_4,_1)", "_4:_2", why="shape divisibility"),
    X("zipped_divide", "zipped_divide({}, {})", "(_8,_8):(_1,_8)", "(_2,_)", why="zip2_by: `_` on a rank-1 mode"),
    X("logical_product", "logical_product({}, {})", "(_4,_4):(_1,_2)", "_2:_1", why="non-injective complement"),
    X("logical_product", "logical_product({}, {})", "(_2,_2):(_1,_2)", "(_2,_2,_2)", why="too many tiler modes"),
    X("blocked_product", "blocked_product({}, {})", "(_4,_4):(_1,_2)", "(_2,_2):(_1,_2)", why="non-injective"),
    X("raked_product", "raked_product({}, {})", "(_2,_2):(_1,_1)", "(_2,_2):(_1,_2)", why="non-injective"),
    X("tile_to_shape", "tile_to_shape({}, {})", "(_4,_3):(_1,_4)", "(_8,_8)", why="block does not divide target"),
    X("tile_to_shape", "tile_to_shape({}, {})", "(_4,_2,_2):(_1,_4,_8)", "(_8,_8)", why="block rank > target rank"),
    X("upcast", "upcast<4>({})", "(_8,_4):(_1,_6)", why="divisibility"),
    X("upcast", "upcast<4>({})", "_8:_3", why="divisibility"),
    X("downcast", "downcast<2>({})", "(_8,_4):(_2,_16)", why="no unit stride"),
    X("downcast", "downcast<2>({})", "(_8,_4):(_4,_32)", why="no unit stride"),
    X("get", "get<2>({})", "(_8,_4):(_1,_8)", why="index out of range"),
    X("get", "get<0,2>({})", "(_8,(_4,_2)):(_1,(_8,_32))", why="index out of range"),
    X("select", "select<0,3>({})", "(_8,_4,_2):(_1,_8,_32)", why="index out of range"),
    X("take", "take<1,1>({})", "(_8,_4,_2):(_1,_8,_32)", why="empty range"),
    X("coalesce", "coalesce({}, {})", "(_8,_4):(_1,_8)", "(_1,_1,_1)", why="profile rank > layout rank"),
    X("make_ordered_layout", "make_ordered_layout({}, {})", "(_2,_4,_8)", "(_0,_1)", why="order rank != shape rank"),
    X("crd2idx", "crd2idx({}, {}, {})", "(_1,_2)", "(_2,_4,_8)", "(_1,_2,_8)", why="mismatched ranks"),
    X("zip", "zip({}, {})", "(_2,_3,_4)", "(_4,_5)", why="mismatched ranks"),
    # issue 12: arity and template arguments (expr._SIGS), Swizzle's limits (parse.swizzle_limit_error)
    X("composition", "composition({})", "(_4,_8):(_1,_4)", why="one argument"),
    X("size", "size({}, {})", "(_4,_8):(_1,_4)", "(_2,_2)", why="two arguments"),
    X("cosize", "cosize({}, {})", "(_4,_8):(_1,_4)", "_2", why="two arguments"),
    X("coalesce", "coalesce({}, {}, {})", "(_4,_8):(_1,_4)", "(_1,_1)", "_1", why="three arguments"),
    X("complement", "complement({}, {}, {})", "(_4)", "(_1)", "_16", why="three arguments"),
    X("left_inverse", "left_inverse({}, {})", "(_4,_8):(_1,_4)", "_2", why="two arguments"),
    X("logical_divide", "logical_divide({})", "(_4,_8):(_1,_4)", why="no tiler"),
    X("logical_product", "logical_product({}, {}, {})", "(_4,_8):(_1,_4)", "_2:_1", "_2:_1", why="three arguments"),
    X("blocked_product", "blocked_product({})", "(_4,_8):(_1,_4)", why="one argument"),
    X("max_common_vector", "max_common_vector({})", "(_4,_8):(_1,_4)", why="one argument"),
    X("idx2crd", "idx2crd({})", "5", why="one argument"),
    X("crd2idx", "crd2idx({})", "(1,2)", why="one argument"),
    X("congruent", "congruent({})", "(_4,_8)", why="one argument"),
    X("make_ordered_layout", "make_ordered_layout({})", "(_2,_4,_8)", why="no order"),
    X("append", "append({})", "(_4,_8)", why="an int tuple needs the appended element"),
    X("get", "get({})", "(_4,_8):(_1,_4)", why="no template argument"),
    X("take", "take<1>({})", "(_4,_8,_2):(_1,_4,_32)", why="one template argument"),
    X("upcast", "upcast({})", "(_4,_8):(_1,_4)", why="no template argument"),
    X("upcast", "upcast<2,2>({})", "(_4,_8):(_1,_4)", why="two template arguments"),
    X("recast_layout", "recast_layout<uint16_t>({})", "(_4,_8):(_1,_4)", why="one type"),
    X("take", "take<2,1>({})", "(_4,_8,_2)", why="static_assert(B <= E)"),
    X("take", "take<1,4>({})", "(_4,_8,_2)", why="E beyond the rank"),
    X("swizzle", "{}", "Sw<3,3,2>", why="abs(SShift) < BBits"),
    X("swizzle", "{}", "Sw<3,27,3>", why="mask shifted past 32 bits"),
    X("swizzle", "{}", "Sw<3,28,-3>", why="mask shifted past 32 bits"),
    X("swizzle", "{}", "Sw<31,0,31>", why="(1 << 31) - 1 overflows"),
    X("swizzle", "{}", "Sw<0,32,0>", why="shift by 32"),
    X("swizzle", "{}", "Sw<1,0,1000>", why="shift by 1000"),
    X("swizzle", "composition({}, {})", "Sw<2,30,2>", "_8:_1", why="mask shifted past 32 bits"),
]


def rejected_cases() -> list[tuple[str, str, str]]:
    return [(op, expr, why) for op, expr, _cpp, why in REJECTED]


def verify_rejected() -> list[str]:
    """Compile each REJECTED case alone; returns those that DO compile (i.e. wrongly listed).

    Each compile check is one recorded oracle batch ("compiles" or "rejected"), so the default test run
    answers from tests/oracle/records/ without g++."""
    import hashlib
    import tempfile
    from concurrent.futures import ThreadPoolExecutor
    from pathlib import Path

    from tests.oracle import records
    from tests.oracle.cute import CACHE, include_dirs, run_within

    pch: list[str] = []
    inc = include_dirs() or []
    if records.compiles():
        CACHE.mkdir(parents=True, exist_ok=True)
        pch = _pch(CACHE)
    tmp = Path(tempfile.mkdtemp())

    def one(k):
        op, expr, cpp, why = REJECTED[k]
        src, _ = _program([cpp])

        def compile_check() -> str:
            f = tmp / f"rej{k}.cpp"
            f.write_text(src)
            r = run_within(
                ["g++", *_FLAGS, *[f"-I{d}" for d in inc], *pch, "-fsyntax-only", str(f)], records.remaining()
            )
            if os.environ.get("VERBOSE"):
                err = next((l for l in r.stderr.splitlines() if " error: " in l), "")
                print(f"{expr}: {err.split(' error: ', 1)[-1][:150]}")
            return "rejected\n" if r.returncode else "compiles\n"

        key = "rej-" + hashlib.sha256(("-fsyntax-only\0" + src).encode()).hexdigest()[:24]
        verdict = records.answer(key, compile_check, what=f"the compile check of {expr}")
        return None if verdict == "rejected\n" else f"{expr}   [{cpp}]"

    with ThreadPoolExecutor(2) as ex:
        return [x for x in ex.map(one, range(len(REJECTED))) if x]


# ---------------------------------------------------------------------------------------------------
# Running the cases through real CuTe (batched, parallel, cached, self-pruning)
# ---------------------------------------------------------------------------------------------------

CRASH = "@@CUTEDUMP-CRASH@@"

_GUARD = r"""
#include <csignal>
#include <csetjmp>
static sigjmp_buf cutedump_jb;
static void cutedump_on_signal(int sig) { siglongjmp(cutedump_jb, sig); }
"""


@dataclass
class OracleResult:
    outputs: dict  # case index -> CuTe's printed text
    rejected: dict  # case index -> first compiler diagnostic (the case does not compile)
    static_rejected: set  # subset of rejected whose diagnostic is a static_assert
    crashed: set  # case index -> the program trapped (SIGFPE/SIGSEGV) in that case
    compile_seconds: float
    cached: bool


def _program(bodies: list[str]):
    from tests.oracle.cute import PRELUDE, SEP

    head = PRELUDE + _GUARD
    lines = head.count("\n")
    parts = [head]
    starts = []
    for i, body in enumerate(bodies):
        starts.append(lines + 1)
        text = f"static void case_{i}() {{\n{body}\n}}\n"
        parts.append(text)
        lines += text.count("\n")
    table = ", ".join(f"case_{i}" for i in range(len(bodies)))
    parts.append(
        "static void (*cutedump_cases[])() = {" + (table or "nullptr") + "};\n"
        "int main() {\n"
        "  signal(SIGFPE, cutedump_on_signal); signal(SIGSEGV, cutedump_on_signal);\n"
        f"  for (int i = 0; i < {len(bodies)}; ++i) {{\n"
        f'    printf("{SEP}\\n"); fflush(stdout);\n'
        "    if (sigsetjmp(cutedump_jb, 1) == 0) { cutedump_cases[i](); }\n"
        f'    else {{ printf("{CRASH}"); signal(SIGFPE, cutedump_on_signal); signal(SIGSEGV, cutedump_on_signal); }}\n'
        "    fflush(stdout);\n  }\n"
        f'  printf("{SEP}\\n");\n  return 0;\n}}\n'
    )
    return "".join(parts), starts


_GROUP = re.compile(
    r": (In instantiation of|In function|In member function|In lambda function|In substitution|"
    r"In static member function|In constructor)|^In file included from"
)


def _attribute(stderr: str, cpp_name: str, starts: list[int]) -> dict[int, str]:
    """Map compiler diagnostics to case indices: {index: 'static_assert: msg' | 'error: msg'}."""
    import bisect

    pat = re.compile(re.escape(cpp_name) + r":(\d+):")
    groups: list[list[str]] = [[]]
    for line in stderr.splitlines():
        if _GROUP.search(line) and groups[-1] and any("error" in l for l in groups[-1]):
            groups.append([])
        groups[-1].append(line)
    found: dict[int, str] = {}
    for grp in groups:
        idx = set()
        msg = None
        for line in grp:
            for m in pat.finditer(line):
                k = bisect.bisect_right(starts, int(m.group(1))) - 1
                if k >= 0:
                    idx.add(k)
            if msg is None and " error: " in line:
                msg = line.split(" error: ", 1)[1].strip()
        if not idx or msg is None:
            continue
        kind = "static_assert" if "static assert" in msg or "static_assert" in msg else "error"
        for k in idx:
            if k not in found or (found[k].startswith("error") and kind == "static_assert"):
                found[k] = f"{kind}: {msg[:300]}"
    return found


_PCH_HEADERS = """#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/util/print_latex.hpp>
#include <cute/util/print_svg.hpp>
#include <cstdio>
#include <csignal>
#include <csetjmp>
"""
_FLAGS = ["-std=c++17", "-O0", "-w"]


def _pch(cache_dir) -> list[str]:
    """Build (once) a precompiled header of the CuTe includes; returns the extra g++ flags, or [] if the
    PCH cannot be built (g++ then just parses the headers as usual)."""
    import hashlib
    import subprocess

    from tests.oracle.cute import include_dirs

    inc = include_dirs() or []
    ver = subprocess.run(["g++", "--version"], capture_output=True, text=True).stdout
    key = hashlib.sha256((_PCH_HEADERS + "\0".join(inc) + ver + " ".join(_FLAGS)).encode()).hexdigest()[:16]
    hdr = cache_dir / f"pch-{key}.hpp"
    gch = cache_dir / f"pch-{key}.hpp.gch"
    if not gch.exists():
        hdr.write_text(_PCH_HEADERS)
        tmp = cache_dir / f"pch-{key}.{os.getpid()}.tmp.gch"
        r = subprocess.run(
            ["g++", *_FLAGS, *[f"-I{d}" for d in inc], "-x", "c++-header", str(hdr), "-o", str(tmp)],
            capture_output=True,
            text=True,
        )
        if r.returncode != 0:
            return []
        tmp.replace(gch)
    return ["-include", str(hdr)]


def _compile_run(bodies: list[str], workdir, tag: str, pch: list[str] = ()):
    import subprocess

    from tests.oracle import records
    from tests.oracle.cute import SEP, include_dirs, run_within, unavailable_reason

    src, starts = _program(bodies)
    cpp = workdir / f"{tag}.cpp"
    exe = workdir / f"{tag}.exe"
    cpp.write_text(src)
    inc = include_dirs()
    if inc is None:
        raise RuntimeError(unavailable_reason())
    cmd = ["g++", *_FLAGS, *[f"-I{d}" for d in inc], *pch, str(cpp), "-o", str(exe)]
    r = run_within(cmd, records.remaining())
    if r.returncode != 0:
        bad = _attribute(r.stderr, str(cpp), starts)
        if not bad:
            raise RuntimeError("oracle compile failed and no case could be blamed:\n" + r.stderr[-4000:])
        return None, bad
    p = subprocess.run([str(exe)], capture_output=True, text=True, timeout=900)
    exe.unlink(missing_ok=True)
    cpp.unlink(missing_ok=True)
    parts = p.stdout.split(SEP + "\n")[1:]
    if p.returncode != 0 or len(parts) < len(bodies) + 1:
        raise RuntimeError(f"oracle program failed ({p.returncode}) after {len(parts)} cases:\n{p.stderr[-2000:]}")
    return parts[: len(bodies)], {}


def _run_batch(bodies: list[str], key: str, cache_dir, pch: list[str] = ()) -> dict:
    """One batch's answer: {"outputs": {i: text}, "rejected": {i: diagnostic}}, recorded as JSON."""
    import json

    from tests.oracle import records

    def compute() -> str:
        return json.dumps(_compile_batch(bodies, key, cache_dir, pch), sort_keys=True)

    def same(rec: str, fresh: str) -> bool:
        # outputs must be identical; a pruned case must be pruned for the same kind of reason (the wording of a
        # diagnostic varies between g++ builds)
        a, b = json.loads(rec), json.loads(fresh)
        kinds = lambda d: {k: v.split(":", 1)[0] for k, v in d["rejected"].items()}  # noqa: E731
        return a["outputs"] == b["outputs"] and kinds(a) == kinds(b)

    d = json.loads(
        records.answer(
            "alg-" + key, compute, what=f"an algebra batch of {len(bodies)} cases", ncases=len(bodies), same=same
        )
    )
    d["cached"] = not records.compiles()
    return d


def _compile_batch(bodies: list[str], key: str, cache_dir, pch: list[str] = ()) -> dict:
    """Compile and run one batch with real CuTe, pruning the cases CuTe rejects (build cache used when recording)."""
    import json
    import time

    from tests.oracle import records

    out_file = cache_dir / f"alg-{key}.json"
    if records.mode() == "record" and out_file.exists():
        d = json.loads(out_file.read_text())
        return {"outputs": d["outputs"], "rejected": d["rejected"]}
    alive = list(range(len(bodies)))
    rejected: dict[int, str] = {}
    t0 = time.time()
    for _round in range(8):
        import threading

        tag = f"alg-{key}-{os.getpid()}-{threading.get_ident()}"  # concurrent runs must not share files
        outs, bad = _compile_run([bodies[i] for i in alive], cache_dir, tag, pch)
        if outs is not None:
            break
        for k, why in bad.items():
            rejected[alive[k]] = why
        alive = [i for i in alive if i not in rejected]
    else:
        raise RuntimeError("oracle batch still fails to compile after 8 pruning rounds")
    d = {"outputs": {str(i): o for i, o in zip(alive, outs)}, "rejected": {str(k): v for k, v in rejected.items()}}
    tmp = out_file.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(dict(d, seconds=time.time() - t0)))
    tmp.replace(out_file)
    return d


def run_oracle(cases: list[Case], batch_size: int = 450, jobs: int = 2) -> OracleResult:
    """Compile and run every case with real CuTe; returns outputs by case index plus what was pruned."""
    import hashlib
    from concurrent.futures import ThreadPoolExecutor

    from tests.oracle.cute import CACHE

    CACHE.mkdir(parents=True, exist_ok=True)
    batches = [list(range(i, min(i + batch_size, len(cases)))) for i in range(0, len(cases), batch_size)]

    keys = []
    for b in batches:
        bodies = [cases[i].cpp for i in b]
        keys.append(hashlib.sha256(("\0".join(bodies) + _GUARD).encode()).hexdigest()[:24])
    from tests.oracle import records

    pch = _pch(CACHE) if records.compiles() else []

    def work(bk):
        b, key = bk
        return b, _run_batch([cases[i].cpp for i in b], key, CACHE, pch)

    outputs, rejected, crashed = {}, {}, set()
    secs = 0.0
    cached = True
    with ThreadPoolExecutor(max_workers=jobs) as ex:
        for b, d in ex.map(work, list(zip(batches, keys))):
            secs += d.get("seconds", 0.0)
            cached &= d["cached"]
            for k, o in d["outputs"].items():
                if o.endswith(CRASH) or CRASH in o:
                    crashed.add(b[int(k)])
                else:
                    outputs[b[int(k)]] = o
            for k, why in d["rejected"].items():
                rejected[b[int(k)]] = why
    static = {k for k, v in rejected.items() if v.startswith("static_assert")}
    return OracleResult(outputs, rejected, static, crashed, secs, cached)


if __name__ == "__main__":  # pragma: no cover - quick look
    import collections
    import sys

    if sys.argv[1:] == ["--verify-rejected"]:
        bad = verify_rejected()
        print("all rejected cases fail to compile" if not bad else "these compile:\n" + "\n".join(bad))
        sys.exit(1 if bad else 0)
    cs = generate(int(sys.argv[1]) if len(sys.argv) > 1 else 20250417)
    print(len(cs), collections.Counter(c.op for c in cs).most_common())
    for c in cs[:20]:
        print(c.expr, "\n   ", c.cpp)
