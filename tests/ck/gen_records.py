"""Record Composable Kernel's own answers for `cutedump ck` (tests/ck/records/*.json.gz).

Needs CK's source (``fetch github:ROCm/composable_kernel``, then ``git archive HEAD include | tar -x -C /tmp/ck``)
and Debian's ``clang-14`` + ``libamdhip64-dev``; see tests/ck/README.md. Nothing here is needed by the default
test run, which compares cutedump with the records.

Every case is a descriptor written in cutedump's text form (the same strings ``cutedump ck describe`` takes);
this script turns it into C++ that calls CK's own functions (make_naive_tensor_descriptor(_packed/_aligned),
make_*_transform, transform_tensor_descriptor, make_tensor_coordinate, coordinate_has_valid_offset, the XDL
gridwise GEMM's descriptor functions), compiles it host-only and stores what CK prints: visible lengths, element
space size and, for each sampled visible index, the offset and validity.

    python tests/ck/gen_records.py [--ck /tmp/ck] [--seed 14] [--count 320] [--only chains|recipes|rejects]
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
RECORDS = HERE / "records"
CLANG = os.environ.get("CK_CLANG", "clang++-14")

SHIM = """#pragma once
// std math names that HIP's headers expect in namespace std, for host-only compilation
#include <stdexcept>
#include <cmath>
#include <math.h>
namespace std {
using ::acosf; using ::asinf; using ::atanf; using ::ceilf; using ::cosf; using ::coshf; using ::expf;
using ::floorf; using ::logf; using ::powf; using ::sinf; using ::sinhf; using ::tanf; using ::tanhf;
}
"""

# After CK's and HIP's headers are in, let __device__-only functions of the gridwise GEMM headers also compile for
# the host (they only build descriptors; nothing here touches a GPU).
DEVICE_AS_HOST = """
#undef __device__
#define __device__ __attribute__((host)) __attribute__((device))
"""

PRELUDE = r"""
#include "ck/ck.hpp"
#include "ck/tensor_description/tensor_descriptor.hpp"
#include "ck/tensor_description/tensor_descriptor_helper.hpp"
#include <cstdio>
using namespace ck;

template <typename D>
void report(int id, const D& d, const int* idx, int n)
{
    constexpr index_t R = D::GetNumOfDimension();
    printf("case %d lengths", id);
    static_for<0, R, 1>{}([&](auto i) { printf(" %ld", (long)d.GetLength(i)); });
    printf(" esz %ld\n", (long)d.GetElementSpaceSize());
    for(int k = 0; k < n; ++k)
    {
        MultiIndex<R> m;
        static_for<0, R, 1>{}([&](auto i) { m(i) = idx[k * R + i.value]; });
        const auto c = make_tensor_coordinate(d, m);
        printf("%d %d\n", (int)c.GetOffset(), (int)coordinate_has_valid_offset(d, c));
    }
}
"""


# ---------------------------------------------------------------- the compiler

def ck_flags(ck: Path, build: Path):
    """clang++-14 host-only HIP flags for CK: a generated ck/config.h (every option off) and the std shim."""
    (build / "ck").mkdir(parents=True, exist_ok=True)
    cfg = (ck / "include" / "ck" / "config.h.in").read_text()
    (build / "ck" / "config.h").write_text(
        re.sub(r"^#cmakedefine ([A-Za-z0-9_]+).*$", r"/* #undef \1 */", cfg, flags=re.M))
    (build / "ck_host_shim.hpp").write_text(SHIM)
    return [CLANG, "-x", "hip", "--cuda-host-only", "-nogpulib", "-nogpuinc", "-std=c++17", "-O1", "-w",
            "-include", str(build / "ck_host_shim.hpp"), f"-I{build}", f"-I{ck / 'include'}"]


def compile_run(flags, src: str, build: Path, name: str):
    cpp = build / f"{name}.cpp"
    exe = build / name
    cpp.write_text(src)
    r = subprocess.run(flags + [str(cpp), "-o", str(exe)], capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr
    r = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise RuntimeError(f"{name} exited {r.returncode}: {r.stderr[-2000:]}")
    return r.stdout, None


# ---------------------------------------------------------------- text form -> C++

def num_cpp(tok) -> str:
    t = str(tok).strip()
    if t.startswith("_"):
        return f"Number<{int(t[1:])}>{{}}"
    return f"index_t{{{int(t)}}}"


def split_top(text: str):
    """'(1,2),_3' -> ['(1,2)', '_3'] (top-level commas)."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def tuple_cpp(text: str) -> str:
    body = text.strip()
    if body.startswith("(") and body.endswith(")"):
        body = body[1:-1]
    return "make_tuple(" + ", ".join(num_cpp(x) for x in split_top(body)) + ")"


