"""Examples are tests: every cutedump command line in README.md, docs/*.md and every --help (epilog and help text)
runs here, in-process, and must succeed -- or fail exactly as its comment says: a comment containing "(exit N)"
expects exit status N (with N = 2, one `error:` line on stderr).

A command line is run the way a shell would run it, for the few shell forms the examples use: `\\` continuations,
`# comments`, `echo TEXT | cutedump ...` and `cat FILE | cutedump ...` (standard input), `cutedump ... > FILE`
(written in a scratch directory), `... && pdflatex ...` and `cutedump ... | head` (the other program is not run),
and `$(seq -s, A B C)`. The scratch directory holds the files the examples name: cases.txt, my_kernel.toml and a
link to the repository's golden/.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cutedump.cli import main
from tests.paths import PKG

ROOT = Path(__file__).resolve().parents[1]
EXIT = re.compile(r"#.*\(exit (\d+)\)")


def _blocks(md: str):
    """Lines of the fenced code blocks of a markdown text, with their line numbers."""
    inside = False
    for n, line in enumerate(md.splitlines(), 1):
        if line.lstrip().startswith("```"):
            inside = not inside
            continue
        if inside:
            yield n, line


ENV_PREFIX = re.compile(r"^(?:[A-Z_][A-Z0-9_]*=\S+\s+)+")


def env_of(cmd: str) -> dict:
    """The environment variables a command line sets before `cutedump` (`CUTE_DSL_ARCH=sm_90a cutedump ...`)."""
    m = ENV_PREFIX.match(cmd)
    return dict(t.split("=", 1) for t in m.group(0).split()) if m else {}


def _commands(lines):
    """(line number, command text) for each cutedump command among (line number, text) pairs; `\\` joins lines."""
    pending, start = None, 0
    for n, line in lines:
        s = line.strip()
        if pending is not None:
            pending += " " + s.rstrip("\\").strip()
            if not s.endswith("\\"):
                yield start, pending
                pending = None
            continue
        if s.startswith("$ "):
            s = s[2:]
        bare = ENV_PREFIX.sub("", s)  # `NAME=value cutedump ...`: the command with that environment variable
        if not (
            re.match(r"(echo |cat |pip install [^&]*&& )?.*\bcutedump\s", bare)
            and (bare.startswith("cutedump ") or "| cutedump " in bare or "&& cutedump " in bare)
        ):
            continue
        if s.endswith("\\"):
            pending, start = s.rstrip("\\").strip(), n
        else:
            yield n, s


def _help_texts():
    ctx = click.Context(main)

    def walk(cmd, path):
        yield path, cmd
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                yield from walk(cmd.get_command(ctx, name), path + [name])

    for path, cmd in walk(main, ["cutedump"]):
        for what in ("help", "epilog"):
            text = getattr(cmd, what) or ""
            yield " ".join(path) + " --help", text


def examples():
    out = []
    for md in [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md")):
        for n, cmd in _commands(_blocks(md.read_text(encoding="utf-8"))):
            out.append((f"{md.name}:{n}", cmd))
    seen = set()
    for where, text in _help_texts():
        for n, cmd in _commands(enumerate(text.splitlines(), 1)):
            if cmd not in seen:  # an epilog shared by a group's subcommands runs once
                seen.add(cmd)
                out.append((f"{where}:{n}", cmd))
    return out


EXAMPLES = examples()


def test_there_are_examples_everywhere():
    where = {w.split(":")[0] for w, _ in EXAMPLES}
    assert "README.md" in where and len(EXAMPLES) > 80
    for cmd in (
        "layout",
        "eval",
        "atoms",
        "mma",
        "copy",
        "tiled-copy-c",
        "explain",
        "sgemm-sm80",
        "kernel",
        "bank",
        "latex",
        "svg",
        "html",
        "coords",
        "compat",
        "tilelang",
        "ck",
    ):
        assert f"cutedump {cmd} --help" in where, cmd


def _seq(m):
    a, step, b = int(m.group(1)), int(m.group(2)), int(m.group(3))
    return ",".join(str(i) for i in range(a, b + 1, step))


def parse(cmd: str):
    """-> (argv after 'cutedump', stdin text or None, expected exit status)."""
    m = EXIT.search(cmd)
    want = int(m.group(1)) if m else 0
    cmd = re.sub(r'"\$\(seq -s, (\d+) (\d+) (\d+)\)"', _seq, cmd)
    lex = shlex.shlex(cmd, posix=True, punctuation_chars="|&;<>")
    lex.whitespace_split = True
    lex.commenters = "#"
    toks = list(lex)
    # the pipeline part that runs cutedump; what feeds it
    stdin = None
    parts, cur = [], []
    for t in toks:
        if t in ("|", "&&", ";"):
            parts.append((cur, t))
            cur = []
        else:
            cur.append(t)
    parts.append((cur, None))
    for i, (p, _) in enumerate(parts):
        while p and ENV_PREFIX.match(p[0] + " "):
            p = p[1:]
        if p and p[0] == "cutedump":
            if i > 0 and parts[i - 1][1] == "|":
                feed = parts[i - 1][0]
                if feed[0] == "echo":
                    stdin = " ".join(feed[1:]) + "\n"
                elif feed[0] == "cat":
                    stdin = Path(feed[1]).read_text(encoding="utf-8")
            argv = p[1:]
            if ">" in argv:
                argv = argv[: argv.index(">")]
            return argv, stdin, want
    raise AssertionError(f"no cutedump command in {cmd!r}")


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    (tmp_path / "cases.txt").write_text("size((_4,8))\nleft_inverse((_8,(_4,_2)):(_1,(_32,_16)))\n")
    toml = (PKG / "kernel" / "examples" / "sgemm_sm70_tn.toml").read_text(encoding="utf-8")
    (tmp_path / "my_kernel.toml").write_text(toml)
    (tmp_path / "golden").symlink_to(ROOT / "golden")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CUTEDUMP_LANG", raising=False)
    return tmp_path


@pytest.mark.parametrize("where,cmd", EXAMPLES, ids=[f"{w} {c[:60]}" for w, c in EXAMPLES])
def test_example_runs(scratch, monkeypatch, where, cmd):
    scratch_env = monkeypatch
    argv, stdin, want = parse(cmd)
    for k, v in env_of(cmd).items():
        scratch_env.setenv(k, v)
    r = CliRunner().invoke(main, argv, input=stdin, catch_exceptions=True)
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise r.exception
    assert r.exit_code == want, f"{where}: $ {cmd}\nexit {r.exit_code}\n{r.stderr}"
    if want == 0:
        assert r.stdout or argv[:1] == ["golden"], f"{where}: no output"
        assert "is deprecated" not in r.stderr, f"{where}: an example uses a deprecated spelling: {r.stderr}"
    if want == 2:
        assert len([ln for ln in r.stderr.splitlines() if ln.startswith("error: ")]) == 1, r.stderr


def test_readme_python_blocks_run():
    """README's Python examples run as written (names defined, e.g. from_pycute's pycute layout)."""
    import contextlib
    import io

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    if any("pycute" in b for b in blocks):
        pytest.importorskip("pycute", reason='the README\'s interop example needs pycute: pip install -e ".[oracle]"')
    for b in blocks:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(b, "README.md", "exec"), {})
