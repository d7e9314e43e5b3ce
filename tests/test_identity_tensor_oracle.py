"""Tensors of coordinates (``make_identity_tensor`` and CuTe's Tensor overloads) against real CuTe.

``tests/oracle/gen_tensor.py`` writes seeded C++ expressions over identity tensors; real CuTe prints each one
(answers recorded in tests/oracle/records/), cutedump evaluates the same text. Printed answers must be equal
(``ArithTuple(32,_0) o (_32,_32,_2):(_1@0,_1@1,_32@1)``: the iterator's coordinate, static or dynamic, and the
layout), and a call CuTe has no Tensor overload for must be refused by cutedump (one error, never an answer)."""

from __future__ import annotations

import collections
import os

import pytest

from tests.oracle import agreement as A
from tests.oracle import gen_tensor as G

SEED = int(os.environ.get("CUTEDUMP_TENSOR_SEED", "20261124"))
N_CASES = int(os.environ.get("CUTEDUMP_TENSOR_CASES", "400"))


@pytest.fixture(scope="module")
def cases():
    return G.generate(SEED, N_CASES)


@pytest.fixture(scope="module")
def oracle(cases):
    return A.run(cases, 200)


def test_corpus_is_broad(cases):
    ops = collections.Counter(c.op for c in cases)
    assert len(cases) >= 300 and len(ops) >= 20, ops
    for op in (
        "make_identity_tensor",
        "local_tile",
        "local_partition",
        "zipped_divide",
        "tensor()",
        "local_partition(local_tile)",
        "composition",
    ):
        assert ops[op] >= 5, op


def test_identity_tensors_match_cute(cases, oracle):
    total, agree, bad = A.compare(cases, oracle)
    assert sum(total.values()) >= 300
    assert not bad, A.failure(total, bad, 25)
