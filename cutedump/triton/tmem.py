"""Triton's tensor-memory (TMEM) layouts, the Blackwell accumulator's: ``#ttng.tensor_memory_encoding<blockM = 128,
blockN = 128, colStride = 1>`` and ``#ttng.tensor_memory_scales_encoding<>`` (TTGIR, as Triton 3.9 prints them),
``TensorMemoryLayout(block=(128, 128), col_stride=1)`` and ``TensorMemoryScalesLayout()`` (Gluon,
triton.experimental.gluon.language.nvidia.blackwell).

Triton maps a TMEM layout with its own linear layout, ``to_linear_layout`` of the layout and a shape: the in-dims
``row`` (the 128 TMEM lanes) and ``col`` (TMEM columns, counted in units of the element's width: a 32-bit column
holds 32/bits of them) -> (dim0, dim1), one CTA's part of the shape (the CGA layout splits it). This module computes
that layout as Triton 3.9 does (checked against Triton itself: tests/test_triton_tmem.py), refuses what Triton
refuses (with its message), and relates it to CuTe: the UMMA accumulator (``cutedump tmem``) whose TMEM tensor
puts every element of the tile at the same lane and 32-bit column, where one does.
"""

from __future__ import annotations

import re

from cutedump.errors import CuteDumpError
from cutedump.triton import spell

LANES = 128
#: the keys of the TTGIR attributes, as Triton 3.9 prints them, and the Gluon fields they are
TTGIR_KEYS = {"blockM": "block_m", "blockN": "block_n", "colStride": "col_stride", "CGALayout": "cga_layout"}
TTGIR_KEYS |= {"twoCTAs": "two_ctas", "fp4Padded": "fp4_padded"}
#: parameters of older Triton releases' TMEM encodings (Triton 3.9 spells them otherwise)
OLD_KEYS = {"unpacked": "colStride", "CTASplitM": "CGALayout", "CTASplitN": "CGALayout"}


class TmemLayout:
    """A ``TensorMemoryLayout`` (``scales=False``) or ``TensorMemoryScalesLayout`` (``scales=True``)."""

    def __init__(self, block_m=0, block_n=0, col_stride=1, cga_layout=(), two_ctas=False, fp4_padded=False,
                 scales=False):  # fmt: skip
        self.block_m, self.block_n, self.col_stride = block_m, block_n, col_stride
        self.cga_layout = tuple(tuple(b) for b in cga_layout)
        self.two_ctas, self.fp4_padded, self.scales = two_ctas, fp4_padded, scales

    def __eq__(self, other):
        return isinstance(other, TmemLayout) and vars(self) == vars(other)

    def __repr__(self):
        return f"TmemLayout({vars(self)!r})"

    def gluon(self) -> str:
        """Gluon's repr() of the layout."""
        cga = "[" + ", ".join(f"[{a}, {b}]" for a, b in self.cga_layout) + "]"
        if self.scales:
            return f"TensorMemoryScalesLayout(cga_layout={cga})"
        return (
            f"TensorMemoryLayout(block=({self.block_m}, {self.block_n}), col_stride={self.col_stride}, "
            f"cga_layout={cga}, two_ctas={self.two_ctas}, fp4_padded={self.fp4_padded})"
        )

    def ttgir(self) -> str:
        """The attribute as Triton 3.9 prints it (defaults left out)."""
        cga = "[" + ", ".join(f"[{a}, {b}]" for a, b in self.cga_layout) + "]"
        if self.scales:
            return "#ttng.tensor_memory_scales_encoding<" + (f"CGALayout = {cga}" if self.cga_layout else "") + ">"
        parts = [f"blockM = {self.block_m}", f"blockN = {self.block_n}", f"colStride = {self.col_stride}"]
        if self.cga_layout:
            parts.append(f"CGALayout = {cga}")
        if self.two_ctas:
            parts.append("twoCTAs = true")
        if self.fp4_padded:
            parts.append("fp4Padded = true")
        return "#ttng.tensor_memory_encoding<" + ", ".join(parts) + ">"


def is_tmem(text: str) -> bool:
    """Whether a layout text is a TMEM layout's (TTGIR or Gluon spelling)."""
    t = text.strip()
    return t.startswith("#ttng.tensor_memory") or bool(
        re.match(r"(?:[A-Za-z_]\w*\.)*TensorMemory(?:Scales)?Layout\s*\(", t)
    )


