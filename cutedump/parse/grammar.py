"""The grammar: recursive descent over the tokens (CuTe's print syntax and C++, one grammar), C++ types built at
parse time (:func:`build_type`), and :func:`parse_expr` (cached). The CuTe DSL's spelling is
:mod:`cutedump.parse.dsl`."""

from __future__ import annotations

from cutedump.algebra import inttuple as it
from cutedump.algebra.basis import ScaledBasis
from cutedump.algebra.integer import C
from cutedump.algebra.inttuple import UNDERSCORE, is_int_tuple
from cutedump.algebra.layout import Layout, _mk
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.errors import CuteDumpError
from cutedump.limits import check_text
from cutedump.parse.nodes import (
    _OPS,
    Apply,
    BinOp,
    Call,
    ComposedLit,
    LayoutLit,
    Lit,
    Named,
    SwizzleLit,
    Tuple_,
    TypeArg,
)
from cutedump.parse.tokens import _INT_TOKEN, _INTS, Tok, _Cols, _int_value, _rx, _scan

#: functions outside ``cute::`` that the eval language calls (not NAMED objects): UMMA::tile_to_mma_shape(atom, shape)
QUALIFIED_CALLS = frozenset({"UMMA::tile_to_mma_shape"})


# ---- C++ types (cute/numeric/integral_constant.hpp, layout.hpp, stride.hpp, underscore.hpp) ----------------
#: CuTe's aliases of static integers: _0.._10, _12, _16, ... and _m1 (Int<-1>) ... (integral_constant.hpp); a `_N`
#: outside this list is CuTe's print syntax only (in C++, `_11{}` does not compile)
_ALIASES = {
    f"_{v}" if v >= 0 else f"_m{-v}": v
    for v in (
        -32,
        -24,
        -16,
        -12,
        -10,
        -9,
        -8,
        -7,
        -6,
        -5,
        -4,
        -3,
        -2,
        -1,
        *range(11),
        12,
        16,
        24,
        *range(32, 257, 8),
        384,
        512,
        768,
        1024,
        2048,
        4096,
        8192,
        16384,
        32768,
        65536,
        131072,
        262144,
        524288,
    )
}
_ALIAS_VALUES = frozenset(_ALIASES.values())
#: tag types, values of the eval language (make_layout(shape, LayoutRight{}))
_CONST_TYPES = frozenset({"LayoutLeft", "LayoutRight", "GenColMajor", "GenRowMajor"})
_TUPLE_TYPES = frozenset({"Shape", "Stride", "Step", "Coord", "Tile", "tuple"})
#: every type name read as a C++ type in value position (followed by optional template arguments and ``{}``)
TYPES = (
    frozenset(
        {"Int", "C", "Layout", "ComposedLayout", "Underscore", "X", "smem_ptr_flag_bits", "smem_sparse_ptr_flag_bits"}
    )
    | _CONST_TYPES
    | _TUPLE_TYPES
    | frozenset(n for n in _ALIASES if n.startswith("_m"))
)
#: the scalar C++ types whose value-initialized object is a dynamic 0 (Shape<int,int>{} is (0,0))
_SCALARS = frozenset({"int", "int32_t", "uint32_t", "int64_t", "uint64_t", "size_t", "unsigned"})


#: Layout's member functions -> (the free function they call, whether several arguments make one tile)
_METHODS = {
    "shape": ("shape", False),
    "stride": ("stride", False),
    "layout": ("layout", False),
    "compose": ("composition", True),
    "with_shape": ("with_shape", False),
    "tile": ("tiled_divide", True),
    # a TiledCopy's and a tensor's (copy_atom.hpp, tensor_impl.hpp): functions of the eval table named with a leading
    # '.', which no call spelled as text reaches (CuTe has no free get_slice)
    "get_slice": (".get_slice", False),
    "partition_S": (".partition_S", False),
    "partition_D": (".partition_D", False),
    "data": (".data", False),
}


def _unqualified(name: str) -> str:
    """``cute::make_layout`` -> ``make_layout`` (also ``::cute::``); a name in another namespace keeps it."""
    if name.startswith("::"):
        name = name[2:]
    while name.startswith("cute::"):
        name = name[6:]
    return name


def _alias_value(v, text, src, pos):
    if text not in _ALIASES and not (text[1:2] == "-" and f"_m{text[2:]}" in _ALIASES):
        raise CuteDumpError(
            f"{text}{{}}: CuTe has no alias {text} (it defines _0.._10, _12, _16, _24, _32, ...; "
            f"write Int<{int(v)}>{{}})",
            src.text,
            src[pos],
        )
    return v


