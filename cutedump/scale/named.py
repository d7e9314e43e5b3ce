"""The eval language's rows for CUTLASS's scale-factor configs (rows of :data:`cutedump.expr.NAMED`, registered in
:mod:`cutedump.expr.named` by name, imported on first use): ``Config<targs>::member(args)`` and
``Config<targs>::SfAtom{}``, spelled as kernels write them."""

from __future__ import annotations

from cutedump import algebra as A
from cutedump.algebra import C
from cutedump.algebra.layout import Layout
from cutedump.errors import CuteDumpError
from cutedump.expr.values import ClassValue, format_result
from cutedump.scale import layouts as SL

_BLOCKSCALED = ("Sm1xxBlockScaledConfig", "Sm103BlockScaledConfig")
_BLOCKWISE = (
    "Sm1xxBlockwiseScaleConfig",
    "Sm90BlockwiseScaleConfig",
    "Sm100BlockwiseScaleConfig",
    "Sm120BlockwiseScaleConfig",
)
_CHUNKS = ("Sm1xxBlockScaledBasicChunk", "Sm103BlockScaledBasicChunk")
_OTHERS = ("Sm1xxBlockScaledOutputConfig", "Sm1xxBlockScaledTensorConfig", "RuntimeBlockwiseScaleConfig")


def _split(name: str):
    cls, member = name.rsplit("::", 1)
    return cls.rsplit("::", 1)[-1], member


def _int(x, cls, what):
    if isinstance(x, bool) or not isinstance(x, int):
        raise CuteDumpError(f"{cls}: template argument {what} must be an integer, got {_targ(x)}")
    return int(x)


def _targ(x) -> str:
    return getattr(x, "name", None) or str(x)


def _major(x, cls, gmma=False) -> str:
    s = _targ(x)
    parts = [p for p in s.split("::") if p != "cute"]
    want = "GMMA" if gmma else "UMMA"
    if len(parts) == 3 and parts[0] == want and parts[1] == "Major" and parts[2] in ("K", "MN"):
        return parts[2]
    raise CuteDumpError(f"{cls}: expected {want}::Major::K or {want}::Major::MN, got {s}")


def _blockscaled_vs(cls, targs):
    if len(targs) != 1:
        raise CuteDumpError(f"{cls} takes one template argument: {cls}<SFVecSize>")
    return _int(targs[0], cls, "SFVecSize")


def _blockwise(cls, targs) -> SL.BlockwiseConfig:
    if not 3 <= len(targs) <= 5:
        raise CuteDumpError(
            f"{cls} takes three to five template arguments: {cls}<SFVecSizeM, SFVecSizeN, SFVecSizeK[, majorSFA"
            f"[, majorSFB]]>"
        )
    vm, vn, vk = (_int(t, cls, w) for t, w in zip(targs, ("SFVecSizeM", "SFVecSizeN", "SFVecSizeK")))
    gmma = cls == "Sm90BlockwiseScaleConfig"
    majors = [_major(t, cls, gmma) for t in targs[3:]] + ["MN"] * (5 - len(targs))
    return SL.BlockwiseConfig(vm, vn, vk, *majors)


