"""The CuTe DSL's pointers and tensors over memory as a kernel makes them (``cute.make_ptr``, ``cute.recast_ptr``,
``ptr + n``, ``cute.make_tensor(ptr, layout)``, ``cute.filter_zeros(tensor)``) and the SMEM -> TMEM copy of the
block-scaled kernels' scale factors (``tcgen05.make_s2t_copy``, ``get_slice(i).partition_S/D``,
``tcgen05.get_s2t_smem_desc_tensor``), printed as nvidia-cutlass-dsl 4.8.1 prints them.

One model with C++: ``make_s2t_copy(atom, tmem_tensor)`` is CuTe's ``make_utccp_copy(Op{}, filter_zeros(tmem))``
(:func:`cutedump.atoms.utccp.make_utccp_copy`, checked against CuTe 4.2), the partitions are CuTe's
``ThrCopy::partition_S/D`` and the descriptor tensor is ``get_utccp_smem_desc_tensor<Op>`` (its layout
``recast_layout<T, uint128_t>`` of the partitioned smem tensor's). What the DSL adds is its print: a pointer is
``ptr<f32, tmem, align<16>>`` (the alignment in bytes, written where it is not the element's width; ``ptr + n`` keeps
``gcd(align, n * bytes)``), a tensor ``tensor<ptr o layout>``. The descriptor tensor's iterator the DSL prints as an
MLIR value whose SSA number depends on the whole kernel (``OpResult(%115 = "cute.get_iter"(%114) : (...) ->
!cute_nvgpu.smem_desc)``); cutedump writes its type, ``!cute_nvgpu.smem_desc``, in its place.
"""

from __future__ import annotations

from cutedump.algebra import C, filter_zeros, is_static, recast_layout
from cutedump.algebra import layout as L
from cutedump.algebra.inttuple import flatten_to_tuple
from cutedump.algebra.layout import Layout
from cutedump.algebra.swizzle import Swizzle
from cutedump.atoms.copy import ThrCopy
from cutedump.atoms.dsl_ops import _CPP_BY_BITS, DslCopyAtom, DslTiledCopy, _dt
from cutedump.atoms.dsl_values import SPACES, DslDescIter, DslDescTensor, DslPointer, DslTensor, MlirType, _bytes  # noqa: F401
from cutedump.atoms.tmem import TmemTensor
from cutedump.atoms.utccp import make_utccp_copy
from cutedump.errors import CuteDumpError
from cutedump.expr.dsl import DType, Enum_

# ---- pointers and tensors -----------------------------------------------------------------------------------


def _space(x, what):
    if not isinstance(x, Enum_) or x.cls != "AddressSpace":
        raise CuteDumpError(f"{what}: expects mem_space to be a cute.AddressSpace member, got {x!r}")
    return x.name


def make_ptr(ev, dtype, value, mem_space, assumed_align):
    """cute.make_ptr(dtype, value, mem_space=None, *, assumed_align=None) (cutlass/cute/core.py)."""
    dtype = _dt(dtype, "make_ptr")
    if isinstance(value, bool) or not isinstance(value, int):
        raise CuteDumpError(f"make_ptr: expects integer value, but got {value!r} (TypeError)")
    space = "generic" if mem_space is None else _space(mem_space, "make_ptr")
    per = _bytes(dtype)
    if assumed_align is None:
        align = per
    else:
        if assumed_align.__class__ is not C or int(assumed_align) <= 0:
            raise CuteDumpError(f"make_ptr: assumed_align must be a positive static integer, got {assumed_align!r}")
        align = int(assumed_align)
        if per % align and align % per:
            raise CuteDumpError(
                f"make_ptr: bytes_per_elt={per} is not a multiple of assumed_align={align} and vice versa (ValueError)"
            )
    return DslPointer(dtype, space, align)


def recast_ptr(ev, ptr, swizzle_, dtype):
    """cute.recast_ptr(ptr, swizzle_=None, dtype=None): the same address and alignment, another element type."""
    if not isinstance(ptr, DslPointer):
        raise CuteDumpError(f"recast_ptr: expects a pointer, got {ptr!r}")
    if swizzle_ is not None and not isinstance(swizzle_, Swizzle):
        raise CuteDumpError(f"recast_ptr: expects a swizzle (cute.make_swizzle, layout.inner), got {swizzle_!r}")
    if swizzle_ is not None and ptr.swizzle is not None:
        raise CuteDumpError("recast_ptr: a pointer swizzled twice is not modelled here")
    sw = ptr.swizzle if swizzle_ is None else swizzle_
    if dtype is None:
        return DslPointer(ptr.dtype, ptr.space, ptr.align, sw)
    if ptr.align == 0:
        raise CuteDumpError("recast_ptr: the pointer is not byte-aligned (a sub-byte element's offset) (TypeError)")
    return DslPointer(_dt(dtype, "recast_ptr"), ptr.space, ptr.align, sw)


