"""``cutedump tmem ATOM --copy SM100_UTCCP_*``: its JSON is the objects real CuTe printed (the recorded
tests/test_utccp_oracle.py cases: the TMEM fragment, its columns, the TiledCopy, partition_D), its text states
the JSON's values; bad input is one error line."""

from __future__ import annotations

import json

from cutedump.commands._answers import tmem_text
from cutedump.errors import CuteDumpError
from tests.oracle import gen_utccp as G


def _run(capsys, atom, _c, op, _s=None, shape=None, _t=None, thread="0", _f=None, fmt="text"):
    """The command's answer function (the fast path the command line takes): (0, text, "") or (2, "", error line)."""
    try:
        return 0, tmem_text(atom, None, shape, op, int(thread), fmt), ""
    except CuteDumpError as e:
        return 2, "", f"error: {e.message}\n"


def test_utccp_json_is_cutes_and_text_says_it(capsys):
    from tests.oracle.cute import run_chunked

    ok, _ = G.cases()
    outs = run_chunked(ok, 30, prelude=G.PRELUDE)  # the recorded real-CuTe answers
    checked = 0
    for (label, _b, _exp), got in zip(ok, outs):
        op, rest = label.split(" SF", 1)
        operand = rest[0]
        name = rest.split(" of ", 1)[1].split(" VS ", 1)[0]
        vs = int(label.split(" VS ", 1)[1].split()[0])
        if f",{vs}," not in name and not (vs == 32 and "MXF8F6F4" in name):
            continue  # the command uses the atom's own VS
        tile = label.split(" tile ", 1)[1].split(" stages")[0].replace(" ", "").replace("(", "(_").replace(",", ",_")
        thr = int(label.rsplit(" thr ", 1)[1])
        rc, out, err = _run(capsys, name, "--copy", op, "--shape", tile, "--thread", str(thr), "--format", "json")
        if rc and "a mode of extent 0" in err:
            continue  # the other operand's smem layout has an extent-0 mode (not modelled: see test_utccp_oracle)
        assert rc == 0, (label, err)
        d = json.loads(out)[f"sf{operand.lower()}"]
        lines = got.split("\n")
        assert d["tmem"] == lines[0]
        assert str(d["columns"]) == lines[1]
        assert d["tiled_copy"].rstrip("\n") in got
        assert d["partition_D"] in lines
        rc, text, _ = _run(capsys, name, "--copy", op, "--shape", tile, "--thread", str(thr))
        for key in ("smem", "tmem", "partition_S", "partition_D", "smem_desc_layout"):
            assert d[key] in text
        assert f"columns: {d['columns']}" in text
        checked += 1
        if checked >= 12:
            break
    assert checked >= 12


def test_utccp_refusals(capsys):
    rc, out, err = _run(
        capsys, "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>", "--copy", "SM100_UTCCP_4x32dp128bit_1cta"
    )
    assert rc == 2 and err.startswith("error: ") and err.count("\n") == 1 and "block-scaled" in err
    rc, out, err = _run(
        capsys,
        "SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,128,16,K,K>",
        "--copy",
        "SM100_UTCCP_4x32dp128bit_3cta",
    )
    assert rc == 2 and "unknown SMEM->TMEM copy atom 'SM100_UTCCP_4x32dp128bit_3cta'" in err
    two = "SM100_MMA_MXF4_2x1SM_SS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,128,240,32,K,K>"
    rc, out, err = _run(capsys, two, "--copy", "SM100_UTCCP_4x32dp128bit_2cta", "--shape", "(_128,_240,_128)")
    assert rc == 2 and "deduce_smem_layoutSFA(tiled_mma, (_128,_240,_128)) is" in err and "extent 0" in err
