"""Text views of CK descriptors: the transform chain (in the style of CK design notes), an offset table, the
index trace of one coordinate and the checked CuTe equivalent."""

from __future__ import annotations

from cutedump.ck.descriptor import TensorDescriptor, cute_view
from cutedump.ck.transforms import Embed
from cutedump.errors import CuteDumpError, check_size
from cutedump.limits import check_work

MAX_CHECK = 1 << 22


def _ids(ids):
    return "(" + ", ".join(str(i) for i in ids) + ")"


def _ints(xs):
    return [int(x) for x in xs]


def chain(d: TensorDescriptor) -> str:
    out = [
        f"{d.name or 'descriptor'}: lengths {_ints(d.lengths())}, element_space_size "
        f"{int(d.element_space_size)}, {len(d.transforms)} transform(s), {d.nhidden} hidden dims"
    ]
    for k, st in enumerate(d.stages):
        if st.kind in ("naive", "naive_packed"):
            t = st.transforms[0]
            if st.kind == "naive":
                out.append(
                    f"[{k}] make_naive_tensor_descriptor(lengths {tuple(_ints(t.up_lengths()))}, "
                    f"strides {tuple(_ints(t.coefficients))})"
                )
                terms = " + ".join(f"({int(n)}-1)*{int(c)}" for n, c in zip(t.up_lengths(), t.coefficients))
                esz = f"1 + {terms} = {int(d.element_space_size)}"
                exact = 1 + sum((int(n) - 1) * int(c) for n, c in zip(t.up_lengths(), t.coefficients))
                if exact != int(d.element_space_size):
                    esz += (
                        f"  (CK computes each (length-1)*stride in index_t, int32, which wraps: the exact value "
                        f"{exact} does not fit)"
                    )
            else:
                out.append(f"[{k}] make_naive_tensor_descriptor_packed(lengths {tuple(_ints(t.up_lengths()))})")
                esz = " * ".join(str(int(n)) for n in t.up_lengths()) + f" = {int(d.element_space_size)}"
            out.append(f"    - transform       = [{t.label()}]")
            out.append(f"    - low_idss        = [{_ids(st.low_idss[0])}]")
            out.append(f"    - up_idss         = [{_ids(st.up_idss[0])}]")
            out.append(f"    - visible         = {st.visible}")
            out.append(f"    - elem_space_size = {esz}")
        else:
            out.append(f"[{k}] transform_tensor_descriptor")
            out.append(f"    - transforms      = [{', '.join(t.label() for t in st.transforms)}]")
            out.append(f"    - old_low_idss    = [{', '.join(_ids(x) for x in st.low_idss)}]")
            out.append(f"    - new_up_idss     = [{', '.join(_ids(x) for x in st.up_idss)}]")
            out.append(
                f"    - hidden          = low [{', '.join(_ids(x) for x in st.hidden_low)}], "
                f"up [{', '.join(_ids(x) for x in st.hidden_up)}], visible {st.visible}"
            )
            lens = [int(d.hidden_lengths[h]) for h in st.visible]
            out.append(f"    - lengths         = {lens}")
            if st.note:
                out.append(f"    - warning: {st.note}")
    return "\n".join(out) + "\n"


def trace(d: TensorDescriptor, idx) -> str:
    idx = [int(x) for x in idx]
    if len(idx) != d.rank:
        raise CuteDumpError(f"--at needs {d.rank} indices (lengths {_ints(d.lengths())}), got {len(idx)}")
    steps = d.trace(idx)
    out = [f"CalculateOffset({idx}): visible hidden ids {d.visible}"]
    ok = True
    for t, ups, upv, lows, lowv, valid in steps:
        ok = ok and valid
        flag = "" if valid else "   <- invalid (padding)"
        out.append(f"  {t.label()}: up {_ids(ups)} = {list(upv)} -> low {_ids(lows)} = {list(lowv)}{flag}")
    off = int(d.calculate_offset(tuple(idx)))
    out.append(f"  offset = hidden[0] = {off}" + ("" if ok else "   (coordinate_has_valid_offset: false)"))
    return "\n".join(out) + "\n"


