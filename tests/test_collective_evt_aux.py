"""``cutedump collective --fusion`` with a custom EVT that has Aux tensor nodes (``Sm90AuxLoad``, ``Sm90AuxStore``:
cutedump.collective.evt_aux) on SM90, SM100 and SM120, against CUTLASS 4.2's builders compiled host-only (recorded
answers, tests/oracle/gen_collective_evt_aux.py).

Which configurations CUTLASS builds is CUTLASS's answer (each its own translation unit); those it builds are compared
field by field (the collective's fields, the tree's SharedStorage, the carveout's mainloop stages, and each Aux node's
smem layout, copy op and SharedStorage), those it refuses must be refused with CUTLASS's message. The handpicked
trees and the recorded seed run by default; a fresh seed (``CUTEDUMP_EVT_AUX_SEED``) under ``-m slow``.
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
from tests.oracle import gen_collective_evt_aux as A
from tests.oracle.cute import unavailable_reason

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))
#: the fields each Aux node states that are its spelling, not CUTLASS's answer (the oracle prints the others)
GIVEN = ("node", "stages", "element")


def _ours(cfg) -> str | dict | None:
    try:
        return build(cfg, params=False).fields
    except Refused as e:
        return e.cutlass_message.strip()
    except (NotModelled, CuteDumpError):
        return None


def _given(cfg) -> list[dict]:
    """Each Aux node's spelled node, Stages and Element, read from the --fusion text independently of cutedump's
    answer (its first three template arguments)."""
    from cutedump.collective import evt as V

    out = []
    for n in A._aux_nodes(cfg):
        el = V._strip(n.args[2])
        out.append({"node": n.name, "stages": int(n.args[0]), "element": el})
    return out


def _aux_fields(cfg, theirs, ours):
    ours = json.loads(json.dumps(ours))
    if "fusion" not in ours["epilogue"]:  # SM90's named operations: no callbacks fields (their SharedStorage is in
        # the collective's size, compared)
        theirs = {**theirs, "epilogue": {k: v for k, v in theirs["epilogue"].items() if k != "fusion"}}
    aux = ours["epilogue"].get("fusion", {}).get("aux", [])
    given = [{k: a.pop(k) for k in GIVEN} for a in aux]
    why = None if given == _given(cfg) else f"{cfg}: the Aux nodes as spelled {_given(cfg)} / ours {given}"
    return theirs, ours, why


def _compare(rows) -> tuple[int, int, list[str]]:
    return G.survey_compare(rows, _ours, _aux_fields)


@functools.lru_cache(maxsize=4)
def _survey(kind: str, seed: int, n: int):
    lists = {"hand": A.handpicked, "named": A.named_aux, "dag": A.dags}
    cfgs = lists[kind]() if kind in lists else A.generated_aux(n, seed)
    return G.survey_rows(cfgs, A.refusals, A.ask)


@oracle
def test_handpicked_aux_trees_agree_with_cutlass():
    """Aux stores and loads as CUTLASS's fusions and users spell them (the builders' helpers, explicit atoms, Stages
    0) on SM100/SM90/SM120: every field agrees; the sub-16B alignment and the atom wider than the tile are refused
    with CUTLASS's static_assert messages."""
    rows = _survey("hand", 0, 0)
    agree, asked, bad = _compare(rows)
    assert not bad, f"{len(bad)} disagree:\n" + "\n".join(bad[:10])
    refused = {r for _, r, t in rows if t is None}
    assert "sub-16B alignment not supported yet" in refused
    assert "tile_to_shape: block shape does not divide the target shape." in refused
    assert asked == len(rows) and agree == asked


@oracle
def test_named_aux_fusions_on_sm90_agree_with_cutlass():
    """CUTLASS's named Aux-output fusions on SM90 with an Aux of another type or layout than D: the callbacks'
    Aux smem sits at its own swizzle's alignment in the epilogue's SharedStorage (and so in the mainloop's
    carveout); every field agrees."""
    rows = _survey("named", 0, 0)
    agree, asked, bad = _compare(rows)
    assert not bad, f"{len(bad)} disagree:\n" + "\n".join(bad[:10])
    assert asked == len(rows) and agree == asked


