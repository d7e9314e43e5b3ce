"""Literals without calls: a parsed literal to its object (:func:`build_literal`), and the parse_* entry points
that take only CuTe's print syntax."""

from __future__ import annotations

from cutedump.algebra import inttuple as it
from cutedump.algebra.basis import is_stride_tuple
from cutedump.algebra.inttuple import is_int_tuple
from cutedump.algebra.layout import Layout, _mk, make_layout
from cutedump.algebra.swizzle import ComposedLayout, Swizzle, make_composed_layout
from cutedump.errors import CuteDumpError
from cutedump.parse.grammar import _plain_layout, parse_expr
from cutedump.parse.nodes import ComposedLit, LayoutLit, Lit, SwizzleLit, Tuple_, _col

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
            raise CuteDumpError(
                f"shape {it.fmt(shp)} and stride {it.fmt(std)} are not congruent", text, node.stride_col
            )
        for s in it.flatten_to_tuple(shp):
            if s < 0:
                raise CuteDumpError(f"negative size {it.fmt(s)} in shape {it.fmt(shp)}", text, node.col)
        return _mk(shp, std)  # congruent: checked above
    if cls is SwizzleLit:
        try:
            return Swizzle(node.b, node.m, node.s)
        except CuteDumpError as e:
            raise CuteDumpError(e.message, text, node.col) from None
    if cls is ComposedLit:
        sw = build_literal(node.sw, text, calls)
        off = build_literal(node.offset, text, calls)
        if not _is_int_tuple(off):
            raise CuteDumpError(
                "the offset of a composed layout must be an integer (or an int tuple), as in Sw<3,4,3> o _0 o L",
                text,
                _col(node.offset),
            )
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
