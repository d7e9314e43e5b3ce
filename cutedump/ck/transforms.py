"""Composable Kernel's multi-index transforms (``include/ck/tensor_description/multi_index_transform.hpp``).

A transform maps an *upper* index (the dimensions it creates) to a *lower* index (the dimensions it consumes):
``calculate_lower_index(up) -> low``, as CK's ``CalculateLowerIndex``. Lengths may be static (:class:`C`,
CK's ``Number<>``) or dynamic (``int``, CK's ``index_t``); the arithmetic below uses plain integers and works
element-wise on numpy arrays too. Division is C++'s (truncating toward zero).

``cute_modes(low_modes)`` gives, where it exists, the CuTe layout modes of the upper dimensions from those of the
lower ones (plus a constant offset); transforms with no CuTe counterpart raise :class:`NotExpressible`.
"""

from __future__ import annotations

from cutedump.algebra import C, Layout, composition, get, is_tuple, make_layout, size
from cutedump.errors import CuteDumpError


class NotExpressible(Exception):
    """The descriptor has no exact CuTe layout (padding, modulo, a non-linear slice...)."""


def _i(x):
    return int(x)


def tdiv(a, b):
    """C++ integer division (truncates toward zero), for ints or numpy arrays, by an integer ``b``.

    ``b == 0`` raises ZeroDivisionError for arrays too (numpy would warn and go on), unless there is nothing to
    divide (an empty array: an empty domain)."""
    if b == 0:
        if getattr(a, "size", 1):
            raise ZeroDivisionError("integer division by zero")
        return a
    q = a // b
    return q + (((a % b) != 0) & ((a < 0) != (b < 0)))


def tmod(a, b):
    return a - tdiv(a, b) * b


def wrap32(x):
    """CK's ``index_t`` is int32: wrap like the two's-complement hardware does (ints or numpy int64 arrays)."""
    return ((x + 0x80000000) % 0x100000000) - 0x80000000


def magic_numbers(divisor):
    """``MagicDivision::CalculateMagicNumbers`` (ck/utility/magic_division.hpp): (multiplier, shift) as uint32."""
    d = int(divisor) & 0xFFFFFFFF
    if not 1 <= d <= 0x7FFFFFFF:
        return 0, 0
    shift = 0
    while shift < 32 and (1 << shift) < d:
        shift += 1
    multiplier = ((1 << 32) * ((1 << shift) - d)) // d + 1
    return multiplier & 0xFFFFFFFF, shift


def magic_divide(dividend, multiplier, shift):
    """``MagicDivision::DoMagicDivision(int32_t, ...)``: the dividend read as uint32, the sum wrapped to 32 bits.
    Equal to ``dividend / divisor`` for 0 <= dividend < 2^31; something else for negative dividends."""
    if isinstance(dividend, int):
        u = dividend & 0xFFFFFFFF
        tmp = (u * multiplier) >> 32
        return wrap32(((tmp + u) & 0xFFFFFFFF) >> shift)
    import numpy as np

    u = (np.asarray(dividend, dtype=np.int64) & 0xFFFFFFFF).astype(np.uint64)
    tmp = (u * np.uint64(multiplier)) >> np.uint64(32)
    r = ((tmp + u) & np.uint64(0xFFFFFFFF)) >> np.uint64(shift)
    return wrap32(r.astype(np.int64))


def _fmt(x):
    return str(int(x))


def _tup(xs):
    return "(" + ", ".join(_fmt(x) for x in xs) + ")"


def _reverse_exclusive_scan(lengths):
    """CK's ``container_reverse_exclusive_scan(lengths, multiplies, 1)``: row-major strides."""
    out = [1] * len(lengths)
    acc = 1
    for k in range(len(lengths) - 1, -1, -1):
        out[k] = acc
        acc *= _i(lengths[k])
    return out


def _static_mul(a, b):
    return a * b  # C * C stays static; anything with an int becomes dynamic (the engine's rule)


class Transform:
    name = "transform"
    nlow = 1
    nup = 1
    always_valid = True
    linear = True

    def up_lengths(self):
        raise NotImplementedError

    def calculate_lower_index(self, up):
        raise NotImplementedError

    def is_valid(self, up):
        """IsValidUpperIndexMappedToValidLowerIndex (True for most transforms)."""
        return True

    def label(self):
        return self.name

    def cute_modes(self, low_modes):
        """(upper modes, constant offset) as CuTe layouts from the lower modes, or raise NotExpressible."""
        raise NotExpressible(f"{self.label()} has no CuTe counterpart")

    def __repr__(self):
        return self.label()


