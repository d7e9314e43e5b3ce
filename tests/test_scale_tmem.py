"""``cutedump scale --tile``'s TMEM lines: one stage's SFA/SFB in tensor memory (UMMA::tmem_sf_frg, checked against
CuTe 4.2 in test_utccp_oracle.py) and where A(m,k)'s scale factor lives there. The cells are checked against the
tcgen05.cp copy itself: the copy's partition_S and partition_D pair the smem byte of A(m,k) (the smem line's offset)
with TMEM cells, and those are the cells the answer names; the words are read against the JSON."""

from __future__ import annotations

import pytest

from cutedump import algebra as A
from cutedump.atoms import make_tiled_mma, mma_atom
from cutedump.dumps.scale_reading import reading
from cutedump.scale.report import scale_facts

CASES = [
    ("mxf8f6f4", 32, "1024,1024,1024", "256,256,256", 2, "200,300"),
    ("nvf4", 16, "4096,4096,4096", "256,192,256", 2, "300,70"),
    ("mxf4", 32, "256,256,512", "128,256,256", 1, "255,511"),
    ("mxf4", 16, "512,512,512", "128,128,512", 1, "77,301"),
    ("mxf8f6f4", 32, "512,512,512", "128,64,128", 1, "5,127"),
]


def _facts(kind, vs, problem, tile, cta, el):
    return scale_facts("sm100", kind, vs, problem, None, tile, cta, el, None)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]} {c[3]} x{c[4]}")
def test_tmem_cells_of_every_scale_factor_of_the_stage(case):
    """Every scale factor of the stage's SFA (each row of the CTA's share of the tile, each VS-block of the tile's K)
    gets its own TMEM cells, one per copy, in CuTe's row rule (row r at lane r % 32 of each copying subpartition),
    all within the fragment's columns; A(m,k)'s cells are those of its row and K-block."""
    f = _facts(*case)
    s, t = f["smem"], f["smem"]["tmem"]
    mma = make_tiled_mma(mma_atom(s["atom"]))
    vs, mma_k, tk = f["vs"], s["mma_k"], s["tile"][2]
    rows = t["sfa"]["rows"]
    from cutedump.scale import layouts as SL
    from cutedump.scale.tmem import tmem_facts

    tile = tuple(A.C(x) for x in s["tile"])
    sfa, sfb = SL.smem_layout_sf(vs, mma, tile, "A"), SL.smem_layout_sf(vs, mma, tile, "B")
    seen = {}
    for r in range(0, rows, 29):
        for k in range(0, tk, max(vs, tk // 8)):
            cells = tmem_facts(mma, vs, tile, sfa, sfb, r, k, mma_k)["element"]["cells"]
            assert len(cells) == t["sfa"]["copies"] == 4
            assert {c["lane"] % 32 for c in cells} == {r % 32}
            assert sorted(c["subpartition"] for c in cells) == [0, 1, 2, 3]
            assert all(c["column"] < t["sfa"]["columns"] for c in cells)
            key = tuple(sorted((c["lane"], c["column"], c["byte"]) for c in cells))
            assert seen.setdefault(key, (r, k)) == (r, k), f"{(r, k)} and {seen[key]} share TMEM cells"
    e = s["element"]
    again = tmem_facts(mma, vs, tile, sfa, sfb, e["m_in_tile"], e["k_in_tile"], mma_k)["element"]["cells"]
    assert again == t["element"]["cells"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_tmem_words_read_against_json(lang):
    f = _facts(*CASES[1])
    t = f["smem"]["tmem"]
    text = "\n".join(reading(f, lang))
    cells = t["element"]["cells"]
    assert t["utccp"] in text
    for op in ("sfa", "sfb"):
        assert t[op]["tmem"] in text and t[op]["alloc"] in text
    lanes = ", ".join(str(c["lane"]) for c in cells)
    assert lanes in text
    line = next(x for x in text.splitlines() if lanes in x)
    col, byte = cells[0]["column"], cells[0]["byte"]
    assert (f"column {col}, byte {byte}" if lang == "en" else f"第 {col} 列，第 {byte} 字节") in line


def test_no_tmem_lines_for_an_empty_stage():
    f = _facts("mxf4", 16, "384,200,640", "128,128,128", 2, "0,0")  # SFA: 64 rows a CTA, no 128-row chunk
    assert f["smem"]["tmem"] is None
