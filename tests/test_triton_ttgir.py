"""`cutedump triton --ttgir`: TTGIR compiled by triton.compile from real small kernels (tests/oracle/triton_kernels.py:
matmuls for sm80/sm90 in f16, f32, fp8, a pipelined loop, a batched matmul, a softmax, a transpose), and Triton's
own linear layout of every tensor/memdesc value of each file (the TTGIR parsed back by triton). Every alias use
cutedump dumps must be one of Triton's values with the same layout and shape and the same linear layout; every
value Triton reads with an aliased layout must be among cutedump's uses."""

import hashlib
import json
from pathlib import Path

import pytest

from cutedump.errors import CuteDumpError
from cutedump.triton import spell, text, ttgir
from tests.oracle import records

ORACLE = Path(__file__).resolve().parent / "oracle"
SRC = ORACLE / "triton_kernels.py"
MORE = ORACLE / "triton_kernels_more.py"


def _compute(module):
    import os
    import subprocess
    import sys

    p = subprocess.run(
        [sys.executable, "-m", module],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
        env=dict(os.environ, TRITON_DEFAULT_FP_FUSION="1"),
    )
    if p.returncode:
        raise RuntimeError(p.stderr[-2000:])
    return p.stdout


def _record(path, module, n):
    key = "triton-ttgir-" + hashlib.sha256(path.read_bytes()).hexdigest()[:24]
    return json.loads(records.answer(key, lambda: _compute(module), what=f"TTGIR of {n} Triton kernels", ncases=n))


@pytest.fixture(scope="module")
def kernels():
    return _record(SRC, "tests.oracle.triton_kernels", 9)


def _norm(g):
    # Triton's Gluon object of a TTGIR #ttg.amd_mfma without tilesPerWarp prints three of them for a rank-2 layout
    return g.replace("tiles_per_warp=[1, 1, 1]", "tiles_per_warp=[1, 1]")


def compare_kernels(kernels):
    """Every alias use cutedump dumps against Triton's values; returns (uses agreeing, uses refused by both)."""
    from cutedump.triton.report import compute

    agree = refused = 0
    for name, k in kernels.items():
        triton_ll = {(_norm(g), tuple(s)): r for g, s, r in k["values"]}
        d = ttgir.dump(k["ttgir"], views=False)["layouts"]
        assert d, name
        objs = {}
        for alias, e in d.items():
            try:
                objs[alias] = spell.parse(e["attribute"], objs)
            except CuteDumpError:
                objs[alias] = None
        aliased = {spell.gluon(spell.resolve_linear(o, [1, 1])) for o in objs.values() if o is not None}
        mine = set()
        for alias, e in d.items():
            for shape_text, u in e["uses"].items():
                if not shape_text.split(" ")[0].split("x")[-1].isdigit():
                    continue  # a TMEM layout's use (128x128xf32): Triton's answers in tests/test_triton_tmem.py
                shape = tuple(int(x) for x in shape_text.split(" ")[0].split("x"))
                if u.get("error") == ttgir.BARRIER:
                    assert shape_text.endswith(" i64")
                    refused += 1
                    continue
                if "error" in u:
                    # refused: a kind cutedump does not read (no Gluon class, so no oracle either), a multi-buffer
                    # memdesc whose rank is not the layout's (Triton aborts on it), or what Triton refuses
                    o = objs[alias]
                    assert (
                        o is None
                        or o.rank != len(shape)
                        or any(s == shape and r == "refused" for (_, s), r in triton_ll.items())
                    ), (name, alias, shape_text, u)
                    refused += 1
                    continue
                f = u["linear_layout"]
                layout, ll = compute(objs[alias], list(shape))
                g = _norm(spell.gluon(layout))
                assert (g, shape) in triton_ll, (name, alias, g, shape)
                align = f.get("alignment")
                assert text.gluon_repr(ll, shape, align) == triton_ll[(g, shape)], (name, alias, shape)
                assert f == text.fields(ll, list(shape), align)
                mine.add((g, shape))
                agree += 1
        for g, shape in triton_ll:
            if g in aliased and triton_ll[(g, shape)] != "refused":
                assert (g, shape) in mine, (name, g, shape)
    return agree, refused


def test_every_alias_use_agrees_with_triton(kernels):
    assert len(kernels) >= 9
    agree, _ = compare_kernels(kernels)
    assert agree >= 70


@pytest.mark.slow
def test_tutorial_kernels_on_every_target_agree_with_triton():
    """The tutorials' matmul, softmax, layer norm, attention, persistent matmul and a batched reduction for sm80,
    sm90 (num_ctas 1 and 2: CGALayout as TTGIR spells it), sm100, gfx942, gfx950, gfx1100, gfx1200 and gfx1250."""
    more = _record(MORE, "tests.oracle.triton_kernels_more", 63)
    assert len(more) == 63
    assert any("CGALayout = [[" in k["ttgir"] for k in more.values())
    agree, refused = compare_kernels(more)
    # refused: barrier arrays (memdesc of i64) and the uses of aliases cutedump does not read (tensor memory): each
    # says so on its line (before, the TMEM aliases were dropped from the answer with no word)
    assert agree >= 520 and refused <= 64, (agree, refused)


