"""The package's version and the versions its answers are exact against, stated once.

``__version__`` is the package version (pyproject.toml reads it from here: ``[tool.setuptools.dynamic]``);
``cutedump --version``, ``cutedump.__version__`` and the ``"versions"`` key of every JSON answer
(:func:`json_answer`) come from this module. ``EXACT_AGAINST`` names the real systems whose printed answers the
tests compare with byte for byte (tests/test_versions.py checks each against its records):

* ``cutlass``: CuTe's C++ headers (nvidia-cutlass 4.2.0.0, compiled host-only with g++: tests/oracle/records/);
* ``cute_dsl``: the CuTe DSL (nvidia-cutlass-dsl), traced on the CPU;
* ``triton``: Triton, on the CPU;
* ``tilelang``: TileLang's layouts (tests/tilelang/records/);
* ``composable_kernel``: the commit of Composable Kernel's headers compiled host-only (tests/ck/records/);
* ``h100_bank_model``: the measurement set behind the shared-memory bank model (tests/data/bank/).

Nothing here imports anything at module level: ``import cutedump`` stays fast.
"""

from __future__ import annotations

from cutedump.errors import CuteDumpError

__version__ = "0.1.0"

#: the real systems the answers are exact against (see the module's docstring)
EXACT_AGAINST = {
    "cutlass": "4.2.0",
    "cute_dsl": "4.8.1",
    "triton": "3.9.0",
    "tilelang": "0.1.15",
    "composable_kernel": "8e22e1ae31bbf7086f69d8724e027676791d351a",
    "h100_bank_model": "H100 80GB HBM3, Nsight Compute 2025.3.1: 74 + 2988 patterns",
}

#: the value of the "versions" key of every JSON answer: the package, then what it is exact against
VERSIONS = {"cutedump": __version__, **EXACT_AGAINST}

#: labels of ``cutedump --version``'s lines, in EXACT_AGAINST's order
_LABELS = {
    "cutlass": "CuTe / CUTLASS",
    "cute_dsl": "CuTe DSL",
    "triton": "Triton",
    "tilelang": "TileLang",
    "composable_kernel": "Composable Kernel",
    "h100_bank_model": "H100 bank model",
}


#: CUTLASS 4.7.0 beside 4.2.0: what real CuTe 4.7 answers differently to the oracle batches compiled against both
#: (docs/CUTLASS_VERSIONS.md, written from tests/oracle/records/cutlass-4.7/)
CUTLASS_NEXT = {
    "version": "4.7.0",
    "differs": (
        "SM80_16x8x32_{S,U}4{S,U}4S32_TN[_SATURATE]: LayoutB_TV stride 64 (4.2: 32)",
        "SM100_MMA_F8F6F4_SS is a template (4.2's MMA_Traits<SM100_MMA_F8F6F4_SS, ...> spelling does not compile)",
        "new: SM100_MMA_TF32[_2x1SM]_TS_SCALED, SM100_MMA_TF32[_2x1SM]_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN, "
        "SM100_TMA_LOAD[_MULTICAST]_2D_GATHER4, SM100_TMA_STORE_2D_SCATTER4, SM100_TMEM_LOAD_STAT_32dp32b{32,128}x "
        "(4.2 has none)",
        "Sm1xx/Sm103BlockScaledConfig::tile_atom_to_shape_SFA/SFB of (M,N,K): (M|N,K) tiled, no L mode (4.2: L = 1)",
        "CollectiveBuilders: SM100 and SM103 dispatch policies end with their ArchTag; stage-0 TMA slices of swizzled smem, "
        "SM100/SM120 EpilogueTileAuto, SM90 RS StageCount<N>, SM90 blockwise tile M, SM120 block-scaled tile N "
        "(from 8), SM100 ptr-array kernels' smem carveout, SM120 ptr-array 6/8-bit schedules, the SM100 mixed-input "
        "collective's scale smem (its atom's first tile, tiled by UMMA::tile_to_mma_shape)",
        "a slice of Swizzle o smem_ptr_flag o Layout keeps the whole swizzle with the offset in the middle slot "
        "(cute/pointer_flagged.hpp:87; 4.2 folds the offset into the swizzle)",
    ),
}

# ------------------------------------------------------------------ which CUTLASS the answers are of

