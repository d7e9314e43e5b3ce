"""Issue 42, false answer 1: the CuTe DSL's smem layout atoms (``warpgroup`` / ``tcgen05.make_smem_layout_atom``)
print ``S<3,4,3> o 0 o (8,64):(64,1)`` whatever the element width, and the DSL's kernels apply that swizzle to BYTE
addresses (``storage.sA.get_tensor(layout.outer, swizzle=layout.inner)``), as C++'s ``Sw<3,4,3> o smem_ptr[16b](unset)
o L`` atoms are. cutedump carries the element width in the value (the atom's offset is the ``smem_ptr`` flag, which the
DSL prints ``0``), so every shared-memory answer is the same for a DSL-spelled layout and its C++ twin.

Checked over every SmemLayoutAtomKind of both modules and every element width (4, 8, 16, 32, 64 bits), in both
spellings: the DSL's own prints (nvidia-cutlass-dsl 4.8.1 traced on the CPU, recorded), ``eval --syntax cpp`` of the
DSL atom = the C++ atom, ``eval --syntax dsl`` of the C++ atom = the DSL's print, ``bank`` (the command, text and
JSON), and the GMMA descriptors of ``partition_fragment_A/B`` where an SS GMMA takes the width.
"""

from __future__ import annotations

import json

import pytest

from cutedump.cli import command
from tests.oracle import gen_dsl

WG = ("K_INTER", "K_SW32", "K_SW64", "K_SW128", "MN_INTER", "MN_SW32", "MN_SW64", "MN_SW128")
TC = WG + ("MN_SW128_32B",)
#: DSL element type -> (C++ type, bits)
TYPES = {
    "Float4E2M1FN": ("float_e2m1_t", 4),
    "Float8E4M3FN": ("float_e4m3_t", 8),
    "Int8": ("int8_t", 8),
    "Float16": ("half_t", 16),
    "BFloat16": ("bfloat16_t", 16),
    "Float32": ("float", 32),
    "TFloat32": ("tfloat32_t", 32),
    "Float64": ("double", 64),
}
ROWS = {"INTER": 128, "SW32": 256, "SW64": 512, "SW128": 1024}


def _combos():
    for ns, kinds in (("warpgroup", WG), ("tcgen05", TC)):
        for kind in kinds:
            for dt in TYPES:
                yield ns, kind, dt


COMBOS = list(_combos())


def dsl_atom(ns, kind, dt):
    return f"cute.nvgpu.{ns}.make_smem_layout_atom(cute.nvgpu.{ns}.SmemLayoutAtomKind.{kind}, cutlass.{dt})"


def cpp_atom(ns, kind, dt):
    """The C++ atom (GMMA:: / UMMA::) of the same kind and width; MN_SW128_32B: the DSL's atom has 8 columns of 1024
    bits (UMMA::Layout_MN_SW128_32B_Atom has 4), so its twin is spelled as C++ prints it."""
    t, bits = TYPES[dt]
    if kind == "MN_SW128_32B":
        n = 1024 // bits
        return f"composition(Swizzle<2,5,2>{{}}, smem_ptr_flag_bits<{bits}>{{}}, Layout<Shape<_{n},_8>,Stride<_1,_{n}>>{{}})"
    return f"{'UMMA' if ns == 'tcgen05' else 'GMMA'}::Layout_{kind}_Atom<{t}>"


