"""Classes of DSL answers (issue 42, "The DSL spellings") against the CuTe DSL 4.8.1 traced on the CPU.

One generator per class: seeded cases of that class only, so a class is checked on cases the fix never saw
(``CUTEDUMP_DSL_CLASS_SEED``). The program is gen_dsl.py's with a namespace a DSL user has: ``cute``, ``cutlass``,
``warpgroup``, ``tcgen05``, ``math`` and Python's builtins (gen_dsl.py's namespace also holds every name of ``cute``,
whose module ``tuple`` hides the builtin). Answers are recorded per batch (tests/oracle/records.py).
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys

PROGRAM = r"""
import json, sys, math
import cutlass
import cutlass.cute as cute
from cutlass.cute.nvgpu import warpgroup, tcgen05
exprs = json.loads(sys.stdin.read())
ns = {"cute": cute, "cutlass": cutlass, "warpgroup": warpgroup, "tcgen05": tcgen05, "math": math}
out = []
def run_all():
    for e in exprs:
        try:
            out.append(["ok", str(eval(e, ns))])
        except Exception as ex:
            out.append(["error", type(ex).__name__])
@cute.jit
def traced():
    run_all()
traced()
sys.stdout.write(json.dumps(out))
"""

DTYPES = ("Float16", "BFloat16", "Float32", "TFloat32", "Float8E4M3FN", "Int8")


def _inter_atom(r):
    mod = r.choice(("warpgroup", "tcgen05"))
    kind = r.choice(("K_INTER", "MN_INTER"))
    return f"{mod}.make_smem_layout_atom({mod}.SmemLayoutAtomKind.{kind}, cutlass.{r.choice(DTYPES)})"


def _noop_composed(r):
    """A layout composed with a no-op swizzle: an INTER atom, or make_composed_layout of S<0,m,s>."""
    if r.random() < 0.6:
        return _inter_atom(r)
    shape = tuple(r.choice((2, 4, 8)) for _ in range(r.choice((1, 2, 2, 3))))
    return f"cute.make_composed_layout(cute.make_swizzle(0, {r.choice((1, 2, 3, 4))}, {r.choice((1, 3, 4))}), 0, cute.make_layout({shape}))"  # noqa: E501


def _tiler(r):
    return "(" + ", ".join(str(r.choice((1, 2, 4, 8))) for _ in range(r.choice((1, 2)))) + ("," if False else ")")


def inter_cases(r, n):
    """The no-op swizzle S<0,4,3> kept through the algebra."""
    ops = (
        "cute.coalesce({x})",
        "cute.logical_divide({x}, {t})",
        "cute.zipped_divide({x}, {t})",
        "cute.tiled_divide({x}, {t})",
        "cute.flat_divide({x}, {t})",
        "cute.logical_product({x}, cute.make_layout({k}))",
        "cute.blocked_product({x}, cute.make_layout(({k}, {k2})))",
        "cute.raked_product({x}, cute.make_layout(({k}, {k2})))",
        "cute.composition({x}, {t})",
        "cute.composition({x}, cute.make_layout({k}, stride={k2}))",
        "cute.select({x}, [1, 0])",
        "cute.get({x}, mode=[{m}])",
        "cute.slice_({x}, (None, {m}))",
        "cute.slice_({x}, ({m}, None))",
        "cute.flatten({x})",
        "cute.group_modes({x}, 0, 2)",
        "cute.append({x}, cute.make_layout({k}))",
        "cute.prepend({x}, cute.make_layout({k}))",
        "cute.filter({x})",
        "cute.coalesce({x}, target_profile=(1, 1))",
        "cute.tile_to_shape({x}, ({k3}, {k3}), order=({o}))",
        "cute.coalesce(cute.tile_to_shape({x}, ({k3}, {k3}), order=({o})))",
        "cute.logical_divide({x}, (cute.make_layout({k}), None))",
        "cute.size({x})",
        "cute.cosize({x})",
    )
    out = []
    for _ in range(n):
        op = r.choice(ops)
        x = _noop_composed(r) if "make_composed_layout" not in op else _inter_atom(r)
        if op.startswith(("cute.prepend", "cute.append")) and r.random() < 0.3:
            x = f"warpgroup.make_smem_layout_atom(warpgroup.SmemLayoutAtomKind.K_SW{r.choice((32, 64, 128))}, cutlass.Float16)"  # noqa: E501
        out.append(
            op.format(
                x=x,
                t=_tiler(r),
                k=r.choice((1, 2, 4)),
                k2=r.choice((1, 2, 4)),
                k3=r.choice((32, 64, 128)),
                m=r.choice((0, 1)),
                o=r.choice(("0, 1", "1, 0")),
            )
        )
    return out


#: argument kinds: a layout, a swizzled composed layout, a no-op composed one, a swizzle, an int, a shape, a tensor
def _kind(r, k):
    sh = "(" + ", ".join(str(r.choice((2, 4, 8))) for _ in range(r.choice((1, 2, 2, 3)))) + ",)"
    sh = sh.replace(", ,)", ")").replace(",)", ")") if sh.count(",") > 1 else sh
    return {
        "layout": f"cute.make_layout({sh})",
        "strided": f"cute.make_layout({sh}, stride={sh})",
        "composed": f"cute.make_composed_layout(cute.make_swizzle({r.choice((1, 2, 3))}, 4, 3), 0, cute.make_layout({sh}))",  # noqa: E501
        "atom": f"warpgroup.make_smem_layout_atom(warpgroup.SmemLayoutAtomKind.{r.choice(('K_SW64', 'K_INTER', 'MN_SW128'))}, cutlass.Float16)",  # noqa: E501
        "swizzle": f"cute.make_swizzle({r.choice((1, 2, 3))}, {r.choice((2, 3, 4))}, 3)",
        "int": str(r.choice((2, 4, 16))),
        "dyn": f"cutlass.Int32({r.choice((2, 4, 16))})",
        "shape": sh,
        "tensor": f"cute.make_identity_tensor({sh})",
    }[k]


KINDS_ = ("layout", "strided", "composed", "atom", "swizzle", "int", "dyn", "shape", "tensor")
ONE_ARG = (
    "coalesce", "complement", "right_inverse", "left_inverse", "size", "cosize", "rank", "depth", "flatten",
    "filter", "filter_zeros", "product_each", "product", "nullspace", "is_static", "make_identity_layout",
    "make_identity_tensor", "has_underscore",
)  # fmt: skip
TWO_ARG = (
    "composition", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product",
    "zipped_product", "tiled_product", "flat_product", "blocked_product", "raked_product", "complement",
    "max_common_layout", "max_common_vector", "ceil_div", "shape_div", "append", "prepend", "repeat_like", "elem_less",
    "round_up", "crd2idx", "idx2crd", "tile_to_shape",
)  # fmt: skip


def kinds_cases(r, n):
    """The functions over every kind of argument: what the DSL refuses for its types is refused."""
    out = []
    for _ in range(n):
        if r.random() < 0.4:
            f, args = r.choice(ONE_ARG), (r.choice(KINDS_),)
        else:
            f, args = r.choice(TWO_ARG), (r.choice(KINDS_), r.choice(KINDS_))
        out.append(f"cute.{f}(" + ", ".join(_kind(r, k) for k in args) + ")")
    return out


MODS = (
    "cute.", "cutlass.", "cutlass.cute.", "cute.nvgpu.", "cute.nvgpu.warpgroup.", "cute.nvgpu.tcgen05.", "warpgroup.",
    "tcgen05.", "cutlass.utils.", "cutlass.utils.hopper_helpers.", "cutlass.utils.blackwell_helpers.",
    "cute.nvgpu.cpasync.", "cute.nvgpu.warp.",
)  # fmt: skip


def names_cases(r, n):
    """Names spelled under the DSL's modules, where they are and where they are not (refused)."""
    calls = (
        "{m}make_smem_layout_atom({w}SmemLayoutAtomKind.K_SW{b}, cutlass.Float16)",
        "{m}make_layout(({k}, 8))",
        "{m}coalesce(cute.make_layout(({k}, 8)))",
        "{m}size(({k}, 8))",
        "cute.size({m}make_layout(({k}, 4)))",
        "cute.make_layout(({k}, 2)) if {m}Float16.width == 16 else 0",
        "{m}OperandMajorMode.K",
        "{m}SmemLayoutAtomKind.MN_SW{b}",
        "{m}LayoutEnum.ROW_MAJOR",
        "{m}make_smem_layout_a(cutlass.utils.LayoutEnum.ROW_MAJOR, (128, 128, 64), cutlass.Float16, {k})",
        "{m}get_smem_layout_atom(cutlass.utils.LayoutEnum.ROW_MAJOR, cutlass.Float16, {b})",
        "{m}min({k}, 3)",
        "{m}ceil_div(({k}, 8), (2, 2))",
        "{m}CtaGroup.ONE",
        "{m}Int32({k}) * 0 + {k}",
        "{m}tile_to_mma_shape(tcgen05.make_smem_layout_atom(tcgen05.SmemLayoutAtomKind.K_SW{b}, cutlass.Float16), (128, 64, 4))",  # noqa: E501
    )
    out = []
    for _ in range(n):
        c = r.choice(calls)
        out.append(
            c.format(
                m=r.choice(MODS),
                w=r.choice(("warpgroup.", "tcgen05.")),
                b=r.choice((32, 64, 128)),
                k=r.choice((2, 4, 8)),
            )
        )
    return out


