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

Partitions of a UMMA TiledMMA (the kernel model's ``partition`` kind calls :func:`umma_fragment`): the tutorials
make their fragments from CTA-level tensors, ``cta_mma.make_fragment_A(tCsA)`` with tCsA the smem tensor over the
post-partitioned ``UMMA::tile_to_mma_shape`` layout, and ``make_fragment_C(tCgC)``:

- A/B of an SS UMMA: the descriptor tensor ``make_tensor(UMMA::DescriptorIterator{make_umma_desc<Major>(
  tensor<0>(sX))}, replace<0>(recast<uint128_t>(sX).layout(), Layout<_1,_0>{}))`` (mma_traits_sm100.hpp
  MakeTensor<UMMA::smem_desc>), its layout counting descriptors;
- C: the TMEM accumulator ``UMMA::tmem_frg<...>::make(shape(tCgC))`` (cutedump.atoms.tmem), printed as its layout.
"""
from __future__ import annotations

import re

from cutedump.errors import CuteDumpError
from cutedump.algebra import C, Layout, size, get, is_static, fmt, replace
from cutedump.algebra.inttuple import is_tuple
from cutedump.atoms import TiledMMA
from cutedump.atoms import tmem as TM
from cutedump.atoms.mma import partition_shape as _partition_shape

_TILE_SIZE = re.compile(r"tile_size<([012])>")
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
    m = _TILE_SIZE.fullmatch(method)
    if m:
        return mma.tile_size_mnk(int(m.group(1))), {"of": mma}
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
        ent.fail(f"shape = {ent.e['shape']!r}: partition_shape_{op} takes a shape of rank >= 2 "
                 f"({'(M,K)' if op == 'A' else '(N,K)' if op == 'B' else '(M,N)'}), got {fmt(shp)}", "shape")
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
    try:
        tc = TM.make_tmem_copy(op, it.info["tmem"])
    except CuteDumpError as err:
        ent.fail(f"make_tmem_copy({op}{{}}, {name}): {err.one_line()}", "op")
    return tc, {"tmem": it.info["tmem"], "op": op}


#: kind -> (required keys, optional keys, builder(ent, env, items, thread) -> (value, info), shown by default)
KINDS = {
    "mma_query": ({"of", "method"}, set(), _mma_query, True),
    "partition_shape": ({"of", "operand", "shape"}, set(), _partition_shape_kind, True),
    "check": ({"expr", "message"}, set(), _check, False),
    "tmem_copy": ({"op", "tensor"}, set(), _tmem_copy, True),
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
    base = src.b if hasattr(src, "b") else src
    if int(size(get(base, 0))) != int(size(get(tv, 1))):
        raise CuteDumpError(f"make_fragment_{operand}: size<0>({src_name}) = {int(size(get(base, 0)))} is not the "
                            f"MMA atom's {int(size(get(tv, 1)))} values (CUTE_STATIC_ASSERT_V(size<0>(tensor) == "
                            f"size<1>(Layout{operand}_TV{{}})): the tensor must be partitioned already)")
    if operand == "C":
        tm = TM.tmem_frg_make(*TM.frg_type_C(spec), base.shape)
        return tm.layout, {"tmem": tm}
    if operand == "A" and spec.family.src == "TS":
        tm = TM.tmem_frg_make(*TM.frg_type_A(spec), base.shape)
        return tm.layout, {"tmem": tm}
    if flagged is None:
        raise CuteDumpError(f"make_fragment_{operand} of a UMMA shared-memory operand makes a descriptor tensor: its "
                            "tensor must be an smem tensor over a UMMA smem_ptr layout (e.g. UMMA::tile_to_mma_shape("
                            "UMMA::Layout_K_SW128_Atom<half_t>, mma_shape_A))")
    frag = umma_desc_fragment(flagged, _major(spec, operand), spec.types[0 if operand == "A" else 1], operand)
    return frag.layout, {"umma_desc": frag}


def umma_desc_fragment(flagged, major: str, type_name: str, operand: str):
    """MakeTensor<UMMA::smem_desc<Major>>(sX) for sX = make_tensor(smem_ptr, flagged)."""
    from cutedump.atoms import smem_desc as SD     # start-up: only UMMA kernels need the descriptors
    sop = SD.smem_operand(flagged, type_name)
    first = SD.SmemOperand(sop.swizzle, sop.bits, get(sop.layout, 0), None)
    match = SD.make_desc("umma", major, first)
    frag = replace(SD._u128(sop.layout, sop.bits), 0, Layout(C(1), C(0)))
    if not is_static(frag.shape) or not is_static(frag.stride):
        raise CuteDumpError(f"the descriptor tensor {frag} is dynamic")
    descs = [match.desc + int(frag(i)) for i in range(int(size(frag)))]
    return SD.DescFragment("umma", operand, frag, sop.layout, 0, match, descs)
