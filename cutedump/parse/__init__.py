"""Strings -> objects: CuTe's printed syntax, plus the call syntax of ``cutedump eval``.

Accepted literals are exactly what CuTe's ``print`` emits (whitespace allowed anywhere):
``_8`` (static), ``8`` (dynamic), ``(_4,(8,_2))`` int tuples, ``shape:stride`` layouts, tilers such as
``(_8:_1,(_4,_2):(_2,_1))``, ``_`` (underscore), ``Sw<3,3,3>`` swizzles and composed layouts
``Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))``. Expressions add calls ``name<targs>(args)`` and
evaluation ``L(17)``. Every error is a :class:`CuteDumpError` carrying the text and column.
"""
from __future__ import annotations

import re
from functools import lru_cache

from cutedump.errors import CuteDumpError
from cutedump.algebra import inttuple as it
from cutedump.algebra.integer import C, INT_MAX, INT_MIN, wrap32
from cutedump.algebra.inttuple import UNDERSCORE, is_int_tuple
from cutedump.algebra.layout import Layout, make_layout
from cutedump.algebra.swizzle import ComposedLayout, Swizzle, make_composed_layout

_TOKEN = re.compile(r"\s*(?:(?P<int>_?-?\d+)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<p>[():,<>\[\]]))")


class Tok:
    __slots__ = ('kind', 'text', 'col')

    def __init__(self, kind, text, col):
        self.kind = kind
        self.text = text
        self.col = col


def tokenize(text: str) -> list[Tok]:
    toks: list[Tok] = []
    pos = 0
    n = len(text)
    while True:
        while pos < n and text[pos].isspace():
            pos += 1
        if pos >= n:
            break
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise CuteDumpError(f"unexpected character {text[pos]!r}", text, pos)
        kind = m.lastgroup
        start = m.start(kind)
        tok = m.group(kind)
        if kind == "int" and tok.startswith("_") and len(tok) == 1:
            kind = "name"
        toks.append(Tok(kind, tok, start))
        pos = m.end()
    toks.append(Tok("end", "", n))
    return toks


# ---- AST -----------------------------------------------------------------------------------------

class Lit:
    __slots__ = ('value', 'col')

    def __init__(self, value, col):
        self.value = value
        self.col = col


class Tuple_:
    __slots__ = ('items', 'col')

    def __init__(self, items, col):
        self.items = items
        self.col = col


class LayoutLit:
    __slots__ = ('shape', 'stride', 'col', 'stride_col')

    def __init__(self, shape, stride, col, stride_col):
        self.shape = shape
        self.stride = stride
        self.col = col
        self.stride_col = stride_col


class Call:
    __slots__ = ('name', 'targs', 'args', 'col')

    def __init__(self, name, targs, args, col):
        self.name = name
        self.targs = targs
        self.args = args
        self.col = col


class Apply:
    __slots__ = ('fn', 'args', 'col')

    def __init__(self, fn, args, col):
        self.fn = fn
        self.args = args
        self.col = col


class SwizzleLit:
    __slots__ = ('b', 'm', 's', 'col')

    def __init__(self, b, m, s, col):
        self.b = b
        self.m = m
        self.s = s
        self.col = col


class ComposedLit:
    __slots__ = ('sw', 'offset', 'layout', 'col')

    def __init__(self, sw, offset, layout, col):
        self.sw = sw
        self.offset = offset
        self.layout = layout
        self.col = col


