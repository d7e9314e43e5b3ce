"""``cutedump scale``: its words read against its JSON (every number the text states is a JSON field), its layouts
against the eval language (checked against CUTLASS 4.2 in test_scale_layouts.py), smem against gmem where one tile is
the whole problem, and its refusals."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from cutedump.expr import evaluate_to_string
from cutedump.scale.report import scale_facts

LINES = [
    ["--kind", "mxf8f6f4", "--problem", "1000,512,300", "--element", "300,70"],
    [
        "--kind",
        "nvf4",
        "--problem",
        "4096,4096,4096",
        "--tile",
        "256,192,256",
        "--cta-group",
        "2",
        "--element",
        "300,70",
    ],
    ["--kind", "mxf4", "--problem", "256,256,512,3", "--tile", "128,256,256", "--element", "255,511"],
    ["--kind", "mxf4", "--vs", "16", "--problem", "384,200,640", "--tile", "128,128,128", "--cta-group", "2"],
    ["--arch", "sm103", "--kind", "mxf4", "--vs", "16", "--problem", "512,512,1024", "--tile", "128,128,256"],
    ["--arch", "sm120", "--kind", "nvf4", "--problem", "129,65,33", "--element", "128,32"],
    ["--kind", "blockwise", "--problem", "1024,2048,512", "--tile", "128,128,128", "--element", "1000,300"],
    ["--kind", "blockwise", "--granularity", "128,128,128", "--major", "K", "--problem", "1000,1000,1000,2"],
    ["--kind", "nvf4", "--problem", "1,1,1", "--tile", "128,128,32"],
]


def _run(args):
    r = CliRunner().invoke(main, ["scale", *args])
    return r.exit_code, r.output


def _answers(args, lang="en"):
    code, text = _run([*args, "--lang", lang])
    assert code == 0, text
    code, js = _run([*args, "--format", "json", "--lang", lang])
    assert code == 0, js
    return text, json.loads(js)


def _numbers(x, out):
    if isinstance(x, dict):
        for v in x.values():
            _numbers(v, out)
    elif isinstance(x, list):
        for v in x:
            _numbers(v, out)
    elif isinstance(x, (int, str)) and not isinstance(x, bool):
        out.update(re.findall(r"\d+", str(x)))
    return out


@pytest.mark.parametrize("args", LINES, ids=lambda a: " ".join(a[:4]))
def test_every_number_in_the_words_is_in_the_json(args):
    text, d = _answers(args)
    assert text == "\n".join(d["reading"]) + "\n"
    fields = _numbers({k: v for k, v in d.items() if k != "reading"}, set())
    for line in text.splitlines():
        words = re.sub(r"Step<[^>]*>|[A-Za-z_]\w*\d\w*", "", line)  # notation and names (Sm103, float_e2m1_t)
        for n in re.findall(r"\d+", words):
            assert n in fields, (n, line)


@pytest.mark.parametrize("args", LINES, ids=lambda a: " ".join(a[:4]))
def test_layouts_are_the_eval_languages(args):
    """Each layout the answer prints is what `cutedump eval` answers for the C++ expression it names."""
    _, d = _answers(args)
    parts = [d["sfa"], d["sfb"]] + ([d["smem"]["sfa"], d["smem"]["sfb"]] if d.get("smem") else [])
    for p in parts:
        expr = p["expr"].replace("make_tiled_mma(", "").replace("{}), make_shape", "{}, make_shape")
        assert evaluate_to_string(expr) == p["layout"], expr
    if "chunk" in d:
        assert evaluate_to_string(d["chunk"]["expr"] + "{}") == d["chunk"]["layout"]


def test_empty_k_chunks_are_said():
    text, d = _answers(LINES[-1])
    assert d["smem"]["k_blocks"] == 0 and "TileK / VS / 4 = 32 / 16 / 4 is 0" in text
    assert d["element"]["k_last"] == 0 and "scales k 0..0 of row 0" in text


def test_words_read_against_json_block_scaled():
    text, d = _answers(LINES[1])
    e, s, a = d["element"], d["smem"], d["sfa"]
    m = re.search(r"SFA\((\d+),(\d+),(\d+)\) = (\d+): chunk (\d+) \(row block (\d+), K-chunk (\d+)\), byte (\d+)", text)
    assert [int(x) for x in m.groups()] == [
        e["m"],
        e["k"],
        e["l"],
        e["offset"],
        e["chunk_index"],
        e["chunk_m"],
        e["chunk_k"],
        e["in_chunk"],
    ]
    assert e["offset"] == e["chunk_index"] * d["chunk"]["bytes"] + e["in_chunk"]
    m = re.search(
        r"(\d+) rows padded to (\d+), (\d+) scale factors per row along K padded to (\d+): (\d+) x (\d+)", text
    )
    assert [int(x) for x in m.groups()] == [
        a["rows"],
        a["rows_padded"],
        a["k_scale_factors"],
        a["k_scale_factors_padded"],
        *a["chunks"][:2],
    ]
    m = re.search(r"byte (\d+) of the stage's SFA", text)
    assert int(m.group(1)) == s["element"]["offset"]
    assert re.findall(r"(\d+) rows, (\d+) bytes per stage", text) == [
        (str(s["sfa"]["rows"]), str(s["sfa"]["bytes_per_stage"])),
        (str(s["sfb"]["rows"]), str(s["sfb"]["bytes_per_stage"])),
    ]
    # the 2-CTA question: each CTA holds half of SFA's rows, SFB whole (and N = 192 padded to 256)
    assert s["cta_group"] == 2 and s["sfa"]["rows"] * 2 == s["tile"][0] and s["sfb"]["rows"] == 256
    assert f"SFB's {s['sfb']['rows']} rows whole" in text and "N = 192 rounded up" in text


def test_smem_equals_gmem_when_the_tile_is_the_problem():
    """Two layouts checked against CUTLASS independently: with one CTA tile over the whole problem (M = 128, one
    batch), the element's byte in the stage's SFA is its byte in the gmem SFA."""
    for k in (0, 31, 32, 200, 255):
        for m in (0, 5, 31, 32, 100, 127):
            d = scale_facts("sm100", "mxf4", None, "128,256,256", None, "128,256,256", "1", f"{m},{k}", None)
            assert d["smem"]["element"]["offset"] == d["element"]["offset"], (m, k)


def test_zh_has_the_english_lines_numbers():
    for args in LINES:
        en, _ = _answers(args, "en")
        zh, _ = _answers(args, "zh")
        assert len(en.splitlines()) == len(zh.splitlines())
        assert sorted(re.findall(r"\d+", en)) == sorted(re.findall(r"\d+", zh)), args


@pytest.mark.parametrize(
    "args,msg",
    [
        (["--kind", "nvf4", "--vs", "32", "--problem", "128,128,128"], "--vs 32: nvf4 takes 16"),
        (["--problem", "128,128"], "--problem takes 3 or 4 integers"),
        (["--problem", "128,128,0"], "1..2147483647"),
        (["--problem", "128,128,128", "--element", "128,0"], "must lie in A's 128x128"),
        (["--kind", "blockwise", "--vs", "16", "--problem", "128,128,128"], "--vs is for the block-scaled kinds"),
        (["--arch", "sm103", "--kind", "blockwise", "--problem", "128,128,128"], "no SM103 blockwise config"),
        (["--problem", "128,128,128", "--major", "MN"], "K-major"),
        (["--problem", "2147483647,2147483647,2147483647"], "beyond C++ int"),
        (["--kind", "blockwise", "--granularity", "1,1,1", "--problem", "2147483647,2,2147483647"], "C++ int"),
    ],
)
def test_refusals_are_one_error_line(args, msg):
    code, out = _run(args)
    assert code == 2
    lines = [l for l in out.splitlines() if l]
    assert len(lines) == 1 and lines[0].startswith("error: ") and msg in lines[0], out


def test_help_lists_the_json_keys():
    code, help_text = _run(["--help"])
    assert code == 0
    for args in (LINES[1], LINES[6]):
        _, d = _answers(args)
        for key in d:
            assert key in help_text, key
