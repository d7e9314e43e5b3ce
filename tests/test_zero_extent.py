"""Layout algebra with an extent 0 (issue 43) against real CuTe 4.2, one case per forked process
(tests/oracle/gen_zero.py): where CuTe prints an answer cutedump prints it; where CuTe's host program divides by zero
(SIGFPE) cutedump refuses, saying so; where CuTe's static_assert refuses, cutedump refuses with its words."""

from __future__ import annotations

import pytest

from tests.oracle import gen_zero as Z
from tests.oracle.cute import PRELUDE, refusal_verdicts, run_cases_status, unavailable_reason

pytestmark = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))


def _cute():
    bodies = [Z.body(e) for e in Z.EXPRS]
    # no recheck alone: the cases the batch scores "compiles" are compiled together into one program below (a hidden
    # refusal would fail that compile)
    verdicts = refusal_verdicts(PRELUDE, bodies, "zero-rej-", "extent-0 cases", recheck=False)
    comp = [i for i, v in enumerate(verdicts) if v == "compiles"]
    ran = dict(zip(comp, run_cases_status([bodies[i] for i in comp])))
    return [("ran", *ran[i]) if i in ran else ("refused", v, None) for i, v in enumerate(verdicts)]


def test_zero_extents_like_cute():
    outcomes = {"answer": 0, "sigfpe": 0, "refused": 0}
    bad = []
    for expr, got in zip(Z.EXPRS, _cute()):
        ours = Z.ours(expr)
        if got[0] == "refused":
            outcomes["refused"] += 1
            if not ours.startswith("error: "):
                bad.append(f"{expr}: CuTe refuses ({got[1]}), ours {ours}")
            elif "static assertion failed: " in got[1] and got[1].split("static assertion failed: ")[1] not in ours:
                bad.append(f"{expr}: CuTe: {got[1]}; ours {ours}")
        elif got[2] == "exit 0":
            outcomes["answer"] += 1
            if ours + "\n" != got[1]:
                bad.append(f"{expr}: CuTe {got[1]!r}, ours {ours!r}")
        else:
            assert got[2] == "signal 8", (expr, got)  # SIGFPE
            outcomes["sigfpe"] += 1
            if not (ours.startswith("error: ") and "divide when the program runs" in ours and "SIGFPE" in ours):
                bad.append(f"{expr}: CuTe's program stops with SIGFPE, ours {ours}")
    assert not bad, "\n".join(bad)
    assert min(outcomes.values()) >= 1 and sum(outcomes.values()) == len(Z.EXPRS), outcomes


def test_tile_to_shape_of_an_empty_block_is_cutes_static_assert():
    assert Z.ours("tile_to_shape(_0:_1, make_shape(_4,_4))") == (
        "error: tile_to_shape: block shape does not divide the target shape."
    )
