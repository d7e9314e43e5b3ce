"""Text forms of CK descriptors, shared by ``cutedump ck`` and the CK oracle records.

- numbers: ``8`` is a run-time ``index_t``, ``_8`` a compile-time ``Number<8>`` (static: :class:`C`);
- lists: ``4,_8`` or ``(4,_8)``;
- a *stage* (one ``transform_tensor_descriptor`` call): transforms separated by ``;``, each
  ``NAME(args)@LOW->UP`` with LOW the old visible ids and UP the new visible ids (empty for freeze/insert).
"""

from __future__ import annotations

from cutedump.algebra import C
from cutedump.ck.descriptor import (
    make_naive_tensor_descriptor,
    make_naive_tensor_descriptor_aligned,
    make_naive_tensor_descriptor_packed,
    transform_tensor_descriptor,
)
from cutedump.ck.transforms import make_transform
from cutedump.errors import CuteDumpError
from cutedump.limits import MAX_DIMS, check_int_digits, check_modes


def parse_number(tok: str, what: str):
    t = tok.strip()
    static = t.startswith("_")
    body = t[1:] if static else t
    digits = body[1:] if body[:1] == "-" else body
    if not digits.isdecimal():  # the regex -?\d+ (\d: a decimal digit, as str.isdecimal)
        raise CuteDumpError(f"{what}: {tok.strip()!r} is not an integer (write _N for a static Number<N>)")
    check_int_digits(body, what)  # limits: no C++ integer has more digits
    v = int(body)
    if not -(1 << 63) <= v < (1 << 63):  # CK's long_index_t is 64-bit
        raise CuteDumpError(f"{what}: {tok.strip()} is beyond 64-bit integers (CK's long_index_t)")
    return C(v) if static else v


def parse_list(text: str, what: str, allow_empty: bool = False):
    body = text.strip()
    if body.startswith("(") and body.endswith(")"):
        body = body[1:-1]
    if body.strip() == "":
        if allow_empty:
            return []
        raise CuteDumpError(f"{what}: expected comma-separated integers, got {text!r}")
    check_modes(body.count(",") + 1, what, MAX_DIMS)  # limits
    return [parse_number(p, what) for p in body.split(",")]


def parse_index(text: str | None, what: str = "--at"):
    """'3,17,5' -> [3, 17, 5] (a visible index, e.g. for :func:`cutedump.ck.report.trace`); None stays None."""
    if text is None:
        return None
    return [int(x) for x in parse_list(text, what)]


def parse_args(text: str, what: str):
    """'8,_8' or '(4,8),(8,1)' -> a tuple of ints/C/tuples."""
    import re  # start-up: re only where a pattern is needed

    toks = re.findall(r"\(|\)|,|[^(),\s]+", text)
    pos = 0

    def items(closing):
        nonlocal pos
        out = []
        while pos < len(toks) and toks[pos] != closing:
            if toks[pos] == "(":
                pos += 1
                out.append(tuple(items(")")))
                if pos >= len(toks):
                    raise CuteDumpError(f"{what}: unbalanced parentheses in {text!r}")
                pos += 1
            elif toks[pos] == ",":
                pos += 1
            elif toks[pos] == ")":
                raise CuteDumpError(f"{what}: unbalanced parentheses in {text!r}")
            else:
                out.append(parse_number(toks[pos], what))
                pos += 1
        return out

    res = items(None)
    if pos != len(toks):
        raise CuteDumpError(f"{what}: unbalanced parentheses in {text!r}")
    return tuple(res)


_STAGE_ITEM = r"\s*([A-Za-z_0-9]+)\s*\((.*)\)\s*@\s*([\d,\s]*)->\s*([\d,\s]*)"


def parse_stage_items(text: str):
    """'unmerge(8,8)@1->0,2; ...' -> [(name, args, lows, ups)] without building transforms."""
    import re  # start-up: re only where a pattern is needed

    out = []
    for item in [p for p in text.split(";") if p.strip()]:
        m = re.fullmatch(_STAGE_ITEM, item)
        if not m:
            raise CuteDumpError(
                f"--stage: cannot read {item.strip()!r}; expected NAME(args)@LOW->UP, e.g. unmerge(8,8)@1->0,2"
            )
        name, args, lo, up = m.groups()
        out.append(
            (
                name,
                parse_args(args, f"--stage {name}"),
                tuple(int(x) for x in parse_list(lo, "--stage lower ids", allow_empty=True)),
                tuple(int(x) for x in parse_list(up, "--stage upper ids", allow_empty=True)),
            )
        )
    if not out:
        raise CuteDumpError("--stage is empty")
    return out


def parse_stage(text: str):
    """'unmerge(8,8)@1->0,2; pass_through(256)@0->1' -> (transforms, old_low_idss, new_up_idss)."""
    ts, lows, ups = [], [], []
    for name, args, lo, up in parse_stage_items(text):
        ts.append(make_transform(name, args))
        lows.append(lo)
        ups.append(up)
    return ts, lows, ups


def base_descriptor(lengths: str, strides: str | None = None, align: str | None = None, name: str = ""):
    """make_naive_tensor_descriptor (strides), _aligned (align) or _packed (neither) from their text forms."""
    lens = parse_list(lengths, "--lengths")
    if strides and align is not None:
        raise CuteDumpError("give --strides or --align, not both")
    if strides:
        return make_naive_tensor_descriptor(lens, parse_list(strides, "--strides"), name)
    if align is not None:
        return make_naive_tensor_descriptor_aligned(lens, parse_number(align, "--align"), name)
    return make_naive_tensor_descriptor_packed(lens, name)


def build_descriptor(lengths: str, strides: str | None = None, align: str | None = None, stages=(), name=""):
    """A naive descriptor followed by transform stages, all given as text."""
    d = base_descriptor(lengths, strides, align)
    for s in stages:
        ts, lows, ups = parse_stage(s)
        d = transform_tensor_descriptor(d, ts, lows, ups)
    return d.named(name) if name else d
