"""``cutedump collective`` for examples 55 and 69's shuffled operands (a reordered CuTe Layout type in a layout tag's
place of CUTLASS's SM90 mixed-input builder, ``LayoutAtomQuant`` from ``cutlass::compute_memory_reordering_atom``)
against CUTLASS 4.2 compiled host-only (recorded answers, tests/oracle/gen_collective_shuffled.py).

The examples' shuffled pairs as the sources write them, field by field, with the atom and the Layout's value;
generated configurations (int4/int8/fp8 x bf16/half/fp8/int8, ConvertOnly, scales, zeros, lookup tables, tiles,
clusters, schedules, grouped, batched or not, the Layout on the narrow or the wide operand, atoms of several
AtomLayouts and ValLayouts) field by field or refused with CUTLASS's own first error, one translation unit each. A
sample runs by default, the rest under ``-m slow``.
"""

from __future__ import annotations

import functools
import json
import re
import shlex
import sysconfig
from pathlib import Path

import pytest

from cutedump.collective import reorder as Q
from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_shuffled as S
from tests.oracle.cute import unavailable_reason
from tests.oracle.cutlass_versions import answering_as
from tests.oracle.gen_collective import field_diff as _diff
from tests.test_collective_mixed import _cli

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))


def _theirs_and_reorder(answer: dict) -> tuple[dict, dict]:
    a = dict(answer)
    return a, a.pop("reorder", {})


def _check(cfg, answer) -> list[str]:
    """CUTLASS's fields against cutedump's, and the atom and the Layout's value against cutedump's algebra."""
    theirs, reorder = _theirs_and_reorder(answer)
    bad = _diff(cfg, theirs, build(cfg, params=False).fields)
    ours = {"atom": str(Q.reordering_atom(cfg.reorder_atom))}
    for w, op in (("a", cfg.a), ("b", cfg.b)):
        if Q.is_layout_type(op.layout):
            ours[f"layout_{w}"] = str(Q.gmem_layout(op.layout, cfg.reorder_atom))
    bad += _diff(cfg, reorder, ours, "reorder.")
    return bad


@functools.lru_cache(maxsize=1)
def _examples():
    ex = S.examples()
    cfgs = [c for v in ex.values() for c in v]
    return ex, dict(zip(cfgs, S.ask(cfgs)))


@oracle
@pytest.mark.parametrize(
    "source",
    [
        "55_hopper_int4_bf16_gemm",
        "55_hopper_int4_fp8_gemm",
        "69_hopper_int4_bf16_grouped_gemm",
        "69_hopper_int4_fp8_grouped_gemm",
    ],
)
def test_example_shuffled_pairs_agree_with_cutlass_field_by_field(source):
    ex, answers = _examples()
    for cfg in ex[source]:
        answer = answers[cfg]
        # the collective takes the Layout: its SmemLayoutA is unswizzled (no Sw<..> o)
        assert "Sw<" not in answer["mainloop"]["smem_layout_a"] and answer["reorder"]["atom"].startswith("(((_8,_2)")
        bad = _check(cfg, answer)
        assert not bad, "\n".join(bad)
    modes = [answers[c]["mainloop"]["conversion_mode"] for c in ex[source]]
    want = {
        "55_hopper_int4_bf16_gemm": ["DirectConvert", "ConvertAndScale", "ConvertAndScaleWithZero"],
        "69_hopper_int4_bf16_grouped_gemm": ["DirectConvert", "ConvertAndScale"],
    }
    assert modes == want.get(source, ["ConvertAndScale"])


def _help_example() -> list[str]:
    from cutedump.commands.declarations.collective import EPILOG_COLLECTIVE

    line = next(x for x in EPILOG_COLLECTIVE.splitlines() if "--reorder-atom" in x)
    return shlex.split(line.strip())[2:]  # after "cutedump collective"