def partition_cases(r, n):
    """partition_shape_A/B/C of shapes of two modes and more (the modes past two come out as they are)."""
    mj = "cute.nvgpu.OperandMajorMode"
    out = []
    for _ in range(n):
        kind = r.choice(("tc", "tc", "wg", "warp"))
        if kind == "tc":
            cta = r.choice(("ONE", "TWO"))
            m = r.choice((64, 128)) * (2 if cta == "TWO" else 1)
            nn = r.choice((64, 128, 256))
            op = (
                f"tcgen05.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, ({m}, {nn}, 16), tcgen05.CtaGroup.{cta}, "
                f"tcgen05.OperandSource.SMEM, {mj}.{r.choice(('K', 'MN'))}, {mj}.{r.choice(('K', 'MN'))})"
            )
            tiled = f"cute.make_tiled_mma({op})"
            tm = m
        elif kind == "wg":
            nn = r.choice((64, 128, 256))
            op = (
                f"warpgroup.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (64, {nn}, 16), "
                f"warpgroup.OperandSource.SMEM, {mj}.K, {mj}.K)"
            )
            tiled = f"cute.make_tiled_mma({op}, ({r.choice((1, 2))}, 1, 1))"
            tm = 128
        else:
            tiled = "cute.make_tiled_mma(cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16)), (2, 2, 1))"  # noqa: E501
            nn, tm = 64, 64
        which = r.choice("ABC")
        extra = [r.choice((1, 2, 4, 64, "(2, 3)")) for _ in range(r.choice((0, 1, 1, 2)))]
        shape = [tm * r.choice((1, 2)), nn * r.choice((1, 2))] if which == "C" else [tm * r.choice((1, 2)), 64]
        if which == "B":
            shape[0] = nn
        text = "(" + ", ".join(str(x) for x in shape + extra) + ")"
        out.append(f"{tiled}.partition_shape_{which}({text})")
    return out


