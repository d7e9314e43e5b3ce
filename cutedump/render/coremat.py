"""Pictures of a GMMA/UMMA smem layout as the tensor core sees it: its 8-row x 16-byte core matrices, each labelled
with its byte offset (before the swizzle), and the LBO / SBO steps as arrows from core matrix (0,0).

Draws a finished report (``cutedump.dumps.explain_desc.DescReport``: ``cores`` rows of byte offsets, ``arrows``
``(name, from, to, bytes)``, ``layout``, ``desc``); computes nothing. Three outputs of one cell model: SVG, a
self-contained HTML page around the SVG, and a standalone LaTeX/TikZ document.
"""

from __future__ import annotations

from html import escape

CW, CH, PAD, TOP = 86, 34, 60, 70
COLORS = {"LBO": "#d62728", "SBO": "#1f77b4"}
FILLS = ("#f2f2f2", "#dde8f5", "#f7e3d0", "#e1f0da", "#efe0f3", "#fbf5cc", "#d9f1f1", "#f6dede")


def _fill(r, c, cores) -> str:
    """Shade by the 8 x 16-byte core matrix's 128-byte line inside a 1 KB swizzle repeat (purely visual)."""
    return FILLS[(cores[r][c] // 128) % len(FILLS)]


def _title(rep) -> str:
    kind = "GmmaDescriptor" if rep.desc.kind == "gmma" else "UMMA::SmemDescriptor"
    return f"{kind} {rep.desc.hex()}: {rep.major}-major {rep.vt}, {rep.mn} x {rep.k} (MN x K)"


#: the advance of one monospace character, in em (DejaVu Sans Mono, Liberation Mono, Menlo: 0.60-0.61), with room
ADVANCE = 0.62


def text_width(s: str, size: int) -> int:
    """Pixels a line of monospace text at font size ``size`` takes (an upper bound: the picture sizes itself to its
    words)."""
    return int(len(s) * size * ADVANCE) + 1


def svg(rep) -> str:
    rows, cols = len(rep.cores), len(rep.cores[0]) if rep.cores else 0
    cores_line = "core matrices (8 rows x 16 bytes): byte offset before the swizzle; rows: MN, columns: K"
    lbo_line = "LBO ignored: swizzled K-major (the next 16 bytes of K lie in the same row)"
    texts = [(_title(rep), 13), (str(rep.layout), 12), (cores_line, 12)] + ([(lbo_line, 12)] if rep.lbo_ignored else [])
    legend = max(
        (i * 200 + text_width(f"{n} = {b} bytes", 12) for i, (n, _f, _t, b) in enumerate(rep.arrows)), default=0
    )
    W = max(PAD + cols * CW + 40, PAD + legend + 20, max(PAD + text_width(t, z) + 20 for t, z in texts))
    H = TOP + rows * CH + 70
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
        f'font-family="monospace" font-size="12">\n',
        "<defs>"
        + "".join(
            f'<marker id="arrow-{n}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
            f'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="{c}"/></marker>'
            for n, c in COLORS.items()
        )
        + "</defs>\n",
        f'<text x="{PAD}" y="20" font-size="13">{escape(_title(rep))}</text>\n',
        f'<text x="{PAD}" y="38">{escape(str(rep.layout))}</text>\n',
        f'<text x="{PAD}" y="{TOP - 10}">{escape(cores_line)}</text>\n',
    ]
    for c in range(cols):
        out.append(
            f'<text x="{PAD + c * CW + CW // 2}" y="{TOP + rows * CH + 16}" text-anchor="middle" '
            f'class="col">k{c}</text>\n'
        )
    for r in range(rows):
        out.append(f'<text x="{PAD - 8}" y="{TOP + r * CH + CH // 2 + 4}" text-anchor="end" class="row">mn{r}</text>\n')
        for c in range(cols):
            x, y = PAD + c * CW, TOP + r * CH
            v = rep.cores[r][c]
            out.append(
                f'<g class="core" data-row="{r}" data-col="{c}" data-offset="{v}">'
                f'<rect x="{x}" y="{y}" width="{CW}" height="{CH}" fill="{_fill(r, c, rep.cores)}" '
                f'stroke="black"/><text x="{x + CW // 2}" y="{y + CH // 2 + 4}" text-anchor="middle">{v}</text>'
                f"<title>core matrix ({r},{c}): bytes {v}..{v + 127} (8 rows of 16 bytes, before the swizzle)"
                f"</title></g>\n"
            )
    for name, (r0, c0), (r1, c1), nbytes in rep.arrows:
        x0, y0 = PAD + c0 * CW + CW // 2, TOP + r0 * CH + CH // 2
        x1, y1 = PAD + c1 * CW + CW // 2, TOP + r1 * CH + CH // 2
        dx = 12 if name == "LBO" else -12
        out.append(
            f'<g class="arrow" data-name="{name}" data-bytes="{nbytes}"><line x1="{x0 + dx}" y1="{y0 + 8}" '
            f'x2="{x1 + dx}" y2="{y1 - 8 if r1 > r0 else y1 + 8}" stroke="{COLORS[name]}" stroke-width="2" '
            f'marker-end="url(#arrow-{name})"/><title>{name} = {nbytes} bytes</title></g>\n'
        )
    ly = TOP + rows * CH + 36
    for i, (name, _f, _t, nbytes) in enumerate(rep.arrows):
        out.append(f'<text x="{PAD + i * 200}" y="{ly}" fill="{COLORS[name]}">{name} = {nbytes} bytes</text>\n')
    if rep.lbo_ignored:
        out.append(f'<text x="{PAD}" y="{ly + 18}">{escape(lbo_line)}</text>\n')
    out.append("</svg>\n")
    return "".join(out)


def html(rep) -> str:
    t = escape(_title(rep))
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>' + t + "</title>\n"
        "<style>body{font-family:monospace} g.core:hover rect{stroke-width:3}</style></head>\n<body>\n"
        + svg(rep)
        + "</body></html>\n"
    )