def seq_cpp(ids) -> str:
    return "Sequence<" + ", ".join(str(i) for i in ids) + ">{}"


MAKERS = {
    "pass_through": "make_pass_through_transform", "pad": "make_pad_transform",
    "left_pad": "make_left_pad_transform", "right_pad": "make_right_pad_transform",
    "freeze": "make_freeze_transform", "insert": "make_insert_transform",
    "vectorize": "make_vectorize_transform", "slice": "make_slice_transform", "modulo": "make_modulo_transform",
    "merge": "make_merge_transform", "merge_v1_carry_check": "make_merge_transform_v1_carry_check",
    "merge_v2_magic_division": "make_merge_transform_v2_magic_division",
    "merge_v3_division_mod": "make_merge_transform_v3_division_mod",
    "unmerge": "make_unmerge_transform", "embed": "make_embed_transform",
    "xor": "make_xor_transform", "xor_with_modulo": "make_xor_with_modulo_transform",
}
TUPLE_ARG = {"merge", "merge_v1_carry_check", "merge_v2_magic_division", "merge_v3_division_mod", "unmerge",
             "xor", "xor_with_modulo"}


def transform_cpp(name: str, args: str) -> str:
    fn = MAKERS[name]
    if name == "embed":
        a, b = split_top(args)
        return f"{fn}({tuple_cpp(a)}, {tuple_cpp(b)})"
    if name in TUPLE_ARG:
        return f"{fn}({tuple_cpp(args)})"
    return f"{fn}(" + ", ".join(num_cpp(x) for x in split_top(args)) + ")"


ITEM = re.compile(r"\s*([A-Za-z_0-9]+)\s*\((.*)\)\s*@\s*([\d,\s]*)->\s*([\d,\s]*)")


def ids(text: str):
    return [int(x) for x in text.split(",") if x.strip()]


def stage_cpp(prev: str, stage: str) -> str:
    ts, lows, ups = [], [], []
    for item in [p for p in stage.split(";") if p.strip()]:
        name, args, lo, up = ITEM.fullmatch(item).groups()
        ts.append(transform_cpp(name, args))
        lows.append(seq_cpp(ids(lo)))
        ups.append(seq_cpp(ids(up)))
    return (f"transform_tensor_descriptor({prev}, make_tuple({', '.join(ts)}), "
            f"make_tuple({', '.join(lows)}), make_tuple({', '.join(ups)}))")


def base_cpp(case) -> str:
    b = case["base"]
    if b.get("strides"):
        return f"make_naive_tensor_descriptor({tuple_cpp(b['lengths'])}, {tuple_cpp(b['strides'])})"
    if b.get("align") is not None:
        return f"make_naive_tensor_descriptor_aligned({tuple_cpp(b['lengths'])}, {num_cpp(b['align'])})"
    return f"make_naive_tensor_descriptor_packed({tuple_cpp(b['lengths'])})"


def case_cpp(k: int, case) -> str:
    lines = [f"void case_{k}() {{", f"  const auto d0 = {base_cpp(case)};"]
    for s, st in enumerate(case["stages"]):
        lines.append(f"  const auto d{s + 1} = {stage_cpp(f'd{s}', st)};")
    flat = [v for idx in case["idx"] for v in idx]
    lines.append(f"  static const int idx[] = {{{', '.join(str(v) for v in flat) or '0'}}};")
    lines.append(f"  report({k}, d{len(case['stages'])}, idx, {len(case['idx'])});")
    lines.append("}")
    return "\n".join(lines)


def parse_output(text: str, cases, first: int):
    lines = text.splitlines()
    pos = 0
    for k in range(first, first + len(cases)):
        head = lines[pos].split()
        pos += 1
        assert head[0] == "case" and int(head[1]) == k, head
        e = head.index("esz")
        case = cases[k - first]
        case["ck"] = {"lengths": [int(x) for x in head[3:e]], "element_space_size": int(head[e + 1]),
                      "offsets": [], "valid": []}
        for _ in case["idx"]:
            off, ok = lines[pos].split()
            pos += 1
            case["ck"]["offsets"].append(int(off))
            case["ck"]["valid"].append(int(ok))
    assert pos == len(lines)


