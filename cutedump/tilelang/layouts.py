"""TileLang 0.1.15's shared-memory layouts and MMA fragments, as TileLang itself builds, simplifies and prints them.

Every constructor that ``tilelang.layout`` exports for CUDA shared memory is here, each following
``src/layout/gemm_layouts.cc`` (what index expressions it builds, which ``ICHECK`` it runs) and
``src/layout/layout.cc`` (``Layout``: input shape + simplified forward expressions; ``OutputShape`` from
``int_set(e + 1).max()``; ``Expand`` for leading buffer dimensions; ``DebugOutput`` = the Python ``repr``):

=======================================  ======================================================================
``tilelang.layout``                      here
=======================================  ======================================================================
``make_swizzled_layout(buf)``            :func:`make_swizzled_layout` (``MakeGemmABLayout`` / ``...Hopper``)
``make_wgmma_swizzled_layout(buf)``      :func:`make_wgmma_swizzled_layout` (``MakeGemmABLayoutHopper``)
``make_tcgen05mma_swizzled_layout(buf)`` :func:`make_tcgen05mma_swizzled_layout` (``MakeGemmABLayoutSm100``)
``make_volta_swizzled_layout(buf)``      :func:`make_volta_swizzled_layout` (``MakeGemmVoltaABLayout``)
``make_{full,half,quarter}_bank_...``    :func:`make_bank_swizzled_layout`
``make_linear_layout(buf)``              :func:`make_linear_layout`
``make_gemm_fragment_8x8[_transposed]``  :func:`make_gemm_fragment_8x8`
``make_fully_replicated_layout_fragment`` :func:`make_fully_replicated_layout_fragment`
=======================================  ======================================================================

A failed ``ICHECK`` is a :class:`~cutedump.errors.CuteDumpError` whose text is TileLang's own
(``Check failed: (cond) is false: detail``).
"""

from __future__ import annotations

from cutedump.algebra import C, Layout, size
from cutedump.algebra.evaluate import SMALL, have_numpy, values, values_list
from cutedump.algebra.swizzle import ComposedLayout
from cutedump.errors import CuteDumpError
from cutedump.tilelang import tir
from cutedump.tilelang.swizzle import BankSwizzleLayout, compare_by_plane
from cutedump.tilelang.tir import floordiv, floormod, placeholder

# TVM dtype names (tvm.DataType(...).bits) accepted for buffers; aliases as TileLang's T.* spell them.
DTYPE_BITS = {
    "bool": 8,
    "int4": 4,
    "uint4": 4,
    "int8": 8,
    "uint8": 8,
    "int16": 16,
    "uint16": 16,
    "int32": 32,
    "uint32": 32,
    "int64": 64,
    "uint64": 64,
    "float16": 16,
    "bfloat16": 16,
    "float32": 32,
    "float64": 64,
    "float8_e4m3fn": 8,
    "float8_e5m2": 8,
    "float8_e4m3": 8,
    "float8_e8m0fnu": 8,
    "float4_e2m1fn": 4,
    "float6_e2m3fn": 6,
    "float6_e3m2fn": 6,
}
DTYPE_ALIASES = {
    "half": "float16",
    "float": "float32",
    "double": "float64",
    "bf16": "bfloat16",
    "fp16": "float16",
    "fp32": "float32",
    "fp64": "float64",
    "tf32": "float32",
    "e4m3": "float8_e4m3fn",
    "e5m2": "float8_e5m2",
    "float8": "float8_e4m3fn",
    "fp8": "float8_e4m3fn",
}


def dtype_bits(name: str) -> int:
    key = DTYPE_ALIASES.get(name.lower(), name.lower())
    if key not in DTYPE_BITS:
        raise CuteDumpError(f"unknown dtype {name!r}; known: {', '.join(sorted(DTYPE_BITS))}")
    return DTYPE_BITS[key]


def icheck(cond: bool, text: str, detail: str = ""):
    """TileLang's ICHECK: ``Check failed: (text) is false: detail``."""
    if not cond:
        raise CuteDumpError(
            f"Check failed: ({text}) is false: {detail}" if detail else f"Check failed: ({text}) is false: "
        )


def _tuple_text(xs) -> str:
    """TVM's printing of an Array: ``(a, b)``, a one-element array as ``(a,)``."""
    xs = [str(x) for x in xs]
    return "(" + ", ".join(xs) + ("," if len(xs) == 1 else "") + ")"


