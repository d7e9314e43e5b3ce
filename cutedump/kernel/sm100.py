"""Blackwell (SM100) pieces of the kernel model: the kinds and partitions the CUTLASS 4.2 Blackwell tutorials
(examples/cute/tutorial/blackwell/0X_*.cu) build, as data rows that :mod:`cutedump.kernel.model` reads.

Kinds (``KINDS``: name -> (required keys, optional keys, builder, printed by default)):

``mma_query``        of, method -> ``tile_size<0>(tiled_mma)`` ``tile_size<1>`` ``tile_size<2>``, ``tile_shape(...)``,
                     ``size(...)``, ``AtomThrID`` (``typename TiledMMA::AtomThrID{}``)
``partition_shape``  of, operand (A|B|C), shape -> ``partition_shape_A(tiled_mma, shape)``
``check``            expr, message -> the host code's ``if (not expr) { error; return; }``: the message when expr is
                     false (nothing printed otherwise)
``tmem_copy``        op, tensor -> ``make_tmem_copy(Op{}, tCtAcc)`` (tensor: a TMEM tensor entry, e.g. make_fragment_C
                     of a UMMA TiledMMA)
``zipped_divide``    tensor, tiler -> ``zipped_divide(tensor, tiler)`` of a tensor entry (a TMEM accumulator stays a
                     TMEM tensor, a TMA coordinate tensor one); ``tmem_copy`` takes ``slice`` (``tAcc_epi(_,_0{})``)
``flat_coord``       layout, index -> ``layout.get_flat_coord(index)`` (cluster_layout_vmnk.get_flat_coord(
                     block_rank_in_cluster()))
``multicast_mask``   layout, coord, modes_or -> ``create_tma_multicast_mask<2>(layout, coord)``; modes_or "0,1|0,2" is
                     ``create_tma_multicast_mask<0,1>(...) | create_tma_multicast_mask<0,2>(...)``; printed "%x"
``scale_layout``     config, fn, and shape (tile_atom_to_shape_SFA/SFB) or mma, tile (deduce_smem_layoutSFA/SFB) or
                     tile (smem_atom_layoutSFA/SFB) or nothing (deduce_layoutSFA/SFB) -> ``Config::fn(...)``, the
                     scale-factor layouts of a block-scaled or blockwise GEMM (config: ``cutlass::detail::
                     Sm1xxBlockScaledConfig<VS>`` ..., as the eval language reads it, cutedump.scale.named); mma names
                     a tiled_mma entry (its atom is what the config reads: TiledMma::K and its ThrLayoutVMNK)
``sf_fragment``       of, operand (A|B), layout -> ``make_tensor<TiledMma::FrgTypeSFA/SFB>(shape(layout))``: a block-scaled
                     UMMA's scale-factor fragment in TMEM (the collective's tCtSFA/tCtSFB, layout its
                     SmemLayoutAtomSFA/SFB), printed as its layout
The kernel model's ``tma_atom`` kind with the keys operand, mma and vmnk is ``make_tma_atom_A/B_sm100(op, gmem,
smem, tile, mma, vmnk)`` (:func:`make_tma_atom_sm100`, cutedump.atoms.tma_sm100).

Partitions of a UMMA TiledMMA (the kernel model's ``partition`` kind calls :func:`umma_fragment`): the tutorials
make their fragments from CTA-level tensors, ``cta_mma.make_fragment_A(tCsA)`` with tCsA the smem tensor over the
post-partitioned ``UMMA::tile_to_mma_shape`` layout, and ``make_fragment_C(tCgC)``:

- A/B of an SS UMMA: the descriptor tensor ``make_tensor(UMMA::DescriptorIterator{make_umma_desc<Major>(
  tensor<0>(sX))}, replace<0>(recast<uint128_t>(sX).layout(), Layout<_1,_0>{}))`` (mma_traits_sm100.hpp
  MakeTensor<UMMA::smem_desc>), its layout counting descriptors;
- C: the TMEM accumulator ``UMMA::tmem_frg<...>::make(shape(tCgC))`` (cutedump.atoms.tmem), printed as its layout.
"""

from __future__ import annotations

