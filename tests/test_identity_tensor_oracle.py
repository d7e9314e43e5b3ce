"""Tensors of coordinates (``make_identity_tensor`` and CuTe's Tensor overloads) against real CuTe.

``tests/oracle/gen_tensor.py`` writes seeded C++ expressions over identity tensors; real CuTe prints each one
(answers recorded in tests/oracle/records/), cutedump evaluates the same text. Printed answers must be equal
(``ArithTuple(32,_0) o (_32,_32,_2):(_1@0,_1@1,_32@1)``: the iterator's coordinate, static or dynamic, and the
layout), and a call CuTe has no Tensor overload for must be refused by cutedump (one error, never an answer)."""
from __future__ import annotations

import collections
import os

import pytest

from tests.oracle import gen_algebra as GA
from tests.oracle import gen_tensor as G
from tests.oracle.cute import unavailable_reason
from tests.test_oracle_cpp import _ours

SEED = int(os.environ.get("CUTEDUMP_TENSOR_SEED", "20261124"))
N_CASES = int(os.environ.get("CUTEDUMP_TENSOR_CASES", "400"))


@pytest.fixture(scope="module")
def cases():
    return G.generate(SEED, N_CASES)


@pytest.fixture(scope="module")
def oracle(cases):
    why = unavailable_reason()
    if why:
        pytest.skip(why)
    return GA.run_oracle(cases, batch_size=200, jobs=int(os.environ.get("CUTEDUMP_ORACLE_JOBS", "1")))


def test_corpus_is_broad(cases):
    ops = collections.Counter(c.op for c in cases)
    assert len(cases) >= 300 and len(ops) >= 20, ops
    for op in ("make_identity_tensor", "local_tile", "local_partition", "zipped_divide", "tensor()",
               "local_partition(local_tile)", "composition"):
        assert ops[op] >= 5, op


def test_identity_tensors_match_cute(cases, oracle):
    bad, n = [], 0
    for i, c in enumerate(cases):
        if i in oracle.crashed:
            continue
        n += 1
        answered, got = _ours(c.expr)
        if i in oracle.rejected:
            if answered or not got.startswith("<CuteDumpError"):
                bad.append((c.op, c.expr, "does not compile: " + oracle.rejected[i][:160], got))
        elif not answered or got != oracle.outputs[i]:
            bad.append((c.op, c.expr, oracle.outputs[i], got))
    assert n >= 300
    assert not bad, f"{len(bad)} of {n} differ:\n" + "\n".join(
        f"  [{op}] {e}\n      CuTe:     {w}\n      cutedump: {g}" for op, e, w, g in bad[:25])
