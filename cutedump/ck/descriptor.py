"""CK tensor descriptors (``tensor_descriptor.hpp``, ``tensor_descriptor_helper.hpp``) as transform chains.

A descriptor holds every transform since the naive descriptor, each with the *hidden* dimension ids it reads
(lower) and writes (upper). Hidden dimension 0 is the element offset; the visible dimensions are a list of hidden
ids. ``transform_tensor_descriptor(old, transforms, old_low_idss, new_up_idss)`` appends transforms: their lower
ids are old visible ids mapped to hidden ids, their upper dims get fresh hidden ids (numbered on from the old
hidden count, in transform order), and ``new_up_idss`` puts those in the new visible order
(``ReorderGivenOld2New``). ``calculate_offset`` runs ``make_tensor_coordinate``: set the visible index, then apply
``CalculateLowerIndex`` from the last transform back to the first; the offset is hidden index 0.
"""

from __future__ import annotations

import itertools

from cutedump.algebra import C, Layout, is_tuple, make_layout, size
from cutedump.algebra.evaluate import have_numpy, values_at, values_list
from cutedump.ck.transforms import Embed, Merge, NotExpressible, Pad, PassThrough, UnMerge, wrap32
from cutedump.errors import CuteDumpError


def _i(x):
    return int(x)


def _lower_index(t, up):
    """``t.CalculateLowerIndex(up)``; a division by zero (a modulus or xor length of 0 on a dimension that is not
    empty) is one error: CK's program would divide by zero (undefined behaviour)."""
    try:
        return t.calculate_lower_index(up)
    except ZeroDivisionError:
        raise CuteDumpError(
            f"{t.label()}: CalculateLowerIndex divides by zero (a length or modulus of 0 on a "
            "dimension that is not empty): CK's offsets are undefined"
        ) from None


class Stage:
    """One construction step, remembered for printing (what the user wrote, in visible ids)."""

    def __init__(self, kind, transforms, low_idss, up_idss, hidden_low, hidden_up, visible, note=""):
        self.kind = kind  # "naive", "naive_packed" or "transform"
        self.transforms = transforms
        self.low_idss = low_idss  # naive: hidden ids; transform: old visible ids
        self.up_idss = up_idss  # naive: hidden ids; transform: new visible ids
        self.hidden_low = hidden_low
        self.hidden_up = hidden_up
        self.visible = visible
        self.note = note


