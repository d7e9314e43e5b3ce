"""CUTLASS 4.2's epilogue CollectiveBuilders given a custom EVT with Aux tensor nodes (``Sm90AuxLoad``,
``Sm90AuxStore``: cutedump.collective.evt_aux) on SM90, SM100 and SM120, asked host-only with g++.

The programs are gen_collective_evt.py's with one more printer (``cd_aux``, its own prelude so the earlier EVT
batches keep their keys): for each Aux node of the tree, depth first, the node's class on its own -- its copy op as
the spelling resolves it, ``is_m_major``, its SmemLayoutAtom and SmemLayout (Stages > 0) and the size and alignment of
its SharedStorage. Which configurations CUTLASS builds is CUTLASS's answer: each is first compiled as its own
translation unit (:func:`refusals`), and only those that compile are asked (:func:`ask`).
"""

from __future__ import annotations

import hashlib

from cutedump.collective.config import Config
from tests.oracle import gen_collective as G
from tests.oracle import gen_collective_evt as E
from tests.oracle import gen_collective_fusion as FU

EXTRA = r"""
// (j) branch aux: each Aux node of a custom EVT, on its own
template <class N, class = void> struct cd_has_smem : std::false_type {};
template <class N> struct cd_has_smem<N, std::void_t<typename N::SmemLayout>> : std::true_type {};
template <class N, class Atom, class Copy> void cd_aux(int i) {
  static char k[128];
  auto key = [&](const char* f) { snprintf(k, sizeof k, "epilogue.fusion.aux.%d.%s", i, f); return (const char*)k; };
  cd_type<Copy>(key("copy_op"));
  if constexpr (cd_has_smem<N>::value) {
    cd_int(key("m_major"), N::is_m_major);
    cd_print(key("smem_layout_atom"), Atom{});
    cd_print(key("smem_layout"), typename N::SmemLayout{});
  }
  cd_int(key("shared_storage_bytes"), sizeof(typename N::SharedStorage));
  cd_int(key("shared_storage_align"), alignof(typename N::SharedStorage));
}
"""
PRELUDE = E.PRELUDE + EXTRA


def _aux_nodes(cfg: Config) -> list:
    from cutedump.collective import evt as V

    if not V.is_tree(cfg.fusion):  # a named fusion operation
        return []
    return [n for n in V.nodes(V.parse(cfg.fusion)) if n.name in V.AUX_NODES]


def _node_cpp(node, whole: str) -> tuple[str, str, str]:
    """(the node, its SmemLayoutAtom, its copy op) in C++ as the tree spells them."""
    from cutedump.collective import evt_aux as X

    ty = lambda a: FU._TYPES[__import__("cutedump.collective.config", fromlist=["element"]).element(a, "--fusion")]
    x = X.read(node, whole)
    full = X.cpp(x, node, ty)
    inner = full[full.index("<") + 1 : -1]
    from cutedump.collective.evt import _split

    parts = _split(inner)
    k = 4 if x.name == "Sm90AuxStore" else 3
    return full, parts[k + 1], parts[k + 2]


def cpp_body(cfg: Config) -> str:
    body = E.cpp_body(cfg)
    lines = "".join(
        f"  cd_aux<{n}, {a}, {c}>({i});\n"
        for i, (n, a, c) in enumerate(_node_cpp(node, cfg.fusion) for node in _aux_nodes(cfg))
    )
    assert "  cd_fusion_evt<Epi>();\n" in body
    return body.replace("  cd_fusion_evt<Epi>();\n", "  cd_fusion_evt<Epi>();\n" + lines)


def _parse(text: str) -> dict:
    out = E._parse(text)
    fu = out.get("epilogue", {}).get("fusion")
    if fu is not None and "aux" in fu:
        aux = []
        for i in range(len(fu["aux"])):
            d = dict(fu["aux"][str(i)])
            for k in ("m_major", "shared_storage_bytes", "shared_storage_align"):
                if k in d:
                    d[k] = int(d[k])
            aux.append(d)
        fu["aux"] = aux
    return out


