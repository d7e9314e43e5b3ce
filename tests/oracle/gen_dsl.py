"""The CuTe DSL (nvidia-cutlass-dsl 4.8.1, traced on the CPU) as an oracle for DSL-spelled expressions.

:func:`generate` writes seeded DSL-spelled expressions: random algebra (static ints and ``cutlass.Int32(n)`` dynamic
ones, nested shapes, every operation), the smem layout atoms and the Hopper helpers, refusals (what the DSL raises
while tracing), and layout lines from published DSL kernels (CUTLASS's Python CuTe DSL examples, QuACK) with their
parameters substituted. :func:`run_oracle` traces them in a subprocess, many per process: inside a ``@cute.jit``
function ``str(eval(expr))`` is what the DSL prints, an exception is a refusal (its class). Answers are recorded
like the CuTe records (tests/oracle/records.py), one record per batch keyed by the hash of the batch's program.
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys

#: the program the DSL runs: one case per line of its stdin, one JSON answer per case on its stdout
PROGRAM = r"""
import json, sys
import cutlass
import cutlass.cute as cute
import cutlass.utils
import cutlass.utils.hopper_helpers
from cutlass.cute.nvgpu import warpgroup, tcgen05
exprs = json.loads(sys.stdin.read())
ns = dict(vars(cute))
ns.update({"cute": cute, "cutlass": cutlass, "warpgroup": warpgroup, "tcgen05": tcgen05,
           "sm90_utils": cutlass.utils.hopper_helpers})
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


class Case:
    __slots__ = ("op", "expr")

    def __init__(self, op, expr):
        self.op, self.expr = op, expr

    def __repr__(self):
        return f"Case({self.op!r}, {self.expr!r})"


