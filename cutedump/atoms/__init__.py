"""MMA and Copy atoms, TiledMMA and TiledCopy, computed with the engine exactly as CuTe 4.2 does.

Public API (stable; other commands import it): ``mma_atom``, ``copy_atom``, ``make_tiled_mma``,
``make_tiled_copy``, ``make_tiled_copy_A/B/C``, ``make_tiled_copy_C_atom``, ``make_tiled_copy_S/D``,
``partition_shape`` (imported from ``cutedump.atoms``)::

    atom = mma_atom("SM80_16x8x16_F16F16F16F16_TN")     # MMAAtom; str(atom) == print(MMA_Atom<...>{})
    atom.thr_id, atom.shape_mnk, atom.layout_a_tv, atom.layout_b_tv, atom.layout_c_tv, atom.val_types

    mma = make_tiled_mma(atom_or_name, "(_2,_2)", "(_32,_32,_16)")   # Layout/str atom layout, tuple/str Tile<>
    mma.get_thr_layout_vmnk(); mma.tile_size_mnk(i); mma.tile_shape(); mma.size()
    mma.get_layoutA_TV(); mma.get_layoutB_TV(); mma.get_layoutC_TV()
    mma.thrfrg_A(L); mma.thrfrg_B(L); mma.thrfrg_C(L)                # L: the tensor's Layout
    thr = mma.get_slice(tid); thr.partition_A(L) -> (layout, offset); partition_B/C likewise
    thr.partition_fragment_A(L) / _B / _C -> Layout;  partition_shape(mma, "A", shape)
    str(mma) == print(TiledMMA)

    ca = copy_atom("SM75_U32x4_LDSM_N", "half_t")       # Copy_Atom<Op, ValType>
    ca.val_layout_src / _dst / _ref, ca.bit_layout_*, ca.num_val_src, ca.src2ref(), ca.dst2ref()
    tc = make_tiled_copy(ca, "(_16,_8):(_8,_1)", "(_1,_8)")   # or make_tiled_copy_A/B/C(ca, mma), _C_atom, _S/_D
    tc.tiled_layout_tv, tc.tiler_mn, tc.get_layoutS_TV(), tc.get_layoutD_TV(), tc.tidfrg_S(L), tc.tidfrg_D(L),
    tc.tile2thrfrg(L, ref2trg), tc.retile(L), tc.get_slice(tid).partition_S(L) -> (layout, offset), partition_D
    str(tc) == print(TiledCopy)

    SM100 UMMA: mma_atom("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>").traits.instr_desc() -> InstrDescriptor
    (.hex(), .explain(), fields); decode_instr_desc(0x08400010) and atoms_for_instr_desc(desc) go back to atoms;
    tmem_fragment_C(mma, (_128,_256)) -> TmemTensor (str() as CuTe prints it, .columns()); make_tmem_copy(op, acc).

    lookup_mma(name) / lookup_copy(name, value_type) -> catalog traits; catalog_mma() / catalog_copy();
    value_type_bits("half_t") == 16;  sample_table(layout, tids) -> the per-thread table of 001.

Every function raises cutedump.errors.CuteDumpError (one line) for bad input: unknown names get suggestions,
layouts that do not tile get the rule they break.
"""

from importlib import import_module

# name -> (submodule, its name there): each submodule loads on first use of one of its names (start-up: `mma SM80_...`
# loads neither the SM100 catalogs nor TMEM; the submodules load the ones they need themselves)
_LAZY = {
    **{n: ("types", n) for n in ("VALUE_TYPES", "canonical_type", "value_type_bits")},
    **{n: ("mma_catalog", n) for n in ("MMATraits", "lookup_mma", "catalog_mma", "all_mma_names")},
    **{n: ("copy_catalog", n) for n in ("CopyTraits", "lookup_copy", "catalog_copy", "all_copy_names")},
    **{
        n: ("mma", n)
        for n in (
            "MMAAtom",
            "TiledMMA",
            "ThrMMA",
            "mma_atom",
            "make_tiled_mma",
            "partition_shape",
            "partition_fragment",
            "make_fragment_like",
        )
    },
    **{
        n: ("copy", n)
        for n in (
            "CopyAtom",
            "TiledCopy",
            "ThrCopy",
            "copy_atom",
            "make_tiled_copy",
            "make_tiled_copy_A",
            "make_tiled_copy_B",
            "make_tiled_copy_C",
            "make_tiled_copy_C_atom",
            "make_tiled_copy_S",
            "make_tiled_copy_D",
            "make_tiled_copy_impl",
        )
    },
    "sample_table": ("samples", "sample_table"),
    "InstrDescriptor": ("umma_desc", "InstrDescriptor"),
    "decode_instr_desc": ("umma_desc", "decode"),
    **{n: ("mma_catalog.sm100", n) for n in ("UMMATraits", "umma_families", "atoms_for_instr_desc")},
    **{n: ("tmem", n) for n in ("TmemTensor", "tmem_fragment_C", "tmem_fragment_A", "make_tmem_copy")},
}


def __getattr__(name):
    try:
        mod, attr = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(import_module(f"{__name__}.{mod}"), attr)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "VALUE_TYPES",
    "canonical_type",
    "value_type_bits",
    "MMATraits",
    "lookup_mma",
    "catalog_mma",
    "all_mma_names",
    "CopyTraits",
    "lookup_copy",
    "catalog_copy",
    "all_copy_names",
    "MMAAtom",
    "TiledMMA",
    "ThrMMA",
    "mma_atom",
    "make_tiled_mma",
    "partition_shape",
    "partition_fragment",
    "make_fragment_like",
    "CopyAtom",
    "TiledCopy",
    "ThrCopy",
    "copy_atom",
    "make_tiled_copy",
    "make_tiled_copy_A",
    "make_tiled_copy_B",
    "make_tiled_copy_C",
    "make_tiled_copy_C_atom",
    "make_tiled_copy_S",
    "make_tiled_copy_D",
    "make_tiled_copy_impl",
    "sample_table",
    "InstrDescriptor",
    "decode_instr_desc",
    "UMMATraits",
    "umma_families",
    "atoms_for_instr_desc",
    "TmemTensor",
    "tmem_fragment_C",
    "tmem_fragment_A",
    "make_tmem_copy",
]
