"""CUTLASS 4.2 against 4.7: run C++ oracle test files with their batches compiled against CUTLASS v4.7.0, then
compare each batch's answer with 4.2's record and write docs/CUTLASS_VERSIONS.md.

    CUTEDUMP_CUTLASS_47_INCLUDE=/path/to/cutlass-v4.7.0/include python -m tests.oracle.cutlass_versions survey \
        tests/test_umma_oracle.py tests/test_tmem_oracle.py ...
    python -m tests.oracle.cutlass_versions report      # docs/CUTLASS_VERSIONS.md from the records
    python -m tests.oracle.cutlass_versions pending     # records/cutlass-4.7/PENDING.tsv: what is not surveyed

``survey`` runs each file with CUTEDUMP_ORACLE=record and CUTEDUMP_ORACLE_CUTLASS=4.7: every batch it compiles is
recorded under tests/oracle/records/cutlass-4.7/ (same key as 4.2's: the hash of the source), a batch 4.7 does not
compile leaves ``<key>.fail`` (its first error), and index.tsv says which test file asked it. The report counts, per
test file, the batches whose answers are byte-identical, those that differ (with the first differing line) and
those 4.7 does not compile (with the error).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path

from tests.oracle import records as R

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "CUTLASS_VERSIONS.md"


@contextmanager
def answering_as(version: str):
    """cutedump answers as CUTLASS ``version`` inside (the oracle's records stay the run's): a test whose
    configurations are chosen by cutedump's answers chooses them as 4.2 does, so that its batches are 4.2's
    questions under either version (their record keys pair up), then compares under the run's version."""
    old = os.environ.get("CUTEDUMP_CUTLASS")
    os.environ["CUTEDUMP_CUTLASS"] = version
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("CUTEDUMP_CUTLASS", None)
        else:
            os.environ["CUTEDUMP_CUTLASS"] = old


def survey(files: list[str]) -> None:
    env = dict(os.environ, CUTEDUMP_ORACLE="record", CUTEDUMP_ORACLE_CUTLASS="4.7", **{R.SURVEY_ENV: "1"})
    for f in files:
        print(f"cutlass 4.7: {f}", flush=True)
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f], env=env, cwd=ROOT)


#: record-key prefixes of batches that are not C++ compiled against CUTLASS (the CuTe DSL, Triton): not versioned
NOT_CPP = ("dsl", "triton")
#: batches only CUTLASS 4.7 has (its new atoms: 4.2 has none of them), with why: test file -> reason
ONLY_47_TESTS = {
    "tests/test_cutlass47_atoms.py": "4.7's new UMMA atoms and gather4 TMA (4.2 has none of them)",
    "tests/test_cutlass47_scale.py": "4.7's tile_atom_to_shape_SFA/B of a rank-3 problem shape (4.2 answers otherwise)",
    "tests/test_collective_47.py": "4.7's refusals of collectives 4.2 builds (tests/test_collective_sm120.py's edges: "
    "4.2 compiles them, its test asks no refusals)",
    "tests/test_collective_fastfp32_47.py": "the fields of the 9xBF16 collectives 4.7 builds where 4.2 refuses them "
    "(4.2 compiles none of them)",
}
PENDING = R.RECORDS / "cutlass-4.7" / "PENDING.tsv"
#: collective test files whose 4.2 tests assert what CUTLASS 4.7 answers otherwise (4.2's refusals, 4.2's policy
#: names): their batches are answered as 4.7 in tests/test_collective_47.py, not by running the file under 4.7
COMPARED_IN_47 = {
    "tests/test_collective.py",
    "tests/test_collective_sm120.py",
    "tests/test_collective_sm90_kinds.py",
    "tests/test_collective_47.py",
}


