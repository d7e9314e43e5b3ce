"""The CuTe DSL's MMA and copy constructors and its smem helpers, as kernels call them, against the DSL itself
(nvidia-cutlass-dsl 4.8.1 traced on the CPU with gen_dsl.py's harness: ``str()`` of each expression inside a
``@cute.jit`` function, an exception a refusal).

Families (``Case.op``): the warp MMA ops (``cute.nvgpu.warp.MmaF16BF16Op``/``MmaTF32Op``/``MmaFP8Op``: the op, its
atom, tiled MMAs and their properties), the warpgroup MMA ops (the DSL on a machine without a GPU targets sm_100a:
they are refused, as are the Hopper helpers' ``make_trivial_tiled_mma``), the tcgen05 MMA ops (every op, dtype pair,
CTA group, operand source and major, valid and refused shapes; ``partition_shape_A/B/C``), the Blackwell helpers
(``cutlass.utils.blackwell_helpers``/``sm100``: ``make_trivial_tiled_mma``, ``make_smem_layout_a/b/epi``,
``make_smem_layout``), the smem layout atoms (every kind and element type, warpgroup and tcgen05), the Hopper helpers
over a spread of tiles and stages, the copy ops (universal, cp.async, ldmatrix/stmatrix, the TMA ops' names), copy
atoms and tiled copies.
"""

from __future__ import annotations

import itertools
import random

from tests.oracle import gen_dsl as G
from tests.oracle.gen_dsl import Case

T = "cute.nvgpu.tcgen05"
WG = "cute.nvgpu.warpgroup"
W = "cute.nvgpu.warp"
CP = "cute.nvgpu.cpasync"
MAJ = "cute.nvgpu.OperandMajorMode"
SM100 = ("cutlass.utils.blackwell_helpers", "cutlass.utils.sm100")
SM90 = ("cutlass.utils.hopper_helpers", "cutlass.utils.sm90")


#: a tiled MMA's properties every MMA family's cases ask
TILED_ATTRS = ("size", "thr_id", "shape_mnk", "tv_layout_A", "tv_layout_B", "tv_layout_C", "thr_layout_vmnk")


def _warp_cases(r):
    out = []
    ops = []
    for ab, acc, k in itertools.product(("Float16", "BFloat16", "Float32"), ("Float16", "Float32"), (8, 16, 32)):
        ops.append(f"{W}.MmaF16BF16Op(cutlass.{ab}, cutlass.{acc}, (16, 8, {k}))")
    for k in (4, 8, 16):
        ops.append(f"{W}.MmaTF32Op((16, 8, {k}))")
    for ab, acc, k in itertools.product(("Float8E4M3FN", "Float8E5M2", "Int8"), ("Float16", "Float32"), (16, 32, 64)):
        ops.append(f"{W}.MmaFP8Op(cutlass.{ab}, cutlass.{acc}, (16, 8, {k}))")
    ops.append(f"{W}.MmaF16BF16Op(ab_dtype=cutlass.Float16, acc_dtype=cutlass.Float32, shape_mnk=(16, 8, 16))")
    for op in ops:
        out.append(Case("warp_op", op))
        out.append(Case("warp_atom", f"cute.make_mma_atom({op})"))
        lays = ["", ", (2, 2, 1)", ", (4, 1, 1)", ", (1, 2, 1)", ", atom_layout_mnk=(2, 4, 1)"]
        for lay in r.sample(lays, 3):
            out.append(Case("warp_tiled", f"cute.make_tiled_mma({op}{lay})"))
        out.append(Case("warp_tiled", f"cute.make_tiled_mma(cute.make_mma_atom({op}), (2, 2, 1))"))
        out.append(Case("warp_tiled", f"cute.make_tiled_mma({op}, cute.make_layout((2, 2, 1), stride=(2, 1, 0)))"))
        attr = r.choice(
            (
                *TILED_ATTRS,
                "partition_shape_A((128, 64))",
                "partition_shape_B((128, 64))",
                "partition_shape_C((128, 128))",
            )
        )
        out.append(Case("warp_query", f"cute.make_tiled_mma({op}, (2, 2, 1)).{attr}"))
        out.append(Case("warp_query", f"cute.size(cute.make_tiled_mma({op}, (2, 2, 1)))"))
    return out


def _tc_op(kind, dt, cta, src, am, bm, shape):
    """A tcgen05 op's constructor call (dt: the dtype arguments before the shape)."""
    args = ", ".join([*(f"cutlass.{d}" for d in dt), shape, f"{T}.CtaGroup.{cta}", f"{T}.OperandSource.{src}"])
    return f"{T}.{kind}({args}, {MAJ}.{am}, {MAJ}.{bm})"


_TC_DTYPES = {
    "MmaF16BF16Op": [("Float16", "Float32"), ("BFloat16", "Float32"), ("Float16", "Float16"), ("BFloat16", "Float16")],
    "MmaTF32Op": [()],
    "MmaI8Op": [("Int8",), ("Uint8",)],
    "MmaFP8Op": [("Float8E4M3FN", "Float32"), ("Float8E5M2", "Float16")],
    "MmaF8F6F4Op": [
        ("Float8E4M3FN", "Float8E4M3FN", "Float32"),
        ("Float8E5M2", "Float4E2M1FN", "Float32"),
        ("Float6E2M3FN", "Float8E4M3FN", "Float16"),
        ("Float4E2M1FN", "Float6E3M2FN", "Float32"),
    ],
}
_TC_K = {"MmaF16BF16Op": 16, "MmaTF32Op": 8, "MmaI8Op": 32, "MmaFP8Op": 32, "MmaF8F6F4Op": 32}


def _tc_cases(r):
    out = []
    for kind, dts in _TC_DTYPES.items():
        k = _TC_K[kind]
        for dt in dts:
            for cta, src, am, bm in itertools.product(("ONE", "TWO"), ("SMEM", "TMEM"), ("K", "MN"), ("K", "MN")):
                if src == "TMEM" and r.random() < 0.5:
                    continue
                ms = (64, 128) if cta == "ONE" else (128, 256)
                m = r.choice(ms)
                n = r.choice((64, 128, 256, 16, 32, 96, 192) if cta == "ONE" else (64, 128, 256, 32, 96))
                shape = r.choice((f"({m}, {n}, {k})", f"({m}, {n})"))
                op = _tc_op(kind, dt, cta, src, am, bm, shape)
                out.append(Case("tc_op", op))
                out.append(Case("tc_atom", f"cute.make_mma_atom({op})"))
                lay = r.choice(("", ", (2, 1, 1)", ", (1, 2, 1)", ", (2, 2, 1)"))
                out.append(Case("tc_tiled", f"cute.make_tiled_mma({op}{lay})"))
                q = r.choice(
                    (
                        f"partition_shape_A(({m * 2}, 64))",
                        f"partition_shape_B(({n * 2}, 128))",
                        f"partition_shape_C(({m}, {n * 2}))",
                        "size",
                        "thr_id",
                        "shape_mnk",
                        "tv_layout_A",
                        "tv_layout_B",
                        "tv_layout_C",
                        "thr_layout_vmnk",
                    )
                )
                out.append(Case("tc_query", f"cute.make_tiled_mma({op}).{q}"))
        # refused: a wrong M, N or K, a wrong dtype
        cta = r.choice(("ONE", "TWO"))
        for shape in ("(32, 128, K)", "(128, 12, K)", "(128, 264, K)", "(128, 128, 7)", "(512, 128, K)", "(128,)"):
            shape = shape.replace("K", str(k))
            out.append(Case("tc_refusal", _tc_op(kind, dts[0], cta, "SMEM", "K", "K", shape)))
        bad = {
            "MmaF16BF16Op": ("Float32", "Float32"),
            "MmaTF32Op": None,
            "MmaI8Op": ("Float16",),
            "MmaFP8Op": ("Float16", "Float32"),
            "MmaF8F6F4Op": ("Float16", "Float8E4M3FN", "Float32"),
        }[kind]
        if bad:
            out.append(Case("tc_refusal", _tc_op(kind, bad, "ONE", "SMEM", "K", "K", f"(128, 128, {k})")))
    # 8-bit B MN-major N rules
    for cta, n in (("ONE", 8), ("ONE", 24), ("ONE", 48), ("TWO", 16), ("TWO", 48), ("TWO", 64)):
        m = 128
        out.append(Case("tc_op", _tc_op("MmaI8Op", ("Int8",), cta, "SMEM", "K", "MN", f"({m}, {n}, 32)")))
    # the deprecated tcgen05.OperandMajorMode, keywords
    out.append(
        Case(
            "tc_op",
            f"{T}.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (128, 256, 16), {T}.CtaGroup.ONE, "
            f"{T}.OperandSource.SMEM, {T}.OperandMajorMode.K, {T}.OperandMajorMode.MN)",
        )
    )
    out.append(
        Case(
            "tc_op",
            f"{T}.MmaF16BF16Op(ab_dtype=cutlass.BFloat16, acc_dtype=cutlass.Float32, instruction_shape=(128, 128, 16), "
            f"cta_group={T}.CtaGroup.TWO, a_src={T}.OperandSource.SMEM, a_major_mode={MAJ}.K, b_major_mode={MAJ}.K)",
        )
    )
    return out


