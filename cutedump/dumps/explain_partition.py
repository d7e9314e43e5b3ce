"""Recipe for ``cutedump explain partition``: how a TiledMMA or a TiledCopy partitions a tensor for one thread.

The steps are CuTe 4.2's own (cute/atom/mma_atom.hpp: ``thrfrg_A/B/C``, ``ThrMMA::partition_A/B/C``,
``partition_fragment_A/B/C``; cute/atom/copy_atom.hpp: ``tidfrg_S/D``, ``tile2thrfrg``, ``ThrCopy::partition_S/D``,
``retile``). Each intermediate is computed with the engine's algebra (``cutedump.algebra``) from the TiledMMA /
TiledCopy that ``cutedump.atoms`` builds, recorded as a step item with the CuTe expression over printed values; the
final layout (and data offset) is checked here against ``cutedump.atoms``' own partition of the same tensor.
The explanation closes with a reading of the final shape in words (values per instruction, instructions per tile,
tiles per thread).
"""

from __future__ import annotations

from cutedump.algebra import (
    UNDERSCORE,
    C,
    Layout,
    coalesce,
    crd2idx,
    flatten,
    fmt,
    get,
    is_static,
    logical_divide,
    logical_product,
    make_layout,
    product_each,
    rank,
    right_inverse,
    size,
    slice_layout,
    upcast,
    zip_layout,
    zipped_divide,
)
from cutedump.algebra.inttuple import is_tuple
from cutedump.algebra.inttuple import prepend as t_prepend
from cutedump.algebra.smem_ptr import SmemPtrFlag
from cutedump.algebra.swizzle import ComposedLayout
from cutedump.atoms import copy as K
from cutedump.atoms import copy_atom
from cutedump.atoms import smem_desc as D
from cutedump.atoms.cli_support import build_mma, parse_layout_arg
from cutedump.atoms.copy import _fmt_tiler, _tiler_shape
from cutedump.atoms.mma import partition_fragment
from cutedump.atoms.mma_catalog import split_template
from cutedump.atoms.smem_desc import is_desc_operand, is_umma_desc_operand, parse_smem_layout
from cutedump.atoms.types import canonical_type
from cutedump.dumps.explain_algebra import CUTE_VERSION, Builder
from cutedump.dumps.explain_desc import DESC_K, GMMA_HDR, UMMA_HDR, field_readings, hex4
from cutedump.dumps.steps import Call, Explanation, show
from cutedump.errors import CuteDumpError

_ = UNDERSCORE
MMA_HDR = "cute/atom/mma_atom.hpp"
CPY_HDR = "cute/atom/copy_atom.hpp"


def owning_fragment(frag, fn: str):
    """A register fragment is an owning tensor: CuTe refuses one with a dynamic extent (cute/tensor_impl.hpp,
    ``static_assert(... is_static ..., "Dynamic owning tensors not supported")``)."""
    leaves = list(flatten(frag.shape)) + list(flatten(frag.stride))
    if not all(is_static(x) for x in leaves):
        raise CuteDumpError(
            f"{fn}: the fragment would be {frag}, which has dynamic extents; CuTe refuses to "
            'build it (static_assert "Dynamic owning tensors not supported", cute/tensor_impl.hpp): '
            "give the tensor a static shape, e.g. (_64,_32)"
        )
    return frag


def _rep(n: int):
    """CuTe's ``repeat<N>(_)``: ``_`` itself when N == 1."""
    return _ if n == 1 else (_,) * n


def _zero(crd):
    if crd is _:
        return C(0)
    if is_tuple(crd):
        return tuple(_zero(c) for c in crd)
    return crd


def _tensor(shape, layout):
    if (shape is None) == (layout is None):
        raise CuteDumpError('give the tensor as --shape (e.g. "(_128,_64)") or --layout, one of them')
    if layout is not None:
        try:
            return parse_layout_arg(layout, "--layout")
        except CuteDumpError as e:
            inner = _smem_tensor_layout(layout)
            if inner is None:
                raise e
            return inner
    return parse_layout_arg(shape, "--shape")


