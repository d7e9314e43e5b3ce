"""Issue 42, item 16: ``svg --tv L --tile T`` is titled with what was typed (the picture draws the equivalent layout
``composition(make_identity_layout(T), L)``, whose strides are coordinates: ``_2@1,_1@0,...``; that form is the
second comment line)."""

from __future__ import annotations

import re

from click.testing import CliRunner

from cutedump.cli import command


def test_svg_tv_title_is_the_typed_layout():
    tv, tile = "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", "(_16,_8)"
    r = CliRunner().invoke(command("svg"), ["--tv", tv, "--tile", tile])
    assert r.exit_code == 0, r.output
    title = re.search(r"<title>(.*)</title>", r.stdout).group(1)
    assert title == f"Layout TV: {tv} over the tile {tile}"
    assert "@" not in title
    comments = re.findall(r"<!--  (.*)  -->", r.stdout)
    assert comments[0] == title and comments[1] == "TV -&gt; (m,n): ((_4,_8),(_2,_2)):((_2@1,_1@0),(_1@1,_8@0))"
