"""TileLang's full/half/quarter-bank swizzle layouts (``src/layout/gemm_layouts.cc``) as data and functions.

A TileLang ``Layout`` is an input shape plus one index expression per output dimension. For the bank swizzles
(``MakeFullBankSwizzleLayout2D(stride, continuous, element_size)`` and its half/quarter siblings)::

    vector_size = 128 / element_size                 # elements per 128-bit vector
    ts  = FloorDiv(_i, 8)          s   = FloorMod(_i, 8)
    tc  = FloorDiv(FloorDiv(_j, vector_size), W)     # W = 8 (full), 4 (half), 2 (quarter)
    c   = FloorMod(FloorDiv(_j, vector_size), W)
    vec = FloorMod(_j, vector_size)
    c_swizzle = xor8x8(c, s) | xor4x4(c, FloorDiv(s, 2)) | xor2x2(c, FloorDiv(s, 4))
    index = vec + (c_swizzle + s * W) * vector_size
    forward_index = [tc, ts, index]

``ExpandLayout2D`` prepends the leading buffer dimensions unchanged (``Layout::Expand``). ``OutputShape()`` is the
upper bound + 1 of each forward expression; here it is computed by evaluating the expressions over the whole
input domain. ``lower_tile_op.cc`` (``makeBufferWithLayout``) allocates a shared buffer of that shape and, if the
buffer holds more elements than the layout, prepends ``replicate_extent = buffer_extent / layout_extent``. The
physical offset of an element is its forward index flattened row-major over that shape.

Every function here takes plain ints or numpy int64 arrays (the same code evaluates one point or a whole domain).
"""

from __future__ import annotations

import itertools

from cutedump.algebra import C, Layout, size, tile_to_shape
from cutedump.algebra.evaluate import have_numpy, values, values_list
from cutedump.algebra.inttuple import product
from cutedump.algebra.swizzle import ComposedLayout, Swizzle, make_composed_layout
from cutedump.errors import CuteDumpError
from cutedump.limits import MAX_TILELANG_PLANE, check_memory, check_work


def _np():
    import numpy as np

    return np


# ---------------------------------------------------------------- TileLang's XOR helpers (gemm_layouts.cc)


def xor2x2(i, j):
    """``FloorMod(i + j, 2)``: the XOR of the low bits of i and j."""
    return (i + j) % 2


