"""CUTLASS 4.2's examples/cute/tutorial/sgemm_sm80.cu as kernel descriptions (data for cutedump.kernel.model).

Three host paths exist upstream: ``gemm_tn`` for half_t (tensor cores: swizzled smem, cp.async 128b copies, the
2x2 SM80_16x8x16 TiledMMA, ldmatrix S2R copies), and the templated ``gemm_nt`` / ``gemm_tn`` that main() reaches
with float (UniversalFMA, AutoVectorizingCopy S2R atoms; padded smem for TN). ``gemm_nt`` for half_t is
``assert(false && "Not implemented")`` upstream. Every entry below is one line of the kernel, in its order; the
device part (gemm_device) is shared.

Leading dimensions are main()'s: ldA = K for A^T (else M), ldB = N for B^T (else K), ldC = M.
"""
from __future__ import annotations

from cutedump.errors import CuteDumpError
from cutedump.algebra import size
from cutedump.expr import format_result
from cutedump.kernel.model import evaluate_description

VARIANTS = ("tn", "nt")
TYPES = ("half_t", "float")
DEFAULT_TILES = {("tn", "half_t"): (128, 128, 64), ("tn", "float"): (128, 128, 8), ("nt", "float"): (128, 128, 8)}
DEFAULT_MNK = (128, 128, 64)

# gemm_device: tensors of block (0,0) and the partitions of one thread (names and mode comments are the kernel's)
_DEVICE_COPIES = [
    {"name": "s2r_copy_a", "kind": "tiled_copy_A", "atom": "s2r_atom_A", "mma": "mmaC"},
    {"name": "s2r_copy_b", "kind": "tiled_copy_B", "atom": "s2r_atom_B", "mma": "mmaC"},
]

_THREAD = [
    {"name": "mA", "kind": "tensor", "memory": "gmem", "shape": "select<0,2>(prob_shape)", "stride": "dA",
     "modes": "M,K"},
    {"name": "gA", "kind": "local_tile", "tensor": "mA", "tiler": "cta_tiler", "coord": "(0,0,_)",
     "step": "(_1,X,_1)", "modes": "BLK_M,BLK_K,k"},
    {"name": "sA", "kind": "tensor", "memory": "smem", "layout": "sA_layout", "modes": "BLK_M,BLK_K,PIPE"},
    {"name": "tAgA", "kind": "partition", "op": "partition_S", "of": "copyA", "tensor": "gA",
     "modes": "CPY,CPY_M,CPY_K,k"},
    {"name": "tAsA", "kind": "partition", "op": "partition_D", "of": "copyA", "tensor": "sA",
     "modes": "CPY,CPY_M,CPY_K,PIPE"},
    {"name": "mB", "kind": "tensor", "memory": "gmem", "shape": "select<1,2>(prob_shape)", "stride": "dB",
     "modes": "N,K"},
    {"name": "gB", "kind": "local_tile", "tensor": "mB", "tiler": "cta_tiler", "coord": "(0,0,_)",
     "step": "(X,_1,_1)", "modes": "BLK_N,BLK_K,k"},
    {"name": "sB", "kind": "tensor", "memory": "smem", "layout": "sB_layout", "modes": "BLK_N,BLK_K,PIPE"},
    {"name": "tBgB", "kind": "partition", "op": "partition_S", "of": "copyB", "tensor": "gB",
     "modes": "CPY,CPY_N,CPY_K,k"},
    {"name": "tBsB", "kind": "partition", "op": "partition_D", "of": "copyB", "tensor": "sB",
     "modes": "CPY,CPY_N,CPY_K,PIPE"},
    {"name": "mC", "kind": "tensor", "memory": "gmem", "shape": "select<0,1>(prob_shape)", "stride": "dC",
     "modes": "M,N"},
    {"name": "gC", "kind": "local_tile", "tensor": "mC", "tiler": "cta_tiler", "coord": "(0,0,_)",
     "step": "(_1,_1,X)", "modes": "BLK_M,BLK_N"},
    {"name": "tCgC", "kind": "partition", "op": "partition_C", "of": "mmaC", "tensor": "gC",
     "modes": "MMA,MMA_M,MMA_N"},
    {"name": "tCrA", "kind": "partition", "op": "partition_fragment_A", "of": "mmaC", "tensor": "sA",
     "slice": "(_,_,0)", "modes": "MMA,MMA_M,MMA_K"},
    {"name": "tCrB", "kind": "partition", "op": "partition_fragment_B", "of": "mmaC", "tensor": "sB",
     "slice": "(_,_,0)", "modes": "MMA,MMA_N,MMA_K"},
    {"name": "tCrC", "kind": "partition", "op": "make_fragment_C", "of": "mmaC", "tensor": "tCgC",
     "modes": "MMA,MMA_M,MMA_N"},
    {"name": "tXsA", "kind": "partition", "op": "partition_S", "of": "s2r_copy_a", "tensor": "sA",
     "modes": "CPY,MMA_M,MMA_K,PIPE"},
    {"name": "tXrA", "kind": "partition", "op": "retile_D", "of": "s2r_copy_a", "tensor": "tCrA",
     "modes": "CPY,MMA_M,MMA_K"},
    {"name": "tXsB", "kind": "partition", "op": "partition_S", "of": "s2r_copy_b", "tensor": "sB",
     "modes": "CPY,MMA_N,MMA_K,PIPE"},
    {"name": "tXrB", "kind": "partition", "op": "retile_D", "of": "s2r_copy_b", "tensor": "tCrB",
     "modes": "CPY,MMA_N,MMA_K"},
]

