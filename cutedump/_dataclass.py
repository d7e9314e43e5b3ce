"""``dataclass``, ``field``, ``fields`` and ``replace`` as the standard library's dataclasses module gives them, for the
forms this package uses (``@dataclass``, ``@dataclass(frozen=True)``, ``field(default_factory=...)``, inheritance,
``__post_init__``), without importing the standard module: it imports ``inspect`` (with ast, dis, tokenize, ...), about
6 ms of every command's start-up. The generated ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` and frozen
``__setattr__``/``__delattr__`` behave as the standard ones (tests/test_dataclass.py compares them).
"""
from __future__ import annotations

_MISSING = object()


class FrozenInstanceError(AttributeError):
    """Assignment to a field of a frozen dataclass."""


class Field:
    __slots__ = ("name", "type", "default", "default_factory", "init", "repr", "compare", "hash")

    def __init__(self, default=_MISSING, default_factory=_MISSING, init=True, repr=True, compare=True, hash=None):
        if default is not _MISSING and default_factory is not _MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = None
        self.type = None
        self.default, self.default_factory = default, default_factory
        self.init, self.repr, self.compare, self.hash = init, repr, compare, hash

    def __repr__(self):
        return f"Field(name={self.name!r})"


def field(*, default=_MISSING, default_factory=_MISSING, init=True, repr=True, compare=True, hash=None):
    return Field(default, default_factory, init, repr, compare, hash)


def fields(obj) -> tuple:
    try:
        fs = obj.__dataclass_fields__
    except AttributeError:
        raise TypeError("must be called with a dataclass type or instance") from None
    return tuple(fs.values())


def replace(obj, **changes):
    for f in obj.__dataclass_fields__.values():
        if f.init and f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def _is_classvar(annotation) -> bool:
    if isinstance(annotation, str):
        a = annotation.strip()
        return a.startswith(("ClassVar", "typing.ClassVar"))
    return getattr(annotation, "__origin__", None) is not None and repr(annotation).startswith("typing.ClassVar")


def _frozen_setattr(self, name, value):
    if type(self) is self.__class__.__dataclass_frozen_cls__ or name in self.__dataclass_fields__:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")
    super(self.__class__.__dataclass_frozen_cls__, self).__setattr__(name, value)


def _frozen_delattr(self, name):
    if type(self) is self.__class__.__dataclass_frozen_cls__ or name in self.__dataclass_fields__:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
    super(self.__class__.__dataclass_frozen_cls__, self).__delattr__(name)


def _repr_src(fs: dict) -> list:
    shown = [f.name for f in fs.values() if f.repr]
    return ["def __repr__(self):",
            "  return self.__class__.__qualname__ + f\"(" + ", ".join(f"{n}={{self.{n}!r}}" for n in shown) + ")\""]


def _eq_src(fs: dict) -> list:
    cmp = [f.name for f in fs.values() if f.compare]
    tup = "(" + "".join(f"self.{n}," for n in cmp) + ")"
    return ["def __eq__(self, other):",
            "  if other.__class__ is self.__class__:",
            f"    return {tup} == (" + "".join(f"other.{n}," for n in cmp) + ")",
            "  return NotImplemented"]


def _hash_src(fs: dict) -> list:
    hashed = [f.name for f in fs.values() if (f.compare if f.hash is None else f.hash)]
    return ["def __hash__(self):", "  return hash((" + "".join(f"self.{n}," for n in hashed) + "))"]


def _process(cls, frozen: bool):
    fs: dict = {}
    for base in reversed(cls.__mro__[1:]):
        for f in getattr(base, "__dataclass_fields__", {}).values():
            fs[f.name] = f
    own = cls.__dict__.get("__annotations__", {})
    for name, ann in own.items():
        if _is_classvar(ann):
            continue
        v = cls.__dict__.get(name, _MISSING)
        f = v if isinstance(v, Field) else Field(default=v)
        f.name, f.type = name, ann
        fs[name] = f
        if isinstance(v, Field):            # as the standard module: the class attribute is the default, if any
            if f.default is _MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
    cls.__dataclass_fields__ = fs
    init_fs = [f for f in fs.values() if f.init]
    seen_default = False
    for f in init_fs:
        if f.default is not _MISSING or f.default_factory is not _MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
    g = {"__MISSING": _MISSING, "__object_setattr": object.__setattr__}
    params, body = [], []
    for f in init_fs:
        if f.default_factory is not _MISSING:
            g[f"__factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=__MISSING")
            value = f"__factory_{f.name}() if {f.name} is __MISSING else {f.name}"
        elif f.default is not _MISSING:
            g[f"__default_{f.name}"] = f.default
            params.append(f"{f.name}=__default_{f.name}")
            value = f.name
        else:
            params.append(f.name)
            value = f.name
        body.append(f"__object_setattr(self, {f.name!r}, {value})" if frozen else f"self.{f.name} = {value}")
    for f in fs.values():
        if not f.init and f.default_factory is not _MISSING:
            g[f"__factory_{f.name}"] = f.default_factory
            body.append(f"__object_setattr(self, {f.name!r}, __factory_{f.name}())" if frozen else
                        f"self.{f.name} = __factory_{f.name}()")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    init = [f"def __init__(self, {', '.join(params)}):" if params else "def __init__(self):"] + \
        (["  " + b for b in body] or ["  pass"])
    src = {"__init__": lambda: init,          # the other methods' sources are built on their first call
           "__repr__": lambda: _repr_src(fs), "__eq__": lambda: _eq_src(fs), "__hash__": lambda: _hash_src(fs)}
    for name in ("__init__", "__repr__", "__eq__"):
        if name not in cls.__dict__:
            setattr(cls, name, _on_first_call(cls, name, src[name], g))
    explicit_hash = "__hash__" in cls.__dict__ and not (cls.__dict__["__hash__"] is None and "__eq__" in cls.__dict__)
    if not explicit_hash:
        cls.__hash__ = _on_first_call(cls, "__hash__", src["__hash__"], g) if frozen else None
    if frozen:
        cls.__dataclass_frozen_cls__ = cls
        cls.__setattr__ = _frozen_setattr
        cls.__delattr__ = _frozen_delattr
    if "__match_args__" not in cls.__dict__:
        cls.__match_args__ = tuple(f.name for f in init_fs)
    return cls


