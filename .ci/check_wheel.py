"""CI: the wheel built from the sdist is the wheel built from the source tree, and it holds the whole package.

    python .ci/check_wheel.py FROM_SDIST.whl FROM_TREE.whl [TRACKED_FILES]

Both wheels must have the same file list and the same bytes in every file. With TRACKED_FILES (the output of
``git ls-files``), every tracked file under cutedump/ must be in the wheel: a module or data file that the package
configuration leaves out fails here, before the suite runs against the installed wheel. Exit status 1 on a
difference, with one line per difference."""

from __future__ import annotations

import hashlib
import sys
import zipfile


def contents(path: str) -> dict[str, str]:
    with zipfile.ZipFile(path) as z:
        return {n: hashlib.sha256(z.read(n)).hexdigest() for n in z.namelist() if not n.endswith("/")}


def main(argv: list[str]) -> int:
    a, b = contents(argv[0]), contents(argv[1])
    bad = [f"only in the wheel from the sdist: {n}" for n in sorted(a.keys() - b.keys())]
    bad += [f"only in the wheel from the tree: {n}" for n in sorted(b.keys() - a.keys())]
    bad += [f"differs between the two wheels: {n}" for n in sorted(a.keys() & b.keys()) if a[n] != b[n]]
    if len(argv) > 2:
        with open(argv[2], encoding="utf-8") as f:
            tracked = [ln.strip() for ln in f if ln.startswith("cutedump/") and "__pycache__" not in ln]
        bad += [f"tracked but not in the wheel: {n}" for n in tracked if n.strip() not in a]
    for line in bad:
        print(f"check_wheel: {line}")
    verdict = f"{len(bad)} differences" if bad else "the sdist builds the same wheel as the tree"
    print(f"check_wheel: {len(a)} files in the wheel; {verdict}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
