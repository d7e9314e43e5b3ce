"""The UMMA instruction descriptor (tcgen05.mma's 32-bit ``idesc``), a value type: named fields, their bit
positions, the 32-bit encoding and its decoding (cute/arch/mma_sm100_desc.hpp).

Two layouts share the word: ``UMMA::InstrDescriptor`` (dense/sparse f16, tf32, i8, f8f6f4 kinds) and
``UMMA::InstrDescriptorBlockScaled`` (the mxf8f6f4 / mxf4 / nvf4 block-scaled kinds)::

    bit   InstrDescriptor                 InstrDescriptorBlockScaled
    0-1   sparse_id2                      sparse_id2
    2     sparse_flag                     sparse_flag
    3     saturate                        -
    4-5   c_format (F16, F32, S32)        b_sf_id
    7-9   a_format                        a_format
    10-12 b_format                        b_format
    13    a_negate                        a_negate
    14    b_negate                        b_negate
    15    a_major (K, MN)                 a_major
    16    b_major                         b_major
    17-22 n_dim = N >> 3                  n_dim = N >> 3
    23    -                               scale_format (UE4M3, UE8M0)
    24-28 m_dim = M >> 4                  m_dim = M >> 4
    29-30 (30-31: max_shift)              a_sf_id
    31                                    k_size

``make_instr_desc`` / ``make_instr_desc_block_scaled`` fill them from the atom's types, M, N and majors;
``make_runtime_instr_desc`` only shifts the same 32 bits into the upper half of a 64-bit word.
"""

from __future__ import annotations

from cutedump.errors import CuteDumpError

# (field, low bit, width) in declaration order
DENSE_FIELDS = (
    ("sparse_id2", 0, 2),
    ("sparse_flag", 2, 1),
    ("saturate", 3, 1),
    ("c_format", 4, 2),
    ("a_format", 7, 3),
    ("b_format", 10, 3),
    ("a_negate", 13, 1),
    ("b_negate", 14, 1),
    ("a_major", 15, 1),
    ("b_major", 16, 1),
    ("n_dim", 17, 6),
    ("m_dim", 24, 5),
    ("max_shift", 30, 2),
)
BLOCK_SCALED_FIELDS = (
    ("sparse_id2", 0, 2),
    ("sparse_flag", 2, 1),
    ("b_sf_id", 4, 2),
    ("a_format", 7, 3),
    ("b_format", 10, 3),
    ("a_negate", 13, 1),
    ("b_negate", 14, 1),
    ("a_major", 15, 1),
    ("b_major", 16, 1),
    ("n_dim", 17, 6),
    ("scale_format", 23, 1),
    ("m_dim", 24, 5),
    ("a_sf_id", 29, 2),
    ("k_size", 31, 1),
)

# enum values (UMMA::F16F32Format, S8Format, MXF8F6F4Format, MXF4Format, CFormat, ScaleFormat, MaxShift)
F16F32_FORMAT = {0: "F16", 1: "BF16", 2: "TF32"}
S8_FORMAT = {0: "UINT8", 1: "INT8"}
MXF8F6F4_FORMAT = {0: "E4M3", 1: "E5M2", 3: "E2M3", 4: "E3M2", 5: "E2M1", 7: "INVALID"}
MXF4_FORMAT = {1: "E2M1"}
C_FORMAT = {0: "F16", 1: "F32", 2: "S32"}
SCALE_FORMAT = {0: "UE4M3", 1: "UE8M0"}
MAX_SHIFT = {0: "NoShift", 1: "MaxShift8", 2: "MaxShift16", 3: "MaxShift32"}
MAJOR = {0: "K", 1: "MN"}

# UMMA::to_UMMAFormat<T>(): (enum family, value) by CuTe type name, in the header's order
UMMA_FORMAT = {
    "half_t": ("F16F32Format", 0),
    "bfloat16_t": ("F16F32Format", 1),
    "tfloat32_t": ("F16F32Format", 2),
    "uint8_t": ("S8Format", 0),
    "int8_t": ("S8Format", 1),
    "type_erased_dynamic_float8_t": ("MXF8F6F4Format", 7),
    "type_erased_dynamic_float6_t": ("MXF8F6F4Format", 7),
    "type_erased_dynamic_float4_t": ("MXF8F6F4Format", 7),
    "float_e4m3_t": ("MXF8F6F4Format", 0),
    "float_e5m2_t": ("MXF8F6F4Format", 1),
    "float_e2m3_t": ("MXF8F6F4Format", 3),
    "float_e3m2_t": ("MXF8F6F4Format", 4),
    "float_e2m1_t": ("MXF4Format", 1),
}
C_FORMAT_OF = {"half_t": 0, "float": 1, "int32_t": 2}
SCALE_FORMAT_OF = {"float_ue4m3_t": 0, "float_ue8m0_t": 1}
FORMAT_NAMES = {
    "F16F32Format": F16F32_FORMAT,
    "S8Format": S8_FORMAT,
    "MXF8F6F4Format": MXF8F6F4_FORMAT,
    "MXF4Format": MXF4_FORMAT,
}


