"""Seeded differential cases for the SM100 UMMA atoms: (label, C++ body for real CuTe, our expected text).

For every family, every (M, N) its static_asserts accept (M in 32..256, N every multiple of 8 up to 256), with
value types, majors, negations and saturation drawn from a seeded generator: print(MMA_Atom), the traits' idesc_
as %08x, and (for a subset) print(make_tiled_mma(Op{}, atom layout)). ``error_cases`` lists illegal atoms
with the first static_assert CuTe reports.
"""

from __future__ import annotations

import random

from cutedump.atoms import mma as M
from cutedump.atoms.mma_catalog import sm100 as U
from cutedump.errors import CuteDumpError

TYPES = {
    "tf32": (["tfloat32_t"], ["float", "half_t"]),
    "ctf32": ([], []),  # complex<tfloat32_t>, float: fixed (U.FIXED_TYPES)
    "f16": (["half_t", "bfloat16_t"], ["float", "half_t"]),
    "i8": (["int8_t", "uint8_t"], ["int32_t"]),
    "f8f6f4": (["float_e4m3_t", "float_e5m2_t", "float_e2m3_t", "float_e3m2_t", "float_e2m1_t"], ["float", "half_t"]),
    "mxf8f6f4": (["float_e4m3_t", "float_e5m2_t", "float_e2m3_t", "float_e3m2_t", "float_e2m1_t"], ["float"]),
    "mxf4": (["float_e2m1_t"], ["float"]),
}
SF = ["float_ue8m0_t", "float_ue4m3_t"]


def _draw(f: U.UmmaFamily, rng: random.Random, M_: int, N: int, b_major=None) -> list[str]:
    ab, cs = TYPES[f.kind]
    args = [] if f.kind in U.FIXED_TYPES else [rng.choice(ab), rng.choice(ab)]
    args += [rng.choice(cs)] if args else []
    vs = 0
    if f.block_scaled:
        sf = rng.choice(SF)
        args.append(sf)
        one, two = (32, 64) if f.sparse else (16, 32)
        vs = two if sf == "float_ue8m0_t" and rng.random() < 0.5 else one
    for p in f.params:
        if p == "M":
            args.append(str(M_))
        elif p == "N":
            args.append(str(N))
        elif p == "VS":
            args.append(str(vs))
        elif p == "amaj":
            args.append("K" if f.src == "TS" or f.kind == "mxf4" else rng.choice(["K", "MN"]))
        elif p == "bmaj":
            args.append(b_major if b_major is not None else ("K" if f.kind == "mxf4" else rng.choice(["K", "MN"])))
        elif p == "scaleC":
            args.append(str(rng.choice([0, 1, 7])))
        elif p in ("aneg", "bneg"):
            args.append(rng.choice(["One", "One", "Neg"]))
        elif p == "csat":
            args.append(rng.choice(["False", "True"]))
    # sometimes leave defaulted trailing arguments out, sometimes spell them in full
    if rng.random() < 0.3:
        while len(args) > f.ntypes + f.nreq and args[-1] in ("One", "False"):
            args.pop()
    if rng.random() < 0.3:
        args = [f"UMMA::Major::{x}" if x in ("K", "MN") else x for x in args]
    return args


def _mn_grid():
    for M_ in (32, 64, 128, 256):
        for N in range(8, 257, 8):
            yield M_, N


def _legal(f, args) -> U.UMMATraits | None:
    try:
        return U.lookup_umma(f.base, args)
    except CuteDumpError:
        return None


def _idesc_expr(t: U.UMMATraits) -> str:
    tr = t.cpp if U.traits_spelled(t.spec.family) else f"MMA_Traits<{t.cpp}>"
    return f"{tr}{{}}.idesc_"


def _op_expr(t: U.UMMATraits) -> str:
    # Op{} instantiates the operation (its static_asserts); the traits form's operation is not a template (4.2), and
    # 4.7's template has its static_asserts in its MMA_Traits too: MMA_Atom<...>{} in both versions (one question)
    return f"MMA_Atom<{t.cpp}>{{}}" if t.spec.family.traits_form else f"{t.cpp}{{}}"


def atom_cases(seed: int = 24, families=None) -> list[tuple[str, str, str]]:
    """print(MMA_Atom) and the idesc_ of every legal (M, N) of every family (default: those of every CUTLASS
    version), types drawn by the seed."""
    rng = random.Random(seed)
    out = []
    for f in families or U.common_families():
        for M_, N in _mn_grid():
            for bm in ("K", "MN") if f.traits_form else (None,):
                args = _draw(f, rng, M_, N, bm)
                t = _legal(f, args)
                if t is None:
                    continue
                atom = M.MMAAtom(t)
                d = t.instr_desc()
                body = (
                    f"auto op = {_op_expr(t)}; (void)op;\n"
                    f'print(MMA_Atom<{t.cpp}>{{}}); printf("%08x\\n", uint32_t({_idesc_expr(t)}));'
                )
                out.append((t.name, body, atom.print_str() + f"{d.value:08x}\n"))
    return out


