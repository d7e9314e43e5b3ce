"""The recorded oracle: a missing record fails loudly, a corrupted record is caught by the live mode."""

from __future__ import annotations

import gzip

import pytest

from tests.oracle import cute, records


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setattr(records, "RECORDS", tmp_path / "records")
    monkeypatch.setenv(records.LOG_ENV, str(tmp_path / "log"))
    for env in (records.LIVE_SHARE_ENV, records.LIVE_SEED_ENV, records.LIVE_BUDGET_ENV):  # CI sets these
        monkeypatch.delenv(env, raising=False)
    monkeypatch.setattr(records, "_SPENT", [0.0])
    return tmp_path / "records"


def test_live_share_and_budget_answer_the_rest_from_records(store, monkeypatch):
    """CI's live mode on a budget: a batch outside the share, or past the budget, is read from its record (a
    corrupted record is then not caught: the next seed's share catches it); inside both, it is compiled."""
    records.write("k1", "recorded\n")
    monkeypatch.setenv(records.MODE_ENV, "live")
    calls = []

    def fresh():
        calls.append(1)
        return "fresh\n"

    monkeypatch.setenv(records.LIVE_SHARE_ENV, "0")
    assert records.answer("k1", fresh, what="t") == "recorded\n" and not calls
    monkeypatch.setenv(records.LIVE_SHARE_ENV, "100")
    monkeypatch.setenv(records.LIVE_BUDGET_ENV, "0.000001")
    monkeypatch.setattr(records, "_SPENT", [1.0])
    assert records.answer("k1", fresh, what="t") == "recorded\n" and not calls
    monkeypatch.setattr(records, "_SPENT", [0.0])
    with pytest.raises(records.OracleRecordError, match="differs"):
        records.answer("k1", fresh, what="t")
    assert calls
    # the share is a stable hash of seed and key: about P percent of many keys, the same ones for the same seed
    monkeypatch.delenv(records.LIVE_BUDGET_ENV)
    monkeypatch.setenv(records.LIVE_SHARE_ENV, "35")
    monkeypatch.setenv(records.LIVE_SEED_ENV, "2026-11-24")
    picked = [k for k in (f"key{i}" for i in range(2000)) if records.live_now(k)]
    assert 0.30 < len(picked) / 2000 < 0.40 and picked == [
        k for k in (f"key{i}" for i in range(2000)) if records.live_now(k)
    ]
    monkeypatch.setenv(records.LIVE_SEED_ENV, "2026-11-25")
    assert picked != [k for k in (f"key{i}" for i in range(2000)) if records.live_now(k)]


def test_a_compile_past_the_budget_is_stopped_and_answered_from_its_record(store, monkeypatch):
    """One heavy batch started just before the budget runs out must not overrun it by minutes: the compile is killed
    when the budget is spent (with its children) and the batch answered from its record."""
    import time

    records.write("k1", "recorded\n")
    monkeypatch.setenv(records.MODE_ENV, "live")
    monkeypatch.setenv(records.LIVE_BUDGET_ENV, "0.5")
    assert 0 < records.remaining() <= 0.5
    t0 = time.monotonic()
    got = records.answer(
        "k1", lambda: cute.run_within(["sh", "-c", "sleep 30 & sleep 30"], records.remaining()), what="t"
    )
    assert got == "recorded\n" and time.monotonic() - t0 < 10
    assert records.remaining() == 0 and not records.live_now("k2")
    monkeypatch.delenv(records.LIVE_BUDGET_ENV)
    assert records.remaining() is None
    r = cute.run_within(["sh", "-c", "echo ok"], None)
    assert r.returncode == 0 and r.stdout == "ok\n"


def test_missing_record_is_a_failure_naming_the_record_command(store, monkeypatch):
    monkeypatch.setenv(records.MODE_ENV, "recorded")
    with pytest.raises(records.OracleRecordError) as e:
        records.answer("k1", lambda: pytest.fail("recorded mode must not compile"), what="a batch")
    assert "python -m tests.oracle.record" in str(e.value) and "k1.gz" in str(e.value)


def test_record_then_recorded_then_live_detects_corruption(store, monkeypatch):
    monkeypatch.setenv(records.MODE_ENV, "record")
    assert records.answer("k2", lambda: "(_4,_8):(_1,_4)\n", what="a batch", ncases=3) == "(_4,_8):(_1,_4)\n"
    raw = (store / "k2.gz").read_bytes()
    records.answer("k2", lambda: "(_4,_8):(_1,_4)\n", what="a batch")  # unchanged text: file untouched
    assert (store / "k2.gz").read_bytes() == raw
    monkeypatch.setenv(records.MODE_ENV, "recorded")
    assert records.answer("k2", lambda: pytest.fail("no compile"), what="a batch") == "(_4,_8):(_1,_4)\n"
    monkeypatch.setenv(records.MODE_ENV, "live")
    assert records.answer("k2", lambda: "(_4,_8):(_1,_4)\n", what="a batch") == "(_4,_8):(_1,_4)\n"
    (store / "k2.gz").write_bytes(gzip.compress(b"(_4,_8):(_4,_1)\n"))  # a deliberately corrupted record
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


@pytest.mark.slow  # several seconds: CI runs it with -m slow
@pytest.mark.skipif(cute.compiler_unavailable_reason() is not None, reason=str(cute.compiler_unavailable_reason()))
def test_live_mode_compiles_real_cute_and_catches_a_corrupted_record(store, monkeypatch):
    """End to end with g++ and the CuTe headers (CI): record a real answer, corrupt it, live mode must fail."""
    case = ["print(make_layout(make_shape(Int<4>{}, 8), LayoutRight{}));"]
    monkeypatch.setenv(records.MODE_ENV, "record")
    assert cute.run_cases(case) == ["(_4,8):(8,_1)"]
    [rec] = list(store.glob("*.gz"))
    monkeypatch.setenv(records.MODE_ENV, "live")
    assert cute.run_cases(case) == ["(_4,8):(8,_1)"]  # recompiled, equal to the record
    rec.write_bytes(gzip.compress(gzip.decompress(rec.read_bytes()).replace(b"(8,_1)", b"(_8,_1)")))
    monkeypatch.setenv(records.MODE_ENV, "recorded")
    assert cute.run_cases(case) == ["(_4,8):(_8,_1)"]  # the default mode trusts records...
    monkeypatch.setenv(records.MODE_ENV, "live")
    with pytest.raises(records.OracleRecordError, match="differs from what real CuTe prints now"):
        cute.run_cases(case)  # ...live mode catches the drift
