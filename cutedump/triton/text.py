"""What Triton prints for a linear layout: Gluon's repr of the DistributedLinearLayout/SharedLinearLayout that
``to_linear_layout`` returns, and the tensor and hardware views (``format_tensor_view``/``format_hardware_view``,
Triton's getDistributedLayoutStr/getSharedLayoutStr), byte for byte.

Views, as Triton lays them out:

* coordinates ``(i,j)`` with each entry right-aligned to the digits of that dimension's largest index;
* the tensor view walks the tensor row-major, one line per innermost row; a line opens with ``[`` and one more
  ``[`` (else a space) per enclosing dimension whose block starts there, innermost first, and closes with ``]``
  and one ``]`` per enclosing block ending there;
* distributed: each element lists every holder ``T{thread}:{register}`` (``B{block}:`` first when there are
  several blocks; thread = lane + warp * lanes), in hardware order, joined by ``|``, each holder right-aligned to
  the widest holder; elements joined by ``, ``. The hardware view lists per block (``Block{b}:`` when several)
  and warp (``Warp{w}:``) one line per register: the coordinate of each lane, joined by ``, ``;
* shared: the tensor view puts, at the row-major position p, the coordinate of offset p (block p // offsets)
  written ``(i:j)``, joined by ``,``; the hardware view lists ``Block: {b}:`` then ``Offset: {o} -> (i,j)``.
"""

from __future__ import annotations

from itertools import product

from cutedump.triton.layouts import BLOCK, LANE, OFFSET, REG, WARP


def _lst(v) -> str:
    if isinstance(v, (tuple, list)):
        return "[" + ", ".join(_lst(x) for x in v) + "]"
    return str(v)


def is_shared(ll) -> bool:
    return OFFSET in ll.in_names()


def fields(ll, shape, alignment: int | None = None) -> dict:
    """The linear layout as Triton names it (the fields of the Gluon object to_linear_layout returns)."""
    b = lambda n: [list(x) for x in ll.bases(n)]
    if is_shared(ll):
        return {"offset_bases": b(OFFSET), "block_bases": b(BLOCK), "alignment": alignment, "shape": list(shape)}
    return {
        "reg_bases": b(REG),
        "lane_bases": b(LANE),
        "warp_bases": b(WARP),
        "block_bases": b(BLOCK),
        "shape": list(shape),
    }


def gluon_repr(ll, shape, alignment: int | None = None) -> str:
    f = fields(ll, shape, alignment)
    if is_shared(ll):
        return (
            f"SharedLinearLayout(offset_bases={_lst(f['offset_bases'])}, block_bases={_lst(f['block_bases'])}, "
            f"alignment={alignment})"
        )
    return "DistributedLinearLayout(" + ", ".join(f"{k}={_lst(v)}" for k, v in f.items()) + ")"


def _coord(c, widths, sep=",") -> str:
    return "(" + sep.join(str(v).rjust(w) for v, w in zip(c, widths)) + ")"


def _widths(shape):
    return [len(str(s - 1)) for s in shape]


def _grid(shape, cells, sep) -> str:
    """Row-major lines of ``cells`` (a dict coordinate -> text) with Triton's brackets."""
    rank = len(shape)
    lines = []
    for outer in product(*[range(s) for s in shape[:-1]]):
        pre = "[" + "".join(
            "[" if all(outer[j] == 0 for j in range(k, rank - 1)) else " " for k in range(rank - 2, -1, -1)
        )
        post = "]" + "".join(
            "]" if all(outer[j] == shape[j] - 1 for j in range(k, rank - 1)) else "" for k in range(rank - 2, -1, -1)
        )
        row = sep.join(cells[outer + (i,)] for i in range(shape[-1]))
        lines.append(pre + row + post)
    return "\n".join(lines) + "\n"


def _size(shape) -> int:
    n = 1
    for x in shape:
        n *= x
    return n


def _xor(a, b):
    return tuple(x ^ y for x, y in zip(a, b))


_BITS = 32  # a coordinate packed in one int: 32 bits a dimension (entries are below 2^31), XOR done once per point


def _pack(c) -> int:
    v = 0
    for j, x in enumerate(c):
        v |= x << (_BITS * j)
    return v


def _packed_table(ll, name: str) -> list[int]:
    """ll.table(name) with each coordinate packed (built by doubling: one XOR per entry)."""
    out = [0]
    for b in ll.bases(name):
        pb = _pack(b)
        out += [x ^ pb for x in out]
    return out


def tensor_view(ll, shape) -> str:
    shape = list(shape)
    if is_shared(ll):
        widths = _widths(shape)
        to, tb = ll.table(OFFSET), ll.table(BLOCK)
        n_off = max(1, min(len(to), _size(shape) // len(tb)))  # as the hardware view: a block holds its share at most
        cells = {}
        for p, c in enumerate(product(*[range(s) for s in shape])):
            cells[c] = _coord(_xor(to[p % n_off], tb[p // n_off]), widths, ":")
        return _grid(shape, cells, ",")
    nl, nb = ll.in_size(LANE), ll.in_size(BLOCK)
    coords = list(product(*[range(s) for s in shape]))
    held: dict = {_pack(c): [] for c in coords}
    tb, tw, tl, tr = (_packed_table(ll, n) for n in (BLOCK, WARP, LANE, REG))
    regs = [str(r) for r in range(len(tr))]
    for b, cb in enumerate(tb):  # hardware order: block, warp, lane, register
        for w, cw in enumerate(tw):
            cbw = cb ^ cw
            for lane, cl in enumerate(tl):
                c = cbw ^ cl
                pre = f"B{b}:T{lane + w * nl}:" if nb > 1 else f"T{lane + w * nl}:"
                for r, cr in enumerate(tr):
                    held[c ^ cr].append(pre + regs[r])
    width = max((len(h) for hs in held.values() for h in hs), default=0)
    cells = {c: "|".join(h.rjust(width) for h in held[_pack(c)]) for c in coords}
    return _grid(shape, cells, ", ")


def hardware_view(ll, shape) -> str:
    widths = _widths(list(shape))
    out = []
    if is_shared(ll):
        per_block = min(ll.in_size(OFFSET), _size(shape) // ll.in_size(BLOCK))
        to = ll.table(OFFSET)
        for b, cb in enumerate(ll.table(BLOCK)):
            out.append(f"Block: {b}:")
            for o in range(per_block):
                out.append(f"Offset: {o} -> {_coord(_xor(to[o], cb), widths)}")
        return "\n".join(out) + "\n"
    fmt = {_pack(c): _coord(c, widths) for c in product(*[range(s) for s in shape])}
    tb, tw, tl, tr = (_packed_table(ll, n) for n in (BLOCK, WARP, LANE, REG))
    for b, cb in enumerate(tb):
        if len(tb) > 1:
            out.append(f"Block{b}:")
        for w, cw in enumerate(tw):
            out.append(f"Warp{w}:")
            cbw = cb ^ cw
            for cr in tr:
                c = cbw ^ cr
                out.append(", ".join([fmt[c ^ cl] for cl in tl]))
    return "\n".join(out) + "\n"