def make_tensor(ev, iterator, layout):
    """cute.make_tensor(iterator, layout) of a pointer and a layout."""
    if not isinstance(iterator, (DslPointer, DslDescIter)):
        raise CuteDumpError(
            f"make_tensor: tensors over a pointer (cute.make_ptr / cute.recast_ptr) are modelled here, got {iterator!r}"
        )
    if isinstance(layout, (tuple, int)) and not isinstance(layout, bool):  # a shape: its compact layout
        layout = ev.call("make_layout", layout)
    if layout.__class__ is not Layout:
        raise CuteDumpError(f"make_tensor: a tensor over a plain layout is modelled here, got {layout!r}")
    return (DslDescTensor if isinstance(iterator, DslDescIter) else DslTensor)(iterator, layout)


# ---- register tensors (cutlass/cute/tensor.py: make_rmem_tensor, make_rmem_tensor_like, make_fragment_like) --------

#: the alignment (bytes) of a register tensor's pointer: "large enough to allow .128 load/store"
RMEM_ALIGN = 32


def _numeric(dtype, what):
    if not isinstance(dtype, DType):
        raise CuteDumpError(f"{what}: value_type must be a type of Numeric, but got {dtype!r} (TypeError)")
    return dtype


def make_rmem_tensor(ev, layout_or_shape, dtype):
    """cute.make_rmem_tensor(layout_or_shape, dtype): a register tensor (32-byte aligned) over the layout, or the
    compact layout of a shape."""
    dtype = _numeric(dtype, "make_rmem_tensor")
    lay = layout_or_shape
    if lay.__class__ is not Layout:
        if isinstance(lay, DslTensor) or not isinstance(lay, (tuple, int)) or isinstance(lay, bool):
            raise CuteDumpError(f"make_rmem_tensor: expects a layout or a shape, got {lay!r} (TypeError)")
        lay = ev.call("make_layout", lay)
    return DslTensor(DslPointer(dtype, "rmem", RMEM_ALIGN), lay)


def make_rmem_tensor_like(ev, src, dtype):
    """cute.make_rmem_tensor_like(src, dtype=None): a register tensor over make_layout_like(src's layout) (compact,
    strides ordered as src's, static zeros kept), of dtype or src's element type."""
    if isinstance(src, DslDescTensor):
        raise CuteDumpError("make_rmem_tensor_like of a descriptor tensor is not modelled here")
    if isinstance(src, DslTensor):
        dtype = src.ptr.dtype if dtype is None else dtype
        lay = src.layout
    elif src.__class__ is Layout:
        if dtype is None:
            raise CuteDumpError("make_rmem_tensor_like: dtype must be provided when src is a layout (ValueError)")
        lay = src
    else:
        raise CuteDumpError(
            f"make_rmem_tensor_like: src must be a Layout or ComposedLayout or Tensor, got {src!r} (TypeError)"
        )
    return make_rmem_tensor(ev, ev.call("make_layout_like", lay), dtype)


def make_fragment_like(ev, src, dtype):
    """cute.make_fragment_like(src, dtype=None): of a layout, CuTe's make_fragment_like (a register tensor of dtype
    over it when dtype is given); of a tensor, make_rmem_tensor_like."""
    if src.__class__ is Layout:
        if dtype is not None and not is_static(src.shape) and C(0) in flatten_to_tuple(src.stride):
            raise CuteDumpError(
                "make_fragment_like: a register tensor of a layout with run-time extents and a stride 0 fails the "
                "DSL's IR verification (CompilerDiagnosticError)"
            )
        lay = ev.call("make_fragment_like", src)
        if isinstance(lay.shape, tuple) and len(lay.shape) == 2 and isinstance(lay.shape[1], tuple):
            if len(lay.shape[1]) == 1:  # the DSL's op: a rank-2 layout's rest mode (take<1,2>) is not wrapped
                lay = Layout((lay.shape[0], lay.shape[1][0]), (lay.stride[0], lay.stride[1][0]))
        return lay if dtype is None else make_rmem_tensor(ev, lay, dtype)
    if isinstance(src, DslTensor):
        return make_rmem_tensor_like(ev, src, dtype)
    raise CuteDumpError(f"make_fragment_like: expects a layout or a tensor, got {src!r} (TypeError)")


# ---- the SMEM -> TMEM copy (tcgen05.cp) ---------------------------------------------------------------------


def _cpp_type(dtype) -> str:
    t = _CPP_BY_BITS.get(dtype.bits)
    if t is None:
        raise CuteDumpError(
            f"a {dtype.bits}-bit element type's SMEM -> TMEM copy is not modelled here (the DSL rounds its bit "
            "layouts up to whole values)"
        )
    return t


class DslS2TCopy(DslTiledCopy):
    """tcgen05.make_s2t_copy's tiled copy: the DSL's print over CuTe's make_utccp_copy (``cpp``)."""

    __slots__ = ("cpp_tiled",)

    def __init__(self, atom, cpp_tiled):
        super().__init__(atom, cpp_tiled.tiler_mn, cpp_tiled.tiled_layout_tv)
        self.cpp_tiled = cpp_tiled

    def dsl_method(self, name, args, kwargs):
        if name == "get_slice":
            if len(args) != 1 or kwargs:
                raise CuteDumpError("get_slice(thr_idx) takes one thread index")
            i = args[0]
            if isinstance(i, bool) or not isinstance(i, int):
                raise CuteDumpError(f"get_slice: the thread index is an integer, got {i!r}")
            return DslThrCopy(self, i)
        raise CuteDumpError(f"a tiled copy has no method {name!r} here (get_slice)")


