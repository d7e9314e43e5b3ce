"""The standard library as designed: no private interpreter APIs or stand-ins for standard modules in the package,
re/json/tomllib imported only where an answer needs them, and the str-method paths that stand where a regex would
(the expression scanner, the NAMED rows' globs) read texts exactly as the regex does."""

import os
import random
import re
import subprocess
import sys

import pytest

from tests.paths import PKG, ROOT  # noqa: F401 - the package under test, wherever it was installed


def _sources():
    for p in sorted(PKG.rglob("*.py")):
        yield p, p.read_text(encoding="utf-8")


def test_no_private_interpreter_apis_or_stand_ins():
    """No _sre, _json, private importlib/functools stand-ins, and no module named like one of the removed ones."""
    bad = re.compile(
        r"^\s*(?:from|import)\s+(?:_sre|_json|sre_compile|sre_parse|_functools|_dataclasses|"
        r"cutedump\._(?:regex|json|dataclass|startup))\b|^\s*from\s+cutedump\s+import\s+_(?:regex|json|"
        r"dataclass|startup)\b",
        re.M,
    )
    for p, text in _sources():
        assert not bad.search(text), f"{p.relative_to(ROOT)}: {bad.search(text).group(0)}"
        assert "make_encoder" not in text and "_sre." not in text, p


def test_no_generated_copies_of_shipped_data():
    assert not list((PKG / "kernel").glob("examples_data/*.py"))
    for p, text in _sources():
        assert "examples_data" not in text, p


def test_piece_kinds_are_the_regexs():
    """parse._piece_kind (str methods) says "int"/"name" exactly for the pieces that _TOKEN reads as one whole int or
    name token (else None: the regex takes the text)."""
    from cutedump.parse.tokens import _INT_TOKEN, _NAME_TOKEN, _TOKEN, _piece_kind

    tok = re.compile(_TOKEN)
    r = random.Random(11)
    alphabet = "_-0189aAfFxXgz.+*%é٣²"
    pieces = ["_", "__8", "_8", "-8", "_-8", "-_8", "0x", "0x1F", "0X1f", "0x1g", "08", "1e5", "a1_", "_a", "x", "X1"]
    pieces += ["".join(r.choice(alphabet) for _ in range(r.randint(1, 6))) for _ in range(6000)]
    for p in pieces:
        toks = tok.findall(p)
        want = None
        if len(toks) == 1 and toks[0] == p:
            want = "int" if re.fullmatch(_INT_TOKEN, p) else "name" if re.fullmatch(_NAME_TOKEN, p) else None
        assert _piece_kind(p) == want, (p, toks)


def test_named_rows_glob_as_fnmatch():
    """expr's NAMED rows match a qualified name without fnmatch/re: as fnmatch's pattern with ``*`` limited to ASCII
    name characters did, on the rows' own patterns and random names around them."""
    import fnmatch

    from cutedump.expr import NAMED, _glob_match

    r = random.Random(5)
    alphabet = "ab_Z09:é-<>"
    names = [
        "GMMA::Layout_K_SW128_Atom",
        "UMMA::Layout_MN_SW32_Atom",
        "Layout_K_INTER_SpAtom",
        "ss_smem_selector",
        "GMMA::ss_smem_selector",
        "GMMA::Layout__Atom",
        "GMMA::Layout_K-SW_Atom",
        "Layout_é_Atom",
        "xLayout_K_Atom",
        "cute::GMMA::Layout_K_SW64_Atom",
        "Layout_K_Atom_Atom",
        "",
    ]
    for row in NAMED:
        p = row.pattern
        for _ in range(200):
            cut = r.randrange(len(p) + 1)
            names.append(
                p[:cut].replace("*", "")
                + "".join(r.choice(alphabet) for _ in range(r.randrange(4)))
                + p[cut:].replace("*", "K_SW" if r.random() < 0.5 else "")
            )
    for row in NAMED:
        rx = re.compile(fnmatch.translate(row.pattern).replace(".*", "[A-Za-z0-9_]*"))
        for n in names:
            assert _glob_match(row.pattern, n) == (rx.match(n) is not None), (row.pattern, n)