def umma_format(t: str) -> tuple[str, int]:
    """UMMA::to_UMMAFormat<T>(): (enum name, value); CuTe's static_assert wording for other types."""
    if t not in UMMA_FORMAT:
        raise CuteDumpError(f"Unknown type for UMMAFormat ({t}): static_assert in UMMA::to_UMMAFormat")
    return UMMA_FORMAT[t]


def c_format(t: str) -> int:
    if t not in C_FORMAT_OF:
        raise CuteDumpError(f"Unknown type for CFormat ({t}): static_assert in UMMA::to_CFormat")
    return C_FORMAT_OF[t]


def scale_format(t: str) -> int:
    if t not in SCALE_FORMAT_OF:
        raise CuteDumpError(f"Unknown type for ScaleFormat ({t}): static_assert in UMMA::to_ScaleFormat")
    return SCALE_FORMAT_OF[t]


def _bits(fields_, value: int) -> dict:
    return {name: (value >> lo) & ((1 << w) - 1) for name, lo, w in fields_}


def _pack(fields_, vals: dict) -> int:
    out = 0
    for name, lo, w in fields_:
        v = int(vals.get(name, 0))
        out |= (v & ((1 << w) - 1)) << lo  # bit-field assignment truncates like C++ does
    return out


class InstrDescriptor:
    """UMMA::InstrDescriptor (``block_scaled=False``) or UMMA::InstrDescriptorBlockScaled (``True``)."""

    block_scaled: bool = False
    sparse_id2: int = 0
    sparse_flag: int = 0
    saturate: int = 0
    c_format: int = 0
    a_format: int = 0
    b_format: int = 0
    a_negate: int = 0
    b_negate: int = 0
    a_major: int = 0
    b_major: int = 0
    n_dim: int = 0
    m_dim: int = 0
    max_shift: int = 0
    b_sf_id: int = 0
    scale_format: int = 0
    a_sf_id: int = 0
    k_size: int = 0
    a_format_enum: str = ""  # which enum names a_format (F16F32Format, S8Format, MXF8F6F4Format, MXF4Format)
    b_format_enum: str = ""  # ... and b_format ("" : unknown, every enum's name for the value is shown)

    def __init__(
        self,
        block_scaled=False,
        sparse_id2=0,
        sparse_flag=0,
        saturate=0,
        c_format=0,
        a_format=0,
        b_format=0,
        a_negate=0,
        b_negate=0,
        a_major=0,
        b_major=0,
        n_dim=0,
        m_dim=0,
        max_shift=0,
        b_sf_id=0,
        scale_format=0,
        a_sf_id=0,
        k_size=0,
        a_format_enum="",
        b_format_enum="",
    ):
        _set = object.__setattr__  # frozen: assigned once, here
        _set(self, "block_scaled", block_scaled)
        _set(self, "sparse_id2", sparse_id2)
        _set(self, "sparse_flag", sparse_flag)
        _set(self, "saturate", saturate)
        _set(self, "c_format", c_format)
        _set(self, "a_format", a_format)
        _set(self, "b_format", b_format)
        _set(self, "a_negate", a_negate)
        _set(self, "b_negate", b_negate)
        _set(self, "a_major", a_major)
        _set(self, "b_major", b_major)
        _set(self, "n_dim", n_dim)
        _set(self, "m_dim", m_dim)
        _set(self, "max_shift", max_shift)
        _set(self, "b_sf_id", b_sf_id)
        _set(self, "scale_format", scale_format)
        _set(self, "a_sf_id", a_sf_id)
        _set(self, "k_size", k_size)
        _set(self, "a_format_enum", a_format_enum)
        _set(self, "b_format_enum", b_format_enum)

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(block_scaled={self.block_scaled!r}, "
            f"sparse_id2={self.sparse_id2!r}, sparse_flag={self.sparse_flag!r}, saturate={self.saturate!r}, "
            f"c_format={self.c_format!r}, a_format={self.a_format!r}, b_format={self.b_format!r}, "
            f"a_negate={self.a_negate!r}, b_negate={self.b_negate!r}, a_major={self.a_major!r}, "
            f"b_major={self.b_major!r}, n_dim={self.n_dim!r}, m_dim={self.m_dim!r}, "
            f"max_shift={self.max_shift!r}, b_sf_id={self.b_sf_id!r}, scale_format={self.scale_format!r}, "
            f"a_sf_id={self.a_sf_id!r}, k_size={self.k_size!r}, a_format_enum={self.a_format_enum!r}, "
            f"b_format_enum={self.b_format_enum!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.block_scaled,
                self.sparse_id2,
                self.sparse_flag,
                self.saturate,
                self.c_format,
                self.a_format,
                self.b_format,
                self.a_negate,
                self.b_negate,
                self.a_major,
                self.b_major,
                self.n_dim,
                self.m_dim,
                self.max_shift,
                self.b_sf_id,
                self.scale_format,
                self.a_sf_id,
                self.k_size,
                self.a_format_enum,
                self.b_format_enum,
            ) == (
                other.block_scaled,
                other.sparse_id2,
                other.sparse_flag,
                other.saturate,
                other.c_format,
                other.a_format,
                other.b_format,
                other.a_negate,
                other.b_negate,
                other.a_major,
                other.b_major,
                other.n_dim,
                other.m_dim,
                other.max_shift,
                other.b_sf_id,
                other.scale_format,
                other.a_sf_id,
                other.k_size,
                other.a_format_enum,
                other.b_format_enum,
            )
        return NotImplemented

    def __hash__(self):
        return hash(
            (
                self.block_scaled,
                self.sparse_id2,
                self.sparse_flag,
                self.saturate,
                self.c_format,
                self.a_format,
                self.b_format,
                self.a_negate,
                self.b_negate,
                self.a_major,
                self.b_major,
                self.n_dim,
                self.m_dim,
                self.max_shift,
                self.b_sf_id,
                self.scale_format,
                self.a_sf_id,
                self.k_size,
                self.a_format_enum,
                self.b_format_enum,
            )
        )

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}")

    @property
    def layout(self):
        return BLOCK_SCALED_FIELDS if self.block_scaled else DENSE_FIELDS

    @property
    def value(self) -> int:
        """The 32-bit word: uint32_t(desc)."""
        return _pack(self.layout, vars(self))

    def hex(self) -> str:
        return f"0x{self.value:08x}"

    def runtime(self) -> int:
        """UMMA::make_runtime_instr_desc(desc): the 64-bit idescE (the descriptor in the upper 32 bits)."""
        return self.value << 32

    @property
    def m(self) -> int:
        return self.m_dim << 4

    @property
    def n(self) -> int:
        return self.n_dim << 3

    def format_name(self, v: int, enum: str = "") -> str:
        names = FORMAT_NAMES.get(enum)
        if names is None:
            return "/".join(sorted({n[v] for n in FORMAT_NAMES.values() if v in n})) or "?"
        return names.get(v, "?")

    def explain(self) -> list[tuple[str, str, int, str]]:
        """(field, bits, value, meaning) for every field, low bit first."""
        rows = []
        for name, lo, w in self.layout:
            v = getattr(self, name)
            bits = f"[{lo},{lo + w})"
            if name in ("a_format", "b_format"):
                enum = self.a_format_enum if name == "a_format" else self.b_format_enum
                meaning = f"{enum}::{self.format_name(v, enum)}" if enum else self.format_name(v)
            elif name == "c_format":
                meaning = f"CFormat::{C_FORMAT.get(v, '?')}"
            elif name in ("a_major", "b_major"):
                meaning = f"UMMA::Major::{MAJOR[v]}"
            elif name in ("a_negate", "b_negate"):
                meaning = "UMMA::ScaleIn::" + ("Neg" if v else "One")
            elif name == "saturate":
                meaning = "UMMA::Saturate::" + ("True" if v else "False")
            elif name == "sparse_flag":
                meaning = "sparse" if v else "dense"
            elif name == "n_dim":
                meaning = f"N = {v} << 3 = {v << 3}"
            elif name == "m_dim":
                meaning = f"M = {v} << 4 = {v << 4}"
            elif name == "max_shift":
                meaning = f"UMMA::MaxShift::{MAX_SHIFT[v]}"
            elif name == "scale_format":
                meaning = f"ScaleFormat::{SCALE_FORMAT.get(v, '?')}"
            elif name == "k_size":
                meaning = "MMA-K " + ("dense K32 (f8f6f4) / K64 (f4)" if v == 0 else "dense K96 (f4)")
            else:
                meaning = str(v)
            rows.append((name, bits, v, meaning))
        return rows

    @property
    def type_name(self) -> str:
        return "UMMA::InstrDescriptorBlockScaled" if self.block_scaled else "UMMA::InstrDescriptor"

    def json(self) -> dict:
        return {
            "kind": "block_scaled" if self.block_scaled else "dense",
            "value": self.hex(),
            "fields": {name: v for name, _b, v, _m in self.explain()},
        }


