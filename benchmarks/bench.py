"""cutedump benchmarks: ``python benchmarks/bench.py [--rounds N] [--only cold,algebra,numpy,cpp,eval]``
(figures, not pass/fail; issue 25's targets printed beside them).

1. cold start per command: each command's README example run by the ``cutedump`` console script of a fresh pip install
   of this tree (a regular install and an editable one, each into a bare venv of this interpreter), as a ratio to the
   same venv's ``python -c pass`` (targets: layout, eval EXPR and the API's first ``cd.Layout(...)`` <= 2.5x, every
   other command <= 4x); medians of alternating rounds, so that every command sees the same machine load;
2. algebra: 15 operations on the same 1,000 random inputs in cutedump and in pycute (from the nvidia-cutlass wheel;
   target ratio <= 1.0);
3. numpy evaluation of a 2^24-point layout (target <= 1 s);
4. ``cutedump layout`` end to end vs compiling and running the C++ program printing the same table (target >= 50x);
5. ``cutedump eval -f`` throughput on 11,700 mixed expressions: a file by default and with -j 1, and a pipe, in-tree, and
   the `cutedump` command of a regular install in a bare venv, with the CPU time they took (target
   >= 50,000 expressions/s by default);
6. ``--only icount``: each cold-start command's instructions (valgrind, ``PYTHONHASHSEED=0``) as a ratio to ``python -c
   pass``'s, regular install: the same count on every run, whatever else the machine is doing, so a change's effect
   shows on a shared 2-core machine where wall times move by 20 % (not a target: the ratio of instructions is not
   the ratio of times).

Every subprocess runs this interpreter (``sys.executable``) or a venv made from it; the first line names it.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def timeit(fn, repeat=5):
    ts = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return min(ts)


def random_layouts(n=1000, seed=17):
    """n random (shape, stride) pairs: 1-3 modes of 1/2/4/8, compact strides in a random order."""
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        shape = tuple(rnd.choice([1, 2, 4, 8]) for _ in range(rnd.randint(1, 3)))
        strides, acc = [], 1
        for x in shape:
            strides.append(acc)
            acc *= x
        rnd.shuffle(strides)
        out.append((shape, tuple(strides), rnd.choice([2, 4])))
    return out


def _pycute_extras(P):
    """CuTe's functions that pycute lacks, written with pycute's own operations the way layout.hpp writes them
    (so both sides do the same work): blocked/raked_product, tile_to_shape (LayoutLeft), max_common_vector."""

    def append(L, R):
        shape = L.shape if isinstance(L.shape, tuple) else (L.shape,)
        stride = L.stride if isinstance(L.stride, tuple) else (L.stride,)
        return P.Layout(shape + (1,) * (R - len(shape)), stride + (0,) * (R - len(stride)))

    def rank(L):
        return len(L.shape) if isinstance(L.shape, tuple) else 1

    def blocked(A, B, raked=False):
        R = max(rank(A), rank(B))
        r = P.logical_product(append(A, R), append(B, R))
        a, b = r[0], r[1]
        return P.make_layout(*(P.make_layout(b[i], a[i]) if raked else P.make_layout(a[i], b[i]) for i in range(R)))

    def tile_to_shape(A, trg):
        A = append(A, len(trg))
        blk = tuple(P.product(x) for x in A.shape)
        return blocked(A, P.Layout(tuple((t + b - 1) // b for t, b in zip(trg, blk))))

    def max_common_vector(a, b):
        c = P.coalesce(P.composition(a, P.right_inverse(b)))
        s0 = c.shape[0] if isinstance(c.shape, tuple) else c.shape
        d0 = c.stride[0] if isinstance(c.stride, tuple) else c.stride
        return s0 if d0 == 1 else 1

    return blocked, tile_to_shape, max_common_vector


def bench_ops():
    """Per operation, the same 1,000 random inputs in cutedump and in pycute -> {op: (ours s, pycute s, n)}
    (each side's sum over chunks of CHUNK inputs of its best of 11 runs, the two sides alternating).

    Inputs either side rejects (e.g. a divisibility condition) are dropped for both, so both time the same work.
    Functions pycute lacks are written with pycute's operations as CuTe's layout.hpp writes them."""
    from cutedump import algebra as A
    from cutedump.algebra import C, Layout

    try:
        import pycute as P
    except ImportError:
        return {}
    blocked, tile_to_shape, mcv = _pycute_extras(P)
    cases = random_layouts()

    def lay(b, d=1):
        return Layout(C(b), C(d))

    ops = {
        "coalesce": (lambda L, b: A.coalesce(L), lambda L, b: P.coalesce(L)),
        "composition": (lambda L, b: A.composition(L, lay(b, 2)), lambda L, b: P.composition(L, P.Layout(b, 2))),
        "complement": (lambda L, b: A.complement(L, C(1024)), lambda L, b: P.complement(L, 1024)),
        "right_inverse": (lambda L, b: A.right_inverse(L), lambda L, b: P.right_inverse(L)),
        "left_inverse": (lambda L, b: A.left_inverse(L), lambda L, b: P.left_inverse(L)),
        "logical_divide": (lambda L, b: A.logical_divide(L, lay(b)), lambda L, b: P.logical_divide(L, P.Layout(b, 1))),
        "zipped_divide": (lambda L, b: A.zipped_divide(L, lay(b)), lambda L, b: P.zipped_divide(L, P.Layout(b, 1))),
        "tiled_divide": (lambda L, b: A.tiled_divide(L, lay(b)), lambda L, b: P.tiled_divide(L, P.Layout(b, 1))),
        "logical_product": (
            lambda L, b: A.logical_product(L, lay(b)),
            lambda L, b: P.logical_product(L, P.Layout(b, 1)),
        ),
        "zipped_product": (lambda L, b: A.zipped_product(L, lay(b)), lambda L, b: P.zipped_product(L, P.Layout(b, 1))),
        "tiled_product": (lambda L, b: A.tiled_product(L, lay(b)), lambda L, b: P.tiled_product(L, P.Layout(b, 1))),
        "blocked_product": (lambda L, b: A.blocked_product(L, lay(b)), lambda L, b: blocked(L, P.Layout(b, 1))),
        "raked_product": (lambda L, b: A.raked_product(L, lay(b)), lambda L, b: blocked(L, P.Layout(b, 1), True)),
        "tile_to_shape": (
            lambda L, b: A.tile_to_shape(L, (C(64), C(64), C(64))),
            lambda L, b: tile_to_shape(L, (64, 64, 64)),
        ),
        "max_common_vector": (lambda L, b: A.max_common_vector(L, L), lambda L, b: mcv(L, L)),
    }
    res = {}
    for name, (ours, theirs) in ops.items():
        mine, pyc = [], []
        for shape, stride, b in cases:
            L = Layout(tuple(C(x) for x in shape), tuple(C(x) for x in stride))
            PL = P.Layout(shape, stride)
            try:
                ours(L, b)
                theirs(PL, b)
            except Exception:  # noqa: BLE001 - a rejected input is dropped on both sides
                continue
            mine.append((L, b))
            pyc.append((PL, b))
        # in chunks of CHUNK inputs, each chunk timed 11 times per side, the sides alternating; a side's time is the
        # sum over chunks of its best time: a chunk of ~1 ms is often run undisturbed on a loaded machine, a whole
        # pass of 30 ms rarely (2 shared cores), so the sums are the least noisy estimate of both sides' cost
        t_o = t_p = 0.0
        for k in range(0, len(mine), CHUNK):
            cm, cp = mine[k : k + CHUNK], pyc[k : k + CHUNK]
            bo = bp = float("inf")
            for _ in range(11):
                bo = min(bo, timeit(lambda: [ours(L, b) for L, b in cm], 1))
                bp = min(bp, timeit(lambda: [theirs(L, b) for L, b in cp], 1))
            t_o += bo
            t_p += bp
        res[name] = (t_o, t_p, len(mine))
    return res


CHUNK = 50


def bench_numpy_eval():
    from cutedump.algebra.evaluate import values
    from cutedump.parse import parse_layout

    L = parse_layout("((_64,_16),(_32,(_4,_128))):((_1,_2048),(_64,(_32768,_131072)))")
    return timeit(lambda: values(L), repeat=3)


def bench_layout_vs_cpp():
    layout = "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
    exe = [sys.executable, "-m", "cutedump", "layout", layout, "--plain"]
    t_ours = statistics.median(
        timeit(lambda: subprocess.run(exe, capture_output=True, check=True), 1) for _ in range(5)
    )
    from tests.oracle.cute import include_dirs, unavailable_reason

    if unavailable_reason():
        return t_ours, None, unavailable_reason()
    src = (
        "#include <cute/tensor.hpp>\nusing namespace cute;\nint main(){ print_layout(make_layout("
        "make_shape(make_shape(_4{},_8{}),make_shape(_2{},_2{})),"
        "make_stride(make_stride(_32{},_1{}),make_stride(_16{},_8{})))); }\n"
    )
    d = Path(tempfile.mkdtemp())
    (d / "p.cpp").write_text(src)
    cmd = ["g++", "-std=c++17", "-w", *[f"-I{x}" for x in include_dirs()], str(d / "p.cpp"), "-o", str(d / "p")]

    def cpp():
        subprocess.run(cmd, check=True, capture_output=True)
        return subprocess.run([str(d / "p")], capture_output=True, check=True).stdout

    t0 = time.perf_counter()
    out_cpp = cpp()
    t_cpp = time.perf_counter() - t0
    out_ours = subprocess.run(exe, capture_output=True, check=True).stdout
    shutil.rmtree(d)
    return t_ours, t_cpp, "identical output" if out_cpp == out_ours else "OUTPUT DIFFERS"


def _run_measured(cmd, stdin=None, cwd=None) -> tuple[float, float]:
    """Run ``cmd`` (its output read through pipes) -> (wall seconds, CPU seconds: user + system of the process and of
    the processes it forked and reaped, from this process's RUSAGE_CHILDREN)."""
    import resource

    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, input=stdin, capture_output=True, cwd=cwd, env=ENV)
    wall = time.perf_counter() - t
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def bench_eval_file(seeds=(101, 202, 303), installed=None):
    """`cutedump eval -f FILE` over the oracle generator's mixed expressions (every operation, static and dynamic
    integers, swizzles; seeds other than the test suite's) -> (expressions, {mode: (median, best, median CPU)
    seconds end to end}, seconds in-process, CPUs).

    End to end: a fresh `python -m cutedump eval -f FILE [-j 1]` (or `-f -`, the file written into its stdin
    pipe) process, start-up included, the answers read through a pipe; with ``installed`` (the `cutedump` script of
    a regular install in a bare venv, as the cold-start table uses), that command too; the modes alternate, 5 runs
    each. In-process: the loop of one process (answer per line), parse cache cleared, best of 3."""
    from cutedump.commands._batch import answer, default_jobs
    from tests.oracle import gen_algebra as G

    exprs = [c.expr for s in seeds for c in G.generate(s, 3600)]
    d = Path(tempfile.mkdtemp())
    f = d / "exprs.txt"
    f.write_text("\n".join(exprs) + "\n")
    data = f.read_bytes()
    cmds = {
        "default": ([sys.executable, "-m", "cutedump", "eval", "-f", str(f)], None),
        "-j 1": ([sys.executable, "-m", "cutedump", "eval", "-f", str(f), "-j", "1"], None),
        "pipe": ([sys.executable, "-m", "cutedump", "eval", "-f", "-"], data),
    }
    if installed:
        cmds["installed"] = ([installed, "eval", "-f", str(f)], None)
    runs = {k: [] for k in cmds}
    for _ in range(5):
        for k, (cmd, stdin) in cmds.items():
            runs[k].append(_run_measured(cmd, stdin, cwd=ROOT))
    shutil.rmtree(d)
    from cutedump.parse import parse_expr

    def run():
        parse_expr.cache_clear()
        for e in exprs:
            answer(e)

    return (
        len(exprs),
        {
            k: (statistics.median(w for w, _ in v), min(w for w, _ in v), statistics.median(c for _, c in v))
            for k, v in runs.items()
        },
        timeit(run, 3),
        default_jobs(),
    )


#: the environment of every measured subprocess: this one's, less two variables that change what is measured (a
#: sandbox may set them): PYTHONDONTWRITEBYTECODE (an editable install would compile every module on every run) and
#: PYTHONUNBUFFERED (every write a system call)
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}


