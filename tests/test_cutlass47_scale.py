"""CUTLASS 4.7's tile_atom_to_shape_SFA/SFB of Sm1xx/Sm103BlockScaledConfig (issue 45) against real CUTLASS 4.7 (its
records): 4.7 tiles a rank-3 problem shape over (M|N, K) with no L mode, so a static (M|N, K) the chunk does not
divide is tile_to_shape's static_assert where 4.2 (append<4>(shape, 1): a dynamic L) rounds up; rank 4 is as 4.2;
other ranks do not compile. Answered under ``--cutlass 4.7`` (versions.CUTLASS_FACTS["blockscaled_sf_problem_shape"]).
The 4.2 batch of tests/test_scale_layouts.py does not compile with 4.7 (one of its 360 cases is such a refusal): these
are its cases, drawn again by the 4.7 engine, in a 4.7-only batch."""

from __future__ import annotations

import pytest

from tests.oracle import gen_scale as G
from tests.oracle.cute import diff_cases, refusal_verdicts, run_chunked


@pytest.fixture
def cutlass47(monkeypatch):
    monkeypatch.setenv("CUTEDUMP_ORACLE_CUTLASS", "4.7")
    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.7")


def test_tile_atom_to_shape_like_cutlass_4_7(cutlass47):
    cases = G.tile_cases()
    assert len(cases) == 360
    rank3 = [c for c in cases if c[0].count(",") == 2]
    assert len(rank3) >= 60
    bad = diff_cases(cases, run_chunked(cases, 400, prelude=G.PRELUDE))
    assert not bad, "\n".join(bad[:20])


def test_refused_rank3_static_shapes_like_cutlass_4_7(monkeypatch, cutlass47):
    """The cases 4.2 answers that 4.7 refuses: tile_to_shape's static_assert in both."""
    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.2")
    old = G.tile_cases()
    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.7")
    refused = [c for c in old if G._case(c[0], c[0])[2].startswith("REFUSED")]
    assert len(refused) >= 5
    div = "tile_to_shape: block shape does not divide the target shape."
    assert all(div in G._case(c[0], c[0])[2] for c in refused)
    got = refusal_verdicts(G.PRELUDE, [c[1] for c in refused], "scale47-rej-", "4.7's refused scale-factor cases")
    assert all(div in g for g in got), got
