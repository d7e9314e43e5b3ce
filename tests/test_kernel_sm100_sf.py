"""`cutedump kernel sm100_72a_nvfp4_sf`: the scale-factor tensors of CUTLASS 4.2's NVFP4 GEMM example 72a print what
real CuTe prints for the same construction (tests/kernel_cpp_sm100_sf.py, host only: the example's host code and its
mainloop collective's SF layouts, tiles and partitions), and the description builds what CUTLASS's own
CollectiveBuilder builds (its TiledMma and TiledMMA_SF atoms, its stage count, its SmemLayoutSFA/SFB).

Compile time (2-core machine): the direct program (9 configurations) about 25 s, the builder program about 20 s;
recorded answers are read back in well under a second.
"""

from __future__ import annotations

import json
import re

import pytest

from cutedump.kernel.load import example, read_description
from tests import kernel_cpp_sm100_sf as CPP
from tests import kernel_oracle as K
from tests.kernel_oracle import run
from tests.oracle.cute import run_cases

KERNEL = "sm100_72a_nvfp4_sf"

# (VS, (MmaM, MmaN) of the 2-SM MXF4 UMMA = MmaTileShape M, N; MmaTileShape K; Stages; (Gemm_M, Gemm_N, Gemm_K))
CONFIGS = [
    (16, (256, 256), 256, 3, (1024, 1024, 1024)),  # 72a's main() (the builder's 3 stages)
    (16, (256, 192), 256, 5, (1024, 768, 2048)),  # N 192: SFB's tile rounds up to 256 rows
    (16, (256, 64), 512, 4, (512, 128, 4096)),  # N 64: the SF atom's N 128
    (16, (256, 128), 256, 4, (1000, 700, 3000)),  # extents that are not multiples of 128 nor of 4*VS
    (16, (256, 16), 256, 6, (512, 64, 256)),
    (16, (256, 80), 768, 2, (300, 77, 1000)),
    (16, (256, 240), 1024, 1, (2048, 480, 8192)),
    (16, (256, 32), 512, 7, (128, 384, 640)),
    # (M 128 over two CTAs, 64 rows each: the SF TMA of such a tile does not compile in CuTe 4.2 -- its SFA smem
    # stage has size 0 -- and the description refuses it: tests/test_kernel_sm100_sf_tma.py)
]

# the builder's answer for 72a's configuration and two others (an explicit 2-SM NVF4 schedule): (MmaM, MmaN), K
BUILDER = [
    ((256, 256), 256, "KernelScheduleAuto"),
    ((256, 192), 256, "KernelTmaWarpSpecialized2SmNvf4Sm100"),
    ((256, 64), 512, "KernelTmaWarpSpecialized2SmNvf4Sm100"),
]


