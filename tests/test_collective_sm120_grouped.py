"""``cutedump collective --arch sm120 --grouped`` for CUTLASS 4.2's SM120 builders of grouped GEMMs (examples 79d and
87c: pointer layout tags; the block-scaled and blockwise builders' Array mainloops, SM120's PtrArray epilogue), against
CUTLASS's own builders compiled host-only (recorded answers, tests/oracle/gen_collective_sm120_grouped.py).
A sample of the generated configurations runs by default, the rest under ``-m slow``.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import Refused
from tests.oracle import gen_collective_sm120_grouped as GG
from tests.oracle.cute import unavailable_reason
from tests.oracle.cutlass_versions import answering_as
from tests.test_collective_sm103 import _diff
from tests.test_collective_sm103 import _split as _split_sm103

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

CHUNK = 8
SEED = 120
N_GENERATED = 140
N_DEFAULT = 24


def _agree(ok):
    bad = []
    for cfg, theirs in zip(ok, GG.ask(ok, CHUNK)):
        bad += _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


def _ours(cfg) -> str:
    """cutedump's answer under the run's CUTLASS: "compiles" or CUTLASS's message."""
    try:
        build(cfg, params=False)
        return "compiles"
    except Refused as e:
        return e.cutlass_message.strip()


def _split(configs):
    """sm103's split as cutedump 4.2 splits (the batches are 4.2's questions under either CUTLASS; each answer is
    compared with cutedump's under the run's: 4.7 builds ptr-array 6/8-bit configurations 4.2 refuses)."""
    with answering_as("4.2"):
        return _split_sm103(configs)


def _refusals_agree(refused, chunk=12):
    theirs = [t for i in range(0, len(refused), chunk) for t in GG.refusals([c for c, _ in refused[i : i + chunk]])]
    bad = [f"{c}: CUTLASS {t!r} / ours {_ours(c)!r}" for (c, _), t in zip(refused, theirs) if t.strip() != _ours(c)]
    assert not bad, f"{len(bad)} of {len(refused)} refusals disagree:\n" + "\n".join(bad[:10])


@oracle
@pytest.mark.parametrize("name", ["79d", "87c"])
def test_examples_agree_with_cutlass_field_by_field(name):
    cfgs = GG.examples()[name]
    for cfg, theirs in zip(cfgs, GG.ask(cfgs, CHUNK)):
        assert "Array" in theirs["mainloop"]["dispatch_policy"]["name"]
        bad = _diff(cfg, theirs, build(cfg, params=False).fields)
        assert not bad, "\n".join(bad)


EX79D = (
    "--arch sm120 --grouped --a nv_float4_t<float_e2m1_t>:RowMajor --b nv_float4_t<float_e2m1_t>:ColumnMajor "
    "--c bfloat16_t:RowMajor --d bfloat16_t:RowMajor --tile 128,128,128 --alignment-a 32 --alignment-b 32 "
    "--schedule KernelPtrArrayTmaWarpSpecializedPingpong"
).split()


def _cli(args, fmt="json"):
    return subprocess.run(
        [sys.executable, "-m", "cutedump", "collective", *args, "--format", fmt, "--lang", "en"],
        capture_output=True,
        text=True,
    )


def test_text_and_json_of_a_grouped_answer():
    r, t = _cli(EX79D), _cli(EX79D, "text")
    assert r.returncode == 0 and t.returncode == 0, r.stderr + t.stderr
    got, text = json.loads(r.stdout), t.stdout
    dp = got["mainloop"]["dispatch_policy"]
    assert got["configuration"]["grouped"] is True and "grouped (ptr-array" in text
    assert dp["name"] == "MainloopSm120ArrayTmaWarpSpecializedBlockScaled"
    assert dp["schedule"] == "KernelPtrArrayTmaWarpSpecializedPingpongBlockScaledSm120"
    assert f"dispatch policy  {dp['name']}<{dp['stages']}, 3, {dp['cluster_shape']}, {dp['schedule']}<3>>" in text
    assert got["epilogue"]["dispatch_policy"]["name"] == "Sm90PtrArrayTmaWarpSpecialized"
    assert "Sm90PtrArrayTmaWarpSpecialized<StagesC" in text
    # a non-grouped schedule of the block-scaled builder with --grouped: CUTLASS's static_assert, one line
    r = _cli([*EX79D[:-1], "KernelTmaWarpSpecializedNvf4Sm120"], "text")
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "Invalid builder schedule tag for grouped GEMM" in r.stderr


@oracle
def test_generated_sample_agrees_with_cutlass():
    ok, refused = _split(GG.generated(N_DEFAULT, SEED))
    assert len(ok) >= 10 and len(refused) >= 4
    _agree(ok)
    _refusals_agree(refused)


@oracle
@pytest.mark.slow
def test_generated_configurations_agree_with_cutlass():
    ok, refused = _split(GG.generated(N_GENERATED, SEED))
    assert len(ok) >= 60
    _agree(ok)
    _refusals_agree(refused)
