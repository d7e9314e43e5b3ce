"""TMEM pictures are drawn from the TMEM side: a load's partition_S, a store's partition_D. A store reaches the TMEM
cells its load twin reaches, so every SM100_TMEM_LOAD_* / SM100_TMEM_STORE_* twin pair draws one picture."""

from __future__ import annotations

import json

import pytest

from cutedump.algebra import C
from cutedump.atoms import tmem as T
from cutedump.atoms.cli_support import build_mma
from cutedump.errors import CuteDumpError

ACCS = ["SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>"]
MORE = [
    "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,K,K>",
    "SM100_MMA_F16BF16_SS<half_t,half_t,float,64,128,K,K>",
    "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,half_t,128,128,K,K>",
    "SM100_MMA_S8_SS<int8_t,int8_t,int32_t,128,64,K,K>",
]


def _twins(atom):
    mma = build_mma(atom, None, None)
    acc = T.tmem_fragment_C(mma, tuple(C(int(x)) for x in mma.tile_shape()[:2]))
    out = []
    for op in T.all_tmem_copy_names():
        if "_LOAD_" not in op:
            continue
        try:
            load = T.tmem_copy_cells(T.make_tmem_copy(op, acc), acc, "S")
        except CuteDumpError:
            continue
        store = T.tmem_copy_cells(T.make_tmem_copy(op.replace("_LOAD_", "_STORE_"), acc), acc, "D")
        out.append((op, load, store))
    return out


def _check(atom):
    pairs = _twins(atom)
    assert len(pairs) >= 20
    bad = [op for op, a, b in pairs if a != b]
    assert not bad, f"{atom}: the store twins of {bad[:5]} draw other pictures"
    # every warp reaches only its own 32-lane subpartition, and each reaches some
    for op, a, _ in pairs:
        for w, (_, (l0, l1), _, _) in zip(sorted(a), T.warp_lane_map(a)):
            assert l0 // 32 % 4 == l1 // 32 % 4 == w % 4, (op, w, l0, l1)


@pytest.mark.parametrize("atom", ACCS)
def test_store_and_load_twins_draw_one_picture(atom):
    _check(atom)


@pytest.mark.slow
@pytest.mark.parametrize("atom", MORE)
def test_store_and_load_twins_draw_one_picture_more(atom):
    _check(atom)


def test_store_cli_reaches_its_load_twins_lanes():
    from click.testing import CliRunner

    from cutedump.cli import main

    atom = "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>"
    got = {}
    for op in ("SM100_TMEM_LOAD_32dp32b8x", "SM100_TMEM_STORE_32dp32b8x"):
        r = CliRunner().invoke(main, ["tmem", atom, "--copy", op, "--format", "json"])
        assert r.exit_code == 0, r.output
        got[op] = json.loads(r.output)
    load, store = got.values()
    assert store["warps"] == load["warps"]
    assert {"warp": 0, "lanes": [0, 31], "columns": [0, 255], "cells": 8192} in store["warps"]
    assert load["tmem_side"] == "partition_S" and store["tmem_side"] == "partition_D"
    assert store["partition_D"].startswith("tmem_") and load["partition_S"].startswith("tmem_")
