"""Stand-ins for two standard-library helpers that every command would otherwise import at start-up:
``importlib.import_module`` (importlib and warnings: ~0.5 ms) and ``functools.lru_cache`` (functools, collections,
keyword, operator, reprlib: ~3 ms of a ~12 ms interpreter start). Same behaviour for the uses here."""
from __future__ import annotations

import sys


def import_module(name: str):
    """The module ``name`` (absolute), imported if needed: ``importlib.import_module(name)``."""
    module = sys.modules.get(name)
    if module is None:
        __import__(name)
        module = sys.modules[name]
    return module


def cache(maxsize: int | None = None):
    """``functools.lru_cache(maxsize)`` for functions of hashable positional arguments, without the LRU order: when
    ``maxsize`` entries are held the oldest half is dropped. An exception is not cached. ``f.cache_clear()``."""
    def wrap(fn):
        memo: dict = {}
        miss = object()

        def cached(*args):
            hit = memo.get(args, miss)
            if hit is miss:
                hit = fn(*args)
                if maxsize is not None and len(memo) >= maxsize:
                    for k in list(memo)[:max(1, maxsize // 2)]:
                        del memo[k]
                memo[args] = hit
            return hit
        cached.cache_clear = memo.clear
        cached.__wrapped__ = fn
        cached.__name__, cached.__qualname__, cached.__doc__ = fn.__name__, fn.__qualname__, fn.__doc__
        cached.__module__ = fn.__module__
        return cached
    return wrap
