"""The facts ``cutedump scale`` narrates: one block-scaled or blockwise GEMM's scale-factor layouts (gmem SFA/SFB, the
basic chunk, one stage's smem layouts over the UMMA atom), where one element's scale factor lives, and bytes, every
number from the layouts of :mod:`cutedump.scale.layouts` (evaluated, not re-derived). :func:`scale_facts` returns a
JSON-ready dict; the words are :mod:`cutedump.dumps.scale_reading`'s."""

from __future__ import annotations

from cutedump import algebra as A
from cutedump.algebra import C
from cutedump.algebra import inttuple as it
from cutedump.algebra.layout import Layout
from cutedump.errors import CuteDumpError
from cutedump.scale import layouts as SL

ARCHS = ("sm100", "sm103", "sm120")
KINDS = ("mxf8f6f4", "mxf4", "nvf4", "blockwise")
#: kind -> (default VS, the VS values the kind's MMA takes, SF type of each VS)
_VS = {
    "mxf8f6f4": (32, {32: "float_ue8m0_t"}),
    "mxf4": (32, {32: "float_ue8m0_t", 16: "float_ue4m3_t"}),
    "nvf4": (16, {16: "float_ue4m3_t"}),
}


def _ints(text, what, n, lo=1):
    parts = [p.strip() for p in str(text).split(",")]
    if len(parts) not in n or not all(p.lstrip("-").isdigit() for p in parts):
        if n == (1,):
            raise CuteDumpError(f"{what} takes one integer, got {text!r}")
        raise CuteDumpError(f"{what} takes {' or '.join(map(str, n))} integers separated by commas, got {text!r}")
    vals = [int(p) for p in parts]
    for v in vals:
        if v < lo or v > 2**31 - 1:
            raise CuteDumpError(f"{what}: every value must be in {lo}..2147483647, got {text!r}")
    return vals


def _row_formula(modes) -> str:
    """Row r's byte offset in the chunk, from the chunk's row mode ((n0,n1,...):(d0,d1,...)), as a sum of terms."""
    terms, div = [], 1
    for i, (n, d) in enumerate(modes):
        r = "r" if div == 1 else f"r / {div}"
        if i < len(modes) - 1:
            r = f"{r} % {n}" if div == 1 else f"({r}) % {n}"
        terms.append(f"({r}) * {d}")
        div *= int(n)
    return " + ".join(terms)


def _layout_facts(L):
    z = A.filter_zeros(L)
    return {"layout": str(L), "size": int(A.size(L)), "scale_factors": int(A.size(z)), "cosize": int(A.cosize(z))}


def _atom_name(kind, vs, sf, m, n, cta):
    two = "_2x1SM" if cta == 2 else ""
    if kind == "mxf8f6f4":
        return f"SM100_MMA_MXF8F6F4{two}_SS<float_e4m3_t,float_e4m3_t,float,{sf},{m},{n},K,K>"
    return f"SM100_MMA_MXF4{two}_SS<float_e2m1_t,float_e2m1_t,float,{sf},{m},{n},{vs},K,K>"


