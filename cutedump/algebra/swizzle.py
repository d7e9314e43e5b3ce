"""Swizzles and composed layouts (``cute/swizzle.hpp``, ``cute/layout_composed.hpp``, ``cute/swizzle_layout.hpp``).

``Swizzle<B,M,S>`` XORs the B bits at [M+S, M+S+B) of an offset into the bits at [M, M+B) (for S > 0):
``offset ^ shiftr(offset & yyy_msk, S)``. A ``ComposedLayout`` A o O o B evaluates ``A(O + B(c))``.
"""

from __future__ import annotations

from cutedump.algebra import inttuple as it
from cutedump.algebra.integer import CU, C, is_constant, is_static, safe_div, shiftr
from cutedump.algebra.layout import (
    ComposedBase,
    Layout,
    Swizzled,
    composition,
    downcast,
    logical_product,
    size,
    slice_layout,
    upcast,
)
from cutedump.algebra.smem_ptr import SmemPtrFlag
from cutedump.errors import CuteDumpError, warn


class Swizzle(Swizzled):
    """``Swizzle<BBits, MBase, SShift>``, printed ``Sw<B,M,S>``."""

    __slots__ = ("b", "m", "s")

    def __init__(self, b: int, m: int, s: int | None = None):
        s = b if s is None else s
        if m < 0:
            raise CuteDumpError("MBase must be positive.")
        if b < 0:
            raise CuteDumpError("BBits must be positive.")
        if abs(s) < b:
            raise CuteDumpError("abs(SShift) must be more than BBits.")
        self.b, self.m, self.s = int(b), int(m), int(s)

    @property
    def bit_msk(self) -> int:
        return (1 << self.b) - 1

    @property
    def yyy_msk(self) -> int:
        return self.bit_msk << (self.m + max(0, self.s))

    @property
    def zzz_msk(self) -> int:
        return self.bit_msk << (self.m - min(0, self.s))

    def __call__(self, offset):
        """offset ^ shiftr(offset & yyy_msk, S); static in, static out."""
        masked = offset & C(self.yyy_msk)
        return offset ^ shiftr(masked, C(self.s))

    def __str__(self):
        return f"Sw<{self.b},{self.m},{self.s}>"

    __repr__ = __str__

    def __eq__(self, o):
        return isinstance(o, Swizzle) and (self.b, self.m, self.s) == (o.b, o.m, o.s)

    def __hash__(self):
        return hash((self.b, self.m, self.s))


def make_swizzle(y: int, z: int) -> Swizzle:
    """The swizzle whose yyy/zzz masks are y and z (CuTe ``make_swizzle<Y,Z>``)."""
    bz, by = bin(z).count("1"), bin(y).count("1")
    if bz != by:
        raise CuteDumpError("Number of bits in Y and Z don't match")
    if y == 0 and z == 0:
        return Swizzle(0, 0, 0)  # countr_zero(0) = 32, 32 % 32 = 0
    tz_y = (y & -y).bit_length() - 1 if y else 32
    tz_z = (z & -z).bit_length() - 1 if z else 32
    m = min(tz_y, tz_z) % 32
    s = tz_y - tz_z
    sw = Swizzle(by, m, s)
    if (y | z) != (sw.yyy_msk | sw.zzz_msk):
        raise CuteDumpError("make_swizzle: masks are not a contiguous swizzle")
    return sw


class ComposedLayout(ComposedBase):
    """``A o O o B``: evaluates A(O + B(c)); shape, size and coordinates are B's."""

    __slots__ = ("a", "offset", "b")

    def __init__(self, a, offset, b):
        self.a, self.offset, self.b = a, offset, b

    @property
    def shape(self):
        return self.b.shape

    def __call__(self, *coord):
        c = coord[0] if len(coord) == 1 else tuple(coord)
        if it.has_underscore(c):
            if all_underscore(c):
                return make_composed_layout(self.a, self.offset, slice_layout(c, self.b))
            raise CuteDumpError("slicing a swizzled layout at a coordinate is not supported")
        return self.a(self.offset + self.b(c))

    def __str__(self):
        return f"{self.a} o {it.fmt(self.offset)} o {self.b}"

    __repr__ = __str__

    def __eq__(self, o):
        return isinstance(o, ComposedLayout) and str(self) == str(o)

    def __hash__(self):
        return hash(str(self))


