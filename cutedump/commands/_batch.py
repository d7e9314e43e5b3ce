"""``eval -f``'s loop: one answer line per input line, in input order, optionally spread over forked processes.

Every line is evaluated on its own (``evaluate`` keeps no state between lines but caches that only save time), so
lines can be answered by several processes and the answers concatenated in input order: the output is the same
bytes whatever the number of processes. A regular file is read in blocks of ``BLOCK`` lines; a block of at least
``2 * MIN_PER_JOB`` lines is cut into contiguous parts, one per process. The first part is answered here, and each
other part by a forked child. A child keeps its answers in memory and sends them through its pipe when done; a
pipe's buffer is only 64 KiB, and a child that blocked on it would wait for this process and lose the parallelism.
The answers are written in order. A pipe or a terminal (``eval -f -``) is answered as its lines arrive: the lines
of one read together, so that a program feeding one line gets its answer at once (see :func:`answer_pipe`).

Faults keep the sequential behaviour. When a line's evaluation raises an unexpected exception, the answers before
it are written, the ``error: internal error`` line goes to stderr, and the status is 2. Ctrl-C exits 130, a closed
stdout 141. On every exit, children still running are killed and reaped.
"""

from __future__ import annotations

import codecs
import io
import os
import select
import signal
import sys
from itertools import islice

from cutedump.errors import CuteDumpError
from cutedump.expr import answer_text, dsl_input, evaluate, format_result

#: lines per block read from a regular file (bounds the memory a block's answers take)
BLOCK = 65536
#: fewest lines worth a process of their own (a fork, its pipe and its reaping: 1.2 ms measured; a line: ~35 us)
MIN_PER_JOB = 1000
#: lines per write when answering a file (stdout may be unbuffered: PYTHONUNBUFFERED makes every write a system call)
CHUNK = 256


#: how answers are spelled (eval --syntax): None = CuTe's print, "cpp", "dsl"; set once, before any answer (forked
#: children inherit it)
SYNTAX = None


def answer(text: str) -> tuple[str, bool]:
    """The answer to one input line (without its newline): its line of output, with newline, and whether it failed.
    Blank lines and ``#`` comments answer an empty line."""
    line = text.rstrip("\n")
    head = line.lstrip()
    if not head or head[0] == "#":
        return "\n", False
    try:
        if dsl_input(line, SYNTAX):  # spelled as the CuTe DSL spells it: answered as it prints
            return answer_text(line, SYNTAX) + "\n", False
        return format_result(evaluate(line), SYNTAX) + "\n", False
    except CuteDumpError as e:
        return f"error: {e.one_line()}\n", True
    except RecursionError:
        return "error: expression nested too deeply\n", True


def answer_input(f, out, jobs: int | None) -> int:
    """``eval -f``: answer the open text file ``f`` into ``out`` (a regular file with up to ``jobs`` processes, a pipe
    or a terminal as its lines arrive) -> nonzero when a line failed; undecodable text is one CuteDumpError."""
    _fewer_collections()
    try:
        if _regular_file(f):
            return answer_file(f, out, jobs or default_jobs())
        return answer_pipe(f, out, jobs or default_jobs())  # `eval -f -`: each answer as soon as its line arrived
    except UnicodeDecodeError as e:
        raise CuteDumpError(
            f"{f.name}: not {e.encoding} text (byte {e.object[e.start : e.start + 1]!r}: {e.reason})"
        ) from None


def _fewer_collections() -> None:
    """A young garbage collection every 10,000 allocations, not Python's 700, while lines are answered (as the fast
    path of entry.py does for a single answer): a line allocates hundreds of objects that die at once, and the
    collector's passes over them took ~4% of eval -f's time (11,700 lines, interleaved: 20,600 -> 21,400 lines/s).
    Cyclic garbage (an error's traceback) is still collected, in bounded batches. A threshold already higher (or 0,
    collection off) is kept."""
    import gc  # start-up: only when a file is answered (built in: no import cost)

    t0, t1, t2 = gc.get_threshold()
    if 0 < t0 < 10_000:
        gc.set_threshold(10_000, t1, t2)


def _regular_file(f) -> bool:
    try:
        return os.path.isfile(f.name) and f.name != "-"
    except (AttributeError, TypeError, OSError):
        return False


def default_jobs() -> int:
    """One process per CPU this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def answer_stream(lines, out, chunk: int) -> int:
    """Answer ``lines`` into ``out``, ``chunk`` lines per write (1: each answer flushed at once) -> failed lines.

    The answers computed before an exception (Ctrl-C, an internal error) are still written."""
    failed = 0
    pending = []
    try:
        for text in lines:
            ans, bad = answer(text)
            pending.append(ans)
            failed += bad
            if len(pending) >= chunk:
                out.write("".join(pending))
                out.flush()
                pending.clear()
    finally:
        if pending:
            out.write("".join(pending))
        out.flush()
    return failed


def answer_pipe(f, out, jobs: int = 1) -> int:
    """Answer a pipe or a terminal (``eval -f -``) -> nonzero when a line failed.

    The lines that have arrived are answered together, up to ``CHUNK`` lines a write. A program that feeds one line
    and waits gets that line's answer at once. A whole file piped in is answered in chunks, not with one write per
    line. Once a block's worth of lines has arrived, it is spread over up to ``jobs`` processes as a file's would be.
    Text is decoded as the stream's own reader would decode it (its encoding, its error handler, universal
    newlines). A stream with no file descriptor is read line by line."""
    try:
        fd = f.fileno()
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return answer_stream(f, out, 1)
    decoder = io.IncrementalNewlineDecoder(
        codecs.getincrementaldecoder(getattr(f, "encoding", None) or "utf-8")(getattr(f, "errors", None) or "strict"),
        translate=True,
    )
    failed = 0
    first = 1  # the input's line number of the next line to answer
    rest = ""
    final = False
    while not final:
        lines = []
        while True:  # what has arrived (waiting only for the first bytes), up to a block of lines
            data = os.read(fd, 1 << 16)
            final = not data
            got = (rest + decoder.decode(data, final=final)).split("\n")
            rest = got.pop()  # a line still arriving ("" after a newline)
            lines += got
            if final or len(lines) >= BLOCK or not _readable(fd):
                break
        if final and rest:
            lines.append(rest)
        failed += answer_block(lines, out, jobs, first)
        first += len(lines)
    return failed


def _readable(fd: int) -> bool:
    """More input has arrived already (reading it would not wait)."""
    try:
        return bool(select.select([fd], [], [], 0)[0])
    except (OSError, ValueError):
        return False


def answer_file(f, out, jobs: int) -> int:
    """Answer a regular file's lines into ``out`` with up to ``jobs`` processes -> nonzero when a line failed."""
    if jobs <= 1 or not hasattr(os, "fork"):
        return answer_stream(f, out, CHUNK)
    failed = 0
    first = 1  # the file's line number of the block's first line
    while True:
        block = list(islice(f, BLOCK))
        if not block:
            return failed
        failed += answer_block(block, out, jobs, first)
        first += len(block)


