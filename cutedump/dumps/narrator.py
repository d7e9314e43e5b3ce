"""Collects a dump's text: catalog messages (by key) and raw engine output (tables, prints)."""

from __future__ import annotations

from cutedump.algebra import fmt
from cutedump.dumps.messages import catalog


def _plural(value, spec: str) -> str:
    """``{n:|value|values}``: ``value`` when n is 1 (``1`` or ``_1``), else ``values``."""
    one, many = spec[1:].split("|", 1)
    return one if str(value).lstrip("_") == "1" else many


def render(template: str, **values) -> str:
    """A catalog template filled in: str.format, plus one format spec for English plurals: ``{n:|value|values}``
    writes ``value`` when n is 1 (``1`` or ``_1``) and ``values`` otherwise -- ``{n} {n:|value|values}`` reads
    "1 value", "4 values". The plural fields are chosen first (their words have no braces), then str.format fills
    the rest (no string.Formatter: the string module imports re, ~8 ms of start-up)."""
    if ":|" not in template:
        return template.format_map(values)
    out, i = [], 0
    while True:
        j = template.find("{", i)
        if j < 0:
            out.append(template[i:])
            break
        if template.startswith("{{", j):  # an escaped brace: kept for str.format
            out.append(template[i : j + 2])
            i = j + 2
            continue
        k = template.index("}", j)
        name, _, spec = template[j + 1 : k].partition(":")
        out.append(template[i:j])
        out.append(_plural(values[name], spec) if spec.startswith("|") else template[j : k + 1])
        i = k + 1
    return "".join(out).format_map(values)


def show(value) -> str:
    """A value as CuTe's ``print`` writes it (layouts, static/dynamic ints, int tuples)."""
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        return fmt(value)
    return str(value)


class Narrator:
    def __init__(self, lang: str = "zh"):
        self.messages = catalog(lang)
        self.parts: list[str] = []

    def say(self, key: str, **values) -> None:
        self.parts.append(render(self.messages[key], **{k: show(v) for k, v in values.items()}))

    def msg(self, key: str, **values) -> str:
        """A catalog message rendered to a string, without emitting it."""
        return render(self.messages[key], **{k: show(v) for k, v in values.items()})

    def raw(self, text: str) -> None:
        self.parts.append(text)

    def text(self) -> str:
        return "".join(self.parts)
