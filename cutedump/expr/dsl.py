"""The CuTe DSL's spelling of the eval language: its function table and its evaluation.

``cute.make_layout((4, 8), stride=(8, 1))`` is ``make_layout(make_shape(_4{},_8{}), make_stride(_8{},_1{}))``: each
DSL function is a row of :data:`DSL_FUNCTIONS` -- its DSL name, its parameters as the DSL declares them (positional,
keyword-only, defaults: ``nvidia-cutlass-dsl`` 4.8.1, ``cutlass/cute/core.py``) and the eval language's function it
calls (:data:`cutedump.expr.FUNCTIONS`, the C++ name), so one table, one grammar and one evaluation answer the three
spellings.

Integers: a Python ``int`` is a DSL compile-time (static) value; ``cutlass.Int32(n)`` is a run-time (dynamic) one,
whose value the DSL does not know while tracing: it prints ``?``. What the DSL does know is a dynamic value's
divisibility (``?{div=8}``: ``cute.assume(n, divby=8)``, the size of ``(4,?{div=2})``). cutedump evaluates an
expression once: a dynamic value is a :class:`cutedump.algebra.integer.Dyn`, which carries its divisibility through
the algebra by the rules of the DSL's MLIR ops (its docstring lists them); a CuTe ``IntValue``'s Python arithmetic
follows the same rules (a ``cutlass.Int32`` literal counting as its value), while arithmetic on a ``cutlass.Int32``
makes a new dynamic value of unknown divisibility, as the DSL's ``Int32`` arithmetic does.

Where the DSL answers what C++ CuTe refuses (a ``tile_to_shape`` whose shape is not a multiple of the atom, a
``complement`` of a non-injective layout), the algebra is asked the DSL's way (``cutedump.algebra.layout.LENIENT``).
What the DSL refuses while tracing, cutedump refuses with one error.
"""

from __future__ import annotations

from cutedump.algebra import C
from cutedump.algebra import inttuple as it
from cutedump.algebra import layout as _L
from cutedump.algebra import swizzle as _sw
from cutedump.algebra.basis import ArithTuple, ScaledBasis
from cutedump.algebra.integer import Dyn, is_static, wrap32
from cutedump.algebra.integer import div as _idiv
from cutedump.algebra.integer import mod as _imod
from cutedump.algebra.inttuple import UNDERSCORE
from cutedump.algebra.layout import Layout
from cutedump.algebra.smem_ptr import SmemPtrFlag
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.errors import CuteDumpError
from cutedump.expr import dsl_kinds as _kinds
from cutedump.expr import dsl_names as _names
from cutedump.expr.calls import _Evaluation
from cutedump.expr.functions import _REG, shape_of
from cutedump.expr.signatures import signature
from cutedump.expr.values import CountingTensor, format_result
from cutedump.parse import BinOp, Call, Lit, Tuple_, swizzle_limit_error
from cutedump.parse.dsl import (
    DslTensorPrint,
    PyAttr,
    PyCall,
    PyComp,
    PyIf,
    PyList,
    PyName,
    PySlice,
    PyStar,
    is_dsl_print,
    parse_dsl,
    read_dsl_print,
)

_REQ = object()  # a parameter without a default


class DType:
    """An element type as the DSL names it (``cutlass.Float16``): its name and width in bits."""

    __slots__ = ("name", "bits")

    def __init__(self, name, bits):
        self.name, self.bits = name, bits

    def __repr__(self):
        return self.name


class Enum_:
    """A member of one of the DSL's enums (``SmemLayoutAtomKind.K_SW128``, ``LayoutEnum.ROW_MAJOR``)."""

    __slots__ = ("cls", "name", "space")

    def __init__(self, cls, name, space=""):
        self.cls, self.name = cls, name
        self.space = space  # the module of a class two modules define (warpgroup / tcgen05 SmemLayoutAtomKind), or ""

    def __repr__(self):  # cute.ReductionKind's / AddressSpace's members print their name alone (the MLIR's enums)
        return self.name if self.cls in ("ReductionKind", "AddressSpace") else f"{self.cls}.{self.name}"

    def __eq__(self, o):
        return isinstance(o, Enum_) and (o.cls, o.name) == (self.cls, self.name)

    __hash__ = None


#: cutlass's numeric types -> width in bits (cutlass/base_dsl/typing.py)
DTYPES = {
    "Float16": 16,
    "BFloat16": 16,
    "Float32": 32,
    "TFloat32": 32,
    "Float64": 64,
    "Float8E4M3FN": 8,
    "Float8E5M2": 8,
    "Float8E8M0FNU": 8,
    "Float8E4M3": 8,
    "Float4E2M1FN": 4,
    "Float6E3M2FN": 6,
    "Float6E2M3FN": 6,
    "Int4": 4,
    "Int8": 8,
    "Uint8": 8,
    "Int16": 16,
    "Uint16": 16,
    "Int32": 32,
    "Uint32": 32,
    "Int64": 64,
    "Uint64": 64,
    "Int128": 128,
    "Boolean": 1,
}


def _by_value(members, values):
    return dict(zip(values, members))


#: the DSL's enums called with a value (``OperandMajorMode("mn")``, ``CtaGroup(2)``): class (``space.class`` where
#: warpgroup's and tcgen05's differ) -> value -> member, as ``Enum(value)`` answers in nvidia-cutlass-dsl 4.8.1
ENUM_VALUES = {
    "OperandMajorMode": {"mn": "MN", "MN": "MN", 1: "MN", "k": "K", "K": "K", 0: "K"},
    "warpgroup.SmemLayoutAtomKind": _by_value(
        ("MN_INTER", "MN_SW32", "MN_SW64", "MN_SW128", "K_INTER", "K_SW32", "K_SW64", "K_SW128"), range(1, 9)
    ),
    "tcgen05.SmemLayoutAtomKind": _by_value(
        ("MN_INTER", "MN_SW32", "MN_SW64", "MN_SW128", "MN_SW128_32B", "K_INTER", "K_SW32", "K_SW64", "K_SW128"),
        range(1, 10),
    ),
    "LayoutEnum": {"row_major": "ROW_MAJOR", "col_major": "COL_MAJOR"},
    "CtaGroup": {1: "ONE", 2: "TWO"},
    "tcgen05.OperandSource": {2: "TMEM", 0: "SMEM"},
    "warpgroup.OperandSource": {6: "RMEM", 0: "SMEM"},
    "LoadCacheMode": _by_value(("ALWAYS", "GLOBAL", "STREAMING", "LAST_USE", "NONE"), range(5)),
    "Repetition": {1 << i: f"x{1 << i}" for i in range(8)},
    "Pack": {1: "NONE", 2: "PACK_16b_IN_32b"},
    "Unpack": {1: "NONE", 2: "UNPACK_32b_IN_16b"},
    "ReductionKind": _by_value(("ADD", "MIN", "MAX", "INC", "DEC", "AND", "OR", "XOR"), range(8)),
}
#: the DSL's integer types whose call makes a dynamic value: cutlass.Int32(n)
DYNAMIC_INTS = frozenset({"Int8", "Uint8", "Int16", "Uint16", "Int32", "Uint32", "Int64", "Uint64"})
#: the DSL's enums: class -> members
ENUMS = {
    "SmemLayoutAtomKind": (
        "MN_INTER",
        "MN_SW32",
        "MN_SW64",
        "MN_SW128",
        "MN_SW128_32B",
        "K_INTER",
        "K_SW32",
        "K_SW64",
        "K_SW128",
    ),
    "LayoutEnum": ("ROW_MAJOR", "COL_MAJOR"),
    "OperandMajorMode": ("MN", "K"),
    "CtaGroup": ("ONE", "TWO"),
    "OperandSource": ("TMEM", "SMEM", "RMEM"),
    "LoadCacheMode": ("ALWAYS", "GLOBAL", "STREAMING", "LAST_USE", "NONE"),
    "Repetition": ("x1", "x2", "x4", "x8", "x16", "x32", "x64", "x128"),
    "Pack": ("NONE", "PACK_16b_IN_32b"),
    "Unpack": ("NONE", "UNPACK_32b_IN_16b"),
    "ReductionKind": ("ADD", "MIN", "MAX", "INC", "DEC", "AND", "OR", "XOR"),
    "AddressSpace": ("generic", "gmem", "smem", "dsmem", "tmem", "rmem", "cmem"),
}

#: module prefixes a name may carry (the longest first); what is left names a row of DSL_FUNCTIONS, a type or an enum
_PREFIXES = (
    "cutlass.cute.nvgpu.warp.",
    "cute.nvgpu.warp.",
    "nvgpu.warp.",
    "warp.",
    "cutlass.cute.nvgpu.warpgroup.",
    "cutlass.cute.nvgpu.tcgen05.",
    "cute.nvgpu.warpgroup.",
    "cute.nvgpu.tcgen05.",
    "nvgpu.warpgroup.",
    "nvgpu.tcgen05.",
    "warpgroup.",
    "tcgen05.",
    "cutlass.cute.nvgpu.cpasync.",
    "cute.nvgpu.cpasync.",
    "nvgpu.cpasync.",
    "cpasync.",
    "cutlass.utils.blackwell_helpers.",
    "cutlass.utils.sm100.",
    "utils.blackwell_helpers.",
    "utils.sm100.",
    "blackwell_helpers.",
    "sm100_utils.",
    "sm120_utils.",  # the GeForce examples' name for cutlass.utils.blackwell_helpers
    "sm100.",
    "cutlass.utils.blockscaled_layout.",
    "utils.blockscaled_layout.",
    "blockscaled_layout.",
    "blockscaled_utils.",
    "cutlass.utils.hopper_helpers.",
    "cutlass.utils.sm90.",
    "cutlass.utils.",
    "utils.hopper_helpers.",
    "utils.sm90.",
    "hopper_helpers.",
    "sm90_utils.",
    "sm90.",
    "cutlass.cute.",
    "cute.",
    "cutlass.",
    "cute.nvgpu.",
    "nvgpu.",
    "utils.",
    "copy.",  # tcgen05.copy.Ld32x32bOp: the module the tcgen05 copy ops are defined in
    "mma.",
)


def _known_names():
    """The bare names of the table (functions, types, enums), whose module is checked (cutedump.expr.dsl_names)."""
    k = _KNOWN
    if not k:
        k.update(n.rsplit(".", 1)[-1] for n in DSL_FUNCTIONS)
        k.update(ENUMS, DTYPES, DYNAMIC_INTS)
    return k


_KNOWN: set = set()


def _strip(name: str) -> tuple[str, str]:
    """``cute.nvgpu.warpgroup.make_smem_layout_atom`` -> ("warpgroup", "make_smem_layout_atom"): the namespace that
    matters (warpgroup / tcgen05 for the smem atoms) and the bare name."""
    ns = "tcgen05" if "tcgen05." in name or "blackwell_helpers." in name or "sm100" in name else "warpgroup"
    while True:
        for p in _PREFIXES:
            if name.startswith(p):
                name = name[len(p) :]
                break
        else:
            return ns, name


def _space(name: str) -> str:
    """The module a dotted name calls into, where two modules have a function of one name (``warp.MmaF16BF16Op``,
    ``tcgen05.MmaF16BF16Op``; hopper's and blackwell's ``make_smem_layout_a``): a key of a namespaced row of
    DSL_FUNCTIONS (``"tcgen05.MmaF16BF16Op"``), "" for a bare name."""
    for mark, space in (
        ("tcgen05.", "tcgen05"),
        ("warpgroup.", "warpgroup"),
        ("warp.", "warp"),
        ("cpasync.", "cpasync"),
        ("blackwell_helpers.", "sm100"),
        ("sm100.", "sm100"),
        ("sm100_utils.", "sm100"),
        ("sm120_utils.", "sm100"),
        ("hopper_helpers.", "sm90"),
        ("sm90.", "sm90"),
        ("sm90_utils.", "sm90"),
    ):
        if mark in name:
            return space
    return "utils" if name.startswith(("cutlass.utils.", "utils.")) else ""


# ---- the function table ------------------------------------------------------------------------------------
# name: (parameters, implementation). A parameter is "name" (positional, required), "name=" (positional or keyword,
# default None), "*name" (keyword only, default None), "*name!" (keyword only, required). The implementation gets
# the evaluation (ev) and the bound arguments (in order) and calls the eval language's functions through ev.call,
# so every argument is checked as C++ CuTe's signature checks it.


def _modes(m):
    """A DSL ``mode=`` argument (an int, a list, a tuple or ``()``) -> template arguments."""
    if m is None:
        return ()
    if isinstance(m, tuple):
        return tuple(int(x) for x in m)
    return (int(m),)


#: the DSL functions that check only the Python ints of a shape: a size the DSL's MLIR folded to a static 0
#: (``x * 0``, ``x % 4`` of a multiple of 16: an IntValue) passes (shape_div answers ``(0, 8)``)
_FOLDED_PASS = frozenset({"shape_div", "idx2crd"})


def _check_shape(name, shape, raw=None):
    """The DSL's ``_check_shape`` (cutlass/cute/core.py, where a shape is packed): a static size must be positive;
    with ``raw`` (the shape as the DSL has it, congruent) a size that is a folded IntValue there is not checked."""
    flat = it.flatten_to_tuple(shape) if isinstance(shape, tuple) else (shape,)
    folded = [False] * len(flat)
    if raw is not None:
        rflat = it.flatten_to_tuple(raw) if isinstance(raw, tuple) else (raw,)
        if len(rflat) == len(flat):
            folded = [r.__class__ is _IVConst for r in rflat]
    for v, f in zip(flat, folded):
        if v.__class__ is C and int(v) <= 0 and not f:
            raise CuteDumpError(f"{name}: a size in a shape must be positive, got {int(v)} (the DSL raises ValueError)")


_NOTHING = object()


class _I32(Dyn):
    """A ``cutlass.Int32`` the DSL does not know (the arithmetic of its ``Int32``, ``min``, ``abs``): a dynamic value
    of unknown divisibility, not a CuTe ``IntValue`` (its Python arithmetic is the DSL's ``Int32``'s)."""

    def __new__(cls, value):
        return Dyn.__new__(cls, value, 1)


class _Lit(_I32):
    """A ``cutlass.Int32(n)`` built from a literal, or Python's arithmetic on such values and static ints: a dynamic
    value for CuTe (``?``: its int is a stand-in), whose ``known`` value Python folds; a plain tuple prints it
    ``Int32(1024)``; in the arithmetic of a CuTe ``IntValue`` it counts as its known value."""

    def __new__(cls, value, known, type_="Int32"):
        x = Dyn.__new__(cls, value, 1)
        x.known, x.type = known, type_
        return x


class _IVConst(Dyn):
    """A CuTe ``IntValue`` whose value the DSL's MLIR folded to a static k (``x % 4`` of a multiple of 8 is 0; then
    ``+ 3`` is 3): the DSL prints it ``?{div=|k|}``, a CuTe function takes it as the static k."""

    def __new__(cls, k):
        return Dyn.__new__(cls, k, abs(k))


#: the DSL functions written in Python over its values (cutlass/cute/core.py), which take a ``cutlass.Int32`` or a
#: folded IntValue as it is (the others pack their arguments as CuTe values: :func:`_unlit`)
_PYTHON_LEVEL = frozenset({"assume", "repeat_like", "round_up", "get"})


