"""``slice(coord, A o O o B)`` of a swizzled composed layout is CuTe's ``get<0>(slice_and_offset(coord, layout))``
(layout_composed.hpp, swizzle_layout.hpp): a stage of a staged smem atom (``slice((_,_,1), tile_to_shape(
GMMA::Layout_K_SW128_Atom<half_t>, (_64,_64,_2)))``, the C++ twin of the DSL's ``cute.slice_(staged, (None, None,
1))``) was refused ('mismatched ranks'). Checked against real CuTe 4.2."""

from __future__ import annotations

import pytest

from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate_to_string
from tests.oracle.cute import run_cases, unavailable_reason
from tests.oracle.gen_smem import PRELUDE

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

LAYOUTS = [
    ("tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(_64{},_64{},_2{}))", 3),
    ("tile_to_shape(GMMA::Layout_MN_SW64_Atom<float>{}, make_shape(_64{},_32{},_3{}))", 3),
    ("tile_to_shape(UMMA::Layout_K_SW32_Atom<int8_t>{}, make_shape(_32{},_64{},_2{}))", 3),
    ("tile_to_shape(GMMA::Layout_MN_SW32_Atom<half_t>{}, make_shape(_32{},_16{},_2{}))", 3),
    ("composition(Swizzle<3,4,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{})", 2),
    ("composition(Swizzle<2,3,3>{}, Layout<Shape<_16,_32,_2>,Stride<_32,_1,_512>>{})", 3),
]
COORDS = {
    2: ["make_coord(_,_)", "make_coord(3,_)", "make_coord(_,5)", "make_coord(_,17)"],
    3: ["make_coord(_,_,0)", "make_coord(_,_,1)", "make_coord(_,3,_)", "make_coord(2,_,_)", "make_coord(_,_,_)"],
}


def _ours(coord, lay):
    ev = coord.replace("make_coord", "")
    try:
        return evaluate_to_string(f"slice({ev}, {lay})")
    except CuteDumpError as e:
        return "error: " + e.message


@oracle
def test_slice_of_a_swizzled_composed_layout_is_cutes():
    cases = [(c, lay) for lay, r in LAYOUTS for c in COORDS[r]]
    outs = run_cases([f"print(slice({c}, {lay}));" for c, lay in cases], prelude=PRELUDE)
    bad = [(c, lay, _ours(c, lay), got) for (c, lay), got in zip(cases, outs) if _ours(c, lay) != got]
    assert not bad, bad[:4]


def test_cutlass_47_slices_a_flagged_swizzle_inside():
    """CUTLASS 4.7's slice of Swizzle o smem_ptr_flag o L (cute/pointer_flagged.hpp:87) keeps the whole swizzle and
    puts the inner slice's offset in the middle slot; 4.2 folds it into the swizzle (both checked against their
    records by the test above, run under each version)."""
    import os

    lay = "tile_to_shape(GMMA::Layout_MN_SW64_Atom<float>{}, make_shape(_64{},_32{},_3{}))"
    old = os.environ.get("CUTEDUMP_CUTLASS")
    try:
        os.environ["CUTEDUMP_CUTLASS"] = "4.7"
        assert evaluate_to_string(f"slice(make_coord(2,_,_), {lay})") == (
            "Sw<2,4,3> o 2 o ((_8,_4),(_1,_3)):((_16,_512),(_0,_2048))"
        )
        assert evaluate_to_string(f"slice(make_coord(_,_,_), {lay})").startswith("Sw<2,4,3> o smem_ptr[32b](unset) o")
        os.environ["CUTEDUMP_CUTLASS"] = "4.2"
        assert not evaluate_to_string(f"slice(make_coord(2,_,_), {lay})").startswith("Sw<2,4,3> o 2 o")
    finally:
        if old is None:
            os.environ.pop("CUTEDUMP_CUTLASS", None)
        else:
            os.environ["CUTEDUMP_CUTLASS"] = old
