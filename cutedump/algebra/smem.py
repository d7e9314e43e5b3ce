"""The canonical shared-memory layout atoms of GMMA (SM90) and UMMA (SM100), and ``ss_smem_selector``.

``mma_traits_sm90_gmma.hpp`` declares each atom in bits and every typed atom as its upcast::

    using Layout_K_SW128_Atom_Bits = ComposedLayout<Swizzle<3,4,3>, smem_ptr_flag, Layout<Shape<_8,_1024>,Stride<_1024,_1>>>;
    template <class Type> using Layout_K_SW128_Atom = decltype(upcast<sizeof_bits<Type>::value>(Layout_K_SW128_Atom_Bits{}));

so ``GMMA::Layout_K_SW128_Atom<half_t>`` prints ``Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)``: eight rows
of 128 bytes, the swizzle still on byte addresses (see :mod:`cutedump.algebra.smem_ptr`). ``mma_traits_sm100.hpp``
re-exports these as ``UMMA::`` and adds ``Layout_MN_SW128_32B_Atom`` (``Sw<2,5,2>``, 32-byte swizzle atoms).

One row of :data:`ATOMS` per atom family; :func:`smem_atom` builds one for an element width in bits.
"""

from __future__ import annotations

from cutedump.algebra.integer import C
from cutedump.algebra.layout import Layout, blocked_product, get, size
from cutedump.algebra.smem_ptr import SmemPtrFlag
from cutedump.algebra.swizzle import ComposedLayout, Swizzle, upcast_composed
from cutedump.errors import CuteDumpError

# name -> (namespaces that declare it, Swizzle<B,M,S>, bit layout shape, bit layout stride)
ATOMS = {
    "Layout_MN_INTER_Atom": (("GMMA", "UMMA"), (0, 4, 3), (128, 8), (1, 128)),
    "Layout_MN_SW32_Atom": (("GMMA", "UMMA"), (1, 4, 3), (256, 8), (1, 256)),
    "Layout_MN_SW64_Atom": (("GMMA", "UMMA"), (2, 4, 3), (512, 8), (1, 512)),
    "Layout_MN_SW128_Atom": (("GMMA", "UMMA"), (3, 4, 3), (1024, 8), (1, 1024)),
    "Layout_K_INTER_Atom": (("GMMA", "UMMA"), (0, 4, 3), (8, 128), (128, 1)),
    "Layout_K_SW32_Atom": (("GMMA", "UMMA"), (1, 4, 3), (8, 256), (256, 1)),
    "Layout_K_SW64_Atom": (("GMMA", "UMMA"), (2, 4, 3), (8, 512), (512, 1)),
    "Layout_K_SW128_Atom": (("GMMA", "UMMA"), (3, 4, 3), (8, 1024), (1024, 1)),
    "Layout_MN_SW128_32B_Atom": (("UMMA",), (2, 5, 2), (1024, 4), (1, 1024)),
}

# Layout_{INTER,SW32,SW64,SW128}_Atom<Type, Major>: the K or MN atom by the major
SWIZZLE_NAMES = ("INTER", "SW32", "SW64", "SW128")


def atom_names(ns: str | None = None) -> list[str]:
    return [n for n, row in ATOMS.items() if ns is None or ns in row[0]]


def split_name(name: str) -> tuple[str | None, str]:
    """'GMMA::Layout_K_SW128_Atom' -> ('GMMA', 'Layout_K_SW128_Atom'); namespaces cute::, SM90:: dropped."""
    parts = [p for p in name.replace(" ", "").split("::") if p not in ("", "cute", "SM90", "SM100")]
    if len(parts) == 1:
        return None, parts[0]
    if len(parts) == 2:
        return parts[0], parts[1]
    raise CuteDumpError(f"unknown name {name!r}")