@oracle
def test_the_help_example_is_cutlass_answer_for_example_55():
    # the --help line is example 55_hopper_int4_bf16_gemm's ConvertOnlyShuffled pair as a user types it
    r = _cli(_help_example())
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    ex, answers = _examples()
    theirs, reorder = _theirs_and_reorder(answers[ex["55_hopper_int4_bf16_gemm"][0]])
    bad = _diff("help", theirs, {k: got[k] for k in ("mainloop", "epilogue")})
    assert not bad, "\n".join(bad)
    a = got["configuration"]["a"]["reordered"]
    assert (a["atom"], a["layout"]) == (reorder["atom"], reorder["layout_a"])


def test_the_examples_alias_and_spellings_read_as_the_decltype():
    args = _help_example()
    i = args.index("--a") + 1
    plain = _cli(args)
    for lay in (
        "LayoutB_Reordered",
        "cute::decltype(tile_to_shape(LayoutAtomQuant{},cute::Layout<cute::Shape<int, int, int>,StrideB>{}))",
    ):
        alt = _cli([*args[:i], f"cutlass::int4b_t:{lay}", *args[i + 1 :]])
        assert alt.returncode == 0, alt.stderr
        assert json.loads(alt.stdout)["mainloop"] == json.loads(plain.stdout)["mainloop"]
    j = args.index("--reorder-atom") + 1
    alt = _cli([*args[:j], "decltype(cutlass::compute_memory_reordering_atom<cutlass::bfloat16_t>())", *args[j + 1 :]])
    # the default atom (no ValueShuffle): another atom, K-major (its K mode starts with _1)
    a = json.loads(alt.stdout)["configuration"]["a"]
    assert a["reordered"]["atom"] == "(((_8,_2),_1),((_2,_4,_2),_1)):(((_32,_2),_0),((_1,_8,_4),_0))"
    assert a["reordered"]["is_major"] == [False, True] and a["major"] == "K"


def test_text_and_json_state_the_same_reordered_fields():
    args = _help_example()
    r, t, zh = _cli(args), _cli(args, "text"), _cli(args, "json", "zh")
    assert r.returncode == 0 and t.returncode == 0 and zh.returncode == 0, r.stderr + t.stderr
    got, text = json.loads(r.stdout), t.stdout
    m, a = got["mainloop"], got["configuration"]["a"]
    why = {w["what"]: w for w in got["why"]}
    lt, sm = why["layout type A"], why["smem layout A"]
    f = lt["facts"]
    assert (f["atom"], f["gmem"], f["atom_call"]) == (
        a["reordered"]["atom"],
        a["reordered"]["layout"],
        a["reordered"]["atom_call"],
    )
    assert [f["mn_major"], f["k_major"]] == a["reordered"]["is_major"] == [False, False] and a["major"] is None
    # neither mode starts with Int<1>: gmma_rs_tag_to_major reads K (the smem atom is K-major)
    assert (f["front_0"], f["front_1"], lt["choice"]) == ("_32", "_4", "K") and "_K_" in _row(text, "smem atom A")
    assert sm["choice"] == sm["facts"]["smem"] == m["smem_layout_a"] and "Sw<" not in m["smem_layout_a"]
    assert (sm["facts"]["extent"], sm["facts"]["k"], sm["facts"]["stages"]) == (128, 64, m["dispatch_policy"]["stages"])
    for w in (lt, sm):
        assert f"{w['what']}: {w['why']}" in text
        for v in w["facts"].values():
            if isinstance(v, str):
                assert v in w["why"], (v, w["why"])
    assert f"smem_layout_a: {m['smem_layout_a']}" in text
    assert f"  A int4b_t:{a['layout']} (no-major)" in text
    zw = {w["what"]: w for w in json.loads(zh.stdout)["why"]}
    assert zw["smem layout A"]["facts"] == sm["facts"] and re.search("[\u4e00-\u9fff]", zw["smem layout A"]["why"])


def _row(text, name):
    return next(ln for ln in text.splitlines() if ln.startswith(f"  {name} "))


