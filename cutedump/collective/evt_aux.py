"""The Aux tensor nodes of a custom epilogue visitor tree (cutedump.collective.evt): Sm90AuxLoad (an M x N input read
by TMA into smem, cutlass/epilogue/fusion/sm90_visitor_load_tma_warpspecialized.hpp:203) and Sm90AuxStore (an
output written through smem by TMA, sm90_visitor_store_tma_warpspecialized.hpp:59), as CUTLASS 4.2 (and 4.7) define
them; the SM100 and SM120 callbacks are built of the same nodes.

Template parameters::

    Sm90AuxLoad <Stages, EpilogueTile, Element,             StrideMNL, SmemLayoutAtom, CopyOpS2R[, Alignment, EnableNullptr]>
    Sm90AuxStore<Stages, EpilogueTile, Element, RoundStyle, StrideMNL, SmemLayoutAtom, CopyOpR2S[, Alignment, EnableNullptr]>

Each keeps ``Stages`` epilogue tiles in smem: ``SmemLayout = tile_to_shape(tile_to_shape(SmemLayoutAtom, (EPI_M,
EPI_N), step), (EPI_M, EPI_N, Stages), step)`` (step: M-major first when ``is_m_major<StrideMNL>``), held in
``alignas(alignment_for_swizzle(SmemLayout)) array_aligned<Element, size(SmemLayout)>``. ``Stages`` 0 is CUTLASS's
partial specialization: no smem (an empty SharedStorage), StrideMNL then a layout tag or a stride. The node's
``static_assert(Alignment * sizeof_bits_v<Element> % 128 == 0, "sub-16B alignment not supported yet")`` comes first,
then tile_to_shape's ("block shape does not divide the target shape").

Spellings read: the EpilogueTile a static ``Shape<_M,_N>``; StrideMNL a ``cute::Stride<..>``,
``cutlass::gemm::TagToStrideC_t<cutlass::layout::RowMajor>`` (or ``cutlass::detail::``) or, with Stages 0, a layout
tag; the SmemLayoutAtom a ``GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>`` or the builders' helper
``decltype(cutlass::epilogue::collective::detail::sm90_get_epilogue_smem_swizzle_layout_atom<Stride, Element,
EpilogueTile>())``; the copy op a CuTe copy operation's name or the helpers
``decltype(...::sm90_get_smem_load_op_for_source<Stride, Element, EpilogueTile>())`` /
``decltype(...::sm90_get_smem_store_op_for_accumulator<Stride, Element, EpilogueTile>())``, as CUTLASS's
AuxLoadDescriptor / AuxStoreDescriptor (cutlass/epilogue/collective/builders/sm90_builder.inl:409, :430) spell them.
"""

from __future__ import annotations

from typing import NamedTuple

from cutedump.errors import CuteDumpError
from cutedump.parse.tokens import top_level_split

