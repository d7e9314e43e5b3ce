"""Block-scaled UMMA scale factors in tensor memory and the SMEM -> TMEM copies (tcgen05.cp), as CuTe 4.2 computes
them on the host:

* ``UMMA::tmem_sf_frg<SF, VS, N_SM, Is_SFA, TmemAlloc>::make(shape)`` (cute/atom/mma_traits_sm100.hpp): the TMEM
  tensor of one stage's scale factors (``make_tensor<TiledMma::FrgTypeSFA>(shape(SmemLayoutAtomSFA))`` in CUTLASS's
  block-scaled collective). A 128-row chunk's row r sits at lane r % 32 of every subpartition (the 4 copies: the
  REP mode of stride 32 lanes), column r / 32; its scale factors are the bytes of that 32-bit column. SFB of a 2-CTA
  MMA of M 128 (``ScaleFactorDuplicated2by2``) keeps half the rows per subpartition pair (2 copies, 64 lanes apart).
* ``make_utccp_copy(SM100_UTCCP_*{}, tmem_tensor)`` (cute/atom/copy_traits_sm100.hpp): ``make_cotiled_copy`` of the
  atom's ValID (logical bit -> TMEM bit address: [core-matrix strided, leading, broadcast, repeat]) over the TMEM
  tensor's layout; the 4x32dp atoms broadcast 32 smem rows to the 4 subpartitions (SrcLayout's stride-0 mode), the
  2x64dp atoms to 2 of them.
"""

from __future__ import annotations

from cutedump.algebra import (
    C,
    Layout,
    coalesce,
    composition,
    filter_zeros,
    fmt,
    is_static,
    is_tuple,
    make_layout,
    size,
    take,
    tiled_product,
    upcast,
)
from cutedump.algebra.evaluate import values_list
from cutedump.atoms.copy import CopyAtom, TiledCopy
from cutedump.atoms.copy_catalog import all_utccp_copy_names, lookup_utccp_copy  # noqa: F401 - this module's API too
from cutedump.atoms.tmem import TmemTensor, dp, make_cotiled_copy, offset_shift
from cutedump.atoms.types import canonical_type, value_type_bits
from cutedump.errors import CuteDumpError
from cutedump.parse import parse_layout

SUBPART_DPS = 32  # lanes of one TMEM subpartition
ALLOC_4BY1 = "ScaleFactorDuplicated4by1"
ALLOC_2BY2 = "ScaleFactorDuplicated2by2"


def _sz(x) -> int:
    return int(size(make_layout(x))) if is_tuple(x) else int(x)


