"""The expression tree the grammar builds: literals, tuples, layout literals, calls, evaluations, arithmetic, named
objects; a node keeps the index of its first token and its text's columns (its ``col`` is looked up when asked)."""

from __future__ import annotations

from cutedump.algebra.integer import C

# ---- AST -----------------------------------------------------------------------------------------
# A node keeps the index of its first token (pos) and its text's _Cols (src); its column is looked up when asked.


def _node_col(node) -> int:
    return node.src[node.pos]


class Lit:
    __slots__ = ("value", "pos", "src")
    col = property(_node_col)

    def __init__(self, value, pos, src):
        self.value = value
        self.pos = pos
        self.src = src


class Tuple_:
    __slots__ = ("items", "pos", "src")
    col = property(_node_col)

    def __init__(self, items, pos, src):
        self.items = items
        self.pos = pos
        self.src = src


class LayoutLit:
    __slots__ = ("shape", "stride", "pos", "stride_pos", "src")
    col = property(_node_col)
    stride_col = property(lambda self: self.src[self.stride_pos])

    def __init__(self, shape, stride, pos, stride_pos, src):
        self.shape = shape
        self.stride = stride
        self.pos = pos
        self.stride_pos = stride_pos
        self.src = src


class Call:
    __slots__ = ("name", "targs", "args", "pos", "src")
    col = property(_node_col)

    def __init__(self, name, targs, args, pos, src):
        self.name = name
        self.targs = targs
        self.args = args
        self.pos = pos
        self.src = src


class Apply:
    __slots__ = ("fn", "args", "pos", "src")
    col = property(_node_col)

    def __init__(self, fn, args, pos, src):
        self.fn = fn
        self.args = args
        self.pos = pos
        self.src = src


class SwizzleLit:
    __slots__ = ("b", "m", "s", "pos", "src")
    col = property(_node_col)

    def __init__(self, b, m, s, pos, src):
        self.b = b
        self.m = m
        self.s = s
        self.pos = pos
        self.src = src


class ComposedLit:
    __slots__ = ("sw", "offset", "layout", "pos", "src")
    col = property(_node_col)

    def __init__(self, sw, offset, layout, pos, src):
        self.sw = sw
        self.offset = offset
        self.layout = layout
        self.pos = pos
        self.src = src


class BinOp:
    """C++ integer arithmetic: ``op`` is one of + - * / % (or "neg", unary minus, with right None)."""

    __slots__ = ("op", "left", "right", "pos", "src")
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

    __slots__ = ("name", "targs", "pos", "src", "args", "obj")
    col = property(_node_col)

    def __init__(self, name, targs, pos, src, args=None, obj=None):
        self.name = name
        self.targs = targs
        self.pos = pos
        self.src = src
        self.args = args  # a called member (Config<32>::tile_atom_to_shape_SFA(shape)): its argument nodes
        # decltype(obj)::name: the node of the object whose class the member belongs to (``name`` is the member's)
        self.obj = obj


class TypeArg:
    """A C++ type named in a template argument list or value-initialized (``Shape<_8,int>``, ``Int<8>``): its name
    (without ``cute::``), template arguments and token index. :func:`build_type` makes its value."""

    __slots__ = ("name", "targs", "pos")

    def __init__(self, name, targs, pos):
        self.name = name
        self.targs = targs
        self.pos = pos

    def __repr__(self):
        return self.name + (f"<{','.join(map(_targ_text, self.targs))}>" if self.targs else "")


def _targ_text(t) -> str:
    return f"_{int(t)}" if t.__class__ is C else str(t)


def _col(node) -> int:
    return getattr(node, "col", 0)