def decode(value: int, block_scaled: bool = False, a_format_enum: str = "", b_format_enum: str = "") -> InstrDescriptor:
    """The descriptor of a 32-bit word (a 64-bit runtime idescE is accepted: its upper half is used)."""
    if value < 0 or value >= 1 << 64:
        raise CuteDumpError(f"an instruction descriptor is a 32-bit word (or a 64-bit idescE), got {value:#x}")
    if value >= 1 << 32:
        if value & 0xFFFFFFFF:
            raise CuteDumpError(
                f"{value:#018x} is not a runtime idescE: its lower 32 bits must be zero "
                "(make_runtime_instr_desc puts the descriptor in the upper half)"
            )
        value >>= 32
    vals = _bits(BLOCK_SCALED_FIELDS if block_scaled else DENSE_FIELDS, value)
    d = InstrDescriptor(block_scaled=block_scaled, a_format_enum=a_format_enum, b_format_enum=b_format_enum, **vals)
    if d.value != value:
        unused = value & ~d.value & 0xFFFFFFFF
        raise CuteDumpError(
            f"0x{value:08x} sets reserved bits (mask 0x{unused:08x}) of "
            f"{'UMMA::InstrDescriptorBlockScaled' if block_scaled else 'UMMA::InstrDescriptor'}"
        )
    return d


