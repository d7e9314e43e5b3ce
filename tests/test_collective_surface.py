"""What a new user of ``cutedump collective`` tripped on (issue 42): the cluster's size, the warnings for what the
builder accepts and a kernel refuses or cannot launch, the spellings copied out of kernels, schedules CUTLASS names
and cutedump does not model, the SM100 schedule Auto resolves to."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cutedump.collective import cutlass_schedules as S
from tests.oracle.cute import include_dirs

BASE = ["--a", "half_t", "--b", "half_t", "--d", "half_t", "--tile", "128,128,64"]


def _run(*args):
    return subprocess.run([sys.executable, "-m", "cutedump", "collective", *args], capture_output=True, text=True)


def _one_error(r, *words):
    assert r.returncode == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1 and r.stderr.startswith("error: ")
    for w in words:
        assert w in r.stderr, r.stderr


def _warnings(r) -> list[str]:
    return [ln for ln in r.stderr.splitlines() if ln.startswith("warning: ")]


@pytest.mark.parametrize("cluster,ctas", [("8,4,1", 32), ("4,8", 32), ("2,2,8", 32), ("16,2,1", 32)])
def test_a_cluster_of_more_than_16_ctas_is_refused_whatever_its_modes(cluster, ctas):
    _one_error(_run(*BASE, "--cluster", cluster), f"'{cluster}' is {ctas} CTAs", "at most 16 CTAs")


def test_a_non_portable_cluster_is_answered_with_one_warning():
    r = _run(*BASE, "--cluster", "4,4,1")
    assert r.returncode == 0 and len(_warnings(r)) == 1 and "16 CTAs" in _warnings(r)[0]
    assert "portable cluster size 8" in _warnings(r)[0]
    assert _warnings(_run(*BASE, "--cluster", "2,4,1")) == []


def test_stages_past_the_shared_memory_capacity_warn():
    r = _run(*BASE, "--stages", "40", "--format", "json")
    j = json.loads(r.stdout)
    [w] = _warnings(r)
    main, epi = j["mainloop"]["shared_storage_bytes"], j["epilogue"]["shared_storage_bytes"]
    assert main + epi > 232448 and f"({main} bytes, 40 stages)" in w and f"({epi} bytes)" in w and "232448" in w
    assert _warnings(_run(*BASE, "--stages", "4")) == []


def test_cooperative_tile_m_below_128_warns_with_the_kernels_static_assert():
    r = _run(*BASE[:-1], "64,128,64", "--schedule", "KernelTmaWarpSpecializedCooperative")
    assert r.returncode == 0
    [w] = _warnings(r)
    assert "Cooperative kernel requires Tile Size to be greater than or equal to 128 along the M-dimension." in w
    if include_dirs():  # CUTLASS's own text, where its headers are installed
        hpp = Path(include_dirs()[0]) / "cutlass/gemm/kernel/sm90_gemm_tma_warpspecialized_cooperative.hpp"
        assert "Cooperative kernel requires Tile Size to be greater than or equal to 128" in hpp.read_text()
    assert _warnings(_run(*BASE, "--schedule", "KernelTmaWarpSpecializedCooperative")) == []


@pytest.mark.parametrize(
    "a,tile",
    [
        ("cutlass::half_t:cutlass::layout::RowMajor", "128,128,64"),
        ("cutlass.Float16:K", "(_128,_128,_64)"),
        ("half_t:RowMajor", "Shape<_128,_128,_64>"),
        ("cute::half_t", "cute::Shape<_128,_128,_64>{}"),
        ("fp16:RowMajor", "128,128,64"),
    ],
)
def test_spellings_copied_out_of_kernels(a, tile):
    want = _run(*BASE)
    got = _run("--a", a, "--b", "half_t", "--d", "half_t", "--tile", tile)
    assert got.returncode == 0 and got.stdout == want.stdout


def test_unknown_element_names_what_was_read_and_every_spelling():
    _one_error(_run("--a", "cutlass.Float17", *BASE[2:]), "'cutlass.Float17'", "cutlass.Float16", "half_t", "fp16")


def test_a_cutlass_schedule_not_modelled_is_said_so():
    _one_error(_run(*BASE, "--schedule", "KernelTma"), "'KernelTma' is a CUTLASS 4.2 schedule", "does not model")
    _one_error(_run(*BASE, "--schedule", "KernelFoo"), "'KernelFoo' is not a schedule of CUTLASS 4.2")


def test_the_schedule_table_is_cutlass_s():
    if not include_dirs():
        pytest.skip("CUTLASS's headers are not installed")
    hpp = (Path(include_dirs()[0]) / "cutlass/gemm/dispatch_policy.hpp").read_text()
    declared = set(re.findall(r"^struct (Kernel[A-Za-z0-9]+)", hpp, re.M))
    assert declared == set(S.KERNEL_SCHEDULES)


def test_sm100_auto_names_the_schedule_it_resolved():
    args = ["--arch", "sm100", *BASE[:-1], "256,128,64", "--cluster", "2,1,1"]
    text, j = _run(*args).stdout, json.loads(_run(*args, "--format", "json").stdout)
    b = j["builder"]
    assert b == {
        "schedule_given": "KernelScheduleAuto",
        "schedule": "KernelTmaWarpSpecialized2SmSm100",
        "scheduler_pipeline_stages": 2,
        "accumulator_pipeline_stages": b["accumulator_pipeline_stages"],
    }
    assert (
        f"KernelTmaWarpSpecializedSm100<2, {b['accumulator_pipeline_stages']}>  "
        "(CollectiveBuilder's KernelScheduleAuto -> KernelTmaWarpSpecialized2SmSm100)" in text
    )


def test_no_word_points_at_a_line_the_answer_does_not_print():
    r = _run(*BASE[:4], "--c", "float", "--d", "float", "--tile", "128,128,64", "--schedule",
             "KernelTmaWarpSpecializedCooperative", "--epilogue-schedule", "TmaWarpSpecializedCooperative")  # fmt: skip
    assert "not modelled (AutoVectorizingCopyWithAssumedAlignment<128>" in r.stdout
    assert "(see the 'vector' line)" not in r.stdout and "'vector' line of `cutedump bank`" in r.stdout
