"""Small real Triton kernels lowered to TTGIR by triton.compile (CPU only: target GPUTarget("cuda", 80 or 90, 32),
no launch), and Triton's own linear layout for every tensor and memdesc value of each TTGIR (the file parsed back
with triton's MLIR parser, each value's layout read as a Gluon object and handed to to_linear_layout). Run as a
subprocess with triton installed: ``python -m tests.oracle.triton_kernels`` prints one JSON object
{kernel: {"ttgir": text, "values": [[gluon repr, shape, repr(to_linear_layout)], ...]}}. The kernel file's own path
in the TTGIR's locations is replaced by "kernels.py" (and triton's own directory by "triton") so the text does not
depend on where the tree or triton is."""
from __future__ import annotations

import json
import os
import sys
import tempfile


def _kernels():   # pragma: no cover - needs triton
    import triton
    import triton.language as tl

    @triton.jit
    def matmul(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
        om = tl.arange(0, M)
        on = tl.arange(0, N)
        ok = tl.arange(0, K)
        a = tl.load(a_ptr + om[:, None] * K + ok[None, :])
        b = tl.load(b_ptr + ok[:, None] * N + on[None, :])
        tl.store(c_ptr + om[:, None] * N + on[None, :], tl.dot(a, b))

    @triton.jit
    def softmax(x_ptr, y_ptr, R: tl.constexpr, C: tl.constexpr):
        r = tl.arange(0, R)
        c = tl.arange(0, C)
        x = tl.load(x_ptr + r[:, None] * C + c[None, :])
        x = x - tl.max(x, axis=1)[:, None]
        e = tl.exp(x)
        tl.store(y_ptr + r[:, None] * C + c[None, :], e / tl.sum(e, axis=1)[:, None])

    @triton.jit
    def transpose(x_ptr, y_ptr, R: tl.constexpr, C: tl.constexpr):
        r = tl.arange(0, R)
        c = tl.arange(0, C)
        x = tl.load(x_ptr + r[:, None] * C + c[None, :])
        tl.store(y_ptr + c[:, None] * R + r[None, :], tl.trans(x))

    @triton.jit
    def looped(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
        om = tl.arange(0, BM)
        on = tl.arange(0, BN)
        ok = tl.arange(0, BK)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in tl.range(0, K, BK, num_stages=3):
            a = tl.load(a_ptr + om[:, None] * K + (k + ok)[None, :])
            b = tl.load(b_ptr + (k + ok)[:, None] * BN + on[None, :])
            acc += tl.dot(a, b)
        tl.store(c_ptr + om[:, None] * BN + on[None, :], acc)

    @triton.jit
    def bmm(a_ptr, b_ptr, c_ptr, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
        ob = tl.arange(0, B)
        om = tl.arange(0, M)
        on = tl.arange(0, N)
        ok = tl.arange(0, K)
        a = tl.load(a_ptr + ob[:, None, None] * M * K + om[None, :, None] * K + ok[None, None, :])
        b = tl.load(b_ptr + ob[:, None, None] * K * N + ok[None, :, None] * N + on[None, None, :])
        c = tl.dot(a, b)
        tl.store(c_ptr + ob[:, None, None] * M * N + om[None, :, None] * N + on[None, None, :], c)

    f16, f32, f8 = "*fp16", "*fp32", "*fp8e4nv"
    return [
        ("matmul_f16_sm80", matmul, {"a_ptr": f16, "b_ptr": f16, "c_ptr": f32}, {"M": 64, "N": 64, "K": 32}, 80, 4),
        ("matmul_f16_sm90", matmul, {"a_ptr": f16, "b_ptr": f16, "c_ptr": f32}, {"M": 64, "N": 128, "K": 64}, 90, 4),
        ("matmul_f32_sm80", matmul, {"a_ptr": f32, "b_ptr": f32, "c_ptr": f32}, {"M": 32, "N": 32, "K": 16}, 80, 4),
        ("matmul_f8_sm90", matmul, {"a_ptr": f8, "b_ptr": f8, "c_ptr": f32}, {"M": 64, "N": 64, "K": 64}, 90, 4),
        ("softmax", softmax, {"x_ptr": f32, "y_ptr": f32}, {"R": 16, "C": 128}, 80, 4),
        ("transpose", transpose, {"x_ptr": f16, "y_ptr": f16}, {"R": 64, "C": 32}, 80, 4),
        ("looped_sm80", looped, {"a_ptr": f16, "b_ptr": f16, "c_ptr": f32, "K": "i32"},
         {"BM": 128, "BN": 64, "BK": 32}, 80, 4),
        ("looped_sm90", looped, {"a_ptr": f16, "b_ptr": f16, "c_ptr": f32, "K": "i32"},
         {"BM": 128, "BN": 128, "BK": 64}, 90, 8),
        ("bmm_sm80", bmm, {"a_ptr": f16, "b_ptr": f16, "c_ptr": f32}, {"B": 2, "M": 16, "N": 16, "K": 16}, 80, 4),
    ]


def lower(kernels, here: str) -> dict:   # pragma: no cover - needs triton
    """{kernel: {"ttgir": text, "values": [[gluon repr, shape, repr(to_linear_layout)], ...]}} of
    (name, fn, signature, constexprs, target, options) tuples; ``here`` (the kernels' file) is written "kernels.py"."""
    import re
    import triton
    from triton._C.libtriton import ir, gluon_ir
    out = {}
    for name, fn, sig, consts, target, opts in kernels:
        sig = dict(sig, **{k: "constexpr" for k in consts})
        src = triton.compiler.ASTSource(fn=fn, signature=sig, constexprs=consts)
        k = triton.compile(src, target=target, options=opts)
        ttgir = k.asm["ttgir"].replace(here, "kernels.py").replace(os.path.dirname(triton.__file__), "triton")
        ctx = ir.context()
        ir.load_dialects(ctx)
        if "amdg." in ttgir:
            from triton._C.libtriton import amd
            amd.load_dialects(ctx)
        b = gluon_ir.GluonOpBuilder(ctx)
        with tempfile.NamedTemporaryFile("w", suffix=".ttgir", delete=False) as f:
            f.write(ttgir)
        mod = ir.parse_mlir_module(f.name, ctx)
        os.unlink(f.name)
        ops = []
        mod.walk(lambda op: ops.append(op))
        seen, values = set(), []
        for op in ops:
            for i in range(op.get_num_results()):
                v = op.get_result(i)
                t = str(v.get_type())
                m = re.match(r"(?:!ttg\.)?(tensor|memdesc)<((?:\d+x)*\d+)x", t)
                if not m or t in seen:
                    continue
                seen.add(t)
                try:
                    lay = (b.get_gluon_layout_from_tensor(v) if m.group(1) == "tensor"
                           else b.get_gluon_layout_from_memdesc(v))
                except Exception:
                    continue
                shape = [int(x) for x in m.group(2).split("x")]
                rank = len(getattr(lay, "order", None) or getattr(lay, "warps_per_cta", None) or shape)
                if rank != len(shape) or type(lay).__name__.startswith(("TensorMemory", "PaddedShared")):
                    continue  # a barrier's memdesc<2x1xi64> with a rank-1 layout (Triton aborts), tensor memory,
                    # a padded shared layout (Triton aborts: "padded shared encoding has no linear layout")
                try:
                    ll = repr(b.to_linear_layout(lay._to_ir(b), shape))
                except AssertionError:  # a barrier's memdesc<1xi64>: no offset basis
                    ll = "refused"
                values.append([repr(lay), shape, ll])
        out[name] = {"ttgir": ttgir, "values": sorted(values)}
    return out


def main() -> None:   # pragma: no cover - needs triton
    from triton.backends.compiler import GPUTarget
    kernels = [(n, fn, sig, consts, GPUTarget("cuda", cc, 32), {"num_warps": warps})
               for n, fn, sig, consts, cc, warps in _kernels()]
    sys.stdout.write(json.dumps(lower(kernels, os.path.abspath(__file__)), sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
