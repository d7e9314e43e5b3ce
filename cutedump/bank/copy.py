"""The shared-memory addresses of a real TiledCopy, in the order CuTe's ``copy()`` issues its instructions.

For a smem tensor with layout ``A o O o B`` (a plain layout is ``B``), thread ``t`` of the TiledCopy moves the
elements of ``partition_S`` (a load: smem is the source) or ``partition_D`` (a store) — the layout
``tidfrg_S/D(B)`` evaluated at ``(t, v, r)``, then ``A(O + .)``. ``cute::copy(tiled_copy, src, dst)``
(``algorithm/copy.hpp``, ``Copy_Atom::call``) loops over the rest modes colexicographically (skipping the
nullspace of a static destination's rest mode), and inside each, over the value mode ``(atom_val, rest_val)``:
one instruction per ``rest_val`` with ``atom_val`` elements, recast to the op's register type. A lane's address is
the byte address of the first element of its call (for ldmatrix/stmatrix: its row address).
"""

from __future__ import annotations

from cutedump.algebra import Layout, is_static, max_common_vector, size
from cutedump.algebra import inttuple as it
from cutedump.algebra.evaluate import _mode_values_py
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.atoms import TiledCopy
from cutedump.atoms.mma import make_fragment_like
from cutedump.bank.model import BANKS, WARP, WORD, Analysis, Instruction, analyze, instruction
from cutedump.errors import CuteDumpError
from cutedump.limits import MAX_SMEM_ELEMENTS, check_work

_LDSM = {
    "SM75_U32x1_LDSM_N": "x1",
    "SM75_U32x2_LDSM_N": "x2",
    "SM75_U32x4_LDSM_N": "x4",
    "SM75_U16x2_LDSM_T": "x1.trans",
    "SM75_U16x4_LDSM_T": "x2.trans",
    "SM75_U16x8_LDSM_T": "x4.trans",
}
_STSM = {k.replace("SM75_", "SM90_").replace("LDSM", "STSM"): v for k, v in _LDSM.items()}
_CP_ASYNC = (
    "SM80_CP_ASYNC_CACHEALWAYS",
    "SM80_CP_ASYNC_CACHEGLOBAL",
    "SM80_CP_ASYNC_CACHEALWAYS_ZFILL",
    "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL",
)
_AUTO = ("AutoVectorizingCopyWithAssumedAlignment", "DefaultCopy", "AutoVectorizingCopy")


