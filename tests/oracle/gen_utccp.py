"""Seeded differential cases for block-scaled UMMA scale factors in tensor memory and the tcgen05.cp copies, against
CUTLASS 4.2's block-scaled collective (sm100_blockscaled_mma_warpspecialized.hpp), step by step:

    SmemLayoutAtomSFA = Sm1xxBlockScaledConfig<VS>::deduce_smem_layoutSFA(tiled_mma, tile_shape)
    tCtSFA = make_tensor<TiledMma::FrgTypeSFA>(shape(SmemLayoutAtomSFA))        (UMMA::tmem_sf_frg::make)
    tCtSFA_compact = filter_zeros(tCtSFA); tCsSFA_compact = filter_zeros(SmemLayoutSFA (staged))
    tiled = make_utccp_copy(SM100_UTCCP_*{}, tCtSFA_compact); thr = tiled.get_slice(i)
    thr.partition_S(tCsSFA_compact), thr.partition_D(tCtSFA_compact), recast_layout<SF, uint128_t> of the former
    (the layout of get_utccp_smem_desc_tensor)

every UTCCP atom (1cta / 2cta) on the scale factors of every block-scaled UMMA family (MXF8F6F4, MXF4 with VS 16 and
32, SF float_ue8m0_t / float_ue4m3_t, 1- and 2-SM, M 128/256, N over the legal range), operands A and B; what our
engine refuses is checked to be refused by CuTe's static_asserts.
"""

from __future__ import annotations

import functools
import random

from cutedump.algebra import C, filter_zeros, recast_layout, size
from cutedump.atoms import make_tiled_mma, mma_atom
from cutedump.atoms import utccp as U
from cutedump.atoms.types import value_type_bits
from cutedump.errors import CuteDumpError
from cutedump.scale import layouts as SL

PRELUDE = r"""
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_traits_sm100.hpp>
#include <cute/atom/copy_traits_sm100.hpp>
#include <cutlass/detail/sm100_blockscaled_layout.hpp>
#include <cstdio>
using namespace cute;
"""

_F8 = ("float_e4m3_t", "float_e5m2_t", "float_e2m3_t", "float_e3m2_t", "float_e2m1_t")


def draw_atom(rng: random.Random) -> tuple[str, int, int]:
    """(atom C++ name, config VS, threads): a block-scaled UMMA of a seeded family, M, N, SF type."""
    fam = rng.choice(("mxf8f6f4", "mxf8f6f4_2sm", "mxf4", "mxf4_2sm"))
    two = fam.endswith("_2sm")
    m = rng.choice((128, 256)) if two else 128
    n = (16 * rng.randint(2, 16)) if two else (8 * rng.randint(1, 32))
    if fam.startswith("mxf8f6f4"):
        a, b = rng.choice(_F8), rng.choice(_F8)
        am, bm = rng.choice(("K", "MN")), rng.choice(("K", "MN"))
        name = f"SM100_MMA_MXF8F6F4{'_2x1SM' if two else ''}_SS<{a},{b},float,float_ue8m0_t,{m},{n},{am},{bm}>"
        vs = rng.choice((32, 32, 16))
    else:
        vs = rng.choice((16, 32))
        sf = "float_ue4m3_t" if vs == 16 else rng.choice(("float_ue8m0_t", "float_ue4m3_t"))
        name = f"SM100_MMA_MXF4{'_2x1SM' if two else ''}_SS<float_e2m1_t,float_e2m1_t,float,{sf},{m},{n},{vs},K,K>"
    return name, vs, 2 if two else 1


def _cpp_atom(name: str) -> str:
    """The catalog's spelling with UMMA::Major:: on the majors (C++ needs the enum's scope)."""
    base, args = name.split("<", 1)
    parts = args[:-1].split(",")
    parts = [f"UMMA::Major::{p}" if p in ("K", "MN") else p for p in parts]
    return f"{base}<{','.join(parts)}>"


def _stage(layout, stages):
    """make_layout(append(shape, Stages), append(stride, size(filter_zeros(atom)))): SmemLayoutSFA of the collective."""
    from cutedump.algebra import Layout

    return Layout(layout.shape + (C(stages),), layout.stride + (C(int(size(filter_zeros(layout)))),))


def build(name, vs, operand, tile, op, stages, tid):
    """Our engine's objects for one case (raises CuteDumpError where it refuses)."""
    mma = make_tiled_mma(mma_atom(name))
    sf_atom = SL.smem_layout_sf(vs, mma, tuple(C(x) for x in tile), operand)
    tmem = U.sf_tmem_fragment(mma, sf_atom, operand)
    tct = tmem.with_layout(filter_zeros(tmem.layout))
    tc = U.make_utccp_copy(op, tct)
    thr = tc.get_slice(tid)
    s_lay, s_off = thr.partition_S(filter_zeros(_stage(sf_atom, stages)))
    d_lay, d_off = thr.partition_D(tct.layout)
    return mma, sf_atom, tmem, tct, tc, (s_lay, int(s_off)), tct.with_layout(d_lay, int(d_off))