def _pow2(n) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n > 0 and n & (n - 1) == 0


def _bases(v, where):
    if not isinstance(v, tuple) or not all(isinstance(b, tuple) and len(b) == 2 for b in v):
        raise CuteDumpError(f"{where}: a list of [dim0, dim1] bases, got {v!r}")
    return v


def _value(r):
    """A value of the spelling: spell's reader's, and a Python tuple ``(128, 128)``."""
    if r.peek() == "(":
        r.take("(")
        items = []
        while r.peek() != ")":
            items.append(_value(r))
            if r.peek() == ",":
                r.take(",")
        r.take(")")
        return tuple(items)
    return r.value()


def parse(text: str) -> TmemLayout:
    """A TMEM layout in TTGIR's or Gluon's spelling, checked as Triton 3.9 checks it."""
    t = text.strip()
    r = spell._Reader(t)
    name = r.take()
    scales = "scales" in name.lower()
    kw = {}
    if name.startswith("#"):
        if name not in ("#ttng.tensor_memory_encoding", "#ttng.tensor_memory_scales_encoding"):
            raise CuteDumpError(f"{name}: not a TMEM layout of Triton 3.9 (#ttng.tensor_memory_encoding or "
                                "#ttng.tensor_memory_scales_encoding)")  # fmt: skip
        r.take("<")
        while r.peek() != ">":
            k = r.take()
            r.take("=")
            v = _value(r)
            if k in OLD_KEYS:
                raise CuteDumpError(f"{name}: {k} is an older Triton's parameter; Triton 3.9 spells it {OLD_KEYS[k]}")
            if k not in TTGIR_KEYS or (scales and k != "CGALayout"):
                keys = ["CGALayout"] if scales else list(TTGIR_KEYS)
                raise CuteDumpError(f"{name}: unknown parameter {k!r} (Triton 3.9's: {', '.join(keys)})")
            kw[TTGIR_KEYS[k]] = v
            if r.peek() == ",":
                r.take(",")
        r.take(">")
        if not scales:
            for k in ("blockM", "blockN", "colStride"):
                if TTGIR_KEYS[k] not in kw:
                    raise CuteDumpError(f"{name}: missing {k}")
    else:
        short = name.rsplit(".", 1)[-1]
        fields = ["cga_layout"] if scales else ["block", "col_stride", "cga_layout", "two_ctas", "fp4_padded"]
        r.take("(")
        pos = []
        while r.peek() != ")":
            if r.i + 1 < len(r.toks) and r.toks[r.i + 1] == "=" and re.fullmatch(r"\w+", r.peek()):
                k = r.take()
                r.take("=")
                if k not in fields:
                    raise CuteDumpError(f"{short} has no parameter {k!r}; its parameters: {', '.join(fields)}")
                kw[k] = _value(r)
            else:
                pos.append(_value(r))
            if r.peek() == ",":
                r.take(",")
        r.take(")")
        if len(pos) > len(fields):
            raise CuteDumpError(f"{short}: at most {len(fields)} arguments")
        kw = {**dict(zip(fields, pos)), **kw}
        if not scales:
            for k in ("block", "col_stride"):
                if k not in kw:
                    raise CuteDumpError(f"{short}: missing {k}")
            b = kw.pop("block")
            if not (isinstance(b, tuple) and len(b) == 2):
                raise CuteDumpError(f"{short}: block is (blockM, blockN), got {b!r}")
            kw["block_m"], kw["block_n"] = b
    if r.peek() is not None:
        raise CuteDumpError(f"unexpected {r.peek()!r} after the layout")
    cga = _bases(kw.get("cga_layout", ()), "cga_layout")
    for k in ("two_ctas", "fp4_padded"):
        if not isinstance(kw.get(k, False), bool):
            raise CuteDumpError(f"{k} is true or false, got {kw[k]!r}")
    for k in ("block_m", "block_n", "col_stride"):
        if k in kw and (not isinstance(kw[k], int) or isinstance(kw[k], bool)):
            raise CuteDumpError(f"{k} is an integer, got {kw[k]!r}")
    lay = TmemLayout(**{**kw, "cga_layout": cga}, scales=scales)
    check(lay)
    return lay