#: what the batches show (each checked by a test: tests/test_cutlass_versions.py, test_cutlass47_*.py, test_umma.py)
FINDINGS = (
    "**TMA (SM90 and SM100)**: every TMA case compiled as for 4.2 fails to *link* against 4.7: 4.7's "
    "`detail::make_tma_copy_desc` (cute/atom/copy_traits_sm90_tma.hpp) calls the CUDA runtime's "
    "`cudaDriverGetVersion` (to clear bit 21 of the descriptor's second word for tensors under 128 KiB on drivers up "
    "to 13.1), and a host-only program has no libcudart: `undefined reference to cudaDriverGetVersion`. The oracle "
    "links a stand-in that reports 13000 (tests/oracle/cute.py); the tensor-map arguments the oracle prints are "
    "those of `cuTensorMapEncodeTiled`, before that bit, so they are comparable: every TMA batch compiled so far is "
    "identical.",
    "**SM100_MMA_F8F6F4_SS / _2x1SM_SS**: 4.2's `MMA_Traits<SM100_MMA_F8F6F4_SS, a, b, c, C<M>, C<N>, ...>` does not "
    "compile with 4.7 (the operation is a template `SM100_MMA_F8F6F4_SS<a, b, c, M, N, a_major, b_major>`). The "
    "generators spell each version's way (the engine's `cpp` under `--cutlass`); a record's key is the question as "
    "4.2 spells it (`records.question`), so both versions' answers to one question pair up: identical. cutedump "
    "refuses each version's spelling under the other in one line.",
    "**SM80_16x8x32_{S,U}4{S,U}4S32_TN[_SATURATE]**: LayoutB_TV's thread stride is 64 in 4.7 (4.2: 32); "
    "`versions.CUTLASS_FACTS`.",
    "**Sm1xx/Sm103BlockScaledConfig::tile_atom_to_shape_SFA/SFB** (cutlass/detail/sm10x_blockscaled_layout.hpp): "
    "4.7 tiles a rank-3 problem shape over (M|N, K) with no L mode (4.2 appends a dynamic L = 1), so a static "
    "(M|N, K) the chunk does not divide is tile_to_shape's static_assert (one case of the 360 of a 4.2 batch: the "
    "batch does not compile, below); other ranks than 3 and 4 do not compile (a rank-5 shape: both refuse, with "
    "different errors). tests/test_cutlass47_scale.py: the 360 cases drawn by the 4.7 engine equal CUTLASS 4.7.",
    "**CollectiveBuilders** (tests/test_collective*.py; compared in tests/test_collective_47.py, every refusal and "
    "field of the recorded batches answered by `--cutlass 4.7`): SM100's mainloop dispatch policies gain a last "
    "template argument `cutlass::arch::Sm100` (their ArchTag; SM103's block-scaled ones `cutlass::arch::Sm103`); "
    "4.7 slices `Swizzle o smem_ptr_flag o Layout` at stage "
    "0 inside the swizzle (cute/pointer_flagged.hpp), so 4.2's `Shape/Stride Divisibility Condition` of the "
    "collectives' TMA Params compile; SM100 EpilogueTileAuto takes CtaN where its N does not divide CtaN (4.2's "
    "`Divisibility Condition`; the mainloop's own checks, e.g. `Invalid TileShape_N.`, come next), with a new "
    "static_assert for 2SM 16-bit epilogues of CtaN > 128 not a multiple of 64; SM90's RS builder takes "
    "`StageCount<N>` (4.2: `'bytes' is not a member`); SM90's FP8 blockwise collective asserts TileShape M / 128 "
    "is 1 or 2; SM120's EpilogueTileAuto is (M, min(N, 32)), M = 128 for N < 16; SM120's block-scaled builder "
    "takes tile N from 8 and stages SFB over max(N, 128) rows (its SmemLayoutSFB logical_divide'd by (N, K), a "
    "decltype instantiated for every N: a tile K < 4 x SFVecSize, which 4.2 builds, does not compile, `'value' is not "
    "a member of 'bool'`); the block-scaled builders (SM100, SM120) count a stage's pipeline as 128 bytes (4.2: "
    "16) and SM120's capacity 96 bytes less (its scheduler's pipeline and CLC responses; a grouped GEMM's 432: its "
    "scheduler pipeline, two TMA descriptors and its TensorMapReady pipeline); SM120's block-scaled tile N 8 and 16 "
    "(PermTileN (_8):(_1) and (_8,_2):(_1,_8), Cooperative warps (_8,_1,_1) below N 16, no Pingpong builder below "
    "N 16, any other N below 32 `TileShape_N must be at least 8 for SM120 blockscaled.`; tests/test_collective_47.py's "
    "18 configurations: every refusal and field as 4.7's); SM120's generic ptr-array schedules take 6/8-bit A and B "
    "(4.2: `Incorrect SfVectorSize for MX_F4F6F8 is deduced.`); SM100 ptr-array kernels (dense, blockwise, "
    "block-scaled) reserve two CLC pipelines and responses, five sets of TMA descriptors and a TensorMapReady "
    "pipeline (sm100_pipeline_carveout.inl): fewer stages, and `Specialization requires Stages set to value 1 or "
    "more.` where 4.2 builds one. All of it rows of versions.CUTLASS_FACTS.",
    "**SM100 9xBF16 (emulated FP32) builder** (tests/test_collective_fastfp32.py, example 78): 4.7 builds the same "
    "collectives (every field but the dispatch policies' ArchTag `cutlass::arch::Sm100`, last in "
    "`MainloopSm100[Array]TmaUmmaWarpSpecializedFastF32`); its compile error for an explicit `StageCount<N>` spells "
    "4.7's call `sm100_compute_stage_count_or_override_fast_fp32<...::ReducedSmemCapacityBytes, ..., "
    "...::UmmaMajorACompute, 1, ...::NumComputeMtxs>` (4.2: `Sm100ReducedSmemCapacityBytes`, `UmmaMajorA`); the "
    "rest of what 4.7 answers otherwise is the SM100 builders' (stage-0 slices that compile, EpilogueTileAuto).",
    "**SM100 mixed-input collective** (example 86; tests/test_collective_mixed100.py, every check under both "
    "versions): 4.7's `MainloopSm100TmaUmmaWarpSpecializedMixedInput` ends with its ArchTag `cutlass::arch::Sm100`; "
    "its SmemLayoutAtomScale is the first tile `(MN,K):(_0,_0)` of Sm100MixedInputBlockwiseScaleConfig's atom (4.2: "
    "the whole `((MN,DivMN),(K,DivK))`) and SmemLayoutScale that tile tiled by `UMMA::tile_to_mma_shape` over A's MMA "
    "shape and the stages (4.2: the atom with the stages appended), so SharedStorage follows the layout's cosize, "
    "and an atom that does not divide A's tile per CTA (a 2SM tile M of 128 with no scale layout: the "
    "VoidLayoutScale's 128 rows over A's 64; a scale group MN over A's rows) is tile_to_shape's static_assert "
    "`block shape does not divide the target shape.` where 4.2 builds; the scales' TMA is make_tma_atom_A_sm100 (4.2: "
    'make_tma_atom). `versions.CUTLASS_FACTS["sm100_mixed_scale_smem"]`. A 4.2 field program holding a '
    "configuration 4.7 refuses does not compile under 4.7 (below); its other configurations are asked again, "
    "regrouped, under both versions.",
    "**SM100 descriptors in kernels and fragments** (tests/test_redteam_sm100.py, test_kernel_sm100.py): batches "
    "whose prelude includes the UMMA descriptors before cute/arch/util.hpp do not compile with 4.7: its "
    "cute/arch/mma_sm100_desc.hpp calls `cast_smem_ptr_to_uint` without including util.hpp, which declares it (a "
    "header defect of 4.7, not a changed answer): below. tests/oracle/cute.py now passes `-include "
    "cute/arch/util.hpp` to 4.7's compiles; those batches are to be surveyed again.",
    "**New in 4.7**: SM100_MMA_TF32[_2x1SM]_TS_SCALED, the complex SM100_MMA_TF32[_2x1SM]_TS_INTERLEAVED_"
    "CF32CTF32CTF32CF32_TN (A, B complex<tfloat32_t>, no type parameters), SM100_TMA_LOAD[_MULTICAST]_2D_GATHER4 "
    "(make_tma_atom_{A,B}_sm100 only): answered under `--cutlass 4.7`, refused under 4.2 "
    "(tests/test_cutlass47_atoms.py). SM100_MMA_TF32[_2x1SM]_SS_SCALED exist as operations but have no MMA_Traits "
    "in 4.7: no atom can be made of them (refused under both). SM100_TMA_STORE_2D_SCATTER4 (make_tma_copy / "
    "make_tma_atom: the box keeps mode 0 and one row of mode 1, one TMA stores 4 rows, each to a row picked by index) "
    "and SM100_TMEM_LOAD_STAT_32dp32b{32,128}x (tcgen05.ld.red ... .max: the 32dp32b loads' traits, "
    "atoms/tmem_data_47.py): answered under `--cutlass 4.7` (`tma`, `atoms --copy`, `tmem --copy`), refused under "
    "4.2 (tests/test_cutlass47_atoms.py).",
)


