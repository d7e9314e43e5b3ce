"""The one option vocabulary of cutedump: every option name any command takes, with its one meaning.

An option name means the same thing in every command that has it (``--thread`` is always a thread index, ``--thr``
always a thread layout, ``--tile`` always a tile, ``--type`` always an element type). tests/test_vocabulary.py
walks every command's click parameters and checks each visible option against this table (its name is listed, its
kind matches); README.md's option table is :func:`markdown_table` of it. A new command adds its new options here.

Old spellings (hidden from --help, deprecated for one release, a one-line note on stderr when used) are in
:data:`DEPRECATED`: old -> new.
"""

from __future__ import annotations

#: kind of value: "int" (an integer), "text" (a string: a layout, shape, name, list...), "flag" (no value),
#: "choice" (one of a few words), "file"
VOCAB: list[tuple[str, str, str]] = [
    # ---- the objects: atoms, layouts, tiles
    (
        "--mma",
        "text",
        "an MMA atom name, e.g. SM80_16x8x16_F16F16F16F16_TN (`atoms --mma [PATTERN]`: list the MMA "
        "atoms matching a name pattern)",
    ),
    (
        "--copy",
        "text",
        "a copy atom name, e.g. SM75_U32x4_LDSM_N (`atoms --copy [PATTERN]`: list the copy atoms "
        "matching a name pattern)",
    ),
    ("--type", "text|choice", "the element (value) type, e.g. half_t, float, float16"),
    ("--type-bits", "int", "the element size in bits, instead of --type"),
    ("--atom-layout", "text", 'the atom layout of a TiledMMA, e.g. "(_2,_2)"'),
    (
        "--tile",
        "text",
        'a tile: the permutation Tile<M,N,K> of a TiledMMA, e.g. "(_32,_32,_16)"; with --tv the '
        "(M,N) tile the TV layout indexes; `collective`: CUTLASS's MmaTileShape_MNK M,N,K (the CTA pair's tile for "
        "the SM100 2SM UMMA)",
    ),
    ("--cta-tile", "text", "the CTA tile BLK_M,BLK_N,BLK_K of a kernel, e.g. 128,128,64"),
    ("--thr", "text", 'the thread layout of make_tiled_copy, e.g. "(_16,_8):(_8,_1)"'),
    ("--val", "text", 'the value layout of make_tiled_copy, e.g. "(_1,_8)"'),
    ("--tv", "text", "a (thread, value) -> index layout"),
    (
        "--operand",
        "choice",
        "which operand: A, B, C (make_tiled_copy_A/B/C, partition_A/B/C, the SM100 TMA "
        "makers make_tma_atom_A/B_sm100), or C_atom",
    ),
    ("--thread", "int", "a thread index (threadIdx.x)"),
    ("--threads", "int", "a number of threads"),
    ("--warp", "int", "a warp index"),
    ("--tids", "text", "a list of thread indices, e.g. 0,8,16,24"),
    ("--shape", "text", 'the shape of a tensor or buffer, e.g. "(_128,_64)" or 64,16'),
    ("--layout", "text", 'the layout of a tensor, e.g. "(_128,_64):(_64,_1)"'),
    ("--partition", "text", "the tensor (shape or layout) to partition"),
    ("--side", "choice", "a copy's side: S (source, partition_S) or D (destination, partition_D)"),
    ("--fragment", "flag", "partition_fragment_X instead of partition_X"),
    ("--retile", "flag", "retile_D of the MMA fragment"),
    ("--atom-only", "flag", "only the atom, no tiling"),
    ("--samples", "flag", "add the per-thread src2ref / dst2ref sample tables"),
    ("--copy-v", "int", "make_tiled_copy_C_atom's copy_V (values per copy)"),
    ("--variant", "choice", "the host path of sgemm_sm80: tn or nt"),
    ("--detail", "int", "how many levels of sub-expressions explain narrates"),
    # ---- shared memory
    ("--store", "flag", "the smem tensor is the copy's destination (--load: its source)"),
    ("--load", "flag", "the smem tensor is the copy's source (--store: its destination)"),
    ("--also", "text", "another copy of the same smem tile, in the same options, that must stay conflict-free"),
    ("--no-fix", "flag", "do not search a swizzle or padding for a conflicting copy"),
    ("--inst", "text", "a shared-memory instruction, e.g. ld.shared.b128, ldmatrix.x4"),
    ("--addresses", "text", "the 32 lanes' byte addresses of one instruction"),
    ("--compact", "flag", "one line per instruction"),
    # ---- Hopper / Blackwell: descriptors, TMA, tensor memory
    (
        "--smem-address",
        "text",
        "the byte address of a shared-memory tensor, e.g. 0x400 (default: unset, address 0 "
        "as CuTe computes on the host)",
    ),
    (
        "--kind",
        "choice",
        "which kind: of descriptor (desc: gmma, SM90 GmmaDescriptor, or umma, SM100 UMMA::SmemDescriptor); of "
        "scaling (scale: mxf8f6f4, mxf4, nvf4 or blockwise)",
    ),
    ("--mn", "int", "the MN extent a decoded descriptor's layout covers"),
    ("--picture", "choice", "draw it: svg, html or latex (to standard output)"),
    ("--family", "text", "a UMMA atom family, e.g. SM100_MMA_F16BF16_SS, to narrow a decoded instruction descriptor"),
    ("--block-scaled", "flag", "the instruction descriptor is the block-scaled form (InstrDescriptorBlockScaled)"),
    ("--op", "text", "a TMA copy operation, e.g. SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST, SM90_TMA_STORE"),
    ("--gmem", "text", 'the global-memory tensor\'s layout, e.g. "(4096,4096):(4096,_1)"'),
    ("--smem", "text", 'the shared-memory layout, e.g. "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))"'),
    (
        "--cluster",
        "int|text",
        "the cluster size along the multicast mode (1: no multicast); `collective`: the cluster shape M,N,K, or "
        "dynamic (Shape<int,int,_1>)",
    ),
    ("--tma-partition", "flag", "add tma_partition of one CTA's tiles"),
    ("--cta-coord", "text", "the CTA's tile coordinate for local_tile, e.g. (0,0)"),
    ("--cta", "int", "the CTA's rank in the multicast cluster"),
    ("--mma-tiler", "text", 'the MMA tiler (TILE_M,TILE_N,TILE_K) of the SM100 TMA makers, e.g. "(_256,_256,_64)"'),
    ("--cluster-shape", "text", 'the cluster shape (ClusterM,ClusterN,ClusterK), e.g. "(4,4,1)"'),
    ("--tiled-copy", "flag", "make_tma_copy_A/B/C_sm100 (a TiledCopy) instead of make_tma_atom_A/B_sm100"),
    ("--lower-corner", "text", "im2col TMA: the pixel box's lower corner, one int per spatial mode (W,H,D order)"),
    ("--upper-corner", "text", "im2col TMA: the pixel box's upper corner, one int per spatial mode (W,H,D order)"),
    ("--traversal-stride", "text", "im2col TMA: the convolution's traversal strides (W,H,D order)"),
    # ---- kernels
    ("--set", "text", "NAME=VALUE: override a kernel parameter (128 dynamic, _128 static)"),
    ("--dump-layouts", "flag", "print every object and the thread's partitions"),
    ("--dump-m", "int", "the problem size M"),
    ("--dump-n", "int", "the problem size N"),
    ("--dump-k", "int", "the problem size K"),
    ("--no-readings", "flag", "only the objects: no '  # ...' readings, no bank audit"),
    ("--dump-latex", "flag", "write print_latex files into --outdir"),
    ("--outdir", "text", "the directory files are written to"),
    # ---- Composable Kernel
    ("--lengths", "text", "a CK descriptor's lengths, e.g. 256,64 (_N: static Number<N>)"),
    ("--strides", "text", "a CK descriptor's strides, e.g. 64,1"),
    ("--align", "text", "make_naive_tensor_descriptor_aligned's alignment"),
    ("--stage", "text", "one transform_tensor_descriptor call"),
    ("--name", "text", "the name printed for a CK descriptor"),
    ("--M", "int", "the GEMM size M"),
    ("--N", "int", "the GEMM size N"),
    ("--K", "int", "the GEMM size K"),
    ("--stride", "int", "a GEMM operand's leading stride (StrideA/StrideB/StrideC)"),
    (
        "--major",
        "choice",
        "an operand's major-ness: row or col (CK's ALayout/BLayout), K or MN (GMMA/UMMA descriptors, scale factors)",
    ),
    ("--AK1", "int", "CK's AK1/BK1: K elements per vector"),
    ("--MPerBlock", "int", "CK's block tile M"),
    ("--NPerBlock", "int", "CK's block tile N"),
    ("--KPerBlock", "int", "CK's block tile K"),
    ("--MPerXdl", "int", "CK's MFMA size, 32 or 16"),
    ("--MXdlPerWave", "int", "CK's MRepeat"),
    ("--NXdlPerWave", "int", "CK's NRepeat"),
    ("--extra-m", "int", "CK's ABlockLdsExtraM (LDS padding)"),
    ("--cshuffle-m", "int", "CK's CShuffleMXdlPerWavePerShuffle"),
    ("--cshuffle-n", "int", "CK's CShuffleNXdlPerWavePerShuffle"),
    ("--slice-lengths", "text", "CK's SliceLengths"),
    ("--spec", "choice", "CK's GemmSpecialization"),
    ("--vector-dim", "int", "CK's SrcVectorDim"),
    ("--scalar-per-vector", "int", "CK's SrcScalarPerVector"),
    ("--no-cute", "flag", "skip the CuTe view"),
    ("--offsets", "flag", "json: every index's offset"),
    ("--limit", "int", "how many coordinates are listed"),
    # ---- TileLang
    ("--buffer-shape", "text", "the shared buffer's shape (replicate_extent)"),
    ("--continuity", "int", "TileLang's continuity"),
    ("--k-outer", "flag", "TileLang's k_inner = False (K-outer)"),
    ("--no-pad", "flag", "TileLang's allow_pad = False"),
    (
        "--b",
        "flag|text",
        "the B operand: TileLang's is_a = False; `collective`: B's element type and layout tag, "
        "e.g. half_t:ColumnMajor",
    ),
    # ---- CUTLASS's GEMM CollectiveBuilder (collective)
    (
        "--arch",
        "choice",
        "the target architecture: the CollectiveBuilder's tag sm90 (arch::Sm90), sm100 (arch::Sm100) or sm120 "
        "(arch::Sm120, GeForce Blackwell); scale: sm100, sm103 or sm120",
    ),
    ("--a", "text", "A's element type and layout tag, e.g. half_t:RowMajor (or half_t:K), or a cute::Stride<..> type"),
    ("--c", "text", "C's (the source's) element type and layout tag (or a cute::Stride<..> type), or void (no source)"),
    (
        "--d",
        "text",
        "D's (the output's) element type and layout tag (or a cute::Stride<..> type), e.g. half_t:RowMajor",
    ),
    ("--acc", "text", "the accumulator element type, e.g. float"),
    ("--stages", "text", "the mainloop's pipeline stages: auto (StageCountAuto[Carveout]) or a count"),
    (
        "--carveout",
        "text",
        "shared-memory bytes kept from the mainloop's stages: auto (the epilogue's SharedStorage) or bytes",
    ),
    ("--schedule", "text", "the kernel schedule tag, e.g. KernelTmaWarpSpecializedCooperative, or auto"),
    ("--epilogue-schedule", "text", "the epilogue schedule tag, e.g. TmaWarpSpecialized, or auto"),
    ("--epilogue-tile", "text", "the epilogue tile M,N, or auto (EpilogueTileAuto)"),
    ("--epilogue-tile-shape", "text", "the TileShape_MNK M,N,K the epilogue builder is given, where it is not --tile"),
    ("--cluster-preferred", "text", "a dynamic cluster's preferred launch cluster M,N (hw_info.cluster_shape)"),
    ("--cluster-fallback", "text", "a dynamic cluster's fallback launch cluster M,N (hw_info.cluster_shape_fallback)"),
    ("--grouped", "flag", "a grouped (ptr-array) GEMM: every layout tag a pointer, LayoutA* ... LayoutD*"),
    (
        "--sf-vec",
        "text",
        "blockwise scaling: the scale granularity M,N,K of CUTLASS's Sm90BlockwiseScaleConfig / "
        "Sm1xxBlockwiseScaleConfig<M,N,K,..>, e.g. 1,128,128",
    ),
    ("--sf-major", "text", "with --sf-vec: the scale factors' majors, SFA's then SFB's (MN, K, MN,K or K,MN)"),
    (
        "--reorder-atom",
        "text",
        "SM90 mixed input: the atom cutlass::compute_memory_reordering_atom<MmaType[, AtomLayout, ValLayout]>() "
        "that a reordered Layout type in --a/--b tiles (examples 55 and 69's LayoutAtomQuant)",
    ),
    (
        "--scale-group",
        "text",
        "SM100 mixed input: the scale granularity MN,K of CUTLASS's Sm100MixedInputBlockwiseScaleConfig<MN,K>",
    ),
    (
        "--fusion",
        "text",
        "the epilogue's fusion operation, e.g. LinCombEltAct<ReLu>, or a custom EVT as C++ spells it (Sm90EVT<...>) (default: LinearCombination)",
    ),
    ("--alignment-a", "int", "A's alignment in elements (default: 128 bits)"),
    ("--alignment-b", "int", "B's alignment in elements (default: 128 bits)"),
    ("--alignment-c", "int", "C's alignment in elements (default: 128 bits)"),
    ("--alignment-d", "int", "D's alignment in elements (default: 128 bits)"),
    ("--problem", "text", "a GEMM problem M,N,K[,L]"),
    # ---- scale factors (scale)
    ("--vs", "int", "the elements of K one scale factor scales (SFVecSize): 16 or 32"),
    ("--cta-group", "choice", "the CTAs of one MMA: 1, or 2 (a 2x1SM UMMA)"),
    ("--element", "text", "an element m,k of A"),
    ("--granularity", "text", "a blockwise scale's block SFVecSizeM,SFVecSizeN,SFVecSizeK, e.g. 1,128,128"),
    ("--toml", "flag", "write a `cutedump kernel` description (TOML) instead of the dump"),
    ("--transposed", "flag", "the transposed variant"),
    ("--inverse", "int", "show which index lands at this offset"),
    ("--vectors", "flag", "the table in 128-bit vector units"),
    ("--cute", "flag", "show the equal CuTe layout, checked at every index"),
    ("--row0", "int", "the first table row"),
    ("--col0", "int", "the first table column"),
    # ---- tables and views
    ("--at", "text", "trace one index, e.g. 3,17,5"),
    ("--idx", "text", "one index or coordinate to convert (repeatable)"),
    ("--table", "flag", "also print a table"),
    ("--rows", "int", "the rows of a table"),
    ("--cols", "int", "the columns of a table"),
    ("--info", "flag", "add rank, depth, size and cosize"),
    ("--coords", "flag", "add the index -> coordinate -> offset table"),
    ("--values", "flag", "json: every index's value"),
    (
        "--views",
        "choice",
        "which element-by-element views to print: auto (all up to 256 elements, else none), none, tensor, "
        "hardware or all",
    ),
    # ---- output
    ("--format", "choice", "the output: text, json (one JSON object), or svg where offered"),
    (
        "--lang",
        "choice",
        "the narration language, zh or en (default: env CUTEDUMP_LANG, else the command's: zh, or "
        "en for tma, tmem, desc, idesc, scale and collective; kernel: a file's [kernel] lang before zh)",
    ),
    (
        "--syntax",
        "choice",
        "how answers are spelled: print (CuTe's print), cpp (C++ as kernels write it), dsl (as the CuTe DSL prints it)",
    ),
    ("--params", "flag", "kernel: list the description's parameters, defaults and legal values"),
    ("--plain", "flag", "exact CuTe bytes, no colour, even on a terminal"),
    ("--force", "flag", "do what cutedump refuses for safety: very large outputs, overwriting files"),
    # ---- files and batches
    ("-f", "file", "read one expression per line from a file ('-': standard input)"),
    ("--ttgir", "file", 'a .ttgir file (triton.compile(...).asm["ttgir"]): dump every layout alias it defines'),
    ("--from-cute", "text", "a CuTe (thread, value) -> index TV layout, turned into Triton's linear-layout bases"),
    ("--triton-shared", "text", "a Triton shared layout (Gluon or TTGIR spelling) the smem tile is stored in"),
    ("--triton-reg", "text", "a Triton distributed layout (Gluon or TTGIR spelling) that reads or writes the tile"),
    ("--vec", "int", "elements per shared-memory access, the vector width (Triton mode of bank: stated by the user)"),
    ("--file", "file", "read one expression per line from a file ('-': standard input)"),
    ("-j", "int", "how many processes answer -f"),
    ("--jobs", "int", "how many processes answer -f"),
    ("--only", "text", "only this golden file (repeatable)"),
]

