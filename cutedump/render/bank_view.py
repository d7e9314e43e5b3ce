"""Views of a finished :class:`cutedump.bank.report.BankReport`: text (a phase x bank picture per instruction),
JSON and SVG, and the C++ line that builds a smem layout. No algebra and no bank model here: every number shown
was computed by cutedump.bank."""

from __future__ import annotations

from cutedump.algebra import inttuple as it
from cutedump.algebra import is_static
from cutedump.algebra.swizzle import ComposedLayout

_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVW"


# ------------------------------------------------------------------ C++ spelling


def _cpp_tuple_type(t, kind: str) -> str:
    if it.is_tuple(t):
        return f"{kind}<" + ",".join(_cpp_tuple_type(e, kind) for e in t) + ">"
    return f"_{int(t)}"


def _cpp_tuple_expr(t, fn: str) -> str:
    if it.is_tuple(t):
        return f"{fn}(" + ", ".join(_cpp_tuple_expr(e, fn) for e in t) + ")"
    return f"Int<{int(t)}>{{}}" if is_static(t) else str(int(t))


def cute_cpp(layout) -> str:
    """C++ that builds the layout: ``Layout<Shape<..>,Stride<..>>{}`` when static, else make_layout(...)."""
    if isinstance(layout, ComposedLayout):
        a = layout.a
        return f"composition(Swizzle<{a.b},{a.m},{a.s}>{{}}, {cute_cpp(layout.b)})"
    shp, std = layout.shape, layout.stride
    if is_static(shp) and is_static(std):
        s = _cpp_tuple_type(shp if it.is_tuple(shp) else shp, "Shape")
        d = _cpp_tuple_type(std if it.is_tuple(std) else std, "Stride")
        return f"Layout<{s}, {d}>{{}}"
    return f"make_layout({_cpp_tuple_expr(shp, 'make_shape')}, {_cpp_tuple_expr(std, 'make_stride')})"


# ------------------------------------------------------------------ text


def _lanes(ph) -> str:
    return f"lanes {ph[0]:2d}-{ph[-1]:<2d}"


def _cell(n: int) -> str:
    return "." if n == 0 else _DIGITS[n] if n < len(_DIGITS) else "+"


def _totals(t: dict) -> str:
    return f"wavefronts {t['wavefronts']}  ideal {t['ideal']}  conflicts {t['conflicts']}"


