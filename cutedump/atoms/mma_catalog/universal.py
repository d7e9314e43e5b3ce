"""UniversalFMA<D,A,B,C>: the one-thread FMA atom of every architecture (CuTe's mma_atom.hpp), from its formula."""

from __future__ import annotations

from cutedump.atoms.mma_catalog.traits import MMATraits
from cutedump.atoms.types import canonical_type, cpp_type
from cutedump.errors import CuteDumpError


def _universal_fma(targs: list[str] | None) -> MMATraits:
    # template <class D, class A = D, class B = A, class C = D>
    t = [canonical_type(x) for x in (targs or ["float"])]
    if len(t) > 4:
        raise CuteDumpError("UniversalFMA takes at most 4 value types <D,A,B,C>")
    d = t[0]
    a = t[1] if len(t) > 1 else d
    b = t[2] if len(t) > 2 else a
    c = t[3] if len(t) > 3 else d
    name = f"UniversalFMA<{','.join(t)}>"
    cpp = f"UniversalFMA<{','.join(cpp_type(x) for x in t)}>"
    return MMATraits(
        name,
        cpp,
        "any",
        (d, a, b, c),
        "(_1,_1,_1)",
        "_1:_0",
        "(_1,_1):(_0,_0)",
        "(_1,_1):(_0,_0)",
        "(_1,_1):(_0,_0)",
        family="UniversalFMA",
    )


def owns(base: str) -> bool:
    return base == "UniversalFMA"


def lookup(base: str, targs: list[str] | None) -> MMATraits:
    return _universal_fma(targs)


def families() -> list[str]:
    return ["UniversalFMA"]
