"""Golden files: a directory of expected outputs plus a MANIFEST naming the cutedump command behind each.

MANIFEST format (see golden/README.md): one entry per line, ``FILE  cutedump ARGS...``. FILE is a path relative
to the manifest's directory (no spaces); the rest of the line is the command, split with shell quoting rules
(``shlex``) and starting with ``cutedump``. Blank lines and lines starting with ``#`` are ignored.

``check``/``update`` of a directory also walk the MANIFEST of every directory below it (golden/explain/MANIFEST,
...): their files are named relative to the directory given (explain/composition.txt).

Commands run in-process through click's test runner (same interpreter, no shell), so a user's CI needs nothing but
cutedump itself. Output is compared byte for byte (UTF-8 text, trailing spaces and final newline included).
"""

from __future__ import annotations

import difflib
import shlex
from dataclasses import dataclass
from pathlib import Path

from cutedump.errors import CuteDumpError

MANIFEST_NAME = "MANIFEST"


@dataclass
class Entry:
    file: str  # relative to the manifest directory
    command: str  # the command as written in the manifest
    argv: list[str]  # arguments after "cutedump"
    lineno: int


@dataclass
class Result:
    entry: Entry
    expected: str | None  # None when the golden file does not exist
    actual: str
    exit_code: int
    stderr: str

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and self.expected == self.actual

    def diff(self) -> str:
        """A unified diff from the golden file to the command's output (plus the error when it failed)."""
        a = [] if self.expected is None else self.expected.splitlines(keepends=True)
        b = self.actual.splitlines(keepends=True)
        lines = list(difflib.unified_diff(a, b, fromfile=self.entry.file, tofile=f"$ {self.entry.command}"))
        out = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)
        if self.exit_code != 0:
            out += (
                f"command exited with status {self.exit_code}"
                + (f": {self.stderr.strip()}" if self.stderr else "")
                + "\n"
            )
        return out


def manifest_path(directory) -> Path:
    return Path(directory) / MANIFEST_NAME


def parse_manifest(directory) -> list[Entry]:
    path = manifest_path(directory)
    if not path.is_file():
        raise CuteDumpError(f"no {MANIFEST_NAME} in {directory}")
    entries = []
    seen = set()
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        parts = s.split(None, 1)
        if len(parts) != 2:
            raise CuteDumpError(f"{path}:{n}: expected 'FILE  cutedump ARGS...'")
        file, command = parts
        try:
            argv = shlex.split(command)
        except ValueError as e:
            raise CuteDumpError(f"{path}:{n}: {e}") from None
        if not argv or argv[0] != "cutedump":
            raise CuteDumpError(f"{path}:{n}: the command must start with 'cutedump'")
        if file in seen:
            raise CuteDumpError(f"{path}:{n}: {file} is listed twice")
        seen.add(file)
        entries.append(Entry(file, command, argv[1:], n))
    return entries


def run_cutedump(group, argv: list[str]) -> tuple[int, str, str]:
    """Run ``cutedump ARGV`` in-process through ``group`` (the cutedump click group, cutedump.cli.main: given by the
    caller, since this module sits below the command line): (exit code, stdout, stderr)."""
    from click.testing import CliRunner

    try:
        runner = CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        runner = CliRunner()  # click >= 8.2 keeps stderr apart
    # the environment is the same for everyone: no colour, and the default narration language (not the user's
    # CUTEDUMP_LANG): a MANIFEST command that wants English says --lang en
    r = runner.invoke(group, argv, catch_exceptions=True, env={"NO_COLOR": "1", "COLUMNS": "80", "CUTEDUMP_LANG": None})
    err = r.stderr or ""
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        import traceback

        err += "".join(traceback.format_exception(r.exception))
    return r.exit_code, r.stdout, err


def all_entries(directory) -> list[Entry]:
    """The entries of DIRECTORY/MANIFEST, then those of every MANIFEST below it (sorted by path), each file named
    relative to DIRECTORY."""
    directory = Path(directory)
    entries = parse_manifest(directory)
    for m in sorted(directory.rglob(MANIFEST_NAME)):
        if m.parent == directory or not m.is_file():
            continue
        rel = m.parent.relative_to(directory).as_posix()
        for e in parse_manifest(m.parent):
            entries.append(Entry(f"{rel}/{e.file}", e.command, e.argv, e.lineno))
    return entries


def check(group, directory, only: list[str] | None = None) -> list[Result]:
    """Run each MANIFEST command of ``directory`` through ``group`` (cutedump.cli.main) and compare."""
    directory = Path(directory)
    entries = all_entries(directory)
    if only:
        missing = set(only) - {e.file for e in entries}
        if missing:
            raise CuteDumpError(f"not in {MANIFEST_NAME}: {', '.join(sorted(missing))}")
        entries = [e for e in entries if e.file in only]
    results = []
    for e in entries:
        path = directory / e.file
        expected = path.read_bytes().decode("utf-8") if path.is_file() else None
        code, out, err = run_cutedump(group, e.argv)
        results.append(Result(e, expected, out, code, err))
    return results


def update(group, directory, only: list[str] | None = None) -> list[tuple[Result, str]]:
    """Rewrite each golden file whose command now prints something else: [(result, what changed)].

    A command that fails (non-zero exit) never overwrites its file.
    """
    changes = []
    for r in check(group, directory, only):
        if r.ok:
            continue
        if r.exit_code != 0:
            changes.append((r, "not updated: " + r.diff().splitlines()[-1]))
            continue
        path = Path(directory) / r.entry.file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(r.actual.encode("utf-8"))
        if r.expected is None:
            what = f"created ({len(r.actual.splitlines())} lines)"
        else:
            sm = difflib.SequenceMatcher(None, r.expected.splitlines(), r.actual.splitlines(), autojunk=False)
            plus = minus = 0
            for tag, i1, i2, j1, j2 in sm.get_opcodes():
                if tag != "equal":
                    minus += i2 - i1
                    plus += j2 - j1
            what = f"updated (+{plus} -{minus} lines)"
        changes.append((r, what))
    return changes
