"""``cutedump explain``: every printed intermediate against real CuTe, every final value against ``cutedump eval``.

* Algebra: the differential generator (tests/oracle/gen_algebra.py) gives a few thousand expressions; every one whose
  top-level call is explainable is explained. Its final value must equal ``cutedump eval`` of the expression (and an
  input CuTe rejects must end in the failing condition); every intermediate item is a CuTe expression over printed
  values (``Call``), translated to C++ here and asked of real CuTe (deduplicated, a seeded sample of fixed size,
  batched into a few programs).
* Partitions: for SM80 and SM90 MMA atoms, copy atoms (cp.async, ldmatrix, stmatrix), several tilings, tensor shapes
  and threads, the explanation's intermediates are asked of real CuTe the same way, and its final layout (and data
  offset) is compared with real CuTe's partition_A/B/C, partition_fragment_A/B/C, partition_S/D and retile_D.
"""

from __future__ import annotations

import collections
import json
import random

import pytest
from click.testing import CliRunner

from cutedump.algebra import UNDERSCORE, C, ComposedLayout, Layout, Swizzle, is_static
from cutedump.algebra.inttuple import is_tuple
from cutedump.dumps.explain_algebra import EX, NotNarrated, explain_expr, split_call
from cutedump.dumps.steps import Call, all_items, narrate, show, walk
from cutedump.errors import CuteDumpError
from tests.oracle import gen_algebra as G
from tests.oracle.cute import run_cases, unavailable_reason

SEED = 20250417
N_GEN = 3600  # the algebra harness's own case count
N_ORACLE = 1500  # intermediates sent to real CuTe (seeded sample of the deduplicated items)
BATCH = 500

# ---------------------------------------------------------------- Call -> C++

_CPP_FN = {
    "detail::coalesce_x": "cute::detail::coalesce_x",
    "abs": "cute::abs",
    "min": "cute::min",
    "signum": "cute::signum",
    "ceil_div": "cute::ceil_div",
    "slice": "cute::slice",
    "crd2idx": "cute::crd2idx",
    "idx2crd": "cute::idx2crd",
    "compact_col_major": "cute::compact_col_major",
}


def cpp(x, kind: str = "shape") -> str:
    """C++ building the same CuTe object; ``kind`` picks make_shape / make_stride / make_coord / make_tile."""
    if isinstance(x, Call):
        return cpp_call(x)
    if x is UNDERSCORE:
        return "_"
    if isinstance(x, str):
        return {"LayoutRight": "LayoutRight{}", "LayoutLeft": "LayoutLeft{}"}[x]
    if isinstance(x, Layout):
        return f"make_layout({cpp(x.shape, 'shape')}, {cpp(x.stride, 'stride')})"
    if isinstance(x, Swizzle):
        return f"Swizzle<{x.b},{x.m},{x.s}>{{}}"
    if isinstance(x, ComposedLayout):
        return f"composition({cpp(x.a)}, {cpp(x.offset)}, {cpp(x.b)})"
    if is_tuple(x):
        if kind == "shape" and any(isinstance(e, Layout) or e is UNDERSCORE for e in _leaves(x)):
            kind = "tile"
        return f"make_{kind}(" + ", ".join(cpp(e, kind) for e in x) + ")"
    if isinstance(x, C):
        return f"Int<{int(x)}>{{}}"
    return f"int({int(x)})"


def _leaves(t):
    for e in t:
        if is_tuple(e):
            yield from _leaves(e)
        else:
            yield e


def cpp_call(c: Call) -> str:
    if c.fn in ("*", "/", "%"):
        return f"({cpp(c.args[0])} {c.fn} {cpp(c.args[1])})"
    t = "<" + ",".join(str(x) for x in c.targs) + ">" if c.targs else ""
    fn = _CPP_FN.get(c.fn, c.fn)
    if c.fn == "slice" or c.fn == "crd2idx":
        args = [cpp(c.args[0], "coord")] + [
            cpp(a, "stride" if k == 2 else "shape") for k, a in enumerate(c.args[1:], 1)
        ]
        return f"{fn}(" + ", ".join(args) + ")"
    if c.fn == "with_shape":  # Layout::with_shape, a member function
        return f"({cpp(c.args[0])}).with_shape({cpp(c.args[1])})"
    if c.fn == "compact_col_major":
        return f"{fn}({cpp(c.args[0])}, {cpp(c.args[1])})"
    if c.fn == "min" and len(c.args) == 1:
        return f"{fn}({cpp(c.args[0], 'stride')})"
    return f"{fn}{t}(" + ", ".join(cpp(a) for a in c.args) + ")"