class TLLayout:
    """A TileLang ``Layout``: ``input_shape`` and one simplified forward expression per output dimension."""

    kind = "Layout"

    def __init__(self, input_shape, forward, name: str = ""):
        self.input_shape = [int(x) for x in input_shape]
        self.vars = [placeholder(k) for k in range(len(self.input_shape))]
        self.simplifier = tir.Simplifier(dict(zip(self.vars, self.input_shape)))
        self.forward_index = [self.simplifier.simplify(tir._e(e)) for e in forward]
        self.name = name
        self.meta = {}

    # -- what TileLang reports
    def output_shape(self):
        """``LayoutNode::OutputShape``: ``int_set(forward + 1).max()`` for each output."""
        out = []
        for k, e in enumerate(self.forward_index):
            lo, hi = tir.interval(tir.add(e, 1), self.simplifier.env)
            if lo == tir.NEG_INF and hi == tir.POS_INF:
                lo, hi = tir.const_int_bound(e, self.simplifier.env)
                out.append(
                    hi - lo + 1
                    if lo >= 0 and hi != tir.POS_INF
                    else (self.input_shape[k] if k < len(self.input_shape) else 1)
                )
            else:
                out.append(hi)
        return out

    def forward_text(self):
        return [str(e) for e in self.forward_index]

    def __repr__(self):
        return (
            f"Layout({_tuple_text(self.input_shape)} -> {_tuple_text(self.output_shape())}, transform: "
            f"{_tuple_text(v.name for v in self.vars)} -> {_tuple_text(self.forward_text())})"
        )

    # -- evaluation
    @property
    def size(self):
        n = 1
        for x in self.input_shape:
            n *= x
        return n

    def check_index(self, idx):
        if len(idx) != len(self.input_shape):
            raise CuteDumpError(
                f"index {list(idx)} has {len(idx)} coordinates; the layout's input shape "
                f"{list(self.input_shape)} has {len(self.input_shape)}"
            )
        for k, (v, n) in enumerate(zip(idx, self.input_shape)):
            if not 0 <= v < n:
                raise CuteDumpError(f"index {list(idx)}: coordinate {k} = {v} is outside [0, {n})")

    def forward(self, *idx):
        env = dict(zip(self.vars, idx))
        return tuple(tir.evaluate(e, env) for e in self.forward_index)

    def domain(self):
        """Every input index, row-major (the last coordinate fastest), as int64 arrays."""
        import numpy as np

        grids = np.indices(self.input_shape, dtype=np.int64).reshape(len(self.input_shape), -1)
        return list(grids)

    def forward_all(self):
        """Forward over the whole domain (row-major order): one int64 array per output dimension."""
        import numpy as np

        dom = self.domain()
        out = []
        for v in self.forward(*dom):
            out.append(
                np.broadcast_to(np.asarray(v, dtype=np.int64), dom[0].shape) if np.ndim(v) == 0 else v.astype(np.int64)
            )
        return out

    def flat_offsets(self):
        """The physical offset: forward flattened row-major over OutputShape (``GetLinearizedForwardIndex``)."""
        shp = self.output_shape()
        off = 0
        for v, n in zip(self.forward_all(), shp):
            off = off * n + v
        return off

    # -- Layout::Expand (leading buffer dims pass through)
    def expand(self, leading):
        leading = [int(x) for x in leading]
        if not leading:
            return self
        off = len(leading)
        vmap = {placeholder(i): placeholder(i + off) for i in range(len(self.input_shape))}
        fwd = [placeholder(i) for i in range(off)] + [tir.substitute(e, vmap) for e in self.forward_index]
        out = TLLayout(leading + self.input_shape, fwd, self.name)
        out.meta = dict(self.meta)
        return out

    def inverse(self):
        """``Layout::Inverse`` where TileLang's iterator-map detection succeeds, else None.

        TileLang inverts a layout with ``arith::DetectIterMap`` (bijective level): every forward expression must
        be a fused sum of splits ``x % upper // lower * scale`` of bare input variables, the splits of each
        variable must tile it exactly, and the scales of each output must be the running products of the split
        extents. Then input ``x = sum_t (out_t // scale_t % extent_t) * lower_t``, simplified with the outputs
        bound to ``[0, OutputShape)``. Layouts with XOR terms (sums inside a modulo) or padding have no inverse
        in TileLang either.
        """
        oshape = self.output_shape()
        per_var = {}
        for d, e in enumerate(self.forward_index):
            terms = _split_terms(e)
            if terms is None:
                return None
            ext_prod = 1
            for var, lower, upper, scale in sorted(terms, key=lambda t: t[3]):
                n = self.input_shape[self.vars.index(var)]
                top = n if upper == tir.POS_INF else min(upper, n)
                if top % lower:
                    return None
                ext = top // lower
                if scale != ext_prod:
                    return None
                ext_prod *= ext
                per_var.setdefault(var, []).append((lower, ext, d, scale))
            if ext_prod != oshape[d]:
                return None
        outs = [placeholder(k) for k in range(len(oshape))]
        back = []
        for v, n in zip(self.vars, self.input_shape):
            if n == 1:
                back.append(0)
                continue
            splits = sorted(per_var.get(v, []))
            cover = 1
            for lower, ext, _, _ in splits:
                if lower != cover:
                    return None
                cover *= ext
            if cover != n:
                return None
            expr = 0
            for lower, ext, d, scale in splits:
                expr = tir.add(expr, tir.mul(floormod(floordiv(outs[d], scale), ext), lower))
            back.append(expr)
        return TLLayout(oshape, back)