ENUM_CALLS = (
    ("cute.nvgpu.OperandMajorMode", ('"mn"', '"k"', '"MN"', '"K"', "'mn'", "0", "1", '"m"', "2")),
    ("tcgen05.OperandMajorMode", ('"mn"', '"k"', "1")),
    ("warpgroup.OperandMajorMode", ('"mn"', '"k"', "0")),
    ("warpgroup.SmemLayoutAtomKind", tuple(str(i) for i in range(0, 10))),
    ("tcgen05.SmemLayoutAtomKind", tuple(str(i) for i in range(0, 11))),
    ("cutlass.utils.LayoutEnum", ('"row_major"', '"col_major"', '"ROW_MAJOR"', "0")),
    ("tcgen05.CtaGroup", ("1", "2", "3")),
    ("tcgen05.OperandSource", ("0", "2", "6")),
    ("warpgroup.OperandSource", ("0", "2", "6")),
    ("cute.nvgpu.cpasync.LoadCacheMode", tuple(str(i) for i in range(6))),
    ("tcgen05.Repetition", ("1", "2", "3", "16", "128", "256")),
    ("tcgen05.Pack", ("0", "1", "2")),
    ("tcgen05.Unpack", ("1", "2", "3")),
    ("cute.ReductionKind", tuple(str(i) for i in range(9))),
)


