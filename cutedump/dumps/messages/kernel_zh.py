"""内核 dump 的中文解读（``cutedump sgemm-sm80``、``cutedump kernel``）：每个对象一行。与 kernel_en.py 键一一对应。"""

MESSAGES = {
    "prefix": "  # ",
    "join": "，",
    "mode": "{name} = {value}",
    "mode_div": "{name} = {value} = {size}/{tile}",
    "mode_ceil": "{name} = {value} = ceil({size}/{tile})",
    "frg": "{name} = {value} 就是 (FrgV={v}, FrgX={x})",
    "mma_vals": "{name} = {value}（一个 MMA atom 中每线程的值）",
    "dynamic": "（运行时的值）",
    "layout": "{modes}；size {size}，cosize {cosize}",
    "swizzle": "；{sw} 把 offset 的 bit [{y0},{y1}) 异或到 bit [{z0},{z1})",
    "tiled_copy": "{threads} 个线程 × {vals} 个值 = {total} 个元素 = {tile} 的 tile（Tiler_MN）；"
    "每条 atom 指令每线程搬 {atom_vals} 个 {bits}b 的值",
    "tiled_mma": "{threads} 个线程 = 每个 atom {atom_threads} 个 × {atoms} 个 atom（{layout}）；"
    "一个 atom 计算 {atom_mnk}，TiledMMA 的 tile 是 {tile}",
    "vmnk": "(ThrV={v}, ThrM={m}, ThrN={n}, ThrK={k}) = {total} 个线程；thread_idx = {formula}",
    "tv": "(thread, value) -> {tile} tile 内的下标：{threads} 个线程 × {vals} 个值",
    "ldmatrix": "src2ref 把源端的 (thread, value) 重排到参考（寄存器）顺序；dst2ref {dst_ident}",
    "dst_identity": "是恒等映射（Dst = Ref）",
    "dst_not_identity": "也做重排",
    "gmem": "全局内存",
    "smem": "共享内存",
    "rmem": "寄存器",
    "tensor": "{modes}，在{memory}中",
    "local_tile": "{modes}：block (0,0) 在 {src} 中的 tile",
    "copy_part": "{modes}：线程 {thread} 在 {of} 的 {op} 中分到的 {src}",
    "mma_part": "{modes}：线程 {thread} 在 {of} 的 {op} 中分到的 {src}",
    "retile": "{modes}：{of} 眼中的 {src}（{op}）",
    "bank_title": "bank 审计（H100 bank 模型；warp {warp}；一个流水级 / 一次 copy()）：",
    "bank_line": "{what}{copy} {arrow} {tensor}：{side}，每个 warp {n} 条 {inst}；warp {warp}：wavefronts {wf}，"
    "理想 {ideal}，冲突 {conf}；全部 {nwarps} 个 warp：冲突 {all_conf}；向量宽度 "
    "{vec} 个元素 = {vbits} bits（atom {abits} bits）",
    "bank_fix": "；修复：{layout}（{cpp}）",
    "bank_pad": "；修复：填充为 {layout}",
    "bank_nofix": "；没有 swizzle Sw<B,M,S>（B<=4，M<=7，S<=8）或填充能让 {tensor} 的所有 copy 都无冲突",
    "bank_fix_error": "；未搜索修复：{error}",
    "bank_not_modelled": "{what}{copy} {arrow} {tensor}：未建模（{note}：自动向量化的 atom 让 copy() 对整个 partition 向量化）",
    "bank_none": "描述中没有 [[smem_copies]]：无可审计",
    "fragment_like": "{modes}：与 {src} 同形的寄存器（make_fragment_like）",
    "desc_vals": "{name} = {value}（每个 wgmma 块一个 GMMA 描述符）",
    "desc_part": "{modes}：线程 {thread} 的 {src} 的 GMMA smem 描述符（{of} 的 {op}；warpgroup 的所有线程持有相同的"
    "描述符）；k-block 0：{name}(0) = {hex}（{major}-major，{layout_type}，起始 {start}，LBO {lbo}，SBO "
    "{sbo}，以 16 字节为单位）",
    "desc_title": "wgmma 描述符审计（每个 shared-memory 操作数的 k-block 0）：",
    "desc_line": "wgmma {operand} <- {tensor}：{name}(0) = {hex}：{major}-major，layout type {layout_type}，起始 "
    "{start}，LBO {lbo}，SBO {sbo}，base offset {base}；{verdict}",
    "desc_same": "layout type 与写入 smem tile 时的 swizzle {sw}（{want}）一致",
    "desc_differs": "layout type 与 smem 的 swizzle {sw}（{want}）不一致：wgmma 会读错 tile",
    "tma_atom": "{op}：把 {gmem}（{type}）搬进 {smem}；一个 TMA box {box} = {elems} 个元素 = {bytes} 字节一条指令；"
    "cuTensorMapEncodeTiled({dtype}，rank {rank}，globalDim {gdim}，globalStrides {gstr} 字节，"
    "boxDim {bdim}，elementStrides {es}，{interleave}，{swizzle}，{l2}，{oob})",
    "tma_atom_split": "{op}：把 {gmem}（{type}）搬进 {smem}；整个 TMA box {box} = {elems} 个元素 = {bytes} 字节，分给 {parts} 个 "
    "CTA：每个 CTA 的一条指令搬 boxDim {bdim} = {celems} 个元素 = {cbytes} 字节，{share}；"
    "cuTensorMapEncodeTiled({dtype}，rank {rank}，globalDim {gdim}，globalStrides {gstr} 字节，"
    "boxDim {bdim}，elementStrides {es}，{interleave}，{swizzle}，{l2}，{oob})",
    "tma_share_multicast": "并 multicast 给 mask 里的每个 CTA（每个 CTA 收到整个 box）",
    "tma_share_own": "每个 CTA 只收到自己那一份（{op} 不 multicast）",
    "tma_tensor": "{modes}：{of} 的 TMA 坐标，不占内存（每个元素是它的 box 坐标 ArithTuple：{terms}）",
    "tma_term": "{name} -> 坐标 {j}",
    "tma_term_none": "{name} -> 无",
    "tma_part_g": "{modes}：block (0,0) 的 {src} 各 tile 的 TMA 坐标（{of} 的 tma_partition：TMA = {tma} = {iters} 个 "
    "{box} 元素的 box）；所有线程相同，由一个选出的线程发出 copy",
    "tma_part_s": "{modes}：每次 TMA copy 写入的 {src} 共享内存（{of} 的 tma_partition：TMA = {tma} 个元素 = 每级 "
    "{bytes} 字节）",
    "tma_bytes": "{parts} = {total} 字节：一个流水级的 TMA copy 写入的字节数（barrier 期待的 transaction bytes）",
    "bank_tma": "{what}{copy} {arrow} {tensor}：由 TMA 单元写入（{bytes} 字节的 {box} box，{swizzle}），不经线程："
    "TMA 不是线程 copy，不统计它的 bank 冲突；该 tile 其他线程 copy 的审计不变",
    "tma_title": "TMA 审计（每个 TMA copy 的 swizzle 与读该 tile 的 wgmma 描述符；每级字节数）：",
    "tma_line": "{name} -> {tensor}：{swizzle}；{verdict}；{iters} × {bytes} 字节的 {box} box = 每级 {stage} 字节",
    "tma_same": "{desc} 以 GMMA layout type {lt} 读取：swizzle 一致",
    "tma_differs": "{desc} 以 GMMA layout type {lt} 读取，而 TMA 按 {want} 写入：wgmma 会读错 tile",
    "tma_no_desc": "没有 wgmma 描述符读取 {tensor}",
    "tma_total": "一个流水级：{name} = {parts} = {total} 字节（该级 barrier 期待的 transaction bytes）",
    # Blackwell（cutedump/kernel/sm100.py、dumps/kernel_sm100.py）
    "coord": "{modes}",
    "tile_size": "{of} 的 MMA tile {tile} 在 {dim} 方向的大小",
    "tile_shape": "{of} 的 MMA tile (M,N,K) = {tile}",
    "atom_thr_id": "一个 MMA atom 跨越的 CTA（{of} 的 AtomThrID）：{n}",
    "mma_size": "{of} 有 {n} 个线程（UMMA：MMA 的每个 CTA 一个）",
    "partition_shape": "{modes}：一个 CTA 在 {shape} 的 tile 中分到的部分（{of} 的 partition_shape_{op}）",
    "tmem_copy": "{threads} 个线程 × {vals} 个值 = {src} 的 {tile} tile（用 {op} 的 make_tmem_copy）",
    "umma_desc": "{modes}：{src} 的 UMMA smem 描述符（{of} 的 {op}，每个 MMA 一个）；k-block 0：{name}(0) = {hex}（{major}-major，{layout_type}，起始 {start}，LBO {lbo}，SBO {sbo}，以 16 字节为单位）",
    "umma_desc_vals": "{name} = {value}（每个 MMA 一个 UMMA 描述符）",
    "tmem_acc": "{modes}：张量内存（TMEM）中的累加器（{of} 的 {op}）：lane {lanes}，{cols} 个 32-bit 列",
    "mma_part_cta": "{modes}：peer CTA {v} 在 {of} 的 {op} 中分到的 {src}（get_slice({thr})）",
    "tmem_copy_part": "{modes}：线程 {thread} 在 {of} 的 {op} 中分到的 {src}",
    "flat_coord": "{modes}：集群中 rank {index} 的 CTA 的 (V,M,N,K) 坐标（get_flat_coord）",
    "scale_layout": "{modes}：{call}；{sfs} 个缩放因子（size {size} 计的是它们缩放的元素），cosize {cosize}",
    "mcast_mask": "本 CTA 的 multicast 到达的 CTA（位 = 集群 rank）：{ctas}（{modes}）",
    "mcast_modes": "create_tma_multicast_mask<{modes}>",
    "zipped_divide": "{modes}：把 {src} 按 {tiler} 切块（zipped_divide：先块内，再第几块）",
    "tma_title_umma": "TMA 审计（每个 TMA copy 的 swizzle 与读该 tile 的 UMMA 描述符；每级字节数）：",
    "tma_same_umma": "{desc} 以 UMMA layout type {lt} 读取：swizzle 一致",
    "tma_differs_umma": "{desc} 以 UMMA layout type {lt} 读取，而 TMA 按 {want} 写入：tcgen05.mma 会读错 tile",
    "tma_no_desc_umma": "没有 UMMA 描述符读取 {tensor}",
    # bstoml: the block-scaled GEMM's scale-factor TMA (a TmaInternalType) and TMEM fragments
    "tma_recast": "；TMA 把 {type} 数据按 {tma} 搬运（{tbits}-bit 的 TMA 元素：make_tma_atom<{tma}>）",
    "sf_frag": "{modes}：操作数 {operand} 一级的 scale factor 在张量内存（TMEM）中（{of} 的 make_tensor<FrgTypeSF{operand}>，形状 shape({layout})）：lane {lanes}，{cols} 个 32-bit 列",
}