class PassThrough(Transform):
    name = "pass_through"

    def __init__(self, length):
        self.length = length

    def up_lengths(self):
        return (self.length,)

    def calculate_lower_index(self, up):
        return (up[0],)

    def label(self):
        return f"pass_through({_fmt(self.length)})"

    def cute_modes(self, low_modes):
        return [low_modes[0]], 0


class Pad(Transform):
    """``Pad``: up = low + left + right; low = up - left; valid iff left <= up < up_length - right."""

    name = "pad"
    always_valid = False

    def __init__(self, low_length, left, right):
        self.low_length, self.left, self.right = low_length, left, right

    def up_lengths(self):
        return (self.low_length + self.left + self.right,)

    def calculate_lower_index(self, up):
        return (up[0] - _i(self.left),)

    def is_valid(self, up):
        u = up[0]
        return (u >= _i(self.left)) & (u < _i(self.up_lengths()[0]) - _i(self.right))

    def label(self):
        return f"pad({_fmt(self.low_length)}, left {_fmt(self.left)}, right {_fmt(self.right)})"

    def cute_modes(self, low_modes):
        if _i(self.left) == 0 and _i(self.right) == 0:
            return [low_modes[0]], 0
        raise NotExpressible(f"{self.label()}: padded indices are invalid and CuTe layouts have no holes")


class LeftPad(Pad):
    name = "left_pad"

    def __init__(self, low_length, left):
        super().__init__(low_length, left, 0)

    def up_lengths(self):
        return (self.low_length + self.left,)

    def is_valid(self, up):
        return up[0] >= _i(self.left)

    def label(self):
        return f"left_pad({_fmt(self.low_length)}, {_fmt(self.left)})"


class RightPad(Pad):
    name = "right_pad"

    def __init__(self, low_length, right):
        super().__init__(low_length, 0, right)

    def up_lengths(self):
        return (self.low_length + self.right,)

    def calculate_lower_index(self, up):
        return (up[0],)

    def is_valid(self, up):
        return up[0] < _i(self.low_length)

    def label(self):
        return f"right_pad({_fmt(self.low_length)}, {_fmt(self.right)})"


class Embed(Transform):
    """``Embed``: low = sum_k coefficients[k] * up[k]."""

    name = "embed"

    def __init__(self, up_lengths, coefficients):
        if len(up_lengths) != len(coefficients):
            raise CuteDumpError(
                "embed: UpLengths::Size() == Coefficients::Size() is false "
                f"({len(up_lengths)} lengths, {len(coefficients)} coefficients)"
            )
        self._up, self.coefficients = tuple(up_lengths), tuple(coefficients)
        self.nup = len(self._up)

    def up_lengths(self):
        return self._up

    def calculate_lower_index(self, up):
        acc = 0
        for u, c in zip(up, self.coefficients):
            acc = acc + u * _i(c)
        return (acc,)

    def label(self):
        return f"embed(up_lengths {_tup(self._up)}, coefficients {_tup(self.coefficients)})"

    def cute_modes(self, low_modes):
        comp = composition(low_modes[0], Layout(self._up, self.coefficients))
        return [get(comp, k) for k in range(self.nup)], 0


class Merge(Transform):
    """``Merge_*``: one upper index delinearized row-major (last lower dimension fastest)."""

    name = "merge"
    nup = 1
    linear = False
    VARIANTS = {
        "merge": "Merge_v2_magic_division",
        "merge_v1_carry_check": "Merge_v1_carry_check",
        "merge_v2_magic_division": "Merge_v2_magic_division",
        "merge_v3_division_mod": "Merge_v3_division_mod",
    }

    def __init__(self, low_lengths, variant="merge"):
        if variant not in self.VARIANTS:
            raise CuteDumpError(f"unknown merge variant {variant!r}")
        self.low_lengths = tuple(low_lengths)
        self.nlow = len(self.low_lengths)
        self.variant = variant
        self.scan = _reverse_exclusive_scan(self.low_lengths)

    def up_lengths(self):
        n = 1
        for x in self.low_lengths:
            n = n * x
        return (n,)

    def calculate_lower_index(self, up):
        tmp = up[0]
        if self.VARIANTS[self.variant] == "Merge_v2_magic_division":
            # from the last lower dimension up: tmp2 = tmp / length (magic), low = tmp - tmp2 * length
            low = [None] * self.nlow
            for k in range(self.nlow - 1, 0, -1):
                n = _i(self.low_lengths[k])
                tmp2 = magic_divide(tmp, *magic_numbers(n))
                low[k] = wrap32(tmp - tmp2 * n)
                tmp = tmp2
            low[0] = tmp
            return tuple(low)
        low = []  # Merge_v1_carry_check, Merge_v3_division_mod: C++ division by the row-major scan
        for k in range(self.nlow - 1):
            q = tdiv(tmp, self.scan[k])
            low.append(q)
            tmp = tmp - q * self.scan[k]
        low.append(tmp)
        return tuple(low)

    def label(self):
        return f"{self.variant}{_tup(self.low_lengths)}"

    def cute_modes(self, low_modes):
        modes = []
        for m, n in zip(low_modes, self.low_lengths):
            if _i(size(m)) != _i(n):
                m = composition(m, Layout(n, C(1)))
            modes.append(m)
        return [make_layout(*reversed(modes)) if len(modes) > 1 else modes[0]], 0