DTYPES = ("Float16", "BFloat16", "Float32", "TFloat32", "Float8E4M3FN", "Float8E5M2", "Int8", "Float64")
KINDS = ("K_INTER", "K_SW32", "K_SW64", "K_SW128", "MN_INTER", "MN_SW32", "MN_SW64", "MN_SW128")


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.dyn = 0.0

    def leaf(self, choices=(1, 2, 3, 4, 6, 8, 16)):
        v = self.r.choice(choices)
        if self.r.random() < self.dyn:
            return f"cutlass.Int32({v})", v
        return str(v), v

    def shape(self, depth=2, rank=None):
        """-> (text, nested python values)"""
        n = rank or self.r.choice((1, 2, 2, 3))
        items = []
        for _ in range(n):
            if depth > 1 and self.r.random() < 0.3:
                items.append(self.shape(depth - 1, self.r.choice((1, 2))))
            else:
                items.append(self.leaf())
        text = "(" + ", ".join(t for t, _ in items) + ("," if n == 1 else "") + ")"
        return text, tuple(v for _, v in items)

    def stride_like(self, vals):
        if isinstance(vals, tuple):
            inner = [self.stride_like(v) for v in vals]
            return "(" + ", ".join(inner) + ("," if len(inner) == 1 else "") + ")"
        return self.leaf((0, 1, 2, 4, 8, 16, 32, 64))[0]

    def layout(self, depth=2):
        s, vals = self.shape(depth)
        pre = self.pre()
        if self.r.random() < 0.5:
            return f"{pre}make_layout({s})", vals
        return f"{pre}make_layout({s}, stride={self.stride_like(vals)})", vals

    def pre(self):
        return "cute." if self.r.random() < 0.85 else ""

    def small_layout(self):
        s = self.r.choice(("2", "4", "(2, 2)", "(4, 2)", "(2, 4)", "8", "(2, 3)", "3"))
        if self.r.random() < 0.4:
            st = {
                "2": "2",
                "4": "2",
                "(2, 2)": "(2, 1)",
                "(4, 2)": "(2, 1)",
                "(2, 4)": "(4, 1)",
                "8": "1",
                "(2, 3)": "(3, 1)",
                "3": "4",
            }[s]
            return f"cute.make_layout({s}, stride={st})"
        return f"cute.make_layout({s})"

    def tiler(self, vals):
        n = len(vals) if isinstance(vals, tuple) else 1
        items = []
        for i in range(n):
            x = self.r.random()
            if x < 0.2:
                items.append("None")
            elif x < 0.35:
                items.append(f"cute.make_layout({self.r.choice((2, 4))}, stride={self.r.choice((1, 2))})")
            else:
                items.append(str(self.r.choice((1, 2, 4, 3, 8))))
        if n == 1 and self.r.random() < 0.5:
            return items[0] if items[0] != "None" else "2"
        return "(" + ", ".join(items) + ("," if n == 1 else "") + ")"

    def case(self):
        r = self.r
        self.dyn = r.choice((0.0, 0.0, 0.25, 0.5))
        L, vals = self.layout()
        p = self.pre()
        op = r.choice(
            (
                "size",
                "cosize",
                "rank",
                "depth",
                "coalesce",
                "composition",
                "composition_tuple",
                "complement",
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
                "right_inverse",
                "left_inverse",
                "get",
                "select",
                "group_modes",
                "flatten",
                "filter",
                "filter_zeros",
                "max_common_layout",
                "max_common_vector",
                "recast_layout",
                "make_identity_layout",
                "make_identity_tensor",
                "make_ordered_layout",
                "tile_to_shape",
                "shape",
                "append",
                "prepend",
                "make_composed_layout",
                "make_layout",
                "size_mode",
                "coalesce_profile",
                "eval",
                "arith",
            )
        )
        n = len(vals)
        if op in (
            "size",
            "cosize",
            "rank",
            "depth",
            "coalesce",
            "right_inverse",
            "left_inverse",
            "flatten",
            "filter",
            "filter_zeros",
            "make_layout",
        ):
            return Case(op, L if op == "make_layout" else f"{p}{op}({L})")
        if op == "size_mode":
            return Case(op, f"{p}{r.choice(('size', 'cosize', 'rank'))}({L}, mode=[{r.randrange(n)}])")
        if op == "coalesce_profile":
            return Case(
                op, f"{p}coalesce({L}, target_profile=({', '.join('1' for _ in range(n))}{',' if n == 1 else ''}))"
            )
        if op == "composition":
            return Case(op, f"{p}composition({L}, {self.small_layout()})")
        if op == "composition_tuple":
            return Case(op, f"{p}composition({L}, {self.tiler(vals).replace('None', '2')})")
        if op == "complement":
            return Case(op, f"{p}complement({L}, {r.choice((16, 32, 64, 128, 256))})")
        if op.endswith("_divide"):
            return Case(op, f"{p}{op}({L}, {self.tiler(vals)})")
        if op.endswith("_product"):
            return Case(op, f"{p}{op}({L}, {self.small_layout()})")
        if op in ("get", "select"):
            modes = [str(r.randrange(n))] if op == "get" else [str(i) for i in r.sample(range(n), r.randint(1, n))]
            return Case(op, f"{p}{op}({L}, mode=[{', '.join(modes)}])")
        if op == "group_modes":
            b = r.randrange(n)
            return Case(op, f"{p}group_modes({L}, {b}, {r.randint(b, n)})")
        if op in ("max_common_layout", "max_common_vector"):
            return Case(op, f"{p}{op}({L}, {p}make_layout({self.shape_of(vals)}))")
        if op == "recast_layout":
            a, b = r.choice(((32, 16), (16, 32), (8, 16), (16, 8), (32, 8), (64, 16)))
            return Case(op, f"{p}recast_layout({a}, {b}, {L})")
        if op in ("make_identity_layout", "make_identity_tensor"):
            return Case(op, f"{p}{op}({self.shape()[0]})")
        if op == "make_ordered_layout":
            s, v = self.shape(1)
            order = list(range(len(v)))
            r.shuffle(order)
            return Case(
                op, f"{p}make_ordered_layout({s}, order=({', '.join(map(str, order))}{',' if len(v) == 1 else ''}))"
            )
        if op == "tile_to_shape":
            s, v = self.shape(1, r.choice((2, 3)))
            atom = r.choice(
                (
                    "cute.make_layout((2, 2))",
                    "cute.make_layout((4, 2), stride=(2, 1))",
                    "cute.make_layout(4)",
                    "cute.make_layout((2, 4))",
                )
            )
            order = list(range(len(v)))
            r.shuffle(order)
            o = f"({', '.join(map(str, order))})"
            s = s.replace("1", "8").replace("3", "12")
            return Case(op, f"{p}tile_to_shape({atom}, {s}, {o if r.random() < 0.5 else 'order=' + o})")
        if op == "shape":
            return Case(op, f"{p}shape({L})")
        if op in ("append", "prepend"):
            return Case(op, f"{p}{op}({L}, {self.small_layout()})")
        if op == "make_composed_layout":
            b, m, s = r.choice(((3, 4, 3), (2, 4, 3), (1, 4, 3), (2, 3, 3), (3, 3, 3), (0, 4, 3)))
            return Case(
                op,
                f"{p}make_composed_layout({p}make_swizzle({b}, {m}, {s}), {r.choice((0, 0, 4))}, "
                f"{p}make_layout((8, 64), stride=(64, 1)))",
            )
        if op == "eval":
            return Case(op, f"{L}({r.randrange(4)})")
        if op == "arith":
            a, b, c = r.choice((256, 128, 64)), r.choice((2, 4)), r.choice((2, 8))
            return Case(op, f"{p}make_layout(({a} // {b} // {c}, {b} * {c}), stride=(1, {a} // {b} // {c}))")
        raise AssertionError(op)

    def shape_of(self, vals):
        if isinstance(vals, tuple):
            return "(" + ", ".join(self.shape_of(v) for v in vals) + ("," if len(vals) == 1 else "") + ")"
        return str(vals)