# ------------------------------------------------------------------------------------------ cold start, per command

LAYOUT = "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
# (name, argv after `cutedump`, target ratio to `-c pass`): each command's README / --help example
COLD = [
    ("--help", ["--help"], 4.0),
    ("layout", ["layout", LAYOUT], 2.5),
    ("eval EXPR", ["eval", "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))"], 2.5),
    # the CuTe DSL's spelling (README)
    ("eval DSL", ["eval", "cute.make_layout((4, 8), stride=(8, 1))"], 2.5),
    ("explain", ["explain", "composition((_4,_8):(_1,_4), (_4,_2):(_2,_1))"], 4.0),
    (
        "explain partition",
        [
            "explain",
            "partition",
            "--copy",
            "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
            "--type",
            "half_t",
            "--thr",
            "(_16,_8):(_8,_1)",
            "--val",
            "(_1,_8)",
            "--layout",
            "(_128,_64,1):(_64,_1,8192)",
            "--side",
            "S",
        ],
        4.0,
    ),
    ("mma", ["mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-layout", "(_2,_2)"], 4.0),
    (
        "copy",
        [
            "copy",
            "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
            "--type",
            "half_t",
            "--thr",
            "(_16,_8):(_8,_1)",
            "--val",
            "(_1,_8)",
        ],
        4.0,
    ),
    ("tiled-copy-c", ["tiled-copy-c"], 4.0),
    ("latex", ["latex", "(2,(2,3)):(6,(3,1))"], 4.0),
    (
        "latex --mma",
        ["latex", "--mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-layout", "(_2,_2)", "--tile", "(_32,_32,_16)"],
        4.0,
    ),
    ("svg", ["svg", "Sw<3,3,3> o _0 o (_8,_8):(_8,_1)"], 4.0),
    ("svg --mma", ["svg", "--mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-layout", "(_2,_2)"], 4.0),
    ("html", ["html", LAYOUT], 4.0),
    ("tilelang", ["tilelang", "auto", "--shape", "64,16", "--type", "float16"], 4.0),  # the README's spelling
    ("ck", ["ck", "naive", "--lengths", "256,64", "--strides", "64,1"], 4.0),
    ("ck recipe", ["ck", "recipe", "xdl-a", "--M", "256", "--K", "64", "--AK1", "8"], 4.0),
    ("atoms", ["atoms"], 4.0),
    ("coords", ["coords", "(3,(2,3))", "(3,(12,1))"], 4.0),
    ("compat", ["compat", "24", "(4,6)"], 4.0),
    ("kernel", ["kernel", "sgemm_sm80_tn_half"], 4.0),
    # the README's kernel examples
    ("kernel sm70", ["kernel", "sgemm_sm70_tn", "--thread", "200", "--lang", "en"], 4.0),
    (
        "sgemm-sm80",
        ["sgemm-sm80", "--dump-layouts", "--dump-m", "128", "--dump-n", "128", "--dump-k", "64", "--thread", "5"],
        4.0,
    ),
    ("kernel wgmma", ["kernel", "wgmma_sm90_tn", "--thread", "5", "--lang", "en"], 4.0),
    ("kernel wgmma_tma", ["kernel", "wgmma_tma_sm90_tn", "--thread", "5", "--lang", "en"], 4.0),
    (
        "kernel sm100_01",
        ["kernel", "sm100_01_mma", "--thread", "37", "--set", "MmaN=128", "--set", "Gemm_N=512", "--lang", "en"],
        4.0,
    ),
    (
        "kernel sm100_04",
        ["kernel", "sm100_04_mma_tma_2sm", "--set", "ClusterM=_2", "--set", "ClusterN=_2", "--lang", "en"],
        4.0,
    ),
    ("kernel sm100_05", ["kernel", "sm100_05_mma_tma_epi", "--thread", "64", "--lang", "en"], 4.0),
    (
        "bank --compact",
        [
            "bank",
            "(_64,_32):(_32,_1)",
            "--copy",
            "SM75_U32x4_LDSM_N",
            "--type",
            "half_t",
            "--mma",
            "SM80_16x8x16_F16F16F16F16_TN",
            "--atom-layout",
            "(_2,_2)",
            "--tile",
            "(_32,_32,_16)",
            "--operand",
            "A",
            "--compact",
        ],
        4.0,
    ),
    # Hopper / Blackwell (README)
    ("desc", ["desc", "0x4000004000010000", "--major", "K", "--type", "half_t", "--lang", "en"], 4.0),
    (
        "tma",
        [
            "tma",
            "--op",
            "SM90_TMA_LOAD",
            "--type",
            "half_t",
            "--gmem",
            "(512,128):(128,_1)",
            "--cta-tile",
            "(_128,_64)",
            "--smem",
            "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64,_3))",
            "--format",
            "json",
        ],
        4.0,
    ),
    ("mma SM100", ["mma", "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>"], 4.0),
    # Triton (README)
    (
        "triton",
        [
            "triton",
            "BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[8, 4], warps_per_cta=[4, 1], "
            "order=[1, 0], cga_layout=[])",
            "--shape",
            "32,32",
        ],
        4.0,
    ),
    (
        "triton shared",
        [
            "triton",
            "#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>",
            "--shape",
            "32,64",
            "--format",
            "json",
        ],
        4.0,
    ),
    # CUTLASS's CollectiveBuilder (README)
    (
        "collective sm90",
        [
            "collective",
            "--arch",
            "sm90",
            "--a",
            "half_t:RowMajor",
            "--b",
            "half_t:ColumnMajor",
            "--c",
            "float:RowMajor",
            "--d",
            "half_t:RowMajor",
            "--acc",
            "float",
            "--tile",
            "128,128,64",
            "--cluster",
            "2,1,1",
        ],
        4.0,
    ),
    (
        "collective sm100",
        [
            "collective",
            "--arch",
            "sm100",
            "--a",
            "half_t:K",
            "--b",
            "half_t:MN",
            "--c",
            "float",
            "--d",
            "bfloat16_t",
            "--tile",
            "256,128,64",
            "--cluster",
            "2,2,1",
        ],
        4.0,
    ),
    (
        "collective sm120 nvfp4",
        [
            "collective",
            "--arch",
            "sm120",
            "--a",
            "nv_float4_t<float_e2m1_t>",
            "--b",
            "nv_float4_t<float_e2m1_t>",
            "--c",
            "bfloat16_t",
            "--d",
            "bfloat16_t",
            "--tile",
            "128,128,128",
        ],
        4.0,
    ),
    (
        "collective sm120 blockwise",
        [
            "collective",
            "--arch",
            "sm120",
            "--a",
            "float_e4m3_t",
            "--b",
            "float_e4m3_t",
            "--d",
            "bfloat16_t",
            "--tile",
            "128,128,128",
            "--sf-vec",
            "1,128,128",
        ],
        4.0,
    ),
    # issue 44's builders: SM100 blockwise (example 81), SM103 (example 89), SM90 mixed input (example 55), an SM100
    # fusion with a block-scale-factor output (example 72b), SM120 grouped (example 79d)
    (
        "collective sm100 blockwise",
        "collective --arch sm100 --a float_e4m3_t --b float_e4m3_t:ColumnMajor --d bfloat16_t --tile 128,128,128 "
        "--schedule KernelScheduleSm100Blockwise --sf-vec 1,128,128".split(),
        4.0,
    ),
    (
        "collective sm103",
        [
            "collective",
            "--arch",
            "sm103",
            "--a",
            "cute::tuple<float_e2m1_t,float_ue4m3_t>",
            "--b",
            "cute::tuple<float_e2m1_t,float_ue4m3_t>:ColumnMajor",
            *"--d bfloat16_t --tile 128,128,768 --cluster 2,4,1 --alignment-a 32 --alignment-b 32".split(),
            *"--schedule KernelTmaWarpSpecialized1SmBlockScaledMxNvf4UltraVs16Sm103".split(),
        ],
        4.0,
    ),
    (
        "collective sm90 mixed",
        "collective --arch sm90 --a int4b_t:RowMajor --b bfloat16_t:ColumnMajor --c half_t:ColumnMajor "
        "--d half_t:ColumnMajor --tile 128,128,64 --schedule KernelTmaWarpSpecializedCooperative".split(),
        4.0,
    ),
    (
        "collective sm100 sf fusion",
        [
            "collective",
            "--arch",
            "sm100",
            "--a",
            "nv_float4_t<float_e2m1_t>",
            "--b",
            "nv_float4_t<float_e2m1_t>:ColumnMajor",
            *"--c void --d float_e2m1_t --tile 256,256,256 --cluster 2,4,1 --alignment-d 32".split(),
            "--fusion",
            "LinCombBlockScaleFactor<16, float_e2m1_t, float, float_ue8m0_t, RowMajor>",
        ],
        4.0,
    ),
    (
        "collective sm120 grouped",
        "collective --arch sm120 --a nv_float4_t<float_e2m1_t> --b nv_float4_t<float_e2m1_t>:ColumnMajor "
        "--d bfloat16_t --tile 128,128,128 --grouped --schedule KernelPtrArrayTmaWarpSpecializedPingpong".split(),
        4.0,
    ),
    # this round's builders: stride types (example 51), a custom EVT (example 71), SM100 9xBF16 (example 78), SM100
    # mixed input (example 86; CUTLASS 4.2's collective)
    (
        "collective sm90 stride",
        [
            "collective",
            *"--arch sm90 --a".split(),
            "half_t:cute::Stride<int64_t, cute::Int<1>, int64_t>",
            *"--b half_t --d half_t --tile 128,128,64".split(),
        ],
        4.0,
    ),
    (
        "collective sm100 evt",
        [
            "collective",
            *"--arch sm100 --a half_t --b half_t:ColumnMajor --c half_t --d half_t --tile 256,128,64 --cluster 2,2,1".split(),
            "--fusion",
            "Sm90EVT<Sm90Compute<cutlass::homogeneous_multiply_add, half_t, float, "
            "cutlass::FloatRoundStyle::round_to_nearest>, Sm90ScalarBroadcast<float>, Sm90SrcFetch<half_t>, "
            "Sm90EVT<Sm90Compute<cutlass::multiplies, float, float, cutlass::FloatRoundStyle::round_to_nearest>, "
            "Sm90ScalarBroadcast<float>, Sm90AccFetch>>",
        ],
        4.0,
    ),
    (
        "collective sm100 fastfp32",
        "--cutlass 4.2 collective --arch sm100 --a float --b float:ColumnMajor --c float --d float --tile 256,128,16 "
        "--cluster 2,1,1 --schedule KernelTmaWarpSpecialized2SmFastFP32SmemSm100".split(),
        4.0,
    ),
    (
        "collective sm100 mixed",
        [
            *"--cutlass 4.2 collective --arch sm100 --a".split(),
            "cute::tuple<int4b_t>:RowMajor",
            *"--b bfloat16_t:ColumnMajor --c bfloat16_t --d bfloat16_t --tile 256,128,128 --cluster 2,1,1".split(),
            *"--schedule KernelTmaWarpSpecialized2SmMixedInputSm100".split(),
        ],
        4.0,
    ),
    ("idesc", ["idesc", "0x08400010", "--family", "SM100_MMA_F16BF16_SS"], 4.0),
    (
        "tmem",
        [
            "tmem",
            "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>",
            "--copy",
            "SM100_TMEM_LOAD_32dp32b8x",
            "--thread",
            "37",
        ],
        4.0,
    ),
    # scale factors (README)
    ("scale", ["scale", "--kind", "mxf8f6f4", "--problem", "1000,512,300", "--element", "300,70"], 4.0),
    (
        "scale --tile",
        ["scale", "--kind", "nvf4", "--problem", "4096,4096,4096", "--tile", "256,192,256", "--cta-group", "2"],
        4.0,
    ),
    (
        "eval scale config",
        ["eval", "cutlass::detail::Sm1xxBlockScaledConfig<32>::tile_atom_to_shape_SFA(make_shape(1024,512,256,1))"],
        4.0,
    ),
    # bstoml: the scale-factor functions under the eval EXPR target, and the block-scaled kernel description
    ("eval deduce_layoutSFA", ["eval", "cutlass::detail::Sm1xxBlockScaledConfig<32>::deduce_layoutSFA()"], 2.5),
    (
        "eval SfAtom",
        ["eval", "cutlass::detail::Sm1xxBlockScaledBasicChunk<16, UMMA::Major::K>::SfAtom{}"],
        2.5,
    ),
    ("kernel sf", ["kernel", "sm100_72a_nvfp4_sf", "--no-readings"], 4.0),
]
API_FIRST_USE = 'import cutedump as cd; cd.Layout("(_4,_8):(_8,_1)")'