def _split_terms(e):
    """[(var, lower, upper, scale)] if ``e`` is a sum of splits of bare variables (or the constant 0), else None."""
    if isinstance(e, tir.IntImm):
        return [] if e.value == 0 else None
    terms = []
    stack = [e]
    while stack:
        x = stack.pop()
        if isinstance(x, tir.Add):
            stack.extend([x.b, x.a])
            continue
        scale = 1
        if isinstance(x, tir.Mul) and isinstance(x.b, tir.IntImm) and x.b.value > 0:
            x, scale = x.a, x.b.value
        lower = 1
        if isinstance(x, tir.FloorDiv) and isinstance(x.b, tir.IntImm) and x.b.value > 0:
            x, lower = x.a, x.b.value
        upper = tir.POS_INF
        if isinstance(x, tir.FloorMod) and isinstance(x.b, tir.IntImm) and x.b.value > 0:
            x, upper = x.a, x.b.value
        if not isinstance(x, tir.Var):
            return None
        terms.append((x, lower, upper, scale))
    return terms


class TLFragment(TLLayout):
    """A TileLang ``Fragment``: a Layout plus a forward thread expression and a replicate extent."""

    kind = "Fragment"

    def __init__(self, input_shape, forward, forward_thread, replicate=1, thread_range=None, name=""):
        self.replicate = int(replicate)
        self.input_shape = [int(x) for x in input_shape]
        self.vars = [placeholder(k) for k in range(len(self.input_shape))]
        ext = dict(zip(self.vars, self.input_shape))
        ext[tir.REP] = self.replicate
        self.simplifier = tir.Simplifier(ext)
        self.forward_thread = self.simplifier.simplify(tir._e(forward_thread))
        if not forward:
            forward = [_row_major(self.vars, self.input_shape)]
        self.forward_index = [self.simplifier.simplify(tir._e(e)) for e in forward]
        self.thread_range = thread_range
        self.name = name

    def thread_extent(self):
        return tir.interval(tir.add(self.forward_thread, 1), self.simplifier.env)[1]

    def __repr__(self):
        s = (
            f"Fragment({_tuple_text(self.input_shape)} -> {_tuple_text(self.output_shape())}, replicate: "
            f"{self.replicate}, thread: {self.thread_extent()}, forward_thread: {self.forward_thread}, "
            f"forward_index: {_tuple_text(self.forward_text())}"
        )
        if self.thread_range is not None:
            s += f", thread_range: I.Range({self.thread_range[0]}, {self.thread_range[1]})"
        return s + ")"

    def thread_all(self):
        import numpy as np

        dom = self.domain()
        env = dict(zip(self.vars, dom))
        env[tir.REP] = 0
        v = tir.evaluate(self.forward_thread, env)
        return np.broadcast_to(np.asarray(v, dtype=np.int64), dom[0].shape)


def _row_major(vars_, shape):
    expr = 0
    for v, n in zip(vars_, shape):
        expr = tir.add(tir.mul(expr, n), v)
    return expr


# ---------------------------------------------------------------- the 2-D constructors (gemm_layouts.cc)


