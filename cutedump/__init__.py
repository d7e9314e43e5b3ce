"""cutedump: CuTe layouts computed and printed exactly as real CuTe (CUTLASS 4.2) does.

The public API uses CuTe's names (see docs/API.md)::

    >>> from cutedump import Layout, composition, print_layout
    >>> L = Layout("(_4,_8):(_8,_1)")
    >>> print(composition(L, "(_2,_4)"))
    (_2,_4):(_8,_1)

``_`` is CuTe's underscore and ``_1``, ``_2``, ... its static integers (``Int<n>``).  Nothing is imported until a
name is used, so ``import cutedump`` (and the ``cutedump`` command) start fast.
"""

from cutedump.versions import __version__  # noqa: F401 - the one place the version lives

_SUBMODULES = frozenset(
    {
        "api",
        "interop",
        "algebra",
        "parse",
        "expr",
        "atoms",
        "tilelang",
        "ck",
        "bank",
        "kernel",
        "tutorial",
        "render",
        "dumps",
        "commands",
        "cli",
        "golden",
        "errors",
        "versions",
        "collective",
        "triton",
    }
)


def __getattr__(name):
    """PEP 562: the public names live in cutedump.api, loaded on first use."""
    if name.startswith("__") and name != "__all__":
        raise AttributeError(name)
    if name[:1] == "_" and name[1:].isdigit() and name[1:].isascii():
        from cutedump.algebra.integer import C  # start-up: the algebra loads on first use

        return C(int(name[1:]))
    if name[:1] == "_" and name not in (
        "_",
        "__all__",
    ):  # a private submodule not imported yet (``from cutedump import _private``):
        raise AttributeError(f"module 'cutedump' has no attribute {name!r}")  # the import system imports it
    from importlib import import_module as _import  # start-up: on the first use of a name

    if name in _SUBMODULES:  # a submodule not imported yet (``from cutedump import algebra``): not the public API
        try:
            return _import(f"cutedump.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"cutedump.{name}":
                raise
            raise AttributeError(f"module 'cutedump' has no attribute {name!r}") from None
    api = _import("cutedump.api")  # start-up: the public API (and renderers) load on first use
    if name == "__all__":
        return api.__all__
    try:
        value = getattr(api, name)
    except AttributeError:
        raise AttributeError(f"module 'cutedump' has no attribute {name!r}") from None
    if name not in api.__all__ and name != "DynamicValuesWarning":
        raise AttributeError(f"module 'cutedump' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__():
    from importlib import import_module as _import  # start-up: listing the names loads them

    api = _import("cutedump.api")
    return sorted(set(globals()) | set(api.__all__))
