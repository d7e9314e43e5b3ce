"""English narration: the same dump as zh.py, key for key."""

MESSAGES = {
    # ---- tiled-copy-c: preamble -------------------------------------------------------------------------------
    "tcc.title": "=== Test make_tiled_copy_C_atom internals ===\n"
                 "How make_tiled_copy_C_atom computes layout_tv\n\n",
    "tcc.config": "=== Configuration ===\n",
    "tcc.layoutC": "\nlayoutC_TV: {layout}\n"
                   "  threads: {threads}\n"
                   "  values per thread: {vals}\n"
                   "  total elements: {total}\n\n",
    "tcc.mma_tiler": "mma_tiler (M x N): {tiler}\n"
                     "total elements: {total}\n",
    "tcc.layoutC_vis": "\n--- original layoutC_TV ---\n",
    # ---- one copy_V section ---------------------------------------------------------------------------------------
    "tcc.section": "\n{rule}\n{title}\n{rule}\n\n",
    "tcc.section_title": "copy_V = {v} ({v} value(s) per thread)",
    "tcc.section_title_full": "copy_V = {v} ({v} values per thread, all of them)",
    "tcc.step1": "[Step 1] truncate layoutC_TV to copy_V = {v}\n"
                 "{rule}\n"
                 "layout_TV = composition(layoutC_TV, ({threads}, {v}))\n"
                 "         = {layout_TV}\n"
                 "meaning: (thr, val) -> mma_offset, {threads_tv} threads x {vals_tv} values = {total} elements\n\n"
                 "--- layout_TV ---\n",
    "tcc.step2": "\n[Step 2] compute tiler = (tiler_m, tiler_n)\n"
                 "{rule}\n"
                 "goal: the shape layout_TV covers along M and along N\n\n",
    "tcc.proj": "[{label}] compute tiler_{var} (coverage along {axis})\n"
                "  proj_{var} = make_layout(mma_tiler, {pattern}) = {proj}\n"
                "  meaning: (m,n) -> {var}, the projection onto the {axis} coordinate\n\n"
                "--- proj_{var}: (M,N) -> {axis} coordinate ---\n",
    "tcc.raw": "\n  tiler_{var}_raw = composition(proj_{var}, layout_TV) = {raw}\n"
               "  meaning: (thr, val) -> the {axis} coordinate of that element\n\n"
               "--- tiler_{var}_raw: (thr,val) -> {axis} coordinate ---\n",
    "tcc.filter": "\n  tiler_{var} = filter(tiler_{var}_raw) = {tiler}\n"
                  "  filter: drops size-1 modes and merges contiguous modes\n"
                  "  result: layout_TV covers {axis} coordinates {coverage}, stride={stride}\n\n",
    "tcc.combine": "[{label}] combine tiler = (tiler_m, tiler_n)\n"
                   "  tiler = ({tiler_m}, {tiler_n})\n\n"
                   "--- tiler as a 2-D layout: make_layout(tiler_m, tiler_n) ---\n"
                   "meaning: (m_idx, n_idx) -> m_coord * {coef_m} + n_coord * {coef_n}\n",
    "tcc.coverage": "\n--- tiler coverage of the MMA tile ({M}x{N}) ---\n"
                    "X = covered, . = not covered\n",
    "tcc.step3": "\n[Step 3] compute tile2mma\n"
                 "{rule}\n"
                 "tile2mma = composition(make_layout(mma_tiler), tiler)\n"
                 "        = composition({mma_layout}, ({tiler_m}, {tiler_n}))\n"
                 "        = {tile2mma}\n"
                 "meaning: tile_coord (M', N') -> mma_offset\n"
                 "shape: ({s0}, {s1})\n\n"
                 "--- tile2mma ---\n",
    "tcc.step4": "\n[Step 4] compute left_inverse(tile2mma) and layout_tv\n"
                 "{rule}\n"
                 "inv_tile2mma = left_inverse(tile2mma) = {inv}\n"
                 "meaning: mma_offset -> tile_coord (normalised coordinate)\n\n"
                 "--- left_inverse(tile2mma) ---\n"
                 "note: only the first {valid} offsets are meaningful\n",
    "tcc.no_table": "  (rank != 2, print_layout cannot draw it)\n"
                    "  {layout}\n",
    "tcc.final": "\n[Result] layout_tv = composition(inv_tile2mma, layout_TV)\n"
                 "  = {layout_tv}\n"
                 "meaning: (thr, val) -> normalised tile_coord\n"
                 "      input: {threads} threads x {vals} values\n"
                 "      output: normalised coordinates [{first}, {last}]\n\n"
                 "--- layout_tv (final result) ---\n",
    # ---- errors ---------------------------------------------------------------------------------------------------
    "tcc.err_copy_v": "copy_V = {v} does not divide the {vals} values per thread; valid copy_V: {valid}",
}
