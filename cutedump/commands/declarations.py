"""Every cutedump command, declared once: its name, summary, help, examples (epilog), arguments and options, and
the functions that answer it (see :mod:`cutedump.commands._decl`). No click here: ``cutedump/cli.py`` builds the
click commands from these declarations (``commands/_click.py``), and ``cutedump/entry.py`` parses the command lines
it answers without click from the same ones.

A new command: one :class:`Command` in :data:`COMMANDS` (in the order ``cutedump --help`` lists them) and its answer
function (``run``, in ``commands/<name>_cmd.py``). A new option: one :class:`Opt` in its command's ``params`` (its
name a row of ``commands/_vocab.py``'s VOCAB), and the parameter in the answer function (and in the ``fast``
function, unless the option says ``fast=False``).
"""
from __future__ import annotations

import os

from cutedump.commands._decl import Arg, Command, Opt, Range


def _env_lang() -> str:
    """desc's --lang default: the environment variable CUTEDUMP_LANG, else zh."""
    return os.environ.get("CUTEDUMP_LANG", "zh")


def _kernel_epilog() -> str:
    """kernel's epilog, with the names of the shipped descriptions."""
    from cutedump.kernel.load import EXAMPLES  # start-up: only the help page lists them
    return _EPILOG_KERNEL.format(shipped=", ".join(p.stem for p in sorted(EXAMPLES.glob("*.toml"))))


EPILOG_EVAL = """\b
Examples:
  cutedump eval "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))"      # (_16,_2,_4):(_1,_32,_8)
  cutedump eval "composition(((_4,_8),(_2,_2)):((_32,_1),(_16,_8)), (_32,_2))"
  cutedump eval "logical_divide((_16,_8):(_1,_16), (_8:_1,(_4,_2):(_2,_1)))"
  cutedump eval "upcast<2>((_4,_8):(_1,_4))"   "size((_4,8))"   "(_4,_8):(_1,_4)(17)"
  cutedump eval -f cases.txt          # one expression per line, in order; '-' reads stdin
  cutedump eval -f cases.txt -j 1     # in this process only (default: one process per CPU)
  echo "size((_4,8))" | cutedump eval # a pipe (or EXPR '-') is read as -f -
  cutedump eval "size(_4)" "rank((_2,_3))" --format json   # one JSON object per line
  cutedump eval "make_layout(make_shape(Int<8>{}, 4), LayoutRight{})" --syntax cpp   # answers spelled as C++
  cutedump eval "composition(Swizzle<2,3,3>{}, Layout<Shape<_8,_32>, Stride<_32,_1>>{})" --syntax dsl
\b
One EXPR prints its answer (a failure: one 'error:' line on stderr, exit 2). Several EXPRs print one answer line
each, in order, as -f does ('error: ...' in place of a failing one, exit 1). --format json prints
{"kind", "printed", ...} per EXPR (with "expr" when there are several; a failing one: {"expr", "error"}).
--syntax spells each answer as CuTe's print (default), as C++ (cpp: what parses back to the same value, e.g.
make_layout(make_shape(_8{}, 4), make_stride(4, _1{}))) or as the CuTe DSL prints it (dsl).
"""

EPILOG_LAYOUT = """\b
Examples:
  cutedump layout "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
  cutedump layout "Sw<3,3,3> o _0 o (_8,(_8,_8)):(_8,(_1,_64))"
  cutedump layout "(_8,_4):(_4,_1)" --info --coords
  cutedump layout "(_4,_8):(_8,_1)" --format json
  echo "(_4,_8):(_8,_1)" | cutedump layout          # LAYOUT from standard input
  cutedump layout "logical_divide((_16,_8):(_1,_16), (_8:_1,(_4,_2):(_2,_1)))"   # any layout expression
Rank-1 layouts are shown as append<2>(L, _1:_0) (as print_latex does); rank > 2 layouts group modes 1.. into
the column mode. Piped output (or --plain) is exactly CuTe's bytes; on a terminal a shaded table is drawn.
"""

EPILOG_COORDS = """\b
Examples:
  cutedump coords "(2,3)"                       # 1-D index -> 2-D coordinate (colexicographic)
  cutedump coords "(3,(2,3))"                   # 1-D, 2-D and natural (hierarchical) coordinates
  cutedump coords "(3,(2,3))" "(3,(12,1))"      # ... and the offsets crd2idx(c, shape, stride), plus the 2-D grid
  cutedump coords "(_3,(_2,_3))" "(_3,(_12,_1))" --idx 16 --idx "(1,5)" --idx "(1,(1,2))"
  cutedump coords "(3,(2,3)):(3,(12,1))"        # a layout works too
  cutedump coords "(2,3)" --format json
  echo "(3,(2,3))" | cutedump coords -          # SHAPE from standard input
\b
The 2-D coordinate of index i is (i mod size<0>, i / size<0>) for rank 2 (one 1-D coordinate per top-level
mode for higher ranks); the natural coordinate is idx2crd(i, shape). --idx prints idx2crd / crd2idx exactly
as CuTe's print shows them (static values with a leading underscore).
--format json: {shape, stride, rank, size, columns, rows} (rows: the table's texts), or with --idx
{shape, stride, items: [{input, idx2crd, crd2idx}]}.
"""

EPILOG_COMPAT = """\b
Examples:
  cutedump compat 24 "(4,6)"                    # compatible
  cutedump compat "((2,3),4)" "((2,2),(3,2))"   # (exit 1) not compatible: mode 0.1: 3 != size(2)
  cutedump compat "(24)" 24                     # (exit 1) not compatible: a tuple never becomes an integer
  cutedump compat 24 "(4,6)" --format json
\b
CuTe's rule (cute/int_tuple.hpp compatible(a, b)): two tuples are compatible when they have the same rank
and are compatible mode by mode; an integer a is compatible with any b of size a; a tuple is never
compatible with an integer. Layout arguments stand for their shapes. Exit status: 0 compatible, 1 not.
--format json: {a, b, compatible, reason, cute, steps}. SHAPE_A '-' is read from standard input.
"""

EPILOG_ATOMS = """\b
Examples:
  cutedump atoms                       # both catalogs
  cutedump atoms --mma SM80            # MMA atoms whose name contains SM80 (case-insensitive)
  cutedump atoms --mma "SM90_64x*_F32F16F16_SS"   # shell-style wildcards (the whole name, <...> optional)
  cutedump atoms --copy LDSM
  cutedump atoms --mma SM80_16x8x16 --format json
  cutedump atoms --mma SM100
SM100 UMMA atoms are listed once per family with their template parameters, e.g.
SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>. GMMA atoms taking majors are listed once (their layouts do not depend on the majors); name them as
SM90_64x128x16_F32F16F16_SS<K,MN>. Templated copies take a type: UniversalCopy<uint128_t>.
"""

EPILOG_MMA = """\b
Examples:
  cutedump mma SM80_16x8x16_F16F16F16F16_TN
  cutedump mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --tile "(_32,_32,_16)"
  cutedump mma SM80_16x8x8_F32TF32TF32F32_TN --atom-layout "(_2,_2,_1):(_2,_1,_0)" --tile "((_2,_16):(_16,_1),_16,_)"
  cutedump mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --partition "(128,128,64)" --thread 37
  cutedump mma "SM90_64x128x16_F32F16F16_SS<K,MN>"
  cutedump mma "UniversalFMA<float>" --atom-layout "(_16,_16)"
  cutedump mma "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>" --partition "(_128,_256,_64)"
The first block is byte-exact print(TiledMMA); layoutX_TV are get_layoutX_TV(). --partition (M,N) gives
partition_shape_C; (M,N,K) adds A (M,K) and B (N,K); --thread picks the thread of partition_X / fragments.
A fragment is an owning register tensor: with dynamic extents CuTe refuses it ("Dynamic owning tensors not
supported"), and so does this line; give static extents, e.g. --partition "(_128,_128,_64)".
SM100 UMMA atoms also print their instruction descriptor (idesc_, decoded; "instr_desc" in JSON) and their
accumulator fragment in tensor memory.
"""

EPILOG_IDESC = """\b
Examples:
  cutedump idesc 0x08400010
  cutedump idesc 0x08400010 --family SM100_MMA_F16BF16_SS
  cutedump idesc 0x0840001000000000                  # a runtime idescE (descriptor in the upper half)
  cutedump idesc 0x08c00480 --block-scaled
  cutedump idesc "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,MN>"
  cutedump idesc 0x08400010 --format json
A number is decoded field by field (UMMA::InstrDescriptor, or InstrDescriptorBlockScaled with --block-scaled or a
block-scaled --family), then every catalog atom whose traits compute that descriptor is listed. The word does not
encode the instruction kind (.kind::tf32/f16/i8/f8f6f4), the SM count, the MXF4 vector size or a _SCALED atom's
ScaleC: --family narrows the list. An atom name prints its descriptor (make_instr_desc of its traits).
"""

EPILOG_TMEM = """\b
Examples:
  cutedump tmem "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>"
  cutedump tmem "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>" --copy SM100_TMEM_LOAD_32dp32b8x --thread 37
  cutedump tmem "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,K,K>" --shape "(_256,_256)" --copy SM100_TMEM_LOAD_16dp256b1x
  cutedump tmem "SM100_MMA_TF32_SS<tfloat32_t,tfloat32_t,float,64,128,K,K>" --copy SM100_TMEM_STORE_16dp256b1x
--shape is the (M,N) tile given to partition_fragment_C (default: the TiledMMA's tile), static (_128) as CuTe needs.
The accumulator prints as CuTe prints a TMEM tensor; its columns are cutlass::detail::find_tmem_tensor_col_offset
and the allocator count the power of two TMEM::Allocator1Sm/2Sm::allocate takes. With --copy: make_tmem_copy,
one thread's partition_S (a TMEM tensor: lane.column address) and partition_D, and a picture of which warp
reads which lanes (each warp reaches only its own 32-lane subpartition).
"""

EPILOG_COPY = """\b
Examples:
  cutedump copy "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>" --type half_t --thr "(_16,_8):(_8,_1)" --val "(_1,_8)"
  cutedump copy SM75_U32x4_LDSM_N --type half_t --mma SM80_16x8x16_F16F16F16F16_TN \\
       --atom-layout "(_2,_2)" --tile "(_32,_32,_16)" --operand A --samples
  cutedump copy "UniversalCopy<half_t>" --type half_t --mma SM80_16x8x16_F16F16F16F16_TN --operand C_atom
  cutedump copy SM75_U32x4_LDSM_N --type half_t --atom-only --samples
  cutedump copy "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>" --type half_t --thr "(_16,_8):(_8,_1)" --val "(_1,_8)" \\
       --partition "(128,64):(64,1)" --thread 3
The first block is byte-exact print(TiledCopy). --operand A|B|C uses make_tiled_copy_A/B/C(atom, mma),
C_atom uses make_tiled_copy_C_atom. --samples adds the per-thread (tid,vid) -> (ref_tid,ref_vid) tables.
"""

EPILOG_TILED_COPY_C = """\b
Examples:
  cutedump tiled-copy-c                      # the recorded dump (copy_V = 1, 2, 4)
  cutedump tiled-copy-c --copy-v 2 --lang en
  cutedump tiled-copy-c --mma SM80_16x8x8_F32F16F16F32_TN --atom-layout "(_2,_2,_1)"
  cutedump tiled-copy-c --mma SM80_16x8x16_F16F16F16F16_TN --tile "(_32,_16,_16)" --copy-v 4
  cutedump tiled-copy-c --copy-v 2 --format json
Without --mma/--atom-layout/--tile the configuration is the recorded one: SM80_16x8x16_F16F16F16F16_TN,
atom layout (_1,_1,_1), permutation (_16,_8,_16). With any of them given, the others default to the recorded
atom, atom layout (_1,_1,_1) and no permutation (_,_,_). Without --copy-v every copy_V dividing the values per
thread gets a section.
"""

