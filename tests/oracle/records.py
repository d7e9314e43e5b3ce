"""Real CuTe's answers, recorded as data: the default test run needs neither g++ nor the CuTe headers.

Every question the test suite asks real CuTe is a *batch* (one C++ program, or one compile check) named by the
hash of its source. Its answer is kept in ``tests/oracle/records/<key>.gz`` (gzip, deterministic bytes).
Three modes, chosen by ``pytest --oracle=MODE`` or the environment variable ``CUTEDUMP_ORACLE``:

``recorded`` (default)
    answers come from the records; a missing record is a failure that names the command recording it.
``live``
    every batch is compiled and run with real CuTe (no cache) and must equal its record — CI runs this mode, so
    the records can never drift from real CuTe.
``record``
    every batch is compiled (the build cache ``.oracle_cache/`` is used) and its record (re)written when it
    changed; ``python -m tests.oracle.record`` runs the whole suite this way and deletes orphaned records.

Each answered batch is logged (mode, key, number of cases) to ``$CUTEDUMP_ORACLE_LOG`` when set; the test
session prints the totals at its end.
"""

from __future__ import annotations

import gzip
import os
from collections.abc import Callable
from pathlib import Path

MODE_ENV = "CUTEDUMP_ORACLE"
LOG_ENV = "CUTEDUMP_ORACLE_LOG"
MODES = ("recorded", "live", "record")
RECORDS = Path(os.environ.get("CUTEDUMP_ORACLE_RECORDS", Path(__file__).resolve().parent / "records"))
RECORD_COMMAND = "python -m tests.oracle.record"
#: which CUTLASS the C++ batches compile against: 4.2 (the nvidia-cutlass wheel; the records above) or 4.7 (the
#: CUTLASS repository at tag v4.7.0, its include/ named by $CUTEDUMP_CUTLASS_47_INCLUDE; records under
#: records/cutlass-4.7/, keyed by the same source hash, with ``<key>.fail`` where 4.7 does not compile a batch)
VERSION_ENV = "CUTEDUMP_ORACLE_CUTLASS"
#: set by cutlass_versions.survey: a batch that version does not compile answers empty cases (the survey goes on)
SURVEY_ENV = "CUTEDUMP_ORACLE_SURVEY"
VERSIONS = ("4.2", "4.7")
#: when set, a file every answered batch appends "key<TAB>test file" to (any mode)
INDEX_ENV = "CUTEDUMP_ORACLE_INDEX"


#: live mode on a budget (CI: a 2-core machine cannot recompile every batch within its time limit). Unset, every
#: batch is compiled. CUTEDUMP_ORACLE_LIVE_SHARE=P compiles the batches whose key, hashed with
#: CUTEDUMP_ORACLE_LIVE_SEED (CI: the date, so successive runs check different batches), falls in P percent;
#: CUTEDUMP_ORACLE_LIVE_BUDGET=S stops compiling in a process once its compiles have taken S seconds. A batch not
#: compiled is answered from its record (which must exist) and counted as recorded in the closing line.
#: in record mode, "1": a batch already recorded is read from its record, not compiled again (a survey of slow files
#: whose batches are recorded in part)
MISSING_ONLY_ENV = "CUTEDUMP_ORACLE_MISSING_ONLY"
LIVE_SHARE_ENV = "CUTEDUMP_ORACLE_LIVE_SHARE"
LIVE_SEED_ENV = "CUTEDUMP_ORACLE_LIVE_SEED"
LIVE_BUDGET_ENV = "CUTEDUMP_ORACLE_LIVE_BUDGET"
_SPENT = [0.0]  # seconds this process has spent answering live batches
_RUNNING: list = [None]  # when the live compute now running started (time.monotonic()), or None


def live_now(key: str) -> bool:
    """In live mode: is batch ``key`` compiled now (its share and this process's budget), or read from its record?"""
    share = float(os.environ.get(LIVE_SHARE_ENV, "100") or 100)
    if share < 100:
        import hashlib

        seed = os.environ.get(LIVE_SEED_ENV, "")
        h = int(hashlib.sha256(f"{seed}/{key}".encode()).hexdigest()[:8], 16) % 10000
        if h >= share * 100:
            return False
    budget = os.environ.get(LIVE_BUDGET_ENV)
    return not budget or _SPENT[0] < float(budget)


def remaining() -> float | None:
    """Seconds left of this process's live budget (None: no budget, compile to the end). A compile still running when
    they are spent is stopped (:class:`LiveBudgetSpent`) and its batch answered from its record, so that one heavy
    batch started near the end cannot overrun the budget by minutes."""
    budget = os.environ.get(LIVE_BUDGET_ENV)
    if not budget or mode() != "live":
        return None
    import time

    running = time.monotonic() - _RUNNING[0] if _RUNNING[0] is not None else 0.0
    return max(0.0, float(budget) - _SPENT[0] - running)


