"""cutedump as a library: CuTe's names and conventions in Python (``from cutedump import ...``).

Everything here is a thin layer over the engine (``cutedump.algebra``, ``cutedump.atoms``) and the views
(``cutedump.render``): arguments are coerced (CuTe print syntax strings, pycute objects), results are the
engine's own objects, whose ``str()`` is CuTe's ``print``.

>>> from cutedump import Layout, composition, _
>>> L = Layout("((_4,_8),(_2,_2)):((_32,_1),(_16,_8))")
>>> composition(L, "(_32,_2)")
((_4,_8),_2):((_32,_1),_16)
>>> L(17), L[1], L(_, 1)
(36, (_2,_2):(_16,_8), ((_4,_8)):((_32,_1)))

Notebook display: importing this module gives Layout, ComposedLayout, MMA atoms, TiledMMA and TiledCopy a
picture (``_repr_svg_`` and an interactive ``_repr_html_``) and CuTe's print as their plain-text form
(``_repr_pretty_``); objects larger than :data:`DISPLAY_MAX_CELLS` cells, or that cannot be drawn, show the
text only.  The algebra itself never imports a renderer: the methods are attached here.
"""

from __future__ import annotations

import sys

from cutedump import algebra as A
from cutedump import interop
from cutedump.algebra.integer import C
from cutedump.algebra.inttuple import UNDERSCORE
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate, evaluate_layout

_ = UNDERSCORE
DISPLAY_MAX_CELLS = 16384  # notebook pictures above this many cells degrade to CuTe's text print

_NAMES = {"LayoutLeft", "LayoutRight", "GenColMajor", "GenRowMajor"}

# Start-up: the first ``cd.Layout(...)`` loads the algebra and the parser only. The atoms (their catalogs) and the
# renderers load on first use: the atom classes through module __getattr__ below, the views inside the functions.
_ATOM_CLASSES = {
    "MMAAtom": "mma",
    "TiledMMA": "mma",
    "ThrMMA": "mma",
    "CopyAtom": "copy",
    "TiledCopy": "copy",
    "ThrCopy": "copy",
}
_ATOMS_DISPLAYED: list = []


def _atoms():
    """cutedump.atoms, loaded on first use; its classes get their notebook display then."""
    from cutedump import atoms  # start-up: the MMA/Copy catalogs load on first use

    if not _ATOMS_DISPLAYED:
        _attach_display((atoms.MMAAtom, atoms.TiledMMA, atoms.TiledCopy), (atoms.CopyAtom,))
        _ATOMS_DISPLAYED.append(True)
    return atoms


