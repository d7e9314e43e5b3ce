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

PRELUDE = (
    "#include <cute/atom/mma_traits_sm100.hpp>\n#include <cute/atom/copy_traits_sm100.hpp>\n"
    "#include <cute/arch/tmem_allocator_sm100.hpp>\n"
    + BASE_PRELUDE
    + r"""
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
"""
)


def case01(mma_mn: tuple[int, int], kmul: int, mnk: tuple[int, int, int], thread: int) -> str:
    """One dump of 01_mma_sm100.cu: tcgen05.mma M x N, KM MMAs per tile K, problem (M,N,K), threadIdx.x."""
    (mm, mn), (m, n, k) = mma_mn, mnk
    return f"  bw01<{mm},{mn},{kmul}>({m}, {n}, {k}, {thread});"


# ---------------------------------------------------------------- 02..04: TMA loads (host-only TMA as tests/oracle/gen_tma.py)


def _tma_prelude() -> str:
    from tests.oracle import gen_tma  # the cuTensorMapEncodeTiled that prints its arguments, the TMA flags

    return (
        "#include <cute/atom/mma_traits_sm100.hpp>\n#include <cute/atom/copy_traits_sm100.hpp>\n"
        "#include <cute/atom/copy_traits_sm100_tma.hpp>\n"
        + gen_tma.PRELUDE
        + r"""
template <class T> static void line(const char* name, T const& v) { printf("%s: ", name); print(v); printf("\n"); }
template <class T> static void block(const char* name, T const& v) { printf("%s:\n", name); print(v); }
template <class T> static void desc0(const char* name, T const& frag) {
  printf("%s(0): 0x%016llx\n", name, (unsigned long long) frag(0).desc_);
}
// a tensor as the dump prints it: a TMA coordinate tensor whole (ArithTuple(...) o layout), others their layout
template <class T> static void tline(const char* name, T const& t) {
  if constexpr (is_tuple<typename T::value_type>::value) { line(name, t); } else { line(name, t.layout()); }
}

// 02_mma_tma_sm100.cu (TUT 2), 03_mma_tma_multicast_sm100.cu (TUT 3), 04_mma_tma_2sm_sm100.cu (TUT 4): host code
// and gemm_device for CTA (0,0) (block_rank_in_cluster() = 0), thread t; 05_mma_tma_epi_sm100.cu (TUT 5): 04 with
// the TMA epilogue. MM, MN: the tcgen05.mma M and N (TUT 4, 5: the 2x1SM MMA); KM: MMAs per MMA tile K; CM, CN:
// the cluster (TUT 3..5).
template <int TUT, int MM, int MN, int KM, int CM, int CN>
static void bwtma(int Gemm_M, int Gemm_N, int Gemm_K, int t)
{
  using TypeA = cutlass::half_t; using TypeB = cutlass::half_t; using TypeC = float; using TypeD = float;
  Layout layout_A = make_layout(make_shape (Gemm_M, Gemm_K), make_stride(Gemm_K, Int<1>{}));
  Layout layout_B = make_layout(make_shape (Gemm_N, Gemm_K), make_stride(Gemm_K, Int<1>{}));
  Layout layout_C = make_layout(make_shape (Gemm_M, Gemm_N), make_stride(Gemm_N, Int<1>{}));
  Layout layout_D = make_layout(make_shape (Gemm_M, Gemm_N), make_stride(Gemm_N, Int<1>{}));
  line("layout_A", layout_A); line("layout_B", layout_B); line("layout_C", layout_C); line("layout_D", layout_D);
  TypeA const* dA = nullptr; TypeB const* dB = nullptr; TypeC const* dC = nullptr; TypeD* dD = nullptr;
  Tensor mA = make_tensor(make_gmem_ptr(dA), layout_A);
  Tensor mB = make_tensor(make_gmem_ptr(dB), layout_B);
  Tensor mC = make_tensor(make_gmem_ptr(dC), layout_C);
  Tensor mD = make_tensor(make_gmem_ptr(dD), layout_D);

  auto tiled_mma = [] {
    if constexpr (TUT >= 4) {
      return make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<TypeA, TypeB, TypeC, MM, MN, UMMA::Major::K, UMMA::Major::K>{});
    } else {
      return make_tiled_mma(SM100_MMA_F16BF16_SS<TypeA, TypeB, TypeC, MM, MN, UMMA::Major::K, UMMA::Major::K>{});
    }
  }();
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
  auto epi = [&] {       // 05's epilogue tile and smem layouts (the other tutorials have none)
    if constexpr (TUT == 5) {
      auto mma_shape_C = partition_shape_C(tiled_mma, make_shape(size<0>(mma_tiler), size<1>(mma_tiler)));
      auto epi_tiler = make_tile(size<0,0>(mma_shape_C), size<0,1>(mma_shape_C) / Int<4>{});
      auto sC_layout_mn = tile_to_shape(UMMA::Layout_K_SW128_Atom<TypeC>{}, make_shape(size<0>(epi_tiler), size<1>(epi_tiler)));
      auto sD_layout_mn = tile_to_shape(UMMA::Layout_K_SW128_Atom<TypeD>{}, make_shape(size<0>(epi_tiler), size<1>(epi_tiler)));
      return make_tuple(mma_shape_C, epi_tiler, sC_layout_mn, group<0,2>(sC_layout_mn), sD_layout_mn,
                        group<0,2>(sD_layout_mn));
    } else {
      return make_tuple(0, 0, 0, 0, 0, 0);
    }
  }();
  auto mma_shape_C = get<0>(epi); auto epi_tiler = get<1>(epi);
  auto sC_layout_mn = get<2>(epi); auto sC_layout = get<3>(epi);
  auto sD_layout_mn = get<4>(epi); auto sD_layout = get<5>(epi);
  if constexpr (TUT == 5) {
    line("mma_shape_C", mma_shape_C); line("epi_tiler", epi_tiler);
    line("sC_layout_mn", sC_layout_mn); line("sC_layout", sC_layout);
    line("sD_layout_mn", sD_layout_mn); line("sD_layout", sD_layout);
  }
  auto cluster_shape = make_shape(Int<CM>{}, Int<CN>{}, Int<1>{});
  Layout cluster_layout_vmnk = tiled_divide(make_layout(cluster_shape),
                                            make_tile(typename decltype(tiled_mma)::AtomThrID{}));
  line("cluster_shape", cluster_shape); line("cluster_layout_vmnk", cluster_layout_vmnk);
  auto tma_atoms = [&] {
    if constexpr (TUT == 2) {
      return make_tuple(make_tma_atom(SM90_TMA_LOAD{}, mA, sA_layout, select<0,2>(mma_tiler)),
                        make_tma_atom(SM90_TMA_LOAD{}, mB, sB_layout, select<1,2>(mma_tiler)));
    } else if constexpr (TUT == 3) {
      return make_tuple(make_tma_atom(SM90_TMA_LOAD_MULTICAST{}, mA, sA_layout, select<0,2>(mma_tiler),
                                      size<2>(cluster_layout_vmnk)),
                        make_tma_atom(SM90_TMA_LOAD_MULTICAST{}, mB, sB_layout, select<1,2>(mma_tiler),
                                      size<1>(cluster_layout_vmnk)));
    } else {
      return make_tuple(make_tma_atom_A_sm100(SM100_TMA_2SM_LOAD_MULTICAST{}, mA, sA_layout, mma_tiler, tiled_mma,
                                              cluster_layout_vmnk),
                        make_tma_atom_B_sm100(SM100_TMA_2SM_LOAD_MULTICAST{}, mB, sB_layout, mma_tiler, tiled_mma,
                                              cluster_layout_vmnk));
    }
  }();
  auto tma_atom_A = get<0>(tma_atoms);
  auto tma_atom_B = get<1>(tma_atoms);
  Tensor mA_tma = tma_atom_A.get_tma_tensor(shape(mA));
  Tensor mB_tma = tma_atom_B.get_tma_tensor(shape(mB));
  block("tma_atom_A", tma_atom_A);
  block("tma_atom_B", tma_atom_B);
  auto tma_atoms_cd = [&] {
    if constexpr (TUT == 5) {
      return make_tuple(make_tma_atom(SM90_TMA_LOAD{}, mC, sC_layout, epi_tiler),
                        make_tma_atom(SM90_TMA_STORE{}, mD, sD_layout, epi_tiler));
    } else {
      return 0;
    }
  }();
  auto mCk = [&] { if constexpr (TUT == 5) { return get<0>(tma_atoms_cd).get_tma_tensor(shape(mC)); } else { return mC; } }();
  auto mDk = [&] { if constexpr (TUT == 5) { return get<1>(tma_atoms_cd).get_tma_tensor(shape(mD)); } else { return mD; } }();
  if constexpr (TUT == 5) {
    block("tma_atom_C", get<0>(tma_atoms_cd));
    block("tma_atom_D", get<1>(tma_atoms_cd));
  }
  auto dimGrid = make_shape(int(size(ceil_div(Gemm_M, bM * size<1>(cluster_layout_vmnk))) * size<0>(cluster_shape)),
                            int(size(ceil_div(Gemm_N, bN * size<2>(cluster_layout_vmnk))) * size<1>(cluster_shape)),
                            1);
  line("dimGrid", dimGrid);

  // gemm_device, CTA (0,0), thread t
  unsigned bx = 0, by = 0;
  auto mma_coord_vmnk = make_coord(bx % size<0>(cluster_layout_vmnk), bx / size<0>(cluster_layout_vmnk), by, _);
  auto mma_coord = select<1,2,3>(mma_coord_vmnk);
  Tensor gA = local_tile(mA_tma, mma_tiler, mma_coord, Step<_1, X,_1>{});
  Tensor gB = local_tile(mB_tma, mma_tiler, mma_coord, Step< X,_1,_1>{});
  Tensor gC = local_tile(mCk, mma_tiler, mma_coord, Step<_1,_1, X>{});
  Tensor gD = local_tile(mDk, mma_tiler, mma_coord, Step<_1,_1, X>{});
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
  printf("\n");
  line("thread", t);
  line("mA", mA_tma); line("mB", mB_tma); tline("mC", mCk); tline("mD", mDk);
  line("mma_coord_vmnk", mma_coord_vmnk); line("mma_coord", mma_coord);
  line("gA", gA); line("gB", gB); tline("gC", gC); tline("gD", gD);
  line("tCsA", tCsA.layout()); line("tCsB", tCsB.layout());
  line("mma_v", mma_v);
  line("tCgA", tCgA); line("tCgB", tCgB); tline("tCgC", tCgC); tline("tCgD", tCgD);
  line("tCrA", tCrA.layout()); line("tCrB", tCrB.layout()); line("tCtAcc", tCtAcc.layout());
  int block_rank = 0;   // cute::block_rank_in_cluster() of CTA (0,0)
  if constexpr (TUT == 2) {
    auto [tAgA, tAsA] = tma_partition(tma_atom_A, Int<0>{}, Layout<_1>{},
                                      group_modes<0,3>(tCsA), group_modes<0,3>(tCgA));
    auto [tBgB, tBsB] = tma_partition(tma_atom_B, Int<0>{}, Layout<_1>{},
                                      group_modes<0,3>(tCsB), group_modes<0,3>(tCgB));
    int tma_transaction_bytes = sizeof(make_tensor_like(tAsA)) + sizeof(make_tensor_like(tBsB));
    line("tAgA", tAgA); line("tAsA", tAsA.layout()); line("tBgB", tBgB); line("tBsB", tBsB.layout());
    line("tma_transaction_bytes", tma_transaction_bytes);
  } else {
    auto cta_in_cluster_coord_vmnk = cluster_layout_vmnk.get_flat_coord(block_rank);
    auto [tAgA, tAsA] = tma_partition(tma_atom_A, get<2>(cta_in_cluster_coord_vmnk),
                                      make_layout(size<2>(cluster_layout_vmnk)),
                                      group_modes<0,3>(tCsA), group_modes<0,3>(tCgA));
    auto [tBgB, tBsB] = tma_partition(tma_atom_B, get<1>(cta_in_cluster_coord_vmnk),
                                      make_layout(size<1>(cluster_layout_vmnk)),
                                      group_modes<0,3>(tCsB), group_modes<0,3>(tCgB));
    uint16_t tma_mcast_mask_a = create_tma_multicast_mask<2>(cluster_layout_vmnk, cta_in_cluster_coord_vmnk);
    uint16_t tma_mcast_mask_b = create_tma_multicast_mask<1>(cluster_layout_vmnk, cta_in_cluster_coord_vmnk);
    uint16_t mma_mcast_mask_c = create_tma_multicast_mask<0,1>(cluster_layout_vmnk, cta_in_cluster_coord_vmnk) |
                                create_tma_multicast_mask<0,2>(cluster_layout_vmnk, cta_in_cluster_coord_vmnk);
    int tma_transaction_bytes = TUT >= 4
        ? size<0>(cluster_layout_vmnk) * sizeof(make_tensor_like(tAsA)) + size<0>(cluster_layout_vmnk) * sizeof(make_tensor_like(tBsB))
        : sizeof(make_tensor_like(tAsA)) + sizeof(make_tensor_like(tBsB));
    line("cta_in_cluster_coord_vmnk", cta_in_cluster_coord_vmnk);
    line("tAgA", tAgA); line("tAsA", tAsA.layout()); line("tBgB", tBgB); line("tBsB", tBsB.layout());
    line("tma_transaction_bytes", tma_transaction_bytes);
    printf("tma_mcast_mask_a: %x\n", tma_mcast_mask_a);
    printf("tma_mcast_mask_b: %x\n", tma_mcast_mask_b);
    printf("mma_mcast_mask_c: %x\n", mma_mcast_mask_c);
  }
  if constexpr (TUT == 5) {
    auto epi_tiler_v = make_tile(epi_tiler);
    Tensor tAcc_epi = zipped_divide(tCtAcc, epi_tiler_v);
    Tensor gC_epi   = zipped_divide(tCgC,   epi_tiler_v);
    Tensor gD_epi   = zipped_divide(tCgD,   epi_tiler_v);
    Tensor sC_epi = make_tensor(make_smem_ptr((TypeC*)nullptr), sC_layout);
    Tensor sD_epi = make_tensor(make_smem_ptr((TypeD*)nullptr), sD_layout);
    auto [tGS_gC, tGS_sC] = tma_partition(get<0>(tma_atoms_cd), sC_epi, gC_epi);
    auto [tSG_gD, tSG_sD] = tma_partition(get<1>(tma_atoms_cd), sD_epi, gD_epi);
    int epi_transaction_bytes = sizeof(make_tensor_like(tGS_sC));
    TiledCopy t2r_copy = make_tmem_copy(SM100_TMEM_LOAD_32dp32b1x{}, tAcc_epi(_,_0{}));
    ThrCopy   thr_t2r  = t2r_copy.get_slice(t);
    Tensor tTR_tAcc = thr_t2r.partition_S(tAcc_epi);
    Tensor tTR_sC   = thr_t2r.partition_D(sC_epi);
    Tensor tTR_sD   = thr_t2r.partition_D(sD_epi);
    Tensor tTR_rC = make_tensor_like(tTR_sC);
    Tensor tTR_rD = make_fragment_like(tTR_sD);
    line("epi_tiler_v", epi_tiler_v);
    line("tAcc_epi", tAcc_epi.layout()); line("gC_epi", gC_epi); line("gD_epi", gD_epi);
    line("sC_epi", sC_epi.layout()); line("sD_epi", sD_epi.layout());
    line("tGS_gC", tGS_gC); line("tGS_sC", tGS_sC.layout());
    line("tSG_gD", tSG_gD); line("tSG_sD", tSG_sD.layout());
    line("epi_transaction_bytes", epi_transaction_bytes);
    block("t2r_copy", t2r_copy);
    line("tTR_tAcc", tTR_tAcc.layout()); line("tTR_sC", tTR_sC.layout()); line("tTR_sD", tTR_sD.layout());
    line("tTR_rC", tTR_rC.layout()); line("tTR_rD", tTR_rD.layout());
  } else {
  TiledCopy tiled_t2r_copy = make_tmem_copy(SM100_TMEM_LOAD_32dp32b1x{}, tCtAcc);
  ThrCopy thr_t2r_copy = tiled_t2r_copy.get_slice(t);
  Tensor tDgC = thr_t2r_copy.partition_D(tCgC);
  Tensor tDrC = make_fragment_like(tDgC);
  Tensor tDtAcc = thr_t2r_copy.partition_S(tCtAcc);
  Tensor tDgD = thr_t2r_copy.partition_D(tCgD);
  using AccType = typename decltype(tCtAcc)::value_type;
  Tensor tDrAcc = make_tensor<AccType>(shape(tDgD));
  block("tiled_t2r_copy", tiled_t2r_copy);
  line("tDgC", tDgC.layout()); line("tDrC", tDrC.layout()); line("tDtAcc", tDtAcc.layout());
  line("tDgD", tDgD.layout()); line("tDrAcc", tDrAcc.layout());
  }
  desc0("tCrA", tCrA); desc0("tCrB", tCrB);
}
"""
    )


PRELUDE_TMA = None


def tma_prelude() -> str:
    global PRELUDE_TMA
    if PRELUDE_TMA is None:
        PRELUDE_TMA = _tma_prelude()
    return PRELUDE_TMA


def tma_flags() -> tuple:
    from tests.oracle import gen_tma

    return gen_tma.FLAGS


def case_tma(
    tut: int, mma_mn: tuple[int, int], kmul: int, cluster: tuple[int, int], mnk: tuple[int, int, int], thread: int
) -> str:
    """One dump of tutorial 02/03/04: MMA M x N, KM MMAs per tile K, cluster (CM, CN), problem (M,N,K), thread."""
    (mm, mn), (cm, cn), (m, n, k) = mma_mn, cluster, mnk
    return f"  bwtma<{tut},{mm},{mn},{kmul},{cm},{cn}>({m}, {n}, {k}, {thread});"
