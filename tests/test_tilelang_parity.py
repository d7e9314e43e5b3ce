"""Differential test against TileLang 0.1.15 itself, from its recorded answers (no TileLang needed).

``tests/tilelang/gen_records.py`` ran ``tilelang.layout.<constructor>`` on shared buffers of many shapes x dtypes
x options and recorded TileLang's repr, OutputShape, a SHA-256 over Forward at every input index plus sample
points, Inverse (repr, or that it raises), and every rejection's ICHECK text. Here cutedump must agree on all of it.
"""

import collections
import gzip
import hashlib
import json
import os

import numpy as np
import pytest
from click.testing import CliRunner

from cutedump.cli import command
from cutedump.errors import CuteDumpError
from cutedump.tilelang import layouts as TL

tilelang_cmd = command("tilelang")

RECORDS = os.path.join(os.path.dirname(__file__), "tilelang", "records", "tilelang_0.1.15.json.gz")


@pytest.fixture(scope="module")
def data():
    with gzip.open(RECORDS, "rt", encoding="utf-8") as f:
        return json.load(f)


def _sha(arrays):
    arr = np.ascontiguousarray(np.stack([np.asarray(a, dtype=np.int64) for a in arrays]).astype("<i8"))
    return hashlib.sha256(arr.tobytes()).hexdigest()


def _key(r):
    return f"{r['fn']}({r['shape']} {r['dtype']}, {r['opts']})"


def test_records_cover_every_cuda_constructor(data):
    assert data["tilelang"] == "0.1.15"
    covered = {r["fn"] for r in data["layouts"]} | {r["fn"] for r in data["fragments"]}
    not_cuda = {n for n in data["exports"] if n.startswith("make_ascend_")} | {
        "make_cutlass_metadata_layout",
        "make_strided_slice",
        "make_fully_replicated_partial_fragment",
    }
    assert set(data["exports"]) - not_cuda <= covered
    assert set(TL.CONSTRUCTORS) <= covered
    assert len(data["layouts"]) >= 7000
    kinds = collections.Counter("error" in r for r in data["layouts"])
    assert kinds[True] > 1000 and kinds[False] > 5000


@pytest.mark.slow  # several seconds: CI runs it with -m slow
def test_every_layout_case_agrees_with_tilelang(data):
    """repr, OutputShape, Forward at every index (digest + samples), Inverse and rejections, all cases."""
    bad = []
    counts = collections.Counter()
    for r in data["layouts"]:
        try:
            L = TL.build(r["fn"], r["shape"], r["bits"], **r["opts"])
        except CuteDumpError as e:
            if str(e) != r.get("error"):
                bad.append((_key(r), "error", r.get("error", r.get("repr")), str(e)))
            counts["rejection"] += 1
            continue
        if "error" in r:
            bad.append((_key(r), "accepted", r["error"], repr(L)))
            continue
        counts["layout"] += 1
        if repr(L) != r["repr"]:
            bad.append((_key(r), "repr", r["repr"], repr(L)))
        if L.output_shape() != r["output_shape"] or L.input_shape != r["input_shape"]:
            bad.append((_key(r), "shape", r["output_shape"], L.output_shape()))
        if _sha(L.forward_all()) != r["fwd_sha256"]:
            bad.append((_key(r), "forward", r["fwd_sha256"], None))
        for idx, vals in r["sample"]:
            if [int(x) for x in L.forward(*idx)] != vals:
                bad.append((_key(r), f"forward{idx}", vals, L.forward(*idx)))
        inv = L.inverse()
        if "inverse" in r:
            counts["inverse"] += 1
            if inv is None or repr(inv) != r["inverse"]:
                bad.append((_key(r), "inverse", r["inverse"], repr(inv)))
        elif inv is not None:
            bad.append((_key(r), "inverse-none", r.get("inverse_error"), repr(inv)))
    assert not bad, f"{len(bad)} disagreements, first: {bad[:3]}"
    assert counts["layout"] > 5000 and counts["rejection"] > 1000 and counts["inverse"] > 1000


