"""Collects a dump's text: catalog messages (by key) and raw engine output (tables, prints)."""
from __future__ import annotations

from cutedump.algebra import fmt
from cutedump.dumps.messages import catalog


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
        self.parts.append(self.messages[key].format(**{k: show(v) for k, v in values.items()}))

    def msg(self, key: str, **values) -> str:
        """A catalog message rendered to a string, without emitting it."""
        return self.messages[key].format(**{k: show(v) for k, v in values.items()})

    def raw(self, text: str) -> None:
        self.parts.append(text)

    def text(self) -> str:
        return "".join(self.parts)
