"""English readings of the kernel dump (``cutedump sgemm-sm80``, ``cutedump kernel``): one line per object."""

MESSAGES = {
    "prefix": "  # ",
    "join": ", ",
    "mode": "{name} = {value}",
    "mode_div": "{name} = {value} = {size}/{tile}",
    "mode_ceil": "{name} = {value} = ceil({size}/{tile})",
    "frg": "{name} = {value} = (FrgV={v}, FrgX={x})",
    "mma_vals": "{name} = {value} values of one MMA atom",
    "dynamic": " (run-time values)",
    "layout": "{modes}; size {size}, cosize {cosize}",
    "swizzle": "; {sw} XORs offset bits [{y0},{y1}) into bits [{z0},{z1})",
    "tiled_copy": "{threads} threads x {vals} values = {total} elements = the {tile} tile (Tiler_MN); "
                  "each atom instruction moves {atom_vals} value(s) of {bits}b per thread",
    "tiled_mma": "{threads} threads = {atom_threads} per atom x {atoms} atoms ({layout}); "
                 "one atom computes {atom_mnk}, the TiledMMA tile is {tile}",
    "vmnk": "(ThrV={v}, ThrM={m}, ThrN={n}, ThrK={k}) = {total} threads; thread_idx = {formula}",
    "tv": "(thread, value) -> index in the {tile} tile: {threads} threads x {vals} values",
    "ldmatrix": "src2ref reorders the source (thread, value) pairs into the reference (register) order; "
                "dst2ref {dst_ident}",
    "dst_identity": "is the identity (Dst = Ref)",
    "dst_not_identity": "reorders them too",
    "gmem": "global memory",
    "smem": "shared memory",
    "rmem": "registers",
    "tensor": "{modes} in {memory}",
    "local_tile": "{modes}: block (0,0)'s tile of {src}",
    "copy_part": "{modes}: thread {thread}'s share of {src} in {op} of {of}",
    "mma_part": "{modes}: thread {thread}'s share of {src} in {op} of {of}",
    "retile": "{modes}: {src} as {of} sees it ({op})",
}
