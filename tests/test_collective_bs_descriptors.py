"""The UMMA descriptors of SM100 block-scaled collectives (issue 44: where the dense collective prints them): the
smem descriptors of A and B (every k-block of stage 0) and the TiledMMA's idesc_, against what CUTLASS 4.2's
block-scaled collective's own mma_init makes (TiledMma::make_fragment_A/B over SmemLayoutA/B; the builder's
CollectiveOp compiled host-only, one translation unit per configuration: tests/oracle/gen_collective_bs_tma.py)."""

from __future__ import annotations

import pytest

from cutedump.collective.build import build
from cutedump.commands._collective import umma_descs
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_bs_tma as X
from tests.oracle.cute import run_cases
from tests.test_collective_bs_problem import CONFIGS, _cfg


@pytest.fixture(scope="module")
def cutlass():
    return [G.parse_answer(run_cases([X.umma_desc_body(_cfg(*c))], prelude=X.PRELUDE, extra_flags=X.FLAGS)[0])
            for c in CONFIGS]  # fmt: skip


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_block_scaled_umma_descriptors_are_cutlass_mma_init_descriptors(cutlass, i):
    host = "ERROR: cast_smem_ptr_to_uint not supported but used."
    theirs = {k: "\n".join(x for x in v.split("\n") if x != host) for k, v in cutlass[i].items()}
    ours = umma_descs(build(_cfg(*CONFIGS[i])))
    mine = {w: "\n".join(f"{d:016x}" for d in ours[w][2]) for w in "AB"}
    mine["idesc"] = f"{ours['idesc']:08x}"
    assert mine == {k: theirs[k] for k in ("A", "B", "idesc")}


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_block_scaled_descriptor_lines_are_the_json(i):
    """The text's descriptor lines state what JSON `descriptors` holds (the block-scaled idesc_ named as
    make_instr_desc_block_scaled's)."""
    import json

    from tests.test_collective_bs_problem import _run

    a, b, tile, cluster = CONFIGS[i]
    args = ["collective", "--arch", "sm100", "--a", a, "--b", b, "--c", "bfloat16_t", "--d", "bfloat16_t",
            "--tile", tile, "--cluster", cluster]  # fmt: skip
    code, text, err = _run(args)
    assert code == 0, err
    d = json.loads(_run([*args, "--format", "json"])[1])["descriptors"]
    assert d["idesc_kind"] == "InstrDescriptorBlockScaled"
    for w in "AB":
        first = d[w]["k_blocks"][0]
        assert f"  {w}: {first}  ({d[w]['major']}-major {d[w]['element']}:" in text
    ids = d["idesc_sf_ids"]
    assert (
        f"  idesc_: {d['idesc_']}  (UMMA::make_instr_desc_block_scaled of {d['idesc_of']}: the scale factors' TMEM "
        f"ids a_sf_id_ {ids['a_sf_id_']} and b_sf_id_ {ids['b_sf_id_']}, set by the mainloop per MMA)"
    ) in text
