"""The console entry point (``cutedump``, ``python -m cutedump``): most questions answered without click.

Every command is declared once (cutedump/commands/declarations/). A command line whose command has a ``fast``
function and uses only the options its declaration marks fast is parsed here from that declaration
(:func:`cutedump.commands._decl.fast_call`) and answered by that function, without importing click (about 20 ms,
more than the interpreter's own start-up) -- by the same library calls as the click command. Only an answer that
succeeded is printed: any other argument or option, an error of any kind, a terminal (except for the commands whose
declaration says ``fast_tty``), a non-UTF-8 standard output or shell completion goes to the click command line
(``cutedump.cli:main``), which starts from the beginning and prints exactly what it always does: its help, usage
errors and ``error:`` lines are click's own. tests/test_entry.py checks that both paths print the same bytes"""

from __future__ import annotations

import os
import sys


def main(prog_name=None, teardown=True):
    """The ``cutedump`` command: the fast answer when there is one, else the click command line.

    ``teardown=False`` (the installed command, :func:`console`, and ``python -m cutedump``): once a fast answer is
    written, the process exits at once (:func:`_exit_now`) instead of through the interpreter's teardown; the click
    command line always exits as click does."""
    args = sys.argv[1:]
    done = sys.exit if teardown else _exit_now
    if args in ([], ["--help"], ["-h"]) and "_CUTEDUMP_COMPLETE" not in os.environ:
        prog = prog_name or _script_name()
        if prog:  # the top-level help page, laid out as click lays it out (commands/_help.py), without click
            from cutedump.commands._io import guard_io  # start-up: the fast path imports no more than it needs

            done(guard_io(lambda: _print_help(prog)))
    call = _fast_call(args)
    if call is not None:
        import gc

        from cutedump.commands._io import guard_io  # start-up: the fast path imports no more than it needs

        gc.freeze()  # the interpreter's and the modules' objects live as long as this one answer: the collector's
        #               passes skip them (~2% of a kernel answer's instructions); what the answer creates is collected
        gc.set_threshold(10_000, 20, 20)  # and a young collection every 10,000 allocations, not 700: the modules
        #               the answer imports are objects that live as long (~1.5 ms of a kernel answer); cyclic garbage
        #               is still collected, in bounded batches
        status = guard_io(lambda: _fast(call))
        if status is not None:
            done(status)
    from cutedump.cli import main as cli  # start-up: click only for the other command lines

    return cli(prog_name=prog_name)


def console():
    """The installed ``cutedump`` command (pyproject's ``[project.scripts]``; ``python -m cutedump`` runs the same):
    :func:`main`, a fast answer ending at once (:func:`_exit_now`)."""
    return main(teardown=False)


def _exit_now(code) -> None:
    """Exit with status ``code`` (None: 0) once a fast answer is written (guard_io flushed standard output): the
    standard streams flushed, then ``os._exit``, without the interpreter's teardown (freeing every module and
    object, its final collection): measured with valgrind, 12 of a kernel answer's ~135 million instructions
    beyond ``python -c pass``, 6 of a layout's 19 million. A fast answer writes no file and registers no exit
    handler, so nothing is lost."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe now: nothing more can reach its reader
            pass
    os._exit(code or 0)


def _print_help(prog: str) -> int:
    from cutedump.commands._help import top_help  # start-up: on demand

    sys.stdout.write(top_help(prog) + "\n")
    return 0


def _script_name() -> str | None:
    """The program name click gives a console script (its file's base name); None when ``__main__`` is a package's
    (``python -m``: click's own rule then applies)."""
    if getattr(sys.modules.get("__main__"), "__package__", None) not in (None, ""):
        return None
    return os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else None


def _fast_call(args: list[str]):
    """(the fast function's name, its keyword arguments, whether it answers on a terminal) for ``args``, parsed by
    their command's declaration (cutedump/commands/declarations/); None for the click command line."""
    if not args or "_CUTEDUMP_COMPLETE" in os.environ:
        return None
    from cutedump.commands._decl import fast_call  # start-up: the fast path imports no more than it needs
    from cutedump.commands.declarations import COMMANDS  # start-up: the fast path imports no more than it needs

    try:
        return fast_call(COMMANDS, args)
    except Exception:  # noqa: BLE001 - never: but a command line the parser cannot take is click's to answer
        return None


def _fast(call):
    """Print the answer of ``call`` (see :func:`_fast_call`) and return the exit status; or print nothing and return
    None (the click command answers)."""
    name, kw, tty_ok = call
    from cutedump.errors import take_warnings  # start-up: the errors module is imported by every answer anyway

    try:
        import codecs

        if codecs.lookup(sys.stdout.encoding).name != "utf-8":  # click would re-wrap such a stream
            return None
        if not tty_ok and sys.stdout.isatty():
            return None
        from cutedump.commands._decl import function  # start-up: the fast path imports no more than it needs

        text = function(name)(**kw)
    except Exception:  # noqa: BLE001 - errors (and their wording) are the click command's
        take_warnings()
        return None
    if isinstance(text, int):  # eval -f: its answers are printed, this is its exit status
        return text
    if text is None or "\x1b" in text:  # click.echo strips escape sequences from a stream that is not a terminal
        take_warnings()
        return None
    try:  # as click.echo inside the command's handle_errors: write and flush; a full disk is one error line
        sys.stdout.write(text)
        sys.stdout.flush()
        for w in take_warnings():  # the answer's hazards, after it: one line each on stderr
            sys.stderr.write(w + "\n")
    except BrokenPipeError:
        raise  # guard_io: exit 141 quietly
    except Exception as e:  # noqa: BLE001 - the wording of commands/_common.py:handle_errors
        sys.stderr.write(f"error: internal error ({type(e).__name__}: {e}); please report this input\n")
        sys.exit(2)
    return 0