def _unlit(x):
    """A value as a CuTe function of the DSL takes it: a ``cutlass.Int32`` is a dynamic value of unknown
    divisibility, a folded ``IntValue`` its static value."""
    cls = x.__class__
    if cls is _IVConst:
        return C(int(x))
    if cls is _Lit or cls is _I32:
        return Dyn(int(x), 1)
    if cls is tuple:
        return tuple(_unlit(e) for e in x)
    return x


class _Generator(tuple):
    """A generator expression's items: read by tuple(), list(), sum(), len() (any other use: refused)."""

    __slots__ = ()


class PyListValue(tuple):
    """A Python list's value: a tuple everywhere (``mode=[0, 1]``), refused where the DSL packs a shape or stride."""

    __slots__ = ()


def _no_list(name, x, what="shape"):
    if isinstance(x, PyListValue):
        raise CuteDumpError(f"{name}: a {what} is a tuple, not a list (the DSL raises ValueError)")
    if isinstance(x, tuple):
        for e in x:
            _no_list(name, e, what)


def _unbool(x):
    if x.__class__ is bool:
        return C(int(x))
    if isinstance(x, tuple):
        return tuple(_unbool(e) for e in x)
    return x


def _checked(name, *which):
    """A row's implementation whose arguments ``which`` (positions) are shapes checked as the DSL packs them."""

    def wrap(impl):
        def f(ev, *args):
            args = list(args)
            if not (name == "idx2crd" and isinstance(args[0], int) and isinstance(args[1], int)):
                for i in which:
                    if args[i] is not None and not isinstance(args[i], Layout):
                        _no_list(name, args[i])
                        args[i] = _unbool(args[i])  # a Python bool in a shape is the integer it is (True: 1)
                        raw = getattr(ev, "raw", None)
                        _check_shape(name, args[i], raw[i] if name in _FOLDED_PASS and raw else None)
            ev.raw = None  # read once: a later call sets its own
            return impl(ev, *args)

        return f

    return wrap


def _make_layout(ev, shape, stride):
    _no_list("make_layout", stride, "stride")
    if stride is None:
        return ev.call("make_layout", shape)
    return ev.call("make_layout", shape, stride)


def _crd2idx(ev, coord, layout):
    """cute.crd2idx: a shape (tuple or int) is first made the layout ``make_layout(shape)`` (cutlass/cute/core.py),
    then the coordinate is mapped by that layout (a mode of size 1 has stride 0; an integer coordinate is split by
    ``%``/``/`` of the sizes), not by the shape's colexicographic sum C++ CuTe's crd2idx(c, shape) takes."""
    if isinstance(layout, (tuple, int)) and not isinstance(layout, Layout):
        layout = ev.call("make_layout", layout)
    return ev.call("crd2idx", coord, layout)


def _nullspace(ev, layout):
    """cute.nullspace as the DSL writes it (cutlass/cute/core.py): the modes of static stride 0, each with the running
    product of the flat shape before it as its stride (a mode of size 1 included: ``(4,1,8)`` -> ``1:4``, where C++
    CuTe's compact_col_major gives 0), its divisibility by the values' own rules."""
    if not isinstance(layout, Layout):
        return ev.call("nullspace", layout)
    fd = it.flatten_to_tuple(layout.stride)
    keep = [i for i, d in enumerate(fd) if is_static(d) and int(d) == 0]
    if not keep:
        return Layout(C(1), C(0))
    fs = it.flatten_to_tuple(layout.shape)
    rstride = [C(1)]
    for i in range(1, len(fs)):
        rstride.append(fs[i - 1] * rstride[i - 1])
    return Layout(it.unwrap(tuple(fs[i] for i in keep)), it.unwrap(tuple(rstride[i] for i in keep)))


def _composition(ev, lhs, rhs):
    if isinstance(lhs, Swizzle):
        raise CuteDumpError(
            "composition: the CuTe DSL does not compose a swizzle with a layout "
            "(make_composed_layout(make_swizzle(b, m, s), offset, layout) does)"
        )
    r = ev.call("composition", lhs, rhs)
    if isinstance(rhs, (tuple, int)) and r.__class__ is Layout:  # by a tiler (or an integer, the DSL's layout n:1
        # whose size-1 mode is 1:0): a mode of size 1 gets the stride 0
        r = Layout(r.shape, _zero_unit_strides(r.shape, r.stride))
    elif isinstance(rhs, (tuple, int)) and r.__class__ is ComposedLayout and r.b.__class__ is Layout:  # inside, too
        r = ComposedLayout(r.a, r.offset, Layout(r.b.shape, _zero_unit_strides(r.b.shape, r.b.stride)))
    return r


def _zero_unit_strides(shape, stride):
    if isinstance(shape, tuple):
        return tuple(_zero_unit_strides(a, b) for a, b in zip(shape, stride))
    return C(0) if shape.__class__ is C and int(shape) == 1 else stride


def _inverse(name):
    def f(ev, x):
        if isinstance(x, ComposedLayout):
            raise CuteDumpError(f"{name}: the CuTe DSL takes a Layout, not a composed layout")
        if name == "right_inverse" and isinstance(x, Layout) and is_static(x.shape) and not is_static(x.stride):
            # static extents, dynamic strides: the DSL follows the static strides only (a dynamic stride is never
            # the next index): each dynamic stride stands in as a large prime no index reaches
            primes = iter((1000003, 1000033, 1000037, 1000039, 1000081, 1000099, 1000117, 1000121, 1000133))

            def stand_in(d):
                if isinstance(d, tuple):
                    return tuple(stand_in(e) for e in d)
                return d if d.__class__ is C else C(next(primes, 1000151))

            r = ev.call(name, Layout(x.shape, stand_in(x.stride)))
            if r.__class__ is Layout and not all(int(v) < 1000003 for v in it.flatten_to_tuple(r.stride)):
                raise CuteDumpError(f"{name}: the CuTe DSL inverts static layouts only (MLIRError)")  # pragma: no cover
            return r
        if not _is_static_layout(x):
            raise CuteDumpError(f"{name}: the CuTe DSL inverts static layouts only (MLIRError)")
        if name == "left_inverse" and isinstance(x, Layout):
            shapes, strides = it.flatten_to_tuple(x.shape), it.flatten_to_tuple(x.stride)
            if all(int(s) == 1 or int(d) == 0 for s, d in zip(shapes, strides)):
                return Layout(C(1), C(0))  # nothing but stride-0 (or size-1) modes: the DSL's 1:0
        return ev.call(name, x)

    return f


def _tile_to_shape(ev, atom, shape, order):
    return _keep_swizzle(atom, ev.call("tile_to_shape", atom, shape, order))


def _keep_swizzle(atom, r):
    """The DSL keeps a composed layout composed, even with a no-op swizzle ``S<0,4,3>`` (C++ CuTe drops it)."""
    if isinstance(atom, ComposedLayout) and r.__class__ is Layout:
        return ComposedLayout(atom.a, atom.offset, r)
    if isinstance(atom, Swizzle) and r.__class__ is Layout:  # make_composed_layout(make_swizzle(0, m, s), 0, L)
        return ComposedLayout(atom, C(0), r)
    return r


def _unwrap(L, first):
    """The DSL's results of the tiled/flat divides and products: a top-level mode (from ``first`` on) that is a
    one-element tuple is its element (``((3),1)``, not C++'s ``((3),(1))``)."""
    if L.__class__ is not Layout or not isinstance(L.shape, tuple):
        return L
    sh, st = list(L.shape), list(L.stride)
    for i in range(first, len(sh)):
        while isinstance(sh[i], tuple) and len(sh[i]) == 1:
            sh[i], st[i] = sh[i][0], st[i][0]
    return Layout(tuple(sh), tuple(st))


def _unwrapped(name, first):
    def f(ev, x, t):
        return _unwrap(ev.call(name, x, t), first)

    return f


def _is_static_layout(x) -> bool:
    if isinstance(x, ComposedLayout):
        x = x.b
    return not isinstance(x, Layout) or (is_static(x.shape) and is_static(x.stride))


def _product(name, first=None, coalesce=False):
    """The products: the DSL refuses a block with dynamic values (MLIRError while tracing); blocked and raked
    products come out with each mode coalesced (``((2,4),4)``, not C++ 4.2's ``((2,4),(4,1))``)."""

    def f(ev, x, t):
        _no_int_tiler(name, x, t)
        if not _is_static_layout(x):
            raise CuteDumpError(f"{name}: the CuTe DSL refuses a block with dynamic values (MLIRError)")
        r = ev.call(name, x, t)
        if coalesce and r.__class__ is Layout and isinstance(r.shape, tuple):
            r = ev.call("coalesce", r, tuple([C(1)] * len(r.shape)))
        elif coalesce and r.__class__ is ComposedLayout and r.b.__class__ is Layout and isinstance(r.b.shape, tuple):
            r = ComposedLayout(r.a, r.offset, ev.call("coalesce", r.b, tuple([C(1)] * len(r.b.shape))))
        if first == "block":  # flat_product: a rank-1 block's one mode is unpacked too
            if (
                isinstance(x, Layout)
                and isinstance(x.shape, tuple)
                and len(x.shape) == 1
                and r.__class__ is Layout
                and isinstance(r.shape, tuple)
                and isinstance(r.shape[0], tuple)
                and len(r.shape[0]) == 1
            ):
                return Layout((r.shape[0][0],) + r.shape[1:], (r.stride[0][0],) + r.stride[1:])
            return r
        return r if first is None else _unwrap(r, first)

    return f


def _group_modes(ev, x, begin, end):
    if isinstance(x, CountingTensor):  # a coordinate tensor: its layout's modes
        return CountingTensor(x.coord, _group_modes(ev, x.layout, begin, end))
    n = len(shape_of(x)) if isinstance(shape_of(x), tuple) else 1
    if end is not None and int(end) <= int(begin):
        raise CuteDumpError(f"group_modes: begin ({int(begin)}) must be less than end ({int(end)}) (ValueError)")
    return ev.call("group", x, targs=(int(begin), n if end is None else int(end)))


def _recast(ev, new_bits, old_bits, x):
    nb, ob = _bits(new_bits), _bits(old_bits)
    if isinstance(x, ComposedLayout) and x.offset.__class__ is SmemPtrFlag:
        # a smem atom: the DSL recasts its swizzle as one of element offsets (S<3,4,3> of 16-bit elements -> 8-bit:
        # S<3,5,3>), unlike C++'s upcast of the smem_ptr flag (the swizzle kept); the result's swizzle is taken
        # as one of the byte addresses of new_bits-bit elements, as a kernel would use it (get_tensor(outer,
        # swizzle=inner))
        r = _recast(ev, new_bits, old_bits, ComposedLayout(x.a, C(0), x.b))
        if isinstance(r, ComposedLayout) and int(r.offset) == 0 and nb & (nb - 1) == 0:
            return ComposedLayout(r.a, SmemPtrFlag(nb), r.b)
        return r
    try:
        r = ev.call("recast_layout", x, targs=(ob, nb))
    except CuteDumpError as e:
        if isinstance(x, Layout) and nb < ob and ob % nb == 0 and "requires adjacent elements" in e.message:
            return _recast_scaled(x, nb, ob)
        raise
    if isinstance(r, ComposedLayout) and isinstance(x, ComposedLayout) and x.offset.__class__ is C:
        r = ComposedLayout(r.a, C(int(r.offset)), r.b)  # a static offset stays static
    if nb > ob and isinstance(r, Layout):  # the DSL's upcast divides a dynamic stride as shape_div does: unknown
        r = Layout(r.shape, it.transform_leaf(r.stride, lambda d: Dyn(int(d), 1) if isinstance(d, Dyn) else d))
    return r


def _divide(name):
    def f(ev, x, t):
        _no_int_tiler(name, x, t)
        if isinstance(t, Layout) and isinstance(x, (Layout, ComposedLayout)):
            rest = ev.call("complement", t, ev.call("size", x))
            if rest.__class__ is Layout and any(
                v.__class__ is C and int(v) == 0 for v in it.flatten_to_tuple(rest.shape)
            ):
                raise CuteDumpError(f"{name}: the tiler's complement has an empty mode {format_dsl(rest)} (MLIRError)")
        return ev.call(name, x, t)

    return f


def _no_int_tiler(name, x, t):
    """The zipped / tiled / flat divides and products take a tiler that is a tuple or a layout: an integer is refused
    (ValueError; logical_divide and logical_product take it)."""
    if (
        name.startswith(("zipped_", "tiled_", "flat_"))
        and isinstance(t, int)
        and t.__class__ is not bool
        and isinstance(x, (Layout, ComposedLayout, CountingTensor))
    ):
        raise CuteDumpError(f"{name}: the CuTe DSL takes a tuple or a layout as the tiler, not an integer (ValueError)")


def _tensor_only(name):
    def f(ev, *args):
        if isinstance(args[0], (Layout, ComposedLayout)):
            raise CuteDumpError(
                f"{name}: the CuTe DSL takes a tensor (make_identity_tensor(shape)), not a layout (MLIRError)"
            )
        return _plain(name)(ev, *args)

    return f


def _slice(ev, src, coord):
    """slice_(src, coord): a swizzled layout is sliced as CuTe's slice_and_offset slices it, without the pointer
    offset; one whose swizzle decays to a layout stays composed, with the no-op swizzle ``S<0,4,3>``."""
    if isinstance(src, ComposedLayout) and isinstance(src.a, Swizzle) and src.a.b == 0:  # no bits: a layout's slice
        return ComposedLayout(Swizzle(0, 4, 3), src.offset, ev.call("slice", coord, src.b))
    if isinstance(src, ComposedLayout) and isinstance(src.a, Swizzle):
        from cutedump.algebra.swizzle_slice import slice_and_offset  # start-up: only for this case

        r, _ = slice_and_offset(coord, src)
        if isinstance(r, ComposedLayout):
            off = r.offset
            if src.offset.__class__ is SmemPtrFlag and int(off) == 0:  # a smem atom's slice at 0 (one stage)
                return ComposedLayout(r.a, src.offset, r.b)  # keeps the element width its swizzle's bytes are of
            return ComposedLayout(r.a, off if off.__class__ is C or off.__class__ is int else int(off), r.b)
        return ComposedLayout(Swizzle(0, 4, 3), C(0), r)
    return ev.call("slice", coord, src)


def _local_tile(ev, x, tiler, coord, proj):
    """local_tile: with proj, a coordinate longer than proj is cut to proj's length (the DSL's MLIR dices the
    coordinate by proj's modes: Hopper's GEMM passes its (m, n, k, l) tile coordinate with a rank-3 proj)."""
    if isinstance(proj, tuple) and isinstance(coord, tuple) and len(coord) > len(proj):
        n = len(proj)
        tiler, coord, proj = it.dice(proj, tiler), it.dice(proj, coord[:n]) + coord[n:], None
    if hasattr(x, "dsl_with_layout"):  # a tensor over memory: the tile's layout, the iterator at the tile's start
        if proj is not None:
            tiler, coord, proj = it.dice(proj, tiler), it.dice(proj, coord), None
        rk = len(x.layout.shape) if isinstance(x.layout.shape, tuple) else 1
        if (len(coord) if isinstance(coord, tuple) else 1) != rk:
            raise CuteDumpError(f"local_tile: the coordinate's rank is not the tensor's ({rk}) (MLIRError)")
        r = _local_tile(ev, CountingTensor(C(0), x.layout), tiler, coord, None)  # its coordinate: the offset
        return x.dsl_with_layout(r.layout, r.coord)
    r = _tensor_only("local_tile")(ev, x, tiler, coord, proj)
    if isinstance(r, CountingTensor):  # a one-element mode is its element: (128):(1@0), not ((128)):((1@0))
        return CountingTensor(r.coord, _unwrap(r.layout, 0))
    return r


