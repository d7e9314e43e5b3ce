"""Regenerate golden/kernel/wgmma_sm90_*.txt from real CuTe: the Hopper tutorial's objects (wgmma_sm90.cu's host
code and gemm_device for block (0,0) over null pointers) built by CuTe itself (tests/kernel_cpp_sm90.py) — the
same program tests/test_kernel_sm90.py compares `cutedump kernel` against.

    python golden/kernel/make_goldens_sm90.py   (needs g++ and the CuTe headers, or the recorded answer)

The files hold what --no-readings prints: CuTe's host-only noise (``ERROR: cast_smem_ptr_to_uint ...``) and its
``tCrA(0)``/``tCrB(0)`` descriptor lines are left out (tests/kernel_oracle.py's split_cute; the descriptors are
in cutedump's readings and JSON, tested against those lines).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from tests import kernel_cpp_sm90 as CPP  # noqa: E402
from tests.kernel_oracle import split_cute  # noqa: E402   (the test's program and its record)
from tests.oracle.cute import run_cases  # noqa: E402
from tests.test_kernel_sm90 import CONFIGS  # noqa: E402

# file -> (variant, tile, (M,N,K), thread); the MANIFEST line passes the same values with --set/--thread
FILES = {
    "wgmma_sm90_tn.txt": ("tn", (128, 128, 64, 3), (512, 256, 128), 5),
    "wgmma_sm90_nt_t99.txt": ("nt", (256, 128, 16, 2), (1000, 300, 40), 99),
}


def goldens() -> dict[str, str]:
    """file name -> its text, from real CuTe's answer (compiled, or its record)."""
    outs = run_cases([CPP.case(*c) for c in CONFIGS], prelude=CPP.PRELUDE)
    return {name: split_cute(outs[CONFIGS.index(cfg)])[0] for name, cfg in FILES.items()}


if __name__ == "__main__":
    for name, text in goldens().items():
        (HERE / name).write_text(text, encoding="utf-8")
        print("wrote", HERE / name)
