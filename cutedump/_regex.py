"""Regular expressions without importing ``re`` at start-up.

``import re`` costs ~8 ms of a cold command (re pulls in enum, functools, collections, ...) and compiling a pattern
runs re's compiler in Python (~0.3 ms each): more than half of what ``cutedump layout`` does after the interpreter
has started. A compiled pattern is only ``_sre.compile(pattern, flags, code, groups, groupindex, indexgroup)`` (C,
built in), and ``code`` depends on nothing but the pattern and the interpreter's regex engine. So the patterns of
the start-up paths are compiled ahead of time: ``_regex_codes.py``, written by ``python -m cutedump._regex``, holds
each pattern's arguments for every Python version it was generated with, with that engine's ``_sre.MAGIC``.

:func:`compile` returns exactly what ``re.compile`` returns (a ``re.Pattern``: same code, same methods) when the
running interpreter's version and MAGIC match a generated entry, and falls back to ``re.compile`` otherwise: a
pattern not in the table, or another interpreter, is only slower, never different.
``tests/test_regex_codes.py`` checks the table is current, that this interpreter's entry is what its ``re`` compiles
(on the patch release that generated it) and that the patterns behave as ``re``'s.

Every pattern written ``_regex.compile(r"...")`` with a literal in the package is generated (the generator finds
them in the source with ``ast``)."""
from __future__ import annotations

import sys

_TABLE = None


def _table() -> dict:
    """{(pattern, flags): arguments of _sre.compile} for this interpreter, or {} (then compile falls back to re)."""
    global _TABLE
    if _TABLE is None:
        _TABLE = {}
        try:
            import _sre
            from cutedump._regex_codes import CODES  # start-up: the table loads on the first compile
        except ImportError:
            return _TABLE
        entry = CODES.get("%d.%d" % sys.version_info[:2])
        if entry is not None and entry[0] == _sre.MAGIC and entry[1] == _sre.CODESIZE:
            _TABLE = entry[2]
    return _TABLE


def compile(pattern: str, flags: int = 0):
    """``re.compile(pattern, flags)`` (flags as ints: re.ASCII is 256, re.IGNORECASE 2, re.MULTILINE 8, ...)."""
    args = _table().get((pattern, flags))
    if args is not None:
        import _sre
        fl, code, groups, groupindex, indexgroup = args
        return _sre.compile(pattern, fl, list(code), groups, dict(groupindex), indexgroup)
    import re  # start-up: only for a pattern (or an interpreter) not generated
    return re.compile(pattern, flags)


# ---- the generator ---------------------------------------------------------------------------------------------

def _literal_patterns(root: str) -> list:
    """(pattern, flags) of every ``_regex.compile(LITERAL[, INT])`` call in the package's source."""
    import ast
    import os
    found = set()
    for dirpath, _, files in os.walk(root):
        for f in files:
            if not f.endswith(".py") or f == "_regex_codes.py":
                continue
            with open(os.path.join(dirpath, f), encoding="utf-8") as fh:
                tree = ast.parse(fh.read())
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "compile" and isinstance(node.func.value, ast.Name)
                        and node.func.value.id == "_regex"):
                    continue
                if not node.args or not isinstance(node.args[0], ast.Constant) or not isinstance(node.args[0].value,
                                                                                                 str):
                    continue
                flags = 0
                if len(node.args) > 1:
                    if not (isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, int)):
                        continue
                    flags = node.args[1].value
                found.add((node.args[0].value, flags))
    return sorted(found)


def codes_for_this_interpreter(patterns) -> tuple:
    """(MAGIC, CODESIZE, {(pattern, flags): _sre.compile's arguments}, "X.Y.Z") as this interpreter's re compiles
    them."""
    import _sre
    import re
    calls = []
    real = _sre.compile

    def record(*args):
        calls.append(args)
        return real(*args)
    _sre.compile = record
    try:
        out = {}
        for pattern, flags in patterns:
            re.purge()
            calls.clear()
            re.compile(pattern, flags)
            (pat, fl, code, groups, groupindex, indexgroup), = calls
            out[(pattern, flags)] = (int(fl), tuple(int(c) for c in code), int(groups), dict(groupindex),
                                     tuple(indexgroup))
    finally:
        _sre.compile = real
    return _sre.MAGIC, _sre.CODESIZE, out, "%d.%d.%d" % sys.version_info[:3]


