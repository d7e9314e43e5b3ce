"""GMMA/UMMA shared-memory layout atoms against real CuTe 4.2: prints, tile_to_shape, recasts, print_layout,
ss_smem_selector (tests/oracle/gen_smem.py)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate_to_string
from tests.oracle import gen_smem as G
from tests.oracle.cute import run_cases, unavailable_reason

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

CHUNK = 400


def _check(cases, prelude=G.PRELUDE):
    bad = []
    for i in range(0, len(cases), CHUNK):
        part = cases[i : i + CHUNK]
        outs = run_cases([c[1] for c in part], prelude=prelude)
        for (name, _, exp), got in zip(part, outs):
            got = "\n".join(l for l in got.split("\n") if not l.startswith("ERROR: cast_smem_ptr_to_uint"))
            if exp != got:
                el, gl = exp.splitlines(), got.splitlines()
                first = next(
                    (f"ours {a!r} / cute {b!r}" for a, b in zip(el, gl) if a != b), f"{len(el)} vs {len(gl)} lines"
                )
                bad.append(f"{name}: {first}")
    assert not bad, f"{len(bad)} of {len(cases)} differ:\n" + "\n".join(bad[:20])
    return len(cases)


@oracle
def test_atoms_print_like_cute():
    assert _check(G.atom_print_cases()) >= 250


@oracle
def test_tile_to_shape_like_cute():
    assert _check(G.tile_cases()) == 600


@oracle
def test_atom_ops_like_cute():
    assert _check(G.op_cases()) >= 300


@oracle
def test_ss_smem_selector_like_cute():
    assert _check(G.selector_cases(), G.PRELUDE_SELECTOR) == 200


@pytest.mark.parametrize(
    "expr,msg",
    [
        # a 6-bit type: real CuTe's upcast<6> fails its static_assert "Divisibility condition" (checked with g++)
        ("Layout_K_SW128_Atom<float_e2m3_t>", "Divisibility condition"),
        ("Layout_MN_SW32_Atom<float_e3m2_t>", "Divisibility condition"),
        ("Layout_K_SW128_Atom<float_e2m4_t>", "unknown type"),
        ("ss_smem_selector<K,half_t,_128,_12>()", "BLK_K0 must be a multiple of 8."),
        ("ss_smem_selector<MN,half_t,_12,_16>()", "BLK_MN0 must be a multiple of 8."),
        ("ss_smem_selector<MN,int8_t,_8,_16>()", "BLK_MN0 must be a multiple of size<0>"),
        ("Layout_K_SW128_Atom<half_t,float>", "takes one type template argument"),
        ("Layout_SW128_Atom<half_t,X>", "unknown major"),
    ],
)
def test_errors(expr, msg):
    with pytest.raises(CuteDumpError, match=msg.replace("<", ".").replace(">", ".")):
        evaluate_to_string(expr)


def test_cli_eval_atom():
    from cutedump.cli import main

    r = CliRunner().invoke(main, ["eval", "tile_to_shape(Layout_K_SW128_Atom<half_t>, (_128,_64,_3))"])
    assert r.exit_code == 0, r.output
    assert (
        r.output.strip()
        == "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1),(_1,_3)):((_64,_512),(_1,_0),(_0,_8192))"
    )


@oracle
def test_sparse_atoms_like_cute():
    assert _check(G.sparse_cases()) >= 400


@oracle
def test_atom_pictures_like_cute():
    assert _check(G.picture_cases(), G.PRELUDE_PICTURES) == 40


@oracle
def test_algebra_on_flagged_layouts_like_cute():
    assert _check(G.algebra_cases()) == 150
