"""``cutedump layout``: CuTe's print_layout of a layout."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors, check_size

EPILOG = """\b
Examples:
  cutedump layout "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
  cutedump layout "Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))"
  cutedump layout "(_8,_4):(_4,_1)" --info --coords
  cutedump layout "(_4,_8):(_8,_1)" --format json
  cutedump layout "logical_divide((_16,_8):(_1,_16), (_8:_1,(_4,_2):(_2,_1)))"   # any layout expression
Rank-1 layouts are shown as append<2>(L, _1:_0) (as print_latex does); rank > 2 layouts group modes 1.. into
the column mode. Piped output (or --plain) is exactly CuTe's bytes; on a terminal a shaded table is drawn.
"""


def _as_rank2(layout):
    """(rank-2 view, note line or None)."""
    from cutedump.algebra import rank, Layout, C, append, make_layout, get, take
    from cutedump.algebra.swizzle import ComposedLayout, make_composed_layout
    base = layout.b if isinstance(layout, ComposedLayout) else layout
    r = int(rank(base))
    if r == 2:
        return layout, None
    if r == 1:
        view = append(base, Layout(C(1), C(0)), 2)
        note = None
    else:
        view = make_layout(get(base, 0), take(base, 1, r))
        note = f"rank {r} layout: modes 1..{r - 1} are grouped into the column mode"
    if isinstance(layout, ComposedLayout):
        view = make_composed_layout(layout.a, layout.offset, view)
    return view, note


@click.command("layout", epilog=EPILOG)
@click.argument("layout")
@click.option("--info", is_flag=True, help="Add rank, depth, size and cosize.")
@click.option("--coords", is_flag=True, help="Add the index -> coordinate -> offset table.")
@click.option("--plain", is_flag=True, help="Exact CuTe bytes even on a terminal.")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--force", is_flag=True, help="Print even very large tables (more than 65,536 cells).")
@handle_errors
def layout_cmd(layout, info, coords, plain, fmt_, force):
    """Print LAYOUT exactly as CuTe's print_layout does."""
    import os
    import sys
    from cutedump.algebra import size, rank, depth, cosize, idx2crd, fmt
    from cutedump.algebra.swizzle import ComposedLayout
    from cutedump.render.text import print_layout
    from cutedump.expr import evaluate_layout
    L = evaluate_layout(layout)
    base = L.b if isinstance(L, ComposedLayout) else L
    n = int(size(base))
    check_size(n, force, "layout table")
    view, note = _as_rank2(L)
    if fmt_ == "json":
        import json
        from cutedump.render.json_view import layout_json
        click.echo(json.dumps(layout_json(L, force=force)))
        return
    out = []
    if note:
        out.append(note + "\n")
    tty = sys.stdout.isatty() and not plain and not os.environ.get("NO_COLOR")
    if tty:
        try:
            from cutedump.render.rich_view import print_rich_layout
        except ImportError:
            print_rich_layout = None
        if print_rich_layout is not None:
            if note:
                click.echo(note)
            print_rich_layout(view)
            tty_done = True
        else:
            tty_done = False
    else:
        tty_done = False
    if not tty_done:
        out.append(print_layout(view))
    if info:
        out.append(f"rank:   {rank(base)}\ndepth:  {depth(base)}\nsize:   {size(base)}\ncosize: {cosize(base)}\n")
    if coords:
        from cutedump.algebra.evaluate import values
        vals = values(L)
        lines = ["idx  coord  offset"]
        for i in range(n):
            lines.append(f"{i}  {fmt(idx2crd(i, base.shape))}  {int(vals[i])}")
        out.append("\n".join(lines) + "\n")
    click.echo("".join(out), nl=False)