def _xor2x2(i, j):
    return floormod(tir.add(i, j), 2)


def _xor4x4(i, j):
    return tir.add(tir.mul(2, _xor2x2(floordiv(i, 2), floordiv(j, 2))), _xor2x2(floormod(i, 2), floormod(j, 2)))


def _xor8x8(i, j):
    return tir.add(tir.mul(2, _xor4x4(floordiv(i, 2), floordiv(j, 2))), _xor2x2(floormod(i, 2), floormod(j, 2)))


BANK = {  # kind -> (TileLang 2-D function, W, xor, divisor of s)
    "full": ("MakeFullBankSwizzleLayout2D", 8, _xor8x8, 1),
    "half": ("MakeHalfBankSwizzleLayout2D", 4, _xor4x4, 2),
    "quarter": ("MakeQuarterBankSwizzleLayout2D", 2, _xor2x2, 4),
}


def bank_swizzle_2d(kind: str, stride: int, continuous: int, element_size: int) -> TLLayout:
    fn, W, xor, sdiv = BANK[kind]
    i, j = placeholder(0), placeholder(1)
    vs = _cdiv(128, element_size)
    icheck(stride == 4 or stride % 8 == 0, "stride == 4 || stride % 8 == 0", f"stride={stride}")
    icheck(
        _cmod(continuous, vs * W) == 0,
        f"continuous % (vector_size * {W}) == 0",
        f"continuous={continuous}, vector_size={vs}",
    )
    ts = floordiv(i, 8)
    s = floormod(i, 8)
    tc = floordiv(floordiv(j, vs), W)
    c = floormod(floordiv(j, vs), W)
    vec = floormod(j, vs)
    c_swizzle = xor(c, floordiv(s, sdiv) if sdiv != 1 else s)
    index = tir.add(vec, tir.mul(tir.add(c_swizzle, tir.mul(s, W)), vs))
    L = TLLayout([stride, continuous], [tc, ts, index], fn)
    L.meta = {"bank": kind, "bits": element_size}
    return L


def _cdiv(a, b):
    """C++ int division (TileLang's ``128 / element_size``)."""
    if b == 0:
        raise CuteDumpError("element size 0: division by zero in vector_size = 128 / element_size")
    return tir._tdiv(a, b)


def _cmod(a, b):
    if b == 0:
        raise CuteDumpError("vector_size is 0 (elements wider than 128 bits): modulo by zero")
    return tir._tmod(a, b)


def f64_kinner(stride, continuous) -> TLLayout:
    i, j = placeholder(0), placeholder(1)
    tc, ts, c, s = floordiv(j, 16), floordiv(i, 4), floormod(j, 16), floormod(i, 4)
    swizzled_c = tir.add(tir.mul(floordiv(c, 4), 4), _xor4x4(floormod(c, 4), s))
    return TLLayout([stride, continuous], [tc, ts, tir.add(swizzled_c, tir.mul(s, 16))], "makeGemmABLayoutF64_Kinner")


def f64_kouter(stride, continuous) -> TLLayout:
    i, j = placeholder(0), placeholder(1)
    tc, ts, c, s = floordiv(j, 16), floordiv(i, 4), floormod(j, 16), floormod(i, 4)
    swizzled_c = tir.add(floormod(c, 4), tir.mul(_xor4x4(floordiv(c, 4), s), 4))
    return TLLayout([stride, continuous], [tc, ts, tir.add(swizzled_c, tir.mul(s, 16))], "makeGemmABLayoutF64_Kouter")


def linear(shape) -> TLLayout:
    shape = [int(x) for x in shape]
    vs = [placeholder(k) for k in range(len(shape))]
    idx = 0
    for k in range(len(shape)):
        st = 1
        for n in shape[k + 1 :]:
            st = st * n
        idx = tir.add(idx, tir.mul(vs[k], st))
    L = TLLayout(shape, [idx], "MakeLinearLayout")
    st, strides = 1, []
    for n in reversed(shape):
        strides.append(st)
        st *= n
    L.meta = {"strides": strides[::-1]}
    return L


def padded(stride, continuous, element_size) -> TLLayout:
    i, j = placeholder(0), placeholder(1)
    pad = continuous
    if _cmod(element_size * continuous, 256) == 0:
        pad += _cdiv(128, element_size)
    L = TLLayout([stride, continuous], [tir.add(tir.mul(i, pad), j)], "MakeGemmABLayoutPadded")
    L.meta = {"strides": [pad, 1]}
    return L