VL = "cutlass/epilogue/fusion/sm90_visitor_load_tma_warpspecialized.hpp"
VS = "cutlass/epilogue/fusion/sm90_visitor_store_tma_warpspecialized.hpp"
#: where each node's SharedStorage is (the primary template's; Stages 0: the empty specialization)
RULES = {
    "Sm90AuxLoad": (f"{VL}:232", f"{VL}:451"),
    "Sm90AuxStore": (f"{VS}:87", f"{VS}:299"),
}
#: template parameters, the required ones (Alignment and EnableNullptr have defaults)
PARAMS = {
    "Sm90AuxLoad": ("Stages", "EpilogueTile", "Element", "StrideMNL", "SmemLayoutAtom", "CopyOpS2R"),
    "Sm90AuxStore": ("Stages", "EpilogueTile", "Element", "RoundStyle", "StrideMNL", "SmemLayoutAtom", "CopyOpR2S"),
}
#: the CuTe copy operations an Aux node's smem copy may name (cute/arch/copy_sm75.hpp, copy_sm90.hpp, copy.hpp)
COPY_OPS = (
    "SM75_U32x1_LDSM_N",
    "SM75_U32x2_LDSM_N",
    "SM75_U32x4_LDSM_N",
    "SM75_U16x2_LDSM_T",
    "SM75_U16x4_LDSM_T",
    "SM75_U16x8_LDSM_T",
    "SM90_U32x1_STSM_N",
    "SM90_U32x2_STSM_N",
    "SM90_U32x4_STSM_N",
    "SM90_U16x2_STSM_T",
    "SM90_U16x4_STSM_T",
    "SM90_U16x8_STSM_T",
    "DefaultCopy",
    "AutoVectorizingCopy",
    "AutoVectorizingCopyWithAssumedAlignment",
)
#: cute/arch/copy.hpp:81, :87: the aliases of the auto-vectorizing copy (the class CUTLASS names)
COPY_ALIASES = {
    "DefaultCopy": "AutoVectorizingCopyWithAssumedAlignment",
    "AutoVectorizingCopy": "AutoVectorizingCopyWithAssumedAlignment",
}
HELPER_NS = "cutlass::epilogue::collective::detail::"
ATOM_HELPER = "sm90_get_epilogue_smem_swizzle_layout_atom"
LOAD_HELPER = "sm90_get_smem_load_op_for_source"
STORE_HELPER = "sm90_get_smem_store_op_for_accumulator"
#: the swizzles of the GMMA smem atoms (cute/atom/mma_traits_sm90_gmma.hpp) and their row bytes
SWIZZLES = {"INTER": (0, 16), "SW32": (1, 32), "SW64": (2, 64), "SW128": (3, 128)}
TAGS = {"RowMajor": "cute::Stride<int64_t, cute::Int<1>, int64_t>", "ColumnMajor": "cute::Stride<cute::Int<1>, int64_t, int64_t>"}  # fmt: skip