EPILOG_EXPLAIN = """\b
Examples (algebra: one CuTe call, the eval language):
  cutedump explain "composition((_4,_8):(_1,_4), (_4,_2):(_2,_1))"
  cutedump explain "composition((_4,_8):(_1,_8), _2:_6)"        # (exit 2) the Stride Divisibility Condition fails
  cutedump explain "complement((_4,_2):(_1,_8), _64)" --lang en
  echo "coalesce((_2,_4):(_1,_2))" | cutedump explain -              # EXPR from standard input
  cutedump explain "logical_divide((_16,_8):(_1,_16), (_8:_1,(_4,_2):(_2,_1)))" --detail 1
  cutedump explain "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))" --lang zh
  cutedump explain "upcast<2>((_4,_8):(_1,_4))" --format json
\b
Examples (partitions: a TiledMMA or a TiledCopy, a tensor, one thread):
  cutedump explain partition --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --tile "(_32,_32,_16)" \\
      --shape "(_128,_64)" --operand A --thread 5
  cutedump explain partition --mma SM80_16x8x16_F16F16F16F16_TN --shape "(_64,_32)" --operand C --fragment
  cutedump explain partition --copy "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>" --type half_t \\
      --thr "(_16,_8):(_8,_1)" --val "(_1,_8)" --shape "(_128,_64)" --side S
  cutedump explain partition --copy SM75_U32x4_LDSM_N --type half_t --mma SM80_16x8x16_F16F16F16F16_TN \\
      --atom-layout "(_2,_2)" --tile "(_32,_32,_16)" --operand A --shape "(_128,_64)" --retile
\b
Examples (a GMMA operand in shared memory: its fragment is a tensor of wgmma descriptors):
  cutedump explain partition --mma "SM90_64x64x16_F16F16F16_SS<K,K>" --operand A --fragment \\
      --layout "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_64,_64,_2))"
  cutedump explain partition --mma "SM90_64x128x16_F32BF16BF16_SS<K,MN>" --operand B --fragment \\
      --layout "tile_to_shape(Layout_MN_SW128_Atom<bfloat16_t>, (_128,_64))" --smem-address 0x400 --format json
\b
Examples (a UMMA operand in shared memory: a tensor of UMMA::SmemDescriptors; thread 1 of a 2x1SM atom is the
peer CTA):
  cutedump explain partition --mma "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>" --operand A \\
      --fragment --layout "tile_to_shape(UMMA::Layout_K_SW128_Atom<half_t>, (_128,_64,_2))" --format json
  cutedump explain partition --mma "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,MN,K>" --operand A \\
      --fragment --layout "tile_to_shape(UMMA::Layout_MN_SW128_32B_Atom<half_t>, (_256,_64))" --thread 1
\b
Explainable calls: coalesce composition complement right_inverse left_inverse logical/zipped/tiled/flat_divide
logical/zipped/tiled/flat_product blocked_product raked_product tile_to_shape upcast downcast max_common_vector
max_common_layout, and composition with swizzles. Every printed intermediate is CuTe's value of the expression
shown next to it; the result equals `cutedump eval EXPR`. When CuTe rejects the input (a static_assert), the
explanation stops at the failing step, names the condition, and the exit status is 2.
"""

EPILOG_SGEMM_SM80 = """\b
Examples:
  cutedump sgemm-sm80 --dump-layouts                         # TN half_t, 128x128x64, thread 0
  cutedump sgemm-sm80 --dump-layouts --dump-m 200 --dump-n 96 --dump-k 40 --thread 37 --lang en
  cutedump sgemm-sm80 --dump-layouts --cta-tile 64,128,64 --no-readings
  cutedump sgemm-sm80 --dump-layouts --variant nt --type float
  cutedump sgemm-sm80 --dump-layouts --format json
  cutedump sgemm-sm80 --dump-latex --outdir ./dump_tex       # sA (pipe stage 0), copyA, copyB, mmaC, s2r_copy_a/b
\b
Every value is what the kernel builds (gemm_tn / gemm_nt host code, gemm_device for block (0,0) and --thread),
printed as CuTe's print; tensors as print(tensor.layout()) (dynamic problem sizes print without '_').
--no-readings prints exactly the objects (no '  # ...' reading lines, no bank audit). The same output as
`cutedump kernel sgemm_sm80_tn_half` (sgemm_sm80_nt_float, sgemm_sm80_tn_float), with the bank audit of the
G2S and S2R copies at the end. gemm_nt for half_t is not implemented
upstream. --cta-tile must be divisible by the smem atom, the copy tilers and the TiledMMA tile.
"""

_EPILOG_KERNEL = """\b
Examples:
  cutedump kernel sgemm_sm80_tn_half                          # a shipped description, by name
  cutedump kernel my_kernel.toml --thread 37 --lang en
  cutedump kernel sgemm_sm70_tn --set M=200 --set bK=_16 --warp 3
  cutedump kernel sgemm_2_nt --no-readings                    # exactly what the kernel's own prints show
  cutedump kernel sgemm_sm80_nt_float --format json
  cutedump kernel sgemm_sm80_tn_half --dump-latex --outdir ./tex
  cutedump kernel wgmma_sm90_nt --thread 5 --set bK=_32 --lang en   # Hopper: GMMA smem, wgmma descriptors
  cutedump kernel wgmma_tma_sm90_nt --set bK=_128 --set bP=_2 --lang en   # Hopper TMA: make_tma_atom, tma_partition
  cutedump kernel sm100_01_mma --thread 37 --set MmaN=64 --lang en  # Blackwell: UMMA descriptors, TMEM
  cutedump kernel sm100_03_mma_tma_multicast --set ClusterN=_2      # TMA multicast over a 4x2 cluster
  cat my_kernel.toml | cutedump kernel -                      # the description from standard input
\b
FILE is a TOML kernel description (see cutedump/kernel/load.py; '-' reads it from standard input) or the name of
a shipped one:
{shipped}.
The output: every object, then one thread's partitions (with '  # ...' readings), then one line per
shared-memory copy of [[smem_copies]] from the bank model of `cutedump bank`: instructions per warp, wavefronts,
ideal, conflicts (warp --warp and all warps), the vector width, and the swizzle that fixes a conflicting copy;
for SS wgmma operands, the k-block-0 GMMA descriptor and whether its layout type is the smem tile's swizzle;
for TMA copies (not thread copies: no bank counts), the swizzle mode against the GMMA layout type of the
descriptors that read the tile (UMMA's for the Blackwell kernels), and the bytes one stage moves. Blackwell
readings give the UMMA descriptor tensors' k-block-0 descriptor, the TMEM accumulator's lanes and columns and the
multicast masks' CTAs.
--no-readings prints only the objects and partitions (no readings, no bank audit).
"""

EPILOG_GOLDEN = """\b
MANIFEST lines are 'FILE  cutedump ARGS...' (FILE relative to DIR; '#' starts a comment), e.g.
  tiled_copy_c.txt      cutedump tiled-copy-c
  tiled_copy_c_v2.txt   cutedump tiled-copy-c --copy-v 2
A directory's check also walks the MANIFEST of every directory below it (their files named relative to DIR).
verify exits 1 when any output differs (a unified diff is printed for each) and 0 when all match.
update rewrites only the files whose output changed and lists them; a failing command never overwrites.
"""

EPILOG_LATEX = """\b
Examples:
  cutedump latex "(2,(2,3)):(6,(3,1))" > l5.tex && pdflatex l5.tex
  echo "(_4,_8):(_8,_1)" | cutedump latex > out.tex      # LAYOUT from standard input
  cutedump latex "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"
  cutedump latex --tv "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))" --tile "(_16,_8)"
  cutedump latex --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --tile "(_32,_32,_16)"
  cutedump latex --copy "UniversalCopy<uint32_t>" --type float --thr "(_4,_2)" --val "(_1,_2)"
  cutedump latex --copy SM75_U32x4_LDSM_N --type half_t --operand A --mma SM80_16x8x16_F16F16F16F16_TN
\b
LAYOUT            = print_latex(layout); read from standard input when no LAYOUT/--tv/--mma/--copy is given
                    (rank 1 is drawn as append<2>(L, _1:_0); swizzled layouts as CuTe
                    draws them, the smem_ptr[..b](unset) form after as_position_independent_swizzle_layout)
--tv L --tile T   = print_latex_tv(composition(make_identity_layout(T), L), T); L maps (thread, value) to an
                    index of the column-major tile T
--mma ATOM        = print_latex(MMA_Atom) / print_latex(make_tiled_mma(atom, --atom-layout, --tile))
--copy ATOM       = print_latex(TiledCopy): make_tiled_copy(atom, --thr, --val), or with --operand A|B|C|C_atom
                    make_tiled_copy_A/B/C/C_atom(atom, the --mma TiledMMA) -- the options of `cutedump copy`
The output is a complete standalone document: pdflatex compiles it unchanged.
"""

EPILOG_SVG = """\b
Examples:
  cutedump svg "(2,(2,3)):(6,(3,1))" > l5.svg
  echo "(_4,_8):(_8,_1)" | cutedump svg > out.svg          # LAYOUT from standard input
  cutedump svg "Sw<3,3,3> o _0 o (_8,_8):(_8,_1)"
  cutedump svg --tv "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))" --tile "(_16,_8)"
  cutedump svg --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)"      # = CuTe's print_svg
  cutedump svg --copy SM75_U32x4_LDSM_N --type half_t --thr "(_32,_1)" --val "(_1,_8)"
\b
--mma is exactly CuTe's print_svg(MMA_Atom / TiledMMA). CuTe has no SVG for the rest; those pictures use the
same cells, greys (TSVGColor_BWx8) and thread palette (SVGColor_TV), with row/column indices, and a fixed
pixel size (20 px per cell). Inputs are the same as for `cutedump latex` (LAYOUT from standard input when none
is given).
"""

EPILOG_HTML = """\b
Examples:
  cutedump html "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))" > layout.html
  echo "Sw<3,3,3> o _0 o (_8,_8):(_8,_1)" | cutedump html > swizzle.html
  cutedump html --tv "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))" --tile "(_16,_8)" > tv.html
  cutedump html --mma "UniversalFMA<float,float,float>" --atom-layout "(_16,_16,_1)" > sgemm_sm80.html
  cutedump html --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --tile "(_32,_32,_16)" > mma.html
  cutedump html --copy SM75_U32x4_LDSM_N --type half_t --thr "(_32,_1)" --val "(_1,_8)" > copy.html
\b
One HTML file, nothing fetched from the network (style and script are inline); open it in any browser.
Hover a cell: a layout's cell shows (coordinate, index, offset); a TV, MMA or copy cell shows its element and
every (thread, value) that holds it -- all threads of a replicated MMA operand, not only the one drawn.
Click a cell to highlight every value of its thread (click again for the next thread holding it), or type a
thread number; for layouts a click highlights the cells with the same offset. Inputs are those of
`cutedump latex` (LAYOUT from standard input when none is given).
"""

EPILOG_TILELANG = """\b
Examples:
  cutedump tilelang auto --shape 64,16 --type float16       # = tilelang.layout.make_swizzled_layout(buf)
  cutedump tilelang auto --shape 64,16 --type int8 --format json
  cutedump tilelang auto --shape 2,64,64 --type float64 --k-outer
  cutedump tilelang full-bank --shape 256,64 --type-bits 16 --at 5,17 --cute
  cutedump tilelang half-bank --shape 64,32 --table --vectors
  cutedump tilelang gemm-ab --shape 128,16 --type float16   # MakeGemmABLayout (the padded fallback)
  cutedump tilelang padded --shape 64,64 --type float16     # MakeGemmABLayoutPadded itself
  cutedump tilelang wgmma --shape 64,64 --type bfloat16
  cutedump tilelang linear --shape 3,8,64 --format json --values
  cutedump tilelang fragment-8x8 --transposed
Shapes are buffer shapes (*leading, stride, continuous) as in TileLang; leading dims pass through (Expand).
"""

