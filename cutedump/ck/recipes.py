"""The XDL GEMM descriptor chains (``gridwise_gemm_xdl_cshuffle_*``, ``blockwise_gemm_xdlops``,
``threadwise_tensor_slice_transfer_v3r1``) as named recipes, built with CK's own construction steps.

Static lengths (CK ``Number<>``) are :class:`C`, run-time ones (``index_t``: M, N, K, strides) plain ints, so the
CuTe view prints ``_8`` where CK knows the value at compile time.
"""

from __future__ import annotations

from cutedump.algebra import C
from cutedump.ck.descriptor import (
    make_naive_tensor_descriptor,
    make_naive_tensor_descriptor_packed,
    transform_tensor_descriptor,
)
from cutedump.ck.transforms import Freeze, Merge, PassThrough, RightPad, UnMerge
from cutedump.errors import CuteDumpError


def _C(x):
    return C(int(x))


# MFMA parameters (xdlops_gemm.hpp, struct mfma_type<...>) for the two common fp16 instructions
MFMA = {
    32: {
        "instr": "mfma_f32_32x32x8f16",
        "group_size": 4,
        "num_groups_per_blk": 4,
        "num_threads_per_blk": 32,
        "num_input_blks": 2,
        "m_per_blk": 32,
        "n_per_blk": 32,
        "wave_size": 64,
    },
    16: {
        "instr": "mfma_f32_16x16x16f16",
        "group_size": 4,
        "num_groups_per_blk": 1,
        "num_threads_per_blk": 16,
        "num_input_blks": 4,
        "m_per_blk": 16,
        "n_per_blk": 16,
        "wave_size": 64,
    },
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


SPECS = ("Default", "MPadding", "NPadding", "KPadding", "MNPadding", "MKPadding", "NKPadding", "MNKPadding")


def _spec(spec, **block):
    """GemmSpecialization: given, or (the shorthand of earlier versions) the padding of the given block sizes."""
    if spec is None:
        pads = "".join(d for d in "MNK" if block.get(d))
        return f"{pads}Padding" if pads else "Default"
    if spec not in SPECS:
        raise CuteDumpError(f"unknown GemmSpecialization {spec!r}; known: {', '.join(SPECS)}")
    return spec


def _pads(spec, dim):
    """Does GemmSpecialization ``spec`` pad dimension ``dim`` ("M", "N" or "K")?"""
    return spec != "Default" and dim in spec.replace("Padding", "")


def _need(v, opt, spec):
    if v is None:
        raise CuteDumpError(f"GemmSpecialization::{spec} pads with the block size: give --{opt}")
    return int(v)


class Unsupported(CuteDumpError):
    """CK's GridwiseGemm::CheckValidity would return false (the device op refuses the problem)."""


def xdl_grid_ak0_m_ak1(
    M, K, AK1=8, stride=None, layout="row", m_per_block=None, k_per_block=None, which="a", spec=None, check=True
):
    """a_grid_desc_ak0_m_ak1 (which="a": A is (M,K), row-major (StrideA,1) or column-major (1,StrideA)) or
    b_grid_desc_bk0_n_bk1 (which="b": B is (N,K), column-major (StrideB,1) or row-major (1,StrideB)), as
    GridwiseGemm_k0mk1_k0nk1_mn_xdl_cshuffle_v1::MakeAGridDescriptor_AK0_M_AK1 builds it for the
    GemmSpecialization: naive (MRaw,KRaw) -> [right pads when M and K are padded] ->
    [unmerge(AK0, AK1) on K, pass_through(M) or right_pad(M) when only M is padded] with new_up_idss [(0,2),(1)].
    AK0 = KPad / AK1 with K padding, else K / AK1 (C++ division); MPad/KPad = the block multiples.
    ``spec=None``: pad what a block size is given for. ``check``: raise :class:`Unsupported` where CK's
    CheckValidity is false (M % MPerBlock, K % AK1)."""
    _pos(M=M, K=K, AK1=AK1)
    X = "M" if which == "a" else "N"
    t = which
    spec = _spec(spec, **{X: m_per_block, "K": k_per_block})
    pad_m, pad_k = _pads(spec, X), _pads(spec, "K")
    M, K, AK1 = int(M), int(K), int(AK1)
    k_contig = (layout == "row") if which == "a" else (layout == "col")
    if stride is None:
        stride = K if k_contig else M
    MPad = -(-M // _need(m_per_block, f"{X}PerBlock", spec)) * int(m_per_block) if pad_m else M
    KPad = -(-K // _need(k_per_block, "KPerBlock", spec)) * int(k_per_block) if pad_k else K
    AK0 = KPad // AK1
    if check:
        if not pad_m and m_per_block and M % int(m_per_block):
            raise Unsupported(
                f"CheckValidity is false: {X} % {X}PerBlock == 0 ({M} % {int(m_per_block)}; "
                f"GemmSpecialization::{spec} does not pad {X})"
            )
        if KPad % AK1:
            raise Unsupported(
                f"CheckValidity is false: {'CalculateKPadded(K)' if pad_k else 'K'} % {t.upper()}K1Value "
                f"== 0 ({KPad} % {AK1})"
            )
    lengths = (M, K)
    strides = (int(stride), _C(1)) if k_contig else (_C(1), int(stride))
    d = make_naive_tensor_descriptor(lengths, strides, f"{t}_grid_desc_{X.lower()}raw_kraw")
    ak1 = _C(AK1)
    if pad_k:
        first = RightPad(M, MPad - M) if pad_m else PassThrough(M)
        d = transform_tensor_descriptor(
            d, [first, RightPad(K, KPad - K)], [(0,), (1,)], [(0,), (1,)], f"{t}_grid_desc_{X.lower()}_k"
        )
        last = PassThrough(MPad)
    else:
        last = RightPad(M, MPad - M) if pad_m else PassThrough(M)
    return transform_tensor_descriptor(
        d, [UnMerge((AK0, ak1)), last], [(1,), (0,)], [(0, 2), (1,)], f"{t}_grid_desc_{t}k0_{X.lower()}_{t}k1"
    )


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
        blk,
        [Merge((ak0, ak1), "merge_v3_division_mod"), UnMerge((_C(m_xdl_per_wave), _C(mwaves), _C(m_per_xdl)))],
        [(0, 2), (1,)],
        [(3,), (0, 1, 2)],
        f"{t}_block_desc_{X}0_{X}1_{X}2_k",
    )


def xdl_c_grid(M, N, m_per_block, n_per_block, stride=None, spec=None, layout="row", check=True):
    """c_grid_desc_mblock_mperblock_nblock_nperblock (MakeCGridDescriptor_M_N, then
    MakeCGridDescriptor_MBlock_MPerBlock_NBlock_NPerBlock): naive (M,N) row-major (StrideC,1) or column-major
    (1,StrideC) -> [right pads of the padded dimensions] -> [unmerge(MBlock, MPerBlock), unmerge(NBlock,
    NPerBlock)] [(0),(1)] -> [(0,1),(2,3)], with MBlock = M / MPerBlock (CalculateMBlock: the floor, of the
    unpadded M)."""
    _pos(M=M, N=N, MPerBlock=m_per_block, NPerBlock=n_per_block)
    spec = _spec(spec, M=None, N=None)
    M, N, mpb, npb = int(M), int(N), int(m_per_block), int(n_per_block)
    pad_m, pad_n = _pads(spec, "M"), _pads(spec, "N")
    if check:
        for X, v, b, p in (("M", M, mpb, pad_m), ("N", N, npb, pad_n)):
            if not p and v % b:
                raise Unsupported(
                    f"CheckValidity is false: {X} % {X}PerBlock == 0 ({v} % {b}; "
                    f"GemmSpecialization::{spec} does not pad {X})"
                )
    if stride is None:
        stride = N if layout == "row" else M
    strides = (int(stride), _C(1)) if layout == "row" else (_C(1), int(stride))
    d = make_naive_tensor_descriptor((M, N), strides, "c_grid_desc_mraw_nraw")
    if pad_m or pad_n:
        MPad, NPad = -(-M // mpb) * mpb, -(-N // npb) * npb
        d = transform_tensor_descriptor(
            d,
            [RightPad(M, MPad - M) if pad_m else PassThrough(M), RightPad(N, NPad - N) if pad_n else PassThrough(N)],
            [(0,), (1,)],
            [(0,), (1,)],
            "c_grid_desc_m_n",
        )
    return transform_tensor_descriptor(
        d,
        [UnMerge((M // mpb, _C(mpb))), UnMerge((N // npb, _C(npb)))],
        [(0,), (1,)],
        [(0, 1), (2, 3)],
        "c_grid_desc_mblock_mperblock_nblock_nperblock",
    )


def _mfma(m_per_xdl):
    if int(m_per_xdl) not in MFMA:
        raise CuteDumpError(f"--MPerXdl must be one of {sorted(MFMA)} (the modelled MFMA instructions)")
    return MFMA[int(m_per_xdl)]


def xdl_c_shuffle_block(
    m_per_block, n_per_block, m_per_xdl=32, m_xdl_per_wave=2, n_xdl_per_wave=2, cshuffle_m=1, cshuffle_n=1
):
    """c_block_desc_m0_n0_m1_n1_m2_m3_m4_n2 (C shuffle in LDS): packed
    <1, CShuffleMXdlPerWavePerShuffle*MWave*MPerXdl, 1, CShuffleNXdlPerWavePerShuffle*NWave*NPerXdl> ->
    [freeze(0), unmerge(CShM, M1, M2, M3, M4), freeze(0), unmerge(CShN, N1, N2)]
    [(0),(1),(2),(3)] -> [(), (0,2,4,5,6), (), (1,3,7)]."""
    _pos(
        MPerBlock=m_per_block,
        NPerBlock=n_per_block,
        MXdlPerWave=m_xdl_per_wave,
        NXdlPerWave=n_xdl_per_wave,
        CShuffleMXdlPerWavePerShuffle=cshuffle_m,
        CShuffleNXdlPerWavePerShuffle=cshuffle_n,
    )
    f = _mfma(m_per_xdl)
    n_per_xdl = f["n_per_blk"]
    mwave = _div(int(m_per_block), int(m_xdl_per_wave) * int(m_per_xdl), "MPerBlock / (MXdlPerWave * MPerXdl)")
    nwave = _div(int(n_per_block), int(n_xdl_per_wave) * n_per_xdl, "NPerBlock / (NXdlPerWave * NPerXdl)")
    lengths = (_C(1), _C(int(cshuffle_m) * mwave * int(m_per_xdl)), _C(1), _C(int(cshuffle_n) * nwave * n_per_xdl))
    d = make_naive_tensor_descriptor_packed(lengths, "c_shuffle_block_desc_mblock_mperblock_nblock_nperblock")
    m = [_C(cshuffle_m), _C(mwave), _C(f["num_groups_per_blk"]), _C(f["num_input_blks"]), _C(f["group_size"])]
    n = [_C(cshuffle_n), _C(nwave), _C(f["num_threads_per_blk"])]
    return transform_tensor_descriptor(
        d,
        [Freeze(_C(0)), UnMerge(tuple(m)), Freeze(_C(0)), UnMerge(tuple(n))],
        [(0,), (1,), (2,), (3,)],
        [(), (0, 2, 4, 5, 6), (), (1, 3, 7)],
        "c_block_desc_m0_n0_m1_n1_m2_m3_m4_n2",
    )


def xdl_c_thread(m_per_xdl=32, m_xdl_per_wave=2, n_xdl_per_wave=2):
    """c_thread_desc_m0_n0_m1_n1_m2_m3_m4_n2 (per-thread accumulators): packed
    <MRepeat, NRepeat, 1, 1, num_groups_per_blk, 1, group_size, 1>."""
    _pos(MXdlPerWave=m_xdl_per_wave, NXdlPerWave=n_xdl_per_wave)
    f = _mfma(m_per_xdl)
    lengths = (
        _C(m_xdl_per_wave),
        _C(n_xdl_per_wave),
        _C(1),
        _C(1),
        _C(f["num_groups_per_blk"]),
        _C(1),
        _C(f["group_size"]),
        _C(1),
    )
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
    if int(scalar_per_vector) not in (1, 2, 4, 8, 16, 32, 64, 128, 256):
        raise CuteDumpError(
            f"vector_type<T, {int(scalar_per_vector)}> does not exist in CK (its sizes are 1, 2, 4, "
            "..., 256): --scalar-per-vector must be one of them"
        )
    if sl[int(vector_dim)] % int(scalar_per_vector):
        raise CuteDumpError(
            "ThreadwiseTensorSliceTransfer_v3r1: static_assert(SliceLengths::At(SrcVectorDim) % "
            f"SrcScalarPerVector == 0) fails ({sl[int(vector_dim)]} % {int(scalar_per_vector)})"
        )
    acc = [a // b for a, b in zip(sl, spa)]
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
    "thread-scratch": (
        "src_thread_scratch_desc_: the VGPR scratch of ThreadwiseTensorSliceTransfer_v3r1",
        thread_scratch,
    ),
}


def recipes_text() -> str:
    """The recipe names with one line each on what they build (``cutedump ck recipes``)."""
    w = max(len(k) for k in RECIPES)
    return "".join(f"{k:<{w}}  {h}\n" for k, (h, _) in RECIPES.items())


def build_recipe(
    name,
    M=None,
    N=None,
    K=None,
    stride=None,
    layout=None,
    AK1=8,
    MPerBlock=None,
    NPerBlock=None,
    KPerBlock=None,
    MPerXdl=32,
    MXdlPerWave=2,
    NXdlPerWave=2,
    extra_m=0,
    cshuffle_m=1,
    cshuffle_n=1,
    slice_lengths=(1, 4, 8),
    vector_dim=2,
    scalar_per_vector=8,
    spec=None,
    check=True,
    **ignored,
):
    """One recipe by name, from the options of ``cutedump ck recipe`` (keyword names as there)."""
    if name not in RECIPES:
        raise CuteDumpError(f"unknown recipe {name!r}; known: {', '.join(RECIPES)}")

    def need(**xs):
        for k, v in xs.items():
            if v is None:
                raise CuteDumpError(f"recipe {name} needs --{k}")

    if name == "xdl-a":
        need(M=M, K=K)
        return xdl_grid_ak0_m_ak1(M, K, AK1, stride, layout or "row", MPerBlock, KPerBlock, "a", spec, check)
    if name == "xdl-b":
        need(N=N, K=K)
        return xdl_grid_ak0_m_ak1(N, K, AK1, stride, layout or "col", NPerBlock, KPerBlock, "b", spec, check)
    if name == "xdl-a-block":
        need(MPerBlock=MPerBlock, KPerBlock=KPerBlock)
        return xdl_block_ak0_m_ak1(MPerBlock, KPerBlock, AK1, extra_m)
    if name == "xdl-a-mma":
        need(MPerBlock=MPerBlock, KPerBlock=KPerBlock)
        return xdl_mma_m0_m1_m2_k(MPerBlock, KPerBlock, AK1, MPerXdl, MXdlPerWave, extra_m)
    if name == "xdl-c-grid":
        need(M=M, N=N, MPerBlock=MPerBlock, NPerBlock=NPerBlock)
        return xdl_c_grid(M, N, MPerBlock, NPerBlock, stride, spec, layout or "row", check)
    if name == "xdl-c-shuffle":
        need(MPerBlock=MPerBlock, NPerBlock=NPerBlock)
        return xdl_c_shuffle_block(MPerBlock, NPerBlock, MPerXdl, MXdlPerWave, NXdlPerWave, cshuffle_m, cshuffle_n)
    if name == "xdl-c-thread":
        return xdl_c_thread(MPerXdl, MXdlPerWave, NXdlPerWave)
    return thread_scratch([int(x) for x in slice_lengths], vector_dim, scalar_per_vector)
