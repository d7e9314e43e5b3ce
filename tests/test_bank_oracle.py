"""Real CuTe's shared-memory addresses of TiledCopies over smem layouts, instruction by instruction.

Each case builds the TiledCopy in C++ with its copy op wrapped in a recording op (same registers, same
Copy_Traits), runs ``cute::copy(tiled_copy, src, dst)`` on the host for every thread of one warp and records the
address of every shared-memory register reference the op receives, in call order: CuTe's own partitioning,
recursion and issue order. cutedump must give the same byte address for every lane of every instruction (hence the
same wavefronts and conflicts), and the same max_common_vector.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from cutedump.algebra.swizzle import ComposedLayout
from cutedump.atoms import copy_atom, make_tiled_copy, make_tiled_copy_A, make_tiled_copy_B, make_tiled_copy_C
from cutedump.atoms.cli_support import build_mma, parse_layout_arg
from cutedump.bank import analyze, copy_access
from cutedump.expr import evaluate_layout
from tests.oracle.cute import PRELUDE, run_cases, unavailable_reason
from tests.oracle.gen_atoms import EXT_FLAGS, cpp

pytestmark = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))

REC_PRELUDE = (
    PRELUDE
    + r"""
#include <vector>
namespace rec {
static const char* lo = nullptr; static const char* hi = nullptr; static std::vector<long> log;
template <class T> void note(T const& x) {
  const char* p = reinterpret_cast<const char*>(&x);
  if (p >= lo && p < hi) log.push_back(long(p - lo));
}
}
// a copy op with the registers of Op that records the shared-memory addresses it is called with
template <class Op>
struct Rec {
  using SRegisters = typename Op::SRegisters;
  using DRegisters = typename Op::DRegisters;
  template <class... Args> CUTE_HOST_DEVICE static void copy(Args&&... args) { (rec::note(args), ...); }
};
namespace cute { template <class Op> struct Copy_Traits<Rec<Op>> : Copy_Traits<Op> {}; }
"""
)

MMA = "SM80_16x8x16_F16F16F16F16_TN"


def _cpp_smem(L) -> str:
    if isinstance(L, ComposedLayout):
        a = L.a
        return f"composition(Swizzle<{a.b},{a.m},{a.s}>{{}}, {cpp(L.b)})"
    return cpp(L)


def _cosize(L) -> int:
    base = L.b if isinstance(L, ComposedLayout) else L
    from cutedump.algebra import cosize

    n = int(cosize(base))
    if isinstance(L, ComposedLayout):
        a = L.a
        n = max(n, 1 << (a.m + max(a.s, 0) + a.b))
    return n


class Case:
    def __init__(self, atom, vt, smem, how, store=None, warp=0):
        self.atom, self.vt, self.smem_text, self.how, self.store, self.warp = atom, vt, smem, how, store, warp

    def tiled(self):
        ca = copy_atom(self.atom, self.vt)
        if self.how[0] == "mma":
            _, lay, tile, op = self.how
            mma = build_mma(MMA, lay, tile)
            return {"A": make_tiled_copy_A, "B": make_tiled_copy_B, "C": make_tiled_copy_C}[op](ca, mma)
        _, thr, val = self.how
        return make_tiled_copy(ca, parse_layout_arg(thr, "--thr"), parse_layout_arg(val, "--val"), check=True)

    def label(self):
        return f"{self.atom}/{self.vt} {self.how} smem={self.smem_text} store={self.store} warp={self.warp}"

    def cpp(self, acc) -> str:
        tc = acc.tiled_copy
        op = tc.atom.traits.cpp
        T = tc.atom.value_type
        L = evaluate_layout(self.smem_text)
        lines = [f"using T = {T};"]
        if self.how[0] == "mma":
            _, lay, tile, opnd = self.how
            lay_l = parse_layout_arg(lay, "--atom-layout")
            t = tile.strip("()").split(",")
            lines.append(
                f"auto mma = make_tiled_mma(MMA_Atom<{MMA}>{{}}, {cpp(lay_l)}, "
                f"Tile<{','.join(x.strip() for x in t)}>{{}});"
            )
            lines.append(f"auto tc = make_tiled_copy_{opnd}(Copy_Atom<Rec<{op}>, T>{{}}, mma);")
        else:
            _, thr, val = self.how
            lines.append(
                f"auto tc = make_tiled_copy(Copy_Atom<Rec<{op}>, T>{{}}, "
                f"{cpp(parse_layout_arg(thr, '--thr'))}, {cpp(parse_layout_arg(val, '--val'))});"
            )
        n = _cosize(L)
        lines += [
            f"auto slay = {_cpp_smem(L)};",
            f"alignas(1024) static T smem[{n}];",
            "rec::lo = reinterpret_cast<const char*>(smem); rec::hi = rec::lo + sizeof(smem);",
            "Tensor sT = make_tensor(make_smem_ptr(smem), slay);",
            "Tensor ref = make_tensor((T*)nullptr, make_layout(shape(slay)));",
            f"for (int t = {32 * self.warp}; t < {32 * self.warp + 32}; ++t) {{",
            "  auto thr = tc.get_slice(t); rec::log.clear();",
        ]
        if acc.store:
            lines += [
                "  Tensor dst = thr.partition_D(sT);",
                "  Tensor src = make_fragment_like(thr.partition_S(ref));",
                "  copy(tc, src, dst);",
            ]
        else:
            lines += [
                "  Tensor src = thr.partition_S(sT);",
                "  Tensor dst = make_fragment_like(thr.partition_D(ref));",
                "  copy(tc, src, dst);",
            ]
        lines += ['  for (long a : rec::log) printf("%ld ", a); printf("\\n");', "}"]
        side = "partition_D" if acc.store else "partition_S"
        lines += [
            f"Tensor p0 = tc.get_slice({32 * self.warp}).{side}(sT);",
            'print("mcv "); print(max_common_vector(p0, make_fragment_like(p0))); print("\\n");',
        ]
        return "\n".join(lines)


def _cases():
    rng = random.Random(10)
    out = []
    k_major = [
        "(_64,_32):(_32,_1)",
        "(_64,_32):(_40,_1)",
        "(_32,_64):(_64,_1)",
        "tile_to_shape(composition(Sw<3,3,3>, (_8,_64):(_64,_1)), (_64,_64))",
        "tile_to_shape(composition(Sw<2,3,3>, (_8,_32):(_32,_1)), (_64,_32))",
        "composition(Sw<1,3,4>, (_64,_32):(_32,_1))",
        "composition(Sw<3,3,4>, (_64,_32):(_32,_1))",
    ]
    m_major = [
        "(_64,_32):(_1,_64)",
        "(_64,_32):(_1,_72)",
        "composition(Sw<3,3,3>, (_64,_32):(_1,_64))",
        "composition(Sw<2,3,4>, (_64,_32):(_1,_64))",
    ]
    ldsm_n = ["SM75_U32x1_LDSM_N", "SM75_U32x2_LDSM_N", "SM75_U32x4_LDSM_N"]
    ldsm_t = ["SM75_U16x2_LDSM_T", "SM75_U16x4_LDSM_T", "SM75_U16x8_LDSM_T"]
    for atom in ldsm_n:
        for s in k_major:
            for op in ("A", "B"):
                out.append(Case(atom, "half_t", s, ("mma", "(_2,_2)", "(_32,_32,_16)", op), warp=rng.randrange(4)))
    for atom in ldsm_t:
        for s in m_major:
            out.append(Case(atom, "half_t", s, ("mma", "(_2,_2)", "(_32,_32,_16)", "A"), warp=rng.randrange(4)))
    # random swizzles
    for _ in range(10):
        b, m = rng.choice([1, 2, 3]), 3
        s = rng.choice([x for x in (3, 4, 5) if x >= b])
        out.append(
            Case(
                rng.choice(ldsm_n),
                "half_t",
                f"composition(Sw<{b},{m},{s}>, (_64,_64):(_64,_1))",
                ("mma", rng.choice(["(_2,_2)", "(_1,_1)", "(_2,_1)"]), "(_32,_32,_16)", rng.choice("AB")),
                warp=rng.randrange(4),
            )
        )
    # stmatrix of C
    for atom in ["SM90_U32x4_STSM_N", "SM90_U32x2_STSM_N", "SM90_U32x1_STSM_N"]:
        for s in ["(_32,_32):(_32,_1)", "composition(Sw<2,3,3>, (_32,_32):(_32,_1))", "(_64,_64):(_72,_1)"]:
            out.append(Case(atom, "half_t", s, ("mma", "(_2,_2)", "(_32,_32,_16)", "C"), warp=rng.randrange(4)))
    # thread/value tiled copies: loads, stores, cp.async
    tv = [
        ("UniversalCopy<uint128_t>", "(_16,_8):(_8,_1)", "(_1,_8)", "(_128,_64)"),
        ("UniversalCopy<uint64_t>", "(_32,_4):(_4,_1)", "(_1,_4)", "(_64,_16)"),
        ("UniversalCopy<uint32_t>", "(_8,_16):(_16,_1)", "(_1,_2)", "(_64,_32)"),
        ("UniversalCopy<uint128_t>", "(_32,_4):(_1,_32)", "(_8,_1)", "(_256,_32)"),
        ("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "(_16,_8):(_8,_1)", "(_1,_8)", "(_128,_64)"),
        ("SM80_CP_ASYNC_CACHEALWAYS<uint64_t>", "(_32,_4):(_4,_1)", "(_1,_4)", "(_64,_16)"),
    ]
    for atom, thr, val, shape in tv:
        m, n = (int(x.strip("_")) for x in shape.strip("()").split(","))
        kmaj = val.startswith("(_1,")
        base = f"({shape[1:-1]}):(_{n},_1)" if kmaj else f"({shape[1:-1]}):(_1,_{m})"
        pad = f"({shape[1:-1]}):(_{n + 8},_1)" if kmaj else f"({shape[1:-1]}):(_1,_{m + 8})"
        sw = f"composition(Sw<3,3,3>, {base})"
        for s in (base, pad, sw):
            for st in (True,) if "CP_ASYNC" in atom else (False, True):
                out.append(Case(atom, "half_t", s, ("thrval", thr, val), store=st, warp=rng.randrange(4)))
    out.append(
        Case(
            "UniversalCopy<uint128_t>",
            "float",
            "composition(Sw<3,2,3>, (_64,_32):(_32,_1))",
            ("thrval", "(_16,_8):(_8,_1)", "(_1,_4)"),
            store=False,
            warp=1,
        )
    )
    out.append(
        Case(
            "UniversalCopy<uint64_t>",
            "float",
            "(_64,_32):(_34,_1)",
            ("thrval", "(_16,_8):(_8,_1)", "(_1,_2)"),
            store=True,
            warp=2,
        )
    )
    return out


def _parse(text):
    lines = text.strip("\n").split("\n")
    addr = [[int(x) for x in l.split()] for l in lines[:32]]
    mcv = lines[32].split()[1]
    return np.array(addr, dtype=np.int64).T, int(mcv.lstrip("_"))


def test_tiled_copy_addresses_like_cute():
    cases = _cases()
    accs = []
    for c in cases:
        tc = c.tiled()
        c.warp %= int(tc.tiled_num_thr) // 32
        accs.append(copy_access(tc, evaluate_layout(c.smem_text), c.store, c.warp))
    outs = run_cases([c.cpp(a) for c, a in zip(cases, accs)], prelude=REC_PRELUDE, extra_flags=EXT_FLAGS)
    bad, compared = [], 0
    for c, a, o in zip(cases, accs, outs):
        addr, mcv = _parse(o)
        if addr.tolist() != a.addresses:
            bad.append(
                f"{c.label()}: cute {addr.shape} {addr[:2, :8].tolist()} / ours {len(a.addresses)} rows "
                f"{[r[:8] for r in a.addresses[:2]]}"
            )
            continue
        r = analyze(a.inst, addr)
        assert r.wavefronts == a.analysis.wavefronts
        if mcv != a.vector["max_common_vector"]:
            bad.append(f"{c.label()}: max_common_vector cute {mcv} / ours {a.vector['max_common_vector']}")
        compared += 1
    assert not bad, "\n".join(bad[:20])
    assert compared >= 100
    # the command line gives the same addresses (--format json), for a sample of the cases
    from click.testing import CliRunner

    from cutedump.cli import command

    bank_cmd = command("bank")
    import json

    for c, o in list(zip(cases, outs))[::9]:
        args = [c.smem_text, "--copy", c.atom, "--type", c.vt, "--warp", str(c.warp), "--format", "json", "--no-fix"]
        if c.how[0] == "mma":
            args += ["--mma", MMA, "--atom-layout", c.how[1], "--tile", c.how[2], "--operand", c.how[3]]
        else:
            args += ["--thr", c.how[1], "--val", c.how[2]]
        if c.store is not None:
            args.append("--store" if c.store else "--load")
        r = CliRunner().invoke(bank_cmd, args)
        assert r.exit_code == 0, (args, r.output)
        d = json.loads(r.output)
        addr, _ = _parse(o)
        assert [i["addresses"] for i in d["instructions"]] == addr.tolist(), c.label()
        ana = analyze(d["instructions"][0]["inst"], addr)
        assert d["total"] == ana.totals()
    # the cases must exercise conflicts and conflict-free copies alike
    totals = [a.analysis.totals()["conflicts"] for a in accs]
    assert sum(t > 0 for t in totals) >= 10 and sum(t == 0 for t in totals) >= 10
