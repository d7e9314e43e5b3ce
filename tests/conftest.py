"""Test-session options: where real CuTe's answers come from (``--oracle``), and the oracle's closing count."""

from __future__ import annotations

import collections
import os
import tempfile

from tests.oracle import records

# the narration language of a test is what its command line says (--lang), else zh: the user's CUTEDUMP_LANG
# must not change what the recorded dumps are compared with
os.environ.pop("CUTEDUMP_LANG", None)
# cutedump answers as the CUTLASS whose records the tests compare with (issue 45): 4.2 (tests/oracle/records/,
# golden/, every hard-coded CuTe answer) unless the run compiles or reads 4.7's ($CUTEDUMP_ORACLE_CUTLASS=4.7).
# The user's CUTEDUMP_CUTLASS (default: the newest) must not change what the recorded answers are compared with;
# a test of 4.7's answers sets it itself (monkeypatch, or `--cutlass 4.7` on its command line).
os.environ["CUTEDUMP_CUTLASS"] = records.cutlass_version()


def pytest_addoption(parser):
    parser.addoption(
        "--oracle",
        choices=records.MODES,
        default=None,
        help="recorded (default): real CuTe's answers from tests/oracle/records/, no g++ needed; "
        "live: recompile every oracle batch with g++ + the CuTe headers and fail if a record differs (CI); "
        "record: recompile and rewrite the records (python -m tests.oracle.record does this for the suite). "
        f"Default: ${records.MODE_ENV} or recorded.",
    )


def pytest_configure(config):
    m = config.getoption("--oracle")
    if m:
        os.environ[records.MODE_ENV] = m
    records.mode()  # validate early: a bad CUTEDUMP_ORACLE value fails the session at once
    # xdist workers inherit the environment: every process appends to one log, read back at the end
    if not os.environ.get(records.LOG_ENV) and not hasattr(config, "workerinput"):
        fd, path = tempfile.mkstemp(prefix="cutedump-oracle-", suffix=".log")
        os.close(fd)
        os.environ[records.LOG_ENV] = path
        config._cutedump_oracle_log = path


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    path = getattr(config, "_cutedump_oracle_log", None)
    if not path or not os.path.exists(path):
        return
    batches: dict[str, tuple[str, int]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3:
                batches[parts[1]] = (parts[0], int(parts[2]))
    os.unlink(path)
    if not batches:
        return
    by_mode = collections.Counter()
    cases = collections.Counter()
    for m, n in batches.values():
        by_mode[m] += 1
        cases[m] += n
    words = {
        "recorded": "answered from records",
        "live": "compiled live with real CuTe and equal to their records",
        "record": "compiled with real CuTe and recorded",
    }
    for m in by_mode:
        terminalreporter.write_line(
            f"oracle: {cases[m]} cases in {by_mode[m]} batches {words[m]} (tests/oracle/records/)"
        )