def _wg_cases():
    out = []
    for ab, acc in (("Float16", "Float32"), ("BFloat16", "Float32")):
        op = f"{WG}.MmaF16BF16Op(cutlass.{ab}, cutlass.{acc}, (64, 128, 16), {WG}.OperandSource.SMEM, {MAJ}.K, {MAJ}.K)"
        out += [Case("wg_refusal", op), Case("wg_refusal", f"cute.make_tiled_mma({op})")]
    out.append(
        Case(
            "wg_refusal",
            f"{WG}.MmaF8Op(cutlass.Float8E4M3FN, cutlass.Float8E4M3FN, cutlass.Float32, (64, 128, 32), "
            f"{WG}.OperandSource.SMEM, {MAJ}.K, {MAJ}.K)",
        )
    )
    for mod in SM90:
        out.append(
            Case(
                "wg_refusal",
                f"{mod}.make_trivial_tiled_mma(cutlass.Float16, cutlass.Float16, {MAJ}.K, {MAJ}.K, cutlass.Float32, "
                f"(1, 1, 1), (64, 128))",
            )
        )
    return out


def _trivial(r, mod, dts, am, bm, acc, cta, mn, legacy=False):
    a, b = dts
    head = f"cutlass.{a}" if legacy else f"cutlass.{a}, cutlass.{b}"
    return f"{mod}.make_trivial_tiled_mma({head}, {MAJ}.{am}, {MAJ}.{bm}, cutlass.{acc}, {T}.CtaGroup.{cta}, {mn})"


def _sm100_cases(r):
    out = []
    pairs = [
        ("Float16", "Float16"),
        ("BFloat16", "BFloat16"),
        ("Float32", "Float32"),
        ("TFloat32", "TFloat32"),
        ("Int8", "Int8"),
        ("Uint8", "Uint8"),
        ("Float8E4M3FN", "Float8E4M3FN"),
        ("Float8E5M2", "Float8E4M3FN"),
        ("Float4E2M1FN", "Float8E4M3FN"),
    ]
    for (a, b), am, bm, cta in itertools.product(pairs, ("K", "MN"), ("K", "MN"), ("ONE", "TWO")):
        mod = r.choice(SM100)
        acc = "Int32" if a in ("Int8", "Uint8") else r.choice(("Float32", "Float32", "Float16"))
        m = r.choice((64, 128) if cta == "ONE" else (128, 256))
        n = r.choice((64, 128, 256, 32, 192))
        tm = _trivial(r, mod, (a, b), am, bm, acc, cta, f"({m}, {n})", legacy=(a == b and r.random() < 0.25))
        out.append(Case("sm100_trivial", tm))
        for _ in range(2):
            k = r.choice((64, 128, 32, 256))
            tile = f"({m}, {n}, {k})"
            st = r.choice((2, 3, 4, 5, 7))
            which = r.choice("ab")
            dt = a if which == "a" else b
            kw = r.choice(("", "", "", ", is_k_major=True", ", is_k_major=False"))
            out.append(Case("sm100_smem_ab", f"{mod}.make_smem_layout_{which}({tm}, {tile}, cutlass.{dt}, {st}{kw})"))
    for dt, lay, tile, st in itertools.product(
        ("Float16", "BFloat16", "Float32", "Float8E4M3FN", "Int8"),
        ("ROW_MAJOR", "COL_MAJOR"),
        ((128, 64), (64, 32), (128, 32), (64, 64), (128, 16), (32, 256)),
        (2, 4),
    ):
        if r.random() < 0.5:
            continue
        mod = r.choice(SM100)
        out.append(
            Case("sm100_epi", f"{mod}.make_smem_layout_epi(cutlass.{dt}, cutlass.utils.LayoutEnum.{lay}, {tile}, {st})")
        )
    for dt, maj, tile, st in itertools.product(
        ("Float16", "Float32", "Float8E4M3FN"), ("K", "MN"), ((128, 64), (256, 32), (64, 128), (128, 8)), (3, 6)
    ):
        mod = r.choice(SM100)
        out.append(Case("sm100_smem", f"{mod}.make_smem_layout({MAJ}.{maj}, {tile}, cutlass.{dt}, {st})"))
        out.append(Case("sm100_atom_kind", f"{mod}.get_smem_layout_atom_ab({MAJ}.{maj}, cutlass.{dt}, {tile})"))
    return out


SMEM_DTYPES = (
    "Float16",
    "BFloat16",
    "Float32",
    "TFloat32",
    "Float8E4M3FN",
    "Float8E5M2",
    "Int8",
    "Uint8",
    "Int16",
    "Int32",
    "Float64",
    "Int64",
    "Float4E2M1FN",
    "Float6E3M2FN",
    "Boolean",
)


def _smem_cases(r):
    out = []
    for ns in (WG, T):
        for kind in G.KINDS + ("MN_SW128_32B",):
            for t in SMEM_DTYPES:
                out.append(
                    Case("smem_atom", f"{ns}.make_smem_layout_atom({ns}.SmemLayoutAtomKind.{kind}, cutlass.{t})")
                )
    for which, lay in itertools.product("ab", ("ROW_MAJOR", "COL_MAJOR")):
        for tile in (
            (128, 128, 64),
            (128, 256, 64),
            (64, 128, 32),
            (128, 64, 128),
            (64, 64, 16),
            (256, 128, 64),
            (64, 256, 128),
            (128, 192, 64),
            (64, 96, 32),
            (128, 128, 128),
            (192, 128, 64),
            (128, 16, 64),
        ):
            for t in ("Float16", "BFloat16", "Float8E4M3FN", "Float32", "Int8", "TFloat32"):
                if r.random() < 0.55:
                    continue
                mod = r.choice(SM90)
                st = r.choice((1, 2, 3, 4, 5, 7))
                out.append(
                    Case(
                        "sm90_smem_ab",
                        f"{mod}.make_smem_layout_{which}(cutlass.utils.LayoutEnum.{lay}, {tile}, cutlass.{t}, {st})",
                    )
                )
    for lay, tile, t in itertools.product(
        ("ROW_MAJOR", "COL_MAJOR"),
        ((64, 32), (128, 32), (64, 64), (32, 32), (64, 128), (128, 16), (64, 8)),
        ("Float16", "Float32", "BFloat16", "Float8E4M3FN", "Int8"),
    ):
        if r.random() < 0.5:
            continue
        mod = r.choice(SM90)
        out.append(
            Case(
                "sm90_epi",
                f"{mod}.make_smem_layout_epi(cutlass.{t}, cutlass.utils.LayoutEnum.{lay}, {tile}, {r.choice((1, 2, 4))})",
            )
        )
    return out


