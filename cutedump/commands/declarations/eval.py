"""``cutedump eval``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt, Range

EPILOG_EVAL = """\b
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
  cutedump eval "cute.make_layout((4, cutlass.Int32(8)), stride=(8, 1))"   # the CuTe DSL's spelling: (4,?):(8,1)
\b
One EXPR prints its answer (a failure: one 'error:' line on stderr, exit 2). Several EXPRs print one answer line
each, in order, as -f does ('error: ...' in place of a failing one, exit 1). --format json prints
{"kind", "printed", ...} per EXPR (with "expr" when there are several; a failing one: {"expr", "error"}).
--syntax spells each answer as CuTe's print (default), as C++ (cpp: what parses back to the same value, e.g.
make_layout(make_shape(_8{}, 4), make_stride(4, _1{}))) or as the CuTe DSL prints it (dsl). An EXPR spelled as
the CuTe DSL spells it (cute.make_layout(shape, stride=...), keyword arguments, cutlass.Int32(n) for a dynamic
value; with --syntax dsl also size(make_layout((4, 8))) without cute.) is read as the DSL reads it and answered as
it prints (?{div=N} for a dynamic value known divisible by N), unless --syntax says otherwise.
"""


COMMAND = Command(
    "eval",
    run="cutedump.commands.eval_cmd:eval_cmd",
    fast="cutedump.commands._fast:eval_text",
    fast_tty=True,
    help="Evaluate each EXPR (CuTe function names, CuTe print syntax) and print the result like CuTe's print.",
    epilog=EPILOG_EVAL,
    params=[
        Arg("exprs", required=False, nargs=-1, metavar="[EXPR]..."),
        Opt(
            ("-f", "--file"),
            "file_",
            "file",
            help="Read one expression per line ('-' = stdin) and print one "
            "answer line for each, in order ('error: ...' for a line that fails; exit 1 if one did).",
        ),
        Opt(
            "--format",
            "fmt_",
            ("text", "json"),
            default="text",
            show_default=True,
            help="Output format of one EXPR (-f answers in text).",
        ),
        Opt(
            ("-j", "--jobs"),
            "jobs",
            Range(1, None),
            help="Processes answering -f (2,000 lines or more, of a "
            "file or arrived at once on a pipe); default: one per CPU. The output is the same bytes for "
            "any number.",
        ),
        Opt(
            "--syntax",
            "syntax",
            ("print", "cpp", "dsl"),
            default=None,
            fast=False,
            help="How answers are spelled: CuTe's print, C++ as kernels write it, or as the CuTe DSL prints it "
            "[default: print; for a DSL-spelled EXPR (cute.make_layout(...)): dsl].",
        ),
    ],
)