def build_type(t, p: Parser):
    """The value of a C++ type ``t`` (a TypeArg, a template-argument C / int / name) value-initialized: static
    integers for ``Int<N>``/``C<N>``/``_N``, a dynamic 0 for ``int``, tuples, layouts, swizzles, ``_``."""
    cls = t.__class__
    if cls is C:
        if int(t) not in _ALIAS_VALUES:
            p.error(
                f"_{int(t)} is not a CuTe type (CuTe defines _0.._10, _12, _16, _24, _32, ...): write Int<{int(t)}>"
            )
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
        if len(targs) == 1:  # the default stride: LayoutLeft::Apply<Shape>, the compact column-major stride
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
    if name in ("smem_ptr_flag_bits", "smem_sparse_ptr_flag_bits"):  # the offset of the GMMA/UMMA smem atoms
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
        while t[self.i] == "(" or t[self.i] == ".":  # postfix(), inline
            pos = self.i
            self.i += 1
            node = Apply(node, self.args(), pos, src) if t[pos] == "(" else self.method(node, pos)
        if t[self.i] == ":":  # texts ':' '(' ')' are only ever punctuation tokens
            self.i += 1
            stride_pos = self.i
            stride = self.atom()
            if node.__class__ is Lit and stride.__class__ is Lit and _plain_layout(node.value, stride.value):
                node = Lit(_mk(node.value, stride.value), node.pos, src)  # a layout literal: built once, here
            else:  # anything else is built (and reported) by build_literal
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
            if k[i] == "int" and op[0] == "-":  # 8 -2: a minus and a positive integer
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
            self.error_at(
                f"unknown member function .{name}(): cutedump reads {', '.join('.' + m + '()' for m in _METHODS)}", i
            )
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
            if k[i] == "int" and (t[i + 1] == "," or t[i + 1] == ")"):  # a plain integer argument: value() in short
                items.append(Lit(_int_value(t[i], src, i), i, src))
                self.i = i + 1
            elif t[i] == "(" and self._literal_arg(i, items):  # a literal int tuple or layout: value() in short
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
            return Lit(tuple([x.value for x in items]), i, src)  # a literal tuple: its value, built once
        if kind == "name":
            if ":" in text:
                text = _unqualified(text)
                if _rx(_INT_TOKEN).fullmatch(text):  # cute::_8{}
                    return self.int_atom(i, text, src)
            self.i = i + 1
            if text == "_":
                return Lit(UNDERSCORE, i, src)
            if text == "decltype" and self.t[i + 1] == "(":
                return self.decltype_member(i, src)
            if text == "Sw" or text == "Swizzle":
                return self.swizzle(text, i)
            targs = ()
            nxt = self.t[i + 1]
            bracketed = nxt == "<"  # template arguments, maybe none (Config<>)
            if bracketed:
                self.i += 1
                targs = self.targs()
                nxt = self.t[self.i]
            if nxt[:2] == "::" and self.k[self.i] == "name" and bracketed:
                # a member of a class template outside cute::, e.g.
                # cutlass::detail::Sm1xxBlockScaledConfig<32>::tile_atom_to_shape_SFA(shape): a Named member
                # (the class's template arguments, the member's call arguments if it is called)
                text = _unqualified(text) + nxt
                self.i += 1
                nxt = self.t[self.i]
                if nxt == "(":
                    self.i += 1
                    return Named(text, targs, i, src, self.args())
                if nxt == "{" or (nxt == "(" and self.t[self.i + 1] == ")"):
                    self.braces()
                return Named(text, targs, i, src)
            if text in TYPES:  # a C++ type: Int<8>{}, Shape<_8,int>{}, Layout<Shape<_8>>{}, LayoutRight{} ...
                if nxt == "{" or (nxt == "(" and self.t[self.i + 1] == ")"):
                    self.braces()
                if text in _CONST_TYPES:
                    if targs:
                        self.error_at(f"{text} takes no template arguments", i)
                    return Call(text, (), None, i, src)  # a tag, a value of the eval language (LayoutLeft)
                return Lit(build_type(TypeArg(text, targs, i), self), i, src)
            if (":" in text and not (text in QUALIFIED_CALLS and nxt == "(")) or (
                nxt == "{" and (text[:2] == "SM" or text in ("MMA_Atom", "UniversalFMA"))
            ):
                # (or an MMA atom, an object of a class outside cute::: SM80_16x8x16_F16F16F16F16_TN{},
                # SM100_MMA_MXF4_SS<...>{}, MMA_Atom<Op>{})
                # a qualified name outside cute::, e.g. GMMA::Layout_K_SW128_Atom<half_t>
                if nxt == "(" and ":" in text and not targs:  # a static member function of a plain class:
                    self.i += 1  # cutlass::detail::Sm1xxBlockScaledTensorConfig::tile_atom_to_shape(shape)
                    return Named(_unqualified(text), targs, i, src, self.args())
                if nxt == "{":
                    self.braces()
                return Named(text, targs, i, src)
            if targs:
                targs = tuple([int(x) if x.__class__ is C else x for x in targs])
            if text == "E" and (nxt == "{" or (nxt == "(" and self.t[self.i + 1] == ")")):  # E<1,0>{}: a basis
                self.braces()
                return Call(text, targs, (), i, src)
            if nxt == "(":
                self.i += 1
                return Call(text, targs, self.args(), i, src)
            return Call(text, targs, None, i, src)  # a bare name: a constant like LayoutRight
        if text == "-" and kind == "p":  # unary minus: -size(L)
            self.i = i + 1
            return BinOp("neg", self.atom(), None, i, src)
        if kind == "end":
            self.error("unexpected end of input")
        self.error(f"unexpected {text!r}")

    def decltype_member(self, i, src):
        """``decltype(E)::member(args)`` / ``decltype(E)::member{}`` at token i: a member of the class of E's value
        (CUTLASS's examples: ``using ScaleConfig = decltype(sm100_trivial_blockwise_scale_config(MmaTileShape{}))``
        then ``ScaleConfig::tile_atom_to_shape_SFA(shape)``)."""
        self.i = i + 2
        (inner,) = self.args() or (None,)
        if inner is None:
            self.error_at("decltype() needs an expression: decltype(E)::member(...)", i)
        nxt = self.t[self.i]
        if not (nxt[:2] == "::" and self.k[self.i] == "name"):
            self.error_at("decltype(E) is a type: name a member of it, decltype(E)::member(...)", i)
        member = nxt[2:]
        self.i += 1
        if self.t[self.i] == "(":  # a member function (deduce_layoutSFA(), tile_atom_to_shape_SFA(shape))
            self.i += 1
            return Named(member, (), i, src, self.args(), obj=inner)
        if self.t[self.i] == "{":  # a member type, value-initialized (SfAtom{})
            self.braces()
        return Named(member, (), i, src, obj=inner)

    def int_atom(self, i, text, src):
        """An integer literal at token i (``text``, without any ``cute::``), with the ``{}``/``()`` of a C++ alias."""
        self.i = i + 1
        v = _int_value(text, src, i)
        if text[0] == "_" and (self.t[i + 1] == "{" or (self.t[i + 1] == "(" and self.t[i + 2] == ")")):
            self.braces()  # _8{} or _8(): the C++ alias's value
            v = _alias_value(v, text, src, i)
        if self.t[self.i] == "@":  # CuTe's print of a ScaledBasis: _1@0@1 is _1 * E<1,0> (the path printed reversed)
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
        want_item = True  # after '(' or ',': an item (or, right after '(', the ')' of an empty tuple)
        while True:
            x = t[i]
            if x == "(":
                if not want_item:
                    return None
                stack.append(cur)
                cur = []
            elif x == ")":
                if want_item and cur:  # a trailing comma
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
        if self.at(">"):  # Shape<>
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
                    if _rx(_INT_TOKEN).fullmatch(name):  # cute::_8
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
            self.error_at(
                f"{name}{got}: a swizzle takes {' or '.join(map(str, counts))} integer template arguments,"
                f" {form}"
                + (" (CuTe prints all three; the C++ form Swizzle<B,M> means Sw<B,M,B>)" if name == "Sw" else ""),
                pos,
            )
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
            return (
                f"Swizzle<{b},{m},{s}>: its mask ((1 << {b}) - 1) << {k} does not fit in 32 bits "
                f"(not a constant expression in CuTe)"
            )
    return None