def _copy_cases(r):
    out = []
    ops = [
        "cute.nvgpu.CopyUniversalOp()",
        f"{CP}.CopyG2SOp()",
        f"{CP}.CopyG2SOp(cache_mode={CP}.LoadCacheMode.GLOBAL)",
        f"{CP}.CopyG2SOp(cache_mode=cute.nvgpu.LoadCacheMode.GLOBAL)",
        f"{CP}.CopyG2SOp({CP}.LoadCacheMode.ALWAYS)",
        f"{CP}.CopyBulkTensorTileG2SOp()",
        f"{CP}.CopyBulkTensorTileG2SOp({T}.CtaGroup.TWO)",
        f"{CP}.CopyBulkTensorTileG2SOp(cta_group={T}.CtaGroup.ONE)",
        f"{CP}.CopyBulkTensorTileG2SMulticastOp()",
        f"{CP}.CopyBulkTensorTileG2SMulticastOp({T}.CtaGroup.TWO)",
        f"{CP}.CopyBulkTensorTileS2GOp()",
    ]
    for name in (
        "LdMatrix8x8x16bOp",
        "StMatrix8x8x16bOp",
        "LdMatrix8x16x8bOp",
        "LdMatrix16x8x8bOp",
        "LdMatrix16x16x8bOp",
        "StMatrix16x8x8bOp",
    ):
        for tr, n in itertools.product((False, True), (1, 2, 4, 3)):
            ops.append(f"{W}.{name}({tr}, {n})")
        ops.append(f"{W}.{name}(transpose=True, num_matrices=2)")
        ops.append(f"{W}.{name}(num_matrices=4)")
        ops.append(f"{W}.{name}()")
    for op in ops:
        out.append(Case("copy_op", op))
    atoms = []
    for t in ("Float16", "BFloat16", "Float32", "Int8", "Float8E4M3FN", "Float64", "TFloat32", "Int32"):
        for bits in (None, 8, 16, 32, 64, 128, 256):
            kw = "" if bits is None else f", num_bits_per_copy={bits}"
            atoms.append(f"cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.{t}{kw})")
            atoms.append(f"cute.make_copy_atom({CP}.CopyG2SOp(), cutlass.{t}{kw})")
        atoms.append(
            f"cute.make_copy_atom({CP}.CopyG2SOp(cache_mode={CP}.LoadCacheMode.GLOBAL), cutlass.{t}, "
            "num_bits_per_copy=128)"
        )
    for name in (
        "LdMatrix8x8x16bOp",
        "StMatrix8x8x16bOp",
        "LdMatrix8x16x8bOp",
        "LdMatrix16x8x8bOp",
        "LdMatrix16x16x8bOp",
        "StMatrix16x8x8bOp",
    ):
        for tr, n in itertools.product((False, True), (1, 2, 4)):
            for t in ("Float16", "BFloat16", "Int8", "Float32", "Float8E4M3FN"):
                if r.random() < 0.5:
                    continue
                atoms.append(f"cute.make_copy_atom({W}.{name}({tr}, {n}), cutlass.{t})")
    for a in atoms:
        out.append(Case("copy_atom", a))
    # tiled copies
    thrs = [
        "cute.make_layout((32, 4), stride=(4, 1))",
        "cute.make_layout((16, 8), stride=(8, 1))",
        "cute.make_layout((8, 16))",
        "cute.make_layout((4, 32), stride=(32, 1))",
        "cute.make_layout((32, 8), stride=(8, 1))",
        "cute.make_layout((64, 2), stride=(2, 1))",
        "cute.make_layout((128, 1), stride=(1, 1))",
    ]
    vals = [
        "cute.make_layout((1, 8))",
        "cute.make_layout((1, 4))",
        "cute.make_layout((4, 1))",
        "cute.make_layout((1, 16))",
        "cute.make_layout((2, 4), stride=(4, 1))",
        "cute.make_layout((8, 1))",
    ]
    for _ in range(90):
        t = r.choice(("Float16", "Float32", "BFloat16", "Int8"))
        op = r.choice(("cute.nvgpu.CopyUniversalOp()", f"{CP}.CopyG2SOp()"))
        bits = r.choice((32, 64, 128))
        atom = f"cute.make_copy_atom({op}, cutlass.{t}, num_bits_per_copy={bits})"
        thr, val = r.choice(thrs), r.choice(vals)
        q = r.choice(
            (
                "",
                "",
                ".layout_tv_tiled",
                ".tiler_mn",
                ".size",
                ".layout_src_tv_tiled",
                ".layout_dst_tv_tiled",
                ".thr_id",
                ".layout_src_tv",
                ".layout_dst_tv",
                ".value_type",
            )
        )
        out.append(Case("tiled_copy_tv", f"cute.make_tiled_copy_tv({atom}, {thr}, {val}){q}"))
        if r.random() < 0.3:
            out.append(Case("tiled_copy_tv", f"cute.size(cute.make_tiled_copy_tv({atom}, {thr}, {val}))"))
    for _ in range(25):
        t = r.choice(("Float16", "Float32"))
        atom = f"cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.{t}, num_bits_per_copy=128)"
        lay = r.choice(
            (
                "cute.make_layout((32, 4), stride=(4, 32))",
                "cute.make_layout(((4, 8), 8), stride=((64, 1), 8))",
                "cute.make_layout((128, 8), stride=(8, 1))",
                "cute.make_layout((64, (2, 4)), stride=(8, (1, 512)))",
            )
        )
        tiler = r.choice(("(32, 32)", "(16, 64)", "(64, 16)", "(8, 128)", "(128, 8)"))
        out.append(Case("tiled_copy", f"cute.make_tiled_copy({atom}, {lay}, {tiler})"))
    mmas = [
        f"cute.make_tiled_mma({W}.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16)), (2, 2, 1))",
        f"cute.make_tiled_mma({W}.MmaF16BF16Op(cutlass.BFloat16, cutlass.Float32, (16, 8, 16)), (4, 1, 1))",
        f"cute.make_tiled_mma({W}.MmaF16BF16Op(cutlass.Float16, cutlass.Float16, (16, 8, 8)), (2, 2, 1), "
        "permutation_mnk=(32, 32, 16))",
        f"cute.make_tiled_mma({W}.MmaTF32Op((16, 8, 8)), (2, 1, 1))",
    ]
    catoms = [
        f"cute.make_copy_atom({W}.LdMatrix8x8x16bOp(False, 4), cutlass.Float16)",
        f"cute.make_copy_atom({W}.LdMatrix8x8x16bOp(True, 4), cutlass.Float16)",
        f"cute.make_copy_atom({W}.LdMatrix8x8x16bOp(False, 2), cutlass.Float16)",
        f"cute.make_copy_atom({W}.StMatrix8x8x16bOp(False, 4), cutlass.Float16)",
        "cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16)",
        "cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float32)",
        "cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=32)",
    ]
    for which in "ABC":
        for mma in mmas:
            for atom in r.sample(catoms, 3):
                q = r.choice(("", "", ".layout_tv_tiled", ".tiler_mn"))
                out.append(Case("tiled_copy_abc", f"cute.make_tiled_copy_{which}({atom}, {mma}){q}"))
    return out


def _more_cases(r):
    """TMEM copies, the universal MMA, the epilogue helpers, permutations, slices, tiled TV layouts."""
    out = []
    for name in (
        "Ld16x64bOp",
        "Ld16x128bOp",
        "Ld16x256bOp",
        "Ld16x32bx2Op",
        "Ld32x32bOp",
        "St16x64bOp",
        "St16x128bOp",
        "St16x256bOp",
        "St16x32bx2Op",
        "St32x32bOp",
    ):
        flag = "Unpack.UNPACK_32b_IN_16b" if name.startswith("St") else "Pack.PACK_16b_IN_32b"
        for rep in (1, 2, 4, 8, 16, 32, 64, 128):
            if r.random() < 0.4:
                continue
            op = f"{T}.{name}({T}.Repetition.x{rep}" + (f", {T}.{flag})" if r.random() < 0.3 else ")")
            out.append(Case("tmem_op", op))
            for t in r.sample(("Float32", "Float16", "BFloat16", "Int32", "Float8E4M3FN"), 2):
                out.append(Case("tmem_atom", f"cute.make_copy_atom({op}, cutlass.{t})"))
        if name.startswith("Ld"):
            out.append(Case("tmem_op", f"{T}.{name}()"))
    for t in ("Float16", "Float32", "Float64", "BFloat16", "Int8"):
        op = f"cute.nvgpu.MmaUniversalOp(cutlass.{t})"
        out += [Case("mma_universal", op), Case("mma_universal", f"cute.make_mma_atom({op})")]
        for lay in ("(16, 16, 1)", "(8, 32, 1)", "(32, 8, 1)", "(1, 1, 1)"):
            out.append(Case("mma_universal", f"cute.make_tiled_mma({op}, {lay})"))
            out.append(Case("mma_universal", f"cute.make_tiled_mma({op}, {lay}).tv_layout_C_tiled"))
            w = r.choice("ABC")
            out.append(
                Case(
                    "mma_universal",
                    f"cute.make_tiled_copy_{w}(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.{t}), "
                    f"cute.make_tiled_mma({op}, {lay}))",
                )
            )
    wop = f"{W}.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))"
    for lay, perm in (
        ("(2, 2, 1)", "(32, 32, 16)"),
        ("(2, 2, 1)", "(32, None, 16)"),
        ("(4, 1, 1)", "(64, 16, 16)"),
        ("(2, 2, 1)", "(32, cute.make_layout((8, 2, 2), stride=(1, 16, 8)), 16)"),
        ("(1, 4, 1)", "(16, 64, 32)"),
    ):
        out.append(Case("mma_perm", f"cute.make_tiled_mma({wop}, {lay}, permutation_mnk={perm})"))
        out.append(Case("mma_perm", f"cute.make_tiled_mma({wop}, cute.make_layout({lay}), permutation_mnk={perm})"))
        for w in "ABC":
            out.append(
                Case("mma_perm", f"cute.make_tiled_mma({wop}, {lay}, permutation_mnk={perm}).tv_layout_{w}_tiled")
            )
        out.append(Case("mma_perm", f"cute.make_tiled_mma({wop}, {lay}, permutation_mnk={perm}).get_tile_size(1)"))
    for lay in ("(2, 2, 1)", "(1, 1, 1)", "(4, 2, 1)"):
        for w in "ABC":
            out.append(Case("mma_perm", f"cute.make_tiled_mma({wop}, {lay}).tv_layout_{w}_tiled"))
        out.append(Case("mma_perm", f"cute.make_tiled_mma({wop}, {lay}).permutation_mnk"))
        out.append(Case("mma_perm", f"cute.make_tiled_mma({wop}, {lay}).get_slice(3)"))
    for kind, dt in (("MmaF16BF16Op", ("Float16", "Float32")), ("MmaI8Op", ("Int8",))):
        for cta in ("ONE", "TWO"):
            m = 128 if cta == "ONE" else 256
            op = _tc_op(kind, dt, cta, "SMEM", "K", "K", f"({m}, 128)")
            for w in "ABC":
                out.append(Case("mma_perm", f"cute.make_tiled_mma({op}).tv_layout_{w}_tiled"))
    for lay, d, acc in itertools.product(
        ("ROW_MAJOR", "COL_MAJOR"), ("Float16", "Float32", "BFloat16", "Float8E4M3FN"), ("Float32", "Float16")
    ):
        mod = r.choice(SM90)
        out.append(
            Case(
                "sm90_store",
                f"{mod}.sm90_get_smem_store_op(cutlass.utils.LayoutEnum.{lay}, cutlass.{d}, cutlass.{acc})",
            )
        )
        out.append(
            Case(
                "sm90_store",
                f"cutlass.utils.sm90_get_smem_store_op(cutlass.utils.LayoutEnum.{lay}, cutlass.{d}, cutlass.{acc})",
            )
        )
    for (cm, cn), two, lay, d in itertools.product(
        ((128, 256), (128, 128), (64, 128), (256, 256), (128, 64), (64, 256), (128, 16), (256, 32)),
        (False, True),
        ("ROW_MAJOR", "COL_MAJOR"),
        ("Float16", "Float32", "Float8E4M3FN", "BFloat16"),
    ):
        if r.random() < 0.6:
            continue
        mod = r.choice(SM100)
        extra = r.choice(
            (
                "",
                "",
                f", elem_ty_c=cutlass.{d}",
                f", layout_c=cutlass.utils.LayoutEnum.{lay}, elem_ty_c=cutlass.Float32",
            )
        )
        out.append(
            Case(
                "sm100_epi_tile",
                f"{mod}.compute_epilogue_tile_shape(({cm}, {cn}), {two}, cutlass.utils.LayoutEnum.{lay}, "
                f"cutlass.{d}{extra})",
            )
        )
        acc = r.choice(("Float32", "Float32", "Float16"))
        et = r.choice(((128, 32), (128, 64), (64, 32), (128, 16), (64, 64), (128, 128)))
        out.append(
            Case(
                "sm100_tmem_load",
                f"{mod}.get_tmem_load_op(({cm}, {cn}, 64), cutlass.utils.LayoutEnum.{lay}, cutlass.{d}, "
                f"cutlass.{acc}, {et}, {two})",
            )
        )
    return out


