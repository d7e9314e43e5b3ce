"""Every call checked against its CuTe 4.2 signature (the rows of :data:`~cutedump.expr.functions.FUNCTIONS`):
template arguments and argument count before anything is evaluated, the kinds of the evaluated arguments after."""

from __future__ import annotations

from cutedump.algebra import C
from cutedump.algebra.basis import has_basis
from cutedump.algebra.inttuple import UNDERSCORE
from cutedump.algebra.layout import Layout
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.errors import CuteDumpError
from cutedump.expr.functions import FUNCTIONS
from cutedump.expr.values import _is_int_tuple, _kind, _Name, _show
from cutedump.parse import Call, _col

#: name -> (template-argument form, argument forms...): the signature part of FUNCTIONS (what the checks read)
_SIGS = {name: (row[0], *row[1]) for name, row in FUNCTIONS.items()}

_TARG_TEXT = {
    "": "no template arguments",
    "N": "one integer template argument",
    "NN": "two integer template arguments",
    "N?": "at most one integer template argument",
    "N*": "integer template arguments",
    "N+": "at least one integer template argument",
    "TT": "two type template arguments",
    "T?": "at most one type template argument",
}
_TARG_FORM = {
    "": "",
    "N": "<N>",
    "NN": "<B,E>",
    "N?": "<N>",
    "N*": "<I...>",
    "N+": "<I,...>",
    "TT": "<OldType,NewType>",
    "T?": "<Type>",
}


def signature(name: str) -> str:
    """The accepted forms of a function, as the errors show them: ``composition(layout, value) | ...``."""
    targs, *forms = _SIGS[name]
    t = _TARG_FORM[targs] if targs in ("N", "NN", "TT", "N+") else ""
    opt = _TARG_FORM[targs] if targs in ("N?", "N*", "T?") else ""
    out = []
    for f in forms:
        f = [
            k.split(":")[-1]
            if ":" in k
            else _KIND_LABEL.get(k.removesuffix("..."), k) + ("..." if k.endswith("...") else "")
            for k in f
        ]
        out.append(f"{name}{t}({', '.join(f)})")
        if opt:
            out.append(f"{name}{opt}({', '.join(f)})")
    return " | ".join(out)


def _arity(form) -> tuple[int, float]:
    if form and form[-1].endswith("..."):
        return len(form) - 1, float("inf")
    return len(form), len(form)


_SHAPE_OK: set = set()  # (name, template arguments, argument count) of calls that passed _check_call_shape


def _check_call_shape(n: Call, text: str) -> None:
    """Template arguments and argument count of a call, before anything is evaluated."""
    key = (n.name, n.targs, len(n.args))
    if key in _SHAPE_OK:
        return
    targs, *forms = _SIGS[n.name]
    k = len(n.targs)
    ok_count = (
        k == 0
        if targs == ""
        else k == 1
        if targs == "N"
        else k == 2
        if targs in ("NN", "TT")
        else k <= 1
        if targs in ("N?", "T?")
        else True
        if targs == "N*"
        else k >= 1
    )
    if not ok_count:
        got = f"<{','.join(str(t) for t in n.targs)}>" if k else "none"
        raise CuteDumpError(f"{n.name} takes {_TARG_TEXT[targs]}: {signature(n.name)}; got {got}", text, n.col)
    if targs not in ("TT", "T?"):
        for t in n.targs:
            if not isinstance(t, int):
                raise CuteDumpError(
                    f"{n.name}: template argument {t} is not an integer: {signature(n.name)}", text, n.col
                )
    nargs = len(n.args)
    if any(lo <= nargs <= hi for lo, hi in map(_arity, forms)):
        if len(_SHAPE_OK) < 4096:
            _SHAPE_OK.add(key)
        return
    counts = sorted({_arity(f) for f in forms})
    want = " or ".join(f"at least {lo}" if hi == float("inf") else str(lo) for lo, hi in counts)
    plural = "" if want == "1" else "s"
    maxi = max(hi for _, hi in counts)
    col = _col(n.args[int(maxi)]) if nargs > maxi else n.col
    raise CuteDumpError(f"{n.name} takes {want} argument{plural}: {signature(n.name)}; got {nargs}", text, col)


def _is_kind(x, kind: str) -> bool:
    if isinstance(x, _Name):
        return kind == "order"
    if kind == "value":
        return True
    if kind == "layout":
        return isinstance(x, (Layout, ComposedLayout)) or _is_int_tuple(x)
    if kind == "layoutobj":
        return isinstance(x, (Layout, ComposedLayout))
    if kind == "layoutobj|swizzle":
        return isinstance(x, (Layout, ComposedLayout, Swizzle))
    if kind == "layoutobj|swizzle|int":
        return isinstance(x, (Layout, ComposedLayout, Swizzle)) or (isinstance(x, int) and not isinstance(x, bool))
    if kind == "plainobj":
        return isinstance(x, Layout)
    if kind == "plain":
        return isinstance(x, Layout) or _is_int_tuple(x)
    if kind == "layout|swizzle":
        return isinstance(x, (Layout, ComposedLayout, Swizzle)) or _is_int_tuple(x)
    if kind == "swizzle":
        return isinstance(x, Swizzle)
    if kind == "int":
        return isinstance(x, int) and not isinstance(x, bool)
    if kind in ("inttuple", "order"):
        return _is_int_tuple(x)
    if kind == "coord":
        return x is UNDERSCORE or _is_int_tuple(x) or (isinstance(x, tuple) and all(_is_kind(e, "coord") for e in x))
    raise AssertionError(kind)


