"""The scale-factor lines of CUTLASS's own block-scaled, blockwise and GeForce examples (tests/data/
cpp_example_scale_lines.toml: 67, 68, 72, 75, 79, 81, 87, 89, 90 at cutlass v4.2.0, each line with its place), asked
through the eval language as the example writes them (its typedef replaced by the type it names; ``decltype(...)::``
as examples 67, 81 and 87a write their trivial blockwise configs) at several problem sizes, against CUTLASS 4.2
compiled host-only (recorded)."""

from __future__ import annotations

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

import pytest

from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate_to_string
from tests.oracle import gen_scale as G
from tests.oracle.cute import diff_cases, run_chunked, unavailable_reason
from tests.paths import ROOT

CORPUS = tomllib.loads((ROOT / "tests" / "data" / "cpp_example_scale_lines.toml").read_text(encoding="utf-8"))
#: the examples' default problem sizes (m, n, k, l), odd ones, a large batched one, one tile
SIZES = (
    (1024, 512, 1024, 1),
    (1000, 300, 200, 1),
    (4096, 2048, 7168, 3),
    (128, 128, 128, 1),
    (129, 257, 65, 2),
    (8192, 256, 64, 1),
)


def _cases():
    out, seen = [], set()
    for line in CORPUS["line"]:
        for m, n, k, l in SIZES:
            expr = line["expr"]
            for name, v in (("{m}", m), ("{n}", n), ("{k}", k), ("{l}", l)):
                expr = expr.replace(name, str(v))
            if expr in seen:  # deduce_layoutSFA() takes no size
                continue
            seen.add(expr)
            try:
                want = evaluate_to_string(expr)
            except CuteDumpError as e:
                want = "REFUSED: " + e.message
            out.append((f"{line['src']} {expr}", f"print({expr});", want))
    return out


def test_corpus_is_the_examples_lines():
    """Each line names its place, and its expression is the code's call with the typedef and sizes substituted."""
    assert CORPUS["repo"].startswith("NVIDIA/cutlass@") and len(CORPUS["line"]) >= 70
    for line in CORPUS["line"]:
        path, no = line["src"].rsplit(":", 1)
        assert path.startswith("examples/") and int(no) > 0
        call = line["code"].split("::", 1)[1].split("(", 1)[0]
        assert f"::{call}(" in line["expr"], line


@pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))
def test_example_lines_like_cutlass():
    cases = _cases()
    assert len(cases) > 150  # (distinct expressions: examples share lines)
    outs = run_chunked(cases, 400, prelude=G.PRELUDE)
    bad = diff_cases(cases, outs)
    assert not bad, f"{len(bad)} of {len(cases)} differ:\n" + "\n".join(bad[:20])


@pytest.mark.parametrize(
    "expr, words",
    [
        ("decltype(make_layout(8))::deduce_layoutSFA()", "not an object of a class whose members cutedump reads"),
        ("decltype(cutlass::detail::sm90_trivial_blockwise_scale_config(Shape<_128,_128,_128>{}))", "is a type"),
        ("decltype()::deduce_layoutSFA()", "needs an expression"),
        ("cutlass::detail::sm100_trivial_blockwise_scale_config(Shape<_128,_128,_128>{})", "CuTe does not print"),
        ("cutlass::detail::sm100_trivial_blockwise_scale_config(make_shape(128, _128{}, _128{}))", "not static"),
        ("cutlass::detail::sm120_trivial_blockwise_scale_config(Shape<_128,_128>{})", "rank-3"),
    ],
)
def test_decltype_and_trivial_configs_refuse_in_one_line(expr, words):
    """What C++ would not compile (or CuTe not print) is one error naming the reason."""
    with pytest.raises(CuteDumpError) as e:
        evaluate_to_string(expr)
    assert words in e.value.message, e.value.message
