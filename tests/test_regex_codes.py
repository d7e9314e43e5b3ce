"""cutedump/_regex.py: precompiled patterns are exactly what ``re`` compiles, the table is current, and the start-up
paths import neither re nor functools nor importlib."""
import os
import re
import subprocess
import sys

import pytest

from cutedump import _regex, _startup
from cutedump._regex_codes import CODES
from tests.paths import PKG_PATH, ROOT

HERE = os.path.dirname(os.path.abspath(_regex.__file__))
VER = "%d.%d" % sys.version_info[:2]
PATTERNS = _regex._literal_patterns(HERE)


def test_patterns_found_in_the_source():
    assert len(PATTERNS) >= 10
    assert any("smem_ptr" in p for p, _ in PATTERNS)          # expr.match_smem_ptr_form
    assert (r"[A-Za-z][A-Za-z0-9_]*", 0) in PATTERNS           # kernel.model._IDENT


def test_every_entry_covers_the_source_patterns():
    assert CODES, "no interpreter in cutedump/_regex_codes.py"
    for ver, (_, _, table, _) in CODES.items():
        assert sorted(table) == PATTERNS, f"Python {ver}: run python -m cutedump._regex PYTHON{ver}"


@pytest.mark.skipif(VER not in CODES, reason=f"no precompiled entry for Python {VER} (compile falls back to re)")
def test_this_interpreters_entry_is_what_re_compiles():
    magic, size, table, full = _regex.codes_for_this_interpreter(PATTERNS)
    assert (magic, size) == CODES[VER][:2]
    assert _regex._table() is CODES[VER][2]                    # in use
    if full != CODES[VER][3]:
        pytest.skip(f"the entry was generated with Python {CODES[VER][3]}, this is {full}: its code is checked by "
                    "behaviour (test_compiled_patterns_behave_as_re)")
    assert table == CODES[VER][2]


def test_compiled_patterns_behave_as_re():
    samples = ["", "abc", " _8 ", "make_layout((_4,8),LayoutRight{})", "cute::GMMA::Layout_K_SW128_Atom<half_t>",
               "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)", "0x1F", "8,_8", "(4,8),(8,1)",
               "A(3,4) @ 0 -> 0,1", '<svg width="10" height="20">', 'viewBox="0 0 3 4"', "c_swizzle + vec * s"]
    for pattern, flags in PATTERNS:
        ours, theirs = _regex.compile(pattern, flags), re.compile(pattern, flags)
        assert isinstance(ours, re.Pattern) and ours.pattern == theirs.pattern and ours.flags == theirs.flags
        assert ours.groupindex == theirs.groupindex and ours.groups == theirs.groups
        for s in samples:
            assert ours.findall(s) == theirs.findall(s)
            m1, m2 = ours.match(s), theirs.match(s)
            assert (m1 and (m1.span(), m1.groups())) == (m2 and (m2.span(), m2.groups()))


def test_unknown_pattern_falls_back_to_re():
    p = _regex.compile(r"x+y", 2)                               # not in the table: re.compile
    assert p.fullmatch("XxY") and p.flags & re.IGNORECASE


