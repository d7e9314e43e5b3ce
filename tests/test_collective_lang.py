"""issue 42 item 8: one language rule for `cutedump collective` and the files it writes.

`collective` narrates (its why lines, its descriptor, bank-audit and TMA lines): it takes --lang zh|en like every
narrating command (CUTEDUMP_LANG when --lang is absent, English by default), its wording lives in the message
catalogs (cutedump/dumps/messages/collective_*.py; the builders' rules in cutedump/collective/ state keys and facts),
its JSON is the same in both languages but for the worded why texts, and the kernel description --toml writes
carries the language (`[kernel] lang`), which `cutedump kernel` follows after --lang and CUTEDUMP_LANG.
"""

from __future__ import annotations

import json
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import cutedump
from cutedump.cli import main

CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")

SM90 = [
    "--arch", "sm90", "--a", "half_t:RowMajor", "--b", "half_t:ColumnMajor", "--c", "half_t:RowMajor",
    "--d", "half_t:RowMajor", "--acc", "float", "--tile", "128,128,64", "--cluster", "1,1,1",
]  # fmt: skip
SM100 = [
    "--arch", "sm100", "--a", "half_t:K", "--b", "half_t:MN", "--c", "float", "--d", "bfloat16_t",
    "--tile", "256,128,64", "--cluster", "2,2,1",
]  # fmt: skip

