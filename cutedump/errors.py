"""One exception family for everything cutedump rejects.

Parsers raise it with the source text and column; the algebra raises it where CuTe would static_assert,
quoting CuTe's condition. The CLI catches it once, prints ``error: ...`` (plus a caret line for parse
errors) on stderr and exits with status 2.
"""
from __future__ import annotations


class CuteDumpError(Exception):
    def __init__(self, message: str, text: str | None = None, col: int | None = None):
        super().__init__(message)
        self.message = message
        self.text = text
        self.col = col

    def render(self) -> str:
        """The message as the CLI prints it: one line, plus the quoted text and a caret when known."""
        if self.text is not None and self.col is not None:
            return f"error: {self.message} at column {self.col + 1}\n  {self.text}\n  {' ' * self.col}^"
        return f"error: {self.message}"

    def one_line(self) -> str:
        if self.col is not None:
            return f"{self.message} at column {self.col + 1}"
        return self.message


def count_text(n: int) -> str:
    """A count as an error message says it: its digits when short, else its order of magnitude (Python will not
    print an integer of more than 4,300 digits)."""
    n = int(n)
    if n.bit_length() < 200:
        return str(n)
    return f"about 2^{n.bit_length() - 1}"


MAX_CELLS = 65536
MAX_FORCED_CELLS = 1 << 21   # with --force: about 10 s of printing (a million cells: 4 s and 21 MB on a busy core)


MAX_TV_PAIRS = 1 << 23   # (thread, value) pairs a picture walks to find each element's first holder


def check_pairs(pairs: int, force: bool, what: str = "picture") -> None:
    """Refuse pictures of TV layouts with more than MAX_TV_PAIRS (thread, value) pairs unless --force is given: the
    output is small, but the walk is not (a TiledMMA of 49,152 threads: 100 M pairs, 14 s, GBs of memory)."""
    if pairs > MAX_TV_PAIRS and not force:
        raise CuteDumpError(f"{what} walks {count_text(pairs)} (thread, value) pairs (more than {MAX_TV_PAIRS}); "
                            "pass --force to draw it anyway")


def check_size(cells: int, force: bool, what: str = "output") -> None:
    """Refuse outputs larger than MAX_CELLS cells unless --force is given; nothing is truncated silently."""
    if cells > MAX_CELLS and not force:
        raise CuteDumpError(f"{what} has {count_text(cells)} cells (more than {MAX_CELLS}); pass --force to print it "
                            "anyway")
    if cells > MAX_FORCED_CELLS:   # --force lifts the size limit, not the time and memory of one answer
        raise CuteDumpError(f"{what} has {count_text(cells)} cells: more than {MAX_FORCED_CELLS}, cutedump's limit "
                            "also with --force (the time and memory of one answer)")
