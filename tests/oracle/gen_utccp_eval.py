"""Seeded cases of the SMEM -> TMEM copies in ``cutedump eval`` (cutedump/atoms/utccp_expr.py), each expression
spelled in C++ as CUTLASS's block-scaled collective writes it (sm100_blockscaled_mma_warpspecialized.hpp, one
expression at a time), compiled against CuTe 4.2 and printed with CuTe's print:

    make_tensor<UMMA::tmem_sf_frg<SF,VS,N_SM,IsSFA[,TmemAlloc]>>(shape(Config::deduce_smem_layoutSFx(mma, tile)))
    UMMA::tmem_sf_frg<...>::make(shape(...)), make_tensor(t.data(), filter_zeros(t.layout())), filter_zeros(t)
    make_utccp_copy(SM100_UTCCP_*{}, filter_zeros(t)) and its .get_slice(i), .partition_D(tmem), .partition_S(smem)

(partition_S of the smem scale factors: eval takes the smem layout for the tensor, the C++ makes the smem tensor and
prints its partition's layout). Every UTCCP atom, 1- and 2-CTA, every block-scaled UMMA family, VS 16 and 32, both
operands, the FrgType's allocation written out or defaulted; what cutedump refuses CuTe must refuse.
"""

from __future__ import annotations

import functools
import random

from cutedump.atoms import make_tiled_mma, mma_atom
from cutedump.atoms import utccp as U
from cutedump.errors import CuteDumpError
from tests.oracle import gen_utccp as G

PRELUDE = G.PRELUDE


def frg_spelling(name: str, operand: str, rng: random.Random) -> str:
    """The atom's FrgTypeSF{A,B} spelled as mma_traits_sm100.hpp declares it (the allocation maybe written out)."""
    sf, vs, nsm, is_sfa, alloc = U.frg_type_sf(make_tiled_mma(mma_atom(name)), operand)
    ns = rng.choice(("UMMA::", "UMMA::", "cute::UMMA::"))
    args = f"{sf},{vs},{nsm},{'true' if is_sfa else 'false'}"
    if alloc != U.ALLOC_4BY1 or rng.random() < 0.3:
        args += f",UMMA::TmemAllocMode::{alloc}"
    return f"{ns}tmem_sf_frg<{args}>"


def exprs(name, vs, operand, tile, op, tid, rng) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(fragment expressions, copy expressions): each (eval text, C++ expression printed)."""
    tm, tn, tk = tile
    cfg = "cutlass::detail::"
    sfl = (
        f"{cfg}Sm1xxBlockScaledConfig<{vs}>::deduce_smem_layoutSF{operand}(make_tiled_mma({G._cpp_atom(name)}{{}}), "
        f"make_shape(Int<{tm}>{{}},Int<{tn}>{{}},Int<{tk}>{{}}))"
    )
    frg = frg_spelling(name, operand, rng)
    t = f"make_tensor<{frg}>(shape({sfl}))"
    frag = [(f"{frg}::make(shape({sfl}))",) * 2, (t, t), (f"make_tensor({t}.data(), filter_zeros({t}.layout()))",) * 2]
    tc = f"make_utccp_copy({op}{{}}, filter_zeros({t}))"
    sf = mma_atom(name).traits.spec.types[3]
    smem = f"make_tensor(make_smem_ptr(reinterpret_cast<{sf}*>(0x1000)), filter_zeros({sfl}))"
    copy = [
        (tc, tc),
        (f"{tc}.get_slice({tid})",) * 2,
        (f"{tc}.get_slice({tid}).partition_D(filter_zeros({t}))",) * 2,
        (
            f"{tc}.get_slice({tid}).partition_S(filter_zeros({sfl}))",
            f"{tc}.get_slice({tid}).partition_S({smem}).layout()",
        ),
    ]
    return frag, copy


def body(pairs) -> str:
    return "\n".join(f'print({c}); printf("\\n");' for _e, c in pairs)


def ours(pairs) -> str:
    """Our answers, one per expression (each followed by the newline the C++ prints); raises where we refuse."""
    from cutedump.expr.evaluation import answer_text

    return "".join(answer_text(e) + "\n" for e, _c in pairs)


@functools.lru_cache(maxsize=4)
def cases(n: int = 110, seed: int = 4343):
    """(accepted, refused): accepted (label, C++ body, expected) where cutedump answers, refused (label, body, our
    message) where it refuses (CuTe must not compile those)."""
    rng = random.Random(seed)
    ok, bad, seen = [], [], set()
    while len(seen) < n:
        name, vs, operand, tile, op, _stages, thr = G._draw_case(rng)
        key = (name, vs, operand, tile, op)
        if key in seen:
            continue
        seen.add(key)
        tid = rng.randrange(2) if "2cta" in op else 0
        frag, copy = exprs(name, vs, operand, tile, op, tid, rng)
        label = f"{op} SF{operand} of {name} VS {vs} tile {tile} thr {tid}"
        for what, pairs in (("fragment", frag), ("copy", copy)):
            try:
                exp = ours(pairs)
            except CuteDumpError as e:
                bad.append((f"{what}: {label}", body(pairs), e.message))
                if what == "fragment":
                    break
                continue
            ok.append((f"{what}: {label}", body(pairs), exp))
    return tuple(ok), tuple(bad)


def wrong_cases(seed: int = 4344, n: int = 24):
    """(label, C++ body, our message): expressions CuTe's static_asserts refuse: a fragment type whose datapath the
    atom's does not have (SFB of a 2x2 allocation with N_SM 1), a tmem shape not partitioned by the MMA (rank 2, or
    its K mode not (VS, NSF)), make_utccp_copy of a layout (no TMEM tensor)."""
    from cutedump.errors import CuteDumpError as _Err

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        name, vs, operand, tile, op, _stages, _thr = G._draw_case(rng)
        tm, tn, tk = tile
        sfl = (
            f"cutlass::detail::Sm1xxBlockScaledConfig<{vs}>::deduce_smem_layoutSF{operand}(make_tiled_mma("
            f"{G._cpp_atom(name)}{{}}), make_shape(Int<{tm}>{{}},Int<{tn}>{{}},Int<{tk}>{{}}))"
        )
        sf = mma_atom(name).traits.spec.types[3]
        kind = len(out) % 4
        if kind == 0:
            e = f"make_tensor<UMMA::tmem_sf_frg<{sf},{vs},1,false,UMMA::TmemAllocMode::ScaleFactorDuplicated2by2>>(shape({sfl}))"
        elif kind == 1:
            e = f"make_tensor<UMMA::tmem_sf_frg<{sf},{vs},1,true>>(make_shape(make_shape(Int<{tm}>{{}},Int<{tk}>{{}}),_1{{}}))"
        elif kind == 2:
            e = f"make_tensor<UMMA::tmem_sf_frg<{sf},{vs},1,true>>(make_shape(make_shape(Int<{tm}>{{}},Int<{tk}>{{}}),_1{{}},_1{{}}))"
        else:
            e = f"make_utccp_copy({op}{{}}, filter_zeros({sfl}))"
        try:
            ours([(e, e)])
        except _Err as err:
            out.append((f"{kind}: {e[:90]}", body([(e, e)]), err.message))
    return out
