"""Machine-readable views (``--format json``) of layouts, eval results, MMAs and copies.

Public API (all return JSON-serialisable dicts; callers ``json.dumps`` them)::

    layout_json(layout, force=False) -> dict      # Layout or swizzled ComposedLayout
    object_json(obj, force=False) -> dict         # any `cutedump eval` result (layout, int tuple, int, ...)
    mma_json(tiled_mma, force=False) -> dict      # TiledMMA / MMA_Atom: tile, C/A/B TV layouts and cell tables
    copy_json(tiled_copy, force=False) -> dict    # TiledCopy: tile, S/D TV layouts and cell tables
    panel_json(panel) -> dict                     # one grid.Panel

Layout dicts: ``printed`` (CuTe's print), ``shape``/``stride`` as nested lists with their printed forms,
``rank``/``depth``/``size``/``cosize``, ``values`` (L(0..size-1)) and ``table`` (rows of L(m,n) for rank <= 2,
rank 1 drawn as append<2>(L, _1:_0) like print_latex; null for rank > 2). More than 65,536 values are
refused (CuteDumpError naming --force) unless ``force``.
"""

from __future__ import annotations

from cutedump.algebra import Layout, Swizzle, cosize, depth, is_static, rank, size
from cutedump.algebra.basis import ScaledBasis, has_basis
from cutedump.algebra.evaluate import basis_values, values_list
from cutedump.algebra.inttuple import fmt, is_tuple
from cutedump.algebra.swizzle import ComposedLayout
from cutedump.errors import CuteDumpError, check_size
from cutedump.expr import CountingTensor, format_result
from cutedump.limits import check_picture_pairs as check_pairs
from cutedump.limits import check_picture_size
from cutedump.render import grid


def _nested(t):
    if isinstance(t, tuple):
        return [_nested(e) for e in t]
    return int(t)


def _int_tuple_json(t) -> dict:
    return {"kind": "int_tuple" if isinstance(t, tuple) else "int", "printed": fmt(t), "value": _nested(t)}


def layout_json(layout, force: bool = False) -> dict:
    composed = isinstance(layout, ComposedLayout)
    base = layout.b if composed else layout
    if not isinstance(base, Layout):
        raise CuteDumpError(f"not a layout: {layout}")
    n = int(size(base))
    check_size(n, force, "layout")
    d = {
        "kind": "composed_layout" if composed else "layout",
        "printed": str(layout),
        "shape": _nested(base.shape),
        "shape_printed": fmt(base.shape),
        "stride": _nested(base.stride),
        "stride_printed": fmt(base.stride),
        "rank": int(rank(base)),
        "depth": int(depth(base)),
        "size": n,
    }
    if composed:
        sw = layout.a
        d["swizzle"] = {
            "printed": str(sw),
            "b": getattr(sw, "b", None),
            "m": getattr(sw, "m", None),
            "s": getattr(sw, "s", None),
        }
        d["offset"] = int(layout.offset)
        d["inner"] = str(base)
    else:
        d["cosize"] = int(cosize(base))
    d["values"] = [int(v) for v in values_list(layout)] if n else []  # plain Python up to FOLD points: no numpy
    if int(rank(base)) <= 2:
        p = grid.layout_panel(layout)
        d["table_layout"] = p.title
        d["table"] = p.table()
    else:
        d["table_layout"] = None
        d["table"] = None
    return d


def basis_layout_json(layout, force: bool = False) -> dict:
    """A layout with ScaledBasis strides (make_identity_layout): its prints, and L(i) (a coordinate) for each i."""
    n = int(size(layout))
    check_size(n, force, "layout")
    return {
        "kind": "basis_layout",
        "printed": str(layout),
        "shape": _nested(layout.shape),
        "shape_printed": fmt(layout.shape),
        "stride_printed": fmt(layout.stride),
        "rank": int(rank(layout)),
        "depth": int(depth(layout)),
        "size": n,
        "coordinates": [format_result(c) for c in basis_values(layout)],
    }


