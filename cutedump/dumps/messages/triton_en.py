"""English wording of `cutedump triton`'s answers about tensor memory (TMEM): ``tri.tmem.*``, one line each; the
facts come from cutedump/triton/tmem.py (Triton's linear layout and the CuTe accumulator it is related to)."""

MESSAGES = {
    "tri.tmem.where": "    TMEM: lanes {lanes}, {columns} {columns:|column|columns} of {word} bits; col counts {bits}-bit "
    "elements, {per} per column",
    "tri.tmem.where_cta": "    TMEM: lanes {lanes}, {columns} {columns:|column|columns} of {word} bits per CTA ({m}x{n}, "
    "the CGA layout splits the tile over {ctas} CTAs); col counts {bits}-bit elements, {per} per column",
    "tri.tmem.buffers": "    {buffers} buffers ({shape} each, memdesc_index picks one): each is the layout below",
    "tri.tmem.cute": "    CuTe: the accumulator of {atom} over {shape}: {tensor}, every element at the same lane and "
    "column ({command})",
    "tri.tmem.cute_cta": "    CuTe: the accumulator of {atom} over {shape} (the CTA pair's tile), one CTA's part: "
    "{tensor}, every element at the same lane and column ({command})",
    "tri.tmem.not.scales": "    CuTe: not related here: scale factors of a block-scaled MMA, not an accumulator "
    "(cutedump relates accumulators only)",
    "tri.tmem.not.operand": "    CuTe: not related here: an fp4-padded {elem} tensor is an MMA operand, not an "
    "accumulator (cutedump relates accumulators only)",
    "tri.tmem.not.not_accumulator": "    CuTe: not related here: {elem} with colStride {col_stride} is not the TMEM "
    "type of a CuTe UMMA accumulator (float, int32_t, half_t unpacked)",
    "tri.tmem.not.no_umma": "    CuTe: not related here: no UMMA of CuTe has the tile M = {m}, N = {n}",
    "tri.tmem.not.cute_refuses": "    CuTe: not related here: CuTe refuses {atom} ({error})",
    "tri.tmem.not.differs": "    CuTe: not the same: the accumulator of {atom} puts element {at} at {cute}, Triton at "
    "{triton}",
}
