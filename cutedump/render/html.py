"""Interactive, self-contained HTML pages (no network): the picture of a layout, TV layout, MMA or copy, with a
tooltip per cell and click-to-highlight.

* layout: each cell (m, n) of the rank-2 view says ``coordinate (m,n) | index i | offset L(i)`` (i = m + n*M, the
  1-D coordinate); clicking a cell highlights every cell with the same offset.
* TV layout / MMA (C, A, B) / copy (S, D): each element says which (thread, value) pairs hold it --
  ``A element (m,k): T0 V0, T32 V0`` -- every holder, not only the one CuTe's picture labels (replicated MMA
  operands are held by several threads).  Clicking a cell selects its thread (clicking again cycles through the
  holders); every value of that thread is highlighted, in all panels.  A thread number can also be typed.

The cells come from the grid model (:mod:`cutedump.render.grid`), the colours from :mod:`cutedump.render.svg`;
nothing here does layout algebra.

Public API::

    page(kind, obj, tile) -> str       # a complete HTML document; kind in layout | tv | mma | copy
    fragment(kind, obj, tile) -> str   # the same as an embeddable <div> (Jupyter _repr_html_), unique ids
"""
from __future__ import annotations

import itertools
from xml.sax.saxutils import escape, quoteattr

from cutedump.algebra.inttuple import fmt
from cutedump.errors import CuteDumpError
from cutedump.render import grid
from cutedump.render.svg import CELL, bwx8, tv_color

_COUNTER = itertools.count(1)


# ------------------------------------------------------------------------------------------ cell models

class _Panel:
    """A rectangle of drawn cells at (x0, y0) in cell units, with its row/column labels."""

    def __init__(self, name, rows, cols, x0, y0, row_labels="left", col_labels="top"):
        self.name, self.rows, self.cols, self.x0, self.y0 = name, rows, cols, x0, y0
        self.row_labels, self.col_labels = row_labels, col_labels
        self.cells = []   # (r, c, fill, lines, tip, threads, offset)


def _holders(coords, rows, cols, what):
    """{(m, n): [(tid, vid), ...]} in tid-major, vid-minor order (the first is the one CuTe's picture shows)."""
    out: dict = {}
    for tid, row in enumerate(coords):
        for vid, (m, n) in enumerate(row):
            if not (0 <= m < rows and 0 <= n < cols):
                raise CuteDumpError(f"{what} maps (T{tid}, V{vid}) to ({m},{n}), outside the {rows}x{cols} tile")
            out.setdefault((m, n), []).append((tid, vid))
    return out


def _tv_panel(p: _Panel, coords, label: str, transpose: bool = False):
    rows, cols = (p.cols, p.rows) if transpose else (p.rows, p.cols)
    for (m, n), hs in sorted(_holders(coords, rows, cols, f"Layout {label or 'TV'}").items()):
        tid, vid = hs[0]
        who = ", ".join(f"T{t} V{v}" for t, v in hs)
        tip = f"{label + ' ' if label else ''}element ({m},{n}): {who}"
        r, c = (n, m) if transpose else (m, n)
        threads = " ".join(str(t) for t in sorted({t for t, _ in hs}))
        p.cells.append((r, c, tv_color(tid, vid), (f"T{tid}", f"V{vid}"), tip, threads, None))


def _layout_model(obj):
    gp = grid.layout_panel(obj)
    p = _Panel("", gp.rows, gp.cols, 1, 1)
    for c in gp.cells:
        idx = c.m + c.n * gp.rows
        tip = f"coordinate ({c.m},{c.n}) | index {idx} | offset {c.value}"
        p.cells.append((c.m, c.n, bwx8(c.value), (str(c.value),), tip, None, c.value))
    head = [f"Layout: {obj}"] + ([] if str(obj) == gp.title else [f"drawn as {gp.title}"])
    return [p], (gp.cols + 1, gp.rows + 1), head


def _tv_model(obj, tile):
    tv = grid.coord_tensor(tile, obj, arith=False)
    M, N = (int(t) for t in grid.flat_tile(tile))
    p = _Panel("", M, N, 1, 1)
    _tv_panel(p, tv.coords(), "")
    return [p], (N + 1, M + 1), [f"Layout TV: {obj} over the tile {_fmt_tile(tile)}", f"TV -> (m,n): {tv}"]


def _mma_model(obj):
    (M, N, K), lc, la, lb = grid.mma_parts(obj)
    tC, tA, tB = (grid.coord_tensor((M, N), lc), grid.coord_tensor((M, K), la), grid.coord_tensor((N, K), lb))
    Mi, Ni, Ki = int(M), int(N), int(K)
    # CuTe's print_svg arrangement: A (M x K) on the left, B (drawn K x N) on top, C (M x N) bottom right
    pa = _Panel("A", Mi, Ki, 1, Ki + 2, col_labels="top")
    pb = _Panel("B", Ki, Ni, Ki + 2, 1, row_labels="left")
    pc = _Panel("C", Mi, Ni, Ki + 2, Ki + 2, row_labels=None, col_labels=None)
    _tv_panel(pc, tC.coords(), "C")
    _tv_panel(pa, tA.coords(), "A")
    _tv_panel(pb, tB.coords(), "B", transpose=True)
    head = [str(obj).rstrip("\n"), f"A: {tA}", f"B: {tB}", f"C: {tC}"]
    return [pc, pa, pb], (Ki + Ni + 2, Ki + Mi + 2), head


