"""Tokens: one scan of an expression's text into (kind, text) pairs -- integer literals (and their values), names,
punctuation -- with the columns computed only when an error or a node asks for them."""

from __future__ import annotations

from cutedump.algebra.integer import INT_MAX, INT_MIN, C, wrap32
from cutedump.errors import CuteDumpError
from cutedump.limits import MAX_INT_DIGITS, check_int_digits

# one scan: whitespace, then a token: an int literal, a name, a punctuation mark, or any other character (an
# error); the matches tile the text (but for trailing whitespace). findall gives the tokens' texts; their columns
# are only needed for an error, so they are computed then (_columns), not for every expression.
# Integers are ASCII only (a full-width or other Unicode digit starts no token: an error, never a silent 8); a C++
# hexadecimal literal is one token. Names may be qualified (``cute::make_layout``, ``GMMA::Layout_K_SW128_Atom``).
# (The alternatives' order is for speed: most punctuation first; ':' and '-' come last as \S, after the integer and the
# name alternatives that may start with them.)
_TOKEN = (
    r"\s*([(),<>\[\]{}.+*/%]|_?-?[0-9]+(?:[xX][0-9A-Fa-f]+)?"
    r"|(?:::)?[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*|\S)"
)
_INT_TOKEN = r"_?-?[0-9]+(?:[xX][0-9A-Fa-f]+)?"
_NAME_TOKEN = r"(?:::)?[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*"
_COMPILED: dict = {}
_HEX = frozenset("0123456789abcdefABCDEF")


def _rx(pattern: str):
    """``re.compile(pattern)``, compiled on first use: most texts are scanned with str methods (:func:`_scan`), and
    a command that never needs a pattern does not import re."""
    p = _COMPILED.get(pattern)
    if p is None:
        import re  # start-up: re only when a text needs a pattern

        p = _COMPILED[pattern] = re.compile(pattern)
    return p


_PUNCT = "():,<>[]{}.+-*/%@"
_KINDS: dict = {p: "p" for p in _PUNCT}  # token text -> "int" | "name" | "p", learnt as met (bounded)


class Tok:
    __slots__ = ("kind", "text", "col")

    def __init__(self, kind, text, col):
        self.kind = kind
        self.text = text
        self.col = col


def _token_kind(tok: str) -> str | None:
    """The kind of a token of _TOKEN (the alternative that matched it); None for a character no token starts with."""
    if _rx(_INT_TOKEN).fullmatch(tok):
        return "int"
    if _rx(_NAME_TOKEN).fullmatch(tok):
        return "name"
    return "p" if len(tok) == 1 and tok in _PUNCT else None


def _scan(text: str):
    """-> (kinds, texts) of the tokens, ending with an ("end", "") token; a character that starts no token is an
    error at its column.

    First in short, with str methods: the text split at whitespace and around ``( ) , : < >``. No token of _TOKEN
    holds one of those characters but itself (``::`` of a qualified name aside: kept whole in its piece), and a
    token never spans whitespace, so _TOKEN's tokens are those of each piece on its own; and a piece that _TOKEN has
    already met as one whole token (in _KINDS) is that one token wherever it stands; a piece not met yet that is one
    whole int or name (:func:`_piece_kind`) is learnt. Any other piece (``8-2``, ``L.shape``: ``.`` is not split
    here) sends the whole text to the regex (re, imported then), which learns its tokens."""
    qualified = "::" in text
    if not qualified or "\x00" not in text:  # a qualified name's "::" kept whole (NUL stands for it meanwhile)
        t = text.replace("::", "\x00") if qualified else text
        texts = (
            t.replace("(", " ( ")
            .replace(")", " ) ")
            .replace(",", " , ")
            .replace(":", " : ")
            .replace("<", " < ")
            .replace(">", " > ")
            .split()
        )
        if qualified:
            texts = [p.replace("\x00", "::") for p in texts]
        kinds = list(map(_KINDS.get, texts))
        if None in kinds:
            kinds = _learn_pieces(texts, kinds)
        if kinds is not None:
            kinds.append("end")
            texts.append("")
            return kinds, texts
    texts = _rx(_TOKEN).findall(text)
    kinds = list(map(_KINDS.get, texts))
    if None in kinds:
        for i, k in enumerate(kinds):
            if k is None:
                k = kinds[i] = _token_kind(texts[i])
                if k is None:
                    ch = texts[i]
                    if ch.isnumeric():
                        raise CuteDumpError(
                            f"unexpected character {ch!r}: not an ASCII digit (integers are written with 0-9)",
                            text,
                            _columns(text)[i],
                        )
                    raise CuteDumpError(f"unexpected character {ch!r}", text, _columns(text)[i])
                if len(_KINDS) < 8192:
                    _KINDS[texts[i]] = k
    kinds.append("end")
    texts.append("")
    return kinds, texts


def _learn_pieces(texts: list, kinds: list) -> list | None:
    """``kinds`` with the kind of each piece not met yet (None) that is one whole int or name token (learnt into
    _KINDS); None if a piece is not (then the whole text takes the regex)."""
    for i, k in enumerate(kinds):
        if k is None:
            k = _piece_kind(texts[i])
            if k is None:
                return None
            kinds[i] = k
            if len(_KINDS) < 8192:
                _KINDS[texts[i]] = k
    return kinds