def smem_cases():
    out = []
    for ns in ("cute.nvgpu.warpgroup", "cute.nvgpu.tcgen05"):
        for k in KINDS + (("MN_SW128_32B",) if ns.endswith("tcgen05") else ()):
            for t in DTYPES[:6]:
                out.append(Case("smem_atom", f"{ns}.make_smem_layout_atom({ns}.SmemLayoutAtomKind.{k}, cutlass.{t})"))
    for mod in ("cutlass.utils.hopper_helpers", "sm90_utils"):
        for which in ("a", "b"):
            for lay in ("ROW_MAJOR", "COL_MAJOR"):
                for tile in ((128, 128, 64), (128, 256, 64), (64, 128, 32), (128, 64, 128), (64, 64, 16)):
                    for t in ("Float16", "Float8E4M3FN", "Float32"):
                        out.append(
                            Case(
                                "hopper_helpers",
                                f"{mod}.make_smem_layout_{which}(cutlass.utils.LayoutEnum."
                                f"{lay}, {tile}, cutlass.{t}, 4)",
                            )
                        )
    for lay in ("ROW_MAJOR", "COL_MAJOR"):
        for tile in ((64, 32), (128, 32), (64, 64), (32, 32)):
            for t in ("Float16", "Float32", "BFloat16"):
                out.append(
                    Case(
                        "hopper_epi",
                        f"cutlass.utils.hopper_helpers.make_smem_layout_epi(cutlass.{t}, "
                        f"cutlass.utils.LayoutEnum.{lay}, {tile}, 2)",
                    )
                )
    return out


REFUSALS = [
    "cute.make_layout((4, 8), (8, 1))",
    "cute.complement(cute.make_layout((4, 8)))",
    "cute.tile_to_shape(cute.make_layout((4, 8)), (16, 16))",
    "cute.composition(cute.make_swizzle(3, 4, 3), cute.make_layout((8, 64), stride=(64, 1)))",
    "cute.right_inverse(cute.make_composed_layout(cute.make_swizzle(3, 4, 3), 0, cute.make_layout((8, 64), stride=(64, 1))))",
    "cute.left_inverse(cute.make_composed_layout(cute.make_swizzle(3, 4, 3), 0, cute.make_layout((8, 64), stride=(64, 1))))",
    "cute.make_layout((4, 8), stride=(1, 4, 2))",
    "cute.make_layout((4, 8), shape=(1, 4))",
    "cute.make_ordered_layout((4, 8))",
    "cute.make_swizzle(3, 4)",
]