#: configurations that reach every rule that words a why line (SS, RS, cp.async, FP8, the epilogues, 1SM/2SM/M=64)
CONFIGS = [
    dict(arch="sm90", a="half_t", b="half_t", c="float", d="half_t", tile="128,256,64", cluster="2,1,1",
         epilogue_schedule="TmaWarpSpecializedCooperative"),
    dict(arch="sm90", a="half_t", b="half_t", c="half_t", d="half_t", tile="64,64,64",
         epilogue_schedule="TmaWarpSpecialized", stages="4"),
    dict(arch="sm90", a="float_e4m3_t", b="float_e4m3_t", c="void", d="float_e4m3_t", tile="64,128,128",
         epilogue_schedule="TmaWarpSpecialized", epilogue_tile="64,32"),
    dict(arch="sm90", a="float_e4m3_t", b="float_e5m2_t", c="void", d="half_t", tile="128,256,128"),
    dict(arch="sm90", a="int8_t:ColumnMajor", b="int8_t:ColumnMajor", d="int32_t", acc="int32_t", tile="128,128,64"),
    dict(arch="sm90", a="tfloat32_t:ColumnMajor", b="tfloat32_t:RowMajor", d="float", tile="128,128,32"),
    dict(arch="sm90", a="int8_t:RowMajor", b="int8_t:RowMajor", d="int32_t", acc="int32_t", tile="128,128,64"),
    dict(arch="sm90", a="int8_t:ColumnMajor", b="int8_t:RowMajor", d="int32_t", acc="int32_t", tile="128,128,128"),
    dict(arch="sm90", a="half_t", b="half_t", d="half_t", tile="64,128,64", alignment_a="2", alignment_b="2"),
    dict(arch="sm90", a="half_t", b="half_t", d="half_t", tile="128,128,64",
         schedule="KernelCpAsyncWarpSpecializedCooperative"),
    dict(arch="sm90", a="tfloat32_t:ColumnMajor", b="tfloat32_t:ColumnMajor", d="float", tile="128,128,32",
         schedule="KernelCpAsyncWarpSpecialized"),
    dict(arch="sm90", a="half_t", b="half_t", d="half_t", tile="128,128,64", schedule="KernelTmaWarpSpecialized",
         carveout="1024", epilogue_schedule="NoSmemWarpSpecialized"),
    dict(arch="sm100", a="half_t:K", b="half_t:MN", c="float", d="bfloat16_t", tile="256,128,64", cluster="2,2,1"),
    dict(arch="sm100", a="half_t", b="half_t", c="half_t", d="half_t", tile="256,128,64", cluster="2,1,1"),
    dict(arch="sm100", a="tfloat32_t:MN", b="tfloat32_t:MN", c="float", d="float", tile="128,128,32", stages="3"),
    dict(arch="sm100", a="half_t", b="half_t", d="half_t", tile="64,128,64"),
    dict(arch="sm100", a="half_t", b="half_t", d="half_t", tile="128,128,64", cluster="2,1,1",
         schedule="KernelTmaWarpSpecialized1SmSm100", epilogue_schedule="TmaWarpSpecialized1Sm",
         epilogue_tile="64,64"),
    dict(arch="sm100", a="half_t", b="half_t", d="half_t", tile="256,128,64", cluster="4,1,1",
         schedule="KernelTmaWarpSpecialized2SmSm100", epilogue_schedule="NoSmemWarpSpecialized2Sm"),
    dict(arch="sm100", a="half_t", b="half_t", d="half_t", tile="128,128,64", cluster="3,1,1"),
    # SM90 kinds: KernelTma, grouped FP8 (ptr-array) and grouped blockwise, blockwise; SM100 dynamic cluster
    dict(arch="sm90", a="half_t", b="half_t", c="half_t:ColumnMajor", d="half_t:ColumnMajor", tile="128,128,64",
         cluster="2,1,1", schedule="KernelTma"),
    dict(arch="sm90", a="float_e4m3_t", b="float_e5m2_t", c="half_t:ColumnMajor", d="half_t:ColumnMajor",
         tile="256,128,128", cluster="1,2,1", grouped=True,
         schedule="KernelPtrArrayTmaWarpSpecializedCooperativeFP8FastAccum",
         epilogue_schedule="PtrArrayTmaWarpSpecializedCooperative"),
    dict(arch="sm90", a="float_e4m3_t", b="float_e4m3_t", c="float:ColumnMajor", d="float:ColumnMajor",
         tile="128,128,128", cluster="1,2,1", schedule="KernelTmaWarpSpecializedCooperativeFP8Blockwise",
         sf_vec="1,128,128", sf_major="MN,K", epilogue_schedule="TmaWarpSpecializedCooperative"),
    dict(arch="sm90", a="float_e4m3_t", b="float_e4m3_t", c="float:ColumnMajor", d="float:ColumnMajor",
         tile="128,128,128", grouped=True, schedule="KernelPtrArrayTmaWarpSpecializedCooperativeFP8Blockwise",
         sf_vec="1,128,128", epilogue_schedule="PtrArrayNoSmemWarpSpecialized"),
    dict(arch="sm100", a="half_t", b="half_t", c="float:ColumnMajor", d="float:ColumnMajor", tile="128,128,64",
         cluster="dynamic", cluster_preferred="4,4", cluster_fallback="2,1"),
    # example 56: a ptr-array schedule with plain layout tags (batched)
    dict(arch="sm90", a="half_t", b="half_t:ColumnMajor", c="half_t:ColumnMajor", d="half_t:ColumnMajor",
         tile="64,128,64", schedule="KernelPtrArrayTmaWarpSpecializedPingpong",
         epilogue_schedule="PtrArrayTmaWarpSpecializedPingpong"),
    # SM100 block-scaled: example 72a (Auto: 2SM, NVF4), a schedule fixing MXF8F6F4 (given stages), MXF4 on an odd
    # cluster, MN-major MXF8 on an even one
    dict(arch="sm100", a="nv_float4_t<float_e2m1_t>:RowMajor", b="nv_float4_t<float_e2m1_t>:ColumnMajor",
         c="bfloat16_t", d="bfloat16_t", tile="256,256,256", cluster="2,4,1", alignment_a="32", alignment_b="32"),
    dict(arch="sm100", a="mx_float8_t<float_e4m3_t>", b="mx_float8_t<float_e4m3_t>", d="bfloat16_t",
         tile="128,128,128", stages="3", schedule="KernelTmaWarpSpecialized1SmMxf8f6f4Sm100"),
    dict(arch="sm100", a="mx_float4_t<float_e2m1_t>", b="mx_float4_t<float_e2m1_t>", d="bfloat16_t",
         tile="128,128,256", alignment_a="32", alignment_b="32"),
    dict(arch="sm100", a="mx_float8_t<float_e4m3_t>:ColumnMajor", b="mx_float8_t<float_e4m3_t>", d="bfloat16_t",
         tile="128,128,128", cluster="2,1,1"),
    # SM120: dense (given stages, a given epilogue tile and schedule), blockwise, block-scaled (the instruction
    # selected and forced by the schedule), a 6-bit D (its own epilogue tile and StagesD)
    dict(arch="sm120", a="float_e4m3_t", b="float_e5m2_t", d="bfloat16_t", tile="128,128,128", stages="3",
         epilogue_tile="64,32", epilogue_schedule="TmaWarpSpecializedCooperative"),
    dict(arch="sm120", a="float_e4m3_t", b="float_e4m3_t", c="half_t", d="half_t", tile="128,128,128",
         schedule="KernelTmaWarpSpecializedPingpong"),
    dict(arch="sm120", a="float_e4m3_t", b="float_e4m3_t", d="bfloat16_t", tile="128,128,128",
         sf_vec="1,128,128", sf_major="MN,K"),
    dict(arch="sm120", a="nv_float4_t<float_e2m1_t>", b="nv_float4_t<float_e2m1_t>", d="bfloat16_t",
         tile="128,128,256", alignment_a="32", alignment_b="32"),
    dict(arch="sm120", a="mx_float8_t<float_e4m3_t>", b="mx_float8_t<float_e4m3_t>", d="float_e3m2_t:ColumnMajor",
         tile="128,128,128", schedule="KernelTmaWarpSpecializedMxf8f6f4Sm120"),
    dict(arch="sm120", a="mx_float8_t<float_e4m3_t>", b="mx_float8_t<float_e4m3_t>", d="float_e3m2_t",
         tile="128,128,128", stages="2"),
    # mixed: SM90 mixed input (example 55's int4 x bf16; B narrow: SwapAB)
    dict(arch="sm90", a="int4b_t:RowMajor", b="bfloat16_t:ColumnMajor", c="half_t:ColumnMajor",
         d="half_t:ColumnMajor", tile="128,128,64", schedule="KernelTmaWarpSpecializedCooperative"),
    dict(arch="sm90", a="half_t:RowMajor", b="int8_t:ColumnMajor", d="half_t", tile="128,128,64"),
    dict(arch="sm90", a="cute::tuple<float_e4m3_t, half_t>:RowMajor", b="half_t:ColumnMajor", d="half_t",
         tile="128,128,64"),
    dict(arch="sm90", a="cute::tuple<float_e4m3_t, half_t, half_t>:RowMajor", b="half_t:ColumnMajor", d="half_t",
         tile="128,128,64"),
    # fus100: the SM100/SM120 fusions (an empty callbacks storage, a per-column bias, a block-scale-factor output)
    dict(arch="sm100", a="half_t", b="half_t", d="half_t", tile="128,128,64", fusion="LinCombEltAct<ReLu>"),
    dict(arch="sm120", a="nv_float4_t<float_e2m1_t>", b="nv_float4_t<float_e2m1_t>", c="bfloat16_t", d="float_e2m1_t",
         tile="128,128,128", alignment_a="32", alignment_b="32",
         fusion="LinCombPerColBiasBlockScaleFactor<16, float_e2m1_t, float, float_ue8m0_t>"),
    # evt: a custom EVT (example 71's, no smem) and one with two row broadcasts (SM90)
    dict(arch="sm100", a="half_t", b="half_t", c="half_t:ColumnMajor", d="half_t:ColumnMajor", tile="256,128,64",
         cluster="2,2,1", fusion="Sm90EVT<Sm90Compute<homogeneous_multiply_add, half_t, float, round_to_nearest>, "
         "Sm90ScalarBroadcast<float>, Sm90SrcFetch<half_t>, Sm90EVT<Sm90Compute<multiplies, float, float, "
         "round_to_nearest>, Sm90ScalarBroadcast<float>, Sm90AccFetch>>"),
    dict(arch="sm90", a="half_t", b="half_t", c="half_t", d="half_t", tile="128,128,64",
         epilogue_schedule="TmaWarpSpecialized", fusion="Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>, "
         "Sm90RowBroadcast<0, Shape<_128,_128,_64>, half_t>, Sm90RowBroadcast<0, Shape<_128,_128,_64>, float>>"),
    # aux: a custom EVT with an Aux load (its smem tiles: coll.evt_aux_smem)
    dict(arch="sm90", a="half_t", b="half_t", c="half_t", d="half_t", tile="128,128,64",
         epilogue_schedule="TmaWarpSpecialized", fusion="Sm90EVT<Sm90Compute<plus, half_t, float, round_to_nearest>, "
         "Sm90AccFetch, Sm90AuxLoad<2, Shape<_64,_32>, half_t, cute::Stride<int64_t, _1, int64_t>, "
         "GMMA::Layout_K_SW64_Atom<half_t>, SM75_U32x4_LDSM_N>>"),
    # sm100bw: SM100 blockwise (example 81, its grouped groupwise GEMM), a ptr-array GEMM without pointer layouts
    # (the no-smem ptr-array epilogue), a grouped block-scaled one (example 75)
    dict(arch="sm100", a="float_e4m3_t", b="float_e4m3_t", c="float_e4m3_t:ColumnMajor",
         d="float_e4m3_t:ColumnMajor", tile="128,128,128", schedule="KernelScheduleSm100Blockwise",
         sf_vec="128,128,128"),
    dict(arch="sm100", a="float_e4m3_t", b="float_e4m3_t", c="float_e4m3_t:ColumnMajor",
         d="float_e4m3_t:ColumnMajor", tile="256,128,128", cluster="2,1,1", grouped=True, sf_vec="1,128,128",
         schedule="KernelPtrArrayTmaWarpSpecializedBlockwise2SmSm100", epilogue_schedule="PtrArrayTmaWarpSpecialized2Sm"),
    dict(arch="sm100", a="half_t", b="half_t", d="half_t", tile="128,128,64",
         schedule="KernelPtrArrayTmaWarpSpecialized1SmSm100", epilogue_schedule="PtrArrayNoSmemWarpSpecialized1Sm"),
    dict(arch="sm100", a="nv_float4_t<float_e2m1_t>", b="nv_float4_t<float_e2m1_t>", c="half_t", d="half_t",
         tile="128,256,256", cluster="dynamic", cluster_preferred="4,2", cluster_fallback="2,1", grouped=True,
         alignment_a="32", alignment_b="32", schedule="KernelPtrArrayTmaWarpSpecialized1SmNvf4Sm100",
         epilogue_schedule="PtrArrayTmaWarpSpecialized1Sm", epilogue_tile="128,64"),
    # sm103: the SM103 block-scaled builder (Auto on an even, odd and dynamic cluster; a DisablePrefetch schedule)
    dict(arch="sm103", a="cute::tuple<float_e2m1_t,float_ue8m0_t>", b="cute::tuple<float_e2m1_t,float_ue8m0_t>",
         d="bfloat16_t", tile="256,256,768", cluster="2,1,1", alignment_a="32", alignment_b="32"),
    dict(arch="sm103", a="cute::tuple<float_e2m1_t,float_ue8m0_t>", b="cute::tuple<float_e2m1_t,float_ue8m0_t>",
         d="bfloat16_t", tile="128,128,768", alignment_a="32", alignment_b="32"),
    dict(arch="sm103", a="cute::tuple<float_e2m1_t,float_ue8m0_t>", b="cute::tuple<float_e2m1_t,float_ue8m0_t>",
         d="bfloat16_t", tile="128,128,768", cluster="dynamic", alignment_a="32", alignment_b="32"),
    dict(arch="sm103", a="cute::tuple<float_e2m1_t,float_ue4m3_t>", b="cute::tuple<float_e2m1_t,float_ue4m3_t>",
         d="bfloat16_t", tile="128,192,768", alignment_a="32", alignment_b="32",
         schedule="KernelTmaWarpSpecialized1SmBlockScaledMxNvf4UltraVs16Sm103DisablePrefetch"),
    # grp69: SM90 mixed input x grouped (example 69's ScaleOnly int4 x bf16, pointer layout tags)
    dict(arch="sm90", a="cute::tuple<int4b_t, bfloat16_t>:RowMajor", b="bfloat16_t:ColumnMajor",
         c="half_t:ColumnMajor", d="half_t:ColumnMajor", tile="128,16,64", grouped=True,
         schedule="KernelPtrArrayTmaWarpSpecializedCooperative",
         epilogue_schedule="PtrArrayTmaWarpSpecializedCooperative"),
    dict(arch="sm90", a="cute::tuple<int4b_t, cutlass::Array<float_e4m3_t, 8>>:RowMajor", b="float_e4m3_t:ColumnMajor",
         c="half_t:ColumnMajor", d="half_t:ColumnMajor", tile="128,128,128",
         schedule="KernelTmaWarpSpecializedCooperative", epilogue_schedule="TmaWarpSpecializedCooperative"),
    # stride: stride types in place of layout tags (a K-major A, an M-major D; major in both modes; in neither: A
    # with the SS builder, C with the no-smem epilogue)
    dict(arch="sm90", a="half_t:cute::Stride<int64_t, cute::Int<1>, int64_t>", b="half_t",
         d="half_t:cute::Stride<cute::Int<1>, int64_t, int64_t>", tile="128,128,64"),
    dict(arch="sm90", a="half_t:cute::Stride<cute::Int<1>, cute::Int<1>, int64_t>", b="half_t", d="half_t",
         tile="128,128,64"),
    dict(arch="sm90", a="half_t:cute::Stride<int64_t, int64_t, int64_t>", b="half_t",
         c="half_t:cute::Stride<int64_t, int64_t, int64_t>", d="half_t", tile="128,128,64"),
    # fp32x9: the 9xBF16 builder (example 78; A in TMEM; the tags that choose 1SM/2SM, a dynamic cluster; ptr-array)
    dict(arch="sm100", a="float", b="float:ColumnMajor", c="float:ColumnMajor", d="float:ColumnMajor",
         tile="256,128,16", cluster="2,1,1", schedule="KernelTmaWarpSpecialized2SmFastFP32SmemSm100",
         epilogue_schedule="FastF32NoSmemWarpSpecialized2Sm"),
    dict(arch="sm100", a="float", b="float:ColumnMajor", d="float", tile="128,128,32",
         schedule="KernelTmaWarpSpecialized1SmFastFP32Sm100"),
    dict(arch="sm100", a="float", b="float:ColumnMajor", d="float", tile="256,64,16", cluster="2,1,1",
         schedule="KernelScheduleSm100FastFP32Gemm"),
    dict(arch="sm100", a="float", b="float:ColumnMajor", d="float", tile="128,64,16", cluster="dynamic",
         cluster_preferred="2,1", cluster_fallback="1,1", schedule="KernelTmaWarpSpecializedFastFP32SmemSm100"),
    dict(arch="sm100", a="float", b="float:ColumnMajor", d="float", tile="128,128,16",
         schedule="KernelPtrArrayTmaWarpSpecialized1SmFastFP32Sm100",
         epilogue_schedule="PtrArrayFastF32NoSmemWarpSpecialized1Sm"),
    # mix100: SM100 mixed input (example 86's ScaleOnly pair; A converted into smem, no scale layout; an explicit
    # stage count with a scale and a zero)
    dict(arch="sm100", a="cute::tuple<int4b_t, bfloat16_t>:RowMajor", b="bfloat16_t:ColumnMajor",
         c="bfloat16_t:ColumnMajor", d="bfloat16_t:ColumnMajor", tile="256,128,128", cluster="2,1,1",
         schedule="KernelTmaWarpSpecialized2SmMixedInputSm100", epilogue_schedule="TmaWarpSpecialized2Sm",
         scale_group="1,128"),
    dict(arch="sm100", a="int4b_t:RowMajor", b="half_t:ColumnMajor", d="half_t", tile="128,128,128",
         schedule="KernelTmaWarpSpecialized1SmMixedInputSmemSm100"),
    dict(arch="sm100", a="cute::tuple<uint8_t, bfloat16_t, bfloat16_t>:RowMajor", b="bfloat16_t:ColumnMajor",
         d="bfloat16_t", tile="128,128,128", stages="4", schedule="KernelTmaWarpSpecialized1SmMixedInputSm100",
         scale_group="1,64"),
    # mix47: the same under CUTLASS 4.7 (its scale smem: the atom's first tile, tiled by UMMA::tile_to_mma_shape)
    dict(arch="sm100", a="cute::tuple<int4b_t, bfloat16_t>:RowMajor", b="bfloat16_t:ColumnMajor",
         c="bfloat16_t:ColumnMajor", d="bfloat16_t:ColumnMajor", tile="256,128,128", cluster="2,1,1",
         schedule="KernelTmaWarpSpecialized2SmMixedInputSm100", epilogue_schedule="TmaWarpSpecialized2Sm",
         scale_group="1,128", cutlass="4.7"),
    dict(arch="sm100", a="int4b_t:RowMajor", b="half_t:ColumnMajor", d="half_t", tile="128,128,128",
         schedule="KernelTmaWarpSpecialized1SmMixedInputSmemSm100", cutlass="4.7"),
    # sm103g: SM103 grouped (example 90's 1SM configuration: a suffixless ptr-array alias, a dynamic cluster)
    dict(arch="sm103", a="cute::tuple<float_e2m1_t,float_ue4m3_t>", b="cute::tuple<float_e2m1_t,float_ue4m3_t>",
         c="half_t", d="half_t", tile="128,256,768", cluster="dynamic", cluster_preferred="2,1",
         cluster_fallback="2,1", grouped=True, alignment_a="32", alignment_b="32",
         schedule="KernelPtrArrayTmaWarpSpecialized1SmBlockScaledMxNvf4UltraVs16Sm103",
         epilogue_schedule="PtrArrayNoSmemWarpSpecialized1Sm"),
    # shuf: example 55's ConvertOnlyShuffled pair (a reordered Layout type, --reorder-atom)
    dict(arch="sm90", a="int4b_t:LayoutB_Reordered", b="bfloat16_t:ColumnMajor", c="half_t:ColumnMajor",
         d="half_t:ColumnMajor", tile="128,128,64", schedule="KernelTmaWarpSpecializedCooperative",
         epilogue_schedule="TmaWarpSpecializedCooperative",
         reorder_atom="compute_memory_reordering_atom<bfloat16_t, Layout<Shape<_1,_1>>, Layout<Shape<_2,_4>,Stride<_4,_1>>>()"),
]  # fmt: skip


