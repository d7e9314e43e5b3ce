"""The XDL GEMM descriptor chains (``gridwise_gemm_xdl_cshuffle_*``, ``blockwise_gemm_xdlops``,
``threadwise_tensor_slice_transfer_v3r1``) as named recipes, built with CK's own construction steps.

Static lengths (CK ``Number<>``) are :class:`C`, run-time ones (``index_t``: M, N, K, strides) plain ints, so the
CuTe view prints ``_8`` where CK knows the value at compile time.
"""
from __future__ import annotations

from cutedump.errors import CuteDumpError
from cutedump.ck.descriptor import (make_naive_tensor_descriptor, make_naive_tensor_descriptor_packed,
                                    transform_tensor_descriptor)
from cutedump.ck.transforms import Freeze, Merge, PassThrough, RightPad, UnMerge


def _C(x):
    from cutedump.algebra import C
    return C(int(x))


# MFMA parameters (xdlops_gemm.hpp, struct mfma_type<...>) for the two common fp16 instructions
MFMA = {
    32: {"instr": "mfma_f32_32x32x8f16", "group_size": 4, "num_groups_per_blk": 4, "num_threads_per_blk": 32,
         "num_input_blks": 2, "m_per_blk": 32, "n_per_blk": 32, "wave_size": 64},
    16: {"instr": "mfma_f32_16x16x16f16", "group_size": 4, "num_groups_per_blk": 1, "num_threads_per_blk": 16,
         "num_input_blks": 4, "m_per_blk": 16, "n_per_blk": 16, "wave_size": 64},
}


def _div(a, b, what):
    if b <= 0 or a % b:
        raise CuteDumpError(f"{what}: {a} is not a multiple of {b}")
    return a // b


def _pos(**kw):
    for k, v in kw.items():
        if v is None:
            raise CuteDumpError(f"missing --{k}")
        if int(v) <= 0:
            raise CuteDumpError(f"--{k} must be positive, got {v}")


