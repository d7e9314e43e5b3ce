"""Triton 3.9.0 computing layouts (CPU only, no GPU): run as a subprocess, one JSON case per stdin line, one JSON
answer per stdout line (flushed), so that a case on which Triton aborts the process (its C++ assertions) is known
by where the answers stop. ``answers(cases)`` drives it: a case that kills the subprocess is answered
{"refused": "abort"} and a new subprocess goes on from the next case.

A case: {"layout": Gluon repr text, "shape": [..]}. An answer: {"repr": repr(to_linear_layout(...)),
"tensor_view": sha256, "hardware_view": sha256, "views_len": [..]} or {"refused": "raise: <exception type>"}.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys


def _serve() -> None:  # pragma: no cover - runs inside the subprocess, with triton
    import triton.experimental.gluon.language as gl
    from triton._C.libtriton import gluon_ir, ir
    from triton.experimental.gluon.language.amd import AMDMFMALayout, AMDWMMALayout

    ctx = ir.context()
    ir.load_dialects(ctx)
    b = gluon_ir.GluonOpBuilder(ctx)
    names = {k: getattr(gl, k) for k in dir(gl) if k.endswith("Layout")}
    names["AMDMFMALayout"] = AMDMFMALayout
    names["AMDWMMALayout"] = AMDWMMALayout
    sha = lambda s: hashlib.sha256(s.encode()).hexdigest()
    for line in sys.stdin:
        case = json.loads(line)
        try:
            layout = eval(case["layout"], {"__builtins__": {}}, dict(names, true=True, false=False))
            shape = case["shape"]
            ll = b.to_linear_layout(layout._to_ir(b), shape)
            tv = layout.format_tensor_view(shape)
            hv = layout.format_hardware_view(shape)
            out = {"repr": repr(ll), "tensor_view": sha(tv), "hardware_view": sha(hv), "views_len": [len(tv), len(hv)]}
            if case.get("full"):
                out["views"] = [tv, hv]
        except Exception as e:  # Triton's Python checks (assert in __post_init__, ValueError ...)
            out = {"refused": f"raise: {type(e).__name__}"}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


def answers(cases: list[dict], python: str = sys.executable) -> list[dict]:
    out: list[dict] = []
    while len(out) < len(cases):
        rest = cases[len(out) :]
        p = subprocess.run(
            [python, "-m", "tests.oracle.triton_live", "--serve"],
            input="".join(json.dumps(c) + "\n" for c in rest),
            capture_output=True,
            text=True,
        )
        got = [json.loads(x) for x in p.stdout.splitlines() if x.startswith("{")]
        out.extend(got)
        if len(out) < len(cases) and p.returncode != 0:
            out.append({"refused": "abort"})  # the case the process died on
        elif len(out) < len(cases):
            raise RuntimeError(f"triton oracle stopped early: {p.stderr[-2000:]}")
    return out


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        _serve()
    else:
        cases = [json.loads(x) for x in sys.stdin]
        for a in answers(cases):
            print(json.dumps(a))
