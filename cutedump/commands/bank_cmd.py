"""``cutedump bank``: shared-memory bank conflicts and vector width of a TiledCopy (or of raw lane addresses),
predicted with the H100-measured bank model, and the smallest swizzle or padding that removes the conflicts."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors, arg_or_stdin, stdin_stream, given
from cutedump.errors import CuteDumpError
from cutedump.commands._answers import bank_copy_text, bank_output

EPILOG = """\b
Examples:
  # ldmatrix of the A operand from a K-major 64x32 half tile: conflicts, and the swizzle that fixes them
  cutedump bank "(_64,_32):(_32,_1)" --copy SM75_U32x4_LDSM_N --type half_t \\
       --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --tile "(_32,_32,_16)" --operand A
  # the same layout must also take the cp.async G2S stores cleanly
  cutedump bank "(_128,_64):(_64,_1)" --copy SM75_U32x4_LDSM_N --type half_t \\
       --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --tile "(_32,_32,_16)" --operand A \\
       --also "--copy SM80_CP_ASYNC_CACHEALWAYS<uint128_t> --thr (_16,_8):(_8,_1) --val (_1,_8)"
  cutedump bank "composition(Sw<3,3,3>, (_128,_64):(_64,_1))" --copy "UniversalCopy<uint128_t>" \\
       --type half_t --thr "(_16,_8):(_8,_1)" --val "(_1,_8)" --store --warp 2 --format json
  echo "(_64,_32):(_32,_1)" | cutedump bank - --copy "UniversalCopy<uint128_t>" --type half_t \\
       --thr "(_32,_4):(_4,_1)" --val "(_1,_8)" --compact       # SMEM from standard input
  # raw mode: one --addresses list (32 byte addresses, lane 0..31) per instruction
  cutedump bank --inst ld.shared.b128 --addresses "$(seq -s, 0 32 992)"
  cutedump bank --inst ldmatrix.x4 --addresses "$(seq -s, 0 16 496)" --format svg > banks.svg
  # Triton: a swizzled shared tile read into a blocked layout, 8 halves (128 bits) per access (the user's width)
  cutedump bank --triton-shared "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>" \
       --triton-reg "BlockedLayout(size_per_thread=[1, 8], threads_per_warp=[4, 8], warps_per_cta=[4, 1], order=[1, 0])" \
       --shape 64,64 --type half_t --vec 8
