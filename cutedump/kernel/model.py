"""A kernel model: a small data description of a CuTe kernel's objects and of one thread's partitions,
evaluated by the engine exactly as the kernel's C++ builds them (host only: pointers never matter).

A description is a mapping, read from a TOML file by :mod:`cutedump.kernel.load` (shipped examples in
``cutedump/kernel/examples/``)::

    {"kernel": {"name": ..., "title": ...},
     "params": {"M": "128", "bM": "_128", ...},        # defaults; CuTe literals (_8 static, 8 dynamic)
     "objects": [entry, ...],                          # host objects, printed in order
     "thread":  [entry, ...],                          # tensors and partitions of one thread (block (0,0))
     "smem_copies": [{"copy", "tensor", "direction", "slice"?, "what"?}, ...],   # for the bank audit
     "checks": {"tiler", "copies", "mma"}}             # optional tile rules (see _run_checks)

Each entry has a ``name`` and a ``kind``; expressions are in the ``cutedump eval`` language and may name params
and earlier entries (an identifier equal to such a name stands for its value). Kinds:

``value``        expr -> an int tuple or layout (``tile_to_shape(swizzle_atom, (bM,bK,_3))``)
``copy_atom``    atom, type -> Copy_Atom<atom, type>
``tiled_copy``   atom, type, thr[, val] -> make_tiled_copy(Copy_Atom<atom,type>{}, thr, val)
``tiled_mma``    atom[, atom_layout, permutation] -> make_tiled_mma(atom, atom_layout, Tile<permutation>)
``tiled_copy_A`` / ``_B`` / ``_C``   atom (a copy_atom entry), mma -> make_tiled_copy_A/B/C(atom, mma)
``query``        of, method -> e.g. mmaC.get_layoutA_TV(), copyA.get_layoutS_TV(), mmaC.get_thr_layout_vmnk()
``atom_detail``  atom (a copy_atom entry) -> the Src/Dst/Ref value layouts, src2ref/dst2ref and samples
``tensor``       memory (gmem|smem|rmem), layout expr or shape[+stride] exprs -> make_tensor(ptr, ...)
``local_tile``   tensor, tiler, coord[, step] -> local_tile(tensor, tiler, coord, Step<...>)
``partition``    op, of, tensor[, slice] -> of.get_slice(thread).op(tensor[slice]) with op one of partition_S,
                 partition_D, retile_D (a TiledCopy), partition_A/B/C, partition_fragment_A/B, make_fragment_A/B/C
                 (a TiledMMA); op make_fragment_like takes no ``of``
``tma_atom``     op, type, gmem (a gmem tensor entry), smem (a layout expr)[, slice, cluster], tile ->
                 make_tma_atom(op, gmem, smem[slice], tile[, Int<cluster>]) (cutedump.atoms.tma); prints the
                 Copy_Atom; the readings and the JSON give the cuTensorMapEncodeTiled arguments
``tma_tensor``   of (a tma_atom entry), shape -> of.get_tma_tensor(shape): a TMA coordinate tensor (no memory; it
                 prints as print(tensor), ``ArithTuple(_0,_0) o (512,128):(_1@1,_1@0)``, and local_tile keeps
                 its origin; in expressions it stands for its shape)
``tma_partition`` of, smem, gmem[, cta_coord, cta_layout] -> tma_partition(of, cta_coord, cta_layout, smem, gmem)
                 (default Int<0>{}, Layout<_1>{}); two outputs, ``name = "tAgA, tAsA"`` (gmem, smem) and
                 ``modes = "TMA,k; TMA,PIPE"``; smem and gmem are NAME or ``group_modes<B,E>(NAME)``
``tma_bytes``    of = "tAsA, tBsB" (smem outputs of tma_partition) -> sum of sizeof(make_tensor_like(tensor<0>(X))),
                 the bytes one stage's TMA copies write (wgmma_tma_sm90.cu's tma_transaction_bytes)
A ``[[smem_copies]]`` entry may name a tma_atom: TMA is not a thread copy, so the bank audit counts nothing for
it and says so; the TMA audit compares its swizzle mode with the descriptors that read the same smem tensor.
Blackwell kinds (rows of :data:`cutedump.kernel.sm100.KINDS`, documented there): ``mma_query`` (tile_size<I>,
tile_shape, size, AtomThrID of a TiledMMA), ``partition_shape`` (partition_shape_A/B/C), ``check`` (a host check
with the kernel's own message), ``tmem_copy`` (make_tmem_copy), ``zipped_divide`` (of a TMEM or TMA coordinate
tensor), ``flat_coord`` (get_flat_coord), ``multicast_mask`` (create_tma_multicast_mask); a ``tma_atom`` with
operand, mma and vmnk is make_tma_atom_A/B_sm100 (with ``tma_type``: make_tma_atom_A/B_sm100<TmaInternalType>, the
scale factors' uint16_t loads). A ``partition`` may take ``thr`` (an expression:
``tiled_mma.get_slice(mma_v)``, default the thread); make_fragment_A/B/C of a UMMA TiledMMA give the UMMA
descriptor tensor and the TMEM accumulator. ``[kernel] threads = N`` sets the CTA's thread count (default: the
size of the first TiledMMA, else TiledCopy).
GMMA shared memory (the Hopper tutorial wgmma_sm90.cu): a ``tensor`` with memory = "smem" over a GMMA atom layout
``Sw o smem_ptr[Bb](unset) o L`` (``tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, ...)``) is CuTe's
``make_tensor(smem_ptr, layout)``: the swizzle (on byte addresses) goes into the pointer and the tensor's layout is
the plain L, which is what it prints and what partitions act on; the bank audit of its copies sees the swizzle in
element form (``as_position_independent_swizzle_layout``). A partition's ``tensor`` may be
``as_position_independent_swizzle_tensor(NAME)`` (the copy partitions of the tutorial: the swizzle back on the
layout, ``Sw' o _0 o L``). ``make_fragment_A/B`` of ``partition_A/B`` of such a tensor, or ``partition_fragment_A/B``
of it, by an SS GMMA TiledMMA is the descriptor tensor (cutedump.atoms.smem_desc.desc_fragment): its layout counts
descriptors, and the readings and the JSON give its descriptors (k-block 0 is CuTe's ``tCrA(0)``).
Optional keys: ``show = false`` (evaluate, do not print: objects the kernel does not build but the bank audit
needs), ``modes`` (the kernel's names of the modes, e.g. "CPY,CPY_M,CPY_K,k", used by the readings).
Unknown keys, kinds, sections and names are errors; every error names the place (``locate``), the entry and the
broken rule.
"""