@oracle
def test_dag_visitors_agree_with_cutlass():
    """Sm90SplitTreeVisitor and Sm90TopologicalVisitor holding broadcasts and Aux nodes on SM100/SM90/SM120: their
    callbacks' class and SharedStorage (the held nodes' tuple) agree field by field; an EdgeTuple of the wrong rank
    is CUTLASS's message-less static_assert."""
    rows = _survey("dag", 0, 0)
    agree, asked, bad = _compare(rows)
    assert not bad, f"{len(bad)} disagree:\n" + "\n".join(bad[:10])
    assert asked == len(rows) and agree == asked
    assert {t["epilogue"]["fusion"]["callbacks"] for _, _, t in rows if t} == {
        "Sm90SplitTreeVisitor",
        "Sm90TopologicalVisitor",
    }


N_AUX = 24


@oracle
def test_generated_aux_trees_agree_with_cutlass():
    """The recorded seed: random Aux trees on SM90/SM100/SM120 epilogues."""
    rows = _survey("gen", 1, N_AUX)
    agree, asked, bad = _compare(rows)
    assert not bad, f"{len(bad)} disagree:\n" + "\n".join(bad[:10])
    built = sum(1 for _, r, _ in rows if r == "compiles")
    assert asked >= 20 and built >= 10 and agree == asked


@oracle
@pytest.mark.slow
def test_generated_aux_fresh_seed_agrees_with_cutlass():
    seed = int(os.environ.get("CUTEDUMP_EVT_AUX_SEED", "2"))
    agree, asked, bad = _compare(_survey("gen", seed, 24))
    assert not bad, f"{len(bad)} disagree:\n" + "\n".join(bad[:10])
    assert asked >= 18


def _cli(**kw):
    from cutedump.commands._collective import collective_text

    return collective_text(**kw)


H = "cutlass::epilogue::collective::detail::"
ST = "cutlass::gemm::TagToStrideC_t<cutlass::layout::RowMajor>"
LOAD = (
    f"Sm90AuxLoad<2, Shape<_128,_32>, half_t, {ST}, decltype({H}sm90_get_epilogue_smem_swizzle_layout_atom<{ST}, "
    f"half_t, Shape<_128,_32>>()), decltype({H}sm90_get_smem_load_op_for_source<{ST}, half_t, Shape<_128,_32>>())>"
)
STORE = ("Sm90AuxStore<0, Shape<_128,_32>, float, round_to_nearest, cutlass::layout::ColumnMajor, "
         "GMMA::Layout_MN_SW128_Atom<float>, DefaultCopy>")  # fmt: skip
TREE = f"Sm90EVT<{STORE}, Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>, Sm90AccFetch, {LOAD}>>"
KW = dict(arch="sm90", a="half_t:RowMajor", b="half_t:ColumnMajor", c="half_t:RowMajor", d="half_t:RowMajor",
          tile="128,128,64", schedule="KernelTmaWarpSpecializedCooperative",
          epilogue_schedule="TmaWarpSpecializedCooperative", fusion=TREE)  # fmt: skip


def test_aux_why_line_states_the_json():
    """The fusion why line's Aux facts are the JSON's nodes: how many loads and stores, their smem bytes (a Stages 0
    node keeps none: its SharedStorage is empty, sizeof 1) and their widest alignment; the text shows the line."""
    js = json.loads(_cli(**KW, fmt_="json"))
    text = _cli(**KW)
    fu = js["epilogue"]["fusion"]
    aux = fu["aux"]
    assert [a["node"] for a in aux] == ["Sm90AuxStore", "Sm90AuxLoad"]
    why = {w["what"]: w for w in js["why"]}["fusion"]
    f = why["facts"]
    assert f["loads"] == sum(a["node"] == "Sm90AuxLoad" for a in aux)
    assert f["stores"] == sum(a["node"] == "Sm90AuxStore" for a in aux)
    assert f["aux_bytes"] == sum(a["shared_storage_bytes"] for a in aux if a["stages"])
    assert f["align"] == max(a["shared_storage_align"] for a in aux)
    assert f["total"] == fu["shared_storage_bytes"]
    assert why["why"] in text
    assert f"FusionCallbacks::SharedStorage {fu['shared_storage_bytes']} bytes" in text
    # the Stages 2 load: two (128, 32) half_t tiles, 16 KiB, aligned as its SW64 atom
    assert aux[1]["shared_storage_bytes"] == 2 * 128 * 32 * 2 and aux[1]["shared_storage_align"] == 512
    assert aux[0]["shared_storage_bytes"] == 1 and "smem_layout" not in aux[0]


