"""The bank model's per-analysis memo (model._row_bank_groups with ``memo``): a row moved by a multiple of 128 bytes
has the same answer, and analysing with the memo gives what analysing each row alone gives."""

import random

import pytest

from cutedump.bank import model as M


def _rows(inst, rng, n):
    """n rows of 32 aligned lane addresses, some of them repeats of an earlier row moved by k * 128 bytes."""
    rows = []
    for _ in range(n):
        if rows and rng.random() < 0.5:
            src = rng.choice(rows)
            k = rng.randrange(-(min(src) // 128), 8)
            rows.append([a + 128 * k for a in src])
        else:
            span = rng.choice([128, 256, 1024, 8192])
            rows.append([rng.randrange(0, span) // inst.access_bytes * inst.access_bytes for _ in range(M.WARP)])
        if inst.op == "ld" and inst.access_bytes in (8, 16) and rng.random() < 0.2:
            rows[-1] = [rows[-1][l & ~1] for l in range(M.WARP)]  # a paired load
    return rows


@pytest.mark.parametrize("name", sorted(M.INSTRUCTIONS))
def test_memo_agrees_with_each_row_alone(name):
    inst = M.instruction(name)
    rng = random.Random(name)
    rows = _rows(inst, rng, 60)
    memo: dict = {}
    for row in rows:
        assert M._row_bank_groups(inst, row, memo) == M._row_bank_groups(inst, row)
    assert len(memo) < len(rows)  # the repeats were found
    r = M.analyze(inst, rows)
    assert r.wavefronts == [sum(max(c) for c, _ in M._row_bank_groups(inst, row)[0]) for row in rows]


def test_shift_not_a_multiple_of_128_is_another_row():
    inst = M.instruction(sorted(M.INSTRUCTIONS)[0])
    row = [4 * l for l in range(M.WARP)]
    memo: dict = {}
    M._row_bank_groups(inst, row, memo)
    M._row_bank_groups(inst, [a + 64 for a in row], memo)
    assert len(memo) == 2