def _cell(off, ok):
    return str(off) if ok else "x"


def offset_table(d: TensorDescriptor, rows=None, cols=None, limit=16) -> str:
    """Rank 2: a box table of offsets (x = invalid, padded); otherwise the first ``limit`` coordinates in CK's
    loop order (last dimension fastest)."""
    for opt, v in (("--rows", rows), ("--cols", cols)):
        if v is not None and v <= 0:
            raise CuteDumpError(f"{opt} must be positive, got {v}")
    if limit < 0:
        raise CuteDumpError(f"--limit must not be negative, got {limit}")
    lens = _ints(d.lengths())
    if d.rank == 2:
        r = min(lens[0], rows or 8)
        c = min(lens[1], cols or 8)
        if r <= 0 or c <= 0:  # a 0 or negative length: CK accepts it, the dimension is empty
            return f"offsets of {d.name or 'descriptor'} (no coordinates: lengths {lens})\n"
        vals = [[_cell(int(d.calculate_offset((i, j))), bool(d.is_valid((i, j)))) for j in range(c)] for i in range(r)]
        w = max(len(v) for row in vals for v in row) + 2
        w = max(w, len(str(c - 1)) + 2)
        title = f"offsets of {d.name or 'descriptor'} (rows 0..{r - 1} of {lens[0]}, cols 0..{c - 1} of {lens[1]})"
        lines = [title, "    " + "".join(f"  {j:>{w - 2}} " for j in range(c))]
        rule = "    " + ("+" + "-" * w) * c + "+"
        for i, row in enumerate(vals):
            lines.append(rule)
            lines.append(f"{i:2d}  " + "".join(f"| {v:>{w - 2}} " for v in row) + "|")
        lines.append(rule)
        return "\n".join(lines) + "\n"
    n = min(d.size(), limit)
    out = [f"offsets of {d.name or 'descriptor'} (first {n} of {d.size()} coordinates, last dimension fastest)"]
    for k in range(n):
        idx, rest = [], k
        for L in reversed(lens):
            idx.append(rest % L)
            rest //= L
        idx.reverse()
        off = int(d.calculate_offset(tuple(idx)))
        ok = bool(d.is_valid(tuple(idx)))
        out.append(f"  {tuple(idx)} -> {off}" + ("" if ok else "   (invalid: padding)"))
    return "\n".join(out) + "\n"


def cute(d: TensorDescriptor, force: bool = False) -> str:
    out = ["CuTe view (offset(idx) for every valid visible index):"]
    L, const, why = cute_view(d)
    if L is None:
        out.append(f"  none: {why}")
        return "\n".join(out) + "\n"
    out.append(f"  {L}" + (f"   plus constant offset {const}" if const else ""))
    n = d.size()
    if n > MAX_CHECK and not force:
        out.append(f"  not checked: the domain has {n} points (more than {MAX_CHECK}); pass --force")
        return "\n".join(out) + "\n"
    check_work(n, "the CuTe check (--force)", unit="visible indices")  # limits: --force lifts output limits only
    bad, checked, first = d.check_cute(L, const)
    if bad == 0:
        out.append(f"  checked: equal to CK's CalculateOffset at all {checked} visible indices")
    else:
        out[-1] = f"  none: the composed candidate {L} is wrong (dynamic shapes skip CuTe's divisibility checks)"
        if first and first[0] == "size":
            out.append(f"  MISMATCH: candidate size {first[1]} vs descriptor size {first[2]}")
        else:
            out.append(
                f"  MISMATCH at {bad} of {checked} indices; first {list(first[0])}: candidate {first[1]}, CK {first[2]}"
            )
    if isinstance(d.transforms[0], Embed) and any(int(c) < 0 for c in d.transforms[0].coefficients):
        out.append("  note: negative strides")
    return "\n".join(out) + "\n"


