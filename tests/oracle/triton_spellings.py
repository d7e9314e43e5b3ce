"""TTGIR spellings Triton 3.9 prints that a hand-written Gluon layout does not show: ``#ttg.dot_op`` of a blocked
parent without ``kWidth`` (its printer leaves out a kWidth of 0) and ``#ttg.shared_linear<{offset = [...]},
alignment = N>`` (SharedLinearEncodingAttr). Each case is a small TTGIR module parsed by triton's MLIR parser; each
value's layout read back as a Gluon object and handed to to_linear_layout. Run as a module (needs triton); prints
one JSON line: [[ttgir, gluon repr, shape, repr(to_linear_layout) | "refused"], ...] in case order."""

import json
import os
import re
import sys
import tempfile


def cases():
    """(alias text, shape, num_warps, element type) tuples, broad: dot_op of blocked parents over ranks, orders,
    warps, sizes, both operands; shared_linear of several offset bases and alignments."""
    out = []
    blocked = [
        ([1, 4], [8, 4], [4, 1], [1, 0]),
        ([1, 1], [32, 1], [1, 4], [0, 1]),
        ([2, 2], [4, 8], [2, 2], [1, 0]),
        ([1, 8], [16, 2], [8, 1], [0, 1]),
        ([4, 1], [1, 32], [1, 2], [1, 0]),
        ([1, 2], [2, 16], [2, 4], [0, 1]),
    ]
    shapes = [[64, 32], [32, 64], [16, 16], [128, 128], [8, 256]]
    for spt, tpw, wpc, order in blocked:
        warps = wpc[0] * wpc[1]
        par = f"#ttg.blocked<{{sizePerThread = {spt}, threadsPerWarp = {tpw}, warpsPerCTA = {wpc}, order = {order}}}>"
        for op in (0, 1):
            for shape in shapes:
                out.append((f"#ttg.dot_op<{{opIdx = {op}, parent = {par}}}>", shape, warps, "f32"))
    par3 = "#ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 8, 4], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>"
    for op in (0, 1):
        for shape in ([2, 64, 32], [4, 16, 16]):
            out.append((f"#ttg.dot_op<{{opIdx = {op}, parent = {par3}}}>", shape, 4, "f32"))
    lin = [
        ("[[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]]", [4, 8]),
        ("[[0, 1], [0, 2], [1, 0], [2, 0], [0, 4], [4, 0]]", [8, 8]),
        ("[[1, 0], [2, 0], [0, 1], [0, 2], [4, 1]]", [8, 4]),
        ("[[0, 1], [0, 2], [0, 4], [0, 8], [1, 8], [2, 0], [4, 0], [8, 0]]", [16, 16]),
        ("[[1], [2], [4], [8]]", [16]),
        ("[[0, 0, 1], [0, 1, 0], [1, 0, 0], [0, 0, 2]]", [2, 2, 4]),
    ]
    for bases, shape in lin:
        for align in (16, 128):
            out.append((f"#ttg.shared_linear<{{offset = {bases}}}, alignment = {align}>", shape, 4, "f16"))
    return out


def module(attr, shape, warps, elem):
    shp = "x".join(map(str, shape))
    alloc = "shared_linear" in attr
    ty = f"!ttg.memdesc<{shp}x{elem}, #a, #smem, mutable>" if alloc else f"tensor<{shp}x{elem}, #a>"
    op = f"ttg.local_alloc : () -> {ty}" if alloc else f"arith.constant dense<0.0> : {ty}"
    return (
        f"#a = {attr}\n#smem = #ttg.shared_memory\n"
        f'module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {warps} : i32, '
        f'ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}} {{\n'
        f"  tt.func public @k() {{\n    %0 = {op}\n    tt.return\n  }}\n}}\n"
    )


def _one(text):  # pragma: no cover - needs triton; runs in its own process (Triton aborts on what it refuses)
    from triton._C.libtriton import gluon_ir, ir

    ctx = ir.context()
    ir.load_dialects(ctx)
    b = gluon_ir.GluonOpBuilder(ctx)
    with tempfile.NamedTemporaryFile("w", suffix=".ttgir", delete=False) as f:
        f.write(text)
    mod = ir.parse_mlir_module(f.name, ctx)
    os.unlink(f.name)
    ops = []
    mod.walk(lambda op: ops.append(op))
    for op in ops:
        for i in range(op.get_num_results()):
            v = op.get_result(i)
            t = str(v.get_type())
            m = re.match(r"(?:!ttg\.)?(tensor|memdesc)<((?:\d+x)*\d+)x", t)
            if not m:
                continue
            lay = b.get_gluon_layout_from_tensor(v) if m.group(1) == "tensor" else b.get_gluon_layout_from_memdesc(v)
            shape = [int(x) for x in m.group(2).split("x")]
            try:
                ll = repr(b.to_linear_layout(lay._to_ir(b), shape))
            except Exception:
                ll = "refused"
            return [repr(lay), shape, ll]
    return ["none", [], "refused"]


def main() -> None:  # pragma: no cover - needs triton
    import subprocess

    if len(sys.argv) > 1 and sys.argv[1] == "--one":
        sys.stdout.write(json.dumps(_one(sys.stdin.read())) + "\n")
        return
    out = []
    for attr, shape, warps, elem in cases():
        text = module(attr, shape, warps, elem)
        p = subprocess.run(
            [sys.executable, "-m", "tests.oracle.triton_spellings", "--one"], input=text, capture_output=True, text=True
        )
        got = (
            json.loads(p.stdout.splitlines()[-1])
            if p.returncode == 0 and p.stdout.strip()
            else ["abort", shape, "refused"]
        )
        out.append([text] + got)
    sys.stdout.write(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
