"""CUTLASS 4.2's GEMM CollectiveBuilders (mainloop + epilogue, SM90 and SM100) asked host-only with g++.

One program instantiates the builders of a whole batch of configurations (each extra builder adds little to the
10-25 s a program takes) and prints, per configuration, the JSON fields of ``cutedump collective`` as
``@@field`` sections (collective_prelude.h says what each prelude line is for). A configuration CUTLASS refuses
stops its program at a static_assert, so refusals are asked separately: one ``-fsyntax-only`` compile of all of
them, the first diagnostic attributed to each case by its line. Answers are recorded (tests/oracle/records.py).
"""

from __future__ import annotations

import functools
import hashlib
import re
from pathlib import Path

from cutedump.collective.config import Config

PRELUDE = (Path(__file__).resolve().parent / "collective_prelude.h").read_text()
FLAGS = ("-fpermissive", "-DCUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL")

_CPP_TYPE = {
    "half_t": "cutlass::half_t",
    "bfloat16_t": "cutlass::bfloat16_t",
    "tfloat32_t": "cutlass::tfloat32_t",
    "float": "float",
    "float_e4m3_t": "cutlass::float_e4m3_t",
    "float_e5m2_t": "cutlass::float_e5m2_t",
    "int8_t": "int8_t",
    "uint8_t": "uint8_t",
    "int32_t": "int32_t",
    "double": "double",
    "int4b_t": "cutlass::int4b_t",
    "uint4b_t": "cutlass::uint4b_t",
    "void": "void",
    # issue 44: the narrow types and the block-scaled wrappers (gen_collective_bs.py's programs)
    "float_e2m1_t": "cutlass::float_e2m1_t",
    "float_e2m3_t": "cutlass::float_e2m3_t",
    "float_e3m2_t": "cutlass::float_e3m2_t",
}
_CPP_TYPE.update(
    {
        f"{w}<{d}>": f"cutlass::{w}<{_CPP_TYPE[d]}>"
        for w, d in (
            ("nv_float4_t", "float_e2m1_t"),
            ("mx_float4_t", "float_e2m1_t"),
            ("mx_float6_t", "float_e3m2_t"),
            ("mx_float6_t", "float_e2m3_t"),
            ("mx_float8_t", "float_e4m3_t"),
            ("mx_float8_t", "float_e5m2_t"),
        )
    }
)


def _shape(vals) -> str:
    return "Shape<" + ",".join(f"Int<{v}>" for v in vals) + ">"  # Int<100>: CuTe names only some _N


def cpp_body(cfg: Config) -> str:
    """The C++ statements that build ``cfg``'s epilogue and mainloop collectives and print their fields."""
    arch = {"sm90": "Sm90", "sm100": "Sm100"}[cfg.arch]
    t = _CPP_TYPE
    epi_tile = (
        "cutlass::epilogue::collective::EpilogueTileAuto" if cfg.epilogue_tile is None else _shape(cfg.epilogue_tile)
    )
    epi_sched = (
        f"cutlass::epilogue::collective::{cfg.epilogue_schedule}"
        if cfg.epilogue_schedule == "EpilogueScheduleAuto"
        else f"cutlass::epilogue::{cfg.epilogue_schedule}"
    )
    sched = (
        f"cutlass::gemm::collective::{cfg.schedule}"
        if cfg.schedule == "KernelScheduleAuto"
        else f"cutlass::gemm::{cfg.schedule}"
    )
    ptr = " *" if cfg.grouped else ""
    la, lb = f"{cpp_layout(cfg.a.layout)}{ptr}", f"{cpp_layout(cfg.b.layout)}{ptr}"
    pre = ""
    if cfg.sf_vec is not None:  # blockwise scaling: the layouts go as cute::tuple<LayoutA, LayoutSFA> (example 67)
        mj = ", ".join(f"cute::GMMA::Major::{x}" for x in cfg.sf_major)
        pre = (
            f"  using ScaleConfig = cutlass::detail::Sm90BlockwiseScaleConfig<{', '.join(map(str, cfg.sf_vec))}, {mj}>;\n"
            "  using LayoutSFA = decltype(ScaleConfig::deduce_layoutSFA());\n"
            "  using LayoutSFB = decltype(ScaleConfig::deduce_layoutSFB());\n"
        )
        la, lb = f"cute::tuple<{la}, LayoutSFA{ptr}>", f"cute::tuple<{lb}, LayoutSFB{ptr}>"
    fusion = ""
    if cfg.fusion is not None:
        fusion = f",\n    {fusion_cpp(cfg)}"
    if cfg.stages is not None:
        stages = f"cutlass::gemm::collective::StageCount<{cfg.stages}>"
    elif cfg.carveout is not None:
        stages = f"cutlass::gemm::collective::StageCountAutoCarveout<{cfg.carveout}>"
    else:
        stages = (
            "cutlass::gemm::collective::StageCountAutoCarveout<static_cast<int>(sizeof(typename Epi::SharedStorage))>"
        )
    # the epilogue builder's TileShape_MNK: the mainloop's, or --epilogue-tile-shape (example 82's per-SM tile)
    epi_shape = "TileShape" if cfg.epilogue_tile_shape is None else _shape(cfg.epilogue_tile_shape)
    extra = ""
    if cfg.sf_vec is not None:  # the blockwise collectives' scale-factor smem layouts (SmemLayoutScaleA/B)
        extra = (
            '  cd_print("mainloop.smem_layout_sfa", typename Main::SmemLayoutSFA{});\n'
            '  cd_print("mainloop.smem_layout_sfb", typename Main::SmemLayoutSFB{});\n'
        )
    return (
        pre + f"  using TileShape = {tile_shape(cfg)};\n"
        f"  using ClusterShape = {'Shape<int,int,_1>' if cfg.dynamic_cluster else _shape(cfg.cluster)};\n"
        f"  using Epi = typename cutlass::epilogue::collective::CollectiveBuilder<\n"
        f"    cutlass::arch::{arch}, cutlass::arch::OpClassTensorOp, {epi_shape}, ClusterShape, {epi_tile},\n"
        f"    {t[cfg.acc]}, {t[cfg.acc]},\n"
        f"    {t[cfg.c.element]}, {cpp_layout(cfg.c.layout)}{ptr}, {cfg.alignment('c')},\n"
        f"    {t[cfg.d.element]}, {cpp_layout(cfg.d.layout)}{ptr}, {cfg.alignment('d')},\n"
        f"    {epi_sched}{fusion}>::CollectiveOp;\n"
        f"  using Main = typename cutlass::gemm::collective::CollectiveBuilder<\n"
        f"    cutlass::arch::{arch}, cutlass::arch::OpClassTensorOp,\n"
        f"    {t[cfg.a.element]}, {la}, {cfg.alignment('a')},\n"
        f"    {t[cfg.b.element]}, {lb}, {cfg.alignment('b')},\n"
        f"    {t[cfg.acc]}, TileShape, ClusterShape,\n"
        f"    {stages},\n"
        f"    {sched}>::CollectiveOp;\n"
        f"  cd_mainloop<Main>();\n" + extra + "  cd_epilogue<Epi>();\n"
    )


