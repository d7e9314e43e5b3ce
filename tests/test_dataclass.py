"""cutedump._dataclass behaves as the standard dataclasses module for the forms the package uses: the same fields,
__init__ (defaults, default_factory, keyword and positional calls, __post_init__), repr, ==, hash, frozen errors,
inheritance, fields() and replace()."""
import dataclasses as std

import pytest

from cutedump import _dataclass as ours
from tests.paths import PKG


def _classes(M):
    @M.dataclass
    class Plain:
        a: int
        b: str = "x"
        c: list = M.field(default_factory=list)

    @M.dataclass(frozen=True)
    class Frozen:
        kind: str
        value: int = 0

        def __post_init__(self):
            if self.value < 0:
                raise ValueError("negative")

    @M.dataclass(frozen=True)
    class Child(Frozen):
        extra: tuple = ()
        value: int = 5

    @M.dataclass
    class WithEq:
        a: int

        def __eq__(self, other):
            return True

    @M.dataclass(frozen=True)
    class Hashed:
        a: int

        def __hash__(self):
            return 7

    return Plain, Frozen, Child, WithEq, Hashed


def _behaviour(M):
    Plain, Frozen, Child, WithEq, Hashed = _classes(M)
    out = []
    p = Plain(1)
    q = Plain(1, "x", [])
    out += [repr(p), p == q, p != Plain(2), Plain.__hash__ is None, p.c is not Plain(1).c, Plain.__match_args__,
            [f.name for f in M.fields(p)], repr(M.replace(p, b="y")), Plain.b, "c" in Plain.__dict__]
    f = Frozen("gmma", 3)
    out += [repr(f), hash(f) == hash(Frozen("gmma", 3)), f == Frozen("gmma", 3), f == ("gmma", 3),
            {f: 1}[Frozen("gmma", 3)], [x.name for x in M.fields(Frozen)], repr(M.replace(f, value=4))]
    for op in (lambda: setattr(f, "value", 1), lambda: delattr(f, "kind"), lambda: Frozen("a", -1)):
        with pytest.raises((AttributeError, ValueError)) as e:
            op()
        out.append((isinstance(e.value, AttributeError), type(e.value) is ValueError))
    c = Child("k")
    out += [repr(c), c.value, [x.name for x in M.fields(c)], c == Frozen("k", 5), hash(c) == hash(Child("k"))]
    out += [WithEq(1) == WithEq(2), WithEq.__hash__ is None, hash(Hashed(1)), Hashed(1) == Hashed(1)]
    with pytest.raises(TypeError):
        Plain()
    with pytest.raises(TypeError):
        Plain(1, b="y", d=3)
    return out


def test_same_as_the_standard_module():
    assert _behaviour(ours) == _behaviour(std)


def test_no_inspect_on_start_up():
    import subprocess
    import sys
    code = ("import sys; import cutedump.atoms.mma_catalog, cutedump.atoms.tmem, cutedump.bank.report, "
            "cutedump.dumps.steps; print('inspect' in sys.modules, 'dataclasses' in sys.modules)")
    from pathlib import Path
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                       cwd=Path(__file__).resolve().parents[1])
    assert r.stdout.split() == ["False", "False"], r.stdout + r.stderr


def test_no_module_imports_the_standard_dataclasses():
    """One implementation: every record class of the package uses cutedump._dataclass (the standard module's import
    of inspect is the start-up cost it avoids)."""
    import re
    pkg = PKG
    bad = [str(p.relative_to(pkg)) for p in pkg.rglob("*.py")
           if re.search(r"^\s*(from dataclasses import|import dataclasses)", p.read_text(encoding="utf-8"), re.M)]
    assert not bad, bad


# ---- the precompiled methods (cutedump/_dataclass_codes.py, written by python -m cutedump._dataclass) ----------

def test_precompiled_codes_are_current():
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-m", "cutedump._dataclass", "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_precompiled_methods_equal_compiled_ones():
    """Every generated source of the package's classes is precompiled, and the method made from it has the code,
    globals and defaults that compiling the source gives."""
    from cutedump._dataclass_codes import SOURCES
    texts = set(ours._all_sources())
    assert texts <= set(SOURCES), "run python -m cutedump._dataclass"
    g = {"__MISSING": ours._MISSING, "__object_setattr": object.__setattr__, "__default_b": "x",
         "__factory_c": list}
    for text in texts:
        name = text.split("(", 1)[0][4:]
        gg = dict(g)
        for p in text.split("\n", 1)[0].split(", "):
            if "=" in p:
                gg.setdefault(p.split("=", 1)[1].rstrip("):"), object())
        ns = {}
        exec(text, gg, ns)
        want = ns[name]
        got = ours._precompiled(text, name, gg)
        for attr in ("co_code", "co_consts", "co_names", "co_varnames", "co_argcount", "co_kwonlyargcount"):
            assert getattr(got.__code__, attr) == getattr(want.__code__, attr), (text, attr)
        assert got.__defaults__ == want.__defaults__ and got.__globals__ is gg


def test_class_outside_the_package_still_compiles():
    """A source not in the precompiled table (a class defined here) is compiled on its first call."""
    @ours.dataclass
    class Odd:
        zz_first: int
        zz_second: str = "q"
    assert repr(Odd(3)) == "test_class_outside_the_package_still_compiles.<locals>.Odd(zz_first=3, zz_second='q')"
    assert ours._precompiled("\n".join(["def __init__(self, zz_first):", "  self.zz_first = zz_first"]),
                             "__init__", {}) is None