def make_instr_desc(
    a_type: str,
    b_type: str,
    c_type: str,
    M: int,
    N: int,
    a_major: int,
    b_major: int,
    a_neg: int = 0,
    b_neg: int = 0,
    c_sat: int = 0,
    is_sparse: bool = False,
    max_shift: int = 0,
) -> InstrDescriptor:
    """UMMA::make_instr_desc<a, b, c, M, N, a_major, b_major, a_neg, b_neg, c_sat, is_sparse, max_shift>()."""
    ea, va = umma_format(a_type)
    eb, vb = umma_format(b_type)
    return InstrDescriptor(
        False,
        sparse_id2=0,
        sparse_flag=int(is_sparse),
        saturate=c_sat,
        c_format=c_format(c_type),
        a_format=va,
        b_format=vb,
        a_negate=a_neg,
        b_negate=b_neg,
        a_major=a_major,
        b_major=b_major,
        n_dim=(N >> 3) & 0x3F,
        m_dim=(M >> 4) & 0x1F,
        max_shift=max_shift,
        a_format_enum=ea,
        b_format_enum=eb,
    )


def make_instr_desc_block_scaled(
    a_type: str,
    b_type: str,
    c_type: str,
    sf_type: str,
    M: int,
    N: int,
    a_major: int,
    b_major: int,
    a_neg: int = 0,
    b_neg: int = 0,
    is_sparse: bool = False,
) -> InstrDescriptor:
    """UMMA::make_instr_desc_block_scaled<a, b, c, sf, M, N, a_major, b_major, a_neg, b_neg, is_sparse>()."""
    ea, va = umma_format(a_type)
    eb, vb = umma_format(b_type)
    return InstrDescriptor(
        True,
        sparse_id2=0,
        sparse_flag=int(is_sparse),
        a_format=va,
        b_format=vb,
        scale_format=scale_format(sf_type),
        a_negate=a_neg,
        b_negate=b_neg,
        a_major=a_major,
        b_major=b_major,
        n_dim=(N >> 3) & 0x3F,
        m_dim=(M >> 4) & 0x1F,
        a_format_enum=ea,
        b_format_enum=eb,
    )
