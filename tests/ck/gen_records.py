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
#include "ck/tensor_operation/gpu/device/gemm_specialization.hpp"
#include "ck/tensor_operation/gpu/element/element_wise_operation.hpp"
#include "ck/tensor_operation/gpu/device/tensor_layout.hpp"
#include "ck/tensor_operation/gpu/device/device_base.hpp"
// clang 14 lacks these scheduling builtins (used by block-level code this program never runs)
#define __builtin_amdgcn_sched_barrier(x)
#define __builtin_amdgcn_s_setprio(x)
#define __builtin_amdgcn_sched_group_barrier(x, y, z)
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
        re.sub(r"^#cmakedefine ([A-Za-z0-9_]+).*$", r"/* #undef \1 */", cfg, flags=re.M)
    )
    (build / "ck_host_shim.hpp").write_text(SHIM)
    return [
        CLANG,
        "-x",
        "hip",
        "--cuda-host-only",
        "-nogpulib",
        "-nogpuinc",
        "-std=c++17",
        "-O1",
        "-w",
        "-include",
        str(build / "ck_host_shim.hpp"),
        f"-I{build}",
        f"-I{ck / 'include'}",
    ]


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
    "pass_through": "make_pass_through_transform",
    "pad": "make_pad_transform",
    "left_pad": "make_left_pad_transform",
    "right_pad": "make_right_pad_transform",
    "freeze": "make_freeze_transform",
    "insert": "make_insert_transform",
    "vectorize": "make_vectorize_transform",
    "slice": "make_slice_transform",
    "modulo": "make_modulo_transform",
    "merge": "make_merge_transform",
    "merge_v1_carry_check": "make_merge_transform_v1_carry_check",
    "merge_v2_magic_division": "make_merge_transform_v2_magic_division",
    "merge_v3_division_mod": "make_merge_transform_v3_division_mod",
    "unmerge": "make_unmerge_transform",
    "embed": "make_embed_transform",
    "xor": "make_xor_transform",
    "xor_with_modulo": "make_xor_with_modulo_transform",
}
TUPLE_ARG = {
    "merge",
    "merge_v1_carry_check",
    "merge_v2_magic_division",
    "merge_v3_division_mod",
    "unmerge",
    "xor",
    "xor_with_modulo",
}


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
    return (
        f"transform_tensor_descriptor({prev}, make_tuple({', '.join(ts)}), "
        f"make_tuple({', '.join(lows)}), make_tuple({', '.join(ups)}))"
    )


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
        case["ck"] = {
            "lengths": [int(x) for x in head[3:e]],
            "element_space_size": int(head[e + 1]),
            "offsets": [],
            "valid": [],
        }
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
                fs[k : k + 1] = [d, x // d]
        self.r.shuffle(fs)
        return fs

    def one(self, L):
        """A transform on one dimension of length L: (name, args text, up lengths)."""
        r = self.r
        kind = r.choice(
            [
                "pass_through",
                "pad",
                "left_pad",
                "right_pad",
                "unmerge",
                "unmerge",
                "embed",
                "freeze",
                "vectorize",
                "slice",
                "modulo",
            ]
        )
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
        items = []  # (name, args, lows, up lengths)
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
                    name = r.choice(
                        ["merge", "merge_v1_carry_check", "merge_v2_magic_division", "merge_v3_division_mod"]
                    )
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
            up_ids = perm[pos : pos + len(ups)]
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
        for _ in range(3):  # a few out-of-range visible indices (coordinate_has_valid_offset must say 0)
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
        {
            "base": {"lengths": "256,64", "strides": "64,_1"},
            "stages": ["unmerge(8,_8)@1->0,2; pass_through(256)@0->1"],
            "note": "doc 004 grid_desc_ak0_m_ak1",
            "lens": [8, 256, 8],
        },
        {
            "base": {"lengths": "250,60", "strides": "60,_1"},
            "stages": ["right_pad(250,6)@0->0; right_pad(60,4)@1->1", "unmerge(8,_8)@1->0,2; pass_through(256)@0->1"],
            "note": "doc 004 padding",
            "lens": [8, 256, 8],
        },
        {
            "base": {"lengths": "_4,_128,_8", "strides": "_1032,_8,_1"},
            "stages": ["merge_v3_division_mod(_4,_8)@0,2->3; unmerge(_2,_2,_32)@1->0,1,2"],
            "note": "a_block_desc_m0_m1_m2_k",
            "lens": [2, 2, 32, 32],
        },
        {
            "base": {"lengths": "_1,_64,_1,_64"},
            "stages": [
                "freeze(_0)@0->; unmerge(_1,_2,_4,_2,_4)@1->0,2,4,5,6; freeze(_0)@2->; unmerge(_1,_2,_32)@3->1,3,7"
            ],
            "note": "c_block_desc_m0_n0_m1_n1_m2_m3_m4_n2",
            "lens": [1, 1, 2, 2, 4, 2, 4, 32],
        },
        {
            "base": {"lengths": "_1,_4,_1,_8"},
            "stages": ["pass_through(_1)@0->0; pass_through(_4)@1->1; merge_v3_division_mod(_1,_8)@2,3->2"],
            "note": "src_thread_scratch_desc_",
            "lens": [1, 4, 8],
        },
        {"base": {"lengths": "0,5", "strides": "5,1"}, "stages": [], "note": "zero length", "lens": [0, 5]},
        {
            "base": {"lengths": "3,4", "strides": "-4,1"},
            "stages": ["merge(3,4)@0,1->0"],
            "note": "negative stride",
            "lens": [12],
        },
        {
            "base": {"lengths": "7,5"},
            "stages": ["left_pad(7,3)@0->0; pass_through(5)@1->1", "merge_v2_magic_division(10,5)@0,1->0"],
            "note": "left pad under a magic-division merge (invalid indices reach the merge as negatives)",
            "lens": [50],
        },
        {
            "base": {"lengths": "7,5"},
            "stages": ["left_pad(7,3)@0->0; pass_through(5)@1->1", "merge_v1_carry_check(10,5)@0,1->0"],
            "note": "same, v1",
            "lens": [50],
        },
        {"base": {"lengths": "6"}, "stages": ["slice(6,4,2)@0->0"], "note": "slice end < begin", "lens": [-2]},
        {"base": {"lengths": "_6,_9", "align": "_4"}, "stages": [], "note": "aligned", "lens": [6, 9]},
        {
            "base": {"lengths": "2,3,4", "strides": "12,4,1"},
            "stages": ["merge(2,3,4)@0,1,2->0", "unmerge(4,3,2)@0->0,1,2", "merge(4,3)@0,1->1; pass_through(2)@2->0"],
            "note": "three stages",
            "lens": [2, 4],
        },
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


# ---------------------------------------------------------------- XDL recipes (CK's gridwise GEMM code)

RECIPE_PRELUDE = r"""
#include "ck/tensor_operation/gpu/device/gemm_specialization.hpp"
#include "ck/tensor_operation/gpu/element/element_wise_operation.hpp"
#include "ck/tensor_operation/gpu/grid/gridwise_gemm_xdl_cshuffle_v1.hpp"
#include "ck/tensor_operation/gpu/block/blockwise_gemm_xdlops.hpp"
#include "ck/tensor_operation/gpu/thread/threadwise_tensor_slice_transfer_v3r1.hpp"
using GemmSpec = ck::tensor_operation::device::GemmSpecialization;
using Row = ck::tensor_layout::gemm::RowMajor;
using Col = ck::tensor_layout::gemm::ColumnMajor;
using PT = ck::tensor_operation::element_wise::PassThrough;
template <index_t... Is> using S = Sequence<Is...>;

// GridwiseGemm_k0mk1_k0nk1_mn_xdl_cshuffle_v1 for fp16, with the tuning parameters the recipes use
template <typename AL, typename BL, typename CL, GemmSpec Spec, index_t MPB, index_t NPB, index_t KPB, index_t K1,
          index_t XDL, index_t MXPW, index_t NXPW, index_t EM, index_t CSM, index_t CSN>
using GG = GridwiseGemm_k0mk1_k0nk1_mn_xdl_cshuffle_v1<
    AL, BL, CL, half_t, half_t, float, half_t, half_t, PT, PT, PT, Spec, InMemoryDataOperationEnum::Set, 1,
    (MPB / (MXPW * XDL)) * (NPB / (NXPW * XDL)) * 64, MPB, NPB, KPB, K1, K1, XDL, XDL, MXPW, NXPW,
    S<4, 64, 1>, S<1, 0, 2>, S<1, 0, 2>, 2, 8, 8, true, EM,
    S<4, 64, 1>, S<1, 0, 2>, S<1, 0, 2>, 2, 8, 8, true, EM,
    CSM, CSN, S<1, 32, 1, 8>, 8, LoopScheduler::Default, PipelineVersion::v1>;

template <typename G, index_t MPB, index_t NPB, index_t K1, index_t XDL, index_t MXPW, index_t NXPW>
using BG = BlockwiseGemmXdlops_k0mk1_k0nk1_m0n0m1n1m2m3m4n2_v1<
    (MPB / (MXPW * XDL)) * (NPB / (NXPW * XDL)) * 64, half_t, half_t, float,
    decltype(G::GetABlockDescriptor_AK0PerBlock_MPerBlock_AK1()),
    decltype(G::GetBBlockDescriptor_BK0PerBlock_NPerBlock_BK1()), XDL, XDL, MXPW, NXPW,
    math::max(K1, MfmaSelector<half_t, XDL, XDL>::selected_mfma.k_per_blk)>;

// c_block_desc_m0_n0_m1_n1_m2_m3_m4_n2 as GridwiseGemm_k0mk1_k0nk1_mn_xdl_cshuffle_v1::Run builds it
template <typename G, typename B, index_t CSM, index_t CSN>
constexpr auto c_shuffle_desc()
{
    constexpr auto tmp = B::GetCBlockDescriptor_M0_N0_M1_N1_M2_M3_M4_N2();
    constexpr auto I0 = Number<0>{};
    return transform_tensor_descriptor(
        G::GetCShuffleBlockDescriptor_MBlock_MPerBlock_NBlock_NPerBlock(),
        make_tuple(make_freeze_transform(I0),
                   make_unmerge_transform(make_tuple(Number<CSM>{}, tmp.GetLength(Number<2>{}),
                                                     tmp.GetLength(Number<4>{}), tmp.GetLength(Number<5>{}),
                                                     tmp.GetLength(Number<6>{}))),
                   make_freeze_transform(I0),
                   make_unmerge_transform(make_tuple(Number<CSN>{}, tmp.GetLength(Number<3>{}),
                                                     tmp.GetLength(Number<7>{})))),
        make_tuple(Sequence<0>{}, Sequence<1>{}, Sequence<2>{}, Sequence<3>{}),
        make_tuple(Sequence<>{}, Sequence<0, 2, 4, 5, 6>{}, Sequence<>{}, Sequence<1, 3, 7>{}));
}
"""

SPECS = ["Default", "MPadding", "NPadding", "KPadding", "MNPadding", "MKPadding", "NKPadding", "MNKPadding"]


def recipe_cases(g: Gen):
    """(recipe, kwargs) with cutedump's option names; every recipe with several parameter sets."""
    r = g.r
    out = []
    tiles = [
        dict(MPerBlock=256, NPerBlock=128, KPerBlock=32, AK1=8, MPerXdl=32, MXdlPerWave=4, NXdlPerWave=2),
        dict(MPerBlock=128, NPerBlock=128, KPerBlock=64, AK1=8, MPerXdl=32, MXdlPerWave=2, NXdlPerWave=2),
        dict(MPerBlock=128, NPerBlock=64, KPerBlock=32, AK1=4, MPerXdl=16, MXdlPerWave=4, NXdlPerWave=2),
        dict(MPerBlock=64, NPerBlock=64, KPerBlock=64, AK1=2, MPerXdl=16, MXdlPerWave=2, NXdlPerWave=2),
    ]
    sizes = [(256, 128, 64), (250, 130, 60), (512, 256, 96), (100, 72, 40), (129, 65, 33)]
    for k, (M, N, K) in enumerate(sizes):
        for t in tiles[k % 2 :: 2]:
            for spec in SPECS if k < 2 else r.sample(SPECS, 3):
                for la, lb in (
                    [("row", "col"), ("col", "row")] if k == 0 else [r.choice([("row", "col"), ("col", "row")])]
                ):
                    sa = (K if la == "row" else M) + r.choice([0, 0, 8])
                    sb = (K if lb == "col" else N) + r.choice([0, 0, 4])
                    base = dict(t, M=M, N=N, K=K, spec=spec)
                    kw_t = {x: base[x] for x in ("MPerBlock", "KPerBlock", "AK1", "spec")}
                    out.append(
                        (
                            "xdl-a",
                            dict(
                                kw_t,
                                M=M,
                                K=K,
                                stride=sa,
                                layout=la,
                                _N=N,
                                _NPerBlock=t["NPerBlock"],
                                _MPerXdl=t["MPerXdl"],
                                _MXdlPerWave=t["MXdlPerWave"],
                                _NXdlPerWave=t["NXdlPerWave"],
                            ),
                        )
                    )
                    out.append(
                        (
                            "xdl-b",
                            dict(
                                NPerBlock=t["NPerBlock"],
                                KPerBlock=t["KPerBlock"],
                                AK1=t["AK1"],
                                spec=spec,
                                N=N,
                                K=K,
                                stride=sb,
                                layout=lb,
                                _M=M,
                                _MPerBlock=t["MPerBlock"],
                                _MPerXdl=t["MPerXdl"],
                                _MXdlPerWave=t["MXdlPerWave"],
                                _NXdlPerWave=t["NXdlPerWave"],
                            ),
                        )
                    )
                    if spec in ("Default", "MNPadding", "MNKPadding", "MPadding", "NPadding"):
                        out.append(
                            (
                                "xdl-c-grid",
                                dict(
                                    M=M,
                                    N=N,
                                    MPerBlock=t["MPerBlock"],
                                    NPerBlock=t["NPerBlock"],
                                    stride=N + r.choice([0, 0, 16]),
                                    spec=spec,
                                    layout=r.choice(["row", "row", "col"]),
                                    _K=K,
                                    _KPerBlock=t["KPerBlock"],
                                    _AK1=t["AK1"],
                                    _MPerXdl=t["MPerXdl"],
                                    _MXdlPerWave=t["MXdlPerWave"],
                                    _NXdlPerWave=t["NXdlPerWave"],
                                ),
                            )
                        )
    for t in tiles:
        for em in (0, 1, 4):
            out.append(
                (
                    "xdl-a-block",
                    dict(
                        MPerBlock=t["MPerBlock"],
                        KPerBlock=t["KPerBlock"],
                        AK1=t["AK1"],
                        extra_m=em,
                        _NPerBlock=t["NPerBlock"],
                        _MPerXdl=t["MPerXdl"],
                        _MXdlPerWave=t["MXdlPerWave"],
                        _NXdlPerWave=t["NXdlPerWave"],
                    ),
                )
            )
            out.append(
                (
                    "xdl-a-mma",
                    dict(
                        MPerBlock=t["MPerBlock"],
                        KPerBlock=t["KPerBlock"],
                        AK1=t["AK1"],
                        extra_m=em,
                        MPerXdl=t["MPerXdl"],
                        MXdlPerWave=t["MXdlPerWave"],
                        _NPerBlock=t["NPerBlock"],
                        _NXdlPerWave=t["NXdlPerWave"],
                    ),
                )
            )
        out.append(
            (
                "xdl-c-thread",
                dict(
                    MPerXdl=t["MPerXdl"],
                    MXdlPerWave=t["MXdlPerWave"],
                    NXdlPerWave=t["NXdlPerWave"],
                    _MPerBlock=t["MPerBlock"],
                    _NPerBlock=t["NPerBlock"],
                    _KPerBlock=t["KPerBlock"],
                    _AK1=t["AK1"],
                ),
            )
        )
        for csm, csn in [(1, 1), (2, 1), (1, 2)]:
            if t["MXdlPerWave"] % csm or t["NXdlPerWave"] % csn:
                continue
            out.append(
                (
                    "xdl-c-shuffle",
                    dict(
                        MPerBlock=t["MPerBlock"],
                        NPerBlock=t["NPerBlock"],
                        MPerXdl=t["MPerXdl"],
                        MXdlPerWave=t["MXdlPerWave"],
                        NXdlPerWave=t["NXdlPerWave"],
                        cshuffle_m=csm,
                        cshuffle_n=csn,
                        _KPerBlock=t["KPerBlock"],
                        _AK1=t["AK1"],
                    ),
                )
            )
    for sl, vd, spv in [
        ((1, 4, 8), 2, 8),
        ((2, 4, 8), 1, 2),
        ((4, 1, 4), 0, 4),
        ((1, 8, 2), 2, 2),
        ((2, 2), 1, 1),
        ((3, 6, 4), 1, 2),
    ]:
        out.append(("thread-scratch", dict(slice_lengths=list(sl), vector_dim=vd, scalar_per_vector=spv)))
    return out


def _gg(kw):
    """The GG<...> type for a recipe case (defaults where the recipe does not use a parameter)."""

    def v(name, default):
        return kw.get(name, kw.get("_" + name, default))

    spec = kw.get("spec", "Default")
    lay = {"row": "Row", "col": "Col"}
    la = lay[kw["layout"]] if "layout" in kw and kw.get("_which", "a") == "a" else "Row"
    return (
        f"GG<{la if 'M' in kw and 'K' in kw else 'Row'}, {lay.get(kw.get('layout'), 'Col') if 'N' in kw and 'K' in kw else 'Col'}, "
        f"{lay.get(kw.get('layout'), 'Row') if 'N' in kw and 'M' in kw else 'Row'}, GemmSpec::{spec}, "
        f"{v('MPerBlock', 256)}, {v('NPerBlock', 128)}, {v('KPerBlock', 32)}, {v('AK1', 8)}, {v('MPerXdl', 32)}, "
        f"{v('MXdlPerWave', 2)}, {v('NXdlPerWave', 2)}, {kw.get('extra_m', 0)}, {kw.get('cshuffle_m', 1)}, "
        f"{kw.get('cshuffle_n', 1)}>"
    )


def recipe_cpp(k, name, kw, idx):
    def v(n, default=None):
        return kw.get(n, kw.get("_" + n, default))

    lines = [f"void case_{k}() {{"]
    if name in ("xdl-a", "xdl-b", "xdl-c-grid"):
        M, N, K = v("M", 256), v("N", 128), v("K", 64)
        lines.append(f"  using G = {_gg(kw)};")
        sa = kw["stride"] if name == "xdl-a" else K
        sb = kw["stride"] if name == "xdl-b" else K
        sc = kw["stride"] if name == "xdl-c-grid" else N
        lines.append(f"  typename G::Problem p({M}, {N}, {K}, {sa}, {sb}, {sc});")
        if name == "xdl-a":
            lines.append(
                "  const auto d = G::MakeAGridDescriptor_AK0_M_AK1(p.M, p.MPadded, p.K, p.KPadded, p.StrideA, p.AK0);"
            )
        elif name == "xdl-b":
            lines.append(
                "  const auto d = G::MakeBGridDescriptor_BK0_N_BK1(p.K, p.KPadded, p.N, p.NPadded, p.StrideB, p.BK0);"
            )
        else:
            lines.append(
                "  const auto d = G::MakeCGridDescriptor_MBlock_MPerBlock_NBlock_NPerBlock("
                "G::MakeCGridDescriptor_M_N(p.M, p.MPadded, p.N, p.NPadded, p.StrideC), p.MBlock, p.NBlock);"
            )
    else:
        lines.append(f"  using G = {_gg(kw)};")
        lines.append(
            f"  using B = BG<G, {v('MPerBlock', 256)}, {v('NPerBlock', 128)}, {v('AK1', 8)}, "
            f"{v('MPerXdl', 32)}, {v('MXdlPerWave', 2)}, {v('NXdlPerWave', 2)}>;"
        )
        if name == "xdl-a-block":
            lines.append("  const auto d = G::GetABlockDescriptor_AK0PerBlock_MPerBlock_AK1();")
        elif name == "xdl-a-mma":
            lines.append("  const auto d = B::MakeABlockDescriptor_M0_M1_M2_K();")
        elif name == "xdl-c-thread":
            lines.append("  const auto d = B::GetCThreadDescriptor_M0_N0_M1_N1_M2_M3_M4_N2();")
        elif name == "xdl-c-shuffle":
            lines.append(f"  const auto d = c_shuffle_desc<G, B, {kw['cshuffle_m']}, {kw['cshuffle_n']}>();")
        else:
            sl = kw["slice_lengths"]
            n = len(sl)
            desc = (
                "decltype(make_naive_tensor_descriptor_packed(make_tuple("
                + ", ".join(f"Number<{x}>{{}}" for x in sl)
                + ")))"
            )
            order = "S<" + ", ".join(str(i) for i in range(n)) + ">"
            vd, spv = kw["vector_dim"], kw["scalar_per_vector"]
            lines = [
                f"void case_{k}() {{",
                f"  using T = ThreadwiseTensorSliceTransfer_v3r1<S<{', '.join(map(str, sl))}>, PT, PT, "
                f"InMemoryDataOperationEnum::Set, half_t, half_t, {desc}, {desc}, {order}, {order}, {vd}, {vd}, "
                f"{spv}, {spv}, 1, 1, true, true>;",
                "  const auto d = T::GetSrcThreadScratchDescriptor();",
            ]
    flat = [x for p in idx for x in p]
    lines.append(f"  static const int idx[] = {{{', '.join(map(str, flat)) or '0'}}};")
    lines.append(f"  report({k}, d, idx, {len(idx)});")
    if name in ("xdl-a", "xdl-b", "xdl-c-grid"):
        lines.append('  printf("check_validity %d\\n", (int)G::CheckValidity(p));')
    lines.append("}")
    return "\n".join(lines)


def run_recipes(flags, build, g: Gen):
    """Two passes: the first prints CK's lengths (no indices), the second samples indices from them."""
    cases = [{"recipe": n, "kw": kw} for n, kw in recipe_cases(g)]

    def program(with_idx):
        src = PRELUDE + DEVICE_AS_HOST + RECIPE_PRELUDE
        src += "\n".join(recipe_cpp(k, c["recipe"], c["kw"], c["idx"] if with_idx else []) for k, c in enumerate(cases))
        src += "\nint main() {\n" + "\n".join(f"  case_{k}();" for k in range(len(cases))) + "\n}\n"
        out, err = compile_run(flags, src, build, f"recipes_{int(with_idx)}")
        if out is None:
            raise RuntimeError(f"recipes do not compile:\n{err[:8000]}")
        return out

    def parse(out):
        lines = [x for x in out.splitlines()]
        res, pos = [], 0
        for k, c in enumerate(cases):
            head = lines[pos].split()
            pos += 1
            e = head.index("esz")
            ck = {
                "lengths": [int(x) for x in head[3:e]],
                "element_space_size": int(head[e + 1]),
                "offsets": [],
                "valid": [],
            }
            for _ in c.get("idx", []) if "idx" in c and c.get("_with") else []:
                pass
            n = len(c["idx"]) if c.get("_with") else 0
            for _ in range(n):
                off, ok = lines[pos].split()
                pos += 1
                ck["offsets"].append(int(off))
                ck["valid"].append(int(ok))
            if c["recipe"] in ("xdl-a", "xdl-b", "xdl-c-grid"):
                ck["check_validity"] = int(lines[pos].split()[1])
                pos += 1
            res.append(ck)
        assert pos == len(lines)
        return res

    first = parse(program(False))
    for c, ck in zip(cases, first):
        c["idx"] = g.indices(ck["lengths"], cap=400)
        c["_with"] = True
    for c, ck in zip(cases, parse(program(True))):
        c["ck"] = ck
        del c["_with"]
    return cases


# ---------------------------------------------------------------- what CK refuses to compile

REJECTS = [
    # (what, text form) -- each compiled alone; the first two must compile (controls)
    (
        "control",
        {"base": {"lengths": "4,8", "strides": "8,1"}, "stages": ["pass_through(4)@0->0; pass_through(8)@1->1"]},
    ),
    ("control", {"base": {"lengths": "4,_6", "align": "_8"}, "stages": []}),
    ("aligned, dynamic last length", {"base": {"lengths": "4,6", "align": "_8"}, "stages": []}),
    ("aligned, dynamic align", {"base": {"lengths": "4,_6", "align": "8"}, "stages": []}),
    ("embed sizes differ", {"base": {"lengths": "6"}, "stages": ["embed((2,3),(1))@0->0,1"]}),
    ("lower ids repeat", {"base": {"lengths": "4,8"}, "stages": ["pass_through(4)@0->0; pass_through(8)@0->1"]}),
    ("upper ids repeat", {"base": {"lengths": "4,8"}, "stages": ["pass_through(4)@0->0; pass_through(8)@1->0"]}),
    ("upper ids skip", {"base": {"lengths": "4,8"}, "stages": ["pass_through(4)@0->0; pass_through(8)@1->2"]}),
    (
        "lower id out of range (compiles; reads past VisibleDimensionIds: undefined)",
        {"base": {"lengths": "4,8"}, "stages": ["pass_through(4)@0->0; pass_through(8)@1->1; pass_through(3)@2->2"]},
    ),
    ("merge given one lower dim", {"base": {"lengths": "4,8"}, "stages": ["merge(4,8)@0->0; pass_through(8)@1->1"]}),
    (
        "unmerge given one upper dim",
        {"base": {"lengths": "4,8"}, "stages": ["unmerge(2,2)@0->0; pass_through(8)@1->1"]},
    ),
    ("freeze given an upper dim", {"base": {"lengths": "4,8"}, "stages": ["freeze(1)@0->0; pass_through(8)@1->1"]}),
    ("xor of three", {"base": {"lengths": "2,2,2"}, "stages": ["xor(2,2,2)@0,1,2->0,1,2"]}),
    (
        "dropped dimension (accepted)",
        {"base": {"lengths": "4,8,3"}, "stages": ["pass_through(4)@0->0; pass_through(8)@1->1"]},
    ),
    ("zero-length dimension (accepted)", {"base": {"lengths": "0,8"}, "stages": ["merge(0,8)@0,1->0"]}),
]
RECIPE_REJECTS = [
    ("control", "thread-scratch", dict(slice_lengths=[1, 4, 8], vector_dim=2, scalar_per_vector=8)),
    ("no vector_type of 3", "thread-scratch", dict(slice_lengths=[3, 6, 6], vector_dim=2, scalar_per_vector=3)),
]


def rejects(flags, build):
    out = []
    for k, (what, case) in enumerate(REJECTS):
        case = dict(case, idx=[[0] * 2])
        src = PRELUDE + case_cpp(0, dict(case, idx=[])) + "\nint main() { case_0(); }\n"
        o, err = compile_run(flags, src, build, f"reject_{k}")
        first = "" if o is not None else next((x for x in err.splitlines() if "error:" in x), "")
        out.append(
            {
                "what": what,
                "base": case["base"],
                "stages": case["stages"],
                "compiles": o is not None,
                "undefined": "undefined" in what,
                "error": re.sub(r"^.*?error: ", "", first),
            }
        )
    for k, (what, name, kw) in enumerate(RECIPE_REJECTS):
        src = PRELUDE + DEVICE_AS_HOST + RECIPE_PRELUDE + recipe_cpp(0, name, kw, []) + "\nint main() { case_0(); }\n"
        o, err = compile_run(flags, src, build, f"reject_recipe_{k}")
        first = "" if o is not None else next((x for x in err.splitlines() if "error:" in x), "")
        out.append(
            {
                "what": what,
                "recipe": name,
                "kw": kw,
                "compiles": o is not None,
                "error": re.sub(r"^.*?error: ", "", first),
            }
        )
    return out


# ---------------------------------------------------------------- driver


def run_chains(flags, build, seed, count, jobs):
    cases = chain_cases(seed, count)
    chunk = 40
    groups = [(i, cases[i : i + chunk]) for i in range(0, len(cases), chunk)]

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
    ap.add_argument("--out", default=None, help="write the records here instead of tests/ck/records (hidden runs)")
    a = ap.parse_args(argv)
    if a.out:
        global RECORDS
        RECORDS = Path(a.out)
    ck = Path(a.ck)
    if not (ck / "include" / "ck" / "ck.hpp").exists():
        sys.exit(f"no CK source at {ck} (see tests/ck/README.md)")
    if shutil.which(CLANG) is None:
        sys.exit(f"{CLANG} not found (apt-get install clang-14 libamdhip64-dev)")
    build = Path(tempfile.mkdtemp(prefix="ck-oracle-"))
    flags = ck_flags(ck, build)
    meta = {
        "ck_commit": ck_commit(ck),
        "compiler": " ".join(Path(f).name if f.startswith("/") else f for f in flags[:8]),
    }
    try:
        if a.only in (None, "chains"):
            t = time.time()
            cases = run_chains(flags, build, a.seed, a.count, a.jobs)
            write_records("chains", dict(meta, seed=a.seed), cases)
            print(
                f"chains: {len(cases)} descriptors, {sum(len(c['idx']) for c in cases)} indices, "
                f"{time.time() - t:.1f} s"
            )
        if a.only in (None, "recipes"):
            t = time.time()
            cases = run_recipes(flags, build, Gen(a.seed))
            write_records("recipes", meta, cases)
            print(f"recipes: {len(cases)} descriptors, {time.time() - t:.1f} s")
        if a.only in (None, "rejects"):
            t = time.time()
            cases = rejects(flags, build)
            write_records("rejects", meta, cases)
            print(f"rejects: {len(cases)} programs, {time.time() - t:.1f} s")
    finally:
        if not a.keep:
            shutil.rmtree(build, ignore_errors=True)


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent.parent))
    main()