EPILOG_CK = """\b
Examples:
  cutedump ck naive --lengths 256,64 --strides 64,1
  cutedump ck naive --lengths _4,_8                       # packed; _N = CK Number<N>
  cutedump ck describe --lengths 256,64 --strides 64,1 \\
      --stage "unmerge(8,_8)@1->0,2; pass_through(256)@0->1" --at 3,17,5
  cutedump ck recipe xdl-a --M 256 --K 64 --AK1 8
  cutedump ck recipe xdl-a --M 250 --K 64 --MPerBlock 128 --KPerBlock 32    # padding
  cutedump ck recipe xdl-a --M 250 --K 64 --MPerBlock 128 --KPerBlock 32 --spec MPadding
  cutedump ck naive --lengths 4,_8 --format json --offsets
  cutedump ck recipe xdl-c-shuffle --MPerBlock 256 --NPerBlock 128 --MPerXdl 32
  cutedump ck recipes
A stage is one transform_tensor_descriptor call: transforms separated by ';', each NAME(args)@LOW->UP with LOW the
old visible ids and UP the new visible ids (empty for freeze). Transforms: pass_through, pad, left_pad, right_pad,
embed, merge (merge_v1_carry_check, merge_v2_magic_division, merge_v3_division_mod), unmerge, freeze, insert,
vectorize, slice, modulo, xor (xor_with_modulo).
Answers follow Composable Kernel's own code (checked against CK's headers, tests/ck/): int32 index_t, the
magic-division merge for offsets of padded indices, CK's compile-time checks as errors.
"""

EPILOG_DESC = """\b
Examples:
  cutedump desc 0x4000004000010000 --major K --type half_t
  cutedump desc 0xc000001000010000 --type half_t                 # K-major 32-byte swizzle, SBO 256 bytes
  cutedump desc 0x4000008000400040 --major MN --type bfloat16_t --mn 128
  cutedump desc 0x4000404000010000 --kind umma --major K --type half_t --format json
  cutedump desc 0x4000004000010000 --picture svg > cores.svg     # the core matrices, LBO/SBO arrows
The descriptor does not say the element type, the major or the extent one instruction reads: --type (default
half_t), --major (default K) and --mn (rows of M or N, default 64) give them; K is one dense k-block (32 bytes).
CuTe prints a GmmaDescriptor (the first block, byte for byte); UMMA::SmemDescriptor has no printer in CuTe, cutedump
shows its fields in the same form.
"""

EPILOG_BANK = """\b
Examples:
  # ldmatrix of the A operand from a K-major 64x32 half tile: conflicts, and the swizzle that fixes them
  cutedump bank "(_64,_32):(_32,_1)" --copy SM75_U32x4_LDSM_N --type half_t \\
       --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --tile "(_32,_32,_16)" --operand A
  # the same layout must also take the cp.async G2S stores cleanly
  cutedump bank "(_128,_64):(_64,_1)" --copy SM75_U32x4_LDSM_N --type half_t \\
       --mma SM80_16x8x16_F16F16F16F16_TN --atom-layout "(_2,_2)" --tile "(_32,_32,_16)" --operand A \\
       --also "--copy SM80_CP_ASYNC_CACHEALWAYS<uint128_t> --thr (_16,_8):(_8,_1) --val (_1,_8)"
  cutedump bank "composition(Sw<3,3,3>, (_128,_64):(_64,_1))" --copy "UniversalCopy<uint128_t>" \\
       --type half_t --thr "(_16,_8):(_8,_1)" --val "(_1,_8)" --store --warp 2 --format json
  echo "(_64,_32):(_32,_1)" | cutedump bank - --copy "UniversalCopy<uint128_t>" --type half_t \\
       --thr "(_32,_4):(_4,_1)" --val "(_1,_8)" --compact       # SMEM from standard input
  # raw mode: one --addresses list (32 byte addresses, lane 0..31) per instruction
  cutedump bank --inst ld.shared.b128 --addresses "$(seq -s, 0 32 992)"
  cutedump bank --inst ldmatrix.x4 --addresses "$(seq -s, 0 16 496)" --format svg > banks.svg
\b
Instructions: ld.shared.b32|b64|b128, st.shared.b32|b64|b128, ldmatrix.x1|x2|x4[.trans], stmatrix.x1|x2|x4[.trans]
(b8/b16 modelled like b32). A phase is the whole warp (32-bit), a half-warp (64-bit), a quarter-warp (128-bit) or
one 8x8 matrix (ldmatrix/stmatrix); it costs as many wavefronts as the most distinct 4-byte words in one bank.
A 64/128-bit load whose lanes pair up on equal addresses (lane l with l^1, or with l^2, for every l) is served in
phases twice as large (measured on an H100: tests/data/bank/h100_measured_more.json).
The copy mode takes the TiledCopy options of `cutedump copy`; ldmatrix loads (partition_S of the smem tensor),
stmatrix and cp.async store (partition_D), UniversalCopy loads unless --store. Instructions are listed in the order
cute::copy issues them for warp --warp. Picture: per phase, the distinct words in each bank ('.' none, 2+ conflict).
"""

EPILOG_TMA = """\b
Examples:
  cutedump tma --op SM90_TMA_LOAD --type half_t --gmem "(1024,256):(256,_1)" --smem "(_64,_32):(_32,_1)"
  cutedump tma --op SM90_TMA_LOAD_MULTICAST --type half_t --gmem "(1024,256):(_1,1024)" \\
       --smem "tile_to_shape(Sw<3,4,3> o _0 o (_64,_8):(_1,_64), (_128,_64))" --cluster 2
  cutedump tma --op SM90_TMA_LOAD --type half_t --gmem "(4096,4096):(4096,_1)" \\
       --smem "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))" --cta-tile "(_128,_64)" --format json
  cutedump tma --op SM90_TMA_STORE --type float --gmem "(512,512,8):(_1,512,262144)" --smem "(_64,_32):(_1,_64)"
  cutedump tma --op SM90_TMA_LOAD_MULTICAST --type half_t --gmem "(1024,256):(_1,1024)"        --smem "tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>, (_128,_64))" --cluster 2 --tma-partition --cta 1
  cutedump tma --op SM90_TMA_LOAD_IM2COL --type half_t --gmem "((56,56,8),64):((64,3584,200704),_1)"        --smem "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64))" --lower-corner "(-1,-1)"        --upper-corner "(-1,-1)"
SM100 (Blackwell): with --mma (a UMMA atom) the TMA is CuTe's make_tma_atom_A/B_sm100 (--operand A|B, --mma-tiler,
--cluster-shape) or, with --tiled-copy, make_tma_copy_A/B/C_sm100; --smem defaults to the tutorials'
UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<T>, partition_shape_A(mma, tile)) and --type to the MMA's:
  cutedump tma --op SM100_TMA_2SM_LOAD_MULTICAST --mma "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,K,K>" \\
       --operand A --gmem "(512,256):(256,_1)" --cluster-shape "(4,4,1)" --tma-partition --cta 7 --cta-coord "(1,0)"
  cutedump tma --op SM90_TMA_LOAD_MULTICAST --mma "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>" \\
       --operand B --gmem "(1024,256):(256,_1)" --mma-tiler "(_128,_256,_64)" --cluster-shape "(2,4,1)" --format json
  cutedump tma --op SM100_TMA_2SM_LOAD --mma "SM100_MMA_TF32_2x1SM_SS<tfloat32_t,tfloat32_t,float,256,128,K,MN>" \\
       --operand B --gmem "(4096,1024):(_1,4096)" --tiled-copy
  cutedump tma --op SM90_TMA_STORE --mma "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,K,K>" --operand C \\
       --type float --gmem "(1024,1024):(_1,1024)" --tiled-copy
The first block is CuTe's print(tma), byte-exact; then the exact arguments CuTe passes to cuTensorMapEncodeTiled
(--format json: "tiled_copy" and "tensor_map"), then the box, the swizzle mode and why, instructions per tile and
the multicast split. Inputs TMA cannot do get CuTe's assert or static_assert text.
SM90_TMA_LOAD_IM2COL(_MULTICAST) is make_im2col_tma_copy: --gmem is the convolution's activation tensor
((W,H,D,N),C) as CUTLASS's implicit GEMM passes it; the output is print(tma) and the cuTensorMapEncodeIm2col
arguments (corners, channelsPerPixel, pixelsPerColumn, traversal strides); its TMA tensor is not modelled.
"""


