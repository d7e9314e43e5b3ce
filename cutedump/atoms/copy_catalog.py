"""The Copy atom catalog: CuTe's Copy_Traits (ThrID and Src/Dst/Ref layouts in bits).

``lookup_copy(name, value_type=None)`` accepts CuTe's spellings:

    SM75_U32x4_LDSM_N   SM75_U16x8_LDSM_T   SM90_U32x4_STSM_N
    UniversalCopy<uint128_t>   UniversalCopy<uint32_t,uint32_t>   UniversalCopy   (= UniversalCopy<value type>)
    SM80_CP_ASYNC_CACHEALWAYS<uint128_t>   SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>
    DefaultCopy   AutoVectorizingCopy   AutoVectorizingCopyWithAssumedAlignment<64>
"""

from __future__ import annotations

from cutedump.algebra import C, make_layout
from cutedump.atoms.copy_data import ALIASES, COPY_TRAITS, TEMPLATED
from cutedump.atoms.mma_catalog import split_template
from cutedump.atoms.types import canonical_type, cpp_type, value_type_bits
from cutedump.errors import CuteDumpError


class CopyTraits:
    """CuTe's Copy_Traits<Op>: ThrID and the (thr,val) -> bit layouts (CuTe print strings)."""

    name: str
    cpp: str
    arch: str
    thr_id: str
    src: str
    dst: str
    ref: str
    family: str = ""

    def __init__(self, name, cpp, arch, thr_id, src, dst, ref, family=""):
        _set = object.__setattr__  # frozen: assigned once, here
        _set(self, "name", name)
        _set(self, "cpp", cpp)
        _set(self, "arch", arch)
        _set(self, "thr_id", thr_id)
        _set(self, "src", src)
        _set(self, "dst", dst)
        _set(self, "ref", ref)
        _set(self, "family", family)

    def __repr__(self):
        return (
            f"{self.__class__.__qualname__}(name={self.name!r}, cpp={self.cpp!r}, arch={self.arch!r}, "
            f"thr_id={self.thr_id!r}, src={self.src!r}, dst={self.dst!r}, ref={self.ref!r}, "
            f"family={self.family!r})"
        )

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.name, self.cpp, self.arch, self.thr_id, self.src, self.dst, self.ref, self.family) == (
                other.name,
                other.cpp,
                other.arch,
                other.thr_id,
                other.src,
                other.dst,
                other.ref,
                other.family,
            )
        return NotImplemented

    def __hash__(self):
        return hash((self.name, self.cpp, self.arch, self.thr_id, self.src, self.dst, self.ref, self.family))

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field {name!r}")


def all_copy_names() -> list[str]:
    return list(TEMPLATED) + list(ALIASES) + list(COPY_TRAITS)


def lookup_copy(name: str, value_type: str | None = None) -> CopyTraits:
    """Copy_Traits of an operation; ``value_type`` fills in a missing <S> of UniversalCopy / cp.async."""
    base, targs = split_template(name)
    base = base.split("::")[-1]
    if base in ALIASES and not targs:
        t = lookup_copy(ALIASES[base])
        return CopyTraits(base, base, t.arch, t.thr_id, t.src, t.dst, t.ref, family=base)
    if base in COPY_TRAITS:
        if targs:
            raise CuteDumpError(f"{base} takes no template arguments")
        arch, thr, src, dst, ref = COPY_TRAITS[base]
        return CopyTraits(base, base, arch, thr, src, dst, ref, family=base)
    if base in TEMPLATED:
        arch, kind = TEMPLATED[base]
        if kind == "ALIGN":
            if not targs or len(targs) != 1 or not targs[0].isdigit():
                raise CuteDumpError(f"{base} takes one integer (the assumed alignment in bits), e.g. {base}<128>")
            # Copy_Traits<AutoVectorizingCopyWithAssumedAlignment<N>>: one thread, (_1,_1):(_0,_0) bit layouts
            lay = "(_1,_1):(_0,_0)"
            return CopyTraits(f"{base}<{targs[0]}>", f"{base}<{targs[0]}>", arch, "_1:_0", lay, lay, lay, family=base)
        # template <class S, class D = S>: SrcLayout (_1,bits(S)), DstLayout (_1,bits(D)), RefLayout = SrcLayout
        if not targs:
            if value_type is None:
                raise CuteDumpError(f"{base} needs a type argument, e.g. {base}<uint128_t>")
            targs = [value_type]
        if len(targs) > 2:
            raise CuteDumpError(f"{base} takes at most two type arguments <S,D>")
        s = canonical_type(targs[0])
        d = canonical_type(targs[1]) if len(targs) > 1 else s
        sb, db = value_type_bits(s), value_type_bits(d)
        src = str(_one_thread(sb))
        dst = str(_one_thread(db))
        tn = ",".join([s] + ([d] if len(targs) > 1 else []))
        cpp = ",".join(cpp_type(x) for x in ([s] + ([d] if len(targs) > 1 else [])))
        return CopyTraits(f"{base}<{tn}>", f"{base}<{cpp}>", arch, "_1:_0", src, dst, src, family=base)
    if base.startswith("SM100_TMEM_") and not targs:
        return lookup_tmem_copy(base)
    if base.startswith("SM100_UTCCP_") and not targs:
        return lookup_utccp_copy(base)
    import difflib

    close = difflib.get_close_matches(base, all_copy_names(), n=4, cutoff=0.6)
    hint = f"; did you mean {', '.join(close)}?" if close else "; see `cutedump atoms --copy`"
    raise CuteDumpError(f"unknown copy atom {name!r}{hint}")


