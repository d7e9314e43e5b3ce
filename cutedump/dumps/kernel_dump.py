"""The narrated host-only dump of a kernel model (``cutedump sgemm-sm80 --dump-layouts``, ``cutedump kernel``).

Layout of the text (every value is the engine's, printed as CuTe's ``print``)::

    name: value                     one line per int tuple / layout / tensor layout
    name:                           TiledCopy / TiledMMA: the name, then CuTe's multi-line print block
    <blank> ldmatrix ...            an atom_detail entry: the Src/Dst/Ref value layouts, src2ref/dst2ref and
                                    the src2ref sample table, in 001_def41a443f4b8bf4.txt's format
    <blank> thread: T               then the thread's tensors and partitions, one line each

With readings on, each printed object is followed by one line ``  # ...`` in words (catalogs
``messages/kernel_en.py`` / ``kernel_zh.py``); ``readings=False`` gives exactly what the kernel itself would
print (the differential test compares it with real CuTe).
"""

from __future__ import annotations

from importlib import import_module

from cutedump.algebra import Layout, cosize, get, size
from cutedump.algebra import inttuple as it
from cutedump.algebra.evaluate import values_list
from cutedump.algebra.inttuple import is_static, is_tuple
from cutedump.algebra.swizzle import ComposedLayout
from cutedump.atoms import TiledCopy, TiledMMA, sample_table
from cutedump.dumps import kernel_sm100
from cutedump.dumps.narrator import render as fill
from cutedump.errors import CuteDumpError
from cutedump.expr import format_result
from cutedump.kernel.sm100 import BLOCK_KINDS as S100_BLOCK_KINDS
from cutedump.kernel.tensor import CoordTensor

LANGS = ("zh", "en")
BLOCK_KINDS = ("tiled_copy", "tiled_mma", "tiled_copy_A", "tiled_copy_B", "tiled_copy_C", "tma_atom") + S100_BLOCK_KINDS


def messages(lang: str) -> dict:
    if lang not in LANGS:
        raise CuteDumpError(f"unknown language {lang!r}; available: {', '.join(LANGS)}")
    return import_module(f"cutedump.dumps.messages.kernel_{lang}").MESSAGES


class Block:
    """One printed object: its name, CuTe's text of its value, and its reading (or None)."""

    name: str
    kind: str
    text: str  # the exact printed lines (ends without a newline)
    reading: str | None
    section: str  # "objects" or "thread"

    def __init__(self, name, kind, text, reading, section):
        self.name = name
        self.kind = kind
        self.text = text
        self.reading = reading
        self.section = section

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(name={self.name!r}, kind={self.kind!r}, text={self.text!r}, "
            f"reading={self.reading!r}, section={self.section!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name, self.kind, self.text, self.reading, self.section) == (
                other.name,
                other.kind,
                other.text,
                other.reading,
                other.section,
            )
        return NotImplemented

    __hash__ = None  # mutable: compared by value, not hashable


def _show(v) -> str:
    if isinstance(v, CoordTensor):  # a TMA coordinate tensor: print(tensor), its ArithTuple origin included
        return str(v)
    return format_result(v)


def _int(v) -> str:
    return str(int(v))


# ---------------------------------------------------------------- readings


def _modes(names, layout_or_shape, M) -> list[str]:
    """'name = size' for each top-level mode (names from the description; mode i when absent)."""
    shp = getattr(layout_or_shape, "shape", layout_or_shape)
    modes = shp if is_tuple(shp) else (shp,)
    names = _names(names, len(modes))
    return [fill(M["mode"], name=n, value=_int(size(m))) for n, m in zip(names, modes)]


def _names(names, r: int) -> list[str]:
    lst = [s.strip() for s in names.split(",")] if names else []
    return [lst[i] if i < len(lst) and lst[i] else f"mode{i}" for i in range(r)]


def _tuple_text(parts, M) -> str:
    return "(" + ",".join(parts) + ")" if len(parts) > 1 else parts[0]


