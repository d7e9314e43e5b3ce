"""smem 描述符解说的中文措辞（SS GMMA/UMMA 操作数的 ``explain partition --fragment`` 与 ``cutedump desc``）；并入 zh.py。
与 desc_en.py 键一一对应。"""

MESSAGES = {
    "ex.title.desc": "解说线程 {thread} 的 thr_mma.partition_fragment_{op}(sX)\n"
    "{atom} 的 TiledMMA；smem 张量 sX = {tensor}（{vt}）；CuTe {version} 的步骤：partition_{op}，"
    "然后 {mk} 与描述符张量\n",
    "ex.desc.smem": "smem 张量：make_tensor(make_smem_ptr<{vt}>(addr), {smem})：swizzle {sw} 挂到指针上，作用于字节地址；"
    "布局 {inner} 以 {vt} 元素为单位",
    "ex.desc.part": "线程 {thread} 的 partition_{op}(sX)：即不带 --fragment 的 `cutedump explain partition` 各步"
    "（共享内存中的 GMMA 操作数对 warpgroup 的每个线程都是整块可见）",
    "ex.desc.part.umma": "线程 {thread} 的 partition_{op}(sX)：即不带 --fragment 的 `cutedump explain partition` 各步"
    "（UMMA 由一个线程替整个 CTA（或 CTA 对）发出：共享内存中的操作数就是该 CTA 的整块 tile）",
    "ex.desc.recast": "recast<uint128_t>(tensor<{z}>(partition))：一条指令的 (MN,K) 块，以 {u} 字节为单位（每单位 {t} 个 "
    "{bits} 位元素）；core matrix 是 {r} 行 x 单个单位（{r} x {u} 字节）",
    "ex.desc.ltype": "由指针的 swizzle {sw} 得 layout_type：{lt}；W = {w}：一行 swizzle 跨 {w} 个单位（{wb} 字节）",
    "ex.desc.canon": "{mk}<{G}::Major::{major}>：按 {tile} 做 logical_divide，结果须是规范形式 {form}"
    "（uint128_t 单位）",
    "ex.desc.fields": "由规范形式的 stride 得描述符：SBO = {sbo}，LBO = {lbo}（{u} 字节单位），start_address = {start}",
    "ex.desc.frag": "描述符张量：make_tensor(DescriptorIterator{{desc}}, replace<{z}>(recast<uint128_t>(partition)"
    ".layout(), _1:_0))：每条指令一个描述符，其余 mode 把各自的 {u} 字节偏移加到描述符低 {lo} 位"
    "（start_address）",
    "ex.desc.read.start_unset": "\nstart_address = {start}：smem 指针未设定（主机端 CuTe 读不到 smem 地址："
    "cast_smem_ptr_to_uint 打印一行 ERROR 并返回 {z}）\n",
    "ex.desc.read.start": "\nstart_address = {start}：块首元素的字节地址 {addr} 经 swizzle 后 >> {sh}（{sb} 位）\n",
    "ex.desc.read.k_sbo": "  SBO = {sbo}（{sbob} 字节）：从 {X} 方向一组 {r} 行 core matrix 到下一组 {r} 行\n",
    "ex.desc.read.k_lbo_none": "  LBO = {lbo}（{lbob} 字节）：INTERLEAVE（无 swizzle）：从 K 的前 {u} 字节所在 core matrix "
    "到后 {u} 字节所在的那个\n",
    "ex.desc.read.k_lbo_sw": "  LBO = {lbo}：被忽略：{lt} swizzle 下一条指令的 {kb} 字节 K 都在同一条 {wb} 字节的 swizzle "
    "行内，K 方向下一个 core matrix 就是该行的下 {u} 字节（CuTe 要求 stride<{s10}> == {v1} 并把它存作 LBO）\n",
    "ex.desc.read.mn_none": "  INTERLEAVE（无 swizzle），MN-major：SBO = {sbo}（{sbob} 字节）沿 {X} 到下一个 core matrix，"
    "LBO = {lbo}（{lbob} 字节）到 K 的下 {r} 行\n",
    "ex.desc.read.mn_sw": "  {lt}，MN-major：一个 swizzle atom 是 {X} 方向 {w} 个单位（{wb} 字节）乘 K 方向 {katom} 行；"
    "LBO = {lbo}（{lbob} 字节）沿 {X} 到下一个 swizzle atom，SBO = {sbo}（{sbob} 字节）到 K 的下 "
    "{katom} 行\n",
    "ex.desc.read.form": "  匹配的规范 {major}-major 形式 {form}，layout type {lt}\n",
    "ex.desc.read.alias": "  不是规范的 {major}-major 形式：{n} 个坐标落在另一个坐标已占的元素上（layout 有别名；"
    "规范形式是 {form}，layout type {lt}）\n",
    "ex.desc.read.list": "fragment 的各描述符（按下标顺序）：\n",
    "ex.desc.read.item": "  [{i}] {hex}  start_address {start}\n",
    "desc.title": "{name} {hex}：{major}-major {vt}，一条指令读 {mn} x {k} 个元素（{X} x K）\n",
    "desc.field": "  {name:<20} {value:>6}  {meaning}\n",
    "desc.m.start": "字节地址 {addr}（start_address << {sh}）",
    "desc.m.lbo_ignored": "{bytes} 字节；被忽略（swizzle 的 K-major：K 的下 {u} 字节在同一行内）",
    "desc.m.lbo": "{bytes} 字节：{what}",
    "desc.m.sbo": "{bytes} 字节：{what}",
    "desc.m.base": "swizzle 模式的相位（块从 swizzle atom 边界开始时为 {z}）",
    "desc.m.type": "{lt}：作用于字节地址的 Swizzle {sw}",
    "desc.m.version": "SM100（tcgen05）上为 {v1}",
    "desc.m.lbo_mode": "LBO 模式（{z}：legacy）",
    "desc.what.k_sbo": "{X} 方向下一组 {r} 行",
    "desc.what.k_lbo": "K 的下 {u} 字节（INTERLEAVE）",
    "desc.what.mn_none_sbo": "沿 {X} 的下一个 core matrix（INTERLEAVE）",
    "desc.what.mn_none_lbo": "K 的下 {r} 行（INTERLEAVE）",
    "desc.what.mn_lbo": "沿 {X} 的下一个 swizzle atom（{wb} 字节）",
    "desc.what.mn_sbo": "K 的下 {katom} 行",
    "desc.layout": "\n它描述的 smem 布局 ({X},K) -> 元素（CuTe 的 print；swizzle 作用于字节地址）：\n"
    "  {layout}\nswizzle 换算到元素偏移（print_layout 的形式）：\n  {pi}\n",
    "desc.cores": "\ncore matrix（{r} 行 x {u} 字节）：各自的字节偏移（swizzle 前）；行：{X} 每 {rows} 个一组，列：K 每 {cols} "
    "个一组\n",
}
