"""English wording of ``cutedump scale`` (every number comes from the computed layouts, cutedump.scale.report)."""

MESSAGES = {
    "scale.config": "{kind} on {arch}: one {sf_type} scale factor ({sfb} {sfb:|byte|bytes}) per {vs} elements of K; "
    "the layouts are {config}'s",
    "scale.chunk": "the basic chunk {expr}: {layout}",
    "scale.chunk_read": "  {rows} rows x {per} scale factors (each row's {kel} elements of K) in {bytes} bytes; row r's "
    "{per} scale factors are consecutive bytes at {formula} (one row's {per} bytes are one {word}-bit TMEM word)",
    "scale.gmem": "{op} = {expr}\n  = {layout}",
    "scale.gmem_read": "  {rows} {rows:|row|rows} padded to {rows_p}, {ksf} {ksf:|scale factor|scale factors} per row along K padded "
    "to {ksf_p}: "
    "{c0} x {c1} chunks per batch, the K-chunks of a row block consecutive (tile_to_shape's Step<_2,_1,_3>), "
    "{l} {l:|batch|batches}: {sfs} scale factors, {bytes} bytes",
    "scale.element": "A({m},{k}): its scale factor scales k {k0}..{k1} of row {m}, SFA({m},{k},{l0}) = {off}: chunk "
    "{ci} (row block {cm}, K-chunk {ck}), byte {ic} of it (row {r} of the chunk, scale factor {j} of the row)",
    "scale.smem": "one stage in shared memory (tile {tile}, {atom}, {cta} {cta:|CTA|CTAs}; MMA K {mk} = {nsf} "
    "scale {nsf:|factor|factors} per row per MMA):",
    "scale.smem_op": "  {op}: {expr}\n    = {layout}\n    {rows} rows, {bytes} bytes per stage",
    "scale.smem_empty": "  MMA_M / {blk} = {mm} / {blk} is {z} in C++'s integer division: deduce_smem_layoutSFA "
    "gives this {mm}-row share of A no scale factors",
    "scale.smem_empty_k": "  TileK / VS / {four} = {tk} / {vs} / {four} is {z} in C++'s integer division: the "
    "smem layouts hold no K-chunk of scale factors for this tile",
    "scale.smem_element": "  A({m},{k}) in smem: MMA tile {mt} along M, CTA {c} of its group, row {mi}, k {ki} of "
    "K-tile {kt} (MMA k-block {kb}): byte {off} of the stage's SFA",
    "scale.sfb_pad": "SFB differs: its rows are N = {n} rounded up to a multiple of {blk}, {rows}: TMA and UTCCP move "
    "SFB as if B had {rows} rows",
    "scale.sfb_2cta": "SFB differs: with {cta} CTAs each CTA holds SFA's {rows_a} rows of its own half of A, but "
    "SFB's {rows} rows whole",
    "scale.sfb_same": "SFB differs only in its extent: {rows} rows of B (N = {n}) instead of A's M",
    "scale.stages": "{n} pipeline {n:|stage|stages} (the collective's SmemLayoutSFA/SFB: make_layout(append(shape(atom), "
    "Int<{n}>{{}}), append(stride(atom), size(filter_zeros(atom))))):",
    "scale.stages_op": "  {op}: {layout}\n    stage s at byte s * {step}; {bytes} bytes for all {n} {n:|stage|stages}",
    "scale.stages_element": "  A({m},{k})'s scale factor in stage s: byte {off} + s * {step} (stage {last}: byte {off_last})",
    "scale.pic_title": "{kind} scale factors ({sf_type}, one per {vs} elements of K): {config}",
    "scale.pic_chunk": "the {rows}x{per} basic chunk {layout}: the byte of the scale factor of row r, K-group j; a "
    "{line}-byte line holds rows {lrows} (colour: r / {grp})",
    "scale.pic_tile": "one CTA tile's SFA over A's {rows} x {kel} elements ({rows} rows x {cols} groups of {vs} elements "
    "of K): the byte in the stage's smem ({atom}); colour: the {chunk}-byte chunk; outlined: A({m},{k})",
    "scale.smem_element_none": "  A({m},{k}) in smem: MMA tile {mt} along M, CTA {c} of its group, row {mi}, k {ki} of "
    "K-tile {kt} (MMA k-block {kb}): no byte of the stage holds its scale factor (the stage has no chunk)",
    "scale.stages_element_none": "  A({m},{k})'s scale factor is in no stage (each stage has no chunk; stride {step})",
    "scale.sfb_mma": "SFB is partitioned (the collective's TiledMMA_SF = TiledMma::MMA_ScaleFactor) by the single-CTA atom "
    "{atom}: M {m}, N {n} (the tile's N = {tn} rounded up to a multiple of {blk})",
    "scale.no_smem": "smem: not computed for {arch}: {why}",
    "scale.bw_config": "blockwise scaling on {arch}: one {sf_type} scale factor per {gm} x {gk} block of A and per "
    "{gn} x {gk} block of B, {major}-major; the layouts are {config}'s",
    "scale.bw_read": "  {b0} x {b1} blocks per batch, {l} {l:|batch|batches}: {sfs} scale factors",
    "scale.bw_element": "A({m},{k}): block ({bm},{bk}), SFA({m},{k},{l0}) = {off}",
    "scale.bw_smem": "  {op} in smem (tile {tile}): {expr}\n    = {layout}: {sfs} scale factors",
    "scale.tmem": "one stage in tensor memory (tCtSFA from column {c0}; copied from smem by {op}):",
    "scale.tmem_op": "  {op}: {tmem}\n    {cols} columns, every scale factor in {n} lane {n:|subpartition|subpartitions} ({alloc})",
    "scale.tmem_element": "  A({m},{k})'s scale factor in TMEM: column {col}, byte {byte}, lanes {lanes} (subpartitions {subs})",
}
