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
                shape = tuple(int(x) for x in shape_text.split("x"))
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
    assert agree >= 450 and refused <= 60, (agree, refused)


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