_KIND_LABEL = {
    "plain": "layout",
    "layoutobj": "layout",
    "plainobj": "layout",
    "layoutobj|swizzle": "layout|swizzle",
    "layoutobj|swizzle|int": "layout|swizzle|int",
    "inttuple": "int_tuple",
    "value": "x",
}
_KIND_TEXT = {
    "layoutobj": "a layout (shape:stride)",
    "plainobj": "a layout (shape:stride, not swizzled)",
    "layoutobj|swizzle": "a layout (shape:stride) or a swizzle",
    "layoutobj|swizzle|int": "a layout (shape:stride), a swizzle or an integer",
    "layout": "a layout or an int tuple",
    "plain": "a layout (not swizzled) or an int tuple",
    "layout|swizzle": "a layout, a swizzle or an int tuple",
    "swizzle": "a swizzle (cutedump's A o O o B has a swizzle A)",
    "int": "an integer",
    "inttuple": "an int tuple",
    "coord": "a coordinate (int tuple, `_` allowed)",
    "order": "LayoutLeft, LayoutRight or an int tuple",
    "value": "a value",
}


class _FormKinds(dict):
    """(function, argument count) -> the argument kinds of each of its forms taking that many arguments (made once)."""

    def __missing__(self, key):
        name, nargs = key
        _, *forms = _SIGS[name]
        out = []
        for f in forms:
            lo, hi = _arity(f)
            if lo <= nargs <= hi:
                out.append([f[min(i, len(f) - 1)].removesuffix("...").split(":")[0] for i in range(nargs)])
        if out and len(self) < 4096:
            self[key] = out
        return out


_FORM_KINDS = _FormKinds()

#: kind -> classes whose every value is of that kind (the rest, tuples above all, take _is_kind)
_KIND_CLASSES = {
    "value": frozenset({Layout, ComposedLayout, Swizzle, C, int, tuple, bool}),
    "layout": frozenset({Layout, ComposedLayout, C, int}),
    "layoutobj": frozenset({Layout, ComposedLayout}),
    "layoutobj|swizzle": frozenset({Layout, ComposedLayout, Swizzle}),
    "layoutobj|swizzle|int": frozenset({Layout, ComposedLayout, Swizzle, C, int}),
    "plainobj": frozenset({Layout}),
    "plain": frozenset({Layout, C, int}),
    "layout|swizzle": frozenset({Layout, ComposedLayout, Swizzle, C, int}),
    "swizzle": frozenset({Swizzle}),
    "int": frozenset({C, int}),
    "inttuple": frozenset({C, int}),
    "order": frozenset({C, int}),
    "coord": frozenset({C, int}),
}


def _check_kinds(n: Call, args: list, text: str) -> None:
    """The evaluated arguments against the forms of their count; the caret goes under the first wrong one."""
    forms = _FORM_KINDS[n.name, len(args)]
    for kinds in forms:  # in short: the first form that takes them (the loop below only finds the error's caret)
        for a, k in zip(args, kinds):
            if a.__class__ not in _KIND_CLASSES[k] and not _is_kind(a, k):
                break
        else:
            return
    best = None
    for kinds in forms:
        bad = None
        for i, k in enumerate(kinds):
            a = args[i]
            if a.__class__ in _KIND_CLASSES[k] or _is_kind(a, k):
                continue
            bad = i
            break
        if bad is None:
            return
        if best is None:
            best = (bad, kinds[bad])
    i, kind = best
    hint = ""
    if kind in ("layoutobj", "plainobj", "layoutobj|swizzle", "layoutobj|swizzle|int") and _is_int_tuple(args[i]):
        hint = f"; CuTe has no int-tuple overload of {n.name} (make_layout({_show(args[i])}) is a layout)"
    raise CuteDumpError(
        f"{n.name}: argument {i + 1} must be {_KIND_TEXT[kind]}, got {_kind(args[i])} "
        f"{_show(args[i])} ({signature(n.name)}){hint}",
        text,
        _col(n.args[i]),
    )


#: functions CuTe does not compile on a layout with ScaledBasis strides (checked on their layout arguments)
#: (name -> the first argument checked: composition(A, B) refuses B with basis strides, A may have them)
_BASIS_REFUSED = {
    **dict.fromkeys(
        (
            "complement",
            "right_inverse",
            "left_inverse",
            "logical_product",
            "zipped_product",
            "tiled_product",
            "flat_product",
            "blocked_product",
            "raked_product",
            "max_common_vector",
            "max_common_layout",
            "upcast",
            "downcast",
            "recast_layout",
            "tile_to_shape",
        ),
        0,
    )
}


def _refuse_basis(n, args, text):
    for a in args[_BASIS_REFUSED[n.name] :]:
        if a.__class__ is Layout and has_basis(a.stride):
            raise CuteDumpError(
                f"{n.name}: not defined for a layout with ScaledBasis strides ({a}); CuTe does not compile it",
                text,
                n.col,
            )
