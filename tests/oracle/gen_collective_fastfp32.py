"""CUTLASS 4.2's SM100 emulated-FP32 (9xBF16) GEMM builder (``sm100_9xBF16_umma_builder.inl``, example 78: float A
and B split into three bfloat16_t matrices each, the scaled BF16 UMMA) and its epilogue (SM100's builder, the FastF32
no-smem schedules among the others), asked host-only with g++ (issue 44).

The programs reuse gen_collective_bs.py's prelude and add one printer (``cd_fastfp32``: what the 9xBF16 collective
adds: its dispatch policy's pipelines and constants, the BF16 operands' smem atoms and layouts, the transform's copy
atoms as g++ spells them, its per-tile constants). Each refusal is its own translation unit
(gen_collective.syntax_verdicts). Answers are recorded (tests/oracle/records.py).
"""

from __future__ import annotations

import hashlib
import re

from cutedump.collective.config import Config, Operand
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_bs as B

EXTRA = r"""
// (i) fp32x9: the 9xBF16 (emulated FP32) collective's own fields
template <class U> void cd_spelled(const char* key) { printf("@@%s\n%s\n", key, __PRETTY_FUNCTION__); }
template <class M> void cd_fastfp32() {
  using DP = typename M::DispatchPolicy;
  cd_int("mainloop.dispatch_policy.load2transform_stages", DP::Load2TransformPipelineStageCount);
  cd_int("mainloop.dispatch_policy.transform2mma_stages", DP::Transform2MmaPipelineStageCount);
  cd_int("mainloop.dispatch_policy.scheduler_stages", DP::Schedule::SchedulerPipelineStageCount);
  cd_int("mainloop.dispatch_policy.accumulator_stages", DP::Schedule::AccumulatorPipelineStageCount);
  cd_int("mainloop.dispatch_policy.num_bands_to_compute", DP::NumBandsToCompute);
  cd_int("mainloop.dispatch_policy.scaling_factor", DP::ScalingFactor);
  cd_int("mainloop.dispatch_policy.acc_promotion_interval", DP::AccPromotionInterval);
  cd_type<typename DP::AccumulatorCopyAtom>("mainloop.dispatch_policy.accumulator_copy_atom");
  cd_type<typename M::ElementAMma>("mainloop.element_a_mma");
  cd_type<typename M::ElementBMma>("mainloop.element_b_mma");
  cd_int("mainloop.num_compute_mtxs", M::NumComputeMtxs);
  cd_print("mainloop.smem_layout_atom_a_compute", typename M::SmemLayoutAtomACompute{});
  cd_print("mainloop.smem_layout_atom_b_compute", typename M::SmemLayoutAtomBCompute{});
  cd_print("mainloop.smem_layout_a_compute", typename M::SmemLayoutACompute{});
  cd_print("mainloop.smem_layout_b_compute", typename M::SmemLayoutBCompute{});
  cd_spelled<typename M::InputCopyAtomA>("mainloop.input_copy_atom_a");
  cd_spelled<typename M::ComputeCopyAtomA>("mainloop.compute_copy_atom_a");
  cd_spelled<typename M::InputCopyAtomB>("mainloop.input_copy_atom_b");
  cd_spelled<typename M::ComputeCopyAtomB>("mainloop.compute_copy_atom_b");
  cd_spelled<typename M::SharedStorage::TensorStorage::TensorStorageTransformed>("mainloop.tensor_storage_transformed");
  cd_int("mainloop.stages_per_tile", M::StagesPerTile);
  cd_int("mainloop.tma_transaction_bytes", M::TmaTransactionBytes);
}
"""
PRELUDE = B.PRELUDE + EXTRA

_SPELLED = re.compile(r"\[with U = (.*)\]$")
_INTS = ("num_bands_to_compute", "scaling_factor", "acc_promotion_interval")
_MAIN_INTS = ("num_compute_mtxs", "stages_per_tile", "tma_transaction_bytes")


def cpp_body(cfg: Config) -> str:
    """gen_collective.cpp_body (the builder pair as example 78 writes it) with the 9xBF16 collective's printer and
    every field of the no-smem epilogue."""
    body = B.cpp_body(cfg)
    if "FastFP32" in cfg.schedule:
        body = body.replace("  cd_mainloop<Main>();\n", "  cd_mainloop<Main>();\n  cd_fastfp32<Main>();\n")
    return body


def unqualified(spelled: str) -> str:
    """A type as g++ spells it without its namespaces (cute::SM100::TMEM::STORE::X -> X)."""
    return re.sub(r"\b\w+::", "", spelled)


def _bracket_end(s: str, i: int) -> int:
    """The index after the ``>`` closing the ``<`` at ``s[i - 1]``."""
    depth = 1
    while depth:
        depth += {"<": 1, ">": -1}.get(s[i], 0)
        i += 1
    return i


