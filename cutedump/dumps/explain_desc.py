"""Shared-memory descriptors in words: the readings of ``cutedump desc`` (each field of a GmmaDescriptor / UMMA::SmemDescriptor, the layout it describes and its
core matrices), and the field readings and constants that ``explain partition --fragment`` of an SS GMMA/UMMA operand
uses (:func:`cutedump.dumps.explain_partition.explain_desc_fragment`). Values come from
:mod:`cutedump.atoms.smem_desc`; wording from messages/desc_{en,zh}.py."""

from __future__ import annotations

from cutedump.algebra import Layout, get, size
from cutedump.algebra.swizzle import as_position_independent_swizzle_layout
from cutedump.atoms import smem_desc as D
from cutedump.atoms.types import canonical_type
from cutedump.dumps.narrator import Narrator

GMMA_HDR = "cute/atom/mma_traits_sm90_gmma.hpp"
UMMA_HDR = "cute/atom/mma_traits_sm100.hpp"

# the constants the wording writes (messages hold no digits: they come from here): bytes per core-matrix row (one
# uint128_t unit), rows per core matrix, bytes of K per dense instruction, the start address shift and width, the
# iterator's low word, CuTe's stride<1,0> == 1 check, zero and one
DESC_K = dict(u=16, r=8, kb=32, sh=4, sb=14, lo=32, s10="1,0", z=0, v1=1)


class _Nar(Narrator):
    def say(self, key, **values):
        super().say(key, **{**DESC_K, **values})

    def msg(self, key, **values):
        return super().msg(key, **{**DESC_K, **values})


def hex4(v: int) -> str:
    return f"0x{v:04x}"


def field_readings(m: D.DescMatch, X: str, aliased: int = 0) -> list:
    """(key, fields) lines reading LBO and SBO of a matched layout: the values of the descriptor's fields (a field
    the hardware ignores is read with its value and said to be ignored); ``aliased`` coordinates sharing an element
    (the layout the fields describe is then no canonical form: said instead of the match)."""
    lbo, sbo, wb = m.desc.field("leading_byte_offset"), m.desc.field("stride_byte_offset"), m.w * 16
    out = []
    if m.major == "K":
        out.append(("ex.desc.read.k_sbo", dict(sbo=sbo, sbob=sbo * 16, X=X)))
        if m.lbo_used:
            out.append(("ex.desc.read.k_lbo_none", dict(lbo=lbo, lbob=lbo * 16)))
        else:
            out.append(("ex.desc.read.k_lbo_sw", dict(lbo=lbo, lt=m.layout_type, wb=wb)))
    elif m.layout_type in ("INTERLEAVE", "SWIZZLE_NONE"):
        out.append(("ex.desc.read.mn_none", dict(sbo=sbo, sbob=sbo * 16, lbo=lbo, lbob=lbo * 16, X=X)))
    else:
        katom = D.SWIZZLES[(m.kind, m.desc.field("layout_type"))][2]
        out.append(
            (
                "ex.desc.read.mn_sw",
                dict(lt=m.layout_type, w=m.w, wb=wb, X=X, katom=katom, lbo=lbo, lbob=lbo * 16, sbo=sbo, sbob=sbo * 16),
            )
        )
    if aliased:
        out.append(("ex.desc.read.alias", dict(n=aliased, major=m.major, form=m.form, lt=m.layout_type)))
    else:
        out.append(("ex.desc.read.form", dict(major=m.major, form=m.form, lt=m.layout_type)))
    return [(k, {**DESC_K, **f}) for k, f in out]


# ------------------------------------------------------------------ cutedump desc


