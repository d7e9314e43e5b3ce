"""English readings of the kernel dump (``cutedump sgemm-sm80``, ``cutedump kernel``): one line per object."""

MESSAGES = {
    "prefix": "  # ",
    "join": ", ",
    "mode": "{name} = {value}",
    "mode_div": "{name} = {value} = {size}/{tile}",
    "mode_ceil": "{name} = {value} = ceil({size}/{tile})",
    "frg": "{name} = {value} = (FrgV={v}, FrgX={x})",
    "mma_vals": "{name} = {value} {value:|value|values} of one MMA atom",
    "dynamic": " (run-time values)",
    "layout": "{modes}; size {size}, cosize {cosize}",
    "swizzle": "; {sw} XORs offset bits [{y0},{y1}) into bits [{z0},{z1})",
    "tiled_copy": "{threads} {threads:|thread|threads} x {vals} {vals:|value|values} = {total} {total:|element|elements} = the {tile} tile (Tiler_MN); "
    "each atom instruction moves {atom_vals} {atom_vals:|value|values} of {bits}b per thread",
    "tiled_mma": "{threads} {threads:|thread|threads} = {atom_threads} per atom x {atoms} {atoms:|atom|atoms} ({layout}); "
    "one atom computes {atom_mnk}, the TiledMMA tile is {tile}",
    "vmnk": "(ThrV={v}, ThrM={m}, ThrN={n}, ThrK={k}) = {total} {total:|thread|threads}; thread_idx = {formula}",
    "tv": "(thread, value) -> index in the {tile} tile: {threads} {threads:|thread|threads} x {vals} {vals:|value|values}",
    "ldmatrix": "src2ref reorders the source (thread, value) pairs into the reference (register) order; "
    "dst2ref {dst_ident}",
    "dst_identity": "is the identity (Dst = Ref)",
    "dst_not_identity": "reorders them too",
    "gmem": "global memory",
    "smem": "shared memory",
    "rmem": "registers",
    "tensor": "{modes} in {memory}",
    "local_tile": "{modes}: block (0,0)'s tile of {src}",
    "copy_part": "{modes}: thread {thread}'s share of {src} in {op} of {of}",
    "mma_part": "{modes}: thread {thread}'s share of {src} in {op} of {of}",
    "retile": "{modes}: {src} as {of} sees it ({op})",
    "bank_title": "bank audit (H100 bank model; warp {warp}; one pipe stage / one copy() pass):",
    "bank_line": "{what}{copy} {arrow} {tensor}: {side}, {n} x {inst} per warp; warp {warp}: wavefronts {wf}, "
    "ideal {ideal}, conflicts {conf}; all {nwarps} {nwarps:|warp|warps}: conflicts {all_conf}; vector "
    "{vec} {vec:|element|elements} = {vbits} bits (atom {abits} bits)",
    "bank_fix": "; fix: {layout} ({cpp})",
    "bank_pad": "; fix: pad to {layout}",
    "bank_nofix": "; no swizzle Sw<B,M,S> (B<=4, M<=7, S<=8) or padding makes every copy of {tensor} conflict-free",
    "bank_fix_error": "; no fix searched: {error}",
    "bank_not_modelled": "{what}{copy} {arrow} {tensor}: not modelled ({note}: copy() with an auto-vectorizing atom vectorizes the whole partition)",
    "bank_none": "no [[smem_copies]] in the description: nothing to audit",
    "fragment_like": "{modes}: registers shaped like {src} (make_fragment_like)",
    "desc_vals": "{name} = {value} GMMA {value:|descriptor|descriptors} per wgmma block",
    "desc_part": "{modes}: thread {thread}'s GMMA smem descriptors of {src} ({op} of {of}; every thread of the "
    "warpgroup holds the same ones); k-block 0: {name}(0) = {hex} ({major}-major, {layout_type}, start "
    "{start}, LBO {lbo}, SBO {sbo} in 16-byte units)",
    "desc_title": "wgmma descriptor audit (k-block 0 of each shared-memory operand):",
    "desc_line": "wgmma {operand} <- {tensor}: {name}(0) = {hex}: {major}-major, layout type {layout_type}, start "
    "{start}, LBO {lbo}, SBO {sbo}, base offset {base}; {verdict}",
    "desc_same": "the layout type matches the swizzle {sw} ({want}) the smem tile is written with",
    "desc_differs": "the layout type differs from the smem swizzle {sw} ({want}): the wgmma would read the tile "
    "wrongly",
    "tma_atom": "{op} of {gmem} ({type}) into {smem}: one TMA box {box} = {elems} {elems:|element|elements} = {bytes} "
    "bytes per instruction; cuTensorMapEncodeTiled({dtype}, rank {rank}, globalDim {gdim}, globalStrides "
    "{gstr} bytes, boxDim {bdim}, elementStrides {es}, {interleave}, {swizzle}, {l2}, {oob})",
    "tma_atom_split": "{op} of {gmem} ({type}) into {smem}: the whole TMA box {box} = {elems} {elems:|element|elements} "
    "= {bytes} bytes, split over {parts} CTAs: each CTA's instruction moves boxDim {bdim} = {celems} "
    "{celems:|element|elements} = {cbytes} bytes and {share}; cuTensorMapEncodeTiled({dtype}, rank "
    "{rank}, globalDim {gdim}, globalStrides {gstr} bytes, boxDim {bdim}, elementStrides {es}, "
    "{interleave}, {swizzle}, {l2}, {oob})",
    "tma_share_multicast": "multicasts it to every CTA of the mask (each CTA receives the whole box)",
    "tma_share_own": "each CTA receives only its own part ({op} does not multicast)",
    "tma_tensor": "{modes}: TMA coordinates for {of}, no memory (each element is the ArithTuple of its box "
    "coordinates: {terms})",
    "tma_term": "{name} -> coordinate {j}",
    "tma_term_none": "{name} -> none",
    "tma_part_g": "{modes}: the TMA coordinates of block (0,0)'s {src} tiles (tma_partition by {of}: TMA = {tma} = "
    "{iters} {iters:|box|boxes} of {box} elements); the same in every thread, one elected thread issues "
    "the copies",
    "tma_part_s": "{modes}: the shared memory of {src} each TMA copy writes (tma_partition by {of}: TMA = {tma} "
    "elements = {bytes} bytes a stage)",
    "tma_bytes": "{parts} = {total} bytes: what one stage's TMA copies write (the barrier's expected transaction "
    "bytes)",
    "bank_tma": "{what}{copy} {arrow} {tensor}: written by the TMA unit ({bytes}-byte {box} box, {swizzle}), not "
    "by threads: TMA is not a thread copy, so no bank conflicts are counted for it; the audit of the "
    "thread copies of the tile is unchanged",
    "tma_title": "TMA audit (each TMA copy's swizzle vs the wgmma descriptors that read the tile; bytes per stage):",
    "tma_line": "{name} -> {tensor}: {swizzle}; {verdict}; {iters} x {bytes}-byte {box} {iters:|box|boxes} = "
    "{stage} bytes a stage",
    "tma_same": "{desc} reads it with GMMA layout type {lt}: the same swizzle",
    "tma_differs": "{desc} reads it with GMMA layout type {lt}, but TMA writes {want}: the wgmma would read the "
    "tile wrongly",
    "tma_no_desc": "no wgmma descriptor reads {tensor}",
    "tma_total": "one stage: {name} = {parts} = {total} bytes (the transaction bytes the stage's barrier expects)",
    # Blackwell (cutedump/kernel/sm100.py, dumps/kernel_sm100.py)
    "coord": "{modes}",
    "tile_size": "the {dim} extent of {of}'s MMA tile {tile}",
    "tile_shape": "{of}'s MMA tile (M,N,K) = {tile}",
    "atom_thr_id": "the CTAs one MMA atom spans (AtomThrID of {of}): {n}",
    "mma_size": "{of} has {n} {n:|thread|threads} (UMMA: one per CTA of the MMA)",
    "partition_shape": "{modes}: one CTA's share of a {shape} tile (partition_shape_{op} of {of})",
    "tmem_copy": "{threads} {threads:|thread|threads} x {vals} {vals:|value|values} = the {tile} tile of {src} (make_tmem_copy with {op})",
    "umma_desc": "{modes}: the UMMA smem descriptors of {src} ({op} of {of}, one per MMA); k-block 0: {name}(0) = {hex} ({major}-major, {layout_type}, start {start}, LBO {lbo}, SBO {sbo} in 16-byte units)",
    "umma_desc_vals": "{name} = {value} UMMA {value:|descriptor|descriptors} per MMA",
    "tmem_acc": "{modes}: the accumulator in tensor memory ({op} of {of}): lanes {lanes}, {cols} 32-bit {cols:|column|columns}",
    "mma_part_cta": "{modes}: peer CTA {v}'s share of {src} in {op} of {of} (get_slice({thr}))",
    "tmem_copy_part": "{modes}: thread {thread}'s share of {src} in {op} of {of}",
    "flat_coord": "{modes}: the (V,M,N,K) coordinate of CTA rank {index} in the cluster (get_flat_coord)",
    "scale_layout": "{modes}: {call}; {sfs} scale {sfs:|factor|factors} (size {size} counts the {size:|element|elements} they scale), cosize {cosize}",
    "mcast_mask": "the CTAs (bits = cluster ranks) a multicast from this CTA reaches: {ctas} ({modes})",
    "mcast_modes": "create_tma_multicast_mask<{modes}>",
    "zipped_divide": "{modes}: {src} divided into tiles of {tiler} (zipped_divide: the tile, then which tile)",
    "tma_title_umma": "TMA audit (each TMA copy's swizzle vs the UMMA descriptors that read the tile; bytes per stage):",
    "tma_same_umma": "{desc} reads it with UMMA layout type {lt}: the same swizzle",
    "tma_differs_umma": "{desc} reads it with UMMA layout type {lt}, but TMA writes {want}: the tcgen05.mma would read the tile wrongly",
    "tma_no_desc_umma": "no UMMA descriptor reads {tensor}",
    # bstoml: the block-scaled GEMM's scale-factor TMA (a TmaInternalType) and TMEM fragments
    "tma_recast": "; the TMA moves the {type} values as {tma} ({tbits}-bit TMA elements: make_tma_atom<{tma}>)",
    "sf_frag": "{modes}: one stage's scale factors of operand {operand} in tensor memory (make_tensor<FrgTypeSF{operand}> of {of} over shape({layout})): lanes {lanes}, {cols} 32-bit {cols:|column|columns}",
}
