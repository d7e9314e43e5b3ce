"""`cutedump kernel sm100_0X_...`: the Blackwell tutorials (CUTLASS 4.2 examples/cute/tutorial/blackwell/) print
what real CuTe prints for the same objects (tests/kernel_cpp_sm100.py builds them with CuTe, host only), their
UMMA descriptors are CuTe's ``tCrA(0)``/``tCrB(0)``, and the tutorials' host checks refuse what they refuse.

Real CuTe's program also prints host-only noise and the descriptor lines ``--no-readings`` does not print:
``ERROR: cast_smem_ptr_to_uint not supported but used.`` (make_umma_desc on the host) and ``tCrA(0): 0x...``;
:func:`tests.kernel_oracle.split_cute` separates them.

Compile time (2-core machine, g++ -O0): one program of the 01 configs below, about 16 distinct template
instantiations, takes about 55 s; the TMA programs (02..05, 6-7 configs each) about 50 s each, 3.6 min for the four.
"""

from __future__ import annotations

import json

import pytest

from tests import kernel_cpp_sm100 as CPP
from tests import kernel_oracle as K
from tests.kernel_oracle import run
from tests.oracle.cute import run_cases
from tests.paths import PKG_PATH

# 01_mma_sm100: ((MmaM, MmaN), NumMmaK, (Gemm_M, Gemm_N, Gemm_K), threadIdx.x). The TMEM load atom
# (SM100_TMEM_LOAD_32dp32b1x) needs the 128-lane accumulator of an M = 128 MMA; the SW128 K atom 64 halfs of K
# (NumMmaK a multiple of 4).
CONFIGS_01 = [
    ((128, 256), 4, (512, 1024, 256), 0),  # the tutorial's main()
    ((128, 256), 4, (512, 1024, 256), 77),
    ((128, 256), 8, (128, 256, 1024), 127),
    ((128, 128), 4, (256, 128, 64), 31),
    ((128, 64), 8, (128, 256, 128), 37),
    ((128, 64), 4, (384, 64, 320), 100),
    ((128, 16), 4, (128, 16, 64), 5),
    ((128, 32), 12, (640, 96, 768), 64),
    ((128, 48), 4, (128, 48, 64), 96),
    ((128, 80), 16, (256, 160, 1024), 33),
    ((128, 112), 4, (1280, 224, 128), 1),
    ((128, 144), 8, (128, 288, 512), 126),
    ((128, 176), 4, (256, 176, 64), 15),
    ((128, 208), 4, (128, 208, 192), 63),
    ((128, 240), 8, (384, 480, 256), 32),
    ((128, 256), 12, (128, 256, 768), 99),
    # the host checks: OOB problem sizes
    ((128, 256), 4, (500, 1024, 256), 0),
    ((128, 64), 8, (128, 100, 128), 0),
    ((128, 128), 4, (256, 128, 100), 3),
]


@pytest.fixture(scope="module")
def cute01():
    """Real CuTe's answers: one program for every 01 config."""
    return [K.split_cute(t) for t in run_cases([CPP.case01(*c) for c in CONFIGS_01], prelude=CPP.PRELUDE)]


def args01(mma_mn, kmul, mnk, thread):
    sets = {
        "Gemm_M": mnk[0],
        "Gemm_N": mnk[1],
        "Gemm_K": mnk[2],
        "MmaM": mma_mn[0],
        "MmaN": mma_mn[1],
        "NumMmaK": f"_{kmul}",
    }
    return K.kernel_args("sm100_01_mma", sets, thread)


@pytest.mark.parametrize("i", range(len(CONFIGS_01)))
def test_sm100_01_equals_real_cute(cute01, i):
    code, out, err = run(*args01(*CONFIGS_01[i]), "--no-readings")
    want = cute01[i][0]
    if "\nerror: " in "\n" + want:  # the tutorial's host check returned: the same message, exit 2
        assert code == 2 and out == ""
        assert err == want.splitlines()[-1] + "\n"
        return
    assert code == 0, err
    assert out == want


