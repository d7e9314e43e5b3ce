"""DSL-spelled expressions with the Python that kernels write around layouts (tests/test_dsl_python.py), and the
families where the DSL's algebra was found to differ from C++ CuTe's on fresh seeds.

Python: slices of literal tuples (``mma_tiler[:2]``, ``t[1:]``, ``t[::-1]``), negative indices, ``a if c else b``
with comparisons and ``not``/``and``/``or``, ``(*t, 1)``, ``//`` ``%`` ``<<`` ``>>`` ``**``, ``len``/``sum`` (static)
and ``min``/``max``/``abs`` (dynamic inside ``@cute.jit``), tuple concatenation and repetition, ``L[i]`` (a layout's
mode) and ``.shape``/``.stride`` chains. Algebra: ``left_inverse``/``right_inverse`` of non-injective static layouts
(repeated and zero strides: the DSL sorts equal strides stably), ``composition`` of a layout with a dynamic extent by
an integral layout (the DSL coalesces a static result), ``cosize`` of layouts with dynamic extents and size-1 modes.
The DSL's answers are traced by :mod:`tests.oracle.gen_dsl` (its harness and records)."""

from __future__ import annotations

import random

from tests.oracle.gen_dsl import Case


def _tup(items):
    items = list(items)
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def _dyn(r, v, p):
    return f"cutlass.Int32({v})" if r.random() < p else str(v)


def _python_cases(r):
    out = []
    tiles = [(128, 256, 64), (64, 128, 32), (256, 128, 16), (128, 64, 64, 2), (32, 16)]
    t = r.choice(tiles)
    T = _tup(str(v) for v in t)
    n = len(t)
    a, b = sorted(r.sample(range(-n, n + 1), 2))
    sl = r.choice(
        (f"{T}[:2]", f"{T}[1:]", f"{T}[{a}:{b}]", f"{T}[::-1]", f"{T}[::2]", f"{T}[-2:]", f"{T}[:{a}]", f"{T}[{b}:]")
    )
    out.append(Case("py_slice", sl))
    out.append(Case("py_slice", f"cute.make_layout({sl})"))
    out.append(Case("py_slice", f"cute.make_ordered_layout({T}[:2], order=(1, 0))"))
    out.append(Case("py_slice", f"cute.zipped_divide(cute.make_layout({T}[:2]), {_tup(str(v // 2) for v in t[:2])})"))
    atom = r.choice(("cute.make_layout((8, 64), stride=(64, 1))", "cute.make_layout((64, 8), stride=(1, 64))"))
    out.append(Case("py_slice", f"cute.tile_to_shape({atom}, {T}[:2], (0, 1))"))
    out.append(Case("py_slice", f"cute.tile_to_shape({atom}, (*{T}[:2], 3), (0, 1, 2))"))
    i = r.randrange(-n, n + 1)
    out.append(Case("py_index", f"cute.make_layout(({T}[{i}], {T}[0] // 2))"))
    # conditionals
    x, y = r.choice((4, 8, 16, 64)), r.choice((2, 4, 32))
    op = r.choice(("==", "!=", "<", ">", "<=", ">="))
    c = r.choice(
        (
            f"{x} {op} {y}",
            f"{T}[0] {op} {x * 16}",
            f"not {x} {op} {y}",
            f"{x} > 2 and {y} < 8",
            f"{x} > 8 or {y} >= 32",
            f"{T}[:2] == {_tup(str(v) for v in t[:2])}",
            "True",
            "None",
        )
    )
    out.append(Case("py_cond", f"cute.make_layout(({x} if {c} else {y}, 4))"))
    out.append(Case("py_cond", f"{x} if {c} else {y}"))
    out.append(Case("py_cond", f"cute.make_layout({T}[:2] if {c} else {T}[1:])"))
    # star, concatenation, repetition
    k = r.choice((1, 2, 3))
    out.append(Case("py_star", f"cute.make_layout((*{T}[:2], {k}))"))
    out.append(Case("py_star", f"cute.make_layout(({k}, *{T}[1:]))"))
    out.append(Case("py_star", f"cute.make_layout({T}[:2] + ({k},))"))
    out.append(Case("py_star", f"cute.make_layout(({k},) * {r.choice((2, 3))})"))
    # integer operators and builtins
    e = r.choice(
        (
            f"1 << {r.randrange(7)}",
            f"{t[0]} >> {r.randrange(4)}",
            f"2 ** {r.randrange(7)}",
            f"{t[0]} // {x} % {y + 1}",
            f"len({T})",
            f"sum({T}[:2]) // 16",
            f"{t[0]} & {x * 3}",
            f"{t[0]} | {y}",
            f"{t[0]} ^ {y}",
            f"-{x} + {t[0]}",
            f"min({t[0]}, {t[1]})",
            f"max({t[0]}, {x})",
            f"abs(-{x})",
            f"int({x})",
        )
    )
    out.append(Case("py_int", f"cute.make_layout(({e}, {x}), stride=(1, {e}))"))
    out.append(Case("py_int", e))
    out.append(Case("py_int", f"cute.size(cute.make_layout(({e}, {x})))"))
    # a layout's modes and attributes
    L = f"cute.make_layout({T}[:3], stride={_tup(str(v) for v in r.sample((1, 8, 64, 256, 512), min(3, n)))})"
    m = r.randrange(-min(3, n), min(3, n))
    out.append(Case("py_mode", f"{L}[{m}]"))
    out.append(Case("py_mode", f"{L}.shape[{m}]"))
    out.append(Case("py_mode", f"{L}.stride[1:]"))
    out.append(Case("py_mode", f"cute.size({L}[{m}])"))
    out.append(Case("py_mode", f"cute.make_layout({L}.shape[::-1], stride={L}.stride[::-1])"))
    return out


