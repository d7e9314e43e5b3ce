"""Shared-memory matrix descriptors: ``GmmaDescriptor`` (SM90 wgmma, ``cute/arch/mma_sm90_desc.hpp``) and
``UMMA::SmemDescriptor`` (SM100 tcgen05.mma, ``cute/arch/mma_sm100_desc.hpp``) as values, and how CuTe builds them.

A descriptor is 64 bits of named fields (:data:`FIELDS`, one row per field: bit offset and width, as the unions'
bitfields declare them). ``make_gmma_desc<Major>(tensor)`` (``mma_traits_sm90_gmma.hpp``) / ``make_umma_desc``
(``mma_traits_sm100.hpp``) recast the smem tensor to uint128_t (16-byte units), read the layout type from the
pointer's swizzle, ``logical_divide`` the layout into its canonical form and read LBO/SBO off the strides::

    K-major,  in uint128_t:  Sw<B,4,3> o smem_ptr o ((8,n),2):((W,SBO),LBO)      (LBO only for INTERLEAVE; else 1)
    MN-major, in uint128_t:  Sw<B,4,3> o smem_ptr o ((W,n),(8,k)):((1,LBO),(W,SBO))  (INTERLEAVE: ((1,n),(8,k)):((X,SBO),(1,LBO)))

with W = 1, 2, 4, 8 for INTERLEAVE, 32B, 64B, 128B swizzles. :func:`make_desc` does the same matching and refuses
a non-canonical layout with CuTe's static_assert text; :func:`desc_fragment` is ``partition_fragment_A/B`` of an SS
GMMA TiledMMA: a ``GMMA::DescriptorIterator`` tensor whose element i is the descriptor advanced by layout(i) in
16-byte units (``DescriptorIterator::operator+`` adds to the low 32 bits).

On the host CuTe cannot read a shared-memory address (``cast_smem_ptr_to_uint`` prints ``ERROR: cast_smem_ptr_to_uint
not supported but used.`` and returns 0): the start address is 0 unless an smem address is given.
"""

from __future__ import annotations

from cutedump.algebra import C, Layout, congruent, fmt, get, logical_divide, rank, replace, size, upcast
from cutedump.algebra.integer import is_static
from cutedump.algebra.inttuple import is_int_tuple
from cutedump.algebra.smem_ptr import SmemPtrFlag
from cutedump.algebra.swizzle import ComposedLayout, Swizzle
from cutedump.atoms.types import canonical_type, value_type_bits
from cutedump.errors import CuteDumpError
from cutedump.limits import MAX_DESCRIPTORS, check_work

# kind -> [(field, bit offset, width)]: the bitfields of GmmaDescriptor / UMMA::SmemDescriptor
FIELDS = {
    "gmma": [
        ("start_address", 0, 14),
        ("leading_byte_offset", 16, 14),
        ("stride_byte_offset", 32, 14),
        ("base_offset", 49, 3),
        ("layout_type", 62, 2),
    ],
    "umma": [
        ("start_address", 0, 14),
        ("leading_byte_offset", 16, 14),
        ("stride_byte_offset", 32, 14),
        ("version", 46, 2),
        ("base_offset", 49, 3),
        ("lbo_mode", 52, 1),
        ("layout_type", 61, 3),
    ],
}

# kind -> {layout_type value: name}
LAYOUT_TYPES = {
    "gmma": {0: "INTERLEAVE", 1: "B128", 2: "B64", 3: "B32"},
    "umma": {0: "SWIZZLE_NONE", 1: "SWIZZLE_128B_BASE32B", 2: "SWIZZLE_128B", 4: "SWIZZLE_64B", 6: "SWIZZLE_32B"},
}

# (kind, layout_type) -> (Swizzle<B,M,S> on byte addresses, W: the swizzle atom's MN extent in uint128_t,
#                         K extent of the MN-major swizzle atom in uint128_t rows)
SWIZZLES = {
    ("gmma", 0): ((0, 4, 3), 1, 8),
    ("gmma", 3): ((1, 4, 3), 2, 8),
    ("gmma", 2): ((2, 4, 3), 4, 8),
    ("gmma", 1): ((3, 4, 3), 8, 8),
    ("umma", 0): ((0, 4, 3), 1, 8),
    ("umma", 6): ((1, 4, 3), 2, 8),
    ("umma", 4): ((2, 4, 3), 4, 8),
    ("umma", 2): ((3, 4, 3), 8, 8),
    ("umma", 1): ((2, 5, 2), 8, 4),
}

