"""GmmaDescriptor / UMMA::SmemDescriptor: make_gmma_desc / make_umma_desc on canonical layouts and the descriptor
tensors of SS GMMA TiledMMAs (partition_fragment_A/B), against real CuTe 4.2 (tests/oracle/gen_smem.py); the
encoding, decoding and the refusals of non-canonical layouts."""

from __future__ import annotations

import pytest

from cutedump.algebra import get, size
from cutedump.atoms import make_tiled_mma
from cutedump.atoms import smem_desc as D
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate
from tests.oracle import gen_smem as G
from tests.oracle.cute import run_cases, unavailable_reason

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))


def _check(cases, chunk):
    bad = []
    for i in range(0, len(cases), chunk):
        part = cases[i : i + chunk]
        outs = run_cases([c[1] for c in part], prelude=G.PRELUDE)
        for (name, _, exp), got in zip(part, outs):
            got = "".join(l for l in got.splitlines(True) if not l.startswith("ERROR: cast_smem_ptr_to_uint"))
            if exp != got:
                el, gl = exp.splitlines(), got.splitlines()
                first = next(
                    (f"ours {a!r} / cute {b!r}" for a, b in zip(el, gl) if a != b), f"{len(el)} vs {len(gl)} lines"
                )
                bad.append(f"{name}: {first}")
    assert not bad, f"{len(bad)} of {len(cases)} differ:\n" + "\n".join(bad[:20])
    return len(cases)


@oracle
def test_make_desc_like_cute():
    assert _check(G.desc_cases(300), 300) == 300


@oracle
def test_make_desc_more_seeds_like_cute():
    assert _check(G.desc_cases(600, seed=8), 300) == 600


@oracle
def test_fragment_descriptors_like_cute():
    assert _check(G.fragment_cases(120), 40) == 120


@oracle
def test_fragment_descriptors_more_seeds_like_cute():
    assert _check(G.fragment_cases(80, seed=12), 40) == 80


# ------------------------------------------------------------------ encoding


def test_print_and_fields():
    d = D.parse_descriptor("0x4000004000010000")
    assert d.fields() == {
        "start_address": 0,
        "leading_byte_offset": 1,
        "stride_byte_offset": 64,
        "base_offset": 0,
        "layout_type": 1,
    }
    assert d.cute_print() == (
        "GmmaDescriptor: 0x4000004000010000\n  start_addr :  0x0000\n"
        "  leading_off:  0x0001 (1)\n  stride_off :  0x0040 (64)\n  base_offset:  0x0\n"
        "  layout_type:  0x1 (B128)\n"
    )
    assert D.SmemDescriptor.from_fields("gmma", **d.fields()) == d
    u = D.SmemDescriptor.from_fields(
        "umma", start_address=3, leading_byte_offset=1, stride_byte_offset=64, version=1, layout_type=2
    )
    assert u.value == 0x4000404000010003 and u.layout_type_name == "SWIZZLE_128B"


def test_iterator_adds_to_low_32_bits():
    d = D.SmemDescriptor("gmma", 0x40000040FFFFFFFF)
    assert (d + 1).value == 0x4000004000000000


@pytest.mark.parametrize(
    "layout,major,t,msg",
    [
        ("tile_to_shape(Layout_K_SW128_Atom<half_t>, (_64,_64))", "K", "half_t", "Expected K-size 2 for dense"),
        ("tile_to_shape(Layout_MN_SW128_Atom<half_t>, (_64,_24))", "MN", "half_t", "Expected K-size 256/sizeof_bits"),
        ("tile_to_shape(Layout_K_SW128_Atom<half_t>, (_64,_64))", "K", "float", "Expected a B-bit pointer type"),
        ("(_64,_16):(_16,_1)", "K", "half_t", "Not a canonical GMMA_K Layout: Expected stride failure."),
        ("(_64,_8):(_8,_1)", "K", "half_t", "Not a canonical GMMA_K Layout: Expected K-size 2"),
        ("Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", "K", "half_t", "swizzle on element offsets"),
    ],
)
def test_refusals(layout, major, t, msg):
    with pytest.raises(CuteDumpError, match=msg.replace("(", ".").replace(")", ".").replace("<", ".")):
        D.make_desc("gmma", major, D.smem_operand(evaluate(layout), t))


