"""The console entry's fast path (cutedump/entry.py): command lines answered without click (parsed from the commands'
declarations, cutedump/commands/declarations/) print the same bytes as the click commands built from the same
declarations, and everything else (errors, options not marked fast, help) is left to click."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cutedump import entry
from cutedump.cli import main
from tests.paths import PKG_PATH

ROOT = Path(__file__).resolve().parents[1]
#: the installed `cutedump` command as pip's console-script wrapper runs it (pyproject's [project.scripts])
CONSOLE = [
    sys.executable,
    "-c",
    "import sys; sys.argv[0] = 'cutedump'; from cutedump.entry import console; sys.exit(console())",
]


def fast(args, monkeypatch):
    """What the fast path prints for ``args`` (None: it printed nothing and leaves them to click)."""
    buf = io.BytesIO()
    out = io.TextIOWrapper(buf, encoding="utf-8", newline="")
    monkeypatch.setattr(sys, "stdout", out)
    call = entry._fast_call(args)
    if call is None or entry._fast(call) is None:
        out.flush()
        assert buf.getvalue() == b""
        return None
    out.flush()
    return buf.getvalue().decode()


def eligible(args) -> bool:
    """Does the fast path parse ``args`` (its function may still leave them to click)?"""
    return entry._fast_call(args) is not None


def left_to_click(args, monkeypatch) -> bool:
    """The fast path prints nothing for ``args`` (not parsed, or its function declines)."""
    return fast(args, monkeypatch) is None


def exprs(n=400):
    from tests.oracle import gen_algebra as G

    out = [c.expr for c in G.generate(9090, n, nested=40)]
    return out + [
        "size((_4,8)",
        "unknown_fn(1)",
        "(" * 5000 + "1" + ")" * 5000,
        "",
        "  rank((_2,(_3,_4)))  ",
        "Sw<3,3,3>",
        "composition(Sw<3,3,3>, (_8,(_8,_8)):(_8,(_1,_64)))",
        "(_4,_8):(_1,_4)(17)",
    ]


def test_eval_same_bytes(monkeypatch):
    runner = CliRunner()
    answered = 0
    for e in exprs():
        got = fast(["eval", e], monkeypatch)
        r = runner.invoke(main, ["eval", e])
        if got is None:
            continue
        answered += 1
        assert (r.exit_code, r.output) == (0, got), e
    assert answered >= 300


LAYOUTS = [
    "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))",
    "Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))",
    "(_8,_4):(_4,_1)",
    "(_4,_8):(_8,_1)",
    "logical_divide((_16,_8):(_1,_16), (_8:_1,(_4,_2):(_2,_1)))",
    "_8:_1",
    "(3,5):(5,1)",
    "(_2,_3,_4):(_12,_4,_1)",
    "((2,3),(4,5)):((1,2),(6,24))",
    "(_0,_4):(_1,_1)",
    "(256,256):(256,1)",
    "(4096,4096):(4096,1)",
    "(_4,_8",
    "size((_4,_8))",
    "(_4,_8):(_1,_4)(3)",
    "Sw<2,3,3> o 0 o (_8,_8):(_8,_1)",
]


@pytest.mark.parametrize(
    "flags",
    [
        [],
        ["--plain"],
        ["--info"],
        ["--coords", "--plain"],
        ["--info", "--coords"],
        ["--format", "json"],
        ["--format=json"],
        ["--format", "text", "--info"],
        ["--info", "--format", "json"],
    ],
)
def test_layout_same_bytes(monkeypatch, flags):
    runner = CliRunner()
    answered = 0
    for L in LAYOUTS:
        for args in (["layout", L, *flags], ["layout", *flags, L]):
            got = fast(args, monkeypatch)
            r = runner.invoke(main, args)
            if got is None:
                assert r.exit_code != 0 or "--force" in r.output, (args, r.output)  # only failures are left over
                continue
            answered += 1
            assert (r.exit_code, r.output) == (0, got), args
    assert answered >= 20


@pytest.mark.parametrize(
    "args",
    [
        ["layout"],
        ["layout", "--help"],
        ["layout", "(_4,_8)", "--format", "xml"],
        ["layout", "(_4,_8)", "--format"],
        ["layout", "(_4,_8)", "--format", "json", "--format", "text"],
        ["layout", "(_4,_8)", "--plain", "--plain"],
        ["layout", "(_4,_8)", "(_2,_2)"],
        ["layout", "-"],
        ["eval", "-f", "x"],
        ["eval", "1", "--syntax", "cpp"],
        ["eval", "1", "-"],
        ["eval", "--format", "json"],
        ["eval", "--help"],
        ["eval", "-1"],
        ["mma", "x", "--thread", "1"],
        ["--help"],
        [],
        ["layout", "--force", "(_4,_8)"],
    ],
)
def test_left_to_click(args, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert left_to_click(args, monkeypatch)


def test_layout_json_plain_left_to_click(monkeypatch):
    """--plain with --format json is click's usage error: the fast path prints nothing."""
    args = ["layout", "(_4,_8):(_8,_1)", "--format", "json", "--plain"]
    assert fast(args, monkeypatch) is None and CliRunner().invoke(main, args).exit_code == 2


