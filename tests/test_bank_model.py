"""The bank model against the 74 access patterns measured on an H100 with Nsight Compute (tests/data/bank/), and
the model's laws on constructed patterns."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cutedump.bank import INSTRUCTIONS, analyze, instruction
from cutedump.errors import CuteDumpError

DATA = Path(__file__).parent / "data" / "bank"
MEASURED = json.loads((DATA / "h100_measured_patterns.json").read_text())


def test_measured_set_is_whole():
    assert len(MEASURED) == 74
    assert {p["inst"] for p in MEASURED} >= {
        "ld.shared.b32",
        "ld.shared.b64",
        "ld.shared.b128",
        "st.shared.b32",
        "st.shared.b64",
        "st.shared.b128",
        "ldmatrix.x1",
        "ldmatrix.x2",
        "ldmatrix.x4",
        "ldmatrix.x4.trans",
        "stmatrix.x2",
        "stmatrix.x4",
        "stmatrix.x4.trans",
    }


@pytest.mark.parametrize("p", MEASURED, ids=[p["name"] for p in MEASURED])
def test_h100_measured_pattern(p):
    r = analyze(p["inst"], p["lane_byte_addresses"])
    m = p["measured"]
    assert r.n == m["instructions"]
    assert r.totals()["wavefronts"] == m["wavefronts"]
    assert r.totals()["conflicts"] == m["bank_conflicts"]


def test_measured_patterns_cover_conflicts_and_broadcasts():
    conflicted = [p for p in MEASURED if p["measured"]["bank_conflicts"] > 0]
    assert len(conflicted) >= 20 and len(MEASURED) - len(conflicted) >= 20


def _brute(inst, addrs):
    """The model stated plainly, one phase at a time (a second implementation for the law test)."""
    ins = INSTRUCTIONS[inst]
    total = 0
    for ph in ins.phases:
        words = set()
        for l in ph:
            for k in range(max(1, ins.access_bytes // 4)):
                words.add(addrs[l] // 4 + k)
        per_bank = {}
        for w in words:
            per_bank[w % 32] = per_bank.get(w % 32, 0) + 1
        total += max(per_bank.values())
    return total


def test_vectorised_model_equals_the_plain_statement():
    rng = random.Random(7)
    for name, ins in INSTRUCTIONS.items():
        pats = []
        for _ in range(40):
            span = rng.choice([64, 512, 4096])
            pats.append([rng.randrange(span) * ins.access_bytes for _ in range(32)])
        r = analyze(name, pats)
        assert [int(x) for x in r.wavefronts] == [_brute(name, p) for p in pats]
        assert all(c >= 0 for c in r.conflicts) and r.ideal == [len(ins.phases)] * len(pats)


def test_every_instruction_has_a_conflict_free_and_a_worst_pattern():
    for name, ins in INSTRUCTIONS.items():
        contiguous = [ins.access_bytes * i for i in range(32)]
        assert analyze(name, contiguous).totals()["conflicts"] == 0
        same_bank = [128 * i * max(1, ins.access_bytes // 4) for i in range(32)]
        r = analyze(name, same_bank).totals()
        lanes = len(ins.phases[0])
        assert r["wavefronts"] == len(ins.phases) * lanes  # every lane's words on the same banks


def test_bad_input():
    with pytest.raises(CuteDumpError, match="unknown shared-memory instruction 'ld.shared.b256'"):
        instruction("ld.shared.b256")
    with pytest.raises(CuteDumpError, match="needs 32 byte addresses .* got 31"):
        analyze("ld.shared.b32", [list(range(0, 124, 4))])
    with pytest.raises(CuteDumpError, match="lane 1: address 8 is not 16-byte aligned"):
        analyze("ld.shared.b128", [[0, 8] + [0] * 30])
    with pytest.raises(CuteDumpError, match="negative"):
        analyze("st.shared.b32", [[-4] + [0] * 31])
    # ldmatrix.x1 reads lanes 0-7 only: the others are not checked
    assert analyze("ldmatrix.x1", [[16 * i for i in range(8)] + [3] * 24]).totals()["conflicts"] == 0