def _blockscaled_cases(r):
    """tcgen05 block-scaled MMA ops, make_blockscaled_trivial_tiled_mma, SMEM->TMEM copies, the TMA reduction."""
    out = []
    for cta in ("ONE", "TWO"):
        for m, n in ((128, 128), (128, 256), (256, 128), (64, 128), (128, 8), (256, 16), (128, 264), (128, 12)):
            src = r.choice(("SMEM", "SMEM", "TMEM"))
            shape = r.choice((f"({m}, {n})", f"({m}, {n}, K)"))
            ops = [
                f"{T}.MmaMXF8Op(cutlass.{r.choice(('Float8E4M3FN', 'Float8E5M2', 'Float16'))}, "
                f"{shape.replace('K', '32')}, {T}.CtaGroup.{cta}, {T}.OperandSource.{src}, {MAJ}.K, {MAJ}.{r.choice('K' * 3 + 'M')}N)".replace(
                    "KN)", "K)"
                ).replace("MN)", "MN)"),
                f"{T}.MmaMXF8F6F4Op(cutlass.{r.choice(_F8F6F4_NAMES)}, cutlass.{r.choice(_F8F6F4_NAMES)}, "
                f"{shape.replace('K', '32')}, {T}.CtaGroup.{cta}, {T}.OperandSource.{src}, {MAJ}.K, {MAJ}.K)",
                f"{T}.MmaMXF4Op({shape.replace('K', '64')}, {T}.CtaGroup.{cta}, {T}.OperandSource.{src})",
                f"{T}.MmaMXF4NVF4Op(cutlass.{r.choice(('Float8E4M3FN', 'Float8E8M0FNU', 'Float16'))}, "
                f"{shape.replace('K', r.choice(('64', '64', '32')))}, {T}.CtaGroup.{cta}, {T}.OperandSource.{src})",
            ]
            for op in ops:
                out.append(Case("bs_op", op))
                out.append(Case("bs_tiled", f"cute.make_tiled_mma({op})"))
    pairs = [
        ("Float4E2M1FN", "Float4E2M1FN", 16),
        ("Float4E2M1FN", "Float4E2M1FN", 32),
        ("Float8E4M3FN", "Float8E4M3FN", 32),
        ("Float8E5M2", "Float4E2M1FN", 32),
        ("Float6E2M3FN", "Float8E4M3FN", 32),
        ("Float4E2M1FN", "Float4E2M1FN", 8),
        ("Float16", "Float16", 32),
    ]
    for (a, b, vec), cta in itertools.product(pairs, ("ONE", "TWO")):
        mod = r.choice(SM100)
        sf = r.choice(("Float8E4M3FN", "Float8E8M0FNU")) if vec == 16 else "Float8E8M0FNU"
        m = 128 if cta == "ONE" else r.choice((128, 256))
        n = r.choice((64, 128, 256, 192))
        head = f"cutlass.{a}" if (a == b and r.random() < 0.3) else f"cutlass.{a}, cutlass.{b}"
        tm = (
            f"{mod}.make_blockscaled_trivial_tiled_mma({head}, {MAJ}.K, {MAJ}.K, cutlass.{sf}, {vec}, "
            f"{T}.CtaGroup.{cta}, ({m}, {n}))"
        )
        out.append(Case("bs_trivial", tm))
        k = r.choice((128, 256))
        out.append(Case("bs_trivial", f"{mod}.make_smem_layout_a({tm}, ({m}, {n}, {k}), cutlass.{a}, 3)"))
        out.append(Case("bs_trivial", f"{mod}.make_smem_layout_b({tm}, ({m}, {n}, {k}), cutlass.{b}, 3)"))
    for name in (
        "Cp128x256bOp",
        "Cp128x128bOp",
        "Cp4x256bOp",
        "Cp4x32x128bOp",
        "Cp2x64x128b0213Op",
        "Cp2x64x128b0123Op",
    ):
        for cta in ("ONE", "TWO"):
            out.append(Case("s2t_op", f"{T}.{name}({T}.CtaGroup.{cta})"))
        out.append(Case("s2t_op", f"tcgen05.{name}(tcgen05.CtaGroup.ONE)"))
    for kind in ("", "cute.ReductionKind.ADD", "reduction_kind=cute.ReductionKind.MAX"):
        out.append(Case("copy_op", f"{CP}.CopyReduceBulkTensorTileS2GOp({kind})"))
    out.append(Case("copy_op", f"{CP}.CopyBulkTensorTileG2SOp(tcgen05.CtaGroup.TWO)"))
    out.append(Case("copy_op", "tcgen05.Ld32x32bOp(tcgen05.Repetition.x32)"))
    out.append(
        Case("copy_op", "warpgroup.make_smem_layout_atom(warpgroup.SmemLayoutAtomKind.K_SW64, cutlass.BFloat16)")
    )
    return out


def _helper_cases(r):
    """tcgen05.tile_to_mma_shape, blackwell make_smem_layout_c, hopper compute_tile_shape_or_override,
    tcgen05.is_tmem_load/store."""
    out = []
    for kind, t in itertools.product(
        ("K_SW128", "K_SW64", "MN_SW128", "MN_SW32", "K_INTER", "MN_SW128_32B"), ("Float16", "Float32", "Float8E4M3FN")
    ):
        atom = f"{T}.make_smem_layout_atom({T}.SmemLayoutAtomKind.{kind}, cutlass.{t})"
        for shape in ("((128, 16), 1, 4, 3)", "((128, 32), 2, 2, 4)", "((64, 64), 1, 1)", "((256, 16), 1, 8, 2)"):
            if r.random() < 0.5:
                continue
            order = r.choice(("", ", order=(1, 2, 3)", ", order=(2, 1, 3)", ", (1, 2)", ", order=(0, 1)"))
            out.append(Case("tc_tile_to_mma", f"{T}.tile_to_mma_shape({atom}, {shape}{order})"))
    for (a, cta), m_major, st in itertools.product(
        (("Float16", "ONE"), ("BFloat16", "TWO"), ("Float32", "ONE"), ("Float8E4M3FN", "TWO")), (True, False), (1, 2)
    ):
        mod = r.choice(SM100)
        m = 128 if cta == "ONE" else 256
        n = r.choice((64, 128, 256))
        acc = "Float32"
        tm = _trivial(r, mod, (a, a), "K", "K", acc, cta, f"({m}, {n})")
        c = r.choice(("Float16", "Float32", "BFloat16"))
        out.append(
            Case("sm100_smem_c", f"{mod}.make_smem_layout_c({tm}, ({m}, {n}, 64), cutlass.{c}, {st}, {m_major})")
        )
    for tile, t, coop in itertools.product(
        ((128, 128, 64), (64, 256, 64), (256, 128, 64), (64, 16, 32)),
        ("Float16", "Float8E4M3FN", "Float32"),
        (False, True),
    ):
        mod = r.choice(SM90)
        out.append(Case("sm90_epi_tile", f"{mod}.compute_tile_shape_or_override({tile}, cutlass.{t}, {coop})"))
    out.append(
        Case(
            "sm90_epi_tile",
            "cutlass.utils.hopper_helpers.compute_tile_shape_or_override((128, 128, 64), "
            "cutlass.Float16, epi_tile_override=(64, 64))",
        )
    )
    for op in (f"{T}.Ld32x32bOp({T}.Repetition.x8)", f"{T}.St16x64bOp({T}.Repetition.x4)"):
        for f in ("is_tmem_load", "is_tmem_store"):
            out.append(Case("tc_is_tmem", f"{T}.{f}(cute.make_copy_atom({op}, cutlass.Float32))"))
    return out


