"""wgmma_tma_sm90.cu's objects built by real CuTe, host only: the Hopper TMA tutorial's host code (gemm_nt / gemm_tn
for half_t: make_tma_atom(SM90_TMA_LOAD, ...)) and gemm_device's tensors and partitions of one thread of block (0,0)
(get_tma_tensor, local_tile, tma_partition of group_modes<0,2>, the GMMA partitions), printed as
`cutedump kernel wgmma_tma_sm90_<nt|tn> --no-readings` prints them.

The construction is the tutorial's (CUTLASS 4.2, examples/cute/tutorial/hopper/wgmma_tma_sm90.cu) line for line;
only the printing is ours (the ``name: value`` lines of tests/kernel_cpp_sm90.py: a pointer tensor as
``print(tensor.layout())``, a TMA coordinate tensor as ``print(tensor)``, whose ArithTuple origin is a value). The
problem sizes may be static (``Int<M>``) as well as the tutorial's ``int``; the leading dimensions follow them
(ldA = K or M, as cutedump's ``dA = (K,_1)`` / ``(_1,M)``).

The program is compiled as tests/oracle/gen_tma.py compiles it (``__CUDACC_VER_MAJOR__``,
CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL and its own ``cuTensorMapEncodeTiled``), so make_tma_atom also prints one
``tensor_map: ...`` line per TMA with every argument CuTe passes; CuTe's runtime asserts print ``ASSERT: cond``.
``tCrA(0)``/``tCrB(0)`` are the k-block-0 descriptors as raw 64-bit values.
"""

from __future__ import annotations

from tests.oracle.gen_tma import FLAGS  # noqa: F401  (the compile flags, re-exported)
from tests.oracle.gen_tma import PRELUDE as TMA_PRELUDE

