"""``cutedump tmem ATOM --copy SM100_UTCCP_* --picture svg|html``: every cell the picture numbers is the instruction
the JSON's "instructions" say writes that TMEM lane and column (each computed from partition_D of the copy, which
tests/test_utccp_oracle.py checks against CuTe), every instruction line of its words states the JSON's values; the
4x32dp copies fill all four 32-lane subpartitions, 2-CTA copies draw one panel per CTA."""

from __future__ import annotations

import json
import re

import pytest

from cutedump.commands._answers import tmem_text
from cutedump.errors import CuteDumpError

MXF4 = "SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,128,16,K,K>"
MXF8_2SM = "SM100_MMA_MXF8F6F4_2x1SM_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,256,128,K,K>"
CASES = [
    (MXF4, "SM100_UTCCP_4x32dp128bit_1cta", "(_128,_128,_128)"),
    (MXF4, "SM100_UTCCP_2x64dp128bitlw0213_1cta", "(_128,_128,_128)"),
    (MXF8_2SM, "SM100_UTCCP_4x32dp128bit_2cta", "(_256,_128,_256)"),
]


def _cells(svg: str) -> dict:
    out = {}
    for m in re.finditer(
        r'<g class="cell" data-operand="(\w)" data-thread="(\d+)" data-lane="(\d+)" data-col="(\d+)" '
        r'data-instr="(\d*)"><rect [^>]*/><text [^>]*>(\d*)</text>',
        svg,
    ):
        op, t, lane, col, ins, label = m.groups()
        assert ins == label
        if ins:
            out[op, int(t), int(lane), int(col)] = int(ins)
    return out


@pytest.mark.parametrize("atom,op,tile", CASES)
def test_picture_cells_are_the_json_instructions(atom, op, tile):
    d = json.loads(tmem_text(atom, None, tile, op, 0, "json"))
    svg = tmem_text(atom, None, tile, op, 0, "text", picture="svg")
    want = {}
    for operand in "AB":
        for ins in d[f"sf{operand.lower()}"]["instructions"]:
            for lane, col in ins["cells"]:
                assert (operand, ins["thread"], lane, col) not in want  # one instruction writes a cell
                want[operand, ins["thread"], lane, col] = ins["instruction"]
            line = f"thread {ins['thread']} cp {ins['instruction']}: smem byte {ins['smem_start_byte']} -&gt; lanes "
            assert line in svg
    got = _cells(svg)
    assert got == want and len(got) > 0
    threads = {k[1] for k in got}
    assert threads == ({0, 1} if op.endswith("2cta") else {0})
    if "4x32dp" in op:  # the 4 copies: every subpartition holds the same cells
        lanes = {k[2] for k in got}
        assert {ln // 32 for ln in lanes} == {0, 1, 2, 3}
    html = tmem_text(atom, None, tile, op, 0, "text", picture="html")
    assert html.startswith("<!DOCTYPE html>") and _cells(html) == got


def test_picture_refusals():
    with pytest.raises(CuteDumpError, match="draws an SM100_UTCCP_"):
        tmem_text(MXF4, None, None, "SM100_TMEM_LOAD_32dp32b8x", 0, "text", picture="svg")
    with pytest.raises(CuteDumpError, match="two outputs"):
        tmem_text(MXF4, None, None, "SM100_UTCCP_4x32dp128bit_1cta", 0, "json", picture="svg")