def xor4x4(i, j):
    """``2 * xor2x2(i / 2, j / 2) + xor2x2(i % 2, j % 2)``: (i ^ j) & 3."""
    return 2 * xor2x2(i // 2, j // 2) + xor2x2(i % 2, j % 2)


def xor8x8(i, j):
    """``2 * xor4x4(i / 2, j / 2) + xor2x2(i % 2, j % 2)``: (i ^ j) & 7."""
    return 2 * xor4x4(i // 2, j // 2) + xor2x2(i % 2, j % 2)


# kind -> (TileLang function, W = column vectors per swizzle row, xor name, divisor of s fed to the xor,
#          swizzle bytes, CuTe BBits)
KINDS = {
    "full": ("MakeFullBankSwizzleLayout2D", 8, "xor8x8", 1, 128, 3),
    "half": ("MakeHalfBankSwizzleLayout2D", 4, "xor4x4", 2, 64, 2),
    "quarter": ("MakeQuarterBankSwizzleLayout2D", 2, "xor2x2", 4, 32, 1),
}
_XOR = {"xor8x8": xor8x8, "xor4x4": xor4x4, "xor2x2": xor2x2}

# evaluating the whole domain (several int64 arrays of this many points) stays below ~1 GB
MAX_DOMAIN = 1 << 24


def _placeholder(k: int) -> str:
    """TileLang's ``InputPlaceholder(k)``: ``_i``, ``_j``, ``_k``, ..."""
    return "_" + chr(ord("i") + k)


class BankSwizzleLayout:
    """One TileLang bank-swizzle layout over an input shape ``(*leading, stride, continuous)``."""

    def __init__(self, kind: str, shape, element_bits: int):
        if kind not in KINDS:
            raise CuteDumpError(f"unknown bank swizzle {kind!r}; expected one of {', '.join(KINDS)}")
        shape = tuple(int(x) for x in shape)
        if len(shape) < 2:
            raise CuteDumpError(f"a swizzle layout needs a rank >= 2 shape, got rank {len(shape)}")
        if any(x <= 0 for x in shape):
            raise CuteDumpError(f"shape extents must be positive, got {list(shape)}")
        element_bits = int(element_bits)
        if element_bits <= 0:
            raise CuteDumpError(f"element size must be a positive number of bits, got {element_bits}")
        self.kind = kind
        self.func, self.W, self.xor_name, self.s_div, self.swizzle_bytes, self.bbits = KINDS[kind]
        self.shape = shape
        self.leading = shape[:-2]
        self.stride, self.continuous = shape[-2], shape[-1]
        self.element_bits = element_bits
        self.vector_size = 128 // element_bits  # C++ int division, as TileLang
        if self.vector_size == 0:
            raise CuteDumpError(f"vector_size = 128 / {element_bits} = 0: elements wider than 128 bits")
        # tilelang 0.1.15 gemm_layouts.cc (a 4-row stride is the truncated period used by gather4/scatter4);
        # the text is TileLang's own ICHECK message
        if not (self.stride == 4 or self.stride % 8 == 0):
            raise CuteDumpError(f"Check failed: (stride == 4 || stride % 8 == 0) is false: stride={self.stride}")
        if self.continuous % (self.vector_size * self.W) != 0:
            raise CuteDumpError(
                f"Check failed: (continuous % (vector_size * {self.W}) == 0) is false: "
                f"continuous={self.continuous}, vector_size={self.vector_size}"
            )
        n = 1
        for x in shape:
            n *= x
        self.size = n

    # ------------------------------------------------------------ the index expressions

    @property
    def var_names(self):
        return [_placeholder(k) for k in range(len(self.shape))]

    def steps(self, i, j):
        """The named intermediate values of the 2-D part, in TileLang's order (ints or arrays)."""
        vs, W = self.vector_size, self.W
        ts = i // 8
        s = i % 8
        tc = (j // vs) // W
        c = (j // vs) % W
        vec = j % vs
        c_swizzle = _XOR[self.xor_name](c, s // self.s_div if self.s_div > 1 else s)
        index = vec + (c_swizzle + s * W) * vs
        return {"ts": ts, "s": s, "tc": tc, "c": c, "vec": vec, "c_swizzle": c_swizzle, "index": index}

    def formulas(self):
        """(name, TileLang expression) for each step, spelled as in gemm_layouts.cc."""
        i, j = self.var_names[-2:]
        vs, W = self.vector_size, self.W
        s_arg = "s" if self.s_div == 1 else f"FloorDiv(s, {self.s_div})"
        return [
            ("ts", f"FloorDiv({i}, 8)"),
            ("s", f"FloorMod({i}, 8)"),
            ("tc", f"FloorDiv(FloorDiv({j}, {vs}), {W})"),
            ("c", f"FloorMod(FloorDiv({j}, {vs}), {W})"),
            ("vec", f"FloorMod({j}, {vs})"),
            ("c_swizzle", f"{self.xor_name}(c, {s_arg})"),
            ("index", f"vec + (c_swizzle + s * {W}) * {vs}"),
        ]

    def forward_names(self):
        return self.var_names[:-2] + ["tc", "ts", "index"]

    def forward(self, *idx):
        """``Layout::Forward``: (*leading, tc, ts, index) for an input index (ints or numpy arrays)."""
        if len(idx) == 1 and isinstance(idx[0], (tuple, list)):
            idx = tuple(idx[0])
        if len(idx) != len(self.shape):
            raise CuteDumpError(f"forward needs {len(self.shape)} indices, got {len(idx)}")
        st = self.steps(idx[-2], idx[-1])
        return tuple(idx[:-2]) + (st["tc"], st["ts"], st["index"])

    def check_index(self, idx):
        for k, (x, n) in enumerate(zip(idx, self.shape)):
            if not 0 <= int(x) < n:
                raise CuteDumpError(
                    f"index {list(idx)} is outside the input shape {list(self.shape)} "
                    f"(dimension {k}: {x} not in [0, {n}))"
                )

    # ------------------------------------------------------------ whole-domain evaluation

    def _check_domain(self, force: bool = False):
        # limits: the (stride x continuous) plane is evaluated point by point, whatever --force says
        check_work(self.stride * self.continuous, "the (stride x continuous) plane", MAX_TILELANG_PLANE, "points")
        if self.size > MAX_DOMAIN and not force:
            raise CuteDumpError(
                f"the input domain has {self.size} points (more than {MAX_DOMAIN}); pass --force to evaluate it anyway"
            )
        check_memory(self.size * 8 * (len(self.shape) + 4), "the input domain")  # limits: --force's arrays

    def domain(self, force: bool = False):
        """All input indices as arrays, colexicographic (first index fastest, CuTe's order); lists where numpy is
        missing (the web page: every whole-domain question below then takes its plain-Python branch)."""
        self._check_domain(force)
        if not have_numpy():
            points = [p[::-1] for p in itertools.product(*(range(n) for n in reversed(self.shape)))]
            return tuple([p[k] for p in points] for k in range(len(self.shape)))
        np = _np()
        grids = np.indices(self.shape, dtype=np.int64)
        return tuple(g.reshape(-1, order="F") for g in grids)

    # The leading dims pass through (ExpandLayout2D): Forward(*lead, i, j) = (*lead, tc, ts, index) with tc, ts, index
    # functions of (i, j) alone. So every step ranges over exactly its values on the (stride x continuous) plane (the
    # domain is lead x plane, every extent >= 1), OutputShape is the leading extents followed by the plane's, and the
    # flat offset is rowmajor(lead) * E + plane_offset(i, j) with E = the product of the plane's three OutputShape
    # extents and 0 <= plane_offset < E. Whole-domain questions are answered from the plane (stride * continuous
    # points, not size): the same numbers, without evaluating the 2-D expressions once per leading index.

    def _plane(self):
        """(i, j) over the stride x continuous plane, colexicographic (i fastest), as int64 arrays."""
        if getattr(self, "_plane_ij", None) is None and not have_numpy():
            n = self.stride * self.continuous
            self._plane_ij = ([k % self.stride for k in range(n)], [k // self.stride for k in range(n)])
        if getattr(self, "_plane_ij", None) is None:
            np = _np()
            self._plane_ij = (
                np.tile(np.arange(self.stride, dtype=np.int64), self.continuous),
                np.repeat(np.arange(self.continuous, dtype=np.int64), self.stride),
            )
        return self._plane_ij

    def _plane_steps(self):
        if getattr(self, "_plane_st", None) is None and isinstance(self._plane()[0], list):  # point by point
            points = [self.steps(i, j) for i, j in zip(*self._plane())]
            self._plane_st = {k: [p[k] for p in points] for k in (points[0] if points else self.steps(0, 0))}
        if getattr(self, "_plane_st", None) is None:
            self._plane_st = self.steps(*self._plane())
        return self._plane_st

    def _plane_offsets(self, oshape):
        """The flat offset of (0, ..., 0, i, j) over the plane (colexicographic): tc, ts, index flattened over the
        last three OutputShape extents."""
        st = self._plane_steps()
        if isinstance(st["tc"], list):
            return [(tc * oshape[-2] + ts) * oshape[-1] + x for tc, ts, x in zip(st["tc"], st["ts"], st["index"])]
        return (st["tc"] * oshape[-2] + st["ts"]) * oshape[-1] + st["index"]

    def ranges(self, force: bool = False):
        """name -> (min, max + 1) of every step over the whole input domain (= over the plane)."""
        self._check_domain(force)
        if not have_numpy():
            return {k: (min(v), max(v) + 1) for k, v in self._plane_steps().items()}
        return {k: (int(v.min()), int(v.max()) + 1) for k, v in self._plane_steps().items()}

    def output_shape(self, force: bool = False):
        """``OutputShape()``: max + 1 of each forward expression over the input domain (leading dims: their
        extents; tc, ts, index: over the plane)."""
        self._check_domain(force)
        st = self._plane_steps()
        top = max if isinstance(st["tc"], list) else (lambda v: int(v.max()))
        return list(self.leading) + [top(st[k]) + 1 for k in ("tc", "ts", "index")]

    def buffer_extent(self, buffer_shape=None):
        n = 1
        for x in buffer_shape or self.shape:
            n *= int(x)
        return n

    def layout_extent(self, force: bool = False):
        n = 1
        for x in self.output_shape(force):
            n *= x
        return n

    def replicate_extent(self, buffer_shape=None, force: bool = False):
        """``buffer_extent / layout_extent`` (integer division, as ``makeBufferWithLayout``)."""
        return self.buffer_extent(buffer_shape) // self.layout_extent(force)

    def physical_shape(self, buffer_shape=None, force: bool = False):
        shp = self.output_shape(force)
        rep = self.replicate_extent(buffer_shape, force)
        return ([rep] + shp) if rep > 1 else shp

    def flat_offset(self, *idx, output_shape=None):
        """The physical element offset: the forward index flattened row-major over OutputShape."""
        out = self.forward(*idx)
        shp = output_shape or self.output_shape()
        off = 0
        for v, n in zip(out, shp):
            off = off * n + v
        return off

    def flat_offsets(self, force: bool = False):
        """flat_offset over the whole domain, colexicographic order (int64 array)."""
        dom = self.domain(force)
        if isinstance(dom[0], list):  # no numpy: point by point
            oshape = self.output_shape(force)
            return [self.flat_offset(*p, output_shape=oshape) for p in zip(*dom)]
        return self.flat_offset(*dom, output_shape=self.output_shape(force))

    def _lead_count(self):
        n = 1
        for x in self.leading:
            n *= x
        return n

    def bijectivity(self, force: bool = False):
        """(is_bijective, detail): every input lands on a distinct offset in [0, layout_extent).

        From the plane: offsets are rowmajor(lead) * E + p with 0 <= p < E (see above), so the P = prod(lead)
        blocks are disjoint: distinct offsets = P * distinct plane offsets, min = the plane's min, max =
        (P - 1) * E + the plane's max."""
        oshape = self.output_shape(force)
        ext = self.layout_extent(force)
        p = self._plane_offsets(oshape)
        E, P = oshape[-3] * oshape[-2] * oshape[-1], self._lead_count()
        if isinstance(p, list):  # no numpy
            n_uniq, lo, hi = P * len(set(p)), min(p), (P - 1) * E + max(p)
        else:
            np = _np()
            n_uniq = P * len(np.unique(p))
            lo, hi = int(p.min()), (P - 1) * E + int(p.max())
        if n_uniq != self.size:
            return False, f"{self.size - n_uniq} collisions among {self.size} inputs"
        if lo < 0 or hi >= ext:
            return False, f"offsets span [{lo}, {hi}], outside [0, {ext})"
        if self.size != ext:
            return False, f"{self.size} inputs but layout extent {ext} (not onto)"
        return True, f"{self.size} distinct offsets covering [0, {ext})"

    def inverse(self, offset: int, force: bool = False):
        """The input index stored at physical offset ``offset`` (``Layout::Inverse`` by table lookup): offset =
        rowmajor(lead) * E + p with 0 <= p < E, so the hits are the plane points with offset % E, at leading index
        offset // E (none outside [0, P))."""
        oshape = self.output_shape(force)
        E, P = oshape[-3] * oshape[-2] * oshape[-1], self._lead_count()
        q, r = divmod(int(offset), E)
        p = self._plane_offsets(oshape)
        if isinstance(p, list):  # no numpy
            hit = [k for k, x in enumerate(p) if x == r] if 0 <= q < P else []
        else:
            hit = _np().nonzero(p == r)[0] if 0 <= q < P else []
        if len(hit) != 1:
            raise CuteDumpError(f"offset {offset} is hit by {len(hit)} inputs; no unique inverse")
        lead = []
        for n in reversed(self.leading):  # numpy's unravel_index (row-major: the last leading index fastest)
            q, x = divmod(q, n)
            lead.insert(0, x)
        i, j = self._plane()
        return tuple(lead + [int(i[hit[0]]), int(j[hit[0]])])

    # ------------------------------------------------------------ CuTe equivalence

    def cute_atom_text(self):
        """The CuTe swizzle atom in element units, or None if vector_size is not a power of two."""
        vs = self.vector_size
        if vs & (vs - 1):
            return None
        m = vs.bit_length() - 1
        row = self.W * vs
        return f"Sw<{self.bbits},{m},3> o _0 o (_8,_{row}):(_{row},_1)"

    def cute_layout(self):
        """(CuTe ComposedLayout, None) equal to flat_offset at every input index, or (None, reason).

        The physical offset is ``Sw<B, log2(vector_size), 3>`` applied to the plain layout
        ``(*leading, stride, (W*vs, continuous/(W*vs))) : (..., W*vs, (1, stride*W*vs))``: the swizzle only reads
        bits of ``s`` and only writes bits of ``c``, and ``ts``/``tc`` sit on multiples of ``8*W*vs``.
        The claim is checked by evaluation (:meth:`check_cute`), not assumed.
        """
        vs = self.vector_size
        if vs & (vs - 1):
            return None, f"vector_size = {vs} is not a power of two: no CuTe Swizzle<B,M,S> matches"
        m = vs.bit_length() - 1
        row = self.W * vs
        ncol = self.continuous // row
        col_mode = C(row) if ncol == 1 else (C(row), C(ncol))
        col_stride = C(1) if ncol == 1 else (C(1), C(self.stride * row))
        shape = [C(x) for x in self.leading] + [C(self.stride), col_mode]
        stride = [None] * len(self.leading) + [C(row), col_stride]
        ext = self.stride * self.continuous
        for k in range(len(self.leading) - 1, -1, -1):
            stride[k] = C(ext)
            ext *= self.leading[k]
        inner = Layout(tuple(shape), tuple(stride))
        return make_composed_layout(Swizzle(self.bbits, m, 3), C(0), inner), None

    def cute_tiled_text(self):
        """The same layout spelled as tile_to_shape of the swizzle atom (2-D only)."""
        atom = self.cute_atom_text()
        if atom is None or self.leading:
            return None
        return f"tile_to_shape({atom}, (_{self.stride},_{self.continuous}))"

    def cute_tiled_layout(self):
        """tile_to_shape(atom, (stride, continuous)) computed with the engine (2-D only), or None — also when the
        8-row atom does not tile the buffer (stride 4: CuTe's tile_to_shape static_asserts that the block shape
        divides the target shape)."""
        if (
            self.leading
            or self.cute_atom_text() is None
            or self.stride % 8
            or self.continuous % (self.W * self.vector_size)
        ):
            return None
        vs = self.vector_size
        row = self.W * vs
        atom = Layout((C(8), C(row)), (C(row), C(1)))
        tiled = tile_to_shape(atom, (C(self.stride), C(self.continuous)))
        return make_composed_layout(Swizzle(self.bbits, vs.bit_length() - 1, 3), C(0), tiled)

    def check_cute(self, layout, force: bool = False):
        """(mismatches, first mismatch or None) comparing ``layout`` with flat_offset over the whole domain."""
        base = layout.b if isinstance(layout, ComposedLayout) else layout
        if int(size(base)) != self.size:
            return self.size, ("size", int(size(base)), self.size)
        if not have_numpy():  # the web page: index by index
            ours, theirs = self.flat_offsets(force), values_list(layout)
            bad = [k for k, (a, b) in enumerate(zip(ours, theirs)) if a != b]
            if not bad:
                return 0, None
            dom, k = self.domain(force), bad[0]
            return len(bad), (tuple(d[k] for d in dom), theirs[k], ours[k])
        oshape = self.output_shape(force)
        E = oshape[-3] * oshape[-2] * oshape[-1]
        lead_strides = [E * _prod(self.leading[k + 1 :]) for k in range(len(self.leading))]
        r = compare_by_plane(
            layout, self.leading, lead_strides, [self.stride, self.continuous], self._plane_offsets(oshape)
        )
        if r is not None:
            bad, k, theirs_k, ours_k = r
            if bad == 0:
                return 0, None
            return bad, (tuple(int(x) for x in _np().unravel_index(k, self.shape, order="F")), theirs_k, ours_k)
        ours = self.flat_offsets(force)
        theirs = values(layout)
        bad = (ours != theirs).nonzero()[0]
        if len(bad) == 0:
            return 0, None
        dom = self.domain(force)
        k = int(bad[0])
        return len(bad), (tuple(int(d[k]) for d in dom), int(theirs[k]), int(ours[k]))


def _prod(xs):
    n = 1
    for x in xs:
        n *= int(x)
    return n


def compare_by_plane(layout, lead, lead_strides, tail_shape, tail_offsets):
    """CuTe's ``layout`` against TileLang's offset ``sum_k l_k * lead_strides[k] + tail_offsets[t]`` at every index
    (l_0, ..., l_{n-1}, t) of the domain ``lead x tail_shape`` (``tail_offsets``: colexicographic over tail_shape),
    without building the whole domain: (mismatches, first mismatching colexicographic index or None, CuTe's and
    TileLang's values there), or None when the layout does not have the shape this needs (the caller then compares
    every index itself).

    The layout must be ``[Sw o 0 o] (lead_0, ..., lead_{n-1}, tail modes...) : (s_0, ..., tail)`` with integer
    leading modes of exactly the leading extents, so CuTe's value is Sw(A(l) + inner(t)), A(l) = sum_k l_k s_k.

    Proof without counting: when every s_k (of an extent > 1) is a multiple of 2**h, h the swizzle's highest bit
    + 1, adding A(l) changes no bit the swizzle reads or writes, so Sw(A(l) + inner(t)) = A(l) + Sw(inner(t)). That
    equals TileLang's offset everywhere iff s_k == lead_strides[k] for every extent > 1 (take t = 0 and one l_k = 1)
    and Sw(inner(t)) == tail_offsets[t] for every t (take l = 0): the tail alone decides.

    Otherwise the two sides are compared on blocks of tail rows x all leading indices (A(l) and TileLang's leading
    part are vectors over l; each block is one broadcast), in colexicographic order: the same count and the same
    first mismatch as comparing value by value, in memory bounded by the block size."""
    np = _np()
    sw = None
    base = layout
    if isinstance(layout, ComposedLayout):
        sw, base = layout.a, layout.b
        if not isinstance(sw, Swizzle) or isinstance(layout.offset, tuple) or int(layout.offset) != 0:
            return None
    if not isinstance(base, Layout) or not isinstance(base.shape, tuple):
        return None
    n = len(lead)
    shape, stride = base.shape, base.stride
    if len(shape) != n + len(tail_shape):
        return None
    for k in range(n):
        if isinstance(shape[k], tuple) or isinstance(stride[k], tuple) or int(shape[k]) != int(lead[k]):
            return None
    if [int(product(x)) for x in shape[n:]] != [int(x) for x in tail_shape]:
        return None
    tail_offsets = np.asarray(tail_offsets, dtype=np.int64)
    inner = values(Layout(tuple(shape[n:]), tuple(stride[n:])))

    def swz(v):
        if sw is None:
            return v
        y = v & sw.yyy_msk
        return v ^ (y >> sw.s if sw.s >= 0 else y << -sw.s)

    h = 0 if sw is None else max(sw.yyy_msk, sw.zzz_msk).bit_length()
    if all(
        int(lead[k]) <= 1 or (int(stride[k]) == int(lead_strides[k]) and int(stride[k]) % (1 << h) == 0)
        for k in range(n)
    ) and np.array_equal(swz(inner), tail_offsets):
        return 0, None, None, None
    A = np.zeros(1, dtype=np.int64)
    T = np.zeros(1, dtype=np.int64)
    for k in range(n):  # colexicographic: l_0 fastest
        r = np.arange(int(lead[k]), dtype=np.int64)
        A = (A[None, :] + (r * int(stride[k]))[:, None]).ravel()
        T = (T[None, :] + (r * int(lead_strides[k]))[:, None]).ravel()
    P = len(A)
    rows = max(1, (1 << 20) // P)
    bad, first = 0, None
    for q0 in range(0, len(inner), rows):
        theirs = swz(A[None, :] + inner[q0 : q0 + rows, None])
        ours = T[None, :] + tail_offsets[q0 : q0 + rows, None]
        ne = theirs != ours
        c = int(np.count_nonzero(ne))
        if c and first is None:
            pos = int(np.flatnonzero(ne)[0])
            q, l = divmod(pos, P)
            first = ((q0 + q) * P + l, int(theirs[q, l]), int(ours[q, l]))
        bad += c
    return (bad,) + (first if first else (None, None, None))


def make_bank_swizzle(kind, shape, element_bits=16):
    return BankSwizzleLayout(kind, shape, element_bits)


def make_full_bank_swizzle(shape, element_bits=16):
    return BankSwizzleLayout("full", shape, element_bits)


def make_half_bank_swizzle(shape, element_bits=16):
    return BankSwizzleLayout("half", shape, element_bits)


def make_quarter_bank_swizzle(shape, element_bits=16):
    return BankSwizzleLayout("quarter", shape, element_bits)


def select_gemm_ab_layout(
    stride: int, continuous: int, element_bits: int, k_inner: bool = True, allow_pad: bool = True
):
    """(choice, reason) of TileLang's ``makeSwizzledLayout`` for a shared A/B tile.

    ``allow_pad`` selects ``makeGemmABLayout`` (full / half / padded); otherwise ``makeGemmABLayoutHopper``
    (full / half / quarter when ``stride % 8 == 0``, else linear). Choices: "full", "half", "quarter", "padded",
    "linear", "f64" (the fp64 layouts, not bank swizzles) or "unsupported".
    """
    if element_bits == 64:
        return "f64", "element_size == 64 uses makeGemmABLayoutF64_Kinner/Kouter (not a bank swizzle)"
    vs = 128 // element_bits
    if allow_pad:
        if not k_inner and element_bits == 8:
            return "padded", "int8 with k_inner == false -> makeGemmABLayoutPadded"
        # tilelang 0.1.15 MakeGemmABLayout: full, half, quarter, then padded
        for kind, w in (("full", 8), ("half", 4), ("quarter", 2)):
            if continuous % (vs * w) == 0:
                return kind, f"continuous % (vector_size * {w}) == 0 ({continuous} % {vs * w})"
        return "padded", "continuous is not a multiple of vector_size * 2 -> MakeGemmABLayoutPadded"
    if stride % 8 == 0:
        for kind, w in (("full", 8), ("half", 4), ("quarter", 2)):
            if continuous % (vs * w) == 0:
                return kind, f"stride % 8 == 0 and continuous % (vector_size * {w}) == 0"
    if continuous % vs == 0:
        return "linear", "no bank swizzle fits; continuous % vector_size == 0 -> makeLinearLayout"
    return "unsupported", "ICHECK(0): unsupported layout for Hopper"
