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


def parse(text: str) -> tuple[str, str | None]:
    """``LinCombEltAct<ReLu>`` (with or without cutlass::epilogue::fusion:: / cutlass::epilogue::thread::) ->
    (operation, activation)."""
    t = text.strip().replace("cutlass::epilogue::fusion::", "").replace("cutlass::epilogue::thread::", "")
    t = t.replace(" ", "")
    name, _, rest = t.partition("<")
    act = rest[:-1] if rest.endswith(">") else (rest or None)
    if name not in FUSIONS:
        raise CuteDumpError(
            f"--fusion: {text.strip()!r} is not a fusion operation cutedump models (CUTLASS's "
            f"cutlass::epilogue::fusion::{', '.join(FUSIONS)})"
        )
    f = FUSIONS[name]
    if f.act and act not in ACTIVATIONS:
        raise CuteDumpError(
            f"--fusion: {name} takes an activation, e.g. {name}<ReLu> (cutlass::epilogue::thread::"
            f"{', '.join(ACTIVATIONS)}); got {text.strip()!r}"
        )
    if not f.act and act:
        raise CuteDumpError(f"--fusion: {name} takes no activation; got {text.strip()!r}")
    return name, act


def elements(cfg) -> dict:
    """The element type of each role for ``cfg`` (CUTLASS's defaults where the configuration sets none)."""
    out = {OUT: cfg.d.element, COMP: cfg.acc, SRC: cfg.c.element, SCALAR: cfg.acc}
    out[BIAS] = out[OUT]
    out[AUX] = out[OUT]
    out[AMAX] = out[COMP]
    return out


def cpp_fusion(cfg, cpp_type: dict) -> str:
    """The fusion's C++ spelling (for the oracle programs), as CUTLASS's examples write it."""
    name, act = parse(cfg.fusion)
    f = FUSIONS[name]
    el = elements(cfg)
    args = [f"cutlass::layout::{cfg.d.layout}"] if f.aux else []
    if act:
        args.append(f"cutlass::epilogue::thread::{act}")
    args += [cpp_type[el[r]] for r in f.args]
    return f"cutlass::epilogue::fusion::{name}<{', '.join(args)}>"
