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
MAX_FORCED_CELLS = 1 << 21  # with --force: about 10 s of printing (a million cells: 4 s and 21 MB on a busy core)


MAX_TV_PAIRS = 1 << 23  # (thread, value) pairs a picture walks to find each element's first holder


def check_pairs(pairs: int, force: bool, what: str = "picture") -> None:
    """Refuse pictures of TV layouts with more than MAX_TV_PAIRS (thread, value) pairs unless --force is given: the
    output is small, but the walk is not (a TiledMMA of 49,152 threads: 100 M pairs, 14 s, GBs of memory)."""
    if pairs > MAX_TV_PAIRS and not force:
        raise CuteDumpError(
            f"{what} walks {count_text(pairs)} (thread, value) pairs (more than {MAX_TV_PAIRS}); "
            "pass --force to draw it anyway"
        )


def check_size(cells: int, force: bool, what: str = "output") -> None:
    """Refuse outputs larger than MAX_CELLS cells unless --force is given; nothing is truncated silently."""
    if cells > MAX_CELLS and not force:
        raise CuteDumpError(
            f"{what} has {count_text(cells)} cells (more than {MAX_CELLS}); pass --force to print it anyway"
        )
    if cells > MAX_FORCED_CELLS:  # --force lifts the size limit, not the time and memory of one answer
        raise CuteDumpError(
            f"{what} has {count_text(cells)} cells: more than {MAX_FORCED_CELLS}, cutedump's limit "
            "also with --force (the time and memory of one answer)"
        )


_WARNINGS: list = []  # the warnings of the answer being computed, printed once it succeeded (commands/_common.py)


def warn(message: str) -> None:
    """A hazard that is not an error: one ``warning: ...`` line on standard error, written by the command once its
    answer is printed (never mixed into the answer; an answer that fails prints its error alone)."""
    if message not in _WARNINGS:
        _WARNINGS.append(message)


def note(message: str) -> None:
    """A fact about how the answer reads (not a hazard): one ``note: ...`` line on standard error, written as
    :func:`warn`'s lines are."""
    if ("note", message) not in _WARNINGS:
        _WARNINGS.append(("note", message))


def take_warnings() -> list:
    """The warnings (and notes) collected since the last call (each ``warning: ...``, ``note: ...``), and forget
    them."""
    out = [f"note: {m[1]}" if isinstance(m, tuple) else f"warning: {m}" for m in _WARNINGS]
    _WARNINGS.clear()
    return out


BIG_OUTPUT = 4 << 20  # bytes: an answer larger than this says so on standard error


def note_size(text: str, what: str = "output") -> str:
    """``text``, after one warning when it is larger than BIG_OUTPUT (a few MB: an SVG of a large UMMA)."""
    n = len(text.encode("utf-8")) if len(text) * 4 > BIG_OUTPUT else len(text)
    if n > BIG_OUTPUT:
        warn(f"the {what} is {n / (1 << 20):.1f} MB ({n} bytes)")
    return text
