"""The scale-factor objects of CUTLASS 4.2's block-scaled GEMM example 72a (examples/72_blackwell_narrow_precision_gemm/
72a_blackwell_nvfp4_bf16_gemm.cu) built by real CuTe, host only, as ``cutedump kernel sm100_72a_nvfp4_sf
--no-readings`` prints them (cutedump/kernel/examples/sm100_72a_nvfp4_sf.toml describes the same construction).

Two programs:

- :func:`case_direct`: the construction line for line as the example's host code and its mainloop collective
  (``sm100_blockscaled_mma_warpspecialized.hpp``: ``TiledMMA_SF``, ``CtaShape_MNK``, ``TileShape_SF``,
  ``SmemLayoutSFA/SFB``, ``load_init``'s ``gSFA_mkl``/``tCgSFA_mkl``/``sSFA`` ..., ``mma_init``'s compact views) and
  its builder (``sm100_blockscaled_umma_builder.inl``: ``deduce_smem_layoutSFA/SFB(TiledMma{}, TileShape_MNK{})``)
  write it, over gmem tensors of null pointers (the kernel's TMA coordinate tensors have the same shapes);
- :func:`case_builder`: CUTLASS's own CollectiveBuilder for the same configuration (72a's, or with an explicit 2-SM
  schedule), printing its TiledMma's and TiledMMA_SF's atom types, its stage count and its SmemLayoutSFA/SFB, so the
  tests can check that the description builds what the collective builds (``@@name`` lines).
"""

from __future__ import annotations

from tests.oracle import gen_tma as G

#: g++ flags: the TMA prelude's (its own cuTensorMapEncodeTiled prints the SF tensor maps as "tensor_map: ..." lines)
FLAGS = G.FLAGS