def same_as_click(lines, monkeypatch, runner) -> int:
    """Each command line's fast answer is the click command's output (exit 0); one the fast path leaves (None) is a
    click failure -> how many were answered fast."""
    answered = 0
    for args in lines:
        got = fast(args, monkeypatch)
        r = runner.invoke(main, args)
        if got is None:
            assert r.exit_code != 0, (args, r.output)
            continue
        answered += 1
        assert (r.exit_code, r.output) == (0, got), args
    return answered


def test_not_utf8_left_to_click(monkeypatch):
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    assert entry._fast(entry._fast_call(["eval", "size((_4,8))"])) is None


def run(args, **kw):
    code = (
        "import sys; from cutedump.entry import main; import atexit; "
        "atexit.register(lambda: sys.stderr.write('click' + str('click' in sys.modules)))\nmain()"
    )
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, cwd=ROOT, timeout=60, **kw)


def test_process_fast_and_fallback():
    L = "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
    r = run(["layout", L])
    assert (r.returncode, r.stderr) == (0, b"clickFalse")
    assert r.stdout.decode() == CliRunner().invoke(main, ["layout", L]).output
    r = run(["eval", "size((_4,8))"])
    assert (r.returncode, r.stdout, r.stderr) == (0, b"32\n", b"clickFalse")
    r = run(["eval", "size((_4,8)"])  # an error: click's command prints it
    assert r.returncode == 2 and r.stdout == b"" and r.stderr.startswith(b"error: ")
    assert r.stderr.endswith(b"clickTrue")
    r = run(["layout", "(_4,_8):(_8,_1)", "--format", "json"])
    assert (r.returncode, r.stderr) == (0, b"clickFalse") and r.stdout.startswith(b"{")
    assert r.stdout.decode() == CliRunner().invoke(main, ["layout", "(_4,_8):(_8,_1)", "--format", "json"]).output
    r = run(["layout", "(_4,_8):(_8,_1)", "--format", "json", "--plain"])  # a usage error: click's
    assert r.returncode == 2 and r.stderr.endswith(b"clickTrue")


@pytest.mark.parametrize("fmt", [[], ["--format", "json"], ["--format=text"]])
def test_eval_several_and_json_same_bytes(monkeypatch, fmt):
    """`eval EXPR... [--format text|json]` answered without click prints the click command's bytes; a failing EXPR
    (exit 1 or 2 there) is left to click."""
    runner = CliRunner()
    cases = [
        ["size((_4,8))"],
        ["left_inverse((_8,(_4,_2)):(_1,(_32,_16)))", "size(_4)", "(_4,_8):(_1,_4)(17)"],
        ["Sw<3,3,3> o _0 o (_8,_8):(_8,_1)", "(_2,(_3,4))", "E<1,0>{}", "make_identity_tensor((_4,_8))"],
        ["size(_4)", "size((_4,8)"],
        ["size((_4,8)"],
        ["upcast<2>((_4,_8):(_1,_4))", "", "# note"],
    ]
    lines = [a for exprs in cases for a in (["eval", *exprs, *fmt], ["eval", *fmt, *exprs])]
    assert same_as_click(lines, monkeypatch, runner) >= 6


def test_process_closed_pipe():
    """A reader that stops early: exit 141 quietly, as the click path does."""
    p = subprocess.Popen(
        [sys.executable, "-m", "cutedump", "layout", "(256,256):(256,1)"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    p.stdout.read(10)
    p.stdout.close()
    assert p.wait(timeout=60) in (0, 141)
    assert p.stderr.read() == b""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["eval", "size((_4,8))"], ["layout", "(_4,_8):(_8,_1)"]])
def test_process_full_disk_as_click(args):
    """A write that fails: the same one error line and status as the click command (``--format text`` forces it)."""
    runs = []
    for extra in ([], ["--format", "text"]):
        with open("/dev/full", "w") as full:
            runs.append(
                subprocess.run(
                    [sys.executable, "-m", "cutedump", *args, *extra],
                    stdout=full,
                    stderr=subprocess.PIPE,
                    cwd=ROOT,
                    timeout=60,
                )
            )
    assert runs[0].returncode == runs[1].returncode == 2 and runs[0].stderr == runs[1].stderr
    assert runs[0].stderr.startswith(b"error: internal error (OSError")


def test_eval_file_fast_and_same_as_click(tmp_path):
    """`eval -f FILE [-j N]` is answered without click, with the click command's bytes and exit status; a file that
    cannot be read, a bad -j or another spelling goes to click."""
    f = tmp_path / "e.txt"
    f.write_text("\n".join(exprs(300)) + "\n# c\n\nsize(_4)")
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"size(_4)\n\xff\n")
    for args, fast_path in [
        (["eval", "-f", str(f)], True),
        (["eval", "--file", str(f), "-j", "1"], True),
        (["eval", "-j", "2", "-f", str(f)], True),
        (["eval", "-f", str(bad)], True),
        (["eval", "-f", str(tmp_path)], False),
        (["eval", "-f", str(f), "-j", "0"], False),
        (["eval", "-f", str(tmp_path / "none")], False),
        (["eval", f"--file={f}"], True),
    ]:
        r = run(args)
        c = CliRunner().invoke(main, args)
        assert r.stderr.endswith(b"click" + str(not fast_path or "bad" in args[-1]).encode()), (args, r.stderr)
        assert (r.returncode, r.stdout.decode()) == (c.exit_code, c.stdout), args
        if fast_path:  # (click's own errors name the program: '-c' here, 'main' in the runner)
            err = r.stderr.decode()
            assert err[: err.rindex("click")] == c.stderr, args


