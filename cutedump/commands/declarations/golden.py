"""``cutedump golden``: its declaration (see cutedump/commands/_decl.py; its answer function: the ``run`` below)."""

from __future__ import annotations

from cutedump.commands._decl import Arg, Command, Opt

EPILOG_GOLDEN = """\b
MANIFEST lines are 'FILE  cutedump ARGS...' (FILE relative to DIR; '#' starts a comment), e.g.
  tiled_copy_c.txt      cutedump tiled-copy-c
  tiled_copy_c_v2.txt   cutedump tiled-copy-c --copy-v 2
A directory's check also walks the MANIFEST of every directory below it (their files named relative to DIR).
verify exits 1 when any output differs (a unified diff is printed for each) and 0 when all match.
update rewrites only the files whose output changed and lists them; a failing command never overwrites.
"""


COMMAND = Command(
    "golden",
    help="Golden files: pin cutedump outputs in a directory and check them in CI.",
    epilog=EPILOG_GOLDEN,
    subcommands=[
        Command(
            "update",
            run="cutedump.commands.golden_cmd:update_cmd",
            help="Rewrite the golden files of DIR/MANIFEST (and of every MANIFEST below DIR) whose command "
            "output changed,\nand say which.",
            epilog=EPILOG_GOLDEN,
            params=[
                Arg("directory", required=False, default="golden", type="dir"),
                Opt("--only", multiple=True, metavar="FILE", help="Update only this manifest entry (repeatable)."),
                Opt(
                    "--format",
                    "fmt_",
                    ("text", "json"),
                    default="text",
                    show_default=True,
                    help='json: {"changes": [{file, what}]} (what: created/updated (+a -b lines)/not updated: why).',
                ),
            ],
        ),
        Command(
            "verify",
            run="cutedump.commands.golden_cmd:verify_cmd",
            help="Re-run every command of DIR/MANIFEST and of every MANIFEST below DIR (default: ./golden), and "
            "diff\nagainst the golden files.",
            epilog=EPILOG_GOLDEN,
            params=[
                Arg("directory", required=False, default="golden", type="dir"),
                Opt("--only", multiple=True, metavar="FILE", help="Check only this manifest entry (repeatable)."),
                Opt(
                    "--format",
                    "fmt_",
                    ("text", "json"),
                    default="text",
                    show_default=True,
                    help='json: {"files": [{file, command, status (ok|DIFF|missing), diff}], "total", "mismatches"}.',
                ),
            ],
        ),
    ],
)