def text(
    d: TensorDescriptor,
    at=None,
    table: bool = False,
    rows=None,
    cols=None,
    limit: int = 16,
    cute_view_too: bool = True,
    force: bool = False,
) -> str:
    """The whole text report of ``cutedump ck``: the chain, the trace of the visible index ``at`` (if given), the
    offset table (without ``at``, or with ``table``) and the checked CuTe view."""
    parts = [chain(d)]
    if at is not None:
        parts.append("\n" + trace(d, at))
    if table or at is None:
        if d.rank == 2:
            check_size((rows or 8) * (cols or 8), force, "offset table")
        else:
            check_size(limit, force, "offset list")
        parts.append("\n" + offset_table(d, rows, cols, limit))
    if cute_view_too:
        parts.append("\n" + cute(d, force))
    return "".join(parts)


def _stage_json(d: TensorDescriptor, st):
    out = {
        "kind": st.kind,
        "transforms": [t.label() for t in st.transforms],
        "low_idss": [list(x) for x in st.low_idss],
        "up_idss": [list(x) for x in st.up_idss],
        "hidden_low_idss": [list(x) for x in st.hidden_low],
        "hidden_up_idss": [list(x) for x in st.hidden_up],
        "visible_hidden_ids": list(st.visible),
        "lengths": [int(d.hidden_lengths[h]) for h in st.visible],
    }
    if st.kind == "naive":
        out["strides"] = _ints(st.transforms[0].coefficients)
    if st.note:
        out["warning"] = st.note
    return out


def to_json(d: TensorDescriptor, at=None, offsets=False, cute_view_too=True, force=False) -> dict:
    """The descriptor as data: lengths, element space size, the chain, and on request the trace of one index,
    every visible index's offset and validity (colexicographic, first dimension fastest), the CuTe view."""
    out = {
        "name": d.name or "descriptor",
        "lengths": _ints(d.lengths()),
        "element_space_size": int(d.element_space_size),
        "num_transforms": len(d.transforms),
        "num_hidden": d.nhidden,
        "visible_hidden_ids": list(d.visible),
        "stages": [_stage_json(d, st) for st in d.stages],
    }
    if at is not None:
        idx = [int(x) for x in at]
        if len(idx) != d.rank:
            raise CuteDumpError(f"--at needs {d.rank} indices (lengths {_ints(d.lengths())}), got {len(idx)}")
        steps = d.trace(idx)
        out["at"] = {
            "index": idx,
            "offset": int(d.calculate_offset(tuple(idx))),
            "valid": all(s[5] for s in steps),
            "steps": [
                {
                    "transform": t.label(),
                    "up_hidden_ids": list(ups),
                    "up": _ints(upv),
                    "low_hidden_ids": list(lows),
                    "low": list(lowv),
                    "valid": valid,
                }
                for t, ups, upv, lows, lowv, valid in steps
            ],
        }
    if offsets:
        check_size(d.size(), force, "offset list")
        off, val = d.offsets()
        dom = d.domain()
        out["offsets"] = [
            {"index": [int(g[k]) for g in dom], "offset": int(off[k]), "valid": bool(val[k])} for k in range(len(off))
        ]
    if cute_view_too:
        L, const, why = cute_view(d)
        if L is None:
            out["cute"] = {"layout": None, "reason": why}
        elif d.size() > MAX_CHECK and not force:
            out["cute"] = {"layout": str(L), "constant_offset": int(const), "checked": None}
        else:
            check_work(d.size(), "the CuTe check (--force)", unit="visible indices")  # limits
            bad, checked, _ = d.check_cute(L, const)
            out["cute"] = (
                {"layout": str(L), "constant_offset": int(const), "checked": checked}
                if bad == 0
                else {
                    "layout": None,
                    "reason": f"the composed candidate {L} differs from CK at {bad} of {checked} indices",
                }
            )
    return out
