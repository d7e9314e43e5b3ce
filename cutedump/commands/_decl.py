"""A command declared once, as data: :class:`Command`, :class:`Arg`, :class:`Opt` (no click here).

Every command of cutedump is one :class:`Command` in ``cutedump/commands/declarations/``: its name, its one-line
summary (``cutedump --help``), its help and epilog (examples), its arguments and options (each option's name is a
row of the vocabulary, ``commands/_vocab.py``), defaults, choices, and two functions named "module:function":

* ``run``: the answer function the click command calls with every parameter (``commands/*_cmd.py``); without
  one, the click command prints the text of ``fast`` (which then takes every option and never returns None);
* ``fast`` (optional): the function the console entry (``cutedump/entry.py``) calls without importing click, with
  the parameters of the options marked ``fast`` (the default), when the command line uses only those. It returns
  the text to print, None (nothing printed: the click command answers instead) or an int (it printed the answer
  itself: the exit status).

From the same declaration :func:`click_command` builds the click command (only when the click path runs) and
:func:`fast_call` parses a command line for the fast path, as click would parse it. A command line the fast path
does not take (an option not marked fast, an error of any kind, ``-`` as a value) goes to click, whose help, usage
errors and ``error:`` lines are the only ones printed.

Integers are parsed in one place, :func:`int_refusal`: a value that cannot be a 64-bit C++ integer is refused (one
``error:`` line naming the option), in every command.
"""

from __future__ import annotations

import os

INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1


class Range:
    """An integer option's range (click.IntRange(lo, hi))."""

    __slots__ = ("lo", "hi")

    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi


class Arg:
    """A positional argument: ``name`` (the answer function's parameter); ``required``; ``nargs=-1``: any number
    (a tuple); ``metavar``; ``default``; ``type`` "dir" (click.Path(file_okay=False)) or None (text)."""

    __slots__ = ("name", "required", "nargs", "metavar", "default", "type")

    def __init__(self, name, required=True, nargs=1, metavar=None, default=None, type=None):
        self.name, self.required, self.nargs, self.metavar = name, required, nargs, metavar
        self.default, self.type = default, type


class Opt:
    """An option: ``names`` ("--thread", ("-f", "--file"), or "--store/--load" for an on/off pair), ``dest`` (the
    answer function's parameter; default: from the long name), ``type``: str (text), int, a :class:`Range`, a tuple
    of choices (or "module:NAME", the sequence of choices that module keeps), "file" (a file opened for reading,
    click.File("r")); ``flag``: no value (True when given);
    ``flag_value``: an optional value (``--mma [PATTERN]``); ``renames``: this hidden option is the old spelling of
    that option (a note on stderr when used); ``fast``: the fast path takes it (False: a command line with it goes
    to click). The other fields are click's (help, metavar, default: a value or a function, show_default, ...)."""

    __slots__ = (
        "names",
        "dest",
        "type",
        "default",
        "help",
        "metavar",
        "show_default",
        "multiple",
        "hidden",
        "required",
        "flag",
        "flag_value",
        "envvar",
        "show_envvar",
        "case_sensitive",
        "fast",
        "renames",
    )

    def __init__(
        self,
        names,
        dest=None,
        type=str,
        *,
        default=None,
        help=None,
        metavar=None,
        show_default=None,
        multiple=False,
        hidden=False,
        required=False,
        flag=False,
        flag_value=None,
        envvar=None,
        show_envvar=False,
        case_sensitive=True,
        fast=True,
        renames=None,
    ):
        self.names = (names,) if isinstance(names, str) else tuple(names)
        if dest is None:
            dest = max((n.split("/")[0] for n in self.names), key=len).lstrip("-").replace("-", "_").lower()
        self.dest, self.type, self.default, self.help, self.metavar = dest, type, default, help, metavar
        self.show_default, self.multiple, self.hidden, self.required = show_default, multiple, hidden, required
        self.flag, self.flag_value, self.envvar, self.show_envvar = flag, flag_value, envvar, show_envvar
        self.case_sensitive, self.fast, self.renames = case_sensitive, fast and renames is None, renames

    def spellings(self):
        """{spelling on the command line: the value a flag spelling gives (None: the option takes a value)}"""
        out = {}
        for n in self.names:
            on, _, off = n.partition("/")
            if off:
                out[on], out[off] = True, False
            else:
                out[n] = True if self.flag else None
        return out


class Command:
    """A command (or, with ``subcommands``, a group of them): see the module's docstring. ``bound``: keyword
    arguments given to ``run`` and ``fast`` whatever the command line (one function serving several commands);
    ``fixed``: more given to ``fast`` only (``given_``: the set of the options given); ``fast_tty``: the fast path
    answers on a terminal too (else only a pipe or a file); ``epilog``: text, or a function giving it."""

    __slots__ = (
        "name",
        "summary",
        "help",
        "epilog",
        "params",
        "run",
        "fast",
        "bound",
        "fixed",
        "fast_tty",
        "subcommands",
    )

    def __init__(
        self,
        name,
        summary=None,
        *,
        help=None,
        epilog=None,
        params=(),
        run=None,
        fast=None,
        bound=None,
        fixed=None,
        fast_tty=False,
        subcommands=(),
    ):
        self.name, self.summary, self.help, self.epilog, self.params = name, summary, help, epilog, list(params)
        self.run, self.fast, self.bound, self.fast_tty = run, fast, bound or {}, fast_tty
        self.fixed = dict(self.bound, **(fixed or {}))
        self.subcommands = {c.name: c for c in subcommands}


