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
    # one write per line; flushed per line (as click.echo does) unless the input is a regular file, so that a program
    # feeding `eval -f -` line by line gets each answer at once, and a file is answered at full speed
    out = sys.stdout
    write = out.write
    flush = out.flush if not _regular_file(file_) else _no_flush
    for line in file_:
        text = line.rstrip("\n")
        if not text.strip() or text.lstrip().startswith("#"):
            write("\n")
            flush()
            continue
        try:
            write(format_result(evaluate(text)) + "\n")
        except CuteDumpError as e:
            failed += 1
            write(f"error: {e.one_line()}\n")
        except RecursionError:
            failed += 1
            write("error: expression nested too deeply\n")
        flush()
    out.flush()
    if failed:
        sys.exit(1)


def _no_flush():
    pass


def _regular_file(f) -> bool:
    try:
        return os.path.isfile(f.name) and f.name != "-"
    except (AttributeError, TypeError, OSError):
        return False
