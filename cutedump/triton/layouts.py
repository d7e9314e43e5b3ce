"""Triton's layouts (Gluon's classes, TTGIR's attributes) and their conversions to linear layouts, as Triton 3.9
computes them (``LinearLayoutConversions.cpp``), in our own code; no triton at run time.

Each layout is a small frozen record with ``to_linear(shape)``. What Triton refuses (an assertion, a verifier
error) raises :class:`CuteDumpError` naming the parameter. The names used below:

* ``identity_nd(i, sizes, order)``: identity1d(sizes[d], i, dim d) multiplied for d in ``order`` (minor first);
  the output dimensions stay in that order (it decides which dimension later repetitions fill first).
* ``combine(cta, cga, shape)`` (Triton's combineCtaCgaWithShape): the block layout (``cga_layout`` bases) cut to
  the shape; the per-block layout grown to the per-block shape (more registers/offsets along its output dimensions
  in their order) and cut to it (bases reaching past the shape are zeroed; a cut register base is dropped); then
  their product, outputs in dim0, dim1, ... order.
"""

from __future__ import annotations

from dataclasses import dataclass

from cutedump.errors import CuteDumpError
from cutedump.triton.linear import LinearLayout as LL

REG, LANE, WARP, BLOCK, OFFSET = "register", "lane", "warp", "block", "offset"


def dims(rank: int) -> list[str]:
    return [f"dim{i}" for i in range(rank)]


def _pow2(what: str, n: int) -> None:
    if not isinstance(n, int) or n < 1 or n & (n - 1):
        raise CuteDumpError(f"{what} = {n}: must be a power of two")


def identity_nd(i: str, sizes, order) -> LL:
    names = dims(len(sizes))
    out = LL.empty()
    for d in order:
        out = out * LL.identity1d(sizes[d], i, names[d])
    return out


def matrix_order(rank: int, row_major: bool) -> list[int]:
    order = list(range(rank - 1, -1, -1))
    if not row_major:
        order[0], order[1] = order[1], order[0]
    return order


def dot_order(op: int, rank: int, k_contig: bool) -> list[int]:
    return matrix_order(rank, bool(op) != k_contig)