def atom_bits(name: str) -> ComposedLayout:
    """The ``*_Atom_Bits`` layout: ``Sw o smem_ptr[1b](unset) o L`` in bits."""
    ns, base = split_name(name)
    if base not in ATOMS or (ns is not None and ns not in ATOMS[base][0]):
        import difflib  # start-up: only for an unknown name

        known = [f"{n}::{a}" for a, row in ATOMS.items() for n in row[0]]
        close = difflib.get_close_matches(name, known, n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise CuteDumpError(f"unknown shared-memory layout atom {name!r}{hint}")
    _, (b, m, s), shp, std = ATOMS[base]
    return ComposedLayout(Swizzle(b, m, s), SmemPtrFlag(1), Layout(tuple(C(x) for x in shp), tuple(C(x) for x in std)))


def smem_atom(name: str, bits: int) -> ComposedLayout:
    """``GMMA::<name><T>`` for a type of ``bits`` bits: ``upcast<bits>(<name>_Bits)``."""
    bits = int(bits)
    if bits <= 0 or bits & (bits - 1) or bits > 1024:
        raise CuteDumpError(
            f"{split_name(name)[1]}<T>: sizeof_bits<T> = {bits} does not divide the atom's 1024-bit "
            f"rows (upcast<{bits}>: Divisibility condition)"
        )
    return upcast_composed(atom_bits(name), bits)


def sparse_atom(name: str, bits: int, sparsity: int) -> ComposedLayout:
    """``GMMA::Layout_<..>_SpAtom<T, S>`` (mma_traits_sm90_gmma_sparse.hpp; re-exported as UMMA::):
    ``Sw o smem_sparse<S>_ptr[Bb](unset) o blocked_product(Layout<Shape<_1,Int<S>>>{}, Layout_<..>_Atom<T>{}.layout_b())``."""
    ns, base = split_name(name)
    if not base.endswith("_SpAtom") or base[:-7] + "_Atom" not in ATOMS:
        raise CuteDumpError(f"unknown sparse shared-memory layout atom {name!r}")
    dense = smem_atom(f"{ns + '::' if ns else ''}{base[:-7]}_Atom", bits)
    s = int(sparsity)
    if s <= 0:
        raise CuteDumpError(f"{base}<T,S>: the sparsity S must be positive, got {s}")
    return ComposedLayout(dense.a, SmemPtrFlag(int(bits), s), blocked_product(Layout((C(1), C(s))), dense.b))


def major_atom(swz: str, bits: int, major: str, ns: str = "GMMA") -> ComposedLayout:
    """``Layout_<swz>_Atom<Type, Major>``: the MN or K atom by the major."""
    major = major_name(major)
    return smem_atom(f"{ns}::Layout_{major}_{swz}_Atom", bits)


def major_name(major: str) -> str:
    m = str(major).replace(" ", "").split("::")[-1]
    if m not in ("K", "MN"):
        raise CuteDumpError(f"unknown major {major!r}: expected K or MN (GMMA::Major::K, GMMA::Major::MN)")
    return m


def ss_smem_selector(major: str, bits: int, blk_mn, blk_k) -> ComposedLayout:
    """``cutlass::gemm::collective::detail::ss_smem_selector<major, T, BLK_MN, BLK_K>()`` (sm90_common.inl): the
    widest swizzle atom whose extent divides the first MN (MN-major) or K (K-major) size of the tile."""
    major = major_name(major)
    mn0 = int(size(get(Layout(blk_mn), 0))) if isinstance(blk_mn, tuple) else int(blk_mn)
    k0 = int(size(get(Layout(blk_k), 0))) if isinstance(blk_k, tuple) else int(blk_k)
    if mn0 % 8:
        raise CuteDumpError("BLK_MN0 must be a multiple of 8.")
    if k0 % 8:
        raise CuteDumpError("BLK_K0 must be a multiple of 8.")
    mode, blk = (0, mn0) if major == "MN" else (1, k0)
    for swz in ("SW128", "SW64", "SW32", "INTER"):
        atom = major_atom(swz, bits, major)
        if blk % int(size(get(atom.b, mode))) == 0:
            return atom
    what = "BLK_MN0" if major == "MN" else "BLK_K0"
    raise CuteDumpError(f"{what} must be a multiple of size<{mode}>(GMMA::Layout_{major}_INTER_Atom<ElementType>{{}})")