from cutedump.algebra import C, Layout, flatten, fmt, get, is_static, replace, size, zipped_divide
from cutedump.algebra.inttuple import is_tuple
from cutedump.atoms import TiledMMA
from cutedump.atoms.mma import partition_shape as _partition_shape
from cutedump.errors import CuteDumpError
from cutedump.expr import evaluate
from cutedump.kernel import tensor as T

MMA_QUERIES = ("tile_size<0>", "tile_size<1>", "tile_size<2>", "tile_shape", "size", "AtomThrID")


class CheckFailed(CuteDumpError):
    """A ``check`` entry is false: its message alone, as the kernel's host code prints it."""


def umma_spec(obj):
    """The UMMA spec of a TiledMMA's atom, None for other atoms."""
    if not isinstance(obj, TiledMMA):
        return None
    return getattr(obj.atom.traits, "spec", None)


# ---------------------------------------------------------------- kinds


def _mma_query(ent, env, items, thread):
    mma = env.get(ent, "of", TiledMMA, "a tiled_mma entry")
    method = ent.string("method").replace(" ", "")
    if method in MMA_QUERIES[:3]:  # tile_size<0>, tile_size<1>, tile_size<2>
        return mma.tile_size_mnk(int(method[10])), {"of": mma}
    if method == "tile_shape":
        return tuple(mma.tile_shape()), {"of": mma}
    if method == "size":
        return mma.size(), {"of": mma}
    if method == "AtomThrID":
        return mma.atom.thr_id, {"of": mma}
    ent.fail(f"unknown method {ent.e['method']!r} ({', '.join(MMA_QUERIES)})", "method")


def _partition_shape_kind(ent, env, items, thread):
    mma = env.get(ent, "of", TiledMMA, "a tiled_mma entry")
    op = ent.string("operand").strip().upper()
    if op not in ("A", "B", "C"):
        ent.fail(f"operand must be A, B or C, got {ent.e['operand']!r}", "operand")
    shp = env.eval(ent, "shape")
    if not is_tuple(shp) or len(shp) < 2:
        ent.fail(
            f"shape = {ent.e['shape']!r}: partition_shape_{op} takes a shape of rank >= 2 "
            f"({'(M,K)' if op == 'A' else '(N,K)' if op == 'B' else '(M,N)'}), got {fmt(shp)}",
            "shape",
        )
    try:
        return _partition_shape(mma, op, shp), {"of": mma, "operand": op, "shape": shp}
    except CuteDumpError as err:
        ent.fail(f"partition_shape_{op}: {err.one_line()}", "shape")


def _check(ent, env, items, thread):
    v = env.eval(ent, "expr")
    msg = ent.string("message")
    if not isinstance(v, (bool, int)) or is_tuple(v):
        ent.fail(f"expr = {ent.e['expr']!r} is not a condition (got {fmt(v)})", "expr")
    if not bool(int(v)):
        raise CheckFailed(msg)
    return v, {}


def _tmem_copy(ent, env, items, thread):
    name = ent.string("tensor")
    it = items.get(name)
    if it is None or "tmem" not in it.info:
        ent.fail(f"tensor = {name!r} is not a TMEM tensor entry (make_fragment_C of a UMMA TiledMMA)", "tensor")
    op = ent.string("op").strip()
    tm = it.info["tmem"]
    if "slice" in ent.e:  # make_tmem_copy(Op{}, tAcc_epi(_,_0{}))
        lay, off = T.slice_tensor(tm.layout, env.eval(ent, "slice"))
        tm = tm.with_layout(lay, int(off))
    from cutedump.atoms import tmem as TM  # start-up: only UMMA (TMEM) kernels need it

    try:
        tc = TM.make_tmem_copy(op, tm)
    except CuteDumpError as err:
        ent.fail(f"make_tmem_copy({op}{{}}, {name}{ent.e.get('slice', '')}): {err.one_line()}", "op")
    return tc, {"tmem": tm, "op": op}


