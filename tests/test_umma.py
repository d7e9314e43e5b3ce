"""SM100 UMMA atoms, instruction descriptors and TMEM: the library API and the CLI (no compiler needed).

What real CuTe prints is checked in test_umma_oracle.py / test_tmem_oracle.py; here: spellings, round trips,
errors in one line, and the commands.
"""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from cutedump.algebra import C
from cutedump.atoms import lookup_mma, make_tiled_mma, mma_atom
from cutedump.atoms import tmem as T
from cutedump.atoms import umma_desc as D
from cutedump.atoms.mma_catalog import sm100 as U
from cutedump.cli import main
from cutedump.errors import CuteDumpError

F16 = "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>"


def run(*args):
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.output


def test_spellings_agree():
    a = lookup_mma("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>")
    b = lookup_mma("cute::SM100_MMA_F16BF16_SS<cutlass::half_t, half_t, float, 128, 256, K, K, One, One>")
    assert a.name == b.name == F16
    assert a.cpp == "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>"
    t = lookup_mma(
        "MMA_Traits<SM100_MMA_F8F6F4_SS,float_e4m3_t,float_e5m2_t,float,C<128>,C<64>,"
        "integral_constant<UMMA::Major,UMMA::Major::K>,integral_constant<UMMA::Major,UMMA::Major::MN>,"
        "integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::One>,integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::Neg>>"
    )
    assert t.name == "SM100_MMA_F8F6F4_SS<float_e4m3_t,float_e5m2_t,float,128,64,K,MN,One,Neg>"


def test_the_f8f6f4_atom_is_spelled_as_the_cutlass_named(monkeypatch):
    """4.2: MMA_Traits<SM100_MMA_F8F6F4_SS, a, b, c, C<M>, C<N>, ...> (the operation is a plain struct); 4.7: the
    template SM100_MMA_F8F6F4_SS<a, b, c, M, N, ...>. Each version refuses the other's spelling in one line."""
    import pytest

    from cutedump.atoms.mma import MMAAtom
    from cutedump.errors import CuteDumpError

    traits = (
        "MMA_Traits<SM100_MMA_F8F6F4_SS,float_e4m3_t,float_e5m2_t,float,C<128>,C<64>,"
        "integral_constant<UMMA::Major,UMMA::Major::K>,integral_constant<UMMA::Major,UMMA::Major::MN>,"
        "integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::One>,integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::Neg>>"
    )
    template = "SM100_MMA_F8F6F4_SS<float_e4m3_t,float_e5m2_t,float,128,64,K,MN,One,Neg>"
    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.2")
    a = lookup_mma(traits)
    assert a.cpp == traits
    with pytest.raises(
        CuteDumpError, match=r"CUTLASS 4\.2\.0 spells .* spelling is CUTLASS 4\.7\.0's \(--cutlass 4\.7\)"
    ):
        lookup_mma(template)
    monkeypatch.setenv("CUTEDUMP_CUTLASS", "4.7")
    b = lookup_mma(template)
    assert b.cpp == (
        "SM100_MMA_F8F6F4_SS<float_e4m3_t,float_e5m2_t,float,128,64,UMMA::Major::K,UMMA::Major::MN,"
        "UMMA::ScaleIn::One,UMMA::ScaleIn::Neg>"
    )
    assert str(MMAAtom(b)) == str(MMAAtom(a)) and b.name == a.name
    with pytest.raises(CuteDumpError, match=r"CUTLASS 4\.7\.0 spells .* spelling is CUTLASS 4\.2\.0's"):
        lookup_mma(traits)


def test_tutorial_atom_and_descriptor():
    atom = mma_atom(F16)
    assert str(atom) == (
        "MMA_Atom\n  ThrID:      _1:_0\n  Shape_MNK:  (_128,_256,_16)\n"
        "  LayoutA_TV: (_1,(_128,_16)):(_0,(_1,_128))\n  LayoutB_TV: (_1,(_256,_16)):(_0,(_1,_256))\n"
        "  LayoutC_TV: (_1,(_128,_256)):(_0,(_1,_128))\n"
    )
    d = atom.traits.instr_desc()
    assert d.hex() == "0x08400010" and d.m == 128 and d.n == 256
    assert d.runtime() == 0x08400010 << 32


