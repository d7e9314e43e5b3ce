"""`cutedump triton --ttgir`: TTGIR compiled by triton.compile from real small kernels (tests/oracle/triton_kernels.py:
matmuls for sm80/sm90 in f16, f32, fp8, a pipelined loop, a batched matmul, a softmax, a transpose), and Triton's
own linear layout of every tensor/memdesc value of each file (the TTGIR parsed back by triton). Every alias use
cutedump dumps must be one of Triton's values with the same layout and shape and the same linear layout; every
value Triton reads with an aliased layout must be among cutedump's uses."""

import hashlib
import json
from pathlib import Path

import pytest

from cutedump.triton import spell, text, ttgir
from tests.oracle import records

SRC = Path(__file__).resolve().parent / "oracle" / "triton_kernels.py"


def _compute():
    import subprocess
    import sys

    p = subprocess.run(
        [sys.executable, "-m", "tests.oracle.triton_kernels"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    if p.returncode:
        raise RuntimeError(p.stderr[-2000:])
    return p.stdout


@pytest.fixture(scope="module")
def kernels():
    key = "triton-ttgir-" + hashlib.sha256(SRC.read_bytes()).hexdigest()[:24]
    return json.loads(records.answer(key, _compute, what="TTGIR of the small Triton kernels", ncases=9))


def test_every_alias_use_agrees_with_triton(kernels):
    assert len(kernels) >= 9
    uses = 0
    for name, k in kernels.items():
        triton_ll = {(g, tuple(s)): r for g, s, r in k["values"]}
        d = ttgir.dump(k["ttgir"], views=False)["layouts"]
        assert d, name
        objs = {}
        for alias, e in d.items():
            objs[alias] = spell.parse(e["attribute"], objs)
        aliased = {spell.gluon(spell.resolve_linear(o, [1, 1])) for o in objs.values()}
        mine = set()
        for alias, e in d.items():
            for shape_text, u in e["uses"].items():
                shape = tuple(int(x) for x in shape_text.split("x"))
                assert "error" not in u, (name, alias, shape_text, u)
                f = u["linear_layout"]
                from cutedump.triton.report import compute

                layout, ll = compute(objs[alias], list(shape))
                g = spell.gluon(layout)
                assert (g, shape) in triton_ll, (name, alias, g, shape)
                align = f.get("alignment")
                assert text.gluon_repr(ll, shape, align) == triton_ll[(g, shape)], (name, alias, shape)
                assert f == text.fields(ll, list(shape), align)
                mine.add((g, shape))
                uses += 1
        for g, shape in triton_ll:
            if g in aliased:
                assert (g, shape) in mine, (name, g, shape)
    assert uses >= 70


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