def _div_mode(name, value, size_, tile, M):
    s, t = int(size_), int(tile)
    key = "mode_div" if s % t == 0 else "mode_ceil"
    return fill(M[key], name=name, value=value, size=s, tile=t)


def _reading(item, dump, M) -> str | None:
    e, v, kind = item.entry, item.value, item.kind
    r = kernel_sm100.reading(item, dump, M)  # Blackwell kinds and fragments
    if r is not None:
        return r
    names = e.get("modes")
    J = M["join"]
    if kind == "value":
        if isinstance(v, (Layout, ComposedLayout)):
            base = v.b if isinstance(v, ComposedLayout) else v
            txt = fill(
                M["layout"], modes=J.join(_modes(names, base, M)), size=_int(size(base)), cosize=_int(cosize(base))
            )
            if isinstance(v, ComposedLayout) and hasattr(v.a, "yyy_msk"):
                sw = v.a
                y0 = sw.m + max(0, sw.s)
                z0 = sw.m - min(0, sw.s)
                txt += fill(M["swizzle"], sw=str(sw), y0=y0, y1=y0 + sw.b, z0=z0, z1=z0 + sw.b)
            return txt
        if is_tuple(v) or isinstance(v, int):
            txt = J.join(_modes(names, v, M))
            return txt + ("" if is_static(v) else M["dynamic"])
        return None
    if kind == "tiled_copy" or kind in ("tiled_copy_A", "tiled_copy_B", "tiled_copy_C"):
        tiler = v.tiler_mn
        tile = "x".join(_int(size(t)) for t in (tiler if is_tuple(tiler) else (tiler,)))
        return fill(
            M["tiled_copy"],
            threads=_int(v.tiled_num_thr),
            vals=_int(v.tiled_num_val),
            total=_int(v.tiled_num_thr * v.tiled_num_val),
            tile=tile,
            atom_vals=_int(v.atom_num_val),
            bits=v.atom.value_bits,
        )
    if kind == "tiled_mma":
        vm = v.thr_layout_vmnk
        atoms = int(size(vm)) // int(size(get(vm, 0)))
        mnk = "x".join(_int(size(get(v.atom_layout_mnk, i))) for i in range(3))
        amnk = "x".join(_int(x) for x in v.atom.shape_mnk)
        tile = "x".join(_int(x) for x in v.tile_shape())
        return fill(
            M["tiled_mma"],
            threads=_int(v.size()),
            atom_threads=_int(size(get(vm, 0))),
            atoms=atoms,
            layout=mnk,
            atom_mnk=amnk,
            tile=tile,
        )
    if kind == "query":
        of, method = item.info["of"], e["method"]
        if method == "get_thr_layout_vmnk":
            parts = [_int(size(get(v, i))) for i in range(4)]
            terms = []
            for i, nm in enumerate(("ThrV", "ThrM", "ThrN", "ThrK")):
                d = get(v, i).stride
                if int(size(get(v, i))) > 1 and not is_tuple(d) and int(d) != 0:
                    terms.append(nm if int(d) == 1 else f"{int(d)}*{nm}")
            return fill(
                M["vmnk"],
                v=parts[0],
                m=parts[1],
                n=parts[2],
                k=parts[3],
                total=_int(size(v)),
                formula=" + ".join(terms) or "0",
            )
        if isinstance(of, TiledMMA):
            i, j = {"get_layoutA_TV": (0, 2), "get_layoutB_TV": (1, 2), "get_layoutC_TV": (0, 1)}[method]
            tile = f"{_int(of.tile_size_mnk(i))}x{_int(of.tile_size_mnk(j))}"
        else:
            tiler = of.tiler_mn
            tile = "x".join(_int(size(t)) for t in (tiler if is_tuple(tiler) else (tiler,)))
        return fill(M["tv"], tile=tile, threads=_int(size(get(v, 0))), vals=_int(size(get(v, 1))))
    if kind == "atom_detail":
        d2r = v.dst2ref()
        ident = values_list(d2r) == list(range(int(size(d2r))))  # d2r(i) == i for every i
        return fill(M["ldmatrix"], dst_ident=M["dst_identity"] if ident else M["dst_not_identity"])
    if kind == "tensor":
        base = v.b if isinstance(v, ComposedLayout) else v
        return fill(M["tensor"], modes=J.join(_modes(names, base, M)), memory=M[item.info["memory"]])
    if kind == "local_tile":
        return fill(M["local_tile"], modes=J.join(_modes(names, v, M)), src=e["tensor"])
    if kind == "partition":
        return _partition_reading(item, dump, M)
    if kind in ("tma_atom", "tma_tensor", "tma_partition", "tma_bytes"):
        return _tma_reading(item, M)
    return None