def tmem_sf_frg_make(value_type: str, vs: int, n_sm: int, is_sfa: bool, alloc: str, tmem_shape) -> TmemTensor:
    """UMMA::tmem_sf_frg<ValueType, SFVecSize, N_SM, Is_SFA, TmemAlloc>::make(tmem_shape): tmem_shape is one stage's
    ((MMA_MN, (VS, NSF)), num_MMA_MN, num_MMA_K, ...) (shape(deduce_smem_layoutSFA(...)))."""
    vt = canonical_type(value_type)
    if not is_static(tmem_shape):
        raise CuteDumpError(
            f"a TMEM scale-factor fragment needs a static shape (write _128, not 128), got {fmt(tmem_shape)}"
        )
    if not is_tuple(tmem_shape) or not is_tuple(tmem_shape[0]) or len(tmem_shape[0]) != 2:
        raise CuteDumpError("Expected post-partitioned shape ((M_MMA,N_MMA),...).")
    if len(tmem_shape) < 3:
        raise CuteDumpError("Expected an MMA partitioned tensor")
    k_mode = tmem_shape[0][1]
    if not is_tuple(k_mode) or len(k_mode) != 2:
        raise CuteDumpError("Expected an MMA-SF partitioned tensor")
    mn = _sz(tmem_shape[0][0])
    mvs, nsf = _sz(k_mode[0]), _sz(k_mode[1])
    restride = Layout((C(128), C(16384)), (C(dp(value_type_bits(vt))), C(1)))
    rest = make_layout(tuple(tmem_shape[1:]))
    if is_sfa or alloc == ALLOC_4BY1:
        # SFA (4x1 and 2x2 data paths), SFB (4x1): the rows over one subpartition's 32 lanes, copied to all 4
        atom = Layout(
            (((C(SUBPART_DPS), C(mn // SUBPART_DPS)), C(4)), (C(mvs), C(nsf))),
            (((C(1), C(512)), C(32)), (C(0), C(128))),
        )
    else:
        if alloc != ALLOC_2BY2:
            raise CuteDumpError(f"TmemAllocMode {alloc} is not a scale-factor allocation")
        if n_sm != 2:
            raise CuteDumpError("Should be 2x2 Datapath")
        atom = Layout(
            (((C(SUBPART_DPS), C(mn // 2 // SUBPART_DPS)), C(2), C(2)), (C(mvs), C(nsf))),
            (((C(1), C(512)), C(64), C(32)), (C(0), C(128))),
        )
    logical = tiled_product(atom, rest)
    return TmemTensor(vt, composition(restride, logical))


def frg_type_sf(mma, operand: str) -> tuple[str, int, int, bool, str]:
    """(ValueType, SFVecSize, N_SM, Is_SFA, TmemAlloc) of a block-scaled UMMA's FrgTypeSFA / FrgTypeSFB."""
    spec = getattr(getattr(getattr(mma, "atom", mma), "traits", None), "spec", None)
    fam = getattr(spec, "family", None)
    if spec is None or not getattr(fam, "block_scaled", False):
        name = getattr(getattr(mma, "atom", mma), "name", mma)
        raise CuteDumpError(
            f"{name} is not a block-scaled SM100 UMMA atom (SM100_MMA_MXF8F6F4_*, SM100_MMA_MXF4_*, ...): it has "
            "no scale factors in tensor memory"
        )
    sf = spec.types[3]
    vs = int(spec.VS) or 32  # the MXF8F6F4 atoms' SFVecSize is 32
    m = int(spec.M)
    nsm = int(fam.nsm)
    alloc = ALLOC_2BY2 if nsm == 2 and m == 128 else ALLOC_4BY1
    return sf, vs, nsm, operand.upper() == "A", alloc


# ------------------------------------------------------------------ tcgen05.cp copy atoms


def utccp_val_id(name: str) -> Layout:
    """Copy_Traits<Op>::ValID: logical bit id -> TMEM bit address."""
    from cutedump.atoms.tmem_data import UTCCP_COPY_TRAITS  # start-up: on demand

    return parse_layout(UTCCP_COPY_TRAITS[lookup_utccp_copy(name).name][1])


def make_utccp_copy(op: str, tmem: TmemTensor) -> TiledCopy:
    """make_utccp_copy(Op{}, tmem_tensor): Copy_Atom<Copy_Traits<Op>, T> co-tiled over the TMEM tensor's layout."""
    traits = lookup_utccp_copy(op)
    bits = value_type_bits(tmem.value_type)
    atom = CopyAtom(traits, tmem.value_type)
    atom_t = Layout(C(int(size(parse_layout(traits.thr_id)))), C(0))
    atom_v = coalesce(upcast(utccp_val_id(op), bits))
    return make_cotiled_copy(atom, make_layout(atom_t, atom_v), tmem.layout)


def sf_tmem_fragment(mma, smem_layout: Layout, operand: str) -> TmemTensor:
    """make_tensor<TiledMma::FrgTypeSF{A,B}>(shape(smem_layout)): one stage's scale factors in TMEM."""
    return tmem_sf_frg_make(*frg_type_sf(mma, operand), smem_layout.shape)


def default_utccp_op(mma) -> str:
    """The op CUTLASS's block-scaled collective picks: SM100_UTCCP_4x32dp128bit_{1cta,2cta} by the atom's ThrID."""
    nsm = frg_type_sf(mma, "A")[2]
    return f"SM100_UTCCP_4x32dp128bit_{nsm}cta"


def compact(layout: Layout) -> Layout:
    """filter_zeros: the collective copies the compact tensors (no zero-stride modes, no repeated copies)."""
    return filter_zeros(layout)


# ------------------------------------------------------------------ the copy's instructions (the UTCCP picture)


def core_matrix_bytes(op: str, value_type: str) -> int:
    """The smem bytes one tcgen05.cp instruction reads: get_utccp_smem_desc_tensor's core-matrix shape
    (take<0,2>(upcast<bits>(ValID).shape())) in elements, times the element's bytes."""
    bits = value_type_bits(value_type)
    cm = take(upcast(utccp_val_id(op), bits), 0, 2).shape
    return _sz(cm) * bits // 8


def copy_instructions(tc: TiledCopy, tmem: TmemTensor, smem: Layout, thr_idx: int, op: str) -> list[dict]:
    """The tcgen05.cp instructions thread (CTA) ``thr_idx`` of ``tc`` issues over one stage, in partition order: per
    instruction (the rest modes of its partitions), the smem element offset its descriptor starts at (partition_S's
    value 0: get_utccp_smem_desc_tensor's address), the bytes it reads (:func:`core_matrix_bytes`) and the TMEM cells
    it writes (partition_D's values: ``cells`` a sorted list of [lane, 32-bit column])."""
    thr = tc.get_slice(thr_idx)
    s_lay, s_off = thr.partition_S(smem)
    d_lay, d_off = thr.partition_D(tmem.layout)
    nv = _sz(d_lay.shape[0])
    nr = int(size(d_lay)) // nv
    sv = _sz(s_lay.shape[0])
    if sv != nv or int(size(s_lay)) // sv != nr:
        raise CuteDumpError(f"partition_S ({s_lay}) and partition_D ({d_lay}) do not pair up as one copy")
    sh = offset_shift(value_type_bits(tmem.value_type))
    lane_bits = 16 + sh
    lane0, col0 = (tmem.addr >> 16) & 0xFF, tmem.addr & 0xFFFF
    nbytes = core_matrix_bytes(op, tmem.value_type)
    ebytes = value_type_bits(tmem.value_type) / 8
    d_vals, s_vals = values_list(d_lay), values_list(s_lay)  # L(0), ..., L(size-1) of each partition, at once
    d0, s0, lane_mask = int(d_off), int(s_off), (1 << lane_bits) - 1
    out = []
    for r in range(nr):
        cells = set()
        for o in d_vals[nv * r : nv * (r + 1)]:
            o += d0
            cells.add((lane0 + (o >> lane_bits), col0 + ((o & lane_mask) >> sh)))
        start = s_vals[nv * r] + s0
        out.append(
            {
                "thread": thr_idx,
                "instruction": r,
                "smem_start": start,
                "smem_start_byte": int(start * ebytes),
                "smem_bytes": nbytes,
                "cells": sorted([list(c) for c in cells]),
            }
        )
    return out