TUTORIAL = [
    ["coords", "(3,(2,3))", "(3,(12,1))"],
    ["coords", "(2,3)"],
    ["coords", "(3,(2,3)):(3,(12,1))"],
    ["coords", "(_3,(_2,_3))", "(_3,(_12,_1))"],
    ["coords", "8"],
    ["coords", "(2,(2,2))", "(1,(0,2))"],
    ["coords", "(3,(2,3"],
    ["coords", "(2,3)", "(1,2,3)"],
    ["coords", "100000000"],
    ["coords", "(4,4)", "x"],
    ["compat", "24", "(4,6)"],
    ["compat", "((2,3),4)", "((2,2),(3,2))"],
    ["compat", "(24)", "24"],
    ["compat", "(4,8):(1,4)", "32"],
    ["compat", "(2,", "4"],
    ["compat", "(2,3)", "((1,2),(3,1))"],
]


def test_tutorial_same_bytes(monkeypatch):
    """`coords SHAPE [STRIDE]` and `compat A B` (compatible) without click: the click commands' bytes; errors and
    an incompatible pair (exit 1) are left to click."""
    runner = CliRunner()
    answered = 0
    for args in TUTORIAL:
        assert eligible(args), args
        got = fast(args, monkeypatch)
        r = runner.invoke(main, args)
        if got is None:
            assert r.exit_code != 0, args
            continue
        answered += 1
        assert (r.exit_code, r.output) == (0, got), args
    assert answered >= 8
    for args in (
        ["coords", "(2,3)", "--force"],
        ["coords", "-"],
        ["coords"],
        ["compat", "24"],
        ["compat", "24", "-"],
        ["coords", "(2,3)", "(3,1)", "(1,1)"],
        ["compat", "24", "(4,6)", "--format", "json"],
    ):
        assert left_to_click(args, monkeypatch), args


ATOM_LINES = [
    ["mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-layout", "(_2,_2)"],
    ["mma", "SM80_16x8x16_F16F16F16F16_TN"],
    ["mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-layout", "(_2,_2)", "--tile", "(_32,_32,_16)"],
    [
        "mma",
        "SM80_16x8x8_F32TF32TF32F32_TN",
        "--tile",
        "((_2,_16):(_16,_1),_16,_)",
        "--atom-layout",
        "(_2,_2,_1):(_2,_1,_0)",
    ],
    ["mma", "SM90_64x128x16_F32F16F16_SS<K,MN>"],
    ["mma", "UniversalFMA<float>", "--atom-layout", "(_16,_16)"],
    ["mma", "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>"],
    ["mma", "SM70_8x8x4_F32F16F16F32_NT"],
    ["mma", "NO_SUCH_ATOM"],
    ["mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-layout", "(_2,"],
    ["mma", "SM80_16x8x16_F16F16F16F16_TN", "--tile", "(_3,_32,_16)"],
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
    ["copy", "UniversalCopy<half_t>", "--thr", "(_32,_4)"],
    ["copy", "SM75_U32x4_LDSM_N", "--thr", "(_32,_1)", "--val", "(_1,_8)", "--type", "half_t"],
    ["copy", "SM75_U32x4_LDSM_N", "--thr", "(_32,_1)", "--val", "(_1,_8)"],
    ["copy", "UniversalCopy<uint128_t>", "--type", "half_t", "--thr", "(_16,_8):(_8,_1)", "--val", "(_1,_4)"],
    ["copy", "SM90_TMA_LOAD", "--type", "half_t", "--thr", "(_1,_1)"],
    ["copy", "NOPE", "--thr", "(_2,_2)"],
]


def test_mma_copy_same_bytes(monkeypatch):
    """`mma ATOM [--atom-layout] [--tile]` and `copy ATOM [--type] --thr [--val]` without click: the click commands'
    bytes; errors are left to click."""
    assert all(eligible(args) for args in ATOM_LINES)
    assert same_as_click(ATOM_LINES, monkeypatch, CliRunner()) >= 10
    for args in (
        ["mma", "X", "--partition", "(8,8)"],
        ["mma", "X", "--tile"],
        ["mma", "--tile", "(_1,_1,_1)", "X"],
        ["mma", "X", "--tile", "(_1,_1,_1)", "--tile", "(_1,_1,_1)"],
        ["mma", "X", "--format", "json"],
        ["copy", "X", "--type", "half_t"],
        ["copy", "X", "--thr=(_1,_1)"],
        ["copy", "X", "--thr", "-1"],
        ["copy", "X", "--thr", "(_1,_1)", "--samples"],
        ["mma", "X", "--atom-only"],
    ):
        assert left_to_click(args, monkeypatch), args


PICTURES = [
    "(2,(2,3)):(6,(3,1))",
    "Sw<3,3,3> o _0 o (_8,_8):(_8,_1)",
    "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))",
    "(_4,_8)",
    "(_4,_8):(_8,_1)",
    "8:1",
    "(3,5):(5,1)",
    "Sw<2,3,3> o 5 o (_8,_16):(_16,_1)",
    "(_4,_8",
    "(1000,1000):(1,1000)",
    "(_2,_3,_4):(_1,_2,_6)",
    "size((_4,_8))",
]


