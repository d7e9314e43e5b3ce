"""The CuTe DSL's pointers and tensors as values (``ptr<f16, smem, align<128>>``, ``tensor<ptr o layout>``, the
scale factors' descriptor tensors, an MLIR type), printed as nvidia-cutlass-dsl 4.8.1 prints them; made by
:mod:`cutedump.atoms.dsl_tensors` (the DSL's functions) and by the MMA fragments of :mod:`cutedump.atoms.dsl_ops`
(which cannot import dsl_tensors: it builds on dsl_ops)."""

from __future__ import annotations

from math import gcd

from cutedump.algebra import C
from cutedump.algebra.integer import Dyn
from cutedump.algebra.inttuple import UNDERSCORE, flatten_to_tuple
from cutedump.errors import CuteDumpError
from cutedump.expr.dsl import Enum_

#: the DSL's element types as its MLIR types write them (cutlass.Float16: f16)
_MLIR = {
    "Float16": "f16",
    "BFloat16": "bf16",
    "Float32": "f32",
    "TFloat32": "tf32",
    "Float64": "f64",
    "Int8": "i8",
    "Uint8": "ui8",
    "Int16": "i16",
    "Uint16": "ui16",
    "Int32": "i32",
    "Uint32": "ui32",
    "Int64": "i64",
    "Uint64": "ui64",
    "Float8E4M3FN": "f8E4M3FN",
    "Float8E5M2": "f8E5M2",
    "Float8E4M3": "f8E4M3",
    "Float8E8M0FNU": "f8E8M0FNU",
    "Float4E2M1FN": "f4E2M1FN",
    "Float6E3M2FN": "f6E3M2FN",
    "Float6E2M3FN": "f6E2M3FN",
    "Boolean": "i1",
}


#: the DSL's address spaces (cute.AddressSpace), as a pointer prints them
SPACES = ("generic", "gmem", "smem", "dsmem", "tmem", "rmem", "cmem")


