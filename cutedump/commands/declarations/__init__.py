"""Every cutedump command, declared once (no click here): this index lists the commands in the order ``cutedump
--help`` shows them, each with its one-line summary; the declaration of command NAME is the ``COMMAND`` of the module
``NAME.py`` beside this file (``-`` written ``_``): its help, examples (epilog), arguments and options, and the
functions that answer it (see :mod:`cutedump.commands._decl`). ``cutedump/cli.py`` builds the click commands from the
declarations (``commands/_click.py``); ``cutedump/entry.py`` parses the command lines it answers without click from
the same ones, importing only the one declaration it needs.

A new command: one row here, one module ``<name>.py`` here with its ``COMMAND``, and its answer function (``run``,
in ``commands/<name>_cmd.py``). A new option: one ``Opt`` in its command's ``params`` (its name a row of
``commands/_vocab.py``'s VOCAB), and the parameter in the answer function (and in the ``fast`` function, unless the
option says ``fast=False``).
"""

from __future__ import annotations

#: command name -> its summary (the line of ``cutedump --help``), in the order the help lists them
SUMMARIES = {
    "eval": "Evaluate CuTe expressions and print results as CuTe's print does.",
    "layout": "Print a layout as CuTe's print_layout does.",
    "coords": "Coordinate tables: idx2crd / crd2idx for a shape (and stride).",
    "compat": "Is shape A compatible with shape B, and why.",
    "atoms": "List the MMA and Copy atom catalogs.",
    "mma": "Print a TiledMMA and its A/B/C thread-value layouts.",
    "idesc": "Decode a UMMA (SM100) instruction descriptor and name its atoms.",
    "tmem": "A UMMA accumulator in tensor memory and its tcgen05.ld/st copy.",
    "copy": "Print a TiledCopy, its TV layouts and src2ref/dst2ref.",
    "tiled-copy-c": "The narrated make_tiled_copy_C_atom walk-through.",
    "explain": "CuTe's algorithms step by step: an algebra call, or partition shapes.",
    "sgemm-sm80": "Host-only dump of sgemm_sm80.cu: every layout, one thread's partitions.",
    "kernel": "Host-only dump and bank audit of any kernel, from a TOML description.",
    "golden": "Verify or update golden files against their commands.",
    "latex": "CuTe's print_latex (TikZ) of a layout, TV layout, MMA or copy.",
    "svg": "SVG pictures: CuTe's print_svg for MMAs, ours for the rest.",
    "html": "Interactive HTML page: hover tooltips, click a thread to highlight.",
    "tilelang": "TileLang bank-swizzle layouts: Forward, OutputShape, replicate extent, CuTe view.",
    "ck": "Composable Kernel tensor descriptors: transform chains, offsets, XDL recipes, CuTe view.",
    "desc": "Decode a GMMA/UMMA smem descriptor: fields, the layout it describes, its core matrices.",
    "bank": "Shared-memory bank conflicts and vector width of a copy, and the swizzle that fixes them.",
    "tma": "SM90 TMA copies: print(tma), cuTensorMapEncodeTiled arguments, box.",
    "collective": "What CUTLASS's GEMM CollectiveBuilder chooses (mainloop, epilogue), and why.",
    "triton": "Triton layouts as linear layouts, Triton's views, and the CuTe layout that does the same.",
    "scale": "Scale-factor layouts of block-scaled and blockwise GEMMs: gmem, the 128x4 chunk, smem, one element.",
}


class _Commands:
    """The declarations by name, each module imported on first use: ``COMMANDS[name]`` is its ``Command``."""

    def __init__(self):
        self._loaded = {}

    def __getitem__(self, name: str):
        cmd = self._loaded.get(name)
        if cmd is None:
            if name not in SUMMARIES:
                raise KeyError(name)
            from importlib import import_module  # start-up: on demand

            cmd = import_module(f"{__name__}.{name.replace('-', '_')}").COMMAND
            cmd.summary = SUMMARIES[name]
            self._loaded[name] = cmd
        return cmd

    def get(self, name: str, default=None):
        return self[name] if name in SUMMARIES else default

    def __contains__(self, name) -> bool:
        return name in SUMMARIES

    def __iter__(self):
        return iter(SUMMARIES)

    def __len__(self) -> int:
        return len(SUMMARIES)

    def keys(self):
        return SUMMARIES.keys()

    def values(self):
        return [self[n] for n in SUMMARIES]

    def items(self):
        return [(n, self[n]) for n in SUMMARIES]


COMMANDS = _Commands()
