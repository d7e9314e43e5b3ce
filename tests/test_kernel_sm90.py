"""`cutedump kernel wgmma_sm90_<tn|nt>`: the Hopper tutorial (CUTLASS 4.2 examples/cute/tutorial/hopper/
wgmma_sm90.cu) prints what real CuTe prints for the same objects (tests/kernel_cpp_sm90.py builds them with CuTe),
its GMMA descriptors are CuTe's ``tCrA(0)``/``tCrB(0)``, and the bank audit of the cp.async stores into the
128B-swizzled tiles is conflict-free.

Real CuTe's program also prints host-side noise and two descriptor lines that ``--no-readings`` does not print:
``ERROR: cast_smem_ptr_to_uint not supported but used.`` (CuTe's CUTE_INVALID_CONTROL_PATH on the host, from
make_gmma_desc and as_position_independent_swizzle_tensor's debug assert, before any of the dump) and
``tCrA(0): 0x...`` / ``tCrB(0): 0x...`` (the k-block-0 descriptors, which cutedump reports in its readings and
JSON): :func:`tests.kernel_oracle.split_cute` separates them.
"""

from __future__ import annotations

import json

import pytest

from tests import kernel_cpp_sm90 as CPP
from tests import kernel_oracle as K
from tests.kernel_oracle import run
from tests.oracle.cute import run_cases

# (variant, (bM,bN,bK,bP), (M,N,K), thread): tiles the GMMA atoms (K: 8x64, MN: 64x8 halfs), the copies
# (TN: 16x64, NT: 128x8) and the 64x64x16 wgmma divide
CONFIGS = [
    ("tn", (128, 128, 64, 3), (512, 256, 128), 5),
    ("tn", (128, 128, 64, 3), (128, 128, 64), 0),
    ("tn", (64, 128, 64, 2), (200, 96, 130), 127),
    ("tn", (192, 64, 128, 4), (1000, 999, 77), 64),
    ("tn", (128, 256, 64, 1), (333, 500, 64), 100),
    ("nt", (128, 128, 64, 3), (512, 256, 128), 5),
    ("nt", (128, 128, 64, 3), (128, 128, 64), 0),
    ("nt", (256, 128, 16, 2), (1000, 300, 40), 99),
    ("nt", (128, 256, 32, 3), (65, 33, 17), 127),
    ("nt", (128, 128, 128, 2), (4096, 4096, 4096), 31),
]


def _generated(seed: int = 90, n: int = 14) -> list:
    """Seeded configs over every tile the tutorial's host code accepts (GMMA atom, copy tiler and wgmma divide)."""
    import random

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
            tile = (rnd.choice([128, 256]), rnd.choice([128, 256]), rnd.choice([16, 32, 64, 128]), rnd.randint(1, 4))
        mnk = tuple(rnd.choice([rnd.randint(1, 64), rnd.randint(65, 3000)]) for _ in range(3))
        out.append((variant, tile, mnk, rnd.randint(0, 127)))
    return out


CONFIGS += _generated()


@pytest.fixture(scope="module")
def cute():
    """Real CuTe's answers: one program for every config."""
    return [K.split_cute(t) for t in run_cases([CPP.case(*c) for c in CONFIGS], prelude=CPP.PRELUDE)]


