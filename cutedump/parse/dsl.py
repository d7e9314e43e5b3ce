"""The CuTe DSL's spelling (Python, ``nvidia-cutlass-dsl``): tokens and grammar.

Kernels written with the CuTe DSL spell layouts as Python calls::

    cute.make_layout((4, 8), stride=(8, 1))
    cute.tile_to_shape(cute.nvgpu.warpgroup.make_smem_layout_atom(
        cute.nvgpu.warpgroup.SmemLayoutAtomKind.K_SW128, cutlass.Float16), (128, 64, 3), order=(0, 1, 2))
    cute.logical_divide(L, (None, 64))        size(L, mode=[1])        L(5)        256 // 2 // 8

This module reads that text into the parser's nodes (:class:`~cutedump.parse.Lit`, :class:`~cutedump.parse.Tuple_`,
:class:`~cutedump.parse.BinOp`) plus three of its own: :class:`PyCall` (a call with keyword arguments),
:class:`PyName` (a dotted name such as ``cutlass.Float16``) and :class:`PyAttr` (``L.shape``). Python integers are
the DSL's compile-time (static) values, so an integer literal is a static integer (``C``); ``None`` is ``_`` (a
tiler's "keep this mode"); lists are tuples. Which function a name calls, with which keywords, is the eval
language's function table (:mod:`cutedump.expr.dsl`): one grammar, one table, three spellings (CuTe's print, C++, the DSL).

Every error is a :class:`CuteDumpError` with the text and the column, like the other spellings'.
"""

from __future__ import annotations

from cutedump.algebra.basis import ScaledBasis
from cutedump.algebra.integer import C, DynDiv
from cutedump.algebra.inttuple import UNDERSCORE, congruent
from cutedump.algebra.layout import Layout
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.errors import CuteDumpError
from cutedump.parse.grammar import swizzle_limit_error
from cutedump.parse.nodes import BinOp, Lit, Tuple_

#: Python's operators read here -> precedence (``/`` is refused at evaluation: the DSL's shapes are integers); ``**``
#: binds tighter than a unary minus on its left (:meth:`DslParser.power`), comparisons and ``not``/``and``/``or``
#: looser than every one of these (:meth:`DslParser.test`)
_OPS = {"|": 1, "^": 2, "&": 3, "<<": 4, ">>": 4, "+": 5, "-": 5, "*": 6, "//": 6, "/": 6, "%": 6}
_CMPS = frozenset({"==", "!=", "<", ">", "<=", ">="})
_PUNCT = frozenset("()[],=+-*/%.:<>&|^~")
_MULTI = frozenset({"//", "**", "<<", ">>", "==", "!=", "<=", ">="})

#: Python's keywords and constants the DSL spelling uses as values
_CONSTS = {"None": UNDERSCORE, "True": True, "False": False}


class PyCall:
    """``fn(args..., key=value...)``: fn is a :class:`PyName` (a function of the table) or any value node (a layout
    called on a coordinate, ``L(5)``)."""

    __slots__ = ("fn", "args", "kwargs", "col")

    def __init__(self, fn, args, kwargs, col):
        self.fn = fn
        self.args = args
        self.kwargs = kwargs
        self.col = col


class PyName:
    """A (dotted) name: ``cute.make_layout``, ``cutlass.Float16``, ``SmemLayoutAtomKind.K_SW128``."""

    __slots__ = ("name", "col")

    def __init__(self, name, col):
        self.name = name
        self.col = col


class PyAttr:
    """``value.name`` on a value that is not a name: ``cute.make_layout((4, 8)).shape``."""

    __slots__ = ("obj", "name", "col")

    def __init__(self, obj, name, col):
        self.obj = obj
        self.name = name
        self.col = col


class PyIf:
    """``a if cond else b``; also ``not x`` (``a`` None), ``x and y`` / ``x or y`` (``op``) and a comparison chain
    ``x < y <= z`` (``op`` "cmp", ``a`` the operands, ``b`` the operators) -- Python's meaning, on static values."""

    __slots__ = ("op", "a", "cond", "b", "col")

    def __init__(self, op, a, cond, b, col):
        self.op = op
        self.a = a
        self.cond = cond
        self.b = b
        self.col = col


class PyList(Tuple_):
    """``[a, b]``: a Python list (a ``mode=`` argument; where the DSL packs a shape or a stride, a list is refused)."""

    __slots__ = ()


