"""Differential cases for CUTLASS 4.2's scale-factor layouts (cutlass/detail/sm100_blockscaled_layout.hpp,
sm103_blockscaled_layout.hpp, blockwise_scale_layout.hpp): (name, C++ body, expected).

Seeded generators over SFVecSize (16, 32 and others), majors, static and dynamic extents (multiples of 128 and of
4*VS and not), rank-3 and rank-4 problem shapes, every blockwise alias (Sm1xx/Sm90/Sm100/Sm120) and the SM100
block-scaled UMMA atoms (1- and 2-CTA) for deduce_smem_layoutSFA/B. The C++ body prints the object with real CUTLASS;
the expected text is cutedump's evaluation of the same expression (the eval language reads the C++ spelling; only the
tiled MMA argument is written as the atom itself: ``make_tiled_mma(ATOM{})`` in C++). ``refused_cases()`` lists
what CUTLASS refuses at compile time, with the static_assert text cutedump must quote.
"""

from __future__ import annotations

import random

from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate_to_string

PRELUDE = r"""
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/mma_traits_sm100.hpp>
#include <cutlass/detail/sm100_blockscaled_layout.hpp>
#include <cutlass/detail/sm103_blockscaled_layout.hpp>
#include <cutlass/detail/blockwise_scale_layout.hpp>
#include <cstdio>
using namespace cute;
"""

NS = "cutlass::detail::"


def _ext(v: int, static: bool) -> str:
    return f"Int<{v}>{{}}" if static else f"{v}"


def _shape(vals, statics) -> str:
    return "make_shape(" + ", ".join(_ext(v, s) for v, s in zip(vals, statics)) + ")"


def _case(name, cpp_expr, eval_expr=None):
    try:
        exp = evaluate_to_string(eval_expr or cpp_expr)
    except CuteDumpError as e:
        exp = "REFUSED: " + e.message
    return (name, f"print({cpp_expr});", exp)


def atom_cases():
    out = []
    for vs in (1, 4, 8, 16, 32, 64):
        for major in ("K", "MN"):
            for chunk in ("Sm1xxBlockScaledBasicChunk", "Sm103BlockScaledBasicChunk"):
                e = f"{NS}{chunk}<{vs}, UMMA::Major::{major}>::SfAtom{{}}"
                out.append(_case(e, e))
                e = f"{NS}{chunk}<{vs}, UMMA::Major::{major}>::Sf{major}MajorAtom{{}}"
                out.append(_case(e, e))
            e = f"{NS}Sm1xxBlockScaledBasicChunk<{vs}>::SfAtom{{}}"
            out.append(_case(e, e))
        for cfg in ("Sm1xxBlockScaledConfig", "Sm103BlockScaledConfig"):
            for member in ("deduce_layoutSFA()", "deduce_layoutSFB()", "SfAtom{}", "LayoutSF{}"):
                e = f"{NS}{cfg}<{vs}>::{member}"
                out.append(_case(e, e))
    return out


def _extent(rng, vs):
    kind = rng.choice(("m128", "m4vs", "odd", "small", "big"))
    if kind == "m128":
        return 128 * rng.randint(1, 16)
    if kind == "m4vs":
        return 4 * vs * rng.randint(1, 24)
    if kind == "odd":
        return rng.randint(1, 3000)
    if kind == "small":
        return rng.randint(1, 130)
    return 128 * rng.randint(1, 64) + rng.choice((0, 0, 1, 64))