#: layout lines of published CuTe DSL kernels (CUTLASS examples/python/CuTeDSL: ampere/hopper/blackwell GEMMs,
#: elementwise_add, tensorop_gemm; QuACK), parameters substituted
KERNEL_LINES = [
    "cute.make_layout((128, 8), stride=(8, 1))",
    "cute.make_layout((4, 32), stride=(32, 1))",
    "cute.make_ordered_layout((128, 64, 3), order=(0, 1, 2))",
    "cute.make_ordered_layout((64, 128, 2), order=(1, 0, 2))",
    "cute.make_layout((1, 8), stride=(0, 1))",
    "cute.make_layout((1, 4), stride=(0, 1))",
    "cute.make_layout((32, 4), stride=(4, 1))",
    "cute.make_layout((8, 16), stride=(16, 1))",
    "cute.make_layout((16, 8), stride=(8, 1))",
    "cute.make_layout((128 // 8, 8), stride=(8, 1))",
    "cute.make_layout((256 // 2 // 8, 8), stride=(8, 1))",
    "cute.make_layout((16 * 8, 4))",
    "cute.make_composed_layout(cute.make_swizzle(3, 3, 3), 0, cute.make_layout((8, 64), stride=(64, 1)))",
    "cute.make_composed_layout(cute.make_swizzle(2, 3, 3), 0, cute.make_layout((8, 32), stride=(32, 1)))",
    "cute.tile_to_shape(cute.make_composed_layout(cute.make_swizzle(3, 3, 3), 0, cute.make_layout((8, 64), stride=(64, 1))), (128, 64, 3), (0, 1, 2))",
    "cute.tile_to_shape(cute.make_composed_layout(cute.make_swizzle(3, 3, 3), 0, cute.make_layout((8, 64), stride=(64, 1))), (128, 64), (0, 1))",
    "cute.tile_to_shape(cute.make_composed_layout(cute.make_swizzle(2, 3, 3), 0, cute.make_layout((8, 32), stride=(32, 1))), (64, 32, 4), (0, 1, 2))",
    "cute.tile_to_shape(cute.nvgpu.warpgroup.make_smem_layout_atom(cute.nvgpu.warpgroup.SmemLayoutAtomKind.K_SW128, cutlass.Float16), (128, 64, 4), order=(0, 1, 2))",
    "cute.tile_to_shape(cute.nvgpu.warpgroup.make_smem_layout_atom(cute.nvgpu.warpgroup.SmemLayoutAtomKind.MN_SW128, cutlass.BFloat16), (128, 64, 3), order=(1, 0, 2))",
    "cute.zipped_divide(cute.make_layout((2048, 2048), stride=(2048, 1)), (128, 64))",
    "cute.zipped_divide(cute.make_layout((cutlass.Int32(1024), cutlass.Int32(512)), stride=(cutlass.Int32(512), 1)), (16, 256))",
    "cute.zipped_divide(cute.make_layout((1024, 512), stride=(512, 1)), cute.make_layout((4, 64), stride=(64, 1)))",
    "cute.logical_divide(cute.make_layout((cutlass.Int32(4096), cutlass.Int32(4096)), stride=(cutlass.Int32(4096), 1)), (None, 128))",
    "cute.local_tile(cute.make_layout((cutlass.Int32(4096), cutlass.Int32(4096), cutlass.Int32(1)), stride=(cutlass.Int32(4096), 1, cutlass.Int32(16777216))), (128, 128, 64), (0, 0, None), proj=(1, None, 1))",
    "cute.make_identity_tensor((cutlass.Int32(1024), cutlass.Int32(512)))",
    "cute.make_identity_tensor((128, 64))",
    "cute.size(cute.make_layout((128, 8), stride=(8, 1)))",
    "cute.size(cute.make_layout((cutlass.Int32(4096), 64)), mode=[1])",
    "cute.cosize(cute.make_ordered_layout((128, 64, 3), order=(0, 1, 2)))",
    "cute.recast_layout(16, 8, cute.make_layout((128, 64), stride=(64, 1)))",
    "cute.recast_layout(32, 16, cute.make_layout((128, 8), stride=(8, 1)))",
    "cute.select(cute.make_layout((128, 64, 3)), mode=[0, 1])",
    "cute.slice_(cute.make_ordered_layout((128, 64, 3), order=(0, 1, 2)), (None, None, 0))",
    "cute.slice_((128, 128, 64), (None, 0, None))",
    "cute.append((128, 64), 4)",
    "cute.ceil_div((cutlass.Int32(4096), cutlass.Int32(4096)), (128, 128))",
    "cute.product_each((128, 64))",
    "cute.make_layout(((4, 8), (2, 2)), stride=((16, 1), (8, 64)))",
    "cute.make_layout(((32, 4), (2, 2)), stride=((1, 64), (32, 256)))",
    "cute.get(cute.make_layout(((32, 4), (4, 2))), mode=[1])",
    "cute.group_modes(cute.make_layout((128, 64, 4, 2)), 2, 4)",
    "cute.flatten(cute.make_layout(((32, 4), 8)))",
    "cute.coalesce(cute.make_layout((32, 4, 8), stride=(1, 32, 128)))",
    "cute.filter_zeros(cute.make_layout((128, 64), stride=(0, 1)))",
    "cute.blocked_product(cute.make_layout((1, 8)), cute.make_layout((32, 4), stride=(4, 1)))",
    "cute.raked_product(cute.make_layout((4, 1)), cute.make_layout((8, 16), stride=(16, 1)))",
    "cute.right_inverse(cute.make_layout((32, 4), stride=(4, 1)))",
    "cute.logical_product(cute.make_layout((4, 8), stride=(8, 1)), cute.make_layout((2, 2)))",
    "cute.composition(cute.make_layout((128, 8), stride=(8, 1)), cute.make_layout((64, 16), stride=(16, 1)))",
    "cute.make_layout((cutlass.Int32(4096), cutlass.Int32(2048), cutlass.Int32(1)), stride=(cutlass.Int32(2048), 1, cutlass.Int32(8388608)))",
    "cute.make_layout((cutlass.Int32(8192), 128), stride=(128, 1))",
    "cute.tiled_divide(cute.make_layout((cutlass.Int32(8192), 128), stride=(128, 1)), (64, 128))",
    "cute.flat_divide(cute.make_layout((256, 128)), (64, 32))",
    "cute.make_layout((64, 8), stride=(1, 64))",
    "cute.nvgpu.tcgen05.make_smem_layout_atom(cute.nvgpu.tcgen05.SmemLayoutAtomKind.K_SW128, cutlass.BFloat16)",
    "cute.nvgpu.tcgen05.make_smem_layout_atom(cute.nvgpu.tcgen05.SmemLayoutAtomKind.MN_SW128_32B, cutlass.Float32)",
    "sm90_utils.make_smem_layout_a(cutlass.utils.LayoutEnum.ROW_MAJOR, (128, 256, 64), cutlass.BFloat16, 4)",
    "sm90_utils.make_smem_layout_b(cutlass.utils.LayoutEnum.COL_MAJOR, (128, 256, 64), cutlass.BFloat16, 4)",
    "sm90_utils.make_smem_layout_epi(cutlass.BFloat16, cutlass.utils.LayoutEnum.ROW_MAJOR, (64, 32), 4)",
    "cutlass.utils.sm90_make_smem_layout_a(cutlass.utils.LayoutEnum.COL_MAJOR, (128, 128, 64), cutlass.Float16, 5)",
]