def tile_shape(cfg: Config) -> str:
    """The TileShape: Shape<Int<M>,Int<N>,Int<K>>, or with rank-1 modes (--tile Shape<Shape<_128>,..>)."""
    if getattr(cfg, "tile_nested", False):
        return "Shape<" + ",".join(f"Shape<Int<{v}>>" for v in cfg.tile) + ">"
    return _shape(cfg.tile)


def cpp_layout(layout: str) -> str:
    """A layout tag as ``cutlass::layout::RowMajor``; a stride type (issue 44, examples 51 and 53) as spelled."""
    return layout if layout.startswith("cute::Stride<") else f"cutlass::layout::{layout}"


def fusion_cpp(cfg: Config) -> str:
    """``cfg.fusion`` (``LinCombEltAct<ReLu>``) as CUTLASS's examples spell the operation: the activation as
    cutlass::epilogue::thread::Act, then ElementD, ElementCompute, and the rest of the operation's element types."""
    from cutedump.collective.fusion import cpp_fusion
    from cutedump.errors import CuteDumpError

    try:
        return cpp_fusion(cfg, _CPP_TYPE)
    except CuteDumpError:  # an operation cutedump does not model: as given, CUTLASS's element names qualified
        text = re.sub(r"\b(\w+)\b", lambda m: _CPP_TYPE.get(m.group(1), m.group(1)), cfg.fusion)
        return "cutlass::epilogue::fusion::" + text


_WITH = re.compile(r"\[with T = (.*)\]$")


def bare(cpp_type: str) -> str:
    """A type as g++ spells it -> its bare name: no namespace, no template arguments."""
    head = cpp_type.split("<", 1)[0].strip()
    return head.rsplit("::", 1)[-1]


def parse_answer(text: str) -> dict:
    """``@@key`` sections -> the JSON object of ``cutedump collective --format json`` (nested by the dotted keys)."""
    out: dict = {}
    cur = None
    lines: list[str] = []

    def flush():
        if cur is None:
            return
        val = "\n".join(lines).rstrip("\n")
        m = _WITH.search(val)
        if m:
            val = bare(m.group(1))
        elif cur.endswith(("stages", "stages_c", "stages_d", "shared_storage_bytes")):
            val = int(val)
        node = out
        *path, last = cur.split(".")
        for p in path:
            node = node.setdefault(p, {})
        node[last] = val

    for line in text.split("\n"):
        if line.startswith("@@"):
            flush()
            cur, lines = line[2:], []
        else:
            lines.append(line)
    flush()
    return out


def ask(configs: list[Config], chunk: int = 24) -> list[dict]:
    """CUTLASS's answer (the JSON fields) for each accepted configuration, batched ``chunk`` a program."""
    from tests.oracle.cute import run_cases

    outs = []
    for i in range(0, len(configs), chunk):
        outs += run_cases([cpp_body(c) for c in configs[i : i + chunk]], prelude=PRELUDE, extra_flags=FLAGS)
    return [parse_answer(o) for o in outs]


_STATIC = re.compile(r"static assertion failed(?:: (.*))?")


def _first_refusal(stderr: str) -> str:
    """A translation unit's first static_assert message ("static assertion failed" when it has none), else its first
    error, else "compiles"."""
    first_error = None
    for line in stderr.splitlines():
        if " error: " not in line:
            continue
        m = _STATIC.search(line)
        if m:
            return (m.group(1) or "static assertion failed").strip()
        if first_error is None:
            first_error = "error: " + line.split(" error: ", 1)[1].strip()
    return first_error or "compiles"


def refusal_source(cfg: Config, params: bool = False) -> str:
    """One configuration's translation unit for :func:`refusals`: the collectives named and their classes and
    SharedStorage instantiated (``sizeof``), as CUTLASS's kernels do; ``params``: the mainloop's Params too (the
    kernel's Params hold them: GemmUniversal instantiates them, and with them the TMA types, whose stage-0 slice of
    the swizzled smem layouts can fail CuTe's Stride Divisibility Condition; SM100's CollectiveMma instantiates
    its Params itself, SM90's does not)."""
    return refusal_unit(cpp_body(cfg), params)


def refusal_unit(body: str, params: bool = False) -> str:
    """A generator's C++ ``body`` (its cpp_body) as one translation unit of :func:`syntax_verdicts`: the collectives'
    classes and SharedStorage instantiated (``sizeof``) before its printers; ``params``: the mainloop's Params too."""
    body = body.replace(
        "  cd_mainloop<Main>();\n",
        "  (void)sizeof(Epi); (void)sizeof(Main);\n"
        "  (void)sizeof(typename Epi::SharedStorage);\n"
        "  (void)sizeof(typename Main::SharedStorage);\n"
        + ("  (void)sizeof(typename Main::Params);\n" if params else "")
        + "  cd_mainloop<Main>();\n",
    )
    return f'#include "collective_prelude.h"\nvoid case_0() {{\n{body}}}\n'


def refusals(configs: list[Config], params: bool = False) -> list[str]:
    """CUTLASS's first static_assert message for each configuration ("compiles" when it has none), recorded
    (:func:`syntax_verdicts`)."""
    from tests.oracle import records

    srcs = [refusal_source(c, params) for c in configs]
    text = "pch\0" + "\0".join(FLAGS) + PRELUDE + "\0".join(srcs)
    key = "collective-err-" + hashlib.sha256(records.question(text).encode()).hexdigest()[:24]
    return syntax_verdicts(srcs, PRELUDE, key, what=f"CUTLASS's refusals of {len(configs)} collectives")


def field_diff(cfg, theirs: dict, ours: dict, path="") -> list[str]:
    """Each field (nested dicts walked, dotted paths) where CUTLASS's collective and cutedump's JSON differ, one line
    each naming the configuration."""
    bad = []
    for k in sorted(set(theirs) | set(ours)):
        a, b = theirs.get(k), ours.get(k)
        if isinstance(a, dict) and isinstance(b, dict):
            bad += field_diff(cfg, a, b, f"{path}{k}.")
        elif a != b:
            bad.append(f"{cfg}: {path}{k}: CUTLASS {str(a)[:200]!r} / ours {str(b)[:200]!r}")
    return bad


def survey_rows(cfgs: list, refusals, ask) -> list[tuple]:
    """(configuration, CUTLASS's refusal or "compiles", CUTLASS's fields or None) of each configuration: the
    generator's ``refusals`` first (one translation unit each), then ``ask`` for the fields of those that compile."""
    refused = [r.strip() for r in refusals(cfgs)]
    built = [c for c, r in zip(cfgs, refused) if r == "compiles"]
    fields = dict(zip(built, ask(built)))
    return [(c, r, fields.get(c)) for c, r in zip(cfgs, refused)]