from __future__ import annotations

from cutedump.algebra import C, Layout, cosize, make_layout, make_layout_like, size
from cutedump.algebra.inttuple import is_int, is_int_tuple, is_tuple
from cutedump.algebra.swizzle import ComposedLayout
from cutedump.atoms import (
    CopyAtom,
    TiledCopy,
    TiledMMA,
    copy_atom,
    make_tiled_copy,
    make_tiled_copy_A,
    make_tiled_copy_B,
    make_tiled_copy_C,
    make_tiled_mma,
)
from cutedump.atoms.cli_support import parse_layout_arg
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate, format_result
from cutedump.kernel import sm100 as S100
from cutedump.kernel import tensor as T

#: the values of [kernel] lang (the narration languages of `cutedump kernel`)
LANGS = ("zh", "en")

_IDENT = r"[A-Za-z][A-Za-z0-9_]*"  # a name: what subst and the params' check read (with str methods)
_PI = "as_position_independent_swizzle_tensor("
COPY_OPS = ("partition_S", "partition_D", "retile_D")
PARTITION_OPS = COPY_OPS + (
    "partition_A",
    "partition_B",
    "partition_C",
    "partition_fragment_A",
    "partition_fragment_B",
    "make_fragment_A",
    "make_fragment_B",
    "make_fragment_C",
    "make_fragment_like",
)
QUERIES = (
    "get_thr_layout_vmnk",
    "get_layoutA_TV",
    "get_layoutB_TV",
    "get_layoutC_TV",
    "get_layoutS_TV",
    "get_layoutD_TV",
)
KINDS = (
    "value",
    "copy_atom",
    "tiled_copy",
    "tiled_mma",
    "tiled_copy_A",
    "tiled_copy_B",
    "tiled_copy_C",
    "query",
    "atom_detail",
    "tensor",
    "local_tile",
    "partition",
    "tma_atom",
    "tma_tensor",
    "tma_partition",
    "tma_bytes",
) + tuple(S100.KINDS)


def _is_ident(name: str) -> bool:
    """``[A-Za-z][A-Za-z0-9_]*``."""
    return name.isascii() and name[:1].isalpha() and name.replace("_", "").isalnum()


def _pi_name(text: str) -> str | None:
    """NAME of ``as_position_independent_swizzle_tensor( NAME )`` (blanks allowed around NAME), else None."""
    if not (text.startswith(_PI) and text.endswith(")")):
        return None
    name = text[len(_PI) : -1].strip()
    return name if _is_ident(name) else None


