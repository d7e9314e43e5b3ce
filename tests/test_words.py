"""Tests that read the words: for generated cases of every narrating command (desc, idesc, tma, tmem, kernel,
explain, bank, sgemm-sm80, tiled-copy-c --lang en), each number a sentence states is extracted and checked against
the JSON fields of the same answer (or, where a command has no JSON, the CuTe prints of the same answer). The
default run holds a cheap sample; the broad generations are @pytest.mark.slow."""

from __future__ import annotations

import json
import random
import re

import pytest
from click.testing import CliRunner

from cutedump.cli import main

NUM = re.compile(r"(?<![\w.@])-?\d+(?![\w.])")


def run(*argv, env=None):
    r = CliRunner().invoke(main, list(argv), env={"CUTEDUMP_LANG": None, **(env or {})})
    return r.exit_code, r.stdout, r.stderr


def both(*argv):
    """(text --lang en, JSON, stderr of the text) of one answer."""
    code, text, err = run(*argv, "--lang", "en")
    assert code == 0, (argv, err)
    code, js, _ = run(
        *argv, "--format", "json", *(["--lang", "en"] if argv[0] in ("kernel", "explain", "sgemm-sm80") else [])
    )
    assert code == 0, (argv, js)
    return text, json.loads(js), err


STATIC = re.compile(r"(?<![\w.@])_?(-?\d+)(?![\w.])")


def ints(s: str, static: bool = False) -> list[int]:
    """The integers ``s`` states (``static``: CuTe's static _N too)."""
    return [int(x) for x in (STATIC if static else NUM).findall(s)]


# ------------------------------------------------------------------ desc


def desc_cases(n: int, seed: int = 33):
    rng = random.Random(seed)
    out = []
    for _ in range(n * 4):
        kind = rng.choice(["gmma", "umma"])
        lt = rng.choice([0, 1, 2, 3]) if kind == "gmma" else rng.choice([0, 2, 4, 6])
        fields = dict(
            start_address=rng.choice([0, 0, 0x40, 0x41, 0x80]),
            leading_byte_offset=rng.choice([1, 2, 8, 64, 14010]),
            stride_byte_offset=rng.choice([8, 16, 32, 64, 128, 1024]),
            layout_type=lt,
        )
        if kind == "umma":
            fields["version"] = 1
        from cutedump.atoms.smem_desc import SmemDescriptor

        v = SmemDescriptor.from_fields(kind, **fields).hex()
        major = rng.choice(["K", "MN"])
        vt = rng.choice(["half_t", "float", "int8_t"])
        args = ["desc", v, "--kind", kind, "--major", major, "--type", vt]
        from cutedump.atoms.smem_desc import parse_descriptor
        from cutedump.dumps.explain_desc import decode
        from cutedump.errors import CuteDumpError, take_warnings

        try:
            decode(parse_descriptor(v, kind), major, vt)
            out.append(args)
        except CuteDumpError:
            pass
        take_warnings()
        if len(out) == n:
            break
    return out


def check_desc(args):
    text, js, err = both(*args)
    d = js["descriptor"]
    # the field table: each field's value, and the bytes LBO / SBO state
    for name in ("start_address", "leading_byte_offset", "stride_byte_offset", "base_offset", "layout_type"):
        m = re.search(rf"^  {name}\s+(\d+)  (.*)$", text, re.M)
        assert m and int(m.group(1)) == d[name], (args, name)
        if name in ("leading_byte_offset", "stride_byte_offset"):
            assert ints(m.group(2))[0] == d[name] * 16, (args, m.group(0))
    # the readings: every "SBO = v (b bytes)" / "LBO = v" states the descriptor's own fields
    for which, key in (("SBO", "stride_byte_offset"), ("LBO", "leading_byte_offset")):
        for m in re.finditer(rf"\b{which} = (\d+)(?: \((\d+) bytes\))?", text):
            assert int(m.group(1)) == d[key], (args, m.group(0))
            if m.group(2):
                assert int(m.group(2)) == d[key] * 16, (args, m.group(0))
    # the core matrices: the table's numbers are the JSON's offsets
    table = text.split("core matrices (", 1)[1].split("\n", 1)[1]
    assert ints(table) == [v for row in js["core_matrix_offsets"] for v in row], args
    # "matched the canonical form" only without the aliasing warning; the warning on stderr only
    aliases = "aliases" in err
    assert ("matched the canonical" in text) == (not aliases), (args, err)
    assert "warning:" not in text and all(ln.startswith("warning: ") for ln in err.splitlines()), (args, err)
    # the picture: its core matrices are the JSON's offsets, its LBO/SBO arrows the fields' bytes
    code, svg, _ = run(*args, "--picture", "svg")
    assert code == 0
    cells = [int(v) for v in re.findall(r'data-offset="(\d+)"', svg)]
    assert cells == [v for row in js["core_matrix_offsets"] for v in row], args
    for name, nbytes in re.findall(r'data-name="(LBO|SBO)" data-bytes="(\d+)"', svg):
        key = "leading_byte_offset" if name == "LBO" else "stride_byte_offset"
        assert int(nbytes) == d[key] * 16, (args, name, nbytes)
    offs = [v for row in js["core_matrix_offsets"] for v in row]
    if len(set(offs)) < len(offs):
        assert aliases, (args, "the core matrices repeat offsets but no aliasing warning")