_QUERIES = [
    {"name": "thr_layout_vmnk", "kind": "query", "of": "mmaC", "method": "get_thr_layout_vmnk"},
    {"name": "layoutA_TV", "kind": "query", "of": "mmaC", "method": "get_layoutA_TV"},
    {"name": "layoutB_TV", "kind": "query", "of": "mmaC", "method": "get_layoutB_TV"},
    {"name": "layoutC_TV", "kind": "query", "of": "mmaC", "method": "get_layoutC_TV"},
    {"name": "copyA layout S_TV", "kind": "query", "of": "copyA", "method": "get_layoutS_TV"},
    {"name": "copyA layout D_TV", "kind": "query", "of": "copyA", "method": "get_layoutD_TV"},
]


def _problem(variant: str) -> list:
    # main(): ldA = (transA == 'N') ? M : K, ldB = (transB == 'N') ? K : N, ldC = M
    if variant == "tn":
        dA, dB = "(K,_1)", "(K,_1)"
    else:
        dA, dB = "(_1,M)", "(_1,N)"
    return [
        {"name": "prob_shape", "kind": "value", "expr": "(M,N,K)", "modes": "M,N,K"},
        {"name": "dA", "kind": "value", "expr": dA, "modes": "dM,dK"},
        {"name": "dB", "kind": "value", "expr": dB, "modes": "dN,dK"},
        {"name": "dC", "kind": "value", "expr": "(_1,M)", "modes": "dM,dN"},
        {"name": "cta_tiler", "kind": "value", "expr": "(bM,bN,bK)", "modes": "BLK_M,BLK_N,BLK_K"},
    ]


def _tn_half() -> list:
    return _problem("tn") + [
        {"name": "swizzle_atom", "kind": "value", "expr": "composition(Sw<3,3,3>, (_8,(_8,_8)):(_8,(_1,_64)))", "modes": "m,k"},
        {"name": "sA_layout", "kind": "value", "expr": "tile_to_shape(swizzle_atom, (bM,bK,bP))", "modes": "BLK_M,BLK_K,PIPE"},
        {"name": "sB_layout", "kind": "value", "expr": "tile_to_shape(swizzle_atom, (bN,bK,bP))", "modes": "BLK_N,BLK_K,PIPE"},
        {"name": "sC_layout", "kind": "value", "expr": "make_layout((bM,bN))", "modes": "BLK_M,BLK_N"},
        {"name": "copyA", "kind": "tiled_copy", "atom": "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "type": "half_t",
         "thr": "(_16,_8):(_8,_1)", "val": "(_1,_8)"},
        {"name": "copyB", "kind": "tiled_copy", "atom": "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "type": "half_t",
         "thr": "(_16,_8):(_8,_1)", "val": "(_1,_8)"},
        {"name": "mmaC", "kind": "tiled_mma", "atom": "SM80_16x8x16_F16F16F16F16_TN", "atom_layout": "(_2,_2)",
         "permutation": "(_32,_32,_16)"},
    ] + _QUERIES + [
        {"name": "s2r_atom_A", "kind": "copy_atom", "atom": "SM75_U32x4_LDSM_N", "type": "half_t", "show": False},
        {"name": "s2r_atom_B", "kind": "copy_atom", "atom": "SM75_U32x4_LDSM_N", "type": "half_t", "show": False},
    ] + _DEVICE_COPIES + [
        {"name": "ldmatrix", "kind": "atom_detail", "atom": "s2r_atom_A"},
    ]