def _smem_tensor_layout(text: str):
    """The layout of ``make_tensor(make_smem_ptr(p), L)`` for an smem layout L whose offset is an smem_ptr flag
    (a GMMA atom, tile_to_shape of one): CuTe moves the swizzle into the pointer (cute/pointer_flagged.hpp), and the
    tensor's layout is the plain inner layout -- what partition_A/B/C and the register fragments (e.g. operand A of
    an RS GMMA) see. None when TEXT is not such a layout."""
    try:
        obj = parse_smem_layout(text)
    except CuteDumpError:
        return None
    if isinstance(obj, ComposedLayout) and isinstance(obj.offset, SmemPtrFlag) and isinstance(obj.b, Layout):
        return obj.b
    return None


def _same(a, b) -> bool:
    return str(a) == str(b)


# ---------------------------------------------------------------- MMA

_MMA_MODES = {"A": (0, 2, 1, 3, "M", "K"), "B": (1, 2, 2, 3, "N", "K"), "C": (0, 1, 1, 2, "M", "N")}


def _thrfrg(b: Builder, mma, tensor: Layout, op: str):
    """thrfrg_A/B/C (mma_atom.hpp), one step per line of CuTe's code."""
    i0, i1, t0, t1, X, Y = _MMA_MODES[op]
    where = f"TiledMMA::thrfrg_{op}, {MMA_HDR}"
    if int(rank(tensor)) < 2:
        raise CuteDumpError(f"the tensor to partition must have rank >= 2, got {tensor}")
    atom_tv = {"A": mma.atom.layout_a_tv, "B": mma.atom.layout_b_tv, "C": mma.atom.layout_c_tv}[op]
    st = b.step("part.mma.perm", where, X=X, Y=Y)
    t_tile = (mma.permutation_mnk(i0), mma.permutation_mnk(i1))
    st.item("t_tile", None, t_tile)
    t_tensor = st.item("t_tensor", Call("logical_divide", tensor, t_tile), logical_divide(tensor, t_tile))
    st = b.step("part.mma.atom", where, X=X, Y=Y, shape=mma.atom.shape_mnk)
    a_tile = (make_layout(size(mma.atom.shape_mnk[i0])), make_layout(size(mma.atom.shape_mnk[i1])))
    st.item("atom_tile", None, a_tile)
    a_tensor = st.item("atom_tensor", Call("zipped_divide", t_tensor, a_tile), zipped_divide(t_tensor, a_tile))
    st = b.step("part.mma.tv", where, X=X, Y=Y, op=op, tv=atom_tv)
    tv_tensor = st.item("tv_tensor", Call("composition", a_tensor, (atom_tv, _)), a_tensor.compose(atom_tv, _))
    st = b.step("part.mma.thr", where, X=X, Y=Y, vmnk=mma.thr_layout_vmnk)
    thr_tile = (_, (make_layout(size(mma.thr_layout_vmnk, t0)), make_layout(size(mma.thr_layout_vmnk, t1))))
    st.item("thr_tile", None, thr_tile)
    thr_tensor = st.item("thr_tensor", Call("zipped_divide", tv_tensor, thr_tile), zipped_divide(tv_tensor, thr_tile))
    if not _same(thr_tensor, getattr(mma, f"thrfrg_{op}")(tensor)):  # pragma: no cover - the atoms' own value
        raise CuteDumpError(f"internal: thrfrg_{op} narration differs from cutedump.atoms")
    return thr_tensor