def test_json_shape_and_unused_alias(kernels):
    src = kernels["softmax"]["ttgir"]
    src = "#unused = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n" + src
    d = json.loads(ttgir.render(src, "json"))
    assert set(d) == {"layouts", "versions"}
    assert d["layouts"]["#unused"] == {
        "attribute": "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>",
        "uses": {},
    }
    some = next(iter(d["layouts"]["#blocked"]["uses"].values()))
    assert set(some) == {"linear_layout", "tensor_view", "hardware_view", "cute"}
    assert set(some["linear_layout"]) == {"reg_bases", "lane_bases", "warp_bases", "block_bases", "shape"}


BARRIER_TTGIR = """#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#smem = #ttg.shared_memory
module {
  tt.func @k() {
    %0 = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
    %1 = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %2 = arith.constant dense<0.0> : tensor<64x64xf32, #blocked>
    tt.return
  }
}
"""


def test_barrier_arrays_and_unread_aliases_are_named_not_errors():
    """An mbarrier array (memdesc of i64) is a barrier, not a '--shape has 2 dimensions' error; a TMEM alias
    (#ttng.tensor_memory_encoding) is answered (tests/test_triton_tmem.py), never dropped silently."""
    from cutedump.dumps.triton_tmem import render

    out = render(BARRIER_TTGIR, "text")
    assert "--shape has" not in out
    assert "  2x1 i64: barrier (i64), not a data layout" in out.splitlines()
    assert "#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>" in out.splitlines()
    i = out.splitlines().index("#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>")
    assert out.splitlines()[i + 1] == "  128x128xf32:"
    d = json.loads(ttgir.render(BARRIER_TTGIR, "json"))["layouts"]
    assert d["#shared1"]["uses"] == {"2x1 i64": {"error": ttgir.BARRIER}}
    assert "error" not in d["#tmem"] and d["#tmem"]["uses"]["128x128xf32"]["tmem"]["lanes"] == "0-127"
    assert "cute" in d["#blocked"]["uses"]["64x64"]


SPELLINGS = ORACLE / "triton_spellings.py"


def test_spellings_triton_prints_agree_with_triton():
    """#ttg.dot_op of a blocked parent without kWidth (Triton leaves out a kWidth of 0) and #ttg.shared_linear<{offset
    = [...]}, alignment = N>: each parsed by Triton's own MLIR parser; cutedump reads the file's alias as the same
    Gluon layout and gives the same linear layout (both were refused: 'missing parameters' / dropped silently)."""
    from cutedump.triton.report import compute
    from tests.oracle import triton_spellings

    n = len(triton_spellings.cases())
    key = "triton-spellings-" + hashlib.sha256(SPELLINGS.read_bytes()).hexdigest()[:24]
    got = json.loads(
        records.answer(key, lambda: _compute("tests.oracle.triton_spellings"), what="TTGIR spellings", ncases=n)
    )
    assert len(got) == n
    agree = limit = 0
    for src, g, shape, ll in got:
        assert ll != "refused", (src, g)
        e = ttgir.dump(src, views=False)["layouts"]["#a"]
        assert "error" not in e, (src, e)
        u = e["uses"]["x".join(map(str, shape))]
        if "hardware points" in u.get("error", ""):  # cutedump's size limit (2^20 points), not a disagreement
            limit += 1
            continue
        layout, mine = compute(spell.parse(e["attribute"]), shape)
        assert spell.gluon(layout) == g, src
        align = u["linear_layout"].get("alignment")
        assert text.gluon_repr(mine, shape, align) == ll, src
        agree += 1
    assert (agree, limit, n) == (75, 1, 76)


DEFAULT_FOR = ORACLE / "triton_default_for.py"


def test_get_default_for_agrees_with_gluon():
    """A Gluon user's gl.NVMMASharedLayout.get_default_for(shape, gl.dtype, ...) (was refused: unknown layout) is the
    layout Gluon builds, with Triton's linear layout, over shapes, dtypes, transpositions and fp4 padding."""
    from cutedump.triton.report import compute
    from tests.oracle import triton_default_for

    n = len(triton_default_for.cases())
    key = "triton-default-for-" + hashlib.sha256(DEFAULT_FOR.read_bytes()).hexdigest()[:24]
    got = json.loads(
        records.answer(key, lambda: _compute("tests.oracle.triton_default_for"), what="get_default_for", ncases=n)
    )
    assert len(got) == n
    agree = 0
    for call, shape, g, ll in got:
        if g == "refused":
            with pytest.raises(CuteDumpError):
                compute(spell.parse(call), shape)
            agree += 1
            continue
        layout = spell.parse(call)
        assert spell.gluon(layout) == g, call
        if ll == "refused":
            with pytest.raises(CuteDumpError):
                compute(layout, shape)
        else:
            layout, mine = compute(layout, shape)
            assert text.gluon_repr(mine, shape, layout.alignment) == ll, call
        agree += 1
    assert agree == n
