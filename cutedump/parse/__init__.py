"""Strings -> objects: CuTe's printed syntax, plus the call syntax of ``cutedump eval``.

Accepted literals are exactly what CuTe's ``print`` emits (whitespace allowed anywhere):
``_8`` (static), ``8`` (dynamic), ``(_4,(8,_2))`` int tuples, ``shape:stride`` layouts, tilers such as
``(_8:_1,(_4,_2):(_2,_1))``, ``_`` (underscore), ``Sw<3,3,3>`` swizzles and composed layouts
``Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))``. Expressions add calls ``name<targs>(args)`` and
evaluation ``L(17)``. Every error is a :class:`CuteDumpError` carrying the text and column.

C++ spelling (what kernels write) reads too: ``Int<8>{}``, ``C<8>{}``, ``_8{}`` (CuTe's aliases only), ``_8()``,
types ``Shape<_8,int>{}``, ``Layout<Shape<_8,_4>[,Stride<...>]>{}``, ``Swizzle<B,M,S>{}``, ``ComposedLayout<...>{}``
(built here, at parse time: :func:`build_type`), tags ``LayoutRight{}`` (a bare-name Call), ``cute::`` anywhere,
Layout members ``L.shape<1>()``/``.compose(...)``/``.tile(...)`` (Calls of the free functions), integer arithmetic
(:class:`BinOp`), and other qualified names (:class:`Named`, looked up by the eval language). Integer literals are
ASCII only and read as C++ reads them (``016`` octal, ``0x10`` hex; ``08`` and ``_08`` are refused).
"""
from __future__ import annotations


from cutedump.errors import CuteDumpError
from cutedump.algebra.basis import ScaledBasis, is_stride_tuple
from cutedump.algebra import inttuple as it
from cutedump.algebra.integer import C, INT_MAX, INT_MIN, wrap32
from cutedump.algebra.inttuple import UNDERSCORE, is_int_tuple
from cutedump.algebra.layout import Layout, make_layout, _mk
from cutedump.algebra.swizzle import ComposedLayout, Swizzle, make_composed_layout

# one scan: whitespace, then a token: an int literal, a name, a punctuation mark, or any other character (an
# error); the matches tile the text (but for trailing whitespace). findall gives the tokens' texts; their columns
# are only needed for an error, so they are computed then (_columns), not for every expression.
# Integers are ASCII only (a full-width or other Unicode digit starts no token: an error, never a silent 8); a C++
# hexadecimal literal is one token. Names may be qualified (``cute::make_layout``, ``GMMA::Layout_K_SW128_Atom``).
# (The alternatives' order is for speed: most punctuation first; ':' and '-' come last as \S, after the integer and the
# name alternatives that may start with them.)
_TOKEN = (r"\s*([(),<>\[\]{}.+*/%]|_?-?[0-9]+(?:[xX][0-9A-Fa-f]+)?"
          r"|(?:::)?[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*|\S)")
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
_KINDS: dict = {p: "p" for p in _PUNCT}   # token text -> "int" | "name" | "p", learnt as met (bounded)

#: functions outside ``cute::`` that the eval language calls (not NAMED objects): UMMA::tile_to_mma_shape(atom, shape)
QUALIFIED_CALLS = frozenset({"UMMA::tile_to_mma_shape"})


class Tok:
    __slots__ = ('kind', 'text', 'col')

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
    if not qualified or "\x00" not in text:   # a qualified name's "::" kept whole (NUL stands for it meanwhile)
        t = text.replace("::", "\x00") if qualified else text
        texts = t.replace("(", " ( ").replace(")", " ) ").replace(",", " , ").replace(":", " : ").replace(
            "<", " < ").replace(">", " > ").split()
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
                        raise CuteDumpError(f"unexpected character {ch!r}: not an ASCII digit (integers are written "
                                            f"with 0-9)", text, _columns(text)[i])
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
    """"int" if the piece ``p`` (no whitespace, none of ``( ) , < >``, no ``:`` but in ``::``) is one whole _INT_TOKEN, "name" if one
    whole _NAME_TOKEN (and not an int: _TOKEN tries the int first), else None -- with str methods, as _TOKEN reads
    it (tests/test_parse_scan.py compares them)."""
    if not p.isascii():
        return None
    if "::" in p:   # (::)?NAME(::NAME)*, unless an int starts it (_8::x is _8, then ::x)
        parts = p.split("::")
        if parts[0][:1] == "_" and parts[0][1:2].isdigit():
            return None
        names = parts[1:] if parts[0] == "" else parts
        return "name" if all(q and (q[0].isalpha() or q[0] == "_") and q.replace("_", "a").isalnum()
                             for q in names) else None
    s = p[1:] if p[:1] == "_" else p
    if s[:1] == "-":
        s = s[1:]
    if s[:1].isdigit():                      # _?-?[0-9]+(?:[xX][0-9A-Fa-f]+)?
        i, n = 1, len(s)
        while i < n and s[i].isdigit():
            i += 1
        if i == n or (s[i] in "xX" and i + 1 < n and all(c in _HEX for c in s[i + 1:])):
            return "int"
        return None
    if (p[0].isalpha() or p[0] == "_") and p.replace("_", "a").isalnum():   # [A-Za-z_][A-Za-z0-9_]*
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