class DescReport:
    desc: D.SmemDescriptor
    major: str
    vt: str
    bits: int
    mn: int
    k: int
    layout: object  # Sw o smem_ptr o L
    pi: object  # Sw' o _0 o L (element offsets)
    match: D.DescMatch
    cores: list  # rows of core-matrix byte offsets (MN groups x K groups)
    arrows: list  # (name, (row, col) from, (row, col) to, bytes): LBO / SBO steps
    lbo_ignored: bool = False

    def __init__(self, desc, major, vt, bits, mn, k, layout, pi, match, cores=None, arrows=None, lbo_ignored=False):
        self.desc = desc
        self.major = major
        self.vt = vt
        self.bits = bits
        self.mn = mn
        self.k = k
        self.layout = layout
        self.pi = pi
        self.match = match
        self.cores = list() if cores is None else cores
        self.arrows = list() if arrows is None else arrows
        self.lbo_ignored = lbo_ignored

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(desc={self.desc!r}, major={self.major!r}, vt={self.vt!r}, "
            f"bits={self.bits!r}, mn={self.mn!r}, k={self.k!r}, layout={self.layout!r}, pi={self.pi!r}, "
            f"match={self.match!r}, cores={self.cores!r}, arrows={self.arrows!r}, "
            f"lbo_ignored={self.lbo_ignored!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.desc,
                self.major,
                self.vt,
                self.bits,
                self.mn,
                self.k,
                self.layout,
                self.pi,
                self.match,
                self.cores,
                self.arrows,
                self.lbo_ignored,
            ) == (
                other.desc,
                other.major,
                other.vt,
                other.bits,
                other.mn,
                other.k,
                other.layout,
                other.pi,
                other.match,
                other.cores,
                other.arrows,
                other.lbo_ignored,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable


def decode(desc: D.SmemDescriptor, major: str, vt: str, mn: int = 64, k_bits: int = 256) -> DescReport:
    vt = canonical_type(vt)
    from cutedump.atoms.types import value_type_bits  # start-up: types table only here

    bits = value_type_bits(vt)
    lay = D.decode_layout(desc, major, bits, mn, k_bits)
    match = D.make_desc(desc.kind, major, D.smem_operand(lay, vt))
    cores = core_offsets(lay.b, bits, match.major)
    # the fields read are the descriptor's own (the layout's re-match reads 0 off a stride its one-long mode
    # never takes): the match keeps its form, with the given descriptor
    match.desc = desc
    r = DescReport(
        desc,
        match.major,
        vt,
        bits,
        mn,
        k_bits // bits,
        lay,
        as_position_independent_swizzle_layout(lay),
        match,
        cores,
        lbo_ignored=not match.lbo_used,
    )
    r.arrows = _arrows(r)
    _warnings(r)
    return r


def aliased(r: DescReport) -> int:
    """How many of the (MN,K) coordinates of the described layout land on an element another coordinate holds
    (0: the layout is one-to-one; the swizzle is a bijection on addresses and changes nothing)."""
    L = r.layout.b
    from cutedump.algebra import flatten  # start-up: on demand

    sh, st = flatten(L.shape), flatten(L.stride)
    sh, st = (sh, st) if isinstance(sh, tuple) else ((sh,), (st,))
    offs = [0]
    for n, d in zip(sh, st):
        n, d = int(n), int(d)
        offs = [o + i * d for o in offs for i in range(n)]
    return len(offs) - len(set(offs))


def atom_bytes(r: DescReport) -> int:
    """Bytes of the descriptor's swizzle atom (8 rows of W 16-byte units; 0: no swizzle, nothing to align to)."""
    return 0 if r.desc.field("layout_type") == 0 else r.match.w * 16 * 8


def _warnings(r: DescReport) -> None:
    """The hazards of a descriptor that is not an error: a layout that aliases, a start not on its swizzle atom."""
    from cutedump.errors import warn  # start-up: on demand

    name = D.NAMES[r.desc.kind][0]
    n = aliased(r)
    if n:
        warn(
            f"{name} {r.desc.hex()} describes a layout that aliases ({n} of the {int(size(r.layout.b))} (MN,K) "
            f"coordinates fall on an element another one holds; LBO = {r.desc.field('leading_byte_offset')}, "
            f"SBO = {r.desc.field('stride_byte_offset')}); it is not a canonical {r.major}-major form"
        )
    ab = atom_bytes(r)
    start = r.desc.field("start_address") << 4
    if ab and start % ab:
        warn(
            f"{name} {r.desc.hex()}: start address {start:#x} is not aligned to its {ab}-byte "
            f"{r.desc.layout_type_name} swizzle atom (base_offset = {r.desc.field('base_offset')})"
        )


def _arrows(r: DescReport) -> list:
    """The core matrices LBO and SBO step between, from core (0,0) (only those inside the picture)."""
    m = r.match
    rows, cols = len(r.cores), len(r.cores[0]) if r.cores else 0
    none = r.desc.field("layout_type") == 0
    lbo, sbo = r.desc.field("leading_byte_offset"), r.desc.field("stride_byte_offset")  # the fields the text states
    if m.major == "K":
        steps = [("SBO", (1, 0), sbo)] + ([("LBO", (0, 1), lbo)] if none else [])
    elif none:
        steps = [("SBO", (1, 0), sbo), ("LBO", (0, 1), lbo)]
    else:
        steps = [("LBO", (m.w, 0), lbo), ("SBO", (0, 1), sbo)]
    return [(n, (0, 0), to, units * 16) for n, to, units in steps if to[0] < rows and to[1] < cols]


def core_offsets(L: Layout, bits: int, major: str) -> list:
    """Byte offset (before the swizzle) of every core matrix of an (MN,K) layout: rows MN/8 (K-major) or MN/T
    (MN-major) groups, columns K/T or K/8 groups."""
    T = max(1, 128 // bits)
    mn, k = int(size(get(L, 0))), int(size(get(L, 1)))
    rm, ck = (8, T) if major == "K" else (T, 8)
    rows = []
    for i in range(mn // rm):
        rows.append([int(L(i * rm, j * ck)) * bits // 8 for j in range(k // ck)])
    return rows


def desc_text(r: DescReport, lang: str = "en") -> str:
    nar = _Nar(lang)
    name = D.NAMES[r.desc.kind][0]
    X = "MN"
    nar.say("desc.title", name=name, hex=r.desc.hex(), major=r.major, vt=r.vt, mn=r.mn, k=r.k, X=X)
    nar.raw(r.desc.cute_print())
    f = r.desc.fields()
    m = r.match
    wb = m.w * 16
    katom = D.SWIZZLES[(r.desc.kind, f["layout_type"])][2]
    none = f["layout_type"] == 0
    if r.major == "K":
        lbo_m = (
            nar.msg("desc.m.lbo", bytes=f["leading_byte_offset"] * 16, what=nar.msg("desc.what.k_lbo"))
            if none
            else nar.msg("desc.m.lbo_ignored", bytes=f["leading_byte_offset"] * 16)
        )
        sbo_m = nar.msg("desc.m.sbo", bytes=f["stride_byte_offset"] * 16, what=nar.msg("desc.what.k_sbo", X=X))
    elif none:
        lbo_m = nar.msg("desc.m.lbo", bytes=f["leading_byte_offset"] * 16, what=nar.msg("desc.what.mn_none_lbo"))
        sbo_m = nar.msg("desc.m.sbo", bytes=f["stride_byte_offset"] * 16, what=nar.msg("desc.what.mn_none_sbo", X=X))
    else:
        lbo_m = nar.msg("desc.m.lbo", bytes=f["leading_byte_offset"] * 16, what=nar.msg("desc.what.mn_lbo", wb=wb, X=X))
        sbo_m = nar.msg("desc.m.sbo", bytes=f["stride_byte_offset"] * 16, what=nar.msg("desc.what.mn_sbo", katom=katom))
    meanings = {
        "start_address": nar.msg("desc.m.start", addr=hex(f["start_address"] << 4)),
        "leading_byte_offset": lbo_m,
        "stride_byte_offset": sbo_m,
        "base_offset": nar.msg("desc.m.base"),
        "layout_type": nar.msg("desc.m.type", lt=r.desc.layout_type_name, sw=r.layout.a),
        "version": nar.msg("desc.m.version"),
        "lbo_mode": nar.msg("desc.m.lbo_mode"),
    }
    nar.raw("\n")
    for n, v in f.items():
        nar.say("desc.field", name=n, value=str(v), meaning=meanings[n])
    nar.say("desc.layout", layout=r.layout, pi=r.pi, X=X)
    for key, fl in field_readings(m, X, aliased(r)):
        nar.say(key, **fl)
    T = max(1, 128 // r.bits)
    nar.say("desc.cores", X=X, rows=8 if r.major == "K" else T, cols=T if r.major == "K" else 8)
    w = max(len(str(v)) for row in r.cores for v in row) if r.cores else 1
    for row in r.cores:
        nar.raw("  " + " ".join(f"{v:>{w}}" for v in row) + "\n")
    return nar.text()


def desc_json(r: DescReport) -> dict:
    return {
        "descriptor": r.desc.to_json(),
        "print": r.desc.cute_print() if r.desc.kind == "gmma" else None,
        "major": r.major,
        "type": r.vt,
        "mn": r.mn,
        "k": r.k,
        "layout": str(r.layout),
        "position_independent": str(r.pi),
        "canonical_form": r.match.form,
        "core_matrix_offsets": r.cores,
    }