def tile_shape(kind, dt):
    """Two atoms by two, at least 8 vectors of 128 bits along the contiguous mode."""
    bits = TYPES[dt][1]
    n = (1024 if kind == "MN_SW128_32B" else ROWS[kind.split("_", 1)[1]]) // bits
    contiguous = max(2 * n, 8 * (128 // bits))
    return (16, contiguous) if kind.startswith("K") else (contiguous, 16)


def tiled(dsl, ns, kind, dt):
    m, k = tile_shape(kind, dt)
    if dsl:
        return f"cute.tile_to_shape({dsl_atom(ns, kind, dt)}, ({m}, {k}), order=(0, 1))"
    return f"tile_to_shape({cpp_atom(ns, kind, dt)}, make_shape(_{m}{{}},_{k}{{}}))"


def run(args):
    from click.testing import CliRunner

    r = CliRunner().invoke(command(args[0]), args[1:])
    return r.exit_code, r.stdout  # stdout: a DSL atom's answer adds a note on stderr (its width)


@pytest.fixture(scope="module")
def dsl_prints():
    """The DSL's prints of every atom (recorded: tests/oracle/records/)."""
    exprs = [dsl_atom(*c) for c in COMBOS]
    ans = gen_dsl.run_oracle([gen_dsl.Case("smem_twin", e) for e in exprs])
    return dict(zip(exprs, ans))


def test_every_atom_prints_as_the_dsl_and_converts_to_its_twin(dsl_prints):
    from cutedump.expr import answer_text

    bad = []
    for c in COMBOS:
        d, cpp = dsl_atom(*c), cpp_atom(*c)
        want = dsl_prints[d]
        assert want[0] == "ok", (d, want)
        got = {
            "dsl print": (answer_text(d), want[1]),
            "C++ twin as the DSL prints it": (answer_text(cpp, "dsl"), want[1]),
            "the DSL atom as C++": (answer_text(d, "cpp"), answer_text(cpp, "cpp")),
            "the DSL atom in CuTe's print": (answer_text(d, "print"), answer_text(cpp)),
        }
        bad += [(c, k, a, b) for k, (a, b) in got.items() if a != b]
    assert not bad, bad[:5]
    assert dsl_prints[dsl_atom("warpgroup", "K_SW128", "Float16")][1] == "S<3,4,3> o 0 o (8,64):(64,1)"


def _bank_args(kind, dt):
    t, bits = TYPES[dt]
    v = 128 // bits
    thr, val = ("(_8,_4):(_4,_1)", f"(_1,_{v})") if kind.startswith("K") else ("(_4,_8):(_1,_4)", f"(_{v},_1)")
    return ["--copy", "UniversalCopy<uint128_t>", "--type", t, "--thr", thr, "--val", val, "--no-fix"]


def _bank(combos):
    bad = []
    for ns, kind, dt in combos:
        for fmt in ("text", "json"):
            args = [*_bank_args(kind, dt), "--format", fmt]
            a = run(["bank", tiled(True, ns, kind, dt), *args])
            b = run(["bank", tiled(False, ns, kind, dt), *args])
            if fmt == "json" and a[0] == 0:
                a = (a[0], json.loads(a[1]).get("instructions"))
                b = (b[0], json.loads(b[1]).get("instructions"))
            if a != b or a[0] != 0:
                bad.append(((ns, kind, dt, fmt), a, b))
    return bad


def test_bank_answers_a_dsl_layout_as_its_twin_sample():
    """The issue's case (the DSL said 32 conflicts, C++ 0) and one width per kind."""
    issue = [
        "--copy",
        "SM75_U32x4_LDSM_N",
        "--type",
        "half_t",
        "--mma",
        "SM80_16x8x16_F16F16F16F16_TN",
        "--atom-layout",
        "(_2,_2)",
        "--tile",
        "(_32,_32,_16)",
        "--operand",
        "A",
        "--compact",
        "--no-fix",
    ]
    atom = dsl_atom("warpgroup", "K_SW128", "Float16")
    a = run(["bank", f"cute.tile_to_shape({atom}, (64, 64), order=(0, 1))", *issue])
    b = run(["bank", "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(_64{},_64{}))", *issue])
    assert a == b and a[0] == 0 and "total: wavefronts 32  ideal 32  conflicts 0" in a[1], a
    sample = [c for i, c in enumerate(COMBOS) if i % len(TYPES) == (i // len(TYPES)) % len(TYPES)]
    assert len({c[1] for c in sample}) == len(TC)
    assert not _bank(sample)


@pytest.mark.slow
def test_bank_answers_every_dsl_layout_as_its_twin():
    assert not _bank(COMBOS)


#: SS GMMA atoms by element width and major (operand A)
GMMA = {
    ("Float16", "K"): "SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
    ("Float16", "MN"): "SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>",
    ("BFloat16", "K"): "SM90_64x64x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>",
    ("BFloat16", "MN"): "SM90_64x64x16_F32BF16BF16_SS<GMMA::Major::MN,GMMA::Major::MN>",
    ("TFloat32", "K"): "SM90_64x64x8_F32TF32TF32_SS_TN",
    ("Float8E4M3FN", "K"): "SM90_64x64x32_F32E4M3E4M3_SS_TN",
    ("Int8", "K"): "SM90_64x64x32_S32S8S8_SS_TN",
}


def test_gmma_descriptors_of_a_dsl_layout_are_its_twins():
    from cutedump import make_tiled_mma, partition_fragment_desc

    done = bad = 0
    for ns, kind, dt in COMBOS:
        major = kind.split("_")[0]
        if ns != "warpgroup" or (dt, major) not in GMMA:
            continue
        mma = make_tiled_mma(GMMA[dt, major])
        bits = TYPES[dt][1]
        m, k = (64, 8 * 1024 // bits) if major == "K" else (64 * 1024 // bits, 64)
        m, k = max(m, 64), k
        d = f"cute.tile_to_shape({dsl_atom(ns, kind, dt)}, ({m}, {k}), order=(0, 1))"
        c = f"tile_to_shape({cpp_atom(ns, kind, dt)}, make_shape(_{m}{{}},_{k}{{}}))"
        fd, fc = (partition_fragment_desc(mma, 0, "A", x) for x in (d, c))
        done += 1
        if [x.hex() for x in fd.descriptors] != [x.hex() for x in fc.descriptors] or fd.cute_print() != fc.cute_print():
            bad += 1
    assert done >= 20 and bad == 0


def _ops():
    out = []
    for ns, kind, dt in COMBOS[:: len(TYPES) - 1]:
        a = dsl_atom(ns, kind, dt)
        bits = TYPES[dt][1]
        m, k = tile_shape(kind, dt)
        out += [
            f"cute.recast_layout(8, {bits}, {a})",
            f"cute.recast_layout(64, {bits}, {a})",
        ]
        if "INTER" not in kind:  # a slice of the identity swizzle S<0,4,3>: the DSL evaluation classes of issue 42
            out += [
                f"cute.slice_(cute.tile_to_shape({a}, ({m}, {k}, 2), order=(0, 1, 2)), (None, None, 0))",
                f"cute.slice_(cute.tile_to_shape({a}, ({m}, {k}, 2), order=(0, 1, 2)), (None, None, 1))",
            ]
        out += [
            f"cute.logical_divide(cute.tile_to_shape({a}, ({m}, {k}), order=(1, 0)), (8, 16))",
            f"cute.coalesce({a})",
            f"{a}.offset",
            f"cute.make_composed_layout({a}.inner, {a}.offset, cute.make_layout(({m}, {k})))",
        ]
    out.append(
        "cute.nvgpu.tcgen05.make_sparse_smem_layout_atom(cute.nvgpu.tcgen05.SmemLayoutAtomKind.K_SW64, "
        "cutlass.Float16, sparsity=2)"
    )
    return out


def test_operations_on_dsl_atoms_print_as_the_dsl():
    """The width rides along (tile_to_shape, divides, slices, recast) without changing a print."""
    from cutedump.errors import CuteDumpError
    from cutedump.expr import answer_text

    exprs = _ops()
    want = gen_dsl.run_oracle([gen_dsl.Case("smem_twin_ops", e) for e in exprs])
    bad = []
    for e, (status, text) in zip(exprs, want):
        try:
            got = ("ok", answer_text(e))
        except CuteDumpError:
            got = ("error", None)
        if got[0] != status or (status == "ok" and got[1] != text):
            bad.append((e, got, text))
    assert len(exprs) > 100 and not bad, bad[:3]


#: SS UMMA atoms by element width and major (operand A)
UMMA = {
    ("Float16", "K"): "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>",
    ("Float16", "MN"): "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,MN,MN>",
    ("BFloat16", "K"): "SM100_MMA_F16BF16_SS<bfloat16_t,bfloat16_t,float,128,256,K,K>",
    ("BFloat16", "MN"): "SM100_MMA_F16BF16_SS<bfloat16_t,bfloat16_t,float,128,256,MN,MN>",
    ("TFloat32", "K"): "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,128,256,K,K>",
    ("Float8E4M3FN", "K"): "SM100_MMA_F8F6F4_SS<float_e4m3_t,float_e4m3_t,float,128,256,K,K>",
}


def test_umma_descriptor_fragments_of_a_dsl_layout_are_its_twins():
    """``explain partition --fragment`` (UMMA::SmemDescriptor tensors) answers a tcgen05 atom and its twin alike."""
    done = answered = 0
    for ns, kind, dt in COMBOS:
        major = kind.split("_")[0]
        if ns != "tcgen05" or (dt, major) not in UMMA:
            continue
        bits = TYPES[dt][1]
        m, k = (128, 1024 // bits) if major == "K" else (128, 64)
        d = f"cute.tile_to_shape({dsl_atom(ns, kind, dt)}, ({m}, {k}), order=(0, 1))"
        c = f"tile_to_shape({cpp_atom(ns, kind, dt)}, make_shape(_{m}{{}},_{k}{{}}))"
        args = ["--mma", UMMA[dt, major], "--operand", "A", "--fragment", "--lang", "en", "--format", "json"]
        a, b = (run(["explain", "partition", *args, "--layout", x]) for x in (d, c))
        assert a == b, (ns, kind, dt)
        done += 1
        answered += a[0] == 0
    assert done >= 15 and answered >= 12


def test_kernel_audit_of_a_dsl_spelled_smem_layout_is_its_twins(tmp_path):
    """The wgmma example kernel with its smem layouts spelled as the DSL spells them: the same dump and bank audit
    (the old code refused it: the DSL atom's swizzle was taken as one of element offsets, not on the pointer)."""
    from pathlib import Path

    import cutedump

    # the installed package's example (CI runs the suite from a tree without the package, beside the wheel)
    src = Path(cutedump.__file__).resolve().parent / "kernel" / "examples" / "wgmma_sm90_tn.toml"
    text = src.read_text(encoding="utf-8")
    atom = dsl_atom("warpgroup", "K_SW128", "Float16")
    dsl = text
    for mn in ("bM", "bN"):
        cpp = f'expr = "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, ({mn},bK,bP))"'
        assert cpp in dsl
        dsl = dsl.replace(cpp, f'expr = "cute.tile_to_shape({atom}, ({mn},bK,bP), order=(0,1,2))"')
    p = tmp_path / "wgmma_dsl.toml"
    p.write_text(dsl, encoding="utf-8")
    a = run(["kernel", str(p), "--lang", "en"])
    b = run(["kernel", str(src), "--lang", "en"])
    assert a == b and a[0] == 0 and "conflicts 0" in a[1]


def test_a_six_bit_atom_warns_that_its_swizzle_is_taken_on_element_offsets():
    """A 6-bit element has no byte address of its own: the one hazard of the class is said, not answered silently."""
    from click.testing import CliRunner

    from cutedump.cli import command

    r = CliRunner().invoke(command("eval"), [dsl_atom("tcgen05", "K_SW128", "Float6E3M2FN")])
    assert r.exit_code == 0 and r.stdout == "S<3,4,3> o 0 o (8,170):(170,1)\n"  # the DSL's print (recorded corpus)
    assert r.stderr.startswith("warning: make_smem_layout_atom: Float6E3M2FN elements are 6 bits")


def test_a_dsl_swizzle_built_without_an_atom_says_it_has_no_width():
    """make_composed_layout(make_swizzle(..), 0, L) carries no element width: a shared-memory command says which
    meaning it answers (element offsets), once; an atom's layout gets the byte-address note instead."""
    from click.testing import CliRunner

    from cutedump.cli import command

    lay = "cute.make_composed_layout(cute.make_swizzle(3, 3, 3), 0, cute.make_layout((64, 64), stride=(64, 1)))"
    r = CliRunner().invoke(command("bank"), [lay, *_bank_args("K_SW128", "Float16")])
    assert r.exit_code == 0
    assert r.stderr.count("note:") == 1 and "carries no element width" in r.stderr
    atom = tiled(True, "warpgroup", "K_SW128", "Float16")
    r = CliRunner().invoke(command("bank"), [atom, *_bank_args("K_SW128", "Float16")])
    assert r.exit_code == 0 and r.stderr.startswith("note: S<3,4,3> acts on the byte addresses of 16-bit elements")