# ---- AST -----------------------------------------------------------------------------------------
# A node keeps the index of its first token (pos) and its text's _Cols (src); its column is looked up when asked.

def _node_col(node) -> int:
    return node.src[node.pos]


class Lit:
    __slots__ = ('value', 'pos', 'src')
    col = property(_node_col)

    def __init__(self, value, pos, src):
        self.value = value
        self.pos = pos
        self.src = src


class Tuple_:
    __slots__ = ('items', 'pos', 'src')
    col = property(_node_col)

    def __init__(self, items, pos, src):
        self.items = items
        self.pos = pos
        self.src = src


class LayoutLit:
    __slots__ = ('shape', 'stride', 'pos', 'stride_pos', 'src')
    col = property(_node_col)
    stride_col = property(lambda self: self.src[self.stride_pos])

    def __init__(self, shape, stride, pos, stride_pos, src):
        self.shape = shape
        self.stride = stride
        self.pos = pos
        self.stride_pos = stride_pos
        self.src = src


class Call:
    __slots__ = ('name', 'targs', 'args', 'pos', 'src')
    col = property(_node_col)

    def __init__(self, name, targs, args, pos, src):
        self.name = name
        self.targs = targs
        self.args = args
        self.pos = pos
        self.src = src


class Apply:
    __slots__ = ('fn', 'args', 'pos', 'src')
    col = property(_node_col)

    def __init__(self, fn, args, pos, src):
        self.fn = fn
        self.args = args
        self.pos = pos
        self.src = src


class SwizzleLit:
    __slots__ = ('b', 'm', 's', 'pos', 'src')
    col = property(_node_col)

    def __init__(self, b, m, s, pos, src):
        self.b = b
        self.m = m
        self.s = s
        self.pos = pos
        self.src = src


class ComposedLit:
    __slots__ = ('sw', 'offset', 'layout', 'pos', 'src')
    col = property(_node_col)

    def __init__(self, sw, offset, layout, pos, src):
        self.sw = sw
        self.offset = offset
        self.layout = layout
        self.pos = pos
        self.src = src


class BinOp:
    """C++ integer arithmetic: ``op`` is one of + - * / % (or "neg", unary minus, with right None)."""
    __slots__ = ('op', 'left', 'right', 'pos', 'src')
    col = property(_node_col)

    def __init__(self, op, left, right, pos, src):
        self.op = op
        self.left = left
        self.right = right
        self.pos = pos
        self.src = src


#: binary operators -> precedence
_OPS = {"+": 1, "-": 1, "*": 2, "/": 2, "%": 2}


class Named:
    """A qualified name outside ``cute::`` with optional template arguments, e.g. ``GMMA::Layout_K_SW128_Atom<half_t>``
    or ``GMMA::Major::K``: evaluated by the eval language's table of named objects (:data:`cutedump.expr.NAMED`)."""
    __slots__ = ('name', 'targs', 'pos', 'src')
    col = property(_node_col)

    def __init__(self, name, targs, pos, src):
        self.name = name
        self.targs = targs
        self.pos = pos
        self.src = src


class TypeArg:
    """A C++ type named in a template argument list or value-initialized (``Shape<_8,int>``, ``Int<8>``): its name
    (without ``cute::``), template arguments and token index. :func:`build_type` makes its value."""
    __slots__ = ('name', 'targs', 'pos')

    def __init__(self, name, targs, pos):
        self.name = name
        self.targs = targs
        self.pos = pos

    def __repr__(self):
        return self.name + (f"<{','.join(map(_targ_text, self.targs))}>" if self.targs else "")


def _targ_text(t) -> str:
    return f"_{int(t)}" if t.__class__ is C else str(t)


