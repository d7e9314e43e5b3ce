"""``cutedump eval``: evaluate CuTe expressions, print results as CuTe's ``print`` does."""

from __future__ import annotations

import sys

import click

from cutedump.commands._batch import answer, answer_input
from cutedump.commands._common import needs, stdin_stream
from cutedump.errors import CuteDumpError
from cutedump.expr import answer_text, evaluate, format_result
from cutedump.versions import json_answer


def eval_cmd(exprs, file_, fmt_, jobs, syntax):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    import cutedump.commands._batch as batch  # start-up: already loaded (answer)

    batch.SYNTAX = syntax
    try:
        _eval(exprs, file_, fmt_, jobs, syntax)
    finally:
        batch.SYNTAX = None  # in-process callers of the library after this command get CuTe's print again


def _eval(exprs, file_, fmt_, jobs, syntax):
    if exprs and file_ is not None:
        raise CuteDumpError("give expressions or -f FILE, not both")
    if exprs == ("-",) or (not exprs and file_ is None and not stdin_stream().isatty()):
        file_ = click.open_file("-")  # a pipe, or '-': answered as `-f -`
        exprs = ()
    if not exprs and file_ is None:
        raise CuteDumpError('give an expression (cutedump eval "size((_4,8))"), several, or -f FILE')
    needs("-j/--jobs", "jobs", file_ is not None, "-f FILE (or a pipe)")
    if file_ is not None and fmt_ == "json":
        raise CuteDumpError("--format json answers EXPR arguments; -f answers each line as CuTe's print (text)")
    needs("--syntax", "syntax", fmt_ == "text", "the text output (not --format json)")
    if file_ is None:
        if len(exprs) == 1:
            if fmt_ != "json":
                click.echo(answer_text(exprs[0], syntax))
                return
            obj = evaluate(exprs[0])
            if fmt_ == "json":
                from cutedump.render.json_view import object_json  # start-up: the JSON view on demand

                click.echo(json_answer(object_json(obj)), nl=False)
            else:
                click.echo(format_result(obj, None if syntax == "print" else syntax))
            return
        failed = False
        for e in exprs:
            if fmt_ == "json":
                from cutedump.render.json_view import object_json  # start-up: the JSON view on demand

                try:
                    d = object_json(evaluate(e))
                except CuteDumpError as err:
                    d, bad = {"expr": e, "error": err.one_line()}, True
                else:
                    d, bad = dict({"expr": e}, **d), False
                click.echo(json_answer(d), nl=False)
            else:
                line, bad = answer(e)
                click.echo(line, nl=False)
            failed = failed or bad
        if failed:
            sys.exit(1)
        return
    if answer_input(file_, sys.stdout, jobs):
        sys.exit(1)
