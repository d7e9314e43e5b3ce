"""``cutedump kernel``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt

_EPILOG_KERNEL = """\b
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


def _kernel_epilog() -> str:
    """kernel's epilog, with the names of the shipped descriptions."""
    from cutedump.kernel.load import EXAMPLES  # start-up: only the help page lists them

    return _EPILOG_KERNEL.format(shipped=", ".join(p.stem for p in sorted(EXAMPLES.glob("*.toml"))))


COMMAND = Command(
    "kernel",
    run="cutedump.commands.kernel_cmd:kernel_cmd",
    fast="cutedump.commands._answers:kernel_text",
    fixed={"given_": None},
    help="The host-only dump and bank audit of a kernel, from a TOML description of its layout objects.",
    epilog=_kernel_epilog,
    params=[
        Arg("file"),
        Opt("--thread", "thread", int, default=0, show_default=True, help="threadIdx.x of the partitions."),
        Opt(
            "--warp",
            "warp",
            int,
            default=0,
            show_default=True,
            help="The warp whose instructions the bank audit counts (all warps are summed too).",
        ),
        Opt(
            "--set",
            "sets",
            multiple=True,
            metavar="NAME=VALUE",
            help="Override a [params] default, e.g. --set M=200 (dynamic) or --set bK=_16 (static).",
        ),
        Opt("--format", "fmt_", ("text", "json"), default="text", show_default=True),
        Opt(
            "--lang",
            "lang",
            ("zh", "en"),
            default=None,
            show_default="the description's [kernel] lang, else zh",
            envvar="CUTEDUMP_LANG",
            show_envvar=True,
            help="Language of the reading lines and the bank audit.",
        ),
        Opt("--no-readings", flag=True, help="Only the objects and partitions: no '  # ...' readings, no bank audit."),
        Opt("--dump-latex", flag=True, help="Write print_latex files of the objects into --outdir.", fast=False),
        Opt("--outdir", metavar="DIR", help="Directory for --dump-latex (created if missing).", fast=False),
        Opt("--force", flag=True, help="Overwrite existing files with --dump-latex.", fast=False),
        Opt(
            "--params",
            "list_params",
            flag=True,
            fast=False,
            help="List the description's [params]: defaults, "
            "what it says of them, and whether half and twice each default build.",
        ),
    ],
)
