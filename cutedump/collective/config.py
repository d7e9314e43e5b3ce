"""What a user states to CUTLASS's GEMM CollectiveBuilder: types, majors (layout tags), tile, cluster, schedule.

A :class:`Config` is the builder's template arguments as values; :func:`parse_config` reads them in CUTLASS's own
vocabulary (``half_t:RowMajor``, ``KernelTmaWarpSpecializedCooperative``), the spellings the command takes.
"""

from __future__ import annotations

from typing import NamedTuple

from cutedump.errors import CuteDumpError

#: element types the builders take as A/B/C/D/accumulator, with sizeof_bits (cute/numeric/numeric_types.hpp)
ELEMENT_BITS = {
    "half_t": 16,
    "bfloat16_t": 16,
    "tfloat32_t": 32,
    "float": 32,
    "float_e4m3_t": 8,
    "float_e5m2_t": 8,
    "int8_t": 8,
    "uint8_t": 8,
    "int32_t": 32,
    "double": 64,
    "int4b_t": 4,
    "uint4b_t": 4,
}

ALIASES = {
    "half": "half_t",
    "f16": "half_t",
    "fp16": "half_t",
    "bf16": "bfloat16_t",
    "bfloat16": "bfloat16_t",
    "tf32": "tfloat32_t",
    "f32": "float",
    "fp32": "float",
    "e4m3": "float_e4m3_t",
    "e5m2": "float_e5m2_t",
    "s8": "int8_t",
    "u8": "uint8_t",
    "s32": "int32_t",
    "i8": "int8_t",
    "i32": "int32_t",
    "s4": "int4b_t",
    "u4": "uint4b_t",
}

#: the CuTe DSL's names of the same types (cutlass.Float16, ...), read with or without the ``cutlass.`` prefix
DSL_NAMES = {
    "Float16": "half_t",
    "BFloat16": "bfloat16_t",
    "TFloat32": "tfloat32_t",
    "Float32": "float",
    "Float8E4M3FN": "float_e4m3_t",
    "Float8E5M2": "float_e5m2_t",
    "Int8": "int8_t",
    "Uint8": "uint8_t",
    "Int32": "int32_t",
    "Float64": "double",
    "Int4": "int4b_t",
}


def element_spellings() -> str:
    """Every spelling element() reads, for --help and the README."""
    return (
        f"CUTLASS's names ({', '.join(ELEMENT_BITS)}), with or without cutlass:: (cutlass::half_t); the DSL's "
        f"({', '.join('cutlass.' + k for k in DSL_NAMES)}); and the short names "
        f"{', '.join(f'{k} ({v})' for k, v in ALIASES.items())}"
    )


