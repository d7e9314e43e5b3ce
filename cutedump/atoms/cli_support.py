"""Argument parsing shared by the `mma` and `copy` commands (one-line CuteDumpErrors for bad input)."""

from __future__ import annotations

from cutedump.algebra import Layout, make_layout, rank, right_inverse, size
from cutedump.algebra.inttuple import UNDERSCORE, is_int, is_tuple
from cutedump.atoms import make_tiled_mma, mma_atom
from cutedump.errors import CuteDumpError
from cutedump.parse import _is_int_tuple
from cutedump.parse import parse_object as _parse_print


def parse_object(text: str):
    """An option's value in CuTe's print syntax, or spelled as the CuTe DSL spells it (``cute.make_layout((16, 8),
    stride=(8, 1))``: its ints static, ``cutlass.Int32(n)`` the dynamic value n)."""
    from cutedump.expr.dsl import read_option  # start-up: a few names

    return read_option(text, _parse_print)


def parse_layout_arg(text: str | None, what: str):
    """A layout literal (or a bare shape, LayoutLeft strides), or None."""
    if text is None:
        return None
    try:
        obj = parse_object(text)
    except CuteDumpError as e:
        raise CuteDumpError(f"{what}: cannot parse {text.strip()!r}: {e.message}")
    if isinstance(obj, Layout):
        return obj
    if _is_int_tuple(obj):
        return make_layout(obj)
    raise CuteDumpError(f"{what}: expected a layout like (_2,_2) or (_16,_8):(_8,_1), got {text.strip()!r}")


def parse_tile_arg(text: str | None):
    """A Tile<> of permutations: entries are _, static ints or layouts."""
    if text is None:
        return None
    try:
        obj = parse_object(text)
    except CuteDumpError as e:
        raise CuteDumpError(f"--tile: cannot parse {text.strip()!r}: {e.message}")
    if not is_tuple(obj):
        obj = (obj,)
    for e in obj:
        if not (e is UNDERSCORE or isinstance(e, Layout) or is_int(e) or _is_int_tuple(e)):  # no _ inside a mode
            raise CuteDumpError(f"--tile: each entry must be _, a static int like _32 or a layout, got {e!r}")
    return obj


def parse_shape_arg(text: str, what: str):
    try:
        obj = parse_object(text)
    except CuteDumpError as e:
        raise CuteDumpError(f"{what}: cannot parse {text.strip()!r}: {e.message}")
    if not _is_int_tuple(obj):  # a _ or a layout where a size is needed
        raise CuteDumpError(
            f"{what}: expected a shape of sizes such as (_128,_256) (a _ or a layout is no size), got {text.strip()!r}"
        )
    return obj


def build_mma(atom: str, atom_layout: str | None, tile: str | None):
    a = mma_atom(atom)
    lay = parse_layout_arg(atom_layout, "--atom-layout")
    if lay is not None:
        if int(rank(lay)) > 3:
            raise CuteDumpError(f"--atom-layout must have rank <= 3 (M,N,K), got {lay}")
        if int(size(right_inverse(lay))) != int(size(lay)):
            raise CuteDumpError(
                f"--atom-layout {lay} must be a bijection onto 0..{int(size(lay)) - 1} (each atom gets "
                "its own group of threads)"
            )
    return make_tiled_mma(a, lay, parse_tile_arg(tile))
