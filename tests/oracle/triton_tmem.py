"""Triton 3.9.0 answering its tensor-memory layouts (CPU only, no GPU): ``TensorMemoryLayout`` and
``TensorMemoryScalesLayout`` (triton.experimental.gluon.language.nvidia.blackwell), each built through Gluon's IR
builder, spelled as TTGIR prints it (``!ttg.memdesc<128x128xf32, #ttng.tensor_memory_encoding<blockM = 128, ...>,
#ttng.tensor_memory, mutable>``, from ``get_tensor_mem_desc_ty``) and mapped by Triton's ``to_linear_layout`` (its
``_TensorMemoryLinearLayout``: TMEM ``rows`` (lanes) and ``cols`` bases -> (dim0, dim1)).

Run as a subprocess, one JSON case per stdin line, one JSON answer per stdout line (flushed): a case on which
Triton aborts the process is known by where the answers stop (:func:`answers`, as tests/oracle/triton_live.py).

A case: {"layout": Gluon spelling, "shape": [M, N], "elem": "f32" | "i32" | "f16" | "bf16" | "i8" | "f8"}. An answer:
{"ttgir": the memdesc type's text or "raise: <type>: <message>", "ll": {"rows": [...], "cols": [...],
"shape": [...]} or "raise: <type>: <message>"}, or {"refused": "abort"}.
"""

from __future__ import annotations

import json
import subprocess
import sys


def _serve() -> None:  # pragma: no cover - runs inside the subprocess, with triton
    from triton._C.libtriton import gluon_ir, ir
    from triton.experimental.gluon.language.nvidia.blackwell import TensorMemoryLayout, TensorMemoryScalesLayout

    ctx = ir.context()
    ir.load_dialects(ctx)
    b = gluon_ir.GluonOpBuilder(ctx)
    types = {"f32": b.get_float_ty, "f16": b.get_half_ty, "bf16": b.get_bf16_ty, "i8": b.get_int8_ty}
    types["f8"], types["i32"] = b.get_fp8e4nv_ty, b.get_int32_ty
    names = {"TensorMemoryLayout": TensorMemoryLayout, "TensorMemoryScalesLayout": TensorMemoryScalesLayout}

    def why(e):
        return f"raise: {type(e).__name__}: {str(e).strip().splitlines()[0] if str(e).strip() else ''}"

    for line in sys.stdin:
        case = json.loads(line)
        out = {}
        try:
            layout = eval(case["layout"], {"__builtins__": {}}, dict(names, true=True, false=False))
            attr = layout._to_ir(b)
        except Exception as e:  # Triton's Python checks (assert in __post_init__ ...)
            sys.stdout.write(json.dumps({"refused": why(e)}) + "\n")
            sys.stdout.flush()
            continue
        shape = case["shape"]
        try:
            out["ttgir"] = str(b.get_tensor_mem_desc_ty(types[case["elem"]](), shape, attr, shape))
        except Exception as e:
            out["ttgir"] = why(e)
        sys.stdout.write(json.dumps(out) + "\n")  # what is known before the linear layout (which may abort)
        sys.stdout.flush()
        try:
            ll = b.to_linear_layout(attr, shape)
            out["ll"] = {"rows": ll.rows, "cols": ll.cols, "shape": ll.shape}
        except Exception as e:
            out["ll"] = why(e)
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


def answers(cases: list[dict], python: str = sys.executable) -> list[dict]:
    """One answer per case; a case that kills Triton's process: its spelling answer with ``"ll": "abort"`` (or
    {"refused": "abort"} where it died before that), and a new process goes on from the next case."""
    out: list[dict] = []
    while len(out) < len(cases):
        rest = cases[len(out) :]
        p = subprocess.run(
            [python, "-m", "tests.oracle.triton_tmem", "--serve"],
            input="".join(json.dumps(c) + "\n" for c in rest),
            capture_output=True,
            text=True,
        )
        lines = [json.loads(x) for x in p.stdout.splitlines() if x.startswith("{")]
        i = 0
        while i < len(lines):  # two lines per case (spelling, then with the linear layout), one for a refusal
            a = lines[i]
            if "refused" in a or "ll" in a:
                out.append(a)
                i += 1
            elif i + 1 < len(lines) and "ll" in lines[i + 1]:
                out.append(lines[i + 1])
                i += 2
            else:
                out.append({**a, "ll": "abort"})
                i += 1
        if len(out) < len(cases) and (not lines or "ll" in lines[-1] or "refused" in lines[-1]):
            if p.returncode == 0:
                raise RuntimeError(f"triton tmem oracle stopped early: {p.stderr[-2000:]}")
            out.append({"refused": "abort"})
    return out[: len(cases)]


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        _serve()
    else:
        for a in answers([json.loads(x) for x in sys.stdin]):
            print(json.dumps(a))
