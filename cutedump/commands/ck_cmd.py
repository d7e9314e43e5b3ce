"""``cutedump ck``: Composable Kernel tensor descriptors: transform chains, offsets, XDL recipes, CuTe views."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors, renamed, needs, given, CuteDumpError
from cutedump.ck.parse import base_descriptor, build_descriptor
from cutedump.ck.recipes import RECIPES, SPECS, recipes_text
from cutedump.commands._ck import RECIPE_USES, _RECIPE_OPTS, recipe_descriptor, report_text
from cutedump.versions import json_answer

EPILOG = """\b
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


def _show(d, at, table, rows, cols, limit, no_cute, force, fmt, offsets):
    """The descriptor's report (cutedump.ck.report), as JSON or text."""
    needs("--offsets", "offsets", fmt == "json", "--format json")
    click.echo(report_text(d, at, table, rows, cols, limit, no_cute, force, fmt, offsets), nl=False)


def _display_options(f):
    opts = [
        click.option("--at", default=None, help="Trace CalculateOffset for this visible index, e.g. 3,17,5."),
        click.option("--table", is_flag=True, help="Also print the offset table when --at is given."),
        click.option("--rows", type=int, default=None, help="Rank-2 table rows (default 8)."),
        click.option("--cols", type=int, default=None, help="Rank-2 table columns (default 8)."),
        click.option("--limit", type=int, default=16, show_default=True, help="Coordinates listed for rank != 2."),
        click.option("--no-cute", is_flag=True, help="Skip the CuTe view."),
        click.option("--force", is_flag=True, help="Allow big tables and full CuTe checks of big domains."),
        click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
                     help="json: lengths, element space size, the chain (and --at's trace, --offsets) as data."),
        click.option("--offsets", is_flag=True, help="json: every visible index's offset and validity."),
    ]
    for o in reversed(opts):
        f = o(f)
    return f


@click.group("ck", epilog=EPILOG)
def ck_cmd():
    """Composable Kernel tensor descriptors: transform chains, offsets, XDL GEMM recipes, CuTe views."""


@ck_cmd.command("naive", epilog=EPILOG)
@click.option("--lengths", required=True, help="Lengths, e.g. 256,64 (_N = static Number<N>).")
@click.option("--strides", default=None, help="Strides (make_naive_tensor_descriptor); packed if omitted.")
@click.option("--align", default=None, help="make_naive_tensor_descriptor_aligned with this alignment.")
@_display_options
@handle_errors
def naive_cmd(lengths, strides, align, **kw):
    """make_naive_tensor_descriptor(_packed/_aligned): the chain, offsets and the CuTe layout."""
    _show(base_descriptor(lengths, strides, align, "naive"), **kw)


@ck_cmd.command("describe", epilog=EPILOG)
@click.option("--lengths", required=True, help="Lengths of the naive descriptor.")
@click.option("--strides", default=None, help="Its strides (packed if omitted).")
@click.option("--align", default=None, help="Aligned naive descriptor instead.")
@click.option("--stage", "stages", multiple=True, help="One transform_tensor_descriptor call (repeatable).")
@click.option("--name", default="descriptor", show_default=True, help="Name printed for the descriptor.")
@_display_options
@handle_errors
def describe_cmd(lengths, strides, align, stages, name, **kw):
    """A naive descriptor followed by transform stages, as CK builds it."""
    _show(build_descriptor(lengths, strides, align, stages, name), **kw)


@ck_cmd.command("recipes")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help='json: {"recipes": [{"name", "builds"}]}.')
@handle_errors
def recipes_cmd(fmt):
    """List the named XDL GEMM descriptor recipes."""
    if fmt == "json":
        click.echo(json_answer({"recipes": [{"name": k, "builds": h} for k, (h, _) in RECIPES.items()]}, indent=1),
                   nl=False)
        return
    click.echo(recipes_text(), nl=False)