class LiveBudgetSpent(Exception):
    """Raised by a live compute() stopped because this process's live budget ran out (see :func:`remaining`)."""


class OracleRecordError(AssertionError):
    """A recorded answer is missing, or differs from what real CuTe prints now."""


class OracleDoesNotCompile(OracleRecordError):
    """The run's CUTLASS (not 4.2) does not compile a batch: its record is ``<key>.fail``, its first error
    ``.error``; a test may compare it with the refusal cutedump gives under that version."""

    def __init__(self, message: str, error: str):
        super().__init__(message)
        self.error = error


def mode() -> str:
    m = os.environ.get(MODE_ENV, "recorded") or "recorded"
    if m not in MODES:
        raise OracleRecordError(f"{MODE_ENV}={m!r}: expected one of {', '.join(MODES)}")
    return m


def compiles() -> bool:
    """True when this mode asks the compiler (live, record); False when answers come from the records."""
    return mode() != "recorded"


def cutlass_version() -> str:
    v = os.environ.get(VERSION_ENV) or VERSIONS[0]
    if v not in VERSIONS:
        raise ValueError(f"{VERSION_ENV}={v!r}: expected one of {', '.join(VERSIONS)}")
    return v


#: spellings that differ between the versions, as (pattern of the newer spelling, its 4.2 spelling): a batch's key
#: is the hash of its source as CUTLASS 4.2 spells it (:func:`question`), so that the two versions' answers to one
#: question share one key and the report compares them. The generators spell each version's way (the engine's
#: ``cpp`` under $CUTEDUMP_CUTLASS); here only the key is computed from the 4.2 spelling.
_F8F6F4_OPS = ("SM100_MMA_F8F6F4_SS", "SM100_MMA_F8F6F4_2x1SM_SS")


def _split_top(s: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return out + [cur.strip()]


def _f8f6f4_as_42(op: str, args: list[str]) -> str:
    """4.7's ``SM100_MMA_F8F6F4_SS<a,b,c,M,N,am,bm[,an,bn]>`` as 4.2's ``MMA_Traits<SM100_MMA_F8F6F4_SS,a,b,c,C<M>,
    C<N>,integral_constant<UMMA::Major,am>,...>`` (one integral_constant per argument given)."""
    enums = ("UMMA::Major", "UMMA::Major", "UMMA::ScaleIn", "UMMA::ScaleIn")
    rest = [f"integral_constant<{e},{v if '::' in v else f'{e}::{v}'}>" for e, v in zip(enums, args[5:])]
    return f"MMA_Traits<{op},{','.join(args[:3])},C<{args[3]}>,C<{args[4]}>,{','.join(rest)}>"


def question(src: str, version: str | None = None) -> str:
    """``src`` as CUTLASS 4.2 spells it (the text a record key is the hash of): 4.7's templated
    ``SM100_MMA_F8F6F4[_2x1SM]_SS<...>`` (and ``MMA_Traits<`` of it) rewritten to 4.2's traits form. Under 4.2 the
    source is the question as it is."""
    import re

    if (version or cutlass_version()) == VERSIONS[0] or "F8F6F4" not in src:
        return src
    pat = re.compile(r"(?<![A-Za-z0-9_])(MMA_Traits<)?(?:cute::)?(" + "|".join(_F8F6F4_OPS) + r")<")
    out, pos = [], 0
    while (m := pat.search(src, pos)) is not None:
        depth, i = 1, m.end()
        while depth and i < len(src):
            depth += {"<": 1, ">": -1}.get(src[i], 0)
            i += 1
        args = _split_top(src[m.end() : i - 1])
        end = i
        if m.group(1):
            if src[end : end + 1] != ">":  # MMA_Traits<Op<...>, more>: not the form the generators write
                out.append(src[pos:end])
                pos = end
                continue
            end += 1
        out.append(src[pos : m.start()] + _f8f6f4_as_42(m.group(2), args))
        pos = end
    return "".join(out) + src[pos:]


def records_dir(version: str | None = None) -> Path:
    """Where the records of CUTLASS ``version`` (default: this run's) are kept."""
    v = version or cutlass_version()
    return RECORDS if v == VERSIONS[0] else RECORDS / f"cutlass-{v}"


def record_path(key: str) -> Path:
    return records_dir() / f"{key}.gz"


def note_batch(key: str, ncases: int) -> None:
    """Under a CUTLASS other than 4.2: which test asked batch ``key`` (records_dir()/index.tsv, for the report)."""
    if cutlass_version() == VERSIONS[0]:
        return
    test = os.environ.get("PYTEST_CURRENT_TEST", "").split("::", 1)[0] or "?"
    d = records_dir()
    d.mkdir(parents=True, exist_ok=True)
    with open(d / "index.tsv", "a", encoding="utf-8") as f:
        f.write(f"{key}\t{test}\t{ncases}\n")


def write_failure(key: str, text: str) -> None:
    """Under a CUTLASS other than 4.2: batch ``key`` does not compile; its first error, kept for the report."""
    d = records_dir()
    d.mkdir(parents=True, exist_ok=True)
    (d / f"{key}.fail").write_text(text, encoding="utf-8")


def read(key: str) -> str | None:
    p = record_path(key)
    if not p.exists():
        return None
    return gzip.decompress(p.read_bytes()).decode("utf-8")


def read_in(key: str, version: str) -> str | None:
    """The record of batch ``key`` for CUTLASS ``version``."""
    p = records_dir(version) / f"{key}.gz"
    return gzip.decompress(p.read_bytes()).decode("utf-8") if p.exists() else None


def write(key: str, text: str) -> bool:
    """Write the record if its text changed; returns True when the file was (re)written. Atomic."""
    if read(key) == text:
        return False
    p = record_path(key)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(f"{p.name}.{os.getpid()}.tmp")
    tmp.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))
    tmp.replace(p)
    (p.parent / f"{key}.fail").unlink(missing_ok=True)  # compiles now (a respelled question)
    return True