def spelled_policy(spelled: str, cluster: str) -> str:
    """The mainloop's dispatch policy as g++ spells it, as cutedump's text prints it: without namespaces, its cluster
    shape's ``cute::tuple<..>`` printed as cute::print prints it (``cluster``, CUTLASS's own print)."""
    s = unqualified(spelled)
    i = s.find("tuple<")
    if i >= 0:
        s = s[:i] + cluster + s[_bracket_end(s, i + len("tuple<")) :]
    return s.replace(" >", ">")  # g++'s "> >" of a nested template


def parse(text: str) -> dict:
    """The fields of one answer, and (key ``spelled``, not a field of cutedump's JSON) the dispatch policy as the text
    answer prints it, from g++'s spelling of it (4.7: its ArchTag last)."""
    a = G.parse_answer(text)
    raw = re.search(r"^@@mainloop\.dispatch_policy\.name\n.*\[with T = (.*)\]$", text, re.M)
    if raw and "cluster_shape" in a.get("mainloop", {}).get("dispatch_policy", {}):
        a["spelled"] = {
            "dispatch_policy": spelled_policy(raw.group(1), a["mainloop"]["dispatch_policy"]["cluster_shape"])
        }
    m = a.get("mainloop", {})
    for k, v in list(m.items()):
        if isinstance(v, str):
            s = _SPELLED.search(v)
            if s and k == "tensor_storage_transformed":  # a member of CollectiveMma<..>::SharedStorage::TensorStorage
                m[k] = s.group(1).rsplit("::", 1)[-1]
            elif s:
                m[k] = unqualified(s.group(1))
    for k in _MAIN_INTS:
        if k in m:
            m[k] = int(m[k])
    dp = m.get("dispatch_policy", {})
    for k in _INTS:
        if k in dp:
            dp[k] = int(dp[k])
    return a


def ask(configs: list[Config], chunk: int = 8) -> list[dict]:
    """CUTLASS's fields for each accepted configuration, ``chunk`` a program."""
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        bodies = [cpp_body(c) for c in configs[i : i + chunk]]
        outs += run_cases(bodies, prelude=PRELUDE, extra_flags=G.FLAGS)
    return [parse(o) for o in outs]


def refusals(configs: list[Config]) -> list[str]:
    """CUTLASS's first static_assert message (else first error) of each configuration ("compiles" when none), one
    translation unit each: the collectives' classes and SharedStorage instantiated."""
    srcs = [G.refusal_unit(cpp_body(c)) for c in configs]
    text = "pch\0" + "\0".join(G.FLAGS) + PRELUDE + "\0".join(srcs)
    key = "collective-fastfp32-err-" + hashlib.sha256(text.encode()).hexdigest()[:24]
    return G.syntax_verdicts(srcs, PRELUDE, key, what=f"CUTLASS's refusals of {len(configs)} 9xBF16 collectives")


# ------------------------------------------------------------------------------------------- configurations


def _cfg(tile, cluster=(1, 1, 1), la="RowMajor", lb="ColumnMajor", c="float", d="float", lc="ColumnMajor", **kw):
    return Config(
        "sm100",
        Operand(kw.pop("a", "float"), la),
        Operand(kw.pop("b", "float"), lb),
        Operand(c, lc),
        Operand(d, kw.pop("ld", lc)),
        kw.pop("acc", "float"),
        tile,
        cluster,
        **kw,
    )


def examples() -> dict[str, list[Config]]:
    """Example 78 (78_blackwell_emulated_bf16x9_gemm.cu) as its source writes it: float A (RowMajor) and B
    (ColumnMajor), float C and D (ColumnMajor), alignment 4 each, float accumulator, MmaTileShape 256x128x16,
    cluster 2x1x1, FastF32NoSmemWarpSpecialized2Sm, KernelTmaWarpSpecialized2SmFastFP32SmemSm100, the mainloop's
    carveout sizeof(CollectiveEpilogue::SharedStorage)."""
    return {
        "78": [
            _cfg(
                (256, 128, 16),
                (2, 1, 1),
                schedule="KernelTmaWarpSpecialized2SmFastFP32SmemSm100",
                epilogue_schedule="FastF32NoSmemWarpSpecialized2Sm",
            )
        ]
    }


