"""Linear layouts over F2, as Triton defines them (``triton/Tools/LinearLayout.h``), in our own code.

A linear layout maps named *input dimensions* (``register``, ``lane``, ``warp``, ``block`` for a distributed layout;
``offset``, ``block`` for a shared one) to named *output dimensions* (``dim0``, ``dim1``, ...). Each input dimension
has a list of *bases*, one per bit of its index: basis ``i`` is the output (one integer per output dimension) of
the input ``1 << i``. The output of any input is the XOR of the bases of its set bits, per output dimension:

    L(x) = XOR over i with bit i of x set of basis_i          (a linear map over F2 = GF(2))

The operations, spelled out as Triton computes them:

* ``identity1d(n, i, o)``: log2(n) bases 1, 2, 4, ... (n must be a power of two); ``zeros1d``: log2(n) zero bases.
* ``a * b`` (product): the input dimensions of ``a`` then the new ones of ``b``; a shared input dimension gets
  ``a``'s bases then ``b``'s. ``b``'s outputs sit above ``a``'s: in an output dimension both have, ``b``'s values
  are multiplied by ``a``'s size there, and the size of the result is the product.
* ``a.compose(b)``: ``b(a(x))``; ``a``'s output dimensions are ``b``'s input dimensions (by name).
* ``transpose_outs``/``transpose_ins``: the same map with the dimensions listed in another order.
* ``invert()``: for a bijective layout with one input dimension, the map back (Gaussian elimination over F2);
  ``pseudo_invert()``: a right inverse of a surjective layout (picks, for each output bit, the lowest input that
  reaches it), so ``L(L.pseudo_invert()(y)) == y``.
* ``matrix()``: the F2 matrix (one column per input bit, one row per output bit, dimensions in order, low bits
  first).
"""

from __future__ import annotations

from cutedump.errors import CuteDumpError


def log2(n: int) -> int:
    if n < 1 or n & (n - 1):
        raise CuteDumpError(f"{n} is not a power of two")
    return n.bit_length() - 1


def _size_of(values) -> int:
    """The smallest power of two greater than every value (1 when all are 0): Triton's inferred out-dim size."""
    m = max(values, default=0)
    s = 1
    while s <= m:
        s *= 2
    return s