class PySlice:
    """``x[start:stop:step]``'s index (each part a node or None)."""

    __slots__ = ("start", "stop", "step", "col")

    def __init__(self, start, stop, step, col):
        self.start = start
        self.stop = stop
        self.step = step
        self.col = col


class PyComp:
    """``elt for var in items [if cond]``: a generator expression (``kind`` "gen", an argument or in parentheses) or a
    list comprehension (``kind`` "list")."""

    __slots__ = ("elt", "var", "items", "cond", "kind", "col")

    def __init__(self, elt, var, items, cond, kind, col):
        self.elt, self.var, self.items, self.cond, self.kind, self.col = elt, var, items, cond, kind, col


class PyStar:
    """``*x`` inside a tuple: x's items, unpacked in place."""

    __slots__ = ("value", "col")

    def __init__(self, value, col):
        self.value = value
        self.col = col


class _Src:
    """Token columns, as parse._Cols gives them (node.col reads ``src[pos]``)."""

    __slots__ = ("cols",)

    def __init__(self, cols):
        self.cols = cols

    def __getitem__(self, i):
        return self.cols[i]


_TOKEN_RE = []


def _scan(text: str):
    """-> (kinds, texts, cols): integers (decimal, 0x hexadecimal, ``_`` separators as Python allows), names,
    punctuation (``//``, ``**``, ``<<``, ``>>`` and the two-character comparisons are one token each), then an "end" token; any other character is an error at its column."""
    if not _TOKEN_RE:
        import re  # start-up: only for DSL-spelled input

        _TOKEN_RE.append(
            re.compile(
                r"\s*(?:(0[xX][0-9A-Fa-f_]+|[0-9][0-9_]*)|([A-Za-z_][A-Za-z0-9_]*)|(//|\*\*|<<|>>|[=!<>]=|'[^'\\]*'|\"[^\"\\]*\"|\S))"
            )
        )
    rx = _TOKEN_RE[0]
    kinds, texts, cols = [], [], []
    i, n = 0, len(text)
    while True:
        while i < n and text[i].isspace():
            i += 1
        if i >= n:
            break
        m = rx.match(text, i)
        num, name, p = m.group(1), m.group(2), m.group(3)
        col = m.start(1) if num else m.start(2) if name else m.start(3)
        if num:
            kinds.append("int")
            texts.append(num)
        elif name:
            kinds.append("name")
            texts.append(name)
        elif len(p) > 1 and p[0] in "'\"":  # a string (an enum's value: OperandMajorMode("mn")), no escapes
            kinds.append("str")
            texts.append(p[1:-1])
        elif p in _MULTI or p in _PUNCT:
            kinds.append("p")
            texts.append(p)
        else:
            if p.isnumeric():
                raise CuteDumpError(
                    f"unexpected character {p!r}: not an ASCII digit (integers are written with 0-9)", text, col
                )
            raise CuteDumpError(f"unexpected character {p!r}", text, col)
        cols.append(col)
        i = m.end()
    kinds.append("end")
    texts.append("")
    cols.append(len(text))
    return kinds, texts, cols


def _int(text: str, src_text: str, col: int):
    t = text.replace("_", "")
    if text.endswith("_") or "__" in text:
        raise CuteDumpError(f"invalid integer literal {text}", src_text, col)
    if len(t) > 1 and t[0] == "0" and t[1] not in "xX":
        if t.strip("0"):
            raise CuteDumpError(
                f"invalid integer literal {text} (Python has no leading zeros: 0o{t.lstrip('0')} for octal)",
                src_text,
                col,
            )
        return 0
    return int(t, 16) if t[:2] in ("0x", "0X") else int(t)