def body(c: Call) -> str:
    return f"print({cpp_call(c)});"


def ask(calls: list[Call]) -> list[str]:
    outs = []
    for i in range(0, len(calls), BATCH):
        outs += run_cases([body(c) for c in calls[i : i + BATCH]])
    return outs


# ---------------------------------------------------------------- algebra


def _explainable_cases():
    out = []
    for c in G.generate(SEED, N_GEN):
        try:
            name = split_call(c.expr)[0]
        except CuteDumpError:
            continue
        if name in EX:
            out.append(c)
    return out


@pytest.fixture(scope="module")
def algebra():
    cases, expls, skipped = [], {}, []
    for c in _explainable_cases():
        try:
            expls[c.expr] = explain_expr(c.expr, detail=3)
            cases.append(c)
        except NotNarrated:
            skipped.append(c.expr)
        except CuteDumpError:  # an argument eval itself rejects: explain must reject the expression too
            from cutedump.expr import evaluate_to_string

            with pytest.raises(CuteDumpError):
                evaluate_to_string(c.expr)
    assert len(skipped) < 0.1 * len(cases), skipped[:5]  # swizzled inputs of non-composition ops only
    return cases, expls


def test_explanations_end_where_eval_does(algebra):
    from cutedump.expr import evaluate_to_string

    cases, expls = algebra
    ops = collections.Counter(split_call(c.expr)[0] for c in cases)
    assert len(cases) >= 1000, len(cases)
    missing = set(EX) - set(ops) - {"zipped_product", "tiled_product", "flat_product"}
    assert not missing, f"the generator never produced {sorted(missing)}"
    n_err = 0
    for c in cases:
        e = expls[c.expr]
        if e.error is not None:
            n_err += 1
            with pytest.raises(CuteDumpError):
                evaluate_to_string(c.expr)
        else:
            assert show(e.result) == evaluate_to_string(c.expr), c.expr
            assert e.steps, c.expr
    print(f"\nexplain: {len(cases)} generated expressions explained ({dict(ops)}), {n_err} end in CuTe's condition")


def test_every_printed_intermediate_is_an_eval_expression(algebra):
    """Items whose CuTe function the eval language has re-evaluate to the printed value (cheap, no compiler)."""
    from cutedump.expr import evaluate_to_string, functions

    fns = set(functions())
    _, expls = algebra
    n = 0
    for text, e in list(expls.items())[:400]:
        for call, value in all_items(e):
            if (
                call.fn in fns
                and call.fn not in ("slice", "crd2idx", "idx2crd", "compact_col_major")
                and not any(isinstance(a, Call) for a in call.args)
            ):
                assert evaluate_to_string(str(call)) == show(value), (text, str(call))
                n += 1
    assert n > 1000


def _sample_items(expls, k):
    seen = {}
    for e in expls.values():
        for call, value in all_items(e):
            seen.setdefault(str(call), (call, value))
    items = sorted(seen.values(), key=lambda cv: str(cv[0]))
    by_fn = collections.defaultdict(list)
    for cv in items:
        by_fn[cv[0].fn].append(cv)
    rnd = random.Random(SEED)
    out = []
    # every CuTe function at least 25 times (when it occurs), then a uniform sample of the rest
    for fn in sorted(by_fn):
        out += rnd.sample(by_fn[fn], min(25, len(by_fn[fn])))
    rest = [cv for cv in items if cv not in out]
    out += rnd.sample(rest, max(0, min(len(rest), k - len(out))))
    return out, len(seen), sorted(by_fn)