def ask(configs: list[Config], chunk: int = 8) -> list[dict]:
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        outs += run_cases([cpp_body(c) for c in configs[i : i + chunk]], prelude=PRELUDE, extra_flags=G.FLAGS)
    return [_parse(o) for o in outs]


def refusals(configs: list[Config]) -> list[str]:
    from tests.oracle import records

    srcs = [G.refusal_unit(cpp_body(c)) for c in configs]
    text = "pch\0" + "\0".join(G.FLAGS) + PRELUDE + "\0".join(srcs)
    key = "collective-evt-aux-err-" + hashlib.sha256(records.question(text).encode()).hexdigest()[:24]
    return G.syntax_verdicts(srcs, PRELUDE, key, what=f"CUTLASS's refusals of {len(configs)} EVTs with Aux nodes")


# ------------------------------------------------------------------------------------------- configurations

NS = "cutlass::epilogue::fusion::"
HNS = "cutlass::epilogue::collective::detail::"
_TILES = [(64, 32), (64, 32), (128, 32), (64, 64), (64, 16), (128, 64), (128, 128)]
_ELS = ["half_t", "half_t", "bfloat16_t", "float", "float_e4m3_t", "int8_t"]
_COPY = ["SM75_U32x4_LDSM_N", "SM90_U32x4_STSM_N", "SM75_U16x8_LDSM_T", "AutoVectorizingCopyWithAssumedAlignment<128>",
         "DefaultCopy"]  # fmt: skip


