"""``cutedump golden``: verify golden files against the commands named in their MANIFEST, or update them."""

from __future__ import annotations

import sys

import click

from cutedump.golden import check, update
from cutedump.versions import json_answer


def _group():
    """The cutedump click group running this command (the golden files' commands run through it)."""
    return click.get_current_context().find_root().command


def verify_cmd(directory, only, fmt_):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    results = check(_group(), directory, list(only) or None)
    if fmt_ == "json":
        files = [
            {
                "file": r.entry.file,
                "command": r.entry.command,
                "status": "ok" if r.ok else "missing" if r.expected is None else "DIFF",
                "diff": None if r.ok else r.diff(),
            }
            for r in results
        ]
        bad = sum(1 for f in files if f["status"] != "ok")
        click.echo(json_answer({"files": files, "total": len(files), "mismatches": bad}, indent=1), nl=False)
        sys.exit(1 if bad else 0)
    bad = 0
    for r in results:
        if r.ok:
            click.echo(f"ok    {r.entry.file}")
        else:
            bad += 1
            why = "missing" if r.expected is None else "DIFF"
            click.echo(f"{why:<5} {r.entry.file}  ($ {r.entry.command})")
            click.echo(r.diff(), nl=False)
    click.echo(f"{len(results)} golden file(s), {bad} mismatch(es)")
    sys.exit(1 if bad else 0)


def update_cmd(directory, only, fmt_):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    changes = update(_group(), directory, list(only) or None)
    if fmt_ == "json":
        click.echo(
            json_answer({"changes": [{"file": r.entry.file, "what": w} for r, w in changes]}, indent=1), nl=False
        )
        sys.exit(1 if any(w.startswith("not updated") for _, w in changes) else 0)
    for r, what in changes:
        click.echo(f"{r.entry.file}: {what}")
    if not changes:
        click.echo("all golden files up to date")
    sys.exit(1 if any(w.startswith("not updated") for _, w in changes) else 0)