def _copy_model(obj):
    S, D, (M, N) = grid.copy_coord_tensors(obj)
    Mi, Ni = int(M), int(N)
    ps = _Panel("S", Mi, Ni, 1, 1)
    pd = _Panel("D", Mi, Ni, Ni + 3, 1, row_labels="right")
    _tv_panel(ps, S.coords(), "S")
    _tv_panel(pd, D.coords(), "D")
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
    out = [f'<svg class="cd-svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           'xmlns="http://www.w3.org/2000/svg">\n',
           f'<rect class="cd-bg" x="0" y="0" width="{w}" height="{h}" fill="white"/>\n']
    for p in panels:
        x0, y0 = p.x0 * cs, p.y0 * cs
        for r, c, fill, lines, tip, threads, offset in p.cells:
            x, y = x0 + c * cs, y0 + r * cs
            attrs = f' data-tip={quoteattr(tip)}'
            if threads is not None:
                attrs += f' data-t="{threads}"'
            if offset is not None:
                attrs += f' data-o="{offset}"'
            if p.name:
                attrs += f' data-p="{p.name}"'
            out.append(f'<g class="cd-c"{attrs}><rect x="{x}" y="{y}" width="{cs}" height="{cs}" '
                       f'fill="rgb({fill})" stroke="black"/>')
            if len(lines) == 2:
                out.append(f'<text x="{x + cs // 2}" y="{y + cs // 4}" font-size="8">{escape(lines[0])}</text>'
                           f'<text x="{x + cs // 2}" y="{y + 3 * cs // 4}" font-size="8">{escape(lines[1])}</text>')
            else:
                font = 8 if len(lines[0]) <= 4 else 6 if len(lines[0]) <= 5 else 5
                dark = offset is not None and offset % 8 >= 6
                out.append(f'<text x="{x + cs // 2}" y="{y + cs // 2}" font-size="{font}"'
                           f'{" fill=" + chr(34) + "white" + chr(34) if dark else ""}>{escape(lines[0])}</text>')
            out.append("</g>\n")
        if p.row_labels:
            lx = x0 - cs if p.row_labels == "left" else x0 + p.cols * cs
            for r in range(p.rows):
                out.append(f'<text class="cd-l" x="{lx + cs // 2}" y="{y0 + r * cs + cs // 2}" '
                           f'font-size="12">{r}</text>\n')
        if p.col_labels:
            for c in range(p.cols):
                out.append(f'<text class="cd-l" x="{x0 + c * cs + cs // 2}" y="{y0 - cs + cs // 2}" '
                           f'font-size="12">{c}</text>\n')
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
  var cycle = {};
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
  function threadOf(c) { return (c.getAttribute("data-t") || "").split(" "); }
  function selectThread(t) {
    if (t === "" || t === null) { clear(); return; }
    mark(function (c) { return threadOf(c).indexOf(String(t)) >= 0; }, "thread " + t);
    if (input) input.value = t;
  }
  root.selectThread = selectThread;
  cells.forEach(function (c) {
    c.addEventListener("mousemove", function (e) {
      tip.textContent = c.getAttribute("data-tip");
      tip.style.display = "block";
      tip.style.left = (e.clientX + 14) + "px"; tip.style.top = (e.clientY + 14) + "px";
    });
    c.addEventListener("mouseleave", function () { tip.style.display = "none"; });
    c.addEventListener("click", function (e) {
      e.stopPropagation();
      if (c.hasAttribute("data-t")) {
        var ts = threadOf(c), key = c.getAttribute("data-tip");
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


def fragment(kind, obj, tile=None, uid: str | None = None) -> str:
    """The picture as an embeddable ``<div>`` with its own style and script (ids unique per call)."""
    panels, size, head = _model(kind, obj, tile)
    uid = uid or f"cutedump-{next(_COUNTER)}-{id(obj) & 0xffffff:06x}"
    tv = kind != "layout"
    help_ = ("Hover a cell: the element and every (thread, value) that holds it. Click a cell to highlight all "
             "values of its thread (click again: the next thread holding it); Esc or the background clears."
             if tv else "Hover a cell: its coordinate, index and offset. Click a cell to highlight every cell "
             "with the same offset; the background clears.")
    thread_box = ('<label>thread <input class="cd-thread" type="number" min="0" style="width:5em"></label>'
                  if tv else "")
    return (f'<div class="cutedump" id="{uid}" tabindex="0">\n<style>{_CSS.format(uid=uid)}</style>\n'
            f'<pre class="cd-head">{escape(chr(10).join(head))}</pre>\n'
            f'<div class="cd-help">{escape(help_)} {thread_box}</div>\n'
            f'<div class="cd-status"></div>\n' + _svg(panels, size) +
            '<div class="cd-tip" role="tooltip"></div>\n'
            f'<script>{_JS.replace("{uid}", uid)}</script>\n</div>\n')


def page(kind, obj, tile=None) -> str:
    """A complete, self-contained HTML document (inline style and script, nothing fetched)."""
    head = str(obj).splitlines()[0]
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<title>cutedump: {escape(head)}</title>\n</head>\n<body>\n'
            + fragment(kind, obj, tile, uid="cutedump") + '</body>\n</html>\n')
