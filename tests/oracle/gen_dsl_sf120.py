"""The CuTe DSL's tensors as the block-scaled and GeForce (SM120) kernels use them, traced by nvidia-cutlass-dsl 4.8.1
on the CPU (gen_dsl_s2t.py's harness: each case in its own jit function, with gen_dsl_bs_real.py's namespace, where
``sm120_utils`` is ``cutlass.utils.blackwell_helpers`` as the GeForce examples import it; answers recorded).

Families (``Case.op``), with the arch each is traced under:

* ``tensor_fn`` (sm_100a): the layout functions the DSL also applies to a tensor over memory (size, rank, depth,
  cosize, shape, group_modes, flatten, coalesce, filter, composition, the four divides, slice_), over tensors of every
  address space, element type, static and dynamic extents; ``.type``.
* ``rmem`` (sm_100a): ``make_rmem_tensor``, ``make_rmem_tensor_like``, ``make_fragment_like`` of layouts (ranks 1..3,
  nested, stride 0, dynamic) and tensors, with and without a dtype (Boolean included), and what the DSL refuses.
* ``desc`` (sm_100a): the descriptor tensor of ``tcgen05.get_s2t_smem_desc_tensor`` (the block-scaled kernels'
  sequence over make_blockscaled_trivial_tiled_mma): its ``.type``, ``.element_type``, slices, size, group_modes,
  ``make_tensor(desc.iterator, layout)``, what is refused.
* ``pfrg`` (sm_120a): ``sm120_utils.partition_fragment_SFA/SFB(sf_smem_tensor, thr_mma, tidx)`` over every SM120
  block-scaled warp op, atom layouts, tiles, VS, stages, static and run-time thread indices, the example's
  ``cute.group_modes(frg, 2, cute.rank(frg))``, plain (M|N, K) smem tensors, and what the DSL refuses.
* ``mma`` (sm_120a): a thread's slice of a warp-level tiled MMA (the SM120 block-scaled ops, F16/BF16):
  ``partition_A/B/C`` of smem and gmem tensors, static and run-time thread indices and strides,
  ``make_fragment_A/B/C`` of the partitions, the accumulator's ``make_rmem_tensor(shape[:3])``.
* ``umma`` (sm_100a): a tcgen05 tiled MMA's fragments (smem descriptor tensors of A/B, the TMEM accumulator of C).
* ``swz`` (sm_100a): swizzled smem pointers (``recast_ptr(ptr, swizzle)``) and tensors over them.
"""

from __future__ import annotations

import random

from tests.oracle import gen_dsl_bs_real as B
from tests.oracle import gen_dsl_s2t as S
from tests.oracle import gen_dsl_sm120_utils as U
from tests.oracle.gen_dsl import Case

ARCH = {
    "tensor_fn": "sm_100a",
    "rmem": "sm_100a",
    "desc": "sm_100a",
    "pfrg": "sm_120a",
    "mma": "sm_120a",
    "umma": "sm_100a",
    "swz": "sm_100a",
}
DTYPES = ("Float16", "Float32", "Float8E4M3FN", "Float8E8M0FNU", "Int8", "BFloat16", "Float4E2M1FN", "Float64")
SPACES = ("smem", "gmem", "rmem", "generic")


def _ptr(r, dt=None, space=None):
    dt = dt or r.choice(DTYPES)
    space = space or r.choice(SPACES)
    al = r.choice(("", ", assumed_align=16", ", assumed_align=128", ", assumed_align=1024"))
    return f"cute.make_ptr(cutlass.{dt}, 0, cute.AddressSpace.{space}{al})"


def _ext(r, v, dyn):
    return f"cutlass.Int32({v})" if dyn and r.random() < 0.4 else str(v)