@pytest.mark.parametrize("seed", range(4))
def test_descriptor_round_trips(seed):
    rng = random.Random(seed)
    for f in U.umma_families().values():
        for m, n in U.legal_mn(f)[::7]:
            from tests.oracle.gen_umma import _draw, _legal

            t = _legal(f, _draw(f, rng, m, n))
            if t is None:
                continue
            d = t.instr_desc()
            back = D.decode(d.value, block_scaled=d.block_scaled)
            assert back.value == d.value
            found = U.atoms_for_instr_desc(back, f.base)
            # the word does not encode everything (ScaleC, S8_TS's negations, MXF4's vector size): compare words
            assert found and all(x.instr_desc().value == d.value for x in found), t.name
            if not f.base.endswith("SCALED") and f.negs_in_desc and f.kind != "mxf4":
                assert t.name in {x.name for x in found}


@pytest.mark.parametrize(
    "name, wording",
    [
        (
            "SM100_MMA_F16BF16_SS<half_t,half_t,float,96,256,K,K>",
            "M-mode size should be 64 or 128 for 1 CTA cluster MMA.",
        ),
        (
            "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,12,K,K>",
            "N-mode size should be a multiple of 8 between 8 and 256.",
        ),
        ("SM100_MMA_F16BF16_TS<half_t,half_t,float,128,256,MN,K>", "A from TMEM can't be transposed"),
        ("SM100_MMA_F16BF16_SS<float,float,float,128,256,K,K>", "SM100_MMA_F16BF16_SS supports 16bit types"),
        ("SM100_MMA_TF32_SS<float,float,float,128,256,K,K>", "Unknown type for UMMAFormat"),
        ("SM100_MMA_S8_SS<int8_t,int8_t,float,128,256,K,K>", "result type can only be int32_t."),
        ("SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,64,256,K,K>", "should be 128 or 256 for 2 CTA cluster MMA."),
        ("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K>", "takes 7 to 9 template arguments"),
        ("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,T>", "b_major must be one of UMMA::Major::K"),
        ("SM100_MMA_F16BF16_SS", "takes template arguments"),
        ("SM100_MMA_F16BF16_XX<half_t>", "unknown MMA atom"),
    ],
)
def test_bad_atoms_are_one_line_errors(name, wording):
    with pytest.raises(CuteDumpError) as e:
        lookup_mma(name)
    assert wording in e.value.message and "\n" not in e.value.message
    code, out = run("mma", name)
    assert code == 2 and out.startswith("error: ") and wording in out


def test_decode_rejects_reserved_bits_and_bad_runtime_words():
    with pytest.raises(CuteDumpError, match="reserved bits"):
        D.decode(0x08400050)
    with pytest.raises(CuteDumpError, match="lower 32 bits"):
        D.decode(0x0840001000000001)


def test_tmem_fragment_and_copy_of_the_tutorial():
    mma = make_tiled_mma(F16)
    acc = T.tmem_fragment_C(mma, (C(128), C(256)))
    assert str(acc) == "tmem_[32b](0x0000.0000) o ((_128,_256),_1,_1):((_65536,_1),_0,_0)"
    assert acc.columns() == 256 and T.alloc_columns(acc.columns()) == 256
    tc = T.make_tmem_copy("SM100_TMEM_LOAD_32dp32b1x", acc)
    assert "TiledLayout_TV: ((_32,_4),_32):((_0,_1),_4)" in str(tc)
    s, off = tc.get_slice(37).partition_S(acc.layout)
    assert acc.with_layout(s, int(off)).ptr_str() == "tmem_[32b](0x0020.0000)"
    with pytest.raises(CuteDumpError, match="static shape"):
        T.tmem_fragment_C(mma, (128, 256))
    with pytest.raises(CuteDumpError, match="unknown TMEM copy atom"):
        T.make_tmem_copy("SM100_TMEM_LOAD_32dp32b3x", acc)


