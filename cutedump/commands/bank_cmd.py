"""``cutedump bank``: shared-memory bank conflicts and vector width of a TiledCopy (or of raw lane addresses),
predicted with the H100-measured bank model, and the smallest swizzle or padding that removes the conflicts."""

from __future__ import annotations

import click

from cutedump.commands._answers import bank_copy_text, bank_output
from cutedump.commands._common import arg_or_stdin, given, stdin_stream
from cutedump.errors import CuteDumpError


def bank_cmd(
    smem,
    atom,
    value_type,
    thr,
    val,
    mma_name,
    atom_layout,
    tile,
    operand,
    store,
    warp,
    also,
    no_fix,
    inst,
    addresses,
    triton_shared,
    triton_reg,
    shape_,
    vec,
    compact,
    fmt_,
):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    # start-up: `cutedump bank --help` does not load the bank model
    from cutedump.bank.report import raw_report  # start-up: only when the command runs

    if triton_shared or triton_reg:
        if not (triton_shared and triton_reg and value_type and vec):
            raise CuteDumpError("Triton mode needs --triton-shared, --triton-reg, --shape, --type and --vec")
        if any(x is not None for x in (smem, atom, thr, val, mma_name, operand, atom_layout, tile, inst)) or also:
            raise CuteDumpError("Triton mode (--triton-shared/--triton-reg) takes no CuTe layout, copy or raw options")
        from cutedump.atoms.types import value_type_bits  # start-up: only in Triton mode
        from cutedump.triton.bank import accesses  # start-up: the Triton model only in Triton mode
        from cutedump.triton.report import parse_shape  # start-up: the Triton model only in Triton mode

        name, rows, notes = accesses(
            triton_shared, triton_reg, parse_shape(shape_), value_type_bits(value_type), vec, bool(store), warp
        )
        rep = raw_report(name, [",".join(map(str, r)) for r in rows])
        rep.notes = list(notes) + list(rep.notes)
        click.echo(bank_output(rep, compact, fmt_), nl=False)
        return
    if inst is not None or addresses:
        if any(x is not None for x in (smem, atom, thr, val, mma_name, operand, value_type, atom_layout, tile)) or also:
            raise CuteDumpError("raw mode (--inst/--addresses) takes no smem layout or copy options")
        for opt, dest in (("--store/--load", "store"), ("--warp", "warp"), ("--no-fix", "no_fix")):
            if given(dest):
                raise CuteDumpError(
                    f"raw mode (--inst/--addresses) and {opt} contradict each other: {opt} is for "
                    "the copy mode (the instructions are given as they are)"
                )
        if inst is None:
            raise CuteDumpError("--addresses needs --inst (e.g. --inst ld.shared.b128)")
        rep = raw_report(inst, list(addresses))
    else:
        if smem == "-" or (smem is None and atom is not None and not stdin_stream().isatty()):
            smem = arg_or_stdin("-", "smem layout", '"(_64,_32):(_32,_1)" --copy ...')
        click.echo(
            bank_copy_text(
                smem,
                atom,
                value_type,
                thr,
                val,
                mma_name,
                atom_layout,
                tile,
                operand,
                store,
                warp,
                also,
                no_fix,
                compact,
                fmt_,
            ),
            nl=False,
        )
        return
    click.echo(bank_output(rep, compact, fmt_), nl=False)