def explain_mma_partition(mma, tensor: Layout, op: str, thread: int, fragment: bool, detail: int = 1):
    op = op.upper()
    i0, i1, t0, t1, X, Y = _MMA_MODES[op]
    thr = mma.get_slice(thread)  # checks the thread index
    b = Builder(detail)
    st = b.step("part.mma.tiled", f"TiledMMA, {MMA_HDR}", atom=mma.atom.name, nthr=int(mma.size()))
    st.item("ThrLayoutVMNK", Call("tiled_product", mma.atom.thr_id, mma.atom_layout_mnk), mma.thr_layout_vmnk)
    st.item("tile_size_mnk", None, mma.tile_shape())
    thr_tensor = _thrfrg(b, mma, tensor, op)
    st = b.step("part.mma.coord", f"TiledMMA::get_slice, {MMA_HDR}", thread=thread, X=X, Y=Y)
    v = st.item("thr_vmnk", Call("idx2crd", thread, product_each(mma.thr_layout_vmnk.shape)), tuple(thr.thr_vmnk))
    rest = _rep(int(rank(get(thr_tensor, 1), 1)))
    crd = ((v[0], (v[t0], v[t1])), (_, rest))
    st = b.step("part.mma.slice", f"ThrMMA::partition_{op}, {MMA_HDR}", op=op, crd=crd)
    part = st.item("partition", Call("slice", crd, thr_tensor), slice_layout(crd, thr_tensor))
    zc = _zero(crd)
    off = st.item(
        "offset",
        Call("crd2idx", zc, thr_tensor.shape, thr_tensor.stride),
        crd2idx(zc, thr_tensor.shape, thr_tensor.stride),
    )
    lay_, off_ = getattr(thr, f"partition_{op}")(tensor)
    if not (_same(part, lay_) and int(off) == int(off_)):  # pragma: no cover - the atoms' own value
        raise CuteDumpError(f"internal: partition_{op} narration differs from cutedump.atoms")
    final, fn = part, f"partition_{op}"
    result_cute = None
    if fragment:
        fn = f"partition_fragment_{op}"
        tmem = _umma_tmem_fragment(mma, op, part)
        if tmem is not None:
            # UMMA: the accumulator (and A of a _TS atom) lives in tensor memory: UMMA::tmem_frg<...>::make(shape)
            st = b.step("part.mma.frag_tmem", f"TiledMMA::make_fragment_{op}, cute/atom/mma_traits_sm100.hpp", op=op)
            st.item("fragment", Call("make_tensor", Call("shape", part)), tmem.layout)
            final, result_cute = str(tmem), f"thr_mma.{fn}(tensor)"
        elif op == "C":
            st = b.step("part.mma.frag_c", f"TiledMMA::make_fragment_C, {MMA_HDR}")
            final = st.item(
                "fragment", Call("make_layout", Call("shape", part)), owning_fragment(make_layout(part.shape), fn)
            )
        else:
            frag = owning_fragment(partition_fragment(thr, op, tensor), fn)
            st = b.step("part.mma.frag_ab", f"TiledMMA::make_fragment_{op}, {MMA_HDR}", op=op)
            final = st.item("fragment", Call("make_fragment_like", part), frag)
    expl = Explanation(
        "mma",
        {"version": CUTE_VERSION, "atom": mma.atom.name, "fn": fn, "thread": thread, "tensor": show(tensor), "op": op},
        b.steps,
        result=final,
        result_cute=result_cute or f"thr_mma.{fn}(tensor).layout()",
    )
    _read_mma(expl, mma, tensor, part, op, fragment, in_tmem=result_cute is not None)
    return expl


def _umma_tmem_fragment(mma, op: str, part: Layout):
    """The TMEM tensor of partition_fragment_C (and _A of a _TS atom) of an SM100 UMMA, or None (registers, or a
    shared-memory descriptor operand)."""
    spec = getattr(mma.atom.traits, "spec", None)
    if spec is None:
        return None
    from cutedump.atoms import tmem as TM  # start-up: only for SM100 atoms

    frg = TM.frg_type_C(spec) if op == "C" else TM.frg_type_A(spec) if op == "A" else None
    return None if frg is None else TM.tmem_frg_make(*frg, part.shape)


def _read_mma(expl, mma, tensor, part, op, fragment, in_tmem=False):
    i0, i1, t0, t1, X, Y = _MMA_MODES[op]
    frgv = size(part, 0)
    rx, ry = size(part, 1), size(part, 2)
    tx, ty = mma.tile_size_mnk(i0), mma.tile_size_mnk(i1)
    ex, ey = size(tensor, 0), size(tensor, 1)
    ninstr = int(rx) * int(ry) * int(size(tuple(part.shape[3:]))) if len(part.shape) > 3 else int(rx) * int(ry)
    expl.closing.append(
        (
            "ex.part.mma.read",
            dict(
                shape=fmt(part.shape),
                frgv=int(frgv),
                X=X,
                Y=Y,
                rx=rx,
                ry=ry,
                ex=int(ex),
                ey=int(ey),
                tx=int(tx),
                ty=int(ty),
                op=op,
                n=ninstr,
                total=int(size(part)),
                atom=mma.atom.name,
            ),
        )
    )
    if fragment:
        expl.closing.append(("ex.part.mma.read_frag_tmem" if in_tmem else "ex.part.mma.read_frag", dict(op=op)))


# ---------------------------------------------------------------- Copy


