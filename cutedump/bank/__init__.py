"""Shared-memory bank conflicts and vector widths of CuTe copies, predicted with the H100-measured model.

Public API (``analyze``, ``instruction``, ``copy_access``, ... imported from ``cutedump.bank``)::

    analyze("ld.shared.b128", [[16 * i for i in range(32)]]).totals()   # {'wavefronts': 4, 'ideal': 4, ...}
    acc = copy_access(tiled_copy, smem_layout, store=False, warp=0)      # addresses + analysis + vector width
"""

from cutedump.bank.copy import CopyAccess, atom_instruction, copy_access, vector_width
from cutedump.bank.model import INSTRUCTIONS, Analysis, Instruction, analyze, check_addresses, instruction

__all__ = [
    "INSTRUCTIONS",
    "Instruction",
    "Analysis",
    "instruction",
    "analyze",
    "check_addresses",
    "CopyAccess",
    "copy_access",
    "atom_instruction",
    "vector_width",
]
