"""What every MMA atom of the catalog is (:class:`MMATraits`, CuTe's MMA_Traits<Op>) and how an atom's name is split
(:func:`split_template`): shared by the generation modules of this package."""
from __future__ import annotations

from cutedump._dataclass import dataclass

from cutedump.errors import CuteDumpError


@dataclass(frozen=True)
class MMATraits:
    """CuTe's MMA_Traits<Op>: what MMA_Atom exposes (layouts as CuTe print strings)."""
    name: str            # our canonical name, e.g. "SM90_64x64x16_F16F16F16_SS<K,MN>"
    cpp: str             # C++ spelling of the operation, e.g. "SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>"
    arch: str
    val_types: tuple     # (D, A, B, C)
    shape_mnk: str
    thr_id: str
    layout_a: str
    layout_b: str
    layout_c: str
    family: str = ""     # catalog grouping name (the op name without template arguments)
    header: str = ""     # GMMA: header declaring the traits; *_ext.hpp needs -DCUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED


def split_template(name: str):
    """'X<a, b<c>>' -> ('X', ['a', 'b<c>']); 'X' -> ('X', None)."""
    s = "".join(name.split())
    # the name: [A-Za-z_][A-Za-z0-9_:]*, then nothing or <...> to the end
    base, lt, inner = s.partition("<")
    word = base.replace("_", "a").replace(":", "a")
    if (not (word.isascii() and word.isalnum()) or base[0].isdigit() or base[0] == ":"
            or (lt and not inner.endswith(">"))):
        raise CuteDumpError(f"not an atom name: {name!r}")
    if not lt:
        return base, None
    inner = inner[:-1]
    args, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            args.append(cur)
            cur = ""
            continue
        depth += (ch == "<") - (ch == ">")
        cur += ch
    if cur:
        args.append(cur)
    return base, args
