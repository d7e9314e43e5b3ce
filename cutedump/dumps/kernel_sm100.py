"""Readings and JSON of the Blackwell pieces of a kernel dump (cutedump/kernel/sm100.py): MMA queries,
partition_shape, the TMEM copy, UMMA descriptor tensors and TMEM accumulators; catalogs messages/kernel_*.py."""

from __future__ import annotations

from cutedump.algebra import UNDERSCORE, cosize, filter_zeros, fmt, size
from cutedump.algebra.inttuple import is_static, is_tuple
from cutedump.dumps.narrator import render as fill
from cutedump.kernel.tensor import inner as _inner


def _names(names, r: int) -> list[str]:
    lst = [s.strip() for s in names.split(",")] if names else []
    return [lst[i] if i < len(lst) and lst[i] else f"mode{i}" for i in range(r)]


def _modes(names, shape, M) -> str:
    modes = shape if is_tuple(shape) else (shape,)
    return M["join"].join(
        fill(M["mode"], name=n, value="_" if m is UNDERSCORE else str(int(size(m))))
        for n, m in zip(_names(names, len(modes)), modes)
    )


def _has_underscore(v) -> bool:
    return v is UNDERSCORE or (is_tuple(v) and any(_has_underscore(x) for x in v))


def _tile(t) -> str:
    return "x".join(str(int(x)) for x in t)


def reading(item, dump, M) -> str | None:
    """The reading of a Blackwell item, or None when the generic readings apply."""
    e, v, kind, info = item.entry, item.value, item.kind, item.info
    names = e.get("modes")
    if kind == "value" and _has_underscore(v):  # a coordinate with _ (mma_coord_vmnk)
        return fill(M["coord"], modes=_modes(names, v, M)) + ("" if is_static(v) else M["dynamic"])
    if kind == "mma_query":
        of, method = e["of"], e["method"].replace(" ", "")
        tile = _tile(info["of"].tile_shape())
        if method.startswith("tile_size<"):
            return fill(M["tile_size"], dim="MNK"[int(method[10])], of=of, tile=tile)
        if method == "tile_shape":
            return fill(M["tile_shape"], of=of, tile=tile)
        if method == "AtomThrID":
            return fill(M["atom_thr_id"], of=of, n=int(size(v)))
        return fill(M["mma_size"], of=of, n=int(v))
    if kind == "partition_shape":
        return fill(
            M["partition_shape"], modes=_modes(names, v, M), op=info["operand"], of=e["of"], shape=fmt(info["shape"])
        )
    if kind == "zipped_divide":
        return fill(M["zipped_divide"], modes=_modes(names, _inner(v).shape, M), src=e["tensor"], tiler=e["tiler"])
    if kind == "scale_layout":
        z = filter_zeros(v)
        return fill(
            M["scale_layout"],
            modes=_modes(names, v.shape, M),
            call=info["expr"],
            sfs=int(size(z)),
            size=int(size(v)),
            cosize=int(cosize(z)),
        )
    if kind == "flat_coord":
        return fill(M["flat_coord"], modes=_modes(names, v, M), index=e["index"])
    if kind == "multicast_mask":
        bits = [str(i) for i in range(16) if v.value >> i & 1]
        mods = " | ".join(fill(M["mcast_modes"], modes=",".join(map(str, g))) for g in info["groups"])
        return fill(M["mcast_mask"], ctas=",".join(bits) or "-", modes=mods)
    if kind == "tmem_copy":
        tiler = v.tiler_mn
        tile = "x".join(str(int(size(t))) for t in (tiler if is_tuple(tiler) else (tiler,)))
        return fill(
            M["tmem_copy"],
            threads=int(v.tiled_num_thr),
            vals=int(v.tiled_num_val),
            tile=tile,
            src=e["tensor"],
            op=info["op"],
        )
    if kind == "partition" and e.get("of") and _is_tmem_copy(dump, e["of"]):
        return fill(
            M["tmem_copy_part"],
            modes=_modes(names, v.shape, M),
            thread=dump.thread,
            src=e["tensor"],
            op=e["op"],
            of=e["of"],
        )
    if kind == "partition" and "umma_desc" in info:
        frag = info["umma_desc"]
        d = frag.descriptors[0]
        f = d.fields()
        shp = v.shape if is_tuple(v.shape) else (v.shape,)
        nm = _names(names, len(shp))
        parts = [fill(M["umma_desc_vals"], name=nm[0], value=int(size(shp[0])))]
        parts += [fill(M["mode"], name=n, value=int(size(m))) for n, m in zip(nm[1:], shp[1:])]
        return fill(
            M["umma_desc"],
            modes=M["join"].join(parts),
            src=e["tensor"],
            op=e["op"],
            of=e["of"],
            name=item.name,
            hex=d.hex(),
            major=frag.match.major,
            layout_type=d.layout_type_name,
            start=f"0x{f['start_address']:04x}",
            lbo=f["leading_byte_offset"],
            sbo=f["stride_byte_offset"],
        )
    if kind == "sf_fragment":
        tm = info["tmem"]
        lanes = ", ".join(f"{a}..{b}" if a != b else str(a) for a, b in tm.lanes())
        return fill(
            M["sf_frag"],
            modes=_modes(names, v.shape, M),
            operand=info["operand"],
            of=e["of"],
            layout=e["layout"],
            lanes=lanes,
            cols=tm.columns(),
        )
    if kind == "partition" and "tmem" in info:
        tm = info["tmem"]
        lanes = ", ".join(f"{a}..{b}" if a != b else str(a) for a, b in tm.lanes())
        return fill(
            M["tmem_acc"], modes=_modes(names, v.shape, M), op=e["op"], of=e["of"], lanes=lanes, cols=tm.columns()
        )
    return None