@pytest.mark.parametrize("cmd", ["latex", "svg", "html"])
def test_pictures_same_bytes(monkeypatch, cmd):
    """`latex|svg|html LAYOUT` without click: the click commands' bytes; errors are left to click."""
    lines = [[cmd, L] for L in PICTURES]
    assert all(eligible(args) for args in lines)
    assert same_as_click(lines, monkeypatch, CliRunner()) >= 8
    for args in ([cmd, "-"], [cmd, "(_4,_8)", "(_2,_2)"], [cmd, "(_4,_8)", "--permutation", "(_1,_1,_1)"]):
        assert left_to_click(args, monkeypatch), args


EXPLAIN = [
    "composition((_4,_8):(_1,_4), (_4,_2):(_2,_1))",
    "composition((_4,_8):(_1,_8), _2:_6)",
    "upcast<2>((_4,_8):(_1,_4))",
    "coalesce((_2,_4):(_1,_2))",
    "complement((_4,_2):(_1,_16), _64)",
    "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))",
    "logical_divide((_16,_8):(_1,_16), (_8:_1,(_4,_2):(_2,_1)))",
    "blocked_product((_2,_2):(_1,_2), (_3,_4))",
    "size((_4,8))",
    "nonsense(",
    "(_4,_8):(_1,_4)",
    "right_inverse((_4,_8):(_8,_1))",
    "zipped_divide((_8,_8):(_8,_1), (_2,_4))",
]


def test_explain_same_bytes(monkeypatch):
    """`explain EXPR` without click (zh, plain text): the click command's bytes; an explanation ending in an error, an
    unknown call and CUTEDUMP_LANG are left to click."""
    monkeypatch.delenv("CUTEDUMP_LANG", raising=False)
    runner = CliRunner()
    answered = 0
    for e in EXPLAIN:
        args = ["explain", e]
        assert eligible(args), args
        got = fast(args, monkeypatch)
        r = runner.invoke(main, args)
        if got is None:
            assert r.exit_code != 0 or "error" in r.output, (args, r.output)
            continue
        answered += 1
        assert (r.exit_code, r.output) == (0, got), args
    assert answered >= 8
    for args in (["explain", "-"], ["explain", EXPLAIN[0], "--lang", "en"], ["explain"]):
        assert left_to_click(args, monkeypatch), args
    monkeypatch.setenv("CUTEDUMP_LANG", "en")
    assert left_to_click(["explain", EXPLAIN[0]], monkeypatch)


def _click_command(args):
    """(the click command of ``args``'s declaration, how many words name it)."""
    from cutedump.cli import command
    from cutedump.commands._decl import find
    from cutedump.commands.declarations import COMMANDS

    decl, k = find(COMMANDS, args)
    cmd = command(args[0])
    return (cmd.commands[args[1]] if k == 2 else cmd), k


def test_declarations_build_and_answer():
    """Every declaration builds its click command (each Opt an option of the same name and parameter); its run and
    fast functions exist and take the parameters the declaration gives them; every option name is in the vocabulary."""
    import inspect

    import click

    from cutedump.cli import command
    from cutedump.commands._decl import Opt, function
    from cutedump.commands._vocab import meaning
    from cutedump.commands.declarations import COMMANDS

    def takes(fn, names):
        sig = inspect.signature(fn)
        if any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values()):
            return True
        return set(names) <= set(sig.parameters)

    n = 0
    for name, decl in COMMANDS.items():
        cmd = command(name)
        for sub in decl.subcommands.values() or [decl]:
            c = cmd.commands[sub.name] if decl.subcommands else cmd
            assert [p.name for p in c.params] == [getattr(p, "dest", getattr(p, "name", None)) for p in sub.params]
            opts = [p for p in sub.params if isinstance(p, Opt)]
            for p in opts:
                assert meaning(p.names[0].split("/")[0]) is not None or p.hidden, (name, sub.name, p.names)
            params = [
                getattr(p, "dest", getattr(p, "name", None)) for p in sub.params if not getattr(p, "renames", None)
            ]
            # without a run function, the click command prints the fast function's text: it takes every option
            assert sub.run or all(p.fast for p in opts), (name, sub.name)
            assert takes(function(sub.run or sub.fast), params + list(sub.bound)), (name, sub.name)
            if sub.fast:
                fast_params = [p.dest for p in opts if p.fast] + [p.name for p in sub.params if not isinstance(p, Opt)]
                assert takes(function(sub.fast), fast_params + list(sub.fixed)), (name, sub.name)
            n += 1
        assert isinstance(cmd, click.Command)
    assert n >= 35


@pytest.mark.parametrize("lang", [None, "en"])
def test_table_parses_as_click(monkeypatch, lang):
    """The fast path's parameters (commands/_decl.py:fast_call) are the ones click's own parsing gives (defaults
    included)."""
    import click

    if lang is None:
        monkeypatch.delenv("CUTEDUMP_LANG", raising=False)
    else:
        monkeypatch.setenv("CUTEDUMP_LANG", lang)
    n = 0
    for args in TABLE_LINES:
        _name, kw, _tty = entry._fast_call(args)
        cmd, k = _click_command(args)
        fixed = entry._fast_call(args)[1].keys() - {p.name for p in cmd.params}
        with cmd.make_context(" ".join(args[:k]), list(args[k:])) as ctx:
            got = {k: v for k, v in ctx.params.items() if k in kw}
        if "given_" in kw:
            assert kw.pop("given_") == {
                p.name
                for p in ctx.command.params
                if isinstance(p, click.Option) and ctx.get_parameter_source(p.name).name == "COMMANDLINE"
            }, args
        assert set(kw) - set(ctx.params) <= set(fixed), args
        assert got == {k: v for k, v in kw.items() if k in ctx.params}, args
        n += 1
    assert n == len(TABLE_LINES)


