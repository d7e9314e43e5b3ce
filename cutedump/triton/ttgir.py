"""Every layout alias of a TTGIR file (``#blocked = #ttg.blocked<{...}>``) and the tensor shapes that use it
(``tensor<64x64xf32, #blocked>``, ``!ttg.memdesc<64x32xf16, #shared, #smem>``), each use answered as
``cutedump triton LAYOUT --shape ...`` answers it."""

from __future__ import annotations

import re

from cutedump.errors import CuteDumpError
from cutedump.triton import report, spell
from cutedump.triton import tmem as TM
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


def uses(src: str, typed: frozenset = frozenset()) -> dict:
    """alias -> shapes (in order of first use); the aliases in ``typed`` (TMEM layouts, whose columns depend on the
    element's width): shapes with their element type, ``128x128xf32``."""
    out: dict = {}
    for m in _USE.finditer(src):
        kind, shape, elem, alias = m.groups()
        if alias in typed:
            shape += "x" + elem.strip()
        elif kind == "memdesc" and elem.strip() == "i64":
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
    objs, bad, tmem = {}, {}, set()
    for name, attr in al.items():
        try:
            if TM.is_tmem(attr):  # the Blackwell accumulator's (and scale factors') tensor memory
                tmem.add(name)
                objs[name] = TM.parse(attr)
            else:
                objs[name] = spell.parse(attr, objs)
        except CuteDumpError as e:  # a kind cutedump does not read (#ttg.amd_rotating_shared ...): its uses say so
            kind = attr.split("<", 1)[0]
            bad[name] = f"{kind} not read: {e}"
            objs[name] = None
    used = uses(src, frozenset(tmem))
    out = {}
    for name, attr in al.items():
        entry = {"attribute": attr, "uses": {}}
        if name in bad:
            entry["error"] = bad[name]
        for shape_text in used.get(name, []):
            if name in tmem:
                entry["uses"][shape_text] = tmem_use(objs[name], shape_text, bad.get(name))
                continue
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


def tmem_use(lay, shape_text: str, error: str | None) -> dict:
    """One memdesc of a TMEM layout (``2x128x128xf32``: a buffered one, each buffer the 128x128 layout)."""
    *dims, elem = shape_text.split("x")
    if error is not None:
        return {"error": error}
    try:
        shape = [int(x) for x in dims]
        buffers = 1
        if len(shape) == 3:
            TM.memdesc_check(lay, shape[1:], TM.element_bits(elem))  # Triton checks the last two dimensions
            buffers, shape = shape[0], shape[1:]
        a = TM.answer(lay, shape, elem)
    except CuteDumpError as e:
        return {"error": str(e)}
    tm = {k: a[k] for k in ("lanes", "columns", "element_bits", "cta_shape", "ctas")}
    if buffers != 1:
        tm["buffers"], tm["buffer_shape"] = buffers, shape
    return {"linear_layout": a["linear_layout"], "tmem": tm, "cute": a["cute"]}


def render(src: str, fmt: str, tmem_lines=None) -> str:
    """The text (or JSON) of every alias and its uses; ``tmem_lines``: a function wording a TMEM use (its lines,
    from the message catalogs: cutedump.dumps.triton_tmem.lines)."""
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
            if "tmem" in u:
                lines += tmem_lines(u)
                continue
            lines += [f"    {k} = {v}" for k, v in u["linear_layout"].items()]
            lines.append(f"    CuTe: {u['cute']}")
    return "\n".join(lines) + "\n"
