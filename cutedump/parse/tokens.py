"""Tokens: one scan of an expression's text into (kind, text) pairs -- integer literals (and their values), names,
punctuation -- with the columns computed only when an error or a node asks for them."""
from __future__ import annotations

from cutedump import _regex
from cutedump.errors import CuteDumpError
from cutedump.algebra.integer import C, INT_MAX, INT_MIN, wrap32

# one scan: whitespace, then a token: an int literal, a name, a punctuation mark, or any other character (an
# error); the matches tile the text (but for trailing whitespace). findall gives the tokens' texts; their columns
# are only needed for an error, so they are computed then (_columns), not for every expression.
# Integers are ASCII only (a full-width or other Unicode digit starts no token: an error, never a silent 8); a C++
# hexadecimal literal is one token. Names may be qualified (``cute::make_layout``, ``GMMA::Layout_K_SW128_Atom``).
# (The alternatives' order is for speed: most punctuation first; ':' and '-' come last as \S, after the integer and the
# name alternatives that may start with them.)
_TOKEN = _regex.compile(r"\s*([(),<>\[\]{}.+*/%]|_?-?[0-9]+(?:[xX][0-9A-Fa-f]+)?"
                         r"|(?:::)?[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*|\S)")
_INT_TOKEN = _regex.compile(r"_?-?[0-9]+(?:[xX][0-9A-Fa-f]+)?")
_NAME_TOKEN = _regex.compile(r"(?:::)?[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*")
_PUNCT = "():,<>[]{}.+-*/%@"
_KINDS: dict = {p: "p" for p in _PUNCT}   # token text -> "int" | "name" | "p", learnt as met (bounded)


class Tok:
    __slots__ = ('kind', 'text', 'col')

    def __init__(self, kind, text, col):
        self.kind = kind
        self.text = text
        self.col = col


def _token_kind(tok: str) -> str | None:
    """The kind of a token of _TOKEN (the alternative that matched it); None for a character no token starts with."""
    if _INT_TOKEN.fullmatch(tok):
        return "int"
    if _NAME_TOKEN.fullmatch(tok):
        return "name"
    return "p" if len(tok) == 1 and tok in _PUNCT else None


def _scan(text: str):
    """-> (kinds, texts) of the tokens, ending with an ("end", "") token; a character that starts no token is an
    error at its column.

    First in short, with str methods: the text split at whitespace and around ``( ) , : < >``. No token of _TOKEN
    holds one of those characters but itself (``::`` of a qualified name aside: such a text takes the regex), and a
    token never spans whitespace, so _TOKEN's tokens are those of each piece on its own; and a piece that _TOKEN has
    already met as one whole token (in _KINDS) is that one token wherever it stands. A piece not met yet (``8-2``,
    ``select<0>`` pieces are met, ``L.shape`` is not: ``.`` is not split here) sends the whole text to the regex,
    which learns its tokens."""
    if "::" not in text:
        texts = text.replace("(", " ( ").replace(")", " ) ").replace(",", " , ").replace(":", " : ").replace(
            "<", " < ").replace(">", " > ").split()
        kinds = list(map(_KINDS.get, texts))
        if None not in kinds:
            kinds.append("end")
            texts.append("")
            return kinds, texts
    texts = _TOKEN.findall(text)
    kinds = list(map(_KINDS.get, texts))
    if None in kinds:
        for i, k in enumerate(kinds):
            if k is None:
                k = kinds[i] = _token_kind(texts[i])
                if k is None:
                    ch = texts[i]
                    if ch.isnumeric():
                        raise CuteDumpError(f"unexpected character {ch!r}: not an ASCII digit (integers are written "
                                            f"with 0-9)", text, _columns(text)[i])
                    raise CuteDumpError(f"unexpected character {ch!r}", text, _columns(text)[i])
                if len(_KINDS) < 8192:
                    _KINDS[texts[i]] = k
    kinds.append("end")
    texts.append("")
    return kinds, texts


def _columns(text: str) -> list[int]:
    """The column of every token of ``text``, then len(text) (the "end" token's)."""
    cols = [m.start(1) for m in _TOKEN.finditer(text)]
    cols.append(len(text))
    return cols


class _Cols:
    """The token columns of one text, computed on first use (an error's caret, explain's positions)."""

    __slots__ = ("text", "cols")

    def __init__(self, text):
        self.text = text
        self.cols = None

    def __getitem__(self, i):
        cols = self.cols
        if cols is None:
            cols = self.cols = _columns(self.text)
        return cols[i]


def tokenize(text: str) -> list[Tok]:
    kinds, texts = _scan(text)
    return [Tok(k, t, c) for k, t, c in zip(kinds, texts, _columns(text))]


_INTS: dict = {}


def _int_value(text: str, src: _Cols | None = None, pos: int = 0):
    """A static (``_8``) or dynamic (``8``) integer literal; both are C++ ``int`` in CuTe (``Int<N>`` is ``C<int>``).
    Out of int's range: an error at token ``pos`` of ``src``."""
    v = _INTS.get(text)
    if v is not None:
        return v
    static = text[0] == "_"
    digits = text[1:] if static else text
    neg = digits[0] == "-"
    if neg:
        digits = digits[1:]
    if "x" in digits or "X" in digits:
        if digits[0] != "0" or len(digits) < 3 or digits[1] not in "xX":   # 12x3: no C++ literal
            raise CuteDumpError(f"invalid integer literal {text}", src.text if src is not None else None,
                                src[pos] if src is not None else None)
    if len(digits) > 1 and digits[0] == "0":   # C++: 0x.. hexadecimal, 0.. octal; CuTe's print: neither
        where = (src.text, src[pos]) if src is not None else (None, None)
        if static:
            raise CuteDumpError(f"{text}: CuTe prints a static integer as _N in decimal without leading zeros "
                                f"(in C++ spelling: Int<N>{{}})", *where)
        if digits[1] in "xX":
            v = int(digits[2:], 16)
        elif digits.strip("01234567"):
            bad = digits.strip("01234567")[0]
            raise CuteDumpError(f"invalid digit \"{bad}\" in octal constant {text} (in C++ a leading 0 makes an "
                                f"integer octal)", *where)
        else:
            v = int(digits, 8)   # as C++ reads it: 016 is 14
        v = -v if neg else v
    else:
        v = int(text[1:]) if static else int(text)
    if not INT_MIN <= v <= INT_MAX:
        what = f" (CuTe's Int<{v}> wraps to _{wrap32(v)})" if static else ""
        raise CuteDumpError(f"integer {text} is beyond CuTe's int range {INT_MIN}..{INT_MAX}{what}",
                            src.text if src is not None else None, src[pos] if src is not None else None)
    v = C(v) if static else v
    if len(_INTS) < 4096:
        _INTS[text] = v
    return v
