"""CUTLASS 4.2 against 4.7: run C++ oracle test files with their batches compiled against CUTLASS v4.7.0, then
compare each batch's answer with 4.2's record and write docs/CUTLASS_VERSIONS.md.

    CUTEDUMP_CUTLASS_47_INCLUDE=/path/to/cutlass-v4.7.0/include python -m tests.oracle.cutlass_versions survey \
        tests/test_umma_oracle.py tests/test_tmem_oracle.py ...
    python -m tests.oracle.cutlass_versions report      # docs/CUTLASS_VERSIONS.md from the records

``survey`` runs each file with CUTEDUMP_ORACLE=record and CUTEDUMP_ORACLE_CUTLASS=4.7: every batch it compiles is
recorded under tests/oracle/records/cutlass-4.7/ (same key as 4.2's: the hash of the source), a batch 4.7 does not
compile leaves ``<key>.fail`` (its first error), and index.tsv says which test file asked it. The report counts, per
test file, the batches whose answers are byte-identical, those that differ (with the first differing line) and
those 4.7 does not compile (with the error).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from tests.oracle import records as R

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "CUTLASS_VERSIONS.md"


def survey(files: list[str]) -> None:
    env = dict(os.environ, CUTEDUMP_ORACLE="record", CUTEDUMP_ORACLE_CUTLASS="4.7")
    for f in files:
        print(f"cutlass 4.7: {f}", flush=True)
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f], env=env, cwd=ROOT)


def _first_difference(a: str, b: str) -> str:
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"line {i + 1}: 4.2 `{x[:100]}`, 4.7 `{y[:100]}`"
    return f"4.2 prints {len(la)} lines, 4.7 {len(lb)}"


def report() -> str:
    d47 = R.records_dir("4.7")
    index = d47 / "index.tsv"
    asked: dict[str, tuple[str, int]] = {}
    if index.exists():
        for line in index.read_text(encoding="utf-8").splitlines():
            key, test, n = line.split("\t")
            asked[key] = (test, int(n))
    rows = defaultdict(lambda: {"same": 0, "same_cases": 0, "differ": [], "fail": [], "unasked": 0})
    for key, (test, n) in sorted(asked.items()):
        row = rows[test]
        old = R.read_in(key, "4.2")
        new = R.read_in(key, "4.7")
        fail = d47 / f"{key}.fail"
        if new is not None and old is not None:
            if new == old:
                row["same"] += 1
                row["same_cases"] += n
            else:
                row["differ"].append((key, n, _first_difference(old, new)))
        elif fail.exists():
            row["fail"].append((key, n, fail.read_text(encoding="utf-8").strip()))
        else:
            row["unasked"] += 1
    out = [
        "# CUTLASS 4.2.0 and 4.7.0: what real CuTe answers to cutedump's C++ oracle batches",
        "",
        "Written by `python -m tests.oracle.cutlass_versions report` from the records: each batch of a test file,",
        "compiled against CUTLASS v4.7.0's headers (`survey`), compared with its CUTLASS 4.2.0 record byte for byte.",
        "A batch is one C++ program of many cases: one case 4.7 does not compile fails its whole batch.",
        "",
        "| test file | batches asked | identical (cases) | differ | 4.7 does not compile | not finished (survey stopped) |",
        "|---|---|---|---|---|---|",
    ]
    for test, row in sorted(rows.items()):
        n = row["same"] + len(row["differ"]) + len(row["fail"]) + row["unasked"]
        out.append(
            f"| `{test}` | {n} | {row['same']} ({row['same_cases']}) | {len(row['differ'])} | {len(row['fail'])} "
            f"| {row['unasked']} |"
        )
    out += ["", "## Differences", ""]
    any_diff = False
    for test, row in sorted(rows.items()):
        for key, n, why in row["differ"]:
            any_diff = True
            out.append(f"- `{test}` batch `{key}` ({n} cases): {why}")
    if not any_diff:
        out.append("None among the batches both versions compile.")
    out += ["", "## What 4.7 does not compile (first error of the batch)", ""]
    errs = defaultdict(list)
    for test, row in sorted(rows.items()):
        for key, n, why in row["fail"]:
            errs[why].append(f"`{test}` `{key}` ({n} cases)")
    for why, where in sorted(errs.items()):
        out.append(f"- {why}  \n  in {', '.join(where)}")
    if not errs:
        out.append("Nothing.")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    if argv[:1] == ["survey"]:
        survey(argv[1:])
        return 0
    if argv[:1] == ["report"]:
        DOC.write_text(report(), encoding="utf-8")
        print(f"wrote {DOC}")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
