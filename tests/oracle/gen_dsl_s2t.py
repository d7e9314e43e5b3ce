"""The CuTe DSL's pointers and tensors over memory and the scale factors' SMEM -> TMEM copy (``tcgen05.Cp*Op``,
``tcgen05.make_s2t_copy``, ``get_slice(0).partition_S/D``, ``tcgen05.get_s2t_smem_desc_tensor``) as the block-scaled
examples use them (CUTLASS's dense_blockscaled_gemm_persistent.py: ``mainloop_s2t_copy_and_partition``), against
nvidia-cutlass-dsl 4.8.1 traced on the CPU (``CUTE_DSL_ARCH=sm_100a``; gen_dsl_scale.py's namespace, in
subprocesses; a case that kills the process is bisected out as a crash).

Families (``Case.op``): ``ptr`` (make_ptr over element types, address spaces and alignments; ``ptr + n`` static and
dynamic; recast_ptr), ``tensor`` (make_tensor and its attributes, filter_zeros), ``atom`` (make_copy_atom of every Cp op,
both CTA groups, element types of 4..64 bits), ``kernel`` (the example's sequence over make_blockscaled_trivial_tiled_mma
of every dtype pair, VS, 1/2 CTA, SFA/SFB, tilers and stages: the tiled copy, its TV layouts, the partitions and the
descriptor tensor), ``op`` (every Cp op over TMEM layouts of its shape, static; dynamic ones refused), ``refusal``
(wrong atoms, tensors, spaces, unpartitioned tensors).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile

from tests.oracle import gen_dsl_scale as D
from tests.oracle.gen_dsl import Case

#: gen_dsl_scale's namespace, each expression traced in its own jit function: the DSL verifies a function's IR when its
#: trace ends (make_s2t_copy of an smem tensor is refused there), so each case's verification is its own
PROGRAM = r"""
import json, sys
import cutlass
import cutlass.cute as cute
import cutlass.utils
import cutlass.utils.blockscaled_layout as blockscaled_utils
import cutlass.utils.blackwell_helpers as sm100_utils
from cutlass.cute.nvgpu import warpgroup, tcgen05
exprs = json.loads(sys.stdin.read())
ns = dict(vars(cute))
ns.update({"cute": cute, "cutlass": cutlass, "warpgroup": warpgroup, "tcgen05": tcgen05,
           "blockscaled_utils": blockscaled_utils, "sm100_utils": sm100_utils})
out = []
cur = [None]
def run_one():
    try:
        out.append(["ok", str(eval(cur[0], ns))])
    except Exception as ex:
        out.append(["error", type(ex).__name__])
@cute.jit
def traced():
    run_one()
for e in exprs:
    cur[0] = e
    n = len(out)
    try:
        traced()
    except Exception as ex:
        del out[n:]
        out.append(["error", "verification: " + type(ex).__name__])
sys.stdout.write(json.dumps(out))
"""
T = "tcgen05"
OPS = ("Cp128x256bOp", "Cp128x128bOp", "Cp4x256bOp", "Cp4x32x128bOp", "Cp2x64x128b0213Op", "Cp2x64x128b0123Op")
SPACES = ("smem", "tmem", "gmem", "generic", "rmem")
DTYPES = ("Float32", "Float16", "BFloat16", "Float8E8M0FNU", "Float8E4M3FN", "Float4E2M1FN", "Float64", "Int8")


def _ptr(dt, space, align=None, value=0):
    a = f", assumed_align={align}" if align else ""
    return f"cute.make_ptr(cutlass.{dt}, {value}, cute.AddressSpace.{space}{a})"


def _tmem_sf_ptr(sf, r):
    """The example's sfa_tmem_ptr: recast_ptr(acc_tmem_ptr + columns, dtype=sf_dtype)."""
    off = r.choice((0, 128, 256, 512, 4))
    base = _ptr("Float32", "tmem", 16)
    return (
        f"cute.recast_ptr({base} + {off}, dtype=cutlass.{sf})"
        if off
        else f"cute.recast_ptr({base}, dtype=cutlass.{sf})"
    )


