"""``cutedump eval``: evaluate CuTe expressions, print results as CuTe's ``print`` does."""
from __future__ import annotations

import sys

import click

from cutedump.commands._batch import answer, answer_input
from cutedump.commands._common import handle_errors, stdin_stream, needs
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate, format_result
from cutedump.versions import json_answer

EPILOG = """\b
Examples:
  cutedump eval "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))"      # (_16,_2,_4):(_1,_32,_8)
  cutedump eval "composition(((_4,_8),(_2,_2)):((_32,_1),(_16,_8)), (_32,_2))"
  cutedump eval "logical_divide((_16,_8):(_1,_16), (_8:_1,(_4,_2):(_2,_1)))"
  cutedump eval "upcast<2>((_4,_8):(_1,_4))"   "size((_4,8))"   "(_4,_8):(_1,_4)(17)"
  cutedump eval -f cases.txt          # one expression per line, in order; '-' reads stdin
  cutedump eval -f cases.txt -j 1     # in this process only (default: one process per CPU)
  echo "size((_4,8))" | cutedump eval # a pipe (or EXPR '-') is read as -f -
  cutedump eval "size(_4)" "rank((_2,_3))" --format json   # one JSON object per line
  cutedump eval "make_layout(make_shape(Int<8>{}, 4), LayoutRight{})" --syntax cpp   # answers spelled as C++
  cutedump eval "composition(Swizzle<2,3,3>{}, Layout<Shape<_8,_32>, Stride<_32,_1>>{})" --syntax dsl

One EXPR prints its answer (a failure: one 'error:' line on stderr, exit 2). Several EXPRs print one answer line
each, in order, as -f does ('error: ...' in place of a failing one, exit 1). --format json prints
{"kind", "printed", ...} per EXPR (with "expr" when there are several; a failing one: {"expr", "error"}).
--syntax spells each answer as CuTe's print (default), as C++ (cpp: what parses back to the same value, e.g.
make_layout(make_shape(_8{}, 4), make_stride(4, _1{}))) or as the CuTe DSL prints it (dsl).
"""


@click.command("eval", epilog=EPILOG)
@click.argument("exprs", metavar="[EXPR]...", nargs=-1)
@click.option("-f", "--file", "file_", type=click.File("r"),
              help="Read one expression per line ('-' = stdin) and print one answer line for each, in order "
                   "('error: ...' for a line that fails; exit 1 if one did).")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Output format of one EXPR (-f answers in text).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Processes answering -f (2,000 lines or more, of a file or arrived at once on a pipe); "
                   "default: one per CPU. The output is the same bytes for any number.")
@click.option("--syntax", type=click.Choice(["print", "cpp", "dsl"]), default="print", show_default=True,
              help="How answers are spelled: CuTe's print, C++ as kernels write it, or as the CuTe DSL prints it.")
@handle_errors
def eval_cmd(exprs, file_, fmt_, jobs, syntax):
    """Evaluate each EXPR (CuTe function names, CuTe print syntax) and print the result like CuTe's print."""
    import cutedump.commands._batch as batch  # start-up: already loaded (answer)
    batch.SYNTAX = None if syntax == "print" else syntax
    try:
        _eval(exprs, file_, fmt_, jobs, syntax)
    finally:
        batch.SYNTAX = None     # in-process callers of the library after this command get CuTe's print again


def _eval(exprs, file_, fmt_, jobs, syntax):
    if exprs and file_ is not None:
        raise CuteDumpError("give expressions or -f FILE, not both")
    if exprs == ("-",) or (not exprs and file_ is None and not stdin_stream().isatty()):
        file_ = click.open_file("-")          # a pipe, or '-': answered as `-f -`
        exprs = ()
    if not exprs and file_ is None:
        raise CuteDumpError("give an expression (cutedump eval \"size((_4,8))\"), several, or -f FILE")
    needs("-j/--jobs", "jobs", file_ is not None, "-f FILE (or a pipe)")
    if file_ is not None and fmt_ == "json":
        raise CuteDumpError("--format json answers EXPR arguments; -f answers each line as CuTe's print (text)")
    needs("--syntax", "syntax", fmt_ == "text", "the text output (not --format json)")
    if file_ is None:
        if len(exprs) == 1:
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
