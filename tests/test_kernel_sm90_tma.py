"""`cutedump kernel wgmma_tma_sm90_<tn|nt>`: the Hopper TMA tutorial (CUTLASS 4.2 examples/cute/tutorial/hopper/
wgmma_tma_sm90.cu) prints what real CuTe prints for the same objects (tests/kernel_cpp_sm90_tma.py builds them with
CuTe): make_tma_atom's Copy_Atom, the TMA coordinate tensors (get_tma_tensor, local_tile, tma_partition of
group_modes<0,2>), the smem partitions, tma_transaction_bytes and the GMMA partitions of one thread; the
cuTensorMapEncodeTiled arguments (the readings and the JSON) are the ones CuTe passes, its GMMA descriptors are
CuTe's ``tCrA(0)``/``tCrB(0)``, and inputs CuTe's make_tma_atom asserts on get CuTe's assertion, exit 2.

Real CuTe's program prints lines ``--no-readings`` does not: ``tensor_map: ...`` (our cuTensorMapEncodeTiled, one
per make_tma_atom, before the dump), ``ERROR: cast_smem_ptr_to_uint not supported but used.`` (host-only noise)
and ``tCrA(0): 0x...``/``tCrB(0): 0x...``: :func:`tests.kernel_oracle.split_cute` separates them.
"""

from __future__ import annotations

import json
import random

import pytest

from tests import kernel_cpp_sm90_tma as CPP
from tests import kernel_oracle as K
from tests.kernel_oracle import run
from tests.oracle.cute import run_cases

# (variant, (bM,bN,bK,bP), (M,N,K), thread); M, N, K "_512" are static (Int<512>), ints dynamic (the tutorial's)
CONFIGS = [
    ("tn", (128, 128, 64, 3), (512, 256, 128), 5),
    ("tn", (128, 128, 64, 3), (128, 128, 64), 0),
    ("tn", (64, 128, 64, 2), (200, 96, 136), 127),
    ("tn", (192, 64, 128, 4), (1000, 999, 80), 64),
    ("tn", (256, 256, 64, 1), (333, 500, 64), 100),
    ("tn", (128, 64, 192, 2), ("_512", "_256", "_1024"), 33),
    ("tn", (64, 64, 64, 1), ("_64", 77, "_64"), 7),
    ("nt", (128, 128, 64, 3), (512, 256, 128), 5),
    ("nt", (128, 128, 64, 3), (128, 128, 64), 0),
    ("nt", (256, 128, 16, 2), (1000, 304, 40), 99),
    ("nt", (64, 256, 32, 3), (72, 40, 17), 127),
    ("nt", (128, 128, 128, 2), (4096, 4096, 4096), 31),
    ("nt", (256, 64, 48, 4), ("_1024", "_512", "_96"), 1),
    # CuTe builds a 96-row tile under the 64-row wgmma (MMA_M = 2 over-covers it): printed, not refused
    ("tn", (96, 128, 64, 3), (512, 256, 128), 5),
    # CuTe's make_tma_copy_desc asserts: TN rows of K=77 halfs are not 16-byte aligned; a 512-row box exceeds 256
    ("tn", (128, 128, 64, 3), (512, 256, 77), 0),
    ("tn", (512, 128, 64, 1), (1024, 256, 128), 0),
    ("nt", (128, 128, 64, 3), (100, 256, 64), 0),
]


