"""Triton layouts as text: Gluon's ``repr()`` spelling and TTGIR's attribute text, read and written.

Gluon: ``BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[1, 0],
cga_layout=[])`` (keywords or positional arguments in the dataclass's field order; an optional ``gl.``/``ttgl.``
prefix; parents nested). TTGIR: ``#ttg.blocked<{sizePerThread = [1, 4], ...}>``, with ``#alias`` references
resolved through the aliases of a file.
"""

from __future__ import annotations

import re
from dataclasses import fields, replace

from cutedump.errors import CuteDumpError
from cutedump.triton import layouts as L

_TOKEN = re.compile(r"\s*(?:(?P<num>-?\d+)|(?P<name>#?[A-Za-z_][\w.]*)|(?P<punct>[\[\](){}<>=,:]))")


def _tokens(text: str) -> list[str]:
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise CuteDumpError(f"cannot read the layout at column {pos + 1}: {text[pos : pos + 20]!r}")
        out.append(m.group(m.lastgroup))
        pos = m.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    return out


class _Reader:
    def __init__(self, text: str, aliases: dict | None = None):
        self.toks = _tokens(text)
        self.i = 0
        self.aliases = aliases or {}

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, want=None):
        t = self.peek()
        if t is None or (want is not None and t != want):
            raise CuteDumpError(f"expected {want!r} in the layout, found {t!r}" if want else "the layout ends early")
        self.i += 1
        return t

    def value(self):
        t = self.peek()
        if t == "[":
            self.take("[")
            items = []
            while self.peek() != "]":
                items.append(self.value())
                if self.peek() == ",":
                    self.take(",")
            self.take("]")
            return tuple(items)
        if t is not None and re.fullmatch(r"-?\d+", t):
            self.take()
            return int(t)
        if t in ("True", "true"):
            self.take()
            return True
        if t in ("False", "false"):
            self.take()
            return False
        if t == "None":
            self.take()
            return None
        if t is not None and t.startswith("#"):
            return self.attr()
        if t == "{":  # a dictionary inside an attribute (#ttg.amd_wmma's ctaLayout = {warp = [...]})
            self.take("{")
            kw = {}
            while self.peek() != "}":
                k = self.take()
                self.take("=")
                kw[k] = self.value()
                if self.peek() == ",":
                    self.take(",")
            self.take("}")
            return ("dict", kw)
        return self.gluon()

    # ---- Gluon
    def gluon(self):
        name = self.take()
        short = name.rsplit(".", 1)[-1]
        if short == "get_default_for" and name.rsplit(".", 2)[-2:-1] == ["NVMMASharedLayout"]:
            return self.default_for(name)
        cls = L.KINDS.get(short)
        if short == "PaddedSharedLayout":  # Triton aborts too: "padded shared encoding has no linear layout"
            raise CuteDumpError("PaddedSharedLayout: Triton 3.9 gives a padded shared layout no linear layout")
        if cls is None:
            raise CuteDumpError(f"unknown layout {name!r}; known: {', '.join(L.KINDS)}")
        self.take("(")
        names = [f.name for f in fields(cls)]
        kw, pos = {}, []
        while self.peek() != ")":
            if self.i + 1 < len(self.toks) and self.toks[self.i + 1] == "=" and re.fullmatch(r"\w+", self.peek()):
                k = self.take()
                self.take("=")
                kw[k] = self.value()
            else:
                pos.append(self.value())
            if self.peek() == ",":
                self.take(",")
        self.take(")")
        return _build_gluon(cls, short, names, pos, kw)

    def default_for(self, name):
        """``NVMMASharedLayout.get_default_for(block_shape, dtype, transposed=False, fp4_padded=False,
        cga_layout=None)``: Gluon's choice of the largest swizzle the contiguous dimension's bytes allow
        (triton/experimental/gluon/language/_layouts.py)."""
        self.take("(")
        params = ["block_shape", "dtype", "transposed", "fp4_padded", "cga_layout"]
        kw, pos = {}, []
        while self.peek() != ")":
            if self.i + 1 < len(self.toks) and self.toks[self.i + 1] == "=" and re.fullmatch(r"\w+", self.peek()):
                k = self.take()
                self.take("=")
                kw[k] = self._dtype_or_value()
            else:
                pos.append(self._dtype_or_value())
            if self.peek() == ",":
                self.take(",")
        self.take(")")
        if len(pos) > len(params):
            raise CuteDumpError(f"{name}: at most {len(params)} arguments")
        for k in kw:
            if k not in params:
                raise CuteDumpError(f"{name} has no parameter {k!r}; its parameters: {', '.join(params)}")
        args = dict(zip(params, pos), **kw)
        for k in ("block_shape", "dtype"):
            if k not in args:
                raise CuteDumpError(f"{name}: missing {k}")
        return default_nvmma(name, **args)

    def _dtype_or_value(self):
        t = self.peek()
        if t is not None and re.fullmatch(r"(?:\w+\.)*\w+", t) and _bits(t) is not None:
            self.take()
            return ("dtype", t)
        return self.value()

    # ---- TTGIR
    def attr(self):
        name = self.take()
        if self.peek() != "<":
            if name not in self.aliases:
                raise CuteDumpError(f"{name}: no such alias")
            return self.aliases[name]
        self.take("<")
        self.take("{")
        kw = {}
        while self.peek() != "}":
            k = self.take()
            self.take("=")
            kw[k] = self.value()
            if self.peek() == ",":
                self.take(",")
        self.take("}")
        while (
            self.peek() == ","
        ):  # parameters after the dictionary (#ttg.shared_linear<{offset = [...]}, alignment = 16>)
            self.take(",")
            k = self.take()
            self.take("=")
            kw[k] = self.value()
        self.take(">")
        return _build_ttgir(name, kw)


