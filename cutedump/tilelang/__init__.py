"""TileLang's bank-swizzled shared-memory layouts, recomputed in Python.

TileLang (``src/layout/gemm_layouts.cc``) builds its swizzled shared-memory layouts as index expressions:
``MakeFullBankSwizzleLayout2D`` (128-byte rows, 3-bit XOR), ``MakeHalfBankSwizzleLayout2D`` (64 B, 2-bit) and
``MakeQuarterBankSwizzleLayout2D`` (32 B, 1-bit). Here they are data (:class:`BankSwizzleLayout`) with
``forward``, ``output_shape`` (by evaluation over the whole domain), ``replicate_extent``, a bijectivity check and
the equivalent CuTe swizzle layout (built with the cutedump engine and checked at every coordinate).
"""

from cutedump.tilelang.swizzle import (  # noqa: F401
    KINDS,
    BankSwizzleLayout,
    make_bank_swizzle,
    make_full_bank_swizzle,
    make_half_bank_swizzle,
    make_quarter_bank_swizzle,
    select_gemm_ab_layout,
    xor2x2,
    xor4x4,
    xor8x8,
)
