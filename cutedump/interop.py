"""Layouts from pycute and from CuTe DSL, exactly.

pycute (``pycute`` ships in the nvidia-cutlass wheel) has no static/dynamic distinction: :func:`from_pycute` makes
every integer static (``Int<n>``, printed ``_n``) by default, or dynamic with ``static=False``.

CuTe DSL (``nvidia-cutlass-dsl``) prints a compile-time (static) integer as a plain number -- ``(4,8):(1,4)`` -- and a
run-time (dynamic) one as ``?``; swizzles print ``S<B,M,S>``.  :func:`from_dsl` reads that text (or takes a DSL
layout object and reads its print, which is what the DSL knows about it while tracing): plain integers become
static, each ``?`` takes the next of ``values`` and becomes dynamic.  Which integers came out dynamic is said in a
:class:`DynamicValuesWarning`.

>>> from cutedump import from_dsl
>>> from_dsl("S<3,4,3> o 0 o (8,64):(64,1)")
Sw<3,4,3> o _0 o (_8,_64):(_64,_1)
>>> import warnings
>>> with warnings.catch_warnings(record=True) as w:
...     warnings.simplefilter("always")
...     L = from_dsl("(?,8):(1,?)", values=[128, 128])
>>> L, str(w[0].message)
((128,_8):(_1,128), "CuTe DSL text '(?,8):(1,?)': integers taken as dynamic (int): 128 (column 2), 128 (column 10)")
"""

from __future__ import annotations

from cutedump.algebra import C, Layout, Swizzle
from cutedump.algebra.inttuple import is_tuple
from cutedump.algebra.swizzle import ComposedLayout
from cutedump.errors import CuteDumpError
from cutedump.parse import parse_object


class DynamicValuesWarning(UserWarning):
    """Says which integers of a converted layout are dynamic (``int``) rather than static (``Int<n>``)."""


# ------------------------------------------------------------------------------------------ pycute


def is_pycute(x) -> bool:
    return type(x).__module__.split(".")[0] == "pycute"


def _int(v, static: bool, where: str):
    if isinstance(v, bool) or not isinstance(v, int):
        raise CuteDumpError(f"pycute {where}: expected an integer, got {v!r}")
    return C(v) if static else int(v)


def _tuple(t, static: bool, where: str):
    if isinstance(t, (tuple, list)):
        return tuple(_tuple(e, static, where) for e in t)
    return _int(t, static, where)


def from_pycute(obj, static: bool = True):
    """A pycute ``Layout`` / ``Swizzle`` / ``ComposedLayout`` (or int tuple) as a cutedump object.

    Every integer becomes static (``_n``) unless ``static=False``.

    >>> import pycute
    >>> from cutedump import from_pycute
    >>> from_pycute(pycute.Layout((4, (2, 2)), (2, (1, 8))))
    (_4,(_2,_2)):(_2,(_1,_8))
    >>> from_pycute(pycute.Layout((4, 8)), static=False)
    (4,8):(1,4)
    """
    if is_pycute(obj):
        import pycute  # start-up: the object's own library, imported already

        if isinstance(obj, pycute.Layout):
            return Layout(_tuple(obj.shape, static, "shape"), _tuple(obj.stride, static, "stride"))
        if isinstance(obj, pycute.Swizzle):
            return Swizzle(obj.bits, obj.base, obj.shift)
        if isinstance(obj, pycute.ComposedLayout):
            # pycute's ComposedLayout(layoutB, offset, layoutA) evaluates layoutB(offset + layoutA(c))
            return ComposedLayout(
                from_pycute(obj.layoutB, static), _int(obj.offset, static, "offset"), from_pycute(obj.layoutA, static)
            )
    if isinstance(obj, (int, tuple, list)) and not isinstance(obj, bool):
        return _tuple(obj, static, "int tuple")
    raise CuteDumpError(f"from_pycute: cannot convert a {type(obj).__module__}.{type(obj).__name__}")


