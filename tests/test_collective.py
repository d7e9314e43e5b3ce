"""``cutedump collective`` against CUTLASS 4.2's own CollectiveBuilders (host-only g++, recorded answers).

Generated SM90 configurations (every type pair the SS builder takes, both majors, tiles 64..256, clusters 1..4 per
mode, explicit/Auto schedules and stages, carveouts, TMA and no-smem epilogues, with and without a source) are
compared field by field with what CUTLASS's builders instantiate (tests/oracle/gen_collective.py); configurations
CUTLASS refuses must be refused with CUTLASS's static_assert message. A cheap sample runs by default, the rest
under ``-m slow``. The command's words are read back and compared with its JSON fields.
"""

from __future__ import annotations

import collections
import json
import re
import subprocess
import sys

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from tests.oracle import gen_collective as G
from tests.oracle.cute import unavailable_reason
from tests.oracle.cutlass_versions import answering_as

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

CHUNK = 24


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


def _built_as_42(cases, params: bool) -> list:
    """The configurations cutedump builds as CUTLASS 4.2 (which its refusal batches compare with CUTLASS 4.2's): a
    field batch of them is the same question under either version."""
    ok = []
    with answering_as("4.2"):
        for c in cases:
            try:
                build(c, params=params)
                ok.append(c)
            except (Refused, NotModelled):
                pass
    return ok


def _diff(cfg, theirs: dict, ours: dict, path="") -> list[str]:
    if path == "" and "epilogue" in theirs and "stages_c" not in theirs["epilogue"].get("dispatch_policy", {}):
        # these batches' printer (collective_prelude.h's cd_epilogue) asks the no-smem epilogue for its name and
        # SharedStorage only; its StagesC/StagesD/EpilogueTile are compared in tests/test_collective_bs.py
        ours = {**ours, "epilogue": dict(ours["epilogue"])}
        ours["epilogue"].pop("epilogue_tile", None)
        ours["epilogue"]["dispatch_policy"] = {
            k: v for k, v in ours["epilogue"]["dispatch_policy"].items() if k not in ("stages_c", "stages_d")
        }
    bad = []
    for k in sorted(set(theirs) | set(ours)):
        a, b = theirs.get(k), ours.get(k)
        if isinstance(a, dict) and isinstance(b, dict):
            bad += _diff(cfg, a, b, f"{path}{k}.")
        elif a != b:
            bad.append(f"{cfg}: {path}{k}: CUTLASS {str(a)[:200]!r} / ours {str(b)[:200]!r}")
    return bad


def _agree(configs, sample: int | None = None, least: float = 0.75):
    """CUTLASS's fields (one recorded batch) against ours for the configurations we build; ``sample``: compare only
    that many, spread over the batch (the default run's budget), all of them under -m slow."""
    with answering_as("4.2"):  # 4.2's questions under either version (their records pair)
        ok, _ = _split(configs)
    assert len(ok) >= len(configs) * least, "the generator should mostly draw configurations CUTLASS builds"
    pairs = list(zip(ok, G.ask(ok, CHUNK)))
    if sample is not None:
        pairs = pairs[:: max(1, len(pairs) // sample)][:sample]
    bad = []
    for cfg, theirs in pairs:
        bad += _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, "\n".join(bad[:10])
    return [c for c, _ in pairs]


@oracle
def test_sm90_sample_agrees_with_cutlass_field_by_field():
    ok = _agree(G.sm90_configs(24, 1), sample=8)
    # the sample covers both epilogue kinds and both TMA ops
    kinds = {build(c, params=False).fields["epilogue"]["dispatch_policy"]["name"] for c in ok}
    assert kinds == {"EpilogueDefault", "Sm90TmaWarpSpecialized"}


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 10))
def test_sm90_generated_configurations_agree_with_cutlass(seed):
    _agree(G.sm90_configs(CHUNK, seed))


@oracle
def test_sm90_rs_sample_agrees_with_cutlass_field_by_field():
    # the RS builder: A from registers; SwapAB (A K-major, B MN-major) and B transposed in smem (both MN-major)
    ok = _agree(G.sm90_rs_configs(CHUNK, 1), sample=4, least=0.4)
    assert {build(c, params=False).fields["mainloop"]["dispatch_policy"]["name"] for c in ok} == {
        "MainloopSm90TmaGmmaRmemAWarpSpecialized"
    }
    assert {(build(c, params=False).mainloop.swap_ab, build(c, params=False).mainloop.transpose_b) for c in ok} >= {
        (True, False),
        (False, True),
    }


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 5))
def test_sm90_rs_configurations_agree_with_cutlass(seed):
    _agree(G.sm90_rs_configs(CHUNK, seed), least=0.4)


@oracle
def test_sm90_cp_async_sample_agrees_with_cutlass_field_by_field():
    ok = _agree(G.sm90_cp_async_configs(CHUNK, 1), sample=3, least=0.25)
    assert all(build(c, params=False).fields["mainloop"]["gmem_tiled_copy_a"] == "TiledCopy" for c in ok)


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 4))
def test_sm90_cp_async_configurations_agree_with_cutlass(seed):
    _agree(G.sm90_cp_async_configs(CHUNK, seed), least=0.25)


def _refusals_agree(cases, all_refused=True):
    """Each configuration is refused by CUTLASS (its first static_assert, or its first error for the few that fail
    without one) exactly when we refuse it, with the same message."""
    got = G.refusals(cases)
    _compare_refusals(cases, got)
    if all_refused:
        assert "compiles" not in got
    return got


def _compare_refusals(cases, got, params=False):
    """``params``: the batch instantiated the mainloop's Params too (G.refusals(..., params=True)), as kernels do;
    the other batches instantiate the collectives' classes and SharedStorage, and are compared with that."""
    bad = []
    for cfg, theirs in zip(cases, got):
        try:
            build(cfg, params=params)
            ours = "compiles"
        except Refused as e:
            ours = e.cutlass_message.strip()
        except NotModelled as e:
            ours = f"not modelled: {e}"
        theirs = theirs.strip()
        theirs = theirs[len("error: ") :] if theirs.startswith("error: ") else theirs
        if ours != theirs:
            bad.append(f"{cfg}: CUTLASS {theirs!r} / ours {ours!r}")
    assert not bad, f"{len(bad)} of {len(cases)} disagree:\n" + "\n".join(bad[:10])


@oracle
def test_sm100_sample_agrees_with_cutlass_field_by_field():
    ok = _agree(G.sm100_configs(CHUNK, 1))
    ops = {build(c, params=False).fields["mainloop"]["gmem_tiled_copy_a"] for c in ok}
    assert "SM90_TMA_LOAD" in ops and any(o.startswith("SM100_TMA_2SM") for o in ops)