def volta_crosswise(stride, continuous) -> TLLayout:
    icheck(stride % 32 == 0 and continuous % 32 == 0, "stride % 32 == 0 && continuous % 32 == 0")
    i, j = placeholder(0), placeholder(1)
    vci = floordiv(j, 4)
    vsw = floormod(vci, 8)
    bit2 = floormod(tir.add(tir.add(floordiv(floormod(i, 32), 16), floordiv(floormod(i, 16), 8)), floordiv(vsw, 4)), 2)
    bit1 = _xor2x2(floordiv(floormod(i, 8), 4), floordiv(floormod(vsw, 4), 2))
    pvc = tir.add(tir.add(tir.add(tir.mul(floordiv(i, 16), 16), tir.mul(floormod(i, 4), 4)), tir.mul(bit2, 2)), bit1)
    off = tir.add(tir.add(floormod(j, 4), tir.mul(pvc, 4)), tir.mul(tir.mul(vci, stride), 4))
    return TLLayout([stride, continuous], [off], "MakeGemmVoltaABLayoutCrosswise")


def volta_congruous(stride, continuous, is_a: bool) -> TLLayout:
    icheck(stride % 4 == 0 and continuous % 64 == 0, "stride % 4 == 0 && continuous % 64 == 0")
    i, j = placeholder(0), placeholder(1)
    vci = floordiv(j, 8)
    tci, tsi = floordiv(vci, 8), floordiv(i, 4)
    tcr, tsr = floormod(vci, 8), floormod(i, 4)
    if is_a:
        pswt = floordiv(tcr, 2)
        pcwt = tir.add(tir.mul(floormod(tcr, 2), 4), _xor4x4(tsr, pswt))
    else:
        pswt = floormod(tcr, 4)
        pcwt = tir.add(tir.mul(floordiv(tcr, 4), 4), _xor4x4(tsr, pswt))
    es = tir.add(pswt, tir.mul(tsi, 4))
    ec = tir.add(floormod(j, 8), tir.mul(tir.add(pcwt, tir.mul(tci, 8)), 8))
    return TLLayout(
        [stride, continuous],
        [tir.add(tir.mul(es, continuous), ec)],
        "MakeGemmVolta" + ("A" if is_a else "B") + "LayoutCongruous",
    )


# ---------------------------------------------------------------- the dispatchers


def gemm_ab_layout(stride, continuous, continuity, element_size, k_inner=True) -> TLLayout:
    """``MakeGemmABLayout``: the GEMM lowering's choice, with the padded fallback."""
    if element_size == 64:
        if not k_inner and continuity % 16 == 0:
            return f64_kouter(stride, continuous)
        if k_inner and continuity % 16 == 0:
            return f64_kinner(stride, continuous)
        return padded(stride, continuous, element_size)
    vs = _cdiv(128, element_size)
    if not k_inner and element_size == 8:
        return padded(stride, continuous, element_size)
    for kind, w in (("full", 8), ("half", 4), ("quarter", 2)):
        if _cmod(continuous, vs * w) == 0:
            return bank_swizzle_2d(kind, stride, continuous, element_size)
    return padded(stride, continuous, element_size)


def gemm_ab_layout_hopper(stride, continuous, continuity, element_size, k_inner=True) -> TLLayout:
    """``MakeGemmABLayoutHopper``: bank swizzles, else linear, never padded."""
    if element_size == 64:
        if not k_inner and continuity % 16 == 0:
            return f64_kouter(stride, continuous)
        if k_inner and continuity % 16 == 0:
            return f64_kinner(stride, continuous)
        if stride % 8 != 0:
            return linear([stride, continuous])
        return bank_swizzle_2d("quarter", stride, continuous, element_size)
    return _hopper_like(stride, continuous, element_size, k_inner, "Hopper")


def gemm_ab_layout_sm100(stride, continuous, continuity, element_size, k_inner=True) -> TLLayout:
    icheck(element_size != 64, "0", "float64 on sm100 is not supported now")
    return _hopper_like(stride, continuous, element_size, k_inner, "sm100")


