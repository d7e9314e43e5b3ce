"""Helpers shared by the click commands: error handling and output safety."""
from __future__ import annotations

import functools
import os
import sys

import click

from cutedump.errors import CuteDumpError, MAX_CELLS, check_size  # noqa: F401 (re-exported for the commands)
from cutedump.commands._io import EXIT_SIGINT, EXIT_SIGPIPE, closed_pipe, guard_io, interrupted  # noqa: F401


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


def write_atomic(path, data: bytes | str, force: bool = False) -> None:
    """Write a file the way every command should: never over an existing file without ``force`` (an ``error:``
    naming --force instead), and atomically (a temporary file beside it, then one rename: a reader or a Ctrl-C never
    sees half a file)."""
    from pathlib import Path  # start-up: pathlib only for a command that writes a file
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
