"""sgemm_sm80.cu's objects built by real CuTe, host only: the kernel's host code (gemm_tn / gemm_nt) and the
partitions of gemm_device for one thread, over null gmem/smem pointers, printed as `cutedump sgemm-sm80
--dump-layouts --no-readings` prints them.

The object construction below is sgemm_sm80.cu's (CUTLASS 4.2, examples/cute/tutorial/sgemm_sm80.cu) line for
line; only the printing is ours: ``name: value`` with CuTe's ``print`` of the value, TiledCopy/TiledMMA blocks under
a ``name:`` line, tensors as ``print(tensor.layout())``, and the ldmatrix block in 001_def41a443f4b8bf4.txt's
format (its sample table: ``idx2crd(src2ref(tid, v), shape(ValLayoutRef))`` for tids 0, 8, 16, 24).
"""

from __future__ import annotations

from tests.oracle.cute import PRELUDE as BASE_PRELUDE

PRELUDE = (
    BASE_PRELUDE
    + r"""
template <class T> static void line(const char* name, T const& v) { printf("%s: ", name); print(v); printf("\n"); }
template <class T> static void block(const char* name, T const& v) { printf("%s:\n", name); print(v); }

template <class Atom>
static void ldmatrix_block(Atom const&) {
  using Src = typename Atom::ValLayoutSrc;
  using Dst = typename Atom::ValLayoutDst;
  using Ref = typename Atom::ValLayoutRef;
  printf("\n");
  line("ldmatrix ValLayoutSrc (thr,val)->offset", Src{});
  line("ldmatrix ValLayoutDst (thr,val)->offset", Dst{});
  line("ldmatrix ValLayoutRef (thr,val)->offset", Ref{});
  printf("\n");
  auto src2ref = right_inverse(Ref{}).compose(Src{});
  auto dst2ref = right_inverse(Ref{}).compose(Dst{});
  line("ldmatrix src2ref (src_tv->ref_tv)", src2ref);
  line("ldmatrix dst2ref (dst_tv->ref_tv)", dst2ref);
  printf("\n");
  printf("ldmatrix src2ref samples (src_tid,src_vid)->(ref_tid,(lane,reg)):\n");
  for (int tid = 0; tid < 32; tid += 8) {
    printf("  tid %2d :", tid);
    for (int v = 0; v < int(size<1>(src2ref)); ++v) {
      auto c = idx2crd(int(src2ref(tid, v)), shape(Ref{}));
      printf(" (%2d,(%d,%d))", int(get<0>(c)), int(get<1,0>(c)), int(get<1,1>(c)));
    }
    printf("\n");
  }
}

// gemm_device's tensors and partitions for block (0,0), thread t (host only: pointers are null).
template <class ProblemShape, class CtaTiler, class TA, class AStride, class ASmemLayout, class TiledCopyA,
          class S2RAtomA, class TB, class BStride, class BSmemLayout, class TiledCopyB, class S2RAtomB,
          class TC, class CStride, class TiledMma>
static void device_dump(ProblemShape shape_MNK, CtaTiler cta_tiler,
                        AStride dA, ASmemLayout sA_layout, TiledCopyA copy_a, S2RAtomA s2r_atom_a,
                        BStride dB, BSmemLayout sB_layout, TiledCopyB copy_b, S2RAtomB s2r_atom_b,
                        CStride dC, TiledMma mma, int t)
{
  TA const* A = nullptr; TB const* B = nullptr; TC* C = nullptr;
  Tensor mA = make_tensor(make_gmem_ptr(A), select<0,2>(shape_MNK), dA); // (M,K)
  Tensor mB = make_tensor(make_gmem_ptr(B), select<1,2>(shape_MNK), dB); // (N,K)
  Tensor mC = make_tensor(make_gmem_ptr(C), select<0,1>(shape_MNK), dC); // (M,N)
  auto cta_coord = make_coord(0, 0, _);                                  // (m,n,k)
  Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});    // (BLK_M,BLK_K,k)
  Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});    // (BLK_N,BLK_K,k)
  Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{});    // (BLK_M,BLK_N)
  Tensor sA = make_tensor(make_smem_ptr((TA*)nullptr), sA_layout);       // (BLK_M,BLK_K,PIPE)
  Tensor sB = make_tensor(make_smem_ptr((TB*)nullptr), sB_layout);       // (BLK_N,BLK_K,PIPE)
  ThrCopy thr_copy_a = copy_a.get_slice(t);
  Tensor tAgA = thr_copy_a.partition_S(gA);                              // (CPY,CPY_M,CPY_K,k)
  Tensor tAsA = thr_copy_a.partition_D(sA);                              // (CPY,CPY_M,CPY_K,PIPE)
  ThrCopy thr_copy_b = copy_b.get_slice(t);
  Tensor tBgB = thr_copy_b.partition_S(gB);                              // (CPY,CPY_N,CPY_K,k)
  Tensor tBsB = thr_copy_b.partition_D(sB);                              // (CPY,CPY_N,CPY_K,PIPE)
  ThrMMA thr_mma = mma.get_slice(t);
  Tensor tCgC = thr_mma.partition_C(gC);                                 // (MMA,MMA_M,MMA_N)
  Tensor tCrA = thr_mma.partition_fragment_A(sA(_,_,0));                 // (MMA,MMA_M,MMA_K)
  Tensor tCrB = thr_mma.partition_fragment_B(sB(_,_,0));                 // (MMA,MMA_N,MMA_K)
  Tensor tCrC = thr_mma.make_fragment_C(tCgC);                           // (MMA,MMA_M,MMA_N)
  TiledCopy s2r_copy_a = make_tiled_copy_A(s2r_atom_a, mma);
  ThrCopy   s2r_thr_copy_a = s2r_copy_a.get_slice(t);
  Tensor tXsA = s2r_thr_copy_a.partition_S(sA);                          // (CPY,MMA_M,MMA_K,PIPE)
  Tensor tXrA = s2r_thr_copy_a.retile_D(tCrA);                           // (CPY,MMA_M,MMA_K)
  TiledCopy s2r_copy_b = make_tiled_copy_B(s2r_atom_b, mma);
  ThrCopy   s2r_thr_copy_b = s2r_copy_b.get_slice(t);
  Tensor tXsB = s2r_thr_copy_b.partition_S(sB);                          // (CPY,MMA_N,MMA_K,PIPE)
  Tensor tXrB = s2r_thr_copy_b.retile_D(tCrB);                           // (CPY,MMA_N,MMA_K)

  block("s2r_copy_a", s2r_copy_a);
  block("s2r_copy_b", s2r_copy_b);
  if constexpr (is_same_v<S2RAtomA, Copy_Atom<SM75_U32x4_LDSM_N, half_t>>) ldmatrix_block(s2r_atom_a);
  printf("\n");
  line("thread", t);
  line("mA", mA.layout()); line("gA", gA.layout()); line("sA", sA.layout());
  line("tAgA", tAgA.layout()); line("tAsA", tAsA.layout());
  line("mB", mB.layout()); line("gB", gB.layout()); line("sB", sB.layout());
  line("tBgB", tBgB.layout()); line("tBsB", tBsB.layout());
  line("mC", mC.layout()); line("gC", gC.layout()); line("tCgC", tCgC.layout());
  line("tCrA", tCrA.layout()); line("tCrB", tCrB.layout()); line("tCrC", tCrC.layout());
  line("tXsA", tXsA.layout()); line("tXrA", tXrA.layout());
  line("tXsB", tXsB.layout()); line("tXrB", tXrB.layout());
}

template <class Prob, class Tiler, class DA, class DB, class DC, class Atom, class SA, class SB, class SC,
          class CopyA, class CopyB, class Mma>
static void host_dump(Prob prob_shape, Tiler cta_tiler, DA dA, DB dB, DC dC, const char* atom_name, Atom atom,
                      SA sA, SB sB, SC sC, CopyA copyA, CopyB copyB, Mma mmaC)
{
  line("prob_shape", prob_shape);
  line("dA", dA); line("dB", dB); line("dC", dC);
  line("cta_tiler", cta_tiler);
  if (atom_name) line(atom_name, atom);
  line("sA_layout", sA); line("sB_layout", sB); line("sC_layout", sC);
  block("copyA", copyA);
  block("copyB", copyB);
  block("mmaC", mmaC);
  line("thr_layout_vmnk", mmaC.get_thr_layout_vmnk());
  line("layoutA_TV", mmaC.get_layoutA_TV());
  line("layoutB_TV", mmaC.get_layoutB_TV());
  line("layoutC_TV", mmaC.get_layoutC_TV());
  line("copyA layout S_TV", copyA.get_layoutS_TV());
  line("copyA layout D_TV", copyA.get_layoutD_TV());
}

// gemm_tn for half_t (sgemm_sm80.cu), CTA tile BM x BN x BK
template <int BM, int BN, int BK>
static void dump_tn_half(int m, int n, int k, int t)
{
  auto M = int(m); auto N = int(n); auto K = int(k);
  int ldA = k, ldB = k, ldC = m;
  auto prob_shape = make_shape(M, N, K);
  auto dA = make_stride(ldA, Int<1>{});
  auto dB = make_stride(ldB, Int<1>{});
  auto dC = make_stride(Int<1>{}, ldC);
  auto bM = Int<BM>{}; auto bN = Int<BN>{}; auto bK = Int<BK>{};
  auto cta_tiler = make_shape(bM, bN, bK);
  auto bP = Int<3>{};
  auto swizzle_atom = composition(Swizzle<3,3,3>{},
                                  Layout<Shape <_8,Shape <_8, _8>>,
                                         Stride<_8,Stride<_1,_64>>>{});
  auto sA = tile_to_shape(swizzle_atom, make_shape(bM,bK,bP));
  auto sB = tile_to_shape(swizzle_atom, make_shape(bN,bK,bP));
  auto sC = make_layout(make_shape(bM, bN));
  TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, cute::half_t>{},
                                    Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape< _1,_8>>{});
  TiledCopy copyB = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, cute::half_t>{},
                                    Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape< _1,_8>>{});
  TiledMMA mmaC = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{});
  Copy_Atom<SM75_U32x4_LDSM_N, half_t> s2r_atom_A;
  Copy_Atom<SM75_U32x4_LDSM_N, half_t> s2r_atom_B;
  host_dump(prob_shape, cta_tiler, dA, dB, dC, "swizzle_atom", swizzle_atom, sA, sB, sC, copyA, copyB, mmaC);
  device_dump<decltype(prob_shape), decltype(cta_tiler), half_t, decltype(dA), decltype(sA), decltype(copyA),
              decltype(s2r_atom_A), half_t, decltype(dB), decltype(sB), decltype(copyB), decltype(s2r_atom_B),
              half_t>(prob_shape, cta_tiler, dA, sA, copyA, s2r_atom_A, dB, sB, copyB, s2r_atom_B, dC, mmaC, t);
}

// gemm_nt<float,float,float> (sgemm_sm80.cu), CTA tile BM x BN x BK
template <int BM, int BN, int BK>
static void dump_nt_float(int m, int n, int k, int t)
{
  using TA = float; using TB = float; using TC = float;
  auto M = int(m); auto N = int(n); auto K = int(k);
  int ldA = m, ldB = n, ldC = m;
  auto prob_shape = make_shape(M, N, K);
  auto dA = make_stride(Int<1>{}, ldA);
  auto dB = make_stride(Int<1>{}, ldB);
  auto dC = make_stride(Int<1>{}, ldC);
  auto bM = Int<BM>{}; auto bN = Int<BN>{}; auto bK = Int<BK>{};
  auto cta_tiler = make_shape(bM, bN, bK);
  auto bP = Int<3>{};
  auto sA = make_layout(make_shape(bM, bK, bP));
  auto sB = make_layout(make_shape(bN, bK, bP));
  auto sC = make_layout(make_shape(bM, bN));
  TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TA>{},
                                    Layout<Shape<_32,_8>>{}, Layout<Shape< _4,_1>>{});
  TiledCopy copyB = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TB>{},
                                    Layout<Shape<_32,_8>>{}, Layout<Shape< _4,_1>>{});
  TiledMMA mmaC = make_tiled_mma(UniversalFMA<TC,TA,TB>{}, Layout<Shape<_16,_16,_1>>{});
  Copy_Atom<AutoVectorizingCopy, TA> s2r_atom_A;
  Copy_Atom<AutoVectorizingCopy, TB> s2r_atom_B;
  host_dump(prob_shape, cta_tiler, dA, dB, dC, nullptr, 0, sA, sB, sC, copyA, copyB, mmaC);
  device_dump<decltype(prob_shape), decltype(cta_tiler), TA, decltype(dA), decltype(sA), decltype(copyA),
              decltype(s2r_atom_A), TB, decltype(dB), decltype(sB), decltype(copyB), decltype(s2r_atom_B),
              TC>(prob_shape, cta_tiler, dA, sA, copyA, s2r_atom_A, dB, sB, copyB, s2r_atom_B, dC, mmaC, t);
}

// gemm_tn<float,float,float> (sgemm_sm80.cu), CTA tile BM x BN x BK
template <int BM, int BN, int BK>
static void dump_tn_float(int m, int n, int k, int t)
{
  using TA = float; using TB = float; using TC = float;
  auto M = int(m); auto N = int(n); auto K = int(k);
  int ldA = k, ldB = k, ldC = m;
  auto prob_shape = make_shape(M, N, K);
  auto dA = make_stride(ldA, Int<1>{});
  auto dB = make_stride(ldB, Int<1>{});
  auto dC = make_stride(Int<1>{}, ldC);
  auto bM = Int<BM>{}; auto bN = Int<BN>{}; auto bK = Int<BK>{};
  auto cta_tiler = make_shape(bM, bN, bK);
  auto bP = Int<3>{};
  auto sA_atom = make_layout(make_shape(bM, bK), make_stride(Int<1>{}, bM+Int<1>{}));
  auto sA = tile_to_shape(sA_atom, make_shape(bM, bK, bP));
  auto sB = tile_to_shape(sA_atom, make_shape(bN, bK, bP));
  auto sC = make_layout(make_shape(bM, bN));
  TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<TA>, TA>{},
                                    Layout<Shape<_32,_8>,Stride<_8,_1>>{}, Layout<Shape< _1,_1>>{});
  TiledCopy copyB = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<TB>, TB>{},
                                    Layout<Shape<_32,_8>,Stride<_8,_1>>{}, Layout<Shape< _1,_1>>{});
  TiledMMA mmaC = make_tiled_mma(UniversalFMA<TC,TA,TB>{}, Layout<Shape<_16,_16,_1>>{});
  Copy_Atom<AutoVectorizingCopy, TA> s2r_atom_A;
  Copy_Atom<AutoVectorizingCopy, TB> s2r_atom_B;
  host_dump(prob_shape, cta_tiler, dA, dB, dC, "sA_atom", sA_atom, sA, sB, sC, copyA, copyB, mmaC);
  device_dump<decltype(prob_shape), decltype(cta_tiler), TA, decltype(dA), decltype(sA), decltype(copyA),
              decltype(s2r_atom_A), TB, decltype(dB), decltype(sB), decltype(copyB), decltype(s2r_atom_B),
              TC>(prob_shape, cta_tiler, dA, sA, copyA, s2r_atom_A, dB, sB, copyB, s2r_atom_B, dC, mmaC, t);
}
"""
)

FUNCS = {("tn", "half_t"): "dump_tn_half", ("nt", "float"): "dump_nt_float", ("tn", "float"): "dump_tn_float"}


def case(variant: str, type_: str, tile: tuple[int, int, int], mnk: tuple[int, int, int], thread: int) -> str:
    bm, bn, bk = tile
    m, n, k = mnk
    return f"  {FUNCS[(variant, type_)]}<{bm},{bn},{bk}>({m}, {n}, {k}, {thread});"