def test_intermediates_equal_real_cute(algebra):
    why = unavailable_reason()
    if why:
        pytest.skip(why)
    _, expls = algebra
    sample, total, fns = _sample_items(expls, N_ORACLE)
    outs = ask([c for c, _ in sample])
    bad = [(str(c), show(v), o) for (c, v), o in zip(sample, outs) if o != show(v)]
    assert not bad, f"{len(bad)} of {len(sample)} intermediates differ from CuTe, e.g. {bad[:5]}"
    print(f"\nexplain: {len(sample)} of {total} distinct intermediates ({len(fns)} CuTe functions) equal real CuTe")


# ---------------------------------------------------------------- partitions

MMA_CONFIGS = [
    ("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2)", "(_32,_32,_16)"),
    ("SM80_16x8x8_F32TF32TF32F32_TN", "(_2,_1)", None),
    ("SM80_16x8x16_F16F16F16F16_TN", "(_1,_2)", "((_8,_2):(_1,_8),_32,_16)"),
    ("SM90_64x16x16_F16F16F16_RS", "(_2,_1)", None),
    ("SM90_64x8x16_F32F16F16_SS", None, None),
]
SHAPES = ["(_128,_64)", "(_64,_32):(_32,_1)", "(_128,_64,_2)"]


def _mma_cpp(atom, lay, tile):
    from cutedump.atoms.cli_support import build_mma
    from tests.oracle.gen_atoms import cpp as acpp

    m = build_mma(atom, lay, tile)
    args = [f"MMA_Atom<{m.atom.cpp}>{{}}", acpp(m.atom_layout_mnk), acpp(m.permutation)]
    return m, f"auto mma = make_tiled_mma({', '.join(args)});"


def _partition_cases():
    """(explanation, C++ body printing real CuTe's final result, our final text)."""
    from cutedump.atoms.cli_support import parse_layout_arg
    from cutedump.dumps.explain_partition import explain_partition
    from tests.oracle.gen_atoms import cpp as acpp

    out = []
    for k, (atom, lay, tile) in enumerate(MMA_CONFIGS):
        m, decl = _mma_cpp(atom, lay, tile)
        for s in SHAPES:
            L = parse_layout_arg(s, "--layout")
            for op in "ABC":
                thread = (5 * k + 37) % int(m.size())
                for frag in (False, True):
                    if frag and op != "C" and atom.startswith("SM90") and (op == "B" or atom.endswith("_SS")):
                        continue  # GMMA smem descriptors, not register fragments
                    if frag and not is_static(L.shape):
                        continue  # CuTe: "Dynamic owning tensors not supported"
                    try:
                        e = explain_partition(
                            mma=atom, atom_layout=lay, tile=tile, layout=s, operand=op, fragment=frag, thread=thread
                        )
                    except CuteDumpError:
                        continue
                    fn = f"partition_fragment_{op}" if frag else f"partition_{op}"
                    b = (
                        f"{decl}\nauto t = mma.get_slice({thread}).{fn}(make_tensor(counting_iterator<int>(0), "
                        f"{acpp(L)}));\nprint(t.layout());"
                    )
                    exp = str(e.result)
                    if not frag:
                        b += ' print(" "); print(*t.data());'
                        off = [it.value for st, _ in walk(e.steps) for it in st.items if it.label == "offset"][-1]
                        exp += f" {int(off)}"
                    out.append((e, b, exp))
    copies = [
        dict(copy="SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", value_type="half_t", thr="(_16,_8):(_8,_1)", val="(_1,_8)"),
        dict(copy="SM80_CP_ASYNC_CACHEALWAYS<uint64_t>", value_type="float", thr="(_8,_16)", val="(_2,_1)"),
        dict(
            copy="SM75_U32x4_LDSM_N",
            value_type="half_t",
            mma="SM80_16x8x16_F16F16F16F16_TN",
            atom_layout="(_2,_2)",
            tile="(_32,_32,_16)",
            operand="A",
        ),
        dict(
            copy="SM75_U16x8_LDSM_T",
            value_type="half_t",
            mma="SM80_16x8x16_F16F16F16F16_TN",
            atom_layout="(_2,_2)",
            tile="(_32,_32,_16)",
            operand="B",
        ),
        dict(
            copy="SM90_U32x4_STSM_N",
            value_type="half_t",
            mma="SM80_16x8x16_F16F16F16F16_TN",
            atom_layout="(_2,_2)",
            tile="(_32,_32,_16)",
            operand="C",
        ),
    ]
    for k, cfg in enumerate(copies):
        decl = _copy_decl(cfg)
        for s in ["(_128,_64):(_64,_1)", "(_128,_64,2)", "(_64,_64)"]:
            L = parse_layout_arg(s, "--layout")
            for side in ("S", "D"):
                thread = (11 * k + 3) % 128
                try:
                    e = explain_partition(layout=s, side=side, thread=thread, **cfg)
                except CuteDumpError:
                    continue
                b = (
                    f"{decl}\nauto t = tc.get_slice({thread}).partition_{side}(make_tensor(counting_iterator<int>(0), "
                    f'{acpp(L)}));\nprint(t.layout()); print(" "); print(*t.data());'
                )
                off = [it.value for st, _ in walk(e.steps) for it in st.items if it.label == "offset"][-1]
                out.append((e, b, f"{e.result} {int(off)}"))
            if "mma" in cfg and is_static(L.shape):
                e = explain_partition(layout=s, retile=True, thread=7, **cfg)
                mdecl = _mma_cpp(cfg["mma"], cfg["atom_layout"], cfg["tile"])[1]  # noqa: F841
                op = cfg["operand"]
                fr = f"partition_fragment_{op}" if op != "C" else "partition_fragment_C"
                b = (
                    f"{decl}\nauto f = mma.get_slice(7).{fr}(make_tensor(counting_iterator<int>(0), {acpp(L)}));\n"
                    "print(tc.get_slice(7).retile_D(f).layout());"
                )
                out.append((e, b, str(e.result)))
    return out