def _inverse_cases(r):
    """Non-injective static layouts: repeated strides, zero strides, size-1 modes."""
    out = []

    def lay():
        k = r.choice((2, 3, 4, 5))
        sh = [r.choice((1, 2, 3, 4, 8, 16)) for _ in range(k)]
        base = r.choice((1, 2, 4))
        st = [r.choice((0, base, base, 2 * base, 4 * base, 8 * base, 32, 64)) for _ in range(k)]
        if r.random() < 0.5:  # nest the first two modes
            return f"cute.make_layout(({_tup(map(str, sh[:2]))}, {', '.join(map(str, sh[2:]))}), stride=(" + (
                f"{_tup(map(str, st[:2]))}, {', '.join(map(str, st[2:]))}))"
            )
        return f"cute.make_layout({_tup(map(str, sh))}, stride={_tup(map(str, st))})"

    for _ in range(2):
        out.append(Case("left_inverse_ni", f"cute.left_inverse({lay()})"))
        out.append(Case("right_inverse_ni", f"cute.right_inverse({lay()})"))
    out.append(Case("max_common_ni", f"cute.max_common_layout({lay()}, {lay()})"))
    return out


def _dyn_cases(r):
    out = []
    s0, s1 = r.choice((2, 4, 8)), r.choice((2, 4, 8))
    d0 = r.choice((0, 1, 2))
    d1 = r.choice((0, s0 * d0, s0 * d0 * 2, 8)) or 0
    dyn = f"cutlass.Int32({r.choice((2, 4, 8))})"
    lay = r.choice(
        (
            f"cute.make_layout(({s0}, {dyn}), stride=({d0}, {d1}))",
            f"cute.make_layout(({s0}, {s1}, {dyn}), stride=({d0}, {s0 * d0}, {d1}))",
            f"cute.make_layout((({s0},), {dyn}), stride=(({d0},), {d1}))",
        )
    )
    rhs = r.choice(
        (f"cute.make_layout({r.choice((4, 8, 16, 32))}, stride={r.choice((1, 2))})", str(r.choice((4, 8, 16))))
    )
    out.append(Case("composition_dynlast", f"cute.composition({lay}, {rhs})"))
    out.append(Case("logical_divide_dynlast", f"cute.logical_divide({lay}, {r.choice((4, 8, 16))})"))
    shs = [r.choice(("1", "2", "4", dyn)) for _ in range(r.choice((2, 3)))]
    sts = [r.choice(("0", "1", "2", "8", "cutlass.Int32(3)")) for _ in shs]
    lay2 = f"cute.make_layout(({_tup(shs)}, 2), stride=({_tup(sts)}, 8))"
    out.append(Case("cosize_dyn", f"cute.cosize({lay2}, mode=[0])"))
    out.append(Case("cosize_dyn", f"cute.cosize(cute.make_layout({_tup(shs)}, stride={_tup(sts)}))"))
    out.append(Case("eval_dyn", f"cute.make_layout({_tup(shs)}, stride={_tup(sts)})({r.choice((0, 1, 3))})"))
    return out


def generate(seed: int = 20261127, n: int = 40) -> list[Case]:
    r = random.Random(seed)
    cases = []
    for _ in range(n):
        cases += _python_cases(r) + _inverse_cases(r) + _dyn_cases(r)
    cases += [Case("py_edge", e) for e in EXTRA]
    seen, out = set(), []
    for c in cases:
        if c.expr not in seen:
            seen.add(c.expr)
            out.append(c)
    return out