NAMES = {
    "gmma": ("GmmaDescriptor", "GMMA", "GMMA::DescriptorIterator"),
    "umma": ("UMMA::SmemDescriptor", "UMMA", "UMMA::DescriptorIterator"),
}


class SmemDescriptor:
    """A 64-bit shared-memory matrix descriptor of ``kind`` "gmma" or "umma"."""

    kind: str
    value: int

    def __init__(self, kind, value):
        _set = object.__setattr__  # frozen: assigned once, here
        _set(self, "kind", kind)
        _set(self, "value", value)
        self.__post_init__()

    def __repr__(self):
        return f"{self.__class__.__qualname__}(kind={self.kind!r}, value={self.value!r})"

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.kind, self.value) == (other.kind, other.value)
        return NotImplemented

    def __hash__(self):
        return hash((self.kind, self.value))

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}")

    def __post_init__(self):
        if self.kind not in FIELDS:
            raise CuteDumpError(f"unknown descriptor kind {self.kind!r}: expected gmma or umma")
        if not 0 <= int(self.value) < 1 << 64:
            raise CuteDumpError(f"a descriptor is 64 bits; {self.value:#x} does not fit")

    @classmethod
    def from_fields(cls, kind: str, **fields) -> SmemDescriptor:
        v = 0
        for name, lo, width in FIELDS[kind]:
            v |= (int(fields.get(name, 0)) & ((1 << width) - 1)) << lo
        return cls(kind, v)

    def field(self, name: str) -> int:
        for n, lo, width in FIELDS[self.kind]:
            if n == name:
                return (self.value >> lo) & ((1 << width) - 1)
        raise CuteDumpError(f"{NAMES[self.kind][0]} has no field {name!r}")

    def fields(self) -> dict:
        return {n: (self.value >> lo) & ((1 << w) - 1) for n, lo, w in FIELDS[self.kind]}

    @property
    def layout_type_name(self) -> str:
        return LAYOUT_TYPES[self.kind].get(self.field("layout_type"), "(invalid)")

    def __add__(self, offset: int) -> SmemDescriptor:
        """``DescriptorIterator + offset``: the low 32 bits plus uint32_t(offset), modulo 2^32."""
        lo = ((self.value & 0xFFFFFFFF) + (int(offset) & 0xFFFFFFFF)) & 0xFFFFFFFF
        return SmemDescriptor(self.kind, (self.value & ~0xFFFFFFFF) | lo)

    def hex(self) -> str:
        return f"0x{self.value:016x}"

    def cute_print(self) -> str:
        """``print(GmmaDescriptor)`` exactly; UMMA::SmemDescriptor has no CuTe printer: the same form, its fields."""
        f = self.fields()
        if self.kind == "gmma":
            return (
                f"GmmaDescriptor: 0x{self.value:016x}\n"
                f"  start_addr :  0x{f['start_address']:04x}\n"
                f"  leading_off:  0x{f['leading_byte_offset']:04x} ({f['leading_byte_offset']})\n"
                f"  stride_off :  0x{f['stride_byte_offset']:04x} ({f['stride_byte_offset']})\n"
                f"  base_offset:  0x{f['base_offset']:01x}\n"
                f"  layout_type:  0x{f['layout_type']:01x} ({self.layout_type_name})\n"
            )
        return (
            f"UMMA::SmemDescriptor: 0x{self.value:016x}\n"
            f"  start_addr :  0x{f['start_address']:04x}\n"
            f"  leading_off:  0x{f['leading_byte_offset']:04x} ({f['leading_byte_offset']})\n"
            f"  stride_off :  0x{f['stride_byte_offset']:04x} ({f['stride_byte_offset']})\n"
            f"  version    :  0x{f['version']:01x}\n"
            f"  base_offset:  0x{f['base_offset']:01x}\n"
            f"  lbo_mode   :  0x{f['lbo_mode']:01x}\n"
            f"  layout_type:  0x{f['layout_type']:01x} ({self.layout_type_name})\n"
        )

    def to_json(self) -> dict:
        return {"kind": self.kind, "value": self.hex(), **self.fields(), "layout_type_name": self.layout_type_name}


