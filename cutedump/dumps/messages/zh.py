"""Chinese narration (the wording of the recorded dump ../shared/seeds/000_89ace3aef4fd3051.txt)."""

MESSAGES = {
    # ---- tiled-copy-c: preamble -------------------------------------------------------------------------------
    "tcc.title": "=== Test make_tiled_copy_C_atom internals ===\n"
                 "理解 make_tiled_copy_C_atom 如何计算 layout_tv\n\n",
    "tcc.config": "=== 配置信息 ===\n",
    "tcc.layoutC": "\nlayoutC_TV: {layout}\n"
                   "  线程数: {threads}\n"
                   "  每线程值数: {vals}\n"
                   "  总元素: {total}\n\n",
    "tcc.mma_tiler": "mma_tiler (M x N): {tiler}\n"
                     "总元素: {total}\n",
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
    "tcc.coverage": "\n--- tiler 在 MMA tile ({M}x{N}) 上的覆盖 ---\n"
                    "X = 被覆盖, . = 未覆盖\n",
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
    "tcc.no_table": "  (rank != 2, 无法用 print_layout 可视化)\n"
                    "  {layout}\n",
    "tcc.final": "\n【最终结果】layout_tv = composition(inv_tile2mma, layout_TV)\n"
                 "  = {layout_tv}\n"
                 "含义: (thr, val) -> 归一化的 tile_coord\n"
                 "      输入: {threads} 线程 × {vals} 值\n"
                 "      输出: [{first}, {last}] 的归一化坐标\n\n"
                 "--- layout_tv (最终输出) 可视化 ---\n",
    # ---- errors ---------------------------------------------------------------------------------------------------
    "tcc.err_copy_v": "copy_V = {v} 不能整除每线程值数 {vals}；可用的 copy_V: {valid}",
}
