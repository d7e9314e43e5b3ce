"""CUTLASS 4.2's examples/cute/tutorial/sgemm_sm80.cu: its three host paths are shipped kernel description files
(``cutedump/kernel/examples/sgemm_sm80_*.toml``, the one source of truth); this module only maps the
``cutedump sgemm-sm80`` options onto them.

``gemm_tn`` for half_t (tensor cores), and the templated ``gemm_nt`` / ``gemm_tn`` that main() reaches with float.
``gemm_nt`` for half_t is ``assert(false && "Not implemented")`` upstream.
"""

from __future__ import annotations

from cutedump.errors import CuteDumpError
from cutedump.kernel.load import example, load

VARIANTS = ("tn", "nt")
TYPES = ("half_t", "float")
FILES = {
    ("tn", "half_t"): "sgemm_sm80_tn_half",
    ("nt", "float"): "sgemm_sm80_nt_float",
    ("tn", "float"): "sgemm_sm80_tn_float",
}


def description_file(variant: str = "tn", type_: str = "half_t") -> str:
    """The shipped description of one host path of sgemm_sm80.cu."""
    if variant not in VARIANTS:
        raise CuteDumpError(f"unknown variant {variant!r}: sgemm_sm80.cu has tn and nt")
    if type_ not in TYPES:
        raise CuteDumpError(f"unknown type {type_!r}: sgemm_sm80.cu's host paths take half_t or float")
    if (variant, type_) == ("nt", "half_t"):
        raise CuteDumpError(
            "gemm_nt for half_t is not implemented upstream (sgemm_sm80.cu: "
            'assert(false && "Not implemented")); use --variant tn, or --type float'
        )
    return example(FILES[(variant, type_)])


def build(variant: str = "tn", type_: str = "half_t", problem: dict | None = None, tile=None, thread: int = 0):
    """Evaluate sgemm_sm80.cu for problem sizes {M,N,K} (dynamic ints), a CTA tile (static) and a thread."""
    params = {k: str(int(v)) for k, v in (problem or {}).items()}
    if tile is not None:
        params.update({"bM": f"_{tile[0]}", "bN": f"_{tile[1]}", "bK": f"_{tile[2]}"})
    return load(description_file(variant, type_), params, thread)
