"""The SM90, SM100 and SM103 GEMMs of CUTLASS 4.2's profiler kernel list, read from ``cutlass_library``'s own
generator (the installed nvidia-cutlass 4.2 wheel: ``generator.GenerateSM90`` / ``GenerateSM100`` fill a
``Manifest`` with ``GemmOperation``s), each translated to a cutedump :class:`Config` as CUTLASS's emitter
(``cutlass_library/gemm_operation.py``, ``EmitGemmUniversal3xInstance``) writes the builder instantiation:

- the mainloop's tile is ``get_collective_tile_shape()`` (SM100: the MMA tile), the cluster ``Shape<_M,_N,_K>`` or,
  for ``DynamicClusterShape``, ``Shape<int,int,_1>``; stages ``StageCount<N>`` where the operation fixes them, else
  ``StageCountAutoCarveout<sizeof(Epilogue::SharedStorage)>``; the epilogue tile ``EpilogueTileAuto`` except where
  the emitter writes ``Shape<_128,_64>`` (NVFP4 / SM103 1SM/2SM schedules with a CTA tile N of 256, whose TMA
  epilogue schedule it then also rewrites);
- C and D alignments: ``get_tma_alignment`` for a TMA epilogue (128 elements for 6-bit types), else the operation's;
  a void C's 0 is left to the command's default (no option takes 0);
- the epilogue functor ``LinearCombination<D, ElementEpilogue, C, ElementEpilogue>`` (the builders' default when
  ElementEpilogue is the accumulator: no ``--fusion``), or ``LinCombBlockScaleFactor<VS, D, acc, SFD, LayoutSFD, C,
  acc>`` where the operation writes an output scale factor;
- block-scaled operands: the emitter's ``cute::tuple<Data, ScaleFactor>`` (SM103: as is; SM100: the wrapper the
  builder reads the same way, ``blockscaled_type`` of ``sm1xx_common.inl``: data type, scale-factor type and the
  schedule's vector size, ``nv_float4_t`` for E2M1/UE4M3/16, ``mx_float{4,6,8}_t`` for UE8M0/32);
- blockwise: ``Sm{90,100}BlockwiseScaleConfig<M, N, K>`` (majors MN, MN: the defaults) and ``cute::tuple<Layout,
  LayoutSF>``; grouped: every layout tag a pointer; mixed input (SM90, ConvertOnly / ScaleOnly / ScaleWithZero): the
  narrow operand with its scale (and zero) types.

What the emitter writes with a type or layout no option spells is left out and counted, never dropped silently
(:func:`counts`): the shuffled ``LayoutNarrowReordered`` of mixed-input kernels (a stride type), ``cute::tuple<int4b_t,
Array<fp8, 8>>``, the runtime-typed ``type_erased_dynamic_float*_t`` kernels, 2-bit mixed input, SM100 pairs no wrapper
reads the same way (``cute::tuple<float_e2m1_t, float_ue8m0_t>`` under an Nvf4 schedule), and an ElementCompute other
than the accumulator under the epilogue schedules whose builder matches the fusion against its own ElementCompute. CUTLASS 4.2's default kernel set has no non-grouped SM100 blockwise
GEMM (kind ``sm100_blockwise`` is empty; its grouped form is not).

The C++ each configuration is asked with is the matching oracle module's (gen_collective*.py), each builder pair in
its own function, ``CHUNK`` a program, batches recorded (tests/oracle/records.py). Records are keyed by their program
text; the lists are deterministic (sorted by a hash, sampled by a fixed stride: the committed snapshot).
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from cutedump.collective.config import ELEMENT_BITS, Config, Operand, ScaledOperand

#: the kinds of the brief, each a predicate over (arch, gemm kind name, operation)
KINDS = (
    "sm100_blockscaled",
    "sm100_blockscaled_grouped",
    "sm100_blockwise",
    "sm100_blockwise_grouped",
    "sm103_ultra",
    "sm103_ultra_grouped",
    "sm90_blockwise",
    "sm90_blockwise_grouped",
    "sm90_grouped",
    "sm100_grouped",
    "sm90_mixed",
    "sm90_epilogues",
    "sm100_epilogues",
)


@functools.cache
def _operations(which: str) -> tuple:
    """The GEMM operations ``cutlass_library``'s generator emits for SM90 (``90a``) or SM100/SM103
    (``100a;103a``), CUDA 13.0 (the SM103 kernels need it), the default kernel set."""
    import logging

    from cutlass_library import generator as gen
    from cutlass_library.library import OperationKind
    from cutlass_library.manifest import Manifest

    logging.getLogger("cutlass_library").setLevel(logging.ERROR)
    archs, fn = {"sm90": ("90a", gen.GenerateSM90), "sm100": ("100a;103a", gen.GenerateSM100)}[which]
    args = gen.define_parser().parse_args(
        ["--architectures", archs, "--kernels", "", "--cuda-version", "13.0.0", "--operations", "gemm"]
    )
    m = Manifest(args)
    fn(m, "13.0.0")
    return tuple(op for d in m.operations.get(OperationKind.Gemm, {}).values() for ol in d.values() for op in ol)


def _kind(op) -> str | None:
    from cutlass_library.library import EpilogueFunctor3x, EpilogueScheduleType, OpcodeClass

    g = op.gemm_kind.name
    oc = op.tile_description.math_instruction.opcode_class
    if oc not in (OpcodeClass.TensorOp, OpcodeClass.BlockScaledTensorOp) or not op.is_3x or op.is_complex():
        return None
    grp = "_grouped" if g.startswith("Grouped") else ""
    if op.arch == 103:
        return "sm103_ultra" + grp
    if "BlockScaled" in g:
        return f"sm{op.arch}_blockscaled{grp}" if op.arch == 100 else None
    if "Blockwise" in g:
        return f"sm{op.arch}_blockwise{grp}"
    if grp:
        return f"sm{op.arch}_grouped"
    if g != "Universal3x":
        return None
    if op.arch == 90 and op.mixed_input_mode is not None:
        return "sm90_mixed"
    default_epi = (
        op.epilogue_schedule == EpilogueScheduleType.ScheduleAuto
        and op.epilogue_functor == EpilogueFunctor3x.LinearCombination
        and op.element_epilogue == op.accumulator_type()
    )
    return None if default_epi else f"sm{op.arch}_epilogues"


_WRAPPERS = {  # (data, scale factor, SFVecSize) -> the wrapper blockscaled_type reads the same way
    ("float_e2m1_t", "float_ue4m3_t", 16): "nv_float4_t",
    ("float_e2m1_t", "float_ue8m0_t", 32): "mx_float4_t",
    ("float_e2m3_t", "float_ue8m0_t", 32): "mx_float6_t",
    ("float_e3m2_t", "float_ue8m0_t", 32): "mx_float6_t",
    ("float_e4m3_t", "float_ue8m0_t", 32): "mx_float8_t",
    ("float_e5m2_t", "float_ue8m0_t", 32): "mx_float8_t",
}


#: the schedules whose CTA tile N 256 makes the emitter write EpilogueTile Shape<_128,_64> (gemm_operation.py)
_EPI_128_64 = [("Nvf4TmaWarpSpecialized1SmSm100", 1), ("Nvf4TmaWarpSpecialized2SmSm100", 2)] + [
    (f"MxNvf4UltraTmaWarpSpecialized{n}SmVs{v}Sm103{p}", n)
    for n in (1, 2)
    for v in (32, 16)
    for p in ("", "DisablePrefetch", "TmaPrefetch")
]


#: the epilogue schedules whose builder takes LinearCombination<D, ElementCompute, C, ElementCompute> only, with the
#: builder's own ElementCompute (sm90_builder.inl: Auto, the no-smem builder, EpilogueTransposed)
_COMPUTE_MATCHED = ("ScheduleAuto", "NoSmemWarpSpecialized", "EpilogueTransposed")


def _tag(tag: str) -> str:
    """A C++ tag as the emitter writes it -> cutedump's spelling (no namespace)."""
    return tag.replace("cutlass::", "").replace("cute::", "").strip()