QUOTED = ('"k"', '"mn"')


def enums_cases(r, n):
    """Enum members built from their values (``OperandMajorMode("mn")``), alone and as arguments."""
    mj = "cute.nvgpu.OperandMajorMode"
    out = []
    for _ in range(n):
        cls, vals = r.choice(ENUM_CALLS)
        e = f"{cls}({r.choice(vals)})"
        u = r.random()
        if u < 0.15 and "SmemLayoutAtomKind" in cls:
            mod = cls.split(".")[0]
            e = f"{mod}.make_smem_layout_atom({e}, cutlass.{r.choice(DTYPES)})"
        elif u < 0.3:
            e = (
                "cute.make_tiled_mma(tcgen05.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (128, 128, 16), "
                f"tcgen05.CtaGroup({r.choice((1, 2))}), tcgen05.OperandSource.SMEM, {mj}({r.choice(QUOTED)}), "
                f"{mj}.K)).partition_shape_A((256, 64))"
            )
        elif u < 0.4:
            e = f"{e} == {cls}({r.choice(vals)})"
        out.append(e)
    return out


def log2_cases(r, n):
    """math.log2 of static values, its float arithmetic, int() of it in shapes."""
    forms = (
        "math.log2({v})",
        "int(math.log2({v}))",
        "math.log2({v}) + {k}",
        "math.log2({v}) * {k}",
        "math.log2({v}) // {k}",
        "-math.log2({v})",
        "cute.make_layout((int(math.log2({v})), {k}))",
        "cute.make_layout((math.log2({v}), {k}))",
        "({k}, math.log2({v}))",
        "{k} ** int(math.log2({v}))",
        "math.log2(cute.size(cute.make_layout(({v}, {k}))))",
        "math.log2(cute.cosize(cute.make_layout(({v}, {k}), stride=({k}, {v}))))",
        "int(math.log2({v})) if {k} > 2 else {k}",
    )
    return [
        r.choice(forms).format(v=r.choice((0, 1, 2, 3, 6, 8, 64, 100, 128, 1024)), k=r.choice((1, 2, 3, 4)))
        for _ in range(n)
    ]


def comprehension_cases(r, n):
    """Generator expressions and list comprehensions around calls (``tuple(x * 2 for x in shape)``)."""
    srcs = (
        "({a}, {b})",
        "({a}, {b}, {c})",
        "cute.make_layout(({a}, {b})).shape",
        "cute.make_layout(({a}, {b}), stride=({b}, 1)).stride",
        "cute.make_layout((({a}, {b}), {c})).shape",
        "cute.product_each((({a}, {b}), {c}))",
        "cute.shape(cute.make_layout(({a}, {b}, {c})))",
        "cute.make_layout((cutlass.Int32({a}), {b})).shape",
        "({a}, {b}, {c})[1:]",
    )
    elts = ("x", "x * 2", "x // 2", "cute.size(x)", "x + {a}", "cute.ceil_div(x, 2)", "(x, {a})", "x * y")
    wraps = (
        "tuple({g})",
        "list({g})",
        "[{e} for x in {s}{f}]",
        "sum({g})",
        "cute.make_layout(tuple({g}))",
        "cute.make_layout(tuple({g}), stride=tuple(1 for x in {s}))",
        "cute.size(tuple({g}))",
        "cute.make_layout({p})",
        "len(tuple({g}))",
        "({a}, *tuple({g}))",
        "tuple({g})[0]",
        "tuple(x for x in {a})",
    )
    out = []
    for _ in range(n):
        v = {k: r.choice((1, 2, 4, 8, 16)) for k in "abc"}
        src = r.choice(srcs).format(**v)
        e = r.choice(elts).format(**v)
        f = r.choice(("", "", " if x > 2", " if x != {a}".format(**v)))
        g = f"{e} for x in {src}{f}"
        out.append(r.choice(wraps).format(g=g, e=e, s=src, f=f, p=f"({g})", **v))
    return out


