"""``cutedump eval``: evaluate CuTe expressions, print results as CuTe's ``print`` does."""
from __future__ import annotations

import os
import sys

import click

from cutedump.commands._common import handle_errors
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate, format_result

EPILOG = """\b
Examples:
  cutedump eval "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))"      # (_16,_2,_4):(_1,_32,_8)
  cutedump eval "composition(((_4,_8),(_2,_2)):((_32,_1),(_16,_8)), (_32,_2))"
  cutedump eval "logical_divide((_16,_8):(_1,_16), (_8:_1,(_4,_2):(_2,_1)))"
  cutedump eval "upcast<2>((_4,_8):(_1,_4))"   "size((_4,8))"   "(_4,_8):(_1,_4)(17)"
  cutedump eval -f cases.txt          # one expression per line; '-' reads stdin
"""


@click.command("eval", epilog=EPILOG)
@click.argument("expr", required=False)
@click.option("-f", "--file", "file_", type=click.File("r"), help="Read one expression per line ('-' = stdin).")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Output format.")
@handle_errors
def eval_cmd(expr, file_, fmt_):
    """Evaluate EXPR (CuTe function names, CuTe print syntax) and print the result like CuTe's print."""
    if (expr is None) == (file_ is None):
        raise CuteDumpError("give either an expression or -f FILE")
    if file_ is None:
        obj = evaluate(expr)
        if fmt_ == "json":
            import json
            from cutedump.render.json_view import object_json  # start-up: the JSON view and its grid model on demand
            click.echo(json.dumps(object_json(obj)))
        else:
            click.echo(format_result(obj))
        return
    failed = 0
    # a file is answered in chunks of lines, one write each (stdout may be unbuffered: PYTHONUNBUFFERED makes every
    # write a system call); a pipe or terminal (`eval -f -`) is answered line by line, flushed, so that a program
    # feeding it gets each answer at once
    chunk = _CHUNK if _regular_file(file_) else 1
    out = sys.stdout
    pending = []
    try:
        for line in file_:
            text = line.rstrip("\n")
            if not text.strip() or text.lstrip().startswith("#"):
                pending.append("\n")
            else:
                try:
                    pending.append(format_result(evaluate(text)) + "\n")
                except CuteDumpError as e:
                    failed += 1
                    pending.append(f"error: {e.one_line()}\n")
                except RecursionError:
                    failed += 1
                    pending.append("error: expression nested too deeply\n")
            if len(pending) >= chunk:
                out.write("".join(pending))
                out.flush()
                pending.clear()
    finally:   # Ctrl-C or an error mid-file: the answers so far are still written
        if pending:
            out.write("".join(pending))
        out.flush()
    if failed:
        sys.exit(1)


#: lines per write when answering a regular file
_CHUNK = 256


def _regular_file(f) -> bool:
    try:
        return os.path.isfile(f.name) and f.name != "-"
    except (AttributeError, TypeError, OSError):
        return False
