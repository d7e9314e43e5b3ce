"""Gluon's ``NVMMASharedLayout.get_default_for(block_shape, dtype, transposed, fp4_padded)`` in Triton 3.9 (CPU),
over shapes, dtypes and both transpositions. Run as a module (needs triton); prints one JSON line:
[[call text, block shape, repr(layout), repr(to_linear_layout) | "refused"], ...] in case order."""

import json
import sys

DTYPES = ["float16", "bfloat16", "float32", "float8e4nv", "float8e5", "int8", "int32", "float64", "int16", "uint8"]
SHAPES = [[128, 64], [64, 128], [64, 64], [128, 32], [8, 16], [4, 64], [256, 16], [16, 8], [2, 64, 32], [128]]


def cases():
    out = []
    for shape in SHAPES:
        for dt in DTYPES:
            for tr in (False, True):
                if tr and len(shape) < 2:
                    continue
                extra = ", transposed=True" if tr else ""
                out.append((f"gl.NVMMASharedLayout.get_default_for({shape}, gl.{dt}{extra})", shape))
    for shape in ([128, 64], [64, 32]):
        out.append((f"gl.NVMMASharedLayout.get_default_for({shape}, gl.uint8, fp4_padded=True)", shape))
    return out


def main() -> None:  # pragma: no cover - needs triton
    import triton.experimental.gluon.language as gl
    from triton._C.libtriton import gluon_ir, ir

    ctx = ir.context()
    ir.load_dialects(ctx)
    b = gluon_ir.GluonOpBuilder(ctx)
    out = []
    for text, shape in cases():
        try:
            lay = eval(text, {"gl": gl})
        except Exception:  # Gluon's own checks (fp4_padded only with 128-byte swizzling ...)
            out.append([text, shape, "refused", "refused"])
            continue
        try:
            ll = repr(b.to_linear_layout(lay._to_ir(b), shape))
        except Exception:
            ll = "refused"
        out.append([text, shape, repr(lay), ll])
    sys.stdout.write(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