def _piece_kind(p: str) -> str | None:
    """ "int" if the piece ``p`` (no whitespace, none of ``( ) , : < >``) is one whole _INT_TOKEN, "name" if one
    whole _NAME_TOKEN (and not an int: _TOKEN tries the int first), else None -- with str methods, as _TOKEN reads
    it (tests/test_parse_scan.py compares them)."""
    if not p.isascii():
        return None
    if "::" in p:  # (::)?NAME(::NAME)*, unless an int starts it (_8::x is _8, then ::x)
        parts = p.split("::")
        if parts[0][:1] == "_" and parts[0][1:2].isdigit():
            return None
        names = parts[1:] if parts[0] == "" else parts
        return (
            "name"
            if all(q and (q[0].isalpha() or q[0] == "_") and q.replace("_", "a").isalnum() for q in names)
            else None
        )
    s = p[1:] if p[:1] == "_" else p
    if s[:1] == "-":
        s = s[1:]
    if s[:1].isdigit():  # _?-?[0-9]+(?:[xX][0-9A-Fa-f]+)?
        i, n = 1, len(s)
        while i < n and s[i].isdigit():
            i += 1
        if i == n or (s[i] in "xX" and i + 1 < n and all(c in _HEX for c in s[i + 1 :])):
            return "int"
        return None
    if (p[0].isalpha() or p[0] == "_") and p.replace("_", "a").isalnum():  # [A-Za-z_][A-Za-z0-9_]*
        return "name"
    return None


def _columns(text: str, texts: list | None = None) -> list[int]:
    """The column of every token of ``text``, then len(text) (the "end" token's). With ``texts``, the tokens'
    texts as _scan gives them (they tile ``text`` but for whitespace, _TOKEN's \\s*: str.isspace), found by
    walking the text; without, by the regex (a text that did not scan: an error's caret)."""
    if texts is None:
        cols = [m.start(1) for m in _rx(_TOKEN).finditer(text)]
    else:
        cols, pos = [], 0
        for t in texts:
            if t:
                while text[pos].isspace():
                    pos += 1
                cols.append(pos)
                pos += len(t)
    cols.append(len(text))
    return cols


class _Cols:
    """The token columns of one text, computed on first use (an error's caret, explain's positions)."""

    __slots__ = ("text", "texts", "cols")

    def __init__(self, text, texts=None):
        self.text = text
        self.texts = texts
        self.cols = None

    def __getitem__(self, i):
        cols = self.cols
        if cols is None:
            cols = self.cols = _columns(self.text, self.texts)
        return cols[i]


def tokenize(text: str) -> list[Tok]:
    kinds, texts = _scan(text)
    return [Tok(k, t, c) for k, t, c in zip(kinds, texts, _columns(text, texts))]


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
    if len(digits) > MAX_INT_DIGITS:  # limits: no C++ integer; refused before Python converts it
        check_int_digits(text, None, src.text if src is not None else None, src[pos] if src is not None else None)
    if "x" in digits or "X" in digits:
        if digits[0] != "0" or len(digits) < 3 or digits[1] not in "xX":  # 12x3: no C++ literal
            raise CuteDumpError(
                f"invalid integer literal {text}",
                src.text if src is not None else None,
                src[pos] if src is not None else None,
            )
    if len(digits) > 1 and digits[0] == "0":  # C++: 0x.. hexadecimal, 0.. octal; CuTe's print: neither
        where = (src.text, src[pos]) if src is not None else (None, None)
        if static:
            raise CuteDumpError(
                f"{text}: CuTe prints a static integer as _N in decimal without leading zeros "
                f"(in C++ spelling: Int<N>{{}})",
                *where,
            )
        if digits[1] in "xX":
            v = int(digits[2:], 16)
        elif digits.strip("01234567"):
            bad = digits.strip("01234567")[0]
            raise CuteDumpError(
                f'invalid digit "{bad}" in octal constant {text} (in C++ a leading 0 makes an integer octal)', *where
            )
        else:
            v = int(digits, 8)  # as C++ reads it: 016 is 14
        v = -v if neg else v
    else:
        v = int(text[1:]) if static else int(text)
    if not INT_MIN <= v <= INT_MAX:
        what = f" (CuTe's Int<{v}> wraps to _{wrap32(v)})" if static else ""
        raise CuteDumpError(
            f"integer {text} is beyond CuTe's int range {INT_MIN}..{INT_MAX}{what}",
            src.text if src is not None else None,
            src[pos] if src is not None else None,
        )
    v = C(v) if static else v
    if len(_INTS) < 4096:
        _INTS[text] = v
    return v


def top_level_split(text: str, opens: str = "<", closes: str = ">") -> list[str]:
    """``a,Array<b,8>,c`` -> ['a', 'Array<b,8>', 'c']: the pieces between the commas outside the brackets (``opens``
    and ``closes``: C++ template arguments by default), as written (not stripped; an empty piece kept)."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        depth += (ch in opens) - (ch in closes)
        cur += ch
    return [*out, cur]