def test_aux_storage_raises_the_carveout():
    """The tree's smem is in the epilogue's SharedStorage, so StageCountAutoCarveout leaves the mainloop fewer
    stages: the same GEMM without the Aux load keeps more."""
    with_aux = json.loads(_cli(**KW, fmt_="json"))
    plain = json.loads(_cli(**{**KW, "fusion": "Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>, "
                                               "Sm90AccFetch, Sm90AccFetch>"}, fmt_="json"))  # fmt: skip
    grown = with_aux["epilogue"]["shared_storage_bytes"] - plain["epilogue"]["shared_storage_bytes"]
    assert abs(grown - 2 * 128 * 32 * 2) <= 512  # (the empty callbacks' 1 byte took one 512-byte alignment)
    assert with_aux["mainloop"]["dispatch_policy"]["stages"] < plain["mainloop"]["dispatch_policy"]["stages"]


@pytest.mark.parametrize(
    "node, word",
    [
        (LOAD.replace("Sm90AuxLoad<2,", "Sm90AuxLoad<two,"), "Stages is an integer"),
        (LOAD.replace("Shape<_128,_32>, half_t, cutlass", "Shape<int,_32>, half_t, cutlass"), "EpilogueTile"),
        (LOAD.replace(f"half_t, {ST}, decl", "half_t, cutlass::layout::RowMajor, decl"), "stride type"),
        (LOAD.replace(f"half_t, {ST}, decl", "half_t, Stride<_1,_1>, decl"), "rank-3"),
        (LOAD.replace(f"atom<{ST}", "atom<cutlass::layout::RowMajor"), "GmemStrideType"),
        ("Sm90AuxLoad<2, Shape<_64,_32>, half_t, cute::Stride<int64_t,_1,int64_t>, Layout_K_SW64_Atom, DefaultCopy>",
         "SmemLayoutAtom"),
        ("Sm90AuxLoad<2, Shape<_64,_32>, half_t, cute::Stride<int64_t,_1,int64_t>, GMMA::Layout_K_SW64_Atom<half_t>, "
         "FrobCopy>", "copy operation"),
        ("Sm90AuxLoad<2, Shape<_64,_32>, half_t, cute::Stride<int64_t,_1,int64_t>, GMMA::Layout_K_SW64_Atom<half_t>, "
         "DefaultCopy, 8, maybe>", "EnableNullptr"),
        ("Sm90AuxLoad<2, Shape<_64,_32>, uint4b_t, cute::Stride<int64_t,_1,int64_t>, GMMA::Layout_K_SW64_Atom<half_t>, "
         "DefaultCopy>", "sub-byte"),
        ("Sm90AuxLoad<2, Shape<_64,_32>, half_t>", "Sm90AuxLoad takes"),
        (STORE.replace("round_to_nearest", "round_sideways"), "RoundStyle"),
        ("Sm90TopologicalVisitor<float, cute::tuple<seq<0>, frob<1>>, Sm90AccFetch, Sm90AccFetch>", "EdgeTuple"),
        ("Sm90SplitTreeVisitor<Sm90AccFetch>", "Sm90SplitTreeVisitor takes"),
        ("Sm90ScalarBroadcastPtrArray<float>", "Sm90ScalarBroadcastPtrArray"),
    ],
)  # fmt: skip
def test_aux_misspellings_are_one_error_line(node, word):
    tree = f"Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>, Sm90AccFetch, {node}>"
    with pytest.raises(CuteDumpError) as e:
        _cli(**{**KW, "fusion": tree})
    line = e.value.render()
    assert line.startswith("error: ") and "\n" not in line.rstrip("\n"), line
    assert word in line, line