def _layout(r, dyn=False):
    """A layout of rank 1..3, nested or not, with stride-0 modes at times."""
    kind = r.randrange(6)
    e = lambda v: _ext(r, v, dyn)  # noqa: E731
    if kind == 0:
        return f"cute.make_layout(({e(4)}, {e(8)}))"
    if kind == 1:
        return f"cute.make_layout((({e(4)}, 8), 2, 6), stride=((16, 1), 0, 64))"
    if kind == 2:
        return f"cute.make_layout(({e(8)}, (4, 2)), stride=(1, (8, 0)))"
    if kind == 3:
        return f"cute.make_layout((2, {e(4)}, 3), stride=({r.choice((0, 12))}, 1, 4))"
    if kind == 4:
        return f"cute.make_layout(((32, 4), (16, {e(4)})), stride=((16, 4), (0, 1)))"
    return f"cute.make_layout({e(16)}, stride={r.choice((1, 2, 0))})"


def tensor_fn_cases(r, n):
    out = []
    fns = (
        "cute.size({t})",
        "cute.size({t}, mode=[0])",
        "cute.rank({t})",
        "cute.depth({t})",
        "cute.cosize({t})",
        "cute.shape({t})",
        "cute.group_modes({t}, 0, 2)",
        "cute.group_modes({t}, 1)",
        "cute.flatten({t})",
        "cute.coalesce({t})",
        "cute.filter({t})",
        "cute.filter_zeros({t})",
        "cute.composition({t}, cute.make_layout(4))",
        "cute.logical_divide({t}, (2, 2))",
        "cute.zipped_divide({t}, (2, 2))",
        "cute.tiled_divide({t}, (2,))",
        "cute.flat_divide({t}, (2, 2))",
        "cute.slice_({t}, (None, 0))",
        "{t}[None, 1]",
        "{t}.type",
        "cute.get({t}, mode=[0])",
        "cute.select({t}, mode=[0])",
        "cute.make_layout_like({t}.layout)",
        "cute.local_tile({t}, (2, 2), (1, None))",
        "cute.local_tile({t}, (2, 2), (1, 0))",
        "cute.local_tile({t}, (2, 4, 1), (1, None, 0))",
        "cute.local_tile({t}, (2, 4, 1), (1, None, None), proj=(1, None, 1))",
        "cute.local_tile({t}, (2, 2), (cutlass.Int32(1), None))",
    )
    for _ in range(n + n // 2):
        t = f"cute.make_tensor({_ptr(r)}, {_layout(r, dyn=r.random() < 0.3)})"
        out.append(Case("tensor_fn", r.choice(fns).format(t=t)))
    return out


def rmem_cases(r, n):
    out = []
    for _ in range(n):
        lay = _layout(r, dyn=r.random() < 0.2)
        dt = r.choice(DTYPES + ("Boolean",))
        t = f"cute.make_tensor({_ptr(r)}, {lay})"
        form = r.randrange(9)
        if form == 0:
            e = f"cute.make_rmem_tensor({lay}, cutlass.{dt})"
        elif form == 1:
            e = f"cute.make_rmem_tensor({r.choice(('(4, 8)', '16', '((2, 4), 3)', '(4, cutlass.Int32(8))'))}, cutlass.{dt})"
        elif form == 2:
            e = f"cute.make_rmem_tensor_like({t})"
        elif form == 3:
            e = f"cute.make_rmem_tensor_like({t if r.random() < 0.5 else lay}, cutlass.{dt})"
        elif form == 4:
            e = f"cute.make_fragment_like({lay})"
        elif form == 5:
            e = f"cute.make_fragment_like({lay}, cutlass.{dt})"
        elif form == 6:
            e = f"cute.make_fragment_like({t})"
        elif form == 7:
            e = f"cute.make_fragment_like({t}, cutlass.{dt})"
        else:
            e = r.choice(
                (
                    f"cute.make_rmem_tensor_like({lay})",  # refused: no dtype for a layout
                    "cute.make_rmem_tensor((4, 8), 3)",
                    "cute.make_fragment_like((4, 8))",
                    f"cute.make_rmem_tensor({lay}, cutlass.{dt}).type",
                    f"cute.make_rmem_tensor({lay}, cutlass.{dt}).iterator",
                    f"cute.make_rmem_tensor({lay}, cutlass.{dt}).element_type",
                )
            )
        out.append(Case("rmem", e))
    return out


def desc_cases(r, n):
    out = []
    for i in range(n):
        atom, tt, st = S._kernel(r, "ab"[i % 2])
        tc = f"{S.T}.make_s2t_copy({atom}, {tt})"
        d = f"{S.T}.get_s2t_smem_desc_tensor({tc}, {tc}.get_slice(0).partition_S({st}))"
        e = r.choice(
            (
                "{d}",
                "{d}.type",
                "{d}.element_type",
                "{d}.iterator.dtype",
                "{d}.memspace",
                "{d}[None, None, None, None, 0]",
                "{d}[(None, None, None, 0, None)]",
                "{d}[None, None, None, 1, 0].type",
                "cute.size({d})",
                "cute.rank({d})",
                "cute.group_modes({d}, 0, 2)",
                "cute.flatten({d})",
                "cute.filter_zeros({d})",
                "cute.make_tensor({d}.iterator, cute.make_layout((4, 2)))",
                "cute.make_tensor({d}.iterator, cute.make_layout((4, 2))).type",
                "cute.slice_({d}, (None, None, None, None, 0))",
            )
        )
        out.append(Case("desc", e.format(d=d)))
    return out


def _sf_tensor(r, which, tiled, vs):
    """The kernel's sSF{A,B}[None, None, stage] (a SharedStorage buffer, 1024-byte aligned), or a plain (M|N, K) one."""
    sf = "Float8E4M3FN" if "Float8E4M3FN)" in tiled else "Float8E8M0FNU"
    ptr = f"cute.make_ptr(cutlass.{sf}, 0, cute.AddressSpace.smem, assumed_align=1024)"
    if r.random() < 0.8:
        st = r.randint(1, 4)
        tile = (128 * r.choice((1, 2)), 128 * r.choice((1, 2)), r.choice((128, 256)))
        lay = f"blockscaled_utils.sm120_make_smem_layout_sf{which.lower()}({tiled}, {tile}, {vs}, {st})"
        t = f"cute.make_tensor({ptr}, {lay})"
        return f"{t}[None, None, {r.randrange(st)}]" if r.random() < 0.7 else f"cute.slice_({t}, (None, None, 0))"
    mn, k = r.choice((64, 128, 256)), r.choice((4, 8, 16))
    return f"cute.make_tensor({ptr}, cute.make_layout(({mn}, {k})))"


def pfrg_cases(r, n):
    out = []
    for _ in range(n):
        name, ab, sf, vs, f8 = r.choice(U.OPS[:-1])
        tm = r.choice((64, 128, 128, 256))
        atoms = r.choice(((4, 2, 1), (2, 2, 1), (1, 1, 1), (2, 4, 1), (4, 1, 1), (1, 2, 1)))
        perm = f"sm120_utils.get_permutation_mnk(({tm}, 128, 128), {vs}, {f8})"
        tiled = f"cute.make_tiled_mma({U._op(name, ab, sf)}, cute.make_layout({atoms}), permutation_mnk={perm})"
        which = r.choice("AB")
        tidx = r.choice(("0", "37", "255", "cutlass.Int32(5)", "cutlass.Int32(200)"))
        thr = f"{tiled}.get_slice({tidx})" if r.random() < 0.85 else tiled
        t = _sf_tensor(r, which, tiled, vs)
        f = f"sm120_utils.partition_fragment_SF{which}({t}, {thr}, {tidx})"
        kind = r.random()
        if kind < 0.55:
            out.append(Case("pfrg", f))
        elif kind < 0.8:
            out.append(Case("pfrg", f"cute.group_modes({f}, 2, cute.rank({f}))"))
        elif kind < 0.9:
            out.append(Case("pfrg", r.choice((f"{f}.type", f"cute.size({f})", f"{f}.element_type"))))
        else:  # refused: a layout for the tensor; a rank-1 tensor
            bad = r.choice(
                (
                    f"sm120_utils.partition_fragment_SF{which}(cute.make_layout((128, 8)), {thr}, {tidx})",
                    f"sm120_utils.partition_fragment_SF{which}(cute.make_tensor(cute.make_ptr(cutlass.Float8E8M0FNU, "
                    f"0, cute.AddressSpace.smem), cute.make_layout(128)), {thr}, {tidx})",
                )
            )
            out.append(Case("pfrg", bad))
    return out


def mma_cases(r, n):
    """A thread's slice of a warp-level tiled MMA: partition_A/B/C of smem / gmem tensors (static and run-time extents
    and thread indices), make_fragment_A/B/C of the partitions (one stage), the example's rmem accumulator."""
    out = []
    f16 = "cute.nvgpu.warp.MmaF16BF16Op(cutlass.{t}, cutlass.Float32, (16, 8, 16))"
    for _ in range(n):
        if r.random() < 0.7:
            name, ab, sf, vs, f8 = r.choice(U.OPS[:-1])
            op, da, db = U._op(name, ab, sf), ab[0], ab[-1]
            perm = f"sm120_utils.get_permutation_mnk(({r.choice((64, 128))}, 128, 128), {vs}, {f8})"
            kk = 128
        else:
            t = r.choice(("Float16", "BFloat16"))
            op, da, db, perm, kk = f16.format(t=t), t, t, "(32, 32, 16)", 64
        atoms = r.choice(((4, 2, 1), (2, 2, 1), (1, 1, 1), (2, 4, 1)))
        tm = f"cute.make_tiled_mma({op}, cute.make_layout({atoms}), permutation_mnk={perm})"
        tidx = r.choice(("0", "37", "cutlass.Int32(5)", "cutlass.Int32(130)"))
        thr = f"{tm}.get_slice({tidx})"
        which = r.choice("ABC")
        if which == "C":
            ld = r.choice(("4096", "cutlass.Int32(4096)", "cute.assume(cutlass.Int32(4096), divby=16)"))
            t = (
                "cute.make_tensor(cute.make_ptr(cutlass.Float16, 0, cute.AddressSpace.gmem, assumed_align=16), "
                f"cute.make_layout((128, 128), stride=({ld}, 1)))"
            )
        else:
            dt = da if which == "A" else db
            mn = 128
            k_major = r.random() < 0.7
            stride = f"({kk}, 1, {mn * kk})" if k_major else f"(1, {mn}, {mn * kk})"
            t = (
                f"cute.make_tensor(cute.make_ptr(cutlass.{dt}, 0, cute.AddressSpace.smem, assumed_align=1024), "
                f"cute.make_layout(({mn}, {kk}, 3), stride={stride}))"
            )
        part = f"{thr}.partition_{which}({t})"
        kind = r.random()
        if kind < 0.4:
            out.append(Case("mma", part))
        elif kind < 0.75:
            arg = part if which == "C" else f"{part}[None, None, None, 0]"
            out.append(Case("mma", f"{tm}.make_fragment_{which}({arg})"))
        elif kind < 0.85:
            out.append(Case("mma", f"cute.make_rmem_tensor({part}.shape[:3], cutlass.Float32)"))
        else:
            out.append(Case("mma", r.choice((f"{part}.shape", f"cute.size({part}, mode=[2])", f"{thr}"))))
    return out


def umma_cases(r, n):
    """A tcgen05 tiled MMA's fragments: partition_A/B of smem tensors and make_fragment_A/B of them (the smem
    descriptor tensors), make_fragment_C of partition_shape_C shapes and of partition_C tensors (the TMEM
    accumulator), dense and block-scaled, 1 and 2 CTAs, and a fragment of a tensor not in smem (refused)."""
    from tests.oracle import gen_dsl_scale as D

    out = []
    for _ in range(n):
        if r.random() < 0.7:
            tm, vs, m, nn = D._tiled(r)
            a = "Float8E4M3FN" if "Float8E4M3FN, cutlass.Float8E4M3FN" in tm else "Float4E2M1FN"
        else:
            cta = r.choice(("ONE", "TWO"))
            m = 128 if cta == "ONE" else 256
            nn = r.choice((64, 128, 256))
            a = r.choice(("Float16", "BFloat16"))
            acc = r.choice(("Float32", "Float16"))
            tm = (
                f"sm100_utils.make_trivial_tiled_mma(cutlass.{a}, cute.nvgpu.OperandMajorMode.K, "
                f"cute.nvgpu.OperandMajorMode.K, cutlass.{acc}, cute.nvgpu.tcgen05.CtaGroup.{cta}, ({m}, {nn}))"
            )
        k = 256
        which = r.choice("ABC")
        thr = f"{tm}.get_slice({r.choice(('0', 'cutlass.Int32(0)'))})"
        if which == "C":
            if r.random() < 0.5:
                out.append(Case("umma", f"{tm}.make_fragment_C({tm}.partition_shape_C(({m}, {nn})))"))
            else:
                g = (
                    "cute.make_tensor(cute.make_ptr(cutlass.Float16, 0, cute.AddressSpace.gmem, assumed_align=16), "
                    f"cute.make_layout(({m}, {nn}), stride=(cutlass.Int32(4096), 1)))"
                )
                out.append(Case("umma", f"{tm}.make_fragment_C({thr}.partition_C({g}))"))
            continue
        mn = m if which == "A" else nn
        space = "smem" if r.random() < 0.9 else "gmem"
        st = r.choice((f"({k}, 1, {mn * k})", f"(1, {mn}, {mn * k})"))
        t = (
            f"cute.make_tensor(cute.make_ptr(cutlass.{a}, 0, cute.AddressSpace.{space}, assumed_align=1024), "
            f"cute.make_layout(({mn}, {k}, 3), stride={st}))"
        )
        part = f"{thr}.partition_{which}({t})"
        e = r.choice((part, f"{tm}.make_fragment_{which}({part})", f"{tm}.make_fragment_{which}({part}).type"))
        out.append(Case("umma", e))
    return out


def swz_cases(r, n):
    """Swizzled smem pointers (recast_ptr(ptr, swizzle[, dtype]), as SmemAllocator.get_tensor(outer, swizzle=inner)
    makes them): the pointer, tensors over it, their slices, type, offsets. (A layout given as the swizzle the DSL
    4.8.1 takes and prints ``S<4,0,0>`` for 4:1; cutedump refuses it: not asked here.)"""
    out = []
    for _ in range(n):
        dt = r.choice(("Float16", "Float8E4M3FN", "Float4E2M1FN", "Float32", "BFloat16"))
        sw = r.choice(("cute.make_swizzle(3, 4, 3)", "cute.make_swizzle(2, 4, 3)", "cute.make_swizzle(1, 4, 3)"))
        al = r.choice(("", ", assumed_align=1024", ", assumed_align=16"))
        base = f"cute.make_ptr(cutlass.{dt}, 0, cute.AddressSpace.smem{al})"
        p = r.choice(
            (
                f"cute.recast_ptr({base}, {sw})",
                f"cute.recast_ptr({base}, {sw}, dtype=cutlass.{dt})",
                f"cute.recast_ptr({base}, {sw}, dtype=cutlass.Int8)",
            )
        )
        t = f"cute.make_tensor({p}, cute.make_layout((64, 32, 2), stride=(32, 1, 2048)))"
        e = r.choice(
            (
                p,
                f"{p} + {r.choice((8, 64, 1024))}",
                t,
                f"{t}[None, None, 1]",
                f"{t}.type",
                f"{t}.iterator",
                f"cute.group_modes({t}, 0, 2)",
            )
        )
        out.append(Case("swz", e))
    return out


def generate(seed: int = 4120, n: int = 120) -> list[Case]:
    r = random.Random(seed)
    out = tensor_fn_cases(r, n) + rmem_cases(r, n) + desc_cases(r, n // 3) + pfrg_cases(r, n) + mma_cases(r, n)
    out += umma_cases(r, n // 2) + swz_cases(r, n // 3)
    seen, res = set(), []
    for c in out:
        if c.expr not in seen:
            seen.add(c.expr)
            res.append(c)
    return res


def run_oracle(cases, fresh: bool = False) -> list[list[str]]:
    """The DSL's answers, each family traced under its arch (recorded per arch; ``fresh``: traced now, no record)."""
    out: list = [None] * len(cases)
    for arch in sorted(set(ARCH.values())):
        idx = [i for i, c in enumerate(cases) if ARCH[c.op] == arch]
        if fresh:
            answers = S.trace([cases[i].expr for i in idx], arch, B.PROGRAM)
        else:
            answers = S.run_oracle([cases[i] for i in idx], arch, tag="sf120", program=B.PROGRAM)
        for i, a in zip(idx, answers):
            out[i] = a
    return out