def _box(r) -> str:
    return "{" + ",".join(map(str, r.box_dim_full)) + "}"


def _braces(v) -> str:
    return "{" + ",".join(map(str, v)) + "}"


def _tma_reading(item, M) -> str:
    """The readings of the TMA kinds (cutedump.kernel.model._build_tma)."""
    from cutedump.atoms.tma import Basis, RatioE0  # start-up: only TMA kernels need it

    e, v, info, kind = item.entry, item.value, item.info, item.kind
    J = M["join"]
    if kind == "tma_atom":
        from cutedump.atoms.tma import box_facts  # start-up: only TMA kernels need it

        r = v.tma
        d = r.tensor_map()
        b = box_facts(r)
        recast = (
            fill(M["tma_recast"], type=r.value_type, tma=r.tma_type, tbits=r.tma_bits)
            if getattr(r, "tma_type", None)
            else ""
        )
        if b["parts"] > 1:
            share = fill(M["tma_share_multicast" if b["multicast"] else "tma_share_own"], op=r.op)
            return (
                fill(
                    M["tma_atom_split"],
                    op=r.op,
                    gmem=v.gmem,
                    type=r.value_type,
                    smem=info["smem_expr"],
                    box=_braces(b["box"]),
                    elems=b["elements"],
                    bytes=b["bytes"],
                    parts=b["parts"],
                    celems=b["cta_elements"],
                    cbytes=b["cta_bytes"],
                    share=share,
                    bdim=_braces(b["cta_box"]),
                    **_map_words(d),
                )
                + recast
            )
        return (
            fill(
                M["tma_atom"],
                op=r.op,
                gmem=v.gmem,
                type=r.value_type,
                smem=info["smem_expr"],
                box=_box(r),
                elems=int(r.num_elems_per_tma),
                bytes=int(r.num_elems_per_tma) * r.bits // 8,
                bdim=_braces(d["box_dim"]),
                **_map_words(d),
            )
            + recast
        )
    if kind == "tma_tensor":
        lay = v.layout
        leaves = list(it.flatten(lay.stride)) if is_tuple(lay.stride) else [lay.stride]
        names = _names(e.get("modes"), len(leaves))
        terms = []
        for n, d in zip(names, leaves):
            _k, j = Basis.split(d)
            if isinstance(d, RatioE0):  # _1/_2@0 (a recast TMA's): coordinate 0, by a fraction
                j = 0
            terms.append(fill(M["tma_term"], name=n, j=j) if j is not None else fill(M["tma_term_none"], name=n))
        return fill(M["tma_tensor"], modes=J.join(_modes(e.get("modes"), lay, M)), of=e["of"], terms=J.join(terms))
    if kind == "tma_partition":
        lay = v.layout if info["side"] == "gmem" else v
        r = info["of"].tma
        modes = J.join(_modes(e.get("modes"), lay, M))
        m0 = it.wrap(lay.shape)[0]
        if info["side"] == "gmem":
            iters = int(size(m0[1])) if is_tuple(m0) and len(m0) > 1 else 1
            return fill(
                M["tma_part_g"],
                modes=modes,
                src=info["src"],
                of=info["atom"],
                tma=_int(size(m0)),
                iters=iters,
                box=int(r.num_elems_per_tma),
            )
        return fill(
            M["tma_part_s"],
            modes=modes,
            src=info["src"],
            of=info["atom"],
            tma=_int(size(m0)),
            bytes=int(size(m0)) * r.bits // 8,
        )
    parts = " + ".join(f"{n} {b}" for n, b in info["parts"])
    return fill(M["tma_bytes"], parts=parts, total=v)