@pytest.mark.parametrize(
    "change, quoted, words",
    [
        # the Layout type without its atom, the atom without a Layout type, a malformed atom, an atom type GMMA's
        # RS selector has none for, a Layout type cutedump does not read, another --arch
        ({"--reorder-atom": None}, "--a 'int4b_t:decltype(", "give it with --reorder-atom"),
        ({"--a": "int4b_t:RowMajor"}, "--reorder-atom 'compute_memory", "no operand's layout"),
        (
            {"--reorder-atom": "compute_memory_reordering_atom<bfloat16_t"},
            "'compute_memory_reordering_atom<",
            "not a call",
        ),
        ({"--reorder-atom": "compute_memory_reordering_atom<double>()"}, "<double>()'", "no RS operation"),
        ({"--a": "int4b_t:Layout<Shape<_8,_2>>"}, "'int4b_t:Layout<Shape<_8,_2>>'", "not modelled"),
        (
            {"--arch": "sm100", "--schedule": "auto", "--epilogue-schedule": "auto"},
            "--a 'int4b_t:decltype(",
            "not modelled here",
        ),
    ],
)
def test_bad_input_is_one_error_line_quoting_it(change, quoted, words):
    args = _help_example()
    for opt, v in change.items():
        i = args.index(opt)
        args = args[:i] + args[i + 2 :] if v is None else [*args[: i + 1], v, *args[i + 2 :]]
    r = _cli(args, "text")
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and r.stdout == "", r.stderr
    assert lines[0].startswith("error: ") and quoted in lines[0] and words in lines[0], lines[0]


def test_the_atoms_function_is_cutlasss_verbatim():
    # tests/oracle/mixed_reorder_atom.h pastes compute_memory_reordering_atom as CUTLASS 4.2 writes it
    src = Path(sysconfig.get_paths()["purelib"]) / "cutlass_library/source/tools/util/include/cutlass/util"
    hdr = src / "mixed_dtype_utils.hpp"
    if not hdr.exists():
        pytest.skip("the nvidia-cutlass wheel's tools/util headers are not installed")
    ours = (Path(S.__file__).parent / "mixed_reorder_atom.h").read_text()
    body = ours.split("namespace cutlass {\n", 1)[1].rsplit("} // namespace cutlass", 1)[0]
    assert body in hdr.read_text() and "compute_memory_reordering_atom" in body


def _split(configs):
    """(built, kept) as cutedump 4.2 answers; the answers are compared under the run's CUTLASS."""
    with answering_as("4.2"):
        ok, kept = [], []
        for c in configs:
            try:
                build(c, params=False)
                ok.append(c)
            except Refused:
                pass
            except NotModelled:
                continue
            kept.append(c)
        return ok, kept


@functools.lru_cache(maxsize=4)
def _generated(seed):
    return _split(S.generated(60 if seed == 1 else 100, seed))


@oracle
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow), pytest.param(3, marks=pytest.mark.slow)])
def test_generated_shuffled_configurations_agree_with_cutlass_field_by_field(seed):
    ok, _ = _generated(seed)
    ok = ok[:16] if seed == 1 else ok
    assert len(ok) >= 12
    answers = S.ask(ok)
    bad = []
    for cfg, answer in zip(ok, answers):
        bad += _check(cfg, answer)
    assert not bad, f"{len(bad)} fields disagree:\n" + "\n".join(bad[:10])


@oracle
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow), pytest.param(3, marks=pytest.mark.slow)])
def test_generated_shuffled_configurations_are_refused_exactly_when_cutlass_refuses(seed):
    _, cases = _generated(seed)
    cases = cases[:24] if seed == 1 else cases
    bad, refused = G.verdict_diff(cases, S.refusals(cases))
    assert not bad, f"{len(bad)} of {len(cases)} disagree:\n" + "\n".join(bad[:10])
    assert 4 <= refused <= len(cases) - 4
