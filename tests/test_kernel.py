"""`cutedump kernel FILE`: the shipped sgemm_sm80 descriptions print exactly what `cutedump sgemm-sm80` prints,
the tutorial examples (sgemm_sm70, sgemm_2) print what real CuTe prints (tests/kernel_cpp.py builds the same
objects with CuTe), the bank audit agrees with `cutedump bank`, and malformed descriptions get one located error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from cutedump.kernel.load import EXAMPLES, examples
from tests import kernel_cpp as CPP
from tests.oracle.cute import run_cases

ROOT = Path(__file__).resolve().parents[1]

# (kernel, variant, tile, (M,N,K), thread): tiles the copies (NT: 128x8, TN: 32x8) and the 16x16 MMA divide
CONFIGS = [
    ("sgemm_sm70", "nt", (128, 128, 8), (128, 128, 64), 0),
    ("sgemm_sm70", "nt", (128, 128, 8), (200, 96, 40), 77),
    ("sgemm_sm70", "nt", (128, 256, 16), (1000, 999, 17), 255),
    ("sgemm_sm70", "tn", (128, 128, 8), (128, 128, 64), 0),
    ("sgemm_sm70", "tn", (128, 128, 8), (300, 77, 19), 200),
    ("sgemm_sm70", "tn", (64, 32, 16), (33, 31, 70), 131),
    ("sgemm_2", "nt", (128, 128, 8), (128, 128, 64), 0),
    ("sgemm_2", "nt", (256, 128, 8), (100, 70, 33), 5),
    ("sgemm_2", "tn", (128, 128, 8), (128, 128, 64), 0),
    ("sgemm_2", "tn", (32, 64, 8), (8, 8, 8), 99),
]


@pytest.fixture(scope="module")
def cute():
    """Real CuTe's answers: one program for every config."""
    return run_cases([CPP.case(*c) for c in CONFIGS], prelude=CPP.PRELUDE)


@pytest.fixture(scope="module")
def cute_latex():
    """Real CuTe's print_latex of the objects --dump-latex draws, for both tutorial host paths."""
    keys = [(v, w) for v in ("nt", "tn") for w in CPP.LATEX_NAMES]
    return dict(zip(keys, run_cases([CPP.latex_case(v, w) for v, w in keys], prelude=CPP.PRELUDE)))


def run(*args):
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.stdout, r.stderr


def _kernel_args(kernel, variant, tile, mnk, thread):
    sets = {"M": mnk[0], "N": mnk[1], "K": mnk[2], "bM": f"_{tile[0]}", "bN": f"_{tile[1]}", "bK": f"_{tile[2]}"}
    out = ["kernel", f"{kernel}_{variant}", "--thread", str(thread)]
    for k, v in sets.items():
        out += ["--set", f"{k}={v}"]
    return out


# ---------------------------------------------------------------- the tutorials against real CuTe


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_example_equals_real_cute(cute, i):
    code, out, err = run(*_kernel_args(*CONFIGS[i]), "--no-readings")
    assert code == 0, err
    assert out == cute[i]


def test_every_tutorial_name_is_printed(cute):
    names = [
        "prob_shape",
        "dA",
        "dB",
        "dC",
        "cta_tiler",
        "sA_layout",
        "sB_layout",
        "sC_layout",
        "thr_layout_vmnk",
        "layoutA_TV",
        "layoutB_TV",
        "layoutC_TV",
        "copyA layout S_TV",
        "copyA layout D_TV",
        "mA",
        "gA",
        "sA",
        "tAgA",
        "tAsA",
        "tArA",
        "mB",
        "gB",
        "sB",
        "tBgB",
        "tBsB",
        "tBrB",
        "mC",
        "gC",
        "tCsA",
        "tCsB",
        "tCgC",
        "tCrA",
        "tCrB",
        "tCrC",
    ]
    lines = cute[0].splitlines()
    assert [n for n in names if not any(ln.startswith(n + ": ") for ln in lines)] == []
    assert "tCrA: " not in cute[6]  # sgemm_2 computes on smem: no register fragments of A/B


def test_readings_only_add_lines(cute):
    code, en, err = run(*_kernel_args(*CONFIGS[1]), "--lang", "en")
    assert code == 0, err
    head, bank = en.split("\n\nbank audit (", 1)
    assert "\n".join(ln for ln in head.splitlines() if not ln.startswith("  # ")) + "\n" == cute[1]
    assert "R2S copyA -> sA: partition_D" in bank and "S2R s2r_copy_a <- sA: partition_S" in bank
    assert "registers shaped like tAsA (make_fragment_like)" in en