_PROG = (
    "import sys; sys.argv = ['cutedump'] + sys.argv[1:]; from cutedump.entry import main\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "sys.stderr.write('LOADED:' + ','.join(sorted(m for m in ('re', 'json', 'tomllib', 'dataclasses', 'click',"
    " 'functools', 'numpy') if m in sys.modules)))"
)


@pytest.mark.parametrize(
    "argv,allowed",
    [
        (["layout", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"], set()),
        (["eval", "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))"], set()),
        (["layout", "(_4,_8):(_8,_1)", "--format", "json"], {"json", "re", "functools"}),  # json imports re
        (["kernel", "sgemm_2_nt", "--lang", "en"], {"re", "functools", "numpy"}),  # 2nd run: the TOML's parse cached
    ],
)
def test_an_answer_imports_only_what_it_needs(argv, allowed, tmp_path):
    """The fast answer printed to a pipe imports re/json/tomllib only where it needs them (never click or
    dataclasses): start-up costs stay where the standard modules are needed."""
    from tests.paths import PKG_PATH  # -S leaves site-packages out: the package under test, wherever it is

    env = dict(os.environ, PYTHONPATH=PKG_PATH, XDG_CACHE_HOME=str(tmp_path))
    for _ in range(2 if argv[0] == "kernel" else 1):
        r = subprocess.run([sys.executable, "-S", "-c", _PROG, *argv], capture_output=True, text=True, env=env)
    assert r.stdout and "LOADED:" in r.stderr, r.stderr[-500:]
    loaded = set(filter(None, r.stderr.rsplit("LOADED:", 1)[1].split(",")))
    assert loaded <= allowed, loaded - allowed
    if "json" in allowed:
        import json

        assert json.loads(r.stdout)["size"] == 32


def test_columns_walked_from_the_tokens_are_the_regexs():
    """A parsed text's token columns (explain's positions, a caret) are found by walking its tokens' texts: the same
    columns as _TOKEN's matches give."""
    from cutedump.errors import CuteDumpError
    from cutedump.parse.tokens import _columns, _scan

    r = random.Random(3)
    alphabet = [
        "(",
        ")",
        ",",
        ":",
        "<",
        ">",
        " ",
        "\t",
        "\u00a0",
        "_8",
        "8",
        "abc",
        "::",
        "x",
        "-",
        "+",
        ".",
        "_",
        "0x1F",
        "cute::make_layout",
        "Sw",
        "@",
    ]
    for _ in range(4000):
        text = "".join(r.choice(alphabet) for _ in range(r.randint(1, 12)))
        try:
            _, texts = _scan(text)
        except CuteDumpError:
            continue
        assert _columns(text, texts) == _columns(text), (text, texts)


def test_kernel_names_substituted_as_the_regex_reads_them():
    """kernel.model's substitution of the values' names (str methods) is ``re.sub(_IDENT, ...)`` with its rule (a
    name that continues a word or follows ``::`` stays), on random texts around the names; params' names are
    checked as _IDENT fullmatches them."""
    from cutedump.kernel import model as M

    env = object.__new__(M._Env)
    env.values = {"bM": 128, "M": 7, "tile": (4, 8), "x_1": 3}

    def rep(m, expr):
        name, start = m.group(0), m.start()
        if start > 0 and (expr[start - 1].isalnum() or expr[start - 1] == "_" or expr[start - 2 : start] == "::"):
            return name
        return M.format_result(env.values[name]) if name in env.values else name

    r = random.Random(8)
    alphabet = ["bM", "M", "tile", "x_1", "x", "_", "::", ":", "(", ",", ")", " ", "2", "é", "<", "a"]
    for _ in range(3000):
        expr = "".join(r.choice(alphabet) for _ in range(r.randint(0, 10)))
        assert env.subst(expr) == re.sub(M._IDENT, lambda m: rep(m, expr), expr), expr
    for k in ["", "a", "A_1", "_a", "1a", "a-b", "aé", "a b", "bM"]:
        assert bool(re.fullmatch(M._IDENT, k)) == (
            k[:1].isascii() and k[:1].isalpha() and k.isascii() and k.replace("_", "a").isalnum()
        ), k


def test_scan_str_path_is_the_regexs():
    """parse._scan's str-method path (qualified names with ``::`` too) gives the tokens, kinds and columns of
    _TOKEN's regex path on random texts, from an empty table of known pieces each time."""
    import cutedump.parse.tokens as P
    from cutedump.errors import CuteDumpError

    tok = re.compile(P._TOKEN)
    r = random.Random(12)
    alphabet = [
        "(",
        ")",
        ",",
        ":",
        "::",
        ":::",
        "<",
        ">",
        " ",
        "_8",
        "8",
        "abc",
        "x",
        "-",
        "_",
        "0x1F",
        "cute",
        "GMMA",
        "Layout_K_SW128_Atom",
        "half_t",
        "\x00",
        "é",
        "{",
        "}",
        "_-",
        "1a",
    ]
    saved = dict(P._KINDS)
    try:
        for _ in range(3000):
            text = "".join(r.choice(alphabet) for _ in range(r.randint(1, 10)))
            P._KINDS.clear()
            P._KINDS.update({p: "p" for p in P._PUNCT})
            toks = tok.findall(text)
            kinds = [P._token_kind(t) for t in toks]
            if None in kinds:
                with pytest.raises(CuteDumpError):
                    P._scan(text)
                continue
            k, t = P._scan(text)
            assert (t[:-1], k[:-1]) == (toks, kinds), text
            assert P._columns(text, t) == P._columns(text), text
    finally:
        P._KINDS.clear()
        P._KINDS.update(saved)


def test_smem_ptr_form_read_as_the_regex_reads_it():
    """expr.match_smem_ptr_form (str methods, no re at start-up) finds what the regex SMEM_PTR_FORM finds: the same
    matches, groups and columns on 20,000 texts mutated from CuTe's print of an smem atom, and on random ones."""
    from cutedump.expr.evaluation import SMEM_PTR_FORM, match_smem_ptr_form

    rx = re.compile(SMEM_PTR_FORM, re.DOTALL)
    pieces = [
        "Sw",
        "<",
        ">",
        ",",
        "o",
        " ",
        "\t",
        "\n",
        "smem_ptr",
        "[",
        "]",
        "(",
        ")",
        "unset",
        "b",
        "3",
        "-",
        "-3",
        "16",
        "\u00a0",
        "\u0663",
        "\u00b2",
        "(_8,_64):(_64,_1)",
        "ob",
    ]
    base = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"
    r = random.Random(5)
    found = 0
    for _ in range(20000):
        if r.random() < 0.6:
            s = list(base)
            for _ in range(r.randint(1, 3)):
                k = r.randrange(len(s))
                if r.random() < 0.4:
                    del s[k]
                else:
                    s.insert(k, r.choice(pieces))
            text = "".join(s)
        else:
            text = "".join(r.choice(pieces) for _ in range(r.randint(5, 25)))
        a, b = rx.match(text), match_smem_ptr_form(text)
        assert (a is None) == (b is None), text
        if a:
            found += 1
            assert [a.group(i) for i in (1, 2, 3, 4, "rest")] == [b.group(i) for i in (1, 2, 3, 4, "rest")], text
            assert [a.start(i) for i in (1, 2, 3, 4)] == [b.start(i) for i in (1, 2, 3, 4)], text
    assert found > 1000