def _tile2thrfrg(b, tc, tensor_z, ref2trg, side):
    where = f"TiledCopy::tile2thrfrg, {CPY_HDR}"
    st = b.step("part.cpy.atom_tv", where, nthr=int(tc.atom_num_thr), nval=int(tc.atom_num_val))
    shp = (tc.atom_num_thr, tc.atom_num_val)
    atom_tv = st.item(
        "atom_layout_TV", Call("zipped_divide", tc.tiled_layout_tv, shp), zipped_divide(tc.tiled_layout_tv, shp)
    )
    st = b.step("part.cpy.trg", where, side=side)
    trg = st.item("trg_layout_TV", Call("composition", atom_tv, (ref2trg, _)), atom_tv.compose(ref2trg, _))
    st = b.step("part.cpy.zip", where)
    z = st.item("zip", Call("zip", trg), zip_layout(trg))
    prof = (C(1), (C(1), C(1)))
    thrval2mn = st.item("thrval2mn", Call("coalesce", z, prof), coalesce(z, prof))
    st = b.step("part.cpy.apply", where)
    tv = st.item("tv_tensor", Call("composition", tensor_z, (thrval2mn, _)), tensor_z.compose(thrval2mn, _))
    crd = ((_, _), _)
    return st.item("tidfrg", Call("slice", crd, tv), slice_layout(crd, tv))


def _copy_fmt_tiler(t) -> str:
    return _fmt_tiler(t)


def explain_copy_partition(tc, tensor: Layout, side: str, thread: int, detail: int = 1):
    side = side.upper()
    thr = tc.get_slice(thread)
    b = Builder(detail)
    st = b.step(
        "part.cpy.tiled",
        f"TiledCopy, {CPY_HDR}",
        atom=tc.atom.name,
        vt=tc.atom.value_type,
        tiler=_copy_fmt_tiler(tc.tiler_mn),
        nthr=int(tc.tiled_num_thr),
        nval=int(tc.tiled_num_val),
    )
    st.item("TiledLayout_TV", None, tc.tiled_layout_tv)
    st.item("AtomNumThr", None, tc.atom_num_thr)
    st.item("AtomNumVal", None, tc.atom_num_val)
    where = f"TiledCopy::tidfrg_{side}, {CPY_HDR}"
    st = b.step(
        "part.cpy.ref",
        where,
        side=side,
        name="src" if side == "S" else "dst",
        ref2trg="src2ref" if side == "S" else "dst2ref",
        vname="Src" if side == "S" else "Dst",
    )
    ref = tc.atom.val_layout_ref
    other = tc.atom.val_layout_src if side == "S" else tc.atom.val_layout_dst
    inv = st.item("right_inverse(ValLayoutRef)", Call("right_inverse", ref), right_inverse(ref))
    ref2trg = st.item("src2ref" if side == "S" else "dst2ref", Call("composition", inv, other), inv.compose(other))
    st = b.step("part.cpy.tile", where, tiler=_copy_fmt_tiler(tc.tiler_mn))
    r = 1 if not is_tuple(tc.tiler_mn) else len(tc.tiler_mn)
    if int(rank(tensor)) < r:
        raise CuteDumpError(f"Rank of tensor to be partitioned too small: rank {rank(tensor)} < rank(Tiler_MN) = {r}")
    tz = st.item("tiled_tensor", Call("zipped_divide", tensor, tc.tiler_mn), zipped_divide(tensor, tc.tiler_mn))
    tid = _tile2thrfrg(b, tc, tz, ref2trg, side)
    if not _same(tid, getattr(tc, f"tidfrg_{side}")(tensor)):  # pragma: no cover - the atoms' own value
        raise CuteDumpError(f"internal: tidfrg_{side} narration differs from cutedump.atoms")
    R = int(rank(tensor))
    crd = (thread, _, _rep(R))
    st = b.step("part.cpy.slice", f"ThrCopy::partition_{side}, {CPY_HDR}", side=side, thread=thread, R=R)
    part = st.item("partition", Call("slice", crd, tid), slice_layout(crd, tid))
    zc = _zero(crd)
    off = st.item("offset", Call("crd2idx", zc, tid.shape, tid.stride), crd2idx(zc, tid.shape, tid.stride))
    lay_, off_ = getattr(thr, f"partition_{side}")(tensor)
    if not (_same(part, lay_) and int(off) == int(off_)):  # pragma: no cover - the atoms' own value
        raise CuteDumpError(f"internal: partition_{side} narration differs from cutedump.atoms")
    expl = Explanation(
        "copy",
        {
            "version": CUTE_VERSION,
            "atom": tc.atom.name,
            "vt": tc.atom.value_type,
            "fn": f"partition_{side}",
            "thread": thread,
            "tensor": show(tensor),
        },
        b.steps,
        result=part,
        result_cute=f"thr_copy.partition_{side}(tensor).layout()",
    )
    _read_copy(expl, tc, tensor, part)
    return expl


