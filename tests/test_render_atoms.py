"""Integration: pictures of MMA / TiledMMA / TiledCopy objects built by cutedump.atoms (engine algebra) compared
with real CuTe's print_latex / print_svg, byte for byte."""

from __future__ import annotations

import pytest

from tests.oracle.cute import run_cases, unavailable_reason

pytestmark = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

atoms_mma = pytest.importorskip("cutedump.atoms.mma")
atoms_copy = pytest.importorskip("cutedump.atoms.copy")

from cutedump.render import latex, svg  # noqa: E402

MMAS = [  # (python builder args, C++ expression)
    (("SM80_16x8x8_F16F16F16F16_TN", None, None), "make_tiled_mma(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>{})"),
    (
        ("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2)", None),
        "make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>{}, Layout<Shape<_2,_2>>{})",
    ),
    (
        ("SM80_16x8x8_F16F16F16F16_TN", "(_2,_1)", "(_32,_16,_8)"),
        "make_tiled_mma(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>{}, Layout<Shape<_2,_1>>{}, Tile<_32,_16,_8>{})",
    ),
    (
        ("SM70_8x8x4_F16F16F16F16_TN", "(_2,_2)", None),
        "make_tiled_mma(MMA_Atom<SM70_8x8x4_F16F16F16F16_TN>{}, Layout<Shape<_2,_2>>{})",
    ),
    (("SM80_8x8x4_F64F64F64F64_TN", None, None), "make_tiled_mma(MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>{})"),
    (("SM61_DP4A", "(_2,_4)", None), "make_tiled_mma(MMA_Atom<SM61_DP4A>{}, Layout<Shape<_2,_4>>{})"),
    (
        ("SM90_64x8x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>", "(_2,_1)", None),
        "make_tiled_mma(MMA_Atom<SM90_64x8x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>>{}, Layout<Shape<_2,_1>>{})",
    ),
    (
        ("SM90_64x16x16_F32F16F16_RS<GMMA::Major::K,GMMA::Major::K>", None, None),
        "make_tiled_mma(MMA_Atom<SM90_64x16x16_F32F16F16_RS<GMMA::Major::K,GMMA::Major::K>>{})",
    ),
]
COPIES = [  # (builder, C++ expression)
    (
        lambda: atoms_copy.make_tiled_copy("UniversalCopy<uint32_t>", "(_4,_2)", "(_1,_2)", value_type="float"),
        "make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_4,_2>>{}, Layout<Shape<_1,_2>>{})",
    ),
    (
        lambda: atoms_copy.make_tiled_copy("SM75_U32x4_LDSM_N", "(_32,_1)", "(_1,_8)", value_type="half_t"),
        "make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, Layout<Shape<_32,_1>>{}, Layout<Shape<_1,_8>>{})",
    ),
    (
        lambda: atoms_copy.make_tiled_copy_A(
            "SM75_U32x4_LDSM_N", atoms_mma.make_tiled_mma("SM80_16x8x16_F16F16F16F16_TN"), value_type="half_t"
        ),
        "make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>{}))",
    ),
    (
        lambda: atoms_copy.make_tiled_copy_C_atom(
            "UniversalCopy<uint32_t>",
            atoms_mma.make_tiled_mma("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2)"),
            value_type="half_t",
        ),
        "make_tiled_copy_C_atom(Copy_Atom<UniversalCopy<uint32_t>, half_t>{}, "
        "make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>{}, Layout<Shape<_2,_2>>{}))",
    ),
    (
        lambda: atoms_copy.make_tiled_copy_C(
            "UniversalCopy<uint32_t>",
            atoms_mma.make_tiled_mma("SM80_16x8x8_F16F16F16F16_TN", "(_2,_1)", "(_32,_16,_8)"),
            value_type="half_t",
        ),
        "make_tiled_copy_C(Copy_Atom<UniversalCopy<uint32_t>, half_t>{}, "
        "make_tiled_mma(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>{}, Layout<Shape<_2,_1>>{}, Tile<_32,_16,_8>{}))",
    ),
    (
        lambda: atoms_copy.make_tiled_copy_B(
            "SM75_U16x4_LDSM_T",
            atoms_mma.make_tiled_mma("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2)"),
            value_type="half_t",
        ),
        "make_tiled_copy_B(Copy_Atom<SM75_U16x4_LDSM_T, half_t>{}, "
        "make_tiled_mma(MMA_Atom<SM80_16x8x16_F16F16F16F16_TN>{}, Layout<Shape<_2,_2>>{}))",
    ),
]


@pytest.fixture(scope="module")
def oracle():
    cases = []
    for _, e in MMAS:
        cases += [f"auto mma = {e}; print_latex(mma);", f"auto mma = {e}; print_svg(mma);"]
    for _, e in COPIES:
        cases.append(f"auto copy = {e}; print_latex(copy);")
    return run_cases(cases)


@pytest.mark.parametrize("i", range(len(MMAS)))
def test_atoms_mma_pictures(oracle, i):
    args, e = MMAS[i]
    try:
        mma = atoms_mma.make_tiled_mma(*args)
    except Exception as ex:  # the atoms' catalog may not know every atom yet
        pytest.skip(f"cutedump.atoms cannot build {e}: {ex}")
    assert latex.print_latex_mma(mma) == oracle[2 * i], e
    assert svg.print_svg_mma(mma) == oracle[2 * i + 1], e


@pytest.mark.parametrize("i", range(len(COPIES)))
def test_atoms_copy_pictures(oracle, i):
    build, e = COPIES[i]
    try:
        cp = build()
    except Exception as ex:
        pytest.skip(f"cutedump.atoms cannot build {e}: {ex}")
    assert latex.print_latex_copy(cp) == oracle[2 * len(MMAS) + i], e


def test_mma_atom_object_is_drawn_as_its_tiled_mma(oracle):
    atom = atoms_mma.mma_atom("SM80_16x8x8_F16F16F16F16_TN")
    assert latex.print_latex_mma(atom) == oracle[0]