@pytest.mark.parametrize("args", desc_cases(6), ids=lambda a: " ".join(a[1:]))
def test_desc_words_state_the_fields(args):
    check_desc(args)


@pytest.mark.slow
@pytest.mark.parametrize("args", desc_cases(60, seed=34), ids=lambda a: " ".join(a[1:]))
def test_desc_words_state_the_fields_broad(args):
    check_desc(args)


def test_desc_issue_examples():
    text, js, err = both("desc", "0x4000004000010000", "--major", "MN", "--type", "float")
    assert "SBO = 64 (1024 bytes)" in text and "SBO = 0" not in text
    assert "matched the canonical" not in text and err.startswith("warning: ") and "aliases" in err
    code, out, err2 = run("desc", "0x4000004000010000", "--major", "MN", "--type", "float", "--lang", "en")
    assert out == text and err2 == err
    from cutedump.atoms.smem_desc import SmemDescriptor

    v = SmemDescriptor.from_fields("gmma", leading_byte_offset=14010, stride_byte_offset=64, layout_type=1).hex()
    text, _, _ = both("desc", v)
    assert "LBO = 14010: ignored" in text
    for bad, what in (("0x4E00004000010000", "bits 57-59"),):
        code, out, err = run("desc", bad)
        assert code == 2 and out == "" and err.count("error:") == 1 and what in err
    code, out, err = run("desc", "0x4000004000010000", "--kind", "umma")
    assert code == 2 and "version 0" in err and err.count("error:") == 1
    code, out, err = run("desc", "0x4000004000010041", "--lang", "en")
    assert code == 0 and "warning:" not in out and "not aligned" in err


# ------------------------------------------------------------------ idesc

IDESC = [
    "0x08400010",
    "0x04100490",
    "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,128,64,K,MN>",
    "SM100_MMA_S8_TS<uint8_t,uint8_t,float,128,256,K,K>",
    "0x08200000",
]


@pytest.mark.parametrize("value", IDESC)
def test_idesc_words_state_the_fields(value):
    code, text, _ = run("idesc", value)
    if code:
        pytest.skip("not a descriptor this build decodes")
    _, js, _ = run("idesc", value, "--format", "json")
    js = json.loads(js)
    for name, v in js["fields"].items():
        m = re.search(rf"^\s*{name}\s+\[\d+,\d+\)\s+(\d+)", text, re.M)
        assert m and int(m.group(1)) == v, (value, name)
    listed = (
        [
            ln.strip()
            for ln in text.split("atoms with this descriptor", 1)[-1].split("hardware notes:")[0].splitlines()[1:]
            if ln.startswith("  SM100")
        ]
        if "atoms with" in text
        else []
    )
    if listed:
        assert listed == js["atoms"]
    notes = js.get("hardware_notes", {})
    for atom, note in notes.items():
        assert f"  {atom}: {note}" in text
    for a in js.get("atoms", []) + [js.get("atom", "")]:
        if a.startswith("SM100_MMA_S8") and ",float," in a:
            assert a in notes and "s32" in notes[a]


# ------------------------------------------------------------------ tma

