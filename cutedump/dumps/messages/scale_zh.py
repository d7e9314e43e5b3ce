"""``cutedump scale`` 的中文措辞（每个数字都来自计算出的布局，cutedump.scale.report）。"""

MESSAGES = {
    "scale.config": "{arch} 上的 {kind}：K 方向每 {vs} 个元素一个 {sf_type} 缩放因子（{sfb} 字节）；布局来自 {config}",
    "scale.chunk": "基本块 {expr}：{layout}",
    "scale.chunk_read": "  {rows} 行 x {per} 个缩放因子（每行覆盖 K 的 {kel} 个元素），共 {bytes} 字节；第 r 行的 "
    "{per} 个缩放因子是连续字节，位于 {formula}（一行的 {per} 个字节正是 TMEM 的一个 {word} 位字）",
    "scale.gmem": "{op} = {expr}\n  = {layout}",
    "scale.gmem_read": "  {rows} 行补齐到 {rows_p}，每行沿 K 的 {ksf} 个缩放因子补齐到 {ksf_p}：每个 batch "
    "{c0} x {c1} 个块，同一行块的 K 块相邻（tile_to_shape 的 Step<_2,_1,_3>），{l} 个 batch：共 {sfs} 个缩放因子，"
    "{bytes} 字节",
    "scale.element": "A({m},{k})：它的缩放因子作用于第 {m} 行的 k {k0}..{k1}，SFA({m},{k},{l0}) = {off}：第 {ci} 块"
    "（行块 {cm}，K 块 {ck}）的第 {ic} 字节（块内第 {r} 行，该行第 {j} 个缩放因子）",
    "scale.smem": "共享内存中的一个 stage（tile {tile}，{atom}，{cta} 个 CTA；MMA 的 K 为 {mk}，即每次 MMA 每行 "
    "{nsf} 个缩放因子）：",
    "scale.smem_op": "  {op}：{expr}\n    = {layout}\n    {rows} 行，每个 stage {bytes} 字节",
    "scale.smem_empty": "  MMA_M / {blk} = {mm} / {blk} 在 C++ 整数除法下为 {z}：deduce_smem_layoutSFA "
    "没有给 A 的这 {mm} 行分配缩放因子",
    "scale.smem_empty_k": "  TileK / VS / {four} = {tk} / {vs} / {four} 在 C++ 整数除法下为 {z}："
    "这个 tile 的共享内存布局里没有缩放因子的 K 块",
    "scale.smem_element": "  A({m},{k}) 在共享内存中：M 方向第 {mt} 个 MMA tile，其中第 {c} 个 CTA，第 {mi} 行，"
    "第 {kt} 个 K tile 的 k {ki}（MMA k 块 {kb}）：该 stage 的 SFA 第 {off} 字节",
    "scale.sfb_pad": "SFB 的不同：它的行数是 N = {n} 向上取整到 {blk} 的倍数，即 {rows}：TMA 和 UTCCP 按 B 有 "
    "{rows} 行来搬运 SFB",
    "scale.sfb_2cta": "SFB 的不同：{cta} 个 CTA 时，每个 CTA 只存 SFA 中自己那一半 A 的 {rows_a} 行，"
    "SFB 却是完整的 {rows} 行",
    "scale.sfb_same": "SFB 只在范围上不同：B 的 {rows} 行（N = {n}），而不是 A 的 M",
    "scale.stages": "{n} 个流水线 stage（collective 的 SmemLayoutSFA/SFB：make_layout(append(shape(atom), "
    "Int<{n}>{{}}), append(stride(atom), size(filter_zeros(atom))))）：",
    "scale.stages_op": "  {op}：{layout}\n    stage s 从字节 s * {step} 开始；全部 {n} 个 stage 共 {bytes} 字节",
    "scale.stages_element": "  A({m},{k}) 的缩放因子在 stage s 中：字节 {off} + s * {step}（stage {last}：字节 {off_last}）",
    "scale.pic_title": "{kind} 缩放因子（{sf_type}，K 方向每 {vs} 个元素一个）：{config}",
    "scale.pic_chunk": "{rows}x{per} 基本块 {layout}：第 r 行、第 j 个 K 组的缩放因子所在字节；一条 {line} 字节的行放第 "
    "{lrows} 行（颜色：r / {grp}）",
    "scale.pic_tile": "一个 CTA tile 的 SFA 覆盖 A 的 {rows} x {kel} 个元素（{rows} 行 x {cols} 组，每组 K 方向 {vs} 个"
    "元素）：在该 stage 共享内存中的字节（{atom}）；颜色：{chunk} 字节的块；加框：A({m},{k})",
    "scale.smem_element_none": "  A({m},{k}) 在共享内存中：M 方向第 {mt} 个 MMA tile，其中第 {c} 个 CTA，第 {mi} 行，"
    "第 {kt} 个 K-tile 的第 {ki} 个 k（MMA k-block {kb}）：该 stage 没有字节存放它的缩放因子（该 stage 没有 chunk）",
    "scale.stages_element_none": "  A({m},{k}) 的缩放因子不在任何 stage 中（每个 stage 都没有 chunk；步长 {step}）",
    "scale.sfb_mma": "SFB 由单 CTA 的 atom {atom} 划分（collective 的 TiledMMA_SF = TiledMma::MMA_ScaleFactor）："
    "M {m}，N {n}（tile 的 N = {tn} 向上取整到 {blk} 的倍数）",
    "scale.no_smem": "共享内存：{arch} 不计算：{why}",
    "scale.bw_config": "{arch} 上的分块缩放：A 每 {gm} x {gk} 块、B 每 {gn} x {gk} 块一个 {sf_type} 缩放因子，"
    "{major} 主序；布局来自 {config}",
    "scale.bw_read": "  每个 batch {b0} x {b1} 块，{l} 个 batch：共 {sfs} 个缩放因子",
    "scale.bw_element": "A({m},{k})：块 ({bm},{bk})，SFA({m},{k},{l0}) = {off}",
    "scale.bw_smem": "  {op} 在共享内存中（tile {tile}）：{expr}\n    = {layout}：{sfs} 个缩放因子",
    "scale.tmem": "一个 stage 在张量内存中（tCtSFA 从第 {c0} 列起；由 {op} 从 smem 拷入）：",
    "scale.tmem_op": "  {op}：{tmem}\n    占 {cols} 列，每个缩放因子在 {n} 个 lane 子分区各有一份（{alloc}）",
    "scale.tmem_element": "  A({m},{k}) 的缩放因子在 TMEM 中：第 {col} 列，第 {byte} 字节，lane {lanes}（子分区 {subs}）",
}