def translate(op) -> Config | str:
    """One ``GemmOperation`` -> its :class:`Config`, or why it cannot be asked through cutedump's options."""
    from cutlass_library.library import (
        DataType,
        DataTypeSize,
        DataTypeTag,
        EpilogueScheduleTag,
        EpilogueScheduleType,
        KernelScheduleTag,
        KernelScheduleType,
        LayoutTag,
        MixedInputMode,
        OpcodeClass,
        get_tma_alignment,
        is_grouped,
        is_tma_epilogue,
        to_grouped_schedule,
    )

    t = lambda dt: _tag(DataTypeTag[dt])  # noqa: E731
    grouped = is_grouped(op.gemm_kind)
    td = op.tile_description
    oc = td.math_instruction.opcode_class
    tile = tuple(op.get_collective_tile_shape())
    sched = KernelScheduleTag[op.kernel_schedule].rsplit("::", 1)[-1]
    es_type = op.epilogue_schedule
    epi_tile = None
    cta_n = td.tile_shape[1] // td.cluster_shape[1] if td.cluster_shape[1] > 0 else td.tile_shape[1]
    if oc == OpcodeClass.BlockScaledTensorOp and cta_n == 256:  # the emitter's Shape<_128,_64> rule
        for base, n in _EPI_128_64:
            if op.kernel_schedule == to_grouped_schedule(getattr(KernelScheduleType, base), grouped):
                epi_tile = (128, 64)
                if is_tma_epilogue(es_type):
                    es_type = to_grouped_schedule(getattr(EpilogueScheduleType, f"TmaWarpSpecialized{n}Sm"), grouped)
    esched = EpilogueScheduleTag[es_type].rsplit("::", 1)[-1]
    if esched == "EpilogueScheduleAuto" or esched.endswith("::EpilogueScheduleAuto"):
        esched = "EpilogueScheduleAuto"
    acc = t(op.accumulator_type())
    tma = is_tma_epilogue(op.epilogue_schedule)
    al_c = get_tma_alignment(op.C.element) if tma else op.C.alignment
    al_d = get_tma_alignment(op.D.element) if tma else op.D.alignment
    ea, eb = t(op.A.element), t(op.B.element)
    for x in (ea, eb, t(op.C.element), t(op.D.element)):
        if x != "void" and x not in ELEMENT_BITS:
            return f"{x}: not in cutedump's element vocabulary"
    if t(op.element_epilogue) != acc and es_type.name in _COMPUTE_MATCHED:
        return (
            f"ElementCompute not the accumulator under {es_type.name} (whose builder matches the fusion against its "
            "ElementCompute; no option spells the builder's ElementCompute)"
        )
    if oc == OpcodeClass.BlockScaledTensorOp:
        sfa, sfb = t(op.ScaleFactorA), t(op.ScaleFactorB)
        if op.arch == 103:
            ea, eb = f"cute::tuple<{ea},{sfa}>", f"cute::tuple<{eb},{sfb}>"
        else:
            vs = 16 if "Nvf4" in sched else 32
            wa, wb = _WRAPPERS.get((ea, sfa, vs)), _WRAPPERS.get((eb, sfb, vs))
            if wa is None or wb is None:
                return f"cute::tuple<{ea},{sfa}> x cute::tuple<{eb},{sfb}> under {sched}: no wrapper reads the same"
            ea, eb = f"{wa}<{ea}>", f"{wb}<{eb}>"
    a, b = (
        Operand(ea, _tag(LayoutTag[op.A.layout]).replace("layout::", "")),
        Operand(eb, _tag(LayoutTag[op.B.layout]).replace("layout::", "")),
    )
    if op.mixed_input_mode is not None:
        narrow_is_a = DataTypeSize[op.A.element] < DataTypeSize[op.B.element]
        narrow, wide = (op.A, op.B) if narrow_is_a else (op.B, op.A)
        nb, wb_ = DataTypeSize[narrow.element], DataTypeSize[wide.element]
        if op.mixed_input_shuffle and (nb, wb_) in ((4, 16), (8, 16)):
            return "the shuffled LayoutNarrowReordered (a stride-type layout, not a layout tag)"
        if narrow.element == DataType.s4 and wide.element in (DataType.e4m3, DataType.e5m2):
            return "cute::tuple<int4b_t, cutlass::Array<fp8, 8>> (a scale array type)"
        scale = {
            MixedInputMode.ConvertOnly: (),
            MixedInputMode.ScaleOnly: (t(wide.element),),
            MixedInputMode.ScaleWithZeroPoint: (t(wide.element), t(wide.element)),
        }[op.mixed_input_mode]
        if scale:
            nar = a if narrow_is_a else b
            nar = ScaledOperand(nar.element, nar.layout, scale)
            a, b = (nar, b) if narrow_is_a else (a, nar)
    lay = lambda x: _tag(LayoutTag[x.layout]).replace("layout::", "")  # noqa: E731
    fusion = None
    if oc == OpcodeClass.BlockScaledTensorOp and op.ScaleFactorD.element != DataType.void:
        fusion = (
            f"LinCombBlockScaleFactor<{op.ScaleFactorVectorSize}, {t(op.D.element)}, {acc}, "
            f"{t(op.ScaleFactorD.element)}, {lay(op.ScaleFactorD)}, {t(op.C.element)}, {acc}>"
        )
    elif t(op.element_epilogue) != acc:
        fusion = f"LinearCombination<{t(op.D.element)}, {t(op.element_epilogue)}, {t(op.C.element)}, {t(op.element_epilogue)}>"
    dynamic = td.cluster_shape[0] <= 0
    kw = {}
    if op.ScaleFactorMVecSize if hasattr(op, "ScaleFactorMVecSize") else False:
        kw["sf_vec"] = (op.ScaleFactorMVecSize, op.ScaleFactorNVecSize, op.ScaleFactorKVecSize)
    return Config(
        {90: "sm90", 100: "sm100", 103: "sm103"}[op.arch],
        a,
        b,
        Operand(t(op.C.element), lay(op.C)),
        Operand(t(op.D.element), lay(op.D)),
        acc,
        tile,
        (1, 1, 1) if dynamic else tuple(td.cluster_shape),
        stages=td.stages if td.stages > 0 else None,
        schedule=sched,
        epilogue_schedule=esched,
        epilogue_tile=epi_tile,
        align=(op.A.alignment, op.B.alignment, al_c, al_d),
        grouped=grouped,
        fusion=fusion,
        dynamic_cluster=((2, 1, 1), (1, 1, 1)) if dynamic else None,
        **kw,
    )