TABLE_LINES = [
    ["kernel", "sgemm_sm80_tn_half"],
    ["kernel", "sgemm_sm80_tn_half", "--thread", "37", "--lang", "en"],
    ["kernel", "sgemm_sm70_tn", "--set", "M=200", "--set", "bK=_16", "--warp", "3"],
    ["kernel", "sgemm_sm80_nt_float", "--format", "json"],
    ["kernel", "wgmma_sm90_nt", "--thread", "5"],
    ["kernel", "sm100_01_mma", "--thread", "37", "--set", "MmaN=64", "--lang", "en"],
    ["kernel", "sgemm_sm80_tn_half", "--thread", "100000"],
    ["kernel", "no_such_kernel"],
    ["kernel", "sgemm_2_nt", "--no-readings"],
    ["kernel", "sm100_05_mma_tma_epi", "--no-readings", "--thread", "64"],
    ["kernel", "wgmma_sm90_tn", "--no-readings", "--format", "json"],
    ["kernel", "sgemm_2_nt", "--no-readings", "--warp", "0"],
    ["sgemm-sm80", "--dump-layouts", "--cta-tile", "64,128,64", "--no-readings"],
    ["sgemm-sm80", "--no-readings", "--warp", "1"],
    ["bank", "--inst", "ld.shared.b128", "--addresses", ",".join(str(32 * i) for i in range(32))],
    ["bank", "--inst", "ldmatrix.x4", "--addresses", ",".join(str(16 * i) for i in range(32)), "--format", "json"],
    [
        "bank",
        "--inst",
        "ld.shared.b32",
        "--addresses",
        ",".join(str(128 * i) for i in range(32)),
        "--addresses",
        ",".join(str(4 * i) for i in range(32)),
        "--compact",
    ],
    ["bank", "--inst", "ld.shared.b64", "--addresses", ",".join(str(8 * i) for i in range(32)), "--format", "svg"],
    ["bank", "--inst", "ld.shared.b32", "--addresses", "1,2,3"],
    ["bank", "--addresses", "0"],
    ["bank", "--inst", "ld.shared.b32", "--addresses", ",".join(["0"] * 32), "--warp", "1"],
    ["bank", "(_8,_8)", "--inst", "ld.shared.b32", "--addresses", ",".join(["0"] * 32)],
    ["sgemm-sm80", "--dump-layouts", "--dump-m", "128", "--dump-n", "128", "--dump-k", "64", "--thread", "5"],
    [
        "sgemm-sm80",
        "--dump-layouts",
        "--dump-m",
        "200",
        "--dump-n",
        "96",
        "--dump-k",
        "40",
        "--thread",
        "37",
        "--lang",
        "en",
    ],
    ["sgemm-sm80", "--variant", "nt", "--type", "float", "--format", "json"],
    ["sgemm-sm80", "--cta-tile", "64,128,64"],
    ["sgemm-sm80", "--dump-m", "0"],
    ["sgemm-sm80", "--cta-tile", "64,128"],
    ["sgemm-sm80", "--warp", "9"],
    ["kernel", "sgemm_sm80_tn_half", "--set", "Q=1"],
    ["tmem", "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>"],
    [
        "tmem",
        "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>",
        "--copy",
        "SM100_TMEM_LOAD_32dp32b8x",
        "--thread",
        "37",
    ],
    [
        "tmem",
        "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,K,K>",
        "--shape",
        "(_256,_256)",
        "--copy",
        "SM100_TMEM_LOAD_16dp256b1x",
        "--format",
        "json",
    ],
    [
        "tmem",
        "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>",
        "--copy",
        "SM100_TMEM_LOAD_32dp32b8x",
        "--thread",
        "1000",
    ],
    ["tmem", "SM80_16x8x16_F16F16F16F16_TN"],
    ["scale", "--kind", "nvf4", "--problem", "1000,512,300", "--element", "300,70", "--lang", "en"],
    ["scale", "--problem", "256,256,512", "--tile", "128,256,256", "--format", "json", "--lang", "zh"],
    ["scale", "--kind", "blockwise", "--problem", "128,128,128", "--vs", "16", "--lang", "en"],
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
    ],
    [
        "bank",
        "(_64,_32):(_32,_1)",
        "--copy",
        "UniversalCopy<uint128_t>",
        "--type",
        "half_t",
        "--thr",
        "(_16,_8):(_8,_1)",
        "--val",
        "(_1,_8)",
        "--store",
        "--warp",
        "2",
        "--format",
        "json",
    ],
    [
        "bank",
        "(_64,_32):(_32,_1)",
        "--copy",
        "UniversalCopy<uint128_t>",
        "--type",
        "half_t",
        "--thr",
        "(_32,_4):(_4,_1)",
        "--val",
        "(_1,_8)",
        "--load",
        "--no-fix",
        "--format",
        "svg",
    ],
    [
        "bank",
        "(_64,_32):(_32,_1)",
        "--copy",
        "UniversalCopy<uint128_t>",
        "--type",
        "half_t",
        "--thr",
        "(_32,_4):(_4,_1)",
        "--val",
        "(_1,_8)",
        "--compact",
        "--format",
        "json",
    ],
    ["desc", "0x4000004000010000", "--major", "K", "--type", "half_t", "--lang", "en"],
    ["desc", "0x4000004000010000"],
    ["desc", "0x4000404000010000", "--kind", "umma", "--format", "json"],
    ["desc", "0x4000004000010000", "--picture", "svg", "--mn", "128"],
    ["desc", "0xzz"],
    ["desc", "0x4000004000010000", "--picture", "latex", "--format", "json"],
    ["idesc", "0x08400010", "--family", "SM100_MMA_F16BF16_SS"],
    ["idesc", "0x08400010", "--format", "json"],
    ["idesc", "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>"],
    ["idesc", "0x1", "--block-scaled"],
    ["idesc", "SM80_16x8x16_F16F16F16F16_TN"],
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
        "--tma-partition",
    ],
    [
        "tma",
        "--op",
        "SM90_TMA_LOAD_MULTICAST",
        "--type",
        "half_t",
        "--gmem",
        "(1024,256):(256,_1)",
        "--smem",
        "Sw<3,4,3> o _0 o (_64,_64):(_64,_1)",
        "--cluster",
        "2",
        "--tma-partition",
        "--cta",
        "1",
    ],
    [
        "tma",
        "--op",
        "SM90_TMA_LOAD",
        "--mma",
        "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>",
        "--gmem",
        "(512,256):(256,_1)",
        "--operand",
        "B",
    ],
    ["tma", "--op", "SM90_TMA_LOAD", "--type", "half_t", "--gmem", "(512,128):(128,_1)"],
    [
        "tma",
        "--op",
        "SM90_TMA_LOAD_IM2COL",
        "--type",
        "half_t",
        "--gmem",
        "(8,8,8,64):(4096,512,64,_1)",
        "--smem",
        "(_64,_32):(_1,_64)",
        "--lower-corner",
        "(-1,-1)",
    ],
    *[
        [cmd, *a]
        for cmd in ("latex", "svg", "html")
        for a in (
            ["--mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-layout", "(_2,_2)", "--tile", "(_32,_32,_16)"],
            ["--mma", "SM80_16x8x16_F16F16F16F16_TN", "--atom-layout", "(_2,_2)"],
            [
                "--copy",
                "SM75_U32x4_LDSM_N",
                "--type",
                "half_t",
                "--mma",
                "SM80_16x8x16_F16F16F16F16_TN",
                "--operand",
                "A",
            ],
            ["--copy", "UniversalCopy<uint128_t>", "--type", "half_t", "--thr", "(_16,_8):(_8,_1)", "--val", "(_1,_8)"],
            ["--tv", "((_4,_8),_2):((_16,_1),_8)", "--tile", "(_8,_8)"],
            ["(2,(2,3)):(6,(3,1))", "--force"],
            [],
            ["(_4,_8)", "--mma", "X"],
        )
    ],
    ["ck", "naive", "--lengths", "256,64", "--strides", "64,1"],
    ["ck", "naive", "--lengths", "4,_8", "--format", "json"],
    ["ck", "naive", "--lengths", "256,64", "--align", "8", "--at", "3,5", "--table"],
    ["ck", "naive", "--lengths", "3000,3000", "--strides", "3000,1", "--force"],
    [
        "ck",
        "describe",
        "--lengths",
        "256,64",
        "--strides",
        "64,1",
        "--stage",
        "unmerge(8,_8)@1->0,2; pass_through(256)@0->1",
        "--at",
        "3,17,5",
    ],
    [
        "ck",
        "describe",
        "--lengths",
        "3,2",
        "--strides",
        "1,1",
        "--stage",
        "merge(3,2)@0,1->0",
        "--stage",
        "unmerge(2,3)@0->0,1",
        "--name",
        "d",
        "--no-cute",
    ],
    ["ck", "describe", "--lengths", "4,8", "--stage", "bogus(1)@0->0"],
    ["ck", "recipe", "xdl-a", "--M", "256", "--K", "64", "--AK1", "8"],
    ["ck", "recipe", "xdl-b", "--N", "128", "--K", "64", "--major", "row", "--format", "json"],
    ["ck", "recipe", "xdl-c-grid", "--M", "100", "--N", "96", "--MPerBlock", "64", "--NPerBlock", "64"],
    ["ck", "recipe", "xdl-a", "--N", "3"],
    ["ck", "recipe", "thread-scratch", "--slice-lengths", "1,2,4"],
    ["ck", "recipe", "xdl-a", "--M", "256", "--K", "64", "--AK1", "8", "--MPerXdl", "32"],
    ["ck", "recipe", "nope"],
    ["tilelang", "auto", "--shape", "64,16", "--type", "float16"],
    ["tilelang", "auto", "--shape", "2,64,64", "--no-pad"],
    ["tilelang", "gemm-ab", "--shape", "64,32", "--type", "int8", "--k-outer", "--format", "json"],
    ["tilelang", "padded", "--shape", "64,16", "--type-bits", "32", "--at", "5,3"],
    ["tilelang", "wgmma", "--shape", "64,64", "--continuity", "32"],
    ["tilelang", "tcgen05", "--shape", "128,64"],
    ["tilelang", "volta", "--shape", "32,32", "--b", "--k-outer"],
    ["tilelang", "linear", "--shape", "3,5,7"],
    ["tilelang", "auto", "--shape", "64,16", "--format", "json", "--values"],
    ["tilelang", "auto", "--shape", "64,x"],
    ["tilelang", "auto", "--shape", "64,16", "--values"],
    ["atoms"],
    ["atoms", "SM80_16x8x16"],
    ["atoms", "--format", "json"],
    ["atoms", "LDSM", "--format", "json"],
    ["tiled-copy-c"],
    ["tiled-copy-c", "--copy-v", "2", "--lang", "en"],
    ["tiled-copy-c", "--mma", "SM80_16x8x8_F32TF32TF32F32_TN", "--atom-layout", "(_2,_2,_1)", "--tile", "(_32,_16,_8)"],
    ["tiled-copy-c", "--copy-v", "3"],
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
    [
        "explain",
        "partition",
        "--mma",
        "SM80_16x8x16_F16F16F16F16_TN",
        "--atom-layout",
        "(_2,_2)",
        "--shape",
        "(_64,_32)",
        "--operand",
        "A",
        "--thread",
        "5",
        "--lang",
        "en",
    ],
    [
        "explain",
        "partition",
        "--mma",
        "SM80_16x8x16_F16F16F16F16_TN",
        "--shape",
        "(_64,_32)",
        "--operand",
        "C",
        "--fragment",
    ],
    ["explain", "partition", "--mma", "SM80_16x8x16_F16F16F16F16_TN", "--shape", "(_63,_32)", "--operand", "A"],
    [
        "triton",
        "BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[1, 0], "
        "cga_layout=[])",
        "--shape",
        "16,16",
    ],
    [
        "triton",
        "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], "
        "instrShape = [16, 8]}>, kWidth = 2}>",
        "--shape",
        "32,32",
        "--format",
        "json",
    ],
    ["triton", "NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16)", "--shape", "8,64"],
    ["triton", "--from-cute", "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))", "--shape", "8,16"],
    ["triton", "BlockedLayout(size_per_thread=[3, 1], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[1, 0])"],
    ["triton", "SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 1])", "--shape", "16,16"],
]


