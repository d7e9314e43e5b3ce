"""Expressions of the eval language against real CuTe's answers (an oracle run of tests/oracle/gen_*.py): which
agree, which differ, and one failure message. Shared by the C++-spelling, ScaledBasis and identity-tensor corpora."""

from __future__ import annotations

import collections
import os


def ours(expr: str) -> tuple[bool, str]:
    """-> (answered, text): cutedump's print of the expression, or its error."""
    from cutedump.errors import CuteDumpError
    from cutedump.expr import evaluate_to_string

    try:
        return True, evaluate_to_string(expr)
    except CuteDumpError as e:
        return False, f"<CuteDumpError: {e}>"
    except Exception as e:  # noqa: BLE001 - a traceback is itself a finding
        return False, f"<{type(e).__name__}: {e}>"


def run(cases, batch_size: int):
    """Real CuTe's answers to the cases (tests/oracle/gen_algebra.run_oracle; records unless live), or a pytest skip
    naming what is missing. One g++ at a time by default (a shared machine); CUTEDUMP_ORACLE_JOBS=N compiles N
    batches at once (CI)."""
    import pytest

    from tests.oracle import gen_algebra as GA
    from tests.oracle.cute import unavailable_reason

    why = unavailable_reason()
    if why:
        pytest.skip(why)
    return GA.run_oracle(cases, batch_size=batch_size, jobs=int(os.environ.get("CUTEDUMP_ORACLE_JOBS", "1")))


def compare(cases, oracle) -> tuple[collections.Counter, collections.Counter, list]:
    """(cases per op, agreeing cases per op, [(op, expr, CuTe's answer, ours)] of those that differ). A case CuTe
    refuses to compile agrees when cutedump refuses it with a CuteDumpError; a case that crashed CuTe is left out."""
    total, agree, bad = collections.Counter(), collections.Counter(), []
    for i, c in enumerate(cases):
        if i in oracle.crashed:
            continue
        answered, got = ours(c.expr)
        total[c.op] += 1
        if i in oracle.rejected:
            if not answered and got.startswith("<CuteDumpError"):
                agree[c.op] += 1
            else:
                bad.append((c.op, c.expr, "does not compile: " + oracle.rejected[i][:160], got))
        elif answered and got == oracle.outputs[i]:
            agree[c.op] += 1
        else:
            bad.append((c.op, c.expr, oracle.outputs[i], got))
    return total, agree, bad


def failure(total, bad, first: int = 30) -> str:
    """The message of a corpus with mismatches: per operation, then the first ones."""
    n = sum(total.values())
    per_op = collections.Counter(b[0] for b in bad)
    lines = [f"{len(bad)} of {n} cases differ from CuTe. Per operation (mismatches/cases):"]
    lines += [f"  {op}: {per_op[op]}/{total[op]}" for op in sorted(per_op, key=lambda o: -per_op[o])]
    lines.append("First mismatches (expression | CuTe | cutedump):")
    lines += [f"  [{op}] {e}\n      CuTe:     {w}\n      cutedump: {g}" for op, e, w, g in bad[:first]]
    return "\n".join(lines)