def cpp_keys(version: str) -> set[str]:
    """The keys of the C++ batches recorded for CUTLASS ``version``."""
    d = R.records_dir(version)
    return {p.name[:-3] for p in d.glob("*.gz") if not p.name.startswith(NOT_CPP)}


def fails_47() -> dict[str, str]:
    """key -> 4.7's first compile error, for the batches 4.7 does not compile."""
    return {p.name[:-5]: p.read_text(encoding="utf-8").strip() for p in R.records_dir("4.7").glob("*.fail")}


def index_47() -> dict[str, str]:
    """key -> the test file that asked it under 4.7 (the survey's index.tsv)."""
    f = R.records_dir("4.7") / "index.tsv"
    out = {}
    if f.exists():
        for line in f.read_text(encoding="utf-8").splitlines():
            key, test, _n = line.split("\t")
            if out.get(key) not in ONLY_47_TESTS:  # a 4.7-only question another test asks too: it stays 4.7-only
                out[key] = test
    return out


def pending() -> dict[str, str]:
    """key -> test file (PENDING.tsv): the 4.2 C++ batches not yet compiled against 4.7 (neither answer nor error)."""
    out = {}
    if PENDING.exists():
        for line in PENDING.read_text(encoding="utf-8").splitlines():
            key, test = line.split("\t")
            out[key] = test
    return out


