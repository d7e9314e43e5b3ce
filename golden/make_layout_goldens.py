"""Write golden/layout/*.txt from REAL CuTe: each file is CuTe's own print_layout output (compiled with g++ against
the nvidia-cutlass 4.2 headers via tests/oracle/cute.py), never cutedump's. Run from the repository root:

    python golden/make_layout_goldens.py        # then check `git diff golden/` before committing

Each entry: (file name, the layout argument given to `cutedump layout`, the C++ expression CuTe prints).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

S = "make_shape"
D = "make_stride"
I = lambda n: f"Int<{n}>{{}}"  # noqa: E731

CASES = [
    (
        "layoutC_TV_sm80_16x8x16.txt",
        "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))",
        f"make_layout({S}({S}({I(4)},{I(8)}),{S}({I(2)},{I(2)})),{D}({D}({I(32)},{I(1)}),{D}({I(16)},{I(8)})))",
    ),
    ("dynamic_2x3.txt", "(2,3):(_1,2)", f"make_layout({S}(2,3))"),
    ("row_major_4x8.txt", "(_4,_8):(_8,_1)", f"make_layout({S}({I(4)},{I(8)}),LayoutRight{{}})"),
    (
        "swizzle_atom_sm80.txt",
        "Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))",
        f"composition(Swizzle<3,3,3>{{}},make_layout({S}({I(8)},{S}({I(8)},{I(8)})),{D}({I(8)},{D}({I(1)},{I(64)}))))",
    ),
    (
        "swizzle_2_3_3_8x32.txt",
        "Sw<2,3,3> o _0 o (_8,_32):(_32,_1)",
        f"composition(Swizzle<2,3,3>{{}},make_layout({S}({I(8)},{I(32)}),{D}({I(32)},{I(1)})))",
    ),
    (
        "ldmatrix_src2ref.txt",
        "((_8,_4),(_2,_4)):((_4,_64),(_32,_1))",
        f"make_layout({S}({S}({I(8)},{I(4)}),{S}({I(2)},{I(4)})),{D}({D}({I(4)},{I(64)}),{D}({I(32)},{I(1)})))",
    ),
    (
        "hierarchical_s2xh4.txt",
        "(_2,(_2,_2)):(_4,(_2,_1))",
        f"make_layout({S}({I(2)},{S}({I(2)},{I(2)})),{D}({I(4)},{D}({I(2)},{I(1)})))",
    ),
    (
        "zero_stride_broadcast.txt",
        "(_4,(_2,_3)):(_0,(_1,_2))",
        f"make_layout({S}({I(4)},{S}({I(2)},{I(3)})),{D}({I(0)},{D}({I(1)},{I(2)})))",
    ),
    ("logical_divide_16x8.txt", "logical_divide((_16,_8):(_1,_16), (_8:_1,(_4,_2):(_2,_1)))", None),
]


def main():
    from tests.oracle.cute import run_cases, unavailable_reason

    why = unavailable_reason()
    if why:
        sys.exit(f"cannot build golden files: {why}")
    bodies = []
    for _, arg, cpp in CASES:
        if cpp is None:
            # the argument is an expression; CuTe evaluates the same expression in C++ below
            cpp = (
                "logical_divide(make_layout(make_shape(Int<16>{},Int<8>{}),make_stride(Int<1>{},Int<16>{})),"
                "make_tile(make_layout(Int<8>{},Int<1>{}),make_layout(make_shape(Int<4>{},Int<2>{}),"
                "make_stride(Int<2>{},Int<1>{}))))"
            )
        bodies.append(f"print_layout({cpp});")
    outs = run_cases(bodies)
    manifest = []
    for (name, arg, _), out in zip(CASES, outs):
        (ROOT / "golden" / "layout" / name).write_text(out)
        manifest.append(f"layout/{name}  cutedump layout {_q(arg)}")
    print("\n".join(manifest))


def _q(s: str) -> str:
    return "'" + s.replace("'", "'\\''") + "'"


if __name__ == "__main__":
    main()
