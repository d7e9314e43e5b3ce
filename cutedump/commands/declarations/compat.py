"""``cutedump compat``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt

EPILOG_COMPAT = """\b
Examples:
  cutedump compat 24 "(4,6)"                    # compatible
  cutedump compat "((2,3),4)" "((2,2),(3,2))"   # (exit 1) not compatible: mode 0.1: 3 != size(2)
  cutedump compat "(24)" 24                     # (exit 1) not compatible: a tuple never becomes an integer
  cutedump compat 24 "(4,6)" --format json
\b
CuTe's rule (cute/int_tuple.hpp compatible(a, b)): two tuples are compatible when they have the same rank
and are compatible mode by mode; an integer a is compatible with any b of size a; a tuple is never
compatible with an integer. Layout arguments stand for their shapes. Exit status: 0 compatible, 1 not.
--format json: {a, b, compatible, reason, cute, steps}. SHAPE_A '-' is read from standard input.
"""


COMMAND = Command(
    "compat",
    run="cutedump.commands.tutorial_cmd:compat_cmd",
    fast="cutedump.commands._fast:compat_text",
    fast_tty=True,
    help="Is SHAPE_A compatible with SHAPE_B (CuTe's compatible), and why.",
    epilog=EPILOG_COMPAT,
    params=[
        Arg("shape_a"),
        Arg("shape_b"),
        Opt(
            "--format",
            "fmt_",
            ("text", "json"),
            default="text",
            show_default=True,
            fast=False,
            help="json: one object (keys in the examples' notes below).",
        ),
    ],
)