@oracle
def test_sm100_no_smem_epilogues_agree_with_cutlass():
    ok = _agree(G.sm100_nosmem())
    assert {build(c, params=False).fields["epilogue"]["dispatch_policy"]["name"] for c in ok} == {"Sm100NoSmem"}


def _umma_descs_both(cfg, theirs):
    """CUTLASS's descriptors (its host build's smem-address warning line dropped: start address 0, as ours unset)
    and ours (the text answer's: every k-block of stage 0 for A and B, and idesc_), spelled alike."""
    from cutedump.commands._collective import umma_descs

    host = "ERROR: cast_smem_ptr_to_uint not supported but used."
    theirs = {k: "\n".join(x for x in v.split("\n") if x != host) for k, v in theirs.items()}
    ours = umma_descs(build(cfg))
    mine = {w: "\n".join(f"{d:016x}" for d in ours[w][2]) for w in "AB"}
    mine["idesc"] = f"{ours['idesc']:08x}"
    return theirs, mine


@oracle
def test_sm100_umma_descriptors_are_cutlass_mma_init_descriptors():
    # the descriptors the text answer prints (every k-block of stage 0, A and B) and the idesc_, against what the
    # collective's own mma_init makes (TiledMma::make_fragment_A/B over SmemLayoutA/B, CUTLASS's types)

    ok, _ = _split(G.sm100_configs(CHUNK, 1) + G.sm100_nosmem())
    ok = ok[::2]
    bad = []
    for cfg, theirs in zip(ok, G.ask_umma_descs(ok)):
        theirs, mine = _umma_descs_both(cfg, theirs)
        if mine != theirs:
            bad.append(f"{cfg}: CUTLASS {theirs} / ours {mine}")
    assert len(ok) >= 10 and not bad, "\n".join(bad[:5])
    assert any(build(c, params=False).mainloop.major_b == "MN" for c in ok) and any(
        build(c, params=False).mainloop.is_2sm for c in ok
    )


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2, 5))
def test_sm100_generated_configurations_agree_with_cutlass(seed):
    _agree(G.sm100_configs(CHUNK, seed))


@oracle
def test_sm100_refused_configurations_quote_cutlass():
    _refusals_agree(G.sm100_refused())


@oracle
def test_refused_configurations_quote_cutlass():
    _refusals_agree(G.sm90_refused())


@oracle
@pytest.mark.slow
@pytest.mark.parametrize(
    "gen,seed,n",
    [
        ("sm90_rs_configs", 1, CHUNK),
        ("sm90_rs_configs", 2, CHUNK),
        ("sm90_cp_async_configs", 1, CHUNK),
        ("sm90_cp_async_configs", 2, CHUNK),
        ("sm90_broad", 1, 120),
        ("sm90_broad", 2, 120),
        ("sm100_broad", 1, 120),
        ("sm100_broad", 2, 120),
    ],
)
def test_generated_configurations_are_refused_exactly_when_cutlass_refuses(gen, seed, n):
    # each configuration its own translation unit (G.refusals): accepted or refused as CUTLASS does, its message
    cases = getattr(G, gen)(n, seed)
    got = _refusals_agree(cases, all_refused=False)
    assert any(t == "compiles" for t in got) and any(t != "compiles" for t in got)
    # and those CUTLASS accepts agree on every field (those 4.2 accepts, as just compared under 4.2: the field
    # batches are 4.2's questions under either version)
    ok = _built_as_42(cases, params=False)
    bad = []
    for cfg, theirs in zip(ok, G.ask(ok, CHUNK)):
        bad += _diff(cfg, theirs, build(cfg, params=False).fields)
    assert not bad, "\n".join(bad[:10])


def _stage_slice_batch():
    # one recorded batch: configurations around the TMA's stage-0 slice of the swizzled smem layouts
    cases = G.stage_slice_configs("sm100", 100, 1) + G.stage_slice_configs("sm90", 48, 1)
    return cases, G.refusals(cases, params=True)


@oracle
def test_stage_slice_divisibility_is_refused_as_cutlass_refuses_it():
    # the default run: every configuration of the focused batch CUTLASS refuses with the Stride/Shape Divisibility
    # Condition of SmemLayoutX{}(_,..,Int<0>{}) (the TMA types' stage-0 slice), and a few it accepts
    cases, got = _stage_slice_batch()
    div = [
        (c, t)
        for c, t in zip(cases, got)
        if t.strip() in ("Stride Divisibility Condition", "Shape Divisibility Condition")
    ]
    fine = [(c, t) for c, t in zip(cases, got) if t.strip() == "compiles"][:4]
    assert {c.arch for c, _ in div} == {"sm90", "sm100"}
    _compare_refusals(*zip(*(div + fine)), params=True)


@oracle
def test_stage_slice_known_cases():
    cases = G.stage_slice_known()
    got = G.refusals(cases, params=True)
    assert [t.strip() for t in got][::2] == ["Stride Divisibility Condition"] * 3
    assert set(got[1::2]) == {"compiles"}
    _compare_refusals(cases, got, params=True)


@oracle
@pytest.mark.slow
def test_stage_slice_configurations_agree_with_cutlass():
    cases, got = _stage_slice_batch()
    _compare_refusals(cases, got, params=True)
    ok = _built_as_42(cases, params=True)
    bad = []
    for cfg, theirs in zip(ok, G.ask(ok, CHUNK)):
        bad += _diff(cfg, theirs, build(cfg).fields)
    assert not bad, "\n".join(bad[:10])


@oracle
def test_generated_refusals_sample():
    # the default run: the refused configurations of one recorded generated batch (cheap: a refusal stops early)
    cases = G.sm90_rs_configs(CHUNK, 1)
    got = G.refusals(cases)
    refused = [(c, t) for c, t in zip(cases, got) if t != "compiles"]
    assert len(refused) >= 6
    _compare_refusals(*zip(*refused))


# ------------------------------------------------------------------------------------------------ the command


def run(*args):
    return subprocess.run([sys.executable, "-m", "cutedump", "collective", *args], capture_output=True, text=True)


BASE = (
    "--arch",
    "sm90",
    "--a",
    "half_t:RowMajor",
    "--b",
    "half_t:ColumnMajor",
    "--c",
    "float:RowMajor",
    "--d",
    "half_t:RowMajor",
    "--acc",
    "float",
    "--tile",
    "128,128,64",
    "--cluster",
    "2,1,1",
)


def _answer(*args, **kw):
    from cutedump.commands._collective import collective_text

    opts = {k.lstrip("-").replace("-", "_"): v for k, v in zip(args[::2], args[1::2])}
    return collective_text(**opts, **kw)