def _prune_index() -> None:
    """Drop index.tsv's rows of batches neither version records (a 4.7 survey's question that 4.2 never asked, dropped
    from the records, can come back in a merge of index.tsv: its union merge keeps every side's rows)."""
    index = R.RECORDS / "cutlass-4.7" / "index.tsv"
    if not index.exists():
        return
    have = cpp_keys("4.2") | cpp_keys("4.7") | set(fails_47())
    lines = index.read_text(encoding="utf-8").splitlines(keepends=True)
    keep = [ln for ln in lines if ln.split("\t", 1)[0] in have or ln.startswith(NOT_CPP)]
    if keep != lines:
        index.write_text("".join(keep), encoding="utf-8")


def write_pending() -> int:
    """PENDING.tsv from the records, each key with the test file that asks it (a recorded run of the default suite
    and the slow tests, under 4.2, logs which test asks which batch)."""
    import tempfile

    missing = cpp_keys("4.2") - cpp_keys("4.7") - set(fails_47())
    _prune_index()
    known = pending()
    if missing <= set(known):  # every missing batch's test is known already: no run of the suite
        PENDING.write_text("".join(f"{k}\t{t}\n" for t, k in sorted((known[k], k) for k in missing)), "utf-8")
        return len(missing)
    fd, log = tempfile.mkstemp(prefix="cutedump-index-", suffix=".tsv")
    os.close(fd)
    env = dict(os.environ, CUTEDUMP_ORACLE="recorded", CUTEDUMP_ORACLE_CUTLASS="4.2", **{R.INDEX_ENV: log})
    env.pop("CUTEDUMP_ORACLE_LOG", None)
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2", "tests"]
    subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True)
    asked = {}
    for line in Path(log).read_text(encoding="utf-8").splitlines():
        key, test = line.split("\t")
        asked.setdefault(key, test)
    os.unlink(log)
    missing = cpp_keys("4.2") - cpp_keys("4.7") - set(fails_47())
    rows = sorted((asked.get(k, "(a slow or consumer test)"), k) for k in missing)
    PENDING.write_text("".join(f"{k}\t{t}\n" for t, k in rows), encoding="utf-8")
    return len(rows)


def _first_difference(a: str, b: str) -> str:
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"line {i + 1}: 4.2 `{x[:100]}`, 4.7 `{y[:100]}`"
    return f"4.2 prints {len(la)} lines, 4.7 {len(lb)}"


