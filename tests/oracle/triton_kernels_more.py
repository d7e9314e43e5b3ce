"""Real Triton kernels (the tutorials' grouped matmul, fused softmax, layer norm, a flash-attention forward, a
persistent matmul, a batched reduction) lowered to TTGIR by triton.compile on a CPU for several targets: cuda
sm80, sm90 (also with num_ctas=2: the CGA spelling of real TTGIR), sm100, AMD gfx942/gfx950 (MFMA) and gfx1100/gfx1200/gfx1250 (WMMA v1/v2/v3).
Run as ``python -m tests.oracle.triton_kernels_more``: one JSON object as tests/oracle/triton_kernels.py prints
(its ``lower``), keyed "<kernel>_<target>". Its text keys its oracle record (tests/test_triton_ttgir.py)."""
from __future__ import annotations

import json
import os
import sys


def _kernels():   # pragma: no cover - needs triton
    import triton
    import triton.language as tl

    @triton.jit
    def matmul(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GM: tl.constexpr):
        pid = tl.program_id(0)
        npm = tl.cdiv(M, BM)
        npn = tl.cdiv(N, BN)
        npg = GM * npn
        gid = pid // npg
        fpm = gid * GM
        gsm = min(npm - fpm, GM)
        pm = fpm + ((pid % npg) % gsm)
        pn = (pid % npg) // gsm
        om = (pm * BM + tl.arange(0, BM)) % M
        on = (pn * BN + tl.arange(0, BN)) % N
        ok = tl.arange(0, BK)
        ap = a_ptr + om[:, None] * sam + ok[None, :] * sak
        bp = b_ptr + ok[:, None] * sbk + on[None, :] * sbn
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BK)):
            a = tl.load(ap, mask=ok[None, :] < K - k * BK, other=0.0)
            b = tl.load(bp, mask=ok[:, None] < K - k * BK, other=0.0)
            acc = tl.dot(a, b, acc)
            ap += BK * sak
            bp += BK * sbk
        c = acc.to(tl.float16)
        cm = pm * BM + tl.arange(0, BM)
        cn = pn * BN + tl.arange(0, BN)
        tl.store(c_ptr + scm * cm[:, None] + scn * cn[None, :], c, mask=(cm[:, None] < M) & (cn[None, :] < N))

    @triton.jit
    def softmax(out_ptr, in_ptr, in_stride, out_stride, n_rows, n_cols, BLOCK: tl.constexpr):
        start = tl.program_id(0)
        for row in tl.range(start, n_rows, tl.num_programs(0), num_stages=2):
            offs = tl.arange(0, BLOCK)
            x = tl.load(in_ptr + row * in_stride + offs, mask=offs < n_cols, other=-float("inf"))
            x = x - tl.max(x, axis=0)
            num = tl.exp(x)
            tl.store(out_ptr + row * out_stride + offs, num / tl.sum(num, axis=0), mask=offs < n_cols)

    @triton.jit
    def layernorm(X, Y, W, B, Mean, Rstd, stride, N, eps, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        Y += row * stride
        X += row * stride
        _mean = tl.zeros([BLOCK], dtype=tl.float32)
        for off in range(0, N, BLOCK):
            cols = off + tl.arange(0, BLOCK)
            _mean += tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        mean = tl.sum(_mean, axis=0) / N
        _var = tl.zeros([BLOCK], dtype=tl.float32)
        for off in range(0, N, BLOCK):
            cols = off + tl.arange(0, BLOCK)
            x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
            x = tl.where(cols < N, x - mean, 0.)
            _var += x * x
        rstd = 1 / tl.sqrt(tl.sum(_var, axis=0) / N + eps)
        tl.store(Mean + row, mean)
        tl.store(Rstd + row, rstd)
        for off in range(0, N, BLOCK):
            cols = off + tl.arange(0, BLOCK)
            x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
            y = (x - mean) * rstd * tl.load(W + cols, mask=cols < N) + tl.load(B + cols, mask=cols < N)
            tl.store(Y + cols, y, mask=cols < N)

    @triton.jit
    def attention(Q, K, V, O, sm_scale, N_CTX, HEAD: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
        start_m = tl.program_id(0)
        off_h = tl.program_id(1)
        om = start_m * BM + tl.arange(0, BM)
        on = tl.arange(0, BN)
        od = tl.arange(0, HEAD)
        base = off_h * N_CTX * HEAD
        q = tl.load(Q + base + om[:, None] * HEAD + od[None, :])
        m_i = tl.zeros([BM], dtype=tl.float32) - float("inf")
        l_i = tl.zeros([BM], dtype=tl.float32) + 1.0
        acc = tl.zeros([BM, HEAD], dtype=tl.float32)
        for start_n in range(0, N_CTX, BN):
            k = tl.load(K + base + (start_n + on)[None, :] * HEAD + od[:, None])
            qk = tl.dot(q, k) * sm_scale
            m_ij = tl.maximum(m_i, tl.max(qk, 1))
            p = tl.math.exp2(qk - m_ij[:, None])
            alpha = tl.math.exp2(m_i - m_ij)
            l_i = l_i * alpha + tl.sum(p, 1)
            acc = acc * alpha[:, None]
            v = tl.load(V + base + (start_n + on)[:, None] * HEAD + od[None, :])
            acc = tl.dot(p.to(tl.float16), v, acc)
            m_i = m_ij
        acc = acc / l_i[:, None]
        tl.store(O + base + om[:, None] * HEAD + od[None, :], acc.to(tl.float16))

    @triton.jit
    def persistent(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                   NUM_SMS: tl.constexpr):
        pid = tl.program_id(0)
        npm = tl.cdiv(M, BM)
        npn = tl.cdiv(N, BN)
        for tile in tl.range(pid, npm * npn, NUM_SMS, flatten=True):
            pm = tile // npn
            pn = tile % npn
            om = pm * BM + tl.arange(0, BM)
            on = pn * BN + tl.arange(0, BN)
            acc = tl.zeros((BM, BN), dtype=tl.float32)
            for kk in range(0, tl.cdiv(K, BK)):
                ok = kk * BK + tl.arange(0, BK)
                a = tl.load(a_ptr + om[:, None] * K + ok[None, :], mask=ok[None, :] < K, other=0.0)
                b = tl.load(b_ptr + ok[:, None] * N + on[None, :], mask=ok[:, None] < K, other=0.0)
                acc = tl.dot(a, b, acc)
            tl.store(c_ptr + om[:, None] * N + on[None, :], acc.to(tl.float16))

    @triton.jit
    def bsum(x_ptr, y_ptr, B: tl.constexpr, R: tl.constexpr, C: tl.constexpr):
        ob = tl.arange(0, B)
        orr = tl.arange(0, R)
        oc = tl.arange(0, C)
        x = tl.load(x_ptr + ob[:, None, None] * R * C + orr[None, :, None] * C + oc[None, None, :])
        tl.store(y_ptr + ob[:, None] * C + oc[None, :], tl.sum(x, axis=1))

    f16, f32 = "*fp16", "*fp32"
    i32 = "i32"
    mm_sig = {"a_ptr": f16, "b_ptr": f16, "c_ptr": f16, **{k: i32 for k in "M N K sam sak sbk sbn scm scn".split()}}
    at_sig = {"Q": f16, "K": f16, "V": f16, "O": f16, "sm_scale": "fp32", "N_CTX": i32}
    ln_sig = {"X": f16, "Y": f16, "W": f16, "B": f16, "Mean": f32, "Rstd": f32, "stride": i32, "N": i32, "eps": "fp32"}
    sm_sig = {"out_ptr": f32, "in_ptr": f32, "in_stride": i32, "out_stride": i32, "n_rows": i32, "n_cols": i32}
    ps_sig = {"a_ptr": f16, "b_ptr": f16, "c_ptr": f16, "M": i32, "N": i32, "K": i32}
    return [
        ("matmul", matmul, mm_sig, {"BM": 128, "BN": 128, "BK": 64, "GM": 8}),
        ("matmul_small", matmul, mm_sig, {"BM": 32, "BN": 64, "BK": 32, "GM": 4}),
        ("softmax", softmax, sm_sig, {"BLOCK": 1024}),
        ("layernorm", layernorm, ln_sig, {"BLOCK": 512}),
        ("attention", attention, at_sig, {"HEAD": 64, "BM": 128, "BN": 64}),
        ("persistent", persistent, ps_sig, {"BM": 128, "BN": 256, "BK": 64, "NUM_SMS": 132}),
        ("bsum", bsum, {"x_ptr": f32, "y_ptr": f32}, {"B": 4, "R": 32, "C": 64}),
    ]


TARGETS = [  # (suffix, backend, arch, warp size, options)
    ("sm80", "cuda", 80, 32, {"num_warps": 4}),
    ("sm90", "cuda", 90, 32, {"num_warps": 8}),
    ("sm90_2cta", "cuda", 90, 32, {"num_warps": 4, "num_ctas": 2}),
    ("sm100", "cuda", 100, 32, {"num_warps": 4}),
    ("gfx942", "hip", "gfx942", 64, {"num_warps": 4}),
    ("gfx950", "hip", "gfx950", 64, {"num_warps": 8}),
    ("gfx1100", "hip", "gfx1100", 32, {"num_warps": 4}),
    ("gfx1200", "hip", "gfx1200", 32, {"num_warps": 8}),
    ("gfx1250", "hip", "gfx1250", 32, {"num_warps": 4}),
]


def main() -> None:   # pragma: no cover - needs triton
    from triton.backends.compiler import GPUTarget

    from tests.oracle.triton_kernels import lower
    kernels = [(f"{n}_{suffix}", fn, sig, consts, GPUTarget(backend, arch, ws), opts)
               for n, fn, sig, consts in _kernels() for suffix, backend, arch, ws, opts in TARGETS]
    sys.stdout.write(json.dumps(lower(kernels, os.path.abspath(__file__)), sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
