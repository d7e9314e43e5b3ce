"""``cutedump atoms``: list the MMA and Copy atom catalogs."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors
from cutedump.commands._atoms import atoms_text, mma_rows, copy_rows  # noqa: F401 (mma_rows, copy_rows: re-exported)

EPILOG = """\b
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


@click.command("atoms", epilog=EPILOG)
@click.argument("pattern", required=False)
@click.option("--mma", "mma_pat", is_flag=False, flag_value="", default=None, metavar="[PATTERN]",
              help="Only the MMA atoms (whose name matches PATTERN, when given).")
@click.option("--copy", "copy_pat", is_flag=False, flag_value="", default=None, metavar="[PATTERN]",
              help="Only the copy atoms (whose name matches PATTERN, when given).")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help='json: {"mma": [{name, arch, shape_mnk, threads, types}], "copy": [{name, arch, threads, '
                   'bits}]} (a key only for the catalogs listed).')
@handle_errors
def atoms_cmd(pattern, mma_pat, copy_pat, fmt_):
    """List the MMA and Copy atom catalogs (name, arch, shape/threads, value types), optionally filtered.

    PATTERN filters both catalogs: a case-insensitive substring, or a shell-style wildcard (* ? [...]) that must
    match the whole name (with or without its template arguments)."""
    click.echo(atoms_text(pattern, mma_pat, copy_pat, fmt_), nl=False)
