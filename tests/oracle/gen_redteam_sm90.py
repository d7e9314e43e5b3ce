"""Red-team differential cases for the Hopper (SM90) surfaces, wider than gen_smem / gen_tma draw them.

* ``frag_cases``: partition_fragment_A/B of GMMA TiledMMAs of every family and N (not only the power-of-two N), atom
  layouts (1,1)/(2,1)/(1,2)/(2,2)/(4,1), tiles of 1..3 atoms in MN and 1..8 k-blocks, stages, any thread, an unset or
  a set smem address; the RS forms' A operand (a register fragment of the swizzled smem tensor's partition).
* ``tile_cases``: tile_to_shape of the GMMA atoms of every element type over 2..4 modes, odd multiples, hierarchical
  targets and Step orders.
* ``tma_cases``: make_tma_copy over 2..5-dim gmem with permuted / padded / broadcast strides, plain, GMMA and
  free-standing swizzled smem, CTA tiles over some gmem modes, clusters 1/2/4/8; ``partition_cases`` adds
  tma_partition with clusters up to 8.

Every expected text is computed by cutedump (engine or CLI); C++ bodies print the same objects with real CuTe 4.2.
"""

from __future__ import annotations

import random

from cutedump.algebra import C, Layout, fmt, make_ordered_layout
from cutedump.algebra import smem as SMEM
from cutedump.atoms import tma as T
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate, evaluate_to_string
from tests.oracle import gen_smem as GS
from tests.oracle import gen_tma as GT
from tests.oracle.gen_smem import TYPES, _cpp_shape, _et, _ev_shape

#: the GMMA prelude with the extended-N atoms (N = 24, 40, ..., 248: cute/atom/mma_traits_sm90_gmma_ext.hpp)
PRELUDE_FRAG = GS.PRELUDE.replace(
    "#include <cstdio>",
    "#include <cute/arch/mma_sm90_gmma_ext.hpp>\n#include <cute/atom/mma_traits_sm90_gmma_ext.hpp>\n#include <cstdio>",
)

GMMA_TYPES = [
    "half_t",
    "bfloat16_t",
    "tfloat32_t",
    "float",
    "float_e4m3_t",
    "float_e5m2_t",
    "int8_t",
    "uint8_t",
    "int32_t",
    "uint32_t",
    "uint16_t",
    "int16_t",
    "double",
    "int64_t",
    "uint64_t",
    "int4b_t",
    "uint4b_t",
]
GMMA_TYPES = [t for t in GMMA_TYPES if t in TYPES]


# ------------------------------------------------------------------------------------------------ fragments


def _families():
    from cutedump.atoms.mma_catalog import gmma_families

    return list(gmma_families())


SKIPPED: list = []


