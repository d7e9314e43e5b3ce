"""`cutedump eval --syntax cpp|dsl`: answers spelled as C++ read back to the same value (also for the GMMA/UMMA smem
atoms, whose offset is an smem_ptr flag: ComposedLayout<Swizzle<..>, smem_ptr_flag_bits<B>, Layout<..>>{}, which
real CuTe prints as the atom itself), through EXPR arguments, -f and a pipe alike."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cutedump.cli import main

EXPRS = [
    "make_layout(make_shape(Int<8>{}, 4), LayoutRight{})",
    "composition(Swizzle<2,3,3>{}, Layout<Shape<_8,_32>, Stride<_32,_1>>{})",
    "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64,_3))",
    "tile_to_shape(GMMA::Layout_MN_SW64_Atom<float>, (_64,_8,4))",
    "GMMA::Layout_K_SW128_SpAtom<half_t,2>",
    "UMMA::Layout_MN_SW32_Atom<bfloat16_t>",
    "logical_divide((_16,8):(_1,_16), (_4,_2))",
    "size((_4,8))",
    "(_4,(3,_2))",
]


def _eval(*args, stdin=None):
    r = CliRunner().invoke(main, ["eval", *args], input=stdin)
    return r.exit_code, r.output


@pytest.mark.parametrize("expr", EXPRS)
def test_cpp_spelling_reads_back(expr):
    rc, printed = _eval(expr)
    assert rc == 0, printed
    rc, cpp = _eval(expr, "--syntax", "cpp")
    assert rc == 0, cpp
    assert "o smem_ptr" not in cpp and " o " not in cpp  # C++, not CuTe's print
    rc, back = _eval(cpp.strip())
    assert rc == 0 and back == printed, (cpp, back)


def test_smem_atom_spelled_as_its_cpp_type():
    rc, cpp = _eval("GMMA::Layout_K_SW128_Atom<half_t>", "--syntax", "cpp")
    assert cpp == "ComposedLayout<Swizzle<3,4,3>,smem_ptr_flag_bits<16>,Layout<Shape<_8,_64>,Stride<_64,_1>>>{}\n"


def test_dsl_spelling():
    rc, out = _eval("composition(Swizzle<2,3,3>{}, Layout<Shape<_8,_32>, Stride<_32,_1>>{})", "--syntax", "dsl")
    assert (rc, out) == (0, "S<2,3,3> o 0 o (8,32):(32,1)\n")


def test_file_and_pipe_answers_are_spelled_too():
    text = "make_layout(make_shape(Int<8>{}, 4), LayoutRight{})\nsize(_4)\n"
    want = "make_layout(make_shape(_8{}, 4), make_stride(4, _1{}))\n_4{}\n"
    assert _eval("-f", "-", "--syntax", "cpp", stdin=text) == (0, want)


def test_syntax_with_json_is_refused():
    r = CliRunner().invoke(main, ["eval", "size(_4)", "--syntax", "cpp", "--format", "json"])
    assert r.exit_code == 2 and "--syntax" in r.stderr
