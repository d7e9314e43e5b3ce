"""Differential test of the layout algebra against real CuTe (CUTLASS 4.2 headers, g++).

``tests/oracle/gen_algebra.py`` generates a few thousand seeded cases (every operation of issue 2, static
and dynamic integers, nested shapes, zero / non-unit strides, swizzles); this file compiles them into a
few C++ programs (cached in .oracle_cache/ by source hash), runs them, and compares every printed line
with ``cutedump.expr.evaluate_to_string``. Mismatches are collected and reported once, grouped by
operation. Cases that CuTe itself rejects at compile time are pruned automatically; the ones rejected by
a static_assert must make cutedump raise ``CuteDumpError``.

Run with ``pytest tests/test_oracle_algebra.py -s`` to see the summary (case count, agreement).
"""

from __future__ import annotations

import collections
import json
import os
import re

import pytest

from tests.oracle import gen_algebra as G
from tests.oracle.cute import CACHE, unavailable_reason

SEED = int(os.environ.get("CUTEDUMP_ALGEBRA_SEED", "20250417"))
N_CASES = int(os.environ.get("CUTEDUMP_ALGEBRA_CASES", "3600"))

# every operation issue 2 lists, by the op label the generator gives it
REQUIRED_OPS = {
    "rank",
    "depth",
    "size",
    "cosize",
    "shape",
    "stride",
    "get",
    "flatten",
    "append",
    "prepend",
    "select",
    "make_layout",
    "make_ordered_layout",
    "idx2crd",
    "crd2idx",
    "eval",
    "coalesce",
    "filter",
    "composition",
    "complement",
    "right_inverse",
    "left_inverse",
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
    "max_common_vector",
    "max_common_layout",
    "zip",
    "with_shape",
    "congruent",
    "compatible",
    "swizzle_eval",
    "as_position_independent_swizzle_layout",
}


def _ours(expr: str) -> str:
    from cutedump.errors import CuteDumpError
    from cutedump.expr import evaluate_to_string

    try:
        return evaluate_to_string(expr)
    except CuteDumpError as e:
        return f"<CuteDumpError: {e}>"
    except Exception as e:  # noqa: BLE001 - a traceback is itself a finding
        return f"<{type(e).__name__}: {e}>"


@pytest.fixture(scope="module")
def cases():
    return G.generate(SEED, N_CASES)


@pytest.fixture(scope="module")
def oracle(cases):
    why = unavailable_reason()
    if why:
        pytest.skip(why)
    return G.run_oracle(cases)


def test_generator_covers_every_operation(cases):
    ops = collections.Counter(c.op for c in cases)
    assert len(cases) >= 3000
    missing = REQUIRED_OPS - set(ops)
    assert not missing, f"generator never produced: {sorted(missing)}"
    # static and dynamic integers, swizzles, nesting and zero strides all present
    exprs = "\n".join(c.expr for c in cases)
    assert "Sw<" in exprs and ":_0" in exprs and "(((" in exprs  # swizzles, static zero strides, depth 3
    assert re.search(r"[(,:]\d", exprs) and re.search(r"[(,:]_\d", exprs)  # dynamic and static integers
    assert re.search(r"[(,:]_?-\d", exprs)  # negative strides


def test_generator_is_deterministic():
    a = G.generate(SEED, 200)
    b = G.generate(SEED, 200)
    assert [(c.expr, c.cpp) for c in a] == [(c.expr, c.cpp) for c in b]


def compare(cases, res):
    """-> (per-op totals, per-op agreements, mismatch rows)."""
    total, agree = collections.Counter(), collections.Counter()
    bad = []
    for i, want in sorted(res.outputs.items()):
        c = cases[i]
        got = _ours(c.expr)
        total[c.op] += 1
        if got == want:
            agree[c.op] += 1
        else:
            bad.append((c.op, c.expr, want, got))
    return total, agree, bad