COMMANDS = {c.name: c for c in [
    Command('eval', "Evaluate CuTe expressions and print results as CuTe's print does.",
        run='cutedump.commands.eval_cmd:eval_cmd',
        fast='cutedump.commands._fast:eval_text', fast_tty=True,
        help="Evaluate each EXPR (CuTe function names, CuTe print syntax) and print the result like CuTe's print.",
        epilog=EPILOG_EVAL,
        params=[
            Arg('exprs', required=False, nargs=-1, metavar='[EXPR]...'),
            Opt(('-f', '--file'), 'file_', "file", help="Read one expression per line ('-' = stdin) and print one "
                     "answer line for each, in order ('error: ...' for a line that fails; exit 1 if one did)."),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True,
                help='Output format of one EXPR (-f answers in text).'),
            Opt(('-j', '--jobs'), 'jobs', Range(1, None), help='Processes answering -f (2,000 lines or more, of a '
                     'file or arrived at once on a pipe); default: one per CPU. The output is the same bytes for '
                     'any number.'),
            Opt('--syntax', 'syntax', ('print', 'cpp', 'dsl'), default='print', show_default=True, fast=False,
                help="How answers are spelled: CuTe's print, C++ as kernels write it, or as the CuTe DSL prints it."),
        ],
    ),
    Command('layout', "Print a layout as CuTe's print_layout does.",
        run='cutedump.commands.layout_cmd:layout_cmd',
        fast='cutedump.commands._fast:layout_text', fast_tty=True,
        help="Print LAYOUT exactly as CuTe's print_layout does. LAYOUT '-' (or none, with a pipe) is read from "
             'standard\ninput.',
        epilog=EPILOG_LAYOUT,
        params=[
            Arg('layout', required=False),
            Opt('--info', flag=True, help='Add rank, depth, size and cosize.'),
            Opt('--coords', flag=True, help='Add the index -> coordinate -> offset table.'),
            Opt('--plain', flag=True, help='Exact CuTe bytes even on a terminal.'),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True),
            Opt('--force', flag=True, help='Print even very large tables (more than 65,536 cells).', fast=False),
        ],
    ),
    Command('coords', 'Coordinate tables: idx2crd / crd2idx for a shape (and stride).',
        run='cutedump.commands.tutorial_cmd:coords_cmd',
        fast='cutedump.commands._fast:coords_text', fast_tty=True,
        help='Coordinate table of SHAPE: 1-D index, 2-D and natural coordinates, and with STRIDE the '
             "offsets.\nSHAPE '-' (or none, with a pipe) is read from standard input.",
        epilog=EPILOG_COORDS,
        params=[
            Arg('shape', required=False),
            Arg('stride', required=False),
            Opt('--idx', 'idxs', multiple=True, metavar='I|COORD', fast=False, help='Convert one index or '
                     'coordinate: idx2crd (and crd2idx with a stride). Repeatable.'),
            Opt('--force', flag=True, help='Print even very large tables (more than 65,536 rows).', fast=False),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True, fast=False,
                help="json: one object (keys in the examples' notes below)."),
        ],
    ),
    Command('compat', 'Is shape A compatible with shape B, and why.',
        run='cutedump.commands.tutorial_cmd:compat_cmd',
        fast='cutedump.commands._fast:compat_text', fast_tty=True,
        help="Is SHAPE_A compatible with SHAPE_B (CuTe's compatible), and why.",
        epilog=EPILOG_COMPAT,
        params=[
            Arg('shape_a'),
            Arg('shape_b'),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True, fast=False,
                help="json: one object (keys in the examples' notes below)."),
        ],
    ),
    Command('atoms', 'List the MMA and Copy atom catalogs.',
        run='cutedump.commands.atoms_cmd:atoms_cmd',
        fast='cutedump.commands._atoms:atoms_text', fixed={'mma_pat': None, 'copy_pat': None},
        help='List the MMA and Copy atom catalogs (name, arch, shape/threads, value types), optionally '
             'filtered.\n\nPATTERN filters both catalogs: a case-insensitive substring, or a shell-style wildcard '
             '(* ? [...]) that must\nmatch the whole name (with or without its template arguments).',
        epilog=EPILOG_ATOMS,
        params=[
            Arg('pattern', required=False),
            Opt('--mma', 'mma_pat', flag_value='', metavar='[PATTERN]', fast=False,
                help='Only the MMA atoms (whose name matches PATTERN, when given).'),
            Opt('--copy', 'copy_pat', flag_value='', metavar='[PATTERN]', fast=False,
                help='Only the copy atoms (whose name matches PATTERN, when given).'),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True,
                help='json: {"mma": [{name, arch, shape_mnk, threads, types}], "copy": [{name, arch, threads, '
                     'bits}]} (a key only for the catalogs listed).'),
        ],
    ),
    Command('mma', 'Print a TiledMMA and its A/B/C thread-value layouts.',
        run='cutedump.commands.mma_cmd:mma_cmd',
        fast='cutedump.commands._fast:mma_text', fast_tty=True,
        help='Print a TiledMMA exactly as CuTe does, then its layoutA_TV, layoutB_TV and layoutC_TV.',
        epilog=EPILOG_MMA,
        params=[
            Arg('atom'),
            Opt('--atom-layout', help='Atom layout (M,N[,K]) over threads, e.g. "(_2,_2)" (default 1x1x1).'),
            Opt('--tile', help='Permutation Tile<M,N,K>: _, static ints or layouts, e.g. "(_32,_32,_16)".'),
            Opt('--partition', help='Tensor shape (M,N) or (M,N,K) to partition, e.g. "(128,128,64)".', fast=False),
            Opt('--thread', 'thr_idx', int, help='Thread index for partition_X and fragments.', fast=False),
            Opt('--atom-only', flag=True, help='Print only print(MMA_Atom<...>{}).', fast=False),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True, fast=False,
                help='json: the printed TiledMMA, A/B/C TV layouts and their (thread, value) tables.'),
            Opt('--force', flag=True, help='JSON tables with more than 65,536 cells.', fast=False),
            Opt('--thr', 'deprecated_thr', int, hidden=True, renames=('--thread', 'thr_idx')),
        ],
    ),
    Command('idesc', 'Decode a UMMA (SM100) instruction descriptor and name its atoms.',
        run='cutedump.commands.idesc_cmd:idesc_cmd',
        fast='cutedump.commands._answers:idesc_answer',
        help="Decode a 32-bit UMMA instruction descriptor (or an atom's) field by field and name the atoms it "
             'describes.',
        epilog=EPILOG_IDESC,
        params=[
            Arg('value'),
            Opt('--family', help='UMMA family to decode against, e.g. SM100_MMA_F16BF16_SS (default: every family).'),
            Opt('--block-scaled', flag=True, help='Decode as UMMA::InstrDescriptorBlockScaled (mxf8f6f4/mxf4).'),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True),
        ],
    ),
    Command('tmem', 'A UMMA accumulator in tensor memory and its tcgen05.ld/st copy.',
        run='cutedump.commands.tmem_cmd:tmem_cmd',
        fast='cutedump.commands._answers:tmem_text',
        help="The accumulator fragment of a UMMA in tensor memory, and a TMEM copy's thread partitions.",
        epilog=EPILOG_TMEM,
        params=[
            Arg('atom'),
            Opt('--atom-layout', help='Atom layout (M,N[,K]), e.g. "(_2,_1)" (default 1x1x1).'),
            Opt('--shape', 'shape_', help='The (M,N) tile of partition_fragment_C, e.g. "(_128,_256)".'),
            Opt('--copy', 'copy_op', help='A SM100_TMEM_LOAD_* / SM100_TMEM_STORE_* operation for make_tmem_copy.'),
            Opt('--thread', 'thread', int, default=0, show_default=True, help='Thread of partition_S/D.'),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True),
        ],
    ),
    Command('copy', 'Print a TiledCopy, its TV layouts and src2ref/dst2ref.',
        run='cutedump.commands.copy_cmd:copy_cmd',
        fast='cutedump.commands._fast:copy_text', fast_tty=True,
        help='Print a TiledCopy exactly as CuTe does, then layoutS_TV, layoutD_TV, src2ref and dst2ref.',
        epilog=EPILOG_COPY,
        params=[
            Arg('atom'),
            Opt('--type', 'value_type', help='Value type of Copy_Atom<Op, T>, e.g. half_t (required unless the op '
                     'names one, as in UniversalCopy<half_t>).'),
            Opt('--thr', help='Thread layout (m,n) -> thr_idx for make_tiled_copy, e.g. "(_16,_8):(_8,_1)".'),
            Opt('--val', help='Value layout (m,n) -> val_idx for make_tiled_copy, e.g. "(_1,_8)".'),
            Opt('--mma', 'mma_name', help='MMA atom for make_tiled_copy_A/B/C.', fast=False),
            Opt('--atom-layout', help='Atom layout of the TiledMMA (with --mma).', fast=False),
            Opt('--tile', help='Permutation Tile<M,N,K> of the TiledMMA (with --mma).', fast=False),
            Opt('--operand', 'operand', ('A', 'B', 'C', 'C_atom'), case_sensitive=False, fast=False,
                help='Which make_tiled_copy_X to use with --mma.'),
            Opt('--samples', flag=True, help='Add the per-thread src2ref / dst2ref sample tables.', fast=False),
            Opt('--tids', help='Threads for --samples, e.g. "0,8,16,24" (default: four evenly spaced).', fast=False),
            Opt('--partition', fast=False, help='A tensor layout to partition: tidfrg_S/D and partition_S/D, e.g. '
                     '"(128,64):(64,1)".'),
            Opt('--thread', 'thr_idx', int, default=0, show_default=True, fast=False,
                help='Thread index for partition_S/D.'),
            Opt('--atom-only', flag=True, help='Only the Copy_Atom (print, src2ref, dst2ref).', fast=False),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True, fast=False,
                help='json: the printed TiledCopy, S/D TV layouts and their (thread, value) tables.'),
            Opt('--force', flag=True, help='JSON tables with more than 65,536 cells.', fast=False),
            Opt('--thr-idx', 'deprecated_thr_idx', int, hidden=True, renames=('--thread', 'thr_idx')),
        ],
    ),
    Command('tiled-copy-c', 'The narrated make_tiled_copy_C_atom walk-through.',
        run='cutedump.commands.tiled_copy_c_cmd:tiled_copy_c_cmd',
        fast='cutedump.commands._answers:tiled_copy_c_text',
        help='The narrated make_tiled_copy_C_atom walk-through (layoutC_TV -> tiler -> tile2mma -> layout_tv).',
        epilog=EPILOG_TILED_COPY_C,
        params=[
            Opt('--copy-v', 'copy_v', int, metavar='N', help='Only the section for copy_V = N (must divide the '
                     'values per thread).'),
            Opt('--lang', 'lang', ('zh', 'en'), default='zh', show_default=True, envvar='CUTEDUMP_LANG',
                show_envvar=True, help='Narration language.'),
            Opt('--mma', metavar='ATOM', help='MMA atom (default SM80_16x8x16_F16F16F16F16_TN).'),
            Opt('--atom-layout', metavar='LAYOUT', help='Atom layout, e.g. "(_2,_2,_1)".'),
            Opt('--tile', metavar='TILE', help='Permutation Tile<M,N,K> of the TiledMMA, e.g. "(_32,_16,_16)".'),
            Opt('--force', flag=True, help='Print even very large tables (more than 65,536 cells).'),
            Opt('--plain', flag=True, help='No colour even on a terminal (the exact recorded bytes).'),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True, fast=False,
                help='json: one object: tiled_mma, layoutC_TV, mma_tiler, values_per_thread, copy_Vs, sections '
                     '[{copy_V, layout_TV, tiler_m, tiler_n, tiler_m_values, tiler_n_values, tile2mma, '
                     'left_inverse, layout_tv}] (no narration).'),
            Opt('--permutation', 'deprecated_permutation', hidden=True, renames=('--tile', 'tile')),
        ],
    ),
    Command('explain', "CuTe's algorithms step by step: an algebra call, or partition shapes.",
        run='cutedump.commands.explain_cmd:explain_cmd',
        fast='cutedump.commands._fast:explain_text', fixed={'given_': None}, fast_tty=True,
        help='Explain EXPR step by step as CuTe computes it, or (EXPR = partition) how a TiledMMA / TiledCopy '
             "partitions a\ntensor for one thread. EXPR '-' (or none, with a pipe) is read from standard input.",
        epilog=EPILOG_EXPLAIN,
        params=[
            Arg('expr', required=False),
            Opt('--lang', 'lang', ('zh', 'en'), default='zh', show_default=True, envvar='CUTEDUMP_LANG',
                show_envvar=True, help='Narration language.'),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True, fast=False,
                help='json: the list of steps (name, CuTe expression, value).'),
            Opt('--detail', 'detail', Range(1, 8), default=2, show_default=True, fast=False,
                help='How many levels of sub-expressions are narrated (1: only the top-level steps).'),
            Opt('--plain', flag=True, help='No colour even on a terminal.'),
            Opt('--mma', 'mma_name', metavar='ATOM', help='partition: MMA atom of the TiledMMA (or of '
                     'make_tiled_copy_A/B/C with --copy).'),
            Opt('--atom-layout', metavar='LAYOUT', help='partition: atom layout of the TiledMMA, e.g. "(_2,_2)".'),
            Opt('--tile', metavar='TILE', help='partition: permutation Tile<M,N,K> of the TiledMMA, e.g. '
                     '"(_32,_32,_16)".'),
            Opt('--copy', 'copy_name', metavar='ATOM', help='partition: copy atom of the TiledCopy.'),
            Opt('--type', 'value_type', metavar='T', help='partition: value type of the copy atom, e.g. half_t.'),
            Opt('--thr', metavar='LAYOUT', help='partition: thread layout for make_tiled_copy.'),
            Opt('--val', metavar='LAYOUT', help='partition: value layout for make_tiled_copy.'),
            Opt('--shape', metavar='SHAPE', help='partition: the tensor shape, e.g. "(_128,_64)" (compact '
                     'column-major).'),
            Opt('--layout', 'layout_', metavar='LAYOUT', help='partition: the tensor layout, e.g. '
                     '"(_128,_64):(_64,_1)".'),
            Opt('--operand', 'operand', ('A', 'B', 'C'), case_sensitive=False, help='partition: MMA operand '
                     '(partition_A/B/C; with --copy and --mma: make_tiled_copy_A/B/C).'),
            Opt('--side', 'side', ('S', 'D'), case_sensitive=False, help='partition: copy side, partition_S or '
                     'partition_D (default S).'),
            Opt('--fragment', flag=True, help='partition: partition_fragment_A/B/C instead of partition_A/B/C.'),
            Opt('--retile', flag=True, help='partition: retile_D of the MMA fragment (with --copy, --mma, '
                     '--operand).'),
            Opt('--thread', 'thread', int, default=0, show_default=True, help='partition: the thread index.'),
            Opt('--smem-address', metavar='A', help='partition: byte address of the smem tensor (GMMA/UMMA '
                     'descriptor fragments; default: unset, as on the host, start address 0).'),
        ],
    ),
    Command('sgemm-sm80', "Host-only dump of sgemm_sm80.cu: every layout, one thread's partitions.",
        run='cutedump.commands.sgemm_cmd:sgemm_cmd',
        fast='cutedump.commands._answers:sgemm_text', fixed={'given_': None},
        help="The host-only dump of sgemm_sm80.cu: every layout of the kernel, and one thread's partitions.",
        epilog=EPILOG_SGEMM_SM80,
        params=[
            Opt('--dump-layouts', flag=True, help="Print every object and the thread's partitions (the default)."),
            Opt('--dump-m', 'dump_m', int, metavar='M', help='Problem size M (dynamic).  [default: 128]'),
            Opt('--dump-n', 'dump_n', int, metavar='N', help='Problem size N (dynamic).  [default: 128]'),
            Opt('--dump-k', 'dump_k', int, metavar='K', help='Problem size K (dynamic).  [default: 64]'),
            Opt('--thread', 'thread', int, default=0, show_default=True, help='threadIdx.x of the partitions.'),
            Opt('--cta-tile', 'tile', metavar='M,N,K', help='CTA tile BLK_M,BLK_N,BLK_K (static).  [default: '
                     '128,128,64 for half_t, 128,128,8 for float]'),
            Opt('--variant', 'variant', ('tn', 'nt'), default='tn', show_default=True,
                help='The host path: gemm_tn (A^T B) or gemm_nt (A B^T).'),
            Opt('--type', 'type_', ('half_t', 'float'), default='half_t', show_default=True,
                help='Element type (half_t: tensor cores; float: UniversalFMA).'),
            Opt('--warp', 'warp', int, default=0, show_default=True, help='The warp whose instructions the bank '
                     'audit counts (all warps are summed too).'),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True),
            Opt('--lang', 'lang', ('zh', 'en'), default='zh', show_default=True, envvar='CUTEDUMP_LANG',
                show_envvar=True, help='Language of the reading lines.'),
            Opt('--no-readings', flag=True, help="Only the objects, without the '  # ...' reading lines."),
            Opt('--dump-latex', flag=True, help='Write print_latex files of the objects into --outdir.', fast=False),
            Opt('--outdir', metavar='DIR', help='Directory for --dump-latex (created if missing).', fast=False),
            Opt('--force', flag=True, help='Overwrite existing files with --dump-latex.', fast=False),
            Opt('--tile', 'deprecated_tile', hidden=True, renames=('--cta-tile', 'tile')),
        ],
    ),
    Command('kernel', 'Host-only dump and bank audit of any kernel, from a TOML description.',
        run='cutedump.commands.kernel_cmd:kernel_cmd',
        fast='cutedump.commands._answers:kernel_text', fixed={'given_': None},
        help='The host-only dump and bank audit of a kernel, from a TOML description of its layout objects.',
        epilog=_kernel_epilog,
        params=[
            Arg('file'),
            Opt('--thread', 'thread', int, default=0, show_default=True, help='threadIdx.x of the partitions.'),
            Opt('--warp', 'warp', int, default=0, show_default=True, help='The warp whose instructions the bank '
                     'audit counts (all warps are summed too).'),
            Opt('--set', 'sets', multiple=True, metavar='NAME=VALUE', help='Override a [params] default, e.g. '
                     '--set M=200 (dynamic) or --set bK=_16 (static).'),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True),
            Opt('--lang', 'lang', ('zh', 'en'), default='zh', show_default=True, envvar='CUTEDUMP_LANG',
                show_envvar=True, help='Language of the reading lines and the bank audit.'),
            Opt('--no-readings', flag=True, help="Only the objects and partitions: no '  # ...' readings, no bank "
                     'audit.'),
            Opt('--dump-latex', flag=True, help='Write print_latex files of the objects into --outdir.', fast=False),
            Opt('--outdir', metavar='DIR', help='Directory for --dump-latex (created if missing).', fast=False),
            Opt('--force', flag=True, help='Overwrite existing files with --dump-latex.', fast=False),
        ],
    ),
    Command('golden', 'Verify or update golden files against their commands.',
        run='cutedump.commands.golden_cmd:golden_cmd',
        help='Golden files: pin cutedump outputs in a directory and check them in CI.',
        epilog=EPILOG_GOLDEN,
        params=[
        ],
        subcommands=[
            Command('update', None,
                run='cutedump.commands.golden_cmd:update_cmd',
                help='Rewrite the golden files of DIR/MANIFEST (and of every MANIFEST below DIR) whose command '
                     'output changed,\nand say which.',
                epilog=EPILOG_GOLDEN,
                params=[
                    Arg('directory', required=False, default='golden', type="dir"),
                    Opt('--only', multiple=True, metavar='FILE', help='Update only this manifest entry '
                             '(repeatable).'),
                    Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True,
                        help='json: {"changes": [{file, what}]} (what: created/updated (+a -b lines)/not updated: '
                             'why).'),
                ],
            ),
            Command('verify', None,
                run='cutedump.commands.golden_cmd:verify_cmd',
                help='Re-run every command of DIR/MANIFEST and of every MANIFEST below DIR (default: ./golden), and '
                     'diff\nagainst the golden files.',
                epilog=EPILOG_GOLDEN,
                params=[
                    Arg('directory', required=False, default='golden', type="dir"),
                    Opt('--only', multiple=True, metavar='FILE', help='Check only this manifest entry (repeatable).'),
                    Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True,
                        help='json: {"files": [{file, command, status (ok|DIFF|missing), diff}], "total", '
                             '"mismatches"}.'),
                ],
            ),
        ],
    ),
    Command('latex', "CuTe's print_latex (TikZ) of a layout, TV layout, MMA or copy.",
        run='cutedump.commands.latex_cmd:latex_cmd',
        fast='cutedump.commands._pictures:latex_text',
        help="CuTe's print_latex of LAYOUT (or of a TV layout, an MMA, a TiledCopy), byte for byte.",
        epilog=EPILOG_LATEX,
        params=[
            Arg('layout', required=False),
            Opt('--tv', metavar='LAYOUT_TV', help='A (thread,value) -> tile index layout.'),
            Opt('--tile', metavar='TILE', help='With --tv: the (M,N) tile. With --mma: the permutation tile '
                     '(M,N,K).'),
            Opt('--mma', metavar='ATOM', help='MMA atom name (see `cutedump atoms`).'),
            Opt('--atom-layout', metavar='LAYOUT', help='Atom layout of the TiledMMA, e.g. "(_2,_2)".'),
            Opt('--copy', metavar='ATOM', help='Copy atom name, e.g. SM75_U32x4_LDSM_N.'),
            Opt('--type', 'value_type', metavar='T', help='Value type of the copy atom (half_t, float, ...).'),
            Opt('--thr', metavar='LAYOUT', help='make_tiled_copy thread layout (m,n) -> thr.'),
            Opt('--val', metavar='LAYOUT', help='make_tiled_copy value layout (m,n) -> val.'),
            Opt('--operand', 'copy_for', ('A', 'B', 'C', 'C_atom'), case_sensitive=False,
                help='make_tiled_copy_A/B/C/C_atom against the --mma TiledMMA (as `cutedump copy --operand`).'),
            Opt('--force', flag=True, help='Draw even very large pictures (more than 65,536 cells).'),
            Opt('--copy-for', 'deprecated_copy_for', ('A', 'B', 'C', 'C_atom'), case_sensitive=False, hidden=True,
                renames=('--operand', 'copy_for')),
            Opt('--permutation', 'deprecated_permutation', hidden=True, renames=('--tile', 'tile')),
        ],
    ),
    Command('svg', "SVG pictures: CuTe's print_svg for MMAs, ours for the rest.",
        run='cutedump.commands.svg_cmd:svg_cmd',
        fast='cutedump.commands._pictures:svg_text',
        help='SVG picture of LAYOUT (or of a TV layout, an MMA, a TiledCopy).',
        epilog=EPILOG_SVG,
        params=[
            Arg('layout', required=False),
            Opt('--tv', metavar='LAYOUT_TV', help='A (thread,value) -> tile index layout.'),
            Opt('--tile', metavar='TILE', help='With --tv: the (M,N) tile. With --mma: the permutation tile '
                     '(M,N,K).'),
            Opt('--mma', metavar='ATOM', help='MMA atom name (see `cutedump atoms`).'),
            Opt('--atom-layout', metavar='LAYOUT', help='Atom layout of the TiledMMA, e.g. "(_2,_2)".'),
            Opt('--copy', metavar='ATOM', help='Copy atom name, e.g. SM75_U32x4_LDSM_N.'),
            Opt('--type', 'value_type', metavar='T', help='Value type of the copy atom (half_t, float, ...).'),
            Opt('--thr', metavar='LAYOUT', help='make_tiled_copy thread layout (m,n) -> thr.'),
            Opt('--val', metavar='LAYOUT', help='make_tiled_copy value layout (m,n) -> val.'),
            Opt('--operand', 'copy_for', ('A', 'B', 'C', 'C_atom'), case_sensitive=False,
                help='make_tiled_copy_A/B/C/C_atom against the --mma TiledMMA (as `cutedump copy --operand`).'),
            Opt('--force', flag=True, help='Draw even very large pictures (more than 65,536 cells).'),
            Opt('--copy-for', 'deprecated_copy_for', ('A', 'B', 'C', 'C_atom'), case_sensitive=False, hidden=True,
                renames=('--operand', 'copy_for')),
            Opt('--permutation', 'deprecated_permutation', hidden=True, renames=('--tile', 'tile')),
        ],
    ),
    Command('html', 'Interactive HTML page: hover tooltips, click a thread to highlight.',
        run='cutedump.commands.html_cmd:html_cmd',
        fast='cutedump.commands._pictures:html_text',
        help='Interactive HTML page of LAYOUT (or of a TV layout, an MMA, a TiledCopy): hover tooltips, click a '
             'thread.',
        epilog=EPILOG_HTML,
        params=[
            Arg('layout', required=False),
            Opt('--tv', metavar='LAYOUT_TV', help='A (thread,value) -> tile index layout.'),
            Opt('--tile', metavar='TILE', help='With --tv: the (M,N) tile. With --mma: the permutation tile '
                     '(M,N,K).'),
            Opt('--mma', metavar='ATOM', help='MMA atom name (see `cutedump atoms`).'),
            Opt('--atom-layout', metavar='LAYOUT', help='Atom layout of the TiledMMA, e.g. "(_2,_2)".'),
            Opt('--copy', metavar='ATOM', help='Copy atom name, e.g. SM75_U32x4_LDSM_N.'),
            Opt('--type', 'value_type', metavar='T', help='Value type of the copy atom (half_t, float, ...).'),
            Opt('--thr', metavar='LAYOUT', help='make_tiled_copy thread layout (m,n) -> thr.'),
            Opt('--val', metavar='LAYOUT', help='make_tiled_copy value layout (m,n) -> val.'),
            Opt('--operand', 'copy_for', ('A', 'B', 'C', 'C_atom'), case_sensitive=False,
                help='make_tiled_copy_A/B/C/C_atom against the --mma TiledMMA (as `cutedump copy --operand`).'),
            Opt('--force', flag=True, help='Draw even very large pictures (more than 65,536 cells).'),
            Opt('--copy-for', 'deprecated_copy_for', ('A', 'B', 'C', 'C_atom'), case_sensitive=False, hidden=True,
                renames=('--operand', 'copy_for')),
            Opt('--permutation', 'deprecated_permutation', hidden=True, renames=('--tile', 'tile')),
        ],
    ),
    Command('tilelang', 'TileLang bank-swizzle layouts: Forward, OutputShape, replicate extent, CuTe view.',
        run='cutedump.commands.tilelang_cmd:tilelang_cmd',
        help="TileLang 0.1.15 layouts: TileLang's repr, Forward, OutputShape, Inverse, CuTe view.",
        epilog=EPILOG_TILELANG,
        params=[
        ],
        subcommands=[
            Command('auto', None,
                run='cutedump.commands.tilelang_cmd:buffer_cmd', bound={'constructor': 'make_swizzled_layout'},
                fast='cutedump.commands._answers:tilelang_buffer_text',
                help='What tilelang.layout.make_swizzled_layout(buffer) returns (MakeGemmABLayout with allow_pad; '
                     '--no-pad: MakeGemmABLayoutHopper).',
                epilog=EPILOG_TILELANG,
                params=[
                    Opt('--shape', required=True, help='Buffer shape, e.g. 64,16 or 2,64,64.'),
                    Opt('--type', 'dtype', help='Element type (float16, bfloat16, float32, float64, int8, '
                             'float8_e4m3fn, int4, ...). Default float16.'),
                    Opt('--type-bits', 'dtype_bits', int, help='Element size in bits instead of --type.'),
                    Opt('--at', help='Also show Forward at this input index, e.g. 5,3.'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help='text, or JSON (input/output shape, repr, inverse, CuTe view).'),
                    Opt('--values', flag=True, help='JSON: add Forward and the physical offset at every index.'),
                    Opt('--force', flag=True, help='Allow very large domains and outputs.'),
                    Opt('--dtype-bits', 'deprecated_dtype_bits', int, hidden=True,
                        renames=('--type-bits', 'dtype_bits')),
                    Opt('--dtype', 'deprecated_dtype', hidden=True, renames=('--type', 'dtype')),
                    Opt('--no-pad', flag=True, help='allow_pad=False (Hopper choice).'),
                    Opt('--k-outer', flag=True, help='k_major/k_inner = False (fp64 K-outer, int8 padded).'),
                ],
            ),
            Command('fragment-8x8', None,
                run='cutedump.commands.tilelang_cmd:fragment_8x8_cmd',
                help='tilelang.layout.make_gemm_fragment_8x8(): the 8x8 ldmatrix fragment (thread and local index).',
                epilog=EPILOG_TILELANG,
                params=[
                    Opt('--transposed', flag=True, help='make_gemm_fragment_8x8_transposed.'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help='text, or JSON (input/output shape, repr, inverse, CuTe view).'),
                    Opt('--values', flag=True, help='JSON: add Forward and the physical offset at every index.'),
                ],
            ),
            Command('full-bank', None,
                run='cutedump.commands.tilelang_cmd:bank_cmd', bound={'kind': 'full'},
                help='make_full_bank_swizzled_layout / MakeFullBankSwizzleLayout2D: 128-byte rows, 3-bit XOR '
                     '(xor8x8).',
                epilog=EPILOG_TILELANG,
                params=[
                    Opt('--shape', required=True, help='Buffer shape, e.g. 256,64 (rows = stride, cols = '
                             'continuous).'),
                    Opt('--type-bits', 'dtype_bits', int, help='Element size in bits (default 16).'),
                    Opt('--type', 'dtype', help='Element type name instead of --type-bits (float16, int8, ...).'),
                    Opt('--at', help='Show Forward at this input index, e.g. 5,17.'),
                    Opt('--inverse', 'inverse', int, help='Show which index lands at this offset.'),
                    Opt('--buffer-shape', help='Shared buffer shape for replicate_extent (default: --shape).'),
                    Opt('--table', flag=True, help='Print the swizzled offsets of a window (print_layout-like).'),
                    Opt('--vectors', flag=True, help='Table in 128-bit vector units (implies --table).'),
                    Opt('--rows', 'rows', int, help='Table rows (default 8).'),
                    Opt('--cols', 'cols', int, help='Table columns (default 16, or one swizzle row of vectors).'),
                    Opt('--row0', 'row0', int, default=0, show_default=True, help='First table row.'),
                    Opt('--col0', 'col0', int, default=0, show_default=True, help='First table column.'),
                    Opt('--cute', flag=True, help='Show the equivalent CuTe layout, checked at every index.'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help='text, or JSON (input/output shape, repr, inverse, CuTe view).'),
                    Opt('--values', flag=True, help='JSON: add Forward and the physical offset at every index.'),
                    Opt('--force', flag=True, help='Allow very large domains and tables.'),
                    Opt('--dtype-bits', 'deprecated_dtype_bits', int, hidden=True,
                        renames=('--type-bits', 'dtype_bits')),
                    Opt('--dtype', 'deprecated_dtype', hidden=True, renames=('--type', 'dtype')),
                ],
            ),
            Command('gemm-ab', None,
                run='cutedump.commands.tilelang_cmd:buffer_cmd', bound={'constructor': 'MakeGemmABLayout'},
                fast='cutedump.commands._answers:tilelang_buffer_text',
                help="MakeGemmABLayout(stride, continuous, continuity, element_size, k_inner): the GEMM lowering's "
                     'choice (full / half / quarter bank, fp64 K-inner/K-outer, else the padded layout), 2-D.',
                epilog=EPILOG_TILELANG,
                params=[
                    Opt('--shape', required=True, help='Buffer shape, e.g. 64,16 or 2,64,64.'),
                    Opt('--type', 'dtype', help='Element type (float16, bfloat16, float32, float64, int8, '
                             'float8_e4m3fn, int4, ...). Default float16.'),
                    Opt('--type-bits', 'dtype_bits', int, help='Element size in bits instead of --type.'),
                    Opt('--at', help='Also show Forward at this input index, e.g. 5,3.'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help='text, or JSON (input/output shape, repr, inverse, CuTe view).'),
                    Opt('--values', flag=True, help='JSON: add Forward and the physical offset at every index.'),
                    Opt('--force', flag=True, help='Allow very large domains and outputs.'),
                    Opt('--dtype-bits', 'deprecated_dtype_bits', int, hidden=True,
                        renames=('--type-bits', 'dtype_bits')),
                    Opt('--dtype', 'deprecated_dtype', hidden=True, renames=('--type', 'dtype')),
                    Opt('--continuity', 'continuity', int, help='Continuity (default: continuous).'),
                    Opt('--k-outer', flag=True, help='k_major/k_inner = False (fp64 K-outer, int8 padded).'),
                ],
            ),
            Command('half-bank', None,
                run='cutedump.commands.tilelang_cmd:bank_cmd', bound={'kind': 'half'},
                help='make_half_bank_swizzled_layout / MakeHalfBankSwizzleLayout2D: 64-byte rows, 2-bit XOR '
                     '(xor4x4).',
                epilog=EPILOG_TILELANG,
                params=[
                    Opt('--shape', required=True, help='Buffer shape, e.g. 256,64 (rows = stride, cols = '
                             'continuous).'),
                    Opt('--type-bits', 'dtype_bits', int, help='Element size in bits (default 16).'),
                    Opt('--type', 'dtype', help='Element type name instead of --type-bits (float16, int8, ...).'),
                    Opt('--at', help='Show Forward at this input index, e.g. 5,17.'),
                    Opt('--inverse', 'inverse', int, help='Show which index lands at this offset.'),
                    Opt('--buffer-shape', help='Shared buffer shape for replicate_extent (default: --shape).'),
                    Opt('--table', flag=True, help='Print the swizzled offsets of a window (print_layout-like).'),
                    Opt('--vectors', flag=True, help='Table in 128-bit vector units (implies --table).'),
                    Opt('--rows', 'rows', int, help='Table rows (default 8).'),
                    Opt('--cols', 'cols', int, help='Table columns (default 16, or one swizzle row of vectors).'),
                    Opt('--row0', 'row0', int, default=0, show_default=True, help='First table row.'),
                    Opt('--col0', 'col0', int, default=0, show_default=True, help='First table column.'),
                    Opt('--cute', flag=True, help='Show the equivalent CuTe layout, checked at every index.'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help='text, or JSON (input/output shape, repr, inverse, CuTe view).'),
                    Opt('--values', flag=True, help='JSON: add Forward and the physical offset at every index.'),
                    Opt('--force', flag=True, help='Allow very large domains and tables.'),
                    Opt('--dtype-bits', 'deprecated_dtype_bits', int, hidden=True,
                        renames=('--type-bits', 'dtype_bits')),
                    Opt('--dtype', 'deprecated_dtype', hidden=True, renames=('--type', 'dtype')),
                ],
            ),
            Command('linear', None,
                run='cutedump.commands.tilelang_cmd:buffer_cmd', bound={'constructor': 'make_linear_layout'},
                fast='cutedump.commands._answers:tilelang_buffer_text',
                help='tilelang.layout.make_linear_layout(buffer): row-major, any rank.',
                epilog=EPILOG_TILELANG,
                params=[
                    Opt('--shape', required=True, help='Buffer shape, e.g. 64,16 or 2,64,64.'),
                    Opt('--type', 'dtype', help='Element type (float16, bfloat16, float32, float64, int8, '
                             'float8_e4m3fn, int4, ...). Default float16.'),
                    Opt('--type-bits', 'dtype_bits', int, help='Element size in bits instead of --type.'),
                    Opt('--at', help='Also show Forward at this input index, e.g. 5,3.'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help='text, or JSON (input/output shape, repr, inverse, CuTe view).'),
                    Opt('--values', flag=True, help='JSON: add Forward and the physical offset at every index.'),
                    Opt('--force', flag=True, help='Allow very large domains and outputs.'),
                    Opt('--dtype-bits', 'deprecated_dtype_bits', int, hidden=True,
                        renames=('--type-bits', 'dtype_bits')),
                    Opt('--dtype', 'deprecated_dtype', hidden=True, renames=('--type', 'dtype')),
                ],
            ),
            Command('padded', None,
                run='cutedump.commands.tilelang_cmd:buffer_cmd', bound={'constructor': 'MakeGemmABLayoutPadded'},
                fast='cutedump.commands._answers:tilelang_buffer_text',
                help='MakeGemmABLayoutPadded: row-major, rows padded by 128 bits when a row is a multiple of 256 '
                     'bits.',
                epilog=EPILOG_TILELANG,
                params=[
                    Opt('--shape', required=True, help='Buffer shape, e.g. 64,16 or 2,64,64.'),
                    Opt('--type', 'dtype', help='Element type (float16, bfloat16, float32, float64, int8, '
                             'float8_e4m3fn, int4, ...). Default float16.'),
                    Opt('--type-bits', 'dtype_bits', int, help='Element size in bits instead of --type.'),
                    Opt('--at', help='Also show Forward at this input index, e.g. 5,3.'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help='text, or JSON (input/output shape, repr, inverse, CuTe view).'),
                    Opt('--values', flag=True, help='JSON: add Forward and the physical offset at every index.'),
                    Opt('--force', flag=True, help='Allow very large domains and outputs.'),
                    Opt('--dtype-bits', 'deprecated_dtype_bits', int, hidden=True,
                        renames=('--type-bits', 'dtype_bits')),
                    Opt('--dtype', 'deprecated_dtype', hidden=True, renames=('--type', 'dtype')),
                ],
            ),
            Command('quarter-bank', None,
                run='cutedump.commands.tilelang_cmd:bank_cmd', bound={'kind': 'quarter'},
                help='make_quarter_bank_swizzled_layout / MakeQuarterBankSwizzleLayout2D: 32-byte rows, 1-bit XOR.',
                epilog=EPILOG_TILELANG,
                params=[
                    Opt('--shape', required=True, help='Buffer shape, e.g. 256,64 (rows = stride, cols = '
                             'continuous).'),
                    Opt('--type-bits', 'dtype_bits', int, help='Element size in bits (default 16).'),
                    Opt('--type', 'dtype', help='Element type name instead of --type-bits (float16, int8, ...).'),
                    Opt('--at', help='Show Forward at this input index, e.g. 5,17.'),
                    Opt('--inverse', 'inverse', int, help='Show which index lands at this offset.'),
                    Opt('--buffer-shape', help='Shared buffer shape for replicate_extent (default: --shape).'),
                    Opt('--table', flag=True, help='Print the swizzled offsets of a window (print_layout-like).'),
                    Opt('--vectors', flag=True, help='Table in 128-bit vector units (implies --table).'),
                    Opt('--rows', 'rows', int, help='Table rows (default 8).'),
                    Opt('--cols', 'cols', int, help='Table columns (default 16, or one swizzle row of vectors).'),
                    Opt('--row0', 'row0', int, default=0, show_default=True, help='First table row.'),
                    Opt('--col0', 'col0', int, default=0, show_default=True, help='First table column.'),
                    Opt('--cute', flag=True, help='Show the equivalent CuTe layout, checked at every index.'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help='text, or JSON (input/output shape, repr, inverse, CuTe view).'),
                    Opt('--values', flag=True, help='JSON: add Forward and the physical offset at every index.'),
                    Opt('--force', flag=True, help='Allow very large domains and tables.'),
                    Opt('--dtype-bits', 'deprecated_dtype_bits', int, hidden=True,
                        renames=('--type-bits', 'dtype_bits')),
                    Opt('--dtype', 'deprecated_dtype', hidden=True, renames=('--type', 'dtype')),
                ],
            ),
            Command('replicated', None,
                run='cutedump.commands.tilelang_cmd:replicated_cmd',
                help='tilelang.layout.make_fully_replicated_layout_fragment(buffer, threads).',
                epilog=EPILOG_TILELANG,
                params=[
                    Opt('--shape', required=True, help='Fragment buffer shape, e.g. 2,4.'),
                    Opt('--threads', 'threads', int, required=True, help='Thread count (the replicate extent).'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help='text, or JSON (input/output shape, repr, inverse, CuTe view).'),
                    Opt('--values', flag=True, help='JSON: add Forward and the physical offset at every index.'),
                    Opt('--force', flag=True, help='Allow very large domains and outputs.'),
                ],
            ),
            Command('tcgen05', None,
                run='cutedump.commands.tilelang_cmd:buffer_cmd', bound={'constructor': 'make_tcgen05mma_swizzled_layout'},
                fast='cutedump.commands._answers:tilelang_buffer_text',
                help='tilelang.layout.make_tcgen05mma_swizzled_layout(buffer): MakeGemmABLayoutSm100.',
                epilog=EPILOG_TILELANG,
                params=[
                    Opt('--shape', required=True, help='Buffer shape, e.g. 64,16 or 2,64,64.'),
                    Opt('--type', 'dtype', help='Element type (float16, bfloat16, float32, float64, int8, '
                             'float8_e4m3fn, int4, ...). Default float16.'),
                    Opt('--type-bits', 'dtype_bits', int, help='Element size in bits instead of --type.'),
                    Opt('--at', help='Also show Forward at this input index, e.g. 5,3.'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help='text, or JSON (input/output shape, repr, inverse, CuTe view).'),
                    Opt('--values', flag=True, help='JSON: add Forward and the physical offset at every index.'),
                    Opt('--force', flag=True, help='Allow very large domains and outputs.'),
                    Opt('--dtype-bits', 'deprecated_dtype_bits', int, hidden=True,
                        renames=('--type-bits', 'dtype_bits')),
                    Opt('--dtype', 'deprecated_dtype', hidden=True, renames=('--type', 'dtype')),
                    Opt('--continuity', 'continuity', int, help='Continuity (default -1).'),
                    Opt('--k-outer', flag=True, help='k_major/k_inner = False (fp64 K-outer, int8 padded).'),
                ],
            ),
            Command('volta', None,
                run='cutedump.commands.tilelang_cmd:buffer_cmd', bound={'constructor': 'make_volta_swizzled_layout'},
                fast='cutedump.commands._answers:tilelang_buffer_text',
                help='tilelang.layout.make_volta_swizzled_layout(buffer): MakeGemmVoltaABLayout (crosswise / '
                     'congruous).',
                epilog=EPILOG_TILELANG,
                params=[
                    Opt('--shape', required=True, help='Buffer shape, e.g. 64,16 or 2,64,64.'),
                    Opt('--type', 'dtype', help='Element type (float16, bfloat16, float32, float64, int8, '
                             'float8_e4m3fn, int4, ...). Default float16.'),
                    Opt('--type-bits', 'dtype_bits', int, help='Element size in bits instead of --type.'),
                    Opt('--at', help='Also show Forward at this input index, e.g. 5,3.'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help='text, or JSON (input/output shape, repr, inverse, CuTe view).'),
                    Opt('--values', flag=True, help='JSON: add Forward and the physical offset at every index.'),
                    Opt('--force', flag=True, help='Allow very large domains and outputs.'),
                    Opt('--dtype-bits', 'deprecated_dtype_bits', int, hidden=True,
                        renames=('--type-bits', 'dtype_bits')),
                    Opt('--dtype', 'deprecated_dtype', hidden=True, renames=('--type', 'dtype')),
                    Opt('--k-outer', flag=True, help='k_inner = False.'),
                    Opt('--b', 'is_b', flag=True, help='is_a = False (the B operand).'),
                ],
            ),
            Command('wgmma', None,
                run='cutedump.commands.tilelang_cmd:buffer_cmd', bound={'constructor': 'make_wgmma_swizzled_layout'},
                fast='cutedump.commands._answers:tilelang_buffer_text',
                help='tilelang.layout.make_wgmma_swizzled_layout(buffer): MakeGemmABLayoutHopper.',
                epilog=EPILOG_TILELANG,
                params=[
                    Opt('--shape', required=True, help='Buffer shape, e.g. 64,16 or 2,64,64.'),
                    Opt('--type', 'dtype', help='Element type (float16, bfloat16, float32, float64, int8, '
                             'float8_e4m3fn, int4, ...). Default float16.'),
                    Opt('--type-bits', 'dtype_bits', int, help='Element size in bits instead of --type.'),
                    Opt('--at', help='Also show Forward at this input index, e.g. 5,3.'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help='text, or JSON (input/output shape, repr, inverse, CuTe view).'),
                    Opt('--values', flag=True, help='JSON: add Forward and the physical offset at every index.'),
                    Opt('--force', flag=True, help='Allow very large domains and outputs.'),
                    Opt('--dtype-bits', 'deprecated_dtype_bits', int, hidden=True,
                        renames=('--type-bits', 'dtype_bits')),
                    Opt('--dtype', 'deprecated_dtype', hidden=True, renames=('--type', 'dtype')),
                    Opt('--continuity', 'continuity', int, help='Continuity (default -1).'),
                    Opt('--k-outer', flag=True, help='k_major/k_inner = False (fp64 K-outer, int8 padded).'),
                ],
            ),
        ],
    ),
    Command('ck', 'Composable Kernel tensor descriptors: transform chains, offsets, XDL recipes, CuTe view.',
        run='cutedump.commands.ck_cmd:ck_cmd',
        help='Composable Kernel tensor descriptors: transform chains, offsets, XDL GEMM recipes, CuTe views.',
        epilog=EPILOG_CK,
        params=[
        ],
        subcommands=[
            Command('describe', None,
                run='cutedump.commands.ck_cmd:describe_cmd',
                fast='cutedump.commands._ck:describe_text', fixed={'offsets': False},
                help='A naive descriptor followed by transform stages, as CK builds it.',
                epilog=EPILOG_CK,
                params=[
                    Opt('--lengths', required=True, help='Lengths of the naive descriptor.'),
                    Opt('--strides', help='Its strides (packed if omitted).'),
                    Opt('--align', help='Aligned naive descriptor instead.'),
                    Opt('--stage', 'stages', multiple=True, help='One transform_tensor_descriptor call '
                             '(repeatable).'),
                    Opt('--name', default='descriptor', show_default=True, help='Name printed for the descriptor.'),
                    Opt('--at', help='Trace CalculateOffset for this visible index, e.g. 3,17,5.'),
                    Opt('--table', flag=True, help='Also print the offset table when --at is given.'),
                    Opt('--rows', 'rows', int, help='Rank-2 table rows (default 8).'),
                    Opt('--cols', 'cols', int, help='Rank-2 table columns (default 8).'),
                    Opt('--limit', 'limit', int, default=16, show_default=True, help='Coordinates listed for rank '
                             '!= 2.'),
                    Opt('--no-cute', flag=True, help='Skip the CuTe view.'),
                    Opt('--force', flag=True, help='Allow big tables and full CuTe checks of big domains.'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help="json: lengths, element space size, the chain (and --at's trace, --offsets) as data."),
                    Opt('--offsets', flag=True, help="json: every visible index's offset and validity.", fast=False),
                ],
            ),
            Command('naive', None,
                run='cutedump.commands.ck_cmd:naive_cmd',
                fast='cutedump.commands._ck:naive_text', fixed={'offsets': False},
                help='make_naive_tensor_descriptor(_packed/_aligned): the chain, offsets and the CuTe layout.',
                epilog=EPILOG_CK,
                params=[
                    Opt('--lengths', required=True, help='Lengths, e.g. 256,64 (_N = static Number<N>).'),
                    Opt('--strides', help='Strides (make_naive_tensor_descriptor); packed if omitted.'),
                    Opt('--align', help='make_naive_tensor_descriptor_aligned with this alignment.'),
                    Opt('--at', help='Trace CalculateOffset for this visible index, e.g. 3,17,5.'),
                    Opt('--table', flag=True, help='Also print the offset table when --at is given.'),
                    Opt('--rows', 'rows', int, help='Rank-2 table rows (default 8).'),
                    Opt('--cols', 'cols', int, help='Rank-2 table columns (default 8).'),
                    Opt('--limit', 'limit', int, default=16, show_default=True, help='Coordinates listed for rank '
                             '!= 2.'),
                    Opt('--no-cute', flag=True, help='Skip the CuTe view.'),
                    Opt('--force', flag=True, help='Allow big tables and full CuTe checks of big domains.'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help="json: lengths, element space size, the chain (and --at's trace, --offsets) as data."),
                    Opt('--offsets', flag=True, help="json: every visible index's offset and validity.", fast=False),
                ],
            ),
            Command('recipe', None,
                run='cutedump.commands.ck_cmd:recipe_cmd',
                fast='cutedump.commands._ck:recipe_text', fixed={'offsets': False, 'given_': None},
                help='Build one of the XDL GEMM descriptors (see `cutedump ck recipes`).',
                epilog=EPILOG_CK,
                params=[
                    Arg('name'),
                    Opt('--M', 'M', int, help='GEMM M (xdl-a, xdl-c-grid).'),
                    Opt('--N', 'N', int, help='GEMM N (xdl-b, xdl-c-grid).'),
                    Opt('--K', 'K', int, help='GEMM K (xdl-a, xdl-b).'),
                    Opt('--stride', 'stride', int, help='StrideA/StrideB/StrideC (default: packed).'),
                    Opt('--major', 'layout', ('row', 'col'), help="A/B storage order, CK's ALayout/BLayout "
                             '(default: row-major A, column-major B: K contiguous).'),
                    Opt('--AK1', 'AK1', int, default=8, show_default=True, help='AK1 / BK1 (K elements per vector).'),
                    Opt('--MPerBlock', 'MPerBlock', int, help='Block tile M.'),
                    Opt('--NPerBlock', 'NPerBlock', int, help='Block tile N.'),
                    Opt('--KPerBlock', 'KPerBlock', int, help='Block tile K.'),
                    Opt('--MPerXdl', 'MPerXdl', int, default=32, show_default=True, help='32 or 16 (the MFMA).'),
                    Opt('--MXdlPerWave', 'MXdlPerWave', int, default=2, show_default=True, help='MRepeat.'),
                    Opt('--NXdlPerWave', 'NXdlPerWave', int, default=2, show_default=True, help='NRepeat.'),
                    Opt('--extra-m', 'extra_m', int, default=0, show_default=True,
                        help='ABlockLdsExtraM (LDS padding).'),
                    Opt('--cshuffle-m', 'cshuffle_m', int, default=1, show_default=True,
                        help='CShuffleMXdlPerWavePerShuffle.'),
                    Opt('--cshuffle-n', 'cshuffle_n', int, default=1, show_default=True,
                        help='CShuffleNXdlPerWavePerShuffle.'),
                    Opt('--slice-lengths', default='1,4,8', show_default=True, help='thread-scratch: SliceLengths.'),
                    Opt('--spec', 'spec', 'cutedump.ck.recipes:SPECS', help='GemmSpecialization (xdl-a, xdl-b, '
                             'xdl-c-grid). Default: pad the dimensions whose block size is given '
                             '(--MPerBlock/--NPerBlock/--KPerBlock).'),
                    Opt('--vector-dim', 'vector_dim', int, default=2, show_default=True,
                        help='thread-scratch: SrcVectorDim.'),
                    Opt('--scalar-per-vector', 'scalar_per_vector', int, default=8, show_default=True,
                        help='thread-scratch: SrcScalarPerVector.'),
                    Opt('--at', help='Trace CalculateOffset for this visible index, e.g. 3,17,5.'),
                    Opt('--table', flag=True, help='Also print the offset table when --at is given.'),
                    Opt('--rows', 'rows', int, help='Rank-2 table rows (default 8).'),
                    Opt('--cols', 'cols', int, help='Rank-2 table columns (default 8).'),
                    Opt('--limit', 'limit', int, default=16, show_default=True, help='Coordinates listed for rank '
                             '!= 2.'),
                    Opt('--no-cute', flag=True, help='Skip the CuTe view.'),
                    Opt('--force', flag=True, help='Allow big tables and full CuTe checks of big domains.'),
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help="json: lengths, element space size, the chain (and --at's trace, --offsets) as data."),
                    Opt('--offsets', flag=True, help="json: every visible index's offset and validity.", fast=False),
                    Opt('--layout', 'deprecated_layout', ('row', 'col'), hidden=True, renames=('--major', 'layout')),
                ],
            ),
            Command('recipes', None,
                run='cutedump.commands.ck_cmd:recipes_cmd',
                help='List the named XDL GEMM descriptor recipes.',
                epilog=None,
                params=[
                    Opt('--format', 'fmt', ('text', 'json'), default='text', show_default=True,
                        help='json: {"recipes": [{"name", "builds"}]}.'),
                ],
            ),
        ],
    ),
    Command('desc', 'Decode a GMMA/UMMA smem descriptor: fields, the layout it describes, its core matrices.',
        run='cutedump.commands.desc_cmd:desc_cmd',
        fast='cutedump.commands._answers:desc_answer',
        help="Decode DESCRIPTOR (64 bits, e.g. 0x4000004000010000): CuTe's print of it, each field, the smem "
             'layout\nthe tensor core reads through it, and its 8x16-byte core matrices.',
        epilog=EPILOG_DESC,
        params=[
            Arg('descriptor'),
            Opt('--kind', 'kind', ('gmma', 'umma'), default='gmma', show_default=True,
                help='gmma: SM90 GmmaDescriptor; umma: SM100 UMMA::SmemDescriptor.'),
            Opt('--major', 'major', ('K', 'MN'), default='K', show_default=True, case_sensitive=False,
                help="The operand's major (GMMA::Major)."),
            Opt('--type', 'value_type', default='half_t', metavar='T', show_default=True, help='The element type.'),
            Opt('--mn', 'mn', Range(1, 4096), default=64, show_default=True, help='Rows of M (operand A) or N '
                     '(operand B) one instruction reads.'),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True),
            Opt('--picture', 'picture', ('svg', 'html', 'latex'), help='Print a picture of the core matrices '
                     'instead (SVG, a self-contained HTML page, or LaTeX/TikZ).'),
            Opt('--lang', 'lang', ('en', 'zh'), default=_env_lang, show_default='env CUTEDUMP_LANG, else zh',
                help='Narration language.'),
        ],
    ),
    Command('bank', 'Shared-memory bank conflicts and vector width of a copy, and the swizzle that fixes them.',
        run='cutedump.commands.bank_cmd:bank_cmd',
        fast='cutedump.commands._answers:bank_text', fixed={'given_': None},
        help='Bank conflicts, wavefronts and vector width of shared-memory copies, with the swizzle that fixes them.',
        epilog=EPILOG_BANK,
        params=[
            Arg('smem', required=False),
            Opt('--copy', 'atom', help='Copy atom of the TiledCopy, e.g. SM75_U32x4_LDSM_N (copy mode).'),
            Opt('--type', 'value_type', help='Element type of the smem tensor (Copy_Atom<Op, T>), e.g. half_t.'),
            Opt('--thr', help='Thread layout for make_tiled_copy, e.g. "(_16,_8):(_8,_1)".'),
            Opt('--val', help='Value layout for make_tiled_copy, e.g. "(_1,_8)".'),
            Opt('--mma', 'mma_name', help='MMA atom for make_tiled_copy_A/B/C.'),
            Opt('--atom-layout', help='Atom layout of the TiledMMA (with --mma).'),
            Opt('--tile', help='Permutation Tile<M,N,K> of the TiledMMA (with --mma).'),
            Opt('--operand', 'operand', ('A', 'B', 'C'), case_sensitive=False, help='make_tiled_copy_A/B/C with '
                     '--mma.'),
            Opt('--store/--load', help='The smem tensor is the destination (partition_D) / the source (default: '
                     'from the atom; UniversalCopy loads).'),
            Opt('--warp', 'warp', int, default=0, show_default=True, help="Which warp's instructions to show."),
            Opt('--also', multiple=True, metavar='OPTIONS', help='Another copy of the same smem tile that must '
                     'stay conflict-free, in the same options, e.g. "--copy SM80_CP_ASYNC_CACHEALWAYS<uint128_t> '
                     '--thr (_16,_8):(_8,_1) --val (_1,_8)".'),
            Opt('--no-fix', flag=True, help='Do not search a swizzle/padding when a copy conflicts.'),
            Opt('--inst', help='Raw mode: the instruction, e.g. ld.shared.b128 or ldmatrix.x4.trans.'),
            Opt('--addresses', multiple=True, metavar='A0,A1,...,A31', help="Raw mode: the 32 lanes' byte "
                     'addresses of one instruction (repeat for more instructions).'),
            Opt('--compact', flag=True, help='Text: one line per instruction, no bank picture.'),
            Opt('--format', 'fmt_', ('text', 'json', 'svg'), default='text', show_default=True),
        ],
    ),
    Command('tma', 'SM90 TMA copies: print(tma), cuTensorMapEncodeTiled arguments, box.',
        run='cutedump.commands.tma_cmd:tma_cmd',
        fast='cutedump.commands._tma:tma_text',
        help='make_tma_copy(op, gmem tensor, smem layout, CTA tile, cluster) as CuTe computes it on the host; with '
             '--mma, the\nSM100 makers (make_tma_atom_A/B_sm100, make_tma_copy_A/B/C_sm100).',
        epilog=EPILOG_TMA,
        params=[
            Opt('--op', required=True, help='SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST, SM90_TMA_STORE, '
                     'SM90_TMA_REDUCE_ADD, SM100_TMA_2SM_LOAD(_MULTICAST) (through make_tma_copy, cluster of 2 or '
                     'more).'),
            Opt('--type', 'value_type', help="Element type of the gmem tensor, e.g. half_t (with --mma: the MMA's "
                     'type of the operand).'),
            Opt('--gmem', required=True, help='The gmem layout shape:stride (elements), e.g. "(1024,256):(256,_1)".'),
            Opt('--smem', help='The smem layout of one CTA tile: a layout, a swizzled layout (Sw<3,4,3> o _0 o L, '
                     'composition(Swizzle<3,4,3>, L)) or a tile_to_shape(...) of one, e.g. of '
                     'GMMA::Layout_K_SW128_Atom<half_t>. Modes beyond --cta-tile are pipeline stages: the TMA is '
                     "built from stage 0 (the Hopper tutorial's sA(_,_,0)) and --tma-partition keeps them. With "
                     '--mma: the ((MMA_M,MMA_K),NumMma_M,NumMma_K) layout, e.g. '
                     'UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<half_t>, ((_128,_16),_1,_4)) (the default, '
                     "SW128 in the UMMA atom's major)."),
            Opt('--cta-tile', help="The CTA tile over the gmem modes (default: the smem layout's shape)."),
            Opt('--cluster', 'cluster', int, default=1, show_default=True, help='Multicast size (CTAs sharing each '
                     'box).'),
            Opt('--tma-partition', 'partition', flag=True, help="Add tma_partition of one CTA's gmem tile "
                     '(local_tile of the TMA coordinate tensor at --cta-coord) and of the smem tile.'),
            Opt('--cta-coord', help='The local_tile coordinate of the CTA tile, e.g. "(3,_)" (default: 0 in every '
                     'tile-count mode but the last, which stays _).'),
            Opt('--cta', 'cta', int, help="The CTA's rank in the multicast (cluster > 1; default 0)."),
            Opt('--smem-address', default='0', show_default=True, help='Byte address of the smem tile (for the '
                     'printed smem pointers).'),
            Opt('--mma', help='SM100: the UMMA atom of the TiledMMA, e.g. '
                     '"SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,K,K>" (make_tma_atom_A/B_sm100).'),
            Opt('--atom-layout', help='SM100: the TiledMMA\'s atom layout, e.g. "(_2,_1)" (default one atom).'),
            Opt('--operand', 'operand', ('A', 'B', 'C'), default='A', show_default=True, case_sensitive=False,
                help="SM100: which operand's TMA (C: make_tma_copy_C_sm100)."),
            Opt('--mma-tiler', help="SM100: the MMA tiler (TILE_M,TILE_N,TILE_K) (default: the TiledMMA's tile "
                     'with 4 MMAs along K, as the tutorials).'),
            Opt('--cluster-shape', help='SM100: the cluster shape (ClusterM,ClusterN,ClusterK), static, e.g. '
                     '(4,4,1) (default (1,1,1), (2,1,1) for a 2SM atom); A multicasts over ClusterN, B over '
                     'ClusterM.'),
            Opt('--tiled-copy', flag=True, help='SM100: make_tma_copy_A/B/C_sm100 (a TiledCopy) instead of '
                     'make_tma_atom_A/B_sm100.'),
            Opt('--lower-corner', help='im2col: lower_corner_whd, one int per spatial mode in W,H,D order, e.g. '
                     '"(-1,-1)" (default 0s).'),
            Opt('--upper-corner', help='im2col: upper_corner_whd (default 0s).'),
            Opt('--traversal-stride', help="im2col: stride_whd, the convolution's traversal strides (default 1s)."),
            Opt('--format', 'fmt_', ('text', 'json'), default='text', show_default=True),
        ],
    ),
]}