SM90_KERNEL_SCHEDULES = (
    "KernelScheduleAuto",
    "KernelTmaWarpSpecialized",
    "KernelTmaWarpSpecializedPingpong",
    "KernelTmaWarpSpecializedCooperative",
    "KernelTmaWarpSpecializedFP8FastAccum",
    "KernelTmaWarpSpecializedPingpongFP8FastAccum",
    "KernelTmaWarpSpecializedCooperativeFP8FastAccum",
    "KernelCpAsyncWarpSpecialized",
    "KernelCpAsyncWarpSpecializedPingpong",
    "KernelCpAsyncWarpSpecializedCooperative",
    "KernelTma",
    "KernelTmaWarpSpecializedCooperativeFP8Blockwise",
    "KernelTmaWarpSpecializedPingpongFP8Blockwise",
    # the grouped (ptr-array) schedules: --grouped
    "KernelPtrArrayTmaWarpSpecializedCooperative",
    "KernelPtrArrayTmaWarpSpecializedPingpong",
    "KernelPtrArrayTmaWarpSpecializedCooperativeFP8FastAccum",
    "KernelPtrArrayTmaWarpSpecializedPingpongFP8FastAccum",
    "KernelPtrArrayTmaWarpSpecializedCooperativeFP8Blockwise",
    "KernelPtrArrayTmaWarpSpecializedPingpongFP8Blockwise",
)
#: CUTLASS 4.2's aliases of schedule tags (``using X = Y;`` in cutlass/gemm/dispatch_policy.hpp): the builder sees Y
SCHEDULE_ALIASES = {
    "KernelTmaWarpSpecializedCooperativeFP8BlockScaledAccum": "KernelTmaWarpSpecializedCooperativeFP8Blockwise",
    "KernelTmaWarpSpecializedPingpongFP8BlockScaledAccum": "KernelTmaWarpSpecializedPingpongFP8Blockwise",
    "KernelPtrArrayTmaWarpSpecializedCooperativeFP8BlockScaledAccum": (
        "KernelPtrArrayTmaWarpSpecializedCooperativeFP8Blockwise"
    ),
    "KernelPtrArrayTmaWarpSpecializedPingpongFP8BlockScaledAccum": "KernelPtrArrayTmaWarpSpecializedPingpongFP8Blockwise",
}
SM90_EPILOGUE_SCHEDULES = (
    "EpilogueScheduleAuto",
    "NoSmemWarpSpecialized",
    "TmaWarpSpecialized",
    "TmaWarpSpecializedCooperative",
    "PtrArrayNoSmemWarpSpecialized",
    "PtrArrayTmaWarpSpecializedCooperative",
    "PtrArrayTmaWarpSpecializedPingpong",
)
SM100_KERNEL_SCHEDULES = ("KernelScheduleAuto", "KernelTmaWarpSpecialized1SmSm100", "KernelTmaWarpSpecialized2SmSm100")
SM100_EPILOGUE_SCHEDULES = (
    "EpilogueScheduleAuto",
    "TmaWarpSpecialized1Sm",
    "TmaWarpSpecialized2Sm",
    "NoSmemWarpSpecialized1Sm",
    "NoSmemWarpSpecialized2Sm",
)


class Operand(NamedTuple):
    """One tensor: element type and CUTLASS layout tag (``RowMajor``/``ColumnMajor``)."""

    element: str
    layout: str = "RowMajor"

    @property
    def bits(self) -> int:
        return ELEMENT_BITS[self.element] if self.element != "void" else 0


class Config(NamedTuple):
    arch: str  # "sm90" | "sm100"
    a: Operand
    b: Operand
    c: Operand  # element "void": no source
    d: Operand
    acc: str
    tile: tuple[int, int, int]
    cluster: tuple[int, int, int] = (1, 1, 1)
    stages: int | None = None  # None: StageCountAuto(Carveout)
    carveout: int | None = None  # None: the epilogue's SharedStorage (as CUTLASS's examples build it)
    schedule: str = "KernelScheduleAuto"
    epilogue_schedule: str = "EpilogueScheduleAuto"
    epilogue_tile: tuple[int, int] | None = None
    align: tuple = (0, 0, 0, 0)  # elements of A, B, C, D (0: 128 bits)
    grouped: bool = False  # a grouped (ptr-array) GEMM: every layout tag is a pointer (LayoutA*, ... LayoutD*)
    sf_vec: tuple[int, int, int] | None = None  # blockwise scaling: the scale granularity M,N,K (--sf-vec)
    sf_major: tuple[str, str] = ("MN", "MN")  # the majors of SFA and SFB (--sf-major)
    fusion: str | None = None  # the epilogue's fusion operation (None: LinearCombination, the builder's default)
    # a dynamic cluster (ClusterShape Shape<int,int,_1>, examples 73, 75): the preferred and fallback clusters a
    # kernel launches with (KernelHardwareInfo::cluster_shape / cluster_shape_fallback); None: a static cluster
    dynamic_cluster: tuple | None = None

    def alignment(self, which: str) -> int:
        i = "abcd".index(which)
        if self.align[i]:
            return self.align[i]
        op = getattr(self, which)
        bits = op.bits or self.d.bits
        return 128 // bits

    # layout tags -> majors (cutlass/detail/layout.hpp: A RowMajor is K-major, B ColumnMajor is K-major)
    @property
    def a_k_major(self) -> bool:
        return self.a.layout == "RowMajor"

    @property
    def b_k_major(self) -> bool:
        return self.b.layout == "ColumnMajor"


