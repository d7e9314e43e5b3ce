"""The Blackwell tutorials' objects built by real CuTe, host only (CUTLASS 4.2, examples/cute/tutorial/blackwell/
01_mma_sm100.cu ...): the host code of gemm_host_f16xf16_f32_f32_tnt and gemm_device's tensors and partitions of
one thread of CTA (0,0), over null pointers, printed as `cutedump kernel sm100_0X_... --no-readings` prints them.

The construction is the tutorial's line for line (blockIdx = (0,0), threadIdx.x = t); only the printing is ours
(the ``name: value`` lines of tests/kernel_cpp.py: tensors as ``print(tensor.layout())``, TiledMMA/TiledCopy as a
``name:`` line and CuTe's print block). The tutorial's own error returns (the MMA tile and problem-size checks) print
one ``error: ...`` line with its message. Besides the dump, each program prints the k-block-0 UMMA descriptors as
``tCrA(0): 0x...`` lines (cutedump reports them in its readings and JSON) and CuTe's host-only noise
``ERROR: cast_smem_ptr_to_uint not supported but used.``; tests/test_kernel_sm100.py's split_cute separates them.
"""
from __future__ import annotations

from tests.oracle.cute import PRELUDE as BASE_PRELUDE

PRELUDE = ("#include <cute/atom/mma_traits_sm100.hpp>\n#include <cute/atom/copy_traits_sm100.hpp>\n"
           "#include <cute/arch/tmem_allocator_sm100.hpp>\n" + BASE_PRELUDE + r'''
template <class T> static void line(const char* name, T const& v) { printf("%s: ", name); print(v); printf("\n"); }
template <class T> static void block(const char* name, T const& v) { printf("%s:\n", name); print(v); }
template <class T> static void desc0(const char* name, T const& frag) {
  printf("%s(0): 0x%016llx\n", name, (unsigned long long) frag(0).desc_);
}

// 01_mma_sm100.cu: gemm_host_f16xf16_f32_f32_tnt (main()'s K-major A, B and N-major C, D) and gemm_device for
// CTA (0,0), thread t. MM, MN: the tcgen05.mma M and N; KM: MMAs per MMA tile K (the tutorial's Int<4>).
template <int MM, int MN, int KM>
static void bw01(int Gemm_M, int Gemm_N, int Gemm_K, int t)
{
  using TypeA = cutlass::half_t; using TypeB = cutlass::half_t; using TypeC = float; using TypeD = float;
  Layout layout_A = make_layout(make_shape (Gemm_M, Gemm_K), make_stride(Gemm_K, Int<1>{}));
  Layout layout_B = make_layout(make_shape (Gemm_N, Gemm_K), make_stride(Gemm_K, Int<1>{}));
  Layout layout_C = make_layout(make_shape (Gemm_M, Gemm_N), make_stride(Gemm_N, Int<1>{}));
  Layout layout_D = make_layout(make_shape (Gemm_M, Gemm_N), make_stride(Gemm_N, Int<1>{}));
  line("layout_A", layout_A); line("layout_B", layout_B); line("layout_C", layout_C); line("layout_D", layout_D);

  TiledMMA tiled_mma = make_tiled_mma(SM100_MMA_F16BF16_SS<TypeA, TypeB, TypeC, MM, MN,
                                                           UMMA::Major::K, UMMA::Major::K>{});
  block("tiled_mma", tiled_mma);
  auto bM = tile_size<0>(tiled_mma);
  auto bN = tile_size<1>(tiled_mma);
  auto bK = tile_size<2>(tiled_mma) * Int<KM>{};
  auto mma_tiler = make_shape(bM, bN, bK);
  line("bM", bM); line("bN", bN); line("bK", bK); line("mma_tiler", mma_tiler);
  if (not evenly_divides(shape(mma_tiler), tile_shape(tiled_mma))) {
    printf("error: The MMA Shape should evenly divide the MMA Tiler.\n"); return;
  }
  if (not evenly_divides(make_shape(Gemm_M, Gemm_N, Gemm_K), mma_tiler)) {
    printf("error: OOB accesses are not supported. MmaTiler_MNK should evenly divide ProblemShape_MNK.\n"); return;
  }
  auto mma_shape_A = partition_shape_A(tiled_mma, make_shape(size<0>(mma_tiler), size<2>(mma_tiler)));
  auto mma_shape_B = partition_shape_B(tiled_mma, make_shape(size<1>(mma_tiler), size<2>(mma_tiler)));
  line("mma_shape_A", mma_shape_A); line("mma_shape_B", mma_shape_B);
  auto sA_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeA>{}, mma_shape_A);
  auto sB_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeB>{}, mma_shape_B);
  line("sA_layout", sA_layout); line("sB_layout", sB_layout);
  auto cluster_shape = make_shape(Int<1>{}, Int<1>{}, Int<1>{});
  Layout cluster_layout_vmnk = tiled_divide(make_layout(cluster_shape),
                                            make_tile(typename decltype(tiled_mma)::AtomThrID{}));
  line("cluster_shape", cluster_shape); line("cluster_layout_vmnk", cluster_layout_vmnk);
  auto dimGrid = make_shape(int(size(ceil_div(Gemm_M, bM * size<1>(cluster_layout_vmnk))) * size<0>(cluster_shape)),
                            int(size(ceil_div(Gemm_N, bN * size<2>(cluster_layout_vmnk))) * size<1>(cluster_shape)),
                            1);
  line("dimGrid", dimGrid);

  // gemm_device, CTA (0,0), thread t
  unsigned bx = 0, by = 0;
  TypeA const* A = nullptr; TypeB const* B = nullptr; TypeC const* C = nullptr; TypeD* D = nullptr;
  Tensor mA = make_tensor(make_gmem_ptr(A), layout_A);
  Tensor mB = make_tensor(make_gmem_ptr(B), layout_B);
  Tensor mC = make_tensor(make_gmem_ptr(C), layout_C);
  Tensor mD = make_tensor(make_gmem_ptr(D), layout_D);
  auto mma_coord_vmnk = make_coord(bx % size<0>(cluster_layout_vmnk), bx / size<0>(cluster_layout_vmnk), by, _);
  auto mma_coord = select<1,2,3>(mma_coord_vmnk);
  Tensor gA = local_tile(mA, mma_tiler, mma_coord, Step<_1, X,_1>{});
  Tensor gB = local_tile(mB, mma_tiler, mma_coord, Step< X,_1,_1>{});
  Tensor gC = local_tile(mC, mma_tiler, mma_coord, Step<_1,_1, X>{});
  Tensor gD = local_tile(mD, mma_tiler, mma_coord, Step<_1,_1, X>{});
  Tensor tCsA = make_tensor(make_smem_ptr((TypeA*)nullptr), sA_layout);
  Tensor tCsB = make_tensor(make_smem_ptr((TypeB*)nullptr), sB_layout);
  auto mma_v = get<0>(mma_coord_vmnk);
  ThrMMA cta_mma = tiled_mma.get_slice(mma_v);
  Tensor tCgA = cta_mma.partition_A(gA);
  Tensor tCgB = cta_mma.partition_B(gB);
  Tensor tCgC = cta_mma.partition_C(gC);
  Tensor tCgD = cta_mma.partition_C(gD);
  Tensor tCrA = cta_mma.make_fragment_A(tCsA);
  Tensor tCrB = cta_mma.make_fragment_B(tCsB);
  Tensor tCtAcc = cta_mma.make_fragment_C(tCgC);
  TiledCopy tiled_t2r_copy = make_tmem_copy(SM100_TMEM_LOAD_32dp32b1x{}, tCtAcc);
  ThrCopy thr_t2r_copy = tiled_t2r_copy.get_slice(t);
  Tensor tDgC = thr_t2r_copy.partition_D(tCgC);
  Tensor tDrC = make_fragment_like(tDgC);
  Tensor tDtAcc = thr_t2r_copy.partition_S(tCtAcc);
  Tensor tDgD = thr_t2r_copy.partition_D(tCgD);
  using AccType = typename decltype(tCtAcc)::value_type;
  Tensor tDrAcc = make_tensor<AccType>(shape(tDgD));

  printf("\n");
  line("thread", t);
  line("mA", mA.layout()); line("mB", mB.layout()); line("mC", mC.layout()); line("mD", mD.layout());
  line("mma_coord_vmnk", mma_coord_vmnk); line("mma_coord", mma_coord);
  line("gA", gA.layout()); line("gB", gB.layout()); line("gC", gC.layout()); line("gD", gD.layout());
  line("tCsA", tCsA.layout()); line("tCsB", tCsB.layout());
  line("mma_v", mma_v);
  line("tCgA", tCgA.layout()); line("tCgB", tCgB.layout()); line("tCgC", tCgC.layout()); line("tCgD", tCgD.layout());
  line("tCrA", tCrA.layout()); line("tCrB", tCrB.layout()); line("tCtAcc", tCtAcc.layout());
  block("tiled_t2r_copy", tiled_t2r_copy);
  line("tDgC", tDgC.layout()); line("tDrC", tDrC.layout()); line("tDtAcc", tDtAcc.layout());
  line("tDgD", tDgD.layout()); line("tDrAcc", tDrAcc.layout());
  desc0("tCrA", tCrA); desc0("tCrB", tCrB);
}
''')


def case01(mma_mn: tuple[int, int], kmul: int, mnk: tuple[int, int, int], thread: int) -> str:
    """One dump of 01_mma_sm100.cu: tcgen05.mma M x N, KM MMAs per tile K, problem (M,N,K), threadIdx.x."""
    (mm, mn), (m, n, k) = mma_mn, mnk
    return f"  bw01<{mm},{mn},{kmul}>({m}, {n}, {k}, {thread});"