def _bytes(dtype) -> int:
    return max(1, dtype.bits // 8)


class DslPointer:
    """A pointer of the DSL: element type, address space, the alignment (bytes) its type carries and the swizzle of
    a swizzled smem pointer (``recast_ptr(ptr, swizzle)``: ``ptr<f16, smem, align<1024>, S<3,4,3>>``; the addresses it
    reaches are the swizzle's of the layout's offsets, the tensor's layout the unswizzled one)."""

    __slots__ = ("dtype", "space", "align", "swizzle")

    def __init__(self, dtype, space, align, swizzle=None):
        self.dtype, self.space, self.align, self.swizzle = dtype, space, int(align), swizzle

    def mlir_elem(self) -> str:
        """The element type as the pointer's MLIR type writes it (a Boolean is stored as i8)."""
        return "i8" if self.dtype.name == "Boolean" else _MLIR.get(self.dtype.name, self.dtype.name)

    def _align_text(self) -> str:
        text = f", align<{self.align}>" if self.align != self.dtype.bits // 8 else ""
        if self.swizzle is not None:
            text += f", S<{self.swizzle.b},{self.swizzle.m},{self.swizzle.s}>"
        return text

    def dsl_str(self, fmt=None):
        return f"ptr<{self.mlir_elem()}, {self.space}{self._align_text()}>"

    def __repr__(self):
        return f"a pointer ({self.dsl_str()})"

    def dsl_add(self, n):
        """ptr + n (elements): the alignment the sum is known to keep."""
        if isinstance(n, bool) or not isinstance(n, int):
            raise CuteDumpError(f"a pointer adds an integer, got {n!r}")
        if n.__class__ is C:
            return self.offset_by(int(n))
        d = n.div if isinstance(n, Dyn) else 1
        return self.offset_by(d if d else 0)

    def offset_by(self, k: int):
        """The pointer moved by k elements (k: the offset, or what divides it)."""
        bits = k * self.dtype.bits
        if bits == 0:
            return self
        # a sub-byte element's pointer moved off a byte boundary keeps no byte alignment (0: printed as the type's)
        return DslPointer(self.dtype, self.space, gcd(self.align * 8, abs(bits)) // 8, self.swizzle)

    def dsl_attr(self, name):
        if name in ("dtype", "value_type"):
            return self.dtype
        if name == "memspace":
            return Enum_("AddressSpace", self.space)
        if name == "alignment":
            return C(self.align)
        raise CuteDumpError(f"a pointer has no attribute {name!r} here (dtype, memspace, alignment)")


class DslTensor:
    """``cute.make_tensor(ptr, layout)``: printed ``tensor<ptr<...> o layout>``."""

    __slots__ = ("ptr", "layout")

    def __init__(self, ptr, layout):
        self.ptr, self.layout = ptr, layout

    def dsl_str(self, fmt):
        return f"tensor<{self.ptr.dsl_str(fmt)} o {fmt(self.layout)}>"

    def __repr__(self):
        return f"a tensor ({self.ptr.dsl_str()})"

    def dsl_settle(self, settle):
        return self.__class__(self.ptr, settle(self.layout))

    def dsl_index(self, ev, crd):
        """tensor[crd] with None (``_``) in the coordinate: the sliced tensor, its pointer moved to crd's offset."""
        leaves = flatten_to_tuple(crd) if isinstance(crd, tuple) else (crd,)
        if UNDERSCORE not in leaves:
            raise CuteDumpError("a tensor's element (a coordinate without None) is a value of the kernel, not modelled")

        def zero(c):
            return tuple(zero(e) for e in c) if isinstance(c, tuple) else (C(0) if c is UNDERSCORE else c)

        off = self.layout(zero(crd))
        ptr = self.ptr.offset_by(int(off)) if off.__class__ is C else self.ptr.dsl_add(off)  # a Dyn: its divisibility
        return self.__class__(ptr, ev.call("slice", crd, self.layout))

    def dsl_register(self, dtype, layout, align):
        """A register tensor of dtype over layout, its pointer aligned to align bytes (an MMA's fragment)."""
        return DslTensor(DslPointer(dtype, "rmem", align), layout)

    def dsl_with_layout(self, layout, offset=None):
        """The same iterator over another layout (cute.filter_zeros of a tensor), or moved by ``offset`` elements
        (cute.local_tile)."""
        if offset is None or isinstance(self, DslDescTensor):
            return self.__class__(self.ptr, layout)
        ptr = self.ptr.offset_by(int(offset)) if offset.__class__ is C else self.ptr.dsl_add(offset)
        return self.__class__(ptr, layout)

    def dsl_attr(self, name):
        table = {
            "layout": lambda: self.layout,
            "shape": lambda: self.layout.shape,
            "stride": lambda: self.layout.stride,
            "iterator": lambda: self.ptr,
            "element_type": lambda: self.ptr.dtype,
            "memspace": lambda: Enum_("AddressSpace", self.ptr.space),
            "type": lambda: MlirType(
                f'!cute.memref<{self.ptr.mlir_elem()}, {self.ptr.space}{self.ptr._align_text()}, "{{}}">', self.layout
            ),
        }
        if name not in table:
            raise CuteDumpError(f"a tensor has no attribute {name!r} here ({', '.join(table)})")
        return table[name]()


class MlirType:
    """A value's MLIR type as the DSL prints ``tensor.type`` (``!cute.memref<f16, smem, align<128>, "(4,8):(1,4)">``):
    ``text`` with ``{}`` where the layout is written (as the DSL prints layouts)."""

    __slots__ = ("text", "layout")

    def __init__(self, text, layout):
        self.text, self.layout = text, layout

    def dsl_str(self, fmt):
        return self.text.replace("{}", fmt(self.layout))

    def dsl_settle(self, settle):
        return self.__class__(self.text, settle(self.layout))

    def __repr__(self):
        return "an MLIR type"


class DslDescIter:
    """The iterator of a descriptor tensor (``tensor.iterator``): an ``!cute_nvgpu.smem_desc``, the descriptor of
    the shared-memory core matrices the tensor's first element starts (CuTe's ``UMMA::DescriptorIterator``). The DSL
    prints it as the MLIR value ``OpResult(%N = "cute.get_iter"(%M) : (!cute_nvgpu.smem_desc_view<...>) ->
    !cute_nvgpu.smem_desc)``, its SSA numbers those of the whole trace: cutedump writes its type. ``src``: the
    smem pointer the descriptors address."""

    __slots__ = ("src",)

    def __init__(self, src):
        self.src = src

    def dsl_str(self, fmt=None):
        return "!cute_nvgpu.smem_desc"

    def __repr__(self):
        return "a shared-memory descriptor iterator (!cute_nvgpu.smem_desc)"

    def dsl_attr(self, name):
        raise CuteDumpError(f"a descriptor iterator (an MLIR value) has no attribute {name!r} (AttributeError)")


class DslDescTensor(DslTensor):
    """``tcgen05.get_s2t_smem_desc_tensor``: a tensor of shared-memory descriptors (128-bit units), over a
    :class:`DslDescIter` (its ``ptr``). Printed ``tensor<!cute_nvgpu.smem_desc o L>`` (the iterator's type where the
    DSL writes its SSA value); ``.type`` is the DSL's ``!cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "L">``;
    ``element_type`` None, as the DSL answers; sliced, divided, grouped like any tensor (the iterator kept)."""

    __slots__ = ()

    def dsl_str(self, fmt):
        return f"tensor<{self.ptr.dsl_str()} o {fmt(self.layout)}>"

    def __repr__(self):
        return "a tensor of shared-memory descriptors"

    def dsl_index(self, ev, crd):
        leaves = flatten_to_tuple(crd) if isinstance(crd, tuple) else (crd,)
        if UNDERSCORE not in leaves:
            raise CuteDumpError("a tensor's element (a coordinate without None) is a value of the kernel, not modelled")
        return self.__class__(self.ptr, ev.call("slice", crd, self.layout))

    def dsl_attr(self, name):
        if name == "element_type":
            return None
        if name == "memspace":
            raise CuteDumpError("a descriptor tensor has no memory space (ValueError)")
        if name == "type":
            return MlirType('!cute_nvgpu.smem_desc_view<!cute_nvgpu.smem_desc, "{}">', self.layout)
        return super().dsl_attr(name)