def _catalogs():
    from cutedump.dumps.messages import catalog

    return catalog("en"), catalog("zh")


def _fields(t: str) -> set:
    return {f for _, f, _, _ in string.Formatter().parse(t) if f}


def _keys(phrase) -> set:
    from cutedump.collective.sm90 import Phrase

    out = {phrase.key}
    for v in phrase.facts.values():
        if isinstance(v, Phrase):
            out |= _keys(v)
    return out


def _built(cfg: dict):
    from cutedump.collective.build import build
    from cutedump.commands._collective import parse

    names = ("arch a b c d acc tile cluster stages carveout schedule epilogue_schedule epilogue_tile "
             "alignment_a alignment_b alignment_c alignment_d grouped sf_vec sf_major fusion cluster_preferred "
             "cluster_fallback epilogue_tile_shape scale_group reorder_atom").split()  # fmt: skip
    defaults = {"acc": "float", "cluster": "1,1,1", "stages": "auto", "carveout": "auto", "schedule": "auto",
                "epilogue_schedule": "auto", "epilogue_tile": "auto", "grouped": False}  # fmt: skip
    from tests.oracle.cutlass_versions import answering_as

    with answering_as(cfg.get("cutlass", "4.2")):  # the CUTLASS a configuration names (else 4.2), whatever the run's
        return build(parse(*(cfg.get(n, defaults.get(n)) for n in names)), params=False)


