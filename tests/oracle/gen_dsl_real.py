"""Real CuTe DSL code as oracle cases: the layout lines of published kernels (tests/data/dsl_corpus.toml: CUTLASS's
Python CuTe DSL examples, QuACK, FlashAttention's CuTe port; each with its repository, commit and line), and random
cases around the DSL's answers cutedump once missed (dynamic inverses, composition with dynamic and zero strides,
divisibility of L(i), cosize of a mode, complement with dynamic strides, composition by a tuple tiler with a size-1
mode, recast_layout). Traced by gen_dsl.py's harness (the DSL 4.8.1 on the CPU, in subprocesses, recorded)."""

from __future__ import annotations

import random

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: tomli (a dependency there) is the same parser
    import tomli as tomllib

from tests.oracle import gen_dsl as G
from tests.paths import ROOT

CORPUS = ROOT / "tests" / "data" / "dsl_corpus.toml"


class Line:
    """One corpus line: where it is (``url``), the kernel's code, the substituted expression, what it needs."""

    __slots__ = ("src", "url", "code", "expr", "needs", "repo")

    def __init__(self, repos, d):
        self.src, self.code, self.expr, self.needs = d["src"], d["code"], d["expr"], d.get("needs")
        key, path, line = self.src.split(":")
        repo, _, commit = repos[key].partition("@")
        self.repo = key
        self.url = f"https://github.com/{repo}/blob/{commit}/{path}#L{line}"

    def __repr__(self):
        return f"Line({self.src!r}, {self.expr!r})"


def corpus() -> list[Line]:
    with open(CORPUS, "rb") as f:
        data = tomllib.load(f)
    return [Line(data["repos"], d) for d in data["line"]]


def _dyn(r, v, p):
    return f"cutlass.Int32({v})" if r.random() < p else str(v)


def _tup(items):
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def _shape_stride(r, p, depth=2, zero=0.2):
    """-> (shape text, stride text) of a random (nested) layout, each leaf dynamic with probability p."""
    n = r.choice((1, 2, 2, 3))
    sh, st = [], []
    for _ in range(n):
        if depth > 1 and r.random() < 0.3:
            a, b = _shape_stride(r, p, depth - 1, zero)
            sh.append(a)
            st.append(b)
        else:
            sh.append(_dyn(r, r.choice((1, 2, 3, 4, 6, 8, 16)), p))
            st.append("0" if r.random() < zero else _dyn(r, r.choice((1, 2, 4, 8, 16, 32, 64)), p))
    return _tup(sh), _tup(st)


def _layout(r, p, depth=2, zero=0.2):
    s, d = _shape_stride(r, p, depth, zero)
    return f"cute.make_layout({s}, stride={d})"


def gap_cases(seed: int, n: int) -> list[G.Case]:
    """``n`` random cases of each kind around a known difference (static and dynamic values, nested)."""
    r = random.Random(seed)
    out = []
    for _ in range(n):
        p = r.choice((0.0, 0.3, 0.6))
        out.append(G.Case("right_inverse", f"cute.right_inverse({_layout(r, p)})"))
        out.append(G.Case("left_inverse", f"cute.left_inverse({_layout(r, p)})"))
        small = r.choice(
            (
                "cute.make_layout((4, 2))",
                "cute.make_layout(8, stride=2)",
                "cute.make_layout((2, 3), stride=(3, 1))",
                "cute.make_layout(4)",
            )
        )
        out.append(G.Case("composition_dyn", f"cute.composition({_layout(r, p, zero=0.4)}, {small})"))
        out.append(G.Case("eval", f"{_layout(r, p)}({r.randrange(6)})"))
        s, d = _shape_stride(r, p)
        k = s.count(",") + 1 if s.endswith(",)") is False else 1
        out.append(
            G.Case(
                "cosize_mode",
                f"cute.cosize(cute.make_layout({s}, stride={d}), mode=[{r.randrange(max(1, min(k, 2)))}])",
            )
        )
        out.append(G.Case("complement", f"cute.complement({_layout(r, p, zero=0.1)}, {r.choice((16, 64, 256, 1024))})"))
        sh, _ = _shape_stride(r, p, 1, 0)
        nmodes = sh.count(",") + (0 if sh.endswith(",)") else 1)
        til = _tup(
            [r.choice(("1", "2", "4", "cute.make_layout(1)", "cute.make_layout(2, stride=2)")) for _ in range(nmodes)]
        )
        out.append(G.Case("composition_tuple", f"cute.composition({_layout(r, p)}, {til})"))
        a, b = r.choice(((32, 16), (16, 32), (8, 16), (16, 8), (32, 8), (8, 32), (64, 16), (16, 64), (8, 4), (4, 8)))
        out.append(G.Case("recast_layout", f"cute.recast_layout({a}, {b}, {_layout(r, p)})"))
    return out


def generate(seed: int = 20261127, n: int = 40) -> list[G.Case]:
    """The corpus lines (op ``real:<repo>``) then the gap cases."""
    cases = [G.Case(f"real:{ln.repo}", ln.expr) for ln in corpus()]
    return cases + gap_cases(seed, n)