def assume_cases(r, n):
    """cute.assume on static and dynamic values, and what the algebra derives from the divisibility it states."""

    def val():
        u = r.random()
        v = r.choice((8, 16, 32, 64, 96, 128))
        if u < 0.6:
            kw = r.choice(
                (
                    f"divby={r.choice((1, 2, 4, 6, 8, 16, 32))}",
                    f"divby={r.choice((2, 4, 8))}, pow2=True",
                    "pow2=True",
                    "",
                )
            )
            return f"cute.assume(cutlass.Int32({v}){', ' + kw if kw else ''})"
        if u < 0.8:
            return f"cute.assume({v}, divby={r.choice((2, 4, 5, 8))})"
        return r.choice((str(v), f"cutlass.Int32({v})"))

    forms = (
        "{a}",
        "cute.make_layout(({a}, {b}))",
        "cute.make_layout(({a}, {k}), stride=({k}, {b}))",
        "cute.size(cute.make_layout(({a}, {b})))",
        "cute.cosize(cute.make_layout(({a}, {b}), stride=({b}, {k})))",
        "cute.size(cute.make_layout(({a}, {b}))) * {k}",
        "cute.size(cute.make_layout(({a}, {k}))) + {k}",
        "({a}, {k})",
        "cute.make_layout(({a}, {b}))({k})",
        "cute.logical_divide(cute.make_layout(({a}, {k})), ({k},))",
        "cute.coalesce(cute.make_layout(({a}, {b})))",
        "cute.size(cute.make_layout(({a}, {b})), mode=[0])",
        "cute.make_layout(({a}, {b})).stride",
        "cute.product_each((({a}, {k}), {b}))",
    )
    out = []
    for _ in range(n):
        out.append(r.choice(forms).format(a=val(), b=val(), k=r.choice((1, 2, 3, 4, 8))))
    return out


def int32_cases(r, n):
    """cutlass.Int32(n) from a literal: its value inside a plain tuple (Python folds its arithmetic), ``?`` as a
    CuTe function's argument or result."""
    types = ("Int32", "Int32", "Int32", "Uint8", "Int16", "Uint32")  # Int64: its ?{i64} print is not modelled

    def lit():
        v = r.choice((0, 1, 7, 64, 1024, -3, 300, 3000000000))
        return f"cutlass.{r.choice(types)}({v})"

    def arith():
        u = r.random()
        if u < 0.4:
            return lit()
        op = r.choice(("+", "-", "*", "//", "%"))
        other = r.choice((lit(), str(r.choice((1, 2, 3, 8)))))
        return f"{lit()} {op} {other}" if r.random() < 0.7 else f"{other} {op} {lit()}"

    forms = (
        "({x}, {k})",
        "({k}, ({x}, {k}))",
        "({x},)",
        "{x}",
        "cute.make_layout(({x}, {k}))",
        "cute.size(cute.make_layout(({x}, {k})))",
        "(cute.size(cute.make_layout(({x}, {k}))), {k})",
        "cute.make_layout(({x}, {k})).shape",
        "(({x}) * cute.size(({k}, 4)), 1)",
        "tuple(v * 2 for v in ({x}, {k}))",
        "({x}, {y})",
    )
    out = []
    for _ in range(n):
        x, y = arith(), arith()
        if "// 0" in x or "% 0" in x:
            x = lit()
        out.append(r.choice(forms).format(x=x, y=y, k=r.choice((1, 2, 4, 8))))
    return out


