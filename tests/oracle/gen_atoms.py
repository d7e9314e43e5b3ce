"""Differential cases for MMA/Copy atoms, TiledMMA and TiledCopy: (C++ body for real CuTe, our expected text).

Every case's expected text is computed by cutedump.atoms; the C++ body prints the same thing with real CuTe.
Cases our library rejects are not sent to the compiler (they would not compile); they are counted as skipped.
"""

from __future__ import annotations

from cutedump.algebra import UNDERSCORE, C, Layout, fmt, make_layout, size
from cutedump.algebra.inttuple import is_tuple
from cutedump.atoms import copy as K
from cutedump.atoms import mma as M
from cutedump.atoms.copy_catalog import catalog_copy
from cutedump.atoms.mma_catalog import catalog_mma
from cutedump.errors import CuteDumpError

EXT_FLAGS = ("-DCUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED",)


def cpp(x) -> str:
    """A C++ expression that builds the same CuTe object (ints keep their static-ness)."""
    if x is UNDERSCORE:
        return "_"
    if isinstance(x, Layout):
        return f"make_layout({cpp(x.shape)}, {cpp(x.stride)})"
    if is_tuple(x):
        if any(isinstance(e, Layout) or e is UNDERSCORE for e in x):
            return "make_tile(" + ", ".join(cpp(e) for e in x) + ")"
        return "make_shape(" + ", ".join(cpp(e) for e in x) + ")"
    if isinstance(x, C):
        return f"Int<{int(x)}>{{}}"
    return f"int({int(x)})"


def _lbl(label: str, expr: str) -> str:
    return f'print("{label} "); print({expr}); print("\\n");'


# ------------------------------------------------------------------ MMA


def mma_atom_cases():
    out = []
    for t in catalog_mma():
        a = M.MMAAtom(t)
        out.append((f"atom {t.name}", f"print(MMA_Atom<{t.cpp}>{{}});", a.print_str()))
    return out