def mma_copy_cases():
    out = []
    for ab, acc in (("Float16", "Float32"), ("Float16", "Float16"), ("BFloat16", "Float32")):
        for k in (8, 16):
            op = f"cute.nvgpu.warp.MmaF16BF16Op(cutlass.{ab}, cutlass.{acc}, (16, 8, {k}))"
            out.append(Case("mma", f"cute.make_mma_atom({op})"))
            for lay in ("", ", (2, 2, 1)", ", (1, 2, 1)", ", (4, 1, 1)", ", atom_layout_mnk=(2, 1, 1)"):
                out.append(Case("mma", f"cute.make_tiled_mma({op}{lay})"))
            for attr in ("tv_layout_A", "tv_layout_B", "tv_layout_C", "thr_layout_vmnk"):
                out.append(Case("mma", f"cute.make_tiled_mma({op}, (2, 2, 1)).{attr}"))
    for t, bits in (("Float16", 128), ("Float16", 64), ("Float32", 128), ("BFloat16", 32), ("Int8", 128)):
        atom = f"cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.{t}, num_bits_per_copy={bits})"
        out.append(Case("copy", atom))
        v = bits // {"Float16": 16, "Float32": 32, "BFloat16": 16, "Int8": 8}[t]
        for thr in (
            "cute.make_layout((32, 4), stride=(4, 1))",
            "cute.make_layout((16, 8), stride=(8, 1))",
            "cute.make_layout((8, 16))",
        ):
            val = f"cute.make_layout((1, {v}))"
            out.append(Case("copy", f"cute.make_tiled_copy_tv({atom}, {thr}, {val})"))
            out.append(Case("copy", f"cute.make_tiled_copy_tv({atom}, {thr}, {val}).layout_tv_tiled"))
            out.append(Case("copy", f"cute.make_layout_tv({thr}, {val})"))
    return out