def ptr_cases(r):
    out = []
    for dt in DTYPES:
        for space in SPACES:
            out.append(Case("ptr", _ptr(dt, space)))
            al = r.choice((1, 2, 4, 8, 16, 32, 128))
            out.append(Case("ptr", _ptr(dt, space, al)))
        for _ in range(4):
            al = r.choice((4, 8, 16, 128))
            n = r.choice(
                (
                    "1",
                    "2",
                    "3",
                    "4",
                    "8",
                    "16",
                    "128",
                    "256",
                    "cutlass.Int32(4)",
                    "cute.assume(cutlass.Int32(64), divby=16)",
                )
            )
            space = r.choice(("smem", "tmem"))
            out.append(Case("ptr", f"{_ptr(dt, space, al)} + {n}"))
            dt2 = r.choice(DTYPES)
            out.append(Case("ptr", f"cute.recast_ptr({_ptr(dt, space, al)} + {n}, dtype=cutlass.{dt2})"))
        out.append(Case("ptr", f"cute.recast_ptr({_ptr(dt, 'tmem')}, dtype=cutlass.Float8E8M0FNU)"))
    out.append(Case("ptr", "cute.make_ptr(cutlass.Float32, 0)"))
    out.append(Case("ptr", "cute.make_ptr(cutlass.Float32, 0, cute.AddressSpace.smem, assumed_align=2)"))
    out.append(Case("ptr", "cute.make_ptr(cutlass.Float32, 0, cute.AddressSpace.smem, assumed_align=6)"))
    out.append(Case("ptr", f"{_ptr('Float32', 'smem', 16)}.dtype"))
    out.append(Case("ptr", f"{_ptr('Float32', 'smem', 16)}.memspace"))
    out.append(Case("ptr", f"{_ptr('Float32', 'smem', 16)}.alignment"))
    return out


def tensor_cases(r):
    out = []
    for _ in range(40):
        dt, space = r.choice(DTYPES), r.choice(("smem", "tmem", "gmem"))
        shape = r.choice(("(4, 8)", "(128, 4)", "((32, 4), (16, 4))", "(8,)", "16"))
        stride = r.choice(("", ", stride=(0, 1)", ", stride=(65536, 1)", ", stride=(1, 0)"))
        if shape in ("(8,)", "16", "((32, 4), (16, 4))"):
            stride = ""
        lay = f"cute.make_layout({shape}{stride})"
        if r.random() < 0.2:
            lay = "cute.make_layout((cutlass.Int32(4), 8), stride=(8, 1))"
        t = f"cute.make_tensor({_ptr(dt, space, r.choice((None, 16)))}, {lay})"
        out.append(Case("tensor", t))
        out.append(Case("tensor", f"cute.filter_zeros({t})"))
        attr = r.choice(("layout", "shape", "stride", "iterator", "element_type", "memspace"))
        out.append(Case("tensor", f"{t}.{attr}"))
    return out


def atom_cases(r):
    out = []
    for op in OPS:
        for cta in ("ONE", "TWO"):
            for dt in (*DTYPES, "Float6E2M3FN"):
                out.append(Case("atom", f"cute.make_copy_atom({T}.{op}({T}.CtaGroup.{cta}), cutlass.{dt})"))
            out.append(Case("atom", f"cute.make_copy_atom({T}.{op}({T}.CtaGroup.{cta}), cutlass.Float8E8M0FNU).thr_id"))
    return out


