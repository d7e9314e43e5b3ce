"""Regenerate golden/kernel/sm100_72a_nvfp4_sf.txt from real CuTe: the scale-factor objects of CUTLASS 4.2's NVFP4
GEMM example 72a (its host code and its mainloop collective's SF layouts, tiles and partitions of CTA (0,0)) built by
CuTe itself (tests/kernel_cpp_sm100_sf.py) — the same program tests/test_kernel_sm100_sf.py compares
`cutedump kernel` against.

    python golden/kernel/make_goldens_sm100_sf.py   (needs g++ and the CuTe headers, or the recorded answer)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from tests import kernel_cpp_sm100_sf as CPP  # noqa: E402
from tests.kernel_oracle import split_cute  # noqa: E402
from tests.oracle.cute import run_cases  # noqa: E402
from tests.test_kernel_sm100_sf import CONFIGS  # noqa: E402

# file -> the configuration of tests/test_kernel_sm100_sf.py's CONFIGS (the MANIFEST line passes the same values)
FILES = {
    "sm100_72a_nvfp4_sf.txt": (16, (256, 256), 256, 3, (1024, 1024, 1024)),  # 72a's main(), the description's defaults
}


def goldens() -> dict[str, str]:
    """file name -> its text, from real CuTe's answers (compiled, or their records)."""
    outs = run_cases([CPP.case_direct(*c) for c in CONFIGS], prelude=CPP.PRELUDE, extra_flags=CPP.FLAGS)
    return {name: split_cute(outs[CONFIGS.index(cfg)])[0] for name, cfg in FILES.items()}


if __name__ == "__main__":
    for name, text in goldens().items():
        (HERE / name).write_text(text, encoding="utf-8")
        print("wrote", HERE / name)
