"""A kernel model: a small data description of a CuTe kernel's objects and of one thread's partitions,
evaluated by the engine exactly as the kernel's C++ builds them (host only: pointers never matter).

A description is a mapping (the shape a TOML file would have)::

    {"kernel": {"name": ..., "title": ...},
     "params": {"M": "128", "bM": "_128", ...},        # defaults; CuTe literals (_8 static, 8 dynamic)
     "objects": [entry, ...],                          # host objects, printed in order
     "thread":  [entry, ...]}                          # tensors and partitions of one thread (block (0,0))

Each entry has a ``name`` and a ``kind``; expressions are in the ``cutedump eval`` language and may name params
and earlier entries (an identifier equal to such a name stands for its value). Kinds:

``value``        expr -> an int tuple or layout (``tile_to_shape(swizzle_atom, (bM,bK,_3))``)
``copy_atom``    atom, type -> Copy_Atom<atom, type>
``tiled_copy``   atom, type, thr, val -> make_tiled_copy(Copy_Atom<atom,type>{}, thr, val)
``tiled_mma``    atom, atom_layout, permutation -> make_tiled_mma(atom, atom_layout, Tile<permutation>)
``tiled_copy_A`` / ``_B`` / ``_C``   atom (a copy_atom entry), mma -> make_tiled_copy_A/B/C(atom, mma)
``query``        of, method -> e.g. mmaC.get_layoutA_TV(), copyA.get_layoutS_TV(), mmaC.get_thr_layout_vmnk()
``atom_detail``  atom (a copy_atom entry) -> the Src/Dst/Ref value layouts, src2ref/dst2ref and samples
``tensor``       memory (gmem|smem|rmem), layout expr or shape+stride exprs -> make_tensor(ptr, ...)
``local_tile``   tensor, tiler, coord, step -> local_tile(tensor, tiler, coord, Step<...>)
``partition``    op, of, tensor[, slice] -> of.get_slice(thread).op(tensor[slice]) with op one of partition_S,
                 partition_D, retile_D, partition_C, partition_fragment_A, partition_fragment_B, make_fragment_C
Optional keys: ``show = false`` (evaluate, do not print), ``modes`` (the kernel's names of the modes, e.g.
"CPY,CPY_M,CPY_K,k", used by the readings).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from cutedump.errors import CuteDumpError
from cutedump.algebra import C, Layout, make_layout
from cutedump.algebra.inttuple import is_int, is_int_tuple
from cutedump.algebra.swizzle import ComposedLayout
from cutedump.expr import evaluate, format_result
from cutedump.atoms import (copy_atom, make_tiled_copy, make_tiled_mma, make_tiled_copy_A, make_tiled_copy_B,
                            make_tiled_copy_C, TiledCopy, TiledMMA, CopyAtom)
from cutedump.atoms.cli_support import parse_layout_arg
from cutedump.kernel import tensor as T

_IDENT = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
PARTITION_OPS = ("partition_S", "partition_D", "retile_D", "partition_C", "partition_fragment_A",
                 "partition_fragment_B", "make_fragment_C")
QUERIES = ("get_thr_layout_vmnk", "get_layoutA_TV", "get_layoutB_TV", "get_layoutC_TV", "get_layoutS_TV",
           "get_layoutD_TV")
KINDS = ("value", "copy_atom", "tiled_copy", "tiled_mma", "tiled_copy_A", "tiled_copy_B", "tiled_copy_C", "query",
         "atom_detail", "tensor", "local_tile", "partition")


@dataclass
class Item:
    """One evaluated entry: its value (an engine object) and what the readings need to know about it."""
    name: str
    kind: str
    value: object
    entry: dict
    show: bool = True
    info: dict = field(default_factory=dict)


@dataclass
class KernelDump:
    """A description evaluated for one set of params and one thread."""
    name: str
    title: str
    params: dict
    thread: int
    objects: list
    tensors: list

    def item(self, name: str) -> Item:
        for it in self.objects + self.tensors:
            if it.name == name:
                return it
        raise KeyError(name)


class _Env:
    def __init__(self, where: str):
        self.values: dict[str, object] = {}
        self.where = where

    def text(self, value) -> str:
        return format_result(value)

    def subst(self, expr: str, entry: str) -> str:
        if not isinstance(expr, str):
            raise CuteDumpError(f"{self.where}: entry {entry!r}: expected an expression string, got {expr!r}")

        def rep(m):
            name = m.group(0)
            start = m.start()
            if start > 0 and (expr[start - 1].isalnum() or expr[start - 1] == "_"):
                return name
            if name in self.values:
                v = self.values[name]
                return self.text(v)
            return name
        return _IDENT.sub(rep, expr)

    def eval(self, expr: str, entry: str):
        text = self.subst(expr, entry)
        try:
            return evaluate(text)
        except CuteDumpError as e:
            raise CuteDumpError(f"{self.where}: entry {entry!r}: {e.one_line()} in {text!r}") from None

    def layout(self, expr: str, entry: str):
        v = self.eval(expr, entry)
        if isinstance(v, (Layout, ComposedLayout)):
            return v
        if is_int_tuple(v):
            return make_layout(v)
        raise CuteDumpError(f"{self.where}: entry {entry!r}: {expr!r} is not a layout")

    def get(self, name: str, entry: str, cls=None, what: str = "an earlier entry"):
        if name not in self.values:
            raise CuteDumpError(f"{self.where}: entry {entry!r}: {name!r} is not {what}")
        v = self.values[name]
        if cls is not None and not isinstance(v, cls):
            raise CuteDumpError(f"{self.where}: entry {entry!r}: {name!r} is not {what}")
        return v


def _need(e: dict, key: str, where: str):
    if key not in e:
        raise CuteDumpError(f"{where}: entry {e.get('name', '?')!r} ({e.get('kind')}) needs the key {key!r}")
    return e[key]


def _parse_param(name: str, text, where: str):
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise CuteDumpError(f"{where}: param {name!r}: expected a CuTe integer like 128 or _128, got {text!r}")
    v = evaluate(str(text)) if isinstance(text, str) else text
    if not is_int(v):
        raise CuteDumpError(f"{where}: param {name!r}: expected an integer, got {text!r}")
    return v


def evaluate_description(desc: dict, params: dict | None = None, thread: int = 0, where: str = "kernel") -> KernelDump:
    """Evaluate a description (see the module docstring) with params overriding its defaults."""

    env = _Env(where)
    meta = desc.get("kernel", {})
    merged = dict(desc.get("params", {}))
    for k, v in (params or {}).items():
        if k not in merged:
            raise CuteDumpError(f"{where}: unknown param {k!r} (known: {', '.join(merged)})")
        merged[k] = v
    for k, v in merged.items():
        if not _IDENT.fullmatch(k):
            raise CuteDumpError(f"{where}: param name {k!r} is not an identifier")
        env.values[k] = _parse_param(k, v, where)
    shown_params = dict(env.values)

    def build(e: dict, in_thread: bool) -> Item:
        name = _need(e, "name", where)
        kind = _need(e, "kind", where)
        if kind not in KINDS:
            raise CuteDumpError(f"{where}: entry {name!r}: unknown kind {kind!r} (kinds: {', '.join(KINDS)})")
        info: dict = {}
        if kind == "value":
            v = env.eval(_need(e, "expr", where), name)
        elif kind == "copy_atom":
            v = copy_atom(_need(e, "atom", where), _need(e, "type", where))
        elif kind == "tiled_copy":
            ca = copy_atom(_need(e, "atom", where), _need(e, "type", where))
            v = make_tiled_copy(ca, env.layout(_need(e, "thr", where), name), env.layout(e.get("val", "_1"), name))
        elif kind == "tiled_mma":
            perm = e.get("permutation")
            v = make_tiled_mma(_need(e, "atom", where),
                               parse_layout_arg(env.subst(e.get("atom_layout", "(_1,_1,_1)"), name), "atom_layout"),
                               env.subst(perm, name) if perm is not None else None)
        elif kind in ("tiled_copy_A", "tiled_copy_B", "tiled_copy_C"):
            ca = env.get(_need(e, "atom", where), name, CopyAtom, "a copy_atom entry")
            mma = env.get(_need(e, "mma", where), name, TiledMMA, "a tiled_mma entry")
            fn = {"A": make_tiled_copy_A, "B": make_tiled_copy_B, "C": make_tiled_copy_C}[kind[-1]]
            v = fn(ca, mma)
        elif kind == "query":
            method = _need(e, "method", where)
            if method not in QUERIES:
                raise CuteDumpError(f"{where}: entry {name!r}: unknown method {method!r} ({', '.join(QUERIES)})")
            obj = env.get(_need(e, "of", where), name, (TiledCopy, TiledMMA), "a TiledCopy or TiledMMA entry")
            if not hasattr(obj, method):
                raise CuteDumpError(f"{where}: entry {name!r}: {e['of']} has no {method}()")
            v = getattr(obj, method)()
            info["of"] = obj
        elif kind == "atom_detail":
            v = env.get(_need(e, "atom", where), name, CopyAtom, "a copy_atom entry")
        elif kind == "tensor":
            mem = e.get("memory", "gmem")
            if mem not in ("gmem", "smem", "rmem"):
                raise CuteDumpError(f"{where}: entry {name!r}: memory must be gmem, smem or rmem, got {mem!r}")
            if "layout" in e:
                v = T.make_tensor(env.layout(e["layout"], name))
            else:
                v = T.make_tensor(env.eval(_need(e, "shape", where), name), env.eval(_need(e, "stride", where), name))
            info["memory"] = mem
        elif kind == "local_tile":
            src = env.get(_need(e, "tensor", where), name, what="a tensor entry")
            tiler = env.eval(_need(e, "tiler", where), name)
            coord = env.eval(_need(e, "coord", where), name)
            step = _parse_step(e.get("step"), name, where)
            v = T.local_tile(src, tiler, coord, step)
            info.update(src=e["tensor"], tiler=tiler, step=step)
        else:  # partition
            op = _need(e, "op", where)
            if op not in PARTITION_OPS:
                raise CuteDumpError(f"{where}: entry {name!r}: unknown op {op!r} ({', '.join(PARTITION_OPS)})")
            of_name = _need(e, "of", where)
            obj = env.get(of_name, name, (TiledCopy, TiledMMA), "a TiledCopy or TiledMMA entry")
            src = env.get(_need(e, "tensor", where), name, what="a tensor entry")
            if "slice" in e:
                src = T.slice_tensor(src, env.eval(e["slice"], name))[0]
            copy_op = op in ("partition_S", "partition_D", "retile_D")
            if copy_op != isinstance(obj, TiledCopy):
                need = "a TiledCopy" if copy_op else "a TiledMMA"
                raise CuteDumpError(f"{where}: entry {name!r}: {op} needs {need}, {of_name!r} is not one")
            thr = obj.get_slice(thread)
            try:
                v = getattr(T, op)(thr, src)
            except CuteDumpError as err:
                raise CuteDumpError(f"{where}: entry {name!r}: {op}({e['tensor']}) by {of_name}: {err.one_line()}") \
                    from None
            info.update(op=op, of=obj, src=e["tensor"], src_layout=src)
        return Item(name, kind, v, e, bool(e.get("show", True)), info)

    objects, tensors = [], []
    for section, out in (("objects", objects), ("thread", tensors)):
        if section == "thread":
            n = _threads(objects)
            if n is not None and not 0 <= int(thread) < n:
                raise CuteDumpError(f"thread {thread} is out of range: the kernel has {n} threads (0..{n - 1})")
        for e in desc.get(section, []):
            if not isinstance(e, dict):
                raise CuteDumpError(f"{where}: every entry of [{section}] must be a table, got {e!r}")
            item = build(e, section == "thread")
            if item.name in env.values:
                raise CuteDumpError(f"{where}: entry {item.name!r} is defined twice")
            env.values[item.name] = item.value
            out.append(item)
    return KernelDump(meta.get("name", "kernel"), meta.get("title", ""), shown_params, thread, objects, tensors)


def _parse_step(step, name, where):
    """Step<_1,X,_1> written "(_1,X,_1)": a tuple with "X" for the modes local_tile drops."""
    if step is None:
        return None
    if not isinstance(step, str):
        raise CuteDumpError(f"{where}: entry {name!r}: step must be a string like \"(_1,X,_1)\"")
    body = step.strip()
    if not (body.startswith("(") and body.endswith(")")):
        raise CuteDumpError(f"{where}: entry {name!r}: step must look like (_1,X,_1), got {step!r}")
    out = []
    for tok in body[1:-1].split(","):
        tok = tok.strip()
        if tok == "X":
            out.append("X")
        elif re.fullmatch(r"_?\d+", tok):
            out.append(C(int(tok.lstrip("_"))))
        else:
            raise CuteDumpError(f"{where}: entry {name!r}: step entries are _1 or X, got {tok!r}")
    return tuple(out)


def _threads(objects) -> int | None:
    """The number of threads of the kernel: size of its first TiledMMA (or TiledCopy)."""
    for it in objects:
        if isinstance(it.value, TiledMMA):
            return int(it.value.size())
    for it in objects:
        if isinstance(it.value, TiledCopy):
            return int(it.value.size())
    return None


def thread_count(dump: KernelDump) -> int | None:
    return _threads(dump.objects)
