"""CUTLASS 4.7's new UMMA atoms (issue 45) against real CuTe 4.7 (its records: tests/oracle/records/cutlass-4.7/):
SM100_MMA_TF32_TS_SCALED / _2x1SM_TS_SCALED and the complex interleaved SM100_MMA_TF32[_2x1SM]_TS_INTERLEAVED_
CF32CTF32CTF32CF32_TN -- print(MMA_Atom) and idesc_ of every legal (M, N), seeded TiledMMAs, and the first
static_assert of illegal ones -- answered under ``--cutlass 4.7`` and refused under 4.2; 4.7's TF32 SS_SCALED
operations have no MMA_Traits (CuTe cannot make an atom of them): refused under both, 4.7's compile error checked.

These batches exist for 4.7 only (4.2 has none of the atoms): CI answers them from the records (4.7's headers are
not installable from the package registries; records.py reads them when $CUTEDUMP_CUTLASS_47_INCLUDE is unset).
Record: CUTEDUMP_CUTLASS_47_INCLUDE=.../cutlass-v4.7.0/include python -m tests.oracle.record <this file>.
"""

from __future__ import annotations

import pytest

from cutedump.atoms import lookup_mma
from cutedump.atoms.mma_catalog import sm100 as U
from cutedump.errors import CuteDumpError
from cutedump.versions import CUTLASS_ONLY
from tests.oracle import gen_umma as G
from tests.oracle.cute import diff_cases, run_cases, run_chunked

NEW = (
    "SM100_MMA_TF32_TS_SCALED",
    "SM100_MMA_TF32_2x1SM_TS_SCALED",
    "SM100_MMA_TF32_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN",
    "SM100_MMA_TF32_2x1SM_TS_INTERLEAVED_CF32CTF32CTF32CF32_TN",
)


@pytest.fixture
def cutlass47(monkeypatch):
    """This test asks CUTLASS 4.7 and cutedump answers as 4.7."""
    monkeypatch.setenv("CUTEDUMP_ORACLE_CUTLASS", "4.7")
    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.7")


def _families():
    return [U.umma_families()[b] for b in NEW]


def test_new_atoms_and_instr_desc_like_cute_4_7(cutlass47):
    cases = G.atom_cases(seed=47, families=_families())
    assert len(cases) >= 90
    bad = diff_cases(cases, run_chunked(cases, 150))
    assert not bad, "\n".join(bad[:20])


def test_new_atoms_tiled_like_cute_4_7(cutlass47):
    cases = G.tiled_cases(seed=4700, families=_families())
    assert len(cases) >= 40
    bad = diff_cases(cases, run_chunked(cases, 150))
    assert not bad, "\n".join(bad[:20])


def test_illegal_new_atoms_give_cutes_static_assert_4_7(cutlass47):
    cases = G.error_cases(seed=470, families=_families())
    assert len(cases) >= 40
    got = G.cute_first_errors(cases)
    bad = [f"{lbl}: ours {msg!r} / cute {g!r}" for (lbl, _c, msg), g in zip(cases, got) if msg not in g]
    assert not bad, "\n".join(bad[:20])


def test_tf32_ss_scaled_has_no_traits_in_4_7(cutlass47):
    """4.7 declares SM100_MMA_TF32_SS_SCALED but no MMA_Traits for it: CuTe cannot make its atom; cutedump refuses
    in one line. The operation itself compiles (its static_asserts hold)."""
    bodies = [
        "SM100_MMA_TF32_SS_SCALED<tfloat32_t,tfloat32_t,float,128,256,UMMA::Major::K,UMMA::Major::K,1>{};"
        ' printf("op\\n");',
        "SM100_MMA_TF32_2x1SM_SS_SCALED<tfloat32_t,tfloat32_t,float,256,256,UMMA::Major::K,UMMA::Major::K,1>{};"
        ' printf("op\\n");',
    ]
    assert run_cases(bodies) == ["op\n", "op\n"]
    from tests.oracle.cute import refusal_verdicts

    got = refusal_verdicts(
        G_PRELUDE,
        [
            "auto a = MMA_Atom<SM100_MMA_TF32_SS_SCALED<tfloat32_t,tfloat32_t,float,128,256,"
            "UMMA::Major::K,UMMA::Major::K,1>>{}; (void)a;"
        ],
        "cutlass47-",
        "TF32 SS_SCALED atoms",
    )
    assert got[0] != "compiles" and "MMA_Traits" in got[0], got
    for base in ("SM100_MMA_TF32_SS_SCALED", "SM100_MMA_TF32_2x1SM_SS_SCALED"):
        with pytest.raises(CuteDumpError, match="declares the operation .* but no MMA_Traits"):
            lookup_mma(f"{base}<tfloat32_t,tfloat32_t,float,128,256,K,K,1>")