def object_json(obj, force: bool = False) -> dict:
    """JSON of any `cutedump eval` result."""
    if obj.__class__ is Layout and has_basis(obj.stride):
        return basis_layout_json(obj, force)
    if isinstance(obj, ScaledBasis) or (isinstance(obj, tuple) and has_basis(obj)):
        return {"kind": "scaled_basis", "printed": format_result(obj)}
    if isinstance(obj, (Layout, ComposedLayout)):
        return layout_json(obj, force)
    if isinstance(obj, CountingTensor):  # make_identity_tensor and its tiles: origin and layout
        return {
            "kind": "coordinate_tensor",
            "printed": format_result(obj),
            "origin": fmt(obj.coord),
            "layout": object_json(obj.layout, force),
        }
    if isinstance(obj, bool):
        return {"kind": "bool", "printed": "1" if obj else "0", "value": obj}
    if isinstance(obj, int):
        d = _int_tuple_json(obj)
        d["static"] = bool(is_static(obj))
        return d
    if isinstance(obj, Swizzle):
        return {"kind": "swizzle", "printed": str(obj), "b": obj.b, "m": obj.m, "s": obj.s}
    if isinstance(obj, tuple):

        def is_it(t):
            return all(is_it(e) for e in t) if is_tuple(t) else (isinstance(t, int) and not isinstance(t, bool))

        if is_it(obj):
            return _int_tuple_json(obj)
        return {"kind": "tuple", "printed": format_result(obj), "items": [object_json(e, force) for e in obj]}
    try:
        printed = format_result(obj)
    except Exception:  # pragma: no cover - defensive
        printed = str(obj)
    return {"kind": type(obj).__name__, "printed": printed}


def panel_json(p: grid.Panel) -> dict:
    d = {"name": p.name, "kind": p.kind, "printed": p.title, "rows": p.rows, "cols": p.cols}
    if p.kind == "layout":
        d["table"] = p.table()
    else:
        d["table"] = [[None if c is None else {"thread": c[0], "value": c[1]} for c in row] for row in p.table()]
    return d


def mma_json(tiled_mma, force: bool = False) -> dict:
    """The JSON view of a TiledMMA: never refused for its size (JSON draws no picture). Past MAX_CELLS cells or
    MAX_TV_PAIRS pairs without ``force`` the (thread, value) tables are left out ("tables": null, and one warning
    naming --force); the TiledMMA, its tile and TV layouts are always there."""
    from cutedump.errors import MAX_CELLS, MAX_TV_PAIRS, warn  # start-up: on demand

    (M, N, K), lc, la, lb = grid.mma_parts(tiled_mma)
    d = {
        "kind": "tiled_mma",
        "printed": str(tiled_mma),
        "tile_mnk": [int(M), int(N), int(K)],
        "layoutC_TV": str(lc),
        "layoutA_TV": str(la),
        "layoutB_TV": str(lb),
    }
    cells = int(M) * int(N) + int(M) * int(K) + int(N) * int(K)
    if not force and (cells > MAX_CELLS or grid.mma_pairs(tiled_mma) > MAX_TV_PAIRS):
        warn(
            f"the A/B/C (thread, value) tables have {cells} cells (more than {MAX_CELLS}): left out of the JSON "
            '("tables": null); pass --force to include them'
        )
        d["tables"] = None
        return d
    check_picture_size(cells, force, "MMA picture")  # with --force: the memory it takes is still bounded
    check_pairs(grid.mma_pairs(tiled_mma), force, "MMA picture")
    C, A, B, _ = grid.mma_panels(tiled_mma)
    d.update({"C": panel_json(C), "A": panel_json(A), "B": panel_json(B)})
    return d


def copy_json(tiled_copy, force: bool = False) -> dict:
    """The JSON view of a TiledCopy: never refused for its size (see :func:`mma_json`): past the limits without
    ``force`` the S/D tables are left out ("tables": null) with one warning naming --force."""
    from cutedump.errors import MAX_CELLS, MAX_TV_PAIRS, warn  # start-up: on demand

    M, N = grid.copy_tile_mn(tiled_copy)
    d = {"kind": "tiled_copy", "printed": str(tiled_copy), "tile_mn": [int(M), int(N)]}
    for nm in ("get_layoutS_TV", "get_layoutD_TV"):
        if hasattr(tiled_copy, nm):
            d[nm[4:]] = str(getattr(tiled_copy, nm)())
    cells = 2 * int(M) * int(N)
    if not force and (cells > MAX_CELLS or grid.copy_pairs(tiled_copy) > MAX_TV_PAIRS):
        warn(
            f"the S/D (thread, value) tables have {cells} cells (more than {MAX_CELLS}): left out of the JSON "
            '("tables": null); pass --force to include them'
        )
        d["tables"] = None
        return d
    check_picture_size(cells, force, "copy picture")  # with --force: the memory it takes is still bounded
    check_pairs(grid.copy_pairs(tiled_copy), force, "copy picture")
    S, D, _ = grid.copy_panels(tiled_copy)
    d["S"], d["D"] = panel_json(S), panel_json(D)
    return d
