"""``cutedump sgemm-sm80``: the host-only dump of CUTLASS's sgemm_sm80.cu — a front end of ``cutedump kernel``
over the shipped descriptions cutedump/kernel/examples/sgemm_sm80_*.toml (the same evaluation and printing)."""

from __future__ import annotations

from cutedump.commands._answers import sgemm_dump
from cutedump.commands.kernel_cmd import emit


def sgemm_cmd(
    dump_layouts,
    dump_m,
    dump_n,
    dump_k,
    thread,
    tile,
    variant,
    type_,
    warp,
    fmt_,
    lang,
    no_readings,
    dump_latex,
    outdir,
    force,
):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    dump = sgemm_dump(dump_m, dump_n, dump_k, thread, tile, variant, type_)
    emit(
        dump,
        lang=lang,
        readings=not no_readings,
        fmt=fmt_,
        warp=warp,
        dump_latex=dump_latex,
        outdir=outdir,
        force=force,
        dump_layouts=dump_layouts,
    )
