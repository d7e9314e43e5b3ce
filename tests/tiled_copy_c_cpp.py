"""An independent C++ rendition of the `cutedump tiled-copy-c` walk-through (zh), run against real CuTe.

Written for the differential test from the recorded dump's structure and the rules documented in
cutedump/dumps/tiled_copy_c.py; every value and every table is printed by CuTe itself (print, print_layout).
On the recorded configuration it must reproduce the recording byte for byte; on the other configurations it pins
the whole generalised dump, tables included.
"""

from tests.tiled_copy_c_configs import MAX_COPY_V

BODY = r"""
  auto mma = make_tiled_mma(@ARGS@);
  auto rule = [](char c, int n) { for (int i = 0; i < n; ++i) putchar(c); putchar('\n'); };
  printf("=== Test make_tiled_copy_C_atom internals ===\n理解 make_tiled_copy_C_atom 如何计算 layout_tv\n\n");
  printf("=== 配置信息 ===\n"); print(mma); printf("\n");
  auto lc = mma.get_layoutC_TV();
  printf("\nlayoutC_TV: "); print(lc); printf("\n");
  printf("  线程数: "); print(size<0>(lc)); printf("\n");
  printf("  每线程值数: "); print(size<1>(lc)); printf("\n");
  printf("  总元素: "); print(size(lc)); printf("\n\n");
  auto mt = make_shape(tile_size<0>(mma), tile_size<1>(mma));
  printf("mma_tiler (M x N): "); print(mt); printf("\n总元素: "); print(size(mt)); printf("\n");
  printf("\n--- 原始 layoutC_TV 可视化 ---\n"); print_layout(lc);
  constexpr int vpt = decltype(size<1>(lc))::value;
  auto cover = [](auto t) {
    bool id = true;
    for (int i = 0; i < int(size(t)); ++i) id = id && int(t(i)) == i;
    if (id) { printf("[%d, %d]", int(t(0)), int(size(t)) - 1); return; }
    printf("[");
    for (int i = 0; i < int(size(t)); ++i) printf(i ? ",%d" : "%d", int(t(i)));
    printf("]");
  };
  auto go = [&](auto V) {
    constexpr int v = decltype(V)::value;
    if constexpr (vpt % v == 0) {
      printf("\n"); rule('=', 60);
      printf(v == vpt ? "copy_V = %d (每线程%d个值，完整)\n" : "copy_V = %d (每线程%d个值)\n", v, v);
      rule('=', 60); printf("\n");
      printf("【Step 1】截断 layoutC_TV 到 copy_V = %d\n", v); rule('-', 50);
      auto T = composition(lc, make_layout(make_shape(size<0>(lc), Int<v>{})));
      printf("layout_TV = composition(layoutC_TV, ("); print(size<0>(lc)); printf(", %d))\n", v);
      printf("         = "); print(T); printf("\n");
      printf("含义: (thr, val) -> mma_offset，共 "); print(size<0>(T)); printf(" 个线程 × "); print(size<1>(T));
      printf(" 个值 = "); print(size(T)); printf(" 元素\n\n");
      printf("--- layout_TV 可视化 ---\n"); print_layout(T);
      printf("\n【Step 2】计算 tiler = (tiler_m, tiler_n)\n"); rule('-', 50);
      printf("目的: 提取 layout_TV 在 M 和 N 方向的覆盖形状\n\n");
      auto pm = make_layout(mt, make_stride(_1{}, _0{}));
      auto pn = make_layout(mt, make_stride(_0{}, _1{}));
      auto rm = composition(pm, T);
      auto rn = composition(pn, T);
      auto tm = filter(rm);
      auto tn = filter(rn);
      auto axis = [&](const char* lab, const char* var, const char* ax, const char* pat, auto p, auto r, auto t) {
        printf("【%s】计算 tiler_%s (%s 方向覆盖)\n", lab, var, ax);
        printf("  proj_%s = make_layout(mma_tiler, %s) = ", var, pat); print(p); printf("\n");
        printf("  含义: (m,n) -> %s，投影到 %s 坐标\n\n", var, ax);
        printf("--- proj_%s 可视化 (M,N) -> %s坐标 ---\n", var, ax); print_layout(p);
        printf("\n  tiler_%s_raw = composition(proj_%s, layout_TV) = ", var, var); print(r); printf("\n");
        printf("  含义: (thr, val) -> 该位置的 %s 坐标\n\n", ax);
        printf("--- tiler_%s_raw 可视化 (thr,val) -> %s坐标 ---\n", var, ax); print_layout(r);
        printf("\n  tiler_%s = filter(tiler_%s_raw) = ", var, var); print(t); printf("\n");
        printf("  filter 作用: 去除 size=1 的模式，合并连续模式\n");
        printf("  结果: layout_TV 覆盖 %s 坐标 ", ax); cover(t); printf("，stride="); print(stride<0>(t)); printf("\n\n");
      };
      axis("2a", "m", "M", "(1,0)", pm, rm, tm);
      axis("2b", "n", "N", "(0,1)", pn, rn, tn);
      printf("【2c】组合 tiler = (tiler_m, tiler_n)\n  tiler = ("); print(tm); printf(", "); print(tn); printf(")\n\n");
      printf("--- tiler 2D 可视化: make_layout(tiler_m, tiler_n) ---\n");
      printf("含义: (m_idx, n_idx) -> m_coord * %d + n_coord * ", int(stride<0>(tm))); print(stride<0>(tn)); printf("\n");
      print_layout(make_layout(tm, tn));
      printf("\n--- tiler 在 MMA tile ("); print(size<0>(mt)); printf("x"); print(size<1>(mt)); printf(") 上的覆盖 ---\n");
      printf("X = 被覆盖, . = 未覆盖\n     N:  ");
      for (int n = 0; n < int(size<1>(mt)); ++n) printf("%d ", n);
      printf("\n  M     ");
      for (int n = 0; n < int(size<1>(mt)); ++n) printf("--");
      printf("\n");
      for (int m = 0; m < int(size<0>(mt)); ++m) {
        printf("  %2d |  ", m);
        for (int n = 0; n < int(size<1>(mt)); ++n) {
          bool hm = false, hn = false;
          for (int i = 0; i < int(size(tm)); ++i) hm = hm || int(tm(i)) == m;
          for (int i = 0; i < int(size(tn)); ++i) hn = hn || int(tn(i)) == n;
          printf(hm && hn ? "X " : ". ");
        }
        printf("\n");
      }
      printf("\n【Step 3】计算 tile2mma\n"); rule('-', 50);
      auto t2m = composition(make_layout(mt), make_tuple(tm, tn));
      printf("tile2mma = composition(make_layout(mma_tiler), tiler)\n        = composition(");
      print(make_layout(mt)); printf(", ("); print(tm); printf(", "); print(tn); printf("))\n        = ");
      print(t2m); printf("\n含义: tile_coord (M', N') -> mma_offset\nshape: (");
      print(size<0>(t2m)); printf(", "); print(size<1>(t2m)); printf(")\n\n--- tile2mma 可视化 ---\n");
      print_layout(t2m);
      printf("\n【Step 4】计算 left_inverse(tile2mma) 和 layout_tv\n"); rule('-', 50);
      auto inv = left_inverse(t2m);
      printf("inv_tile2mma = left_inverse(tile2mma) = "); print(inv);
      printf("\n含义: mma_offset -> tile_coord (归一化坐标)\n\n--- left_inverse(tile2mma) ---\n注意: 只有前 ");
      print(size(t2m)); printf(" 个 offset 有效\n");
      if constexpr (decltype(rank(inv))::value == 2) { print_layout(inv); }
      else { printf("  (rank != 2, 无法用 print_layout 可视化)\n  "); print(inv); printf("\n"); }
      auto tv = composition(inv, T);
      printf("\n【最终结果】layout_tv = composition(inv_tile2mma, layout_TV)\n  = "); print(tv);
      printf("\n含义: (thr, val) -> 归一化的 tile_coord\n      输入: "); print(size<0>(tv)); printf(" 线程 × ");
      print(size<1>(tv)); printf(" 值\n      输出: [%d, %d] 的归一化坐标\n\n", int(tv(0)), int(size(tv)) - 1);
      printf("--- layout_tv (最终输出) 可视化 ---\n"); print_layout(tv);
    }
  };
  @CALLS@
"""


def cpp_full_dump(op: str, atom_layout, perm_cpp) -> str:
    shape = ",".join(f"_{n}" for n in atom_layout)
    args = f"MMA_Atom<{op}>{{}}, Layout<Shape<{shape}>>{{}}" + (f", {perm_cpp}{{}}" if perm_cpp else "")
    vs, v = [], 1
    while v <= MAX_COPY_V:
        vs.append(v)
        v *= 2
    return BODY.replace("@ARGS@", args).replace("@CALLS@", " ".join(f"go(Int<{v}>{{}});" for v in vs))
