"""CUTLASS 4.7.0 beside 4.2.0 (issue 45): what `cutedump --version` says differs is what the records of the batches
compiled against both say (tests/oracle/records/cutlass-4.7/, written by tests/oracle/cutlass_versions.py survey)."""

from __future__ import annotations

import gzip
import json

import pytest

from cutedump.versions import CUTLASS_NEXT, version_text
from tests.oracle import records as R
from tests.oracle.cute import SEP


def _differing_cases():
    out = []
    for p in sorted(R.records_dir("4.7").glob("*.gz")):
        old = R.read_in(p.name[:-3], "4.2")
        if old is None:
            continue
        new = gzip.decompress(p.read_bytes()).decode()
        for a, b in zip(old.split(SEP + "\n"), new.split(SEP + "\n")):
            if a != b:
                out.append((p.name[:-3], a, b))
    return out


def test_the_atoms_4_7_answers_otherwise_are_the_int4_sm80_atoms():
    diffs = [(a, b) for _, a, b in _differing_cases() if a.startswith("MMA_Atom\n")]
    assert len(diffs) >= 8
    for a, b in diffs:  # Shape_MNK (16,8,32), the int4 A layout, and B's thread stride 32 -> 64
        assert "Shape_MNK:  (_16,_8,_32)" in a and "LayoutA_TV: ((_4,_8),(_8,_2)):((_128,_1),(_16,_8))" in a
        assert a.replace("((_4,_8),(_8)):((_32,_1),(_8))", "((_4,_8),(_8)):((_64,_1),(_8))") == b
    assert "LayoutB_TV stride 64 (4.2: 32)" in CUTLASS_NEXT["differs"][0]


def test_the_f8f6f4_batches_respelled_for_4_7_answer_as_4_2():
    """4.2's MMA_Traits<SM100_MMA_F8F6F4_SS, ...> does not compile with 4.7 (the survey's first run: 'type/value
    mismatch at argument 1 ... MMA_Traits'); the generators spell it 4.7's way under 4.7 (SM100_MMA_F8F6F4_SS<...>),
    the key stays the question's (records.question), and 4.7's answers equal 4.2's."""
    for key in ("80a9d623b37612d9ce87450e", "f1d680e9e99aa27350d69216", "umma-err-b52f0294c7cce352d95b61d9"):
        old, new = R.read_in(key, "4.2"), R.read_in(key, "4.7")
        assert old is not None and new == old, key
        assert not (R.records_dir("4.7") / f"{key}.fail").exists()
    assert "MMA_Traits<SM100_MMA_F8F6F4_SS" in CUTLASS_NEXT["differs"][1]
    src = "MMA_Atom<SM100_MMA_F8F6F4_SS<float_e4m3_t,float_e4m3_t,float,128,64,UMMA::Major::K,UMMA::Major::MN>>{}"
    assert R.question(src, "4.7") == (
        "MMA_Atom<MMA_Traits<SM100_MMA_F8F6F4_SS,float_e4m3_t,float_e4m3_t,float,C<128>,C<64>,"
        "integral_constant<UMMA::Major,UMMA::Major::K>,integral_constant<UMMA::Major,UMMA::Major::MN>>>{}"
    )
    assert R.question(src, "4.2") == src


def test_version_names_both():
    t = version_text()
    assert "CuTe / CUTLASS: 4.2.0" in t and "CUTLASS 4.7.0" in t
    for d in CUTLASS_NEXT["differs"]:
        assert d in t


def test_every_cpp_batch_is_answered_by_both_versions():
    """Issue 45: every C++ batch recorded for one CUTLASS is recorded for the other, or is on an allow-list with its
    reason: 4.7 does not compile it (``<key>.fail``: 4.7's first error), it asks 4.7's new atoms (4.2 has none:
    ONLY_47_TESTS), or it is not yet compiled against 4.7 (PENDING.tsv, with the test file that asks it)."""
    from tests.oracle import cutlass_versions as V

    k42, k47 = V.cpp_keys("4.2"), V.cpp_keys("4.7")
    fails, pend, idx = V.fails_47(), V.pending(), V.index_47()
    assert len(k47) >= 150 and len(k42) >= 300
    missing = sorted(k for k in k42 - k47 if k not in fails and k not in pend)
    assert not missing, (
        f"{len(missing)} 4.2 batches without a 4.7 record, e.g. {missing[:5]}: run `python -m tests.oracle.cutlass_versions survey` on their test files, then `pending`"
    )
    for k, why in fails.items():  # the allow-list of what 4.7 does not compile: each with its compile error
        assert k in k42 and k not in k47 and " error: " in why, (k, why)
    stale = sorted(k for k in pend if k in k47 or k in fails or k not in k42)
    assert not stale, f"PENDING.tsv lists {len(stale)} batches that are recorded now or gone: run `... pending`"
    only47 = sorted(k for k in k47 - k42 if idx.get(k) not in V.ONLY_47_TESTS)
    assert not only47, (
        f"4.7 batches without a 4.2 record (a question spelled per version? records.question): {only47[:5]}"
    )
    assert {idx[k] for k in k47 - k42} <= set(V.ONLY_47_TESTS)