PRELUDE = (
    TMA_PRELUDE
    + r"""
template <class T> static void line(const char* name, T const& v) { printf("%s: ", name); print(v); printf("\n"); }
template <class T> static void block(const char* name, T const& v) { printf("%s:\n", name); print(v); }

template <class TA, class Prob, class Tiler, class DA, class DB, class DC, class SA, class SB, class Mma>
static void wgt_dump(Prob shape_MNK, Tiler cta_tiler, DA dA, DB dB, DC dC, SA sA_layout, SB sB_layout, Mma mma,
                     int t)
{
  using TB = TA; using TC = TA;
  TA const* A = nullptr; TB const* B = nullptr; TC* C = nullptr;
  auto [M, N, K] = shape_MNK;
  auto bM = size<0>(cta_tiler); auto bN = size<1>(cta_tiler); auto bK = size<2>(cta_tiler);
  // host: gemm_tn / gemm_nt
  Tensor mA_host = make_tensor(A, make_shape(M,K), dA);
  Tensor mB_host = make_tensor(B, make_shape(N,K), dB);
  Copy_Atom tmaA = make_tma_atom(SM90_TMA_LOAD{}, mA_host, sA_layout(_,_,0), make_shape(bM,bK));
  Copy_Atom tmaB = make_tma_atom(SM90_TMA_LOAD{}, mB_host, sB_layout(_,_,0), make_shape(bN,bK));
  line("prob_shape", shape_MNK);
  line("dA", dA); line("dB", dB); line("dC", dC);
  line("cta_tiler", cta_tiler);
  line("sA_layout", sA_layout); line("sB_layout", sB_layout);
  block("mmaC", mma);
  line("thr_layout_vmnk", mma.get_thr_layout_vmnk());
  line("layoutA_TV", mma.get_layoutA_TV());
  line("layoutB_TV", mma.get_layoutB_TV());
  line("layoutC_TV", mma.get_layoutC_TV());
  line("mA_host", mA_host.layout()); line("mB_host", mB_host.layout());
  block("tmaA", tmaA); block("tmaB", tmaB);

  // gemm_device, block (0,0)
  Tensor mA = tmaA.get_tma_tensor(make_shape(M,K));                    // (M,K) TMA Tensor
  Tensor mB = tmaB.get_tma_tensor(make_shape(N,K));                    // (N,K) TMA Tensor
  Tensor mC = make_tensor(make_gmem_ptr(C), make_shape(M,N), dC);      // (M,N)
  unsigned bx = 0, by = 0;                                             // blockIdx.x, blockIdx.y
  auto cta_coord = make_coord(bx, by, _);                              // (m,n,k)
  Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)
  Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k)
  Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{});  // (BLK_M,BLK_N)
  Tensor sA = make_tensor(make_smem_ptr((TA*)nullptr), sA_layout);     // (BLK_M,BLK_K,PIPE)
  Tensor sB = make_tensor(make_smem_ptr((TB*)nullptr), sB_layout);     // (BLK_N,BLK_K,PIPE)
  auto [tAgA, tAsA] = tma_partition(tmaA, Int<0>{}, Layout<_1>{},
                                    group_modes<0,2>(sA), group_modes<0,2>(gA));  // (TMA,k) and (TMA,PIPE)
  auto [tBgB, tBsB] = tma_partition(tmaB, Int<0>{}, Layout<_1>{},
                                    group_modes<0,2>(sB), group_modes<0,2>(gB));  // (TMA,k) and (TMA,PIPE)
  constexpr int tma_transaction_bytes = sizeof(make_tensor_like(tensor<0>(tAsA)))
                                      + sizeof(make_tensor_like(tensor<0>(tBsB)));
  auto K_PIPE_MAX = size<1>(tAsA);
  int k_tile_count = size<1>(tAgA);
  ThrMMA thr_mma = mma.get_thread_slice(t);
  Tensor tCsA = thr_mma.partition_A(sA);                               // (MMA,MMA_M,MMA_K,PIPE)
  Tensor tCsB = thr_mma.partition_B(sB);                               // (MMA,MMA_N,MMA_K,PIPE)
  Tensor tCgC = thr_mma.partition_C(gC);                               // (MMA,MMA_M,MMA_N)
  Tensor tCrC = thr_mma.make_fragment_C(tCgC);                         // (MMA,MMA_M,MMA_N)
  Tensor tCrA = thr_mma.make_fragment_A(tCsA);                         // (MMA,MMA_M,MMA_K,PIPE)
  Tensor tCrB = thr_mma.make_fragment_B(tCsB);                         // (MMA,MMA_N,MMA_K,PIPE)

  printf("\n");
  line("thread", t);
  line("mA", mA); line("mB", mB); line("mC", mC.layout());
  line("gA", gA); line("gB", gB); line("gC", gC.layout());
  line("sA", sA.layout()); line("sB", sB.layout());
  line("tAgA", tAgA); line("tAsA", tAsA.layout());
  line("tBgB", tBgB); line("tBsB", tBsB.layout());
  line("tma_transaction_bytes", tma_transaction_bytes);
  line("K_PIPE_MAX", K_PIPE_MAX);
  line("k_tile_count", k_tile_count);
  line("tCsA", tCsA.layout()); line("tCsB", tCsB.layout()); line("tCgC", tCgC.layout());
  line("tCrC", tCrC.layout());
  line("tCrA", tCrA.layout()); line("tCrB", tCrB.layout());
  printf("tCrA(0): 0x%016llx\n", (unsigned long long) uint64_t(tCrA(0)));
  printf("tCrB(0): 0x%016llx\n", (unsigned long long) uint64_t(tCrB(0)));
}

// gemm_nt<half_t> (wgmma_tma_sm90.cu): ldA = M, ldB = N, ldC = M
template <int BM, int BN, int BK, int BP, class IM, class IN, class IK>
static void wgt_nt(IM M, IN N, IK K, int t)
{
  using TA = half_t; using TB = half_t;
  auto prob_shape = make_shape(M, N, K);
  auto dA = make_stride(Int<1>{}, M);
  auto dB = make_stride(Int<1>{}, N);
  auto dC = make_stride(Int<1>{}, M);
  auto bM = Int<BM>{}; auto bN = Int<BN>{}; auto bK = Int<BK>{};
  auto cta_tiler = make_shape(bM, bN, bK);
  auto bP = Int<BP>{};
  auto sA = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
  auto sB = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TB>{}, make_shape(bN,bK,bP));
  TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>{});
  CUTEDUMP_TRY( wgt_dump<TA>(prob_shape, cta_tiler, dA, dB, dC, sA, sB, tiled_mma, t); );
}

// gemm_tn<half_t> (wgmma_tma_sm90.cu): ldA = K, ldB = K, ldC = M
template <int BM, int BN, int BK, int BP, class IM, class IN, class IK>
static void wgt_tn(IM M, IN N, IK K, int t)
{
  using TA = half_t; using TB = half_t;
  auto prob_shape = make_shape(M, N, K);
  auto dA = make_stride(K, Int<1>{});
  auto dB = make_stride(K, Int<1>{});
  auto dC = make_stride(Int<1>{}, M);
  auto bM = Int<BM>{}; auto bN = Int<BN>{}; auto bK = Int<BK>{};
  auto cta_tiler = make_shape(bM, bN, bK);
  auto bP = Int<BP>{};
  auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
  auto sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<TB>{}, make_shape(bN,bK,bP));
  TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{});
  CUTEDUMP_TRY( wgt_dump<TA>(prob_shape, cta_tiler, dA, dB, dC, sA, sB, tiled_mma, t); );
}
"""
)


def _size(v) -> str:
    """A problem size: "512" (int, the tutorial's) or "_512" (Int<512>)."""
    s = str(v)
    return f"Int<{s[1:]}>{{}}" if s.startswith("_") else f"int({s})"


def case(variant: str, tile: tuple[int, int, int, int], mnk: tuple, thread: int) -> str:
    """One dump of wgmma_tma_sm90.cu, variant nt or tn, CTA tile (bM, bN, bK, bP); M, N, K as ints or "_512"."""
    bm, bn, bk, bp = tile
    m, n, k = (_size(x) for x in mnk)
    return f"  wgt_{variant}<{bm},{bn},{bk},{bp}>({m}, {n}, {k}, {thread});"