# ---- C++ types (cute/numeric/integral_constant.hpp, layout.hpp, stride.hpp, underscore.hpp) ----------------
#: CuTe's aliases of static integers: _0.._10, _12, _16, ... and _m1 (Int<-1>) ... (integral_constant.hpp); a `_N`
#: outside this list is CuTe's print syntax only (in C++, `_11{}` does not compile)
_ALIASES = {f"_{v}" if v >= 0 else f"_m{-v}": v for v in (
    -32, -24, -16, -12, -10, -9, -8, -7, -6, -5, -4, -3, -2, -1, *range(11), 12, 16, 24, *range(32, 257, 8), 384,
    512, 768, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288)}
_ALIAS_VALUES = frozenset(_ALIASES.values())
#: tag types, values of the eval language (make_layout(shape, LayoutRight{}))
_CONST_TYPES = frozenset({"LayoutLeft", "LayoutRight", "GenColMajor", "GenRowMajor"})
_TUPLE_TYPES = frozenset({"Shape", "Stride", "Step", "Coord", "Tile", "tuple"})
#: every type name read as a C++ type in value position (followed by optional template arguments and ``{}``)
TYPES = frozenset({"Int", "C", "Layout", "ComposedLayout", "Underscore", "X", "smem_ptr_flag_bits",
                   "smem_sparse_ptr_flag_bits"}) | _CONST_TYPES | _TUPLE_TYPES | \
    frozenset(n for n in _ALIASES if n.startswith("_m"))
#: the scalar C++ types whose value-initialized object is a dynamic 0 (Shape<int,int>{} is (0,0))
_SCALARS = frozenset({"int", "int32_t", "uint32_t", "int64_t", "uint64_t", "size_t", "unsigned"})


#: Layout's member functions -> (the free function they call, whether several arguments make one tile)
_METHODS = {"shape": ("shape", False), "stride": ("stride", False), "layout": ("layout", False),
            "compose": ("composition", True), "with_shape": ("with_shape", False), "tile": ("tiled_divide", True)}


def _unqualified(name: str) -> str:
    """``cute::make_layout`` -> ``make_layout`` (also ``::cute::``); a name in another namespace keeps it."""
    if name.startswith("::"):
        name = name[2:]
    while name.startswith("cute::"):
        name = name[6:]
    return name


def _alias_value(v, text, src, pos):
    if text not in _ALIASES and not (text[1:2] == "-" and f"_m{text[2:]}" in _ALIASES):
        raise CuteDumpError(f"{text}{{}}: CuTe has no alias {text} (it defines _0.._10, _12, _16, _24, _32, ...; "
                            f"write Int<{int(v)}>{{}})", src.text, src[pos])
    return v


def build_type(t, p: "Parser"):
    """The value of a C++ type ``t`` (a TypeArg, a template-argument C / int / name) value-initialized: static
    integers for ``Int<N>``/``C<N>``/``_N``, a dynamic 0 for ``int``, tuples, layouts, swizzles, ``_``."""
    cls = t.__class__
    if cls is C:
        if int(t) not in _ALIAS_VALUES:
            p.error(f"_{int(t)} is not a CuTe type (CuTe defines _0.._10, _12, _16, _24, _32, ...): write Int<{int(t)}>")
        return t
    if cls is int:
        p.error(f"{t} is a value, not a type: a template argument here must be a type (Int<{t}> or _{t})")
    if cls is str:
        if t in _SCALARS:
            return 0
        if t in _ALIASES:
            return C(_ALIASES[t])
        p.error(f"unknown type {t!r} in a template argument list")
    name, targs, pos = t.name, t.targs, t.pos

    def fail(msg):
        p.error_at(f"{t!r}: {msg}", pos)

    if name in ("Int", "C"):
        if len(targs) != 1 or targs[0].__class__ is not int:
            fail(f"{name}<N> takes one integer template argument")
        return C(targs[0])
    if name in _ALIASES:
        return C(_ALIASES[name])
    if name in _TUPLE_TYPES:
        return tuple([build_type(a, p) for a in targs])
    if name in ("Underscore", "X"):
        return UNDERSCORE
    if name == "Layout":
        if len(targs) not in (1, 2):
            fail("Layout<Shape> or Layout<Shape,Stride>")
        shp = build_type(targs[0], p)
        if not is_int_tuple(shp):
            fail("the shape must be an int tuple type")
        if len(targs) == 1:   # the default stride: LayoutLeft::Apply<Shape>, the compact column-major stride
            return _mk(shp, it.compact_col_major(shp))
        std = build_type(targs[1], p)
        if not is_int_tuple(std) or not it.congruent(shp, std):
            fail(f"shape {it.fmt(shp)} and stride {it.fmt(std) if is_int_tuple(std) else std} are not congruent")
        return _mk(shp, std)
    if name == "Swizzle":
        if len(targs) != 3 or not all(a.__class__ is int for a in targs):
            fail("Swizzle<B,M,S> takes three integer template arguments")
        why = swizzle_limit_error(*targs)
        if why:
            fail(why)
        return Swizzle(*targs)
    if name in ("smem_ptr_flag_bits", "smem_sparse_ptr_flag_bits"):   # the offset of the GMMA/UMMA smem atoms
        from cutedump.algebra.smem_ptr import SmemPtrFlag  # start-up: only for this type
        want = 2 if name == "smem_sparse_ptr_flag_bits" else 1
        if len(targs) != want or not all(a.__class__ is int and a > 0 for a in targs):
            fail(f"{name} takes {'<S,B>: a sparsity and' if want == 2 else '<B>:'} a width in bits")
        return SmemPtrFlag(targs[-1], targs[0] if want == 2 else None)
    if name == "ComposedLayout":
        if len(targs) != 3:
            fail("ComposedLayout<A,O,B> takes three types")
        a, off, b = (build_type(x, p) for x in targs)
        if not isinstance(a, Swizzle) or not isinstance(b, Layout) or not is_int_tuple(off):
            fail("cutedump reads ComposedLayout<Swizzle<B,M,S>, Offset, Layout<...>> (a swizzle o offset o layout)")
        return ComposedLayout(a, off, b)
    if name in _CONST_TYPES:
        fail("a tag type has no value here")
    fail("unknown type")