#: the CUTLASS versions cutedump answers as (``cutedump --cutlass 4.2|4.7 ...``, else $CUTEDUMP_CUTLASS, else the
#: newest): each one's release
CUTLASS_RELEASES = {"4.2": "4.2.0", "4.7": "4.7.0"}
CUTLASS_ENV = "CUTEDUMP_CUTLASS"
CUTLASS_DEFAULT = "4.7"

#: THE table of what differs between the versions, one row a fact, each row's value per version. The engine reads a
#: fact (:func:`cutlass_fact`) where it answers; everything else is one answer for both. Measured: the records of
#: tests/oracle/records/ (4.2) and tests/oracle/records/cutlass-4.7/ (docs/CUTLASS_VERSIONS.md).
CUTLASS_FACTS = {
    # SM80_16x8x32_{S,U}4{S,U}4S32_TN[_SATURATE]: the thread stride of LayoutB_TV (cute/atom/mma_traits_sm80.hpp)
    "sm80_16x8x32_int4_b_thread_stride": {"4.2": 32, "4.7": 64},
    # how SM100_MMA_F8F6F4_SS / _2x1SM_SS are spelled: 4.2 a plain struct whose parameters sit in
    # MMA_Traits<SM100_MMA_F8F6F4_SS, a, b, c, C<M>, C<N>, ...>; 4.7 a template SM100_MMA_F8F6F4_SS<a,b,c,M,N,...>
    "f8f6f4_umma_spelling": {"4.2": "traits", "4.7": "template"},
    # cutlass::detail::Sm1xx/Sm103BlockScaledConfig::tile_atom_to_shape_SFA/SFB(problem_shape): 4.2 appends L = 1 to
    # any rank <= 4; 4.7 tiles a rank-3 shape over (M|N, K) (no L mode) and takes rank 3 or 4 only
    "blockscaled_sf_problem_shape": {"4.2": "append L", "4.7": "rank 3 or 4"},
    # the CollectiveBuilders (cutedump collective): what 4.7's builders do otherwise, each measured by the collective
    # oracle batches compiled against both (tests/test_collective_47.py; docs/CUTLASS_VERSIONS.md).
    # the SM100 mainloop dispatch policies whose last template argument is their ArchTag (4.7: `class ArchTag_ =
    # arch::Sm100`, which g++ spells out; 4.2: a fixed `using ArchTag = arch::Sm100`, no argument)
    "sm100_policy_arch_tag": {
        "4.2": (),
        "4.7": (
            "MainloopSm100TmaUmmaWarpSpecialized",
            "MainloopSm100TmaUmmaWarpSpecializedBlockScaled",
            "MainloopSm100TmaUmmaWarpSpecializedBlockwiseScaling",
            "MainloopSm100ArrayTmaUmmaWarpSpecialized",
            "MainloopSm100ArrayTmaUmmaWarpSpecializedBlockScaled",
            "MainloopSm100ArrayTmaUmmaWarpSpecializedBlockwiseScaling",
            "MainloopSm100TmaUmmaWarpSpecializedMixedInput",
            "MainloopSm100UmmaCpAsyncWarpSpecialized",
            "MainloopSm100UmmaMixedTmaCpAsyncWarpSpecialized",
            # fp32x47: the 9xBF16 builder's (dispatch_policy.hpp:1147 and :1355 in 4.7)
            "MainloopSm100TmaUmmaWarpSpecializedFastF32",
            "MainloopSm100ArrayTmaUmmaWarpSpecializedFastF32",
        ),
    },
    # the SM103 block-scaled dispatch policies likewise (dispatch_policy.hpp:1411 in 4.7: `class ArchTag_ = arch::Sm103`)
    "sm103_policy_arch_tag": {
        "4.2": (),
        "4.7": (
            "MainloopSm103TmaUmmaWarpSpecializedBlockScaled",
            "MainloopSm103ArrayTmaUmmaWarpSpecializedBlockScaled",
        ),
    },
    # slice_and_offset of a ComposedLayout<Swizzle, smem_ptr_flag_bits, Layout> at stage 0 (the TMA types of the
    # collectives' Params): 4.2 composes the swizzle's projections (CuTe's Stride/Shape Divisibility Condition can
    # fail); 4.7 (cute/pointer_flagged.hpp:87) slices the inner layout and rebuilds the composition: no check
    "smem_flag_stage_slice": {"4.2": "compose", "4.7": "inner"},
    # the SM90 RS / mixed-input builders with an explicit StageCount<N>: 4.2 reads StageCountType::bytes (a compile
    # error); 4.7's compute_stage_count_or_override takes StageCount<N> (sm90_gmma_builder.inl:55)
    "sm90_rs_stage_count_bytes": {"4.2": True, "4.7": False},
    # the SM100 mixed-input collective's scale smem (example 86; sm100_mma_warpspecialized_mixed_input.hpp):
    # 4.2 "staged": SmemLayoutAtomScale = Sm100MixedInputBlockwiseScaleConfig::smem_atom_layout_scale(ScaleTileShape)
    # ((MN,DivMN),(K,DivK)), SmemLayoutScale that atom with the stages appended, the scales' TMA make_tma_atom of its
    # stage 0; 4.7 "tiled" (:280, :328, :441): the atom's first tile (MN,K):(_0,_0), tiled over A's MMA shape and the
    # stages by UMMA::tile_to_mma_shape (tile_to_shape's static_assert where the atom does not divide A's tile per
    # CTA, e.g. a 2SM tile M of 128 with the VoidLayoutScale's 128 rows), the scales' TMA make_tma_atom_A_sm100;
    # TmaTransactionBytes and SharedStorage count the layout's cosize in both (collective/sm100_mixed.py)
    "sm100_mixed_scale_smem": {"4.2": "staged", "4.7": "tiled"},
    # the SM90 FP8 blockwise collective (not ptr-array): 4.7 splits the accumulator in M by 128
    # (NumSplitsM = TileM / 128, static_assert 1 or 2: sm90_mma_tma_gmma_ss_warpspecialized_fp8_blockwise_scaling
    # .hpp:208); 4.2 has no such check
    "sm90_blockwise_splits_m": {"4.2": False, "4.7": True},
    # SM100 EpilogueTileAuto's N (sm100_builder.inl:1045): 4.2 min(CtaN, max(N_perf, N_min_C, N_min_D)); 4.7 that,
    # or CtaN where it does not divide CtaN
    "sm100_epilogue_tile_n": {"4.2": "min", "4.7": "min or CtaN"},
    # 4.7's static_assert of the SM100 2SM TMA epilogue (sm100_builder.inl:1221): EpilogueTileAuto, 16-bit C/D,
    # CtaN > 128 must be a multiple of 64
    "sm100_2sm_16b_epilogue_n": {"4.2": False, "4.7": True},
    # SM120 EpilogueTileAuto (sm120_builder.inl:194): 4.2 (64,32); 4.7 N = min(CtaN, 32), M = 128 where CtaN < 16
    "sm120_epilogue_tile_small_n": {"4.2": False, "4.7": True},
    # the SM120 block-scaled builder's least tile N (sm120_blockscaled_mma_builder.inl: 4.2 :101, 4.7 :105)
    "sm120_blockscaled_min_tile_n": {"4.2": 32, "4.7": 8},
    # the SM120 block-scaled builder below tile N 32 (4.7 only: 4.2 refuses N < 32): PermTileN of
    # sm120_tile_n_permute_selector<VS, N> (sm120_common.inl:171; N 8 or 16, else its static_assert), Cooperative
    # warps (_8,_1,_1) below N 16 (sm120_blockscaled_mma_builder.inl:131), no Pingpong below N 16 (its enable_if, :76)
    "sm120_blockscaled_small_tile_n": {
        "4.2": {},
        "4.7": {
            "permute_n": {8: "(_8):(_1)", 16: "(_8,_2):(_1,_8)"},
            "cooperative_atoms_below_16": "(_8,_1,_1)",
            "pingpong_least_n": 16,
        },
    },
    # the SM120 block-scaled collective's SFB smem tile N: 4.7 max(TileN, 128) (sm120_blockscaled_mma_builder.inl:209),
    # its SmemLayoutSFB then logical_divide'd by (N, K) (sm120_blockscaled_mma_tma.hpp:214)
    "sm120_blockscaled_sfb_tile_n": {"4.2": "N", "4.7": "max(N, 128)"},
    # the SM120 block-scaled collective with tile K < 4 x SFVecSize (a scale-factor smem atom with an empty K mode):
    # 4.2 builds it; 4.7 does not compile it (`'value' is not a member of 'bool'`, cute/config.hpp:154)
    "sm120_blockscaled_small_k_refused": {"4.2": False, "4.7": True},
    # the SM120 block-scaled builder's stage count capacity: 4.2 sm120_smem_capacity_bytes; 4.7 less the scheduler's
    # PipelineCLCFetchAsync<3>::SharedStorage (48 bytes) and its 3 CLC responses (3 x 16), measured with 4.7's headers
    # (sm120_blockscaled_mma_builder.inl:257); a grouped GEMM's (pointer layout tags) less its scheduler's
    # PipelineAsyncSharedStorage<8> (128), two TMA descriptors (2 x 128) and its TensorMapReady PipelineAsync<3> (48)
    "sm120_blockscaled_capacity_less": {
        "4.2": {"plain": (), "grouped": ()},
        "4.7": {"plain": (48, 3 * 16), "grouped": (128, 2 * 128, 48)},
    },
    # select_instr's Auto branch for 6/8-bit A and B (sm1xx_common.inl:760): 4.7 takes the generic SM120 ptr-array
    # schedules KernelPtrArrayTmaWarpSpecialized{Cooperative,Pingpong} (VS 32; :764); 4.2's static_assert refuses them
    "sm120_ptr_array_f8f6f4_auto": {"4.2": False, "4.7": True},
    # the block-scaled builders' stage count (sm100_compute_stage_count_or_override_blockscaled, SM100 and SM120):
    # a stage's pipeline bytes, 4.2 sizeof(PipelineTmaUmmaAsync<1>::SharedStorage) = 16, 4.7 that rounded up to 128
    "blockscaled_stage_pipeline_bytes": {"4.2": 16, "4.7": 128},
    # Sm100DenseGemmTmaUmmaCarveout of a ptr-array kernel (sm100_pipeline_carveout.inl, the SM100 dense, blockwise
    # and block-scaled builders' stage count): (CLC pipelines and responses, sets of TMA descriptors, TensorMapReady
    # pipelines PipelineAsync<SchedulerStages>); 4.2 one each and none, 4.7 two CLC responses ("one for the TMA
    # updater"), five descriptor sets and its TensorMapReady pipeline (:49, :64, :68)
    "sm100_ptr_array_carveout": {"4.2": (1, 1, 0), "4.7": (2, 5, 1)},
    # fp32x47: the SM100 9xBF16 (emulated FP32) builder, sm100_9xBF16_umma_builder.inl. Its answers are one for both
    # versions but for its policies' ArchTag (sm100_policy_arch_tag) and these: the explicit template arguments of
    # its call of sm100_compute_stage_count_or_override_fast_fp32, which g++ spells in the compile error of an
    # explicit StageCount<N> (4.7: ReducedSmemCapacityBytes, the compute operand's own major UmmaMajorACompute, the
    # complex component 1 and NumComputeMtxs; tests/test_collective_fastfp32.py), and the lines of the builder and of
    # sm100_common.inl's sm100_make_trivial_fastFP32_tiled_mma the why lines cite (params: the ptr-array
    # collective's make_tensor of its Params, sm100_mma_array_warpspecialized_emulated.hpp)
    "sm100_fastfp32_stage_count_args": {
        "4.2": ("Sm100ReducedSmemCapacityBytes", "UmmaMajorA", ()),
        "4.7": ("ReducedSmemCapacityBytes", "UmmaMajorACompute", ("1", "NumComputeMtxs")),
    },
    "sm100_fastfp32_lines": {
        "4.2": {
            "cta_n": 60,
            "capacity": 100,
            "copy_a": 170,
            "copy_b": 186,
            "stage_count": 231,
            "l2t": 233,
            "t2m": 234,
            "policy": 239,
            "tiled_mma": 495,
            "params": 315,
        },
        "4.7": {
            "cta_n": 60,
            "capacity": 105,
            "copy_a": 191,
            "copy_b": 207,
            "stage_count": 260,
            "l2t": 262,
            "t2m": 263,
            "policy": 268,
            "tiled_mma": 577,
            "params": 323,
        },
    },
    # what of the builders is not modelled for a version: "" (all of it), else the one warning line
    "collective_builder": {"4.2": "", "4.7": ""},
}

