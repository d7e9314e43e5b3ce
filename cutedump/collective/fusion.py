"""The epilogue's fusion operation (``--fusion``): CUTLASS 4.2's ``cutlass::epilogue::fusion`` operations
(cutlass/epilogue/fusion/operations.hpp) as rows of data, and what each adds to the TMA epilogues' SharedStorage
(its FusionCallbacks' SharedStorage: SM90's in sm90.py, sm90_callbacks_tma_warpspecialized.hpp; SM100's and SM120's in
fusion_sm1xx.py, sm100/sm120_callbacks_tma_warpspecialized.hpp, whose block-scale-factor operations -- examples 72b
and 79b -- also write D's scale factors, SFD, laid out by Sm1xxBlockScaledOutputConfig).

A fusion is spelled as CUTLASS names it, the activation (for the ``...EltAct`` operations) as its
``cutlass::epilogue::thread`` functor: ``LinCombEltAct<ReLu>``, ``LinCombPerRowBias``,
``ScaledLinCombPerRowBiasEltActAmaxAux<ReLU>``. The element types the operation takes after the activation are the
configuration's (ElementOutput = D, ElementCompute = the accumulator, ElementSource = C) and CUTLASS's defaults for
the rest (ElementBias = ElementAux = ElementOutput, ElementAmax = ElementScalar = ElementCompute); an Aux tensor's
layout is D's (as CUTLASS's examples 54 and 67 write it).
"""

from __future__ import annotations

from typing import NamedTuple

from cutedump.collective.evt import ACTIVATIONS  # the activation functors (an EVT's Sm90Compute takes them too)
from cutedump.errors import CuteDumpError
from cutedump.parse.tokens import top_level_split


class Fusion(NamedTuple):
    """One fusion operation: whether it takes an activation, where its bias vector lies (``row``: one per row of D,
    Sm90ColBroadcast, registers only; ``col``: one per column, Sm90RowBroadcast, a CTA tile's N of them in smem), its
    Aux tensor (``out``: Sm90AuxStore, ``in``: Sm90AuxLoad, both through smem) and its template arguments after the
    activation, by role."""

    act: bool
    bias: str | None  # None | "row" | "col"
    aux: str | None  # None | "out" | "in"
    args: tuple[str, ...]
    sf: bool = False  # a block-scale-factor output (``...BlockScaleFactor``: SFVecSize first, SM100/SM120 only)


SFVS, SFE, SFL = "SFVecSize", "ElementBlockScaleFactor", "GmemLayoutTagScalefactor"
OUT, COMP, SRC, BIAS, AUX, AMAX, SCALAR, LAYOUT_AUX = (
    "ElementOutput",
    "ElementCompute",
    "ElementSource",
    "ElementBias",
    "ElementAux",
    "ElementAmax",
    "ElementScalar",
    "GmemLayoutTagAux",
)