#: old spelling -> new spelling (hidden, deprecated for one release; a note on stderr when used)
DEPRECATED: dict[str, str] = {
    "mma --thr": "--thread",
    "copy --thr-idx": "--thread",
    "tiled-copy-c --permutation": "--tile",
    "latex/svg/html --permutation": "--tile",
    "latex/svg/html --copy-for": "--operand",
    "sgemm-sm80 --tile": "--cta-tile",
    "tilelang * --dtype": "--type",
    "tilelang * --dtype-bits": "--type-bits",
    "ck recipe --layout": "--major",
}


def meaning(name: str) -> tuple[str, str] | None:
    """(kind, meaning) of an option name, or None when the vocabulary does not list it."""
    for n, k, m in VOCAB:
        if n == name:
            return k, m
    return None


def markdown_table() -> str:
    """README.md's option table: each option once, with its meaning (and the old spellings)."""
    rows = ["| option | meaning |", "|---|---|"]
    seen = set()
    for n, _, m in VOCAB:
        if m in seen and n in ("--file", "--jobs"):
            continue
        seen.add(m)
        shown = {"-f": "`-f`, `--file`", "-j": "`-j`, `--jobs`"}.get(n, f"`{n}`")
        rows.append(f"| {shown} | {m.replace('|', '&#124;')} |")
    old = "; ".join(f"{k} → `{v}`" for k, v in DEPRECATED.items())
    return "\n".join(rows) + f"\n\nOld spellings, hidden and kept for one release (a one-line note on stderr): {old}.\n"
