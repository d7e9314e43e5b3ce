"""What a user states to CUTLASS's GEMM CollectiveBuilder: types, majors (layout tags), tile, cluster, schedule.

A :class:`Config` is the builder's template arguments as values; :func:`parse_config` reads them in CUTLASS's own
vocabulary (``half_t:RowMajor``, ``KernelTmaWarpSpecializedCooperative``), the spellings the command takes.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from cutedump.errors import CuteDumpError
from cutedump.parse.tokens import top_level_split

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
    # the narrow types of the F8F6F4 MMAs (SM100/SM120): 4-bit E2M1, 6-bit E2M3 and E3M2
    "float_e2m1_t": 4,
    "float_e2m3_t": 6,
    "float_e3m2_t": 6,
    "int4b_t": 4,
    "uint4b_t": 4,
}

#: CUTLASS's block-scaled element wrappers (cutlass/float_subbyte.h, float8.h): wrapper -> (the data types it takes,
#: its scale-factor type, its SFVecSize in a dense GEMM: blockscaled_type<..> of builders/sm1xx_common.inl:449)
BLOCK_SCALED_WRAPPERS = {
    "nv_float4_t": (("float_e2m1_t",), "float_ue4m3_t", 16),
    "mx_float4_t": (("float_e2m1_t",), "float_ue8m0_t", 32),
    "mx_float6_t": (("float_e3m2_t", "float_e2m3_t"), "float_ue8m0_t", 32),
    "mx_float8_t": (("float_e4m3_t", "float_e5m2_t"), "float_ue8m0_t", 32),
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
    "e2m1": "float_e2m1_t",
    "e2m3": "float_e2m3_t",
    "e3m2": "float_e3m2_t",
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
    "Float4E2M1FN": "float_e2m1_t",
    "Float6E2M3FN": "float_e2m3_t",
    "Float6E3M2FN": "float_e3m2_t",
    "Int4": "int4b_t",
}


def block_scaled_element(text: str, what: str, typed: str | None = None) -> str | None:
    """A block-scaled wrapper type (``nv_float4_t<float_e2m1_t>``, ``cutlass::mx_float8_t<cutlass::float_e4m3_t>``,
    the data type in any spelling :func:`element` reads) -> its canonical spelling ``wrapper<data>``; None when
    ``text`` is no wrapper. The one place the wrappers are parsed (the SM100 and SM120 collectives share it)."""
    t = text.strip().replace("cutlass::", "").replace("cute::", "").replace(" ", "")
    head, lt, rest = t.partition("<")
    if not lt or head not in BLOCK_SCALED_WRAPPERS:
        return None
    if not rest.endswith(">"):
        raise CuteDumpError(
            f"{what}: {text.strip()!r} has no closing '>' (e.g. {head}<{BLOCK_SCALED_WRAPPERS[head][0][0]}>)"
        )
    data = element(rest[:-1], what, typed=typed if typed is not None else text)
    allowed = BLOCK_SCALED_WRAPPERS[head][0]
    if data not in allowed:
        raise CuteDumpError(f"{what}: {text.strip()!r}: CUTLASS's {head} wraps {' or '.join(allowed)} (got {data})")
    return f"{head}<{data}>"


#: the scale-factor types of an element pair ``cute::tuple<ElementA, ElementSF>`` (example 89's SM103 spelling)
PAIR_SF_TYPES = ("float_ue4m3_t", "float_ue8m0_t")


def element_pair(text: str, what: str, typed: str | None = None) -> str | None:
    """``cute::tuple<float_e2m1_t, float_ue4m3_t>`` (the data type in any spelling :func:`element` reads, the
    scale-factor type float_ue4m3_t or float_ue8m0_t) -> its canonical spelling
    ``cute::tuple<float_e2m1_t,float_ue4m3_t>``; None when ``text`` is no tuple."""
    t = text.strip().replace("cutlass::", "").replace("cute::", "").replace(" ", "")
    if not t.startswith("tuple<"):
        return None
    shown = typed if typed is not None else text.strip()
    if not t.endswith(">") or t.count(",") != 1:
        raise CuteDumpError(
            f"{what}: {shown!r} is no element pair cute::tuple<ElementA, ElementSF> (e.g. "
            "cute::tuple<float_e2m1_t,float_ue4m3_t>)"
        )
    data, sf = t[len("tuple<") : -1].split(",")
    data = element(data, what, typed=shown)
    if sf not in PAIR_SF_TYPES:
        raise CuteDumpError(
            f"{what}: {shown!r}: the scale-factor type of an element pair is {' or '.join(PAIR_SF_TYPES)} (got {sf})"
        )
    return f"cute::tuple<{data},{sf}>"


def _is_sf_pair(text: str) -> bool:
    """``cute::tuple<X, float_ue4m3_t|float_ue8m0_t>``: an element pair (SM103), not a mixed-input operand's scale."""
    t = text.strip().replace("cutlass::", "").replace("cute::", "").replace(" ", "")
    if not (t.startswith("tuple<") and t.endswith(">") and t.count(",") == 1):
        return False
    first, second = t[len("tuple<") : -1].split(",")
    # a scale-factor type second, or a narrow float first (the block-scaled data types; mixed input converts ints/fp8)
    return second in PAIR_SF_TYPES or first in ("float_e2m1_t", "float_e2m3_t", "float_e3m2_t")


def element_pair_parts(el: str) -> tuple[str, str] | None:
    """``cute::tuple<float_e2m1_t,float_ue4m3_t>`` -> (data type, scale-factor type); None for anything else."""
    if not el.startswith("cute::tuple<"):
        return None
    data, sf = el[len("cute::tuple<") : -1].split(",")
    return data, sf


def block_scaled_parts(el: str) -> tuple[str, str, str, int] | None:
    """``mx_float8_t<float_e4m3_t>`` -> (wrapper, data type, scale-factor type, SFVecSize); None for a plain type."""
    head, lt, rest = el.partition("<")
    if not lt or head not in BLOCK_SCALED_WRAPPERS:
        return None
    _, sf, vs = BLOCK_SCALED_WRAPPERS[head]
    return head, rest[:-1], sf, vs


