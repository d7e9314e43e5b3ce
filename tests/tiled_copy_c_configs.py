"""TiledMMA configurations put through the differential harness for `cutedump tiled-copy-c`.

Each entry: (MMA op as CuTe spells it, atom layout shape, C++ permutation Tile or None,
             the same permutation as a cutedump --tile string, or None for no permutation).
"""

CONFIGS = [
    ("SM80_16x8x16_F16F16F16F16_TN", (1, 1, 1), "Tile<_16,_8,_16>", "(_16,_8,_16)"),  # the recording
    ("SM80_16x8x16_F16F16F16F16_TN", (1, 1, 1), None, None),
    ("SM80_16x8x16_F16F16F16F16_TN", (2, 2, 1), None, None),
    ("SM80_16x8x16_F16F16F16F16_TN", (2, 1, 1), "Tile<_32,_16,_16>", "(_32,_16,_16)"),
    ("SM80_16x8x16_F16F16F16F16_TN", (1, 1, 1), "Tile<_16,_16,_16>", "(_16,_16,_16)"),
    ("SM80_16x8x16_F16F16F16F16_TN", (1, 2, 1), "Tile<_32,_32,_16>", "(_32,_32,_16)"),
    ("SM80_16x8x8_F32F16F16F32_TN", (2, 2, 1), None, None),
    ("SM80_16x8x8_F32F16F16F32_TN", (1, 2, 1), None, None),
    ("SM80_16x8x8_F32F16F16F32_TN", (4, 1, 1), None, None),
    (
        "SM80_16x8x8_F32F16F16F32_TN",
        (2, 2, 1),
        "Tile<_32,Layout<Shape<_8,_2,_2>,Stride<_1,_16,_8>>,_8>",
        "(_32,(_8,_2,_2):(_1,_16,_8),_8)",
    ),
    (
        "SM80_16x8x8_F32F16F16F32_TN",
        (2, 2, 1),
        "Tile<Layout<Shape<_16,_2>,Stride<_2,_1>>,_16,_8>",
        "((_16,_2):(_2,_1),_16,_8)",
    ),
    ("SM80_16x8x8_F16F16F16F16_TN", (1, 1, 1), None, None),
    ("SM80_16x8x16_F32F16F16F32_TN", (2, 2, 1), "Tile<_32,_32,_16>", "(_32,_32,_16)"),
    ("SM80_16x8x8_F32BF16BF16F32_TN", (1, 4, 1), None, None),
    ("SM80_16x8x32_S32S8S8S32_TN", (2, 2, 1), None, None),
    ("SM80_8x8x4_F64F64F64F64_TN", (1, 1, 1), None, None),
    ("SM80_8x8x4_F64F64F64F64_TN", (2, 2, 1), None, None),
    ("SM75_16x8x8_F32F16F16F32_TN", (2, 1, 1), None, None),
    ("SM70_8x8x4_F32F16F16F32_TN", (1, 1, 1), None, None),
    ("SM70_8x8x4_F32F16F16F32_TN", (2, 2, 1), None, None),
    ("SM70_8x8x4_F16F16F16F16_TN", (1, 1, 1), None, None),
    ("SM89_16x8x32_F32E4M3E4M3F32_TN", (1, 1, 1), None, None),
    ("UniversalFMA<float,float,float,float>", (16, 16, 1), None, None),
    ("UniversalFMA<float,float,float,float>", (8, 4, 1), "Tile<_16,_8,_1>", "(_16,_8,_1)"),
    ("SM61_DP4A", (8, 4, 1), None, None),
]

MAX_COPY_V = 16  # the widest UniversalCopy (uint128_t) of uint8_t values


def cpp_case(op: str, atom_layout, perm_cpp) -> str:
    """A C++ body printing the TiledMMA, layoutC_TV, the tile sizes, and for every copy_V dividing the values per
    thread (up to MAX_COPY_V) both make_tiled_copy_C_atom's result and the walk-through's intermediate values."""
    shape = ",".join(f"_{n}" for n in atom_layout)
    args = f"MMA_Atom<{op}>{{}}, Layout<Shape<{shape}>>{{}}" + (f", {perm_cpp}{{}}" if perm_cpp else "")
    vs = []
    v = 1
    while v <= MAX_COPY_V:
        vs.append(v)
        v *= 2
    calls = " ".join(f"go(Int<{v}>{{}});" for v in vs)
    return f"""
  auto mma = make_tiled_mma({args});
  print(mma); printf("@@END\\n");
  auto lc = mma.get_layoutC_TV();
  print(lc); printf("\\n"); print(tile_size<0>(mma)); printf("\\n"); print(tile_size<1>(mma)); printf("\\n");
  auto go = [&](auto V) {{
    constexpr int v = decltype(V)::value;
    if constexpr (decltype(size<1>(lc))::value % v == 0) {{
      auto tc = make_tiled_copy_C_atom(Copy_Atom<UniversalCopy<uint_bit_t<8*v>>, uint8_t>{{}}, mma);
      auto layout_TV = composition(lc, make_layout(make_shape(size<0>(lc), Int<v>{{}})));
      auto mma_tiler = make_shape(tile_size<0>(mma), tile_size<1>(mma));
      auto tm_raw = composition(make_layout(mma_tiler, make_stride(_1{{}}, _0{{}})), layout_TV);
      auto tn_raw = composition(make_layout(mma_tiler, make_stride(_0{{}}, _1{{}})), layout_TV);
      auto tiler = make_tuple(filter(tm_raw), filter(tn_raw));
      auto tile2mma = composition(make_layout(mma_tiler), tiler);
      auto inv = left_inverse(tile2mma);
      printf("V %d\\n", v);
      print(layout_TV); printf("\\n"); print(tm_raw); printf("\\n"); print(tn_raw); printf("\\n");
      print(get<0>(tiler)); printf("\\n"); print(get<1>(tiler)); printf("\\n");
      print(tile2mma); printf("\\n"); print(inv); printf("\\n"); print(composition(inv, layout_TV)); printf("\\n");
      print(typename decltype(tc)::TiledLayout_TV{{}}); printf("\\n");
      print(typename decltype(tc)::Tiler_MN{{}}); printf("\\n");
    }}
  }};
  {calls}
"""


FIELDS = (
    "layout_TV",
    "tiler_m_raw",
    "tiler_n_raw",
    "tiler_m",
    "tiler_n",
    "tile2mma",
    "inv",
    "layout_tv",
    "cute_layout_tv",
    "cute_tiler",
)


def parse_output(out: str):
    """(printed TiledMMA, layoutC_TV str, tile0 str, tile1 str, {copy_v: {field: str}})."""
    printed, rest = out.split("@@END\n", 1)
    lines = rest.splitlines()
    lc, t0, t1 = lines[:3]
    sections = {}
    i = 3
    while i < len(lines):
        assert lines[i].startswith("V "), lines[i]
        v = int(lines[i][2:])
        sections[v] = dict(zip(FIELDS, lines[i + 1 : i + 1 + len(FIELDS)]))
        i += 1 + len(FIELDS)
    return printed, lc, t0, t1, sections