def config_member(name: str, targs):
    """``Config<...>::SfAtom{}``, ``::LayoutSF{}``, ``::Blk_MN{}``, ``::SFVecSize``; ``BasicChunk<VS, major>::SfAtom``."""
    cls, member = _split(name)
    if cls in _CHUNKS:
        if len(targs) not in (1, 2):
            raise CuteDumpError(f"{cls} takes one or two template arguments: {cls}<SFVecSize, UMMA::Major::K>")
        vs = _int(targs[0], cls, "SFVecSize")
        major = _major(targs[1], cls) if len(targs) == 2 else "K"
        atom = SL.sm103_sf_atom if cls.startswith("Sm103") else SL.sf_atom
        table = {
            "SfAtom": lambda: atom(vs, major),
            "SfKMajorAtom": lambda: atom(vs, "K"),
            "SfMNMajorAtom": lambda: atom(vs, "MN"),
            "Blk_MN": lambda: SL.BLK_MN,
            "Blk_SF": lambda: SL.BLK_SF,
        }
    elif cls in _BLOCKSCALED:
        vs = _blockscaled_vs(cls, targs)
        sm103 = cls.startswith("Sm103")
        atom = SL.sm103_sf_atom if sm103 else SL.sf_atom
        table = {
            "SfAtom": lambda: atom(vs, "K"),
            "LayoutSF": lambda: SL.layout_sf(vs, sm103),
            "Blk_MN": lambda: SL.BLK_MN,
            "Blk_SF": lambda: SL.BLK_SF,
            "SFVecSize": lambda: vs,
        }
    elif cls == "Sm1xxBlockScaledOutputConfig":
        vs, major = _output_config(cls, targs)
        table = {
            "SfAtom": lambda: SL.sf_atom(vs, major),
            "LayoutSF": lambda: SL.output_layout_sfd(vs, major),
            "LayoutKMajorSF": lambda: SL.output_layout_sfd(vs, "K") if major == "K" else _kmaj_of_mn(vs),
            "Blk_MN": lambda: SL.BLK_MN,
            "Blk_SF": lambda: SL.BLK_SF,
        }
    elif cls == "Sm1xxBlockScaledTensorConfig":
        if targs:
            raise CuteDumpError(f"{cls} takes no template arguments")
        table = {"SfAtom": lambda: SL.TENSOR_SF_ATOM, "Blk_M": lambda: SL.BLK_MN, "Blk_N": lambda: SL.BLK_SF}
    elif cls == "RuntimeBlockwiseScaleConfig":
        ma, mb = _runtime_majors(cls, targs)
        table = {
            "LayoutSFA": lambda: SL.runtime_blockwise_deduce("A", ma, mb),
            "LayoutSFB": lambda: SL.runtime_blockwise_deduce("B", ma, mb),
        }
    else:
        cfg = _blockwise(cls, targs)
        table = {"LayoutSFA": lambda: cfg.deduce_layout("A"), "LayoutSFB": lambda: cfg.deduce_layout("B")}
    f = table.get(member)
    if f is None and member.startswith(("deduce_", "tile_atom_to_shape_", "smem_atom_layout")):
        raise CuteDumpError(f"{cls}::{member} is a function: call it with (...)")
    if f is None:
        raise CuteDumpError(f"{cls} has no member {member!r} here ({', '.join(table)})")
    return f()


def _kmaj_of_mn(vs):
    """OutputConfig<VS, MN>::LayoutKMajorSF: the MN-major atom blocked over the K-major inner layout."""
    return A.blocked_product(SL.sf_atom(vs, "MN"), Layout((0, 0, 0), (0, C(1), 0)))


def _nargs(cls, member, args, n, form):
    if len(args) not in n:
        raise CuteDumpError(f"{cls}::{member} takes {form}")


def config_call(name: str, targs, args):
    """The member function call (errors without the member's name: the eval language puts the whole name first)."""
    try:
        return _config_call(name, targs, args)
    except CuteDumpError as e:
        member = name.rsplit("::", 1)[-1]
        if e.message.startswith(member + ": "):
            raise CuteDumpError(e.message[len(member) + 2 :]) from None
        raise


def _output_config(cls, targs):
    if len(targs) not in (1, 2):
        raise CuteDumpError(f"{cls} takes one or two template arguments: {cls}<SFVecSize, UMMA::Major::K>")
    return _int(targs[0], cls, "SFVecSize"), (_major(targs[1], cls) if len(targs) == 2 else "K")


def _runtime_majors(cls, targs):
    if len(targs) > 2:
        raise CuteDumpError(f"{cls} takes up to two template arguments: {cls}<majorSFA, majorSFB>")
    return [_major(t, cls) for t in targs] + ["MN"] * (2 - len(targs))


