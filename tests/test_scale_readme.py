"""The README's "Scale factors" section answers CUTLASS's four tracker questions; each answer's comment states numbers
that are read here against the JSON of the command under it (test_examples.py runs every README line; this file
checks what the words say)."""

from __future__ import annotations

import json
import re
import shlex

import pytest
from click.testing import CliRunner

from cutedump.cli import main
from cutedump.parse import parse_object
from tests.test_examples import ROOT


def _section() -> str:
    md = (ROOT / "README.md").read_text(encoding="utf-8")
    start = md.index("## Scale factors of block-scaled GEMMs")
    return md[start : md.index("\n## ", start + 1)]


def _answers() -> dict:
    """question number -> (the comment's text, [the cutedump command lines under it])."""
    out, cur = {}, None
    for line in _section().splitlines():
        m = re.match(r"# (\d)\. (.*)", line)
        if m:
            cur = int(m.group(1))
            out[cur] = [m.group(2), []]
        elif cur is not None and line.startswith("#    "):
            out[cur][0] += " " + line[5:]
        elif cur is not None and line.startswith("cutedump "):
            out[cur][1].append(line)
        elif line.startswith("# ") or line.startswith("```"):
            cur = None
    return out


def _json(cmd: str) -> dict:
    args = shlex.split(cmd.split(" > ", 1)[0])[1:]
    r = CliRunner().invoke(main, [*args, "--format", "json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_the_four_questions_are_answered():
    a = _answers()
    assert sorted(a) == [1, 2, 3, 4]
    assert "tile_atom_to_shape" in a[1][0] and "make_tmem_layout_sfa" in a[2][0]
    assert "M=128 with 2-CTA" in a[3][0] and "e2m1" in a[4][0]


def test_q1_tile_atom_to_shape():
    text, cmds = _answers()[1]
    d = _json(cmds[0])
    c, g, e = d["chunk"], d["sfa"], d["element"]
    assert (
        f"the {c['rows']}x{c['scale_factors_per_row']} basic chunk ({c['rows']} rows x "
        f"{c['scale_factors_per_row']} scale factors, {c['bytes']}" in text
    )
    assert f"M = {g['rows']} to {g['rows_padded']} rows" in text
    assert f"K's {g['k_scale_factors']} scale factors to {g['k_scale_factors_padded']}" in text
    assert (
        f"A({e['m']},{e['k']})'s scale factor (k {e['k_first']}..{e['k_last']} of row {e['m']}) is byte {e['offset']} "
        f"of SFA (chunk {e['chunk_index']}, byte {e['in_chunk']} of it)" in text
    )
    r = CliRunner().invoke(main, shlex.split(cmds[1])[1:])
    assert r.exit_code == 0 and r.stdout.strip() == g["layout"]


def test_q2_tmem_layout_strides():
    text, cmds = _answers()[2]
    r = CliRunner().invoke(main, shlex.split(cmds[0])[1:])
    assert r.exit_code == 0, r.output
    lay = parse_object(r.stdout.strip())  # the DSL's print of the layout
    rows = lay.shape[0][0][0]
    strides = lay.stride[0][0][0]
    # the chunk's 32 rows on lanes: (32, 4 row groups) with (lane, column) strides; then the 4 copies
    assert (int(rows[0]), int(rows[1])) == (32, 4)
    assert (int(strides[0]), int(strides[1])) == ((1 << 16) * 4, 4)
    assert int(lay.shape[0][0][1]) == 4 and int(lay.stride[0][0][1]) == (32 << 16) * 4
    assert f"stride {(1 << 16) * 4} = 1 << 16 << 2" in text and "row groups on 4 columns (stride 4)" in text
    assert f"4 copies 32 lanes apart (stride {(32 << 16) * 4} = 32 << 16 << 2" in text


def test_q3_sfb_with_m128_two_ctas():
    text, cmds = _answers()[3]
    d = _json(cmds[0])
    s = d["smem"]
    assert s["cta_group"] == 2 and s["tile"][0] == 128
    assert f"its own {s['sfa']['rows']} rows of A, which is" in text
    assert f"{s['sfa']['rows']} / 128 = {s['m_blocks']} chunks" in text and s["element"]["offset"] is None
    assert f"SFB whole: {s['sfb']['rows']} rows, {s['sfb']['bytes_per_stage']} bytes a stage" in text
    assert f"1-CTA atom of M {s['sfb_mma']['m']}, N {s['sfb_mma']['n']}" in text
    d2 = _json(cmds[1])
    s2 = d2["smem"]
    assert (
        f"with M {s2['tile'][0]} each CTA holds {s2['sfa']['rows']} rows of SFA ({s2['sfa']['bytes_per_stage']} bytes"
        in text
    )
    assert f"SFB's N {s2['tile'][1]} is rounded up to {s2['sfb']['rows']} rows" in text


def test_q4_populating_scales():
    text, cmds = _answers()[4]
    d = _json(cmds[0])
    e, s = d["element"], d["smem"]
    assert d["kind"] == "nvf4" and f"one {d['sf_type']} per {d['vs']} of K" in text
    assert (
        f"A({e['m']}, {e['k_first']}..{e['k_last']}) at byte {e['offset']} of SFA (chunk {e['chunk_index']}, byte "
        f"{e['in_chunk']} of it)" in text
    )
    t = s["tile"]
    assert f"a {t[0]}x{t[1]}x{t[2]} tile's stage holds it" in text
    assert f"at byte {s['element']['offset']}, stage s at" in text
    assert f"{s['element']['offset']} + s * {s['stages']['sfa']['stage_stride']}" in text
    assert "--picture html" in cmds[1]


@pytest.mark.parametrize("q", [1, 3, 4])
def test_answers_text_is_the_json_reading(q):
    for cmd in _answers()[q][1]:
        if " scale " not in f" {cmd} " or "--picture" in cmd:
            continue
        args = shlex.split(cmd)[1:]
        r = CliRunner().invoke(main, args)
        assert r.exit_code == 0
        assert r.stdout == "\n".join(_json(cmd)["reading"]) + "\n"
