"""The package's dependency graph has one direction: each layer imports only from the layers below it.

    errors → algebra → parse → expr → atoms → domain models (tilelang, ck, bank, tutorial, kernel) → render → dumps
    → golden → commands / cli / the public API (cutedump/__init__.py, api, interop)

Inside algebra: integer → inttuple → layout → swizzle → swizzle_slice, evaluate. No import cycles, at module level or
through imports inside functions; imports of the
package sit at the top of a module, except a few kept inside functions for start-up time — each of those carries a
comment with the word "start-up" on its line.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.paths import PKG  # the package under test: the source tree's, or the installed wheel's

# (prefix, rank): the longest matching prefix decides a module's layer
LAYERS = [
    ("cutedump.errors", 0),
    ("cutedump.limits", 1),
    ("cutedump.versions", 0),
    ("cutedump.algebra", 10),
    ("cutedump.algebra.integer", 11),
    ("cutedump.algebra.basis", 12),
    ("cutedump.algebra.inttuple", 12),
    ("cutedump.algebra.smem_ptr", 12),
    ("cutedump.algebra.smem", 15),
    ("cutedump.algebra.layout", 13),
    ("cutedump.algebra.swizzle", 14),
    ("cutedump.algebra.swizzle_slice", 15),
    ("cutedump.algebra.evaluate", 15),
    ("cutedump.algebra.__init__", 16),
    ("cutedump.parse", 20),
    ("cutedump.expr", 30),
    ("cutedump.atoms", 40),
    ("cutedump.tilelang", 50),
    ("cutedump.ck", 50),
    ("cutedump.bank", 50),
    ("cutedump.tutorial", 50),
    ("cutedump.triton", 50),
    ("cutedump.scale", 50),
    ("cutedump.kernel", 55),
    ("cutedump.collective", 55),
    ("cutedump.render", 60),
    ("cutedump.dumps", 70),
    ("cutedump.golden", 75),
    ("cutedump.commands", 80),
    ("cutedump.cli", 80),
    ("cutedump.api", 80),
    ("cutedump.interop", 80),
    ("cutedump.__init__", 90),
    ("cutedump.__main__", 90),
    ("cutedump.entry", 90),
]


def rank(mod: str) -> int:
    best = max((p for p, _ in LAYERS if mod == p or mod.startswith(p + ".")), key=len, default=None)
    assert best is not None, f"{mod} belongs to no layer: add it to LAYERS in tests/test_layers.py"
    return dict(LAYERS)[best]


def modules() -> dict[str, Path]:
    out = {}
    for p in PKG.rglob("*.py"):
        rel = p.relative_to(PKG.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__" and len(parts) > 2:
            parts = parts[:-1] + ["__init__"]
        out[".".join(parts)] = p
    return out


def _known(n: str, known: set[str]) -> str | None:
    return next((c for c in (n, n + ".__init__") if c in known), None)


def _resolve(mod: str, node: ast.ImportFrom | ast.Import, known: set[str]) -> list[str]:
    """The package modules an import statement loads (``from pkg import sub`` names the submodule, not pkg)."""
    if isinstance(node, ast.Import):
        found = [_known(a.name, known) for a in node.names if a.name.startswith("cutedump")]
        return sorted({f for f in found if f})
    base = node.module or ""
    if node.level:
        pkg = mod.split(".")[:-1]
        pkg = pkg[: len(pkg) - node.level + 1]
        base = ".".join(pkg + ([base] if base else []))
    if not base.startswith("cutedump"):
        return []
    out = set()
    for a in node.names:
        sub = _known(f"{base}.{a.name}", known)
        if sub:
            out.add(sub)
        elif _known(base, known):
            out.add(_known(base, known))
    return sorted(out)


def imports():
    """-> [(module, imported module, lineno, top_level, line text)] for every import of the package"""
    mods = modules()
    known = set(mods)
    rows = []
    for mod, path in mods.items():
        src = path.read_text()
        lines = src.splitlines()
        tree = ast.parse(src)
        top = {id(n) for n in tree.body}
        top |= {id(n) for t in tree.body if isinstance(t, (ast.If, ast.Try)) for n in ast.walk(t)}
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _resolve(mod, node, known):
                    if target != mod:
                        rows.append((mod, target, node.lineno, id(node) in top, lines[node.lineno - 1]))
    return rows


def _pkg_of(mod: str) -> str:
    return mod[: -len(".__init__")] if mod.endswith(".__init__") else mod


def test_no_module_imports_a_higher_layer():
    bad = [
        f"{m} (layer {rank(m)}) imports {t} (layer {rank(t)}) at line {ln}"
        for m, t, ln, _top, _l in imports()
        if rank(t) > rank(m) and not _pkg_of(m).startswith(_pkg_of(t).rsplit(".", 1)[0] + ".__")
    ]
    assert not bad, "imports against the layer order:\n  " + "\n  ".join(sorted(bad))


def test_no_import_cycles():
    """No circle of imports, at module level or inside functions (a function-level import delays a circle, it does
    not remove it: the two modules still need each other)."""
    graph: dict[str, set[str]] = {}
    for m, t, _ln, _top, _l in imports():
        graph.setdefault(m, set()).add(t)
    seen, stack, cycles = set(), [], []

    def visit(n):
        if n in stack:
            cycles.append(stack[stack.index(n) :] + [n])
            return
        if n in seen:
            return
        seen.add(n)
        stack.append(n)
        for t in sorted(graph.get(n, ())):
            # a package's __init__ importing its own submodules is the package, not a cycle
            if not (n.endswith(".__init__") and t.startswith(n[: -len("__init__")])):
                visit(t)
        stack.pop()

    for n in sorted(graph):
        visit(n)
    assert not cycles, "import cycles:\n  " + "\n  ".join(" -> ".join(c) for c in cycles[:10])


def test_function_local_package_imports_are_justified():
    hidden = [f"{m}:{ln}: {text.strip()}" for m, t, ln, top, text in imports() if not top and "start-up" not in text]
    assert not hidden, (
        f"{len(hidden)} function-local imports of the package without a 'start-up' comment "
        "(move them to the top of the module):\n  " + "\n  ".join(hidden[:40])
    )
