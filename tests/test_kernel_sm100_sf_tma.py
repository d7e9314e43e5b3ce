"""The scale-factor TMA atoms and TMEM fragments of the block-scaled GEMM description (cutedump/kernel/examples/
sm100_72a_nvfp4_sf.toml): CUTLASS 4.2's block-scaled mainloop (sm100_blockscaled_mma_warpspecialized.hpp) loads its
8-bit scale factors with ``make_tma_atom_A/B_sm100<uint16_t>`` (SFB through TiledMMA_SF over its own cluster layout)
and keeps them in TMEM as ``make_tensor<TiledMma::FrgTypeSFA/SFB>(shape(SmemLayoutAtomSFA/SFB))``. Real CuTe, compiled
host-only (tests/kernel_cpp_sm100_sf.py, its cuTensorMapEncodeTiled printing every argument), checks the whole
``--no-readings`` dump, the tensor maps (JSON ``tma_atoms`` and the readings' words) and the TMA coordinate tensors,
on seeded configurations (``CUTEDUMP_SF_TMA_SEED`` draws fresh ones: record them with
``python -m tests.oracle.record tests/test_kernel_sm100_sf_tma.py``).

Compile time (2-core machine): about 40 s for the batch; read back from its record in well under a second.
"""

from __future__ import annotations

import json
import os
import random
import re

import pytest

from tests import kernel_cpp_sm100_sf as CPP
from tests import kernel_oracle as K
from tests.kernel_oracle import run
from tests.oracle.cute import run_cases
from tests.test_kernel_sm100_sf import KERNEL, sets

SEED = int(os.environ.get("CUTEDUMP_SF_TMA_SEED", "4302"))


def draw(seed: int, n: int = 8) -> list[tuple]:
    """(VS, (MmaM, MmaN), TileK, Stages, (M, N, K), (ClusterM, ClusterN)) of the 2-SM NVF4 UMMA (the collective's
    CTA N is one of 64/128/192/256; a 2-SM atom needs an even ClusterM), problems that are and are not multiples of
    128 and of 4*VS."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        mm = 256  # MmaTileShape M 128 on the 2-SM atom: refused (test_two_sm_m128_sf_tma_is_refused)
        mn = rng.choice([64, 128, 192, 256])
        cm = rng.choice([2, 2, 4])
        cn = rng.choice([c for c in (1, 2, 4) if cm * c <= 16])
        mnk = tuple(rng.choice([rng.randrange(1, 9) * 128, rng.randrange(1, 3000)]) for _ in range(3))
        out.append((16, (mm, mn), rng.choice([256, 512]), rng.randrange(1, 7), mnk, (cm, cn)))
    return out


CONFIGS = [(16, (256, 256), 256, 3, (1024, 1024, 1024), (2, 4))] + draw(SEED)


def _sets(cfg) -> dict:
    d = sets(*cfg[:5])
    d["ClusterM"], d["ClusterN"] = f"_{cfg[5][0]}", f"_{cfg[5][1]}"
    return d


@pytest.fixture(scope="module")
def cute():
    outs = run_cases([CPP.case_direct(*c) for c in CONFIGS], prelude=CPP.PRELUDE, extra_flags=CPP.FLAGS)
    return [K.split_cute(t) for t in outs]


def _tm_line(d: dict) -> str:
    """A tensor_map dict (our JSON) as the oracle's cuTensorMapEncodeTiled prints it."""
    j = lambda v: ",".join(str(x) for x in v)  # noqa: E731
    return (
        f"{d['data_type']} rank={d['rank']} global_dim={j(d['global_dim'])} "
        f"global_strides={j(d['global_strides'])} box_dim={j(d['box_dim'])} "
        f"element_strides={j(d['element_strides'])} {d['interleave']} {d['swizzle']} {d['l2_promotion']} "
        f"{d['oob_fill']}"
    )


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_sf_tma_dump_equals_real_cute(cute, i):
    """The whole dump (SF TMA atoms, their TMA coordinate tensors with CuTe's _1/_2@0, the TMEM fragments) is
    real CuTe's print, and no CuTe assert fired."""
    text, extra = cute[i]
    assert extra["assert"] is None
    code, out, err = run(*K.kernel_args(KERNEL, _sets(CONFIGS[i]), 0), "--no-readings")
    assert code == 0, err
    assert out == text


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_sf_tensor_maps_are_cutes_and_the_words_say_them(cute, i):
    """JSON tma_atoms' cuTensorMapEncodeTiled arguments are the ones CuTe passes (SFA's, then SFB's); each atom's
    reading states the same numbers and the uint16_t recast."""
    _text, extra = cute[i]
    code, out, err = run(*K.kernel_args(KERNEL, _sets(CONFIGS[i]), 0), "--format", "json", "--lang", "en")
    assert code == 0, err
    d = json.loads(out)
    atoms = d["tma_atoms"]
    assert [a["name"] for a in atoms] == ["tma_load_sfa", "tma_load_sfb"]
    assert [_tm_line(a["tensor_map"]) for a in atoms] == extra["tensor_map"]
    readings = {o["name"]: o["reading"] for o in d["objects"] if o["kind"] == "tma_atom"}
    tensors = {o["name"]: o["value"] for o in d["tensors"]}
    for a in atoms:
        tm, words = a["tensor_map"], readings[a["name"]]
        assert a["tma_type"] == "uint16_t" and tm["data_type"] == "CU_TENSOR_MAP_DATA_TYPE_UINT16"
        assert f"globalDim {{{','.join(map(str, tm['global_dim']))}}}" in words
        assert f"globalStrides {{{','.join(map(str, tm['global_strides']))}}} bytes" in words
        assert f"boxDim {{{','.join(map(str, tm['box_dim']))}}}" in words
        assert f"{{{','.join(map(str, a['box_dim_before_multicast']))}}} = {a['elements_per_tma']} " in words
        assert f"as {a['tma_type']} (16-bit TMA elements" in words
        assert tensors["mSFA_tma" if a["name"] == "tma_load_sfa" else "mSFB_tma"] == a["tma_tensor"]