PRELUDE = (
    G.PRELUDE
    + "#include <cute/atom/copy_traits_sm100_tma.hpp>\n#include <cute/atom/mma_traits_sm100.hpp>\n"
    + "#include <cutlass/detail/sm100_blockscaled_layout.hpp>\n"
    + r"""
template <class T> static void line(const char* name, T const& v) { printf("%s: ", name); print(v); printf("\n"); }
template <class T> static void block(const char* name, T const& v) { printf("%s:\n", name); print(v); }

// VS: SFVecSize; MM, MN: the 2-SM MXF4 UMMA (MmaTileShape M, N); TK: MmaTileShape K; ST: the pipeline stages;
// CM, CN: the cluster shape (CM, CN, 1).
template <int VS, int MM, int MN, int TK, int ST, int CM, int CN>
static void sf72(int Gemm_M, int Gemm_N, int Gemm_K)
{
  using ElementSF = cutlass::float_ue4m3_t;
  using TiledMma = decltype(make_tiled_mma(SM100_MMA_MXF4_2x1SM_SS<cutlass::float_e2m1_t, cutlass::float_e2m1_t, float,
                                                                   ElementSF, MM, MN, VS, UMMA::Major::K, UMMA::Major::K>{}));
  block("tiled_mma", TiledMma{});
  using TileShape = Shape<Int<MM>, Int<MN>, Int<TK>>;
  line("TileShape", TileShape{});
  using AtomThrShapeMNK = Shape<decltype(shape<0>(typename TiledMma::ThrLayoutVMNK{})), _1, _1>;
  using CtaShape_MNK = decltype(shape_div(TileShape{}, AtomThrShapeMNK{}));
  line("CtaShape_MNK", CtaShape_MNK{});
  using TiledMMA_SF = TiledMMA<MMA_Atom<typename TiledMma::MMA_ScaleFactor>, Layout<Shape<_1,_1,_1>>,
                               Tile<Underscore,Underscore,Underscore>>;
  block("tiled_mma_sf", TiledMMA_SF{});
  using Sm1xxBlkScaledConfig = cutlass::detail::Sm1xxBlockScaledConfig<VS>;
  using Blk_MN = typename Sm1xxBlkScaledConfig::Blk_MN;
  static int constexpr CTA_N_SF = cutlass::ceil_div(size<1>(CtaShape_MNK{}), Blk_MN{}) * Blk_MN{};
  using TileShape_SF = decltype(make_shape(get<0>(CtaShape_MNK{}),
                                           Int<CTA_N_SF>{} * shape<2>(typename TiledMma::ThrLayoutVMNK()),
                                           get<2>(TileShape{})));
  line("TileShape_SF", TileShape_SF{});
  auto layout_SFA = Sm1xxBlkScaledConfig::tile_atom_to_shape_SFA(cute::make_shape(Gemm_M, Gemm_N, Gemm_K, 1));
  auto layout_SFB = Sm1xxBlkScaledConfig::tile_atom_to_shape_SFB(cute::make_shape(Gemm_M, Gemm_N, Gemm_K, 1));
  line("layout_SFA", layout_SFA); line("layout_SFB", layout_SFB);
  using SmemLayoutAtomSFA = decltype(Sm1xxBlkScaledConfig::deduce_smem_layoutSFA(TiledMma{}, TileShape{}));
  using SmemLayoutAtomSFB = decltype(Sm1xxBlkScaledConfig::deduce_smem_layoutSFB(TiledMma{}, TileShape{}));
  line("SmemLayoutAtomSFA", SmemLayoutAtomSFA{}); line("SmemLayoutAtomSFB", SmemLayoutAtomSFB{});
  using SmemLayoutSFA = decltype(make_layout(
    append(shape(SmemLayoutAtomSFA{}), Int<ST>{}),
    append(stride(SmemLayoutAtomSFA{}), size(filter_zeros(SmemLayoutAtomSFA{})))));
  using SmemLayoutSFB = decltype(make_layout(
    append(shape(SmemLayoutAtomSFB{}), Int<ST>{}),
    append(stride(SmemLayoutAtomSFB{}), size(filter_zeros(SmemLayoutAtomSFB{})))));
  line("SmemLayoutSFA", SmemLayoutSFA{}); line("SmemLayoutSFB", SmemLayoutSFB{});
  line("sfa_stage_bytes", cosize(take<0,3>(SmemLayoutSFA{})));
  line("sfb_stage_bytes", cosize(take<0,3>(SmemLayoutSFB{})));

  // to_underlying_arguments: the SF TMA atoms (GmemTiledCopySFA/SFB: the builder's ops for a 2-SM atom)
  using ClusterShape = Shape<Int<CM>, Int<CN>, _1>;
  line("cluster_shape", ClusterShape{});
  auto cluster_layout_vmnk = tiled_divide(make_layout(ClusterShape{}), make_tile(typename TiledMma::AtomThrID{}));
  line("cluster_layout_vmnk", cluster_layout_vmnk);
  auto cluster_layout_sfb_vmnk = tiled_divide(make_layout(ClusterShape{}), make_tile(typename TiledMMA_SF::AtomThrID{}));
  line("cluster_layout_sfb_vmnk", cluster_layout_sfb_vmnk);
  Tensor tensor_sfa = make_tensor(make_gmem_ptr((ElementSF const*)0x10000), layout_SFA);
  Tensor tensor_sfb = make_tensor(make_gmem_ptr((ElementSF const*)0x10000), layout_SFB);
  auto tma_load_sfa = make_tma_atom_A_sm100<uint16_t>(SM100_TMA_2SM_LOAD_MULTICAST{}, tensor_sfa,
      SmemLayoutSFA{}(_,_,_,cute::Int<0>{}), TileShape{}, TiledMma{}, cluster_layout_vmnk);
  block("tma_load_sfa", tma_load_sfa);
  auto tma_load_sfb = make_tma_atom_B_sm100<uint16_t>(SM100_TMA_2SM_LOAD_MULTICAST{}, tensor_sfb,
      SmemLayoutSFB{}(_,_,_,cute::Int<0>{}), TileShape_SF{}, TiledMMA_SF{}, cluster_layout_sfb_vmnk);
  block("tma_load_sfb", tma_load_sfb);

  // load_init, CTA (0,0)
  unsigned bx = 0;
  Tensor mSFA_mkl = make_tensor(make_gmem_ptr((ElementSF const*)nullptr), layout_SFA);
  Tensor mSFB_nkl = make_tensor(make_gmem_ptr((ElementSF const*)nullptr), layout_SFB);
  Tensor gSFA_mkl = local_tile(mSFA_mkl, TileShape{},    make_coord(_,_,_), Step<_1, X,_1>{});
  Tensor gSFB_nkl = local_tile(mSFB_nkl, TileShape_SF{}, make_coord(_,_,_), Step< X,_1,_1>{});
  ThrMMA cta_mma = TiledMma{}.get_slice(bx % size(typename TiledMma::AtomThrID{}));
  ThrMMA cta_mma_sfb = TiledMMA_SF{}.get_slice(bx % size(typename TiledMMA_SF::AtomThrID{}));
  Tensor tCgSFA_mkl = cta_mma.partition_A(gSFA_mkl);
  Tensor tCgSFB_nkl = cta_mma_sfb.partition_B(gSFB_nkl);
  Tensor sSFA = make_tensor(make_smem_ptr((ElementSF*)nullptr), SmemLayoutSFA{});
  Tensor sSFB = make_tensor(make_smem_ptr((ElementSF*)nullptr), SmemLayoutSFB{});
  auto tCsSFA_compact = make_tensor(sSFA.data(), filter_zeros(sSFA.layout()));
  auto tCsSFB_compact = make_tensor(sSFB.data(), filter_zeros(sSFB.layout()));
  printf("\n");
  line("thread", 0);
  line("mSFA_mkl", mSFA_mkl.layout()); line("mSFB_nkl", mSFB_nkl.layout());
  line("gSFA_mkl", gSFA_mkl.layout()); line("gSFB_nkl", gSFB_nkl.layout());
  line("tCgSFA_mkl", tCgSFA_mkl.layout()); line("tCgSFB_nkl", tCgSFB_nkl.layout());
  line("sSFA", sSFA.layout()); line("sSFB", sSFB.layout());
  line("tCsSFA_compact", tCsSFA_compact.layout()); line("tCsSFB_compact", tCsSFB_compact.layout());
  // load_init's TMA coordinate tensors; init_tmem_tensors' SF fragments and mma_init's compact views of them
  line("mSFA_tma", tma_load_sfa.get_tma_tensor(shape(layout_SFA)));
  line("mSFB_tma", tma_load_sfb.get_tma_tensor(shape(layout_SFB)));
  Tensor tCtSFA = make_tensor<typename TiledMma::FrgTypeSFA>(shape(SmemLayoutAtomSFA{}));
  Tensor tCtSFB = make_tensor<typename TiledMma::FrgTypeSFB>(shape(SmemLayoutAtomSFB{}));
  line("tCtSFA", tCtSFA.layout()); line("tCtSFB", tCtSFB.layout());
  auto tCtSFA_compact = make_tensor(tCtSFA.data(), filter_zeros(tCtSFA.layout()));
  auto tCtSFB_compact = make_tensor(tCtSFB.data(), filter_zeros(tCtSFB.layout()));
  line("tCtSFA_compact", tCtSFA_compact.layout()); line("tCtSFB_compact", tCtSFB_compact.layout());
}
"""
)