def _is_tmem_copy(dump, name) -> bool:
    try:
        return dump.item(name).kind == "tmem_copy"
    except KeyError:
        return False


def umma_desc_json(dump) -> list[dict]:
    """The UMMA descriptor tensors of the dump: k-block 0's fields and every descriptor."""
    out = []
    for it in dump.tensors:
        frag = it.info.get("umma_desc")
        if frag is None:
            continue
        out.append(
            {
                "name": it.name,
                "operand": frag.operand,
                "major": frag.match.major,
                "tensor": it.info.get("src"),
                "k_block_0": frag.descriptors[0].to_json(),
                "descriptors": [d.hex() for d in frag.descriptors],
            }
        )
    return out


# UMMA layout types by the TMA swizzle mode (mma_sm100_desc.hpp LayoutType; UMMA::Layout_*_Atom)
_UMMA_LAYOUT_OF_TMA_SWIZZLE = {
    "CU_TENSOR_MAP_SWIZZLE_NONE": "SWIZZLE_NONE",
    "CU_TENSOR_MAP_SWIZZLE_32B": "SWIZZLE_32B",
    "CU_TENSOR_MAP_SWIZZLE_64B": "SWIZZLE_64B",
    "CU_TENSOR_MAP_SWIZZLE_128B": "SWIZZLE_128B",
}


def umma_readers(dump, tensor: str, swizzle_enum: str) -> list[dict]:
    """The UMMA descriptor tensors that read the smem tensor ``tensor`` (make_fragment_A/B of it), for the TMA audit:
    their k-block-0 layout type and the one the TMA's swizzle mode means."""
    out = []
    for it in dump.tensors:
        frag = it.info.get("umma_desc")
        if frag is not None and it.info.get("src") == tensor:
            out.append(
                {
                    "name": it.name,
                    "kind": "umma",
                    "layout_type": frag.descriptors[0].layout_type_name,
                    "want": _UMMA_LAYOUT_OF_TMA_SWIZZLE.get(swizzle_enum),
                }
            )
    return out