@pytest.mark.parametrize("lang", [None, "en", "xx"])
def test_table_same_bytes(monkeypatch, lang):
    """The commands with a fast function, without click: the click commands' bytes; errors are left to click."""
    if lang is None:
        monkeypatch.delenv("CUTEDUMP_LANG", raising=False)
    else:
        monkeypatch.setenv("CUTEDUMP_LANG", lang)
    for args in TABLE_LINES:
        assert eligible(args) or (
            lang == "xx"
            and args[0] in ("kernel", "desc", "tiled-copy-c", "explain", "tma", "tmem", "idesc", "sgemm-sm80")
            and "--lang" not in args
        ), args
    assert same_as_click(TABLE_LINES, monkeypatch, CliRunner()) >= (51 if lang == "xx" else 66)
    for args in (
        ["kernel", "-"],
        ["kernel", "x", "--dump-latex"],
        ["kernel", "x", "--no-readings", "--no-readings"],
        ["kernel", "x", "--thread", "-1"],
        ["kernel", "x", "--thread", "1", "--thread", "2"],
        ["kernel", "x", "--thread=1"],
        ["kernel", "x", "--thread", " 1"],
        ["kernel", "x", "y"],
        ["kernel"],
        ["bank", "(_8,_8)", "--store", "--load"],
        ["bank", "(_8,_8)", "--operand", "a"],
        ["desc", "1", "--mn", "0"],
        ["desc", "1", "--major", "k"],
        ["tmem", "X", "--help"],
        ["idesc", "1", "--", "2"],
        ["bank", "-", "--copy", "X"],
        ["tma", "--type", "half_t", "--gmem", "(8,8)"],
        ["atoms", "--mma"],
        ["atoms", "a", "b"],
        ["atoms", "--mma", "SM80"],
        ["tiled-copy-c", "--format", "json"],
        ["explain", "partition", "--detail", "2"],
        ["explain", "partition", "--format", "json"],
        ["ck", "naive", "--lengths", "4", "--offsets"],
        ["ck", "recipes"],
        ["tilelang", "auto", "--shape", "8,8", "--dtype", "float16"],
        ["tilelang", "full-bank", "--shape", "8,8"],
        ["ck", "recipe", "xdl-a", "--layout", "row"],
        ["ck", "naive"],
        ["tiled-copy-c", "--permutation", "(_1,_1,_1)"],
    ):
        assert left_to_click(args, monkeypatch), args


