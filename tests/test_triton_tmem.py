"""issue 42 item 11: Triton's tensor-memory layouts (the Blackwell accumulator's) against Triton 3.9.0 itself.

`cutedump triton --ttgir` dropped ``#tmem = #ttng.tensor_memory_encoding<...>`` and
``#ttng.tensor_memory_scales_encoding<>`` aliases (then said "not read"). cutedump/triton/tmem.py now computes
Triton's own linear layout of them (TMEM lanes ``row`` and columns ``col`` -> (dim0, dim1)), refuses what Triton
refuses with Triton's message, and relates the accumulator to CuTe's (``cutedump tmem``) where every element sits at
the same lane and 32-bit column.

Triton's answers (tests/oracle/triton_tmem.py: Gluon's TensorMemoryLayout / TensorMemoryScalesLayout built through
Triton's IR builder, the memdesc type's TTGIR text, to_linear_layout) are recorded (tests/oracle/records/); the
cases: every parameter over a grid and random draws (tests/oracle/gen_triton_tmem.py; CUTEDUMP_TRITON_SEED picks
other draws, answered live with --oracle=live / record).
"""

from __future__ import annotations

import hashlib
import json
import os
import re

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from cutedump.errors import CuteDumpError
from cutedump.triton import tmem as TM
from cutedump.triton import ttgir
from tests.oracle import gen_triton_tmem as G
from tests.oracle import records, triton_tmem

SEED = int(os.environ.get("CUTEDUMP_TRITON_SEED", "0"))


def _answers(cases):
    src = "triton==3.9.0 TensorMemoryLayout memdesc/to_linear_layout\n" + "".join(
        json.dumps(c, sort_keys=True) + "\n" for c in cases
    )
    key = "triton-tmem-" + hashlib.sha256(src.encode()).hexdigest()[:24]
    got = records.answer(
        key,
        lambda: "".join(json.dumps(a, sort_keys=True) + "\n" for a in triton_tmem.answers(cases)),
        what=f"a batch of {len(cases)} Triton TMEM layouts",
        ncases=len(cases),
    )
    return [json.loads(x) for x in got.splitlines()]


GRID = G.grid()
DRAWN = G.drawn(SEED)


@pytest.fixture(scope="module")
def grid_answers():
    return _answers(GRID)


def _ours(case):
    """cutedump's answer to a case in the oracle's terms: ("refused", message) or ("ok", the attribute's TTGIR,
    the memdesc's refusal or None, the linear layout or None)."""
    try:
        lay = TM.parse(case["layout"])
    except CuteDumpError as e:
        return ("refused", str(e))
    shape = case["shape"]
    try:
        TM.memdesc_check(lay, shape, TM.element_bits(case["elem"]))
        md = None
    except CuteDumpError as e:
        md = str(e)
    ll = TM.linear_layout(lay, shape) if len(shape) == 2 else None
    return ("ok", lay.ttgir(), md, ll)


def _agree(case, theirs) -> bool:
    ours = _ours(case)
    if len(case["shape"]) == 3 and ours[0] == "ok":
        # a rank-3 TMEM layout: Triton's to_linear_layout aborts on it; cutedump answers each buffer (see below)
        return theirs.get("ll") == "abort" and ("rank-3" in (ours[2] or "") or theirs["ttgir"].startswith("raise"))
    if "refused" in theirs:
        return ours[0] == "refused" and ours[1] == "Triton refuses: " + theirs["refused"].split(": ", 2)[-1]
    if ours[0] != "ok":
        return False
    t = theirs["ttgir"]
    if t.startswith("raise"):  # the memdesc type Triton refuses: its message
        return ours[2] == "Triton refuses: " + t.split(": ", 2)[-1]
    if ours[2] is not None or f", {ours[1]}, #ttng.tensor_memory, mutable>" not in t:
        return False
    ll = theirs["ll"]
    return isinstance(ll, dict) and ours[3] == {"row": ll["rows"], "col": ll["cols"]}


def test_grid_agrees_with_triton(grid_answers):
    """Every parameter: the attribute's TTGIR spelling, the memdesc's checks and Triton's linear layout."""
    bad = [(c, a, _ours(c)) for c, a in zip(GRID, grid_answers) if not _agree(c, a)]
    assert not bad, "\n".join(map(str, bad[:5]))
    kinds = {
        ("refused" if "refused" in a else "ttgir refused" if a["ttgir"].startswith("raise") else "ok")
        for a in grid_answers
    }
    assert kinds == {"refused", "ttgir refused", "ok"}


