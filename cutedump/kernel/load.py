"""Kernel description files: TOML (read with the standard library's ``tomllib``), evaluated by
:mod:`cutedump.kernel.model`. A file looks like::

    [kernel]
    name = "sgemm_sm80"
    title = "sgemm_sm80.cu gemm_tn (half_t)"
    threads = 128                 # optional: the CTA's threads (default: the size of the first TiledMMA)

    [params]                      # defaults, CuTe integers: "128" is dynamic, "_128" static
    M = "128"
    bM = "_128"

    [[objects]]                   # host objects, printed in order (see model.py for the kinds and their keys)
    name = "cta_tiler"
    kind = "value"
    expr = "(bM,bN,bK)"

    [[thread]]                    # the tensors and partitions of one thread of block (0,0)
    ...

    [[thread]]                    # GMMA smem (wgmma_sm90_tn.toml): the swizzle goes into the pointer
    name = "sA"
    kind = "tensor"
    memory = "smem"
    layout = "sA_layout"          # tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (bM,bK,bP))

    [[thread]]
    name = "tAsA"
    kind = "partition"
    op = "partition_D"
    of = "copyA"
    tensor = "as_position_independent_swizzle_tensor(sA)"

    [[objects]]                   # TMA (wgmma_tma_sm90_tn.toml): make_tma_atom on the host
    name = "tmaA"
    kind = "tma_atom"
    op = "SM90_TMA_LOAD"
    type = "half_t"
    gmem = "mA_host"              # a gmem tensor entry
    smem = "sA_layout"
    slice = "(_,_,0)"             # sA(_,_,0): one pipe stage
    tile = "(bM,bK)"

    [[thread]]                    # tma_partition: two outputs (gmem coordinates, smem)
    name = "tAgA, tAsA"
    kind = "tma_partition"
    of = "tmaA"
    smem = "group_modes<0,2>(sA)"
    gmem = "group_modes<0,2>(gA)" # gA: local_tile of a tma_tensor entry (tmaA.get_tma_tensor((M,K)))

    [[thread]]                    # Blackwell (sm100_01_mma.toml): a CTA's partition, tiled_mma.get_slice(mma_v)
    name = "tCgA"
    kind = "partition"
    op = "partition_A"
    of = "tiled_mma"
    thr = "mma_v"
    tensor = "gA"

    [[smem_copies]]               # which copies touch shared memory, for the bank audit
    copy = "copyA"                # a TiledCopy entry (or a tma_atom: not a thread copy, nothing counted)
    tensor = "sA"                 # a tensor entry with memory = "smem"
    direction = "store"           # store: the copy writes smem (partition_D); load: it reads smem (partition_S)
    slice = "(_,_,0)"             # the part of the tensor one pass of copy() covers (one pipe stage)

    [checks]                      # optional tile rules, reported before any partition
    tiler = "cta_tiler"
    copies = { copyA = [0, 2], copyB = [1, 2] }
    mma = "mmaC"

TOML gives no line numbers, so errors are located by scanning the text: each ``[[section]]`` header opens entry
0, 1, ... of that section, and a key's line is the first ``key =`` line inside its entry.
"""
from __future__ import annotations

import os

from cutedump.errors import CuteDumpError
from cutedump.kernel.model import evaluate_description, KernelDump

_EXAMPLES = os.path.join(os.path.dirname(os.path.realpath(__file__)), "examples")   # EXAMPLES as a str


def __getattr__(name):
    """``EXAMPLES``: the shipped examples' directory as a pathlib.Path (pathlib, with urllib.parse and ipaddress,
    is ~3 ms of start-up: the command itself reads the directory with os)."""
    if name == "EXAMPLES":
        from pathlib import Path  # start-up: only for the callers that want a Path
        return Path(_EXAMPLES)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

