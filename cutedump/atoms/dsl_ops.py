"""The CuTe DSL's MMA and copy constructors and its Blackwell smem helpers as kernels call them, over cutedump's
atoms, printed as the DSL (nvidia-cutlass-dsl 4.8.1) prints them.

    cute.make_tiled_mma(cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16)), (2, 2, 1))
    cute.nvgpu.tcgen05.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (128, 256, 16), tcgen05.CtaGroup.ONE,
                                    tcgen05.OperandSource.SMEM, cute.nvgpu.OperandMajorMode.K, ...K)
    cutlass.utils.blackwell_helpers.make_smem_layout_a(tiled_mma, (128, 256, 64), cutlass.Float16, 4)
    cute.make_tiled_copy_tv(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16,
                                                num_bits_per_copy=128), thr_layout, val_layout)

The warp MMA ops are the SM80/SM89 atoms of cutedump's catalog (``MmaF16BF16Op(ab, acc, (16, 8, K))`` is
``SM80_16x8xK_{acc}{ab}{ab}{acc}_TN``); a tcgen05 op of CTA group V and instruction shape (M, N, K) is the UMMA atom
whose TV layouts are ``(V,(M/V,K)):(M/V,(1,M))`` (A), ``(V,(N/V,K)):(N/V,(1,N))`` (B), ``(V,(M/V,N)):(M/V,(1,M))``
(C), as the DSL prints them (its size-1 thread mode keeps the stride M/V). A TiledMMA's thread layout is CuTe's
``tiled_product(ThrID, AtomLayoutMNK)``; ``partition_shape_A/B/C`` are cutedump's TiledMMA's. A tiled copy of
``(thr, val)`` is CuTe's ``make_tiled_copy``: ``layout_mn = raked_product(thr, val)``, ``layout_tv =
right_inverse(layout_mn)`` shaped ``(size(thr), size(val))``, the tiler ``product_each(shape(layout_mn))``; ldmatrix /
stmatrix atoms are the SM75/SM90 LDSM/STSM atoms of the copy catalog recast to the value type.

The DSL run on a machine without a GPU targets sm_100a (``CUTE_DSL_ARCH`` unset): the warpgroup (SM90) MMA ops and
the Hopper helpers' ``make_trivial_tiled_mma`` refuse there, and so does cutedump. The Op checks are the DSL's
(``cutlass/cute/nvgpu/{warp,tcgen05}/mma.py``, ``warp/copy.py``, ``cpasync/copy.py``); the Blackwell helpers are
``cutlass/utils/blackwell_helpers.py``'s, over cutedump's algebra. These are rows of the DSL's function table
(:data:`cutedump.expr.dsl.DSL_FUNCTIONS`, named there as ``"cutedump.atoms.dsl_ops:NAME"``, imported on first use).
"""

from __future__ import annotations

import os

from cutedump.algebra import C, recast_layout
from cutedump.algebra import layout as L
from cutedump.algebra.inttuple import UNDERSCORE, product_each
from cutedump.algebra.layout import Layout
from cutedump.algebra.smem_ptr import SmemPtrFlag
from cutedump.algebra.swizzle import ComposedLayout
from cutedump.atoms.copy import CopyAtom, TiledCopy, copy_atom
from cutedump.atoms.copy_catalog import lookup_copy, lookup_tmem_copy, lookup_utccp_copy
from cutedump.atoms.dsl_values import _MLIR, DslDescIter, DslDescTensor, DslPointer, DslTensor
from cutedump.atoms.mma import TiledMMA, mma_atom
from cutedump.errors import CuteDumpError
from cutedump.expr.dsl import DSL_FUNCTIONS, DType, Enum_, _keep_swizzle, _need_stages, _smem_atom
from cutedump.parse import parse_layout

#: the DSL's element types -> the C++ names of the SM80 atoms' operand types, and MLIR's names (printed)
_CPP_TYPE = {"Float16": "F16", "BFloat16": "BF16", "Float32": "F32"}
#: the DSL's element types -> C++ CuTe's (the copy catalog's value types)
_CPP_VALUE = {
    "Float16": "half_t",
    "BFloat16": "bfloat16_t",
    "Float32": "float",
    "TFloat32": "tfloat32_t",
    "Float64": "double",
    "Int8": "int8_t",
    "Uint8": "uint8_t",
    "Int16": "int16_t",
    "Uint16": "uint16_t",
    "Int32": "int32_t",
    "Uint32": "uint32_t",
    "Int64": "int64_t",
    "Uint64": "uint64_t",
    "Float8E4M3FN": "float_e4m3_t",
    "Float8E5M2": "float_e5m2_t",
    "Float8E8M0FNU": "float_ue8m0_t",
}


def _dt(x, what):
    if not isinstance(x, DType):
        raise CuteDumpError(f"{what}: expected an element type (cutlass.Float16, ...), got {x!r}")
    return x


def _is(x, *names):
    return isinstance(x, DType) and x.name in names


def _ints(t):
    """A tuple of static ints -> Python ints (None if it is not one)."""
    if not isinstance(t, tuple):
        return None
    out = []
    for e in t:
        if e.__class__ is not C:
            return None
        out.append(int(e))
    return tuple(out)


def _py(t) -> str:
    return "(" + ", ".join(str(x) for x in t) + ("," if len(t) == 1 else "") + ")"


def _c(x):
    return tuple(_c(e) for e in x) if isinstance(x, tuple) else C(x)


def _lay(shape, stride):
    return Layout(_c(shape), _c(stride))


def _enum(x, cls, what):
    if not isinstance(x, Enum_) or x.cls != cls:
        raise CuteDumpError(f"expects the '{what}' Op parameter to be a {cls} instance (DSLUserCodeError)")
    return x


# ---- MMA ops ------------------------------------------------------------------------------------------------


class _Atom:
    """An MMA atom given by its layouts (the tcgen05 atoms, SM89's 16x8x16): what TiledMMA reads of an atom."""

    __slots__ = ("name", "thr_id", "shape_mnk", "layout_a_tv", "layout_b_tv", "layout_c_tv")

    def __init__(self, name, thr_id, shape_mnk, a, b, c):
        self.name, self.thr_id, self.shape_mnk = name, thr_id, _c(shape_mnk)
        self.layout_a_tv, self.layout_b_tv, self.layout_c_tv = a, b, c


class MmaOp:
    """An MMA Op of the DSL: its print, and the atom it makes (``atom``: an atom, or a function making it, which
    may refuse as the DSL's make_mma_atom does)."""

    __slots__ = ("text", "atom", "fields")

    def __init__(self, text, atom, fields=None):
        self.text, self.atom, self.fields = text, atom, fields or {}

    def dsl_str(self, fmt):
        return self.text

    def __repr__(self):
        return f"an MMA op ({self.text.splitlines()[0]})"

    def make_atom(self):
        return self.atom() if callable(self.atom) else self.atom

    def dsl_attr(self, name):
        if name not in self.fields:
            raise CuteDumpError(f"the MMA op has no attribute {name!r} here ({', '.join(self.fields)})")
        return self.fields[name]


def _warp_text(title, ab, acc, shape):
    return (
        f"warp-level {title}"
        + f"\n  A/B data type         = {ab}"
        + f"\n  Accumulator data type = {acc}"
        + f"\n  Instruction shape MNK = {_py(shape)}"
    )


def mma_f16_bf16_op(ev, ab, acc, shape):
    """warp.MmaF16BF16Op(ab_dtype, acc_dtype, shape_mnk)."""
    if not _is(ab, "Float16", "BFloat16"):
        raise CuteDumpError("expects the 'ab_dtype' Op parameter to be one of Float16 or BFloat16 (DSLUserCodeError)")
    if not _is(acc, "Float16", "Float32"):
        raise CuteDumpError("expects the 'acc_dtype' Op parameter to be one of Float16 or Float32 (DSLUserCodeError)")
    if ab.name == "BFloat16" and acc.name != "Float32":
        raise CuteDumpError(
            "expects the 'acc_dtype' Op parameter to be Float32 when 'ab_dtype' is BFloat16 (DSLUserCodeError)"
        )
    t = _ints(shape)
    if t not in ((16, 8, 8), (16, 8, 16)):
        raise CuteDumpError(
            "expects the 'shape_mnk' Op parameter to be one of (16,8,8) or (16,8,16) (DSLUserCodeError)"
        )
    a, d = _CPP_TYPE[ab.name], _CPP_TYPE[acc.name]
    return MmaOp(
        _warp_text("F16/BF16 MMA Operation", ab, acc, t),
        mma_atom(f"SM80_16x8x{t[2]}_{d}{a}{a}{d}_TN"),
        {"ab_dtype": ab, "acc_dtype": acc, "shape_mnk": shape},
    )


def warp_tf32_op(ev, shape):
    """warp.MmaTF32Op(shape_mnk)."""
    t = _ints(shape)
    if t not in ((16, 8, 4), (16, 8, 8)):
        raise CuteDumpError("expects the 'shape_mnk' Op parameter to be one of (16,8,4) or (16,8,8) (DSLUserCodeError)")
    return MmaOp(
        _warp_text("TF32 MMA Operation", "TFloat32", "Float32", t),
        mma_atom(f"SM80_16x8x{t[2]}_F32TF32TF32F32_TN"),
        {"shape_mnk": shape},
    )


def warp_fp8_op(ev, ab, acc, shape):
    """warp.MmaFP8Op(ab_dtype, acc_dtype, shape_mnk): SM89's FP8 MMA (16x8x32: the catalog's atom; 16x8x16: its
    half in K, as the DSL prints it)."""
    if not _is(ab, "Float8E4M3FN", "Float8E5M2"):
        raise CuteDumpError(
            "expects the 'ab_dtype' Op parameter to be one of Float8E4M3FN or Float8E5M2 (DSLUserCodeError)"
        )
    if not _is(acc, "Float16", "Float32"):
        raise CuteDumpError("expects the 'acc_dtype' Op parameter to be Float32 or Float16 (DSLUserCodeError)")
    t = _ints(shape)
    if t not in ((16, 8, 32), (16, 8, 16)):
        raise CuteDumpError("expects the 'shape_mnk' Op parameter to be (16,8,32) or (16,8,16) (DSLUserCodeError)")
    e = "E4M3" if ab.name == "Float8E4M3FN" else "E5M2"
    d = _CPP_TYPE[acc.name]
    if t[2] == 32:
        atom = mma_atom(f"SM89_16x8x32_{d}{e}{e}{d}_TN")
    else:
        atom = _Atom(
            f"SM89_16x8x16_{d}{e}{e}{d}_TN",
            _lay(32, 1),
            t,
            _lay(((4, 8), (4, 2)), ((64, 1), (16, 8))),
            _lay(((4, 8), 4), ((32, 1), 8)),
            _lay(((4, 8), (2, 2)), ((32, 1), (16, 8))),
        )
    return MmaOp(
        _warp_text("FP8 MMA Operation (SM89)", ab, acc, t), atom, {"ab_dtype": ab, "acc_dtype": acc, "shape_mnk": shape}
    )


#: SM120 (GeForce Blackwell) block-scaled warp MMA ops (warp/mma.py): the DSL's element types -> C++'s, the archs
_SM120_TYPE = {
    "Float4E2M1FN": "float_e2m1_t",
    "Float8E4M3FN": "float_e4m3_t",
    "Float8E5M2": "float_e5m2_t",
    "Float8E8M0FNU": "float_ue8m0_t",
}
_SM120_ARCHS = ("sm_120a", "sm_120f", "sm_121a", "sm_121f")
_DUE = " (DSLUserCodeError)"


def _sm120_arch():
    a = dsl_arch()
    if a not in _SM120_ARCHS:
        raise CuteDumpError(
            f"expects arch to be one of {', '.join(_SM120_ARCHS)}, but got {a} (DSLUserCodeError: the CuTe DSL's "
            "target arch is CUTE_DSL_ARCH, sm_100a when unset)"
        )


def _sm120_op(ab, acc, sf, shape, vs, fields):
    """MmaSM120BlockScaledOp's checks (__post_init__, in its order) and the atom: the SM120 catalog's
    SM120::BLOCKSCALED::SM120_16x8x{32,64}_TN_VS<ab,ab,float,sf,VS> (an E4M3 scale is C++'s float_ue4m3_t)."""
    _sm120_arch()
    if _is(ab, "Float4E2M1FN"):
        if shape != (16, 8, 64):
            raise CuteDumpError("expects the 'shape_mnk' Op parameter to be (16,8,64) for Float4E2M1FN" + _DUE)
    elif _is(ab, "Float8E4M3FN", "Float8E5M2"):
        if shape != (16, 8, 32):
            raise CuteDumpError(
                "expects the 'shape_mnk' Op parameter to be (16,8,32) for Float8E4M3FN/Float8E5M2" + _DUE
            )
    else:
        raise CuteDumpError(
            "expects the 'ab_dtype' Op parameter to be Float4E2M1FN, Float8E4M3FN, or Float8E5M2" + _DUE
        )
    if not _is(acc, "Float32"):
        raise CuteDumpError("expects the 'acc_dtype' Op parameter to be Float32" + _DUE)
    if vs == 16:
        if not _is(ab, "Float4E2M1FN"):
            raise CuteDumpError("expects the 'sf_vec_size' Op parameter to be 32 for Float8E4M3FN/Float8E5M2" + _DUE)
        if not _is(sf, "Float8E4M3FN"):
            raise CuteDumpError("expects the 'sf_type' Op parameter to be Float8E4M3FN" + _DUE)
    elif not _is(sf, "Float8E8M0FNU"):
        raise CuteDumpError("expects the 'sf_type' Op parameter to be Float8E8M0FNU" + _DUE)
    t = _SM120_TYPE[ab.name]
    sft = "float_ue4m3_t" if sf.name == "Float8E4M3FN" else "float_ue8m0_t"
    text = (
        "warp-level MXF4/MXF4NVF4/MXF8 MMA Operation"
        + f"\n  A/B data type         = {ab}"
        + f"\n  Accumulator data type = {acc}"
        + f"\n  Instruction shape MNK = {_py(shape)}"
        + f"\n  Vector size           = {vs}"
        + f"\n  SF data type          = {sf}"
    )
    atom = mma_atom(f"SM120::BLOCKSCALED::SM120_16x8x{shape[2]}_TN_VS<{t},{t},float,{sft},{vs}>")
    return MmaOp(text, atom, {**fields, "shape_mnk": _c(shape), "sf_vec_size": C(vs)})