def test_json_is_the_engines_answer_and_the_words_follow_it():
    j = json.loads(_answer(*BASE, "--epilogue-schedule", "TmaWarpSpecializedCooperative", fmt_="json"))
    text = _answer(*BASE, "--epilogue-schedule", "TmaWarpSpecializedCooperative")
    m = j["mainloop"]
    st = m["dispatch_policy"]["stages"]
    # the stage arithmetic the why line shows gives the stage count the JSON has
    w = re.search(
        r"\((\d+) capacity - (\d+) carveout\) / \(\d+ A\+B bytes \+ \d+ pipeline bytes per stage = (\d+)\)"
        r" = (\d+)",
        text,
    )
    cap, carve, per, n = map(int, w.groups())
    assert (cap - carve) // per == n == st
    assert carve == -(-j["epilogue"]["shared_storage_bytes"] // 128) * 128  # the epilogue's size, rounded to 128
    assert f"TMA B            {m['gmem_tiled_copy_b']}" in text and m["gmem_tiled_copy_b"] == "SM90_TMA_LOAD_MULTICAST"
    assert "along cluster mode M" in text
    assert m["tiled_mma"] in text and m["smem_layout_a"] in text
    assert j["epilogue"]["epilogue_tile"] in text


def test_refusal_is_one_error_line_with_cutlass_message():
    r = run(*BASE[:-4], "--tile", "96,128,64")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: ")
    assert "Tile_M must be a multiple of 64." in r.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("--tile", "128,128"),
        ("--a", "half_t:Diagonal"),
        ("--a", "quarter_t"),
        ("--cluster", "0,1,1"),
        ("--schedule", "KernelFoo"),
        ("--stages", "x"),
    ],
)
def test_bad_input_is_one_error_line(args):
    from cutedump.errors import CuteDumpError

    base = dict(zip(BASE[::2], BASE[1::2]))
    base[args[0]] = args[1]
    with pytest.raises(CuteDumpError) as e:
        _answer(*[x for kv in base.items() for x in kv])
    assert "\n" not in e.value.render() and args[0] in e.value.render()


def _flat(**over):
    base = dict(zip(BASE[::2], BASE[1::2]))
    base.update(over)
    return [x for kv in base.items() for x in kv]


def _error(*args, **kw) -> str:
    from cutedump.errors import CuteDumpError

    with pytest.raises(CuteDumpError) as e:
        _answer(*args, **kw)
    text = e.value.render()
    assert "\n" not in text
    return text


def test_each_integer_option_has_its_own_bound():
    from cutedump.collective.sm90 import SMEM_CAPACITY

    # problem extents are int32: 8192 and 2^31-1 are taken (the TMA answer stays instant), 2^31 is refused
    text = _answer(*_flat(**{"--problem": "8192,8192,8192"}))
    assert "gmem (8192,8192):(8192,_1)" in text
    assert "(2147483647,65536):(65536,_1)" in _answer(*_flat(**{"--problem": "2147483647,2147483647,65536"}))
    assert "at most 2147483647" in _error(*_flat(**{"--problem": "2147483648,8,8"}))
    # the carveout: up to the arch's shared memory, and it is the carveout the stage arithmetic subtracts
    st = lambda cv: json.loads(_answer(*_flat(**{"--carveout": cv}), fmt_="json"))["mainloop"]["dispatch_policy"]
    assert st("100000")["stages"] < st("8192")["stages"] < st("0")["stages"]
    assert "(100000 capacity" not in _answer(*_flat(**{"--carveout": "100000"}))
    assert "- 100096 carveout)" in _answer(*_flat(**{"--carveout": "100000"}))  # rounded up to 128
    assert f"at most {SMEM_CAPACITY} bytes" in _error(*_flat(**{"--carveout": str(SMEM_CAPACITY + 1)}))
    # the counts, in words
    assert "expected a positive integer, got '0'" in _error(*_flat(**{"--stages": "0"}))
    assert "expected 1 to 3 positive integers" in _error(*_flat(**{"--cluster": "1,1,1,1"}))
    assert "expected 3 positive integers" in _error(*_flat(**{"--tile": "128,128"}))
    assert "expected 3 or 4 positive integers" in _error(*_flat(**{"--problem": "8,8"}))
    assert "at most 16" in _error(*_flat(**{"--cluster": "32,1,1"}))


def test_json_and_toml_together_are_refused():
    text = _error(*BASE, fmt_="json", toml=True)
    assert text.startswith("error: ") and "--toml" in text and "--format json" in text


def test_toml_is_a_kernel_description_that_dumps(tmp_path):
    from click.testing import CliRunner

    from cutedump.cli import main

    args = ("--a", "half_t", "--b", "half_t:MN", "--d", "half_t", "--tile", "128,128,64", "--cluster", "2,2,1")
    toml = _answer(*args, toml=True)
    j = json.loads(_answer(*args, fmt_="json"))["mainloop"]
    f = tmp_path / "c.toml"
    f.write_text(toml)
    r = CliRunner().invoke(main, ["kernel", str(f), "--lang", "en"])
    assert r.exit_code == 0, r.output
    # the kernel dump prints the collective's own smem layouts, TiledMMA and TMA ops
    assert f"sA_layout: {j['smem_layout_a']}" in r.output and f"sB_layout: {j['smem_layout_b']}" in r.output
    assert j["tiled_mma"] in r.output
    assert j["gmem_tiled_copy_a"] == j["gmem_tiled_copy_b"] == "SM90_TMA_LOAD_MULTICAST"
    assert "SM90_TMA_LOAD_MULTICAST" in r.output


def test_sm100_toml_is_a_kernel_description_whose_objects_are_the_collectives(tmp_path):
    from click.testing import CliRunner

    from cutedump.cli import main

    args = ("--arch", "sm100", "--a", "half_t", "--b", "half_t:MN", "--d", "half_t", "--tile", "256,128,64")
    args += ("--cluster", "2,2,1")
    toml = _answer(*args, toml=True)
    j = json.loads(_answer(*args, fmt_="json"))["mainloop"]
    f = tmp_path / "c.toml"
    f.write_text(toml)
    r = CliRunner().invoke(main, ["kernel", str(f), "--lang", "en"])
    assert r.exit_code == 0, r.output
    # the kernel dump's objects are the collective's: smem layouts with their stage mode, TiledMMA, TMA ops
    assert f"\nsA_layout: {j['smem_layout_a']}\n" in r.output and f"\nsB_layout: {j['smem_layout_b']}\n" in r.output
    assert f"\ntiled_mma:\n{j['tiled_mma']}\n" in r.output
    for w in "AB":
        op = j[f"gmem_tiled_copy_{w.lower()}"]
        assert f"# {op} of m{w}_gmem" in r.output and f"into s{w}_layout(_,_,_,0)" in r.output
    assert j["gmem_tiled_copy_a"] == "SM100_TMA_2SM_LOAD_MULTICAST" and j["gmem_tiled_copy_b"] == "SM100_TMA_2SM_LOAD"