def _hopper_like(stride, continuous, element_size, k_inner, what):
    vs = _cdiv(128, element_size)
    if stride % 8 == 0:
        for kind, w in (("full", 8), ("half", 4), ("quarter", 2)):
            if _cmod(continuous, vs * w) == 0:
                return bank_swizzle_2d(kind, stride, continuous, element_size)
    if _cmod(continuous, vs) == 0:
        return linear([stride, continuous])
    icheck(
        False,
        "0",
        f"Unsupported layout for {what} with stride={stride}, continuous={continuous}, "
        f"element_size={element_size}, k_inner={int(bool(k_inner))}",
    )


def volta_ab_layout(stride, continuous, is_a=True, k_inner=True) -> TLLayout:
    if k_inner and continuous % 32 == 0 and stride % 32 == 0:
        return volta_crosswise(stride, continuous)
    if is_a and continuous % 64 == 0 and stride % 4 == 0:
        return volta_congruous(stride, continuous, True)
    if not is_a and continuous % 64 == 0 and stride % 4 == 0:
        return volta_congruous(stride, continuous, False)
    return padded(stride, continuous, 16)


# ---------------------------------------------------------------- buffer-level entry points (tilelang.layout.*)


def _shape_info(shape, bits):
    shape = [int(x) for x in shape]
    icheck(
        len(shape) >= 2, "buffer->shape.size() >= 2", f"Swizzle layout expects rank >= 2 buffer, got rank={len(shape)}"
    )
    return shape, shape[-2], shape[-1], int(bits)


def _check_shape(shape):
    shape = [int(x) for x in shape]
    if not shape:
        raise CuteDumpError("the buffer shape is empty")
    if any(x <= 0 for x in shape):
        raise CuteDumpError(f"buffer extents must be positive, got {shape}")
    return shape


def make_swizzled_layout(shape, bits, k_major=True, allow_pad=True) -> TLLayout:
    """``tilelang.layout.make_swizzled_layout(buffer, k_major=True, allow_pad=True)``."""
    shape, st, co, bits = _shape_info(_check_shape(shape), bits)
    base = (gemm_ab_layout if allow_pad else gemm_ab_layout_hopper)(st, co, co, bits, k_major)
    return base.expand(shape[:-2])


def make_wgmma_swizzled_layout(shape, bits, continuity=None, k_major=True) -> TLLayout:
    shape, st, co, bits = _shape_info(_check_shape(shape), bits)
    cont = co if continuity is None or continuity < 0 else int(continuity)
    return gemm_ab_layout_hopper(st, co, cont, bits, k_major).expand(shape[:-2])


def make_tcgen05mma_swizzled_layout(shape, bits, continuity=None, k_major=True) -> TLLayout:
    shape, st, co, bits = _shape_info(_check_shape(shape), bits)
    cont = co if continuity is None or continuity < 0 else int(continuity)
    return gemm_ab_layout_sm100(st, co, cont, bits, k_major).expand(shape[:-2])


def make_volta_swizzled_layout(shape, bits, is_a=True, k_inner=True) -> TLLayout:
    shape, st, co, _ = _shape_info(_check_shape(shape), bits)
    return volta_ab_layout(st, co, is_a, k_inner).expand(shape[:-2])


def make_bank_swizzled_layout(kind, shape, bits) -> TLLayout:
    """``make_full_bank_swizzled_layout`` / ``make_half_...`` / ``make_quarter_...``."""
    shape, st, co, bits = _shape_info(_check_shape(shape), bits)
    return bank_swizzle_2d(kind, st, co, bits).expand(shape[:-2])


def make_linear_layout(shape, bits=None) -> TLLayout:
    return linear(_check_shape(shape))


def make_gemm_ab_layout_padded(shape, bits) -> TLLayout:
    """``MakeGemmABLayoutPadded`` itself (the GEMM lowering's padded fallback), 2-D."""
    shape = _check_shape(shape)
    if len(shape) != 2:
        raise CuteDumpError(f"the padded layout is 2-D (stride, continuous); got shape {shape}")
    return padded(shape[0], shape[1], int(bits))


def make_gemm_fragment_8x8(transposed=False) -> TLFragment:
    i, j = placeholder(0), placeholder(1)
    if transposed:
        return TLFragment(
            [8, 8], [floormod(i, 2)], tir.add(floordiv(i, 2), tir.mul(4, j)), name="MakeGemmFragment8x8Transposed"
        )
    return TLFragment([8, 8], [floormod(j, 2)], tir.add(floordiv(j, 2), tir.mul(4, i)), name="MakeGemmFragment8x8")