class LinearLayout:
    """ins: [(name, [basis, ...])] with each basis a tuple of len(outs) ints; outs: [(name, size)]."""

    __slots__ = ("ins", "outs")

    def __init__(self, ins, out_names, out_sizes=None):
        self.ins = [(n, [tuple(int(v) for v in b) for b in bs]) for n, bs in ins]
        if out_sizes is None:
            out_sizes = [_size_of(b[j] for _, bs in self.ins for b in bs) for j in range(len(out_names))]
        self.outs = list(zip(out_names, out_sizes))
        for _, bs in self.ins:
            for b in bs:
                assert len(b) == len(self.outs)

    # ---- construction
    @staticmethod
    def empty() -> LinearLayout:
        return LinearLayout([], [], [])

    @staticmethod
    def identity1d(n: int, i: str, o: str) -> LinearLayout:
        return LinearLayout([(i, [(1 << k,) for k in range(log2(n))])], [o], [n])

    @staticmethod
    def zeros1d(n: int, i: str, o: str) -> LinearLayout:
        return LinearLayout([(i, [(0,)] * log2(n))], [o], [1])

    # ---- queries
    def in_names(self):
        return [n for n, _ in self.ins]

    def out_names(self):
        return [n for n, _ in self.outs]

    def bases(self, name: str):
        return dict(self.ins).get(name, [])

    def in_size(self, name: str) -> int:
        return 1 << len(self.bases(name))

    def out_size(self, name: str) -> int:
        return dict(self.outs)[name]

    def __eq__(self, other):
        return isinstance(other, LinearLayout) and self.ins == other.ins and self.outs == other.outs

    def __repr__(self):
        ins = ", ".join(f"{n}: {[list(b) for b in bs]}" for n, bs in self.ins)
        outs = ", ".join(f"{n}: {s}" for n, s in self.outs)
        return f"LinearLayout({{{ins}}} -> {{{outs}}})"

    # ---- evaluation
    def apply(self, inputs: dict) -> tuple:
        """XOR of the bases of the set bits of each input (an input not named is 0)."""
        out = [0] * len(self.outs)
        for name, bs in self.ins:
            x = inputs.get(name, 0)
            for k, b in enumerate(bs):
                if x >> k & 1:
                    for j, v in enumerate(b):
                        out[j] ^= v
        return tuple(out)

    def table(self, name: str) -> list[tuple]:
        """The outputs of every index of input dimension ``name`` (the others 0), in index order."""
        out = [tuple(0 for _ in self.outs)]
        for b in self.bases(name):
            out += [tuple(x ^ y for x, y in zip(o, b)) for o in out]
        return out

    def __call__(self, **inputs) -> tuple:
        return self.apply(inputs)

    # ---- algebra
    def __mul__(self, other: LinearLayout) -> LinearLayout:
        outs = list(self.outs)
        names = [n for n, _ in outs]
        for n, s in other.outs:
            if n in names:
                outs[names.index(n)] = (n, dict(self.outs)[n] * s)
            else:
                outs.append((n, s))
                names.append(n)
        shift = {n: dict(self.outs).get(n, 1) for n, _ in other.outs}

        def lift_self(b):
            return tuple(list(b) + [0] * (len(outs) - len(b)))

        def lift_other(b):
            v = [0] * len(outs)
            for (n, _), x in zip(other.outs, b):
                v[names.index(n)] = x * shift[n]
            return tuple(v)

        ins = [(n, [lift_self(b) for b in bs]) for n, bs in self.ins]
        in_names = [n for n, _ in ins]
        for n, bs in other.ins:
            new = [lift_other(b) for b in bs]
            if n in in_names:
                ins[in_names.index(n)][1].extend(new)
            else:
                ins.append((n, new))
                in_names.append(n)
        return LinearLayout(ins, [n for n, _ in outs], [s for _, s in outs])

    def transpose_outs(self, names) -> LinearLayout:
        names = list(names)
        assert sorted(names) == sorted(self.out_names()), (names, self.out_names())
        idx = [self.out_names().index(n) for n in names]
        return LinearLayout(
            [(n, [tuple(b[i] for i in idx) for b in bs]) for n, bs in self.ins], names, [self.outs[i][1] for i in idx]
        )

    def transpose_ins(self, names) -> LinearLayout:
        d = dict(self.ins)
        return LinearLayout([(n, d[n]) for n in names], self.out_names(), [s for _, s in self.outs])

    def compose(self, outer: LinearLayout) -> LinearLayout:
        """outer(self(x)): self's outputs feed outer's inputs of the same names."""
        names = self.out_names()
        ins = []
        for n, bs in self.ins:
            ins.append((n, [outer.apply(dict(zip(names, b))) for b in bs]))
        return LinearLayout(ins, outer.out_names(), [s for _, s in outer.outs])

    def with_bases(self, name: str, bases) -> LinearLayout:
        return LinearLayout(
            [(n, list(bases) if n == name else bs) for n, bs in self.ins], self.out_names(), [s for _, s in self.outs]
        )

    # ---- matrix view and inverses
    def matrix(self) -> list[list[int]]:
        """Rows: output bits (dimensions in order, low bit first); columns: input bits (dimensions in order)."""
        cols = [b for _, bs in self.ins for b in bs]
        rows = []
        for j, (_, s) in enumerate(self.outs):
            for k in range(log2(s)):
                rows.append([c[j] >> k & 1 for c in cols])
        return rows

    def _flat(self, b) -> int:
        v, sh = 0, 0
        for x, (_, s) in zip(b, self.outs):
            v |= x << sh
            sh += log2(s)
        return v

    def _unflat(self, v) -> tuple:
        out = []
        for _, s in self.outs:
            out.append(v & (s - 1))
            v >>= log2(s)
        return tuple(out)

    def pseudo_invert(self) -> LinearLayout:
        """A right inverse (outputs -> the inputs' one flattened dimension, named after the first input
        dimension when there is one, else 'in'); raises when the layout is not surjective."""
        cols = [self._flat(b) for _, bs in self.ins for b in bs]
        nbits = sum(log2(s) for _, s in self.outs)
        pivots = {}  # output bit -> (value, input combination)
        for i, c in enumerate(cols):
            v, comb = c, 1 << i
            for bit in sorted(pivots, reverse=True):
                if v >> bit & 1:
                    pv, pc = pivots[bit]
                    v ^= pv
                    comb ^= pc
            if v:
                top = v.bit_length() - 1
                for bit in list(pivots):  # keep the basis reduced
                    pv, pc = pivots[bit]
                    if pv >> top & 1:
                        pivots[bit] = (pv ^ v, pc ^ comb)
                pivots[top] = (v, comb)
        if len(pivots) < nbits:
            raise CuteDumpError("the layout is not surjective: it has no inverse")
        # now each pivot value has only its own pivot bit among pivot bits; with all bits pivots it is exactly 1<<bit
        out_bases = []
        for bit in range(nbits):
            out_bases.append(pivots[bit][1])
        name = self.ins[0][0] if len(self.ins) == 1 else "in"
        total = len(cols)
        ins = []
        for j, (n, s) in enumerate(self.outs):
            lo = sum(log2(x) for _, x in self.outs[:j])
            ins.append((n, [(out_bases[lo + k],) for k in range(log2(s))]))
        return LinearLayout(ins, [name], [1 << total])

    def invert(self) -> LinearLayout:
        total = sum(len(bs) for _, bs in self.ins)
        if total != sum(log2(s) for _, s in self.outs):
            raise CuteDumpError("the layout is not bijective: it has no inverse")
        return self.pseudo_invert()
