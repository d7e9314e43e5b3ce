"""Record real CuTe's answers for the whole test suite: ``python -m tests.oracle.record [PYTEST ARGS...]``.

Runs pytest with ``--oracle=record`` (needs g++ and the CuTe headers: ``pip install -e ".[test,oracle]"``): every
oracle batch is compiled (the build cache ``.oracle_cache/`` is reused) and its record in tests/oracle/records/ is
rewritten only when its text changed. After a full run (no PYTEST ARGS) records that no test asked for are deleted.
With PYTEST ARGS (e.g. a test file) only those tests' batches are recorded and nothing is deleted.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.oracle import records
from tests.oracle.cute import compiler_unavailable_reason

ROOT = Path(__file__).resolve().parents[2]


def main(argv: list[str]) -> int:
    why = compiler_unavailable_reason()
    if why:
        print(f"error: cannot record: {why}", file=sys.stderr)
        return 2
    before = {p.name: p.read_bytes() for p in records.RECORDS.glob("*.gz")} if records.RECORDS.exists() else {}
    fd, log = tempfile.mkstemp(prefix="cutedump-record-", suffix=".log")
    os.close(fd)
    env = dict(os.environ, **{records.MODE_ENV: "record", records.LOG_ENV: log})
    cmd = [sys.executable, "-m", "pytest", "--oracle=record", "-q", "-p", "no:cacheprovider", *argv]
    print("recording:", " ".join(cmd), flush=True)
    rc = subprocess.run(cmd, cwd=ROOT, env=env).returncode
    used = {line.split()[1] for line in Path(log).read_text().splitlines() if len(line.split()) == 3}
    os.unlink(log)
    after = {p.name: p.read_bytes() for p in records.RECORDS.glob("*.gz")}
    written = sorted(n for n in after if before.get(n) != after[n])
    orphans = sorted(n for n in after if n[:-3] not in used)
    if not argv and rc in (0, 1):  # the whole suite ran (failures do not stop a batch from being recorded)
        for n in orphans:
            (records.RECORDS / n).unlink()
        deleted = orphans
    else:
        deleted = []
    print(
        f"records: {len(used)} batches asked, {len(written)} written or changed, {len(deleted)} orphans deleted"
        + (f", {len(orphans)} not asked by this partial run (kept)" if argv and orphans else "")
        + f" ({records.RECORDS})"
    )
    for n in written:
        print(f"  written  {n}")
    for n in deleted:
        print(f"  deleted  {n}")
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
