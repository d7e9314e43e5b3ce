"""Evaluation: an expression's nodes (:mod:`cutedump.parse`) to an algebra object, every call through the function
table and its signature checks, C++ ``int`` overflow refused as CuTe would overflow; a DSL-spelled expression
goes to :mod:`cutedump.expr.dsl`."""

from __future__ import annotations

from cutedump.algebra import C, make_layout
from cutedump.algebra import swizzle as SW
from cutedump.algebra.basis import has_basis
from cutedump.algebra.integer import INT_MAX, INT_MIN, overflow_reset
from cutedump.algebra.inttuple import flatten_to_tuple, fmt, is_int_tuple
from cutedump.algebra.layout import Layout
from cutedump.algebra.swizzle import ComposedLayout, Swizzle, recast_swizzle
from cutedump.errors import CuteDumpError
from cutedump.expr.calls import _check_swizzles, _Evaluation, _in_int, _wrap_ints  # noqa: F401
from cutedump.expr.values import format_result
from cutedump.parse import Call, build_literal, parse_expr, swizzle_limit_error
from cutedump.parse.dsl import is_dsl_print


def dsl_input(text: str, syntax: str | None = None) -> bool:
    """Is ``text`` spelled as the CuTe DSL spells it (:func:`cutedump.expr.dsl.is_dsl`)? In short first: most input has
    no '.', '=' or a DSL-only name."""
    if (
        syntax != "dsl"
        and "S<" not in text  # the DSL's print of a swizzle (C++ prints Sw<)
        and "?" not in text  # the DSL's print of a dynamic value
        and "tensor<" not in text  # the DSL's print of a tensor
        and "." not in text
        and "=" not in text
        and "None" not in text
        and "//" not in text
        and "make_s" not in text
        and "_modes" not in text
        and "t32(" not in text
        and "t64(" not in text
        and "t16(" not in text
        and "nt8(" not in text
        and "Enum" not in text
        and "Float" not in text
        and "slice_" not in text
        and "product_each" not in text
        and "make_comp" not in text
        and " for " not in text
    ):
        return False
    from cutedump.expr.dsl import is_dsl  # start-up: only for text that may be DSL-spelled

    return is_dsl(text, syntax)


def answer_text(text: str, syntax: str | None = None) -> str:
    """The answer line of ``cutedump eval TEXT [--syntax SYNTAX]``: CuTe's print (or ``syntax``); a DSL-spelled
    input is answered as the CuTe DSL prints it unless ``syntax`` says otherwise: ``--syntax print|cpp`` answers
    its C++ twin, each ``cutlass.Int32(n)`` the dynamic value n (the DSL itself prints ``?``)."""
    if dsl_input(text, syntax):
        from cutedump.expr.dsl import evaluate_dsl, format_dsl, note_smem_width  # start-up: DSL-spelled input only

        if syntax in (None, "dsl"):
            obj = evaluate_dsl(text)
            note_smem_width(obj)  # the DSL's print of an smem atom does not show its width: a note says it
            return format_dsl(obj)
        return format_result(evaluate_dsl(text, literal=True), syntax)
    obj = evaluate(text)
    if syntax == "dsl":
        from cutedump.expr.dsl import note_smem_width  # start-up: --syntax dsl only

        note_smem_width(obj)
    return format_result(obj, syntax)


def evaluate(text: str, syntax: str | None = None, literal: bool = False):
    """Parse and evaluate one expression; returns an algebra object. A DSL-spelled expression (``cute.``
    names, keyword arguments; any expression without a C++ mark when ``syntax="dsl"``) is read as the CuTe DSL
    reads it (:mod:`cutedump.expr.dsl`).

    Every call is checked against its signature (:data:`_SIGS`) before it runs. A computation whose C++ ``int``
    arithmetic overflows in CuTe (see :mod:`cutedump.algebra.integer`) raises :class:`CuteDumpError` naming the
    first overflowing call and showing what real CuTe prints (its wrapped values). With ``literal``, a DSL
    ``cutlass.Int32(n)`` is the dynamic value n (what a command draws), not the DSL's unknown ``?``."""
    if dsl_input(text, syntax):
        from cutedump.expr.dsl import evaluate_dsl  # start-up: only for DSL-spelled input

        return evaluate_dsl(text, literal=literal)
    node = parse_expr(text)
    overflow_reset()
    ev = _Evaluation(text)
    first = ev.first
    try:
        result = ev.calls(node) if node.__class__ is Call else build_literal(node, text, ev.calls)
    except CuteDumpError as e:
        if first:  # the overflow came first: what follows computed on CuTe's wrapped values
            what, col = first[0]
            raise CuteDumpError(
                f"CuTe's int arithmetic overflows here ({what} does not fit in int: undefined "
                f"behaviour in C++); what follows then fails ({e.message})",
                text,
                col,
            ) from None
        raise
    if first:
        what, col = first[0]
        raise CuteDumpError(
            f"CuTe's int arithmetic overflows here ({what} does not fit in int, "
            f"{INT_MIN}..{INT_MAX}: undefined behaviour in C++, where it wraps); "
            f"real CuTe 4.2 prints {format_result(result)}",
            text,
            col,
        )
    return result


