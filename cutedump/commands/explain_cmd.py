"""``cutedump explain``: CuTe's algorithms narrated step by step (recipes in cutedump/dumps/explain_*.py, wording in
cutedump/dumps/messages)."""

from __future__ import annotations

import sys

import click

from cutedump.commands._answers import explain_address as _address
from cutedump.commands._common import arg_or_stdin, given, needs
from cutedump.dumps.steps import narrate, steps_json
from cutedump.errors import CuteDumpError
from cutedump.render.narration import echo_text
from cutedump.versions import json_answer


def explain_cmd(
    expr,
    lang,
    fmt_,
    detail,
    plain,
    mma_name,
    atom_layout,
    tile,
    copy_name,
    value_type,
    thr,
    val,
    shape,
    layout_,
    operand,
    side,
    fragment,
    retile,
    thread,
    smem_address,
):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    needs("--plain", "plain", fmt_ == "text", "the text output (not --format json)")
    expr = arg_or_stdin(expr, "expr", '"coalesce((_2,_4):(_1,_2))"')
    if expr.strip() == "partition":
        if given("detail"):
            raise CuteDumpError("--detail is for an expression; `explain partition` narrates every step")
        from cutedump.dumps.explain_partition import explain_partition  # start-up: the atoms load for partition only

        expl = explain_partition(
            mma=mma_name,
            atom_layout=atom_layout,
            tile=tile,
            copy=copy_name,
            value_type=value_type,
            thr=thr,
            val=val,
            shape=shape,
            layout=layout_,
            operand=operand,
            side=side,
            fragment=fragment,
            retile=retile,
            thread=thread,
            smem_address=_address(smem_address),
        )
    else:
        extra = (
            [
                n
                for n, v in (
                    ("--mma", mma_name),
                    ("--atom-layout", atom_layout),
                    ("--tile", tile),
                    ("--copy", copy_name),
                    ("--type", value_type),
                    ("--thr", thr),
                    ("--val", val),
                    ("--shape", shape),
                    ("--layout", layout_),
                    ("--operand", operand),
                    ("--side", side),
                    ("--smem-address", smem_address),
                )
                if v is not None
            ]
            + [n for n, v in (("--fragment", fragment), ("--retile", retile)) if v]
            + (["--thread"] if given("thread") else [])
        )
        if extra:
            raise CuteDumpError(f"{extra[0]} belongs to `cutedump explain partition`, not to an expression")
        from cutedump.dumps.explain_algebra import explain_expr  # start-up: on demand

        expl = explain_expr(expr, detail)
    if fmt_ == "json":
        click.echo(json_answer(steps_json(expl, lang), ensure_ascii=False), nl=False)
    else:
        echo_text(narrate(expl, lang), plain)
    if expl.error is not None:
        click.echo(f"error: {expl.error}", err=True)
        sys.exit(2)
