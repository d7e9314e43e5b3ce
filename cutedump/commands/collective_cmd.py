"""``cutedump collective``: what CUTLASS 4.2's GEMM CollectiveBuilder chooses (mainloop and epilogue), and why."""

from __future__ import annotations

import click


def collective_cmd(
    arch,
    a,
    b,
    c,
    d,
    acc,
    tile,
    cluster,
    stages,
    carveout,
    schedule,
    epilogue_schedule,
    epilogue_tile,
    alignment_a,
    alignment_b,
    alignment_c,
    alignment_d,
    problem,
    fmt_,
    toml,
):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    from cutedump.commands._collective import collective_text  # start-up: the builders' rules only when run

    click.echo(
        collective_text(
            arch,
            a,
            b,
            c,
            d,
            acc,
            tile,
            cluster,
            stages,
            carveout,
            schedule,
            epilogue_schedule,
            epilogue_tile,
            alignment_a,
            alignment_b,
            alignment_c,
            alignment_d,
            problem,
            fmt_,
            toml,
        ),
        nl=False,
    )
