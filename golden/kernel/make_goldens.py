"""Regenerate golden/kernel/ from real CuTe: the tutorials' objects built by CuTe itself (tests/kernel_cpp.py,
sgemm_sm70.cu's / sgemm_2.cu's host code and gemm_device for block (0,0) over null pointers), printed with CuTe's
print — the same program tests/test_kernel.py compares `cutedump kernel` against.

    python golden/kernel/make_goldens.py        (needs g++ and the CuTe headers, or the recorded answer)

The files hold no reading lines and no bank audit (the MANIFEST commands use --no-readings): only what the
kernels' own print calls would show.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from tests import kernel_cpp as CPP  # noqa: E402
from tests.oracle.cute import run_cases  # noqa: E402
from tests.test_kernel import CONFIGS  # noqa: E402   (the test's program: its recorded answer serves here too)

# file -> (kernel, variant, tile, (M,N,K), thread); the MANIFEST line passes the same values with --set/--thread
FILES = {
    "sgemm_sm70_nt.txt": ("sgemm_sm70", "nt", (128, 128, 8), (128, 128, 64), 0),
    "sgemm_sm70_tn_t200.txt": ("sgemm_sm70", "tn", (128, 128, 8), (300, 77, 19), 200),
    "sgemm_2_nt_t5.txt": ("sgemm_2", "nt", (256, 128, 8), (100, 70, 33), 5),
    "sgemm_2_tn.txt": ("sgemm_2", "tn", (128, 128, 8), (128, 128, 64), 0),
}


def goldens() -> dict[str, str]:
    """file name -> its text, from real CuTe's answer (compiled, or its record)."""
    outs = run_cases([CPP.case(*c) for c in CONFIGS], prelude=CPP.PRELUDE)
    return {name: outs[CONFIGS.index(cfg)] for name, cfg in FILES.items()}


if __name__ == "__main__":
    for name, text in goldens().items():
        (HERE / name).write_text(text, encoding="utf-8")
        print("wrote", HERE / name)