# ---------------------------------------------------------------- random chains

class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def n(self, v, static=None):
        """A number's text form, static (_v) or not at random."""
        if static is None:
            static = self.r.random() < 0.4
        return f"_{v}" if static else str(v)

    def lst(self, vs, static=None):
        return ",".join(self.n(v, static) for v in vs)

    def factor(self, L):
        """Split L into 1-3 factors (in a random order)."""
        fs = [L]
        for _ in range(self.r.randint(0, 2)):
            k = self.r.randrange(len(fs))
            x = fs[k]
            ds = [d for d in range(2, x) if x % d == 0]
            if ds:
                d = self.r.choice(ds)
                fs[k:k + 1] = [d, x // d]
        self.r.shuffle(fs)
        return fs

    def one(self, L):
        """A transform on one dimension of length L: (name, args text, up lengths)."""
        r = self.r
        kind = r.choice(["pass_through", "pad", "left_pad", "right_pad", "unmerge", "unmerge", "embed", "freeze",
                         "vectorize", "slice", "modulo"])
        if kind == "pass_through":
            return kind, self.n(L), [L]
        if kind == "pad":
            a, b = r.randint(0, 3), r.randint(0, 3)
            return kind, self.lst([L, a, b]), [L + a + b]
        if kind == "left_pad":
            a = r.randint(0, 3)
            return kind, self.lst([L, a]), [L + a]
        if kind == "right_pad":
            a = r.randint(0, 3)
            return kind, self.lst([L, a]), [L + a]
        if kind == "unmerge":
            fs = self.factor(L) if r.random() < 0.8 else [r.randint(1, 4) for _ in range(r.randint(1, 3))]
            return kind, self.lst(fs), fs
        if kind == "embed":
            k = r.randint(1, 3)
            ups = [r.randint(1, 4) for _ in range(k)]
            cs = [r.randint(-2, 9) for _ in range(k)]
            return kind, f"({self.lst(ups)}),({self.lst(cs)})", ups
        if kind == "freeze":
            return kind, self.n(r.randrange(L) if r.random() < 0.9 else L + 1), []
        if kind == "vectorize":
            v = r.randint(1, 4)
            up = max(1, L // v)
            return kind, self.lst([v, up]), [up]
        if kind == "slice":
            b = r.randint(0, L - 1)
            e = r.randint(b + 1, L)
            return kind, self.lst([L, b, e]), [e - b]
        m = r.randint(1, L)
        up = r.randint(1, 2 * L)
        return "modulo", self.lst([m, up]), [up]

    def stage(self, lens):
        r = self.r
        dims = list(range(len(lens)))
        r.shuffle(dims)
        items = []   # (name, args, lows, up lengths)
        while dims:
            if len(dims) >= 2 and r.random() < 0.3:
                k = r.choice([2, 2, 3]) if len(dims) >= 3 else 2
                lows = dims[:k]
                dims = dims[k:]
                ls = [lens[d] for d in lows]
                if k == 2 and r.random() < 0.25:
                    name = r.choice(["xor", "xor_with_modulo"])
                    items.append((name, self.lst(ls), lows, ls))
                else:
                    name = r.choice(["merge", "merge_v1_carry_check", "merge_v2_magic_division",
                                     "merge_v3_division_mod"])
                    p = 1
                    for x in ls:
                        p *= x
                    items.append((name, self.lst(ls), lows, [p]))
            else:
                d = dims.pop()
                name, args, ups = self.one(lens[d])
                items.append((name, args, [d], ups))
        if r.random() < 0.15:
            L = r.randint(1, 3)
            items.insert(r.randrange(len(items) + 1), ("insert", self.n(L), [], [L]))
        if sum(len(u) for *_, u in items) == 0:
            L = lens[items[0][2][0]] if items[0][2] else 1
            items[0] = ("pass_through", self.n(L), items[0][2], [L])
        nup = sum(len(u) for *_, u in items)
        perm = list(range(nup))
        r.shuffle(perm)
        text, new_lens, pos = [], [0] * nup, 0
        for name, args, lows, ups in items:
            up_ids = perm[pos:pos + len(ups)]
            pos += len(ups)
            for i, L in zip(up_ids, ups):
                new_lens[i] = L
            text.append(f"{name}({args})@{','.join(map(str, lows))}->{','.join(map(str, up_ids))}")
        return "; ".join(text), new_lens

    def base(self):
        r = self.r
        rank = r.randint(1, 4)
        lens = [r.randint(1, 9) for _ in range(rank)]
        kind = r.random()
        if kind < 0.6:
            strides = [r.choice([0, 1, 1, 2, 3, 5, 8, 13, 16, 40, -1, -3]) for _ in range(rank)]
            return {"lengths": self.lst(lens), "strides": self.lst(strides)}, lens
        if kind < 0.8:
            return {"lengths": self.lst(lens)}, lens
        # aligned: CK makes Number<stride_n_minus_2>, so the last length and the alignment are static
        text = ",".join([self.n(x) for x in lens[:-1]] + [f"_{lens[-1]}"])
        return {"lengths": text, "align": f"_{r.randint(1, 8)}"}, lens

    def indices(self, lens, cap=160):
        r = self.r
        size = 1
        for x in lens:
            size *= max(x, 0)
        if size <= cap:
            out = [[]]
            for L in lens:
                out = [p + [i] for p in out for i in range(L)]
        else:
            out = [[r.randrange(L) for L in lens] for _ in range(cap)]
        for _ in range(3):   # a few out-of-range visible indices (coordinate_has_valid_offset must say 0)
            p = [r.randrange(L) if L > 0 else 0 for L in lens]
            k = r.randrange(len(lens))
            p[k] = r.choice([-1, lens[k]])
            out.append(p)
        return out

    def case(self):
        base, lens = self.base()
        stages = []
        for _ in range(self.r.choice([0, 1, 1, 2, 2, 3, 3])):
            s, lens = self.stage(lens)
            stages.append(s)
        return {"base": base, "stages": stages, "idx": self.indices(lens)}


def fixed_cases():
    """Hand-picked corners: document 004's chains, zero lengths, long chains, big merges."""
    return [
        {"base": {"lengths": "256,64", "strides": "64,_1"},
         "stages": ["unmerge(8,_8)@1->0,2; pass_through(256)@0->1"], "note": "doc 004 grid_desc_ak0_m_ak1", "lens": [8, 256, 8]},
        {"base": {"lengths": "250,60", "strides": "60,_1"},
         "stages": ["right_pad(250,6)@0->0; right_pad(60,4)@1->1", "unmerge(8,_8)@1->0,2; pass_through(256)@0->1"],
         "note": "doc 004 padding", "lens": [8, 256, 8]},
        {"base": {"lengths": "_4,_128,_8", "strides": "_1032,_8,_1"},
         "stages": ["merge_v3_division_mod(_4,_8)@0,2->3; unmerge(_2,_2,_32)@1->0,1,2"],
         "note": "a_block_desc_m0_m1_m2_k", "lens": [2, 2, 32, 32]},
        {"base": {"lengths": "_1,_64,_1,_64"},
         "stages": ["freeze(_0)@0->; unmerge(_1,_2,_4,_2,_4)@1->0,2,4,5,6; freeze(_0)@2->; unmerge(_1,_2,_32)@3->1,3,7"],
         "note": "c_block_desc_m0_n0_m1_n1_m2_m3_m4_n2", "lens": [1, 1, 2, 2, 4, 2, 4, 32]},
        {"base": {"lengths": "_1,_4,_1,_8"}, "stages": ["pass_through(_1)@0->0; pass_through(_4)@1->1; "
                                                        "merge_v3_division_mod(_1,_8)@2,3->2"],
         "note": "src_thread_scratch_desc_", "lens": [1, 4, 8]},
        {"base": {"lengths": "0,5", "strides": "5,1"}, "stages": [], "note": "zero length", "lens": [0, 5]},
        {"base": {"lengths": "3,4", "strides": "-4,1"}, "stages": ["merge(3,4)@0,1->0"], "note": "negative stride", "lens": [12]},
        {"base": {"lengths": "7,5"}, "stages": ["left_pad(7,3)@0->0; pass_through(5)@1->1",
                                               "merge_v2_magic_division(10,5)@0,1->0"],
         "note": "left pad under a magic-division merge (invalid indices reach the merge as negatives)", "lens": [50]},
        {"base": {"lengths": "7,5"}, "stages": ["left_pad(7,3)@0->0; pass_through(5)@1->1",
                                               "merge_v1_carry_check(10,5)@0,1->0"], "note": "same, v1", "lens": [50]},
        {"base": {"lengths": "6"}, "stages": ["slice(6,4,2)@0->0"], "note": "slice end < begin", "lens": [-2]},
        {"base": {"lengths": "_6,_9", "align": "_4"}, "stages": [], "note": "aligned", "lens": [6, 9]},
        {"base": {"lengths": "2,3,4", "strides": "12,4,1"}, "stages": ["merge(2,3,4)@0,1,2->0",
                                                                       "unmerge(4,3,2)@0->0,1,2",
                                                                       "merge(4,3)@0,1->1; pass_through(2)@2->0"],
         "note": "three stages", "lens": [2, 4]},
    ]


def chain_cases(seed, count):
    g = Gen(seed)
    cases = fixed_cases()
    for c in cases:
        c.setdefault("idx", None)
    while len(cases) < count:
        cases.append(g.case())
    # the fixed cases carry their visible lengths (worked out by hand) to sample indices from
    for c in cases:
        if c["idx"] is None:
            c["idx"] = g.indices(c.pop("lens"))
    return cases


# ---------------------------------------------------------------- driver

def run_chains(flags, build, seed, count, jobs):
    cases = chain_cases(seed, count)
    chunk = 40
    groups = [(i, cases[i:i + chunk]) for i in range(0, len(cases), chunk)]

    def one(g):
        first, cs = g
        src = PRELUDE + "\n".join(case_cpp(first + k, c) for k, c in enumerate(cs))
        src += "\nint main() {\n" + "\n".join(f"  case_{first + k}();" for k in range(len(cs))) + "\n}\n"
        out, err = compile_run(flags, src, build, f"chains_{first}")
        if out is None:
            raise RuntimeError(f"chains_{first} does not compile:\n{err[:6000]}")
        parse_output(out, cs, first)

    with ThreadPoolExecutor(jobs) as ex:
        list(ex.map(one, groups))
    return cases


def write_records(name, meta, cases):
    RECORDS.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"meta": meta, "cases": cases}, separators=(",", ":"), sort_keys=True)
    (RECORDS / f"{name}.json.gz").write_bytes(gzip.compress(text.encode(), compresslevel=9, mtime=0))