def is_block_scaled(cfg) -> bool:
    """Both A and B block-scaled wrappers, or SM103 (whose only builder is block-scaled): CUTLASS's builders take
    OpClassBlockScaledTensorOp."""
    if cfg.arch == "sm103":
        return True
    return bool(block_scaled_parts(cfg.a.element) and block_scaled_parts(cfg.b.element))


def element_bits(el: str) -> int:
    """sizeof_bits of an element type, of a wrapper's data type, 0 for void."""
    if el == "void":
        return 0
    parts = block_scaled_parts(el)
    pair = element_pair_parts(el)
    return ELEMENT_BITS[parts[1] if parts else pair[0] if pair else el]


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
    # cutlass::gemm::EpilogueTransposed (cutlass/gemm/dispatch_policy.hpp:163): the profiler's RS TT kernels' epilogue
    "EpilogueTransposed",
)
SM100_BLOCK_SCALED_SCHEDULES = tuple(
    f"KernelTmaWarpSpecialized{sm}{kind}Sm100"
    for kind in ("BlockScaled", "Nvf4", "Mxf4", "Mxf8f6f4")
    for sm in ("1Sm", "2Sm")
)
#: issue 44 (sm100bw): the block-scaled ptr-array schedules (KernelSchedulePtrArrayBlockScaledGemmSm100, --grouped)
SM100_PTR_ARRAY_BLOCK_SCALED_SCHEDULES = tuple(
    f"KernelPtrArrayTmaWarpSpecialized{sm}{kind}Sm100"
    for kind in ("BlockScaled", "Nvf4", "Mxf4", "Mxf8f6f4")
    for sm in ("1Sm", "2Sm")
)
#: fp32x9: the emulated-FP32 (9xBF16) builder's schedules (sm100_9xBF16_umma_builder.inl: is_base_of_v<
#: KernelScheduleSm100FastFP32Gemm, ..>, dispatch_policy.hpp:757), the ptr-array ones among them
SM100_FASTFP32_SCHEDULES = (
    "KernelTmaWarpSpecialized1SmFastFP32SmemSm100",
    "KernelTmaWarpSpecialized2SmFastFP32SmemSm100",
    "KernelTmaWarpSpecialized1SmFastFP32Sm100",
    "KernelTmaWarpSpecialized2SmFastFP32Sm100",
    "KernelTmaWarpSpecializedFastFP32SmemSm100",
    "KernelScheduleSm100FastFP32Gemm",
    "KernelPtrArrayTmaWarpSpecialized1SmFastFP32SmemSm100",
    "KernelPtrArrayTmaWarpSpecialized2SmFastFP32SmemSm100",
    "KernelPtrArrayTmaWarpSpecialized1SmFastFP32Sm100",
    "KernelPtrArrayTmaWarpSpecialized2SmFastFP32Sm100",
    "KernelTmaWarpSpecializedPtrArrayFastFP32SmemSm100",
    "KernelScheduleSm100PtrArrayFastFP32Gemm",
)
#: issue 44 (mix100): the SM100 mixed-input builder's schedules (sm100_mixed_input_umma_builder.inl, its enable_if:
#: is_base_of_v<KernelScheduleSm100MixedInputGemm, S>, dispatch_policy.hpp:771): (their 1SM/2SM base: 1, 2 or None;
#: do they derive from KernelTmaWarpSpecializedMixedInputSmemSm100, A converted into smem rather than TMEM)
SM100_MIXED_INPUT_SCHEDULES = {
    "KernelTmaWarpSpecialized1SmMixedInputSm100": (1, False),
    "KernelTmaWarpSpecialized2SmMixedInputSm100": (2, False),
    "KernelTmaWarpSpecialized1SmMixedInputSmemSm100": (1, True),
    "KernelTmaWarpSpecialized2SmMixedInputSmemSm100": (2, True),
    "KernelTmaWarpSpecializedMixedInputSmemSm100": (None, True),
    "KernelScheduleSm100MixedInputGemm": (None, False),
}
SM100_KERNEL_SCHEDULES = (
    "KernelScheduleAuto",
    "KernelTmaWarpSpecialized1SmSm100",
    "KernelTmaWarpSpecialized2SmSm100",
    *SM100_BLOCK_SCALED_SCHEDULES,
    # issue 44 (sm100bw): the dense ptr-array schedules, the blockwise builder's (--sf-vec) and the block-scaled
    # ptr-array ones
    "KernelPtrArrayTmaWarpSpecialized1SmSm100",
    "KernelPtrArrayTmaWarpSpecialized2SmSm100",
    "KernelScheduleSm100Blockwise",
    "KernelTmaWarpSpecializedBlockwise1SmSm100",
    "KernelTmaWarpSpecializedBlockwise2SmSm100",
    "KernelScheduleSm100PtrArrayBlockwise",
    "KernelPtrArrayTmaWarpSpecializedBlockwise1SmSm100",
    "KernelPtrArrayTmaWarpSpecializedBlockwise2SmSm100",
    *SM100_PTR_ARRAY_BLOCK_SCALED_SCHEDULES,
    *SM100_FASTFP32_SCHEDULES,
    *SM100_MIXED_INPUT_SCHEDULES,
)
SM100_EPILOGUE_SCHEDULES = (
    "EpilogueScheduleAuto",
    "TmaWarpSpecialized1Sm",
    "TmaWarpSpecialized2Sm",
    "NoSmemWarpSpecialized1Sm",
    "NoSmemWarpSpecialized2Sm",
    # issue 44 (sm100bw): the ptr-array epilogues (grouped GEMMs)
    "PtrArrayTmaWarpSpecialized1Sm",
    "PtrArrayTmaWarpSpecialized2Sm",
    "PtrArrayNoSmemWarpSpecialized1Sm",
    "PtrArrayNoSmemWarpSpecialized2Sm",
    # fp32x9: the FastF32 no-smem epilogues (sm100_builder.inl:1434)
    "FastF32NoSmemWarpSpecialized1Sm",
    "FastF32NoSmemWarpSpecialized2Sm",
    "PtrArrayFastF32NoSmemWarpSpecialized1Sm",
    "PtrArrayFastF32NoSmemWarpSpecialized2Sm",
)