def generate(seed: int, n: int) -> list[Case]:
    g = Gen(seed)
    cases = [g.case() for _ in range(n)]
    cases += smem_cases()
    cases += [Case("refusal", e) for e in REFUSALS]
    cases += [Case("kernel", e) for e in KERNEL_LINES]
    cases += mma_copy_cases()
    seen, out = set(), []
    for c in cases:
        if c.expr not in seen:
            seen.add(c.expr)
            out.append(c)
    return out


def trace(exprs: list[str]) -> list[list[str]]:
    """The DSL's answers (["ok", print] or ["error", exception class]) to the expressions, in one subprocess."""
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as d:  # the DSL reads a jit function's source from its file
        prog = os.path.join(d, "dsl_oracle.py")
        with open(prog, "w") as f:
            f.write(PROGRAM)
        from tests.oracle import records as R

        left = R.remaining()  # CI's live budget: a trace still running when it is spent is stopped
        try:
            p = subprocess.run(
                [sys.executable, prog],
                input=json.dumps(exprs),
                capture_output=True,
                text=True,
                timeout=600 if left is None else max(1.0, min(600.0, left)),
            )
        except subprocess.TimeoutExpired:
            if left is not None:
                raise R.LiveBudgetSpent("the CuTe DSL trace stopped: the live budget is spent") from None
            raise
    if p.returncode == 0:
        return json.loads(p.stdout)
    if len(exprs) == 1:  # the process died on this case (the DSL aborts on some inputs): a crash, left out
        return [["crash", f"exit status {p.returncode}"]]
    h = len(exprs) // 2  # one case killed the process: halve the batch until it is found
    return trace(exprs[:h]) + trace(exprs[h:])


def batch_key(exprs: list[str]) -> str:
    return "dsl-" + hashlib.sha256((PROGRAM + "\n" + json.dumps(exprs)).encode()).hexdigest()[:20]


def run_oracle(cases, batch_size: int = 400) -> list[list[str]]:
    """The DSL's answers to the cases, batch by batch (recorded: tests/oracle/records.py)."""
    from tests.oracle import records as R

    out = []
    for i in range(0, len(cases), batch_size):
        exprs = [c.expr for c in cases[i : i + batch_size]]
        text = R.answer(
            batch_key(exprs), lambda: json.dumps(trace(exprs)), what="the CuTe DSL's answers", ncases=len(exprs)
        )
        out.extend(json.loads(text))
    return out


def dsl_unavailable() -> str | None:
    try:
        import importlib.metadata as md

        v = md.version("nvidia-cutlass-dsl")
    except Exception:  # noqa: BLE001
        return "the CuTe DSL (nvidia-cutlass-dsl 4.8.1) is not installed"
    return None if v == "4.8.1" else f"the CuTe DSL installed is {v}, the records are of 4.8.1"
