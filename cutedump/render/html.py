"""Interactive, self-contained HTML pages (no network): the picture of a layout, TV layout, MMA or copy, with a
tooltip per cell and click-to-highlight.

* layout: each cell (m, n) of the rank-2 view says ``coordinate (m,n) | index i | offset L(i)`` (i = m + n*M, the
  1-D coordinate); clicking a cell highlights every cell with the same offset.
* TV layout / MMA (C, A, B) / copy (S, D): each element says which (thread, value) pairs hold it --
  ``A element (m,k): T0 V0, T32 V0`` -- every holder, not only the one CuTe's picture labels (replicated MMA
  operands are held by several threads).  Clicking a cell selects its thread (clicking again cycles through the
  holders); every value of that thread is highlighted, in all panels.  A thread number can also be typed.
  A panel with at most INLINE_PAIRS (thread, value) pairs writes each cell's holders into its ``data-tip`` and
  ``data-t``; a larger one (an SS-GMMA operand is held whole by every thread: 2,048 holders per element) carries
  its TV layout once, as the element key ``x[tid] + y[vid]`` (key = m * cols + n), and the page's script derives
  the holder lists from it when a cell is hovered or a thread selected (the same lists, in the same order).

The cells come from the grid model (:mod:`cutedump.render.grid`), the colours from :mod:`cutedump.render.svg`;
nothing here does layout algebra.

Public API::

    page(kind, obj, tile) -> str       # a complete HTML document; kind in layout | tv | mma | copy
    fragment(kind, obj, tile) -> str   # the same as an embeddable <div> (Jupyter _repr_html_), unique ids
"""

from __future__ import annotations

import itertools

from cutedump.algebra import rank, size
from cutedump.algebra.inttuple import fmt
from cutedump.errors import CuteDumpError
from cutedump.render import grid
from cutedump.render.svg import CELL, bwx8, tv_color
from cutedump.render.xmltext import escape, quoteattr

_COUNTER = itertools.count(1)
INLINE_PAIRS = 16384  # TV panels up to this many (thread, value) pairs list the holders in every cell


# ------------------------------------------------------------------------------------------ cell models


class _Panel:
    """A rectangle of drawn cells at (x0, y0) in cell units, with its row/column labels."""

    def __init__(self, name, rows, cols, x0, y0, row_labels="left", col_labels="top"):
        self.name, self.rows, self.cols, self.x0, self.y0 = name, rows, cols, x0, y0
        self.row_labels, self.col_labels = row_labels, col_labels
        self.cells = []  # (r, c, fill, lines, tip, threads, offset, key)
        self.tv = None  # compact TV data for the page's script (panels with more than INLINE_PAIRS pairs)


