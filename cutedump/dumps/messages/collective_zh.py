"""`cutedump collective` 的中文措辞：why 行（``coll.*``：cutedump/collective/ 中构建器规则给出的每个 Phrase 一个键，
字段是规则算出的事实）与叙述行（``coll.text.*``）。CUTLASS 的名字（类型、调度、文件名）在各语言中都照 CUTLASS 的写法。"""

MESSAGES = {
    # ---- 调度（KernelScheduleAuto）
    "coll.schedule_given": "调度 {schedule}：按给定",
    "coll.given": "{value}：按给定",
    "coll.auto_cp_async": "KernelScheduleAuto：A（{align_a} x {bytes_a} B）或 B（{align_b} x {bytes_b} B）未按 "
    "{tma_bytes} 字节对齐（不能用 TMA）-> {schedule}（cp.async，非持久：寄存器压力更小）",
    "coll.auto_pingpong": "KernelScheduleAuto：A 与 B 按 {tma_bytes} 字节对齐（TMA），且 tile M == {m} -> Pingpong",
    "coll.auto_cooperative": "KernelScheduleAuto：A 与 B 按 {tma_bytes} 字节对齐（TMA），且 tile M == {m} != "
    "{pingpong_m} -> Cooperative",
    # ---- MMA atom
    "coll.op_selector": "{selector}：（{acc} += {a} * {b}），K 步长 {k}；N = {n}，即 {ns} 中能整除 tile N = {tile_n} "
    "的最大者",
    "coll.umma_schedule": "{schedule} -> 用 {sm} UMMA",
    "coll.umma_auto": "KernelScheduleAuto：cluster M = {cm} 为{parity}，tile M = {m} {multiple} -> 用 {sm} UMMA",
    "coll.even": "偶数",
    "coll.odd": "奇数",
    "coll.is_multiple": "是 {of} 的倍数",
    "coll.not_multiple": "不是 {of} 的倍数",
    # ---- smem atom
    "coll.smem_selector": "{selector}：{major}-major，{mode} = {extent} 是 {span} 的倍数（{nbytes} 字节的 {element}）"
    "-> {swizzle}",
    "coll.rs_smem_word": "rs_smem_selector：MN-major 整字 {element}：SW32（无 bank 冲突；BLK_MN = {blk_mn} 是 "
    "{multiple} 的倍数）",
    "coll.rs_smem_byte": "rs_smem_selector：MN-major {nbytes} 字节 {element}，B 在 smem 中转置：只能 SW128"
    "（BLK_MN = {blk_mn}）",
    "coll.umma_smem_word": "sm100_smem_selector：MN-major {bits} 位操作数只能取 SW128_32B",
    # ---- gmem 拷贝
    "coll.tma_single": "{operand}：cluster {mode} = {extent}，没有别的 CTA 共享它的 tile -> {op}",
    "coll.tma_multicast": "{operand}：cluster {mode} = {extent} 个 CTA 共享它的 tile -> {op}，沿 cluster 模式 "
    "{mode} 多播",
    "coll.tma_2sm_a": "A，{sm} UMMA：cluster N = {extent} -> {op}",
    "coll.tma_2sm_b": "B，{sm} UMMA：cluster M = {extent} -> {op}",
    "coll.tma_2sm_b_pair": "B，{sm} UMMA：cluster M = {extent}（即 UMMA 自己的一对 CTA）-> {op}",
    "coll.simt_copy": "make_simt_gmem_tiled_copy：{threads} 个生产者线程，其中 {t_major} 个沿 {major}-major 的 gmem "
    "模式（{extent} / {alignment} 元素向量），线程 layout {thr}，值 layout {val}，{atom}",
    # ---- stage 数
    "coll.stages_given": "StageCount<{stages}>：按给定",
    "coll.carveout_epilogue": "epilogue 的 SharedStorage",
    "coll.carveout_given": "按给定",
    "coll.carveout_swizzle_aligned": "{source}，向上取整到 smem atom 的 {alignment} 字节 swizzle 对齐",
    "coll.stages_auto": "StageCountAutoCarveout<{carveout}>（{source}）：（{capacity} 容量{kernel} - {carve} 预留）/"
    "（每个 stage {ab_bytes} 字节 A+B{scales} + {pipeline_bytes} 字节流水线 = {per}）= {stages}",
    "coll.stages_auto_sm100": "StageCountAutoCarveout<{carveout}>：（{capacity} 容量 - {kernel_carve} 内核预留"
    "（{acc_stages} 个累加器 stage）- {carveout} 预留）/（每个 stage {ab_bytes} 字节 A+B + {pipeline_bytes} 字节"
    "流水线 = {per}）= {stages}",
    # ---- dispatch policy
    "coll.dp_fp8": "FP8 输入且没有 FastAccum，用 FP8 mainloop（两级累加）",
    "coll.dp_tma_gmma": "TMA + GMMA warp 专用化 mainloop",
    "coll.dp_tma_umma": "TMA + UMMA warp 专用化",
    "coll.dp_rs": "is_use_rmem_A：{a} x {b} 不是 {bits} 位，且不都是 K-major -> RS 构建器；{how}",
    "coll.rs_swap": "A 是 K-major、B 是 MN-major（{a} x {b}）：collective 交换 A 与 B（SwapAB）—— MMA 从寄存器读 B，"
    "从 smem 读 A",
    "coll.rs_transpose": "A 与 B 都是 MN-major（{a} x {b}）：A 从寄存器读，B 在 smem 中转置为 MMA 读取的 K-major {atom}",
    "coll.rs_a_mn": "A 是 MN-major（{a}）：MMA 从寄存器读 A（从 smem 拷入），从 smem 读 B",
    "coll.dp_cp_async": "{schedule}：cp.async 生产者 {groups:|warp group|warp group}（{threads} 个线程）填充 smem stage",
    "coll.dp_cp_async_rs": "{schedule}：cp.async 生产者 {groups:|warp group|warp group}（{threads} 个线程）填充 smem stage；A 从寄存器读"
    "（is_use_rmem_A）",
    "coll.sm100_policy": "{policy}<{stages}, {sched_stages} 个调度器 stage, {acc_stages} 个累加器 stage, cluster "
    "{cluster}>（{acc_why}，至多 {most}）",
    "coll.acc_stages": "{lanes} x {columns} TMEM /（{cta_m} x {cta_n}）每 CTA tile = {stages}",
    "coll.acc_stages_pair": "{lanes} x {columns} TMEM /（{cta_m} x {cta_n}）每 CTA tile，即 {m} x {n} MmaTileShape "
    "在 {sm} 对上的每 CTA 部分 = {stages}",
    "coll.acc_stages_m64": "{sm} M={m}：（{columns} / {cta_n}）x {times} = {stages}",
    # ---- epilogue
    "coll.epi_auto_nosmem": "EpilogueScheduleAuto -> NoSmemWarpSpecialized：DefaultEpilogue，寄存器直接写全局内存，"
    "不用共享内存",
    "coll.epi_nosmem_given": "{value}：按给定；不用共享内存，寄存器直接写全局内存",
    "coll.epi_auto_2sm": "EpilogueScheduleAuto：cluster M = {cm}，tile M = {m} -> {schedule}（cluster M 为偶数，"
    "tile M 为 {m_lo} 或 {m_hi}）",
    "coll.epi_auto_1sm": "EpilogueScheduleAuto：cluster M = {cm}，tile M = {m} -> {schedule}",
    "coll.epi_tile_given": "epilogue tile ({em},{en})：按给定",
    "coll.epi_tile_coop": "EpilogueTileAuto，cooperative：(min({cm}, {m}), gcd(min({nperf}, {n}), {n})) = ({em},{en})",
    "coll.epi_tile_ws": "EpilogueTileAuto，warp 专用化：(min({cm}, {m}), gcd(min({nperf}, {n}), {n})) = ({em},{en})",
    "coll.epi_tile_sm100": "EpilogueTileAuto：M = min(CTA M {cta_m}, {lanes} x {wm} 个 warp) = {em}；N = min({n}, "
    "max(N_perf {nperf}, N_min_C {nmin_c}, N_min_D {nmin_d})) = {en}",
    "coll.epi_stages": "{policy}：每个 CTA tile 有 {tiles} 个 epilogue tile；StagesD = min({tiles}, {max_d}) = "
    "{stages_d}；StagesC = min({tiles}, {max_c}) = {stages_c}",
    "coll.epi_stages_reuse": "{policy}：每个 CTA tile 有 {tiles} 个 epilogue tile；StagesD = min({tiles}, {max_d}) = "
    "{stages_d}；StagesC = max(min({tiles}, {max_c}), StagesD+{inc}) = {stages_c}（{reuse}）",
    "coll.reuse_same_bits": "C 与 D 都是 {bits} 位：D 复用 C 的 smem",
    "coll.reuse_wider": "C 宽于 {bits} 位：D 复用 C 的 smem",
    # ---- 叙述行
    "coll.text.gmma_transposed_b": "GMMA 读取的 smem_layout_b（B 在 smem 中转置，K-major）：{layout}",
    "coll.text.gmma_descs": "k-block {k}、stage {stage} 的 wgmma 描述符（线程 {thread} 的 partition_fragment_A/B；"
    "用 `cutedump desc` 解码）：",
    "coll.text.registers": "  {name}：寄存器（RS：无描述符）",
    "coll.text.gmma_desc": "  {name}: {value}  （{major}-major {element}：cutedump desc {value} --major {major} --type "
    "{element}）",
    "coll.text.umma_descs": "k-block {k}、stage {stage} 的 UMMA 描述符（tiled_mma.make_fragment_A/B 作用于 sA/sB；"
    "用 `cutedump desc --kind umma` 解码）：",
    "coll.text.umma_desc": "  {name}: {value}  （{major}-major {element}：cutedump desc {value} --kind umma --major "
    "{major} --type {element}）{more}",
    "coll.text.umma_next": "；k-block {k}：+{step}（起始地址，以 {unit} 字节为单位）",
    "coll.text.idesc": "  idesc_: {value}  （{op} 的 UMMA::make_instr_desc：cutedump idesc {value}）",
    "coll.text.bank_head": "epilogue 的寄存器<->smem 拷贝的 bank 审计（cutedump 的 bank 模型，所有 warp，stage {stage}）：",
    "coll.text.bank_row": "  {which}：{copy} 作用于 {smem}：{instruction}，{warps} 个 warp，{wavefronts} 个 wavefront"
    "（理想 {ideal}），{conflicts} 次冲突",
    "coll.text.bank_not_modelled": "  {which}：{copy} 作用于 {smem}：未建模（{why}）",
    "coll.text.tma_not_modelled": "TMA tensor map：--problem 只对 TMA SS mainloop 作答（这个是 {policy}）",
    # ---- SM120（sm120_*.inl：dense、block-scaled 与 blockwise 的 builder，SM120 的 epilogue）
    "coll.sm120_smem_selector": "{selector}：tile K = {k} 是 {span}（{nbytes} B）的倍数 -> {swizzle}",
    "coll.sm120_tma": "{operand}：cluster {mode} = {extent} -> {op}",
    "coll.sm120_scale_bytes": " + {bytes} 个 scale 字节（{acc}）",
    "coll.sm120_sf_bytes": " + {bytes} 个 scale-factor 字节",
    "coll.sm120_stages": "StageCountAutoCarveout<{carveout}>：（{capacity} 容量 - {carveout} carveout）/（{ab} 个 A+B "
    "字节（{alloc}）{scale} + 每个 stage {pipeline} 个 pipeline 字节 = {per}）= {stages}",
    "coll.sm120_warps": "{kind}（{wm}x{wn} 个 warp）",
    "coll.sm120_schedule": "{schedule}：{warps} -> {name}<{n}>",
    "coll.sm120_policy": "{policy}<{stages}, {n}, cluster, {schedule}<{n}>>（{stages} 个 stage，{n} 个调度器 stage）",
    "coll.sm120_rr_op": "{selector}，atom 布局 {layout}，置换 {perm}",
    "coll.sm120_instr_forced": "{schedule} -> {instr}",
    "coll.sm120_select_instr": "select_instr：{a} x {b}，均为 K-major -> {instr}（{rule}）",
    "coll.sm120_bs_op": "{instr}：{selector}，SFVecSize {vs}（{sf}），atom 布局 {layout}，置换 {perm}",
    "coll.sm120_no_multicast": "GmemTiledCopy{operand} = {op}（{sm} 上没有 multicast）",
    "coll.sm120_epi_tile_fp6": "EpilogueTileAuto，{bits} 位 D（{major}-major）：TMA 要求连续维上为 {extent} -> "
    "({em},{en})",
    "coll.sm120_epi_tile": "EpilogueTileAuto：{sm} 取 ({em},{en})",
    "coll.sm120_stages_d_fp6": "{stages_d}（行主序的 {bits} 位 D）",
    "coll.sm120_stages_d": "min({tiles}, {most}) = {stages_d}",
    "coll.sm120_stages_c_reuse": "max(min({tiles}, {most}), StagesD+{inc}) = {stages_c}（{reuse}）",
    "coll.sm120_stages_c": "StagesD = {stages_c}",
    "coll.sm120_epi_stages": "{policy}：每个 CTA tile 有 {tiles} 个 epilogue tile；StagesD = {d}；StagesC = {c}",
    "coll.sm120_epi_schedule": "{schedule}：{sm} 的 TMA epilogue（{base} 的 collective epilogue，{name}）",
    "coll.sm120_registers": "{sm} 的 mma.sync 从寄存器读取 A 和 B；ldmatrix 从 smem 装载它们",
    "coll.sm120_problem": "--arch {arch} 的 --problem 未建模（它的 TMA 装载未打包的 {kind} 元素类型）",
    "coll.text.sm120_no_descriptors": "smem 描述符：无（{why}）",
    "coll.text.scale_line": "gmem scale-factor 布局：{command}",
    "coll.text.sm120_tma_not_modelled": "TMA tensor map：{why}",
    # ---- SM90 grouped（ptr-array）、KernelTma、blockwise，SM100 动态 cluster
    "coll.kernel_carveout": "（{capacity} 字节容量减去 grouped 内核的 {kernel_carveout} 字节预留）",
    "coll.stages_scales": " 及 scale（{ab} + {sa} + {sb} 个 float scale，按 {alignment} 取整）",
    "coll.dp_kernel_tma": "KernelTma：非 warp 专用化的 TMA mainloop（每个 warp group 都装载并计算）",
    "coll.grouped": "grouped GEMM（ptr-array）：{why}",
    "coll.given_grouped": "{value}：按给定（grouped：每组一个 TMA 描述符）",
    "coll.epi_ptr_nosmem": "{value}：按给定：{name}，寄存器直接写全局内存（每组一个指针），不用共享内存",
    "coll.umma_dynamic": "KernelScheduleAuto 且 cluster 为动态（{cluster}）：{two} UMMA 需要静态的偶数 cluster M -> "
    "{one} UMMA",
    "coll.tma_dynamic": "{operand}，动态 cluster（{cluster}）：CTA 是否共享 tile 只在运行时才知道 -> {op}",
    "coll.epi_dynamic": "EpilogueScheduleAuto 且 cluster 为动态（它的 M 不是静态的）-> {schedule}",
    "coll.dp_blockwise": "{schedule}：FP8 blockwise scaling（粒度 {sm}x{sn}x{sk}：每个 k-tile 有 A x B 的 {sms} x {sns} "
    "个 float scale，每 {interval} 个 MMA k-block 提升进累加器）",
    "coll.dp_blockwise_grouped": "{schedule}：FP8 blockwise scaling（粒度 {sm}x{sn}x{sk}：每个 k-tile 有 A x B 的 {sms} x "
    "{sns} 个 float scale，每 {interval} 个 MMA k-block 提升进累加器）；grouped GEMM（ptr-array）",
    # ---- SM100 block-scaled（sm100_blockscaled_umma_builder.inl）与 no-smem epilogue 的 tile
    "coll.epi_auto_2sm_bs": "EpilogueScheduleAuto：cluster M = {cm}，tile M = {m} -> {schedule}（block-scaled：cluster M "
    "为偶数，tile M 为 {m_hi}）",
    "coll.epi_tile_nosmem": "no-smem builder 的 EpilogueTile：(CTA M {cta_m}, min({most}, tile N {n})) = ({em},{en})",
    "coll.text.scale_line_smem": "scale factor（gmem 与 smem，一个 stage）：{command}",
    "coll.bs_umma_even": "KernelScheduleAuto：cluster M = {cm} 为偶数且 tile M = {m} -> {sm} UMMA（只有 tile M {m2} 用 "
    "{two}）",
    "coll.bs_umma_odd": "KernelScheduleAuto：cluster M = {cm} 为奇数 -> {sm} UMMA",
    "coll.epi_tile_bs": "EpilogueTileAuto，block-scaled，tile N {n}：M = min(CTA M {cta_m}, {lanes} x {wm} 个 warp) = "
    "{em}；N = {en}",
    "coll.tma_sfb_2sm": "SFB，{sm} UMMA：总是 multicast 的 {sm} 装载（{op}）",
    "coll.tma_sfa": "SFA：与 A 相同（{op}）",
    "coll.stages_auto_bs": "StageCountAutoCarveout<{carveout}>：（{capacity} 容量 - {kernel_carve} 内核预留（{acc_stages} "
    "个累加器 stage）- {carveout} 预留）/（每个 stage {ab_bytes} 字节 A+B + {sfa} 字节 SFA + {sfb} 字节 SFB + "
    "{pipeline_bytes} 字节流水线 = {per}）= {stages}",
    "coll.sm100_policy_bs": "{policy}<{stages}, {sched_stages} 个调度器 stage, {acc_stages} 个累加器 stage, cluster "
    "{cluster}>（累加器 stage：tile N = {n} -> {acc_stages}）",
    "coll.dp_tma_umma_bs": "TMA + block-scaled UMMA warp 专用化",
    "coll.bs_instr_fixed": "{schedule} 固定了 {instr} 指令",
    "coll.bs_instr_mxf4": "A 与 B 都是 {bits} 位且 K-major -> {instr}",
    "coll.bs_instr_f8f6f4": "{a} x {b}（{ma}/{mb}-major）-> {instr}（只有它接受 {narrow} 位或 MN-major 操作数）",
    "coll.bs_mma": "{sm}；{instr}；SFVecSize {vs}",
    # ---- main: ptr-array batched GEMMs (example 56)
    "coll.batched": "batched GEMM（ptr-array，普通布局标签）：{why}",
    "coll.kernel_carveout_batched": "（{capacity} 字节容量减去 ptr-array 内核的 {kernel_carveout} 字节预留）",
    "coll.given_batched": "{value}：按给定（ptr-array：每个 batch 一个 TMA 描述符）",
    # bstoml: the block-scaled UMMA's instruction descriptor
    "coll.text.idesc_bs": "  idesc_: {value}  （{op} 的 UMMA::make_instr_desc_block_scaled：scale factor 的 TMEM id：a_sf_id_ {sfa}，b_sf_id_ {sfb}，由主循环逐个 MMA 设置）",
    # ---- mixed（分支 mixed）：SM90 混合输入 RS 构建器（sm90_gmma_builder.inl:305，IsMixedInput）
    "coll.dp_mixed": "{a} x {b}（{a_bits} 位 x {b_bits} 位）：位宽不同（IsMixedInput）-> RS 构建器的混合输入 "
    "mainloop；{narrow} 是窄操作数，在 MMA 之前于寄存器中转换为 {wide_type}{swap}",
    "coll.mixed_swap": "（B 是窄操作数：collective 交换 A 与 B，即 SwapAB，使被转换的操作数成为 MMA 的 A）",
    "coll.mixed_direct_convert": "{narrow}（{narrow_type}）没有 scale 或 zero 类型 -> DirectConvert：{narrow_type} "
    "转换为 {wide_type}，不缩放",
    "coll.stages_mixed": "StageCountAutoCarveout<{carveout}>（{source}）：（{capacity} 容量 - {carve} 预留）/"
    "（每个 stage round_up({narrow} 占 M x K = {m}x{k} + {wide} 占 N x K = {n}x{k} + {scale_bytes} 字节 scale + {zero_bytes} 字节 zero) = {ab_bytes} 字节 + "
    "{pipeline_bytes} 字节流水线 = {per}）= {stages}",
    "coll.text.gmma_desc_refused": "  {name}：无：MMA 是 K-major，而这个 {major}-major {element} smem 布局不是，"
    "CuTe 的 make_gmma_desc 在内核中拒绝它（{message}）",
    "coll.mixed_convert_scale": "{narrow}（{narrow_type}）带 {scale} scale -> ConvertAndScale：{narrow_type} 转换为 "
    "{wide_type}，再乘以 scale",
    "coll.mixed_convert_scale_zero": "{narrow}（{narrow_type}）带 {scale} scale 与 {zero} zero -> "
    "ConvertAndScaleWithZero：{narrow_type} 转换为 {wide_type}，乘以 scale，再加 zero",
    # ---- fus100：SM100/SM120 epilogue 的融合回调与 block scale factor 输出
    "coll.fusion_no_smem": "{name}：其 FusionCallbacks 不占用共享内存（空的 SharedStorage，{total} 字节）",
    "coll.fusion_smem": "{name}：FusionCallbacks::SharedStorage = {bias} 字节逐列 bias（tile N {n}）+ {aux} 字节 Aux "
    "tile（{em}x{en}，{stages} 个 StagesD）+ {sf} 字节 scale factor 暂存 -> {total} 字节",
    "coll.fusion_sfd": "{name}：D 按每 {vs} 个元素一组量化，每组一个 {element} scale factor，SFD 为 {tag}"
    "（{major}-major）：{config}<{vs}, {major}>::LayoutSF",
    # ---- sm100bw（issue 44 第 3、4 项）：SM100 blockwise 缩放与 grouped（ptr-array）GEMM
    "coll.sched_grouped": "指针布局标签（{layouts}）：grouped GEMM 的调度器，{stages} 个调度器 stage",
    "coll.sched_plain": "布局标签不是指针：{stages} 个调度器 stage",
    "coll.sched_acc_plus_one": "比 {acc} 个累加器 stage 多一个：{stages} 个调度器 stage",
    "coll.sm100_sched_stages": "{why}；{sched_why}",
    "coll.carveout_array": "{why}（内核预留含 {sched_stages} 个调度器 stage 与共享内存中 {maps} 个 TMA 描述符，每个 "
    "{bytes} 字节）",
    "coll.stages_auto_blockwise": "StageCountAutoCarveout<{carveout}>：（{capacity} 容量 - {kernel_carve} 内核预留"
    "（{acc_stages} 个累加器 stage，{sched_stages} 个调度器 stage）- {carveout} 预留）/（每个 stage {ab_bytes} 字节 "
    "A+B + {scale_bytes} 字节 float 缩放因子，向上取整到 {align}，+ 两条流水线 {pipeline_bytes} 字节 = {per}）= "
    "{stages}",
    "coll.sm100_policy_blockwise": "{policy}<{stages}, {sched_stages} 个调度器 stage, {acc_stages} 个累加器 stage, "
    "cluster {cluster}>（累加器 stage {acc_why}，不设上限；{sched_why}）",
    "coll.dp_blockwise_sm100": "{schedule}：带 blockwise 缩放的 UMMA（粒度 {sm}x{sn}x{sk}：每个 tile 有 A 的 {sms} x "
    "{sks} 个、B 的 {sns} x {sks} 个 float 缩放因子，由 cp.async 在 A、B 的 TMA 加载旁复制）",
    "coll.dp_blockwise_sm100_grouped": "{schedule}：带 blockwise 缩放的 UMMA（粒度 {sm}x{sn}x{sk}：每个 tile 有 A 的 "
    "{sms} x {sks} 个、B 的 {sns} x {sks} 个 float 缩放因子，由 cp.async 复制）；grouped GEMM（ptr-array）",
    "coll.dp_tma_umma_array": "TMA + UMMA warp 专用化，ptr-array（每组 A、B 各一个 TMA 描述符，存于共享内存）",
    "coll.dp_tma_umma_bs_array": "TMA + block-scaled UMMA warp 专用化，ptr-array（每组 A、SFA、B、SFB 的 TMA 描述符，"
    "存于共享内存）",
    "coll.epi_ptr_given": "{value}：按给定；{policy}（C 与 D 的 {maps} 个 TMA 描述符在其 SharedStorage 中）",
    "coll.epi_ptr_nosmem_given": "{value}：按给定；{policy}，寄存器直接写全局内存（每组一个指针）；SharedStorage "
    "{bytes} 字节",
    # ---- sm103: SM103 block-scaled "ultra" 构建器（sm103_blockscaled_umma_builder.inl，示例 89）
    "coll.sm103_auto_even": "KernelScheduleAuto：静态 cluster M = {cm} 为偶数 -> 用 {sm} UMMA；SFVecSize {vs}"
    "（Auto 的 find_vector_size）",
    "coll.sm103_auto_odd": "KernelScheduleAuto：cluster M = {cm} 为奇数 -> 用 {sm} UMMA；SFVecSize {vs}"
    "（Auto 的 find_vector_size）",
    "coll.sm103_auto_dynamic": "KernelScheduleAuto：动态 cluster -> 用 {sm} UMMA；SFVecSize {vs}（Auto 的 find_vector_size）",
    "coll.sm103_mma": "{sm}；SM103 FP4 UMMA（每条指令 K {k} 个元素）；SFVecSize {vs}",
    "coll.sm103_smem_atom": "A 与 B 在 smem 中按 {alloc} 存放（构建器固定的 atom，{sw}）",
    "coll.sm103_stages": "StageCountAutoCarveout<{carveout}>：A/B stage 数 =（{capacity} 容量 - {kernel_carve} 内核预留"
    "（{acc_stages} 个累加器 stage）- {carveout} 预留）/（每个 stage {ab_bytes} 字节 A+B + {sfa} 字节 SFA + {sfb} 字节 "
    "SFB + {pipeline_bytes} 字节两条流水线 = {per}）= {stages}",
    "coll.sm103_sf_stages": "缩放因子 stage 数 = {ab} 个 A/B stage + 剩余 {left} 字节 /（{sfa} SFA + {sfb} SFB + "
    "{pipeline_bytes} 字节流水线 = {per}）= {stages}",
    "coll.sm103_policy": "{policy}<{stages} 个 A/B stage, {sf_stages} 个缩放因子 stage, {sched_stages} 个调度器 stage, "
    "{acc_stages} 个累加器 stage, cluster {cluster}, {prefetch}>（累加器 stage：tile N = {n} -> {acc_stages}）",
    "coll.sm103_prefetch_off": "{schedule} 派生自 {base} -> KernelPrefetchType::{value}",
    "coll.sm103_prefetch_on": "{schedule} 不派生自 {base} -> KernelPrefetchType::{value}",
    # ---- main: SM103's descriptors
    "coll.sm103_desc_not_modelled": "UMMA 描述符：SM103 FP4 ultra UMMA 未建模（它的指令描述符是 SM103 自己的）",
    # ---- grp69 (issue 44, example 69): the SM90 mixed-input ptr-array (grouped) collective
    "coll.stages_mixed_array": "StageCountAutoCarveout<{carveout}>（{source}）：（{capacity} 容量{kernel} - {carve} 预留）/"
    "（每个 stage round_up({narrow} 占 M x K = {m}x{k} + {wide} 占 N x K = {n}x{k} + {scale_bytes} 字节 scale + "
    "{zero_bytes} 字节 zero) = {ab_bytes} 字节 + {pipeline_bytes} 字节流水线 = {per}）= {stages}",
    "coll.kernel_carveout_mixed": "（{capacity} 字节容量减去 mixed-input ptr-array 内核的 {kernel_carveout} 字节预留："
    "A、B、scale、zero 的 {maps} 个 TMA 描述符 = {map_bytes} 字节 + grouped 调度器流水线 {scheduler_bytes} 字节）",
    "coll.mixed_convert_scale_lut": "{narrow}（{narrow_type}）带 {scale} scale（{entries} 个 {scale_type} 值，"
    "{scale_bits} 位）-> ConvertAndScale 且 UseScaleLookupTable：每个 {narrow_type} 值从 scale 的查找表中取出缩放后的 "
    "{wide_type}",
    # ---- evt（issue 44）：自定义 epilogue visitor tree 作为 fusion
    "coll.evt_no_smem": "自定义 EVT（{root}，{nodes} 个节点）本身即 FusionCallbacks；各节点的 SharedStorage 均为空，"
    "故该树的 {tuple} 不占用共享内存（{total} 字节）",
    "coll.evt_smem": "自定义 EVT（{root}，{nodes} 个节点）本身即 FusionCallbacks；其由各节点 SharedStorage 组成的 "
    "{tuple} 含 {rows} 个 Sm90RowBroadcast 共享内存向量，共 {bytes} 字节 -> {total} 字节",
    # ---- stride: 以 stride 类型代替布局标签（issue 44，示例 51 与 53；cutedump.collective.stride）
    "coll.stride_major": "{operand} 给的是 stride {stride}：其 {mn} 模式以 {front_0} 开头，K 模式以 {front_1} 开头；"
    "首个叶子为{unit} 的模式即主序（is_major）-> {major} 主序（StrideToLayoutTag：{tag}）",
    "coll.stride_both_major": "{operand} 给的是 stride {stride}：{mn} 模式（{front_0}）与 K 模式（{front_1}）都以{unit} "
    "开头 -> 构建器先读 {mn} 模式：{major} 主序（StrideToLayoutTag：{tag}）",
    "coll.stride_no_major": "{operand} 给的是 stride {stride}：{mn} 模式（{front_0}）与 K 模式（{front_1}）都不以{unit} "
    "开头 -> 没有主序：SM90 SS 构建器的 GMMA 取 K，RS 判断视其为非 K 主序；UMMA 与 cp.async 的 gmem 拷贝拒绝它"
    "（StrideToLayoutTag：{tag}）",
    "coll.stride_major_cd": "{operand} 给的是 stride {stride}：其 M 模式以 {front_0} 开头，N 模式以 {front_1} 开头 -> "
    "尾声按 {major} 主序（smem atom、拷贝操作与布局）（StrideToLayoutTag：{tag}）",
    "coll.stride_no_major_cd": "{operand} 给的是 stride {stride}：M 模式（{front_0}）与 N 模式（{front_1}）都不以{unit} "
    "开头 -> 没有主序：TMA 尾声拒绝它，无 smem 尾声不读主序（StrideToLayoutTag：{tag}）",
    # ---- fp32x9: the SM100 emulated-FP32 (9xBF16) builder (sm100_9xBF16_umma_builder.inl, example 78)
    "coll.fastfp32_sm_auto": "{schedule}：cluster M = {cm} 为{parity}，tile M / cluster M = {m} / {cm} = {per} "
    "{multiple} -> {sm} UMMA",
    "coll.fastfp32_sm_dynamic": "{schedule} 配动态 cluster（{cluster}）-> {sm} UMMA",
    "coll.fastfp32_mma_ts": "{why}；A 为 {major}-major{smem}：它的 {element} 副本放在 tensor memory（TS UMMA，"
    "各 band 之间缩放 {two}^{scale}）",
    "coll.fastfp32_mma_ss": "{why}；A 为 {major}-major{smem}：A 和 B 的 {element} 副本放在 smem（SS UMMA，"
    "各 band 之间缩放 {two}^{scale}）",
    "coll.fastfp32_smem_schedule": "，且 schedule 派生自 {base}",
    "coll.fastfp32_acc_tmem": "A 在 TMEM：{words} 个累加器列 -> {stages} 个累加器 stage",
    "coll.fastfp32_acc_smem": "{columns} 个 TMEM 列 / {words} 个累加器列 = {stages} 个累加器 stage",
    "coll.fastfp32_t2m": "transform stage 数 = min((容量 {capacity} - kernel 预留 {kernel_carve} - 预留 {carveout} "
    "- {acc_stages} 个累加器 stage 的 {acc_bytes} 字节 = {left}) /（每 stage float A+B {ab_bytes} 字节 + "
    "{element} {compute_bytes} 字节）= {smem_stages}{tmem}) = {stages}",
    "coll.fastfp32_t2m_tmem": "，({columns} - {acc_cols} 个累加器列) / A 的 {a_words} 列 = {stages}",
    "coll.fastfp32_l2t": "load stage 数 = ({left} - {t2m} 个 transform stage x {compute_bytes} 字节 = {rest}) / "
    "每 stage float A+B {ab_bytes} 字节 = {stages}",
    "coll.fastfp32_policy": "{policy}<{l2t} 个 load stage，{t2m} 个 transform stage，{sched_stages} 个调度 stage，"
    "{acc_stages} 个累加器 stage，{bands} 个 band，缩放 {two}^{scale}，每 {promotion} 次提升，cluster {cluster}，{copy}{arch}>"
    "（累加器 stage：{acc_why}）",
    "coll.dp_fastfp32": "{builder} builder：float 的 A、B 由 TMA 载入，transform warp 把各自拆成 {mtxs} 个 "
    "{element} 矩阵，再由带缩放的 {element} UMMA 相乘",
    "coll.dp_fastfp32_array": "ptr-array 的 {builder} builder（每个 group 的 A、B TMA 描述符放在 smem）："
    "float 的 A、B 各拆成 {mtxs} 个 {element} 矩阵，带缩放的 {element} UMMA",
    "coll.epi_fastf32_given": "按给定的 {value}：不用共享内存，旧式 LinearCombination 线程 epilogue"
    "（SharedStorage {bytes} 字节）",
    "coll.epi_tile_fastf32": "输入变换（FastF32）schedule 的 EpilogueTile 就是 CTA tile 的（M {cta_m}，N {n}）= "
    "({em},{en})",
    "coll.text.umma_tmem": "  {name}：来自 tensor memory（TS UMMA：没有 smem 描述符）",
    # ---- mix100: CUTLASS 的 SM100 混合输入构建器（sm100_mixed_input_umma_builder.inl，示例 86）
    "coll.dp_mixed100": "{schedule}：{a} x {b}（{a_bits} 位 x {b_bits} 位）-> SM100 混合输入构建器；A 是被转换的操作数"
    "（必须如此：A matrix should be transformed），由 TMA 载入，经 transform warp 转换为 {wide_type}，再由 UMMA 读取",
    "coll.mixed100_policy": "{policy}<{stages} 个载入到转换 stage, {t2m} 个转换到 MMA stage, {sched_stages} 个调度器 "
    "stage, {acc_stages} 个累加器 stage, cluster {cluster}>",
    "coll.mixed100_umma": "{schedule} -> {wide} 的 {sm} UMMA，{src}",
    "coll.mixed100_a_tmem": "A 在 TMEM 中（TS：A 是 {major}-major，且 {schedule} 不把转换后的 A 放入 smem）",
    "coll.mixed100_a_smem": "A 在 smem 中（SS：A 是 {major}-major，或 {schedule} 把 A 转换到 smem）",
    "coll.mixed100_stages_given": "StageCount<{stages}>：按给定，载入到转换、转换到 MMA 与累加器 stage 都是 {stages}",
    "coll.mixed100_stages": "StageCountAutoCarveout<{carveout}>：{capacity} 容量 - {kernel_carve} 内核预留 -（{carveout} "
    "预留 + {acc_stages} 个累加器 stage x {acc_bytes}）= {after} 字节；每个载入 stage {ab} 字节（A 按 {a_bits} 位计，"
    "加其 scale/zero、B 的份额与两条流水线），每个转换 stage {comp} 字节；转换到 MMA stage 数 = min({tmem_pot}（{tmem}），"
    "{after} /（{ab} + {comp}）= {pot}）= {t2m}；载入 stage 数 =（{after} - {t2m} x {comp}）/ {ab} = {stages}",
    "coll.mixed100_tmem_pot": "TMEM：（{columns} 列 - 每个 {acc_words} 列的累加器）/ 每个 stage {a_words} 列转换后的 A"
    "（tile K 的一半）",
    "coll.mixed100_smem_pot": "A 在 smem 中转换：无 TMEM 上限",
    "coll.mixed100_group_given": "Sm100MixedInputBlockwiseScaleConfig<{mn}, {k}>：每 {mn} x {k} 一个 scale；scale 的 "
    "smem atom 为（{smn} x {dmn}）x（{smk} x {dk}），MN-major",
    "coll.mixed100_group_void": "没有 scale 布局：collective 的 VoidLayoutScale，粒度 {mn} x {k}；scale 的 smem atom 为"
    "（{smn} x {dmn}）x（{smk} x {dk}）",
    "coll.mixed100_desc_not_modelled": "UMMA 描述符：SM100 混合输入 collective 未建模（A 在 UMMA 读取前由 transform "
    "warp 转换）",
    # ---- mix47: CUTLASS 4.7's SM100 mixed-input scale smem (its atom's first tile, UMMA::tile_to_mma_shape)
    "coll.mixed100_group_given_tiled": "Sm100MixedInputBlockwiseScaleConfig<{mn}, {k}>：每 {mn} x {k} 一个 scale；"
    "scale 的 smem atom 取其（{smn} x {dmn}）x（{smk} x {dk}）atom 的第一块 {smn} x {smk}，再按 A 的 MMA tile 与各 "
    "stage 平铺（UMMA::tile_to_mma_shape）",
    "coll.mixed100_group_void_tiled": "没有 scale 布局：collective 的 VoidLayoutScale，粒度 {mn} x {k}；scale 的 smem "
    "atom 取其（{smn} x {dmn}）x（{smk} x {dk}）atom 的第一块 {smn} x {smk}，再按 A 的 MMA tile 与各 stage 平铺"
    "（UMMA::tile_to_mma_shape）",
    # ---- sm103g: SM103 构建器的 ptr-array（分组）调度（示例 90）
    "coll.sm103_carveout_array": "{why}；内核预留含 {maps} 个 {bytes} 字节的 TMA 描述符（A、B、SFA、SFB：ptr-array "
    "调度的 TensorMapStorage）",
    "coll.sm103_ptr_alias": "{alias} 是 {schedule} 的别名：{why}",
    # ---- aux（分支 aux）：自定义 EVT 的 Sm90AuxLoad / Sm90AuxStore 节点（cutedump.collective.evt_aux）
    "coll.evt_aux_smem": "自定义 EVT（{root}，{nodes} 个节点）本身即 FusionCallbacks；其由各节点 SharedStorage 组成的 "
    "{tuple} 含 {loads} 个 Sm90AuxLoad 与 {stores} 个 Sm90AuxStore 节点的共享内存 tile，共 {aux_bytes} 字节（按其 "
    "swizzle 对齐，至多 {align} 字节），以及 {rows} 个 Sm90RowBroadcast 共享内存向量，共 {bytes} 字节 -> {total} 字节",
    # ---- shuf: 例 55、69 的重排（shuffled）操作数，重排后的 CuTe Layout 类型（collective/reorder.py）
    "coll.reordered_layout": "{operand} 给的是 Layout 类型 {layout_type}，{atom_name} = {atom_call} = {atom}，其值为 "
    "{gmem}；builder 读取它的 stride（get_stride）：第一个模式以 {front_0} 开头，K 模式以 {front_1} 开头；首个叶为 "
    "{unit} 的模式为主序（is_major）-> GMMA 主序 {major}（gmma_rs_tag_to_major：仅当第一个模式为主序时取 MN），"
    "collective 以该 Layout 作为其 stride",
    "coll.reordered_smem": "{operand} 是 Layout 类型 -> collective 的 SmemLayout{side} 为 make_layout_like("
    "append(composition({operand} 的 Layout, ({extent}, {k})), make_layout({stages} 个 stage, 动态 stride 零))) = "
    "{smem}：不做 swizzle，其 stride 按该 Layout 的 stride 排序（get_smem_layout）",
}
