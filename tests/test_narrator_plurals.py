"""narrator.render fills every catalog template as string.Formatter with the plural spec did (the reference below),
for singular and plural values, static and dynamic."""

import string

import pytest

from cutedump.dumps import narrator
from cutedump.dumps.messages import catalog


class _Reference(string.Formatter):
    def format_field(self, value, spec):
        if spec.startswith("|"):
            one, many = spec[1:].split("|", 1)
            return one if str(value).lstrip("_") == "1" else many
        return super().format_field(value, spec)


def _templates():
    from importlib import import_module

    out = []
    for lang in ("en", "zh"):
        out += list(catalog(lang).items())
        out += list(import_module(f"cutedump.dumps.messages.kernel_{lang}").MESSAGES.items())
    return [t for t in out if isinstance(t[1], str)]


@pytest.mark.parametrize("v", [1, "_1", 4, "_4", 0, "(_2,_2)"])
def test_every_template_as_string_formatter(v):
    ref = _Reference()
    n = 0
    for key, tpl in _templates():
        names = {f[1].split(".")[0].split("[")[0] for f in ref.parse(tpl) if f[1]}
        values = {k: v for k in names}
        try:
            want = ref.vformat(tpl, (), values)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            continue
        assert narrator.render(tpl, **values) == want, key
        n += ":|" in tpl
    assert n >= 20  # the plural templates were among them


def test_escaped_braces_and_plain_fields():
    tpl = "{{x}} {n} {n:|row|rows} of {w:>4}|{{"
    for n in (1, "_1", 3):
        assert narrator.render(tpl, n=n, w=7) == _Reference().vformat(tpl, (), {"n": n, "w": 7})
