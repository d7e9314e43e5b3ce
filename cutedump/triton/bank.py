"""A Triton shared layout read (or written) by a Triton distributed layout: the byte address each lane of a warp
touches per vector access, for the H100 bank model (``cutedump bank --triton-shared ... --triton-reg ...``).

The vector width is the user's: Triton's lowering picks it (from the two layouts' common contiguity, alignment and
the element type); here ``vec`` consecutive registers of a lane form one access, and must be ``vec`` consecutive,
aligned offsets of the shared layout. Access g of a lane reads offset(shared^-1(reg(lane, g * vec))) * bytes."""

from __future__ import annotations

from cutedump.errors import CuteDumpError
from cutedump.triton import spell
from cutedump.triton.layouts import BLOCK, LANE, REG, WARP, Shared
from cutedump.triton.report import compute


def accesses(shared_text: str, reg_text: str, shape, bits: int, vec: int, store: bool, warp: int = 0):
    """(instruction name, [32 byte addresses per access], notes)."""
    sh_layout, sh = compute(shared_text, shape)
    rg_layout, rg = compute(reg_text, shape)
    if not isinstance(sh_layout, Shared):
        raise CuteDumpError(f"--triton-shared: {spell.gluon(sh_layout)} is not a shared layout")
    if isinstance(rg_layout, Shared):
        raise CuteDumpError(f"--triton-reg: {spell.gluon(rg_layout)} is not a distributed layout")
    if sh.bases(BLOCK) or rg.bases(BLOCK):
        raise CuteDumpError("--triton-shared/--triton-reg: one block only (no cga_layout)")
    if rg.in_size(LANE) != 32:
        raise CuteDumpError(f"--triton-reg: {rg.in_size(LANE)} lanes per warp; the bank model is for 32")
    if not 0 <= warp < rg.in_size(WARP):
        raise CuteDumpError(f"--warp {warp}: the layout has {rg.in_size(WARP)} warps")
    if vec < 1 or vec & (vec - 1) or vec > rg.in_size(REG):
        raise CuteDumpError(f"--vec {vec}: a power of two, at most the {rg.in_size(REG)} registers of a thread")
    width = bits * vec
    if width not in (8, 16, 32, 64, 128):
        raise CuteDumpError(
            f"--vec {vec} of {bits}-bit elements is a {width}-bit access; shared memory takes 8, 16, 32, 64 or 128 bits"
        )
    try:
        inv = sh.invert()
    except CuteDumpError:
        raise CuteDumpError("--triton-shared: its offsets do not reach each element once (no inverse)") from None
    names = sh.out_names()

    def offset(c):
        return inv.apply(dict(zip(names, c)))[0]

    rows = []
    for g in range(rg.in_size(REG) // vec):
        row = []
        for lane in range(32):
            offs = [offset(rg.apply({REG: g * vec + j, LANE: lane, WARP: warp})) for j in range(vec)]
            if offs != list(range(offs[0], offs[0] + vec)) or offs[0] % vec:
                raise CuteDumpError(
                    f"--vec {vec}: lane {lane}'s registers {g * vec}..{g * vec + vec - 1} sit at "
                    f"offsets {offs} of the shared layout, not {vec} consecutive aligned elements"
                )
            row.append(offs[0] * bits // 8)
        rows.append(row)
    inst = f"{'st' if store else 'ld'}.shared.b{width}"
    notes = [f"vector width {vec} x {bits}-bit as given by --vec: Triton's lowering picks its own (it may differ)"]
    return inst, rows, notes
