"""``cutedump idesc``: decode a UMMA (tcgen05.mma) instruction descriptor, or show an atom's, and name the atoms."""
from __future__ import annotations

import click

from cutedump.commands._common import handle_errors
from cutedump.errors import CuteDumpError
from cutedump.atoms import umma_desc as D, umma_catalog as U
from cutedump.atoms.mma_catalog import lookup_mma
from cutedump.render.idesc_view import idesc_text

EPILOG = """\b
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


def _parse_value(text: str) -> int | None:
    t = text.strip().replace("'", "").replace("_", "")
    try:
        return int(t, 0)
    except ValueError:
        return None


@click.command("idesc", epilog=EPILOG)
@click.argument("value")
@click.option("--family", help="UMMA family to decode against, e.g. SM100_MMA_F16BF16_SS (default: every family).")
@click.option("--block-scaled", is_flag=True, help="Decode as UMMA::InstrDescriptorBlockScaled (mxf8f6f4/mxf4).")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True)
@handle_errors
def idesc_cmd(value, family, block_scaled, fmt_):
    """Decode a 32-bit UMMA instruction descriptor (or an atom's) field by field and name the atoms it describes."""
    v = _parse_value(value)
    atom_name = None
    if v is None:
        t = lookup_mma(value)
        if not isinstance(t, U.UMMATraits):
            raise CuteDumpError(f"{t.name} is not an SM100 UMMA atom: only tcgen05.mma has an instruction descriptor")
        d = t.instr_desc()
        atom_name = t.name
        atoms = [t]
    else:
        if family is not None:
            base = family.strip().split("<")[0].split("::")[-1]
            if base in U.umma_families():
                block_scaled = block_scaled or U.umma_families()[base].block_scaled
        d = D.decode(v, block_scaled=block_scaled)
        atoms = U.atoms_for_instr_desc(d, family)
        if len({(t.instr_desc().a_format_enum, t.instr_desc().b_format_enum) for t in atoms}) == 1:
            e = atoms[0].instr_desc()     # the formats' enum is known when every atom found agrees on it
            d = D.decode(d.value, block_scaled=block_scaled, a_format_enum=e.a_format_enum,
                         b_format_enum=e.b_format_enum)
    if fmt_ == "json":
        import json
        out = d.json()
        out["atoms"] = [t.name for t in atoms]
        if atom_name:
            out["atom"] = atom_name
        click.echo(json.dumps(out))
        return
    lines = [idesc_text(d)]
    if atom_name:
        lines.insert(0, f"{atom_name}: idesc_ = UMMA::{'make_instr_desc_block_scaled' if d.block_scaled else 'make_instr_desc'}<...>()")
        lines.append(f"make_runtime_instr_desc: 0x{d.runtime():016x}")
    else:
        lines.append(f"atoms with this descriptor ({len(atoms)}):" if atoms else
                     "no catalog atom has this descriptor (no atom sets max_shift, and M/N/format combinations "
                     "that CuTe's static_asserts refuse have no atom)")
        lines += [f"  {t.name}" for t in atoms]
    click.echo("\n".join(lines))