#: SM103 (B300) builder schedules (sm103_blockscaled_umma_builder.inl: KernelScheduleSm103BlockScaledGemm's and
#: Auto; the schedules without a prefetch suffix are aliases of the TmaPrefetch ones, dispatch_policy.hpp:870)
SM103_KERNEL_SCHEDULES = (
    "KernelScheduleAuto",
    *(
        f"KernelTmaWarpSpecialized{sm}BlockScaledMxNvf4UltraVs{vs}Sm103{p}"
        for sm in ("1Sm", "2Sm")
        for vs in (16, 32)
        for p in ("", "TmaPrefetch", "DisablePrefetch")
    ),
    "KernelScheduleSm103BlockScaledGemm",
    "KernelScheduleSm103BlockScaledMxNvf4UltraTmaPrefetch",
    "KernelScheduleSm103BlockScaledMxNvf4UltraDisablePrefetch",
)
#: sm103g: the builder's ptr-array (grouped) schedules (KernelSchedulePtrArraySm103BlockScaledGemm's,
#: dispatch_policy.hpp:876-893; its enable_if takes them, IsArrayOfPointersGemm builds
#: MainloopSm103ArrayTmaUmmaWarpSpecializedBlockScaled; example 90): --grouped. Without a prefetch suffix they are
#: aliases of the DisablePrefetch ones (dispatch_policy.hpp:890)
SM103_PTR_ARRAY_SCHEDULES = (
    *(
        f"KernelPtrArrayTmaWarpSpecialized{sm}BlockScaledMxNvf4UltraVs{vs}Sm103{p}"
        for sm in ("1Sm", "2Sm")
        for vs in (16, 32)
        for p in ("", "TmaPrefetch", "DisablePrefetch")
    ),
    "KernelSchedulePtrArraySm103BlockScaledGemm",
    "KernelSchedulePtrArraySm103BlockScaledMxNvf4UltraTmaPrefetch",
    "KernelSchedulePtrArraySm103BlockScaledMxNvf4UltraDisablePrefetch",
)

#: SM120 (GeForce Blackwell) builder schedules (cutlass/gemm/dispatch_policy.hpp:902-928): the dense F8F6F4 builder
#: (sm120_mma_builder.inl:72) takes Cooperative/Pingpong and KernelScheduleSm120DenseGemm's; the block-scaled one
#: (sm120_blockscaled_mma_builder.inl:69) those and the Nvf4/Mxf4/Mxf8f6f4 schedules; the blockwise one
#: (sm120_blockwise_mma_builder.inl:127, --sf-vec) KernelScheduleSm120Blockwise's
SM120_KERNEL_SCHEDULES = (
    "KernelScheduleAuto",
    "KernelTmaWarpSpecializedCooperative",
    "KernelTmaWarpSpecializedPingpong",
    "KernelScheduleSm120DenseGemm",
    "KernelScheduleF8f6f4Sm120",
    "KernelTmaWarpSpecializedNvf4Sm120",
    "KernelTmaWarpSpecializedPingpongNvf4Sm120",
    "KernelTmaWarpSpecializedMxf4Sm120",
    "KernelTmaWarpSpecializedPingpongMxf4Sm120",
    "KernelTmaWarpSpecializedMxf8f6f4Sm120",
    "KernelTmaWarpSpecializedPingpongMxf8f6f4Sm120",
    "KernelScheduleSm120Blockwise",
    "KernelTmaWarpSpecializedBlockwiseCooperativeSm120",
    "KernelTmaWarpSpecializedBlockwisePingpongSm120",
    # the grouped (ptr-array) schedules (examples 79d, 87c): --grouped
    "KernelPtrArrayTmaWarpSpecializedCooperative",
    "KernelPtrArrayTmaWarpSpecializedPingpong",
)
#: the SM120 epilogue builder (epilogue/collective/builders/sm120_builder.inl:483) takes these (its no-smem and
#: PtrArray/Sparse ones aside)
SM120_EPILOGUE_SCHEDULES = (
    "EpilogueScheduleAuto",
    "TmaWarpSpecialized",
    "TmaWarpSpecializedCooperative",
    "PtrArrayTmaWarpSpecializedPingpong",
    "PtrArrayTmaWarpSpecializedCooperative",
)


class Operand(NamedTuple):
    """One tensor: element type and CUTLASS layout tag (``RowMajor``/``ColumnMajor``)."""

    element: str
    layout: str = "RowMajor"
    #: a mixed-input operand's scale and zero types (:class:`ScaledOperand`); none for a plain operand
    scale = ()

    @property
    def bits(self) -> int:
        return element_bits(self.element)

    @property
    def data(self) -> str:
        """The element's data type: a block-scaled wrapper's (``nv_float4_t<float_e2m1_t>`` -> ``float_e2m1_t``)."""
        parts = block_scaled_parts(self.element)
        pair = element_pair_parts(self.element)
        return parts[1] if parts else pair[0] if pair else self.element


class ScaledOperand(Operand):
    """A mixed-input operand with its scale (and zero) types, ``cute::tuple<Element, ElementScale[, ElementZero]>``
    (example 55): an :class:`Operand` whose ``scale`` is not a tuple field (an Operand is still its (element, layout)
    pair), compared and hashed with it."""

    def __new__(cls, element: str, layout: str, scale: tuple):
        self = super().__new__(cls, element, layout)
        self.scale = tuple(scale)
        return self

    def __eq__(self, other):
        return tuple.__eq__(self, other) is True and getattr(other, "scale", ()) == self.scale

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((tuple(self), self.scale))

    def __repr__(self):
        return f"ScaledOperand(element={self.element!r}, layout={self.layout!r}, scale={self.scale!r})"