# ------------------------------------------------------------------ SM100 TMEM copy atoms (tcgen05.ld / tcgen05.st)


def tmem_copy_traits() -> dict:
    """tmem_data.TMEM_COPY_TRAITS (CUTLASS 4.2's, in 4.7 unchanged) and the rows of the TMEM copies only some CUTLASS
    versions have (tmem_data_47: 4.7's SM100_TMEM_LOAD_STAT_*), those of the version answered now."""
    from cutedump.atoms.tmem_data import TMEM_COPY_TRAITS  # start-up: the SM100 TMEM table only when asked for
    from cutedump.atoms.tmem_data_47 import TMEM_COPY_TRAITS_47  # start-up: as above
    from cutedump.versions import CUTLASS_ONLY, cutlass  # start-up: as above

    v = cutlass()
    return {**TMEM_COPY_TRAITS, **{k: r for k, r in TMEM_COPY_TRAITS_47.items() if v in CUTLASS_ONLY[k]}}


def all_tmem_copy_names() -> list[str]:
    return list(tmem_copy_traits())


def lookup_tmem_copy(name: str) -> CopyTraits:
    from cutedump.versions import require_cutlass  # start-up: see tmem_copy_traits

    base = name.strip().split("::")[-1]
    require_cutlass(base, name.strip())  # a TMEM copy of another CUTLASS version: refused in one line
    table = tmem_copy_traits()
    if base not in table:
        import difflib

        close = difflib.get_close_matches(base, list(table), n=4, cutoff=0.6)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise CuteDumpError(f"unknown TMEM copy atom {name!r}{hint}")
    thr, _val, src, dst, ref = table[base]
    return CopyTraits(base, base, "SM100 TMEM", thr, src, dst, ref, family=base)


# ------------------------------------------------------------------ SM100 SMEM -> TMEM copy atoms (tcgen05.cp, UTCCP)


def all_utccp_copy_names() -> list[str]:
    from cutedump.atoms.tmem_data import UTCCP_COPY_TRAITS  # start-up: see all_tmem_copy_names

    return list(UTCCP_COPY_TRAITS)


def lookup_utccp_copy(name: str) -> CopyTraits:
    """Copy_Traits<SM100_UTCCP_*> (cute/atom/copy_traits_sm100.hpp): one thread (1cta) or two (2cta, ThrID _2:_1)."""
    from cutedump.atoms.tmem_data import UTCCP_COPY_TRAITS  # start-up: see all_tmem_copy_names

    base = name.strip().split("::")[-1]
    if base not in UTCCP_COPY_TRAITS:
        import difflib

        close = difflib.get_close_matches(base, all_utccp_copy_names(), n=4, cutoff=0.6)
        hint = f"; did you mean {', '.join(close)}?" if close else "; see `cutedump atoms --copy 'SM100_UTCCP*'`"
        raise CuteDumpError(f"unknown SMEM->TMEM copy atom {name!r}{hint}")
    thr, _val, src, dst, ref = UTCCP_COPY_TRAITS[base]
    return CopyTraits(base, base, "SM100 UTCCP", thr, src, dst, ref, family=base)


def _one_thread(bits: int):
    # Layout<Shape<_1,Int<bits>>> (compact column-major)
    return make_layout((C(1), C(bits)))


def catalog_copy() -> list[CopyTraits]:
    """One entry per catalog operation (templated ones instantiated with uint128_t / their alias)."""
    out = []
    for n in all_copy_names():
        kind = TEMPLATED.get(n, (None, None))[1]
        out.append(lookup_copy(f"{n}<uint128_t>" if kind == "SD" else f"{n}<128>" if kind == "ALIGN" else n))
    return out