def test_table_file_is_current():
    if VER not in CODES:
        pytest.skip(f"no precompiled entry for Python {VER}")
    r = subprocess.run([sys.executable, "-m", "cutedump._regex", "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_cache_stand_in():
    calls = []

    @_startup.cache(4)
    def f(x):
        calls.append(x)
        if x < 0:
            raise ValueError(x)
        return x * 2
    assert [f(1), f(1), f(2)] == [2, 2, 4] and calls == [1, 2]
    with pytest.raises(ValueError):
        f(-1)
    with pytest.raises(ValueError):
        f(-1)                                                   # an exception is not cached
    for i in range(10):
        f(i)
    assert f.__name__ == "f"
    f.cache_clear()
    f(1)
    assert calls[-1] == 1


@pytest.mark.parametrize("argv", [["layout", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"],
                                  ["eval", "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))"],
                                  ["kernel", "sgemm_sm80_tn_half"],
                                  ["kernel", "sgemm_sm70_tn", "--thread", "200", "--lang", "en"],
                                  ["kernel", "sm100_05_mma_tma_epi", "--thread", "64", "--lang", "en"],
                                  ["tiled-copy-c", "--copy-v", "2", "--lang", "en"],
                                  ["kernel", "sm100_01_mma", "--thread", "37", "--set", "MmaN=128", "--lang", "en"],
                                  ["sgemm-sm80", "--dump-layouts", "--dump-m", "128", "--thread", "5"],
                                  ["ck", "naive", "--lengths", "256,64", "--strides", "64,1"],
                                  ["svg", "Sw<3,3,3> o _0 o (_8,_8):(_8,_1)"],
                                  ["tilelang", "auto", "--shape", "64,16", "--type", "float16"]])
def test_startup_paths_import_no_re(argv):
    """The answer printed to a pipe imports none of re, functools, importlib, tomllib (start-up: see _regex.py)."""
    if VER not in CODES:
        pytest.skip(f"no precompiled patterns for Python {VER}: the package compiles them with re")
    prog = ("import sys; sys.argv = ['cutedump'] + sys.argv[1:]; from cutedump.entry import main\n"
            "try:\n    main()\nexcept SystemExit as e:\n    code = e.code\n"
            "bad = [m for m in ('re', 'functools', 'importlib', 'tomllib', 'click') if m in sys.modules]\n"
            "sys.stderr.write('LOADED:' + ','.join(bad))")
    r = subprocess.run([sys.executable, "-S", "-c", prog, *argv], capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=PKG_PATH))
    assert r.stdout and "LOADED:" in r.stderr, r.stderr
    assert r.stderr.rsplit("LOADED:", 1)[1] == "", r.stderr


def test_named_rows_glob_as_fnmatch():
    """expr's NAMED rows match a qualified name without fnmatch/re: as fnmatch's pattern with ``*`` limited to ASCII
    name characters did, on the rows' own patterns and random names around them."""
    import fnmatch
    import random
    from cutedump.expr import NAMED, _glob_match
    r = random.Random(5)
    alphabet = "ab_Z09:é-<>"
    names = ["GMMA::Layout_K_SW128_Atom", "UMMA::Layout_MN_SW32_Atom", "Layout_K_INTER_SpAtom", "ss_smem_selector",
             "GMMA::ss_smem_selector", "GMMA::Layout__Atom", "GMMA::Layout_K-SW_Atom", "Layout_é_Atom", "xLayout_K_Atom",
             "cute::GMMA::Layout_K_SW64_Atom", "Layout_K_Atom_Atom", ""]
    for row in NAMED:
        p = row.pattern
        for _ in range(200):
            cut = r.randrange(len(p) + 1)
            names.append(p[:cut].replace("*", "") + "".join(r.choice(alphabet) for _ in range(r.randrange(4)))
                         + p[cut:].replace("*", "K_SW" if r.random() < 0.5 else ""))
    for row in NAMED:
        rx = re.compile(fnmatch.translate(row.pattern).replace(".*", "[A-Za-z0-9_]*"))
        for n in names:
            assert _glob_match(row.pattern, n) == (rx.match(n) is not None), (row.pattern, n)


def test_installed_command_imports_no_re():
    """The `cutedump` command pip installs is bin/cutedump (pyproject's script-files), not pip's generated
    console-script wrapper, which imports re (~10 ms): run as the command is, it loads none of re, functools,
    importlib or click to print a layout."""
    if VER not in CODES:
        pytest.skip(f"no precompiled patterns for Python {VER}: the package compiles them with re")
    root = str(ROOT)   # the repository: pyproject.toml and bin/cutedump
    with open(os.path.join(root, "pyproject.toml"), encoding="utf-8") as f:
        pyproject = f.read()
    assert 'script-files = ["bin/cutedump"]' in pyproject and "[project.scripts]" not in pyproject
    r = subprocess.run([sys.executable, "-S", "-X", "importtime", os.path.join(root, "bin", "cutedump"), "layout",
                        "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"], capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=PKG_PATH))
    assert r.returncode == 0 and r.stdout.startswith("((_4,_8),(_2,_2)):((_32,_1),(_16,_8))\n"), r.stderr[-500:]
    loaded = {line.rsplit("|", 1)[1].strip() for line in r.stderr.splitlines() if line.startswith("import time:")}
    assert "cutedump.entry" in loaded
    assert not loaded & {"re", "functools", "importlib", "click", "enum"}, loaded & {"re", "functools", "importlib"}