def _tv_panel(p: _Panel, cl: grid.CoordLayout, label: str, transpose: bool = False):
    """The cells of a TV panel, ordered by element (m, n); the first holder (CuTe's picture) labels and colours a
    cell, and every holder is listed inline or derived by the script from ``p.tv``."""
    rows, cols = (p.cols, p.rows) if transpose else (p.rows, p.cols)
    what = f"Layout {label or 'TV'}"
    small = int(size(cl.proxy)) <= grid.SMALL or not grid.have_numpy()  # plain Python: small pictures, the web page
    if int(rank(cl.proxy)) == 2 and small:
        m, n, tid, vid = grid.first_holders_list(cl, rows, cols, what)
        order = sorted(range(len(m)), key=lambda i: m[i] * cols + n[i])  # the keys are distinct
        firsts = [(m[i], n[i], tid[i], vid[i]) for i in order]
    else:
        m, n, tid, vid = grid.first_holders(cl, rows, cols, what)
        order = (m * cols + n).argsort()
        firsts = zip(m[order].tolist(), n[order].tolist(), tid[order].tolist(), vid[order].tolist())
    T, V = int(size(cl.proxy, 0)), int(size(cl.proxy, 1))  # rank 2: checked by the first holders
    inline = T * V <= INLINE_PAIRS
    if inline:
        hs: dict = {}
        for t, row in enumerate(cl.coords()):
            for v, mn in enumerate(row):
                hs.setdefault(mn, []).append((t, v))
    elif not grid.have_numpy():  # the same, on lists (the web page)
        keys = [[mm * cols + nn for mm, nn in row] for row in cl.coords()]
        x, y = [row[0] for row in keys], [k - keys[0][0] for k in keys[0]]
        p.tv = {"T": T, "V": V, "label": label}
        if all(x[t] + y[v] == k for t, row in enumerate(keys) for v, k in enumerate(row)):
            p.tv.update(x=x, y=y)
        else:
            p.tv["k"] = [k for row in keys for k in row]
    else:
        mt, nt = cl.coord_arrays()
        keys = mt * cols + nt
        x, y = keys[:, 0], keys[0, :] - keys[0, 0]
        p.tv = {"T": T, "V": V, "label": label}
        if (x[:, None] + y[None, :] == keys).all():  # separable: key(t, v) = x[t] + y[v] (always, in practice)
            p.tv.update(x=x.tolist(), y=y.tolist())
        else:
            p.tv["k"] = keys.ravel().tolist()
    pre = label + " " if label else ""
    for mm, nn, t0, v0 in firsts:
        r, c = (nn, mm) if transpose else (mm, nn)
        if inline:
            who = hs[(mm, nn)]
            tip = f"{pre}element ({mm},{nn}): " + ", ".join(f"T{t} V{v}" for t, v in who)
            threads = " ".join(str(t) for t in sorted({t for t, _ in who}))
            key = None
        else:
            tip, threads, key = f"{pre}element ({mm},{nn})", None, mm * cols + nn
        p.cells.append((r, c, tv_color(t0, v0), (f"T{t0}", f"V{v0}"), tip, threads, None, key))


def _layout_model(obj):
    gp = grid.layout_panel(obj)
    p = _Panel("", gp.rows, gp.cols, 1, 1)
    for c in gp.cells:
        idx = c.m + c.n * gp.rows
        tip = f"coordinate ({c.m},{c.n}) | index {idx} | offset {c.value}"
        p.cells.append((c.m, c.n, bwx8(c.value), (str(c.value),), tip, None, c.value, None))
    head = [f"Layout: {obj}"] + ([] if str(obj) == gp.title else [f"drawn as {gp.title}"])
    return [p], (gp.cols + 1, gp.rows + 1), head


def _tv_model(obj, tile):
    tv = grid.coord_tensor(tile, obj, arith=False)
    M, N = (int(t) for t in grid.flat_tile(tile))
    p = _Panel("", M, N, 1, 1)
    _tv_panel(p, tv, "")
    return [p], (N + 1, M + 1), [f"Layout TV: {obj} over the tile {_fmt_tile(tile)}", f"TV -> (m,n): {tv}"]


def _mma_model(obj):
    (M, N, K), lc, la, lb = grid.mma_parts(obj)
    tC, tA, tB = (grid.coord_tensor((M, N), lc), grid.coord_tensor((M, K), la), grid.coord_tensor((N, K), lb))
    Mi, Ni, Ki = int(M), int(N), int(K)
    # CuTe's print_svg arrangement: A (M x K) on the left, B (drawn K x N) on top, C (M x N) bottom right
    pa = _Panel("A", Mi, Ki, 1, Ki + 2, col_labels="top")
    pb = _Panel("B", Ki, Ni, Ki + 2, 1, row_labels="left")
    pc = _Panel("C", Mi, Ni, Ki + 2, Ki + 2, row_labels=None, col_labels=None)
    _tv_panel(pc, tC, "C")
    _tv_panel(pa, tA, "A")
    _tv_panel(pb, tB, "B", transpose=True)
    head = [str(obj).rstrip("\n"), f"A: {tA}", f"B: {tB}", f"C: {tC}"]
    return [pc, pa, pb], (Ki + Ni + 2, Ki + Mi + 2), head


