"""Ask real CuTe: compile a batch of C++ snippets against the nvidia-cutlass 4.2 headers and run them.

Each case is a C++ statement block that prints exactly one logical result; the harness wraps every case
with separator markers so multi-line outputs (print_layout, print_latex) are split back reliably.
Answers are recorded as data in ``tests/oracle/records/`` (see records.py: the default test run reads them,
``--oracle=live`` recompiles and compares, ``--oracle=record`` rewrites them). Builds are cached by source hash in
``.oracle_cache/`` (or $CUTEDUMP_ORACLE_CACHE) when recording.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sysconfig
from pathlib import Path

from tests.oracle import records

SEP = "@@CUTEDUMP-CASE@@"
ROOT = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("CUTEDUMP_ORACLE_CACHE", ROOT / ".oracle_cache"))


#: the include/ folder of CUTLASS v4.7.0 (the repository at that tag: not installable from the package registries)
CUTLASS_47_ENV = "CUTEDUMP_CUTLASS_47_INCLUDE"


def include_dirs() -> list[str] | None:
    sp = Path(sysconfig.get_paths()["purelib"])
    dirs = [sp / "cutlass_library/source/include", sp / "nvidia/cu13/include", sp / "nvidia/cu13/include/cccl"]
    if records.cutlass_version() == "4.7":
        dirs[0] = Path(os.environ.get(CUTLASS_47_ENV) or "/nonexistent-cutlass-4.7")
    if not (dirs[0] / "cute/layout.hpp").exists() or not (dirs[1] / "cuda_runtime_api.h").exists():
        return None
    return [str(d) for d in dirs]


def unavailable_reason() -> str | None:
    """Why the oracle cannot answer here, or None if it can (recorded answers need no compiler)."""
    if not records.compiles():
        return None
    return compiler_unavailable_reason()


def compiler_unavailable_reason() -> str | None:
    """Why real CuTe cannot be compiled here, or None if it can."""
    if shutil.which("g++") is None:
        return "g++ not found (the differential tests compile real CuTe programs)"
    if include_dirs() is None:
        return (
            "CuTe headers not found: pip install nvidia-cutlass==4.2.0.0 nvidia-cuda-runtime "
            "nvidia-cuda-cccl nvidia-cuda-crt"
        )
    return None


PRELUDE = r"""
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/util/print_latex.hpp>
#include <cute/util/print_svg.hpp>
#include <cstdio>
using namespace cute;
"""


def run_cases(cases: list[str], prelude: str = PRELUDE, extra_flags: tuple[str, ...] = ()) -> list[str]:
    """Compile one program holding every case, run it, return one output string per case.

    A case is a C++ compound-statement body; it is placed inside its own function so that
    a case's local names never clash with another's.
    """
    funcs = []
    calls = []
    for i, body in enumerate(cases):
        funcs.append(f"static void case_{i}() {{\n{body}\n}}\n")
        calls.append(f'  printf("{SEP}\\n"); case_{i}(); fflush(stdout);')
    src = (
        prelude
        + "\n".join(funcs)
        + "\nint main() {\n"
        + "\n".join(calls)
        + f'\n  printf("{SEP}\\n");\n  return 0;\n}}\n'
    )
    out = _build_and_run(src, extra_flags, len(cases))
    parts = out.split(SEP + "\n")
    # parts[0] is whatever came before the first marker (nothing), the last after the final marker
    results = parts[1:-1]
    if len(results) != len(cases):
        raise RuntimeError(f"oracle returned {len(results)} outputs for {len(cases)} cases")
    return results


def _build_and_run(src: str, extra_flags: tuple[str, ...], ncases: int = 1) -> str:
    key = hashlib.sha256((records.question(src) + "\0".join(extra_flags)).encode()).hexdigest()[:24]
    try:
        return records.answer(
            key,
            lambda: _compile_and_run(src, extra_flags, key),
            ncases=ncases,
            what=f"a CuTe program of {ncases} case(s)",
        )
    except records.OracleDoesNotCompile:
        if os.environ.get(records.SURVEY_ENV) != "1":
            raise
        # a survey (cutlass_versions.survey) goes on to the test's next batches: this one is recorded as <key>.fail,
        # its cases answer nothing here (the test fails, as a survey expects where the versions differ)
        return SEP + "\n" + "".join(SEP + "\n" for _ in range(ncases))


def _compile_and_run(src: str, extra_flags: tuple[str, ...], key: str) -> str:
    """Compile and run with g++; the build cache is used only when recording (live mode always recompiles)."""
    cache = CACHE if records.cutlass_version() == "4.2" else CACHE / f"cutlass-{records.cutlass_version()}"
    cache.mkdir(parents=True, exist_ok=True)
    out_file = cache / f"{key}.out"
    if records.mode() == "record" and out_file.exists():
        return out_file.read_text()
    if records.mode() == "record" and records.cutlass_version() != "4.2" and records.read(key) is not None:
        return records.read(key)  # a survey resumed: a batch already recorded for this version is not recompiled
    tag = f"{key}.{os.getpid()}"  # per-process build files: concurrent runs (pytest -n) never collide
    cpp = cache / f"{tag}.cpp"
    exe = cache / f"{tag}.exe"
    cpp.write_text(src)
    inc = include_dirs()
    if inc is None or shutil.which("g++") is None:
        raise RuntimeError(compiler_unavailable_reason())
    stub = []
    if records.cutlass_version() == "4.7":  # 4.7's TMA asks the driver's version (cudaDriverGetVersion): a stand-in
        stub = [str(cache / "cuda_driver_stub.cpp")]
        Path(stub[0]).write_text(
            "#include <cuda_runtime_api.h>\n"
            "cudaError_t cudaDriverGetVersion(int* v) { *v = 13000; return cudaSuccess; }\n"
        )
    # 4.7's cute/arch/mma_sm100_desc.hpp calls cast_smem_ptr_to_uint without including cute/arch/util.hpp, which
    # declares it: a batch whose prelude includes the descriptors first does not compile (records/cutlass-4.7/*.fail
    # of before this line); -include it first (not part of the question: the record key is the source's)
    pre = ["-include", "cute/arch/util.hpp"] if records.cutlass_version() == "4.7" else []
    cmd = ["g++", "-std=c++17", "-O0", "-w", *pre, *[f"-I{d}" for d in inc], *extra_flags, str(cpp), *stub]
    cmd += ["-o", str(exe)]
    r = run_within(cmd, records.remaining())
    if r.returncode != 0:
        if records.cutlass_version() != "4.2":
            error = first_error(r.stderr)
            records.write_failure(key, error)
            # as its record answers it later: a test comparing refusals compares it, a survey goes on to the next
            raise records.OracleDoesNotCompile("oracle compile failed:\n" + r.stderr[-6000:], error)
        raise RuntimeError("oracle compile failed:\n" + r.stderr[-6000:])
    r = subprocess.run([str(exe)], capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise RuntimeError(f"oracle program failed ({r.returncode}):\n{r.stderr[-3000:]}")
    tmp = cache / f"{tag}.out.tmp"
    tmp.write_text(r.stdout)
    tmp.replace(out_file)  # atomic: readers see a whole file or none
    exe.unlink(missing_ok=True)
    cpp.unlink(missing_ok=True)
    return r.stdout


def first_error(stderr: str) -> str:
    """The compiler's first ``error:`` line, its path shortened to the header's name under include/."""
    for line in stderr.splitlines():
        if " error: " in line or line.startswith("error: "):
            head, _, msg = line.partition("error: ")
            where = head.rsplit("/include/", 1)[-1].strip().rstrip(":")
            if "/" in where:  # the batch's own source: its line and column only
                where = "the batch's source:" + where.rsplit(".cpp:", 1)[-1]
            return f"{where}: error: {msg.strip()}"
    return stderr.strip().splitlines()[-1] if stderr.strip() else "(no message)"


def run_within(cmd: list[str], seconds: float | None) -> subprocess.CompletedProcess:
    """Run ``cmd`` (g++) to its end, or at most ``seconds``: then it is killed with its children (cc1plus, as) and
    :class:`records.LiveBudgetSpent` raised."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = p.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        import signal

        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        raise records.LiveBudgetSpent(f"{cmd[0]} stopped after {seconds:.0f} s: the live budget is spent") from None
    return subprocess.CompletedProcess(cmd, p.returncode, out, err)