def test_every_why_key_is_worded_in_both_languages():
    """Every coll.* key the builders' rules name is in the English and the Chinese catalog with the same fields,
    the configurations above reach every one of them, and each why line worded in Chinese is Chinese, in English
    has no Chinese character."""
    from cutedump.dumps.collective_reading import CollectiveWords

    en, zh = _catalogs()
    root = Path(cutedump.__file__).parent
    named = set()
    for f in sorted((root / "collective").glob("*.py")):
        named |= set(re.findall(r'"(coll\.[\w.]+)"', f.read_text(encoding="utf-8")))
    assert len(named) >= 40, sorted(named)
    for k in named | {k for k in en if k.startswith("coll.")}:
        assert k in en and k in zh, k
        assert _fields(en[k]) == _fields(zh[k]), k
    reached = set()
    w_en, w_zh = CollectiveWords("en"), CollectiveWords("zh")
    for cfg in CONFIGS:
        ans = _built(cfg)
        # the SM100 mainloop's dispatch policy Choice is not a why line (its schedule's why words the policy)
        for what, ch in [*ans.why, ("dispatch policy", ans.mainloop.dispatch_policy)]:
            reached |= _keys(ch.why)
            assert not CJK.search(w_en.why(ch.why)), (what, w_en.why(ch.why))
            assert CJK.search(w_zh.why(ch.why)), (what, w_zh.why(ch.why))
    assert named - reached == set(), sorted(named - reached)