@pytest.mark.parametrize("columns", ["", "20", "52", "60", "80", "81", "100", "111", "200", "x", "-5"])
def test_top_help_is_clicks_page(columns):
    """`cutedump --help` / `-h` / no arguments are printed without click (commands/_help.py lays the page out as
    click's HelpFormatter does): the same bytes as click's own page at every terminal width (COLUMNS, clamped to the
    group's max_content_width), for the console script and for python -m."""
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    if columns:
        env["COLUMNS"] = columns
    click_page = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.argv[0] = 'cutedump'; from cutedump.cli import main; main(prog_name='cutedump')",
            "--help",
        ],
        env=env,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert click_page.returncode == 0 and click_page.stdout.startswith("Usage: cutedump [OPTIONS]")
    script = (
        "import sys; sys.argv[0] = '/some/bin/cutedump'; from cutedump.entry import main; "
        "sys.modules['click'] = None; main()"
    )  # click cannot even be imported: the page needs none of it
    for args in (["--help"], ["-h"], []):
        r = subprocess.run([sys.executable, "-c", script, *args], env=env, capture_output=True, text=True, cwd=ROOT)
        assert (r.returncode, r.stderr, r.stdout) == (0, "", click_page.stdout), args
    r = subprocess.run([sys.executable, "-m", "cutedump", "--help"], env=env, capture_output=True, text=True, cwd=ROOT)
    assert (r.returncode, r.stdout) == (0, click_page.stdout)