def run_chunked(cases, chunk: int, extra_flags: tuple[str, ...] = (), prelude: str = PRELUDE) -> list[str]:
    """run_cases over ``(name, C++ body, expected)`` triples, ``chunk`` cases a batch (the batch bounds are part of
    the record keys: keep a test's chunk size)."""
    outs = []
    for i in range(0, len(cases), chunk):
        outs += run_cases([c[1] for c in cases[i : i + chunk]], prelude=prelude, extra_flags=extra_flags)
    return outs


def diff_cases(cases, outs) -> list[str]:
    """One line per ``(name, _, expected)`` case whose CuTe output differs: its first differing line."""
    bad = []
    for (name, _, exp), got in zip(cases, outs):
        if exp != got:
            el, gl = exp.splitlines(), got.splitlines()
            first = next(
                (f"ours {a!r} / cute {b!r}" for a, b in zip(el, gl) if a != b), f"{len(el)} vs {len(gl)} lines"
            )
            bad.append(f"{name}: {first}")
    return bad


def refusal_verdicts(prelude: str, bodies: list[str], key_prefix: str, what: str, recheck: bool = True) -> list[str]:
    """Per body, the compiler's first error for its lines ("compiles" if none): one -fsyntax-only compile of every
    body (each in its own function), recorded under ``key_prefix`` + the source's hash.

    g++ reports a template's static_assert once per translation unit: a later body that instantiates the same
    template with the same types shows no error of its own and reads "compiles" in the batch. With ``recheck`` (the
    default) each body the batch scores "compiles" is compiled again alone, one translation unit each, recorded under
    :func:`alone_prefix` ``(key_prefix)`` + its source's hash (the batch's record keeps its key), and its verdict is
    that compile's."""
    verdicts = batch_verdicts(prelude, bodies, key_prefix, what)
    if recheck:
        for i, v in enumerate(verdicts):
            if v == "compiles":
                (verdicts[i],) = batch_verdicts(prelude, [bodies[i]], alone_prefix(key_prefix), f"{what} (alone)")
    return verdicts