CLASSES = {
    "int32": int32_cases,
    "assume": assume_cases,
    "comprehension": comprehension_cases,
    "log2": log2_cases,
    "inter": inter_cases,
    "kinds": kinds_cases,
    "names": names_cases,
    "partition": partition_cases,
    "enums": enums_cases,
}


def generate(seed: int, n: int) -> dict[str, list[str]]:
    """class -> its cases (distinct), ``n`` drawn per class."""
    out = {}
    for name, gen in CLASSES.items():
        r = random.Random(f"{seed}-{name}")
        seen = []
        for e in gen(r, n):
            if e not in seen:
                seen.append(e)
        out[name] = seen
    return out


def trace(exprs: list[str]) -> list[list[str]]:
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as d:  # the DSL reads a jit function's source from its file
        prog = os.path.join(d, "dsl_classes.py")
        with open(prog, "w") as f:
            f.write(PROGRAM)
        p = subprocess.run([sys.executable, prog], input=json.dumps(exprs), capture_output=True, text=True, timeout=600)
    if p.returncode == 0:
        return json.loads(p.stdout)
    if len(exprs) == 1:
        return [["crash", f"exit status {p.returncode}"]]
    h = len(exprs) // 2
    return trace(exprs[:h]) + trace(exprs[h:])


def batch_key(exprs: list[str]) -> str:
    return "dslcls-" + hashlib.sha256((PROGRAM + "\n" + json.dumps(exprs)).encode()).hexdigest()[:20]


def run_oracle(exprs: list[str]) -> list[list[str]]:
    from tests.oracle import records as R

    text = R.answer(
        batch_key(exprs), lambda: json.dumps(trace(exprs)), what="the CuTe DSL's answers", ncases=len(exprs)
    )
    return json.loads(text)


def agree(exprs, answers, ours):
    """-> (n compared, disagreements [(expr, dsl, ours)]); a case that killed the DSL's process is left out."""
    n, bad = 0, []
    for e, (kind, want) in zip(exprs, answers):
        if kind == "crash":
            continue
        n += 1
        got = ours(e)
        if not ((kind == "error" and got[0] == "error") or got == (kind, want)):
            bad.append((e, f"{kind} {want}", f"{got[0]} {got[1]}"))
    return n, bad


def survey(seed: int = 99) -> dict:
    """The survey cutedump/expr/dsl_kinds.py's REFUSED is written from: every function of ONE_ARG / TWO_ARG over
    every (pair of) argument kinds, a few values each: function -> "kind,kind" -> the exception, where the DSL refused
    every value with one exception (cutedump then keeps the combinations it answered, but not the MLIRErrors, which
    hang on the values)."""
    import collections
    import itertools

    r = random.Random(seed)
    kinds = ("layout", "composed", "swizzle", "int", "dyn", "shape", "tensor")
    exprs, meta = [], []
    for f in ONE_ARG:
        for k in kinds:
            for _ in range(3):
                exprs.append(f"cute.{f}({_kind(r, k)})")
                meta.append((f, (k,)))
    for f in TWO_ARG:
        for ks in itertools.product(kinds, kinds):
            for _ in range(2):
                exprs.append(f"cute.{f}({_kind(r, ks[0])}, {_kind(r, ks[1])})")
                meta.append((f, ks))
    agg = collections.defaultdict(list)
    for (f, ks), (kind, w) in zip(meta, trace(exprs)):
        agg[(f, ks)].append(w if kind == "error" else "ok")
    out: dict = {}
    for (f, ks), v in agg.items():
        if "ok" not in v and len(set(v)) == 1:
            out.setdefault(f, {})[",".join(ks)] = v[0]
    return out
