"""English wording of ``cutedump tma`` and ``cutedump tmem`` readings (numbers come from the computed objects)."""

MESSAGES = {
    "tma.gbasis": "tma_gbasis (TMA box mode -> gmem mode): {gbasis}",
    "tma.sidx": "  smem index -> gmem mode: {full}; the unit-stride prefix {prefix} is what one TMA box covers",
    "tma.mode0": "  box mode {i}: {n} elements over gmem {names}; globalDim {gdim}, stride {st} elements (contiguous)",
    "tma.mode": "  box mode {i}: {n} elements over gmem {names}; globalDim {gdim}, stride {st} elements = {sb} bytes",
    "tma.box_split": "box: {box} = {elems} elements = {bytes} bytes: the whole box, split over the {parts} CTAs; "
    "each CTA's TMA instruction moves boxDim {cbox} = {celems} elements = {cbytes} bytes",
    "tma.box": "box: {box} = {elems} elements = {bytes} bytes per TMA instruction",
    "tma.box_gather": "box: {box} = {belems} elements (one row of mode {one}); a {kind} TMA instruction ({op}) moves "
    "{rows} such rows (picked by index): {elems} elements = {bytes} bytes",
    "tma.sidx_gather": "  smem index -> gmem mode: {full}; its unit-stride prefix {prefix}, of which a {kind} box keeps "
    "the first mode and one row of the second",
    "tma.instructions_gather": "instructions: {what} has {tiles} elements; one {kind} TMA instruction moves {elems}, so "
    "each CTA issues {n} TMA instruction(s) per tile",
    "tma.swizzle_none": "swizzle: the smem layout is not swizzled (CuTe reads {none}) -> {enum}",
    "tma.swizzle": "swizzle: {sw}: B={b} ({nb} units XORed), M={m} ({nm}-byte units), S={s} -> SmemSwizzleBits::{bits}, "
    "SmemSwizzleBase::{base} -> {enum}",
    "tma.tile_cta": "the CTA tile {tile}",
    "tma.tile_mma": "one CTA's part of the MMA tile {tiler}, (MMA,{modes}) = {tile},",
    "tma.instructions": "instructions: {what} has {tiles} elements; one TMA box covers {elems}, so each CTA issues {n} "
    "TMA instruction(s) per tile (tma_partition's TMA_Iter)",
    "tma.mc_split": "cluster {parts}: boxDim is the box divided from the last mode down ({box} -> {cbox}); CTA c "
    "loads elements [{celems}*c, {celems}*(c+{one})) of each box ({cbytes} bytes)",
    "tma.mc_share": "multicast: {split} and multicasts them to every CTA of the mask: each CTA receives the whole box",
    "tma.mc_own": "multicast: none: {split}; {op} does not multicast, so each CTA receives only its own part ({celems} "
    "of the {elems} elements); {twin} shares the tile (every CTA of the mask receives the whole box)",
    "tma.mc_none": "multicast: none (cluster {one}): boxDim is the whole box",
    "tmem.columns": "TMEM columns: {cols} (find_tmem_tensor_col_offset); {alloc}",
    "tmem.alloc": "TMEM::Allocator allocate({n}) of Sm100TmemCapacityColumns = {cap}",
    "tmem.no_fit": "does not fit: {why}",
    "tmem.lanes": "TMEM lanes: {lanes}",
    "tmem.picture": "lanes \\ columns (each char: {cols} {cols:|column|columns}, each row: {lanes} lanes)",
    "tmem.warps": "warps (the TMEM cells of each warp's partition_{side}(tCtAcc)):",
    "tmem.warp": "  warp {w}: lanes {l0}-{l1}, columns {c0}-{c1} ({k} cells)",
    "idesc.atoms": "atoms with this descriptor ({n}):",
    "idesc.none": "no catalog atom has this descriptor (no atom sets max_shift, and M/N/format combinations that "
    "CuTe's static_asserts refuse have no atom)",
    "idesc.notes": "hardware notes:",
    "idesc.note": "  {atom}: CuTe's traits accept a {acc} accumulator; tcgen05.mma kind::{kind} needs an {need} "
    "({need_type}) one",
}