G_PRELUDE = "#include <cute/tensor.hpp>\n#include <cute/atom/mma_atom.hpp>\nusing namespace cute;\n"


def test_new_atoms_are_refused_under_4_2(monkeypatch):
    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.2")
    for base in CUTLASS_ONLY:
        if not base.startswith("SM100_MMA"):
            continue
        with pytest.raises(CuteDumpError, match=rf"{base}<.*>: {base} exists in CUTLASS 4\.7\.0 only, not in 4\.2\.0"):
            lookup_mma(f"{base}<128,128,K,K>")
    assert not set(NEW) & set(U.umma_families())


def test_gather4_tma_atoms_like_cute_4_7(cutlass47):
    """make_tma_atom_{A,B}_sm100(SM100_TMA_LOAD[_MULTICAST]_2D_GATHER4): the tensor map (the box keeps mode 0 and one
    row of mode 1), the Copy_Atom (4 rows a TMA), the TMA tensor -- seeded UMMA configurations on 2D gmem."""
    from tests.oracle import gen_tma_sm100 as GS

    cases = GS.gather4_cases(30, 4700)
    assert len(cases) == 30 and {c[0].split()[2] for c in cases} == set(GS.GATHER4.values())
    bad = diff_cases(cases, run_cases([c[1] for c in cases], prelude=GS.PRELUDE, extra_flags=GS.FLAGS))
    assert not bad, "\n".join(bad[:20])


def test_gather4_is_4_7s_and_atoms_only(monkeypatch):
    from cutedump.atoms import tma_sm100 as S
    from cutedump.parse import parse_layout

    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.7")
    mma = S.tiled_mma_sm100("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>")
    g = parse_layout("(512,256):(256,_1)")
    smem = parse_layout("((_128,_16),_1,_4):((_64,_1),_0,_16)")
    t = S.make_tma_atom_A_sm100("SM100_TMA_LOAD_2D_GATHER4", "half_t", g, smem, (128, 256, 64), mma)
    assert t.tma.box_dim[1] == 1 and int(t.tma.num_elems_per_tma) == 4 * t.tma.box_dim[0]
    with pytest.raises(CuteDumpError, match="Unsupported TMA .* make_tma_copy_A_sm100"):
        S.make_tma_copy_A_sm100("SM100_TMA_LOAD_2D_GATHER4", "half_t", g, smem, (128, 256, 64), mma)
    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.2")
    with pytest.raises(CuteDumpError, match=r"SM100_TMA_LOAD_2D_GATHER4 exists in CUTLASS 4\.7\.0 only"):
        S.make_tma_atom_A_sm100("SM100_TMA_LOAD_2D_GATHER4", "half_t", g, smem, (128, 256, 64), mma)


def test_new_atoms_tmem_fragments_like_cute_4_7(cutlass47):
    """partition_fragment_C and (TS) partition_fragment_A of the new atoms in TMEM (the interleaved atoms' A is
    complex<tfloat32_t>, 64 bits) and their 32-bit column counts."""
    from tests.oracle import gen_tmem as GT

    cases = GT.fragment_cases(seed=4747, per_family=8, families=_families())
    assert len(cases) >= 30
    bad = diff_cases(cases, run_chunked(cases, 150))
    assert not bad, "\n".join(bad[:20])


def test_gather4_reading_states_the_json_numbers(monkeypatch):
    """`cutedump tma --op SM100_TMA_LOAD_2D_GATHER4 --mma ...`: the box sentence's numbers (one row of mode 1, 4 rows
    an instruction) are the JSON's."""
    import json

    from click.testing import CliRunner

    from cutedump.cli import main

    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.7")
    args = [
        "tma",
        "--op",
        "SM100_TMA_LOAD_2D_GATHER4",
        "--mma",
        "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>",
    ]
    args += ["--operand", "A", "--gmem", "(512,256):(256,_1)", "--lang", "en"]
    text = CliRunner().invoke(main, args).output
    d = json.loads(CliRunner().invoke(main, [*args, "--format", "json"]).output)
    box = d["box_dim_before_multicast"]
    rows, n = d["gather4_rows_per_tma"], d["elements_per_tma"]
    assert rows == 4 and n == rows * box[0] * box[1] and box[1] == 1
    assert (
        f"box: {{{box[0]}, {box[1]}}} = {box[0]} elements (one row of mode 1); a gather TMA instruction "
        f"(SM100_TMA_LOAD_2D_GATHER4) moves {rows} such rows (picked by index): {n} elements = {n * 2} bytes"
    ) in text
    assert f"one gather TMA instruction moves {n}, so each CTA issues {d['instructions_per_cta_tile']} " in text


