"""``cutedump scale --stages N`` and ``--picture svg|html``: the staged smem layouts are what CUTLASS 4.2's own
CollectiveBuilder builds (72a's block-scaled builder, recorded by tests/test_kernel_sm100_sf.py's programs), the words
read against the JSON, and every cell of the pictures against the layouts the JSON names."""

from __future__ import annotations

import html
import json
import re

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from cutedump.parse import parse_object
from tests import kernel_cpp_sm100_sf as CPP
from tests.oracle.cute import run_cases
from tests.test_kernel_sm100_sf import BUILDER


def _run(args):
    r = CliRunner().invoke(main, ["scale", *args])
    return r.exit_code, r.stdout, r.stderr


def _json(args):
    code, out, err = _run([*args, "--format", "json"])
    assert code == 0, err
    return json.loads(out)


@pytest.fixture(scope="module")
def builder():
    outs = run_cases(
        [CPP.case_builder(*b) for b in BUILDER], prelude=CPP.builder_prelude(), extra_flags=CPP.builder_flags()
    )
    return [CPP.parse_builder(o) for o in outs]


@pytest.mark.parametrize("j", range(len(BUILDER)))
def test_stages_are_the_collective_builders(builder, j):
    (mm, mn), tk, _ = BUILDER[j]
    b = builder[j]
    n = int(b["Stages"])
    d = _json(
        [
            "--kind",
            "nvf4",
            "--problem",
            "1024,1024,1024",
            "--tile",
            f"{mm},{mn},{tk}",
            "--cta-group",
            "2",
            "--stages",
            str(n),
        ]
    )
    st = d["smem"]["stages"]
    assert st["n"] == n
    assert st["sfa"]["layout"] == b["SmemLayoutSFA"]
    assert st["sfb"]["layout"] == b["SmemLayoutSFB"]
    # the atom SFB is partitioned by: the builder's TiledMMA_SF (TiledMma::MMA_ScaleFactor)
    bare = b["atom_sf"].replace("cute::", "").replace("cutlass::", "").replace("UMMA::Major::", "")
    bare = bare.replace(", UMMA::ScaleIn::One, UMMA::ScaleIn::One>", ">").replace(" ", "")
    assert d["smem"]["sfb_mma"]["atom"] == bare


STAGED = [
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
        "--stages",
        "5",
    ],
    [
        "--kind",
        "mxf8f6f4",
        "--problem",
        "1000,512,300",
        "--tile",
        "128,128,128",
        "--element",
        "999,299",
        "--stages",
        "1",
    ],
    ["--kind", "mxf4", "--vs", "16", "--problem", "384,200,640", "--tile", "128,64,256", "--stages", "7"],
]


