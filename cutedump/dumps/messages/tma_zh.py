"""``cutedump tma`` 与 ``cutedump tmem`` 的中文措辞（数字都来自算出的对象）。"""

MESSAGES = {
    "tma.gbasis": "tma_gbasis（TMA box 的 mode -> gmem mode）：{gbasis}",
    "tma.sidx": "  smem 下标 -> gmem mode：{full}；其单位步长前缀 {prefix} 就是一个 TMA box 覆盖的部分",
    "tma.mode0": "  box mode {i}：{n} 个元素，沿 gmem {names}；globalDim {gdim}，步长 {st} 个元素（连续）",
    "tma.mode": "  box mode {i}：{n} 个元素，沿 gmem {names}；globalDim {gdim}，步长 {st} 个元素 = {sb} 字节",
    "tma.box_split": "box：{box} = {elems} 个元素 = {bytes} 字节：整个 box，分给 {parts} 个 CTA；每个 CTA 的 TMA 指令搬 "
    "boxDim {cbox} = {celems} 个元素 = {cbytes} 字节",
    "tma.box": "box：{box} = {elems} 个元素 = {bytes} 字节，一条 TMA 指令",
    "tma.box_gather": "box：{box} = {belems} 个元素（mode {one} 的一行）；一条 {kind} TMA 指令（{op}）搬 {rows} 个这样的行"
    "（按下标选取）：{elems} 个元素 = {bytes} 字节",
    "tma.sidx_gather": "  smem 下标 -> gmem mode：{full}；其单位步长前缀 {prefix}，{kind} 的 box 取其第一个 mode 和第二个 mode 的一行",
    "tma.instructions_gather": "指令数：{what} 有 {tiles} 个元素；一条 {kind} TMA 指令搬 {elems} 个，所以每个 CTA 每个 tile "
    "发 {n} 条 TMA 指令",
    "tma.swizzle_none": "swizzle：smem layout 没有 swizzle（CuTe 读作 {none}）-> {enum}",
    "tma.swizzle": "swizzle：{sw}：B={b}（异或 {nb} 个单位），M={m}（{nm} 字节的单位），S={s} -> SmemSwizzleBits::{bits}，"
    "SmemSwizzleBase::{base} -> {enum}",
    "tma.tile_cta": "CTA tile {tile}",
    "tma.tile_mma": "一个 CTA 在 MMA tile {tiler} 中的那一份（MMA,{modes}）= {tile}，",
    "tma.instructions": "指令数：{what} 有 {tiles} 个元素；一个 TMA box 覆盖 {elems} 个，所以每个 CTA 每个 tile 发 {n} 条 "
    "TMA 指令（tma_partition 的 TMA_Iter）",
    "tma.mc_split": "cluster {parts}：boxDim 是 box 从最后一个 mode 起切分的结果（{box} -> {cbox}）；CTA c 搬每个 box 的元素 "
    "[{celems}*c, {celems}*(c+{one}))（{cbytes} 字节）",
    "tma.mc_share": "multicast：{split}，并 multicast 给 mask 里的每个 CTA：每个 CTA 收到整个 box",
    "tma.mc_own": "multicast：无：{split}；{op} 不 multicast，所以每个 CTA 只收到自己那一份（{elems} 个元素中的 {celems} 个）；"
    "{twin} 才共享整个 tile（mask 里每个 CTA 都收到整个 box）",
    "tma.mc_none": "multicast：无（cluster {one}）：boxDim 就是整个 box",
    "tmem.columns": "TMEM 列数：{cols}（find_tmem_tensor_col_offset）；{alloc}",
    "tmem.alloc": "TMEM::Allocator allocate({n})，Sm100TmemCapacityColumns = {cap}",
    "tmem.no_fit": "放不下：{why}",
    "tmem.lanes": "TMEM lane：{lanes}",
    "tmem.picture": "lane \\ 列（每个字符：{cols} 列，每行：{lanes} 个 lane）",
    "tmem.warps": "各 warp（每个 warp 的 partition_{side}(tCtAcc) 覆盖的 TMEM 单元）：",
    "tmem.warp": "  warp {w}：lane {l0}-{l1}，列 {c0}-{c1}（{k} 个单元）",
    "idesc.atoms": "具有此描述符的 atom（{n} 个）：",
    "idesc.none": "目录中没有 atom 具有此描述符（没有 atom 设置 max_shift；CuTe 的 static_assert 拒绝的 M/N/格式组合没有 atom）",
    "idesc.notes": "硬件说明：",
    "idesc.note": "  {atom}：CuTe 的 traits 接受 {acc} 累加器；tcgen05.mma kind::{kind} 需要 {need}（{need_type}）累加器",
}
