"""Named objects: qualified C++ names outside ``cute::`` (``GMMA::Layout_K_SW128_Atom<half_t>``), looked up in
:data:`NAMED`."""

from __future__ import annotations

from cutedump.errors import CuteDumpError
from cutedump.expr.values import _bits
from cutedump.parse.nodes import Named, TypeArg

# ---- named objects: qualified C++ names outside cute:: -------------------------------------------------------
# ``GMMA::Layout_K_SW128_Atom<half_t>``, ``UMMA::Layout_MN_SW32_Atom<bfloat16_t>``, ``GMMA::Major::K``: the parser
# reads any qualified name ``A::B::C`` with optional template arguments (types like half_t, integers, or C++ types
# like Shape<_8>) and optional ``{}``; evaluation looks the name up in NAMED, the first matching row wins.
#
#   pattern  the qualified name; ``*`` matches any run of name characters (fnmatch), e.g. "GMMA::Layout_*_Atom"
#   build    callable(name, targs) -> the object (a Layout, ComposedLayout, int, ...), or "module:function", imported
#            on first use (the module loads only when such a name is evaluated: start-up stays light)
#   doc      one line for errors and listings
#
# targs arrive as the parser reads them: an int, a str (a type name: "half_t"; bits(name) gives its width), or a
# parse.TypeArg (a template type, e.g. Shape<_8,_4>). Rows are added with register_named() (or appended to NAMED).


def _glob_match(pattern: str, name: str) -> bool:
    """The whole of ``name`` matches ``pattern``, where ``*`` stands for any run (maybe empty) of ASCII name characters
    (letters, digits, ``_``) and every other character for itself."""
    if "*" not in pattern:
        return pattern == name
    head, rest = pattern.split("*", 1)
    if not name.startswith(head):
        return False
    tail = name[len(head) :]
    for i in range(len(tail) + 1):
        if i and not (tail[i - 1] == "_" or tail[i - 1].isascii() and tail[i - 1].isalnum()):
            return False
        if _glob_match(rest, tail[i:]):
            return True
    return False


class NamedRow:
    __slots__ = ("pattern", "build", "doc", "call")

    def __init__(self, pattern: str, build, doc: str = "", call: bool = False):
        self.pattern = pattern
        self.build = build
        self.doc = doc
        self.call = call  # a member function: build(name, targs, args), written Name<targs>::f(args)

    def matches(self, name: str) -> bool:
        return _glob_match(self.pattern, name)

    def constructor(self):
        b = self.build
        if isinstance(b, str):  # "module:function", imported now
            from importlib import import_module  # start-up: on the first call of a function of another module

            mod, _, attr = b.partition(":")
            b = self.build = getattr(import_module(mod), attr)
        return b


#: the table of named objects (see above); empty here: the modules that model the Hopper/Blackwell atoms add rows
NAMED: list[NamedRow] = []


def register_named(pattern: str, build, doc: str = "", call: bool = False) -> NamedRow:
    """Add a row to :data:`NAMED` (before any earlier row with the same pattern) and return it."""
    row = NamedRow(pattern, build, doc, call)
    NAMED[:] = [r for r in NAMED if r.pattern != pattern or r.call != call]
    NAMED.insert(0, row)
    return row


# ---- the GMMA/UMMA shared-memory layout atoms (rows of cutedump.algebra.smem.ATOMS) -------------------------


def _smem_named(name: str, targs):
    """``GMMA::Layout_K_SW128_Atom<T>`` / ``UMMA::Layout_MN_SW32_32B_Atom<T>`` / ``GMMA::Layout_SW128_Atom<T,Major>``
    and ``ss_smem_selector<Major,T,BLK_MN,BLK_K>``: rows of :mod:`cutedump.algebra.smem`."""
    from cutedump.algebra import smem as SMEM  # start-up: loaded with the first smem atom

    base = name.rsplit("::", 1)[-1]
    t = tuple(_targ_name(x) for x in targs)
    if base == "ss_smem_selector":
        if len(t) != 4:
            raise CuteDumpError("ss_smem_selector takes four template arguments: <Major, Type, BLK_MN, BLK_K>")
        return SMEM.ss_smem_selector(str(t[0]), _bits(t[1]), t[2], t[3])
    if base.endswith("_SpAtom"):
        if base[:-7] + "_Atom" in SMEM.ATOMS:
            if len(t) != 2 or not isinstance(t[1], int):
                raise CuteDumpError(f"{base} takes a type and a sparsity: {base}<half_t, 2>")
            return SMEM.sparse_atom(name, _bits(t[0]), t[1])
        if len(t) != 3 or not isinstance(t[1], int):
            raise CuteDumpError(f"{base} takes a type, a sparsity and a major: {base}<half_t, 2, GMMA::Major::K>")
        major = SMEM.major_name(str(t[2]))
        return SMEM.sparse_atom(f"Layout_{major}_{base[7:-7]}_SpAtom", _bits(t[0]), t[1])
    if base in SMEM.ATOMS:
        if len(t) != 1:
            raise CuteDumpError(f"{base} takes one type template argument: {base}<half_t>")
        return SMEM.smem_atom(name, _bits(t[0]))
    if base.startswith("Layout_") and base.endswith("_Atom") and base[7:-5] in SMEM.SWIZZLE_NAMES:
        if len(t) != 2:
            raise CuteDumpError(f"{base} takes a type and a major: {base}<half_t, GMMA::Major::K>")
        ns = name.rsplit("::", 1)[0] if "::" in name else "GMMA"
        return SMEM.major_atom(base[7:-5], _bits(t[0]), str(t[1]), "UMMA" if "UMMA" in ns else "GMMA")
    raise CuteDumpError(f"unknown shared-memory layout atom {name!r}")


