"""The answer of ``cutedump scale`` (no click here: the fast path and the click command print it alike)."""

from __future__ import annotations


def scale_text(arch, kind, vs, problem, major, tile, cta_group, element, granularity, fmt_, lang="en") -> str:
    from cutedump.dumps.scale_reading import reading  # start-up: on demand
    from cutedump.scale.report import scale_facts  # start-up: on demand

    facts = scale_facts(arch, kind, vs, problem, major, tile, cta_group, element, granularity)
    lines = reading(facts, lang)
    if fmt_ == "json":
        import json  # start-up: json output only

        return json.dumps({**facts, "reading": lines}, ensure_ascii=False) + "\n"
    return "\n".join(lines) + "\n"
