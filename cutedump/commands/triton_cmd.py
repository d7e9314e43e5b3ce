"""``cutedump triton``: Triton's layouts as linear layouts (as Triton 3.9 computes them), its views, and CuTe's
equivalent."""

from __future__ import annotations

import click

from cutedump.commands._common import CuteDumpError


def triton_cmd(layout, shape_, ttgir, from_cute, fmt_):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    from cutedump.triton import report  # start-up: the Triton model only when this command runs

    given = [n for n, v in (("LAYOUT", layout), ("--ttgir", ttgir), ("--from-cute", from_cute)) if v]
    if len(given) != 1:
        raise CuteDumpError(
            "give one of LAYOUT, --ttgir FILE or --from-cute TV_LAYOUT"
            + (f" (got {', '.join(given)})" if given else "")
        )
    if ttgir:
        from cutedump.triton import ttgir as tt  # start-up: the TTGIR reader only for --ttgir

        click.echo(tt.render(ttgir.read(), fmt_), nl=False)
    elif from_cute:
        click.echo(report.render_from_cute(from_cute, shape_, fmt_), nl=False)
    else:
        click.echo(report.render(layout, shape_, fmt_), nl=False)
