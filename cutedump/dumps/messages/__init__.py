"""Message catalogs for the narrated dumps.

Each language module defines ``MESSAGES: dict[str, str]``; values are ``str.format`` templates with named fields.
Every language must define the same keys with the same fields (checked by the tests). Numbers never appear in a
template except as notation that is the same for every input (e.g. the unit stride pattern written by the recipe).
"""

from __future__ import annotations

from importlib import import_module

from cutedump.errors import CuteDumpError

LANGS = ("zh", "en")


def catalog(lang: str) -> dict[str, str]:
    if lang not in LANGS:
        raise CuteDumpError(f"unknown language {lang!r}; available: {', '.join(LANGS)}")
    return import_module(f"cutedump.dumps.messages.{lang}").MESSAGES