class TensorDescriptor:
    def __init__(self, transforms, low_idss, up_idss, visible, element_space_size, stages, name=""):
        self.transforms = list(transforms)
        self.low_idss = [tuple(x) for x in low_idss]
        self.up_idss = [tuple(x) for x in up_idss]
        self.visible = list(visible)
        self.element_space_size = element_space_size
        self.stages = list(stages)
        self.name = name
        self.nhidden = 1 + sum(len(u) for u in self.up_idss)
        hl = [None] * self.nhidden
        hl[0] = element_space_size
        for t, ups in zip(self.transforms, self.up_idss):
            for h, n in zip(ups, t.up_lengths()):
                hl[h] = n
        self.hidden_lengths = hl

    # ------------------------------------------------------------ shape

    @property
    def rank(self):
        return len(self.visible)

    def lengths(self):
        return [self.hidden_lengths[h] for h in self.visible]

    def size(self):
        """The number of visible indices: the product of the lengths, 0 when a length is 0 or negative (CK checks
        no length: such a dimension is empty)."""
        n = 1
        for x in self.lengths():
            n *= max(_i(x), 0)
        return n

    def named(self, name):
        self.name = name
        return self

    # ------------------------------------------------------------ evaluation

    def hidden_index(self, idx):
        """All hidden indices for a visible index (ints or numpy arrays), as make_tensor_coordinate."""
        if len(idx) != self.rank:
            raise CuteDumpError(f"the descriptor has {self.rank} visible dimensions, got an index of {len(idx)}")
        # MultiIndex<ndim_hidden> is value-initialized: a hidden index no transform sets (an old visible dimension
        # that a later stage dropped) reads 0. Every lower index is an int32 index_t.
        hidden = [0] * self.nhidden
        for h, v in zip(self.visible, idx):
            hidden[h] = v
        for t, lows, ups in reversed(list(zip(self.transforms, self.low_idss, self.up_idss))):
            low = _lower_index(t, tuple(hidden[h] for h in ups))
            for h, v in zip(lows, low):
                hidden[h] = wrap32(v)
        return hidden

    def calculate_offset(self, idx):
        return self.hidden_index(tuple(idx))[0]

    def is_valid(self, idx):
        """coordinate_has_valid_offset: the visible index is in range and every padding check passes."""
        idx = tuple(idx)
        hidden = self.hidden_index(idx)
        ok = True
        for v, n in zip(idx, self.lengths()):
            ok = ok & (v >= 0) & (v < _i(n))
        for t, ups in zip(self.transforms, self.up_idss):
            if not t.always_valid:
                ok = ok & t.is_valid(tuple(hidden[h] for h in ups))
        return ok

    def trace(self, idx):
        """[(transform, upper hidden ids, upper values, lower hidden ids, lower values)] from top to bottom."""
        idx = tuple(int(x) for x in idx)
        for k, (v, n) in enumerate(zip(idx, self.lengths())):
            if not 0 <= v < _i(n):
                raise CuteDumpError(
                    f"index {list(idx)} is outside the lengths {[_i(x) for x in self.lengths()]} "
                    f"(dimension {k}: {v} not in [0, {_i(n)}))"
                )
        hidden = [0] * self.nhidden
        for h, v in zip(self.visible, idx):
            hidden[h] = v
        steps = []
        for t, lows, ups in reversed(list(zip(self.transforms, self.low_idss, self.up_idss))):
            upv = tuple(hidden[h] for h in ups)
            low = tuple(wrap32(v) for v in _lower_index(t, upv))
            for h, v in zip(lows, low):
                hidden[h] = v
            valid = True if t.always_valid else bool(t.is_valid(upv))
            steps.append((t, ups, upv, lows, tuple(int(x) for x in low), valid))
        return steps

    def domain(self):
        """Every visible index as int64 arrays, colexicographic (first dimension fastest, CuTe's order); lists where
        numpy is missing (the web page)."""
        if not have_numpy():
            lens = [max(_i(x), 0) for x in self.lengths()]
            points = [p[::-1] for p in itertools.product(*(range(n) for n in reversed(lens)))]
            return tuple([p[k] for p in points] for k in range(len(lens)))
        import numpy as np

        grids = np.indices([max(_i(x), 0) for x in self.lengths()], dtype=np.int64)
        return tuple(g.reshape(-1, order="F") for g in grids)

    def offsets(self):
        """(offsets, valid) over the whole visible domain, colexicographic; lists, index by index, where numpy is
        missing (the web page)."""
        if not have_numpy():
            dom = self.domain()
            points = list(zip(*dom)) if dom else [()]
            return [int(self.calculate_offset(p)) for p in points], [bool(self.is_valid(p)) for p in points]
        import numpy as np

        dom = self.domain()
        off = self.calculate_offset(dom)
        val = self.is_valid(dom)
        n = len(dom[0]) if dom else 1
        off = np.broadcast_to(np.asarray(off, dtype=np.int64), (n,))
        val = np.broadcast_to(np.asarray(val, dtype=bool), (n,))
        return off, val

    # ------------------------------------------------------------ CuTe view

    def cute_layout(self):
        """(CuTe Layout, constant offset) with offset(idx) == const + L(idx) for every valid idx.

        Built by carrying one CuTe mode per visible dimension through the chain (Embed/UnMerge compose, Merge
        stacks the merged modes in reverse, PassThrough keeps, Freeze/Slice add constants, Insert broadcasts).
        Raises NotExpressible for padding, modulo and the like. The result must still be checked by evaluation
        (:meth:`check_cute`): composition of a non-linear mode with a multi-mode layout need not distribute.
        """
        neg = [_i(x) for x in self.lengths() if _i(x) < 0]
        if neg:
            raise NotExpressible(
                f"length {neg[0]} is negative: CK accepts it as an empty dimension, a CuTe shape cannot be negative"
            )
        st0 = self.stages[0]
        if st0.kind not in ("naive", "naive_packed"):
            raise NotExpressible("the chain does not start from a naive descriptor")
        t0 = self.transforms[0]
        if isinstance(t0, Embed):
            modes = [Layout(n, c) for n, c in zip(t0.up_lengths(), t0.coefficients)]
        elif isinstance(t0, UnMerge):
            modes = [Layout(n, c) for n, c in zip(t0.up_lengths(), t0._scan_static())]
        else:
            raise NotExpressible("the chain does not start from embed/unmerge")
        const = 0
        for st in self.stages[1:]:
            new = {}
            for t, lows, ups in zip(st.transforms, st.low_idss, st.up_idss):
                got, c = t.cute_modes([modes[d] for d in lows])
                const += c
                for d, m in zip(ups, got):
                    new[d] = m
            modes = [new[d] for d in range(len(new))]
        if len(modes) == 1:
            return modes[0], const
        return make_layout(*modes), const

    def check_cute(self, layout, const=0, chunk: int = 1 << 18):
        """(mismatches, checked points, first mismatch) comparing offsets with const + layout at valid indices.

        The domain is walked ``chunk`` indices at a time (colexicographic), so memory stays bounded however large
        the descriptor is."""
        n = self.size()
        if _i(size(layout)) != n:
            return n, 0, ("size", _i(size(layout)), n)
        if self._linear_equal(layout, const):
            return 0, n, None
        if not have_numpy():  # the web page: index by index
            (off, val), dom = self.offsets(), self.domain()
            bad_total, first = 0, None
            for k, (o, v, theirs) in enumerate(zip(off, val, values_list(layout))):
                if v and o != theirs + int(const):
                    bad_total += 1
                    if first is None:
                        first = (tuple(d[k] for d in dom), theirs + int(const), o)
            return bad_total, sum(val), first
        import numpy as np  # start-up: numpy only where the whole domain is evaluated

        lens = [max(_i(x), 0) for x in self.lengths()]
        bad_total, checked, first = 0, 0, None
        for start in range(0, n, chunk):
            idx = np.arange(start, min(n, start + chunk), dtype=np.int64)
            dom = np.unravel_index(idx, lens, order="F")
            off = np.broadcast_to(np.asarray(self.calculate_offset(dom), dtype=np.int64), idx.shape)
            val = np.broadcast_to(np.asarray(self.is_valid(dom), dtype=bool), idx.shape)
            theirs = values_at(layout, idx) + int(const)
            bad = ((off != theirs) & val).nonzero()[0]
            checked += int(val.sum())
            if len(bad) and first is None:
                k = int(bad[0])
                first = (tuple(int(d[k]) for d in dom), int(theirs[k]), int(off[k]))
            bad_total += len(bad)
        return bad_total, checked, first

    def _linear_equal(self, layout, const) -> bool:
        """True where offset(idx) == const + layout(idx) at every visible index follows without evaluating them.

        A chain of Embed, UnMerge and PassThrough transforms (every index valid) is affine: each hidden index is
        c + sum a_k idx_k, computed here symbolically from the top. Where no hidden index can leave int32 anywhere in
        the domain (its bounds over the box of visible indices), wrap32 changes nothing and the offset is that affine
        form; a flat layout of the visible lengths whose strides are its a_k (dimensions longer than 1) plus a const
        equal to its c is then equal everywhere. False: not shown this way (check_cute evaluates the domain)."""
        if not isinstance(layout, Layout):
            return False
        lens = [_i(x) for x in self.lengths()]
        if any(n < 0 for n in lens):
            return False
        r = len(lens)
        zero = (0, (0,) * r)
        forms = [zero] * self.nhidden  # a hidden index no transform sets reads 0
        for k, h in enumerate(self.visible):
            forms[h] = (0, tuple(int(j == k) for j in range(r)))

        def fits(f) -> bool:
            c, a = f
            lo = c + sum(min(0, x * (n - 1)) for x, n in zip(a, lens) if n > 0)
            hi = c + sum(max(0, x * (n - 1)) for x, n in zip(a, lens) if n > 0)
            return INT32_MIN <= lo and hi <= INT32_MAX

        for t, lows, ups in reversed(list(zip(self.transforms, self.low_idss, self.up_idss))):
            kind = type(t)
            up = [forms[h] for h in ups]
            if kind is PassThrough and len(lows) == len(up) == 1:
                low = up
            elif kind in (Embed, UnMerge) and len(lows) == 1:
                coef = t.coefficients if kind is Embed else t.scan  # (UnMerge: the last scan entry is 1)
                if len(coef) != len(up):
                    return False
                c, a = 0, [0] * r
                for (uc, ua), m in zip(up, coef):
                    m = _i(m)
                    c += uc * m
                    a = [x + y * m for x, y in zip(a, ua)]
                low = [(c, tuple(a))]
            else:
                return False
            for h, f in zip(lows, low):
                if not fits(f):
                    return False
                forms[h] = f
        c, a = forms[0]
        shape, stride = layout.shape, layout.stride
        if not is_tuple(shape):
            shape, stride = (shape,), (stride,)
        if not is_tuple(stride) or len(shape) != r or len(stride) != r or _i(const) != c:
            return False
        for x, n, sh, d in zip(a, lens, shape, stride):
            if is_tuple(sh) or is_tuple(d) or _i(sh) != n or (n > 1 and _i(d) != x):
                return False
        return True


