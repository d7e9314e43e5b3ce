"""Helpers shared by the click commands: error handling and output safety."""
from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

import click

from cutedump.errors import CuteDumpError, MAX_CELLS, check_size  # noqa: F401 (re-exported for the commands)


def handle_errors(fn):
    """Turn a CuteDumpError (or a bad-parameter) into one ``error:`` line on stderr and exit status 2."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except CuteDumpError as e:
            click.echo(e.render(), err=True)
            sys.exit(2)
        except RecursionError:
            click.echo("error: input nested too deeply", err=True)
            sys.exit(2)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException, SystemExit):
            raise
        except KeyboardInterrupt:
            interrupted()
        except BrokenPipeError:
            closed_pipe()
        except Exception as e:  # never a traceback: one line, exit 2
            click.echo(f"error: internal error ({type(e).__name__}: {e}); please report this input", err=True)
            sys.exit(2)

    return wrapper


#: exit statuses of the two I/O faults (128 + the signal, as a shell reports a process the signal ended)
EXIT_SIGINT = 130
EXIT_SIGPIPE = 141


def closed_pipe():
    """Standard output was closed by its reader (``cutedump atoms | head -1``): stop quietly, no message.

    Standard output is pointed at /dev/null first, so the interpreter's final flush cannot complain either."""
    if sys.stdout is sys.__stdout__:   # the process's own stdout (not a test runner's capture)
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        except (OSError, ValueError, AttributeError):
            pass
    sys.exit(EXIT_SIGPIPE)


def interrupted():
    """Ctrl-C: exit 130 with no traceback (a newline keeps the shell prompt on its own line)."""
    try:
        sys.stderr.write("\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    sys.exit(EXIT_SIGINT)


def guard_io(run):
    """Run ``run()`` (the whole command line) with the two I/O faults handled: a closed pipe and Ctrl-C, also while
    a command module is imported or its output is flushed (outside :func:`handle_errors`)."""
    try:
        rv = run()
        sys.stdout.flush()
        return rv
    except KeyboardInterrupt:
        interrupted()
    except BrokenPipeError:
        closed_pipe()


def write_atomic(path, data: bytes | str, force: bool = False) -> None:
    """Write a file the way every command should: never over an existing file without ``force`` (an ``error:``
    naming --force instead), and atomically (a temporary file beside it, then one rename: a reader or a Ctrl-C never
    sees half a file)."""
    p = Path(path)
    if p.exists() and not force:
        raise CuteDumpError(f"{p} exists; pass --force to overwrite it")
    if isinstance(data, str):
        data = data.encode("utf-8")
    tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, p)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise CuteDumpError(f"cannot write {p}: {e.strerror}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