def kernel_args(variant, tile, mnk, thread):
    return K.kernel_args(
        f"wgmma_sm90_{variant}",
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


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_wgmma_sm90_equals_real_cute(cute, i):
    code, out, err = run(*kernel_args(*CONFIGS[i]), "--no-readings")
    assert code == 0, err
    assert out == cute[i][0]


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_descriptors_are_cutes(cute, i):
    """The k-block-0 descriptors (JSON and readings) are CuTe's tCrA(0) / tCrB(0)."""
    code, out, err = run(*kernel_args(*CONFIGS[i]), "--format", "json", "--lang", "en")
    assert code == 0, err
    d = json.loads(out)
    got = {x["name"]: x["k_block_0"]["value"] for x in d["descriptors"]}
    assert got == cute[i][1]["descs"]
    code, en, err = run(*kernel_args(*CONFIGS[i]), "--lang", "en")
    assert code == 0, err
    for name, hx in cute[i][1]["descs"].items():
        assert f"k-block 0: {name}(0) = {hx} (" in en
        assert f"{name}(0) = {hx}: " in en.split("wgmma descriptor audit", 1)[1]


def test_readings_only_add_lines(cute):
    code, en, err = run(*kernel_args(*CONFIGS[0]), "--lang", "en")
    assert code == 0, err
    head = en.split("\n\nbank audit (", 1)[0]
    assert "\n".join(ln for ln in head.splitlines() if not ln.startswith("  # ")) + "\n" == cute[0][0]


@pytest.mark.parametrize("variant", ["tn", "nt"])
def test_bank_audit_of_the_swizzled_stores(variant):
    """cp.async 16-byte stores into the 128B-swizzled GMMA tiles: conflict-free; the descriptors' layout type is
    the tiles' swizzle."""
    code, out, err = run("kernel", f"wgmma_sm90_{variant}", "--format", "json", "--lang", "en")
    assert code == 0, err
    d = json.loads(out)
    bank = d["bank"]
    assert [(b["copy"], b["tensor"], b["direction"]) for b in bank] == [
        ("copyA", "sA", "store"),
        ("copyB", "sB", "store"),
    ]
    for b in bank:
        assert b["inst"] == "st.shared.b128" and b["all_warps"]["conflicts"] == 0
        assert b["vector"]["max_vector_bits"] == 128
    for x in d["descriptors"]:
        assert x["smem_swizzle"] == "Sw<3,4,3>" and x["k_block_0"]["layout_type_name"] == "B128"
        assert x["major"] == ("K" if variant == "tn" else "MN")
    code, zh, err = run("kernel", f"wgmma_sm90_{variant}")
    assert code == 0 and "wgmma 描述符审计" in zh and "一致" in zh


def test_smem_flag_tensor_rules():
    """A GMMA smem_ptr layout needs an smem tensor; a descriptor fragment needs the GMMA smem tensor."""
    from cutedump.errors import CuteDumpError
    from cutedump.kernel.model import evaluate_description

    base = {
        "params": {"bM": "_128"},
        "objects": [
            {"name": "L", "kind": "value", "expr": "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (bM,_64))"},
            {"name": "mma", "kind": "tiled_mma", "atom": "SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>"},
        ],
    }
    with pytest.raises(CuteDumpError, match="Expected smem"):
        evaluate_description(dict(base, thread=[{"name": "g", "kind": "tensor", "memory": "gmem", "layout": "L"}]))
    with pytest.raises(CuteDumpError, match="descriptor tensor"):
        evaluate_description(
            dict(
                base,
                thread=[
                    {"name": "p", "kind": "tensor", "memory": "smem", "layout": "(_128,_64):(_64,_1)"},
                    {"name": "f", "kind": "partition", "op": "partition_fragment_A", "of": "mma", "tensor": "p"},
                ],
            )
        )
    with pytest.raises(CuteDumpError, match="Expected smem tensor"):
        evaluate_description(
            dict(
                base,
                thread=[
                    {"name": "g", "kind": "tensor", "memory": "gmem", "layout": "(_128,_64):(_64,_1)"},
                    {
                        "name": "f",
                        "kind": "partition",
                        "op": "partition_A",
                        "of": "mma",
                        "tensor": "as_position_independent_swizzle_tensor(g)",
                    },
                ],
            )
        )
    d = evaluate_description(
        dict(
            base,
            thread=[
                {"name": "s", "kind": "tensor", "memory": "smem", "layout": "L"},
                {"name": "f", "kind": "partition", "op": "partition_fragment_A", "of": "mma", "tensor": "s"},
            ],
        )
    )
    assert str(d.item("s").value) == "((_8,_16),(_64,_1)):((_64,_512),(_1,_0))"
    assert d.item("f").info["desc"].descriptors[0].hex() == "0x4000004000010000"


@pytest.fixture(scope="module")
def cute_latex():
    """Real CuTe's print_latex of the objects --dump-latex draws, for both host paths."""
    keys = [(v, w) for v in ("tn", "nt") for w in CPP.LATEX_NAMES]
    return dict(zip(keys, run_cases([CPP.latex_case(v, w) for v, w in keys], prelude=CPP.PRELUDE)))


@pytest.mark.parametrize("variant", ["tn", "nt"])
def test_dump_latex_equals_print_latex(cute_latex, tmp_path, variant):
    code, out, err = run("kernel", f"wgmma_sm90_{variant}", "--dump-latex", "--outdir", str(tmp_path), "--no-readings")
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{w}.tex" for w in CPP.LATEX_NAMES)
    for w in CPP.LATEX_NAMES:
        assert (tmp_path / f"{w}.tex").read_text(encoding="utf-8") == cute_latex[(variant, w)], w


def test_the_bank_audit_sees_the_pointer_swizzle(tmp_path):
    """The swizzle CuTe moves into the pointer reaches the bank audit: the same K-major cp.async stores conflict
    over the unswizzled GMMA INTERLEAVE atom (8 threads of a row 2048 bytes apart) and not over SW128."""
    from cutedump.kernel.load import EXAMPLES

    text = (EXAMPLES / "wgmma_sm90_tn.toml").read_text(encoding="utf-8")
    inter = tmp_path / "inter.toml"
    inter.write_text(text.replace("Layout_K_SW128_Atom", "Layout_K_INTER_Atom"), encoding="utf-8")
    got = {}
    for name in ("wgmma_sm90_tn", str(inter)):
        code, out, err = run("kernel", name, "--format", "json", "--lang", "en")
        assert code == 0, err
        d = json.loads(out)
        got[name] = (
            [b["all_warps"]["conflicts"] for b in d["bank"]],
            [x["k_block_0"]["layout_type_name"] for x in d["descriptors"]],
        )
    assert got["wgmma_sm90_tn"] == ([0, 0], ["B128", "B128"])
    assert got[str(inter)][0][0] > 0 and got[str(inter)][1] == ["INTERLEAVE", "INTERLEAVE"]