def check(lay: TmemLayout) -> None:
    """Triton 3.9's checks of the layout itself (Gluon's __post_init__, then the attribute's verifier), its
    messages."""
    if lay.scales:
        _splits(lay)
        return
    if not _pow2(lay.col_stride):
        raise CuteDumpError("Triton refuses: tensor memory col_stride must be a power of two")
    if lay.two_ctas and (not lay.cga_layout or lay.cga_layout[0] != (1, 0)):
        raise CuteDumpError("Triton refuses: twoCTAs layout requires the first CGALayout block basis to be [1, 0]")
    if lay.block_m not in (64, 128):
        raise CuteDumpError(f"Triton refuses: blockM must be 64 or 128 but got {lay.block_m}")
    if not _pow2(lay.block_n):
        raise CuteDumpError(f"Triton refuses: blockN must be a power of 2 but got {lay.block_n}")
    if lay.block_n > 512:
        raise CuteDumpError(f"Triton refuses: blockN must be less than or equal to 512 but got {lay.block_n}")
    if lay.col_stride not in (1, 2, 4):
        raise CuteDumpError(f"Triton refuses: colStride must be 1, 2, or 4 but got but got {lay.col_stride}")
    if lay.fp4_padded and lay.col_stride != 1:
        raise CuteDumpError(
            f"Triton refuses: fp4Padded tensor memory layout requires colStride 1 but got {lay.col_stride}"
        )
    _splits(lay)


def _splits(lay: TmemLayout) -> tuple[int, int]:
    """The CTAs the CGA layout splits the shape over, along dim0 and dim1: its bases are the powers of two of each
    dimension in turn (other CGA layouts are not modelled)."""
    sm = sn = 1
    for a, b in lay.cga_layout:
        if b == 0 and a == sm:
            sm *= 2
        elif a == 0 and b == sn:
            sn *= 2
        else:
            raise CuteDumpError(
                f"CGALayout {[list(x) for x in lay.cga_layout]}: a CGA layout other than powers of two along each "
                "dimension is not modelled by cutedump"
            )
    return sm, sn


def element_bits(elem: str) -> int:
    """The width of a TTGIR element type (f32, f16, bf16, i8, f8E4M3FN, f8E5M2, i32 ...)."""
    m = re.fullmatch(r"(?:bf|f|i|ui|si)(\d+)(?:E\d+M\d+\w*)?", elem.strip())
    if not m:
        raise CuteDumpError(f"element type {elem!r} is not one cutedump reads (f32, f16, bf16, i8, f8E4M3FN ...)")
    return int(m.group(1))


def memdesc_check(lay: TmemLayout, shape: list[int], bits: int) -> None:
    """What Triton checks when it makes the memdesc type (get_tensor_mem_desc_ty): the tensors of a TTGIR file
    passed these."""
    if len(shape) == 3:
        raise CuteDumpError(
            "a rank-3 TMEM memdesc: not modelled (Triton 3.9's to_linear_layout aborts on a rank-3 TMEM layout)"
        )
    if len(shape) != 2:
        raise CuteDumpError("Triton refuses: rank must be 2 or 3")
    if not all(_pow2(x) for x in shape):
        raise CuteDumpError(
            f"Triton refuses: shape must have power-of-2 and non-zero dimensions; got {shape[0]}, {shape[1]}"
        )
    if lay.scales:
        return
    if bits * lay.col_stride > 32:
        raise CuteDumpError(
            f"Triton refuses: bitwidth * colStride must be less than or equal to 32. Got {bits} and {lay.col_stride}"
        )
    sm, sn = _splits(lay)
    need_m, need_n = lay.block_m * sm, min(lay.block_n, shape[1]) * sn
    if shape[0] < need_m or shape[1] < need_n:
        raise CuteDumpError(
            f"Triton refuses: the tensor shape must be at least {need_m}x{need_n}. Got {shape[0]}, {shape[1]}"
        )


