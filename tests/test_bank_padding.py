"""The padding search's plans (bank/search.py: _padded_plans) are copy_plan's: for p >= 4 they come from the plans of
p = 1, 2, 3 (every offset is linear in the padded stride), and they equal copy_plan of the padded layout, field by
field, for the bank tests' kinds of copies over row- and column-major tiles, padded or not; search_padding's answer
is the one a copy_plan per candidate gives."""

import random

from cutedump.algebra import C, Layout
from cutedump.atoms import copy_atom, make_tiled_copy
from cutedump.bank import search as S
from cutedump.bank.copy import copy_plan
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate
from tests.test_bank_row_classes import COPIES


def _bases(r):
    out = []
    for _ in range(5):
        m, n = r.choice([32, 64, 128]), r.choice([8, 16, 32, 64])
        pad = r.choice([0, 0, 1, 3, 8])
        out.append(Layout((C(m), C(n)), (C(n + pad), C(1))))
        out.append(Layout((C(m), C(n)), (C(1), C(m + pad))))
    return out


def _direct(tiled_copies, lay):
    try:
        return [copy_plan(tc, lay, store) for tc, store in tiled_copies]
    except CuteDumpError:
        return None


def _fields(plans):
    return None if plans is None else [(p.calls, p.threads, p.atom, p.notes, p.store, p.inst.name) for p in plans]


def _search_one_plan_each(tiled_copies, base, max_pad_bytes=128):
    """search_padding as it was: a copy_plan per candidate."""
    mode, stride, _ = S._pad_mode(base)
    bits = min(tc.atom.value_bits for tc, _ in tiled_copies)
    tried = 0
    for p in range(1, max(1, max_pad_bytes * 8 // bits) + 1):
        lay = S._padded(base, mode, stride, p)
        tried += 1
        plans = _direct(tiled_copies, lay)
        if plans is None:
            continue
        t = S._clean(plans, None)
        if t is not None:
            return S.Fix("padding", lay, t, tried)
    return None


def test_padded_plans_are_copy_plans():
    r = random.Random(7)
    compared = linear = 0
    for k, (name, ty, thr, val, store) in enumerate(COPIES):
        tc = make_tiled_copy(copy_atom(name, ty), evaluate(thr), evaluate(val))
        for base in _bases(r):
            pm = S._pad_mode(base)
            if pm is None:
                continue
            mode, stride, _ = pm
            pairs = [(tc, store)] if k % 2 else [(tc, store), (tc, not store)]
            plans_for = S._padded_plans(pairs, base, mode, stride)
            for p in range(1, 17):
                lay, plans = plans_for(p)
                want = _direct(pairs, S._padded(base, mode, stride, p))
                assert str(lay) == str(S._padded(base, mode, stride, p))
                assert _fields(plans) == _fields(want), (name, base, p)
                compared += 1
                linear += p > 3 and plans is not None
    assert compared >= 500 and linear >= 200, (compared, linear)


def test_search_padding_as_one_plan_each():
    r = random.Random(11)
    found = 0
    for k, (name, ty, thr, val, store) in enumerate(COPIES):
        tc = make_tiled_copy(copy_atom(name, ty), evaluate(thr), evaluate(val))
        for base in _bases(r):
            if S._pad_mode(base) is None:
                continue
            got, want = S.search_padding([(tc, store)], base), _search_one_plan_each([(tc, store)], base)
            assert (got is None) == (want is None), (name, base)
            if got is not None:
                found += 1
                assert (str(got.layout), got.totals, got.tried) == (str(want.layout), want.totals, want.tried)
    assert found >= 5, found
