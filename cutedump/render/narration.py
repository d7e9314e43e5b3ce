"""Terminal view of narrated dumps: the same characters as the plain output, with colour on a TTY.

The plain bytes (what CuTe-style recordings contain) are always the source; this view only adds styles per line,
so piping, ``--plain`` or ``NO_COLOR`` give exactly the recorded text.
"""

from __future__ import annotations

import os
import sys


def use_color(plain: bool) -> bool:
    return sys.stdout.isatty() and not plain and not os.environ.get("NO_COLOR")


def _style(line: str) -> str | None:
    s = line.strip()
    if not s:
        return None
    if s.startswith("【"):
        return "bold cyan"
    if set(s) <= {"="} or set(s) <= {"-"}:
        return "dim"
    if s.startswith("--- ") and s.endswith(" ---"):
        return "bold magenta"
    if s.startswith("+") or s.startswith("|") or (s[0].isdigit() and "|" in s):
        return None
    if ":" in s and ("(" in s or "_" in s):
        return "green"
    return None


def echo_text(text: str, plain: bool = False) -> None:
    """Write text; on a colour terminal style headings, rules and layout lines with rich."""
    if not use_color(plain):
        sys.stdout.write(text)
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False, soft_wrap=True)
    for line in text.split("\n")[:-1] if text.endswith("\n") else text.split("\n"):
        st = _style(line)
        console.print(Text(line, style=st or ""))