def _float(variant: str) -> list:
    if variant == "nt":
        smem = [
            {"name": "sA_layout", "kind": "value", "expr": "make_layout((bM,bK,bP))", "modes": "BLK_M,BLK_K,PIPE"},
            {"name": "sB_layout", "kind": "value", "expr": "make_layout((bN,bK,bP))", "modes": "BLK_N,BLK_K,PIPE"},
        ]
        copy = {"atom": "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "type": "float", "thr": "(_32,_8)",
                "val": "(_4,_1)"}
    else:
        smem = [
            # make_layout((bM,bK), (_1, bM+_1)): the eval language has no '+', and cosize((bM,_2):(_1,_1)) = bM+_1
            {"name": "sA_atom", "kind": "value", "expr": "make_layout((bM,bK), (_1,cosize((bM,_2):(_1,_1))))", "modes": "BLK_M,BLK_K"},
            {"name": "sA_layout", "kind": "value", "expr": "tile_to_shape(sA_atom, (bM,bK,bP))", "modes": "BLK_M,BLK_K,PIPE"},
            {"name": "sB_layout", "kind": "value", "expr": "tile_to_shape(sA_atom, (bN,bK,bP))", "modes": "BLK_N,BLK_K,PIPE"},
        ]
        copy = {"atom": "SM80_CP_ASYNC_CACHEALWAYS<float>", "type": "float", "thr": "(_32,_8):(_8,_1)",
                "val": "(_1,_1)"}
    return _problem(variant) + smem + [
        {"name": "sC_layout", "kind": "value", "expr": "make_layout((bM,bN))", "modes": "BLK_M,BLK_N"},
        dict(name="copyA", kind="tiled_copy", **copy),
        dict(name="copyB", kind="tiled_copy", **copy),
        {"name": "mmaC", "kind": "tiled_mma", "atom": "UniversalFMA<float,float,float>",
         "atom_layout": "(_16,_16,_1)"},
    ] + _QUERIES + [
        {"name": "s2r_atom_A", "kind": "copy_atom", "atom": "AutoVectorizingCopy", "type": "float", "show": False},
        {"name": "s2r_atom_B", "kind": "copy_atom", "atom": "AutoVectorizingCopy", "type": "float", "show": False},
    ] + _DEVICE_COPIES


def description(variant: str = "tn", type_: str = "half_t") -> dict:
    """The kernel description of one host path of sgemm_sm80.cu."""
    if variant not in VARIANTS:
        raise CuteDumpError(f"unknown variant {variant!r}: sgemm_sm80.cu has tn and nt")
    if type_ not in TYPES:
        raise CuteDumpError(f"unknown type {type_!r}: sgemm_sm80.cu's host paths take half_t or float")
    if (variant, type_) == ("nt", "half_t"):
        raise CuteDumpError('gemm_nt for half_t is not implemented upstream (sgemm_sm80.cu: '
                            'assert(false && "Not implemented")); use --variant tn, or --type float')
    objects = _tn_half() if type_ == "half_t" else _float(variant)
    bm, bn, bk = DEFAULT_TILES[(variant, type_)]
    m, n, k = DEFAULT_MNK
    host = f"gemm_{variant}" + ("" if type_ == "half_t" else "<float,float,float>")
    return {
        "kernel": {"name": "sgemm_sm80", "title": f"sgemm_sm80.cu {host} ({type_})"},
        "params": {"M": str(m), "N": str(n), "K": str(k), "bM": f"_{bm}", "bN": f"_{bn}", "bK": f"_{bk}",
                   "bP": "_3"},
        "objects": objects,
        "thread": _THREAD,
    }


def check_tile(dump) -> None:
    """The kernel's tile rules: each copy's Tiler_MN and the TiledMMA's tile must divide the CTA tile (the smem
    atom is checked by tile_to_shape itself, with CuTe's message)."""
    t = [int(x) for x in dump.item("cta_tiler").value]
    bm, bn, bk = t
    for cname, dims in (("copyA", (("BLK_M", bm), ("BLK_K", bk))), ("copyB", (("BLK_N", bn), ("BLK_K", bk)))):
        tc = dump.item(cname).value
        for (dn, dv), tl in zip(dims, tc.tiler_mn):
            if dv % int(size(tl)) != 0:
                raise CuteDumpError(f"CTA tile ({bm},{bn},{bk}): {cname}'s Tiler_MN {_fmt(tc.tiler_mn)} does not "
                                    f"divide it ({dn} = {dv} is not a multiple of {int(size(tl))})")
    mma = dump.item("mmaC").value
    for (dn, dv), i in zip((("BLK_M", bm), ("BLK_N", bn), ("BLK_K", bk)), range(3)):
        ts = int(mma.tile_size_mnk(i))
        if dv % ts != 0:
            raise CuteDumpError(f"CTA tile ({bm},{bn},{bk}): the TiledMMA tile {_fmt(mma.tile_shape())} does not "
                                f"divide it ({dn} = {dv} is not a multiple of {ts})")


def _fmt(t) -> str:
    return format_result(tuple(t))


def build(variant: str = "tn", type_: str = "half_t", problem: dict | None = None, tile=None, thread: int = 0):
    """Evaluate sgemm_sm80.cu for problem sizes {M,N,K} (dynamic ints), a CTA tile (static) and a thread."""
    desc = description(variant, type_)
    params = {k: str(int(v)) for k, v in (problem or {}).items()}
    if tile is not None:
        params.update({"bM": f"_{tile[0]}", "bN": f"_{tile[1]}", "bK": f"_{tile[2]}"})
    # the host objects first: a bad tile is reported by the rule it breaks, before any partition
    host = dict(desc, thread=[])
    check_tile(evaluate_description(host, params, 0, where="sgemm_sm80"))
    return evaluate_description(desc, params, thread, where="sgemm_sm80")