class DslParser:
    """Recursive descent over the tokens of a Python expression (the subset kernels use to spell layouts)."""

    def __init__(self, text: str):
        self.text = text
        self.k, self.t, cols = _scan(text)
        self.c = _Src(cols)
        self.i = 0

    def error(self, msg, i=None):
        raise CuteDumpError(msg, self.text, self.c[self.i if i is None else i])

    def at(self, p):
        return self.k[self.i] == "p" and self.t[self.i] == p

    def expect(self, p):
        if not self.at(p):
            found = "end of input" if self.k[self.i] == "end" else repr(self.t[self.i])
            self.error(f"expected {p!r} but found {found}")
        self.i += 1

    def parse_all(self):
        node = self.expr()
        if self.k[self.i] != "end":
            self.error(f"unexpected {self.t[self.i]!r} after a complete expression")
        return node

    def is_kw(self, word):
        return self.k[self.i] == "name" and self.t[self.i] == word

    def expr(self):
        """A conditional expression ``a if c else b`` (or an ``or`` test)."""
        col = self.c[self.i]
        node = self.test()
        if self.is_kw("if"):
            self.i += 1
            cond = self.test()
            if not self.is_kw("else"):
                found = "end of input" if self.k[self.i] == "end" else repr(self.t[self.i])
                self.error(f"expected 'else' but found {found}")
            self.i += 1
            node = PyIf("if", node, cond, self.expr(), col)
        return node

    def test(self, level=0):
        """``or`` (level 0), ``and`` (1), ``not`` (2), comparisons (3)."""
        col = self.c[self.i]
        if level < 2:
            word = ("or", "and")[level]
            node = self.test(level + 1)
            while self.is_kw(word):
                self.i += 1
                node = PyIf(word, node, None, self.test(level + 1), col)
            return node
        if level == 2:
            if self.is_kw("not"):
                self.i += 1
                return PyIf("not", None, self.test(2), None, col)
            return self.test(3)
        node = self.arith()
        operands, ops = [node], []
        while self.k[self.i] == "p" and self.t[self.i] in _CMPS:
            ops.append(self.t[self.i])
            self.i += 1
            operands.append(self.arith())
        return PyIf("cmp", tuple(operands), None, tuple(ops), col) if ops else node

    def arith(self, min_prec=1):
        left = self.unary()
        while self.k[self.i] == "p" and self.t[self.i] in _OPS and _OPS[self.t[self.i]] >= min_prec:
            op, pos = self.t[self.i], self.i
            self.i += 1
            right = self.arith(_OPS[op] + 1)
            left = BinOp(op, left, right, pos, self.c)
        return left

    def unary(self):
        if self.at("-"):
            pos = self.i
            self.i += 1
            return BinOp("neg", self.unary(), None, pos, self.c)
        if self.at("+"):
            self.i += 1
            return self.unary()
        if self.at("~"):
            pos = self.i
            self.i += 1
            return BinOp("~", self.unary(), None, pos, self.c)
        return self.power()

    def power(self):
        node = self.postfix()
        if self.at("**"):
            pos = self.i
            self.i += 1
            node = BinOp("**", node, self.unary(), pos, self.c)
        return node

    def postfix(self):
        node = self.atom()
        while True:
            if self.at("("):
                pos = self.i
                self.i += 1
                args, kwargs = self.call_args()
                node = PyCall(node, args, kwargs, node.col if node.__class__ is PyName else self.c[pos])
            elif self.at("."):
                self.i += 1
                if self.k[self.i] != "name":
                    self.error("expected a name after '.'")
                name, col = self.t[self.i], self.c[self.i]
                self.i += 1
                if node.__class__ is PyName:
                    node = PyName(node.name + "." + name, node.col)
                else:
                    node = PyAttr(node, name, col)
            elif self.at("["):  # x[i]: an index into a tuple (or a layout's mode); x[a:b:c] a slice of a tuple
                pos = self.i
                self.i += 1
                idx = None if self.at(":") else self.expr()
                if self.at(":"):
                    parts = [idx]
                    while self.at(":") and len(parts) < 3:
                        self.i += 1
                        parts.append(None if self.at(":") or self.at("]") else self.expr())
                    idx = PySlice(*parts, *([None] * (3 - len(parts))), self.c[pos])
                elif self.at(","):  # x[a, b]: Python indexes with the tuple (a, b)
                    items = [idx]
                    while self.at(","):
                        self.i += 1
                        if self.at("]"):
                            break
                        items.append(self.expr())
                    idx = Tuple_(tuple(items), pos, self.c)
                self.expect("]")
                node = PyAttr(node, idx, self.c[pos])
            else:
                return node

    def comprehension(self, elt, kind, col):
        """After ``elt``, at ``for``: ``for var in items [if cond]``."""
        self.i += 1
        if self.k[self.i] != "name":
            self.error("expected a name after 'for'")
        var = self.t[self.i]
        self.i += 1
        if not self.is_kw("in"):
            self.error("expected 'in'")
        self.i += 1
        items = self.test()
        cond = None
        if self.is_kw("if"):
            self.i += 1
            cond = self.test()
        if self.is_kw("for"):
            self.error("one 'for' per comprehension here")
        return PyComp(elt, var, items, cond, kind, col)

    def call_args(self):
        args, kwargs = [], {}
        if not self.at(")"):  # f(x for x in t): a generator expression, the one argument
            start, col = self.i, self.c[self.i]
            first = self.expr() if not self.at("*") else None
            if first is not None and self.is_kw("for"):
                node = self.comprehension(first, "gen", col)
                self.expect(")")
                return (node,), kwargs
            self.i = start
        while not self.at(")"):
            if self.k[self.i] == "name" and self.t[self.i + 1] == "=" and self.k[self.i + 1] == "p":
                key, kpos = self.t[self.i], self.i
                self.i += 2
                if key in kwargs:
                    self.error(f"keyword argument repeated: {key}", kpos)
                kwargs[key] = (self.expr(), self.c[kpos])
            else:
                if kwargs:
                    self.error("positional argument follows keyword argument")
                args.append(self.expr())
            if self.at(","):
                self.i += 1
                continue
            if not self.at(")"):
                self.expect(")")
        self.i += 1
        return tuple(args), kwargs

    def atom(self):
        i = self.i
        kind, text = self.k[i], self.t[i]
        if kind == "int":
            self.i += 1
            return Lit(C(_int(text, self.text, self.c[i])), i, self.c)
        if kind == "str":
            self.i += 1
            return Lit(text, i, self.c)
        if kind == "name":
            self.i += 1
            if text in _CONSTS:
                return Lit(_CONSTS[text], i, self.c)
            return PyName(text, self.c[i])
        if text in ("(", "[") and kind == "p":
            close = ")" if text == "(" else "]"
            self.i += 1
            items, comma = [], False
            while not self.at(close):
                if self.at("*"):  # (*a, 1): a's items unpacked
                    col = self.c[self.i]
                    self.i += 1
                    items.append(PyStar(self.arith(), col))
                    comma = True
                else:
                    items.append(self.expr())
                    if len(items) == 1 and self.is_kw("for"):  # (x for x in t), [x for x in t]
                        node = self.comprehension(items[0], "gen" if text == "(" else "list", self.c[i])
                        self.expect(close)
                        return node
                if self.at(","):
                    self.i += 1
                    comma = True
                    continue
                if not self.at(close):
                    self.expect(close)
            self.i += 1
            if text == "(" and len(items) == 1 and not comma:
                return items[0]  # parentheses around a value
            if text == "(" and not items:
                return Tuple_((), i, self.c)
            return (Tuple_ if text == "(" else PyList)(tuple(items), i, self.c)
        if kind == "end":
            self.error("unexpected end of input")
        self.error(f"unexpected {text!r}")


