"""The grid model every picture is drawn from: panels of cells, built from engine results.

Renderers (latex.py, svg.py, rich_view.py, json_view.py) never do layout algebra; they only walk the
:class:`Panel` objects built here. A panel is ``rows x cols`` cells, each with a position ``(m, n)`` and
either a layout value (plain layouts) or a thread/value pair (TV pictures), listed in the order CuTe
emits them, plus the printed form of what the panel shows (the ``% Layout: ...`` comment).

Public API::

    layout_panel(layout) -> Panel                       # print_latex(layout): append<2>(L, _1:_0), values
    tv_panel(layout_tv, tile_mn) -> Panel               # print_latex_tv(composition(identity(tile), TV), tile)
    mma_panels(tiled_mma) -> (C, A, B, (M, N, K))       # print_latex / print_svg of MMA_Atom / TiledMMA
    copy_panels(tiled_copy) -> (S, D, (M, N))           # print_latex of TiledCopy
    coord_tensor(tile_mn, layout_tv, arith=True)        # -> CoordLayout (printable, evaluates to (m, n))

Coordinate-valued layouts.  CuTe draws TV pictures from ``composition(make_identity_tensor(tile), TV)``,
whose strides are ScaledBasis values (``_2@1``).  The engine has integer strides only, so the identity is
modelled exactly by the integer layout ``tile:(_1, _BIG)``: composition splits and coalesces modes by
shape and by ``shape*stride == next stride``, and with BIG larger than any in-tile offset no mode-0 piece
can ever merge with a mode-1 piece -- exactly as ``_1@0`` and ``_1@1`` never merge.  A stride ``k*BIG``
prints ``k@1``, a stride ``k < BIG`` prints ``k@0``; a value ``m + n*BIG`` is the coordinate ``(m, n)``.
"""

from __future__ import annotations

import itertools

from cutedump.algebra import UNDERSCORE, C, Layout, append, composition, logical_divide, make_layout, rank, size
from cutedump.algebra.evaluate import SMALL, have_numpy, table, table_list
from cutedump.algebra.integer import is_static
from cutedump.algebra.inttuple import fmt, is_int_tuple, is_tuple, product, product_each
from cutedump.algebra.swizzle import ComposedLayout
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate_layout

BIG_BITS = 32
BIG = 1 << BIG_BITS


