"""Text view of a UMMA instruction descriptor: one line per field (name, bits, value, meaning)."""

from __future__ import annotations


def idesc_text(d, indent: str = "") -> str:
    """``d``: a cutedump.atoms.umma_desc.InstrDescriptor (its explain() rows are printed, nothing computed)."""
    out = [f"{d.type_name} {d.hex()}"]
    for name, bits, v, meaning in d.explain():
        out.append(f"{indent}  {name:<13} {bits:<8} {v:>3}  {meaning}")
    return "\n".join(out)
