"""``make_tiled_mma(ATOM{}[, atom_layout[, permutations]])`` in the eval language, for every kind of atom (warp-level
SM61..SM90, GMMA, UMMA 1SM/2SM and block-scaled, SM120, UniversalFMA), against real CuTe 4.2: the expression cutedump
evaluates is the C++ expression CuTe compiles (print(make_tiled_mma(...)))."""

from __future__ import annotations

import pytest

from cutedump.atoms import mma as M
from cutedump.atoms.mma_catalog import catalog_mma
from cutedump.atoms.mma_catalog import sm120 as S
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate_to_string
from tests.oracle import gen_atoms as GA
from tests.oracle import gen_umma as GU
from tests.oracle.cute import PRELUDE, diff_cases, run_chunked, unavailable_reason

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

PRELUDE_ALL = PRELUDE + "".join(
    f"#include <cute/atom/{h}>\n"
    for h in ("mma_traits_sm100.hpp", "mma_traits_sm120.hpp", "mma_traits_sm120_sparse.hpp")
)


def _exprs():
    """(label, eval expression): each catalog atom kind in the three tilings of tests/oracle/gen_atoms.py."""
    warp = [t for t in catalog_mma() if t.arch != "SM90 GMMA"]
    gmma = [t for t in catalog_mma() if t.arch == "SM90 GMMA"]
    atoms = warp[:3] + warp[3::9] + gmma[::97] + [next(t for t in S.every_atom() if t.family == f) for f in S.FAMILIES]
    out = []
    for t in atoms:
        op = f"MMA_Atom<{t.cpp}>{{}}" if t.family == "UniversalFMA" else f"{t.cpp}{{}}"
        for tag, lay, perm in GA._tilings(M.MMAAtom(t)):
            args = [op]
            if lay is not None:
                args.append(f"Layout<Shape<{lay.strip('()')}>>{{}}")
            if perm is not None:
                args.append(GA.cpp(perm))
            out.append((f"{tag} {t.name}", f"make_tiled_mma({', '.join(args)})"))
    for label, body, _ in GU.tiled_cases(per_family=2):  # print(make_tiled_mma(Op{}[, Layout<Shape<..>>{}]));
        out.append((label, body.removeprefix("print(").removesuffix(");")))
    return out


def test_every_kind_of_atom_is_asked():
    kinds = {e.split("(", 1)[1].split("<", 1)[0].split("{", 1)[0][:5] for _, e in _exprs()}
    assert {"SM61_", "SM70_", "SM80_", "SM90_", "SM100", "SM120", "MMA_A"} <= kinds


@oracle
def test_make_tiled_mma_like_cute():
    cases = [(label, f"print({e});", evaluate_to_string(e)) for label, e in _exprs()]
    assert len(cases) >= 150
    bad = diff_cases(cases, run_chunked(cases, 200, GA.EXT_FLAGS, prelude=PRELUDE_ALL))
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize(
    "expr,msg",
    [
        ("make_tiled_mma(_1{})", "expected an MMA atom"),
        ("make_tiled_mma(SM75_U32x4_LDSM_N{})", "unknown MMA atom"),
        ("make_tiled_mma(SM120_16x8x32_TN<half_t,half_t,float>{})", "No MMA matches SM120_16x8x32_TN"),
        ("make_tiled_mma(MMA_Atom<SM80_16x8x8_F16F16F16F16_TN, int>{})", "MMA_Atom takes one template argument"),
    ],
)
def test_refusals(expr, msg):
    with pytest.raises(CuteDumpError, match=msg):
        evaluate_to_string(expr)
