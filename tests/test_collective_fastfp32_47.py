"""``cutedump --cutlass 4.7 collective`` for the 9xBF16 collectives CUTLASS 4.7 builds where 4.2 refuses them, field
by field against CUTLASS 4.7's own builders (questions only 4.7 is asked: tests/oracle/cutlass_versions.ONLY_47_TESTS).

tests/test_collective_fastfp32.py asks both versions the same questions: the generated configurations cutedump-4.2
refuses are asked for CUTLASS's verdict, and 4.7 compiles some of them (4.2's ``Stride/Shape Divisibility
Condition`` of the stage-0 TMA slices, its EpilogueTileAuto ``Divisibility Condition``:
versions.CUTLASS_FACTS["smem_flag_stage_slice"], ["sm100_epilogue_tile_n"]). Here those are asked for their fields
under 4.7, and cutedump answering as 4.7 must print them.
"""

from __future__ import annotations

import pytest

from tests.test_collective_fastfp32 import _agree, _generated, _verdict

CUTLASS_47 = pytest.mark.usefixtures("cutlass47")


@pytest.fixture
def cutlass47(monkeypatch):
    """CUTLASS 4.7's answers (recorded, or compiled against $CUTEDUMP_CUTLASS_47_INCLUDE), cutedump answering as 4.7."""
    monkeypatch.setenv("CUTEDUMP_ORACLE_CUTLASS", "4.7")
    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.7")


def _built_by_47(start, stop=None):
    """The configurations of cutedump-4.2's refusals (``start:stop`` of them, whose verdicts
    tests/test_collective_fastfp32.py asks CUTLASS) that cutedump-4.7 builds: those CUTLASS 4.7 compiles (that file compares each verdict
    with CUTLASS 4.7's; here a batch of their fields compiles only if 4.7 builds every one of them)."""
    _, refused, _ = _generated()
    return [c for c, _ in refused[start:stop] if _verdict(c) == "compiles"]


@CUTLASS_47
def test_what_4_7_builds_of_the_refusals_sample_agrees_field_by_field():
    ok = _built_by_47(0, 20)
    assert len(ok) >= 5, len(ok)
    _agree(ok)


@CUTLASS_47
@pytest.mark.slow
def test_what_4_7_builds_of_all_refusals_agrees_field_by_field():
    ok = _built_by_47(20)
    assert len(ok) >= 10, len(ok)
    _agree(ok)
