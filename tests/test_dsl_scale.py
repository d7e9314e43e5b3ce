"""The CuTe DSL's scale-factor helpers (``blockscaled_utils``: BlockScaledBasicChunk.layout, tile_atom_to_shape_SF,
make_smem_layout_sf/sfa/sfb, sm103_/sm120_make_smem_layout_sfa/sfb) against nvidia-cutlass-dsl 4.8.1 traced on the
CPU (tests/oracle/gen_dsl_scale.py; answers recorded). A case agrees when cutedump's answer is the DSL's ``str()``
byte for byte, or when both refuse it."""

from __future__ import annotations

import collections
import os

import pytest

from cutedump.errors import CuteDumpError
from cutedump.expr import answer_text
from tests.oracle import gen_dsl as G
from tests.oracle import gen_dsl_scale as D


def _oracle(cases, arch):
    from tests.oracle import records as R

    why = G.dsl_unavailable()
    if why and R.mode() != "recorded":
        pytest.skip(why)
    return D.run_oracle(cases, arch)


def _agree(cases, answers):
    total, good, bad = collections.Counter(), collections.Counter(), []
    for c, (kind, want) in zip(cases, answers):
        total[c.op] += 1
        try:
            got = ("ok", answer_text(c.expr, "dsl"))
        except CuteDumpError as e:
            got = ("error", e.message)
        if (kind == "error" and got[0] == "error") or got == (kind, want):
            good[c.op] += 1
        else:
            bad.append(f"[{c.op}] {c.expr}\n   DSL: {kind} {want}\n   us:  {got[0]} {got[1]}")
    return total, good, bad


def _check_sm100(step):
    cases = D.generate()
    answers = _oracle(cases, "sm_100a")
    total, good, bad = _agree(cases[::step], answers[::step])
    assert not bad, f"{len(bad)} of {sum(total.values())} differ:\n" + "\n".join(bad[:10])
    assert set(total) == {"chunk", "tile_sf", "smem_sf", "smem_sfab", "sm120", "tmem"}
    return sum(total.values())


def test_scale_helpers_like_the_dsl_sample():
    """Every fourth case of the corpus (every family) in the default run."""
    assert _check_sm100(4) >= 190


@pytest.mark.slow
def test_scale_helpers_like_the_dsl():
    assert _check_sm100(1) >= 770


def test_sm103_helpers_like_the_dsl(monkeypatch):
    monkeypatch.setenv("CUTE_DSL_ARCH", "sm_103a")
    cases = D.generate_sm103()
    total, good, bad = _agree(cases, _oracle(cases, "sm_103a"))
    assert not bad, f"{len(bad)} of {sum(total.values())} differ:\n" + "\n".join(bad[:10])
    assert sum(total.values()) >= 100


def test_dsl_spellings_read_as_dsl():
    """``blockscaled_utils.`` marks the DSL's spelling (no --syntax needed): its integers are static."""
    e = "blockscaled_utils.tile_atom_to_shape_SF((256, 128, 1), 32)"
    assert answer_text(e) == answer_text(e, "dsl") and "?" not in answer_text(e) and "_" not in answer_text(e)
    with pytest.raises(CuteDumpError):
        answer_text("blockscaled_utils.BlockScaledBasicChunk(32, 7).layout")
    assert os.environ.get("CUTE_DSL_ARCH") != "sm_103a"
