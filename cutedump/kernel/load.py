"""Kernel description files: TOML (read with the standard library's ``tomllib``; ``tomli`` on Python 3.10), evaluated by
:mod:`cutedump.kernel.model`. A file looks like::

    [kernel]
    name = "sgemm_sm80"
    title = "sgemm_sm80.cu gemm_tn (half_t)"
    threads = 128                 # optional: the CTA's threads (default: the size of the first TiledMMA)
    lang = "en"                   # optional: the language `cutedump kernel` narrates it in (zh or en), unless
                                  # --lang or CUTEDUMP_LANG says otherwise (default: zh); `collective --toml`
                                  # writes the --lang it was given

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

    [[objects]]                   # scale factors (sm100_72a_nvfp4_sf.toml): the block-scaled config's layouts
    name = "SmemLayoutAtomSFA"
    kind = "scale_layout"
    config = "cutlass::detail::Sm1xxBlockScaledConfig<VS>"
    fn = "deduce_smem_layoutSFA"  # or tile_atom_to_shape_SFA/B (key shape), smem_atom_layoutSFA/B (key tile)
    mma = "tiled_mma"             # a tiled_mma entry of one UMMA atom
    tile = "TileShape"

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

Reading TOML costs a kernel answer about as much as the rest of its start-up (importing tomllib, which imports re,
and parsing: ~70 M instructions for a shipped description, twice ``python -c pass``). So the parsed form of a
description is kept in the user's cache directory (:func:`cache_dir`: ``$XDG_CACHE_HOME/cutedump``,
``~/Library/Caches/cutedump``, ``%LOCALAPPDATA%\\cutedump\\Cache``), one ``marshal`` file per text, named by the
text's CRC-32 and length and holding the text itself: a file is used only when its text is exactly the one read,
so an edited file is parsed again. A cache that cannot be read or written is only slower, never different.
"""

from __future__ import annotations

import os
import sys

from cutedump.errors import CuteDumpError
from cutedump.kernel.model import KernelDump, evaluate_description

_EXAMPLES = os.path.join(os.path.dirname(os.path.realpath(__file__)), "examples")  # EXAMPLES as a str


def __getattr__(name):
    """``EXAMPLES``: the shipped examples' directory as a pathlib.Path (pathlib, with urllib.parse and ipaddress,
    is ~3 ms of start-up: the command itself reads the directory with os)."""
    if name == "EXAMPLES":
        from pathlib import Path  # start-up: only for the callers that want a Path

        return Path(_EXAMPLES)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_HEADER = r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?\s*(#.*)?$"  # compiled when a locator scans (an error)
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
        return t.get("name", t.get("", 1))  # an entry is where its name is written

    def __call__(self, section: str, index=None, key=None) -> str:
        return f"{self.path}:{self.line(section, index, key)}"


def read_description(path) -> tuple[dict, TextLocator]:
    """The parsed TOML file and its locator; CuteDumpError naming FILE:LINE for unreadable or invalid TOML.

    A text read before is not parsed again: its parsed form comes from the user's cache (see the module's text)."""
    if not str(path).strip():
        raise CuteDumpError("FILE is empty: give a kernel description file or a shipped kernel's name")
    if "\0" in str(path):  # no file name holds a NUL character
        raise CuteDumpError(f"{str(path)!r}: a file name cannot hold a NUL character")
    try:
        if str(path) == "-":  # standard input
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
    desc = _cached(text)
    if desc is None:
        desc = _parse_toml(path, text)
        _store(text, desc)
    if not desc.get("objects") and not desc.get("thread"):
        raise CuteDumpError(
            f"{path}: the description has no [[objects]] and no [[thread]] entries: nothing to dump "
            "(see cutedump/kernel/load.py for the format)"
        )
    return desc, TextLocator(str(path), text)


#: the cache files' format: changed when what is stored (or how tomllib reads a text) changes
_CACHE_FORMAT = "cutedump-kernel-toml-1"


def cache_dir() -> str | None:
    """The directory of cutedump's cached files: the platform's user cache directory (None if there is none)."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA", "")
        return os.path.join(base, "cutedump", "Cache") if os.path.isabs(base) else None
    if sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME", "")
        if not os.path.isabs(base):  # unset, empty or relative: the XDG default
            base = os.path.expanduser("~/.cache")
    return os.path.join(base, "cutedump") if os.path.isabs(base) else None


def _cache_file(text: str) -> str | None:
    d = cache_dir()
    if d is None:
        return None
    import zlib  # start-up: the content's checksum, on demand

    data = text.encode("utf-8", "surrogatepass")
    return os.path.join(d, "kernel-%08x-%d-py%d%d.marshal" % (zlib.crc32(data), len(data), *sys.version_info[:2]))


def _cached(text: str) -> dict | None:
    """The parsed form of ``text`` stored by an earlier read, or None."""
    try:
        path = _cache_file(text)
        if path is None:
            return None
        import marshal  # start-up: the cache's format, on demand

        with open(path, "rb") as f:
            entry = marshal.load(f)
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if (
        type(entry) is tuple
        and len(entry) == 3
        and entry[0] == _CACHE_FORMAT
        and entry[1] == text
        and type(entry[2]) is dict
    ):
        return entry[2]
    return None


def _store(text: str, desc: dict) -> None:
    """Keep the parsed form of ``text`` in the user's cache (nothing if it cannot be written or marshalled)."""
    import marshal  # start-up: only after a parse

    try:
        path = _cache_file(text)
        if path is None:
            return
        data = marshal.dumps((_CACHE_FORMAT, text, desc))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)  # atomic: a concurrent reader sees the whole file or none
    except (OSError, ValueError):  # ValueError: a value marshal cannot hold (a TOML date)
        return


def _parse_toml(path, text: str) -> dict:
    try:
        import tomllib  # start-up: on demand (~9 ms with typing, datetime and its regexes)
    except ModuleNotFoundError:  # Python 3.10: tomllib is 3.11's standard library; tomli is the same parser
        try:
            import tomli as tomllib  # start-up: likewise
        except ModuleNotFoundError:
            raise CuteDumpError(
                "kernel description files need Python 3.11 or newer (tomllib), or the tomli "
                "package on Python 3.10: pip install tomli"
            ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        import re  # start-up: only for an error

        msg = str(e)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        if m:
            msg = msg[: m.start()].strip()
            raise CuteDumpError(f"{path}:{m.group(1)}: invalid TOML: {msg} (column {m.group(2)})") from None
        m = re.search(r"\(at end of document\)", msg)
        if m:
            n = text.count("\n") + (0 if text.endswith("\n") else 1)
            raise CuteDumpError(
                f"{path}:{max(n, 1)}: invalid TOML: {msg[: m.start()].strip()} (at the end of the file)"
            ) from None
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
