"""``cutedump triton``'s answer: the linear layout as Triton names it, Triton's two views, and the CuTe equivalent;
as text or as one JSON object (keys "linear_layout", "tensor_view", "hardware_view", "cute")."""

from __future__ import annotations

import re
from dataclasses import replace

from cutedump.algebra.integer import C
from cutedump.algebra.layout import Layout, rank, size
from cutedump.errors import CuteDumpError
from cutedump.triton import cute, spell, text
from cutedump.triton.layouts import BLOCK, LANE, REG, WARP, DistributedLinear, NVMMAShared, Shared
from cutedump.triton.linear import LinearLayout as LL
from cutedump.versions import json_answer

MAX_ELEMENTS = 1 << 18  # views list every element; beyond this the answer would be megabytes
MAX_POINTS_LOG2 = 20  # the hardware view lists every (block, warp, lane, register) or offset


def parse_shape(s: str) -> list[int]:
    if s is None:
        raise CuteDumpError("--shape is required, e.g. --shape 64,64")
    parts = [p for p in re.split(r"[,x\s]+", s.strip().strip("[]()")) if p]
    try:
        shape = [int(p.lstrip("_")) for p in parts]
    except ValueError:
        raise CuteDumpError(f"--shape {s!r}: expected sizes like 64,64") from None
    if not 1 <= len(shape) <= 3:
        raise CuteDumpError(f"--shape {s!r}: 1 to 3 dimensions")
    return shape


def compute(layout_text: str, shape: list[int], aliases: dict | None = None):
    layout = spell.resolve_linear(
        spell.parse(layout_text, aliases) if isinstance(layout_text, str) else layout_text, shape
    )
    n = 1
    for s in shape:
        n *= s
    if n > MAX_ELEMENTS:
        raise CuteDumpError(f"--shape {','.join(map(str, shape))}: {n} elements; at most {MAX_ELEMENTS}")
    if isinstance(layout, NVMMAShared) and layout.rank is None:  # TTGIR's attribute: the rank is the tensor's
        layout = replace(layout, rank=len(shape))
    ll = layout.to_linear(shape)
    bits = sum(len(bs) for _, bs in ll.ins)
    if bits > MAX_POINTS_LOG2:
        raise CuteDumpError(
            f"the layout has 2^{bits} hardware points (registers x lanes x warps x blocks, or "
            f"offsets); at most 2^{MAX_POINTS_LOG2}"
        )
    return layout, ll


def answer(layout, ll, shape, views: bool = True) -> dict:
    align = getattr(layout, "alignment", None) if isinstance(layout, Shared) else None
    eq, _ = cute.equivalent(ll, shape)
    out = {"layout": spell.gluon(layout), "linear_layout": text.fields(ll, shape, align)}
    if views:
        out.update(tensor_view=text.tensor_view(ll, shape), hardware_view=text.hardware_view(ll, shape))
    out["cute"] = eq
    return out


#: --views auto prints both views up to this many elements (a 16x16 tensor); past it a line says they are left out
AUTO_VIEW_ELEMENTS = 256


def chosen_views(views: str, shape) -> tuple:
    """The views ``--views`` asks for: ("tensor", "hardware") or a part of it."""
    n = 1
    for s in shape:
        n *= s
    if views == "auto":
        views = "all" if n <= AUTO_VIEW_ELEMENTS else "none"
    return {"none": (), "tensor": ("tensor",), "hardware": ("hardware",), "all": ("tensor", "hardware")}[views]


def render(layout_text: str, shape_text: str, fmt: str, views: str = "auto") -> str:
    shape = parse_shape(shape_text)
    layout, ll = compute(layout_text, shape)
    want = chosen_views(views, shape) if fmt != "json" or views != "auto" else ("tensor", "hardware")
    a = answer(layout, ll, shape, views=False)
    if "tensor" in want:
        a["tensor_view"] = text.tensor_view(ll, shape)
    if "hardware" in want:
        a["hardware_view"] = text.hardware_view(ll, shape)
    if fmt == "json":
        a = {k: a[k] for k in ("layout", "linear_layout", "tensor_view", "hardware_view", "cute") if k in a}
        return json_answer(a)
    out = [f"layout: {a['layout']}", f"shape: {shape}", "linear layout:"]
    out += [f"  {k} = {v}" for k, v in a["linear_layout"].items()]
    out += [f"CuTe: {a['cute']}"]
    body = "\n".join(out) + "\n"
    if "tensor" in want:
        body += "tensor view:\n" + a["tensor_view"]
    if "hardware" in want:
        body += "hardware view:\n" + a["hardware_view"]
    left = [w for w in ("tensor", "hardware") if w not in want]
    if left:
        body += f"({' and '.join(left)} view{'s' if len(left) > 1 else ''} left out: --views all prints {'them' if len(left) > 1 else 'it'})\n"
    return body