def _log(m: str, key: str, ncases: int) -> None:
    log = os.environ.get(LOG_ENV)
    if log:
        with open(log, "a", encoding="utf-8") as f:  # one short line per write: appends do not interleave
            f.write(f"{m} {key} {ncases}\n")


def _first_difference(a: str, b: str) -> str:
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"line {i + 1}: recorded {x[:160]!r}, CuTe now {y[:160]!r}"
    return f"recorded {len(la)} lines, CuTe now prints {len(lb)}"


def answer(
    key: str, compute: Callable[[], str], *, what: str, ncases: int = 1, same: Callable[[str, str], bool] | None = None
) -> str:
    """The answer of batch ``key``: from its record, or from ``compute()`` (real CuTe), by mode.

    ``same(recorded, fresh)`` decides equality in live mode (default: identical text); use it only to ignore
    what legitimately varies between compiler builds (e.g. the wording of a diagnostic).
    """
    m = mode()
    if m != "recorded":
        note_batch(key, ncases)
    if os.environ.get(INDEX_ENV):  # which test asks which batch (cutlass_versions.py pending)
        with open(os.environ[INDEX_ENV], "a", encoding="utf-8") as f:
            f.write(f"{key}\t{os.environ.get('PYTEST_CURRENT_TEST', '').split('::', 1)[0] or '?'}\n")
    test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]
    if test:
        what = f"{what} in {test}"
    if m == "record" and os.environ.get(MISSING_ONLY_ENV) == "1" and read(key) is not None:
        m = "recorded"
    if m == "live" and not live_now(key):
        m = "recorded"  # not in this run's live share, or this process's live budget is spent
    if m == "live" and cutlass_version() != VERSIONS[0] and not os.environ.get("CUTEDUMP_CUTLASS_47_INCLUDE"):
        m = "recorded"  # CI: CUTLASS 4.7's headers are not installable there; its answers come from its records
    if m == "recorded":
        rec = read(key)
        fail = records_dir() / f"{key}.fail"
        if rec is None and cutlass_version() != VERSIONS[0] and fail.exists():
            error = fail.read_text(encoding="utf-8")
            raise OracleDoesNotCompile(f"CUTLASS {cutlass_version()} does not compile {what}: {error}", error)
        if rec is None:
            raise OracleRecordError(
                f"no recorded CuTe answer for {what} (record {key}.gz in {RECORDS}); record it with "
                f'`{RECORD_COMMAND}` (needs g++ and the CuTe headers: pip install -e ".[test,oracle]")'
            )
        _log(m, key, ncases)
        return rec
    import time

    t0 = _RUNNING[0] = time.monotonic()
    try:
        fresh = compute()
    except LiveBudgetSpent:
        _RUNNING[0] = None
        _SPENT[0] = max(_SPENT[0] + time.monotonic() - t0, float(os.environ.get(LIVE_BUDGET_ENV) or 0))
        return answer(key, compute, what=what, ncases=ncases, same=same)  # now over budget: from the record
    finally:
        _RUNNING[0] = None
    _SPENT[0] += time.monotonic() - t0
    if m == "live":
        rec = read(key)
        if rec is None:
            raise OracleRecordError(
                f"{what}: real CuTe answered, but there is no record {key}.gz; "
                f"record it with `{RECORD_COMMAND}` and commit tests/oracle/records/"
            )
        if not (same(rec, fresh) if same else rec == fresh):
            raise OracleRecordError(
                f"the recorded answer {key}.gz for {what} differs from what real CuTe prints "
                f"now ({_first_difference(rec, fresh)}); re-record with `{RECORD_COMMAND}`"
            )
        _log(m, key, ncases)
        return fresh
    write(key, fresh)
    _log(m, key, ncases)
    return fresh