def test_every_fragment_agrees_with_tilelang(data):
    for r in data["fragments"]:
        if r["fn"] == "make_fully_replicated_layout_fragment":
            F = TL.make_fully_replicated_layout_fragment(r["args"]["shape"], r["args"]["threads"])
        else:
            F = TL.make_gemm_fragment_8x8(r["fn"].endswith("_transposed"))
        assert repr(F) == r["repr"]
        assert F.output_shape() == r["output_shape"]
        assert _sha(F.forward_all()) == r["fwd_sha256"], r["repr"]
        assert _sha([F.thread_all()]) == r["thread_sha256"], r["repr"]


@pytest.mark.slow  # several seconds: CI runs it with -m slow
def test_cute_equivalents_hold_at_every_index(data):
    """Bank swizzles, linear and padded layouts: the CuTe layout equals TileLang's physical offset everywhere."""
    checked = collections.Counter()
    seen = set()
    for r in data["layouts"]:
        if "error" in r or r["repr"] in seen:
            continue
        seen.add(r["repr"])
        L = TL.build(r["fn"], r["shape"], r["bits"], **r["opts"])
        layout, why = TL.cute_equivalent(L)
        if layout is None:
            continue
        bad, first = TL.check_cute(L, layout)
        assert bad == 0, (_key(r), str(layout), first)
        checked[L.name] += 1
    assert checked["MakeFullBankSwizzleLayout2D"] > 50 and checked["MakeLinearLayout"] > 40
    assert checked["MakeQuarterBankSwizzleLayout2D"] > 50 and checked["MakeGemmABLayoutPadded"] > 10


def _find(data, fn, shape, dtype, opts=None):
    for r in data["layouts"]:
        if r["fn"] == fn and r["shape"] == list(shape) and r["dtype"] == dtype and r["opts"] == (opts or {}):
            return r
    raise KeyError((fn, shape, dtype))


@pytest.mark.parametrize(
    "shape,dtype,args",
    [
        ((64, 16), "float16", []),  # issue 13: a quarter-bank swizzle
        ((64, 16), "int8", []),  # issue 13: the linear (unpadded) layout
        ((64, 16), "float64", []),  # issue 13: fp64 K-inner
        ((64, 16), "float64", ["--k-outer"]),
        ((2, 64, 64), "bfloat16", ["--no-pad"]),
    ],
)
def test_cli_auto_prints_tilelangs_repr(data, shape, dtype, args):
    opts = {}
    if "--k-outer" in args:
        opts["k_major"] = False
    if "--no-pad" in args:
        opts["allow_pad"] = False
    r = _find(data, "make_swizzled_layout", shape, dtype, opts)
    res = CliRunner().invoke(tilelang_cmd, ["auto", "--shape", ",".join(map(str, shape)), "--type", dtype] + args)
    assert res.exit_code == 0, res.output
    assert res.output.splitlines()[1] == r["repr"]
    j = CliRunner().invoke(
        tilelang_cmd,
        ["auto", "--shape", ",".join(map(str, shape)), "--type", dtype, "--format", "json", "--values"] + args,
    )
    assert j.exit_code == 0, j.output
    d = json.loads(j.output)
    assert d["repr"] == r["repr"] and d["output_shape"] == r["output_shape"] and d["input_shape"] == list(shape)
    assert _sha(np.array([v for _, v in d["forward"]]).T) == r["fwd_sha256"]
    assert d["inverse"] == r.get("inverse")