def operand_with(element: str, layout: str, scale: tuple = ()) -> Operand:
    """An Operand, or a ScaledOperand when ``scale`` names scale/zero types."""
    return ScaledOperand(element, layout, scale) if scale else Operand(element, layout)


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
    sf_vec: tuple[int, int, int] | None = None  # blockwise scaling: Sm1xxBlockwiseScaleConfig<M,N,K,..> (--sf-vec)
    sf_major: tuple[str, str] = ("MN", "MN")  # SFA's and SFB's majors (--sf-major)
    fusion: str | None = None  # the epilogue's fusion operation (None: LinearCombination, the builder's default)
    # a dynamic cluster (ClusterShape Shape<int,int,_1>, examples 73, 75): the preferred and fallback clusters a
    # kernel launches with (KernelHardwareInfo::cluster_shape / cluster_shape_fallback); None: a static cluster
    dynamic_cluster: tuple | None = None
    # the TileShape_MNK the epilogue builder is given where it is not the mainloop's (example 82: its per-SM tile)
    epilogue_tile_shape: tuple[int, int, int] | None = None
    # the tile spelled with rank-1 modes, Shape<Shape<_128>,Shape<_128>,Shape<_64>> (example 51's GETT TileShape;
    # the builders' fields are the flat tile's: tests/test_collective_stride.py)
    tile_nested: bool = False

    # SM100 mixed input (example 86): the scale granularity (MN, K) of Sm100MixedInputBlockwiseScaleConfig<MN, K>,
    # whose LayoutScale goes with A's layout tag as cute::tuple<LayoutA, LayoutScale> (--scale-group); None: none
    scale_group: tuple[int, int] | None = None
    # examples 55 and 69's shuffled operands: the atom of compute_memory_reordering_atom<..>() (--reorder-atom) that
    # an operand's Layout type tiles (its layout: reorder.canonical_type); None: none
    reorder_atom: object = None

    @property
    def tile_print(self) -> str:
        """cute::print of the TileShape: (_128,_128,_64), or ((_128),(_128),(_64)) with rank-1 modes."""
        f = "(_{})" if self.tile_nested else "_{}"
        return "(" + ",".join(f.format(x) for x in self.tile) + ")"

    def alignment(self, which: str) -> int:
        i = "abcd".index(which)
        if self.align[i]:
            return self.align[i]
        op = getattr(self, which)
        bits = op.bits or self.d.bits
        # 128 bits; a 6-bit type, whose 128 bits are no whole number of elements: 128 elements (96 bytes, what
        # CUTLASS's F8F6F4 path asks of 6-bit operands: get_input_alignment_bits, cutlass/detail/layout.hpp:372)
        # (A and B; C and D keep 128 // bits, as the SM120 epilogue batches were recorded)
        return 128 // bits if 128 % bits == 0 or which in "cd" else 128

    # layout tags or stride types -> majors: cutlass::gemm::detail::is_k_major<TagToStrideA_t<..>> (is_major<1>)
    # and is_mn_major (is_major<0>), cutlass/gemm/gemm.h:85-118 (A RowMajor is K-major, B ColumnMajor is K-major; a
    # stride type may be both or neither: cutedump.collective.stride)
    @property
    def a_k_major(self) -> bool:
        return self._major("a", 1)

    @property
    def b_k_major(self) -> bool:
        return self._major("b", 1)

    @property
    def a_mn_major(self) -> bool:
        return self._major("a", 0)

    @property
    def b_mn_major(self) -> bool:
        return self._major("b", 0)

    def _major(self, which: str, mode: int) -> bool:
        """is_major<mode> of A's or B's layout tag, stride type or Layout type (the Layout's stride)."""
        lay = getattr(self, which).layout
        if _is_stride(lay):
            return _major(lay, which, mode)
        if lay.startswith("decltype("):  # the atom's algebra: collective/reorder.py (ReorderAtom.stride_is_major)
            return self.reorder_atom.stride_is_major(lay, mode)
        return lay == ("RowMajor" if (which == "a") == (mode == 1) else "ColumnMajor")

    @property
    def has_layout_type(self) -> bool:
        """Some operand's layout is a Layout type (examples 55 and 69's shuffled operands)."""
        return any(o.layout.startswith("decltype(") for o in (self.a, self.b))

    @property
    def has_stride(self) -> bool:
        """Some operand's layout is a stride type (--a "half_t:cute::Stride<..>")."""
        return any(_is_stride(o.layout) for o in (self.a, self.b, self.c, self.d))


def _is_stride(layout: str) -> bool:
    return layout.startswith("cute::Stride<")


def _major(layout: str, which: str, mode: int) -> bool:
    from cutedump.collective.stride import is_major  # start-up: stride types only

    return is_major(layout, which, mode)


def operand_major(cfg: Config, which: str) -> str | None:
    """A or B's major as the JSON states it: a layout tag's (RowMajor A: K); a stride type's as the builders read
    it, MN first (is_major<0>: gmma_ss_tag_to_major, tag_to_umma_major), then K (is_major<1>), None for neither."""
    mn, k = (cfg.a_mn_major, cfg.a_k_major) if which == "a" else (cfg.b_mn_major, cfg.b_k_major)
    lay = getattr(cfg, which).layout
    if not _is_stride(lay) and not lay.startswith("decltype("):
        return "K" if k else "MN"
    return "MN" if mn else "K" if k else None


def stride_facts(layout: str, which: str) -> dict:
    """What CUTLASS reads from a stride-typed operand (the JSON's configuration.<x>): the stride, is_major<0> and
    is_major<1> (cutlass/detail/layout.hpp:200), StrideToLayoutTag<x>_t (layout.hpp:270), and for C and D the
    major the epilogue builders read (M first, then N; None for neither)."""
    from cutedump.collective import stride as S  # start-up: stride types only

    out = {
        "stride": layout,
        "is_major": [S.is_major(layout, which, 0), S.is_major(layout, which, 1)],
        "layout_tag": S.layout_tag(layout, which),
    }
    if which in "cd":
        out["major"] = cd_major(layout)
    return out


def stride_scope_error(cfg: Config) -> tuple[str, str] | None:
    """Which operand's stride type is not modelled on the --arch, and why (None: they are). SM100's CollectiveMma
    builds its TMA Params itself (make_tma_atom over the gmem layout, whose vectorization reads every stride): there
    cutedump models flat rank-3 strides whose only static leaf is the major's Int<1> (a batch stride may be Int<0>),
    and C/D strides major in one mode."""
    if cfg.arch != "sm100":
        return None
    from cutedump.collective.stride import is_major, tree  # start-up: stride types only

    for w in "abcd":
        lay = getattr(cfg, w).layout
        if getattr(cfg, w).element == "void" or not _is_stride(lay):
            continue
        t = tree(lay)
        flat = len(t) == 3 and not isinstance(t[0], tuple) and not isinstance(t[1], tuple)
        batch_ok = flat and (t[2] == 0 or isinstance(t[2], str))  # a dynamic batch stride, or Int<0>
        statics = batch_ok and all(not isinstance(x, int) or x == 1 for x in t[:2])
        both = w in "cd" and is_major(lay, w, 0) and is_major(lay, w, 1)
        if not flat or not statics or both:
            what = "major in both modes" if flat and statics else "nested modes or static strides"
            return w, (
                f" with --arch sm100: a stride type with {what} is not modelled there (SM100's CollectiveMma builds "
                "its TMA Params from the stride itself, make_tma_atom over the gmem layout: cutedump models flat "
                "rank-3 strides whose only static leaf is the major's cute::Int<1>, a batch stride of cute::Int<0> "
                "aside)"
            )
    return None


