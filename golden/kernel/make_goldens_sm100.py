"""Regenerate golden/kernel/sm100_*.txt from real CuTe: the Blackwell tutorials' objects (01_mma_sm100.cu's host
code and gemm_device for CTA (0,0) over null pointers) built by CuTe itself (tests/kernel_cpp_sm100.py) — the same
program tests/test_kernel_sm100.py compares `cutedump kernel` against.

    python golden/kernel/make_goldens_sm100.py   (needs g++ and the CuTe headers, or the recorded answer)

The files hold what --no-readings prints: CuTe's host-only noise (``ERROR: cast_smem_ptr_to_uint ...``) and its
``tCrA(0)``/``tCrB(0)`` descriptor lines are left out (tests/test_kernel_sm100.py's split_cute).
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from tests.oracle.cute import run_cases  # noqa: E402
from tests import kernel_cpp_sm100 as CPP  # noqa: E402
from tests.test_kernel_sm100 import CONFIGS_01, split_cute  # noqa: E402   (the test's program and its record)

# file -> ((MmaM, MmaN), NumMmaK, (Gemm_M, Gemm_N, Gemm_K), thread); the MANIFEST line passes the same values
FILES_01 = {
    "sm100_01_mma.txt": ((128, 256), 4, (512, 1024, 256), 0),
    "sm100_01_mma_t37.txt": ((128, 64), 8, (128, 256, 128), 37),
}

if __name__ == "__main__":
    outs = run_cases([CPP.case01(*c) for c in CONFIGS_01], prelude=CPP.PRELUDE)
    for name, cfg in FILES_01.items():
        text = split_cute(outs[CONFIGS_01.index(cfg)])[0]
        (HERE / name).write_text(text, encoding="utf-8")
        print("wrote", HERE / name)