def all_underscore(c) -> bool:
    if it.is_tuple(c):
        return all(all_underscore(e) for e in c)
    return c is it.UNDERSCORE


#: ``KEEP_NOOP[0]``: the CuTe DSL's algebra is asked (cutedump.expr.dsl sets it while it evaluates): the DSL keeps a
#: composed layout composed through every operation, even with a no-op swizzle, which it prints ``S<0,4,3>``
KEEP_NOOP = [False]


def make_composed_layout(a, offset, b):
    """composition(A, O, B): a Swizzle<0,..> with a static-0 offset is dropped (it is the identity) -- except in the
    DSL's algebra (:data:`KEEP_NOOP`), which keeps it as ``S<0,4,3>``."""
    if isinstance(a, Swizzle) and a.b == 0 and type(offset) is C and int(offset) == 0:
        if KEEP_NOOP[0]:
            return ComposedLayout(Swizzle(0, 4, 3), offset, b) if isinstance(b, Layout) else b
        return b
    return ComposedLayout(a, offset, b)


def compose_swizzled(lhs, rhs):
    """composition() when a swizzle or a composed layout is involved."""
    if isinstance(lhs, ComposedLayout):
        # (A o O o B) o R = A o O o (B o R)
        return make_composed_layout(lhs.a, lhs.offset, composition(lhs.b, rhs))
    if isinstance(lhs, Swizzle):
        if isinstance(rhs, Layout):
            return make_composed_layout(lhs, C(0), rhs)
        if isinstance(rhs, Swizzle):
            if lhs.s != rhs.s:
                raise CuteDumpError("Can only merge swizzles of the same shift.")
            return make_swizzle(lhs.yyy_msk ^ rhs.yyy_msk, lhs.zzz_msk ^ rhs.zzz_msk)
        raise CuteDumpError("composition of a swizzle with this operand is not supported")
    if isinstance(lhs, Layout):
        if isinstance(rhs, Swizzle):
            y = lhs(C(rhs.yyy_msk))
            z = lhs(C(rhs.zzz_msk))
            if not (is_static(y) and is_static(z)):
                raise CuteDumpError("composition(Layout, Swizzle) needs a static layout")
            return make_composed_layout(make_swizzle(int(y), int(z)), C(0), lhs)
        if isinstance(rhs, ComposedLayout):
            return composition(composition(lhs, rhs.a), rhs.b) if is_constant(0, rhs.offset) else _unsupported()
    raise CuteDumpError("composition: unsupported operands")


# layout.composition() dispatches operands of these classes here (layout.py does not import this module)
Swizzle._composition = ComposedLayout._composition = staticmethod(compose_swizzled)


def _unsupported():
    raise CuteDumpError("composition of a layout with an offset composed layout is not supported")


def as_position_independent_swizzle_layout(layout):
    """For a swizzle composed at offset _0 this is the layout itself; the smem_ptr_flag form
    ``Sw o smem_ptr[Bb](unset) o L`` becomes ``recast_layout<uint8_t,uint_bit_t<B>>(Sw) o _0 o L``
    (pointer_flagged.hpp: the swizzle moves from byte addresses to B-bit element offsets)."""
    if (
        isinstance(layout, ComposedLayout) and isinstance(layout.offset, SmemPtrFlag) and layout.offset.sparsity is None
    ):  # no overload for smem_sparse_ptr_flag_bits: the layout as is
        return make_composed_layout(recast_swizzle(layout.a, 8, layout.offset.bits), C(0), layout.b)
    return layout


def _log2_pow2(n: int) -> int:
    if n <= 0 or n & (n - 1):
        raise CuteDumpError(f"N must be a power of two (got {n})")
    return n.bit_length() - 1


def upcast_swizzle(sw: Swizzle, n: int) -> Swizzle:
    """upcast<N>(Sw<B,M,S>) = Sw<B,M-log2 N,S> (bits below M fall off: Sw<max(B+M',0),0,S>)."""
    new_m = sw.m - _log2_pow2(n)
    if new_m >= 0:
        return Swizzle(sw.b, new_m, sw.s)
    return Swizzle(max(sw.b + new_m, 0), 0, sw.s)


