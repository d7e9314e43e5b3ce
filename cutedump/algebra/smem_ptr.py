"""``smem_ptr_flag_bits<B>`` (``cute/pointer_flagged.hpp``): the offset of the GMMA/UMMA shared-memory layout atoms.

``GMMA::Layout_K_SW128_Atom<half_t>`` is ``Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)``: a ComposedLayout
whose offset is a stand-in for an smem pointer of B-bit elements that is not set yet. The flag *is* ``Int<0>``
(``struct smem_ptr_flag_bits : Int<0> {}``), so arithmetic on it is the arithmetic of ``_0`` (a slice's offset
``flag + k`` is a plain integer again); only the overloads that match the flag's type keep it:

* ``upcast<N>`` / ``downcast<N>`` keep the swizzle as is (it acts on byte addresses) and scale B;
* ``as_position_independent_swizzle_layout`` (and so ``print_layout`` / ``print_latex``) recasts the swizzle from
  bytes to B-bit elements and puts ``_0`` in the flag's place;
* ``make_tensor(smem_ptr, layout)`` makes a swizzled smem tensor (the swizzle on the pointer, in bytes).
"""

from __future__ import annotations

from cutedump.algebra.integer import C


class SmemPtrFlag(C):
    """``smem_ptr_flag_bits<B>``: static zero, printed ``smem_ptr[Bb](unset)``; with a sparsity S it is
    ``smem_sparse_ptr_flag_bits<S,B>`` (the sparse GMMA atoms), printed ``smem_sparse<S>_ptr[Bb](unset)``."""

    def __new__(cls, bits: int, sparsity: int | None = None):
        obj = C.__new__(cls, 0)
        obj.bits = int(bits)
        obj.sparsity = None if sparsity is None else int(sparsity)
        return obj

    def __repr__(self) -> str:
        if self.sparsity is not None:
            return f"smem_sparse<{self.sparsity}>_ptr[{self.bits}b](unset)"
        return f"smem_ptr[{self.bits}b](unset)"

    __str__ = __repr__

    def __reduce__(self):
        return (SmemPtrFlag, (self.bits, self.sparsity))


def is_smem_flag(x) -> bool:
    return isinstance(x, SmemPtrFlag)