class Parser:
    """Recursive descent over the token lists (kinds k, texts t; the last token is "end"); c gives a token's column
    (computed only when asked: for an error, or a node's col)."""

    def __init__(self, text: str):
        self.text = text
        self.k, self.t = _scan(text)
        self.c = _Cols(text, self.t)
        self.last = len(self.k) - 1
        self.i = 0

    # -- helpers
    def peek(self, k: int = 0) -> Tok:
        j = min(self.i + k, self.last)
        return Tok(self.k[j], self.t[j], self.c[j])

    def error(self, msg: str, tok: Tok | None = None):
        tok = tok or self.peek()
        raise CuteDumpError(msg, self.text, tok.col)

    def error_at(self, msg: str, pos: int):
        raise CuteDumpError(msg, self.text, self.c[pos])

    def expect(self, p: str) -> None:
        i = self.i
        if self.t[i] != p or self.k[i] != "p":
            found = "end of input" if self.k[i] == "end" else repr(self.t[i])
            self.error(f"expected {p!r} but found {found}")
        self.i = i + 1

    def at(self, p: str) -> bool:
        i = self.i
        return self.t[i] == p and self.k[i] == "p"

    # -- grammar
    def parse_all(self):
        node = self.value()
        if self.t[self.i] in _OPS or (self.k[self.i] == "int" and self.t[self.i][0] == "-"):
            node = self.arith(node, 0)
        if self.k[self.i] != "end":
            self.error(f"unexpected {self.t[self.i]!r} after a complete expression")
        return node

    def value(self):
        """value := postfix [':' postfix]  (a ':' makes a layout literal)."""
        node = self.atom()
        t, src = self.t, self.c
        while t[self.i] == "(" or t[self.i] == ".":   # postfix(), inline
            pos = self.i
            self.i += 1
            node = Apply(node, self.args(), pos, src) if t[pos] == "(" else self.method(node, pos)
        if t[self.i] == ":":     # texts ':' '(' ')' are only ever punctuation tokens
            self.i += 1
            stride_pos = self.i
            stride = self.atom()
            if node.__class__ is Lit and stride.__class__ is Lit and _plain_layout(node.value, stride.value):
                node = Lit(_mk(node.value, stride.value), node.pos, src)   # a layout literal: built once, here
            else:   # anything else is built (and reported) by build_literal
                node = LayoutLit(node, stride, node.pos, stride_pos, src)
            while t[self.i] == "(":  # evaluation of a layout literal: (_4,_8):(_1,_4)(17)
                pos = self.i
                self.i += 1
                node = Apply(node, self.args(), pos, src)
        return node

    def arith(self, left, min_prec):
        """C++ integer arithmetic after a first operand: ``a op b ...`` with * / % above + - (a token ``-2`` after an
        operand is ``- 2``); precedence climbing from ``min_prec``."""
        t, k = self.t, self.k
        while True:
            i = self.i
            op = t[i]
            if k[i] == "int" and op[0] == "-":   # 8 -2: a minus and a positive integer
                op = "-"
            elif op not in _OPS or k[i] != "p":
                return left
            prec = _OPS[op]
            if prec < min_prec:
                return left
            if t[i] == op:
                self.i = i + 1
                right = self.unary()
            else:
                self.i = i + 1
                right = Lit(_int_value(t[i][1:], self.c, i), i, self.c)
            while True:
                nxt = t[self.i]
                if k[self.i] == "int" and nxt[0] == "-":
                    nxt = "-"
                elif k[self.i] != "p" or nxt not in _OPS:
                    break
                if _OPS[nxt] <= prec:
                    break
                right = self.arith(right, prec + 1)
            left = BinOp(op, left, right, i, self.c)

    def unary(self):
        """An operand of arithmetic: a value, or ``-`` before one."""
        if self.t[self.i] == "-" and self.k[self.i] == "p":
            pos = self.i
            self.i += 1
            return BinOp("neg", self.unary(), None, pos, self.c)
        return self.value()

    def postfix(self):
        node = self.atom()
        t = self.t
        while t[self.i] == "(" or t[self.i] == ".":
            pos = self.i
            self.i += 1
            node = Apply(node, self.args(), pos, self.c) if t[pos] == "(" else self.method(node, pos)
        return node

    def method(self, node, pos):
        """``L.name<targs>(args)`` after the '.', at token ``pos``: a member function of CuTe's Layout (layout.hpp),
        read as the free function it calls: shape<I...>(), stride<I...>(), layout(), compose(...) (composition),
        with_shape(...), tile(...) (tiled_divide); several arguments are made one tile (make_tile)."""
        i = self.i
        if self.k[i] != "name":
            self.error("expected a member function name after '.'")
        name = self.t[i]
        self.i += 1
        targs = ()
        if self.at("<"):
            self.i += 1
            targs = tuple([int(x) if x.__class__ is C else x for x in self.targs()])
        if name not in _METHODS:
            self.error_at(f"unknown member function .{name}(): cutedump reads "
                          f"{', '.join('.' + m + '()' for m in _METHODS)}", i)
        self.expect("(")
        args = self.args()
        fn, many = _METHODS[name]
        if many and len(args) > 1:
            args = (Tuple_(args, args[0].pos, self.c),)
        return Call(fn, targs, (node,) + tuple(args), i, self.c)

    def args(self):
        """The arguments after an opening '(' up to its ')'."""
        t = self.t
        if t[self.i] == ")":
            self.i += 1
            return ()
        items = []
        k, src = self.k, self.c
        while True:
            i = self.i
            if k[i] == "int" and (t[i + 1] == "," or t[i + 1] == ")"):   # a plain integer argument: value() in short
                items.append(Lit(_int_value(t[i], src, i), i, src))
                self.i = i + 1
            elif t[i] == "(" and self._literal_arg(i, items):   # a literal int tuple or layout: value() in short
                pass
            else:
                node = self.value()
                if t[self.i] in _OPS or (k[self.i] == "int" and t[self.i][0] == "-"):
                    node = self.arith(node, 0)
                items.append(node)
            x = t[self.i]
            if x == ",":
                self.i += 1
                continue
            if x == ")":
                self.i += 1
                return tuple(items)
            self.expect(")")

    def _literal_arg(self, i, items) -> bool:
        """An argument at token i ('(') that is a literal int tuple or a plain layout literal of two int tuples,
        followed by ',' or ')': its Lit appended to ``items`` (the node value() makes of it), self.i past it -> True;
        anything else -> False, self.i at i (value() then parses it)."""
        t = self.t
        lit = self.int_tuple(i)
        if lit is not None:
            x = t[self.i]
            if x == "," or x == ")":
                items.append(Lit(lit, i, self.c))
                return True
            if x == ":" and t[self.i + 1] == "(":
                std = self.int_tuple(self.i + 1)
                if std is not None and (t[self.i] == "," or t[self.i] == ")") and _plain_layout(lit, std):
                    items.append(Lit(_mk(lit, std), i, self.c))
                    return True
        self.i = i
        return False

    def atom(self):
        i = self.i
        kind, text, src = self.k[i], self.t[i], self.c
        if kind == "int":
            return self.int_atom(i, text, src)
        if text == "(":
            lit = self.int_tuple(i)
            if lit is not None:
                return Lit(lit, i, src)
            self.i = i + 1
            items = self.args()
            for x in items:
                if x.__class__ is not Lit:
                    return Tuple_(items, i, src)
            return Lit(tuple([x.value for x in items]), i, src)   # a literal tuple: its value, built once
        if kind == "name":
            if ":" in text:
                text = _unqualified(text)
                if _rx(_INT_TOKEN).fullmatch(text):   # cute::_8{}
                    return self.int_atom(i, text, src)
            self.i = i + 1
            if text == "_":
                return Lit(UNDERSCORE, i, src)
            if text == "Sw" or text == "Swizzle":
                return self.swizzle(text, i)
            targs = ()
            nxt = self.t[i + 1]
            if nxt == "<":
                self.i += 1
                targs = self.targs()
                nxt = self.t[self.i]
            if text in TYPES:   # a C++ type: Int<8>{}, Shape<_8,int>{}, Layout<Shape<_8>>{}, LayoutRight{} ...
                if nxt == "{" or (nxt == "(" and self.t[self.i + 1] == ")"):
                    self.braces()
                if text in _CONST_TYPES:
                    if targs:
                        self.error_at(f"{text} takes no template arguments", i)
                    return Call(text, (), None, i, src)   # a tag, a value of the eval language (LayoutLeft)
                return Lit(build_type(TypeArg(text, targs, i), self), i, src)
            if ":" in text and not (text in QUALIFIED_CALLS and nxt == "("):
                # a qualified name outside cute::, e.g. GMMA::Layout_K_SW128_Atom<half_t>
                if nxt == "{":
                    self.braces()
                return Named(text, targs, i, src)
            if targs:
                targs = tuple([int(x) if x.__class__ is C else x for x in targs])
            if text == "E" and (nxt == "{" or (nxt == "(" and self.t[self.i + 1] == ")")):   # E<1,0>{}: a basis
                self.braces()
                return Call(text, targs, (), i, src)
            if nxt == "(":
                self.i += 1
                return Call(text, targs, self.args(), i, src)
            return Call(text, targs, None, i, src)  # a bare name: a constant like LayoutRight
        if text == "-" and kind == "p":   # unary minus: -size(L)
            self.i = i + 1
            return BinOp("neg", self.atom(), None, i, src)
        if kind == "end":
            self.error("unexpected end of input")
        self.error(f"unexpected {text!r}")

    def int_atom(self, i, text, src):
        """An integer literal at token i (``text``, without any ``cute::``), with the ``{}``/``()`` of a C++ alias."""
        self.i = i + 1
        v = _int_value(text, src, i)
        if text[0] == "_" and (self.t[i + 1] == "{" or (self.t[i + 1] == "(" and self.t[i + 2] == ")")):
            self.braces()   # _8{} or _8(): the C++ alias's value
            v = _alias_value(v, text, src, i)
        if self.t[self.i] == "@":   # CuTe's print of a ScaledBasis: _1@0@1 is _1 * E<1,0> (the path printed reversed)
            path = []
            while self.t[self.i] == "@":
                j = self.i + 1
                if self.k[j] != "int" or self.t[j][0] in "_-":
                    self.error_at("expected a mode index (0, 1, ...) after '@' (a ScaledBasis such as _1@0)", j)
                path.append(int(self.t[j]))
                self.i = j + 1
            v = ScaledBasis(v, tuple(reversed(path)))
        return Lit(v, i, src)

    def int_tuple(self, i):
        """The tuple of a literal made only of '(', ')', ',' and integers, starting at token i ('('), with self.i past
        it; None (self.i untouched) at anything else, which the general grammar then parses (and reports)."""
        k, t = self.k, self.t
        stack = []
        cur = None
        want_item = True   # after '(' or ',': an item (or, right after '(', the ')' of an empty tuple)
        while True:
            x = t[i]
            if x == "(":
                if not want_item:
                    return None
                stack.append(cur)
                cur = []
            elif x == ")":
                if want_item and cur:   # a trailing comma
                    return None
                val = tuple(cur)
                cur = stack.pop()
                if cur is None:
                    self.i = i + 1
                    return val
                cur.append(val)
                want_item = False
            elif x == ",":
                if want_item:
                    return None
                want_item = True
            elif k[i] == "int" and want_item:
                v = _INTS.get(x)
                cur.append(v if v is not None else _int_value(x, self.c, i))
                want_item = False
            else:
                return None
            i += 1

    def braces(self):
        """The ``{}`` (or ``()``) of a value-initialized C++ object (``Int<8>{}``); only empty ones are read."""
        if self.at("(") and self.t[self.i + 1] == ")":
            self.i += 2
            return
        self.expect("{")
        if not self.at("}"):
            self.error("expected '}': only value-initialized objects like Int<8>{} are read (no braced arguments)")
        self.i += 1

    def targs(self):
        """Template arguments after '<' up to '>': an integer (``8``; ``_8``, a static-int type, is a C), a bare name
        (a type like ``half_t`` or ``int``) or a template type (:class:`TypeArg`: ``Shape<_8,int>``)."""
        out = []
        if self.at(">"):   # Shape<>
            self.i += 1
            return ()
        while True:
            i = self.i
            kind = self.k[i]
            if kind == "int":
                self.i = i + 1
                out.append(_int_value(self.t[i], self.c, i))
            elif kind == "name":
                self.i = i + 1
                name = self.t[i]
                if ":" in name:
                    name = _unqualified(name)
                    if _rx(_INT_TOKEN).fullmatch(name):   # cute::_8
                        out.append(_int_value(name, self.c, i))
                        if self.at(","):
                            self.i += 1
                            continue
                        self.expect(">")
                        return tuple(out)
                if self.at("<"):
                    self.i += 1
                    out.append(TypeArg(name, self.targs(), i))
                elif name in TYPES or name in _ALIASES:
                    out.append(TypeArg(name, (), i))
                else:
                    out.append(name)
            else:
                self.error("expected a template argument")
            if self.at(","):
                self.i += 1
                continue
            self.expect(">")
            return tuple(out)

    def swizzle(self, name: str, pos: int):
        """``Sw<B,M,S>`` (CuTe's print: always three) or ``Swizzle<B,M[,S]>`` (C++: SShift defaults to BBits);
        ``name`` is its token, at token index ``pos``."""
        if not self.at("<"):
            self.error_at(f"{name} needs template arguments: Sw<B,M,S>", pos)
        self.i += 1
        vals = self.targs()
        form = "Sw<B,M,S>" if name == "Sw" else "Swizzle<B,M,S> or Swizzle<B,M>"
        counts = (3,) if name == "Sw" else (2, 3)
        if len(vals) not in counts or not all(isinstance(v, int) for v in vals):
            got = "<" + ",".join(str(v) for v in vals) + ">"
            self.error_at(f"{name}{got}: a swizzle takes {' or '.join(map(str, counts))} integer template arguments,"
                          f" {form}" + (" (CuTe prints all three; the C++ form Swizzle<B,M> means Sw<B,M,B>)"
                                        if name == "Sw" else ""), pos)
        b, m, s = int(vals[0]), int(vals[1]), int(vals[2] if len(vals) == 3 else vals[0])
        if name == "Swizzle" and (self.at("{") or (self.at("(") and self.t[self.i + 1] == ")")):
            self.braces()
        why = swizzle_limit_error(b, m, s)
        if why:
            self.error_at(why, pos)
        sw = SwizzleLit(b, m, s, pos, self.c)
        if self.k[self.i] == "name" and self.t[self.i] == "o":
            self.i += 1
            off = self.postfix()
            if not (self.k[self.i] == "name" and self.t[self.i] == "o"):
                self.error("expected 'o' between the offset and the layout of a composed layout")
            self.i += 1
            lay = self.value()
            return ComposedLit(sw, off, lay, pos, self.c)
        return sw


