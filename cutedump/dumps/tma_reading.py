"""The readings of ``cutedump tma`` (box, swizzle, instructions per tile, multicast split) in a language: every
number from the computed TmaResult through :func:`cutedump.atoms.tma.box_facts` (and the result's own fields);
wording in dumps/messages/tma_{en,zh}.py."""

from __future__ import annotations

from cutedump.algebra import fmt
from cutedump.algebra.inttuple import is_tuple
from cutedump.atoms import tma as T
from cutedump.dumps.narrator import Narrator


def _br(v) -> str:
    return "{" + ", ".join(map(str, v)) + "}"


def _leaves(t):
    if is_tuple(t):
        out = []
        for x in t:
            out += _leaves(x)
        return out
    return [t]


def reading(r, lang: str = "en", mma_tile: tuple | None = None) -> list[str]:
    """The reading lines of a TmaResult. ``mma_tile``: (MMA tiler, mode names) of an SM100 maker (the tile is then
    one CTA's part of the MMA tile, (MMA,MMA_M,MMA_K)), None for Hopper's CTA tile."""
    n = Narrator(lang)

    def m(key, **kw):  # the notation the wording writes (no digit in a catalog): Swizzle<0,4,3>, one
        return n.msg(key, none="Swizzle<0,4,3>", one=1, kind=T.gather_kind(r), **kw)

    out = [
        m("tma.gbasis", gbasis=r.fmt_basis_layout(r.tma_gbasis)),
        m(
            "tma.sidx_gather" if T.gather_rows(r) > 1 else "tma.sidx",
            full=r.fmt_basis_layout(r.sidx2gmode_full),
            prefix=r.fmt_basis_layout(r.sidx2gmode),
        ),
    ]
    for i in range(r.rank):
        modes = _leaves(r.tma_gbasis.stride[i]) if is_tuple(r.tma_gbasis.stride) else [r.tma_gbasis.stride]
        names = ",".join(r.basis.fmt(x) for x in modes)
        kw = dict(i=i, n=r.box_dim_full[i], names=names, gdim=r.global_dim[i], st=r.global_strides_elems[i])
        out.append(m("tma.mode0", **kw) if i == 0 else m("tma.mode", sb=r.global_strides[i - 1], **kw))
    b = T.box_facts(r)
    box = dict(
        box=_br(b["box"]),
        elems=b["elements"],
        bytes=b["bytes"],
        parts=b["parts"],
        cbox=_br(b["cta_box"]),
        celems=b["cta_elements"],
        cbytes=b["cta_bytes"],
    )
    if b["rows"] > 1:  # gather4 (CUTLASS 4.7): the box is one row; an instruction moves 4 rows
        out.append(m("tma.box_gather", belems=b["box_elements"], rows=b["rows"], op=r.op, **box))
    else:
        out.append(m("tma.box_split", **box) if b["parts"] > 1 else m("tma.box", **box))
    if r.swizzle is None:
        out.append(m("tma.swizzle_none", enum=r.swizzle_enum))
    else:
        sb, sm, ss = int(r.swizzle.b), int(r.swizzle.m), int(r.swizzle.s)
        out.append(
            m(
                "tma.swizzle",
                sw=str(r.swizzle),
                b=sb,
                nb=1 << sb,
                m=sm,
                nm=1 << sm,
                s=ss,
                bits=r.swizzle_bits,
                base=r.swizzle_base,
                enum=r.swizzle_enum,
            )
        )
    what = (
        m("tma.tile_cta", tile=fmt(r.tiler_mn))
        if mma_tile is None
        else m("tma.tile_mma", tiler=fmt(tuple(mma_tile[0])), modes=mma_tile[1], tile=fmt(r.tiler_mn))
    )
    key = "tma.instructions_gather" if b["rows"] > 1 else "tma.instructions"
    out.append(m(key, what=what, tiles=b["tile_elements"], elems=b["elements"], n=b["instructions"]))
    if b["parts"] > 1:
        split = m("tma.mc_split", **box)
        out.append(
            m("tma.mc_share", split=split)
            if b["multicast"]
            else m("tma.mc_own", split=split, op=r.op, twin=T.multicast_twin(r.op), **box)
        )
    else:
        out.append(m("tma.mc_none"))
    return out