class UnMerge(Transform):
    """``UnMerge``: low = sum_k up[k] * scan[k] with row-major scan of the upper lengths."""

    name = "unmerge"
    nlow = 1

    def __init__(self, up_lengths):
        self._up = tuple(up_lengths)
        self.nup = len(self._up)
        self.scan = _reverse_exclusive_scan(self._up)

    def up_lengths(self):
        return self._up

    def calculate_lower_index(self, up):
        acc = up[self.nup - 1]
        for k in range(self.nup - 1):
            acc = acc + up[k] * self.scan[k]
        return (acc,)

    def label(self):
        return f"unmerge{_tup(self._up)}"

    def _scan_static(self):
        out = [None] * self.nup
        acc = C(1)
        for k in range(self.nup - 1, -1, -1):
            out[k] = acc
            acc = acc * self._up[k]
        return tuple(out)

    def cute_modes(self, low_modes):
        comp = composition(low_modes[0], Layout(self._up, self._scan_static()))
        if self.nup == 1:
            return [comp], 0
        return [get(comp, k) for k in range(self.nup)], 0


class Freeze(Transform):
    """``Freeze``: no upper dimension; the lower index is the constant ``low_idx``."""

    name = "freeze"
    nup = 0

    def __init__(self, low_idx):
        self.low_idx = low_idx

    def up_lengths(self):
        return ()

    def calculate_lower_index(self, up):
        return (_i(self.low_idx),)

    def label(self):
        return f"freeze({_fmt(self.low_idx)})"

    def cute_modes(self, low_modes):
        return [], _i(low_modes[0](_i(self.low_idx)))


class Insert(Transform):
    """``Insert``: a dangling upper dimension with no lower dimension (a broadcast)."""

    name = "insert"
    nlow = 0

    def __init__(self, length):
        self.length = length

    def up_lengths(self):
        return (self.length,)

    def calculate_lower_index(self, up):
        return ()

    def label(self):
        return f"insert({_fmt(self.length)})"

    def cute_modes(self, low_modes):
        return [Layout(self.length, C(0))], 0


class Vectorize(Transform):
    """``Vectorize``: low = vector_size * up."""

    name = "vectorize"

    def __init__(self, vector_size, length):
        self.vector_size, self.length = vector_size, length

    def up_lengths(self):
        return (self.length,)

    def calculate_lower_index(self, up):
        return (up[0] * _i(self.vector_size),)

    def label(self):
        return f"vectorize({_fmt(self.vector_size)}, {_fmt(self.length)})"

    def cute_modes(self, low_modes):
        return [composition(low_modes[0], Layout(self.length, self.vector_size))], 0


class Slice(Transform):
    """``Slice``: low = up + begin, up length = end - begin."""

    name = "slice"

    def __init__(self, low_length, begin, end):
        # CK checks nothing: end < begin gives a negative upper length (an empty dimension)
        self.low_length, self.begin, self.end = low_length, begin, end

    def up_lengths(self):
        return (self.end - self.begin,)

    def calculate_lower_index(self, up):
        return (up[0] + _i(self.begin),)

    def label(self):
        return f"slice({_fmt(self.low_length)}, {_fmt(self.begin)}, {_fmt(self.end)})"

    def cute_modes(self, low_modes):
        m = low_modes[0]
        if is_tuple(m.shape):
            raise NotExpressible(f"{self.label()} of the hierarchical mode {m}")
        return [Layout(self.end - self.begin, m.stride)], _i(self.begin) * _i(m.stride)


