"""``cutedump atoms``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt

EPILOG_ATOMS = """\b
Examples:
  cutedump atoms                       # both catalogs
  cutedump atoms --mma SM80            # MMA atoms whose name contains SM80 (case-insensitive)
  cutedump atoms --mma "SM90_64x*_F32F16F16_SS"   # shell-style wildcards (the whole name, <...> optional)
  cutedump atoms --copy LDSM
  cutedump atoms --mma SM80_16x8x16 --format json
  cutedump atoms --mma SM100
SM100 UMMA atoms are listed once per family with their template parameters, e.g.
SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>. GMMA atoms taking majors are listed once (their layouts do not depend on the majors); name them as
SM90_64x128x16_F32F16F16_SS<K,MN>. Templated copies take a type: UniversalCopy<uint128_t>.
"""


COMMAND = Command(
    "atoms",
    run="cutedump.commands.atoms_cmd:atoms_cmd",
    fast="cutedump.commands._atoms:atoms_text",
    fixed={"mma_pat": None, "copy_pat": None},
    help="List the MMA and Copy atom catalogs (name, arch, shape/threads, value types), optionally "
    "filtered.\n\nPATTERN filters both catalogs: a case-insensitive substring, or a shell-style wildcard "
    "(* ? [...]) that must\nmatch the whole name (with or without its template arguments).",
    epilog=EPILOG_ATOMS,
    params=[
        Arg("pattern", required=False),
        Opt(
            "--mma",
            "mma_pat",
            flag_value="",
            metavar="[PATTERN]",
            fast=False,
            help="Only the MMA atoms (whose name matches PATTERN, when given).",
        ),
        Opt(
            "--copy",
            "copy_pat",
            flag_value="",
            metavar="[PATTERN]",
            fast=False,
            help="Only the copy atoms (whose name matches PATTERN, when given).",
        ),
        Opt(
            "--format",
            "fmt_",
            ("text", "json"),
            default="text",
            show_default=True,
            help='json: {"mma": [{name, arch, shape_mnk, threads, types}], "copy": [{name, arch, threads, '
            "bits}]} (a key only for the catalogs listed).",
        ),
    ],
)