def options(cfg: Config) -> dict:
    """``cfg`` as the command's options (``collective_text``'s keyword arguments, the spellings a user types)."""

    def op(o) -> str:
        scale = getattr(o, "scale", ())
        el = f"cute::tuple<{', '.join((o.element, *scale))}>" if scale else o.element
        return f"{el}:{o.layout}"

    ints = lambda v: ",".join(map(str, v))  # noqa: E731
    out = dict(
        arch=cfg.arch,
        a=op(cfg.a),
        b=op(cfg.b),
        c=op(cfg.c),
        d=op(cfg.d),
        acc=cfg.acc,
        tile=ints(cfg.tile),
        cluster="dynamic" if cfg.dynamic_cluster else ints(cfg.cluster),
        stages="auto" if cfg.stages is None else str(cfg.stages),
        carveout="auto",
        schedule=cfg.schedule,
        epilogue_schedule=cfg.epilogue_schedule,
        epilogue_tile="auto" if cfg.epilogue_tile is None else ints(cfg.epilogue_tile),
        grouped=cfg.grouped,
        sf_vec=None if cfg.sf_vec is None else ints(cfg.sf_vec),
        fusion=cfg.fusion,
    )
    for w, v in zip("abcd", cfg.align):
        # 0: the emitter's get_tma_alignment of a void C; the command's default (128 bits of D) stands for it
        out[f"alignment_{w}"] = str(v) if v else None
    if cfg.dynamic_cluster:
        out["cluster_preferred"], out["cluster_fallback"] = (ints(x) for x in cfg.dynamic_cluster)
    return out