_PLAIN = (
    "KernelTmaWarpSpecialized1SmFastFP32SmemSm100",
    "KernelTmaWarpSpecialized2SmFastFP32SmemSm100",
    "KernelTmaWarpSpecialized1SmFastFP32Sm100",
    "KernelTmaWarpSpecialized2SmFastFP32Sm100",
    "KernelTmaWarpSpecializedFastFP32SmemSm100",
    "KernelScheduleSm100FastFP32Gemm",
)
_ARRAY = (
    "KernelPtrArrayTmaWarpSpecialized1SmFastFP32SmemSm100",
    "KernelPtrArrayTmaWarpSpecialized2SmFastFP32SmemSm100",
    "KernelPtrArrayTmaWarpSpecialized1SmFastFP32Sm100",
    "KernelPtrArrayTmaWarpSpecialized2SmFastFP32Sm100",
    "KernelTmaWarpSpecializedPtrArrayFastFP32SmemSm100",
    "KernelScheduleSm100PtrArrayFastFP32Gemm",
)


def generated(n: int, seed: int) -> list[Config]:
    """``n`` configurations over the 9xBF16 builder's space, refusals included: every schedule (1SM/2SM, A's BF16
    copies in smem or TMEM, the tags that choose, the ptr-array ones), tile M 64..256, N 16..256, K 16..64 (8 and
    128 now and then), clusters 1..4 per mode (dynamic now and then), both majors of A and B, StageCountAuto,
    carveouts and now and then an explicit stage count, alignments, every SM100 epilogue schedule with C/D float,
    half_t or void, an explicit epilogue tile now and then."""
    import random

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        array = rng.random() < 0.2
        sched = rng.choice(_ARRAY if array else _PLAIN)
        two = "2SmFast" in sched or ("1SmFast" not in sched and rng.random() < 0.5)  # ("FP32Sm100" has "2Sm")
        m = rng.choice([256, 256, 256, 128] if two else [128, 128, 128, 64, 64, 256])
        nn = rng.choice([64, 128, 128, 32, 96, 16, 48, 80, 112] if rng.random() < 0.9 else [256, 192, 8])
        kk = rng.choice([16, 32, 32, 64, 16]) if rng.random() < 0.93 else rng.choice([8, 128, 24])
        cm = rng.choice([2, 2, 4]) if two else rng.choice([1, 1, 2, 4])
        cl = (cm, rng.choice([1, 1, 2, 4]), 1)
        la = "RowMajor" if rng.random() < 0.7 else "ColumnMajor"
        lb = "ColumnMajor" if rng.random() < 0.7 else "RowMajor"
        d = rng.choice(["float", "float", "half_t", "bfloat16_t"])
        c = rng.choice(["void", d, "float"])
        lc = rng.choice(["ColumnMajor", "RowMajor"])
        sm = "2Sm" if two else "1Sm"
        esched = rng.choice(
            ["EpilogueScheduleAuto", f"FastF32NoSmemWarpSpecialized{sm}", f"FastF32NoSmemWarpSpecialized{sm}"]
            + [f"NoSmemWarpSpecialized{sm}", f"TmaWarpSpecialized{sm}"]
        )
        if array and esched.startswith(("FastF32", "NoSmem", "TmaWarp")) and rng.random() < 0.7:
            esched = "PtrArray" + esched
        r = rng.random()
        stages = 4 if r < 0.05 else None
        carveout = rng.choice([None, None, None, 0, 8192, 32768]) if stages is None else None
        dyn = None
        if rng.random() < 0.06:
            dyn = ((rng.choice([2, 4]), rng.choice([1, 2]), 1), (2, 1, 1))
            cl = (1, 1, 1)
        al = (4, 4) if rng.random() < 0.9 else (rng.choice([2, 4, 8]), rng.choice([4, 8]))
        out.append(
            _cfg(
                (m, nn, kk),
                cl,
                la,
                lb,
                c=c,
                d=d,
                lc=lc,
                schedule=sched,
                epilogue_schedule=esched,
                stages=stages,
                carveout=carveout,
                dynamic_cluster=dyn,
                grouped=array and rng.random() < 0.4,
                align=(*al, 0, 0),
                acc=rng.choice(["float"] * 30 + ["half_t"]),
            )
        )
    return out