def _cli(args, env=None):
    r = CliRunner().invoke(main, args, env={"CUTEDUMP_LANG": None, "NO_COLOR": "1", **(env or {})})
    return r.exit_code, r.stdout, r.stderr


def _why_lines(text: str) -> list:
    return text.split("\nwhy\n")[1].split("\n\n")[0].splitlines()


@pytest.mark.parametrize("args", [SM90, SM100 + ["--problem", "1024,2048,256"]], ids=["sm90", "sm100"])
def test_lang_en_has_no_chinese_and_zh_narrates_in_chinese(args):
    code, en, err = _cli(["collective", *args, "--lang", "en"])
    assert code == 0, err
    assert not CJK.search(en)
    code, zh, err = _cli(["collective", *args, "--lang", "zh"])
    assert code == 0, err
    whys_en, whys_zh = _why_lines(en), _why_lines(zh)
    assert len(whys_en) == len(whys_zh) and all(CJK.search(w) for w in whys_zh)
    # the same rule and the same choice: what each line is about and its CUTLASS file:line are the same
    split = lambda w: (w.split(": ", 1)[0], w.rsplit("  [", 1)[1])  # noqa: E731
    assert [split(w) for w in whys_en] == [split(w) for w in whys_zh]
    # every number a why line states is stated in the other language too
    nums = lambda w: sorted(re.findall(r"\d+", w.split(": ", 1)[1].rsplit("  [", 1)[0]))  # noqa: E731
    assert [nums(w) for w in whys_en] == [nums(w) for w in whys_zh]
    # the descriptor lines are narrated too; CuTe's prints are the same bytes in both
    assert CJK.search(zh.split("\nTiledMma\n")[1])
    en_prints = [ln for ln in en.split("\nTiledMma\n")[1].splitlines() if "_layout" in ln or "Layout" in ln]
    assert en_prints and all(ln in zh.splitlines() for ln in en_prints)