#: Config fields added after the snapshot was taken: left out of the order's hash while at their default, so that the
#: snapshot's order (and the recorded batches' keys) stay as they were
LATER_FIELDS = ("tile_nested", "scale_group", "reorder_atom")


def _key(cfg: Config) -> str:
    text = repr((cfg, getattr(cfg.a, "scale", ()), getattr(cfg.b, "scale", ())))
    for f in LATER_FIELDS:
        text = text.replace(f", {f}={Config._field_defaults[f]!r}", "")
    return hashlib.sha256(text.encode()).hexdigest()


@functools.cache
def _all() -> dict:
    """kind -> (the unique configurations in a fixed order, the operations' count, {reason: count} left out)."""
    out: dict = {k: ({}, [0], {}) for k in KINDS}
    for which in ("sm90", "sm100"):
        for op in _operations(which):
            k = _kind(op)
            if k is None:
                continue
            uniq, n, why = out[k]
            n[0] += 1
            cfg = translate(op)
            if isinstance(cfg, str):
                why[cfg] = why.get(cfg, 0) + 1
                continue
            uniq.setdefault(_key(cfg), cfg)
    return {k: ([u[h] for h in sorted(u)], n[0], why) for k, (u, n, why) in out.items()}


def fresh(kind: str, most: int | None = None) -> list[Config]:
    """The unique builder configurations of ``kind`` as cutlass_library enumerates them now (sorted by a hash of the
    configuration: a fixed, well mixed order), at most ``most`` of them taken at an even stride."""
    cs = _all()[kind][0]
    if most is not None and len(cs) > most:
        step = len(cs) / most
        cs = [cs[int(i * step)] for i in range(most)]
    return cs


