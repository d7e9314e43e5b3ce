"""`eval -f FILE` spread over processes: the same bytes, statuses and fault handling as one process."""

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cutedump.commands import _batch

ROOT = Path(__file__).resolve().parents[1]
posix_only = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")


def corpus(n: int) -> list[str]:
    """Generated expressions (every operation, static and dynamic) with blank lines, comments, bad lines and one
    line nested too deeply, spread through the file."""
    from tests.oracle import gen_algebra as G

    lines = [c.expr for c in G.generate(4711, n)][:n]
    extras = [
        "",
        "# a comment",
        "size((_4,8)",
        "composition((_4):(_2), nope)",
        "(" * 5000 + "1" + ")" * 5000,
        "  rank((_2,(_3,_4)))  ",
        "unknown_fn(1)",
    ]
    for k, e in enumerate(extras):
        lines.insert((k + 1) * len(lines) // (len(extras) + 1), e)
    return lines


def assert_group_gone(pgid: int) -> None:
    """No process of the command's session (its forked children) is left, within 10 s."""
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    pytest.fail("a child of eval -f outlived the command")


def run_cli(path, *extra):
    return subprocess.run(
        [sys.executable, "-m", "cutedump", "eval", "-f", str(path), *extra], capture_output=True, cwd=ROOT, timeout=300
    )


@pytest.mark.slow  # a few seconds of processes: CI runs it with -m slow
@posix_only
def test_jobs_give_the_same_bytes(tmp_path):
    f = tmp_path / "mixed.txt"
    f.write_text("\n".join(corpus(4500)) + "\n")
    one = run_cli(f, "-j", "1")
    assert one.returncode == 1 and one.stderr == b""  # some lines answer "error: ..."
    outs = one.stdout.decode().split("\n")
    assert len(outs) == 4500 + 7 + 1 and outs[-1] == ""
    assert sum(o.startswith("error: ") for o in outs) >= 4
    for jobs in ("2", "3", "4"):
        r = run_cli(f, "-j", jobs)
        assert (r.returncode, r.stdout, r.stderr) == (1, one.stdout, b""), jobs
    default = run_cli(f)
    assert (default.returncode, default.stdout) == (1, one.stdout)


@posix_only
@pytest.mark.parametrize("block,per_job,jobs", [(700, 100, 3), (1000, 1, 7), (333, 50, 2), (10**6, 400, 5)])
def test_blocks_and_uneven_parts_in_order(monkeypatch, block, per_job, jobs):
    """Several blocks, parts of unequal length, a last block too short to split: the answers of one process."""
    lines = [ln + "\n" for ln in corpus(2100)]
    ref = io.StringIO()
    failed_ref = _batch.answer_stream(iter(lines), ref, 1)
    monkeypatch.setattr(_batch, "BLOCK", block)
    monkeypatch.setattr(_batch, "MIN_PER_JOB", per_job)
    out = io.StringIO()
    failed = _batch.answer_file(iter(lines), out, jobs)
    assert out.getvalue() == ref.getvalue()
    assert (failed > 0) == (failed_ref > 0)


@posix_only
def test_all_good_lines_exit_0(tmp_path):
    from tests.oracle import gen_algebra as G

    f = tmp_path / "good.txt"
    lines = []
    for c in G.generate(99, 3000):
        if not run_ok(c.expr):
            continue
        lines.append(c.expr)
    f.write_text("\n".join(lines) + "\n")
    r = run_cli(f, "-j", "3")
    assert r.returncode == 0 and r.stderr == b"" and r.stdout.count(b"\n") == len(lines)


def run_ok(expr) -> bool:
    ans, bad = _batch.answer(expr)
    return not bad


@posix_only
@pytest.mark.parametrize("fail", ["fork", "pipe"])
def test_no_more_processes_answers_here(monkeypatch, fail):
    """fork (or pipe) failing after the first child (ulimit -u, out of file descriptors): the parts it could not
    give away are answered by this process, in order."""
    lines = [ln + "\n" for ln in corpus(4000)]
    ref = io.StringIO()
    _batch.answer_stream(iter(lines), ref, 1)
    real = getattr(os, fail)
    calls = []

    def flaky():
        calls.append(1)
        if len(calls) > 1:
            raise BlockingIOError(11, "Resource temporarily unavailable")
        return real()

    monkeypatch.setattr(os, fail, flaky)
    out = io.StringIO()
    _batch.answer_file(iter(lines), out, 4)
    assert len(calls) == 3 and out.getvalue() == ref.getvalue()


@posix_only
def test_internal_error_in_a_child_stops_like_one_process(monkeypatch, capfd):
    """An unexpected exception on line 1,500 (a child's part): the 1,499 answers before it, its error line on stderr,
    exit 2; the children after it are stopped."""
    lines = [f"size((_{i % 7 + 1},{i}))\n" for i in range(3000)]
    real = _batch.evaluate

    def flaky(text):
        if text == "size((_2,1499))":
            raise ValueError("boom")
        return real(text)

    monkeypatch.setattr(_batch, "evaluate", flaky)
    out = io.StringIO()
    with pytest.raises(SystemExit) as ei:
        _batch.answer_file(iter(lines), out, 3)
    assert ei.value.code == 2
    got = out.getvalue().split("\n")
    assert len(got) == 1499 + 1 and got[1498] == "1498"
    assert "error: internal error (ValueError: boom); please report this input" in capfd.readouterr().err


@posix_only
def test_killed_child_is_one_clear_error(monkeypatch):
    lines = [f"size(({i},_2))\n" for i in range(3000)]
    real = _batch.evaluate

    def die(text):
        if text == "size((2500,_2))":
            os.kill(os.getpid(), signal.SIGKILL)
        return real(text)

    monkeypatch.setattr(_batch, "evaluate", die)
    with pytest.raises(
        _batch.CuteDumpError,
        match=r"the process answering lines 2001\.\.3000 was killed by signal 9; "
        r"try --jobs 1",
    ):
        _batch.answer_file(iter(lines), io.StringIO(), 3)


@posix_only
def test_ctrl_c_stops_every_process(tmp_path):
    """SIGINT to the whole foreground group (what a terminal's Ctrl-C does) while children compute: exit 130, no
    traceback, no process of the group left behind."""
    f = tmp_path / "long.txt"
    f.write_text("tile_to_shape((_2,_3):(_1,_2), (_64,_96,_8))\n" * 60000 + "size(_1)\n" * 60000)
    # a background job (a test run started with &) ignores SIGINT and its children inherit that: give the command
    # the default disposition, as a terminal's foreground process has
    p = subprocess.Popen(
        [sys.executable, "-m", "cutedump", "eval", "-f", str(f), "-j", "2"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert p.stdout.readline().startswith(b"(")  # answering: the children are running
        os.killpg(p.pid, signal.SIGINT)
        _, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    assert p.returncode == 130, err
    assert b"Traceback" not in err
    assert_group_gone(p.pid)


@posix_only
def test_closed_stdout_stops_every_process(tmp_path):
    f = tmp_path / "many.txt"
    f.write_text("size((_4,_8))\n" * 200000)
    p = subprocess.Popen(
        [sys.executable, "-m", "cutedump", "eval", "-f", str(f), "-j", "3"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    assert p.stdout.readline() == b"_32\n"
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait(timeout=60) == 141 and err == b""
    assert_group_gone(p.pid)


def test_jobs_must_be_positive():
    from click.testing import CliRunner

    from cutedump.cli import main

    r = CliRunner().invoke(main, ["eval", "-f", "-", "-j", "0"], input="_1\n")
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_kind_fast_path_agrees_with_is_kind():
    """expr._KIND_CLASSES lets a call skip _is_kind for classes whose every value is of a kind: each such class's
    values must pass _is_kind, and a _Name (LayoutLeft) passes only as an order."""
    from cutedump import expr as E
    from cutedump.algebra import C

    samples = {
        E.Layout: E.evaluate("(_2,3):(_1,_2)"),
        E.ComposedLayout: E.evaluate("Sw<1,1,1> o _0 o (_2,_2):(_1,_2)"),
        E.Swizzle: E.evaluate("Sw<1,1,1>"),
        C: C(3),
        int: -3,
        tuple: (1, C(2)),
        bool: True,
    }
    for kind, classes in E._KIND_CLASSES.items():
        assert classes <= set(samples), kind
        for cls in classes:
            assert E._is_kind(samples[cls], kind), (kind, cls)
    assert set(E._KIND_CLASSES) == set(E._KIND_TEXT)
    assert not any(E._Name in classes for classes in E._KIND_CLASSES.values())
    name = E._Name("LayoutLeft")
    assert [k for k in E._KIND_TEXT if E._is_kind(name, k)] == ["order"]


# ---- eval -f - (a pipe): lines answered as they arrive, a bulk pipe in chunks ----------------------------------


@pytest.mark.slow  # a few seconds of processes: CI runs it with -m slow
def test_pipe_gives_the_bytes_of_a_file(tmp_path):
    f = tmp_path / "mixed.txt"
    f.write_text("\n".join(corpus(3000)) + "\n")
    ref = run_cli(f, "-j", "1")
    with open(f, "rb") as fh:
        r = subprocess.run(
            [sys.executable, "-m", "cutedump", "eval", "-f", "-"], stdin=fh, capture_output=True, cwd=ROOT, timeout=300
        )
    assert (r.returncode, r.stdout, r.stderr) == (ref.returncode, ref.stdout, ref.stderr) == (1, ref.stdout, b"")
    for jobs in ("1", "3"):  # through a pipe, all of it at once (answered by up to three processes) ...
        r = subprocess.run(
            [sys.executable, "-m", "cutedump", "eval", "-f", "-", "-j", jobs],
            input=f.read_bytes(),
            capture_output=True,
            cwd=ROOT,
            timeout=300,
        )
        assert (r.returncode, r.stdout, r.stderr) == (1, ref.stdout, b""), jobs
    # ... and in pieces of every size, some splitting lines
    data = f.read_bytes()
    p = subprocess.Popen(
        [sys.executable, "-m", "cutedump", "eval", "-f", "-", "-j", "2"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    import threading

    got = []
    reader = threading.Thread(target=lambda: got.append(p.stdout.read()))
    reader.start()
    pos, size = 0, 1
    while pos < len(data):
        p.stdin.write(data[pos : pos + size])
        p.stdin.flush()
        pos += size
        size = size * 7 % 100003 + 1
    p.stdin.close()
    reader.join(timeout=300)
    assert p.wait(timeout=60) == 1 and got == [ref.stdout]


def test_pipe_answers_each_line_as_it_arrives():
    p = subprocess.Popen(
        [sys.executable, "-m", "cutedump", "eval", "-f", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    try:
        for line, want in [
            ("size((_4,_8))", b"_32\n"),
            ("", b"\n"),
            ("# note", b"\n"),
            ("rank(", None),
            ("cosize((_2,_3):(_3,_1))", b"_6\n"),
        ]:
            p.stdin.write(line.encode() + b"\n")
            p.stdin.flush()
            got = p.stdout.readline()  # would block forever if the answer waited for more input
            assert got == want if want else got.startswith(b"error: "), (line, got)
        p.stdin.write(b"size(_3)")  # a last line without its newline: answered at end of input
        p.stdin.close()
        assert p.stdout.read() == b"_3\n" and p.wait(timeout=60) == 1
    finally:
        if p.poll() is None:
            p.kill()


@posix_only
def test_pipe_decodes_across_reads_and_newline_styles():
    """A UTF-8 character split between two reads, and \\r\\n / \\r line ends: decoded as the text reader would."""
    import threading

    r, w = os.pipe()
    pieces = [b"size(_2)\r\n# caf\xc3", b"\xa9\rsize((_2,_3))\r", b"\nrank(_1)"]

    def feed():
        for b in pieces:
            os.write(w, b)
            time.sleep(0.2)
        os.close(w)

    t = threading.Thread(target=feed)
    t.start()
    try:
        with open(r, encoding="utf-8", closefd=True) as f:
            out = io.StringIO()
            failed = _batch.answer_pipe(f, out)
    finally:
        t.join()
    assert out.getvalue() == "_2\n\n_6\n_1\n" and failed == 0


def test_input_not_utf8_is_one_error_line(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_bytes(b"size(_1)\n\xff\n")
    for argv, stdin in (([str(f)], None), (["-"], f.read_bytes())):
        r = subprocess.run(
            [sys.executable, "-m", "cutedump", "eval", "-f", *argv],
            input=stdin,
            capture_output=True,
            cwd=ROOT,
            timeout=60,
            env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        )
        assert r.returncode == 2, r
        assert r.stderr.decode().splitlines() == [
            f"error: {'<stdin>' if stdin else f}: not utf-8 text (byte b'\\xff': invalid start byte)"
        ]


def test_file_mode_refuses_json():
    """-f answers in text; --format json with it was ignored silently."""
    from click.testing import CliRunner

    from cutedump.cli import main

    r = CliRunner().invoke(main, ["eval", "-f", "-", "--format", "json"], input="_1\n")
    assert r.exit_code == 2 and r.output.strip().splitlines() == [
        "error: --format json answers EXPR arguments; -f answers each line as CuTe's print (text)"
    ]
