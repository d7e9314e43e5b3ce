"""The bounds on input, stated once and checked where input enters, before any work is done.

Every limit here is far above any real CuTe layout, kernel or atom; each refusal is one CuteDumpError naming what was
given (the option or argument) and the limit, so the command line prints one ``error:`` line and exits 2. ``--force``
lifts output-size limits only (errors.check_size, errors.check_pairs), never these: they guard time and memory.

* an integer is a C++ integer: at most 64 bits, so at most :data:`MAX_INT_DIGITS` digits (CuTe's own ints are 32-bit
  ``int``; the parser refuses those beyond int's range with its own message; here only what cannot be any C++
  integer literal at all is refused, before Python converts it);
* one argument nests brackets at most :data:`MAX_DEPTH` deep and lists at most :data:`MAX_MODES` items (modes, call
  arguments) in all: the parser does not recurse 100,000 deep, nor take seconds over a 100,000-item tuple;
* a TMA's global tensor has at most :data:`MAX_TMA_MODES` modes (cuTensorMapEncodeTiled takes rank <= 5; the modes of
  the gmem layout each get a basis stride whose size grows with its index);
* lists of integers (CK --lengths, TileLang --shape) have at most :data:`MAX_DIMS` entries; an atoms name pattern at
  most :data:`MAX_PATTERN` characters;
* work before enumeration: :func:`check_work` (a bank audit's smem tile, :data:`MAX_SMEM_ELEMENTS`, which bounds
  kernel ``--set`` values through the layouts they make; a fragment's smem descriptors, :data:`MAX_DESCRIPTORS`;
  a TileLang plane, :data:`MAX_TILELANG_PLANE`; CK's check with --force, :data:`MAX_WORK`) and :func:`check_memory`
  (bytes the arrays of one answer take, said as "needs about N GB", with or without --force: pictures, TileLang's
  whole domain).

With --force an output (errors.check_size) still has at most errors.MAX_FORCED_CELLS cells. Past these bounds,
commands/_common.handle_errors says a MemoryError, an OSError of a path, a NUL in a file name and Python's 4,300-digit
integer limit in one line each: never "internal error".
"""

from __future__ import annotations

from cutedump import errors
from cutedump.errors import CuteDumpError, count_text

#: decimal digits of the longest C++ integer literal (2^64 - 1 has 20); hexadecimal: 16 digits after 0x
MAX_INT_DIGITS = 20
MAX_HEX_DIGITS = 16
#: brackets ( < { [ nested in one argument
MAX_DEPTH = 64
#: items (modes, arguments: commas) in one argument
MAX_MODES = 4096
#: modes of a TMA's gmem layout
MAX_TMA_MODES = 64
#: dimensions of a list of integers: a CK descriptor's --lengths, --strides, an index, a TileLang --shape (real: <= 8)
MAX_DIMS = 64
#: points of a TileLang swizzle's (stride x continuous) plane, evaluated point by point (a real shared buffer's plane
#: is at most 228 KB of elements: 233,472 at 8 bits)
MAX_TILELANG_PLANE = 1 << 19
#: characters of a name pattern (atoms PATTERN; a catalog name has under 100)
MAX_PATTERN = 256
#: atoms of a TiledMMA (its atom layout's size): a CTA has at most 1024 threads, an atom at least one
MAX_ATOMS = 1024
#: elements (or loop iterations) a model enumerates for one answer
MAX_WORK = 1 << 26
#: elements of one shared-memory tile a bank audit walks, thread by thread: shared memory holds at most 228 KB
#: (233,472 bytes a CTA on SM90 and SM100); 2^21 elements is 9 times that at 8 bits
MAX_SMEM_ELEMENTS = 1 << 21
#: smem descriptors one fragment enumerates (a real one: k-blocks x pipeline stages, tens to hundreds)
MAX_DESCRIPTORS = 1 << 16
#: bytes one answer's arrays may take (with or without --force)
MAX_BYTES = 1 << 30
#: bytes a picture needs per cell (its panels, JSON objects and text: 0.5 KB measured for an MMA's --format json)
#: and per (thread, value) pair walked (first_holders: the coordinate arrays, their keys, np.unique's sort)
PICTURE_BYTES_PER_CELL = 1024
PICTURE_BYTES_PER_PAIR = 64