def syntax_verdicts(srcs: list[str], prelude: str, key: str, what: str) -> list[str]:
    """Each translation unit of ``srcs`` (``#include "collective_prelude.h"`` and one configuration) compiled
    ``-fsyntax-only``: its first static_assert message, else its first error, else "compiles"; recorded under ``key``
    (the callers' recipe). A refusal stops the compile, and g++ reports a failing template specialization once per
    translation unit, so each configuration is its own translation unit: ``prelude`` is compiled once into a
    precompiled header (``collective_prelude.h.gch``, same flags), after which each compile takes about a second."""
    import tempfile

    from tests.oracle import records
    from tests.oracle.cute import include_dirs, run_within

    def compile_check() -> str:
        d = Path(tempfile.mkdtemp())
        (d / "collective_prelude.h").write_text(prelude)
        base = ["g++", "-std=c++17", "-O0", "-w", *FLAGS, *[f"-I{x}" for x in include_dirs()]]
        r = run_within([*base, "-x", "c++-header", str(d / "collective_prelude.h")], records.remaining())
        if r.returncode != 0:
            raise RuntimeError("precompiled prelude failed:\n" + r.stderr[-3000:])
        out = []
        for i, src in enumerate(srcs):
            f = d / f"case_{i}.cpp"
            f.write_text(src)
            r = run_within([*base, "-fsyntax-only", "-Winvalid-pch", str(f)], records.remaining())
            out.append(_first_refusal(r.stderr) + "\n")
        (d / "collective_prelude.h.gch").unlink(missing_ok=True)  # 300 MB
        return "".join(out)

    return records.answer(key, compile_check, what=what, ncases=len(srcs)).splitlines()


# ------------------------------------------------------------------------------------------- configurations

_PAIRS = [  # (A, B, accumulator, K-major only)
    ("half_t", "half_t", "float", False),
    ("bfloat16_t", "bfloat16_t", "float", False),
    ("half_t", "half_t", "half_t", False),
    ("tfloat32_t", "tfloat32_t", "float", True),
    ("float", "float", "float", True),
    ("float_e4m3_t", "float_e4m3_t", "float", True),
    ("float_e4m3_t", "float_e5m2_t", "float", True),
    ("float_e5m2_t", "float_e4m3_t", "float", True),
    ("float_e5m2_t", "float_e5m2_t", "half_t", True),
    ("int8_t", "int8_t", "int32_t", True),
    ("uint8_t", "int8_t", "int32_t", True),
]
_SCHEDULES = [
    "KernelScheduleAuto",
    "KernelScheduleAuto",
    "KernelTmaWarpSpecialized",
    "KernelTmaWarpSpecializedPingpong",
    "KernelTmaWarpSpecializedCooperative",
]
_FAST = [
    "KernelTmaWarpSpecializedFP8FastAccum",
    "KernelTmaWarpSpecializedPingpongFP8FastAccum",
    "KernelTmaWarpSpecializedCooperativeFP8FastAccum",
]


def sm90_configs(n: int, seed: int) -> list[Config]:
    """``n`` SM90 configurations drawn broadly: every type pair, both majors where CUTLASS's SS builder takes them,
    tiles 64..256, clusters 1..4 per mode, explicit/Auto schedules and stages, carveouts, TMA and no-smem
    epilogues with and without a source, both C/D majors, explicit epilogue tiles."""
    import random

    from cutedump.collective.config import Operand

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        a, b, acc, konly = rng.choice(_PAIRS)
        la = "RowMajor" if konly or rng.random() < 0.5 else "ColumnMajor"
        lb = "ColumnMajor" if konly or rng.random() < 0.5 else "RowMajor"
        kstep = {16: 16, 32: 8, 8: 32}[
            8 if "8" in a[-4:] or a in ("int8_t", "uint8_t") else (32 if a in ("tfloat32_t", "float") else 16)
        ]
        m = rng.choice([64, 128, 128, 256])
        nn = rng.choice([64, 96, 128, 128, 192, 256, 80, 112, 160])
        k = kstep * rng.choice([2, 4, 4, 8]) if kstep < 32 else rng.choice([64, 128, 128, 256])
        k = min(k, 256)
        cl = (rng.choice([1, 1, 2, 4]), rng.choice([1, 1, 2, 4]), 1)
        sched = rng.choice(_SCHEDULES + (_FAST if a.startswith("float_e") else []))
        esched = rng.choice(
            ["EpilogueScheduleAuto", "TmaWarpSpecialized", "TmaWarpSpecializedCooperative", "NoSmemWarpSpecialized"]
        )
        d = rng.choice(["half_t", "bfloat16_t", "float"] + (["int32_t"] if acc == "int32_t" else []))
        c = rng.choice(["void", d, "float" if d != "float" else "half_t"])
        if acc == "int32_t" and c not in ("void", "int32_t"):
            c = "int32_t"
        cfg = Config(
            "sm90",
            Operand(a, la),
            Operand(b, lb),
            Operand(c, rng.choice(["RowMajor", "ColumnMajor"])),
            Operand(d, rng.choice(["RowMajor", "RowMajor", "ColumnMajor"])),
            acc,
            (m, nn, k),
            cl,
            stages=rng.choice([None, None, None, 2, 3, 4]),
            carveout=rng.choice([None, None, None, 0, 16384, 32768]),
            schedule=sched,
            epilogue_schedule=esched,
            epilogue_tile=(
                rng.choice([(64, 32), (128, 32), (64, 64), (128, 64), (64, 16)])
                if esched.startswith("Tma") and rng.random() < 0.25
                else None
            ),
        )
        out.append(cfg)
    return out


def sm90_refused() -> list[Config]:
    """Configurations CUTLASS refuses, one rule each (the builders', the selectors', the collectives')."""
    from cutedump.collective.config import Operand

    h = Config(
        "sm90",
        Operand("half_t", "RowMajor"),
        Operand("half_t", "ColumnMajor"),
        Operand("void", "RowMajor"),
        Operand("half_t", "RowMajor"),
        "float",
        (128, 128, 64),
    )
    f8 = h._replace(
        a=Operand("float_e4m3_t", "RowMajor"), b=Operand("float_e4m3_t", "ColumnMajor"), tile=(128, 128, 128)
    )
    return [
        h._replace(tile=(96, 128, 64)),  # Tile_M % 64
        h._replace(tile=(192, 100, 64), schedule="KernelTmaWarpSpecialized"),  # Tile_N % 8
        h._replace(tile=(128, 128, 40)),  # Tile_K % 16
        f8._replace(tile=(128, 128, 48)),  # fp8 Tile_K % 32
        h._replace(acc="half_t", a=Operand("bfloat16_t", "RowMajor"), b=Operand("bfloat16_t", "ColumnMajor")),
        h._replace(acc="float", a=Operand("int8_t", "RowMajor"), b=Operand("int8_t", "ColumnMajor")),
        f8._replace(a=Operand("float_e4m3_t", "ColumnMajor"), schedule="KernelTmaWarpSpecializedFP8FastAccum"),
        h._replace(schedule="KernelTmaWarpSpecializedCooperativeFP8FastAccum"),
        h._replace(schedule="KernelTmaWarpSpecializedCooperative", align=(4, 0, 0, 0)),
        h._replace(stages=1),
        f8._replace(stages=1),
        h._replace(epilogue_schedule="TmaWarpSpecialized", epilogue_tile=(128, 32)),
        h._replace(epilogue_schedule="TmaWarpSpecializedCooperative", epilogue_tile=(128, 24)),
        h._replace(epilogue_schedule="TmaWarpSpecialized", align=(0, 0, 0, 4)),
        h._replace(epilogue_schedule="TmaWarpSpecialized", epilogue_tile=(64, 48)),  # shape_div
        h._replace(epilogue_schedule="TmaWarpSpecialized", epilogue_tile=(64, 256)),  # EPI_TILE_N
        h._replace(
            tile=(64, 128, 64), epilogue_schedule="TmaWarpSpecializedCooperative", epilogue_tile=(128, 32)
        ),  # EPI_TILE_M
        h._replace(tile=(256, 256, 128), carveout=180000),
        h._replace(tile=(128, 128, 64), c=Operand("float", "RowMajor"), carveout=200000),
    ]