class CopyAccess:
    """What one warp of a TiledCopy does to shared memory."""

    tiled_copy: TiledCopy
    smem: object  # Layout or ComposedLayout (element offsets)
    inst: Instruction
    store: bool
    warp: int
    elem_offsets: list  # n rows of 32 element offsets before the swizzle (B-offset + O)
    addresses: list  # n rows of 32 byte addresses
    value_bits: int
    vector: dict
    notes: list
    analysis: Analysis | None = None

    def __init__(
        self,
        tiled_copy,
        smem,
        inst,
        store,
        warp,
        elem_offsets,
        addresses,
        value_bits,
        vector=None,
        notes=None,
        analysis=None,
    ):
        self.tiled_copy = tiled_copy
        self.smem = smem
        self.inst = inst
        self.store = store
        self.warp = warp
        self.elem_offsets = elem_offsets
        self.addresses = addresses
        self.value_bits = value_bits
        self.vector = dict() if vector is None else vector
        self.notes = list() if notes is None else notes
        self.analysis = analysis

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(tiled_copy={self.tiled_copy!r}, smem={self.smem!r}, "
            f"inst={self.inst!r}, store={self.store!r}, warp={self.warp!r}, "
            f"elem_offsets={self.elem_offsets!r}, addresses={self.addresses!r}, "
            f"value_bits={self.value_bits!r}, vector={self.vector!r}, notes={self.notes!r}, "
            f"analysis={self.analysis!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.tiled_copy,
                self.smem,
                self.inst,
                self.store,
                self.warp,
                self.elem_offsets,
                self.addresses,
                self.value_bits,
                self.vector,
                self.notes,
                self.analysis,
            ) == (
                other.tiled_copy,
                other.smem,
                other.inst,
                other.store,
                other.warp,
                other.elem_offsets,
                other.addresses,
                other.value_bits,
                other.vector,
                other.notes,
                other.analysis,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    @property
    def side(self) -> str:
        return "partition_D" if self.store else "partition_S"


def atom_instruction(tc: TiledCopy, store: bool | None):
    """(instruction, store, notes) for the copy atom: ldmatrix/stmatrix forms, ld/st.shared widths."""
    atom = tc.atom
    fam = atom.traits.family
    name = atom.traits.name
    vbits = atom.value_bits
    if fam in _LDSM:
        if store:
            raise CuteDumpError(f"{name} is ldmatrix: it loads from shared memory (drop --store)")
        return instruction("ldmatrix." + _LDSM[fam]), False, []
    if fam in _STSM:
        if store is False:
            raise CuteDumpError(f"{name} is stmatrix: it stores to shared memory")
        return instruction("stmatrix." + _STSM[fam]), True, []
    if fam in _CP_ASYNC:
        if store is False:
            raise CuteDumpError(f"{name} is cp.async: it writes to shared memory")
        bits = int(atom.num_val_dst) * vbits
        sbits = int(atom.num_val_src) * vbits
        ok = (128,) if "CACHEGLOBAL" in fam else (32, 64, 128)
        if sbits != bits:
            raise CuteDumpError(f"{name}: cp.async requires sizeof(src_value_type) == sizeof(dst_value_type)")
        if bits not in ok:
            raise CuteDumpError(
                f"{name}: cp.async sizeof(TS) is not supported ({fam} moves "
                f"{' or '.join(map(str, ok))} bits, not {bits})"
            )
        return (
            instruction(f"st.shared.b{bits}"),
            True,
            [f"{name} writes shared memory as {bits}-bit stores: modelled as st.shared.b{bits}, not measured"],
        )
    if fam == "UniversalCopy":
        st = bool(store)
        bits = int(atom.num_val_dst if st else atom.num_val_src) * vbits
        if bits not in (8, 16, 32, 64, 128):
            raise CuteDumpError(f"{name}: a {bits}-bit access is not a shared-memory ld/st width (8..128 bits)")
        return instruction(f"{'st' if st else 'ld'}.shared.b{bits}"), st, []
    if fam in _AUTO:
        raise CuteDumpError(
            f"{name}: copy() with an auto-vectorizing atom ignores the TiledCopy and vectorizes "
            "the whole partition; this is not modelled yet — use UniversalCopy<uintN_t> of the width "
            "it picks (see the 'vector' line)"
        )
    raise CuteDumpError(f"{name} does not access shared memory (ldmatrix, stmatrix, cp.async, UniversalCopy)")


def split_smem(smem):
    """(swizzle or None, offset, base layout) of a smem layout A o O o B (or a plain layout B)."""
    if isinstance(smem, ComposedLayout):
        if not isinstance(smem.a, Swizzle):
            raise CuteDumpError(f"the smem layout {smem} is composed with a {type(smem.a).__name__}, not a Swizzle")
        if not isinstance(smem.b, Layout):
            raise CuteDumpError(f"the smem layout {smem} composes a swizzle with a nested composed layout")
        return smem.a, int(smem.offset), smem.b
    if isinstance(smem, Layout):
        return None, 0, smem
    raise CuteDumpError(f"expected a shared-memory layout, got {smem!r}")


def _check_tiles(tc: TiledCopy, base: Layout):
    tiler = tc.tiler_mn
    tl = tiler if it.is_tuple(tiler) else (tiler,)
    shp = base.shape if it.is_tuple(base.shape) else (base.shape,)
    if len(shp) < len(tl):
        raise CuteDumpError(
            f"the smem layout {base} has rank {len(shp)}, less than the TiledCopy's tile {_fmt(tl)} (rank {len(tl)})"
        )
    for i, t in enumerate(tl):
        n, m = int(it.product(shp[i])), int(size(t) if isinstance(t, Layout) else it.product(t))
        if n % m:
            raise CuteDumpError(
                f"the TiledCopy's tile {_fmt(tl)} does not tile the smem layout {base}: mode {i} has "
                f"{n} elements, not a multiple of {m}"
            )


def _fmt(t) -> str:
    if isinstance(t, Layout):
        return str(t)
    if it.is_tuple(t):
        return "(" + ",".join(_fmt(e) for e in t) + ")"
    return it.fmt(t)


def _values(shape, stride, idx=None) -> list:
    """The mode's values at the 1-D coordinates ``idx`` (default: all of them, in order; an index past its size
    continues along the last flat mode, as CuTe's crd2idx does)."""
    n = int(it.product(shape))
    vals = _mode_values_py(shape, stride, n)
    if idx is None:
        return vals
    if all(0 <= i < n for i in idx):
        return [vals[i] for i in idx]
    fs, fd = [int(x) for x in it.flatten_to_tuple(shape)], [int(x) for x in it.flatten_to_tuple(stride)]
    out = []
    for i in idx:
        acc, rest = 0, i
        for k, (s, d) in enumerate(zip(fs, fd)):
            if k == len(fs) - 1 or s == 0:
                c = rest
            else:
                c, rest = rest % s, rest // s
            acc += c * d
        out.append(acc)
    return out


def _nonnull(shape, stride) -> list:
    """The 1-D indices of a (static) mode that cute::copy visits: coordinate 0 along stride-0 flat modes."""
    fs = [int(s) for s in it.flatten_to_tuple(shape)]
    fd = it.flatten_to_tuple(stride)
    keep = [0]  # one pass per flat mode, the first fastest: index i = sum(c_k * prod(fs[:k]))
    step = 1
    for s, d in zip(fs, fd):
        cs = range(1) if it.is_int(d) and is_static(d) and int(d) == 0 else range(s)
        keep = [i + c * step for c in cs for i in keep]
        step *= s
    return keep if step else []


def _modes(layout: Layout):
    shp, std = layout.shape, layout.stride
    if not it.is_tuple(shp):
        shp, std = (shp,), (std,)
    return shp, std


class CopyPlan:
    """The element offsets (before the swizzle) every thread's calls touch: ``calls[c] + threads[t] + atom[a]``
    (c: the n calls in issue order, t: thread, a: the atom's values); B-offset + O, before A."""

    tiled_copy: TiledCopy
    smem: object
    inst: Instruction
    store: bool
    calls: list  # (n,) element offset of each call, O included
    threads: list  # (T,) each thread's element offset
    atom: list  # (A,) the atom's values' element offsets
    notes: list

    def __init__(self, tiled_copy, smem, inst, store, calls, threads, atom, notes):
        self.tiled_copy = tiled_copy
        self.smem = smem
        self.inst = inst
        self.store = store
        self.calls = calls
        self.threads = threads
        self.atom = atom
        self.notes = notes

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(tiled_copy={self.tiled_copy!r}, smem={self.smem!r}, "
            f"inst={self.inst!r}, store={self.store!r}, calls={self.calls!r}, threads={self.threads!r}, "
            f"atom={self.atom!r}, notes={self.notes!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.tiled_copy,
                self.smem,
                self.inst,
                self.store,
                self.calls,
                self.threads,
                self.atom,
                self.notes,
            ) == (
                other.tiled_copy,
                other.smem,
                other.inst,
                other.store,
                other.calls,
                other.threads,
                other.atom,
                other.notes,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    @property
    def nwarps(self) -> int:
        return len(self.threads) // WARP

    def first_elements(self, warp: int) -> list:
        """n rows of 32: the first element offset of each lane's call (warp ``warp``), before the swizzle."""
        thr = self.threads[warp * WARP : (warp + 1) * WARP]
        a0 = self.atom[0]
        return [[c + t + a0 for t in thr] for c in self.calls]

    def addresses(self, sw: Swizzle | None, warps=None) -> list:
        """n * warps rows of 32 byte addresses under swizzle ``sw`` (CuteDumpError if a call is no longer
        contiguous)."""
        return list(self.iter_addresses(sw, warps))

    def iter_addresses(self, sw: Swizzle | None, warps=None, calls=None):
        """:meth:`addresses` one row at a time (a call no longer contiguous raises when its row is reached, an
        element not starting on a byte after the last row); ``calls``: these call offsets instead of the plan's."""
        warps = range(self.nwarps) if warps is None else warps
        calls = self.calls if calls is None else calls
        noswz = sw is None or sw.b == 0
        msk, sh = (0, 0) if noswz else (sw.yyy_msk, sw.s)
        atom = self.atom
        na, a0 = len(atom), atom[0]
        steps_ok = all(atom[j + 1] - atom[j] == 1 for j in range(na - 1))
        # a swizzle reads and writes bits M and up only: a run of consecutive elements inside one aligned block
        # of 2^M stays consecutive (the rest are swizzled element by element)
        block = 1 << (0 if noswz else sw.m)
        low = block - 1
        bits = self.tiled_copy.atom.value_bits
        k, odd = 0, False  # k: the row's index
        byte_step = bits // 8 if bits % 8 == 0 else None
        for w in warps:
            first = [t + a0 for t in self.threads[w * WARP : (w + 1) * WARP]]
            for c in calls:
                es = [c + e for e in first]  # each lane's first element of the call
                if noswz and steps_ok:
                    vs = es
                elif steps_ok and max([e & low for e in es]) <= block - na:  # e % block + na <= block
                    vs = [e ^ ((e & msk) >> sh) for e in es] if sh >= 0 else [e ^ ((e & msk) << -sh) for e in es]
                else:
                    vs = []
                    for e0 in es:
                        el = [e0 - a0 + a for a in atom]
                        if not noswz:
                            el = [x ^ ((x & msk) >> sh if sh >= 0 else (x & msk) << -sh) for x in el]
                        if na > 1 and any(el[j + 1] - el[j] != 1 for j in range(na - 1)):
                            self._not_contiguous(k, len(vs), el)
                        vs.append(el[0])
                if byte_step is not None:
                    row = [v * byte_step for v in vs]
                else:
                    bs = [v * bits for v in vs]
                    odd = odd or any(b % 8 for b in bs)
                    row = [b // 8 for b in bs]
                k += 1
                yield row
        if odd:
            raise CuteDumpError(f"{self.tiled_copy.atom.value_type} elements do not start on a byte")

    def row_classes(self, sw: Swizzle | None, warps=None) -> list | None:
        """The rows of :meth:`iter_addresses` as ``[(row, count)]``, where they are a warp's few rows moved by each
        call's offset (contiguous atom values, whole bytes): each class is one row and its count. None where that
        does not hold, or where an element offset would be negative, or where a class's row is refused (then
        iter_addresses gives the rows, and its errors).

        Law: rows whose banks are the same fall in one class. Without a swizzle, the calls whose byte offsets agree
        modulo 128 give rows moved by a multiple of 128 bytes (model.class_totals: the same banks, the same counts).
        A swizzle ``Sw<B,M,S>`` reads and writes only the bits below ``M + |S| + B`` of an element offset, so
        ``Sw(x + k * 2^(M+|S|+B)) = Sw(x) + k * 2^(M+|S|+B)`` (x >= 0): calls that agree modulo that period and
        whose byte offsets agree modulo 128 give rows moved by a multiple of 128 bytes too."""
        atom = self.atom
        bits = self.tiled_copy.atom.value_bits
        if bits % 8 or not self.calls or any(atom[j + 1] - atom[j] != 1 for j in range(len(atom) - 1)):
            return None
        bs = bits // 8
        span = BANKS * WORD
        warps = range(self.nwarps) if warps is None else warps
        if sw is None or sw.b == 0:
            groups: dict = {}  # byte offset of a call modulo 128 -> [the first such offset, calls]
            for c in self.calls:
                sh = c * bs
                g = groups.get(sh % span)
                if g is None:
                    groups[sh % span] = [sh, 1]
                else:
                    g[1] += 1
            low = min(self.calls) * bs
            out = []
            for w in warps:
                first = [(t + atom[0]) * bs for t in self.threads[w * WARP : (w + 1) * WARP]]
                if first and min(first) + low < 0:
                    return None
                out += [([x + sh for x in first], n) for sh, n in groups.values()]
            return out
        period = 1 << (sw.m + abs(sw.s) + sw.b)
        groups = {}  # (call mod period, byte offset mod 128) -> [the first such call, calls]
        for c in self.calls:
            key = (c % period, c * bs % span)
            g = groups.get(key)
            if g is None:
                groups[key] = [c, 1]
            else:
                g[1] += 1
        low = min(self.calls) + atom[0]
        if any(min(self.threads[w * WARP : (w + 1) * WARP], default=0) + low < 0 for w in warps):
            return None
        reps = [c for c, _ in groups.values()]
        counts = [n for _, n in groups.values()]
        out = []
        try:
            for w in warps:
                out += zip(self.iter_addresses(sw, [w], reps), counts)
        except CuteDumpError:  # a class's call not contiguous under the swizzle: the rows one by one say which
            return None
        return out

    def _not_contiguous(self, k: int, l: int, el: list):
        atom = self.tiled_copy.atom
        j = next(j for j in range(len(el) - 1) if el[j + 1] - el[j] != 1)
        raise CuteDumpError(
            f"{atom.traits.name} with {atom.value_type} moves {len(el)} contiguous elements per call, but a "
            f"thread's call {k} reads smem elements {el[j]} then {el[j + 1]} under "
            f"the smem layout {self.smem}: CuTe fails to compile (Copy_Traits: failed to vectorize into "
            "registers)"
        )


def copy_plan(tc: TiledCopy, smem, store: bool | None = None) -> CopyPlan:
    """Every element offset each thread's instructions touch, in the order cute::copy issues them."""
    inst, store, notes = atom_instruction(tc, store)
    sw, off0, base = split_smem(smem)
    check_work(int(size(base)), f"the smem layout {base}", MAX_SMEM_ELEMENTS)  # limits: before any enumeration
    _check_tiles(tc, base)
    nthr = int(tc.tiled_num_thr)
    if nthr % WARP:
        raise CuteDumpError(f"the TiledCopy has {nthr} threads, not a whole number of warps")
    frg = tc.tidfrg_D(base) if store else tc.tidfrg_S(base)
    (tS, vS, rS), (tD, vD, rD) = _modes(frg)[0][:3], _modes(frg)[1][:3]
    if not (it.is_tuple(vS) and len(vS) == 2):
        raise CuteDumpError(f"internal: value mode {vS} of {frg} is not (atom_val, rest_val)")
    a_shape, rv_shape = vS
    a_std, rv_std = vD
    atom = tc.atom
    num_val = int(atom.num_val_dst if store else atom.num_val_src)
    na = int(it.product(a_shape))
    if na != num_val:
        raise CuteDumpError(f"internal: {na} values per atom call in {frg}, but the atom moves {num_val}")
    # the order of the calls: rest modes colex (nullspace of a static, unswizzled smem destination skipped),
    # then rest_val
    if store and sw is None and is_static(base.shape):
        r_idx, rv_idx = _nonnull(rS, rD), _nonnull(rv_shape, rv_std)
    else:
        r_idx, rv_idx = None, None
    t_off = _values(tS, tD, range(nthr))  # (T,)
    r_off = _values(rS, rD, r_idx)  # (R,)
    rv_off = _values(rv_shape, rv_std, rv_idx)  # (RV,)
    a_off = _values(a_shape, a_std)  # (A,)
    calls = [r + rv + off0 for r in r_off for rv in rv_off]  # (n,) calls, rest outer, rest_val inner
    return CopyPlan(tc, smem, inst, store, calls, t_off, a_off, list(notes))


def copy_access(
    tc: TiledCopy, smem, store: bool | None = None, warp: int = 0, plan: CopyPlan | None = None
) -> CopyAccess:
    """The byte addresses of every lane of warp ``warp`` for every instruction the TiledCopy issues on ``smem``."""
    plan = plan or copy_plan(tc, smem, store)
    nwarps = plan.nwarps
    if not 0 <= warp < nwarps:
        raise CuteDumpError(
            f"--warp {warp} is outside the TiledCopy's {nwarps} warp{'s' if nwarps > 1 else ''} (0..{nwarps - 1})"
        )
    sw = split_smem(smem)[0]
    try:
        addresses = plan.addresses(sw, [warp])
    except CuteDumpError as e:
        v = vector_width(tc, smem, plan.store, warp * WARP)
        if not v["atom_too_wide"]:
            raise
        raise CuteDumpError(
            f"{tc.atom.traits.name} moves {v['atom_elements']} {tc.atom.value_type} ({v['atom_bits']} "
            f"bits) per call, wider than max_common_vector = {v['max_common_vector']} elements "
            f"({v['max_vector_bits']} bits) of thread {warp * WARP}'s smem partition "
            f"{v['partition']}: CuTe fails to compile this copy (Copy_Traits: failed to vectorize "
            "into registers)"
        ) from e
    acc = CopyAccess(
        tc,
        smem,
        plan.inst,
        plan.store,
        warp,
        plan.first_elements(warp),
        addresses,
        tc.atom.value_bits,
        notes=list(plan.notes),
    )
    acc.vector = vector_width(tc, smem, plan.store, warp * WARP)
    acc.analysis = analyze(plan.inst, addresses, where=f"{tc.atom.traits.name}: ")
    return acc


def vector_width(tc: TiledCopy, smem, store: bool, thr: int) -> dict:
    """CuTe's max_common_vector between thread ``thr``'s smem partition and make_fragment_like of it, against the
    width the atom moves per call."""
    sw, _, base = split_smem(smem)
    thr_copy = tc.get_slice(thr)
    part = (thr_copy.partition_D if store else thr_copy.partition_S)(base)[0]
    frag = make_fragment_like(part)
    n = max_common_vector(part, frag)
    n = int(n)
    if sw is not None and sw.b > 0:
        n = min(n, 1 << sw.m)  # max_common_vector(ComposedLayout<Swizzle<B,M,S>>, L) = min(., 1 << M)
    atom = tc.atom
    per_call = int(atom.num_val_dst if store else atom.num_val_src)
    bits = atom.value_bits
    return {
        "max_common_vector": n,
        "max_vector_bits": n * bits,
        "atom_elements": per_call,
        "atom_bits": per_call * bits,
        "atom_too_wide": per_call > n,
        "partition": str(part),
        "fragment": str(frag),
    }