@pytest.mark.slow
def test_surveyed_test_files_pass_under_4_7_from_its_records():
    """Every test file whose batches are all compiled against 4.7 (none pending, none refused) passes with cutedump
    answering as 4.7 and real CuTe's answers read from 4.7's records: 4.7's records checked as CI can (no headers)."""
    import os
    import subprocess
    import sys

    from tests.oracle import cutlass_versions as V

    idx, pend, fails = V.index_47(), V.pending(), V.fails_47()
    k47 = V.cpp_keys("4.7")
    # a batch 4.7 does not compile (<key>.fail) is an answer too: a test asking it gets records.OracleDoesNotCompile
    # (4.7's first error), which a test comparing refusals compares; files with batches not yet compiled stay out
    bad = set(pend.values()) | {
        t for k, t in idx.items() if k not in k47 and k not in fails and not k.startswith(V.NOT_CPP)
    }
    # the collective test files too, but those whose 4.2 tests assert what 4.7 answers otherwise: their batches are
    # compared with 4.7 in tests/test_collective_47.py (V.COMPARED_IN_47)
    files = sorted(
        {
            t
            for t in idx.values()
            if t not in bad and t.startswith("tests/") and os.path.exists(t) and t not in V.COMPARED_IN_47
        }
    )
    assert {"tests/test_atoms_oracle.py", "tests/test_umma_oracle.py", "tests/test_tmem_oracle.py"} <= set(files)
    assert {"tests/test_collective_bs.py", "tests/test_collective_sm100_grouped.py"} <= set(files)
    env = dict(os.environ, CUTEDUMP_ORACLE="recorded", CUTEDUMP_ORACLE_CUTLASS="4.7", CUTEDUMP_CUTLASS="4.7")
    env.pop("CUTEDUMP_ORACLE_LOG", None)
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *files],
        env=env,
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stdout[-3000:]


def test_cutlass_option_holds_for_its_command_line_and_json_names_it(monkeypatch):
    """`cutedump --cutlass 4.7 ...` answers as 4.7 (the int4 atom's B stride 64; JSON "versions"."cutlass" 4.7.0), then
    the caller's $CUTEDUMP_CUTLASS is back (an in-process runner, like the README's examples, keeps 4.2)."""
    import json
    import os

    from click.testing import CliRunner

    from cutedump.cli import main

    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.2")
    for v, stride in (("4.7", 64), ("4.2", 32)):
        r = CliRunner().invoke(main, ["--cutlass", v, "mma", "SM80_16x8x32_S32U4S4S32_TN", "--format", "json"])
        assert r.exit_code == 0, r.output
        d = json.loads(r.output)
        assert d["versions"]["cutlass"] == f"{v}.0"
        assert f"((_4,_8),(_8)):((_{stride},_1),(_8))" in d["printed"]
        assert os.environ["CUTEDUMP_CUTLASS"] == "4.2"
    monkeypatch.delenv("CUTEDUMP_CUTLASS")
    r = CliRunner().invoke(main, ["mma", "SM80_16x8x32_S32U4S4S32_TN", "--format", "json"])
    assert json.loads(r.output)["versions"]["cutlass"] == "4.7.0"  # the default: the newest
    assert "CUTEDUMP_CUTLASS" not in os.environ


def test_collective_answers_each_versions_builder(monkeypatch):
    """4.7's CollectiveBuilders are modelled where they differ from 4.2's (versions.CUTLASS_FACTS; compared with 4.7's
    records in tests/test_collective_47.py): no warning under either, the SM100 dispatch policy with 4.7's ArchTag;
    SM120 block-scaled SFB staged over max(N, 128) under 4.7 only."""
    import subprocess
    import sys

    monkeypatch.delenv("CUTEDUMP_CUTLASS", raising=False)
    args = ["collective", "--arch", "sm100", "--a", "half_t:K", "--b", "half_t:K", "--c", "float", "--d", "float"]
    args += ["--tile", "128,128,64"]
    for v, tag in (("4.7", ", Sm100>"), ("4.2", ">")):
        r = subprocess.run([sys.executable, "-m", "cutedump", "--cutlass", v, *args], capture_output=True, text=True)
        assert r.returncode == 0 and r.stderr == "", r.stderr
        assert f"MainloopSm100TmaUmmaWarpSpecialized<6, 2, 4, (_1,_1,_1){tag}" in r.stdout
    bs = ["collective", "--arch", "sm120", "--a", "nv_float4_t<float_e2m1_t>:K", "--b", "nv_float4_t<float_e2m1_t>:K"]
    bs += ["--d", "half_t:RowMajor", "--tile", "128,64,128", "--alignment-a", "32", "--alignment-b", "32"]
    sfb = {}
    for v in ("4.7", "4.2"):
        r = subprocess.run(
            [sys.executable, "-m", "cutedump", "--cutlass", v, *bs, "--format", "json"], capture_output=True, text=True
        )
        assert r.returncode == 0 and r.stderr == "", r.stderr
        sfb[v] = json.loads(r.stdout)["mainloop"]["smem_layout_atom_sfb"]
    # 4.7 stages SFB over max(N, 128) = 128 rows (one 128-row block), 4.2 over N = 64 (none: a size-0 mode)
    assert sfb["4.7"].startswith("(((_32,_4),_1),") and sfb["4.2"].startswith("(((_32,_4),_0),")