def make_fully_replicated_layout_fragment(shape, threads) -> TLFragment:
    shape = _check_shape(shape)
    threads = int(threads)
    if threads <= 0:
        raise CuteDumpError(f"threads must be positive, got {threads}")
    return TLFragment(shape, [], tir.REP, threads, (0, threads), name="Fragment::FullyReplicated")


# name -> (builder(shape, bits, **options), what) for the buffer-level constructors
CONSTRUCTORS = {
    "make_swizzled_layout": "MakeGemmABLayout (allow_pad) / MakeGemmABLayoutHopper, expanded over leading dims",
    "make_wgmma_swizzled_layout": "MakeGemmABLayoutHopper, expanded",
    "make_tcgen05mma_swizzled_layout": "MakeGemmABLayoutSm100, expanded",
    "make_volta_swizzled_layout": "MakeGemmVoltaABLayout, expanded",
    "make_full_bank_swizzled_layout": "MakeFullBankSwizzleLayout2D, expanded",
    "make_half_bank_swizzled_layout": "MakeHalfBankSwizzleLayout2D, expanded",
    "make_quarter_bank_swizzled_layout": "MakeQuarterBankSwizzleLayout2D, expanded",
    "make_linear_layout": "MakeLinearLayout (row-major, any rank)",
}


def build(name: str, shape, bits, **opts) -> TLLayout:
    """The layout ``tilelang.layout.<name>(buffer, **opts)`` returns for a buffer of ``shape`` and ``bits``."""
    if name == "make_swizzled_layout":
        return make_swizzled_layout(shape, bits, opts.get("k_major", True), opts.get("allow_pad", True))
    if name == "make_wgmma_swizzled_layout":
        return make_wgmma_swizzled_layout(shape, bits, opts.get("continuity"), opts.get("k_major", True))
    if name == "make_tcgen05mma_swizzled_layout":
        return make_tcgen05mma_swizzled_layout(shape, bits, opts.get("continuity"), opts.get("k_major", True))
    if name == "make_volta_swizzled_layout":
        return make_volta_swizzled_layout(shape, bits, opts.get("is_a", True), opts.get("k_inner", True))
    if name.startswith("make_") and name.endswith("_bank_swizzled_layout"):
        return make_bank_swizzled_layout(name[5:-21], shape, bits)
    if name == "make_linear_layout":
        return make_linear_layout(shape)
    raise CuteDumpError(f"unknown TileLang constructor {name!r}; known: {', '.join(CONSTRUCTORS)}")


# ---------------------------------------------------------------- CuTe equivalents, checked point by point


def cute_equivalent(L: TLLayout):
    """(CuTe layout, None) equal to TileLang's physical offset (Forward flattened row-major over OutputShape) at
    every input index, or (None, why). Bank swizzles map to ``Sw<B,log2(vector_size),3>`` over a plain layout
    (see :class:`cutedump.tilelang.swizzle.BankSwizzleLayout`); linear and padded layouts are plain strided
    layouts. The equality is checked by evaluating both over the whole domain (:func:`check_cute`)."""
    meta = L.meta
    if "bank" in meta:
        lead = L.input_shape[:-2] if len(L.input_shape) > 2 else []
        st, co = L.input_shape[-2:]
        row = BANK[meta["bank"]][1] * _cdiv(128, meta["bits"])
        if st % 8 and co > row:
            return None, (
                f"stride {st} is not a multiple of 8 and there are {co // row} swizzle column chunks: "
                f"the chunk stride {st * row} overlaps the swizzle's row bits, so no "
                "Swizzle<B,M,S> o layout reproduces TileLang's offsets"
            )
        try:
            B = BankSwizzleLayout(meta["bank"], list(lead) + L.input_shape[-2:], meta["bits"])
        except CuteDumpError as e:
            return None, str(e)
        return B.cute_layout()
    if "strides" in meta and len(meta["strides"]) == len(L.input_shape):
        shp = tuple(C(x) for x in L.input_shape)
        std = tuple(C(x) for x in meta["strides"])
        return (Layout(shp, std) if len(shp) > 1 else Layout(shp[0], std[0])), None
    return None, f"no CuTe equivalent modelled for {L.name}"