def _read_copy(expl, tc, tensor, part):
    frg = get(part, 0)
    frgv = size(frg, 0) if is_tuple(frg.shape) else size(frg)
    frgx = size(frg, 1) if is_tuple(frg.shape) else C(1)
    tshape = _tiler_shape(tc.tiler_mn)
    tshape = tshape if is_tuple(tshape) else (tshape,)
    rests = []
    for i in range(1, int(rank(part))):
        rs = size(part, i)
        if i - 1 < len(tshape):
            rests.append(expl_msg_rest(i - 1, rs, size(tensor, i - 1), size(tshape[i - 1])))
        else:
            rests.append(expl_msg_rest(i - 1, rs, size(tensor, i - 1), None))
    n = int(frgx)
    for i in range(1, int(rank(part))):
        n *= int(size(part, i))
    expl.closing.append(
        (
            "ex.part.cpy.read",
            dict(
                shape=fmt(part.shape),
                frg=fmt(frg.shape),
                frgv=int(frgv),
                frgx=int(frgx),
                atom=tc.atom.name,
                vt=tc.atom.value_type,
                n=n,
                total=int(size(part)),
            ),
        )
    )
    for key, f in rests:
        expl.closing.append((key, f))
    expl.closing.append(
        ("ex.part.cpy.read_total", dict(n=n, frgv=int(frgv), vt=tc.atom.value_type, total=int(size(part))))
    )


def expl_msg_rest(i, rs, extent, tile):
    if tile is None:
        return "ex.part.cpy.read_rest_extra", dict(i=i, rs=rs)
    return "ex.part.cpy.read_rest", dict(i=i, rs=rs, extent=int(extent), tile=int(tile))


def explain_retile(tc, mma, tensor: Layout, op: str, thread: int, detail: int = 1):
    """retile_D of the MMA fragment partition_fragment_A/B(tensor) of this thread (copy_atom.hpp: TiledCopy::retile)."""
    op = op.upper()
    if op == "C":
        frag = mma.get_slice(thread).partition_fragment_C(tensor)
    else:
        frag = partition_fragment(mma.get_slice(thread), op, tensor)
    owning_fragment(frag, f"partition_fragment_{op}")
    b = Builder(detail)
    where = f"TiledCopy::retile, {CPY_HDR}"
    st = b.step("part.rt.frag", f"ThrMMA::partition_fragment_{op}, {MMA_HDR}", op=op, thread=thread)
    st.item("fragment", None, frag)
    R = int(rank(frag))
    st = b.step("part.rt.mn", where)
    V = st.item("V", Call("size", frag, targs=(0,)), size(frag, 0))
    inv = st.item(
        "right_inverse(TiledLayout_TV)", Call("right_inverse", tc.tiled_layout_tv), right_inverse(tc.tiled_layout_tv)
    )
    tshape = _tiler_shape(tc.tiler_mn)
    ws = st.item("with_shape", Call("with_shape", inv, tshape), inv.with_shape(tshape))
    n = int(tc.tiled_num_thr * V)
    frg_mn = st.item("frg_layout_mn", Call("upcast", ws, targs=(n,)), upcast(ws, n))
    st = b.step("part.rt.v", where, nval=int(tc.atom_num_val))
    mv = make_layout(V)
    rinv = st.item("right_inverse(frg_layout_mn)", Call("right_inverse", frg_mn), right_inverse(frg_mn))
    lp = st.item("logical_product", Call("logical_product", mv, rinv), logical_product(mv, rinv))
    av = make_layout(tc.atom_num_val)
    frg_v = st.item("frg_layout_v", Call("zipped_divide", lp, av), zipped_divide(lp, av))
    st = b.step("part.rt.apply", where, R=R)
    tile = t_prepend(product_each(frg_mn.shape), V)
    t_tensor = st.item("t_tensor", Call("zipped_divide", frag, tile), zipped_divide(frag, tile))
    v_tensor = st.item("v_tensor", Call("composition", t_tensor, (frg_v, _)), t_tensor.compose(frg_v, _))
    crd = (_, C(0) if R <= 1 else (C(0),) + (_,) * (R - 1))
    res = st.item("retile", Call("slice", crd, v_tensor), slice_layout(crd, v_tensor))
    if not _same(res, tc.retile(frag)):  # pragma: no cover - the atoms' own value
        raise CuteDumpError("internal: retile narration differs from cutedump.atoms")
    expl = Explanation(
        "retile",
        {
            "version": CUTE_VERSION,
            "atom": tc.atom.name,
            "vt": tc.atom.value_type,
            "op": op,
            "thread": thread,
            "tensor": show(tensor),
        },
        b.steps,
        result=res,
        result_cute=f"thr_copy.retile_D(tCr{op}).layout()",
    )
    expl.closing.append(
        ("ex.part.rt.read", dict(shape=fmt(res.shape), frag=fmt(frag.shape), nval=int(tc.atom_num_val), op=op))
    )
    return expl