class DslThrCopy:
    """``tiled_copy.get_slice(i)``: prints as its tiled copy; partitions tensors as CuTe's ThrCopy."""

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
        if name not in ("partition_S", "partition_D"):
            raise CuteDumpError(f"a thread's slice of a tiled copy has no method {name!r} here (partition_S/D)")
        if len(args) != 1 or kwargs or not isinstance(args[0], DslTensor) or isinstance(args[0], DslDescTensor):
            raise CuteDumpError(f"{name}: expects a tensor (cute.make_tensor(ptr, layout))")
        t = args[0]
        if not (is_static(t.layout.shape) and is_static(t.layout.stride)):
            raise CuteDumpError(f"{name} of a tensor with dynamic extents or strides is not modelled here")
        thr = ThrCopy.__new__(ThrCopy)  # the DSL takes any index (CuTe's layout slicing answers it)
        thr.tiled, thr.thr_idx = self.tiled.cpp_tiled, self.idx if self.idx.__class__ is C else C(int(self.idx))
        layout, off = (thr.partition_S if name == "partition_S" else thr.partition_D)(t.layout)
        ptr = t.ptr.offset_by(int(off)) if is_static(off) else t.ptr.offset_by(1)
        return DslTensor(ptr, layout)


def _s2t_op_of(atom, what):
    op = getattr(atom, "op", None)
    if not isinstance(atom, DslCopyAtom) or op is None or op.kind != "s2t":
        raise CuteDumpError(f"{what}: expects a copy atom of an SMEM -> TMEM op (tcgen05.Cp*Op), got {atom!r}")
    return op


def make_s2t_copy(ev, atom, tmem_tensor):
    """tcgen05.make_s2t_copy(atom, tmem_tensor) = CuTe's make_utccp_copy(Op{}, filter_zeros(tmem_tensor))."""
    op = _s2t_op_of(atom, "make_s2t_copy")
    if not isinstance(tmem_tensor, DslTensor) or isinstance(tmem_tensor, DslDescTensor):
        raise CuteDumpError(f"make_s2t_copy: expects a tensor in tmem, got {tmem_tensor!r} (AttributeError)")
    if tmem_tensor.ptr.space != "tmem":
        raise CuteDumpError(
            f"make_s2t_copy: 'cute_nvgpu.atom.make_s2t_copy' op expects memref on 'tmem' but got: "
            f"'{tmem_tensor.ptr.space}' (IR verification)"
        )
    lay = filter_zeros(tmem_tensor.layout)
    if not (is_static(lay.shape) and is_static(lay.stride)):
        raise CuteDumpError("make_s2t_copy of a TMEM tensor with dynamic extents or strides is not modelled here")
    if tmem_tensor.ptr.dtype.bits != atom.dtype.bits:
        raise CuteDumpError("make_s2t_copy: the copy atom's element type is not the tensor's width")
    tc = make_utccp_copy(op.catalog, TmemTensor(_cpp_type(atom.dtype), lay))
    return DslS2TCopy(atom, tc)


def get_s2t_smem_desc_tensor(ev, atom, smem_tensor):
    """tcgen05.get_s2t_smem_desc_tensor(tiled_copy, partitioned smem tensor): CuTe's get_utccp_smem_desc_tensor<Op>:
    the partitioned tensor's layout recast to 128-bit units (one descriptor per core matrix)."""
    if isinstance(atom, DslThrCopy):
        atom = atom.tiled
    _s2t_op_of(getattr(atom, "atom", atom), "get_s2t_smem_desc_tensor")
    if not isinstance(smem_tensor, DslTensor) or isinstance(smem_tensor, DslDescTensor):
        raise CuteDumpError(f"get_s2t_smem_desc_tensor: expects a tensor in smem, got {smem_tensor!r}")
    lay = smem_tensor.layout
    v = Layout(lay.shape[0], lay.stride[0]) if isinstance(lay.shape, tuple) else lay
    if not (isinstance(v.shape, tuple) and len(v.shape) == 2 and int(L.size(Layout(v.shape[1], v.stride[1]))) == 1):
        raise CuteDumpError(
            "get_s2t_smem_desc_tensor: expects the mode 0 to be rank 2 and the size of mode [0,1] to be 1, but got "
            f"{lay} (Mismatched vec_mode tensor.)"
        )
    if smem_tensor.ptr.space != "smem":
        raise CuteDumpError(
            f"get_s2t_smem_desc_tensor: expects a tensor in smem, got one in {smem_tensor.ptr.space} "
            "(Expect vec_mode smem_tensor.)"
        )
    if not (is_static(lay.shape) and is_static(lay.stride)):
        raise CuteDumpError("get_s2t_smem_desc_tensor of a tensor with dynamic extents is not modelled here")
    return DslDescTensor(DslDescIter(smem_tensor.ptr), recast_layout(lay, smem_tensor.ptr.dtype.bits, 128))
