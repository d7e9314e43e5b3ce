"""CUTLASS 4.2's SM100 block-scaled mainloop collective's TMA atoms for a problem (issue 44: ``collective --problem``
of a block-scaled collective), asked host-only with g++: the builder's CollectiveOp (gen_collective_bs.py's
programs) and its ``to_underlying_arguments(problem, args, nullptr, hw_info)`` -- which makes A's, B's, SFA's and
SFB's TMA atoms (and their fallback-cluster twins) -- over the problem's packed strides and the scale-factor layouts
``Sm1xxBlockScaledConfig<SFVecSize>::tile_atom_to_shape_SFA/SFB(problem)``, as CUTLASS's examples pass them.

The prelude is gen_collective_bs.py's with its silent ``cuTensorMapEncodeTiled`` replaced by one that prints every
argument (gen_tma.py's format): each call prints a ``tensor_map:`` line, in the order the collective makes them (A, B,
A fallback, B fallback, SFA, SFB, SFA fallback, SFB fallback). Each configuration is its own translation unit; its
problems (run-time values) are one program.
"""

from __future__ import annotations

from cutedump.collective.config import Config
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_bs as B
from tests.oracle import gen_tma as T

_SILENT = "CUtensorMapFloatOOBfill) { return CUDA_SUCCESS; }"
assert _SILENT in B.PRELUDE
_PRINTING = T.PRELUDE[T.PRELUDE.index("static const char* DT[]") : T.PRELUDE.index("#include <cute/tensor.hpp>")]
PRELUDE = B.PRELUDE.replace(
    "inline CUresult cuTensorMapEncodeTiled(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, const cuuint64_t*,\n"
    "                                       const cuuint64_t*, const cuuint32_t*, const cuuint32_t*,\n"
    "                                       CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion,\n"
    "                                       " + _SILENT,
    "#include <cstdio>\n" + _PRINTING,
)
assert PRELUDE != B.PRELUDE
FLAGS = G.FLAGS


def _stride(name: str, k_major: bool) -> str:
    """CUTLASS's make_cute_packed_stride of (MN, K, L) for the collective's Stride of A or B: K (K-major) or MN
    (MN-major) for the leading stride, MN*K as the batch stride when L > 1, else 0."""
    mn = "M" if name == "A" else "N"
    lead = f"cute::get<0>(args.d{name}) = K;" if k_major else f"cute::get<1>(args.d{name}) = {mn};"
    return f"  {lead} cute::get<2>(args.d{name}) = L > 1 ? int64_t({mn}) * K : 0;\n"


def cpp_body(cfg: Config, problems: list[tuple[int, int, int, int]]) -> str:
    """The builder's collective and, per problem, to_underlying_arguments' tensor maps and the SF TMA tensors."""
    body = B.cpp_body(cfg)
    body = body[: body.index("  cd_mainloop<Main>();")]
    body += "  using Cfg = cutlass::detail::Sm1xxBlockScaledConfig<Main::SFVecSize>;\n"
    for M, N, K, L in problems:
        body += (
            "  {\n"
            f"  int M = {M}, N = {N}, K = {K}, L = {L};\n"
            '  printf("@@problem %d,%d,%d,%d\\n", M, N, K, L);\n'
            "  auto problem = cute::make_shape(M, N, K, L);\n"
            "  typename Main::Arguments args{};\n"
            + _stride("A", cfg.a_k_major)
            + _stride("B", cfg.b_k_major)
            + "  args.layout_SFA = Cfg::tile_atom_to_shape_SFA(problem);\n"
            "  args.layout_SFB = Cfg::tile_atom_to_shape_SFB(problem);\n"
            "  cutlass::KernelHardwareInfo hw{};\n"
            "  auto params = Main::to_underlying_arguments(problem, args, nullptr, hw);\n"
            '  printf("sfa_tensor: "); print(params.tma_load_sfa.get_tma_tensor(shape(args.layout_SFA))); printf("\\n");\n'
            '  printf("sfb_tensor: "); print(params.tma_load_sfb.get_tma_tensor(shape(args.layout_SFB))); printf("\\n");\n'
            "  }\n"
        )
    return body


def parse(out: str) -> list[dict]:
    """One dict per problem: {"problem": [M,N,K,L], "tensor_map": [8 lines], "sfa_tensor": ..., "sfb_tensor": ...}."""
    res = []
    for ln in out.splitlines():
        if ln.startswith("@@problem "):
            res.append({"problem": [int(x) for x in ln.split()[1].split(",")], "tensor_map": []})
        elif ln.startswith("tensor_map: ") and res:
            res[-1]["tensor_map"].append(ln[len("tensor_map: ") :])
        elif ln.startswith(("sfa_tensor: ", "sfb_tensor: ")) and res:
            k, v = ln.split(": ", 1)
            res[-1][k] = v
    return res


def umma_desc_body(cfg: Config) -> str:
    """The block-scaled collective's UMMA smem descriptors as its mma_init makes them (TiledMma::make_fragment_A/B
    over SmemLayoutA/B, the smem pointer unset): every k-block of stage 0, then the TiledMMA's idesc_ (its block-scaled
    instruction descriptor, the scale factors' TMEM ids 0)."""
    body = B.cpp_body(cfg)
    body = body[: body.index("  cd_mainloop<Main>();")]
    for w in "AB":
        body += (
            f"  {{ auto s = make_tensor(make_smem_ptr((typename Main::TiledMma::ValType{w}*)nullptr), "
            f"typename Main::SmemLayout{w}{{}});\n"
            f"    auto f = Main::TiledMma::make_fragment_{w}(s);\n"
            f'    printf("@@{w}\\n");\n'
            f"    for (int k = 0; k < size<2>(f); ++k) "
            f'printf("%016llx\\n", (unsigned long long)(uint64_t)f(0, 0, k, 0)); }}\n'
        )
    body += '  printf("@@idesc\\n%08x\\n", uint32_t(typename Main::TiledMma{}.idesc_));\n'
    return body