def _body(name, vs, operand, tile, op, stages, tid, sf):
    tm, tn, tk = tile
    cfg = f"cutlass::detail::Sm1xxBlockScaledConfig<{vs}>"
    return (
        f"auto tiled_mma = make_tiled_mma({_cpp_atom(name)}{{}});\n"
        f"auto sfl = {cfg}::deduce_smem_layoutSF{operand}(tiled_mma, make_shape(Int<{tm}>{{}},Int<{tn}>{{}},Int<{tk}>{{}}));\n"
        f"auto staged = make_layout(append(shape(sfl), Int<{stages}>{{}}), append(stride(sfl), size(filter_zeros(sfl))));\n"
        f"auto t = make_tensor<typename decltype(tiled_mma)::FrgTypeSF{operand}>(shape(sfl));\n"
        'print(t); printf("\\n");\n'
        'printf("%d\\n", int(cosize(recast<uint32_t>(t).layout()) & 0xFFFF));\n'
        "auto tct = make_tensor(t.data(), filter_zeros(t.layout()));\n"
        f'auto cp = make_utccp_copy({op}{{}}, tct); print(cp); printf("\\n");\n'
        f"auto thr = cp.get_slice({tid});\n"
        f"{sf}* base = reinterpret_cast<{sf}*>(0x1000);\n"
        "auto ss = make_tensor(make_smem_ptr(base), filter_zeros(staged));\n"
        "auto ps = thr.partition_S(ss);\n"
        'print(ps.layout()); printf("\\n%d\\n", int(raw_pointer_cast(ps.data()) - base));\n'
        'print(thr.partition_D(tct)); printf("\\n");\n'
        f'print(recast_layout<{sf}, uint128_t>(ps.layout())); printf("\\n");'
    )


def expected(objs, sf_bits) -> str:
    _mma, _sfa, tmem, _tct, tc, (s_lay, s_off), d = objs
    desc = recast_layout(s_lay, sf_bits, 128)
    return f"{tmem}\n{tmem.columns()}\n{tc.print_str()}\n{s_lay}\n{s_off}\n{d}\n{desc}\n"


def _draw_case(rng):
    while True:  # an (M, N) the atom's static_asserts refuse is gen_umma's business: draw again
        name, vs, thr = draw_atom(rng)
        try:
            atom = mma_atom(name)
            break
        except CuteDumpError:
            continue
    k = int(size(atom.shape_mnk[2]))
    m = int(size(atom.shape_mnk[0]))
    n = int(size(atom.shape_mnk[1]))
    tk = k * rng.choice((2, 4, 4, 8, 8, 16))
    tile = (m * (rng.choice((1, 1, 2)) if thr == 1 else 1), n, tk)
    operand = rng.choice("AB")
    ops = U.all_utccp_copy_names()
    mine = f"SM100_UTCCP_4x32dp128bit_{thr}cta"
    op = mine if rng.random() < 0.45 else rng.choice([o for o in ops if o.endswith(f"_{thr}cta")] + [mine])
    if rng.random() < 0.05:
        op = rng.choice(ops)  # the other CTA group's atom
    stages = rng.choice((1, 2, 3, 4, 6))
    return name, vs, operand, tile, op, stages, thr


@functools.lru_cache(maxsize=4)
def cases(n: int = 420, seed: int = 4330):
    """(accepted, refused): accepted (label, C++ body, expected) where our engine answers, refused (label, body, our
    message) where it refuses (real CuTe must refuse those at compile time)."""
    rng = random.Random(seed)
    ok, bad, seen = [], [], set()
    while len(ok) + len(bad) < n:
        name, vs, operand, tile, op, stages, thr = _draw_case(rng)
        key = (name, vs, operand, tile, op, stages)
        if key in seen:
            continue
        seen.add(key)
        atom = mma_atom(name)
        sf = atom.traits.spec.types[3]
        # a tile the collective refuses before UTCCP (deduce_smem_layoutSF*'s own asserts) is gen_scale's business
        try:
            mma = make_tiled_mma(atom)
            SL.smem_layout_sf(vs, mma, tuple(C(x) for x in tile), operand)
        except CuteDumpError:
            continue
        tid = rng.randrange(2) if "2cta" in op else 0
        label = f"{op} SF{operand} of {name} VS {vs} tile {tile} stages {stages} thr {tid}"
        body = _body(name, vs, operand, tile, op, stages, tid, sf)
        try:
            objs = build(name, vs, operand, tile, op, stages, tid)
        except CuteDumpError as e:
            bad.append((label, body, e.message))
            continue
        ok.append((label, body, expected(objs, value_type_bits(sf))))
    return tuple(ok), tuple(bad)
