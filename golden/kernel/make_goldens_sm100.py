"""Regenerate golden/kernel/sm100_*.txt from real CuTe: the Blackwell tutorials' objects (01_mma_sm100.cu ...
05_mma_tma_epi_sm100.cu: the host code and gemm_device for CTA (0,0) over null pointers) built by CuTe itself (tests/kernel_cpp_sm100.py) — the same
program tests/test_kernel_sm100.py compares `cutedump kernel` against.

    python golden/kernel/make_goldens_sm100.py   (needs g++ and the CuTe headers, or the recorded answer)

The files hold what --no-readings prints: CuTe's host-only noise (``ERROR: cast_smem_ptr_to_uint ...``) and its
``tCrA(0)``/``tCrB(0)`` descriptor lines (and the TMA programs' cuTensorMapEncodeTiled lines) are left out
(tests/kernel_oracle.py's split_cute).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from tests import kernel_cpp_sm100 as CPP  # noqa: E402
from tests.kernel_oracle import split_cute  # noqa: E402
from tests.oracle.cute import run_cases  # noqa: E402
from tests.test_kernel_sm100 import CONFIGS_01, CONFIGS_TMA  # noqa: E402

# (the test's programs and their records)

# file -> ((MmaM, MmaN), NumMmaK, (Gemm_M, Gemm_N, Gemm_K), thread); the MANIFEST line passes the same values
FILES_01 = {
    "sm100_01_mma.txt": ((128, 256), 4, (512, 1024, 256), 0),
    "sm100_01_mma_t37.txt": ((128, 64), 8, (128, 256, 128), 37),
}

# file -> (tutorial, (MmaM, MmaN), NumMmaK, (ClusterM, ClusterN), (Gemm_M, Gemm_N, Gemm_K), thread)
FILES_TMA = {
    "sm100_02_mma_tma.txt": (2, (128, 256), 4, (1, 1), (512, 1024, 256), 0),
    "sm100_03_mma_tma_multicast_t77.txt": (3, (128, 256), 4, (4, 4), (512, 1024, 256), 77),
    "sm100_04_mma_tma_2sm.txt": (4, (256, 256), 4, (4, 4), (512, 1024, 256), 0),
    "sm100_05_mma_tma_epi_t127.txt": (5, (256, 128), 4, (2, 1), (256, 128, 64), 127),
}


def goldens() -> dict[str, str]:
    """file name -> its text, from real CuTe's answers (compiled, or their records)."""
    out = {}
    outs = run_cases([CPP.case01(*c) for c in CONFIGS_01], prelude=CPP.PRELUDE)
    for name, cfg in FILES_01.items():
        out[name] = split_cute(outs[CONFIGS_01.index(cfg)])[0]
    for tut in sorted(CONFIGS_TMA):
        outs = run_cases(
            [CPP.case_tma(tut, *c) for c in CONFIGS_TMA[tut]], prelude=CPP.tma_prelude(), extra_flags=CPP.tma_flags()
        )
        for name, (t, *cfg) in FILES_TMA.items():
            if t == tut:
                out[name] = split_cute(outs[CONFIGS_TMA[tut].index(tuple(cfg))])[0]
    return out


if __name__ == "__main__":
    for name, text in goldens().items():
        (HERE / name).write_text(text, encoding="utf-8")
        print("wrote", HERE / name)