#: what each parameter holds: int, bool, ints (a list of integers), bases (a list of lists of integers), layout;
#: a trailing ? allows None
_KIND = {
    "size_per_thread": "ints",
    "threads_per_warp": "ints",
    "warps_per_cta": "ints",
    "order": "ints",
    "cga_layout": "bases",
    "dim": "int",
    "parent": "layout",
    "operand_index": "int",
    "k_width": "int",
    "version": "int|ints",
    "instr_shape": "ints",
    "reg_bases": "bases",
    "lane_bases": "bases",
    "warp_bases": "bases",
    "block_bases": "bases",
    "shape": "ints",
    "vec": "int",
    "per_phase": "int",
    "max_phase": "int",
    "swizzle_byte_width": "int",
    "element_bitwidth": "int",
    "rank": "int?",
    "transposed": "bool",
    "fp4_padded": "bool",
    "offset_bases": "bases",
    "alignment": "int",
    "tiles_per_warp": "ints?",
}


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _check_kinds(where: str, args: dict) -> None:
    for k, v in args.items():
        kind = _KIND.get(k, "")
        if kind.endswith("?"):
            if v is None:
                continue
            kind = kind[:-1]
        ok = any(
            {
                "int": lambda: _is_int(v),
                "bool": lambda: isinstance(v, bool),
                "ints": lambda: isinstance(v, tuple) and all(_is_int(x) for x in v),
                "bases": lambda: (
                    isinstance(v, tuple) and all(isinstance(b, tuple) and all(_is_int(x) for x in b) for b in v)
                ),
                "layout": lambda: hasattr(v, "to_linear") or (isinstance(v, tuple) and v[:1] == ("linear",)),
            }[kd]()
            for kd in kind.split("|")
        )
        if not ok:
            want = {
                "int": "an integer",
                "bool": "True or False",
                "ints": "a list of integers",
                "bases": "a list of lists of integers",
                "layout": "a layout",
                "int|ints": "an integer or a list of integers",
            }[kind]
            raise CuteDumpError(f"{where}: {k} must be {want}")
        if kind == "int" and not -(1 << 31) <= v < (1 << 31):
            raise CuteDumpError(f"{where}: {k} = {v} is out of range")
        if kind in ("ints", "bases") and any(not -(1 << 31) <= x < (1 << 31) for x in _flat(v)):
            raise CuteDumpError(f"{where}: {k} has an entry out of range")


def _flat(v):
    for x in v:
        if isinstance(x, tuple):
            yield from _flat(x)
        else:
            yield x


def _build_gluon(cls, short, names, pos, kw):
    if len(pos) > len(names):
        raise CuteDumpError(f"{short} takes at most {len(names)} arguments")
    args = dict(zip(names, pos))
    for k, v in kw.items():
        if k not in names:
            raise CuteDumpError(f"{short} has no parameter {k!r}; its parameters: {', '.join(names)}")
        args[k] = v
    defaults = {f.name for f in fields(cls) if f.default is not f.default_factory or f.default is not None}
    if short == "AMDMFMALayout" and args.get("element_bitwidth", 0) is None:
        args["element_bitwidth"] = 32  # Gluon's default for None
    _check_kinds(short, args)
    try:
        return cls(**args)
    except TypeError:
        missing = [n for n in names if n not in args and n not in defaults]
        raise CuteDumpError(f"{short}: missing {', '.join(missing) or 'parameters'}") from None