# ---------------------------------------------------------------- constructors

INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1


def _static(x) -> bool:
    return isinstance(x, C)


def index_mul(a, b, what: str):
    """``a * b`` as CK computes it: ``index_t`` (int32) arithmetic. Two ``Number<>``s multiply into a
    ``Number<X * Y>`` whose template argument must be a constant expression: an int32 overflow there is a compile
    error (an error here). Otherwise the product is an ``int``, wrapped as the hardware does."""
    p = int(a) * int(b)
    if _static(a) and _static(b):
        if not INT32_MIN <= p <= INT32_MAX:
            raise CuteDumpError(
                f"{what}: Number<{int(a)}> * Number<{int(b)}> = {p} overflows index_t (int32): CK "
                "does not compile this (Number<X * Y>'s argument is not a constant expression); "
                "use run-time lengths/strides (no '_') or smaller ones"
            )
        return C(p)
    return wrap32(p)


def make_naive_tensor_descriptor(lengths, strides, name=""):
    """``make_naive_tensor_descriptor``: one Embed from hidden 0 to hidden 1..N;
    element_space_size = 1 + sum((length - 1) * stride)."""
    lengths, strides = tuple(lengths), tuple(strides)
    if len(lengths) != len(strides):
        raise CuteDumpError(
            f"sizeof...(Lengths) == sizeof...(Strides) is false: {len(lengths)} lengths, {len(strides)} strides"
        )
    if not lengths:
        raise CuteDumpError("a descriptor needs at least one dimension")
    # CK checks no run-time length: 0 (or a negative length) is accepted and gives an empty dimension.
    # element_space_size = LongNumber<1> + sum((lengths[i] - Number<1>) * strides[i]): each term is index_t (int32)
    # arithmetic (tensor_descriptor_helper.hpp), only the sum is long_index_t
    n = len(lengths)
    esz = 1
    for i, (x, s) in enumerate(zip(lengths, strides)):
        if _static(x):
            if _i(x) < 1:
                raise CuteDumpError(
                    f"lengths[{i}] = Number<{_i(x)}>: Number<{_i(x)}> - Number<1> fails CK's "
                    'static_assert(Y <= X, "wrong!") (integral_constant.hpp): CK does not compile this'
                )
            lm1 = C(_i(x) - 1)
        else:
            lm1 = wrap32(_i(x) - 1)
        esz += int(index_mul(lm1, s, f"element_space_size term {i}, (lengths[{i}] - 1) * strides[{i}]"))
    t = Embed(lengths, strides)
    ups = tuple(range(1, n + 1))
    st = Stage("naive", [t], [(0,)], [ups], [(0,)], [ups], list(ups))
    return TensorDescriptor([t], [(0,)], [ups], list(ups), esz, [st], name)


