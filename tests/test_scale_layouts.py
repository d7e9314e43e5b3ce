"""CUTLASS 4.2's scale-factor layouts in the eval language against real CUTLASS (tests/oracle/gen_scale.py):
Sm1xx/Sm103 basic chunks and block-scaled configs, deduce_smem_layoutSFA/B over the SM100 block-scaled UMMA atoms, the
blockwise configs, and the static_asserts CUTLASS refuses with."""

from __future__ import annotations

import re

import pytest

from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate_to_string
from tests.oracle import gen_scale as G
from tests.oracle.cute import diff_cases, refusal_verdicts, run_chunked, unavailable_reason

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

CHUNK = 400


def _check(cases):
    outs = run_chunked(cases, CHUNK, prelude=G.PRELUDE)
    bad = diff_cases(cases, outs)
    assert not bad, f"{len(bad)} of {len(cases)} differ:\n" + "\n".join(bad[:20])
    return len(cases)


@oracle
def test_chunks_and_deduced_layouts_like_cutlass():
    assert _check(G.atom_cases()) == 108


@oracle
def test_tile_atom_to_shape_like_cutlass():
    assert _check(G.tile_cases()) == 360


@oracle
def test_deduce_smem_layout_like_cutlass():
    assert _check(G.smem_cases()) == 240


@oracle
def test_blockwise_like_cutlass():
    assert _check(G.blockwise_cases()) == 364


@oracle
def test_output_tensor_and_runtime_configs_like_cutlass():
    assert _check(G.other_cases()) == 154


def _refusal_verdicts(cases) -> list[str]:
    return refusal_verdicts(G.PRELUDE, [body for _, body, _ in cases], "scale-rej-", "refused scale-factor cases")


@oracle
def test_refusals_like_cutlass():
    """What CUTLASS does not compile, cutedump refuses, quoting the static_assert CUTLASS fails."""
    cases = G.refused_cases()
    verdicts = _refusal_verdicts(cases)
    bad = []
    for (expr, _, why), got in zip(cases, verdicts):
        if got == "compiles" or (why is not None and why not in got):
            bad.append(f"CUTLASS: {expr}: {got}")
        try:
            evaluate_to_string(expr)
            bad.append(f"cutedump accepts {expr}")
        except CuteDumpError as e:
            if why is not None and why not in e.message:
                bad.append(f"cutedump: {expr}: {e.message}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(
    "expr,msg",
    [
        ("cutlass::detail::Sm1xxBlockScaledConfig<32>::tile_atom_to_shape_SFC(make_shape(128,128,128))", "no member"),
        ("cutlass::detail::Sm1xxBlockScaledConfig<32,16>::deduce_layoutSFA()", "takes one template argument"),
        ("cutlass::detail::Sm1xxBlockScaledConfig<32>::deduce_layoutSFA", "is a function"),
        ("cutlass::detail::Sm1xxBlockScaledBasicChunk<32, UMMA::Major::X>::SfAtom{}", "UMMA::Major::K or"),
        ("cutlass::detail::Sm90BlockwiseScaleConfig<1,128,128,UMMA::Major::K>::deduce_layoutSFA()", "GMMA::Major"),
        ("cutlass::detail::Sm1xxBlockScaledConfig<32>::tile_atom_to_shape_SFA(make_shape(1,2,3,4,5))", "rank 5"),
        (
            "cutlass::detail::Sm1xxBlockScaledConfig<32>::deduce_smem_layoutSFA(_1{}, make_shape(_128{},_128{},_128{}))",
            "expected a tiled MMA",
        ),
    ],
)
def test_errors(expr, msg):
    with pytest.raises(CuteDumpError, match=re.escape(msg)):
        evaluate_to_string(expr)