def element(text: str, what: str, allow_void: bool = False, typed: str | None = None) -> str:
    """An element type in any spelling of :func:`element_spellings`; ``typed``: the option's whole value as the
    user typed it (quoted in the error with the part read as the type)."""
    t = text.strip().replace("cutlass::", "").replace("cute::", "")
    t = t.removeprefix("cutlass.")
    t = DSL_NAMES.get(t, ALIASES.get(t, t))
    if t == "void" and allow_void:
        return t
    if t not in ELEMENT_BITS:
        seen = repr(text.strip()) + (f" (read from {typed!r})" if typed not in (None, text) else "")
        raise CuteDumpError(
            f"{what}: unknown element type {seen} (CUTLASS's {', '.join(ELEMENT_BITS)}"
            f"{', void' if allow_void else ''}; the DSL's cutlass.Float16 ...; `cutedump collective --help` lists "
            "every spelling)"
        )
    return t


def _split_layout(text: str) -> tuple[str, str]:
    """``type:layout`` split at the last single colon (``cutlass::half_t:cutlass::layout::RowMajor``)."""
    i = len(text)
    while True:
        i = text.rfind(":", 0, i)
        if i < 0:
            return text, ""
        if (i + 1 < len(text) and text[i + 1] == ":") or (i > 0 and text[i - 1] == ":"):
            i -= 1 if text[i - 1] == ":" else 0
            continue
        return text[:i], text[i + 1 :]


def operand(text: str, what: str, default_layout: str, allow_void: bool = False) -> Operand:
    """``half_t:RowMajor`` / ``half_t:K`` / ``half_t`` (default layout); C++ qualified names (``cutlass::half_t``,
    ``cutlass::layout::RowMajor``) and the DSL's (``cutlass.Float16``) too."""
    typ, lay = _split_layout(text)
    el = element(typ, what, allow_void, typed=text)
    lay = lay.strip().replace("cutlass::layout::", "")
    if not lay:
        lay = default_layout
    majors = {
        "a": {"K": "RowMajor", "MN": "ColumnMajor", "M": "ColumnMajor"},
        "b": {"K": "ColumnMajor", "MN": "RowMajor", "N": "RowMajor"},
        "c": {"N": "RowMajor", "M": "ColumnMajor", "MN": "ColumnMajor"},
        "d": {"N": "RowMajor", "M": "ColumnMajor", "MN": "ColumnMajor"},
    }[what[-1].lower()]
    lay = majors.get(lay, lay)
    if lay not in ("RowMajor", "ColumnMajor"):
        raise CuteDumpError(
            f"--{what[-1].lower()}: unknown layout {lay!r} (RowMajor, ColumnMajor, {', '.join(majors)})"
        )
    return Operand(el, lay)


#: the largest value each integer option takes: problem extents are int32 (cute's default index type, CUTLASS's
#: GemmCoord); the smem carveout at most the arch's shared memory per block; a tile/cluster/stage/alignment far past
#: anything that fits in shared memory is a typo, refused before the arithmetic
INT32_MAX = 2**31 - 1


def ints(text: str, n: int | tuple[int, ...], what: str, most: int = 4096, why: str = "") -> tuple[int, ...]:
    """Comma-separated positive integers, ``n`` of them (or any count in ``n``), each at most ``most``."""
    t = text.strip()
    for pre in ("cute::Shape<", "Shape<", "cute::make_shape(", "make_shape("):
        if t.startswith(pre) and t.endswith(">" if pre.endswith("<") else ")"):
            t = t[len(pre) : -1]
            break
    else:
        t = t.strip("()")
    parts = [_int_part(p) for p in t.split(",")]
    try:
        vals = tuple(int(p) for p in parts)
    except ValueError:
        raise CuteDumpError(f"{what}: expected integers separated by commas, got {text!r}") from None
    ns = (n,) if isinstance(n, int) else tuple(n)
    if ns == (1,):
        want = "a positive integer"
    elif len(ns) == 1:
        want = f"{ns[0]} positive integers"
    elif len(ns) > 2 and ns == tuple(range(ns[0], ns[-1] + 1)):
        want = f"{ns[0]} to {ns[-1]} positive integers"
    else:
        want = f"{' or '.join(map(str, ns))} positive integers"
    if len(vals) not in ns or any(v <= 0 for v in vals):
        raise CuteDumpError(f"{what}: expected {want}, got {text!r}")
    if any(v > most for v in vals):
        each = "" if ns == (1,) else "each "
        raise CuteDumpError(f"{what}: {text!r} is out of range ({each}at most {most}{why})")
    return vals