def tile_cases(n=360, seed=4301):
    """tile_atom_to_shape_SFA/B of Sm1xx/Sm103BlockScaledConfig: rank 3 or 4 problem shapes, each extent static or
    dynamic; a static shape's extents that the chunk does not divide are refusals (refused_cases)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        vs = rng.choice((16, 32, 16, 32, 64, 8))
        cfg = rng.choice(("Sm1xxBlockScaledConfig", "Sm1xxBlockScaledConfig", "Sm103BlockScaledConfig"))
        op = rng.choice("AB")
        rank = rng.choice((3, 4, 4))
        vals = [_extent(rng, vs) for _ in range(3)] + [rng.randint(1, 5)]
        vals = vals[:rank]
        statics = [rng.random() < 0.35 for _ in vals]
        e = f"{NS}{cfg}<{vs}>::tile_atom_to_shape_SF{op}({_shape(vals, statics)})"
        c = _case(e, e)
        if c[2].startswith("REFUSED"):
            continue
        out.append(c)
    return out


# (atom template, threads, M values, N values, K of the atom, VS values of the atom)
_F8 = ("float_e4m3_t", "float_e5m2_t", "float_e2m3_t", "float_e3m2_t", "float_e2m1_t")
UMMAS = [
    ("SM100_MMA_MXF8F6F4_SS<{a},{b},float,float_ue8m0_t,{M},{N},UMMA::Major::{am},UMMA::Major::{bm}>", 1, (128,), 8),
    (
        "SM100_MMA_MXF8F6F4_2x1SM_SS<{a},{b},float,float_ue8m0_t,{M},{N},UMMA::Major::{am},UMMA::Major::{bm}>",
        2,
        (128, 256),
        16,
    ),
    (
        "SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,{sf},{M},{N},{vs},UMMA::Major::K,UMMA::Major::K>",
        1,
        (128,),
        8,
    ),
    (
        "SM100_MMA_MXF4_2x1SM_SS<float_e2m1_t,float_e2m1_t,float,{sf},{M},{N},{vs},UMMA::Major::K,UMMA::Major::K>",
        2,
        (128, 256),
        16,
    ),
]


def smem_cases(n=240, seed=4302):
    """deduce_smem_layoutSFA/B(tiled_mma, tile_shape) over the SM100 block-scaled UMMA atoms (1- and 2-CTA), tile
    M the atom's M (or twice it), N the atom's N, K 64..1024."""
    rng = random.Random(seed)
    out = []
    seen = set()
    while len(out) < n:
        tmpl, thr, ms, nstep = rng.choice(UMMAS)
        M = rng.choice(ms)
        N = nstep * rng.randint(1, 256 // nstep)
        if thr == 2:
            N = max(N, 32)
        if "MXF4_" in tmpl:
            vs = rng.choice((16, 32))
            sf = "float_ue4m3_t" if vs == 16 else rng.choice(("float_ue8m0_t", "float_ue4m3_t"))
            atom = tmpl.format(M=M, N=N, vs=vs, sf=sf)
            cfg_vs = vs
        else:
            a, b = rng.choice(_F8), rng.choice(_F8)
            atom = tmpl.format(a=a, b=b, M=M, N=N, am=rng.choice(("K", "MN")), bm=rng.choice(("K", "MN")))
            cfg_vs = rng.choice((32, 32, 16))
        tk = rng.choice((64, 128, 128, 256, 256, 512, 1024))
        tm = M * rng.choice((1, 1, 1, 2)) if thr == 1 else M
        tile = f"make_shape(Int<{tm}>{{}}, Int<{N}>{{}}, Int<{tk}>{{}})"
        op = rng.choice("AB")
        key = (atom, tile, op, cfg_vs)
        if key in seen:
            continue
        seen.add(key)
        f = f"{NS}Sm1xxBlockScaledConfig<{cfg_vs}>::deduce_smem_layoutSF{op}"
        c = _case(f"{f}({atom}, {tile})", f"{f}(make_tiled_mma({atom}{{}}), {tile})", f"{f}({atom}{{}}, {tile})")
        if c[2].startswith("REFUSED"):
            continue
        out.append(c)
    return out


_BW_ALIASES = (
    ("Sm1xxBlockwiseScaleConfig", "UMMA"),
    ("Sm100BlockwiseScaleConfig", "UMMA"),
    ("Sm120BlockwiseScaleConfig", "UMMA"),
    ("Sm90BlockwiseScaleConfig", "GMMA"),
)
_GRANULES = [(1, 128, 128), (128, 1, 128), (1, 1, 128), (128, 128, 128), (1, 64, 128), (64, 1, 64), (32, 32, 32)]


def _bw_config(rng):
    cls, ns = rng.choice(_BW_ALIASES)
    vm, vn, vk = rng.choice(_GRANULES)
    nmaj = rng.choice((0, 1, 2, 2))
    majors = [f"{ns}::Major::{rng.choice(('K', 'MN'))}" for _ in range(nmaj)]
    return f"{NS}{cls}<{', '.join([str(vm), str(vn), str(vk), *majors])}>", (vm, vn, vk)


def blockwise_cases(n=360, seed=4303):
    """Sm1xx/Sm90/Sm100/Sm120BlockwiseScaleConfig: deduce_layoutSFA/B, smem_atom_layoutSFA/B(static CTA shape) and
    tile_atom_to_shape_SFA/B (rank 3 or 4, static or dynamic extents, multiples of the granularity and not)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        cfg, (vm, vn, vk) = _bw_config(rng)
        op = rng.choice("AB")
        kind = rng.choice(("deduce", "smem", "smem", "tile", "tile", "tile"))
        if kind == "deduce":
            e = f"{cfg}::deduce_layoutSF{op}()"
        elif kind == "smem":
            cta = [
                rng.choice((64, 128, 256, 96, 192)),
                rng.choice((64, 128, 256, 8, 16, 200)),
                rng.choice((64, 128, 256)),
            ]
            e = f"{cfg}::smem_atom_layoutSF{op}({_shape(cta, (True,) * 3)})"
        else:
            rank = rng.choice((3, 4, 4))
            vals = [rng.choice((128 * rng.randint(1, 32), rng.randint(1, 5000))) for _ in range(3)] + [
                rng.randint(1, 6)
            ]
            vals = vals[:rank]
            e = f"{cfg}::tile_atom_to_shape_SF{op}({_shape(vals, [rng.random() < 0.3 for _ in vals])})"
        out.append(_case(e, e))
    # CUTLASS 4.2's smem_atom_layoutSFB takes its strides from majorSFA (CUTLASS's tracker): every major pair
    for ma in ("K", "MN"):
        for mb in ("K", "MN"):
            e = (
                f"{NS}Sm1xxBlockwiseScaleConfig<1, 1, 128, UMMA::Major::{ma}, UMMA::Major::{mb}>::smem_atom_layoutSFB("
                f"{_shape((128, 128, 256), (True,) * 3)})"
            )
            out.append(_case(e, e))
    return out