def case_direct(
    vs: int, mma_mn: tuple[int, int], tile_k: int, stages: int, mnk: tuple[int, int, int], cluster=(2, 4)
) -> str:
    (mm, mn), (m, n, k), (cm, cn) = mma_mn, mnk, cluster
    return f"  sf72<{vs},{mm},{mn},{tile_k},{stages},{cm},{cn}>({m}, {n}, {k});"


def builder_prelude() -> str:
    from tests.oracle import gen_collective as G

    return (
        G.PRELUDE
        + r"""
template <class T> static void cd_type() { printf("%s\n", __PRETTY_FUNCTION__); }
"""
    )


def builder_flags() -> tuple[str, ...]:
    from tests.oracle import gen_collective as G

    return G.FLAGS


def case_builder(mma_mn: tuple[int, int], tile_k: int, schedule: str = "KernelScheduleAuto") -> str:
    """72a's CollectiveBuilder (its epilogue's carveout, cluster 2x4x1) for MmaTileShape (M, N, tile_k): @@ sections of
    its TiledMma's and TiledMMA_SF's atoms, Stages, SmemLayoutSFA/SFB."""
    mm, mn = mma_mn
    sched = (
        "cutlass::gemm::collective::KernelScheduleAuto"
        if schedule == "KernelScheduleAuto"
        else f"cutlass::gemm::{schedule}"
    )
    return (
        f"  using MmaTileShape = Shape<Int<{mm}>,Int<{mn}>,Int<{tile_k}>>;\n"
        "  using ClusterShape = Shape<_2,_4,_1>;\n"
        "  using Epi = typename cutlass::epilogue::collective::CollectiveBuilder<\n"
        "    cutlass::arch::Sm100, cutlass::arch::OpClassBlockScaledTensorOp, MmaTileShape, ClusterShape,\n"
        "    cutlass::epilogue::collective::EpilogueTileAuto, float, float,\n"
        "    cutlass::bfloat16_t, cutlass::layout::RowMajor, 8, cutlass::bfloat16_t, cutlass::layout::RowMajor, 8,\n"
        "    cutlass::epilogue::collective::EpilogueScheduleAuto>::CollectiveOp;\n"
        "  using Main = typename cutlass::gemm::collective::CollectiveBuilder<\n"
        "    cutlass::arch::Sm100, cutlass::arch::OpClassBlockScaledTensorOp,\n"
        "    cutlass::nv_float4_t<cutlass::float_e2m1_t>, cutlass::layout::RowMajor, 32,\n"
        "    cutlass::nv_float4_t<cutlass::float_e2m1_t>, cutlass::layout::ColumnMajor, 32,\n"
        "    float, MmaTileShape, ClusterShape,\n"
        "    cutlass::gemm::collective::StageCountAutoCarveout<static_cast<int>(sizeof(typename Epi::SharedStorage))>,\n"
        f"    {sched}>::CollectiveOp;\n"
        '  printf("@@atom\\n"); cd_type<typename Main::TiledMma::Atom::MMA_Op>();\n'
        '  printf("@@atom_sf\\n"); cd_type<typename Main::TiledMMA_SF::Atom::MMA_Op>();\n'
        '  printf("@@Stages\\n%d\\n", int(Main::DispatchPolicy::Stages));\n'
        '  printf("@@SmemLayoutSFA\\n"); print(typename Main::SmemLayoutSFA{}); printf("\\n");\n'
        '  printf("@@SmemLayoutSFB\\n"); print(typename Main::SmemLayoutSFB{}); printf("\\n");\n'
    )


def parse_builder(text: str) -> dict:
    """@@name sections -> {name: text}; an atom type as g++ spells it -> the bare name with its arguments."""
    out, cur = {}, None
    for ln in text.splitlines():
        if ln.startswith("@@"):
            cur = ln[2:]
            out[cur] = ""
        elif cur is not None:
            out[cur] += ln
    for k in ("atom", "atom_sf"):
        if k in out and "[with T = " in out[k]:
            out[k] = out[k].split("[with T = ", 1)[1].rsplit("]", 1)[0]
    return out