def test_sf_fragment_words_read_against_json():
    """The sf_fragment readings name the operand, the layout and the TMEM columns the JSON value spans."""
    code, out, err = run("kernel", KERNEL, "--format", "json", "--lang", "en")
    assert code == 0, err
    rows = [o for o in json.loads(out)["tensors"] if o["name"] in ("tCtSFA", "tCtSFB")]
    assert len(rows) == 2
    for o in rows:
        m = re.search(r"operand ([AB]) .*shape\((\w+)\)\): lanes ([0-9.]+), (\d+) 32-bit columns$", o["reading"])
        assert m, o["reading"]
        assert o["name"].endswith("SF" + m.group(1)) and m.group(2) == "SmemLayoutAtomSF" + m.group(1)
        assert m.group(3) == "0..127"
        # columns: TMEM addresses are (lane << 16 | column) in 32-bit columns; an 8-bit element's offset counts
        # bytes, so lane = offset // 2**18 and column = offset % 2**18 // 4
        from cutedump.algebra import filter_zeros
        from cutedump.algebra.evaluate import values
        from cutedump.parse import parse_layout

        L = filter_zeros(parse_layout(o["value"]))  # the same offsets, without the zero-stride repeats
        cols = {int(x) % (1 << 18) // 4 for x in values(L).ravel()}
        assert max(cols) + 1 == int(m.group(4)) and len(cols) == int(m.group(4))


def test_two_sm_m128_sf_tma_is_refused():
    """MmaTileShape M 128 on the 2-SM atom: each CTA's SFA smem stage has size 0, so make_tma_atom_A_sm100's
    construct_tma_gbasis cannot match it with the 64x256 value tile (CuTe 4.2 does not compile it; seen compiling
    sf72<16,128,256,256,2,2,4>): one error line naming the SFA TMA entry."""
    s = sets(16, (128, 256), 256, 2, (256, 512, 512))
    code, out, err = run(*K.kernel_args(KERNEL, s, 0), "--no-readings")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "entry 'tma_load_sfa' (tma_atom): TMA requires CTA_Tile and SLayout top-level size equivalence" in err


SFA_TMA = """op = "SM100_TMA_2SM_LOAD_MULTICAST"
type = "float_ue4m3_t"
tma_type = "uint16_t"
gmem = "tensor_sfa"
"""


@pytest.mark.parametrize(
    "old, new, words",
    [
        (SFA_TMA, SFA_TMA.replace("uint16_t", "uint12_t"), "uint12_t"),
        (SFA_TMA, SFA_TMA.replace("uint16_t", "float_e2m1_t"), "to_CUtensorMapDataType<float_e2m1_t>"),
        (
            'operand = "A"\nmma = "tiled_mma"\nvmnk = "cluster_layout_vmnk"\n',
            "",
            "tma_type (a TmaInternalType) is taken by make_tma_atom_A/B_sm100 entries",
        ),
        ('operand = "A"\nlayout = "SmemLayoutAtomSFA"', 'operand = "C"\nlayout = "SmemLayoutAtomSFA"', "A or B"),
        (
            '[[thread]]\nname = "tCtSFA"\n',
            '[[thread]]\nname = "gSFA_tma"\nkind = "local_tile"\ntensor = "mSFA_tma"\ntiler = "TileShape"\n'
            'coord = "make_coord(_,_,_)"\nstep = "(_1,X,_1)"\n\n[[thread]]\nname = "tCtSFA"\n',
            "has the fractional stride _1/_2@0",
        ),
    ],
)
def test_sf_entries_refused_in_one_line(tmp_path, old, new, words):
    """What the SF entries cannot be: one error line naming the entry's key (no traceback)."""
    from cutedump.kernel.load import example

    with open(example(KERNEL), encoding="utf-8") as f:
        text = f.read()
    assert old in text
    p = tmp_path / "k.toml"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, out, err = run("kernel", str(p))
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1, err
    assert words in err, err