def _tex(s: str) -> str:
    return (
        s.replace("\\", "\\textbackslash{}")
        .replace("_", "\\_")
        .replace("<", "$<$")
        .replace(">", "$>$")
        .replace("&", "\\&")
        .replace("#", "\\#")
        .replace("%", "\\%")
        .replace("{", "\\{")
        .replace("}", "\\}")
    )


def latex(rep) -> str:
    rows, cols = len(rep.cores), len(rep.cores[0]) if rep.cores else 0
    out = [
        f"% {_title(rep)}\n% {rep.layout}\n",
        "\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\\begin{document}\n"
        "\\begin{tikzpicture}[x={(1.6cm,0cm)},y={(0cm,-0.6cm)},every node/.style={font=\\ttfamily\\small}]\n",
        f"\\node[anchor=west] at (-0.5,-2) {{{_tex(_title(rep))}}};\n",
    ]
    for r in range(rows):
        out.append(f"\\node[anchor=east] at (-0.5,{r}) {{mn{r}}};\n")
        for c in range(cols):
            out.append(f"\\node[draw,minimum width=1.6cm,minimum height=0.6cm] at ({c},{r}) {{{rep.cores[r][c]}}};\n")
    for c in range(cols):
        out.append(f"\\node at ({c},{rows}) {{k{c}}};\n")
    for name, (r0, c0), (r1, c1), nbytes in rep.arrows:
        color = "red" if name == "LBO" else "blue"
        out.append(f"\\draw[->,thick,{color}] ({c0},{r0}) -- ({c1},{r1}) node[midway,right] {{{name} = {nbytes} B}};\n")
    out.append("\\end{tikzpicture}\n\\end{document}\n")
    return "".join(out)


def render(rep, fmt: str) -> str:
    return {"svg": svg, "html": html, "latex": latex}[fmt](rep)
