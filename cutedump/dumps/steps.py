"""The step model shared by the narrated dumps (``explain``, ``tiled-copy-c``).

A recipe computes every value with the engine and records it as a :class:`Step`: a message key (the wording lives
in the zh/en catalogs), the CuTe function and header it follows, the message's fields, and ``items`` — the
intermediate values, each with the CuTe expression (:class:`Call`) that computes it from concrete arguments.
The same list of steps gives the narrated text (:func:`narrate`), the JSON view (:func:`steps_json`), and the
differential tests' questions to real CuTe (every :class:`Call` is a CuTe expression over printed values).
"""

from __future__ import annotations

from cutedump.algebra import fmt
from cutedump.algebra.inttuple import UNDERSCORE, is_tuple
from cutedump.dumps.narrator import Narrator

INFIX = ("*", "/", "%")


def show(x) -> str:
    """A value or argument as CuTe's ``print`` writes it (tilers: tuples of layouts, ``_``)."""
    if x is UNDERSCORE:
        return "_"
    if isinstance(x, Call):
        return str(x)
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, str):
        return x
    if is_tuple(x):
        if any(not (isinstance(e, int) or is_tuple(e)) for e in _leaves(x)):
            return "(" + ",".join(show(e) for e in x) + ")"
        return fmt(x)
    if isinstance(x, int):
        return fmt(x)
    return str(x)


def _leaves(t):
    for e in t:
        if is_tuple(e):
            yield from _leaves(e)
        else:
            yield e


class Call:
    """A CuTe expression over concrete values: ``fn<targs>(args...)`` (or ``a * b`` for the infix operators).

    ``fn`` is CuTe's own name (``composition``, ``detail::coalesce_x``, ``ceil_div``, ``min``, ``slice``, ...);
    arguments are engine objects or nested Calls."""

    __slots__ = ("fn", "args", "targs")

    def __init__(self, fn: str, *args, targs: tuple = ()):
        self.fn = fn
        self.args = args
        self.targs = tuple(targs)

    def __str__(self) -> str:
        if self.fn in INFIX:
            a, b = self.args
            return f"{_paren(a)} {self.fn} {_paren(b)}"
        t = "<" + ",".join(str(x) for x in self.targs) + ">" if self.targs else ""
        return f"{self.fn}{t}(" + ", ".join(show(a) for a in self.args) + ")"

    __repr__ = __str__


def _paren(a) -> str:
    s = show(a)
    return f"({s})" if isinstance(a, Call) and a.fn in INFIX else s


class Item:
    """One intermediate value: ``label = cute = value`` (cute may be None for a value read off another)."""

    label: str
    cute: Call | None
    value: object

    def __init__(self, label, cute, value):
        self.label = label
        self.cute = cute
        self.value = value

    def __repr__(self):
        return f"{self.__class__.__qualname__}(label={self.label!r}, cute={self.cute!r}, value={self.value!r})"

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.label, self.cute, self.value) == (other.label, other.cute, other.value)
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable


