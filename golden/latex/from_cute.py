"""Regenerate the golden files of golden/latex and golden/tutorial from real CuTe 4.2 (never from cutedump).

    python golden/latex/from_cute.py      # needs the oracle (g++ and nvidia-cutlass headers), see tests/oracle
Each entry: (file, C++ body run by tests/oracle/cute.py, the cutedump command that must reproduce it).
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

L5 = "auto L5 = make_layout(make_shape(2, make_shape(2,3)), make_stride(6, make_stride(3,1)));"
MMA = "MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>{}"
ENTRIES = [
    ("latex/l5.tex", L5 + " print_latex(L5);", 'cutedump latex "(2,(2,3)):(6,(3,1))"'),
    ("latex/rank1_s8.tex", "print_latex(make_layout(Int<8>{}));", "cutedump latex _8:_1"),
    (
        "latex/sw333_8x8.tex",
        "print_latex(composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_8>,Stride<_8,_1>>{}));",
        'cutedump latex "Sw<3,3,3> o _0 o (_8,_8):(_8,_1)"',
    ),
    (
        "latex/sw343_smem16.tex",
        "print_latex(make_composed_layout(Swizzle<3,4,3>{}, smem_ptr_flag_bits<16>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}));",
        'cutedump latex "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"',
    ),
    (
        "latex/tv_16x8.tex",
        "auto tile = make_shape(_16{}, _8{}); print_latex_tv(composition(make_identity_layout(tile), "
        "Layout<Shape<Shape<_4,_8>,Shape<_2,_2>>,Stride<Stride<_32,_1>,Stride<_16,_8>>>{}), tile);",
        'cutedump latex --tv "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))" --tile "(_16,_8)"',
    ),
    ("latex/mma_sm80_16x8x16.tex", f"print_latex({MMA});", "cutedump latex --mma SM80_16x8x16_F16F16F16F16_TN"),
    (
        "latex/tiled_mma_sm80_16x8x16_2x2.tex",
        f"print_latex(make_tiled_mma({MMA}, Layout<Shape<_2,_2>>{{}}));",
        'cutedump latex --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)"',
    ),
    ("latex/mma_sm80_16x8x16.svg", f"print_svg({MMA});", "cutedump svg --mma SM80_16x8x16_F16F16F16F16_TN"),
    (
        "latex/tiled_mma_sm80_16x8x16_2x2.svg",
        f"print_svg(make_tiled_mma({MMA}, Layout<Shape<_2,_2>>{{}}));",
        'cutedump svg --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)"',
    ),
    (
        "latex/copy_universal_4x2.tex",
        "print_latex(make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_4,_2>>{}, Layout<Shape<_1,_2>>{}));",
        'cutedump latex --copy "UniversalCopy<uint32_t>" --type float --thr "(_4,_2)" --val "(_1,_2)"',
    ),
    (
        "latex/copy_ldsm_A.tex",
        f"print_latex(make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{{}}, make_tiled_mma({MMA})));",
        "cutedump latex --copy SM75_U32x4_LDSM_N --type half_t --operand A --mma SM80_16x8x16_F16F16F16F16_TN",
    ),
    (
        "tutorial/print_layout_s2xh4.txt",
        "Layout s2xh4 = make_layout(make_shape(2, make_shape(2,2)), make_stride(4, make_stride(2,1))); print_layout(s2xh4);",
        'cutedump layout "(2,(2,2)):(4,(2,1))"',
    ),
    ("tutorial/print_layout_L5.txt", L5 + " print_layout(L5);", 'cutedump layout "(2,(2,3)):(6,(3,1))"'),
]


def main():
    from tests.oracle.cute import run_cases

    outs = run_cases([body for _, body, _ in ENTRIES])
    here = ROOT / "golden"
    manifests = {}
    for (f, _, cmd), out in zip(ENTRIES, outs):
        (here / f).write_text(out)
        d, name = f.split("/")
        manifests.setdefault(d, []).append(f"{name:<36} {cmd}")
    for d, lines in manifests.items():
        head = (
            "# Golden files of this directory: real CuTe 4.2 output (golden/latex/from_cute.py), and the cutedump\n"
            "# command that must reproduce each one byte for byte.  Check: cutedump golden verify golden/" + d + "\n"
        )
        (here / d / "MANIFEST").write_text(head + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