def reserved_mask(kind: str) -> int:
    """The bits of a descriptor no field of :data:`FIELDS` holds (the unions' unnamed bitfields: reserved, zero)."""
    used = 0
    for _n, lo, width in FIELDS[kind]:
        used |= ((1 << width) - 1) << lo
    return ~used & ((1 << 64) - 1)


#: the version field an SM100 UMMA::SmemDescriptor must hold (tcgen05 shared memory descriptor: bits 46-48 are the
#: fixed constant 0b001; CuTe's make_umma_desc sets version_ = 1)
UMMA_VERSION = 1


def check_descriptor(d: SmemDescriptor) -> SmemDescriptor:
    """Refuse what the hardware refuses alike for GMMA and UMMA descriptors (as idesc does for instruction
    descriptors): set reserved bits, and an SM100 descriptor whose version is not 1."""
    name = NAMES[d.kind][0]
    bad = d.value & reserved_mask(d.kind)
    if bad:
        bits = [i for i in range(64) if bad >> i & 1]
        runs, start = [], bits[0]
        for a, b in zip(bits, bits[1:] + [None]):
            if b != a + 1:
                runs.append(f"{start}" if start == a else f"{start}-{a}")
                start = b
        raise CuteDumpError(
            f"{d.hex()} sets reserved bits (bit{'s' if len(bits) > 1 else ''} {', '.join(runs)}, "
            f"mask 0x{bad:016x}) of {name}"
        )
    if d.kind == "umma" and d.field("version") != UMMA_VERSION:
        raise CuteDumpError(
            f"{d.hex()} has version {d.field('version')}: a {name} (SM100 tcgen05) has version "
            f"{UMMA_VERSION} in bits 46-47 (a version-0 descriptor is an SM90 GmmaDescriptor: "
            "use --kind gmma)"
        )
    return d


def parse_descriptor(text: str, kind: str = "gmma") -> SmemDescriptor:
    t = str(text).strip().lower().replace("_", "").replace("'", "")
    try:
        v = int(t, 0)
    except ValueError:
        raise CuteDumpError(f"expected a 64-bit descriptor like 0x4000004000010000, got {text!r}") from None
    return check_descriptor(SmemDescriptor(kind, v))


# ------------------------------------------------------------------ the smem operand