def _tilings(atom: M.MMAAtom):
    sm, sn, sk = (int(size(x)) for x in atom.shape_mnk)
    s = 2 * sm
    perm_m = Layout((C(2), C(s // 2)), (C(s // 2), C(1)))
    yield "1x1", None, None
    yield "2x2", "(_2,_2)", None
    yield "2x2perm", "(_2,_2)", (perm_m, C(4 * sn), UNDERSCORE)


def mma_tiled_cases(atoms=None, partitions=True):
    out = []
    for t in atoms or catalog_mma():
        atom = M.MMAAtom(t)
        for tag, lay, perm in _tilings(atom):
            m = M.make_tiled_mma(atom, lay, perm)
            args = [f"MMA_Atom<{t.cpp}>{{}}"]
            if lay is not None or perm is not None:
                args.append(cpp(m.atom_layout_mnk) if lay is not None else "Layout<Shape<_1,_1,_1>>{}")
            if perm is not None:
                args.append(cpp(perm))
            body = [
                f"auto mma = make_tiled_mma({', '.join(args)});",
                "print(mma);",
                _lbl("A", "mma.get_layoutA_TV()"),
                _lbl("B", "mma.get_layoutB_TV()"),
                _lbl("C", "mma.get_layoutC_TV()"),
                _lbl("T", "tile_shape(mma)"),
            ]
            exp = (
                m.print_str() + f"A {m.get_layoutA_TV()}\nB {m.get_layoutB_TV()}\nC {m.get_layoutC_TV()}\n"
                f"T {fmt(m.tile_shape())}\n"
            )
            if partitions and tag == "2x2":
                tm, tn, tk = (int(x) for x in m.tile_shape())
                sa, sb, sc = (2 * tm, 3 * tk), (2 * tn, 3 * tk), (2 * tm, 2 * tn)
                for op, shp in (("A", sa), ("B", sb), ("C", sc)):
                    body.append(_lbl(f"PS{op}", f"partition_shape_{op}(mma, {cpp(shp)})"))
                    exp += f"PS{op} {fmt(M.partition_shape(m, op, shp))}\n"
                thr = min(37, int(m.size()) - 1)
                body.append(f"auto thr = mma.get_slice({thr});")
                for op, shp in (("A", sa), ("B", sb), ("C", sc)):
                    L = make_layout(tuple(C(v) for v in shp))
                    lay_, off = getattr(m.get_slice(thr), f"partition_{op}")(L)
                    body.append(
                        f"{{ auto p = thr.partition_{op}(make_tensor(counting_iterator<int>(0), {cpp(L)}));"
                        f' print("P{op} "); print(p.layout()); print(" "); print(*p.data()); print("\\n"); }}'
                    )
                    exp += f"P{op} {lay_} {int(off)}\n"
                    if op == "C" or not M._is_gmma_desc(m, op):
                        frag = M.partition_fragment(m.get_slice(thr), op, L)
                        fn = f"partition_fragment_{op}" if op != "C" else "partition_fragment_C"
                        body.append(
                            f"{{ auto f = thr.{fn}(make_tensor(counting_iterator<int>(0), {cpp(L)}));"
                            f' print("F{op} "); print(f.layout()); print("\\n"); }}'
                        )
                        exp += f"F{op} {frag}\n"
            out.append((f"tiled {tag} {t.name}", "\n".join(body), exp))
    return out


# ------------------------------------------------------------------ Copy

# value types tried for each copy operation
COPY_TYPES = ["half_t", "float", "int8_t", "double", "uint128_t"]


def copy_atom_cases():
    out, skipped = [], []
    for t in catalog_copy():
        for vt in COPY_TYPES:
            try:
                a = K.CopyAtom(t, vt)
            except CuteDumpError as e:
                skipped.append((t.name, vt, str(e)))
                continue
            out.append((f"copy_atom {t.name} {vt}", f"print(Copy_Atom<{t.cpp}, {vt}>{{}});", a.print_str()))
    return out, skipped


def _copy_probe(tc: K.TiledCopy, decl: str, tag: str):
    """Body and expected text probing every TiledCopy function on one tiled copy."""
    body = [decl, "print(tc);", _lbl("S_TV", "tc.get_layoutS_TV()"), _lbl("D_TV", "tc.get_layoutD_TV()")]
    exp = tc.print_str() + f"S_TV {tc.get_layoutS_TV()}\nD_TV {tc.get_layoutD_TV()}\n"
    tiler_shape = K._tiler_shape(tc.tiler_mn)
    tm, tn = int(size(tiler_shape[0])), int(size(tiler_shape[1]))
    L = Layout((C(2 * tm), C(3 * tn)), (C(3 * tn), C(1)))  # a row-major tensor of 2x3 tiles
    body.append(_lbl("tidS", f"tc.tidfrg_S({cpp(L)})"))
    body.append(_lbl("tidD", f"tc.tidfrg_D({cpp(L)})"))
    exp += f"tidS {tc.tidfrg_S(L)}\ntidD {tc.tidfrg_D(L)}\n"
    thr = min(3, int(tc.tiled_num_thr) - 1)
    body.append(f"auto thr = tc.get_slice({thr});")
    for which in ("S", "D"):
        lay_, off = getattr(tc.get_slice(thr), f"partition_{which}")(L)
        body.append(
            f"{{ auto p = thr.partition_{which}(make_tensor(counting_iterator<int>(0), {cpp(L)}));"
            f' print("P{which} "); print(p.layout()); print(" "); print(*p.data()); print("\\n"); }}'
        )
        exp += f"P{which} {lay_} {int(off)}\n"
    frag = make_layout((C(int(tc.tiled_num_val)), C(2), C(2)))
    try:
        r = tc.retile(frag)
        body.append(_lbl("retile", f"tc.retile({cpp(frag)})"))
        exp += f"retile {r}\n"
    except CuteDumpError:
        pass
    return f"{tag}", "\n".join(body), exp


def _mma_for_copy():
    return M.make_tiled_mma("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2)", "(_32,_32,_16)")


def copy_tiled_cases():
    out, skipped = [], []
    mma = _mma_for_copy()
    mma_decl = "auto mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{});"
    for t in catalog_copy():
        for vt in ("half_t", "float", "int8_t"):
            try:
                atom = K.CopyAtom(t, vt)
            except CuteDumpError:
                continue
            adecl = f"Copy_Atom<{t.cpp}, {vt}> atom;"
            nv = int(atom.num_val_src) if int(size(atom.thr_id)) == 1 else int(size(atom.val_layout_ref, 1))
            nthr = int(size(atom.thr_id))
            plans = []
            if nthr == 1:
                plans.append(("rowmajor", "(_16,_8):(_8,_1)", f"(_1,_{nv})"))
                plans.append(("colmajor", "(_32,_4)", f"(_{nv},_1)"))
            else:
                plans.append(("warp", "(_32,_1)", f"(_1,_{nv})"))
                plans.append(("2warps", "(_16,_4):(_1,_16)", f"(_{nv},_1)"))
            for tag, thr_s, val_s in plans:
                try:
                    tc = K.make_tiled_copy(atom, thr_s, val_s)
                    thr_l, val_l = K._as_layout(thr_s), K._as_layout(val_s)
                    decl = f"{adecl}\nauto tc = make_tiled_copy(atom, {cpp(thr_l)}, {cpp(val_l)});"
                    out.append(_copy_probe(tc, decl, f"copy {tag} {t.name} {vt}"))
                except CuteDumpError as e:
                    skipped.append((t.name, vt, tag, str(e)))
            if nthr == 32 or (nthr == 1 and vt == "half_t"):
                for op in ("A", "B", "C"):
                    try:
                        tc = getattr(K, f"make_tiled_copy_{op}")(atom, mma)
                        decl = f"{adecl}\n{mma_decl}\nauto tc = make_tiled_copy_{op}(atom, mma);"
                        out.append(_copy_probe(tc, decl, f"copy mma{op} {t.name} {vt}"))
                    except CuteDumpError as e:
                        skipped.append((t.name, vt, op, str(e)))
                try:
                    tc = K.make_tiled_copy_C_atom(atom, mma)
                    decl = f"{adecl}\n{mma_decl}\nauto tc = make_tiled_copy_C_atom(atom, mma);"
                    out.append(_copy_probe(tc, decl, f"copy Catom {t.name} {vt}"))
                except CuteDumpError as e:
                    skipped.append((t.name, vt, "Catom", str(e)))
    # make_tiled_copy_S / _D: an ldmatrix-shaped copy re-targeted to a one-thread atom and back
    ld = K.copy_atom("SM75_U32x4_LDSM_N", "half_t")
    base = K.make_tiled_copy_A(ld, mma)
    uc = K.copy_atom("UniversalCopy<half_t>", "half_t")
    for fn in ("S", "D"):
        tc = getattr(K, f"make_tiled_copy_{fn}")(uc, base)
        decl = (
            f"{mma_decl}\nauto base = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{{}}, mma);\n"
            f"Copy_Atom<UniversalCopy<half_t>, half_t> atom;\nauto tc = make_tiled_copy_{fn}(atom, base);"
        )
        out.append(_copy_probe(tc, decl, f"copy make_tiled_copy_{fn}"))
    return out, skipped


# ------------------------------------------------------------------ assorted shapes of use


def extra_cases():
    """Atom layouts with K modes and strides, nested permutation layouts, rank-3 tensors, dynamic shapes."""
    out = []
    specs = [
        ("SM80_16x8x16_F16F16F16F16_TN", Layout((C(2), C(2), C(2)), (C(4), C(1), C(2))), None),
        (
            "SM80_16x8x16_F32F16F16F32_TN",
            Layout((C(2), C(4)), (C(4), C(1))),
            (Layout((C(2), C(4), C(4)), (C(1), C(8), C(2))), Layout((C(8), C(4)), (C(4), C(1))), C(32)),
        ),
        (
            "SM80_16x8x8_F32TF32TF32F32_TN",
            Layout((C(2), C(2), C(1)), (C(2), C(1), C(0))),
            (Layout((C(2), C(16)), (C(16), C(1))), C(16), UNDERSCORE),
        ),
        ("SM70_8x8x4_F32F16F16F32_NT", Layout((C(2), C(2)), (C(1), C(2))), (C(16), C(32))),
        ("SM90_64x128x16_F32F16F16_RS<GMMA::Major::K,GMMA::Major::MN>", Layout((C(2), C(1))), None),
        ("UniversalFMA<float,float,float,float>", Layout((C(16), C(16))), None),
    ]
    for name, lay, perm in specs:
        from cutedump.atoms.mma_catalog import lookup_mma

        t = lookup_mma(name)
        m = M.make_tiled_mma(M.MMAAtom(t), lay, perm)
        args = [f"MMA_Atom<{t.cpp}>{{}}", cpp(lay)] + ([cpp(perm)] if perm is not None else [])
        body = [
            f"auto mma = make_tiled_mma({', '.join(args)});",
            "print(mma);",
            _lbl("A", "mma.get_layoutA_TV()"),
            _lbl("B", "mma.get_layoutB_TV()"),
            _lbl("C", "mma.get_layoutC_TV()"),
        ]
        exp = m.print_str() + f"A {m.get_layoutA_TV()}\nB {m.get_layoutB_TV()}\nC {m.get_layoutC_TV()}\n"
        tm, tn, tk = (int(x) for x in m.tile_shape())
        # rank-3 tensors (M,K,k) with dynamic extents, the thrfrg transforms themselves
        LA = Layout((2 * tm, tk, 3), (tk, C(1), 2 * tm * tk))
        LC = Layout((2 * tm, 2 * tn), (C(1), 2 * tm))
        body += [_lbl("tA", f"mma.thrfrg_A({cpp(LA)})"), _lbl("tC", f"mma.thrfrg_C({cpp(LC)})")]
        exp += f"tA {m.thrfrg_A(LA)}\ntC {m.thrfrg_C(LC)}\n"
        thr = int(m.size()) - 1
        lay_, off = m.get_slice(thr).partition_A(LA)
        body.append(
            f"{{ auto p = mma.get_slice({thr}).partition_A(make_tensor(counting_iterator<int>(0), {cpp(LA)}));"
            ' print("PA "); print(p.layout()); print(" "); print(*p.data()); print("\\n"); }'
        )
        exp += f"PA {lay_} {int(off)}\n"
        out.append((f"extra mma {name}", "\n".join(body), exp))
    # tiled copies over rank-3 tensors, 1-D thread layouts, and retile of an MMA fragment (sgemm's retile_D)
    mma = _mma_for_copy()
    mma_decl = "auto mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{});"
    ca = K.copy_atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "half_t")
    tc = K.make_tiled_copy(ca, "(_16,_8):(_8,_1)", "(_1,_8)")
    gA = Layout((128, 64, 4), (64, C(1), 8192))
    body = [
        "Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t> atom;",
        "auto tc = make_tiled_copy(atom, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{});",
        _lbl("tid", f"tc.tidfrg_S({cpp(gA)})"),
        f"{{ auto p = tc.get_slice(77).partition_S(make_tensor(counting_iterator<int>(0), {cpp(gA)}));"
        ' print("PS "); print(p.layout()); print(" "); print(*p.data()); print("\\n"); }',
    ]
    lay_, off = tc.get_slice(77).partition_S(gA)
    out.append(("extra copy rank-3 gA", "\n".join(body), f"tid {tc.tidfrg_S(gA)}\nPS {lay_} {int(off)}\n"))
    ld = K.copy_atom("SM75_U32x4_LDSM_N", "half_t")
    s2r = K.make_tiled_copy_A(ld, mma)
    sA = Layout((C(128), C(64)), (C(64), C(1)))
    frag = M.partition_fragment(mma.get_slice(0), "A", sA)
    body = [
        mma_decl,
        "Copy_Atom<SM75_U32x4_LDSM_N, half_t> atom;",
        "auto tc = make_tiled_copy_A(atom, mma);",
        f"auto tCrA = mma.get_slice(0).partition_fragment_A(make_tensor(counting_iterator<int>(0), {cpp(sA)}));",
        _lbl("frag", "tCrA.layout()"),
        _lbl("retile", "tc.get_slice(0).retile_D(tCrA).layout()"),
        f"{{ auto p = tc.get_slice(5).partition_S(make_tensor(counting_iterator<int>(0), {cpp(sA)}));"
        ' print("PS "); print(p.layout()); print(" "); print(*p.data()); print("\\n"); }',
    ]
    lay_, off = s2r.get_slice(5).partition_S(sA)
    out.append(
        (
            "extra copy retile_D(tCrA)",
            "\n".join(body),
            f"frag {frag}\nretile {s2r.retile(frag)}\nPS {lay_} {int(off)}\n",
        )
    )
    tc1 = K.make_tiled_copy(K.copy_atom("UniversalCopy<uint32_t>", "half_t"), "_64:_1", "_2:_1")
    body = [
        "Copy_Atom<UniversalCopy<uint32_t>, half_t> atom;",
        "auto tc = make_tiled_copy(atom, Layout<_64,_1>{}, Layout<_2,_1>{});",
        "print(tc);",
        _lbl("S", "tc.get_layoutS_TV()"),
        _lbl("tid", "tc.tidfrg_D(make_layout(make_shape(Int<256>{})))"),
    ]
    out.append(
        (
            "extra copy 1-D",
            "\n".join(body),
            tc1.print_str() + f"S {tc1.get_layoutS_TV()}\ntid {tc1.tidfrg_D(make_layout(C(256)))}\n",
        )
    )
    return out
