"""The SM120 (GeForce) helpers of ``cutlass.utils.blackwell_helpers`` that the CuTe DSL's GeForce examples import as
``sm120_utils`` (``get_permutation_mnk``, ``get_layoutSFA_TV``/``get_layoutSFB_TV``, ``thrfrg_SFA``/``thrfrg_SFB``,
``sm120_get_smem_store_op``),
traced by nvidia-cutlass-dsl 4.8.1 on the CPU with ``CUTE_DSL_ARCH=sm_120a`` (gen_dsl.py's harness with
``sm120_utils`` and ``blockscaled_utils`` in its namespace; answers recorded).

Cases: every SM120 block-scaled warp op (``MmaMXF4NVF4Op`` with VS 16 / 32 and E4M3 / UE8M0 scales, ``MmaMXF4Op``,
``MmaMXF8Op``, ``MmaMXF8F6F4Op`` with its FP4 x FP8 pairs and a pair it refuses) in atom layouts of 1..8 warps, the permutation of tiles of M 16..256
(``min(M, 128)``), both K-atoms; helpers over the tiled MMA, thrfrg over sm120_make_smem_layout_sfa/sfb stages and
plain (M, K) layouts, and what the DSL refuses (unsupported VS, K not 32/64).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile

from tests.oracle import gen_dsl as G
from tests.oracle.gen_dsl import Case

PROGRAM = G.PROGRAM.replace(
    "import cutlass.utils.hopper_helpers\n",
    "import cutlass.utils.hopper_helpers\nimport cutlass.utils.blockscaled_layout as blockscaled_utils\n"
    "import cutlass.utils.blackwell_helpers as sm120_utils\n",
).replace(
    '"sm90_utils": cutlass.utils.hopper_helpers}',
    '"sm90_utils": cutlass.utils.hopper_helpers,\n'
    '           "blockscaled_utils": blockscaled_utils, "sm120_utils": sm120_utils}',
)
assert '"sm120_utils": sm120_utils' in PROGRAM

W = "cute.nvgpu.warp"
#: (op, a dtype, sf dtype, VS, use_mxf8f6f4): the SM120 block-scaled warp ops (cute.nvgpu.warp)
OPS = [
    ("MmaMXF4NVF4Op", ("Float4E2M1FN",), "Float8E4M3FN", 16, False),
    ("MmaMXF4NVF4Op", ("Float4E2M1FN",), "Float8E8M0FNU", 32, False),
    ("MmaMXF4Op", ("Float4E2M1FN",), "Float8E8M0FNU", 32, False),
    ("MmaMXF8Op", ("Float8E4M3FN",), "Float8E8M0FNU", 32, True),
    ("MmaMXF8Op", ("Float8E5M2",), "Float8E8M0FNU", 32, True),
    ("MmaMXF8F6F4Op", ("Float4E2M1FN", "Float8E4M3FN"), "Float8E8M0FNU", 32, True),
    ("MmaMXF8F6F4Op", ("Float8E5M2", "Float4E2M1FN"), "Float8E8M0FNU", 32, True),
    ("MmaMXF8F6F4Op", ("Float8E4M3FN", "Float8E5M2"), "Float8E8M0FNU", 32, True),  # refused: same-width FP8 pair
]


def _op(name, ab, sf):
    """The op as the GeForce examples construct it (MmaMXF8F6F4Op takes a_dtype, b_dtype; the others ab_dtype)."""
    types = ", ".join(f"cutlass.{t}" for t in ab)
    return f"{W}.{name}({types}, cutlass.Float32, cutlass.{sf})"


def generate(seed: int = 4320, n: int = 300) -> list[Case]:
    r = random.Random(seed)
    out = []
    for _ in range(n):
        name, ab, sf, vs, f8 = r.choice(OPS)
        tm = r.choice((16, 32, 64, 128, 128, 256))
        tn = r.choice((32, 64, 128, 256))
        tk = r.choice((64, 128, 256))
        atoms = r.choice(((4, 2, 1), (2, 2, 1), (1, 1, 1), (2, 4, 1), (4, 1, 1), (1, 2, 1), (8, 1, 1)))
        pvs = vs if r.random() < 0.95 else r.choice((8, 64))  # the DSL refuses a VS other than 16 or 32
        perm = f"sm120_utils.get_permutation_mnk(({tm}, {tn}, {tk}), {pvs}, {f8})"
        tiled = f"cute.make_tiled_mma({_op(name, ab, sf)}, cute.make_layout({atoms}), permutation_mnk={perm})"
        kind = r.choice(("perm", "tv_a", "tv_b", "frg_a", "frg_b", "frg_smem", "store"))
        if kind == "store":
            lay = r.choice(("ROW_MAJOR", "COL_MAJOR"))
            d = r.choice(("BFloat16", "Float16", "Float32", "Float8E4M3FN", "Int8", "Int32", "Float64"))
            acc = r.choice(("Float32", "Float32", "Float16", "Int32"))
            out.append(
                Case(
                    "store",
                    f"sm120_utils.sm120_get_smem_store_op(cutlass.utils.LayoutEnum.{lay}, cutlass.{d}, cutlass.{acc})",
                )
            )
        elif kind == "perm":
            out.append(Case("perm", perm))
        elif kind in ("tv_a", "tv_b"):
            out.append(Case(kind, f"sm120_utils.get_layoutSF{kind[-1].upper()}_TV({tiled})"))
        elif kind in ("frg_a", "frg_b"):
            m = r.choice((16, 32, 64, 128, 256))
            k = r.choice((32, 64, 128, 256))
            lay = (
                f"cute.make_layout(({m}, {k}))"
                if r.random() < 0.6
                else f"cute.make_layout(({m}, {k}), stride=(1, {m}))"
            )
            out.append(Case(kind, f"sm120_utils.thrfrg_SF{kind[-1].upper()}({lay}, {tiled})"))
        else:
            which = r.choice("ab")
            st = r.randint(1, 4)
            tile = (128 * r.choice((1, 2)), 128 * r.choice((1, 2)), r.choice((128, 256)))
            smem = f"blockscaled_utils.sm120_make_smem_layout_sf{which}({tiled}, {tile}, {vs}, {st})"
            out.append(
                Case("frg_smem", f"sm120_utils.thrfrg_SF{which.upper()}(cute.slice_({smem}, (None, None, 0)), {tiled})")
            )
    return out


def trace(exprs: list[str]) -> list[list[str]]:
    with tempfile.TemporaryDirectory() as d:
        prog = os.path.join(d, "dsl_sm120_utils_oracle.py")
        with open(prog, "w") as f:
            f.write(PROGRAM)
        env = dict(os.environ, CUTE_DSL_ARCH="sm_120a")
        p = subprocess.run(
            [sys.executable, prog], input=json.dumps(exprs), capture_output=True, text=True, env=env, timeout=600
        )
    if p.returncode != 0:
        raise RuntimeError(f"the DSL trace failed ({p.returncode}): {p.stderr[-2000:]}")
    return json.loads(p.stdout)


def run_oracle(cases, batch_size: int = 400) -> list[list[str]]:
    from tests.oracle import records as R

    out = []
    for i in range(0, len(cases), batch_size):
        exprs = [c.expr for c in cases[i : i + batch_size]]
        key = "dsl-sm120-utils-" + hashlib.sha256((PROGRAM + json.dumps(exprs)).encode()).hexdigest()[:20]
        text = R.answer(
            key, lambda exprs=exprs: json.dumps(trace(exprs)), what="the CuTe DSL's answers", ncases=len(exprs)
        )
        out.extend(json.loads(text))
    return out
