"""Regenerate golden/sgemm_sm80/ from real CuTe: the kernel's objects built by CuTe itself (tests/sgemm_sm80_cpp.py,
sgemm_sm80.cu's host code and gemm_device for block (0,0), thread 0, over null pointers), printed with CuTe's print.

    python golden/sgemm_sm80/make_goldens.py        (needs g++ and the CuTe headers, or the recorded answer)

The files hold no reading lines: the seed document (001_def41a443f4b8bf4.txt) gives values, and the commands
in MANIFEST use --no-readings. tests/test_sgemm_sm80.py checks the seed's values against the same dump.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from tests import sgemm_sm80_cpp as CPP  # noqa: E402
from tests.oracle.cute import run_cases  # noqa: E402

FILES = {
    "dump_layouts.txt": ("tn", "half_t", (128, 128, 64), (128, 128, 64), 0),
    "dump_nt_float_t5.txt": ("nt", "float", (128, 128, 8), (100, 70, 33), 5),
}

if __name__ == "__main__":
    outs = run_cases([CPP.case(*c) for c in FILES.values()], prelude=CPP.PRELUDE)
    for name, text in zip(FILES, outs):
        (HERE / name).write_text(text, encoding="utf-8")
        print("wrote", HERE / name)
