"""``cutedump tiled-copy-c``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Command, Opt

EPILOG_TILED_COPY_C = """\b
Examples:
  cutedump tiled-copy-c                      # the recorded dump (copy_V = 1, 2, 4)
  cutedump tiled-copy-c --copy-v 2 --lang en
  cutedump tiled-copy-c --mma SM80_16x8x8_F32F16F16F32_TN --atom-layout "(_2,_2,_1)"
  cutedump tiled-copy-c --mma SM80_16x8x16_F16F16F16F16_TN --tile "(_32,_16,_16)" --copy-v 4
  cutedump tiled-copy-c --copy-v 2 --format json
Without --mma/--atom-layout/--tile the configuration is the recorded one: SM80_16x8x16_F16F16F16F16_TN,
atom layout (_1,_1,_1), permutation (_16,_8,_16). With any of them given, the others default to the recorded
atom, atom layout (_1,_1,_1) and no permutation (_,_,_). Without --copy-v every copy_V dividing the values per
thread gets a section.
"""


COMMAND = Command(
    "tiled-copy-c",
    run="cutedump.commands.tiled_copy_c_cmd:tiled_copy_c_cmd",
    fast="cutedump.commands._answers:tiled_copy_c_text",
    help="The narrated make_tiled_copy_C_atom walk-through (layoutC_TV -> tiler -> tile2mma -> layout_tv).",
    epilog=EPILOG_TILED_COPY_C,
    params=[
        Opt(
            "--copy-v",
            "copy_v",
            int,
            metavar="N",
            help="Only the section for copy_V = N (must divide the values per thread).",
        ),
        Opt(
            "--lang",
            "lang",
            ("zh", "en"),
            default="zh",
            show_default=True,
            envvar="CUTEDUMP_LANG",
            show_envvar=True,
            help="Narration language.",
        ),
        Opt("--mma", metavar="ATOM", help="MMA atom (default SM80_16x8x16_F16F16F16F16_TN)."),
        Opt("--atom-layout", metavar="LAYOUT", help='Atom layout, e.g. "(_2,_2,_1)".'),
        Opt("--tile", metavar="TILE", help='Permutation Tile<M,N,K> of the TiledMMA, e.g. "(_32,_16,_16)".'),
        Opt("--force", flag=True, help="Print even very large tables (more than 65,536 cells)."),
        Opt("--plain", flag=True, help="No colour even on a terminal (the exact recorded bytes)."),
        Opt(
            "--format",
            "fmt_",
            ("text", "json"),
            default="text",
            show_default=True,
            fast=False,
            help="json: one object: tiled_mma, layoutC_TV, mma_tiler, values_per_thread, copy_Vs, sections "
            "[{copy_V, layout_TV, tiler_m, tiler_n, tiler_m_values, tiler_n_values, tile2mma, "
            "left_inverse, layout_tv}] (no narration).",
        ),
        Opt("--permutation", "deprecated_permutation", hidden=True, renames=("--tile", "tile")),
    ],
)