def test_algebra_matches_cute(cases, oracle):
    total, agree, bad = compare(cases, oracle)
    n, ok = sum(total.values()), sum(agree.values())
    summary = {
        "seed": SEED,
        "generated": len(cases),
        "compared": n,
        "agree": ok,
        "pruned_by_cute": len(oracle.rejected),
        "crashed_in_cute": len(oracle.crashed),
        "per_op": {op: [agree[op], total[op]] for op in sorted(total)},
        "oracle_seconds": round(oracle.compile_seconds, 1),
        "cached": oracle.cached,
    }
    try:
        (CACHE / "algebra_summary.json").write_text(json.dumps(summary, indent=1))
    except OSError:
        pass
    print(
        f"\n[oracle-algebra] {ok}/{n} cases agree with CuTe "
        f"({len(oracle.rejected)} pruned as rejected by CuTe, {len(oracle.crashed)} trapped); "
        f"oracle time {oracle.compile_seconds:.0f}s{' (cached)' if oracle.cached else ''}"
    )
    if bad:
        per_op = collections.Counter(b[0] for b in bad)
        lines = [f"{len(bad)} of {n} cases differ from CuTe. Per operation (mismatches/cases):"]
        lines += [f"  {op}: {per_op[op]}/{total[op]}" for op in sorted(per_op, key=lambda o: -per_op[o])]
        lines.append("First mismatches (expression | CuTe | cutedump):")
        lines += [f"  [{op}] {e}\n      CuTe:     {w}\n      cutedump: {g}" for op, e, w, g in bad[:30]]
        pytest.fail("\n".join(lines), pytrace=False)


def test_cases_cute_rejects_statically_raise(cases, oracle):
    """Generated inputs CuTe refused with a static_assert must be refused by cutedump too."""
    from cutedump.errors import CuteDumpError
    from cutedump.expr import evaluate_to_string

    wrong = []
    for i in sorted(oracle.static_rejected):
        try:
            out = evaluate_to_string(cases[i].expr)
        except CuteDumpError:
            continue
        except Exception as e:  # noqa: BLE001
            out = f"<{type(e).__name__}: {e}>"
        wrong.append(f"  {cases[i].expr}\n      CuTe: {oracle.rejected[i]}\n      cutedump: {out}")
    assert not wrong, "cutedump accepts inputs CuTe rejects:\n" + "\n".join(wrong[:30])


@pytest.mark.parametrize("op,expr,why", G.rejected_cases(), ids=[e for _, e, _ in G.rejected_cases()])
def test_statically_rejected_inputs_raise(op, expr, why):
    from cutedump.errors import CuteDumpError
    from cutedump.expr import evaluate_to_string

    with pytest.raises(CuteDumpError):
        out = evaluate_to_string(expr)
        print(f"{expr} -> {out} (CuTe rejects: {why})")


def test_rejected_list_really_fails_in_cute():
    """Keep REJECTED honest: every entry must fail to compile against the CuTe headers."""
    why = unavailable_reason()
    if why:
        pytest.skip(why)
    compiled = G.verify_rejected()
    assert not compiled, "listed as rejected but CuTe compiles them:\n" + "\n".join(compiled)


def test_eval_file_mode_reproduces_cute_line_for_line(cases, oracle):
    """`cutedump eval -f -` over every compared expression (plus a comment and a blank line) prints one
    line per input line, each equal to CuTe's output."""
    from click.testing import CliRunner

    from cutedump.cli import main

    idx = sorted(i for i in oracle.outputs if "\n" not in oracle.outputs[i])
    text = "# generated by tests/oracle/gen_algebra.py\n\n" + "\n".join(cases[i].expr for i in idx) + "\n"
    res = CliRunner().invoke(main, ["eval", "-f", "-"], input=text)
    lines = res.output.split("\n")
    assert lines[:2] == ["", ""]
    got = lines[2 : 2 + len(idx)]
    wrong = [(cases[i].expr, oracle.outputs[i], g) for i, g in zip(idx, got) if g != oracle.outputs[i]]
    assert len(got) == len(idx) and not wrong, wrong[:10]
    assert res.exit_code == 0


def test_eval_regular_file_in_parallel_reproduces_cute(cases, oracle, tmp_path):
    """The same expressions from a regular file, answered by three processes (`eval -f FILE -j 3`): every line equal
    to CuTe's output, in order."""
    import subprocess
    import sys
    from pathlib import Path

    idx = sorted(i for i in oracle.outputs if "\n" not in oracle.outputs[i])
    f = tmp_path / "cases.txt"
    f.write_text("\n".join(cases[i].expr for i in idx) + "\n")
    res = subprocess.run(
        [sys.executable, "-m", "cutedump", "eval", "-f", str(f), "-j", "3"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
        timeout=300,
    )
    got = res.stdout.split("\n")
    assert len(idx) >= 2000 and got[-1] == "" and len(got) == len(idx) + 1  # enough lines for three processes
    wrong = [(cases[i].expr, oracle.outputs[i], g) for i, g in zip(idx, got) if g != oracle.outputs[i]]
    assert not wrong, wrong[:10]
    assert res.returncode == 0 and res.stderr == ""