#: (module, () -> source lines) of every generated __init__ (for ``python -m cutedump._dataclass``, which precompiles
#: the package's)
_SOURCES: list = []


def _on_first_call(cls, name: str, make_src, g: dict):
    """A stand-in for the generated method ``name`` of ``cls``: its first call makes the method from ``src`` (the
    source built by _process), puts it on the class in its place and calls it; so a class pays only for the methods
    that are used (most classes never print or compare). Compiling a source is ~0.12 ms; the sources of the package's
    classes' ``__init__`` (the one method every used class calls) are compiled ahead of time (:func:`_precompiled`),
    so its first call only binds the code to ``g``."""
    if name == "__init__":
        _SOURCES.append((cls.__module__, make_src))

    def first_call(self, *args, **kwargs):
        fn = cls.__dict__[name]
        if fn is first_call:
            text = "\n".join(make_src())
            fn = _precompiled(text, name, g) if name == "__init__" else None
            if fn is None:
                ns: dict = {}
                exec(text, g, ns)   # noqa: S102 - the method's source is built from the field names
                fn = ns[name]
            fn.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, fn)
        return fn(self, *args, **kwargs)
    first_call.__name__ = name
    first_call.__qualname__ = f"{cls.__qualname__}.{name}"
    return first_call


_CODES = None


def _precompiled(text: str, name: str, g: dict):
    """The method of source ``text`` from _dataclass_codes.py (generated: the same source, compiled when the package
    was byte-compiled), bound to the globals ``g`` with the defaults its ``def`` line names; None when the source is
    not there (then it is compiled here)."""
    global _CODES
    if _CODES is None:
        try:
            from cutedump._dataclass_codes import SOURCES  # start-up: on the first generated method
        except ImportError:
            SOURCES = {}
        _CODES = SOURCES
    holder = _CODES.get(text)
    if holder is None:
        return None
    code = next(c for c in holder.__code__.co_consts if hasattr(c, "co_code"))
    defaults = _defaults(text, g)
    return type(holder)(code, g, name, defaults)


def _defaults(text: str, g: dict):
    """The default values of the generated ``def`` line's parameters (``x=__default_x``, ``x=__MISSING``), in order."""
    head = text.split("\n", 1)[0]
    params = head[head.index("(") + 1:head.rindex(")")].split(", ")
    out = [g[p.split("=", 1)[1]] for p in params if "=" in p]
    return tuple(out) if out else None


def _render_codes(sources) -> str:
    """The module ``_dataclass_codes.py``: each distinct source inside a function that is never called (its code
    object holds the method's code), keyed by the source."""
    lines = ['"""The package\'s dataclass methods precompiled (see _dataclass._precompiled). GENERATED by '
             '``python -m cutedump._dataclass``: do not edit."""',
             "from __future__ import annotations", "", ""]
    keys = []
    for i, text in enumerate(sorted(set(sources))):
        lines.append(f"def _{i}():")
        lines.extend("    " + ln for ln in text.split("\n"))
        lines.append("")
        lines.append("")
        keys.append(f"    {text!r}: _{i},")
    lines.append("SOURCES = {")
    lines.extend(keys)
    lines.append("}")
    return "\n".join(lines) + "\n"


def _all_sources() -> list:
    """Every generated method source of the package's dataclasses (imports every module of the package)."""
    import os
    import pkgutil
    root = os.path.dirname(os.path.abspath(__file__))   # the package's directory
    for m in pkgutil.walk_packages([root], "cutedump."):
        if m.name.endswith(("__main__", "_dataclass_codes")) or ".gen_" in m.name:
            continue
        __import__(m.name)
    return ["\n".join(make()) for mod, make in _SOURCES if mod == "cutedump" or mod.startswith("cutedump.")]


def dataclass(cls=None, /, *, frozen: bool = False):
    """``@dataclass`` / ``@dataclass(frozen=True)``."""
    if cls is None:
        return lambda c: _process(c, frozen)
    return _process(cls, frozen)


if __name__ == "__main__":
    import os
    import sys
    # run as ``python -m cutedump._dataclass``: this file is __main__, the package's classes use cutedump._dataclass
    from cutedump import _dataclass as _pkg  # start-up: only when run as the generator
    target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_dataclass_codes.py")
    new = _pkg._render_codes(_pkg._all_sources())
    try:
        with open(target, encoding="utf-8") as f:
            old = f.read()
    except FileNotFoundError:
        old = None
    if "--check" in sys.argv[1:]:
        if old != new:
            print(f"{target} is out of date: run python -m cutedump._dataclass", file=sys.stderr)
            sys.exit(1)
        sys.exit(0)
    if old != new:
        with open(target, "w", encoding="utf-8") as f:
            f.write(new)
        print(f"wrote {target}: {new.count(chr(10) + 'def _')} methods")
