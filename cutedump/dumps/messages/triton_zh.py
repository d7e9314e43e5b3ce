"""`cutedump triton` 关于张量内存（TMEM）的中文措辞：``tri.tmem.*``，每个一行；事实来自 cutedump/triton/tmem.py。"""

MESSAGES = {
    "tri.tmem.where": "    TMEM：lane {lanes}，{columns} 列（每列 {word} 位）；col 以 {bits} 位元素计，每列 {per} 个",
    "tri.tmem.where_cta": "    TMEM：每个 CTA lane {lanes}，{columns} 列（每列 {word} 位）（{m}x{n}，CGA layout 把 tile 分给 "
    "{ctas} 个 CTA）；col 以 {bits} 位元素计，每列 {per} 个",
    "tri.tmem.buffers": "    {buffers} 个缓冲区（每个 {shape}，memdesc_index 选一个）：每个都是下面的 layout",
    "tri.tmem.cute": "    CuTe：{atom} 在 {shape} 上的累加器：{tensor}，每个元素的 lane 与列都相同（{command}）",
    "tri.tmem.cute_cta": "    CuTe：{atom} 在 {shape}（CTA 对的 tile）上的累加器中一个 CTA 的部分：{tensor}，每个元素的 lane "
    "与列都相同（{command}）",
    "tri.tmem.not.scales": "    CuTe：此处不对应：这是块缩放 MMA 的缩放因子，不是累加器（cutedump 只对应累加器）",
    "tri.tmem.not.operand": "    CuTe：此处不对应：fp4 填充的 {elem} 张量是 MMA 操作数，不是累加器（cutedump 只对应累加器）",
    "tri.tmem.not.not_accumulator": "    CuTe：此处不对应：colStride 为 {col_stride} 的 {elem} 不是 CuTe UMMA 累加器的 TMEM "
    "类型（float、int32_t、非打包的 half_t）",
    "tri.tmem.not.no_umma": "    CuTe：此处不对应：CuTe 没有 tile 为 M = {m}、N = {n} 的 UMMA",
    "tri.tmem.not.cute_refuses": "    CuTe：此处不对应：CuTe 拒绝 {atom}（{error}）",
    "tri.tmem.not.differs": "    CuTe：不相同：{atom} 的累加器把元素 {at} 放在 {cute}，Triton 放在 {triton}",
}
