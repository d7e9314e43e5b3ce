"""The DSL's make_tmem_layout_sfa/sfb (nvidia-cutlass-dsl 4.8.1's recorded answers, tests/test_dsl_scale.py's tmem
cases) against CuTe 4.2's UMMA::tmem_sf_frg of the same MMA and tile (cutedump/atoms/utccp.py, checked against real
CuTe in test_utccp_oracle.py): both address one stage's scale factors in TMEM in the same units (lane << 16 | column)
* 4 + byte, so the cells each answer takes must be the same set."""

from __future__ import annotations

import re

import pytest

from cutedump.algebra import C, size
from cutedump.algebra.evaluate import values_list
from cutedump.atoms import make_tiled_mma, mma_atom
from cutedump.atoms import utccp as U
from cutedump.errors import CuteDumpError
from cutedump.parse.dsl import read_dsl_print
from cutedump.scale import layouts as SL
from tests.oracle import gen_dsl_scale as D

_T = {
    "Float8E4M3FN": "float_e4m3_t",
    "Float8E5M2": "float_e5m2_t",
    "Float6E2M3FN": "float_e2m3_t",
    "Float6E3M2FN": "float_e3m2_t",
    "Float4E2M1FN": "float_e2m1_t",
}
_SF = {"Float8E8M0FNU": "float_ue8m0_t", "Float8E4M3FN": "float_ue4m3_t"}
_RX = re.compile(
    r"make_blockscaled_trivial_tiled_mma\(cutlass\.(\w+), cutlass\.(\w+), [\w.]+\.(K|MN), [\w.]+\.(K|MN), "
    r"cutlass\.(\w+), (\d+), [\w.]+\.CtaGroup\.(ONE|TWO), \((\d+), (\d+)\)\), \((\d+), (\d+), (\d+)\), \d+, "
)


def _cpp_atom(a, b, am, bm, sf, vs, cta, m, n):
    two = "_2x1SM" if cta == "TWO" else ""
    if a == b == "Float4E2M1FN":
        return f"SM100_MMA_MXF4{two}_SS<float_e2m1_t,float_e2m1_t,float,{_SF[sf]},{m},{n},{vs},K,K>"
    return f"SM100_MMA_MXF8F6F4{two}_SS<{_T[a]},{_T[b]},float,float_ue8m0_t,{m},{n},{am},{bm}>"


@pytest.mark.slow
def test_dsl_tmem_sf_layouts_take_cutes_cells():
    every = D.generate()
    by_expr = dict(zip([c.expr for c in every], D.run_oracle(every, "sm_100a")))  # the recorded DSL answers
    cases = [c for c in every if c.op == "tmem"]
    checked = 0
    for c in cases:
        kind, want = by_expr[c.expr]
        mt = _RX.search(c.expr)
        if kind != "ok" or mt is None or "x" in want:
            continue
        a, b, am, bm, sf, vs, cta, m, n, tm, tn, tk = mt.groups()
        which = c.expr.split("make_tmem_layout_sf", 1)[1][0].upper()
        try:
            atom = mma_atom(_cpp_atom(a, b, am, bm, sf, vs, cta, m, n))
        except CuteDumpError:
            continue  # an (M, N) CuTe's atom refuses (its static_asserts; gen_umma checks those)
        mma = make_tiled_mma(atom)
        sl = SL.smem_layout_sf(int(vs), mma, (C(int(tm)), C(int(tn)), C(int(tk))), which)
        if int(size(sl)) == 0:
            continue  # a stage with an extent-0 mode (fewer than 128 rows a CTA): no TMEM fragment modelled
        cute = U.sf_tmem_fragment(mma, sl, which)
        dsl = read_dsl_print(want)
        assert set(values_list(dsl)) == set(values_list(cute.layout)), (c.expr, want, str(cute))
        checked += 1
    assert checked >= 60
