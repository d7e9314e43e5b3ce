"""cutedump._json.dumps is json.dumps (indent=None) without importing json: the same text for random values of every
JSON type (static ints, bools, None, floats with nan/inf, strings with escapes and non-ASCII, dicts with non-string
keys, tuples) in every form the package uses, the same error for what JSON cannot hold, and the JSON answers of the
commands that use it load no json module."""
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cutedump._json import dumps
from cutedump.algebra import C
from tests.paths import PKG_PATH

ROOT = Path(__file__).resolve().parents[1]
FORMS = [{}, {"ensure_ascii": False}, {"separators": (",", ":")}, {"ensure_ascii": False, "separators": (",", ":")}]


def _value(r, depth=0):
    k = r.randrange(12 if depth < 4 else 7)
    if k == 0:
        return r.randint(-2**40, 2**40)
    if k == 1:
        return C(r.randint(-64, 64))
    if k == 2:
        return r.choice([True, False, None])
    if k == 3:
        return r.choice([0.5, -1e300, 1e-9, 3.0, float("nan"), float("inf"), -float("inf"), 2.0 ** 60])
    if k in (4, 5, 6):
        return "".join(r.choice('ab_"\\/\n\t\x01é中\U0001f600 <>&') for _ in range(r.randrange(6)))
    if k in (7, 8):
        return [_value(r, depth + 1) for _ in range(r.randrange(4))]
    if k == 9:
        return tuple(_value(r, depth + 1) for _ in range(r.randrange(3)))
    keys = ["k", "é", 'q"', 3, C(4), True, None, 1.5]
    return {r.choice(keys): _value(r, depth + 1) for _ in range(r.randrange(4))}


def test_same_text_as_json_dumps():
    r = random.Random(3)
    for _ in range(3000):
        v = _value(r)
        for form in FORMS:
            assert dumps(v, **form) == json.dumps(v, **form), (v, form)


@pytest.mark.parametrize("bad", [object(), {"a": {1, 2}}, [1, b"x"], {(1, 2): 3}])
def test_same_error_as_json_dumps(bad):
    with pytest.raises(TypeError) as ours:
        dumps(bad)
    with pytest.raises(TypeError) as theirs:
        json.dumps(bad)
    assert str(ours.value) == str(theirs.value)


def test_circular_same_error():
    a = []
    a.append(a)
    with pytest.raises(ValueError) as ours:
        dumps(a)
    with pytest.raises(ValueError) as theirs:
        json.dumps(a)
    assert str(ours.value) == str(theirs.value)


@pytest.mark.parametrize("argv", [["layout", "(_4,_8):(_8,_1)", "--format", "json"],
                                  ["eval", "left_inverse((_8,(_4,_2)):(_1,(_32,_16)))", "--format", "json"],
                                  ["tma", "--op", "SM90_TMA_LOAD", "--type", "half_t", "--gmem", "(512,128):(128,_1)",
                                   "--cta-tile", "(_128,_64)", "--smem",
                                   "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (_128,_64,_3))", "--format", "json"],
                                  ["html", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"]])
def test_json_answers_load_no_json(argv):
    """The answer, through the installed command's path (bin/cutedump), imports neither json nor re."""
    r = subprocess.run([sys.executable, "-S", "-X", "importtime", str(ROOT / "bin" / "cutedump"), *argv],
                       capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=PKG_PATH))
    assert r.returncode == 0 and r.stdout, r.stderr[-500:]
    loaded = {ln.rsplit("|", 1)[1].strip() for ln in r.stderr.splitlines() if ln.startswith("import time:")}
    assert not loaded & {"json", "re", "click"}, sorted(loaded & {"json", "re", "click"})