def _fuzz_smem(r):
    """Random smem helper calls: every element type, tiles that divide and tiles that do not, every layout enum,
    stage counts; the hopper and blackwell helpers and tile_to_shape of the atoms."""
    T, MAJ = "cute.nvgpu.tcgen05", "cute.nvgpu.OperandMajorMode"
    DT = [
        "Float16",
        "BFloat16",
        "Float32",
        "TFloat32",
        "Float8E4M3FN",
        "Float8E5M2",
        "Int8",
        "Uint8",
        "Float64",
        "Int32",
        "Float4E2M1FN",
        "Float6E2M3FN",
        "Boolean",
        "Int16",
        "Int64",
    ]
    dims = [8, 16, 24, 32, 40, 48, 64, 96, 112, 128, 160, 192, 200, 256, 12, 4]
    cases = []
    for _ in range(300):
        k = r.random()
        t = r.choice(DT)
        if k < 0.3:
            mod = r.choice(("cutlass.utils.hopper_helpers", "cutlass.utils.sm90", "sm90_utils"))
            w = r.choice("ab")
            tile = (r.choice(dims), r.choice(dims), r.choice(dims))
            cases.append(
                Case(
                    "f_sm90_ab",
                    f"{mod}.make_smem_layout_{w}(cutlass.utils.LayoutEnum.{r.choice(('ROW_MAJOR', 'COL_MAJOR'))}, {tile}, cutlass.{t}, {r.choice((1, 2, 3, 4, 6))})",
                )
            )
        elif k < 0.45:
            mod = r.choice(("cutlass.utils.hopper_helpers", "sm90_utils"))
            tile = (r.choice(dims), r.choice(dims))
            cases.append(
                Case(
                    "f_sm90_epi",
                    f"{mod}.make_smem_layout_epi(cutlass.{t}, cutlass.utils.LayoutEnum.{r.choice(('ROW_MAJOR', 'COL_MAJOR'))}, {tile}, {r.choice((1, 2, 3, 4))})",
                )
            )
        elif k < 0.6:
            mod = r.choice(("cutlass.utils.blackwell_helpers", "cutlass.utils.sm100", "cutlass.utils"))
            tile = (r.choice(dims), r.choice(dims))
            cases.append(
                Case(
                    "f_sm100_epi",
                    f"{mod}.make_smem_layout_epi(cutlass.{t}, cutlass.utils.LayoutEnum.{r.choice(('ROW_MAJOR', 'COL_MAJOR'))}, {tile}, {r.choice((1, 2, 3, 4))})",
                )
            )
        elif k < 0.85:
            mod = r.choice(("cutlass.utils.blackwell_helpers", "cutlass.utils.sm100", "cutlass.utils"))
            a = r.choice(
                ["Float16", "BFloat16", "TFloat32", "Float32", "Int8", "Float8E4M3FN", "Float8E5M2", "Float4E2M1FN"]
            )
            cta = r.choice(("ONE", "TWO"))
            m = r.choice((64, 128, 256))
            n = r.choice((8, 16, 32, 48, 64, 96, 128, 160, 192, 256))
            acc = "Int32" if a == "Int8" else r.choice(("Float32", "Float16"))
            am, bm = r.choice(("K", "MN")), r.choice(("K", "MN"))
            tm = f"{mod}.make_trivial_tiled_mma(cutlass.{a}, cutlass.{a}, {MAJ}.{am}, {MAJ}.{bm}, cutlass.{acc}, {T}.CtaGroup.{cta}, ({m}, {n}))"
            kk = r.choice((32, 64, 96, 128, 256))
            w = r.choice("ab")
            cases.append(
                Case(
                    "f_sm100_ab",
                    f"{mod}.make_smem_layout_{w}({tm}, ({m}, {n}, {kk}), cutlass.{a}, {r.choice((2, 3, 4, 5, 8))})",
                )
            )
        else:
            ns = r.choice(("cute.nvgpu.warpgroup", T))
            kind = r.choice(
                ("K_INTER", "K_SW32", "K_SW64", "K_SW128", "MN_INTER", "MN_SW32", "MN_SW64", "MN_SW128", "MN_SW128_32B")
            )
            atom = f"{ns}.make_smem_layout_atom({ns}.SmemLayoutAtomKind.{kind}, cutlass.{t})"
            shape = r.choice(((128, 64), (64, 128, 3), (256, 32, 2), (24, 40), (128, 96, 4)))
            cases.append(Case("f_tile", f"cute.tile_to_shape({atom}, {shape}, {tuple(range(len(shape)))})"))
    for c in cases:
        c.op = "fuzz_" + c.op[2:]
    return cases


def _fuzz_mma_copy(r):
    """Random tiled MMAs (atom layouts, permutations), partition shapes, tiled TV layouts and tiled copies."""
    W = "cute.nvgpu.warp"
    cases = []
    wops = [
        f"{W}.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16))",
        f"{W}.MmaF16BF16Op(cutlass.BFloat16, cutlass.Float32, (16, 8, 8))",
        f"{W}.MmaTF32Op((16, 8, 8))",
        f"{W}.MmaFP8Op(cutlass.Float8E4M3FN, cutlass.Float32, (16, 8, 32))",
        "cute.nvgpu.MmaUniversalOp(cutlass.Float32)",
    ]

    def lay3():
        s = (r.choice((1, 2, 4)), r.choice((1, 2, 4)), r.choice((1, 1, 2)))
        if r.random() < 0.3:
            return f"cute.make_layout({s}, stride=({s[1]}, 1, {s[0] * s[1]}))"
        return str(s)

    def perm():
        return (
            "("
            + ", ".join(
                r.choice(("None", "16", "32", "64", "cute.make_layout((8, 2), stride=(1, 16))", "8")) for _ in range(3)
            )
            + ")"
        )

    for _ in range(250):
        op = r.choice(wops)
        k = r.random()
        tm = f"cute.make_tiled_mma({op}, {lay3()}" + (f", permutation_mnk={perm()})" if r.random() < 0.4 else ")")
        if k < 0.3:
            cases.append(Case("f_tiled", tm))
        elif k < 0.6:
            w = r.choice("ABC")
            shp = (r.choice((16, 32, 64, 128, 48, 24)), r.choice((8, 16, 32, 64, 128)))
            cases.append(Case("f_pshape", f"{tm}.partition_shape_{w}({shp})"))
        elif k < 0.8:
            cases.append(
                Case(
                    "f_prop",
                    f"{tm}.{r.choice(('tv_layout_A_tiled', 'tv_layout_B_tiled', 'tv_layout_C_tiled', 'size', 'thr_layout_vmnk'))}",
                )
            )
        else:
            w = r.choice("ABC")
            atom = r.choice(
                (
                    f"cute.make_copy_atom({W}.LdMatrix8x8x16bOp({r.choice(('False', 'True'))}, {r.choice((1, 2, 4))}), cutlass.Float16)",
                    "cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float32)",
                    "cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=32)",
                )
            )
            q = r.choice(("", ".layout_tv_tiled", ".tiler_mn", ".size", ".layout_src_tv_tiled", ".layout_dst_tv_tiled"))
            cases.append(Case("f_tcabc", f"cute.make_tiled_copy_{w}({atom}, {tm}){q}"))
    for _ in range(120):
        thr = r.choice(((32, 4), (16, 8), (8, 16), (4, 32), (64, 2), (2, 64), (128, 1), (8, 8), (32, 8)))
        st = r.choice(("", f", stride=({thr[1]}, 1)"))
        val = r.choice(((1, 8), (1, 4), (4, 1), (8, 1), (2, 2), (1, 1), (2, 4), (1, 16)))
        t = r.choice(("Float16", "Float32", "Int8", "BFloat16", "Float64"))
        b = r.choice(("", ", num_bits_per_copy=128", ", num_bits_per_copy=64", ", num_bits_per_copy=32"))
        opx = r.choice(("cute.nvgpu.CopyUniversalOp()", "cute.nvgpu.cpasync.CopyG2SOp()"))
        q = r.choice(("", ".layout_tv_tiled", ".tiler_mn", ".size", ".layout_src_tv_tiled", ".layout_dst_tv_tiled"))
        cases.append(
            Case(
                "f_tctv",
                f"cute.make_tiled_copy_tv(cute.make_copy_atom({opx}, cutlass.{t}{b}), cute.make_layout({thr}{st}), cute.make_layout({val})){q}",
            )
        )
    for c in cases:
        c.op = "fuzz_" + c.op[2:]
    return cases