@pytest.mark.parametrize(
    "i",
    [
        i
        for i, c in enumerate(CONFIGS_01)
        if c[2][0] % c[0][0] == 0 and c[2][1] % c[0][1] == 0 and c[2][2] % (16 * c[1]) == 0
    ],
)
def test_sm100_01_descriptors_are_cutes(cute01, i):
    """The k-block-0 UMMA descriptors (JSON and readings) are CuTe's tCrA(0) / tCrB(0)."""
    code, out, err = run(*args01(*CONFIGS_01[i]), "--format", "json", "--lang", "en")
    assert code == 0, err
    d = json.loads(out)
    got = {x["name"]: x["k_block_0"]["value"] for x in d["umma_descriptors"]}
    assert got == cute01[i][1]["descs"]
    code, en, err = run(*args01(*CONFIGS_01[i]), "--lang", "en")
    assert code == 0, err
    for name, hx in cute01[i][1]["descs"].items():
        assert f"{name}(0) = {hx}" in en


def test_sm100_01_readings_only_add_lines(cute01):
    for lang in ("en", "zh"):
        code, out, err = run(*args01(*CONFIGS_01[0]), "--lang", lang)
        assert code == 0, err
        head, audit = out.rsplit("\n\n", 1)  # the last block: the bank audit (no smem copies here)
        assert audit.count("\n") == 1 and "[[smem_copies]]" in audit
        kept = [ln for ln in head.splitlines() if not ln.startswith("  # ")]
        assert "\n".join(kept) + "\n" == cute01[0][0]


def test_sm100_01_m64_is_refused_like_cute():
    """An M = 64 MMA's accumulator is not the 128 lanes SM100_TMEM_LOAD_32dp32b1x reads: CuTe's make_cotiled_copy
    static_asserts (seen compiling bw01<64,128,8>); so do we."""
    code, out, err = run(
        "kernel",
        "sm100_01_mma",
        "--set",
        "MmaM=64",
        "--set",
        "MmaN=128",
        "--set",
        "NumMmaK=_8",
        "--set",
        "Gemm_M=128",
        "--set",
        "Gemm_N=256",
        "--set",
        "Gemm_K=128",
    )
    assert code == 2 and out == ""
    assert "The memory pointed to by AtomTVLayout does not exist in the DataLayout." in err
    assert err.count("\n") == 1


def test_sm100_threads_setting():
    code, out, err = run("kernel", "sm100_01_mma", "--thread", "128")
    assert code == 2 and "thread 128 is out of range: the kernel has 128 threads (0..127)" in err


def test_sm100_kind_errors():
    """The Blackwell kinds name the entry and the broken rule."""
    from cutedump.errors import CuteDumpError
    from cutedump.kernel.model import evaluate_description

    mma = {
        "name": "m",
        "kind": "tiled_mma",
        "atom": "SM100_MMA_F16BF16_SS<half_t, half_t, float, 128, 64, UMMA::Major::K, UMMA::Major::K>",
    }
    bad = [
        ({"name": "q", "kind": "mma_query", "of": "m", "method": "tile_size<3>"}, "unknown method 'tile_size<3>'"),
        ({"name": "q", "kind": "mma_query", "of": "x", "method": "tile_shape"}, "of = 'x' is not a tiled_mma entry"),
        (
            {"name": "p", "kind": "partition_shape", "of": "m", "operand": "D", "shape": "(_128,_64)"},
            "operand must be A, B or C",
        ),
        (
            {"name": "p", "kind": "partition_shape", "of": "m", "operand": "A", "shape": "_128"},
            "partition_shape_A takes a shape of rank >= 2",
        ),
        ({"name": "c", "kind": "check", "expr": "evenly_divides(_100, _64)", "message": "no good"}, "^no good$"),
        ({"name": "c", "kind": "check", "expr": "(_1,_2)", "message": "x"}, "is not a condition"),
        (
            {"name": "t", "kind": "tmem_copy", "op": "SM100_TMEM_LOAD_32dp32b1x", "tensor": "m"},
            "is not a TMEM tensor entry",
        ),
    ]
    for e, msg in bad:
        with pytest.raises(CuteDumpError, match=msg):
            evaluate_description({"objects": [mma, e]})
    d = evaluate_description(
        {
            "objects": [
                mma,
                {"name": "q", "kind": "mma_query", "of": "m", "method": "tile_shape"},
                {"name": "a", "kind": "mma_query", "of": "m", "method": "AtomThrID"},
                {"name": "c", "kind": "check", "expr": "_1", "message": "x"},
            ]
        }
    )
    assert str(d.item("q").value) == "(_128, _64, _16)" and str(d.item("a").value) == "_1:_0"
    assert not d.item("c").show
    # a UMMA descriptor tensor needs the smem tensor over a UMMA smem_ptr layout
    thread = [
        {"name": "g", "kind": "tensor", "memory": "gmem", "layout": "((_128,_16),_1,_4):((_64,_1),_0,_16)"},
        {"name": "f", "kind": "partition", "op": "make_fragment_A", "of": "m", "tensor": "g"},
    ]
    with pytest.raises(CuteDumpError, match="makes a descriptor tensor"):
        evaluate_description({"objects": [mma], "thread": thread})
    thread[1]["tensor"] = "g2"
    thread.insert(1, {"name": "g2", "kind": "tensor", "memory": "gmem", "layout": "(_128,_64):(_64,_1)"})
    with pytest.raises(CuteDumpError, match="the tensor must be partitioned already"):
        evaluate_description({"objects": [mma], "thread": thread})


