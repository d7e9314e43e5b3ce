"""``cutedump golden``: verify golden files against the commands named in their MANIFEST, or update them."""
from __future__ import annotations

import sys

import click

from cutedump.commands._common import handle_errors
from cutedump.golden import check, update
from cutedump.versions import json_answer

EPILOG = """\b
MANIFEST lines are 'FILE  cutedump ARGS...' (FILE relative to DIR; '#' starts a comment), e.g.
  tiled_copy_c.txt      cutedump tiled-copy-c
  tiled_copy_c_v2.txt   cutedump tiled-copy-c --copy-v 2
A directory's check also walks the MANIFEST of every directory below it (their files named relative to DIR).
verify exits 1 when any output differs (a unified diff is printed for each) and 0 when all match.
update rewrites only the files whose output changed and lists them; a failing command never overwrites.
"""


@click.group("golden", epilog=EPILOG)
def golden_cmd():
    """Golden files: pin cutedump outputs in a directory and check them in CI."""


@golden_cmd.command("verify", epilog=EPILOG)
@click.argument("directory", default="golden", type=click.Path(file_okay=False))
@click.option("--only", "only", multiple=True, metavar="FILE", help="Check only this manifest entry (repeatable).")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help='json: {"files": [{file, command, status (ok|DIFF|missing), diff}], "total", "mismatches"}.')
@handle_errors
def verify_cmd(directory, only, fmt_):
    """Re-run every command of DIR/MANIFEST and of every MANIFEST below DIR (default: ./golden), and diff
    against the golden files."""
    results = check(directory, list(only) or None)
    if fmt_ == "json":
        files = [{"file": r.entry.file, "command": r.entry.command,
                  "status": "ok" if r.ok else "missing" if r.expected is None else "DIFF",
                  "diff": None if r.ok else r.diff()} for r in results]
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


@golden_cmd.command("update", epilog=EPILOG)
@click.argument("directory", default="golden", type=click.Path(file_okay=False))
@click.option("--only", "only", multiple=True, metavar="FILE", help="Update only this manifest entry (repeatable).")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help='json: {"changes": [{file, what}]} (what: created/updated (+a -b lines)/not updated: why).')
@handle_errors
def update_cmd(directory, only, fmt_):
    """Rewrite the golden files of DIR/MANIFEST (and of every MANIFEST below DIR) whose command output changed,
    and say which."""
    changes = update(directory, list(only) or None)
    if fmt_ == "json":
        click.echo(json_answer({"changes": [{"file": r.entry.file, "what": w} for r, w in changes]}, indent=1),
                   nl=False)
        sys.exit(1 if any(w.startswith("not updated") for _, w in changes) else 0)
    for r, what in changes:
        click.echo(f"{r.entry.file}: {what}")
    if not changes:
        click.echo("all golden files up to date")
    sys.exit(1 if any(w.startswith("not updated") for _, w in changes) else 0)