LAYOUTS = [None, "(_2,_1)", "(_1,_2)", "(_2,_2)", "(_1,_1,_2)"]


def tiled_cases(seed: int = 2400, per_family: int = 12, families=None) -> list[tuple[str, str, str]]:
    """print(make_tiled_mma(Op{}, atom layout)) for a seeded sample of each family's legal atoms."""
    rng = random.Random(seed)
    out = []
    for f in families or U.common_families():
        grid = list(_mn_grid())
        rng.shuffle(grid)
        n = 0
        for M_, N in grid:
            if n >= per_family:
                break
            t = _legal(f, _draw(f, rng, M_, N))
            if t is None:
                continue
            n += 1
            lay = LAYOUTS[n % len(LAYOUTS)]
            tm = M.make_tiled_mma(M.MMAAtom(t), lay)
            cpp_lay = (
                "" if lay is None else f", Layout<Shape<{','.join(x.strip() for x in lay.strip('()').split(','))}>>{{}}"
            )
            body = f"print(make_tiled_mma({_op_expr(t)}{cpp_lay}));"
            exp = tm.print_str()
            out.append((f"{t.name} {lay}", body, exp))
    return out


def error_cases(seed: int = 7, families=None) -> list[tuple[str, str, str]]:
    """(label, C++ operation, the static_assert message we give) for illegal atoms: bad M, bad N, MN-major A
    from TMEM, wrong type widths."""
    rng = random.Random(seed)
    out = []
    for f in families or U.common_families():
        bad = []
        for M_, N in [
            (96, 128),
            (16, 64),
            (512, 128),
            (128, 0),
            (128, 12),
            (128, 264),
            (64, 4),
            (256, 24),
            (128, 40),
            (256, 8),
            (64, 8),
        ]:
            bad.append(_draw(f, rng, M_, N))
        if f.src == "TS":
            a = _draw(f, rng, 128 if f.nsm == 1 else 256, 128)
            a[f.ntypes + f.params.index("amaj")] = "MN"
            bad.append(a)
        a = _draw(f, rng, 128 if f.nsm == 1 else 256, 128)
        if f.kind in U.FIXED_TYPES:  # no type parameters: a transposed B instead
            a[f.ntypes + f.params.index("bmaj")] = "MN"
        else:
            a[0] = {
                "tf32": "half_t",
                "f16": "float",
                "i8": "half_t",
                "f8f6f4": "half_t",
                "mxf8f6f4": "half_t",
                "mxf4": "float_e4m3_t",
            }[f.kind]
        bad.append(a)
        for args in bad:
            try:
                U.lookup_umma(f.base, args)
            except CuteDumpError as e:
                msg = e.message.split(": ", 1)[1]
                out.append((f"{f.base}<{','.join(args)}>", _cpp_of(f, args), msg))
    return out


def _cpp_of(f: U.UmmaFamily, args: list[str]) -> str:
    """The C++ spelling of possibly illegal arguments (no checks)."""
    from cutedump.atoms.types import cpp_type

    nt = f.ntypes
    ts = [cpp_type(a) for a in args[:nt]]
    rest = []
    for p, s in zip(f.params, args[nt:]):
        if p in ("amaj", "bmaj") and "::" not in s:
            s = f"UMMA::Major::{s}"
        elif p in ("aneg", "bneg") and "::" not in s:
            s = f"UMMA::ScaleIn::{s}"
        elif p == "csat" and "::" not in s:
            s = f"UMMA::Saturate::{s}"
        rest.append(s)
    if U.traits_spelled(f):
        vals = dict(zip(f.params, rest))
        return (
            f"MMA_Traits<{f.base},{','.join(ts)},C<{vals['M']}>,C<{vals['N']}>,"
            f"integral_constant<UMMA::Major,{vals['amaj']}>,integral_constant<UMMA::Major,{vals['bmaj']}>,"
            f"integral_constant<UMMA::ScaleIn,{vals.get('aneg', 'UMMA::ScaleIn::One')}>,"
            f"integral_constant<UMMA::ScaleIn,{vals.get('bneg', 'UMMA::ScaleIn::One')}>>"
        )
    if f.traits_form:  # 4.7's template: every argument written (the question 4.2's traits form asks)
        vals = dict(zip(f.params, rest))
        rest = rest[:4] + [vals.get("aneg", "UMMA::ScaleIn::One"), vals.get("bneg", "UMMA::ScaleIn::One")]
    return f"{f.base}<{','.join(ts + rest)}>"


