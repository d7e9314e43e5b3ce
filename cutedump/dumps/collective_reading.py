"""The words of `cutedump collective`: a builder rule's :class:`~cutedump.collective.sm90.Phrase` (a catalog key and
the facts it states) worded in the language asked, from the ``coll.*`` catalog (messages/collective_*.py)."""

from __future__ import annotations

from cutedump.collective.sm90 import Phrase
from cutedump.dumps.narrator import Narrator


class CollectiveWords:
    """The catalog of one language: :meth:`why` words a Phrase (its facts that are Phrases first), :meth:`line` one
    of the answer's narrated lines (``coll.text.*``)."""

    def __init__(self, lang: str):
        self.lang = lang
        self._msg = Narrator(lang).msg

    def why(self, phrase: Phrase) -> str:
        facts = {k: self.why(v) if isinstance(v, Phrase) else v for k, v in phrase.facts.items()}
        return self._msg(phrase.key, **facts)

    def line(self, line_key: str, /, **values) -> str:
        return self._msg("coll.text." + line_key, **values)
