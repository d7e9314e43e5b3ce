"""``cutedump collective`` for CUTLASS 4.2's SM100 block-scaled builders and the SM100 no-smem epilogue's every
field (issue 44, items 1, 5, 7), against CUTLASS's own builders compiled host-only (recorded answers,
tests/oracle/gen_collective_bs.py).

Examples 72a/b/c as their sources write them; generated block-scaled configurations (every wrapper pair, both
majors, 1SM/2SM/Auto and every block-scaled schedule, refusals included) field by field or refused with CUTLASS's
static_assert; generated no-smem epilogues with StagesC/StagesD/EpilogueTile. A sample runs by default, the rest
under ``-m slow``.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_bs as B
from tests.oracle.cute import unavailable_reason
from tests.oracle.gen_collective import field_diff as _diff

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

CHUNK = 12


def _split(configs):
    ok, refused = [], []
    for c in configs:
        try:
            build(c, params=False)
            ok.append(c)
        except Refused:
            refused.append(c)
        except NotModelled:
            pass
    return ok, refused


def _agree(ok):
    bad = []
    for cfg, theirs in zip(ok, B.ask(ok, CHUNK)):
        bad += _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


@functools.lru_cache(maxsize=1)
def _examples():
    ex = B.examples()
    cfgs = [c for v in ex.values() for c in v]
    return ex, dict(zip(cfgs, B.ask(cfgs, CHUNK)))


@oracle
@pytest.mark.parametrize("name", ["72a", "72b", "72c"])
def test_example_72_agrees_with_cutlass_field_by_field(name):
    ex, answers = _examples()
    for cfg in ex[name]:
        theirs = answers[cfg]
        assert "smem_layout_sfa" in theirs["mainloop"]
        bad = _diff(cfg, theirs, build(cfg, params=False).fields)
        assert not bad, "\n".join(bad)


EX72A = (
    "--arch sm100 --a nv_float4_t<float_e2m1_t>:RowMajor --b nv_float4_t<float_e2m1_t>:ColumnMajor "
    "--c bfloat16_t:RowMajor --d bfloat16_t:RowMajor --acc float --tile 256,256,256 --cluster 2,4,1 "
    "--alignment-a 32 --alignment-b 32"
).split()


def _cli(args, fmt="json"):
    r = subprocess.run(
        [sys.executable, "-m", "cutedump", "collective", *args, "--format", fmt], capture_output=True, text=True
    )
    return r


@oracle
def test_example_72a_command_line_is_cutlass_answer():
    # the command line a user types for example 72a, against CUTLASS's collectives of the example
    r = _cli(EX72A)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    ex, answers = _examples()
    theirs = answers[ex["72a"][0]]
    bad = _diff("72a", theirs, {k: got[k] for k in ("mainloop", "epilogue")})
    assert not bad, "\n".join(bad)
    assert got["configuration"]["a"]["element"] == "nv_float4_t<float_e2m1_t>"


def test_text_names_what_the_json_holds_and_the_scale_command_agrees():
    r, t = _cli(EX72A), _cli(EX72A, "text")
    assert r.returncode == 0 and t.returncode == 0, r.stderr + t.stderr
    got, text = json.loads(r.stdout), t.stdout
    m = got["mainloop"]
    assert "OpClassBlockScaledTensorOp" in text.splitlines()[0]
    rows = {ln[2:18].strip(): ln[19:] for ln in text.splitlines() if ln.startswith("  ") and len(ln) > 19}
    assert rows["TMA SFA"] == m["gmem_tiled_copy_sfa"] and rows["TMA SFB"] == m["gmem_tiled_copy_sfb"]
    assert rows["SF vector size"].split()[0] == str(m["sf_vec_size"])
    sf = got["configuration"]["a"]["block_scaled"]
    assert rows["SF vector size"] == f"{m['sf_vec_size']} ({sf['scale_factor_type']} scale factors)"
    assert sf == {
        "wrapper": "nv_float4_t",
        "data_type": "float_e2m1_t",
        "scale_factor_type": "float_ue4m3_t",
        "sf_vec_size": 16,
    }
    for k in ("smem_layout_atom_sfa", "smem_layout_atom_sfb", "smem_layout_sfa", "layout_sfa", "layout_sfb"):
        assert f"{k}: {m[k]}" in text
    line = next(ln for ln in text.splitlines() if "cutedump scale" in ln)
    cmd = line.split(": ", 1)[1]
    assert cmd == got["scale_command"]
    # the scale command's own answer (the scale engine) holds the same per-stage smem layouts
    s = subprocess.run(
        [sys.executable, "-m", "cutedump", *cmd.split()[1:], "--format", "json"], capture_output=True, text=True
    )
    assert s.returncode == 0, s.stderr
    smem = json.loads(s.stdout)["smem"]
    assert smem["sfa"]["layout"] == m["smem_layout_atom_sfa"] and smem["sfb"]["layout"] == m["smem_layout_atom_sfb"]
    # the UMMA descriptors are printed as the dense collective's are (checked: tests/test_collective_bs_descriptors.py)
    assert f"  idesc_: {got['descriptors']['idesc_']}  (UMMA::make_instr_desc_block_scaled of" in text


def _generated(seed):
    return _split(B.generated(100, seed))


@oracle
def test_generated_block_scaled_sample_agrees_with_cutlass():
    ok, _ = _generated(1)
    assert len(ok) >= 30
    _agree(ok[:CHUNK])


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_generated_block_scaled_configurations_agree_with_cutlass(seed):
    ok, _ = _generated(seed)
    assert len(ok) >= 40
    _agree(ok)


def _kept(seed):
    """The generated configurations cutedump answers or refuses (not the not-modelled ones), in order."""
    keep = []
    for c in B.generated(100, seed):
        try:
            build(c, params=False)
        except Refused:
            pass
        except NotModelled:
            continue
        keep.append(c)
    return keep


@oracle
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_generated_block_scaled_configurations_are_refused_exactly_when_cutlass_refuses(seed):
    # each configuration its own translation unit: CUTLASS's first static_assert, or "compiles"
    cases = _kept(seed)
    got = B.refusals(cases)
    bad, refused = G.verdict_diff(cases, got)
    assert not bad, f"{len(bad)} of {len(cases)} disagree:\n" + "\n".join(bad[:10])
    assert len(cases) >= 90 and 30 <= refused <= len(cases) - 30


@oracle
def test_sm100_no_smem_epilogue_has_every_field_of_the_collective():
    # Sm100NoSmem's StagesC/StagesD (1, 1) and the collective's EpilogueTile (item 5)
    ok, _ = _split(B.nosmem(24, 1))
    assert len(ok) >= 16
    _agree(ok)
    for c in ok:
        ep = build(c, params=False).fields["epilogue"]
        assert ep["dispatch_policy"]["stages_c"] == 1 and ep["dispatch_policy"]["stages_d"] == 1


@pytest.mark.parametrize(
    "args, builder",
    [
        (["--a", "float_e2m1_t", "--b", "float_e2m1_t"], "sm100_umma_builder.inl"),
        (
            # a sub-byte D is modelled (example 72b, tests/test_collective_fusion_sm100.py); a sub-byte C is not
            ["--a", "nv_float4_t<float_e2m1_t>", "--b", "nv_float4_t<float_e2m1_t>", "--c", "float_e2m1_t"],
            "epilogue/collective/builders/sm100_builder.inl",
        ),
        (
            # SM100's mixed-input builder with a dynamic cluster (with Auto, int4b_t x half_t is CUTLASS's refusal:
            # tests/test_collective_mixed100.py)
            [
                "--a",
                "int4b_t",
                "--b",
                "half_t",
                "--cluster",
                "dynamic",
                "--schedule",
                "KernelTmaWarpSpecialized1SmMixedInputSm100",
            ],
            "sm100_mixed_input_umma_builder.inl",
        ),
        (["--a", "nv_float4_t<float_e2m1_t>", "--b", "bfloat16_t"], "sm100_umma_builder.inl"),
        (["--arch", "sm90", "--a", "mx_float8_t<float_e4m3_t>", "--b", "mx_float8_t<float_e4m3_t>"], "sm100"),
    ],
)
def test_not_modelled_names_the_builder_cutlass_would_use(args, builder):
    from cutedump.commands._collective import collective_text
    from cutedump.errors import CuteDumpError

    kw = {"arch": "sm100", "d": "bfloat16_t", "tile": "128,128,128"}
    for i in range(0, len(args), 2):
        kw[args[i].lstrip("-")] = args[i + 1]
    with pytest.raises(CuteDumpError) as e:
        collective_text(**kw)
    msg = str(e.value)
    assert builder in msg and "not model" in msg, msg


def test_not_modelled_is_one_error_line():
    # (sm103: tests/test_collective_sm103.py; here SM100's mixed-input builder with a dynamic cluster, not modelled)
    r = _cli(
        ["--arch", "sm100", "--a", "int4b_t", "--b", "half_t", "--d", "bfloat16_t", "--tile", "128,128,256"]
        + ["--cluster", "dynamic", "--schedule", "KernelTmaWarpSpecialized1SmMixedInputSm100"],
        "text",
    )
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    assert "sm100_mixed_input_umma_builder.inl" in lines[0] and "not modelled" in lines[0] and r.stdout == ""


@oracle
def test_schedule_of_the_other_builder_is_refused_as_cutlass_refuses_it():
    # a block-scaled schedule with dense types (OpClassTensorOp) and a dense schedule with block-scaled types: no
    # builder specializes on them (collective_builder_decl.hpp's "Could not build a collective ...")
    cases = B.schedule_mismatches()
    got = B.refusals(cases)
    for cfg, theirs in zip(cases, got):
        with pytest.raises(Refused) as e:
            build(cfg, params=False)
        assert e.value.cutlass_message.strip() == theirs.strip() != "compiles", cfg


@pytest.mark.parametrize(
    "example, kw, builder",
    [
        # example 89 (sm103_fp4_ultra_gemm): its schedule is an alias CUTLASS declares with `using`
        (
            "89",
            {
                "a": "nv_float4_t<float_e2m1_t>",
                "b": "nv_float4_t<float_e2m1_t>",
                "d": "bfloat16_t",
                "tile": "128,128,768",
                "cluster": "2,4,1",
                "alignment_a": "32",
                "alignment_b": "32",
                "schedule": "KernelTmaWarpSpecialized1SmBlockScaledMxNvf4UltraVs16Sm103",
            },
            "sm103_blockscaled_umma_builder.inl",
        ),
    ],
)
def test_example_89_names_its_builder_as_not_modelled(example, kw, builder):
    from cutedump.commands._collective import collective_text
    from cutedump.errors import CuteDumpError

    # (--arch sm103 answers example 89: tests/test_collective_sm103.py)
    for arch in ("sm100", "sm103") if example == "81" else ("sm100",):
        with pytest.raises(CuteDumpError) as e:
            collective_text(arch=arch, **kw)
        msg = str(e.value)
        # a schedule another --arch models names that --arch (example 89's: --arch sm103 answers it)
        assert ("not model" in msg and builder in msg) or "ask it with --arch sm103" in msg, msg
        assert "not a CUTLASS 4.2 schedule name" not in msg