def instructions_text(a, compact: bool = False) -> list[str]:
    """One header line per instruction and, unless compact, one line per phase: the distinct words per bank."""
    out = []
    ins = a.inst
    if not compact:
        out.append("  bank".ljust(20) + "".join(str(b // 10) for b in range(32)))
        out.append("".ljust(20) + "".join(str(b % 10) for b in range(32)))
    for k in range(a.n):
        w, i = int(a.wavefronts[k]), int(a.ideal[k])
        paired = a.paired is not None and bool(a.paired[k])
        out.append(
            f"instruction {k}: {ins.name}  wavefronts {w}  ideal {i}  conflicts {w - i}"
            + ("  (lanes paired on equal addresses: phases merged)" if paired else "")
        )
        if compact:
            continue
        for ph, p in a.phases_served(k):
            row = "".join(_cell(int(x)) for x in a.bank_words[k][p])
            out.append(f"  {_lanes(ph)}       {row}  {int(max(a.bank_words[k][p]))}")
    return out


def _vector_lines(v: dict) -> list[str]:
    line = (
        f"vector: max_common_vector(partition, make_fragment_like(partition)) = {v['max_common_vector']} "
        f"elements ({v['max_vector_bits']} bits); the atom moves {v['atom_elements']} elements "
        f"({v['atom_bits']} bits) per call"
    )
    out = [line]
    if v["atom_too_wide"]:
        out.append("  the atom is wider than the layouts allow: CuTe fails to compile this copy")
    return out


def _fix_lines(fixes: dict) -> list[str]:
    out = []
    sw, pad = fixes.get("swizzle"), fixes.get("padding")
    if sw is None and pad is None:
        return [
            "fix: no swizzle Sw<B,M,S> (B<=4, M<=7, S<=8) and no padding of the leading stride makes every copy "
            "conflict-free"
        ]
    if sw is not None:
        out.append(f"fix: {sw.layout}  ({sw.tried} swizzles tried)")
        out.append(f"  {cute_cpp(sw.layout)}")
        for name, t in zip(_fix_names(fixes), sw.totals):
            out.append(f"  {name}: {_totals(t)} (all warps)")
    else:
        out.append("fix: no swizzle Sw<B,M,S> (B<=4, M<=7, S<=8) makes every copy conflict-free")
    if pad is not None:
        out.append(f"or pad: {pad.layout}")
        out.append(f"  {cute_cpp(pad.layout)}")
        for name, t in zip(_fix_names(fixes), pad.totals):
            out.append(f"  {name}: {_totals(t)} (all warps)")
    return out


def _fix_names(fixes: dict) -> list[str]:
    return fixes.get("names", [])


def _copy_title(rep) -> list[str]:
    acc, spec = rep.access, rep.spec
    lo = acc.warp * 32
    return [
        f"{spec.describe()}",
        f"{acc.side} of smem {acc.smem} ({spec.value_type}), warp {acc.warp} (threads {lo}-{lo + 31}): "
        f"{acc.analysis.n} x {acc.inst.name}",
    ]


def report_text(rep, compact: bool = False) -> str:
    out = []
    if rep.mode == "copy":
        out += _copy_title(rep)
        out += _vector_lines(rep.access.vector)
    out += instructions_text(rep.analysis, compact)
    out.append(
        f"total: {_totals(rep.analysis.totals())} ({rep.analysis.n} instruction{'s' if rep.analysis.n != 1 else ''})"
    )
    if rep.mode == "copy":
        out.append(f"all {int(rep.access.tiled_copy.tiled_num_thr) // 32} warps: {_totals(rep.totals_all_warps)}")
        for a in rep.also:
            out.append(
                f"also {a.spec.describe()}: {a.access.side}, {a.access.analysis.n} x {a.access.inst.name} "
                f"per warp; all warps: {_totals(a.totals_all_warps)}"
            )
            out += [f"  note: {n}" for n in a.access.notes]
        if rep.fixes is not None:
            fx = dict(rep.fixes)
            fx["names"] = ["this copy"] + [f"also {k + 1}" for k in range(len(rep.also))]
            out += _fix_lines(fx)
    out += [f"note: {n}" for n in rep.notes]
    return "\n".join(out)


# ------------------------------------------------------------------ json


def _fix_json(f):
    if f is None:
        return None
    return {"layout": str(f.layout), "cute": cute_cpp(f.layout), "totals": f.totals, "tried": f.tried}


def report_json(rep) -> dict:
    a = rep.analysis
    d = {
        "instructions": [
            {
                "inst": a.inst.name,
                "addresses": [int(x) for x in a.addresses[k]],
                "wavefronts": int(a.wavefronts[k]),
                "ideal": int(a.ideal[k]),
                "conflicts": int(a.conflicts[k]),
            }
            for k in range(a.n)
        ],
        "total": a.totals(),
    }
    if rep.mode == "copy":
        acc = rep.access
        d["copy"] = {
            "tiled_copy": rep.spec.describe(),
            "smem": str(acc.smem),
            "side": acc.side,
            "value_type": rep.spec.value_type,
            "warp": acc.warp,
        }
        d["vector"] = {k: v for k, v in acc.vector.items()}
        d["all_warps"] = rep.totals_all_warps
        d["also"] = [
            {
                "tiled_copy": x.spec.describe(),
                "side": x.access.side,
                "inst": x.access.inst.name,
                "all_warps": x.totals_all_warps,
                "notes": x.access.notes,
            }
            for x in rep.also
        ]
        if rep.fixes is not None:
            d["fix"] = {k: _fix_json(v) for k, v in rep.fixes.items()}
    d["notes"] = list(rep.notes)
    return d


# ------------------------------------------------------------------ svg

_CELL, _LABEL, _RIGHT = 16, 150, 110
_FILL = {0: "#ffffff", 1: "#b7e4b0"}


def _fill(n: int) -> str:
    if n in _FILL:
        return _FILL[n]
    return "#f6c177" if n == 2 else "#e67e66" if n <= 4 else "#b8322a"


def report_svg(rep) -> str:
    """Rows: the phases of every instruction; columns: the 32 banks; a cell shows the distinct words the phase
    reads or writes in that bank (more than one = a conflict)."""
    from html import escape  # start-up: only the SVG view escapes text

    a = rep.analysis
    rows = []
    for k in range(a.n):
        rows.append(("head", k, None))
        for ph, p in a.phases_served(k):
            rows.append(("phase", k, (ph, p)))
    w = _LABEL + 32 * _CELL + _RIGHT
    h = (len(rows) + 3) * _CELL
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="monospace" font-size="10">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
    ]
    for b in range(32):
        x = _LABEL + b * _CELL
        out.append(f'<text x="{x + _CELL / 2}" y="{_CELL - 4}" text-anchor="middle">{b}</text>')
    y = _CELL
    for kind, k, p in rows:
        if kind == "head":
            wf, idl = int(a.wavefronts[k]), int(a.ideal[k])
            out.append(f'<text x="2" y="{y + _CELL - 4}" font-weight="bold">{escape(f"#{k} {a.inst.name}")}</text>')
            out.append(
                f'<text x="{_LABEL + 32 * _CELL + 4}" y="{y + _CELL - 4}">{escape(f"wf {wf} / ideal {idl}")}</text>'
            )
        else:
            ph, p = p
            out.append(f'<text x="10" y="{y + _CELL - 4}">{escape(_lanes(ph))}</text>')
            for b in range(32):
                n = int(a.bank_words[k][p][b])
                x = _LABEL + b * _CELL
                out.append(
                    f'<rect x="{x}" y="{y}" width="{_CELL}" height="{_CELL}" fill="{_fill(n)}" '
                    f'stroke="#999" stroke-width="0.5"><title>bank {b}: {n} distinct word'
                    f"{'s' if n != 1 else ''}</title></rect>"
                )
                if n:
                    out.append(f'<text x="{x + _CELL / 2}" y="{y + _CELL - 4}" text-anchor="middle">{n}</text>')
            out.append(f'<text x="{_LABEL + 32 * _CELL + 4}" y="{y + _CELL - 4}">{int(max(a.bank_words[k][p]))}</text>')
        y += _CELL
    t = a.totals()
    out.append(f'<text x="2" y="{y + _CELL}">{escape("total: " + _totals(t))}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
