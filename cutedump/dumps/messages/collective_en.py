"""English wording of `cutedump collective`: its why lines (``coll.*``: one key per Phrase the builders' rules in
cutedump/collective/ state; their fields are the facts the rule computed) and its narrated lines (``coll.text.*``).
The words of CUTLASS (type, schedule, file names) stay as CUTLASS spells them in every language."""

MESSAGES = {
    # ---- the schedule (KernelScheduleAuto, sm90_gmma_builder.inl / sm100_umma_builder.inl)
    "coll.schedule_given": "schedule {schedule} as given",
    "coll.given": "{value} as given",
    "coll.auto_cp_async": "KernelScheduleAuto: A ({align_a} x {bytes_a} B) or B ({align_b} x {bytes_b} B) is not "
    "{tma_bytes}-byte aligned (no TMA) -> {schedule} (cp.async, non-persistent: less register pressure)",
    "coll.auto_pingpong": "KernelScheduleAuto: A and B are {tma_bytes}-byte aligned (TMA) and tile M == {m} -> Pingpong",
    "coll.auto_cooperative": "KernelScheduleAuto: A and B are {tma_bytes}-byte aligned (TMA) and tile M == {m} != "
    "{pingpong_m} -> Cooperative",
    # ---- the MMA atom
    "coll.op_selector": "{selector}: ({acc} += {a} * {b}) with K-step {k}; N = {n}, the largest of {ns} dividing "
    "tile N = {tile_n}",
    "coll.umma_schedule": "{schedule} -> the {sm} UMMA",
    "coll.umma_auto": "KernelScheduleAuto: cluster M = {cm} is {parity} and tile M = {m} is {multiple} -> the {sm} "
    "UMMA",
    "coll.even": "even",
    "coll.odd": "odd",
    "coll.is_multiple": "a multiple of {of}",
    "coll.not_multiple": "not a multiple of {of}",
    # ---- the smem atoms
    "coll.smem_selector": "{selector}: {major}-major, {mode} = {extent} is a multiple of {span} ({nbytes} B of "
    "{element}) -> {swizzle}",
    "coll.rs_smem_word": "rs_smem_selector: MN-major whole-word {element}: SW32 (bank-conflict free; BLK_MN = "
    "{blk_mn} is a multiple of {multiple})",
    "coll.rs_smem_byte": "rs_smem_selector: MN-major {nbytes}-byte {element} with B transposed in smem: SW128 only "
    "(BLK_MN = {blk_mn})",
    "coll.umma_smem_word": "sm100_smem_selector: MN-major {bits}-bit operands take SW128_32B, the only choice",
    # ---- the gmem copies
    "coll.tma_single": "{operand}: cluster {mode} = {extent}, no CTA shares its tile -> {op}",
    "coll.tma_multicast": "{operand}: cluster {mode} = {extent} CTAs share its tile -> {op} along cluster mode {mode}",
    "coll.tma_2sm_a": "A, {sm} UMMA: cluster N = {extent} -> {op}",
    "coll.tma_2sm_b": "B, {sm} UMMA: cluster M = {extent} -> {op}",
    "coll.tma_2sm_b_pair": "B, {sm} UMMA: cluster M = {extent} (the UMMA's own pair) -> {op}",
    "coll.simt_copy": "make_simt_gmem_tiled_copy: {threads} producer threads, {t_major} along the {major}-major gmem "
    "mode ({extent} / {alignment}-element vectors), thread layout {thr}, value layout {val}, {atom}",
    # ---- the stages
    "coll.stages_given": "StageCount<{stages}> as given",
    "coll.carveout_epilogue": "the epilogue's SharedStorage",
    "coll.carveout_given": "as given",
    "coll.carveout_swizzle_aligned": "{source}, rounded to the smem atoms' {alignment}-byte swizzle alignment",
    "coll.stages_auto": "StageCountAutoCarveout<{carveout}> ({source}): ({capacity} capacity{kernel} - {carve} carveout) / "
    "({ab_bytes} A+B{scales} bytes + {pipeline_bytes} pipeline bytes per stage = {per}) = {stages}",
    "coll.stages_auto_sm100": "StageCountAutoCarveout<{carveout}>: ({capacity} capacity - {kernel_carve} kernel "
    "carveout ({acc_stages} accumulator stages) - {carveout} carveout) / ({ab_bytes} A+B bytes + {pipeline_bytes} "
    "pipeline bytes per stage = {per}) = {stages}",
    # ---- the dispatch policy
    "coll.dp_fp8": "FP8 inputs without FastAccum take the FP8 mainloop (two-level accumulation)",
    "coll.dp_tma_gmma": "TMA + GMMA warp-specialized mainloop",
    "coll.dp_tma_umma": "TMA + UMMA warp-specialized",
    "coll.dp_rs": "is_use_rmem_A: {a} x {b} are not {bits}-bit and not both K-major -> the RS builder; {how}",
    "coll.rs_swap": "A is K-major and B MN-major ({a} x {b}): the collective swaps A and B (SwapAB) -- the MMA reads "
    "B from registers, A from smem",
    "coll.rs_transpose": "A and B are both MN-major ({a} x {b}): A is read from registers, B is transposed in smem "
    "to the K-major {atom} the MMA reads",
    "coll.rs_a_mn": "A is MN-major ({a}): the MMA reads A from registers (copied from smem), B from smem",
    "coll.dp_cp_async": "{schedule}: cp.async producer {groups:|warp group|warp groups} ({threads} threads) fill the "
    "smem stages",
    "coll.dp_cp_async_rs": "{schedule}: cp.async producer {groups:|warp group|warp groups} ({threads} threads) fill "
    "the smem stages; A is read from registers (is_use_rmem_A)",
    "coll.sm100_policy": "{policy}<{stages}, {sched_stages} scheduler stages, {acc_stages} accumulator stages, "
    "cluster {cluster}> ({acc_why}, at most {most})",
    "coll.acc_stages": "{lanes} x {columns} TMEM / ({cta_m} x {cta_n}) per-CTA tile = {stages}",
    "coll.acc_stages_pair": "{lanes} x {columns} TMEM / ({cta_m} x {cta_n}) per-CTA tile of the {m} x {n} "
    "MmaTileShape over the {sm} pair = {stages}",
    "coll.acc_stages_m64": "{sm} M={m}: ({columns} / {cta_n}) x {times} = {stages}",
    # ---- the epilogue
    "coll.epi_auto_nosmem": "EpilogueScheduleAuto -> NoSmemWarpSpecialized: DefaultEpilogue, registers straight to "
    "global memory, no shared memory",
    "coll.epi_nosmem_given": "{value} as given: no shared memory, registers straight to global memory",
    "coll.epi_auto_2sm": "EpilogueScheduleAuto: cluster M = {cm}, tile M = {m} -> {schedule} (even cluster M, tile M "
    "{m_lo} or {m_hi})",
    "coll.epi_auto_1sm": "EpilogueScheduleAuto: cluster M = {cm}, tile M = {m} -> {schedule}",
    "coll.epi_tile_given": "epilogue tile ({em},{en}) as given",
    "coll.epi_tile_coop": "EpilogueTileAuto, cooperative: (min({cm}, {m}), gcd(min({nperf}, {n}), {n})) = ({em},{en})",
    "coll.epi_tile_ws": "EpilogueTileAuto, warp-specialized: (min({cm}, {m}), gcd(min({nperf}, {n}), {n})) = "
    "({em},{en})",
    "coll.epi_tile_sm100": "EpilogueTileAuto: M = min(CTA M {cta_m}, {lanes} x {wm} warps) = {em}; N = min({n}, "
    "max(N_perf {nperf}, N_min_C {nmin_c}, N_min_D {nmin_d})) = {en}",
    "coll.epi_stages": "{policy}: {tiles} epilogue tiles per CTA tile; StagesD = min({tiles}, {max_d}) = {stages_d}; "
    "StagesC = min({tiles}, {max_c}) = {stages_c}",
    "coll.epi_stages_reuse": "{policy}: {tiles} epilogue tiles per CTA tile; StagesD = min({tiles}, {max_d}) = "
    "{stages_d}; StagesC = max(min({tiles}, {max_c}), StagesD+{inc}) = {stages_c} ({reuse})",
    "coll.reuse_same_bits": "C and D are both {bits}-bit: D reuses C's smem",
    "coll.reuse_wider": "C is wider than {bits} bits: D reuses C's smem",
    # ---- the narrated lines of the answer (the rest is CUTLASS's names and CuTe's prints)
    "coll.text.gmma_transposed_b": "GMMA's smem_layout_b (B transposed in smem, K-major): {layout}",
    "coll.text.gmma_descs": "wgmma descriptors of k-block {k}, stage {stage} (thread {thread}'s "
    "partition_fragment_A/B; decode with `cutedump desc`):",
    "coll.text.registers": "  {name}: registers (RS: no descriptor)",
    "coll.text.gmma_desc": "  {name}: {value}  ({major}-major {element}: cutedump desc {value} --major {major} --type "
    "{element})",
    "coll.text.umma_descs": "UMMA descriptors of k-block {k}, stage {stage} (tiled_mma.make_fragment_A/B over sA/sB; "
    "decode with `cutedump desc --kind umma`):",
    "coll.text.umma_desc": "  {name}: {value}  ({major}-major {element}: cutedump desc {value} --kind umma --major "
    "{major} --type {element}){more}",
    "coll.text.umma_next": "; k-block {k}: +{step} (start address, {unit}-byte units)",
    "coll.text.idesc": "  idesc_: {value}  (UMMA::make_instr_desc of {op}: cutedump idesc {value})",
    "coll.text.bank_head": "bank audit of the epilogue's register<->smem copies (cutedump's bank model, every warp, "
    "stage {stage}):",
    "coll.text.bank_row": "  {which}: {copy} over {smem}: {instruction}, {warps} warps, {wavefronts} wavefronts (ideal "
    "{ideal}), {conflicts} conflicts",
    "coll.text.bank_not_modelled": "  {which}: {copy} over {smem}: not modelled ({why})",
    "coll.text.tma_not_modelled": "TMA tensor maps: --problem is answered for the TMA SS mainloop only (this one is "
    "{policy})",
    # ---- SM120 (sm120_*.inl: the dense, block-scaled and blockwise builders, the SM120 epilogue)
    "coll.sm120_smem_selector": "{selector}: tile K = {k} is a multiple of {span} ({nbytes} B) -> {swizzle}",
    "coll.sm120_tma": "{operand}: cluster {mode} = {extent} -> {op}",
    "coll.sm120_scale_bytes": " + {bytes} scale bytes ({acc})",
    "coll.sm120_sf_bytes": " + {bytes} scale-factor bytes",
    "coll.sm120_stages": "StageCountAutoCarveout<{carveout}>: ({capacity} capacity - {carveout} carveout) / ({ab} A+B "
    "bytes ({alloc}){scale} + {pipeline} pipeline bytes per stage = {per}) = {stages}",
    "coll.sm120_warps": "{kind} ({wm}x{wn} warps)",
    "coll.sm120_schedule": "{schedule}: {warps} -> {name}<{n}>",
    "coll.sm120_policy": "{policy}<{stages}, {n}, cluster, {schedule}<{n}>> ({stages} stages, {n} scheduler stages)",
    "coll.sm120_rr_op": "{selector}, atom layout {layout}, permutation {perm}",
    "coll.sm120_instr_forced": "{schedule} -> {instr}",
    "coll.sm120_select_instr": "select_instr: {a} x {b}, both K-major -> {instr} ({rule})",
    "coll.sm120_bs_op": "{instr}: {selector}, SFVecSize {vs} ({sf}), atom layout {layout}, permutation {perm}",
    "coll.sm120_no_multicast": "GmemTiledCopy{operand} = {op} (no multicast on {sm})",
    "coll.sm120_epi_tile_fp6": "EpilogueTileAuto, {bits}-bit D ({major}-major): {extent} along the contiguous mode "
    "for TMA -> ({em},{en})",
    "coll.sm120_epi_tile": "EpilogueTileAuto: {sm} takes ({em},{en})",
    "coll.sm120_stages_d_fp6": "{stages_d} (a row-major {bits}-bit D)",
    "coll.sm120_stages_d": "min({tiles}, {most}) = {stages_d}",
    "coll.sm120_stages_c_reuse": "max(min({tiles}, {most}), StagesD+{inc}) = {stages_c} ({reuse})",
    "coll.sm120_stages_c": "StagesD = {stages_c}",
    "coll.sm120_epi_stages": "{policy}: {tiles} epilogue tiles per CTA tile; StagesD = {d}; StagesC = {c}",
    "coll.sm120_epi_schedule": "{schedule}: the {sm} TMA epilogue ({base}'s collective epilogue, {name})",
    "coll.sm120_registers": "{sm}'s mma.sync reads A and B from registers; ldmatrix loads them from smem",
    "coll.sm120_problem": "--problem is not modelled for --arch {arch} (its TMA loads unpacked {kind} element types)",
    "coll.text.sm120_no_descriptors": "smem descriptors: none ({why})",
    "coll.text.scale_line": "gmem scale-factor layouts: {command}",
    "coll.text.sm120_tma_not_modelled": "TMA tensor maps: {why}",
    # ---- SM90 grouped (ptr-array), KernelTma, blockwise, SM100 dynamic cluster
    "coll.kernel_carveout": " (the {capacity}-byte capacity less the grouped kernel's {kernel_carveout}-byte carveout)",
    "coll.stages_scales": " and scale ({ab} + {sa} + {sb} float scales, rounded to {alignment})",
    "coll.dp_kernel_tma": "KernelTma: the non-warp-specialized TMA mainloop (every warp group loads and computes)",
    "coll.grouped": "grouped GEMM (ptr-array): {why}",
    "coll.given_grouped": "{value} as given (grouped: one TMA descriptor per group)",
    "coll.epi_ptr_nosmem": "{value} as given: {name}, registers straight to global memory (one pointer per group), no "
    "shared memory",
    "coll.umma_dynamic": "KernelScheduleAuto with a dynamic cluster ({cluster}): the {two} UMMA needs a static even "
    "cluster M -> the {one} UMMA",
    "coll.tma_dynamic": "{operand}, a dynamic cluster ({cluster}): whether CTAs share the tile is known at run time "
    "only -> {op}",
    "coll.epi_dynamic": "EpilogueScheduleAuto with a dynamic cluster (its M is not static) -> {schedule}",
    "coll.dp_blockwise": "{schedule}: FP8 with blockwise scaling (granularity {sm}x{sn}x{sk}: {sms} x {sns} float "
    "scales of A x B per k-tile, promoted into the accumulators every {interval} MMA k-blocks)",
    "coll.dp_blockwise_grouped": "{schedule}: FP8 with blockwise scaling (granularity {sm}x{sn}x{sk}: {sms} x {sns} "
    "float scales of A x B per k-tile, promoted into the accumulators every {interval} MMA k-blocks); grouped GEMM "
    "(ptr-array)",
    # ---- SM100 block-scaled (sm100_blockscaled_umma_builder.inl) and the no-smem epilogue's tile
    "coll.epi_auto_2sm_bs": "EpilogueScheduleAuto: cluster M = {cm}, tile M = {m} -> {schedule} (block-scaled: even "
    "cluster M, tile M {m_hi})",
    "coll.epi_tile_nosmem": "the no-smem builder's EpilogueTile: (CTA M {cta_m}, min({most}, tile N {n})) = ({em},{en})",
    "coll.text.scale_line_smem": "scale factors (gmem and smem, one stage): {command}",
    "coll.bs_umma_even": "KernelScheduleAuto: cluster M = {cm} is even and tile M = {m} -> the {sm} UMMA ({two} only "
    "for tile M {m2})",
    "coll.bs_umma_odd": "KernelScheduleAuto: cluster M = {cm} is odd -> the {sm} UMMA",
    "coll.epi_tile_bs": "EpilogueTileAuto, block-scaled, tile N {n}: M = min(CTA M {cta_m}, {lanes} x {wm} warps) = "
    "{em}; N = {en}",
    "coll.tma_sfb_2sm": "SFB, {sm} UMMA: always the multicast {sm} load ({op})",
    "coll.tma_sfa": "SFA: as A ({op})",
    "coll.stages_auto_bs": "StageCountAutoCarveout<{carveout}>: ({capacity} capacity - {kernel_carve} kernel carveout "
    "({acc_stages} accumulator stages) - {carveout} carveout) / ({ab_bytes} A+B bytes + {sfa} SFA + {sfb} SFB bytes + "
    "{pipeline_bytes} pipeline bytes per stage = {per}) = {stages}",
    "coll.sm100_policy_bs": "{policy}<{stages}, {sched_stages} scheduler stages, {acc_stages} accumulator stages, "
    "cluster {cluster}> (accumulator stages: tile N = {n} -> {acc_stages})",
    "coll.dp_tma_umma_bs": "TMA + block-scaled UMMA warp-specialized",
    "coll.bs_instr_fixed": "{schedule} fixes the {instr} instruction",
    "coll.bs_instr_mxf4": "A and B both {bits}-bit and K-major -> {instr}",
    "coll.bs_instr_f8f6f4": "{a} x {b} ({ma}/{mb}-major) -> {instr} (only it takes {narrow}-bit or MN-major operands)",
    "coll.bs_mma": "{sm}; {instr}; SFVecSize {vs}",
    # ---- main: ptr-array batched GEMMs (example 56)
    "coll.batched": "batched GEMM (ptr-array, plain layout tags): {why}",
    "coll.kernel_carveout_batched": " (the {capacity}-byte capacity less the ptr-array kernel's {kernel_carveout}-byte "
    "carveout)",
    "coll.given_batched": "{value} as given (ptr-array: one TMA descriptor per batch)",
    # bstoml: the block-scaled UMMA's instruction descriptor
    "coll.text.idesc_bs": "  idesc_: {value}  (UMMA::make_instr_desc_block_scaled of {op}: the scale factors' TMEM ids a_sf_id_ {sfa} and b_sf_id_ {sfb}, set by the mainloop per MMA)",
    # ---- mixed (branch mixed): the SM90 mixed-input RS builder (sm90_gmma_builder.inl:305, IsMixedInput)
    "coll.dp_mixed": "{a} x {b} ({a_bits}-bit x {b_bits}-bit): widths differ (IsMixedInput) -> the RS builder's "
    "mixed-input mainloop; {narrow} is the narrow operand, converted to {wide_type} in registers before the MMA{swap}",
    "coll.mixed_swap": " (B is narrow: the collective swaps A and B, SwapAB, so the converted operand is the MMA's A)",
    "coll.mixed_direct_convert": "no scale or zero type with {narrow} ({narrow_type}) -> DirectConvert: {narrow_type} "
    "converted to {wide_type}, no scaling",
    "coll.stages_mixed": "StageCountAutoCarveout<{carveout}> ({source}): ({capacity} capacity - {carve} carveout) / "
    "(round_up({narrow} over M x K = {m}x{k} + {wide} over N x K = {n}x{k} + {scale_bytes} scale + {zero_bytes} zero bytes) = {ab_bytes} bytes + {pipeline_bytes} "
    "pipeline bytes per stage = {per}) = {stages}",
    "coll.text.gmma_desc_refused": "  {name}: none: the MMA is K-major but this {major}-major {element} smem "
    "layout is not, and CuTe's make_gmma_desc refuses it in the kernel ({message})",
    "coll.mixed_convert_scale": "{narrow} ({narrow_type}) with a {scale} scale -> ConvertAndScale: {narrow_type} "
    "converted to {wide_type}, then multiplied by its scale",
    "coll.mixed_convert_scale_zero": "{narrow} ({narrow_type}) with a {scale} scale and a {zero} zero -> "
    "ConvertAndScaleWithZero: {narrow_type} converted to {wide_type}, multiplied by its scale, plus its zero",
    # ---- fus100: the SM100/SM120 epilogues' fusion callbacks and block-scale-factor outputs
    "coll.fusion_no_smem": "{name}: its FusionCallbacks keep nothing in smem (an empty SharedStorage, {total} byte)",
    "coll.fusion_smem": "{name}: FusionCallbacks::SharedStorage = {bias} bytes of per-column bias (tile N {n}) + "
    "{aux} bytes of Aux tiles ({em}x{en}, {stages} StagesD) + {sf} bytes of scale-factor scratch -> {total} bytes",
    "coll.fusion_sfd": "{name}: D quantized in vectors of {vs} elements, one {element} scale factor each, SFD {tag} "
    "({major}-major): {config}<{vs}, {major}>::LayoutSF",
    # ---- sm100bw (issue 44, items 3 and 4): SM100 blockwise scaling and grouped (ptr-array) GEMMs
    "coll.sched_grouped": "pointer layout tags ({layouts}): the grouped GEMM's scheduler, {stages} {stages:|scheduler stage|scheduler stages}",
    "coll.sched_plain": "layout tags without pointers: {stages} {stages:|scheduler stage|scheduler stages}",
    "coll.sched_acc_plus_one": "one more than the {acc} accumulator stages: {stages} scheduler stages",
    "coll.sm100_sched_stages": "{why}; {sched_why}",
    "coll.carveout_array": "{why} (kernel carveout with {sched_stages} scheduler stages and {maps} TMA descriptors "
    "of {bytes} bytes in smem)",
    "coll.stages_auto_blockwise": "StageCountAutoCarveout<{carveout}>: ({capacity} capacity - {kernel_carve} kernel "
    "carveout ({acc_stages} accumulator stages, {sched_stages} scheduler stages) - {carveout} carveout) / ({ab_bytes} "
    "A+B bytes + {scale_bytes} float scale bytes, rounded up to {align}, + {pipeline_bytes} bytes of the two "
    "pipelines per stage = {per}) = {stages}",
    "coll.sm100_policy_blockwise": "{policy}<{stages}, {sched_stages} scheduler stages, {acc_stages} accumulator "
    "stages, cluster {cluster}> (accumulator stages {acc_why}, not capped; {sched_why})",
    "coll.dp_blockwise_sm100": "{schedule}: UMMA with blockwise scaling (granularity {sm}x{sn}x{sk}: {sms} x {sks} "
    "float scales of A and {sns} x {sks} of B per tile, copied by cp.async beside the TMA loads of A and B)",
    "coll.dp_blockwise_sm100_grouped": "{schedule}: UMMA with blockwise scaling (granularity {sm}x{sn}x{sk}: {sms} x "
    "{sks} float scales of A and {sns} x {sks} of B per tile, copied by cp.async); grouped GEMM (ptr-array)",
    "coll.dp_tma_umma_array": "TMA + UMMA warp-specialized, ptr-array (one TMA descriptor of A and of B per group, "
    "kept in smem)",
    "coll.dp_tma_umma_bs_array": "TMA + block-scaled UMMA warp-specialized, ptr-array (TMA descriptors of A, SFA, B "
    "and SFB per group, kept in smem)",
    "coll.epi_ptr_given": "{value} as given: {policy} (the {maps} TMA descriptors of C and D in its SharedStorage)",
    "coll.epi_ptr_nosmem_given": "{value} as given: {policy}, registers straight to global memory (a pointer per "
    "group); SharedStorage {bytes} {bytes:|byte|bytes}",
    # ---- sm103: the SM103 block-scaled "ultra" builder (sm103_blockscaled_umma_builder.inl, example 89)
    "coll.sm103_auto_even": "KernelScheduleAuto: static cluster M = {cm} is even -> the {sm} UMMA; SFVecSize {vs} "
    "(find_vector_size of Auto)",
    "coll.sm103_auto_odd": "KernelScheduleAuto: cluster M = {cm} is odd -> the {sm} UMMA; SFVecSize {vs} "
    "(find_vector_size of Auto)",
    "coll.sm103_auto_dynamic": "KernelScheduleAuto: a dynamic cluster -> the {sm} UMMA; SFVecSize {vs} "
    "(find_vector_size of Auto)",
    "coll.sm103_mma": "{sm}; the SM103 FP4 UMMA (K {k} elements per instruction); SFVecSize {vs}",
    "coll.sm103_smem_atom": "A and B sit in smem as {alloc} (the builder's fixed atom, {sw})",
    "coll.sm103_stages": "StageCountAutoCarveout<{carveout}>: A/B stages = ({capacity} capacity - {kernel_carve} kernel "
    "carveout ({acc_stages} accumulator stages) - {carveout} carveout) / ({ab_bytes} A+B bytes + {sfa} SFA + {sfb} SFB "
    "bytes + {pipeline_bytes} bytes of two pipelines per stage = {per}) = {stages}",
    "coll.sm103_sf_stages": "scale-factor stages = {ab} A/B stages + {left} bytes left / ({sfa} SFA + {sfb} SFB + "
    "{pipeline_bytes} pipeline bytes = {per}) = {stages}",
    "coll.sm103_policy": "{policy}<{stages} A/B stages, {sf_stages} scale-factor stages, {sched_stages} scheduler "
    "stages, {acc_stages} accumulator stages, cluster {cluster}, {prefetch}> (accumulator stages: tile N = {n} -> "
    "{acc_stages})",
    "coll.sm103_prefetch_off": "{schedule} derives from {base} -> KernelPrefetchType::{value}",
    "coll.sm103_prefetch_on": "{schedule} does not derive from {base} -> KernelPrefetchType::{value}",
    # ---- main: SM103's descriptors
    "coll.sm103_desc_not_modelled": "UMMA descriptors: not modelled for the SM103 FP4 ultra UMMA (its "
    "instruction descriptor is SM103's own)",
    # ---- grp69 (issue 44, example 69): the SM90 mixed-input ptr-array (grouped) collective
    "coll.stages_mixed_array": "StageCountAutoCarveout<{carveout}> ({source}): ({capacity} capacity{kernel} - "
    "{carve} carveout) / (round_up({narrow} over M x K = {m}x{k} + {wide} over N x K = {n}x{k} + {scale_bytes} scale "
    "+ {zero_bytes} zero bytes) = {ab_bytes} bytes + {pipeline_bytes} pipeline bytes per stage = {per}) = {stages}",
    "coll.kernel_carveout_mixed": " (the {capacity}-byte capacity less the mixed-input ptr-array kernel's "
    "{kernel_carveout}-byte carveout: {maps} TMA descriptors of A, B, scale and zero = {map_bytes} bytes + "
    "{scheduler_bytes} bytes of the grouped scheduler's pipeline)",
    "coll.mixed_convert_scale_lut": "{narrow} ({narrow_type}) with a {scale} scale ({entries} {scale_type} values, "
    "{scale_bits} bits) -> ConvertAndScale with UseScaleLookupTable: each {narrow_type} value picks its scaled "
    "{wide_type} from the scale's lookup table",
    # ---- evt (issue 44): a custom epilogue visitor tree as the fusion
    "coll.evt_no_smem": "a custom EVT ({root}, {nodes} nodes) is the FusionCallbacks themselves; every node's "
    "SharedStorage is empty, so the tree's {tuple} keeps nothing ({total} byte)",
    "coll.evt_smem": "a custom EVT ({root}, {nodes} nodes) is the FusionCallbacks themselves; its {tuple} of the "
    "nodes' SharedStorage keeps {rows} Sm90RowBroadcast smem vector(s), {bytes} bytes -> {total} bytes",
    # ---- stride: stride types in place of layout tags (issue 44, examples 51 and 53; cutedump.collective.stride)
    "coll.stride_major": "{operand} is given the stride {stride}: its {mn} mode starts with {front_0}, its K mode "
    "with {front_1}; a mode whose first leaf is {unit} is major (is_major) -> {major}-major (StrideToLayoutTag: "
    "{tag})",
    "coll.stride_both_major": "{operand} is given the stride {stride}: both its {mn} mode ({front_0}) and its K mode "
    "({front_1}) start with {unit} -> the builders read the {mn} mode first: {major}-major (StrideToLayoutTag: "
    "{tag})",
    "coll.stride_no_major": "{operand} is given the stride {stride}: neither its {mn} mode ({front_0}) nor its K mode "
    "({front_1}) starts with {unit} -> no major: the SM90 SS builder's GMMA reads K, the RS choice reads it "
    "not K-major; UMMA, cp.async's gmem copy refuse it (StrideToLayoutTag: {tag})",
    "coll.stride_major_cd": "{operand} is given the stride {stride}: its M mode starts with {front_0}, its N mode "
    "with {front_1} -> {major}-major for the epilogue (its smem atom, copy ops and layout) (StrideToLayoutTag: {tag})",
    "coll.stride_no_major_cd": "{operand} is given the stride {stride}: neither its M mode ({front_0}) nor its N mode "
    "({front_1}) starts with {unit} -> no major: the TMA epilogues refuse it, the no-smem epilogue reads none "
    "(StrideToLayoutTag: {tag})",
    # ---- fp32x9: the SM100 emulated-FP32 (9xBF16) builder (sm100_9xBF16_umma_builder.inl, example 78)
    "coll.fastfp32_sm_auto": "{schedule}: cluster M = {cm} is {parity} and tile M / cluster M = {m} / {cm} = {per} "
    "is {multiple} -> the {sm} UMMA",
    "coll.fastfp32_sm_dynamic": "{schedule} with a dynamic cluster ({cluster}) -> the {sm} UMMA",
    "coll.fastfp32_mma_ts": "{why}; A is {major}-major{smem}: its {element} copies sit in tensor memory (the TS "
    "UMMA, scaled by {two}^{scale} between the bands)",
    "coll.fastfp32_mma_ss": "{why}; A is {major}-major{smem}: A's and B's {element} copies sit in smem (the SS "
    "UMMA, scaled by {two}^{scale} between the bands)",
    "coll.fastfp32_smem_schedule": " and the schedule derives from {base}",
    "coll.fastfp32_acc_tmem": "A in TMEM: {words} accumulator columns -> {stages} accumulator stages",
    "coll.fastfp32_acc_smem": "{columns} TMEM columns / {words} accumulator columns = {stages} accumulator stages",
    "coll.fastfp32_t2m": "transform stages = min(({capacity} capacity - {kernel_carve} kernel carveout - {carveout} "
    "carveout - {acc_bytes} bytes of {acc_stages} accumulator stages = {left}) / ({ab_bytes} float A+B bytes + "
    "{compute_bytes} {element} bytes a stage) = {smem_stages}{tmem}) = {stages}",
    "coll.fastfp32_t2m_tmem": ", ({columns} - {acc_cols} accumulator columns) / {a_words} columns of A = {stages}",
    "coll.fastfp32_l2t": "load stages = ({left} - {t2m} transform stages x {compute_bytes} bytes = {rest}) / "
    "{ab_bytes} float A+B bytes a stage = {stages}",
    "coll.fastfp32_policy": "{policy}<{l2t} load stages, {t2m} transform stages, {sched_stages} scheduler stages, "
    "{acc_stages} accumulator stages, {bands} bands, scaling {two}^{scale}, promotion every {promotion}, cluster "
    "{cluster}, {copy}{arch}> (accumulator stages: {acc_why})",
    "coll.dp_fastfp32": "the {builder} builder: float A and B are loaded by TMA, each split into {mtxs} "
    "{element} matrices by the transform warps, multiplied by the scaled {element} UMMA",
    "coll.dp_fastfp32_array": "the ptr-array {builder} builder (the TMA descriptors of A and B per group "
    "in smem): float A and B each split into {mtxs} {element} matrices, the scaled {element} UMMA",
    "coll.epi_fastf32_given": "{value} as given: no shared memory, the legacy LinearCombination thread epilogue "
    "(SharedStorage {bytes} {bytes:|byte|bytes})",
    "coll.epi_tile_fastf32": "an input-transform (FastF32) schedule's EpilogueTile is the CTA tile's (M {cta_m}, "
    "N {n}) = ({em},{en})",
    "coll.text.umma_tmem": "  {name}: from tensor memory (the TS UMMA: no smem descriptor)",
    # ---- mix100: CUTLASS's SM100 mixed-input builder (sm100_mixed_input_umma_builder.inl, example 86)
    "coll.dp_mixed100": "{schedule}: {a} x {b} ({a_bits}-bit x {b_bits}-bit) -> the SM100 mixed-input builder; A is "
    "the converted operand (it must be: A matrix should be transformed), loaded by TMA, converted to {wide_type} by "
    "the transform warps, then read by the UMMA",
    "coll.mixed100_policy": "{policy}<{stages} load-to-transform stages, {t2m} transform-to-MMA stages, "
    "{sched_stages} scheduler stages, {acc_stages} accumulator stages, cluster {cluster}>",
    "coll.mixed100_umma": "{schedule} -> the {sm} UMMA of {wide} with {src}",
    "coll.mixed100_a_tmem": "A in TMEM (TS: A is {major}-major and {schedule} keeps the converted A out of smem)",
    "coll.mixed100_a_smem": "A in smem (SS: A is {major}-major, or {schedule} converts A into smem)",
    "coll.mixed100_stages_given": "StageCount<{stages}> as given: load-to-transform, transform-to-MMA and accumulator "
    "stages all {stages}",
    "coll.mixed100_stages": "StageCountAutoCarveout<{carveout}>: {capacity} capacity - {kernel_carve} kernel carveout "
    "- ({carveout} carveout + {acc_stages} accumulator stages x {acc_bytes}) = {after} bytes; per load stage {ab} "
    "bytes (A counted as {a_bits}-bit, its scale/zero, B's share, two pipelines), per transform stage {comp} bytes; "
    "transform-to-MMA stages = min({tmem_pot} ({tmem}), {after} / ({ab} + {comp}) = {pot}) = {t2m}; load stages = "
    "({after} - {t2m} x {comp}) / {ab} = {stages}",
    "coll.mixed100_tmem_pot": "TMEM: ({columns} columns - accumulators of {acc_words} columns) / {a_words} columns of "
    "converted A, half of tile K",
    "coll.mixed100_smem_pot": "A converted in smem: no TMEM bound",
    "coll.mixed100_group_given": "Sm100MixedInputBlockwiseScaleConfig<{mn}, {k}>: one scale per {mn} x {k}; the "
    "scale smem atom is ({smn} x {dmn}) x ({smk} x {dk}), MN-major",
    "coll.mixed100_group_void": "no scale layout: the collective's VoidLayoutScale, granularity {mn} x {k}; the scale "
    "smem atom is ({smn} x {dmn}) x ({smk} x {dk})",
    "coll.mixed100_desc_not_modelled": "UMMA descriptors: not modelled for the SM100 mixed-input collective (A is "
    "converted by the transform warps before the UMMA reads it)",
    # ---- mix47: CUTLASS 4.7's SM100 mixed-input scale smem (its atom's first tile, UMMA::tile_to_mma_shape)
    "coll.mixed100_group_given_tiled": "Sm100MixedInputBlockwiseScaleConfig<{mn}, {k}>: one scale per {mn} x {k}; the "
    "scale smem atom is the first {smn} x {smk} tile of its ({smn} x {dmn}) x ({smk} x {dk}) atom, tiled over A's MMA "
    "tile and the stages (UMMA::tile_to_mma_shape)",
    "coll.mixed100_group_void_tiled": "no scale layout: the collective's VoidLayoutScale, granularity {mn} x {k}; the "
    "scale smem atom is the first {smn} x {smk} tile of its ({smn} x {dmn}) x ({smk} x {dk}) atom, tiled over A's MMA "
    "tile and the stages (UMMA::tile_to_mma_shape)",
    # ---- sm103g: the SM103 builder's ptr-array (grouped) schedules (example 90)
    "coll.sm103_carveout_array": "{why}; the kernel carveout holds {maps} TMA descriptors of {bytes} bytes (A, B, SFA "
    "and SFB: a ptr-array schedule's TensorMapStorage)",
    "coll.sm103_ptr_alias": "{alias} is an alias of {schedule}: {why}",
    # ---- aux (branch aux): a custom EVT's Sm90AuxLoad / Sm90AuxStore nodes (cutedump.collective.evt_aux)
    "coll.evt_aux_smem": "a custom EVT ({root}, {nodes} nodes) is the FusionCallbacks themselves; its {tuple} of the "
    "nodes' SharedStorage keeps the smem tiles of {loads} Sm90AuxLoad and {stores} Sm90AuxStore node(s), {aux_bytes} "
    "bytes (aligned as their swizzle, up to {align} bytes), and {rows} Sm90RowBroadcast smem vector(s), {bytes} bytes "
    "-> {total} bytes",
    # ---- shuf: examples 55 and 69's shuffled operand, a reordered CuTe Layout type (collective/reorder.py)
    "coll.reordered_layout": "{operand} is given the Layout type {layout_type}, {atom_name} = {atom_call} = {atom}, "
    "whose value is {gmem}; the builder reads its stride (get_stride): the first mode starts with {front_0}, the K "
    "mode with {front_1}; a mode whose first leaf is {unit} is major (is_major) -> the GMMA major {major} "
    "(gmma_rs_tag_to_major: MN only where the first mode is), and the collective takes the Layout as its stride",
    "coll.reordered_smem": "{operand} is a Layout type -> the collective's SmemLayout{side} is make_layout_like("
    "append(composition({operand}'s Layout, ({extent}, {k})), make_layout({stages} stages, dynamic stride zero))) = "
    "{smem}: unswizzled, its strides ordered as the Layout's (get_smem_layout)",
}