class Unresolved:
    """What the DSL makes of an operation its MLIR cannot fold while tracing: printed ``x:x``; any use of it is an
    MLIRError (the complement of a layout of rank > 1 with a dynamic stride; a rank-1 layout's is answered)."""

    __slots__ = ("what",)

    def __init__(self, what):
        self.what = what

    def dsl_str(self, _fmt):
        return "x:x"

    def __str__(self):
        raise CuteDumpError(f"{self.what}: the CuTe DSL leaves it unresolved (x:x); only the DSL's print shows it")


def _complement(ev, x, cotarget):
    if isinstance(x, Layout) and isinstance(x.shape, tuple) and len(x.shape) > 1 and not is_static(x.stride):
        return Unresolved("complement")
    return _plain("complement")(ev, x, cotarget)


def _recast_scaled(x, new_bits, old_bits):
    """The DSL's recast_layout where C++ CuTe's needs a unit stride it has not: each stride scaled by
    old_bits / new_bits, the shape kept."""
    f = old_bits // new_bits

    def scale(d):
        if isinstance(d, tuple):
            return tuple(scale(e) for e in d)
        return d * C(f)

    return Layout(x.shape, scale(x.stride))


def _bits(x) -> int:
    if isinstance(x, DType):
        return x.bits
    if isinstance(x, int):
        return int(x)
    raise CuteDumpError(f"expected a width in bits or a type, got {x!r}")