class SmemPtrMatch:
    """What :func:`match_smem_ptr_form` found: ``group(1..4)`` (B, M, S, N as written), ``group("rest")`` (L's
    text), ``start(i)`` (the column of group i), as the regex ``SMEM_PTR_FORM`` would give them."""

    __slots__ = ("_groups", "_starts")

    def __init__(self, groups, starts):
        self._groups, self._starts = groups, starts

    def group(self, i):
        return self._groups[4 if i == "rest" else i - 1]

    def start(self, i):
        return self._starts[4 if i == "rest" else i - 1]


#: the form :func:`match_smem_ptr_form` reads (DOTALL), spelled as a regular expression (tests compare the two)
SMEM_PTR_FORM = (
    r"^\s*Sw\s*<\s*(\d+)\s*,\s*(\d+)\s*,\s*(-?\d+)\s*>\s*o\s*smem_ptr\s*\[\s*(\d+)\s*b\s*\]"
    r"\s*\(\s*unset\s*\)\s*o(?P<rest>.*)$"
)


def match_smem_ptr_form(text: str):
    """``Sw<B,M,S> o smem_ptr[Nb](unset) o L`` (CuTe's print of the GMMA/UMMA smem atoms): a :class:`SmemPtrMatch`
    (groups 1-4: B, M, S, N; group "rest": L's text), or None. Read with str methods as the regex
    :data:`SMEM_PTR_FORM` reads it (``\\s`` is ``str.isspace``, ``\\d`` ``str.isdecimal``): no re at start-up."""
    if "smem_ptr" not in text:
        return None
    n = len(text)
    groups, starts = [], []
    i = 0

    def space(i):
        while i < n and text[i].isspace():
            i += 1
        return i

    def word(i, w):  # whitespace, then the word w: the index after it, or -1
        i = space(i)
        return i + len(w) if text.startswith(w, i) else -1

    def number(i, neg=False):  # whitespace, then (-)?digits, kept as a group: the index after it, or -1
        i = space(i)
        j = i + 1 if neg and i < n and text[i] == "-" else i
        k = j
        while k < n and text[k].isdecimal():
            k += 1
        if k == j:
            return -1
        groups.append(text[i:k])
        starts.append(i)
        return k

    for step in (
        ("w", "Sw"),
        ("w", "<"),
        ("n", False),
        ("w", ","),
        ("n", False),
        ("w", ","),
        ("n", True),
        ("w", ">"),
        ("w", "o"),
        ("w", "smem_ptr"),
        ("w", "["),
        ("n", False),
        ("w", "b"),
        ("w", "]"),
        ("w", "("),
        ("w", "unset"),
        ("w", ")"),
        ("w", "o"),
    ):
        i = word(i, step[1]) if step[0] == "w" else number(i, step[1])
        if i < 0:
            return None
    groups.append(text[i:])
    starts.append(i)
    return SmemPtrMatch(groups, starts)


def evaluate_layout(text: str):
    """:func:`_evaluate_layout`; its refusals of DSL-spelled text are spelled as the DSL prints values."""
    try:
        return _evaluate_layout(text)
    except CuteDumpError as e:
        if not dsl_input(text):
            raise
        from cutedump.expr.dsl import dsl_spelled  # start-up: a DSL-spelled refusal only

        msg = dsl_spelled(e.message)
        if msg == e.message:
            raise
        raise CuteDumpError(msg, e.text, e.col) from None


