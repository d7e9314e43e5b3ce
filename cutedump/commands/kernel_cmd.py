"""``cutedump kernel FILE``: the host-only dump and bank audit of any kernel, from a TOML description
(cutedump/kernel/load.py; the format in its docstring, examples in cutedump/kernel/examples/). ``cutedump
sgemm-sm80`` is a front end over :func:`emit` with a shipped description."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors, lang_option, needs
from cutedump.errors import CuteDumpError
from cutedump.commands._answers import kernel_load, kernel_output, kernel_params_text
from cutedump.kernel.load import EXAMPLES
from cutedump.dumps.kernel_latex import write_latex

EPILOG = """\b
Examples:
  cutedump kernel sgemm_sm80_tn_half                          # a shipped description, by name
  cutedump kernel my_kernel.toml --thread 37 --lang en
  cutedump kernel sgemm_sm70_tn --set M=200 --set bK=_16 --warp 3
  cutedump kernel sm100_01_mma --params                       # the parameters, defaults and legal values
  cutedump kernel sgemm_2_nt --no-readings                    # exactly what the kernel's own prints show
  cutedump kernel sgemm_sm80_nt_float --format json
  cutedump kernel sgemm_sm80_tn_half --dump-latex --outdir ./tex
  cutedump kernel wgmma_sm90_nt --thread 5 --set bK=_32 --lang en   # Hopper: GMMA smem, wgmma descriptors
  cutedump kernel wgmma_tma_sm90_nt --set bK=_128 --set bP=_2 --lang en   # Hopper TMA: make_tma_atom, tma_partition
  cutedump kernel sm100_01_mma --thread 37 --set MmaN=64 --lang en  # Blackwell: UMMA descriptors, TMEM
  cutedump kernel sm100_03_mma_tma_multicast --set ClusterN=_2      # TMA multicast over a 4x2 cluster
  cat my_kernel.toml | cutedump kernel -                      # the description from standard input
\b
FILE is a TOML kernel description (see cutedump/kernel/load.py; '-' reads it from standard input) or the name of
a shipped one:
{shipped}.
The output: every object, then one thread's partitions (with '  # ...' readings), then one line per
shared-memory copy of [[smem_copies]] from the bank model of `cutedump bank`: instructions per warp, wavefronts,
ideal, conflicts (warp --warp and all warps), the vector width, and the swizzle that fixes a conflicting copy;
for SS wgmma operands, the k-block-0 GMMA descriptor and whether its layout type is the smem tile's swizzle;
for TMA copies (not thread copies: no bank counts), the swizzle mode against the GMMA layout type of the
descriptors that read the tile (UMMA's for the Blackwell kernels), and the bytes one stage moves. Blackwell
readings give the UMMA descriptor tensors' k-block-0 descriptor, the TMEM accumulator's lanes and columns and the
multicast masks' CTAs.
--no-readings prints only the objects and partitions (no readings, no bank audit).
"""


def emit(dump, *, lang: str, readings: bool, fmt: str, warp: int, dump_latex: bool, outdir, force: bool,
         dump_layouts: bool = True) -> None:
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


@click.command("kernel", epilog=EPILOG.format(shipped=", ".join(p.stem for p in sorted(EXAMPLES.glob("*.toml")))))
@click.argument("file")
@click.option("--thread", type=int, default=0, show_default=True, help="threadIdx.x of the partitions.")
@click.option("--warp", type=int, default=0, show_default=True, help="The warp whose instructions the bank audit "
              "counts (all warps are summed too).")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE",
              help="Override a [params] default, e.g. --set M=200 (dynamic) or --set bK=_16 (static).")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True)
@lang_option("Language of the reading lines and the bank audit.")
@click.option("--no-readings", is_flag=True, help="Only the objects and partitions: no '  # ...' readings, no "
              "bank audit.")
@click.option("--dump-latex", is_flag=True, help="Write print_latex files of the objects into --outdir.")
@click.option("--outdir", default=None, metavar="DIR", help="Directory for --dump-latex (created if missing).")
@click.option("--force", is_flag=True, help="Overwrite existing files with --dump-latex.")
@click.option("--params", "list_params", is_flag=True, help="List the description's [params]: defaults, what it "
              "says of them, and whether half and twice each default build.")
@handle_errors
def kernel_cmd(file, thread, warp, sets, fmt_, lang, no_readings, dump_latex, outdir, force, list_params):
    """The host-only dump and bank audit of a kernel, from a TOML description of its layout objects."""
    if list_params:
        if sets or dump_latex or no_readings:
            raise CuteDumpError("--params lists the parameters: it takes no --set, --dump-latex or --no-readings")
        click.echo(kernel_params_text(file, thread, fmt_), nl=False)
        return
    dump = kernel_load(file, thread, sets)
    emit(dump, lang=lang, readings=not no_readings, fmt=fmt_, warp=warp, dump_latex=dump_latex, outdir=outdir,
         force=force)
