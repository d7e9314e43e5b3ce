"""``cutedump collective --fusion`` with a custom epilogue visitor tree (EVT, CUTLASS's example 71, runners 6-9) on
SM90, SM100 and SM120, and a fusion with the grouped (ptr-array) epilogues (``--grouped --fusion``), against CUTLASS
4.2's builders compiled host-only (issue 44; recorded answers, tests/oracle/gen_collective_evt.py).

Which generated configurations CUTLASS builds is CUTLASS's answer (each its own translation unit); those it builds
are compared field by field (the tree's FusionCallbacks class, ThreadEpilogueOp and SharedStorage included), those
it refuses must be refused with CUTLASS's message. The recorded seed runs by default; a fresh seed
(``CUTEDUMP_EVT_SEED``) under ``-m slow``.
"""

from __future__ import annotations

import functools
import json
import os

import pytest

from cutedump.collective.build import build
from cutedump.collective.sm90 import NotModelled, Refused
from cutedump.errors import CuteDumpError
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_evt as E
from tests.oracle.cute import unavailable_reason
from tests.oracle.gen_collective import field_diff as _diff

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))


def _ours(cfg) -> str | dict | None:
    """cutedump's answer: the fields, CUTLASS's refusal message, or None (not modelled)."""
    try:
        return build(cfg, params=False).fields
    except Refused as e:
        return e.cutlass_message.strip()
    except (NotModelled, CuteDumpError):
        return None


@functools.lru_cache(maxsize=8)
def _survey(kind: str, seed: int, n: int):
    """(configuration, CUTLASS's refusal or "compiles", CUTLASS's fields or None)."""
    cfgs = {"evt": E.generated_evt, "grouped": E.generated_grouped}[kind](n, seed)
    return G.survey_rows(cfgs, E.refusals, E.ask)


def _named_fields(cfg, theirs, ours):
    fu = theirs["epilogue"].get("fusion")
    if fu is not None and "callbacks" not in ours["epilogue"].get("fusion", {}):
        # a named operation: the JSON states its FusionCallbacks' fields on SM100/SM120 (not their class,
        # FusionCallbacks) and none on SM90 (its SharedStorage is in the collective's size, compared)
        theirs = {**theirs, "epilogue": dict(theirs["epilogue"])}
        if "fusion" in ours["epilogue"]:
            theirs["epilogue"]["fusion"] = {k: v for k, v in fu.items() if k != "callbacks"}
        else:
            del theirs["epilogue"]["fusion"]
    return theirs, ours, None


def _compare(rows) -> tuple[int, int, list[str]]:
    return G.survey_compare(rows, _ours, _named_fields)


@functools.lru_cache(maxsize=1)
def _example_71():
    ex = E.example_71()
    verdicts = E.refusals(list(ex.values()))
    return ex, verdicts, dict(zip(ex, E.ask(list(ex.values()))))


@oracle
@pytest.mark.parametrize("runner", ["6", "7", "8", "9"])
def test_example_71_custom_evt_agrees_with_cutlass_field_by_field(runner):
    """Example 71's runners 6-9 with its CustomEVT as written: CUTLASS builds each; every field agrees, the tree's
    callbacks (Sm90TreeVisitor, ThreadEpilogueOp FusionOperation) and SharedStorage included."""
    ex, verdicts, fields = _example_71()
    assert verdicts[list(ex).index(runner)].strip() == "compiles"
    theirs = fields[runner]
    assert theirs["epilogue"]["fusion"]["callbacks"] == "Sm90TreeVisitor"
    assert theirs["epilogue"]["fusion"]["operation"] == "FusionOperation"
    bad = _diff(ex[runner], theirs, build(ex[runner], params=False).fields)
    assert not bad, "\n".join(bad)


N_EVT, N_GROUPED = 60, 40


@oracle
def test_generated_evt_trees_agree_with_cutlass():
    """The recorded seed: random trees of the modelled nodes on SM90/SM100/SM120; each CUTLASS builds agrees field
    by field, each it refuses is refused with its message."""
    rows = _survey("evt", 1, N_EVT)
    agree, asked, bad = _compare(rows)
    assert not bad, f"{len(bad)} disagree:\n" + "\n".join(bad[:10])
    built = sum(1 for _, r, _ in rows if r == "compiles")
    assert asked >= 50 and built >= 35 and agree == asked


@oracle
def test_generated_grouped_fusions_agree_with_cutlass():
    """The recorded seed: grouped (ptr-array) GEMMs with a named fusion or a tree on SM90/SM100/SM120."""
    rows = _survey("grouped", 1, N_GROUPED)
    agree, asked, bad = _compare(rows)
    assert not bad, f"{len(bad)} disagree:\n" + "\n".join(bad[:10])
    built = sum(1 for _, r, _ in rows if r == "compiles")
    assert asked >= 30 and built >= 15 and agree == asked


@oracle
@pytest.mark.slow
@pytest.mark.parametrize("kind", ["evt", "grouped"])
def test_generated_fresh_seed_agree_with_cutlass(kind):
    seed = int(os.environ.get("CUTEDUMP_EVT_SEED", "2"))
    agree, asked, bad = _compare(_survey(kind, seed, 40))
    assert not bad, f"{len(bad)} disagree:\n" + "\n".join(bad[:10])
    assert asked >= 25