def _derived_copy_cases(r):
    """make_tiled_copy_S/D of tiled copies, make_tiled_copy_C_atom, make_cotiled_copy."""
    W = "cute.nvgpu.warp"
    cases = []
    mmas = [
        f"cute.make_tiled_mma({W}.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16)), (2, 2, 1))",
        f"cute.make_tiled_mma({W}.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16)), (4, 1, 1), permutation_mnk=(64, 16, 16))",
        f"cute.make_tiled_mma({W}.MmaTF32Op((16, 8, 8)), (2, 1, 1))",
        "cute.make_tiled_mma(cute.nvgpu.MmaUniversalOp(cutlass.Float32), (16, 16, 1))",
    ]
    atoms = [
        f"cute.make_copy_atom({W}.StMatrix8x8x16bOp(False, 4), cutlass.Float16)",
        f"cute.make_copy_atom({W}.StMatrix8x8x16bOp(True, 2), cutlass.Float16)",
        "cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float32)",
        "cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=32)",
        "cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float32, num_bits_per_copy=64)",
        "cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, num_bits_per_copy=128)",
    ]
    for m in mmas:
        for a in atoms:
            q = r.choice(("", "", ".layout_tv_tiled", ".tiler_mn"))
            cases.append(Case("c_atom", f"cute.make_tiled_copy_C_atom({a}, {m}){q}"))
    for _ in range(40):
        thr = r.choice(((32, 4), (16, 8), (8, 16), (64, 2)))
        val = r.choice(((1, 8), (1, 4), (4, 1), (2, 2)))
        t = r.choice(("Float16", "Float32"))
        src = f"cute.make_tiled_copy_tv(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.{t}, num_bits_per_copy={r.choice((32, 64, 128))}), cute.make_layout({thr}, stride=({thr[1]}, 1)), cute.make_layout({val}))"
        if r.random() < 0.5:
            src = f"cute.make_tiled_copy_{r.choice('ABC')}({r.choice(atoms)}, {r.choice(mmas)})"
        w = r.choice("SD")
        q = r.choice(("", ".layout_tv_tiled", ".tiler_mn"))
        cases.append(Case("sd", f"cute.make_tiled_copy_{w}({r.choice(atoms)}, {src}){q}"))
    for _ in range(30):
        data = r.choice(
            (
                "cute.make_layout((64, 32), stride=(32, 1))",
                "cute.make_layout((32, 64))",
                "cute.make_layout((128, 8), stride=(8, 1))",
                "cute.make_layout((16, 16))",
            )
        )
        tv = r.choice(
            (
                "cute.make_layout((32, 8), stride=(8, 1))",
                "cute.make_layout((64, 4), stride=(4, 1))",
                "cute.make_layout((32, 4), stride=(1, 32))",
                "cute.make_layout((128, 2), stride=(2, 1))",
                "cute.make_layout((16, 16), stride=(16, 1))",
            )
        )
        cases.append(Case("cotiled", f"cute.make_cotiled_copy({r.choice(atoms)}, {tv}, {data})"))
    return cases


def _copy_more_cases(r):
    """The typed copies (G2R, R2G, S2R, R2S), the bulk G2S copy, unpacking ldmatrix, tcgen05.copy.X and
    Repetition(n) as kernels spell them."""
    out = []
    for op in (
        "cute.nvgpu.CopyG2ROp()",
        "cute.nvgpu.CopyR2GOp()",
        "cute.nvgpu.CopyS2ROp()",
        "cute.nvgpu.CopyR2SOp()",
        f"{CP}.CopyBulkG2SOp()",
    ):
        out.append(Case("copy_more", op))
        for t in ("Float32", "Float16", "Int8", "Float64"):
            for b in ("", ", num_bits_per_copy=64", ", num_bits_per_copy=128"):
                if r.random() < 0.5:
                    continue
                out.append(Case("copy_more", f"cute.make_copy_atom({op}, cutlass.{t}{b})"))
    for n, b, t in itertools.product((1, 2, 4), (4, 6), ("Int8", "Float4E2M1FN", "Float6E3M2FN", "Float8E4M3FN")):
        out.append(
            Case(
                "copy_more",
                f"cute.make_copy_atom({W}.LdMatrix8x16x8bOp(transpose=False, num_matrices={n}, "
                f"unpack_bits={b}), cutlass.{t})",
            )
        )
    for n, b in itertools.product((2, 4), (4, 6)):
        out.append(
            Case("copy_more", f"cute.make_copy_atom({W}.LdMatrix16x8x8bOp(True, {n}, {b}), cutlass.Float4E2M1FN)")
        )
    for n in (1, 2, 3, 16, 64, 128, 256):
        out.append(Case("copy_more", f"{T}.Repetition({n})"))
        for name in ("Ld32x32bOp", "St32x32bOp", "Ld16x256bOp"):
            if r.random() < 0.5:
                out.append(
                    Case(
                        "copy_more", f"cute.make_copy_atom({T}.copy.{name}({T}.copy.Repetition({n})), cutlass.Float32)"
                    )
                )
    return out


def _query_cases(r):
    """What kernels ask of their tiled MMAs and copies: cute.size(x, mode=...), .op and its fields, thr_id.shape,
    get_tile_size, the atoms' layouts and value type."""
    out = []
    mmas = [
        f"cute.make_tiled_mma({W}.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16)), (2, 2, 1))",
        f"cute.make_tiled_mma({W}.MmaTF32Op((16, 8, 8)), (4, 1, 1))",
        _trivial(r, SM100[0], ("Float16", "Float16"), "K", "MN", "Float32", "TWO", "(256, 128)"),
        _trivial(r, SM100[1], ("BFloat16", "BFloat16"), "MN", "K", "Float32", "ONE", "(128, 64)"),
    ]
    copies = [
        "cute.make_tiled_copy_tv(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16, "
        "num_bits_per_copy=128), cute.make_layout((16, 8), stride=(8, 1)), cute.make_layout((1, 8)))",
        f"cute.make_tiled_copy_tv(cute.make_copy_atom({CP}.CopyG2SOp(), cutlass.Float32, num_bits_per_copy=64), "
        "cute.make_layout((32, 4), stride=(4, 1)), cute.make_layout((1, 2)))",
        f"cute.make_tiled_copy_A(cute.make_copy_atom({W}.LdMatrix8x8x16bOp(False, 4), cutlass.Float16), "
        f"cute.make_tiled_mma({W}.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16)), (2, 2, 1)))",
    ]
    for m in mmas:
        for q in (
            "cute.size({}, mode=[0])",
            "cute.size({}, mode=[1])",
            "cute.size({})",
            "{}.get_tile_size(0)",
            "{}.get_tile_size(2)",
            "{}.op",
            "{}.op.a_major_mode",
            "{}.op.shape_mnk",
            "{}.thr_id.shape",
            "cute.size({}.thr_id.shape)",
            "cute.size({}.tv_layout_A_tiled, mode=[1])",
            "{}.shape_mnk",
            "cute.make_mma_atom({}.op)",
            "cute.rank({}.thr_layout_vmnk)",
            "{}.thr_layout_vmnk.shape",
            "cute.size({}.thr_layout_vmnk, mode=[1])",
            "{}.op.acc_dtype",
            "{}.op.cta_group",
        ):
            out.append(Case("query", q.format(m)))
    for c in copies:
        for q in (
            "cute.size({})",
            "cute.size({}, mode=[0])",
            "{}.op",
            "{}.value_type",
            "{}.layout_src_tv",
            "{}.thr_id",
            "{}.layout_dst_tv",
            "cute.size({}.layout_tv_tiled, mode=[1])",
            "{}.tiler_mn[0]",
        ):
            out.append(Case("query", q.format(c)))
    return out


