"""Examples 55 and 69's shuffled operands asked host-only with g++: CUTLASS 4.2's SM90 mixed-input builder given a
reordered CuTe Layout type in a layout tag's place (``LayoutB_Reordered = decltype(cute::tile_to_shape(
LayoutAtomQuant{}, Layout<Shape<int,int,int>, StrideB>{}))``, ``LayoutAtomQuant`` from
``cutlass::compute_memory_reordering_atom<..>()``).

The programs are gen_collective_mixed.py's, with the atom's function pasted verbatim (mixed_reorder_atom.h: its
header also declares CUDA kernels, which g++ cannot read) and two more printers per configuration: the atom and the
Layout type's value (``reorder.atom``, ``reorder.layout_a|b``). Answers are recorded (tests/oracle/records.py).
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

from cutedump.collective import reorder as Q
from cutedump.collective.config import Config, Operand, operand_with
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_mixed as M

PRELUDE = M.PRELUDE + (Path(__file__).resolve().parent / "mixed_reorder_atom.h").read_text()

#: the examples' StrideA/StrideB (TagToStride of their K-major tags; tile_to_shape reads only the Layout's shape)
_STRIDES = {
    "StrideA": "cutlass::detail::TagToStrideA_t<cutlass::layout::RowMajor>",
    "StrideB": "cutlass::detail::TagToStrideB_t<cutlass::layout::ColumnMajor>",
}


def _atom_cpp(atom: Q.ReorderAtom) -> str:
    targs = [G._CPP_TYPE[atom.element]]
    if (atom.atom_layout, atom.val_layout) != ("Layout<_1>", "Layout<_1>"):
        targs += [atom.atom_layout, atom.val_layout]
    return f"decltype(cutlass::compute_memory_reordering_atom<{', '.join(targs)}>())"


def cpp_body(cfg: Config) -> str:
    """gen_collective_mixed.cpp_body with each Layout-typed operand's ``using LayoutX_Reordered = decltype(
    cute::tile_to_shape(LayoutAtomQuant{}, Layout<Shape<int,int,int|Int<1>>, StrideX>{}))`` (as the examples write
    it) and the atom and Layout printed."""
    body = M.cpp_body(cfg)
    pre = f"  using LayoutAtomQuant = {_atom_cpp(cfg.reorder_atom)};\n"
    prints = '  cd_print("reorder.atom", LayoutAtomQuant{});\n'
    for w, op in (("A", cfg.a), ("B", cfg.b)):
        if not Q.is_layout_type(op.layout):
            continue
        stride = op.layout.split(", ")[-1].split(">")[0]  # StrideA / StrideB
        if f"using {stride} " not in pre:
            pre += f"  using {stride} = {_STRIDES[stride]};\n"
        name = f"Layout{w}_Reordered"
        pre += (
            f"  using {name} = {op.layout.replace('decltype(cute::tile_to_shape', 'decltype(cute::tile_to_shape')};\n"
        )
        tag = f"cutlass::layout::{op.layout}"
        assert tag in body, (tag, body)
        body = body.replace(tag, name)
        prints += f'  cd_print("reorder.layout_{w.lower()}", {name}{{}});\n'
    return pre + body.replace("  cd_mainloop<Main>();\n", prints + "  cd_mainloop<Main>();\n", 1)


def ask(configs: list[Config], chunk: int = 8) -> list[dict]:
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        outs += run_cases([cpp_body(c) for c in configs[i : i + chunk]], prelude=PRELUDE, extra_flags=G.FLAGS)
    return [M._fix(G.parse_answer(o), o) for o in outs]


def refusals(configs: list[Config]) -> list[str]:
    srcs = [G.refusal_unit(cpp_body(c)) for c in configs]
    text = "pch\0" + "\0".join(G.FLAGS) + PRELUDE + "\0".join(srcs)
    key = "collective-shuffled-err-" + hashlib.sha256(text.encode()).hexdigest()[:24]
    return G.syntax_verdicts(srcs, PRELUDE, key, what=f"CUTLASS's refusals of {len(configs)} shuffled collectives")


# ------------------------------------------------------------------------------------------- configurations

#: the examples' atoms: 55/69 int4 x bf16 (ValueShuffle [0,2,4,6,1,3,5,7], one MMA atom) and int4 x fp8 (default)
VALUE_SHUFFLE = "Layout<Shape<_2,_4>,Stride<_4,_1>>"
BF16_ATOM = Q.ReorderAtom("bfloat16_t", "Layout<Shape<_1,Int<1>>>", VALUE_SHUFFLE)
FP8_ATOM = Q.ReorderAtom("float_e4m3_t")


def _reordered(op: Operand, batch_static: bool, stride: str = "StrideB") -> Operand:
    return operand_with(op.element, Q.canonical_type(batch_static, stride), op.scale)


def examples() -> dict[str, list[Config]]:
    """The shuffled pairs as the sources write them (cutlass v4.2.0 examples 55 and 69): the builder's A the
    quantized operand as ``LayoutB_Reordered`` (55: ``Shape<int,int,int>``; 69: ``Shape<int,int,Int<1>>``, a
    pointer), the rest as the sources' unshuffled twins (gen_collective_mixed.examples / examples_69)."""
    ex55 = M.examples()["55_hopper_int4_bf16_gemm"]
    ex69 = M.examples_69()

    def shuf(cfg, atom, batch_static):
        return cfg._replace(a=_reordered(cfg.a, batch_static), reorder_atom=atom)

    return {
        # ConvertOnlyShuffled, ScaleOnlyShuffled, ScaleWithZeroPointShuffled
        "55_hopper_int4_bf16_gemm": [shuf(c, BF16_ATOM, False) for c in ex55],
        # GemmShuffled: the lookup-table scale cutlass::Array<float_e4m3_t, 8>
        "55_hopper_int4_fp8_gemm": [shuf(ex69["55_hopper_int4_fp8_gemm"][0][0], FP8_ATOM, False)],
        # ConvertOnlyShuffled, ScaleOnlyShuffled (LayoutB_Reordered *)
        "69_hopper_int4_bf16_grouped_gemm": [
            shuf(c, BF16_ATOM, True) for c, w in ex69["69_hopper_int4_bf16_grouped_gemm"] if w == "mixed"
        ],
        # GemmShuffled (LayoutB_Reordered *, the lookup-table scale)
        "69_hopper_int4_fp8_grouped_gemm": [
            shuf(c, FP8_ATOM, True) for c, w in ex69["69_hopper_int4_fp8_grouped_gemm"] if w == "mixed"
        ],
    }