def _col(node) -> int:
    return getattr(node, "col", 0)


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


def swizzle_limit_error(b: int, m: int, s: int) -> str | None:
    """Why ``Swizzle<B,M,S>`` does not compile in CuTe 4.2, or None. Its static_asserts (MBase >= 0, BBits >= 0,
    abs(SShift) >= BBits) and its int masks: ``(1 << B) - 1`` shifted left by ``M + max(0,S)`` and by
    ``M - min(0,S)`` must be constant expressions (a shift below 32 whose result fits in 32 bits)."""
    if m < 0:
        return f"Swizzle<{b},{m},{s}>: MBase must be positive (CuTe's static_assert)"
    if b < 0:
        return f"Swizzle<{b},{m},{s}>: BBits must be positive (CuTe's static_assert)"
    if abs(s) < b:
        return f"Swizzle<{b},{m},{s}>: abs(SShift) must be more than BBits (CuTe's static_assert)"
    if b > 30:
        return f"Swizzle<{b},{m},{s}>: its mask (1 << {b}) - 1 overflows int (BBits <= 30)"
    for k in (m + max(0, s), m - min(0, s)):
        if k >= 32 or (b > 0 and b + k > 32):
            return (f"Swizzle<{b},{m},{s}>: its mask ((1 << {b}) - 1) << {k} does not fit in 32 bits "
                    f"(not a constant expression in CuTe)")
    return None