def _zipped_divide(ent, env, items, thread):
    """zipped_divide(tensor, tiler) of a tensor entry: a TMEM tensor stays one (tAcc_epi), a TMA coordinate tensor
    too (gC_epi)."""
    name = ent.string("tensor")
    it = items.get(name)
    if it is None or it.kind in ("value", "query", "mma_query", "check") or not hasattr(T.inner(it.value), "shape"):
        ent.fail(f"tensor = {name!r} is not a tensor entry", "tensor")
    tiler = env.eval(ent, "tiler")
    if it.info.get("flagged") is not None:
        ent.fail("zipped_divide of an smem tensor over a smem_ptr layout is not modelled", "tensor")
    v = T.rewrap(it.value, zipped_divide(T.inner(it.value), tiler))
    info = {"src": name}
    if "tmem" in it.info:
        info["tmem"] = it.info["tmem"].with_layout(T.inner(v))
    for k in ("memory",):
        if k in it.info:
            info[k] = it.info[k]
    return v, info


def _flat_coord(ent, env, items, thread):
    from cutedump.atoms import tma_sm100 as TS  # start-up: only TMA kernels need it

    lay = env.layout(ent, "layout")
    idx = env.eval(ent, "index")
    if not isinstance(idx, int) or is_tuple(idx):
        ent.fail(f"index = {ent.e['index']!r} is not an integer", "index")
    if not 0 <= int(idx) < int(size(lay)):
        ent.fail(f"index {int(idx)} is outside the layout's {int(size(lay))} coordinates", "index")
    for n, d in zip(flatten(lay.shape), flatten(lay.stride)):
        if int(n) > 1 and int(d) == 0:  # get_hier_coord = idx2crd(idx, shape, stride): idx / 0
            ent.fail(
                f"get_flat_coord({int(idx)}) of {lay}: idx2crd(idx, shape, stride) divides by the stride 0 of "
                f"an extent-{int(n)} mode (real CuTe's program dies with SIGFPE; a 2-SM MMA needs ClusterM >= 2)",
                "layout",
            )
    return TS.flat_coord(lay, int(idx)), {}


class Mask:
    """A uint16_t multicast mask, printed as the tutorials print it (printf("%x"))."""

    def __init__(self, value: int):
        self.value = int(value) & 0xFFFF

    def __str__(self) -> str:
        return f"{self.value:x}"


def _multicast_mask(ent, env, items, thread):
    from cutedump.atoms import tma_sm100 as TS  # start-up: only TMA kernels need it

    lay = env.layout(ent, "layout")
    crd = env.eval(ent, "coord")
    if not is_tuple(crd) or len(crd) != 4:
        ent.fail(f"coord = {ent.e['coord']!r} is not a (V,M,N,K) coordinate", "coord")
    modes_text = ent.string("modes_or")
    value = 0
    groups = []
    for grp in modes_text.split("|"):
        try:
            modes = tuple(int(x) for x in grp.split(","))
        except ValueError:
            ent.fail(f'modes_or = {modes_text!r}: groups of mode indices like "0,1|0,2"', "modes_or")
        if not modes or any(not 0 <= m < 4 for m in modes):
            ent.fail(f"modes_or = {modes_text!r}: mode indices are 0..3 (V,M,N,K)", "modes_or")
        value |= TS.create_tma_multicast_mask(lay, tuple(crd), modes)
        groups.append(modes)
    return Mask(value), {"groups": groups}


def make_tma_atom_sm100(ent, env, gmem, smem, tile):
    """make_tma_atom_A/B_sm100(op, gmem, smem, mma_tiler, tiled_mma, cluster_layout_vmnk): the TmaResult (the
    ``tma_atom`` kind of the kernel model with the keys operand, mma, vmnk)."""
    from cutedump.atoms import tma_sm100 as TS  # start-up: only TMA kernels need it

    mma = env.get(ent, "mma", TiledMMA, "a tiled_mma entry")
    operand = ent.string("operand").strip().upper()
    if operand not in ("A", "B"):
        ent.fail(
            f"operand must be A or B (make_tma_atom_A_sm100 / make_tma_atom_B_sm100), got {ent.e['operand']!r}",
            "operand",
        )
    vmnk = env.layout(ent, "vmnk")
    cluster = tuple(C(int(size(get(vmnk, i)))) for i in range(4))
    # (ClusterM, ClusterN, ClusterK) back from tiled_divide(make_layout(cluster_shape), AtomThrID): the V mode of
    # a ClusterM smaller than the atom's CTAs is a broadcast (stride 0), not part of the cluster
    v_stride = get(vmnk, 0).stride
    v_part = 1 if all(int(x) == 0 for x in (v_stride if is_tuple(v_stride) else (v_stride,))) else int(cluster[0])
    shape = (C(v_part * int(cluster[1])), cluster[2], cluster[3])
    try:
        tma_type = ent.string("tma_type").strip() if "tma_type" in ent.e else None
        t = TS.make_tma_sm100(
            operand, ent.string("op"), ent.string("type"), gmem, smem, tile, mma, shape, tma_type=tma_type
        )
    except CuteDumpError as err:
        ent.fail(err.one_line(), "op")
    if str(t.vmnk) != str(vmnk):
        ent.fail(
            f"vmnk = {ent.e['vmnk']!r} is not the cluster layout of {ent.e['mma']} "
            f"(tiled_divide(make_layout(cluster_shape), make_tile(AtomThrID)) = {t.vmnk})",
            "vmnk",
        )
    return t.tma


