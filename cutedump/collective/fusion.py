"""The epilogue's fusion operation (``--fusion``): CUTLASS 4.2's ``cutlass::epilogue::fusion`` operations
(cutlass/epilogue/fusion/operations.hpp) as rows of data, and what each adds to the SM90 TMA epilogue's
SharedStorage (its FusionCallbacks' SharedStorage, sm90_callbacks_tma_warpspecialized.hpp).

A fusion is spelled as CUTLASS names it, the activation (for the ``...EltAct`` operations) as its
``cutlass::epilogue::thread`` functor: ``LinCombEltAct<ReLu>``, ``LinCombPerRowBias``,
``ScaledLinCombPerRowBiasEltActAmaxAux<ReLU>``. The element types the operation takes after the activation are the
configuration's (ElementOutput = D, ElementCompute = the accumulator, ElementSource = C) and CUTLASS's defaults for
the rest (ElementBias = ElementAux = ElementOutput, ElementAmax = ElementScalar = ElementCompute); an Aux tensor's
layout is D's (as CUTLASS's examples 54 and 67 write it).
"""

from __future__ import annotations

from typing import NamedTuple

from cutedump.errors import CuteDumpError


class Fusion(NamedTuple):
    """One fusion operation: whether it takes an activation, where its bias vector lies (``row``: one per row of D,
    Sm90ColBroadcast, registers only; ``col``: one per column, Sm90RowBroadcast, a CTA tile's N of them in smem), its
    Aux tensor (``out``: Sm90AuxStore, ``in``: Sm90AuxLoad, both through smem) and its template arguments after the
    activation, by role."""

    act: bool
    bias: str | None  # None | "row" | "col"
    aux: str | None  # None | "out" | "in"
    args: tuple[str, ...]


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
}

#: the activation functors of cutlass/epilogue/thread/activation.h a fusion takes (``template <class> class``)
ACTIVATIONS = (
    "Identity",
    "ReLu",
    "ReLU",
    "Clamp",
    "LowerBound",
    "LeakyReLU",
    "ThresholdReLU",
    "Tanh",
    "Sigmoid",
    "SiLu",
    "ScaledSiLu",
    "HardSwish",
    "ScaledHardSwish",
    "GELU",
    "ScaledGELU",
    "GELU_taylor",
    "ScaledGELU_taylor",
)


def _split_args(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        depth += (ch == "<") - (ch == ">")
        cur += ch
    return [a for a in (x.strip() for x in out + [cur]) if a]


class Parsed(NamedTuple):
    name: str
    act: str | None
    layout_aux: str | None  # an Aux operation's GmemLayoutTagAux as given (None: D's)
    given: dict  # role -> element type given in the spelling


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
    given = {role: element(a, "--fusion", allow_void=role == SRC, typed=text.strip()) for role, a in zip(f.args, args)}
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
    return out


def cpp_fusion(cfg, cpp_type: dict) -> str:
    """The fusion's C++ spelling (for the oracle programs), as CUTLASS's examples write it."""
    p = parse(cfg.fusion)
    f = FUSIONS[p.name]
    el = elements(cfg)
    args = [f"cutlass::layout::{p.layout_aux or cfg.d.layout}"] if f.aux else []
    if p.act:
        args.append(f"cutlass::epilogue::thread::{p.act}")
    args += [cpp_type[el[r]] for r in f.args]
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
