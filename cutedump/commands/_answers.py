"""Text answers of commands, without click: the click commands print them, and so does the console entry's fast path
(cutedump/entry.py) for their common invocations; one implementation of each answer."""
from __future__ import annotations

from cutedump.algebra import fmt, size
from cutedump.errors import CuteDumpError, check_size


def mma_build(atom: str, atom_layout, tile):
    """``cutedump mma``'s TiledMMA and, for an SM100 UMMA atom, its instruction descriptor (else None)."""
    from cutedump.atoms.cli_support import build_mma  # start-up: the atom catalogs only for mma
    mma = build_mma(atom, atom_layout, tile)
    idesc = mma.atom.traits.instr_desc() if hasattr(mma.atom.traits, "instr_desc") else None   # SM100 UMMA
    return mma, idesc


def mma_lines(mma, idesc) -> list:
    """print(TiledMMA), its A/B/C TV layouts, tile shape and threads (and the UMMA descriptor)."""
    out = [mma.print_str().rstrip("\n"),
           f"layoutA_TV: {mma.get_layoutA_TV()}",
           f"layoutB_TV: {mma.get_layoutB_TV()}",
           f"layoutC_TV: {mma.get_layoutC_TV()}",
           f"tile_shape: {fmt(mma.tile_shape())}   threads: {mma.size()}"]
    if idesc is not None:
        from cutedump.render.idesc_view import idesc_text  # start-up: SM100 UMMA atoms only
        out.append("idesc_: " + idesc_text(idesc, "  "))
    return out


def copy_value_type(atom: str, value_type):
    """The value type of ``Copy_Atom<Op, T>``: --type, else the op's own (UniversalCopy<half_t>)."""
    if value_type is not None:
        return value_type
    from cutedump.atoms.mma_catalog import split_template  # start-up: the atom catalogs only for copy
    base, targs = split_template(atom)
    if targs and not targs[0].isdigit():
        return targs[-1] if len(targs) > 1 else targs[0]
    raise CuteDumpError("--type is required (the value type of Copy_Atom<Op, T>, e.g. --type half_t)")


def tiled_copy_lines(tc) -> list:
    """print(TiledCopy) and its S/D TV layouts."""
    return [tc.print_str().rstrip("\n"), f"layoutS_TV: {tc.get_layoutS_TV()}", f"layoutD_TV: {tc.get_layoutD_TV()}"]


def copy_atom_lines(ca) -> list:
    return [f"src2ref: {ca.src2ref()}", f"dst2ref: {ca.dst2ref()}"]


def picture_layout(layout: str, force: bool = False):
    """The LAYOUT of ``cutedump latex|svg|html LAYOUT``: parsed as a drawable layout, its size checked."""
    from cutedump.render import grid  # start-up: the pictures' grids only for a picture
    L = grid.parse_drawable(layout)
    base = L.b if hasattr(L, "b") else L
    check_size(int(size(base)), force, "picture")
    return L