class Aux(NamedTuple):
    """One Aux node as CUTLASS instantiates it."""

    name: str  # Sm90AuxLoad | Sm90AuxStore
    stages: int
    em: int
    en: int
    element: str
    bits: int
    stride: str | None  # the StrideMNL (canonical cute::Stride spelling); None: a layout tag (Stages 0 only)
    tag: str | None  # the layout tag given (Stages 0)
    m_major: bool  # epilogue::collective::detail::is_m_major<StrideMNL>
    atom: str  # GMMA::Layout_<major>_<swizzle>_Atom<T> (a helper resolved)
    atom_helper: bool  # given as the builders' helper
    copy_op: str  # the copy operation's name (a helper resolved; "void": the store helper's none)
    copy_helper: str | None  # the helper's name when given as one
    alignment: int
    enable_nullptr: bool
    round_style: str | None  # Sm90AuxStore's

    @property
    def smem_elements(self) -> int:
        return self.em * self.en * self.stages

    @property
    def swizzle_alignment(self) -> int:
        """alignment_for_swizzle(SmemLayout) (cutlass/detail/layout.hpp:420): 1 << (B + M + S) of the atom's
        Swizzle<B,4,3>."""
        return 1 << (SWIZZLES[self.atom.split("_")[2]][0] + 4 + 3)

    def storage(self) -> tuple[int, int]:
        """sizeof and alignof the node's SharedStorage (0, 1: an empty struct)."""
        if self.stages == 0:
            return 0, 1
        al = max(self.swizzle_alignment, 16)  # array_aligned: 16; the member alignas the swizzle's
        nbytes = self.smem_elements * self.bits // 8
        return -(-nbytes // al) * al, al

    def smem_layout_expr(self) -> str:
        """SmemLayout as a cutedump expression (the node's two tile_to_shape)."""
        s2, s3 = ("Step<_2,_1>{}", "Step<_2,_1,_3>{}") if self.m_major else ("Step<_1,_2>{}", "Step<_1,_2,_3>{}")
        return (
            f"tile_to_shape(tile_to_shape({self.atom}{{}}, make_shape(_{self.em},_{self.en}), {s2}), "
            f"make_shape(_{self.em},_{self.en},_{self.stages}), {s3})"
        )


def _strip(t: str) -> str:
    for ns in (
        "cutlass::epilogue::fusion::",
        "cutlass::epilogue::thread::",
        "cutlass::layout::",
        "cutlass::",
        "cute::",
    ):
        t = t.replace(ns, "")
    return t.strip()


def _split(text: str) -> list[str]:
    """Template arguments at depth 0, stripped, empty ones left out."""
    return [x.strip() for x in top_level_split(text) if x.strip()]


def _check_element(a: str, node, whole: str) -> str:
    from cutedump.collective.config import element  # start-up: as the caller

    return element(a, f"--fusion ({node.name})", typed=whole)


def smem_atom(major: str, element: str, em: int, en: int) -> str | None:
    """ss_smem_selector (cutlass/gemm/collective/builders/sm90_common.inl:273) over the epilogue tile, as
    sm90_get_epilogue_smem_swizzle_layout_atom asks it: the widest GMMA swizzle whose row divides the tile's
    contiguous mode (M for MN-major, N for K-major); None: none does."""
    from cutedump.collective.config import ELEMENT_BITS  # start-up: as the caller

    extent = em if major == "MN" else en
    if em % 8 or en % 8:
        return None
    for swz in ("SW128", "SW64", "SW32", "INTER"):
        if extent % (SWIZZLES[swz][1] * 8 // ELEMENT_BITS[element]) == 0:
            return f"GMMA::Layout_{major}_{swz}_Atom<{element}>"
    return None


#: sm90_get_smem_load_op_for_source: the ldmatrix matching each stmatrix (sm90_common.inl:70)
LOAD_FOR_STORE = {
    "SM90_U16x8_STSM_T": "SM75_U16x8_LDSM_T",
    "SM90_U16x4_STSM_T": "SM75_U16x4_LDSM_T",
    "SM90_U32x4_STSM_N": "SM75_U32x4_LDSM_N",
    "SM90_U32x2_STSM_N": "SM75_U32x2_LDSM_N",
}
ROUND_STYLES = ("round_to_nearest", "round_toward_zero", "round_indeterminate", "round_half_ulp_truncate")


def _bad(node, whole: str, what: str):
    return CuteDumpError(f"--fusion: {node.name}'s {what}; got {node.text!r} in {whole.strip()!r}")


def _static_int(p: str) -> int | None:
    p = _strip(p).replace(" ", "")
    if p.startswith("_") and p[1:].isdigit():
        return int(p[1:])
    if p.startswith(("Int<", "C<")) and p.endswith(">") and p[p.index("<") + 1 : -1].isdigit():
        return int(p[p.index("<") + 1 : -1])
    return None


def epilogue_tile(text: str, node, whole: str) -> tuple[int, int]:
    t = _strip(text).replace(" ", "")
    if not t.startswith("Shape<") or not t.endswith(">"):
        raise _bad(node, whole, f"EpilogueTile is a static cute::Shape<_M,_N> (got {text.strip()!r})")
    vals = [_static_int(p) for p in _split(t[6:-1])]
    if len(vals) != 2 or None in vals or 0 in vals:
        raise _bad(node, whole, f"EpilogueTile is a static cute::Shape<_M,_N> (got {text.strip()!r})")
    return vals[0], vals[1]


def stride(text: str, node, whole: str) -> tuple[str | None, str | None]:
    """(the canonical stride spelling, the layout tag): TagToStrideC_t of a tag is its stride."""
    from cutedump.collective import stride as S  # start-up: as the caller

    t = _strip(text).replace(" ", "").replace("layout::", "")
    for head in ("gemm::TagToStrideC_t<", "detail::TagToStrideC_t<"):
        if t.startswith(head) and t.endswith(">"):
            tag = t[len(head) : -1]
            if tag not in TAGS:
                raise _bad(node, whole, f"StrideMNL: TagToStrideC_t of RowMajor or ColumnMajor (got {text.strip()!r})")
            return TAGS[tag], None
    if t in TAGS:
        return None, t
    if S.looks_like_stride(t):
        s = S.parse(t, f"--fusion ({node.name}'s StrideMNL)", whole)
        if S.rank(s, "c") != 3:
            raise _bad(node, whole, f"StrideMNL is a rank-3 [M, N, L] stride (got {text.strip()!r})")
        return s, None
    raise _bad(
        node,
        whole,
        "StrideMNL is a cute::Stride<..>, cutlass::gemm::TagToStrideC_t<cutlass::layout::RowMajor or ColumnMajor> "
        f"or (with Stages 0) the layout tag (got {text.strip()!r})",
    )


def _helper_args(text: str, helper: str, node, whole: str) -> list[str] | None:
    """The template arguments of ``decltype(<ns>helper<Stride, Element, EpilogueTile>())``; None when ``text`` is
    not that helper."""
    t = text.strip()
    inner = t.replace(" ", "")
    if not inner.startswith("decltype("):
        return None
    body = inner[len("decltype(") : -1] if inner.endswith(")") else ""
    for ns in (HELPER_NS, "epilogue::collective::detail::", "collective::detail::", "detail::", ""):
        if body.startswith(ns + helper + "<") and body.endswith(">()"):
            args = _split(body[len(ns + helper) + 1 : -3])
            if len(args) != 3:
                raise _bad(node, whole, f"{helper} takes <GmemStrideType, Element, EpilogueTile_MN>")
            return args
    return None


def _helper_values(args: list[str], node, whole: str) -> tuple[str, str, tuple[int, int]]:
    s, tag = stride(args[0], node, whole)
    if s is None:  # the helpers read is_major of a stride: the builders pass TagToStrideC_t of the tag
        raise _bad(
            node,
            whole,
            f"builders' helpers take the GmemStrideType (cutlass::gemm::TagToStrideC_t<cutlass::layout::{tag}>), "
            f"not the layout tag",
        )
    return s, _check_element(args[1], node, whole), epilogue_tile(args[2], node, whole)


def _atom(text: str, node, whole: str) -> tuple[str, bool]:
    from cutedump.collective import stride as S  # start-up: as the caller

    args = _helper_args(text, ATOM_HELPER, node, whole)
    if args is not None:
        s, el, (em, en) = _helper_values(args, node, whole)
        if S.is_major(s, "c", 0):
            major = "MN"
        elif S.is_major(s, "c", 1):
            major = "K"
        else:
            raise _bad(node, whole, f"{ATOM_HELPER}'s stride is major in neither M nor N (Unsupported gmem layout.)")
        atom = smem_atom(major, el, em, en)
        if atom is None:
            raise CuteDumpError(
                f"--fusion: {node.name}'s {ATOM_HELPER} over the epilogue tile ({em},{en}) of {el} (a tile whose "
                f"modes are not multiples of 8, or no GMMA swizzle row dividing it) is not modelled; in "
                f"{whole.strip()!r}"
            )
        return atom, True
    t = _strip(text).replace(" ", "").removeprefix("SM90::").removeprefix("GMMA::")
    parts = t.split("_", 3)
    if (
        len(parts) == 4
        and parts[0] == "Layout"
        and parts[1] in ("K", "MN")
        and parts[2] in SWIZZLES
        and parts[3].startswith("Atom<")
        and t.endswith(">")
    ):
        el = _check_element(parts[3][5:-1], node, whole)
        return f"GMMA::Layout_{parts[1]}_{parts[2]}_Atom<{el}>", False
    raise _bad(
        node,
        whole,
        "SmemLayoutAtom is a cute::GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T> or "
        f"decltype({HELPER_NS}{ATOM_HELPER}<Stride, Element, EpilogueTile>()) (got {text.strip()!r})",
    )


def _copy_op(text: str, node, whole: str) -> tuple[str, str | None]:
    from cutedump.collective import stride as S  # start-up: as the caller
    from cutedump.collective.config import ELEMENT_BITS  # start-up: as the caller

    for helper in (LOAD_HELPER, STORE_HELPER):
        args = _helper_args(text, helper, node, whole)
        if args is None:
            continue
        s, el, (_, en) = _helper_values(args, node, whole)
        # sm90_common.inl:42: 2-byte elements whose stride's mode 0 (then mode 1) has size 1 take stmatrix
        op = "AutoVectorizingCopyWithAssumedAlignment"
        if ELEMENT_BITS[el] == 16 and (S.mode_size(s, "c", 0) == 1 or S.mode_size(s, "c", 1) == 1):
            t = S.mode_size(s, "c", 0) == 1
            op = (
                ("SM90_U16x8_STSM_T" if t else "SM90_U32x4_STSM_N")
                if en % 16 == 0
                else ("SM90_U16x4_STSM_T" if t else "SM90_U32x2_STSM_N")
                if en % 8 == 0
                else "void"
            )
        if helper == LOAD_HELPER:
            op = LOAD_FOR_STORE.get(op, "AutoVectorizingCopyWithAssumedAlignment")
        return op, helper
    t = _strip(text).replace(" ", "")
    name = t.split("<", 1)[0]
    if name == "AutoVectorizingCopyWithAssumedAlignment" and "<" not in t:
        raise _bad(node, whole, "AutoVectorizingCopyWithAssumedAlignment takes its <MaxVecBits> (a class template)")
    if name in COPY_OPS:
        return COPY_ALIASES.get(name, name), None
    raise _bad(
        node,
        whole,
        f"copy operation is a CuTe copy op ({', '.join(COPY_OPS)}) or decltype({HELPER_NS}{LOAD_HELPER} / "
        f"{STORE_HELPER}<Stride, Element, EpilogueTile>()) (got {text.strip()!r})",
    )


def read(node, whole: str) -> Aux:
    """The node's template arguments read (one error line for what does not parse or is not modelled)."""
    from cutedump.collective.config import ELEMENT_BITS  # start-up: as the caller

    a = node.args
    need = PARAMS[node.name]
    if len(a) > len(need) + 2:
        raise _bad(node, whole, f"template parameters are {', '.join(need)}, Alignment, EnableNullptr")
    if not a[0].strip().isdigit():
        raise _bad(node, whole, f"Stages is an integer (got {a[0].strip()!r})")
    stages = int(a[0])
    em, en = epilogue_tile(a[1], node, whole)
    el = _check_element(a[2], node, whole)
    bits = ELEMENT_BITS[el]
    if bits < 8:
        raise CuteDumpError(
            f"--fusion: a sub-byte {node.name} ({a[2].strip()}: CUTLASS's uint1b_t specializations keep no smem, "
            f"the others are untested) is not modelled; in {whole.strip()!r}"
        )
    rs = None
    k = 3
    if node.name == "Sm90AuxStore":
        rs = _strip(a[3]).replace("FloatRoundStyle::", "")
        if rs not in ROUND_STYLES:
            raise _bad(node, whole, f"RoundStyle is a cutlass::FloatRoundStyle ({', '.join(ROUND_STYLES)})")
        k = 4
    s, tag = stride(a[k], node, whole)
    if tag is not None and stages:
        raise CuteDumpError(
            f"--fusion: {node.name} with Stages {stages} takes StrideMNL as a stride type (a layout tag only with "
            f"Stages 0, whose specialization reads it with TagToStrideC_t): spell it "
            f"cutlass::gemm::TagToStrideC_t<cutlass::layout::{tag}>; got {node.text!r}"
        )
    atom, atom_helper = _atom(a[k + 1], node, whole)
    op, helper = _copy_op(a[k + 2], node, whole)
    align = 128 // bits
    if len(a) > k + 3:
        if not a[k + 3].strip().isdigit():
            raise _bad(node, whole, f"Alignment is an integer (got {a[k + 3].strip()!r})")
        align = int(a[k + 3])
    nullptr = True
    if len(a) > k + 4:
        v = a[k + 4].strip()
        if v not in ("true", "false"):
            raise _bad(node, whole, f"EnableNullptr is true or false (got {v!r})")
        nullptr = v == "true"
    from cutedump.collective import stride as S  # start-up: as the caller

    m_major = s is not None and S.is_major(s, "c", 0)
    return Aux(node.name, stages, em, en, el, bits, s, tag, m_major, atom, atom_helper, op, helper, align, nullptr, rs)


def refusal(x: Aux) -> tuple[str, str] | None:
    """The node's first static_assert (message, where), None when CUTLASS instantiates it: the primary template's
    alignment check, then tile_to_shape's divisibility of the epilogue tile by the smem atom."""
    if x.stages == 0:
        return None
    line = f"{VL}:214" if x.name == "Sm90AuxLoad" else f"{VS}:72"
    if (x.alignment * x.bits) % 128:
        return "sub-16B alignment not supported yet", line
    rows, cols = atom_shape(x.atom)
    if x.em % rows or x.en % cols:
        return (
            "tile_to_shape: block shape does not divide the target shape.",
            f"cute/layout.hpp:1792 (the node's SmemLayoutTma: {x.atom}'s ({rows},{cols}) over the epilogue tile "
            f"({x.em},{x.en}))",
        )
    return None


def atom_shape(atom: str) -> tuple[int, int]:
    """The (M, N) shape of a GMMA smem atom over the epilogue tile: K-major (N contiguous): (8, row bytes / T);
    MN-major (M contiguous): (row bytes / T, 8)."""
    from cutedump.collective.config import ELEMENT_BITS  # start-up: as the caller

    _, major, swz, rest = atom.split("_", 3)
    span = SWIZZLES[swz][1] * 8 // ELEMENT_BITS[rest[5:-1]]
    return (8, span) if major == "K" else (span, 8)


def stride_cpp(text: str, node) -> str:
    """A StrideMNL in C++ as it was given: a tag, TagToStrideC_t of a tag, or the stride."""
    s, tag = stride(text, node, node.text)
    t = _strip(text).replace(" ", "").replace("layout::", "")
    if tag is not None:
        return f"cutlass::layout::{tag}"
    for ns in ("gemm", "detail"):
        if t.startswith(f"{ns}::TagToStrideC_t<"):
            return f"cutlass::{ns}::TagToStrideC_t<cutlass::layout::{t[len(ns) + 17 : -1]}>"
    return s


def cpp(x: Aux, node, ty) -> str:
    """The node in C++ with every namespace (the helpers spelled as given)."""
    ns = "cutlass::epilogue::fusion::"
    tile = f"cute::Shape<cute::_{x.em}, cute::_{x.en}>"
    k = 4 if x.name == "Sm90AuxStore" else 3
    a = node.args
    st = stride_cpp(a[k], node)

    def helper_args(text: str, helper: str) -> str:
        args = _helper_args(text, helper, node, node.text)
        em, en = epilogue_tile(args[2], node, node.text)
        return f"{stride_cpp(args[0], node)}, {ty(args[1])}, cute::Shape<cute::_{em}, cute::_{en}>"

    if x.atom_helper:
        atom = f"decltype({HELPER_NS}{ATOM_HELPER}<{helper_args(a[k + 1], ATOM_HELPER)}>())"
    else:
        el = x.atom[x.atom.index("<") + 1 : -1]
        atom = f"cute::{x.atom[: x.atom.index('<')]}<{ty(el)}>"
    if x.copy_helper is not None:
        op = f"decltype({HELPER_NS}{x.copy_helper}<{helper_args(a[k + 2], x.copy_helper)}>())"
    else:
        op = f"cute::{_strip(a[k + 2]).replace(' ', '')}"
    parts = [str(x.stages), tile, ty(x.element)]
    if x.name == "Sm90AuxStore":
        parts.append(f"cutlass::FloatRoundStyle::{x.round_style}")
    parts += [st, atom, op]
    if len(a) > k + 3:
        parts.append(str(x.alignment))
    if len(a) > k + 4:
        parts.append("true" if x.enable_nullptr else "false")
    return f"{ns}{x.name}<{', '.join(parts)}>"


def fields(x: Aux) -> dict:
    """The node's JSON fields (what the oracle prints of it): its smem layout (Stages > 0), the copy op, its
    SharedStorage's size and alignment."""
    from cutedump.expr import evaluate_to_string  # start-up: the expression engine only for an answer

    size, align = x.storage()
    out = {"node": x.name, "stages": x.stages, "element": x.element, "copy_op": x.copy_op}
    if x.stages:
        out["m_major"] = int(x.m_major)
        out["smem_layout_atom"] = evaluate_to_string(x.atom + "{}")
        out["smem_layout"] = evaluate_to_string(x.smem_layout_expr())
    out["shared_storage_bytes"] = size or 1
    out["shared_storage_align"] = align
    return out
