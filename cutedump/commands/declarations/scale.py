"""``cutedump scale``: its declaration (see cutedump/commands/_decl.py; its answer: the ``fast`` function below)."""

from __future__ import annotations

from cutedump.commands._decl import Command, Opt, lang_opt

EPILOG_SCALE = """\b
Examples:
  cutedump scale --kind mxf8f6f4 --problem 1000,512,300 --element 300,70
  cutedump scale --kind nvf4 --problem 4096,4096,4096 --tile 256,192,256 --cta-group 2 --element 300,70
  cutedump scale --arch sm103 --kind mxf4 --vs 16 --problem 512,512,1024
  cutedump scale --kind blockwise --granularity 1,128,128 --problem 1024,2048,512 --tile 128,128,128 --format json
  cutedump scale --kind mxf4 --problem 256,256,512 --tile 128,256,256 --lang zh
  cutedump scale --kind nvf4 --problem 1024,1024,1024 --tile 256,256,256 --cta-group 2 --stages 3
  cutedump scale --kind nvf4 --problem 1024,1024,1024 --tile 128,128,256 --element 44,70 --picture svg > sf.svg
The gmem layouts are tile_atom_to_shape_SFA/SFB of CUTLASS 4.2's Sm1xxBlockScaledConfig<VS> (Sm103BlockScaledConfig
on sm103, Sm1xx/Sm100/Sm120BlockwiseScaleConfig for blockwise) over the problem M,N,K[,L] (dynamic extents, as a
kernel passes them); with --tile (sm100): one stage's deduce_smem_layoutSFA/SFB over the block-scaled UMMA atom of
that tile (--cta-group 2: the 2x1SM atom); --stages N: the collective's SmemLayoutSFA/SFB of N stages and their
bytes. --element m,k: where the scale factor of A(m,k) lives. Every value is
evaluated from the layouts (the same ones `cutedump eval` answers, checked against CUTLASS 4.2).
--format json: arch, kind, config, problem, sf_type, sf_bytes, vs and chunk (block-scaled) or granularity and major
(blockwise), sfa, sfb (expr, layout, size, scale_factors, cosize, rows/blocks...), element (where A(m,k)'s scale
factor is), smem (with --tile: atom, cta_group, tile, mma_k, sfa, sfb, sfb_mma, element; with --stages: stages) or smem_note, and reading (the text's
lines).
"""

COMMAND = Command(
    "scale",
    fast="cutedump.commands._scale:scale_text",
    help="Scale-factor layouts of block-scaled (MXFP8/MXFP4/NVFP4) and blockwise GEMMs: gmem, the 128x4 chunk, smem.",
    epilog=EPILOG_SCALE,
    params=[
        Opt("--arch", None, ("sm100", "sm103", "sm120"), default="sm100", show_default=True, help="The target."),
        Opt(
            "--kind",
            None,
            ("mxf8f6f4", "mxf4", "nvf4", "blockwise"),
            default="mxf8f6f4",
            show_default=True,
            help="The MMA kind (block-scaled) or blockwise scaling.",
        ),
        Opt(
            "--vs", None, int, help="Elements per scale factor (block-scaled): 32 (mxf8f6f4, mxf4) or 16 (nvf4, mxf4)."
        ),
        Opt("--problem", help="The GEMM problem M,N,K[,L].", required=True),
        Opt("--major", None, ("K", "MN"), help="The scale factors' major (blockwise; block-scaled are K-major)."),
        Opt("--tile", help="The MMA tile M,N,K (static), for one stage's smem layouts."),
        Opt("--cta-group", "cta_group", ("1", "2"), default="1", show_default=True, help="1 or 2 CTAs per MMA."),
        Opt("--stages", help="With --tile: the collective's smem layouts with N pipeline stages, bytes."),
        Opt(
            "--picture",
            "picture",
            ("svg", "html"),
            help="Draw the 128x4 chunk and (with --tile) one CTA tile's SFA over A instead (SVG or an HTML page).",
        ),
        Opt("--element", help="An element m,k of A: where its scale factor lives (default 0,0)."),
        Opt("--granularity", help="Blockwise: SFVecSizeM,SFVecSizeN,SFVecSizeK (default 1,128,128)."),
        Opt("--format", "fmt_", ("text", "json"), default="text", show_default=True),
        lang_opt("Language of the readings.", default="en"),
    ],
)
