"""Red-team differential cases for the SM100 (Blackwell) surfaces, wider than gen_umma / gen_tmem: fresh seeds,
every TMEM copy atom on several random accumulators (all families, C types, atom layouts, tile multiples, threads),
UMMA TiledMMAs with permutation tiles and their A/B/C TV layouts, and the descriptor tensors
(thr_mma.partition_fragment_A/B) of SS UMMA TiledMMAs over tile_to_shape'd UMMA smem atoms with stages.
(label, C++ body for real CuTe, our expected text)."""

from __future__ import annotations

import random

from cutedump.algebra import C, make_layout
from cutedump.atoms import mma as M
from cutedump.atoms import tmem as T
from cutedump.atoms.mma_catalog import sm100 as U
from cutedump.errors import CuteDumpError
from tests.oracle.gen_tmem import _cpp_layout, _shape_cpp
from tests.oracle.gen_umma import _draw, _legal, _op_expr

ALAYS = [None, "(_2,_1)", "(_1,_2)", "(_2,_2)", "(_1,_4)", "(_4,_1)"]


def _random_atom(rng, fams=None):
    fams = fams or U.common_families()
    while True:
        f = rng.choice(fams)
        m = rng.choice((64, 128, 256))
        n = rng.choice(range(8, 257, 8))
        t = _legal(f, _draw(f, rng, m, n))
        if t is not None:
            return t


def tmem_copy_cases(seed: int = 9100, per_op: int = 2) -> list[tuple[str, str, str]]:
    """Every TMEM load/store on ``per_op`` random accumulators our engine accepts it for."""
    rng = random.Random(seed)
    out = []
    for op in T.all_tmem_copy_names():
        got = tries = 0
        while got < per_op and tries < 60:
            tries += 1
            t = _random_atom(rng)
            lay = rng.choice(ALAYS)
            try:
                mma = M.make_tiled_mma(M.MMAAtom(t), lay)
                tm, tn, _ = (int(x) for x in mma.tile_shape())
                sm, sn = rng.choice([(1, 1), (1, 1), (2, 1), (1, 2), (2, 2), (1, 4)])
                shp = (C(tm * sm), C(tn * sn))
                acc = T.tmem_fragment_C(mma, shp)
                tc = T.make_tmem_copy(op, acc)
            except CuteDumpError:
                continue
            got += 1
            tid = rng.randrange(int(tc.size()))
            thr = tc.get_slice(tid)
            s_lay, s_off = thr.partition_S(acc.layout)
            d_lay, _ = thr.partition_D(make_layout(acc.layout.shape))
            exp = f"{tc.print_str()}\n{acc.with_layout(s_lay, int(s_off))}\n{d_lay}\n"
            body = (
                f"auto tiled = make_tiled_mma({_op_expr(t)}{_cpp_layout(lay)});\n"
                f"auto acc = partition_fragment_C(tiled, {_shape_cpp(shp)});\n"
                f'auto tc = make_tmem_copy({op}{{}}, acc); print(tc); printf("\\n");\n'
                f'auto thr = tc.get_slice({tid}); print(thr.partition_S(acc)); printf("\\n");\n'
                f'print(thr.partition_D(make_tensor(make_gmem_ptr<float>(nullptr), make_layout(shape(acc)))).layout()); printf("\\n");'
            )
            out.append((f"{op} on {t.name} {lay} {shp} thr {tid}", body, exp))
    return out


# (our text, the C++ Tile<...>)
PERMS = [
    (None, None),
    ("(_,_,_)", "Tile<Underscore,Underscore,Underscore>{}"),
    ("(_256,_,_)", "Tile<_256,Underscore,Underscore>{}"),
    ("(_,_256,_)", "Tile<Underscore,_256,Underscore>{}"),
    ("(_,_,_64)", "Tile<Underscore,Underscore,_64>{}"),
    ("((_2,_128):(_128,_1),_,_)", "Tile<Layout<Shape<_2,_128>,Stride<_128,_1>>,Underscore,Underscore>{}"),
    ("(_,(_8,_32):(_32,_1),_)", "Tile<Underscore,Layout<Shape<_8,_32>,Stride<_32,_1>>,Underscore>{}"),
]