def answer_block(block: list[str], out, jobs: int, first: int) -> int:
    """Answer the lines of ``block`` (the first is the input's line ``first``) with as many of ``jobs`` processes as
    it has ``MIN_PER_JOB`` lines -> nonzero when a line failed."""
    k = min(jobs, len(block) // MIN_PER_JOB) if hasattr(os, "fork") else 1
    if k > 1:
        return _answer_parallel(block, out, k, first)
    return answer_stream(block, out, CHUNK) if block else 0


def _answer_parallel(block: list[str], out, k: int, first: int) -> int:
    """``block`` cut into ``k`` contiguous parts: part 0 answered here, the others by forked children -> nonzero when
    a line failed."""
    n = len(block)
    cuts = [n * i // k for i in range(k + 1)]
    out.flush()  # nothing buffered may be inherited (and written twice)
    sys.stderr.flush()
    children = []  # (part, pid, read end of its pipe), in part order; pid None: a part answered here
    try:
        for i in range(1, k):
            try:
                r, w = os.pipe()
            except OSError:  # out of file descriptors: this part (and the rest) answered here
                children.append((i, None, None))
                continue
            try:
                pid = os.fork()
            except OSError:  # no more processes (ulimit -u, memory): answered here
                os.close(r)
                os.close(w)
                children.append((i, None, None))
                continue
            if pid == 0:  # the child: never returns into this code, whatever happens
                try:
                    os.close(r)
                    _child(block[cuts[i] : cuts[i + 1]], w)
                finally:
                    os._exit(2)
            os.close(w)
            children.append((i, pid, r))
        failed = answer_stream(block[: cuts[1]], out, CHUNK)
        while children:
            i, pid, r = children.pop(0)
            if pid is None:
                failed += answer_stream(block[cuts[i] : cuts[i + 1]], out, CHUNK)
                continue
            try:
                data = _read_all(r)
            finally:
                os.close(r)
                status = _wait(pid)
            if data:
                out.write(data.decode("utf-8"))
                out.flush()
            if status == _CHILD_FAILED:
                failed += 1
            elif status == _CHILD_INTERRUPTED:
                raise KeyboardInterrupt
            elif status > 128:  # killed (by the out-of-memory killer, say): the rest of its answers are lost
                raise CuteDumpError(
                    f"the process answering lines {first + cuts[i]}..{first + cuts[i + 1] - 1} "
                    f"was killed by signal {status - 128}; try --jobs 1"
                )
            elif status != 0:  # an internal error: the child said it on stderr; stop as a sequential run does
                sys.exit(2)
        return failed
    finally:
        for _, pid, r in children:  # an exception here (Ctrl-C, closed stdout, internal error): stop the others
            if pid is None:
                continue
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
            os.close(r)
            _wait(pid)


_CHILD_FAILED = 1  # some line answered "error: ..." (a valid answer; eval -f then exits 1)
_CHILD_INTERRUPTED = 130


def _child(lines: list[str], w: int) -> None:
    """Answer ``lines`` into memory, send them through pipe ``w``, exit (never return into the parent's code)."""
    buf = io.StringIO()
    msg = None
    try:
        code = _CHILD_FAILED if answer_stream(lines, buf, CHUNK) else 0
    except KeyboardInterrupt:
        os._exit(_CHILD_INTERRUPTED)
    except BaseException as e:  # as handle_errors would say it, after the answers before it (answer_stream kept them)
        code = 2
        msg = f"error: internal error ({type(e).__name__}: {e}); please report this input\n"
    try:
        _write_all(w, buf.getvalue().encode("utf-8"))
        if msg:
            os.write(2, msg.encode("utf-8", "replace"))
    except KeyboardInterrupt:
        os._exit(_CHILD_INTERRUPTED)
    except BaseException:  # the parent is gone (a closed pipe): nobody reads the answers
        os._exit(2)
    os._exit(code)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _read_all(fd: int) -> bytes:
    parts = []
    while True:
        b = os.read(fd, 1 << 20)
        if not b:
            break
        parts.append(b)
    return b"".join(parts)


def _wait(pid: int) -> int:
    """Reap a child -> its exit status (128 + signal for one a signal ended)."""
    while True:
        try:
            _, st = os.waitpid(pid, 0)
        except ChildProcessError:
            return 0
        except InterruptedError:
            continue
        return os.waitstatus_to_exitcode(st) if os.WIFEXITED(st) else 128 + os.WTERMSIG(st)
