"""The TMEM lines of ``cutedump scale``: one stage's SFA/SFB in tensor memory and the tcgen05.cp copy that moves them,
from the computed objects of :mod:`cutedump.atoms.utccp` (UMMA::tmem_sf_frg, make_utccp_copy; checked against CuTe
4.2 by tests/test_utccp_oracle.py): where the scale factor of A(m, k) lives (lane, 32-bit column, byte of the
column) in every lane subpartition that holds a copy of it."""

from __future__ import annotations

from cutedump import algebra as A


def _cell(tmem, offset: int) -> dict:
    a = tmem.offset(offset).addr
    shift = 32 - {8: 2, 16: 1, 32: 0}.get(tmem.bits, 0)
    byte = (a >> shift) & 3 if shift < 32 else 0
    lane = (a >> 16) & 0xFF
    return {"lane": lane, "subpartition": lane // 32, "column": a & 0xFFFF, "byte": byte}


def tmem_facts(mma, vs: int, tile, ssfa, ssfb, mi: int, ki: int, mma_k: int) -> dict:
    """SFA/SFB of one stage in TMEM (tCtSFA at column 0; a kernel places it after the accumulators), the UTCCP op the
    collective picks and its TiledCopy, and the TMEM cells of the scale factor of the stage's A(mi, ki)."""
    from cutedump.atoms import utccp as U  # start-up: with --tile only

    op = U.default_utccp_op(mma)
    out = {"utccp": op}
    for name, sl in (("sfa", ssfa), ("sfb", ssfb)):
        t = U.sf_tmem_fragment(mma, sl, name[-1].upper())
        tc = U.make_utccp_copy(op, t.with_layout(A.filter_zeros(t.layout)))
        mn = int(A.size(sl.shape[0][0]))
        copies = int(A.size(t.layout.shape[0][0])) // mn
        out[name] = {
            "tmem": str(t),
            "first_column": t.addr & 0xFFFF,
            "columns": t.columns(),
            "rows": mn,
            "copies": copies,
            "alloc": U.frg_type_sf(mma, name[-1].upper())[4],
            "tiled_copy": tc.print_str(),
        }
    t = U.sf_tmem_fragment(mma, ssfa, "A")
    mn = out["sfa"]["rows"]
    cells = [_cell(t, int(t.layout(((mi + mn * c, ki % mma_k), 0, ki // mma_k)))) for c in range(out["sfa"]["copies"])]
    out["element"] = {"row": mi, "k": ki, "cells": cells}
    return out
