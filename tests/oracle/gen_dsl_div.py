"""The divisibility the CuTe DSL 4.8.1 derives (``?{div=N}``), against generated expressions (issue 42, "Divisibility
by the DSL's rules").

:func:`generate` writes seeded DSL-spelled expressions whose answers print dynamic values: arithmetic on dynamic
integers of various known divisors (``cute.assume(cutlass.Int32(n), divby=d)``, ``cutlass.Int32(n)``, static ints;
``+ - * // %``, nested), those values as the shapes and strides of layouts, and every layout operation of gen_dsl.py
over such layouts (static and dynamic mixed, nested). The DSL traces them in subprocesses, many cases per process
(gen_dsl_classes.py's program); answers are recorded per batch (tests/oracle/records.py).
"""

from __future__ import annotations

import random

from tests.oracle import gen_dsl as _G
from tests.oracle import gen_dsl_classes as _K

DIVS = (1, 2, 3, 4, 6, 8, 12, 16, 32, 64, 128)


class DivGen(_G.Gen):
    """gen_dsl.py's generator whose leaves are dynamic values of known divisibility (and arithmetic on them)."""

    def __init__(self, seed):
        super().__init__(seed)
        self.dyn = 0.5

    def dynint(self, depth=0):
        """A dynamic integer expression (text)."""
        r = self.r
        u = r.random()
        if depth >= 2 or u < 0.55:
            d = r.choice(DIVS)
            if r.random() < 0.15:
                return f"cutlass.Int32({r.choice((4, 8, 16))})"
            return f"cute.assume(cutlass.Int32({d * r.choice((1, 2, 4))}), divby={d})"
        op = r.choice(("+", "-", "*", "*", "//", "%"))
        a = self.dynint(depth + 1)
        if r.random() < 0.6:
            b = str(
                r.choice((1, 2, 3, 4, 6, 8, 12, 16, 32, -2, 0) if op not in ("//", "%") else (1, 2, 3, 4, 8, 16, 6))
            )
        else:
            b = self.dynint(depth + 1)
        if r.random() < 0.2 and op != "//" and op != "%":
            a, b = b, a
        return f"({a} {op} {b})"

    def pre(self):
        return "cute."

    def leaf(self, choices=(1, 2, 3, 4, 6, 8, 16)):
        v = self.r.choice(choices)
        if self.r.random() < self.dyn:
            return self.dynint(1), v
        return str(v), v

    def case(self):
        r = self.r
        self.dyn = r.choice((0.25, 0.5, 0.75))
        if r.random() < 0.15:  # the functions of int tuples and the rest of the DSL's layout functions
            return _G.Case("more", self.more())
        if r.random() < 0.3:  # the arithmetic alone, or as a layout's values
            x, y = self.dynint(), self.dynint()
            k = r.choice((1, 2, 4, 8))
            form = r.choice(
                (
                    "{x}",
                    "{x}",
                    "{x}",
                    "cute.make_layout(({x}, {k}))",
                    "cute.make_layout(({k}, {x}), stride=({x}, {y}))",
                    "cute.size(cute.make_layout(({x}, {y})))",
                    "cute.size(({x}, {k}, {y}))",
                    "cute.ceil_div({x}, {k})",
                    "cute.shape_div(({x}, {k}), ({k}, 1))",
                    "cute.make_layout(({x}, {y}))({k})",
                    "cute.cosize(cute.make_layout(({k}, {x}), stride=({y}, {k})))",
                )
            )
            return _G.Case("arith", form.format(x=x, y=y, k=k))
        return super().case()

    def more(self):
        r = self.r
        s, vals = self.shape()
        L, lv = self.layout()
        x, k = self.dynint(), r.choice((1, 2, 4, 8))
        n = len(vals)
        tile = "(" + ", ".join(str(r.choice((1, 2, 4))) for _ in range(n)) + ("," if n == 1 else "") + ")"
        crd = "(" + ", ".join(r.choice(("0", "1", x)) for _ in range(n)) + ("," if n == 1 else "") + ")"
        under = "(" + ", ".join(r.choice(("None", "0", "1")) for _ in range(n)) + ("," if n == 1 else "") + ")"
        forms = (
            f"cute.product({s})",
            f"cute.product_each({s})",
            f"cute.size({s})",
            f"cute.shape_div({s}, {tile})",
            f"cute.ceil_div({s}, {tile})",
            f"cute.round_up({s}, {tile})",
            f"cute.crd2idx({crd}, {L})",
            f"cute.crd2idx({crd}, {s})",
            f"cute.idx2crd({x}, {s})",
            f"cute.idx2crd({k}, {s})",
            f"cute.slice_({L}, {under})",
            f"cute.dice({L}, {under})",
            f"cute.local_tile(cute.make_identity_tensor({s}), {tile}, {crd})",
            f"cute.repeat_like({x}, {s})",
            f"cute.size_in_bytes(cutlass.{r.choice(('Float16', 'Float32', 'Int8'))}, {L})",
            f"cute.elem_less({crd}, {s})",
            f"cute.make_layout_tv(cute.make_layout(({k}, 4), stride=(4, 1)), cute.make_layout((2, {k})))",
            f"cute.nullspace({L})",
            f"cute.coalesce({L})",
            f"cute.composition({L}, {tile})",
            f"cute.get({s}, mode=[{r.randrange(n)}])",
            f"cute.make_layout({s}, stride=cute.make_layout({s}).stride)",
            f"cute.make_ordered_layout({s}, order={tuple(range(n))})",
            f"cute.make_layout(({x}, {k}), stride=({k}, {x}))({crd if n == 2 else x})",
        )
        return r.choice(forms)


def generate(seed: int, n: int) -> list[str]:
    """``n`` distinct cases."""
    g = DivGen(seed)
    out, seen = [], set()
    while len(out) < n:
        e = g.case().expr
        if e not in seen and ("Int32" in e or g.r.random() < 0.05):
            seen.add(e)
            out.append(e)
    return out


def run_oracle(exprs: list[str]) -> list[list[str]]:
    """The DSL's answers (recorded per batch of 250 cases)."""
    out = []
    for i in range(0, len(exprs), 250):
        out += _K.run_oracle(exprs[i : i + 250])
    return out


agree = _K.agree


def sample(seed: int = 0, n: int = 5) -> list[str]:
    return generate(seed, n)


if __name__ == "__main__":  # python -m tests.oracle.gen_dsl_div SEED N: the DSL's answers, printed
    import sys

    s, k = int(sys.argv[1]), int(sys.argv[2])
    r = random.Random(s)
    ex = generate(s, k)
    for e, a in zip(ex, _K.trace(ex)):
        print(e, "=>", *a)
