"""Slicing a swizzled layout at a coordinate (``cute/swizzle_layout.hpp``: ``slice_and_offset``), with CuTe's
``MixedBits`` (``cute/swizzle.hpp``): an unsigned 32-bit value some of whose bits are known statically.

``slice_and_offset(coord, Sw o O o L)`` is what a tensor slice ``sA(t, _, _)`` does to a swizzled smem layout:

* all-``_`` coordinates only reshape: ``(Sw o O o slice(c, L), _0)``;
* otherwise the consumed part of the coordinate is split into the bits the swizzle reads/writes (``only_zy``,
  accumulated into the composed offset with XOR) and the bits it passes through (``anti_zy``, the pointer
  offset). When the remaining layout hits both a Y bit and its Z bit, the result stays swizzled
  ``(Sw o offset_only_zy o slice(c, L), offset_anti_zy)``; else the swizzle decays into an ordinary layout whose
  strides are +-Z or Y+-Z per bit (static when the offset bit is known statically, dynamic otherwise) composed
  with ``slice(c, L)``, and the pointer offset is ``Sw(offset_only_zy) + offset_anti_zy``.

Static/dynamic follows the header exactly: values here are ``C`` (static), ``int`` (dynamic) or ``MixedBits``.
"""

from __future__ import annotations

from cutedump.algebra import inttuple as it
from cutedump.algebra.integer import C, is_static
from cutedump.algebra.layout import Layout, composition, dice_layout, make_layout, size, slice_layout
from cutedump.algebra.smem_ptr import is_smem_flag
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.errors import CuteDumpError
from cutedump.versions import cutlass_fact

U32 = 0xFFFFFFFF


class MixedBits:
    """``MixedBits<S, F>{d}``: the value ``S | (d & F)``; F marks the dynamic bits (never 0), S & F == 0."""

    __slots__ = ("s", "f", "d")

    def __init__(self, s: int, f: int, d: int):
        self.s, self.f, self.d = s & U32, f & U32, d & U32

    def __int__(self):
        return self.s | self.d

    __index__ = __int__

    def __str__(self):  # print(MixedBits)
        return f"M_{self.s}|({self.d}&{self.f})={self.s | self.d}"

    __repr__ = __str__


def make_mixed_bits(s: int, d, f: int):
    """``make_mixed_bits(C<s>, d, C<f>)``: a static int when no dynamic bit remains or d is static."""
    new_f = (f & ~s) & U32
    if new_f == 0 or is_static(d):
        return C(s & U32) | (d & C(new_f))
    return MixedBits(s, new_f, int(d) & new_f)


def _u(x) -> int:
    return int(x) & U32


def xor(a, b):
    """``a ^ b`` over C / int / MixedBits, static-ness as in swizzle.hpp and integral_constant.hpp."""
    if isinstance(a, MixedBits) and isinstance(b, MixedBits):
        s = (~a.s & b.s & ~a.f) | (a.s & ~b.s & ~b.f)
        return make_mixed_bits(s & U32, (a.s | a.d) ^ (b.s | b.d), a.f | b.f)
    if isinstance(b, MixedBits) and isinstance(a, C):
        a, b = b, a
    if isinstance(a, MixedBits) and isinstance(b, C):
        s1 = _u(b)
        return make_mixed_bits(((~a.s & s1 & ~a.f) | (a.s & ~s1)) & U32, (a.s | a.d) ^ s1, a.f)
    if isinstance(a, MixedBits) or isinstance(b, MixedBits):
        return _u(a) ^ _u(b)  # MixedBits decays to uint32_t next to a dynamic int
    return a ^ b


def and_c(a, c: C):
    """``a & C<c>``."""
    if isinstance(a, MixedBits):
        return make_mixed_bits(a.s & _u(c), a.d, a.f & _u(c))
    return a & c


def shiftr_c(a, n: int):
    """``shiftr(a, C<n>)``."""
    if isinstance(a, MixedBits):
        if n >= 0:
            return make_mixed_bits(a.s >> n, a.d >> n, a.f >> n)
        return make_mixed_bits(a.s << -n, a.d << -n, a.f << -n)
    r = int(a) >> n if n >= 0 else int(a) << -n
    return C(r) if isinstance(a, C) else r


def add(a, b):
    if isinstance(a, MixedBits):
        a = int(a)
    if isinstance(b, MixedBits):
        b = int(b)
    return a + b


def swizzle_apply(sw, x):
    """``Swizzle::apply``: ``x ^ shiftr(x & yyy_msk, msk_sft)``."""
    return xor(x, shiftr_c(and_c(x, C(sw.yyy_msk)), sw.s))


def _eq0(x):
    """``x == Int<0>{}``: a static bool (True/False) or None when only known at run time."""
    if isinstance(x, C):
        return int(x) == 0
    return None


def _cond_return(cond, a: C, b: C, runtime: bool):
    """``conditional_return(cond, a, b)``: static when cond is, or when both are the same constant; otherwise
    the run-time int ``cond ? a : b`` (runtime: the value the condition has at run time)."""
    if cond is True:
        return a
    if cond is False:
        return b
    if int(a) == int(b):
        return a
    return int(a) if runtime else int(b)


def to_mixed_bits(layout: Layout, coord):
    """``to_mixed_bits(layout, coord)`` (swizzle.hpp): XOR over the leaves of ``coord * stride`` with dynamic
    flags ``(shape - 1) * stride``."""
    crd = it.idx2crd(coord, layout.shape)
    return _tmb(layout.shape, layout.stride, crd)