def other_cases(n=150, seed=4304):
    """Sm1xxBlockScaledOutputConfig<VS, major> (deduce_layoutSFD, tile_atom_to_shape_SFD, SfAtom),
    Sm1xxBlockScaledTensorConfig::tile_atom_to_shape and RuntimeBlockwiseScaleConfig<majorSFA, majorSFB>
    (deduce_layoutSFA/B, tile_atom_to_shape_SFA/B(shape, sf_vec_shape)), static and dynamic extents."""
    rng = random.Random(seed)
    out = []
    for vs in (16, 32, 8):
        for maj in ("", ", UMMA::Major::K", ", UMMA::Major::MN"):
            for member in ("deduce_layoutSFD()", "SfAtom{}", "LayoutSF{}"):
                e = f"{NS}Sm1xxBlockScaledOutputConfig<{vs}{maj}>::{member}"
                out.append(_case(e, e))
    for maj in ("", "UMMA::Major::K", "UMMA::Major::MN, UMMA::Major::K", "UMMA::Major::K, UMMA::Major::MN"):
        for op in "AB":
            e = f"{NS}RuntimeBlockwiseScaleConfig<{maj}>::deduce_layoutSF{op}()"
            out.append(_case(e, e))
    e = f"{NS}Sm1xxBlockScaledTensorConfig::SfAtom{{}}"
    out.append(_case(e, e))
    # deduce_smem_layoutSFA/B over a tile with dynamic extents: CUTLASS reads size<i>(TileShape_MNK{}) of the
    # value-initialized shape, 0 for a dynamic extent
    A = "SM100_MMA_MXF8F6F4_SS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,128,128,UMMA::Major::K,UMMA::Major::K>"
    for op, tile in (
        ("A", "make_shape(128, Int<128>{}, Int<256>{})"),
        ("B", "make_shape(Int<128>{}, 128, Int<512>{})"),
        ("A", "make_shape(Int<128>{}, 128, 512)"),
        ("B", "make_shape(Int<256>{}, Int<192>{}, 256)"),
    ):
        f = f"{NS}Sm1xxBlockScaledConfig<32>::deduce_smem_layoutSF{op}"
        out.append(_case(f"{f}({A}, {tile})", f"{f}(make_tiled_mma({A}{{}}), {tile})", f"{f}({A}{{}}, {tile})"))
    while len(out) < n + 4:
        kind = rng.choice(("sfd", "sfd", "tensor", "runtime", "runtime"))
        if kind == "sfd":
            vs = rng.choice((16, 32))
            maj = rng.choice(("", ", UMMA::Major::K", ", UMMA::Major::MN"))
            rank = rng.choice((3, 4))
            vals = [_extent(rng, vs) for _ in range(3)] + [rng.randint(1, 4)]
            e = f"{NS}Sm1xxBlockScaledOutputConfig<{vs}{maj}>::tile_atom_to_shape_SFD("
            e += f"{_shape(vals[:rank], [rng.random() < 0.3 for _ in vals[:rank]])})"
        elif kind == "tensor":
            rank = rng.choice((2, 3))
            vals = [_extent(rng, 4), _extent(rng, 4), rng.randint(1, 4)][:rank]
            e = f"{NS}Sm1xxBlockScaledTensorConfig::tile_atom_to_shape({_shape(vals, [rng.random() < 0.3 for _ in vals])})"
        else:
            maj = rng.choice(
                ("", "UMMA::Major::K", "UMMA::Major::MN, UMMA::Major::K", "UMMA::Major::K, UMMA::Major::K")
            )
            op = rng.choice("AB")
            rank = rng.choice((3, 4))
            vals = [rng.choice((128 * rng.randint(1, 16), rng.randint(1, 3000))) for _ in range(3)] + [
                rng.randint(1, 3)
            ]
            sfv = rng.choice(((1, 128, 128), (128, 1, 128), (1, 1, 128), (64, 32, 16)))
            e = f"{NS}RuntimeBlockwiseScaleConfig<{maj}>::tile_atom_to_shape_SF{op}("
            e += f"{_shape(vals[:rank], [rng.random() < 0.3 for _ in vals[:rank]])}, "
            e += f"{_shape(sfv, [rng.random() < 0.5 for _ in sfv])})"
        c = _case(e, e)
        if c[2].startswith("REFUSED"):
            continue
        out.append(c)
    return out


