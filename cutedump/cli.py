"""The cutedump command line: a list of thin click commands, each imported only when it is run.

Start-up stays fast because neither numpy nor rich, nor the command modules, are imported for ``--help``.
"""
from __future__ import annotations

import importlib
import sys

import click

from cutedump.commands._common import guard_io

# command name -> "module:attribute"; a module is imported only when its command runs (or its help is shown)
COMMANDS = {
    "eval": ("cutedump.commands.eval_cmd:eval_cmd", "Evaluate CuTe expressions and print results as CuTe's print does."),
    "layout": ("cutedump.commands.layout_cmd:layout_cmd", "Print a layout as CuTe's print_layout does."),
    "coords": ("cutedump.commands.tutorial_cmd:coords_cmd", "Coordinate tables: idx2crd / crd2idx for a shape (and stride)."),
    "compat": ("cutedump.commands.tutorial_cmd:compat_cmd", "Is shape A compatible with shape B, and why."),
    "atoms": ("cutedump.commands.atoms_cmd:atoms_cmd", "List the MMA and Copy atom catalogs."),
    "mma": ("cutedump.commands.mma_cmd:mma_cmd", "Print a TiledMMA and its A/B/C thread-value layouts."),
    "idesc": ("cutedump.commands.idesc_cmd:idesc_cmd", "Decode a UMMA (SM100) instruction descriptor and name its atoms."),
    "tmem": ("cutedump.commands.tmem_cmd:tmem_cmd", "A UMMA accumulator in tensor memory and its tcgen05.ld/st copy."),
    "copy": ("cutedump.commands.copy_cmd:copy_cmd", "Print a TiledCopy, its TV layouts and src2ref/dst2ref."),
    "tiled-copy-c": ("cutedump.commands.tiled_copy_c_cmd:tiled_copy_c_cmd", "The narrated make_tiled_copy_C_atom walk-through."),
    "explain": ("cutedump.commands.explain_cmd:explain_cmd", "CuTe's algorithms step by step: an algebra call, or partition shapes."),
    "sgemm-sm80": ("cutedump.commands.sgemm_cmd:sgemm_cmd", "Host-only dump of sgemm_sm80.cu: every layout, one thread's partitions."),
    "kernel": ("cutedump.commands.kernel_cmd:kernel_cmd", "Host-only dump and bank audit of any kernel, from a TOML description."),
    "golden": ("cutedump.commands.golden_cmd:golden_cmd", "Verify or update golden files against their commands."),
    "latex": ("cutedump.commands.latex_cmd:latex_cmd", "CuTe's print_latex (TikZ) of a layout, TV layout, MMA or copy."),
    "svg": ("cutedump.commands.svg_cmd:svg_cmd", "SVG pictures: CuTe's print_svg for MMAs, ours for the rest."),
    "html": ("cutedump.commands.html_cmd:html_cmd", "Interactive HTML page: hover tooltips, click a thread to highlight."),
    "tilelang": ("cutedump.commands.tilelang_cmd:tilelang_cmd",
                 "TileLang bank-swizzle layouts: Forward, OutputShape, replicate extent, CuTe view."),
    "ck": ("cutedump.commands.ck_cmd:ck_cmd",
           "Composable Kernel tensor descriptors: transform chains, offsets, XDL recipes, CuTe view."),
    "desc": ("cutedump.commands.desc_cmd:desc_cmd",
             "Decode a GMMA/UMMA smem descriptor: fields, the layout it describes, its core matrices."),
    "bank": ("cutedump.commands.bank_cmd:bank_cmd",
             "Shared-memory bank conflicts and vector width of a copy, and the swizzle that fixes them."),
    "tma": ("cutedump.commands.tma_cmd:tma_cmd", "SM90 TMA copies: print(tma), cuTensorMapEncodeTiled arguments, box."),
}


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return [n for n in COMMANDS if self._available(n)]

    @staticmethod
    def _available(name: str) -> bool:
        import importlib.util  # start-up: only the command list (--help) asks which modules exist
        mod = COMMANDS[name][0].split(":")[0]
        return importlib.util.find_spec(mod) is not None

    def get_command(self, ctx, name):
        if name not in COMMANDS:
            return None
        mod, attr = COMMANDS[name][0].split(":")
        try:
            module = importlib.import_module(mod)
        except ModuleNotFoundError as e:
            if e.name != mod:     # the module exists, something it imports does not: as before, that error
                raise
            return None
        return getattr(module, attr)

    def invoke(self, ctx):
        # a closed pipe exits quietly (141), Ctrl-C exits 130, neither with a traceback nor click's "Aborted!"
        return guard_io(lambda: super(LazyGroup, self).invoke(ctx))

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """click's main, with every usage error (missing argument, unknown option, bad choice, no such command)
        as one ``error: ...`` line on standard error and exit status 2 -- not click's four lines."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except click.UsageError as e:
            no_args = getattr(click.exceptions, "NoArgsIsHelpError", None)
            if no_args is not None and isinstance(e, no_args):   # `cutedump`, `cutedump ck`: the help, as asked
                click.echo(e.ctx.get_help() if e.ctx is not None else e.format_message())
                sys.exit(0)
            click.echo(usage_error_line(e), err=True)
            sys.exit(2)
        except click.ClickException as e:
            click.echo("error: " + " ".join(e.format_message().split("\n")).strip(), err=True)
            sys.exit(e.exit_code)
        except click.Abort:
            click.echo("", err=True)
            sys.exit(130)
        sys.exit(rv if isinstance(rv, int) and not isinstance(rv, bool) else 0)

    def format_commands(self, ctx, formatter):
        rows = [(n, COMMANDS[n][1]) for n in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def usage_error_line(e: click.UsageError) -> str:
    """One line: ``error: <click's message> (see '<command> --help')``."""
    msg = " ".join(line.strip() for line in e.format_message().splitlines() if line.strip())
    path = e.ctx.command_path if e.ctx is not None else "cutedump"
    return f"error: {msg} (see '{path} --help')"


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110})
@click.version_option(package_name="cutedump")
def main():
    """cutedump: CuTe layouts, computed and printed exactly as real CuTe (CUTLASS 4.2) does.

    \b
    Examples:
      cutedump layout "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
      cutedump eval "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))"
      cutedump tiled-copy-c --copy-v 2
      cutedump latex "(_4,_8):(_8,_1)" > out.tex
    """


if __name__ == "__main__":
    main()
