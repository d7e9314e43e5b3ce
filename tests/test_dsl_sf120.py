"""The CuTe DSL's tensors in the block-scaled and GeForce (SM120) kernels against nvidia-cutlass-dsl 4.8.1 traced on the
CPU (tests/oracle/gen_dsl_sf120.py; answers recorded): the layout functions over a tensor, register tensors
(make_rmem_tensor, make_rmem_tensor_like, make_fragment_like), the scale factors' descriptor tensor
(get_s2t_smem_desc_tensor: its type, slices, iterator) and the GeForce examples' register fragments of the scale
factors (sm120_utils.partition_fragment_SFA/SFB). A case agrees when cutedump's answer is the DSL's ``str()`` byte for
byte (the descriptor's MLIR iterator read as tests/test_dsl_s2t.py reads it), or when both refuse it. Fresh cases:
CUTEDUMP_DSL_SF120_SEED."""

from __future__ import annotations

import os

import pytest

from cutedump.errors import CuteDumpError
from cutedump.expr import answer_text
from tests.oracle import gen_dsl as G
from tests.oracle import gen_dsl_sf120 as F
from tests.test_dsl_s2t import agree

FAMILIES = {"tensor_fn", "rmem", "desc", "pfrg", "mma", "umma", "swz"}


def _check(monkeypatch, cases, step, fresh=False):
    from tests.oracle import records as R

    if R.mode() != "recorded" or fresh:
        why = G.dsl_unavailable()
        if why:
            pytest.skip(why)
    answers = F.run_oracle(cases, fresh)
    n, bad = 0, []
    for fam in sorted(FAMILIES):  # each family evaluated under the arch it was traced with
        monkeypatch.setenv("CUTE_DSL_ARCH", F.ARCH[fam])
        pick = [(c, a) for c, a in zip(cases, answers) if c.op == fam][::step]
        total, wrong = agree([c for c, _ in pick], [a for _, a in pick])
        n += sum(total.values())
        bad += wrong
    assert not bad, f"{len(bad)} of {n} differ:\n" + "\n".join(bad[:10])
    return n


def test_sf120_tensors_like_the_dsl_sample(monkeypatch):
    """Every seventh case of each family (the default run; all of them: the slow test)."""
    cases = F.generate()
    assert {c.op for c in cases} == FAMILIES
    assert _check(monkeypatch, cases, 7) >= 50


@pytest.mark.slow
def test_sf120_tensors_like_the_dsl(monkeypatch):
    assert _check(monkeypatch, F.generate(), 1) >= 620


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("CUTEDUMP_DSL_SF120_SEED"), reason="fresh cases: set CUTEDUMP_DSL_SF120_SEED")
def test_sf120_tensors_fresh_cases(monkeypatch):
    _check(monkeypatch, F.generate(int(os.environ["CUTEDUMP_DSL_SF120_SEED"]), 60), 1, fresh=True)


def test_partition_fragment_sfa_reads_the_example(monkeypatch):
    """The GeForce example's line (dense_blockscaled_gemm_persistent_cooperative.py:662), one stage of sSFA of the
    NVFP4 128x128x128 configuration; the DSL 4.8.1 prints the fragment below (traced with CUTE_DSL_ARCH=sm_120a),
    whatever the thread index (a run-time one included)."""
    monkeypatch.setenv("CUTE_DSL_ARCH", "sm_120a")
    tm = (
        "cute.make_tiled_mma(cute.nvgpu.warp.MmaMXF4NVF4Op(cutlass.Float4E2M1FN, cutlass.Float32, cutlass.Float8E4M3FN), "
        "cute.make_layout((4, 2, 1)), permutation_mnk=sm120_utils.get_permutation_mnk((128, 128, 128), 16, False))"
    )
    s = (
        "cute.make_tensor(cute.make_ptr(cutlass.Float8E4M3FN, 0, cute.AddressSpace.smem, assumed_align=1024), "
        f"blockscaled_utils.sm120_make_smem_layout_sf{{w}}({tm}, (128, 128, 128), 16, 3))[None, None, 0]"
    )
    want = {
        "A": "tensor<ptr<f8E4M3FN, rmem, align<32>> o ((16,4),2,2):((0,1),4,8)>",
        "B": "tensor<ptr<f8E4M3FN, rmem, align<32>> o ((16,4),(2,4),2):((0,1),(16,4),32)>",
    }
    for w in "AB":
        for tidx in ("0", "37", "cutlass.Int32(37)"):
            e = f"sm120_utils.partition_fragment_SF{w}({s.format(w=w.lower())}, {tm}.get_slice({tidx}), {tidx})"
            assert answer_text(e, "dsl") == want[w]
    with pytest.raises(CuteDumpError, match="AttributeError"):
        answer_text(f"sm120_utils.partition_fragment_SFA(cute.make_layout((128, 8)), {tm}, 0)", "dsl")


def test_tensor_layout_functions_keep_the_iterator():
    """cute.flatten of a tensor flattens its layout (it was answered as the tensor unchanged); cute.size of a tensor
    is its layout's (it was refused). The DSL 4.8.1 prints these (traced with CUTE_DSL_ARCH=sm_100a)."""
    t = (
        "cute.make_tensor(cute.make_ptr(cutlass.Float16, 0, cute.AddressSpace.smem, assumed_align=128), "
        "cute.make_layout(((4, 8), 2, 6), stride=((16, 1), 0, 64)))"
    )
    assert answer_text(f"cute.flatten({t})", "dsl") == "tensor<ptr<f16, smem, align<128>> o (4,8,2,6):(16,1,0,64)>"
    assert answer_text(f"cute.size({t})", "dsl") == "384"
    assert answer_text(f"{t}.type", "dsl") == '!cute.memref<f16, smem, align<128>, "((4,8),2,6):((16,1),0,64)">'
    assert answer_text(f"cute.make_fragment_like({t})", "dsl") == (
        "tensor<ptr<f16, rmem, align<32>> o ((4,8),2,6):((8,1),0,32)>"
    )
    assert answer_text(f"{t}[None, 1, 0]", "dsl") == "tensor<ptr<f16, smem, align<128>> o ((4,8)):((16,1))>"
