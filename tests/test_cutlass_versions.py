"""CUTLASS 4.7.0 beside 4.2.0 (issue 45): what `cutedump --version` says differs is what the records of the batches
compiled against both say (tests/oracle/records/cutlass-4.7/, written by tests/oracle/cutlass_versions.py survey)."""

from __future__ import annotations

import gzip

from cutedump.versions import CUTLASS_NEXT, version_text
from tests.oracle import records as R
from tests.oracle.cute import SEP


def _differing_cases():
    out = []
    for p in sorted(R.records_dir("4.7").glob("*.gz")):
        old = R.read_in(p.name[:-3], "4.2")
        if old is None:
            continue
        new = gzip.decompress(p.read_bytes()).decode()
        for a, b in zip(old.split(SEP + "\n"), new.split(SEP + "\n")):
            if a != b:
                out.append((p.name[:-3], a, b))
    return out


def test_the_atoms_4_7_answers_otherwise_are_the_int4_sm80_atoms():
    diffs = [(a, b) for _, a, b in _differing_cases() if a.startswith("MMA_Atom\n")]
    assert len(diffs) >= 8
    for a, b in diffs:  # Shape_MNK (16,8,32), the int4 A layout, and B's thread stride 32 -> 64
        assert "Shape_MNK:  (_16,_8,_32)" in a and "LayoutA_TV: ((_4,_8),(_8,_2)):((_128,_1),(_16,_8))" in a
        assert a.replace("((_4,_8),(_8)):((_32,_1),(_8))", "((_4,_8),(_8)):((_64,_1),(_8))") == b
    assert "LayoutB_TV stride 64 (4.2: 32)" in CUTLASS_NEXT["differs"][0]


def test_4_7_refuses_the_4_2_spelling_of_the_f8f6f4_atom():
    fails = [p.read_text() for p in R.records_dir("4.7").glob("*.fail")]
    assert any("type/value mismatch at argument 1" in f and "MMA_Traits" in f for f in fails)
    assert "MMA_Traits<SM100_MMA_F8F6F4_SS" in CUTLASS_NEXT["differs"][1]


def test_version_names_both():
    t = version_text()
    assert "CuTe / CUTLASS: 4.2.0" in t and "CUTLASS 4.7.0" in t
    for d in CUTLASS_NEXT["differs"]:
        assert d in t
