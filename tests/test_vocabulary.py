"""One option vocabulary: every command's options against cutedump/commands/_vocab.py (one name, one meaning),
the old spellings (hidden, a one-line note, the same answer), README's option table, and one language rule
(narration follows --lang, else CUTEDUMP_LANG, else zh; errors and help are English)."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cutedump.cli import main
from cutedump.commands._vocab import DEPRECATED, VOCAB, markdown_table, meaning
from tests.paths import PKG

ROOT = Path(__file__).resolve().parents[1]
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def commands():
    ctx = click.Context(main)

    def walk(cmd, path):
        if isinstance(cmd, click.Group):
            for n in cmd.list_commands(ctx):
                yield from walk(cmd.get_command(ctx, n), path + [n])
        else:
            yield " ".join(path), cmd

    return list(walk(main, []))


def kind_of(p: click.Option) -> str:
    if p.is_flag:
        return "flag"
    t = p.type
    if isinstance(t, (click.types.IntParamType, click.IntRange)):
        return "int"
    if isinstance(t, click.Choice):
        return "choice"
    if isinstance(t, click.File):
        return "file"
    return "text"


def run(args, env=None, input=None):
    r = CliRunner().invoke(main, args, env=env, input=input)
    return r.exit_code, r.stdout, r.stderr


def test_every_option_name_has_one_meaning():
    """Each visible option of every command is in the vocabulary, with the kind of value the table says."""
    bad = []
    for path, cmd in commands():
        for p in cmd.params:
            if not isinstance(p, click.Option) or p.hidden or p.name in ("help", "version"):
                continue
            for o in p.opts + p.secondary_opts:
                m = meaning(o)
                if m is None:
                    bad.append(f"{path}: {o} is not in cutedump/commands/_vocab.py")
                elif kind_of(p) not in m[0].split("|"):
                    bad.append(f"{path}: {o} takes {kind_of(p)}, the vocabulary says {m[0]}")
    assert not bad, "\n".join(bad)


def test_the_vocabulary_lists_each_name_once():
    names = [n for n, _, _ in VOCAB]
    assert len(names) == len(set(names))


def test_no_two_spellings_for_the_same_thing():
    """The issue's list: a thread index is --thread, the permutation --tile, the element type --type -- no visible
    --thr-idx, --permutation, --dtype anywhere, and --thr is never an integer."""
    for path, cmd in commands():
        for p in cmd.params:
            if isinstance(p, click.Option) and not p.hidden:
                assert not set(p.opts) & {"--thr-idx", "--permutation", "--dtype", "--dtype-bits", "--copy-for"}, path
                if "--thr" in p.opts:
                    assert kind_of(p) == "text", path


def test_hidden_options_are_the_deprecated_spellings():
    olds = {k.split()[-1] for k in DEPRECATED}
    for path, cmd in commands():
        for p in cmd.params:
            if isinstance(p, click.Option) and p.hidden:
                assert set(p.opts) <= olds, (path, p.opts)


OLD_NEW = [
    (["mma", "SM80_16x8x16_F16F16F16F16_TN", "--partition", "(64,64)", "--thr", "3"], "--thr", "--thread"),
    (
        [
            "copy",
            "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
            "--type",
            "half_t",
            "--thr",
            "(_16,_8):(_8,_1)",
            "--val",
            "(_1,_8)",
            "--partition",
            "(128,64):(64,1)",
            "--thr-idx",
            "3",
        ],
        "--thr-idx",
        "--thread",
    ),
    (["tiled-copy-c", "--copy-v", "2", "--permutation", "(_32,_16,_16)"], "--permutation", "--tile"),
    (["latex", "--mma", "SM80_16x8x16_F16F16F16F16_TN", "--permutation", "(_32,_16,_16)"], "--permutation", "--tile"),
    (
        [
            "svg",
            "--copy",
            "SM75_U32x4_LDSM_N",
            "--type",
            "half_t",
            "--mma",
            "SM80_16x8x16_F16F16F16F16_TN",
            "--copy-for",
            "A",
        ],
        "--copy-for",
        "--operand",
    ),
    (["sgemm-sm80", "--no-readings", "--tile", "64,128,64"], "--tile", "--cta-tile"),
    (["tilelang", "auto", "--shape", "64,16", "--dtype", "int8"], "--dtype", "--type"),
    (["tilelang", "full-bank", "--shape", "64,128", "--dtype-bits", "8"], "--dtype-bits", "--type-bits"),
    (["ck", "recipe", "xdl-b", "--N", "128", "--K", "64", "--layout", "row"], "--layout", "--major"),
]


@pytest.mark.parametrize("argv,old,new", OLD_NEW, ids=lambda x: x if isinstance(x, str) else None)
def test_old_spelling_gives_the_same_answer_and_a_note(argv, old, new):
    code, out, err = run(argv)
    assert code == 0, err
    assert err.splitlines() == [f"note: {old} is deprecated and will be removed; use {new} (same meaning)"]
    i = argv.index(old)
    code2, out2, err2 = run(argv[:i] + [new] + argv[i + 1 :])
    assert code2 == 0 and err2 == "" and out2 == out
    code3, _, err3 = run(argv[: i + 2] + [new, argv[i + 1]] + argv[i + 2 :])  # both spellings: one error line
    assert code3 == 2 and len(err3.splitlines()) == 1 and err3.startswith("error: ") and old in err3


def test_readme_prints_the_option_table():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert markdown_table() in text
    old = "Old spellings, hidden and kept for one release"
    assert text.count(old) == 1  # issue 42 item 15: the paragraph was printed four times


# ---- one language rule ---------------------------------------------------------------------------------------

NARRATED = [
    ["tiled-copy-c", "--copy-v", "2"],
    ["explain", "complement((_4,_2):(_1,_8), _64)"],
    ["explain", "partition", "--mma", "SM80_16x8x16_F16F16F16F16_TN", "--shape", "(_64,_32)", "--operand", "C"],
    ["kernel", "sgemm_2_nt"],
    ["sgemm-sm80", "--dump-layouts"],
]


@pytest.mark.parametrize("argv", NARRATED, ids=lambda a: a[0])
def test_narration_follows_lang_then_env_then_zh(argv):
    _, zh, _ = run(argv, env={"CUTEDUMP_LANG": None})
    _, en, _ = run(argv + ["--lang", "en"], env={"CUTEDUMP_LANG": None})
    _, env_en, _ = run(argv, env={"CUTEDUMP_LANG": "en"})
    _, flag_wins, _ = run(argv + ["--lang", "zh"], env={"CUTEDUMP_LANG": "en"})
    assert CJK.search(zh) and not CJK.search(en)
    assert env_en == en and flag_wins == zh


def test_bad_env_language_is_one_error_line():
    code, out, err = run(["tiled-copy-c", "--copy-v", "2"], env={"CUTEDUMP_LANG": "fr"})
    assert code == 2 and len(err.splitlines()) == 1 and err.startswith("error: ") and "CUTEDUMP_LANG" in err


def test_english_narration_everywhere_with_the_env():
    """CUTEDUMP_LANG=en: no command prints CJK (the commands without narration are English already)."""
    for argv in NARRATED + [
        ["layout", "(_4,_8):(_8,_1)", "--info"],
        ["tilelang", "full-bank", "--shape", "64,64"],
        ["ck", "naive", "--lengths", "4,8"],
        ["coords", "(2,3)"],
        ["atoms", "--mma", "SM80"],
    ]:
        code, out, err = run(argv, env={"CUTEDUMP_LANG": "en"})
        assert code == 0 and not CJK.search(out + err), argv


def _raise_sites():
    """Every string literal of a `raise ...Error(...)` / UsageError / BadParameter in the package."""
    import ast

    for p in PKG.rglob("*.py"):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and node.exc is not None:
                for sub in ast.walk(node.exc):
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                        yield p, sub.lineno, sub.value


def test_no_error_message_is_chinese():
    bad = [f"{p.relative_to(ROOT)}:{n}: {s}" for p, n, s in _raise_sites() if CJK.search(s)]
    assert not bad, "\n".join(bad)
    from cutedump.dumps.messages import zh

    assert not [k for k in zh.MESSAGES if k.split(".")[-1].startswith("err_")], (
        "error wording belongs to the raise sites"
    )


BAD_INPUTS = [
    ["tiled-copy-c", "--copy-v", "3"],
    ["tiled-copy-c", "--mma", "NOPE"],
    ["kernel", "nope"],
    ["sgemm-sm80", "--thread", "999"],
    [
        "explain",
        "partition",
        "--mma",
        "SM80_16x8x16_F16F16F16F16_TN",
        "--shape",
        "(64,32)",
        "--operand",
        "C",
        "--fragment",
    ],
    ["explain", "composition((_4,_8):(_1,_8), _2:_6)"],
    ["tilelang", "auto", "--shape", "64"],
    ["ck", "naive", "--lengths", "4,x"],
    ["layout", "(_4,_8):(_1,"],
]


@pytest.mark.parametrize("argv", BAD_INPUTS, ids=lambda a: " ".join(a[:2]))
def test_errors_are_english_in_both_languages(argv):
    for lang in ("zh", "en"):
        code, out, err = run(argv, env={"CUTEDUMP_LANG": lang})
        assert code == 2 and err.startswith("error: ") and not CJK.search(err), (lang, err)


def test_help_is_english():
    for path, cmd in commands():
        code, out, err = run(path.split() + ["--help"])
        assert code == 0 and not CJK.search(out), path


def test_every_command_that_prints_a_result_has_json():
    """--format json everywhere but the commands whose output is a document (LaTeX, SVG, HTML)."""
    documents = {"latex", "svg", "html"}
    missing = []
    for path, cmd in commands():
        if path in documents:
            continue
        fmt = [p for p in cmd.params if isinstance(p, click.Option) and "--format" in p.opts]
        if not fmt or "json" not in getattr(fmt[0].type, "choices", ()):
            missing.append(path)
    assert not missing, missing