_SF_ARGS = {  # member prefix -> the keys its call takes, in order
    "tile_atom_to_shape_SF": ("shape",),
    "deduce_smem_layoutSF": ("mma", "tile"),
    "smem_atom_layoutSF": ("tile",),
    "deduce_layoutSF": (),
}


def _scale_layout(ent, env, items, thread):
    """``Config::fn(args)`` of a scale-factor config (cutedump.scale.named answers it, as ``cutedump eval`` does); the
    tiled MMA argument of deduce_smem_layoutSFA/SFB is a tiled_mma entry, spelled to the eval language as
    ``make_tiled_mma(ATOM{})`` (what the config reads of it: the atom's K and its ThrLayoutVMNK)."""
    fn = ent.string("fn").strip()
    keys = next((v for k, v in _SF_ARGS.items() if fn in (k + "A", k + "B")), None)
    if keys is None:
        names = ", ".join(f"{k}A/B" for k in _SF_ARGS)
        ent.fail(f"fn = {ent.e['fn']!r}: one of {names}", "fn")
    for k in ("shape", "mma", "tile"):
        if k in ent.e and k not in keys:
            ent.fail(f"{fn} takes no key {k!r} (keys: {', '.join(keys) or 'none'})", k)
    args = []
    for k in keys:
        ent.need(k)
        if k == "mma":
            mma = env.get(ent, "mma", TiledMMA, "a tiled_mma entry")
            src = items[ent.string("mma")].entry
            if any(x in src for x in ("atom_layout", "permutation")) or umma_spec(mma) is None:
                ent.fail(
                    f"mma = {ent.e['mma']!r}: a tiled_mma entry of one UMMA atom (make_tiled_mma(ATOM{{}}))", "mma"
                )
            args.append(f"make_tiled_mma({env.subst(src['atom'], plain_ints=True)}{{}})")
        else:
            args.append(env.subst(ent.string(k)))
    config = env.subst(ent.string("config"), plain_ints=True).strip()
    text = f"{config}::{fn}({', '.join(args)})"
    try:
        v = evaluate(text, literal=True)
    except CuteDumpError as err:
        ent.fail(f"{text}: {err.one_line()}", "fn")
    if not isinstance(v, Layout):
        ent.fail(f"{text} is not a layout (got {fmt(v)})", "fn")
    return v, {"expr": text}


def _sf_fragment(ent, env, items, thread):
    """``make_tensor<TiledMma::FrgTypeSFA/SFB>(shape(layout))`` (CUTLASS's block-scaled collective's tCtSFA/tCtSFB,
    the UMMA's scale-factor fragments in TMEM: cutedump.atoms.utccp.sf_tmem_fragment), printed as its layout."""
    mma = env.get(ent, "of", TiledMMA, "a tiled_mma entry")
    operand = ent.string("operand").strip().upper()
    if operand not in ("A", "B"):
        ent.fail(f"operand must be A or B (FrgTypeSFA / FrgTypeSFB), got {ent.e['operand']!r}", "operand")
    lay = env.layout(ent, "layout")
    from cutedump.atoms import utccp as UT  # start-up: only block-scaled kernels need it

    try:
        tm = UT.sf_tmem_fragment(mma, lay, operand)
    except CuteDumpError as err:
        ent.fail(f"make_tensor<FrgTypeSF{operand}>(shape({ent.e['layout']})): {err.one_line()}", "layout")
    return tm.layout, {"tmem": tm, "operand": operand, "sf": True}


