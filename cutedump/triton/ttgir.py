"""Every layout alias of a TTGIR file (``#blocked = #ttg.blocked<{...}>``) and the tensor shapes that use it
(``tensor<64x64xf32, #blocked>``, ``!ttg.memdesc<64x32xf16, #shared, #smem>``), each use answered as
``cutedump triton LAYOUT --shape ...`` answers it."""

from __future__ import annotations

import re

from cutedump.errors import CuteDumpError
from cutedump.triton import report, spell
from cutedump.versions import json_answer

_ALIAS = re.compile(r"^(#[\w.]+)\s*=\s*(#ttg\.\w+<\{.*\}>)\s*$", re.M)
_USE = re.compile(r"(?:tensor|memdesc)<((?:\d+x)*\d+)x[^,<>]*?(?:<[^<>]*>)?[^,<>]*,\s*(#[\w.]+)(?=[\s,>])")


def aliases(src: str) -> dict:
    """alias -> attribute text, in file order (layout attributes only)."""
    return {m.group(1): m.group(2) for m in _ALIAS.finditer(src)}


def uses(src: str) -> dict:
    """alias -> shapes (in order of first use)."""
    out: dict = {}
    for m in _USE.finditer(src):
        shape = m.group(1)
        out.setdefault(m.group(2), [])
        if shape not in out[m.group(2)]:
            out[m.group(2)].append(shape)
    return out


def dump(src: str, views: bool = True) -> dict:
    """{"layouts": {alias: {"attribute": text, "uses": {"64x64": answer}}}}; ``views=False`` leaves out the tensor
    and hardware views (for callers that want only the linear layouts)."""
    al = aliases(src)
    if not al:
        raise CuteDumpError("--ttgir: no layout alias (#name = #ttg.<layout><{...}>) in the file")
    objs, bad = {}, {}
    for name, attr in al.items():
        try:
            objs[name] = spell.parse(attr, objs)
        except CuteDumpError as e:  # a kind cutedump does not read (#ttg.amd_rotating_shared ...): its uses say so
            bad[name] = str(e)
            objs[name] = None
    used = uses(src)
    out = {}
    for name, attr in al.items():
        entry = {"attribute": attr, "uses": {}}
        for shape_text in used.get(name, []):
            shape = [int(x) for x in shape_text.split("x")]
            try:
                if name in bad:
                    raise CuteDumpError(bad[name])
                layout, ll = report.compute(objs[name], shape)
                a = report.answer(layout, ll, shape, views)
                entry["uses"][shape_text] = {
                    k: a[k] for k in ("linear_layout", "tensor_view", "hardware_view", "cute") if k in a
                }
            except CuteDumpError as e:
                entry["uses"][shape_text] = {"error": str(e)}
        out[name] = entry
    return {"layouts": out}


def render(src: str, fmt: str) -> str:
    d = dump(src)
    if fmt == "json":
        return json_answer(d)
    lines = []
    for name, e in d["layouts"].items():
        lines.append(f"{name} = {e['attribute']}")
        if not e["uses"]:
            lines.append("  (no tensor uses it)")
        for shape, u in e["uses"].items():
            if "error" in u:
                lines.append(f"  {shape}: error: {u['error']}")
                continue
            lines.append(f"  {shape}:")
            lines += [f"    {k} = {v}" for k, v in u["linear_layout"].items()]
            lines.append(f"    CuTe: {u['cute']}")
    return "\n".join(lines) + "\n"