class Item:
    """One evaluated entry: its value (an engine object) and what the readings need to know about it."""

    name: str
    kind: str
    value: object
    entry: dict
    show: bool = True
    info: dict

    def __init__(self, name, kind, value, entry, show=True, info=None):
        self.name = name
        self.kind = kind
        self.value = value
        self.entry = entry
        self.show = show
        self.info = dict() if info is None else info

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(name={self.name!r}, kind={self.kind!r}, value={self.value!r}, "
            f"entry={self.entry!r}, show={self.show!r}, info={self.info!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name, self.kind, self.value, self.entry, self.show, self.info) == (
                other.name,
                other.kind,
                other.value,
                other.entry,
                other.show,
                other.info,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable


class KernelDump:
    """A description evaluated for one set of params and one thread."""

    name: str
    title: str
    params: dict
    thread: int
    objects: list
    tensors: list
    smem_copies: list
    lang: str | None

    def __init__(self, name, title, params, thread, objects, tensors, smem_copies=None, lang=None):
        self.lang = lang  # [kernel] lang: the language the description asks to be narrated in (None: not said)
        self.name = name
        self.title = title
        self.params = params
        self.thread = thread
        self.objects = objects
        self.tensors = tensors
        self.smem_copies = list() if smem_copies is None else smem_copies

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(name={self.name!r}, title={self.title!r}, "
            f"params={self.params!r}, thread={self.thread!r}, objects={self.objects!r}, "
            f"tensors={self.tensors!r}, smem_copies={self.smem_copies!r}, lang={self.lang!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.name,
                self.title,
                self.params,
                self.thread,
                self.objects,
                self.tensors,
                self.smem_copies,
                self.lang,
            ) == (
                other.name,
                other.title,
                other.params,
                other.thread,
                other.objects,
                other.tensors,
                other.smem_copies,
                other.lang,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    def item(self, name: str) -> Item:
        for it in self.objects + self.tensors:
            if it.name == name:
                return it
        raise KeyError(name)


class Locator:
    """Where a part of a description was written: ``locate(section, index, key)`` -> "FILE:LINE" (or a name)."""

    def __init__(self, where: str = "kernel"):
        self.where = where

    def __call__(self, section: str, index: int | None = None, key: str | None = None) -> str:
        return self.where


# the keys each kind takes (besides name, kind, show, modes)
KEYS = {
    "value": ({"expr"}, set()),
    "copy_atom": ({"atom", "type"}, set()),
    "tiled_copy": ({"atom", "type", "thr"}, {"val"}),
    "tiled_mma": ({"atom"}, {"atom_layout", "permutation"}),
    "tiled_copy_A": ({"atom", "mma"}, set()),
    "tiled_copy_B": ({"atom", "mma"}, set()),
    "tiled_copy_C": ({"atom", "mma"}, set()),
    "query": ({"of", "method"}, set()),
    "atom_detail": ({"atom"}, set()),
    "tensor": (set(), {"memory", "layout", "shape", "stride"}),
    "local_tile": ({"tensor", "tiler", "coord"}, {"step"}),
    "partition": ({"op", "tensor"}, {"of", "slice", "thr"}),
    "tma_atom": ({"op", "type", "gmem", "smem", "tile"}, {"slice", "cluster", "operand", "mma", "vmnk", "tma_type"}),
    "tma_tensor": ({"of", "shape"}, set()),
    "tma_partition": ({"of", "smem", "gmem"}, {"cta_coord", "cta_layout"}),
    "tma_bytes": ({"of"}, set()),
    **{k: (need, opt) for k, (need, opt, _b, _s) in S100.KINDS.items()},
}
COMMON_KEYS = {"name", "kind", "show", "modes"}
SMEM_COPY_KEYS = ({"copy", "tensor", "direction"}, {"slice", "what"})


class EntryError(CuteDumpError):
    """A broken rule of one entry; the message already names the place and the entry."""


class _Entry:
    """One entry being evaluated: its location and the error helpers."""

    def __init__(self, locate, section: str, index: int, e: dict):
        self.locate, self.section, self.index, self.e = locate, section, index, e
        self.name = e.get("name", "?") if isinstance(e, dict) else "?"
        self.kind = e.get("kind") if isinstance(e, dict) else None

    def where(self, key: str | None = None) -> str:
        return self.locate(self.section, self.index, key)

    def fail(self, rule: str, key: str | None = None):
        what = f" ({self.kind})" if self.kind in KINDS or self.kind == "smem_copies" else ""
        raise EntryError(f"{self.where(key)}: entry {self.name!r}{what}: {rule}")

    def need(self, key: str):
        if key not in self.e:
            self.fail(f"needs the key {key!r}")
        return self.e[key]

    def string(self, key: str, default=None):
        v = self.e.get(key, default) if default is not None else self.need(key)
        if not isinstance(v, str):
            self.fail(f"{key} must be a string (an expression or a name), got {v!r}", key)
        return v


class _Env:
    def __init__(self):
        self.values: dict[str, object] = {}
        self.slices: dict = {}  # (id(tensor), coordinate as printed) -> (tensor, T.slice_tensor(tensor, coord))

    def slice(self, src, coord):
        """``T.slice_tensor(src, coord)``, computed once per tensor and coordinate in an evaluation (a kernel slices
        the same smem stage ``sA(_,_,0)`` for its partitions and for the bank audit of each copy of it)."""
        key = (id(src), format_result(coord))
        hit = self.slices.get(key)
        if hit is None:
            hit = self.slices[key] = (src, T.slice_tensor(src, coord))  # src kept: its id stays its own
        return hit[1]

    def subst(self, expr: str, plain_ints: bool = False, dsl: bool = False) -> str:
        """``expr`` with each name (_IDENT, read left to right, longest) that names a value replaced by the value as
        printed, unless the name continues a word or follows ``::`` (as ``re.sub(_IDENT, ...)`` reads it; str methods:
        no re at start-up). ``plain_ints``: an integer by its plain value (an atom's template argument is a C++
        integer, whichever spelling, _64, 64 or Int<64>{}, set it)."""
        out, i, n = [], 0, len(expr)
        while i < n:
            c = expr[i]
            if not (c.isascii() and c.isalpha()):
                out.append(c)
                i += 1
                continue
            j = i + 1
            while j < n and expr[j].isascii() and (expr[j].isalnum() or expr[j] == "_"):
                j += 1
            name = expr[i:j]
            if name in self.values and not (
                i > 0 and (expr[i - 1].isalnum() or expr[i - 1] == "_" or expr[i - 2 : i] == "::")
            ):
                v = self.values[name]
                # a TMA coordinate tensor stands for its shape (its ScaledBasis strides have no integer spelling)
                if plain_ints and is_int(v):
                    name = str(int(v))
                elif dsl:  # an expression spelled as the CuTe DSL spells it: the value as DSL code
                    from cutedump.expr.dsl import to_dsl_code  # start-up: DSL-spelled fields only

                    name = to_dsl_code(v.layout.shape if isinstance(v, T.CoordTensor) else v)
                else:
                    name = format_result(v.layout.shape if isinstance(v, T.CoordTensor) else v)
            out.append(name)
            i = j
        return "".join(out)

    def eval(self, ent: _Entry, key: str):
        expr = ent.string(key)
        if expr.strip() in self.values:  # a name alone: its value itself (no round trip through its print form)
            return self.values[expr.strip()]
        dsl, text = ("cute." in expr or "cutlass." in expr), expr  # spelled as the CuTe DSL spells it
        try:
            text = self.subst(expr, dsl=dsl)
            return evaluate(text, literal=True)  # a DSL cutlass.Int32(n) is the dynamic value n
        except CuteDumpError as e:
            ent.fail(f"{key} = {expr!r}: {e.one_line()}" + (f" (in {text!r})" if text != expr else ""), key)

    def layout(self, ent: _Entry, key: str):
        v = self.eval(ent, key)
        if isinstance(v, (Layout, ComposedLayout)):
            return v
        if is_int_tuple(v):
            return make_layout(v)
        ent.fail(f"{key} = {ent.e[key]!r} is not a layout", key)

    def get(self, ent: _Entry, key: str, cls=None, what: str = "an earlier entry"):
        name = ent.string(key)
        if name not in self.values:
            ent.fail(
                f"{key} = {name!r} is not {what}"
                + ("" if what == "an earlier entry" else " (no earlier entry has that name)"),
                key,
            )
        v = self.values[name]
        if cls is not None and not isinstance(v, cls):
            ent.fail(f"{key} = {name!r} is not {what}", key)
        return v


def _copy_atom(ent: _Entry):
    try:
        return copy_atom(ent.string("atom"), ent.string("type"))
    except EntryError:
        raise
    except CuteDumpError as err:
        msg = err.one_line()
        ent.fail(msg, "type" if isinstance(ent.e.get("type"), str) and repr(ent.e["type"]) in msg else "atom")


def _parse_param(name: str, text, where):
    """A param's value; ``where()`` is its place (called only for an error: locating scans the file's text)."""
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise EntryError(f"{where()}: param {name!r}: expected a CuTe integer like 128 or _128, got {text!r}")
    try:
        v = evaluate(str(text), literal=True) if isinstance(text, str) else text
    except CuteDumpError as e:
        raise EntryError(f"{where()}: param {name!r}: {e.one_line()}") from None
    if not is_int(v):
        raise EntryError(f"{where()}: param {name!r}: expected an integer, got {text!r}")
    return v


class SmemCopy:
    """One shared-memory access of the kernel for the bank audit: a TiledCopy storing into (partition_D) or
    loading from (partition_S) an smem tensor, over the part of it one pass of copy() covers."""

    label: str
    copy: str
    tensor: str
    slice: str | None
    store: bool
    what: str
    tiled_copy: object
    smem: object
    place: object  # () -> "FILE:LINE" of the entry (only an error locates it: that scans the text)

    def __init__(self, label, copy, tensor, slice, store, what, tiled_copy, smem, place):
        self.label = label
        self.copy = copy
        self.tensor = tensor
        self.slice = slice
        self.store = store
        self.what = what
        self.tiled_copy = tiled_copy
        self.smem = smem
        self.place = place

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(label={self.label!r}, copy={self.copy!r}, "
            f"tensor={self.tensor!r}, slice={self.slice!r}, store={self.store!r}, what={self.what!r}, "
            f"tiled_copy={self.tiled_copy!r}, smem={self.smem!r}, place={self.place!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.label,
                self.copy,
                self.tensor,
                self.slice,
                self.store,
                self.what,
                self.tiled_copy,
                self.smem,
                self.place,
            ) == (
                other.label,
                other.copy,
                other.tensor,
                other.slice,
                other.store,
                other.what,
                other.tiled_copy,
                other.smem,
                other.place,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    @property
    def where(self) -> str:
        return self.place()


def evaluate_description(
    desc: dict, params: dict | None = None, thread: int = 0, where: str = "kernel", locate=None
) -> KernelDump:
    """Evaluate a description (see the module docstring) with params overriding its defaults."""
    locate = locate or Locator(where)
    env = _Env()
    if not isinstance(desc, dict):
        raise EntryError(f"{locate('kernel')}: a kernel description is a table")
    meta = desc.get("kernel", {})
    if not isinstance(meta, dict):
        raise EntryError(f"{locate('kernel')}: [kernel] must be a table with name and title")
    unknown = set(desc) - {"kernel", "params", "objects", "thread", "smem_copies", "checks"}
    if unknown:
        raise EntryError(
            f"{locate(sorted(unknown)[0])}: unknown section {sorted(unknown)[0]!r} (sections: kernel, "
            "params, objects, thread, smem_copies, checks)"
        )
    lang = meta.get("lang")
    if lang is not None and lang not in LANGS:
        raise EntryError(
            f"{locate('kernel', None, 'lang')}: [kernel] lang is {lang!r}; the languages: {', '.join(LANGS)}"
        )
    defaults = desc.get("params", {})
    if not isinstance(defaults, dict):
        raise EntryError(f'{locate("params")}: [params] must be a table of NAME = "CuTe integer"')
    merged = dict(defaults)
    for k, v in (params or {}).items():
        if k not in merged:
            raise CuteDumpError(f"unknown param {k!r} (the kernel's params: {', '.join(merged) or 'none'})")
        merged[k] = v
    for k, v in merged.items():
        if not (k[:1].isascii() and k[:1].isalpha() and k.isascii() and k.replace("_", "a").isalnum()):  # _IDENT
            raise EntryError(f"{locate('params', None, k)}: param name {k!r} is not an identifier")
        env.values[k] = _parse_param(k, v, lambda k=k: locate("params", None, k))
    shown_params = dict(env.values)
    at = 0  # the thread being evaluated: 0 for the first pass over [[objects]] (see below)
    uses_thread = False  # whether an entry's value depended on it

    def build(ent: _Entry) -> Item:
        nonlocal uses_thread
        e = ent.e
        name = ent.need("name")
        if not isinstance(name, str) or not name:
            ent.fail("name must be a non-empty string", "name")
        kind = ent.need("kind")
        if kind not in KINDS:
            ent.fail(f"unknown kind {kind!r} (kinds: {', '.join(KINDS)})", "kind")
        need, opt = KEYS[kind]
        extra = sorted(set(e) - need - opt - COMMON_KEYS)
        if extra:
            ent.fail(
                f"unknown key {extra[0]!r} for kind {kind} (keys: {', '.join(sorted(need | opt | COMMON_KEYS))})",
                extra[0],
            )
        for k in sorted(need):
            ent.need(k)
        if "show" in e and not isinstance(e["show"], bool):
            ent.fail(f"show must be true or false, got {e['show']!r}", "show")
        if "modes" in e:
            ent.string("modes")
        info: dict = {}
        if kind in S100.KINDS:  # Blackwell kinds (cutedump/kernel/sm100.py)
            # no builder of theirs reads the thread: a value depends on it only through an entry that did (and set
            # uses_thread), so an [[objects]] section of these kinds is evaluated once whatever the thread
            v, info = S100.KINDS[kind][2](ent, env, items, at)
            return Item(name, kind, v, e, bool(e.get("show", S100.KINDS[kind][3])), info)
        if kind == "value":
            v = env.eval(ent, "expr")
        elif kind == "copy_atom":
            v = _copy_atom(ent)
        elif kind == "tiled_copy":
            ca = _copy_atom(ent)
            v = make_tiled_copy(ca, env.layout(ent, "thr"), env.layout(ent, "val") if "val" in e else make_layout(C(1)))
        elif kind == "tiled_mma":
            al = parse_layout_arg(env.subst(ent.string("atom_layout", "(_1,_1,_1)")), "atom_layout")
            perm = env.subst(ent.string("permutation")) if "permutation" in e else None
            try:
                v = make_tiled_mma(env.subst(ent.string("atom"), plain_ints=True), al, perm)
            except CuteDumpError as err:
                ent.fail(err.one_line(), "atom")
        elif kind in ("tiled_copy_A", "tiled_copy_B", "tiled_copy_C"):
            ca = env.get(ent, "atom", CopyAtom, "a copy_atom entry")
            mma = env.get(ent, "mma", TiledMMA, "a tiled_mma entry")
            fn = {"A": make_tiled_copy_A, "B": make_tiled_copy_B, "C": make_tiled_copy_C}[kind[-1]]
            v = fn(ca, mma)
        elif kind == "query":
            method = ent.string("method")
            if method not in QUERIES:
                ent.fail(f"unknown method {method!r} ({', '.join(QUERIES)})", "method")
            obj = env.get(ent, "of", (TiledCopy, TiledMMA), "a TiledCopy or TiledMMA entry")
            if not hasattr(obj, method):
                ent.fail(f"{e['of']} has no {method}()", "method")
            v = getattr(obj, method)()
            info["of"] = obj
        elif kind == "atom_detail":
            v = env.get(ent, "atom", CopyAtom, "a copy_atom entry")
        elif kind == "tensor":
            mem = e.get("memory", "gmem")
            if mem not in ("gmem", "smem", "rmem"):
                ent.fail(f"memory must be gmem, smem or rmem, got {mem!r}", "memory")
            if "layout" in e:
                if "shape" in e or "stride" in e:
                    ent.fail("give either layout or shape (and stride), not both", "layout")
                lay = env.layout(ent, "layout")
                if T.is_flagged(lay):
                    if mem != "smem":
                        ent.fail(
                            f"Expected smem. (make_tensor: {e['layout']} is an smem_ptr_flag layout, its "
                            'tensor needs memory = "smem")',
                            "memory",
                        )
                    info["flagged"] = lay  # the swizzle goes into the pointer (pointer_flagged.hpp)
                    lay = lay.b
                v = T.make_tensor(lay)
            else:
                if "shape" not in e:
                    ent.fail("needs the key 'layout' or the keys 'shape' and 'stride'")
                shp = env.eval(ent, "shape")
                v = T.make_tensor(shp, env.eval(ent, "stride") if "stride" in e else None)
            info["memory"] = mem
        elif kind == "local_tile":
            src = env.get(ent, "tensor", what="a tensor entry")
            tiler = env.eval(ent, "tiler")
            coord = env.eval(ent, "coord")
            step = _parse_step(e.get("step"), ent)
            v = T.local_tile(src, tiler, coord, step)
            info.update(src=e["tensor"], tiler=tiler, step=step)
        elif kind in TMA_KINDS:
            return _build_tma(ent, env, items, kind, info)
        else:  # partition
            op = ent.string("op")
            if op not in PARTITION_OPS:
                ent.fail(f"unknown op {op!r} ({', '.join(PARTITION_OPS)})", "op")
            src_name = ent.string("tensor")
            pi = _pi_name(src_name.strip())
            if pi:
                src_name = pi
            if src_name not in env.values:
                ent.fail(
                    f"tensor = {e['tensor']!r} is not a tensor entry"
                    + ("" if pi else " (or as_position_independent_swizzle_tensor(NAME) of one)"),
                    "tensor",
                )
            src = env.values[src_name]
            src_info = items[src_name].info if src_name in items else {}
            flagged = src_info.get("flagged")
            if pi:
                if src_info.get("memory") != "smem":
                    ent.fail(
                        f"as_position_independent_swizzle_tensor: Expected smem tensor. ({src_name} is not an "
                        "smem tensor entry)",
                        "tensor",
                    )
                if flagged is not None:
                    src = T.as_position_independent_swizzle_tensor(flagged)
                flagged = None
            if "slice" in e:
                coord = env.eval(ent, "slice")
                src = env.slice(src, coord)[0]
                if flagged is not None:
                    flagged = T.rewrap(flagged, src)
            if op == "make_fragment_like":
                if "of" in e:
                    ent.fail("make_fragment_like takes no 'of' (it depends on the tensor only)", "of")
                v = T.make_fragment_like(src)
                info.update(op=op, of=None, src=e["tensor"], src_layout=src)
                return Item(name, kind, v, e, bool(e.get("show", True)), info)
            of_name = ent.string("of")
            obj = env.get(ent, "of", (TiledCopy, TiledMMA), "a TiledCopy or TiledMMA entry")
            copy_op = op in COPY_OPS
            if copy_op != isinstance(obj, TiledCopy):
                need_ = "a TiledCopy" if copy_op else "a TiledMMA"
                ent.fail(f"{op} needs {need_}, {of_name!r} is not one", "of")
            thr_idx = at
            uses_thread = uses_thread or "thr" not in e
            if "thr" in e:  # tiled_mma.get_slice(mma_v): the SM100 tutorials slice by the peer CTA
                thr_idx = env.eval(ent, "thr")
                if not is_int(thr_idx):
                    ent.fail(f"thr = {e['thr']!r} is not an integer", "thr")
            thr = obj.get_slice(thr_idx)
            operand = op[-1] if op.startswith(("partition_fragment_", "make_fragment_")) else None
            try:
                if operand is not None and S100.umma_spec(obj) is not None:
                    v, more = S100.umma_fragment(obj, op, src, flagged, e["tensor"])
                    info.update(more)
                elif operand in ("A", "B") and T.is_desc_operand(obj, operand):
                    root = flagged if op.startswith("partition_fragment_") else src_info.get("desc_root")
                    if root is None or (
                        op.startswith("make_fragment_") and src_info.get("op") != f"partition_{operand}"
                    ):
                        ent.fail(
                            f"{op} of {of_name} (a GMMA shared-memory operand) makes a descriptor tensor: its "
                            f"tensor must be "
                            + (
                                "an smem tensor over a GMMA smem_ptr layout (e.g. "
                                "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, ...))"
                                if op.startswith("partition_fragment_")
                                else f"partition_{operand} of such an smem tensor"
                            ),
                            "tensor",
                        )
                    frag = T.desc_fragment(obj, thr_idx, operand, root)
                    v = frag.layout
                    info["desc"] = frag
                else:
                    v = getattr(T, op)(thr, src)
            except EntryError:
                raise
            except CuteDumpError as err:
                ent.fail(f"{op}({e['tensor']}) by {of_name}: {err.one_line()}", "op")
            if op in ("partition_A", "partition_B") and flagged is not None:
                info["desc_root"] = flagged
            info.update(op=op, of=obj, src=e["tensor"], src_layout=src, thr_idx=thr_idx)
        return Item(name, kind, v, e, bool(e.get("show", True)), info)

    def located(ent: _Entry) -> Item:
        try:
            return build(ent)
        except (EntryError, S100.CheckFailed):  # a check's message is the kernel's own words
            raise
        except CuteDumpError as err:
            ent.fail(err.one_line())

    def section(name: str, out: list) -> None:
        entries = desc.get(name, [])
        if not isinstance(entries, list):
            raise EntryError(f"{locate(name)}: {name} must be an array of tables ([[{name}]])")
        for i, e in enumerate(entries):
            ent = _Entry(locate, name, i, e)
            if not isinstance(e, dict):
                raise EntryError(f"{locate(name, i)}: every entry of [[{name}]] must be a table, got {e!r}")
            built = located(ent)
            for item in built if isinstance(built, list) else [built]:
                if item.name in env.values:
                    ent.fail(f"the name {item.name!r} is defined twice (a param or an earlier entry has it)", "name")
                env.values[item.name] = item.value
                items[item.name] = item
                out.append(item)

    def in_range(t) -> None:
        n = _threads(objects)
        if "threads" in meta:  # [kernel] threads = 128: the CTA's blockDim.x (the SM100 MMAs are per CTA)
            n = meta["threads"]
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise EntryError(
                    f"{locate('kernel', None, 'threads')}: [kernel] threads must be a positive integer, got {n!r}"
                )
        if n is not None and not 0 <= int(t) < n:
            raise CuteDumpError(f"thread {t} is out of range: the kernel has {n} threads (0..{n - 1})")

    def make(tensors: list) -> KernelDump:
        return KernelDump(
            meta.get("name", "kernel"), meta.get("title", ""), shown_params, thread, objects, tensors, lang=lang
        )

    # The host objects first, for thread 0, and the [checks]: a bad tile is reported by the rule it breaks, before
    # any partition. The objects are evaluated again only when one depended on the thread and the thread is not 0.
    objects: list = []
    items: dict[str, Item] = {}
    section("objects", objects)
    in_range(0)
    _run_checks(desc, make([]), locate)
    again = uses_thread and thread != 0
    if again:
        env.values = dict(shown_params)
        objects.clear()
        items.clear()
    at = thread
    if again:
        section("objects", objects)
        in_range(thread)
    elif int(thread) != 0:
        in_range(thread)
    tensors: list = []
    section("thread", tensors)
    dump = make(tensors)
    dump.smem_copies = _smem_copies(desc, env, dump, locate)
    if again:
        _run_checks(desc, dump, locate)
    return dump


TMA_KINDS = ("tma_atom", "tma_tensor", "tma_partition", "tma_bytes")


class TmaAtom:
    """make_tma_atom(op, gmem tensor, smem layout, cta tile[, cluster]) on the host: the Copy_Atom CuTe prints and
    the engine's whole computation (cutedump.atoms.tma.TmaResult: the cuTensorMapEncodeTiled arguments, the box)."""

    tma: object
    gmem: str  # the entries it was built from (for the readings)
    smem: str

    def __init__(self, tma, gmem, smem):
        self.tma = tma
        self.gmem = gmem
        self.smem = smem

    def __repr__(self):
        return f"{self.__class__.__qualname__}(tma={self.tma!r}, gmem={self.gmem!r}, smem={self.smem!r})"

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.tma, self.gmem, self.smem) == (other.tma, other.gmem, other.smem)
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    def print_str(self) -> str:
        return self.tma.copy_atom_str()


def _tensor_arg(ent: _Entry, env: _Env, items: dict, key: str):
    """A tensor argument: NAME or group_modes<B,E>(NAME) of a tensor entry -> (value, the entry's name)."""
    text = ent.string(key).strip()
    m = None
    if "group_modes" in text:  # re only for this form
        import re  # start-up: re only where a pattern is needed

        m = re.compile(r"group_modes\s*<\s*(\d+)\s*,\s*(\d+)\s*>\s*\(\s*([A-Za-z][A-Za-z0-9_]*)\s*\)").fullmatch(text)
    name = m.group(3) if m else text
    if (
        name not in items
        or items[name].kind in ("value", "tma_atom", "tma_bytes", "query", "atom_detail")
        or isinstance(items[name].value, (TiledCopy, TiledMMA, CopyAtom))
    ):
        ent.fail(f"{key} = {text!r} is not a tensor entry (or group_modes<B,E>(NAME) of one)", key)
    v = items[name].value
    if m:
        try:
            v = T.group_modes(v, int(m.group(1)), int(m.group(2)))
        except CuteDumpError as err:
            ent.fail(f"{key} = {text!r}: {err.one_line()}", key)
    return v, name


def _split_names(text: str, n: int, ent: _Entry, key: str) -> list:
    parts = [p.strip() for p in text.split(";" if key == "modes" else ",")]
    if len(parts) != n or not all(parts):
        sep = "';'" if key == "modes" else "','"
        ent.fail(
            f"{key} = {text!r}: tma_partition has {n} outputs (gmem, smem): give {n} {key} separated by {sep}", key
        )
    return parts


def _build_tma(ent: _Entry, env: _Env, items: dict, kind: str, info: dict):
    """The TMA kinds of the Hopper tutorial wgmma_tma_sm90.cu (cutedump.atoms.tma is the engine):

    ``tma_atom``      op, type, gmem (a tensor entry), smem (a layout expr)[, slice, cluster], tile ->
                      make_tma_atom(op, gmem, smem[slice], tile[, Int<cluster>])
    ``tma_tensor``    of (a tma_atom), shape -> of.get_tma_tensor(shape): a coordinate tensor
    ``tma_partition`` of, smem, gmem[, cta_coord, cta_layout] -> tma_partition(of, cta_coord, cta_layout, smem,
                      gmem), two outputs named ``name = "tAgA, tAsA"`` (gmem, smem); smem/gmem may be
                      group_modes<B,E>(NAME)
    ``tma_bytes``     of = "tAsA, tBsB" -> the sum of sizeof(make_tensor_like(tensor<0>(X))): the bytes one
                      stage's TMA copies write (the tutorial's tma_transaction_bytes)"""
    from cutedump.atoms import tma as TM  # start-up: only TMA kernels need it

    e, name = ent.e, ent.e["name"]
    if kind == "tma_atom":
        gname = ent.string("gmem")
        if gname not in items or items[gname].kind != "tensor":
            ent.fail(f"gmem = {gname!r} is not a tensor entry (the gmem tensor make_tma_atom inspects)", "gmem")
        gmem = items[gname].value
        if not isinstance(gmem, Layout) or items[gname].info.get("memory") != "gmem":
            ent.fail(f"gmem = {gname!r} is not a global-memory tensor entry", "gmem")
        smem = env.layout(ent, "smem")
        if "slice" in e:
            smem = env.slice(smem, env.eval(ent, "slice"))[0]
        tile = env.eval(ent, "tile")
        cluster = env.eval(ent, "cluster") if "cluster" in e else 1
        if not is_int(cluster):
            ent.fail(f"cluster = {e['cluster']!r} is not an integer", "cluster")
        if "mma" in e or "operand" in e or "vmnk" in e:  # make_tma_atom_A/B_sm100 (cutedump/kernel/sm100.py)
            for k in ("mma", "operand", "vmnk"):
                ent.need(k)
            if "cluster" in e:
                ent.fail("make_tma_atom_A/B_sm100 takes the cluster layout (vmnk), not cluster", "cluster")
            r = S100.make_tma_atom_sm100(ent, env, gmem, smem, tile)
        elif "tma_type" in e:
            ent.fail(
                "tma_type (a TmaInternalType) is taken by make_tma_atom_A/B_sm100 entries (operand, mma, vmnk)",
                "tma_type",
            )
        else:
            try:
                r = TM.make_tma(ent.string("op"), ent.string("type"), gmem, smem, tile, int(cluster))
            except CuteDumpError as err:
                ent.fail(err.one_line(), "op" if "TMA op" in str(err) else None)
        info.update(tma=r, smem_expr=e["smem"] + e.get("slice", ""))
        return Item(name, kind, TmaAtom(r, gname, e["smem"]), e, bool(e.get("show", True)), info)
    if kind == "tma_tensor":
        atom = env.get(ent, "of", TmaAtom, "a tma_atom entry")
        shape = env.eval(ent, "shape")
        r = atom.tma
        if not is_int_tuple(shape) or not _congruent(shape, r.gmem.shape):
            ent.fail(
                f"get_tma_tensor: the shape {format_result(shape)} is not congruent with the gmem tensor's "
                f"{format_result(r.gmem.shape)} the TMA was made for",
                "shape",
            )
        v = T.CoordTensor(TM.ArithCoord([C(0)] * r._coord_rank()), Layout(shape, r.gmem_tma_basis_stride))
        info.update(memory="tma", atom=e["of"])
        return Item(name, kind, v, e, bool(e.get("show", True)), info)
    if kind == "tma_partition":
        atom = env.get(ent, "of", TmaAtom, "a tma_atom entry")
        names = _split_names(name, 2, ent, "name")
        modes = _split_names(e["modes"], 2, ent, "modes") if "modes" in e else [None, None]
        s, sname = _tensor_arg(ent, env, items, "smem")
        g, gname = _tensor_arg(ent, env, items, "gmem")
        if not isinstance(g, T.CoordTensor):
            ent.fail(f"gmem = {e['gmem']!r} is not a TMA coordinate tensor (get_tma_tensor, local_tile of one)", "gmem")
        if isinstance(s, T.CoordTensor) or items[sname].info.get("memory") != "smem":
            ent.fail(f"smem = {e['smem']!r} is not a shared-memory tensor entry", "smem")
        cc = env.eval(ent, "cta_coord") if "cta_coord" in e else C(0)
        cl = env.layout(ent, "cta_layout") if "cta_layout" in e else Layout(C(1), C(0))
        try:
            gv, sv, gc, sc = TM.partition_layouts(atom.tma.num_elems_per_tma, T.inner(s), g.layout, cc, cl)
        except CuteDumpError as err:
            ent.fail(f"tma_partition: {err.one_line()}")
        gt = T.CoordTensor(g.coord.plus(TM.crd2idx_terms(gc, gv.shape, gv.stride)), gv)
        common = dict(op="tma_partition", of=atom, atom=e["of"], smem=sname, gmem=gname)
        out = []
        for nm, v, md, side, src in ((names[0], gt, modes[0], "gmem", gname), (names[1], sv, modes[1], "smem", sname)):
            sub = dict(e, name=nm)
            if md:
                sub["modes"] = md
            out.append(
                Item(
                    nm,
                    kind,
                    v,
                    sub,
                    bool(e.get("show", True)),
                    dict(common, side=side, src=src, memory="tma" if side == "gmem" else "smem"),
                )
            )
        return out
    # tma_bytes
    total, parts = 0, []
    for nm in [p.strip() for p in ent.string("of").split(",")]:
        it_ = items.get(nm)
        if it_ is None or it_.kind != "tma_partition" or it_.info.get("side") != "smem":
            ent.fail(f"of: {nm!r} is not the smem output of a tma_partition entry", "of")
        mode0 = Layout(it_.value.shape[0], it_.value.stride[0])
        bits = it_.info["of"].tma.bits
        nbytes = -(-int(cosize(make_layout_like(mode0))) * bits // 8)
        parts.append((nm, nbytes))
        total += nbytes
    info["parts"] = parts
    return Item(name, kind, total, e, bool(e.get("show", True)), info)


def _congruent(a, b) -> bool:
    if is_tuple(a) != is_tuple(b):
        return False
    if not is_tuple(a):
        return True
    return len(a) == len(b) and all(_congruent(x, y) for x, y in zip(a, b))


def _smem_copies(desc, env, dump, locate) -> list:
    """The [[smem_copies]] entries: which TiledCopy reads or writes which smem tensor (for the bank audit)."""
    out = []
    entries = desc.get("smem_copies", [])
    if not isinstance(entries, list):
        raise EntryError(f"{locate('smem_copies')}: smem_copies must be an array of tables ([[smem_copies]])")
    for i, e in enumerate(entries):
        if not isinstance(e, dict):
            raise EntryError(f"{locate('smem_copies', i)}: every entry of [[smem_copies]] must be a table")
        ent = _Entry(locate, "smem_copies", i, dict(e, name=e.get("copy", "?")))
        ent.kind = "smem_copies"
        need, opt = SMEM_COPY_KEYS
        extra = sorted(set(e) - need - opt)
        if extra:
            ent.fail(f"unknown key {extra[0]!r} (keys: {', '.join(sorted(need | opt))})", extra[0])
        tc = env.get(ent, "copy", (TiledCopy, TmaAtom), "a TiledCopy or tma_atom entry")
        tensor = ent.string("tensor")
        try:
            item = dump.item(tensor)
        except KeyError:
            ent.fail(f"tensor = {tensor!r} is not a tensor entry", "tensor")
        if item.kind != "tensor" or item.info.get("memory") != "smem":
            ent.fail(f'tensor = {tensor!r} is not a tensor entry with memory = "smem"', "tensor")
        direction = ent.string("direction")
        if direction not in ("store", "load"):
            ent.fail(
                f'direction must be "store" (the copy writes smem: partition_D) or "load" (it reads smem: '
                f"partition_S), got {direction!r}",
                "direction",
            )
        if isinstance(tc, TmaAtom) and (direction == "store") != tc.tma.op.startswith(
            ("SM90_TMA_LOAD", "SM100_TMA_2SM_LOAD")
        ):
            ent.fail(
                f"direction = {direction!r}: {tc.tma.op} "
                + ("writes shared memory (store)" if direction == "load" else "reads shared memory (load)"),
                "direction",
            )
        smem = item.value
        if item.info.get("flagged") is not None:  # the pointer's swizzle, on element offsets
            smem = T.as_position_independent_swizzle_tensor(item.info["flagged"])
        sl = None
        if "slice" in e:
            sl = ent.string("slice")
            try:
                smem = env.slice(smem, env.eval(ent, "slice"))[0]
            except EntryError:
                raise
            except CuteDumpError as err:
                ent.fail(f"slice = {sl!r}: {err.one_line()}", "slice")
        what = ent.string("what", "") if "what" in e else ""
        label = e["copy"]
        out.append(
            SmemCopy(
                label, e["copy"], tensor, sl, direction == "store", what, tc, smem, lambda i=i: locate("smem_copies", i)
            )
        )
    return out


def _run_checks(desc, dump, locate) -> None:
    """[checks]: the kernel's tile rules, checked before any partition is trusted.

    ``tiler = "cta_tiler"`` names the CTA tile (its ``modes`` name the dimensions); ``copies`` maps a TiledCopy
    entry to the tile dimensions its Tiler_MN must divide (e.g. ``copyA = [0, 2]``); ``mma`` names a TiledMMA whose
    tile must divide the CTA tile."""
    chk = desc.get("checks")
    if chk is None:
        return
    if not isinstance(chk, dict):
        raise EntryError(f"{locate('checks')}: [checks] must be a table")
    extra = sorted(set(chk) - {"tiler", "copies", "mma"})
    if extra:
        raise EntryError(f"{locate('checks', None, extra[0])}: [checks]: unknown key {extra[0]!r} (tiler, copies, mma)")

    def get(key, kinds):
        name = chk.get(key)
        try:
            it = dump.item(name)
        except (KeyError, TypeError):
            it = None
        if it is None or not isinstance(it.value, kinds):
            raise EntryError(
                f"{locate('checks', None, key)}: [checks]: {key} = {name!r} is not an entry of the right kind"
            )
        return it

    if "tiler" not in chk:
        raise EntryError(f"{locate('checks')}: [checks] needs the key 'tiler'")
    tiler_item = get("tiler", tuple)
    t = [int(x) for x in tiler_item.value]
    dims = [s.strip() for s in tiler_item.entry.get("modes", "").split(",")]
    dims = [dims[i] if i < len(dims) and dims[i] else f"mode{i}" for i in range(len(t))]
    tile_txt = "(" + ",".join(map(str, t)) + ")"
    copies = chk.get("copies", {})
    if not isinstance(copies, dict):
        raise EntryError(f"{locate('checks', None, 'copies')}: [checks]: copies must be a table NAME = [modes]")
    for cname, idx in copies.items():
        try:
            tc = dump.item(cname).value
        except KeyError:
            tc = None
        if (
            not isinstance(tc, TiledCopy)
            or not isinstance(idx, list)
            or not all(isinstance(i, int) and 0 <= i < len(t) for i in idx)
        ):
            raise EntryError(
                f"{locate('checks', None, 'copies')}: [checks]: copies.{cname} must name a TiledCopy "
                f"entry and list tile modes 0..{len(t) - 1}"
            )
        for i, tl in zip(idx, tc.tiler_mn):
            if t[i] % int(size(tl)) != 0:
                raise CuteDumpError(
                    f"CTA tile {tile_txt}: {cname}'s Tiler_MN {format_result(tuple(tc.tiler_mn))} does "
                    f"not divide it ({dims[i]} = {t[i]} is not a multiple of {int(size(tl))})"
                )
    if "mma" in chk:
        mma = get("mma", TiledMMA).value
        for i in range(min(3, len(t))):
            ts = int(mma.tile_size_mnk(i))
            if t[i] % ts != 0:
                raise CuteDumpError(
                    f"CTA tile {tile_txt}: the TiledMMA tile {format_result(tuple(mma.tile_shape()))} "
                    f"does not divide it ({dims[i]} = {t[i]} is not a multiple of {ts})"
                )


def _parse_step(step, ent):
    """Step<_1,X,_1> written "(_1,X,_1)": a tuple with "X" for the modes local_tile drops."""
    if step is None:
        return None
    if not isinstance(step, str):
        ent.fail('step must be a string like "(_1,X,_1)"', "step")
    body = step.strip()
    if not (body.startswith("(") and body.endswith(")")):
        ent.fail(f"step must look like (_1,X,_1), got {step!r}", "step")
    out = []
    for tok in body[1:-1].split(","):
        tok = tok.strip()
        if tok == "X":
            out.append("X")
        elif (tok[1:] if tok[:1] == "_" else tok).isdecimal():  # _?\d+
            out.append(C(int(tok.lstrip("_"))))
        else:
            ent.fail(f"step entries are _1 or X, got {tok!r}", "step")
    return tuple(out)


def _threads(objects) -> int | None:
    """The number of threads of the kernel: size of its first TiledMMA (or TiledCopy)."""
    for it in objects:
        if isinstance(it.value, TiledMMA):
            return int(it.value.size())
    for it in objects:
        if isinstance(it.value, TiledCopy):
            return int(it.value.size())
    return None


def thread_count(dump: KernelDump) -> int | None:
    return _threads(dump.objects)
