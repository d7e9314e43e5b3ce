"""Seeded cases for tensors of coordinates (``make_identity_tensor``) in C++ spelling: the corpus of
``tests/test_identity_tensor_oracle.py``.

Real CuTe compiles each expression literally inside ``print(...)``; cutedump evaluates the same text. Covered:
``make_identity_tensor`` over static, dynamic and nested shapes; every Tensor overload of the eval language
(tensor_impl.hpp: flatten, coalesce, filter_zeros, filter, composition, the four divides, local_tile with and
without underscores, local_partition, layout/shape/stride/size/rank/depth); element access ``T(i)``, ``T(i,j)``;
nested calls (local_partition of a local_tile); and calls CuTe has no Tensor overload for (refused by both).
"""

from __future__ import annotations

import random

from tests.oracle.gen_algebra import Case, unique


def _int(r: random.Random, v: int, static: bool) -> str:
    if static:
        return (
            r.choice([f"_{v}{{}}", f"Int<{v}>{{}}", f"C<{v}>{{}}"])
            if v <= 10 or v in (12, 16, 24, 32, 64, 128)
            else f"Int<{v}>{{}}"
        )
    return str(v)


def _spell(r, t, static_p=0.7, maker="make_shape"):
    if isinstance(t, tuple):
        return f"{maker}(" + ", ".join(_spell(r, e, static_p, maker) for e in t) + ")"
    return _int(r, t, r.random() < static_p)


def _shape(r: random.Random):
    """A shape as values: rank 1-3, sometimes a nested mode; extents 1..16 (powers of two mostly)."""

    def ext():
        return r.choice([1, 2, 2, 4, 4, 4, 8, 8, 16, 3, 6, 12])

    rank = r.choice([1, 2, 2, 2, 3])
    if rank == 1 and r.random() < 0.5:
        return ext() * r.choice([1, 2, 4])
    modes = []
    for _ in range(rank):
        modes.append((ext(), ext()) if r.random() < 0.2 else ext() * r.choice([1, 2, 4, 8]))
    return tuple(modes)


def _size(t):
    if isinstance(t, tuple):
        n = 1
        for e in t:
            n *= _size(e)
        return n
    return t


def _divisor(r, n):
    ds = [d for d in range(1, n + 1) if n % d == 0]
    return r.choice(ds)


def generate(seed: int = 20261124, n: int = 400) -> list[Case]:
    r = random.Random(seed)
    out: list[Case] = []

    def add(op, e):
        out.append(Case(op, e, f"print({e});"))

    for _ in range(n):
        shp = _shape(r)
        T = f"make_identity_tensor({_spell(r, shp)})"
        top = shp if isinstance(shp, tuple) else (shp,)
        flat_top = [_size(m) for m in top]
        tile = tuple(_divisor(r, m) if r.random() < 0.85 else r.choice([3, 5, 2, 4]) for m in flat_top)
        tile = tile[: r.randint(1, len(tile))]
        tile_txt = "make_tile(" + ", ".join(_int(r, t, True) for t in tile) + ")"
        shape_txt = "make_shape(" + ", ".join(_int(r, t, True) for t in tile) + ")"
        counts = [max(1, -(-m // t)) for m, t in zip(flat_top, tile)]
        k = r.random()
        if k < 0.12:
            add("make_identity_tensor", T)
        elif k < 0.30:
            f = r.choice(["zipped_divide", "logical_divide", "tiled_divide", "flat_divide"])
            add(f, f"{f}({T}, {tile_txt})")
        elif k < 0.50:
            crd = [str(r.randrange(c)) if r.random() < 0.7 else "_" for c in counts]
            if r.random() < 0.3:
                crd = [_int(r, int(c), True) if c != "_" else c for c in crd]
            coord = crd[0] if len(crd) == 1 and r.random() < 0.3 else "make_coord(" + ", ".join(crd) + ")"
            add("local_tile", f"local_tile({T}, {shape_txt}, {coord})")
        elif k < 0.62:
            if not isinstance(shp, tuple) or len(shp) < 2:
                add(
                    "local_partition",
                    f"local_partition({T}, make_layout({_int(r, _divisor(r, _size(shp)), True)}), {r.randrange(4)})",
                )
                continue
            a, b = _divisor(r, _size(shp[0])), _divisor(r, _size(shp[1]))
            thr = f"make_layout(make_shape({_int(r, a, True)}, {_int(r, b, True)})" + (
                ", LayoutRight{})" if r.random() < 0.4 else ")"
            )
            add("local_partition", f"local_partition({T}, {thr}, {r.randrange(a * b)})")
        elif k < 0.72:
            f = r.choice(
                ["flatten", "coalesce", "filter_zeros", "filter", "layout", "shape", "stride", "size", "rank", "depth"]
            )
            add(f, f"{f}({T})")
        elif k < 0.80:
            i = r.randrange(_size(shp))
            if isinstance(shp, tuple) and len(shp) == 2 and r.random() < 0.5:
                add("tensor()", f"{T}({r.randrange(_size(shp[0]))}, {r.randrange(_size(shp[1]))})")
            else:
                add("tensor()", f"{T}({i})")
        elif k < 0.88:
            m = _size(shp)
            d = _divisor(r, m)
            add(
                "composition", f"composition({T}, make_layout(make_shape({_int(r, d, True)}, {_int(r, m // d, True)})))"
            )
        elif k < 0.95:  # nested: a thread's partition of a CTA's tile
            if not isinstance(shp, tuple) or len(shp) != 2 or isinstance(shp[0], tuple) or isinstance(shp[1], tuple):
                continue
            ta, tb = _divisor(r, shp[0]), _divisor(r, shp[1])
            ca, cb = r.randrange(shp[0] // ta), r.randrange(shp[1] // tb)
            a, b = _divisor(r, ta), _divisor(r, tb)
            add(
                "local_partition(local_tile)",
                f"local_partition(local_tile({T}, make_shape({_int(r, ta, True)}, {_int(r, tb, True)}), "
                f"make_coord({ca}, {cb})), make_layout(make_shape({_int(r, a, True)}, {_int(r, b, True)})), "
                f"{r.randrange(a * b)})",
            )
        else:  # no Tensor overload in CuTe
            f = r.choice(
                ["complement", "right_inverse", "left_inverse", "cosize", "logical_product", "blocked_product"]
            )
            arg = "" if f in ("complement", "right_inverse", "left_inverse", "cosize") else ", make_layout(_2{})"
            add("refused:" + f, f"{f}({T}{arg})")
    return unique(out)


if __name__ == "__main__":  # pragma: no cover - quick look
    import collections

    cs = generate()
    print(len(cs), collections.Counter(c.op for c in cs).most_common())
    for c in cs[:30]:
        print(c.op, "|", c.expr)