def report() -> str:
    d47 = R.records_dir("4.7")
    index = d47 / "index.tsv"
    asked: dict[str, tuple[str, int]] = {}
    if index.exists():
        for line in index.read_text(encoding="utf-8").splitlines():
            key, test, n = line.split("\t")
            if asked.get(key, ("",))[0] not in ONLY_47_TESTS:  # a 4.7-only batch is counted where 4.7 only asks it
                asked[key] = (test, int(n))
    rows = defaultdict(lambda: {"same": 0, "same_cases": 0, "differ": [], "fail": [], "unasked": 0, "only47": 0})
    for key, (test, n) in sorted(asked.items()):
        row = rows[test]
        old = R.read_in(key, "4.2")
        new = R.read_in(key, "4.7")
        fail = d47 / f"{key}.fail"
        if new is not None and old is not None:
            if new == old:
                row["same"] += 1
                row["same_cases"] += n
            else:
                row["differ"].append((key, n, _first_difference(old, new)))
        elif fail.exists():
            row["fail"].append((key, n, fail.read_text(encoding="utf-8").strip()))
        elif new is not None and test in ONLY_47_TESTS:
            row["only47"] += 1
        else:
            row["unasked"] += 1
    for key, test in pending().items():
        if key not in asked:
            rows[test]["unasked"] += 1
    out = [
        "# CUTLASS 4.2.0 and 4.7.0: what real CuTe answers to cutedump's C++ oracle batches",
        "",
        "Written by `python -m tests.oracle.cutlass_versions report` from the records: each batch of a test file,",
        "compiled against CUTLASS v4.7.0's headers (`survey`), compared with its CUTLASS 4.2.0 record byte for byte.",
        "A batch is one C++ program of many cases: one case 4.7 does not compile fails its whole batch.",
        "",
        "| test file | batches | identical (cases) | differ | 4.7 does not compile | 4.7 only | not yet compiled "
        "against 4.7 |",
        "|---|---|---|---|---|---|---|",
    ]
    for test, row in sorted(rows.items()):
        n = row["same"] + len(row["differ"]) + len(row["fail"]) + row["unasked"] + row["only47"]
        out.append(
            f"| `{test}` | {n} | {row['same']} ({row['same_cases']}) | {len(row['differ'])} | {len(row['fail'])} "
            f"| {row['only47']} | {row['unasked']} |"
        )
    tot = (
        {
            k: sum((len(r[k]) if isinstance(r[k], list) else r[k]) for r in rows.values())
            for k in next(iter(rows.values())).keys()
        }
        if rows
        else {}
    )
    if tot:
        out.append(
            f"| all | {sum(tot[k] for k in ('same', 'differ', 'fail', 'unasked', 'only47'))} | {tot['same']} "
            f"({tot['same_cases']}) | {tot['differ']} | {tot['fail']} | {tot['only47']} | {tot['unasked']} |"
        )
    out += [
        "",
        "Not yet compiled against 4.7: the batches listed in `tests/oracle/records/cutlass-4.7/PENDING.tsv` "
        "(`python -m tests.oracle.cutlass_versions pending` writes it; `survey` the test files it names, then "
        "`pending` and `report` again). tests/test_cutlass_versions.py fails on a 4.2 batch that is neither answered "
        "by 4.7, nor refused by 4.7 (`<key>.fail`, its first error, below), nor pending; and on a 4.7 batch without a "
        "4.2 record that is not 4.7-only.",
    ]
    out += ["", "## What differs, and how cutedump answers it", ""] + [f"- {f}" for f in FINDINGS]
    out += ["", "## Differences", ""]
    any_diff = False
    for test, row in sorted(rows.items()):
        for key, n, why in row["differ"]:
            any_diff = True
            out.append(f"- `{test}` batch `{key}` ({n} cases): {why}")
    if not any_diff:
        out.append("None among the batches both versions compile.")
    out += ["", "## What 4.7 does not compile (first error of the batch)", ""]
    errs = defaultdict(list)
    for test, row in sorted(rows.items()):
        for key, n, why in row["fail"]:
            errs[why].append(f"`{test}` `{key}` ({n} cases)")
    for why, where in sorted(errs.items()):
        out.append(f"- {why}  \n  in {', '.join(where)}")
    if not errs:
        out.append("Nothing.")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    if argv[:1] == ["survey"]:
        survey(argv[1:])
        return 0
    if argv[:1] == ["pending"]:
        print(f"{write_pending()} batches of 4.2 not yet compiled against 4.7: {PENDING}")
        return 0
    if argv[:1] == ["report"]:
        DOC.write_text(report(), encoding="utf-8")
        print(f"wrote {DOC}")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
