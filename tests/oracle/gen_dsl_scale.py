"""The CuTe DSL's scale-factor helpers (``cutlass.utils.blockscaled_layout``, imported by kernels as
``blockscaled_utils``) against nvidia-cutlass-dsl 4.8.1 traced on the CPU (gen_dsl.py's harness, with
``blockscaled_utils`` in its namespace; ``CUTE_DSL_ARCH=sm_100a``, and ``sm_103a`` for the SM103 helpers).

Families: ``chunk`` (BlockScaledBasicChunk / Sm103BlockScaledBasicChunk ``.layout``: every VS, both majors),
``tile_sf`` (tile_atom_to_shape_SF: static and dynamic extents, multiples of 128 and 4*VS and not), ``smem_sf``
(make_smem_layout_sf), ``smem_sfab`` (make_smem_layout_sfa/sfb over make_blockscaled_trivial_tiled_mma: every
supported dtype pair, VS, 1- and 2-CTA, tilers), ``sm120`` (sm120_make_smem_layout_sfa/sfb), ``tmem`` (make_tmem_layout_sfa/sfb of one stage), ``sm103``
(sm103_make_smem_layout_sfa/sfb over the SM103 ops, sm_103a).
"""

from __future__ import annotations

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
    "import cutlass.utils.blackwell_helpers as sm100_utils\n",
).replace(
    '"sm90_utils": cutlass.utils.hopper_helpers}',
    '"sm90_utils": cutlass.utils.hopper_helpers,\n'
    '           "blockscaled_utils": blockscaled_utils, "sm100_utils": sm100_utils}',
)
assert 'blockscaled_utils": blockscaled_utils' in PROGRAM

BU = ("blockscaled_utils", "cutlass.utils.blockscaled_layout")
MAJ = "cute.nvgpu.OperandMajorMode"
T = "cute.nvgpu.tcgen05"


def _ext(r, v):
    return f"cutlass.Int32({v})" if r.random() < 0.3 else str(v)


def _extent(r, vs):
    k = r.choice(("m128", "m4vs", "odd", "small"))
    if k == "m128":
        return 128 * r.randint(1, 16)
    if k == "m4vs":
        return 4 * vs * r.randint(1, 24)
    if k == "odd":
        return r.randint(1, 3000)
    return r.randint(1, 130)


def _tiled(r, cta=None):
    pairs = [
        ("Float4E2M1FN", "Float4E2M1FN", 16),
        ("Float4E2M1FN", "Float4E2M1FN", 32),
        ("Float8E4M3FN", "Float8E4M3FN", 32),
        ("Float8E5M2", "Float4E2M1FN", 32),
        ("Float6E2M3FN", "Float8E4M3FN", 32),
        ("Float6E3M2FN", "Float6E2M3FN", 32),
    ]
    a, b, vs = r.choice(pairs)
    cta = cta or r.choice(("ONE", "TWO"))
    sf = r.choice(("Float8E4M3FN", "Float8E8M0FNU")) if vs == 16 else "Float8E8M0FNU"
    m = 128 if cta == "ONE" else r.choice((128, 256))
    n = r.choice((64, 128, 256, 192, 32, 96, 224))
    am, bm = (r.choice(("K", "MN")), r.choice(("K", "MN"))) if "Float4" not in a + b else ("K", "K")
    mod = r.choice(("sm100_utils", "cutlass.utils"))
    tm = (
        f"{mod}.make_blockscaled_trivial_tiled_mma(cutlass.{a}, cutlass.{b}, {MAJ}.{am}, {MAJ}.{bm}, "
        f"cutlass.{sf}, {vs}, {T}.CtaGroup.{cta}, ({m}, {n}))"
    )
    return tm, vs, m, n


def generate(seed: int = 4310) -> list[Case]:
    r = random.Random(seed)
    out = []
    for vs in (4, 8, 16, 32, 64):
        for chunk in ("BlockScaledBasicChunk", "Sm103BlockScaledBasicChunk"):
            for maj in ("", f", {MAJ}.K", f", {MAJ}.MN", f", major_mode={MAJ}.MN"):
                if chunk.startswith("Sm103") and "blockscaled_layout" not in BU[0] and maj == ", major_mode=":
                    continue
                out.append(Case("chunk", f"{r.choice(BU)}.{chunk}({vs}{maj}).layout"))
    for _ in range(200):
        vs = r.choice((16, 32, 16, 32, 8, 64))
        m, k, l = _extent(r, vs), _extent(r, vs), r.randint(1, 4)
        shape = f"({_ext(r, m)}, {_ext(r, k)}, {_ext(r, l)})"
        if r.random() < 0.05:
            shape = f"({_ext(r, m)}, {_ext(r, k)})"
        out.append(Case("tile_sf", f"{r.choice(BU)}.tile_atom_to_shape_SF({shape}, {vs})"))
    for _ in range(80):
        vs = r.choice((16, 32))
        m = r.choice((128, 256, 512, 64, 192))
        k = r.choice((64, 128, 256, 512, 4 * vs, 96))
        out.append(Case("smem_sf", f"{r.choice(BU)}.make_smem_layout_sf(({m}, {k}), {vs}, {r.randint(1, 8)})"))
    for _ in range(240):
        tm, vs, m, n = _tiled(r)
        k = r.choice((128, 256, 256, 512, 64, 1024))
        tn = n * r.choice((1, 1, 2))
        tmm = m * r.choice((1, 1, 2)) if m == 128 else m
        which = r.choice("ab")
        out.append(
            Case(
                "smem_sfab",
                f"{r.choice(BU)}.make_smem_layout_sf{which}({tm}, ({tmm}, {tn}, {k}), {vs}, {r.randint(1, 7)})",
            )
        )
    for _ in range(60):
        tm, vs, m, n = _tiled(r, "ONE")
        k = r.choice((128, 256, 512, 64, 96))
        tn = r.choice((128, 256, 64, 192))
        tmm = r.choice((128, 256, 64))
        which = r.choice("ab")
        out.append(
            Case(
                "sm120",
                f"{r.choice(BU)}.sm120_make_smem_layout_sf{which}({tm}, ({tmm}, {tn}, {k}), {vs}, {r.randint(1, 4)})",
            )
        )
    out += tmem_cases(r)
    seen, res = set(), []
    for c in out:
        if c.expr not in seen:
            seen.add(c.expr)
            res.append(c)
    return res