_PARSED: dict = {}   # text -> its AST, for parse_expr (at most 512: when full, the older half is dropped)


def parse_expr(text: str):
    """Parse once into an AST (cached), like einops' recipes. ``parse_expr.cache_clear()`` empties the cache."""
    tree = _PARSED.get(text)
    if tree is None:
        if not text.strip():
            raise CuteDumpError("empty expression", text, 0)
        tree = Parser(text).parse_all()
        if len(_PARSED) >= 512:
            for k in list(_PARSED)[:256]:
                del _PARSED[k]
        _PARSED[text] = tree
    return tree


parse_expr.cache_clear = _PARSED.clear


# ---- literal evaluation (no function calls) -------------------------------------------------------

def build_literal(node, text: str, calls=None):
    """Turn a literal AST into objects; ``calls(node)`` evaluates Call/Apply nodes when allowed."""
    cls = node.__class__
    if cls is Lit:
        return node.value
    if cls is Tuple_:
        return tuple([build_literal(x, text, calls) for x in node.items])
    if cls is LayoutLit:
        shp = build_literal(node.shape, text, calls)
        std = build_literal(node.stride, text, calls)
        if _plain_layout(shp, std):
            return _mk(shp, std)
        for part, what, col in ((shp, "shape", node.col), (std, "stride", node.stride_col)):
            if not is_int_tuple(part) and not (what == "stride" and is_stride_tuple(part)):
                raise CuteDumpError(f"a layout {what} must be an int tuple", text, col)
        if not it.congruent(shp, std):
            raise CuteDumpError(f"shape {it.fmt(shp)} and stride {it.fmt(std)} are not congruent", text,
                                node.stride_col)
        for s in it.flatten_to_tuple(shp):
            if s < 0:
                raise CuteDumpError(f"negative size {it.fmt(s)} in shape {it.fmt(shp)}", text, node.col)
        return _mk(shp, std)   # congruent: checked above
    if cls is SwizzleLit:
        try:
            return Swizzle(node.b, node.m, node.s)
        except CuteDumpError as e:
            raise CuteDumpError(e.message, text, node.col) from None
    if cls is ComposedLit:
        sw = build_literal(node.sw, text, calls)
        off = build_literal(node.offset, text, calls)
        if not _is_int_tuple(off):
            raise CuteDumpError("the offset of a composed layout must be an integer (or an int tuple), as in "
                                "Sw<3,4,3> o _0 o L", text, _col(node.offset))
        lay = build_literal(node.layout, text, calls)
        if not isinstance(lay, Layout):
            raise CuteDumpError("a composed layout must end with a layout", text, _col(node.layout))
        return make_composed_layout(sw, off, lay)
    if calls is not None:
        return calls(node)
    raise CuteDumpError("expected a literal (CuTe print syntax), not a function call", text, _col(node))