def parse_dsl(text: str):
    """The DSL-spelled expression ``text`` as nodes (see the module docstring)."""
    if not text.strip():
        raise CuteDumpError("empty expression", text, 0)
    return DslParser(text).parse_all()


# ---- the DSL's printed form, read back ------------------------------------------------------------------------


def is_dsl_print(text: str) -> bool:
    """Is ``text`` the CuTe DSL's print of a value (``S<3,4,3> o 0 o (8,64):(64,1)``, ``(4,?{div=8}):(1,4)``)? Only
    text with a mark no other spelling has: a swizzle ``S<`` (C++ prints ``Sw<``) or a dynamic ``?``; a plain
    ``(4,8):(1,4)`` reads as CuTe's print (the same table, the same print)."""
    if "S<" not in text and "?" not in text and not text.lstrip().startswith("tensor<"):
        return False
    return all(ch.isdigit() or ch in " \t(),:?{}=-<>@Sodivtensr" for ch in text)


class DslTensorPrint:
    """The DSL's print of a tensor of coordinates, ``tensor<(0,0) o (4,8):(1@0,1@1)>``: its origin and layout (the
    eval language makes the tensor of it)."""

    __slots__ = ("coord", "layout")

    def __init__(self, coord, layout):
        self.coord, self.layout = coord, layout