def _evaluate_layout(text: str):
    """A layout from text: CuTe print syntax or any expression whose value is a layout (an int tuple stands
    for make_layout(shape)); also ``Sw<B,M,S> o smem_ptr[Nb](unset) o L`` (the smem_ptr_flag form of GMMA/UMMA
    atoms), taken as CuTe's as_position_independent_swizzle_layout:
    ``recast_layout<uint8_t, uint_bit_t<N>>(Sw) o _0 o L``."""
    m = match_smem_ptr_form(text)
    if m:
        b, mm, s, bits = (int(m.group(i)) for i in range(1, 5))
        why = swizzle_limit_error(b, mm, s)
        if why:
            raise CuteDumpError(why, text, m.start(1))
        if bits not in (4, 8, 16, 32, 64, 128, 256):  # smem_ptr_flag_bits<B>: CuTe's sizeof_bits of a type
            raise CuteDumpError(
                f"smem_ptr[{bits}b]: expected a type width of 4, 8, 16, 32, 64, 128 or 256 bits", text, m.start(4)
            )
        sw = recast_swizzle(Swizzle(b, mm, s), 8, bits)
        return ComposedLayout(sw, C(0), evaluate_layout(m.group("rest")))
    flagged = evaluate(text, literal=True)
    obj = SW.as_position_independent_swizzle_layout(flagged)  # smem_ptr flags drawn so
    if isinstance(flagged, ComposedLayout) and dsl_input(text) and not is_dsl_print(text):  # (a print: its own note)
        from cutedump.expr.dsl import note_smem_width  # start-up: DSL-spelled input only

        note_smem_width(flagged, obj)
    if isinstance(obj, ComposedLayout) and not (isinstance(obj.a, Swizzle) and isinstance(obj.b, Layout)):
        raise CuteDumpError(
            f"{format_result(obj)} is a composition A o O o B that cutedump can only evaluate, not "
            f"print or draw (supported: a swizzle o offset o layout)",
            text,
            0,
        )
    if obj.__class__ is Layout and has_basis(obj.stride):
        raise CuteDumpError(
            f"{format_result(obj)} has ScaledBasis strides (its values are coordinates, not offsets): "
            "cutedump does not print or draw it as a table; `cutedump eval` prints it and L(i)",
            text,
            0,
        )
    if isinstance(obj, (Layout, ComposedLayout)):
        return _check_int_layout(obj, text)
    if is_int_tuple(obj):
        return _check_int_layout(make_layout(obj), text)
    raise CuteDumpError(f"expected a layout, but {text.strip()!r} is {format_result(obj)}")


def _check_int_layout(L, text):
    """A layout to be printed or drawn must have its sizes and offsets within CuTe's int: print_layout computes
    ``size<0>``, ``size<1>`` (products of the modes) and every offset ``L(i,j)`` in int arithmetic."""
    B = L.b if isinstance(L, ComposedLayout) else L

    def shown():  # limits: a stride of more than 4,300 digits (beyond any C++ integer; Python prints none): the shape
        try:
            return format_result(L)
        except ValueError:
            return f"of shape {fmt(B.shape)}"

    def prod(t):
        if not isinstance(t, tuple):
            return int(t)
        acc = 1
        for e in t:
            acc *= prod(e)
            if not INT_MIN <= acc <= INT_MAX:
                raise CuteDumpError(
                    f"the size of {fmt(t)} overflows CuTe's int ({acc} is beyond {INT_MAX}) in layout {shown()}",
                    text,
                    0,
                )
        return acc

    neg = [s for s in flatten_to_tuple(B.shape) if int(s) < 0]
    if neg:  # as for a literal: a negative extent has no table (CuTe's loops would run over a meaningless size)
        raise CuteDumpError(f"negative size {fmt(neg[0])} in shape {fmt(B.shape)} of layout {shown()}", text, 0)
    prod(B.shape)
    hi = lo = 0
    for s, d in zip(flatten_to_tuple(B.shape), flatten_to_tuple(B.stride)):
        if not isinstance(d, int):
            continue
        v = (int(s) - 1) * int(d) if int(s) > 0 else 0
        hi, lo = hi + max(v, 0), lo + min(v, 0)
    if hi > INT_MAX or lo < INT_MIN:
        raise CuteDumpError(
            f"the offsets of layout {shown()} overflow CuTe's int (they reach "
            f"{hi if hi > INT_MAX else lo}, beyond {INT_MIN}..{INT_MAX})",
            text,
            0,
        )
    return L


def evaluate_to_string(text: str) -> str:
    return format_result(evaluate(text))
