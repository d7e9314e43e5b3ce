"""The fusion operations (``--fusion``, cutedump.collective.fusion's table) on CUTLASS 4.2's SM100 and SM120 TMA
epilogues: the size of the FusionCallbacks' SharedStorage (sm100/sm120_callbacks_tma_warpspecialized.hpp, built of
SM90's EVT nodes and the block-scale-factor store nodes), the block-scale-factor operations' callbacks, checks and
scale-factor fields (examples 72b and 79b: SFD's layout from cutedump.scale), and their why lines."""

from __future__ import annotations

from cutedump.collective.fusion import AUX, BIAS, COMP, SFE, SFL, SFVS, elements, op, parse
from cutedump.collective.sm90 import Choice, Phrase, Refused

FB100 = "cutlass/epilogue/fusion/sm100_callbacks_tma_warpspecialized.hpp"
FB120 = "cutlass/epilogue/fusion/sm120_callbacks_tma_warpspecialized.hpp"
ST100 = "cutlass/epilogue/fusion/sm100_visitor_store_tma_warpspecialized.hpp"
ST120 = "cutlass/epilogue/fusion/sm120_visitor_store_tma_warpspecialized.hpp"


def _ru(x: int, a: int) -> int:
    return -(-x // a) * a


#: the block-scale-factor operations CUTLASS 4.2 has FusionCallbacks for on each non-grouped TMA epilogue (the
#: specializations of sm100/sm120_callbacks_tma_warpspecialized.hpp), by GmemLayoutTagScalefactor; the SM100 no-smem
#: epilogue's callbacks are the TMA ones with 0 stages. LinCombEltActBlockScaleFactor has callbacks only for the
#: ptr-array (grouped) epilogues.
SF_CALLBACKS = {
    "sm100": {
        "LinCombBlockScaleFactor": ("RowMajor", "ColumnMajor"),
        "LinCombPerRowBiasBlockScaleFactor": ("RowMajor", "ColumnMajor"),
        "LinCombPerColBiasBlockScaleFactor": ("RowMajor",),
        "LinCombPerRowBiasEltActBlockScaleFactor": ("RowMajor", "ColumnMajor"),
        "LinCombPerColBiasEltActBlockScaleFactor": ("RowMajor",),
    },
    "sm120": {
        "LinCombBlockScaleFactor": ("RowMajor", "ColumnMajor"),
        "LinCombPerRowBiasBlockScaleFactor": ("RowMajor", "ColumnMajor"),
        "LinCombPerColBiasBlockScaleFactor": ("RowMajor", "ColumnMajor"),
        "LinCombPerRowBiasEltActBlockScaleFactor": ("RowMajor", "ColumnMajor"),
        "LinCombPerColBiasEltActBlockScaleFactor": ("RowMajor", "ColumnMajor"),
    },
}

#: sm103g: the ptr-array (grouped) epilogues' block-scale-factor callbacks (FusionCallbacks<
#: Sm100PtrArrayTmaWarpSpecialized, ..> of sm100_callbacks_tma_warpspecialized.hpp, 4.2 and 4.7 alike; the ptr-array
#: no-smem epilogue takes them with 0 stages): RowMajor LinCombBlockScaleFactor and LinCombEltActBlockScaleFactor only
SF_CALLBACKS_PTR_ARRAY = {
    "sm100": {"LinCombBlockScaleFactor": ("RowMajor",), "LinCombEltActBlockScaleFactor": ("RowMajor",)},
}


def _family(cfg) -> str:
    """The epilogue builder's arch: SM103's is SM100's (cutlass/epilogue/collective/builders/sm103_builder.inl
    aliases CollectiveBuilder<arch::Sm100, ...>), whose callbacks and store nodes it takes."""
    return "sm100" if cfg.arch in ("sm100", "sm103") else cfg.arch


def sf_checks(cfg, em: int, en: int, ptr: bool = False) -> None:
    """A block-scale-factor operation's FusionCallbacks: one CUTLASS specializes for the epilogue and SF layout tag
    (else the primary template's static_assert, cutlass/epilogue/fusion/callbacks.hpp:55), then its store node's
    static_asserts (Sm100/Sm120BlockScaleFactorRowStore/ColStore): the epilogue tile's N (a RowMajor SFD, K-major)
    or M (ColumnMajor, MN-major) holds 1, 2, 4 or 8 scale-factor vectors (SM120's column store: 1, 2 or 4)."""

    el = elements(cfg)
    name = parse(cfg.fusion).name
    fam = _family(cfg)
    table = SF_CALLBACKS_PTR_ARRAY if ptr and fam in SF_CALLBACKS_PTR_ARRAY else SF_CALLBACKS
    if el[SFL] not in table[fam].get(name, ()):
        raise Refused(
            "Could not find a callbacks specialization.",
            f"cutlass/epilogue/fusion/callbacks.hpp:55 (no FusionCallbacks<{fam.capitalize()}{'PtrArray' if ptr else ''}"
            f"..., {name}<..., "
            f"{el[SFL]}, ...>> in {FB100 if fam == 'sm100' else FB120})",
        )
    vs, row = el[SFVS], el[SFL] == "RowMajor"
    ext = en if row else em
    st = ST100 if fam == "sm100" else ST120
    if ext % vs:
        raise Refused("EpilogueTileN should be divisible by SFVecSize", st)
    ok = (1, 2, 4, 8) if row or fam == "sm100" else (1, 2, 4)
    if ext // vs not in ok:
        raise Refused("Possible store in interleaved 4B aligned format", st)


def callbacks_storage(cfg, em: int, en: int, stages_d: int, aux_align: int = 0) -> tuple[int, int, dict]:
    """sizeof and alignof FusionCallbacks::SharedStorage of an SM100/SM120 epilogue, and its parts (the Sm90 EVT
    nodes the callbacks are built of: a per-column bias, Sm90RowBroadcast, keeps the CTA tile's N values in smem; an
    Aux output, Sm90AuxStore, one epilogue tile per StagesD, aligned as its swizzle (``aux_align``); the
    block-scale-factor store nodes their reduction scratch; everything else an empty struct)."""
    from cutedump.collective.config import ELEMENT_BITS  # start-up: as the caller

    if parse(cfg.fusion).tree is not None:  # a custom EVT: the tree's own SharedStorage
        from cutedump.collective import evt as E  # start-up: the EVT nodes only for a tree

        size, align = E.callbacks_storage(cfg.fusion)
        return size, align, {"evt": size}
    f = op(parse(cfg.fusion).name)
    el = elements(cfg)
    parts = {"bias": 0, "aux": 0, "sf": 0}
    out, align = 0, 1
    if f.bias == "col":  # array_aligned<ElementBias, N>: a sub-byte type is one byte an element there
        parts["bias"] = _ru(cfg.tile[1] * max(ELEMENT_BITS[el[BIAS]], 8) // 8, 16)
        out += parts["bias"]
        align = 16
    if f.aux == "out" and stages_d:
        parts["aux"] = em * en * stages_d * ELEMENT_BITS[el[AUX]] // 8
        out = _ru(out, max(aux_align, 1)) + parts["aux"]
        align = max(align, aux_align)
    if f.sf:
        comp = ELEMENT_BITS[el[COMP]] // 8
        if _family(cfg) == "sm100":  # the column store's array_aligned<ElementCompute, SFVecSize 64 ? 4 : 0>: 16 bytes
            nbytes, al = (16, 16) if el[SFL] == "ColumnMajor" else (0, 1)
        else:  # 8 warps' quads (row store: 64 values) or threads of a quad (column store: 32 values)
            nbytes, al = (64 if el[SFL] == "RowMajor" else 32) * comp, comp
        if nbytes:
            parts["sf"] = nbytes
            out = _ru(out, al) + nbytes
            align = max(align, al)
    return max(_ru(out, align), 1), align, parts


def storage_choice(cfg, total: int, parts: dict, em: int, en: int, stages_d: int, rule: str):
    """The why line of the fusion callbacks' smem (a Choice of the operation's name)."""

    p = parse(cfg.fusion)
    if p.tree is not None:
        from cutedump.collective import evt as E  # start-up: as callbacks_storage

        value, key, facts = E.storage_facts(cfg.fusion, total)
        return Choice(value, E.RULE, Phrase(key, **facts))
    name = p.name
    if not any(parts.values()):
        return Choice(name, rule, Phrase("coll.fusion_no_smem", name=name, total=total))
    return Choice(
        name,
        rule,
        Phrase(
            "coll.fusion_smem",
            name=name,
            bias=parts["bias"],
            n=cfg.tile[1],
            aux=parts["aux"],
            em=em,
            en=en,
            stages=stages_d,
            sf=parts["sf"],
            total=total,
        ),
    )


def sfd_choice(cfg, rule: str):
    """The why line of a block-scale-factor output: its vector size, scale-factor type and SFD layout."""

    el = elements(cfg)
    major = "K" if el[SFL] == "RowMajor" else "MN"
    return Choice(
        el[SFVS],
        rule,
        Phrase(
            "coll.fusion_sfd",
            name=parse(cfg.fusion).name,
            vs=el[SFVS],
            element=el[SFE],
            tag=el[SFL],
            major=major,
            config="Sm1xxBlockScaledOutputConfig",
        ),
    )


def sf_fields(cfg) -> dict:
    """The block-scale-factor operation's fields (its SFVecSize, ElementBlockScaleFactor, GmemLayoutTagScalefactor)
    and the SFD layout its store node tiles: Sm1xxBlockScaledOutputConfig<SFVecSize, K (RowMajor) or MN>::LayoutSF
    (cutedump.scale.layouts.output_layout_sfd)."""
    from cutedump.scale.layouts import output_layout_sfd  # start-up: the scale-factor layouts only for this answer

    el = elements(cfg)
    major = "K" if el[SFL] == "RowMajor" else "MN"
    return {
        "sf_vec_size": el[SFVS],
        "element_block_scale_factor": el[SFE],
        "gmem_layout_tag_scalefactor": el[SFL],
        "layout_sfd": str(output_layout_sfd(el[SFVS], major)),
    }


def late_error(cfg, cta_m: int):
    """A compile error (not a static_assert) the fused epilogue hits in a function body: SM100's per-column bias
    node (Sm90RowBroadcast) compares its sub-byte ElementBias with a float (an ambiguous operator==). g++ reports it
    after every static_assert of the translation unit, so the build raises it last (None when there is none)."""
    from cutedump.collective.config import ELEMENT_BITS  # start-up: as the caller

    f = op(parse(cfg.fusion).name)
    el = elements(cfg)
    bits = ELEMENT_BITS[el[BIAS]]
    if _family(cfg) != "sm100" or f.bias != "col" or bits >= 8:
        return None
    m, n, k = cta_m, cfg.tile[1], cfg.tile[2]
    bias, comp = el[BIAS], el[COMP]
    node = (
        f"cutlass::epilogue::fusion::Sm90RowBroadcast<0, cute::tuple<cute::C<{m}>, cute::C<{n}>, cute::C<{k}> >, "
        f"cutlass::{bias}, {comp}, cute::tuple<cute::C<0>, cute::C<1>, long int>, {128 // bits}, true>"
    )
    return Refused(
        f"error: ambiguous overload for ‘operator==’ (operand types are ‘const {node}::ElementInput’ "
        f"{{aka ‘const cutlass::{bias}’}} and ‘float’)",
        "cutlass/epilogue/fusion/sm90_visitor_load_tma_warpspecialized.hpp (Sm90RowBroadcast with a sub-byte "
        "ElementBias)",
    )