def read_dsl_print(text: str):
    """The CuTe DSL's print of a swizzle, an int tuple, a layout, a composed layout or a tensor of coordinates
    (:class:`DslTensorPrint`; strides ``1@0`` scaled bases) -> the value: plain integers
    static (``C``: the DSL prints only compile-time values as numbers), ``?``/``?{div=N}`` a dynamic integer known by
    its divisibility (:class:`~cutedump.algebra.integer.DynDiv`), ``S<B,M,S>`` a swizzle, ``A o O o B`` a composed
    layout. Errors quote ``text`` with the column, in the DSL's words."""

    n = len(text)
    pos = [0]

    def fail(msg, i=None):
        raise CuteDumpError(f"CuTe DSL print: {msg}", text, pos[0] if i is None else i)

    def ws():
        while pos[0] < n and text[pos[0]] in " \t":
            pos[0] += 1

    def peek(s):
        ws()
        return text.startswith(s, pos[0])

    def take(s):
        if not peek(s):
            fail(f"expected {s!r}" + (f", found {text[pos[0]]!r}" if pos[0] < n else " at the end"))
        pos[0] += len(s)

    def number():
        ws()
        i = pos[0]
        if peek("?"):
            pos[0] += 1
            d = 1
            if peek("{"):
                take("{")
                take("div")
                take("=")
                d = number()
                take("}")
                d = int(d)
                # 0 or negative: the DSL's 32-bit product of divisibilities wrapped (``x * 4`` of ``divby=2**30``
                # prints ``?{div=0}``, ``* 2`` ``?{div=-2147483648}``): a dynamic value of that divisibility, its
                # stand-in |d| or 1 (never 0), its divisibility the unsigned 32-bit int the DSL keeps
                return basis(DynDiv(abs(d) or 1, d % (1 << 32)))
            return basis(DynDiv(d))
        j = i + (1 if text[i : i + 1] == "-" else 0)
        k = j
        while k < n and text[k].isdigit():
            k += 1
        if k == j:
            fail("expected an integer, '?' or '('" + (f", found {text[i]!r}" if i < n else " at the end"), i)
        pos[0] = k
        return basis(C(int(text[i:k])))

    def basis(v):
        """``1@0``, ``1@1@0`` (a scaled basis: the DSL prints its path innermost first)."""
        path = []
        while pos[0] < n and text[pos[0]] == "@":
            pos[0] += 1
            k = pos[0]
            while k < n and text[k].isdigit():
                k += 1
            if k == pos[0]:
                fail("expected a mode index after '@'")
            path.append(int(text[pos[0] : k]))
            pos[0] = k
        return ScaledBasis(v, tuple(reversed(path))) if path else v

    def inttuple():
        if peek("("):
            take("(")
            items = [inttuple()]
            while peek(","):
                take(",")
                items.append(inttuple())
            take(")")
            return tuple(items)
        return number()

    def swizzle():
        i = pos[0]
        take("S<")
        b = number()
        take(",")
        m = number()
        take(",")
        s = number()
        take(">")
        if not all(x.__class__ is C for x in (b, m, s)):
            fail("a swizzle's parameters are static integers", i)
        why = swizzle_limit_error(int(b), int(m), int(s))
        if why:
            fail(why, i)
        return Swizzle(int(b), int(m), int(s))

    def layout():
        shape = inttuple()
        if not peek(":"):
            return shape
        take(":")
        stride = inttuple()
        if not congruent(shape, stride):
            fail("a layout's shape and stride must be congruent", 0)
        return Layout(shape, stride)

    def value():
        a = swizzle() if peek("S<") else layout()
        if not peek("o"):
            return a
        take("o")
        off = number()
        take("o")
        b = value()
        if not isinstance(a, (Swizzle, Layout)) or not isinstance(b, (Layout, ComposedLayout)):
            fail("a composed layout is inner o offset o outer: a swizzle or a layout, an integer, a layout", 0)
        return ComposedLayout(a, off, b)

    def tensor():
        take("tensor<")
        coord = inttuple()
        take("o")
        lay = layout()
        take(">")
        if not isinstance(lay, Layout):
            fail("expected a tensor's layout shape:stride after its origin", 0)
        return DslTensorPrint(coord, lay)

    if not text.strip():
        raise CuteDumpError("empty expression", text, 0)
    v = tensor() if peek("tensor<") else value()
    ws()
    if pos[0] < n:
        fail(f"unexpected {text[pos[0]]!r}")
    return v