#: hand-written cases (each family's edges: probes of the DSL while the families above were matched)
EXTRA = (
    "cute.make_layout((128, 256, 64)[:2], stride=(1, 128))",
    "cute.make_layout((128, 256, 64)[1:])",
    "cute.make_layout((128, 256, 64)[-1])",
    "cute.make_layout((128, 256, 64)[::2])",
    "cute.make_layout(((128, 256, 64)[0], 4))",
    "cute.make_layout(len((1, 2, 3)))",
    "cute.make_layout(min(128, 64))",
    "cute.make_layout(max(128, 64, 32))",
    "cute.make_layout((*(4, 8), 2))",
    "cute.make_layout((2, *(4, 8)))",
    "cute.make_layout(4 if True else 8)",
    "cute.make_layout(4 if 2 > 3 else 8)",
    "cute.make_layout((256 // 3, 7 % 4))",
    "cute.make_layout((1 << 4, 64 >> 2))",
    "cute.make_layout(cute.ceil_div(100, 16))",
    "cute.ceil_div(100, 16)",
    "cute.ceil_div((100, 33), (16, 8))",
    "cute.round_up(100, 16)",
    "cute.round_up((100, 33), (16, 8))",
    "cute.make_layout((4, 8)).shape",
    "cute.make_layout((4, 8)).stride",
    "cute.make_layout((4, 8), stride=(8, 1)).stride[0]",
    "cute.make_layout(cute.make_layout((4, 8)).shape[1])",
    "cute.product((4, (8, 2)))",
    "cute.product_each((4, (8, 2)))",
    "cute.shape_div((16, 8), (4, 2))",
    "cute.shape_div(16, 4)",
    "cute.prepend((4, 8), 2)",
    "cute.append((4, 8), 2)",
    "cute.prepend(cute.make_layout((4, 8)), cute.make_layout(2))",
    "cute.append(cute.make_layout((4, 8)), cute.make_layout(2))",
    "cute.elem_less((1, 2), (3, 4))",
    "cute.crd2idx((1, 2), cute.make_layout((4, 8)))",
    "cute.crd2idx((1, 2), (4, 8), (8, 1))",
    "cute.idx2crd(5, (4, 8))",
    "cute.make_int_tuple(4, 8)",
    "cute.size((4, (8, 2)))",
    "cute.size((4, (8, 2)), mode=[1])",
    "cute.make_layout((4, 8)).shape[0] * 2",
    "cute.make_shape(4, 8)",
    "cute.make_stride(4, 8)",
    "cute.make_layout(cute.make_shape(4, 8), stride=cute.make_stride(8, 1))",
    "cute.size(cute.make_layout((4, 8)))",
    "cute.cosize(cute.make_layout((4, 8), stride=(1, 8)))",
    "cute.make_layout((4, 8))[1]",
    "cute.make_layout((4, (8, 2)))[1]",
    "cute.make_layout((4, 8))(3)",
    "cute.make_layout((4, 8))((1, 2))",
    "cute.make_layout((4, 8), stride=(8, 1)).shape[-1]",
    "(1, 2, 3)[1:]",
    "(128, 256, 64)[:2]",
    "len((128, 256, 64))",
    "min(3, 4)",
    # tuple(...) is left to tests/oracle/gen_dsl_classes.py: this program's namespace holds vars(cute), whose module
    # ``tuple`` hides Python's (a TypeError no kernel meets)
    "cute.make_layout([4, 8])",
    "cute.make_layout((4, 8), stride=[8, 1])",
    "cute.make_layout(abs(-4))",
    "cute.make_layout(-(-4))",
    "cute.make_layout(2 ** 3)",
    "cute.make_layout((4, 8) + (2,))",
    "cute.make_layout((4,) * 3)",
    "cute.flatten((4, (8, 2)))",
    "cute.rank((4, (8, 2)))",
    "cute.depth((4, (8, 2)))",
    "cute.get((4, (8, 2)), mode=[1, 0])",
    "cute.select((4, 8, 2), mode=[0, 2])",
    "cute.group_modes((4, 8, 2), 0, 2)",
    "cute.is_static((4, 8))",
    "cute.is_static(cute.make_layout((4, 8)))",
    "cute.make_layout((4, 8)).shape == (4, 8)",
    "cute.tile_to_shape(cute.make_layout((8, 64), stride=(64, 1)), (128, 256, 64)[:2], (0, 1))",
    "cute.zipped_divide(cute.make_layout((128, 64)), (128, 256, 64)[:2])",
    "cute.size(cute.make_layout((4, 8)), mode=[0])",
    "cute.size_in_bytes(cutlass.Float16, cute.make_layout((4, 8)))",
    "cute.recast_layout(16, 8, cute.make_layout((4, 8)))",
    "cute.make_layout(16 * 8 // 4)",
    "cute.make_layout((8 + 8, 4 - 2))",
    "cute.make_layout(8 if (4, 8)[0] == 4 else 16)",
    "cute.make_layout((4, 8))[0]",
    "cute.make_layout(sum((1, 2, 3)))",
    "cute.slice_((4, (8, 2)), (None, 0))",
    "cute.dice((4, (8, 2)), (1, None))",
    "cute.make_layout(((128, 256, 64)[0] // 2, (128, 256, 64)[2]))",
    "cute.make_layout((4, 8)).shape[0]",
    "cute.make_ordered_layout((4, 8, 2), order=(2, 0, 1)).stride",
    "cute.make_layout(cute.size((4, 8)))",
    "cute.has_underscore((None, 4))",
    "cute.prepend_ones((4, 8), up_to_rank=4)",
    "cute.append_ones((4, 8), up_to_rank=4)",
    "cute.make_layout(cute.prepend_ones((4, 8), up_to_rank=4))",
    "cute.filter_zeros((4, 8), (0, 1))",
    "cute.make_layout((4, 8)) == cute.make_layout((4, 8))",
    "cute.make_layout((0, 8))",
    "cute.make_layout(0)",
    "cute.make_layout((-2, 8))",
    "cute.make_layout((2, 8), stride=(-1, 2))",
    "cute.make_layout((2, 8), stride=(0, 0))",
    "cute.make_ordered_layout((0, 8), order=(1, 0))",
    "cute.size((0, 8))",
    "cute.make_identity_tensor((0, 8))",
    "cute.make_layout((cutlass.Int32(0), 8))",
    "cute.make_layout((4, 8))[-1]",
    "cute.make_layout((4, 8))[2]",
    "cute.make_layout((4, 8)).shape[-1]",
    "cute.make_layout(4)[0]",
    "cute.make_layout(4)[1]",
    "cute.make_layout(((4, 2), 8))[0]",
    "cute.make_layout(((4, 2), 8))[0][1]",
    "-64 + 64",
    "4 + 4",
    "size((4, 8))",
    "cute.make_layout((4, 8))[True]",
    "cute.make_composed_layout(cute.make_swizzle(3, 4, 3), 0, cute.make_layout((8, 64), stride=(64, 1))).offset",
    "cute.make_composed_layout(cute.make_swizzle(3, 4, 3), 4, cute.make_layout((8, 64), stride=(64, 1))).offset",
    "cute.make_composed_layout(cute.make_swizzle(3, 4, 3), 0, cute.make_layout((8, 64), stride=(64, 1))).outer",
    "cute.make_composed_layout(cute.make_swizzle(3, 4, 3), 0, cute.make_layout((8, 64), stride=(64, 1))).inner",
    "cute.make_composed_layout(cute.make_swizzle(3, 4, 3), 0, cute.make_layout((8, 64), stride=(64, 1))).shape",
    "cute.make_composed_layout(cute.make_swizzle(3, 4, 3), 0, cute.make_layout((8, 64), stride=(64, 1))).outer.stride",
    "cute.make_composed_layout(cute.make_swizzle(3, 4, 3), 0, cute.make_layout((8, 64), stride=(64, 1)))[0]",
    "cute.make_layout((4, 8)).outer",
    "cute.has_underscore((2, 4))",
    "cute.size_in_bytes(cutlass.Float8E4M3FN, cute.make_layout((4, 8), stride=(1, 8)))",
    "cute.make_layout((4, 8)) == cute.make_layout((4, 8), stride=(8, 1))",
    "(4, 8) == (4, 8)",
    "cute.size((4, 8)) == 32",
    "cute.rank(cute.make_layout((4, (8, 2)))) > 1",
    "cute.make_layout((4, 8)).shape[0] if cute.size(cute.make_layout((4, 8))) > 16 else 1",
    "cute.make_layout((4, 8), stride=(8, 1)).shape[::-1]",
    "cute.make_layout((2, 4)) if True else None",
    "cute.make_layout((cutlass.Int32(4), 8)).shape[0] == 4",
    "cute.make_layout((cutlass.Int32(4), 8))[0]",
    "cute.make_layout(cutlass.Int32(4) if True else 8)",
    "cute.make_layout((4, 8))[0:1]",
    "(4, 8, 2)[5:]",
    "cute.make_layout((4, 8, 2)[5:])",
    "cute.make_layout(())",
    "len(cute.make_layout((4, 8)).shape)",
    "len(cute.make_layout((4, 8)))",
    "cute.size(cute.make_layout((4, 8, 2)), mode=[-1])",
    "cute.get((4, 8, 2), mode=[-1])",
    "cute.make_layout((4, 8, 2))(-1)",
    "(4, 8) * 2",
    "(4, 8) + 2",
    "cute.make_layout(True)",
    "cute.make_layout((2, True))",
    "cute.make_layout(4 // 0)",
    "cute.make_layout(4 % 3 + 0x10)",
    "cute.make_layout(1_024)",
    "cute.make_layout(3 ** 2)",
    "cute.make_layout(-(-3) ** 2)",
    "cute.make_layout(2 ** -1)",
    "cute.make_layout(1 << 3 + 1)",
    "cute.make_layout(8 >> 1 << 2)",
    "cute.make_layout(not 0)",
    "cute.make_layout(0 or 4)",
    "cute.make_layout(4 and 8)",
    "cute.make_layout(None or 4)",
    "cute.make_layout((1, 2, 3)[1:2])",
    "cute.make_layout((1, 2, 3)[:-1], stride=(1, 2, 3)[1:])",
    "cute.make_layout((*(4, 8),))",
    "cute.make_layout((*(4, (8, 2)), *(3,)))",
    "cute.make_layout(((*(4, 8),), 2))",
    "cute.make_layout((4, 8), stride=(*(1,), 4))",
    "cute.composition(cute.make_layout((4, 8)), (*(2, 4),))",
    "cute.make_layout((4, 8)).shape + (2,)",
    "cute.make_layout(cute.make_layout((4, 8)).shape + (2,))",
    "min((4, 8))",
    "max(4, cutlass.Int32(8))",
    "cute.cosize(cute.make_layout((cutlass.Int32(4), 4), stride=(0, 1)))",
    "cute.cosize(cute.make_layout((cutlass.Int32(4), 4), stride=(0, 1)), mode=[0])",
    "cute.cosize(cute.make_layout(((cutlass.Int32(4), 4), 2), stride=((0, 1), 8)), mode=[0])",
    "cute.cosize(cute.make_layout(((1, cutlass.Int32(4)), 2), stride=((cutlass.Int32(3), 0), 8)), mode=[0])",
    "cute.cosize(cute.make_layout((1, cutlass.Int32(4)), stride=(cutlass.Int32(3), 0)))",
    "cute.cosize(cute.make_layout(((1, cutlass.Int32(4)), 2), stride=((cutlass.Int32(3), 0), 8)))",
    "cute.cosize(cute.make_layout(((1, 4), 2), stride=((cutlass.Int32(3), 1), 8)), mode=[0])",
    "cute.cosize(cute.make_layout(((1, 4), 2), stride=((cutlass.Int32(3), 1), 8)))",
    "cute.cosize(cute.make_layout((cutlass.Int32(4), 4), stride=(0, 2)), mode=[0])",
    "cute.cosize(cute.make_layout(((cutlass.Int32(4), 4), 2), stride=((0, 2), 8)), mode=[0])",
    "cute.cosize(cute.make_layout(((cutlass.Int32(4), 1), 2), stride=((0, cutlass.Int32(5)), 8)), mode=[0])",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(0, 0)), cute.make_layout(8, stride=2))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(1, 0)), cute.make_layout(16, stride=1))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(1, 8)), cute.make_layout(16, stride=1))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(0, 0)), cute.make_layout(16, stride=1))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(0, 0)), cute.make_layout((4, 2)))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(2, 0)), cute.make_layout(16, stride=2))",
    "cute.composition(cute.make_layout((4, 2, cutlass.Int32(8)), stride=(0, 0, 0)), cute.make_layout(16, stride=1))",
    "cute.composition(cute.make_layout((4, cutlass.Int32(8)), stride=(0, 0)), cute.make_layout(16, stride=1))",
    "cute.composition(cute.make_layout((4, cutlass.Int32(8), 2), stride=(0, 0, 0)), cute.make_layout(16, stride=1))",
    "cute.composition(cute.make_layout((4, cutlass.Int32(8)), stride=(0, 0)), cute.make_layout(2, stride=2))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(0, 1)), cute.make_layout(16, stride=1))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(0, 0)), cute.make_layout((2, 3), stride=(3, 1)))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(0, 0)), cute.make_layout(8, stride=1))",
    "cute.composition(cute.make_layout(((8,), cutlass.Int32(8)), stride=((0,), 0)), cute.make_layout(8, stride=2))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(0, cutlass.Int32(8))), cute.make_layout(16, stride=1))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(4, 0)), cute.make_layout(16, stride=1))",
    "cute.coalesce(cute.make_layout((8, cutlass.Int32(8)), stride=(1, 8)))",
    "cute.coalesce(cute.make_layout((8, cutlass.Int32(8)), stride=(0, 0)))",
    "cute.coalesce(cute.make_layout((cutlass.Int32(8), 8), stride=(1, 8)))",
    "cute.coalesce(cute.make_layout((cutlass.Int32(8), 8), stride=(0, 0)))",
    "cute.composition(cute.make_layout((cutlass.Int32(8), 8), stride=(0, 0)), cute.make_layout(16, stride=1))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(1, 8)), cute.make_layout(4, stride=1))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(1, 8)), cute.make_layout(4, stride=2))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(1, 8)), cute.make_layout(32, stride=2))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(1, 8)), cute.make_layout((4, 4), stride=(1, 8)))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(1, 8)), 16)",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(0, 0)), 16)",
    "cute.composition(cute.make_layout((4, 2, cutlass.Int32(8)), stride=(1, 4, 8)), cute.make_layout(16, stride=1))",
    "cute.composition(cute.make_layout((4, 2, cutlass.Int32(8)), stride=(1, 4, 8)), cute.make_layout(64, stride=1))",
    "cute.composition(cute.make_layout((4, 2, cutlass.Int32(8)), stride=(2, 8, 16)), cute.make_layout(16, stride=1))",
    "cute.composition(cute.make_layout((4, cutlass.Int32(8), 2), stride=(1, 4, 0)), cute.make_layout(16, stride=1))",
    "cute.composition(cute.make_layout((4, cutlass.Int32(2), 2), stride=(1, 4, 8)), cute.make_layout(16, stride=1))",
    "cute.composition(cute.make_layout((2, 4, cutlass.Int32(8)), stride=(0, 0, 0)), cute.make_layout(16, stride=1))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(1, cutlass.Int32(8))), cute.make_layout(16, stride=1))",
    "cute.logical_divide(cute.make_layout((8, cutlass.Int32(8)), stride=(1, 8)), 16)",
    "cute.composition(cute.make_layout((8, 4, cutlass.Int32(8)), stride=(1, 8, 32)), cute.make_layout(64, stride=1))",
    "cute.composition(cute.make_layout((8, 4, cutlass.Int32(8)), stride=(1, 8, 32)), cute.make_layout(128, stride=2))",
    "cute.composition(cute.make_layout((8, cutlass.Int32(8)), stride=(2, 16)), cute.make_layout(16, stride=1))",
    "cutlass.Float16 == cutlass.Float16",
    "cutlass.Float16 == cutlass.BFloat16",
    "cutlass.Float16 != cutlass.BFloat16",
    "cute.nvgpu.warpgroup.OperandMajorMode.K == cute.nvgpu.warpgroup.OperandMajorMode.K",
    "cute.nvgpu.tcgen05.OperandMajorMode.K == cute.nvgpu.warpgroup.OperandMajorMode.K",
    "cute.nvgpu.tcgen05.CtaGroup.ONE == cute.nvgpu.tcgen05.CtaGroup.TWO",
    "cutlass.utils.LayoutEnum.ROW_MAJOR == 1",
    "cute.make_layout(8 if cutlass.Float16.width == 16 else 4)",
    "cute.make_layout(128 // cutlass.BFloat16.width)",
    "cute.make_layout((1, 8)) if cutlass.utils.LayoutEnum.ROW_MAJOR == cutlass.utils.LayoutEnum.ROW_MAJOR else cute.make_layout((8, 1))",
    "cute.make_layout((1, 8)) if cutlass.utils.LayoutEnum.COL_MAJOR != cutlass.utils.LayoutEnum.ROW_MAJOR else cute.make_layout((8, 1))",
    "cute.complement(cute.make_layout(1), (cutlass.Int32(6), cutlass.Int32(16)))",
    "cute.complement(cute.make_layout(2), (cutlass.Int32(6), cutlass.Int32(16)))",
    "cute.complement(cute.make_layout(2), (cutlass.Int32(6), 16))",
    "cute.complement(cute.make_layout(2), (4, 16))",
    "cute.complement(cute.make_layout(2), (cutlass.Int32(6), cutlass.Int32(16), 4))",
    "cute.complement(cute.make_layout(2, stride=2), (cutlass.Int32(6), cutlass.Int32(16)))",
    "cute.logical_divide(cute.make_layout((cutlass.Int32(6), cutlass.Int32(16)), stride=(8, 8)), 1)",
    "cute.logical_divide(cute.make_layout((cutlass.Int32(6), cutlass.Int32(16)), stride=(1, 8)), 2)",
    "cute.logical_divide(cute.make_layout((cutlass.Int32(6), cutlass.Int32(16))), 2)",
    "cute.logical_divide(cute.make_layout((4, cutlass.Int32(6), cutlass.Int32(16))), 2)",
    "cute.logical_divide(cute.make_layout((cutlass.Int32(6), 4, cutlass.Int32(16))), 2)",
    "cute.composition(cute.make_layout((cutlass.Int32(6), cutlass.Int32(16)), stride=(8, 8)), cute.make_layout((cutlass.Int32(6), cutlass.Int32(16))))",
    "cute.complement(cute.make_layout(1), cutlass.Int32(16))",
    "cute.complement(cute.make_layout(2), (cutlass.Int32(6), (cutlass.Int32(16), cutlass.Int32(2))))",
    "cute.complement(cute.make_layout(1), (4, 16))",
    "cute.complement(cute.make_layout(1), (4, cutlass.Int32(16)))",
    "cute.complement(cute.make_layout(1), (cutlass.Int32(4), 16, cutlass.Int32(3)))",
    "cute.complement(cute.make_layout(4, stride=0), (cutlass.Int32(6), cutlass.Int32(16)))",
    "cute.complement(cute.make_layout(1), ((cutlass.Int32(6), cutlass.Int32(16)), 2))",
    "cute.complement(cute.make_layout(1), 16)",
    "cute.logical_divide(cute.make_layout((cutlass.Int32(6), cutlass.Int32(16)), stride=(1, 8)), 1)",
    "cute.logical_divide(cute.make_layout((4, 16)), 1)",
    "cute.logical_divide(cute.make_layout((cutlass.Int32(6), cutlass.Int32(16)), stride=(1, 8)), cute.make_layout(4, stride=0))",
    "cutlass.const_expr(4)",
    "cute.make_layout(cutlass.const_expr(4))",
    "cutlass.const_expr(4 > 2)",
    "cute.make_layout(4 if cutlass.const_expr(2 > 1) else 8)",
    "cutlass.min(4, 8)",
    "cutlass.max(4, 8)",
    "cute.make_layout(cutlass.min(4, 8))",
    "cute.arch.WARP_SIZE",
    "cute.make_layout(cute.arch.WARP_SIZE)",
    "cute.make_layout((4, 8)).shape[0] * cute.make_layout((4, 8)).shape[1]",
    "cutlass.Int32(4) + 4",
    "cute.make_layout((cutlass.Int32(4) + 4, 8))",
    "cute.make_layout(cutlass.Float16.width // 2)",
    "cutlass.Float16.width",
    "cute.size(cute.make_layout((4, 8)).shape)",
    "cute.make_layout(((4, 8)[0], (4, 8)[1]), stride=((4, 8)[1], 1))",
    "cute.make_layout((4, 8))[0].shape",
    "cute.rank((4, 8)[0:])",
    "cute.make_layout(((2, 4), 8)).shape[0][1]",
    "cute.make_layout(((2, 4), 8)).stride[0][-1]",
    "cute.make_layout(cute.make_layout(((2, 4), 8)).shape[0][::-1])",
    "cute.make_layout(((2, 4), 8), stride=((8, 1), 16))[0][1]",
    "cutlass.min(4, cutlass.Int32(8))",
    "cutlass.min((4, 8), (2, 16))",
    "cutlass.max(4)",
    "cutlass.min(4, 8, 2)",
    "cute.make_layout((cutlass.max(4, 8), cutlass.min(128 // 8, 8)))",
    "cute.round_up((128, 192, 64)[1], 128) // 128",
    "cute.tiled_divide(cute.make_layout((2, 1, 1)), (cutlass.utils.blackwell_helpers.make_trivial_tiled_mma(cutlass.BFloat16, cute.nvgpu.tcgen05.OperandMajorMode.K, cute.nvgpu.tcgen05.OperandMajorMode.K, cutlass.Float32, cute.nvgpu.tcgen05.CtaGroup.TWO, (256, 192, 64)[:2]).thr_id.shape,))",
    "cutlass.utils.blackwell_helpers.compute_epilogue_tile_shape((128, 192, 64), False, cutlass.utils.LayoutEnum.ROW_MAJOR, cutlass.BFloat16, layout_c=cutlass.utils.LayoutEnum.ROW_MAJOR, elem_ty_c=cutlass.BFloat16)",
    "cutlass.utils.blackwell_helpers.compute_epilogue_tile_shape((128, 224, 64), False, cutlass.utils.LayoutEnum.ROW_MAJOR, cutlass.BFloat16, layout_c=cutlass.utils.LayoutEnum.ROW_MAJOR, elem_ty_c=cutlass.BFloat16)",
    "(128, 224, 64)[1] % cute.size(cutlass.utils.blackwell_helpers.compute_epilogue_tile_shape((128, 224, 64), False, cutlass.utils.LayoutEnum.ROW_MAJOR, cutlass.BFloat16, layout_c=cutlass.utils.LayoutEnum.ROW_MAJOR, elem_ty_c=cutlass.BFloat16)[1]) != 0",
    "cute.make_layout((32 // 1, 1), stride=(1, (128, 224, 64)[1] // 1))",
    "cute.coalesce(cute.make_layout((32 // 2, 2), stride=(1, (64, 224, 64)[1] // 2)))",
    "cute.zipped_divide(cute.make_layout((128, 192, 64)[:2]), cutlass.utils.blackwell_helpers.compute_epilogue_tile_shape((128, 192, 64), False, cutlass.utils.LayoutEnum.ROW_MAJOR, cutlass.BFloat16)).shape[1]",
    "cute.make_ordered_layout(cute.zipped_divide(cute.make_layout((128, 192, 64)[:2]), cutlass.utils.blackwell_helpers.compute_epilogue_tile_shape((128, 192, 64), False, cutlass.utils.LayoutEnum.ROW_MAJOR, cutlass.BFloat16)).shape[1], order=(0, 1) if False else (1, 0))",
    "cute.size(cute.zipped_divide(cute.make_layout((128, 256, 64)[:2]), (128, 32)).shape[1])",
    "cute.make_layout((128 // (cute.size((128, 256, 64)[2]) // 8), cute.size((128, 256, 64)[2]) // 8), stride=(cute.size((128, 256, 64)[2]) // 8, 1))",
    "cute.make_layout((cute.size((128, 256, 64)[0]) // 8, 128 // (cute.size((128, 256, 64)[0]) // 8)), stride=(1, cute.size((128, 256, 64)[0]) // 8))",
    "cute.make_layout((1, 8)) if cutlass.utils.LayoutEnum.COL_MAJOR == cutlass.utils.LayoutEnum.ROW_MAJOR else cute.make_layout((8, 1))",
    "cute.make_layout((4, 3))",
    "cute.composition(cute.make_identity_layout((cutlass.Int32(4096), cutlass.Int32(4096))), (128, 32))",
    "cute.prepend(cute.make_layout((cutlass.Int32(32), cutlass.Int32(4)), stride=(1, cutlass.Int32(32))), cute.make_layout(256))",
    "cute.make_layout((4, 2))",
    "cute.flat_divide(cute.make_identity_tensor((128, 256)), (128, 32))",
    "cute.ceil_div((128, 256, 64)[0], 128) + cute.ceil_div((128, 256, 64)[1], 128)",
    "cute.ceil_div(4096 % (128, 256, 64)[2], 16) % 4",
    "cute.make_layout(((64, 128, 64)[0] // 64, 2), stride=(1, 0))",
    "cute.composition(cute.make_layout((8,)), 1)",
    "cute.composition(cute.make_layout(8), 1)",
    "cute.composition(cute.make_layout(8, stride=2), 1)",
    "cute.composition(cute.make_layout((8, 4)), 1)",
    "cute.composition(cute.make_layout((8, 4), stride=(4, 1)), 1)",
    "cute.composition(cute.make_layout((8, 4)), 2)",
    "cute.composition(cute.make_layout((8, 4)), cute.make_layout(1))",
    "cute.composition(cute.make_layout((8, 4)), cute.make_layout(1, stride=1))",
    "cute.composition(cute.make_layout((8, 4)), cute.make_layout((1, 2)))",
    "cute.composition(cute.make_layout((cutlass.Int32(8), 4)), 1)",
    "cute.composition(cute.make_layout((8, 4)), (1, 1))",
    "cute.logical_divide(cute.make_layout((8, 4)), 1)",
    "cute.logical_divide(cute.make_layout(8, stride=2), 1)",
    "cute.composition(cute.make_layout(8, stride=2), cute.make_layout(1))",
)
