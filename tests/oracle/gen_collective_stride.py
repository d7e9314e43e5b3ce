"""CUTLASS 4.2's CollectiveBuilders given cute stride types in place of layout tags (issue 44: examples 51 and 53;
``cutedump collective --a "half_t:cute::Stride<int64_t, cute::Int<1>, int64_t>"``), host-only with g++.

Each configuration is gen_collective's (SM90/SM100) or gen_collective_sm120's program with the stride types spelled
as given, plus what CUTLASS reads from each operand's stride: ``cutlass::detail::is_major<0>`` and ``<1>`` of
``TagToStride{A,B,C}_t`` (cutlass/detail/layout.hpp:200) and ``StrideToLayoutTag{A,B,C}_t`` (layout.hpp:270),
printed as the JSON's ``configuration.<x>.is_major`` and ``configuration.<x>.layout_tag``.
"""

from __future__ import annotations

import hashlib
import random

from cutedump.collective.config import Config, Operand
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_sm120 as G120

_TO = {"a": "A", "b": "B", "c": "C", "d": "C"}


def _probe(which: str, layout: str) -> str:
    s = f"cutlass::detail::TagToStride{_TO[which]}_t<{G.cpp_layout(layout)}>"
    return (
        f'  cd_int("configuration.{which}.is_major_0", (long)cutlass::detail::is_major<0, {s}>());\n'
        f'  cd_int("configuration.{which}.is_major_1", (long)cutlass::detail::is_major<1, {s}>());\n'
        f'  cd_type<cutlass::detail::StrideToLayoutTag{_TO[which]}_t<{s}>>("configuration.{which}.layout_tag");\n'
    )


def cpp_body(cfg: Config) -> str:
    """The builders' program of ``cfg`` (its arch's generator) and the stride facts of each operand."""
    body = G120.cpp_body(cfg) if cfg.arch == "sm120" else G.cpp_body(cfg)
    probes = "".join(_probe(w, getattr(cfg, w).layout) for w in "abcd" if getattr(cfg, w).element != "void")
    return probes + body


def parse(text: str) -> dict:
    out = G.parse_answer(text)
    for o in out.get("configuration", {}).values():
        o["is_major"] = [o.pop("is_major_0").strip() == "1", o.pop("is_major_1").strip() == "1"]
    return out


def ask(configs: list[Config], chunk: int = 16) -> list[dict]:
    """CUTLASS's answer (the JSON fields and the stride facts) for each accepted configuration."""
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        outs += run_cases([cpp_body(c) for c in configs[i : i + chunk]], prelude=G.PRELUDE, extra_flags=G.FLAGS)
    return [parse(o) for o in outs]


def refusals(configs: list[Config]) -> list[str]:
    """CUTLASS's first static_assert message (or first error) for each configuration, "compiles" when none; one
    translation unit each (gen_collective.syntax_verdicts), recorded."""
    from tests.oracle import records

    srcs = [G.refusal_unit(cpp_body(c)) for c in configs]
    text = "pch\0" + "\0".join(G.FLAGS) + G.PRELUDE + "\0".join(srcs)
    key = "collective-stride-err-" + hashlib.sha256(records.question(text).encode()).hexdigest()[:24]
    return G.syntax_verdicts(srcs, G.PRELUDE, key, what=f"CUTLASS's refusals of {len(configs)} stride collectives")


# ------------------------------------------------------------------------------------------- configurations

I1 = "cute::Int<1>"


def S(*modes) -> str:
    """A stride spelling from modes (strings or tuples of them)."""

    def sp(m):
        return "cute::Stride<" + ", ".join(sp(x) for x in m) + ">" if isinstance(m, tuple) else m

    return sp(tuple(modes))


def cfg(arch, a, b, c, d, tile=(128, 128, 64), acc="float", **kw) -> Config:
    def op(x):
        el, _, lay = x.partition(":")
        return Operand(el, lay)

    return Config(arch, op(a), op(b), op(c), op(d), acc, tile, **kw)