def counts(kind: str) -> tuple[int, int, dict]:
    """(operations of the kind in the profiler's list, unique builder configurations, {left out: operations})."""
    cs, n, why = _all()[kind]
    return n, len(cs), why


#: the lists the tests ask (:func:`snapshot`, committed): enumerating cutlass_library takes seconds
SNAPSHOT = Path(__file__).resolve().parent / "profiler_kernels.json.gz"
MOST = 96


def _enc(cfg: Config) -> dict:
    d = cfg._asdict()
    for w in "abcd":
        op = d[w]
        d[w] = [op.element, op.layout, list(getattr(op, "scale", ()))]
    return d


def _dec(d: dict) -> Config:
    d = dict(d)
    for w in "abcd":
        el, lay, scale = d[w]
        d[w] = ScaledOperand(el, lay, tuple(scale)) if scale else Operand(el, lay)
    for k in ("tile", "cluster", "epilogue_tile", "align", "sf_vec", "sf_major", "epilogue_tile_shape"):
        if d.get(k) is not None:
            d[k] = tuple(d[k])
    if d.get("dynamic_cluster") is not None:
        d["dynamic_cluster"] = tuple(tuple(x) for x in d["dynamic_cluster"])
    return Config(**d)


def snapshot() -> dict:
    """kind -> {"operations", "unique", "left_out", "configs"}: :func:`counts` and the ``MOST`` configurations of
    :func:`fresh` (encoded), as written to SNAPSHOT (``python -m tests.oracle.gen_collective_profiler``)."""
    out = {}
    for k in KINDS:
        n, u, why = counts(k)
        out[k] = {"operations": n, "unique": u, "left_out": why, "configs": [_enc(c) for c in spread(fresh(k, MOST))]}
    return out