def alone_prefix(key_prefix: str) -> str:
    """The record-key prefix of a body compiled alone: "utccp-rej-" -> "utccp-rej1-"."""
    return key_prefix.rstrip("-") + "1-"


def batch_verdicts(prelude: str, bodies: list[str], key_prefix: str, what: str) -> list[str]:
    """One -fsyntax-only compile of every body (each in its own function): per body, the compiler's first error
    for its lines ("compiles" if none), recorded under ``key_prefix`` + the source's hash."""
    import re
    import tempfile

    lines = prelude.count("\n")
    parts, starts = [prelude], []
    for i, body in enumerate(bodies):
        starts.append(lines + 1)
        text = f"void case_{i}() {{\n{body}\n}}\n"
        parts.append(text)
        lines += text.count("\n")
    src = "".join(parts)

    def compile_check() -> str:
        f = Path(tempfile.mkdtemp()) / "refused.cpp"
        f.write_text(src)
        inc = include_dirs() or []
        r = run_within(["g++", "-std=c++17", "-w", *[f"-I{d}" for d in inc], "-fsyntax-only", str(f)], None)
        found: dict[int, str] = {}
        stack: list[int] = []
        for line in r.stderr.splitlines():
            for m in re.finditer(re.escape(f.name) + r":(\d+):", line):
                ln = int(m.group(1))
                if ln >= starts[0]:
                    stack.append(max(k for k, s in enumerate(starts) if s <= ln))
            if " error: " in line and stack:
                found.setdefault(stack[-1], line.split(" error: ", 1)[1].strip())
            if " error: " in line:
                stack = []
        return "".join(f"{found.get(k, 'compiles')}\n" for k in range(len(bodies)))

    key = key_prefix + hashlib.sha256(("-fsyntax-only\0" + records.question(src)).encode()).hexdigest()[:24]
    return records.answer(key, compile_check, what=f"the compile check of {len(bodies)} {what}").splitlines()


#: the status line each case of :func:`run_cases_status` ends with: "exit N" (the case returned: 0) or "signal N"
STATUS = "@@CUTEDUMP-STATUS@@"


def run_cases_status(cases: list[str], prelude: str = PRELUDE) -> list[tuple[str, str]]:
    """Like :func:`run_cases`, but each case runs in a child process of its own (fork): a case whose program stops
    (SIGFPE of an integer division by zero) costs only itself. Per case ``(what it printed, status)``, the status
    ``"exit 0"`` when the case returned, ``"signal N"`` when the case was killed by signal N. Recorded as one batch
    (the source's hash, under the prefix ``status-``)."""
    funcs, calls = [], []
    for i, body in enumerate(cases):
        funcs.append(f"static void case_{i}() {{\n{body}\n}}\n")
        calls.append(f"  cd_run({i}, case_{i});")
    src = (
        prelude
        + "#include <sys/wait.h>\n#include <unistd.h>\n"
        + "\n".join(funcs)
        + "\nstatic void cd_run(int, void (*f)()) {\n"
        + f'  printf("{SEP}\\n"); fflush(stdout);\n'
        + "  pid_t p = fork();\n"
        + "  if (p == 0) { setvbuf(stdout, nullptr, _IONBF, 0); f(); fflush(stdout); _exit(0); }\n"
        + "  int st = 0; waitpid(p, &st, 0);\n"
        + f'  if (WIFSIGNALED(st)) printf("\\n{STATUS} signal %d\\n", WTERMSIG(st));\n'
        + f'  else printf("\\n{STATUS} exit %d\\n", WEXITSTATUS(st));\n'
        + "  fflush(stdout);\n}\n"
        + "int main() {\n"
        + "\n".join(calls)
        + f'\n  printf("{SEP}\\n");\n  return 0;\n}}\n'
    )
    key = "status-" + hashlib.sha256(records.question(src).encode()).hexdigest()[:24]
    out = records.answer(
        key, lambda: _compile_and_run(src, (), key), ncases=len(cases), what=f"a forked CuTe program of {len(cases)}"
    )
    parts = out.split(SEP + "\n")[1:-1]
    if len(parts) != len(cases):
        raise RuntimeError(f"oracle returned {len(parts)} outputs for {len(cases)} cases")
    res = []
    for p in parts:
        text, _, status = p.rpartition(f"\n{STATUS} ")
        res.append((text, status.strip()))
    return res
