"""``json.dumps`` for the package's JSON answers without importing :mod:`json`, which imports ``re`` (and enum,
functools, ...): ``import json`` is ~31 M instructions, ~8 ms, as much as a small answer's whole computation.

:func:`dumps` is ``json.dumps(obj, ensure_ascii=..., separators=...)`` with ``indent=None`` (the only form it
stands in for): the standard module's own C encoder (``_json.make_encoder``, the one ``json.dumps`` uses in that
case, with the same arguments), its string escaping and its error for an object JSON cannot hold (then the standard
module is asked, so the error is its own). Outputs with ``indent`` keep using :mod:`json` (the standard module
writes those in Python). tests/test_json_stand_in.py compares both on the package's answers and random values.
"""
from __future__ import annotations


def _not_serializable(o):
    raise TypeError(f"Object of type {o.__class__.__name__} is not JSON serializable")


def dumps(obj, *, ensure_ascii: bool = True, separators: tuple | None = None) -> str:
    """``json.dumps(obj, ensure_ascii=ensure_ascii, separators=separators)``."""
    try:
        from _json import make_encoder, encode_basestring, encode_basestring_ascii
    except ImportError:      # an interpreter without the C accelerator: the standard module
        make_encoder = None
    if make_encoder is None:
        import json  # start-up: only without the C accelerator
        return json.dumps(obj, ensure_ascii=ensure_ascii, separators=separators)
    string = encode_basestring_ascii if ensure_ascii else encode_basestring
    if isinstance(obj, str):
        return string(obj)
    item_sep, key_sep = separators if separators is not None else (", ", ": ")
    encode = make_encoder({}, _not_serializable, string, None, key_sep, item_sep, False, False, True)
    try:
        return "".join(encode(obj, 0))
    except (TypeError, ValueError):   # not JSON (or a circular reference): the standard module's own error
        import json  # start-up: only for an error
        return json.dumps(obj, ensure_ascii=ensure_ascii, separators=separators)