def aux_node(rng, store: bool) -> str:
    """A random Sm90AuxLoad (leaf) or Sm90AuxStore (a tree's node op) spelled as users write them: the builders'
    helpers (as AuxLoadDescriptor / AuxStoreDescriptor) or explicit atoms and copy ops, now and then an Alignment
    or EnableNullptr, now and then one CUTLASS refuses (a sub-16B alignment, an atom that does not divide the
    tile)."""
    stages = rng.choice([0, 1, 1, 2, 2, 3])
    em, en = rng.choice(_TILES)
    el = rng.choice(_ELS)
    tile = f"Shape<_{em},_{en}>"
    tag = rng.choice(["RowMajor", "ColumnMajor"])
    k = rng.random()
    if k < 0.45:
        st = f"cutlass::gemm::TagToStrideC_t<cutlass::layout::{tag}>"
    elif k < 0.6:
        st = f"cutlass::detail::TagToStrideC_t<cutlass::layout::{tag}>"
    elif k < 0.85 or stages != 0:
        st = "cute::Stride<int64_t, _1, int64_t>" if tag == "RowMajor" else "cute::Stride<_1, int64_t, int64_t>"
    else:
        st = f"cutlass::layout::{tag}"
    hst = f"cutlass::gemm::TagToStrideC_t<cutlass::layout::{tag}>"
    if rng.random() < 0.7:
        atom = f"decltype({HNS}sm90_get_epilogue_smem_swizzle_layout_atom<{hst}, {el}, {tile}>())"
    else:
        atom = f"GMMA::Layout_{rng.choice(['K', 'MN'])}_{rng.choice(['INTER', 'SW32', 'SW64', 'SW128'])}_Atom<{el}>"
    helper = "sm90_get_smem_store_op_for_accumulator" if store else "sm90_get_smem_load_op_for_source"
    op = f"decltype({HNS}{helper}<{hst}, {el}, {tile}>())" if rng.random() < 0.6 else rng.choice(_COPY)
    args = [str(stages), tile, el]
    if store:
        args.append("round_to_nearest")
    args += [st, atom, op]
    r = rng.random()
    bits = {"half_t": 16, "bfloat16_t": 16, "float": 32, "float_e4m3_t": 8, "int8_t": 8}[el]
    if r < 0.15:
        args.append(str(rng.choice([128 // bits, 128 // bits, 256 // bits, max(64 // bits, 1)])))
    elif r < 0.25:
        args += [str(128 // bits), rng.choice(["true", "false"])]
    return f"{'Sm90AuxStore' if store else 'Sm90AuxLoad'}<{', '.join(args)}>"


def aux_tree(rng, c: str, d: str) -> str:
    """A tree with one to three Aux nodes: loads as leaves beside the accumulator (or a source / broadcast), a store
    over a compute node now and then, the root a compute node or a store."""
    rs = "round_to_nearest"
    leaves = ["Sm90AccFetch"]
    for _ in range(rng.choice([1, 1, 2])):
        leaves.append(aux_node(rng, False))
    if c != "void" and rng.random() < 0.3:
        leaves.append(f"Sm90SrcFetch<{c}>")
    if rng.random() < 0.2:
        leaves.append("Sm90ScalarBroadcast<float>")
    rng.shuffle(leaves)
    fn = {1: "ReLu", 2: "plus", 3: "multiply_add"}.get(len(leaves), "plus")
    if len(leaves) > 3:
        leaves = leaves[:3]
        fn = "multiply_add"
    inner = f"Sm90EVT<Sm90Compute<{fn}, float, float, {rs}>, {', '.join(leaves)}>"
    if rng.random() < 0.55:
        inner = f"Sm90EVT<{aux_node(rng, True)}, {inner}>"
    root = f"Sm90EVT<Sm90Compute<{rng.choice(['ReLu', 'Identity', 'SiLu'])}, {d}, float, {rs}>, {inner}>"
    if rng.random() < 0.2:
        root = f"Sm90EVT<{aux_node(rng, True)}, {root}>"
    if rng.random() < 0.1:  # every namespace, as CUTLASS's examples write it
        root = root.replace("Sm90", NS + "Sm90").replace("GMMA::", "cute::GMMA::")
    return root


def generated_aux(n: int, seed: int) -> list[Config]:
    """``n`` configurations of gen_collective_evt.generated_evt (SM90, SM100, SM120 epilogues) whose fusion is an
    Aux tree (:func:`aux_tree`)."""
    import random

    rng = random.Random(seed * 7919 + 11)
    return [cfg._replace(fusion=aux_tree(rng, cfg.c.element, cfg.d.element)) for cfg in E.generated_evt(n, seed)]


def handpicked() -> list[Config]:
    """Aux trees as CUTLASS's own fusions and users spell them, on example 71's SM100 runner 7 (1SM, 128x128x64,
    epilogue tile 64x32 ... as the builder picks it), an SM90 cooperative fp16 GEMM and an SM120 fp8 one: an AuxStore
    of D's type over the activation (LinCombPerRowBiasEltActAux's shape, the builders' helpers), an fp8 AuxLoad added
    to the accumulator, Stages 0 of each (no smem), a ColumnMajor float AuxLoad with an explicit SW128 atom; and
    CUTLASS's refusals: a sub-16B alignment and an atom wider than the tile."""
    from cutedump.collective.config import Operand

    rs = "round_to_nearest"

    def load(st, tile, el, tag, extra=""):
        hst = f"cutlass::gemm::TagToStrideC_t<cutlass::layout::{tag}>"
        t = f"Shape<_{tile[0]},_{tile[1]}>"
        return (
            f"Sm90AuxLoad<{st}, {t}, {el}, {hst}, decltype({HNS}sm90_get_epilogue_smem_swizzle_layout_atom<{hst}, {el}, "
            f"{t}>()), decltype({HNS}sm90_get_smem_load_op_for_source<{hst}, {el}, {t}>()){extra}>"
        )

    def store(st, tile, el, tag, extra=""):
        hst = f"cutlass::gemm::TagToStrideC_t<cutlass::layout::{tag}>"
        t = f"Shape<_{tile[0]},_{tile[1]}>"
        return (
            f"Sm90AuxStore<{st}, {t}, {el}, {rs}, {hst}, decltype({HNS}sm90_get_epilogue_smem_swizzle_layout_atom<{hst}, "
            f"{el}, {t}>()), decltype({HNS}sm90_get_smem_store_op_for_accumulator<{hst}, {el}, {t}>()){extra}>"
        )

    def act_aux(d, st, tile, el, tag):
        return (f"Sm90EVT<Sm90Compute<ReLu, {d}, float, {rs}>, Sm90EVT<{store(st, tile, el, tag)}, "
                f"Sm90EVT<Sm90Compute<homogeneous_multiply_add, float, float, {rs}>, Sm90ScalarBroadcast<float>, "
                f"Sm90AccFetch, Sm90ColBroadcast<0, Shape<_128,_128,_64>, {d}>>>>")  # fmt: skip

    def add_load(d, st, tile, el, tag, extra=""):
        return f"Sm90EVT<Sm90Compute<plus, {d}, float, {rs}>, Sm90AccFetch, {load(st, tile, el, tag, extra)}>"

    ex7 = E.example_71()["7"]
    h = Operand("half_t", "RowMajor"), Operand("half_t", "ColumnMajor")
    s90 = Config("sm90", *h, Operand("half_t", "RowMajor"), Operand("half_t", "RowMajor"), "float", (128, 128, 64),
                 (1, 1, 1), schedule="KernelTmaWarpSpecializedCooperative",
                 epilogue_schedule="TmaWarpSpecializedCooperative", fusion="")  # fmt: skip
    e4 = Operand("float_e4m3_t", "RowMajor"), Operand("float_e4m3_t", "ColumnMajor")
    s120 = Config("sm120", *e4, Operand("half_t", "RowMajor"), Operand("half_t", "RowMajor"), "float",
                  (128, 128, 128), (1, 1, 1), schedule="KernelTmaWarpSpecializedCooperative",
                  epilogue_schedule="TmaWarpSpecializedCooperative", align=(16, 16, 8, 8), fusion="")  # fmt: skip
    explicit = (
        "Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>, Sm90AccFetch, Sm90AuxLoad<2, Shape<_128,_32>, "
        "float, cute::Stride<_1, int64_t, int64_t>, GMMA::Layout_MN_SW128_Atom<float>, "
        "AutoVectorizingCopyWithAssumedAlignment<128>>>"
    )
    out = []
    for base, tile in ((ex7, (64, 32)), (s90, (128, 32)), (s120, (128, 32))):
        d = base.d.element
        out += [
            base._replace(fusion=act_aux(d, 2, tile, d, base.d.layout)),
            base._replace(fusion=add_load(d, 4, tile, "float_e4m3_t", "RowMajor")),
            base._replace(fusion=add_load(d, 0, tile, "half_t", "ColumnMajor")),
            base._replace(fusion=act_aux(d, 0, tile, "bfloat16_t", "RowMajor")),
            base._replace(fusion=explicit),
            base._replace(fusion=add_load(d, 2, tile, "half_t", "RowMajor", ", 4")),  # 64 bits: refused
            base._replace(fusion=explicit.replace("Shape<_128,_32>", "Shape<_16,_32>")),  # SW128 float: 32 rows
        ]
    return out


def named_aux() -> list[Config]:
    """CUTLASS's named Aux-output fusions on SM90 with an Aux tensor whose type or layout is not D's (its smem then
    has its own swizzle and alignment in the callbacks' SharedStorage), the FP8 GEMMs' shapes (example 54's
    ScaledLinCombPerRowBiasEltActAmaxAux)."""
    from cutedump.collective.config import Operand

    h = Operand("half_t", "RowMajor"), Operand("half_t", "ColumnMajor")
    e4 = Operand("float_e4m3_t", "RowMajor"), Operand("float_e4m3_t", "ColumnMajor")
    out = []
    for ab, c, d, tile, sched, es, fusion in (
        (h, "void", "float_e4m3_t", (128, 128, 64), "KernelTmaWarpSpecializedPingpong", "TmaWarpSpecialized",
         "LinCombPerRowBiasEltActAux<RowMajor, ReLu, float_e4m3_t, float, half_t>"),
        (h, "half_t", "float_e4m3_t", (128, 128, 64), "KernelTmaWarpSpecializedPingpong", "TmaWarpSpecialized",
         "LinCombPerColBiasEltActAux<ColumnMajor, GELU, float_e4m3_t, float, half_t>"),
        (h, "half_t", "half_t", (128, 128, 64), "KernelTmaWarpSpecializedCooperative", "TmaWarpSpecializedCooperative",
         "LinCombPerRowBiasEltActAux<ColumnMajor, ReLu, half_t, float, float>"),
        (e4, "void", "float_e4m3_t", (128, 128, 128), "KernelTmaWarpSpecializedCooperative",
         "TmaWarpSpecializedCooperative",
         "ScaledLinCombPerRowBiasEltActAmaxAux<RowMajor, ReLU, float_e4m3_t, float, bfloat16_t, float, half_t>"),
        (e4, "float_e4m3_t", "float_e4m3_t", (128, 256, 128), "KernelTmaWarpSpecializedPingpong", "TmaWarpSpecialized",
         "ScaledLinCombPerColBiasEltActAmaxAux<ColumnMajor, SiLu, float_e4m3_t, float, half_t, float, half_t>"),
        (h, "float", "float", (128, 64, 64), "KernelTmaWarpSpecializedPingpong", "TmaWarpSpecialized",
         "LinCombPerColBiasEltActAux<RowMajor, ReLu, float, float, float_e4m3_t>"),
    ):  # fmt: skip
        lay = "RowMajor"
        al = 128 // Operand(d).bits
        out.append(
            Config(
                "sm90",
                *ab,
                Operand(c, lay),
                Operand(d, lay),
                "float",
                tile,
                (1, 1, 1),
                schedule=sched,
                epilogue_schedule=es,
                align=(128 // ab[0].bits,) * 2 + (0 if c == "void" else 128 // Operand(c).bits, al),
                fusion=fusion,
            )  # fmt: skip
        )
    return out


def dags() -> list[Config]:
    """The DAG visitors (Sm90SplitTreeVisitor, Sm90TopologicalVisitor, sm90_visitor_tma_warpspecialized.hpp:633,
    :681) holding broadcasts and Aux nodes, on the handpicked bases (SM100 runner 7, SM90 cooperative, SM120 fp8);
    a topological visitor whose EdgeTuple has the wrong rank (its message-less static_assert)."""
    rs = "round_to_nearest"
    st = "cutlass::gemm::TagToStrideC_t<cutlass::layout::RowMajor>"
    t = "Shape<_64,_32>"
    aux_store = (
        f"Sm90AuxStore<2, {t}, half_t, {rs}, {st}, decltype({HNS}sm90_get_epilogue_smem_swizzle_layout_atom<"
        f"{st}, half_t, {t}>()), decltype({HNS}sm90_get_smem_store_op_for_accumulator<{st}, half_t, {t}>())>"
    )
    aux_load = (f"Sm90AuxLoad<1, {t}, float, {st}, decltype({HNS}sm90_get_epilogue_smem_swizzle_layout_atom<{st}, "
                f"float, {t}>()), decltype({HNS}sm90_get_smem_load_op_for_source<{st}, float, {t}>())>")  # fmt: skip
    topo = (
        "Sm90TopologicalVisitor<float, cute::tuple<cute::seq<>, cute::seq<>, cute::seq<0, 1>, cute::seq<2>>, "
        "Sm90AccFetch, {leaf}, Sm90Compute<plus, float, float, round_to_nearest>, "
        "Sm90Compute<ReLu, {d}, float, round_to_nearest>>"
    )
    split = (
        "Sm90SplitTreeVisitor<Sm90EVT<Sm90Compute<plus, float, float, round_to_nearest>, Sm90AccFetch, "
        "Sm90RowBroadcast<0, Shape<_128,_128,_64>, float>>, Sm90EVT<Sm90Compute<ReLu, {d}, float, round_to_nearest>, "
        "Sm90AccFetch>, Sm90EVT<{store}, Sm90AccFetch>{more}>"
    )
    bases = [c for i, c in enumerate(handpicked()) if i % 7 == 0]
    out = []
    for b in bases:
        d = b.d.element
        out += [
            b._replace(fusion=topo.format(leaf="Sm90RowBroadcast<0, Shape<_128,_128,_64>, half_t>", d=d)),
            b._replace(fusion=topo.format(leaf=aux_load, d=d)),
            b._replace(fusion=topo.format(leaf=aux_load, d=d).replace("cute::seq<>, cute::seq<>, ", "cute::seq<>, ")),
            b._replace(fusion=split.format(d=d, store=aux_store, more="")),
            b._replace(fusion=split.format(d=d, store=aux_store, more=f", Sm90EVT<{aux_store}, Sm90AccFetch>")),
        ]
    return out