def test_top_help_lists_every_command_of_the_group():
    import inspect

    from cutedump.commands import _help

    assert inspect.cleandoc(_help.MAIN_HELP) == _help.MAIN_HELP  # click shows the help cleandoc'ed
    page = _help.top_help("cutedump", 200)
    from cutedump.commands.declarations import COMMANDS

    assert all(f"\n  {name} " in page for name in COMMANDS)
    assert list(main.list_commands(None)) == list(COMMANDS)


@pytest.mark.parametrize(
    "args, stdin",
    [
        (["layout", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"], None),
        (["eval", "size((_4,8))"], None),
        (["--help"], None),
        (["eval", "-f", "-"], b"size(_4)\nsize((_4\n"),
        (["kernel", "sm100_01_mma", "--lang", "en"], None),
        (["eval", "size((_4,8)"], None),
        (["layout", "(_4,_8):(_8,_1)", "--format", "json"], None),
    ],
)
def test_installed_command_exits_at_once_with_the_same_answer(args, stdin, tmp_path):
    """The installed command (cutedump.entry:console) and python -m cutedump end a fast answer with os._exit,
    skipping the interpreter's teardown:
    the same standard output, standard error and exit status as main() ending through sys.exit (an eval -f file
    with a failing line: 1; errors and options left to click: click's own exit)."""
    if args[:2] == ["eval", "-f"]:
        f = tmp_path / "exprs.txt"
        f.write_bytes(stdin)
        args, stdin = ["eval", "-f", str(f)], None
    env = dict(os.environ, PYTHONPATH=PKG_PATH)
    via_exit = subprocess.run(
        [sys.executable, "-c", "import sys; sys.argv[0] = 'cutedump'; from cutedump.entry import main; main()", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    for cmd in (CONSOLE, [sys.executable, "-m", "cutedump"]):
        now = subprocess.run([*cmd, *args], input=stdin, capture_output=True, cwd=ROOT, env=env, timeout=60)
        assert (now.returncode, now.stdout, now.stderr) == (via_exit.returncode, via_exit.stdout, via_exit.stderr)
    assert via_exit.stdout or via_exit.returncode == 2


def test_installed_command_closed_pipe():
    """The installed command's reader stops early: exit 141 (or 0 if all was written) quietly."""
    p = subprocess.Popen(
        [*CONSOLE, "layout", "(256,256):(256,1)"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=PKG_PATH),
    )
    p.stdout.read(10)
    p.stdout.close()
    assert p.wait(timeout=60) in (0, 141)
    assert p.stderr.read() == b""


def test_integer_options_are_64_bit():
    """Every integer option is parsed in one place (commands/_decl.py:int_refusal): what cannot be a 64-bit C++
    integer is refused, by the fast path and by click alike, as one `error:` line naming the option (exit 2) -- a
    5,000-digit value included (it was a traceback), its digits not repeated."""
    from cutedump.commands._decl import INT64_MAX, INT64_MIN, int_refusal

    for ok in (
        "0",
        "37",
        str(INT64_MAX),
        str(INT64_MIN),
        "-5",
        " 12 ",
        "+3",
        "1_000",
        "00000000000000000000000042",
        "abc",
        "",
        "1.5",
    ):  # (the last three are no integers at all: click's own message says so)
        assert int_refusal(ok) is None, ok
    for bad in (str(INT64_MAX + 1), str(INT64_MIN - 1), "9" * 20, "9" * 5000, "-" + "1" * 4400):
        assert int_refusal(bad) is not None and len(int_refusal(bad)) < 120, bad[:30]
    big = "1" * 5000
    click_path = [
        sys.executable,
        "-c",
        "import sys; sys.argv[0] = 'cutedump'; from cutedump.cli import main; main(prog_name='cutedump')",
    ]
    for cmd, args, opt in (
        (CONSOLE, ["tmem", "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>", "--thread", big], "--thread"),
        (CONSOLE, ["kernel", "sgemm_2_nt", "--warp", "9223372036854775808"], "--warp"),
        (click_path, ["desc", "0x4000004000010000", "--mn", big], "--mn"),
    ):
        r = subprocess.run([*cmd, *args], capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert r.returncode == 2 and r.stdout == "", (args[:2], r.stderr[-300:])
        assert r.stderr.count("\n") == 1 and r.stderr.startswith(f"error: Invalid value for '{opt}': "), r.stderr
        assert "64-bit" in r.stderr and big not in r.stderr