def spread(cs: list) -> list:
    """An even-stride sample reordered so that each prefix of a quarter's multiple is an even stride too (the tests
    ask a prefix: ``ASKED`` can grow without changing the batches already recorded)."""
    return [c for r in range(4) for c in cs[r::4]]


@functools.cache
def _snap() -> dict:
    import gzip
    import json

    return json.loads(gzip.decompress(SNAPSHOT.read_bytes()))


#: the configurations of a kind the tests ask: the snapshot's first (its order is a hash's: a uniform draw)
ASKED = 72


def configs(kind: str) -> list[Config]:
    """The ``ASKED`` configurations of ``kind`` the tests ask (the committed snapshot of :func:`fresh`)."""
    return [_dec(d) for d in _snap()[kind]["configs"][:ASKED]]


def snapshot_configs(kind: str) -> list[Config]:
    return [_dec(d) for d in _snap()[kind]["configs"]]


def recorded_counts(kind: str) -> tuple[int, int, dict]:
    s = _snap()[kind]
    return s["operations"], s["unique"], s["left_out"]


# ------------------------------------------------------------------------------------------- the oracle
#
# SM90: gen_collective's programs (gen_collective_mixed's for two operand widths); SM100: gen_collective_sm100bw's
# (block-scaled, blockwise and grouped printers) with the fusion printer; SM103: gen_collective_sm103's with the
# fusion (its epilogue builder's last argument) and, for a grouped GEMM, every layout tag a pointer. The fusion
# printer (gen_collective_fusion.EXTRA) is appended to each prelude (it is called on SM100/SM103 only).


def _preludes() -> dict:
    from tests.oracle import gen_collective as G
    from tests.oracle import gen_collective_fusion as F
    from tests.oracle import gen_collective_mixed as M
    from tests.oracle import gen_collective_sm100bw as BW
    from tests.oracle import gen_collective_sm103 as S3

    return {
        "sm90": G.PRELUDE + F.EXTRA,
        "sm90_mixed": M.PRELUDE + F.EXTRA,
        "sm100": BW.PRELUDE + F.EXTRA,
        "sm103": S3.PRELUDE + F.EXTRA,
    }


def family(cfg: Config) -> str:
    if cfg.arch == "sm90":
        return "sm90_mixed" if cfg.a.bits != cfg.b.bits else "sm90"
    return cfg.arch


def _with_fusion_printer(body: str) -> str:
    for p in ("  cd_epilogue_full<Epi>();\n", "  cd_epilogue<Epi>();\n"):
        if p in body:
            return body.replace(p, p + "  cd_fusion<Epi>();\n")
    raise AssertionError(body)


def cpp_body(cfg: Config) -> str:
    """The statements that build ``cfg``'s two collectives (as its oracle module writes them) and print them."""
    from cutedump.collective.fusion import cpp_fusion
    from tests.oracle import gen_collective as G
    from tests.oracle import gen_collective_mixed as M
    from tests.oracle import gen_collective_sm100bw as BW
    from tests.oracle import gen_collective_sm103 as S3

    fam = family(cfg)
    if fam == "sm103":
        body = S3.cpp_body(cfg._replace(grouped=False, fusion=None))
        if cfg.grouped:
            for w in "abcd":
                lay = getattr(cfg, w).layout
                old = f"cutlass::layout::{lay}, {cfg.alignment(w)},"
                assert old in body
                body = body.replace(old, f"cutlass::layout::{lay} *, {cfg.alignment(w)},", 1)
        if cfg.fusion is not None:
            es = cfg.epilogue_schedule
            sched = f"cutlass::epilogue::{'collective::' if es == 'EpilogueScheduleAuto' else ''}{es}"
            old = f"    {sched}>::CollectiveOp;\n"
            assert old in body
            body = body.replace(old, f"    {sched},\n    {cpp_fusion(cfg, G._CPP_TYPE)}>::CollectiveOp;\n", 1)
    elif fam == "sm100":
        body = BW.cpp_body(cfg)
    elif fam == "sm90_mixed":
        body = M.cpp_body(cfg)
    else:
        body = G.cpp_body(cfg)
    # cutlass::gemm's epilogue tags (EpilogueTransposed: gemm/dispatch_policy.hpp), not cutlass::epilogue's
    body = body.replace("cutlass::epilogue::EpilogueTransposed", "cutlass::gemm::EpilogueTransposed")
    # the fusion printer on SM100/SM103 (whose fields cutedump gives, as gen_collective_fusion's batches); the SM90
    # batches print what the other SM90 batches print (cutedump's SM90 JSON has no epilogue.fusion object)
    return _with_fusion_printer(body) if cfg.fusion is not None and cfg.arch != "sm90" else body