def _cli(**kw):
    from cutedump.commands._collective import collective_text

    return collective_text(**kw)


KW71 = dict(
    arch="sm100", a="half_t:RowMajor", b="half_t:ColumnMajor", c="half_t:ColumnMajor", d="half_t:ColumnMajor",
    tile="256,128,64", cluster="2,2,1", fusion=E.example_71_tree(),
)  # fmt: skip


def test_command_line_states_the_tree_as_the_json():
    """The text's fusion row and why line state the JSON's callbacks, operation and SharedStorage size."""
    js = json.loads(_cli(**KW71, fmt_="json"))
    text = _cli(**KW71)
    fu = js["epilogue"]["fusion"]
    assert fu["callbacks"] == "Sm90TreeVisitor" and fu["operation"] == "FusionOperation"
    row = (
        f"{fu['callbacks']} (operation {fu['operation']}): FusionCallbacks::SharedStorage {fu['shared_storage_bytes']}"
    )
    assert row in text
    why = {w["what"]: w for w in js["why"]}
    assert why["fusion"]["facts"]["total"] == fu["shared_storage_bytes"]
    assert why["fusion"]["facts"]["nodes"] == 8
    assert why["fusion"]["why"] in text


def test_row_broadcast_smem_is_the_tuple_of_the_nodes():
    """A row broadcast keeps CTA N elements in smem (16-byte aligned), two of them nest as cute::tuple's ESO pair;
    the collective's SharedStorage grows by them (the no-broadcast tree: 1 byte)."""
    rb = "Sm90RowBroadcast<0, Shape<_128,_128,_64>, {}>"
    tree = f"Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>, {rb.format('half_t')}, {rb.format('float')}>"
    js = json.loads(_cli(**{**KW71, "tile": "128,128,64", "fusion": tree, "schedule": "KernelTmaWarpSpecialized1SmSm100",
                            "epilogue_schedule": "TmaWarpSpecialized1Sm"}, fmt_="json"))  # fmt: skip
    assert js["epilogue"]["fusion"]["shared_storage_bytes"] == 128 * 2 + 128 * 4
    why = {w["what"]: w for w in js["why"]}
    assert why["fusion"]["facts"]["rows"] == 2 and why["fusion"]["facts"]["bytes"] == 128 * 2 + 128 * 4


@pytest.mark.parametrize(
    "tree, word",
    [
        ("Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>, Sm90AuxLoad<2, Shape<_64,_32>, half_t>>",
         "Sm90AuxLoad"),
        ("Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>, Sm90RowReduction<plus, plus, plus, 0>>",
         "Sm90RowReduction takes"),
        ("Sm90AccFetchGroupedWgrad", "Sm90AccFetchGroupedWgrad"),
        ("Sm90EVT<Sm90ScalarReduction<plus, frob, float, float, round_to_nearest>, Sm90AccFetch>", "functor"),
        ("Sm90EVT<Sm90Compute<plus, half_t, float>, Sm90AccFetch>", "Sm90Compute takes"),
        ("Sm90EVT<Sm90Compute<frobnicate, half_t, float, round_to_nearest>, Sm90AccFetch>", "ComputeFn"),
        ("Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>>", "one child"),
        ("Sm90EVT<Sm90Compute<plus, halfish, float, round_to_nearest>, Sm90AccFetch>", "unknown element type"),
        ("Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>, Sm90RowBroadcast<0, Shape<int,_128,_64>, float>>",
         "static cute::Shape"),
        ("Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>, Sm90AccFetch", "unbalanced"),
        ("Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>, Sm90RowBroadcast<0, Shape<_1,_128,_1>, "
         "float_e2m1_t>>", "sub-byte"),
    ],
)  # fmt: skip
def test_trees_not_modelled_or_misspelled_are_one_error_line(tree, word):
    with pytest.raises(CuteDumpError) as e:
        _cli(**{**KW71, "fusion": tree})
    line = e.value.render()
    assert line.startswith("error: ") and "\n" not in line.rstrip("\n"), line
    assert word in line, line


@pytest.mark.parametrize(
    "node, message",
    [
        ("Sm90ColBroadcast<2, Shape<_128,_128,_64>, float>", "Column broadcast doesn't support smem pipelining"),
        ("Sm90ScalarReduction<plus, plus, float, float, round_to_nearest>", "non-atomic scalar reduction"),
        ("Sm90RowReduction<plus, plus, atomic_add, 1, Shape<_128,_128,_64>, float, float, round_to_nearest>",
         "Smem usage not supported yet"),
    ],
)  # fmt: skip
def test_node_static_asserts_are_cutlass_refusals(node, message):
    tree = f"Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>, Sm90AccFetch, {node}>"
    with pytest.raises(Refused, match=message):
        build(E.example_71()["7"]._replace(fusion=tree), params=False)


def test_broadcast_stages_is_cutlass_static_assert():
    tree = (
        "Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>, Sm90ColBroadcast<2, Shape<_128,_128,_64>, float>>"
    )
    with pytest.raises(Refused, match="Column broadcast doesn't support smem pipelining"):
        build(E.example_71()["7"]._replace(fusion=tree), params=False)
