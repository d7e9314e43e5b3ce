"""Value types as CuTe spells them, with their widths in bits (``sizeof_bits<T>::value``)."""

from __future__ import annotations

from cutedump.errors import CuteDumpError

# name -> bits.  Aliases (cutlass::half_t, cute::uint128_t, ...) are resolved by value_type_bits().
VALUE_TYPES = {
    "half_t": 16,
    "bfloat16_t": 16,
    "tfloat32_t": 32,
    "float": 32,
    "double": 64,
    "float_e4m3_t": 8,
    "float_e5m2_t": 8,
    "float_ue8m0_t": 8,
    "float_e2m3_t": 6,
    "float_e3m2_t": 6,
    "float_e2m1_t": 4,
    "float_ue4m3_t": 8,
    "type_erased_dynamic_float8_t": 8,
    "type_erased_dynamic_float6_t": 6,
    "type_erased_dynamic_float4_t": 4,
    "int8_t": 8,
    "uint8_t": 8,
    "int16_t": 16,
    "uint16_t": 16,
    "int32_t": 32,
    "uint32_t": 32,
    "int64_t": 64,
    "uint64_t": 64,
    "uint128_t": 128,
    "int4b_t": 4,
    "uint4b_t": 4,
    "uint4_t": 4,  # cute::uint4_t (the SM120 block-scaled atoms' ValTypeA/B)
    "int2b_t": 2,
    "uint2b_t": 2,
    "uint1b_t": 1,
    "bin1_t": 1,
    "complex<float>": 64,
    "complex<double>": 128,
    "complex<half_t>": 32,
    "complex<tfloat32_t>": 64,  # the interleaved complex TF32 UMMA atoms' A and B (CUTLASS 4.7)
    "GaussComplex": 128,
}

# common spellings users type -> CuTe name
ALIASES = {
    "half": "half_t",
    "fp16": "half_t",
    "f16": "half_t",
    "cutlass::half_t": "half_t",
    "bf16": "bfloat16_t",
    "bfloat16": "bfloat16_t",
    "tf32": "tfloat32_t",
    "tfloat32": "tfloat32_t",
    "f32": "float",
    "fp32": "float",
    "f64": "double",
    "fp64": "double",
    "e4m3": "float_e4m3_t",
    "e5m2": "float_e5m2_t",
    "s8": "int8_t",
    "u8": "uint8_t",
    "s32": "int32_t",
    "u32": "uint32_t",
    "u16": "uint16_t",
    "s16": "int16_t",
    "u64": "uint64_t",
    "u128": "uint128_t",
    "s4": "int4b_t",
    "u4": "uint4b_t",
    "b1": "uint1b_t",
}


def canonical_type(name: str) -> str:
    """CuTe's spelling of a value type name (namespaces dropped, common aliases resolved)."""
    n = " ".join(name.split())
    for ns in ("cutlass::", "cute::", "std::"):
        n = n.replace(ns, "")
    n = n.replace(" ", "")
    n = ALIASES.get(n, ALIASES.get(n.lower(), n))
    if n not in VALUE_TYPES:
        import difflib

        close = difflib.get_close_matches(n, list(VALUE_TYPES) + list(ALIASES), n=3, cutoff=0.5)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise CuteDumpError(f"unknown value type {name!r}{hint}")
    return n


def value_type_bits(name: str) -> int:
    """sizeof_bits of a value type, e.g. value_type_bits('half_t') == 16."""
    return VALUE_TYPES[canonical_type(name)]


def cpp_type(name: str) -> str:
    """How the type is spelled in a C++ program with ``using namespace cute;``."""
    n = canonical_type(name)
    return {
        "complex<half_t>": "cute::complex<cute::half_t>",
        "complex<float>": "cute::complex<float>",
        "complex<double>": "cute::complex<double>",
        "complex<tfloat32_t>": "cute::complex<cute::tfloat32_t>",
    }.get(n, n)