def test_umma_base32b_is_mn_only():
    lay = evaluate("tile_to_shape(Layout_MN_SW128_32B_Atom<half_t>, (_64,_16))")
    m = D.make_desc("umma", "MN", D.smem_operand(lay, "half_t"))
    assert m.layout_type == "SWIZZLE_128B_BASE32B"
    with pytest.raises(CuteDumpError, match="SWIZZLE_128B_BASE32B is invalid for Major-K"):
        D.make_desc("umma", "K", D.smem_operand(lay, "half_t"))


def test_fragment_example_from_the_issue():
    mma = make_tiled_mma("SM90_64x64x16_F16F16F16_SS<K,K>")
    f = D.desc_fragment(mma, 0, "A", evaluate("tile_to_shape(Layout_K_SW128_Atom<half_t>, (_64,_64,_2))"))
    assert f.cute_print() == "GMMA::DescriptorIterator o (_1,_1,_4,(_1,_2)):(_0,_0,_2,(_0,_512))"
    assert [d.hex() for d in f.descriptors][:2] == ["0x4000004000010000", "0x4000004000010002"]


# ------------------------------------------------------------------ decoding, CLI, pictures


def test_decode_round_trips_every_recorded_case():
    """decode_layout(make_desc(L)) describes a layout make_desc maps to the same descriptor (every desc case)."""
    n = 0
    for name, _body, exp in G.desc_cases(300):
        kind, major, expr = name.split(" ", 2)
        t = expr.split("<", 1)[1].split(">", 1)[0]
        m = D.make_desc(kind, major, D.smem_operand(evaluate(expr), t))
        bits = G.TYPES[t]
        L = evaluate(expr)
        mn = int(size(get(L.b, 0)))
        kb = int(size(get(L.b, 1))) * bits
        back = D.make_desc(kind, major, D.smem_operand(D.decode_layout(m.desc, major, bits, mn, kb), t))
        assert back.desc == m.desc, (name, back.desc.hex(), m.desc.hex())
        n += 1
    assert n == 300


def _cli(*args):
    from click.testing import CliRunner

    from cutedump.cli import main

    return CliRunner().invoke(main, list(args))


def test_cli_desc_text_and_json():
    r = _cli("desc", "0x4000004000010000", "--major", "K", "--type", "half_t", "--lang", "en")
    assert r.exit_code == 0, r.output
    assert "GmmaDescriptor: 0x4000004000010000\n  start_addr :  0x0000\n" in r.output
    assert "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_8,_2)):((_64,_512),(_1,_8))" in r.output
    assert "LBO = 1: ignored" in r.output
    import json

    r = _cli("desc", "0x4000004000010000", "--format", "json")
    d = json.loads(r.output)
    assert d["core_matrix_offsets"][1] == [1024, 1040] and d["descriptor"]["stride_byte_offset"] == 64
    r = _cli("desc", "0x4000004000010000", "--lang", "zh")
    assert r.exit_code == 0 and "被忽略" in r.output


@pytest.mark.parametrize(
    "args,msg",
    [
        (("desc", "0xzz"), "expected a 64-bit descriptor"),
        (("desc", "0x1ffffffffffffffff"), "does not fit"),
        (("desc", "0x4000004000010000", "--mn", "12"), "groups of 8 rows"),
        (("desc", "0xa000404000010000", "--kind", "umma"), "not a valid UMMA::SmemDescriptor layout type"),
        (("desc", "0x4E00004000010000"), "sets reserved bits (bits 57-59, mask 0x0e00000000000000) of GmmaDescriptor"),
        (("desc", "0x4000404000010000"), "sets reserved bits (bit 46, mask"),
        (("desc", "0x4000004000010000", "--kind", "umma"), "has version 0: a UMMA::SmemDescriptor"),
        (("desc", "0x4001404000010000", "--kind", "umma"), "sets reserved bits (bit 48,"),
        (("desc", "0x4000004000010000", "--picture", "svg", "--format", "json"), "choose one"),
    ],
)
def test_cli_desc_errors(args, msg):
    r = _cli(*args)
    assert r.exit_code == 2 and msg in r.output, r.output
    assert "Traceback" not in r.output