def test_random_draws_agree_with_triton():
    answers = _answers(DRAWN)
    bad = [(c, a, _ours(c)) for c, a in zip(DRAWN, answers) if not _agree(c, a)]
    assert not bad, f"{len(bad)} of {len(DRAWN)} differ:\n" + "\n".join(map(str, bad[:5]))


def _relations(pairs, most: int) -> tuple[int, int]:
    """Each 'the same lane and column' cutedump states holds against Triton's own linear layout (the recorded one,
    not cutedump's), element by element; each 'not the same' names an element where they differ. Returns the
    counts (exact, differs) over the cases of at most ``most`` elements."""
    exact = differs = 0
    for c, a in pairs:
        if len(c["shape"]) != 2 or "refused" in a or a["ttgir"].startswith("raise") or not isinstance(a["ll"], dict):
            continue
        if c["shape"][0] * c["shape"][1] > most:
            continue
        lay = TM.parse(c["layout"])
        theirs = {"row": a["ll"]["rows"], "col": a["ll"]["cols"]}
        rel = TM.answer(lay, c["shape"], c["elem"])["cute"]
        if not rel.get("exact") and rel["why"] != "differs":
            continue
        pair = 2 if lay.two_ctas else 1
        sm, sn = TM._splits(lay)
        acc, cute = TM._cute_places(rel["atom"], pair, c["shape"][0] // sm, c["shape"][1] // sn)
        unit = 32 // TM.element_bits(c["elem"])
        tw = {k: (lane, col // unit) for k, (lane, col) in TM.where(theirs).items()}
        if rel["exact"]:
            assert cute == tw, c
            exact += 1
        else:
            at = tuple(rel["at"])
            assert cute[at] != tw.get(at), c
            differs += 1
    return exact, differs


def test_cute_relations_hold_against_triton_itself(grid_answers):
    """A sample (every seventh case up to 64x64 elements); the slow run checks all of them."""
    pairs = list(zip(GRID, grid_answers))[::7]
    exact, differs = _relations(pairs, 64 * 64)
    assert exact >= 6 and differs >= 2, (exact, differs)


@pytest.mark.slow
def test_cute_relations_hold_against_triton_itself_all(grid_answers):
    exact, differs = _relations(list(zip(GRID, grid_answers)) + list(zip(DRAWN, _answers(DRAWN))), 1 << 30)
    assert exact >= 150 and differs >= 20, (exact, differs)


TTGIR = """#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem1 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1, CGALayout = [[1, 0]], twoCTAs = true>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
#tmem2 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2>
#tmem3 = #ttng.tensor_memory_encoding<blockM = 64, blockN = 128, unpacked = true>
module {
  tt.func @k() {
    %0 = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %1 = ttng.tmem_alloc : () -> !ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %2 = ttng.tmem_alloc : () -> !ttg.memdesc<256x128xf32, #tmem1, #ttng.tensor_memory, mutable>
    %3 = ttng.tmem_alloc : () -> !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>
    %4 = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf16, #tmem2, #ttng.tensor_memory, mutable>
    %5 = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf32, #tmem2, #ttng.tensor_memory, mutable>
    %6 = ttng.tmem_alloc : () -> !ttg.memdesc<64x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %7 = ttng.tmem_alloc : () -> !ttg.memdesc<64x128xf32, #tmem3, #ttng.tensor_memory, mutable>
    tt.return
  }
}
"""


def _text():
    r = CliRunner().invoke(main, ["triton", "--ttgir", "-"], input=TTGIR, env={"NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    return r.stdout


def test_every_tmem_use_is_answered_or_says_why():
    """Each use of each TMEM alias has its lines (its linear layout, its lanes and columns, CuTe's side) or one
    error line saying why; none is left out, and the words are the JSON's."""
    out = _text()
    d = json.loads(ttgir.render(TTGIR, "json"))["layouts"]
    lines = out.splitlines()
    for name, e in d.items():
        assert f"{name} = {e['attribute']}" in lines
        assert e["uses"], name
        for shape, u in e["uses"].items():
            head = next(
                i
                for i, ln in enumerate(lines)
                if ln.startswith(f"  {shape}:") and i > lines.index(f"{name} = {e['attribute']}")
            )
            if "error" in u:
                assert lines[head] == f"  {shape}: error: {u['error']}"
                continue
            block = lines[head + 1 : head + 7]
            ll = u["linear_layout"]
            assert f"    row = {ll['row']}" in block and f"    col = {ll['col']}" in block
            tmem_line = next(ln for ln in block if ln.startswith("    TMEM: "))
            assert f"lanes {u['tmem']['lanes']}, {u['tmem']['columns']} column" in tmem_line
            cute_line = next(ln for ln in block if ln.startswith("    CuTe"))
            if u["cute"]["exact"]:
                assert u["cute"]["atom"] in cute_line and u["cute"]["tensor"] in cute_line
            else:
                assert "not" in cute_line
    t = d["#tmem"]["uses"]
    assert t["128x128xf32"]["tmem"] == {
        "lanes": "0-127",
        "columns": 128,
        "element_bits": 32,
        "cta_shape": [128, 128],
        "ctas": 1,
    }
    assert t["2x128x128xf32"]["tmem"]["buffers"] == 2
    assert t["2x128x128xf32"]["linear_layout"] == t["128x128xf32"]["linear_layout"]
    assert t["64x128xf32"]["error"] == "Triton refuses: the tensor shape must be at least 128x128. Got 64, 128"
    assert d["#tmem1"]["uses"]["256x128xf32"]["cute"]["atom"].startswith("SM100_MMA_F16BF16_2x1SM_SS<")
    assert d["#tmem_scales"]["uses"]["128x4xi8"]["tmem"]["lanes"] == "0-31"
    assert d["#tmem_scales"]["uses"]["128x4xi8"]["cute"] == {"exact": False, "why": "scales"}
    assert d["#tmem2"]["uses"]["128x64xf32"]["error"].startswith("Triton refuses: bitwidth * colStride")
    assert d["#tmem2"]["uses"]["128x64xf16"]["cute"]["exact"]  # unpacked half_t: CuTe's half_t accumulator
    assert "unpacked is an older Triton's parameter" in d["#tmem3"]["error"]
    assert "  64x128xf32: error: " in out


def test_the_cute_command_named_prints_the_tensor():
    """The `cutedump tmem` command an exact relation names prints that TMEM tensor."""
    d = json.loads(ttgir.render(TTGIR, "json"))["layouts"]
    for u in (d["#tmem"]["uses"]["128x128xf32"], d["#tmem1"]["uses"]["256x128xf32"]):
        c = u["cute"]
        argv = re.findall(r'"([^"]*)"|(\S+)', c["command"])
        argv = [a or b for a, b in argv][1:]
        r = CliRunner().invoke(main, argv)
        assert r.exit_code == 0, r.output
        assert f"  {c['tensor']}" in r.stdout.splitlines()


@pytest.mark.parametrize(
    "layout,shape,want",
    [
        (
            "gl.TensorMemoryLayout(block=(128, 128), col_stride=1)",
            "128x128xf32",
            "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,K,K>",
        ),
        ("TensorMemoryLayout((64, 64), 2)", "128x64xf16", "SM100_MMA_F16BF16_SS<half_t,half_t,half_t,64,64,K,K>"),
        ("TensorMemoryScalesLayout()", "128x4xi8", "not related here"),
        (
            "#ttng.tensor_memory_encoding<blockM = 128, blockN = 256, colStride = 1>",
            "128x256xi32",
            "SM100_MMA_S8_SS<int8_t,int8_t,int32_t,128,256,K,K>",
        ),
    ],
)
def test_gluon_and_ttgir_spellings_as_layout(layout, shape, want):
    r = CliRunner().invoke(main, ["triton", layout, "--shape", shape], env={"NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    assert want in r.stdout and "row = [" in r.stdout


@pytest.mark.parametrize(
    "layout,shape,msg",
    [
        ("TensorMemoryLayout(block=(32, 64), col_stride=1)", "128x64xf32", "blockM must be 64 or 128 but got 32"),
        ("TensorMemoryLayout(block=(128, 64), col_stride=3)", "128x64xf32", "col_stride must be a power of two"),
        ("TensorMemoryLayout(block=(128, 64), col_stride=2)", "128x64xf32", "bitwidth * colStride"),
        ("TensorMemoryLayout(block=(128, 64), col_stride=1)", "128x64", "names its element type too"),
        ("TensorMemoryLayout(block=(128, 64), col_stride=1, two_ctas=True)", "256x64xf32", "twoCTAs layout requires"),
        ("TensorMemoryLayout(block=(128, 64), colstride=1)", "128x64xf32", "no parameter 'colstride'"),
    ],
)
def test_refusals_are_one_error_line(layout, shape, msg):
    r = CliRunner().invoke(main, ["triton", layout, "--shape", shape], env={"NO_COLOR": "1"})
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and r.stderr.startswith("error: ") and msg in r.stderr, (
        r.stderr
    )