_PAIRS_100 = [  # (A, B, accumulator)
    ("half_t", "half_t", "float"),
    ("bfloat16_t", "bfloat16_t", "float"),
    ("half_t", "half_t", "half_t"),
    ("tfloat32_t", "tfloat32_t", "float"),
    ("float", "float", "float"),
    ("float_e4m3_t", "float_e4m3_t", "float"),
    ("float_e4m3_t", "float_e5m2_t", "float"),
    ("float_e5m2_t", "float_e5m2_t", "float"),
    ("int8_t", "int8_t", "int32_t"),
    ("uint8_t", "uint8_t", "int32_t"),
]


def sm100_configs(n: int, seed: int) -> list[Config]:
    """``n`` SM100 configurations: 1SM, 2SM and Auto schedules, every type pair, both majors, tiles 64..256,
    clusters 1..4 per mode, explicit/Auto stages, carveouts, Auto and explicit TMA epilogues with and without a
    source, both C/D majors."""
    import random

    from cutedump.collective.config import Operand

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        a, b, acc = rng.choice(_PAIRS_100)
        bits = {"half_t": 16, "bfloat16_t": 16, "tfloat32_t": 32, "float": 32}.get(a, 8)
        sched = rng.choice(
            [
                "KernelScheduleAuto",
                "KernelScheduleAuto",
                "KernelTmaWarpSpecialized1SmSm100",
                "KernelTmaWarpSpecialized2SmSm100",
            ]
        )
        cm = rng.choice([1, 2, 2, 4])
        if sched.endswith("2SmSm100") and cm % 2:
            cm = 2
        cl = (cm, rng.choice([1, 1, 2, 4]), 1)
        two = sched.endswith("2SmSm100") or (sched == "KernelScheduleAuto" and cm % 2 == 0)
        m = rng.choice([128, 256]) if two else rng.choice([64, 128])
        nn = rng.choice([64, 128, 128, 192, 256, 96, 160])
        k = rng.choice([64, 128]) * 8 // bits if bits < 32 else rng.choice([16, 32, 64])
        k = max(k, 16)
        esched = (
            "EpilogueScheduleAuto"
            if sched == "KernelScheduleAuto" or rng.random() < 0.3
            else ("TmaWarpSpecialized2Sm" if sched.endswith("2SmSm100") else "TmaWarpSpecialized1Sm")
        )
        d = rng.choice(["half_t", "bfloat16_t", "float"])
        c = rng.choice(["void", d, "float" if d != "float" else "half_t"])
        if acc == "int32_t":
            d = rng.choice(["int32_t", "float"]) if False else "float"
            c = rng.choice(["void", "float"])
        out.append(
            Config(
                "sm100",
                Operand(a, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(b, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(c, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(d, rng.choice(["RowMajor", "RowMajor", "ColumnMajor"])),
                acc,
                (m, nn, k),
                cl,
                stages=rng.choice([None, None, None, 2, 4]),
                carveout=rng.choice([None, None, None, 0, 32768]),
                schedule=sched,
                epilogue_schedule=esched,
            )
        )
    return out


def sm100_refused() -> list[Config]:
    """SM100 configurations CUTLASS refuses, one rule each."""
    from cutedump.collective.config import Operand

    h = Config(
        "sm100",
        Operand("half_t", "RowMajor"),
        Operand("half_t", "ColumnMajor"),
        Operand("void", "RowMajor"),
        Operand("half_t", "RowMajor"),
        "float",
        (128, 128, 64),
    )
    return [
        h._replace(
            tile=(256, 128, 64), schedule="KernelTmaWarpSpecialized1SmSm100", epilogue_schedule="TmaWarpSpecialized1Sm"
        ),  # 1SM M
        h._replace(
            tile=(64, 128, 64),
            cluster=(2, 1, 1),
            schedule="KernelTmaWarpSpecialized2SmSm100",
            epilogue_schedule="TmaWarpSpecialized2Sm",
        ),  # 2SM M
        h._replace(
            cluster=(1, 1, 1), schedule="KernelTmaWarpSpecialized2SmSm100", epilogue_schedule="TmaWarpSpecialized2Sm"
        ),  # schedule + cluster
        h._replace(tile=(128, 264, 64)),  # N > 256
        h._replace(a=Operand("half_t", "RowMajor"), b=Operand("bfloat16_t", "ColumnMajor")),  # A/B types
        h._replace(epilogue_tile=(64, 32)),  # auto + epi tile
        h._replace(tile=(128, 256, 128), stages=1),  # Stages >= 2
        h._replace(tile=(256, 256, 128), cluster=(2, 1, 1), carveout=200000),  # no stage fits
    ]


def sm100_nosmem() -> list[Config]:
    """SM100 configurations with the no-smem epilogues (NoSmemWarpSpecialized1Sm/2Sm)."""
    from cutedump.collective.config import Operand

    return [
        Config(
            "sm100",
            Operand("half_t", "RowMajor"),
            Operand("half_t", "ColumnMajor"),
            Operand("float", "RowMajor"),
            Operand("half_t", "RowMajor"),
            "float",
            (128, 128, 64),
            schedule="KernelTmaWarpSpecialized1SmSm100",
            epilogue_schedule="NoSmemWarpSpecialized1Sm",
        ),
        Config(
            "sm100",
            Operand("bfloat16_t", "ColumnMajor"),
            Operand("bfloat16_t", "RowMajor"),
            Operand("void", "RowMajor"),
            Operand("float", "ColumnMajor"),
            "float",
            (256, 256, 64),
            (2, 1, 1),
            schedule="KernelTmaWarpSpecialized2SmSm100",
            epilogue_schedule="NoSmemWarpSpecialized2Sm",
        ),
        Config(
            "sm100",
            Operand("float_e4m3_t", "RowMajor"),
            Operand("float_e5m2_t", "ColumnMajor"),
            Operand("half_t", "ColumnMajor"),
            Operand("half_t", "ColumnMajor"),
            "float",
            (64, 192, 128),
            (1, 4, 1),
            epilogue_schedule="NoSmemWarpSpecialized1Sm",
        ),
    ]


_PAIRS_RS = [  # same-width pairs that are not both 16-bit: the RS builder when an operand is MN-major
    ("tfloat32_t", "tfloat32_t", "float"),
    ("float", "float", "float"),
    ("float_e4m3_t", "float_e4m3_t", "float"),
    ("float_e4m3_t", "float_e5m2_t", "half_t"),
    ("float_e5m2_t", "float_e4m3_t", "float"),
    ("float_e5m2_t", "float_e5m2_t", "float"),
    ("int8_t", "int8_t", "int32_t"),
    ("uint8_t", "int8_t", "int32_t"),
    ("int8_t", "uint8_t", "int32_t"),
]


def sm90_rs_configs(n: int, seed: int) -> list[Config]:
    """``n`` SM90 configurations of the RS builder (register-sourced A): tf32/f32/fp8/int8 pairs with A MN-major,
    B MN-major or both; TMA schedules explicit and Auto; tiles whose K is 128 bytes (the in-smem transposition of B
    needs it) or not; explicit/Auto stages, carveouts, TMA and no-smem epilogues."""
    import random

    from cutedump.collective.config import Operand

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        a, b, acc = rng.choice(_PAIRS_RS)
        la, lb = rng.choice([("ColumnMajor", "ColumnMajor"), ("RowMajor", "RowMajor"), ("ColumnMajor", "RowMajor")])
        bits = 32 if a in ("tfloat32_t", "float") else 8
        k = (1024 // bits) * rng.choice([1, 1, 1, 2]) if rng.random() < 0.8 else rng.choice([32, 64]) * 8 // bits
        sched = rng.choice(_SCHEDULES)
        m = (
            rng.choice([64, 128, 128, 256])
            if sched != "KernelTmaWarpSpecializedCooperative"
            else rng.choice([128, 256])
        )
        nn = rng.choice([64, 128, 128, 256, 192, 96, 32])
        esched = rng.choice(["EpilogueScheduleAuto", "NoSmemWarpSpecialized", "TmaWarpSpecialized"])
        if esched == "TmaWarpSpecialized" and (
            sched == "KernelTmaWarpSpecializedCooperative" or (sched == "KernelScheduleAuto" and m != 64)
        ):
            esched = "TmaWarpSpecializedCooperative"
        d = "int32_t" if acc == "int32_t" and rng.random() < 0.5 else rng.choice(["half_t", "bfloat16_t", "float"])
        c = rng.choice(["void", d])
        out.append(
            Config(
                "sm90",
                Operand(a, la),
                Operand(b, lb),
                Operand(c, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(d, rng.choice(["RowMajor", "ColumnMajor"])),
                acc,
                (m, nn, k),
                (rng.choice([1, 1, 2, 4]), rng.choice([1, 1, 2]), 1),
                stages=rng.choice([None, None, None, 2, 3, 5]),
                carveout=rng.choice([None, None, None, 0, 32768]),
                schedule=sched,
                epilogue_schedule=esched,
            )
        )
    return out


_CP_ASYNC = [
    "KernelCpAsyncWarpSpecialized",
    "KernelCpAsyncWarpSpecializedPingpong",
    "KernelCpAsyncWarpSpecializedCooperative",
]


def sm90_cp_async_configs(n: int, seed: int) -> list[Config]:
    """``n`` SM90 configurations of the cp.async builders (SS and RS): the three KernelCpAsync* schedules, and
    KernelScheduleAuto with operands not 16-byte aligned (TMA needs 16); every type pair, both majors, alignments of
    4 and 8 bytes, explicit/Auto stages, TMA and no-smem epilogues."""
    import random

    from cutedump.collective.config import Operand

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        if rng.random() < 0.5:
            a, b, acc, _ = rng.choice(_PAIRS)
        else:
            a, b, acc = rng.choice(_PAIRS_RS)
        la, lb = rng.choice(["RowMajor", "ColumnMajor"]), rng.choice(["RowMajor", "ColumnMajor"])
        bits = {"half_t": 16, "bfloat16_t": 16, "tfloat32_t": 32, "float": 32}.get(a, 8)
        sched = rng.choice(_CP_ASYNC + ["KernelScheduleAuto"])
        abytes = rng.choice([4, 8, 16]) if sched != "KernelScheduleAuto" else rng.choice([4, 8])
        al = abytes * 8 // bits
        k = rng.choice([32, 64, 128]) * 8 // bits if bits != 8 else rng.choice([64, 128])
        m = rng.choice([64, 128, 128, 256])
        nn = rng.choice([64, 128, 128, 256, 192, 96])
        esched = rng.choice(["EpilogueScheduleAuto", "NoSmemWarpSpecialized", "TmaWarpSpecialized"])
        d = "int32_t" if acc == "int32_t" and rng.random() < 0.5 else rng.choice(["half_t", "bfloat16_t", "float"])
        out.append(
            Config(
                "sm90",
                Operand(a, la),
                Operand(b, lb),
                Operand(rng.choice(["void", d]), rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(d, rng.choice(["RowMajor", "ColumnMajor"])),
                acc,
                (m, nn, k),
                (1, 1, 1),
                stages=rng.choice([None, None, 2, 3, 4]),
                carveout=rng.choice([None, None, None, 0, 32768]),
                schedule=sched,
                epilogue_schedule=esched,
                align=(al, al, 0, 0),
            )
        )
    return out


_ALL_PAIRS = [(a, b, acc, False) for a, b, acc, _ in _PAIRS] + [(a, b, acc, False) for a, b, acc in _PAIRS_RS]


def sm90_broad(n: int, seed: int) -> list[Config]:
    """``n`` SM90 configurations drawn over the whole space, CUTLASS's refusals included: every type pair and both
    majors, odd tiles (M 64..256 by 32, N 8..256 by 8 and some not, K by 8), clusters 1..4 per mode (3 too), every
    schedule, stage counts 1..8, carveouts up to 200 KB, epilogue tiles, C/D alignments, unsupported pairs."""
    import random

    from cutedump.collective.config import SM90_EPILOGUE_SCHEDULES, SM90_KERNEL_SCHEDULES, Operand

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        a, b, acc, _ = rng.choice(_ALL_PAIRS)
        if rng.random() < 0.08:  # an accumulator or a pair CUTLASS has no GMMA for
            acc = rng.choice(["half_t", "float", "int32_t"])
        bits = {"half_t": 16, "bfloat16_t": 16, "tfloat32_t": 32, "float": 32}.get(a, 8)
        m = rng.choice([64, 128, 128, 192, 256, 96, 64])
        nn = rng.choice([64, 128, 128, 256, 192, 96, 160, 80, 112, 24, 8, 100, 200])
        k = rng.choice([32, 64, 64, 128, 128, 256, 48]) * 8 // bits
        # the schedules of the first collective issue (those issue 44 added to the command's tables draw nothing
        # here: the recorded batches keep their configurations; tests/test_collective_sm90_kinds.py draws them)
        sched = rng.choice(SM90_KERNEL_SCHEDULES[:10])
        esched = rng.choice(SM90_EPILOGUE_SCHEDULES[:4])
        d = rng.choice(["half_t", "bfloat16_t", "float", "int32_t", "float_e4m3_t"])
        c = rng.choice(["void", d, "float", "half_t"])
        r = rng.random()
        align = (0, 0, 0, 0)
        if r < 0.1:
            x = rng.choice([1, 2, 4]) * 32 // bits or 1
            align = (x, x, 0, 0)
        elif r < 0.15:
            align = (0, 0, 0, rng.choice([2, 4]))
        out.append(
            Config(
                "sm90",
                Operand(a, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(b, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(c, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(d, rng.choice(["RowMajor", "ColumnMajor"])),
                acc,
                (m, nn, k),
                (rng.choice([1, 1, 2, 3, 4]), rng.choice([1, 1, 2, 3, 4]), 1),
                stages=rng.choice([None, None, None, 1, 2, 4, 8]),
                carveout=rng.choice([None, None, None, 0, 16384, 100000, 200000]),
                schedule=sched,
                epilogue_schedule=esched,
                epilogue_tile=(
                    rng.choice([(64, 32), (128, 32), (64, 64), (128, 64), (64, 16), (64, 24)])
                    if esched.startswith("Tma") and rng.random() < 0.2
                    else None
                ),
                align=align,
            )
        )
    return out


def sm100_broad(n: int, seed: int) -> list[Config]:
    """``n`` SM100 configurations over the whole space, refusals included: 1SM/2SM/Auto, every type pair, both
    majors, odd tiles, clusters 1..4 per mode (3 too), stage counts 1..8, carveouts, every epilogue schedule."""
    import random

    from cutedump.collective.config import SM100_EPILOGUE_SCHEDULES, SM100_KERNEL_SCHEDULES, Operand

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        a, b, acc = rng.choice(_PAIRS_100)
        bits = {"half_t": 16, "bfloat16_t": 16, "tfloat32_t": 32, "float": 32}.get(a, 8)
        # the dense schedules (the block-scaled ones issue 44 added to the command's table draw nothing here: the
        # recorded batches keep their configurations)
        sched = rng.choice(SM100_KERNEL_SCHEDULES[:3])
        m = rng.choice([64, 128, 128, 256, 256, 192])
        nn = rng.choice([64, 128, 128, 256, 192, 96, 160, 80, 112, 32, 48, 264])
        k = rng.choice([16, 32, 64, 64, 128, 128, 256]) * 8 // bits
        esched = rng.choice(SM100_EPILOGUE_SCHEDULES[:5])  # the first issue's five (record keys)
        d = rng.choice(["half_t", "bfloat16_t", "float"])
        c = rng.choice(["void", d, "float"])
        out.append(
            Config(
                "sm100",
                Operand(a, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(b, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(c, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(d, rng.choice(["RowMajor", "ColumnMajor"])),
                acc,
                (m, nn, k),
                (rng.choice([1, 2, 2, 3, 4]), rng.choice([1, 1, 2, 3, 4]), 1),
                stages=rng.choice([None, None, None, 1, 2, 4, 8]),
                carveout=rng.choice([None, None, None, 0, 32768, 150000]),
                schedule=sched,
                epilogue_schedule=esched,
                epilogue_tile=rng.choice([(64, 32), (128, 64)]) if rng.random() < 0.1 else None,
            )
        )
    return out


def stage_slice_known() -> list[Config]:
    """The stage-0 slice refusals first seen as disagreements (SM100 tf32 1SM both column-major 128x48x32 no-smem;
    SM100 2SM tf32 MN-major A 256x96x32) and an SM90 one (f16 128x24x16, refused in the kernel's Params), with a
    neighbour of each that CUTLASS accepts."""
    from cutedump.collective.config import Operand

    tf = Config(
        "sm100",
        Operand("tfloat32_t", "ColumnMajor"),
        Operand("tfloat32_t", "ColumnMajor"),
        Operand("void", "RowMajor"),
        Operand("float", "RowMajor"),
        "float",
        (128, 48, 32),
        schedule="KernelTmaWarpSpecialized1SmSm100",
        epilogue_schedule="NoSmemWarpSpecialized1Sm",
    )
    two = tf._replace(
        b=Operand("tfloat32_t", "ColumnMajor"),
        tile=(256, 96, 32),
        cluster=(2, 1, 1),
        schedule="KernelTmaWarpSpecialized2SmSm100",
        epilogue_schedule="EpilogueScheduleAuto",
    )
    h90 = Config(
        "sm90",
        Operand("half_t", "RowMajor"),
        Operand("half_t", "ColumnMajor"),
        Operand("void", "RowMajor"),
        Operand("float", "RowMajor"),
        "float",
        (128, 24, 16),
        schedule="KernelTmaWarpSpecializedCooperative",
    )
    return [
        tf,
        tf._replace(tile=(128, 64, 32)),
        two,
        two._replace(tile=(256, 128, 32)),
        h90,
        h90._replace(tile=(128, 32, 16)),
    ]


def stage_slice_configs(arch: str, n: int, seed: int) -> list[Config]:
    """``n`` configurations around the TMA's stage-0 slice of a swizzled smem layout (the Stride Divisibility
    Condition of ``SmemLayoutB{}(_,_,_,Int<0>{})``): N (and M) in steps of 16 (SM100) or 8 (SM90), K one or two
    swizzle rows, both majors, every type pair, 1SM/2SM (SM100), TMA and no-smem epilogues."""
    import random

    from cutedump.collective.config import Operand

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        if arch == "sm100":
            a, b, acc = rng.choice(_PAIRS_100[:2] + _PAIRS_100[3:7] + [_PAIRS_100[3]] * 4)
            sched = rng.choice(["KernelTmaWarpSpecialized1SmSm100", "KernelTmaWarpSpecialized2SmSm100"])
            two = sched.endswith("2SmSm100")
            m = rng.choice([128, 256]) if two else rng.choice([64, 128])
            nn = rng.choice(range(16, 257, 16))
            cl = (2 if two else 1, 1, 1)
            nosmem = "NoSmemWarpSpecialized2Sm" if two else "NoSmemWarpSpecialized1Sm"
            esched = rng.choice(["EpilogueScheduleAuto", nosmem, nosmem])
        else:
            a, b, acc = rng.choice([p[:3] for p in _PAIRS[:6]])
            sched = rng.choice(_SCHEDULES)
            m = rng.choice([64, 128])
            nn = rng.choice(range(8, 257, 8))
            cl = (1, 1, 1)
            esched = rng.choice(["EpilogueScheduleAuto", "NoSmemWarpSpecialized"])
        bits = {"half_t": 16, "bfloat16_t": 16, "tfloat32_t": 32, "float": 32}.get(a, 8)
        k = rng.choice([1, 2, 4]) * 256 // bits
        out.append(
            Config(
                arch,
                Operand(a, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand(b, rng.choice(["RowMajor", "ColumnMajor"])),
                Operand("void", "RowMajor"),
                Operand("float", "RowMajor"),
                acc,
                (m, nn, k),
                cl,
                schedule=sched,
                epilogue_schedule=esched,
            )
        )
    return out


def umma_desc_body(cfg: Config) -> str:
    """The SM100 collective's UMMA descriptors as its mma_init makes them (sm100_mma_warpspecialized.hpp:554-558:
    ``TiledMma::make_fragment_A/B`` over sA/sB with the smem pointer unset): every k-block of stage 0, then the
    TiledMMA's instruction descriptor ``idesc_``."""
    body = cpp_body(cfg).replace("  cd_mainloop<Main>();\n  cd_epilogue<Epi>();\n", "")
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


def ask_umma_descs(configs: list[Config]) -> list[dict]:
    """CUTLASS's UMMA descriptors (``A``, ``B``: k-blocks of stage 0) and ``idesc`` of each SM100 configuration."""
    from tests.oracle.cute import run_cases

    outs = run_cases([umma_desc_body(c) for c in configs], prelude=PRELUDE, extra_flags=FLAGS)
    return [parse_answer(o) for o in outs]


# ------------------------------------------------------------------------- issue 44 (SM90): KernelTma, grouped,
# blockwise scaling, fusions

_FUSIONS = [
    "LinearCombination",
    "LinCombEltAct<ReLu>",
    "LinCombEltAct<GELU>",
    "LinCombEltAct<SiLu>",
    "LinCombPerRowBias",
    "LinCombPerColBias",
    "LinCombPerRowBiasEltAct<ReLu>",
    "LinCombPerColBiasEltAct<GELU_taylor>",
    "ScaledLinCombPerRowBiasEltAct<ReLU>",
    "ScaledLinCombPerColBiasEltAct<Sigmoid>",
    "LinCombPerRowBiasEltActAux<ReLu>",
    "LinCombPerColBiasEltActAux<ReLu>",
    "ScaledLinCombPerRowBiasEltActAmaxAux<ReLU>",
    "ScaledLinCombPerColBiasEltActAmaxAux<HardSwish>",
]


def sm90_issue44_configs(n: int, seed: int) -> list[Config]:
    """``n`` SM90 configurations of issue 44's new kinds, drawn broadly: KernelTma (every SS type pair, both majors),
    grouped GEMMs (KernelPtrArray* Cooperative/Pingpong/FP8FastAccum/FP8Blockwise with the PtrArray TMA and no-smem
    epilogues), FP8 blockwise scaling (granularities 1/32/64/128 per M and N, 128 along K, every --sf-major), and
    the fusions (every modelled operation and activation, TMA epilogues, with and without a source), over tiles
    64..256, clusters 1..2 per mode, carveouts and Auto stages."""
    import random

    from cutedump.collective.config import Operand

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        kind = rng.choice(["tma", "grouped", "blockwise", "fusion"])
        a, b, acc, konly = rng.choice(_PAIRS)
        fp8 = a.startswith("float_e") and b.startswith("float_e")
        if kind == "blockwise" and not fp8:
            a, b, acc, konly = rng.choice(
                [p for p in _PAIRS if p[0].startswith("float_e") and p[1].startswith("float_e")]
            )
            fp8 = True
        if kind == "blockwise":
            acc = "float"
        la = "RowMajor" if konly or rng.random() < 0.6 else "ColumnMajor"
        lb = "ColumnMajor" if konly or rng.random() < 0.6 else "RowMajor"
        bits = {"half_t": 16, "bfloat16_t": 16, "tfloat32_t": 32, "float": 32}.get(a, 8)
        k = rng.choice([32, 64, 128]) * 8 // bits if bits != 8 else rng.choice([64, 128, 128])
        if kind == "blockwise":
            k = 128
        m = rng.choice([64, 128, 128, 256])
        nn = rng.choice([64, 128, 128, 256, 192])
        cl = (rng.choice([1, 1, 2]), rng.choice([1, 1, 2]), 1)
        d = rng.choice(["half_t", "bfloat16_t", "float"] + (["float_e4m3_t"] if fp8 else []))
        c = rng.choice(["void", d, d])
        lc = rng.choice(["RowMajor", "ColumnMajor"])
        ld = lc if c != "void" else rng.choice(["RowMajor", "ColumnMajor"])
        coop = m >= 128 and rng.random() < 0.6
        fusion = None
        grouped = False
        sf_vec = None
        sf_major = ("MN", "MN")
        epi_tile = None
        if kind == "tma":
            sched = "KernelTma"
            esched = rng.choice(["EpilogueScheduleAuto", "NoSmemWarpSpecialized"])
            cl = (cl[0], cl[1], 1)
        elif kind == "grouped":
            grouped = True
            base = "Cooperative" if coop else "Pingpong"
            if fp8 and rng.random() < 0.5:
                sched = f"KernelPtrArrayTmaWarpSpecialized{base}FP8FastAccum"
                la, lb = "RowMajor", "ColumnMajor"
            else:
                sched = f"KernelPtrArrayTmaWarpSpecialized{base}"
            esched = rng.choice(
                [
                    f"PtrArrayTmaWarpSpecialized{base}",
                    f"PtrArrayTmaWarpSpecialized{base}",
                    "PtrArrayNoSmemWarpSpecialized",
                ]
            )
        elif kind == "blockwise":
            la, lb = "RowMajor", "ColumnMajor"
            base = "Cooperative" if coop else "Pingpong"
            grouped = rng.random() < 0.3
            sched = f"Kernel{'PtrArray' if grouped else ''}TmaWarpSpecialized{base}FP8Blockwise"
            sf_vec = (rng.choice([1, 1, 32, 64, m]), rng.choice([1, 64, 128, nn]), 128)
            sf_vec = (min(sf_vec[0], m), min(sf_vec[1], nn), 128)
            if m % sf_vec[0] or nn % sf_vec[1]:
                sf_vec = (1, nn, 128)
            sf_major = rng.choice([("MN", "MN"), ("MN", "K"), ("K", "MN"), ("K", "K")])
            esched = (
                f"PtrArrayTmaWarpSpecialized{base}"
                if grouped
                else rng.choice(
                    ["TmaWarpSpecializedCooperative" if coop else "TmaWarpSpecialized", "NoSmemWarpSpecialized"]
                )
            )
            acc = "float"
        else:
            sched = rng.choice(
                [
                    "KernelTmaWarpSpecializedCooperative" if coop else "KernelTmaWarpSpecialized",
                    "KernelTmaWarpSpecializedCooperative" if coop else "KernelTmaWarpSpecializedPingpong",
                ]
            )
            esched = "TmaWarpSpecializedCooperative" if coop else "TmaWarpSpecialized"
            fusion = rng.choice(_FUSIONS)
            if rng.random() < 0.2:
                epi_tile = (128 if coop else 64, rng.choice([32, 64]))
        if acc == "int32_t":
            d = "int32_t" if kind != "fusion" else "float"
            c = rng.choice(["void", d])
        out.append(
            Config(
                "sm90",
                Operand(a, la),
                Operand(b, lb),
                Operand(c, lc),
                Operand(d, ld),
                acc,
                (m, nn, k),
                cl,
                stages=rng.choice([None, None, None, 3]) if kind in ("tma", "grouped") else None,
                carveout=rng.choice([None, None, None, 0, 16384]),
                schedule=sched,
                epilogue_schedule=esched,
                epilogue_tile=epi_tile,
                grouped=grouped,
                sf_vec=sf_vec,
                sf_major=sf_major,
                fusion=fusion,
            )
        )
    return out


def sm90_issue44_refused() -> list[Config]:
    """Issue 44's SM90 kinds that CUTLASS refuses, one rule each: an explicit stage count with the blockwise and
    mixed-input builders (compile errors), a fusion with the Auto or no-smem epilogue, blockwise granularities that
    do not divide the tile or break the promotion interval, non-FP8 blockwise, KernelTma with one stage."""
    from cutedump.collective.config import Operand

    f8 = Config(
        "sm90",
        Operand("float_e4m3_t", "RowMajor"),
        Operand("float_e4m3_t", "ColumnMajor"),
        Operand("float", "ColumnMajor"),
        Operand("float", "ColumnMajor"),
        "float",
        (128, 128, 128),
        (1, 2, 1),
        schedule="KernelTmaWarpSpecializedCooperativeFP8Blockwise",
        epilogue_schedule="TmaWarpSpecializedCooperative",
        sf_vec=(1, 128, 128),
    )
    h = Config(
        "sm90",
        Operand("half_t", "RowMajor"),
        Operand("half_t", "ColumnMajor"),
        Operand("half_t", "RowMajor"),
        Operand("half_t", "RowMajor"),
        "float",
        (128, 128, 64),
    )
    return [
        f8._replace(stages=3),  # blockwise: StageCount<N> has no overload
        f8._replace(sf_vec=(96, 128, 128)),  # M granularity does not divide the tile
        f8._replace(sf_vec=(1, 96, 128)),  # N granularity
        f8._replace(sf_vec=(1, 128, 64)),  # K granularity: promotion interval 2
        f8._replace(tile=(128, 128, 256), sf_vec=(1, 128, 128)),  # interval below the MMA k-blocks
        f8._replace(a=Operand("half_t", "RowMajor"), b=Operand("half_t", "ColumnMajor"), tile=(128, 128, 64)),  # fp8
        h._replace(epilogue_schedule="EpilogueScheduleAuto", fusion="LinCombEltAct<ReLu>"),
        h._replace(epilogue_schedule="NoSmemWarpSpecialized", fusion="LinCombEltAct<ReLu>"),
        h._replace(schedule="KernelTma", stages=1),
        h._replace(a=Operand("int4b_t", "RowMajor"), b=Operand("half_t", "ColumnMajor"), stages=3),  # mixed + stages
        h._replace(
            a=Operand("float_e4m3_t", "RowMajor"), b=Operand("half_t", "ColumnMajor"), stages=4
        ),  # mixed + stages
    ]


def sm90_mixed_input() -> list[Config]:
    """Example 55's mixed-input pairs (ConvertOnly: a narrow operand converted to the wide one's type in registers):
    CUTLASS builds them (MainloopSm90TmaGmmaRmemAWarpSpecializedMixedInput); cutedump says it does not model them."""
    from cutedump.collective.config import Operand

    base = Config(
        "sm90",
        Operand("int4b_t", "RowMajor"),
        Operand("half_t", "ColumnMajor"),
        Operand("half_t", "ColumnMajor"),
        Operand("half_t", "ColumnMajor"),
        "float",
        (128, 128, 128),
        (1, 1, 1),
        schedule="KernelTmaWarpSpecializedCooperative",
        epilogue_schedule="TmaWarpSpecializedCooperative",
    )
    return [
        base,
        base._replace(
            a=Operand("uint4b_t", "RowMajor"),
            b=Operand("bfloat16_t", "ColumnMajor"),
            c=Operand("bfloat16_t", "ColumnMajor"),
            d=Operand("bfloat16_t", "ColumnMajor"),
        ),
        base._replace(
            a=Operand("float_e4m3_t", "RowMajor"),
            schedule="KernelTmaWarpSpecializedPingpong",
            tile=(64, 128, 128),
            epilogue_schedule="TmaWarpSpecialized",
        ),
        base._replace(a=Operand("half_t", "RowMajor"), b=Operand("int4b_t", "ColumnMajor")),
    ]


def sm100_dynamic_configs(n: int, seed: int) -> list[Config]:
    """``n`` SM100 configurations with a dynamic cluster (ClusterShape Shape<int,int,_1>, examples 73 and 75): the
    SM100 draws of :func:`sm100_configs` (1SM, 2SM and Auto schedules, every type pair, both majors, Auto and explicit
    epilogues, no-smem ones too), the cluster made dynamic (its static stand-in 1x1x1, as the command keeps it)."""
    import random

    rng = random.Random(seed)
    out = []
    for c in sm100_configs(n, seed + 100):
        es = c.epilogue_schedule
        if es != "EpilogueScheduleAuto" and rng.random() < 0.25:
            es = "NoSmemWarpSpecialized2Sm" if es.endswith("2Sm") else "NoSmemWarpSpecialized1Sm"
        pref = (rng.choice([2, 4]), rng.choice([1, 2]), 1)
        out.append(c._replace(cluster=(1, 1, 1), dynamic_cluster=(pref, (2, 1, 1)), epilogue_schedule=es))
    return out


@functools.lru_cache(maxsize=16)
def _collective_cli(args: tuple, fmt: str, lang: str, _version: str | None):
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-m", "cutedump", "collective", *args, "--format", fmt, "--lang", lang],
        capture_output=True,
        text=True,
    )


def collective_cli(args, fmt: str = "json", lang: str = "en"):
    """``cutedump collective ARGS --format FMT --lang LANG`` as a user runs it (a subprocess; once per test session
    for the same arguments and CUTEDUMP_CUTLASS): its CompletedProcess."""
    import os

    return _collective_cli(tuple(args), fmt, lang, os.environ.get("CUTEDUMP_CUTLASS"))


def verdict_diff(cases: list, theirs: list[str], params: bool = False) -> tuple[list[str], int]:
    """Each configuration built or refused as CUTLASS does: ours ("compiles", the static_assert's text, or "not
    modelled: ...") against CUTLASS's (its first error, ``error: `` off, or "compiles"); -> (the disagreements, one
    line each, and how many configurations cutedump refuses)."""
    from cutedump.collective.build import build
    from cutedump.collective.sm90 import NotModelled, Refused

    bad, refused = [], 0
    for cfg, t in zip(cases, theirs):
        try:
            build(cfg, params=params)
            ours = "compiles"
        except Refused as e:
            ours = e.cutlass_message.strip()
            refused += 1
        except NotModelled as e:
            ours = f"not modelled: {e}"
        t = t.strip().removeprefix("error: ")  # a compile error (not a static_assert) comes as g++ words it
        if ours != t:
            bad.append(f"{cfg}: CUTLASS {t!r} / ours {ours!r}")
    return bad, refused


def survey_compare(rows, ours_of, adjust=None) -> tuple[int, int, list[str]]:
    """:func:`survey_rows`' rows (configuration, CUTLASS's refusal or "compiles", its fields or None) against
    ``ours_of(cfg)`` (the fields, the refusal message, or None: not modelled, not asked): refused with the same
    message, or built with the same fields (``adjust(cfg, theirs, ours)`` -> (theirs, ours, a disagreement or None)
    first: what a file's JSON states otherwise); -> (agree, asked, the disagreements)."""
    agree, asked, bad = 0, 0, []
    for cfg, refusal, theirs in rows:
        ours = ours_of(cfg)
        if ours is None:
            continue
        asked += 1
        if theirs is None:  # CUTLASS refuses
            if ours != refusal:
                bad.append(f"{cfg}: CUTLASS refuses {refusal!r} / ours {str(ours)[:160]!r}")
                continue
        elif isinstance(ours, str):
            bad.append(f"{cfg}: CUTLASS builds it / ours refuses {ours!r}")
            continue
        else:
            if adjust is not None:
                theirs, ours, why = adjust(cfg, theirs, ours)
                if why:
                    bad.append(why)
                    continue
            d = field_diff(cfg, theirs, ours)
            if d:
                bad += d
                continue
        agree += 1
    return agree, asked, bad
