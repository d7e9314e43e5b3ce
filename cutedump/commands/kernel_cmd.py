"""``cutedump kernel FILE``: the host-only dump and bank audit of any kernel, from a TOML description
(cutedump/kernel/load.py; the format in its docstring, examples in cutedump/kernel/examples/). ``cutedump
sgemm-sm80`` is a front end over :func:`emit` with a shipped description."""

from __future__ import annotations

import click

from cutedump.commands._answers import kernel_lang, kernel_load, kernel_output, kernel_params_text
from cutedump.commands._common import needs
from cutedump.dumps.kernel_latex import write_latex
from cutedump.errors import CuteDumpError


def emit(
    dump,
    *,
    lang: str,
    readings: bool,
    fmt: str,
    warp: int,
    dump_latex: bool,
    outdir,
    force: bool,
    dump_layouts: bool = True,
) -> None:
    """Print a kernel dump: --dump-latex files, then the sections, then (with readings) the bank audit."""
    if dump_latex:
        if outdir is None:
            raise CuteDumpError("--dump-latex needs --outdir DIR")
        for p in write_latex(dump, outdir, force):
            click.echo(p)
        if not dump_layouts:
            return
    elif outdir is not None or force:
        raise CuteDumpError("--outdir and --force go with --dump-latex")
    if warp < 0:
        raise CuteDumpError(f"--warp {warp} is negative")
    needs("--warp", "warp", readings, "the bank audit (drop --no-readings)")
    click.echo(kernel_output(dump, lang, readings, fmt, warp), nl=False)


def kernel_cmd(file, thread, warp, sets, fmt_, lang, no_readings, dump_latex, outdir, force, list_params):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    if list_params:
        if sets or dump_latex or no_readings:
            raise CuteDumpError("--params lists the parameters: it takes no --set, --dump-latex or --no-readings")
        click.echo(kernel_params_text(file, thread, fmt_), nl=False)
        return
    dump = kernel_load(file, thread, sets)
    emit(
        dump,
        lang=kernel_lang(lang, dump),
        readings=not no_readings,
        fmt=fmt_,
        warp=warp,
        dump_latex=dump_latex,
        outdir=outdir,
        force=force,
    )