_TTGIR = {
    "#ttg.blocked": (
        L.Blocked,
        {
            "sizePerThread": "size_per_thread",
            "threadsPerWarp": "threads_per_warp",
            "warpsPerCTA": "warps_per_cta",
            "order": "order",
            "CGALayout": "cga_layout",
        },
    ),
    "#ttg.slice": (L.Slice, {"dim": "dim", "parent": "parent"}),
    "#ttg.dot_op": (L.DotOperand, {"opIdx": "operand_index", "parent": "parent", "kWidth": "k_width"}),
    #: Triton's TTGIR spelling of SharedLinearLayout (SharedLinearEncodingAttr::print)
    "#ttg.shared_linear": (
        L.SharedLinear,
        {"offset": "offset_bases", "block": "block_bases", "alignment": "alignment"},
    ),
    "#ttg.swizzled_shared": (
        L.SwizzledShared,
        {"vec": "vec", "perPhase": "per_phase", "maxPhase": "max_phase", "order": "order", "CGALayout": "cga_layout"},
    ),
    "#ttg.nvmma_shared": (
        L.NVMMAShared,
        {
            "swizzlingByteWidth": "swizzle_byte_width",
            "transposed": "transposed",
            "elementBitWidth": "element_bitwidth",
            "fp4Padded": "fp4_padded",
            "rank": "rank",
            "CGALayout": "cga_layout",
        },
    ),
    "#ttg.amd_mfma": (
        L.AMDMfma,
        {
            "version": "version",
            "warpsPerCTA": "warps_per_cta",
            "instrShape": "instr_shape",
            "isTransposed": "transposed",
            "elementBitWidth": "element_bitwidth",
            "tilesPerWarp": "tiles_per_warp",
            "CGALayout": "cga_layout",
        },
    ),
}


def _build_ttgir(name, kw):
    if name == "#ttg.nvidia_mma":
        need = ("versionMajor", "warpsPerCTA", "instrShape")
        for k in need:
            if k not in kw:
                raise CuteDumpError(f"{name}: missing {k}")
        _check_kinds(
            name,
            {
                "warps_per_cta": kw["warpsPerCTA"],
                "instr_shape": kw["instrShape"],
                "version": (kw["versionMajor"], kw.get("versionMinor", 0)),
                "cga_layout": kw.get("CGALayout", ()),
            },
        )
        return L.NVMMADistributed(
            (kw["versionMajor"], kw.get("versionMinor", 0)),
            kw["warpsPerCTA"],
            kw["instrShape"],
            kw.get("CGALayout", ()),
        )
    if name == "#ttg.amd_wmma":
        known = {"version", "isTranspose", "ctaLayout", "instrShape", "CGALayout"}
        for k in kw:
            if k not in known:
                raise CuteDumpError(f"{name} has no parameter {k!r}")
        cta = kw.get("ctaLayout", ("dict", {}))
        if not (isinstance(cta, tuple) and cta[:1] == ("dict",)) or set(cta[1]) - {"warp", "register"}:
            raise CuteDumpError(f"{name}: ctaLayout must be {{warp = [...], register = [...]}}")
        args = {
            "version": kw.get("version"),
            "transposed": kw.get("isTranspose", False),
            "warp_bases": cta[1].get("warp", ()),
            "reg_bases": cta[1].get("register", ()),
            "instr_shape": kw.get("instrShape", (16, 16, 16)),
            "cga_layout": kw.get("CGALayout", ()),
        }
        _check_kinds(name, args)
        bases = args["warp_bases"] + args["reg_bases"] + args["cga_layout"]
        return L.AMDWmma(**args, rank=len(bases[0]) if bases else 2)
    if name == "#ttg.linear":
        return resolve_linear(("linear", kw), None)
    if name not in _TTGIR:
        raise CuteDumpError(
            f"unknown TTGIR layout {name}; known: {', '.join(sorted(list(_TTGIR) + ['#ttg.nvidia_mma', '#ttg.linear', '#ttg.amd_wmma']))}"
        )
    cls, names = _TTGIR[name]
    args = {}
    for k, v in kw.items():
        if k not in names:
            raise CuteDumpError(f"{name} has no parameter {k!r}")
        args[names[k]] = v
    _check_kinds(name, args)
    if cls is L.DotOperand and "k_width" not in args:
        args["k_width"] = 0  # Triton's printer leaves kWidth out when it is 0 (a blocked parent's dot operand)
    if cls is L.NVMMAShared and "rank" not in args:
        args["rank"] = None  # the rank of the tensor it is used with
    if cls is L.AMDMfma and "instr_shape" in args and len(args["instr_shape"]) == 2:
        args["instr_shape"] = tuple(args["instr_shape"]) + (0,)
    try:
        return cls(**args)
    except TypeError:
        raise CuteDumpError(f"{name}: missing parameters") from None