def _parse(fam: str, text: str) -> dict:
    from tests.oracle import gen_collective as G
    from tests.oracle import gen_collective_mixed as M
    from tests.oracle import gen_collective_sm103 as S3

    a = S3.parse(text) if fam == "sm103" else G.parse_answer(text)
    if fam == "sm90_mixed":
        a = M._fix(a)
    ml = a.get("mainloop", {})
    if "sf_vec_size" in ml:
        ml["sf_vec_size"] = int(ml["sf_vec_size"])
    fu = a.get("epilogue", {}).get("fusion")
    if fu is not None:
        for k in ("sf_vec_size", "shared_storage_bytes"):
            if k in fu:
                fu[k] = int(fu[k])
    return a


CHUNK = 12


def batches(configs: list[Config]) -> list[tuple[str, list[int]]]:
    """The programs :func:`ask` compiles: (family, indices of ``configs``), ``CHUNK`` configurations a program, each
    program one family's (one prelude)."""
    groups: dict = {}
    for i, c in enumerate(configs):
        groups.setdefault(family(c), []).append(i)
    return [(f, idx[j : j + CHUNK]) for f, idx in groups.items() for j in range(0, len(idx), CHUNK)]


def ask_batch(fam: str, configs: list[Config]) -> list[dict]:
    """One program: CUTLASS's fields of each configuration (recorded)."""
    from tests.oracle import gen_collective as G
    from tests.oracle.cute import run_cases

    outs = run_cases([cpp_body(c) for c in configs], prelude=_preludes()[fam], extra_flags=G.FLAGS)
    return [_parse(fam, o) for o in outs]


def ask(configs: list[Config]) -> list[dict]:
    """CUTLASS 4.2's fields for each configuration (:func:`batches`, each recorded)."""
    out: list = [None] * len(configs)
    for fam, idx in batches(configs):
        for i, a in zip(idx, ask_batch(fam, [configs[i] for i in idx])):
            out[i] = a
    return out


def refusals(configs: list[Config]) -> list[str]:
    """CUTLASS's first static_assert message of each configuration ("compiles" when none), one translation unit
    each over a precompiled prelude (gen_collective.syntax_verdicts), one record per family."""
    from tests.oracle import gen_collective as G
    from tests.oracle import records

    out: list = [None] * len(configs)
    groups: dict = {}
    for i, c in enumerate(configs):
        groups.setdefault(family(c), []).append(i)
    for fam, idx in groups.items():
        srcs = [G.refusal_unit(cpp_body(configs[i])) for i in idx]
        pre = _preludes()[fam]
        text = "pch\0" + "\0".join(G.FLAGS) + pre + "\0".join(srcs)
        key = "collective-prof-err-" + hashlib.sha256(records.question(text).encode()).hexdigest()[:24]
        for i, v in zip(idx, G.syntax_verdicts(srcs, pre, key, what=f"CUTLASS's refusals of {len(srcs)} collectives")):
            out[i] = v
    return out


if __name__ == "__main__":  # rewrite the snapshot from the installed cutlass_library
    import gzip
    import json

    SNAPSHOT.write_bytes(gzip.compress(json.dumps(snapshot(), sort_keys=True).encode(), mtime=0))
    for k, v in json.loads(gzip.decompress(SNAPSHOT.read_bytes())).items():
        print(k, v["operations"], v["unique"], len(v["configs"]))
