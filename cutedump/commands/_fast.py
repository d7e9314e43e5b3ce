"""The fast answers (no click) of layout, eval, coords, compat, mma, copy and explain: the ``fast`` functions of
their declarations (cutedump/commands/declarations/), called by cutedump/entry.py with the options the declaration
marks fast. Each returns the bytes its click command prints, or None where the click command must answer (a form
only it handles, a terminal's colours, an error of any kind: its wording is the click command's); ``eval -f`` returns
its exit status once it has printed its answers."""

from __future__ import annotations

import os
import sys

from cutedump.versions import json_answer


def layout_text(layout, info, coords, plain, fmt_) -> str | None:
    """``layout_cmd`` without --force: CuTe's bytes (not a terminal's table), or its JSON."""
    if layout is None:
        return None  # standard input: the click command reads it
    if fmt_ == "json" and plain:
        return None  # --plain is for the text (click says so)
    if fmt_ == "text" and not plain and not os.environ.get("NO_COLOR") and sys.stdout.isatty():
        return None
    from cutedump.algebra import size  # start-up: on demand
    from cutedump.errors import check_size  # start-up: on demand
    from cutedump.expr import evaluate_layout  # start-up: on demand
    from cutedump.render.text import layout_text as text  # start-up: on demand
    from cutedump.render.text import layout_view, table_cells  # start-up: on demand

    L = evaluate_layout(layout)
    check_size(int(size(L)), False, "layout table")
    view, _ = layout_view(L)
    check_size(table_cells(view), False, "layout table")
    if fmt_ == "json":
        from cutedump.render.json_view import layout_json  # start-up: the JSON view on demand

        return json_answer(layout_json(L))
    return text(L, info, coords)


def eval_text(exprs, file_, jobs, fmt_):
    """``eval_cmd``: EXPR arguments (one answer line each: text, CuTe's print; json: one object each, with "expr"
    when there are several), None where a line fails (the click command prints it, and exits 1 or 2); or ``-f
    FILE [-j N]`` with FILE a regular file: its answers printed here, the exit status returned."""
    if file_ is not None:
        if exprs or file_.startswith("-") or not os.path.isfile(file_) or fmt_ != "text":
            return None
        try:  # opened as click.File("r") opens it (locale encoding, strict errors)
            f = open(file_, encoding=None, errors="strict")
        except OSError:
            return None  # click says why it cannot be read
        return _eval_file(f, jobs)
    if not exprs or jobs is not None:
        return None
    from cutedump.expr import evaluate  # start-up: on demand

    if fmt_ == "json":
        from cutedump.render.json_view import object_json  # start-up: the JSON view on demand

        if len(exprs) == 1:
            return json_answer(object_json(evaluate(exprs[0])))
        return "".join(json_answer(dict({"expr": e}, **object_json(evaluate(e)))) for e in exprs)
    if len(exprs) == 1:
        from cutedump.expr import answer_text  # start-up: on demand

        return answer_text(exprs[0]) + "\n"
    from cutedump.commands._batch import answer  # start-up: on demand

    lines = [answer(e) for e in exprs]
    return None if any(bad for _, bad in lines) else "".join(line for line, _ in lines)


def _eval_file(f, jobs) -> int:
    """``eval_cmd`` with -f FILE: its answers, its exit status (1 when a line failed), its error lines."""
    try:
        with f:
            from cutedump.commands._batch import answer_input  # start-up: on demand

            return 1 if answer_input(f, sys.stdout, jobs) else 0
    except SystemExit:
        raise
    except BaseException as e:  # noqa: BLE001 - said as the click command says it (commands/_common.py)
        from cutedump.commands._common import handle_errors  # start-up: click only for a failure

        def again(err=e):  # bound now: the name e is unbound when the except clause ends
            raise err

        return handle_errors(again)()


def coords_text(shape, stride) -> str | None:
    """``coords SHAPE [STRIDE]`` (no options)."""
    if shape is None:
        return None
    from cutedump.tutorial import coords_answer  # start-up: on demand

    return coords_answer(shape, stride)


def compat_text(shape_a, shape_b) -> str | None:
    """``compat A B`` (no options) where A is compatible with B (else exit status 1: the click command's)."""
    from cutedump.tutorial import compat_answer  # start-up: on demand

    ok, text = compat_answer(shape_a, shape_b)
    return text if ok else None


def mma_text(atom, atom_layout, tile) -> str:
    """``mma_cmd``: print(TiledMMA) and its TV layouts, text format."""
    from cutedump.commands._answers import mma_build, mma_lines  # start-up: on demand

    mma, idesc = mma_build(atom, atom_layout, tile)
    return "\n".join(mma_lines(mma, idesc)) + "\n"


def copy_text(atom, value_type, thr, val) -> str | None:
    """``copy_cmd`` with make_tiled_copy (--thr, --val): print(TiledCopy), its TV layouts, src2ref/dst2ref."""
    if thr is None:
        return None
    from cutedump.atoms import copy_atom, make_tiled_copy  # start-up: on demand
    from cutedump.atoms.cli_support import parse_layout_arg  # start-up: on demand
    from cutedump.commands._answers import copy_atom_lines, copy_value_type, tiled_copy_lines  # start-up: on demand

    ca = copy_atom(atom, copy_value_type(atom, value_type))
    tc = make_tiled_copy(ca, parse_layout_arg(thr, "--thr"), parse_layout_arg(val, "--val"), check=True)
    return "\n".join(tiled_copy_lines(tc) + copy_atom_lines(ca)) + "\n"


def explain_text(expr, given_, **kw) -> str | None:
    """``explain partition`` (its options), or ``explain EXPR`` with no option in the default language (zh): the
    text, where it prints plain text and no error (a terminal's colours and an explanation ending in an error are
    the click command's)."""
    if expr == "partition":
        if sys.stdout.isatty():
            return None
        from cutedump.commands._answers import explain_partition_text  # start-up: on demand

        return explain_partition_text(expr=expr, **kw)
    if expr is None or not expr.strip() or given_ or "CUTEDUMP_LANG" in os.environ:
        return None
    from cutedump.render.narration import use_color  # start-up: on demand

    if use_color(False):
        return None
    from cutedump.dumps.explain_algebra import explain_expr  # start-up: on demand
    from cutedump.dumps.steps import narrate  # start-up: on demand

    expl = explain_expr(expr, 2)
    return None if expl.error is not None else narrate(expl, "zh")