def _bits(dtype: str):
    """The bit width of a Gluon/Triton dtype name (``gl.float16`` 16, ``gl.float8e4nv`` 8, ``gl.int1`` 1)."""
    m = re.fullmatch(r"(?:\w+\.)*(?:u?int|b?float)(\d+)\w*", dtype)
    return int(m.group(1)) if m else None


def default_nvmma(name, block_shape, dtype, transposed=False, fp4_padded=False, cga_layout=None):
    """Gluon's ``NVMMASharedLayout.get_default_for`` (Triton 3.9, _layouts.py), for a CTA-local layout."""
    if not (isinstance(dtype, tuple) and dtype[:1] == ("dtype",)):
        raise CuteDumpError(f"{name}: dtype must be a dtype name such as gl.float16")
    if not (isinstance(block_shape, tuple) and block_shape and all(isinstance(x, int) and x > 0 for x in block_shape)):
        raise CuteDumpError(f"{name}: block_shape must be a list of positive integers")
    if cga_layout not in (None, ()):
        raise CuteDumpError(f"{name}: a cga_layout is not modelled here; spell the NVMMASharedLayout it returns")
    if not isinstance(transposed, bool) or not isinstance(fp4_padded, bool):
        raise CuteDumpError(f"{name}: transposed and fp4_padded are True or False")
    bits = _bits(dtype[1])
    shape = list(block_shape)
    if transposed:
        shape = shape[1:] + shape[:1]
    contig = shape[-1] * (2 if fp4_padded else 1) * bits // 8
    swizzle = next((w for w in (128, 64, 32) if contig >= w and contig % w == 0), 0)
    outer = 1
    for x in shape[:-1]:
        outer *= x
    if len(block_shape) < 2 or outer < 8:
        swizzle = 0
    return L.NVMMAShared(
        swizzle_byte_width=swizzle,
        element_bitwidth=bits,
        rank=len(block_shape),
        transposed=transposed,
        fp4_padded=fp4_padded,
        cga_layout=(),
    )


def resolve_linear(obj, shape):
    """A ``#ttg.linear`` attribute becomes a DistributedLinear (of the shape its bases reach; a tensor of another
    shape grows or cuts it)."""
    if isinstance(obj, tuple) and obj and obj[0] == "linear":
        kw = obj[1]
        names = {"register": "reg_bases", "lane": "lane_bases", "warp": "warp_bases", "block": "block_bases"}
        for k in kw:
            if k not in names:
                raise CuteDumpError(f"#ttg.linear has no parameter {k!r}; its parameters: {', '.join(names)}")
        _check_kinds("#ttg.linear", {names[k]: v for k, v in kw.items()})
        lay = L.DistributedLinear(kw.get("register", ()), kw.get("lane", ()), kw.get("warp", ()), kw.get("block", ()))
        for k, bs in kw.items():
            for b in bs:
                if len(b) != lay.rank:
                    raise CuteDumpError(
                        f"#ttg.linear: {k} basis {list(b)} has {len(b)} entries, the layout has rank {lay.rank}"
                    )
                if any(v < 0 for v in b):
                    raise CuteDumpError(f"#ttg.linear: {k} basis {list(b)} has a negative entry")
        return replace(lay, shape=tuple(lay.own_shape())) if lay.rank else lay  # its shape: what its bases reach
    return obj


def parse(text: str, aliases: dict | None = None):
    r = _Reader(text, aliases)
    v = r.value()
    if r.peek() is not None:
        raise CuteDumpError(f"unexpected {r.peek()!r} after the layout")
    if isinstance(v, (int, tuple)) and not (isinstance(v, tuple) and v and v[0] == "linear"):
        raise CuteDumpError("expected a layout, e.g. BlockedLayout(...) or #ttg.blocked<{...}>")
    return v


def _lst(v):
    if isinstance(v, (tuple, list)):
        return "[" + ", ".join(_lst(x) for x in v) + "]"
    return repr(v)


def gluon(layout) -> str:
    """Gluon's repr() of the layout."""
    name = next(k for k, c in L.KINDS.items() if type(layout) is c)
    parts = []
    for f in fields(layout):
        v = getattr(layout, f.name)
        if isinstance(layout, L.AMDMfma) and f.name == "tiles_per_warp" and v is None:
            v = (1,) * layout.rank
        parts.append(f"{f.name}={gluon(v) if hasattr(v, 'to_linear') else _lst(v)}")
    return f"{name}({', '.join(parts)})"