def make_installs(work: Path, kinds=("regular", "editable")) -> dict:
    """Temporary venvs of this interpreter with cutedump installed by pip, as a user gets it:
    {"regular": (python, cutedump script) | reason, "editable": ...}.

    Each venv is bare (no system site-packages, so no other .pth file runs at start-up); one line in a .pth file
    puts this interpreter's site-packages on its path for click, rich and numpy (a path line runs no code)."""
    import sysconfig

    out = {}
    purelib = sysconfig.get_paths()["purelib"]
    for kind, extra in (("regular", []), ("editable", ["-e"])):
        if kind not in kinds:
            continue
        d = work / kind
        try:
            subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(d)], check=True, capture_output=True)
            py = d / "bin" / "python"
            site = subprocess.run(
                [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                check=True,
                capture_output=True,
                text=True,
            ).stdout.strip()
            Path(site, "_cutedump_bench_deps.pth").write_text(purelib + "\n")
            src = ROOT
            if not extra:  # a regular install builds in its source tree (build/): build a copy
                src = work / "src"
                if not src.exists():
                    shutil.copytree(
                        ROOT,
                        src,
                        ignore=shutil.ignore_patterns(
                            ".git", "build", "*.egg-info", "__pycache__", "tests", "golden", "docs", "benchmarks"
                        ),
                    )
            r = subprocess.run(
                [sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps", *extra, str(src)],
                capture_output=True,
                text=True,
            )
            if r.returncode:
                out[kind] = "pip install failed: " + (r.stderr.strip().splitlines() or ["?"])[-1]
                continue
            out[kind] = (str(py), str(d / "bin" / "cutedump"))
        except (OSError, subprocess.CalledProcessError) as e:
            out[kind] = f"cannot build the venv: {e}"
    return out


def bench_cold(py: str, script: str, rounds=9, cwd=None, names=None) -> tuple[float, dict]:
    """Median wall time of `py -c pass` and of every COLD command (and the API's first use; or only those in
    ``names``), in `rounds` rounds; each round runs `-c pass` then every command once, so all see the same machine
    load -> (pass s, {name: s})."""
    cmds = {"-c pass": [py, "-c", "pass"]}
    for name, argv, _ in COLD:
        cmds[name] = [script, *argv]
    cmds["API: first Layout"] = [py, "-c", API_FIRST_USE]
    if names:
        cmds = {k: v for k, v in cmds.items() if k == "-c pass" or k in names}
    ts = {k: [] for k in cmds}
    for k, c in cmds.items():  # warm-up: writes the .pyc files of an editable install, fills the OS cache
        subprocess.run(c, capture_output=True, cwd=cwd, env=ENV)
    for _ in range(rounds):
        for k, c in cmds.items():
            t = time.perf_counter()
            r = subprocess.run(c, capture_output=True, cwd=cwd, env=ENV)
            ts[k].append(time.perf_counter() - t)
            if r.returncode:
                raise RuntimeError(f"{k}: exit {r.returncode}: {r.stderr.decode()[-300:]}")
    med = {k: statistics.median(v) for k, v in ts.items()}
    return med.pop("-c pass"), med


def print_cold(rounds=9, names=None, kinds=("regular", "editable")):
    targets = {name: t for name, _, t in COLD}
    targets["API: first Layout"] = 2.5
    work = Path(tempfile.mkdtemp(prefix="cutedump-bench-"))
    try:
        installs = make_installs(work, kinds)
        for kind, inst in installs.items():
            if isinstance(inst, str):
                print(f"cold start, {kind} install: skipped ({inst})")
                continue
            py, script = inst
            if kind not in kinds:
                continue
            t_pass, med = bench_cold(py, script, rounds, cwd=work, names=names)
            print(
                f"cold start, {kind} install (pip install {'-e ' if kind == 'editable' else ''}into a bare venv of "
                f"{sys.executable}, Python {sys.version.split()[0]}; `cutedump` console script; median of "
                f"{rounds} alternating rounds): python -c pass {t_pass * 1e3:.0f} ms"
            )
            for name, t in med.items():
                ok = "ok" if t / t_pass <= targets[name] else "OVER"
                print(f"  {name:20s} {t * 1e3:6.0f} ms  {t / t_pass:4.2f}x  (target <= {targets[name]}x: {ok})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def print_icount(names=None):
    """Section 6: instruction counts of the cold-start commands (regular install), with valgrind's cachegrind."""
    import re

    if not shutil.which("valgrind"):
        print("instructions: skipped (valgrind not found: apt-get install valgrind)")
        return
    work = Path(tempfile.mkdtemp(prefix="cutedump-bench-"))
    try:
        inst = make_installs(work, kinds=("regular",))["regular"]
        if isinstance(inst, str):
            print(f"instructions: skipped ({inst})")
            return
        py, script = inst
        cmds = {"-c pass": [py, "-c", "pass"]}
        cmds.update({name: [script, *argv] for name, argv, _ in COLD})
        cmds["API: first Layout"] = [py, "-c", API_FIRST_USE]
        if names:
            cmds = {k: v for k, v in cmds.items() if k == "-c pass" or k in names}
        env = dict(ENV, PYTHONHASHSEED="0")
        counts = {}
        for k, c in cmds.items():
            r = subprocess.run(
                ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", *c],
                capture_output=True,
                text=True,
                cwd=work,
                env=env,
            )
            m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
            if r.returncode or not m:
                raise RuntimeError(f"{k}: valgrind exit {r.returncode}: {r.stderr[-300:]}")
            counts[k] = int(m.group(1).replace(",", ""))
        base = counts.pop("-c pass")
        print(f"instructions (valgrind, regular install, {sys.executable}): python -c pass {base / 1e6:.1f} M")
        for k, n in counts.items():
            print(f"  {k:20s} {n / 1e6:7.1f} M  {n / base:4.2f}x")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=11, help="alternating rounds of the cold-start table (median)")
    ap.add_argument(
        "--only",
        default="cold,algebra,numpy,cpp,eval",
        help="comma-separated sections (also: icount, instruction counts with valgrind)",
    )
    ap.add_argument(
        "--cmd",
        action="append",
        default=None,
        help="cold start: only this command of the table (its name, e.g. kernel, '--help'; repeatable)",
    )
    ap.add_argument(
        "--install",
        choices=("regular", "editable", "both"),
        default="both",
        help="cold start: which install kind to measure",
    )
    args = ap.parse_args()
    only = set(args.only.split(","))
    # the in-tree runs below (algebra, eval -f) use byte-compiled modules, as an install does
    import compileall

    compileall.compile_dir(str(ROOT / "cutedump"), quiet=1)
    print(
        f"interpreter: {sys.executable} (Python {sys.version.split()[0]}); {os.cpu_count()} CPUs; "
        f"load average {os.getloadavg()[0]:.1f} at the start"
    )
    if "icount" in only:
        print_icount(set(args.cmd) if args.cmd else None)
    if "cold" in only:
        unknown = set(args.cmd or ()) - {n for n, _, _ in COLD} - {"API: first Layout"}
        if unknown:
            ap.error(f"--cmd: no such command in the table: {', '.join(sorted(unknown))}")
        print_cold(
            args.rounds,
            set(args.cmd) if args.cmd else None,
            ("regular", "editable") if args.install == "both" else (args.install,),
        )
    if "algebra" in only:
        res = bench_ops()
        print(
            f"algebra vs pycute, the same inputs (each side: the sum over chunks of {CHUNK} inputs of its best of 11 "
            "alternating runs):"
            if res
            else "algebra vs pycute: skipped (pycute not importable: pip install nvidia-cutlass)"
        )
        for name, (t_o, t_p, n) in res.items():
            print(
                f"  {name:18s} {n:4d} inputs: cutedump {t_o * 1e3:6.1f} ms, pycute {t_p * 1e3:6.1f} ms, "
                f"ratio {t_o / t_p:.2f} (target <= 1.0)"
            )
    if "numpy" in only:
        print(f"numpy evaluation of a 2^24-point layout: {bench_numpy_eval():.3f} s (target <= 1 s)")
    if "cpp" in only:
        t_l, t_c, note = bench_layout_vs_cpp()
        if t_c:
            print(
                f"cutedump layout end to end (python -m cutedump, in-tree): {t_l * 1e3:.0f} ms; g++ compile + run: "
                f"{t_c * 1e3:.0f} ms; speed-up {t_c / t_l:.0f}x (target >= 50x); {note}"
            )
        else:
            print(f"cutedump layout end to end: {t_l * 1e3:.0f} ms; C++ side skipped: {note}")
    if "eval" in only:
        work = Path(tempfile.mkdtemp(prefix="cutedump-bench-"))
        try:
            inst = make_installs(work, kinds=("regular",))["regular"]
            n, t_e2e, t_in, cpus = bench_eval_file(installed=None if isinstance(inst, str) else inst[1])
        finally:
            shutil.rmtree(work, ignore_errors=True)
        for k, (med, best, cpu) in t_e2e.items():
            who = {
                "default": f"FILE, default: {cpus} process{'es' if cpus > 1 else ''} (python -m cutedump, in-tree)",
                "-j 1": "FILE -j 1, one process (python -m cutedump, in-tree)",
                "pipe": "- fed through a pipe, default (python -m cutedump, in-tree)",
                "installed": "FILE, default, the `cutedump` command of a regular install in a bare venv",
            }[k]
            print(
                f"cutedump eval -f {who}, {n} mixed expressions: {n / med:,.0f} expressions/s end to end, start-up "
                f"included (median of 5; best {n / best:,.0f}; CPU {cpu:.2f} s"
                f"{'; target >= 50,000' if k in ('default', 'installed') else ''})"
            )
        print(f"  one process's loop in-process: {n / t_in:,.0f} expressions/s")


if __name__ == "__main__":
    main()
