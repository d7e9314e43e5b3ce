"""``cutedump ck``: Composable Kernel tensor descriptors: transform chains, offsets, XDL recipes, CuTe views."""

from __future__ import annotations

import click

from cutedump.ck.parse import base_descriptor, build_descriptor
from cutedump.ck.recipes import RECIPES, recipes_text
from cutedump.commands._ck import _RECIPE_OPTS, RECIPE_USES, recipe_descriptor, report_text
from cutedump.commands._common import CuteDumpError, given, needs
from cutedump.versions import json_answer


def _show(d, at, table, rows, cols, limit, no_cute, force, fmt, offsets):
    """The descriptor's report (cutedump.ck.report), as JSON or text."""
    needs("--offsets", "offsets", fmt == "json", "--format json")
    click.echo(report_text(d, at, table, rows, cols, limit, no_cute, force, fmt, offsets), nl=False)


def naive_cmd(lengths, strides, align, **kw):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    _show(base_descriptor(lengths, strides, align, "naive"), **kw)


def describe_cmd(lengths, strides, align, stages, name, **kw):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    _show(build_descriptor(lengths, strides, align, stages, name), **kw)


def recipes_cmd(fmt):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    if fmt == "json":
        click.echo(
            json_answer({"recipes": [{"name": k, "builds": h} for k, (h, _) in RECIPES.items()]}, indent=1), nl=False
        )
        return
    click.echo(recipes_text(), nl=False)


def _check_recipe_options(name):
    if name not in RECIPE_USES:
        return  # build_recipe names the known recipes
    flags = {p.name: p.opts[0] for p in click.get_current_context().command.params if p.opts}
    for dest in _RECIPE_OPTS:
        if given(dest) and dest not in RECIPE_USES[name]:
            uses = ", ".join(flags[d] for d in _RECIPE_OPTS if d in RECIPE_USES[name])
            raise CuteDumpError(
                f"{flags[dest]} does not apply to recipe {name} (it would be ignored); {name} takes {uses}"
            )


def recipe_cmd(
    name,
    M,
    N,
    K,
    stride,
    layout,
    AK1,
    MPerBlock,
    NPerBlock,
    KPerBlock,
    MPerXdl,
    MXdlPerWave,
    NXdlPerWave,
    extra_m,
    cshuffle_m,
    cshuffle_n,
    slice_lengths,
    vector_dim,
    scalar_per_vector,
    spec,
    **kw,
):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    _check_recipe_options(name)
    _show(
        recipe_descriptor(
            name,
            M,
            N,
            K,
            stride,
            layout,
            AK1,
            MPerBlock,
            NPerBlock,
            KPerBlock,
            MPerXdl,
            MXdlPerWave,
            NXdlPerWave,
            extra_m,
            cshuffle_m,
            cshuffle_n,
            slice_lengths,
            vector_dim,
            scalar_per_vector,
            spec,
        ),
        **kw,
    )