def cute_first_errors(cases: list[tuple[str, str, str]]) -> list[str]:
    """The first compiler diagnostic real CuTe gives for each illegal atom (one recorded compile check)."""
    import hashlib
    import tempfile
    from pathlib import Path

    from tests.oracle import records
    from tests.oracle.cute import include_dirs, run_within
    from tests.oracle.gen_algebra import _FLAGS, _attribute, _program

    bodies = []
    for _lbl, cpp, _msg in cases:
        # the F8F6F4 SS atoms: MMA_Atom<...>{} under both versions (4.2's traits form; 4.7's template, whose
        # static_asserts are in its MMA_Traits too): one question, one key (records.question)
        f8 = cpp.startswith("MMA_Traits") or cpp.split("<")[0] in ("SM100_MMA_F8F6F4_SS", "SM100_MMA_F8F6F4_2x1SM_SS")
        op = f"MMA_Atom<{cpp}>{{}}" if f8 else f"{cpp}{{}}"
        bodies.append(f"auto t = make_tiled_mma({op}); print(t);")
    src, starts = _program(bodies)

    def compile_check() -> str:
        d = Path(tempfile.mkdtemp())
        f = d / "umma_errors.cpp"
        f.write_text(src)
        r = run_within(
            ["g++", *_FLAGS, *[f"-I{x}" for x in include_dirs()], "-fsyntax-only", str(f)], records.remaining()
        )
        found = _attribute(r.stderr, str(f), starts)
        return "".join(found.get(i, "compiles").replace("\n", " ") + "\n" for i in range(len(bodies)))

    key = "umma-err-" + hashlib.sha256(("-fsyntax-only\0" + records.question(src)).encode()).hexdigest()[:24]
    return records.answer(
        key, compile_check, what=f"the first errors of {len(bodies)} illegal UMMA atoms", ncases=len(bodies)
    ).splitlines()


PICTURE_ATOMS = [
    ("SM100_MMA_F16BF16_SS<half_t,half_t,float,64,8,K,K>", None),
    ("SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,128,16,K,MN>", None),
    ("SM100_MMA_TF32_TS<tfloat32_t,tfloat32_t,float,64,8,K,K>", "(_2,_1)"),
    ("SM100_MMA_S8_SS<int8_t,int8_t,int32_t,64,8,K,K>", None),
]


def picture_cases() -> list[tuple[str, str, str]]:
    """print_latex / print_svg of small UMMA TiledMMAs (CuTe draws the same (thr,val) grids as for any MMA)."""
    from cutedump.render import latex, svg

    out = []
    for name, lay in PICTURE_ATOMS:
        t = U.lookup_umma(*_split(name))
        mma = M.make_tiled_mma(M.MMAAtom(t), lay)
        cpp_lay = "" if lay is None else f", Layout<Shape<{lay.strip('()')}>>{{}}"
        pre = f"auto mma = make_tiled_mma({_op_expr(t)}{cpp_lay}); "
        out.append((f"latex {name} {lay}", pre + "print_latex(mma);", latex.print_latex_mma(mma)))
        out.append((f"svg {name} {lay}", pre + "print_svg(mma);", svg.print_svg_mma(mma)))
    return out


def _split(name):
    from cutedump.atoms.mma_catalog import split_template

    return split_template(name)


def vector_fma_cases() -> list[tuple[str, str, str]]:
    """SM100_2x1x1_F32F32F32F32 / SM100_1x2x1_F32F32F32F32: print(MMA_Atom), and TiledMMAs with their TV layouts."""
    out = []
    for name in U.VECTOR_FMA:
        atom = M.mma_atom(name)
        out.append((f"atom {name}", f"print(MMA_Atom<{name}>{{}});", atom.print_str()))
        for lay in ("(_2,_2)", "(_4,_8)", "(_8,_4,_2)"):
            tm = M.make_tiled_mma(atom, lay)
            body = (
                f"auto mma = make_tiled_mma({name}{{}}, Layout<Shape<{lay.strip('()')}>>{{}}); print(mma); "
                'print(mma.get_layoutC_TV()); printf("\\n"); print(mma.get_layoutA_TV()); printf("\\n"); '
                'print(mma.get_layoutB_TV()); printf("\\n");'
            )
            exp = tm.print_str() + f"{tm.get_layoutC_TV()}\n{tm.get_layoutA_TV()}\n{tm.get_layoutB_TV()}\n"
            out.append((f"{name} {lay}", body, exp))
    return out