def _named(what: str | None, msg: str) -> str:
    return f"{what}: {msg}" if what else msg


def check_int_digits(text: str, what: str | None = None, src: str | None = None, col: int | None = None) -> None:
    """Refuse an integer literal (``12``, ``_12``, ``-12``, ``0x1f``) with more digits than any C++ integer literal
    holds, before it is converted: ``text`` is the token."""
    digits = text.lstrip("_").lstrip("-")
    hexa = digits[:2] in ("0x", "0X")
    n = len(digits) - 2 if hexa else len(digits)
    limit = MAX_HEX_DIGITS if hexa else MAX_INT_DIGITS
    if n > limit:
        raise CuteDumpError(
            _named(
                what,
                f"an integer of {n} {'hexadecimal ' if hexa else ''}digits ({text[:12]}...) "
                f"cannot be a C++ integer (at most {limit} digits, 64 bits)",
            ),
            src,
            col,
        )


def check_text(text: str, what: str | None = None) -> None:
    """One argument's nesting depth and item count; cheap: short texts cannot exceed either."""
    if len(text) <= MAX_DEPTH:
        return
    if text.count(",") >= MAX_MODES:
        raise CuteDumpError(
            _named(
                what,
                f"{text.count(',') + 1} items (modes, arguments) in one input: more than "
                f"{MAX_MODES}, cutedump's limit (far above any real layout)",
            )
        )
    depth = 0
    for i, ch in enumerate(text):
        if ch in "(<{[":
            depth += 1
            if depth > MAX_DEPTH:
                raise CuteDumpError(
                    _named(
                        what,
                        f"brackets nested more than {MAX_DEPTH} deep, cutedump's limit (far above any real layout)",
                    ),
                    text if len(text) < 200 else None,
                    i if len(text) < 200 else None,
                )
        elif ch in ")>}]":
            depth -= 1


def check_modes(n: int, what: str, limit: int = MAX_MODES) -> None:
    if n > limit:
        raise CuteDumpError(_named(what, f"{n} modes: more than {limit}, cutedump's limit (far above any real layout)"))


def check_work(n: int, what: str, limit: int = MAX_WORK, unit: str = "elements") -> None:
    """Refuse a model that would enumerate ``n`` elements (or loop ``n`` times) for one answer."""
    if n > limit:
        raise CuteDumpError(
            _named(
                what,
                f"{count_text(n)} {unit}: more than {limit}, cutedump's limit for one "
                "answer (far above any real kernel)",
            )
        )


def check_memory(nbytes: int, what: str, limit: int = MAX_BYTES) -> None:
    """Refuse an array of ``nbytes`` bytes beyond ``limit`` (also with --force): "needs about N GB"."""
    if nbytes > limit:
        raise CuteDumpError(
            _named(
                what,
                f"needs {_about(gigabytes(nbytes))} GB of memory (more than {limit / 2**30:g} GB, cutedump's limit)",
            )
        )


def _about(n: str) -> str:
    return n if n.startswith("about") else "about " + n


def gigabytes(nbytes: int) -> str:
    if nbytes.bit_length() > 100:
        return count_text(nbytes >> 30)
    gb = nbytes / 2**30
    return f"{gb:.1f}" if gb < 10 else f"{gb:.0f}"


def check_picture_size(cells: int, force: bool, what: str = "picture") -> None:
    """errors.check_size for a picture, and with --force its memory: about PICTURE_BYTES_PER_CELL bytes a cell."""
    if not force:
        errors.check_size(cells, force, what)  # "pass --force"
    check_memory(cells * PICTURE_BYTES_PER_CELL, what)  # "needs about N GB", with --force too
    errors.check_size(cells, force, what)


def check_picture_pairs(pairs: int, force: bool, what: str = "picture") -> None:
    """errors.check_pairs, and with --force the walk's memory: about PICTURE_BYTES_PER_PAIR bytes a pair."""
    errors.check_pairs(pairs, force, what)
    check_memory(pairs * PICTURE_BYTES_PER_PAIR, what)