def _copy_model(obj):
    S, D, (M, N) = grid.copy_coord_tensors(obj)
    Mi, Ni = int(M), int(N)
    ps = _Panel("S", Mi, Ni, 1, 1)
    pd = _Panel("D", Mi, Ni, Ni + 3, 1, row_labels="right")
    _tv_panel(ps, S, "S")
    _tv_panel(pd, D, "D")
    return [ps, pd], (2 * Ni + 4, Mi + 1), [str(obj).rstrip("\n"), f"S: {S}", f"D: {D}"]


def _fmt_tile(tile) -> str:
    return fmt(tuple(tile))


def _model(kind, obj, tile):
    if kind == "layout":
        return _layout_model(obj)
    if kind == "tv":
        return _tv_model(obj, tile)
    if kind == "mma":
        return _mma_model(obj)
    if kind == "copy":
        return _copy_model(obj)
    raise CuteDumpError(f"unknown picture kind {kind!r}")


# ------------------------------------------------------------------------------------------ markup


def _svg(panels, size) -> str:
    cs = CELL
    w, h = size[0] * cs, size[1] * cs
    out = [
        f'<svg class="cd-svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" xmlns="http://www.w3.org/2000/svg">\n',
        f'<rect class="cd-bg" x="0" y="0" width="{w}" height="{h}" fill="white"/>\n',
    ]
    for p in panels:
        x0, y0 = p.x0 * cs, p.y0 * cs
        for r, c, fill, lines, tip, threads, offset, key in p.cells:
            x, y = x0 + c * cs, y0 + r * cs
            attrs = f" data-tip={quoteattr(tip)}"
            if threads is not None:
                attrs += f' data-t="{threads}"'
            if key is not None:
                attrs += f' data-k="{key}"'
            if offset is not None:
                attrs += f' data-o="{offset}"'
            if p.name:
                attrs += f' data-p="{p.name}"'
            out.append(
                f'<g class="cd-c"{attrs}><rect x="{x}" y="{y}" width="{cs}" height="{cs}" '
                f'fill="rgb({fill})" stroke="black"/>'
            )
            if len(lines) == 2:
                out.append(
                    f'<text x="{x + cs // 2}" y="{y + cs // 4}" font-size="8">{escape(lines[0])}</text>'
                    f'<text x="{x + cs // 2}" y="{y + 3 * cs // 4}" font-size="8">{escape(lines[1])}</text>'
                )
            else:
                font = 8 if len(lines[0]) <= 4 else 6 if len(lines[0]) <= 5 else 5
                dark = offset is not None and offset % 8 >= 6
                out.append(
                    f'<text x="{x + cs // 2}" y="{y + cs // 2}" font-size="{font}"'
                    f"{' fill=' + chr(34) + 'white' + chr(34) if dark else ''}>{escape(lines[0])}</text>"
                )
            out.append("</g>\n")
        if p.row_labels:
            lx = x0 - cs if p.row_labels == "left" else x0 + p.cols * cs
            for r in range(p.rows):
                out.append(
                    f'<text class="cd-l" x="{lx + cs // 2}" y="{y0 + r * cs + cs // 2}" font-size="12">{r}</text>\n'
                )
        if p.col_labels:
            for c in range(p.cols):
                out.append(
                    f'<text class="cd-l" x="{x0 + c * cs + cs // 2}" y="{y0 - cs + cs // 2}" '
                    f'font-size="12">{c}</text>\n'
                )
    out.append("</svg>\n")
    return "".join(out)