#: names (atoms, copy operations) that exist in some versions only: name -> the versions that have them. A name
#: used under a version without it is refused with one line (:func:`require_cutlass`).
CUTLASS_ONLY = {
    "SM100_MMA_TF32_SS_SCALED": ("4.7",),
    "SM100_MMA_TF32_TS_SCALED": ("4.7",),
    "SM100_MMA_TF32_2x1SM_SS_SCALED": ("4.7",),
    "SM100_MMA_TF32_2x1SM_TS_SCALED": ("4.7",),
    "SM100_MMA_TF32_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN": ("4.7",),
    "SM100_MMA_TF32_2x1SM_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN": ("4.7",),
    "SM100_TMA_LOAD_2D_GATHER4": ("4.7",),
    "SM100_TMA_LOAD_MULTICAST_2D_GATHER4": ("4.7",),
    "SM100_TMA_STORE_2D_SCATTER4": ("4.7",),
    "SM100_TMEM_LOAD_STAT_32dp32b32x": ("4.7",),
    "SM100_TMEM_LOAD_STAT_32dp32b128x": ("4.7",),
}


def cutlass() -> str:
    """The CUTLASS version answered now: ``--cutlass`` (the command line sets $CUTEDUMP_CUTLASS), else the
    environment, else :data:`CUTLASS_DEFAULT`."""
    import os  # start-up: only when asked

    v = os.environ.get(CUTLASS_ENV) or CUTLASS_DEFAULT
    if v not in CUTLASS_RELEASES:
        raise CuteDumpError(f"{CUTLASS_ENV}={v!r}: expected one of {', '.join(CUTLASS_RELEASES)}")
    return v