def _config_call(name: str, targs, args):
    """``Config<...>::deduce_layoutSFA()``, ``::tile_atom_to_shape_SFA(shape)``, ``::deduce_smem_layoutSFA(mma, tile)``,
    ``::smem_atom_layoutSFA(cta_shape)`` ..."""
    cls, member = _split(name)
    if cls in _BLOCKSCALED:
        vs = _blockscaled_vs(cls, targs)
        sm103 = cls.startswith("Sm103")
        if member in ("deduce_layoutSFA", "deduce_layoutSFB"):
            _nargs(cls, member, args, (0,), "no arguments")
            return SL.layout_sf(vs, sm103)
        if member in ("tile_atom_to_shape_SFA", "tile_atom_to_shape_SFB"):
            _nargs(cls, member, args, (1, 2), "a problem shape (M,N,K[,L]) and optionally a layout")
            f = SL.tile_atom_to_shape_sfa if member.endswith("A") else SL.tile_atom_to_shape_sfb
            return f(vs, args[0], sm103)
        if member in ("deduce_smem_layoutSFA", "deduce_smem_layoutSFB") and not sm103:
            _nargs(cls, member, args, (2,), "a tiled MMA and a tile shape (M,N,K)")
            return SL.smem_layout_sf(vs, args[0], args[1], member[-1])
        known = "deduce_layoutSFA/B, tile_atom_to_shape_SFA/B" + ("" if sm103 else ", deduce_smem_layoutSFA/B")
    elif cls in _BLOCKWISE:
        cfg = _blockwise(cls, targs)
        if member in ("deduce_layoutSFA", "deduce_layoutSFB"):
            _nargs(cls, member, args, (0,), "no arguments")
            return cfg.deduce_layout(member[-1])
        if member in ("smem_atom_layoutSFA", "smem_atom_layoutSFB"):
            _nargs(cls, member, args, (1,), "a CTA shape (M,N,K)")
            return cfg.smem_atom_layout(member[-1], args[0])
        if member in ("tile_atom_to_shape_SFA", "tile_atom_to_shape_SFB"):
            _nargs(cls, member, args, (1,), "a problem shape (M,N,K[,L])")
            return cfg.tile_atom_to_shape(member[-1], args[0])
        known = "deduce_layoutSFA/B, smem_atom_layoutSFA/B, tile_atom_to_shape_SFA/B"
    elif cls == "Sm1xxBlockScaledOutputConfig":
        vs, major = _output_config(cls, targs)
        if member == "deduce_layoutSFD":
            _nargs(cls, member, args, (0,), "no arguments")
            return SL.output_layout_sfd(vs, major)
        if member == "tile_atom_to_shape_SFD":
            _nargs(cls, member, args, (1, 2), "a problem shape (M,N,K[,L]) and optionally a layout")
            return SL.output_tile_atom_to_shape_sfd(vs, args[0], major)
        known = "deduce_layoutSFD, tile_atom_to_shape_SFD"
    elif cls == "Sm1xxBlockScaledTensorConfig":
        if targs:
            raise CuteDumpError(f"{cls} takes no template arguments")
        if member == "tile_atom_to_shape":
            _nargs(cls, member, args, (1,), "a shape (M,N[,L])")
            return SL.tensor_tile_atom_to_shape(args[0])
        known = "tile_atom_to_shape"
    elif cls == "RuntimeBlockwiseScaleConfig":
        ma, mb = _runtime_majors(cls, targs)
        if member in ("deduce_layoutSFA", "deduce_layoutSFB"):
            _nargs(cls, member, args, (0,), "no arguments")
            return SL.runtime_blockwise_deduce(member[-1], ma, mb)
        if member in ("tile_atom_to_shape_SFA", "tile_atom_to_shape_SFB"):
            _nargs(cls, member, args, (2,), "a problem shape (M,N,K[,L]) and sf_vec_shape (sfm,sfn,sfk)")
            return SL.runtime_blockwise_tile(member[-1], args[0], args[1], ma, mb)
        known = "deduce_layoutSFA/B, tile_atom_to_shape_SFA/B"
    else:
        raise CuteDumpError(f"{cls} has no member functions here (SfAtom is a type: {cls}<...>::SfAtom{{}})")
    raise CuteDumpError(f"{cls} has no member function {member!r} ({known})")


__all__ = ["config_member", "config_call", "C"]


def trivial_blockwise_config(name: str, targs, args):
    """``cutlass::detail::sm90/sm100/sm120_trivial_blockwise_scale_config(MmaTileShape_MNK{})``
    (blockwise_scale_layout.hpp): an object of ``SmXXBlockwiseScaleConfig<size<0>(tile), size<1>(tile),
    size<2>(tile)>`` (one scale factor per tile; its members: ``decltype(config)::member``)."""
    fn = name.rsplit("::", 1)[-1]
    arch = fn.split("_", 1)[0]
    if targs or len(args) != 1:
        raise CuteDumpError(f"takes one argument, the MMA tile shape: {fn}(Shape<_128,_128,_128>{{}})")
    tile = args[0]
    if not isinstance(tile, tuple) or len(tile) < 3:
        raise CuteDumpError(f"expected the rank-3 MMA tile shape (M,N,K), got {format_result(tile)}")
    sizes = [A.size(x) for x in tile]
    if not all(isinstance(x, C) for x in sizes):
        raise CuteDumpError(
            f"the tile shape {format_result(tile)} is not static (its size<0..2> are the config's template arguments)"
        )
    return ClassValue(f"cutlass::detail::{arch.capitalize()}BlockwiseScaleConfig", tuple(int(x) for x in sizes))