TMA = [
    [
        "tma",
        "--op",
        "SM90_TMA_LOAD",
        "--gmem",
        "(_256,_512):(_1,_256)",
        "--type",
        "half_t",
        "--cta-tile",
        "(_64,_128)",
        "--smem",
        "(_64,_128):(_1,_64)",
        "--cluster",
        "2",
    ],
    [
        "tma",
        "--op",
        "SM90_TMA_LOAD_MULTICAST",
        "--type",
        "half_t",
        "--gmem",
        "(1024,256):(_1,1024)",
        "--smem",
        "tile_to_shape(Sw<3,4,3> o _0 o (_64,_8):(_1,_64), (_128,_64))",
        "--cluster",
        "2",
    ],
    [
        "tma",
        "--op",
        "SM90_TMA_LOAD",
        "--type",
        "half_t",
        "--gmem",
        "(4096,4096):(4096,_1)",
        "--smem",
        "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))",
        "--cta-tile",
        "(_128,_64)",
    ],
    [
        "tma",
        "--op",
        "SM90_TMA_STORE",
        "--type",
        "float",
        "--gmem",
        "(512,512,8):(_1,512,262144)",
        "--smem",
        "(_64,_32):(_1,_64)",
    ],
    [
        "tma",
        "--op",
        "SM100_TMA_2SM_LOAD_MULTICAST",
        "--mma",
        "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,K,K>",
        "--operand",
        "A",
        "--gmem",
        "(512,256):(256,_1)",
        "--cluster-shape",
        "(4,4,1)",
    ],
    [
        "tma",
        "--op",
        "SM100_TMA_2SM_LOAD",
        "--mma",
        "SM100_MMA_TF32_2x1SM_SS<tfloat32_t,tfloat32_t,float,256,128,K,MN>",
        "--operand",
        "B",
        "--gmem",
        "(4096,1024):(_1,4096)",
        "--tiled-copy",
    ],
]


def brace(s: str) -> list[int]:
    return ints(s)


@pytest.mark.parametrize("args", TMA, ids=lambda a: a[2] + " " + " ".join(a[3:6])[:40])
def test_tma_words_state_the_box(args):
    text, js, _ = both(*args)
    atom = js.get("atom", js)
    tm = atom["tensor_map"] if "tensor_map" in atom else js["tensor_map"]
    full = atom.get("box_dim_before_multicast", js.get("box_dim_before_multicast"))
    elems = atom.get("elements_per_tma", js.get("elements_per_tma"))
    instr = atom.get("instructions_per_cta_tile", js.get("instructions_per_cta_tile"))
    m = re.search(r"^box: \{([\d, ]+)\} = (\d+) elements = (\d+) bytes(.*)$", text, re.M)
    assert m and brace(m.group(1)) == full and int(m.group(2)) == elems, (args, text)
    bits = int(m.group(3)) * 8 // elems
    rest = m.group(4)
    if "boxDim" in rest:
        b = re.search(r"boxDim \{([\d, ]+)\} = (\d+) elements = (\d+) bytes", rest)
        cta = 1
        for x in tm["box_dim"]:
            cta *= x
        assert brace(b.group(1)) == tm["box_dim"] and int(b.group(2)) == cta and int(b.group(3)) == cta * bits // 8
    else:
        assert tm["box_dim"] == full
    m = re.search(r"^instructions: .* one TMA box covers (\d+), so each CTA issues (\d+) TMA", text, re.M)
    assert int(m.group(1)) == elems and int(m.group(2)) == instr
    mc = re.search(r"^multicast: (.*)$", text, re.M).group(1)
    if "->" in mc:
        a, b = re.search(r"\(\{([\d, ]+)\} -> \{([\d, ]+)\}\)", mc).groups()
        assert brace(a) == full and brace(b) == tm["box_dim"]
        op = args[args.index("--op") + 1]
        assert ("multicasts them" in mc) == ("MULTICAST" in op)
        assert ("receives only its own part" in mc) == ("MULTICAST" not in op)
    # the SM100 makers name one CTA's part of the MMA tile, not a "CTA tile"
    if "--mma" in args:
        assert "the CTA tile" not in text and "one CTA's part of the MMA tile" in text


# ------------------------------------------------------------------ tmem

TMEM = [
    ("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>", op)
    for op in (
        "SM100_TMEM_LOAD_32dp32b8x",
        "SM100_TMEM_STORE_32dp32b8x",
        "SM100_TMEM_STORE_16dp256b1x",
        "SM100_TMEM_LOAD_16dp64b4x",
    )
] + [("SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,K,K>", "SM100_TMEM_STORE_16dp256b1x")]