def _kernel(r, which, cta=None):
    """The example's make_tmem_layout_sf + make_tensor + filter_zeros + make_s2t_copy, the smem tensor compacted."""
    tm, vs, m, n = D._tiled(r, cta)
    sf = "Float8E4M3FN" if "Float8E4M3FN, 16" in tm else "Float8E8M0FNU"
    k = r.choice((128, 256, 512, 384, 64))
    stages = r.randint(1, 4)
    staged = f"blockscaled_utils.make_smem_layout_sf{which}({tm}, ({m}, {n}, {k}), {vs}, {stages})"
    one = f"cute.slice_({staged}, (None, None, None, 0))"
    tl = f"blockscaled_utils.make_tmem_layout_sf{which}({tm}, ({m}, {n}, {k}), {vs}, {one})"
    tt = f"cute.filter_zeros(cute.make_tensor({_tmem_sf_ptr(sf, r)}, {tl}))"
    st = f"cute.filter_zeros(cute.make_tensor({_ptr(sf, 'smem', 128)}, {staged}))"
    two = "TWO" if "CtaGroup.TWO" in tm else "ONE"
    atom = f"cute.make_copy_atom({T}.Cp4x32x128bOp({T}.CtaGroup.{two}), cutlass.{sf})"
    return atom, tt, st


def kernel_cases(r, n=70):
    out = []
    for i in range(n):
        atom, tt, st = _kernel(r, "ab"[i % 2])
        tc = f"{T}.make_s2t_copy({atom}, {tt})"
        thr = f"{tc}.get_slice(0)"
        out.append(Case("kernel", tc))
        q = r.choice(("layout_src_tv_tiled", "layout_dst_tv_tiled", "size", "tiler_mn", "layout_tv_tiled"))
        out.append(Case("kernel", f"{tc}.{q}"))
        out.append(Case("kernel", f"{thr}.partition_S({st})"))
        out.append(Case("kernel", f"{thr}.partition_D({tt})"))
        out.append(Case("kernel", f"{T}.get_s2t_smem_desc_tensor({tc}, {thr}.partition_S({st})).layout"))
        if i % 5 == 0:
            out.append(Case("kernel", f"{T}.get_s2t_smem_desc_tensor({tc}, {thr}.partition_S({st}))"))
    return out


#: TMEM data layouts per op family (element units of a 32-bit type: lane stride 65536, column stride 1)
def _tmem_layouts(op, r, bits):
    per = 32 // bits if bits <= 32 else 1
    lane = 65536 * per
    w = {"Cp128x256bOp": 256, "Cp128x128bOp": 128, "Cp4x256bOp": 256}.get(op, 128) // bits
    reps = r.choice((1, 2, 4))
    if op in ("Cp128x256bOp", "Cp128x128bOp"):
        return [
            f"cute.make_layout((128, ({w}, {reps})), stride=({lane}, (1, {w})))",
            f"cute.make_layout((128, {w * reps}), stride=({lane}, 1))",
        ]
    if op == "Cp4x256bOp":
        return [f"cute.make_layout((4, ({w}, {reps})), stride=({32 * lane}, (1, {w})))"]
    if op == "Cp4x32x128bOp":
        return [
            f"cute.make_layout(((32, 4), ({w}, {reps})), stride=(({lane}, {32 * lane}), (1, {w})))",
            f"cute.make_layout((32, ({w}, {reps})), stride=({lane}, (1, {w})))",
        ]
    return [
        f"cute.make_layout(((64, 2), ({w}, {reps})), stride=(({lane}, {64 * lane}), (1, {w})))",
        f"cute.make_layout(((32, 2, 2), ({w}, {reps})), stride=(({lane}, {64 * lane}, {32 * lane}), (1, {w})))",
    ]


def op_cases(r):
    out = []
    for op in OPS:
        for cta in ("ONE", "TWO"):
            for dt, bits in (("Float32", 32), ("Float8E8M0FNU", 8), ("Float16", 16), ("Float8E4M3FN", 8)):
                for lay in _tmem_layouts(op, r, bits):
                    atom = f"cute.make_copy_atom({T}.{op}({T}.CtaGroup.{cta}), cutlass.{dt})"
                    tt = f"cute.make_tensor({_ptr(dt, 'tmem', 16)}, {lay})"
                    tc = f"{T}.make_s2t_copy({atom}, {tt})"
                    out.append(Case("op", tc))
                    if r.random() < 0.5:
                        out.append(Case("op", f"{tc}.get_slice(0).partition_D({tt})"))
    # dynamic TMEM extents: the DSL prints its tiled copy with 'x' leaves; cutedump refuses (not compared as agreeing)
    return out


