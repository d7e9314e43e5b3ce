"""Unit tests of cutedump.atoms (no compiler needed): the values quoted in 001_def41a443f4b8bf4.txt and
000_89ace3aef4fd3051.txt, error handling, and the commands."""

from __future__ import annotations

import pytest

from cutedump.algebra import make_layout
from cutedump.atoms import (
    copy_atom,
    lookup_copy,
    lookup_mma,
    make_tiled_copy,
    make_tiled_copy_A,
    make_tiled_copy_C_atom,
    make_tiled_mma,
    value_type_bits,
)
from cutedump.errors import CuteDumpError


def sgemm():
    mma = make_tiled_mma("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2)", "(_32,_32,_16)")
    copy_a = make_tiled_copy(copy_atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "half_t"), "(_16,_8):(_8,_1)", "(_1,_8)")
    ld = copy_atom("SM75_U32x4_LDSM_N", "half_t")
    return mma, copy_a, ld, make_tiled_copy_A(ld, mma)


def sgemm_lines():
    """Our values for the SGEMM block of the oracle test (same order)."""
    mma, copy_a, ld, s2r = sgemm()
    from cutedump.algebra import fmt

    return [
        str(mma.get_thr_layout_vmnk()),
        str(mma.get_layoutA_TV()),
        str(mma.get_layoutB_TV()),
        str(mma.get_layoutC_TV()),
        str(copy_a.tiled_layout_tv),
        fmt(copy_a.tiler_mn),
        str(copy_a.get_layoutS_TV()),
        str(copy_a.get_layoutD_TV()),
        str(ld.val_layout_src),
        str(ld.val_layout_dst),
        str(ld.val_layout_ref),
        str(ld.src2ref()),
        str(ld.dst2ref()),
        str(s2r.tiled_layout_tv),
        fmt(s2r.tiler_mn),
    ]


def test_001_quoted_values():
    # the values quoted in ../shared/seeds/001_def41a443f4b8bf4.txt
    mma, copy_a, ld, s2r = sgemm()
    assert str(mma.get_thr_layout_vmnk()) == "(_32,_2,_2,_1):(_1,_32,_64,_0)"
    assert str(mma.get_layoutA_TV()) == "((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))"
    assert str(mma.get_layoutB_TV()) == "((_4,_8,_2,_2),((_2,_2),(_2,_1))):((_64,_1,_0,_8),((_32,_256),(_16,_0)))"
    assert str(mma.get_layoutC_TV()) == "((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_32,_8),(_0,_512)))"
    assert [str(x) for x in mma.tile_shape()] == ["_32", "_32", "_16"]
    assert str(copy_a.tiled_layout_tv) == "((_8,_16),_8):((_128,_1),_16)"
    assert "Tiler_MN:       (_16,_64)\n" in copy_a.print_str()
    assert str(copy_a.get_layoutS_TV()) == "((_8,_16),(_8,_1)):((_128,_1),(_16,_0))"
    assert str(copy_a.get_layoutD_TV()) == "((_8,_16),(_8,_1)):((_128,_1),(_16,_0))"
    assert str(ld.val_layout_src) == "(_32,_8):(_8,_1)"
    assert str(ld.val_layout_dst) == "(_32,(_2,_4)):(_2,(_1,_64))"
    assert str(ld.val_layout_ref) == "(_32,(_2,_4)):(_2,(_1,_64))"
    assert str(ld.src2ref()) == "((_8,_4),(_2,_4)):((_4,_64),(_32,_1))"
    assert str(ld.dst2ref()) == "(_32,(_2,_4)):(_1,(_32,_64))"
    assert str(s2r.tiled_layout_tv) == str(mma.get_layoutA_TV())
    assert "Tiler_MN:       (_32,_16)\n" in s2r.print_str()
    assert "ValueType:    16b\n" in ld.print_str()
    # partition_S of gA (128x64, K-major) for thread 0: ((_8,_1),8,1) fragments (FrgV=8, FrgX=1, RestM=8)
    lay, off = copy_a.get_slice(0).partition_S(make_layout((128, 64), (64, 1)))
    assert str(lay.shape).replace(" ", "") == "((_8,_1),8,1)"