# ---------------------------------------------------------------- 02..05: TMA loads (multicast, 2-SM), TMA epilogue

# (tutorial, (MmaM, MmaN), NumMmaK, (ClusterM, ClusterN), (Gemm_M, Gemm_N, Gemm_K), threadIdx.x). 02 has no cluster
# (1x1); 03 multicasts over ClusterM x ClusterN (at most 16 CTAs: uint16_t masks); 04's 2-SM MMA (M 256) pairs
# the CTAs of ClusterM (even); 05's epilogue tile is a quarter of the CTA's N (MmaN 128 or 256: 32-float SW128 rows).
CONFIGS_TMA = {
    2: [
        ((128, 256), 4, (1, 1), (512, 1024, 256), 0),
        ((128, 256), 4, (1, 1), (512, 1024, 256), 99),
        ((128, 128), 8, (1, 1), (256, 384, 512), 17),
        ((128, 64), 4, (1, 1), (128, 64, 64), 127),
        ((128, 32), 12, (1, 1), (384, 96, 768), 40),
        ((128, 192), 4, (1, 1), (640, 192, 128), 64),
        ((128, 256), 4, (1, 1), (500, 1024, 256), 0),
    ],
    3: [
        ((128, 256), 4, (4, 4), (512, 1024, 256), 0),
        ((128, 256), 4, (4, 4), (512, 1024, 256), 77),
        ((128, 128), 4, (2, 1), (256, 128, 128), 5),
        ((128, 64), 8, (1, 2), (128, 128, 256), 120),
        ((128, 96), 4, (2, 2), (512, 384, 64), 31),
        ((128, 128), 4, (4, 2), (1024, 512, 192), 64),
        ((128, 256), 4, (4, 4), (512, 1000, 256), 0),
    ],
    4: [
        ((256, 256), 4, (4, 4), (512, 1024, 256), 0),
        ((256, 256), 4, (4, 4), (512, 1024, 256), 101),
        ((256, 128), 4, (2, 1), (256, 128, 64), 9),
        ((256, 64), 8, (2, 2), (512, 128, 128), 127),
        ((256, 192), 4, (4, 2), (1024, 384, 128), 32),
        ((256, 128), 8, (2, 4), (256, 512, 512), 66),
        ((128, 128), 4, (2, 2), (256, 256, 64), 5),  # M 128 over the pair: 64 lanes of TMEM a CTA
        ((256, 256), 4, (4, 4), (512, 1024, 100), 0),
    ],
    5: [
        ((256, 256), 4, (4, 4), (512, 1024, 256), 0),
        ((256, 256), 4, (4, 4), (512, 1024, 256), 45),
        ((256, 128), 4, (2, 1), (256, 128, 64), 127),
        ((256, 128), 8, (2, 2), (512, 256, 512), 3),
        ((256, 256), 4, (4, 1), (1024, 256, 128), 96),
        ((128, 128), 4, (2, 2), (256, 256, 64), 70),
        ((256, 256), 4, (2, 4), (256, 1000, 256), 0),
    ],
}
NAMES_TMA = {
    2: "sm100_02_mma_tma",
    3: "sm100_03_mma_tma_multicast",
    4: "sm100_04_mma_tma_2sm",
    5: "sm100_05_mma_tma_epi",
}
CASES_TMA = [(tut, i) for tut in sorted(CONFIGS_TMA) for i in range(len(CONFIGS_TMA[tut]))]


