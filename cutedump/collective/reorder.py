"""Examples 55 and 69's shuffled operands: a CuTe Layout type in the layout tag's place of CUTLASS's SM90 mixed-input
builder (GMMA_TMA_WS_RS, ``sm90_gmma_builder.inl:305``).

The examples reorder the quantized operand in global memory with the atom of
``cutlass::compute_memory_reordering_atom<MmaType[, AtomLayout[, ValLayout]]>()``
(``tools/util/include/cutlass/util/mixed_dtype_utils.hpp:351``, the same in CUTLASS 4.7) and hand the builder
``LayoutB_Reordered = decltype(cute::tile_to_shape(LayoutAtomQuant{}, Layout<Shape<int,int,int>, StrideB>{}))``
(example 69: ``Shape<int,int,Int<1>>``). The builder reads that Layout's stride for the majors
(``get_stride``: ``cutlass::detail::is_major``, the first leaf of each mode) and passes the Layout itself as the
collective's stride; the collective's SmemLayout of that operand is then
``make_layout_like(append(composition(Layout, tile), make_layout(Int<Stages>{}, 0)))``, unswizzled
(``cutlass/detail/collective/mixed_input_utils.hpp:514``, get_smem_layout).

Everything here is computed with cutedump's algebra (the atom's steps as the function writes them) and printed as
CuTe prints it.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from cutedump.collective.config import REORDER_ATOM_NAME, element, parse_reordered_type, reordered_type
from cutedump.errors import CuteDumpError
from cutedump.parse.tokens import top_level_split

#: where CUTLASS defines the atom (v4.2.0 and v4.7.0 alike) and where the collective lays out such an operand
ATOM_RULE = "tools/util/include/cutlass/util/mixed_dtype_utils.hpp:351, compute_memory_reordering_atom"
SMEM_RULE = "cutlass/detail/collective/mixed_input_utils.hpp:514, get_smem_layout"
#: the MmaType the option reads (rs_op_selector<T, T, float, Shape<_64,_16,_32>> has an RS GMMA for the first five;
#: CUTLASS refuses the 8-bit integers there: no GMMA with a float accumulator)
ATOM_ELEMENTS = ("half_t", "bfloat16_t", "float_e4m3_t", "float_e5m2_t", "tfloat32_t", "int8_t", "uint8_t")


class ReorderAtom(NamedTuple):
    """``compute_memory_reordering_atom<element, atom_layout, val_layout>()`` (the layouts as C++ types)."""

    element: str
    atom_layout: str = "Layout<_1>"
    val_layout: str = "Layout<_1>"

    @property
    def spelling(self) -> str:
        """The call as cutedump spells it (the JSON's ``reordering_atom.call``, the oracle's C++)."""
        targs = [self.element]
        if (self.atom_layout, self.val_layout) != ("Layout<_1>", "Layout<_1>"):
            targs += [self.atom_layout, self.val_layout]
        return f"cutlass::compute_memory_reordering_atom<{', '.join(targs)}>()"

    def stride_is_major(self, lay: str, mode: int) -> bool:
        """is_major<mode> of the Layout type ``lay`` tiled from this atom (Config's majors read it here)."""
        return stride_is_major(lay, self, mode)


def _split_targs(text: str) -> list[str]:
    return [x.strip() for x in top_level_split(text, "<(", ">)")]


def parse_atom(text: str) -> ReorderAtom:
    """``--reorder-atom``: ``[cutlass::]compute_memory_reordering_atom<MmaType[, AtomLayout[, ValLayout]]>()`` (the
    examples' ``LayoutAtomQuant``), the layouts as C++ types (``Layout<Shape<_2,_4>, Stride<_4,_1>>``)."""
    t = text.strip().removeprefix("decltype(").strip()
    if text.strip().startswith("decltype(") and t.endswith(")"):
        t = t[:-1].strip()
    t = t.removeprefix("cutlass::")
    head = "compute_memory_reordering_atom<"
    if not (t.startswith(head) and re.search(r">\s*\(\s*\)$", t)):
        raise CuteDumpError(
            f"--reorder-atom: {text.strip()!r} is not a call cutlass::compute_memory_reordering_atom<MmaType[, "
            "AtomLayout[, ValLayout]]>() (e.g. 'compute_memory_reordering_atom<bfloat16_t, Layout<Shape<_1,_1>>, "
            "Layout<Shape<_2,_4>,Stride<_4,_1>>>()', example 55's LayoutAtomQuant)"
        )
    inner = re.sub(r">\s*\(\s*\)$", "", t)[len(head) :]
    parts = _split_targs(inner)
    if not 1 <= len(parts) <= 3 or not all(parts):
        raise CuteDumpError(
            f"--reorder-atom: {text.strip()!r}: compute_memory_reordering_atom takes 1 to 3 template arguments "
            "(MmaType, AtomLayout, ValLayout)"
        )
    el = element(parts[0], "--reorder-atom", typed=text)
    el = "tfloat32_t" if el == "float" else el
    if el not in ATOM_ELEMENTS:
        raise CuteDumpError(
            f"--reorder-atom: {text.strip()!r}: MmaType {el}: GMMA's rs_op_selector has no RS operation for "
            f"{el} x {el} (the atom's MMA; it takes {', '.join(ATOM_ELEMENTS)})"
        )
    lays = [re.sub(r"\s+", "", p).replace("cute::", "") for p in parts[1:]]
    lays += ["Layout<_1>"] * (2 - len(lays))
    for what, lay in zip(("AtomLayout", "ValLayout"), lays):
        obj = _layout_obj(lay, text, what)
        from cutedump.algebra.integer import is_static  # start-up: as above
        from cutedump.algebra.inttuple import flatten_to_tuple  # start-up: as above

        if not all(is_static(x) for x in flatten_to_tuple(obj.shape) + flatten_to_tuple(obj.stride)):
            raise CuteDumpError(
                f'--reorder-atom: {text.strip()!r}: {what} {lay} is not static (static_assert: "{what} must be static")'
            )
    return ReorderAtom(el, *lays)


def _layout_obj(lay: str, text: str, what: str):
    from cutedump.algebra.layout import Layout  # start-up: as above
    from cutedump.expr.evaluation import evaluate  # start-up: as above

    try:
        obj = evaluate(lay + "{}")
    except CuteDumpError as e:
        raise CuteDumpError(f"--reorder-atom: {text.strip()!r}: {what} {lay!r} is no CuTe Layout type ({e})") from None
    if not isinstance(obj, Layout):
        raise CuteDumpError(f"--reorder-atom: {text.strip()!r}: {what} {lay!r} is no CuTe Layout type")
    return obj


def reordering_atom(atom: ReorderAtom):
    """compute_memory_reordering_atom's layout, its steps as CUTLASS writes them (mixed_dtype_utils.hpp:354-386)."""
    from cutedump.algebra import inttuple as it  # start-up: the algebra only when an answer is built
    from cutedump.algebra import layout as L  # start-up: as above
    from cutedump.algebra.integer import C, div  # start-up: as above
    from cutedump.atoms.mma import mma_atom  # start-up: as above
    from cutedump.collective.sm90 import Refused, ss_op  # start-up: the SM90 rules only when an answer is built

    # 1. the MMA atom: rs_op_selector<T, T, float, Shape<_64,_16,_32>> (majors K, K), its A TV layout, (M, K) shape;
    # a float accumulator for every T (int8_t has none: GMMA's "No eligible GMMA operator")
    mma = mma_atom(ss_op("float", atom.element, atom.element, (64, 16, 32), "K", "K", rs=True).value)
    tv = mma.layout_a_tv
    mk = (mma.shape_mnk[0], mma.shape_mnk[2])
    atom_layout = _layout_obj(atom.atom_layout, atom.spelling, "AtomLayout")
    val_layout = _layout_obj(atom.val_layout, atom.spelling, "ValLayout")
    if int(L.size(tv, 1)) % int(L.size(val_layout)):
        raise Refused("Value layout must evenly divide the MMA value layout", ATOM_RULE.replace(":351", ":367"))
    # 2. one warp's TV layout, inverted to (m,k) -> (thr,val)
    mk_warp = it.shape_div(mk, div(L.size(mma.thr_id), C(32)))
    tv_warp = L.make_layout_like(L.composition(tv, (C(32), L.size(tv, 1))))
    mk_layout_warp = L.with_shape(L.right_inverse(tv_warp), mk_warp)
    # 3. repeated AtomLayout times along K; 4. composed with each thread's values contiguous
    mk_target = L.blocked_product(mk_layout_warp, atom_layout)
    val_to_offset = L.logical_product(val_layout, div(L.size(tv, 1), L.size(val_layout)) * L.size(atom_layout))
    thr_to_offset = L.make_layout(L.size(tv_warp, 0))
    tv_to_offset = L.select(L.logical_product(val_to_offset, thr_to_offset), 1, 0)
    return L.composition(tv_to_offset, mk_target)


# ---------------------------------------------------------------------------------- the layout type's spelling
# (read by config.operand: config.py holds the spelling, this module the algebra)
ATOM_NAME = REORDER_ATOM_NAME
canonical_type = reordered_type
parse_type = parse_reordered_type


def is_layout_type(lay: str) -> bool:
    return lay.startswith("decltype(cute::tile_to_shape(")


def batch_static(lay: str) -> bool:
    return "Shape<int,int,Int<1>>" in lay


def gmem_layout(lay: str, atom: ReorderAtom):
    """The Layout type's value as the builder holds it, ``tile_to_shape(LayoutAtomQuant{}, Layout<Shape<int,int,
    int>, Stride>{})`` (dynamic extents 0, as ``{}`` makes them)."""
    from cutedump.algebra import layout as L  # start-up: as above
    from cutedump.algebra.integer import C  # start-up: as above

    return L.tile_to_shape(reordering_atom(atom), (0, 0, C(1) if batch_static(lay) else 0))


def stride_is_major(lay: str, atom: ReorderAtom, mode: int) -> bool:
    """cutlass::detail::is_major<mode> of the Layout (layout.hpp:205): the first leaf of the stride's mode is
    Int<1>."""
    from cutedump.algebra.integer import is_constant  # start-up: as above
    from cutedump.algebra.inttuple import flatten_to_tuple  # start-up: as above

    return is_constant(1, flatten_to_tuple(gmem_layout(lay, atom).stride[mode])[0])


def front(lay: str, atom: ReorderAtom, mode: int) -> str:
    from cutedump.algebra.inttuple import flatten_to_tuple, fmt  # start-up: as above

    return fmt(flatten_to_tuple(gmem_layout(lay, atom).stride[mode])[0])


def smem_layout_text(lay: str, atom: ReorderAtom, mn: int, k: int, stages: int) -> str:
    """get_smem_layout of a Layout type: make_layout_like(append(composition(Layout, (MN, K)), make_layout(
    Int<Stages>{}, 0))), printed (an expression cutedump.expr evaluates to itself)."""
    from cutedump.algebra import layout as L  # start-up: as above
    from cutedump.algebra.integer import C  # start-up: as above

    g = L.composition(gmem_layout(lay, atom), (C(mn), C(k)))
    return str(L.make_layout_like(L.append(g, L.make_layout(C(stages), 0))))
