"""``cutedump sgemm-sm80``: the host-only dump of CUTLASS's sgemm_sm80.cu — a front end of ``cutedump kernel``
over the shipped descriptions cutedump/kernel/examples/sgemm_sm80_*.toml (the same evaluation and printing)."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors, lang_option, renamed
from cutedump.commands._answers import sgemm_dump
from cutedump.commands.kernel_cmd import emit

EPILOG = """\b
Examples:
  cutedump sgemm-sm80 --dump-layouts                         # TN half_t, 128x128x64, thread 0
  cutedump sgemm-sm80 --dump-layouts --dump-m 200 --dump-n 96 --dump-k 40 --thread 37 --lang en
  cutedump sgemm-sm80 --dump-layouts --cta-tile 64,128,64 --no-readings
  cutedump sgemm-sm80 --dump-layouts --variant nt --type float
  cutedump sgemm-sm80 --dump-layouts --format json
  cutedump sgemm-sm80 --dump-latex --outdir ./dump_tex       # sA (pipe stage 0), copyA, copyB, mmaC, s2r_copy_a/b
\b
Every value is what the kernel builds (gemm_tn / gemm_nt host code, gemm_device for block (0,0) and --thread),
printed as CuTe's print; tensors as print(tensor.layout()) (dynamic problem sizes print without '_').
--no-readings prints exactly the objects (no '  # ...' reading lines, no bank audit). The same output as
`cutedump kernel sgemm_sm80_tn_half` (sgemm_sm80_nt_float, sgemm_sm80_tn_float), with the bank audit of the
G2S and S2R copies at the end. gemm_nt for half_t is not implemented
upstream. --cta-tile must be divisible by the smem atom, the copy tilers and the TiledMMA tile.
"""


@click.command("sgemm-sm80", epilog=EPILOG)
@click.option("--dump-layouts", is_flag=True, help="Print every object and the thread's partitions (the default).")
@click.option("--dump-m", type=int, default=None, metavar="M", help="Problem size M (dynamic).  [default: 128]")
@click.option("--dump-n", type=int, default=None, metavar="N", help="Problem size N (dynamic).  [default: 128]")
@click.option("--dump-k", type=int, default=None, metavar="K", help="Problem size K (dynamic).  [default: 64]")
@click.option("--thread", type=int, default=0, show_default=True, help="threadIdx.x of the partitions.")
@click.option("--cta-tile", "tile", default=None, metavar="M,N,K",
              help="CTA tile BLK_M,BLK_N,BLK_K (static).  [default: 128,128,64 for half_t, 128,128,8 for float]")
@click.option("--variant", type=click.Choice(["tn", "nt"]), default="tn", show_default=True,
              help="The host path: gemm_tn (A^T B) or gemm_nt (A B^T).")
@click.option("--type", "type_", type=click.Choice(["half_t", "float"]), default="half_t", show_default=True,
              help="Element type (half_t: tensor cores; float: UniversalFMA).")
@click.option("--warp", type=int, default=0, show_default=True,
              help="The warp whose instructions the bank audit counts (all warps are summed too).")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True)
@lang_option("Language of the reading lines.")
@click.option("--no-readings", is_flag=True, help="Only the objects, without the '  # ...' reading lines.")
@click.option("--dump-latex", is_flag=True, help="Write print_latex files of the objects into --outdir.")
@click.option("--outdir", default=None, metavar="DIR", help="Directory for --dump-latex (created if missing).")
@click.option("--force", is_flag=True, help="Overwrite existing files with --dump-latex.")
@renamed("--tile", "--cta-tile", "tile")
@handle_errors
def sgemm_cmd(dump_layouts, dump_m, dump_n, dump_k, thread, tile, variant, type_, warp, fmt_, lang, no_readings,
              dump_latex, outdir, force):
    """The host-only dump of sgemm_sm80.cu: every layout of the kernel, and one thread's partitions."""
    dump = sgemm_dump(dump_m, dump_n, dump_k, thread, tile, variant, type_)
    emit(dump, lang=lang, readings=not no_readings, fmt=fmt_, warp=warp, dump_latex=dump_latex, outdir=outdir,
         force=force, dump_layouts=dump_layouts)