#: kind -> (required keys, optional keys, builder(ent, env, items, thread) -> (value, info), shown by default)
KINDS = {
    "mma_query": ({"of", "method"}, set(), _mma_query, True),
    "partition_shape": ({"of", "operand", "shape"}, set(), _partition_shape_kind, True),
    "check": ({"expr", "message"}, set(), _check, False),
    "tmem_copy": ({"op", "tensor"}, {"slice"}, _tmem_copy, True),
    "zipped_divide": ({"tensor", "tiler"}, set(), _zipped_divide, True),
    "flat_coord": ({"layout", "index"}, set(), _flat_coord, True),
    "multicast_mask": ({"layout", "coord", "modes_or"}, set(), _multicast_mask, True),
    "scale_layout": ({"config", "fn"}, {"shape", "mma", "tile"}, _scale_layout, True),
    "sf_fragment": ({"of", "operand", "layout"}, set(), _sf_fragment, True),
}
BLOCK_KINDS = ("tmem_copy",)


# ---------------------------------------------------------------- UMMA fragments


def _major(spec, operand: str) -> str:
    return "K" if (spec.a_major if operand == "A" else spec.b_major) == 0 else "MN"


def umma_fragment(mma, op: str, src, flagged, src_name: str):
    """(value, info) of ``cta_mma.make_fragment_A/B/C(src)`` / ``partition_fragment_*`` of a UMMA TiledMMA, src the
    layout of the (already partitioned) tensor; ``flagged``: the smem_ptr layout of an smem tensor src, or None."""
    spec = umma_spec(mma)
    operand = op[-1]
    atom = mma.atom
    tv = {"A": atom.layout_a_tv, "B": atom.layout_b_tv, "C": atom.layout_c_tv}[operand]
    base = T.inner(src)
    if int(size(get(base, 0))) != int(size(get(tv, 1))):
        raise CuteDumpError(
            f"make_fragment_{operand}: size<0>({src_name}) = {int(size(get(base, 0)))} is not the "
            f"MMA atom's {int(size(get(tv, 1)))} values (CUTE_STATIC_ASSERT_V(size<0>(tensor) == "
            f"size<1>(Layout{operand}_TV{{}})): the tensor must be partitioned already)"
        )
    from cutedump.atoms import tmem as TM  # start-up: only UMMA (TMEM) kernels need it

    if operand == "C":
        tm = TM.tmem_frg_make(*TM.frg_type_C(spec), base.shape)
        return tm.layout, {"tmem": tm}
    if operand == "A" and spec.family.src == "TS":
        tm = TM.tmem_frg_make(*TM.frg_type_A(spec), base.shape)
        return tm.layout, {"tmem": tm}
    if flagged is None:
        raise CuteDumpError(
            f"make_fragment_{operand} of a UMMA shared-memory operand makes a descriptor tensor: its "
            "tensor must be an smem tensor over a UMMA smem_ptr layout (e.g. UMMA::tile_to_mma_shape("
            "UMMA::Layout_K_SW128_Atom<half_t>, mma_shape_A))"
        )
    frag = umma_desc_fragment(flagged, _major(spec, operand), spec.types[0 if operand == "A" else 1], operand)
    return frag.layout, {"umma_desc": frag}


def umma_desc_fragment(flagged, major: str, type_name: str, operand: str):
    """MakeTensor<UMMA::smem_desc<Major>>(sX) for sX = make_tensor(smem_ptr, flagged)."""
    from cutedump.atoms import smem_desc as SD  # start-up: only UMMA kernels need the descriptors

    sop = SD.smem_operand(flagged, type_name)
    first = SD.SmemOperand(sop.swizzle, sop.bits, get(sop.layout, 0), None)
    match = SD.make_desc("umma", major, first)
    frag = replace(SD._u128(sop.layout, sop.bits), 0, Layout(C(1), C(0)))
    if not is_static(frag.shape) or not is_static(frag.stride):
        raise CuteDumpError(f"the descriptor tensor {frag} is dynamic")
    descs = [match.desc + int(frag(i)) for i in range(int(size(frag)))]
    return SD.DescFragment("umma", operand, frag, sop.layout, 0, match, descs)