def _copy_decl(cfg):
    from cutedump.atoms.cli_support import parse_layout_arg
    from cutedump.atoms.copy_catalog import lookup_copy
    from tests.oracle.gen_atoms import cpp as acpp

    t = lookup_copy(cfg["copy"], cfg["value_type"])
    atom = f"Copy_Atom<{t.cpp}, {cfg['value_type']}>{{}}"
    if "mma" in cfg:
        decl = _mma_cpp(cfg["mma"], cfg["atom_layout"], cfg["tile"])[1]
        return f"{decl}\nauto tc = make_tiled_copy_{cfg['operand']}({atom}, mma);"
    thr = parse_layout_arg(cfg["thr"], "--thr")
    val = parse_layout_arg(cfg["val"], "--val")
    return f"auto tc = make_tiled_copy({atom}, {acpp(thr)}, {acpp(val)});"


@pytest.fixture(scope="module")
def partitions():
    return _partition_cases()


def test_partition_explanations_cover_the_issue(partitions):
    kinds = collections.Counter(e.title_key for e, _, _ in partitions)
    assert kinds["mma"] >= 50 and kinds["copy"] >= 20 and kinds["retile"] >= 4, kinds
    fns = {e.fields.get("fn") for e, _, _ in partitions}
    assert {
        "partition_A",
        "partition_B",
        "partition_C",
        "partition_fragment_A",
        "partition_fragment_B",
        "partition_fragment_C",
        "partition_S",
        "partition_D",
    } <= fns
    atoms = {e.fields["atom"] for e, _, _ in partitions}
    assert any(a.startswith("SM90") for a in atoms) and any(a.startswith("SM80") for a in atoms)


def test_partitions_equal_real_cute(partitions):
    why = unavailable_reason()
    if why:
        pytest.skip(why)
    outs = run_cases([b for _, b, _ in partitions])
    bad = [(e.fields, exp, o) for (e, _, exp), o in zip(partitions, outs) if o.strip() != exp]
    assert not bad, f"{len(bad)} of {len(partitions)} partitions differ from CuTe: {bad[:3]}"
    seen = {}
    for e, _, _ in partitions:
        for call, value in all_items(e):
            seen.setdefault(str(call), (call, value))
    items = sorted(seen.values(), key=lambda cv: str(cv[0]))
    outs = ask([c for c, _ in items])
    bad = [(str(c), show(v), o) for (c, v), o in zip(items, outs) if o != show(v)]
    assert not bad, f"{len(bad)} of {len(items)} partition intermediates differ from CuTe: {bad[:3]}"
    print(f"\nexplain partition: {len(partitions)} final layouts and {len(items)} intermediates equal real CuTe")


