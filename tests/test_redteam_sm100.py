"""Red-team differential tests of the Blackwell (SM100) surfaces against real CuTe 4.2, with seeds and ranges the
other generators do not use (tests/oracle/gen_redteam_sm100.py): every TMEM copy atom on random accumulators of
every UMMA family, UMMA TiledMMAs with permutation tiles, the descriptor tensors of SS UMMA operands (also through
`cutedump explain partition --mma SM100_... --fragment`, which answered only GMMA operands before), and illegal
atoms off every family's M/N grid."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cutedump.atoms.mma_catalog import sm100 as U
from cutedump.atoms.mma_catalog import split_template
from cutedump.cli import main
from tests.oracle import gen_redteam_sm100 as G
from tests.oracle.cute import diff_cases, run_cases, unavailable_reason
from tests.oracle.cutlass_versions import answering_as
from tests.oracle.gen_umma import cute_first_errors

oracle = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

NOISE = "ERROR: cast_smem_ptr_to_uint"


def _diff(cases, prelude=None):
    outs = run_cases([c[1] for c in cases], **({} if prelude is None else {"prelude": prelude}))
    outs = ["".join(l for l in o.splitlines(True) if not l.startswith(NOISE)) for o in outs]
    return diff_cases(cases, outs)


@oracle
def test_tiled_umma_with_permutations_like_cute():
    cases = G.tiled_perm_cases()
    bad = _diff(cases)
    assert not bad, "\n".join(bad[:20])


@oracle
def test_every_tmem_copy_on_random_accumulators_like_cute():
    cases = G.tmem_copy_cases()[:150]
    bad = _diff(cases)
    assert not bad, "\n".join(bad[:20])


@oracle
def test_more_tmem_copies_on_random_accumulators_like_cute():
    with answering_as("4.2"):  # 4.2's atoms: the same batch under either version (4.7's new ones: test_cutlass47_*)
        seen = {c[0].split(" on ")[0] for c in G.tmem_copy_cases()[:150]}
        cases = [c for c in G.tmem_copy_cases(seed=9101, per_op=1) if c[0].split(" on ")[0] not in seen]
    assert len(cases) >= 70
    bad = _diff(cases)
    assert not bad, "\n".join(bad[:20])


@oracle
@pytest.mark.parametrize("part", [0, 1])
def test_umma_descriptor_fragments_like_cute(part):
    cases = G.fragment_desc_cases()[part * 80 : (part + 1) * 80]
    bad = _diff(cases, G.PRELUDE_DESC)
    assert not bad, "\n".join(bad[:20])


@oracle
def test_narrow_float_smem_atoms_like_cute():
    from tests.oracle.gen_smem import PRELUDE

    cases = G.narrow_type_atom_cases()
    bad = _diff(cases, PRELUDE)
    assert not bad, "\n".join(bad[:20])


@oracle
def test_illegal_umma_atoms_give_cutes_static_assert():
    cases = G.illegal_atom_cases()
    got = cute_first_errors(cases)
    bad, compiles = [], []
    for (lbl, _c, msg), g in zip(cases, got):
        if g == "compiles":
            compiles.append(lbl)
            continue
        # CuTe's own words (the static_assert's message) are in our one error line
        words = g.split("static assertion failed: ", 1)[-1].strip()
        if msg.split(": sizeof")[0] not in g and words not in msg:
            bad.append(f"{lbl}: ours {msg!r} / cute {g!r}")
    assert not bad, "\n".join(bad[:20])
    # a known difference: a double accumulator type. CuTe compiles print(make_tiled_mma(Op{})) (the traits' idesc_,
    # where UMMA::to_CFormat refuses double, is never instantiated); cutedump refuses the atom at once
    assert all(",double," in lbl for lbl in compiles), compiles


def _cli(*args):
    return CliRunner().invoke(main, list(args))


def test_explain_fragment_of_umma_operands_equals_the_oracle_cases():
    """`explain partition --mma SM100_..._SS --operand A|B --fragment --layout ... --format json` gives the fragment
    print and the descriptors real CuTe printed (checked against CuTe above), any thread, with --smem-address."""
    n = 0
    for name, _body, exp in G.fragment_desc_cases()[:60]:
        atom, rest = name.split(" (", 1)
        atom = U.lookup_umma(*split_template(atom)).cpp  # as the CUTLASS answered spells it (F8F6F4: issue 45)
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
        assert [int(x, 16) for x in d["descriptors"]] == [int(x, 16) for x in lines[1:]], name
        n += 1
    assert n == 60


@pytest.mark.parametrize(
    "args,msg",
    [
        (
            ("--mma", "SM100_MMA_F16BF16_SS_SPARSE<half_t,half_t,float,128,128,K,K>", "--operand", "A"),
            "Expected sparse value_type.",
        ),
        (
            ("--mma", "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,MN,K>", "--operand", "A"),
            "Not a canonical UMMA_MN Layout",
        ),
    ],
)
def test_explain_fragment_of_umma_refusals(args, msg):
    r = _cli(
        "explain",
        "partition",
        *args,
        "--fragment",
        "--layout",
        "tile_to_shape(UMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))",
    )
    assert r.exit_code == 2 and msg in r.output and "Traceback" not in r.output, r.output
    assert len(r.output.strip().splitlines()) == 1


def test_explain_fragment_of_umma_narrates_umma():
    r = _cli(
        "explain",
        "partition",
        "--mma",
        "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,MN,K>",
        "--operand",
        "A",
        "--fragment",
        "--layout",
        "tile_to_shape(UMMA::Layout_MN_SW128_32B_Atom<half_t>, (_256,_64))",
        "--thread",
        "1",
        "--lang",
        "en",
    )
    assert r.exit_code == 0, r.output
    assert "make_umma_desc<UMMA::Major::MN>" in r.output and "make_gmma_desc" not in r.output
    assert "UMMA::DescriptorIterator o (_1,_1,_4):(_0,_0,_512)" in r.output


# the Blackwell TMA tutorials with --set values the kernel tests do not use: N = 8..248, 16 MMAs per tile K, 8x1 and
# 4x4 clusters, M = 128 over a 2SM pair, threads of every warp
KERNELS = {
    2: [
        ((128, 8), 4, (1, 1), (256, 16, 64), 3),
        ((128, 16), 16, (1, 1), (128, 32, 1024), 127),
        ((128, 24), 4, (1, 1), (384, 48, 128), 64),
        ((128, 248), 4, (1, 1), (128, 248, 64), 100),
    ],
    3: [
        ((128, 16), 4, (1, 4), (128, 64, 64), 7),
        ((128, 8), 8, (2, 1), (256, 8, 256), 33),
        ((128, 240), 4, (1, 2), (128, 480, 64), 96),
        ((128, 32), 4, (8, 1), (1024, 32, 64), 5),
    ],
    4: [
        ((256, 16), 4, (2, 1), (512, 64, 64), 17),
        ((128, 32), 8, (2, 1), (128, 32, 256), 127),
        ((256, 240), 4, (2, 2), (512, 480, 64), 64),
        ((256, 64), 4, (4, 4), (1024, 256, 64), 0),
    ],
    5: [
        ((256, 128), 4, (2, 1), (256, 256, 64), 31),
        ((128, 256), 8, (4, 1), (512, 256, 256), 90),
        ((256, 256), 4, (2, 2), (512, 512, 128), 65),
        ((256, 128), 16, (2, 4), (256, 512, 1024), 1),
    ],
}


@oracle
@pytest.mark.parametrize("tut", sorted(KERNELS))
def test_blackwell_tutorials_with_unusual_settings_equal_real_cute(tut):
    from tests import kernel_cpp_sm100 as CPP
    from tests.kernel_oracle import run, split_cute
    from tests.test_kernel_sm100 import args_tma

    outs = [
        split_cute(t)[0]
        for t in run_cases(
            [CPP.case_tma(tut, *c) for c in KERNELS[tut]], prelude=CPP.tma_prelude(), extra_flags=CPP.tma_flags()
        )
    ]
    for c, want in zip(KERNELS[tut], outs):
        code, out, err = run(*args_tma(tut, *c), "--no-readings")
        if "\nerror: " in "\n" + want:
            assert code == 2 and err == want.splitlines()[-1] + "\n", (c, err)
        else:
            assert code == 0 and out == want, (c, err)
