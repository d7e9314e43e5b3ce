"""wgmma_sm90.cu's objects built by real CuTe, host only: the Hopper tutorial's host code (gemm_nt / gemm_tn for
half_t) and gemm_device's tensors and partitions of one thread of block (0,0), over null pointers, printed as
`cutedump kernel wgmma_sm90_<nt|tn> --no-readings` prints them.

The construction is the tutorial's (CUTLASS 4.2, examples/cute/tutorial/hopper/wgmma_sm90.cu) line for line;
only the printing is ours (the same ``name: value`` lines as tests/kernel_cpp.py: tensors as
``print(tensor.layout())``). The smem tensors are made over a GMMA layout whose offset is an smem_ptr_flag: CuTe
moves its swizzle into the pointer, so ``sA.layout()`` is the plain layout; the copy partitions are of
``as_position_independent_swizzle_tensor(sA)``; tCrA/tCrB are GMMA descriptor tensors (their layout counts
descriptors), and ``tCrA(0)``/``tCrB(0)`` are the k-block-0 descriptors as raw 64-bit values.
"""

from __future__ import annotations

from tests.oracle.cute import PRELUDE as BASE_PRELUDE

PRELUDE = (
    "#include <cute/atom/mma_traits_sm90_gmma.hpp>\n"
    + BASE_PRELUDE
    + r"""
template <class T> static void line(const char* name, T const& v) { printf("%s: ", name); print(v); printf("\n"); }
template <class T> static void block(const char* name, T const& v) { printf("%s:\n", name); print(v); }

template <class TA, class Prob, class Tiler, class DA, class DB, class DC, class SA, class SB,
          class CopyA, class CopyB, class Mma>
static void wg_dump(Prob shape_MNK, Tiler cta_tiler, DA dA, DB dB, DC dC, SA sA_layout, SB sB_layout,
                    CopyA copy_a, CopyB copy_b, Mma mma, int t)
{
  using TB = TA; using TC = TA;
  line("prob_shape", shape_MNK);
  line("dA", dA); line("dB", dB); line("dC", dC);
  line("cta_tiler", cta_tiler);
  line("sA_layout", sA_layout); line("sB_layout", sB_layout);
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
  Tensor sA = make_tensor(make_smem_ptr((TA*)nullptr), sA_layout);       // (BLK_M,BLK_K,PIPE)
  Tensor sB = make_tensor(make_smem_ptr((TB*)nullptr), sB_layout);       // (BLK_N,BLK_K,PIPE)
  ThrCopy thr_copy_a = copy_a.get_slice(t);
  Tensor tAgA = thr_copy_a.partition_S(gA);                              // (CPY,CPY_M,CPY_K,k)
  Tensor sA_ = as_position_independent_swizzle_tensor(sA);
  Tensor tAsA = thr_copy_a.partition_D(sA_);                             // (CPY,CPY_M,CPY_K,PIPE)
  ThrCopy thr_copy_b = copy_b.get_slice(t);
  Tensor tBgB = thr_copy_b.partition_S(gB);                              // (CPY,CPY_N,CPY_K,k)
  Tensor sB_ = as_position_independent_swizzle_tensor(sB);
  Tensor tBsB = thr_copy_b.partition_D(sB_);                             // (CPY,CPY_N,CPY_K,PIPE)
  ThrMMA thr_mma = mma.get_slice(t);
  Tensor tCsA = thr_mma.partition_A(sA);                                 // (MMA,MMA_M,MMA_K,PIPE)
  Tensor tCsB = thr_mma.partition_B(sB);                                 // (MMA,MMA_N,MMA_K,PIPE)
  Tensor tCgC = thr_mma.partition_C(gC);                                 // (MMA,MMA_M,MMA_N)
  Tensor tCrA = thr_mma.make_fragment_A(tCsA);                           // (MMA,MMA_M,MMA_K,PIPE)
  Tensor tCrB = thr_mma.make_fragment_B(tCsB);                           // (MMA,MMA_N,MMA_K,PIPE)
  Tensor tCrC = thr_mma.make_fragment_C(tCgC);                           // (MMA,MMA_M,MMA_N)

  printf("\n");
  line("thread", t);
  line("mA", mA.layout()); line("gA", gA.layout()); line("sA", sA.layout());
  line("tAgA", tAgA.layout()); line("tAsA", tAsA.layout());
  line("mB", mB.layout()); line("gB", gB.layout()); line("sB", sB.layout());
  line("tBgB", tBgB.layout()); line("tBsB", tBsB.layout());
  line("mC", mC.layout()); line("gC", gC.layout());
  line("tCsA", tCsA.layout()); line("tCsB", tCsB.layout()); line("tCgC", tCgC.layout());
  line("tCrA", tCrA.layout()); line("tCrB", tCrB.layout());
  line("tCrC", tCrC.layout());
  printf("tCrA(0): 0x%016llx\n", (unsigned long long) uint64_t(tCrA(0)));
  printf("tCrB(0): 0x%016llx\n", (unsigned long long) uint64_t(tCrB(0)));
}

// gemm_nt<half_t> (wgmma_sm90.cu): ldA = M, ldB = N, ldC = M
template <int BM, int BN, int BK, int BP>
static void wg_nt(int m, int n, int k, int t)
{
  using TA = half_t; using TB = half_t;
  auto M = int(m); auto N = int(n); auto K = int(k);
  int ldA = m, ldB = n, ldC = m;
  auto prob_shape = make_shape(M, N, K);
  auto dA = make_stride(Int<1>{}, ldA);
  auto dB = make_stride(Int<1>{}, ldB);
  auto dC = make_stride(Int<1>{}, ldC);
  auto bM = Int<BM>{}; auto bN = Int<BN>{}; auto bK = Int<BK>{};
  auto cta_tiler = make_shape(bM, bN, bK);
  auto bP = Int<BP>{};
  auto sA = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
  auto sB = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TB>{}, make_shape(bN,bK,bP));
  TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TA>{},
                                    Layout<Shape<_16,_8>>{}, Layout<Shape< _8,_1>>{});
  TiledCopy copyB = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TB>{},
                                    Layout<Shape<_16,_8>>{}, Layout<Shape< _8,_1>>{});
  TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>{});
  wg_dump<TA>(prob_shape, cta_tiler, dA, dB, dC, sA, sB, copyA, copyB, tiled_mma, t);
}

// gemm_tn<half_t> (wgmma_sm90.cu): ldA = K, ldB = K, ldC = M
template <int BM, int BN, int BK, int BP>
static void wg_tn(int m, int n, int k, int t)
{
  using TA = half_t; using TB = half_t;
  auto M = int(m); auto N = int(n); auto K = int(k);
  int ldA = k, ldB = k, ldC = m;
  auto prob_shape = make_shape(M, N, K);
  auto dA = make_stride(ldA, Int<1>{});
  auto dB = make_stride(ldB, Int<1>{});
  auto dC = make_stride(Int<1>{}, ldC);
  auto bM = Int<BM>{}; auto bN = Int<BN>{}; auto bK = Int<BK>{};
  auto cta_tiler = make_shape(bM, bN, bK);
  auto bP = Int<BP>{};
  auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
  auto sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<TB>{}, make_shape(bN,bK,bP));
  TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TA>{},
                                    Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape< _1,_8>>{});
  TiledCopy copyB = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TB>{},
                                    Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape< _1,_8>>{});
  TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{});
  wg_dump<TA>(prob_shape, cta_tiler, dA, dB, dC, sA, sB, copyA, copyB, tiled_mma, t);
}
"""
)