#: cutlass/epilogue/fusion/operations.hpp, each operation's template parameters (after ActivationFn, up to the
#: last one this configuration sets)
FUSIONS = {
    "LinearCombination": Fusion(False, None, None, (OUT, COMP, SRC, SCALAR)),
    "LinCombEltAct": Fusion(True, None, None, (OUT, COMP, SRC, SCALAR)),
    "LinCombPerRowBias": Fusion(False, "row", None, (OUT, COMP, BIAS, SRC, SCALAR)),
    "LinCombPerColBias": Fusion(False, "col", None, (OUT, COMP, BIAS, SRC, SCALAR)),
    "LinCombPerRowBiasEltAct": Fusion(True, "row", None, (OUT, COMP, BIAS, SRC, SCALAR)),
    "LinCombPerColBiasEltAct": Fusion(True, "col", None, (OUT, COMP, BIAS, SRC, SCALAR)),
    "ScaledLinCombPerRowBiasEltAct": Fusion(True, "row", None, (OUT, COMP, BIAS, SRC, SCALAR)),
    "ScaledLinCombPerColBiasEltAct": Fusion(True, "col", None, (OUT, COMP, BIAS, SRC, SCALAR)),
    "LinCombPerRowBiasEltActAux": Fusion(True, "row", "out", (OUT, COMP, AUX, BIAS, SRC, SCALAR)),
    "LinCombPerColBiasEltActAux": Fusion(True, "col", "out", (OUT, COMP, AUX, BIAS, SRC, SCALAR)),
    "ScaledLinCombPerRowBiasEltActAmaxAux": Fusion(True, "row", "out", (OUT, COMP, AUX, AMAX, BIAS, SRC, SCALAR)),
    "ScaledLinCombPerColBiasEltActAmaxAux": Fusion(True, "col", "out", (OUT, COMP, AUX, AMAX, BIAS, SRC, SCALAR)),
    # the block-scale-factor outputs (examples 72b, 79b): D quantized per SFVecSize elements, each block's scale
    # factor (ElementBlockScaleFactor) written to SFD, whose layout GmemLayoutTagScalefactor names (RowMajor: K-major)
    "LinCombBlockScaleFactor": Fusion(False, None, None, (SFVS, OUT, COMP, SFE, SFL, SRC, SCALAR), True),
    "LinCombEltActBlockScaleFactor": Fusion(True, None, None, (SFVS, OUT, COMP, SFE, SFL, SRC, SCALAR), True),
    "LinCombPerRowBiasBlockScaleFactor": Fusion(
        False, "row", None, (SFVS, OUT, COMP, SFE, SFL, BIAS, SRC, SCALAR), True
    ),
    "LinCombPerColBiasBlockScaleFactor": Fusion(
        False, "col", None, (SFVS, OUT, COMP, SFE, SFL, BIAS, SRC, SCALAR), True
    ),
    "LinCombPerRowBiasEltActBlockScaleFactor": Fusion(
        True, "row", None, (SFVS, OUT, COMP, SFE, SFL, BIAS, SRC, SCALAR), True
    ),
    "LinCombPerColBiasEltActBlockScaleFactor": Fusion(
        True, "col", None, (SFVS, OUT, COMP, SFE, SFL, BIAS, SRC, SCALAR), True
    ),
}
#: a custom epilogue visitor tree (cutedump.collective.evt): Parsed.name, and its row (no operation's roles)
EVT = "EVT"
TREE_ROW = Fusion(False, None, None, ())


def op(name: str) -> Fusion:
    """The operation's row (a custom tree's: none of the operations' parts)."""
    return TREE_ROW if name == EVT else FUSIONS[name]


#: the fusion operations with FusionCallbacks on the ptr-array (grouped) TMA epilogues: Sm90PtrArrayTmaWarpSpecialized's
#: (sm90_callbacks_tma_warpspecialized.hpp:226 and :383), to which SM100's and SM120's ptr-array callbacks alias
PTR_ARRAY_OPS = ("LinearCombination", "LinCombEltAct")
PTR_ARRAY_CALLBACKS = "cutlass/epilogue/fusion/sm90_callbacks_tma_warpspecialized.hpp"


def ptr_array_check(cfg, refused, not_modelled) -> None:
    """A fusion on a ptr-array epilogue: a custom tree or an operation CUTLASS has ptr-array FusionCallbacks for, else
    the primary template's static_assert (``refused``: the caller's Refused; a block-scale-factor operation's
    ptr-array callbacks: ``not_modelled``)."""
    p = parse(cfg.fusion)
    if p.tree is not None or p.name in PTR_ARRAY_OPS:
        return
    if op(p.name).sf:
        if cfg.arch in ("sm100", "sm103"):  # Sm100PtrArrayTmaWarpSpecialized's row block-scale-factor callbacks
            return  # (sm100_callbacks_tma_warpspecialized.hpp:334, 424): the profiler's grouped NVFP4/MX outputs
        raise not_modelled(
            f"--fusion {p.name} with a ptr-array (grouped) epilogue: CUTLASS's {cfg.arch}_builder.inl builds it "
            f"with the ptr-array FusionCallbacks of {cfg.arch}_callbacks_tma_warpspecialized.hpp, which cutedump "
            "does not model"
        )
    raise refused(
        "Could not find a callbacks specialization.",
        f"cutlass/epilogue/fusion/callbacks.hpp:55 (no FusionCallbacks<Sm90PtrArrayTmaWarpSpecialized..., {p.name}<...>> "
        f"in {PTR_ARRAY_CALLBACKS}: {', '.join(PTR_ARRAY_OPS)} only)",
    )


#: the scale-factor element types a block-scale-factor fusion writes (cutlass/float8.h)
SF_ELEMENTS = ("float_ue8m0_t", "float_ue4m3_t")


def _split_args(text: str) -> list[str]:
    return [x.strip() for x in top_level_split(text) if x.strip()]