def tiled_perm_cases(seed: int = 9200, n: int = 120) -> list[tuple[str, str, str]]:
    """print(make_tiled_mma(Op{}, atom layout, Tile<...>)) and its A/B/C TV layouts."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        t = _random_atom(rng)
        lay = rng.choice(ALAYS[:4])
        perm, cperm = rng.choice(PERMS)
        try:
            tm = M.make_tiled_mma(M.MMAAtom(t), lay, perm)
            exp = tm.print_str() + f"{tm.get_layoutC_TV()}\n{tm.get_layoutA_TV()}\n{tm.get_layoutB_TV()}\n"
        except CuteDumpError:
            continue
        cl = "Layout<Shape<_1,_1,_1>>{}" if lay is None else f"Layout<Shape<{lay.strip('()')}>>{{}}"
        cp = "" if perm is None else ", " + cperm
        body = (
            f"auto mma = make_tiled_mma({_op_expr(t)}, {cl}{cp}); print(mma); "
            'print(mma.get_layoutC_TV()); printf("\\n"); print(mma.get_layoutA_TV()); printf("\\n"); '
            'print(mma.get_layoutB_TV()); printf("\\n");'
        )
        out.append((f"{t.name} {lay} {perm}", body, exp))
    return out


PRELUDE_DESC = r"""
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/arch/mma_sm100_desc.hpp>
#include <cute/atom/mma_traits_sm100.hpp>
#include <cstdio>
using namespace cute;
"""

_BITS = {
    "half_t": 16,
    "bfloat16_t": 16,
    "tfloat32_t": 32,
    "int8_t": 8,
    "uint8_t": 8,
    "float_e4m3_t": 8,
    "float_e5m2_t": 8,
    "float_e2m1_t": 4,
}


def fragment_desc_cases(seed: int = 9300, n: int = 160) -> list[tuple[str, str, str]]:
    """thr_mma.partition_fragment_A/B(sX) of SS UMMA TiledMMAs (B of every family, A of the dense _SS ones) over
    tile_to_shape(UMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T>, (MN,K[,stages])) (and the MN-major 32B
    atom), a random thread of the tiled MMA: CuTe's print of the descriptor tensor and every descriptor, with the
    smem pointer unset (start address 0) or at an address."""
    from cutedump.algebra import smem as SMEM
    from cutedump.atoms import smem_desc as D
    from cutedump.expr import evaluate

    rng = random.Random(seed)
    fams = [f for f in U.common_families() if f.src == "SS"]
    out = []
    seen = set()
    tries = 0
    while len(out) < n and tries < 20000:
        tries += 1
        t = _random_atom(rng, fams)
        spec = t.spec
        op = rng.choice("AB") if not spec.family.sparse else "B"
        vt = spec.types[0 if op == "A" else 1]
        if vt not in _BITS:
            continue
        bits = _BITS[vt]
        major = "K" if (spec.a_major if op == "A" else spec.b_major) == 0 else "MN"
        al = rng.choice([(1, 1), (2, 1), (1, 2)])
        tiled = M.make_tiled_mma(M.MMAAtom(t), f"(_{al[0]},_{al[1]},_1)")
        tm, tn, tk = (int(x) for x in tiled.tile_shape())
        swz = rng.choice(["INTER", "SW32", "SW64", "SW128"] + (["SW128_32B"] if major == "MN" else []))
        aname = f"Layout_{major}_{swz}_Atom"
        if (bits, aname) in seen and rng.random() < 0.0:
            continue
        atom = SMEM.smem_atom(f"UMMA::{aname}", bits)
        s0, s1 = (int(x) for x in atom.b.shape)
        mn = (tm if op == "A" else tn) * rng.choice([1, 1, 2])
        k = tk * rng.choice([1, 2, 4])
        if mn % s0 or k % s1:
            continue
        stages = rng.choice([None, 1, 2, 3])
        tid = rng.randrange(int(tiled.size()))
        addr = None if bits < 8 else rng.choice([None, None, 0, 1024, 0x4000, 0x2A400 + 1024, 49152])
        shp = f"(_{mn},_{k}" + (f",_{stages})" if stages else ")")
        expr = f"tile_to_shape(UMMA::{aname}<{vt}>, {shp})"
        try:
            lay = evaluate(expr)
            f = D.desc_fragment(tiled, tid, op, lay, addr)
        except CuteDumpError:
            continue
        dims = f"make_shape(Int<{mn}>{{}}, Int<{k}>{{}}" + (f", Int<{stages}>{{}})" if stages else ")")
        ptr = "nullptr" if addr is None else f"(uintptr_t){addr}"
        body = (
            f"auto mma = make_tiled_mma({_op_expr(t)}, Layout<Shape<_{al[0]},_{al[1]},_1>>{{}});\n"
            f"auto s = make_tensor(make_smem_ptr(({vt}*){ptr}), tile_to_shape(UMMA::{aname}<{vt}>{{}}, {dims}));\n"
            f"auto thr = mma.get_slice({tid});\n"
            f"auto frg = thr.partition_fragment_{op}(s);\n"
            f'print(frg); printf("\\n");\n'
        )
        if addr is None:
            body += 'for (int i = 0; i < size(frg); ++i) printf("%016llx\\n", (unsigned long long)(uint64_t)frg(i));\n'
        else:
            body += (
                f"UMMA::SmemDescriptor d = frg.data().desc_;\n"
                f"d.start_address_ = uint16_t((uint32_t)(uintptr_t)raw_pointer_cast("
                f"tensor<0>(thr.partition_{op}(s)).data()) >> 4);\n"
                'for (int i = 0; i < size(frg); ++i) printf("%016llx\\n", '
                "(unsigned long long)(uint64_t)*(UMMA::DescriptorIterator{d} + frg.layout()(i)));\n"
            )
        exp = f.cute_print() + "\n" + "".join(f"{d.value:016x}\n" for d in f.descriptors)
        out.append((f"{t.name} {al} t{tid} {op} {expr} @{addr}", body, exp))
    return out


def illegal_atom_cases(seed: int = 9400, per_family: int = 14) -> list[tuple[str, str, str]]:
    """Illegal UMMA atoms (M/N pairs off each family's grid, wrong types, block-scale vector sizes and scale types,
    MN-major A of _TS forms): (label, C++ operation, our static_assert message), for gen_umma.cute_first_errors."""
    from tests.oracle.gen_umma import _cpp_of

    rng = random.Random(seed)
    out = []
    Ms = [0, 16, 32, 48, 64, 96, 128, 192, 256, 384, 512]
    Ns = [0, 4, 8, 12, 16, 20, 24, 32, 40, 48, 56, 72, 100, 104, 136, 200, 248, 256, 264, 272, 512]
    for f in U.common_families():
        got = 0
        for _ in range(400):
            if got >= per_family:
                break
            args = _draw(f, rng, rng.choice(Ms), rng.choice(Ns))
            r = rng.random()
            if r < 0.15 and f.block_scaled:
                i = f.ntypes + f.params.index("VS") if "VS" in f.params else None
                if i is not None:
                    args[i] = str(rng.choice([0, 8, 16, 32, 64, 128]))
                else:
                    args[3] = rng.choice(["float_ue8m0_t", "float_ue4m3_t", "float", "uint8_t"])
            elif r < 0.25:
                args[rng.randrange(f.ntypes)] = rng.choice(
                    ["half_t", "float", "int8_t", "float_e4m3_t", "float_e2m1_t", "tfloat32_t", "int32_t", "double"]
                )
            try:
                U.lookup_umma(f.base, args)
            except CuteDumpError as e:
                msg = e.message.split(": ", 1)[1]
                out.append((f"{f.base}<{','.join(args)}>", _cpp_of(f, args), msg))
                got += 1
    return out


SUBBYTE = ["float_e2m1_t", "float_ue8m0_t", "float_ue4m3_t"]
_ATOMS = [
    "Layout_MN_INTER_Atom",
    "Layout_MN_SW32_Atom",
    "Layout_MN_SW64_Atom",
    "Layout_MN_SW128_Atom",
    "Layout_K_INTER_Atom",
    "Layout_K_SW32_Atom",
    "Layout_K_SW64_Atom",
    "Layout_K_SW128_Atom",
]


def narrow_type_atom_cases(seed: int = 9500) -> list[tuple[str, str, str]]:
    """print(UMMA::/GMMA:: Layout_*_Atom<T>{}) and tile_to_shape of them for the narrow float types of the F8F6F4 /
    block-scaled UMMAs (float_e2m1_t, float_ue8m0_t, float_ue4m3_t), as the eval language computes them."""
    from cutedump.expr import evaluate_to_string

    rng = random.Random(seed)
    out = []
    for t in SUBBYTE:
        for ns in ("UMMA", "GMMA"):
            for a in _ATOMS + (["Layout_MN_SW128_32B_Atom"] if ns == "UMMA" else []):
                e = f"{ns}::{a}<{t}>"
                out.append((e, f"print({ns}::{a}<{t}>{{}});", evaluate_to_string(e) + ""))
                mn, k = rng.choice([128, 256, 512]), rng.choice([128, 256, 512])
                st = rng.choice([None, 2, 4])
                shp = f"(_{mn},_{k}" + (f",_{st})" if st else ")")
                cshp = f"make_shape(Int<{mn}>{{}},Int<{k}>{{}}" + (f",Int<{st}>{{}})" if st else ")")
                e2 = f"tile_to_shape({e}, {shp})"
                try:
                    exp = evaluate_to_string(e2)
                except CuteDumpError:
                    continue
                out.append((e2, f"print(tile_to_shape({ns}::{a}<{t}>{{}}, {cshp}));", exp))
    return out
