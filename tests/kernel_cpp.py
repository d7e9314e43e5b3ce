"""sgemm_sm70.cu's and sgemm_2.cu's objects built by real CuTe, host only: the kernels' host code (gemm_nt /
gemm_tn for float) and gemm_device's tensors and partitions of one thread of block (0,0), over null pointers,
printed as `cutedump kernel <example> --no-readings` prints them (the shipped descriptions
cutedump/kernel/examples/sgemm_sm70_*.toml, sgemm_2_*.toml).

The construction is the tutorials' (CUTLASS 4.2, examples/cute/tutorial/sgemm_sm70.cu and sgemm_2.cu) line for
line; their host code is the same, their device code differs only in the register fragments tCrA/tCrB
(sgemm_sm70 copies smem to registers; sgemm_2's gemm reads tCsA/tCsB from smem). Only the printing is ours:
``name: value`` with CuTe's ``print``, TiledCopy/TiledMMA blocks under a ``name:`` line, tensors as
``print(tensor.layout())``.
"""

from __future__ import annotations

from tests.oracle.cute import PRELUDE as BASE_PRELUDE

PRELUDE = (
    "#include <string>\n"
    + BASE_PRELUDE
    + r"""
template <class T> static void line(const char* name, T const& v) { printf("%s: ", name); print(v); printf("\n"); }
template <class T> static void block(const char* name, T const& v) { printf("%s:\n", name); print(v); }

// host objects, then gemm_device's tensors and partitions for block (0,0), thread t (pointers are null)
template <bool SM70, class TA, class Prob, class Tiler, class DA, class DB, class DC, class SA, class SB, class SC,
          class CopyA, class CopyB, class Mma>
static void tut_dump(Prob shape_MNK, Tiler cta_tiler, DA dA, DB dB, DC dC, SA sA_layout, SB sB_layout,
                     SC sC_layout, CopyA copy_a, CopyB copy_b, Mma mma, int t)
{
  using TB = TA; using TC = TA;
  line("prob_shape", shape_MNK);
  line("dA", dA); line("dB", dB); line("dC", dC);
  line("cta_tiler", cta_tiler);
  line("sA_layout", sA_layout); line("sB_layout", sB_layout); line("sC_layout", sC_layout);
  block("copyA", copy_a);
  block("copyB", copy_b);
  block("mmaC", mma);
  line("thr_layout_vmnk", mma.get_thr_layout_vmnk());
  line("layoutA_TV", mma.get_layoutA_TV());
  line("layoutB_TV", mma.get_layoutB_TV());
  line("layoutC_TV", mma.get_layoutC_TV());
  line("copyA layout S_TV", copy_a.get_layoutS_TV());
  line("copyA layout D_TV", copy_a.get_layoutD_TV());

  TA const* A = nullptr; TB const* B = nullptr; TC* C = nullptr;
  Tensor mA = make_tensor(make_gmem_ptr(A), select<0,2>(shape_MNK), dA); // (M,K)
  Tensor mB = make_tensor(make_gmem_ptr(B), select<1,2>(shape_MNK), dB); // (N,K)
  Tensor mC = make_tensor(make_gmem_ptr(C), select<0,1>(shape_MNK), dC); // (M,N)
  auto cta_coord = make_coord(0, 0, _);                                  // (m,n,k)
  Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});    // (BLK_M,BLK_K,k)
  Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});    // (BLK_N,BLK_K,k)
  Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{});    // (BLK_M,BLK_N)
  Tensor sA = make_tensor(make_smem_ptr((TA*)nullptr), sA_layout);       // (BLK_M,BLK_K)
  Tensor sB = make_tensor(make_smem_ptr((TB*)nullptr), sB_layout);       // (BLK_N,BLK_K)
  ThrCopy thr_copy_a = copy_a.get_slice(t);
  Tensor tAgA = thr_copy_a.partition_S(gA);                              // (CPY,CPY_M,CPY_K,k)
  Tensor tAsA = thr_copy_a.partition_D(sA);                              // (CPY,CPY_M,CPY_K)
  Tensor tArA = make_fragment_like(tAsA);                                // (CPY,CPY_M,CPY_K)
  ThrCopy thr_copy_b = copy_b.get_slice(t);
  Tensor tBgB = thr_copy_b.partition_S(gB);                              // (CPY,CPY_N,CPY_K,k)
  Tensor tBsB = thr_copy_b.partition_D(sB);                              // (CPY,CPY_N,CPY_K)
  Tensor tBrB = make_fragment_like(tBsB);                                // (CPY,CPY_N,CPY_K)
  ThrMMA thr_mma = mma.get_slice(t);
  Tensor tCsA = thr_mma.partition_A(sA);                                 // (MMA,MMA_M,MMA_K)
  Tensor tCsB = thr_mma.partition_B(sB);                                 // (MMA,MMA_N,MMA_K)
  Tensor tCgC = thr_mma.partition_C(gC);                                 // (MMA,MMA_M,MMA_N)
  Tensor tCrC = thr_mma.make_fragment_C(tCgC);                           // (MMA,MMA_M,MMA_N)

  printf("\n");
  line("thread", t);
  line("mA", mA.layout()); line("gA", gA.layout()); line("sA", sA.layout());
  line("tAgA", tAgA.layout()); line("tAsA", tAsA.layout()); line("tArA", tArA.layout());
  line("mB", mB.layout()); line("gB", gB.layout()); line("sB", sB.layout());
  line("tBgB", tBgB.layout()); line("tBsB", tBsB.layout()); line("tBrB", tBrB.layout());
  line("mC", mC.layout()); line("gC", gC.layout());
  line("tCsA", tCsA.layout()); line("tCsB", tCsB.layout()); line("tCgC", tCgC.layout());
  if constexpr (SM70) {
    Tensor tCrA = thr_mma.make_fragment_A(tCsA);                         // (MMA,MMA_M,MMA_K)
    Tensor tCrB = thr_mma.make_fragment_B(tCsB);                         // (MMA,MMA_N,MMA_K)
    line("tCrA", tCrA.layout()); line("tCrB", tCrB.layout());
  }
  line("tCrC", tCrC.layout());
}

// gemm_nt<float,float,float> (sgemm_sm70.cu / sgemm_2.cu), main()'s ldA = M, ldB = N, ldC = M
template <bool SM70, int BM, int BN, int BK>
static void tut_nt(int m, int n, int k, int t)
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
  auto sA = make_layout(make_shape(bM, bK));
  auto sB = make_layout(make_shape(bN, bK));
  auto sC = make_layout(make_shape(bM, bN));
  TiledCopy copyA = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, TA>{},
                                    Layout<Shape<_32,_8>>{}, Layout<Shape< _4,_1>>{});
  TiledCopy copyB = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, TB>{},
                                    Layout<Shape<_32,_8>>{}, Layout<Shape< _4,_1>>{});
  TiledMMA mmaC = make_tiled_mma(UniversalFMA<TC,TA,TB>{}, Layout<Shape<_16,_16,_1>>{});
  tut_dump<SM70, TA>(prob_shape, cta_tiler, dA, dB, dC, sA, sB, sC, copyA, copyB, mmaC, t);
}

// gemm_tn<float,float,float> (sgemm_sm70.cu / sgemm_2.cu), main()'s ldA = K, ldB = K, ldC = M
template <bool SM70, int BM, int BN, int BK>
static void tut_tn(int m, int n, int k, int t)
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
  auto sA = make_layout(make_shape (      bM,          bK),
                        make_stride(Int<1>{}, bM+Int<1>{}));
  auto sB = make_layout(make_shape (      bN,          bK),
                        make_stride(Int<1>{}, bN+Int<1>{}));
  auto sC = make_layout(make_shape(bM, bN));
  TiledCopy copyA = make_tiled_copy(Copy_Atom<UniversalCopy<TA>, TA>{},
                                    Layout<Shape<_32,_8>,Stride<_8,_1>>{}, Layout<Shape< _1,_1>>{});
  TiledCopy copyB = make_tiled_copy(Copy_Atom<UniversalCopy<TB>, TB>{},
                                    Layout<Shape<_32,_8>,Stride<_8,_1>>{}, Layout<Shape< _1,_1>>{});
  TiledMMA mmaC = make_tiled_mma(UniversalFMA<TC,TA,TB>{}, Layout<Shape<_16,_16,_1>>{});
  tut_dump<SM70, TA>(prob_shape, cta_tiler, dA, dB, dC, sA, sB, sC, copyA, copyB, mmaC, t);
}


// print_latex of the objects `cutedump kernel --dump-latex` draws: sA (rank 2), copyA, copyB, mmaC
template <class SA, class CopyA, class CopyB, class Mma>
static void tut_latex(const char* what, SA sA, CopyA copyA, CopyB copyB, Mma mmaC)
{
  std::string w = what;
  if (w == "sA") print_latex(sA);
  if (w == "copyA") print_latex(copyA);
  if (w == "copyB") print_latex(copyB);
  if (w == "mmaC") print_latex(mmaC);
}

static void tut_nt_latex(const char* what)
{
  using TA = float;
  auto sA = make_layout(make_shape(Int<128>{}, Int<8>{}));
  TiledCopy copyA = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, TA>{},
                                    Layout<Shape<_32,_8>>{}, Layout<Shape< _4,_1>>{});
  TiledMMA mmaC = make_tiled_mma(UniversalFMA<TA,TA,TA>{}, Layout<Shape<_16,_16,_1>>{});
  tut_latex(what, sA, copyA, copyA, mmaC);
}

static void tut_tn_latex(const char* what)
{
  using TA = float;
  auto sA = make_layout(make_shape(Int<128>{}, Int<8>{}), make_stride(Int<1>{}, Int<128>{}+Int<1>{}));
  TiledCopy copyA = make_tiled_copy(Copy_Atom<UniversalCopy<TA>, TA>{},
                                    Layout<Shape<_32,_8>,Stride<_8,_1>>{}, Layout<Shape< _1,_1>>{});
  TiledMMA mmaC = make_tiled_mma(UniversalFMA<TA,TA,TA>{}, Layout<Shape<_16,_16,_1>>{});
  tut_latex(what, sA, copyA, copyA, mmaC);
}
"""
)


LATEX_NAMES = ("sA", "copyA", "copyB", "mmaC")


def latex_case(variant: str, what: str) -> str:
    """print_latex of one object of the default-tile NT/TN host path."""
    return f'  tut_{variant}_latex("{what}");'


def case(kernel: str, variant: str, tile: tuple[int, int, int], mnk: tuple[int, int, int], thread: int) -> str:
    """One dump: kernel sgemm_sm70 or sgemm_2, variant nt or tn."""
    sm70 = {"sgemm_sm70": "true", "sgemm_2": "false"}[kernel]
    bm, bn, bk = tile
    m, n, k = mnk
    return f"  tut_{variant}<{sm70},{bm},{bn},{bk}>({m}, {n}, {k}, {thread});"
