"""The answers of ``cutedump ck naive|describe|recipe`` (commands/ck_cmd.py declares their options), without click:
the click commands and the console entry's fast path (cutedump/entry.py) print them."""

from __future__ import annotations

from cutedump.versions import json_answer


def report_text(d, at, table, rows, cols, limit, no_cute, force, fmt, offsets) -> str:
    """The descriptor's report (cutedump.ck.report), as JSON or text."""
    from cutedump.ck import report  # start-up: on demand
    from cutedump.ck.parse import parse_index  # start-up: on demand

    at_idx = parse_index(at, "--at")
    if fmt == "json":
        return json_answer(report.to_json(d, at_idx, offsets, not no_cute, force), indent=1)
    return report.text(d, at_idx, table, rows, cols, limit, not no_cute, force)


def naive_text(lengths, strides, align, **kw) -> str:
    """make_naive_tensor_descriptor(_packed/_aligned): the chain, offsets and the CuTe layout."""
    from cutedump.ck.parse import base_descriptor  # start-up: on demand

    return report_text(base_descriptor(lengths, strides, align, "naive"), **kw)


def describe_text(lengths, strides, align, stages, name, **kw) -> str:
    """A naive descriptor followed by transform stages, as CK builds it."""
    from cutedump.ck.parse import build_descriptor  # start-up: on demand

    return report_text(build_descriptor(lengths, strides, align, stages, name), **kw)


#: the recipe options each recipe reads (by parameter name); any other given is refused, not ignored
RECIPE_USES = {
    "xdl-a": {"M", "K", "AK1", "stride", "layout", "MPerBlock", "KPerBlock", "spec"},
    "xdl-b": {"N", "K", "AK1", "stride", "layout", "NPerBlock", "KPerBlock", "spec"},
    "xdl-a-block": {"MPerBlock", "KPerBlock", "AK1", "extra_m"},
    "xdl-a-mma": {"MPerBlock", "KPerBlock", "AK1", "MPerXdl", "MXdlPerWave", "extra_m"},
    "xdl-c-grid": {"M", "N", "MPerBlock", "NPerBlock", "stride", "spec", "layout"},
    "xdl-c-shuffle": {"MPerBlock", "NPerBlock", "MPerXdl", "MXdlPerWave", "NXdlPerWave", "cshuffle_m", "cshuffle_n"},
    "xdl-c-thread": {"MPerXdl", "MXdlPerWave", "NXdlPerWave"},
    "thread-scratch": {"slice_lengths", "vector_dim", "scalar_per_vector"},
}
_RECIPE_OPTS = (
    "M",
    "N",
    "K",
    "stride",
    "layout",
    "AK1",
    "MPerBlock",
    "NPerBlock",
    "KPerBlock",
    "MPerXdl",
    "MXdlPerWave",
    "NXdlPerWave",
    "extra_m",
    "cshuffle_m",
    "cshuffle_n",
    "slice_lengths",
    "spec",
    "vector_dim",
    "scalar_per_vector",
)


def recipe_descriptor(
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
):
    """One of the XDL GEMM descriptors (cutedump.ck.recipes)."""
    from cutedump.ck.parse import parse_list  # start-up: on demand
    from cutedump.ck.recipes import build_recipe  # start-up: on demand

    return build_recipe(
        name,
        M=M,
        N=N,
        K=K,
        stride=stride,
        layout=layout,
        AK1=AK1,
        MPerBlock=MPerBlock,
        NPerBlock=NPerBlock,
        KPerBlock=KPerBlock,
        MPerXdl=MPerXdl,
        MXdlPerWave=MXdlPerWave,
        NXdlPerWave=NXdlPerWave,
        extra_m=extra_m,
        cshuffle_m=cshuffle_m,
        cshuffle_n=cshuffle_n,
        slice_lengths=[int(x) for x in parse_list(slice_lengths, "--slice-lengths")],
        vector_dim=vector_dim,
        scalar_per_vector=scalar_per_vector,
        spec=spec,
    )


def recipe_text(
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
    given_=frozenset(),
    **kw,
) -> str | None:
    """The report of one recipe's descriptor. None where an option in ``given_`` (the options given) does not apply
    to the recipe: the click command says which (commands/ck_cmd.py)."""
    if name in RECIPE_USES and any(d in given_ and d not in RECIPE_USES[name] for d in _RECIPE_OPTS):
        return None
    return report_text(
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
