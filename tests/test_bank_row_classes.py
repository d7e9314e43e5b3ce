"""CopyPlan.row_classes + model.class_totals (a warp's rows grouped by their call offset modulo 128 bytes, and under a
swizzle Sw<B,M,S> also modulo 2^(M+|S|+B) elements) give the totals of analysing every row, for copies of the bank
tests' kinds over unswizzled, swizzled and padded tiles; the fix search and the kernel audit use them."""

import random

import pytest

from cutedump.algebra import C, Layout
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.atoms import copy_atom, make_tiled_copy
from cutedump.bank.copy import copy_plan, split_smem
from cutedump.bank.model import analyze, class_totals, conflict_free_totals
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate

COPIES = [
    ("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "half_t", "(_16,_8):(_8,_1)", "(_1,_8)", True),
    ("UniversalCopy<uint32_t>", "float", "(_32,_4)", "(_1,_1)", False),
    ("UniversalCopy<uint64_t>", "half_t", "(_8,_16):(_16,_1)", "(_1,_4)", True),
    ("SM75_U32x4_LDSM_N", "half_t", "(_32,_1)", "(_1,_8)", False),
    ("UniversalCopy<uint128_t>", "float", "(_32,_8)", "(_4,_1)", True),
    ("UniversalCopy<uint16_t>", "half_t", "(_32,_4)", "(_1,_1)", False),
]


def _smems(r):
    out = []
    for _ in range(6):
        m, n = r.choice([64, 128]), r.choice([32, 64])
        pad = r.choice([0, 0, 1, 2, 4, 8])
        out.append(Layout((C(m), C(n)), (C(n + pad), C(1))))
        out.append(Layout((C(m), C(n)), (C(1), C(m + pad))))
        b, mm, s = r.choice(
            [
                (3, 3, 3),
                (2, 3, 3),
                (3, 4, 3),
                (1, 4, 3),
                (0, 4, 3),
                (2, 2, -3),
                (1, 1, 4),
                (3, 0, 5),
                (2, 4, -2),
                (1, 3, 1),
            ]
        )
        out.append(ComposedLayout(Swizzle(b, mm, s), C(0), Layout((C(m), C(n)), (C(n), C(1)))))
        b, mm, s = r.choice([(3, 3, 3), (2, 3, 3), (2, 1, -2), (1, 2, 6)])
        out.append(ComposedLayout(Swizzle(b, mm, s), C(0), Layout((C(m), C(n)), (C(1), C(m)))))
    return out


def _result(fn):
    try:
        return fn()
    except CuteDumpError as e:
        return ("error", str(e))


def _cases():
    for k, (name, ty, thr, val, store) in enumerate(COPIES):
        tc = make_tiled_copy(copy_atom(name, ty), evaluate(thr), evaluate(val))
        for smem in _smems(random.Random(k)):
            try:
                plan = copy_plan(tc, smem, store)
            except CuteDumpError:
                continue
            yield name, smem, plan, split_smem(smem)[0]


def test_class_totals_equal_every_row():
    used = 0
    for name, smem, plan, sw in _cases():
        classes = plan.row_classes(sw)
        if classes is None:
            continue
        used += 1
        assert sum(n for _, n in classes) == len(plan.calls) * plan.nwarps
        want = _result(lambda: analyze(plan.inst, plan.addresses(sw, range(plan.nwarps))).totals())
        got = _result(lambda: class_totals(plan.inst, classes))
        assert (got == want) or (got[0] == want[0] == "error"), (name, smem, got, want)
        cf = _result(lambda: conflict_free_totals(plan.inst, plan.iter_addresses(sw, range(plan.nwarps))))
        got = _result(lambda: class_totals(plan.inst, classes, conflict_free=True))
        assert (got == cf) or (got[0] == cf[0] == "error"), (name, smem, got, cf)
    assert used >= 20


def test_swizzled_rows_have_classes():
    """Under a swizzle the classes cover every row (counts sum to all the rows) and are fewer than the rows where
    the calls repeat modulo the swizzle's period; a class refused (not contiguous under the swizzle) leaves the rows
    to iter_addresses (None), which raises."""
    seen = fewer = refused = 0
    for name, smem, plan, sw in _cases():
        if sw is None or sw.b == 0:
            continue
        classes = plan.row_classes(sw)
        if classes is None:
            refused += 1
            with pytest.raises(CuteDumpError):
                plan.addresses(sw, range(plan.nwarps))
            continue
        seen += 1
        assert sum(n for _, n in classes) == len(plan.calls) * plan.nwarps
        fewer += len(classes) < len(plan.calls) * plan.nwarps
    assert seen >= 20 and fewer >= 10 and refused, (seen, fewer, refused)
