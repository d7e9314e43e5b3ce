"""CuTe stride types in place of layout tags (issue 44: examples 51 and 53; the builders' ``GmemLayoutATag`` may be
a ``cute::Stride<..>``): the spelling read, and the majors CUTLASS 4.2 reads from it.

``cutlass::detail::TagToStrideA/B/C`` (cutlass/detail/layout.hpp:54) maps a tag to its stride and passes any other
type through, so a builder given ``cute::Stride<int64_t, cute::Int<1>, int64_t>`` sees exactly what it sees for
``RowMajor`` A. Every major a builder reads is ``cutlass::detail::is_major<I>`` (layout.hpp:200): the first leaf of
mode ``I`` (``cute::front``) is the static constant 1. A stride may be major in both modes, or in neither: the
builders then differ (:func:`is_major`'s callers say how).
"""

from __future__ import annotations

from functools import lru_cache

from cutedump.errors import CuteDumpError

#: the dynamic integer types a stride leaf may be (CUTLASS's strides are int64_t; examples write int too)
DYNAMIC_LEAVES = {
    "int": "int",
    "int32_t": "int32_t",
    "int64_t": "int64_t",
    "uint32_t": "uint32_t",
    "uint64_t": "uint64_t",
}
#: TagToStrideA/B_t of the layout tags (layout.hpp:60-90), C and D as A (TagToStrideC : TagToStrideA)
TAG_STRIDES = {
    ("a", "RowMajor"): "cute::Stride<int64_t, cute::Int<1>, int64_t>",
    ("a", "ColumnMajor"): "cute::Stride<cute::Int<1>, int64_t, int64_t>",
    ("b", "RowMajor"): "cute::Stride<cute::Int<1>, int64_t, int64_t>",
    ("b", "ColumnMajor"): "cute::Stride<int64_t, cute::Int<1>, int64_t>",
}
RULE = "cutlass/detail/layout.hpp:200 (is_major: cute::front of the mode is Int<1>)"


def is_stride(layout: str) -> bool:
    """A layout that is a stride type (the canonical spelling :func:`parse` returns), not a layout tag."""
    return layout.startswith("cute::Stride<")


def looks_like_stride(text: str) -> bool:
    """The option's layout part names a stride type (``cute::Stride<..>``, ``Stride<..>``, ``cute::tuple<..>``)."""
    t = text.strip().replace(" ", "").removeprefix("cute::")
    return t.startswith(("Stride<", "tuple<"))


class _Bad(Exception):
    pass


def _split_top(s: str) -> list[str]:
    out, depth, cur = [], 0, []
    for ch in s:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
            if depth < 0:
                raise _Bad("an unmatched '>'")
        if ch == "," and depth == 0:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if depth:
        raise _Bad("an unmatched '<'")
    out.append("".join(cur))
    return out


def _leaf(p: str):
    q = p.removeprefix("cute::").removeprefix("std::").removesuffix("{}")
    if q in DYNAMIC_LEAVES:
        return DYNAMIC_LEAVES[q]
    num = None
    if q.startswith("_") and q[1:].isdigit():
        num = q[1:]
    elif q.startswith(("Int<", "C<")) and q.endswith(">"):
        num = q[q.index("<") + 1 : -1]
    if num is None or not num.isdigit():
        raise _Bad(
            f"{p!r} is no stride leaf (a dynamic {', '.join(DYNAMIC_LEAVES)}, or a static cute::Int<N> / cute::_N)"
        )
    return int(num)


def _tree(s: str):
    s = s.removeprefix("cute::")
    for head in ("Stride<", "tuple<"):
        if s.startswith(head):
            if not s.endswith(">"):
                raise _Bad(f"{s!r} has no closing '>'")
            inner = s[len(head) : -1]
            if not inner:
                raise _Bad("an empty stride tuple")
            return tuple(_tree(x) for x in _split_top(inner))
    return _leaf(s)


def _spell(t) -> str:
    if isinstance(t, tuple):
        return "cute::Stride<" + ", ".join(_spell(x) for x in t) + ">"
    return f"cute::Int<{t}>" if isinstance(t, int) else t


def parse(text: str, what: str, typed: str) -> str:
    """The layout part of ``--a/--b/--c/--d`` as a stride type -> its canonical spelling (``cute::Stride<int64_t,
    cute::Int<1>, int64_t>``: cute:: qualified, static leaves ``cute::Int<N>``). The error quotes ``typed``, the
    option as the user typed it."""
    s = text.strip().replace(" ", "")
    try:
        t = _tree(s)
    except _Bad as e:
        raise CuteDumpError(
            f"{what}: {typed.strip()!r}: the stride type {text.strip()!r} does not parse: {e}"
        ) from None
    if not isinstance(t, tuple):
        raise CuteDumpError(f"{what}: {typed.strip()!r}: a stride type is a cute::Stride<..> of modes")
    return _spell(t)


@lru_cache(maxsize=256)
def tree(layout: str):
    """A canonical stride spelling -> its modes as nested tuples (leaves: an int for a static value, the type name
    of a dynamic one)."""
    return _tree(layout.replace(" ", ""))


def stride_of(layout: str, which: str) -> str:
    """The stride the builder reads for operand ``which`` (a/b/c/d): the tag's TagToStride, or the stride itself."""
    if is_stride(layout):
        return layout
    return TAG_STRIDES[("a" if which in "cd" else which, layout)]


def front(t):
    """cute::front: the first leaf."""
    while isinstance(t, tuple):
        t = t[0]
    return t


def rank(layout: str, which: str) -> int:
    return len(tree(stride_of(layout, which)))


def is_major(layout: str, which: str, mode: int) -> bool:
    """cutlass::detail::is_major<mode> of operand ``which``'s stride: the first leaf of that mode is the static 1
    (a stride of fewer modes: False)."""
    t = tree(stride_of(layout, which))
    return mode < len(t) and front(t[mode]) == 1 and isinstance(front(t[mode]), int)


def mode_front(layout: str, which: str, mode: int) -> str:
    """The first leaf of a mode, as spelled (``cute::Int<1>``, ``int64_t``), for the why lines."""
    t = tree(stride_of(layout, which))
    return _spell(front(t[mode])) if mode < len(t) else "none"


def layout_tag(layout: str, which: str) -> str:
    """StrideToLayoutTagA/B/C_t (layout.hpp:211-265): A, C and D ColumnMajor when mode 0 is major (A also for the
    sparse stride (_2, (_1, x), ..)), else RowMajor; B RowMajor when mode 0 is major, else ColumnMajor."""
    m0 = is_major(layout, which, 0)
    if which == "b":
        return "RowMajor" if m0 else "ColumnMajor"
    t = tree(stride_of(layout, which))
    sparse = which == "a" and len(t) > 1 and t[0] == 2 and isinstance(t[1], tuple) and len(t[1]) == 2 and t[1][0] == 1
    return "ColumnMajor" if m0 or sparse else "RowMajor"


def mode_size(layout: str, which: str, mode: int) -> int:
    """``cute::size<mode>`` of a default-constructed stride (a dynamic leaf is 0): what the SM90 epilogue's smem copy
    selectors compare with 1 (epilogue/collective/builders/sm90_common.inl:45)."""
    t = tree(stride_of(layout, which))
    if mode >= len(t):
        return 0

    def prod(x):
        if isinstance(x, tuple):
            out = 1
            for y in x:
                out *= prod(y)
            return out
        return x if isinstance(x, int) else 0

    return prod(t[mode])