\b
Instructions: ld.shared.b32|b64|b128, st.shared.b32|b64|b128, ldmatrix.x1|x2|x4[.trans], stmatrix.x1|x2|x4[.trans]
(b8/b16 modelled like b32). A phase is the whole warp (32-bit), a half-warp (64-bit), a quarter-warp (128-bit) or
one 8x8 matrix (ldmatrix/stmatrix); it costs as many wavefronts as the most distinct 4-byte words in one bank.
A 64/128-bit load whose lanes pair up on equal addresses (lane l with l^1, or with l^2, for every l) is served in
phases twice as large (measured on an H100: tests/data/bank/h100_measured_more.json).
The copy mode takes the TiledCopy options of `cutedump copy`; ldmatrix loads (partition_S of the smem tensor),
stmatrix and cp.async store (partition_D), UniversalCopy loads unless --store. Instructions are listed in the order
cute::copy issues them for warp --warp. Picture: per phase, the distinct words in each bank ('.' none, 2+ conflict).
"""


@click.command("bank", epilog=EPILOG)
@click.argument("smem", required=False)
@click.option("--copy", "atom", help="Copy atom of the TiledCopy, e.g. SM75_U32x4_LDSM_N (copy mode).")
@click.option("--type", "value_type", help="Element type of the smem tensor (Copy_Atom<Op, T>), e.g. half_t.")
@click.option("--thr", help='Thread layout for make_tiled_copy, e.g. "(_16,_8):(_8,_1)".')
@click.option("--val", help='Value layout for make_tiled_copy, e.g. "(_1,_8)".')
@click.option("--mma", "mma_name", help="MMA atom for make_tiled_copy_A/B/C.")
@click.option("--atom-layout", help="Atom layout of the TiledMMA (with --mma).")
@click.option("--tile", help="Permutation Tile<M,N,K> of the TiledMMA (with --mma).")
@click.option("--operand", type=click.Choice(["A", "B", "C"], case_sensitive=False),
              help="make_tiled_copy_A/B/C with --mma.")
@click.option("--store/--load", "store", default=None,
              help="The smem tensor is the destination (partition_D) / the source (default: from the atom; "
                   "UniversalCopy loads).")
@click.option("--warp", type=int, default=0, show_default=True, help="Which warp's instructions to show.")
@click.option("--also", multiple=True, metavar="OPTIONS",
              help='Another copy of the same smem tile that must stay conflict-free, in the same options, e.g. '
                   '"--copy SM80_CP_ASYNC_CACHEALWAYS<uint128_t> --thr (_16,_8):(_8,_1) --val (_1,_8)".')
@click.option("--no-fix", is_flag=True, help="Do not search a swizzle/padding when a copy conflicts.")
@click.option("--inst", help="Raw mode: the instruction, e.g. ld.shared.b128 or ldmatrix.x4.trans.")
@click.option("--addresses", multiple=True, metavar="A0,A1,...,A31",
              help="Raw mode: the 32 lanes' byte addresses of one instruction (repeat for more instructions).")
@click.option("--triton-shared", help="Triton mode: the shared layout (Gluon or TTGIR spelling) of the tile.")
@click.option("--triton-reg", help="Triton mode: the distributed layout that reads (--store: writes) it.")
@click.option("--shape", "shape_", help="Triton mode: the tile's shape, e.g. 64,64.")
@click.option("--vec", type=int, help="Triton mode: elements per access (Triton's lowering picks its own).")
@click.option("--compact", is_flag=True, help="Text: one line per instruction, no bank picture.")
@click.option("--format", "fmt_", type=click.Choice(["text", "json", "svg"]), default="text", show_default=True)
@handle_errors
def bank_cmd(smem, atom, value_type, thr, val, mma_name, atom_layout, tile, operand, store, warp, also, no_fix,
             inst, addresses, triton_shared, triton_reg, shape_, vec, compact, fmt_):
    """Bank conflicts, wavefronts and vector width of shared-memory copies, with the swizzle that fixes them."""
    # start-up: `cutedump bank --help` does not load the bank model
    from cutedump.bank.report import raw_report  # start-up: only when the command runs
    if triton_shared or triton_reg:
        if not (triton_shared and triton_reg and value_type and vec):
            raise CuteDumpError("Triton mode needs --triton-shared, --triton-reg, --shape, --type and --vec")
        if any(x is not None for x in (smem, atom, thr, val, mma_name, operand, atom_layout, tile, inst)) or also:
            raise CuteDumpError("Triton mode (--triton-shared/--triton-reg) takes no CuTe layout, copy or raw options")
        from cutedump.triton.bank import accesses  # start-up: the Triton model only in Triton mode
        from cutedump.triton.report import parse_shape  # start-up: the Triton model only in Triton mode
        from cutedump.atoms.types import value_type_bits  # start-up: only in Triton mode
        name, rows, notes = accesses(triton_shared, triton_reg, parse_shape(shape_), value_type_bits(value_type),
                                     vec, bool(store), warp)
        rep = raw_report(name, [",".join(map(str, r)) for r in rows])
        rep.notes = list(notes) + list(rep.notes)
        click.echo(bank_output(rep, compact, fmt_), nl=False)
        return
    if inst is not None or addresses:
        if any(x is not None for x in (smem, atom, thr, val, mma_name, operand, value_type, atom_layout, tile)) or also:
            raise CuteDumpError("raw mode (--inst/--addresses) takes no smem layout or copy options")
        for opt, dest in (("--store/--load", "store"), ("--warp", "warp"), ("--no-fix", "no_fix")):
            if given(dest):
                raise CuteDumpError(f"raw mode (--inst/--addresses) and {opt} contradict each other: {opt} is for "
                                    "the copy mode (the instructions are given as they are)")
        if inst is None:
            raise CuteDumpError("--addresses needs --inst (e.g. --inst ld.shared.b128)")
        rep = raw_report(inst, list(addresses))
    else:
        if smem == "-" or (smem is None and atom is not None and not stdin_stream().isatty()):
            smem = arg_or_stdin("-", "smem layout", '"(_64,_32):(_32,_1)" --copy ...')
        click.echo(bank_copy_text(smem, atom, value_type, thr, val, mma_name, atom_layout, tile, operand, store, warp,
                                  also, no_fix, compact, fmt_), nl=False)
        return
    click.echo(bank_output(rep, compact, fmt_), nl=False)