_HEADER = r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?\s*(#.*)?$"     # compiled when a locator scans (an error)
_KEY = r'^\s*("?)([A-Za-z0-9_\-]+)\1\s*='


class TextLocator:
    """``locate(section, index, key)`` -> "FILE:LINE" from the text of a TOML file."""

    def __init__(self, path: str, text: str):
        self.path, self._text, self._tables = path, text, None

    @property
    def tables(self) -> dict:
        """(section, index|None) -> {"": header line, key: line}, scanned on first use (only an error needs it)."""
        if self._tables is None:
            self._tables = self._scan(self._text)
        return self._tables

    @staticmethod
    def _scan(text: str) -> dict:
        import re  # start-up: only an error locates
        header, key = re.compile(_HEADER), re.compile(_KEY)
        tables: dict = {}
        counts: dict = {}
        top: dict = {}
        current = top
        tables[("", None)] = top
        for n, line in enumerate(text.splitlines(), 1):
            m = header.match(line)
            if m:
                sec = m.group(2)
                top.setdefault(sec, n)
                if m.group(1) == "[[":
                    idx = counts.get(sec, 0)
                    counts[sec] = idx + 1
                    current = tables.setdefault((sec, idx), {"": n})
                else:
                    current = tables.setdefault((sec, None), {"": n})
                continue
            k = key.match(line)
            if k:
                current.setdefault(k.group(2), n)
                if current is top:
                    top.setdefault(k.group(2), n)
        return tables

    def line(self, section: str, index=None, key=None) -> int:
        t = self.tables.get((section, index))
        if t is None:
            t = self.tables.get((section, None))
        if t is None:
            return self.tables[("", None)].get(section, 1)
        if key is not None and key in t:
            return t[key]
        return t.get("name", t.get("", 1))     # an entry is where its name is written

    def __call__(self, section: str, index=None, key=None) -> str:
        return f"{self.path}:{self.line(section, index, key)}"


def read_description(path) -> tuple[dict, TextLocator]:
    """The parsed TOML file and its locator; CuteDumpError naming FILE:LINE for unreadable or invalid TOML.

    A shipped example whose text is exactly the one ``examples_data/NAME.py`` was generated from is not parsed again:
    its literal is the same dict tomllib gives (see gen_examples.py)."""
    if not str(path).strip():
        raise CuteDumpError("FILE is empty: give a kernel description file or a shipped kernel's name")
    try:
        if str(path) == "-":   # standard input
            import sys
            path = "<stdin>"
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except FileNotFoundError:
        raise CuteDumpError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CuteDumpError(f"{path}: is a directory, not a kernel description file") from None
    except UnicodeDecodeError:
        raise CuteDumpError(f"{path}: not UTF-8 text") from None
    except OSError as e:
        raise CuteDumpError(f"{path}: cannot read: {e.strerror}") from None
    desc = _shipped(path, text)
    if desc is None:
        desc = _parse_toml(path, text)
    if not desc.get("objects") and not desc.get("thread"):
        raise CuteDumpError(f"{path}: the description has no [[objects]] and no [[thread]] entries: nothing to dump "
                            "(see cutedump/kernel/load.py for the format)")
    return desc, TextLocator(str(path), text)


def _shipped(path, text: str) -> dict | None:
    """The generated literal of a shipped example read unchanged (examples_data/NAME.py), else None."""
    if not str(path).endswith(".toml") or os.path.dirname(os.path.realpath(path)) != _EXAMPLES:
        return None
    name = os.path.basename(path)[:-5]
    if not name.isidentifier():
        return None
    from cutedump._startup import import_module  # start-up: on demand
    try:
        data = import_module(f"cutedump.kernel.examples_data.{name}")
    except ModuleNotFoundError:
        return None
    return data.desc() if data.TEXT == text else None


def _parse_toml(path, text: str) -> dict:
    try:
        import tomllib  # start-up: on demand (~9 ms with typing, datetime and its regexes)
    except ModuleNotFoundError:  # Python 3.10: tomllib is 3.11's standard library, tomli its package (a dependency)
        try:
            import tomli as tomllib  # start-up: on demand
        except ModuleNotFoundError:
            raise CuteDumpError("kernel description files need tomllib (Python 3.11+) or the tomli package") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        import re  # start-up: only for an error
        msg = str(e)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        if m:
            msg = msg[:m.start()].strip()
            raise CuteDumpError(f"{path}:{m.group(1)}: invalid TOML: {msg} (column {m.group(2)})") from None
        m = re.search(r"\(at end of document\)", msg)
        if m:
            n = text.count("\n") + (0 if text.endswith("\n") else 1)
            raise CuteDumpError(f"{path}:{max(n, 1)}: invalid TOML: {msg[:m.start()].strip()} (at the end of the "
                                "file)") from None
        raise CuteDumpError(f"{path}: invalid TOML: {msg}") from None


def load(path, params: dict | None = None, thread: int = 0) -> KernelDump:
    """Read and evaluate a kernel description file for params (overriding its defaults) and a thread."""
    desc, loc = read_description(path)
    return evaluate_description(desc, params, thread, locate=loc)


def example(name: str) -> str:
    """The path of a shipped example description (``cutedump/kernel/examples/NAME.toml``)."""
    p = os.path.join(_EXAMPLES, f"{name}.toml")
    if not os.path.exists(p):
        raise CuteDumpError(f"no shipped kernel {name!r}; shipped: {', '.join(examples())}")
    return p


def examples() -> list[str]:
    return sorted(n[:-5] for n in os.listdir(_EXAMPLES) if n.endswith(".toml") and len(n) > 5)