def _partition_reading(item, dump, M) -> str:
    e, v, info = item.entry, item.value, item.info
    base = v.b if hasattr(v, "b") else v
    op, of = info["op"], info["of"]
    if of is None:  # make_fragment_like(tensor)
        modes = base.shape if is_tuple(base.shape) else (base.shape,)
        parts = [
            fill(M["mode"], name=n, value=_int(size(m))) for n, m in zip(_names(e.get("modes"), len(modes)), modes)
        ]
        return fill(M["fragment_like"], modes=M["join"].join(parts), src=e["tensor"])
    src = info["src_layout"]
    src_base = src.b if hasattr(src, "b") else src
    modes = base.shape if is_tuple(base.shape) else (base.shape,)
    names = _names(e.get("modes"), len(modes))
    J = M["join"]
    parts = []
    m0 = modes[0]
    if isinstance(of, TiledCopy):
        fv = int(of.atom_num_val)
        parts.append(fill(M["frg"], name=names[0], value=_show(m0), v=fv, x=int(size(m0)) // fv if fv else 0))
    else:
        parts.append(fill(M["mma_vals"], name=names[0], value=_int(size(m0))))
    tiles = _tiles(of, op)
    src_modes = src_base.shape if is_tuple(src_base.shape) else (src_base.shape,)
    for i in range(1, len(modes)):
        val = _int(size(modes[i]))
        if (
            op not in ("retile_D", "make_fragment_A", "make_fragment_B", "make_fragment_C")
            and i - 1 < len(tiles)
            and i - 1 < len(src_modes)
        ):
            parts.append(_div_mode(names[i], val, size(src_modes[i - 1]), tiles[i - 1], M))
        else:
            parts.append(fill(M["mode"], name=names[i], value=val))
    if "desc" in info:  # a GMMA descriptor tensor: one descriptor per wgmma block of the operand
        parts[0] = fill(M["desc_vals"], name=names[0], value=_int(size(m0)))
        return fill(
            M["desc_part"],
            modes=J.join(parts),
            thread=dump.thread,
            src=e["tensor"],
            op=op,
            of=e["of"],
            **_desc_fields(item),
        )
    key = "retile" if op == "retile_D" else ("copy_part" if isinstance(of, TiledCopy) else "mma_part")
    if key == "mma_part" and "thr" in e:  # get_slice(mma_v): a CTA's share (the SM100 MMAs are per CTA)
        return fill(
            M["mma_part_cta"],
            modes=J.join(parts),
            thr=e["thr"],
            v=_show(info["thr_idx"]),
            src=e["tensor"],
            op=op,
            of=e["of"],
        )
    return fill(M[key], modes=J.join(parts), thread=dump.thread, src=e["tensor"], op=op, of=e["of"])


def _desc_fields(item) -> dict:
    """The k-block-0 descriptor of a descriptor tensor item (``tCrA(0)``) and its fields, for the readings."""
    frag = item.info["desc"]
    d = frag.first
    f = d.fields()
    return dict(
        name=item.name,
        hex=d.hex(),
        operand=frag.operand,
        major=frag.match.major,
        layout_type=d.layout_type_name,
        start=f"0x{f['start_address']:04x}",
        lbo=f["leading_byte_offset"],
        sbo=f["stride_byte_offset"],
        base=f["base_offset"],
    )


def desc_items(dump) -> list:
    """The thread's descriptor tensors (make_fragment_A/B or partition_fragment_A/B of an SS GMMA operand)."""
    return [it for it in dump.tensors if "desc" in it.info]


def _desc_root(dump, item):
    """The smem tensor a descriptor tensor reads (through its partition_A/B), and its swizzle on byte addresses."""
    name = item.info["src"]
    seen = set()
    while name not in seen:
        seen.add(name)
        try:
            src = dump.item(name)
        except KeyError:
            return name, None
        if "flagged" in src.info:
            return name, src.info["flagged"].a
        name = src.info.get("src", name)
    return name, None


def desc_blocks(dump, M) -> list[Block]:
    """The descriptor audit: per wgmma operand, the k-block-0 descriptor and whether its layout type is the swizzle
    of the smem tile it reads (a TMA or cp.async copy that writes the tile must use that same swizzle)."""
    items = desc_items(dump)
    if not items:
        return []
    out = [Block("descriptors", "desc_title", "\n" + M["desc_title"], None, "desc")]
    for it in items:  # noqa: F402 - an item, not the inttuple module (unused here)
        tensor, sw = _desc_root(dump, it)
        fields = _desc_fields(it)
        lt = fields["layout_type"]
        want = _LAYOUT_OF_SWIZZLE.get((sw.b, sw.m, sw.s)) if sw is not None else None
        verdict = fill(M["desc_same" if want == lt else "desc_differs"], sw=str(sw), want=want or "?")
        out.append(Block(it.name, "desc", fill(M["desc_line"], tensor=tensor, verdict=verdict, **fields), None, "desc"))
    return out


# the GMMA layout type that reads what a TMA swizzle mode writes (CU_TENSOR_MAP_SWIZZLE_* vs GMMA LayoutType)
_LAYOUT_OF_TMA_SWIZZLE = {
    "CU_TENSOR_MAP_SWIZZLE_NONE": "INTERLEAVE",
    "CU_TENSOR_MAP_SWIZZLE_32B": "B32",
    "CU_TENSOR_MAP_SWIZZLE_64B": "B64",
    "CU_TENSOR_MAP_SWIZZLE_128B": "B128",
}


def tma_audit(dump) -> list[dict]:
    """Per smem output of a tma_partition: the TMA swizzle mode, the wgmma descriptors that read the same smem
    tensor (their k-block-0 layout type) and whether they agree, and the bytes the TMA copy writes a stage."""
    out = []
    descs = [(it_, _desc_root(dump, it_)[0]) for it_ in desc_items(dump)]
    for it_ in dump.tensors:
        if it_.kind != "tma_partition" or it_.info.get("side") != "smem":
            continue
        r, tensor = it_.info["of"].tma, it_.info["smem"]
        m0 = it.wrap(it_.value.shape)[0]
        box_bytes = int(r.num_elems_per_tma) * r.bits // 8
        iters = int(size(m0[1])) if is_tuple(m0) and len(m0) > 1 else 1
        want = _LAYOUT_OF_TMA_SWIZZLE.get(r.swizzle_enum)
        readers = [
            {"name": d.name, "layout_type": _desc_fields(d)["layout_type"], "want": want}
            for d, root in descs
            if root == tensor
        ]
        readers += kernel_sm100.umma_readers(dump, tensor, r.swizzle_enum)  # UMMA descriptors (Blackwell)
        out.append(
            {
                "name": it_.info["atom"],
                "partition": it_.name,
                "tensor": tensor,
                "op": r.op,
                "swizzle": r.swizzle_enum,
                "layout_type": want,
                "readers": readers,
                "matches": all(x["layout_type"] == x["want"] for x in readers) if readers else None,
                "box_dim": list(r.box_dim_full),
                "box_bytes": box_bytes,
                "boxes_per_stage": iters,
                "stage_bytes": int(size(m0)) * r.bits // 8,
                "tensor_map": r.tensor_map(),
            }
        )
    return out


def tma_blocks(dump, M) -> list[Block]:
    """The TMA audit: a title, one line per TMA copy, and the transaction bytes of one stage."""
    rows = tma_audit(dump)
    if not rows:
        return []
    umma = any(d.get("kind") == "umma" for x in rows for d in x["readers"])
    out = [Block("tma", "tma_title", "\n" + M["tma_title_umma" if umma else "tma_title"], None, "tma")]
    for x in rows:
        if not x["readers"]:
            verdict = fill(M["tma_no_desc_umma" if umma else "tma_no_desc"], tensor=x["tensor"])
        else:
            verdict = M["join"].join(
                fill(
                    M[
                        ("tma_same" if d["layout_type"] == d["want"] else "tma_differs")
                        + ("_umma" if d.get("kind") == "umma" else "")
                    ],
                    desc=f"{d['name']}(0)",
                    lt=d["layout_type"],
                    want=d["want"] or "?",
                )
                for d in x["readers"]
            )
        out.append(
            Block(
                x["name"],
                "tma",
                fill(
                    M["tma_line"],
                    name=x["name"],
                    tensor=x["tensor"],
                    swizzle=x["swizzle"],
                    verdict=verdict,
                    iters=x["boxes_per_stage"],
                    bytes=x["box_bytes"],
                    box=_braces(x["box_dim"]),
                    stage=x["stage_bytes"],
                ),
                None,
                "tma",
            )
        )
    for it_ in dump.tensors:
        if it_.kind == "tma_bytes" and it_.show:
            parts = " + ".join(f"{n} {b}" for n, b in it_.info["parts"])
            out.append(
                Block(it_.name, "tma", fill(M["tma_total"], name=it_.name, parts=parts, total=it_.value), None, "tma")
            )
    return out


# GMMA layout types by the byte swizzle of the smem atoms (mma_sm90_desc.hpp LayoutType; GMMA::Layout_*_Atom)
_LAYOUT_OF_SWIZZLE = {(0, 4, 3): "INTERLEAVE", (1, 4, 3): "B32", (2, 4, 3): "B64", (3, 4, 3): "B128"}


def desc_json(dump) -> list[dict]:
    out = []
    for it in desc_items(dump):  # noqa: F402 - an item, not the inttuple module (unused here)
        tensor, sw = _desc_root(dump, it)
        frag = it.info["desc"]
        out.append(
            {
                "name": it.name,
                "operand": frag.operand,
                "major": frag.match.major,
                "tensor": tensor,
                "smem_swizzle": None if sw is None else str(sw),
                "k_block_0": frag.first.to_json(),
                "descriptors": [d.hex() for d in frag.descriptors],
            }
        )
    return out


def _tiles(of, op) -> list:
    """The tile extents a partition divides the tensor's leading modes by."""
    if isinstance(of, TiledCopy):
        t = of.tiler_mn
        return [size(x) for x in (t if is_tuple(t) else (t,))]
    # one thread's values repeat every AtomShape_i x ThrLayoutVMNK_(i+1) elements along mode i
    idx = {
        "partition_fragment_A": (0, 2),
        "partition_fragment_B": (1, 2),
        "partition_C": (0, 1),
        "partition_A": (0, 2),
        "partition_B": (1, 2),
    }.get(op, ())
    return [size(it.get(of.atom.shape_mnk, i)) * size(of.thr_layout_vmnk, i + 1) for i in idx]


# ---------------------------------------------------------------- the blocks


def _atom_detail_text(atom) -> str:
    label = "ldmatrix" if "LDSM" in atom.name else ("stmatrix" if "STSM" in atom.name else atom.name)
    ref_shape = atom.val_layout_ref.shape
    sample = "(ref_tid,(lane,reg))" if label == "ldmatrix" else "(ref_tid,ref_vid)"
    lines = [
        "",
        f"{label} ValLayoutSrc (thr,val)->offset: {atom.val_layout_src}",
        f"{label} ValLayoutDst (thr,val)->offset: {atom.val_layout_dst}",
        f"{label} ValLayoutRef (thr,val)->offset: {atom.val_layout_ref}",
        "",
        f"{label} src2ref (src_tv->ref_tv): {atom.src2ref()}",
        f"{label} dst2ref (dst_tv->ref_tv): {atom.dst2ref()}",
        "",
        f"{label} src2ref samples (src_tid,src_vid)->{sample}:",
    ]
    lines += sample_table(atom.src2ref(), ref_shape)
    return "\n".join(lines)


def _bank_text(ln, M) -> str:
    sc = ln.copy
    tensor = sc.tensor + (sc.slice or "")
    common = dict(what=f"{sc.what} " if sc.what else "", copy=sc.copy, arrow="->" if sc.store else "<-", tensor=tensor)
    if ln.tma is not None:
        r = ln.tma
        return fill(
            M["bank_tma"], bytes=int(r.num_elems_per_tma) * r.bits // 8, box=_box(r), swizzle=r.swizzle_enum, **common
        )
    if ln.note is not None:
        return fill(M["bank_not_modelled"], note=ln.note, **common)
    t, a, v = ln.warp_totals, ln.all_totals, ln.vector
    txt = fill(
        M["bank_line"],
        side="partition_D" if sc.store else "partition_S",
        n=ln.per_warp,
        inst=ln.inst,
        warp=ln.warp,
        wf=t["wavefronts"],
        ideal=t["ideal"],
        conf=t["conflicts"],
        nwarps=ln.nwarps,
        all_conf=a["conflicts"],
        vec=v["max_common_vector"],
        vbits=v["max_vector_bits"],
        abits=v["atom_bits"],
        **common,
    )
    if ln.fixes is not None:
        fx = ln.fixes
        if "error" in fx:
            txt += fill(M["bank_fix_error"], error=fx["error"])
        elif fx.get("swizzle") is not None:
            from cutedump.render.bank_view import cute_cpp  # start-up: only a kernel whose audit found a fix

            txt += fill(M["bank_fix"], layout=fx["swizzle"].layout, cpp=cute_cpp(fx["swizzle"].layout))
        elif fx.get("padding") is not None:
            txt += fill(M["bank_pad"], layout=fx["padding"].layout)
        else:
            txt += fill(M["bank_nofix"], tensor=tensor)
    return txt


def bank_blocks(bank, warp: int, M) -> list[Block]:
    """The bank audit: a title, then one line per smem copy (cutedump.kernel.audit)."""
    if not bank:
        return [Block("bank", "bank_title", "\n" + M["bank_none"], None, "bank")]
    out = [Block("bank", "bank_title", "\n" + fill(M["bank_title"], warp=warp), None, "bank")]
    for ln in bank:
        out.append(Block(ln.copy.copy, "bank", _bank_text(ln, M), None, "bank"))
    return out


def bank_json(bank) -> list[dict]:
    out = []
    for ln in bank:
        sc = ln.copy
        d = {
            "copy": sc.copy,
            "tensor": sc.tensor,
            "slice": sc.slice,
            "what": sc.what,
            "direction": "store" if sc.store else "load",
        }
        if ln.tma is not None:
            d.update(
                note="TMA", tma={"op": ln.tma.op, "box_dim": list(ln.tma.box_dim_full), "swizzle": ln.tma.swizzle_enum}
            )
        elif ln.note is not None:
            d["note"] = ln.note
        else:
            d.update(
                inst=ln.inst,
                per_warp=ln.per_warp,
                warp=ln.warp,
                warp_totals=ln.warp_totals,
                warps=ln.nwarps,
                all_warps=ln.all_totals,
                vector={
                    k: ln.vector[k] for k in ("max_common_vector", "max_vector_bits", "atom_elements", "atom_bits")
                },
            )
            if ln.fixes is not None:
                from cutedump.render.bank_view import cute_cpp  # start-up: only a kernel whose audit found a fix

                fx = ln.fixes
                d["fix"] = {
                    k: (
                        None
                        if f is None
                        else f
                        if isinstance(f, str)
                        else {"layout": str(f.layout), "cute": cute_cpp(f.layout), "totals": f.totals}
                    )
                    for k, f in fx.items()
                }
        out.append(d)
    return out


def blocks(dump, lang: str = "zh", readings: bool = True, bank=None, warp: int = 0) -> list[Block]:
    """The dump as printed blocks, in order (objects, then the thread's tensors, then — with readings and a bank
    audit given — one line per shared-memory copy)."""
    M = messages(lang)
    out = []
    for section, items in (("objects", dump.objects), ("thread", dump.tensors)):
        if section == "thread":
            out.append(Block("thread", "thread", f"\nthread: {dump.thread}", None, "thread"))
        for it in items:  # noqa: F402 - an item, not the inttuple module (unused here)
            if not it.show:
                continue
            if it.kind in BLOCK_KINDS:
                text = f"{it.name}:\n" + it.value.print_str().rstrip("\n")
            elif it.kind == "atom_detail":
                text = _atom_detail_text(it.value)
            else:
                text = f"{it.name}: {_show(it.value)}"
            out.append(Block(it.name, it.kind, text, _reading(it, dump, M) if readings else None, section))
    if readings and bank is not None:
        out += bank_blocks(bank, warp, M)
        out += desc_blocks(dump, M)
        out += tma_blocks(dump, M)
    return out


def render_text(bl: list[Block], lang: str = "zh") -> str:
    prefix = messages(lang)["prefix"]
    lines = []
    for b in bl:
        lines.append(b.text)
        if b.reading:
            lines.append(prefix + b.reading)
    return "\n".join(lines) + "\n"


def as_json(dump, bl: list[Block], bank=None) -> dict:
    """The same names and values as the text (value = CuTe's print, multi-line for TiledCopy/TiledMMA); the bank
    audit under "bank" when given."""

    def entry(b):
        text = b.text.lstrip("\n")
        if b.kind in BLOCK_KINDS:
            value = text.split("\n", 1)[1]
        elif b.kind == "atom_detail":
            value = text
        else:
            value = text.split(": ", 1)[1]
        d = {"name": b.name, "kind": b.kind, "value": value}
        if b.reading:
            d["reading"] = b.reading
        return d

    return {
        "kernel": dump.name,
        "title": dump.title,
        "params": {k: _show(v) for k, v in dump.params.items()},
        "thread": dump.thread,
        "objects": [entry(b) for b in bl if b.section == "objects"],
        "tensors": [entry(b) for b in bl if b.section == "thread" and b.kind != "thread"],
        **({"bank": bank_json(bank)} if bank is not None else {}),
        **({"descriptors": desc_json(dump)} if bank is not None and desc_items(dump) else {}),
        **({"tma": tma_audit(dump)} if bank is not None and tma_audit(dump) else {}),
        **({"tma_atoms": tma_atoms_json(dump)} if tma_atoms_json(dump) else {}),
        **(
            {"umma_descriptors": kernel_sm100.umma_desc_json(dump)}
            if bank is not None and kernel_sm100.umma_desc_json(dump)
            else {}
        ),
    }


def tma_atoms_json(dump) -> list[dict]:
    """Every tma_atom entry's TMA as the engine computed it: the op, value type, the TmaInternalType where the maker
    was given one, the cuTensorMapEncodeTiled arguments (what its reading states), the box before the multicast
    split and the values one instruction moves."""
    out = []
    for it_ in dump.objects + dump.tensors:
        if it_.kind != "tma_atom":
            continue
        r = it_.value.tma
        out.append(
            {
                "name": it_.name,
                "op": r.op,
                "type": r.value_type,
                "tma_type": getattr(r, "tma_type", None) or r.value_type,
                "tensor_map": r.tensor_map(),
                "box_dim_before_multicast": list(r.box_dim_full),
                "elements_per_tma": int(r.num_elems_per_tma),
                "tma_tensor": r.tma_tensor_str(),
            }
        )
    return out


def render(dump, lang: str = "zh", readings: bool = True) -> str:
    return render_text(blocks(dump, lang, readings), lang)


def _map_words(d: dict) -> dict:
    """The tensor map's arguments a TMA atom's reading states (cuTensorMapEncodeTiled's, from its JSON ``d``), but
    the box, which the callers word per CTA or per atom."""
    return {
        "dtype": d["data_type"],
        "rank": d["rank"],
        "gdim": _braces(d["global_dim"]),
        "gstr": _braces(d["global_strides"]),
        "es": _braces(d["element_strides"]),
        "interleave": d["interleave"],
        "swizzle": d["swizzle"],
        "l2": d["l2_promotion"],
        "oob": d["oob_fill"],
    }