def _smem_atom(ev, kind, dtype, ns="warpgroup"):
    """warpgroup/tcgen05 make_smem_layout_atom(kind, dtype): the GMMA/UMMA atom, its offset 0 (the DSL's
    ``S<3,4,3> o 0 o (8,64):(64,1)``)."""
    from cutedump.algebra import smem as SMEM  # start-up: loaded with the first smem atom

    if not isinstance(kind, Enum_) or kind.cls != "SmemLayoutAtomKind":
        raise CuteDumpError(f"make_smem_layout_atom: expected a SmemLayoutAtomKind, got {kind!r}")
    if not isinstance(dtype, DType):
        raise CuteDumpError(f"make_smem_layout_atom: expected an element type (cutlass.Float16, ...), got {dtype!r}")
    if kind.space and kind.space != ns:  # the DSL's warpgroup and tcgen05 kinds are two classes
        raise CuteDumpError(f"make_smem_layout_atom: a {kind.space} SmemLayoutAtomKind is not a {ns} one (ValueError)")
    if kind.name == "MN_SW128_32B" and ns != "tcgen05":
        raise CuteDumpError("make_smem_layout_atom: MN_SW128_32B is a tcgen05 atom kind")
    if kind.name == "MN_SW128_32B":  # the DSL's atom: 8 columns of 1024 bits (C++ UMMA's has 4)
        n = C(1024 // dtype.bits)
        return ComposedLayout(Swizzle(2, 5, 2), _width(dtype), Layout((n, C(8)), (C(1), n)))
    major, swz = kind.name.split("_", 1)
    if 1024 % dtype.bits:  # a 6-bit type: the DSL's atom has (contiguous bits) // width elements a row
        n = C({"INTER": 128, "SW32": 256, "SW64": 512, "SW128": 1024}[swz] // dtype.bits)
        b = {"INTER": 0, "SW32": 1, "SW64": 2, "SW128": 3}[swz]
        outer = Layout((C(8), n), (n, C(1))) if major == "K" else Layout((n, C(8)), (C(1), n))
        return ComposedLayout(Swizzle(b, 4, 3), _width(dtype), outer)
    name = f"{'UMMA' if ns == 'tcgen05' else 'GMMA'}::Layout_{major}_{swz}_Atom"
    return SMEM.smem_atom(name, dtype.bits)  # C++'s Sw o smem_ptr[Bb](unset) o L: the DSL prints the flag as 0


def _width(dtype):
    """The offset of a DSL smem atom: the DSL's 0, carrying the element width its swizzle's byte addresses are
    of (``smem_ptr_flag_bits<B>``, printed ``0`` by the DSL and ``smem_ptr[Bb](unset)`` by C++); a width that is not
    a power of two (the 6-bit types) has no such flag: a plain 0."""
    b = dtype.bits
    if b & (b - 1) == 0:
        return SmemPtrFlag(b)
    from cutedump.errors import warn  # start-up: a 6-bit type only

    warn(
        f"make_smem_layout_atom: {dtype.name} elements are {b} bits: byte addresses are no function of their element "
        "offsets, so shared-memory answers take this atom's swizzle on element offsets (the layout's own function)"
    )
    return C(0)


def _atom_kind(layout_enum, dtype, major_mode_size):
    """hopper_helpers.get_smem_layout_atom: the widest swizzle whose bits divide the major mode's."""
    if not isinstance(layout_enum, Enum_) or layout_enum.cls != "LayoutEnum":
        raise CuteDumpError(f"expected a LayoutEnum (ROW_MAJOR or COL_MAJOR), got {layout_enum!r}")
    if int(major_mode_size) % 8:
        raise CuteDumpError(f"get_smem_layout_atom: assert major_mode_size % 8 == 0 (got {int(major_mode_size)})")
    b = int(major_mode_size) * _bits(dtype)
    major = "K" if layout_enum.name == "ROW_MAJOR" else "MN"
    for swz, n in (("SW128", 1024), ("SW64", 512), ("SW32", 256)):
        if b % n == 0:
            return Enum_("SmemLayoutAtomKind", f"{major}_{swz}")
    return Enum_("SmemLayoutAtomKind", f"{major}_INTER")


def _get_smem_layout_atom(ev, layout_enum, dtype, major_mode_size):
    return _atom_kind(layout_enum, dtype, major_mode_size)


def _need_tuple(x, what):
    if not isinstance(x, tuple):
        raise CuteDumpError(f"{what}: assert isinstance(mma_tiler_mnk, tuple) (got {format_result(x)})")


def _need_stages(stages, what):
    """A staged smem layout of no stage: the DSL's tile_to_shape refuses a shape with a 0 (ValueError)."""
    if isinstance(stages, int) and not isinstance(stages, bool) and is_static(stages) and int(stages) < 1:
        raise CuteDumpError(f"{what}: {int(stages)} stages: the CuTe DSL tiles to no shape with a 0 (ValueError)")


def _smem_ab(which):
    def f(ev, layout_enum, tiler, dtype, stages):
        """hopper_helpers.make_smem_layout_a/b (cutlass/utils/hopper_helpers.py)."""
        _need_tuple(tiler, f"make_smem_layout_{which}")
        if not isinstance(layout_enum, Enum_) or layout_enum.cls != "LayoutEnum":
            raise CuteDumpError(f"make_smem_layout_{which}: expected a LayoutEnum, got {layout_enum!r}")
        k_major = layout_enum.name == "ROW_MAJOR"
        _need_stages(stages, f"make_smem_layout_{which}")
        shape = ev.call(
            "slice", (UNDERSCORE, C(0), UNDERSCORE) if which == "a" else (C(0), UNDERSCORE, UNDERSCORE), tiler
        )
        major = ev.call("size", tiler[2] if k_major else tiler[0 if which == "a" else 1])
        atom = _smem_atom(ev, _atom_kind(layout_enum, dtype, major), dtype)
        order = (C(0), C(1), C(2)) if k_major else (C(1), C(0), C(2))
        return _keep_swizzle(atom, ev.call("tile_to_shape", atom, ev.call("append", shape, stages), order))

    return f


def _smem_epi(ev, dtype, layout_enum, tile, stages, trg_shape, order):
    """hopper_helpers.make_smem_layout_epi."""
    if not isinstance(tile, tuple):
        raise CuteDumpError(f"make_smem_layout_epi: assert isinstance(epi_tile, tuple) (got {format_result(tile)})")
    if not isinstance(layout_enum, Enum_) or layout_enum.cls != "LayoutEnum":
        raise CuteDumpError(f"make_smem_layout_epi: expected a LayoutEnum, got {layout_enum!r}")
    n_major = layout_enum.name == "ROW_MAJOR"
    atom = _smem_atom(ev, _atom_kind(layout_enum, dtype, tile[1] if n_major else tile[0]), dtype)
    if trg_shape is None:
        _need_stages(stages, "make_smem_layout_epi")
    trg = trg_shape if trg_shape is not None else ev.call("append", tile, stages)
    if order is None:
        order = (C(0), C(1), C(2)) if n_major else (C(1), C(0), C(2))
    return _keep_swizzle(atom, ev.call("tile_to_shape", atom, trg, order))


def _size_like(name):
    def f(ev, x, mode):
        if hasattr(x, "dsl_size"):  # a tiled MMA / copy of cutedump.atoms.dsl_ops (the DSL's size ignores mode=)
            return x.dsl_size()
        return ev.call(name, x, targs=_modes(mode))

    return f


def _cosize(ev, x, mode):
    """cosize: a dynamic cosize is of unknown divisibility in the DSL (a sum of products less one)."""
    part = ev.call("get", x, targs=_modes(mode)) if mode is not None else x
    if part.__class__ is Layout and not is_static(part.shape):
        # the DSL's L(size(L) - 1) + 1 of an unknown index, as its MLIR folds it (a stride 0, or a size-1 mode before
        # the last, is a term 0): static only when every term folds
        v = ev._index(part, 1)
        return C(int(v) + 1) if v.__class__ is C else ev.unknown()
    r = ev.call("cosize", x, targs=_modes(mode))
    return r if r.__class__ is C and is_static(shape_of(part)) else ev.unknown()


def _get(ev, x, mode):
    t = _modes(mode)
    if hasattr(x, "dsl_with_layout"):  # core.py's get of a tensor: the tensor where the mode is empty or the layout
        # has depth 0 (after the rank check), refused otherwise
        if not t:
            return x
        shp = x.layout.shape
        if (len(shp) if isinstance(shp, tuple) else 1) <= t[0]:
            raise CuteDumpError(f"get: elements in mode must be less than the rank, got {list(t)} (ValueError)")
        if not isinstance(shp, tuple):
            return x
        _no_tensor("get", x)
    if not t:
        return x
    if isinstance(x, tuple) and any(k < 0 for k in t):  # a tuple's modes are Python's: -1 is the last
        cur, path = x, []
        for k in t:
            if isinstance(cur, tuple) and -len(cur) <= k < 0:
                k += len(cur)
            path.append(k)
            cur = cur[k] if isinstance(cur, tuple) and 0 <= k < len(cur) else cur
        t = tuple(path)
    return ev.call("get", x, targs=t)


def _select(ev, x, mode):
    _no_tensor("select", x)
    return ev.call("select", x, targs=_modes(mode))


def _no_tensor(name, x):
    """get / select take a layout or a tuple: a tensor over memory is refused (the DSL's TypeError)."""
    if hasattr(x, "dsl_with_layout"):
        raise CuteDumpError(f"{name}: expects a layout or a tuple, got {x!r} (TypeError)")


def _shape(ev, x, mode):
    s = shape_of(x)
    return it.get(s, *_modes(mode)) if mode is not None else s


def _append(name):
    def f(ev, x, elem, up_to_rank):
        targs = () if up_to_rank is None else (int(up_to_rank),)
        if isinstance(x, ComposedLayout) and isinstance(elem, Layout):  # the DSL's prepend, as append: inside
            return ComposedLayout(x.a, x.offset, ev.call(name, x.b, elem, targs=targs))
        return ev.call(name, x, elem, targs=targs)

    return f


def _min_max(ev, f, args):
    """cutlass.min / cutlass.max: static when every argument is (a dynamic argument: a dynamic result)."""
    if not args or not all(isinstance(v, int) and v.__class__ is not bool for v in args):
        raise CuteDumpError(f"{f.__name__}: integers only (TypeError)")
    if all(v.__class__ is C for v in args):
        return C(f(int(v) for v in args))
    return ev.unknown()


def _size_in_bytes(ev, dtype, layout):
    """cute.size_in_bytes(dtype, layout): cosize(layout) * dtype.width // 8 (0 for None)."""
    if layout is None:
        return C(0)
    if not isinstance(dtype, DType) or not isinstance(layout, (Layout, ComposedLayout)):
        raise CuteDumpError("size_in_bytes: takes an element type and a layout (TypeError)")
    n = _cosize(ev, layout, None)
    if n.__class__ is C:
        return C(int(n) * dtype.bits // 8)
    return ev.unknown()


def _swizzle(ev, b, m, s):
    if not all(v.__class__ is C for v in (b, m, s)):  # min(3, 3) is a dynamic Int32 in a @cute.jit function
        raise CuteDumpError("make_swizzle: b, m and s must be static integers (the DSL raises ValueError)")
    if int(b) == 0 or swizzle_limit_error(int(b), int(m), int(s)):
        return Swizzle(0, 4, 3)  # the DSL's no-op swizzle, for b = 0 and for any swizzle C++ CuTe refuses
    return Swizzle(int(b), int(m), int(s))


def _round_up(ev, a, b):
    """round_up(a, b) (cutlass/cute/core.py): ((a + b - 1) // b) * b, mode by mode, in Python: an IntValue's by its
    arithmetic's rules, a ``cutlass.Int32``'s of unknown divisibility (the DSL's Int32 arithmetic)."""
    if isinstance(a, tuple):
        if not isinstance(b, tuple):
            raise CuteDumpError(
                f"round_up: expected both inputs to be tuple (TypeError), got {_text(a)} and {_text(b)}"
            )
        if len(a) < len(b):
            raise CuteDumpError("round_up: expected rank(a) to be greater or equal than rank(b) (ValueError)")
        b = b + (C(1),) * (len(a) - len(b))
        return tuple(_round_up(ev, x, y) for x, y in zip(a, b))
    if isinstance(b, tuple):
        raise CuteDumpError("round_up: expected `b` to be a single integer when `a` is not a tuple (TypeError)")
    if not isinstance(a, int) or not isinstance(b, int):
        raise CuteDumpError(f"round_up: expected integers, got {_text(a)} and {_text(b)}")
    if a.__class__ is C and b.__class__ is C:
        if int(b) == 0:
            raise CuteDumpError("round_up: integer division by zero (ZeroDivisionError)")
        return C((int(a) + int(b) - 1) // int(b) * int(b))
    if a.__class__ is _Lit and b.__class__ in (C, _Lit):  # Python folds a cutlass.Int32 literal's arithmetic
        k, m = a.known, (b.known if b.__class__ is _Lit else int(b))
        if m == 0:
            raise CuteDumpError("round_up: integer division by zero (ZeroDivisionError)")
        t = _promote(a.type, b.type if b.__class__ is _Lit else "Int32")
        return _Lit(ev._stand_in(), _wrap_int(t, (k + m - 1) // m * m), t)
    if any(isinstance(x, Dyn) and not isinstance(x, _I32) for x in (a, b)):  # an IntValue's arithmetic: its rules
        a, b = _as_operand(a), _as_operand(b)
        if b == 0:
            raise CuteDumpError("round_up: integer division by zero (ZeroDivisionError)")
        r = _idiv(a + b - C(1), b) * b
        return _IVConst(int(r)) if r.__class__ is C else r
    return ev.dynamic()


def _basis(ev, mode):
    path = mode if isinstance(mode, tuple) else (mode,)
    return ScaledBasis(C(1), tuple(int(p) for p in path))


def _tensor_aware(f):
    """A layout function of the DSL that also takes a tensor (cutedump.atoms.dsl_tensors): the function of the
    tensor's layout; a layout answered is the tensor's, over the same iterator (the DSL's Tensor overloads: size,
    rank, shape, group_modes, flatten, the divides, composition, ...); an int or a tuple answered is the answer."""

    def g(ev, x, *args):
        if hasattr(x, "dsl_with_layout"):
            r = f(ev, x.layout, *args)
            return x.dsl_with_layout(r) if r.__class__ is Layout else r
        return f(ev, x, *args)

    return g


def _slice_tensor_aware(ev, src, coord):
    """slice_(tensor, coord): the tensor indexed with coord (its iterator moved to the coordinate's offset)."""
    if hasattr(src, "dsl_index"):
        return src.dsl_index(ev, coord)
    return _slice(ev, src, coord)


def _plain(name, *order):
    """A row that calls the eval language's ``name`` with the DSL's arguments (reordered by ``order``)."""

    def f(ev, *args):
        a = [args[i] for i in order] if order else [x for x in args]
        while a and a[-1] is None:
            a.pop()
        return ev.call(name, *a)

    return f


DSL_FUNCTIONS = {
    "make_layout": (("shape", "*stride"), _checked("make_layout", 0)(_make_layout)),
    "make_ordered_layout": (("shape", "order"), _checked("make_ordered_layout", 0)(_plain("make_ordered_layout"))),
    "make_composed_layout": (
        ("inner", "offset", "outer"),
        lambda ev, a, o, b: (
            _keep_swizzle(a, ev.call("composition", a, o, b))
            if isinstance(a, Swizzle)
            else ev.call("composition", a, o, b)
        ),
    ),
    "make_swizzle": (("b", "m", "s"), _swizzle),
    "composition": (("lhs", "rhs"), _composition),
    "complement": (("input", "cotarget"), _checked("complement", 1)(_complement)),
    "coalesce": (("input", "*target_profile"), _plain("coalesce")),
    "logical_divide": (("target", "tiler"), _divide("logical_divide")),
    "zipped_divide": (("target", "tiler"), _divide("zipped_divide")),
    "tiled_divide": (("target", "tiler"), lambda ev, x, t: _unwrap(_divide("tiled_divide")(ev, x, t), 1)),
    "flat_divide": (("target", "tiler"), lambda ev, x, t: _unwrap(_divide("flat_divide")(ev, x, t), 0)),
    "logical_product": (("block", "tiler"), _product("logical_product")),
    "zipped_product": (("block", "tiler"), _product("zipped_product")),
    "tiled_product": (("block", "tiler"), _product("tiled_product", 1)),
    "flat_product": (("block", "tiler"), _product("flat_product", "block")),
    "blocked_product": (("block", "tiler"), _product("blocked_product")),
    "raked_product": (("block", "tiler"), _product("raked_product", coalesce=True)),
    "tile_to_shape": (("atom", "trg_shape", "order"), _checked("tile_to_shape", 1)(_tile_to_shape)),
    "right_inverse": (("input",), _inverse("right_inverse")),
    "left_inverse": (("input",), _inverse("left_inverse")),
    "size": (("obj", "mode="), _size_like("size")),
    "cosize": (("obj", "mode="), _cosize),
    "rank": (("obj", "mode="), _size_like("rank")),
    "depth": (("a",), _plain("depth")),
    "get": (("obj", "mode="), _get),
    "select": (("obj", "mode="), _select),
    "shape": (("input", "*mode"), _shape),
    "group_modes": (("input", "begin", "end="), _group_modes),
    "flatten": (("a",), _plain("flatten")),
    "filter": (("input",), _plain("filter")),
    "filter_zeros": (("input", "*target_profile"), _tensor_aware(_plain("filter_zeros"))),
    "max_common_layout": (("a", "b"), _plain("max_common_layout")),
    "max_common_vector": (("a", "b"), _plain("max_common_vector")),
    "recast_layout": (("new_type_bits", "old_type_bits", "src_layout"), _recast),
    "make_identity_layout": (("shape",), _checked("make_identity_layout", 0)(_plain("make_identity_layout"))),
    "make_layout_like": (("input",), _plain("make_layout_like")),
    "make_identity_tensor": (("shape",), _checked("make_identity_tensor", 0)(_plain("make_identity_tensor"))),
    "append": (("input", "elem", "up_to_rank="), _append("append")),
    "prepend": (("input", "elem", "up_to_rank="), _append("prepend")),
    "slice_": (("src", "coord"), _slice),
    "dice": (("src", "dicer"), _plain("dice", 1, 0)),
    "product_each": (("a",), lambda ev, a: it.product_each(a)),
    "product": (("a",), _plain("product")),
    "ceil_div": (("input", "tiler"), lambda ev, x, t: _ceil_div(ev, x, t)),
    "shape_div": (("lhs", "rhs"), _checked("shape_div", 0, 1)(lambda ev, a, b: _shape_div(ev, a, b))),
    "crd2idx": (("coord", "layout"), _checked("crd2idx", 1)(_crd2idx)),
    "idx2crd": (("idx", "shape"), _checked("idx2crd", 1)(_plain("idx2crd"))),
    "local_tile": (("input", "tiler", "coord", "proj="), _local_tile),
    "local_partition": (("target", "tiler", "index", "proj="), _tensor_only("local_partition")),
    "nullspace": (("layout",), _nullspace),
    "repeat_like": (("x", "target"), _plain("repeat_like", 1, 0)),
    "E": (("mode",), _basis),
    "round_up": (("a", "b"), _round_up),
    "assume": (("src", "divby=", "pow2="), lambda ev, src, divby, pow2: _assume(ev, src, divby, pow2)),
    "is_static": (("x",), lambda ev, x: ev.static_now(x)),
    "const_expr": (("expression",), lambda ev, x: x),  # cutlass.const_expr(x): x, a compile-time value
    "min": (("lhs", "rhs"), lambda ev, a, b: _min_max(ev, min, (a, b))),  # cutlass.min (the builtin: dynamic)
    "max": (("lhs", "rhs"), lambda ev, a, b: _min_max(ev, max, (a, b))),
    "has_underscore": (
        ("a",),
        lambda ev, a: UNDERSCORE in it.flatten_to_tuple(a) if isinstance(a, tuple) else a is UNDERSCORE,
    ),
    "size_in_bytes": (("dtype", "layout"), _size_in_bytes),
    "elem_less": (("lhs", "rhs"), lambda ev, a, b: ev.unknown()),  # a Boolean of the IR: ? while tracing
    "make_smem_layout_atom": (("kind", "element_type"), _smem_atom),
    "get_smem_layout_atom": (("layout", "element_type", "major_mode_size"), _get_smem_layout_atom),
    "make_smem_layout_a": (("a_layout", "mma_tiler_mnk", "a_dtype", "num_stages"), _smem_ab("a")),
    "make_smem_layout_b": (("b_layout", "mma_tiler_mnk", "b_dtype", "num_stages"), _smem_ab("b")),
    "make_smem_layout_epi": (
        ("epi_dtype", "epi_layout", "epi_tile", "epi_stage", "smem_trg_shape=", "smem_order="),
        _smem_epi,
    ),
}
# the MMA and copy constructors, over the atoms (a higher layer: imported on first use, as NAMED's rows are)
for _n, _params in (
    ("MmaF16BF16Op", ("ab_dtype", "acc_dtype", "shape_mnk")),
    ("CopyUniversalOp", ()),
    ("make_mma_atom", ("op",)),
    ("make_tiled_mma", ("op_or_atom", "atom_layout_mnk=", "permutation_mnk=")),
    ("make_copy_atom", ("op", "copy_internal_type", "*num_bits_per_copy")),
    ("make_tiled_copy_tv", ("atom", "thr_layout", "val_layout")),
    ("make_layout_tv", ("thr_layout", "val_layout")),
):
    _impl = {"MmaF16BF16Op": "mma_f16_bf16_op", "CopyUniversalOp": "copy_universal_op"}.get(_n, _n)
    DSL_FUNCTIONS[_n] = (_params, "cutedump.atoms.dsl_ops:" + _impl)
_TC = ("cta_group", "a_src", "a_major_mode", "b_major_mode")  # tcgen05 ops' parameters after the shape
_WG = ("a_src", "a_major_mode", "b_major_mode")
for _n, _params, _impl in (
    ("warp.MmaTF32Op", ("shape_mnk",), "warp_tf32_op"),
    ("warp.MmaFP8Op", ("ab_dtype", "acc_dtype", "shape_mnk"), "warp_fp8_op"),
    ("warp.MmaMXF4Op", ("ab_dtype", "acc_dtype", "sf_type"), "warp_mxf4_op"),
    ("warp.MmaMXF4NVF4Op", ("ab_dtype", "acc_dtype", "sf_type"), "warp_mxf4nvf4_op"),
    ("warp.MmaMXF8Op", ("ab_dtype", "acc_dtype", "sf_type"), "warp_mxf8_op"),
    ("warp.MmaMXF8F6F4Op", ("a_dtype", "b_dtype", "acc_dtype", "sf_type"), "warp_mxf8f6f4_op"),
    ("tcgen05.MmaF16BF16Op", ("ab_dtype", "acc_dtype", "instruction_shape", *_TC), "tc_f16bf16_op"),
    ("tcgen05.MmaTF32Op", ("instruction_shape", *_TC), "tc_tf32_op"),
    ("tcgen05.MmaI8Op", ("ab_dtype", "instruction_shape", *_TC), "tc_i8_op"),
    ("tcgen05.MmaFP8Op", ("ab_dtype", "acc_dtype", "instruction_shape", *_TC), "tc_fp8_op"),
    ("tcgen05.MmaF8F6F4Op", ("a_dtype", "b_dtype", "acc_dtype", "instruction_shape", *_TC), "tc_f8f6f4_op"),
    ("warpgroup.MmaF16BF16Op", ("ab_dtype", "acc_dtype", "instruction_shape", *_WG), "wg_f16bf16_op"),
    ("warpgroup.MmaF8Op", ("a_dtype", "b_dtype", "acc_dtype", "instruction_shape", *_WG), "wg_f8_op"),
    ("warpgroup.MmaI8Op", ("a_dtype", "b_dtype", "acc_dtype", "instruction_shape", *_WG), "wg_i8_op"),
    ("warpgroup.MmaTF32Op", ("instruction_shape", *_WG), "wg_op"),
    (
        "sm90.make_trivial_tiled_mma",
        (
            "a_dtype",
            "b_dtype",
            "a_leading_mode",
            "b_leading_mode",
            "acc_dtype",
            "atom_layout_mnk",
            "tiler_mn",
            "a_source=",
        ),
        "sm90_trivial_tiled_mma",
    ),
    (
        "make_trivial_tiled_mma",
        (
            "a_dtype=",
            "b_dtype=",
            "a_leading_mode=",
            "b_leading_mode=",
            "acc_dtype=",
            "cta_group=",
            "mma_tiler_mn=",
            "a_source=",
            "*ab_dtype",
        ),
        "sm100_trivial_tiled_mma",
    ),
    (
        "sm100.make_smem_layout_a",
        ("tiled_mma", "mma_tiler_mnk", "a_dtype", "num_stages", "*is_k_major"),
        "sm100_smem_layout_a",
    ),
    (
        "sm100.make_smem_layout_b",
        ("tiled_mma", "mma_tiler_mnk", "b_dtype", "num_stages", "*is_k_major"),
        "sm100_smem_layout_b",
    ),
    ("sm100.make_smem_layout_epi", ("epi_dtype", "epi_layout", "epi_tile", "epi_stage"), "sm100_smem_layout_epi"),
    ("make_smem_layout", ("leading_mode", "smem_tile_shape", "a_dtype", "num_stages"), "sm100_smem_layout"),
    (
        "get_smem_layout_atom_ab",
        ("major_mode", "element_type", "smem_shape_mn_k", "sparsity="),
        "sm100_smem_layout_atom_ab",
    ),
    ("get_smem_layout_atom_epi", ("layout", "element_type", "epi_tile"), "sm100_smem_layout_atom_epi"),
    ("cpasync.CopyG2SOp", ("cache_mode=",), "copy_g2s_op"),
    ("MmaUniversalOp", ("abacc_dtype",), "mma_universal_op"),
    ("tcgen05.MmaMXF8Op", ("ab_dtype", "instruction_shape", *_TC), "tc_mxf8_op"),
    ("tcgen05.MmaMXF8F6F4Op", ("a_dtype", "b_dtype", "instruction_shape", *_TC), "tc_mxf8f6f4_op"),
    ("tcgen05.MmaMXF4Op", ("instruction_shape", "cta_group", "a_src"), "tc_mxf4_op"),
    ("tcgen05.MmaMXF4NVF4Op", ("sf_dtype", "instruction_shape", "cta_group", "a_src"), "tc_mxf4nvf4_op"),
    ("tcgen05.SM103MmaMXF4Op", ("instruction_shape", "cta_group", "a_src"), "tc_sm103_mxf4_op"),
    ("tcgen05.SM103MmaMXF4NVF4Op", ("sf_dtype", "instruction_shape", "cta_group", "a_src"), "tc_sm103_mxf4nvf4_op"),
    (
        "make_blockscaled_trivial_tiled_mma",
        (
            "a_dtype=",
            "b_dtype=",
            "a_leading_mode=",
            "b_leading_mode=",
            "sf_dtype=",
            "sf_vec_size=",
            "cta_group=",
            "mma_tiler_mn=",
            "a_source=",
            "*ab_dtype",
        ),
        "sm100_blockscaled_tiled_mma",
    ),
    ("CopyReduceBulkTensorTileS2GOp", ("reduction_kind=",), "tma_reduce_op"),
    ("CopyBulkG2SOp", (), "simple_copy_op"),
    ("CopyBulkS2GOp", (), "simple_copy_op"),
    ("tcgen05.make_sparse_smem_layout_atom", ("kind", "element_type", "sparsity="), "tc_sparse_smem_atom"),
    ("CopyG2ROp", (), "simple_copy_op"),
    ("CopyR2GOp", (), "simple_copy_op"),
    ("CopyS2ROp", (), "simple_copy_op"),
    ("CopyR2SOp", (), "simple_copy_op"),
    ("Repetition", ("value",), "repetition"),
    ("tcgen05.tile_to_mma_shape", ("atom", "mma_tile_shape", "order="), "tc_tile_to_mma_shape"),
    ("tcgen05.is_tmem_load", ("atom",), "tc_is_tmem"),
    ("tcgen05.is_tmem_store", ("atom",), "tc_is_tmem"),
    (
        "make_smem_layout_c",
        ("tiled_mma", "mma_tiler_mnk", "c_dtype", "num_stages", "is_m_major"),
        "sm100_smem_layout_c",
    ),
    (
        "compute_tile_shape_or_override",
        ("tile_shape_mnk", "element_type", "is_cooperative=", "epi_tile_override="),
        "sm90_epi_tile",
    ),
    *(
        (f"tcgen05.{_m}", ("cta_group",), "s2t_op")
        for _m in (
            "Cp128x256bOp",
            "Cp128x128bOp",
            "Cp4x256bOp",
            "Cp4x32x128bOp",
            "Cp2x64x128b0213Op",
            "Cp2x64x128b0123Op",
        )
    ),
    ("sm90_get_smem_store_op", ("layout_d", "elem_ty_d", "elem_ty_acc"), "sm90_smem_store_op"),
    ("sm90.get_smem_store_op", ("layout_d", "elem_ty_d", "elem_ty_acc"), "sm90_smem_store_op"),
    ("sm120_get_smem_store_op", ("layout_d", "elem_ty_d", "elem_ty_acc"), "sm120_smem_store_op"),
    (
        "compute_epilogue_tile_shape",
        (
            "cta_tile_shape",
            "use_2cta_instrs",
            "layout_d",
            "elem_ty_d",
            "*layout_c",
            "*elem_ty_c",
            "*tmem_warp_shape_mn",
        ),
        "sm100_epilogue_tile_shape",
    ),
    (
        "get_tmem_load_op",
        (
            "cta_tile_shape",
            "layout_d",
            "elem_ty_d",
            "elem_ty_acc",
            "epi_tile",
            "use_2cta_instrs",
            "*tmem_warp_shape_mn",
        ),
        "sm100_tmem_load_op",
    ),
    *(
        (f"tcgen05.{_m}", ("repeat=", "pack="), "tmem_op")
        for _m in ("Ld16x64bOp", "Ld16x128bOp", "Ld16x256bOp", "Ld16x32bx2Op", "Ld32x32bOp")
    ),
    *(
        (f"tcgen05.{_m}", ("repeat=", "unpack="), "tmem_op")
        for _m in ("St16x64bOp", "St16x128bOp", "St16x256bOp", "St16x32bx2Op", "St32x32bOp")
    ),
    ("CopyBulkTensorTileG2SOp", ("cta_group=",), "tma_op"),
    ("CopyBulkTensorTileG2SMulticastOp", ("cta_group=",), "tma_op"),
    ("CopyBulkTensorTileS2GOp", (), "tma_op"),
    ("make_tiled_copy", ("atom", "layout_tv", "tiler_mn"), "make_tiled_copy"),
    ("make_tiled_copy_A", ("atom", "tiled_mma"), "make_tiled_copy_a"),
    ("make_tiled_copy_B", ("atom", "tiled_mma"), "make_tiled_copy_b"),
    ("make_tiled_copy_C", ("atom", "tiled_mma"), "make_tiled_copy_c"),
    ("make_tiled_copy_S", ("atom", "tiled_copy"), "make_tiled_copy_s"),
    ("make_tiled_copy_D", ("atom", "tiled_copy"), "make_tiled_copy_d"),
    ("make_tiled_copy_C_atom", ("atom", "mma"), "make_tiled_copy_c_atom"),
    ("make_cotiled_copy", ("atom", "atom_layout_tv", "data_layout"), "make_cotiled_copy"),
    *(
        (f"warp.{_m}", ("transpose=", "num_matrices=", "unpack_bits="), "matrix_op")
        for _m in (
            "LdMatrix8x8x16bOp",
            "StMatrix8x8x16bOp",
            "LdMatrix8x16x8bOp",
            "LdMatrix16x8x8bOp",
            "LdMatrix16x16x8bOp",
            "StMatrix16x8x8bOp",
        )
    ),
):
    DSL_FUNCTIONS[_n] = (_params, "cutedump.atoms.dsl_ops:" + _impl)
# pointers and tensors over memory, and the SMEM -> TMEM copy of the scale factors (cutedump.atoms.dsl_tensors)
for _n, _params, _impl in (
    ("make_ptr", ("dtype", "value", "mem_space=", "*assumed_align"), "make_ptr"),
    ("recast_ptr", ("ptr", "swizzle_=", "dtype="), "recast_ptr"),
    ("make_tensor", ("iterator", "layout"), "make_tensor"),
    ("make_rmem_tensor", ("layout_or_shape", "dtype"), "make_rmem_tensor"),
    ("make_rmem_tensor_like", ("src", "dtype="), "make_rmem_tensor_like"),
    ("make_fragment_like", ("src", "dtype="), "make_fragment_like"),
    ("tcgen05.make_s2t_copy", ("atom", "tmem_tensor"), "make_s2t_copy"),
    ("tcgen05.get_s2t_smem_desc_tensor", ("atom", "smem_tensor"), "get_s2t_smem_desc_tensor"),
):
    DSL_FUNCTIONS[_n] = (_params, "cutedump.atoms.dsl_tensors:" + _impl)
# the Blackwell helpers are cutlass.utils' own (cutlass/utils/__init__.py imports them from blackwell_helpers)
for _n in ("make_smem_layout_a", "make_smem_layout_b", "make_smem_layout_epi"):
    DSL_FUNCTIONS["utils." + _n] = DSL_FUNCTIONS["sm100." + _n]
# the scale-factor helpers of cutlass.utils.blockscaled_layout (blockscaled_utils), over cutedump.scale
for _n, _params in (
    ("BlockScaledBasicChunk", ("sf_vec_size", "major_mode=")),
    ("Sm103BlockScaledBasicChunk", ("sf_vec_size", "major_mode=")),
    ("tile_atom_to_shape_SF", ("Shape", "sf_vec_size")),
    ("make_smem_layout_sf", ("tile_shape", "sf_vec_size", "num_stages")),
    ("make_smem_layout_sfa", ("tiled_mma", "mma_tiler_mnk", "sf_vec_size", "num_stages")),
    ("make_smem_layout_sfb", ("tiled_mma", "mma_tiler_mnk", "sf_vec_size", "num_stages")),
    ("sm103_make_smem_layout_sfa", ("tiled_mma", "mma_tiler", "sf_vec_size", "num_stages")),
    ("sm103_make_smem_layout_sfb", ("tiled_mma", "mma_tiler", "sf_vec_size", "num_stages")),
    ("sm120_make_smem_layout_sfa", ("tiled_mma", "tile_shape_mnk", "sf_vec_size", "num_stages")),
    ("sm120_make_smem_layout_sfb", ("tiled_mma", "tile_shape_mnk", "sf_vec_size", "num_stages")),
    ("make_tmem_layout_sfa", ("tiled_mma", "mma_tiler_mnk", "sf_vec_size", "smem_layout")),
    ("make_tmem_layout_sfb", ("tiled_mma", "mma_tiler_mnk", "sf_vec_size", "smem_layout")),
):
    _impl = {"BlockScaledBasicChunk": "basic_chunk", "Sm103BlockScaledBasicChunk": "sm103_basic_chunk"}.get(
        _n, _n.replace("_SF", "_sf")
    )
    DSL_FUNCTIONS[_n] = (_params, "cutedump.scale.dsl:" + _impl)
# the SM120 (GeForce) helpers of cutlass.utils.blackwell_helpers (the GeForce examples' sm120_utils)
for _n, _params, _impl in (
    ("get_permutation_mnk", ("tile_shape_mnk", "sf_vec_size", "use_mxf8f6f4"), "get_permutation_mnk"),
    ("thrfrg_SFA", ("sfa_tensor", "tiled_mma"), "thrfrg_sfa"),
    ("thrfrg_SFB", ("sfb_tensor", "tiled_mma"), "thrfrg_sfb"),
    ("get_layoutSFA_TV", ("tiled_mma",), "get_layout_sfa_tv"),
    ("get_layoutSFB_TV", ("tiled_mma",), "get_layout_sfb_tv"),
    ("partition_fragment_SFA", ("sfa_tensor", "thr_mma", "tidx"), "partition_fragment_sfa"),
    ("partition_fragment_SFB", ("sfb_tensor", "thr_mma", "tidx"), "partition_fragment_sfb"),
):
    DSL_FUNCTIONS["sm100." + _n] = DSL_FUNCTIONS[_n] = (_params, "cutedump.scale.dsl:" + _impl)
DSL_FUNCTIONS["sm90_make_trivial_tiled_mma"] = DSL_FUNCTIONS["sm90.make_trivial_tiled_mma"]
#: the functions the DSL also applies to a tensor over memory, through its layout (cutlass/cute: a Tensor's overloads)
for _n in (
    "size", "rank", "depth", "cosize", "shape", "group_modes", "flatten", "coalesce", "filter", "composition",
    "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
):  # fmt: skip
    DSL_FUNCTIONS[_n] = (DSL_FUNCTIONS[_n][0], _tensor_aware(DSL_FUNCTIONS[_n][1]))
DSL_FUNCTIONS["slice_"] = (DSL_FUNCTIONS["slice_"][0], _slice_tensor_aware)
#: cutlass.utils' aliases (cutlass/utils/__init__.py: sm90_make_smem_layout_a, ...)
for _n in ("make_smem_layout_a", "make_smem_layout_b", "make_smem_layout_epi"):
    DSL_FUNCTIONS["sm90_" + _n] = DSL_FUNCTIONS[_n]
DSL_FUNCTIONS["sm90_get_smem_layout_atom"] = DSL_FUNCTIONS["get_smem_layout_atom"]


def _bind(name, params, args, kwargs, text, col):
    """The DSL's arguments bound to ``params`` as Python binds them; a mismatch is Python's TypeError, as a
    CuteDumpError."""
    out = []
    pos = [p for p in params if not p.startswith("*")]
    if len(args) > len(pos):
        raise CuteDumpError(
            f"{name}() takes {len(pos)} positional argument{'s' if len(pos) != 1 else ''} but "
            f"{len(args)} were given (the CuTe DSL raises TypeError)",
            text,
            col,
        )
    known = {p.strip("*=!") for p in params}
    for k, (_, kcol) in kwargs.items():
        if k not in known:
            raise CuteDumpError(f"{name}() got an unexpected keyword argument '{k}'", text, kcol)
    i = 0
    for p in params:
        bare = p.strip("*=!")
        if not p.startswith("*") and i < len(args):
            if bare in kwargs:
                raise CuteDumpError(f"{name}() got multiple values for argument '{bare}'", text, kwargs[bare][1])
            out.append(args[i])
            i += 1
        elif bare in kwargs:
            out.append(kwargs[bare][0])
        elif p.endswith("=") or (p.startswith("*") and not p.endswith("!")):
            out.append(None)
        else:
            raise CuteDumpError(
                f"{name}() missing 1 required positional argument: '{bare}' (the CuTe DSL raises TypeError)", text, col
            )
    return out


# ---- evaluation ---------------------------------------------------------------------------------------------

#: stand-in values of the dynamic inputs (odd primes: a dynamic value is a large number no structural decision of the
#: algebra mistakes for a small one; what the DSL knows of it, its divisibility, is carried by :class:`Dyn`)
_PRIMES = (1009, 1013, 1019, 1021, 1031, 1033, 1039, 1049, 1051, 1061, 1063, 1069, 1087, 1091, 1093, 1097, 1103)


class _Run:
    """The evaluation of a DSL expression (once: a dynamic value carries its divisibility by the DSL's rules)."""

    def __init__(self, text):
        self.text, self.leaf = text, 0
        self.literal = False  # cutlass.Int32(n) is the run-time value n (evaluate_dsl(literal=True))
        self.ev = _DslEvaluation(text)
        self.col = 0
        self.locals = {}  # a comprehension's variable -> its value now

    def _stand_in(self) -> int:
        k = self.leaf
        self.leaf += 1
        return _PRIMES[(k * 7) % len(_PRIMES)]

    def dynamic(self) -> int:
        """A ``cutlass.Int32`` the DSL does not know (its Int32 arithmetic): of unknown divisibility."""
        return _I32(self._stand_in())

    def unknown(self):
        """A CuTe value of unknown divisibility (``?``)."""
        return Dyn(self._stand_in(), 1)

    def known_div(self, d: int):
        """A CuTe ``IntValue`` the DSL knows to be a multiple of d (``cute.assume``)."""
        return Dyn(d * self._stand_in(), d)

    def static_now(self, x) -> bool:
        if isinstance(x, Layout):
            return is_static(x.shape) and is_static(x.stride)
        return is_static(x)

    def call(self, name, *args, targs=()):
        """The eval language's ``name<targs>(args)`` on evaluated arguments (its signature checks included)."""
        src = _ColAt(self.col)
        node = Call(name, tuple(targs), tuple(Lit(a, 0, src) for a in args), 0, src)
        return self.ev.calls(node)

    def value(self, n):
        cls = n.__class__
        if cls is Lit:
            return n.value
        if cls is Tuple_ or cls is PyList:
            out = []
            for x in n.items:
                if x.__class__ is PyStar:  # (*a, 1)
                    v = self.value(x.value)
                    if not isinstance(v, tuple):
                        raise CuteDumpError(f"* unpacks a tuple, not {_text(v)} (TypeError)", self.text, x.col)
                    out.extend(v)
                else:
                    out.append(self.value(x))
            return tuple(out) if cls is Tuple_ else PyListValue(out)
        if cls is BinOp:
            return self.arith(n)
        if cls is PyIf:
            return self.logic(n)
        if cls is PyName:
            return self.name(n)
        if cls is PyAttr:
            return self.attr(n)
        if cls is PyCall:
            return self.pycall(n)
        if cls is PyComp:
            return self.comprehension(n)
        raise CuteDumpError("unexpected expression", self.text, getattr(n, "col", 0))

    def comprehension(self, n):
        """``elt for var in items [if cond]`` over a tuple (Python's loop while tracing): a list comprehension's
        list, or a generator's items (:class:`_Generator`, for tuple(), list(), sum(), len())."""
        items = self.value(n.items)
        if not isinstance(items, tuple):
            raise CuteDumpError(f"a for loop over {_text(items)}: not a tuple (TypeError)", self.text, n.col)
        saved = self.locals.get(n.var, _NOTHING)
        out = []
        try:
            for v in items:
                self.locals[n.var] = v
                if n.cond is None or self.truth(n.cond):
                    out.append(self.value(n.elt))
        finally:
            if saved is _NOTHING:
                self.locals.pop(n.var, None)
            else:
                self.locals[n.var] = saved
        return PyListValue(out) if n.kind == "list" else _Generator(out)

    def truth(self, n):
        v = self.value(n)
        if v.__class__ is bool or v.__class__ is C or v is UNDERSCORE:
            return bool(v) if v is not UNDERSCORE else False
        if isinstance(v, tuple):
            return bool(v)
        raise CuteDumpError(
            f"the truth of {_text(v)} is not known while tracing (a dynamic value in a Python condition)",
            self.text,
            getattr(n, "col", 0),
        )

    def logic(self, n):
        """Python's ``if``/``else``, ``and``, ``or``, ``not`` and comparisons, on static values."""
        op = n.op
        if op == "if":
            return self.value(n.a) if self.truth(n.cond) else self.value(n.b)
        if op == "not":
            return not self.truth(n.cond)
        if op in ("and", "or"):
            left = self.value(n.a)
            t = self.truth(Lit(left, 0, _ColAt(n.col)))
            if (op == "and") != t:
                return left
            return self.value(n.b)
        vals = [self.value(x) for x in n.a]  # a comparison chain
        for x, o, y in zip(vals, n.b, vals[1:]):
            if o in ("==", "!=") and (x.__class__ in (Enum_, DType) or y.__class__ in (Enum_, DType)):
                same = x.__class__ is y.__class__ and (
                    (x.cls, x.name, x.space) == (y.cls, y.name, y.space) if x.__class__ is Enum_ else x.name == y.name
                )
                if same != (o == "=="):
                    return False
                continue
            if o in ("==", "!=") and x.__class__ is Layout and y.__class__ is Layout:
                same = _layout_key(x) == _layout_key(y)
                if same != (o == "=="):
                    return False
                continue
            if _dyn_int(x) and isinstance(y, int) or _dyn_int(y) and isinstance(x, int):
                return self.unknown()  # a dynamic Boolean, printed ?
            if not _comparable(x, y, o):
                raise CuteDumpError(
                    f"operator {o}: cannot compare {_text(x)} and {_text(y)} while tracing", self.text, n.col
                )
            ok = _compare(x, y, o)
            if not ok:
                return False
        return True

    def arith(self, n):
        a = self.value(n.left)
        b = None if n.right is None else self.value(n.right)
        if n.op == "+" and hasattr(a, "dsl_add"):  # a pointer plus an offset (cutedump.atoms.dsl_tensors)
            try:
                return a.dsl_add(b)
            except CuteDumpError as e:
                raise CuteDumpError(e.message, self.text, n.col) from None
        if n.op in ("+", "*") and (isinstance(a, tuple) or isinstance(b, tuple)):  # (4, 8) + (2,), (4,) * 3
            if n.op == "+" and isinstance(a, tuple) and isinstance(b, tuple):
                return a + b
            if n.op == "*" and isinstance(a, tuple) != isinstance(b, tuple):
                k = b if isinstance(a, tuple) else a
                if k.__class__ is C:
                    return (a if isinstance(a, tuple) else b) * int(k)
        if (a.__class__ is float or b.__class__ is float) and all(
            x is None or x.__class__ in (C, float) for x in (a, b)
        ):  # math.log2(n) + 1: Python's float arithmetic on static values
            return _float_arith(n.op, float(a), None if b is None else float(b), self.text, n.col)
        for x in (a, b):
            if x is not None and not isinstance(x, int) or isinstance(x, bool):
                raise CuteDumpError(
                    f"operator {n.op if n.op != 'neg' else '-'}: integers only, got {_text(x)}", self.text, n.col
                )
        if (
            not self.literal
            and n.op in ("+", "-", "*", "//", "%", "neg")
            and _Lit in (a.__class__, b.__class__)
            and all(x is None or x.__class__ in (C, _Lit) for x in (a, b))
        ):  # Python folds the Int32 arithmetic of known values: Int32(4) * 2 is Int32(8) in a plain tuple
            t = _promote(*(x.type if x.__class__ is _Lit else "Int32" for x in (a, b) if x is not None))
            ka = _wrap_int(t, a.known) if a.__class__ is _Lit else int(a)
            kb = None if b is None else _wrap_int(t, b.known) if b.__class__ is _Lit else int(b)
            if n.op in ("//", "%") and kb == 0:
                raise CuteDumpError("integer division by zero (ZeroDivisionError)", self.text, n.col)
            k = {
                "+": lambda: ka + kb,
                "-": lambda: ka - kb,
                "*": lambda: ka * kb,
                "//": lambda: ka // kb,
                "%": lambda: ka % kb,
                "neg": lambda: -ka,
            }[n.op]()
            return _Lit(self.dynamic(), _wrap_int(t, k), t)
        if (a.__class__ is not C) or (b is not None and b.__class__ is not C):
            if n.op in ("neg", "/") or not any(isinstance(x, Dyn) and not isinstance(x, _I32) for x in (a, b)):
                return self.dynamic()  # arithmetic on a cutlass.Int32: a new value (the DSL's Int32 arithmetic)
            # a CuTe IntValue (cute.assume, what a CuTe function returned): its arithmetic is the MLIR's tuple_add,
            # tuple_mul, ... whose result keeps what is known of the divisibility (the rules of Dyn's operators)
            return self._intvalue_arith(n, a, b)
        a, op = int(a), n.op
        if op == "neg":
            return C(-a)
        if op == "~":
            return C(~a)
        b = int(b)
        if op in ("<<", ">>") and b < 0:
            raise CuteDumpError("negative shift count (ValueError)", self.text, n.col)
        if op == "**":
            if b < 0:
                raise CuteDumpError(f"{a} ** {b} is a float; a shape takes integers", self.text, n.col)
            if b > 64 or abs(a) > 1 and b * abs(a).bit_length() > 256:
                raise CuteDumpError(f"{a} ** {b}: too large an integer", self.text, n.col)
            return C(a**b)
        if op in ("<<", ">>", "&", "|", "^"):
            if op == "<<" and b + abs(a).bit_length() > 256:
                raise CuteDumpError(f"{a} << {b}: too large an integer", self.text, n.col)
            return C(
                a << b
                if op == "<<"
                else a >> b
                if op == ">>"
                else a & b
                if op == "&"
                else a | b
                if op == "|"
                else a ^ b
            )
        if op in ("//", "%", "/") and b == 0:
            raise CuteDumpError("integer division or modulo by zero (ZeroDivisionError)", self.text, n.col)
        if op == "/":
            if a % b:
                raise CuteDumpError(
                    f"{a} / {b} is a float ({a / b}); a shape takes integers (write {a} // {b})", self.text, n.col
                )
            return C(a // b)
        return C(
            a + b if op == "+" else a - b if op == "-" else a * b if op == "*" else a // b if op == "//" else a % b
        )

    def _intvalue_arith(self, n, a, b):
        """An IntValue's Python operator: a ``cutlass.Int32`` literal operand counts as its known value (the DSL packs
        it as a constant), one the DSL does not know as a value of unknown divisibility; a result the MLIR folds to
        a static k stays an IntValue (printed ``?{div=k}``)."""
        a, b = _as_operand(a), _as_operand(b)
        op = n.op
        if op in ("//", "%") and b == 0:
            raise CuteDumpError("integer division or modulo by zero (ZeroDivisionError)", self.text, n.col)
        if op == "//":
            r = _idiv(a, b)
        elif op == "%":
            r = _imod(a, b)
        else:
            r = a + b if op == "+" else a - b if op == "-" else a * b
        return _IVConst(int(r)) if r.__class__ is C else r

    def enum_by_value(self, dotted, cls, v, col):
        space = _space(dotted)
        values = ENUM_VALUES.get(f"{space}.{cls}") or ENUM_VALUES.get(cls, {})
        key = int(v) if v.__class__ is C else v if v.__class__ is str else None
        if key not in values:
            raise CuteDumpError(
                f"{_text(v) if key is None else repr(key)} is not a valid {cls} (ValueError)", self.text, col
            )
        return Enum_(cls, values[key], space if space in ("warpgroup", "tcgen05") and cls != "OperandMajorMode" else "")

    def name(self, n):
        if n.name in self.locals:
            return self.locals[n.name]
        _, bare = _strip(n.name)
        nowhere = _names.misplaced(n.name.rsplit(".", 1)[0] if "." in bare else n.name, _known_names())
        if nowhere:  # cute.Float16, cute.SmemLayoutAtomKind.K_SW128
            raise CuteDumpError(nowhere, self.text, n.col)
        if bare.endswith(".width") and bare[: -len(".width")] in DTYPES:  # cutlass.Float16.width
            return C(DTYPES[bare[: -len(".width")]])
        if bare in DTYPES:
            return DType(bare, DTYPES[bare])
        if bare in ("arch.WARP_SIZE", "WARP_SIZE"):  # cute.arch.WARP_SIZE
            return C(32)
        cls, _, member = bare.rpartition(".")
        cls = cls.rsplit(".", 1)[-1]
        if cls in ENUMS:
            if member not in ENUMS[cls]:
                raise CuteDumpError(f"{cls} has no member {member!r} ({', '.join(ENUMS[cls])})", self.text, n.col)
            space = _space(n.name) if cls in ("SmemLayoutAtomKind", "OperandSource") else ""
            return Enum_(cls, member, space if space in ("warpgroup", "tcgen05") else "")
        if bare in DSL_FUNCTIONS:
            raise CuteDumpError(f"{bare} is a function: call it", self.text, n.col)
        raise CuteDumpError(f"unknown name {n.name!r}", self.text, n.col)

    def attr(self, n):
        x = self.value(n.obj)
        key = n.name
        if key.__class__ is PySlice:  # x[a:b:c]
            if not isinstance(x, tuple):
                raise CuteDumpError("only a tuple is sliced (x[a:b])", self.text, n.col)
            parts = []
            for p in (key.start, key.stop, key.step):
                v = None if p is None else self.value(p)
                if v is not None and (v.__class__ is not C):
                    raise CuteDumpError("a slice's bounds are static integers (or None)", self.text, n.col)
                parts.append(None if v is None else int(v))
            if parts[2] == 0:
                raise CuteDumpError("slice step cannot be zero (ValueError)", self.text, n.col)
            return x[slice(*parts)]
        if not isinstance(key, str):  # x[i]
            i = self.value(key)
            if hasattr(x, "dsl_index"):  # a tensor over memory sliced (cutedump.atoms.dsl_tensors)
                try:
                    return x.dsl_index(self, i)
                except CuteDumpError as e:
                    raise CuteDumpError(e.message, self.text, n.col) from None
            if x.__class__ is ComposedLayout and x.b.__class__ is Layout and isinstance(i, int):
                if not 0 <= int(i) < (len(x.b.shape) if isinstance(x.b.shape, tuple) else 1):
                    raise CuteDumpError(f"mode {int(i)} of a composed layout (ValueError)", self.text, n.col)
                b = x.b if not isinstance(x.b.shape, tuple) else Layout(x.b.shape[int(i)], x.b.stride[int(i)])
                return ComposedLayout(x.a, x.offset, b)  # the DSL keeps the swizzle and the offset on the mode
            if isinstance(x, Layout) and isinstance(i, int):  # L[i]: the layout's mode i (the DSL's Layout.__getitem__)
                r = 1 if not isinstance(x.shape, tuple) else len(x.shape)
                if not 0 <= int(i) < r:  # a negative mode too: the DSL raises ValueError
                    raise CuteDumpError(f"mode {int(i)} of a rank-{r} layout (IndexError)", self.text, n.col)
                if not isinstance(x.shape, tuple):
                    return x
                return Layout(x.shape[int(i)], x.stride[int(i)])
            if not isinstance(x, tuple) or not isinstance(i, int):
                raise CuteDumpError("only a tuple is indexed (x[i])", self.text, n.col)
            if not -len(x) <= int(i) < len(x):
                raise CuteDumpError(f"tuple index {int(i)} out of range (IndexError)", self.text, n.col)
            return x[int(i)]
        if isinstance(x, (Layout, ComposedLayout)) and key in ("shape", "stride"):
            if key == "stride" and isinstance(x, ComposedLayout):
                raise CuteDumpError("a composed layout has no stride", self.text, n.col)
            return getattr(x, key)
        if x.__class__ is ComposedLayout and key in ("inner", "offset", "outer"):  # the DSL's ComposedLayout's parts
            return x.a if key == "inner" else x.offset if key == "offset" else x.b
        if isinstance(x, DType) and key == "width":
            return C(x.bits)
        if hasattr(x, "dsl_attr"):  # an MMA / copy atom of cutedump.atoms.dsl_ops
            try:
                return x.dsl_attr(key)
            except CuteDumpError as e:
                raise CuteDumpError(e.message, self.text, n.col) from None
        raise CuteDumpError(f"{_text(x)} has no attribute {key!r} here", self.text, n.col)

    def pycall(self, n):
        fn = n.fn
        if fn.__class__ is PyName:
            ns, bare = _strip(fn.name)
            nowhere = _names.misplaced(fn.name, _known_names())
            if nowhere:
                raise CuteDumpError(nowhere, self.text, n.col)
            if fn.name in _BUILTINS:
                return self.builtin(fn.name, n)
            if bare in ("min", "max") and not n.kwargs:  # cutlass.min / cutlass.max: over every leaf of the arguments
                vals = it.flatten_to_tuple(tuple(self.value(a) for a in n.args))
                if fn.name.startswith(("cute.", "cutlass.cute.")) and all(isinstance(v, int) for v in vals):
                    return self.unknown()  # cute.min / cute.max: an arith op, dynamic even over static ints
                try:
                    return _min_max(self, min if bare == "min" else max, vals)
                except CuteDumpError as e:
                    raise CuteDumpError(e.message, self.text, n.col) from None
            if bare in DYNAMIC_INTS:
                if len(n.args) != 1 or n.kwargs:
                    raise CuteDumpError(f"{bare}(n) takes one integer", self.text, n.col)
                v = self.value(n.args[0])
                if not isinstance(v, int) or isinstance(v, bool):
                    raise CuteDumpError(f"{bare}(n): expected an integer, got {_text(v)}", self.text, n.col)
                if self.literal:
                    return int(v)
                return _Lit(self.dynamic(), _wrap_int(bare, int(v.known if v.__class__ is _Lit else v)), bare)
            cls = bare.rsplit(".", 1)[-1]
            if cls in ENUMS and len(n.args) == 1 and not n.kwargs:  # OperandMajorMode("mn"): a member by its value
                return self.enum_by_value(fn.name, cls, self.value(n.args[0]), n.col)
            space = _space(fn.name)
            row = DSL_FUNCTIONS.get(f"{space}.{bare}") or DSL_FUNCTIONS.get(bare)
            if row is None:
                if bare in _REG:
                    raise CuteDumpError(
                        f"{bare}: not a function of the CuTe DSL (the C++ spelling "
                        f"{signature(bare).split(' | ')[0]} reads as C++)",
                        self.text,
                        n.col,
                    )
                import difflib  # start-up: only for an unknown function name

                close = difflib.get_close_matches(bare, list(DSL_FUNCTIONS), n=3)
                hint = f" (did you mean {', '.join(close)}?)" if close else ""
                raise CuteDumpError(f"unknown function {fn.name!r}{hint}", self.text, n.col)
            params, impl = row
            if impl.__class__ is str:  # "module:function", imported on first use
                import importlib  # start-up: only for the MMA / copy constructors

                mod, _, attr = impl.partition(":")
                impl = getattr(importlib.import_module(mod), attr)
            args = [self.value(a) for a in n.args]
            kwargs = {k: (self.value(v), c) for k, (v, c) in n.kwargs.items()}
            bound = _bind(bare, params, args, kwargs, self.text, n.col)
            self.col = n.col
            if any(
                v.__class__ is float
                for v in it.flatten_to_tuple(tuple(x for x in bound if isinstance(x, (tuple, float))))
            ):
                raise CuteDumpError(f"{bare}: a float is not an integer (ValueError)", self.text, n.col)
            # functions of the DSL written in Python take a value as Python has it
            self.raw = bound  # the values as the DSL has them (a folded IntValue: _IVConst), for _checked
            bound = [_unlit(x) for x in bound] if bare not in _PYTHON_LEVEL else bound
            if any(x.__class__ is _Generator for x in bound):
                raise CuteDumpError(f"{bare}: a generator is not a tuple (ValueError)", self.text, n.col)
            refused = _kinds.refusal(bare, bound) if not space else None
            if refused:
                raise CuteDumpError(refused, self.text, n.col)
            try:
                if impl is _smem_atom:
                    return impl(self, *bound, ns=ns)
                if getattr(impl, "dsl_named", False):  # one implementation of several rows: told its name
                    return impl(self, *bound, name=bare)
                return impl(self, *bound)
            except CuteDumpError as e:
                if e.col is None:
                    raise CuteDumpError(
                        e.message if e.message.startswith(bare) else f"{bare}: {e.message}", self.text, n.col
                    ) from None
                raise
            except (TypeError, ValueError, AttributeError, IndexError, KeyError) as e:  # an argument of a wrong kind
                raise CuteDumpError(
                    f"{bare}: an argument is not of the kind this function takes ({type(e).__name__}: {e})",
                    self.text,
                    n.col,
                ) from None
        if fn.__class__ is PyAttr and isinstance(fn.name, str):  # x.method(...): a tiled MMA's partition_shape_A
            obj = self.value(fn.obj)
            if hasattr(obj, "dsl_method"):
                args = [self.value(a) for a in n.args]
                kwargs = {k: self.value(v) for k, (v, c) in n.kwargs.items()}
                try:
                    return obj.dsl_method(fn.name, args, kwargs)
                except CuteDumpError as e:
                    raise CuteDumpError(e.message, self.text, n.col) from None
                except (TypeError, ValueError, AttributeError, IndexError, KeyError) as e:
                    raise CuteDumpError(
                        f"{fn.name}: an argument is not of the kind it takes ({type(e).__name__}: {e})",
                        self.text,
                        n.col,
                    ) from None
        target = self.value(fn)
        args = [_unlit(self.value(a)) for a in n.args]  # a CuTe function of the DSL's: its values as CuTe takes them
        if n.kwargs or not isinstance(target, (Layout, ComposedLayout, Swizzle)):
            raise CuteDumpError("only layouts and swizzles can be called on a coordinate", self.text, n.col)
        try:
            if (
                target.__class__ is Layout
                and len(args) == 1
                and isinstance(args[0], int)
                and not (is_static(target.shape) and is_static(target.stride) and args[0].__class__ is C)
            ):
                target(*args)  # CuTe's checks of the coordinate
                return self._index(target, args[0])
            return target(*args)
        except CuteDumpError as e:
            raise CuteDumpError(e.message, self.text, n.col) from None
        except (TypeError, IndexError, ValueError) as e:
            raise CuteDumpError(f"cannot evaluate at these coordinates ({e})", self.text, n.col) from None

    def builtin(self, name, n):
        """Python's builtins as a ``@cute.jit`` function sees them: ``len``, ``sum``, ``int`` on static values;
        ``min``, ``max`` and ``abs`` are the DSL's own there (its AST rewriting): a dynamic Int32, printed ``?``."""
        if n.kwargs:
            raise CuteDumpError(f"{name}() takes no keyword arguments here", self.text, n.col)
        args = [self.value(a) for a in n.args]
        if name in ("tuple", "list"):
            if len(args) > 1 or (args and not isinstance(args[0], tuple)):
                raise CuteDumpError(
                    f"{name}() of {_text(args[0]) if args else ''}: not iterable (TypeError)", self.text, n.col
                )
            items = tuple(args[0]) if args else ()
            return items if name == "tuple" else PyListValue(items)
        if name == "len" and len(args) == 1 and args[0].__class__ is _Generator:
            raise CuteDumpError("len() of a generator (TypeError)", self.text, n.col)
        if name in ("min", "max", "abs"):
            if not args or (name == "abs" and len(args) != 1):
                raise CuteDumpError(
                    f"{name}() takes {'one argument' if name == 'abs' else 'arguments'}", self.text, n.col
                )
            vals = args
            if not vals or not all(isinstance(v, int) and v.__class__ is not bool for v in vals):
                raise CuteDumpError(f"{name}(): integers only, got {_text(tuple(args))}", self.text, n.col)
            if self.literal:
                return {"min": min, "max": max, "abs": abs}[name](*[int(v) for v in vals])
            return self.dynamic()
        if len(args) != 1:
            raise CuteDumpError(f"{name}() takes one argument (TypeError)", self.text, n.col)
        (x,) = args
        if name == "len":
            if not isinstance(x, tuple):
                raise CuteDumpError(f"len() of {_text(x)}: not a tuple (TypeError)", self.text, n.col)
            return C(len(x))
        if name == "math.log2":  # Python's math.log2 of a static value: a float (of a dynamic one: TypeError)
            if x.__class__ not in (C, float) or float(x) <= 0:
                what = _text(x) if x.__class__ is not C else str(int(x))
                what = "a dynamic value" if isinstance(x, int) and x.__class__ is not C else what
                raise CuteDumpError(f"math.log2() of {what}: a positive static number only", self.text, n.col)
            import math  # start-up: only for math.log2

            return math.log2(int(x) if x.__class__ is C else x)
        if name == "int" and x.__class__ is float:
            return C(int(x))
        if name == "int":
            if not isinstance(x, int) or x.__class__ is bool:
                raise CuteDumpError(f"int() of {_text(x)} (TypeError)", self.text, n.col)
            return x
        # sum
        if not isinstance(x, tuple) or not all(isinstance(v, int) and v.__class__ is not bool for v in x):
            raise CuteDumpError(f"sum() of {_text(x)}: a tuple of integers only (TypeError)", self.text, n.col)
        if all(v.__class__ is C for v in x):
            return C(sum(int(v) for v in x))
        return self.dynamic()

    def _index(self, L, i):
        """L(i) for an index i of a layout with dynamic values, as the DSL's MLIR folds it: i is split over the modes
        colexicographically, mode by mode down the nesting (a mode's coordinate is known while the index is and the
        mode's size is static, or when it is 0: 0 // n and 0 % n fold to 0); an unknown coordinate is a value of
        unknown divisibility. The result is the sum of coordinate x stride over the leaves, a term being 0 where the
        stride is a static 0 or the coordinate a known 0."""
        acc = [C(0), True]  # the sum, and whether it is static

        def term(crd, st):
            if (st.__class__ is C and int(st) == 0) or (crd is not None and crd == 0):
                return
            if crd is None:
                acc[0], acc[1] = acc[0] + self.unknown() * st, False
            elif st.__class__ is C and acc[1]:
                acc[0] = C(int(acc[0]) + crd * int(st))
            else:
                acc[0], acc[1] = acc[0] + C(crd) * st, False

        def go(shape, stride, crd):
            if not isinstance(shape, tuple):
                return term(crd, stride)
            rest = crd
            for k, (sh, st) in enumerate(zip(shape, stride)):
                if k == len(shape) - 1 or (rest is not None and rest == 0):
                    c = rest
                elif rest is None:  # an unknown index: the coordinate of a mode of static size 1 is 0 (x % 1)
                    c = 0 if it.product(sh).__class__ is C and int(it.product(sh)) == 1 else None
                else:
                    n = it.product(sh)
                    if n.__class__ is C:
                        c, rest = rest % int(n), rest // int(n)
                    else:
                        c = rest = None
                go(sh, st, c)

        go(L.shape, L.stride, int(i) if i.__class__ is C else None)
        return acc[0] if acc[1] or isinstance(acc[0], Dyn) else Dyn(int(acc[0]), 1)


#: Python's builtins read in the DSL spelling (:meth:`_Run.builtin`)
_BUILTINS = frozenset({"len", "sum", "min", "max", "abs", "int", "math.log2", "tuple", "list"})


def _dyn_int(x):
    return isinstance(x, int) and x.__class__ is not C and x.__class__ is not bool


def _layout_key(L):
    def k(v):
        if isinstance(v, tuple):
            return tuple(k(e) for e in v)
        return ("C", int(v)) if v.__class__ is C else ("?", id(v))

    return (k(L.shape), k(L.stride))


def _comparable(x, y, op):
    if x.__class__ is C and y.__class__ is C:
        return True
    if op in ("==", "!=") and (x.__class__ is bool or y.__class__ is bool):
        return x.__class__ is y.__class__
    if op in ("==", "!=") and isinstance(x, tuple) != isinstance(y, tuple) and C in (x.__class__, y.__class__):
        return True  # Python's: a tuple is never equal to an int
    if isinstance(x, tuple) and isinstance(y, tuple):
        return all(v.__class__ is C or isinstance(v, tuple) for v in it.flatten_to_tuple(x) + it.flatten_to_tuple(y))
    return False


def _compare(x, y, op):
    def key(v):
        return tuple(key(e) for e in v) if isinstance(v, tuple) else int(v)

    if isinstance(x, tuple) != isinstance(y, tuple):
        return op == "!="
    a, b = key(x), key(y)
    return {"==": a == b, "!=": a != b, "<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]


def _as_operand(x):
    """An operand of an IntValue's arithmetic as the MLIR sees it: a known ``cutlass.Int32`` its value, a folded
    IntValue its static value."""
    cls = x.__class__
    if cls is _Lit:
        return C(x.known)
    if cls is _IVConst:
        return C(int(x))
    if cls is _I32:
        return Dyn(int(x), 1)
    return x


def _assume(ev, src, divby, pow2):
    """cute.assume(src, divby=, pow2=) (core.py): a static int is checked and returned; a dynamic one becomes an
    IntValue the DSL knows to be a multiple of ``divby`` (its divisibility, printed ``?{div=divby}``)."""
    if pow2 is not None and pow2.__class__ is not bool:
        raise CuteDumpError(f"assume: pow2 is a bool, got {_text(pow2)} (ValueError)")
    if divby is None and pow2 is None:
        return src
    src = _unlit(src)
    d = C(1) if divby is None else divby
    if d.__class__ is not C or int(d) <= 0:
        raise CuteDumpError(f"assume: divby is a positive integer, got {_text(d)} (ValueError)")
    d = int(d)
    if pow2 and d > 1 and d & (d - 1):
        raise CuteDumpError(f"assume: divby {d} is not a power of two with pow2=True (ValueError)")
    if src.__class__ is C:
        v = int(src)
        if v % d:
            raise CuteDumpError(f"assume: {v} is not divisible by {d} (ValueError)")
        if pow2 and (v <= 0 or v & (v - 1)):
            raise CuteDumpError(f"assume: {v} is not a positive power of two (ValueError)")
        return src
    if not isinstance(src, int) or src.__class__ is bool:
        raise CuteDumpError(f"assume: takes an integer, got {_text(src)} (AttributeError)")
    if ev.literal:
        return src
    return ev.known_div(d)


_INT_BITS = {"Int8": 8, "Uint8": 8, "Int16": 16, "Uint16": 16, "Int32": 32, "Uint32": 32, "Int64": 64, "Uint64": 64}


def _ceil_div(ev, x, t):
    """cute.ceil_div: a tuple by an integer is its size's ceil_div (the DSL's: ceil_div((8, 16), 2) is 64)."""
    if isinstance(x, tuple) and t.__class__ is C and is_static(x) and int(t) != 0:
        n = int(ev.call("size", x))
        return C(-(-n // int(t)))
    if x.__class__ is C and t.__class__ is C and int(t) != 0:  # (input + tiler - 1) // tiler, Python's floor
        return C((int(x) + int(t) - 1) // int(t))
    if isinstance(x, tuple) and isinstance(t, tuple) and len(t) <= len(x):
        # mode by mode (the rest modes of zipped_divide): a nested mode by an integer is its size's ceil_div, a mode
        # the tiler does not reach is kept
        return tuple(
            _ceil_div(ev, ev.call("size", xi) if isinstance(xi, tuple) and not isinstance(ti, tuple) else xi, ti)
            if k < len(t)
            else xi
            for k, (xi, ti) in enumerate(zip(x, t + (None,) * (len(x) - len(t))))
        )
    return ev.call("ceil_div", x, t)


def _shape_div(ev, a, b):
    """cute.shape_div: the DSL's MLIR refuses a nested mode of rank > 1 divided by an integer mode of a tuple
    (MLIRError); a tuple by an integer folds as CuTe's."""

    def nested_by_int(x, y):
        if isinstance(x, tuple) and isinstance(y, tuple):
            return any(nested_by_int(p, q) for p, q in zip(x, y))
        return isinstance(x, tuple) and len(x) > 1

    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b) and nested_by_int(a, b):
        raise CuteDumpError("shape_div: a nested mode divided by an integer mode (the DSL raises MLIRError)")
    return ev.call("shape_div", a, b)


def _promote(*types):
    """The type of Python's arithmetic on the DSL's integers (a Python int counts as an Int32): the wider type; of
    one width, the unsigned."""
    ts = types
    bits = max(_INT_BITS[t] for t in ts)
    wide = [t for t in ts if _INT_BITS[t] == bits]
    return next((t for t in wide if t.startswith("U")), wide[0])


def _wrap_int(name, v):
    """``v`` as the DSL's integer type ``name`` holds it (two's complement of its width)."""
    bits = _INT_BITS[name]
    v &= (1 << bits) - 1
    return v - (1 << bits) if not name.startswith("U") and v >> (bits - 1) else v


def _float_arith(op, a, b, text, col):
    """Python's arithmetic on floats (``math.log2(n) + 1``)."""
    if op == "neg":
        return -a
    if op in ("/", "//", "%") and b == 0:
        raise CuteDumpError("float division by zero (ZeroDivisionError)", text, col)
    ops = {"+": a + b, "-": a - b, "*": a * b} if op in "+-*" else {}
    if op == "/":
        return a / b
    if op == "//":
        return float(a // b)
    if op == "%":
        return a % b
    if op in ops:
        return ops[op]
    raise CuteDumpError(f"operator {op}: not for a float (TypeError)", text, col)


class _DslEvaluation(_Evaluation):
    """The eval language's evaluation of calls, without C++ int's overflow checks (the DSL's dynamic values are not
    known: their ints are cutedump's stand-ins)."""

    __slots__ = ()

    def checked(self, result, node):
        return result


class _ColAt:
    """Every token of a call made here has the column of the DSL call it came from."""

    __slots__ = ("col",)

    def __init__(self, col):
        self.col = col

    def __getitem__(self, i):
        return self.col


def _text(x) -> str:
    try:
        return format_result(x)
    except Exception:  # a DType, an enum member
        return repr(x)


def _settle(x):
    """The answer as cutedump's other layers take it: each dynamic value a :class:`Dyn` whose int is what the DSL
    knows (its divisibility; CuTe's print shows that dynamic int), a plain tuple's ``cutlass.Int32`` literal kept
    (its known value prints)."""
    cls = x.__class__
    if cls is C or cls is bool or cls is SmemPtrFlag:
        return x
    if cls is _Lit:
        return _Lit(1, x.known, x.type)
    if cls is _IVConst:
        return x
    if cls is int or isinstance(x, Dyn):
        d = x.div if isinstance(x, Dyn) else 1
        return Dyn(abs(d) or 1, d)
    if cls is tuple:
        return tuple(_settle(e) for e in x)
    if cls is ArithTuple:
        return ArithTuple(_settle(e) for e in x)
    if cls is PyListValue:
        return PyListValue(_settle(e) for e in x)
    if cls is Layout:
        return Layout(_settle(x.shape), _settle(x.stride))
    if cls is ComposedLayout:
        return ComposedLayout(x.a, _settle(x.offset), _settle(x.b))
    if cls is ScaledBasis:
        return ScaledBasis(_settle(x.value), x.path)
    if cls is CountingTensor:
        return CountingTensor(_settle(x.coord), _settle(x.layout))
    if hasattr(x, "dsl_settle"):  # a tensor over memory (cutedump.atoms.dsl_tensors)
        return x.dsl_settle(_settle)
    return x


def evaluate_dsl(text: str, literal: bool = False):
    """A DSL-spelled expression's value (dynamic values as :class:`Dyn`, their int the divisibility); with ``literal``
    each ``cutlass.Int32(n)`` is the run-time (C++ dynamic) value n, as C++ CuTe would compute with it."""
    try:
        return _evaluate_dsl(text, literal)
    except CuteDumpError as e:  # the message in the DSL's spelling: the input is quoted as typed (text, col)
        msg = dsl_spelled(e.message)
        if msg == e.message:
            raise
        raise CuteDumpError(msg, e.text, e.col) from None


def dsl_spelled(message: str) -> str:
    """An error message about DSL input, its values spelled as the CuTe DSL prints them (``(4,8)``, not CuTe's
    ``(_4,_8)``; ``S<3,4,3> o 0 o L``, not ``Sw<3,4,3> o smem_ptr[16b](unset) o L``); where the DSL refuses in
    words of its own, those words (``shape and stride must be congruent``)."""
    import re  # start-up: only for an error

    m = re.sub(r"smem(?:_sparse<\d+>)?_ptr\[\d+b\]\(unset\)", "0", message.replace("Sw<", "S<"))
    m = re.sub(r"(?<![\w\]])_(-?\d+)\b", r"\1", m)
    return re.sub(r"shape (\S+) and stride (\S+) are not congruent", r"shape \1 and stride \2 must be congruent", m)


def _evaluate_dsl(text: str, literal: bool):
    if is_dsl_print(text):  # the DSL's print of a value, read back
        return _dsl_print_value(text, literal)
    node = parse_dsl(text)
    lenient = _L.LENIENT
    lenient[0] = True
    if literal:
        try:
            run = _Run(text)
            run.literal = True
            return run.value(node)
        except RecursionError:
            raise CuteDumpError("expression nested too deeply", text, 0) from None
        finally:
            lenient[0] = False
    keep = _sw.KEEP_NOOP
    keep[0] = True
    try:
        return _settle(_Run(text).value(node))
    except RecursionError:
        raise CuteDumpError("expression nested too deeply", text, 0) from None
    finally:
        lenient[0] = keep[0] = False


# ---- the DSL's print ----------------------------------------------------------------------------------------


def dsl_int(x, value: bool = False) -> str:
    """A value's print: its divisibility (an unsigned 32-bit int in the DSL's MLIR) unsigned in an int tuple or a
    layout (``(4,?{div=2147483648}):(1,4)``), signed when the value itself is printed (``value``:
    ``?{div=-2147483648}``)."""
    if x.__class__ is SmemPtrFlag:  # a DSL smem atom's offset: the DSL's 0 (the width it carries is not printed)
        return "0"
    if x.__class__ is C or x.__class__ is bool:
        return str(int(x)) if x.__class__ is C else str(x)
    d = x.div if isinstance(x, Dyn) else 1
    d = wrap32(d) if value else d % (1 << 32)
    return f"?{{div={d}}}" if d != 1 else "?"


def _mlir(x) -> str:
    """An int tuple / layout as the DSL's MLIR values print: ``(4,?{div=8})``; a one-element tuple ``(4)``."""
    cls = x.__class__
    if cls is tuple or cls is ArithTuple:  # a coordinate tensor's coordinate: an ArithmeticTuple
        return "(" + ",".join(_mlir(e) for e in x) + ")"
    if x is UNDERSCORE:
        return "_"
    if cls is ScaledBasis:
        return dsl_int(x.value) + "".join(f"@{p}" for p in reversed(x.path))
    if isinstance(x, int):
        return dsl_int(x)
    return str(x)


def _python(x) -> str:
    """A Python-level tuple of the DSL (what shape, product_each, get on a tuple return): Python's repr, a static
    value as the int, a dynamic one ``Int32(?)``."""
    if x.__class__ is tuple:
        inner = ", ".join(_python(e) for e in x)
        return f"({inner},)" if len(x) == 1 else f"({inner})"
    if x.__class__ is PyListValue:  # a Python list: [8, 16]
        return "[" + ", ".join(_python(e) for e in x) + "]"
    if x is UNDERSCORE:
        return "None"
    if x.__class__ is C:
        return str(int(x))
    if isinstance(x, bool):
        return str(x)
    if x.__class__ is _Lit:
        return f"{x.type}({x.known})"
    if isinstance(x, int):
        return "Int32(?)"
    return format_dsl(x)


def _swizzle_text(sw) -> str:
    """The DSL's print of a swizzle: ``S<3,4,3>``; with a negative shift its closing ``>`` is missing (4.8.1 prints
    ``S<2,2,-2``)."""
    return f"S<{sw.b},{sw.m},{sw.s}" + (">" if sw.s >= 0 else "")


def format_dsl(obj) -> str:
    """``obj`` as the CuTe DSL's ``str()`` prints it."""
    cls = obj.__class__
    if cls is Layout:
        return f"{_mlir(obj.shape)}:{_mlir(obj.stride)}"
    if cls is ComposedLayout:
        a = obj.a
        inner = _swizzle_text(a) if isinstance(a, Swizzle) else format_dsl(a)
        return f"{inner} o {_mlir(obj.offset)} o {format_dsl(obj.b)}"
    if isinstance(obj, Swizzle):
        return _swizzle_text(obj)
    if cls is tuple or cls is PyListValue:
        return _python(obj)
    if cls is _Generator:
        raise CuteDumpError("a generator object: the DSL prints its address; call tuple() on it")
    if cls is bool:
        return str(obj)
    if isinstance(obj, int):
        return dsl_int(obj, value=True)
    if cls is ScaledBasis:
        return _mlir(obj)
    if cls is CountingTensor:
        return f"tensor<{_mlir(obj.coord)} o {format_dsl(obj.layout)}>"
    if isinstance(obj, (DType, Enum_)):
        return repr(obj)
    if hasattr(obj, "dsl_str"):  # an MMA / copy atom of cutedump.atoms.dsl_ops
        return obj.dsl_str(format_dsl)
    return str(obj)


# ---- which spelling an input is -----------------------------------------------------------------------------

#: names only the DSL spells (a call of one of them is DSL input with or without the cute. prefix)
_DSL_ONLY = (
    "make_swizzle",
    "make_composed_layout",
    "group_modes",
    "make_smem_layout",
    "slice_(",
    "product_each",
    "Int32(",
    "Int64(",
    "Float16",
    "BFloat16",
    "Float32",
    "Float8",
    "SmemLayoutAtomKind",
    "LayoutEnum",
    "Int16(",
    "Int8(",
    "Uint32(",
    "Uint64(",
    "Uint16(",
    "Uint8(",
    "None",
    "//",
    "tcgen05.",
    "warpgroup.",
    "cpasync.",
    "sm90_utils.",
    "sm100_utils.",
    "sm120_utils.",
    "blockscaled_utils.",
)


def note_smem_width(obj, drawn=None) -> None:
    """A DSL-printed smem atom (or a layout built from one) prints ``S<3,4,3> o 0 o L`` whatever its element width:
    one ``note:`` line says which meaning cutedump gives it (its swizzle on the byte addresses of its B-bit
    elements, the smem pointer's swizzle) and, with ``drawn``, the element-offset form a picture shows."""
    off = getattr(obj, "offset", None)
    if not (isinstance(obj, ComposedLayout) and isinstance(obj.a, Swizzle) and obj.a.b > 0):
        return
    from cutedump.errors import note  # start-up: on demand

    if off.__class__ is not SmemPtrFlag:
        if drawn is not None:  # a layout a command answers: built without an atom, it has no element width
            note(
                f"{_swizzle_text(obj.a)} is taken on element offsets (the layout's own function): this layout was "
                "not built from a smem atom, so it carries no element width; the DSL's get_tensor(outer, "
                "swizzle=inner) applies a swizzle to byte addresses: build it from "
                "warpgroup/tcgen05.make_smem_layout_atom(kind, dtype) for that meaning"
            )
        return

    what = f"{_swizzle_text(obj.a)} acts on the byte addresses of {off.bits}-bit elements"
    if off.sparsity is None:
        what += " (the smem pointer's swizzle: get_tensor(layout.outer, swizzle=layout.inner))"
    how = f"; C++ prints it {format_result(obj)}"
    if drawn is not None:
        how += f"; as element offsets: {format_result(drawn)}"
    note(what + how)


def _dsl_print_value(text: str, literal: bool):
    """``S<3,4,3> o 0 o (8,64):(64,1)`` (the DSL's print) as a value: the print carries no element width, so a
    swizzle is read as one of element offsets (the layout's own function; a note says so); with ``literal`` (what a
    command draws) a ``?`` has no value and is refused."""
    obj = read_dsl_print(text)
    if isinstance(obj, DslTensorPrint):
        obj = CountingTensor(obj.coord, obj.layout)
    if literal:
        i = text.find("?")
        if i >= 0:
            raise CuteDumpError(
                "CuTe DSL print: '?' is a run-time value the print does not show; cutedump draws known values only "
                "(spell the layout's construction, with cutlass.Int32(n) for the value)",
                text,
                i,
            )
    if isinstance(obj, ComposedLayout) and isinstance(obj.a, Swizzle) and obj.a.b > 0:
        from cutedump.errors import note  # start-up: on demand

        note(
            f"{_swizzle_text(obj.a)} is read as a swizzle of element offsets: the DSL's print carries no element "
            "width; a shared-memory atom's swizzle acts on byte addresses: spell the atom "
            "(warpgroup.make_smem_layout_atom(kind, dtype)) or its C++ form (Sw<B,M,S> o smem_ptr[Nb](unset) o L)"
        )
    return obj


def is_dsl(text: str, syntax: str | None = None) -> bool:
    """Is ``text`` spelled as the CuTe DSL spells it? ``cute.``/``cutlass.`` names, keyword arguments, names only
    the DSL has (``make_swizzle``, ``group_modes``, ``None``, ``//``, ...). A text without any of them (``size((4,
    8))``) reads as CuTe's print / C++ whatever ``syntax`` asks of the answer: its plain integers are dynamic there,
    and the answers to such text stay what they were."""
    if "cute." in text or "cutlass." in text or "=" in text or "math.log2(" in text or is_dsl_print(text):
        return True
    if " for " in text and " in " in text:  # a generator expression or list comprehension: Python's
        return True
    for w in _DSL_ONLY:
        if w in text:
            return True
    if syntax != "dsl" or not _dsl_names_only(text):
        return False
    if all(ch.isdigit() or ch in " +-*/%()" for ch in text):  # Python integer arithmetic: 4 + 4 is 8 in the DSL
        return any(ch.isdigit() for ch in text)
    return _python_tuples(text) or any(w in text for w in _PY_MARKS)


#: Python-only spellings (with ``--syntax dsl`` and the table's names alone): builtins, slices, ``if``/``else``,
#: Python's integer operators
_PY_MARKS = ("len(", "min(", "max(", "abs(", "sum(", "int(", " if ", "**", ":]", "[:", "*(", " not ", "==", "!=")
_PY_MARKS += ("<<", ">>", "&", "|", "^", "~")


#: Python's words and builtins a DSL-spelled expression may hold besides the table's functions
_PY_WORDS = frozenset({"None", "True", "False", "if", "else", "and", "or", "not"}) | _BUILTINS


def _dsl_names_only(text: str) -> bool:
    """Every name in ``text`` is a function of the DSL's table (or None / True / False)."""
    name = []
    for ch in text + " ":
        if ch.isalnum() or ch == "_":
            name.append(ch)
            continue
        if name:
            w = "".join(name)
            name = []
            if not w[0].isdigit() and w not in DSL_FUNCTIONS and w not in _PY_WORDS:
                return False
    return True


def _python_tuples(text: str) -> bool:
    """A tuple literal written as Python writes it -- ``(4, 8)`` (a comma and a space inside a tuple's parentheses,
    not a call's), ``(4,)`` -- and no mark of C++ or CuTe's print (``_8``, ``<``, ``{``, ``:``, ``::``, ``@``)."""
    for mark in ("<", "{", "@", " o "):
        if mark in text:
            return False
    depth = 0  # a ':' only inside [...] (a Python slice, x[:2])
    for ch in text:
        depth += (ch == "[") - (ch == "]")
        if ch == ":" and depth <= 0:
            return False
    found = False
    stack = []  # for each open parenthesis: is it a tuple's (not a call's)?
    prev = ""
    for i, ch in enumerate(text):
        if ch == "_" and i + 1 < len(text) and text[i + 1].isdigit() and not (prev.isalnum() or prev == "_"):
            return False  # _8: CuTe's static integer
        if ch == "(":
            j = i - 1
            while j >= 0 and text[j] == " ":
                j -= 1
            stack.append(not (j >= 0 and (text[j].isalnum() or text[j] == "_")))
        elif ch == ")":
            if prev == "," and stack and stack[-1]:
                found = True
            if stack:
                stack.pop()
        elif ch == " " and prev == "," and stack and stack[-1]:
            found = True
        if ch != " ":
            prev = ch
        elif prev == ",":
            prev = ","
    return found


def read_option(text: str, parse):
    """An option's layout/shape text: spelled as the CuTe DSL spells it (``cute.make_layout((16, 8), stride=(8,
    1))``; ints static, ``cutlass.Int32(n)`` the dynamic value n), or read by ``parse`` (CuTe's print syntax)."""
    if is_dsl(text):
        return evaluate_dsl(text, literal=True)
    return parse(text)


# ---- DSL code that builds an answer -------------------------------------------------------------------------


def _code_value(x) -> str:
    if x.__class__ is tuple:
        inner = ", ".join(_code_value(e) for e in x)
        return f"({inner},)" if len(x) == 1 else f"({inner})"
    if x is UNDERSCORE:
        return "None"
    if x.__class__ is C or x.__class__ is SmemPtrFlag:
        return str(int(x))
    if isinstance(x, int) and not isinstance(x, bool):
        return f"cutlass.Int32({int(x)})"
    raise CuteDumpError(f"cannot spell {_text(x)} as CuTe DSL code")


def to_dsl_code(obj) -> str:
    """A DSL expression that builds ``obj``: ``cute.make_layout((4, 8), stride=(1, 4))``; a dynamic integer is
    ``cutlass.Int32(n)``; a swizzled layout ``cute.make_composed_layout(cute.make_swizzle(b, m, s), 0, L)``."""
    if obj.__class__ is Layout:
        return f"cute.make_layout({_code_value(obj.shape)}, stride={_code_value(obj.stride)})"
    if obj.__class__ is ComposedLayout and isinstance(obj.a, Swizzle) and obj.b.__class__ is Layout:
        a = obj.a
        return (
            f"cute.make_composed_layout(cute.make_swizzle({a.b}, {a.m}, {a.s}), {_code_value(obj.offset)}, "
            f"{to_dsl_code(obj.b)})"
        )
    if isinstance(obj, Swizzle):
        return f"cute.make_swizzle({obj.b}, {obj.m}, {obj.s})"
    return _code_value(obj)
