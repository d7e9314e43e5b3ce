"""The click command of a declaration (cutedump/commands/declarations/): built when the click path runs.

Each :class:`~cutedump.commands._decl.Opt` becomes the ``click.Option`` it describes, each ``Arg`` a
``click.Argument``, in the declared order; the callback is the declaration's ``run`` function under
:func:`~cutedump.commands._common.handle_errors` (and, for an option's old spelling, under
:func:`~cutedump.commands._common.renamed`'s wrapper). Integer options refuse what cannot be a 64-bit C++ integer
(:func:`~cutedump.commands._decl.int_refusal`), as one usage error naming the option."""

from __future__ import annotations

import functools

import click

from cutedump.commands._common import File, Path, handle_errors, rename_wrapper
from cutedump.commands._decl import Arg, Command, Range, choices, function, int_refusal


class Int64(click.types.IntParamType):
    """click's INT (the same metavar and messages), refusing a value that cannot be a 64-bit C++ integer."""

    def convert(self, value, param, ctx):
        why = int_refusal(value)
        if why is not None:
            self.fail(why, param, ctx)
        return super().convert(value, param, ctx)


class Int64Range(click.IntRange):
    """click.IntRange, refusing a value that cannot be a 64-bit C++ integer first."""

    def convert(self, value, param, ctx):
        why = int_refusal(value)
        if why is not None:
            self.fail(why, param, ctx)
        return super().convert(value, param, ctx)


INT64 = Int64()


def _type(t):
    t = choices(t)
    if t is str or t is None:
        return None
    if t is int:
        return INT64
    if isinstance(t, Range):
        return Int64Range(t.lo, t.hi)
    if isinstance(t, tuple):
        return t  # choices: made with case_sensitive by the caller
    if t == "file":
        return File("r")
    if t == "dir":
        return Path(file_okay=False)
    raise ValueError(f"unknown option type {t!r}")


def click_param(p):
    """The click.Argument / click.Option a declared parameter describes."""
    t = _type(p.type)
    if isinstance(p, Arg):
        kw = {"required": p.required}
        if p.nargs != 1:
            kw["nargs"] = p.nargs
        if p.metavar:
            kw["metavar"] = p.metavar
        if p.default is not None:
            kw["default"] = p.default
        if t is not None:
            kw["type"] = t
        return click.Argument([p.name], **kw)
    if isinstance(t, tuple):
        t = click.Choice(list(t), case_sensitive=p.case_sensitive)
    kw = {}
    if t is not None:
        kw["type"] = t
    if p.flag:
        kw["is_flag"] = True
    elif p.flag_value is not None:
        kw.update(is_flag=False, flag_value=p.flag_value)
    if p.default is not None or p.flag_value is not None or "/" in p.names[0]:
        kw["default"] = p.default  # (an on/off pair's or an optional value's None: not given, not False)
    for attr in ("required", "multiple", "hidden", "show_envvar"):
        if getattr(p, attr):
            kw[attr] = True
    for attr in ("help", "metavar", "show_default", "envvar"):
        if getattr(p, attr) is not None:
            kw[attr] = getattr(p, attr)
    return click.Option(list(p.names) + [p.dest], **kw)


def click_command(decl: Command, context_settings=None):
    """The click command (or group) of ``decl``."""
    params = [click_param(p) for p in decl.params]
    epilog = decl.epilog() if callable(decl.epilog) else decl.epilog
    if decl.subcommands:
        group = click.Group(
            decl.name,
            params=params,
            help=decl.help,
            epilog=epilog,
            callback=lambda: None,
            context_settings=context_settings,
        )
        for sub in decl.subcommands.values():
            group.add_command(click_command(sub))
        return group
    fn = function(decl.run) if decl.run else _printing(function(decl.fast))
    if decl.bound:
        fn = functools.partial(fn, **decl.bound)
    callback = handle_errors(fn)
    for p in reversed(decl.params):
        if getattr(p, "renames", None):
            callback = rename_wrapper(p.names[0], *p.renames, p.dest, callback)
    return click.Command(
        decl.name, params=params, callback=callback, help=decl.help, epilog=epilog, context_settings=context_settings
    )


def _printing(answer):
    """The click callback of a command declared with only a ``fast`` function: it prints that function's text (the
    same bytes the fast path writes; an error is ``handle_errors``'s one line)."""

    @functools.wraps(answer)
    def callback(**kw):
        click.echo(answer(**kw), nl=False)

    return callback