def case(variant: str, tile: tuple[int, int, int, int], mnk: tuple[int, int, int], thread: int) -> str:
    """One dump of wgmma_sm90.cu, variant nt or tn, CTA tile (bM, bN, bK, bP)."""
    bm, bn, bk, bp = tile
    m, n, k = mnk
    return f"  wg_{variant}<{bm},{bn},{bk},{bp}>({m}, {n}, {k}, {thread});"


LATEX_NAMES = ("sA", "copyA", "copyB", "mmaC")

_LATEX_OBJECTS = {
    "tn": dict(
        atom="GMMA::Layout_K_SW128_Atom<half_t>",
        thr="Layout<Shape<_16,_8>,Stride<_8,_1>>{}",
        val="Layout<Shape< _1,_8>>{}",
        major="GMMA::Major::K",
    ),
    "nt": dict(
        atom="GMMA::Layout_MN_SW128_Atom<half_t>",
        thr="Layout<Shape<_16,_8>>{}",
        val="Layout<Shape< _8,_1>>{}",
        major="GMMA::Major::MN",
    ),
}


def latex_case(variant: str, what: str) -> str:
    """print_latex of one object of the default-tile host path (what `cutedump kernel --dump-latex` writes):
    the smem layout's pipe stage 0, the G2S copies, the TiledMMA."""
    o = _LATEX_OBJECTS[variant]
    if what == "sA":
        return (
            f"  auto sA = tile_to_shape({o['atom']}{{}}, make_shape(Int<128>{{}},Int<64>{{}},Int<3>{{}}));\n"
            "  print_latex(sA(_,_,0));"
        )
    if what in ("copyA", "copyB"):
        return (
            f"  print_latex(make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{{}}, "
            f"{o['thr']}, {o['val']}));"
        )
    return f"  print_latex(make_tiled_mma(SM90_64x64x16_F16F16F16_SS<{o['major']},{o['major']}>{{}}));"