def test_000_configuration_block():
    mma = make_tiled_mma("SM80_16x8x16_F16F16F16F16_TN", None, "(_16,_8,_16)")
    assert mma.print_str() == (
        "TiledMMA\n  ThrLayoutVMNK:  (_32,_1,_1,_1):(_1,_0,_0,_0)\n  PermutationMNK: (_16,_8,_16)\n"
        "MMA_Atom\n  ThrID:      _32:_1\n  Shape_MNK:  (_16,_8,_16)\n"
        "  LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))\n"
        "  LayoutB_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))\n"
        "  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))\n"
    )
    assert str(mma.get_layoutC_TV()) == "((_4,_8),((_2,_2),(_1,_1))):((_32,_1),((_16,_8),(_0,_0)))"
    tc = make_tiled_copy_C_atom(copy_atom("UniversalCopy<half_t>", "half_t"), mma)
    assert str(tc.tiled_layout_tv).startswith("((_4,_8),")


def test_catalog_sizes_and_types():
    from cutedump.atoms import catalog_copy, catalog_mma

    assert len(catalog_mma()) > 1100
    assert len(catalog_copy()) >= 20
    assert value_type_bits("half_t") == 16 and value_type_bits("cutlass::float_e4m3_t") == 8
    assert value_type_bits("uint128_t") == 128
    t = lookup_mma("SM90_64x256x16_F32BF16BF16_RS<K,MN>")
    assert t.val_types == ("float", "bfloat16_t", "bfloat16_t", "float")
    assert lookup_copy("DefaultCopy").thr_id == "_1:_0"


@pytest.mark.parametrize(
    "bad, msg",
    [
        ("SM80_16x8x16_F16F16F16F16_NT", "did you mean SM80_16x8x16_F16F16F16F16_TN"),
        ("SM90_64x64x16_F16F16F16_RS<MN,K>", "K-major"),
        ("SM90_64x64x32_S32S8S8_SS_TN<K,K>", "no major"),
    ],
)
def test_bad_mma_names(bad, msg):
    with pytest.raises(CuteDumpError, match=msg):
        lookup_mma(bad)


def test_bad_copy_and_tilings():
    with pytest.raises(CuteDumpError, match="did you mean SM75_U32x4_LDSM_N"):
        lookup_copy("SM75_U32x4_LDSM")
    with pytest.raises(CuteDumpError, match="not valid for Dst"):
        copy_atom("SM75_U32x4_LDSM_N", "double")
    with pytest.raises(CuteDumpError, match="do not tile"):
        make_tiled_copy(copy_atom("UniversalCopy<half_t>", "half_t"), "(_4,_4):(_1,_2)", "(_1,_1)")
    with pytest.raises(CuteDumpError, match="not a bijection"):
        make_tiled_copy(copy_atom("UniversalCopy<half_t>", "half_t"), "(_4,_4):(_1,_8)", "(_1,_1)", check=True)
    with pytest.raises(CuteDumpError, match="too few vals"):
        make_tiled_copy(copy_atom("UniversalCopy<uint128_t>", "half_t"), "(_4,_4)", "(_1,_4)")
    with pytest.raises(CuteDumpError, match="static"):
        make_tiled_mma("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2)", "(32,_32,_16)")


def test_cute_42_gmma_struct_names_are_the_aliases_atoms():
    """CuTe 4.2 declares struct SM90::GMMA::MMA_64x64x16_F16F16F16_SS; SM90_64x64x16_F16F16F16_SS is its alias
    (mma_traits_sm90_gmma.hpp): both spellings name one atom, with or without cute::."""
    from cutedump.atoms.mma_catalog import lookup_mma

    a = lookup_mma("SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>")
    for spelling in (
        "SM90::GMMA::MMA_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>",
        "cute::SM90::GMMA::MMA_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>",
    ):
        b = lookup_mma(spelling)
        assert b == a