def warp_mxf4_op(ev, ab, acc, sf):
    """warp.MmaMXF4Op(ab_dtype, acc_dtype, sf_type): kind::mxf4, (16,8,64), VS 32."""
    return _sm120_op(ab, acc, sf, (16, 8, 64), 32, {"ab_dtype": ab, "acc_dtype": acc, "sf_type": sf})


def warp_mxf4nvf4_op(ev, ab, acc, sf):
    """warp.MmaMXF4NVF4Op(ab_dtype, acc_dtype, sf_type): kind::mxf4nvf4, (16,8,64), VS 16."""
    return _sm120_op(ab, acc, sf, (16, 8, 64), 16, {"ab_dtype": ab, "acc_dtype": acc, "sf_type": sf})


def warp_mxf8_op(ev, ab, acc, sf):
    """warp.MmaMXF8Op(ab_dtype, acc_dtype, sf_type): kind::mxf8, (16,8,32), VS 32."""
    return _sm120_op(ab, acc, sf, (16, 8, 32), 32, {"ab_dtype": ab, "acc_dtype": acc, "sf_type": sf})


_MXF8F6F4_PAIRS = (
    ("Float4E2M1FN", "Float8E4M3FN"),
    ("Float4E2M1FN", "Float8E5M2"),
    ("Float8E4M3FN", "Float4E2M1FN"),
    ("Float8E5M2", "Float4E2M1FN"),
)


def warp_mxf8f6f4_op(ev, a, b, acc, sf):
    """warp.MmaMXF8F6F4Op(a_dtype, b_dtype, acc_dtype, sf_type): FP4 x FP8 (either order), (16,8,32), VS 32: the
    SM120 catalog's SM120_16x8x32_TN_VS<a,b,float,float_ue8m0_t,32>."""
    _sm120_arch()
    if not _is(acc, "Float32"):
        raise CuteDumpError("expects the 'acc_dtype' Op parameter to be Float32" + _DUE)
    if not _is(sf, "Float8E8M0FNU"):
        raise CuteDumpError("expects the 'sf_type' Op parameter to be Float8E8M0FNU" + _DUE)
    fp8 = ("Float8E4M3FN", "Float8E5M2")
    an, bn = getattr(a, "name", str(a)), getattr(b, "name", str(b))
    if an == bn == "Float4E2M1FN":
        raise CuteDumpError(
            "same-dtype Float4E2M1FN/Float4E2M1FN is not supported by MmaMXF8F6F4Op; use MmaMXF4Op (sf_vec_size=32) "
            "or MmaMXF4NVF4Op (sf_vec_size=16) instead" + _DUE
        )
    if an == bn and an in fp8:
        raise CuteDumpError("same-dtype FP8/FP8 is not supported by MmaMXF8F6F4Op; use MmaMXF8Op instead" + _DUE)
    if an in fp8 and bn in fp8:
        raise CuteDumpError(
            "same-width mixed-FP8 (Float8E4M3FN + Float8E5M2) is not supported; supported MXF8F6F4 pairs are "
            "(Float4E2M1FN x Float8E4M3FN/Float8E5M2) and the reverse" + _DUE
        )
    if (an, bn) not in _MXF8F6F4_PAIRS:
        raise CuteDumpError(
            f"unsupported (a_dtype, b_dtype) = ({a}, {b}) for MmaMXF8F6F4Op; FP6 mixed pairs are not supported" + _DUE
        )
    text = (
        "warp-level MXF8F6F4 mixed-precision MMA Operation"
        + f"\n  A data type           = {a}"
        + f"\n  B data type           = {b}"
        + f"\n  Accumulator data type = {acc}"
        + "\n  Instruction shape MNK = (16, 8, 32)"
        + "\n  Vector size           = 32"
        + f"\n  SF data type          = {sf}"
    )
    atom = mma_atom(
        f"SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<{_SM120_TYPE[an]},{_SM120_TYPE[bn]},float,float_ue8m0_t,32>"
    )
    fields = {"a_dtype": a, "b_dtype": b, "acc_dtype": acc, "sf_type": sf, "shape_mnk": _c((16, 8, 32))}
    return MmaOp(text, atom, {**fields, "sf_vec_size": C(32)})


def dsl_arch() -> str:
    """The arch the DSL traces for: ``CUTE_DSL_ARCH``, or sm_100a when it is unset (what nvidia-cutlass-dsl 4.8.1
    targets on a machine without a GPU). Its MMA and copy ops check it (warpgroup ops: sm_90a; tcgen05: the
    sm_100/103/107/110 families), and so does cutedump."""
    return os.environ.get("CUTE_DSL_ARCH") or "sm_100a"


#: the archs the DSL's tcgen05 ops admit (the sm_100f / sm_110f families) and its block-scaled ones
_TC_ARCHS = frozenset(f"sm_{n}{x}" for n in (100, 103, 107, 110) for x in "af")
_BS_ARCHS = frozenset({"sm_100a", "sm_100f", "sm_103a", "sm_107a", "sm_110a"})


def _need_arch(ok, what):
    """``what`` (the op's name: the message names it where the call does not) refuses archs not in ``ok``."""
    a = dsl_arch()
    if a not in ok:
        want = "sm_90a" if ok == {"sm_90a"} else "one of the sm_100/103/107/110 families"
        raise CuteDumpError(
            f"{what} expects arch to be {want}, but got {a} (DSLUserCodeError: the CuTe DSL's target arch is "
            "CUTE_DSL_ARCH, sm_100a when unset)"
        )


def _arch_major() -> int:
    digits = "".join(ch for ch in dsl_arch() if ch.isdigit())
    return int(digits) // 10 if digits else 0


def wg_op(ev, *args, name=""):
    """A warpgroup name 4.8.1 does not have (warpgroup.MmaTF32Op)."""
    raise CuteDumpError(f"module 'cutlass.cute.nvgpu.warpgroup' has no attribute '{name}' (AttributeError)")


wg_op.dsl_named = True

_WG_NAMES = {
    "MmaF16BF16Op": ("warpgroup F16/BF16 MMA Operation", 16),
    "MmaF8Op": ("warpgroup F8 MMA Operation", 32),
    "MmaI8Op": ("warpgroup I8 MMA Operation", 32),
}
_GMMA_TYPE = {
    "Float16": "F16",
    "BFloat16": "BF16",
    "Float32": "F32",
    "Float8E4M3FN": "E4M3",
    "Float8E5M2": "E5M2",
    "Int8": "S8",
    "Uint8": "U8",
    "Int32": "S32",
}


def _wg_op(kind, a, b, acc, shape, src, am, bm):
    """warpgroup.MmaOp.__post_init__ and the op's _verify (cutlass/cute/nvgpu/warpgroup/mma.py), in their order."""
    _need_arch({"sm_90a"}, f"warpgroup.{kind}")
    _enum(src, "OperandSource", "a_src")
    if src.name == "TMEM" or src.space == "tcgen05":
        raise CuteDumpError(f"expects the 'a_src' Op parameter to be a warpgroup.OperandSource instance {_DT}")
    _enum(am, "OperandMajorMode", "a_major_mode")
    _enum(bm, "OperandMajorMode", "b_major_mode")
    t = _ints(shape)
    if t is None or len(t) not in (2, 3):
        raise CuteDumpError(f"expected a flat rank 2 or 3 tuple for the 'shape_mnk' Op parameter {_DT}")
    m, n = t[0], t[1]
    if m != 64:
        raise CuteDumpError(f"expects the M-mode to be 64, but got {m} {_DT}")
    if n < 8 or n > 256 or n % 8:
        raise CuteDumpError(f"expects the N-mode to satisfy 8 <= N <= 256 and N % 8 == 0. but got {n} {_DT}")
    title, k = _WG_NAMES[kind]
    if kind == "MmaF16BF16Op":
        if not _is(a, "Float16", "BFloat16"):
            raise CuteDumpError(f"expects the 'ab_dtype' Op parameter to be one of Float16 or BFloat16 {_DT}")
        if not _is(acc, "Float16", "Float32"):
            raise CuteDumpError(f"expects the 'acc_dtype' Op parameter to be one of Float16 or Float32 {_DT}")
        if a.name == "BFloat16" and acc.name != "Float32":
            raise CuteDumpError(f"expects the 'acc_dtype' Op parameter to be Float32 when 'ab_dtype' is BFloat16 {_DT}")
    elif kind == "MmaF8Op":
        if not (_is(a, "Float8E5M2", "Float8E4M3FN") and _is(b, "Float8E5M2", "Float8E4M3FN")):
            raise CuteDumpError(f"expects the 'a_dtype'/'b_dtype' Op parameters to be Float8E5M2 or Float8E4M3FN {_DT}")
        if not _is(acc, "Float16", "Float32"):
            raise CuteDumpError(f"expects the 'acc_dtype' Op parameter to be one of Float16 or Float32 {_DT}")
    else:
        if not (_is(a, "Int8", "Uint8") and _is(b, "Int8", "Uint8")):
            raise CuteDumpError(f"expects the 'a_dtype'/'b_dtype' Op parameters to be Int8 or Uint8 {_DT}")
        if not _is(acc, "Int32"):
            raise CuteDumpError(f"expects the 'acc_dtype' Op parameter must be Int32 {_DT}")
    if len(t) == 2:
        t = (*t, k)
    if t[2] != k:
        raise CuteDumpError(f"expects the instruction extent in the K-mode to be {k}, but got {t[2]} {_DT}")
    if kind == "MmaI8Op" and not (n == 8 or n == 24 or n % 16 == 0):
        raise CuteDumpError(f"expects the N-mode to satisfy N=8*i where i={{1,2,3,4}} or N=16*i, but got {n} {_DT}")
    text = (
        title
        + f"\n  A data type           = {a}"
        + f"\n  B data type           = {b}"
        + f"\n  Accumulator data type = {acc}"
        + f"\n  A source location     = {src!r}"
        + f"\n  A major mode          = {am!r}"
        + f"\n  B major mode          = {bm!r}"
        + f"\n  Instruction shape MNK = {_py(t)}"
    )
    ss = "SS" if src.name == "SMEM" else "RS"
    types = f"{_GMMA_TYPE[acc.name]}{_GMMA_TYPE[a.name]}{_GMMA_TYPE[b.name]}"
    # the GMMA atom's layouts do not depend on the majors (the DSL takes any: C++'s K-major atom stands for them)
    if kind == "MmaF16BF16Op":
        cpp = f"SM90_64x{n}x{k}_{types}_{ss}<GMMA::Major::K,GMMA::Major::K>"
    else:
        cpp = f"SM90_64x{n}x{k}_{types}_{ss}_TN"

    def atom():
        g = mma_atom(cpp)
        c = g.layout_c_tv
        if n == 8:  # CLayout_64x8 ((4,8,4),(2,2,1)): the DSL's has no trailing size-1 mode
            c = Layout((c.shape[0], c.shape[1][:2]), (c.stride[0], c.stride[1][:2]))
        return _Atom(g.name, g.thr_id, g.shape_mnk, g.layout_a_tv, g.layout_b_tv, c)

    fields = {
        "a_dtype": a,
        "b_dtype": b,
        "acc_dtype": acc,
        "shape_mnk": _c(t),
        "a_src": src,
        "a_major_mode": am,
        "b_major_mode": bm,
    }
    return MmaOp(text, atom, fields)


def wg_f16bf16_op(ev, ab, acc, shape, src, am, bm):
    return _wg_op("MmaF16BF16Op", ab, ab, acc, shape, src, am, bm)


def wg_f8_op(ev, a, b, acc, shape, src, am, bm):
    return _wg_op("MmaF8Op", a, b, acc, shape, src, am, bm)


def wg_i8_op(ev, a, b, acc, shape, src, am, bm):
    return _wg_op("MmaI8Op", a, b, acc, shape, src, am, bm)