def to_pycute(obj):
    """A cutedump Layout / Swizzle / ComposedLayout (or int tuple) as a pycute object (static-ness is dropped).

    >>> from cutedump import Layout, to_pycute
    >>> to_pycute(Layout("(_4,_8):(_8,_1)"))
    Layout((4, 8),(8, 1))
    """
    import pycute  # start-up: only users of pycute pay for it

    if isinstance(obj, Layout):
        return pycute.Layout(to_pycute(obj.shape), to_pycute(obj.stride))
    if isinstance(obj, Swizzle):
        return pycute.Swizzle(obj.b, obj.m, obj.s)
    if isinstance(obj, ComposedLayout):
        return pycute.ComposedLayout(to_pycute(obj.a), int(obj.offset), to_pycute(obj.b))
    if is_tuple(obj):
        return tuple(to_pycute(e) for e in obj)
    if isinstance(obj, int):
        return int(obj)
    raise CuteDumpError(f"to_pycute: cannot convert {obj!r}")


# ------------------------------------------------------------------------------------------ CuTe DSL


def is_dsl(x) -> bool:
    return type(x).__module__.split(".")[0] == "cutlass"


_DSL_TOKEN = r"S<\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*(-?\d+)\s*>|\?(?:\{[^}]*\})?|-?\d+|@"


def dsl_text(text: str, values=None, static: bool = True) -> tuple[str, list[str]]:
    """CuTe DSL's print syntax -> CuTe's (C++) print syntax, and the list of integers taken as dynamic
    (``"128 (column 2)"``)."""
    import re  # only the DSL conversions need re and warnings: the API's first Layout imports neither (~3 ms)

    vals = list(values) if values is not None else None
    out, pos, dynamic, used = [], 0, [], 0
    for m in re.finditer(_DSL_TOKEN, text):
        out.append(text[pos : m.start()])
        tok = m.group(0)
        col = m.start()
        if tok == "@":
            raise CuteDumpError(
                f"CuTe DSL text at column {col + 1}: scaled-basis strides (e.g. 1@0, from identity "
                f"layouts) have no cutedump equivalent: {text.strip()!r}"
            )
        if tok.startswith("S<"):
            out.append(f"Sw<{m.group(1)},{m.group(2)},{m.group(3)}>")
        elif tok.startswith("?"):
            if vals is None or used >= len(vals):
                n = len(re.findall(r"\?", text))
                raise CuteDumpError(
                    f"CuTe DSL text has {n} dynamic value(s) '?' (the first unfilled at column "
                    f"{col + 1}): pass values=[...] with one integer per '?', in order"
                )
            v = int(vals[used])
            used += 1
            out.append(str(v))
            dynamic.append(f"{v} (column {col + 1})")
        else:
            out.append(f"_{tok}" if static else tok)
            if not static:
                dynamic.append(f"{tok} (column {col + 1})")
        pos = m.end()
    out.append(text[pos:])
    if vals is not None and used != len(vals):
        raise CuteDumpError(f"values has {len(vals)} integers but the CuTe DSL text has {used} '?'")
    return "".join(out), dynamic


def from_dsl(obj, values=None, static: bool = True):
    """A CuTe DSL layout, swizzle, composed layout or int tuple -- its printed text, or the DSL object itself
    (inside ``@cute.jit`` while tracing; its print says what is static) -- as a cutedump object.

    Plain integers are static (they are compile-time constants in the DSL; ``static=False`` makes them dynamic);
    each ``?`` (a run-time value) takes the next of ``values`` and is dynamic.  A :class:`DynamicValuesWarning`
    lists the integers that came out dynamic.
    """
    import re  # only the DSL conversions need re and warnings (see dsl_text)
    import warnings

    if isinstance(obj, str):
        text = obj
    elif is_dsl(obj) or isinstance(obj, tuple):
        text = re.sub(r"[A-Za-z]\w*\((\?[^)]*)\)", r"\1", str(obj)).replace(", ", ",")  # Int32(?) -> ?
    else:
        raise CuteDumpError(f"from_dsl: expected CuTe DSL text or a CuTe DSL object, got {type(obj).__name__}")
    ours, dynamic = dsl_text(text, values, static)
    if dynamic:
        warnings.warn(
            "CuTe DSL text " + repr(text.strip()) + ": integers taken as dynamic (int): " + ", ".join(dynamic),
            DynamicValuesWarning,
            stacklevel=2,
        )
    try:
        return parse_object(ours)
    except CuteDumpError as e:
        raise CuteDumpError(f"CuTe DSL text {text.strip()!r} (read as {ours!r}): {e.message}") from None