STAT = ("SM100_TMEM_LOAD_STAT_32dp32b32x", "SM100_TMEM_LOAD_STAT_32dp32b128x")


def test_tmem_load_stat_traits_like_cute_4_7(cutlass47):
    """4.7's SM100_TMEM_LOAD_STAT_* (tcgen05.ld.red ... .max.f32): their Copy_Traits (ThrID, ValID, Src/Dst/Ref
    layouts in bits), as cutedump's catalog holds them (atoms/tmem_data_47.py)."""
    from cutedump.atoms.copy_catalog import tmem_copy_traits

    bodies = [
        f'using T = Copy_Traits<{n}>; print(typename T::ThrID{{}}); printf("\\n"); '
        f'print(typename T::ValID{{}}); printf("\\n"); print(typename T::SrcLayout{{}}); printf("\\n"); '
        f'print(typename T::DstLayout{{}}); printf("\\n"); print(typename T::RefLayout{{}}); printf("\\n");'
        for n in STAT
    ]
    got = run_cases(bodies)
    assert got == ["".join(f"{x}\n" for x in tmem_copy_traits()[n]) for n in STAT]


def test_tmem_load_stat_copies_like_cute_4_7(cutlass47):
    """make_tmem_copy(SM100_TMEM_LOAD_STAT_*{}, acc): the TiledCopy, a thread's partition_S and partition_D, as
    CuTe 4.7 prints them; `cutedump atoms` lists them under 4.7 only, `tmem --copy` refuses them under 4.2."""
    from tests.oracle import gen_tmem as GT

    cases = GT.copy_cases(seed=4747, ops=list(STAT))
    assert len(cases) == 2
    bad = diff_cases(cases, run_chunked(cases, 40))
    assert not bad, "\n".join(bad[:20])


def test_tmem_load_stat_is_4_7s(monkeypatch):
    from cutedump.atoms.copy_catalog import all_tmem_copy_names, lookup_tmem_copy

    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.7")
    assert set(STAT) <= set(all_tmem_copy_names()) and lookup_tmem_copy(STAT[1]).name == STAT[1]
    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.2")
    assert not set(STAT) & set(all_tmem_copy_names())
    for n in STAT:
        with pytest.raises(CuteDumpError, match=rf"^{n}: {n} exists in CUTLASS 4\.7\.0 only, not in 4\.2\.0"):
            lookup_tmem_copy(n)


def test_scatter4_tma_store_like_cute_4_7(cutlass47):
    """make_tma_copy(SM100_TMA_STORE_2D_SCATTER4{}, ...) (4.7): the tensor map (the box keeps mode 0 and one row of
    mode 1), the TiledCopy (4 rows a TMA), the TMA tensor, or CuTe's run-time assert -- seeded rank-2 cases."""
    from tests.oracle import gen_tma as GT

    cases = GT.scatter4_cases(40, 4747)
    assert len(cases) == 40 and sum(c[2].startswith("ASSERT") for c in cases) < 20
    bad = diff_cases(cases, run_cases([c[1] for c in cases], prelude=GT.PRELUDE_SM100, extra_flags=GT.FLAGS))
    assert not bad, "\n".join(bad[:20])


def test_scatter4_is_4_7s(monkeypatch):
    from cutedump.atoms import tma as T
    from cutedump.parse import parse_layout

    g, s = parse_layout("(1024,256):(256,_1)"), parse_layout("(_8,_64):(_64,_1)")
    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.7")
    r = T.make_tma("SM100_TMA_STORE_2D_SCATTER4", "half_t", g, s)
    assert r.box_dim[1] == 1 and int(r.num_elems_per_tma) == 4 * r.box_dim[0] and T.gather_kind(r) == "scatter"
    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.2")
    assert "SM100_TMA_STORE_2D_SCATTER4" not in T.ops_now()
    with pytest.raises(CuteDumpError, match=r"SM100_TMA_STORE_2D_SCATTER4 exists in CUTLASS 4\.7\.0 only"):
        T.make_tma("SM100_TMA_STORE_2D_SCATTER4", "half_t", g, s)