def sets(vs, mma_mn, tile_k, stages, mnk) -> dict:
    mm, mn = mma_mn
    return {
        "Gemm_M": mnk[0],
        "Gemm_N": mnk[1],
        "Gemm_K": mnk[2],
        "VS": vs,
        "MmaM": mm,
        "MmaN": mn,
        "TileK": f"_{tile_k}",
        "Stages": f"_{stages}",
        # TiledMma::MMA_ScaleFactor of the 2x1SM atom: M (M/2 > 64 ? M/2 : M), N round_up(N, 128)
        "MmaM_SF": mm // 2 if mm // 2 > 64 else mm,
        "MmaN_SF": -(-mn // 128) * 128,
    }


@pytest.fixture(scope="module")
def cute():
    return [
        K.split_cute(t)[0]
        for t in run_cases([CPP.case_direct(*c) for c in CONFIGS], prelude=CPP.PRELUDE, extra_flags=CPP.FLAGS)
    ]


@pytest.fixture(scope="module")
def builder():
    outs = run_cases(
        [CPP.case_builder(*b) for b in BUILDER], prelude=CPP.builder_prelude(), extra_flags=CPP.builder_flags()
    )
    return [CPP.parse_builder(o) for o in outs]


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_sf_dump_equals_real_cute(cute, i):
    code, out, err = run(*K.kernel_args(KERNEL, sets(*CONFIGS[i]), 0), "--no-readings")
    assert code == 0, err
    assert out == cute[i]


def _line(text, name):
    return next(ln.split(": ", 1)[1] for ln in text.splitlines() if ln.startswith(name + ": "))


def _bare(cpp_type: str) -> str:
    t = cpp_type.replace("cute::", "").replace("cutlass::", "")
    return t.replace(", UMMA::ScaleIn::One, UMMA::ScaleIn::One>", ">").replace(" ", "")


@pytest.mark.parametrize("j", range(len(BUILDER)))
def test_description_builds_what_the_collective_builder_builds(builder, j):
    """The builder's stage count, atoms and SmemLayoutSFA/SFB are the description's (with Stages set to the
    builder's)."""
    (mm, mn), tk, _ = BUILDER[j]
    b = builder[j]
    cfg = (16, (mm, mn), tk, int(b["Stages"]), (1024, 1024, 1024))
    s = sets(*cfg)
    code, out, err = run(*K.kernel_args(KERNEL, s, 0), "--no-readings")
    assert code == 0, err
    assert _line(out, "SmemLayoutSFA") == b["SmemLayoutSFA"]
    assert _line(out, "SmemLayoutSFB") == b["SmemLayoutSFB"]
    objects = read_description(example(KERNEL))[0]["objects"]  # as shipped (the installed package's file)
    atoms = {o["name"]: o["atom"] for o in objects if o.get("kind") == "tiled_mma"}
    for name, key in (("tiled_mma", "atom"), ("tiled_mma_sf", "atom_sf")):
        want = re.sub(r"\b(MmaM_SF|MmaN_SF|MmaM|MmaN|VS)\b", lambda m: str(s[m.group(1)]), atoms[name])
        assert _bare(b[key]) == want.replace(" ", ""), name


def test_vs32_with_ue4m3_scale_factors_is_refused_like_cute():
    """VS 32 with float_ue4m3_t scale factors: CuTe 4.2's SM100_MMA_MXF4_SS traits static_assert (seen compiling
    sf72<32,...>: "2x mode (VectorSize=32) only supports ... sf_type=ue8m0_t", on TiledMMA_SF's 1-SM atom)."""
    code, out, err = run(*K.kernel_args(KERNEL, {"VS": 32}, 0))
    assert code == 2 and out == ""
    assert "tiled_mma_sf" in err and "2x mode (VectorSize=32) only supports" in err and "sf_type=ue8m0_t" in err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_scale_layout_readings_read_against_json():
    """Each scale_layout reading names the call (which `cutedump eval` answers with the entry's value) and the scale
    factors / size / cosize of the JSON value."""
    code, out, err = run("kernel", KERNEL, "--format", "json", "--lang", "en")
    assert code == 0, err
    d = json.loads(out)
    rows = [o for o in d["objects"] if o["kind"] == "scale_layout"]
    assert [o["name"] for o in rows] == ["layout_SFA", "layout_SFB", "SmemLayoutAtomSFA", "SmemLayoutAtomSFB"]
    for o in rows:
        m = re.search(
            r": (\S.*\)); (\d+) scale factors? \(size (\d+) counts the elements they scale\), cosize (\d+)$",
            o["reading"],
        )
        assert m, o["reading"]
        code, val, err = run("eval", m.group(1))
        assert code == 0, err
        assert val.strip() == o["value"]
        for q, want in (
            ("size(filter_zeros(L))", m.group(2)),
            ("size(L)", m.group(3)),
            ("cosize(filter_zeros(L))", m.group(4)),
        ):
            code, got, err = run("eval", q.replace("L", o["value"]))
            assert code == 0, err
            assert got.strip().lstrip("_") == want


@pytest.mark.parametrize(
    "key, value, words",
    [
        ("fn", "deduce_smem_layoutSFC", "fn = 'deduce_smem_layoutSFC': one of tile_atom_to_shape_SFA/B"),
        ("mma", "TileShape", "mma = 'TileShape' is not a tiled_mma entry"),
        ("config", "cutlass::detail::Sm1xxBlockScaledConfig<VS,VS>", "takes one template argument"),
    ],
)
def test_scale_layout_entry_errors(tmp_path, key, value, words):
    """A scale_layout entry the config cannot answer: one error line naming the entry and the key."""
    with open(example(KERNEL), encoding="utf-8") as f:
        text = f.read()
    old = {
        "fn": 'fn = "deduce_smem_layoutSFA"',
        "mma": 'mma = "tiled_mma"',
        "config": 'config = "cutlass::detail::Sm1xxBlockScaledConfig<VS>"',
    }[key]
    assert old in text
    p = tmp_path / "k.toml"
    p.write_text(text.replace(old, f'{key} = "{value}"', 1), encoding="utf-8")
    code, out, err = run("kernel", str(p))
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1
    assert words in err, err


def test_scale_layout_takes_every_config_function(tmp_path):
    """The kind's other functions (a blockwise config's smem_atom_layoutSFB, deduce_layoutSFA, an SM103 config's
    tile_atom_to_shape_SFB) answer what `cutedump eval` answers for the call the reading names (the eval language's
    rows are checked against CUTLASS 4.2 in tests/test_scale_layouts.py)."""
    p = tmp_path / "k.toml"
    p.write_text(
        """[kernel]
name = "sf"
threads = 1
[params]
M = "300"
[[objects]]
name = "bw_sfb"
kind = "scale_layout"
config = "cutlass::detail::Sm1xxBlockwiseScaleConfig<1,128,128,UMMA::Major::K,UMMA::Major::MN>"
fn = "smem_atom_layoutSFB"
tile = "make_shape(_128,_256,_128)"
[[objects]]
name = "bw_deduce"
kind = "scale_layout"
config = "cutlass::detail::Sm100BlockwiseScaleConfig<1,128,128>"
fn = "deduce_layoutSFA"
[[objects]]
name = "sm103_sfb"
kind = "scale_layout"
config = "cutlass::detail::Sm103BlockScaledConfig<16>"
fn = "tile_atom_to_shape_SFB"
shape = "make_shape(M, 1000, 4096, 2)"
""",
        encoding="utf-8",
    )
    code, out, err = run("kernel", str(p), "--format", "json", "--lang", "en")
    assert code == 0, err
    rows = json.loads(out)["objects"]
    assert [o["name"] for o in rows] == ["bw_sfb", "bw_deduce", "sm103_sfb"]
    for o in rows:
        call = re.search(r": (\S.*\)); \d+ scale factor", o["reading"]).group(1)
        code, val, err = run("eval", call)
        assert code == 0, err
        assert val.strip() == o["value"]
