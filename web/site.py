"""web/build's last step: OUTDIR/manifest.json, what the page reads before it starts: the wheels to unpack (the
run-time dependencies, then cutedump) and the README's examples for its menu, grouped by command.

An example is a `cutedump ...` line of a fenced block of README.md (a line continued with `\\` joined), without its
comment and its redirection to a file (`> out.svg`: the page offers the download); lines that read standard input, set an environment variable or read a file that an earlier
README line writes (the page has only what the user uploads) are left out. The kernel examples that name a built-in
description (`cutedump kernel sgemm_sm70_tn`) stay. A command the README shows fewer than 12 times gets up to four
more from its --help's examples."""

from __future__ import annotations

import hashlib
import json
import shlex
import sys
from pathlib import Path


def readme_examples(md: str) -> dict[str, list[str]]:
    lines, inside, pending = [], False, None
    for line in md.splitlines():
        if line.lstrip().startswith("```"):
            inside = not inside
            continue
        if not inside:
            continue
        s = line.strip()
        if pending is not None:
            pending += " " + s.rstrip("\\").strip()
            if not s.endswith("\\"):
                lines.append(pending)
                pending = None
            continue
        if "&& cutedump " in s:  # the README's first line: pip install ... && cutedump ...
            s = s[s.index("&& cutedump ") + 3 :]
        if s.startswith("$ "):
            s = s[2:]
        if s.startswith("cutedump "):
            if s.endswith("\\"):
                pending = s.rstrip("\\").strip()
            else:
                lines.append(s)
    groups: dict[str, list[str]] = {}
    for s in lines:
        try:
            words = shlex.split(s, comments=True)[1:]
        except ValueError:
            continue
        if ">" in words:  # `cutedump svg L > l5.svg`: the page shows the answer (and offers its download)
            words = words[: words.index(">")]
        if not words or any(w in ("|", "<", "&&", ";") for w in words):
            continue
        if any(w.endswith(".toml") or w.endswith(".txt") for w in words) or "-f" in words:
            continue
        groups.setdefault(words[0], [])
        line = shlex.join(words)
        if line not in groups[words[0]]:
            groups[words[0]].append(line)
    return groups


def help_examples(root: Path) -> dict[str, list[str]]:
    """Every command's examples from its --help (the epilogs of cutedump/commands/declarations/), in --help order."""
    sys.path.insert(0, str(root))
    from cutedump.commands.declarations import COMMANDS, SUMMARIES

    text = []
    for name in SUMMARIES:
        cmds = [COMMANDS[name]]
        while cmds:
            c = cmds.pop(0)
            epilog = c.epilog() if callable(c.epilog) else c.epilog
            text.append(epilog or "")
            cmds.extend((c.subcommands or {}).values())
    return readme_examples("```\n" + "\n".join(text) + "\n```\n")


def main(readme: str, out: str) -> None:
    out_dir = Path(out)
    wheels = sorted(p.name for p in (out_dir / "wheels").glob("*.whl"))
    wheels = [w for w in wheels if not w.startswith("cutedump-")] + [w for w in wheels if w.startswith("cutedump-")]
    examples = readme_examples(Path(readme).read_text(encoding="utf-8"))
    for name, lines in help_examples(Path(readme).resolve().parent).items():
        have = examples.setdefault(name, [])
        have.extend(line for line in lines[:4] if line not in have and len(have) < 12)
    digest = hashlib.sha256()
    for name in ["runner.py", *(f"wheels/{w}" for w in wheels)]:
        digest.update(name.encode() + b"\0" + (out_dir / name).read_bytes())
    # build: what the page's stored memory snapshot is keyed by (the same files, the same snapshot)
    manifest = {"build": digest.hexdigest()[:16], "wheels": wheels, "examples": examples}
    (out_dir / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:])