def frag_cases(n=200, seed=9001):
    from cutedump.atoms import make_tiled_mma
    from cutedump.atoms import smem_desc as D
    from cutedump.atoms.types import value_type_bits
    from cutedump.dumps.explain_partition import explain_partition

    rng = random.Random(seed)
    fams = _families()
    out = []
    while len(out) < n:
        base = rng.choice(fams)
        rs = "_RS" in base
        maj = ""
        if base.endswith(("_SS", "_RS")):
            ma = "K" if rs else rng.choice(["K", "MN"])
            maj = f"<{ma},{rng.choice(['K', 'MN'])}>"
        name = base + maj
        op = rng.choice(["A", "B"])
        al = rng.choice([(1, 1), (2, 1), (1, 2), (2, 2), (4, 1), (1, 1)])
        try:
            tiled = make_tiled_mma(name, f"(_{al[0]},_{al[1]},_1)")
        except CuteDumpError:
            continue
        majors = D.mma_majors(tiled)
        major = majors[0 if op == "A" else 1]
        t = tiled.atom.traits.val_types[1 if op == "A" else 2]
        bits = value_type_bits(t)
        am, an, ak = (int(x.lstrip("_")) for x in tiled.atom.traits.shape_mnk.strip("()").split(","))
        mn_atom = am * al[0] if op == "A" else an * al[1]
        swz = rng.choice(["INTER", "SW32", "SW64", "SW128"])
        try:
            atom = SMEM.smem_atom(f"GMMA::Layout_{major}_{swz}_Atom", bits)
        except CuteDumpError:
            continue
        s0, s1 = (int(x) for x in atom.b.shape)
        mn = mn_atom * rng.choice([1, 1, 2, 3])
        k = ak * rng.choice([1, 2, 3, 4, 8])
        if mn % s0 or k % s1 or mn * k * bits > 8 * 1024 * 200:
            continue
        stages = rng.choice([None, None, 1, 2, 3, 5])
        nthr = 128 * al[0] * al[1]
        tid = rng.randrange(nthr)
        addr = rng.choice([None, None, 0, 1024, 0x4000, 0x2A400 + 1024, 49152, 0x1E000])
        dims = f"make_shape(Int<{mn}>{{}}, Int<{k}>{{}}" + (f", Int<{stages}>{{}})" if stages else ")")
        shp = f"(_{mn},_{k}" + (f",_{stages})" if stages else ")")
        expr = f"tile_to_shape(GMMA::Layout_{major}_{swz}_Atom<{t}>, {shp})"
        cpp_head = (
            f"auto mma = make_tiled_mma({tiled.atom.traits.cpp}{{}}, Layout<Shape<_{al[0]},_{al[1]},_1>>{{}});\n"
            f"auto s = make_tensor(make_smem_ptr(({t}*){'nullptr' if addr is None else f'(uintptr_t){addr}'}), "
            f"tile_to_shape(GMMA::Layout_{major}_{swz}_Atom<{t}>{{}}, {dims}));\n"
            f"auto thr = mma.get_slice({tid});\n"
        )
        if rs and op == "A":
            # a register fragment: compare the layout CuTe gives partition_fragment_A (and partition_A)
            try:
                e = explain_partition(
                    mma=name, atom_layout=f"(_{al[0]},_{al[1]},_1)", layout=expr, operand="A", fragment=True, thread=tid
                )
                e2 = explain_partition(
                    mma=name,
                    atom_layout=f"(_{al[0]},_{al[1]},_1)",
                    layout=expr,
                    operand="A",
                    fragment=False,
                    thread=tid,
                )
                exp = f"{fmt(e.result)}\n{fmt(e2.result)}\n"
            except CuteDumpError as err:
                exp = f"ERR {err}\n"
            body = cpp_head + (
                'print(thr.partition_fragment_A(s).layout()); printf("\\n");\n'
                'print(thr.partition_A(s).layout()); printf("\\n");\n'
            )
            out.append((f"RS-A {name} {al} t{tid} {expr}", body, exp))
            continue
        lay = evaluate(expr.replace("GMMA::", ""))
        try:
            f = D.desc_fragment(tiled, tid, op, lay, addr)
        except CuteDumpError as err:
            SKIPPED.append(f"{name} {al} t{tid} {op} {expr}: {err}")
            continue  # CuTe refuses it at compile time (static_assert): not sent to the batch
        body = cpp_head + f"auto frg = thr.partition_fragment_{op}(s);\n" + 'print(frg); printf("\\n");\n'
        if addr is None:
            body += 'for (int i = 0; i < size(frg); ++i) printf("%016llx\\n", (unsigned long long)(uint64_t)frg(i));\n'
        else:
            body += (
                f"GmmaDescriptor d = frg.data().desc_;\n"
                f"d.bitfield.start_address_ = uint16_t((uint32_t)(uintptr_t)raw_pointer_cast("
                f"tensor<0>(thr.partition_{op}(s)).data()) >> 4);\n"
                'for (int i = 0; i < size(frg); ++i) printf("%016llx\\n", '
                "(unsigned long long)(uint64_t)*(GMMA::DescriptorIterator{d} + frg.layout()(i)));\n"
            )
        exp = f.cute_print() + "\n" + "".join(f"{d.value:016x}\n" for d in f.descriptors)
        out.append((f"{name} {al} t{tid} {op} {expr} @{addr}", body, exp))
    return out


