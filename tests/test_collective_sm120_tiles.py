"""The tile shapes of CUTLASS 4.2's SM120 block-scaled builder (tests/oracle/gen_collective_sm120_tiles.py): tile
N 32..256 (N = 64 among them: the scale-factor atom of B has an empty N mode, ``N / 128 = 0``), tile M 64/128/256,
K 64/128/256, the four block-scaled families (ue4m3 x 16, ue8m0 x 32), Cooperative and Pingpong, grouped (ptr-array)
and not, against CUTLASS 4.2 compiled host-only: every field the same, refused exactly when CUTLASS refuses.
A sample runs by default (tile N 64), the sweep under ``-m slow``."""

from __future__ import annotations

import pytest

from tests.oracle import gen_collective_sm120 as S
from tests.oracle import gen_collective_sm120_grouped as GG
from tests.oracle import gen_collective_sm120_tiles as W
from tests.oracle.cute import unavailable_reason
from tests.oracle.cutlass_versions import answering_as
from tests.oracle.records import OracleDoesNotCompile
from tests.test_collective_sm120 import _built, _compare_refusals, _diff, _ours, build

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))


def _agree(configs: list, grouped: bool, chunk: int = 16) -> int:
    """The configurations 4.2 builds, compared field by field under the run's CUTLASS, ``chunk`` a program (the same
    batches under either version: their records pair). A batch the run's CUTLASS does not compile (4.7: tile N 160,
    192, 224; K below 4 x SFVecSize) is compared too: cutedump refuses one of its configurations at least."""
    with answering_as("4.2"):
        ok = _built(configs)
    ask = GG.ask if grouped else S.ask
    bad = []
    for i in range(0, len(ok), chunk):
        part = ok[i : i + chunk]
        try:
            theirs = ask(part, chunk)
        except OracleDoesNotCompile as e:
            # the batch's first error may come from its printing code (cosize_t of a layout the refused configuration
            # types), not the refusal's own: a refused configuration in the batch is what is compared
            if all(_ours(c) == "compiles" for c in part):
                bad.append(f"CUTLASS does not compile batch {i // chunk} ({e.error}); cutedump builds all of it")
            continue
        for cfg, t in zip(part, theirs):
            bad += _diff(cfg, t, build(cfg).fields)
    assert not bad, "\n".join(bad[:10])
    return len(ok)


def _refusals_agree(configs: list) -> int:
    """The configurations 4.2 refuses, compared under the run's CUTLASS: the same batch under either version (its
    records pair), each answered as the run's version answers it (4.7 builds some that 4.2 refuses)."""
    with answering_as("4.2"):
        refused = [c for c in configs if _ours(c) != "compiles"]
    if not refused:
        return 0
    grouped = [c for c in refused if c.grouped]
    plain = [c for c in refused if not c.grouped]
    bad = []
    if plain:
        bad += _compare_refusals(plain, S.refusals(plain))
    if grouped:
        bad += _compare_refusals(grouped, GG.refusals(grouped))
    assert not bad, "\n".join(bad[:10])
    return len(refused)


@oracle
@pytest.mark.parametrize("grouped", [False, True])
def test_tile_n_64_agrees_with_cutlass(grouped):
    """Tile N 64 (M 128, K 128; the recorded sweep's batch): the SFB atom, SmemLayoutSFB, SharedStorage as CUTLASS."""
    cfgs = [c for c in W.tile_n_64(grouped) if c.tile[0] == 128 and c.tile[2] == 128]
    assert _agree(cfgs, grouped, chunk=len(cfgs)) == len(cfgs)
    assert any("_0" in build(c).fields["mainloop"]["smem_layout_atom_sfb"] for c in cfgs)


@oracle
def test_tile_n_below_32_is_cutlass_refusal():
    cfgs = W.refused_n()
    assert _refusals_agree(cfgs) == len(cfgs)


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("grouped", [False, True])
def test_tile_n_64_every_m_and_k_agrees_with_cutlass(grouped):
    cfgs = W.tile_n_64(grouped)
    _agree(cfgs, grouped)
    _refusals_agree(cfgs)


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("grouped", [False, True])
def test_every_tile_n_and_k_agrees_with_cutlass(grouped):
    _agree(W.configs(grouped), grouped)


@oracle
def test_tile_n_above_128_and_no_multiple_of_it_is_refused_as_4_7_refuses_it():
    """Tile N 160, 192, 224: 4.2 builds them; 4.7's collective types SmemLayoutSFB through logical_divide(
    SmemLayoutSFB_, (N, K)) for every N (both decltypes of a conditional_t, sm120_blockscaled_mma_tma.hpp:214), and
    composition's "Shape Divisibility Condition" fails there, before the collective's stage count assert: each
    configuration built or refused as the run's CUTLASS does it, with its message."""
    from tests.oracle.records import cutlass_version

    cfgs = W.divisibility_n()
    with answering_as("4.2"):
        assert all(_ours(c) != "compiles" for c in cfgs if c.tile[2] == 256)
        assert sum(_ours(c) == "compiles" for c in cfgs) >= 12
    plain = [c for c in cfgs if not c.grouped]
    grouped = [c for c in cfgs if c.grouped]
    bad = _compare_refusals(plain, S.refusals(plain)) + _compare_refusals(grouped, GG.refusals(grouped))
    assert not bad, "\n".join(bad[:10])
    if cutlass_version() == "4.7":
        verdicts = [_ours(c) for c in cfgs]
        assert "compiles" not in verdicts and verdicts.count("Shape Divisibility Condition") >= 10, verdicts


@oracle
def test_tile_n_64_with_a_fusion_agrees_with_cutlass():
    """Example 79b's fusion (and LinCombEltAct) at tile N 64: the mainloop's SFB fields and stages as CUTLASS."""
    from tests.oracle import gen_collective_fusion as F

    cfgs = W.with_fusion()
    ok = _built(cfgs)
    assert len(ok) == len(cfgs)
    bad = []
    for cfg, theirs in zip(ok, F.ask(ok)):
        bad += _diff(cfg, theirs, build(cfg).fields)
    assert not bad, "\n".join(bad[:10])
