"""English wording of the smem-descriptor explanations (``explain partition --fragment`` of SS GMMA/UMMA operands and
``cutedump desc``); merged into en.py's catalog. Same keys as desc_zh.py."""

MESSAGES = {
    "ex.title.desc": "explain thr_mma.partition_fragment_{op}(sX) for thread {thread}\n"
    "TiledMMA of {atom}; smem tensor sX = {tensor} of {vt}; CuTe {version}'s steps: partition_{op}, "
    "then {mk} and the descriptor tensor\n",
    "ex.desc.smem": "the smem tensor: make_tensor(make_smem_ptr<{vt}>(addr), {smem}): the swizzle {sw} goes onto the "
    "pointer and acts on byte addresses; the layout {inner} indexes {vt} elements",
    "ex.desc.part": "partition_{op}(sX) for thread {thread}: the steps of `cutedump explain partition` without "
    "--fragment (a GMMA operand in shared memory is seen whole by every thread of the warpgroup)",
    "ex.desc.part.umma": "partition_{op}(sX) for thread {thread}: the steps of `cutedump explain partition` without "
    "--fragment (a UMMA is issued by one thread for the whole CTA, or CTA pair: its operand in "
    "shared memory is the CTA's whole tile)",
    "ex.desc.recast": "recast<uint128_t>(tensor<{z}>(partition)): one instruction's (MN,K) block in {u}-byte units "
    "({t} elements of {bits} bits per unit); a core matrix is {r} rows of one unit ({r} x {u} bytes)",
    "ex.desc.ltype": "layout_type from the pointer's swizzle {sw}: {lt}; W = {w}: one swizzle row spans {w} units "
    "({wb} bytes)",
    "ex.desc.canon": "{mk}<{G}::Major::{major}>: logical_divide by {tile} must give the canonical form "
    "{form} (uint128_t units)",
    "ex.desc.fields": "the descriptor from the canonical strides: SBO = {sbo}, LBO = {lbo} ({u}-byte units), "
    "start_address = {start}",
    "ex.desc.frag": "the descriptor tensor: make_tensor(DescriptorIterator{{desc}}, replace<{z}>(recast<uint128_t>"
    "(partition).layout(), _1:_0)): one descriptor per instruction, the other modes add their "
    "{u}-byte offsets to the low {lo} bits of the descriptor (start_address)",
    "ex.desc.read.start_unset": "\nstart_address = {start}: the smem pointer is unset (on the host CuTe cannot read "
    "an smem address: cast_smem_ptr_to_uint prints an ERROR line and returns {z})\n",
    "ex.desc.read.start": "\nstart_address = {start}: the byte address {addr} of the block's first element, "
    "swizzled, >> {sh} ({sb} bits)\n",
    "ex.desc.read.k_sbo": "  SBO = {sbo} ({sbob} bytes): from one group of {r} {X} rows of core matrices to the next "
    "{r} rows\n",
    "ex.desc.read.k_lbo_none": "  LBO = {lbo} ({lbob} bytes): INTERLEAVE (no swizzle): from the core matrix of the "
    "first {u} bytes of K to the one of the next {u} bytes\n",
    "ex.desc.read.k_lbo_sw": "  LBO = {lbo}: ignored: under the {lt} swizzle one instruction's {kb} bytes of K lie "
    "inside one swizzled {wb}-byte row, so the next core matrix along K is the next {u} "
    "bytes of that row (CuTe requires stride<{s10}> == {v1} and stores it as LBO)\n",
    "ex.desc.read.mn_none": "  INTERLEAVE (no swizzle), MN-major: SBO = {sbo} ({sbob} bytes) steps from one core "
    "matrix to the next along {X}, LBO = {lbo} ({lbob} bytes) to the next {r} rows of K\n",
    "ex.desc.read.mn_sw": "  {lt}, MN-major: a swizzle atom is {w} units ({wb} bytes) of {X} by {katom} rows of K; "
    "LBO = {lbo} ({lbob} bytes) steps from one swizzle atom to the next along {X}, SBO = {sbo} "
    "({sbob} bytes) to the next {katom} rows of K\n",
    "ex.desc.read.form": "  matched the canonical {major}-major form {form}, layout type {lt}\n",
    "ex.desc.read.alias": "  not a canonical {major}-major form: {n} coordinates fall on an element another one holds "
    "(the layout aliases; the canonical form is {form}, layout type {lt})\n",
    "ex.desc.read.list": "descriptors of the fragment, in index order:\n",
    "ex.desc.read.item": "  [{i}] {hex}  start_address {start}\n",
    # cutedump desc
    "desc.title": "{name} {hex}: {major}-major {vt}, one instruction reads {mn} x {k} elements ({X} x K)\n",
    "desc.field": "  {name:<20} {value:>6}  {meaning}\n",
    "desc.m.start": "byte address {addr} (start_address << {sh})",
    "desc.m.lbo_ignored": "{bytes} bytes; ignored (swizzled K-major: the next {u} bytes of K are in the same row)",
    "desc.m.lbo": "{bytes} bytes: {what}",
    "desc.m.sbo": "{bytes} bytes: {what}",
    "desc.m.base": "phase of the swizzle pattern ({z} when the block starts on a swizzle-atom boundary)",
    "desc.m.type": "{lt}: Swizzle {sw} on byte addresses",
    "desc.m.version": "{v1} on SM100 (tcgen05)",
    "desc.m.lbo_mode": "LBO mode ({z}: legacy)",
    "desc.what.k_sbo": "next group of {r} {X} rows",
    "desc.what.k_lbo": "next {u} bytes of K (INTERLEAVE)",
    "desc.what.mn_none_sbo": "next core matrix along {X} (INTERLEAVE)",
    "desc.what.mn_none_lbo": "next {r} rows of K (INTERLEAVE)",
    "desc.what.mn_lbo": "next swizzle atom ({wb} bytes) along {X}",
    "desc.what.mn_sbo": "next {katom} rows of K",
    "desc.layout": "\nthe smem layout it describes ({X},K) -> element (CuTe's print; the swizzle on byte addresses):\n"
    "  {layout}\nwith the swizzle on element offsets (print_layout's form):\n  {pi}\n",
    "desc.cores": "\ncore matrices ({r} rows x {u} bytes): byte offset of each, before the swizzle; rows: {X} in groups "
    "of {rows}, columns: K in groups of {cols}\n",
}
