"""`cutedump explain partition --fragment` answers exactly when CuTe compiles partition_fragment_X: a register
fragment is an owning tensor, and CuTe refuses a dynamic one (static_assert "Dynamic owning tensors not
supported", cute/tensor_impl.hpp). Real CuTe says, for seeded shapes with static and dynamic extents, whether
partition_X(tensor) has a static shape (then partition_fragment_X compiles: its layout is compared) or not (then
cutedump must refuse in one error line naming CuTe's condition)."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from tests.oracle.cute import run_cases, unavailable_reason

pytestmark = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

ATOMS = [
    ("SM80_16x8x16_F16F16F16F16_TN", "half_t", (16, 8, 16)),
    ("SM80_16x8x8_F32TF32TF32F32_TN", "tfloat32_t", (16, 8, 8)),
]
LAYOUTS = ["(_1,_1)", "(_2,_2)", "(_2,_1)"]


def _cases():
    rnd = random.Random(20261123)
    out = []
    for atom, vt, (m, n, k) in ATOMS:
        for al in LAYOUTS:
            am, an = (int(x.strip("_")) for x in al.strip("()").split(","))
            for op in "ABC":
                for _ in range(3):
                    dims = {"A": (m * am, k), "B": (n * an, k), "C": (m * am, n * an)}[op]
                    ext = [d * rnd.choice([1, 2, 4]) for d in dims]
                    static = [rnd.random() < 0.6 for _ in ext]
                    shape = "(" + ",".join(("_" if s else "") + str(e) for e, s in zip(ext, static)) + ")"
                    cpp_shape = ", ".join(f"Int<{e}>{{}}" if s else f"{e}" for e, s in zip(ext, static))
                    cpp_al = ",".join(f"_{x}" for x in (am, an))
                    code = (
                        f"auto mma = make_tiled_mma({atom}{{}}, Layout<Shape<{cpp_al}>>{{}});\n"
                        f"auto thr = mma.get_slice(0);\n"
                        f"auto t = make_tensor(make_gmem_ptr(({vt}*)nullptr), make_shape({cpp_shape}));\n"
                        # a generic lambda: `if constexpr` discards only a template's dependent branch
                        f"[&](auto tt) {{ auto p = thr.partition_{op}(tt);\n"
                        f"print(int(is_static<decltype(p.shape())>::value));\n"
                        f'if constexpr (is_static<decltype(p.shape())>::value) {{ print(" "); '
                        f"print(thr.partition_fragment_{op}(tt).layout()); }} }}(t);\n"
                    )
                    out.append(((atom, al, shape, op), code))
    return out


CASES = _cases()


def test_fragment_answers_exactly_when_cute_compiles():
    outs = run_cases([c for _, c in CASES])
    bad, refused = [], 0
    for ((atom, al, shape, op), _), got in zip(CASES, outs):
        r = CliRunner().invoke(
            main,
            [
                "explain",
                "partition",
                "--mma",
                atom,
                "--atom-layout",
                al,
                "--shape",
                shape,
                "--operand",
                op,
                "--fragment",
                "--format",
                "json",
                "--lang",
                "en",
            ],
        )
        ok, _, layout = got.strip().partition(" ")
        if ok == "1":
            if r.exit_code != 0 or json.loads(r.stdout)["result"] != layout:
                bad.append(f"{atom} {al} {shape} {op}: cute {layout}, ours exit {r.exit_code} {r.stdout[-80:]}")
        else:
            refused += 1
            if r.exit_code != 2 or "Dynamic owning tensors not supported" not in r.stderr:
                bad.append(f"{atom} {al} {shape} {op}: cute refuses, ours exit {r.exit_code}")
    assert not bad, "\n".join(bad)
    assert 0 < refused < len(CASES)
