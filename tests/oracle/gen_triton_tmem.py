"""Cases for Triton's tensor-memory layouts (tests/oracle/triton_tmem.py answers them): every parameter of
``TensorMemoryLayout`` (blockM 64/128, blockN 8..512, colStride 1/2/4, packed and unpacked 16-bit elements, 8-bit
elements, fp4Padded, CGA layouts splitting M and N, twoCTAs) and ``TensorMemoryScalesLayout`` (with and without
CGA layouts) over shapes from below the block to several blocks per dimension, the inputs Triton refuses, and
random draws of all of them (``seed``)."""

from __future__ import annotations

import random


def T(bm, bn, cs, extra=""):
    return f"TensorMemoryLayout(block=({bm}, {bn}), col_stride={cs}{extra})"


def S(extra=""):
    return f"TensorMemoryScalesLayout({extra})"


def grid() -> list[dict]:
    out = []
    for bm in (64, 128):
        for bn in (8, 16, 32, 64, 128, 256):
            for cs, el in ((1, "f32"), (2, "f16"), (4, "i8"), (1, "f16"), (2, "bf16"), (1, "i8")):
                for m, n in ((bm, bn), (2 * bm, bn), (bm, 2 * bn), (128, bn), (256, 2 * bn)):
                    out.append({"layout": T(bm, bn, cs), "shape": [m, n], "elem": el})
    for bm in (64, 128):  # shapes below a block
        for m, n in ((32, 64), (64, 32), (64, 64), (128, 32), (16, 16), (64, 8), (128, 4)):
            out.append({"layout": T(bm, 64, 1), "shape": [m, n], "elem": "f32"})
    for m in (32, 64, 128, 256, 512):
        for n in (1, 2, 4, 8, 16, 32):
            out.append({"layout": S(), "shape": [m, n], "elem": "i8"})
    for cga in ("[[1, 0]]", "[[0, 1]]", "[[1, 0], [0, 1]]", "[[1, 0], [2, 0]]"):
        out.append({"layout": S(f"cga_layout={cga}"), "shape": [256, 4], "elem": "i8"})
        for bm in (64, 128):
            for m, n in ((256, 128), (256, 256), (512, 128), (128, 256)):
                out.append({"layout": T(bm, 128, 1, f", cga_layout={cga}"), "shape": [m, n], "elem": "f32"})
                out.append(
                    {"layout": T(bm, 64, 1, f", cga_layout={cga}, two_ctas=True"), "shape": [m, n], "elem": "f32"}
                )
    out.append({"layout": T(128, 128, 1, ", two_ctas=True"), "shape": [128, 128], "elem": "f32"})
    for cs in (1, 2):
        for el in ("i8", "f8", "f16"):
            out.append({"layout": T(128, 64, cs, ", fp4_padded=True"), "shape": [128, 64], "elem": el})
    for bm, bn, cs, el in (
        (32, 64, 1, "f32"), (256, 64, 1, "f32"), (128, 64, 3, "f32"), (128, 64, 8, "i8"), (128, 64, 2, "f32"),
        (128, 64, 4, "f16"), (128, 0, 1, "f32"), (128, 512, 1, "f32"), (128, 48, 1, "f32"), (128, 1024, 1, "f32"),
        (96, 64, 1, "f32"), (0, 64, 1, "f32"), (128, 64, 0, "f32"), (64, 64, 2, "bf16"), (128, 64, 4, "f8"),
    ):  # fmt: skip
        out.append({"layout": T(bm, bn, cs), "shape": [128, 64], "elem": el})
    for shape in ([96, 64], [128, 48], [128, 64, 2], [2, 128, 64], [128], [1024, 64]):
        out.append({"layout": T(128, 64, 1), "shape": shape, "elem": "f32"})
    out.append({"layout": T(128, 256, 1), "shape": [128, 1024], "elem": "f32"})
    return out


def drawn(seed: int, n: int = 200) -> list[dict]:
    """Random draws over every parameter (mostly valid, some not)."""
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        if rnd.random() < 0.15:
            cga = rnd.choice(["", "[[1, 0]]", "[[0, 1]]", "[[1, 0], [0, 1]]", "[[1, 0], [2, 0]]"])
            m = 1 << rnd.randint(4, 10)
            n_ = 1 << rnd.randint(0, 6)
            out.append({"layout": S(f"cga_layout={cga}" if cga else ""), "shape": [m, n_], "elem": "i8"})
            continue
        bm = rnd.choice([64, 128, 128, 64, 256])
        bn = 1 << rnd.randint(2, 9)
        cs = rnd.choice([1, 1, 2, 4])
        el = rnd.choice(["f32", "f32", "f16", "bf16", "i8", "f8", "i32"])
        extra = ""
        if rnd.random() < 0.3:
            cga = rnd.choice(["[[1, 0]]", "[[0, 1]]", "[[1, 0], [0, 1]]", "[[1, 0], [2, 0]]", "[[0, 1], [0, 2]]"])
            extra = f", cga_layout={cga}" + (", two_ctas=True" if rnd.random() < 0.5 else "")
        elif rnd.random() < 0.08:
            extra = ", fp4_padded=True"
        m = (bm * 2 ** rnd.randint(0, 3)) // 2 if bm <= 128 else 256
        n_ = (bn * 2 ** rnd.randint(0, 3)) // 2
        out.append({"layout": T(bm, bn, cs, extra), "shape": [max(m, 8), max(n_, 1)], "elem": el})
    return out