def test_cli_atoms_lists_sm100():
    code, out = run("atoms", "--mma", "SM100")
    assert code == 0 and out.startswith(f"MMA atoms ({len(U.umma_families()) + len(U.VECTOR_FMA)}):")
    assert "SM100_MMA_F16BF16_2x1SM_SS<a_type,b_type,c_type,M,N,a_major,b_major,[a_neg],[b_neg]>" in out


def test_cli_mma_json_has_instr_desc():
    code, out = run("mma", F16, "--format", "json")
    assert code == 0
    d = json.loads(out)
    assert d["instr_desc"] == "0x08400010" and d["instr_desc_fields"]["n_dim"] == 32
    code, out = run("mma", F16, "--partition", "(_128,_256,_64)")
    assert code == 0 and "idesc_: UMMA::InstrDescriptor 0x08400010" in out
    assert "partition_fragment_C: tmem_[32b](0x0000.0000) o ((_128,_256),_1,_1):((_65536,_1),_0,_0)" in out


def test_cli_idesc():
    code, out = run("idesc", "0x08400010", "--family", "SM100_MMA_F16BF16_SS")
    assert code == 0 and "m_dim         [24,29)    8  M = 8 << 4 = 128" in out and F16 in out
    code, out = run("idesc", F16, "--format", "json")
    assert code == 0 and json.loads(out)["value"] == "0x08400010"
    code, out = run("idesc", "0x0840001000000000")
    assert code == 0 and F16 in out
    code, out = run("idesc", "0x08400010", "--family", "SM100_MMA_F16BF16_XS")
    assert code == 2 and out.startswith("error: unknown UMMA family")
    code, out = run("idesc", "0xZZ")  # issue 42 item 19: neither a number nor a name
    assert code == 2 and out == "error: not a hex descriptor or an atom name: '0xZZ'\n"


def test_help_examples_run():
    from cutedump.commands.declarations import COMMANDS

    EPILOG = COMMANDS["idesc"].epilog
    import shlex

    for line in EPILOG.splitlines():
        line = line.strip()
        if line.startswith("cutedump idesc"):
            args = shlex.split(line.split("  #")[0])[1:]
            code, out = run(*args)
            assert code == 0, (line, out)


def test_cli_tmem_picture():
    code, out = run(
        "tmem",
        "SM100_MMA_F16BF16_SS<half_t,half_t,float,64,128,K,K>",
        "--copy",
        "SM100_TMEM_LOAD_16dp256b1x",
        "--thread",
        "37",
    )
    assert code == 0
    assert "tmem_[32b](0x0000.0000) o (((_16,_4),_128),_1,_1):(((_65536,_2097152),_1),_0,_0)" in out
    assert "thread 37 partition_S(tCtAcc): tmem_[32b](0x0020.0000)" in out
    assert "  warp 1: lanes 32-47, columns 0-127 (2048 cells)" in out
    assert "  16-23  |" + "." * 64 + "|" in out
    code, out = run("tmem", F16, "--format", "json")
    assert code == 0 and json.loads(out)["columns"] == 256
    code, out = run("tmem", F16, "--shape", "(128,256)")
    assert code == 2 and "static shape" in out
    code, out = run("tmem", "SM80_16x8x16_F16F16F16F16_TN")
    assert code == 2 and "not an SM100 UMMA atom" in out


def test_tmem_help_examples_run():
    from cutedump.commands.declarations import COMMANDS

    EPILOG = COMMANDS["tmem"].epilog
    import shlex

    for line in EPILOG.splitlines():
        line = line.strip()
        if line.startswith("cutedump tmem"):
            code, out = run(*shlex.split(line)[1:])
            assert code == 0, (line, out)


def test_vector_fma_atoms():
    assert mma_atom("SM100_2x1x1_F32F32F32F32").traits.shape_mnk == "(_2,_1,_1)"
    with pytest.raises(CuteDumpError, match="takes no template arguments"):
        lookup_mma("SM100_1x2x1_F32F32F32F32<float>")
    code, out = run("atoms", "--mma", "SM100_1x2x1")
    assert code == 0 and out.startswith("MMA atoms (1):")