def _generated(seed: int = 91, n: int = 16) -> list:
    """Seeded configs over tiles the tutorial's host code accepts (GMMA atom, wgmma divide, TMA box <= 256), sizes
    static or dynamic, most of them 16-byte aligned rows."""
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        variant = "tn" if i % 2 == 0 else "nt"
        if variant == "tn":
            tile = (
                rnd.choice([64, 128, 192, 256]),
                rnd.choice([64, 128, 192, 256]),
                rnd.choice([64, 128]),
                rnd.randint(1, 4),
            )
        else:
            tile = (
                rnd.choice([64, 128, 256]),
                rnd.choice([64, 128, 256]),
                rnd.choice([16, 32, 64, 128]),
                rnd.randint(1, 4),
            )
        mnk = []
        for _ in range(3):
            v = rnd.choice([rnd.randint(1, 64), rnd.randint(65, 3000)])
            v = -(-v // 8) * 8 if rnd.random() < 0.85 else v
            mnk.append(f"_{v}" if rnd.random() < 0.25 else v)
        out.append((variant, tile, tuple(mnk), rnd.randint(0, 127)))
    return out


GENERATED = _generated()
ALL = CONFIGS + GENERATED


@pytest.fixture(scope="module")
def cute():
    """Real CuTe's answers: one program for the hand-picked configs, one for the generated ones."""
    outs = run_cases([CPP.case(*c) for c in CONFIGS], prelude=CPP.PRELUDE, extra_flags=CPP.FLAGS)
    outs += run_cases([CPP.case(*c) for c in GENERATED], prelude=CPP.PRELUDE, extra_flags=CPP.FLAGS)
    return [K.split_cute(t) for t in outs]


def kernel_args(variant, tile, mnk, thread):
    return K.kernel_args(
        f"wgmma_tma_sm90_{variant}",
        {
            "M": mnk[0],
            "N": mnk[1],
            "K": mnk[2],
            "bM": f"_{tile[0]}",
            "bN": f"_{tile[1]}",
            "bK": f"_{tile[2]}",
            "bP": f"_{tile[3]}",
        },
        thread,
    )


def _tm_line(d: dict) -> str:
    """A tensor_map dict (our JSON) as the oracle's cuTensorMapEncodeTiled prints it."""
    j = lambda v: ",".join(str(x) for x in v)  # noqa: E731
    return (
        f"{d['data_type']} rank={d['rank']} global_dim={j(d['global_dim'])} "
        f"global_strides={j(d['global_strides'])} box_dim={j(d['box_dim'])} "
        f"element_strides={j(d['element_strides'])} {d['interleave']} {d['swizzle']} {d['l2_promotion']} "
        f"{d['oob_fill']}"
    )


@pytest.mark.parametrize("i", range(len(ALL)))
def test_wgmma_tma_sm90_equals_real_cute(cute, i):
    code, out, err = run(*kernel_args(*ALL[i]), "--no-readings")
    text, extra = cute[i]
    if extra["assert"] is not None:
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and err.startswith("error: ")
        assert f"asserts `{extra['assert']}'" in err
        return
    assert code == 0, err
    assert out == text


@pytest.mark.parametrize("i", range(len(ALL)))
def test_tensor_maps_and_descriptors_are_cutes(cute, i):
    """The cuTensorMapEncodeTiled arguments and the k-block-0 descriptors (JSON and readings) are CuTe's."""
    text, extra = cute[i]
    if extra["assert"] is not None:
        return
    code, out, err = run(*kernel_args(*ALL[i]), "--format", "json", "--lang", "en")
    assert code == 0, err
    d = json.loads(out)
    assert [_tm_line(x["tensor_map"]) for x in d["tma"]] == extra["tensor_map"]
    got = {x["name"]: x["k_block_0"]["value"] for x in d["descriptors"]}
    assert got == extra["descs"]
    for x in d["tma"]:
        assert x["matches"] is True and x["swizzle"] == "CU_TENSOR_MAP_SWIZZLE_128B"
    code, en, err = run(*kernel_args(*ALL[i]), "--lang", "en")
    assert code == 0, err
    for line in extra["tensor_map"]:
        dt, rank, gdim = line.split()[:3]
        assert f"cuTensorMapEncodeTiled({dt}, rank {rank[5:]}, globalDim {{{gdim.split('=')[1]}}}" in en


def test_readings_only_add_lines(cute):
    code, en, err = run(*kernel_args(*CONFIGS[0]), "--lang", "en")
    assert code == 0, err
    head = en.split("\n\nbank audit (", 1)[0]
    assert "\n".join(ln for ln in head.splitlines() if not ln.startswith("  # ")) + "\n" == cute[0][0]


@pytest.mark.parametrize("variant", ["tn", "nt"])
def test_tma_audit(variant):
    """TMA writes the tiles (not a thread copy: no bank counts); its swizzle is the descriptors' layout type; one
    stage moves tma_transaction_bytes."""
    code, out, err = run("kernel", f"wgmma_tma_sm90_{variant}", "--format", "json", "--lang", "en")
    assert code == 0, err
    d = json.loads(out)
    assert [(b["copy"], b["tensor"], b["note"]) for b in d["bank"]] == [("tmaA", "sA", "TMA"), ("tmaB", "sB", "TMA")]
    assert all("all_warps" not in b for b in d["bank"])
    rows = {x["name"]: x for x in d["tma"]}
    assert sorted(rows) == ["tmaA", "tmaB"]
    for x in rows.values():
        assert x["swizzle"] == "CU_TENSOR_MAP_SWIZZLE_128B" and x["layout_type"] == "B128" and x["matches"]
        assert x["stage_bytes"] == 128 * 64 * 2
        assert x["box_bytes"] * x["boxes_per_stage"] == x["stage_bytes"]
        assert x["box_dim"] == ([64, 128] if variant == "tn" else [64, 8])
    tx = {o["name"]: o["value"] for o in d["tensors"]}["tma_transaction_bytes"]
    assert tx == "32768"
    code, en, err = run("kernel", f"wgmma_tma_sm90_{variant}", "--lang", "en")
    assert "TMA is not a thread copy, so no bank conflicts are counted" in en
    assert "one stage: tma_transaction_bytes = tAsA 16384 + tBsB 16384 = 32768 bytes" in en
    code, zh, err = run("kernel", f"wgmma_tma_sm90_{variant}")
    assert code == 0 and "TMA 审计" in zh and "swizzle 一致" in zh


def test_a_swizzle_mismatch_is_reported(tmp_path):
    """TMA writing with another swizzle than the wgmma reads: the descriptors read the SW128 tile, the TMA of a
    SW64 tile would write CU_TENSOR_MAP_SWIZZLE_64B: the audit says so."""
    from cutedump.kernel.load import EXAMPLES

    text = (EXAMPLES / "wgmma_tma_sm90_tn.toml").read_text(encoding="utf-8")
    text = text.replace(
        '''smem = "sA_layout"
slice = "(_,_,0)"''',
        '''smem = "tile_to_shape(GMMA::Layout_K_SW64_Atom<half_t>, (bM,bK))"''',
    )
    p = tmp_path / "mismatch.toml"
    p.write_text(text, encoding="utf-8")
    code, out, err = run("kernel", str(p), "--format", "json", "--lang", "en")
    assert code == 0, err
    rows = {x["name"]: x for x in json.loads(out)["tma"]}
    assert rows["tmaA"]["swizzle"] == "CU_TENSOR_MAP_SWIZZLE_64B" and rows["tmaA"]["matches"] is False
    assert rows["tmaB"]["matches"] is True
    code, en, err = run("kernel", str(p), "--lang", "en")
    assert "but TMA writes B64: the wgmma would read the tile wrongly" in en


@pytest.mark.parametrize(
    "sets, needle",
    [
        (["bK=_32"], "tile_to_shape: block shape does not divide the target shape"),
        # the MN-major box is 64 rows: a 192-row tile of 3 boxes is refused at compile time by make_tma_atom's
        # composition (static_assert "Shape Divisibility Condition")
        (["bN=_192"], "Shape Divisibility Condition"),
        (["bM=_100"], "tile_to_shape: block shape does not divide the target shape"),
        (["K=77"], "asserts `(gmem_prob_stride[1] & 0b1111) == 0'"),
        (["bM=_512", "bP=_1"], "asserts `smem_box_shape[1] <= (uint32_t(1) << 8)'"),
    ],
)
def test_refused_inputs(sets, needle):
    from cutedump.versions import cutlass_fact

    args = ["kernel", "wgmma_tma_sm90_" + ("nt" if sets == ["bN=_192"] else "tn")]
    for s in sets:
        args += ["--set", s]
    code, out, err = run(*args)
    if needle == "Shape Divisibility Condition" and cutlass_fact("smem_flag_stage_slice") == "inner":
        # CUTLASS 4.7 slices stage 0 inside the swizzle (cute/pointer_flagged.hpp:87): nothing asserts, and g++
        # compiles the tutorial with bN = 192 against 4.7's headers (4.2's refuses it)
        assert code == 0 and err == "", err
        return
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("error: ") and needle in err


def test_tma_kind_rules():
    from cutedump.errors import CuteDumpError
    from cutedump.kernel.model import evaluate_description

    base = {
        "params": {"M": "512", "K": "128"},
        "objects": [
            {"name": "L", "kind": "value", "expr": "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64,_2))"},
            {"name": "g", "kind": "tensor", "memory": "gmem", "shape": "(M,K)", "stride": "(K,_1)"},
            {
                "name": "tma",
                "kind": "tma_atom",
                "op": "SM90_TMA_LOAD",
                "type": "half_t",
                "gmem": "g",
                "smem": "L",
                "slice": "(_,_,0)",
                "tile": "(_128,_64)",
            },
        ],
    }
    thread = [
        {"name": "m", "kind": "tma_tensor", "of": "tma", "shape": "(M,K)"},
        {"name": "gA", "kind": "local_tile", "tensor": "m", "tiler": "(_128,_64)", "coord": "(0,_)"},
        {"name": "s", "kind": "tensor", "memory": "smem", "layout": "L"},
    ]
    with pytest.raises(CuteDumpError, match="two outputs|2 outputs"):
        evaluate_description(
            dict(
                base,
                thread=thread
                + [
                    {
                        "name": "tAgA",
                        "kind": "tma_partition",
                        "of": "tma",
                        "smem": "group_modes<0,2>(s)",
                        "gmem": "group_modes<0,2>(gA)",
                    }
                ],
            )
        )
    with pytest.raises(CuteDumpError, match="not a TMA coordinate tensor"):
        evaluate_description(
            dict(
                base,
                thread=thread
                + [
                    {
                        "name": "a, b",
                        "kind": "tma_partition",
                        "of": "tma",
                        "smem": "group_modes<0,2>(s)",
                        "gmem": "group_modes<0,2>(s)",
                    }
                ],
            )
        )
    with pytest.raises(CuteDumpError, match="not congruent"):
        evaluate_description(dict(base, thread=[{"name": "m", "kind": "tma_tensor", "of": "tma", "shape": "(M,K,_1)"}]))
    with pytest.raises(CuteDumpError, match="not a tma_atom entry"):
        evaluate_description(dict(base, thread=[{"name": "m", "kind": "tma_tensor", "of": "g", "shape": "(M,K)"}]))
    d = evaluate_description(
        dict(
            base,
            thread=thread
            + [
                {
                    "name": "a, b",
                    "kind": "tma_partition",
                    "of": "tma",
                    "smem": "group_modes<0,2>(s)",
                    "gmem": "group_modes<0,2>(gA)",
                },
                {"name": "bytes", "kind": "tma_bytes", "of": "b"},
            ],
        )
    )
    assert str(d.item("a").value) == "ArithTuple(_0,0) o (((_64,_128),_1),2):(((_1@0,_1@1),_0),_64@0)"
    assert str(d.item("b").value) == "((_8192,_1),(_1,_2)):((_1,_0),(_0,_8192))"
    assert d.item("bytes").value == 16384


def test_multicast_partition_is_the_tma_commands():
    """tma_partition with a cluster rank and layout (SM90_TMA_LOAD_MULTICAST, cluster 2, CTA 1) gives what
    `cutedump tma --tma-partition` gives (tests/test_tma_oracle.py checks that one against real CuTe)."""
    from cutedump.kernel.model import evaluate_description

    d = evaluate_description(
        {
            "params": {"M": "1024", "K": "256"},
            "objects": [
                {"name": "L", "kind": "value", "expr": "tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>, (_128,_64))"},
                {"name": "g", "kind": "tensor", "memory": "gmem", "shape": "(M,K)", "stride": "(_1,M)"},
                {
                    "name": "tma",
                    "kind": "tma_atom",
                    "op": "SM90_TMA_LOAD_MULTICAST",
                    "type": "half_t",
                    "gmem": "g",
                    "smem": "L",
                    "tile": "(_128,_64)",
                    "cluster": "2",
                },
            ],
            "thread": [
                {"name": "m", "kind": "tma_tensor", "of": "tma", "shape": "(M,K)"},
                {"name": "gA", "kind": "local_tile", "tensor": "m", "tiler": "(_128,_64)", "coord": "(0,_)"},
                {"name": "s", "kind": "tensor", "memory": "smem", "layout": "L"},
                {
                    "name": "tAgA, tAsA",
                    "kind": "tma_partition",
                    "of": "tma",
                    "cta_coord": "1",
                    "cta_layout": "2:_1",
                    "smem": "group_modes<0,2>(s)",
                    "gmem": "group_modes<0,2>(gA)",
                },
            ],
        }
    )
    code, out, err = run(
        "tma",
        "--op",
        "SM90_TMA_LOAD_MULTICAST",
        "--type",
        "half_t",
        "--gmem",
        "(1024,256):(_1,1024)",
        "--smem",
        "tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>, (_128,_64))",
        "--cluster",
        "2",
        "--tma-partition",
        "--cta",
        "1",
        "--format",
        "json",
    )
    assert code == 0, err
    p = json.loads(out)["partition"]
    assert str(d.item("gA").value) == p["gA"]
    assert str(d.item("tAgA").value) == p["tAgA"]
    assert str(d.item("tAsA").value) == p["tAsA"].split(" o ", 1)[1]