_PARSED: dict = {}  # text -> its AST, for parse_expr (at most 512: when full, the older half is dropped)


def parse_expr(text: str):
    """Parse once into an AST (cached), like einops' recipes. ``parse_expr.cache_clear()`` empties the cache."""
    tree = _PARSED.get(text)
    if tree is None:
        if not text.strip():
            raise CuteDumpError("empty expression", text, 0)
        check_text(text)  # limits: nesting depth and item count, before the parser recurses
        tree = Parser(text).parse_all()
        if len(_PARSED) >= 512:
            for k in list(_PARSED)[:256]:
                del _PARSED[k]
        _PARSED[text] = tree
    return tree


parse_expr.cache_clear = _PARSED.clear


def _plain_layout(shp, std) -> bool:
    """shape and stride are congruent tuples of plain ints / static ints and no size is negative: every check of a
    layout literal passes (anything else takes the checks one by one, for their errors)."""
    if shp.__class__ is tuple:
        if std.__class__ is not tuple or len(shp) != len(std):
            return False
        for a, b in zip(shp, std):
            c = a.__class__
            if c is C or c is int:  # a leaf, checked here
                if a < 0 or not (b.__class__ is C or b.__class__ is int):
                    return False
            elif not _plain_layout(a, b):
                return False
        return True
    return (shp.__class__ is C or shp.__class__ is int) and shp >= 0 and (std.__class__ is C or std.__class__ is int)