# ------------------------------------------------------------------------------------------------ tile_to_shape


def tile_cases(n=300, seed=9101):
    rng = random.Random(seed)
    out = []
    atoms = SMEM.atom_names("GMMA")
    while len(out) < n:
        a = rng.choice(atoms)
        t = rng.choice(GMMA_TYPES)
        atom = SMEM.smem_atom(f"GMMA::{a}", TYPES[t])
        s0, s1 = (int(x) for x in atom.b.shape)
        nm = rng.choice([2, 2, 3, 3, 4])
        dims = [(s0 * rng.choice([1, 2, 3, 5, 7]), True), (s1 * rng.choice([1, 2, 3, 5]), True)]
        for _ in range(nm - 2):
            dims.append((rng.choice([1, 2, 3, 4, 5, 7]), rng.random() < 0.7))
        hier = rng.random() < 0.15 and dims[0][0] % (2 * s0) == 0
        order = None
        r = rng.random()
        if r < 0.15:
            order = "GenRowMajor"
        elif r < 0.25:
            order = "GenColMajor"
        elif r < 0.45 and all(st for _, st in dims):
            p = list(range(1, nm + 1))
            rng.shuffle(p)
            order = tuple(p)
        ord_cpp = (
            ""
            if order is None
            else (f", {order}{{}}" if isinstance(order, str) else ", Step<" + ",".join(f"_{o}" for o in order) + ">{}")
        )
        ord_ev = (
            ""
            if order is None
            else (f", {order}" if isinstance(order, str) else ", (" + ",".join(f"_{o}" for o in order) + ")")
        )
        if hier:
            h = dims[0][0] // 2
            shp_cpp = (
                f"make_shape(make_shape(Int<{h}>{{}}, Int<2>{{}}), "
                + ", ".join(f"Int<{d}>{{}}" if st else f"int({d})" for d, st in dims[1:])
                + ")"
            )
            shp_ev = f"((_{h},_2)," + ",".join(f"_{d}" if st else f"{d}" for d, st in dims[1:]) + ")"
        else:
            shp_cpp, shp_ev = _cpp_shape(dims), _ev_shape(dims)
        body = f"print(tile_to_shape(GMMA::{a}<{t}>{{}}, {shp_cpp}{ord_cpp}));"
        expr = f"tile_to_shape({a}<{_et(t)}>, {shp_ev}{ord_ev})"
        try:
            exp = evaluate_to_string(expr)
        except CuteDumpError:
            continue
        out.append((f"tile {expr}", body, exp))
    return out


def selector_cases(n=120, seed=9201):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        major = rng.choice(["K", "MN"])
        t = rng.choice(GMMA_TYPES)
        mn = rng.choice([8, 16, 24, 32, 40, 56, 64, 72, 80, 96, 112, 128, 144, 160, 192, 200, 224, 256])
        k = rng.choice([4, 8, 16, 24, 32, 40, 48, 64, 80, 96, 128, 192, 256, 512])
        body = f"print(cutlass::gemm::collective::detail::ss_smem_selector<GMMA::Major::{major}, {t}, _{mn}, _{k}>());"
        try:
            exp = evaluate_to_string(f"ss_smem_selector<{major},{_et(t)},{mn},{k}>()")
        except CuteDumpError:
            continue
        out.append((f"ss_smem_selector<{major},{t},_{mn},_{k}>", body, exp))
    return out


# ------------------------------------------------------------------------------------------------ TMA

BITS = dict(GT.BITS)