@pytest.mark.parametrize("atom,op", TMEM)
def test_tmem_words_state_the_partition(atom, op):
    text, js, _ = both("tmem", atom, "--copy", op)
    assert int(re.search(r"^TMEM columns: (\d+)", text, re.M).group(1)) == js["columns"]
    if js["allocate_columns"] is not None:
        assert f"allocate({js['allocate_columns']})" in text
    lanes = re.search(r"^TMEM lanes: (.*)$", text, re.M).group(1)
    assert [[int(a), int(b)] for a, b in re.findall(r"(\d+)-(\d+)", lanes)] == js["lanes"]
    got = [
        {"warp": int(w), "lanes": [int(a), int(b)], "columns": [int(c), int(d)], "cells": int(k)}
        for w, a, b, c, d, k in re.findall(
            r"^  warp (\d+): lanes (\d+)-(\d+), columns (\d+)-(\d+) \((\d+) cells\)", text, re.M
        )
    ]
    assert got == js["warps"]
    side = js["tmem_side"]
    assert side == ("partition_D" if "_STORE_" in op else "partition_S")
    assert f"{side}(tCtAcc): {js[side]}" in text


# ------------------------------------------------------------------ kernel

KERNELS = [
    ["kernel", "sm100_04_mma_tma_2sm", "--set", "ClusterM=_2", "--set", "ClusterN=_2"],
    ["kernel", "sm100_03_mma_tma_multicast", "--set", "ClusterN=_2"],
]


@pytest.mark.parametrize("args", KERNELS, ids=lambda a: a[1])
def test_kernel_tma_readings_state_one_box(args):
    text, js, _ = both(*args)
    tma = {t["name"]: t for t in js["tma"]}
    readings = {o["name"]: o["reading"] for o in js["objects"] if o["kind"] == "tma_atom"}
    assert readings
    for name, r in readings.items():
        t = tma[name]
        boxes = [brace(b) for b in re.findall(r"TMA box \{([\d,]+)\}", r)]
        dims = [brace(b) for b in re.findall(r"boxDim \{([\d,]+)\}", r)]
        assert boxes == [t["box_dim"]], (name, r)
        assert all(d == t["tensor_map"]["box_dim"] for d in dims), (name, r)
        if t["tensor_map"]["box_dim"] != t["box_dim"]:
            assert "split over" in r
        else:
            assert "split over" not in r
        assert f"{t['box_bytes']} bytes" in r
        assert r in text


def test_kernel_set_spellings_and_params():
    outs = {
        v: run("kernel", "sm100_01_mma", "--set", f"MmaN={v}", "--lang", "en")[1] for v in ("_64", "64", "Int<64>{}")
    }
    assert len(set(outs.values())) == 1 and outs["64"]
    code, out, err = run("kernel", "sm100_02_mma_tma", "--set", "MmaM=64")
    assert code == 2 and err.startswith("error: --set MmaM=64:") and ".toml:" not in err
    code, out, err = run("kernel", "sm100_01_mma", "--params")
    assert code == 0
    for name in ("Gemm_M", "Gemm_N", "Gemm_K", "MmaM", "MmaN", "NumMmaK"):
        assert f"  {name} = " in out


# ------------------------------------------------------------------ explain, bank, sgemm-sm80, tiled-copy-c


def _json_ints(v) -> set:
    return set(ints(json.dumps(v), static=True))


EXPLAIN = [
    "complement((_4,_2):(_1,_8), _64)",
    "composition((_4,8):(_1,_4), (_4,_2):(_2,_1))",
    "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))",
    "logical_divide((_16,_8):(_1,_16), (_8:_1,(_4,_2):(_2,_1)))",
]


@pytest.mark.parametrize("expr", EXPLAIN)
def test_explain_numbers_are_the_answers(expr):
    text, js, _ = both("explain", expr)
    have = _json_ints(js)
    body = "\n".join(ln for ln in text.splitlines()[2:] if not re.match(r"^\[\d+\]", ln))
    stated = [n for n in ints(body, static=True) if abs(n) > 1]
    missing = sorted({n for n in stated if n not in have})
    assert not missing, (expr, missing)


def test_bank_numbers_are_the_fields():
    args = [
        "bank",
        "(_64,_32):(_32,_1)",
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
    ]
    code, text, _ = run(*args)
    _, js, _ = run(*args, "--format", "json")
    js = json.loads(js)
    got = [
        tuple(map(int, m))
        for m in re.findall(
            r"^instruction \d+: \S+\s+wavefronts (\d+)\s+ideal (\d+)\s+"
            r"conflicts (\d+)",
            text,
            re.M,
        )
    ]
    assert got == [(i["wavefronts"], i["ideal"], i["conflicts"]) for i in js["instructions"]]
    m = re.search(r"vector: .* = (\d+) elements \((\d+) bits\)", text)
    assert (int(m.group(1)), int(m.group(2))) == (js["vector"]["max_common_vector"], js["vector"]["max_vector_bits"])


