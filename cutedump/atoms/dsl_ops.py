"""The CuTe DSL's MMA and copy constructors as kernels call them, over cutedump's atoms, printed as the DSL prints them.

    cute.make_tiled_mma(cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, (16, 8, 16)), (2, 2, 1))
    cute.make_tiled_copy_tv(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), cutlass.Float16,
                                                num_bits_per_copy=128), thr_layout, val_layout)
    cute.make_layout_tv(thr_layout, val_layout)

``warp.MmaF16BF16Op(ab, acc, (16, 8, K))`` is the SM80 atom ``SM80_16x8xK_{acc}{ab}{ab}{acc}_TN``; a TiledMMA's
thread layout is CuTe's ``tiled_product(ThrID, AtomLayoutMNK)``; a tiled copy of ``(thr, val)`` is CuTe's
``make_tiled_copy``: ``layout_mn = raked_product(thr, val)``, ``layout_tv = right_inverse(layout_mn)`` shaped
``(size(thr), size(val))``, the tiler ``product_each(shape(layout_mn))``. These are rows of the DSL's function table
(:data:`cutedump.expr.dsl.DSL_FUNCTIONS`, named there as ``"cutedump.atoms.dsl_ops:NAME"`` and imported on first use).
"""

from __future__ import annotations

from cutedump.algebra import C
from cutedump.algebra import layout as L
from cutedump.algebra.inttuple import UNDERSCORE, product_each
from cutedump.algebra.layout import Layout
from cutedump.atoms.mma import make_tiled_mma as _make_tiled_mma
from cutedump.atoms.mma import mma_atom
from cutedump.errors import CuteDumpError

#: the DSL's element types -> the C++ names of the SM80 atoms' operand types, and MLIR's names (printed)
_CPP_TYPE = {"Float16": "F16", "BFloat16": "BF16", "Float32": "F32"}
_MLIR = {
    "Float16": "f16",
    "BFloat16": "bf16",
    "Float32": "f32",
    "TFloat32": "tf32",
    "Float64": "f64",
    "Int8": "i8",
    "Uint8": "ui8",
    "Int16": "i16",
    "Int32": "i32",
    "Int64": "i64",
    "Float8E4M3FN": "f8E4M3FN",
    "Float8E5M2": "f8E5M2",
    "Boolean": "i1",
}


def _dt(x, what):
    if getattr(x, "bits", None) is None or not hasattr(x, "name"):
        raise CuteDumpError(f"{what}: expected an element type (cutlass.Float16, ...), got {x!r}")
    return x


class MmaOp:
    """``warp.MmaF16BF16Op(ab_dtype, acc_dtype, shape_mnk)``: an SM80 warp MMA."""

    __slots__ = ("atom",)

    def __init__(self, atom):
        self.atom = atom

    def dsl_str(self, fmt):
        return f"warp.MmaF16BF16Op {self.atom.name}"


def mma_f16_bf16_op(ev, ab, acc, shape):
    ab, acc = _dt(ab, "MmaF16BF16Op"), _dt(acc, "MmaF16BF16Op")
    if ab.name not in ("Float16", "BFloat16") or acc.name not in ("Float16", "Float32"):
        raise CuteDumpError(
            f"MmaF16BF16Op: takes Float16/BFloat16 operands and a Float16/Float32 accumulator, got "
            f"{ab.name}, {acc.name}"
        )
    if ab.name == "BFloat16" and acc.name == "Float16":
        raise CuteDumpError("MmaF16BF16Op: a BFloat16 MMA accumulates in Float32")
    if not isinstance(shape, tuple) or tuple(int(s) for s in shape) not in ((16, 8, 8), (16, 8, 16)):
        raise CuteDumpError("MmaF16BF16Op: shape_mnk must be (16, 8, 8) or (16, 8, 16)")
    a, d = _CPP_TYPE[ab.name], _CPP_TYPE[acc.name]
    return MmaOp(mma_atom(f"SM80_16x8x{int(shape[2])}_{d}{a}{a}{d}_TN"))


def _lines(rows, width):
    return "".join(f"\n  {k + ':':<{width}} {v}" for k, v in rows)


class DslMmaAtom:
    __slots__ = ("atom",)

    def __init__(self, atom):
        self.atom = atom

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

    def dsl_attr(self, name):
        a = self.atom
        table = {
            "thr_id": a.thr_id,
            "shape_mnk": a.shape_mnk,
            "tv_layout_A": a.layout_a_tv,
            "tv_layout_B": a.layout_b_tv,
            "tv_layout_C": a.layout_c_tv,
        }
        if name not in table:
            raise CuteDumpError(f"an MMA atom has no attribute {name!r} here ({', '.join(table)})")
        return table[name]