@pytest.mark.parametrize(
    "over",
    [
        {"--c": "half_t", "--d": "half_t"},
        {"--c": "void", "--d": "bfloat16_t:ColumnMajor", "--tile": "128,256,64"},
        {"--c": "half_t", "--d": "half_t", "--tile": "64,64,64", "--epilogue-schedule": "TmaWarpSpecialized"},
    ],
)
def test_epilogue_bank_audit_covers_the_tile_once_and_stmatrix_is_conflict_free(over):
    # the r2s/s2r copies of CUTLASS's SM90 epilogue over stage 0 of its smem: every element of the epilogue tile
    # moved once (ideal wavefronts x 128 bytes = the tile's bytes), and the swizzled atoms the builder picks keep
    # stmatrix/ldmatrix conflict-free (the audit read the swizzle in byte units, the tile would conflict 2-way)
    from cutedump.collective.config import ELEMENT_BITS

    flat = _flat(**{"--epilogue-schedule": "TmaWarpSpecializedCooperative", "--cluster": "1,1,1", **over})
    j = json.loads(_answer(*flat, fmt_="json"))
    text = _answer(*flat)
    audit = j["epilogue_bank_audit"]
    assert "bank model" in audit["source"]
    em, en = (int(x.lstrip("_")) for x in j["epilogue"]["epilogue_tile"].strip("()").split(","))
    d, c = over["--d"].split(":")[0], over["--c"]
    assert set(audit) - {"source", "copy_atom_c"} == ({"r2s", "s2r"} if c != "void" else {"r2s"})
    for key, el in (("r2s", d), ("s2r", c)):
        if key not in audit:
            continue
        a = audit[key]
        assert a["ideal"] * 128 == em * en * ELEMENT_BITS[el] // 8
        assert a["conflicts"] == 0 and a["wavefronts"] == a["ideal"]
        assert a["instruction"].startswith("stmatrix" if key == "r2s" else "ldmatrix")
        assert f"{a['instruction']}, {a['warps']} warps, {a['wavefronts']} wavefronts (ideal {a['ideal']})" in text


MAIN_KEYS = {
    "dispatch_policy",
    "tiled_mma",
    "smem_layout_atom_a",
    "smem_layout_atom_b",
    "smem_layout_a",
    "smem_layout_b",
    "gmem_tiled_copy_a",
    "gmem_tiled_copy_b",
    "shared_storage_bytes",
}
EPI_KEYS = {
    "dispatch_policy",
    "epilogue_tile",
    "smem_layout_atom_c",
    "smem_layout_c",
    "smem_layout_d",
    "copy_ops",
    "shared_storage_bytes",
}


@pytest.mark.parametrize(
    "args",
    [
        ("--arch", "sm90", "--epilogue-schedule", "auto"),
        ("--arch", "sm90", "--epilogue-schedule", "TmaWarpSpecialized"),
        ("--arch", "sm100", "--cluster", "2,1,1", "--tile", "256,128,64"),
    ],
)
def test_json_has_the_issue_fields_and_sm100_stage_arithmetic(args):
    base = dict(zip(BASE[::2], BASE[1::2]))
    base.update(dict(zip(args[::2], args[1::2])))
    flat = [x for kv in base.items() for x in kv]
    j = json.loads(_answer(*flat, fmt_="json"))
    # the CUTLASS fields, and (SM90 smem epilogues) cutedump's bank audit of the epilogue's copies, named as such
    audit = {"epilogue_bank_audit"} if base["--arch"] == "sm90" and "copy_ops" in j["epilogue"] else set()
    # cutedump's statements beside them (the text's words: configuration, schedule, why, descriptors)
    ours = {"configuration", "schedule", "why", "descriptors"}
    assert set(j) == {"mainloop", "epilogue", "versions"} | audit | ours and set(j["mainloop"]) == MAIN_KEYS
    assert set(j["mainloop"]["dispatch_policy"]) == {"name", "stages", "cluster_shape", "schedule"}
    e = j["epilogue"]
    if e["dispatch_policy"]["name"] == "EpilogueDefault":  # the SM90 no-smem epilogue: its name and size only
        assert set(e) == {"dispatch_policy", "shared_storage_bytes"} and set(e["dispatch_policy"]) == {"name"}
    else:
        assert set(e) == EPI_KEYS and set(e["copy_ops"]) == {"g2s", "s2r", "r2s", "s2g"}
        assert set(e["dispatch_policy"]) == {"name", "stages_c", "stages_d"}
    text = _answer(*flat)
    if base["--arch"] == "sm100":
        w = re.search(
            r"\((\d+) capacity - (\d+) kernel carveout \((\d) accumulator stages\) - (\d+) carveout\) / "
            r"\(\d+ A\+B bytes \+ \d+ pipeline bytes per stage = (\d+)\) = (\d+)",
            text,
        )
        cap, kc, acc, carve, per, n = map(int, w.groups())
        assert (cap - kc - carve) // per == n == j["mainloop"]["dispatch_policy"]["stages"]
        assert carve == e["shared_storage_bytes"] and kc == 128 + 16 * acc
        assert f"<{n}, 2, {acc}, {j['mainloop']['dispatch_policy']['cluster_shape']}>" in text