def stsm_major(layout: str) -> bool | None:
    """sm90_get_smem_store_op_for_accumulator's reading of a C/D stride (epilogue sm90_common.inl:45): True (the
    transposing STSM_T) when size<0> of the stride is 1, False (STSM_N) when size<1> is, None (auto-vectorizing)
    when neither (a dynamic leaf is 0: a nested mode with one)."""
    if not _is_stride(layout):
        return layout == "ColumnMajor"
    from cutedump.collective.stride import mode_size  # start-up: stride types only

    if mode_size(layout, "c", 0) == 1:
        return True
    return False if mode_size(layout, "c", 1) == 1 else None


def cd_major(layout: str) -> str | None:
    """The major of a C or D layout as the epilogue builders read it (sm90_builder.inl:94, sm100_builder.inl:82):
    "M" when is_major<0> (ColumnMajor), else "N" when is_major<1> (RowMajor), else None (no major: the TMA
    epilogues static_assert "Unsupported gmem layout")."""
    if not _is_stride(layout):
        return "M" if layout == "ColumnMajor" else "N"
    if _major(layout, "c", 0):
        return "M"
    return "N" if _major(layout, "c", 1) else None


def element(text: str, what: str, allow_void: bool = False, typed: str | None = None) -> str:
    """An element type in any spelling of :func:`element_spellings`; ``typed``: the option's whole value as the
    user typed it (quoted in the error with the part read as the type)."""
    t = text.strip().replace("cutlass::", "").replace("cute::", "")
    t = t.removeprefix("cutlass.")
    t = DSL_NAMES.get(t, ALIASES.get(t, t))
    if t == "void" and allow_void:
        return t
    if "<" in t:
        wrapped = block_scaled_element(text, what, typed=typed)
        if wrapped is not None:
            return wrapped
    if t not in ELEMENT_BITS:
        seen = repr(text.strip()) + (f" (read from {typed!r})" if typed not in (None, text) else "")
        raise CuteDumpError(
            f"{what}: unknown element type {seen} (CUTLASS's {', '.join(ELEMENT_BITS)}"
            f"{', void' if allow_void else ''}; for A and B the block-scaled "
            f"{', '.join(f'{w}<{d[0][0]}>' for w, d in BLOCK_SCALED_WRAPPERS.items())}; the DSL's cutlass.Float16 ...; `cutedump collective --help` lists "
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


#: examples 55 and 69's shuffled operand: the Layout type they write in the layout tag's place,
#: ``decltype(cute::tile_to_shape(LayoutAtomQuant{}, Layout<Shape<int,int,int>, StrideB>{}))`` (cute:: optional, spaces
#: free; the batch extent int or Int<1>; the stride the example's StrideA/StrideB, which tile_to_shape does not read);
#: the atom's algebra is collective/reorder.py's
REORDER_ATOM_NAME = "LayoutAtomQuant"
_REORDERED_RE = re.compile(
    r"decltype\(tile_to_shape\("
    + REORDER_ATOM_NAME
    + r"\{\},Layout<Shape<int,int,(int|Int<1>|_1)>,(Stride[AB])>\{\}\)\)"
)
#: the examples' alias (example 55's batch extent: int)
REORDERED_ALIASES = {"LayoutA_Reordered": "StrideA", "LayoutB_Reordered": "StrideB"}


def reordered_type(batch_static: bool, stride_name: str) -> str:
    """The canonical spelling of the reordered Layout type (Operand.layout)."""
    shape = "Shape<int,int,Int<1>>" if batch_static else "Shape<int,int,int>"
    return f"decltype(cute::tile_to_shape({REORDER_ATOM_NAME}{{}}, Layout<{shape}, {stride_name}>{{}}))"


def parse_reordered_type(lay: str) -> str | None:
    """The layout part of --a/--b -> :func:`reordered_type`'s spelling; None when it names no reordered Layout type."""
    t = lay.replace("cute::", "").replace(" ", "")
    if t in REORDERED_ALIASES:
        return reordered_type(False, REORDERED_ALIASES[t])
    m = _REORDERED_RE.fullmatch(t)
    return reordered_type(m.group(1) != "int", m.group(2)) if m else None


def _is_layout_type(lay: str) -> bool:
    """A CuTe Layout type in the layout tag's place (``decltype(cute::tile_to_shape(...))``, ``Layout<Shape<..>,
    StrideB>``, example 55's ``LayoutB_Reordered``), not a stride type (``Stride<..>``)."""
    t = lay.replace("cute::", "").replace(" ", "")
    return (
        t.startswith(("decltype(", "Layout<", "ComposedLayout<"))
        or "tile_to_shape" in t
        or "compute_memory_reordering_atom" in t
        or t.rstrip("*").endswith("Reordered")
    )


#: the scale/zero types of a mixed-input operand that cutedump models (the collective's ConvertAndScale[WithZero])
MIXED_SCALE_TYPES = ("half_t", "bfloat16_t", "float")


#: the element types of a lookup-table scale cutlass::Array<T, N> cutedump models (whole bytes: sizeof is N x T's)
LUT_SCALE_ELEMENTS = ("half_t", "bfloat16_t", "float", "float_e4m3_t", "float_e5m2_t")


def lut_scale(t: str) -> tuple[str, int] | None:
    """``cutlass::Array<T, N>`` (a lookup-table scale, as :func:`_scaled_mixed_input` writes it) -> (T, N)."""
    m = re.fullmatch(r"cutlass::Array<(\w+), (\d+)>", t)
    return (m.group(1), int(m.group(2))) if m else None


def _top_level_commas(text: str) -> list[str]:
    """``a,Array<b,8>,c`` -> [a, Array<b,8>, c]: split at the commas outside angle brackets."""
    return top_level_split(text)


def _scaled_mixed_input(typ: str, what: str, typed: str | None = None) -> tuple[str, tuple]:
    """``cute::tuple<Element[, ElementScale[, ElementZero]]>`` (examples 55 and 86: the converted operand with its
    scale and zero types) -> (Element, (ElementScale[, ElementZero])); any other type -> (it, ())."""
    t = typ.strip().replace("cute::", "").replace("std::", "").replace(" ", "")
    if not t.startswith("tuple<"):
        return typ, ()
    inner = t[len("tuple<") : -1] if t.endswith(">") else ""
    parts = _top_level_commas(inner) if inner else []
    if not parts or len(parts) > 3 or not all(parts) or any("<" in x for x in parts[:1] + parts[2:]):
        raise CuteDumpError(
            f"{what}: {typ.strip()!r}: a mixed-input operand is cute::tuple<Element>, cute::tuple<Element, "
            "ElementScale> or cute::tuple<Element, ElementScale, ElementZero> of plain types, the scale also a "
            "cutlass::Array<T, N> (the lookup-table mode) (CUTLASS 4.2's mixed-input builders: "
            "cutlass/gemm/collective/builders/sm90_gmma_builder.inl GMMA_TMA_WS_RS, sm100_mixed_input_umma_builder.inl)"
        )
    scale = []
    for i, x in enumerate(parts[1:]):
        m = re.fullmatch(r"(?:cutlass::)?Array<(.+),(\d+)>", x)
        if i == 0 and m:  # examples 55 and 69 int4 x fp8: cutlass::Array<ElementScale, N>, the scale lookup table
            el, n = element(m.group(1), what, typed=typ), int(m.group(2))
            if el not in LUT_SCALE_ELEMENTS or not 1 <= n <= 64:
                raise CuteDumpError(
                    f"{what}: {(typed or typ).strip()!r}: a cutlass::Array<{el}, {n}> scale: not modelled (cutedump "
                    f"models lookup-table scales cutlass::Array<T, N> of T in {', '.join(LUT_SCALE_ELEMENTS)}, N 1 to "
                    "64; CUTLASS's builder: cutlass/gemm/collective/builders/sm90_gmma_builder.inl, GMMA_TMA_WS_RS)"
                )
            scale.append(f"cutlass::Array<{el}, {n}>")
        elif "<" in x:
            raise CuteDumpError(
                f"{what}: {(typed or typ).strip()!r}: the zero type {x!r}: not modelled (cutedump models "
                f"{', '.join(MIXED_SCALE_TYPES)} zeros; CUTLASS's builder: "
                "cutlass/gemm/collective/builders/sm90_gmma_builder.inl, GMMA_TMA_WS_RS)"
            )
        else:
            scale.append(element(x, what, typed=typ))
    scale = tuple(scale)
    for x in scale:
        if x not in MIXED_SCALE_TYPES and not x.startswith("cutlass::Array<"):
            raise CuteDumpError(
                f"{what}: {typ.strip()!r}: a {x} scale/zero: not modelled (cutedump models the mixed-input "
                f"collective's {', '.join(MIXED_SCALE_TYPES)} scales and zeros and cutlass::Array<T, N> scales; "
                "CUTLASS's builder: cutlass/gemm/collective/builders/sm90_gmma_builder.inl, GMMA_TMA_WS_RS)"
            )
    return parts[0], scale


def operand(text: str, what: str, default_layout: str, allow_void: bool = False) -> Operand:
    """``half_t:RowMajor`` / ``half_t:K`` / ``half_t`` (default layout); C++ qualified names (``cutlass::half_t``,
    ``cutlass::layout::RowMajor``) and the DSL's (``cutlass.Float16``) too."""
    typ, lay = _split_layout(text)
    scale, wrapped = (), None
    if what[-1].lower() in "ab" and _is_sf_pair(typ):  # SM103's cute::tuple<Element, ElementSF> (example 89)
        wrapped = element_pair(typ, what, typed=text)
    else:  # a mixed-input operand's cute::tuple<Element, ElementScale[, ElementZero]> (example 55), or a plain type
        typ, scale = _scaled_mixed_input(typ, what, text)
        wrapped = block_scaled_element(typ, what, typed=text) if what[-1].lower() in "ab" else None
    el = wrapped or element(typ, what, allow_void, typed=text)
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
    if _is_layout_type(lay):
        canon = parse_reordered_type(lay) if what[-1].lower() in "ab" else None
        if canon is None:
            raise CuteDumpError(
                f"--{what[-1].lower()}: {text.strip()!r} gives a CuTe Layout type as the layout: cutedump models the "
                "shuffled operand of examples 55 and 69, spelled as they write it, "
                f"decltype(cute::tile_to_shape({REORDER_ATOM_NAME}{{}}, Layout<Shape<int,int,int>, StrideB>{{}})) (the batch "
                "extent int or Int<1>; StrideA or StrideB; the alias LayoutB_Reordered), with --reorder-atom naming "
                f"{REORDER_ATOM_NAME} (CUTLASS's SM90 mixed-input builder, cutlass/gemm/collective/builders/"
                "sm90_gmma_builder.inl GMMA_TMA_WS_RS, hands the Layout to the collective); other Layout types: not "
                f"modelled (cutedump takes the layout tags RowMajor, ColumnMajor, {', '.join(majors)}, or a stride type)"
            )
        if wrapped or el not in ELEMENT_BITS:
            raise CuteDumpError(
                f"--{what[-1].lower()}: {text.strip()!r}: a reordered Layout type with a block-scaled or "
                "element-pair operand is not modelled (CUTLASS's SM90 mixed-input builder, sm90_gmma_builder.inl "
                "GMMA_TMA_WS_RS, takes it with plain or cute::tuple<Element, Scale[, Zero]> operands)"
            )
        return operand_with(el, canon, scale)
    from cutedump.collective import stride as S  # start-up: a small module, read only for the option's layout

    if S.looks_like_stride(lay):
        if scale or wrapped:
            raise CuteDumpError(
                f"--{what[-1].lower()}: {text.strip()!r}: a stride type with a mixed-input, block-scaled or "
                "element-pair operand: CUTLASS's builders for those take it (cutlass/gemm/collective/builders/: "
                "sm90_gmma_builder.inl's and sm100_mixed_input_umma_builder.inl's mixed input, "
                "sm100_blockscaled_umma_builder.inl, sm120_blockscaled_mma_builder.inl, "
                "sm103_blockscaled_umma_builder.inl); not modelled (cutedump models stride types for plain element "
                "types)"
            )
        return Operand(el, S.parse(lay, f"--{what[-1].lower()}", text))
    if lay.startswith(("cute::Layout<", "Layout<")) or "<" in lay:
        raise CuteDumpError(
            f"--{what[-1].lower()}: {text.strip()!r}: the layout is neither a layout tag nor a cute::Stride<..> "
            "(CUTLASS's builders also take a cute::Layout<..> through StrideToLayoutTag; not modelled: cutedump "
            f"takes RowMajor, ColumnMajor, {', '.join(majors)} or a cute::Stride<..>)"
        )
    if lay not in ("RowMajor", "ColumnMajor"):
        raise CuteDumpError(
            f"--{what[-1].lower()}: unknown layout {lay!r} (RowMajor, ColumnMajor, {', '.join(majors)}, or a "
            "cute::Stride<..> type)"
        )
    return operand_with(el, lay, scale)


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


def tile_shape(text: str, most: int, why: str) -> tuple[tuple[int, ...], bool]:
    """--tile: ``128,128,64`` / ``Shape<_128,_128,_64>``, or with rank-1 modes ``Shape<Shape<_128>,Shape<_128>,
    Shape<_64>>`` / ``((128),(128),(64))`` (example 51's GETT tile) -> (M, N, K), nested. A mode of more than one
    extent (example 53's permuted TileShape ((_16,_8),(_128),(_64))) is not modelled."""
    t = text.strip().replace(" ", "").replace("cute::", "")
    if t.startswith("Shape<") and t.endswith(">"):
        inner = t[len("Shape<") : -1]
    elif t.startswith("(") and t.endswith(")"):
        inner = t[1:-1]
    else:
        inner = None
    if inner is not None and ("Shape<" in inner or "(" in inner):
        from cutedump.collective.stride import _split_top  # start-up: nested tiles only

        parts = _split_top(inner.replace("(", "Shape<").replace(")", ">"))

        def shown(part: str) -> str:  # the mode as the user spelled it
            return part if "Shape<" in inner else part.replace("Shape<", "(").replace(">", ")")

        modes = []
        for p in parts:
            if not (p.startswith("Shape<") and p.endswith(">")) or "," in p:
                raise CuteDumpError(
                    f"--tile: {text.strip()!r}: a tile mode of more than one extent ({shown(p)}, as example 53's permuted "
                    "TileShape has) is not modelled: cutedump models a TileShape whose modes are single extents, flat "
                    "(128,128,64) or rank-1 (Shape<Shape<_128>,Shape<_128>,Shape<_64>>)"
                )
            modes.append(p[len("Shape<") : -1])
        vals = ints(",".join(modes), 3, "--tile", most, why)
        return vals, True
    return ints(text, 3, "--tile", most, why), False


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
        from cutedump.collective.cutlass_names import (  # start-up: refusals only
            EPILOGUE_SCHEDULES,
            EPILOGUE_SCHEDULES_47,
            GEMM_EPILOGUE_TAGS,
            KERNEL_SCHEDULE_ALIASES,
            KERNEL_SCHEDULES,
            KERNEL_SCHEDULES_47,
        )
        from cutedump.versions import cutlass  # start-up: refusals only

        EPILOGUE_SCHEDULES = EPILOGUE_SCHEDULES + GEMM_EPILOGUE_TAGS  # noqa: N806 (both headers' epilogue tags)
        modelled = ", ".join(["auto", *table[1:]])
        ver = cutlass()
        if t in KERNEL_SCHEDULES_47 or t in EPILOGUE_SCHEDULES_47:
            kind = "kernel schedule" if t in KERNEL_SCHEDULES_47 else "epilogue tag"
            builder = KERNEL_SCHEDULES_47.get(t)
            where = f"cutlass/gemm/collective/builders/{builder}" if builder else "cutlass/epilogue/dispatch_policy.hpp"
            if ver == "4.7":
                raise CuteDumpError(
                    f"{what}: {text!r} is a CUTLASS 4.7 {kind} that 4.2 does not declare ({where}); cutedump does "
                    f"not model it (modelled: {modelled})"
                )
            raise CuteDumpError(
                f"{what}: {text!r} is not a CUTLASS {ver} schedule name: CUTLASS 4.7 declares it "
                f"({where}; --cutlass 4.7), where cutedump does not model it either (modelled: {modelled})"
            )
        alias = KERNEL_SCHEDULE_ALIASES.get(t)
        if t in KERNEL_SCHEDULES or t in EPILOGUE_SCHEDULES or alias:
            kind = "kernel schedule" if t in KERNEL_SCHEDULES or alias else "epilogue tag"
            other = [a for a, tab in _ARCH_SCHEDULES().items() if (alias or t) in tab and tab is not table]
            if other:  # a schedule of another architecture's builder, which cutedump models
                raise CuteDumpError(
                    f"{what}: {text!r} is a CUTLASS {ver} {kind} of the {'/'.join(other)} builders, not this --arch's "
                    f"(ask it with --arch {other[0]}; modelled here: {modelled})"
                )
            from cutedump.collective.cutlass_names import KERNEL_SCHEDULE_TEMPLATES  # start-up: refusals only

            builder = builder_of(alias or t) if kind == "kernel schedule" else None
            if kind == "kernel schedule" and t in KERNEL_SCHEDULE_TEMPLATES:
                raise CuteDumpError(
                    f"{what}: {text!r} is a class template of CUTLASS {ver}'s kernel layer (template<...> struct {t} in "
                    "cutlass/gemm/dispatch_policy.hpp: a mainloop dispatch policy names it), not a schedule a "
                    f"CollectiveBuilder takes (modelled: {modelled})"
                )
            raise CuteDumpError(
                f"{what}: {text!r} is a CUTLASS {ver} {kind}"
                + (f" (an alias of {alias})" if alias else "")
                + (f" (its builder: {builder})" if builder else "")
                + (
                    " that cutedump does not model for this --arch"
                    if builder or kind != "kernel schedule"
                    else f" that no CollectiveBuilder of CUTLASS {ver} dispatches on by name; cutedump does not model it"
                )
                + f" (modelled: {modelled})"
            )
        if t in EXAMPLE_SCHEDULES:
            raise CuteDumpError(
                f"{what}: {text!r} is not CUTLASS's: {EXAMPLE_SCHEDULES[t]} declares it, with its own builder; not "
                f"modelled (modelled: {modelled})"
            )
        raise CuteDumpError(f"{what}: {text!r} is not a CUTLASS {ver} schedule name (modelled: {modelled})")
    return t


#: schedules a CUTLASS example declares beside its own CollectiveBuilder specialization (cutlass v4.2.0 examples/)
EXAMPLE_SCHEDULES = {
    name: "example 63 (examples/63_hopper_gemm_with_weight_prefetch/collective/dispatch_policy_extra.hpp; its "
    "builder: collective/builder.hpp, MainloopSm90TmaGmmaWarpSpecializedWithPrefetch)"
    for name in (
        "KernelTmaWarpSpecializedFP8FastAccumWithPrefetch",
        "KernelTmaWarpSpecializedFP8FastAccumWithPrefetchAndSplitDMA",
    )
}

# the builder CUTLASS 4.2 uses for a schedule cutedump refuses as not modelled (file:line of its specialization)
NOT_MODELLED_BUILDERS = {
    "KernelMultistage": "cutlass/gemm/collective/builders/sm90_gmma_builder.inl:700, GMMA_CpAsync (deprecated: it "
    "builds the KernelCpAsyncWarpSpecialized collective; ask for that schedule)",
}
_B = "cutlass/gemm/collective/builders/"
#: (schedules, the builder file, the tag its enable_if checks (is_base_of_v / is_same_v), what it builds): checked
#: against the headers by tests/test_collective.py (test_cutlass_schedule_names_are_the_headers)
_FAMILIES = (
    (
        ("KernelWarpSpecialized1SmSm100",),
        "sm100_cpasync_umma_builder.inl",
        "KernelWarpSpecialized1SmSm100",
        "the cp.async mainloop",
    ),
    (
        ("KernelMixedTmaCpAsyncWarpSpecialized1SmSm100",),
        "sm100_mixed_tma_cpasync_umma_builder.inl",
        "KernelMixedTmaCpAsyncWarpSpecialized1SmSm100",
        "the TMA + cp.async mainloop",
    ),
    (
        ("KernelMixedTmaCpAsyncWarpSpecialized1SmBlockScaledSm100",),
        "sm100_blockscaled_mixed_tma_cpasync_umma_builder.inl",
        "KernelMixedTmaCpAsyncWarpSpecialized1SmBlockScaledSm100",
        "the block-scaled TMA + cp.async mainloop",
    ),
)
#: tags a builder dispatches on (``is_base_of_v<TAG, Schedule>``) whose schedules no family above lists: a schedule
#: deriving from one (cutlass_names.KERNEL_SCHEDULE_BASES) is built there
_TAG_FAMILIES = (
    ("sm100_umma_builder.inl", "KernelScheduleSm100DenseGemm", "the UMMA mainloop"),
    ("sm100_blockscaled_umma_builder.inl", "KernelScheduleBlockScaledGemmSm100", "the block-scaled UMMA mainloop"),
    ("sm120_blockscaled_mma_builder.inl", "KernelScheduleBlockScaledGemmSm120", "the SM120 block-scaled mainloop"),
    ("sm120_blockscaled_sparse_mma_builder.inl", "KernelScheduleAcc2x4Sm120", "the SM120 block-scaled sparse mainloop"),
    ("sm100_sparse_umma_builder.inl", "KernelScheduleSparseGemmSm100", "the sparse UMMA mainloop"),
    (
        "sm100_blockscaled_sparse_umma_builder.inl",
        "KernelScheduleBlockScaledSparseGemmSm100",
        "the block-scaled sparse UMMA mainloop",
    ),
    ("sm120_sparse_mma_builder.inl", "KernelScheduleSparseGemmSm120", "the SM120 sparse mainloop"),
    (
        "sm120_blockscaled_sparse_mma_builder.inl",
        "KernelScheduleBlockScaledSparseGemmSm120",
        "the SM120 block-scaled sparse mainloop",
    ),
)
for _names, _file, _tag, _what in _FAMILIES:
    for _n in (*_names, _tag):
        NOT_MODELLED_BUILDERS.setdefault(_n, f"{_B}{_file} ({_tag}), {_what}")
for _file, _tag, _what in _TAG_FAMILIES:
    NOT_MODELLED_BUILDERS.setdefault(_tag, f"{_B}{_file} ({_tag}), {_what}")


def builder_of(schedule: str) -> str | None:
    """The builder CUTLASS 4.2 builds a not-modelled kernel schedule with: its own row, else the nearest base tag's
    (breadth first over cutlass_names.KERNEL_SCHEDULE_BASES); None when no builder dispatches on any of them."""
    from cutedump.collective.cutlass_names import KERNEL_SCHEDULE_BASES  # start-up: refusals only

    todo, seen = [schedule], set()
    while todo:
        name = todo.pop(0)
        if name in NOT_MODELLED_BUILDERS:
            return NOT_MODELLED_BUILDERS[name]
        seen.add(name)
        todo += [b for b in KERNEL_SCHEDULE_BASES.get(name, ()) if b not in seen]
    return None


def _ARCH_SCHEDULES() -> dict[str, tuple[str, ...]]:
    """--arch -> the kernel schedules cutedump models there (the Auto tag aside)."""
    return {
        "sm90": SM90_KERNEL_SCHEDULES[1:],
        "sm100": SM100_KERNEL_SCHEDULES[1:],
        "sm103": SM103_KERNEL_SCHEDULES[1:] + SM103_PTR_ARRAY_SCHEDULES,
        "sm120": SM120_KERNEL_SCHEDULES[1:],
    }