class DslTiledMma(DslMmaAtom):
    __slots__ = ("tiled",)

    def __init__(self, atom, tiled):
        super().__init__(atom)
        self.tiled = tiled

    def dsl_str(self, fmt):
        perm = "(" + ",".join("_" if p is UNDERSCORE else fmt(p) for p in self.tiled.permutation) + ")"
        return (
            "Tiled MMA"
            + _lines([("Thr Layout VMNK", fmt(self.tiled.thr_layout_vmnk)), ("Permutation MNK", perm)], 16)
            + "\nMMA Atom"
            + _lines(self.rows(fmt), 16)
        )

    def dsl_attr(self, name):
        if name == "thr_layout_vmnk":
            return self.tiled.thr_layout_vmnk
        if name == "size":
            return L.size(self.tiled.thr_layout_vmnk)
        return super().dsl_attr(name)


def make_mma_atom(ev, op):
    if not isinstance(op, MmaOp):
        raise CuteDumpError(f"make_mma_atom: expected an MMA op (cute.nvgpu.warp.MmaF16BF16Op(...)), got {op!r}")
    return DslMmaAtom(op.atom)


def make_tiled_mma(ev, op, atom_layout_mnk, permutation_mnk):
    if isinstance(op, DslMmaAtom) and not isinstance(op, DslTiledMma):
        atom = op.atom
    elif isinstance(op, MmaOp):
        atom = op.atom
    else:
        raise CuteDumpError(f"make_tiled_mma: expected an MMA op or atom, got {op!r}")
    thr = atom_layout_mnk if atom_layout_mnk is not None else (C(1), C(1), C(1))
    if not isinstance(thr, Layout):
        thr = L.make_layout(thr)
    perm = permutation_mnk
    if perm is not None and not isinstance(perm, tuple):
        raise CuteDumpError("make_tiled_mma: permutation_mnk must be a tuple (M, N, K)")
    return DslTiledMma(atom, _make_tiled_mma(atom, thr, perm))


class CopyOp:
    __slots__ = ()

    def dsl_str(self, fmt):
        return "CopyUniversalOp"


def copy_universal_op(ev):
    return CopyOp()


class DslCopyAtom:
    __slots__ = ("dtype", "vals")

    def __init__(self, dtype, vals):
        self.dtype, self.vals = dtype, vals

    def rows(self):
        tv = f"(1,{self.vals}):(0,1)" if self.vals != 1 else "1:0"
        return [
            ("ThrID", "1:0"),
            ("TV Layout Src", tv),
            ("TV Layout Dst", tv),
            ("Value type", _MLIR.get(self.dtype.name, self.dtype.name)),
        ]

    def dsl_str(self, fmt):
        return "Copy Atom" + _lines(self.rows(), 14)


def make_copy_atom(ev, op, dtype, num_bits_per_copy):
    if not isinstance(op, CopyOp):
        raise CuteDumpError(f"make_copy_atom: cutedump reads cute.nvgpu.CopyUniversalOp() here, got {op!r}")
    dtype = _dt(dtype, "make_copy_atom")
    bits = dtype.bits if num_bits_per_copy is None else int(num_bits_per_copy)
    if bits % dtype.bits:
        raise CuteDumpError(f"make_copy_atom: {bits} bits per copy is not a whole number of {dtype.name} values")
    return DslCopyAtom(dtype, bits // dtype.bits)


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
        tiler = "(" + ",".join(f"{fmt(t)}:1" for t in self.tiler) + ")"
        return (
            "Tiled Copy"
            + _lines([("Tiler MN", tiler), ("TV Layout tiled", fmt(self.tv))], 16)
            + "\nCopy Atom"
            + _lines(self.atom.rows(), 16)
        )

    def dsl_attr(self, name):
        if name == "layout_tv_tiled":
            return self.tv
        if name == "tiler_mn":
            return tuple(Layout(t, C(1)) for t in self.tiler)
        raise CuteDumpError(f"a tiled copy has no attribute {name!r} here (layout_tv_tiled, tiler_mn)")


def make_tiled_copy_tv(ev, atom, thr, val):
    if not isinstance(atom, DslCopyAtom):
        raise CuteDumpError(f"make_tiled_copy_tv: expected a copy atom (cute.make_copy_atom(...)), got {atom!r}")
    tiler, tv = _tv(thr, val)
    return DslTiledCopy(atom, tiler, tv)
