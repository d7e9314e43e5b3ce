"""The cutedump command line: the click group of the declared commands (cutedump/commands/declarations/), each
click command built from its declaration when it is run (or its help shown).

Start-up stays fast because neither numpy nor rich, nor the command modules, are imported for ``--help``.
"""

from __future__ import annotations

import sys

import click

from cutedump.commands._common import guard_io
from cutedump.commands._help import CUTLASS_HELP, MAIN_HELP
from cutedump.commands.declarations import COMMANDS, SUMMARIES
from cutedump.versions import CUTLASS_DEFAULT, CUTLASS_ENV, CUTLASS_RELEASES, __version__, version_text


def command(name: str) -> click.Command:
    """The click command ``cutedump NAME``, built from its declaration."""
    from cutedump.commands._click import click_command  # start-up: built when a command runs

    return click_command(COMMANDS[name])


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return list(COMMANDS)

    def get_command(self, ctx, name):
        return command(name) if name in COMMANDS else None

    def invoke(self, ctx):
        # a closed pipe exits quietly (141), Ctrl-C exits 130, neither with a traceback nor click's "Aborted!"
        return guard_io(lambda: super(LazyGroup, self).invoke(ctx))

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """click's main (:meth:`_main`); ``--cutlass`` holds for this command line only (its $CUTEDUMP_CUTLASS is
        restored after: an in-process caller, such as click's test runner, keeps its own)."""
        import os

        saved = os.environ.get(CUTLASS_ENV)
        try:
            return self._main(args, prog_name, complete_var, standalone_mode, **extra)
        finally:
            if saved is None:
                os.environ.pop(CUTLASS_ENV, None)
            else:
                os.environ[CUTLASS_ENV] = saved

    def _main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """click's main, with every usage error (missing argument, unknown option, bad choice, no such command)
        as one ``error: ...`` line on standard error and exit status 2 -- not click's four lines."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except click.UsageError as e:
            no_args = getattr(click.exceptions, "NoArgsIsHelpError", None)
            if no_args is not None and isinstance(e, no_args):  # `cutedump`, `cutedump ck`: the help, as asked
                click.echo(e.ctx.get_help() if e.ctx is not None else e.format_message())
                sys.exit(0)
            click.echo(usage_error_line(e), err=True)
            sys.exit(2)
        except click.ClickException as e:
            click.echo("error: " + " ".join(e.format_message().split("\n")).strip(), err=True)
            sys.exit(e.exit_code)
        except click.Abort:
            click.echo("", err=True)
            sys.exit(130)
        sys.exit(rv if isinstance(rv, int) and not isinstance(rv, bool) else 0)

    def format_commands(self, ctx, formatter):
        rows = [(n, SUMMARIES[n]) for n in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def usage_error_line(e: click.UsageError) -> str:
    """One line: ``error: <click's message> (see '<command> --help')``."""
    msg = " ".join(line.strip() for line in e.format_message().splitlines() if line.strip())
    path = e.ctx.command_path if e.ctx is not None else "cutedump"
    return f"error: {msg} (see '{path} --help')"


@click.group(
    cls=LazyGroup, help=MAIN_HELP, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 110}
)
@click.version_option(__version__, message=version_text("%(prog)s"))
@click.option(
    "--cutlass",
    type=click.Choice(list(CUTLASS_RELEASES)),
    envvar=CUTLASS_ENV,
    default=CUTLASS_DEFAULT,
    show_envvar=False,
    is_eager=True,
    expose_value=False,
    callback=lambda ctx, param, v: _answer_as(v),
    help=CUTLASS_HELP,
)
def main():
    pass  # the help text is MAIN_HELP (cutedump/commands/_help.py): the fast path prints it without click


def _answer_as(version: str) -> None:
    """``--cutlass``: every answer of this command line is the named CUTLASS's (versions.cutlass() reads it)."""
    import os

    os.environ[CUTLASS_ENV] = version


if __name__ == "__main__":
    main()