def linear_layout(lay: TmemLayout, shape: list[int]) -> dict:
    """Triton's to_linear_layout of the layout for ``shape``: {"row": lane bases, "col": column bases} (each basis
    [dim0, dim1]), for one CTA's part of the shape."""
    sm, sn = _splits(lay)
    m, n = shape[0] // sm, shape[1] // sn
    if lay.scales:
        rows = [[1 << i, 0] if 1 << i < m else [0, 0] for i in range(5)] + [[0, 0], [0, 0]]
        cols = [[0, 1] if n > 1 else [0, 0], [0, 2] if n > 2 else [0, 0]]
        mb = max(m.bit_length() - 1, 5)
        cols += [[1 << i, 0] for i in range(5, mb)] or [[0, 0]]
        cols += [[0, 1 << i] for i in range(2, n.bit_length() - 1)]
        return {"row": rows, "col": cols}
    bn = min(lay.block_n, n)
    zeros = [[0, 0]] * ((lay.col_stride.bit_length() - 1) + (1 if lay.fp4_padded else 0))
    if lay.block_m == 64 and lay.two_ctas:
        rows = [[1 << i, 0] for i in range(6)] + [[0, bn // 2]]
        cols = zeros + [[0, 1 << j] for j in range((bn // 2).bit_length() - 1)]
        reps = [[64 << i, 0] for i in range((m // 64).bit_length() - 1)]
        reps += [[0, bn << i] for i in range((n // bn).bit_length() - 1)]
        return {"row": rows, "col": cols + reps}
    reps = [[lay.block_m << i, 0] for i in range((m // lay.block_m).bit_length() - 1)]
    reps += [[0, bn << i] for i in range((n // bn).bit_length() - 1)]
    cols = zeros + [[0, 1 << j] for j in range(bn.bit_length() - 1)]
    if lay.block_m == 128:
        return {"row": [[1 << i, 0] for i in range(7)], "col": cols + reps}
    extra = reps.pop(0) if reps else [0, 0]  # blockM 64: the first repetition takes the lanes 16-31 of each warp
    rows = [[1 << i, 0] for i in range(4)] + [extra] + [[16, 0], [32, 0]]
    return {"row": rows, "col": cols + reps}


def _ranges(xs) -> list[tuple[int, int]]:
    out = []
    for x in sorted(xs):
        if out and out[-1][1] == x - 1:
            out[-1] = (out[-1][0], x)
        else:
            out.append((x, x))
    return out


def ranges_text(rs) -> str:
    return ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in rs)


def _span(bases) -> list:
    """Every XOR combination of the bases, in the order of the index they belong to."""
    out = [(0, 0)]
    for a, b in bases:
        out += [(x ^ a, y ^ b) for x, y in out]
    return out


def where(ll: dict) -> dict:
    """(dim0, dim1) -> (lane, column unit) of every element of the linear layout: the first location Triton maps to
    it (a zero basis duplicates its lanes or columns)."""
    rows, cols = _span(ll["row"]), _span(ll["col"])
    out: dict = {}
    for lane, (r0, r1) in enumerate(rows):
        for c, (c0, c1) in enumerate(cols):
            out.setdefault((r0 ^ c0, r1 ^ c1), (lane, c))
    return out


#: CuTe's UMMA accumulator for a TMEM element type: (atom family, A/B types, C type)
ACCUMULATORS = {
    32: {"f32": ("SM100_MMA_F16BF16{sm}_SS", "half_t", "float"), "i32": ("SM100_MMA_S8{sm}_SS", "int8_t", "int32_t")},
    16: {"f16": ("SM100_MMA_F16BF16{sm}_SS", "half_t", "half_t")},
}


def _cute_places(atom: str, pair: int, m: int, n: int):
    """CuTe's accumulator of ``atom`` over one CTA's (m, n) tile (partition_fragment_C of the pair's tile for a 2SM
    atom): the TMEM tensor and (dim0, dim1) -> (lane, 32-bit column), each element's address as
    TmemTensor.lane_column computes it (the layout's offsets, rotated into the word address)."""
    from cutedump.algebra import size  # start-up: the CuTe engines only for a TMEM answer
    from cutedump.algebra.integer import C  # start-up: as above
    from cutedump.algebra.inttuple import flatten_to_tuple  # start-up: as above
    from cutedump.atoms import tmem as T  # start-up: as above
    from cutedump.atoms.cli_support import build_mma  # start-up: as above

    mma = build_mma(atom, None, None)
    acc = T.tmem_fragment_C(mma, (C(m * pair), C(n)))
    lay = acc.layout
    offs = [0]
    for s_, d in zip(flatten_to_tuple(lay.shape), flatten_to_tuple(lay.stride)):
        offs = [o + k * int(d) for k in range(int(s_)) for o in offs]  # colex: the first mode fastest
    shift = T.offset_shift(acc.bits)
    am, an = int(size(lay.shape[0][0])), int(size(lay.shape[0][1]))
    rms = int(size(lay.shape[1]))
    out = {}
    for i, o in enumerate(offs):
        a = (acc.addr + T._rotr32(o, shift)) & 0xFFFFFFFF
        e, rest = i % (am * an), i // (am * an)
        out[(e % am + am * (rest % rms), e // am + an * (rest // rms))] = ((a >> 16) & 0xFF, a & 0xFFFF)
    return acc, out


def _umma_n_ok(m: int, n: int, pair: int) -> bool:
    step = 8 if m == 64 else 16
    return n % step == 0 and step <= n <= 256 and not (pair == 2 and m == 128 and n % 32)


def cute_relation(lay: TmemLayout, shape: list[int], elem: str, ll: dict, theirs: dict | None = None) -> dict:
    """The CuTe UMMA accumulator (``cutedump tmem ATOM --shape ...``) whose TMEM tensor puts every element of one
    CTA's tile at the lane and 32-bit column Triton's layout does: {"atom", "shape", "tensor", "command", "exact":
    True}; or {"exact": False, "why": key, ...facts} saying why none is related here."""
    bits = element_bits(elem)
    if lay.scales:
        return {"exact": False, "why": "scales"}
    if lay.fp4_padded:
        return {"exact": False, "why": "operand", "elem": elem}
    fam = ACCUMULATORS.get(bits, {}).get(elem)
    if fam is None or lay.col_stride * bits != 32 and not (bits == 16 and lay.col_stride == 1):
        return {"exact": False, "why": "not_accumulator", "elem": elem, "col_stride": lay.col_stride}
    sm, sn = _splits(lay)
    m, n = shape[0] // sm, shape[1] // sn
    bn = min(lay.block_n, n, 256)
    pair = 2 if lay.two_ctas else 1
    am = lay.block_m * pair
    if not _umma_n_ok(am, bn, pair):
        return {"exact": False, "why": "no_umma", "m": am, "n": bn}
    atom = f"{fam[0].format(sm='_2x1SM' if pair == 2 else '')}<{fam[1]},{fam[1]},{fam[2]},{am},{bn},K,K>"
    try:
        acc, cute = _cute_places(atom, pair, m, n)
    except CuteDumpError as e:
        return {"exact": False, "why": "cute_refuses", "atom": atom, "error": e.one_line()}
    theirs = where(ll) if theirs is None else theirs
    unit = 32 // bits
    for (d0, d1), (lane, col) in cute.items():
        t = theirs.get((d0, d1))
        if t is None or (t[0], t[1] // unit) != (lane, col):
            tl = "-" if t is None else f"lane {t[0]}, column {t[1] // unit}"
            return {
                "exact": False, "why": "differs", "atom": atom, "at": [d0, d1],
                "cute": f"lane {lane}, column {col}", "triton": tl,
            }  # fmt: skip
    shp = f"(_{m * pair},_{n})"
    return {
        "exact": True,
        "atom": atom,
        "shape": shp,
        "tensor": str(acc),
        "command": f'cutedump tmem "{atom}" --shape "{shp}"',
        "per_cta": sm * sn > 1,
    }


def answer(lay: TmemLayout, shape: list[int], elem: str) -> dict:
    """One use of a TMEM layout (a memdesc of ``shape`` and element ``elem``): Triton's linear layout, the TMEM lanes
    and 32-bit columns it occupies, and CuTe's accumulator where it is the same."""
    bits = element_bits(elem)
    memdesc_check(lay, shape, bits)
    ll = linear_layout(lay, shape)
    sm, sn = _splits(lay)
    places = where(ll)
    lanes = _ranges({lane for lane, _ in places.values()})
    units = 1 << len(ll["col"])
    columns = units * bits // 32 if units * bits >= 32 else 1
    return {
        "kind": "tensor_memory_scales_encoding" if lay.scales else "tensor_memory_encoding",
        "gluon": lay.gluon(),
        "linear_layout": {"row": ll["row"], "col": ll["col"]},
        "cta_shape": [shape[0] // sm, shape[1] // sn],
        "ctas": sm * sn,
        "lanes": ranges_text(lanes),
        "columns": columns,
        "element_bits": bits,
        "column_unit_bits": bits,
        "cute": cute_relation(lay, shape, elem, ll, places),
    }