# ---------------------------------------------------------------- front end


def explain_partition(
    mma=None,
    atom_layout=None,
    tile=None,
    copy=None,
    value_type=None,
    thr=None,
    val=None,
    shape=None,
    layout=None,
    operand=None,
    side=None,
    fragment=False,
    retile=False,
    thread=0,
    detail: int = 1,
    smem_address: int | None = None,
) -> Explanation:
    """The partition explanation the options describe (see ``cutedump explain --help``)."""
    if mma is not None and copy is None and fragment and (operand or "C").upper() in ("A", "B"):
        m = build_mma(mma, atom_layout, tile)
        umma = is_umma_desc_operand(m, operand.upper())
        if umma or is_desc_operand(m, operand.upper()):  # an SS GMMA/UMMA operand's fragment is a descriptor tensor
            if shape is not None or layout is None:
                G = "UMMA" if umma else "GMMA"
                raise CuteDumpError(
                    f"a {G} shared-memory operand needs its smem layout: --layout "
                    f'"tile_to_shape({G}::Layout_K_SW128_Atom<half_t>, (_{128 if umma else 64},_64))"'
                )
            return explain_desc_fragment(m, parse_smem_layout(layout), operand, thread, smem_address, detail)
    tensor = _tensor(shape, layout)
    if copy is None:
        if mma is None:
            raise CuteDumpError("explain partition needs --mma ATOM (a TiledMMA) or --copy ATOM (a TiledCopy)")
        if side is not None or retile or thr is not None or val is not None or value_type is not None:
            raise CuteDumpError("--side/--retile/--thr/--val/--type need --copy (a TiledCopy)")
        m = build_mma(mma, atom_layout, tile)
        return explain_mma_partition(m, tensor, operand or "C", thread, fragment, detail)
    if fragment:
        raise CuteDumpError("--fragment is for a TiledMMA (--mma without --copy); with --copy use --retile")
    vt = value_type
    if vt is None:
        base, targs = split_template(copy)
        if targs and not targs[0].isdigit():
            vt = targs[-1]
        else:
            raise CuteDumpError("--type is required with --copy (the value type of Copy_Atom<Op, T>, e.g. half_t)")
    ca = copy_atom(copy, vt)
    if mma is not None:
        if thr is not None or val is not None:
            raise CuteDumpError("use either --thr/--val (make_tiled_copy) or --mma/--operand, not both")
        if operand is None:
            raise CuteDumpError("--copy with --mma needs --operand A, B or C (make_tiled_copy_A/B/C)")
        m = build_mma(mma, atom_layout, tile)
        tc = {"A": K.make_tiled_copy_A, "B": K.make_tiled_copy_B, "C": K.make_tiled_copy_C}[operand.upper()](ca, m)
        if retile:
            if side is not None:
                raise CuteDumpError("--retile explains retile_D of the MMA fragment; drop --side")
            return explain_retile(tc, m, tensor, operand, thread, detail)
    else:
        if retile:
            raise CuteDumpError("--retile needs --mma and --operand (the fragment to retile is the MMA's)")
        if operand is not None or atom_layout is not None or tile is not None:
            raise CuteDumpError("--operand/--atom-layout/--tile need --mma")
        if thr is None:
            raise CuteDumpError("--copy needs --thr (and --val) for make_tiled_copy, or --mma and --operand")
        tc = K.make_tiled_copy(ca, parse_layout_arg(thr, "--thr"), parse_layout_arg(val, "--val"), check=True)
    return explain_copy_partition(tc, tensor, side or "S", thread, detail)