_CSS = """
#{uid} {{ font-family: sans-serif; font-size: 13px; color: #111; }}
#{uid} pre.cd-head {{ font-family: monospace; font-size: 12px; margin: 4px 0; white-space: pre-wrap; }}
#{uid} .cd-help {{ color: #555; margin: 4px 0; }}
#{uid} .cd-status {{ font-family: monospace; min-height: 1.3em; margin: 4px 0; }}
#{uid} svg text {{ text-anchor: middle; dominant-baseline: central; pointer-events: none; }}
#{uid} .cd-c {{ cursor: pointer; }}
#{uid} .cd-c:hover rect {{ stroke-width: 2; }}
#{uid} .cd-hl rect {{ stroke: rgb(220,0,0); stroke-width: 3; }}
#{uid} .cd-dim {{ opacity: 0.3; }}
#{uid} .cd-tip {{ position: fixed; display: none; background: #ffffe8; border: 1px solid #888; padding: 3px 6px;
  font-family: monospace; font-size: 12px; pointer-events: none; z-index: 10; max-width: 60em; }}
"""

_JS = r"""
(function () {
  var root = document.getElementById("{uid}");
  var tip = root.querySelector(".cd-tip"), status = root.querySelector(".cd-status");
  var input = root.querySelector(".cd-thread");
  var cells = Array.prototype.slice.call(root.querySelectorAll(".cd-c"));
  var data = root.querySelector(".cd-tv");
  var tv = data ? JSON.parse(data.textContent) : {};   // compact panels: element key(t, v) = x[t] + y[v]
  var byKey = {}, tips = new Map(), cycle = {};
  cells.forEach(function (c) {
    if (c.hasAttribute("data-k")) {
      var p = c.getAttribute("data-p") || "";
      (byKey[p] = byKey[p] || {})[c.getAttribute("data-k")] = c;
    }
  });
  function keyOf(P, t, v) { return P.k ? P.k[t * P.V + v] : P.x[t] + P.y[v]; }
  function holders(c) {   // [t0, v0, t1, v1, ...] in tid-major, vid-minor order
    var P = tv[c.getAttribute("data-p") || ""];
    if (!P.h) {
      P.h = {};
      for (var t = 0; t < P.T; t++) for (var v = 0; v < P.V; v++) {
        var k = keyOf(P, t, v);
        (P.h[k] = P.h[k] || []).push(t, v);
      }
    }
    return P.h[c.getAttribute("data-k")] || [];
  }
  function tipOf(c) {
    if (!c.hasAttribute("data-k")) return c.getAttribute("data-tip");
    if (!tips.has(c)) {
      var hs = holders(c), parts = [];
      for (var i = 0; i < hs.length; i += 2) parts.push("T" + hs[i] + " V" + hs[i + 1]);
      tips.set(c, c.getAttribute("data-tip") + ": " + parts.join(", "));
    }
    return tips.get(c);
  }
  function threadsOf(c) {   // the distinct threads holding the cell, ascending, as strings
    if (!c.hasAttribute("data-k")) return (c.getAttribute("data-t") || "").split(" ");
    var hs = holders(c), seen = {}, out = [];
    for (var i = 0; i < hs.length; i += 2) if (!seen[hs[i]]) { seen[hs[i]] = 1; out.push(hs[i]); }
    return out.sort(function (a, b) { return a - b; }).map(String);
  }
  function cellsOfThread(t) {
    var on = new Set();
    cells.forEach(function (c) {
      if (c.hasAttribute("data-t") && c.getAttribute("data-t").split(" ").indexOf(t) >= 0) on.add(c);
    });
    var ti = parseInt(t, 10);
    if (String(ti) === t) Object.keys(tv).forEach(function (p) {
      var P = tv[p];
      if (ti < 0 || ti >= P.T) return;
      for (var v = 0; v < P.V; v++) { var c = byKey[p][keyOf(P, ti, v)]; if (c) on.add(c); }
    });
    return on;
  }
  function clear() {
    cells.forEach(function (c) { c.classList.remove("cd-hl"); c.classList.remove("cd-dim"); });
    status.textContent = "";
  }
  function mark(pred, what) {
    var n = 0;
    cells.forEach(function (c) {
      var on = pred(c); n += on ? 1 : 0;
      c.classList.toggle("cd-hl", on); c.classList.toggle("cd-dim", !on);
    });
    status.textContent = what + ": " + n + " cell" + (n === 1 ? "" : "s") + " highlighted";
  }
  function selectThread(t) {
    if (t === "" || t === null) { clear(); return; }
    var on = cellsOfThread(String(t));
    mark(function (c) { return on.has(c); }, "thread " + t);
    if (input) input.value = t;
  }
  root.selectThread = selectThread;
  root.tipOf = tipOf;
  root.threadsOf = threadsOf;
  cells.forEach(function (c) {
    c.addEventListener("mousemove", function (e) {
      tip.textContent = tipOf(c);
      tip.style.display = "block";
      tip.style.left = (e.clientX + 14) + "px"; tip.style.top = (e.clientY + 14) + "px";
    });
    c.addEventListener("mouseleave", function () { tip.style.display = "none"; });
    c.addEventListener("click", function (e) {
      e.stopPropagation();
      if (c.hasAttribute("data-t") || c.hasAttribute("data-k")) {
        var ts = threadsOf(c), key = c.getAttribute("data-tip");
        cycle[key] = (cycle[key] === undefined) ? 0 : (cycle[key] + 1) % ts.length;
        selectThread(ts[cycle[key]]);
      } else {
        var o = c.getAttribute("data-o");
        mark(function (d) { return d.getAttribute("data-o") === o; }, "offset " + o);
      }
    });
  });
  root.querySelector(".cd-bg").addEventListener("click", clear);
  if (input) input.addEventListener("input", function () { selectThread(input.value); });
  root.addEventListener("keydown", function (e) { if (e.key === "Escape") { clear(); if (input) input.value = ""; } });
})();
"""