class Parsed(NamedTuple):
    name: str
    act: str | None
    layout_aux: str | None  # an Aux operation's GmemLayoutTagAux as given (None: D's)
    given: dict  # role -> element type given in the spelling (SFVecSize: an int, the scale factors' layout: a tag)
    tree: object = None  # a custom EVT's tree (cutedump.collective.evt.Node), name EVT
    refusal: tuple | None = None  # the tree's first node static_assert (message, rule): raised by the epilogue


def parse(text: str) -> Parsed:
    """``LinCombEltAct<ReLu>`` or the whole C++ spelling (``ScaledLinCombPerRowBiasEltActAmaxAux<ColumnMajor, ReLU,
    float_e4m3_t, float, float_e4m3_t, float, float>``: an Aux operation's layout tag, the activation, then the
    element types in the operation's order), with or without the cutlass:: namespaces."""
    from cutedump.collective.config import element  # start-up: as the caller

    t = text.strip()
    for ns in ("cutlass::epilogue::fusion::", "cutlass::epilogue::thread::", "cutlass::layout::"):
        t = t.replace(ns, "")
    name, _, rest = t.partition("<")
    name = name.strip()
    args = _split_args(rest[:-1] if rest.endswith(">") else rest)
    if t.startswith("Sm"):
        # a custom epilogue visitor tree (example 71): the builder takes it as its FusionCallbacks
        from cutedump.collective import evt as E  # start-up: the EVT nodes only for a tree

        tree = E.parse(text)
        return Parsed(EVT, None, None, {}, tree, E.first_refusal(tree, text))
    if name in FUSIONS and args:
        # the last template parameter of every fusion operation: FloatRoundStyle RoundStyle (default round_to_nearest)
        style = args[-1].replace("cutlass::", "").replace("FloatRoundStyle::", "").strip()
        if style.startswith("round_"):
            if len(args) != len(FUSIONS[name].args) + 1 + bool(FUSIONS[name].act) + (
                FUSIONS[name].aux is not None and args[0] in ("RowMajor", "ColumnMajor")
            ):
                raise CuteDumpError(
                    f"--fusion: {name}'s RoundStyle comes last, after all its element types "
                    f"({', '.join(FUSIONS[name].args)}); got {text.strip()!r}"
                )
            if style != "round_to_nearest":
                raise CuteDumpError(
                    f"--fusion: {text.strip()!r}: the round style {style} is not modelled (cutedump models CUTLASS's "
                    "default, FloatRoundStyle::round_to_nearest)"
                )
            args = args[:-1]
    if name not in FUSIONS:
        if name in CUTLASS_FUSIONS:
            raise CuteDumpError(
                f"--fusion: {text.strip()!r}: CUTLASS 4.2's fusion operation {name} is not modelled (its builder: "
                f"{EPILOGUE_BUILDER} with FusionCallbacks<..., {name}<...>, ...>; modelled: {', '.join(FUSIONS)})"
            )
        raise CuteDumpError(
            f"--fusion: {text.strip()!r} is not a fusion operation cutedump models (CUTLASS's "
            f"cutlass::epilogue::fusion::{', '.join(FUSIONS)})"
        )
    f = FUSIONS[name]
    lay = None
    if f.aux and args and args[0] in ("RowMajor", "ColumnMajor"):
        lay = args.pop(0)
    act = args.pop(0) if f.act and args else None
    if f.act and act not in ACTIVATIONS:
        raise CuteDumpError(
            f"--fusion: {name} takes an activation, e.g. {name}<ReLu> (cutlass::epilogue::thread::"
            f"{', '.join(ACTIVATIONS)}); got {text.strip()!r}"
        )
    if len(args) > len(f.args):
        raise CuteDumpError(
            f"--fusion: {name} takes at most {len(f.args)} element types after "
            f"{'the activation' if f.act else 'its name'} ({', '.join(f.args)}); got {text.strip()!r}"
        )
    given = {}
    for role, a in zip(f.args, args):
        if role == SFVS:
            if not a.isdigit() or int(a) not in (16, 32, 64):
                raise CuteDumpError(
                    f"--fusion: {name}'s first template argument after the activation is SFVecSize (16, 32 or 64); "
                    f"got {a!r} in {text.strip()!r}"
                )
            given[role] = int(a)
        elif role == SFL:
            if a not in ("RowMajor", "ColumnMajor"):
                raise CuteDumpError(
                    f"--fusion: {name}'s GmemLayoutTagScalefactor is RowMajor or ColumnMajor; got {a!r} in "
                    f"{text.strip()!r}"
                )
            given[role] = a
        elif role == SFE:
            t = a.replace("cutlass::", "")
            if t not in SF_ELEMENTS:
                raise CuteDumpError(
                    f"--fusion: {name}'s ElementBlockScaleFactor is {' or '.join(SF_ELEMENTS)}; got {a!r} in "
                    f"{text.strip()!r}"
                )
            given[role] = t
        else:
            given[role] = element(a, "--fusion", allow_void=role == SRC, typed=text.strip())
    if f.sf and SFE not in given:
        raise CuteDumpError(
            f"--fusion: {name} takes SFVecSize, ElementOutput, ElementCompute and ElementBlockScaleFactor (CUTLASS has "
            f"no default for them), e.g. {name}<{'ReLu, ' if f.act else ''}16, float_e2m1_t, float, float_ue8m0_t>; "
            f"got {text.strip()!r}"
        )
    return Parsed(name, act, lay, given)


