"""The two I/O faults of a command line, handled alike everywhere: a closed pipe and Ctrl-C (no click, no traceback)."""

from __future__ import annotations

import os
import sys

#: exit statuses of the two I/O faults (128 + the signal, as a shell reports a process the signal ended)
EXIT_SIGINT = 130
EXIT_SIGPIPE = 141


def closed_pipe():
    """Standard output was closed by its reader (``cutedump atoms | head -1``): stop quietly, no message.

    Standard output is pointed at /dev/null first, so the interpreter's final flush cannot complain either."""
    if sys.stdout is sys.__stdout__:  # the process's own stdout (not a test runner's capture)
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