def ck_commit(ck: Path):
    p = ck / "COMMIT"
    return p.read_text().strip() if p.exists() else "unknown"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ck", default=os.environ.get("CK_ROOT", "/tmp/ck"), help="CK source tree (with include/)")
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--count", type=int, default=320)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", choices=["chains", "recipes", "rejects"], default=None)
    ap.add_argument("--keep", action="store_true", help="keep the build directory")
    a = ap.parse_args(argv)
    ck = Path(a.ck)
    if not (ck / "include" / "ck" / "ck.hpp").exists():
        sys.exit(f"no CK source at {ck} (see tests/ck/README.md)")
    if shutil.which(CLANG) is None:
        sys.exit(f"{CLANG} not found (apt-get install clang-14 libamdhip64-dev)")
    build = Path(tempfile.mkdtemp(prefix="ck-oracle-"))
    flags = ck_flags(ck, build)
    meta = {"ck_commit": ck_commit(ck), "compiler": " ".join(Path(f).name if f.startswith("/") else f
                                                              for f in flags[:8])}
    try:
        if a.only in (None, "chains"):
            t = time.time()
            cases = run_chains(flags, build, a.seed, a.count, a.jobs)
            write_records("chains", dict(meta, seed=a.seed), cases)
            print(f"chains: {len(cases)} descriptors, {sum(len(c['idx']) for c in cases)} indices, "
                  f"{time.time() - t:.1f} s")
        if a.only in (None, "recipes"):
            from tests.ck import gen_recipes
            t = time.time()
            cases = gen_recipes.run(flags, build, DEVICE_AS_HOST, PRELUDE, compile_run, parse_output, Gen(a.seed))
            write_records("recipes", meta, cases)
            print(f"recipes: {len(cases)} descriptors, {time.time() - t:.1f} s")
        if a.only in (None, "rejects"):
            from tests.ck import gen_recipes
            t = time.time()
            cases = gen_recipes.rejects(flags, build, PRELUDE, compile_run, case_cpp)
            write_records("rejects", meta, cases)
            print(f"rejects: {len(cases)} programs, {time.time() - t:.1f} s")
    finally:
        if not a.keep:
            shutil.rmtree(build, ignore_errors=True)


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent.parent))
    main()