#: smem helpers spelled otherwise: keywords, enum members printed, get_smem_layout_atom, layouts as epilogue tiles,
#: zero stages (refused), a 2-mode tiler (refused), dynamic stages
SMEM_EDGE = [
    "cute.nvgpu.warpgroup.make_smem_layout_atom(kind=cute.nvgpu.warpgroup.SmemLayoutAtomKind.K_SW64, element_type=cutlass.BFloat16)",
    "cute.nvgpu.warpgroup.SmemLayoutAtomKind.K_SW128",
    "cutlass.utils.LayoutEnum.ROW_MAJOR",
    "cute.nvgpu.OperandMajorMode.K",
    "cute.nvgpu.tcgen05.CtaGroup.TWO",
    "cutlass.utils.hopper_helpers.get_smem_layout_atom(cutlass.utils.LayoutEnum.ROW_MAJOR, cutlass.Float16, 64)",
    "cutlass.utils.hopper_helpers.get_smem_layout_atom(cutlass.utils.LayoutEnum.COL_MAJOR, cutlass.Float8E4M3FN, 48)",
    "cutlass.utils.sm90_get_smem_layout_atom(cutlass.utils.LayoutEnum.COL_MAJOR, cutlass.Float32, 8)",
    "cutlass.utils.blackwell_helpers.get_smem_layout_atom_epi(cutlass.utils.LayoutEnum.ROW_MAJOR, cutlass.Float16, (128, 32))",
    "cutlass.utils.blackwell_helpers.get_smem_layout_atom_epi(cutlass.utils.LayoutEnum.COL_MAJOR, cutlass.Float32, (cute.make_layout(128), cute.make_layout((16, 2), stride=(1, 64))))",
    "cutlass.utils.blackwell_helpers.make_smem_layout_epi(cutlass.Float16, cutlass.utils.LayoutEnum.ROW_MAJOR, (cute.make_layout(128), cute.make_layout((16, 2), stride=(1, 64))), 4)",
    "cutlass.utils.blackwell_helpers.make_smem_layout_epi(cutlass.Float16, cutlass.utils.LayoutEnum.ROW_MAJOR, cutlass.utils.blackwell_helpers.compute_epilogue_tile_shape((128, 256), False, cutlass.utils.LayoutEnum.ROW_MAJOR, cutlass.Float16), 4)",
    "cutlass.utils.blackwell_helpers.make_smem_layout_epi(cutlass.Float32, cutlass.utils.LayoutEnum.COL_MAJOR, cutlass.utils.blackwell_helpers.compute_epilogue_tile_shape((256, 128), True, cutlass.utils.LayoutEnum.COL_MAJOR, cutlass.Float32), 2)",
    "cute.nvgpu.tcgen05.make_smem_layout_atom(cute.nvgpu.tcgen05.SmemLayoutAtomKind.MN_SW128_32B, cutlass.Float16)",
    "cute.nvgpu.warpgroup.make_smem_layout_atom(cute.nvgpu.warpgroup.SmemLayoutAtomKind.K_SW128, cutlass.Int32(4))",
    "cute.nvgpu.warpgroup.make_smem_layout_atom(cute.nvgpu.warpgroup.SmemLayoutAtomKind.K_SW128)",
    "cutlass.utils.hopper_helpers.make_smem_layout_a(cutlass.utils.LayoutEnum.ROW_MAJOR, (128, 128), cutlass.Float16, 4)",
    "cutlass.utils.hopper_helpers.make_smem_layout_a(cutlass.utils.LayoutEnum.ROW_MAJOR, (128, 128, 64), cutlass.Float16, cutlass.Int32(4))",
    "cutlass.utils.hopper_helpers.make_smem_layout_b(cutlass.utils.LayoutEnum.COL_MAJOR, (128, 128, 64), cutlass.Float16, 0)",
    "cutlass.utils.hopper_helpers.make_smem_layout_epi(cutlass.Float16, cutlass.utils.LayoutEnum.ROW_MAJOR, (64, 32), 4, smem_trg_shape=(64, 64, 4), smem_order=(1, 0, 2))",
    "cutlass.utils.blackwell_helpers.make_smem_layout_a(cutlass.utils.blackwell_helpers.make_trivial_tiled_mma(cutlass.Float16, cutlass.Float16, cute.nvgpu.OperandMajorMode.K, cute.nvgpu.OperandMajorMode.K, cutlass.Float32, cute.nvgpu.tcgen05.CtaGroup.ONE, (128, 128)), (128, 128, 64), cutlass.Float16, 0)",
    "cute.cosize(cutlass.utils.hopper_helpers.make_smem_layout_a(cutlass.utils.LayoutEnum.ROW_MAJOR, (128, 128, 64), cutlass.Float16, 4))",
    "cute.size(cutlass.utils.hopper_helpers.make_smem_layout_a(cutlass.utils.LayoutEnum.ROW_MAJOR, (128, 128, 64), cutlass.Float16, 4))",
    "cutlass.utils.blackwell_helpers.make_smem_layout_epi(cutlass.Float16, cutlass.utils.LayoutEnum.ROW_MAJOR, (128, 32), 0)",
    "cutlass.utils.hopper_helpers.make_smem_layout_epi(cutlass.Float16, cutlass.utils.LayoutEnum.ROW_MAJOR, (64, 32), 0)",
    "cutlass.utils.blackwell_helpers.make_smem_layout(cute.nvgpu.OperandMajorMode.K, (128, 64), cutlass.Float16, 0)",
    "cutlass.utils.hopper_helpers.make_smem_layout_a(cutlass.utils.LayoutEnum.ROW_MAJOR, (128, 128, 64), cutlass.Float16, -1)",
]


_F8F6F4_NAMES = ("Float8E4M3FN", "Float8E5M2", "Float6E3M2FN", "Float6E2M3FN", "Float4E2M1FN")


def generate(seed: int = 20261127) -> list[Case]:
    r = random.Random(seed)
    cases = _warp_cases(r) + _wg_cases() + _tc_cases(r) + _sm100_cases(r) + _smem_cases(r) + _copy_cases(r)
    cases += _more_cases(r) + _blockscaled_cases(r) + _helper_cases(r) + _fuzz_smem(r) + _fuzz_mma_copy(r)
    cases += _derived_copy_cases(r) + _copy_more_cases(r) + _query_cases(r)
    cases += [Case("smem_edge", e) for e in SMEM_EDGE]
    for k, t, sp in itertools.product(
        G.KINDS + ("MN_SW128_32B",), ("Float16", "Float8E4M3FN", "Float32"), ("", ", 4", ", sparsity=2")
    ):
        cases.append(
            Case("sparse_atom", f"{T}.make_sparse_smem_layout_atom({T}.SmemLayoutAtomKind.{k}, cutlass.{t}{sp})")
        )
    for e in (
        f"{CP}.CopyBulkS2GOp()",
        f"cute.make_copy_atom({CP}.CopyBulkS2GOp(), cutlass.Float16, num_bits_per_copy=128)",
        f"cute.make_copy_atom({CP}.CopyBulkS2GOp(), cutlass.Float32)",
    ):
        cases.append(Case("copy_more", e))
    for cta, (m, n), src, k in itertools.product(
        ("ONE", "TWO"), ((128, 128), (256, 256), (128, 64), (64, 128)), ("SMEM", "TMEM"), ("", ", 96", ", 64")
    ):
        if r.random() < 0.5:
            continue
        op = r.choice(
            (
                f"{T}.SM103MmaMXF4Op(({m}, {n}{k}), {T}.CtaGroup.{cta}, {T}.OperandSource.{src})",
                f"{T}.SM103MmaMXF4NVF4Op(cutlass.Float8E4M3FN, ({m}, {n}{k}), {T}.CtaGroup.{cta}, "
                f"{T}.OperandSource.{src})",
            )
        )
        cases += [Case("sm103", op), Case("sm103", f"cute.make_tiled_mma({op})")]
    for a, b in itertools.product((T, WG), (T, WG)):  # the two modules' kinds and sources are two classes each
        cases.append(Case("ns_mix", f"{b}.make_smem_layout_atom({a}.SmemLayoutAtomKind.K_SW128, cutlass.Float16)"))
    for src in (T, WG):
        cases.append(
            Case(
                "ns_mix",
                f"{T}.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (128, 128), {T}.CtaGroup.ONE, "
                f"{src}.OperandSource.SMEM, {MAJ}.K, {MAJ}.K)",
            )
        )
        cases.append(Case("ns_mix", f"{T}.MmaMXF4Op((128, 128), {T}.CtaGroup.ONE, {src}.OperandSource.SMEM)"))
    seen, out = set(), []
    for c in cases:
        if c.expr not in seen:
            seen.add(c.expr)
            out.append(c)
    return out


def run_oracle(cases, batch_size: int = 400):
    return G.run_oracle(cases, batch_size)


#: the arch of the second corpus: the DSL traced with CUTE_DSL_ARCH=sm_90a (the warpgroup ops' arch)
SM90A = "sm_90a"