def explain_desc_fragment(mma, smem, op: str, thread: int, address: int | None = None, detail: int = 1) -> Explanation:
    """``thr_mma.partition_fragment_A/B(sX)`` of an SS GMMA (or SS UMMA) TiledMMA, step by step."""
    op = op.upper()
    frag = D.desc_fragment(mma, thread, op, smem, address)  # checks everything first
    umma = frag.kind == "umma"
    spec = getattr(mma.atom.traits, "spec", None)
    vt = spec.types[0 if op == "A" else 1] if umma else mma.atom.traits.val_types[1 if op == "A" else 2]
    hdr = UMMA_HDR if umma else GMMA_HDR
    # the wording's names: GMMA or UMMA, make_gmma_desc or make_umma_desc, who sees the operand
    kk = dict(G="UMMA" if umma else "GMMA", mk="make_umma_desc" if umma else "make_gmma_desc")
    sop = D.smem_operand(smem, vt, address)
    X = "M" if op == "A" else "N"
    b = Builder(detail)
    st = b.step(
        "desc.smem",
        "make_tensor, cute/pointer_flagged.hpp",
        vt=canonical_type(vt),
        smem=smem,
        sw=sop.swizzle,
        inner=sop.layout,
        **kk,
        **DESC_K,
    )
    part_expl = explain_mma_partition(mma, sop.layout, op, thread, False, detail)
    st = b.step(
        "desc.part.umma" if umma else "desc.part",
        f"ThrMMA::partition_{op}, cute/atom/mma_atom.hpp",
        op=op,
        thread=thread,
        **kk,
        **DESC_K,
    )
    st.sub.extend(part_expl.steps)
    st.item("partition", None, frag.partition)
    st.item("offset", None, frag.offset)
    m = frag.match
    t = 128 // sop.bits if sop.bits < 128 else 1
    st = b.step("desc.recast", f"{kk['mk']}, {hdr}", t=t, bits=sop.bits, **kk, **DESC_K)
    st.item("tensor<0>(partition)", Call("get", frag.partition, targs=(0,)), get(frag.partition, 0))
    st.item("u128", Call("upcast", get(frag.partition, 0), targs=(t,)), m.u128)
    st = b.step(
        "desc.ltype", f"layout_type, {hdr}", sw=sop.swizzle, lt=m.layout_type, w=m.w, wb=m.w * 16, **kk, **DESC_K
    )
    st = b.step("desc.canon", f"{kk['mk']}, {hdr}", major=m.major, tile=m.tile, form=m.form, **kk, **DESC_K)
    st.item("canonical_layout", Call("logical_divide", m.u128, m.tile), m.canonical)
    st = b.step(
        "desc.fields", f"{kk['mk']}, {hdr}", sbo=m.sbo, lbo=m.lbo, start=hex4(m.desc.field("start_address")), **DESC_K
    )
    st.item("desc", None, m.desc.hex())
    st = b.step("desc.frag", f"MakeTensor<{kk['G']}::smem_desc<Major>>, {hdr}", **kk, **DESC_K)
    st.item(
        "layout",
        Call("replace", Call("upcast", frag.partition, targs=(t,)), Layout(C(1), C(0)), targs=(0,)),
        frag.layout,
    )
    expl = Explanation(
        "desc",
        {
            "version": CUTE_VERSION,
            "atom": mma.atom.name,
            "op": op,
            "thread": thread,
            "tensor": show(smem),
            "vt": canonical_type(vt),
            **kk,
        },
        b.steps,
        result=frag.cute_print(),
        result_cute=f"thr_mma.partition_fragment_{op}(sX)",
    )
    start = hex4(m.desc.field("start_address"))
    if address is None:
        expl.closing.append(("ex.desc.read.start_unset", dict(start=start)))
    else:
        expl.closing.append(("ex.desc.read.start", dict(start=start, addr=hex(address + frag.offset * sop.bits // 8))))
    expl.closing.extend(field_readings(m, X))
    expl.closing.append(("ex.desc.read.list", {}))
    for i, d in enumerate(frag.descriptors):
        expl.closing.append(("ex.desc.read.item", dict(i=i, hex=d.hex(), start=hex4(d.field("start_address")))))
    expl.closing = [(k, {**DESC_K, **f}) for k, f in expl.closing]
    expl.extra = {
        "descriptors": [d.hex() for d in frag.descriptors],
        "descriptor": m.desc.to_json(),
        "canonical_form": m.form,
        "layout_type": m.layout_type,
    }
    return expl