@pytest.mark.parametrize("kernel", ["sgemm_sm70", "sgemm_2"])
@pytest.mark.parametrize("variant", ["nt", "tn"])
def test_dump_latex_equals_print_latex(cute_latex, tmp_path, kernel, variant):
    code, out, err = run("kernel", f"{kernel}_{variant}", "--dump-latex", "--outdir", str(tmp_path), "--no-readings")
    assert code == 0, err
    assert out.splitlines()[:4] == [str(tmp_path / f"{w}.tex") for w in CPP.LATEX_NAMES]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{w}.tex" for w in CPP.LATEX_NAMES)
    for w in CPP.LATEX_NAMES:
        assert (tmp_path / f"{w}.tex").read_text(encoding="utf-8") == cute_latex[(variant, w)], w


# ---------------------------------------------------------------- sgemm-sm80 is a front end of kernel

SGEMM_ARGS = [
    ([], []),
    (["--lang", "en"], ["--lang", "en"]),
    (["--no-readings"], ["--no-readings"]),
    (["--thread", "37", "--warp", "3", "--lang", "en"], ["--thread", "37", "--warp", "3", "--lang", "en"]),
    (
        ["--dump-m", "200", "--dump-n", "96", "--dump-k", "40", "--cta-tile", "{bm},{bn},{bk}"],
        [
            "--set",
            "M=200",
            "--set",
            "N=96",
            "--set",
            "K=40",
            "--set",
            "bM=_{bm}",
            "--set",
            "bN=_{bn}",
            "--set",
            "bK=_{bk}",
        ],
    ),
    (["--format", "json", "--lang", "en"], ["--format", "json", "--lang", "en"]),
]
TILES = {"half_t": dict(bm=64, bn=128, bk=64), "float": dict(bm=128, bn=128, bk=16)}


@pytest.mark.parametrize("sg,kn", SGEMM_ARGS)
@pytest.mark.parametrize(
    "variant,type_,file",
    [
        ("tn", "half_t", "sgemm_sm80_tn_half"),
        ("nt", "float", "sgemm_sm80_nt_float"),
        ("tn", "float", "sgemm_sm80_tn_float"),
    ],
)
def test_sgemm_sm80_is_kernel_of_the_shipped_file(sg, kn, variant, type_, file):
    sg = [a.format(**TILES[type_]) for a in sg]
    kn = [a.format(**TILES[type_]) for a in kn]
    c1, o1, e1 = run("sgemm-sm80", "--dump-layouts", "--variant", variant, "--type", type_, *sg)
    c2, o2, e2 = run("kernel", str(EXAMPLES / f"{file}.toml"), *kn)
    assert c1 == 0 and c2 == 0, (e1, e2)
    assert o1 == o2
    assert "bank audit" in o1 or "bank 审计" in o1 or "--no-readings" in sg or "json" in sg


def test_sgemm_sm80_golden_is_the_kernel_dump():
    code, out, err = run("kernel", "sgemm_sm80_tn_half", "--no-readings")
    assert code == 0, err
    assert out == (ROOT / "golden" / "sgemm_sm80" / "dump_layouts.txt").read_text(encoding="utf-8")


