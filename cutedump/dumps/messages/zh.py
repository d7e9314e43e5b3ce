"""Chinese narration (the wording of the recorded dump ../shared/seeds/000_89ace3aef4fd3051.txt)."""

MESSAGES = {
    # ---- tiled-copy-c: preamble -------------------------------------------------------------------------------
    "tcc.title": "=== Test make_tiled_copy_C_atom internals ===\n理解 make_tiled_copy_C_atom 如何计算 layout_tv\n\n",
    "tcc.config": "=== 配置信息 ===\n",
    "tcc.layoutC": "\nlayoutC_TV: {layout}\n  线程数: {threads}\n  每线程值数: {vals}\n  总元素: {total}\n\n",
    "tcc.mma_tiler": "mma_tiler (M x N): {tiler}\n总元素: {total}\n",
    "tcc.layoutC_vis": "\n--- 原始 layoutC_TV 可视化 ---\n",
    # ---- one copy_V section ---------------------------------------------------------------------------------------
    "tcc.section": "\n{rule}\n{title}\n{rule}\n\n",
    "tcc.section_title": "copy_V = {v} (每线程{v}个值)",
    "tcc.section_title_full": "copy_V = {v} (每线程{v}个值，完整)",
    "tcc.step1": "【Step 1】截断 layoutC_TV 到 copy_V = {v}\n"
    "{rule}\n"
    "layout_TV = composition(layoutC_TV, ({threads}, {v}))\n"
    "         = {layout_TV}\n"
    "含义: (thr, val) -> mma_offset，共 {threads_tv} 个线程 × {vals_tv} 个值 = {total} 元素\n\n"
    "--- layout_TV 可视化 ---\n",
    "tcc.step2": "\n【Step 2】计算 tiler = (tiler_m, tiler_n)\n"
    "{rule}\n"
    "目的: 提取 layout_TV 在 M 和 N 方向的覆盖形状\n\n",
    "tcc.proj": "【{label}】计算 tiler_{var} ({axis} 方向覆盖)\n"
    "  proj_{var} = make_layout(mma_tiler, {pattern}) = {proj}\n"
    "  含义: (m,n) -> {var}，投影到 {axis} 坐标\n\n"
    "--- proj_{var} 可视化 (M,N) -> {axis}坐标 ---\n",
    "tcc.raw": "\n  tiler_{var}_raw = composition(proj_{var}, layout_TV) = {raw}\n"
    "  含义: (thr, val) -> 该位置的 {axis} 坐标\n\n"
    "--- tiler_{var}_raw 可视化 (thr,val) -> {axis}坐标 ---\n",
    "tcc.filter": "\n  tiler_{var} = filter(tiler_{var}_raw) = {tiler}\n"
    "  filter 作用: 去除 size=1 的模式，合并连续模式\n"
    "  结果: layout_TV 覆盖 {axis} 坐标 {coverage}，stride={stride}\n\n",
    "tcc.combine": "【{label}】组合 tiler = (tiler_m, tiler_n)\n"
    "  tiler = ({tiler_m}, {tiler_n})\n\n"
    "--- tiler 2D 可视化: make_layout(tiler_m, tiler_n) ---\n"
    "含义: (m_idx, n_idx) -> m_coord * {coef_m} + n_coord * {coef_n}\n",
    "tcc.coverage": "\n--- tiler 在 MMA tile ({M}x{N}) 上的覆盖 ---\nX = 被覆盖, . = 未覆盖\n",
    "tcc.step3": "\n【Step 3】计算 tile2mma\n"
    "{rule}\n"
    "tile2mma = composition(make_layout(mma_tiler), tiler)\n"
    "        = composition({mma_layout}, ({tiler_m}, {tiler_n}))\n"
    "        = {tile2mma}\n"
    "含义: tile_coord (M', N') -> mma_offset\n"
    "shape: ({s0}, {s1})\n\n"
    "--- tile2mma 可视化 ---\n",
    "tcc.step4": "\n【Step 4】计算 left_inverse(tile2mma) 和 layout_tv\n"
    "{rule}\n"
    "inv_tile2mma = left_inverse(tile2mma) = {inv}\n"
    "含义: mma_offset -> tile_coord (归一化坐标)\n\n"
    "--- left_inverse(tile2mma) ---\n"
    "注意: 只有前 {valid} 个 offset 有效\n",
    "tcc.no_table": "  (rank != 2, 无法用 print_layout 可视化)\n  {layout}\n",
    "tcc.final": "\n【最终结果】layout_tv = composition(inv_tile2mma, layout_TV)\n"
    "  = {layout_tv}\n"
    "含义: (thr, val) -> 归一化的 tile_coord\n"
    "      输入: {threads} 线程 × {vals} 值\n"
    "      输出: [{first}, {last}] 的归一化坐标\n\n"
    "--- layout_tv (最终输出) 可视化 ---\n",
    # ---- explain: the frame of every explanation ----------------------------------------------------------------
    "ex.title.expr": "explain {expr}\nCuTe {version} 的算法逐步展开；每个值都由引擎计算，按 CuTe 的 print 格式输出\n",
    "ex.frame.step": "\n【{num}】{where}\n",
    "ex.frame.title": "{title}\n",
    "ex.frame.item": "{label} = {cute} = {value}\n",
    "ex.frame.value": "{label} = {value}\n",
    "ex.frame.result": "\n结果: {cute}\n    = {value}\n",
    "ex.frame.error": "\nCuTe 在这里拒绝该输入: {error}\n",
    # ---- shared by the mode-wise operations ----------------------------------------------------------------------
    "ex.layout.keep": "mode {i} = {mode} 不在 tiler 中: 原样保留",
    "ex.layout.assemble": "把各 mode 并排组合: 各 mode 的 make_layout",
    # ---- coalesce -----------------------------------------------------------------------------------------------
    "ex.coalesce.flatten": "展平 layout: 每个叶子一个 mode；随后 bw_coalesce 从最后一个 mode 往前处理",
    "ex.coalesce.empty": "空 layout 合并为 _1:_0",
    "ex.coalesce.bymode": "profile 是 tuple: 用 profile {t} 合并 mode {i} = {mode}",
    "ex.coalesce.start": "从最后一个 mode {s}:{d} 开始",
    "ex.coalesce.skip": "mode {i} = {s}:{d} 的 shape 为 _1: 跳过",
    "ex.coalesce.replace": "mode {i} = {s}:{d} 替换目前为止得到的 _1",
    "ex.coalesce.merge": "mode {i} = {s}:{d} 并入前面的 mode {fs_}:{fd_}: {s} * {d} = {sd} 等于其 stride {fd_}，"
    "两者合成一个 mode",
    "ex.coalesce.prepend": "mode {i} = {s}:{d} 不能与前面的 mode {fs_}:{fd_} 合并: {s} * {d} = {sd} 不等于其 stride "
    "{fd_}；作为单独的 mode 放到前面",
    "ex.coalesce.prepend_dyn": "mode {i} = {s}:{d} 放到前面、不与 mode {fs_}:{fd_} 合并: 合并要求前面的 shape 是静态的，"
    "且 {s} * {d} == {fd_} 在编译期可知",
    # ---- composition --------------------------------------------------------------------------------------------
    "ex.comp.underscore": "右侧是 _: 结果就是左侧",
    "ex.comp.int": "整数右侧 {n} 即 layout {n}:_1",
    "ex.comp.bymode": "右侧是 tiler: mode {i} = {mode} 与 {t} 复合",
    "ex.comp.dropped": "左侧第 {i} 个及之后的 mode 未被 tiler 覆盖: 丢弃",
    "ex.comp.flat": "展平左侧并合并其 mode (coalesce_x: 与 coalesce 相同，但在 size 之外也保持函数不变)",
    "ex.comp.leaf": "右侧 mode {path}{leaf}: 依次除过左侧的各个 mode (右分配律: 右侧每个 mode 单独复合)",
    "ex.comp.assemble": "复合后的右侧各 mode，按右侧的 shape 组合",
    "ex.comp.leaf_zero": "右侧 mode {leaf} 的 stride 是静态 _0: 结果就是它自己",
    "ex.comp.leaf_int": "左侧只有一个 mode {flat}: shape 为 {s}，stride 为 {d} 乘以左侧 stride",
    "ex.comp.take": "左侧 mode {i} = {cs}:{cd}，剩余 {rs}:{rd}: Stride Divisibility Condition 成立 ({rd} 是 {cs} 的倍数"
    "或小于 {cs})；结果的 mode 为 min(next_shape, rest_shape)，stride 为 rest_stride * {cd}",
    "ex.comp.take_dyn": "左侧 mode {i} = {cs}:{cd}，剩余 {rs}:{rd}: 含动态值，编译期不检查整除条件；结果的 mode 为 "
    "min(next_shape, rest_shape)，stride 为 rest_stride * {cd}",
    "ex.comp.pass": "左侧 mode {i} = {cs}:{cd}，剩余 {rs}:{rd}: Stride Divisibility Condition 成立；next_shape 或 "
    "rest_shape 为 _1，这里不产生 mode，只除去 stride",
    "ex.comp.pass_dyn": "左侧 mode {i} = {cs}:{cd}，剩余 {rs}:{rd}: 含动态值 (编译期不检查)；next_shape 或 rest_shape "
    "为 _1，这里不产生 mode",
    "ex.comp.fail_stride": "左侧 mode {i} = {cs}:{cd}，剩余 {rs}:{rd}: {rd} 既不是 {cs} 的倍数也不小于 {cs}: "
    "Stride Divisibility Condition 不成立 (detail::composition_impl 中的 static_assert)",
    "ex.comp.fail_shape": "左侧 mode {i} = {cs}:{cd}，剩余 {rs}:{rd}: new_shape = {ns} 不整除 rest_shape {rs}: "
    "Shape Divisibility Condition 不成立 (detail::composition_impl 中的 static_assert)",
    "ex.comp.end_rest": "在左侧最后一个 mode 之前没有产生 mode: 结果为 rest_shape:(rest_stride * {ld})",
    "ex.comp.end_one": "rest_shape 为 _1: 结果就是已产生的 mode {taken}",
    "ex.comp.end": "已产生的 mode {taken}，加上剩余 {rs}，stride 为 rest_stride * {ld} (左侧最后一个 mode 的 stride)",
    "ex.comp.swz_composed": "(A o O o B) o R = A o O o (B o R): swizzle {a} 与 offset {o} 保留，内层 layout {inner} "
    "与 {r} 复合",
    "ex.comp.swz_sw_layout": "swizzle 与 layout 复合: {sw} o _0 o {L} (composed layout，offset _0)",
    "ex.comp.swz_sw_sw": "两个 shift 相同的 swizzle {a} 与 {b}: 它们的 yyy 与 zzz 位掩码按异或合并",
    "ex.comp.swz_layout_sw": "{L} o {sw}: 把 layout 作用在 swizzle 的位掩码上得到新 swizzle 的掩码；结果为该 swizzle "
    "o _0 o {L}",
    "ex.comp.swz_layout_composed": "{L} o ({sw} o _0 o {inner}) = ({L} o {sw}) o {inner}",
    # ---- complement ---------------------------------------------------------------------------------------------
    "ex.compl.composed": "composed layout {L} 的 complement 就是其 layout B 的 complement",
    "ex.compl.filter": "filter {L}: 去掉 stride 为 _0 的 mode 和 size-1 的 mode，合并其余部分",
    "ex.compl.cotarget_default": "未给出 cotarget: cotarget = cosize(filter(layout))",
    "ex.compl.cotarget": "cotarget = {c}",
    "ex.compl.zero": "filter 后的 layout stride 为静态 _0 (不可约): complement 为 make_layout(coalesce(cotarget))",
    "ex.compl.fail_dynamic": "stride {d} 是动态的且有多个 mode: CuTe 的 complement 无法对动态 stride 排序",
    "ex.compl.fold": "剩余的 mode {shape}:{stride}；最小的 stride {d} 属于 mode {idx} ({s}:{d}): 用一个新 mode "
    "填补自上一个 stride {last} 以来的空隙",
    "ex.compl.fail": "剩余的 mode {shape}:{stride}；最小的 stride {ms} 除以上一个 stride {last} 得 _0: 两个 mode 重叠 "
    '("Non-injective Layout detected in complement.")',
    "ex.compl.last": "最后一个 mode {s}:{d}: 再填补一个空隙，然后是直到 cotarget {c} 的剩余部分",
    "ex.compl.fail_last": "最后一个 mode {s}:{d}: {d} / {last} 为 _0: layout 自身重叠 "
    '("Non-injective Layout detected in complement.")',
    "ex.compl.assemble": "合并空隙 mode 与剩余部分: coalesce({raw})",
    # ---- inverses -----------------------------------------------------------------------------------------------
    "ex.rinv.coalesce": "coalesce: 展平，去掉 size-1 的 mode",
    "ex.rinv.preprod": "shape 的前缀积 (不含自身): 每个 mode 在定义域中的起点",
    "ex.rinv.sorted": "按 stride 排序的 mode (序号:shape:stride): {order}",
    "ex.rinv.sorted_dyn": "按 stride 排序的静态 stride mode (序号:shape:stride；动态 stride 不参与): {order}",
    "ex.rinv.take": "mode {i} = {s}:{d}: stride 等于 curr = {curr}，延续连续段: 结果 mode 为 {s}:{pre}",
    "ex.rinv.skip": "mode {i} = {s}:{d}: stride 不等于 curr = {curr}；跳过 (连续段不再增长)",
    "ex.rinv.assemble": "合并收集到的 mode: coalesce({raw})",
    "ex.linv.coalesce": "coalesce: 展平，去掉 size-1 的 mode",
    "ex.linv.fail_dynamic": 'stride {d} 不全是静态的: "Left inverse requires static strides."',
    "ex.linv.preprod": "shape 的前缀积 (不含自身): 每个 mode 在定义域中的起点",
    "ex.linv.sorted": "按 stride 排序的 mode (序号:shape:stride): {order}",
    "ex.linv.zero": "mode {i} = {s}:{d} 的 stride 为 _0: 跳过",
    "ex.linv.fail": 'mode {i} = {s}:{d}: stride 不是已覆盖 size {sz} 的倍数: "Left inverse divisibility condition"',
    "ex.linv.mode": "mode {i} = {s}:{d}: shape 为 {d} / {sz} (stride 除以已覆盖的 size)，stride 为 {pre}",
    "ex.linv.assemble": "追加排序后最后一个 mode 的 shape {last}，然后 coalesce({raw})",
    # ---- divides ------------------------------------------------------------------------------------------------
    "ex.div.bymode": "tiler 是 tuple: mode {i} = {mode} 被 {t} 划分",
    "ex.div.underscore": "tiler 是 _: 原样返回 layout",
    "ex.div.int": "整数 tiler {n} 即 layout make_layout({n})",
    "ex.div.complement": "tiler {T} 的其余部分: 它在 shape(coalesce({L})) 内的 complement",
    "ex.div.concat": "(tile, rest): make_layout(tiler, complement)",
    "ex.div.compose": "layout 与 (tile, rest) 复合: 第一个 mode 是 tile 内部，第二个 mode 遍历各个 tile",
    "ex.div.first": "先做 logical_divide",
    "ex.div.unzip": "tile_unzip: 把 tile 的 mode 收集到第一个 mode，其余收集到第二个 mode (tiler profile {profile})",
    "ex.div.zipped": "先做 zipped_divide",
    "ex.div.slice_tiled": "展开 rest 的各 mode: result(_, repeat<{r1}>(_))",
    "ex.div.slice_flat": "展开两个 mode: result(repeat<{r0}>(_), repeat<{r1}>(_))",
    # ---- products -----------------------------------------------------------------------------------------------
    "ex.prod.bymode": "tiler 是 tuple: mode {i} = {mode} 与 {t} 相乘",
    "ex.prod.cotarget": "副本覆盖的范围: size(block) * cosize(tiler)，block {A}，tiler {T}",
    "ex.prod.complement": "block 在该范围内的 complement: 各个 block 副本的起点",
    "ex.prod.compose": "由 tiler 选出副本: composition(complement, tiler)",
    "ex.prod.concat": "(block, 副本): make_layout(block, composition(complement, tiler))",
    "ex.prod.first": "先做 logical_product",
    "ex.prod.unzip": "tile_unzip: 把 block 的 mode 收集到第一个 mode，tiler 的 mode 收集到第二个 mode (profile {profile})",
    "ex.prod.zipped": "先做 zipped_product",
    "ex.blk.append": "两侧都用 _1:_0 补齐到 rank R = {R}",
    "ex.blk.product": "补齐后的 logical_product: (block, 副本)",
    "ex.blk.zip_blocked": "zip(block 部分, 副本部分): mode i 变为 (block_i, 副本_i)，block 的元素在前",
    "ex.blk.zip_raked": "zip(副本部分, block 部分): mode i 变为 (副本_i, block_i)，副本交错排列",
    "ex.t2s.append": "把 block 补齐到目标的 rank R = {R}",
    "ex.t2s.shapes": "block 与目标每个 mode 的大小；product_shape = 每个 mode 需要多少个 block",
    "ex.t2s.fail": "block 的 mode 大小 {s} 不整除目标的 {t}: "
    '"tile_to_shape: block shape does not divide the target shape."',
    "ex.t2s.order": "block 的排列顺序为 {order}",
    "ex.t2s.blocked": "blocked_product(补齐后的 block, 排好序的 block)",
    # ---- upcast / downcast --------------------------------------------------------------------------------------
    "ex.up.zero": "mode {path}{s}:{d}: stride _0 保持不变",
    "ex.up.static": "mode {path}{s}:{d}: 静态 stride；shape 为 ceil_div({s}, ceil_div({n}, |{d}|))，stride 为 "
    "signum({d}) * ceil_div(|{d}|, {n})",
    "ex.up.dynamic": "mode {path}{s}:{d}: 动态 stride，假定可整除: stride 为 safe_div({d}, {n})",
    "ex.up.fail": "mode {path}{s}:{d}: {d} 与 {n} 互不整除: upcast 的 Divisibility condition 不成立",
    "ex.up.assemble": "按 layout 的 shape 组合各 mode",
    "ex.down.check": "stride {d} 中有静态 _1 (相邻元素): 每个元素就地拆分",
    "ex.down.fail": 'stride {d} 中没有静态 _1: "Downcast requires adjacent elements"',
    "ex.down.unit": "mode {path}{s}:{d}: 单位 stride 的 mode 变大: shape 为 {s} * {n}",
    "ex.down.other": "mode {path}{s}:{d}: stride 为 {d} * {n}",
    # ---- max_common_vector / layout -----------------------------------------------------------------------------
    "ex.mcv.inverse": "{b} 的 right_inverse: b 的下标 -> 坐标",
    "ex.mcv.compose": "a o right_inverse(b)，再 coalesce: a 把 b 的连续下标送到哪里",
    "ex.mcv.yes": "common 的第一个 mode 为 {s0}:{d0}: 静态且 stride 为 _1，这么多元素在两者中都连续",
    "ex.mcv.no": "common 的第一个 mode 为 {s0}:{d0}: 不是静态的 stride-_1 mode，只有一个元素是共同的",
    # ---- explain partition ----------------------------------------------------------------------------------------
    "ex.title.mma": "explain thr_mma.{fn}(tensor)，线程 {thread}\n"
    "{atom} 的 TiledMMA；张量 {tensor}；按 CuTe {version} 的步骤，每个 layout 都由引擎计算\n",
    "ex.title.copy": "explain thr_copy.{fn}(tensor)，线程 {thread}\n"
    "Copy_Atom<{atom}, {vt}> 的 TiledCopy；张量 {tensor}；按 CuTe {version} 的步骤，每个 layout "
    "都由引擎计算\n",
    "ex.title.retile": "explain thr_copy.retile_D(tCr{op})，线程 {thread}\n"
    "由 TiledMMA 构造的 Copy_Atom<{atom}, {vt}> TiledCopy；tCr{op} = "
    "thr_mma.partition_fragment_{op}(张量 {tensor})；按 CuTe {version} 的步骤\n",
    "ex.part.mma.tiled": "{atom} 的 TiledMMA: {nthr} 个线程；ThrLayoutVMNK = tiled_product(AtomThrID, AtomLayoutMNK) "
    "把 (ThrV,ThrM,ThrN,ThrK) 映射到线程号",
    "ex.part.mma.perm": "用置换 tile ({X} 与 {Y} 的 PermutationMNK) 做 logical_divide: 重排张量的 ({X},{Y}) mode",
    "ex.part.mma.atom": "按一个 atom 的 ({X},{Y}) 范围 (Shape_MNK {shape}) 做 zipped_divide: ((Atom{X},Atom{Y}),"
    "(Rest{X},Rest{Y}))",
    "ex.part.mma.tv": "atom mode 与 atom 的 Layout{op}_TV {tv} 复合: (Atom{X},Atom{Y}) 变为 (ThrV,FrgV)，即一条 MMA "
    "指令内的线程与值",
    "ex.part.mma.thr": "按 atom layout 的线程 (ThrLayoutVMNK {vmnk} 在 {X} 与 {Y} 上的大小) 对 rest 做 zipped_divide: "
    "((ThrV,(Thr{X},Thr{Y})),(FrgV,(Rest{X},Rest{Y})))",
    "ex.part.mma.coord": "线程 {thread} 的 (ThrV,ThrM,ThrN,ThrK): 线程号在 ThrLayoutVMNK 中的平坦坐标",
    "ex.part.mma.slice": "partition_{op}: 在该线程的坐标处切开线程 mode，保留展平后的 (FrgV,(Rest...)): "
    "thr_tensor({crd})",
    "ex.part.mma.frag_tmem": "UMMA 的 make_fragment_{op}: UMMA::tmem_frg<...>::make(shape(partition))，张量位于 tensor memory "
    "(TMEM 的 lane x 列)，不在寄存器中",
    "ex.part.mma.frag_c": "make_fragment_C: 与 partition 同 shape 的紧凑寄存器张量",
    "ex.part.mma.frag_ab": "make_fragment_{op}: partition 的 make_fragment_like: 紧凑的寄存器 layout，FrgV mode 在前",
    "ex.part.mma.read": "\n解读 {shape}: (MMA, MMA_{X}, MMA_{Y}, ...)\n"
    "  MMA = {frgv}: 该线程在一条 {atom} 指令中持有的操作数 {op} 的值 (FrgV)\n"
    "  MMA_{X} = {rx}: 沿 {X} 方向 {ex} / {tx} 个 TiledMMA tile (Rest{X})\n"
    "  MMA_{Y} = {ry}: 沿 {Y} 方向 {ey} / {ty} 个 TiledMMA tile (Rest{Y})\n"
    "  因此该线程为这个张量参与 {n} 条 MMA 指令，持有 {op} 的 {total} 个值\n",
    "ex.part.mma.read_frag_tmem": "  fragment 具有相同的 shape，位于 tensor memory（TMEM 的 lane x 列），不在寄存器中 "
    "(partition_fragment_{op})\n",
    "ex.part.mma.read_frag": "  fragment 具有相同的 shape，在寄存器中紧凑排列 (partition_fragment_{op})\n",
    "ex.part.cpy.tiled": "Copy_Atom<{atom}, {vt}> 的 TiledCopy: Tiler_MN {tiler}，每个 tile {nthr} 个线程 x {nval} 个值",
    "ex.part.cpy.ref": "{ref2trg} = right_inverse(ValLayoutRef) o ValLayout{vname}: 把 {name} 端的 (thr,val) "
    "按 atom 的参考顺序重新编号",
    "ex.part.cpy.tile": "按 Tiler_MN {tiler} 做 zipped_divide: ((TileM,TileN),(RestM,RestN,...))",
    "ex.part.cpy.atom_tv": "tile2thrfrg 第一步: 把 TiledLayout_TV 拆成 atom 的 ({nthr} 个线程, {nval} 个值) 与其余部分: "
    "((atom_tid,atom_val),(rest_tid,rest_val)) -> (m,n)",
    "ex.part.cpy.trg": "第二步: atom 部分与 ref2trg ({side} 端) 复合: atom 的 (thr,val) 按 {side} 端的顺序",
    "ex.part.cpy.zip": "第三步: 把线程 mode 与值 mode 各自 zip 到一起，再用 profile (_1,(_1,_1)) 做 coalesce: "
    "(Thr,(FrgV,FrgX)) -> (m,n)",
    "ex.part.cpy.apply": "第四步: 张量的 tile mode 与它复合并展开: (Thr,(FrgV,FrgX),(RestM,RestN,...)) -> index",
    "ex.part.cpy.slice": "partition_{side}: 在线程 {thread} 处切开 Thr，保留其余: tidfrg_{side}(thread, _, "
    "repeat<{R}>(_))",
    "ex.part.cpy.read": "\n解读 {shape}: ((FrgV,FrgX), Rest...)\n"
    "  {frg} = (FrgV={frgv}, FrgX={frgx}): 每条 {atom} 指令搬 {frgv} 个 {vt}，该线程每个 tile "
    "发 {frgx} 条指令\n",
    "ex.part.cpy.read_rest": "  {rs} = Rest mode {i}: 沿 mode {i} 方向 {extent} / {tile} 个 TiledCopy tile\n",
    "ex.part.cpy.read_rest_extra": "  {rs} = 张量在 Tiler_MN 之外的 mode {i}，整体保留\n",
    "ex.part.cpy.read_total": "  因此该线程发 {n} 次 copy，每次 {frgv} 个 {vt} (共 {total} 个值)\n",
    "ex.part.rt.frag": "线程 {thread} 的 MMA fragment: thr_mma.partition_fragment_{op}(tensor)",
    "ex.part.rt.mn": "frg_layout_mn: copy tile 的 (m,n) -> fragment 的值下标；由 TiledLayout_TV 的 right_inverse 按 "
    "Tiler_MN 成形，再按 线程数 x V 做 upcast",
    "ex.part.rt.v": "frg_layout_v: 把 fragment 的值拆成 copy atom 的 {nval} 个值与其余部分",
    "ex.part.rt.apply": "按 (V, frg_layout_mn 的 shape) 对 fragment 做 zipped_divide，与 frg_layout_v 复合，再切片 "
    "(_, append<{R}>(_0,_))",
    "ex.part.rt.read": "\n解读 {shape}: copy 看到的 fragment {frag}: 第一个 mode 是一条 copy 指令搬的 {nval} 个值，"
    "其余 mode 遍历各次 copy\n",
    # (no errors here: error messages are English in every language and live at their raise sites)
}

# gmma: the smem-descriptor explanations (their own catalog file)
from cutedump.dumps.messages.desc_zh import MESSAGES as _DESC  # noqa: E402

MESSAGES.update(_DESC)

from cutedump.dumps.messages.tma_zh import MESSAGES as _TMA  # noqa: E402

MESSAGES.update(_TMA)

from cutedump.dumps.messages.scale_zh import MESSAGES as _SCALE  # noqa: E402

MESSAGES.update(_SCALE)

from cutedump.dumps.messages.collective_zh import MESSAGES as _COLLECTIVE  # noqa: E402

MESSAGES.update(_COLLECTIVE)

from cutedump.dumps.messages.triton_zh import MESSAGES as _TRITON  # noqa: E402

MESSAGES.update(_TRITON)