def all_cases():
    return atom_cases() + tile_cases() + smem_cases() + blockwise_cases() + other_cases()


# ---- refusals: what CUTLASS does not compile, and the static_assert text cutedump quotes -----------------------------


def refused_cases():
    """(eval expression, C++ statement, the text of CuTe's static_assert both must show, or None: CUTLASS does not
    compile it (an error that is no static_assert) and cutedump refuses it)."""
    out = []
    div = "tile_to_shape: block shape does not divide the target shape."
    for cfg in ("Sm1xxBlockScaledConfig", "Sm103BlockScaledConfig"):
        for vs, op, vals in (
            (32, "A", (1000, 512, 256, 1)),
            (16, "B", (1024, 100, 256, 2)),
            (32, "A", (1024, 512, 96, 1)),
            (16, "A", (128, 128, 32, 3)),
            (32, "B", (64, 64, 128, 1)),
            (64, "A", (256, 64, 128, 1)),
        ):
            e = f"{NS}{cfg}<{vs}>::tile_atom_to_shape_SF{op}({_shape(vals, (True,) * len(vals))})"
            out.append((e, f"print({e});", div))
    for i, (cfg, _) in enumerate(_BW_ALIASES):  # the aliases name one class: distinct CTA shapes, distinct errors
        for j, op in enumerate("AB"):
            n = 64 * (2 * i + j + 1)
            e = f"{NS}{cfg}<1,128,128>::smem_atom_layoutSF{op}(make_shape(128, Int<{n}>{{}}, Int<128>{{}}))"
            out.append((e, f"print({e});", "Expect static CTA shape"))
    # the output and tensor configs: a static shape the chunk does not divide
    for vs, maj, vals in ((16, "UMMA::Major::K", (1000, 512, 64, 1)), (32, "UMMA::Major::MN", (1024, 100, 64, 1))):
        e = f"{NS}Sm1xxBlockScaledOutputConfig<{vs}, {maj}>::tile_atom_to_shape_SFD({_shape(vals, (True,) * 4)})"
        out.append((e, f"print({e});", div))
    e = f"{NS}Sm1xxBlockScaledTensorConfig::tile_atom_to_shape({_shape((300, 40, 1), (True,) * 3)})"
    out.append((e, f"print({e});", div))
    # what does not compile without a static_assert (None: any compile error; cutedump refuses)
    for cfg, last in (("Sm1xxBlockScaledConfig<32>", "2"), ("Sm1xxBlockwiseScaleConfig<1,128,128>", "Int<2>{}")):
        e = f"{NS}{cfg}::tile_atom_to_shape_SFA(make_shape(128,128,128,1,{last}))"  # distinct types: both reported
        out.append((e, f"print({e});", None))
    return out