def tmem_cases(r, n=160) -> list[Case]:
    """make_tmem_layout_sfa/sfb(tiled_mma, mma_tiler, sf_vec_size, one stage of make_smem_layout_sfa/sfb): 1- and
    2-CTA MMAs of M 64/128/256, N 32..256, K tilers. (Given a staged, unsliced smem layout the DSL answers with
    layouts it prints with an 'x' mode; cutedump refuses it: not generated.)"""
    out = []
    for _ in range(n):
        tm, vs, m, nn = _tiled(r)
        if r.random() < 0.2:
            m = 64 if "ONE" in tm else m
            tm = tm.rsplit("(", 1)[0] + f"({m}, {nn}))"
        k = r.choice((128, 256, 512, 384, 64))
        which = r.choice("ab")
        bu = r.choice(BU)
        sl = f"{bu}.make_smem_layout_sf{which}({tm}, ({m}, {nn}, {k}), {vs}, {r.randint(1, 4)})"
        sl = f"cute.slice_({sl}, (None, None, None, {r.choice(('0', '0', '-1'))}))"  # one stage (the op's input)
        out.append(Case("tmem", f"{bu}.make_tmem_layout_sf{which}({tm}, ({m}, {nn}, {k}), {vs}, {sl})"))
    return out


def generate_sm103(seed: int = 4311) -> list[Case]:
    """sm103_make_smem_layout_sfa/sfb over tiled MMAs of the SM103 block-scaled ops (traced with sm_103a): 1- and 2-CTA,
    VS 16 and 32, tilers whose K the 96-wide atom divides and not, N of 128 and not (SFB's 256-row atom)."""
    r = random.Random(seed)
    out = []
    for chunk in ("Sm103BlockScaledBasicChunk", "BlockScaledBasicChunk"):
        for vs in (16, 32):
            out.append(Case("sm103_chunk", f"{r.choice(BU)}.{chunk}({vs}, {MAJ}.MN).layout"))
    for _ in range(120):
        cta = r.choice(("ONE", "TWO"))
        m = 128 if cta == "ONE" else r.choice((128, 256))
        n = r.choice((128, 256, 64, 192))
        if r.random() < 0.5:
            op = f"{T}.SM103MmaMXF4Op(({m}, {n}), {T}.CtaGroup.{cta}, {T}.OperandSource.SMEM)"
        else:
            sf = r.choice(("Float8E4M3FN", "Float8E8M0FNU"))
            op = f"{T}.SM103MmaMXF4NVF4Op(cutlass.{sf}, ({m}, {n}), {T}.CtaGroup.{cta}, {T}.OperandSource.SMEM)"
        tm = f"cute.make_tiled_mma({op})"
        k = r.choice((768, 384, 192, 96, 256, 1536))
        tile = (m * r.choice((1, 1, 2)) if cta == "ONE" else m, n * r.choice((1, 1, 2)), k)
        which = r.choice("ab")
        vs = r.choice((16, 32))
        out.append(
            Case("sm103", f"{r.choice(BU)}.sm103_make_smem_layout_sf{which}({tm}, {tile}, {vs}, {r.randint(1, 5)})")
        )
    seen, res = set(), []
    for c in out:
        if c.expr not in seen:
            seen.add(c.expr)
            res.append(c)
    return res


def trace(exprs: list[str], arch: str = "sm_100a") -> list[list[str]]:
    """The DSL's answers (["ok", print] or ["error", exception class]), one subprocess with CUTE_DSL_ARCH=arch."""
    with tempfile.TemporaryDirectory() as d:
        prog = os.path.join(d, "dsl_scale_oracle.py")
        with open(prog, "w") as f:
            f.write(PROGRAM)
        env = dict(os.environ, CUTE_DSL_ARCH=arch)
        p = subprocess.run(
            [sys.executable, prog], input=json.dumps(exprs), capture_output=True, text=True, env=env, timeout=600
        )
    if p.returncode != 0:
        raise RuntimeError(f"the DSL trace failed ({p.returncode}): {p.stderr[-2000:]}")
    return json.loads(p.stdout)


def run_oracle(cases, arch: str = "sm_100a", batch_size: int = 400) -> list[list[str]]:
    import hashlib

    from tests.oracle import records as R

    out = []
    for i in range(0, len(cases), batch_size):
        exprs = [c.expr for c in cases[i : i + batch_size]]
        key = (
            f"dsl-scale-{arch.replace('_', '')}-"
            + hashlib.sha256((PROGRAM + json.dumps(exprs)).encode()).hexdigest()[:20]
        )
        text = R.answer(
            key, lambda exprs=exprs: json.dumps(trace(exprs, arch)), what="the CuTe DSL's answers", ncases=len(exprs)
        )
        out.extend(json.loads(text))
    return out
