"""``cutedump tilelang``: TileLang 0.1.15's layouts as TileLang itself builds and prints them.

Every subcommand prints TileLang's own ``repr`` line (``Layout((64, 16) -> (1, 8, 128), transform: ...)``),
OutputShape, Inverse (where TileLang has one) and the CuTe equivalent checked at every index;
``--format json`` gives the same as JSON (``--values`` adds Forward at every index).
"""

from __future__ import annotations

import click

from cutedump.commands._common import needs
from cutedump.tilelang import report
from cutedump.versions import json_answer


def _echo(out) -> None:
    """A report as the command prints it: JSON (indent 1) for a dict, else the text as it is. Options the report
    would ignore are refused first."""
    ctx = click.get_current_context()
    fmt = ctx.params.get("fmt", "text")
    needs("--values", "values", fmt == "json", "--format json")
    if "table" in ctx.params:
        tab = ctx.params.get("table") or ctx.params.get("vectors")
        for opt in ("rows", "cols", "row0", "col0"):
            needs(f"--{opt}", opt, bool(tab) and fmt == "text", "--table or --vectors (text)")
    if isinstance(out, dict):
        click.echo(json_answer(out, indent=1), nl=False)
    else:
        click.echo(out, nl=False)


# ---------------------------------------------------------------- the group

# ---- doc-003 bank swizzles: the step-by-step walk-through plus TileLang's own print

# ---- the buffer-level constructors of tilelang.layout


def buffer_cmd(constructor, shape, dtype, dtype_bits, at, fmt, values, force, **kw):
    """A subcommand over a buffer (auto, gemm-ab, padded, ...: ``constructor`` names TileLang's function): TileLang's
    layout for it (cutedump.tilelang.report.buffer_report)."""
    _echo(report.buffer_report(constructor, shape, dtype, dtype_bits, at, fmt, values, force, **kw))


def bank_cmd(kind, **kw):
    """full-bank, half-bank, quarter-bank (``kind``): the step-by-step walk-through plus TileLang's own print."""
    _echo(report.bank_report(kind, **kw))


# ---- fragments


def fragment_8x8_cmd(transposed, fmt, values):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    _echo(report.fragment_8x8_report(transposed, fmt, values))


def replicated_cmd(shape, threads, fmt, values, force):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    _echo(report.replicated_report(shape, threads, fmt, values, force))
