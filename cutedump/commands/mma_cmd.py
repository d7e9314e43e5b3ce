"""``cutedump mma``: a TiledMMA as CuTe prints it, and its A/B/C thread-value layouts."""

from __future__ import annotations

import click

from cutedump.algebra import fmt, make_layout
from cutedump.algebra.inttuple import is_tuple
from cutedump.atoms import mma_atom, partition_fragment, partition_shape
from cutedump.atoms.cli_support import parse_shape_arg
from cutedump.commands._answers import mma_build, mma_lines
from cutedump.commands._common import given
from cutedump.errors import CuteDumpError
from cutedump.versions import json_answer


def mma_cmd(atom, atom_layout, tile, partition, thr_idx, atom_only, fmt_, force):
    """The answer function of its command (declared in cutedump/commands/declarations/)."""
    if atom_only:
        for opt, dest in (
            ("--atom-layout", "atom_layout"),
            ("--tile", "tile"),
            ("--partition", "partition"),
            ("--thread", "thr_idx"),
            ("--format", "fmt_"),
            ("--force", "force"),
        ):
            if given(dest):
                raise CuteDumpError(
                    f"--atom-only and {opt} contradict each other: --atom-only prints only print(MMA_Atom) as text"
                )
        click.echo(mma_atom(atom).print_str(), nl=False)
        return
    mma, idesc = mma_build(atom, atom_layout, tile)
    if fmt_ == "json":
        if partition is not None or thr_idx is not None:
            raise CuteDumpError(
                f"--format json and {'--partition' if partition is not None else '--thread'} "
                "contradict each other: the JSON view has the TiledMMA and its TV layouts only"
            )
        from cutedump.render.json_view import mma_json  # start-up: the JSON view on demand

        d = mma_json(mma, force=force)
        if idesc is not None:
            d["instr_desc"] = idesc.hex()
            d["instr_desc_fields"] = idesc.json()["fields"]
        from cutedump.errors import note_size  # start-up: on demand

        click.echo(note_size(json_answer(d), "JSON"), nl=False)
        return
    out = mma_lines(mma, idesc)
    if partition is not None:
        shp = parse_shape_arg(partition, "--partition")
        if not is_tuple(shp) or len(shp) not in (2, 3) or any(is_tuple(x) for x in shp):
            raise CuteDumpError(f"--partition takes a shape (M,N) or (M,N,K), got {partition.strip()!r}")
        M, N = shp[0], shp[1]
        ops = [("C", (M, N))]
        if len(shp) == 3:
            ops = [("A", (M, shp[2])), ("B", (N, shp[2]))] + ops
        t = 0 if thr_idx is None else thr_idx
        thr = mma.get_slice(t)
        for op, s in ops:
            out.append(f"partition_shape_{op}{fmt(s)}: {fmt(partition_shape(mma, op, s))}")
        for op, s in ops:
            L = make_layout(s)
            lay, off = getattr(thr, f"partition_{op}")(L)
            out.append(f"thread {t} partition_{op}({L}): {lay}  (offset {int(off)})")
            try:
                if idesc is not None and op in ("A", "C"):  # UMMA: the fragment lives in tensor memory
                    from cutedump.atoms import tmem  # start-up: SM100 UMMA atoms only

                    f = (tmem.tmem_fragment_C if op == "C" else tmem.tmem_fragment_A)(mma, s)
                    out.append(f"thread {t} partition_fragment_{op}: {f}  ({f.columns()} TMEM columns)")
                else:
                    from cutedump.dumps.explain_partition import owning_fragment  # start-up: --partition only

                    frag = owning_fragment(partition_fragment(thr, op, L), f"partition_fragment_{op}")
                    out.append(f"thread {t} partition_fragment_{op}: {frag}")
            except CuteDumpError as e:
                out.append(f"thread {t} partition_fragment_{op}: ({e.message})")
    elif thr_idx is not None:
        raise CuteDumpError("--thread needs --partition (the tensor shape to partition)")
    click.echo("\n".join(out))
