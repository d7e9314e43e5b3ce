"""Kernel descriptions are read from their TOML files; the parsed form kept in the user's cache (kernel/load.py) is
exactly what tomllib reads, is used only for the very text it was parsed from, and a cache that is broken or cannot
be written changes nothing but the time."""

import json
import os

import pytest

from cutedump.kernel import load

tomllib = pytest.importorskip("tomllib", reason="Python 3.11's tomllib (tomli on 3.10)")
NAMES = load.examples()


@pytest.fixture
def cache(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setattr(load, "cache_dir", lambda: str(d))
    return d


def _text(name):
    with open(load.example(name), encoding="utf-8") as f:
        return f.read()


def _no_parse(monkeypatch):
    def fail(path, text):
        raise AssertionError(f"{path} parsed again")

    monkeypatch.setattr(load, "_parse_toml", fail)


def test_every_shipped_description_is_read_from_its_toml_then_from_the_cache(cache, monkeypatch):
    wants = {name: tomllib.loads(_text(name)) for name in NAMES}
    for name in NAMES:
        got, _ = load.read_description(load.example(name))
        assert json.dumps(got) == json.dumps(wants[name])  # the same values, types and key order
    assert len(os.listdir(cache)) == len(NAMES)
    _no_parse(monkeypatch)
    for name in NAMES:
        got, _ = load.read_description(load.example(name))
        assert json.dumps(got) == json.dumps(wants[name])
        got["objects"].clear()  # each read is a fresh dict
        assert load.read_description(load.example(name))[0]["objects"]


def test_an_edited_text_is_parsed_again(cache, tmp_path):
    p = tmp_path / "k.toml"
    text = _text("sgemm_sm80_tn_half")
    p.write_text(text, encoding="utf-8")
    a, _ = load.read_description(str(p))
    p.write_text(text.replace('M = "128"', 'M = "256"', 1), encoding="utf-8")
    b, _ = load.read_description(str(p))
    assert a != b and b == tomllib.loads(p.read_text(encoding="utf-8"))


def test_an_entry_of_another_text_or_a_broken_file_is_not_used(cache):
    name = "sgemm_2_nt"
    text = _text(name)
    want = tomllib.loads(text)
    load.read_description(load.example(name))
    (entry,) = os.listdir(cache)
    path = cache / entry
    import marshal

    # the same file name (a CRC-32 collision) for another text: not used
    path.write_bytes(marshal.dumps((load._CACHE_FORMAT, text + " ", {"objects": []})))
    assert load.read_description(load.example(name))[0] == want
    for junk in (b"", b"\x00garbage", marshal.dumps([1, 2]), marshal.dumps(("other-format", text, {}))):
        path.write_bytes(junk)
        assert load.read_description(load.example(name))[0] == want
    assert marshal.loads(path.read_bytes())[1] == text  # rewritten with the right entry


def test_a_cache_that_cannot_be_written_changes_nothing(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    monkeypatch.setattr(load, "cache_dir", lambda: str(blocker / "cutedump"))
    assert load.read_description(load.example("sgemm_2_tn"))[0] == tomllib.loads(_text("sgemm_2_tn"))
    monkeypatch.setattr(load, "cache_dir", lambda: None)
    assert load.read_description(load.example("sgemm_2_tn"))[0] == tomllib.loads(_text("sgemm_2_tn"))


def test_cache_dir_follows_the_platform(monkeypatch):
    import sys

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_CACHE_HOME", "/some/where")
    assert load.cache_dir() == os.path.join("/some/where", "cutedump")
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")  # not absolute: the XDG default
    assert load.cache_dir() == os.path.join(os.path.expanduser("~/.cache"), "cutedump")
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", "")
    assert load.cache_dir() is None
