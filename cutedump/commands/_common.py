"""Helpers shared by the click commands: error handling and output safety."""
from __future__ import annotations

import functools
import sys

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
            sys.exit(130)
        except Exception as e:  # never a traceback: one line, exit 2
            click.echo(f"error: internal error ({type(e).__name__}: {e}); please report this input", err=True)
            sys.exit(2)

    return wrapper