def downcast_swizzle(sw: Swizzle, n: int) -> Swizzle:
    """downcast<N>(Sw<B,M,S>) = Sw<B,M+log2 N,S>."""
    return Swizzle(sw.b, sw.m + _log2_pow2(n), sw.s)


def recast_swizzle(sw: Swizzle, old_bits: int, new_bits: int) -> Swizzle:
    """recast_layout<Old,New>(Swizzle): upcast by New/Old or downcast by Old/New (powers of two)."""
    if new_bits == old_bits:
        return sw
    if new_bits % old_bits == 0:
        return upcast_swizzle(sw, new_bits // old_bits)
    if old_bits % new_bits == 0:
        return downcast_swizzle(sw, old_bits // new_bits)
    raise CuteDumpError(f"cannot recast a swizzle from {old_bits} to {new_bits} bits")


def upcast_composed(cl: ComposedLayout, n: int):
    """upcast<N>(A o O o B) = upcast<N>(A) o O/N o upcast<N>(B); with an smem_ptr_flag_bits<B> offset the swizzle
    stays (it acts on bytes) and the flag becomes smem_ptr_flag_bits<B*N> (pointer_flagged.hpp)."""
    if isinstance(cl.offset, SmemPtrFlag):
        if cl.offset.sparsity is not None:
            raise CuteDumpError("upcast of a sparse smem layout atom: Not implemented for safety")
        return ComposedLayout(cl.a, SmemPtrFlag(cl.offset.bits * n), upcast(cl.b, n))
    off = safe_div(cl.offset, C(n))
    if isinstance(off, C):
        off = CU(int(off))  # safe_div(m, C<N>) with N a uint32_t template argument: an unsigned constant
    return make_composed_layout(upcast_swizzle(cl.a, n), off, upcast(cl.b, n))


def downcast_composed(cl: ComposedLayout, n: int):
    if isinstance(cl.offset, SmemPtrFlag):  # smem_ptr_flag_bits<B/N>, the swizzle unchanged (pointer_flagged.hpp)
        if cl.offset.sparsity is not None:
            raise CuteDumpError("downcast of a sparse smem layout atom: Not implemented for safety")
        return ComposedLayout(cl.a, SmemPtrFlag(cl.offset.bits // n), downcast(cl.b, n))
    off = cl.offset * C(n)
    if isinstance(off, C):
        off = CU(int(off))  # m * C<N>, N unsigned
    return make_composed_layout(downcast_swizzle(cl.a, n), off, downcast(cl.b, n))


def logical_product_swizzled(layout, tiler: ComposedLayout):
    """logical_product(L, Sw o _0 o T): the product with T, re-swizzled on the bits T's swizzle touches."""
    if not is_constant(0, tiler.offset):
        raise CuteDumpError("Require Swizzle offset == 0.")
    sw = tiler.a
    b, m, s = sw.b, sw.m, abs(sw.s)
    new_layout = logical_product(layout, tiler.b)
    only_zy = Layout(
        (C(1 << m), C(1 << b), C(1 << (s - b)), C(1 << b), C(1)), (C(0), C(1 << m), C(0), C(1 << (m + s)), C(0))
    )
    lz = composition(only_zy, tiler.b)
    active = lz(size(lz) - C(1))
    az, ay = active & C(sw.zzz_msk), active & C(sw.yyy_msk)
    nz = new_layout(C(0), tiler.b(az))
    ny = new_layout(C(0), tiler.b(ay))
    return make_composed_layout(make_swizzle(int(ny), int(nz)), C(0), new_layout)


def warn_misaligned(sw, address: int | None, what: str = "--smem-address") -> None:
    """One warning when a byte address is not on the period of a byte-address swizzle Sw<B,M,S> (2^(B+M+S) bytes:
    1024 for SW128): the tile's rows would be swizzled with another phase than its layout assumes."""
    if address is None or sw is None or int(sw.b) == 0:
        return
    period = 1 << (int(sw.b) + int(sw.m) + int(sw.s))
    if int(address) % period:
        warn(
            f"{what} {int(address):#x} is not {period}-byte aligned: the {sw} swizzle repeats every {period} bytes, "
            f"so the tile starts {int(address) % period} bytes into a swizzle pattern"
        )