@pytest.fixture(scope="module")
def cute_tma():
    """Real CuTe's answers: one program per tutorial (about 7 instantiations, 60-90 s of g++ each)."""
    return {
        tut: [
            K.split_cute(t)
            for t in run_cases(
                [CPP.case_tma(tut, *c) for c in CONFIGS_TMA[tut]],
                prelude=CPP.tma_prelude(),
                extra_flags=CPP.tma_flags(),
            )
        ]
        for tut in sorted(CONFIGS_TMA)
    }


def args_tma(tut, mma_mn, kmul, cluster, mnk, thread):
    sets = {
        "Gemm_M": mnk[0],
        "Gemm_N": mnk[1],
        "Gemm_K": mnk[2],
        "MmaM": mma_mn[0],
        "MmaN": mma_mn[1],
        "NumMmaK": f"_{kmul}",
    }
    if tut >= 3:
        sets.update(ClusterM=f"_{cluster[0]}", ClusterN=f"_{cluster[1]}")
    return K.kernel_args(NAMES_TMA[tut], sets, thread)


@pytest.mark.parametrize("tut,i", CASES_TMA)
def test_sm100_tma_equals_real_cute(cute_tma, tut, i):
    code, out, err = run(*args_tma(tut, *CONFIGS_TMA[tut][i]), "--no-readings")
    want = cute_tma[tut][i][0]
    if "\nerror: " in "\n" + want:
        assert code == 2 and out == ""
        assert err == want.splitlines()[-1] + "\n"
        return
    assert code == 0, err
    assert out == want


@pytest.mark.parametrize("tut,i", [c for c in CASES_TMA if c[1] < 2])
def test_sm100_tma_descriptors_and_readings(cute_tma, tut, i):
    code, out, err = run(*args_tma(tut, *CONFIGS_TMA[tut][i]), "--format", "json", "--lang", "en")
    assert code == 0, err
    d = json.loads(out)
    assert {x["name"]: x["k_block_0"]["value"] for x in d["umma_descriptors"]} == cute_tma[tut][i][1]["descs"]
    for lang in ("en", "zh"):
        code, text, err = run(*args_tma(tut, *CONFIGS_TMA[tut][i]), "--lang", lang)
        assert code == 0, err
        body = "\n".join(ln for ln in "\n\n".join(text.split("\n\n")[:2]).splitlines() if not ln.startswith("  # "))
        assert body + "\n" == cute_tma[tut][i][0]


@pytest.mark.parametrize("tut", sorted(NAMES_TMA))
def test_sm100_tma_audit_sees_the_umma_descriptors(tut):
    """The TMA audit pairs each TMA copy into tCsA/tCsB with the UMMA descriptor tensor made from it: the TMA swizzle
    mode and the descriptors' layout type agree (SWIZZLE_128B); 05's epilogue tiles have no UMMA reader."""
    code, out, err = run("kernel", NAMES_TMA[tut], "--format", "json", "--lang", "en")
    assert code == 0, err
    rows = {x["tensor"]: x for x in json.loads(out)["tma"]}
    for t, d in (("tCsA", "tCrA"), ("tCsB", "tCrB")):
        r = rows[t]
        assert r["swizzle"] == "CU_TENSOR_MAP_SWIZZLE_128B" and r["matches"] is True
        assert [(x["name"], x["kind"], x["layout_type"]) for x in r["readers"]] == [(d, "umma", "SWIZZLE_128B")]
    assert set(rows) == ({"tCsA", "tCsB", "sC_epi", "sD_epi"} if tut == 5 else {"tCsA", "tCsB"})
    code, en, err = run("kernel", NAMES_TMA[tut], "--lang", "en")
    assert "tCrA(0) reads it with UMMA layout type SWIZZLE_128B: the same swizzle" in en
    assert "wgmma" not in en.split("TMA audit", 1)[1]