def test_seed_reading_of_sgemm_sm80_copy_a():
    """001_def41a443f4b8bf4.txt: thread 0's partition_S(gA) of sgemm_sm80's cp.async copy is ((_8,_1),_8,_1,...),
    FrgV = 8, FrgX = 1, RestM = 128/16 = 8."""
    from cutedump.dumps.explain_partition import explain_partition

    e = explain_partition(
        copy="SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
        value_type="half_t",
        thr="(_16,_8):(_8,_1)",
        val="(_1,_8)",
        layout="(_128,_64,1):(_64,_1,8192)",
        side="S",
        thread=0,
    )
    assert str(e.result).startswith("((_8,_1),_8,_1,1):")
    text = narrate(e, "en")
    assert "(FrgV=8, FrgX=1)" in text and "128 / 16 tiles" in text and "issues 8 copies of 8 half_t" in text


# ---------------------------------------------------------------- the command


def run(*args):
    from cutedump.cli import main

    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.stdout, r.stderr


def test_cli_text_json_lang_and_errors():
    e = "composition((_4,8):(_1,_4), (_4,_2):(_2,_1))"
    _, want, _ = run("eval", e)  # eval is checked against real CuTe by the algebra harness
    code, out, err = run("explain", e, "--lang", "en")
    assert code == 0, err
    assert out.rstrip().endswith("= " + want.strip()) and "[2.1] detail::composition_impl" in out
    code, zh, err = run("explain", e)  # the default language is zh (CUTEDUMP_LANG unset), as every narration
    assert code == 0 and "结果" in zh
    code, out, _ = run("explain", e, "--format", "json")
    d = json.loads(out)
    assert d["result"] == want.strip() and d["steps"][0]["values"][0]["cute"] == "detail::coalesce_x((_4,8):(_1,_4))"
    code, out, _ = run("explain", "complement((_4,_2):(_1,_8), _64)", "--lang", "zh")
    assert code == 0 and "结果" in out
    code, out, err = run("explain", "composition((_4,_8):(_1,_8), _2:_6)", "--lang", "en")
    assert code == 2 and "Stride Divisibility Condition fails" in out and err.startswith("error: Stride Divisibility")
    code, out, err = run("explain", "size(_4)")
    assert code == 2 and err.startswith("error: explain does not narrate 'size'") and "Traceback" not in err
    code, out, err = run("explain", "composition((_4,_8):(_1,_8), _2:_x)")
    assert code == 2 and "column" in err
    code, out, err = run("explain", "partition", "--shape", "(_64,_64)")
    assert code == 2 and "--mma" in err
    code, out, err = run("explain", "coalesce(_4)", "--operand", "A")
    assert code == 2 and "partition" in err
    code, out, err = run(
        "explain", "partition", "--mma", "SM80_16x8x16_F16F16F16F16_TN", "--shape", "(_64,_32)", "--thread", "999"
    )
    assert code == 2 and "thread index 999" in err
    code, out, _ = run("explain", "--help")
    assert "Examples" in out and "explain partition" in out


def test_catalog_wording_for_every_step_key():
    from cutedump.dumps.messages import en, zh

    keys = {k for k in en.MESSAGES if k.startswith("ex.")}
    assert keys == {k for k in zh.MESSAGES if k.startswith("ex.")}
    used = set()
    for text in [
        "composition((_4,_8):(_1,_8), _2:_6)",
        "coalesce((_2,(_1,_4),8):(_1,(_6,_2),_16))",
        "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))",
    ]:
        for s, _ in walk(explain_expr(text).steps):
            used.add("ex." + s.key)
    assert used <= keys
