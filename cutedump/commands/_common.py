"""Helpers shared by the click commands: error handling and output safety."""

from __future__ import annotations

import functools
import os
import sys

import click

from cutedump.commands._io import EXIT_SIGINT, EXIT_SIGPIPE, closed_pipe, guard_io, interrupted  # noqa: F401
from cutedump.errors import MAX_CELLS, CuteDumpError, check_size, take_warnings  # noqa: F401 (re-exported)


def handle_errors(fn):
    """Turn a CuteDumpError (or a bad-parameter) into one ``error:`` line on stderr and exit status 2."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        take_warnings()
        try:
            out = fn(*args, **kwargs)
            for w in take_warnings():  # hazards of the answer just printed: one line each, on stderr
                click.echo(w, err=True)
            return out
        except CuteDumpError as e:
            take_warnings()
            click.echo(e.render(), err=True)
            sys.exit(2)
        except RecursionError:
            click.echo("error: input nested too deeply", err=True)
            sys.exit(2)
        except ModuleNotFoundError as e:  # the web page (web/): Pyodide has no numpy; answers with no plain-Python path
            if e.name == "numpy":
                click.echo(
                    "error: this answer needs numpy, which this Python does not have (pip install numpy)", err=True
                )
            else:
                click.echo(f"error: internal error ({type(e).__name__}: {e}); please report this input", err=True)
            sys.exit(2)
        except MemoryError:  # the bounds of cutedump/limits.py say "needs about N GB" before; this is the last word
            click.echo("error: out of memory: this input needs more memory than is available", err=True)
            sys.exit(2)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException, SystemExit):
            raise
        except KeyboardInterrupt:
            interrupted()
        except BrokenPipeError:
            closed_pipe()
        except OSError as e:  # after BrokenPipeError (an OSError): a path the system refuses (too long, no access)
            name = str(e.filename) if e.filename is not None else ""
            name = name if len(name) <= 80 else name[:77] + "..."
            click.echo(f"error: {name + ': ' if name else ''}{e.strerror or e}", err=True)
            sys.exit(2)
        except ValueError as e:  # the two refusals Python's own functions make of an argument: said as such
            text = str(e)
            if "embedded null byte" in text:
                click.echo("error: a file name cannot hold a NUL character", err=True)
            elif "integer string conversion" in text:  # cutedump/limits.py bounds the input; this is the last word
                click.echo(
                    "error: a value has more than 4,300 digits: beyond any C++ integer (64 bits at most)", err=True
                )
            else:
                click.echo(f"error: internal error ({type(e).__name__}: {e}); please report this input", err=True)
            sys.exit(2)
        except Exception as e:  # never a traceback: one line, exit 2
            click.echo(f"error: internal error ({type(e).__name__}: {e}); please report this input", err=True)
            sys.exit(2)

    return wrapper


def _no_nul(ptype, value, param, ctx):
    if isinstance(value, str) and "\0" in value:
        ptype.fail("a file name cannot hold a NUL character", param, ctx)


class Path(click.Path):
    """click.Path, refusing a NUL in a name as a usage error (click's own check calls os.stat: a ValueError)."""

    def convert(self, value, param, ctx):
        _no_nul(self, value, param, ctx)
        return super().convert(value, param, ctx)


class File(click.File):
    """click.File, refusing a NUL in a name as a usage error (open() raises ValueError)."""

    def convert(self, value, param, ctx):
        _no_nul(self, value, param, ctx)
        return super().convert(value, param, ctx)


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


# ---- the one option vocabulary (cutedump/commands/_vocab.py lists every option name and its meaning) ----------


def lang_option(help_text: str = "Narration language.", default: str = "zh"):
    """``--lang zh|en``: the narration language. Default: the environment variable CUTEDUMP_LANG, else ``default``
    (zh, the language of the recorded documents; en for the commands whose answers were always English: tma, tmem,
    desc, idesc). Error messages and help are English whatever the language."""
    return click.option(
        "--lang",
        type=click.Choice(["zh", "en"]),
        default=default,
        show_default=True,
        envvar="CUTEDUMP_LANG",
        show_envvar=True,
        help=help_text,
    )


def deprecation_note(old: str, new: str) -> None:
    """The one line a deprecated option spelling prints on standard error (the answer is unchanged)."""
    click.echo(f"note: {old} is deprecated and will be removed; use {new} (same meaning)", err=True)


def renamed(old: str, new: str, dest: str, **option_kw):
    """A hidden, deprecated spelling ``old`` of the option ``new`` (whose parameter is ``dest``): kept for one
    release, hidden from --help; using it prints :func:`deprecation_note` and gives ``new``'s answer. Giving both
    spellings is one ``error:`` line."""
    alias = "deprecated_" + old.lstrip("-").replace("-", "_").lower()

    def deco(fn):
        return click.option(old, alias, hidden=True, default=None, **option_kw)(
            rename_wrapper(old, new, dest, alias, fn)
        )

    return deco


def rename_wrapper(old: str, new: str, dest: str, alias: str, fn):
    """``fn`` taking the hidden option ``old`` (parameter ``alias``) as the option ``new`` (parameter ``dest``): see
    :func:`renamed`; the declared commands' old spellings (``Opt(..., renames=(new, dest))``) use it too."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        v = kwargs.pop(alias, None)
        if v is not None and v != () and v is not False:
            ctx = click.get_current_context()
            src = ctx.get_parameter_source(dest)
            if src is not None and src.name in ("COMMANDLINE", "ENVIRONMENT"):
                raise click.UsageError(
                    f"{new} and {old} are the same option ({old} is its old spelling); give {new} once"
                )
            deprecation_note(old, new)
            kwargs[dest] = v
            ctx.set_parameter_source(dest, click.core.ParameterSource.COMMANDLINE)  # as if `new` was given
        return fn(*args, **kwargs)

    return wrapper


def conflict(*pairs) -> None:
    """One ``error:`` line naming the first two options given together that contradict each other.

    ``pairs``: (option name, value) in order; a value counts as given when it is not None/False/()."""
    given = [n for n, v in pairs if v is not None and v is not False and v != ()]
    if len(given) > 1:
        raise CuteDumpError(f"{given[0]} and {given[1]} contradict each other; give one of them")


# ---- standard input as an argument ----------------------------------------------------------------------------


def stdin_stream():
    """Standard input as the command sees it (click's runner swaps sys.stdin; tests may replace this function)."""
    return sys.stdin


def arg_or_stdin(value: str | None, what: str, example: str) -> str:
    """The argument ``value``; ``-`` (or no argument and a pipe on standard input) reads it from standard input.

    A terminal with no argument, or empty input, is one clear ``error:`` line."""
    if value is not None and value != "-":
        return value
    name = click.get_current_context().command_path or "cutedump"
    stdin = stdin_stream()
    if value is None and stdin.isatty():
        raise CuteDumpError(
            f"no {what} given: pass {what.upper()} (e.g. {name} {example}), or '-' / a pipe to "
            f"read it from standard input (see {name} --help)"
        )
    text = stdin.read().strip()
    if not text:
        raise CuteDumpError(f"no {what} given: standard input is empty")
    return text


def given(dest: str) -> bool:
    """Was the parameter ``dest`` given on the command line (or by its environment variable)?"""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return False
    src = ctx.get_parameter_source(dest)
    return src is not None and src.name in ("COMMANDLINE", "ENVIRONMENT")


def needs(option: str, dest: str, ok: bool, what: str) -> None:
    """``option`` (parameter ``dest``) given where it would be ignored is one ``error:`` line: "OPTION needs WHAT"."""
    if not ok and given(dest):
        raise CuteDumpError(f"{option} needs {what} (without it {option} would be ignored)")


def excludes(option: str, dest: str, other: str, other_given: bool) -> None:
    """``option`` and ``other`` given together contradict each other: one ``error:`` line naming both."""
    if other_given and given(dest):
        raise CuteDumpError(f"{option} and {other} contradict each other; give one of them")
