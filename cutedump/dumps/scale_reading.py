"""The narration of ``cutedump scale``: every word from dumps/messages/scale_{en,zh}.py, every number from the facts
of :func:`cutedump.scale.report.scale_facts` (themselves evaluated from the layouts)."""

from __future__ import annotations

from cutedump.dumps.narrator import Narrator


def _t(v) -> str:
    return "(" + ",".join(str(x) for x in v) + ")"


def reading(f: dict, lang: str = "en") -> list[str]:
    m = Narrator(lang).msg
    if f["kind"] == "blockwise":
        return _blockwise(f, m)
    c, e = f["chunk"], f["element"]
    out = [
        m(
            "scale.config",
            kind=f["kind"],
            arch=f["arch"],
            sf_type=f["sf_type"],
            sfb=f["sf_bytes"],
            vs=f["vs"],
            config=f["config"],
        ),
        m("scale.chunk", expr=c["expr"], layout=c["layout"]),
        m(
            "scale.chunk_read",
            rows=c["rows"],
            per=c["scale_factors_per_row"],
            kel=c["k_elements"],
            bytes=c["bytes"],
            formula=c["row_formula"],
            word=c["tmem_word_bits"],
        ),
    ]
    for op in ("SFA", "SFB"):
        g = f[op.lower()]
        out.append(m("scale.gmem", op=op, expr=g["expr"], layout=g["layout"]))
        out.append(
            m(
                "scale.gmem_read",
                rows=g["rows"],
                rows_p=g["rows_padded"],
                ksf=g["k_scale_factors"],
                ksf_p=g["k_scale_factors_padded"],
                c0=g["chunks"][0],
                c1=g["chunks"][1],
                l=g["chunks"][2],
                sfs=g["scale_factors"],
                bytes=g["cosize"] * f["sf_bytes"],
            )
        )
    out.append(
        m(
            "scale.element",
            l0=e["l"],
            m=e["m"],
            k=e["k"],
            k0=e["k_first"],
            k1=e["k_last"],
            off=e["offset"],
            ci=e["chunk_index"],
            cm=e["chunk_m"],
            ck=e["chunk_k"],
            ic=e["in_chunk"],
            r=e["in_chunk_row"],
            j=e["in_chunk_sf"],
        )
    )
    s = f["smem"]
    if s is None:
        if f.get("smem_note"):
            out.append(m("scale.no_smem", arch=f["arch"], why=f["smem_note"]))
        return out
    out.append(m("scale.smem", tile=_t(s["tile"]), atom=s["atom"], cta=s["cta_group"], mk=s["mma_k"], nsf=s["mma_nsf"]))
    for op in ("SFA", "SFB"):
        g = s[op.lower()]
        out.append(
            m("scale.smem_op", op=op, expr=g["expr"], layout=g["layout"], rows=g["rows"], bytes=g["bytes_per_stage"])
        )
    if s["m_blocks"] == 0:
        out.append(m("scale.smem_empty", blk=f["chunk"]["rows"], mm=s["sfa"]["rows"], z=s["m_blocks"]))
    if s["k_blocks"] == 0:
        out.append(
            m(
                "scale.smem_empty_k",
                tk=s["tile"][2],
                vs=f["vs"],
                four=f["chunk"]["scale_factors_per_row"],
                z=s["k_blocks"],
            )
        )
    se = s["element"]
    out.append(
        m(
            "scale.smem_element" if se["offset"] is not None else "scale.smem_element_none",
            m=e["m"],
            k=e["k"],
            mt=se["mma_tile_m"],
            c=se["cta_in_pair"],
            mi=se["m_in_tile"],
            ki=se["k_in_tile"],
            kt=se["tile_k"],
            kb=se["k_block"],
            off=se["offset"],
        )
    )
    st = s.get("stages")
    if st is not None:
        out.append(m("scale.stages", n=st["n"]))
        for op in ("SFA", "SFB"):
            g = st[op.lower()]
            out.append(
                m("scale.stages_op", op=op, layout=g["layout"], step=g["stage_stride"], bytes=g["bytes"], n=st["n"])
            )
        out.append(
            m(
                "scale.stages_element" if st["element_last_stage"] is not None else "scale.stages_element_none",
                m=e["m"],
                k=e["k"],
                off=se["offset"],
                step=st["sfa"]["stage_stride"],
                last=st["n"] - 1,
                off_last=st["element_last_stage"],
            )
        )
    sm = s["sfb_mma"]
    out.append(m("scale.sfb_mma", atom=sm["atom"], m=sm["m"], n=sm["n"], tn=s["tile"][1], blk=f["chunk"]["rows"]))
    out += _tmem_lines(m, e, s.get("tmem"))
    n = s["tile"][1]
    if s["cta_group"] > 1:
        out.append(m("scale.sfb_2cta", cta=s["cta_group"], rows_a=s["sfa"]["rows"], rows=s["sfb"]["rows"]))
    if s["sfb"]["rows"] != n:
        out.append(m("scale.sfb_pad", n=n, blk=f["chunk"]["rows"], rows=s["sfb"]["rows"]))
    elif s["cta_group"] == 1:
        out.append(m("scale.sfb_same", rows=s["sfb"]["rows"], n=n))
    return out


