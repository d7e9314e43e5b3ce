"""``cutedump desc``: decode a GmmaDescriptor / UMMA::SmemDescriptor into its fields, the smem layout it describes
and its core matrices."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors, lang_option
from cutedump.commands._answers import desc_answer

EPILOG = """\b
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


@click.command("desc", epilog=EPILOG)
@click.argument("descriptor")
@click.option("--kind", type=click.Choice(["gmma", "umma"]), default="gmma", show_default=True,
              help="gmma: SM90 GmmaDescriptor; umma: SM100 UMMA::SmemDescriptor.")
@click.option("--major", type=click.Choice(["K", "MN"], case_sensitive=False), default="K", show_default=True,
              help="The operand's major (GMMA::Major).")
@click.option("--type", "value_type", metavar="T", default="half_t", show_default=True, help="The element type.")
@click.option("--mn", type=click.IntRange(1, 4096), default=64, show_default=True,
              help="Rows of M (operand A) or N (operand B) one instruction reads.")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--picture", type=click.Choice(["svg", "html", "latex"]), default=None,
              help="Print a picture of the core matrices instead (SVG, a self-contained HTML page, or LaTeX/TikZ).")
@lang_option("Narration language.", default="en")
@handle_errors
def desc_cmd(descriptor, kind, major, value_type, mn, fmt_, picture, lang):
    """Decode DESCRIPTOR (64 bits, e.g. 0x4000004000010000): CuTe's print of it, each field, the smem layout
    the tensor core reads through it, and its 8x16-byte core matrices."""
    click.echo(desc_answer(descriptor, kind, major, value_type, mn, fmt_, picture, lang), nl=False)
