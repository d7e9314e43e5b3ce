"""explain partition: fragments as CuTe builds them."""

from __future__ import annotations


def test_umma_accumulator_and_ts_a_fragments_live_in_tmem():
    """partition_fragment_C of a UMMA (and _A of a _TS atom) is UMMA::tmem_frg's TMEM tensor, as CuTe prints it
    (the TS case below is real CuTe 4.2's print of thr.partition_fragment_A(sA), g++ host-only); not a register
    fragment."""
    import json

    from click.testing import CliRunner

    from cutedump.atoms import tmem as TM
    from cutedump.atoms.mma import make_tiled_mma
    from cutedump.cli import main

    ts = [
        "explain",
        "partition",
        "--mma",
        "SM100_MMA_F16BF16_TS<half_t,half_t,float,128,256,K,K>",
        "--operand",
        "A",
        "--fragment",
        "--layout",
        "tile_to_shape(UMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))",
    ]
    r = CliRunner().invoke(main, ts + ["--format", "json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["result"] == "tmem_[16b](0x0000.0000) o ((_128,_16),_1,_4):((_131072,_1),_0,_16)"
    assert d["cute"] == "thr_mma.partition_fragment_A(tensor)"
    for atom, shape in (
        ("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>", "(_128,_256)"),
        ("SM100_MMA_TF32_2x1SM_SS<tfloat32_t,tfloat32_t,float,256,128,K,K>", "(_256,_256)"),
    ):
        r = CliRunner().invoke(
            main,
            [
                "explain",
                "partition",
                "--mma",
                atom,
                "--operand",
                "C",
                "--fragment",
                "--shape",
                shape,
                "--format",
                "json",
                "--lang",
                "en",
            ],
        )
        assert r.exit_code == 0, r.output
        d = json.loads(r.stdout)
        from cutedump.parse import parse_int_tuple

        want = TM.tmem_fragment_C(make_tiled_mma(atom), parse_int_tuple(shape))
        assert d["result"] == str(want) and d["result"].startswith("tmem_[32b](0x0000.0000) o ")
        assert "tensor memory" in r.stdout and "laid out compactly in registers" not in r.stdout