def test_cutedump_lang_is_followed_and_lang_wins():
    code, out, _ = _cli(["collective", *SM90], env={"CUTEDUMP_LANG": "zh"})
    assert code == 0 and all(CJK.search(w) for w in _why_lines(out))
    code, out, _ = _cli(["collective", *SM90, "--lang", "en"], env={"CUTEDUMP_LANG": "zh"})
    assert code == 0 and not CJK.search(out)
    code, out, _ = _cli(["collective", *SM90])
    assert code == 0 and not CJK.search(out)  # the default: English
    # the fast path (a pipe) follows the same rule
    env = {k: v for k, v in __import__("os").environ.items() if k != "CUTEDUMP_LANG"}
    r = subprocess.run(
        [sys.executable, "-m", "cutedump", "collective", *SM100],
        capture_output=True,
        text=True,
        env={**env, "CUTEDUMP_LANG": "zh"},
    )
    assert r.returncode == 0 and all(CJK.search(w) for w in _why_lines(r.stdout)), r.stderr


@pytest.mark.parametrize("args", [SM90, SM100 + ["--problem", "1024,2048,256"]], ids=["sm90", "sm100"])
def test_json_is_the_same_in_both_languages_but_the_worded_why(args):
    _, en, _ = _cli(["collective", *args, "--format", "json", "--lang", "en"])
    _, zh, _ = _cli(["collective", *args, "--format", "json", "--lang", "zh"])
    je, jz = json.loads(en), json.loads(zh)
    we, wz = je.pop("why"), jz.pop("why")
    assert je == jz
    assert [{k: v for k, v in w.items() if k != "why"} for w in we] == [
        {k: v for k, v in w.items() if k != "why"} for w in wz
    ]
    # the worded why of the JSON is the text's, in each language
    for lang, ws in (("en", we), ("zh", wz)):
        _, text, _ = _cli(["collective", *args, "--lang", lang])
        assert [f"  {w['what']}: {w['why']}  [{w['rule']}]" for w in ws] == _why_lines(text)
    assert all(CJK.search(w["why"]) for w in wz) and not any(CJK.search(w["why"]) for w in we)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_toml_carries_the_language_kernel_narrates_it(tmp_path, lang):
    code, toml, err = _cli(["collective", *SM90, "--toml", "--lang", lang])
    assert code == 0, err
    assert f'\nlang = "{lang}"\n' in toml.split("[params]")[0]
    f = tmp_path / "c.toml"
    f.write_text(toml)
    code, out, err = _cli(["kernel", str(f)])
    assert code == 0, err
    assert bool(CJK.search(out)) == (lang == "zh")
    other = "zh" if lang == "en" else "en"
    code, out2, _ = _cli(["kernel", str(f), "--lang", other])  # --lang wins over the file
    assert code == 0 and bool(CJK.search(out2)) == (other == "zh")
    code, out3, _ = _cli(["kernel", str(f)], env={"CUTEDUMP_LANG": other})  # and CUTEDUMP_LANG
    assert code == 0 and out3 == out2


def test_toml_lang_of_the_environment_and_a_bad_lang(tmp_path):
    code, toml, _ = _cli(["collective", *SM100, "--toml"], env={"CUTEDUMP_LANG": "zh"})
    assert code == 0 and '\nlang = "zh"\n' in toml
    f = tmp_path / "bad.toml"
    f.write_text(toml.replace('lang = "zh"', 'lang = "fr"'))
    code, out, err = _cli(["kernel", str(f)])
    assert code == 2 and err.count("\n") == 1 and err.startswith("error: ") and "'fr'" in err, err
    # a description without lang: kernel's default (zh), as before
    f.write_text(toml.replace('lang = "zh"\n', ""))
    code, out, _ = _cli(["kernel", str(f)])
    assert code == 0 and CJK.search(out)
