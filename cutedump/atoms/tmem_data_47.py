"""Copy_Traits of the TMEM copy operations CUTLASS 4.7 adds (cute/arch/copy_sm100.hpp, cute/atom/copy_traits_sm100.hpp
of v4.7.0): the SM100_TMEM_LOAD_STAT_* loads (tcgen05.ld.red ... .max.f32: the 32dp32b loads that also reduce the
row maximum into the traits' ``row_max``), in the form of tmem_data.TMEM_COPY_TRAITS: name -> (ThrID, ValID,
SrcLayout, DstLayout, RefLayout), layouts in bits, as real CuTe 4.7 prints them (checked by
tests/test_cutlass47_atoms.py against its record). Which CUTLASS has them: versions.CUTLASS_ONLY.
"""

TMEM_COPY_TRAITS_47 = {
    "SM100_TMEM_LOAD_STAT_32dp32b32x": (
        "_32:_1",
        "(_1024,_32):(_1,_2097152)",
        "(_32,_32768):(_0,_1)",
        "(_32,_1024):(_1024,_1)",
        "(_32,_32768):(_0,_1)",
    ),
    "SM100_TMEM_LOAD_STAT_32dp32b128x": (
        "_32:_1",
        "(_4096,_32):(_1,_2097152)",
        "(_32,_131072):(_0,_1)",
        "(_32,_4096):(_4096,_1)",
        "(_32,_131072):(_0,_1)",
    ),
}