def _targ_name(x):
    """A template argument as the smem rows read it: a type or major name without cute::/cutlass:: (GMMA::Major::K
    is kept whole), an integer as it is."""
    if isinstance(x, str) and x.split("::")[0] in ("cute", "cutlass"):
        return x.rsplit("::", 1)[-1]
    if isinstance(x, (Named, TypeArg)):
        return x.name
    return x


for _pat in (
    "GMMA::Layout_*_Atom",
    "UMMA::Layout_*_Atom",
    "cute::GMMA::Layout_*_Atom",
    "cute::UMMA::Layout_*_Atom",
    "Layout_*_Atom",
    "GMMA::Layout_*_SpAtom",
    "UMMA::Layout_*_SpAtom",
    "Layout_*_SpAtom",
    "*ss_smem_selector",
):
    register_named(
        _pat, _smem_named, "a GMMA/UMMA shared-memory layout atom (mma_traits_sm90_gmma.hpp, mma_traits_sm100.hpp)"
    )


# ---- CUTLASS's scale-factor configs (cutlass/detail/*_blockscaled_layout.hpp, blockwise_scale_layout.hpp) ---------
# Config<targs>::member(args) / Config<targs>::SfAtom{}: rows of cutedump.scale.named (a domain model: imported on
# first use); the namespace is written cutlass::detail::, detail:: or not at all (using namespace)
for _ns in ("cutlass::detail::", "detail::", ""):
    for _cls in (
        "Sm1xxBlockScaledConfig",
        "Sm103BlockScaledConfig",
        "Sm1xxBlockwiseScaleConfig",
        "Sm90BlockwiseScaleConfig",
        "Sm100BlockwiseScaleConfig",
        "Sm120BlockwiseScaleConfig",
        "Sm1xxBlockScaledOutputConfig",
        "Sm1xxBlockScaledTensorConfig",
        "RuntimeBlockwiseScaleConfig",
    ):
        register_named(f"{_ns}{_cls}::*", "cutedump.scale.named:config_member", "a scale-factor config's member")
        register_named(
            f"{_ns}{_cls}::*", "cutedump.scale.named:config_call", "a scale-factor config's member function", True
        )
    for _cls in ("Sm1xxBlockScaledBasicChunk", "Sm103BlockScaledBasicChunk"):
        register_named(f"{_ns}{_cls}::*", "cutedump.scale.named:config_member", "a scale-factor basic chunk's member")
    register_named(
        f"{_ns}sm*_trivial_blockwise_scale_config",
        "cutedump.scale.named:trivial_blockwise_config",
        "the blockwise config of one scale factor per MMA tile",
        True,
    )

# ---- MMA atoms as values: ``SM80_16x8x16_F16F16F16F16_TN{}``, ``SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<...>{}``,
# ``MMA_Atom<Op>{}`` (the catalog's atoms, cutedump.atoms.mma_catalog): what make_tiled_mma and the scale-factor
# configs' deduce_smem_layoutSFA/B take
for _pat in (
    "SM*",
    "SM90::GMMA::*",
    "SM120::*::*",
    "SM120::*::*::*",
    "UniversalFMA",
    "MMA_Atom",
):
    for _ns in ("", "cute::"):
        register_named(_ns + _pat, "cutedump.atoms.mma:named_atom", "an MMA atom (the catalog's, cutedump atoms --mma)")


# ---- the SMEM -> TMEM copies (tcgen05.cp) of block-scaled UMMAs: ``SM100_UTCCP_4x32dp128bit_1cta{}`` (after the MMA
# atoms' "SM*": the first matching row wins) and ``UMMA::tmem_sf_frg<...>::make(shape)`` (cutedump.atoms.utccp_expr)
for _ns in ("", "cute::"):
    register_named(_ns + "SM100_UTCCP_*", "cutedump.atoms.utccp_expr:named_op", "a tcgen05.cp copy operation")
    register_named(
        _ns + "UMMA::tmem_sf_frg::make", "cutedump.atoms.utccp_expr:frg_make", "a TMEM scale-factor fragment", True
    )


def bits(type_name) -> int:
    """The width in bits of a C++ element type named in a template argument (half_t -> 16), for NAMED builders."""
    return _bits(type_name)


def _named(n, text, args=None):
    """The object a Named node names; ``args``: the evaluated arguments of a called member (a row whose build
    takes ``(name, targs, args)``: ``call=True``)."""
    call = args is not None
    for row in NAMED:
        if row.call == call and row.matches(n.name):
            try:
                if args is not None:
                    return row.constructor()(n.name, n.targs, args)
                return row.constructor()(n.name, n.targs)
            except CuteDumpError as e:
                raise CuteDumpError(
                    e.message if e.message.startswith(n.name) else f"{n.name}: {e.message}", text, n.col
                ) from None
    if any(row.matches(n.name) for row in NAMED):
        what = "is not a function" if call else "is a function: call it with (...)"
        raise CuteDumpError(f"{n.name} {what}", text, n.col)
    raise CuteDumpError(
        f"unknown name {n.name!r} (cutedump reads cute:: names; other qualified names need a row "
        f"in cutedump.expr.NAMED)",
        text,
        n.col,
    )