@pytest.mark.parametrize("args", STAGED, ids=lambda a: " ".join(a[:6]))
def test_stage_words_read_against_json(args):
    code, text, err = _run([*args, "--lang", "en"])
    assert code == 0, err
    d = _json(args)
    st, e = d["smem"]["stages"], d["element"]
    assert text == "\n".join(d["reading"]) + "\n"
    assert f"{st['n']} pipeline stage" in text
    for op in ("SFA", "SFB"):
        g = st[op.lower()]
        m = re.search(rf"  {op}: (\S+)\n    stage s at byte s \* (\d+); (\d+) bytes for all (\d+) stages?", text)
        assert m and m.group(1) == g["layout"]
        assert [int(x) for x in m.groups()[1:]] == [g["stage_stride"], g["bytes"], st["n"]]
        r = CliRunner().invoke(main, ["eval", g["expr"]])
        assert r.exit_code == 0 and r.stdout.strip() == g["layout"]
    m = re.search(
        r"A\((\d+),(\d+)\)'s scale factor in stage s: byte (\d+) \+ s \* (\d+) \(stage (\d+): byte (\d+)\)", text
    )
    assert [int(x) for x in m.groups()] == [
        e["m"],
        e["k"],
        d["smem"]["element"]["offset"],
        st["sfa"]["stage_stride"],
        st["n"] - 1,
        st["element_last_stage"],
    ]
    # the last stage's byte, from the staged layout the JSON prints (CuTe's coordinate of A(m,k) in it)
    se, s = d["smem"]["element"], d["smem"]
    L = parse_object(st["sfa"]["layout"])
    mi, ki, mk = se["m_in_tile"], se["k_in_tile"], s["mma_k"]
    assert int(L(((mi, ki % mk), 0, ki // mk, st["n"] - 1))) == st["element_last_stage"]


PICTURED = [
    ["--kind", "nvf4", "--problem", "1024,1024,1024", "--tile", "128,128,256", "--element", "44,70"],
    [
        "--kind",
        "mxf8f6f4",
        "--problem",
        "1000,512,300",
        "--tile",
        "256,128,128",
        "--cta-group",
        "2",
        "--element",
        "300,70",
    ],
    ["--kind", "mxf4", "--problem", "256,256,512", "--element", "255,511"],
    ["--arch", "sm103", "--kind", "mxf4", "--vs", "16", "--problem", "512,512,1024"],
    ["--arch", "sm120", "--kind", "nvf4", "--problem", "129,65,33", "--element", "128,32"],
]

_CELL = re.compile(r'<g class="(chunk|tile)" data-row="(\d+)" data-col="(\d+)" data-byte="(\d+)"><rect([^>]*)/>')


@pytest.mark.parametrize("args", PICTURED, ids=lambda a: " ".join(a[:6]))
def test_picture_cells_are_the_layouts(args):
    code, svg, err = _run([*args, "--picture", "svg", "--lang", "en"])
    assert code == 0, err
    d = _json(args)
    vs, chunk = d["vs"], parse_object(d["chunk"]["layout"])
    cells = {"chunk": {}, "tile": {}}
    marked = []
    for kind, r, c, v, rect in _CELL.findall(svg):
        cells[kind][(int(r), int(c))] = int(v)
        if 'stroke-width="3"' in rect:
            marked.append((kind, int(r), int(c), int(v)))
    assert len(cells["chunk"]) == 512
    for (r, j), v in cells["chunk"].items():
        assert v == int(chunk((r, j * vs)))
    # the caption's claim: one 16-byte line holds rows r, r+32, r+64, r+96 (4 bytes each), coloured by r / 32
    assert "a 16-byte line holds rows r, r+32, r+64, r+96" in html.unescape(svg)
    fills = dict(re.findall(r'<g class="chunk" data-row="(\d+)" data-col="0" [^>]*><rect [^>]*fill="([^"]+)"', svg))
    for r in range(32):
        line = sorted(cells["chunk"][(r + 32 * i, j)] for i in range(4) for j in range(4))
        assert line == list(range(line[0], line[0] + 16)) and line[0] % 16 == 0
        assert len({fills[str(r + 32 * i)] for i in range(4)}) == 4  # the colour: r / 32
    assert all(fills[str(r)] == fills[str(r // 32 * 32)] for r in range(128))
    if d["smem"] is None:
        assert not cells["tile"] and not marked
        return
    s = d["smem"]
    L, mk = parse_object(s["sfa"]["layout"]), s["mma_k"]
    assert len(cells["tile"]) == s["sfa"]["rows"] * s["tile"][2] // vs
    for (r, c), v in cells["tile"].items():
        assert v == int(L(((r, c * vs % mk), 0, c * vs // mk)))
    se = s["element"]
    assert marked == [("tile", se["m_in_tile"], se["k_in_tile"] // vs, se["offset"])]
    # the captions' numbers are the JSON's
    svg = html.unescape(svg)
    assert f"over A's {s['sfa']['rows']} x {s['tile'][2]} elements" in svg
    assert f"groups of {vs} elements of K" in svg and f"A({d['element']['m']},{d['element']['k']})" in svg
    assert d["chunk"]["layout"] in svg


def test_html_page_holds_the_svg_and_zh_words():
    args = PICTURED[0]
    code, svg, _ = _run([*args, "--picture", "svg", "--lang", "zh"])
    code2, page, _ = _run([*args, "--picture", "html", "--lang", "zh"])
    assert code == code2 == 0
    assert page.startswith("<!DOCTYPE html>") and svg in page
    assert "128x4 基本块" in svg and "加框：A(44,70)" in svg


@pytest.mark.parametrize(
    "args, msg",
    [
        (["--kind", "nvf4", "--problem", "256,256,256", "--stages", "3"], "--stages 3: the stages of one CTA tile"),
        (["--kind", "blockwise", "--problem", "256,256,256", "--tile", "128,128,128", "--stages", "2"], "--stages 2"),
        (["--kind", "nvf4", "--problem", "256,256,256", "--tile", "128,128,256", "--stages", "65"], "1..64 pipeline"),
        (["--kind", "nvf4", "--problem", "256,256,256", "--tile", "128,128,256", "--stages", "0"], "in 1..2147483647"),
        (["--kind", "nvf4", "--problem", "256,256,256", "--tile", "128,128,256", "--stages", "x"], "takes one integer"),
        (["--kind", "nvf4", "--problem", "256,256,256", "--picture", "svg", "--format", "json"], "two outputs"),
        (["--kind", "blockwise", "--problem", "256,256,256", "--picture", "svg"], "blockwise scaling has none"),
    ],
)
def test_refusals_are_one_error_line(args, msg):
    code, out, err = _run(args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and msg in err, err


def test_a_stage_without_chunks_holds_no_element():
    """A 2-CTA MMA of M 128: each CTA's 64 rows are 64 / 128 = 0 chunks (C++'s integer division), so no byte of a
    stage holds A(m,k)'s scale factor: said, null in the JSON, and the picture draws no tile."""
    args = [
        "--kind",
        "nvf4",
        "--problem",
        "4096,4096,4096",
        "--tile",
        "128,256,256",
        "--cta-group",
        "2",
        "--element",
        "300,70",
        "--stages",
        "2",
    ]
    code, text, err = _run([*args, "--lang", "en"])
    assert code == 0, err
    d = _json(args)
    s = d["smem"]
    assert s["m_blocks"] == 0 and s["element"]["offset"] is None and s["stages"]["element_last_stage"] is None
    assert "no byte of the stage holds its scale factor" in text and "is in no stage" in text
    assert "byte None" not in text
    assert s["sfb_mma"] == {
        "atom": "SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,256,16,K,K>",
        "m": 128,
        "n": 256,
    }
    assert f"single-CTA atom {s['sfb_mma']['atom']}: M {s['sfb_mma']['m']}, N {s['sfb_mma']['n']}" in text
    code, svg, err = _run([*args[:-2], "--picture", "svg"])
    assert code == 0 and 'class="chunk"' in svg and 'class="tile"' not in svg