def scale_facts(
    arch, kind, vs, problem, major, tile, cta_group, element, granularity, stages=None, picture=False
) -> dict:
    """The facts; ``stages``: the collective's SmemLayoutSFA/SFB with that many pipeline stages (needs --tile, sm100);
    ``picture``: the cells of the chunk and (with --tile) of one CTA tile's SFA, under "picture"."""
    arch, kind = arch.lower(), kind.lower()
    if stages is not None and (kind == "blockwise" or tile is None or arch != "sm100"):
        raise CuteDumpError(
            f"--stages {stages}: the stages of one CTA tile's smem layouts: a block-scaled kind on sm100 with --tile"
        )
    if stages is not None:
        stages = _ints(stages, "--stages", (1,))[0]
        if stages > 64:
            raise CuteDumpError(f"--stages {stages}: 1..64 pipeline stages")
    if picture and kind == "blockwise":
        raise CuteDumpError("--picture: the block-scaled kinds (the 128x4 chunk); blockwise scaling has none")
    if arch not in ARCHS:
        raise CuteDumpError(f"--arch {arch!r}: one of {', '.join(ARCHS)}")
    if kind not in KINDS:
        raise CuteDumpError(f"--kind {kind!r}: one of {', '.join(KINDS)}")
    M, N, K, *rest = _ints(problem, "--problem", (3, 4))
    L = rest[0] if rest else 1
    el = _ints(element, "--element", (2,), 0) if element is not None else [0, 0]
    if not (0 <= el[0] < M and 0 <= el[1] < K):
        raise CuteDumpError(f"--element {element!r}: (m,k) must lie in A's {M}x{K}")
    cta = int(cta_group)
    if kind == "blockwise":
        return _blockwise(arch, M, N, K, L, major, tile, el, granularity, vs)
    if granularity is not None:
        raise CuteDumpError("--granularity is for --kind blockwise (block-scaled kinds take --vs)")
    default_vs, allowed = _VS[kind]
    vs = default_vs if vs is None else vs
    if vs not in allowed:
        raise CuteDumpError(
            f"--vs {vs}: {kind} takes {' or '.join(str(v) for v in sorted(allowed))} elements per scale factor"
        )
    if major not in (None, "K"):
        raise CuteDumpError(
            "--major: the block-scaled configs lay SFA and SFB out K-major (Sm1xxBlockScaledConfig's SfAtom); "
            "MN-major is the output's (Sm1xxBlockScaledOutputConfig)"
        )
    sm103 = arch == "sm103"
    cfg = f"cutlass::detail::{'Sm103' if sm103 else 'Sm1xx'}BlockScaledConfig<{vs}>"
    shape = (M, N, K, L)  # dynamic ints, as a kernel passes its runtime problem shape
    sfa = SL.tile_atom_to_shape_sfa(vs, shape, sm103)
    sfb = SL.tile_atom_to_shape_sfb(vs, shape, sm103)
    atom = (SL.sm103_sf_atom if sm103 else SL.sf_atom)(vs)
    call = f"make_shape({M},{N},{K},{L})"
    for name, lay in (("SFA", sfa), ("SFB", sfb)):
        top = int(A.cosize(A.filter_zeros(lay)))
        if top - 1 > 2**31 - 1:
            raise CuteDumpError(
                f"--problem {problem}: {name} spans {top} scale factors, beyond C++ int: CUTLASS computes its "
                "strides in int and would overflow"
            )
    m, k = el
    off = int(sfa((m, k, 0)))
    chunk_bytes = int(A.cosize(atom))
    in_chunk = int(atom((m % 128, k % (4 * vs))))
    facts = {
        "arch": arch,
        "kind": kind,
        "vs": vs,
        "sf_type": allowed[vs],
        "sf_bytes": 1,
        "config": cfg,
        "problem": [M, N, K, L],
        "chunk": {
            "expr": f"cutlass::detail::{'Sm103' if sm103 else 'Sm1xx'}BlockScaledBasicChunk<{vs}, UMMA::Major::K>::SfAtom",
            "layout": str(atom),
            "rows": 128,
            "scale_factors_per_row": 4,
            "k_elements": 4 * vs,
            "bytes": chunk_bytes,
            "row_modes": [[int(a), int(b)] for a, b in zip(atom.shape[0], atom.stride[0])],
            "row_formula": _row_formula(list(zip(atom.shape[0], atom.stride[0]))),
            "tmem_word_bits": 4 * 8,
            "sf_stride": int(atom((0, vs))),
        },
        "sfa": {
            "expr": f"{cfg}::tile_atom_to_shape_SFA({call})",
            **_layout_facts(sfa),
            "rows": M,
            "rows_padded": it.ceil_div(M, 128) * 128,
            "k_scale_factors": it.ceil_div(K, vs),
            "k_scale_factors_padded": it.ceil_div(K, 4 * vs) * 4,
            "chunks": [it.ceil_div(M, 128), it.ceil_div(K, 4 * vs), L],
        },
        "sfb": {
            "expr": f"{cfg}::tile_atom_to_shape_SFB({call})",
            **_layout_facts(sfb),
            "rows": N,
            "rows_padded": it.ceil_div(N, 128) * 128,
            "k_scale_factors": it.ceil_div(K, vs),
            "k_scale_factors_padded": it.ceil_div(K, 4 * vs) * 4,
            "chunks": [it.ceil_div(N, 128), it.ceil_div(K, 4 * vs), L],
        },
        "element": {
            "m": m,
            "k": k,
            "l": 0,
            "sf_row": m,
            "sf_col": k // vs,
            "k_first": k // vs * vs,
            "k_last": min(k // vs * vs + vs, K) - 1,
            "offset": off,
            "chunk_index": off // chunk_bytes,
            "chunk_m": m // 128,
            "chunk_k": k // (4 * vs),
            "in_chunk": in_chunk,
            "in_chunk_row": m % 128,
            "in_chunk_sf": (k // vs) % 4,
        },
        "smem": None,
        "smem_note": None,
    }
    if picture:
        facts["picture"] = {
            "chunk": [[int(atom((r, j * vs))) for j in range(4)] for r in range(128)],
            # the 4-byte slot of row r's scale factors in its 16-byte line (the rows one line interleaves)
            "chunk_group": [int(atom((r, 0))) // 4 % 4 for r in range(128)],
            "tile": None,
        }
    if tile is None:
        return facts
    tm, tn, tk = _ints(tile, "--tile", (3,))
    if arch != "sm100":
        facts["smem_note"] = (
            "Sm103BlockScaledConfig has no deduce_smem_layoutSFA/B"
            if sm103
            else "the SM120 collective builds its own smem scale-factor layouts (sm120_blockscaled_mma_builder.inl)"
        )
        return facts
    from cutedump.atoms import make_tiled_mma, mma_atom  # start-up: with --tile only

    name = _atom_name(kind, vs, allowed[vs], tm, tn, cta)
    mma = make_tiled_mma(mma_atom(name))
    tile_shape = (C(tm), C(tn), C(tk))
    ssfa = SL.smem_layout_sf(vs, mma, tile_shape, "A")
    ssfb = SL.smem_layout_sf(vs, mma, tile_shape, "B")
    mma_k = int(A.size(mma.atom.shape_mnk[2]))
    rows_a = tm // cta
    mi, ki = m % rows_a, k % tk
    held = rows_a // 128 > 0 and tk // vs // 4 > 0  # a stage with no chunk (C++'s integer division gave 0) holds none
    stage_off = int(ssfa(((mi, ki % mma_k), 0, ki // mma_k))) if held else None
    facts["smem"] = {
        "atom": name,
        "cta_group": cta,
        "tile": [tm, tn, tk],
        "mma_k": mma_k,
        "mma_nsf": mma_k // vs,
        "m_blocks": rows_a // 128,
        "k_blocks": tk // vs // 4,
        "sfa": {
            "expr": f"{cfg}::deduce_smem_layoutSFA(make_tiled_mma({name}{{}}), make_shape(Int<{tm}>{{}},Int<{tn}>{{}},Int<{tk}>{{}}))",
            **_layout_facts(ssfa),
            "rows": rows_a,
            "bytes_per_stage": int(A.cosize(A.filter_zeros(ssfa))),
        },
        "sfb": {
            "expr": f"{cfg}::deduce_smem_layoutSFB(make_tiled_mma({name}{{}}), make_shape(Int<{tm}>{{}},Int<{tn}>{{}},Int<{tk}>{{}}))",
            **_layout_facts(ssfb),
            "rows": it.ceil_div(tn, 128) * 128,
            "bytes_per_stage": int(A.cosize(A.filter_zeros(ssfb))),
        },
        # TiledMMA_SF: the collective partitions SFB with TiledMma::MMA_ScaleFactor, a 1-CTA atom of N rounded up to
        # 128 (M: M, or M/2 when the 2x1SM atom's M/2 > 64; mma_traits_sm100.hpp)
        "sfb_mma": {
            "atom": _atom_name(
                kind, vs, allowed[vs], tm // 2 if cta == 2 and tm // 2 > 64 else tm, -(-tn // 128) * 128, 1
            ),
            "m": tm // 2 if cta == 2 and tm // 2 > 64 else tm,
            "n": -(-tn // 128) * 128,
        },
        "element": {
            "mma_tile_m": m // tm,
            "cta_in_pair": (m % tm) // rows_a,
            "tile_k": k // tk,
            "m_in_tile": mi,
            "k_in_tile": ki,
            "k_block": ki // mma_k,
            "offset": stage_off,
        },
    }
    if stages is not None:
        n = int(stages)
        st = facts["smem"]["stages"] = {"n": n}
        staged_of = {}
        for op, lay in (("sfa", ssfa), ("sfb", ssfb)):
            g = facts["smem"][op]
            step = int(A.size(A.filter_zeros(lay)))
            staged = staged_of[op] = Layout(tuple(lay.shape) + (C(n),), tuple(lay.stride) + (C(step),))
            atom_expr = g["expr"]
            st[op] = {
                "expr": f"make_layout(append(shape({atom_expr}), Int<{n}>{{}}), "
                f"append(stride({atom_expr}), size(filter_zeros({atom_expr}))))",
                **_layout_facts(staged),
                "stage_stride": step,
                "bytes": int(A.cosize(A.filter_zeros(staged))),
            }
        st["element_last_stage"] = int(staged_of["sfa"](((mi, ki % mma_k), 0, ki // mma_k, n - 1))) if held else None
    if picture and held:  # a stage with no chunk: nothing of the tile to draw
        rows, cols = rows_a, tk // vs
        if rows * cols > 16384:
            raise CuteDumpError(
                f"--picture: one CTA tile's SFA has {rows} x {cols} scale factors, more than 16384 to draw"
            )
        facts["picture"]["tile"] = {
            "rows": rows,
            "cols": cols,
            "cells": [[int(ssfa(((r, c * vs % mma_k), 0, c * vs // mma_k))) for c in range(cols)] for r in range(rows)],
            "mark": [mi, ki // vs],
        }
    facts["smem"]["tmem"] = None
    if int(A.size(ssfa)) and int(A.size(ssfb)):  # no TMEM fragment of a layout with an extent-0 mode
        from cutedump.scale.tmem import tmem_facts  # start-up: with --tile only

        facts["smem"]["tmem"] = tmem_facts(mma, vs, tile_shape, ssfa, ssfb, mi, ki, mma_k)
    return facts


def _blockwise(arch, M, N, K, L, major, tile, el, granularity, vs):
    if vs is not None:
        raise CuteDumpError("--vs is for the block-scaled kinds (blockwise takes --granularity SFM,SFN,SFK)")
    vm, vn, vk = _ints(granularity or "1,128,128", "--granularity", (3,))
    maj = major or "MN"
    if arch == "sm103":
        raise CuteDumpError("--kind blockwise: CUTLASS 4.2 has no SM103 blockwise config (sm100 or sm120)")
    cls = {"sm100": "Sm100", "sm120": "Sm120"}[arch]
    cfg_name = f"cutlass::detail::{cls}BlockwiseScaleConfig<{vm},{vn},{vk},UMMA::Major::{maj},UMMA::Major::{maj}>"
    cfg = SL.BlockwiseConfig(vm, vn, vk, maj, maj)
    shape = (M, N, K, L)
    sfa = cfg.tile_atom_to_shape("A", shape)
    sfb = cfg.tile_atom_to_shape("B", shape)
    for name, lay in (("SFA", sfa), ("SFB", sfb)):
        if int(A.cosize(A.filter_zeros(lay))) - 1 > 2**31 - 1:
            raise CuteDumpError(
                f"--problem: {name} has more scale factors than C++ int counts (CUTLASS would overflow)"
            )
    m, k = el
    call = f"make_shape({M},{N},{K},{L})"
    facts = {
        "arch": arch,
        "kind": "blockwise",
        "granularity": [vm, vn, vk],
        "major": maj,
        "sf_type": "float",
        "sf_bytes": 4,
        "config": cfg_name,
        "problem": [M, N, K, L],
        "sfa": {
            "expr": f"{cfg_name}::tile_atom_to_shape_SFA({call})",
            **_layout_facts(sfa),
            "blocks": [it.ceil_div(M, vm), it.ceil_div(K, vk), L],
        },
        "sfb": {
            "expr": f"{cfg_name}::tile_atom_to_shape_SFB({call})",
            **_layout_facts(sfb),
            "blocks": [it.ceil_div(N, vn), it.ceil_div(K, vk), L],
        },
        "element": {
            "m": m,
            "k": k,
            "l": 0,
            "block_m": m // vm,
            "block_k": k // vk,
            "offset": int(sfa((m, k, 0))),
        },
        "smem": None,
    }
    if tile is not None:
        tm, tn, tk = _ints(tile, "--tile", (3,))
        cta = (C(tm), C(tn), C(tk))
        sa, sb = cfg.smem_atom_layout("A", cta), cfg.smem_atom_layout("B", cta)
        facts["smem"] = {
            "tile": [tm, tn, tk],
            "sfa": {
                "expr": f"{cfg_name}::smem_atom_layoutSFA(make_shape(Int<{tm}>{{}},Int<{tn}>{{}},Int<{tk}>{{}}))",
                **_layout_facts(sa),
            },
            "sfb": {
                "expr": f"{cfg_name}::smem_atom_layoutSFB(make_shape(Int<{tm}>{{}},Int<{tn}>{{}},Int<{tk}>{{}}))",
                **_layout_facts(sb),
            },
        }
    return facts