def _int_part(p: str) -> str:
    """One integer of a tile/cluster: 128, _128, cute::_128, Int<128>, cute::Int<128>{}."""
    p = p.strip().removeprefix("cute::").removesuffix("{}")
    if p.startswith("Int<") and p.endswith(">"):
        return p[4:-1].strip()
    return p.lstrip("_")


def is_dynamic_cluster(text) -> bool:
    """--cluster dynamic, or the C++ spelling of examples 73 and 75: Shape<int,int,_1>."""
    t = (text or "").replace(" ", "").replace("cute::", "")
    return t.lower() == "dynamic" or t in ("Shape<int,int,_1>", "Shape<int,int,Int<1>>")


def dynamic_cluster(preferred, fallback) -> tuple:
    """The preferred and fallback clusters of a dynamic cluster (KernelHardwareInfo::cluster_shape /
    cluster_shape_fallback, example 73): M,N[,1] each; the fallback must evenly divide the preferred (example 73's
    constraint), both of depth 1 (the collective's ClusterShape is Shape<int,int,_1>)."""
    out = []
    for text, what in ((preferred, "--cluster-preferred"), (fallback, "--cluster-fallback")):
        if text in (None, ""):
            out.append(None)
            continue
        v = ints(text, (2, 3), what, 16, ": a cluster holds at most 16 CTAs")
        if len(v) == 3 and v[2] != 1:
            raise CuteDumpError(f"{what}: {text!r}: a dynamic cluster is Shape<int,int,_1> (its K extent is 1)")
        v = (v[0], v[1], 1)
        if v[0] * v[1] > 16:
            raise CuteDumpError(f"{what}: {text!r} is {v[0] * v[1]} CTAs (a cluster holds at most 16 CTAs)")
        out.append(v)
    p, f = out
    if p and f and (p[0] % f[0] or p[1] % f[1]):
        raise CuteDumpError(
            f"--cluster-fallback: {fallback!r} does not evenly divide the preferred cluster {preferred!r} (CUTLASS's "
            "preferred-cluster constraint, example 73)"
        )
    return (p, f)


def sf_majors(text: str) -> tuple[str, str]:
    """--sf-major: SFA's and SFB's majors, ``MN`` / ``K`` (both) or ``MN,K`` (SFA, SFB)."""
    parts = [p.strip().replace("cute::GMMA::Major::", "").replace("UMMA::Major::", "") for p in text.split(",")]
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2 or any(p not in ("MN", "K") for p in parts):
        raise CuteDumpError(f"--sf-major: expected MN, K, MN,K or K,MN (SFA's and SFB's majors), got {text!r}")
    return parts[0], parts[1]


def schedule_name(text: str, table: tuple[str, ...], what: str) -> str:
    t = text.strip().replace("cutlass::gemm::", "").replace("cutlass::epilogue::", "")
    if t.lower() == "auto":
        return table[0]
    t = SCHEDULE_ALIASES.get(t, t) if t not in table else t
    if t not in table:
        from cutedump.collective.cutlass_names import EPILOGUE_SCHEDULES, KERNEL_SCHEDULES  # start-up: refusals only

        modelled = ", ".join(["auto", *table[1:]])
        if t in KERNEL_SCHEDULES or t in EPILOGUE_SCHEDULES:
            kind = "kernel schedule" if t in KERNEL_SCHEDULES else "epilogue tag"
            builder = NOT_MODELLED_BUILDERS.get(t)
            raise CuteDumpError(
                f"{what}: {text!r} is a CUTLASS 4.2 {kind}"
                + (f" (its builder: {builder})" if builder else "")
                + f" that cutedump does not model for this --arch (modelled: {modelled})"
            )
        raise CuteDumpError(f"{what}: {text!r} is not a CUTLASS 4.2 schedule name (modelled: {modelled})")
    return t


# the builder CUTLASS 4.2 uses for a schedule cutedump refuses as not modelled (file:line of its specialization)
NOT_MODELLED_BUILDERS = {
    "KernelMultistage": "cutlass/gemm/collective/builders/sm90_gmma_builder.inl:700, GMMA_CpAsync (deprecated: it "
    "builds the KernelCpAsyncWarpSpecialized collective; ask for that schedule)",
}
