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

from dataclasses import dataclass, field

import numpy as np

from cutedump.errors import CuteDumpError
from cutedump.algebra import C, Layout, size, rank, max_common_vector, is_static
from cutedump.algebra import inttuple as it
from cutedump.algebra.swizzle import Swizzle, ComposedLayout
from cutedump.algebra.evaluate import _mode_values
from cutedump.atoms import TiledCopy
from cutedump.atoms.mma import make_fragment_like
from cutedump.bank.model import WARP, Instruction, instruction, analyze, Analysis

_LDSM = {"SM75_U32x1_LDSM_N": "x1", "SM75_U32x2_LDSM_N": "x2", "SM75_U32x4_LDSM_N": "x4",
         "SM75_U16x2_LDSM_T": "x1.trans", "SM75_U16x4_LDSM_T": "x2.trans", "SM75_U16x8_LDSM_T": "x4.trans"}
_STSM = {k.replace("SM75_", "SM90_").replace("LDSM", "STSM"): v for k, v in _LDSM.items()}
_CP_ASYNC = ("SM80_CP_ASYNC_CACHEALWAYS", "SM80_CP_ASYNC_CACHEGLOBAL", "SM80_CP_ASYNC_CACHEALWAYS_ZFILL",
             "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL")
_AUTO = ("AutoVectorizingCopyWithAssumedAlignment", "DefaultCopy", "AutoVectorizingCopy")


@dataclass
class CopyAccess:
    """What one warp of a TiledCopy does to shared memory."""
    tiled_copy: TiledCopy
    smem: object                 # Layout or ComposedLayout (element offsets)
    inst: Instruction
    store: bool
    warp: int
    elem_offsets: np.ndarray     # (n, 32) element offsets before the swizzle (B-offset + O)
    addresses: np.ndarray        # (n, 32) byte addresses
    value_bits: int
    vector: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)
    analysis: Analysis | None = None

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
            raise CuteDumpError(f"{name}: cp.async sizeof(TS) is not supported ({fam} moves "
                                f"{' or '.join(map(str, ok))} bits, not {bits})")
        return instruction(f"st.shared.b{bits}"), True, [
            f"{name} writes shared memory as {bits}-bit stores: modelled as st.shared.b{bits}, not measured"]
    if fam == "UniversalCopy":
        st = bool(store)
        bits = int(atom.num_val_dst if st else atom.num_val_src) * vbits
        if bits not in (8, 16, 32, 64, 128):
            raise CuteDumpError(f"{name}: a {bits}-bit access is not a shared-memory ld/st width (8..128 bits)")
        return instruction(f"{'st' if st else 'ld'}.shared.b{bits}"), st, []
    if fam in _AUTO:
        raise CuteDumpError(f"{name}: copy() with an auto-vectorizing atom ignores the TiledCopy and vectorizes "
                            "the whole partition; this is not modelled yet — use UniversalCopy<uintN_t> of the width "
                            "it picks (see the 'vector' line)")
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


def swizzle_np(sw: Swizzle | None, v: np.ndarray) -> np.ndarray:
    if sw is None or sw.b == 0:
        return v
    y = v & sw.yyy_msk
    return v ^ (y >> sw.s if sw.s >= 0 else y << -sw.s)


def _check_tiles(tc: TiledCopy, base: Layout):
    tiler = tc.tiler_mn
    tl = tiler if it.is_tuple(tiler) else (tiler,)
    shp = base.shape if it.is_tuple(base.shape) else (base.shape,)
    if len(shp) < len(tl):
        raise CuteDumpError(f"the smem layout {base} has rank {len(shp)}, less than the TiledCopy's tile "
                            f"{_fmt(tl)} (rank {len(tl)})")
    for i, t in enumerate(tl):
        n, m = int(it.product(shp[i])), int(size(t) if isinstance(t, Layout) else it.product(t))
        if n % m:
            raise CuteDumpError(f"the TiledCopy's tile {_fmt(tl)} does not tile the smem layout {base}: mode {i} has "
                                f"{n} elements, not a multiple of {m}")


def _fmt(t) -> str:
    if isinstance(t, Layout):
        return str(t)
    if it.is_tuple(t):
        return "(" + ",".join(_fmt(e) for e in t) + ")"
    return it.fmt(t)


def _values(lay_shape, lay_stride, n: int) -> np.ndarray:
    return _mode_values(lay_shape, lay_stride, np.arange(n, dtype=np.int64))


def _nonnull(shape, stride) -> np.ndarray:
    """The 1-D indices of a (static) mode that cute::copy visits: coordinate 0 along stride-0 flat modes."""
    fs = [int(s) for s in it.flatten_to_tuple(shape)]
    fd = it.flatten_to_tuple(stride)
    n = int(np.prod(fs)) if fs else 1
    idx = np.arange(n, dtype=np.int64)
    keep = np.ones(n, dtype=bool)
    rest = idx.copy()
    for s, d in zip(fs, fd):
        c = rest % s
        rest //= s
        if it.is_int(d) and is_static(d) and int(d) == 0:
            keep &= c == 0
    return idx[keep]


def _modes(layout: Layout):
    shp, std = layout.shape, layout.stride
    if not it.is_tuple(shp):
        shp, std = (shp,), (std,)
    return shp, std