class SmemOperand:
    """What ``make_tensor(make_smem_ptr<T>(addr), layout)`` is: the byte swizzle of the pointer, T's width, the
    layout (in T elements) and the byte address of element 0 (None: unset, as on the host)."""

    swizzle: Swizzle
    bits: int
    layout: Layout
    address: int | None = None

    def __init__(self, swizzle, bits, layout, address=None):
        self.swizzle = swizzle
        self.bits = bits
        self.layout = layout
        self.address = address

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(swizzle={self.swizzle!r}, bits={self.bits!r}, "
            f"layout={self.layout!r}, address={self.address!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.swizzle, self.bits, self.layout, self.address) == (
                other.swizzle,
                other.bits,
                other.layout,
                other.address,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable


def smem_operand(smem, type_name: str, address: int | None = None) -> SmemOperand:
    """The smem tensor CuTe makes from ``smem`` (a ``Sw o smem_ptr[Bb](unset) o L`` layout or a plain layout)
    and a pointer to ``type_name``."""
    bits = value_type_bits(type_name)
    if isinstance(smem, ComposedLayout):
        if not isinstance(smem.offset, SmemPtrFlag):
            raise CuteDumpError(
                f"{smem} is a swizzle on element offsets; an smem descriptor needs the swizzle on the "
                "pointer: the smem_ptr form Sw<B,M,S> o smem_ptr[Nb](unset) o L (GMMA::Layout_*_Atom, "
                "tile_to_shape of one)"
            )
        if not isinstance(smem.a, Swizzle) or not isinstance(smem.b, Layout):
            raise CuteDumpError(f"{smem}: expected Sw<B,M,S> o smem_ptr[Nb](unset) o shape:stride")
        if smem.offset.bits != bits:
            raise CuteDumpError(
                f"Expected a B-bit pointer type. (make_tensor: the layout is for "
                f"{smem.offset.bits}-bit elements, {canonical_type(type_name)} has {bits} bits)"
            )
        from cutedump.algebra.swizzle import warn_misaligned  # start-up: on demand

        warn_misaligned(smem.a, address)
        return SmemOperand(smem.a, bits, smem.b, address)
    if isinstance(smem, Layout):
        return SmemOperand(Swizzle(0, 4, 3), bits, smem, address)
    raise CuteDumpError(f"expected an smem layout, got {smem}")


def _u128(layout: Layout, bits: int) -> Layout:
    """recast<uint128_t const>(tensor).layout(): upcast<128/bits>."""
    if bits >= 128:
        if bits > 128:
            raise CuteDumpError(f"recast<uint128_t> of {bits}-bit elements is not supported")
        return layout
    return upcast(layout, 128 // bits)


def _static_u32(x, what: str) -> int:
    if not is_static(x):
        raise CuteDumpError(
            f"{what} is the dynamic stride {fmt(x)}: make_*_desc reads the canonical strides as "
            "constexpr (a static layout is needed)"
        )
    return int(x) & 0xFFFFFFFF


class DescMatch:
    """How a layout matched the canonical form (for the explanation), and the descriptor."""

    kind: str
    major: str
    desc: SmemDescriptor
    layout_type: str
    w: int
    u128: Layout  # layout(recast<uint128_t>(tensor))
    canonical: Layout  # logical_divide(u128, tile)
    tile: str  # the logical_divide tile, CuTe syntax
    form: str  # the canonical form matched (in uint128_t units)
    lbo: int
    sbo: int
    lbo_used: bool  # False: LBO is ignored by the hardware (swizzled K-major: assumed 1)
    notes: list

    def __init__(self, kind, major, desc, layout_type, w, u128, canonical, tile, form, lbo, sbo, lbo_used, notes=None):
        self.kind = kind
        self.major = major
        self.desc = desc
        self.layout_type = layout_type
        self.w = w
        self.u128 = u128
        self.canonical = canonical
        self.tile = tile
        self.form = form
        self.lbo = lbo
        self.sbo = sbo
        self.lbo_used = lbo_used
        self.notes = list() if notes is None else notes

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(kind={self.kind!r}, major={self.major!r}, desc={self.desc!r}, "
            f"layout_type={self.layout_type!r}, w={self.w!r}, u128={self.u128!r}, "
            f"canonical={self.canonical!r}, tile={self.tile!r}, form={self.form!r}, lbo={self.lbo!r}, "
            f"sbo={self.sbo!r}, lbo_used={self.lbo_used!r}, notes={self.notes!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.kind,
                self.major,
                self.desc,
                self.layout_type,
                self.w,
                self.u128,
                self.canonical,
                self.tile,
                self.form,
                self.lbo,
                self.sbo,
                self.lbo_used,
                self.notes,
            ) == (
                other.kind,
                other.major,
                other.desc,
                other.layout_type,
                other.w,
                other.u128,
                other.canonical,
                other.tile,
                other.form,
                other.lbo,
                other.sbo,
                other.lbo_used,
                other.notes,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable


def layout_type_of(kind: str, sw: Swizzle) -> int:
    """UMMA/GMMA ``layout_type(u128_tensor)``: the descriptor's layout type from the pointer's swizzle."""
    b, m, s = sw.b, sw.m, sw.s
    if kind == "gmma":
        if m != 4:
            raise CuteDumpError(f"Unsupported layout swizzle (GMMA needs Swizzle<B,4,3>, got {sw})")
        if not 0 <= b <= 3:
            raise CuteDumpError(f"Unsupported layout swizzle (GMMA needs Swizzle<B,4,3>, got {sw})")
        if s != 3:
            raise CuteDumpError(f"Unsupported layout swizzle (GMMA needs Swizzle<B,4,3>, got {sw})")
        return {0: 0, 1: 3, 2: 2, 3: 1}[b]
    if m == 4:
        if s != 3:
            raise CuteDumpError("Expected S = 3 when M == 4. Unsupported layout swizzle.")
        if not 0 <= b <= 3:
            raise CuteDumpError("Expected B = 0,1,2, or 3 when M == 4. Unsupported layout swizzle.")
        return {0: 0, 1: 6, 2: 4, 3: 2}[b]
    if m == 5:
        if b != 2:
            raise CuteDumpError("Expected B = 2 when M == 5. Unsupported layout swizzle.")
        if s != 2:
            raise CuteDumpError("Expected S = 2 when M == 5. Unsupported layout swizzle.")
        return 1
    raise CuteDumpError("Only 16B and 32B Atoms are supported for UMMA. Unsupported layout swizzle.")


def make_desc(kind: str, major: str, op: SmemOperand) -> DescMatch:
    """``make_gmma_desc<Major>(tensor)`` (kind "gmma") / ``make_umma_desc<Major>(tensor)`` (kind "umma")."""
    kind = kind.lower()
    major = major.split("::")[-1]
    if major not in ("K", "MN"):
        raise CuteDumpError(f"unknown major {major!r}: expected K or MN")
    G = "GMMA" if kind == "gmma" else "UMMA"
    if int(rank(op.layout)) != 2:
        raise CuteDumpError(f"{G} Descriptors can only be constructed on rank-2 tensors. (got {op.layout})")
    u = _u128(op.layout, op.bits)
    lt = layout_type_of(kind, op.swizzle)
    lt_name = LAYOUT_TYPES[kind][lt]
    _, W, katom = SWIZZLES[(kind, lt)]
    none = lt == 0
    start = 0
    notes = []
    if op.address is not None:
        start = (int(op.swizzle(int(op.address))) >> 4) & 0x3FFF
    if major == "MN":
        s1 = int(size(get(u, 1)))
        if kind == "gmma":
            ok = {256 // op.bits, 128 // op.bits, 512 // op.bits}
            if s1 not in ok:
                raise CuteDumpError(
                    "Not a canonical GMMA_MN Layout: Expected K-size 256/sizeof_bits<T> for dense or "
                    "(128|512)/sizeof_bits<T> for sparse."
                )
        tile = f"({W}:_1,{katom}:_1)"
        canon = logical_divide(u, (Layout(C(W), C(1)), Layout(C(katom), C(1))))
        if not congruent(canon.shape, ((C(1), C(1)), (C(1), C(1)))):
            raise CuteDumpError(
                f"Not a canonical {G}_MN Layout: Expected profile failure. "
                f"(logical_divide(u128 layout {u}, {tile}) = {canon})"
            )
        st = canon.stride
        s00 = _static_u32(st[0][0], "stride<0,0>")
        s10 = _static_u32(st[1][0], "stride<1,0>")
        if not none and s00 != 1:
            raise CuteDumpError(
                f"Not a canonical {G}_MN Layout: Expected stride failure. (stride<0,0> of {canon} is {s00}, expected 1)"
            )
        if s10 != W:
            raise CuteDumpError(
                f"Not a canonical {G}_MN Layout: Expected stride failure. "
                f"(stride<1,0> of {canon} is {s10}, expected {W})"
            )
        s01 = _static_u32(st[0][1], "stride<0,1>")
        s11 = _static_u32(st[1][1], "stride<1,1>")
        sbo, lbo = (s01, s11) if none else (s11, s01)
        form = "((1,n),(8,k)):((X,SBO),(1,LBO))" if none else f"(({W},n),({katom},k)):((1,LBO),({W},SBO))"
        lbo_used = True
    else:
        if kind == "umma" and lt == 1:
            raise CuteDumpError("SWIZZLE_128B_BASE32B is invalid for Major-K")
        if int(size(get(u, 0))) % 8:
            raise CuteDumpError(f"Not a canonical {G}_K Layout: Expected MN-size multiple of 8.")
        if kind == "gmma" and int(size(get(u, 1))) not in (2, 4):
            raise CuteDumpError(
                "Not a canonical GMMA_K Layout: Expected K-size 2 for dense or 4 for sparse (in units of uint128_t)."
            )
        tile = "(_8:_1,_2:_1)"
        canon = logical_divide(u, (Layout(C(8), C(1)), Layout(C(2), C(1))))
        if not congruent(canon.shape, ((C(1), C(1)), (C(1), C(1)))):
            raise CuteDumpError(
                f"Not a canonical {G}_K Layout: Expected profile failure. "
                f"(logical_divide(u128 layout {u}, {tile}) = {canon})"
            )
        st = canon.stride
        s00 = _static_u32(st[0][0], "stride<0,0>")
        s10 = _static_u32(st[1][0], "stride<1,0>")
        if s00 != W:
            raise CuteDumpError(
                f"Not a canonical {G}_K Layout: Expected stride failure. "
                f"(stride<0,0> of {canon} is {s00}, expected {W})"
            )
        if not none and s10 != 1:
            raise CuteDumpError(
                f"Not a canonical {G}_K Layout: Expected stride failure. (stride<1,0> of {canon} is {s10}, expected 1)"
            )
        sbo = _static_u32(st[0][1], "stride<0,1>")
        lbo = s10
        form = "((8,n),2):((1,SBO),LBO)" if none else f"((8,n),2):(({W},SBO),1)"
        lbo_used = none
    fields = dict(start_address=start, leading_byte_offset=lbo, stride_byte_offset=sbo, base_offset=0, layout_type=lt)
    if kind == "umma":
        fields.update(version=1, lbo_mode=0)
    if lbo > 0x3FFF or sbo > 0x3FFF:
        notes.append("truncated")
    desc = SmemDescriptor.from_fields(kind, **fields)
    return DescMatch(kind, major, desc, lt_name, W, u, canon, tile, form, lbo, sbo, lbo_used, notes)


# ------------------------------------------------------------------ descriptor tensors (partition_fragment_A/B)


class DescFragment:
    kind: str
    operand: str
    layout: Layout  # the fragment's layout (uint128_t units, mode 0 replaced by _1:_0)
    partition: Layout  # partition_A/B(smem tensor) layout, elements
    offset: int  # the partition's element offset
    match: DescMatch  # make_*_desc of tensor<0>(partition)
    descriptors: list  # SmemDescriptor of every element, in the fragment's index order

    def __init__(self, kind, operand, layout, partition, offset, match, descriptors):
        self.kind = kind
        self.operand = operand
        self.layout = layout
        self.partition = partition
        self.offset = offset
        self.match = match
        self.descriptors = descriptors

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(kind={self.kind!r}, operand={self.operand!r}, "
            f"layout={self.layout!r}, partition={self.partition!r}, offset={self.offset!r}, "
            f"match={self.match!r}, descriptors={self.descriptors!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.kind,
                self.operand,
                self.layout,
                self.partition,
                self.offset,
                self.match,
                self.descriptors,
            ) == (
                other.kind,
                other.operand,
                other.layout,
                other.partition,
                other.offset,
                other.match,
                other.descriptors,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    def cute_print(self) -> str:
        return f"{NAMES[self.kind][2]} o {self.layout}"

    @property
    def first(self) -> SmemDescriptor:
        """``frg(0)``: the k-block-0 descriptor, also of an empty fragment (a tile of 0 stages: CuTe still reads
        ``*(iterator + layout(0))``, the descriptor of the partition's first element)."""
        return self.descriptors[0] if self.descriptors else self.match.desc


def mma_majors(tiled) -> tuple[str, str]:
    """(major A, major B) of a GMMA atom: its <K,MN> template arguments, K-major by default (TN atoms)."""
    name = tiled.atom.traits.name
    if "<" in name:
        inner = name[name.index("<") + 1 : name.rindex(">")]
        parts = [p.strip().split("::")[-1] for p in inner.split(",")]
        if len(parts) == 2 and all(p in ("K", "MN") for p in parts):
            return parts[0], parts[1]
    return "K", "K"


def is_desc_operand(tiled, operand: str) -> bool:
    t = tiled.atom.traits
    return t.arch == "SM90 GMMA" and (operand == "B" or t.family.endswith(("_SS", "_SS_TN", "_SS_TN_SATURATE")))


def _umma_spec(tiled):
    return getattr(tiled.atom.traits, "spec", None) if tiled.atom.traits.arch == "SM100 UMMA" else None


def is_umma_desc_operand(tiled, operand: str) -> bool:
    """Whether operand A/B of a UMMA TiledMMA is read through a UMMA::SmemDescriptor (FrgType smem_desc: B always,
    A of the _SS forms; A of a _TS form lives in tensor memory)."""
    spec = _umma_spec(tiled)
    return spec is not None and (operand.upper() == "B" or spec.family.src == "SS")


def desc_fragment(
    tiled,
    thr_idx: int,
    operand: str,
    smem,
    address: int | None = None,
    kind: str | None = None,
    major: str | None = None,
    type_name: str | None = None,
) -> DescFragment:
    """``thr_mma.partition_fragment_A/B(sX)`` of an SS GMMA TiledMMA over an smem tensor: the descriptor tensor
    ``make_tensor(DescriptorIterator{make_gmma_desc<Major>(tensor<0>(part))}, replace<0>(recast<uint128_t>(part)
    .layout(), Layout<_1,_0>{}))`` where part = partition_A/B(sX). ``kind="umma"`` (with ``major`` and ``type_name``
    for atoms this module does not know) is ``MakeTensor<UMMA::smem_desc<Major>>`` of mma_traits_sm100.hpp, the same
    construction with make_umma_desc."""
    op_name = operand.upper()
    if op_name not in ("A", "B"):
        raise CuteDumpError(f"descriptors are made for operands A and B, not {operand!r}")
    spec = _umma_spec(tiled)
    if kind is None:
        kind = "umma" if spec is not None else "gmma"
    if kind == "gmma" and not is_desc_operand(tiled, op_name):
        raise CuteDumpError(
            f"operand {op_name} of {tiled.atom.traits.name} is read from registers, not through a "
            "shared-memory descriptor (only SS GMMA atoms, and B of RS atoms, use descriptors)"
        )
    if kind == "umma" and spec is not None:
        if not is_umma_desc_operand(tiled, op_name):
            raise CuteDumpError(
                f"operand A of {tiled.atom.traits.name} lives in tensor memory (a _TS UMMA), not "
                "behind a shared-memory descriptor"
            )
        if op_name == "A" and spec.family.sparse:
            # MakeTensor<UMMA::sparse_smem_desc<Major>>: the smem tensor must be a sparse_elem tensor
            raise CuteDumpError("Expected sparse value_type.")
        major = major or ("K" if (spec.a_major if op_name == "A" else spec.b_major) == 0 else "MN")
        type_name = type_name or spec.types[0 if op_name == "A" else 1]
    type_name = type_name or tiled.atom.traits.val_types[1 if op_name == "A" else 2]
    sop = smem_operand(smem, type_name, address)
    thr = tiled.get_slice(thr_idx)
    part, off = (thr.partition_A if op_name == "A" else thr.partition_B)(sop.layout)
    off = int(off)  # a run-time value when the thread index selects an atom along M/N (CuTe: ptr + offset)
    first = SmemOperand(
        sop.swizzle, sop.bits, get(part, 0), None if address is None else int(address) + off * sop.bits // 8
    )
    major = major or mma_majors(tiled)[0 if op_name == "A" else 1]
    match = make_desc(kind, major, first)
    frag = replace(_u128(part, sop.bits), 0, Layout(C(1), C(0)))
    n = int(size(frag))
    check_work(n, f"partition_fragment_{op_name} over {smem}", MAX_DESCRIPTORS, "descriptors")  # limits
    descs = [match.desc + int(frag(i)) for i in range(n)]
    return DescFragment(kind, op_name, frag, part, off, match, descs)


# ------------------------------------------------------------------ decoding: the layout a descriptor describes


def decode_layout(desc: SmemDescriptor, major: str, bits: int, mn: int = 64, k_bits: int = 256) -> ComposedLayout:
    """The canonical smem layout (``Sw o smem_ptr[Bb](unset) o L``, L in elements) that ``desc`` describes for one
    wgmma/UMMA instruction reading ``mn`` rows of M or N and ``k_bits`` bits of K (256: dense) -- the inverse of
    :func:`make_desc` (the forms of mma_sm90_desc.hpp's comment, strides in elements; start address not included)."""
    major = major.split("::")[-1]
    if major not in ("K", "MN"):
        raise CuteDumpError(f"unknown major {major!r}: expected K or MN")
    if bits <= 0 or 128 % bits:
        raise CuteDumpError(f"a {bits}-bit element type does not divide 16-byte rows")
    lt = desc.field("layout_type")
    if (desc.kind, lt) not in SWIZZLES:
        raise CuteDumpError(
            f"layout_type {lt} is not a valid {NAMES[desc.kind][0]} layout type "
            f"({', '.join(f'{k}={v}' for k, v in LAYOUT_TYPES[desc.kind].items())})"
        )
    (b, m, s), W, katom = SWIZZLES[(desc.kind, lt)]
    T = 128 // bits
    lbo, sbo = desc.field("leading_byte_offset") * T, desc.field("stride_byte_offset") * T
    none = lt == 0
    k = k_bits // bits
    if major == "K":
        if desc.kind == "umma" and lt == 1:
            raise CuteDumpError("SWIZZLE_128B_BASE32B is invalid for Major-K")
        if mn % 8:
            raise CuteDumpError(f"--mn {mn}: a K-major layout has MN in groups of 8 rows")
        if k % (2 * T):
            raise CuteDumpError(f"K = {k} elements is not whole 32-byte k-blocks")
        shape = ((C(8), C(mn // 8)), (C(T), C(k // T)))
        stride = ((C(W * T), C(sbo)), (C(1), C(lbo if none else T)))
    else:
        if mn % (T * W):
            raise CuteDumpError(
                f"--mn {mn}: an MN-major {LAYOUT_TYPES[desc.kind][lt]} layout has MN in groups of {T * W} elements"
            )
        if k % katom:
            raise CuteDumpError(f"K = {k} elements is not whole groups of {katom} rows")
        if none:
            shape = ((C(T), C(1), C(mn // T)), (C(8), C(k // 8)))
            stride = ((C(1), C(T), C(sbo)), (C(T), C(lbo)))
        else:
            shape = ((C(T), C(W), C(mn // (T * W))), (C(katom), C(k // katom)))
            stride = ((C(1), C(T), C(lbo)), (C(W * T), C(sbo)))
    return ComposedLayout(Swizzle(b, m, s), SmemPtrFlag(bits), Layout(shape, stride))


def parse_smem_layout(text: str):
    """An smem layout from text: ``Sw<B,M,S> o smem_ptr[Nb](unset) o L`` (CuTe's print of the atoms) or any
    expression of the eval language (``tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))``, a plain
    layout); the smem_ptr flag is kept (it says the swizzle is on byte addresses)."""
    from cutedump.expr import evaluate, match_smem_ptr_form  # start-up: the eval language only for text input

    m = match_smem_ptr_form(text)
    if m:
        b, mm, s, bits = (int(m.group(i)) for i in range(1, 5))
        inner = evaluate(m.group("rest"))
        if not isinstance(inner, Layout):
            raise CuteDumpError(f"expected shape:stride after smem_ptr[{bits}b](unset) o, got {inner}")
        return ComposedLayout(Swizzle(b, mm, s), SmemPtrFlag(bits), inner)
    obj = evaluate(text)
    if isinstance(obj, tuple) and is_int_tuple(obj):  # a bare shape (a tuple holding a layout is refused below)
        from cutedump.algebra import make_layout  # start-up: a bare shape only

        obj = make_layout(obj)
    if not isinstance(obj, (Layout, ComposedLayout)):
        raise CuteDumpError(f"expected an smem layout, got {text.strip()!r}")
    return obj
