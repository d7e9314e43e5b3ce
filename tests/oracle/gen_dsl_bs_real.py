"""The lines of CUTLASS's block-scaled CuTe DSL examples (tests/data/dsl_blockscaled_corpus.toml: the SM100
dense_blockscaled_gemm_persistent.py, the SM103 FP4-Ultra example, the GeForce SM120 cooperative example and its
dispatch helpers; each with its repository@commit:path:line) as oracle cases, traced by nvidia-cutlass-dsl 4.8.1 on the
CPU with ``CUTE_DSL_ARCH`` = the line's arch (sm_100a, sm_103a, sm_120a), each line in its own jit function
(gen_dsl_s2t.py's harness, with the GeForce examples' ``sm120_utils`` in its namespace)."""

from __future__ import annotations

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from tests.oracle import gen_dsl_s2t as S
from tests.oracle.gen_dsl import Case
from tests.oracle.gen_dsl_real import Line
from tests.paths import ROOT

CORPUS = ROOT / "tests" / "data" / "dsl_blockscaled_corpus.toml"
PROGRAM = S.PROGRAM.replace(
    '"blockscaled_utils": blockscaled_utils, "sm100_utils": sm100_utils}',
    '"blockscaled_utils": blockscaled_utils, "sm100_utils": sm100_utils, "sm120_utils": sm100_utils}',
)
assert '"sm120_utils": sm100_utils' in PROGRAM
ARCHS = ("sm_100a", "sm_103a", "sm_120a")


class BsLine(Line):
    __slots__ = ("arch",)

    def __init__(self, repos, d):
        super().__init__(repos, d)
        self.arch = d.get("arch", "sm_100a")


def corpus() -> list[BsLine]:
    with open(CORPUS, "rb") as f:
        data = tomllib.load(f)
    return [BsLine(data["repos"], d) for d in data["line"]]


def cases_by_arch() -> dict[str, list[Case]]:
    out: dict[str, list[Case]] = {a: [] for a in ARCHS}
    for ln in corpus():
        out[ln.arch].append(Case(f"real:{ln.src.split(':')[1].rsplit('/', 1)[-1]}", ln.expr))
    return out


def run_oracle(cases, arch):
    """The DSL's answers (recorded), with this corpus's namespace."""
    return S.run_oracle(cases, arch, tag="bsreal", program=PROGRAM)