def refusal_cases(r):
    a8 = f"cute.make_copy_atom({T}.Cp4x32x128bOp({T}.CtaGroup.ONE), cutlass.Float8E8M0FNU)"
    tt = f"cute.make_tensor({_ptr('Float8E8M0FNU', 'tmem', 16)}, cute.make_layout(((32, 4), (16, 4)), stride=((262144, 0), (1, 16))))"
    st = f"cute.make_tensor({_ptr('Float8E8M0FNU', 'smem', 16)}, cute.make_layout((128, 16), stride=(16, 1)))"
    return [
        Case("refusal", f"{T}.make_s2t_copy({a8}, cute.make_layout((128, 16), stride=(65536, 1)))"),
        Case("refusal", f"{T}.get_s2t_smem_desc_tensor({T}.make_s2t_copy({a8}, {tt}), {st})"),
        Case("refusal", f"{T}.get_s2t_smem_desc_tensor({T}.make_s2t_copy({a8}, {tt}), cute.make_layout((128, 16)))"),
        Case("refusal", f"{T}.make_s2t_copy({a8}, {tt}).get_slice(0).partition_S(cute.make_layout((128, 16)))"),
        Case("refusal", "cute.make_ptr(cutlass.Float32, 0, cute.AddressSpace.smem, assumed_align=3)"),
        Case("refusal", "cute.make_ptr(cutlass.Float32, cute.make_layout(4), cute.AddressSpace.smem)"),
        Case("refusal", "cute.make_tensor(cute.make_ptr(cutlass.Float32, 0, cute.AddressSpace.smem), 5)"),
        Case("refusal", "cute.recast_ptr(cute.make_layout(4), dtype=cutlass.Float32)"),
        Case("refusal", f"{T}.make_s2t_copy({a8}, {tt}).get_slice(0).partition_X({st})"),
    ]


def generate(seed: int = 4343, n_kernel: int = 70) -> list[Case]:
    r = random.Random(seed)
    out = ptr_cases(r) + tensor_cases(r) + atom_cases(r) + kernel_cases(r, n_kernel) + op_cases(r) + refusal_cases(r)
    seen, res = set(), []
    for c in out:
        if c.expr not in seen:
            seen.add(c.expr)
            res.append(c)
    return res


def trace(exprs: list[str], arch: str = "sm_100a", program: str | None = None) -> list[list[str]]:
    """The DSL's answers (["ok", print] / ["error", class] / ["crash", status]) in one subprocess; a batch the DSL
    kills (an IR verification failure at the end of the trace) is halved until the case is found."""
    with tempfile.TemporaryDirectory() as d:
        prog = os.path.join(d, "dsl_s2t_oracle.py")
        with open(prog, "w") as f:
            f.write(program or PROGRAM)
        env = dict(os.environ, CUTE_DSL_ARCH=arch)
        p = subprocess.run(
            [sys.executable, prog], input=json.dumps(exprs), capture_output=True, text=True, env=env, timeout=600
        )
    if p.returncode == 0:
        return json.loads(p.stdout)
    if len(exprs) == 1:
        return [["crash", f"exit status {p.returncode}"]]
    h = len(exprs) // 2
    return trace(exprs[:h], arch, program) + trace(exprs[h:], arch, program)


def run_oracle(
    cases, arch: str = "sm_100a", batch_size: int = 400, tag: str = "s2t", program: str | None = None
) -> list[list[str]]:
    from tests.oracle import records as R

    program = program or PROGRAM
    out = []
    for i in range(0, len(cases), batch_size):
        exprs = [c.expr for c in cases[i : i + batch_size]]
        key = (
            f"dsl-{tag}-{arch.replace('_', '')}-"
            + hashlib.sha256((program + json.dumps(exprs)).encode()).hexdigest()[:20]
        )
        text = R.answer(
            key,
            lambda exprs=exprs: json.dumps(trace(exprs, arch, program)),
            what="the CuTe DSL's answers",
            ncases=len(exprs),
        )
        out.extend(json.loads(text))
    return out