def ensure_not_smaller(layout: LL, shape: dict) -> LL:
    k = layout.in_names()[0]
    out = layout
    for name in layout.out_names():
        actual, want = layout.out_size(name), shape[name]
        if want > actual:
            out = out * LL.identity1d(want // actual, k, name)
    return out


def ensure_not_larger(layout: LL, shape: dict, broadcast_registers: bool = False) -> LL:
    ins = [(n, [list(b) for b in bs]) for n, bs in layout.ins]
    dropped = set()
    for j, name in enumerate(layout.out_names()):
        want = shape[name]
        if layout.out_size(name) <= want:
            continue
        for n, bs in ins:
            for k, b in enumerate(bs):
                if b[j] >= want:
                    if n == REG and broadcast_registers:
                        dropped.add(k)
                    else:
                        b[j] = 0
    ins = [(n, [b for k, b in enumerate(bs) if not (n == REG and k in dropped)]) for n, bs in ins]
    return LL(ins, layout.out_names())


def cga_layout_ll(cga, rank: int) -> LL:
    return LL([(BLOCK, [tuple(b) for b in cga])], dims(rank))


def shape_per_cta(shape, cga) -> list[int]:
    c = cga_layout_ll(cga, len(shape))
    return [max(1, s // c.out_size(n)) for s, n in zip(shape, dims(len(shape)))]


def combine(cta: LL, cga, shape, broadcast_registers: bool = False) -> LL:
    names = dims(len(shape))
    labeled = dict(zip(names, shape))
    cgal = ensure_not_larger(cga_layout_ll(cga, len(shape)), labeled).transpose_outs(cta.out_names())
    cta_shape = {n: max(1, labeled[n] // cgal.out_size(n)) for n in cta.out_names()}
    cta = ensure_not_smaller(cta, cta_shape)
    cta = ensure_not_larger(cta, cta_shape, broadcast_registers)
    return (cta * cgal).transpose_outs(names)


def _check_cga(cga, rank: int, what: str = "cga_layout") -> None:
    """Triton's CGA layout splits each dimension among the blocks: a basis moves along one dimension at most, and
    the moves along one dimension are 1, 2, 4, ... in some order (any other aborts Triton)."""
    seen: dict = {}
    for b in cga:
        if len(b) != rank:
            raise CuteDumpError(f"{what}: basis {list(b)} has {len(b)} entries, the layout has rank {rank}")
        nz = [(d, v) for d, v in enumerate(b) if v]
        if len(nz) > 1:
            raise CuteDumpError(f"{what}: basis {list(b)} moves along more than one dimension")
        for d, v in nz:
            if v in seen.setdefault(d, set()) or v & (v - 1) or v < 0:
                raise CuteDumpError(f"{what}: basis {list(b)}: the bases along dim {d} must be distinct powers of two")
            seen[d].add(v)
    for d, vals in seen.items():
        if vals and max(vals) >= 2 * len(vals):
            raise CuteDumpError(f"{what}: the bases along dim {d} ({sorted(vals)}) must be 1, 2, 4, ... without a gap")


def _check_shape(shape, rank: int) -> None:
    if len(shape) != rank:
        raise CuteDumpError(f"--shape has {len(shape)} dimensions, the layout has rank {rank}")
    for s in shape:
        _pow2("--shape", s)


class Distributed:
    kind = "distributed"


class Shared:
    kind = "shared"


@dataclass(frozen=True)
class Blocked(Distributed):
    size_per_thread: tuple
    threads_per_warp: tuple
    warps_per_cta: tuple
    order: tuple
    cga_layout: tuple = ()

    @property
    def rank(self):
        return len(self.order)

    def validate(self):
        r = len(self.size_per_thread)
        for name in ("threads_per_warp", "warps_per_cta", "order"):
            if len(getattr(self, name)) != r:
                raise CuteDumpError(f"{name} has {len(getattr(self, name))} entries, size_per_thread has {r}")
        if sorted(self.order) != list(range(r)):
            raise CuteDumpError(f"order = {list(self.order)}: must be a permutation of 0..{r - 1}")
        for name in ("size_per_thread", "threads_per_warp", "warps_per_cta"):
            for v in getattr(self, name):
                _pow2(name, v)
        _check_cga(self.cga_layout, r)

    def cta(self) -> LL:
        return (
            identity_nd(REG, self.size_per_thread, self.order)
            * identity_nd(LANE, self.threads_per_warp, self.order)
            * identity_nd(WARP, self.warps_per_cta, self.order)
        )

    def to_linear(self, shape) -> LL:
        self.validate()
        _check_shape(shape, self.rank)
        return combine(self.cta(), self.cga_layout, shape, broadcast_registers=True)


@dataclass(frozen=True)
class NVMMADistributed(Distributed):
    version: tuple
    warps_per_cta: tuple
    instr_shape: tuple
    cga_layout: tuple = ()

    @property
    def rank(self):
        return len(self.warps_per_cta)

    @property
    def hopper(self):
        return self.version[0] == 3

    def validate(self):
        if not isinstance(self.version, tuple) or len(self.version) != 2 or self.version[0] not in (2, 3):
            v = list(self.version) if isinstance(self.version, tuple) else self.version
            raise CuteDumpError(
                f"version = {v}: Triton's NVMMADistributedLayout is [2, 0] (Ampere mma) or [3, 0] (Hopper wgmma)"
            )
        r = self.rank
        if r < 2:
            raise CuteDumpError("warps_per_cta: an mma layout has rank 2 or 3")
        for v in self.warps_per_cta:
            _pow2("warps_per_cta", v)
        n = len(self.instr_shape)
        if (n < 2) if self.hopper else (n != r):  # Hopper reads (M, N) and ignores what follows
            want = "at least 2" if self.hopper else str(r)
            raise CuteDumpError(f"instr_shape = {list(self.instr_shape)}: expected {want} entries")
        for v in self.instr_shape:
            _pow2("instr_shape", v)
        _check_cga(self.cga_layout, r)

    def tile_shape(self):
        if self.hopper:
            return [1] * (self.rank - 2) + list(self.instr_shape[:2])
        return list(self.instr_shape)

    def to_linear(self, shape) -> LL:
        self.validate()
        r = self.rank
        if self.hopper and r != 2:  # its dot operand A of rank 3 is answered
            raise CuteDumpError(
                f"warps_per_cta = {list(self.warps_per_cta)}: a Hopper (version [3, 0]) mma layout has rank 2 "
                "(Triton 3.9 aborts on rank 3)"
            )
        _check_shape(shape, r)
        order = matrix_order(r, True)
        cta = mma_tile(self.tile_shape(), 2, order, matrix_order(r, True))
        warp = identity_nd(WARP, self.warps_per_cta, matrix_order(r, not self.hopper)).transpose_outs(cta.out_names())
        return combine(cta * warp, self.cga_layout, shape)


def mma_tile(tile, k_width: int, order, rep_order) -> LL:
    """Triton's nvidiaMmaTile: k_width registers and 4 lanes along the inner dimension, 8 lanes along the outer,
    then registers repeat the 8-row group along the outer and the k_width*4 group along the inner dimension."""
    r = len(rep_order)
    names = dims(r)
    cta = identity_nd(REG, [1] * r, rep_order)
    inner, outer = order[0], order[1]
    m, n = tile[outer], tile[inner]
    if m % 8 or n % (k_width * 4):
        raise CuteDumpError(f"instr_shape: the tile {tile} is not a multiple of 8 x {k_width * 4}")
    return (
        cta
        * LL.identity1d(k_width, REG, names[inner])
        * LL.identity1d(4, LANE, names[inner])
        * LL.identity1d(8, LANE, names[outer])
        * LL.identity1d(m // 8, REG, names[outer])
        * LL.identity1d(n // (k_width * 4), REG, names[inner])
    )


def broadcast_dot(sizes, order, k_dim: int, i: str) -> LL:
    names = dims(len(sizes))
    out = LL.empty()
    for d in order:
        out = out * (LL.zeros1d(sizes[d], i, names[d]) if d == k_dim else LL.identity1d(sizes[d], i, names[d]))
    return out


@dataclass(frozen=True)
class DotOperand(Distributed):
    operand_index: int
    parent: object
    k_width: int

    @property
    def rank(self):
        return self.parent.rank

    @property
    def cga_layout(self):
        k = self.rank - 1 if self.operand_index == 0 else self.rank - 2
        return tuple(tuple(0 if i == k else v for i, v in enumerate(b)) for b in self.parent.cga_layout)

    def to_linear(self, shape) -> LL:
        if self.operand_index not in (0, 1):
            raise CuteDumpError(f"operand_index = {self.operand_index}: must be 0 (A) or 1 (B)")
        p = self.parent
        if not isinstance(p, (Blocked, NVMMADistributed, AMDMfma, AMDWmma)):
            raise CuteDumpError(
                f"parent: a dot operand's parent is a blocked, mma or mfma layout, not {type(p).__name__}"
            )
        p.validate()
        _check_shape(shape, self.rank)
        r, op = self.rank, self.operand_index
        k_dim = r - 1 if op == 0 else r - 2
        if isinstance(p, Blocked):
            if self.k_width != 0:
                raise CuteDumpError(
                    f"k_width = {self.k_width}: a dot operand of a blocked parent takes k_width=0 "
                    "(Triton: kWidth is not supported when the parent is a blocked layout)"
                )
            return self._fma(shape, k_dim)
        if isinstance(p, (AMDMfma, AMDWmma)):
            return p.dot_to_linear(self, shape)
        _pow2("k_width", self.k_width)
        if p.hopper and op == 1:
            raise CuteDumpError(
                "operand_index = 1: a Hopper (version [3, 0]) mma takes B from shared memory; no register dot operand"
            )
        # Triton 3.9 reads M at instr_shape[rank - 2] (for a rank-3 Hopper parent that is its N); the native fp64
        # m8n8k4 (M = 8) has a K tile of k_width * 4
        instr_m = p.instr_shape[r - 2]
        kmul = 4 if instr_m == 8 else 8
        tile = [1] * r
        if op == 0:
            tile[r - 2], tile[r - 1] = instr_m, self.k_width * kmul
        else:
            tile[r - 2], tile[r - 1] = self.k_width * kmul, 8
        order = dot_order(op, r, True)
        cta = mma_tile(tile, self.k_width, order, order)
        warp = broadcast_dot(p.warps_per_cta, matrix_order(r, not p.hopper), k_dim, WARP)
        cta = cta * warp.transpose_outs(cta.out_names())
        return combine(cta, self.cga_layout, shape)

    def _fma(self, shape, k_dim: int) -> LL:
        p = self.parent
        r = self.rank
        size = list(p.size_per_thread)
        size[k_dim] = shape[k_dim]
        rep = [dims(r)[d] for d in p.order]
        regs = identity_nd(REG, size, p.order)
        lanes = broadcast_dot(p.threads_per_warp, p.order, k_dim, LANE)
        warps = broadcast_dot(p.warps_per_cta, p.order, k_dim, WARP)
        cta = regs.transpose_outs(rep) * lanes.transpose_outs(rep) * warps.transpose_outs(rep)
        return combine(cta, self.cga_layout, shape)


@dataclass(frozen=True)
class Slice(Distributed):
    dim: int
    parent: object

    @property
    def rank(self):
        return self.parent.rank - 1

    def to_linear(self, shape) -> LL:
        pr = self.parent.rank
        if not 0 <= self.dim < pr:
            raise CuteDumpError(f"dim = {self.dim}: must be in [0, {pr}) for a parent of rank {pr}")
        if len(shape) != pr - 1:
            raise CuteDumpError(f"--shape has {len(shape)} dimensions, the slice has rank {pr - 1}")
        pshape = list(shape)
        pshape.insert(self.dim, 1)
        parent = self.parent.to_linear(pshape)
        names = dims(pr)
        transform = LL.empty()
        for idx, o in enumerate(parent.out_names()):
            size = parent.out_size(o)
            if idx == self.dim:
                transform = transform * LL.zeros1d(size, o, names[0])
            else:
                transform = transform * LL.identity1d(size, o, names[idx - (0 if idx < self.dim else 1)])
        sl = parent.compose(transform)
        regs = [b for b in sl.bases(REG) if any(b)]
        out = sl.with_bases(REG, regs)
        return LL(out.ins, out.out_names())


@dataclass(frozen=True)
class DistributedLinear(Distributed):
    """Gluon's DistributedLinearLayout (its ``shape`` given) or TTGIR's ``#ttg.linear`` (``shape`` None: the sizes its
    bases reach). For a tensor of another shape Triton (LinearEncodingAttr::toLinearLayout) grows it with registers
    along its dimensions in their register order, then cuts it: a register basis reaching past the shape is
    dropped, a lane/warp/block basis zeroed."""

    reg_bases: tuple
    lane_bases: tuple
    warp_bases: tuple
    block_bases: tuple
    shape: tuple = None

    @property
    def rank(self):
        if self.shape is not None:
            return len(self.shape)
        for bs in (self.reg_bases, self.lane_bases, self.warp_bases, self.block_bases):
            if bs:
                return len(bs[0])
        return 0

    def own_shape(self) -> list[int]:
        if self.shape is not None:
            return list(self.shape)
        r = self.rank
        out = [1] * r
        for bs in (self.reg_bases, self.lane_bases, self.warp_bases, self.block_bases):
            for b in bs:
                for j, v in enumerate(b):
                    while out[j] <= v:
                        out[j] *= 2
        return out

    def rep_order(self) -> list[int]:
        """LinearEncodingAttr::getOrder: the dimensions in the order the register bases first move along them, then
        the rest from the last dimension down."""
        order: list[int] = []
        for b in self.reg_bases:
            nz = [j for j, v in enumerate(b) if v]
            if nz and nz[0] not in order:
                order.append(nz[0])
        return order + [d for d in range(self.rank - 1, -1, -1) if d not in order]

    def to_linear(self, shape) -> LL:
        r = self.rank
        if r == 0:
            raise CuteDumpError("reg_bases/lane_bases/warp_bases/block_bases: no basis gives the layout's rank")
        if self.shape is not None:
            for s in self.shape:
                _pow2("shape", s)
        own = self.own_shape()
        for name in ("reg_bases", "lane_bases", "warp_bases", "block_bases"):
            for b in getattr(self, name):
                if len(b) != r:
                    raise CuteDumpError(f"{name}: basis {list(b)} has {len(b)} entries, the layout has rank {r}")
                for v, s in zip(b, own):
                    if v < 0 or v >= s:
                        raise CuteDumpError(f"{name}: basis {list(b)} reaches outside shape {own}")
        names = dims(r)
        ll = LL(
            [(REG, self.reg_bases), (LANE, self.lane_bases), (WARP, self.warp_bases), (BLOCK, self.block_bases)],
            names,
            own,
        )
        _check_shape(shape, r)
        try:
            ll.pseudo_invert()
        except CuteDumpError:
            raise CuteDumpError(
                f"reg_bases/lane_bases/warp_bases/block_bases do not cover shape {own} (the layout is not surjective)"
            ) from None
        if list(shape) == own:
            return ll
        order = [names[d] for d in self.rep_order()]
        want = dict(zip(names, shape))
        ll = ensure_not_smaller(ll.transpose_outs(order), want)
        ll = ensure_not_larger(ll, want, broadcast_registers=True)
        return LL(ll.transpose_outs(names).ins, names, list(shape))


@dataclass(frozen=True)
class SwizzledShared(Shared):
    vec: int
    per_phase: int
    max_phase: int
    order: tuple
    cga_layout: tuple = ()

    @property
    def rank(self):
        return len(self.order)

    alignment = 16

    def to_linear(self, shape) -> LL:
        r = self.rank
        if sorted(self.order) != list(range(r)):
            raise CuteDumpError(f"order = {list(self.order)}: must be a permutation of 0..{r - 1}")
        if self.vec < 0:  # vec = 0 is accepted: no swizzle
            raise CuteDumpError(f"vec = {self.vec}: must be at least 0")
        for name in ("per_phase", "max_phase"):
            if getattr(self, name) < 1:
                raise CuteDumpError(f"{name} = {getattr(self, name)}: must be at least 1")
        _check_cga(self.cga_layout, r)
        _check_shape(shape, r)
        per = shape_per_cta(shape, self.cga_layout)
        names = dims(r)
        if r == 1:
            return _offsets(combine(LL.identity1d(per[0], OFFSET, "dim0"), self.cga_layout, shape))
        col, row = self.order[0], self.order[1]
        ncols, nrows = per[col], per[row]
        bases = []
        c = 1
        while c < ncols:
            bases.append((0, c))
            c *= 2
        rr = 1
        while rr < nrows:
            bases.append((rr, (self.vec * ((rr // self.per_phase) % self.max_phase)) % ncols))
            rr *= 2
        cta = LL([(OFFSET, bases)], [names[row], names[col]])
        for d in self.order[2:]:
            cta = cta * LL.identity1d(per[d], OFFSET, names[d])
        return _offsets(combine(cta, self.cga_layout, shape))


@dataclass(frozen=True)
class NVMMAShared(Shared):
    swizzle_byte_width: int
    element_bitwidth: int
    rank: int = 2
    transposed: bool = False
    fp4_padded: bool = False
    cga_layout: tuple = ()

    @property
    def alignment(self):
        return max(128, 8 * self.swizzle_byte_width)

    def _params(self):
        sw, bits = self.swizzle_byte_width, self.element_bitwidth
        if sw == 0:
            return 1, 1, 1
        return 128 // bits, 128 // sw, sw // 16

    def core_matrix(self) -> LL:
        vec, per_phase, max_phase = self._params()
        rows, cols = 8, 8 * max(16, self.swizzle_byte_width) // self.element_bitwidth
        bases = []
        c = 1
        while c < cols:
            bases.append((0, c // 16 * 8 + c % 8) if self.fp4_padded else (0, c))
            c *= 2
        rr = 1
        while rr < rows:
            col = vec * ((rr // per_phase) % max_phase)
            bases.append((rr, col // 16 * 8 + col % 8) if self.fp4_padded else (rr, col))
            rr *= 2
        return LL([(OFFSET, bases)], dims(2))

    def tma_block(self, per) -> list[int]:
        block = list(per)
        contig = 0 if self.transposed else len(block) - 1
        if self.fp4_padded:
            block[contig] *= 2
        block = [min(s, 256) for s in block]
        if self.swizzle_byte_width:
            want = 8 * self.swizzle_byte_width // self.element_bitwidth
            if block[contig] < want:
                raise CuteDumpError(
                    f"swizzle_byte_width = {self.swizzle_byte_width}: the contiguous dimension "
                    f"({block[contig]} elements) is narrower than one swizzle row ({want} elements)"
                )
            block[contig] = want
        if self.fp4_padded:
            block[contig] //= 2
        return block

    def to_linear(self, shape) -> LL:
        if self.element_bitwidth not in (8, 16, 32, 64):
            raise CuteDumpError(f"element_bitwidth = {self.element_bitwidth}: must be 8, 16, 32 or 64")
        if self.swizzle_byte_width not in (0, 32, 64, 128):
            raise CuteDumpError(f"swizzle_byte_width = {self.swizzle_byte_width}: must be 0, 32, 64 or 128")
        if self.fp4_padded and (self.swizzle_byte_width != 128 or self.element_bitwidth != 8):
            raise CuteDumpError("fp4_padded: needs swizzle_byte_width = 128 and element_bitwidth = 8")
        r = self.rank
        _check_cga(self.cga_layout, r)
        _check_shape(shape, r)
        per = shape_per_cta(shape, self.cga_layout)
        tma = self.tma_block(per)
        names = dims(r)
        if self.swizzle_byte_width == 0:
            # the identity over the TMA block, last dimension fastest; transposed: over the block rotated left
            # by one, each basis then rotated (coordinate i takes coordinate i + 1), the outputs kept in their
            # order of creation (dim{r-1} first: the order in which a short dimension grows), as Triton 3.9 does
            sizes = tma[1:] + tma[:1] if self.transposed else tma
            layout = LL.empty()
            for i in range(r - 1, -1, -1):
                layout = layout * LL.identity1d(sizes[i], OFFSET, names[i])
            if self.transposed:
                outs = layout.out_names()
                at = [names.index(n) for n in outs]

                def rotate(b):
                    std = [0] * r
                    for k, v in zip(at, b):
                        std[k] = v
                    return tuple(std[(k + 1) % r] for k in at)

                layout = LL([(n, [rotate(b) for b in bs]) for n, bs in layout.ins], outs)
            layout = ensure_not_smaller(layout, dict(zip(names, per)))
            return _offsets(combine(layout, self.cga_layout, shape))
        if r < 2:
            raise CuteDumpError("rank: a swizzled NVMMA shared layout has rank 2 or more")
        collapsed = [1, tma[-1]]
        for s in tma[:-1]:
            collapsed[0] *= s
        if self.transposed:
            collapsed.reverse()
        tile = self.core_matrix()
        trows, tcols = tile.out_size("dim0"), tile.out_size("dim1")
        packing = 2 if self.fp4_padded else 1
        if collapsed[1] * packing < tcols or collapsed[0] < trows:
            raise CuteDumpError(
                f"--shape: the NVMMA shared layout needs at least [{trows}, {tcols // packing}] "
                f"per block (collapsed to 2-D), got {collapsed}"
            )
        layout = ensure_not_smaller(tile, dict(zip(dims(2), collapsed)))
        pre = list(tma)
        if self.transposed:
            pre = pre[1:] + pre[:1]
        layout = reshape(layout, pre)
        if self.transposed:
            order = [r - 1] + list(range(r - 1))
            layout = LL([(n, [tuple(b[i] for i in order) for b in bs]) for n, bs in layout.ins], names)
        layout = ensure_not_smaller(layout, dict(zip(names, per)))
        return _offsets(combine(layout, self.cga_layout, shape))


def _offsets(ll: LL) -> LL:
    if not ll.bases(OFFSET):
        raise CuteDumpError(
            "--shape: one element per block; Triton's SharedLinearLayout needs at least one offset basis"
        )
    return ll


def reshape(layout: LL, shape) -> LL:
    """The same map with its outputs flattened row-major (last dimension fastest) and split into ``shape``."""
    sizes = [layout.out_size(n) for n in layout.out_names()]

    def flat(b):
        v = 0
        for x, s in zip(b, sizes):
            v = v * s + x
        return v

    def split(v):
        out = []
        for s in reversed(shape):
            out.append(v % s)
            v //= s
        return tuple(reversed(out))

    return LL([(n, [split(flat(b)) for b in bs]) for n, bs in layout.ins], dims(len(shape)), list(shape))


@dataclass(frozen=True)
class SharedLinear(Shared):
    offset_bases: tuple
    block_bases: tuple = ()
    alignment: int = 16

    @property
    def rank(self):
        return len(self.offset_bases[0]) if self.offset_bases else 0

    def to_linear(self, shape) -> LL:
        if not self.offset_bases:
            raise CuteDumpError("offset_bases: must not be empty")
        _pow2("alignment", self.alignment)
        r = self.rank
        for name in ("offset_bases", "block_bases"):
            for b in getattr(self, name):
                if len(b) != r:
                    raise CuteDumpError(f"{name}: basis {list(b)} has {len(b)} entries, expected {r}")
        _check_shape(shape, r)
        own = [1] * r
        for b in self.offset_bases + self.block_bases:
            for j, v in enumerate(b):
                if v < 0:
                    raise CuteDumpError(f"offset_bases/block_bases: basis {list(b)} has a negative entry")
                while own[j] <= v:
                    own[j] *= 2
        if own != list(shape):  # Triton aborts: its outputs have the sizes the bases reach
            raise CuteDumpError(f"--shape {list(shape)} differs from the shape its bases reach, {own}")
        ll = LL([(OFFSET, self.offset_bases), (BLOCK, self.block_bases)], dims(r))
        try:
            ll.pseudo_invert()
        except CuteDumpError:
            raise CuteDumpError(
                f"offset_bases/block_bases do not cover shape {own} (the layout is not surjective)"
            ) from None
        return ll


@dataclass(frozen=True)
class AMDMfma(Distributed):
    version: int
    instr_shape: tuple
    transposed: bool
    warps_per_cta: tuple
    element_bitwidth: int = 32
    tiles_per_warp: tuple = None
    cga_layout: tuple = ()

    @property
    def rank(self):
        return len(self.warps_per_cta)

    def tiles(self):
        return tuple(self.tiles_per_warp) if self.tiles_per_warp else (1,) * self.rank

    def validate(self):
        if not isinstance(self.version, int) or not 1 <= self.version <= 4:
            raise CuteDumpError(f"version = {self.version}: must be in [1, 4]")
        if len(self.instr_shape) != 3 or list(self.instr_shape[:2]) not in ([32, 32], [16, 16], [64, 4], [4, 64]):
            raise CuteDumpError(
                f"instr_shape = {list(self.instr_shape)}: (M, N, K) with M x N one of 32x32, 16x16, 64x4, 4x64"
            )
        if self.element_bitwidth not in (32, 64):
            raise CuteDumpError(f"element_bitwidth = {self.element_bitwidth}: must be 32 or 64")
        if self.rank not in (2, 3):
            raise CuteDumpError("warps_per_cta: an mfma layout has rank 2 or 3")
        for v in self.warps_per_cta:
            _pow2("warps_per_cta", v)
        for v in self.tiles():
            _pow2("tiles_per_warp", v)
        _check_cga(self.cga_layout, self.rank)

    def to_linear(self, shape) -> LL:
        self.validate()
        _check_shape(shape, self.rank)
        r = self.rank
        names = dims(r)
        batch = r == 3
        mi, ni = int(batch), 1 + int(batch)
        order = matrix_order(r, True)
        dim_m, dim_n = names[order[1]], names[order[0]]
        m, n = self.instr_shape[0], self.instr_shape[1]
        height = 1 if self.element_bitwidth == 64 else 4
        warp_size = 64
        if m == 64 and n == 4 and not self.transposed:
            raise CuteDumpError("transposed: a 64x4 mfma layout must be transposed")
        tiles = (m * n) // (warp_size * height)
        if not self.transposed:
            tile = LL.identity1d(height, REG, dim_m) * (
                LL.identity1d(n, LANE, dim_n) * LL.identity1d(warp_size // n, LANE, dim_m)
            )
            if tiles > 0:
                tile = tile * LL.identity1d(tiles, REG, dim_m)
        else:
            tile = LL.identity1d(height, REG, dim_n) * (
                LL.identity1d(m, LANE, dim_m) * LL.identity1d(warp_size // m, LANE, dim_n)
            )
            if tiles > 0:
                tile = tile * LL.identity1d(tiles, REG, dim_n)
        tile = tile.transpose_outs([dim_n, dim_m])
        tpw, wpc = self.tiles(), self.warps_per_cta
        tile = tile * LL.identity1d(tpw[ni], REG, dim_n)
        tile = tile * LL.identity1d(wpc[ni], WARP, dim_n)
        reps = shape[ni] // (n * wpc[ni] * tpw[ni])
        if reps >= 1:
            tile = tile * LL.identity1d(reps, REG, dim_n)
        tile = tile * LL.identity1d(tpw[mi], REG, dim_m)
        tile = tile * LL.identity1d(wpc[mi], WARP, dim_m)
        if batch:
            tile = tile * LL.identity1d(1, REG, names[order[2]])
            tile = tile * LL.identity1d(1, LANE, names[order[2]])
            tile = tile * LL.identity1d(wpc[0], WARP, names[order[2]])
        return combine(tile, self.cga_layout, shape)

    def dot_to_linear(self, dot: DotOperand, shape) -> LL:
        r = self.rank
        names = dims(r)
        batch = r == 3
        k_width = dot.k_width
        _pow2("k_width", k_width)
        op = dot.operand_index
        non_k_index = r - 2 if op == 0 else r - 1
        k_index = r - 1 if op == 0 else r - 2
        tpw_nonk = self.tiles()[non_k_index]
        m, n = self.instr_shape[0], self.instr_shape[1]
        non_k = m if op == 0 else n
        warp_size = 64
        k_size = shape[k_index]
        order = dot_order(op, r, True)
        dim_k, dim_nonk = names[order[0]], names[order[1]]
        warp_order = matrix_order(r, True)
        tile = LL.identity1d(k_width, REG, dim_k) * (
            LL.identity1d(non_k, LANE, dim_nonk) * LL.identity1d(warp_size // non_k, LANE, dim_k)
        )
        k_tile = warp_size // non_k * k_width
        if (m == 64 and n == 4 and op == 0) or (m == 4 and n == 64 and op == 1):
            tile = tile * LL.identity1d(16, REG, dim_k)
            k_tile *= 16
        if k_size > k_tile:
            tile = tile * LL.identity1d(k_size // k_tile, REG, dim_k)
        tile = tile * LL.identity1d(tpw_nonk, REG, dim_nonk)
        tile = tile.transpose_outs([dim_k, dim_nonk])
        if batch:
            tile = tile * LL.identity1d(1, REG, names[order[2]])
            tile = tile * LL.identity1d(1, LANE, names[order[2]])
        warp = identity_nd(WARP, self.warps_per_cta, warp_order)
        cta = tile * warp
        # the parent's CGA layout as it is (Triton's mfmaDotToLinearLayout: not projected off K as NVIDIA's is)
        return combine(cta, self.cga_layout, shape).transpose_outs(names)


#: the (M, N, K) each WMMA version takes (Triton 3.9's verifier; the others abort)
_WMMA_INSTR = {
    1: [[16, 16, 16]],
    2: [[16, 16, 16], [16, 16, 32]],
    3: [[16, 16, 4], [16, 16, 32], [16, 16, 64], [16, 16, 128], [32, 16, 64]],
}


@dataclass(frozen=True)
class AMDWmma(Distributed):
    """Gluon's AMDWMMALayout (TTGIR #ttg.amd_wmma): version 1 (RDNA3), 2 (RDNA4), 3 (gfx1250); a 16x16 (or 32x16)
    tile of 32 lanes, then ``reg_bases``/``warp_bases`` in units of that tile (Triton's getCtaLayout)."""

    version: int
    transposed: bool
    warp_bases: tuple
    reg_bases: tuple = ()
    instr_shape: tuple = (16, 16, 16)
    cga_layout: tuple = ()
    rank: int = 2

    def validate(self):
        if not isinstance(self.version, int) or not 1 <= self.version <= 3:
            raise CuteDumpError(f"version = {self.version}: must be in [1, 3]")
        r = self.rank
        if r not in (2, 3):
            raise CuteDumpError(f"rank = {r}: a wmma layout has rank 2 or 3")
        for name in ("warp_bases", "reg_bases", "cga_layout"):
            for b in getattr(self, name):
                if len(b) != r:
                    raise CuteDumpError(f"{name}: basis {list(b)} has {len(b)} entries, the layout has rank {r}")
                if any(v < 0 for v in b):
                    raise CuteDumpError(f"{name}: basis {list(b)} has a negative entry")
        ok = _WMMA_INSTR.get(self.version, ())
        if list(self.instr_shape) not in ok:
            raise CuteDumpError(
                f"instr_shape = {list(self.instr_shape)}: WMMA version {self.version} takes "
                + ", ".join(str(x) for x in ok)
            )
        _check_cga(self.cga_layout, r)
        cta = self.cta()
        nonzero = [b for _, bs in cta.ins for b in bs if any(b)]
        bits = sum(cta.out_size(n).bit_length() - 1 for n in cta.out_names())
        try:
            cta.pseudo_invert()
        except CuteDumpError:
            bits = -1
        if bits != len(nonzero):  # Triton's verifier: a surjective map, one basis per bit (zeros broadcast)
            raise CuteDumpError(
                "reg_bases/warp_bases: the non-zero bases must reach each tile of the shape they span once"
            )

    def tile(self) -> LL:
        r = self.rank
        names = dims(r)
        order = matrix_order(r, not self.transposed)
        d0, d1 = names[order[0]], names[order[1]]
        if self.version == 1:
            regs, lanes = [(0, 2), (0, 4), (0, 8)], [(1, 0), (2, 0), (4, 0), (8, 0), (0, 1)]
        elif list(self.instr_shape[:2]) == [32, 16]:
            regs, lanes = [(0, 1), (0, 2), (0, 4), (0, 16)], [(1, 0), (2, 0), (4, 0), (8, 0), (0, 8)]
        else:
            regs, lanes = [(0, 1), (0, 2), (0, 4)], [(1, 0), (2, 0), (4, 0), (8, 0), (0, 8)]
        tile = LL([(REG, regs), (LANE, lanes)], [d0, d1])
        if r == 3:
            tile = tile * LL.identity1d(1, REG, names[0]) * LL.identity1d(1, LANE, names[0])
        return tile.transpose_outs(names)

    def cta(self) -> LL:
        return LL([(REG, self.reg_bases), (WARP, self.warp_bases)], dims(self.rank))

    def to_linear(self, shape) -> LL:
        self.validate()
        _check_shape(shape, self.rank)
        r = self.rank
        names = dims(r)
        out = (self.tile() * self.cta()).transpose_outs([names[d] for d in matrix_order(r, True)])
        return combine(out, self.cga_layout, shape)

    def dot_to_linear(self, dot, shape) -> LL:
        r = self.rank
        names = dims(r)
        op, k_width = dot.operand_index, dot.k_width
        _pow2("k_width", k_width)
        allowed = {1: (8, 16), 2: (4, 8, 16)}.get(self.version)
        if allowed and k_width not in allowed:
            raise CuteDumpError(
                f"k_width = {k_width}: a WMMA v{self.version} dot operand takes k_width "
                + " or ".join(map(str, allowed))
            )
        order = dot_order(op, r, True)
        dim_k, dim_nonk = names[order[0]], names[order[1]]
        k = self.instr_shape[2]
        nonk = self.instr_shape[0] if (op == 0) != self.transposed else self.instr_shape[1]  # getOperandNonKDim
        k_depth = 32 // 16
        tile = LL.identity1d(k_width, REG, dim_k) * LL.identity1d(16, LANE, dim_nonk)
        tile = tile * (LL.zeros1d if self.version == 1 else LL.identity1d)(k_depth, LANE, dim_k)
        tile = tile * LL.identity1d(max(1, k // (k_depth * k_width)), REG, dim_k)
        if nonk // 16 > 1:
            tile = tile * LL.identity1d(nonk // 16, REG, dim_nonk)
        if r == 3:
            tile = tile * LL.identity1d(1, REG, names[0])
        kd = names.index(dim_k)
        regs = [tuple(0 if j == kd else v for j, v in enumerate(b)) for b in self.reg_bases]
        regs = [b for b in regs if any(b)]
        warps = [tuple(0 if j == kd else v for j, v in enumerate(b)) for b in self.warp_bases]
        cta = LL([(REG, regs), (WARP, warps)], names)
        out = (tile.transpose_outs(names) * cta).transpose_outs([names[d] for d in order])
        return combine(out, dot.cga_layout, shape)


KINDS = {
    "BlockedLayout": Blocked,
    "SliceLayout": Slice,
    "DotOperandLayout": DotOperand,
    "NVMMADistributedLayout": NVMMADistributed,
    "DistributedLinearLayout": DistributedLinear,
    "SwizzledSharedLayout": SwizzledShared,
    "NVMMASharedLayout": NVMMAShared,
    "SharedLinearLayout": SharedLinear,
    "AMDMFMALayout": AMDMfma,
    "AMDWMMALayout": AMDWmma,
}