class Modulo(Transform):
    """``Modulo``: low = up % modulus."""

    name = "modulo"
    linear = False

    def __init__(self, modulus, length):
        self.modulus, self.length = modulus, length

    def up_lengths(self):
        return (self.length,)

    def calculate_lower_index(self, up):
        return (tmod(up[0], _i(self.modulus)),)

    def label(self):
        return f"modulo({_fmt(self.modulus)}, {_fmt(self.length)})"


class Xor(Transform):
    """``Xor`` (make_xor_transform / make_xor_with_modulo_transform): two dimensions in, two out;
    low0 = up0, low1 = up1 ^ up0 (or up1 ^ (up0 % length1) with the modulo)."""

    name = "xor"
    nlow = 2
    nup = 2
    linear = False

    def __init__(self, low_lengths, apply_modulo=False):
        if len(low_lengths) != 2:
            raise CuteDumpError(f"xor takes two lengths (LowerIndex is MultiIndex<2>), got {len(low_lengths)}")
        self.low_lengths = tuple(low_lengths)
        self.apply_modulo = apply_modulo

    def up_lengths(self):
        return self.low_lengths

    def calculate_lower_index(self, up):
        if self.apply_modulo:
            return (up[0], up[1] ^ tmod(up[0], _i(self.low_lengths[1])))
        return (up[0], up[1] ^ up[0])

    def label(self):
        return f"{'xor_with_modulo' if self.apply_modulo else 'xor'}{_tup(self.low_lengths)}"

    def cute_modes(self, low_modes):
        raise NotExpressible(
            f"{self.label()}: an xor of two indices is no CuTe layout (a Swizzle would need "
            "power-of-two lengths and a composed layout)"
        )


# factory name -> usage
FACTORIES = {
    "pass_through": "pass_through(L)",
    "pad": "pad(L, left, right)",
    "left_pad": "left_pad(L, left)",
    "right_pad": "right_pad(L, right)",
    "embed": "embed((l0, l1, ...), (c0, c1, ...))",
    "merge": "merge(l0, l1, ...)   (also merge_v1_carry_check, merge_v2_magic_division, merge_v3_division_mod)",
    "unmerge": "unmerge(l0, l1, ...)",
    "freeze": "freeze(i)",
    "insert": "insert(L)",
    "vectorize": "vectorize(vector_size, L)",
    "slice": "slice(L, begin, end)",
    "modulo": "modulo(modulus, L)",
    "xor": "xor(l0, l1)   (also xor_with_modulo)",
}


def make_transform(name: str, args):
    """Build a transform from its factory name and arguments (ints, C, or tuples of them for embed)."""

    def scalars(n):
        if len(args) != n or any(isinstance(a, tuple) for a in args):
            raise CuteDumpError(f"{name} takes {n} integer argument(s): {FACTORIES[name]}")
        return args

    def flat():
        if len(args) == 1 and isinstance(args[0], tuple):
            return args[0]
        if any(isinstance(a, tuple) for a in args) or not args:
            raise CuteDumpError(
                f"{name} takes a list of lengths: {FACTORIES['xor' if name.startswith('xor') else name.split('_v')[0]]}"
            )
        return tuple(args)

    if name == "pass_through":
        return PassThrough(*scalars(1))
    if name == "pad":
        return Pad(*scalars(3))
    if name == "left_pad":
        return LeftPad(*scalars(2))
    if name == "right_pad":
        return RightPad(*scalars(2))
    if name == "embed":
        if len(args) != 2 or not all(isinstance(a, tuple) for a in args):
            raise CuteDumpError(f"embed takes two tuples: {FACTORIES['embed']}")
        return Embed(args[0], args[1])
    if name in Merge.VARIANTS:
        return Merge(flat(), name)
    if name == "unmerge":
        return UnMerge(flat())
    if name == "freeze":
        return Freeze(*scalars(1))
    if name == "insert":
        return Insert(*scalars(1))
    if name == "vectorize":
        return Vectorize(*scalars(2))
    if name == "slice":
        return Slice(*scalars(3))
    if name == "modulo":
        return Modulo(*scalars(2))
    if name in ("xor", "xor_with_modulo"):
        return Xor(flat(), name == "xor_with_modulo")
    raise CuteDumpError(f"unknown transform {name!r}; known: {', '.join(FACTORIES)}")