def cutlass_fact(name: str):
    """The value of fact ``name`` of :data:`CUTLASS_FACTS` for the version answered now."""
    return CUTLASS_FACTS[name][cutlass()]


def require_cutlass(name: str, what: str | None = None) -> None:
    """Refuse ``name`` (as the user wrote it: ``what``) when the version answered now does not have it."""
    have = CUTLASS_ONLY.get(name)
    v = cutlass()
    if have is not None and v not in have:
        raise CuteDumpError(
            f"{what or name}: {name} exists in CUTLASS {' and '.join(CUTLASS_RELEASES[h] for h in have)} only, "
            f"not in {CUTLASS_RELEASES[v]} (--cutlass {have[-1]})"
        )


def version_text(prog: str = "cutedump") -> str:
    """``cutedump --version``: the package version, then one line per system the answers are exact against, and
    what CUTLASS 4.7.0 answers otherwise where the oracle batches were compared."""
    lines = [f"{prog}, version {__version__}", "exact against:"]
    lines += [f"  {_LABELS[k]}: {v}" for k, v in EXACT_AGAINST.items()]
    others = [r for r in CUTLASS_RELEASES.values() if r != EXACT_AGAINST["cutlass"]]
    lines[2] += f" and {', '.join(others)} (--cutlass {'|'.join(CUTLASS_RELEASES)}, default {CUTLASS_DEFAULT})"
    lines.append(f"compared with CUTLASS {CUTLASS_NEXT['version']} (docs/CUTLASS_VERSIONS.md); it differs in:")
    lines += [f"  {d}" for d in CUTLASS_NEXT["differs"]]
    return "\n".join(lines)


def json_answer(answer, *, indent: int | None = None, ensure_ascii: bool = True) -> str:
    """The text of a JSON answer (one line, or ``indent``-ed), with a newline: the answer's object with
    :data:`VERSIONS` under the key ``"versions"``, last (the answer's own keys keep their order and bytes), its
    ``"cutlass"`` the release answered (``--cutlass``, :func:`cutlass`).
    Every JSON answer the commands print is written here."""
    if isinstance(answer, dict):  # "cutlass": the CUTLASS this answer is of (--cutlass; issue 45)
        answer = {**answer, "versions": {**VERSIONS, "cutlass": CUTLASS_RELEASES[cutlass()]}}
    import json  # start-up: json only for a JSON answer

    return json.dumps(answer, indent=indent, ensure_ascii=ensure_ascii) + "\n"