class Cell:
    m: int  # row (CuTe's first coordinate)
    n: int  # column
    value: int | None = None  # layout value (plain layouts)
    tid: int | None = None  # thread id (TV pictures)
    vid: int | None = None  # value id (TV pictures)

    def __init__(self, m, n, value=None, tid=None, vid=None):
        self.m = m
        self.n = n
        self.value = value
        self.tid = tid
        self.vid = vid

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(m={self.m!r}, n={self.n!r}, value={self.value!r}, "
            f"tid={self.tid!r}, vid={self.vid!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.m, self.n, self.value, self.tid, self.vid) == (
                other.m,
                other.n,
                other.value,
                other.tid,
                other.vid,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable


class Panel:
    kind: str  # "layout" or "tv"
    rows: int
    cols: int
    cells: list  # Cells in CuTe's emission order
    title: str = ""  # CuTe's print of the drawn object
    name: str = ""  # "", "C", "A", "B", "S", "D"

    def __init__(self, kind, rows, cols, cells=None, title="", name=""):
        self.kind = kind
        self.rows = rows
        self.cols = cols
        self.cells = list() if cells is None else cells
        self.title = title
        self.name = name

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(kind={self.kind!r}, rows={self.rows!r}, cols={self.cols!r}, "
            f"cells={self.cells!r}, title={self.title!r}, name={self.name!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.kind, self.rows, self.cols, self.cells, self.title, self.name) == (
                other.kind,
                other.rows,
                other.cols,
                other.cells,
                other.title,
                other.name,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    def table(self):
        """rows x cols nested lists: the value (layout) or (tid, vid) (TV) of each cell, None if empty."""
        t = [[None] * self.cols for _ in range(self.rows)]
        for c in self.cells:
            t[c.m][c.n] = c.value if self.kind == "layout" else (c.tid, c.vid)
        return t


# --------------------------------------------------------------------------------------- plain layouts


def _split(layout):
    """(swizzle-or-None, offset, base layout) of a Layout or ComposedLayout."""
    if isinstance(layout, ComposedLayout):
        return layout.a, layout.offset, layout.b
    return None, 0, layout


def as_rank2(layout):
    """CuTe's ``append<2>(layout, Layout<_1,_0>{})`` (also inside a composed layout); rank > 2 is refused
    as CuTe's ``CUTE_STATIC_ASSERT_V(rank(layout_a) <= Int<2>{})`` does."""
    sw, off, base = _split(layout)
    if not isinstance(base, Layout):
        raise CuteDumpError(f"expected a layout, got {layout}")
    r = int(rank(base))
    if r > 2:
        raise CuteDumpError(f"print_latex needs rank(layout) <= 2; {layout} has rank {r}")
    view = base if r == 2 else append(base, Layout(C(1), C(0)), 2)
    if sw is not None:
        view = ComposedLayout(sw, off, view)
    return view


def layout_panel(layout) -> Panel:
    """The cells of ``print_latex(layout)``: row-major over (m, n), value = layout(m, n)."""
    view = as_rank2(layout)
    _, _, base = _split(view)
    M, N = int(size(base, 0)), int(size(base, 1))
    vals = table_list(view) if M and N else []  # plain Python below SMALL cells: no numpy import
    cells = [Cell(m, n, value=int(vals[m][n])) for m in range(M) for n in range(N)]
    return Panel("layout", M, N, cells, title=str(view))


# --------------------------------------------------------------------------------------- TV pictures


def _basis_fmt(d) -> str:
    v = int(d)
    if v == 0:
        return fmt(d)
    k, mode = (v // BIG, 1) if v % BIG == 0 else (v, 0)
    kk = C(k) if isinstance(d, C) else k
    return f"{fmt(kk)}@{mode}"


def _basis_tuple(t) -> str:
    if isinstance(t, tuple):
        return "(" + ",".join(_basis_tuple(e) for e in t) + ")"
    return _basis_fmt(t)


class CoordLayout:
    """``composition(make_identity_{layout,tensor}(tile_mn), layout)`` for a flat rank-2 tile.

    ``str()`` is CuTe's print (``ArithTuple(_0,_0) o `` prefix for the tensor form); calling it with
    (tid, vid) gives the (m, n) coordinate.
    """

    def __init__(self, proxy, arith: bool):
        self.proxy = proxy  # the integer layout: value m + n*BIG
        self.arith = arith

    @property
    def shape(self):
        return self.proxy.shape

    def __str__(self):
        s = f"{fmt(self.proxy.shape)}:{_basis_tuple(self.proxy.stride)}"
        return ("ArithTuple(_0,_0) o " + s) if self.arith else s

    __repr__ = __str__

    def coord_arrays(self):
        """(m, n): two (T, V) int64 numpy arrays of the (m, n) coordinate of each (tid, vid)."""
        if int(rank(self.proxy)) != 2:
            raise CuteDumpError(f"a TV layout must have rank 2; {self} has rank {int(rank(self.proxy))}")
        t = table(self.proxy)
        return t % BIG, t // BIG  # numpy's % and // floor like Python's: the same split as int(v)

    def coords(self):
        """(T, V) nested lists of (m, n) coordinates, T = size<0>, V = size<1> (plain Python up to SMALL pairs)."""
        if int(rank(self.proxy)) == 2 and (int(size(self.proxy)) <= SMALL or not have_numpy()):
            return [[(v % BIG, v // BIG) for v in row] for row in table_list(self.proxy)]
        m, n = self.coord_arrays()
        return [list(zip(rm, rn)) for rm, rn in zip(m.tolist(), n.tolist())]

    def __call__(self, tid, vid):
        v = int(self.proxy(tid, vid))
        return v % BIG, v // BIG


def identity_proxy(tile_mn):
    """The integer stand-in for ``make_identity_layout(tile_mn)`` (flat rank-2 tiles)."""
    return Layout(tuple(tile_mn), (C(1), C(BIG)))


def flat_tile(tile, what="tile") -> tuple:
    """``product_each(shape(tile))`` for a tile given as an int tuple or a tuple of layouts/ints."""
    if isinstance(tile, Layout):
        tile = tile.shape
    if not is_tuple(tile):
        raise CuteDumpError(f"{what} must have rank 2, e.g. (_8,_16)")
    out = []
    for t in tile:
        if not (isinstance(t, Layout) or is_int_tuple(t)):  # a _ where a size is needed
            raise CuteDumpError(f"{what}: each mode must be a size or a layout such as (_8,_16), got {fmt(t)}")
        out.append(size(t) if isinstance(t, Layout) else product(t))
    return tuple(out)


def coord_tensor(tile_mn, layout_tv, arith: bool = True) -> CoordLayout:
    """``composition(make_identity_tensor(tile_mn), layout_tv)`` (arith) or ``..._layout`` (not arith)."""
    if not isinstance(layout_tv, Layout):
        raise CuteDumpError(f"a TV layout must be a plain layout, got {layout_tv}")
    tile = flat_tile(tile_mn)
    if len(tile) != 2:
        raise CuteDumpError(f"the tile must have rank 2, got {len(tile)} modes")
    for t in tile:
        if int(t) >= BIG:
            raise CuteDumpError("tile too large")
    return CoordLayout(composition(identity_proxy(tile), layout_tv), arith)


def first_holders(cl: CoordLayout, rows, cols, what="TV layout"):
    """CuTe's ``filled`` tensor, vectorised: (m, n, tid, vid) int64 arrays of the first (thread, value) writing each
    element of the rows x cols tile, in tid-major, vid-minor order of first writing (the order CuTe emits cells).
    A (tid, vid) outside the tile is refused, naming the first one in that order."""
    import numpy as np  # start-up: `cutedump layout` draws no TV picture and loads no numpy

    m, n = cl.coord_arrays()
    T, V = m.shape
    if m.size == 0:
        e = np.zeros(0, dtype=np.int64)
        return e, e, e, e
    out = (m < 0) | (m >= rows) | (n < 0) | (n >= cols)
    if out.any():
        tid, vid = divmod(int(np.flatnonzero(out)[0]), V)
        raise CuteDumpError(
            f"{what} maps (T{tid}, V{vid}) to ({int(m[tid, vid])},{int(n[tid, vid])}), outside the {rows}x{cols} tile"
        )
    m, n = m.ravel(), n.ravel()
    _, first = np.unique(m * cols + n, return_index=True)
    first.sort()
    return m[first], n[first], first // V, first % V


def first_holders_list(cl: CoordLayout, rows, cols, what="TV layout"):
    """:func:`first_holders` as four lists; plain Python (no numpy import) up to SMALL (tid, vid) pairs, and at every
    size where numpy is missing (the web page)."""
    if int(rank(cl.proxy)) != 2 or (int(size(cl.proxy)) > SMALL and have_numpy()):
        return tuple(a.tolist() for a in first_holders(cl, rows, cols, what))
    vals = table_list(cl.proxy)
    seen, out = set(), []
    for tid, row in enumerate(vals):
        for vid, v in enumerate(row):
            m, n = v % BIG, v // BIG
            if m < 0 or m >= rows or n < 0 or n >= cols:
                raise CuteDumpError(f"{what} maps (T{tid}, V{vid}) to ({m},{n}), outside the {rows}x{cols} tile")
            k = m * cols + n
            if k not in seen:
                seen.add(k)
                out.append((m, n, tid, vid))
    return tuple(list(c) for c in zip(*out)) if out else ([], [], [], [])


def _tv_cells(cl: CoordLayout, rows, cols, transpose=False, what="TV layout"):
    """First-writer-wins cells over tid-major, vid-minor order (CuTe's ``filled`` tensor)."""
    m, n, tid, vid = first_holders_list(cl, rows, cols, what)
    if transpose:
        m, n = n, m
    return [Cell(*c) for c in zip(m, n, itertools.repeat(None), tid, vid)]


def _static_tile(tile, what):
    if not all(is_static(t) for t in tile):
        raise CuteDumpError(f'{what} needs a static tile (CuTe: "Dynamic owning tensors not supported")')


def tv_panel(layout_tv, tile_mn, arith: bool = False, name: str = "", tv_obj: CoordLayout | None = None) -> Panel:
    """Cells of ``print_latex_tv(composition(make_identity_layout(tile), TV), tile)``."""
    tile = flat_tile(tile_mn)
    _static_tile(tile, "print_latex_tv")
    cl = tv_obj if tv_obj is not None else coord_tensor(tile, layout_tv, arith)
    M, N = int(tile[0]), int(tile[1])
    cells = _tv_cells(cl, M, N)
    return Panel("tv", M, N, cells, title=str(cl), name=name)


# --------------------------------------------------------------------------------------- MMA / copy


def _call_or_attr(obj, *names):
    for nm in names:
        if hasattr(obj, nm):
            v = getattr(obj, nm)
            return v() if callable(v) and not _is_layoutish(v) else v
    raise CuteDumpError(f"{type(obj).__name__} has none of {', '.join(names)}")


def _is_layoutish(v):
    return isinstance(v, Layout) or isinstance(v, tuple)


def _as_tiled_mma(obj):
    """MMA_Atom -> make_tiled_mma(atom) (what CuTe's print_latex(MMA_Atom) does)."""
    if hasattr(obj, "get_layoutC_TV") or hasattr(obj, "layoutC_TV"):
        return obj
    from cutedump.atoms.mma import make_tiled_mma  # start-up: the MMA catalogs load only when an MMA_Atom is drawn

    return make_tiled_mma(obj)


def mma_parts(tiled_mma):
    """(tile_mnk, layoutC_TV, layoutA_TV, layoutB_TV) of a TiledMMA-like object (duck-typed)."""
    mma = _as_tiled_mma(tiled_mma)
    if hasattr(mma, "tile_shape"):
        ts = mma.tile_shape() if callable(mma.tile_shape) else mma.tile_shape
    else:
        ts = _call_or_attr(mma, "tile_mnk", "get_tile_shape")
    tile = tuple(product(t) for t in ts)
    if len(tile) != 3:
        raise CuteDumpError("tile_shape of a TiledMMA must be (M,N,K)")
    lc = _call_or_attr(mma, "get_layoutC_TV", "layoutC_TV")
    la = _call_or_attr(mma, "get_layoutA_TV", "layoutA_TV")
    lb = _call_or_attr(mma, "get_layoutB_TV", "layoutB_TV")
    return tile, lc, la, lb


def mma_pairs(tiled_mma) -> int:
    """(thread, value) pairs the A, B and C panels of a TiledMMA picture walk."""
    _, lc, la, lb = mma_parts(tiled_mma)
    return int(size(lc)) + int(size(la)) + int(size(lb))


def copy_pairs(tiled_copy) -> int:
    """(thread, value) pairs the S and D panels of a TiledCopy picture walk."""
    S, D, _ = copy_coord_tensors(tiled_copy)
    return int(size(S.proxy)) + int(size(D.proxy))


def mma_panels(tiled_mma):
    """Panels C (at 0,0), A (M x K) and B (N x K) in CuTe's tid-major order, cells in panel coordinates,
    plus the CoordLayouts (whose str() is CuTe's ``print(tensorX_TV)``) and the tile (M, N, K)."""
    (M, N, K), lc, la, lb = mma_parts(tiled_mma)
    tC = coord_tensor((M, N), lc)
    tA = coord_tensor((M, K), la)
    tB = coord_tensor((N, K), lb)
    Mi, Ni, Ki = int(M), int(N), int(K)
    C_ = Panel("tv", Mi, Ni, _tv_cells(tC, Mi, Ni, what="LayoutC_TV"), str(tC), "C")
    A_ = Panel("tv", Mi, Ki, _tv_cells(tA, Mi, Ki, what="LayoutA_TV"), str(tA), "A")
    B_ = Panel("tv", Ni, Ki, _tv_cells(tB, Ni, Ki, what="LayoutB_TV"), str(tB), "B")
    return C_, A_, B_, (M, N, K)


def copy_tile_mn(tiled_copy):
    """CuTe: ``product_each(shape(logical_divide(make_layout(Shape<_1,_1>{}), Tiler_MN{})))``."""
    if hasattr(tiled_copy, "tile_mn") and not callable(tiled_copy.tile_mn):
        return tuple(tiled_copy.tile_mn)
    tiler = _call_or_attr(tiled_copy, "Tiler_MN", "tiler_mn", "get_tiler_mn")
    return tuple(product_each(logical_divide(make_layout((C(1), C(1))), tiler).shape))


def _slice0(layout3):
    """``layout(_,_,Int<0>{})`` of a rank-3 layout (offset is 0 at index 0)."""
    r = int(rank(layout3))
    if r == 2:
        return layout3
    if r != 3:
        raise CuteDumpError(f"tidfrg result must have rank 3, got {layout3}")
    return layout3((UNDERSCORE, UNDERSCORE, C(0)))


def copy_coord_tensors(tiled_copy):
    """(S, D, tile_mn): CuTe's ``copy.tidfrg_S(make_identity_tensor(tile_mn))(_,_,0)`` and the D side.

    The TiledCopy offers ``tidfrg_S(layout)`` / ``tidfrg_D(layout)`` accepting any layout of shape tile_mn
    (we pass the integer identity stand-in: exactly CuTe's computation), or else ``get_layoutS_TV()`` /
    ``get_layoutD_TV()`` (integer (tid,vid) -> index of the col-major tile_mn, composed with the identity
    here; the same picture only when the tiler is a plain shape -- layout tilers such as those of
    make_tiled_copy_C_atom permute the tile and need tidfrg)."""
    tile = copy_tile_mn(tiled_copy)
    if hasattr(tiled_copy, "tidfrg_S") and hasattr(tiled_copy, "tidfrg_D"):
        proxy = identity_proxy(tile)
        S = CoordLayout(_slice0(tiled_copy.tidfrg_S(proxy)), True)
        D = CoordLayout(_slice0(tiled_copy.tidfrg_D(proxy)), True)
    else:
        ls = _call_or_attr(tiled_copy, "get_layoutS_TV", "layoutS_TV")
        ld = _call_or_attr(tiled_copy, "get_layoutD_TV", "layoutD_TV")
        S, D = coord_tensor(tile, ls), coord_tensor(tile, ld)
    return S, D, tile


def copy_panels(tiled_copy):
    S, D, (M, N) = copy_coord_tensors(tiled_copy)
    Mi, Ni = int(M), int(N)
    S_ = Panel("tv", Mi, Ni, _tv_cells(S, Mi, Ni, what="Layout S TV"), str(S), "S")
    D_ = Panel("tv", Mi, Ni, _tv_cells(D, Mi, Ni, what="Layout D TV"), str(D), "D")
    return S_, D_, (M, N)


# --------------------------------------------------------------------------------------- inputs


def parse_drawable(text: str):
    """A layout from text (see :func:`cutedump.expr.evaluate_layout`, which also takes the smem_ptr form)."""
    return evaluate_layout(text)