def elements(cfg) -> dict:
    """The element type of each role for ``cfg``: as the --fusion spelling gives it, else the configuration's
    (ElementOutput = D, ElementCompute = the accumulator, ElementSource = C), else CUTLASS's defaults."""
    p = parse(cfg.fusion)
    out = {OUT: cfg.d.element, COMP: cfg.acc}
    out.update({k: v for k, v in p.given.items() if k in (OUT, COMP)})
    out[SRC] = p.given.get(SRC, cfg.c.element)
    out[SCALAR] = p.given.get(SCALAR, out[COMP])
    out[BIAS] = p.given.get(BIAS, out[OUT])
    out[AUX] = p.given.get(AUX, out[OUT])
    out[AMAX] = p.given.get(AMAX, out[COMP])
    if op(p.name).sf:
        out[SFVS], out[SFE] = p.given[SFVS], p.given[SFE]
        out[SFL] = p.given.get(SFL, "RowMajor")
    return out


def cpp_fusion(cfg, cpp_type: dict) -> str:
    """The fusion's C++ spelling (for the oracle programs), as CUTLASS's examples write it."""
    from cutedump.collective import evt as E  # start-up: as parse

    if E.is_tree(cfg.fusion):  # (spelled before its checks: CUTLASS's own static_asserts are the oracle's answer)
        return E.cpp(cfg.fusion, cpp_type)
    p = parse(cfg.fusion)
    f = FUSIONS[p.name]
    el = elements(cfg)
    args = [f"cutlass::layout::{p.layout_aux or cfg.d.layout}"] if f.aux else []
    if p.act:
        args.append(f"cutlass::epilogue::thread::{p.act}")
    for r in f.args:
        if r == SFVS:
            args.append(str(el[r]))
        elif r == SFL:
            args.append(f"cutlass::layout::{el[r]}")
        elif r == SFE:
            args.append(f"cutlass::{el[r]}")
        else:
            args.append(cpp_type[el[r]])
    return f"cutlass::epilogue::fusion::{p.name}<{', '.join(args)}>"


EPILOGUE_BUILDER = "cutlass/epilogue/collective/builders/sm90_builder.inl:286, Sm90TmaBuilderImpl"
#: every operation of cutlass/epilogue/fusion/operations.hpp (CUTLASS 4.2), read by tests/test_collective_sm90_kinds.py
CUTLASS_FUSIONS = (
    "LinCombBlockScaleFactor",
    "LinCombDeEltAct",
    "LinCombDeEltActDePerRowBias",
    "LinCombEltAct",
    "LinCombEltActBlockScaleFactor",
    "LinCombPerColBias",
    "LinCombPerColBiasBlockScaleFactor",
    "LinCombPerColBiasEltAct",
    "LinCombPerColBiasEltActAux",
    "LinCombPerColBiasEltActBlockScaleFactor",
    "LinCombPerRowBias",
    "LinCombPerRowBiasBlockScaleFactor",
    "LinCombPerRowBiasEltAct",
    "LinCombPerRowBiasEltActAux",
    "LinCombPerRowBiasEltActBlockScaleFactor",
    "LinCombTopKSoftmaxCol",
    "LinearCombination",
    "LinearCombinationGroupedWgrad",
    "PerColLinCombPerColBiasEltAct",
    "PerColResAddPerColBiasEltAct",
    "PerRowLinCombPerRowBiasEltAct",
    "ScaledAcc",
    "ScaledLinCombPerColBiasEltAct",
    "ScaledLinCombPerColBiasEltActAmaxAux",
    "ScaledLinCombPerRowBiasEltAct",
    "ScaledLinCombPerRowBiasEltActAmaxAux",
)
