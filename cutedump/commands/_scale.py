"""The answer of ``cutedump scale`` (no click here: the fast path and the click command print it alike)."""

from __future__ import annotations


def scale_text(
    arch, kind, vs, problem, major, tile, cta_group, element, granularity, fmt_, lang="en", stages=None, picture=None
) -> str:
    from cutedump.dumps.scale_reading import reading  # start-up: on demand
    from cutedump.errors import CuteDumpError  # start-up: on demand
    from cutedump.scale.report import scale_facts  # start-up: on demand

    if picture is not None and fmt_ == "json":
        raise CuteDumpError("--picture and --format json are two outputs; choose one")
    facts = scale_facts(
        arch,
        kind,
        vs,
        problem,
        major,
        tile,
        cta_group,
        element,
        granularity,
        stages=stages,
        picture=picture is not None,
    )
    if picture is not None:
        from cutedump.dumps.scale_reading import picture_words  # start-up: pictures on demand
        from cutedump.render import scale_view  # start-up: pictures on demand

        return scale_view.render(facts["picture"], picture_words(facts, lang), picture)
    lines = reading(facts, lang)
    if fmt_ == "json":
        import json  # start-up: json output only

        return json.dumps({**facts, "reading": lines}, ensure_ascii=False) + "\n"
    return "\n".join(lines) + "\n"