def _smem(rng, bits, vt):
    """(ours, C++ text, tile) of a random smem layout."""
    kind = rng.choice(["gmma", "gmma", "gmma3", "plain", "plain", "swz"])
    if kind.startswith("gmma"):
        major = rng.choice(["K", "MN"])
        sw = rng.choice([0, 32, 64, 128])
        w = {0: 128, 32: 256, 64: 512, 128: 1024}[sw] // bits
        reps = [rng.choice([1, 2, 3, 4, 8, 16]), rng.choice([1, 2, 3, 4])]
        tile = [8 * reps[0], w * reps[1]] if major == "K" else [w * reps[1], 8 * reps[0]]
        if kind == "gmma3":
            tile.append(rng.choice([1, 2, 3, 4]))
        while tile[0] * tile[1] * (tile[2] if len(tile) > 2 else 1) * bits > 8 * 96 * 1024:
            tile[0 if major == "K" else 1] //= 2
        py_atom, cpp_atom = GT.gmma_atom(major, sw, bits)
        py, cp = GT._tile_expr(py_atom, cpp_atom, tuple(tile))
        return evaluate(py), cp, tile
    nd = rng.choice([2, 2, 3, 4])
    tile = [rng.choice([1, 2, 4, 8, 16, 32, 64, 128, 256, 3, 5, 24]) for _ in range(nd)]
    while product(tile) * bits > 8 * 64 * 1024:
        i = rng.randrange(nd)
        tile[i] = max(1, tile[i] // 2)
    order = list(range(nd))
    rng.shuffle(order)
    lay = make_ordered_layout(tuple(C(t) for t in tile), tuple(C(o) for o in order))
    if kind == "swz":
        b = rng.choice([1, 2, 3])
        m = rng.choice([4, 4, 3, 5]) if bits <= 32 else 4
        s = rng.choice([3, 3, 4])
        m_el = m - {8: 0, 16: 1, 32: 2, 64: 3}[bits]
        if m_el < 0:
            return None
        sm = evaluate(f"Sw<{b},{m_el},{s}> o _0 o {lay}")
        return sm, f"composition(Swizzle<{b},{m_el},{s}>{{}}, {GT.cpp(lay)})", tile
    return lay, GT.cpp(lay), tile


def product(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def _fast_mode(smem) -> int | None:
    """The smem mode holding the stride-1 element (the contiguous one), or None."""
    from cutedump.algebra import flatten

    L = smem.b if hasattr(smem, "b") else smem
    for i, (sh, st) in enumerate(zip(L.shape, L.stride)):
        fs, ft = flatten(sh), flatten(st)
        fs, ft = (fs if isinstance(fs, tuple) else (fs,)), (ft if isinstance(ft, tuple) else (ft,))
        if any(int(a) == 1 and int(b) > 1 for a, b in zip(ft, fs)):
            return i
    return None


def _gmem(rng, tile, rank, bits, fast=None):
    nd = len(tile)
    dims = [t * rng.choice([1, 1, 2, 3, 4, 8]) + rng.choice([0, 0, 0, 1, 7]) for t in tile[: min(nd, rank)]]
    dims += [rng.choice([1, 2, 3, 5, 9]) for _ in range(rank - len(dims))]
    order = list(range(rank))
    rng.shuffle(order)
    r = rng.random()
    if fast is not None and r < 0.8:  # contiguous mode = smem's contiguous mode, mostly
        order.remove(fast)
        order.insert(0, fast)
    strides = [0] * rank
    cur = 1
    for kk, m in enumerate(order):
        ext = dims[m]
        if rng.random() < 0.1 and kk > 0:
            strides[m] = 0  # broadcast
            continue
        strides[m] = cur
        if kk == 0:
            al = max(1, 128 // bits)
            r = rng.random()
            if r < 0.6:
                ext = -(-ext // al) * al
            elif r < 0.75:
                ext = -(-ext // al) * al + al * rng.choice([1, 3])
        cur *= ext
    dyn = rng.random() < 0.7
    shape = tuple(C(d) if (not dyn and rng.random() < 0.5) else d for d in dims)
    stride = tuple(
        C(s) if (s in (0, 1) and rng.random() < 0.7) or (not dyn and rng.random() < 0.5) else s for s in strides
    )
    return Layout(shape, stride)


def _draw(rng, mc_clusters, clusters):
    """The draws every TMA case starts with, in this order (the records' keys depend on it): element type, op, cluster
    (from ``mc_clusters`` for the multicast op), smem layout (None: draw again)."""
    vt = rng.choice(list(BITS))
    bits = BITS[vt]
    op = rng.choice(GT.OPS)
    cluster = rng.choice(mc_clusters if op == "SM90_TMA_LOAD_MULTICAST" else clusters)
    return vt, bits, op, cluster, _smem(rng, bits, vt)


def tma_cases(n=150, seed=9301):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        vt, bits, op, cluster, sm = _draw(rng, [1, 2, 4, 8], [1, 1, 2, 4, 8])
        if sm is None:
            continue
        smem, smem_cpp, tile = sm
        nt = len(tile)
        # a CTA tile over the leading gmem modes: smem modes beyond it (GMMA 3-mode) stay in the tile here
        rank = min(5, nt + rng.choice([0, 0, 1, 2]))
        gmem = _gmem(rng, tile, rank, bits)
        tiler = tuple(C(x) for x in tile) if rng.random() < 0.7 else None
        try:
            exp = GT.expected(op, vt, gmem, smem, tiler, cluster)
        except CuteDumpError:
            continue
        name = f"{op} {vt} g={gmem} s={smem} tile={fmt(tiler) if tiler else None} cluster={cluster}"
        out.append((name, GT.body(op, vt, gmem, smem_cpp, tiler, cluster), exp))
    return out


def partition_cases(n=100, seed=9401):
    from cutedump.algebra import UNDERSCORE

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        vt, bits, op, cluster, sm = _draw(rng, [1, 2, 4, 8], [1, 2, 4, 8])
        if sm is None:
            continue
        smem, smem_cpp, tile = sm
        rank = min(5, len(tile) + rng.choice([0, 1, 2]))
        gmem = _gmem(rng, tile, rank, bits)
        tiler = tuple(C(x) for x in tile)
        try:
            T.make_tma(op, vt, gmem, smem, tiler, cluster)
        except CuteDumpError:
            continue
        shp = list(gmem.shape)
        counts = [-(-int(shp[i]) // int(tiler[i])) for i in range(len(tiler))] + [int(s) for s in shp[len(tiler) :]]
        coord = tuple(rng.randrange(k) for k in counts)
        if len(coord) > len(tiler) and rng.random() < 0.8:
            coord = coord[:-1] + (UNDERSCORE,)
        elif rng.random() < 0.3:
            coord = coord[:-1] + (UNDERSCORE,)
        cta = rng.randrange(cluster) if (cluster > 1 or rng.random() < 0.3) else None
        addr = rng.choice([0, 0x400, 0x8000, 0x12400])
        try:
            exp = GT.partition_expected(op, vt, gmem, smem, tiler, cluster, coord, cta, addr)
        except CuteDumpError:
            continue
        name = f"partition {op} {vt} g={gmem} s={smem} tile={fmt(tiler)} cluster={cluster} coord={coord} cta={cta}"
        out.append((name, GT.partition_body(op, vt, gmem, smem_cpp, tiler, cluster, coord, cta, addr), exp))
    return out


# ------------------------------------------------------------------------------------------------ desc print


def desc_print_cases(n=120, seed=9501):
    """print(GmmaDescriptor) of arbitrary 64-bit values (every field, reserved bits set or not)."""
    from cutedump.atoms.smem_desc import SmemDescriptor

    rng = random.Random(seed)
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.4:
            v = rng.getrandbits(64)
        else:
            v = SmemDescriptor.from_fields(
                "gmma",
                start_address=rng.getrandbits(14),
                leading_byte_offset=rng.getrandbits(14),
                stride_byte_offset=rng.getrandbits(14),
                base_offset=rng.getrandbits(3),
                layout_type=rng.choice([0, 1, 2, 3, rng.getrandbits(2)]),
            ).value
        body = f"GmmaDescriptor d; d.desc_ = 0x{v:016x}ull; print(d);"
        out.append((f"desc 0x{v:016x}", body, SmemDescriptor("gmma", v).cute_print()))
    return out


# ------------------------------------------------------------------------------------------------ TMA, nested gmem


def _nest(rng, gmem: Layout) -> Layout:
    """Split gmem modes into (d, n/d) sub-modes over the same memory (in order, or with the sub-modes swapped)."""
    shape, stride = list(gmem.shape), list(gmem.stride)
    for i in range(len(shape)):
        n, s = int(shape[i]), int(stride[i])
        ds = [d for d in (2, 4, 8, 16) if n % d == 0 and n // d > 1]
        if not ds or rng.random() < 0.5:
            continue
        d = rng.choice(ds)
        st = isinstance(shape[i], C) or rng.random() < 0.5
        inner = C(d) if st else d
        outer = C(n // d) if st else n // d
        s0 = C(s) if isinstance(stride[i], C) else s
        s1 = C(s * d) if isinstance(stride[i], C) else s * d
        if rng.random() < 0.2:  # swapped: the outer sub-mode first
            sub_shape, sub_stride = (
                (C(n // d) if st else n // d, inner),
                (C(s * (n // d)) if isinstance(stride[i], C) else s * (n // d), s0),
            )
        else:
            sub_shape, sub_stride = (inner, outer), (s0, s1)
        shape[i], stride[i] = sub_shape, sub_stride
    return Layout(tuple(shape), tuple(stride))


def tma_nested_cases(n=150, seed=9601):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        vt, bits, op, cluster, sm = _draw(rng, [1, 2, 4, 8, 16], [1, 2, 4])
        if sm is None:
            continue
        smem, smem_cpp, tile = sm
        rank = min(5, len(tile) + rng.choice([0, 1]))
        gmem = _nest(rng, _gmem(rng, tile, rank, bits, _fast_mode(smem)))
        tiler = tuple(C(x) for x in tile)
        try:
            exp = GT.expected(op, vt, gmem, smem, tiler, cluster)
        except CuteDumpError:
            continue
        name = f"nested {op} {vt} g={gmem} s={smem} tile={fmt(tiler)} cluster={cluster}"
        out.append((name, GT.body(op, vt, gmem, smem_cpp, tiler, cluster), exp))
    return out


def partition_nested_cases(n=100, seed=9701):
    """tma_partition over nested gmem modes (the tile over the top-level modes), clusters up to 16."""
    from cutedump.algebra import UNDERSCORE

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        vt, bits, op, cluster, sm = _draw(rng, [1, 2, 4, 8, 16], [1, 2, 4])
        if sm is None:
            continue
        smem, smem_cpp, tile = sm
        if smem_cpp.startswith("composition(Swizzle"):
            # a swizzle composed without an smem_ptr flag stays in the smem tensor's layout in CuTe
            # (smem_ptr o Sw o offset o L); cutedump reads `Sw<..> o _0 o L` as the GMMA-style (flagged) form
            continue
        rank = min(5, len(tile) + rng.choice([0, 1]))
        gmem = _nest(rng, _gmem(rng, tile, rank, bits, _fast_mode(smem)))
        tiler = tuple(C(x) for x in tile)
        try:
            T.make_tma(op, vt, gmem, smem, tiler, cluster)
        except CuteDumpError:
            continue
        from cutedump.algebra import size as _size

        shp = [int(_size(m)) for m in gmem.shape]
        counts = [-(-shp[i] // int(tiler[i])) for i in range(len(tiler))] + shp[len(tiler) :]
        coord = tuple(rng.randrange(k) for k in counts)
        if rng.random() < 0.5:
            coord = coord[:-1] + (UNDERSCORE,)
        cta = rng.randrange(cluster) if cluster > 1 else None
        addr = rng.choice([0, 0x400, 0x8000])
        try:
            exp = GT.partition_expected(op, vt, gmem, smem, tiler, cluster, coord, cta, addr)
        except CuteDumpError:
            continue
        name = (
            f"partition nested {op} {vt} g={gmem} s={smem} tile={fmt(tiler)} cluster={cluster} coord={coord} cta={cta}"
        )
        out.append((name, GT.partition_body(op, vt, gmem, smem_cpp, tiler, cluster, coord, cta, addr), exp))
    return out
