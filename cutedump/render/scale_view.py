"""Pictures of ``cutedump scale --picture``: the 128x4 basic chunk of scale factors (each cell the byte of SF (r, j),
coloured by r / 32: the four rows one 16-byte line interleaves) and, with --tile, one CTA tile's SFA over A's elements
(each cell one scale factor, the byte in the stage's smem, coloured by its 512-byte chunk, A(m,k)'s outlined).

Draws finished cells (``facts["picture"]`` of cutedump.scale.report: ``chunk`` rows of bytes, ``chunk_group``,
``tile`` {rows, cols, cells, mark}) and finished words (cutedump.dumps.scale_reading.picture_words); computes no
layout. Two outputs of one model: SVG, and a self-contained HTML page around it.
"""

from __future__ import annotations

from html import escape

from cutedump.render.coremat import text_width

FILLS = ("#dde8f5", "#f7e3d0", "#e1f0da", "#efe0f3", "#fbf5cc", "#d9f1f1", "#f6dede", "#f2f2f2")
PAD, GAP = 50, 40


def _panel(out, x0, y0, cells, fills, cw, ch, name, col_head, row_head, mark=None):
    rows, cols = len(cells), len(cells[0]) if cells else 0
    for c in range(cols):
        out.append(
            f'<text x="{x0 + c * cw + cw // 2}" y="{y0 - 4}" text-anchor="middle" font-size="9">{col_head}{c}</text>\n'
        )
    for r in range(rows):
        y = y0 + r * ch
        out.append(f'<text x="{x0 - 4}" y="{y + ch - 3}" text-anchor="end" font-size="9">{row_head}{r}</text>\n')
        for c in range(cols):
            x, v = x0 + c * cw, cells[r][c]
            edge = ' stroke-width="3" stroke="#d62728"' if mark == [r, c] else ' stroke="#888" stroke-width="0.5"'
            out.append(
                f'<g class="{name}" data-row="{r}" data-col="{c}" data-byte="{v}"><rect x="{x}" y="{y}" width="{cw}" '
                f'height="{ch}" fill="{fills[r][c]}"{edge}/><text x="{x + cw // 2}" y="{y + ch - 3}" '
                f'text-anchor="middle" font-size="9">{v}</text></g>\n'
            )
    return rows * ch


def svg(pic: dict, words: dict) -> str:
    cw, ch = 34, 13
    chunk = pic["chunk"]
    chunk_fill = [[FILLS[g % len(FILLS)]] * len(row) for row, g in zip(chunk, pic["chunk_group"])]
    tile = pic.get("tile")
    lines = [words["title"], words["chunk"]] + ([words["tile"]] if tile else [])
    x_tile = PAD + 4 * cw + GAP + PAD
    w_tile = (tile["cols"] * cw) if tile else 0
    W = max(x_tile + w_tile + 20, max(PAD + text_width(t, 12) + 20 for t in lines))
    top = 30 + 18 * len(lines) + 20
    H = top + max(len(chunk), tile["rows"] if tile else 0) * ch + 30
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
        f'font-family="monospace" font-size="12">\n'
    ]
    for i, t in enumerate(lines):
        size = ' font-size="13"' if i == 0 else ""
        out.append(f'<text x="{PAD}" y="{20 + 18 * i}"{size}>{escape(t)}</text>\n')
    _panel(out, PAD, top, chunk, chunk_fill, cw, ch, "chunk", "j", "r")
    if tile:
        cells = tile["cells"]
        fills = [[FILLS[(v // 512) % len(FILLS)] for v in row] for row in cells]
        _panel(out, x_tile, top, cells, fills, cw, ch, "tile", "k", "m", tile["mark"])
    out.append("</svg>\n")
    return "".join(out)


def html(pic: dict, words: dict) -> str:
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>' + escape(words["title"]) + "</title>\n"
        "<style>body{font-family:monospace} g:hover rect{stroke-width:2}</style></head>\n<body>\n"
        + svg(pic, words)
        + "</body></html>\n"
    )


def render(pic: dict, words: dict, fmt: str) -> str:
    return {"svg": svg, "html": html}[fmt](pic, words)