def check_cute(L: TLLayout, layout):
    """(mismatches, first mismatch or None): CuTe's value at every index (colexicographic, CuTe's order)
    against TileLang's flat offset at the same index."""
    base = layout.b if isinstance(layout, ComposedLayout) else layout
    if int(size(base)) != L.size:
        return L.size, ("size", int(size(base)), L.size)
    if L.size <= SMALL or not have_numpy():  # plain Python: small layouts, and the web page (no numpy)
        return _check_cute_py(L, layout)
    import numpy as np

    r = _compare_by_plane(L, layout)
    if r is not None:
        bad, k, theirs_k, ours_k = r
        if bad == 0:
            return 0, None
        return bad, ([int(x) for x in np.unravel_index(k, L.input_shape, order="F")], theirs_k, ours_k)
    ours = np.asarray(L.flat_offsets()).reshape(L.input_shape).reshape(-1, order="F")
    theirs = np.asarray(values(layout))
    bad = np.nonzero(ours != theirs)[0]
    if len(bad) == 0:
        return 0, None
    k = int(bad[0])
    idx = [int(x) for x in np.unravel_index(k, L.input_shape, order="F")]
    return len(bad), (idx, int(theirs[k]), int(ours[k]))


def _check_cute_py(L: TLLayout, layout):
    """:func:`check_cute` index by index in plain Python (no numpy import; small layouts): CuTe's value at
    colexicographic index k against TileLang's offset (its forward, flattened row-major over OutputShape) there."""
    shp = L.output_shape()
    bad, first = 0, None
    for k, theirs in enumerate(values_list(layout)):
        idx, r = [], k
        for n in L.input_shape:  # colexicographic: the first coordinate fastest (numpy's order="F")
            idx.append(r % n)
            r //= n
        ours = 0
        for v, n in zip(L.forward(*idx), shp):
            ours = ours * n + v
        if ours != theirs:
            bad += 1
            if first is None:
                first = (idx, theirs, ours)
    return bad, first


def _compare_by_plane(L: TLLayout, layout):
    """:func:`cutedump.tilelang.swizzle.compare_by_plane` of ``layout`` against L's offset, or None where L's offset
    is not known to split as ``sum_k l_k * c_k + tail_offset(trailing index)``. It does when

    * L's first n outputs are its first n inputs unchanged (what ``Layout::Expand`` builds for leading buffer dims)
      and its other outputs do not read them: c_k = prod(OutputShape[k+1:]), the tail is the trailing dims; or
    * every output is a sum of ``input * positive constant`` terms (linear, padded): the offset is affine,
      c_k = the sum over outputs of prod(OutputShape[d+1:]) * (input k's coefficient in output d), the tail is the
      last input dim."""
    import numpy as np

    oshape = L.output_shape()
    weights = [_prod(oshape[d + 1 :]) for d in range(len(oshape))]
    n = 0
    while (
        n < len(L.input_shape) - 1
        and n < len(L.forward_index) - 1
        and isinstance(L.forward_index[n], tir.Var)
        and L.forward_index[n] == L.vars[n]
    ):
        n += 1
    if n:
        tail_shape = L.input_shape[n:]
        dom = np.indices(tail_shape, dtype=np.int64).reshape(len(tail_shape), -1, order="F")
        try:  # a trailing output that reads a leading input has no value here: not separable this way
            outs = [tir.evaluate(e, dict(zip(L.vars[n:], dom))) for e in L.forward_index[n:]]
        except KeyError:
            outs = None
        if outs is not None:
            tail = 0
            for v, ext in zip(outs, oshape[n:]):
                tail = tail * ext + v
            tail = np.broadcast_to(np.asarray(tail, dtype=np.int64), dom[0].shape)
            return compare_by_plane(layout, L.input_shape[:n], weights[:n], tail_shape, tail)
    coef = {v: 0 for v in L.vars}
    for e, w in zip(L.forward_index, weights):
        terms = _split_terms(e)
        if terms is None or any(lower != 1 or upper != tir.POS_INF for _, lower, upper, _ in terms):
            return None
        for var, _, _, scale in terms:
            coef[var] += w * scale
    c = [coef[v] for v in L.vars]
    last = L.input_shape[-1]
    return compare_by_plane(layout, L.input_shape[:-1], c[:-1], [last], np.arange(last, dtype=np.int64) * c[-1])


def _prod(xs):
    n = 1
    for x in xs:
        n *= int(x)
    return n
