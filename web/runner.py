"""The page's Python side (run inside Pyodide by web/app.js): ``run(line)`` answers one cutedump command line as
the ``cutedump`` console script would: the line split as a POSIX shell splits it (shlex), the console entry point
(``cutedump.entry.main``) run with standard output and error captured as bytes (decoded UTF-8), standard input
empty (not a terminal), and the exit status."""

from __future__ import annotations

import io
import shlex
import sys
import time


class _Bytes(io.BytesIO):
    """The bytes a stream received, readable after the stream is closed."""

    def close(self):
        pass


def _stream():
    return io.TextIOWrapper(_Bytes(), encoding="utf-8", newline="\n", write_through=True)


def run(line: str):
    """-> [exit status, standard output, standard error, milliseconds]"""
    t0 = time.perf_counter()
    try:
        argv = shlex.split(line)
    except ValueError as e:  # an unclosed quote: what a shell would refuse
        return [2, "", f"error: the command line cannot be split as a shell splits it ({e})\n", 0.0]
    if argv[:1] == ["cutedump"]:
        argv = argv[1:]
    saved = sys.argv, sys.stdin, sys.stdout, sys.stderr
    out, err = _stream(), _stream()
    sys.argv, sys.stdin, sys.stdout, sys.stderr = ["cutedump", *argv], _stream(), out, err
    code = 0
    try:
        from cutedump.entry import main

        main(prog_name="cutedump")
    except SystemExit as e:
        if e.code is None:
            code = 0
        elif isinstance(e.code, int):
            code = e.code
        else:
            err.write(f"{e.code}\n")
            code = 1
    except BaseException:  # noqa: BLE001 - shown as the interpreter would show it, exit 1
        import traceback

        traceback.print_exc(file=err)
        code = 1
    finally:
        for s in (out, err):
            try:
                s.flush()
            except Exception:  # noqa: BLE001 - a stream the command closed
                pass
        sys.argv, sys.stdin, sys.stdout, sys.stderr = saved
    text = [s.buffer.getvalue().decode("utf-8", "replace") for s in (out, err)]
    return [code, text[0], text[1], (time.perf_counter() - t0) * 1000]


def warm():
    """Import what every answer needs (the page calls it once Pyodide is ready, before the first command)."""
    import cutedump.commands._decl  # noqa: F401
    import cutedump.commands.declarations  # noqa: F401
    import cutedump.entry  # noqa: F401