def sm90_trivial_tiled_mma(ev, a, b, am, bm, acc, atom_layout, tiler_mn, src):
    """hopper_helpers.make_trivial_tiled_mma(a_dtype, b_dtype, a_leading_mode, b_leading_mode, acc_dtype,
    atom_layout_mnk, tiler_mn, a_source=SMEM)."""
    src = src if src is not None else Enum_("OperandSource", "SMEM")
    if not isinstance(tiler_mn, tuple):
        raise CuteDumpError("make_trivial_tiled_mma: tiler_mn must be a tuple (M, N) (TypeError)")
    if _is(a, "Float16", "BFloat16"):
        if not _is(b, a.name):
            raise CuteDumpError(f"Type mismatch: {a!r} != {b!r} (TypeError)")
        op = _wg_op("MmaF16BF16Op", a, a, acc, (*tiler_mn, C(16)), src, am, bm)
    elif _is(a, "Float8E4M3FN", "Float8E5M2") and _is(b, "Float8E4M3FN", "Float8E5M2"):
        op = _wg_op("MmaF8Op", a, b, acc, (*tiler_mn, C(32)), src, am, bm)
    elif _is(a, "Int8", "Uint8") and _is(b, "Int8", "Uint8"):
        op = _wg_op("MmaI8Op", a, b, acc, (*tiler_mn, C(32)), src, am, bm)
    else:
        raise CuteDumpError(f"unsupported a_dtype and b_dtype, got {a!r} and {b!r} (TypeError)")
    return make_tiled_mma(ev, op, atom_layout, None)


_TC_NAMES = {
    "MmaF16BF16Op": ("tcgen05 F16/BF16 MMA Operation", 16),
    "MmaTF32Op": ("tcgen05 TF32 MMA Operation", 8),
    "MmaI8Op": ("tcgen05 I8 MMA Operation", 32),
    "MmaFP8Op": ("tcgen05 F8 MMA Operation", 32),
    "MmaF8F6F4Op": ("tcgen05 F8F6F4 MMA Operation", 32),
}
_F8F6F4 = ("Float8E5M2", "Float8E4M3FN", "Float6E3M2FN", "Float6E2M3FN", "Float4E2M1FN")
_DT = "(DSLUserCodeError)"