def _tv_data(panels) -> str:
    """The compact panels' TV data for the script (nothing when every panel lists its holders inline)."""
    tv = {p.name: p.tv for p in panels if p.tv is not None}
    if not tv:
        return ""
    import json  # start-up: json only for a picture that carries TV data

    text = json.dumps(tv, separators=(",", ":")).replace("</", "<\\/")
    return f'<script type="application/json" class="cd-tv">{text}</script>\n'


def fragment(kind, obj, tile=None, uid: str | None = None) -> str:
    """The picture as an embeddable ``<div>`` with its own style and script (ids unique per call)."""
    panels, size, head = _model(kind, obj, tile)
    uid = uid or f"cutedump-{next(_COUNTER)}-{id(obj) & 0xFFFFFF:06x}"
    tv = kind != "layout"
    help_ = (
        "Hover a cell: the element and every (thread, value) that holds it. Click a cell to highlight all "
        "values of its thread (click again: the next thread holding it); Esc or the background clears."
        if tv
        else "Hover a cell: its coordinate, index and offset. Click a cell to highlight every cell "
        "with the same offset; the background clears."
    )
    thread_box = '<label>thread <input class="cd-thread" type="number" min="0" style="width:5em"></label>' if tv else ""
    return (
        f'<div class="cutedump" id="{uid}" tabindex="0">\n<style>{_CSS.format(uid=uid)}</style>\n'
        f'<pre class="cd-head">{escape(chr(10).join(head))}</pre>\n'
        f'<div class="cd-help">{escape(help_)} {thread_box}</div>\n'
        f'<div class="cd-status"></div>\n'
        + _svg(panels, size)
        + '<div class="cd-tip" role="tooltip"></div>\n'
        + _tv_data(panels)
        + f"<script>{_JS.replace('{uid}', uid)}</script>\n</div>\n"
    )


def page(kind, obj, tile=None) -> str:
    """A complete, self-contained HTML document (inline style and script, nothing fetched)."""
    head = str(obj).splitlines()[0]
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>cutedump: {escape(head)}</title>\n</head>\n<body>\n"
        + fragment(kind, obj, tile, uid="cutedump")
        + "</body>\n</html>\n"
    )
