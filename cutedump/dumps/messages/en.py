"""English narration: the same dump as zh.py, key for key."""

MESSAGES = {
    # ---- tiled-copy-c: preamble -------------------------------------------------------------------------------
    "tcc.title": "=== Test make_tiled_copy_C_atom internals ===\nHow make_tiled_copy_C_atom computes layout_tv\n\n",
    "tcc.config": "=== Configuration ===\n",
    "tcc.layoutC": "\nlayoutC_TV: {layout}\n"
    "  threads: {threads}\n"
    "  values per thread: {vals}\n"
    "  total elements: {total}\n\n",
    "tcc.mma_tiler": "mma_tiler (M x N): {tiler}\ntotal elements: {total}\n",
    "tcc.layoutC_vis": "\n--- original layoutC_TV ---\n",
    # ---- one copy_V section ---------------------------------------------------------------------------------------
    "tcc.section": "\n{rule}\n{title}\n{rule}\n\n",
    "tcc.section_title": "copy_V = {v} ({v} {v:|value|values} per thread)",
    "tcc.section_title_full": "copy_V = {v} ({v} {v:|value|values} per thread, all of them)",
    "tcc.step1": "[Step 1] truncate layoutC_TV to copy_V = {v}\n"
    "{rule}\n"
    "layout_TV = composition(layoutC_TV, ({threads}, {v}))\n"
    "         = {layout_TV}\n"
    "meaning: (thr, val) -> mma_offset, {threads_tv} {threads_tv:|thread|threads} x {vals_tv} {vals_tv:|value|values} = {total} {total:|element|elements}\n\n"
    "--- layout_TV ---\n",
    "tcc.step2": "\n[Step 2] compute tiler = (tiler_m, tiler_n)\n"
    "{rule}\n"
    "goal: the shape layout_TV covers along M and along N\n\n",
    "tcc.proj": "[{label}] compute tiler_{var} (coverage along {axis})\n"
    "  proj_{var} = make_layout(mma_tiler, {pattern}) = {proj}\n"
    "  meaning: (m,n) -> {var}, the projection onto the {axis} coordinate\n\n"
    "--- proj_{var}: (M,N) -> {axis} coordinate ---\n",
    "tcc.raw": "\n  tiler_{var}_raw = composition(proj_{var}, layout_TV) = {raw}\n"
    "  meaning: (thr, val) -> the {axis} coordinate of that element\n\n"
    "--- tiler_{var}_raw: (thr,val) -> {axis} coordinate ---\n",
    "tcc.filter": "\n  tiler_{var} = filter(tiler_{var}_raw) = {tiler}\n"
    "  filter: drops size-1 modes and merges contiguous modes\n"
    "  result: layout_TV covers {axis} coordinates {coverage}, stride={stride}\n\n",
    "tcc.combine": "[{label}] combine tiler = (tiler_m, tiler_n)\n"
    "  tiler = ({tiler_m}, {tiler_n})\n\n"
    "--- tiler as a 2-D layout: make_layout(tiler_m, tiler_n) ---\n"
    "meaning: (m_idx, n_idx) -> m_coord * {coef_m} + n_coord * {coef_n}\n",
    "tcc.coverage": "\n--- tiler coverage of the MMA tile ({M}x{N}) ---\nX = covered, . = not covered\n",
    "tcc.step3": "\n[Step 3] compute tile2mma\n"
    "{rule}\n"
    "tile2mma = composition(make_layout(mma_tiler), tiler)\n"
    "        = composition({mma_layout}, ({tiler_m}, {tiler_n}))\n"
    "        = {tile2mma}\n"
    "meaning: tile_coord (M', N') -> mma_offset\n"
    "shape: ({s0}, {s1})\n\n"
    "--- tile2mma ---\n",
    "tcc.step4": "\n[Step 4] compute left_inverse(tile2mma) and layout_tv\n"
    "{rule}\n"
    "inv_tile2mma = left_inverse(tile2mma) = {inv}\n"
    "meaning: mma_offset -> tile_coord (normalised coordinate)\n\n"
    "--- left_inverse(tile2mma) ---\n"
    "note: only the first {valid} offsets are meaningful\n",
    "tcc.no_table": "  (rank != 2, print_layout cannot draw it)\n  {layout}\n",
    "tcc.final": "\n[Result] layout_tv = composition(inv_tile2mma, layout_TV)\n"
    "  = {layout_tv}\n"
    "meaning: (thr, val) -> normalised tile_coord\n"
    "      input: {threads} {threads:|thread|threads} x {vals} {vals:|value|values}\n"
    "      output: normalised coordinates [{first}, {last}]\n\n"
    "--- layout_tv (final result) ---\n",
    # ---- explain: the frame of every explanation ----------------------------------------------------------------
    "ex.title.expr": "explain {expr}\n"
    "CuTe {version}'s algorithm, step by step; every value computed by the engine, printed as CuTe prints it\n",
    "ex.frame.step": "\n[{num}] {where}\n",
    "ex.frame.title": "{title}\n",
    "ex.frame.item": "{label} = {cute} = {value}\n",
    "ex.frame.value": "{label} = {value}\n",
    "ex.frame.result": "\nresult: {cute}\n      = {value}\n",
    "ex.frame.error": "\nCuTe rejects this input here: {error}\n",
    # ---- shared by the mode-wise operations ----------------------------------------------------------------------
    "ex.layout.keep": "mode {i} = {mode} is not named by the tiler: kept as it is",
    "ex.layout.assemble": "the modes side by side: make_layout of the modes",
    # ---- coalesce -----------------------------------------------------------------------------------------------
    "ex.coalesce.flatten": "flatten the layout: one mode per leaf; bw_coalesce then walks the modes from the last "
    "to the first",
    "ex.coalesce.empty": "an empty layout coalesces to _1:_0",
    "ex.coalesce.bymode": "the profile is a tuple: coalesce mode {i} = {mode} with profile {t}",
    "ex.coalesce.start": "start from the last mode {s}:{d}",
    "ex.coalesce.skip": "mode {i} = {s}:{d} has shape _1: skipped",
    "ex.coalesce.replace": "mode {i} = {s}:{d} replaces the _1 collected so far",
    "ex.coalesce.merge": "mode {i} = {s}:{d} merges into the front mode {fs_}:{fd_}: {s} * {d} = {sd} equals its "
    "stride {fd_}, so the two become one mode",
    "ex.coalesce.prepend": "mode {i} = {s}:{d} cannot merge with the front mode {fs_}:{fd_}: {s} * {d} = {sd} is not "
    "its stride {fd_}; prepended as its own mode",
    "ex.coalesce.prepend_dyn": "mode {i} = {s}:{d} is prepended, not merged with the front mode {fs_}:{fd_}: a merge "
    "needs a static front shape and {s} * {d} == {fd_} known at compile time",
    # ---- composition --------------------------------------------------------------------------------------------
    "ex.comp.underscore": "the right side is _: the result is the left side",
    "ex.comp.int": "an integer right side {n} is the layout {n}:_1",
    "ex.comp.bymode": "the right side is a tiler: mode {i} = {mode} is composed with {t}",
    "ex.comp.dropped": "modes {i} and up of the left side are not hit by the tiler: dropped",
    "ex.comp.flat": "flatten the left side and merge its modes (coalesce_x: like coalesce, but it keeps the function "
    "beyond its size too)",
    "ex.comp.leaf": "right mode {path}{leaf}: divide it through the left side's modes "
    "(right-distributivity: each right mode is composed on its own)",
    "ex.comp.assemble": "the composed right modes, in the right side's shape",
    "ex.comp.leaf_zero": "the right mode {leaf} has static stride _0: it is its own result",
    "ex.comp.leaf_int": "the left side is the single mode {flat}: shape {s}, stride {d} times the left stride",
    "ex.comp.take": "left mode {i} = {cs}:{cd}, rest {rs}:{rd}: the Stride Divisibility Condition holds ({rd} is a multiple "
    "of {cs} or smaller than it); the mode of the result is min(next_shape, rest_shape) with stride "
    "rest_stride * {cd}",
    "ex.comp.take_dyn": "left mode {i} = {cs}:{cd}, rest {rs}:{rd}: a dynamic value, so the divisibility conditions "
    "are not checked at compile time; the mode of the result is min(next_shape, rest_shape) with "
    "stride rest_stride * {cd}",
    "ex.comp.pass": "left mode {i} = {cs}:{cd}, rest {rs}:{rd}: the Stride Divisibility Condition holds; next_shape "
    "or rest_shape is _1, so no mode is taken here, only the stride is divided",
    "ex.comp.pass_dyn": "left mode {i} = {cs}:{cd}, rest {rs}:{rd}: a dynamic value (conditions not checked at "
    "compile time); next_shape or rest_shape is _1, so no mode is taken here",
    "ex.comp.fail_stride": "left mode {i} = {cs}:{cd}, rest {rs}:{rd}: {rd} is neither a multiple of {cs} nor smaller than "
    "it: the Stride Divisibility Condition fails (static_assert in detail::composition_impl)",
    "ex.comp.fail_shape": "left mode {i} = {cs}:{cd}, rest {rs}:{rd}: new_shape = {ns} does not divide rest_shape "
    "{rs}: the Shape Divisibility Condition fails (static_assert in detail::composition_impl)",
    "ex.comp.end_rest": "no mode was taken before the last left mode: the result is rest_shape:(rest_stride * {ld})",
    "ex.comp.end_one": "rest_shape is _1: the result is the modes taken, {taken}",
    "ex.comp.end": "the modes taken, {taken}, plus the rest {rs} with stride rest_stride * {ld} (the last left "
    "mode's stride)",
    "ex.comp.swz_composed": "(A o O o B) o R = A o O o (B o R): the swizzle {a} and offset {o} stay, the inner "
    "layout {inner} is composed with {r}",
    "ex.comp.swz_sw_layout": "a swizzle composed with a layout: {sw} o _0 o {L} (a composed layout, offset _0)",
    "ex.comp.swz_sw_sw": "two swizzles {a} and {b} with the same shift: their yyy and zzz bit masks combine by xor",
    "ex.comp.swz_layout_sw": "{L} o {sw}: the layout applied to the swizzle's bit masks gives the new swizzle's "
    "masks; the result is that swizzle o _0 o {L}",
    "ex.comp.swz_layout_composed": "{L} o ({sw} o _0 o {inner}) = ({L} o {sw}) o {inner}",
    # ---- complement ---------------------------------------------------------------------------------------------
    "ex.compl.composed": "complement of a composed layout {L} is the complement of its layout B",
    "ex.compl.filter": "filter {L}: drop the modes of stride _0 and the size-1 modes, coalesce the rest",
    "ex.compl.cotarget_default": "no cotarget given: cotarget = cosize(filter(layout))",
    "ex.compl.cotarget": "cotarget = {c}",
    "ex.compl.zero": "the filtered layout has static stride _0 (irreducible): the complement is "
    "make_layout(coalesce(cotarget))",
    "ex.compl.fail_dynamic": "the strides {d} are dynamic and there is more than one mode: CuTe's complement cannot sort "
    "dynamic strides",
    "ex.compl.fold": "remaining modes {shape}:{stride}; the smallest stride {d} is mode {idx} ({s}:{d}): it fills "
    "the gap since the last stride {last} with a new mode",
    "ex.compl.fail": "remaining modes {shape}:{stride}; the smallest stride {ms} divided by the last stride {last} "
    'is _0: two modes overlap ("Non-injective Layout detected in complement.")',
    "ex.compl.last": "the last mode {s}:{d}: one more gap mode, then the rest up to the cotarget {c}",
    "ex.compl.fail_last": "the last mode {s}:{d}: {d} / {last} is _0: the layout overlaps itself "
    '("Non-injective Layout detected in complement.")',
    "ex.compl.assemble": "coalesce the gap modes and the rest: coalesce({raw})",
    # ---- inverses -----------------------------------------------------------------------------------------------
    "ex.rinv.coalesce": "coalesce: flat modes, size-1 modes gone",
    "ex.rinv.preprod": "the exclusive prefix products of the shape: where each mode starts in the domain",
    "ex.rinv.sorted": "the modes sorted by stride (index:shape:stride): {order}",
    "ex.rinv.sorted_dyn": "the static-stride modes sorted by stride (index:shape:stride; dynamic strides are left "
    "out): {order}",
    "ex.rinv.take": "mode {i} = {s}:{d}: its stride equals curr = {curr}, so it continues the contiguous run: "
    "result mode {s}:{pre}",
    "ex.rinv.skip": "mode {i} = {s}:{d}: its stride is not curr = {curr}; skipped (the run stops growing)",
    "ex.rinv.assemble": "coalesce the collected modes: coalesce({raw})",
    "ex.linv.coalesce": "coalesce: flat modes, size-1 modes gone",
    "ex.linv.fail_dynamic": 'the strides {d} are not all static: "Left inverse requires static strides."',
    "ex.linv.preprod": "the exclusive prefix products of the shape: where each mode starts in the domain",
    "ex.linv.sorted": "the modes sorted by stride (index:shape:stride): {order}",
    "ex.linv.zero": "mode {i} = {s}:{d} has stride _0: skipped",
    "ex.linv.fail": "mode {i} = {s}:{d}: its stride is not a multiple of the size {sz} covered so far: "
    '"Left inverse divisibility condition"',
    "ex.linv.mode": "mode {i} = {s}:{d}: shape {d} / {sz} (stride over the size covered so far), stride {pre}",
    "ex.linv.assemble": "append the last sorted mode's shape {last}, then coalesce({raw})",
    # ---- divides ------------------------------------------------------------------------------------------------
    "ex.div.bymode": "the tiler is a tuple: mode {i} = {mode} is divided by {t}",
    "ex.div.underscore": "the tiler is _: the layout is returned as it is",
    "ex.div.int": "an integer tiler {n} is the layout make_layout({n})",
    "ex.div.complement": "the rest of the tiler {T}: its complement within shape(coalesce({L}))",
    "ex.div.concat": "(tile, rest): make_layout(tiler, complement)",
    "ex.div.compose": "compose the layout with (tile, rest): the first mode is the tile, the second walks the tiles",
    "ex.div.first": "logical_divide first",
    "ex.div.unzip": "tile_unzip: gather the tile modes into the first mode and the rest modes into the second (tiler "
    "profile {profile})",
    "ex.div.zipped": "zipped_divide first",
    "ex.div.slice_tiled": "unpack the rest modes: result(_, repeat<{r1}>(_))",
    "ex.div.slice_flat": "unpack both modes: result(repeat<{r0}>(_), repeat<{r1}>(_))",
    # ---- products -----------------------------------------------------------------------------------------------
    "ex.prod.bymode": "the tiler is a tuple: mode {i} = {mode} is multiplied by {t}",
    "ex.prod.cotarget": "how far the copies reach: size(block) * cosize(tiler) for block {A}, tiler {T}",
    "ex.prod.complement": "the complement of the block up to there: where the copies of the block start",
    "ex.prod.compose": "the tiler picks the copies: composition(complement, tiler)",
    "ex.prod.concat": "(block, copies): make_layout(block, composition(complement, tiler))",
    "ex.prod.first": "logical_product first",
    "ex.prod.unzip": "tile_unzip: gather the block modes into the first mode and the tiler modes into the second "
    "(profile {profile})",
    "ex.prod.zipped": "zipped_product first",
    "ex.blk.append": "both sides padded to rank R = {R} with _1:_0 modes",
    "ex.blk.product": "logical_product of the padded layouts: (block, copies)",
    "ex.blk.zip_blocked": "zip(block part, copies part): mode i becomes (block_i, copies_i), the block's elements first",
    "ex.blk.zip_raked": "zip(copies part, block part): mode i becomes (copies_i, block_i), the copies interleaved",
    "ex.t2s.append": "pad the block to the target's rank R = {R}",
    "ex.t2s.shapes": "the size of each mode of the block and of the target; product_shape = how many blocks per mode",
    "ex.t2s.fail": "the block's mode size {s} does not divide the target's {t}: "
    '"tile_to_shape: block shape does not divide the target shape."',
    "ex.t2s.order": "the blocks are ordered {order}",
    "ex.t2s.blocked": "blocked_product(padded block, ordered blocks)",
    # ---- upcast / downcast --------------------------------------------------------------------------------------
    "ex.up.zero": "mode {path}{s}:{d}: stride _0 is kept as it is",
    "ex.up.static": "mode {path}{s}:{d}: static stride; shape ceil_div({s}, ceil_div({n}, |{d}|)), stride "
    "signum({d}) * ceil_div(|{d}|, {n})",
    "ex.up.dynamic": "mode {path}{s}:{d}: dynamic stride, assumed divisible: stride safe_div({d}, {n})",
    "ex.up.fail": "mode {path}{s}:{d}: neither of {d} and {n} divides the other: the upcast Divisibility condition fails",
    "ex.up.assemble": "the modes in the layout's shape",
    "ex.down.check": "the strides {d} have a static _1 (adjacent elements): each element splits in place",
    "ex.down.fail": 'no static _1 among the strides {d}: "Downcast requires adjacent elements"',
    "ex.down.unit": "mode {path}{s}:{d}: the unit-stride mode grows: shape {s} * {n}",
    "ex.down.other": "mode {path}{s}:{d}: stride {d} * {n}",
    # ---- max_common_vector / layout -----------------------------------------------------------------------------
    "ex.mcv.inverse": "right_inverse of {b}: index of b -> coordinate",
    "ex.mcv.compose": "a o right_inverse(b), coalesced: where a sends b's contiguous indices",
    "ex.mcv.yes": "the first mode of common is {s0}:{d0}: static with stride _1, so that many elements are contiguous "
    "in both",
    "ex.mcv.no": "the first mode of common is {s0}:{d0}: not a static stride-_1 mode, so only one element is common",
    # ---- explain partition ----------------------------------------------------------------------------------------
    "ex.title.mma": "explain thr_mma.{fn}(tensor) for thread {thread}\n"
    "TiledMMA of {atom}; tensor {tensor}; CuTe {version}'s steps, every layout computed by the engine\n",
    "ex.title.copy": "explain thr_copy.{fn}(tensor) for thread {thread}\n"
    "TiledCopy of Copy_Atom<{atom}, {vt}>; tensor {tensor}; CuTe {version}'s steps, every layout "
    "computed by the engine\n",
    "ex.title.retile": "explain thr_copy.retile_D(tCr{op}) for thread {thread}\n"
    "TiledCopy of Copy_Atom<{atom}, {vt}> made from the TiledMMA; tCr{op} = "
    "thr_mma.partition_fragment_{op}(tensor {tensor}); CuTe {version}'s steps\n",
    "ex.part.mma.tiled": "the TiledMMA of {atom}: {nthr} {nthr:|thread|threads}; ThrLayoutVMNK = tiled_product(AtomThrID, "
    "AtomLayoutMNK) maps (ThrV,ThrM,ThrN,ThrK) to the thread index",
    "ex.part.mma.perm": "logical_divide by the permutation tile (PermutationMNK of {X} and {Y}): reorders the "
    "tensor's ({X},{Y}) modes",
    "ex.part.mma.atom": "zipped_divide by one atom's ({X},{Y}) extent (Shape_MNK {shape}): ((Atom{X},Atom{Y}),"
    "(Rest{X},Rest{Y}))",
    "ex.part.mma.tv": "compose the atom mode with the atom's Layout{op}_TV {tv}: (Atom{X},Atom{Y}) becomes (ThrV,FrgV), "
    "the thread and the value inside one MMA instruction",
    "ex.part.mma.thr": "zipped_divide the rest by the atom layout's threads (sizes of ThrLayoutVMNK {vmnk} in {X} and "
    "{Y}): ((ThrV,(Thr{X},Thr{Y})),(FrgV,(Rest{X},Rest{Y})))",
    "ex.part.mma.coord": "thread {thread} as (ThrV,ThrM,ThrN,ThrK): ThrLayoutVMNK's flat coordinate of the thread "
    "index",
    "ex.part.mma.slice": "partition_{op}: slice the thread mode at this thread's coordinate, keep (FrgV,(Rest...)) "
    "flattened: thr_tensor({crd})",
    "ex.part.mma.frag_tmem": "make_fragment_{op} of a UMMA: UMMA::tmem_frg<...>::make(shape(partition)), a tensor in "
    "tensor memory (TMEM lanes x columns), not registers",
    "ex.part.mma.frag_c": "make_fragment_C: a compact register tensor of the partition's shape",
    "ex.part.mma.frag_ab": "make_fragment_{op}: make_fragment_like of the partition: a compact register layout, the "
    "FrgV mode first",
    "ex.part.mma.read": "\nreading {shape}: (MMA, MMA_{X}, MMA_{Y}, ...)\n"
    "  MMA = {frgv}: the values of operand {op} this thread holds for one {atom} instruction "
    "(FrgV)\n"
    "  MMA_{X} = {rx}: {ex} / {tx} {tx:|tile|tiles} of the TiledMMA along {X} (Rest{X})\n"
    "  MMA_{Y} = {ry}: {ey} / {ty} {ty:|tile|tiles} of the TiledMMA along {Y} (Rest{Y})\n"
    "  so this thread takes part in {n} MMA {n:|instruction|instructions} for this tensor, holding {total} {total:|value|values} "
    "of {op}\n",
    "ex.part.mma.read_frag_tmem": "  the fragment has that shape in tensor memory (TMEM lanes x columns), not in "
    "registers (partition_fragment_{op})\n",
    "ex.part.mma.read_frag": "  the fragment has that shape, laid out compactly in registers (partition_fragment_{op})\n",
    "ex.part.cpy.tiled": "the TiledCopy of Copy_Atom<{atom}, {vt}>: Tiler_MN {tiler}, {nthr} {nthr:|thread|threads} x {nval} "
    "values per tile",
    "ex.part.cpy.ref": "{ref2trg} = right_inverse(ValLayoutRef) o ValLayout{vname}: renumbers the {name} side's "
    "(thr,val) in the atom's reference order",
    "ex.part.cpy.tile": "zipped_divide by Tiler_MN {tiler}: ((TileM,TileN),(RestM,RestN,...))",
    "ex.part.cpy.atom_tv": "tile2thrfrg, step one: split TiledLayout_TV into the atom's ({nthr} {nthr:|thread|threads}, {nval} {nval:|value|values}) "
    "and the rest: ((atom_tid,atom_val),(rest_tid,rest_val)) -> (m,n)",
    "ex.part.cpy.trg": "step two: compose the atom part with ref2trg ({side} side): the atom's (thr,val) in the "
    "{side} order",
    "ex.part.cpy.zip": "step three: zip the thread modes and the value modes together, then coalesce with profile "
    "(_1,(_1,_1)): (Thr,(FrgV,FrgX)) -> (m,n)",
    "ex.part.cpy.apply": "step four: compose the tile mode of the tensor with it and unpack: (Thr,(FrgV,FrgX),"
    "(RestM,RestN,...)) -> index",
    "ex.part.cpy.slice": "partition_{side}: slice Thr at thread {thread}, keep the rest: tidfrg_{side}(thread, _, "
    "repeat<{R}>(_))",
    "ex.part.cpy.read": "\nreading {shape}: ((FrgV,FrgX), Rest...)\n"
    "  {frg} = (FrgV={frgv}, FrgX={frgx}): {frgv} {frgv:|value|values} of {vt} per {atom} instruction, {frgx} "
    "instruction(s) per tile for this thread\n",
    "ex.part.cpy.read_rest": "  {rs} = Rest mode {i}: {extent} / {tile} {tile:|tile|tiles} of the TiledCopy along mode {i}\n",
    "ex.part.cpy.read_rest_extra": "  {rs} = mode {i} of the tensor beyond Tiler_MN, kept whole\n",
    "ex.part.cpy.read_total": "  so this thread issues {n} {n:|copy|copies} of {frgv} {vt} ({total} {total:|value|values})\n",
    "ex.part.rt.frag": "the MMA fragment of thread {thread}: thr_mma.partition_fragment_{op}(tensor)",
    "ex.part.rt.mn": "frg_layout_mn: (m,n) of the copy tile -> the fragment's value index, via right_inverse of "
    "TiledLayout_TV shaped like Tiler_MN, upcast by threads x V",
    "ex.part.rt.v": "frg_layout_v: the fragment's values split into the copy atom's {nval} {nval:|value|values} and the rest",
    "ex.part.rt.apply": "zipped_divide the fragment by (V, frg_layout_mn's shape), compose with frg_layout_v, and "
    "slice (_, append<{R}>(_0,_))",
    "ex.part.rt.read": "\nreading {shape}: the fragment {frag} seen by the copy: the first mode groups the {nval} "
    "values one copy instruction moves, the others walk the copies\n",
    # (no errors here: error messages are English in every language and live at their raise sites)
}

# gmma: the smem-descriptor explanations (their own catalog file)
from cutedump.dumps.messages.desc_en import MESSAGES as _DESC  # noqa: E402

MESSAGES.update(_DESC)

from cutedump.dumps.messages.tma_en import MESSAGES as _TMA  # noqa: E402

MESSAGES.update(_TMA)

from cutedump.dumps.messages.scale_en import MESSAGES as _SCALE  # noqa: E402

MESSAGES.update(_SCALE)

from cutedump.dumps.messages.collective_en import MESSAGES as _COLLECTIVE  # noqa: E402

MESSAGES.update(_COLLECTIVE)

from cutedump.dumps.messages.triton_en import MESSAGES as _TRITON  # noqa: E402

MESSAGES.update(_TRITON)
