"""CUTLASS 4.2's GEMM CollectiveBuilders (mainloop + epilogue, SM90 and SM100) asked host-only with g++.

One program instantiates the builders of a whole batch of configurations (each extra builder adds little to the
10-25 s a program takes) and prints, per configuration, the JSON fields of ``cutedump collective`` as
``@@field`` sections (collective_prelude.h says what each prelude line is for). A configuration CUTLASS refuses
stops its program at a static_assert, so refusals are asked separately: one ``-fsyntax-only`` compile of all of
them, the first diagnostic attributed to each case by its line. Answers are recorded (tests/oracle/records.py).
"""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

from cutedump.collective.config import Config

PRELUDE = (Path(__file__).resolve().parent / "collective_prelude.h").read_text()
FLAGS = ("-fpermissive", "-DCUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL")

_CPP_TYPE = {"half_t": "cutlass::half_t", "bfloat16_t": "cutlass::bfloat16_t", "tfloat32_t": "cutlass::tfloat32_t",
             "float": "float", "float_e4m3_t": "cutlass::float_e4m3_t", "float_e5m2_t": "cutlass::float_e5m2_t",
             "int8_t": "int8_t", "uint8_t": "uint8_t", "int32_t": "int32_t", "double": "double", "void": "void"}


def _shape(vals) -> str:
    return "Shape<" + ",".join(f"_{v}" for v in vals) + ">"


def cpp_body(cfg: Config) -> str:
    """The C++ statements that build ``cfg``'s epilogue and mainloop collectives and print their fields."""
    arch = {"sm90": "Sm90", "sm100": "Sm100"}[cfg.arch]
    t = _CPP_TYPE
    lay = "cutlass::layout::"
    epi_tile = ("cutlass::epilogue::collective::EpilogueTileAuto" if cfg.epilogue_tile is None
                else _shape(cfg.epilogue_tile))
    epi_sched = f"cutlass::epilogue::collective::{cfg.epilogue_schedule}" if cfg.epilogue_schedule == \
        "EpilogueScheduleAuto" else f"cutlass::epilogue::{cfg.epilogue_schedule}"
    sched = (f"cutlass::gemm::collective::{cfg.schedule}" if cfg.schedule == "KernelScheduleAuto"
             else f"cutlass::gemm::{cfg.schedule}")
    if cfg.stages is not None:
        stages = f"cutlass::gemm::collective::StageCount<{cfg.stages}>"
    elif cfg.carveout is not None:
        stages = f"cutlass::gemm::collective::StageCountAutoCarveout<{cfg.carveout}>"
    else:
        stages = ("cutlass::gemm::collective::StageCountAutoCarveout<static_cast<int>("
                  "sizeof(typename Epi::SharedStorage))>")
    return (
        f"  using TileShape = {_shape(cfg.tile)};\n"
        f"  using ClusterShape = {_shape(cfg.cluster)};\n"
        f"  using Epi = typename cutlass::epilogue::collective::CollectiveBuilder<\n"
        f"    cutlass::arch::{arch}, cutlass::arch::OpClassTensorOp, TileShape, ClusterShape, {epi_tile},\n"
        f"    {t[cfg.acc]}, {t[cfg.acc]},\n"
        f"    {t[cfg.c.element]}, {lay}{cfg.c.layout}, {cfg.alignment('c')},\n"
        f"    {t[cfg.d.element]}, {lay}{cfg.d.layout}, {cfg.alignment('d')},\n"
        f"    {epi_sched}>::CollectiveOp;\n"
        f"  using Main = typename cutlass::gemm::collective::CollectiveBuilder<\n"
        f"    cutlass::arch::{arch}, cutlass::arch::OpClassTensorOp,\n"
        f"    {t[cfg.a.element]}, {lay}{cfg.a.layout}, {cfg.alignment('a')},\n"
        f"    {t[cfg.b.element]}, {lay}{cfg.b.layout}, {cfg.alignment('b')},\n"
        f"    {t[cfg.acc]}, TileShape, ClusterShape,\n"
        f"    {stages},\n"
        f"    {sched}>::CollectiveOp;\n"
        f"  cd_mainloop<Main>();\n"
        f"  cd_epilogue<Epi>();\n")


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
        outs += run_cases([cpp_body(c) for c in configs[i:i + chunk]], prelude=PRELUDE, extra_flags=FLAGS)
    return [parse_answer(o) for o in outs]


_STATIC = re.compile(r"static assertion failed(?:: (.*))?")


def refusals(configs: list[Config]) -> list[str]:
    """CUTLASS's first static_assert message for each configuration ("compiles" when it has none): one recorded
    ``-fsyntax-only`` compile of all of them."""
    import tempfile
    from tests.oracle import records
    from tests.oracle.cute import include_dirs, run_within
    head = PRELUDE
    lines = head.count("\n")
    parts, starts = [head], []
    for i, c in enumerate(configs):
        starts.append(lines + 1)
        text = f"static void case_{i}() {{\n{cpp_body(c)}}}\n"
        parts.append(text)
        lines += text.count("\n")
    parts.append("int main() { return 0; }\n")
    src = "".join(parts)

    def compile_check() -> str:
        import bisect
        d = Path(tempfile.mkdtemp())
        f = d / "collective_refusals.cpp"
        f.write_text(src)
        r = run_within(["g++", "-std=c++17", "-O0", "-w", *FLAGS, *[f"-I{x}" for x in include_dirs()],
                        "-fsyntax-only", str(f)], records.remaining())
        # each failed static_assert is followed by "required from here" lines naming the case's own line
        found: dict[int, str] = {}
        pending: list[str] = []
        pat = re.compile(re.escape(str(f)) + r":(\d+):")
        for line in r.stderr.splitlines():
            m = _STATIC.search(line) if " error: " in line else None
            if m:
                pending.append((m.group(1) or "static assertion failed").strip())
                continue
            if pending:
                for mm in pat.finditer(line):
                    k = bisect.bisect_right(starts, int(mm.group(1))) - 1
                    if k >= 0 and "required from here" in line:
                        found.setdefault(k, pending[0])
                        pending = []
                        break
        return "".join(found.get(i, "compiles") + "\n" for i in range(len(configs)))

    key = "collective-err-" + hashlib.sha256(("-fsyntax-only\0" + "\0".join(FLAGS) + src).encode()).hexdigest()[:24]
    return records.answer(key, compile_check, what=f"CUTLASS's refusals of {len(configs)} collectives",
                          ncases=len(configs)).splitlines()
