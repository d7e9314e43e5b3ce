"""Picture of ``cutedump tmem ATOM --copy SM100_UTCCP_* --picture svg|html``: for SFA and SFB, the TMEM cells
(128 lanes x the fragment's 32-bit columns) each tcgen05.cp instruction of the copy writes, one panel per thread of
the TiledCopy (the two CTAs of a 2cta copy), each cell numbered and coloured by its instruction, the four 32-lane
subpartitions marked (a 4x32dp copy writes the same smem rows into all four, a 2x64dp one into two pairs).

Draws finished facts (``utccp_text``'s ``instructions`` of each operand: per instruction its smem start and its
cells) and finished words; computes no layout. Two outputs of one model: SVG, and a self-contained HTML page.
"""

from __future__ import annotations

from html import escape

from cutedump.render.coremat import text_width

FILLS = ("#dde8f5", "#f7e3d0", "#e1f0da", "#efe0f3", "#fbf5cc", "#d9f1f1", "#f6dede", "#e6e6e6")
PAD, GAP, CW, CH, LANES = 70, 40, 22, 8, 128


def _panel(out, x0, y0, operand, panel, ncols):
    """One thread's cells: lanes down, 32-bit columns across."""
    out.append(f'<text x="{x0}" y="{y0 - 16}" font-size="11">{escape(panel["head"])}</text>\n')
    for c in range(ncols):
        out.append(f'<text x="{x0 + c * CW + CW // 2}" y="{y0 - 4}" text-anchor="middle" font-size="8">{c}</text>\n')
    owner = {}
    for ins in panel["instructions"]:
        for lane, col in ins["cells"]:
            owner[lane, col] = ins["instruction"]
    for lane in range(LANES):
        y = y0 + lane * CH
        if lane % 32 == 0:
            out.append(
                f'<line x1="{x0 - 60}" y1="{y}" x2="{x0 + ncols * CW}" y2="{y}" stroke="#000" stroke-width="1"/>\n'
                f'<text x="{x0 - 4}" y="{y + 9}" text-anchor="end" font-size="8">lane {lane}</text>\n'
            )
        for c in range(ncols):
            r = owner.get((lane, c))
            fill = "#ffffff" if r is None else FILLS[r % len(FILLS)]
            label = "" if r is None else str(r)
            out.append(
                f'<g class="cell" data-operand="{operand}" data-thread="{panel["thread"]}" data-lane="{lane}" '
                f'data-col="{c}" data-instr="{label}"><rect x="{x0 + c * CW}" y="{y}" width="{CW}" height="{CH}" '
                f'fill="{fill}" stroke="#999" stroke-width="0.3"/><text x="{x0 + c * CW + CW // 2}" y="{y + CH - 1}" '
                f'text-anchor="middle" font-size="7">{label}</text></g>\n'
            )
    return ncols * CW


def svg(pic: dict, words: list[str]) -> str:
    panels = [(op, p) for op in pic["operands"] for p in op["panels"]]
    x, xs = PAD, []
    for op, _p in panels:
        xs.append(x)
        x += op["columns"] * CW + GAP + PAD
    top = 30 + 15 * len(words) + 30
    W = max(x, max(PAD + text_width(t, 11) + 20 for t in words))
    H = top + LANES * CH + 20
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
        f'font-family="monospace" font-size="11">\n'
    ]
    for i, t in enumerate(words):
        size = ' font-size="13"' if i == 0 else ""
        out.append(f'<text x="{20}" y="{20 + 15 * i}"{size}>{escape(t)}</text>\n')
    for (op, p), x0 in zip(panels, xs):
        _panel(out, x0, top, op["operand"], p, op["columns"])
    out.append("</svg>\n")
    return "".join(out)


def html(pic: dict, words: list[str]) -> str:
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>' + escape(words[0]) + "</title>\n"
        "<style>body{font-family:monospace} g.cell:hover rect{stroke-width:2}</style></head>\n<body>\n"
        + svg(pic, words)
        + "</body></html>\n"
    )


def render(pic: dict, words: list[str], fmt: str) -> str:
    return {"svg": svg, "html": html}[fmt](pic, words)