def _plain_layout(shp, std) -> bool:
    """shape and stride are congruent tuples of plain ints / static ints and no size is negative: every check of a
    layout literal passes (anything else takes the checks one by one, for their errors)."""
    if shp.__class__ is tuple:
        if std.__class__ is not tuple or len(shp) != len(std):
            return False
        for a, b in zip(shp, std):
            c = a.__class__
            if c is C or c is int:   # a leaf, checked here
                if a < 0 or not (b.__class__ is C or b.__class__ is int):
                    return False
            elif not _plain_layout(a, b):
                return False
        return True
    return (shp.__class__ is C or shp.__class__ is int) and shp >= 0 and (std.__class__ is C or std.__class__ is int)


def _is_int_tuple(x) -> bool:
    return is_int_tuple(x)


def parse_object(text: str):
    """Parse a literal in CuTe print syntax into an int, int tuple, Layout, tiler, Swizzle or ComposedLayout."""
    return build_literal(parse_expr(text), text)


def parse_layout(text: str):
    """Parse a layout (plain or swizzled); a bare shape gets CuTe's default LayoutLeft strides."""
    obj = parse_object(text)
    if isinstance(obj, (Layout, ComposedLayout)):
        return obj
    if _is_int_tuple(obj):
        return make_layout(obj)
    raise CuteDumpError(f"expected a layout like (_4,_8):(_1,_4), got {text.strip()!r}", text, 0)


def parse_int_tuple(text: str):
    obj = parse_object(text)
    if not _is_int_tuple(obj):
        raise CuteDumpError(f"expected an int tuple like (_4,(8,_2)), got {text.strip()!r}", text, 0)
    return obj