def choices(t):
    """An option's type, with "module:NAME" (choices kept where their fact lives) read as the tuple it names."""
    return tuple(function(t)) if isinstance(t, str) and ":" in t else t


def function(name: str):
    """The function a declaration names, "module:function" (its module imported now)."""
    from importlib import import_module  # start-up: on demand

    mod, _, fn = name.partition(":")
    return getattr(import_module(mod), fn)


# ---- integers: parsed here, for click and for the fast path ---------------------------------------------------


def int_refusal(text) -> str | None:
    """Why ``text`` (an integer option's value) cannot be a 64-bit C++ integer -- or None (it can, or it is no
    integer at all: then click's own "is not a valid integer")."""
    s = str(text).strip().replace("_", "")
    d = s[1:] if s[:1] in ("+", "-") else s
    if not d.isdigit():
        return None
    if len(d.lstrip("0")) <= 18 or (len(d) <= 40 and INT64_MIN <= int(s) <= INT64_MAX):
        return None
    shown = s if len(s) <= 24 else f"{s[:8]}... (an integer of {len(d):,} digits)"
    return f"{shown} does not fit in a 64-bit integer (CuTe's integers are 64-bit)"


def _int(v: str):
    """A value the fast path takes as an integer (ASCII digits that fit 64 bits), else None (click answers)."""
    if not (v.isascii() and v.isdigit()) or int_refusal(v) is not None:
        return None
    return int(v)


# ---- the fast path's parser -------------------------------------------------------------------------------------


def find(commands: dict, args: list[str]):
    """(the declaration ``args`` names, how many words name it) or None."""
    cmd = commands.get(args[0]) if args else None
    if cmd is None:
        return None
    if cmd.subcommands:
        sub = cmd.subcommands.get(args[1]) if len(args) > 1 else None
        return None if sub is None else (sub, 2)
    return cmd, 1


def fast_call(commands: dict, args: list[str]):
    """(fast function's name, its keyword arguments, fast_tty) for ``args``, parsed as click parses them, or None
    for a command line the fast path does not take (click answers it)."""
    got = find(commands, args)
    if got is None or got[0].fast is None:
        return None
    cmd, i = got
    spell = {}
    for p in cmd.params:
        if isinstance(p, Opt):
            for n, v in p.spellings().items():
                spell[n] = (p, v)
    kw, pos, seen = dict(cmd.fixed), [], set()
    while i < len(args):
        a = args[i]
        i += 1
        if not a.startswith("-"):
            pos.append(a)
            continue
        name, eq, value = a.partition("=") if a.startswith("--") else (a, "", "")
        if name not in spell:
            return None
        p, flag = spell[name]
        if not p.fast or (p.dest in seen and not p.multiple):
            return None
        seen.add(p.dest)
        if flag is not None:
            if eq:
                return None
            kw[p.dest] = flag
            continue
        if not eq:
            if i >= len(args) or args[i].startswith("-"):
                return None
            value = args[i]
            i += 1
        v = _value(p, value)
        if v is None:
            return None
        kw[p.dest] = kw.get(p.dest, ()) + (v,) if p.multiple else v
    if "given_" in kw:  # the function asks which options were given (not only their values)
        kw["given_"] = frozenset(seen)
    args_ = [p for p in cmd.params if isinstance(p, Arg)]
    for a in args_:
        if a.nargs == -1:
            if len(args_) != 1:
                return None
            kw[a.name] = tuple(pos)
            pos = []
            break
        if pos:
            kw[a.name] = pos.pop(0)
        elif a.required:
            return None
        else:
            kw[a.name] = a.default
    if pos:
        return None
    for p in cmd.params:
        if not isinstance(p, Opt) or not p.fast or p.dest in kw or p.renames:
            continue
        if p.required:
            return None
        default = p.default
        if p.envvar and p.envvar in os.environ:
            default = _value(p, os.environ[p.envvar])
            if default is None:
                return None
        elif callable(default):
            default = _value(p, default())
            if default is None:
                return None
        if default is None and (p.multiple or p.flag):
            default = () if p.multiple else False
        kw[p.dest] = default
    return cmd.fast, kw, cmd.fast_tty


def _value(p: Opt, v: str):
    """An option's value as click converts it, where the fast path converts it the same way; else None."""
    t = choices(p.type)
    if t is int or isinstance(t, Range):
        n = _int(v)
        if n is None or (isinstance(t, Range) and not ((t.lo is None or t.lo <= n) and (t.hi is None or n <= t.hi))):
            return None
        return n
    if isinstance(t, tuple):
        return v if v in t else None
    return v


def lang_opt(help: str = "Narration language.", default: str = "zh") -> Opt:
    """``--lang zh|en``, the same in every command that narrates: the environment variable CUTEDUMP_LANG, else
    ``default`` (zh where the answer reproduces a recorded Chinese document; en for the commands whose answers were
    always English). Error messages and help are English whatever the language."""
    return Opt(
        "--lang",
        "lang",
        ("zh", "en"),
        default=default,
        show_default=True,
        envvar="CUTEDUMP_LANG",
        show_envvar=True,
        help=help,
    )