def _tc_op(kind, a, b, acc, shape, cta, src, am, bm):
    """tcgen05.MmaOp.__post_init__ and the op's _verify (cutlass/cute/nvgpu/tcgen05/mma.py), in their order."""
    _need_arch(_TC_ARCHS, f"tcgen05.{kind}")
    _enum(cta, "CtaGroup", "cta_group")
    _enum(src, "OperandSource", "a_src")
    if src.name == "RMEM" or src.space == "warpgroup":
        raise CuteDumpError(f"expects the 'a_src' Op parameter to be a tcgen05.OperandSource instance {_DT}")
    _enum(am, "OperandMajorMode", "a_major_mode")
    _enum(bm, "OperandMajorMode", "b_major_mode")
    t = _ints(shape)
    if t is None or len(t) not in (2, 3):
        raise CuteDumpError(f"expected a flat rank 2 or 3 tuple for the 'shape_mnk' Op parameter {_DT}")
    m, n = t[0], t[1]
    b8mn = isinstance(b, DType) and b.bits == 8 and bm.name == "MN"
    if cta.name == "ONE":
        if m not in (64, 128):
            raise CuteDumpError(f"expects the M-mode to be 64 or 128, but got {m} {_DT}")
        lo, step = (16, 16) if b8mn else (8, 8)
    else:
        if m not in (128, 256):
            raise CuteDumpError(f"expects the M-mode to be 128 or 256, but got {m} {_DT}")
        lo, step = (32, 32) if b8mn else (16, 16)
    if n < lo or n > 256 or n % step:
        raise CuteDumpError(f"expects the N-mode to satisfy {lo} <= N <= 256 and N % {step} == 0, but got {n} {_DT}")
    title, k = _TC_NAMES[kind]
    ok = {
        "MmaF16BF16Op": lambda: _is(a, "Float16", "BFloat16"),
        "MmaTF32Op": lambda: True,
        "MmaI8Op": lambda: _is(a, "Int8", "Uint8"),
        "MmaFP8Op": lambda: _is(a, "Float8E5M2", "Float8E4M3FN"),
        "MmaF8F6F4Op": lambda: _is(a, *_F8F6F4) and _is(b, *_F8F6F4),
    }[kind]
    if not ok():
        raise CuteDumpError(f"{kind}: unsupported operand types {a!r}, {b!r} {_DT}")
    if kind in ("MmaF16BF16Op", "MmaFP8Op", "MmaF8F6F4Op") and not _is(acc, "Float16", "Float32"):
        raise CuteDumpError(f"expects the 'acc_dtype' Op parameter to be one of Float16 or Float32 {_DT}")
    if len(t) == 2:
        t = (*t, k)
    if t[2] != k:
        raise CuteDumpError(f"expects the instruction extent in the K-mode to be {k}, but got {t[2]} {_DT}")
    text = (
        title
        + f"\n  A data type           = {a}"
        + f"\n  B data type           = {b}"
        + f"\n  Accumulator data type = {acc}"
        + f"\n  CTA group             = {cta!r}"
        + f"\n  A source location     = {src!r}"
        + f"\n  A major mode          = {am!r}"
        + f"\n  B major mode          = {bm!r}"
        + f"\n  Instruction shape MNK = {_py(t)}"
    )
    v = 1 if cta.name == "ONE" else 2
    M, N, K = t

    def atom():
        if src.name == "TMEM" and am.name == "MN":
            raise CuteDumpError("a operand must be of major-mode k when coming from tmem (TypeError)")
        return _Atom(
            f"tcgen05.{kind}",
            _lay(1, 0) if v == 1 else _lay(2, 1),
            t,
            _lay((v, (M // v, K)), (M // v, (1, M))),
            _lay((v, (N // v, K)), (N // v, (1, N))),
            _lay((v, (M // v, N)), (M // v, (1, M))),
        )

    fields = {
        "a_dtype": a,
        "b_dtype": b,
        "acc_dtype": acc,
        "shape_mnk": _c(t),
        "cta_group": cta,
        "a_src": src,
        "a_major_mode": am,
        "b_major_mode": bm,
    }
    return MmaOp(text, atom, fields)


def tc_f16bf16_op(ev, ab, acc, shape, cta, src, am, bm):
    return _tc_op("MmaF16BF16Op", ab, ab, acc, shape, cta, src, am, bm)


def tc_tf32_op(ev, shape, cta, src, am, bm):
    return _tc_op(
        "MmaTF32Op", DType("TFloat32", 32), DType("TFloat32", 32), DType("Float32", 32), shape, cta, src, am, bm
    )


def tc_i8_op(ev, ab, shape, cta, src, am, bm):
    return _tc_op("MmaI8Op", ab, ab, DType("Int32", 32), shape, cta, src, am, bm)


def tc_fp8_op(ev, ab, acc, shape, cta, src, am, bm):
    return _tc_op("MmaFP8Op", ab, ab, acc, shape, cta, src, am, bm)


def tc_f8f6f4_op(ev, a, b, acc, shape, cta, src, am, bm):
    return _tc_op("MmaF8F6F4Op", a, b, acc, shape, cta, src, am, bm)


# ---- MMA atoms and tiled MMAs -------------------------------------------------------------------------------


def _lines(rows, width):
    return "".join(f"\n  {k + ':':<{width}} {v}" for k, v in rows)


class DslMmaAtom:
    __slots__ = ("atom", "op")

    def __init__(self, atom, op=None):
        self.atom, self.op = atom, op

    def rows(self, fmt):
        a = self.atom
        return [
            ("ThrID", fmt(a.thr_id)),
            ("Shape MNK", "(" + ",".join(str(int(x)) for x in a.shape_mnk) + ")"),
            ("TV Layout A", fmt(a.layout_a_tv)),
            ("TV Layout B", fmt(a.layout_b_tv)),
            ("TV Layout C", fmt(a.layout_c_tv)),
        ]

    def dsl_str(self, fmt):
        return "MMA Atom" + _lines(self.rows(fmt), 12)

    def __repr__(self):
        return f"an MMA atom ({self.atom.name})"

    def dsl_attr(self, name):
        a = self.atom
        table = {
            "thr_id": a.thr_id,
            "shape_mnk": a.shape_mnk,
            "tv_layout_A": a.layout_a_tv,
            "tv_layout_B": a.layout_b_tv,
            "tv_layout_C": a.layout_c_tv,
        }
        if name == "op" and self.op is not None:
            return self.op
        if name not in table:
            raise CuteDumpError(f"an MMA atom has no attribute {name!r} here ({', '.join(table)})")
        return table[name]


class DslTiledMma(DslMmaAtom):
    __slots__ = ("tiled",)

    def __init__(self, atom, tiled, op=None):
        super().__init__(atom, op)
        self.tiled = tiled

    def dsl_str(self, fmt):
        perm = "(" + ",".join("_" if p is UNDERSCORE else fmt(_tile_layout(p)) for p in self.tiled.permutation) + ")"
        return (
            "Tiled MMA"
            + _lines([("Thr Layout VMNK", fmt(self.tiled.thr_layout_vmnk)), ("Permutation MNK", perm)], 16)
            + "\nMMA Atom"
            + _lines(self.rows(fmt), 16)
        )

    def dsl_size(self):
        return L.size(self.tiled.thr_layout_vmnk)

    def __repr__(self):
        return f"a tiled MMA ({self.atom.name})"

    def partition_shape(self, which, shape):
        """partition_shape_A/B/C(shape) as the DSL answers it: the atom's values per thread, then each mode of the
        shape divided (CuTe's shape_div: a mode smaller than the tile, dividing it, is 1) by the atom's extent times
        the threads along it; the permutation does not enter."""
        i, j = {"A": (0, 2), "B": (1, 2), "C": (0, 1)}[which]
        t = self.tiled
        if not isinstance(shape, tuple) or len(shape) < 2:
            raise CuteDumpError(f"partition_shape_{which}: expected a shape of two modes or more, got {shape!r}")
        shape, extra = shape[:2], shape[2:]  # the modes past the two: as they are, after (the DSL's answer)
        tiles = [int(L.size(self.atom.shape_mnk[k])) * int(L.size(t.thr_layout_vmnk, k + 1)) for k in (i, j)]
        base = TiledMMA(self.atom, t.atom_layout_mnk, (UNDERSCORE, UNDERSCORE, UNDERSCORE))
        vals = base.partition_shape(which, (C(tiles[0]), C(tiles[1])))[0]
        rest = []
        for x, tile in zip(shape, tiles):
            n = int(L.size(x))
            if n % tile and tile % n:
                raise CuteDumpError(
                    f"partition_shape_{which}: {n} and the tile {tile} do not divide one another (MLIRError)"
                )
            rest.append(C(max(1, n // tile)))
        return (vals, *rest, *extra)

    def dsl_attr(self, name):
        if name == "thr_layout_vmnk":
            return self.tiled.thr_layout_vmnk
        if name in ("tv_layout_A_tiled", "tv_layout_B_tiled", "tv_layout_C_tiled"):
            return getattr(self.tiled, f"get_layout{name[10]}_TV")()
        if name == "permutation_mnk" and all(p is UNDERSCORE for p in self.tiled.permutation):
            return (UNDERSCORE, UNDERSCORE, UNDERSCORE)
        if name == "permutation_mnk":  # each given mode as a layout (an int n: n:1), as the DSL gives them back
            return tuple(p if p is UNDERSCORE else _tile_layout(p) for p in self.tiled.permutation)
        if name == "size":
            return self.dsl_size()
        return super().dsl_attr(name)

    def dsl_method(self, name, args, kwargs):
        if name in ("partition_shape_A", "partition_shape_B", "partition_shape_C"):
            if len(args) != 1 or kwargs:
                raise CuteDumpError(f"{name}(shape) takes one shape")
            return self.partition_shape(name[-1], args[0])
        if name == "get_tile_size":
            i = int(args[0])
            return self.tiled.tile_size_mnk(i)
        if name == "get_slice":  # a ThrMma prints as its tiled MMA
            if len(args) != 1 or kwargs or isinstance(args[0], bool) or not isinstance(args[0], int):
                raise CuteDumpError("get_slice(thr_idx) takes one thread index")
            return DslThrMma(self.atom, self.tiled, self.op, args[0])
        if name in ("make_fragment_A", "make_fragment_B", "make_fragment_C"):
            if len(args) != 1 or kwargs:
                raise CuteDumpError(f"{name}(tensor) takes one tensor")
            return self.make_fragment(name[-1], args[0])
        if name in ("partition_A", "partition_B", "partition_C") and isinstance(self, DslThrMma):
            if len(args) != 1 or kwargs or not hasattr(args[0], "dsl_with_layout"):
                raise CuteDumpError(f"{name}: expects a tensor (cute.make_tensor(ptr, layout))")
            return self.partition(name[-1], args[0])
        raise CuteDumpError(
            f"a tiled MMA has no method {name!r} here (partition_shape_A/B/C, get_tile_size, get_slice, "
            "make_fragment_A/B/C; a thread's slice: partition_A/B/C)"
        )

    def _dtype(self, which):
        f = getattr(self.op, "fields", None) or {}
        key = {"A": ("a_dtype", "ab_dtype"), "B": ("b_dtype", "ab_dtype"), "C": ("acc_dtype",)}[which]
        for k in key:
            if f.get(k) is not None:
                return f[k]
        return None

    def _umma_fragment(self, which, t):
        return _umma_fragment_impl(self, which, t)

    def make_fragment(self, which, t):
        """make_fragment_A/B/C(tensor) of a warp-level MMA (mma.sync): a register tensor (A, B: the tensor's element
        type over make_fragment_like of its layout; C: the accumulator type over the compact layout of its shape), aligned to the bytes one atom's values take per thread (at
        most 32, a register tensor's alignment)."""
        if getattr(self.op, "text", "").startswith("tcgen05"):
            return self._umma_fragment(which, t)
        if not _is_warp_op(self.op):
            head = getattr(self.op, "text", "an MMA atom").splitlines()[0]
            raise CuteDumpError(
                f"make_fragment_{which} of a {head} (its fragment is a shared-memory descriptor) is not modelled here"
            )
        if not isinstance(t, DslTensor):
            raise CuteDumpError(f"make_fragment_{which}: expects a tensor (a thread's partition), got {t!r}")
        dt = self._dtype(which) if which == "C" else t.ptr.dtype
        from cutedump.expr.functions import _make_fragment_like  # start-up: only for a fragment

        # CuTe's make_fragment_A/B: make_fragment_like of the partition; make_fragment_C: a compact tensor of its shape
        lay = L.make_layout(t.layout.shape) if which == "C" else _make_fragment_like(t.layout)
        n = int(L.size(lay.shape[0] if isinstance(lay.shape, tuple) else lay.shape))
        align = min(32, max(1, n * dt.bits // 8))
        return DslTensor(DslPointer(dt, "rmem", align), lay)


def _umma_fragment_impl(self, which, t):
    """make_fragment_A/B/C of a tcgen05 MMA (CuTe's UMMA FrgTypes): A and B of a tensor in shared memory are
    ``UMMA::smem_desc`` tensors (``MakeTensor<smem_desc>``: the layout recast to 128-bit units, mode 0 replaced by
    1:0), printed as the DSL prints its descriptor tensors; C of a shape (or a tensor's shape) is the TMEM accumulator
    fragment (``tmem_frg``: CuTe's make_tensor<FrgTypeC>(shape)), a tmem pointer of the accumulator type."""
    from cutedump.atoms.tmem import tmem_frg_make  # start-up: only for a UMMA fragment

    if which == "C":
        shape = t.layout.shape if isinstance(t, DslTensor) else t
        if not isinstance(shape, tuple):
            raise CuteDumpError(f"make_fragment_C: expects a shape or a tensor, got {t!r}")
        acc = self._dtype("C")
        if acc is None and "BlockScaled" in self.op.text.splitlines()[0]:
            acc = DType("Float32", 32)  # a block-scaled UMMA accumulates in f32 (its op takes no acc_dtype)
        fields = getattr(self.op, "fields", None) or {}
        n_sm = int(L.size(self.atom.thr_id))
        src = fields.get("a_src")
        # CuTe's FrgTypeC: tmem_frg_1sm<c, int32_t, NonInterleaved> for a 1-CTA TS atom, else tmem_frg<c, uint32_t, N_SM>
        ts = n_sm == 1 and getattr(src, "name", "") == "TMEM"
        value = _CPP_VALUE.get(acc.name)
        if value is None:
            raise CuteDumpError(f"make_fragment_C: a {acc.name} accumulator in TMEM is not modelled here")
        storage, alloc = ("int32_t", "NonInterleaved") if ts else ("uint32_t", "Interleaved")
        frg = tmem_frg_make(value, storage, n_sm, alloc, shape)
        return DslTensor(DslPointer(acc, "tmem", 1), frg.layout)
    if not isinstance(t, DslTensor) or isinstance(t, DslDescTensor):
        raise CuteDumpError(f"make_fragment_{which}: expects a tensor in shared memory, got {t!r}")
    if t.ptr.space != "smem":
        raise CuteDumpError(
            f"make_fragment_{which}: a tcgen05 MMA's {which} fragment is a descriptor of a tensor in smem, got one in "
            f"{t.ptr.space} (the DSL's fragment verification)"
        )
    lay = recast_layout(t.layout, t.ptr.dtype.bits, 128)
    shp, std = lay.shape, lay.stride
    if not isinstance(shp, tuple):
        return DslDescTensor(DslDescIter(t.ptr), Layout(C(1), C(0)))
    return DslDescTensor(DslDescIter(t.ptr), Layout((C(1), *shp[1:]), (C(0), *std[1:])))


def _is_warp_op(op):
    """A warp-level MMA op (cute.nvgpu.warp: mma.sync, its print's first line ``warp-level ...``): its fragments are
    registers."""
    return getattr(op, "text", "").startswith("warp-level")


class DslThrMma(DslTiledMma):
    """``tiled_mma.get_slice(tidx)``: prints as its tiled MMA; ``partition_A/B/C(tensor)`` of a tensor over memory is
    CuTe's ThrMMA's, the iterator moved to the thread's first element (a run-time index: the offset's divisibility
    as the algebra's Dyn carries it)."""

    __slots__ = ("idx",)

    def __init__(self, atom, tiled, op, idx):
        super().__init__(atom, tiled, op)
        self.idx = idx

    def partition(self, which, t):
        from cutedump.atoms.mma import ThrMMA, _flat_coord  # start-up: only for a thread's partitions

        thr = ThrMMA.__new__(ThrMMA)  # the DSL takes any index (the layout's slice answers it)
        thr.tiled, thr.thr_idx = self.tiled, self.idx
        thr.thr_vmnk = _flat_coord(self.tiled.thr_layout_vmnk, self.idx)
        layout, off = getattr(thr, f"partition_{which}")(t.layout)
        return t.dsl_with_layout(layout, off)


def _tile_layout(p):
    """A permutation's mode as the DSL prints it: an int n is the layout n:1."""
    return p if isinstance(p, Layout) else Layout(p, C(1))


def make_mma_atom(ev, op):
    if not isinstance(op, MmaOp):
        raise CuteDumpError(f"make_mma_atom: expected an MMA op (cute.nvgpu.warp.MmaF16BF16Op(...)), got {op!r}")
    return DslMmaAtom(op.make_atom(), op)


def make_tiled_mma(ev, op, atom_layout_mnk, permutation_mnk):
    if isinstance(op, DslMmaAtom) and not isinstance(op, DslTiledMma):
        atom, src = op.atom, op.op
    elif isinstance(op, MmaOp):
        atom, src = op.make_atom(), op
    else:
        raise CuteDumpError(f"make_tiled_mma: expected an MMA op or atom, got {op!r} (TypeError)")
    thr = atom_layout_mnk if atom_layout_mnk is not None else (C(1), C(1), C(1))
    if not isinstance(thr, Layout):
        thr = L.make_layout(thr)
    if not isinstance(thr.shape, tuple) or len(thr.shape) != 3:
        raise CuteDumpError(f"make_tiled_mma: expects rank-3 MNK atom layout, but got {thr} (ValueError)")
    perm = permutation_mnk
    if perm is None:
        perm = (UNDERSCORE, UNDERSCORE, UNDERSCORE)
    elif not isinstance(perm, tuple) or len(perm) != 3:
        raise CuteDumpError("make_tiled_mma: permutation_mnk must be a tuple (M, N, K)")
    else:
        perm = tuple(UNDERSCORE if p is None else p for p in perm)
    return DslTiledMma(atom, TiledMMA(atom, thr, perm), src)


# ---- the Blackwell helpers (cutlass/utils/blackwell_helpers.py) ---------------------------------------------


def sm100_trivial_tiled_mma(ev, a, b, am, bm, acc, cta, mn, src, ab_dtype):
    """make_trivial_tiled_mma(a_dtype, b_dtype, a_leading_mode, b_leading_mode, acc_dtype, cta_group, mma_tiler_mn,
    a_source=SMEM), or the deprecated (ab_dtype, a_leading_mode, b_leading_mode, acc_dtype, cta_group,
    mma_tiler_mn, a_source)."""
    if ab_dtype is not None:
        a = b = ab_dtype
    elif b is not None and not isinstance(b, DType):  # the legacy positional form: every argument one to the left
        a, b, am, bm, acc, cta, mn, src = a, a, b, am, bm, acc, cta, mn
    for what, x in (
        ("a_dtype", a),
        ("a_leading_mode", am),
        ("b_leading_mode", bm),
        ("acc_dtype", acc),
        ("cta_group", cta),
        ("mma_tiler_mn", mn),
    ):
        if x is None:
            raise CuteDumpError(f"make_trivial_tiled_mma() missing required argument(s): {what} (TypeError)")
    if b is None:
        raise CuteDumpError("make_trivial_tiled_mma() missing required argument(s): b_dtype (TypeError)")
    src = src if src is not None else Enum_("OperandSource", "SMEM")
    if not isinstance(mn, tuple):
        raise CuteDumpError(f"make_trivial_tiled_mma: mma_tiler_mn must be a tuple (M, N), got {mn!r} (TypeError)")

    def shape(k):
        return (*mn, C(k))

    if _is(a, "Float16", "BFloat16") and _is(b, a.name):
        op = _tc_op("MmaF16BF16Op", a, a, acc, shape(16), cta, src, am, bm)
    elif _is(a, "TFloat32", "Float32") and _is(b, a.name):
        tf = DType("TFloat32", 32)
        op = _tc_op("MmaTF32Op", tf, tf, DType("Float32", 32), shape(8), cta, src, am, bm)
    elif _is(a, "Uint8", "Int8") and _is(b, a.name):
        op = _tc_op("MmaI8Op", a, a, DType("Int32", 32), shape(32), cta, src, am, bm)
    elif _is(a, *_F8F6F4) and _is(b, *_F8F6F4):
        op = _tc_op("MmaF8F6F4Op", a, b, acc, shape(32), cta, src, am, bm)
    else:
        raise CuteDumpError(f"unsupported a_dtype/b_dtype, got a_dtype: {a!r}, b_dtype: {b!r} (TypeError)")
    return make_tiled_mma(ev, op, None, None)


def _tc_tiled(x, what):
    if not isinstance(x, DslTiledMma) or not isinstance(x.atom, _Atom) or not x.atom.name.startswith("tcgen05"):
        raise CuteDumpError(f"{what}: expected a tcgen05 tiled MMA (make_trivial_tiled_mma(...)), got {x!r}")
    return x


def _atom_kind_ab(major, dtype, shape, sparsity=1):
    """get_smem_layout_atom_ab(major_mode, element_type, smem_shape_mn_k)."""
    _enum(major, "OperandMajorMode", "major_mode")
    _dt(dtype, "get_smem_layout_atom_ab")
    k = major.name == "K"
    size = int(L.size(shape[1] if k else shape[0])) if isinstance(shape, tuple) else None
    if size is None:
        raise CuteDumpError("get_smem_layout_atom_ab: smem_shape_mn_k must be a tuple (MN, K)")
    if size % 8:
        raise CuteDumpError(f"get_smem_layout_atom_ab: assert major_mode_size % 8 == 0 (got {size}) (AssertionError)")
    bits = size * dtype.bits
    if k:
        bits //= int(sparsity)
    if bits % 128:
        raise CuteDumpError(
            f"get_smem_layout_atom_ab: assert major_mode_size_bits % 128 == 0 (got {bits}) (AssertionError)"
        )
    if not k and dtype.bits == 32 and bits % 1024 == 0:
        return Enum_("SmemLayoutAtomKind", "MN_SW128_32B")
    for swz, n in (("SW128", 1024), ("SW64", 512), ("SW32", 256)):
        if bits % n == 0:
            return Enum_("SmemLayoutAtomKind", f"{'K' if k else 'MN'}_{swz}")
    return Enum_("SmemLayoutAtomKind", f"{'K' if k else 'MN'}_INTER")


def sm100_smem_layout_atom_ab(ev, major, dtype, shape, sparsity):
    return _atom_kind_ab(major, dtype, shape, 1 if sparsity is None else sparsity)


def _sm100_smem_ab(ev, which, tiled, tiler, dtype, stages, is_k_major):
    tiled = _tc_tiled(tiled, f"make_smem_layout_{which}")
    _dt(dtype, f"make_smem_layout_{which}")
    _need_stages(stages, f"make_smem_layout_{which}")
    if not isinstance(tiler, tuple) or len(tiler) != 3:
        raise CuteDumpError(f"make_smem_layout_{which}: mma_tiler_mnk must be a tuple (M, N, K)")
    op = tiled.op.fields
    if is_k_major is None:
        k_major = op[f"{which}_major_mode"].name == "K"
    else:
        k_major = bool(is_k_major)
    major = Enum_("OperandMajorMode", "K" if k_major else "MN")
    mk = (tiler[0], tiler[2]) if which == "a" else (tiler[1], tiler[2])
    s = tiled.partition_shape(which.upper(), mk)
    mn_k = (L.size(s[0][0]) * s[1], L.size(s[0][1]) * s[2])
    kind = _atom_kind_ab(major, dtype, mn_k)
    atom = _smem_atom(ev, kind, dtype, ns="tcgen05")
    shape = (*s, stages)
    order = (C(1), C(2), C(3)) if k_major else (C(2), C(1), C(3))
    r = _keep_swizzle(atom, ev.call("tile_to_mma_shape", atom, shape, order))
    return _keep_swizzle(atom, ev.call("coalesce", r, shape))


def sm100_smem_layout_a(ev, tiled, tiler, dtype, stages, is_k_major):
    return _sm100_smem_ab(ev, "a", tiled, tiler, dtype, stages, is_k_major)


def sm100_smem_layout_b(ev, tiled, tiler, dtype, stages, is_k_major):
    return _sm100_smem_ab(ev, "b", tiled, tiler, dtype, stages, is_k_major)


def _epi_kind(layout_enum, dtype, tile):
    if not isinstance(layout_enum, Enum_) or layout_enum.cls != "LayoutEnum":
        raise CuteDumpError(f"expected a LayoutEnum (ROW_MAJOR or COL_MAJOR), got {layout_enum!r}")
    if not isinstance(tile, tuple):
        raise CuteDumpError("get_smem_layout_atom_epi: epi_tile must be a tuple")
    tma = tuple(L.coalesce(L.right_inverse(x)).shape if isinstance(x, Layout) else x for x in tile)
    major = Enum_("OperandMajorMode", "MN" if layout_enum.name == "COL_MAJOR" else "K")
    return _atom_kind_ab(major, dtype, tma)


def sm100_smem_layout_atom_epi(ev, layout_enum, dtype, tile):
    return _epi_kind(layout_enum, dtype, tile)


def sm100_smem_layout_epi(ev, dtype, layout_enum, tile, stage):
    """blackwell_helpers.make_smem_layout_epi(epi_dtype, epi_layout, epi_tile, epi_stage)."""
    _dt(dtype, "make_smem_layout_epi")
    if dtype.name == "Boolean":
        dtype = DType("Int8", 8)
    kind = _epi_kind(layout_enum, dtype, tile)
    _need_stages(stage, "make_smem_layout_epi")
    shape = product_each(tuple(x.shape if isinstance(x, Layout) else x for x in tile))
    atom = _smem_atom(ev, kind, dtype, ns="tcgen05")
    order = (C(0), C(1), C(2)) if layout_enum.name == "ROW_MAJOR" else (C(1), C(0), C(2))
    return _keep_swizzle(atom, ev.call("tile_to_shape", atom, ev.call("append", shape, stage), order))


def sm100_smem_layout(ev, major, tile, dtype, stages):
    """blackwell_helpers.make_smem_layout(leading_mode, smem_tile_shape, a_dtype, num_stages)."""
    kind = _atom_kind_ab(major, dtype, tile)
    _need_stages(stages, "make_smem_layout")
    atom = _smem_atom(ev, kind, dtype, ns="tcgen05")
    order = (C(0), C(1), C(2)) if major.name == "K" else (C(1), C(0), C(2))
    r = _keep_swizzle(atom, ev.call("tile_to_shape", atom, ev.call("append", tile, stages), order))
    return _keep_swizzle(atom, ev.call("coalesce", r, (C(1), C(1), C(1))))


# ---- copy ops -----------------------------------------------------------------------------------------------


class CopyOp:
    """A copy Op of the DSL: its print, and what its atoms are made of (``kind``: universal, g2s, matrix, tma)."""

    __slots__ = ("text", "kind", "catalog")

    def __init__(self, text, kind, catalog=None):
        self.text, self.kind, self.catalog = text, kind, catalog

    def dsl_str(self, fmt):
        return self.text

    def __repr__(self):
        return f"a copy op ({self.text.splitlines()[0]})"


def copy_universal_op(ev):
    return CopyOp("universal Copy Operation", "universal")


_SIMPLE_COPY = {
    "CopyG2ROp": "G2R copy operation",
    "CopyR2GOp": "R2G copy operation",
    "CopyS2ROp": "S2R copy operation",
    "CopyR2SOp": "R2S copy operation",
    "CopyBulkG2SOp": "cp.async GMEM -> SMEM bulk copy Operation",
    "CopyBulkS2GOp": "cp.async SMEM -> GMEM bulk copy Operation",
}


def simple_copy_op(ev, name=""):
    """cute.nvgpu.CopyG2ROp() / CopyR2GOp / CopyS2ROp / CopyR2SOp, cpasync.CopyBulkG2SOp(): their atoms are a
    thread's num_bits_per_copy, as the universal copy's (0 bits, the default: (1,1):(0,0))."""
    bulk = name.startswith("CopyBulk")
    if bulk and _arch_major() < 9:
        raise CuteDumpError(f"expects arch to be at least sm_90, but got {dsl_arch()} {_DT}")
    return CopyOp(_SIMPLE_COPY[name], "universal" if bulk else "typed")


simple_copy_op.dsl_named = True


def repetition(ev, n):
    """tcgen05.Repetition(n): the member x{n}."""
    if not isinstance(n, int) or int(n) not in (1, 2, 4, 8, 16, 32, 64, 128):
        raise CuteDumpError(f"{n!r} is not a valid Repetition (ValueError)")
    return Enum_("Repetition", f"x{int(n)}")


def copy_g2s_op(ev, cache_mode):
    text = "cp.async GMEM -> SMEM copy Operation"
    if cache_mode is not None:
        if not isinstance(cache_mode, Enum_) or cache_mode.cls != "LoadCacheMode":
            raise CuteDumpError(f"expects the 'cache_mode' Op parameter to be a LoadCacheMode instance {_DT}")
        if cache_mode.name != "ALWAYS":
            text += f"\n  with cache mode = {cache_mode!r}"
    return CopyOp(text, "g2s")


_TMA = {
    "CopyBulkTensorTileG2SOp": "cp.async GMEM -> SMEM bulk tensor copy Operation",
    "CopyBulkTensorTileG2SMulticastOp": "cp.async GMEM -> SMEM bulk tensor multicast copy Operation",
    "CopyBulkTensorTileS2GOp": "cp.async SMEM -> GMEM bulk tensor copy Operation",
}


def tma_op(ev, *cta, name=""):
    text = _TMA[name]
    if cta and cta[0] is not None:
        c = cta[0]
        if not isinstance(c, Enum_) or c.cls != "CtaGroup":
            raise CuteDumpError(f"expects the 'cta_group' parameter to be a CtaGroup instance {_DT}")
    if _arch_major() < 9:
        raise CuteDumpError(f"{name}: expects arch to be at least sm_90, but got {dsl_arch()} {_DT}")
    if cta and cta[0] is not None:
        if cta[0].name == "TWO" and _arch_major() == 9:
            raise CuteDumpError(f"CTA group of 2 is tcgen05-specific and is not compatible with {dsl_arch()} {_DT}")
        if cta[0].name == "TWO":
            text += "\n  CTA group = 2"
    return CopyOp(text, "tma")


tma_op.dsl_named = True

#: the warp's matrix copy ops: (transpose allowed, transpose required, numbers of matrices, unpacking allowed)
_MATRIX = {
    "LdMatrix8x8x16bOp": (True, False, (1, 2, 4), False),
    "StMatrix8x8x16bOp": (True, False, (1, 2, 4), False),
    "LdMatrix8x16x8bOp": (False, False, (1, 2, 4), True),
    "LdMatrix16x8x8bOp": (True, True, (2, 4), True),
    "LdMatrix16x16x8bOp": (True, True, (1, 2), True),
    "StMatrix16x8x8bOp": (True, True, (1, 2, 4), False),
}


def matrix_op(ev, transpose, num, unpack, name=""):
    """warp.LdMatrix*/StMatrix*Op(transpose=False, num_matrices=1, unpack_bits=None) (warp/copy.py)."""
    tr = False if transpose is None else transpose
    n = C(1) if num is None else num
    if not isinstance(tr, bool):
        raise CuteDumpError(f"expects the 'transpose' Op parameter to be a bool instance {_DT}")
    can_t, must_t, ns, can_unpack = _MATRIX[name]
    if tr and not can_t:
        raise CuteDumpError(f"{name}: Op doesn't support transpose {_DT}")
    if must_t and not tr:
        raise CuteDumpError(f"{name}: Op only supports transpose {_DT}")
    if not isinstance(n, int) or int(n) not in ns:
        raise CuteDumpError(f"expects the 'num_matrices' Op parameter to be one of [{','.join(map(str, ns))}] {_DT}")
    if unpack is not None and (not can_unpack or int(unpack) not in (4, 6)):
        raise CuteDumpError(f"{name}: Op doesn't support unpacking {_DT}")
    text = f"{name[:-2]} Copy Operation\n  number of matrices = {int(n)}"
    if tr:
        text += "\n  transposed"
    if unpack is not None:
        text += f"\n  unpack {int(unpack)}b to 8b"
    catalog = None
    n = int(n)
    if unpack is not None and name == "LdMatrix8x16x8bOp":
        catalog = f"SM100_SU{int(unpack)}_DU8x16_x{n}_LDSM_N"
    elif name == "LdMatrix16x16x8bOp":
        catalog = f"LdMatrix16x16x8b_x{n}"
    elif name in ("LdMatrix8x8x16bOp", "StMatrix8x8x16bOp", "LdMatrix8x16x8bOp"):
        pre = "SM90" if name.startswith("St") else "SM75"
        kind = "STSM" if name.startswith("St") else "LDSM"
        catalog = f"{pre}_U16x{2 * n}_{kind}_T" if tr else f"{pre}_U32x{n}_{kind}_N"
    elif name == "LdMatrix16x8x8bOp":
        catalog = f"SM100_U8x{4 * n}_LDSM_T"
    else:
        catalog = f"SM100_U8x{4 * n}_STSM_T"
    return CopyOp(text, "matrix", catalog)


#: the SM100 8-bit ldmatrix / stmatrix atoms' bit layouts (src, dst): cute/atom/copy_traits_sm100.hpp
_U8_T = "((_4,_8),(_8,_2,_2{})):((_256,_8),(_1,_128,_64{}))"
_SM100_MATRIX_BITS = {
    "SM100_U8x8_LDSM_T": ("((_2,_2,_4,_2),_128):((_128,_1024,_256,_0),_1)", _U8_T.format(",_2", ",_1024")),
    "SM100_U8x16_LDSM_T": ("((_2,_2,_4,_2),_128):((_128,_1024,_256,_2048),_1)", _U8_T.format(",_4", ",_1024")),
    "SM100_U8x4_STSM_T": (_U8_T.format("", ""), "((_8,_4),_128):((_128,_0),_1)"),
    "SM100_U8x8_STSM_T": (_U8_T.format(",_2", ",_1024"), "((_16,_2),_128):((_128,_0),_1)"),
    "SM100_U8x16_STSM_T": (_U8_T.format(",_4", ",_1024"), "(_32,_128):(_128,_1)"),
    **{
        f"SM100_SU{b}_DU8x16_x{n}_LDSM_N": (src, dst)
        for b in (4, 6)
        for n, src, dst in (
            (1, "((_8,_4),_128):((_128,_0),_1)", "(_32,_32):(_32,_1)"),
            (2, "((_16,_2),_128):((_128,_0),_1)", "(_32,(_32,_2)):(_32,(_1,_1024))"),
            (4, "(_32,_128):(_128,_1)", "(_32,(_32,_4)):(_32,(_1,_1024))"),
        )
    },
    # the DSL's 16x16 transposed 8-bit ldmatrix (its bit layouts as the DSL's atoms print them, times the width)
    "LdMatrix16x16x8b_x1": ("((_16,_2),_128):((_128,_0),_1)", "((_4,_8),(_8,_4,_2)):((_512,_8),(_1,_128,_64))"),
    "LdMatrix16x16x8b_x2": ("(_32,_128):(_128,_1)", "((_4,_8),(_8,_4,_2,_2)):((_512,_8),(_1,_128,_64,_2048))"),
}


def _matrix_atom(op, dtype):
    """An ldmatrix / stmatrix atom as the DSL makes it: the op's bit layouts recast to the value type (the DSL's
    recast: a thread mode the value type does not divide shrinks, where C++ CuTe refuses the atom)."""
    if op.catalog in _SM100_MATRIX_BITS:
        src, dst = (parse_layout(x) for x in _SM100_MATRIX_BITS[op.catalog])
    else:
        t = lookup_copy(op.catalog, "uint8_t")
        src, dst = parse_layout(t.src), parse_layout(t.dst)
    cpp = None
    if dtype.name in _CPP_VALUE and op.catalog not in _SM100_MATRIX_BITS:
        try:
            cpp = copy_atom(op.catalog, _CPP_VALUE[dtype.name])
        except CuteDumpError:
            cpp = None
    return DslCopyAtom(dtype, _lay(32, 1), _dsl_recast(src, dtype.bits), _dsl_recast(dst, dtype.bits), cpp)


def _dsl_recast(layout, bits):
    """A bit layout in units of ``bits``-wide values, as the DSL recasts it: CuTe's recast_layout where the width
    divides 128; for a 6-bit type the DSL rounds up (a unit-stride mode of n bits has ceil(n/6) values, a stride s
    becomes ceil(s/6))."""
    if 128 % bits == 0:
        return recast_layout(layout, 1, bits)

    def up(x):
        return -(-int(x) // bits)

    def walk(sh, st):
        if isinstance(sh, tuple):
            pairs = [walk(a, b) for a, b in zip(sh, st)]
            return tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)
        if int(st) == 1:
            return C(up(sh)), C(1)
        return sh, C(up(st))

    sh, st = walk(layout.shape, layout.stride)
    return Layout(sh, st)


matrix_op.dsl_named = True


# ---- copy atoms and tiled copies ----------------------------------------------------------------------------


class DslCopyAtom:
    """A copy atom: its thread layout and TV layouts as the DSL prints them, and its value type."""

    __slots__ = ("dtype", "thr_id", "src", "dst", "cpp", "tmem", "op")

    def __init__(self, dtype, thr_id, src, dst, cpp=None, tmem=None):
        self.dtype, self.thr_id, self.src, self.dst = dtype, thr_id, src, dst
        self.op = None  # the copy op it was made of (make_copy_atom sets it)
        self.tmem = tmem  # "load" / "store" for a TMEM copy atom
        self.cpp = cpp  # C++ CuTe's Copy_Atom of the same op and value type (cutedump.atoms.copy), if there is one

    def rows(self, fmt):
        return [
            ("ThrID", fmt(self.thr_id)),
            ("TV Layout Src", fmt(self.src)),
            ("TV Layout Dst", fmt(self.dst)),
            ("Value type", _MLIR.get(self.dtype.name, self.dtype.name)),
        ]

    def dsl_str(self, fmt):
        return "Copy Atom" + _lines(self.rows(fmt), 14)

    def __repr__(self):
        return f"a copy atom ({self.dtype.name})"

    def dsl_attr(self, name):
        table = {"thr_id": self.thr_id, "layout_src_tv": self.src, "layout_dst_tv": self.dst, "value_type": self.dtype}
        if self.op is not None:
            table["op"] = self.op
        if name not in table:
            raise CuteDumpError(f"a copy atom has no attribute {name!r} here ({', '.join(table)})")
        return table[name]


def make_copy_atom(ev, op, dtype, num_bits_per_copy):
    atom = _make_copy_atom(op, dtype, num_bits_per_copy)
    atom.op = op
    return atom


def _make_copy_atom(op, dtype, num_bits_per_copy):
    if not isinstance(op, CopyOp):
        raise CuteDumpError(f"make_copy_atom: expected a copy op (cute.nvgpu.CopyUniversalOp(), ...), got {op!r}")
    dtype = _dt(dtype, "make_copy_atom")
    if op.kind == "typed" and num_bits_per_copy is None:  # G2R, R2G, S2R, R2S: one value by default
        num_bits_per_copy = C(dtype.bits)
    if op.kind in ("universal", "g2s", "typed"):
        if num_bits_per_copy is None:
            if op.kind == "g2s":
                raise CuteDumpError(
                    "make_copy_atom: expects a 'num_bits_per_copy' kw argument of type int that is positive when "
                    "creating a copy Atom for CopyG2SOp (ValueError)"
                )
            tv = _lay((1, 1), (0, 0))
            return DslCopyAtom(dtype, _lay(1, 0), tv, tv, _universal_cpp(dtype, dtype.bits))
        bits = int(num_bits_per_copy)
        if bits <= 0 or bits % dtype.bits and bits > dtype.bits:
            raise CuteDumpError(f"make_copy_atom: {bits} bits per copy is not a whole number of {dtype.name} values")
        vals = max(1, bits // dtype.bits)
        tv = _lay((1, vals), (0, 1))
        return DslCopyAtom(dtype, _lay(1, 0), tv, tv, _universal_cpp(dtype, vals * dtype.bits))
    if op.kind == "matrix" and op.catalog is not None:
        return _matrix_atom(op, dtype)
    if op.kind == "tmem":
        return _tmem_atom(op, dtype)
    if op.kind == "s2t":
        return s2t_atom(op, dtype)
    raise CuteDumpError(f"make_copy_atom: cutedump does not model this op's atom here ({op.text.splitlines()[0]})")


def _universal_cpp(dtype, bits):
    """C++ CuTe's Copy_Atom<UniversalCopy<uint{bits}_t>, T> (what a tiled copy's src/dst TV layouts are computed
    with), or None."""
    if bits not in (8, 16, 32, 64, 128) or dtype.name not in _CPP_VALUE:
        return None
    return copy_atom(f"UniversalCopy<uint{bits}_t>", _CPP_VALUE[dtype.name])


def _tv(thr, val):
    if not isinstance(thr, Layout) or not isinstance(val, Layout):
        raise CuteDumpError("make_layout_tv: thr_layout and val_layout must be layouts")
    mn = L.raked_product(thr, val)
    tv = L.with_shape(L.right_inverse(mn), (L.size(thr), L.size(val)))
    return product_each(mn.shape), tv


def make_layout_tv(ev, thr, val):
    return _tv(thr, val)


class DslTiledCopy:
    __slots__ = ("atom", "tiler", "tv")

    def __init__(self, atom, tiler, tv):
        self.atom, self.tiler, self.tv = atom, tiler, tv

    def dsl_str(self, fmt):
        tiler = "(" + ",".join(fmt(t) for t in self._tiler_layouts()) + ")"
        return (
            "Tiled Copy"
            + _lines([("Tiler MN", tiler), ("TV Layout tiled", fmt(self.tv))], 16)
            + "\nCopy Atom"
            + _lines(self.atom.rows(fmt), 16)
        )

    def dsl_size(self):
        return L.size(self.tv, 0)

    def __repr__(self):
        return f"a tiled copy ({self.atom.dtype.name})"

    def dsl_method(self, name, args, kwargs):
        if name == "get_slice":  # a ThrCopy prints as its tiled copy
            if len(args) != 1 or kwargs:
                raise CuteDumpError("get_slice(thr_idx) takes one thread index")
            if self.atom.cpp is None or isinstance(args[0], bool) or not isinstance(args[0], int):
                return self
            return DslThrCopyOf(self, args[0])
        raise CuteDumpError(f"a tiled copy has no method {name!r} here (get_slice)")

    def as_cpp(self):
        """CuTe's TiledCopy of this atom, TV layout and tiler (without C++'s checks: the DSL answers a tiled copy of
        fewer values)."""
        t = TiledCopy.__new__(TiledCopy)
        t.atom, t.tiled_layout_tv, t.tiler_mn = self.atom.cpp, self.tv, self.tiler
        t.atom_num_thr, t.atom_num_val = (
            L.size(self.atom.cpp.val_layout_ref, 0),
            L.size(self.atom.cpp.val_layout_ref, 1),
        )
        t.tiled_num_thr, t.tiled_num_val = L.size(self.tv, 0), L.size(self.tv, 1)
        return t

    def _tiler_layouts(self):
        """The tiler's modes as the DSL's layouts: n:1, a mode of size 1 1:0."""
        return tuple(t if isinstance(t, Layout) else Layout(t, C(0) if int(t) == 1 else C(1)) for t in self.tiler)

    def dsl_attr(self, name):
        if name == "layout_tv_tiled":
            return self.tv
        if name == "tiler_mn":
            return self._tiler_layouts()
        if name == "size":
            return self.dsl_size()
        if name in ("layout_src_tv_tiled", "layout_dst_tv_tiled") and self.atom.cpp is not None:
            t = self.as_cpp()
            return t.get_layoutS_TV() if name == "layout_src_tv_tiled" else t.get_layoutD_TV()
        try:
            return self.atom.dsl_attr(name)
        except CuteDumpError:
            raise CuteDumpError(
                f"a tiled copy has no attribute {name!r} here (layout_tv_tiled, tiler_mn, size, thr_id, "
                "layout_src_tv, layout_dst_tv, value_type)"
            ) from None


class DslThrCopyOf:
    """``tiled_copy.get_slice(tidx)``: prints as its tiled copy; ``partition_S/D(tensor)`` and ``retile(tensor)`` of a
    tensor over memory (cutedump.atoms.dsl_tensors) are CuTe's ThrCopy's, the tensor's iterator moved to the thread's
    first element (a run-time index: the offset's divisibility as the algebra's Dyn carries it)."""

    __slots__ = ("tiled", "idx")

    def __init__(self, tiled, idx):
        self.tiled, self.idx = tiled, idx

    def dsl_str(self, fmt):
        return self.tiled.dsl_str(fmt)

    def __repr__(self):
        return "a thread's slice of a tiled copy"

    def dsl_attr(self, name):
        return self.tiled.dsl_attr(name)

    def dsl_method(self, name, args, kwargs):
        from cutedump.atoms.copy import ThrCopy  # start-up: only for a thread's partitions

        if name not in ("partition_S", "partition_D", "retile"):
            raise CuteDumpError(f"a thread's slice of a tiled copy has no method {name!r} here (partition_S/D, retile)")
        if len(args) != 1 or kwargs or not hasattr(args[0], "dsl_with_layout"):
            raise CuteDumpError(f"{name}: expects a tensor (cute.make_tensor(ptr, layout))")
        t = args[0]
        tc = self.tiled.as_cpp()
        if name == "retile":
            return t.dsl_with_layout(tc.retile(t.layout))
        thr = ThrCopy.__new__(ThrCopy)  # the DSL takes any index (the layout's slice answers it)
        thr.tiled, thr.thr_idx = tc, self.idx
        layout, off = (thr.partition_S if name == "partition_S" else thr.partition_D)(t.layout)
        return t.dsl_with_layout(layout, off)


def _need_atom(atom, what):
    if not isinstance(atom, DslCopyAtom):
        raise CuteDumpError(f"{what}: expected a copy atom (cute.make_copy_atom(...)), got {atom!r}")
    return atom


def make_tiled_copy_tv(ev, atom, thr, val):
    _need_atom(atom, "make_tiled_copy_tv")
    tiler, tv = _tv(thr, val)
    return DslTiledCopy(atom, tiler, tv)


def make_tiled_copy(ev, atom, layout_tv, tiler_mn):
    _need_atom(atom, "make_tiled_copy")
    if not isinstance(layout_tv, Layout):
        raise CuteDumpError("make_tiled_copy: layout_tv must be a layout")
    tiler = tiler_mn if isinstance(tiler_mn, tuple) else (tiler_mn,)
    for t in tiler:
        if not (isinstance(t, Layout) or (t.__class__ is C and int(t) > 0)):
            raise CuteDumpError(f"make_tiled_copy: tiler_mn must be static sizes or layouts, got {tiler_mn!r}")
    return DslTiledCopy(atom, tiler, layout_tv)


def _tiled_copy_mma(which):
    def f(ev, atom, tiled):
        _need_atom(atom, f"make_tiled_copy_{which}")
        if not isinstance(tiled, DslTiledMma):
            raise CuteDumpError(f"make_tiled_copy_{which}: expected a tiled MMA, got {tiled!r}")
        t = tiled.tiled
        tv = {"A": t.get_layoutA_TV, "B": t.get_layoutB_TV, "C": t.get_layoutC_TV}[which]()
        i, j = {"A": (0, 2), "B": (1, 2), "C": (0, 1)}[which]
        return DslTiledCopy(atom, (t.tile_size_mnk(i), t.tile_size_mnk(j)), tv)

    return f


make_tiled_copy_a = _tiled_copy_mma("A")
make_tiled_copy_b = _tiled_copy_mma("B")
make_tiled_copy_c = _tiled_copy_mma("C")


# ---- tcgen05 TMEM copies, the universal MMA, the epilogue helpers -------------------------------------------


def _tmem_name(name, repeat, flag, store):
    """tcgen05.Ld32x32bOp(Repetition.x64) -> C++ CuTe's SM100_TMEM_LOAD_32dp32b64x (``_16b``: packed)."""
    shape = name[2:-2] if not name.startswith("St") else name[2:-2]
    dp, rest = shape.split("x", 1)
    bits = rest.replace("bx2", "b").rstrip("b")
    n = int(repeat.name[1:])
    return f"SM100_TMEM_{'STORE' if store else 'LOAD'}_{dp}dp{bits}b{n}x" + ("_16b" if flag else "")


def _tmem_op(ev, repeat, flag, name=""):
    _need_arch(_TC_ARCHS, f"tcgen05.{name}")
    store = name.startswith("St")
    if repeat is None:
        if store:
            raise CuteDumpError(f"{name}() missing 1 required positional argument: 'repeat' (TypeError)")
        repeat = Enum_("Repetition", "x1")
    _enum(repeat, "Repetition", "repeat")
    if flag is not None:
        _enum(flag, "Unpack" if store else "Pack", "unpack" if store else "pack")
    n = int(repeat.name[1:])
    if ("16x128b" in name and n == 128) or ("16x256b" in name and n >= 64):
        raise CuteDumpError(f"{name}: a repetition of {n} is not supported (DSLUserCodeError)")
    packed = flag is not None and flag.name != "NONE"
    text = f"tcgen05 {name[:-2]} Copy Operation\n  number of repetitions = {int(repeat.name[1:])}"
    if packed:
        text += "\n  with 32-bit to 2x 16b unpacking" if store else "\n  with 2x 16-bit to 32b packing"
    return CopyOp(text, "tmem", _tmem_name(name, repeat, packed, store))


_tmem_op.dsl_named = True
tmem_op = _tmem_op


def _tmem_atom(op, dtype):
    t = lookup_tmem_copy(op.catalog)
    src, dst = parse_layout(t.src), parse_layout(t.dst)
    return DslCopyAtom(
        dtype,
        parse_layout(t.thr_id),
        recast_layout(src, 1, dtype.bits),
        recast_layout(dst, 1, dtype.bits),
        tmem="store" if "STORE" in op.catalog else "load",
    )


def mma_universal_op(ev, dtype):
    """cute.nvgpu.MmaUniversalOp(abacc_dtype): one thread's FMA."""
    if not _is(dtype, "Float16", "Float32", "Float64"):
        raise CuteDumpError(f"expects the 'abacc_dtype' Op parameter to be one of Float16, Float32, or Float64 {_DT}")
    one = _lay((1, 1), (0, 0))
    atom = _Atom(f"UniversalFMA<{dtype.name}>", _lay(1, 0), (1, 1, 1), one, one, one)
    return MmaOp(
        f"universal MMA Operation using FMA\n  A/B/Accumulator data type = {dtype}", atom, {"abacc_dtype": dtype}
    )


def _layout_enum(x, what):
    if not isinstance(x, Enum_) or x.cls != "LayoutEnum":
        raise CuteDumpError(f"{what}: expected a LayoutEnum (ROW_MAJOR or COL_MAJOR), got {x!r}")
    return x


def sm90_smem_store_op(ev, layout_d, elem_d, elem_acc):
    """hopper_helpers.get_smem_store_op(layout_d, elem_ty_d, elem_ty_acc): stmatrix for 16-bit D, else universal."""
    m_major = _layout_enum(layout_d, "get_smem_store_op").name == "COL_MAJOR"
    _dt(elem_d, "get_smem_store_op")
    _dt(elem_acc, "get_smem_store_op")
    if elem_d.bits == 16:
        return make_copy_atom(ev, matrix_op(ev, m_major, C(4), None, name="StMatrix8x8x16bOp"), elem_d, None)
    return make_copy_atom(ev, copy_universal_op(ev), elem_d, None)


def sm120_smem_store_op(ev, layout_d, elem_d, elem_acc):
    """blackwell_helpers.sm120_get_smem_store_op(layout_d, elem_ty_d, elem_ty_acc): hopper's with a 2-matrix stmatrix
    (StMatrix8x8x16bOp(is_m_major, 2)) for 16-bit D, else universal."""
    m_major = _layout_enum(layout_d, "sm120_get_smem_store_op").name == "COL_MAJOR"
    _dt(elem_d, "sm120_get_smem_store_op")
    _dt(elem_acc, "sm120_get_smem_store_op")
    if elem_d.bits == 16:
        return make_copy_atom(ev, matrix_op(ev, m_major, C(2), None, name="StMatrix8x8x16bOp"), elem_d, None)
    return make_copy_atom(ev, copy_universal_op(ev), elem_d, None)


def _warp_shape(cta_m, two, warp_shape):
    if warp_shape is not None:
        return tuple(int(x) for x in warp_shape)
    return (2, 2) if (cta_m == 64 and two) else (4, 1)


def _tile_size(cta_m, cta_n, two, wd, wc, d_m, c_m, warp_shape):
    """blackwell_helpers.compute_epilogue_tile_size (pure Python in the DSL)."""
    warp_m, warp_n = _warp_shape(cta_m, two, warp_shape)
    max_bits = wd if wc is None else max(wc, wd)
    tile_m = min(cta_m, 32 * warp_m)
    if wc is None:
        n_perf = (8192 if max_bits == 4 else 4096) // tile_m
    elif max_bits == 32:
        n_perf = 16 if (cta_m > 64 and cta_n <= 128) else 32
    elif max_bits == 16:
        n_perf = 32 if cta_n <= 128 else 64
    else:
        n_perf = 64
    while cta_n % n_perf:
        n_perf //= 2
    n_min_d = 8 * warp_n if d_m else (128 * warp_n if wd == 6 else 128 // wd * warp_n)
    n_min_c = 8 * warp_n if (c_m or wc is None) else (128 * warp_n if wc == 6 else 128 // wc * warp_n)
    tile_n = min(cta_n, max(n_perf, n_min_c, n_min_d))
    if cta_n % tile_n:
        tile_n = cta_n
    return tile_m, tile_n, n_min_c, n_min_d, warp_n


def sm100_epilogue_tile_shape(ev, cta_tile, two, layout_d, elem_d, layout_c, elem_c, warp_shape):
    """blackwell_helpers.compute_epilogue_tile_shape(cta_tile_shape, use_2cta_instrs, layout_d, elem_ty_d, *,
    layout_c, elem_ty_c, tmem_warp_shape_mn): the epilogue tiler (tile_m:1, coalesce((tile_n/warp_n, warp_n):(1,
    cta_n/warp_n)))."""
    _dt(elem_d, "compute_epilogue_tile_shape")
    if elem_c is not None:
        _dt(elem_c, "compute_epilogue_tile_shape")
    t = _ints(cta_tile) if isinstance(cta_tile, tuple) else None
    if t is None or len(t) < 2:
        raise CuteDumpError("compute_epilogue_tile_shape: assert isinstance(cta_tile_shape, tuple) (AssertionError)")
    cta_m, cta_n = t[0], t[1]
    d_m = _layout_enum(layout_d, "compute_epilogue_tile_shape").name == "COL_MAJOR"
    c_m = True if layout_c is None else _layout_enum(layout_c, "compute_epilogue_tile_shape").name == "COL_MAJOR"
    tm, tn, n_min_c, n_min_d, warp_n = _tile_size(
        cta_m, cta_n, bool(two), elem_d.bits, None if elem_c is None else elem_c.bits, d_m, c_m, warp_shape
    )
    if cta_n < n_min_c or cta_n < n_min_d:
        raise CuteDumpError(f"CTA tile too small: cta_tile_shape={_py(t)} (ValueError)")
    n_layout = L.coalesce(_lay((tn // warp_n, warp_n), (1, cta_n // warp_n)))
    return (L.make_layout(C(tm)), n_layout)


def sm100_tmem_load_op(ev, cta_tile, layout_d, elem_d, elem_acc, epi_tile, two, warp_shape):
    """blackwell_helpers.get_tmem_load_op: the TMEM load atom of the epilogue (its datapaths, bits and
    repetitions as the DSL picks them)."""
    m_major = _layout_enum(layout_d, "get_tmem_load_op").name == "COL_MAJOR"
    acc_bits, d_bits = _dt(elem_acc, "get_tmem_load_op").bits, _dt(elem_d, "get_tmem_load_op").bits
    t = _ints(cta_tile) if isinstance(cta_tile, tuple) else None
    if t is None:
        raise CuteDumpError("get_tmem_load_op: assert isinstance(cta_tile_shape, tuple) (AssertionError)")
    wm, wn = _warp_shape(t[0], bool(two), warp_shape)
    if not isinstance(epi_tile, tuple) or len(epi_tile) != 2:
        raise CuteDumpError("get_tmem_load_op: epi_tile must be a tile (M, N)")
    shape_mn = [int(L.size(x)) for x in epi_tile]
    num_dp = shape_mn[0] // wm
    if num_dp not in (16, 32):
        raise CuteDumpError("Cta tile and 2sm config does not generate correct num dp. (ValueError)")
    num_col_bits = (shape_mn[1] // wn) * acc_bits
    pack = False
    if acc_bits == 32 and d_bits == 32:
        dp, bit = (16, 256 if m_major else 128) if num_dp == 16 else (32, 32)
    elif acc_bits == 32 and d_bits == 16:
        dp, bit = (16, 256) if (num_dp == 16 or m_major) else (32, 32)
    elif acc_bits == 32 and d_bits == 8:
        dp, bit = ((16, 256) if m_major else (16, 32)) if num_dp == 16 else ((16, 256) if m_major else (32, 32))
    elif acc_bits == 16 and d_bits == 16:
        pack = True
        dp, bit = (16, 128) if (num_dp == 16 or m_major) else (32, 32)
    elif acc_bits == 32 and d_bits in (6, 4):
        if num_dp != 32:
            raise CuteDumpError("Num dp must be 32. (ValueError)")
        dp, bit = 32, 32
    else:
        raise CuteDumpError(f"Can not handle acc/d type combination: {elem_acc!r}, {elem_d!r} (ValueError)")
    div = 64 if (dp == 16 and bit == 32) else bit
    big = {(16, 64), (16, 32), (32, 32)}
    if num_col_bits % (div * 128) == 0 and (dp, bit) in big:
        rep = 128
    elif num_col_bits % (div * 64) == 0 and (dp, bit) in big | {(16, 128)}:
        rep = 64
    else:
        for rep in (32, 16, 8, 4, 2, 1):
            if num_col_bits % (div * rep) == 0:
                break
        else:
            raise CuteDumpError("Can not pick tmem_rep based on cta tile shape and tmem atom. (ValueError)")
    name = {
        (16, 64): "Ld16x64bOp",
        (16, 128): "Ld16x128bOp",
        (16, 256): "Ld16x256bOp",
        (16, 32): "Ld16x32bx2Op",
        (32, 32): "Ld32x32bOp",
    }[(dp, bit)]
    op = _tmem_op(ev, Enum_("Repetition", f"x{rep}"), Enum_("Pack", "PACK_16b_IN_32b" if pack else "NONE"), name=name)
    return make_copy_atom(ev, op, elem_acc, None)


# ---- tcgen05 block-scaled MMA ops, SMEM->TMEM copies, the TMA reduction ------------------------------------

_BS_NAMES = {
    "MmaMXF8Op": ("tcgen05 MXF8 BlockScaled MMA Operation", 32),
    "MmaMXF8F6F4Op": ("tcgen05 MXF8F6F4 BlockScaled MMA Operation", 32),
    "MmaMXF4Op": ("tcgen05 MXF4 BlockScaled MMA Operation", 64),
    "MmaMXF4NVF4Op": ("tcgen05 MXF4NVF4 BlockScaled MMA Operation", 64),
    "SM103MmaMXF4Op": ("tcgen05 SM103 MXF4 BlockScaled MMA Operation", 96),
    "SM103MmaMXF4NVF4Op": ("tcgen05 SM103 MXF4NVF4 BlockScaled MMA Operation", 96),
}


def _bs_op(kind, a, b, sf, vec, shape, cta, src, am, bm):
    """tcgen05.BlockScaledMmaOp.__post_init__ and the op's _verify, in their order."""
    _need_arch(_BS_ARCHS, f"tcgen05.{kind}")
    _enum(cta, "CtaGroup", "cta_group")
    _enum(src, "OperandSource", "a_src")
    if src.name == "RMEM" or src.space == "warpgroup":
        raise CuteDumpError(f"expects the 'a_src' Op parameter to be a tcgen05.OperandSource instance {_DT}")
    _enum(am, "OperandMajorMode", "a_major_mode")
    _enum(bm, "OperandMajorMode", "b_major_mode")
    t = _ints(shape)
    if t is None or len(t) not in (2, 3):
        raise CuteDumpError(f"expected a flat rank 2 or 3 tuple for the 'shape_mnk' Op parameter {_DT}")
    m, n = t[0], t[1]
    if cta.name == "ONE":
        if m != 128:
            raise CuteDumpError(f"expects the M-mode to be 128, but got {m} {_DT}")
        lo = 8
    else:
        if m not in (128, 256):
            raise CuteDumpError(f"expects the M-mode to be 128 or 256, but got {m} {_DT}")
        lo = 16
    if n < lo or n > 256 or n % lo:
        raise CuteDumpError(f"expects the N-mode to satisfy {lo} <= N <= 256 and N % {lo} == 0, but got {n} {_DT}")
    title, k = _BS_NAMES[kind]
    if kind == "MmaMXF8Op" and not _is(a, "Float8E5M2", "Float8E4M3FN"):
        raise CuteDumpError(f"expects the 'ab_dtype' Op parameter to be one of Float8E5M2 or Float8E4M3FN {_DT}")
    if kind == "MmaMXF8F6F4Op" and not (_is(a, *_F8F6F4) and _is(b, *_F8F6F4)):
        raise CuteDumpError(f"expects the 'a_dtype'/'b_dtype' Op parameters to be F8F6F4 types {_DT}")
    if kind.endswith("MmaMXF4NVF4Op") and not _is(sf, "Float8E8M0FNU", "Float8E4M3FN"):
        raise CuteDumpError(f"expects the 'sf_dtype' Op parameter to be one of Float8E8M0FNU {_DT}")
    if len(t) == 2:
        t = (*t, k)
    if t[2] != k:
        raise CuteDumpError(f"expects the instruction extent in the K-mode to be {k}, but got {t[2]} {_DT}")
    text = (
        title
        + f"\n  A data type               = {a}"
        + f"\n  B data type               = {b}"
        + "\n  Accumulator data type     = Float32"
        + f"\n  Scale factor data type    = {sf}"
        + f"\n  Scale factor vector size  = {vec}"
        + f"\n  CTA group                 = {cta!r}"
        + f"\n  A source location         = {src!r}"
        + f"\n  A major mode              = {am!r}"
        + f"\n  B major mode              = {bm!r}"
        + f"\n  Instruction shape MNK     = {_py(t)}"
    )
    dense = _tc_op_atom(kind, t, cta, src, am)
    fields = {
        "a_dtype": a,
        "b_dtype": b,
        "sf_dtype": sf,
        "sf_vec_size": C(vec),
        "shape_mnk": _c(t),
        "cta_group": cta,
        "a_src": src,
        "a_major_mode": am,
        "b_major_mode": bm,
    }
    return MmaOp(text, dense, fields)


def _tc_op_atom(kind, t, cta, src, am):
    v = 1 if cta.name == "ONE" else 2
    M, N, K = t

    def atom():
        if src.name == "TMEM" and am.name == "MN":
            raise CuteDumpError("a operand must be of major-mode k when coming from tmem (TypeError)")
        return _Atom(
            f"tcgen05.{kind}",
            _lay(1, 0) if v == 1 else _lay(2, 1),
            t,
            _lay((v, (M // v, K)), (M // v, (1, M))),
            _lay((v, (N // v, K)), (N // v, (1, N))),
            _lay((v, (M // v, N)), (M // v, (1, M))),
        )

    return atom


_E8M0 = DType("Float8E8M0FNU", 8)
_F4 = DType("Float4E2M1FN", 4)
_K = Enum_("OperandMajorMode", "K")


def tc_mxf8_op(ev, ab, shape, cta, src, am, bm):
    return _bs_op("MmaMXF8Op", ab, ab, _E8M0, 32, shape, cta, src, am, bm)


def tc_mxf8f6f4_op(ev, a, b, shape, cta, src, am, bm):
    return _bs_op("MmaMXF8F6F4Op", a, b, _E8M0, 32, shape, cta, src, am, bm)


def tc_mxf4_op(ev, shape, cta, src):
    return _bs_op("MmaMXF4Op", _F4, _F4, _E8M0, 32, shape, cta, src, _K, _K)


def tc_mxf4nvf4_op(ev, sf, shape, cta, src):
    return _bs_op("MmaMXF4NVF4Op", _F4, _F4, sf, 16, shape, cta, src, _K, _K)


def tc_sm103_mxf4_op(ev, shape, cta, src):
    return _bs_op("SM103MmaMXF4Op", _F4, _F4, _E8M0, 32, shape, cta, src, _K, _K)


def tc_sm103_mxf4nvf4_op(ev, sf, shape, cta, src):
    return _bs_op("SM103MmaMXF4NVF4Op", _F4, _F4, sf, 16, shape, cta, src, _K, _K)


def sm100_blockscaled_tiled_mma(ev, a, b, am, bm, sf, vec, cta, mn, src, ab_dtype):
    """make_blockscaled_trivial_tiled_mma(a_dtype, b_dtype, a_leading_mode, b_leading_mode, sf_dtype, sf_vec_size,
    cta_group, mma_tiler_mn, a_source=SMEM), or the deprecated form with one ab_dtype."""
    if ab_dtype is not None:
        a = b = ab_dtype
    elif b is not None and not isinstance(b, DType):  # the legacy positional form: every argument one to the left
        a, b, am, bm, sf, vec, cta, mn, src = a, a, b, am, bm, sf, vec, cta, mn
    for what, x in (
        ("a_dtype", a),
        ("a_leading_mode", am),
        ("b_leading_mode", bm),
        ("sf_dtype", sf),
        ("sf_vec_size", vec),
        ("cta_group", cta),
        ("mma_tiler_mn", mn),
    ):
        if x is None:
            raise CuteDumpError(
                f"make_blockscaled_trivial_tiled_mma() missing required argument(s): {what} (TypeError)"
            )
    src = src if src is not None else Enum_("OperandSource", "SMEM")
    if not isinstance(mn, tuple):
        raise CuteDumpError("make_blockscaled_trivial_tiled_mma: mma_tiler_mn must be a tuple (M, N) (TypeError)")
    if _is(a, "Float4E2M1FN") and _is(b, "Float4E2M1FN"):
        if int(vec) == 32:
            op = _bs_op("MmaMXF4Op", _F4, _F4, _E8M0, 32, (*mn, C(64)), cta, src, _K, _K)
        elif int(vec) == 16:
            op = _bs_op("MmaMXF4NVF4Op", _F4, _F4, sf, 16, (*mn, C(64)), cta, src, _K, _K)
        else:
            raise CuteDumpError(f"unsupported sf_vec_size, got {int(vec)} (ValueError)")
    elif _is(a, *_F8F6F4) and _is(b, *_F8F6F4):
        op = _bs_op("MmaMXF8F6F4Op", a, b, _E8M0, 32, (*mn, C(32)), cta, src, am, bm)
    else:
        raise CuteDumpError(f"unsupported a_dtype/b_dtype, got a_dtype: {a!r}, b_dtype: {b!r} (TypeError)")
    return make_tiled_mma(ev, op, None, None)


#: a C++ value type of each width (the UTCCP atoms and their tiled copies depend on the width only)
_CPP_BY_BITS = {4: "float_e2m1_t", 8: "uint8_t", 16: "uint16_t", 32: "uint32_t", 64: "uint64_t"}
#: the tcgen05 SMEM -> TMEM ops -> CuTe's SM100_UTCCP_* atoms (without the _1cta / _2cta suffix)
UTCCP_OF_OP = {
    "Cp128x256bOp": "SM100_UTCCP_128dp256bit",
    "Cp128x128bOp": "SM100_UTCCP_128dp128bit",
    "Cp4x256bOp": "SM100_UTCCP_4dp256bit",
    "Cp4x32x128bOp": "SM100_UTCCP_4x32dp128bit",
    "Cp2x64x128b0213Op": "SM100_UTCCP_2x64dp128bitlw0213",
    "Cp2x64x128b0123Op": "SM100_UTCCP_2x64dp128bitlw0123",
}


def s2t_atom(op, dtype):
    """make_copy_atom(tcgen05.Cp*Op(cta_group), dtype): CuTe's Copy_Atom<SM100_UTCCP_*, T> printed by the DSL (the
    bit layouts recast to the element type; a 6-bit type rounded up as the DSL does)."""
    traits = lookup_utccp_copy(op.catalog)
    src, dst = parse_layout(traits.src), parse_layout(traits.dst)
    cpp = CopyAtom(traits, _CPP_BY_BITS[dtype.bits]) if dtype.bits in _CPP_BY_BITS else None
    atom = DslCopyAtom(dtype, parse_layout(traits.thr_id), _dsl_recast(src, dtype.bits), _dsl_recast(dst, dtype.bits))
    atom.cpp = cpp
    return atom


def s2t_op(ev, cta, name=""):
    """tcgen05.Cp*Op(cta_group): the SMEM -> TMEM copies (their atoms: CuTe's SM100_UTCCP_*, cutedump.atoms.dsl_tensors)."""
    _need_arch(_TC_ARCHS, f"tcgen05.{name}")
    _enum(cta, "CtaGroup", "cta_group")
    cpp = f"{UTCCP_OF_OP[name]}_{1 if cta.name == 'ONE' else 2}cta"
    return CopyOp(f"tcgen05 {name[:-2]} Copy Operation\n  CTA group = {cta!r}", "s2t", cpp)


s2t_op.dsl_named = True


def tma_reduce_op(ev, kind):
    return CopyOp("cp.async SMEM -> GMEM bulk tensor reduction Operation", "tma")


# ---- more helpers: tcgen05.tile_to_mma_shape, make_smem_layout_c, the Hopper epilogue tile -----------------


def tc_tile_to_mma_shape(ev, atom, shape, order):
    """tcgen05.tile_to_mma_shape(atom, mma_tile_shape, order=None): UMMA::tile_to_mma_shape, then coalesced to the
    shape's profile (tcgen05/helpers.py)."""
    if not isinstance(shape, tuple):
        raise CuteDumpError("tile_to_mma_shape: mma_tile_shape must be a tuple")
    n = len(shape)
    if order is None:
        order = tuple(C(i) for i in range(n - 1))
    if (len(order) if isinstance(order, tuple) else 1) != n - 1:
        raise CuteDumpError(f"rank(order) must be equal to rank(mma_tile_shape)-1={n - 1} (ValueError)")
    r = _keep_swizzle(atom, ev.call("tile_to_mma_shape", atom, shape, order))
    return _keep_swizzle(atom, ev.call("coalesce", r, shape))


def sm100_smem_layout_c(ev, tiled, tiler, dtype, stages, is_m_major):
    """blackwell_helpers.make_smem_layout_c(tiled_mma, mma_tiler_mnk, c_dtype, num_stages, is_m_major)."""
    tiled = _tc_tiled(tiled, "make_smem_layout_c")
    _dt(dtype, "make_smem_layout_c")
    _need_stages(stages, "make_smem_layout_c")
    if not isinstance(tiler, tuple) or len(tiler) != 3:
        raise CuteDumpError("make_smem_layout_c: mma_tiler_mnk must be a tuple (M, N, K)")
    m_major = bool(is_m_major)
    s = tiled.partition_shape("C", (tiler[0], tiler[1]))
    mn = (L.size(s[0][0]) * s[1], L.size(s[0][1]) * s[2])
    kind = _atom_kind_ab(Enum_("OperandMajorMode", "MN" if m_major else "K"), dtype, mn)
    atom = _smem_atom(ev, kind, dtype, ns="tcgen05")
    shape = (*s, stages)
    order = (C(2), C(1), C(3)) if m_major else (C(1), C(2), C(3))
    r = _keep_swizzle(atom, ev.call("tile_to_mma_shape", atom, shape, order))
    return _keep_swizzle(atom, ev.call("coalesce", r, shape))


def sm90_epi_tile(ev, tile, dtype, cooperative, override):
    """hopper_helpers.compute_tile_shape_or_override(tile_shape_mnk, element_type, is_cooperative=False,
    epi_tile_override=None)."""
    if override is not None:
        return override
    _dt(dtype, "compute_tile_shape_or_override")
    if not isinstance(tile, tuple):
        raise CuteDumpError("compute_tile_shape_or_override: tile_shape_mnk must be a tuple")
    m, n = int(L.size(tile[0])), int(L.size(tile[1]))
    if cooperative:
        return (C(min(128, m)), C(min(32, n)))
    return (C(min(64, m)), C(min(64 if dtype.bits == 8 else 32, n)))


def tc_is_tmem(ev, atom, name=""):
    """tcgen05.is_tmem_load / is_tmem_store(atom)."""
    if not isinstance(atom, DslCopyAtom):
        raise CuteDumpError(f"{name}: expected a copy atom, got {atom!r}")
    return bool(atom.tmem == ("load" if name == "is_tmem_load" else "store"))


tc_is_tmem.dsl_named = True


# ---- tiled copies from tiled copies and MMAs: make_tiled_copy_S/D, make_tiled_copy_C_atom, make_cotiled_copy -


def _tiled_copy_sd(which):
    def f(ev, atom, tiled):
        _need_atom(atom, f"make_tiled_copy_{which}")
        if not isinstance(tiled, DslTiledCopy):
            raise CuteDumpError(f"make_tiled_copy_{which}: expected a tiled copy, got {tiled!r}")
        tv = tiled.dsl_attr("layout_src_tv_tiled" if which == "S" else "layout_dst_tv_tiled")
        return DslTiledCopy(atom, tiled.tiler, tv)

    return f


make_tiled_copy_s = _tiled_copy_sd("S")
make_tiled_copy_d = _tiled_copy_sd("D")


def make_tiled_copy_c_atom(ev, atom, tiled):
    """cute.make_tiled_copy_C_atom(atom, mma) (cutlass/cute/atom.py): the MMA's C TV layout truncated to the atom's
    values, its by-mode tiler, restrided."""
    _need_atom(atom, "make_tiled_copy_C_atom")
    if not isinstance(tiled, DslTiledMma):
        raise CuteDumpError(f"make_tiled_copy_C_atom: expected a tiled MMA, got {tiled!r}")
    t = tiled.tiled
    c_tv = t.get_layoutC_TV()
    n_src = int(L.size(atom.src, 1))
    n_c = int(L.size(c_tv, 1))
    if n_src > n_c:
        raise CuteDumpError(
            f"The number value of CopyAtom's source layout {n_src} is greater than the size of TiledMma's LayoutC_TV "
            f"{n_c} (ValueError)"
        )
    tv = ev.call("composition", c_tv, ev.call("make_layout", (L.size(c_tv, 0), C(n_src))))
    mma_tiler = (t.tile_size_mnk(0), t.tile_size_mnk(1))
    tiler = tuple(
        ev.call("filter", ev.call("composition", ev.call("make_layout", mma_tiler, st), tv))
        for st in ((C(1), C(0)), (C(0), C(1)))
    )
    tile2mma = ev.call("composition", ev.call("make_layout", mma_tiler), tiler)
    layout_tv = ev.call("composition", ev.call("left_inverse", tile2mma), tv)
    return DslTiledCopy(atom, tiler, layout_tv)


def make_cotiled_copy(ev, atom, atom_tv, data):
    """cute.make_cotiled_copy(atom, atom_layout_tv, data_layout) (cutlass/cute/atom.py)."""
    _need_atom(atom, "make_cotiled_copy")
    if not isinstance(atom_tv, Layout) or not isinstance(data, Layout):
        raise CuteDumpError("make_cotiled_copy: atom_layout_tv and data_layout must be layouts")
    inv = ev.call("left_inverse", data)
    inv_data = Layout((inv.shape, C(1)), (inv.stride, C(0)))
    tv_data = ev.call("composition", inv_data, atom_tv)
    v_atom = ev.call("coalesce", Layout(atom_tv.shape[1], atom_tv.stride[1]))
    v_data = ev.call("coalesce", ev.call("composition", data, Layout(tv_data.shape[1], tv_data.stride[1])))
    if v_atom != v_data:
        raise CuteDumpError(
            "make_cotiled_copy: the memory pointed to by atom_layout_tv does not exist in the data_layout "
            "(AssertionError)"
        )
    flat = product_each(data.shape)
    n = len(flat) if isinstance(flat, tuple) else 1
    flat = flat if isinstance(flat, tuple) else (flat,)
    tiler = tuple(
        ev.call(
            "filter",
            ev.call("composition", Layout(flat, tuple(C(1) if j == i else C(0) for j in range(n))), tv_data),
        )
        for i in range(n)
    )
    tile2data = ev.call("composition", ev.call("make_layout", flat), tiler)
    layout_tv = ev.call("composition", ev.call("left_inverse", tile2data), tv_data)
    return DslTiledCopy(atom, tiler, layout_tv)


def tc_sparse_smem_atom(ev, kind, dtype, sparsity):
    """tcgen05.make_sparse_smem_layout_atom(kind, element_type, sparsity=2): the dense atom's layout
    blocked_product'ed into (1, sparsity), under the atom's swizzle (tcgen05/helpers.py)."""
    dense = _smem_atom(ev, kind, _dt(dtype, "make_sparse_smem_layout_atom"), ns="tcgen05")
    sp = C(2) if sparsity is None else sparsity
    inner = DSL_FUNCTIONS["blocked_product"][1](ev, L.make_layout((C(1), sp)), dense.b)
    off = dense.offset
    if isinstance(off, SmemPtrFlag) and sp.__class__ is C:  # C++'s smem_sparse_ptr_flag_bits<S,B>, printed 0
        off = SmemPtrFlag(off.bits, int(sp))
    return ComposedLayout(dense.a, off, inner)