class Parser:
    def __init__(self, text: str):
        self.text = text
        self.toks = tokenize(text)
        self.i = 0

    # -- helpers
    def peek(self, k: int = 0) -> Tok:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def next(self) -> Tok:
        t = self.toks[self.i]
        self.i += 1
        return t

    def error(self, msg: str, tok: Tok | None = None):
        tok = tok or self.peek()
        raise CuteDumpError(msg, self.text, tok.col)

    def expect(self, p: str) -> Tok:
        t = self.peek()
        if t.kind != "p" or t.text != p:
            found = "end of input" if t.kind == "end" else repr(t.text)
            self.error(f"expected {p!r} but found {found}")
        return self.next()

    def at(self, p: str) -> bool:
        t = self.peek()
        return t.kind == "p" and t.text == p

    # -- grammar
    def parse_all(self):
        node = self.value()
        if self.peek().kind != "end":
            self.error(f"unexpected {self.peek().text!r} after a complete expression")
        return node

    def value(self):
        """value := postfix [':' postfix]  (a ':' makes a layout literal)."""
        node = self.postfix()
        if self.at(":"):
            self.next()
            stride_tok = self.peek()
            stride = self.atom()
            node = LayoutLit(node, stride, _col(node), stride_tok.col)
            while self.at("("):  # evaluation of a layout literal: (_4,_8):(_1,_4)(17)
                t = self.next()
                node = Apply(node, self.args(")"), t.col)
        return node

    def postfix(self):
        node = self.atom()
        while self.at("("):
            t = self.next()
            args = self.args(")")
            node = Apply(node, args, t.col)
        return node

    def args(self, close: str):
        items = []
        if self.at(close):
            self.next()
            return tuple(items)
        while True:
            items.append(self.value())
            if self.at(","):
                self.next()
                continue
            self.expect(close)
            return tuple(items)

    def atom(self):
        t = self.peek()
        if t.kind == "int":
            self.next()
            return Lit(_int_value(t.text, self.text, t.col), t.col)
        if t.kind == "p" and t.text == "(":
            self.next()
            items = self.args(")")
            return Tuple_(items, t.col)
        if t.kind == "name":
            self.next()
            if t.text == "_":
                return Lit(UNDERSCORE, t.col)
            if t.text in ("Sw", "Swizzle"):
                return self.swizzle(t)
            targs = ()
            if self.at("<"):
                self.next()
                targs = self.targs()
            if self.at("("):
                self.next()
                args = self.args(")")
                return Call(t.text, targs, args, t.col)
            if targs:
                return Call(t.text, targs, None, t.col)
            return Call(t.text, (), None, t.col)  # a bare name: a constant like LayoutRight
        if t.kind == "end":
            self.error("unexpected end of input")
        self.error(f"unexpected {t.text!r}")

    def targs(self):
        out = []
        while True:
            t = self.peek()
            if t.kind == "int":
                self.next()
                out.append(int(_int_value(t.text, self.text, t.col)))
            elif t.kind == "name":
                self.next()
                out.append(t.text)
            else:
                self.error("expected a template argument")
            if self.at(","):
                self.next()
                continue
            self.expect(">")
            return tuple(out)

    def swizzle(self, t: Tok):
        """``Sw<B,M,S>`` (CuTe's print: always three) or ``Swizzle<B,M[,S]>`` (C++: SShift defaults to BBits)."""
        if not self.at("<"):
            self.error(f"{t.text} needs template arguments: Sw<B,M,S>", t)
        self.next()
        vals = self.targs()
        form = "Sw<B,M,S>" if t.text == "Sw" else "Swizzle<B,M,S> or Swizzle<B,M>"
        counts = (3,) if t.text == "Sw" else (2, 3)
        if len(vals) not in counts or not all(isinstance(v, int) for v in vals):
            got = "<" + ",".join(str(v) for v in vals) + ">"
            self.error(f"{t.text}{got}: a swizzle takes {' or '.join(map(str, counts))} integer template arguments,"
                       f" {form}" + (" (CuTe prints all three; the C++ form Swizzle<B,M> means Sw<B,M,B>)"
                                     if t.text == "Sw" else ""), t)
        b, m, s = vals[0], vals[1], vals[2] if len(vals) == 3 else vals[0]
        why = swizzle_limit_error(b, m, s)
        if why:
            self.error(why, t)
        sw = SwizzleLit(b, m, s, t.col)
        if self.peek().kind == "name" and self.peek().text == "o":
            self.next()
            off = self.postfix()
            o2 = self.peek()
            if not (o2.kind == "name" and o2.text == "o"):
                self.error("expected 'o' between the offset and the layout of a composed layout")
            self.next()
            lay = self.value()
            return ComposedLit(sw, off, lay, t.col)
        return sw


def _col(node) -> int:
    return getattr(node, "col", 0)


def _int_value(text: str, src: str | None = None, col: int | None = None):
    """A static (``_8``) or dynamic (``8``) integer literal; both are C++ ``int`` in CuTe (``Int<N>`` is ``C<int>``)."""
    v = int(text[1:]) if text.startswith("_") else int(text)
    if not INT_MIN <= v <= INT_MAX:
        what = f" (CuTe's Int<{v}> wraps to _{wrap32(v)})" if text.startswith("_") else ""
        raise CuteDumpError(f"integer {text} is beyond CuTe's int range {INT_MIN}..{INT_MAX}{what}", src, col)
    return C(v) if text.startswith("_") else v


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


@lru_cache(maxsize=512)
def parse_expr(text: str):
    """Parse once into an AST (cached), like einops' recipes."""
    if not text.strip():
        raise CuteDumpError("empty expression", text, 0)
    return Parser(text).parse_all()


# ---- literal evaluation (no function calls) -------------------------------------------------------

def build_literal(node, text: str, calls=None):
    """Turn a literal AST into objects; ``calls(node)`` evaluates Call/Apply nodes when allowed."""
    if isinstance(node, Lit):
        return node.value
    if isinstance(node, Tuple_):
        return tuple(build_literal(x, text, calls) for x in node.items)
    if isinstance(node, LayoutLit):
        shp = build_literal(node.shape, text, calls)
        std = build_literal(node.stride, text, calls)
        for part, what, col in ((shp, "shape", node.col), (std, "stride", node.stride_col)):
            if not _is_int_tuple(part):
                raise CuteDumpError(f"a layout {what} must be an int tuple", text, col)
        if it.profile(shp) != it.profile(std):
            raise CuteDumpError(f"shape {it.fmt(shp)} and stride {it.fmt(std)} are not congruent", text,
                                node.stride_col)
        for s in it.flatten_to_tuple(shp):
            if int(s) < 0:
                raise CuteDumpError(f"negative size {it.fmt(s)} in shape {it.fmt(shp)}", text, node.col)
        return Layout(shp, std)
    if isinstance(node, SwizzleLit):
        try:
            return Swizzle(node.b, node.m, node.s)
        except CuteDumpError as e:
            raise CuteDumpError(e.message, text, node.col) from None
    if isinstance(node, ComposedLit):
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