def _render(codes: dict) -> str:
    lines = ['"""Precompiled regular expressions (cutedump/_regex.py): GENERATED by ``python -m cutedump._regex`` -- do '
             'not edit.\n{"X.Y": (_sre.MAGIC, _sre.CODESIZE, {(pattern, flags): (flags, code, groups, groupindex, '
             'indexgroup)}, the X.Y.Z it was generated with)}"""', "CODES = {"]
    for ver in sorted(codes, key=lambda v: tuple(map(int, v.split(".")))):
        magic, size, table, full = codes[ver]
        lines.append(f"    {ver!r}: ({magic!r}, {size!r}, {{")
        for key in sorted(table):
            lines.append(f"        {key!r}:")
            lines.append(f"            {table[key]!r},")
        lines.append(f"    }}, {full!r}),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _main(argv) -> int:
    """``python -m cutedump._regex [--check] [PYTHON ...]``: the table for this interpreter and each PYTHON given
    (other interpreters' entries already in the file are kept if they cover the same patterns). --check: exit 1
    if writing would change the file."""
    import json
    import os
    import subprocess
    here = os.path.dirname(os.path.abspath(__file__))
    target = os.path.join(here, "_regex_codes.py")
    check = "--check" in argv
    pythons = [a for a in argv if a != "--check"]
    patterns = _literal_patterns(here)
    try:
        from cutedump._regex_codes import CODES  # start-up: the generator reads the current table
        codes = dict(CODES)
    except ImportError:
        codes = {}
    ver = "%d.%d" % sys.version_info[:2]
    mine = codes_for_this_interpreter(patterns)
    if check:   # the entries cover the source's patterns, and this interpreter's is what it compiles (when it is
        #         the patch release that generated it: another one's compiler may differ and still be valid)
        stale = [v for v, e in codes.items() if set(e[2]) != set(patterns)]
        if ver in codes and codes[ver][3] == mine[3] and codes[ver] != mine:
            stale.append(ver)
        if stale:
            print(f"{target} is out of date for Python {', '.join(stale)}: run python -m cutedump._regex PYTHON...",
                  file=sys.stderr)
            return 1
        return 0
    codes[ver] = mine
    for py in pythons:
        prog = ("import json, sys; sys.path.insert(0, sys.argv[1]); import _regex as R; "
                "m, s, t, f = R.codes_for_this_interpreter([tuple(p) for p in json.loads(sys.stdin.read())]); "
                "print(json.dumps(['%d.%d' % sys.version_info[:2], m, s, [[list(k), [v[0], list(v[1]), v[2], v[3], "
                "list(v[4])]] for k, v in t.items()], f]))")
        r = subprocess.run([py, "-c", prog, here], input=json.dumps(patterns), capture_output=True, text=True,
                           check=True)
        v, m, s, items, f = json.loads(r.stdout)
        codes[v] = (m, s, {tuple(k): (a[0], tuple(a[1]), a[2], a[3], tuple(a[4])) for k, a in items}, f)
    for v in [v for v, e in codes.items() if set(e[2]) != set(patterns)]:
        print(f"_regex: the entry for Python {v} does not cover the patterns in the source: dropped (regenerate it: "
              f"python -m cutedump._regex PYTHON{v})", file=sys.stderr)
        del codes[v]
    new = _render(codes)
    try:
        with open(target, encoding="utf-8") as f:
            old = f.read()
    except FileNotFoundError:
        old = None
    if old != new:
        with open(target, "w", encoding="utf-8") as f:
            f.write(new)
        print(f"wrote {target}: Python {', '.join(sorted(codes))}, {len(patterns)} patterns")
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
