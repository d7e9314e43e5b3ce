"""The words of `cutedump triton --ttgir` about a TMEM use (a memdesc of a ``#ttng.tensor_memory_encoding`` or
``#ttng.tensor_memory_scales_encoding``): Triton's linear layout as Triton names it (row, col), then the TMEM lanes
and columns and the CuTe accumulator it is related to, from the ``tri.tmem.*`` catalog."""

from __future__ import annotations

import re

from cutedump.dumps.narrator import Narrator
from cutedump.errors import CuteDumpError
from cutedump.triton import tmem as TM
from cutedump.triton import ttgir
from cutedump.versions import json_answer

WORD_BITS = 32  # a TMEM column holds one 32-bit word per lane


def _bases(bs) -> str:
    return "[" + ", ".join(f"[{a}, {b}]" for a, b in bs) + "]"


def lines(use: dict, lang: str = "en") -> list[str]:
    """One TMEM use (ttgir.tmem_use's answer) as lines."""
    msg = Narrator(lang).msg
    ll, tm, cute = use["linear_layout"], use["tmem"], use["cute"]
    out = []
    if "buffers" in tm:
        out.append(msg("tri.tmem.buffers", buffers=tm["buffers"], shape="x".join(map(str, tm["buffer_shape"]))))
    out.append(f"    row = {_bases(ll['row'])}")
    out.append(f"    col = {_bases(ll['col'])}")
    bits = tm["element_bits"]
    facts = dict(lanes=tm["lanes"], columns=tm["columns"], word=WORD_BITS, bits=bits, per=WORD_BITS // bits)
    if tm["ctas"] > 1:
        out.append(msg("tri.tmem.where_cta", m=tm["cta_shape"][0], n=tm["cta_shape"][1], ctas=tm["ctas"], **facts))
    else:
        out.append(msg("tri.tmem.where", **facts))
    if cute["exact"]:
        key = "tri.tmem.cute_cta" if "2x1SM" in cute["atom"] else "tri.tmem.cute"
        out.append(msg(key, atom=cute["atom"], shape=cute["shape"], tensor=cute["tensor"], command=cute["command"]))
    else:
        facts = {k: v for k, v in cute.items() if k not in ("exact", "why")}
        if "at" in facts:
            facts["at"] = "(" + ", ".join(map(str, facts["at"])) + ")"
        out.append(msg("tri.tmem.not." + cute["why"], **facts))
    return out


def render(src: str, fmt: str) -> str:
    """``cutedump triton --ttgir FILE``: every alias of the file and its uses, TMEM uses worded here."""
    return ttgir.render(src, fmt, tmem_lines=lines)


def render_layout(layout_text: str, shape_text: str | None, fmt: str) -> str:
    """``cutedump triton LAYOUT --shape 128x128xf32`` for a TMEM layout (Gluon's TensorMemoryLayout(...) /
    TensorMemoryScalesLayout(...) or TTGIR's attribute): the element type is part of the shape, as TTGIR writes a
    memdesc (its width sets the 32-bit columns)."""
    try:
        lay = TM.parse(layout_text)
    except CuteDumpError as e:
        raise CuteDumpError(f"{layout_text.strip()!r}: {e}") from None
    m = re.fullmatch(r"\s*\[?\(?\s*((?:_?\d+\s*[x,]\s*)+)([A-Za-z]\w*)\s*\)?\]?\s*", shape_text or "")
    if m is None:
        raise CuteDumpError(
            f"--shape {shape_text!r}: a TMEM layout's shape names its element type too, as TTGIR writes a memdesc: "
            "e.g. --shape 128x128xf32"
        )
    use = ttgir.tmem_use(
        lay, "x".join(p.lstrip("_") for p in re.split(r"[x,\s]+", m.group(1)) if p) + "x" + m.group(2), None
    )
    if "error" in use:
        raise CuteDumpError(use["error"])
    head = {"layout": lay.gluon(), "ttgir": lay.ttgir()}
    if fmt == "json":
        return json_answer({**head, "element": m.group(2), **use})
    out = [f"layout: {head['layout']}", f"ttgir: {head['ttgir']}", f"shape: {shape_text.strip()}"]
    for ln in lines(use):
        out.append(ln[4:] if not ln.startswith("    row =") and not ln.startswith("    col =") else ln[2:])
    return "\n".join(out) + "\n"