def make_naive_tensor_descriptor_packed(lengths, name=""):
    """``make_naive_tensor_descriptor_packed``: one UnMerge from hidden 0; element_space_size = product."""
    lengths = tuple(lengths)
    if not lengths:
        raise CuteDumpError("a descriptor needs at least one dimension")
    n = len(lengths)
    esz = 1
    for x in lengths:
        esz *= _i(x)
    t = UnMerge(lengths)
    ups = tuple(range(1, n + 1))
    st = Stage("naive_packed", [t], [(0,)], [ups], [(0,)], [ups], list(ups))
    return TensorDescriptor([t], [(0,)], [ups], list(ups), esz, [st], name)


def make_naive_tensor_descriptor_aligned(lengths, align, name=""):
    """``make_naive_tensor_descriptor_aligned``: row-major strides with the second-to-last one rounded up to a
    multiple of ``align``."""
    lengths = tuple(lengths)
    n = len(lengths)
    if n == 0:
        raise CuteDumpError("a descriptor needs at least one dimension")
    if not (isinstance(lengths[-1], C) and isinstance(align, C)):
        raise CuteDumpError(
            "make_naive_tensor_descriptor_aligned makes Number<stride_n_minus_2> from "
            "integer_least_multiple(lengths[N-1], align): the last length and the alignment must "
            f"be static (write _{_i(lengths[-1])} and _{_i(align)})"
        )
    if _i(align) <= 0:
        raise CuteDumpError(
            f"integer_least_multiple(lengths[N-1], align) divides by align: align must be positive, got {_i(align)}"
        )
    last = lengths[-1]
    s_nm2 = ((_i(last) + _i(align) - 1) // _i(align)) * _i(align)
    strides = [None] * n
    strides[n - 1] = C(1)
    acc = C(s_nm2) if all(isinstance(x, C) for x in (last, align)) else s_nm2
    for k in range(n - 2, -1, -1):
        strides[k] = acc
        acc = index_mul(lengths[k], acc, f"stride {k - 1} of make_naive_tensor_descriptor_aligned") if k else acc
    return make_naive_tensor_descriptor(lengths, strides, name)


def _is_permutation(ids, n):
    return sorted(ids) == list(range(n))


def transform_tensor_descriptor(old: TensorDescriptor, transforms, old_low_idss, new_up_idss, name=""):
    """``transform_tensor_descriptor``: append transforms; see the module docstring for the id bookkeeping."""
    transforms = list(transforms)
    old_low_idss = [tuple(x) for x in old_low_idss]
    new_up_idss = [tuple(x) for x in new_up_idss]
    if not (len(transforms) == len(old_low_idss) == len(new_up_idss)):
        raise CuteDumpError(
            "wrong! inconsitent number of transform: NewTransforms::Size() == "
            "NewLowerDimensionOldVisibleIdss::Size() == NewUpperDimensionNewVisibleIdss::Size() "
            f"is false ({len(transforms)} transforms, {len(old_low_idss)} lower id lists, "
            f"{len(new_up_idss)} upper id lists)"
        )
    all_old = [d for ids in old_low_idss for d in ids]
    all_new = [d for ids in new_up_idss for d in ids]
    if not _is_permutation(all_old, len(all_old)):
        raise CuteDumpError(
            f"is_valid_sequence_map(all old visible ids) is false: {all_old} is not a "
            f"permutation of 0..{len(all_old) - 1}"
        )
    if len(all_old) > old.rank:
        raise CuteDumpError(
            f"old visible id {max(all_old)} is out of range: the old descriptor has {old.rank} visible "
            "dimensions (CK compiles this, but OldTensorDescriptor::GetVisibleDimensionIds()"
            f"[{max(all_old)}] reads past the sequence: its offsets are undefined)"
        )
    if not _is_permutation(all_new, len(all_new)):
        raise CuteDumpError(
            f"is_valid_sequence_map(all new visible ids) is false: {all_new} is not a "
            f"permutation of 0..{len(all_new) - 1}"
        )
    old_lengths = old.lengths()
    warnings = []
    if len(all_old) < old.rank:
        # CK accepts this (is_valid_sequence_map only asks for 0..n-1); the dropped hidden indices read 0
        warnings.append(
            f"old visible dimension(s) {list(range(len(all_old), old.rank))} are consumed by no "
            "transform: CK drops them and their hidden index stays 0"
        )
    for t, lows, ups in zip(transforms, old_low_idss, new_up_idss):
        if len(lows) != t.nlow or len(ups) != t.nup:
            raise CuteDumpError(
                f"{t.label()}: wrong! inconsistent # of dimension (it has {t.nlow} lower / "
                f"{t.nup} upper dimensions, given {len(lows)} / {len(ups)})"
            )
        expect = _expected_low_lengths(t)
        if expect is not None:
            got = [_i(old_lengths[d]) for d in lows]
            if [_i(x) for x in expect] != got:
                # CK does not check this; it is almost always a mistake, so say so
                warnings.append(
                    f"{t.label()} expects lower lengths {[_i(x) for x in expect]} but old "
                    f"dimension(s) {list(lows)} have {got}"
                )
    low_hidden = [tuple(old.visible[d] for d in lows) for lows in old_low_idss]
    start = old.nhidden
    up_hidden = []
    for t in transforms:
        up_hidden.append(tuple(range(start, start + t.nup)))
        start += t.nup
    unordered = [h for ups in up_hidden for h in ups]
    visible = [None] * len(unordered)
    for h, pos in zip(unordered, all_new):
        visible[pos] = h
    st = Stage("transform", transforms, old_low_idss, new_up_idss, low_hidden, up_hidden, visible, "; ".join(warnings))
    return TensorDescriptor(
        old.transforms + transforms,
        old.low_idss + low_hidden,
        old.up_idss + up_hidden,
        visible,
        old.element_space_size,
        old.stages + [st],
        name,
    )


def _expected_low_lengths(t):
    """The lower lengths a transform assumes (None when it does not say)."""
    if isinstance(t, PassThrough):
        return [t.length]
    if isinstance(t, Pad):
        return [t.low_length]
    if isinstance(t, Merge):
        return list(t.low_lengths)
    if isinstance(t, UnMerge):
        n = 1
        for x in t.up_lengths():
            n *= _i(x)
        return [n]
    return None


def cute_view(desc: TensorDescriptor):
    """(layout, const, None) or (None, None, reason)."""
    try:
        L, c = desc.cute_layout()
    except NotExpressible as e:
        return None, None, str(e)
    except CuteDumpError as e:
        return None, None, f"CuTe composition fails: {e.one_line()}"
    return L, c, None


__all__ = [
    "TensorDescriptor",
    "make_naive_tensor_descriptor",
    "make_naive_tensor_descriptor_packed",
    "make_naive_tensor_descriptor_aligned",
    "transform_tensor_descriptor",
    "cute_view",
    "NotExpressible",
]