def xdl_grid_ak0_m_ak1(M, K, AK1=8, stride=None, layout="row", m_per_block=None, k_per_block=None,
                       which="a"):
    """a_grid_desc_ak0_m_ak1 (which="a": M, row-major A is (M,K):(StrideA,1)) or b_grid_desc_bk0_n_bk1
    (which="b": N, column-major B is (N,K):(StrideB,1)): naive (MRaw,KRaw) -> optional right pads to the block
    multiples -> [unmerge(AK0, AK1) on K, pass_through(M)] with new_up_idss [(0,2),(1)]."""
    _pos(M=M, K=K, AK1=AK1)
    X = "M" if which == "a" else "N"
    k_contig = (layout == "row") if which == "a" else (layout == "col")
    if stride is None:
        stride = K if k_contig else M
    lengths = (int(M), int(K))
    strides = (int(stride), _C(1)) if k_contig else (_C(1), int(stride))
    t = "a" if which == "a" else "b"
    d = make_naive_tensor_descriptor(lengths, strides, f"{t}_grid_desc_{X.lower()}raw_kraw")
    MP, KP = int(M), int(K)
    if m_per_block or k_per_block:
        mb = int(m_per_block or 1)
        kb = int(k_per_block or 1)
        MP = -(-int(M) // mb) * mb
        KP = -(-int(K) // kb) * kb
        d = transform_tensor_descriptor(d, [RightPad(int(M), MP - int(M)), RightPad(int(K), KP - int(K))],
                                        [(0,), (1,)], [(0,), (1,)], f"{t}_grid_desc_{X.lower()}_k")
    ak1 = _C(AK1)
    AK0 = _div(KP, int(AK1), f"K{'Pad' if KP != int(K) else ''} / {t.upper()}K1")
    d = transform_tensor_descriptor(d, [UnMerge((AK0, ak1)), PassThrough(MP)], [(1,), (0,)], [(0, 2), (1,)],
                                    f"{t}_grid_desc_{t}k0_{X.lower()}_{t}k1")
    return d


def xdl_block_ak0_m_ak1(m_per_block, k_per_block, AK1=8, extra_m=0, which="a"):
    """a_block_desc_ak0_m_ak1 (LDS): naive (AK0PerBlock, MPerBlock, AK1) with strides
    ((MPerBlock + ABlockLdsExtraM) * AK1, AK1, 1)."""
    _pos(MPerBlock=m_per_block, KPerBlock=k_per_block, AK1=AK1)
    t = which
    X = "m" if which == "a" else "n"
    ak0 = _div(int(k_per_block), int(AK1), f"KPerBlock / {t.upper()}K1")
    lengths = (_C(ak0), _C(m_per_block), _C(AK1))
    strides = (_C((int(m_per_block) + int(extra_m)) * int(AK1)), _C(AK1), _C(1))
    return make_naive_tensor_descriptor(lengths, strides, f"{t}_block_desc_{t}k0_{X}_{t}k1")


def xdl_mma_m0_m1_m2_k(m_per_block, k_per_block, AK1=8, m_per_xdl=32, m_xdl_per_wave=2, extra_m=0, which="a"):
    """a_block_desc_m0_m1_m2_k (MakeGemmMmaTileDescriptor): from the block descriptor,
    [merge_v3_division_mod(AK0, AK1) on (0,2), unmerge(MRepeat, MWaves, MPerXdl) on (1)] -> [(3), (0,1,2)]."""
    _pos(MPerXdl=m_per_xdl, MXdlPerWave=m_xdl_per_wave)
    blk = xdl_block_ak0_m_ak1(m_per_block, k_per_block, AK1, extra_m, which)
    ak0, mpb, ak1 = blk.lengths()
    mwaves = _div(int(m_per_block), int(m_xdl_per_wave) * int(m_per_xdl), "MPerBlock / (MXdlPerWave * MPerXdl)")
    t = which
    X = "m" if which == "a" else "n"
    return transform_tensor_descriptor(
        blk, [Merge((ak0, ak1), "merge_v3_division_mod"),
              UnMerge((_C(m_xdl_per_wave), _C(mwaves), _C(m_per_xdl)))],
        [(0, 2), (1,)], [(3,), (0, 1, 2)], f"{t}_block_desc_{X}0_{X}1_{X}2_k")


def xdl_c_grid(M, N, m_per_block, n_per_block, stride=None):
    """c_grid_desc_mblock_mperblock_nblock_nperblock: naive (M,N):(StrideC,1) ->
    [unmerge(MBlock, MPerBlock), unmerge(NBlock, NPerBlock)] [(0),(1)] -> [(0,1),(2,3)]."""
    _pos(M=M, N=N, MPerBlock=m_per_block, NPerBlock=n_per_block)
    stride = int(N) if stride is None else int(stride)
    d = make_naive_tensor_descriptor((int(M), int(N)), (stride, _C(1)), "c_grid_desc_m_n")
    mblock = _div(int(M), int(m_per_block), "M / MPerBlock (pad M first)")
    nblock = _div(int(N), int(n_per_block), "N / NPerBlock (pad N first)")
    return transform_tensor_descriptor(
        d, [UnMerge((mblock, _C(m_per_block))), UnMerge((nblock, _C(n_per_block)))],
        [(0,), (1,)], [(0, 1), (2, 3)], "c_grid_desc_mblock_mperblock_nblock_nperblock")


def _mfma(m_per_xdl):
    if int(m_per_xdl) not in MFMA:
        raise CuteDumpError(f"--MPerXdl must be one of {sorted(MFMA)} (the modelled MFMA instructions)")
    return MFMA[int(m_per_xdl)]


def xdl_c_shuffle_block(m_per_block, n_per_block, m_per_xdl=32, m_xdl_per_wave=2, n_xdl_per_wave=2,
                        cshuffle_m=1, cshuffle_n=1):
    """c_block_desc_m0_n0_m1_n1_m2_m3_m4_n2 (C shuffle in LDS): packed
    <1, CShuffleMXdlPerWavePerShuffle*MWave*MPerXdl, 1, CShuffleNXdlPerWavePerShuffle*NWave*NPerXdl> ->
    [freeze(0), unmerge(CShM, M1, M2, M3, M4), freeze(0), unmerge(CShN, N1, N2)]
    [(0),(1),(2),(3)] -> [(), (0,2,4,5,6), (), (1,3,7)]."""
    _pos(MPerBlock=m_per_block, NPerBlock=n_per_block, MXdlPerWave=m_xdl_per_wave, NXdlPerWave=n_xdl_per_wave,
         CShuffleMXdlPerWavePerShuffle=cshuffle_m, CShuffleNXdlPerWavePerShuffle=cshuffle_n)
    f = _mfma(m_per_xdl)
    n_per_xdl = f["n_per_blk"]
    mwave = _div(int(m_per_block), int(m_xdl_per_wave) * int(m_per_xdl), "MPerBlock / (MXdlPerWave * MPerXdl)")
    nwave = _div(int(n_per_block), int(n_xdl_per_wave) * n_per_xdl, "NPerBlock / (NXdlPerWave * NPerXdl)")
    lengths = (_C(1), _C(int(cshuffle_m) * mwave * int(m_per_xdl)), _C(1), _C(int(cshuffle_n) * nwave * n_per_xdl))
    d = make_naive_tensor_descriptor_packed(lengths, "c_shuffle_block_desc_mblock_mperblock_nblock_nperblock")
    m = [_C(cshuffle_m), _C(mwave), _C(f["num_groups_per_blk"]), _C(f["num_input_blks"]), _C(f["group_size"])]
    n = [_C(cshuffle_n), _C(nwave), _C(f["num_threads_per_blk"])]
    return transform_tensor_descriptor(
        d, [Freeze(_C(0)), UnMerge(tuple(m)), Freeze(_C(0)), UnMerge(tuple(n))],
        [(0,), (1,), (2,), (3,)], [(), (0, 2, 4, 5, 6), (), (1, 3, 7)], "c_block_desc_m0_n0_m1_n1_m2_m3_m4_n2")


def xdl_c_thread(m_per_xdl=32, m_xdl_per_wave=2, n_xdl_per_wave=2):
    """c_thread_desc_m0_n0_m1_n1_m2_m3_m4_n2 (per-thread accumulators): packed
    <MRepeat, NRepeat, 1, 1, num_groups_per_blk, 1, group_size, 1>."""
    _pos(MXdlPerWave=m_xdl_per_wave, NXdlPerWave=n_xdl_per_wave)
    f = _mfma(m_per_xdl)
    lengths = (_C(m_xdl_per_wave), _C(n_xdl_per_wave), _C(1), _C(1), _C(f["num_groups_per_blk"]), _C(1),
               _C(f["group_size"]), _C(1))
    return make_naive_tensor_descriptor_packed(lengths, "c_thread_desc_m0_n0_m1_n1_m2_m3_m4_n2")


def thread_scratch(slice_lengths=(1, 4, 8), vector_dim=2, scalar_per_vector=8):
    """src_thread_scratch_desc_ (ThreadwiseTensorSliceTransfer_v3r1): access lengths = SliceLengths /
    scalar_per_access; desc0 = packed <access lengths..., SrcScalarPerVector>; then
    [i == SrcVectorDim ? merge_v3_division_mod(desc0[i], desc0[nDim]) : pass_through(desc0[i])]."""
    sl = [int(x) for x in slice_lengths]
    nd = len(sl)
    if not 0 <= int(vector_dim) < nd:
        raise CuteDumpError(f"--vector-dim must be in [0, {nd}), got {vector_dim}")
    _pos(scalar_per_vector=scalar_per_vector)
    for x in sl:
        if x <= 0:
            raise CuteDumpError(f"slice lengths must be positive, got {sl}")
    spa = [int(scalar_per_vector) if i == int(vector_dim) else 1 for i in range(nd)]
    acc = [_div(a, b, f"SliceLengths[{i}] / src_scalar_per_access[{i}]") for i, (a, b) in enumerate(zip(sl, spa))]
    lav = [_C(x) for x in acc] + [_C(scalar_per_vector)]
    d0 = make_naive_tensor_descriptor_packed(tuple(lav), "desc0")
    ts, lows = [], []
    for i in range(nd):
        if i == int(vector_dim):
            ts.append(Merge((lav[i], lav[nd]), "merge_v3_division_mod"))
            lows.append((i, nd))
        else:
            ts.append(PassThrough(lav[i]))
            lows.append((i,))
    return transform_tensor_descriptor(d0, ts, lows, [(i,) for i in range(nd)], "src_thread_scratch_desc_")


RECIPES = {
    "xdl-a": ("a_grid_desc_ak0_m_ak1: A in global memory, K split into AK0 x AK1", xdl_grid_ak0_m_ak1),
    "xdl-b": ("b_grid_desc_bk0_n_bk1: B in global memory, K split into BK0 x BK1", xdl_grid_ak0_m_ak1),
    "xdl-a-block": ("a_block_desc_ak0_m_ak1: the A tile in LDS", xdl_block_ak0_m_ak1),
    "xdl-a-mma": ("a_block_desc_m0_m1_m2_k: the LDS tile seen by the blockwise XDL GEMM", xdl_mma_m0_m1_m2_k),
    "xdl-c-grid": ("c_grid_desc_mblock_mperblock_nblock_nperblock: C split into block tiles", xdl_c_grid),
    "xdl-c-shuffle": ("c_block_desc_m0_n0_m1_n1_m2_m3_m4_n2: the C-shuffle LDS tile", xdl_c_shuffle_block),
    "xdl-c-thread": ("c_thread_desc_m0_n0_m1_n1_m2_m3_m4_n2: per-thread accumulator registers", xdl_c_thread),
    "thread-scratch": ("src_thread_scratch_desc_: the VGPR scratch of ThreadwiseTensorSliceTransfer_v3r1",
                       thread_scratch),
}