def test_cli_explain_fragment_json():
    import json

    r = _cli(
        "explain",
        "partition",
        "--mma",
        "SM90_64x64x16_F16F16F16_SS<K,K>",
        "--operand",
        "A",
        "--fragment",
        "--layout",
        "tile_to_shape(Layout_K_SW128_Atom<half_t>, (_64,_64,_2))",
        "--format",
        "json",
    )
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["result"] == "GMMA::DescriptorIterator o (_1,_1,_4,(_1,_2)):(_0,_0,_2,(_0,_512))"
    assert d["descriptors"][:3] == ["0x4000004000010000", "0x4000004000010002", "0x4000004000010004"]
    assert len(d["descriptors"]) == 8
    r = _cli(
        "explain",
        "partition",
        "--mma",
        "SM90_64x64x16_F16F16F16_SS<K,K>",
        "--operand",
        "A",
        "--fragment",
        "--layout",
        "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_64,_1),(_1,_2)):((_64,_512),(_1,_0),(_0,_4096))",
        "--format",
        "json",
        "--smem-address",
        "0x400",
    )
    d = json.loads(r.output)
    assert d["descriptors"][0] == "0x4000004000010040"


def test_cli_explain_fragment_refusals():
    r = _cli(
        "explain",
        "partition",
        "--mma",
        "SM90_64x64x16_F16F16F16_SS<K,K>",
        "--operand",
        "A",
        "--fragment",
        "--layout",
        "tile_to_shape(Layout_K_SW128_Atom<half_t>, (_64,_64))",
        "--thread",
        "0",
        "--smem-address",
        "x",
    )
    assert r.exit_code == 2 and "--smem-address" in r.output
    r = _cli(
        "explain",
        "partition",
        "--mma",
        "SM90_64x64x16_F16F16F16_SS<MN,K>",
        "--operand",
        "A",
        "--fragment",
        "--layout",
        "tile_to_shape(Layout_K_SW128_Atom<half_t>, (_64,_64))",
    )
    assert r.exit_code == 2 and "Not a canonical GMMA_MN Layout" in r.output, r.output


def test_pictures_structure():
    import xml.etree.ElementTree as ET

    from cutedump.dumps.explain_desc import decode
    from cutedump.render import coremat

    for hexv, major, t, mn in [
        ("0x4000004000010000", "K", "half_t", 64),
        ("0x0000000800000000", "MN", "float", 16),
        ("0x4000008000400040", "MN", "bfloat16_t", 128),
    ]:
        rep = decode(D.parse_descriptor(hexv), major, t, mn)
        root = ET.fromstring(coremat.svg(rep))
        ns = "{http://www.w3.org/2000/svg}"
        cores = [g for g in root.iter(ns + "g") if g.get("class") == "core"]
        assert len(cores) == len(rep.cores) * len(rep.cores[0])
        assert [int(g.get("data-offset")) for g in cores] == [v for row in rep.cores for v in row]
        arrows = {
            g.get("data-name"): int(g.get("data-bytes")) for g in root.iter(ns + "g") if g.get("class") == "arrow"
        }
        assert arrows == {n: b for n, _f, _t, b in rep.arrows}
        tex = coremat.latex(rep)
        assert tex.count("\\node[draw") == len(cores) and tex.rstrip().endswith("\\end{document}")
        assert coremat.html(rep).startswith("<!DOCTYPE html>")
    rep = decode(D.parse_descriptor("0x4000004000010000"), "K", "half_t", 64)
    assert [a[0] for a in rep.arrows] == ["SBO"] and rep.lbo_ignored  # swizzled K-major: no LBO arrow


def test_explain_json_equals_the_oracle_fragments():
    """`explain partition --fragment --format json` gives, for every recorded fragment case, the fragment print and
    the descriptors real CuTe printed (the oracle's expected texts are checked against CuTe above)."""
    import json

    n = 0
    for name, body, exp in G.fragment_cases(120)[:40]:
        atom, rest = name.split(" (", 1)
        al, rest = rest.split(") t", 1)
        tid, op, expr_addr = rest.split(" ", 2)
        expr, addr = expr_addr.rsplit(" @", 1)
        al = tuple(int(x) for x in al.split(","))
        args = [
            "explain",
            "partition",
            "--mma",
            atom,
            "--atom-layout",
            f"(_{al[0]},_{al[1]},_1)",
            "--operand",
            op,
            "--fragment",
            "--layout",
            expr,
            "--thread",
            tid,
            "--format",
            "json",
        ]
        if addr != "None":
            args += ["--smem-address", addr]
        r = _cli(*args)
        assert r.exit_code == 0, (name, r.output)
        d = json.loads(r.output)
        lines = exp.splitlines()
        assert d["result"] == lines[0], name
        assert [x[2:] for x in d["descriptors"]] == lines[1:], name
        n += 1
    assert n == 40
