"""examples_data/ (the shipped kernel descriptions as Python literals, written by gen_examples.py) is current and
says exactly what tomllib reads; an edited example is read with tomllib, not from the literal."""
import json
import shutil
import subprocess
import sys

import pytest

tomllib = pytest.importorskip("tomllib", reason="Python 3.11's tomllib (the literals are what it reads)")

from cutedump._startup import import_module
from cutedump.kernel import gen_examples, load

NAMES = load.examples()


def test_generated_modules_are_current():
    r = subprocess.run([sys.executable, "-m", "cutedump.kernel.gen_examples", "--check"], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert sorted(gen_examples.render()) == sorted(["__init__.py"] + [n + ".py" for n in NAMES])


@pytest.mark.parametrize("name", NAMES)
def test_literal_equals_tomllib(name):
    with open(load.example(name), encoding="utf-8") as f:
        text = f.read()
    want = tomllib.loads(text)
    data = import_module(f"cutedump.kernel.examples_data.{name}")
    assert data.TEXT == text
    got, _ = load.read_description(load.example(name))
    assert got == want
    assert json.dumps(got) == json.dumps(want)      # the same key order too


def test_literal_used_and_fresh(monkeypatch):
    """The shipped path does not parse TOML, and each read returns a fresh dict (mutating one does not leak)."""
    def no_toml(*a):
        raise AssertionError("tomllib used for an unchanged shipped example")
    monkeypatch.setattr(load, "_parse_toml", no_toml)
    a, _ = load.read_description(load.example("sgemm_sm80_tn_half"))
    a["objects"].clear()
    b, _ = load.read_description(load.example("sgemm_sm80_tn_half"))
    assert b["objects"]


def test_edited_example_read_with_tomllib(tmp_path, monkeypatch):
    """A copy of the examples directory with one file edited: the edit is seen (its text differs)."""
    d = tmp_path / "examples"
    shutil.copytree(load._EXAMPLES, d)
    p = d / "sgemm_sm80_tn_half.toml"
    p.write_text(p.read_text(encoding="utf-8").replace('title = "', 'title = "EDITED ', 1), encoding="utf-8")
    monkeypatch.setattr(load, "_EXAMPLES", str(d))
    desc, _ = load.read_description(str(p))
    assert desc["kernel"]["title"].startswith("EDITED ")
    calls = []
    monkeypatch.setattr(load, "_parse_toml", lambda path, text: calls.append(path) or tomllib.loads(text))
    desc2, _ = load.read_description(str(d / "sgemm_2_nt.toml"))      # unchanged: from its literal
    assert desc2 == tomllib.loads((d / "sgemm_2_nt.toml").read_text(encoding="utf-8")) and not calls
    (d / "mine.toml").write_text('[kernel]\nname = "k"\ntitle = "t"\n[[objects]]\nname = "x"\nkind = "value"\n'
                                 'expr = "1"\n', encoding="utf-8")
    desc3, _ = load.read_description(str(d / "mine.toml"))            # no module of that name: tomllib
    assert desc3["kernel"]["name"] == "k" and calls


def test_error_lines_still_located(tmp_path):
    """The locator scans the text lazily: an error still names FILE:LINE."""
    p = tmp_path / "k.toml"
    p.write_text('[kernel]\nname = "k"\ntitle = "t"\n\n[[objects]]\nname = "x"\nkind = "nope"\n', encoding="utf-8")
    from cutedump.errors import CuteDumpError
    with pytest.raises(CuteDumpError) as e:
        load.load(str(p))
    assert f"{p}:7" in str(e.value)
