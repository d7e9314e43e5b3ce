"""The top-level command list and help of ``cutedump`` as data (no click): ``cli.py`` builds its click group from
it, and ``entry.py`` prints ``cutedump --help`` (and ``cutedump`` alone) from it without importing click (about
17 ms, more than the interpreter's own start-up), laid out as click's HelpFormatter lays it out.
tests/test_entry.py compares the two pages byte for byte at several terminal widths."""
from __future__ import annotations

import os
import sys

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
    "triton": ("cutedump.commands.triton_cmd:triton_cmd",
               "Triton layouts as linear layouts, Triton's views, and the CuTe layout that does the same."),
}

#: the group's help (already in inspect.cleandoc form, as click shows it)
MAIN_HELP = """cutedump: CuTe layouts, computed and printed exactly as real CuTe (CUTLASS 4.2) does.

\b
Examples:
  cutedump layout "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
  cutedump eval "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))"
  cutedump tiled-copy-c --copy-v 2
  cutedump latex "(_4,_8):(_8,_1)" > out.tex"""
MAX_CONTENT_WIDTH = 110
HELP_OPTIONS = ["-h", "--help"]
#: the group's options as click lists them: --version (click.version_option), then the help option
OPTION_ROWS = [("--version", "Show the version and exit."), (", ".join(HELP_OPTIONS), "Show this message and exit.")]


def terminal_width() -> int:
    """click's help width: max(min(shutil.get_terminal_size().columns, max_content_width) - 2, 50)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
        except (AttributeError, ValueError, OSError):
            columns = 80
    return max(min(columns, MAX_CONTENT_WIDTH) - 2, 50)


def _fill(text: str, width: int, first: str, rest: str) -> str:
    from textwrap import TextWrapper  # start-up: only the help page wraps text
    return TextWrapper(width, initial_indent=first, subsequent_indent=rest, replace_whitespace=False).fill(
        text.expandtabs())


def _wrap(text: str, width: int, indent: str = "", paragraphs: bool = False) -> str:
    """click.formatting.wrap_text for plain text: paragraphs split at blank lines, a paragraph opened by a ``\\b``
    line kept as written (indented only)."""
    from textwrap import TextWrapper  # start-up: only the help page wraps text
    w = TextWrapper(width, initial_indent=indent, subsequent_indent=indent, replace_whitespace=False)
    if not paragraphs:
        return w.fill(text.expandtabs())
    pars, buf, ind = [], [], None
    for line in text.expandtabs().splitlines() + [""]:
        if line:
            if ind is None:
                ind = len(line) - len(line.lstrip())
                line = line.lstrip()
            buf.append(line)
            continue
        if buf:
            raw = buf[0].strip() == "\b"
            pars.append((ind or 0, raw, "\n".join(buf[1:]) if raw else " ".join(buf)))
        buf, ind = [], None
    out = []
    for n, raw, par in pars:
        pad = indent + " " * n
        if raw:
            out.append("\n".join(pad + line for line in par.splitlines()))
        else:
            w.initial_indent = w.subsequent_indent = pad
            out.append(w.fill(par))
    return "\n\n".join(out)


def _dl(rows, width: int, indent: int, col_max: int = 30, col_spacing: int = 2) -> str:
    """click's HelpFormatter.write_dl."""
    first_col = min(max(len(a) for a, _ in rows), col_max) + col_spacing
    out = []
    for first, second in rows:
        out.append(" " * indent + first)
        if len(first) <= first_col - col_spacing:
            out.append(" " * (first_col - len(first)))
        else:
            out.append("\n" + " " * (first_col + indent))
        lines = _wrap(second, max(width - first_col - 2, 10), paragraphs=True).splitlines()
        out.append(lines[0] + "\n")
        out.extend(" " * (first_col + indent) + line + "\n" for line in lines[1:])
    return "".join(out)


def top_help(prog: str, width: int | None = None) -> str:
    """``cutedump --help`` as click prints it (without the final newline click.echo adds)."""
    width = terminal_width() if width is None else width
    prefix = f"Usage: {prog} "      # click's HelpFormatter.write_usage
    args = "[OPTIONS] COMMAND [ARGS]..."
    if width >= len(prefix) + 20:
        usage = _fill(args, width, prefix, " " * len(prefix))
    else:
        pad = " " * (len("Usage: ") + 4)
        usage = prefix + "\n" + _fill(args, width, pad, pad)
    parts = [usage + "\n", "\n", _wrap(MAIN_HELP, width, "  ", paragraphs=True) + "\n",
             "\nOptions:\n", _dl(OPTION_ROWS, width, 2),
             "\nCommands:\n", _dl([(n, h) for n, (_, h) in COMMANDS.items()], width, 2)]
    return "".join(parts).rstrip("\n")