def test_sm90_params_refusal_is_a_warning_with_the_builders_answer():
    """SM90's CollectiveBuilder builds a collective whose stage-0 smem slice a kernel's Params refuse (the Stride
    Divisibility Condition, recorded above with Params instantiated): the command gives the builder's answer and one
    warning naming CUTLASS's condition; build() with Params refuses it."""
    from cutedump.commands._collective import parse

    args = ("--a", "half_t:RowMajor", "--b", "half_t:ColumnMajor", "--d", "half_t:RowMajor", "--tile", "128,24,16")
    r = run(*args, "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["mainloop"]["dispatch_policy"]["stages"] > 0
    warnings = [ln for ln in r.stderr.splitlines() if ln.startswith("warning: ")]
    assert len(warnings) == 1 and "Stride Divisibility Condition" in warnings[0], r.stderr
    with pytest.raises(Refused, match="Stride Divisibility Condition"):
        build(
            parse(
                **dict.fromkeys(
                    "arch a b c d acc tile cluster stages carveout schedule epilogue_schedule epilogue_tile "
                    "alignment_a alignment_b alignment_c alignment_d".split()
                )
                | {
                    "arch": "sm90",
                    "a": "half_t:RowMajor",
                    "b": "half_t:ColumnMajor",
                    "d": "half_t",
                    "tile": "128,24,16",
                }
            )
        )
    ok = run(*BASE, "--format", "json")
    assert ok.returncode == 0 and "warning" not in ok.stderr, ok.stderr


@oracle
def test_sm100_tf32_umma_descriptors_with_a_nested_k_mode():
    """tf32/f32 operands (K-major: the fragment's k mode is nested) and MN-major: every k-block of stage 0 against
    the collective's own mma_init (was an internal error on a nested k mode)."""
    from cutedump.collective.config import Config, Operand

    cfgs = [
        Config(
            "sm100",
            Operand(e, la),
            Operand(e, lb),
            Operand("void", "RowMajor"),
            Operand("half_t", "RowMajor"),
            "float",
            tile,
            cluster,
        )
        for e, la, lb, tile, cluster in (
            ("float", "RowMajor", "ColumnMajor", (128, 128, 64), (1, 1, 1)),
            ("tfloat32_t", "RowMajor", "ColumnMajor", (128, 64, 32), (1, 1, 1)),
            ("tfloat32_t", "ColumnMajor", "RowMajor", (128, 128, 32), (1, 1, 1)),
            ("float", "RowMajor", "RowMajor", (256, 128, 64), (2, 1, 1)),
        )
    ]
    for cfg, theirs in zip(cfgs, G.ask_umma_descs(cfgs)):
        theirs, mine = _umma_descs_both(cfg, theirs)
        assert mine == theirs, cfg


def test_sm90_mixed_width_inputs_are_answered_by_the_mixed_input_collective():
    """Two widths take CUTLASS's mixed-input RS builder (is_use_rmem_A: IsABDifferentWidth), which CUTLASS builds:
    cutedump answers its collective (it said "No eligible GMMA operator", then "not modelled"); compared with CUTLASS
    field by field in tests/test_collective_mixed.py."""
    for a, b in (("half_t:RowMajor", "int8_t:ColumnMajor"), ("bfloat16_t:ColumnMajor", "float_e4m3_t:ColumnMajor")):
        r = run("--a", a, "--b", b, "--d", "half_t", "--tile", "128,128,64")
        assert r.returncode == 0, r.stderr
        assert "MainloopSm90TmaGmmaRmemAWarpSpecializedMixedInput<" in r.stdout
        assert "DirectConvert (B converted, SwapAB true)" in r.stdout


# ------------------------------------------------------------------------------------------------ issue 42's hazards


def _answer_and_warnings(**kw):
    """collective_text in-process (no subprocess: fast) and the warnings it left."""
    from cutedump.commands._collective import collective_text
    from cutedump.errors import take_warnings

    take_warnings()
    args = {"arch": "sm90", "a": "half_t:RowMajor", "b": "half_t:ColumnMajor", "d": "half_t:RowMajor"} | kw
    text = collective_text(**args)
    return text, take_warnings()


def test_cluster_product_is_checked_and_past_8_warned():
    """issue 42 item 2: 8,4,1 is 32 CTAs, refused as 32,1,1 is (at most 16, the hardware's non-portable limit);
    16 CTAs is answered with a warning (past the portable 8); 8 CTAs is answered silently."""
    from cutedump.errors import CuteDumpError

    for cl in ("8,4,1", "4,4,2", "32,1,1", "2,2,8"):
        with pytest.raises(CuteDumpError, match="at most 16 CTAs"):
            _answer_and_warnings(tile="128,128,64", cluster=cl)
    _, w = _answer_and_warnings(tile="128,128,64", cluster="4,4,1")
    assert len(w) == 1 and "16 CTAs" in w[0] and "portable" in w[0], w
    _, w = _answer_and_warnings(tile="128,128,64", cluster="4,2,1")
    assert w == []


def test_cooperative_tile_m_below_128_is_a_warning():
    """issue 42 item 5: the builder accepts a 64-row tile with the Cooperative schedule; the kernel's static_assert
    (sm90_gemm_tma_warpspecialized_cooperative.hpp) refuses tile M < 128."""
    for sched in ("KernelTmaWarpSpecializedCooperative", "KernelTmaWarpSpecializedPingpong"):
        _, w = _answer_and_warnings(tile="64,128,64", schedule=sched)
        coop = [x for x in w if "greater than or equal to 128 along the M-dimension" in x]
        assert len(coop) == (1 if "Cooperative" in sched else 0), w
    _, w = _answer_and_warnings(tile="128,128,64", schedule="KernelTmaWarpSpecializedCooperative")
    assert w == []


def test_shared_storage_above_capacity_is_a_warning():
    """issue 42 item 6: --stages 40 gives a SharedStorage far above the 232448-byte capacity: a warning naming the
    bytes the answer states; within capacity, none."""
    text, w = _answer_and_warnings(tile="128,128,64", stages="40")
    m = re.search(r"^mainloop\n(?:.*\n)*?  SharedStorage\s+(\d+) bytes", text, re.M)
    assert m and int(m.group(1)) > 232448
    assert len(w) == 1 and f"mainloop ({m.group(1)} bytes)" in w[0] and "232448" in w[0], w
    for arch in ("sm90", "sm100"):
        _, w = _answer_and_warnings(tile="128,128,64", stages="4", arch=arch)
        assert w == [], w


def test_bank_audit_note_names_no_line_the_answer_lacks():
    """issue 42 item 10: the auto-vectorizing epilogue copies are 'not modelled' with a note that pointed at a
    'vector' line collective never prints."""
    text, _ = _answer_and_warnings(
        tile="128,128,64",
        d="float:RowMajor",
        c="float:RowMajor",
        schedule="KernelTmaWarpSpecializedCooperative",
        epilogue_schedule="TmaWarpSpecializedCooperative",
    )
    assert "not modelled" in text
    assert "(see the 'vector' line)" not in text
    assert "`cutedump bank`" in text


def test_toml_header_names_the_dispatch_policy_the_text_names():
    """issue 42 item 17: the --toml header's dispatch policy kept the stages and schedule but dropped the cluster;
    it is the text's 'dispatch policy' row. The RS/cp.async refusal names the mainloops --toml writes (SM100's
    too)."""
    from cutedump.errors import CuteDumpError

    kw = {"tile": "128,128,64", "cluster": "2,1,1"}
    text, _ = _answer_and_warnings(**kw)
    pol = re.search(r"^  dispatch policy\s+(\S.*)$", text, re.M).group(1)
    toml, _ = _answer_and_warnings(**kw, toml=True)
    assert toml.splitlines()[1].startswith(f"# {pol}, "), (pol, toml.splitlines()[1])
    with pytest.raises(CuteDumpError) as e:
        _answer_and_warnings(tile="128,128,64", schedule="KernelCpAsyncWarpSpecialized", toml=True)
    assert "SM100" in str(e.value) and "SM90 TMA SS mainloop only" not in str(e.value)


def test_cutlass_schedule_names_are_the_headers():
    """cutlass_names.py is every schedule tag CUTLASS 4.2's dispatch_policy headers declare."""
    from cutedump.collective import cutlass_names as N

    inc = _cutlass_include()
    gemm = (inc / "cutlass/gemm/dispatch_policy.hpp").read_text()
    epi = (inc / "cutlass/epilogue/dispatch_policy.hpp").read_text()
    assert N.KERNEL_SCHEDULES == tuple(sorted(set(re.findall(r"^struct (Kernel\w+)", gemm, re.M))))
    assert N.EPILOGUE_SCHEDULES == tuple(sorted(set(re.findall(r"^struct (\w+)", epi, re.M))))
    assert N.KERNEL_SCHEDULE_ALIASES == dict(re.findall(r"^using (Kernel\w+) = (Kernel\w+);", gemm, re.M))
    assert N.KERNEL_SCHEDULE_TEMPLATES == set(re.findall(r"^template\s*<[^>]*>\s*\nstruct (Kernel\w+)", gemm, re.M))
    heads = re.finditer(r"^struct (Kernel\w+)[^:{;]*:([^{;]*)\{", gemm, re.M)
    want = {m.group(1): tuple(re.findall(r"Kernel\w+", m.group(2))) for m in heads}
    assert N.KERNEL_SCHEDULE_BASES == {k: v for k, v in want.items() if v}
    from cutedump.collective.config import NOT_MODELLED_BUILDERS

    bases = {}
    for m in re.finditer(r"^struct (Kernel\w+)[^:{;]*:([^{;]*)\{", gemm, re.M):
        bases[m.group(1)] = set(re.findall(r"Kernel\w+", m.group(2)))

    def derives(name, tag):
        return name == tag or any(derives(b, tag) for b in bases.get(name, ()))

    for name, where in NOT_MODELLED_BUILDERS.items():
        if " (" in where.split(",")[0]:
            # "builders/FILE (TAG), ...": FILE's enable_if checks TAG, and the schedule is TAG or derives from it
            path, tag = re.match(r"(\S+) \((\w+)\)", where).groups()
            text = (inc / path).read_text()
            assert f"is_base_of_v<{tag}" in text or f"is_same_v<{tag}" in text, (name, path, tag)
            assert derives(name, tag), (name, tag)
            continue
        path, line = where.split(",")[0].rsplit(":", 1)
        text = (inc / path).read_text().splitlines()
        assert any(f"KernelScheduleType, {name}>" in ln for ln in text[int(line) - 1 : int(line) + 30]), name


def test_every_cutlass_schedule_refused_names_its_builder_or_arch():
    """issue 44 item 7, as a class: every kernel schedule CUTLASS 4.2 declares (and every alias), asked under every
    --arch, is modelled there, or refused naming the builder CUTLASS builds it with (a builders/*.inl that dispatches
    on it or a base of it), or the --arch whose builder cutedump models it with; a name no builder dispatches on
    (checked in the headers) says so."""
    from cutedump.collective import config as C
    from cutedump.collective import cutlass_names as N
    from cutedump.errors import CuteDumpError

    inc = _cutlass_include()
    builders = "\n".join(p.read_text() for p in (inc / "cutlass/gemm/collective/builders").glob("*builder.inl"))
    gemm_policies = (inc / "cutlass/gemm/dispatch_policy.hpp").read_text()

    def ancestors(name):
        out, todo = [], [name]
        while todo:
            n = todo.pop(0)
            out.append(n)
            todo += N.KERNEL_SCHEDULE_BASES.get(n, ())
        return out

    kinds = collections.Counter()
    for arch, table in C._ARCH_SCHEDULES().items():
        table = ("KernelScheduleAuto", *table)
        for name in (*N.KERNEL_SCHEDULES, *N.KERNEL_SCHEDULE_ALIASES):
            try:
                C.schedule_name(name, table, "--schedule")
                kinds["modelled"] += 1
                continue
            except CuteDumpError as e:
                msg = e.message
            assert "\n" not in msg and repr(name) in msg, msg
            m = re.search(r"its builder: cutlass/gemm/collective/builders/(\w+\.inl)(?::\d+)?(?: \((\w+)\))?", msg)
            if m:
                file, tag = m.groups()
                tag = tag or name
                real = N.KERNEL_SCHEDULE_ALIASES.get(name, name)
                assert tag in ancestors(real), (name, tag)
                text = (inc / "cutlass/gemm/collective/builders" / file).read_text()
                assert f"is_base_of_v<{tag}" in text or f"is_same_v<{tag}" in text or tag in text, (name, file)
                kinds["builder"] += 1
            elif "ask it with --arch" in msg:
                other = re.search(r"ask it with --arch (\w+)", msg).group(1)
                assert N.KERNEL_SCHEDULE_ALIASES.get(name, name) in C._ARCH_SCHEDULES()[other], msg
                kinds["other arch"] += 1
            elif "class template of CUTLASS 4.2's kernel layer" in msg:
                assert re.search(rf"template\s*<[^>]*>\s*struct {name}\b", gemm_policies), name
                kinds["template"] += 1
            else:
                assert "no CollectiveBuilder of CUTLASS 4.2 dispatches on" in msg, msg
                based = set(re.findall(r"is_base_of_v<\s*(?:cutlass::gemm::)?(\w+)\s*,", builders))
                # KernelSchedule1Sm/2Sm: the CTA-count modifiers the SM100 builders read beside the tag they dispatch on
                assert name not in based - {"KernelSchedule1Sm", "KernelSchedule2Sm"}, name
                kinds["no builder"] += 1
    assert kinds["builder"] > 100 and kinds["other arch"] > 30, kinds


def _cutlass_include():
    import importlib.util
    from pathlib import Path

    spec = importlib.util.find_spec("cutlass_library")
    if spec is None or spec.origin is None:
        pytest.skip("nvidia-cutlass (cutlass_library) is not installed")
    inc = Path(spec.origin).parent / "source" / "include"
    if not (inc / "cutlass/gemm/dispatch_policy.hpp").exists():
        pytest.skip("CUTLASS headers are not installed")
    return inc


def test_a_cutlass_schedule_not_modelled_says_so():
    """issue 42 item 4 / issue 44 item 7: example 49's KernelTma was refused with a list of names that left it out;
    any name CUTLASS declares is refused as 'not modelled' (KernelTma naming its builder), an unknown one as not a
    CUTLASS name."""
    from cutedump.errors import CuteDumpError

    with pytest.raises(CuteDumpError) as e:
        _answer_and_warnings(tile="128,128,64", schedule="cutlass::gemm::KernelMultistage")
    msg = str(e.value)
    assert "'cutlass::gemm::KernelMultistage'" in msg and "not model" in msg and "sm90_gmma_builder.inl" in msg
    with pytest.raises(CuteDumpError, match="class template of CUTLASS 4.2's kernel layer"):
        _answer_and_warnings(
            arch="sm90", tile="128,128,64", schedule="KernelPtrArrayTmaWarpSpecializedCooperativeSm120"
        )
    with pytest.raises(
        CuteDumpError, match="CUTLASS 4.2 kernel schedule .*sm100_cpasync_umma_builder.inl.* does not model"
    ):
        _answer_and_warnings(arch="sm100", tile="128,128,64", schedule="KernelWarpSpecialized1SmSm100")
    with pytest.raises(CuteDumpError, match="CUTLASS 4.2 kernel schedule of the sm90 builders.*--arch sm90"):
        _answer_and_warnings(arch="sm100", tile="128,128,64", schedule="KernelTmaWarpSpecialized")
    with pytest.raises(CuteDumpError, match="CUTLASS 4.2 epilogue tag .* does not model"):
        _answer_and_warnings(tile="128,128,64", epilogue_schedule="Sm90PtrArrayTmaWarpSpecialized")
    with pytest.raises(CuteDumpError, match="not a CUTLASS 4.2 schedule name"):
        _answer_and_warnings(tile="128,128,64", schedule="KernelFoo")


def test_auto_sm100_names_the_builder_schedule_it_resolved_to():
    """issue 42 item 20: Auto with the 2SM UMMA named only the policy's KernelTmaWarpSpecializedSm100; the row names
    KernelTmaWarpSpecialized2SmSm100 (1Sm for the 1SM UMMA), and the dispatch policy's why states its arguments,
    the cluster included."""
    for cl, tile, name in (("2,1,1", "256,128,64", "2Sm"), ("1,1,1", "128,128,64", "1Sm")):
        text, _ = _answer_and_warnings(arch="sm100", tile=tile, cluster=cl)
        row = re.search(r"^  schedule\s+(.*)$", text, re.M).group(1)
        assert row.startswith(f"KernelScheduleAuto -> KernelTmaWarpSpecialized{name}Sm100"), row
        mma = re.search(r"^  MMA atom\s+(\S+)", text, re.M).group(1)
        assert ("_2x1SM_" in mma) == (name == "2Sm")
        c = ",".join(f"_{x}" for x in cl.split(","))
        assert re.search(
            rf"^  dispatch policy: \S+<\d+, 2 scheduler stages, \d accumulator stages, cluster \({c}\)>", text, re.M
        )


def test_tile_is_the_mma_tile_shape_in_help_readme_and_answer():
    """issue 42 item 3: --tile is CUTLASS's MmaTileShape_MNK everywhere; a 2SM answer says per-CTA tile of it."""
    from pathlib import Path

    from cutedump.commands.declarations.collective import COMMAND

    tile = next(p for p in COMMAND.params if "--tile" in (p.names if isinstance(p.names, tuple) else (p.names,)))
    assert "MmaTileShape_MNK" in tile.help
    readme = Path(__file__).resolve().parents[1].joinpath("README.md").read_text()
    row = next(ln for ln in readme.splitlines() if ln.startswith("| `--tile` |"))
    assert "`collective`: CUTLASS's MmaTileShape_MNK" in row
    text, _ = _answer_and_warnings(arch="sm100", tile="256,128,64", cluster="2,1,1")
    assert "(128 x 128) per-CTA tile of the 256 x 128 MmaTileShape over the 2SM pair" in text
    assert ") CTA tile" not in text


def test_element_and_tile_spellings_one_copies_from_a_kernel():
    """issue 42 item 7: C++ qualified names, the DSL's names, Shape<...> tiles; every spelling is listed in --help
    and the README; errors quote the input as typed and name the part read as the type."""
    from pathlib import Path

    from cutedump.collective import config as C
    from cutedump.commands.declarations.collective import COMMAND
    from cutedump.errors import CuteDumpError

    want = json.loads(collective_json(a="half_t:RowMajor", tile="128,128,64"))
    for a, tile in (
        ("cutlass::half_t:RowMajor", "Shape<_128,_128,_64>"),
        ("cutlass::half_t:cutlass::layout::RowMajor", "cute::Shape<cute::Int<128>,_128,_64>"),
        ("cutlass.Float16:K", "(_128,_128,_64)"),
        ("Float16", "128,128,64"),
        ("half", "cute::make_shape(_128,_128,_64)"),
    ):
        assert json.loads(collective_json(a=a, tile=tile)) == want, (a, tile)
    listed = COMMAND.epilog + Path(__file__).resolve().parents[1].joinpath("README.md").read_text()
    for name in [*C.ELEMENT_BITS, *C.ALIASES, *(f"cutlass.{k}" for k in C.DSL_NAMES)]:
        assert re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", listed), name
    with pytest.raises(CuteDumpError) as e:
        _answer_and_warnings(a="cutlass::halff_t:RowMajor", tile="128,128,64")
    assert "'cutlass::halff_t' (read from 'cutlass::halff_t:RowMajor')" in str(e.value)


def collective_json(**kw):
    return _answer_and_warnings(fmt_="json", **kw)[0]


@pytest.mark.parametrize(
    "kw",
    [
        {
            "arch": "sm90",
            "tile": "128,256,64",
            "cluster": "2,1,1",
            "c": "float:RowMajor",
            "problem": "4096,4096,512",
            "epilogue_schedule": "TmaWarpSpecializedCooperative",
        },
        {
            "arch": "sm90",
            "a": "int8_t:ColumnMajor",
            "b": "int8_t:ColumnMajor",
            "d": "int32_t",
            "acc": "int32_t",
            "tile": "128,128,64",
            "problem": "512,512,512",
        },
        {"arch": "sm100", "tile": "256,128,64", "cluster": "2,2,1", "b": "half_t:MN", "problem": "1024,2048,256"},
        {"arch": "sm100", "a": "tfloat32_t", "b": "tfloat32_t", "d": "float", "tile": "128,64,32"},
    ],
)
def test_json_holds_what_the_text_states(kw):
    """issue 42 item 9: the words and numbers of the text, read from the text, are the JSON's fields: the
    configuration, every row, the why rules, the descriptors and idesc_, the TMA maps of --problem."""
    text, _ = _answer_and_warnings(**kw)
    j = json.loads(_answer_and_warnings(fmt_="json", **kw)[0])
    cf = j["configuration"]
    head = text.splitlines()
    m = re.match(r"CollectiveBuilder<arch::Sm(\d+), OpClassTensorOp>  tile (\S+)  cluster (\S+)", head[0])
    assert (f"sm{m.group(1)}", m.group(2), m.group(3)) == (cf["arch"], cf["tile"], cf["cluster"])
    for w in "ab":
        el, lay, major, al = re.search(rf"\b{w.upper()} (\w+):(\w+) \((K|MN)-major\) x(\d+)", head[1]).groups()
        assert (el, lay, major, int(al)) == tuple(cf[w][k] for k in ("element", "layout", "major", "alignment"))
    assert head[1].endswith(f"accumulator {cf['accumulator']}")
    rows = dict(re.findall(r"^  (\S.{0,15}?)\s{2,}(\S.*)$", text.split("\nepilogue\n")[0], re.M))
    dp = j["mainloop"]["dispatch_policy"]
    assert rows["dispatch policy"].startswith(f"{dp['name']}<{dp['stages']}, ")
    assert rows["stages"] == str(dp["stages"])
    assert j["schedule"]["builder"] in rows["schedule"] and j["schedule"]["dispatch_policy"] in rows["schedule"]
    assert rows["SharedStorage"] == f"{j['mainloop']['shared_storage_bytes']} bytes"
    whys = re.findall(r"^  (.+?): (.*)  \[(\S+)\]$", text.split("\nwhy\n")[1].split("\n\n")[0], re.M)
    assert whys == [(w["what"], w["why"], w["rule"]) for w in j["why"]]
    d = j["descriptors"]
    for name in "AB":
        got = re.search(rf"^  {name}: (0x[0-9a-f]+)  \((K|MN)-major (\w+)", text, re.M)
        if got is None:
            assert d[name] == {"registers": True} and f"  {name}: registers" in text
            continue
        first = d[name]["k_blocks"][0] if d["kind"] == "umma" else d[name]["value"]
        assert got.groups() == (first, d[name]["major"], d[name]["element"])
        if d["kind"] == "umma" and len(d[name]["k_blocks"]) > 1:
            step = int(d[name]["k_blocks"][1], 16) - int(first, 16)
            line = next(ln for ln in text.splitlines() if ln.startswith(got.group(0)))
            assert line.endswith(f"; k-block 1: +{step:#x} (start address, 16-byte units)"), line
    if d["kind"] == "umma":
        assert re.search(
            rf"^  idesc_: {d['idesc_']}  \(UMMA::make_instr_desc of {re.escape(d['idesc_of'])}:", text, re.M
        )
    if "problem" in kw:
        assert j["tma"]["problem"][:3] == [int(x) for x in kw["problem"].split(",")]
        if "not_modelled" in j["tma"]:
            assert f"TMA tensor maps: --problem is {j['tma']['not_modelled']}" in text
        for name in "AB" if "not_modelled" not in j["tma"] else "":
            call = re.search(rf"^TMA {name}: (.*)$", text, re.M).group(1)
            assert call == j["tma"][name]["call"]
    else:
        assert "tma" not in j


def test_cutlass_47_schedule_names_are_its_headers():
    """cutlass_names' 4.7 tables are every tag v4.7.0's dispatch_policy headers declare beyond 4.2's, each kernel
    schedule with the v4.7.0 builder that dispatches on it or on a base of it (needs CUTEDUMP_CUTLASS_47_INCLUDE)."""
    import os
    from pathlib import Path

    from cutedump.collective import cutlass_names as N

    inc47 = Path(os.environ.get("CUTEDUMP_CUTLASS_47_INCLUDE") or "/nonexistent")
    if not (inc47 / "cutlass/gemm/dispatch_policy.hpp").exists():
        pytest.skip("CUTLASS v4.7.0's headers: set CUTEDUMP_CUTLASS_47_INCLUDE")
    gemm = (inc47 / "cutlass/gemm/dispatch_policy.hpp").read_text()
    epi = (inc47 / "cutlass/epilogue/dispatch_policy.hpp").read_text()
    kernels = set(re.findall(r"^struct (Kernel\w+)", gemm, re.M)) - set(N.KERNEL_SCHEDULES)
    assert set(N.KERNEL_SCHEDULES_47) == kernels
    assert N.EPILOGUE_SCHEDULES_47 == tuple(
        sorted(set(re.findall(r"^struct (\w+)", epi, re.M)) - set(N.EPILOGUE_SCHEDULES))
    )
    bases = {m.group(1): re.findall(r"Kernel\w+", m.group(2)) for m in re.finditer(r"^struct (Kernel\w+)[^:{;]*:([^{;]*)\{", gemm, re.M)}  # fmt: skip
    for name, builder in N.KERNEL_SCHEDULES_47.items():
        text = (inc47 / "cutlass/gemm/collective/builders" / builder).read_text()
        tags, todo = set(), [name]
        while todo:
            tags.add(t := todo.pop())
            todo += bases.get(t, [])
        assert any(t in text for t in tags), (name, builder)


@pytest.mark.parametrize("version", ["4.2", "4.7"])
def test_a_schedule_only_cutlass_4_7_declares_is_named_as_the_version_says(version):
    """A kernel schedule or epilogue tag 4.7 adds (the interleaved complex TF32 ones, the planar-complex epilogues):
    under --cutlass 4.7 one error line saying 4.7 declares it and cutedump does not model it; under 4.2 that it is
    not a 4.2 name, 4.7's. A name both declare is spelled with the version asked."""
    from cutedump.collective import cutlass_names as N

    base = [sys.executable, "-m", "cutedump", "--cutlass", version, "collective", "--arch", "sm100", "--a", "float"]
    base += ["--b", "float", "--d", "float", "--tile", "128,128,32"]
    cases = [("--schedule", k) for k in N.KERNEL_SCHEDULES_47][:3] + [
        ("--epilogue-schedule", N.EPILOGUE_SCHEDULES_47[2])
    ]
    cases.append(("--schedule", "KernelTmaWarpSpecializedCooperative"))  # a name both declare (SM90's)
    for opt, name in cases:
        r = subprocess.run([*base, opt, name], capture_output=True, text=True)
        lines = r.stderr.splitlines()
        assert r.returncode == 2 and len(lines) == 1 and lines[0].startswith(f"error: {opt}: {name!r}"), r.stderr
        if name in N.KERNEL_SCHEDULES_47 or name in N.EPILOGUE_SCHEDULES_47:
            want = (
                "is a CUTLASS 4.7 " if version == "4.7" else "is not a CUTLASS 4.2 schedule name: CUTLASS 4.7 declares"
            )
            assert want in lines[0] and "does not model it" in lines[0], lines[0]
        else:
            assert f"is a CUTLASS {version} kernel schedule" in lines[0], lines[0]
