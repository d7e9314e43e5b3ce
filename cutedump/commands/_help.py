"""The top-level help of ``cutedump`` as data (no click): ``cli.py`` builds its click group from it and from the
declared commands (cutedump/commands/declarations/: their names and summaries), and ``entry.py`` prints
``cutedump --help`` (and ``cutedump`` alone) from them without importing click (about 17 ms, more than the
interpreter's own start-up), laid out as click's HelpFormatter lays it out.
tests/test_entry.py compares the two pages byte for byte at several terminal widths."""

from __future__ import annotations

import os
import sys

#: the group's help (already in inspect.cleandoc form, as click shows it)
MAIN_HELP = """cutedump: CuTe layouts, computed and printed exactly as real CuTe (CUTLASS 4.2 or 4.7: --cutlass) does.

\b
Examples:
  cutedump layout "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
  cutedump eval "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))"
  cutedump tiled-copy-c --copy-v 2
  cutedump latex "(_4,_8):(_8,_1)" > out.tex"""
MAX_CONTENT_WIDTH = 110
HELP_OPTIONS = ["-h", "--help"]
#: the group's options as click lists them: --version (click.version_option), then the help option
CUTLASS_HELP = "Answer as CUTLASS 4.2.0 or 4.7.0 where they differ (default: $CUTEDUMP_CUTLASS, else 4.7)."
OPTION_ROWS = [
    ("--version", "Show the version and exit."),
    ("--cutlass [4.2|4.7]", CUTLASS_HELP),
    (", ".join(HELP_OPTIONS), "Show this message and exit."),
]


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
        text.expandtabs()
    )


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
    from cutedump.commands.declarations import SUMMARIES  # start-up: the command list for the help page only

    width = terminal_width() if width is None else width
    prefix = f"Usage: {prog} "  # click's HelpFormatter.write_usage
    args = "[OPTIONS] COMMAND [ARGS]..."
    if width >= len(prefix) + 20:
        usage = _fill(args, width, prefix, " " * len(prefix))
    else:
        pad = " " * (len("Usage: ") + 4)
        usage = prefix + "\n" + _fill(args, width, pad, pad)
    parts = [
        usage + "\n",
        "\n",
        _wrap(MAIN_HELP, width, "  ", paragraphs=True) + "\n",
        "\nOptions:\n",
        _dl(OPTION_ROWS, width, 2),
        "\nCommands:\n",
        _dl(list(SUMMARIES.items()), width, 2),
    ]
    return "".join(parts).rstrip("\n")