def _tmb(shape, stride, crd):
    if it.is_tuple(shape) and it.is_tuple(stride) and it.is_tuple(crd):
        if not (len(shape) == len(stride) == len(crd)):
            raise CuteDumpError("to_mixed_bits: Mismatched ranks")
        vals = [_tmb(s, d, c) for s, d, c in zip(shape, stride, crd)]
        if not vals:
            raise CuteDumpError("to_mixed_bits: empty coordinate")
        acc = vals[-1]
        for v in reversed(vals[:-1]):  # (a ^ ...): a right fold
            acc = xor(v, acc)
        return acc
    if it.is_tuple(shape) or it.is_tuple(stride) or it.is_tuple(crd):
        raise CuteDumpError(
            "to_mixed_bits: Either Shape, Stride, and Coord must be all tuples, or they must be all integral"
        )
    sd = shape * stride
    if not is_static(sd):
        raise CuteDumpError("to_mixed_bits: Requires pow2 shape*stride (static).")
    v = int(sd)
    if v != 0 and (v & (v - 1)) != 0:
        raise CuteDumpError("to_mixed_bits: Requires pow2 shape*stride.")
    f = (shape - C(1)) * stride
    if not is_static(f):
        raise CuteDumpError("to_mixed_bits: the dynamic-bit mask (shape-1)*stride must be static")
    return make_mixed_bits(0, crd * stride, int(f))


def _low_bit(x: int) -> int:
    return x & -x


def _swizzle_strides(lo_is_z: bool, Z: int, Y: int, offset, B: int) -> tuple:
    """detail::make_swizzle_strides(true_type/false_type, Z, Y, offset, seq<B>): a tuple of B strides."""
    val = int(offset) & U32
    out = []
    for i in range(B):
        bit = (Y << i) if lo_is_z else (Z << i)
        cond = _eq0(and_c(offset, C(bit)))
        if lo_is_z:
            a, b = C(Z << i), C(-(Z << i))
        else:
            a, b = C((Y + Z) << i), C((Y - Z) << i)
        out.append(_cond_return(cond, a, b, (val & bit) == 0))
    return tuple(out)


def _repeat(n: int, x):
    return x if n == 1 else (x,) * n


def slice_and_offset(coord, composed):
    """``slice_and_offset(coord, Swizzle o offset o L)`` -> (layout or composed layout, pointer offset)."""
    if not isinstance(composed, ComposedLayout) or not isinstance(composed.a, Swizzle):
        raise CuteDumpError("slice_and_offset: expected a swizzled layout Sw<B,M,S> o O o L")
    sw, off, L = composed.a, composed.offset, composed.b
    if not it.has_underscore(coord) or _all_underscore(coord):
        if not it.has_underscore(coord):
            raise CuteDumpError("slice_and_offset needs a coordinate with _")
        return ComposedLayout(sw, off, slice_layout(coord, L)), C(0)
    if is_smem_flag(off) and cutlass_fact("smem_flag_stage_slice") == "inner":
        # CUTLASS 4.7's overload for Swizzle o smem_ptr_flag_bits o L (cute/pointer_flagged.hpp:87): slice the inner
        # layout; a static zero offset keeps the flag, any other goes to the middle slot (flag + k = k: the flag is
        # Int<0>), and the composed layout's own offset is zero
        sliced = slice_layout(coord, L)
        k = dice_layout(coord, L)(it.dice(coord, coord))
        if is_static(k) and int(k) == 0:
            return ComposedLayout(sw, off, sliced), C(0)
        return ComposedLayout(sw, k, sliced), C(0)
    B, M, S = sw.b, sw.m, sw.s
    aS = abs(S)
    sw_shape = (C(1 << M), C(1 << B), C(1 << (aS - B)), C(1 << B), C(1))
    sw_l = make_layout(sw_shape)
    st = sw_l.stride
    anti_zy = Layout(sw_shape, (st[0], C(0), st[2], C(0), size(sw_l)))
    only_zy = Layout(sw_shape, (C(0), st[1], C(0), st[3], C(0)))

    sliced = slice_layout(coord, L)
    diced = dice_layout(coord, L)
    diced_coord = it.dice(coord, coord)
    diced_anti = composition(anti_zy, diced)
    diced_only = composition(only_zy, diced)
    offset_only_zy = xor(off, to_mixed_bits(diced_only, diced_coord))
    offset_anti_zy = diced_anti(diced_coord)

    sliced_only = composition(only_zy, sliced)
    active = sliced_only(size(sliced_only) - C(1))
    if not is_static(active):
        collide = False  # is_constant<0, ...> fails on a run-time value: the decay branch is taken
    else:
        a = int(active) & U32
        collide = (a & ~int(swizzle_apply(sw, C(a))) & U32) != 0
    if collide:
        return ComposedLayout(sw, offset_only_zy, sliced), offset_anti_zy

    if B == 0:
        raise CuteDumpError("slice_and_offset: a Swizzle<0,..> has no bits to decay")
    Z = _low_bit(sw.zzz_msk)
    Y = _low_bit(sw.yyy_msk)
    lo = _swizzle_strides(Z < Y, Z, Y, offset_only_zy, B)
    hi = _swizzle_strides(Z > Y, Z, Y, offset_only_zy, B)
    shape = (C(1 << M), _repeat(B, C(2)), C(1 << (aS - B)), _repeat(B, C(2)), C(1))
    if B == 1:  # repeat<1>(_2) is a bare _2 and CuTe 4.2 takes the 1-tuple of strides as its one stride
        lo, hi = lo[0], hi[0]
    stride = (C(1), lo, C(1 << (M + B)), hi, C(1 << (M + B + aS)))
    swizzle_layout = Layout(shape, stride)
    return composition(swizzle_layout, sliced), add(swizzle_apply(sw, offset_only_zy), offset_anti_zy)


def _all_underscore(c) -> bool:
    if it.is_tuple(c):
        return all(_all_underscore(e) for e in c)
    return c is it.UNDERSCORE
