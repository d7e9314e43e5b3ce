"""What every MMA atom of the catalog is (:class:`MMATraits`, CuTe's MMA_Traits<Op>) and how an atom's name is split
(:func:`split_template`): shared by the generation modules of this package."""

from __future__ import annotations

from cutedump.errors import CuteDumpError


class MMATraits:
    """CuTe's MMA_Traits<Op>: what MMA_Atom exposes (layouts as CuTe print strings)."""

    name: str  # our canonical name, e.g. "SM90_64x64x16_F16F16F16_SS<K,MN>"
    cpp: str  # C++ spelling of the operation, e.g. "SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>"
    arch: str
    val_types: tuple  # (D, A, B, C)
    shape_mnk: str
    thr_id: str
    layout_a: str
    layout_b: str
    layout_c: str
    family: str = ""  # catalog grouping name (the op name without template arguments)
    header: str = ""  # GMMA: header declaring the traits; *_ext.hpp needs -DCUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED

    def __init__(
        self, name, cpp, arch, val_types, shape_mnk, thr_id, layout_a, layout_b, layout_c, family="", header=""
    ):
        _set = object.__setattr__  # frozen: assigned once, here
        _set(self, "name", name)
        _set(self, "cpp", cpp)
        _set(self, "arch", arch)
        _set(self, "val_types", val_types)
        _set(self, "shape_mnk", shape_mnk)
        _set(self, "thr_id", thr_id)
        _set(self, "layout_a", layout_a)
        _set(self, "layout_b", layout_b)
        _set(self, "layout_c", layout_c)
        _set(self, "family", family)
        _set(self, "header", header)

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(name={self.name!r}, cpp={self.cpp!r}, arch={self.arch!r}, "
            f"val_types={self.val_types!r}, shape_mnk={self.shape_mnk!r}, thr_id={self.thr_id!r}, "
            f"layout_a={self.layout_a!r}, layout_b={self.layout_b!r}, layout_c={self.layout_c!r}, "
            f"family={self.family!r}, header={self.header!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (
                self.name,
                self.cpp,
                self.arch,
                self.val_types,
                self.shape_mnk,
                self.thr_id,
                self.layout_a,
                self.layout_b,
                self.layout_c,
                self.family,
                self.header,
            ) == (
                other.name,
                other.cpp,
                other.arch,
                other.val_types,
                other.shape_mnk,
                other.thr_id,
                other.layout_a,
                other.layout_b,
                other.layout_c,
                other.family,
                other.header,
            )
        return NotImplemented

    def __hash__(self):
        return hash(
            (
                self.name,
                self.cpp,
                self.arch,
                self.val_types,
                self.shape_mnk,
                self.thr_id,
                self.layout_a,
                self.layout_b,
                self.layout_c,
                self.family,
                self.header,
            )
        )

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}")


def split_template(name: str):
    """'X<a, b<c>>' -> ('X', ['a', 'b<c>']); 'X' -> ('X', None)."""
    s = "".join(name.split())
    # the name: [A-Za-z_][A-Za-z0-9_:]*, then nothing or <...> to the end
    base, lt, inner = s.partition("<")
    word = base.replace("_", "a").replace(":", "a")
    if lt and s.count("<") > s.count(">") and word.isascii() and word.isalnum():
        raise CuteDumpError("unclosed '<' in the atom name (expected '>' at the end)", name, name.index("<"))
    if (
        not (word.isascii() and word.isalnum())
        or base[0].isdigit()
        or base[0] == ":"
        or (lt and not inner.endswith(">"))
    ):
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
