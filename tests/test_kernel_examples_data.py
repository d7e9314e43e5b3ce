"""examples_data.py (the shipped kernel descriptions as Python literals, written by gen_examples.py) is current and
says exactly what tomllib reads; an edited example is read with tomllib, not from the literal."""
import json
import shutil
import subprocess
import sys
import tomllib

import pytest

from cutedump.kernel import examples_data, gen_examples, load

NAMES = load.examples()


def test_generated_module_is_current():
    assert gen_examples.render() == open(gen_examples.TARGET, encoding="utf-8").read(), \
        "run python -m cutedump.kernel.gen_examples"
    r = subprocess.run([sys.executable, "-m", "cutedump.kernel.gen_examples", "--check"], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr


def test_every_shipped_example_has_a_literal():
    assert sorted(examples_data.SOURCES) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_literal_equals_tomllib(name):
    with open(load.example(name), encoding="utf-8") as f:
        text = f.read()
    want = tomllib.loads(text)
    got, _ = load.read_description(load.example(name))
    assert got == want
    assert json.dumps(got) == json.dumps(want)      # the same key order too
    assert examples_data.SOURCES[name] == load._text_key(text)


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
    """A copy of the examples directory with one file edited: the edit is seen (its CRC differs)."""
    d = tmp_path / "examples"
    shutil.copytree(load._EXAMPLES, d)
    p = d / "sgemm_sm80_tn_half.toml"
    p.write_text(p.read_text(encoding="utf-8").replace('title = "', 'title = "EDITED ', 1), encoding="utf-8")
    monkeypatch.setattr(load, "_EXAMPLES", str(d))
    desc, _ = load.read_description(str(p))
    assert desc["kernel"]["title"].startswith("EDITED ")
    # unchanged files of that directory still come from the literals
    desc2, _ = load.read_description(str(d / "sgemm_2_nt.toml"))
    assert desc2 == tomllib.loads((d / "sgemm_2_nt.toml").read_text(encoding="utf-8"))


def test_error_lines_still_located(tmp_path):
    """The locator scans the text lazily: an error still names FILE:LINE."""
    p = tmp_path / "k.toml"
    p.write_text('[kernel]\nname = "k"\ntitle = "t"\n\n[[objects]]\nname = "x"\nkind = "nope"\n', encoding="utf-8")
    from cutedump.errors import CuteDumpError
    with pytest.raises(CuteDumpError) as e:
        load.load(str(p))
    assert f"{p}:7" in str(e.value)