def refused() -> list[Config]:
    """Configurations CUTLASS refuses, one per rule: no 9xBF16 builder for other element types or unaligned rows
    (the builder's enable_if), an explicit stage count (its stage-count function takes StageCountAutoCarveout
    only; a dynamic cluster spelled in the error too), CtaN above 128, too little smem/TMEM, the scaled UMMA's
    M/N, the FastF32 epilogue's 2SM on an odd cluster and its TMEM datapaths, a grouped GEMM."""
    ex = examples()["78"][0]
    s1, s2 = "KernelTmaWarpSpecialized1SmFastFP32SmemSm100", "KernelTmaWarpSpecialized2SmFastFP32SmemSm100"
    t1, t2 = "KernelTmaWarpSpecialized1SmFastFP32Sm100", "KernelTmaWarpSpecialized2SmFastFP32Sm100"
    return [
        ex._replace(a=Operand("half_t", "RowMajor"), b=Operand("half_t", "ColumnMajor")),
        ex._replace(a=Operand("tfloat32_t", "RowMajor"), b=Operand("tfloat32_t", "ColumnMajor")),
        ex._replace(b=Operand("bfloat16_t", "ColumnMajor")),
        ex._replace(align=(2, 4, 0, 0)),
        ex._replace(stages=3),
        ex._replace(stages=5, cluster=(1, 1, 1), dynamic_cluster=((2, 1, 1), (2, 1, 1)), epilogue_schedule="EpilogueScheduleAuto"),
        ex._replace(stages=4, schedule="KernelScheduleSm100PtrArrayFastFP32Gemm"),
        _cfg((32, 128, 16), schedule=s1),
        _cfg((128, 256, 16), schedule=s1),
        _cfg((128, 128, 64), schedule=t1),
        _cfg((256, 48, 16), (2, 1, 1), schedule=t2),
        _cfg((256, 128, 16), schedule=s2, epilogue_schedule="FastF32NoSmemWarpSpecialized2Sm"),
        _cfg((64, 128, 16), (1, 1, 1), schedule="KernelTmaWarpSpecialized2SmFastFP32Sm100"),
        _cfg((128, 48, 16), schedule=s1, lb="RowMajor"),
        _cfg((128, 128, 32), schedule="KernelPtrArrayTmaWarpSpecialized1SmFastFP32Sm100", grouped=True),
    ]  # fmt: skip


def desc_body(cfg: Config, a_in_tmem: bool) -> str:
    """The UMMA descriptors the 9xBF16 collective's MMA reads: ``TiledMma::make_fragment_A/B`` over the bfloat16_t
    copies (SmemLayoutACompute/BCompute, the smem pointer unset), every k-block of compute matrix 0, stage 0 (A's
    only where it sits in smem), then the TiledMMA's instruction descriptor ``idesc_``."""
    body = G.cpp_body(cfg).replace("  cd_mainloop<Main>();\n  cd_epilogue<Epi>();\n", "")
    for w in "B" if a_in_tmem else "AB":
        body += (
            f"  {{ auto s = make_tensor(make_smem_ptr((typename Main::TiledMma::ValType{w}*)nullptr), "
            f"typename Main::SmemLayout{w}Compute{{}});\n"
            f"    auto f = Main::TiledMma::make_fragment_{w}(s);\n"
            f'    printf("@@{w}\\n");\n'
            f"    for (int k = 0; k < size<2>(f); ++k) "
            f'printf("%016llx\\n", (unsigned long long)(uint64_t)f(0, 0, k, 0, 0)); }}\n'
        )
    body += '  printf("@@idesc\\n%08x\\n", uint32_t(typename Main::TiledMma{}.idesc_));\n'
    return body


def ask_descs(configs: list[Config], a_in_tmem: list[bool]) -> list[dict]:
    """CUTLASS's UMMA descriptors (``A``, ``B``: k-blocks of compute matrix 0, stage 0) and ``idesc`` of each."""
    from tests.oracle.cute import run_cases

    outs = run_cases([desc_body(c, t) for c, t in zip(configs, a_in_tmem)], prelude=PRELUDE, extra_flags=G.FLAGS)
    return [G.parse_answer(o) for o in outs]


def epilogue_pairs() -> list[Config]:
    """The FastF32 no-smem epilogues beside other mainloops (the epilogue builder does not know the mainloop): the
    dense UMMA builder's half_t and float (tf32) GEMMs, 1SM and 2SM, a void C, an explicit epilogue tile; the
    ptr-array FastF32 epilogue beside the plain 9xBF16 mainloop."""
    h, hc = Operand("half_t", "RowMajor"), Operand("half_t", "ColumnMajor")
    return [
        Config("sm100", h, hc, hc, hc, "float", (128, 128, 64), epilogue_schedule="FastF32NoSmemWarpSpecialized1Sm"),
        Config("sm100", h, hc, Operand("void", "ColumnMajor"), hc, "float", (256, 64, 64), (2, 1, 1),
               schedule="KernelTmaWarpSpecialized2SmSm100", epilogue_schedule="FastF32NoSmemWarpSpecialized2Sm"),
        _cfg((128, 64, 32), schedule="KernelTmaWarpSpecialized1SmSm100",
             epilogue_schedule="FastF32NoSmemWarpSpecialized1Sm", epilogue_tile=(128, 32)),
        _cfg((128, 128, 16), schedule="KernelTmaWarpSpecialized1SmFastFP32Sm100",
             epilogue_schedule="PtrArrayFastF32NoSmemWarpSpecialized1Sm"),
    ]  # fmt: skip