def edges() -> list[Config]:
    """The corner cases of the stride reading: a stride major in neither mode or both, of rank 2 or 4, int and
    static non-1 leaves, C/D without a major under the TMA and the no-smem epilogues, on SM90, SM100 and SM120."""
    h, f = "half_t", "float"
    K_A = S("int64_t", I1, "int64_t")  # A K-major (RowMajor)
    MN_A = S(I1, "int64_t", "int64_t")
    K_B = S("int64_t", I1, "int64_t")  # B K-major (ColumnMajor)
    N_CD = S("int64_t", I1, "int64_t")  # C/D N-major (RowMajor)
    none = S("int64_t", "int64_t", "int64_t")
    both = S(I1, I1, "int64_t")
    out = [
        cfg("sm90", f"{h}:{S('int64_t', I1)}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm90", f"{h}:{S('int64_t', I1, 'int64_t', 'int64_t')}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm90", f"{h}:{none}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm90", f"float_e4m3_t:{none}", f"float_e4m3_t:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm90", f"{h}:{both}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm90", f"float_e4m3_t:{both}", f"float_e4m3_t:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm90", f"{h}:{S('int', I1, 'int')}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm90", f"{h}:{S('cute::Int<64>', I1, 'int64_t')}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm90", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{S('int64_t', I1)}", f"{h}:{N_CD}"),
        cfg("sm90", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{none}", f"{h}:{N_CD}", epilogue_schedule="TmaWarpSpecialized"),
        cfg("sm90", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{none}", f"{h}:{N_CD}"),
        cfg("sm90", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{f}:{none}"),
        cfg("sm90", f"{h}:{MN_A}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}", schedule="KernelCpAsyncWarpSpecialized"),
        cfg("sm90", f"{h}:{none}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}", schedule="KernelCpAsyncWarpSpecialized"),
        cfg("sm100", f"{h}:{none}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm100", f"{h}:{both}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm100", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{none}", f"{h}:{N_CD}"),
        cfg("sm100", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{none}"),
        cfg("sm120", f"float_e4m3_t:{K_A}", f"float_e4m3_t:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm120", f"float_e4m3_t:{both}", f"float_e4m3_t:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
    ]
    e4, M_CD = "float_e4m3_t", S(I1, "int64_t", "int64_t")
    nest_m = S((I1, "int64_t"), "int64_t", "int64_t")  # M-major, mode 0 of size 0 (a dynamic leaf): no STSM_T
    tma = dict(epilogue_schedule="TmaWarpSpecialized")
    out += [
        cfg("sm90", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{nest_m}", f"{h}:{nest_m}", **tma),
        cfg("sm90", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{S('int64_t', I1)}", f"{h}:{N_CD}", **tma),
        cfg("sm90", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{S('int64_t', I1, 'int64_t', 'int64_t')}", f"{h}:{N_CD}"),
        cfg("sm90", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{S((I1, I1), 'int64_t', 'int64_t')}", **tma),
        cfg("sm90", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{S('int64_t', I1, 'int64_t', 'int64_t')}", **tma),
        cfg("sm90", f"{h}:{MN_A}", f"{h}:{S(I1, 'int64_t', 'int64_t')}", f"{h}:{M_CD}", f"{h}:{M_CD}", stages=4),
        cfg("sm90", f"{e4}:{K_A}", f"{e4}:{S(I1, 'int64_t', 'int64_t')}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm90", f"{e4}:{MN_A}", f"{e4}:{S(I1, 'int64_t', 'int64_t')}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm90", f"{h}:{both}", f"{h}:{S(I1, 'int64_t', 'int64_t')}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm100", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{none}", f"{h}:{N_CD}", epilogue_schedule="NoSmemWarpSpecialized1Sm"),
        cfg("sm100", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{none}", epilogue_schedule="NoSmemWarpSpecialized1Sm"),
        cfg("sm100", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{nest_m}", f"{h}:{nest_m}"),
        cfg("sm100", f"{h}:{MN_A}", f"{h}:{S(I1, 'int64_t', 'int64_t')}", f"{h}:{M_CD}", f"float:{M_CD}"),
        cfg("sm120", f"{e4}:{K_A}", f"{e4}:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}", schedule="KernelTmaWarpSpecializedCooperative"),
        cfg("sm120", f"{e4}:{K_A}", f"{e4}:ColumnMajor", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm120", f"{h}:{K_A}", f"{h}:{K_B}", f"{h}:{N_CD}", f"{h}:{N_CD}"),
        cfg("sm120", f"{e4}:RowMajor", f"{e4}:ColumnMajor", f"{h}:{none}", f"{h}:{N_CD}"),
        cfg("sm120", f"{e4}:RowMajor", f"{e4}:ColumnMajor", f"{h}:{N_CD}", f"{h}:{none}"),
        cfg("sm120", f"{e4}:RowMajor", f"{e4}:ColumnMajor", f"{h}:{nest_m}", f"{h}:{M_CD}"),
        cfg("sm120", f"{e4}:RowMajor", f"{e4}:ColumnMajor", f"{h}:{M_CD}", f"{h}:{nest_m}"),
        cfg("sm120", f"{e4}:RowMajor", f"{e4}:ColumnMajor", f"float:{nest_m}", f"float:{M_CD}"),
    ]  # fmt: skip
    return out


def _leaf(rng, major: bool) -> str:
    if major:
        return rng.choice([I1, I1, "cute::_1", "cute::C<1>"])
    return rng.choice(["int64_t", "int64_t", "int", "int32_t", "cute::Int<0>", "cute::Int<8>", "cute::Int<64>"])


def _mode(rng, major: bool):
    """One mode: a leaf, or a nested tuple (GETT's multi-mode) whose first leaf carries the major."""
    if rng.random() < 0.45:
        n = rng.choice([1, 2, 2, 3, 4])
        return (_leaf(rng, major),) + tuple(_leaf(rng, False) for _ in range(n - 1))
    return _leaf(rng, major)


def flat_stride(rng, which: str) -> str:
    """A flat rank-3 stride (SM100's modelled ones): the major's Int<1> its only static leaf, a batch stride dynamic
    or Int<0>; major in one mode, both (A/B) or neither."""
    kind = rng.choices(["0", "1", "none", "both"], [42, 42, 10, 6 if which in "ab" else 0])[0]
    dyn = ["int64_t", "int64_t", "int", "int32_t"]
    m0 = _leaf(rng, True) if kind in ("0", "both") else rng.choice(dyn)
    m1 = _leaf(rng, True) if kind in ("1", "both") else rng.choice(dyn)
    return S(m0, m1, rng.choice(["int64_t", "cute::Int<0>", "int"]))


def random_stride(rng, which: str, rank: int = 3) -> str:
    """A stride for operand ``which``: majors K/MN (A, B) or N/M (C, D) mostly, sometimes both or neither; leaves
    int, int32_t, int64_t or static; nested modes; a batch mode that is static 0, dynamic or nested."""
    kind = rng.choices(["0", "1", "none", "both"], [40, 40, 12, 8])[0]
    modes = [_mode(rng, kind in ("0", "both")), _mode(rng, kind in ("1", "both"))]
    modes += [rng.choice(["int64_t", "cute::Int<0>", ("int64_t", "int64_t"), "int"]) for _ in range(rank - 2)]
    return S(*modes)


_PAIRS90 = [
    ("half_t", "half_t", "float"),
    ("bfloat16_t", "bfloat16_t", "float"),
    ("half_t", "half_t", "half_t"),
    ("tfloat32_t", "tfloat32_t", "float"),
    ("float_e4m3_t", "float_e4m3_t", "float"),
    ("float_e4m3_t", "float_e5m2_t", "float"),
    ("int8_t", "int8_t", "int32_t"),
]
_SCHED90 = [
    "KernelScheduleAuto",
    "KernelScheduleAuto",
    "KernelTmaWarpSpecializedCooperative",
    "KernelTmaWarpSpecializedPingpong",
    "KernelTmaWarpSpecialized",
    "KernelCpAsyncWarpSpecialized",
    "KernelTma",
]
_EPI90 = ["EpilogueScheduleAuto", "TmaWarpSpecialized", "TmaWarpSpecializedCooperative", "NoSmemWarpSpecialized"]


def _lay(rng, which: str, p_stride: float, flat: bool = False) -> str:
    if rng.random() < p_stride:
        if flat and rng.random() < 0.85:
            return flat_stride(rng, which)
        rank = 3 if rng.random() < 0.9 else rng.choice([2, 4])
        return random_stride(rng, which, rank)
    return rng.choice(["RowMajor", "ColumnMajor"])


def configs(n: int, seed: int, arch: str = "sm90") -> list[Config]:
    """``n`` configurations with stride types in A, B, C and D (each a stride with probability 0.6, else a layout
    tag): SM90 every schedule family (TMA SS/RS, cp.async, KernelTma, FP8 fast accumulation) and epilogue; SM100 the
    dense UMMA builder and its epilogues; SM120 (whose dense builder takes no tuple layouts) strides in C and D."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        if arch == "sm90":
            a, b, acc = rng.choice(_PAIRS90)
            sched = rng.choice(_SCHED90 + (["KernelTmaWarpSpecializedFP8FastAccum"] if a.startswith("float_e") else []))
            esched = rng.choice(_EPI90)
            tile = (rng.choice([64, 128]), rng.choice([64, 128, 256]), rng.choice([64, 128]))
            cl = (rng.choice([1, 2]), rng.choice([1, 2]), 1)
            d = rng.choice(["half_t", "float"] if acc != "int32_t" else ["int32_t"])
        elif arch == "sm100":
            a, b, acc = rng.choice(_PAIRS90[:2] + _PAIRS90[4:6])
            sched = rng.choice(
                ["KernelScheduleAuto", "KernelTmaWarpSpecialized1SmSm100", "KernelTmaWarpSpecialized2SmSm100"]
            )
            two = sched.endswith("2SmSm100")
            esched = rng.choice(
                ["EpilogueScheduleAuto"]
                + (
                    [f"TmaWarpSpecialized{'2' if two else '1'}Sm", f"NoSmemWarpSpecialized{'2' if two else '1'}Sm"]
                    if "Sm100" in sched
                    else []
                )
            )
            tile = ((256 if two else 128), rng.choice([64, 128, 256]), 64 if a[-3:] != "m3_t" else 128)
            cl = ((2 if two else rng.choice([1, 2])), rng.choice([1, 2]), 1)
            d = rng.choice(["half_t", "float"])
        else:  # sm120: the dense F8F6F4 builder; A and B tags (TN), C and D strides
            a, b, acc = "float_e4m3_t", rng.choice(["float_e4m3_t", "float_e5m2_t"]), "float"
            sched = rng.choice(
                ["KernelScheduleAuto", "KernelTmaWarpSpecializedCooperative", "KernelTmaWarpSpecializedPingpong"]
            )
            esched = "EpilogueScheduleAuto"
            tile = (128, rng.choice([64, 128]), 128)
            cl = (1, 1, 1)
            d = rng.choice(["half_t", "float", "bfloat16_t"])
        c = rng.choice(["void", d, d])
        if arch == "sm120":
            la, lb = "RowMajor", "ColumnMajor"
        else:
            la, lb = _lay(rng, "a", 0.6, arch == "sm100"), _lay(rng, "b", 0.6, arch == "sm100")
        lc, ld = _lay(rng, "c", 0.6, arch == "sm100"), _lay(rng, "d", 0.6, arch == "sm100")
        if arch != "sm90" and any(x.startswith("cute::") and len(tree_of(x)) != 3 for x in (lc, ld)):
            continue  # (a C/D stride of another rank: refused as not modelled off SM90)
        out.append(
            Config(arch, Operand(a, la), Operand(b, lb), Operand(c, lc), Operand(d, ld), acc, tile, cl,
                   schedule=sched, epilogue_schedule=esched)
        )  # fmt: skip
    return out


def tree_of(layout: str):
    from cutedump.collective.stride import tree

    return tree(layout)


# ------------------------------------------------------------------------------------------- example 53

#: example 53's runners (53_hopper_gemm_permute.cu:808-1000): name -> the ExampleRunner's layout tags and permute
#: operations of A, B, C and D
EX53_RUNNERS = {
    "A RowMajor Tensor4DPermute0213<8,16>": ("RowMajor", "Tensor4DPermute0213RowMajor<8,16>", "RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "NoPermute"),
    "A ColumnMajor Tensor4DPermute0213<8,16>": ("ColumnMajor", "Tensor4DPermute0213ColumnMajor<8,16>", "RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "NoPermute"),
    "B RowMajor Tensor4DPermute0213<8,16>": ("ColumnMajor", "NoPermute", "RowMajor", "Tensor4DPermute0213RowMajor<8,16>", "RowMajor", "NoPermute", "RowMajor", "NoPermute"),
    "B ColumnMajor Tensor4DPermute0213<8,16>": ("RowMajor", "NoPermute", "ColumnMajor", "Tensor4DPermute0213ColumnMajor<8,16>", "RowMajor", "NoPermute", "RowMajor", "NoPermute"),
    "D RowMajor Tensor4DPermute0213<8,16>": ("RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "Tensor4DPermute0213RowMajor<8,16>"),
    "D ColumnMajor Tensor4DPermute0213<8,16>": ("RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "NoPermute", "ColumnMajor", "Tensor4DPermute0213ColumnMajor<8,16>"),
    "A RowMajor Tensor5DPermute20314<16,8,4>": ("RowMajor", "Tensor5DPermute20314RowMajor<16,8,4>", "RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "NoPermute"),
    "A ColumnMajor Tensor5DPermute02413<16,8,4>": ("ColumnMajor", "Tensor5DPermute02413ColumnMajor<16,8,4>", "RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "NoPermute"),
    "D RowMajor Tensor5DPermute20314<16,8,4>": ("RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "Tensor5DPermute20314RowMajor<16,8,4>"),
    "D ColumnMajor Tensor5DPermute02413<16,8,4>": ("RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "NoPermute", "ColumnMajor", "Tensor5DPermute02413ColumnMajor<16,8,4>"),
    "A RowMajor Tensor4DPermuteBMM0213<8>": ("RowMajor", "Tensor4DPermuteBMM0213RowMajor<8>", "RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "NoPermute"),
    "D RowMajor Tensor4DPermuteBMM0213<8>": ("RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "Tensor4DPermuteBMM0213RowMajor<8>"),
    "A ColumnMajor Tensor4DPermuteBMM0321<8>": ("ColumnMajor", "Tensor4DPermuteBMM0321ColumnMajor<8>", "RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "NoPermute"),
    "D ColumnMajor Tensor4DPermuteBMM0321<8>": ("RowMajor", "NoPermute", "RowMajor", "NoPermute", "RowMajor", "NoPermute", "ColumnMajor", "Tensor4DPermuteBMM0321ColumnMajor<8>"),
}  # fmt: skip

_EX53_RUNNER = """
template <class T> void ty(const char* k) { printf("%s=%s\\n", k, __PRETTY_FUNCTION__); }
template<class LayoutA, class PermuteA, class LayoutB, class PermuteB, class LayoutC, class PermuteC, class LayoutD,
         class PermuteD>
void runner() {
  // ExampleRunner's types (53_hopper_gemm_permute.cu:286-368), its TileShape Shape<_128,_128,_64>
  using namespace example;
  using TileShape = Shape<_128,_128,_64>;
  using MatrixShape = Shape<int,int,int>;
  using StrideA = cutlass::gemm::TagToStrideA_t<LayoutA>;
  using StrideB = cutlass::gemm::TagToStrideB_t<LayoutB>;
  using StrideC = cutlass::gemm::TagToStrideC_t<LayoutC>;
  using StrideD = cutlass::gemm::TagToStrideC_t<LayoutD>;
  static constexpr bool DoPermuteA = not cutlass::layout::is_trivial_permute<PermuteA>;
  static constexpr bool DoPermuteB = not cutlass::layout::is_trivial_permute<PermuteB>;
  static constexpr bool DoPermuteC = not cutlass::layout::is_trivial_permute<PermuteC>;
  static constexpr bool DoPermuteD = not cutlass::layout::is_trivial_permute<PermuteD>;
  using PermuteAReal = typename cutlass::layout::InversePermute<PermuteA>::type;
  using PermuteBReal = typename cutlass::layout::InversePermute<PermuteB>::type;
  using PermuteCReal = typename cutlass::layout::InversePermute<PermuteC>::type;
  using PermuteDReal = PermuteD;
  using LayoutAP = remove_cvref_t<decltype(make_permute_layout<PermuteAReal, false>(make_layout(MatrixShape{}, StrideA{})))>;
  using LayoutBP = remove_cvref_t<decltype(make_permute_layout<PermuteBReal, true>(make_layout(MatrixShape{}, StrideB{})))>;
  using LayoutCP = remove_cvref_t<decltype(make_permute_layout<PermuteCReal, false>(make_layout(MatrixShape{}, StrideC{})))>;
  using LayoutDP = remove_cvref_t<decltype(make_permute_layout<PermuteDReal, false>(make_layout(MatrixShape{}, StrideD{})))>;
  using ShapeM = decltype(select_mode_shape(shape<0>(LayoutAP{}), shape<0>(LayoutCP{}), shape<0>(LayoutDP{})));
  using ShapeN = decltype(select_mode_shape(shape<0>(LayoutBP{}), shape<1>(LayoutCP{}), shape<1>(LayoutDP{})));
  using ShapeK = decltype(select_mode_shape(shape<1>(LayoutAP{}), shape<1>(LayoutBP{})));
  using ShapeL = decltype(select_mode_shape(shape<2>(LayoutAP{}), shape<2>(LayoutBP{}), shape<2>(LayoutCP{}), shape<2>(LayoutDP{})));
  using ShapeAPermute = Shape<ShapeM, ShapeK, ShapeL>;
  using ShapeBPermute = Shape<ShapeN, ShapeK, ShapeL>;
  using ShapeCPermute = Shape<ShapeM, ShapeN, ShapeL>;
  using ShapeDPermute = Shape<ShapeM, ShapeN, ShapeL>;
  using StrideAPermute = conditional_t<DoPermuteA, remove_cvref_t<decltype(stride(LayoutAP{}))>, decltype(compute_default_stride(ShapeAPermute{}, StrideA{}))>;
  using StrideBPermute = conditional_t<DoPermuteB, remove_cvref_t<decltype(stride(LayoutBP{}))>, decltype(compute_default_stride(ShapeBPermute{}, StrideB{}))>;
  using StrideCPermute = conditional_t<DoPermuteC, remove_cvref_t<decltype(stride(LayoutCP{}))>, decltype(compute_default_stride(ShapeCPermute{}, StrideC{}))>;
  using StrideDPermute = conditional_t<DoPermuteD, remove_cvref_t<decltype(stride(LayoutDP{}))>, decltype(compute_default_stride(ShapeDPermute{}, StrideD{}))>;
  using TileMPermute = decltype(select_tile_shape(get<0>(TileShape{}), ShapeM{}));
  using TileNPermute = decltype(select_tile_shape(get<1>(TileShape{}), ShapeN{}));
  using TileKPermute = decltype(select_tile_shape(get<2>(TileShape{}), ShapeK{}));
  ty<StrideAPermute>("a"); ty<StrideBPermute>("b"); ty<StrideCPermute>("c"); ty<StrideDPermute>("d");
  ty<Shape<TileMPermute, TileNPermute, TileKPermute>>("tile");
}
using namespace cutlass::layout;
"""


def example53() -> dict[str, tuple]:
    """Example 53's runners: name -> (the reference pair's layout tags A, B, C, D; the permuted pair's
    StrideA/B/C/DPermute and TileShapePermute as g++ spells them), the types computed by the example's own code
    (its helpers, 53_hopper_gemm_permute.cu:198-274, and permute_traits.hpp) with CUTLASS 4.2, recorded."""
    from pathlib import Path

    from tests.oracle.cute import run_cases

    # the example as CUTLASS 4.2's wheel ships it, copied verbatim into tests/oracle/example53/ (BSD-3, with its
    # license header: permute_traits.hpp whole, the .cu's helpers): the suite from records needs no wheel, and whichever
    # CUTLASS's headers compile it (a 4.7 survey) it is the same program, so that its record pairs with 4.2's
    ex = Path(__file__).resolve().parent / "example53"
    # select_mode_shape, compute_default_stride, select_tile_shape: lines 198-274 of 53_hopper_gemm_permute.cu
    helpers = (ex / "53_hopper_gemm_permute_helpers.cu").read_text().split(" verbatim:\n", 1)[1][:-1]
    prelude = (
        G.PRELUDE
        + "#include <cutlass/layout/permute.h>\n"
        + (ex / "permute_traits.hpp").read_text().split("#pragma once", 1)[-1]
        + "\nusing namespace cute;\n"
        + helpers
        + _EX53_RUNNER
    )
    bodies = [f"  runner<{', '.join(args)}>();" for args in EX53_RUNNERS.values()]
    out = {}
    for (name, args), text in zip(EX53_RUNNERS.items(), run_cases(bodies, prelude=prelude, extra_flags=G.FLAGS)):
        got = dict(line.split("=", 1) for line in text.strip().splitlines())
        types = [G._WITH.search(got[k]).group(1) for k in ("a", "b", "c", "d", "tile")]
        out[name] = (args[0::2], tuple(types))
    return out