def _check_recipe_options(name):
    if name not in RECIPE_USES:
        return          # build_recipe names the known recipes
    flags = {p.name: p.opts[0] for p in click.get_current_context().command.params if p.opts}
    for dest in _RECIPE_OPTS:
        if given(dest) and dest not in RECIPE_USES[name]:
            uses = ", ".join(flags[d] for d in _RECIPE_OPTS if d in RECIPE_USES[name])
            raise CuteDumpError(f"{flags[dest]} does not apply to recipe {name} (it would be ignored); {name} "
                                f"takes {uses}")


@ck_cmd.command("recipe", epilog=EPILOG)
@click.argument("name")
@click.option("--M", "M", type=int, default=None, help="GEMM M (xdl-a, xdl-c-grid).")
@click.option("--N", "N", type=int, default=None, help="GEMM N (xdl-b, xdl-c-grid).")
@click.option("--K", "K", type=int, default=None, help="GEMM K (xdl-a, xdl-b).")
@click.option("--stride", type=int, default=None, help="StrideA/StrideB/StrideC (default: packed).")
@click.option("--major", "layout", type=click.Choice(["row", "col"]), default=None,
              help="A/B storage order, CK's ALayout/BLayout (default: row-major A, column-major B: K contiguous).")
@click.option("--AK1", "AK1", type=int, default=8, show_default=True, help="AK1 / BK1 (K elements per vector).")
@click.option("--MPerBlock", "MPerBlock", type=int, default=None, help="Block tile M.")
@click.option("--NPerBlock", "NPerBlock", type=int, default=None, help="Block tile N.")
@click.option("--KPerBlock", "KPerBlock", type=int, default=None, help="Block tile K.")
@click.option("--MPerXdl", "MPerXdl", type=int, default=32, show_default=True, help="32 or 16 (the MFMA).")
@click.option("--MXdlPerWave", "MXdlPerWave", type=int, default=2, show_default=True, help="MRepeat.")
@click.option("--NXdlPerWave", "NXdlPerWave", type=int, default=2, show_default=True, help="NRepeat.")
@click.option("--extra-m", type=int, default=0, show_default=True, help="ABlockLdsExtraM (LDS padding).")
@click.option("--cshuffle-m", type=int, default=1, show_default=True, help="CShuffleMXdlPerWavePerShuffle.")
@click.option("--cshuffle-n", type=int, default=1, show_default=True, help="CShuffleNXdlPerWavePerShuffle.")
@click.option("--slice-lengths", default="1,4,8", show_default=True, help="thread-scratch: SliceLengths.")
@click.option("--spec", type=click.Choice(list(SPECS)), default=None,
              help="GemmSpecialization (xdl-a, xdl-b, xdl-c-grid). Default: pad the dimensions whose block size "
                   "is given (--MPerBlock/--NPerBlock/--KPerBlock).")
@click.option("--vector-dim", type=int, default=2, show_default=True, help="thread-scratch: SrcVectorDim.")
@click.option("--scalar-per-vector", type=int, default=8, show_default=True,
              help="thread-scratch: SrcScalarPerVector.")
@_display_options
@renamed("--layout", "--major", "layout", type=click.Choice(["row", "col"]))
@handle_errors
def recipe_cmd(name, M, N, K, stride, layout, AK1, MPerBlock, NPerBlock, KPerBlock, MPerXdl, MXdlPerWave,
               NXdlPerWave, extra_m, cshuffle_m, cshuffle_n, slice_lengths, vector_dim, scalar_per_vector, spec,
               **kw):
    """Build one of the XDL GEMM descriptors (see `cutedump ck recipes`)."""
    _check_recipe_options(name)
    _show(recipe_descriptor(name, M, N, K, stride, layout, AK1, MPerBlock, NPerBlock, KPerBlock, MPerXdl, MXdlPerWave,
                            NXdlPerWave, extra_m, cshuffle_m, cshuffle_n, slice_lengths, vector_dim, scalar_per_vector,
                            spec), **kw)
