"""``cutedump desc``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt, Range, lang_opt

EPILOG_DESC = """\b
Examples:
  cutedump desc 0x4000004000010000 --major K --type half_t
  cutedump desc 0xc000001000010000 --type half_t                 # K-major 32-byte swizzle, SBO 256 bytes
  cutedump desc 0x4000008000400040 --major MN --type bfloat16_t --mn 128
  cutedump desc 0x4000404000010000 --kind umma --major K --type half_t --format json
  cutedump desc 0x4000004000010000 --picture svg > cores.svg     # the core matrices, LBO/SBO arrows
  cutedump desc 0x4000004000010000 --major MN --type float --lang zh   # aliases: a warning on stderr
The descriptor does not say the element type, the major or the extent one instruction reads: --type (default
half_t), --major (default K) and --mn (rows of M or N, default 64) give them; K is one dense k-block (32 bytes).
CuTe prints a GmmaDescriptor (the first block, byte for byte); UMMA::SmemDescriptor has no printer in CuTe, cutedump
shows its fields in the same form. The readings state the descriptor's own fields (a field the hardware ignores:
its value, and that it is ignored). Set reserved bits and a UMMA descriptor whose version is not 1 are errors; a
layout that aliases or a start off its swizzle atom is one warning on standard error.
"""


COMMAND = Command(
    "desc",
    fast="cutedump.commands._answers:desc_answer",
    help="Decode DESCRIPTOR (64 bits, e.g. 0x4000004000010000): CuTe's print of it, each field, the smem "
    "layout\nthe tensor core reads through it, and its 8x16-byte core matrices.",
    epilog=EPILOG_DESC,
    params=[
        Arg("descriptor"),
        Opt(
            "--kind",
            "kind",
            ("gmma", "umma"),
            default="gmma",
            show_default=True,
            help="gmma: SM90 GmmaDescriptor; umma: SM100 UMMA::SmemDescriptor.",
        ),
        Opt(
            "--major",
            "major",
            ("K", "MN"),
            default="K",
            show_default=True,
            case_sensitive=False,
            help="The operand's major (GMMA::Major).",
        ),
        Opt("--type", "value_type", default="half_t", metavar="T", show_default=True, help="The element type."),
        Opt(
            "--mn",
            "mn",
            Range(1, 4096),
            default=64,
            show_default=True,
            help="Rows of M (operand A) or N (operand B) one instruction reads.",
        ),
        Opt("--format", "fmt_", ("text", "json"), default="text", show_default=True),
        Opt(
            "--picture",
            "picture",
            ("svg", "html", "latex"),
            help="Print a picture of the core matrices instead (SVG, a self-contained HTML page, or LaTeX/TikZ).",
        ),
        lang_opt("Narration language.", default="en"),
    ],
)