def _check_value_readings(js) -> int:
    """Each object reading "size N, cosize M" states its printed value's size and cosize; "NAME = v" modes the
    value's shape. Returns how many readings were checked."""
    from cutedump.algebra import cosize, size
    from cutedump.algebra.swizzle import ComposedLayout
    from cutedump.expr import evaluate

    checked = 0
    for o in js["objects"]:
        m = re.search(r"size (\d+), cosize (\d+)", o.get("reading") or "")
        if not m or o["kind"] != "value":
            continue
        try:
            v = evaluate(o["value"])
        except Exception:  # noqa: BLE001 - a tensor's print (a pointer o layout): not a value of the language
            continue
        base = v.b if isinstance(v, ComposedLayout) else v
        assert (int(m.group(1)), int(m.group(2))) == (int(size(base)), int(cosize(base))), (o["name"], o["reading"])
        checked += 1
    return checked


@pytest.mark.parametrize(
    "args",
    [["sgemm-sm80", "--dump-layouts"], ["kernel", "sgemm_sm70_tn"], ["kernel", "sm100_01_mma"]],
    ids=lambda a: a[-1],
)
def test_kernel_readings_state_their_values(args):
    _, js, _ = both(*args)
    assert _check_value_readings(js) >= 2


def test_tiled_copy_c_numbers_come_from_its_prints():
    """No JSON here: every number a reading states is in the answer's own CuTe prints (the layouts it reads)."""
    code, text, _ = run("tiled-copy-c", "--copy-v", "2", "--lang", "en")
    assert code == 0
    lines = text.splitlines()
    prints = "\n".join(ln for ln in lines if "#" not in ln)
    have = set(ints(prints, static=True))
    readings = [ln.split("#", 1)[1] for ln in lines if "  # " in ln]
    stated = {n for r in readings for n in ints(r, static=True) if abs(n) > 1}
    missing = sorted(n for n in stated if n not in have)
    assert not missing, missing[:20]


def test_no_raise_site_writes_its_own_error_prefix():
    """The CLI writes ``error: `` once (CuteDumpError.render); no message carries its own (``error: error: ...``)."""
    import ast

    from tests.paths import PKG as root  # the package under test: the source tree's, or the installed wheel's

    bad = []
    for p in root.rglob("*.py"):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
                a = node.exc.args[0]
                first = (
                    a.value
                    if isinstance(a, ast.Constant)
                    else (
                        a.values[0].value
                        if isinstance(a, ast.JoinedStr) and a.values and isinstance(a.values[0], ast.Constant)
                        else ""
                    )
                )
                if isinstance(first, str) and first.lower().startswith("error"):
                    bad.append(f"{p.name}:{node.lineno}")
    assert not bad, bad


@pytest.mark.parametrize(
    "argv",
    [
        ["mma", "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,K,K>", "--format", "json"],
        ["svg", "SM90_64x64x16_F16F16F16_SS<K,K>"],
        ["mma", "SM90_64x64x16_F16F16F16_SS<K,K"],
        ["desc", "0x4E00004000010000"],
        ["kernel", "sm100_02_mma_tma", "--set", "MmaM=64"],
        [
            "tma",
            "--op",
            "SM90_TMA_LOAD",
            "--type",
            "half_t",
            "--gmem",
            "(4096,4096):(4096,_1)",
            "--smem",
            "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))",
            "--tma-partition",
            "--smem-address",
            "0x410",
        ],
    ],
)
def test_one_prefix_per_line_and_answers_not_refusals(argv):
    code, out, err = run(*argv)
    for ln in err.splitlines():
        assert ln.count("error:") + ln.count("warning:") <= 1, ln
    if argv[0] == "mma":
        if argv[-1] == "json":  # JSON draws no picture: answered, the tables left out with one warning
            assert code == 0 and json.loads(out)["tables"] is None and err.startswith("warning: ")
        else:  # an unclosed '<' gets a caret
            assert code == 2 and err.splitlines()[-1].strip() == "^"
    elif argv[0] == "svg":
        assert code == 2 and "--mma" in err
    elif argv[0] == "tma":
        assert code == 0 and err.startswith("warning: ") and "1024-byte aligned" in err
    else:
        assert code == 2 and err.count("error:") == 1


@pytest.mark.slow
def test_a_large_picture_says_so():
    code, out, err = run("svg", "--mma", "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>")
    assert code == 0 and len(out) > 4 << 20 and err.startswith("warning: the SVG picture is ")