def test_sm100_tma_kind_errors():
    """The TMA-side Blackwell kinds name the entry and the broken rule."""
    from cutedump.errors import CuteDumpError
    from cutedump.kernel.load import EXAMPLES, load

    text = (EXAMPLES / "sm100_04_mma_tma_2sm.toml").read_text(encoding="utf-8")
    bad = [
        ('index = "0"', 'index = "64"', "index 64 is outside the layout's 16 coordinates"),
        ('modes_or = "2"', 'modes_or = "7"', "mode indices are 0..3"),
        ('modes_or = "2"', 'modes_or = "x"', "groups of mode indices"),
        (
            'coord = "cta_in_cluster_coord_vmnk"\nmodes_or = "1"',
            'coord = "(0,0)"\nmodes_or = "1"',
            r"is not a \(V,M,N,K\) coordinate",
        ),
        ('operand = "A"\nmma = "tiled_mma"', 'operand = "C"\nmma = "tiled_mma"', "operand must be A or B"),
        (
            'vmnk = "cluster_layout_vmnk"\n\n[[objects]]\nname = "tma_atom_B"',
            'vmnk = "((_2),_2,_4,_1):((_1),_4,_8,_0)"\n\n[[objects]]\nname = "tma_atom_B"',
            "is not the cluster layout",
        ),
    ]
    import tempfile
    from pathlib import Path

    for old, new, msg in bad:
        assert old in text, old
        with tempfile.TemporaryDirectory() as d:
            p = Path(d) / "k.toml"
            p.write_text(text.replace(old, new, 1), encoding="utf-8")
            with pytest.raises(CuteDumpError, match=msg):
                load(str(p))
    text5 = (EXAMPLES / "sm100_05_mma_tma_epi.toml").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "k.toml"
        p.write_text(
            text5.replace(
                'name = "tAcc_epi"\nkind = "zipped_divide"\ntensor = "tCtAcc"',
                'name = "tAcc_epi"\nkind = "zipped_divide"\ntensor = "epi_tiler_v"',
            ),
            encoding="utf-8",
        )
        with pytest.raises(CuteDumpError, match="is not a tensor entry"):
            load(str(p))


def test_sm100_04_cluster_m1_dies_like_cute():
    """A 2-SM MMA over ClusterM 1: cluster_layout_vmnk's V mode is a broadcast ((_2):(_0)) and CuTe's
    get_flat_coord(block_rank) divides by that stride (the compiled tutorial program dies with SIGFPE, seen running
    bwtma<4,256,128,4,1,2>); the dump stops there with the reason."""
    code, out, err = run(
        "kernel",
        "sm100_04_mma_tma_2sm",
        "--set",
        "ClusterM=_1",
        "--set",
        "ClusterN=_2",
        "--set",
        "MmaN=128",
        "--set",
        "Gemm_M=256",
        "--set",
        "Gemm_N=256",
        "--set",
        "Gemm_K=64",
    )
    assert code == 2 and out == ""
    assert "divides by the stride 0" in err and "SIGFPE" in err and err.count("\n") == 1


def test_sm100_objects_evaluated_once_for_any_thread(monkeypatch):
    """The SM100 kinds' builders never read the thread they are given (a value of theirs depends on it only through
    an entry that did, and that entry says so): an [[objects]] section of them is evaluated once whatever --thread
    is (sm100_05 --thread 64: its objects were evaluated twice, ~14 ms of a ~40 ms answer)."""
    import dis

    from cutedump.kernel import load as L
    from cutedump.kernel import sm100 as S100

    for kind, (_, _, builder, _) in S100.KINDS.items():
        reads = {i.argval for i in dis.get_instructions(builder) if i.opname.startswith("LOAD_")}
        assert "thread" not in reads, f"{kind}: a builder that reads the thread must set uses_thread (model.build)"
    calls = []
    orig = S100.KINDS["partition_shape"]
    monkeypatch.setitem(
        S100.KINDS, "partition_shape", (*orig[:2], lambda *a: calls.append(a[3]) or orig[2](*a), orig[3])
    )
    dump = L.load(L.example("sm100_05_mma_tma_epi"), thread=64)
    assert calls == [0, 0, 0] and dump.thread == 64  # mma_shape_A, mma_shape_B, mma_shape_C: one pass


def test_sm100_answer_loads_no_bank_model():
    """The Blackwell tutorials have no [[smem_copies]]: their answer says there is nothing to audit without loading
    the bank model (cutedump.kernel.audit, cutedump.bank: ~6 modules of start-up)."""
    import os
    import subprocess
    import sys

    r = subprocess.run(
        [
            sys.executable,
            "-X",
            "importtime",
            "-m",
            "cutedump",
            "kernel",
            "sm100_05_mma_tma_epi",
            "--thread",
            "64",
            "--lang",
            "en",
        ],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=PKG_PATH),
    )
    assert r.returncode == 0 and "no [[smem_copies]] in the description: nothing to audit" in r.stdout
    loaded = {ln.rsplit("|", 1)[1].strip() for ln in r.stderr.splitlines() if ln.startswith("import time:")}
    assert "cutedump.kernel.tensor" in loaded and not loaded & {"cutedump.kernel.audit", "cutedump.bank.model"}