def generate_sm90a(seed: int = 20261127) -> list[Case]:
    """Cases for the DSL targeting sm_90a: the warpgroup MMA ops (every op, dtype pair, operand source and major,
    valid and refused shapes), their atoms and tiled MMAs, the Hopper helpers' make_trivial_tiled_mma, and ops that
    sm_90a refuses (tcgen05, a 2-CTA TMA)."""
    r = random.Random(seed)
    out = []
    kinds = [
        (
            "MmaF16BF16Op",
            [
                ("Float16", "Float32"),
                ("BFloat16", "Float32"),
                ("Float16", "Float16"),
                ("BFloat16", "Float16"),
                ("Float32", "Float32"),
            ],
            16,
        ),
        (
            "MmaF8Op",
            [
                ("Float8E4M3FN", "Float8E4M3FN", "Float32"),
                ("Float8E5M2", "Float8E4M3FN", "Float16"),
                ("Float8E4M3FN", "Float16", "Float32"),
            ],
            32,
        ),
        ("MmaI8Op", [("Int8", "Int8", "Int32"), ("Uint8", "Int8", "Int32"), ("Int8", "Int8", "Float32")], 32),
    ]
    for kind, dts, k in kinds:
        for dt in dts:
            for src, am, bm in itertools.product(("SMEM", "RMEM"), ("K", "MN"), ("K", "MN")):
                n = r.choice((8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 40, 264, 12))
                m = r.choice((64, 64, 64, 128))
                shape = r.choice((f"({m}, {n}, {k})", f"({m}, {n})"))
                args = ", ".join(f"cutlass.{d}" for d in dt)
                op = f"{WG}.{kind}({args}, {shape}, {WG}.OperandSource.{src}, {MAJ}.{am}, {MAJ}.{bm})"
                out.append(Case("wg_op", op))
                out.append(Case("wg_atom", f"cute.make_mma_atom({op})"))
                lay = r.choice(("", ", (2, 1, 1)", ", (1, 2, 1)", ", (2, 2, 1)"))
                out.append(Case("wg_tiled", f"cute.make_tiled_mma({op}{lay})"))
                q = r.choice(
                    (
                        "partition_shape_A((128, 64))",
                        "partition_shape_B((256, 64))",
                        "partition_shape_C((128, 256))",
                        "size",
                        "tv_layout_C_tiled",
                        "thr_layout_vmnk",
                    )
                )
                out.append(Case("wg_query", f"cute.make_tiled_mma({op}{lay}).{q}"))
    for (a, b), am, bm in itertools.product(
        (
            ("Float16", "Float16"),
            ("BFloat16", "BFloat16"),
            ("Float8E4M3FN", "Float8E5M2"),
            ("Int8", "Uint8"),
            ("Float16", "BFloat16"),
            ("Float32", "Float32"),
        ),
        ("K", "MN"),
        ("K", "MN"),
    ):
        mod = r.choice(SM90)
        acc = "Int32" if a.endswith("Int8") else r.choice(("Float32", "Float16"))
        lay = r.choice(("(1, 1, 1)", "(2, 1, 1)", "(1, 2, 1)"))
        n = r.choice((64, 128, 256, 192))
        tm = (
            f"{mod}.make_trivial_tiled_mma(cutlass.{a}, cutlass.{b}, {MAJ}.{am}, {MAJ}.{bm}, cutlass.{acc}, {lay}, "
            f"(64, {n}))"
        )
        out.append(Case("sm90_trivial", tm))
        out.append(Case("sm90_trivial", f"{tm}.partition_shape_B(({n}, 64))"))
    out += [
        Case(
            "sm90a_refusal", _tc_op("MmaF16BF16Op", ("Float16", "Float32"), "ONE", "SMEM", "K", "K", "(128, 128, 16)")
        ),
        Case("sm90a_refusal", f"{T}.Ld32x32bOp({T}.Repetition.x32)"),
        Case("sm90a_refusal", f"{CP}.CopyBulkTensorTileG2SOp({T}.CtaGroup.TWO)"),
        Case("sm90a_refusal", f"{T}.MmaMXF4Op((128, 128), {T}.CtaGroup.ONE, {T}.OperandSource.SMEM)"),
        Case("sm90a_ok", f"{CP}.CopyBulkTensorTileG2SOp()"),
        Case(
            "sm90a_ok",
            f"cute.make_tiled_mma({W}.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16)), (2, 2, 1))",
        ),
        Case("sm90a_ok", f"{WG}.make_smem_layout_atom({WG}.SmemLayoutAtomKind.K_SW128, cutlass.Float16)"),
    ]
    seen, res = set(), []
    for c in out:
        if c.expr not in seen:
            seen.add(c.expr)
            res.append(c)
    return res


def run_oracle_arch(cases, arch: str, batch_size: int = 400):
    """The DSL's answers with CUTE_DSL_ARCH=arch (gen_dsl's harness in a subprocess of that environment; records
    keyed by the arch and the batch)."""
    import json
    import os

    from tests.oracle import records as R

    out = []
    for i in range(0, len(cases), batch_size):
        exprs = [c.expr for c in cases[i : i + batch_size]]
        key = G.batch_key(exprs).replace("dsl-", f"dsl-{arch.replace('_', '')}-", 1)

        def compute(exprs=exprs):
            old = os.environ.get("CUTE_DSL_ARCH")
            os.environ["CUTE_DSL_ARCH"] = arch
            try:
                return json.dumps(G.trace(exprs))
            finally:
                if old is None:
                    del os.environ["CUTE_DSL_ARCH"]
                else:
                    os.environ["CUTE_DSL_ARCH"] = old

        text = R.answer(key, compute, what=f"the CuTe DSL's answers ({arch})", ncases=len(exprs))
        out.extend(json.loads(text))
    return out


#: the arch of the third corpus: GeForce Blackwell (the SM120 block-scaled warp MMA ops)
SM120A = "sm_120a"


def generate_sm120a(seed: int = 20261128) -> list[Case]:
    """Cases for the DSL targeting sm_120a: the block-scaled warp MMA ops (``MmaMXF4Op``, ``MmaMXF4NVF4Op``,
    ``MmaMXF8Op``, ``MmaMXF8F6F4Op``) over every element, accumulator and scale type (valid and refused), their atoms,
    tiled MMAs and properties; an SM80 warp op and a tcgen05 op (refused) for contrast."""
    r = random.Random(seed)
    dts = ("Float4E2M1FN", "Float8E4M3FN", "Float8E5M2", "Float6E3M2FN", "Float16")
    accs = ("Float32", "Float16")
    sfs = ("Float8E8M0FNU", "Float8E4M3FN", "Float8E5M2")
    ops = []
    for name in ("MmaMXF4Op", "MmaMXF4NVF4Op", "MmaMXF8Op"):
        for ab, acc, sf in itertools.product(dts, accs, sfs):
            ops.append(f"{W}.{name}(cutlass.{ab}, cutlass.{acc}, cutlass.{sf})")
    for a, b in itertools.product(dts[:4], dts[:4]):
        for acc, sf in (("Float32", "Float8E8M0FNU"), (r.choice(accs), r.choice(sfs))):
            ops.append(f"{W}.MmaMXF8F6F4Op(cutlass.{a}, cutlass.{b}, cutlass.{acc}, cutlass.{sf})")
    ops.append(f"{W}.MmaMXF8Op(ab_dtype=cutlass.Float8E5M2, acc_dtype=cutlass.Float32, sf_type=cutlass.Float8E8M0FNU)")
    out = []
    lays = ["", ", (2, 2, 1)", ", (4, 1, 1)", ", (1, 2, 1)", ", atom_layout_mnk=(2, 4, 1)", ", (4, 2, 1)"]
    valid = [
        f"{W}.MmaMXF4Op(cutlass.Float4E2M1FN, cutlass.Float32, cutlass.Float8E8M0FNU)",
        f"{W}.MmaMXF4NVF4Op(cutlass.Float4E2M1FN, cutlass.Float32, cutlass.Float8E4M3FN)",
        f"{W}.MmaMXF8Op(cutlass.Float8E4M3FN, cutlass.Float32, cutlass.Float8E8M0FNU)",
        f"{W}.MmaMXF8Op(cutlass.Float8E5M2, cutlass.Float32, cutlass.Float8E8M0FNU)",
    ] + [
        f"{W}.MmaMXF8F6F4Op(cutlass.{a}, cutlass.{b}, cutlass.Float32, cutlass.Float8E8M0FNU)"
        for a, b in (("Float4E2M1FN", "Float8E4M3FN"), ("Float4E2M1FN", "Float8E5M2"),
                     ("Float8E4M3FN", "Float4E2M1FN"), ("Float8E5M2", "Float4E2M1FN"))
    ]  # fmt: skip
    for op in ops:
        out.append(Case("sm120_op", op))
        out.append(Case("sm120_atom", f"cute.make_mma_atom({op})"))
    shapes = ((128, 128), (64, 256), (256, 64), (32, 32))  # 3-mode shapes: issue 42 (partition_shape_C)
    for op in valid:
        for lay in lays:
            tiled = f"cute.make_tiled_mma({op}{lay})"
            out.append(Case("sm120_tiled", tiled))
            for attr in TILED_ATTRS:
                out.append(Case("sm120_query", f"{tiled}.{attr}"))
            for w in "ABC":
                out.append(Case("sm120_query", f"{tiled}.partition_shape_{w}({r.choice(shapes)})"))
        for attr in ("sf_vec_size", "shape_mnk", "ab_dtype", "acc_dtype", "sf_type", "size"):
            out.append(Case("sm120_query", f"{op}.{attr}"))
        out.append(Case("sm120_tiled", f"cute.make_tiled_mma(cute.make_mma_atom({op}), (2, 2, 1))"))
    out.append(Case("sm120_other", f"{T}.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (128, 256, 16), "
                    f"{T}.CtaGroup.ONE, {T}.OperandSource.SMEM, {MAJ}.K, {MAJ}.K)"))  # fmt: skip
    seen, res = set(), []
    for c in out:
        if c.expr not in seen:
            seen.add(c.expr)
            res.append(c)
    return res
