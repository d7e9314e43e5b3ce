"""Every layout alias of a TTGIR file (``#blocked = #ttg.blocked<{...}>``) and the tensor shapes that use it
(``tensor<64x64xf32, #blocked>``, ``!ttg.memdesc<64x32xf16, #shared, #smem>``), each use answered as
``cutedump triton LAYOUT --shape ...`` answers it."""

from __future__ import annotations

import re

from cutedump.errors import CuteDumpError
from cutedump.triton import report, spell
from cutedump.versions import json_answer

#: every attribute alias of the file (``#tmem = #ttng.tensor_memory_encoding<...>``, ``#ttg.shared_linear<{...}, ...>``
#: included): none is left out silently; one cutedump cannot read says why on its line
_ALIAS = re.compile(r"^(#[\w.]+)\s*=\s*(#\w+\.\w+<.*>)\s*$", re.M)
_USE = re.compile(r"(tensor|memdesc)<((?:\d+x)*\d+)x([^,<>]*?(?:<[^<>]*>)?[^,<>]*),\s*(#[\w.]+)(?=[\s,>])")
#: an mbarrier array (``!ttg.memdesc<2x1xi64, #shared...>``): 64-bit barriers in shared memory, not data
BARRIER = "barrier (i64), not a data layout"


def aliases(src: str) -> dict:
    """alias -> attribute text, in file order (layout attributes only)."""
    return {m.group(1): m.group(2) for m in _ALIAS.finditer(src)}


def uses(src: str) -> dict:
    """alias -> shapes (in order of first use)."""
    out: dict = {}
    for m in _USE.finditer(src):
        kind, shape, elem, alias = m.groups()
        if kind == "memdesc" and elem.strip() == "i64":
            shape += " i64"  # a barrier array: answered as such, apart from a data use of the same shape
        out.setdefault(alias, [])
        if shape not in out[alias]:
            out[alias].append(shape)
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
            kind = attr.split("<", 1)[0]
            if kind.startswith("#ttng.tensor_memory"):
                bad[name] = f"{kind} (tensor memory, TMEM) is not read by cutedump triton yet (see `cutedump tmem`)"
            else:
                bad[name] = f"{kind} not read: {e}"
            objs[name] = None
    used = uses(src)
    out = {}
    for name, attr in al.items():
        entry = {"attribute": attr, "uses": {}}
        if name in bad:
            entry["error"] = bad[name]
        for shape_text in used.get(name, []):
            if shape_text.endswith(" i64"):
                entry["uses"][shape_text] = {"error": BARRIER}
                continue
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
        if "error" in e:
            lines.append(f"  not answered: {e['error']}")
        if not e["uses"]:
            lines.append("  (no tensor uses it)")
        for shape, u in e["uses"].items():
            if u.get("error") == BARRIER:
                lines.append(f"  {shape}: {BARRIER}")
                continue
            if "error" in u:
                lines.append(f"  {shape}: error: {u['error']}")
                continue
            lines.append(f"  {shape}:")
            lines += [f"    {k} = {v}" for k, v in u["linear_layout"].items()]
            lines.append(f"    CuTe: {u['cute']}")
    return "\n".join(lines) + "\n"