def _blockwise(f, m):
    gm, gn, gk = f["granularity"]
    out = [
        m(
            "scale.bw_config",
            arch=f["arch"],
            sf_type=f["sf_type"],
            gm=gm,
            gn=gn,
            gk=gk,
            major=f["major"],
            config=f["config"],
        )
    ]
    for op in ("SFA", "SFB"):
        g = f[op.lower()]
        out.append(m("scale.gmem", op=op, expr=g["expr"], layout=g["layout"]))
        out.append(m("scale.bw_read", b0=g["blocks"][0], b1=g["blocks"][1], l=g["blocks"][2], sfs=g["scale_factors"]))
    e = f["element"]
    out.append(m("scale.bw_element", m=e["m"], k=e["k"], l0=e["l"], bm=e["block_m"], bk=e["block_k"], off=e["offset"]))
    s = f["smem"]
    if s is not None:
        for op in ("SFA", "SFB"):
            g = s[op.lower()]
            out.append(
                m(
                    "scale.bw_smem",
                    op=op,
                    tile=_t(s["tile"]),
                    expr=g["expr"],
                    layout=g["layout"],
                    sfs=g["scale_factors"],
                )
            )
    return out


def picture_words(f: dict, lang: str = "en") -> dict:
    """The words of ``cutedump scale --picture`` (title and panel captions), every number from the facts."""
    m = Narrator(lang).msg
    c = f["chunk"]
    # the row mode of stride one row's bytes: its rows share a line (r, r + grp, ...), grp the rows of the modes before
    per, grp, n = c["scale_factors_per_row"], 1, 1
    for size, stride in c["row_modes"]:
        if stride == per:
            n = size
            break
        grp *= size
    line = per * n
    out = {
        "title": m("scale.pic_title", kind=f["kind"], sf_type=f["sf_type"], vs=f["vs"], config=f["config"]),
        "chunk": m(
            "scale.pic_chunk",
            rows=c["rows"],
            per=c["scale_factors_per_row"],
            layout=c["layout"],
            line=line,
            lrows=", ".join(["r"] + [f"r+{i * grp}" for i in range(1, n)]),
            grp=grp,
        ),
        "tile": None,
    }
    t = f["picture"]["tile"]
    if t is not None:
        e = f["element"]
        out["tile"] = m(
            "scale.pic_tile",
            rows=t["rows"],
            kel=f["smem"]["tile"][2],
            cols=t["cols"],
            vs=f["vs"],
            atom=f["smem"]["atom"],
            m=e["m"],
            k=e["k"],
            chunk=c["bytes"],
        )
    return out


def _tmem_lines(m, e, t) -> list:
    """One stage's scale factors in tensor memory (facts of cutedump.scale.tmem) and A(m,k)'s cells there."""
    if t is None:
        return []
    out = [m("scale.tmem", op=t["utccp"], c0=t["sfa"]["first_column"])]
    for op in ("SFA", "SFB"):
        g = t[op.lower()]
        out.append(m("scale.tmem_op", op=op, tmem=g["tmem"], cols=g["columns"], n=g["copies"], alloc=g["alloc"]))
    cells = t["element"]["cells"]
    out.append(
        m(
            "scale.tmem_element",
            m=e["m"],
            k=e["k"],
            col=cells[0]["column"],
            byte=cells[0]["byte"],
            lanes=", ".join(str(c["lane"]) for c in cells),
            subs=", ".join(str(c["subpartition"]) for c in cells),
        )
    )
    return out
