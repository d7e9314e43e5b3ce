"""The recorded oracle: a missing record fails loudly, a corrupted record is caught by the live mode."""
from __future__ import annotations

import gzip

import pytest

from tests.oracle import cute, records


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setattr(records, "RECORDS", tmp_path / "records")
    monkeypatch.setenv(records.LOG_ENV, str(tmp_path / "log"))
    return tmp_path / "records"


def test_missing_record_is_a_failure_naming_the_record_command(store, monkeypatch):
    monkeypatch.setenv(records.MODE_ENV, "recorded")
    with pytest.raises(records.OracleRecordError) as e:
        records.answer("k1", lambda: pytest.fail("recorded mode must not compile"), what="a batch")
    assert "python -m tests.oracle.record" in str(e.value) and "k1.gz" in str(e.value)


def test_record_then_recorded_then_live_detects_corruption(store, monkeypatch):
    monkeypatch.setenv(records.MODE_ENV, "record")
    assert records.answer("k2", lambda: "(_4,_8):(_1,_4)\n", what="a batch", ncases=3) == "(_4,_8):(_1,_4)\n"
    raw = (store / "k2.gz").read_bytes()
    records.answer("k2", lambda: "(_4,_8):(_1,_4)\n", what="a batch")      # unchanged text: file untouched
    assert (store / "k2.gz").read_bytes() == raw
    monkeypatch.setenv(records.MODE_ENV, "recorded")
    assert records.answer("k2", lambda: pytest.fail("no compile"), what="a batch") == "(_4,_8):(_1,_4)\n"
    monkeypatch.setenv(records.MODE_ENV, "live")
    assert records.answer("k2", lambda: "(_4,_8):(_1,_4)\n", what="a batch") == "(_4,_8):(_1,_4)\n"
    (store / "k2.gz").write_bytes(gzip.compress(b"(_4,_8):(_4,_1)\n"))     # a deliberately corrupted record
    with pytest.raises(records.OracleRecordError, match=r"differs from what real CuTe prints now.*line 1"):
        records.answer("k2", lambda: "(_4,_8):(_1,_4)\n", what="a batch")
    log = (store.parent / "log").read_text().split("\n")
    assert log[0] == "record k2 3"


def test_records_are_deterministic_bytes(store, monkeypatch):
    monkeypatch.setenv(records.MODE_ENV, "record")
    records.answer("a", lambda: "x\n" * 100, what="a batch")
    records.answer("b", lambda: "x\n" * 100, what="a batch")
    assert (store / "a.gz").read_bytes() == (store / "b.gz").read_bytes()


def test_bad_mode_is_refused(monkeypatch):
    monkeypatch.setenv(records.MODE_ENV, "sometimes")
    with pytest.raises(records.OracleRecordError, match="expected one of recorded, live, record"):
        records.mode()


@pytest.mark.skipif(cute.compiler_unavailable_reason() is not None, reason=str(cute.compiler_unavailable_reason()))
def test_live_mode_compiles_real_cute_and_catches_a_corrupted_record(store, monkeypatch):
    """End to end with g++ and the CuTe headers (CI): record a real answer, corrupt it, live mode must fail."""
    case = ['print(make_layout(make_shape(Int<4>{}, 8), LayoutRight{}));']
    monkeypatch.setenv(records.MODE_ENV, "record")
    assert cute.run_cases(case) == ["(_4,8):(8,_1)"]
    [rec] = list(store.glob("*.gz"))
    monkeypatch.setenv(records.MODE_ENV, "live")
    assert cute.run_cases(case) == ["(_4,8):(8,_1)"]                       # recompiled, equal to the record
    rec.write_bytes(gzip.compress(gzip.decompress(rec.read_bytes()).replace(b"(8,_1)", b"(_8,_1)")))
    monkeypatch.setenv(records.MODE_ENV, "recorded")
    assert cute.run_cases(case) == ["(_4,8):(_8,_1)"]                      # the default mode trusts records...
    monkeypatch.setenv(records.MODE_ENV, "live")
    with pytest.raises(records.OracleRecordError, match="differs from what real CuTe prints now"):
        cute.run_cases(case)                                               # ...live mode catches the drift