#: the atom's MmaType where it is not the wide type (int8_t: CUTLASS's refusal, no GMMA with a float accumulator)
OTHER_ATOM_ELEMENTS = ["half_t", "bfloat16_t", "float_e4m3_t", "float_e5m2_t", "int8_t"]
ATOM_LAYOUTS = ["Layout<_1>"] * 4 + ["Layout<Shape<_1,_2>>", "Layout<Shape<_1,_4>>"]
VAL_LAYOUTS = (
    ["Layout<_1>"] * 3 + [VALUE_SHUFFLE] * 2 + ["Layout<Shape<_4,_2>,Stride<_2,_1>>", "Layout<_2>", "Layout<_3>"]
)


def generated(n: int, seed: int) -> list[Config]:
    """``n`` shuffled configurations over the mixed-input generators' space (gen_collective_mixed: plain, scaled,
    lookup-table and grouped/batched), refusals included: the narrow operand (A or B) given the reordered Layout
    type (now and then the wide one instead, or both), the atom's MmaType the wide type mostly (else another type
    GMMA's RS selector takes), AtomLayout 1, 2 or 4 MMA atoms along K, ValLayout none, example 55's shuffle or
    others (some not dividing the MMA's values: compute_memory_reordering_atom's static_assert), the batch extent int
    or Int<1>."""
    rng = random.Random(seed)
    pool = (
        M.generated(n, seed + 100)
        + M.generated_scaled(n, seed + 200)
        + M.generated_lut(n // 2, seed + 300)
        + M.generated_grouped(n, seed + 400)
    )
    rng.shuffle(pool)
    out = []
    for c in pool[:n]:
        narrow = "a" if c.a.bits < c.b.bits else "b"
        wide = "b" if narrow == "a" else "a"
        r = rng.random()
        which = [narrow] if r < 0.85 else [wide] if r < 0.93 else [narrow, wide]
        w_el = getattr(c, wide).element
        el = w_el if rng.random() < 0.8 and w_el in Q.ATOM_ELEMENTS else rng.choice(OTHER_ATOM_ELEMENTS)
        atom = Q.ReorderAtom(el, rng.choice(ATOM_LAYOUTS), rng.choice(VAL_LAYOUTS))
        bs = rng.random() < (0.7 if c.grouped else 0.2)
        kw = {w: _reordered(getattr(c, w), bs, "StrideA" if w == "a" else "StrideB") for w in which}
        out.append(c._replace(reorder_atom=atom, **kw))
    return out
