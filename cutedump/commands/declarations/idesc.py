"""``cutedump idesc``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt, lang_opt

EPILOG_IDESC = """\b
Examples:
  cutedump idesc 0x08400010
  cutedump idesc 0x08400010 --family SM100_MMA_F16BF16_SS
  cutedump idesc 0x0840001000000000                  # a runtime idescE (descriptor in the upper half)
  cutedump idesc 0x08c00480 --block-scaled
  cutedump idesc "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,MN>"
  cutedump idesc 0x08400010 --format json
A number is decoded field by field (UMMA::InstrDescriptor, or InstrDescriptorBlockScaled with --block-scaled or a
block-scaled --family), then every catalog atom whose traits compute that descriptor is listed. The word does not
encode the instruction kind (.kind::tf32/f16/i8/f8f6f4), the SM count, the MXF4 vector size or a _SCALED atom's
ScaleC: --family narrows the list. An atom name prints its descriptor (make_instr_desc of its traits).
"""


COMMAND = Command(
    "idesc",
    fast="cutedump.commands._answers:idesc_answer",
    help="Decode a 32-bit UMMA instruction descriptor (or an atom's) field by field and name the atoms it describes.",
    epilog=EPILOG_IDESC,
    params=[
        Arg("value"),
        Opt("--family", help="UMMA family to decode against, e.g. SM100_MMA_F16BF16_SS (default: every family)."),
        Opt("--block-scaled", flag=True, help="Decode as UMMA::InstrDescriptorBlockScaled (mxf8f6f4/mxf4)."),
        Opt("--format", "fmt_", ("text", "json"), default="text", show_default=True),
        lang_opt("Language of the listing's words (atoms, hardware notes).", default="en"),
    ],
)