# ---- the bridge from CuTe: a TV layout as a DistributedLinearLayout


def from_cute(tv, shape: list[int], lanes: int = 32) -> dict:
    """A CuTe (thread, value) -> column-major index layout as Triton's bases: each thread/value bit's image must be
    a coordinate, and the map must be linear over F2 (every point equals the XOR of its bits' images)."""
    if not isinstance(tv, Layout):
        raise CuteDumpError(f"--from-cute: a TV layout (shape:stride), not a {type(tv).__name__}")
    if int(rank(tv)) != 2:
        raise CuteDumpError("--from-cute: a TV layout has two modes, (thread, value)")
    nt, nv = int(size(tv[0])), int(size(tv[1]))
    for s in shape:
        if s < 1 or s & (s - 1):
            raise CuteDumpError(f"--shape {shape}: Triton's shapes are powers of two")
    if nt * nv > 1 << MAX_POINTS_LOG2:
        raise CuteDumpError(f"--from-cute: {nt} x {nv} (thread, value) points; at most 2^{MAX_POINTS_LOG2}")
    for what, n in (("threads", nt), ("values", nv)):
        if n & (n - 1):
            raise CuteDumpError(f"--from-cute: {n} {what}; a linear layout needs a power of two")
    total = 1
    for s in shape:
        total *= s

    def coord(i):
        if not 0 <= i < total:
            raise CuteDumpError(f"--from-cute: index {i} lies outside --shape {shape}")
        out = []
        for s in shape:
            out.append(i % s)
            i //= s
        return out

    def img(t, v):
        return coord(int(tv(C(t), C(v))))

    reg = [img(0, 1 << k) for k in range(nv.bit_length() - 1)]
    thr = [img(1 << k, 0) for k in range(nt.bit_length() - 1)]
    nl = min(nt, lanes).bit_length() - 1
    lane, warp = thr[:nl], thr[nl:]
    ll = LL([(REG, reg), (LANE, lane), (WARP, warp), (BLOCK, [])], [f"dim{i}" for i in range(len(shape))], shape)
    if img(0, 0) != [0] * len(shape):
        raise CuteDumpError("--from-cute: thread 0 value 0 is not at the origin: no linear layout")
    for t in range(nt):
        for v in range(nv):
            if list(ll.apply({REG: v, LANE: t % (1 << nl), WARP: t >> nl})) != img(t, v):
                raise CuteDumpError(
                    f"--from-cute: thread {t} value {v} is not the XOR of its bits' images: the layout "
                    "is not linear over F2 (no DistributedLinearLayout)"
                )
    covered = {tuple(ll.apply({REG: v, LANE: t % (1 << nl), WARP: t >> nl})) for t in range(nt) for v in range(nv)}
    if len(covered) != total:
        raise CuteDumpError(
            f"--from-cute: the layout reaches {len(covered)} of the {total} elements of --shape; "
            "Triton's layouts cover the whole tensor"
        )
    return {"reg_bases": reg, "lane_bases": lane, "warp_bases": warp, "block_bases": [], "shape": shape}


def render_from_cute(tv_text: str, shape_text: str, fmt: str) -> str:
    from cutedump.expr import evaluate_layout  # start-up: the CuTe expression engine only for --from-cute

    shape = parse_shape(shape_text)
    tv = evaluate_layout(tv_text)
    f = from_cute(tv, shape)
    layout = DistributedLinear(
        *(tuple(tuple(b) for b in f[k]) for k in ("reg_bases", "lane_bases", "warp_bases", "block_bases")), tuple(shape)
    )
    g = spell.gluon(layout)
    if fmt == "json":
        return json_answer({"layout": g, "linear_layout": f})
    return g + "\n"