@pytest.mark.parametrize(
    "cmd,fn,shape,dtype",
    [
        ("wgmma", "make_wgmma_swizzled_layout", (128, 64), "float8_e4m3fn"),
        ("tcgen05", "make_tcgen05mma_swizzled_layout", (64, 24), "float16"),
        ("volta", "make_volta_swizzled_layout", (64, 64), "float16"),
        ("linear", "make_linear_layout", (3, 8, 64), "int8"),
        ("quarter-bank", "make_quarter_bank_swizzled_layout", (4, 64), "float16"),
        ("full-bank", "make_full_bank_swizzled_layout", (256, 64), "float16"),
    ],
)
def test_cli_subcommands_print_tilelangs_repr(data, cmd, fn, shape, dtype):
    r = _find(data, fn, shape, dtype)
    res = CliRunner().invoke(tilelang_cmd, [cmd, "--shape", ",".join(map(str, shape)), "--type", dtype])
    assert res.exit_code == 0, res.output
    assert r["repr"] in res.output.splitlines() or f"TileLang: {r['repr']}" in res.output.splitlines()
    j = CliRunner().invoke(
        tilelang_cmd, [cmd, "--shape", ",".join(map(str, shape)), "--type", dtype, "--format", "json"]
    )
    assert j.exit_code == 0, j.output
    assert json.loads(j.output)["repr"] == r["repr"]


@pytest.mark.parametrize(
    "cmd,fn,shape,dtype,opts",
    [
        ("full-bank", "make_full_bank_swizzled_layout", (64, 16), "float16", []),
        ("auto", "make_swizzled_layout", (12, 64), "float16", []),
        ("tcgen05", "make_tcgen05mma_swizzled_layout", (64, 16), "float64", []),
        ("wgmma", "make_wgmma_swizzled_layout", (8, 2), "float16", []),
        ("auto", "make_swizzled_layout", (64,), "float16", []),
    ],
)
def test_cli_rejections_are_tilelangs_icheck_text(data, cmd, fn, shape, dtype, opts):
    r = _find(data, fn, shape, dtype)
    assert "error" in r
    res = CliRunner().invoke(tilelang_cmd, [cmd, "--shape", ",".join(map(str, shape)), "--type", dtype] + opts)
    assert res.exit_code == 2
    lines = [x for x in res.output.splitlines() if x.strip()]
    assert lines == [f"error: {r['error']}"]


def test_cli_fragments(data):
    by = {r["fn"]: r for r in data["fragments"]}
    res = CliRunner().invoke(tilelang_cmd, ["fragment-8x8"])
    assert res.exit_code == 0 and by["make_gemm_fragment_8x8"]["repr"] in res.output.splitlines()
    res = CliRunner().invoke(tilelang_cmd, ["fragment-8x8", "--transposed", "--format", "json"])
    assert json.loads(res.output)["repr"] == by["make_gemm_fragment_8x8_transposed"]["repr"]
    rep = [r for r in data["fragments"] if r["fn"] == "make_fully_replicated_layout_fragment"][0]
    res = CliRunner().invoke(
        tilelang_cmd,
        ["replicated", "--shape", ",".join(map(str, rep["args"]["shape"])), "--threads", str(rep["args"]["threads"])],
    )
    assert res.exit_code == 0 and rep["repr"] in res.output.splitlines()


@pytest.mark.parametrize(
    "args",
    [
        ["auto", "--shape", "64,x"],
        ["auto", "--shape", "64,16", "--type", "float7"],
        ["auto", "--shape", "64,0"],
        ["linear", "--shape", "8,8", "--at", "8,0"],
        ["gemm-ab", "--shape", "2,64,64"],
        ["replicated", "--shape", "2,4", "--threads", "0"],
    ],
)
def test_cli_bad_input_one_error_line(args):
    r = CliRunner().invoke(tilelang_cmd, args)
    assert r.exit_code == 2, r.output
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), r.output


def test_help_has_examples():
    for sub in [
        "auto",
        "gemm-ab",
        "padded",
        "wgmma",
        "tcgen05",
        "volta",
        "linear",
        "fragment-8x8",
        "replicated",
        "full-bank",
    ]:
        r = CliRunner().invoke(tilelang_cmd, [sub, "--help"])
        assert r.exit_code == 0 and "Examples:" in r.output