class Step:
    key: str  # message key: "ex.<key>" in the catalogs
    where: str = ""  # CuTe function and header, e.g. "detail::composition_impl, cute/layout.hpp"
    fields: dict
    items: list
    sub: list  # nested steps (the explanation of a sub-expression)

    def __init__(self, key, where="", fields=None, items=None, sub=None):
        self.key = key
        self.where = where
        self.fields = dict() if fields is None else fields
        self.items = list() if items is None else items
        self.sub = list() if sub is None else sub

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(key={self.key!r}, where={self.where!r}, fields={self.fields!r}, "
            f"items={self.items!r}, sub={self.sub!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.key, self.where, self.fields, self.items, self.sub) == (
                other.key,
                other.where,
                other.fields,
                other.items,
                other.sub,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable

    def item(self, label: str, cute, value):
        self.items.append(Item(label, cute, value))
        return value


class Explanation:
    title_key: str  # message key of the heading
    fields: dict
    steps: list
    result: object = None
    result_cute: object = None  # the whole expression (a Call or text)
    error: str | None = None  # CuTe's failing condition, when the explanation ends in one
    closing: list  # (key, fields) messages after the result
    extra: dict  # more JSON members (the descriptors of a descriptor fragment)

    def __init__(self, title_key, fields, steps, result=None, result_cute=None, error=None, closing=None, extra=None):
        self.title_key = title_key
        self.fields = fields
        self.steps = steps
        self.result = result
        self.result_cute = result_cute
        self.error = error
        self.closing = list() if closing is None else closing
        self.extra = dict() if extra is None else extra

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(title_key={self.title_key!r}, fields={self.fields!r}, "
            f"steps={self.steps!r}, result={self.result!r}, result_cute={self.result_cute!r}, "
            f"error={self.error!r}, closing={self.closing!r}, extra={self.extra!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.title_key,
                self.fields,
                self.steps,
                self.result,
                self.result_cute,
                self.error,
                self.closing,
                self.extra,
            ) == (
                other.title_key,
                other.fields,
                other.steps,
                other.result,
                other.result_cute,
                other.error,
                other.closing,
                other.extra,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable


def walk(steps, depth=0):
    """Every step with its depth, in order (nested steps after their parent)."""
    for s in steps:
        yield s, depth
        yield from walk(s.sub, depth + 1)


def all_items(expl: Explanation):
    """Every (Call, value) pair the explanation prints (what the differential tests ask real CuTe)."""
    for s, _ in walk(expl.steps):
        for it in s.items:
            if it.cute is not None:
                yield it.cute, it.value


# ---------------------------------------------------------------- views of the steps


def narrate(expl: Explanation, lang: str = "en") -> str:
    """The explanation as text: heading, numbered steps (nested ones indented), result."""
    nar = Narrator(lang)
    nar.say("ex.title." + expl.title_key, **expl.fields)
    _narrate_steps(nar, expl.steps, "", 0)
    if expl.error is not None:
        nar.say("ex.frame.error", error=expl.error)
    else:
        nar.say("ex.frame.result", cute=show(expl.result_cute), value=show(expl.result))
    for key, f in expl.closing:
        nar.say(key, **f)
    return nar.text()


def _indent(text: str, pad: str) -> str:
    return "".join(pad + line if line.strip() else line for line in text.splitlines(True))


def _narrate_steps(nar: Narrator, steps, prefix: str, depth: int) -> None:
    pad = "    " * depth
    for n, s in enumerate(steps, 1):
        num = f"{prefix}{n}"
        nar.raw(_indent(nar.msg("ex.frame.step", num=num, where=s.where), pad))
        nar.raw(_indent(nar.msg("ex.frame.title", title=nar.msg("ex." + s.key, **s.fields)), pad + "      "))
        width = max((len(i.label) for i in s.items), default=0)
        for i in s.items:
            if i.cute is None:
                line = nar.msg("ex.frame.value", label=i.label.ljust(width), value=show(i.value))
            else:
                line = nar.msg("ex.frame.item", label=i.label.ljust(width), cute=str(i.cute), value=show(i.value))
            nar.raw(_indent(line, pad + "      "))
        _narrate_steps(nar, s.sub, num + ".", depth + 1)


def steps_json(expl: Explanation, lang: str = "en") -> dict:
    """The explanation as data: every step with its name, CuTe expression(s) and value(s)."""
    nar = Narrator(lang)

    def one(s: Step) -> dict:
        d = {
            "name": s.key,
            "text": nar.msg("ex." + s.key, **s.fields),
            "where": s.where,
            "values": [
                {"name": i.label, "cute": None if i.cute is None else str(i.cute), "value": show(i.value)}
                for i in s.items
            ],
        }
        if s.sub:
            d["steps"] = [one(x) for x in s.sub]
        return d

    out = {"title": nar.msg("ex.title." + expl.title_key, **expl.fields).strip(), "steps": [one(s) for s in expl.steps]}
    if expl.error is not None:
        out["error"] = expl.error
    else:
        out["cute"] = show(expl.result_cute)
        out["result"] = show(expl.result)
    if expl.closing:
        out["reading"] = "".join(nar.msg(k, **f) for k, f in expl.closing).strip()
    out.update(expl.extra)
    return out