def __getattr__(name):
    if name in _ATOM_CLASSES:
        return getattr(_atoms(), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ------------------------------------------------------------------------------------------ coercion


def _coerce(x):
    """CuTe print syntax strings -> objects; pycute / CuTe DSL objects -> ours; tuples element-wise."""
    if isinstance(x, str):
        if x in _NAMES:
            return x
        return evaluate(x)
    if isinstance(x, tuple):
        return tuple(_coerce(e) for e in x)
    if interop.is_pycute(x):
        return interop.from_pycute(x)
    if interop.is_dsl(x):
        return interop.from_dsl(x)
    return x


def _public(fn, name=None):
    """Wrap an engine function so that it takes strings and pycute/DSL objects wherever it takes a layout."""

    def wrapper(*args, **kwargs):
        return fn(*(_coerce(a) for a in args), **{k: _coerce(v) for k, v in kwargs.items()})

    # functools.wraps' copies, without importing functools (with collections: ~3 ms of the API's first use)
    wrapper.__doc__ = fn.__doc__
    wrapper.__annotations__ = getattr(fn, "__annotations__", {})
    wrapper.__dict__.update(getattr(fn, "__dict__", {}))
    wrapper.__wrapped__ = fn
    wrapper.__name__ = wrapper.__qualname__ = name or fn.__name__
    wrapper.__module__ = "cutedump"
    return wrapper


class _LayoutType(type):
    """``Layout(...)`` builds an engine layout; ``isinstance(x, Layout)`` is true of every engine layout."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, A.Layout)

    def __subclasscheck__(cls, sub):
        return issubclass(sub, A.Layout)

    def __call__(cls, shape, stride=None):
        if isinstance(shape, str):
            if stride is not None:
                raise CuteDumpError("Layout(text) takes no stride: write it in the text, e.g. (_4,_8):(_1,_4)")
            obj = evaluate_layout(shape)
            if not isinstance(obj, A.Layout):
                raise CuteDumpError(f"{shape.strip()!r} is a swizzled layout ({obj}); use cutedump.layout(text)")
            return obj
        if stride is None and (interop.is_pycute(shape) or interop.is_dsl(shape)):
            obj = _coerce(shape)
            if not isinstance(obj, A.Layout):
                raise CuteDumpError(f"expected a layout, got {obj}")
            return obj
        return A.make_layout(_coerce(shape)) if stride is None else A.Layout(_coerce(shape), _coerce(stride))


class Layout(metaclass=_LayoutType):
    """CuTe's ``Layout``: ``Layout(shape, stride)``, ``Layout(shape)`` (LayoutLeft), or ``Layout(text)`` in
    CuTe's print syntax.  Python ints are dynamic (``int``), ``Int(8)`` / ``_8`` are static (``Int<8>``).

    >>> from cutedump import Layout, Int
    >>> Layout((Int(4), Int(8)), (Int(1), Int(4)))
    (_4,_8):(_1,_4)
    >>> Layout((4, 8))
    (4,8):(_1,4)
    >>> L = Layout("(_4,_8):(_8,_1)"); L(1, 2), L(9), len(L), isinstance(L, Layout)
    (10, 10, 2, True)
    """


def Int(n: int):
    """CuTe's ``Int<n>{}``: a static integer (printed ``_n``)."""
    return C(int(n))


def layout(text: str):
    """A layout (plain or swizzled) from CuTe's print syntax, or any ``cutedump eval`` expression whose value is a
    layout (a bare shape gets LayoutLeft strides).

    >>> from cutedump import layout
    >>> layout("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)")
    Sw<3,4,3> o _0 o (_8,_64):(_64,_1)
    >>> layout("left_inverse((_8,(_4,_2)):(_1,(_32,_16)))")
    (_16,_2,_4):(_1,_32,_8)
    """
    return evaluate_layout(text)


def eval(text: str):  # noqa: A001 - CuTe's expression language, as `cutedump eval`
    """Evaluate a ``cutedump eval`` expression; returns the engine object (``str()`` = CuTe's print)."""
    return evaluate(text)


# ------------------------------------------------------------------------------------------ algebra

_ALGEBRA = {
    "make_layout": A.make_layout,
    "make_ordered_layout": A.make_ordered_layout,
    "make_layout_like": A.make_layout_like,
    "make_composed_layout": A.make_composed_layout,
    "shape": A.shape,
    "stride": A.stride,
    "size": A.size,
    "rank": A.rank,
    "depth": A.depth,
    "cosize": A.cosize,
    "coshape": A.coshape,
    "get": A.get,
    "take": A.take,
    "select": A.select,
    "flatten": A.flatten_layout,
    "append": A.append,
    "prepend": A.prepend,
    "replace": A.replace,
    "group": A.group,
    "coalesce": A.coalesce,
    "filter": A.filter_,
    "filter_zeros": A.filter_zeros,
    "composition": A.composition,
    "complement": A.complement,
    "right_inverse": A.right_inverse,
    "left_inverse": A.left_inverse,
    "max_common_layout": A.max_common_layout,
    "max_common_vector": A.max_common_vector,
    "nullspace": A.nullspace,
    "with_shape": A.with_shape,
    "logical_divide": A.logical_divide,
    "zipped_divide": A.zipped_divide,
    "tiled_divide": A.tiled_divide,
    "flat_divide": A.flat_divide,
    "logical_product": A.logical_product,
    "zipped_product": A.zipped_product,
    "tiled_product": A.tiled_product,
    "flat_product": A.flat_product,
    "blocked_product": A.blocked_product,
    "raked_product": A.raked_product,
    "tile_to_shape": A.tile_to_shape,
    "upcast": A.upcast,
    "downcast": A.downcast,
    "recast_layout": A.recast_layout,
    "zip": A.zip_layout,
    "as_position_independent_swizzle_layout": A.as_position_independent_swizzle_layout,
    "product": A.product,
    "ceil_div": A.ceil_div,
    "shape_div": A.shape_div,
    "congruent": A.congruent,
    "weakly_congruent": A.weakly_congruent,
    "compatible": A.compatible,
    "idx2crd": A.idx2crd,
    "crd2idx": A.crd2idx,
}
for _n, _f in _ALGEBRA.items():
    setattr(sys.modules[__name__], _n, _public(_f, _n))


# ------------------------------------------------------------------------------------------ atoms


def MMA_Atom(name: str) -> MMAAtom:
    """CuTe's ``MMA_Atom<Op>{}`` by catalog name (``cutedump atoms --mma``), e.g. ``"SM80_16x8x16_F16F16F16F16_TN"``
    or ``"UniversalFMA<float,float,float>"``."""
    return _atoms().mma_atom(name)


def Copy_Atom(name: str, value_type: str) -> CopyAtom:
    """CuTe's ``Copy_Atom<Op, T>{}``, e.g. ``Copy_Atom("SM75_U32x4_LDSM_N", "half_t")``."""
    return _atoms().copy_atom(name, value_type)


def make_tiled_mma(atom, atom_layout=None, permutations=None) -> TiledMMA:
    """CuTe's ``make_tiled_mma(atom, atom_layout = Layout<Shape<_1,_1,_1>>{}, permutations = Tile<_,_,_>{})``.
    ``atom`` is an :func:`MMA_Atom` or its name; layouts as objects or CuTe syntax strings."""
    return _atoms().make_tiled_mma(atom, _coerce_layout_arg(atom_layout), _coerce_tile_arg(permutations))


def make_tiled_copy(atom, thr_layout=None, val_layout=None, value_type=None) -> TiledCopy:
    """CuTe's ``make_tiled_copy(copy_atom, thr_layout, val_layout)``; ``atom`` is a :func:`Copy_Atom` (or a name
    with ``value_type``)."""
    return _atoms().make_tiled_copy(
        atom, _coerce_layout_arg(thr_layout), _coerce_layout_arg(val_layout), value_type=value_type
    )


def _operand_copy(name):
    def f(atom, mma, value_type=None):
        return getattr(_atoms(), name)(atom, mma, value_type=value_type)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"CuTe's ``{name}(copy_atom, tiled_mma)``."
    return f


make_tiled_copy_A = _operand_copy("make_tiled_copy_A")
make_tiled_copy_B = _operand_copy("make_tiled_copy_B")
make_tiled_copy_C = _operand_copy("make_tiled_copy_C")
make_tiled_copy_C_atom = _operand_copy("make_tiled_copy_C_atom")


def _coerce_layout_arg(x):
    if x is None or isinstance(x, str):
        return x
    x = _coerce(x)
    return x if isinstance(x, A.Layout) else A.make_layout(x)


def _coerce_tile_arg(x):
    return x if x is None or isinstance(x, str) else _coerce(x)


# ------------------------------------------------------------------------------------------ views


def _kind(obj, tile=None):
    """'layout' | 'tv' | 'mma' | 'copy' for the views' dispatch."""
    obj = _coerce(obj) if not isinstance(obj, str) else evaluate_layout(obj)
    if isinstance(obj, (A.Layout, ComposedLayout)):  # an smem_ptr flag is drawn as print_layout draws it
        return ("layout" if tile is None else "tv"), A.as_position_independent_swizzle_layout(obj)
    atoms = _atoms()
    if isinstance(obj, atoms.TiledCopy):
        return "copy", obj
    if isinstance(obj, (atoms.TiledMMA, atoms.MMAAtom)):
        return "mma", obj
    raise CuteDumpError(f"cannot draw a {type(obj).__name__}: expected a layout, TiledMMA, MMA_Atom or TiledCopy")


def _tile(tile):
    from cutedump.render import grid as _grid  # start-up: views load on first use

    return _grid.flat_tile(_coerce(tile), "tile")


def print_layout(layout, file=None) -> None:
    """CuTe's ``print_layout(layout)`` (rank 2, plain or swizzled).

    >>> from cutedump import print_layout
    >>> print_layout("(_2,_3):(_3,_1)")
    (_2,_3):(_3,_1)
           0   1   2
        +---+---+---+
     0  | 0 | 1 | 2 |
        +---+---+---+
     1  | 3 | 4 | 5 |
        +---+---+---+
    """
    kind, obj = _kind(layout)
    if kind != "layout":
        raise CuteDumpError("print_layout takes a layout")
    from cutedump.render import text as _text  # start-up: views load on first use

    print(_text.print_layout(obj), end="", file=file)


def latex(obj, tile=None) -> str:
    """CuTe's ``print_latex`` text: of a layout, of a TV layout over ``tile`` (``print_latex_tv``), of an MMA_Atom /
    TiledMMA, or of a TiledCopy."""
    kind, o = _kind(obj, tile)
    from cutedump.render import latex as _latex  # start-up: views load on first use

    if kind == "layout":
        return _latex.print_latex(o)
    if kind == "tv":
        return _latex.print_latex_tv(o, _tile(tile))
    return _latex.print_latex_mma(o) if kind == "mma" else _latex.print_latex_copy(o)


def svg(obj, tile=None) -> str:
    """SVG text: CuTe's ``print_svg`` of an MMA_Atom / TiledMMA (byte for byte); for layouts, TV layouts and
    TiledCopy cutedump's pictures in the same visual language."""
    kind, o = _kind(obj, tile)
    from cutedump.render import svg as _svg  # start-up: views load on first use

    if kind == "layout":
        return _svg.layout_svg(o)
    if kind == "tv":
        return _svg.tv_svg(o, _tile(tile))
    return _svg.print_svg_mma(o) if kind == "mma" else _svg.copy_svg(o)


def html(obj, tile=None) -> str:
    """A self-contained interactive HTML page (no network): the picture, hover tooltips (coordinate, index,
    offset) or (thread, value, element), click a thread to highlight its values."""
    kind, o = _kind(obj, tile)
    from cutedump.render import html as _html  # start-up: views load on first use

    return _html.page(kind, o, _tile(tile) if kind == "tv" else None)


def print_latex(obj, tile=None, file=None) -> None:
    """CuTe's ``print_latex`` (a standalone TikZ document) printed to ``file`` (stdout)."""
    print(latex(obj, tile), end="", file=file)


def print_svg(obj, tile=None, file=None) -> None:
    """CuTe's ``print_svg`` (MMA) / cutedump's SVG picture printed to ``file`` (stdout)."""
    print(svg(obj, tile), end="", file=file)


# ------------------------------------------------------------------------------------------ notebook display


def _cells(kind, obj) -> int | None:
    """Cells a picture would have, or None when it cannot be drawn (rank > 2, dynamic tile, ...)."""
    try:
        if kind == "layout":
            base = obj.b if isinstance(obj, ComposedLayout) else obj
            if int(A.rank(base)) > 2:
                return None
            return int(A.size(base))
        from cutedump.render import grid as _grid  # start-up: views load on first use

        if kind == "mma":  # a picture walks every (thread, value) pair too: the larger count decides
            (M, N, K), *_r = _grid.mma_parts(obj)
            return max(int(M) * int(N) + int(M) * int(K) + int(N) * int(K), _grid.mma_pairs(obj) // 64)
        M, N = _grid.copy_tile_mn(obj)
        return max(2 * int(M) * int(N), _grid.copy_pairs(obj) // 64)
    except (CuteDumpError, TypeError, ValueError):
        return None


def _displayable(obj):
    try:
        kind, o = _kind(obj)
    except CuteDumpError:
        return None
    n = _cells(kind, o)
    if n is None or n > DISPLAY_MAX_CELLS:
        return None
    return kind, o


def _repr_svg_(self):
    d = _displayable(self)
    if d is None:
        return None
    try:
        return svg(d[1])
    except CuteDumpError:
        return None


def _repr_html_(self):
    d = _displayable(self)
    if d is None:
        return None
    from cutedump.render import html as _html  # start-up: views load on first use

    try:
        return _html.fragment(d[0], d[1], None)
    except CuteDumpError:
        return None


def _repr_pretty_(self, p, cycle):
    p.text(str(self).rstrip("\n"))


def _attach_display(pictured, text_only):
    """Notebook display: a picture and CuTe's print for ``pictured`` classes, the print only for ``text_only``."""
    for cls in pictured:
        cls._repr_svg_ = _repr_svg_
        cls._repr_html_ = _repr_html_
    for cls in (*pictured, *text_only):
        cls._repr_pretty_ = _repr_pretty_


_attach_display((A.Layout, ComposedLayout), (Swizzle,))
if "cutedump.atoms" in sys.modules:  # loaded before this module: its classes get their display now
    _atoms()


# ------------------------------------------------------------------------------------------ GMMA / UMMA smem


def smem_layout_atom(name: str, value_type: str) -> ComposedLayout:
    """``GMMA::Layout_K_SW128_Atom<T>{}`` and the other smem layout atoms of mma_traits_sm90_gmma.hpp /
    mma_traits_sm100.hpp (``UMMA::Layout_MN_SW128_32B_Atom``): a ComposedLayout whose offset is CuTe's
    ``smem_ptr_flag`` (the swizzle acts on byte addresses).

    >>> from cutedump import smem_layout_atom, eval
    >>> smem_layout_atom("GMMA::Layout_K_SW128_Atom", "half_t")
    Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)
    >>> eval("tile_to_shape(Layout_MN_SW64_Atom<float>, (_64,_8))")
    Sw<2,4,3> o smem_ptr[32b](unset) o ((_16,_4),(_8,_1)):((_1,_128),(_16,_0))
    """
    from cutedump.algebra import smem as _smem  # start-up: loaded with the first smem atom

    return _smem.smem_atom(name, _atoms().value_type_bits(value_type))


def ss_smem_selector(major: str, value_type: str, blk_mn, blk_k) -> ComposedLayout:
    """CUTLASS's ``detail::ss_smem_selector<GMMA::Major::<major>, T, BLK_MN, BLK_K>()``: the widest swizzle atom
    that fits the tile.

    >>> from cutedump import ss_smem_selector
    >>> ss_smem_selector("K", "half_t", 128, 32)
    Sw<2,4,3> o smem_ptr[16b](unset) o (_8,_32):(_32,_1)
    """
    from cutedump.algebra import smem as _smem  # start-up: loaded with the first smem atom

    return _smem.ss_smem_selector(major, _atoms().value_type_bits(value_type), blk_mn, blk_k)


def make_gmma_desc(major: str, smem, value_type: str, smem_address: int | None = None, kind: str = "gmma"):
    """``make_gmma_desc<GMMA::Major::<major>>(make_tensor(make_smem_ptr<T>(addr), smem))`` (kind "umma":
    ``make_umma_desc``): the descriptor (``.value``, ``.fields()``, ``.cute_print()`` = CuTe's ``print``);
    a layout that is not canonical raises CuTe's static_assert text.

    >>> from cutedump import make_gmma_desc
    >>> d = make_gmma_desc("K", "tile_to_shape(GMMA::Layout_K_SW32_Atom<half_t>, (_64,_16))", "half_t")
    >>> d.hex(), d.fields()["stride_byte_offset"], d.layout_type_name
    ('0xc000001000010000', 16, 'B32')
    """
    from cutedump.atoms import smem_desc as _d  # start-up: loaded with the first descriptor

    if isinstance(smem, str):
        smem = _d.parse_smem_layout(smem)
    return _d.make_desc(kind, major, _d.smem_operand(smem, value_type, smem_address)).desc


def GmmaDescriptor(value: int, kind: str = "gmma"):
    """A descriptor from its 64 bits (``GmmaDescriptor(uint64_t)``; kind "umma": ``UMMA::SmemDescriptor``).

    >>> from cutedump import GmmaDescriptor
    >>> print(GmmaDescriptor(0x4000004000010000).cute_print(), end="")
    GmmaDescriptor: 0x4000004000010000
      start_addr :  0x0000
      leading_off:  0x0001 (1)
      stride_off :  0x0040 (64)
      base_offset:  0x0
      layout_type:  0x1 (B128)
    """
    from cutedump.atoms import smem_desc as _d  # start-up: loaded with the first descriptor

    return _d.SmemDescriptor(kind, int(value))


def partition_fragment_desc(tiled_mma, thread: int, operand: str, smem, smem_address: int | None = None):
    """``thr_mma.partition_fragment_A/B(sX)`` of an SS GMMA TiledMMA: the descriptor tensor (``.cute_print()``,
    ``.layout``, ``.descriptors`` in index order).

    >>> from cutedump import make_tiled_mma, partition_fragment_desc
    >>> mma = make_tiled_mma("SM90_64x64x16_F16F16F16_SS<K,K>")
    >>> f = partition_fragment_desc(mma, 0, "A", "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_64,_64))")
    >>> f.cute_print(), [d.hex() for d in f.descriptors][:2]
    ('GMMA::DescriptorIterator o (_1,_1,_4):(_0,_0,_2)', ['0x4000004000010000', '0x4000004000010002'])
    """
    from cutedump.atoms import smem_desc as _d  # start-up: loaded with the first descriptor

    if isinstance(smem, str):
        smem = _d.parse_smem_layout(smem)
    return _d.desc_fragment(tiled_mma, thread, operand, smem, smem_address)


from_pycute = interop.from_pycute
to_pycute = interop.to_pycute
from_dsl = interop.from_dsl

__all__ = [
    "Layout",
    "Swizzle",
    "ComposedLayout",
    "Int",
    "layout",
    "eval",
    "_",
    "MMA_Atom",
    "Copy_Atom",
    "TiledMMA",
    "TiledCopy",
    "ThrMMA",
    "ThrCopy",
    "make_tiled_mma",
    "make_tiled_copy",
    "make_tiled_copy_A",
    "make_tiled_copy_B",
    "make_tiled_copy_C",
    "make_tiled_copy_C_atom",
    "print_layout",
    "print_latex",
    "print_svg",
    "latex",
    "svg",
    "html",
    "from_pycute",
    "to_pycute",
    "from_dsl",
    "CuteDumpError",
    "DISPLAY_MAX_CELLS",
    "smem_layout_atom",
    "ss_smem_selector",
    "make_gmma_desc",
    "GmmaDescriptor",
    "partition_fragment_desc",
] + list(_ALGEBRA)