@dataclass
class CopyPlan:
    """The element offsets (before the swizzle) every thread's calls touch: ``elements[n, thread, a]``."""
    tiled_copy: TiledCopy
    smem: object
    inst: Instruction
    store: bool
    elements: np.ndarray         # (n, threads, atom values) element offsets B-offset + O, before A
    notes: list

    @property
    def nwarps(self) -> int:
        return self.elements.shape[1] // WARP

    def addresses(self, sw: Swizzle | None, warps=None) -> np.ndarray:
        """(n * warps, 32) byte addresses under swizzle ``sw`` (CuteDumpError if a call is no longer contiguous)."""
        el = self.elements
        if warps is not None:
            el = np.concatenate([el[:, w * WARP:(w + 1) * WARP] for w in warps], axis=0)
        sw_elem = swizzle_np(sw, el)
        na = el.shape[2]
        if na > 1:
            step = sw_elem[:, :, 1:] - sw_elem[:, :, :-1]
            if (step != 1).any():
                atom = self.tiled_copy.atom
                k, l, j = np.argwhere(step != 1)[0]
                raise CuteDumpError(
                    f"{atom.traits.name} with {atom.value_type} moves {na} contiguous elements per call, but a "
                    f"thread's call {k} reads smem elements {sw_elem[k, l, j]} then {sw_elem[k, l, j + 1]} under "
                    f"the smem layout {self.smem}: CuTe fails to compile (Copy_Traits: failed to vectorize into "
                    "registers)")
        bits = sw_elem[:, :, 0] * self.tiled_copy.atom.value_bits
        if (bits % 8).any():
            raise CuteDumpError(f"{self.tiled_copy.atom.value_type} elements do not start on a byte")
        return bits // 8


def copy_plan(tc: TiledCopy, smem, store: bool | None = None) -> CopyPlan:
    """Every element offset each thread's instructions touch, in the order cute::copy issues them."""
    inst, store, notes = atom_instruction(tc, store)
    sw, off0, base = split_smem(smem)
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
    na, nrv, nr = int(it.product(a_shape)), int(it.product(rv_shape)), int(it.product(rS))
    if na != num_val:
        raise CuteDumpError(f"internal: {na} values per atom call in {frg}, but the atom moves {num_val}")
    # the order of the calls: rest modes colex (nullspace of a static, unswizzled smem destination skipped),
    # then rest_val
    if store and sw is None and is_static(base.shape):
        r_idx, rv_idx = _nonnull(rS, rD), _nonnull(rv_shape, rv_std)
    else:
        r_idx, rv_idx = np.arange(nr, dtype=np.int64), np.arange(nrv, dtype=np.int64)
    t_off = _mode_values(tS, tD, np.arange(nthr, dtype=np.int64))      # (T,)
    r_off = _mode_values(rS, rD, r_idx)                                 # (R,)
    rv_off = _mode_values(rv_shape, rv_std, rv_idx)                     # (RV,)
    a_off = _values(a_shape, a_std, na)                                 # (A,)
    call = (r_off[:, None] + rv_off[None, :]).reshape(-1)               # (n,) calls, rest outer, rest_val inner
    elem = call[:, None, None] + t_off[None, :, None] + a_off[None, None, :] + off0     # (n, T, A)
    return CopyPlan(tc, smem, inst, store, elem, list(notes))


def copy_access(tc: TiledCopy, smem, store: bool | None = None, warp: int = 0, plan: CopyPlan | None = None
                ) -> CopyAccess:
    """The byte addresses of every lane of warp ``warp`` for every instruction the TiledCopy issues on ``smem``."""
    plan = plan or copy_plan(tc, smem, store)
    nwarps = plan.nwarps
    if not 0 <= warp < nwarps:
        raise CuteDumpError(f"--warp {warp} is outside the TiledCopy's {nwarps} warp{'s' if nwarps > 1 else ''} "
                            f"(0..{nwarps - 1})")
    sw = split_smem(smem)[0]
    try:
        addresses = plan.addresses(sw, [warp])
    except CuteDumpError as e:
        v = vector_width(tc, smem, plan.store, warp * WARP)
        if not v["atom_too_wide"]:
            raise
        raise CuteDumpError(f"{tc.atom.traits.name} moves {v['atom_elements']} {tc.atom.value_type} ({v['atom_bits']} "
                            f"bits) per call, wider than max_common_vector = {v['max_common_vector']} elements "
                            f"({v['max_vector_bits']} bits) of thread {warp * WARP}'s smem partition "
                            f"{v['partition']}: CuTe fails to compile this copy (Copy_Traits: failed to vectorize "
                            "into registers)") from e
    acc = CopyAccess(tc, smem, plan.inst, plan.store, warp, plan.elements[:, warp * WARP:(warp + 1) * WARP, 0],
                     addresses, tc.atom.value_bits, notes=list(plan.notes))
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
        n = min(n, 1 << sw.m)     # max_common_vector(ComposedLayout<Swizzle<B,M,S>>, L) = min(., 1 << M)
    atom = tc.atom
    per_call = int(atom.num_val_dst if store else atom.num_val_src)
    bits = atom.value_bits
    return {"max_common_vector": n, "max_vector_bits": n * bits, "atom_elements": per_call,
            "atom_bits": per_call * bits, "atom_too_wide": per_call > n, "partition": str(part),
            "fragment": str(frag)}