def test_dump_latex_same_files(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    c1, o1, _ = run("sgemm-sm80", "--dump-latex", "--outdir", str(a))
    c2, o2, _ = run("kernel", "sgemm_sm80_tn_half", "--dump-latex", "--outdir", str(b))
    assert c1 == 0 and c2 == 0
    names = sorted(p.name for p in a.iterdir())
    assert names == sorted(p.name for p in b.iterdir()) and len(names) == 6
    for n in names:
        assert (a / n).read_bytes() == (b / n).read_bytes()
    # --dump-latex alone writes files and prints their paths, then the dump (kernel always dumps)
    assert o2.splitlines()[:6] == [
        str(b / n) for n in ("sA.tex", "copyA.tex", "copyB.tex", "mmaC.tex", "s2r_copy_a.tex", "s2r_copy_b.tex")
    ]


# ---------------------------------------------------------------- the bank audit


def _bank_json(smem, *opts):
    code, out, err = run("bank", smem, *opts, "--format", "json", "--no-fix")
    assert code == 0, err
    return json.loads(out)


def test_bank_audit_agrees_with_cutedump_bank():
    code, out, err = run("kernel", "sgemm_sm80_tn_half", "--format", "json", "--warp", "2")
    assert code == 0, err
    d = json.loads(out)
    bank = {b["copy"]: b for b in d["bank"]}
    assert [b["copy"] for b in d["bank"]] == ["copyA", "copyB", "s2r_copy_a", "s2r_copy_b"]
    stage = "composition(Sw<3,3,3>, (_128,_64):(_64,_1))"  # sA(_,_,0) of the 128x64x3 tile_to_shape
    g2s = _bank_json(
        stage,
        "--copy",
        "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
        "--type",
        "half_t",
        "--thr",
        "(_16,_8):(_8,_1)",
        "--val",
        "(_1,_8)",
        "--warp",
        "2",
    )
    s2r = _bank_json(
        stage,
        "--copy",
        "SM75_U32x4_LDSM_N",
        "--type",
        "half_t",
        "--mma",
        "SM80_16x8x16_F16F16F16F16_TN",
        "--atom-layout",
        "(_2,_2)",
        "--tile",
        "(_32,_32,_16)",
        "--operand",
        "A",
        "--warp",
        "2",
    )
    for mine, ref in ((bank["copyA"], g2s), (bank["s2r_copy_a"], s2r)):
        assert mine["warp_totals"] == ref["total"] and mine["all_warps"] == ref["all_warps"]
        assert mine["per_warp"] == len(ref["instructions"]) and mine["inst"] == ref["instructions"][0]["inst"]
        assert mine["vector"]["max_common_vector"] == ref["vector"]["max_common_vector"]
        assert mine["warp"] == 2


def test_bank_audit_finds_the_conflict_and_its_fix():
    code, out, err = run("kernel", "sgemm_sm70_tn", "--lang", "en")
    assert code == 0, err
    line = next(ln for ln in out.splitlines() if ln.startswith("R2S copyA -> sA"))
    assert "warp 0: wavefronts 16, ideal 4, conflicts 12" in line and "fix: pad to (_128,_8):(_1,_132)" in line
    ref = _bank_json(
        "(_128,_8):(_1,_129)",
        "--copy",
        "UniversalCopy<float>",
        "--type",
        "float",
        "--thr",
        "(_32,_8):(_8,_1)",
        "--val",
        "(_1,_1)",
        "--store",
    )
    assert ref["total"] == {"wavefronts": 16, "ideal": 4, "conflicts": 12}
    # the padding removes the conflicts of every warp and keeps the other copy of sA (the S2R reads) clean
    fixed = _bank_json(
        "(_128,_8):(_1,_132)",
        "--copy",
        "UniversalCopy<float>",
        "--type",
        "float",
        "--thr",
        "(_32,_8):(_8,_1)",
        "--val",
        "(_1,_1)",
        "--store",
    )
    assert fixed["all_warps"]["conflicts"] == 0
    reads = _bank_json(
        "(_128,_8):(_1,_132)",
        "--copy",
        "UniversalCopy<float>",
        "--type",
        "float",
        "--mma",
        "UniversalFMA<float,float,float>",
        "--atom-layout",
        "(_16,_16,_1)",
        "--operand",
        "A",
    )
    assert reads["all_warps"]["conflicts"] == 0
    code, out, err = run("kernel", "sgemm_sm80_nt_float", "--lang", "en")
    assert "S2R s2r_copy_a <- sA(_,_,0): not modelled (AutoVectorizingCopy" in out


def test_bank_audit_in_chinese_and_warp_range():
    code, out, err = run("kernel", "sgemm_2_nt")
    assert code == 0 and "bank 审计" in out and "冲突" in out
    code, out, err = run("kernel", "sgemm_2_nt", "--warp", "8")
    assert code == 2 and out == "" and "--warp 8 is outside" in err
    code, out, err = run("kernel", "sgemm_2_nt", "--warp", "-1")
    assert code == 2 and "--warp -1" in err


# ---------------------------------------------------------------- JSON


def test_json_same_names_and_values(cute):
    code, out, err = run(*_kernel_args(*CONFIGS[4]), "--format", "json", "--lang", "en")
    assert code == 0, err
    d = json.loads(out)
    assert d["kernel"] == "sgemm_sm70" and d["thread"] == 200
    assert d["params"]["M"] == "300" and d["params"]["bM"] == "_128"
    real = {}
    for ln in cute[4].splitlines():
        if ": " in ln and not ln.startswith(" "):
            k, v = ln.split(": ", 1)
            real[k] = v
    got = {e["name"]: e["value"] for e in d["objects"] + d["tensors"]}
    assert {k: got[k] for k in real if k in got and k != "thread"} == {
        k: v for k, v in real.items() if k in got and k != "thread"
    }
    assert len([k for k in real if k in got]) >= 30
    assert got["mmaC"] == cute[4].split("mmaC:\n", 1)[1].split("thr_layout_vmnk:", 1)[0].rstrip("\n")
    assert all("reading" in e for e in d["tensors"])
    assert [b["what"] for b in d["bank"]] == ["R2S", "R2S", "S2R", "S2R"]
    assert d["bank"][0]["fix"]["padding"]["layout"] == "(_128,_8):(_1,_132)"
    code, out, _ = run(*_kernel_args(*CONFIGS[4]), "--format", "json", "--no-readings")
    assert "bank" not in json.loads(out)


# ---------------------------------------------------------------- malformed descriptions

GOOD = """[kernel]
name = "k"
title = "a test kernel"

[params]
M = "64"
bM = "_32"

[[objects]]
name = "copyA"
kind = "tiled_copy"
atom = "UniversalCopy<uint128_t>"
type = "float"
thr = "(_32,_8)"
val = "(_4,_1)"

[[objects]]
name = "sA_layout"
kind = "value"
expr = "make_layout((_128,_8))"

[[thread]]
name = "sA"
kind = "tensor"
memory = "smem"
layout = "sA_layout"

[[thread]]
name = "tAsA"
kind = "partition"
op = "partition_D"
of = "copyA"
tensor = "sA"

[[smem_copies]]
copy = "copyA"
tensor = "sA"
direction = "store"
"""


def _write(tmp_path, text, name="k.toml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_good_description(tmp_path):
    code, out, err = run("kernel", _write(tmp_path, GOOD), "--lang", "en", "--thread", "3")
    assert code == 0, err
    assert "tAsA: ((_4,_1),_1,_1):((_1,_0),_0,_0)" in out
    assert "copyA -> sA: partition_D, 1 x st.shared.b128 per warp" in out


def _line_of(text, needle, after=None):
    lines = text.splitlines()
    start = 0 if after is None else next(i for i, ln in enumerate(lines) if after in ln)
    return next(i for i, ln in enumerate(lines) if i >= start and needle in ln) + 1


@pytest.mark.parametrize(
    "old,new,needle,rule",
    [
        # bad TOML syntax
        ('thr = "(_32,_8)"', 'thr = "(_32,_8)', 'thr = "(_32,_8)', "invalid TOML"),
        # unknown kind
        ('kind = "value"', 'kind = "valu"', 'kind = "valu"', "entry 'sA_layout': unknown kind 'valu' (kinds: value,"),
        # unknown name reference
        (
            'of = "copyA"',
            'of = "copyB"',
            'of = "copyB"',
            "entry 'tAsA' (partition): of = 'copyB' is not a TiledCopy or "
            "TiledMMA entry (no earlier entry has that name)",
        ),
        # bad expression
        (
            'expr = "make_layout((_128,_8))"',
            'expr = "make_layout((_128,_8)"',
            'expr = "make_layout((_128,_8)"',
            "entry 'sA_layout' (value): expr = 'make_layout((_128,_8)'",
        ),
        # missing key
        (
            'expr = "make_layout((_128,_8))"\n',
            "",
            'name = "sA_layout"',
            "entry 'sA_layout' (value): needs the key 'expr'",
        ),
        (
            'layout = "sA_layout"\n',
            "",
            'name = "sA"',
            "entry 'sA' (tensor): needs the key 'layout' or the keys 'shape'",
        ),
        ('op = "partition_D"\n', "", 'name = "tAsA"', "entry 'tAsA' (partition): needs the key 'op'"),
        # unknown key
        ('val = "(_4,_1)"', 'vals = "(_4,_1)"', "vals = ", "entry 'copyA' (tiled_copy): unknown key 'vals'"),
        # a wrong atom, a copy of gmem, a wrong direction, a bad param
        (
            'atom = "UniversalCopy<uint128_t>"',
            'atom = "UniversalCopy<uint127_t>"',
            'atom = "UniversalCopy<uint127_t>"',
            "entry 'copyA' (tiled_copy)",
        ),
        (
            'memory = "smem"',
            'memory = "gmem"',
            '[[smem_copies]]\ntensor = "sA"',
            'is not a tensor entry with memory = "smem"',
        ),
        ('direction = "store"', 'direction = "stored"', 'direction = "stored"', 'direction must be "store"'),
        ('bM = "_32"', 'bM = "_3x2"', 'bM = "_3x2"', "param 'bM'"),
        (
            'name = "sA_layout"',
            'name = "copyA"',
            'kind = "tiled_copy"\nname = "copyA"',
            "the name 'copyA' is defined twice",
        ),
        (
            'of = "copyA"',
            'of = "sA_layout"',
            'of = "sA_layout"',
            "of = 'sA_layout' is not a TiledCopy or TiledMMA entry",
        ),
        ("[[smem_copies]]", "[[smem_copie]]", "[[smem_copie]]", "unknown section 'smem_copie'"),
    ],
)
def test_malformed_description(tmp_path, old, new, needle, rule):
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    path = _write(tmp_path, text)
    code, out, err = run("kernel", path)
    assert code == 2 and out == "", err
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err
    if "\n" in needle:
        first, second = needle.split("\n")
        line = _line_of(text, second, after=first)
    else:
        line = _line_of(text, needle)
    assert err.startswith(f"error: {path}:{line}: "), (err, line)
    if rule:
        assert rule in err, err


def test_missing_required_key_located(tmp_path):
    text = GOOD.replace('type = "float"\n', "", 1)
    path = _write(tmp_path, text)
    code, out, err = run("kernel", path)
    line = _line_of(text, 'name = "copyA"')  # an entry is located at its name
    assert code == 2 and err == f"error: {path}:{line}: entry 'copyA' (tiled_copy): needs the key 'type'\n"


@pytest.mark.parametrize(
    "args,needle",
    [
        (["nonexistent.toml"], "nonexistent.toml: no such file"),
        (["sgemm_2_nt", "--set", "Q=1"], "unknown param 'Q'"),
        (["sgemm_2_nt", "--set", "M"], "--set takes NAME=VALUE"),
        (["sgemm_2_nt", "--set", "M=x"], "param 'M'"),
        (["sgemm_2_nt", "--thread", "256"], "thread 256 is out of range"),
        (
            ["sgemm_2_nt", "--set", "bM=_64"],
            "copyA's Tiler_MN (_128,_8) does not divide it (BLK_M = 64 is not a multiple of 128)",
        ),
        (
            ["sgemm_sm80_tn_half", "--set", "bM=_48"],
            "CTA tile (48,128,64): the TiledMMA tile (_32,_32,_16) does not "
            "divide it (BLK_M = 48 is not a multiple of 32)",
        ),
        (["sgemm_2_nt", "--outdir", "x"], "--outdir and --force go with --dump-latex"),
        (["sgemm_2_nt", "--dump-latex"], "--dump-latex needs --outdir"),
    ],
)
def test_bad_input(args, needle):
    code, out, err = run("kernel", *args)
    assert code == 2 and out == "" and needle in err and "Traceback" not in err, err


def test_not_a_file(tmp_path):
    code, out, err = run("kernel", str(tmp_path))
    assert code == 2 and "is a directory" in err
    p = tmp_path / "bin.toml"
    p.write_bytes(b"\xff\xfe")
    code, out, err = run("kernel", str(p))
    assert code == 2 and "not UTF-8" in err


# ---------------------------------------------------------------- shipping


def test_examples_shipped_as_package_data():
    assert set(examples()) >= {
        "sgemm_sm80_tn_half",
        "sgemm_sm80_nt_float",
        "sgemm_sm80_tn_float",
        "sgemm_sm70_nt",
        "sgemm_sm70_tn",
        "sgemm_2_nt",
        "sgemm_2_tn",
    }
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"cutedump.kernel" = ["examples/*.toml"]' in pyproject
    code, out, _ = run("kernel", "--help")
    assert code == 0 and "Examples:" in out and "sgemm_2_nt" in out
    code, out, _ = run("--help")
    assert "kernel" in out


def test_toml_errors_at_the_end_and_without_tomllib(tmp_path, monkeypatch):
    path = _write(tmp_path, '[kernel]\nname = "k"\ntitle = """never closed\n')
    code, out, err = run("kernel", path)
    assert code == 2 and err.startswith(f"error: {path}:") and "invalid TOML" in err and err.count("\n") == 1
    import sys

    from cutedump.kernel import load as L

    monkeypatch.setattr(L, "cache_dir", lambda: str(tmp_path / "cache"))  # an empty user cache
    code, out, err = run("kernel", "sgemm_2_nt")  # parsed with tomllib, the parse kept in the cache
    assert code == 0 and out, err
    monkeypatch.setitem(sys.modules, "tomllib", None)  # Python 3.10 without tomli: no TOML parser
    monkeypatch.setitem(sys.modules, "tomli", None)
    code, again, err = run("kernel", "sgemm_2_nt")  # the same text: its cached parse
    assert code == 0 and again == out, err
    path = _write(tmp_path, open(L.example("sgemm_2_nt"), encoding="utf-8").read() + "# edited\n")
    code, out, err = run("kernel", path)  # another text: parsed, and there is no parser
    assert code == 2 and "need Python 3.11 or newer (tomllib)" in err and "pip install tomli" in err
